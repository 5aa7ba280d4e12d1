"""The scheduler's rules on a fake clock, against both job stores: dispatch, retries and their backoff,
time limits, dependencies, arrays, holds and start times, each decided by ``tick(now)`` with workers that
exit when the test says. No process starts and nothing sleeps: the whole file runs in about a second."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gpuaccel.api.jobs import Job, JobState
from gpuaccel.scheduler.config import SchedulerConfig
from gpuaccel.scheduler.lifecycle.allocator import GpuState
from gpuaccel.scheduler.lifecycle.service import Scheduler
from gpuaccel.scheduler.lifecycle.validation import Pending
from gpuaccel.scheduler.paths import DataDir
from gpuaccel.scheduler.placement.placements import LOCAL, Placements
from gpuaccel.scheduler.store.jobstore import JobStore

BACKOFF_S = 60.0
T0 = time.time()


class Clock:
    """The test's unix time; the scheduler reads it only through ``tick(now)``."""

    def __init__(self) -> None:
        self.now = T0

    def advance(self, seconds: float) -> float:
        self.now += seconds
        return self.now


class FakeRun:
    """A running attempt (:class:`placements.Running`) that ends when the test says or when stopped."""

    def __init__(self, job: Job, clock: Clock) -> None:
        self.job, self.job_id, self.gpus = job, job.id, list(job.assigned_gpus)
        self.metrics: dict[str, dict[str, Any]] = {}
        self.stop_state: JobState | None = None
        # monotonic, as a real worker's: the time limit counted from the fake clock's "now"
        at_now = time.monotonic() + (clock.now - time.time())
        self.deadline = None if job.timeout_s is None else at_now + job.timeout_s
        self._outcome: tuple[JobState, str | None, int | None] | None = None

    pid = None

    @property
    def exited(self) -> bool:
        return self._outcome is not None

    def exit(self, code: int) -> None:
        state = JobState.SUCCEEDED if code == 0 else JobState.FAILED
        self._outcome = (state, None if code == 0 else f"exited with code {code}", code)

    def stop(self, state: JobState, reason: str, grace_s: float) -> None:
        self.stop_state = state  # ends at once, as a process does on SIGTERM
        self._outcome = (state, reason, None)

    def outcome(self) -> tuple[JobState, str | None, int | None]:
        assert self._outcome is not None
        return self._outcome

    def enforce_kill(self, now: float) -> None: ...
    def join(self, timeout: float = 0.5) -> None: ...
    def flush_progress(self, store: JobStore, interval_s: float, force: bool = False) -> None: ...
    def settled(self) -> None: ...
    def detach(self) -> bool:
        return False


class FakePlacement:
    """This host with no GPUs to fill: every job that asks for none fits; launches are recorded."""

    name = LOCAL

    def __init__(self, clock: Clock) -> None:
        self.clock = clock
        self.runs: dict[int, list[FakeRun]] = {}

    def fit(self, job: Pending, gpus: list[GpuState], held: dict[int, int], no_gpu: str | None) -> list[int]:
        return []

    def launch(self, job: Job, on_exit: Any) -> FakeRun:
        run = FakeRun(job, self.clock)
        self.runs.setdefault(job.id, []).append(run)
        return run

    def worker(self, job: Job, on_exit: Any) -> FakeRun:
        return self.launch(job, on_exit)

    def close(self) -> None: ...


class Queue:
    """A scheduler on a job store with the fake placement and clock."""

    def __init__(self, store: JobStore, root: Path, **config: Any) -> None:
        self.clock = Clock()
        self.place = FakePlacement(self.clock)
        settings = {"max_parallel": 2, "retry_backoff_s": BACKOFF_S, **config}
        self.sched = Scheduler(
            store, DataDir(root), SchedulerConfig(**settings), sampler=None,
            placements=Placements(self.place),  # type: ignore[arg-type]  # the local placement's duck
        )  # fmt: skip
        self.store = store

    def submit(self, **raw: Any) -> int:
        return self.sched.submit({"kind": "command", "argv": ["true"], **raw}).id

    def tick(self, advance: float = 0.0) -> None:
        self.sched.tick(now=self.clock.advance(advance))

    def state(self, job_id: int) -> JobState:
        job = self.store.get(job_id)
        assert job is not None
        return job.state

    def job(self, job_id: int) -> Job:
        job = self.store.get(job_id)
        assert job is not None
        return job

    def exit(self, job_id: int, code: int = 0) -> None:
        self.place.runs[job_id][-1].exit(code)


@pytest.fixture
def q(job_store: JobStore, tmp_path: Path) -> Iterator[Queue]:
    queue = Queue(job_store, tmp_path)
    yield queue
    queue.sched.stop()


