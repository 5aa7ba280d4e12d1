"""A ranking of jobs narrowed to a state its words say: "the fastest job that succeeded", "which crashed
job ran the longest", "most gpu hours among the cancelled ones". The state filters the ranking (it is
not read as a request for the failures, nor dropped); a state word without a ranking still lists. The
chat's cases run on the held-out sets' machine. Worded apart from the held-out question sets."""

from __future__ import annotations

from test_assistant_questions import ask, invented

from assistant_lab.sampling import FIXED_NOW
from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.queries.spans import window_of
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import RulePicker

TODAY = window_of("today", FIXED_NOW)


def pick(question: str, context: Context | None = None) -> Query | None:
    return RulePicker().pick(question, context or Context(), FIXED_NOW)


def rank(metric: str, order: str, state: str, **kw: object) -> Query:
    return Query("job_rank", metric=metric, order=order, state=state, **kw)  # type: ignore[arg-type]


def test_a_state_word_narrows_a_ranking() -> None:
    assert pick("fastest job that succeeded") == rank("duration", "min", "succeeded")
    assert pick("which completed task took the longest today") == rank(
        "duration", "max", "succeeded", window=TODAY
    )
    assert pick("which crashed job ran the longest") == rank("duration", "max", "failed")
    assert pick("shortest failed run on gpu 0") == rank("duration", "min", "failed", gpu=0)
    assert pick("most gpu hours among the cancelled ones") == rank("gpu_time", "max", "cancelled")
    assert pick("least gpu-time of the successful jobs") == rank("gpu_time", "min", "succeeded")


def test_without_a_ranking_the_state_word_lists_as_before() -> None:
    assert pick("which jobs failed today") == Query("failures", window=TODAY)
    assert pick("successful jobs today") == Query("jobs", state="succeeded", window=TODAY)
    assert pick("how long did the failed job run") == Query("failures")
    assert pick("longest job") == Query("job_rank", metric="duration", order="max")
    assert pick("which gpu had the most failures") == Query("failures")


def test_turning_a_narrowed_ranking_round_keeps_its_state() -> None:
    last = rank("duration", "max", "succeeded", window=TODAY)
    assert pick("and the shortest?", Context(last)) == rank("duration", "min", "succeeded", window=TODAY)


def test_through_the_chat(svc: AssistantService) -> None:
    sid, text, query = ask(svc, "shortest job that finished ok?", None)
    assert query == {"name": "job_rank", "metric": "duration", "order": "min", "state": "succeeded"}
    assert text.startswith("Job 2 (bench-attn) ran the shortest of the successful jobs: 10m00s")
    assert "oom-c" not in text and invented(svc, sid, text, False) == []
    sid, text, query = ask(svc, "which cancelled job ran the longest", None)
    assert query is not None and query["state"] == "cancelled" and text == "No cancelled job has run."
