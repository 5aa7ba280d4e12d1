"""Constrained picking: the model chooses among valid queries only, copies numbers and names only from the
question and the conversation, and refuses when "none" is likelier than every query."""

from __future__ import annotations

import random
import re
import zlib

import pytest
import torch

from assistant_lab.sampling import FIXED_NOW
from gpuaccel.assistant.engine.tokenizers import ByteTokenizer, VocabTokenizer
from gpuaccel.assistant.queries.catalogue import query_from_args
from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.queries.spans import window_of
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.decode import (
    ConstrainedDecoder,
    Decision,
    PickInterrupted,
    decide,
    decide_on,
)
from gpuaccel.assistant.understand.grammar import PickGrammar, names_in, numbers_in
from gpuaccel.assistant.understand.model import ModelPicker, parse_pick
from gpuaccel.assistant.understand.picker import RulePicker, pick
from gpuaccel.assistant.understand.prompt import pick_json


class TableModel:
    """A stand-in engine whose next-byte logits are a fixed function of the text so far: random ones (seeded
    by the text), or random ones with some bytes pushed up, so a test can say what the model "wants"."""

    def __init__(self, seed: int = 0, favour: dict[str, float] | None = None) -> None:
        self.tokenizer = ByteTokenizer()
        self.seed, self.favour = seed, favour or {}
        self.calls = 0

    def _logits(self, ids: list[int]) -> torch.Tensor:
        g = torch.Generator().manual_seed(zlib.crc32(bytes(ids[-64:])) ^ self.seed)
        out = torch.randn(256, generator=g) * 3
        for ch, bonus in self.favour.items():
            out[ord(ch)] += bonus
        return out

    def prefill(self, tokens: list[int]) -> tuple[torch.Tensor, list[torch.Tensor]]:
        return self._logits(tokens), [torch.tensor(tokens, dtype=torch.long)]

    def forward_all(self, tokens: list[int], state: list[torch.Tensor]) -> tuple[torch.Tensor, list]:
        self.calls += 1
        ids = state[0].tolist()
        rows = []
        for t in tokens:
            ids.append(t)
            rows.append(self._logits(ids))
        return torch.stack(rows), [torch.tensor(ids, dtype=torch.long)]


def _valid(q: Query) -> None:
    """A query the daemon's own argument check accepts (window by its words)."""
    args = {k: v for k, v in q.to_json().items() if k != "name"}
    if q.window is not None:
        args["window"] = q.window.label
    if q.name == "summary":
        args.pop("gpu", None)  # a follow-up may move a summary to one GPU ("and GPU 1?")
    query_from_args(q.name, args, FIXED_NOW)


QUESTIONS = [
    ("how hot is gpu 3 right now?", Context()),
    ("which job ran longest in the last 6 hours?", Context()),
    ("runs named 'llama-2' on card1 yesterday", Context()),
    ("why did #12 fail", Context()),
    ("and the other one?", Context(Query("gpu_reading", gpu=0, metric="power"), [4, 9], gpus=[0, 1])),
    ("write me a haiku about autumn", Context()),
]


@pytest.mark.parametrize("seed", range(12))
def test_whatever_the_model_prefers_the_pick_is_a_valid_query_from_the_question(seed: int) -> None:
    for question, context in QUESTIONS:
        d = decide(TableModel(seed, {" ": 4.0, "{": 4.0}), question, context, FIXED_NOW)
        if d.query is None:
            continue
        _valid(d.query)
        assert parse_pick(" " + pick_json(d.query), FIXED_NOW) == d.query  # the model's own format
        numbers = set(numbers_in(question, context))
        assert {v for v in (d.query.gpu, d.query.job) if v is not None} <= numbers
        if d.query.job_name is not None:
            assert d.query.job_name in question
        assert d.margin >= 0 and d.logp >= d.runner_up and d.calls >= 1