def test_dispatch_fills_the_free_slots_and_the_next_exit_starts_the_next(q: Queue) -> None:
    a, b, c = q.submit(), q.submit(), q.submit()
    q.tick()
    assert [q.state(i) for i in (a, b, c)] == ["running", "running", "queued"]
    assert q.job(c).waiting_reason == "waiting for a free slot (2 jobs running)"
    q.exit(a)
    q.tick(1)
    assert [q.state(i) for i in (a, b, c)] == ["succeeded", "running", "running"]
    assert q.job(c).waiting_reason is None


def test_priority_decides_who_takes_the_free_slot(q: Queue) -> None:
    low = [q.submit(), q.submit()]
    q.tick()
    later, urgent = q.submit(), q.submit(priority=10)
    q.exit(low[0])
    q.tick(1)
    assert q.state(urgent) == "running" and q.state(later) == "queued"


def test_a_failure_waits_its_backoff_then_runs_again_until_the_retries_are_spent(q: Queue) -> None:
    job = q.submit(max_retries=2)
    q.tick()
    q.exit(job, 3)
    q.tick(1)
    assert q.state(job) == "retrying" and q.job(job).retry_at == pytest.approx(q.clock.now + BACKOFF_S)
    q.tick(BACKOFF_S - 1)
    assert q.state(job) == "retrying"
    q.tick(2)
    assert q.state(job) == "running" and q.job(job).attempt == 2
    q.exit(job, 3)
    q.tick(1)  # the second retry waits twice as long
    assert q.job(job).retry_at == pytest.approx(q.clock.now + 2 * BACKOFF_S)
    q.tick(2 * BACKOFF_S + 1)
    q.exit(job, 3)
    q.tick(1)
    done = q.job(job)
    assert (done.state, done.attempt, done.exit_code, done.reason) == ("failed", 3, 3, "exited with code 3")


def test_a_time_limit_ends_the_attempt_when_the_clock_passes_it(q: Queue) -> None:
    job = q.submit(timeout_s=30)
    q.tick()
    q.tick(29)
    assert q.state(job) == "running"
    q.tick(2)  # over the limit: stopped ...
    q.tick()  # ... and its end recorded at the next pass
    done = q.job(job)
    assert done.state == "failed" and done.reason == "timed out after 30 s"


def test_dependencies_wait_for_success_and_fail_when_it_cannot_come(q: Queue) -> None:
    first = q.submit()
    after_ok = q.submit(depends_on=[first])
    after_bad = q.submit(after_notok=[first])
    q.tick()
    assert q.state(after_ok) == "queued" and q.state(after_bad) == "queued"
    assert str(first) in (q.job(after_ok).waiting_reason or "")
    q.exit(first, 1)
    q.tick(1)
    assert q.state(after_ok) == "failed" and f"dependency job {first}" in (q.job(after_ok).reason or "")
    assert q.state(after_bad) == "running"


def test_an_array_keeps_its_limit_of_elements_at_once(job_store: JobStore, tmp_path: Path) -> None:
    q = Queue(job_store, tmp_path, max_parallel=8)
    try:
        first = q.submit(array="0-4%2")
        ids = list(range(first, first + 5))
        q.tick()
        assert [q.state(i) for i in ids] == ["running", "running", "queued", "queued", "queued"]
        assert "array" in (q.job(ids[2]).waiting_reason or "")
        q.exit(ids[0])
        q.tick(1)
        assert [q.state(i) for i in ids].count("running") == 2 and q.state(ids[2]) == "running"
        assert [q.job(i).array_index for i in ids] == [0, 1, 2, 3, 4]
    finally:
        q.sched.stop()


def test_a_held_job_waits_for_its_release(q: Queue) -> None:
    job = q.submit(hold=True)
    q.tick(3600)
    assert q.state(job) == "held"
    assert q.store.move(job, "release", "released by user") is not None
    q.tick()
    assert q.state(job) == "running"


def test_a_start_time_comes_with_the_clock(q: Queue) -> None:
    job = q.submit(not_before=T0 + 7200)
    q.tick(7199)
    assert q.state(job) == "queued" and (q.job(job).waiting_reason or "").startswith("starts at")
    q.tick(2)
    assert q.state(job) == "running"


def test_a_cancel_ends_a_running_job_cancelled_whatever_its_exit(q: Queue) -> None:
    job = q.submit(max_retries=3)
    q.tick()
    q.sched.cancel(job)
    q.tick(1)
    done = q.job(job)
    assert done.state == "cancelled" and done.reason == "cancelled by user"
    events = [e.message for e in q.store.events(job_id=job)]
    assert events == [
        "submitted (command)", "started attempt 1 without a GPU", "cancel requested: SIGTERM sent",
        "cancelled by user",
    ]  # fmt: skip
