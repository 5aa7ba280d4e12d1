"""The query corpus: picking documents parse back to valid queries, answers quote only their result."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

from gpuaccel.assistant.intent import Context
from gpuaccel.assistant.intent_corpus import FIXED_NOW, documents
from gpuaccel.assistant.model_picker import parse_pick, pick_prompt
from gpuaccel.assistant.tiny_data import build

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


class ScriptedModel:
    """The controller's interface, writing a fixed text byte by byte (the picking model's output)."""

    def __init__(self, text: str) -> None:
        from gpuaccel.assistant.runtime import tokenizer_for

        self.text, self.tok = text, tokenizer_for(256, "bytes")
        self.prompts: list[str] = []

    def tokenizer(self):
        return self.tok

    def generate(self, tokens, params, stop):
        self.prompts.append(b"".join(self.tok.token_bytes(t) for t in tokens).decode())
        yield from self.tok.encode(self.text)


def test_model_picker_is_asked_first_and_bad_output_falls_to_the_rules() -> None:
    from gpuaccel.assistant.intent import RulePicker, pick
    from gpuaccel.assistant.model_picker import ModelPicker
    from gpuaccel.assistant.queries import Query

    model = ScriptedModel(' {"gpu": 1, "metric": "power", "name": "gpu_reading"}\n\n')
    got = pick(
        "how much is the second one pulling", Context(Query("gpu_list")), (ModelPicker(model), RulePicker())
    )
    assert got == Query("gpu_reading", gpu=1, metric="power")
    assert 'Previous query: {"name": "gpu_list"}' in model.prompts[0]
    assert "Its jobs: 3, 5" in pick_prompt("why?", Context(Query("failures"), [3, 5]))
    for bad in (" The GPUs are", ' {"name": "rm -rf"}', ' {"name": "jobs", "window": "someday"}', " none"):
        got = pick("hottest gpu", Context(), (ModelPicker(ScriptedModel(bad)), RulePicker()))
        assert got == Query("gpu_rank", metric="temperature", order="max"), bad
    assert parse_pick(' {"name": "jobs", "window": "yesterday"}', FIXED_NOW).window.label == "yesterday"


class FailingModel(ScriptedModel):
    def generate(self, tokens, params, stop):
        raise RuntimeError("worker died")
        yield 0


def test_a_failing_picker_or_a_foreign_stored_context_does_not_break_picking() -> None:
    from gpuaccel.assistant.intent import RulePicker, pick
    from gpuaccel.assistant.model_picker import ModelPicker
    from gpuaccel.assistant.queries import Query

    got = pick("hottest gpu", Context(), (ModelPicker(FailingModel("")), RulePicker()))
    assert got == Query("gpu_rank", metric="temperature", order="max")
    assert Context.from_json({"query": {"name": "jobs", "colour": "red"}, "subjects": [1]}) == Context()
    assert Context.from_json({"query": {"name": "jobs"}, "subjects": ["x"]}) == Context()
