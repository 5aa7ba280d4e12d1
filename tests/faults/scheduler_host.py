"""The scheduler forked from the test process, to be killed with -9: the kill -9 chaos tests' host.

The child runs the real Scheduler, Store, keeper, finish hooks and recovery (no HTTP layer, so a trial costs
no interpreter start): it recovers what the last one left, says it is ready, submits its burst while it
dispatches, and waits to be killed; or, with no kill, runs the queue and the hook outbox empty and stops
cleanly.
"""

from __future__ import annotations

import os
import select
import signal
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

from gpuaccel.scheduler.config import SchedulerConfig
from gpuaccel.scheduler.lifecycle.service import Scheduler
from gpuaccel.scheduler.paths import DataDir
from gpuaccel.scheduler.store.queue import Store

DRAIN_S = 300.0  # the most a clean last run may take to run the queue and the outbox empty
START_S = 60.0  # the most the child may take to recover and start


def _host(data: Path, config: SchedulerConfig, jobs: list[list[str]], ready: int, drain: bool) -> NoReturn:
    code = 1
    try:
        dd = DataDir(data)
        dd.ensure()
        store = Store(dd.db)
        sched = Scheduler(store, dd, config, sampler=None)
        sched.start()
        os.write(ready, b"r")
        for argv in jobs:
            sched.submit({"kind": "command", "argv": argv})
        if drain:
            deadline = time.monotonic() + DRAIN_S
            while time.monotonic() < deadline and (
                any(store.counts().get(s, 0) for s in ("queued", "running", "retrying"))
                or store.pending_hooks()
            ):
                time.sleep(0.02)
            sched.stop()
            store.close()
            code = 0
        else:
            time.sleep(600)
    except BaseException:
        traceback.print_exc()
    finally:
        os._exit(code)


def run_host(
    data: Path,
    config: SchedulerConfig,
    jobs: list[list[str]],
    kill_after: float | None,
    kill_when: Callable[[], bool] | None = None,
) -> int:
    """Fork the host on ``data`` with ``jobs`` (argv each); kill it ``kill_after`` s after it is ready (or,
    given ``kill_when``, after that first holds: a point in a job's life, whatever the machine's load) and
    return -9, or, with ``kill_after=None``, let it drain and return its exit code (0: stopped cleanly)."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        _host(data, config, jobs, w, drain=kill_after is None)
    os.close(w)
    try:
        assert select.select([r], [], [], START_S)[0], f"the scheduler did not start within {START_S:.0f} s"
        assert os.read(r, 1) == b"r", "the scheduler died while starting"
    finally:
        os.close(r)
    if kill_after is None:
        return os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
    deadline = time.monotonic() + START_S
    while kill_when is not None and not kill_when():
        assert time.monotonic() < deadline, f"the point to kill at did not come within {START_S:.0f} s"
        time.sleep(0.01)
    time.sleep(kill_after)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    return -9
