"""One job attempt as an OS process: its own process group, its log file, its report pipe.

The job runs under its attempt's keeper (:mod:`scheduler.placement.attempts`), started with
``start_new_session``
so that cancel and timeout can signal the whole group (the job's children included); the keeper holds
the attempt's lock and leaves its exit status where a later daemon finds it. Two small threads per
worker: one reads the JSON-lines report pipe, one waits for the exit and wakes the scheduler, so an
exit is noticed at once, not at the next tick. A worker adopted from a dead daemon has only the second,
which waits on the attempt's lock.
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import shutil
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
from gpuaccel.api.jobs import Job, JobState
from gpuaccel.scheduler import paths
from gpuaccel.scheduler.lifecycle.arrays import element_env
from gpuaccel.scheduler.lifecycle.validation import COMMAND
from gpuaccel.scheduler.placement.attempts import Attempt, ExitStatus, kill_leftovers
from gpuaccel.scheduler.placement.log_cap import data_from
from gpuaccel.scheduler.reads.logtail import line_break, reason_line
from gpuaccel.scheduler.store.jobstore import JobStore

LOG_TAIL_BYTES = 65536  # read from the end of a log to explain a failure
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


def keep_record(attempt: Any, record: Record) -> None:
    """Keep a checked report record as the attempt's latest progress, metric or result (``progress``,
    ``metrics``, ``result``); the scheduler stores it at its next pass (throttled by progress_write_s)."""
    if isinstance(record, MetricRecord):
        if record.name not in attempt.metrics and len(attempt.metrics) >= MAX_METRIC_NAMES:
            raise ValueError(f"more than {MAX_METRIC_NAMES} metric names")
        attempt.metrics[record.name] = record.model_dump(include={"value", "exact", "unit", "t"})
    elif isinstance(record, ResultRecord):
        attempt.result = record.metrics
    else:
        attempt.progress = Progress(fraction=record.fraction, message=record.message)
    attempt.dirty = True


def process_start_marker(pid: int) -> str | None:
    """Start time of ``pid`` (field 22 of /proc/PID/stat): tells a live orphan from a reused pid."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2 :].split()
    return fields[19] if fields[0] != "Z" else None  # fields[0] is field 3 (state); 22 - 3 = 19


def exit_outcome(code: int | None, tail: str) -> tuple[JobState, str | None, int | None]:
    """The end of an attempt that nobody stopped, from its exit status and the tail of its log."""
    if code is None:
        return JobState.FAILED, "the worker ended without an exit status (its keeper was killed)", None
    if code == 0:
        return JobState.SUCCEEDED, None, 0
    if any(p in tail for p in OOM_PATTERNS):
        return JobState.FAILED, f"CUDA out of memory (exit code {code})", code
    if code < 0:
        name = signal.Signals(-code).name if -code in signal.valid_signals() else str(-code)
        hint = " (the kernel's out-of-memory killer or another process)" if -code == signal.SIGKILL else ""
        return JobState.FAILED, f"crashed: killed by signal {name}{hint}", code
    last = reason_line(tail)
    return JobState.FAILED, f"exited with code {code}" + (f": {last[:300]}" if last else ""), code


def log_tail(path: Path, offset: int = 0, size: int = LOG_TAIL_BYTES) -> str:
    """The last ``size`` bytes of a job log from ``offset`` on (the current attempt's part)."""
    try:
        with open(path, "rb") as f:
            end = f.seek(0, os.SEEK_END)
            f.seek(data_from(f, max(offset, end - size)))
            return f.read().decode("utf-8", errors="replace")
    except OSError:
        return ""


def check_executable(program: str, env: dict[str, str], cwd: str) -> None:
    """Refuse at launch, with the reason, a program the keeper could not run (as Popen would). Only for
    the message: a program that vanishes after the check ends the job with the shell's code 127."""
    key = (program, env.get("PATH"), cwd)
    if key in _FOUND:
        return
    if "/" in program:
        path = os.path.join(cwd, program)
        if not os.path.exists(path):
            raise RuntimeError(f"could not start {program!r}: No such file or directory")
        if os.path.isdir(path) or not os.access(path, os.X_OK):
            raise RuntimeError(f"could not start {program!r}: Permission denied")
    elif shutil.which(program, path=env.get("PATH", os.defpath)) is None:
        hint = (
            f"; to run a shell line, submit it as: -- sh -c {shlex.quote(program)}"
            if " " in program.strip()
            else ""
        )
        raise RuntimeError(f"could not start {program!r}: not found on the job's PATH{hint}")
    if len(_FOUND) >= 256:
        _FOUND.clear()
    _FOUND.add(key)


_FOUND: set[tuple[str, str | None, str]] = set()  # programs found lately (a miss is looked up every time)


# The end of the event a sent warning signal leaves: an attempt adopted after a restart finds it there.
WARNING_SENT = "before the time limit"


