"""Spelling repair reads typos of the topic words as those words and everyday words as themselves.

The word lists are ``word_lists.py`` (everyday words by topic) and ``word_typos.py`` (slips and
misspellings of the topic words); ``benchmarks/word_repair.py`` prints what these tests count.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import word_repair as B

from gpuaccel.assistant.intent import Context, RulePicker
from gpuaccel.assistant.intent_corpus import FIXED_NOW
from gpuaccel.assistant.intent_words import words
from gpuaccel.assistant.queries import Query

MACHINE = Context(gpus=[0, 1])


def pick(question: str) -> Query | None:
    return RulePicker().pick(question, MACHINE, FIXED_NOW)


def test_everyday_words_are_read_as_themselves() -> None:
    plain, cue, span = B.everyday_misreads()
    assert len(plain) > 3000 and cue == {}
    assert set(span) <= {"afternoon", "tonight", "mornings", "weeks"}  # time words in their own right
    # one letter or a few from a topic word, and no typo of it
    for w in "airline download theater customer queen noodles tower heart fall space writing bedroom".split():
        assert words(w) == [w], w
    assert pick("show me the hardware, it's for a family reunion") == Query("gpu_list")
    assert pick("which cards do we have? asking for my school project") == Query("gpu_list")
    assert pick("list the gpus, no rush, whenever you have a chance") == Query("gpu_list")


def test_words_nobody_measured_are_mostly_read_as_themselves() -> None:
    fresh, cue, _ = B.everyday_misreads(B.L.fresh_words())
    assert len(cue) <= 0.03 * len(fresh), cue


def test_typos_of_topic_words_are_still_repaired() -> None:
    typed = "tempurature memroy utilisation bsuy faild cancelld gpuu powr yesterdy mooost smalllset ndoes"
    assert words(typed) == [
        "temperature",
        "memory",
        "utilisation",
        "busy",
        "failed",
        "cancelled",
        "gpu",
        "power",
        "yesterday",
        "most",
        "smallest",
        "nodes",
    ]
    assert words("overheating wattage gputime")[:2] == ["heat", "watt"]  # a topic word inside a longer one
    typos, missed = B.typos()
    written = {t for t in typos if t in B.T.WRITTEN_TYPOS}
    assert len(missed) <= 0.05 * len(typos) and len(written & set(missed)) <= 2, sorted(missed)[:20]
