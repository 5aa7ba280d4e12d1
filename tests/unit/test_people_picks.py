"""Training picks from the question sets people wrote: only turns the rules answered right, the prompt the
model would have read at that turn, the rules' query as the pick, and never a set kept for measuring."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from assistant_lab import people
from assistant_lab.english.build import model_vocab
from gpuaccel.assistant.engine.safetensors_header import read_header
from gpuaccel.assistant.understand.model import parse_pick
from gpuaccel.assistant.understand.prompt import pick_json, pick_prompt

NOW = 1_700_000_000.0
BUNDLED = Path(people.REPO) / "src" / "gpuaccel" / "assets" / "model" / "tiny-rwkv7.safetensors"


def test_kept_picks_are_the_rules_right_answers_with_the_turns_prompt() -> None:
    kept, counts = people.records("assistant_heldout_k.json")
    assert counts["turns"] >= 60 and 0 < counts["right"] <= counts["turns"]
    assert len(kept) == counts["picks"] > 0
    follow_ups = [r for r in kept if r.context.last is not None]
    assert follow_ups, "a follow-up's prompt carries the previous query"
    for r in kept:
        doc = r.document()
        prompt = pick_prompt(r.question, r.context)
        assert doc.startswith(prompt) and doc.endswith("\n\n")
        pick = doc[len(prompt) :].strip()
        if r.query is None:
            assert pick == "none"
        else:
            assert pick == pick_json(r.query)
            back = parse_pick(pick, NOW)
            assert back is not None and back.name == r.query.name


def test_copies_after_the_first_are_typed_otherwise_on_the_same_prompt() -> None:
    kept, _ = people.records("assistant_heldout_k.json")
    r = next(x for x in kept if x.query is not None and len(x.question) > 20)
    rng = random.Random(3)
    variants = {r.document(people.noisy(r.question, rng)) for _ in range(20)}
    assert len(variants) > 5
    system = pick_prompt("", r.context).split("User:")[0]
    assert all(v.startswith(system) and v.endswith(f" {pick_json(r.query)}\n\n") for v in variants)


def test_sets_kept_for_measuring_the_model_are_never_read() -> None:
    assert len(set(people.TRAIN_SETS)) == len(people.TRAIN_SETS)
    assert all((people.SETS_DIR / name).is_file() for name in people.TRAIN_SETS)
    assert not set(people.DEV_SETS) & set(people.TRAIN_SETS)
    on_disk = {f.name for f in people.SETS_DIR.glob("assistant_heldout_*.json")}
    named = {f"assistant_heldout_{s}.json" for s in people.TRAINED_BLIND}
    assert named <= on_disk
    assert set(people.DEV_SETS) <= on_disk - named  # the order's dev split: never trained on
    for kept_apart in on_disk - named - set(people.TEST_MACHINE_SETS):  # the dev split and sets to measure
        assert kept_apart not in people.TRAIN_SETS


def test_vocab_from_a_model_file_is_the_files_own() -> None:
    vocab = model_vocab(BUNDLED)
    meta = read_header(BUNDLED)[1]
    assert len(vocab) > 256 and vocab[1] == b"\x01" and vocab[0x61] == b"a"
    assert [t.hex() for t in vocab] == json.loads(meta["vocab"])


def test_vocab_from_a_byte_model_is_refused(tmp_path: Path) -> None:
    from assistant_helpers import random_model

    path = random_model(tmp_path / "bytes.safetensors", n_embd=64, n_layer=1)
    with pytest.raises(SystemExit, match="not a fitted vocabulary"):
        model_vocab(path)


def test_fine_tuning_refuses_a_model_whose_vocabulary_is_not_the_builds(tmp_path: Path) -> None:
    from assistant_lab.english.pretrain import same_vocab

    vocab = model_vocab(BUNDLED)
    same_vocab(BUNDLED, vocab)  # the build took the file's own
    with pytest.raises(SystemExit, match="--vocab-from"):
        same_vocab(BUNDLED, [*vocab[:-1], b"\xff\xfe"])  # one token other


def test_only_the_picks_the_answer_stood_on_are_kept() -> None:
    from gpuaccel.assistant.queries.query import Query
    from gpuaccel.assistant.understand.context import Context

    hottest, listed = Query("gpu_rank", metric="temperature", order="max"), Query("gpu_list")
    whole = "which gpu is the hottest and what kind are they"
    calls = [
        people.Recorded("which gpu is the hottest", Context(), hottest),
        people.Recorded("what kind are they", Context(), None),  # a part the chat then dropped
        people.Recorded(whole, Context(), hottest),  # the whole message, answered
    ]
    kept = people.used(calls, whole, {"query": hottest.to_json()})
    assert [c.question for c in kept] == [whole]
    split = {"queries": [hottest.to_json(), listed.to_json()], "query": hottest.to_json()}
    parts = [calls[0], people.Recorded("what kind are they", Context(), listed)]
    assert people.used(parts, whole, split) == parts  # both parts answered
    refused = [people.Recorded("what kind", Context(), None), people.Recorded(whole, Context(), None)]
    assert people.used(refused, whole, {}) == refused[1:]  # the whole message's refusal alone