class TargetModel(TableModel):
    """Wants to write ``target`` after the prompt, except that for each of its numbers it wants a 9."""

    def __init__(self, target: str) -> None:
        super().__init__(4)
        self.target = target

    def _want(self, written: str) -> str | None:
        """The target's next character, numbers compared as one mark each (where one starts: a 9)."""
        w, t = re.sub(r"\d+", "#", written), re.sub(r"\d+", "#", self.target)
        if not t.startswith(w) or len(t) == len(w):
            return None
        return "9" if t[len(w)] == "#" else t[len(w)]

    def _logits(self, ids: list[int]) -> torch.Tensor:
        out = super()._logits(ids) * 0.1
        want = self._want(bytes(ids).decode().rpartition("Assistant: query")[2])
        if want is not None:
            out[ord(want)] += 20
        return out


def test_a_model_that_wants_other_numbers_can_only_copy_the_question_s() -> None:
    model = TargetModel(' {"gpu": 97, "metric": "temperature", "name": "gpu_reading"}')
    d = decide(model, "temperature of gpu 3?", Context(), FIXED_NOW)
    assert d.query == Query("gpu_reading", gpu=3, metric="temperature")
    assert not any("9" in t for t in d.texts)
    d = decide(model, "temperature of gpu 3?", Context(Query("gpu_list", gpu=5)), FIXED_NOW)
    assert d.query is not None and d.query.gpu in (3, 5)


def test_refusal_wins_when_none_is_likelier_and_the_rules_then_answer() -> None:
    model = TableModel(2, {" ": 9.0, "n": 30.0, "o": 30.0, "e": 30.0})
    d = decide(model, "hottest gpu", Context(), FIXED_NOW)
    assert d.query is None and d.refusal == d.logp and d.margin > 5
    got = pick("hottest gpu", Context(), (ModelPicker(model), RulePicker()))
    assert got == Query("gpu_rank", metric="temperature", order="max")


def test_a_pick_counts_only_when_the_model_is_sure_by_the_margin() -> None:
    model = TargetModel(' {"gpu": 0, "metric": "power", "name": "gpu_reading"}')
    d = decide(model, "power of gpu 0", Context(), FIXED_NOW)
    assert d.query == Query("gpu_reading", gpu=0, metric="power") and d.margin > 0
    assert ModelPicker(model, min_margin=d.margin).pick("power of gpu 0", Context(), FIXED_NOW) == d.query
    unsure = ModelPicker(model, min_margin=d.margin + 0.01)
    assert unsure.pick("power of gpu 0", Context(), FIXED_NOW) is None


def test_a_search_stopped_from_outside_ends_before_its_next_model_call() -> None:
    model = TableModel(3, {" ": 4.0, "{": 4.0})
    full = decide(model, "how hot is gpu 3 right now?", Context(), FIXED_NOW)
    assert full.calls > 3
    model.calls = 0
    with pytest.raises(PickInterrupted):
        decide(
            model, "how hot is gpu 3 right now?", Context(), FIXED_NOW, interrupted=lambda: model.calls >= 3
        )
    assert model.calls == 3
    again = decide(model, "how hot is gpu 3 right now?", Context(), FIXED_NOW)
    assert (again.query, again.texts, again.logp) == (full.query, full.texts, full.logp)


def test_a_decision_crosses_a_process_boundary_unchanged() -> None:
    model = TableModel(1, {" ": 4.0, "{": 4.0})
    for question, context in QUESTIONS:
        d = decide(model, question, context, FIXED_NOW)
        assert Decision.from_json(d.to_json()) == d
    cut = Decision(None, float("-inf"), float("-inf"), -3.5, 160, 0.25)  # out of calls before any finished
    assert Decision.from_json(cut.to_json()) == cut and cut.margin == 0.0


