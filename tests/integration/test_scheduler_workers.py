"""The scheduler in-process: workers and their end reasons, orphan handling, history, the matmul entry."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from gpuaccel.accel.telemetry import open_backend
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.accel.telemetry.types import GpuSample
from gpuaccel.accel.workloads.__main__ import main as worker_main
from gpuaccel.scheduler.config import SchedulerConfig
from gpuaccel.scheduler.lifecycle.recovery import kill_orphan
from gpuaccel.scheduler.lifecycle.service import Scheduler
from gpuaccel.scheduler.paths import DataDir
from gpuaccel.scheduler.placement.runner import process_start_marker
from gpuaccel.scheduler.reads.history import query_history
from gpuaccel.scheduler.store.history import HistoryWriter
from gpuaccel.scheduler.store.queue import Store

FAST = SchedulerConfig(tick_s=0.05, kill_grace_s=0.3, retry_backoff_s=0.05, heartbeat_s=0.1)


@pytest.fixture
def sched(tmp_path: Path) -> Iterator[Scheduler]:
    dd = DataDir(tmp_path / "data")
    dd.ensure()
    store = Store(dd.db)
    s = Scheduler(store, dd, FAST, sampler=None)
    s.start()
    yield s
    s.stop()
    store.close()


def _wait(s: Scheduler, job_id: int, timeout: float = 15.0) -> object:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        job = s.store.get(job_id)
        if job.finished:
            return job
        time.sleep(0.02)
    pytest.fail(f"job {job_id} did not finish: {s.store.get(job_id)}")


def test_end_reasons(sched: Scheduler) -> None:
    oom = sched.submit({"kind": "command", "argv": [sys.executable, "-c", "import sys; sys.exit(\n"
        "'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 GiB')"]})  # fmt: skip
    missing = sched.submit({"kind": "command", "argv": ["/no/such/program"]})
    last_line = sched.submit(
        {"kind": "command", "argv": ["sh", "-c", "echo first; echo 'ValueError: bad input'; exit 2"]}
    )
    killed = sched.submit({"kind": "command", "argv": ["sh", "-c", "kill -KILL $$"]})
    assert _wait(sched, oom.id).reason == "CUDA out of memory (exit code 1)"
    assert "could not start '/no/such/program'" in _wait(sched, missing.id).reason
    assert _wait(sched, last_line.id).reason == "exited with code 2: ValueError: bad input"
    assert "killed by signal SIGKILL" in _wait(sched, killed.id).reason


def test_workers_get_no_gpu_without_telemetry_and_gpu_jobs_wait(sched: Scheduler) -> None:
    job = sched.submit({"kind": "command", "argv": ["true"], "gpus": 1})
    deadline = time.monotonic() + 5
    while not sched.store.get(job.id).waiting_reason and time.monotonic() < deadline:
        time.sleep(0.02)
    assert sched.store.get(job.id).waiting_reason == "needs 1 GPU; this machine has no GPU (telemetry is off)"
    assert sched.cancel(job.id).state == "cancelled"


def test_kill_orphan_checks_the_start_time(tmp_path: Path) -> None:
    proc = subprocess.Popen(["sleep", "30"], start_new_session=True)
    try:
        marker = process_start_marker(proc.pid)
        assert marker is not None
        assert not kill_orphan(proc.pid, "not-its-start-time"), "a reused pid is left alone"
        assert proc.poll() is None
        waiter = threading.Thread(target=proc.wait)
        waiter.start()
        assert kill_orphan(proc.pid, marker)
        waiter.join(5)
        assert proc.returncode == -9
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_history_writer_flushes_seconds_rolls_up_minutes_and_prunes(tmp_path: Path) -> None:
    store = Store(tmp_path / "db")
    sampler = Sampler(open_backend("two_gpus"))
    sampler.open()
    writer = HistoryWriter(store, sampler, SchedulerConfig(history_1s_keep_s=3600, history_1m_keep_s=7200))
    base = 1_800_000_000.0  # a whole minute
    for k in range(120):  # 2 minutes at 1 Hz, GPU 0 only
        t = base + k
        writer.on_samples([GpuSample(index=0, uuid="u", timestamp=t, util_gpu=float(k % 60), power_w=100.0)])
    writer.flush(now=base + 120.5)
    one_s = query_history(store, sampler, 0, ["util_gpu", "tensor_active"], base, base + 200, "1s")
    assert len(one_s["t"]) == 120 and one_s["util_gpu"][:3] == [0.0, 1.0, 2.0]
    assert one_s["tensor_active"][0] is None, "missing values are null"
    writer.roll_up(base, base + 120)
    one_m = query_history(store, sampler, 0, ["util_gpu", "power_w"], base, base + 200, "1m")
    assert (
        one_m["t"] == [base, base + 60] and one_m["util_gpu"] == [29.5, 29.5] and one_m["power_w"][0] == 100.0
    )
    writer.prune(now=base + 3600 + 60)
    assert len(query_history(store, sampler, 0, ["util_gpu"], 0, base + 1e6, "1s")["t"]) == 60
    assert len(query_history(store, sampler, 0, ["util_gpu"], 0, base + 1e6, "1m")["t"]) == 2
    with pytest.raises(ValueError, match="fields: unknown nonsense"):
        query_history(store, sampler, 0, ["nonsense"], None, None, "1s")
    store.close()
    sampler.stop()


def test_matmul_worker_without_cuda_fails_with_a_clear_reason(capsys: pytest.CaptureFixture[str]) -> None:
    torch = pytest.importorskip("torch")
    if torch.cuda.is_available():
        pytest.skip("this machine has CUDA; the GPU path is a tier-3 test")
    # In-process (the daemon runs the same entry as `python -m gpuaccel.accel.workloads`): one torch import.
    assert worker_main(["matmul", "--spec-json", json.dumps({"size": 128})]) == 1
    last = capsys.readouterr().err.strip().splitlines()[-1]
    assert last.startswith("error: RuntimeError: matmul needs a CUDA GPU")
    assert worker_main(["matmul", "--spec-json", '{"size": 3}']) == 2
    assert "spec.size: must be an integer from 64 to 32768" in capsys.readouterr().err
