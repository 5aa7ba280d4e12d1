"""One job attempt as an OS process: its own process group, its log file, its report pipe.

The worker is started with ``start_new_session`` so that cancel and timeout can signal the whole
group (the job's children included), and so that a daemon restart can find and kill an orphan by its
process group. Two small threads per worker: one reads the JSON-lines report pipe, one waits for the
exit and wakes the scheduler, so an exit is noticed at once, not at the next tick.
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gpuaccel.accel.workloads.report import (
    JOB_LOG_DIR_ENV,
    REPORT_FD_ENV,
    MetricRecord,
    Progress,
    Record,
    ResultRecord,
    read_records,
)
from gpuaccel.scheduler import paths
from gpuaccel.scheduler.jobs import COMMAND
from gpuaccel.scheduler.models import Job, JobState

MAX_METRIC_NAMES = 256  # distinct metric names kept per attempt; a job inventing names without end is cut off
OOM_PATTERNS = (
    "CUDA out of memory",
    "torch.OutOfMemoryError",
    "torch.cuda.OutOfMemoryError",
    "CUDA error: out of memory",
)


def worker_argv(job: Job) -> list[str]:
    if job.kind == COMMAND:
        return list(job.argv)
    return [sys.executable, "-m", "gpuaccel.accel.workloads", job.kind, "--spec-json", json.dumps(job.spec)]


def process_start_marker(pid: int) -> str | None:
    """Start time of ``pid`` (field 22 of /proc/PID/stat): tells a live orphan from a reused pid."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2 :].split()
    return fields[19] if fields[0] != "Z" else None  # fields[0] is field 3 (state); 22 - 3 = 19


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