def test_every_text_the_grammar_finishes_reads_back_as_the_same_query() -> None:
    rng = random.Random(0)
    for question, context in QUESTIONS:
        grammar = PickGrammar(question, context, FIXED_NOW)
        for _ in range(150):
            hyps, text = grammar.start(), ""
            while (part := grammar.finished(hyps)) is None:
                c = rng.choice(sorted(grammar.allowed(hyps)))
                hyps, text = grammar.step(hyps, c), text + c
                assert hyps, text
            assert parse_pick(text, FIXED_NOW) == grammar.result(part), text


def test_the_grammar_offers_only_the_question_s_numbers_names_and_known_spans() -> None:
    ctx = Context(Query("jobs", window=None), subjects=[41])
    assert numbers_in("gpu1 and job #77 in the last 3 hours", ctx) == [1, 77, 3, 41]
    assert "llama-2" in names_in("runs named 'llama-2'?", Context())
    assert names_in("runs named 'café-1'", Context(job_names={"naïve": 3})) == ["runs", "named", "caf"]
    g = PickGrammar("jobs in the last 3 hours", Context(), FIXED_NOW)
    assert {"today", "yesterday", "in the last 3 hours", "in the last 3 days"} <= set(g.domains["window"])
    assert not any("5" in w for w in g.domains["window"])
    assert g.allowed(g.start()) == {" "} and g.allowed(g.step(g.start(), " ")) == {"n", "{"}


def test_the_span_a_question_names_is_one_the_model_may_write_as_the_rules_read_it() -> None:
    for said, label in (
        ("average util since noon", "since noon"),
        ("how busy was gpu 0 yesterday evening", "yesterday evening"),
        ("peak temp between 13:45 and 13:50", "between 13:45 and 13:50"),
    ):
        window = window_of(said, FIXED_NOW)
        assert window is not None and window.label == label
        assert label in PickGrammar(said, Context(), FIXED_NOW).domains["window"], said
    assert "since noon" not in PickGrammar("average util today", Context(), FIXED_NOW).domains["window"]


def test_a_tokenizer_without_a_trie_cannot_be_constrained() -> None:
    model = TableModel()
    model.tokenizer = type("Opaque", (), {"name": "opaque"})()
    with pytest.raises(ValueError, match="trie of its tokens"):
        ConstrainedDecoder(model)


WORDS = [' {"', '"gpu', "gpu", '": ', ", ", ', "', "metric", '"metric', "name", "temperature", '"}', '"}\n\n']
WORDS += [" none", "\n\n", "_reading", "gpu_reading", '": "', "power"]


class VocabTarget:
    """A stand-in engine with a vocabulary of words (``WORDS`` and the bytes) that wants to write ``target``
    and the blank line after it, split into tokens as the tokenizer splits it (greedy longest match)."""

    def __init__(self, target: str) -> None:
        self.tokenizer = VocabTokenizer(
            [b"", *(bytes([i]) for i in range(1, 256)), *(w.encode() for w in WORDS)]
        )
        self.want = self.tokenizer.encode(target + "\n\n")
        self.calls = 0

    def _logits(self, written: list[int]) -> torch.Tensor:
        g = torch.Generator().manual_seed(zlib.crc32(bytes(str(written), "ascii")))
        out = torch.randn(self.tokenizer.vocab_size, generator=g)
        if written == self.want[: len(written)] and len(written) < len(self.want):
            out[self.want[len(written)]] += 20
        return out

    def prefill(self, tokens: list[int]) -> tuple[torch.Tensor, list[torch.Tensor]]:
        return self._logits([]), [torch.zeros(0, dtype=torch.long)]

    def forward_all(self, tokens: list[int], state: list[torch.Tensor]) -> tuple[torch.Tensor, list]:
        self.calls += 1
        ids, rows = state[0].tolist(), []
        for t in tokens:
            ids.append(t)
            rows.append(self._logits(ids))
        return torch.stack(rows), [torch.tensor(ids, dtype=torch.long)]