class Worker:
    """A running attempt. ``stop`` records why the daemon ended it (cancel, timeout) before signalling."""

    def __init__(
        self,
        job: Job,
        log_path: Path,
        on_exit: Callable[[Worker], None],
        attempt: Attempt,
    ) -> None:
        self.job = job
        self.job_id = job.id
        self.gpus = list(job.assigned_gpus)
        self.log_path = log_path
        self.started = time.monotonic()
        self.deadline = self.started + job.timeout_s if job.timeout_s else None
        self.warned = False  # the job's warning signal (warn_signal) was sent
        self.stop_state: JobState | None = None
        self.paused_since: float | None = None  # monotonic; the time limit does not run while paused
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
        self._last_flush = 0.0
        self._on_exit = on_exit
        self._log_offset = 0
        self.attempt = attempt
        self.adopted = False
        self.proc: subprocess.Popen[bytes] | None = None
        self._pid: int | None = None
        self.status: ExitStatus | None = None  # from the keeper's exit file
        self.keeper_code: int | None = None  # the keeper's own return code (it may have been killed)
        self._ended = False
        self._threads: list[threading.Thread] = []

    def start(self, base_env: dict[str, str], default_cwd: str) -> None:
        """Fork the attempt's keeper (which starts the job) with the attempt's lock already held."""
        job = self.job
        env = {**base_env, **job.env}
        env.update(
            CUDA_VISIBLE_DEVICES=job.assigned_mig or ",".join(map(str, self.gpus)),
            CUDA_DEVICE_ORDER="PCI_BUS_ID",  # so CUDA's indices are NVML's
            GPUACCEL_JOB_ID=str(job.id),
            GPUACCEL_ATTEMPT=str(job.attempt),
            PYTHONUNBUFFERED="1",
        )
        if job.array_id is not None and job.array_index is not None:
            env.update(element_env(job.array_id, job.array_index))
        env[JOB_LOG_DIR_ENV] = str(self.log_path.parent)
        argv, cwd = worker_argv(job), job.cwd or default_cwd
        check_executable(argv[0], env, cwd)
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        lock_fd = self.attempt.open_lock()
        read_fd, write_fd = os.pipe()
        env[REPORT_FD_ENV] = str(write_fd)
        try:
            gap = line_break(self.log_path)
            with open(self.log_path, "ab") as log:
                where = f"GPU {','.join(map(str, self.gpus))}" if self.gpus else "no GPU"
                where += f" (MIG {job.assigned_mig})" if job.assigned_mig else ""
                stamp = time.strftime("%Y-%m-%d %H:%M:%S")
                header = f"=== job {job.id} attempt {job.attempt} on {where} at {stamp} ===\n"
                log.write(gap + header.encode())
                log.flush()
                self._log_offset = log.tell()
                self.proc = subprocess.Popen(
                    self.attempt.keeper_argv(argv),
                    stdin=lock_fd,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    cwd=cwd,
                    env=env,
                    pass_fds=(write_fd,),
                    start_new_session=True,
                    umask=paths.user_umask(),  # the daemon's own files are private; the job's are the user's
                )
        except (OSError, ValueError) as exc:  # ValueError: a bad env name or NUL the checks missed
            os.close(read_fd)
            why = getattr(exc, "strerror", None) or exc
            raise RuntimeError(f"could not start {argv[0]!r}: {why}") from exc
        finally:
            os.close(write_fd)
            os.close(lock_fd)  # the keeper holds the lock from here on
        self._pid = self.proc.pid
        reader = threading.Thread(
            target=self._read_reports, args=(read_fd,), name=f"job-{job.id}-report", daemon=True
        )
        waiter = threading.Thread(target=self._wait, name=f"job-{job.id}-wait", daemon=True)
        self._threads = [reader, waiter]
        reader.start()
        waiter.start()

    def adopt(self, pid: int | None) -> None:
        """Supervise an attempt a dead daemon started and whose keeper still runs (no report channel:
        its pipe died with that daemon). The end is seen when the keeper releases the lock."""
        self._pid = pid
        self.adopted = True
        if self.job.timeout_s and self.job.started_at is not None:
            left = self.job.started_at + self.job.timeout_s + self.job.paused_s - time.time()
            self.deadline = time.monotonic() + left
        if self.job.state == JobState.PAUSED:
            # Stopped again: a crash between storing the pause and sending SIGSTOP (or between a
            # resume's SIGCONT and storing it) leaves the record as the truth, which is ``paused``.
            since = time.time() - (self.job.paused_at or time.time())
            self.pause(time.monotonic() - max(0.0, since))
        waiter = threading.Thread(target=self._wait_adopted, name=f"job-{self.job_id}-adopted", daemon=True)
        self._threads = [waiter]
        waiter.start()

    @property
    def pid(self) -> int | None:
        """The keeper's pid, which is the attempt's process group."""
        if self._pid is None:
            self._pid = self.attempt.pid()
        return self._pid

    def _read_reports(self, fd: int) -> None:
        read_records(fd, self._apply, self._skip)

    def _apply(self, record: Record) -> None:
        keep_record(self, record)

    def _skip(self, reason: str, detail: str) -> None:
        with self._skip_lock:
            count, first = self._skipped.get(reason, (0, detail))
            self._skipped[reason] = (count + 1, first or detail)
        self.dirty = True

    def flush_progress(self, store: JobStore, interval_s: float, force: bool = False) -> None:
        """Store what the report channel delivered since the last flush, at most every ``interval_s``."""
        if not self.dirty:
            return
        now = time.monotonic()
        if not force and now - self._last_flush < interval_s:
            return
        self.dirty = False
        self._last_flush = now
        result = self.result
        if result is None and self.metrics:
            result = {name: m.get("value") for name, m in self.metrics.items()}
        store.set_progress(self.job_id, self.progress, result)
        for reason, (count, detail) in self.take_skipped().items():
            lines = "line" if count == 1 else "lines"
            example = f" ({detail})" if detail else ""
            store.add_event(
                "job", job_id=self.job_id, state=JobState.RUNNING,
                message=f"report channel: skipped {count} {lines}: {reason}{example}",
                data={"skipped": count, "reason": reason},
            )  # fmt: skip

    def take_skipped(self) -> dict[str, tuple[int, str]]:
        """Skipped report lines since the last call: reason -> (count, the first one's detail)."""
        with self._skip_lock:
            skipped, self._skipped = self._skipped, {}
        return skipped

    def _wait(self) -> None:
        assert self.proc is not None
        self.keeper_code = self.proc.wait()
        self.status = self.attempt.read_exit()
        self._ended = True
        self._signal_group(signal.SIGKILL)  # leftovers of the job's group end with it
        self._on_exit(self)

    def _wait_adopted(self) -> None:
        self.attempt.wait_released()
        self.status = self.attempt.read_exit()
        self._ended = True
        kill_leftovers(self.pid)
        self._on_exit(self)

    @property
    def exited(self) -> bool:
        return self._ended

    def warning_due(self, now: float) -> bool:
        """Whether the job's warning signal (``--signal USR1@120``) is due now and not sent yet."""
        job = self.job
        if self.warned or job.warn_signal is None or self.deadline is None or self.exited:
            return False
        return self.stop_state is None and now >= self.deadline - (job.warn_before_s or 0.0)

    def send_warning(self) -> str:
        """Send the warning signal to the job's group (its keeper ignores it); returns the event's words."""
        self.warned = True
        name = self.job.warn_signal or ""
        self._signal_group(getattr(signal, f"SIG{name}"))
        return f"sent SIG{name}, {self.job.warn_before_s:g} s {WARNING_SENT}"

    def _signal_group(self, sig: int) -> None:
        pid = self.pid
        if pid is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(pid, sig)

    def stop(self, state: JobState, reason: str, grace_s: float) -> None:
        """SIGTERM the job's group now and SIGKILL it ``grace_s`` later (see :meth:`enforce_kill`); a
        paused job is continued after the SIGTERM, so that it can act on it."""
        if self.stop_state is None:
            self.stop_state, self.stop_reason = state, reason
        if not self.exited:
            self._signal_group(signal.SIGTERM)
            if self.paused_since is not None:
                self._signal_group(signal.SIGCONT)
            self.kill_at = time.monotonic() + grace_s

    def pause(self, since: float | None = None) -> None:
        """SIGSTOP the job's whole group (its GPUs stay held); its time limit stops running."""
        self._signal_group(signal.SIGSTOP)
        if self.paused_since is None:
            self.paused_since = time.monotonic() if since is None else since

    def resume(self) -> None:
        """SIGCONT the job's group; the time limit moves on by the time it was paused."""
        self._signal_group(signal.SIGCONT)
        if self.paused_since is not None and self.deadline is not None:
            self.deadline += time.monotonic() - self.paused_since
        self.paused_since = None

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
        """(final state, reason, exit code) once the attempt has ended.

        Cancel and timeout win over the exit status. A daemon shutdown (``stop_state`` queued) does not
        when the job exited by itself (any exit code; only death by a signal is the shutdown's doing) or
        had ended before the stop signal reached it: that is its real end, not a reason to run again."""
        assert self._ended
        status = self.status
        code = status.code if status is not None else self.keeper_code
        if self.stop_state is not None and not (
            self.stop_state == JobState.QUEUED
            and status is not None
            and (status.code >= 0 or not status.signalled)
        ):
            return self.stop_state, self.stop_reason, code
        return exit_outcome(code, self._log_tail())

    def _log_tail(self, size: int = LOG_TAIL_BYTES) -> str:
        return log_tail(self.log_path, self._log_offset, size)
