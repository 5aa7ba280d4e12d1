"""Faults: the scheduler killed with -9 again and again while jobs finish and their finish hooks run.

Why: finish hooks were an in-memory queue: a kill lost the hooks of the jobs that had just finished, and a
hook running at the kill ran without its outcome being recorded. Now each hook is a row of the outbox,
written in the transaction that finishes its job and run again by the next daemon until its outcome is
recorded. Here a global hook appends its job's id to a file on each run; after every kill and one last
clean run, each finished job's hook ran at least once, and its outcome was recorded exactly once.

The scheduler is forked from this process (scheduler_host: the real Scheduler, Store, hooks and recovery; no
HTTP layer).
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from scheduler_host import run_host

from gpuaccel.scheduler.config import SchedulerConfig
from gpuaccel.scheduler.store.queue import Store

SEED = 4040
KILLS = 20  # at least this many kills; more (up to twice) while fewer than VOLUME jobs were submitted
JOBS_PER_TRIAL = 55
VOLUME = 1000  # a kill early in a trial cuts its burst short (more often on a loaded machine)


def _config(marks: Path) -> SchedulerConfig:
    return SchedulerConfig(
        tick_s=0.05, heartbeat_s=0.1, kill_grace_s=0.5, max_parallel=8, retry_backoff_s=0.05,
        on_finish=f'echo "$GPUACCEL_JOB_ID" >> {marks}', hook_timeout_s=20,
    )  # fmt: skip


def _submitted(data: Path) -> int:
    store = Store(data / "gpuaccel.db")
    try:
        return sum(store.counts().values())
    finally:
        store.close()


def test_kill9_while_hooks_run_loses_none_and_records_each_once(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    data, marks = tmp_path / "data", tmp_path / "hooks.log"
    kills = 0
    while kills < KILLS or (kills < 2 * KILLS and _submitted(data) < VOLUME):
        kills += 1
        run_host(data, _config(marks), [["true"]] * JOBS_PER_TRIAL, kill_after=rng.uniform(0.05, 1.0))
    assert run_host(data, _config(marks), [], kill_after=None) == 0
    store = Store(data / "gpuaccel.db")
    try:
        finished = [
            j.id for j in store.list(limit=100_000) if j.state in ("succeeded", "failed", "cancelled")
        ]
        outcomes = Counter(
            e.job_id for e in store.events(limit=1_000_000) if e.message.startswith("finish hook ")
        )
        rows = store.query("SELECT job_id, runs, outcome FROM hook_outbox")
    finally:
        store.close()
    ran = Counter(int(line) for line in marks.read_text().split())
    print(
        f"{kills} kills, {len(finished)} finished jobs; hooks run {sum(ran.values())} times, "
        f"{sum(1 for n in ran.values() if n > 1)} jobs' hooks run again after a kill"
    )
    assert len(finished) >= VOLUME
    assert [j for j in finished if ran[j] < 1] == [], "every finished job's hook ran at least once"
    assert [j for j in finished if outcomes[j] != 1] == [], "each hook's outcome recorded exactly once"
    assert sorted(r["job_id"] for r in rows) == sorted(finished) and all(r["outcome"] for r in rows)
