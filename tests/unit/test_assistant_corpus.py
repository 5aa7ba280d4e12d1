"""The query corpus: picking documents parse back to valid queries, answers quote only their result."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

from assistant_lab.corpus import documents
from assistant_lab.sampling import FIXED_NOW
from assistant_lab.tiny.data import build
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.model import parse_pick
from gpuaccel.assistant.understand.prompt import pick_prompt

NUM = re.compile(r"\d+(?:\.\d+)?")


def test_corpus_picks_parse_and_answers_quote_their_result() -> None:
    docs = list(itertools.islice(documents(seed=4, per_machine=20, answers=1.0), 120))
    picks = answers = refusals = 0
    for doc in docs:
        for turn in doc.strip("\n").split("\n\nSystem: "):
            turn = turn.removeprefix("System: ")
            system, rest = turn.split("\n\nUser: ", 1)
            question, answer = rest.split("\n\nAssistant: ", 1)
            if system.startswith("Pick the query"):
                assert (pick_prompt(question, Context()) + " ").startswith(
                    f"System: {system.split(chr(10))[0]}"
                )
                if answer.startswith("query none"):
                    refusals += 1
                    continue
                query = parse_pick(answer.removeprefix("query"), FIXED_NOW)
                assert query is not None, answer
                picks += 1
            elif system.startswith("Result of"):
                assert set(NUM.findall(answer)) <= set(NUM.findall(system)), (system, answer)
                answers += 1
    assert picks > 80 and answers > 80 and refusals > 0


def test_corpus_is_part_of_the_training_bytes_and_deterministic(tmp_path: Path) -> None:
    repo = Path(__file__).resolve().parents[2]
    a = build(tmp_path / "a", repo, dialog_mb=0.005, seed=2, query_mb=0.05)
    build(tmp_path / "b", repo, dialog_mb=0.005, seed=2, query_mb=0.05)
    assert a["query_dialogues"]["train_bytes"] > 40_000
    assert (tmp_path / "a" / "train.bin").read_bytes() == (tmp_path / "b" / "train.bin").read_bytes()


class DecidingController:
    """A controller's ``decide`` with a fixed decision (as the worker answers), noting what it was asked."""

    def __init__(self, query, margin: float = 4.0) -> None:
        from gpuaccel.assistant.understand.decode import Decision

        self.decision = Decision(query, -1.0, -1.0 - margin, -1.0 if query is None else -9.0, 5)
        self.asked: list[tuple[str, Context]] = []

    def decide(self, question, context, now):
        self.asked.append((question, context))
        return self.decision


def test_model_picker_is_asked_first_and_a_refusal_or_an_unsure_pick_falls_to_the_rules() -> None:
    from gpuaccel.assistant.queries.query import Query
    from gpuaccel.assistant.understand.model import ModelPicker
    from gpuaccel.assistant.understand.picker import RulePicker, pick

    ctx = Context(Query("gpu_list"))
    model = DecidingController(Query("gpu_reading", gpu=1, metric="power"))
    got = pick("how much is the second one pulling", ctx, (ModelPicker(model), RulePicker()))
    assert got == Query("gpu_reading", gpu=1, metric="power")
    assert model.asked == [("how much is the second one pulling", ctx)]
    assert 'Previous query: {"name": "gpu_list"}' in pick_prompt("how much is the second one pulling", ctx)
    assert "Its jobs: 3, 5" in pick_prompt("why?", Context(Query("failures"), [3, 5]))
    hottest = Query("gpu_rank", metric="temperature", order="max")
    for picker in (
        ModelPicker(DecidingController(None)),  # the model refused
        ModelPicker(DecidingController(Query("jobs"), margin=1.0), min_margin=2.0),  # not sure enough
    ):
        assert pick("hottest gpu", Context(), (picker, RulePicker())) == hottest
    for bad in (" The GPUs are", ' {"name": "rm -rf"}', ' {"name": "jobs", "window": "someday"}', " none"):
        assert parse_pick(bad, FIXED_NOW) is None, bad  # what free writing could produce reads as no pick
    assert parse_pick(' {"name": "jobs", "window": "yesterday"}', FIXED_NOW).window.label == "yesterday"


class FailingController(DecidingController):
    def decide(self, question, context, now):
        raise RuntimeError("worker died")


def test_a_failing_picker_or_a_foreign_stored_context_does_not_break_picking() -> None:
    from gpuaccel.assistant.queries.query import Query
    from gpuaccel.assistant.understand.model import ModelPicker
    from gpuaccel.assistant.understand.picker import RulePicker, pick

    got = pick("hottest gpu", Context(), (ModelPicker(FailingController(None)), RulePicker()))
    assert got == Query("gpu_rank", metric="temperature", order="max")
    assert Context.from_json({"query": {"name": "jobs", "colour": "red"}, "subjects": [1]}) == Context()
    assert Context.from_json({"query": {"name": "jobs"}, "subjects": ["x"]}) == Context()


def test_the_corpus_asks_every_query_and_reading() -> None:
    """Every query kind (and the fan reading) is a picking target, the ones added after the dev split was
    fixed too (they come from a stream of their own between the other documents)."""
    import json

    from gpuaccel.assistant.queries.catalogue import QUERY_NAMES
    from gpuaccel.assistant.queries.gpu import METRICS

    names, metrics = set(), set()
    for doc in itertools.islice(documents(seed=3, per_machine=50, answers=0.0), 1500):
        for pick in re.findall(r"Assistant: query (\{[^\n]*\})", doc):
            query = json.loads(pick)
            names.add(query["name"])
            metrics.add(query.get("metric"))
    assert names == set(QUERY_NAMES) and set(METRICS) <= metrics
