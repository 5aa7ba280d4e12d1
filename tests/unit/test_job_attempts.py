"""A job's attempts read back from its events (api.attempts), on both stores: each attempt's start, end,
outcome, wait and GPUs, and GPU-seconds over all of them, as the events ``gpuaccel show`` prints say."""

from __future__ import annotations

from unittest import mock

from gpuaccel.api.attempts import attempts, gpu_seconds, run_seconds
from gpuaccel.api.jobs import JobState
from gpuaccel.scheduler.lifecycle.validation import validate_request
from gpuaccel.scheduler.store.jobstore import JobStore

T0 = 1_800_000_000.0


def test_three_attempts_a_retry_by_hand_and_their_waits(job_store: JobStore) -> None:
    clock = [T0]
    with mock.patch("time.time", lambda: clock[0]):

        def at(dt: float) -> None:
            clock[0] = T0 + dt

        req = validate_request({"kind": "command", "argv": ["true"], "gpus": 2, "max_retries": 1})
        job = job_store.insert_submissions([(req, None, None)])[0]
        assert isinstance(job, tuple)
        jid = job[0].id
        at(120)
        assert job_store.claim(jid, "me", 60, [0, 1])
        at(300)
        assert job_store.to_retrying(jid, T0 + 330, "CUDA out of memory", 1)
        at(330)
        assert job_store.requeue_due(T0 + 330) == [jid]
        at(400)
        assert job_store.claim(jid, "me", 60, [1, 0])
        at(500)
        assert job_store.finish(jid, JobState.FAILED, "CUDA out of memory", 1)
        at(1000)
        assert job_store.retry(jid)
        at(1010)
        assert job_store.claim(jid, "me", 60, [1])
        full = job_store.get(jid, with_events=True)
    assert full is not None
    runs = attempts(full)
    assert [a.number for a in runs] == [1, 2, 3]
    assert [(a.started_at - T0, None if a.ended_at is None else a.ended_at - T0) for a in runs] == [
        (120, 300), (400, 500), (1010, None)
    ]  # fmt: skip
    assert [a.waited_s for a in runs] == [120, 100, 10]  # from submission, the failed end, the retry by hand
    assert [a.outcome for a in runs] == [JobState.RETRYING, JobState.FAILED, JobState.RUNNING]
    assert [a.gpus for a in runs] == [[0, 1], [1, 0], [1]]
    assert runs[0].why.startswith("CUDA out of memory")
    assert gpu_seconds(full, T0 + 1100) == 180 * 2 + 100 * 2 + 90 * 1
    assert run_seconds(full, T0 + 1100) == 180 + 100 + 90
    row = job_store.get(jid)  # a listing's row, without events: only the latest attempt
    assert row is not None and [a.number for a in attempts(row)] == [3]


def test_a_job_that_never_started_has_no_attempt(job_store: JobStore) -> None:
    req = validate_request({"kind": "command", "argv": ["true"]})
    job = job_store.insert_submissions([(req, None, None)])[0]
    assert isinstance(job, tuple)
    full = job_store.get(job[0].id, with_events=True)
    assert full is not None and attempts(full) == [] and run_seconds(full, T0) is None