def test_a_vocabulary_of_words_picks_through_its_own_tokens_and_counts_a_text_once() -> None:
    target = ' {"gpu": 1, "metric": "temperature", "name": "gpu_reading"}'
    model = VocabTarget(target)
    assert any(len(model.tokenizer.token_bytes(t)) > 2 for t in model.want)  # the words are used
    assert model.tokenizer.token_bytes(model.want[-1]) == b'"}\n\n'  # the last token ends the pick too
    d = decide(model, "how hot is gpu 1", Context(), FIXED_NOW)
    assert d.query == Query("gpu_reading", gpu=1, metric="temperature") and d.texts[0] == target
    assert len(set(d.texts)) == len(d.texts) and d.margin > 5
    assert d.calls < len(target)  # a word a call, not a character
    refuse = decide(VocabTarget(" none"), "write me a poem", Context(), FIXED_NOW)
    assert refuse.query is None and refuse.logp == refuse.refusal


def test_the_bundled_model_picks_valid_queries_with_the_question_s_numbers() -> None:
    from gpuaccel.assistant.engine.runtime import BUNDLED_MODEL, Engine

    torch.set_num_threads(1)
    engine = Engine(BUNDLED_MODEL, "cpu fp32")
    d = decide(engine, "which gpu is drawing the most power?", Context(), FIXED_NOW)
    assert d.query == Query("gpu_rank", metric="power", order="max") and d.margin > 0
    d = decide(engine, "free vram of GPU 1 thx?", Context(), FIXED_NOW)
    assert d.query is not None and d.query.gpu == 1
    _valid(d.query)


def test_pick_eval_scores_the_strategies_that_trust_a_sure_model(tmp_path) -> None:
    from safetensors.torch import save_file

    from assistant_lab.corpus import dev_set
    from assistant_lab.evaluate import mark, score, shipped
    from gpuaccel.assistant.engine.safetensors_header import read_header

    picks = dev_set(6, seed=3)
    result = score(picks, {"rule": RulePicker(), "model": ModelPicker(TableModel(5, {"{": 9.0}))}, 2.0)
    acc = {k: v["accuracy"] for k, v in result["strategies"].items()}
    trusting = {"model if margin >= 2, then rules", "rules, then model if margin >= 2"}
    assert {"rules", "model"} | trusting <= set(acc)
    assert "free model" not in acc and result["model_calls_per_question"] >= 1
    sure = result["margin_sweep"]["6"]
    assert set(sure) == {"model if margin >= 6, then rules", "rules, then model if margin >= 6"}
    path = tmp_path / "m.safetensors"
    save_file({"emb.weight": torch.zeros(2, 2)}, str(path), metadata={"query_picker": "1"})
    helps = mark(path, result, 2.0)
    meta = read_header(path)[1]
    assert helps == (acc[shipped(2.0)] >= acc["rules"]) and meta["pick_margin"] == "2"
    assert meta["query_picker"] == ("1" if helps else "0") and meta["pick_first"] == "model"
    assert shipped(2.0, "rules") == "rules, then model if margin >= 2"
    behind = {"questions": 10, "strategies": {"rules": {"accuracy": 0.9}}}
    behind["strategies"] |= {
        "rules, then model if margin >= 2": {"accuracy": 0.95},  # the model helps behind the rules
        "model if margin >= 2, then rules": {"accuracy": 0.8},  # and harms in front of them
    }
    assert mark(path, behind, 2.0, first="rules") is True
    meta = read_header(path)[1]
    assert meta["pick_first"] == "rules" and meta["query_picker"] == "1"
    assert mark(path, behind, 2.0, first="model") is False
    assert read_header(path)[1]["query_picker"] == "0"


def _writes(grammar: PickGrammar, text: str) -> Query | None | bool:
    """The query ``text`` reads as when the grammar lets the model write it, False where it may not."""
    hyps = grammar.start()
    for ch in text:
        hyps = grammar.step(hyps, ch)
        if not hyps:
            return False
    part = grammar.finished(hyps)
    return False if part is None else grammar.result(part)


