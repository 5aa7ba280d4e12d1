"""What a new daemon does with the jobs a dead one left ``running``: adopt, record the real end, or requeue.

The data-dir lock proves the previous daemon is gone; each attempt's files
(:mod:`scheduler.placement.attempts`)
tell the rest, so nothing here depends on when the old daemon died:

- lock held: the keeper still runs the job. It is adopted (supervised until it ends; cancel and timeout
  work), never started again beside itself and never marked failed while it runs.
- lock free, exit status written: the job ended while no daemon watched; that end is recorded.
- lock free, no status, but the keeper had written its pid: the keeper was killed with its job; a lost
  worker (queued again if its retries allow, else failed).
- lock free and no pid: the job never started (the daemon died between the claim and the fork); it is
  queued again without counting the attempt.

Rows from a version without attempt files fall back to the recorded worker pid and start time.
"""

from __future__ import annotations

import logging
import os
import signal
import time
from collections.abc import Callable
from pathlib import Path

from gpuaccel.api.jobs import LIVE, Job, JobState
from gpuaccel.scheduler.placement.attempts import Attempt, kill_leftovers, sweep
from gpuaccel.scheduler.placement.runner import exit_outcome, log_tail, process_start_marker
from gpuaccel.scheduler.store.jobstore import JobStore

log = logging.getLogger(__name__)
LOST_WORKER = "daemon lost its worker"

Adopt = Callable[[Job, Attempt, "int | None"], None]
Record = Callable[[int, JobState, "str | None", "int | None"], "Job | None"]


def recover(
    store: JobStore,
    runs: Path,
    lease: tuple[str, float],
    logs: Callable[[int], Path],
    adopt: Adopt,
    record: Record,
    jobs: list[Job] | None = None,
) -> list[Job]:
    """Account for every job a dead daemon left running on this host (``lease``: this daemon's owner
    name and lease length; ``jobs``: those orphans, default all); returns the jobs adopted or recorded."""
    out: list[Job] = []
    for job in store.orphans(lease[0]) if jobs is None else jobs:
        attempt = Attempt(runs, job.id, job.attempt)
        if not attempt.lock_path.exists() and job.worker_pid is not None:
            done = _legacy(job, record)
        else:
            done = _from_files(store, job, attempt, lease, logs(job.id), adopt, record)
        if done is not None:
            out.append(done)
    sweep(runs, {(j.id, j.attempt) for j in store.list(states=sorted(LIVE), limit=1_000_000)})
    return out


def _from_files(
    store: JobStore,
    job: Job,
    attempt: Attempt,
    lease: tuple[str, float],
    log_path: Path,
    adopt: Adopt,
    record: Record,
) -> Job | None:
    probe = attempt.probe()
    if probe.alive:
        pid = probe.pid or "?"
        message = f"daemon restarted; attempt {job.attempt} still runs (pid {pid}), supervised again"
        adopted = store.adopt(job.id, *lease, probe.pid, message)
        if adopted is not None:
            adopt(adopted, attempt, probe.pid)
        return adopted
    killed = kill_leftovers(probe.pid)
    note = f" (processes left in its group, {probe.pid}, were killed)" if killed else ""
    if probe.exit is not None:
        state, reason, code = exit_outcome(probe.exit.code, log_tail(log_path))
        store.add_event(
            "job", job_id=job.id, state=JobState.RUNNING,
            message=f"attempt {job.attempt} ended (exit status {code}) while no daemon ran{note}",
        )  # fmt: skip
        done = record(job.id, state, reason, code)
    elif probe.pid is None:
        done = record(job.id, JobState.QUEUED, "the daemon stopped before starting it", None)
    else:
        done = record(job.id, JobState.FAILED, f"{LOST_WORKER}: its keeper was killed{note}", None)
    attempt.remove()
    return done


def _legacy(job: Job, record: Record) -> Job | None:
    killed = job.worker_pid is not None and kill_orphan(job.worker_pid, job.worker_start)
    note = f" (its orphaned worker, pid {job.worker_pid}, was killed)" if killed else ""
    return record(job.id, JobState.FAILED, LOST_WORKER + note, None)


def kill_orphan(pid: int, marker: str | None, wait_s: float = 5.0) -> bool:
    """SIGKILL the process group a dead daemon left running, if ``pid`` is still that process; wait for it."""
    if marker is None or process_start_marker(pid) != marker:
        return False
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        return False
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline and process_start_marker(pid) == marker:
        time.sleep(0.02)
    return True
