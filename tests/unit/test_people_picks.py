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
    for kept_apart in ("assistant_heldout_q.json", "assistant_heldout_r.json"):
        assert kept_apart not in people.TRAIN_SETS + people.DEV_SETS


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
