"""Faults: thousands of blocked higher-priority jobs must not hide the others from dispatch.

Why: dispatch used to read only the first 2,000 queued jobs in priority order. With more blocked jobs
than that ahead (here 2,100 that need a GPU on a machine without one), a runnable job behind them never
ran once a slot had to be found for it, and the waiting reasons of the jobs behind were never refreshed
("waiting for job N (running)" long after N ended).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from gpuaccel.scheduler.config import SchedulerConfig
from gpuaccel.scheduler.lifecycle.service import Scheduler
from gpuaccel.scheduler.paths import DataDir
from gpuaccel.scheduler.store.queue import Store

BLOCKED = 2100
CONFIG = SchedulerConfig(tick_s=0.05, heartbeat_s=0.1, kill_grace_s=0.3, max_parallel=3)


@pytest.fixture
def sched(tmp_path: Path) -> Iterator[Scheduler]:
    dd = DataDir(tmp_path / "data")
    dd.ensure()
    store = Store(dd.db)
    s = Scheduler(store, dd, CONFIG, sampler=None)  # no telemetry: every GPU job waits
    s.start()
    yield s
    s.stop()
    store.close()


def _until(what: str, predicate: object, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():  # type: ignore[operator]
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.02)


def _waits_for(tmp: Path, name: str) -> dict[str, object]:
    return {
        "kind": "command",
        "argv": ["sh", "-c", f"while [ ! -e {tmp / name} ]; do sleep 0.02; done"],
        "priority": 100,
    }


def test_a_runnable_job_behind_2100_blocked_ones_runs_and_reasons_stay_fresh(
    sched: Scheduler, tmp_path: Path
) -> None:
    store = sched.store
    d, f, g = (sched.submit(_waits_for(tmp_path, n)) for n in ("d", "f", "g"))
    _until("three jobs running", lambda: all(store.get(j.id).state == "running" for j in (d, f, g)))
    runnable = sched.submit({"kind": "command", "argv": ["true"], "priority": 0})
    for _ in range(BLOCKED):
        sched.submit({"kind": "command", "argv": ["true"], "gpus": 1, "priority": 10})
    waiting = sched.submit({"kind": "command", "argv": ["true"], "priority": 5, "depends_on": [d.id, f.id]})
    _until(
        "the dependent job's reason",
        lambda: store.get(waiting.id).waiting_reason == f"waiting for job {d.id} (running)",
    )

    (tmp_path / "g").touch()  # a slot frees: the job behind the 2,100 blocked ones must get it
    _until("the runnable job to succeed", lambda: store.get(runnable.id).state == "succeeded")
    assert store.counts()["queued"] == BLOCKED + 1

    (tmp_path / "d").touch()
    _until(
        "the reason to move on to the next dependency",
        lambda: store.get(waiting.id).waiting_reason == f"waiting for job {f.id} (running)",
    )
    (tmp_path / "f").touch()
    _until("the dependent job to succeed", lambda: store.get(waiting.id).state == "succeeded")
    blocked = store.list(states=["queued"], limit=5)
    assert {j.waiting_reason for j in blocked} == {"needs 1 GPU; this machine has no GPU (telemetry is off)"}
