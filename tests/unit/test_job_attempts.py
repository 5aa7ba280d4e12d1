"""A job's attempts read back from its events (api.attempts), on both stores: each attempt's start, end,
outcome, wait and GPUs, and GPU-seconds over all of them, as the events ``gpuaccel show`` prints say."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest

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


def test_show_says_what_all_attempts_took(job_store: JobStore, capsys: pytest.CaptureFixture[str]) -> None:
    """`gpuaccel show`'s duration is the last attempt's; a job tried more than once also gets the run time and
    GPU-hours over all of them, the figures the assistant gives for the same job."""
    import argparse

    from gpuaccel.app.commands.jobs import cmd_show

    clock = [T0]
    with mock.patch("time.time", lambda: clock[0]):
        req = validate_request({"kind": "command", "argv": ["true"], "gpus": 2, "max_retries": 1})
        job = job_store.insert_submissions([(req, None, None)])[0]
        assert isinstance(job, tuple)
        jid = job[0].id
        clock[0] = T0 + 120
        assert job_store.claim(jid, "me", 60, [0, 1])
        clock[0] = T0 + 300
        assert job_store.to_retrying(jid, T0 + 330, "CUDA out of memory", 1)
        clock[0] = T0 + 330
        assert job_store.requeue_due(T0 + 330) == [jid]
        clock[0] = T0 + 400
        assert job_store.claim(jid, "me", 60, [1])
        clock[0] = T0 + 500
        assert job_store.finish(jid, JobState.FAILED, "CUDA out of memory", 1)
        full = job_store.get(jid, with_events=True)
        assert full is not None

        class Client:
            def get_job(self, job_id: int) -> Any:
                return full

        assert cmd_show(argparse.Namespace(id=jid, json=False), Client()) == 0  # type: ignore[arg-type]
    out = capsys.readouterr().out
    assert "  duration        1m40s\n" in out  # the last attempt
    assert "  all attempts    2 ran 4m40s in all, 0.13 GPU-hours\n" in out  # 180 s x 2 GPUs + 100 s x 1
