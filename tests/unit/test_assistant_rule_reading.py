"""The rule picker on everyday wording: words read as what they mean, questions that only read right as a
whole, follow-ups that keep what the last answer was about, and requests to change a job named by name.

Each case is worded apart from the held-out question sets (``assistant_heldout_*.json``), so these pin
the reading in general rather than one set's sentence.
"""

from __future__ import annotations

from gpuaccel.assistant.intent import Context, RulePicker
from gpuaccel.assistant.intent_corpus import FIXED_NOW
from gpuaccel.assistant.intent_words import window_of, words
from gpuaccel.assistant.queries import Query

MACHINE = {"gpus": [0, 1], "gpu_models": {0: "NVIDIA H100 80GB HBM3", 1: "NVIDIA GeForce RTX 4090"}}
TODAY = window_of("today", FIXED_NOW)
YESTERDAY = window_of("yesterday", FIXED_NOW)


def pick(question: str, context: Context | None = None) -> Query | None:
    return RulePicker().pick(question, context or Context(), FIXED_NOW)


def test_everyday_words_read_as_what_they_mean() -> None:
    assert pick("has anything been breaking today?") == Query("failures", window=TODAY)
    assert pick("how do I slice bread") is None  # "bread" is not "break"
    assert pick("which gpu is chilliest") == Query("gpu_rank", metric="temperature", order="min")
    assert pick("explain the terms of the license") is None  # "terms" is not "temps"
    assert pick("busy ranking") == Query("gpu_rank", metric="util", order="max")
    assert pick("are the cards throttled") == Query("gpu_reading", metric="overview")
    assert words("n the power?")[0] == "and" and words("gpu n 1")[1] == "n"  # only a leading "n" is "and"
    assert pick("nd the coolest", Context(Query("gpu_rank", metric="temperature", order="max"))) == Query(
        "gpu_rank", metric="temperature", order="min"
    )
