"""Rewordings of training questions: they vary the words, never the query, and never say a dev question."""

from __future__ import annotations

import hashlib
import random
import re

import pytest

from assistant_lab import corpus as C
from assistant_lab import sampling as S
from assistant_lab.augment.rewording import augment, normal, reorder, synonyms, telegraphic
from assistant_lab.phrasings import grammar as P
from gpuaccel.assistant.understand.prompt import pick_json

MORE = {"most", "highest", "max", "maximum", "top", "biggest", "hottest", "warmest", "busiest", "longest"}
LESS = {"least", "lowest", "min", "minimum", "smallest", "coolest", "coldest", "shortest", "quickest"}


def _slots(text: str) -> list[str]:
    return sorted(re.findall(r"\{\w\}", text))


def test_rewording_keeps_slots_and_the_direction_of_a_ranking() -> None:
    rng = random.Random(3)
    for spec, templates in P.PHRASINGS:
        for template in S._split(templates, dev=False):
            for _ in range(30):
                text = S.expand(template, rng)
                out = augment(text, rng, windowed="window" in spec)
                assert _slots(out) == _slots(text), (text, out)
                added = set(normal(out).split()) - set(normal(text).split())
                if spec.get("order") == "max":
                    assert not added & LESS, (text, out)
                if spec.get("order") == "min":
                    assert not added & MORE, (text, out)
                if "window" in spec:
                    assert not {"now", "currently", "atm"} & added, (text, out)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("is {G} running hot", "{G}, is it running hot"),
        ("how much memory is used on {G}", "on {G}, how much memory is used"),
        ("which jobs failed {W}", "{W}, which jobs failed"),
    ],
)
def test_reorder_puts_the_slot_first(text: str, want: str) -> None:
    class First(random.Random):
        def choice(self, seq):  # type: ignore[no-untyped-def]
            return seq[0]

    assert reorder(text, First()) == want


def test_synonyms_and_telegraphic_forms() -> None:
    rng = random.Random(1)
    seen = {synonyms("which jobs failed", rng, p=1.0) for _ in range(3000)}
    assert {"which tasks crashed", "which runs died"} <= seen
    assert "computes the fastest" in synonyms("which gpu computes the fastest", rng, p=1.0)
    short = {telegraphic("what is the temperature of {G}", rng) for _ in range(200)}
    assert "temp {G}" in short or "what temp {G}" in short


def test_training_questions_never_say_a_dev_question() -> None:
    """With typos and slots left out, no training question is one a dev template makes."""
    rng = random.Random(9)
    keep = S.noisy, S.fill
    S.noisy, S.fill = (lambda text, rng, keep="": text), (lambda text, s, rng: text)
    try:
        said = {normal(C.sample(rng, S.FIXED_NOW).question) for _ in range(20_000)}
    finally:
        S.noisy, S.fill = keep
    assert len(said) > 5_000 and not said & S.dev_forms()


def test_the_dev_split_is_the_one_earlier_models_were_scored_on() -> None:
    """Templates are only ever appended as training ones, so dev scores stay comparable across models.
    (Changed once on purpose: "this morning" is midnight to noon, not all of today, so 4 of the 400 dev
    labels read "this morning" where they read "today".)"""
    lines = [p.question + " " + (pick_json(p.query) if p.query else "none") for p in C.dev_set(400, 7)]
    assert hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16] == "76f302dba131be51"
