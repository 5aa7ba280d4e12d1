"""The GPU in focus across follow-ups, worded apart from the held-out sets: "what's gpu 1 doing" is its
overview whatever came before; "how much is free on gpu 0" its free memory; "how close to it is it"
after a reading with its limit is that reading; a short "clocks?" keeps the GPU; "which job was that"
after a GPU's reading over a span lists the jobs on that GPU in that span, "at that time" names the span."""

from __future__ import annotations

from assistant_lab.sampling import FIXED_NOW
from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.queries.spans import window_of
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import RulePicker

TODAY = window_of("today", FIXED_NOW)


def pick(question: str, last: Query | None = None) -> Query | None:
    return RulePicker().pick(question, Context(last, gpus=[0, 1]), FIXED_NOW)


def test_a_gpus_own_questions_after_another_answer() -> None:
    holders = Query("memory_users", gpu=0)
    assert pick("what is gpu 1 doing", holders) == Query("gpu_reading", gpu=1, metric="overview")
    assert pick("and gpu 1?", holders) == Query("memory_users", gpu=1)  # nothing else said: same query
    assert pick("how much is left on gpu 1") == Query("gpu_reading", gpu=1, metric="free_memory")
    power = Query("gpu_reading", gpu=0, metric="power")
    assert pick("how near the limit is it now", power) == power
    overview = Query("gpu_reading", gpu=1, metric="overview")
    assert pick("clocks?", overview) == overview


def test_which_job_was_that_after_a_reading_over_a_span() -> None:
    peak = Query("gpu_reading", gpu=1, metric="temperature", window=TODAY)
    for question in ("which job was that", "what job was running then", "was a job on it at that time"):
        assert pick(question, peak) == Query("jobs", gpu=1, window=TODAY), question
    assert pick("which job ran longest at that time", peak) == Query(
        "job_rank", metric="duration", order="max", gpu=1, window=TODAY
    )


def test_since_when_of_a_gpus_state_is_its_overview_which_says_its_jobs_start() -> None:
    busy = Query("gpu_reading", gpu=0, metric="util")
    assert pick("since when?", busy) == Query("gpu_reading", gpu=0, metric="overview")
    assert pick("since when has it been like that", busy) == Query("gpu_reading", gpu=0, metric="overview")
    assert pick("since when", Query("gpu_reading", metric="util")) is None  # no one GPU in focus
    # an impatient "then" asks nothing more ("since when then??")
    assert pick("since when then??", busy) == Query("gpu_reading", gpu=0, metric="overview")
    assert pick("since when then", Query("idle_gpus")) == Query("idle_gpus")


def test_processes_asked_alone_of_the_gpu_in_focus_are_its_processes() -> None:
    # "pids?" after a GPU's reading or its jobs: the processes on it, each with its pid
    for last in (Query("gpu_reading", gpu=1, metric="power"), Query("jobs", gpu=1, window=TODAY)):
        for question in ("pids?", "and the processes"):
            assert pick(question, last) == Query("memory_users", gpu=1), (question, last)
    assert pick("pids?", Query("gpu_reading", metric="power")) is None  # no one GPU in focus


def test_room_for_a_size_is_the_free_memory() -> None:
    for question, gpu in (
        ("is gpu 1 free for a 16gb model", 1),
        ("can i fit 40 GB on gpu 0", 0),
        ("which card has space for a 12 gib job", None),
    ):
        assert pick(question) == Query("gpu_reading", gpu=gpu, metric="free_memory"), question
    assert pick("is gpu 1 free") == Query("idle_gpus", gpu=1)  # no size said: whether it is idle


def test_the_machines_state_asked_as_a_whole_is_the_gpus_overview() -> None:
    for question in ("what's the status", "hey what's going on with my box?", "what's happening on the gpus"):
        assert pick(question) == Query("gpu_reading", metric="overview"), question
    for question in ("what's going on in the world", "what's the status of the election"):
        assert pick(question) is None, question


def test_a_gpu_called_big_or_small_by_its_memory() -> None:
    sized = Context(gpus=[0, 1, 2], gpu_memory={0: 24564.0, 1: 81559.0, 2: 16384.0})
    picker = RulePicker()
    assert picker.pick("is the big card busy", sized, FIXED_NOW) == Query("gpu_reading", gpu=1, metric="util")
    assert picker.pick("temp of the smallest gpu", sized, FIXED_NOW) == Query(
        "gpu_reading", gpu=2, metric="temperature"
    )
    level = Context(gpus=[0, 1], gpu_memory={0: 81559.0, 1: 81559.0})
    assert picker.pick("is the big card busy", level, FIXED_NOW) != Query("gpu_reading", gpu=0, metric="util")
