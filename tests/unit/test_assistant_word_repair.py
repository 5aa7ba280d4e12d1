"""Spelling repair reads typos of the topic words as those words and everyday words as themselves; "weekly"
and the like name a span only for a report over time.

The word lists are ``word_lists.py`` (everyday words by topic) and ``word_typos.py`` (slips and
misspellings of the topic words); ``benchmarks/word_repair.py`` prints what these tests count, and
``test_assistant_everyday_words.py`` checks its counts over the whole lists.
"""

from __future__ import annotations

from assistant_lab.sampling import FIXED_NOW
from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.queries.spans import window_of
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import RulePicker
from gpuaccel.assistant.understand.words import words

MACHINE = Context(gpus=[0, 1])
WEEK = window_of("this week", FIXED_NOW)


def pick(question: str) -> Query | None:
    return RulePicker().pick(question, MACHINE, FIXED_NOW)


def test_everyday_words_are_read_as_themselves() -> None:
    # one letter or a few from a topic word, and no typo of it (whole lists: test_assistant_everyday_words)
    for w in "airline download theater customer queen noodles tower heart fall space writing bedroom".split():
        assert words(w) == [w], w
    assert pick("show me the hardware, it's for a family reunion") == Query("gpu_list")
    assert pick("which cards do we have? asking for my school project") == Query("gpu_list")
    assert pick("list the gpus, no rush, whenever you have a chance") == Query("gpu_list")


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
    # every slip and misspelling of the lists: test_assistant_everyday_words counts them (once)


def test_periodic_words_name_a_span_only_for_a_report_over_time() -> None:
    assert pick("show me the hardware for the weekly sync") == Query("gpu_list")
    assert window_of(" ".join(words("my daily driver is a laptop")), FIXED_NOW) is None
    assert pick("weekly summary") == Query("summary", window=WEEK)
    assert pick("daily job report") == Query("summary", window=window_of("today", FIXED_NOW))
    monthly = pick("monthly energy usage")
    assert monthly is not None and monthly.name == "energy" and monthly.window is not None
    assert monthly.window.label == "in the last 30 days"
    assert window_of(monthly.window.label, FIXED_NOW) == monthly.window  # the label reads back the same
    hourly = pick("hourly failures")
    assert hourly == Query("failures", window=window_of("in the last hour", FIXED_NOW))


def test_the_start_index_finds_every_word_a_typo_could_mean() -> None:
    """Starts gives the words could_mean takes, in the vocabulary's order, as testing every word would."""
    from gpuaccel.assistant.understand.spelling import Starts, could_mean
    from gpuaccel.assistant.understand.words import VOCAB

    starts = Starts(VOCAB)
    typed = "ndoes emperature ttemperature gpuu memroy powre faild tmeperature xpower owerp jbo fial a ab"
    for w in (
        typed.split()
        + [v[1:] for v in VOCAB if len(v) > 1]
        + ["x" + v for v in VOCAB]
        + [v[1] + v[0] + v[2:] for v in VOCAB if len(v) > 1]
    ):
        assert [v for v in starts(w) if could_mean(w, v)] == [v for v in VOCAB if could_mean(w, v)], w