def test_the_grammar_writes_the_fan_metric_and_a_log_s_lines_from_the_question() -> None:
    g = PickGrammar("which gpu has the loudest fan", Context(gpus=[0, 1]), FIXED_NOW)
    assert _writes(g, ' {"metric": "fan", "name": "gpu_rank", "order": "max"}') == Query(
        "gpu_rank", metric="fan", order="max"
    )
    span = _writes(g, ' {"metric": "fan", "name": "gpu_reading", "window": "in the last hour"}')
    assert isinstance(span, Query) and span.window is not None and span.metric == "fan"
    g = PickGrammar("show me the last 50 lines of job 3", Context(), FIXED_NOW)
    assert _writes(g, ' {"job": 3, "lines": 50, "name": "job_log"}') == Query("job_log", job=3, lines=50)
    assert _writes(g, ' {"job": 3, "lines": 20, "name": "job_log"}') is False  # a count nobody said
    assert _writes(g, ' {"name": "job_log", "state": "failed"}') == Query("job_log", state="failed")


def test_the_grammar_writes_the_jobs_compared_and_a_threshold_as_the_rules_do() -> None:
    g = PickGrammar("which used more energy, job 4 or job 6?", Context(), FIXED_NOW)
    said = Query("job_rank", metric="energy", order="max", among="4,6")  # as the rules write it
    assert _writes(g, " " + pick_json(said)) == said
    assert _writes(g, ' {"among": "4,5", "metric": "energy", "name": "job_rank"}') is False  # job 5: unsaid
    g = PickGrammar("how long was gpu 0 at 85C or more today", Context(), FIXED_NOW)
    assert _writes(g, ' {"at_least": 85, "gpu": 0, "metric": "temperature", "name": "gpu_reading"}')
    assert _writes(g, ' {"at_least": 90, "gpu": 0, "metric": "temperature", "name": "gpu_reading"}') is False
    last = Query("gpu_reading", gpu=0, metric="temperature", at_least=85)
    g = PickGrammar("and on the other card?", Context(last, gpus=[0, 1]), FIXED_NOW)
    assert _writes(g, ' {"at_least": 85, "gpu": 1, "metric": "temperature", "name": "gpu_reading"}')


def test_the_bundled_model_picks_valid_queries_with_the_added_query_kinds() -> None:
    from gpuaccel.assistant.engine.runtime import BUNDLED_MODEL, Engine
    from gpuaccel.assistant.understand.prompt import pick_prompt

    torch.set_num_threads(1)
    engine = Engine(BUNDLED_MODEL, "cpu fp32")
    assert "job_log" in pick_prompt("hi", Context())  # the prompt's query list names the new query
    for question in ("what's the fan speed of gpu 1?", "show me the last 30 lines of job 3's log"):
        d = decide(engine, question, Context(), FIXED_NOW)
        assert d.calls >= 1 and d.margin >= 0
        if d.query is not None:
            _valid(d.query)
            said = {v for v in (d.query.gpu, d.query.job, d.query.lines) if v is not None}
            assert said <= set(numbers_in(question, Context())), (question, d.query)


def test_an_engine_in_this_process_stops_its_pick_when_interrupted() -> None:
    model = TableModel(1, {"{": 4.0})
    question, context = QUESTIONS[0]
    here, there = decide_on(model, question, context, FIXED_NOW), decide(model, question, context, FIXED_NOW)
    assert here is not None and (here.query, here.margin) == (there.query, there.margin)
    model.interrupted = lambda: True  # type: ignore[attr-defined]  # a claim or a stop, before any call
    assert decide_on(model, question, context, FIXED_NOW) is None  # no pick: the chat goes on
    assert ModelPicker(model).pick(question, context, FIXED_NOW) is None
