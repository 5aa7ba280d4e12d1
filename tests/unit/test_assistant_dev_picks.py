"""The phrasing grammar's dev split: kept out of training, apart from the held-out set, and scored."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from assistant_lab.corpus import dev_set, sample
from assistant_lab.evaluate import score
from assistant_lab.phrasings import grammar as P
from assistant_lab.sampling import FIXED_NOW, expand, is_dev
from gpuaccel.assistant.understand.picker import RulePicker

HELD_OUT = Path(__file__).with_name("assistant_heldout.json")


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9 ]", "", text.lower()).split())


def test_every_query_trains_and_some_templates_are_kept_for_dev() -> None:
    dev = [t for _, ts in P.PHRASINGS for i, t in enumerate(ts) if is_dev(t, i)]
    assert all(not is_dev(ts[0], 0) for _, ts in P.PHRASINGS)
    assert len(dev) >= 20
    assert {q.name for q in [p.query for p in dev_set(300)] if q is not None} >= {
        "gpu_rank",
        "jobs",
        "summary",
    }


def test_training_questions_never_use_a_dev_template() -> None:
    """Every training question is a realization of a training template: checked by regenerating with the
    dev templates blanked out and getting the same stream."""
    a, b = random.Random(5), random.Random(5)
    train = [sample(a, FIXED_NOW).question for _ in range(300)]
    saved = [(spec, ts) for spec, ts in P.PHRASINGS]
    try:
        P.PHRASINGS[:] = [
            (spec, tuple("" if is_dev(t, i) else t for i, t in enumerate(ts))) for spec, ts in saved
        ]
        again = [sample(b, FIXED_NOW).question for _ in range(300)]
    finally:
        P.PHRASINGS[:] = saved
    assert train == again


def test_no_generated_question_is_a_held_out_one() -> None:
    held = {_norm(t["q"]) for c in json.loads(HELD_OUT.read_text())["conversations"] for t in c}
    rng = random.Random(11)
    for dev in (False, True):
        clash = {q for q in (sample(rng, FIXED_NOW, dev).question for _ in range(20_000)) if _norm(q) in held}
        assert not clash, clash


def test_the_rule_picker_on_the_dev_split() -> None:
    result = score(dev_set(400), {"rule": RulePicker()})
    assert result["strategies"]["rules"]["accuracy"] >= 0.85, result["strategies"]["rules"]["misses_by_query"]


def test_templates_expand_choices_and_word_lists() -> None:
    rng = random.Random(1)
    seen = {expand("which <gpu> is [hot|warm|]", rng) for _ in range(200)}
    assert (
        "which card is warm" in seen
        and "which GPU is" in seen
        and not any("[" in s or "<" in s for s in seen)
    )


def test_mark_records_the_scores_and_asks_the_model_first_only_when_it_helps(tmp_path: Path) -> None:
    import torch
    from safetensors.torch import load_file, save_file

    from assistant_lab.evaluate import mark
    from gpuaccel.assistant.engine.models import picks_queries
    from gpuaccel.assistant.engine.safetensors_header import read_header

    path = tmp_path / "m.safetensors"
    tensors = {"emb.weight": torch.arange(12.0).view(3, 4), "head.weight": torch.ones(5)}
    save_file(tensors, str(path), metadata={"tokenizer": "bytes", "query_picker": "1"})

    def result(model: float, rules: float) -> dict:
        names = {"rules": rules, "model": model, "model, then rules": model, "rules, then model": rules}
        return {"questions": 10, "strategies": {k: {"accuracy": v} for k, v in names.items()}}

    assert not mark(path, result(0.5, 0.9))
    meta = read_header(path)[1]
    assert meta["query_picker"] == "0" and meta["tokenizer"] == "bytes" and not picks_queries(path)
    assert json.loads(meta["pick_dev"])["rules"] == 0.9
    assert mark(path, result(0.97, 0.9)) and picks_queries(path)
    loaded = load_file(str(path))
    assert all(torch.equal(loaded[k], v) for k, v in tensors.items())


def test_rule_gaps_the_dev_split_showed_stay_closed() -> None:
    from gpuaccel.assistant.queries.query import Query
    from gpuaccel.assistant.understand.context import Context
    from gpuaccel.assistant.understand.words import words

    def pick(q: str, context: Context | None = None) -> Query | None:
        return RulePicker().pick(q, context or Context(), FIXED_NOW)

    assert words("could you tell me") == ["could", "you", "tell", "me"]  # not "cold"
    assert words("lsat hour bsuy tmep") == ["last", "hour", "busy", "temp"]  # swapped letters
    assert pick("could you please tell me which job finished fastest?") == Query(
        "job_rank", metric="duration", order="min"
    )
    assert pick("runs called resnet-export?") == Query("jobs", job_name="resnet-export")
    assert pick("I'd like to see runs named 'bert-4'") == Query("jobs", job_name="bert-4")
    assert pick("what went on yesterday?").name == "summary"
    assert pick("give me some advice") is None
    after = Context(Query("gpu_reading", metric="power"))
    assert pick("yday then?", after) == Query("summary", window=pick("summary yday").window)


def test_the_added_queries_templates_are_read_by_the_rules_as_their_query() -> None:
    """The fan and job-log templates (kept out of the dev split) say what their query asks: the rules
    pick each realization's own query, so the corpus teaches the model what the rules answer."""
    from assistant_lab.phrasings.added import ADDED
    from assistant_lab.sampling import fill, query_of, slots
    from gpuaccel.assistant.understand.context import Context

    rng, wrong = random.Random(3), []
    for spec, templates in ADDED:
        for template in templates:
            for _ in range(8):
                s = slots(rng)
                s["l"] = rng.randint(1, 300)
                question = fill(expand(template, rng), s, rng)
                if RulePicker().pick(question, Context(), FIXED_NOW) != query_of(spec, s, FIXED_NOW):
                    wrong.append(question)
    assert not wrong, wrong
