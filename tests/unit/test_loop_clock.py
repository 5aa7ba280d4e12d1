"""The scheduler loop driven by ``tick(now=...)`` on a fake clock: start times and retry backoffs come when
the clock says, with no sleeping and no loop thread."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from daemon_fixture import wait_for

from gpuaccel.scheduler.config import SchedulerConfig
from gpuaccel.scheduler.lifecycle.service import Scheduler
from gpuaccel.scheduler.paths import DataDir
from gpuaccel.scheduler.store.queue import Store

HOUR = 3600.0


@pytest.fixture
def sched(store: Store, tmp_path: Path) -> Iterator[Scheduler]:
    dd = DataDir(tmp_path / "data")
    dd.ensure()
    s = Scheduler(store, dd, SchedulerConfig(retry_backoff_s=HOUR, max_parallel=2), sampler=None)
    yield s
    s.stop()


def _state_after_ticks(sched: Scheduler, job_id: int, now: float, want: str) -> str:
    """Tick at ``now`` until the job reaches ``want`` (its process runs on the real clock)."""

    def reached() -> bool:
        sched.tick(now=now)
        job = sched.store.get(job_id)
        return job is not None and job.state == want

    wait_for(reached, timeout=20, what=f"job {job_id} {want}")
    return want


def test_a_start_time_comes_when_the_clock_says(sched: Scheduler) -> None:
    t0 = time.time()
    job = sched.submit({"kind": "command", "argv": ["true"], "not_before": t0 + 2 * HOUR})
    sched.tick(now=t0)
    waiting = sched.store.get(job.id)
    assert waiting is not None and waiting.state == "queued" and "starts at" in (waiting.waiting_reason or "")
    sched.tick(now=t0 + 2 * HOUR - 1)
    assert sched.store.get(job.id).state == "queued"  # type: ignore[union-attr]
    assert _state_after_ticks(sched, job.id, t0 + 2 * HOUR + 1, "succeeded")


def test_a_retry_waits_out_its_backoff_on_the_fake_clock(sched: Scheduler) -> None:
    job = sched.submit({"kind": "command", "argv": ["false"], "max_retries": 1})
    now = time.time()
    _state_after_ticks(sched, job.id, now, "retrying")
    sched.tick(now=now + 60)  # an hour's backoff: a minute later it still waits
    assert sched.store.get(job.id).state == "retrying"  # type: ignore[union-attr]
    assert _state_after_ticks(sched, job.id, now + 2 * HOUR, "failed")  # its second and last attempt
    assert sched.store.get(job.id).attempt == 2  # type: ignore[union-attr]