class Worker:
    """A running attempt. ``stop`` records why the daemon ended it (cancel, timeout) before signalling."""

    def __init__(
        self,
        job: Job,
        log_path: Path,
        on_exit: Callable[[Worker], None],
    ) -> None:
        self.job = job
        self.job_id = job.id
        self.gpus = list(job.assigned_gpus)
        self.log_path = log_path
        self.started = time.monotonic()
        self.deadline = self.started + job.timeout_s if job.timeout_s else None
        self.stop_state: JobState | None = None
        self.stop_reason: str | None = None
        self.kill_at: float | None = None
        self.progress: Progress | None = None
        self.result: dict[str, Any] | None = None
        self.metrics: dict[str, dict[str, Any]] = {}
        # Report lines skipped since the scheduler last took them (take_skipped): reason -> (count, first
        # detail). Written by the reader thread, taken by the scheduler's, hence the lock.
        self._skipped: dict[str, tuple[int, str]] = {}
        self._skip_lock = threading.Lock()
        self.dirty = False
        self._on_exit = on_exit
        self._log_offset = 0
        self.proc: subprocess.Popen[bytes] | None = None
        self._threads: list[threading.Thread] = []

    def start(self, base_env: dict[str, str], default_cwd: str) -> None:
        job = self.job
        env = {**base_env, **job.env}
        env.update(
            CUDA_VISIBLE_DEVICES=",".join(map(str, self.gpus)),
            CUDA_DEVICE_ORDER="PCI_BUS_ID",  # so CUDA's indices are NVML's
            GPUACCEL_JOB_ID=str(job.id),
            GPUACCEL_ATTEMPT=str(job.attempt),
            PYTHONUNBUFFERED="1",
        )
        env[JOB_LOG_DIR_ENV] = str(self.log_path.parent)
        read_fd, write_fd = os.pipe()
        env[REPORT_FD_ENV] = str(write_fd)
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.log_path, "ab") as log:
            where = f"GPU {','.join(map(str, self.gpus))}" if self.gpus else "no GPU"
            stamp = time.strftime("%Y-%m-%d %H:%M:%S")
            header = f"=== job {job.id} attempt {job.attempt} on {where} at {stamp} ===\n"
            log.write(header.encode())
            log.flush()
            self._log_offset = log.tell()
            try:
                self.proc = subprocess.Popen(
                    worker_argv(job),
                    stdin=subprocess.DEVNULL,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    cwd=job.cwd or default_cwd,
                    env=env,
                    pass_fds=(write_fd,),
                    start_new_session=True,
                    umask=paths.user_umask(),  # the daemon's own files are private; the job's are the user's
                )
            except (OSError, ValueError) as exc:  # ValueError: a bad env name or NUL the checks missed
                os.close(read_fd)
                why = getattr(exc, "strerror", None) or exc
                program = worker_argv(job)[0]
                if isinstance(exc, FileNotFoundError) and len(job.argv) == 1 and " " in program.strip():
                    why = f"{why}; to run a shell line, submit it as: -- sh -c {shlex.quote(program)}"
                raise RuntimeError(f"could not start {program!r}: {why}") from exc
            finally:
                os.close(write_fd)
        reader = threading.Thread(
            target=self._read_reports, args=(read_fd,), name=f"job-{job.id}-report", daemon=True
        )
        waiter = threading.Thread(target=self._wait, name=f"job-{job.id}-wait", daemon=True)
        self._threads = [reader, waiter]
        reader.start()
        waiter.start()

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def _read_reports(self, fd: int) -> None:
        read_records(fd, self._apply, self._skip)

    def _apply(self, record: Record) -> None:
        """Keep a checked record as the job's latest progress, metric or result."""
        if isinstance(record, MetricRecord):
            if record.name not in self.metrics and len(self.metrics) >= MAX_METRIC_NAMES:
                raise ValueError(f"more than {MAX_METRIC_NAMES} metric names")
            self.metrics[record.name] = record.model_dump(include={"value", "exact", "unit", "t"})
        elif isinstance(record, ResultRecord):
            self.result = record.metrics
        else:
            self.progress = Progress(fraction=record.fraction, message=record.message)
        self.dirty = True  # the scheduler stores it at its next pass (throttled by progress_write_s)

    def _skip(self, reason: str, detail: str) -> None:
        with self._skip_lock:
            count, first = self._skipped.get(reason, (0, detail))
            self._skipped[reason] = (count + 1, first or detail)
        self.dirty = True

    def take_skipped(self) -> dict[str, tuple[int, str]]:
        """Skipped report lines since the last call: reason -> (count, the first one's detail)."""
        with self._skip_lock:
            skipped, self._skipped = self._skipped, {}
        return skipped

    def _wait(self) -> None:
        assert self.proc is not None
        self.proc.wait()
        self._signal_group(signal.SIGKILL)  # leftovers of the job's group end with it
        self._on_exit(self)

    @property
    def exited(self) -> bool:
        return self.proc is not None and self.proc.returncode is not None

    def _signal_group(self, sig: int) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.pid, sig)

    def stop(self, state: JobState, reason: str, grace_s: float) -> None:
        """SIGTERM the job's group now and SIGKILL it ``grace_s`` later (see :meth:`enforce_kill`)."""
        if self.stop_state is None:
            self.stop_state, self.stop_reason = state, reason
        if not self.exited:
            self._signal_group(signal.SIGTERM)
            self.kill_at = time.monotonic() + grace_s

    def enforce_kill(self, now: float) -> None:
        if self.kill_at is not None and now >= self.kill_at and not self.exited:
            self._signal_group(signal.SIGKILL)
            self.kill_at = None

    def join(self, timeout: float = 0.5) -> None:
        """Wait for the report reader to drain the pipe. Short: the group was killed, so only a process
        that escaped it (its own setsid) can keep the pipe open, and the loop must not wait on that."""
        for t in self._threads:
            t.join(timeout)

    def outcome(self) -> tuple[JobState, str | None, int | None]:
        """(final state, reason, exit code) once the process has exited."""
        assert self.proc is not None and self.proc.returncode is not None
        code = self.proc.returncode
        if self.stop_state is not None:
            return self.stop_state, self.stop_reason, code
        if code == 0:
            return JobState.SUCCEEDED, None, 0
        tail = self._log_tail()
        if any(p in tail for p in OOM_PATTERNS):
            return JobState.FAILED, f"CUDA out of memory (exit code {code})", code
        if code < 0:
            name = signal.Signals(-code).name if -code in signal.valid_signals() else str(-code)
            hint = (
                " (the kernel's out-of-memory killer or another process)" if -code == signal.SIGKILL else ""
            )
            return JobState.FAILED, f"crashed: killed by signal {name}{hint}", code
        last = next((ln.strip() for ln in reversed(tail.splitlines()) if ln.strip()), "")
        return JobState.FAILED, f"exited with code {code}" + (f": {last[:300]}" if last else ""), code

    def _log_tail(self, size: int = 65536) -> str:
        try:
            with open(self.log_path, "rb") as f:
                end = f.seek(0, os.SEEK_END)
                f.seek(max(self._log_offset, end - size))
                return f.read().decode("utf-8", errors="replace")
        except OSError:
            return ""
