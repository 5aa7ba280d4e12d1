"""Every GPU process with its host side (user, command line, CPU, RSS, age); the one safe way to signal one.

NVML reports pids in the host's pid namespace. Inside a container with a pid namespace of its own those
numbers name other processes or none, so (as nvitop does) the host side is looked up only when we share
the host's pid namespace; otherwise a row says "not in this pid namespace" instead of showing a stranger's
command line, and cannot be signalled. Before a signal, the pid, its start time and its executable are
checked again (:func:`check_identity`), so a pid reused by another process between listing and killing, or
a process that exec'd another program, is never hit.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from typing import Any

import psutil

from gpuaccel.accel.telemetry.types import NA, GpuSample, Num, to_jsonable

SIGNALS: dict[str, signal.Signals] = {"TERM": signal.SIGTERM, "KILL": signal.SIGKILL, "INT": signal.SIGINT}
_INIT_PID_NS_INODE = 0xEFFFFFFC  # PROC_PID_INIT_INO: the inode of the kernel's initial pid namespace
NOT_IN_NAMESPACE = "not in this pid namespace (NVML reports host pids; run with the host's pid namespace)"
ENDED = "the process has ended"
SIMULATED = "simulated process (demo GPUs): no host process behind it"
CPU_WARMING_UP = "needs a second reading"
START_TOLERANCE_S = 0.05  # psutil's create_time is derived from jiffies: equal starts agree to ~10 ms
_MIB = 1024.0 * 1024.0


class SignalRefused(Exception):
    """A signal was not sent; the message says why. ``status`` is the HTTP status that fits."""

    def __init__(self, message: str, status: int = 403) -> None:
        super().__init__(message)
        self.status = status


def host_pid_namespace() -> bool:
    """Whether we run in the kernel's initial pid namespace (so NVML's pids are ours too)."""
    try:
        return os.stat("/proc/self/ns/pid").st_ino == _INIT_PID_NS_INODE
    except OSError:  # no /proc/self/ns (not Linux, or a very old kernel): pids are the host's
        return True


@dataclass
class GpuProcess:
    """One row of the process table: NVML's view of the process on one GPU joined with the host's."""

    pid: int
    gpu: int
    gpu_uuid: str
    kind: str
    used_mib: Num
    sm_pct: Num
    name: str
    user: str | NA
    cmdline: list[str] | NA
    cpu_pct: Num
    rss_mib: Num
    started: Num  # unix seconds; with the pid it names the process for a signal
    elapsed_s: Num
    job_id: int | None = None
    can_signal: bool = False
    why_not: str | None = None  # why this process cannot be signalled from here
    simulated: bool = False

    def to_json(self) -> dict[str, Any]:
        return to_jsonable(asdict(self))


@dataclass
class _Host:
    proc: psutil.Process
    started: float
    exe: str | None = None  # the executable when first listed (None: the system would not say)
    primed: bool = False  # cpu_percent has been called once, so the next call measures an interval


def _exe(proc: psutil.Process) -> str | None:
    try:
        return proc.exe() or None
    except psutil.Error:
        return None


def _when(t: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(t))


def check_identity(pid: int, started: float, exe: str | None) -> psutil.Process:
    """The process ``pid`` if it is still the one that was listed: same start time and, where it was
    known, the same executable. Otherwise :class:`SignalRefused` with a sentence saying what was checked."""
    checked = f"checked pid {pid}, start time {_when(started)}" + (f" and executable {exe}" if exe else "")
    try:
        proc = psutil.Process(pid)
        now_started = proc.create_time()
    except (psutil.NoSuchProcess, psutil.ZombieProcess):
        raise SignalRefused(
            f"Process {pid} has ended ({checked}: no such process now); nothing sent.", 404
        ) from None
    except psutil.AccessDenied:
        raise SignalRefused(
            f"The system does not let us look at process {pid} ({checked}); nothing sent."
        ) from None
    if abs(now_started - started) > START_TOLERANCE_S:
        raise SignalRefused(
            f"Pid {pid} now names another process, started {_when(now_started)} instead of {_when(started)}"
            f" ({checked}); nothing sent.",
            409,
        )
    now_exe = _exe(proc)
    if exe is not None and now_exe != exe:
        raise SignalRefused(
            f"Process {pid} now runs {now_exe or 'an executable the system will not name'} instead of {exe}"
            f" ({checked}); nothing sent.",
            409,
        )
    return proc


def unlisted(samples: Iterable[GpuSample]) -> list[dict[str, Any]]:
    """The GPUs whose processes NVML would not list (no permission, a lost GPU), each with the reason:
    without them an empty table reads as idle GPUs."""
    return [{"gpu": s.index, "reason": s.processes.reason} for s in samples if isinstance(s.processes, NA)]


class ProcessTable:
    """Joins NVML's per-GPU process lists with psutil. Keeps each psutil.Process between calls so CPU %
    is measured over the interval since the last listing (the first listing says it needs a second)."""

    def __init__(self, uid: int | None = None, host_namespace: bool | None = None) -> None:
        self.uid = os.getuid() if uid is None else uid
        self.host_namespace = host_pid_namespace() if host_namespace is None else host_namespace
        self._hosts: dict[int, _Host] = {}

    def rows(
        self, samples: Iterable[GpuSample], job_of: Callable[[int], int | None] = lambda pid: None
    ) -> list[GpuProcess]:
        """One row per (process, GPU) in ``samples``; ``job_of(pid)`` names the queue job owning a pid."""
        now = time.time()
        listed = [
            (s, p) for s in samples if not s.lost and not isinstance(s.processes, NA) for p in s.processes
        ]
        real = {p.pid for _, p in listed if not p.simulated} if self.host_namespace else set()
        for pid in set(self._hosts) - real:  # forget processes that left every GPU
            del self._hosts[pid]
        host = {pid: self._host_fields(pid, now, job_of) for pid in real}
        rows = []
        for s, p in listed:
            row = GpuProcess(
                pid=p.pid, gpu=s.index, gpu_uuid=s.uuid, kind=p.kind, used_mib=p.used_mib, sm_pct=p.sm_pct,
                name=p.name, user=NA(SIMULATED), cmdline=[p.name], cpu_pct=NA(SIMULATED),
                rss_mib=NA(SIMULATED), started=NA(SIMULATED), elapsed_s=NA(SIMULATED), why_not=SIMULATED,
                simulated=p.simulated,
            )  # fmt: skip
            if not p.simulated:
                for key, value in host.get(p.pid, _unreachable(NOT_IN_NAMESPACE)).items():
                    setattr(row, key, value)
            rows.append(row)
        return rows

    def _host_fields(self, pid: int, now: float, job_of: Callable[[int], int | None]) -> dict[str, Any]:
        """The host side of ``pid`` for one listing (CPU % read once even when it uses several GPUs)."""
        host = self._host(pid)
        if host is None:
            return _unreachable(ENDED)
        try:
            with host.proc.oneshot():
                uid = host.proc.uids().real
                user = _user(host.proc, uid)
                fields: dict[str, Any] = {
                    "user": user,
                    "cmdline": host.proc.cmdline() or [host.proc.name()],
                    "rss_mib": host.proc.memory_info().rss / _MIB,
                    "started": host.started,
                    "elapsed_s": max(0.0, now - host.started),
                }
                cpu = host.proc.cpu_percent(None)
        except psutil.NoSuchProcess:
            return _unreachable(ENDED)
        except psutil.AccessDenied as exc:
            return _unreachable(f"the system denies access to this process ({exc.msg or 'permission'})")
        fields["cpu_pct"] = cpu if host.primed else NA(CPU_WARMING_UP)
        host.primed = True
        fields["job_id"] = job_of(pid)
        fields["can_signal"], fields["why_not"] = self._may_signal(uid, user, pid)
        return fields

    def _host(self, pid: int) -> _Host | None:
        """The cached psutil handle of ``pid``, replaced when the pid now names a newer process."""
        try:
            proc = psutil.Process(pid)
            started = proc.create_time()
        except (psutil.NoSuchProcess, psutil.ZombieProcess):
            self._hosts.pop(pid, None)
            return None
        except psutil.AccessDenied:
            return None
        known = self._hosts.get(pid)
        if known is None or abs(known.started - started) > START_TOLERANCE_S:
            known = self._hosts[pid] = _Host(proc, started, _exe(proc))
        return known

    def _may_signal(self, uid: int, user: Any, pid: int) -> tuple[bool, str | None]:
        if pid == os.getpid():
            return False, "this is the gpuaccel daemon itself"
        if uid != self.uid:
            return False, f"owned by {user}, not by you: only your own processes can be signalled"
        return True, None

    def send(self, pid: int, started: float, signal_name: str, rows: list[GpuProcess]) -> GpuProcess:
        """Signal GPU process ``pid`` if it is still the process started at ``started`` and ours.

        Raises :class:`SignalRefused` naming why nothing was sent; returns the row that was signalled."""
        sig = SIGNALS.get(signal_name.upper())
        if sig is None:
            raise SignalRefused(f"unknown signal {signal_name!r}; accepted: {', '.join(SIGNALS)}", 422)
        row = next((r for r in rows if r.pid == pid), None)
        if row is None:
            raise SignalRefused(f"process {pid} is not using a GPU (or has ended)", 404)
        if not row.can_signal:
            raise SignalRefused(f"process {pid} ({row.name}): {row.why_not}", 403)
        known = self._hosts.get(pid)
        listed_exe = (
            known.exe if known is not None and abs(known.started - started) <= START_TOLERANCE_S else None
        )
        proc = check_identity(pid, started, listed_exe)
        try:
            proc.send_signal(sig)
        except psutil.NoSuchProcess:
            raise SignalRefused(f"process {pid} ended before the signal; nothing sent", 404) from None
        except psutil.AccessDenied:
            raise SignalRefused(f"the system refused to signal process {pid} (permission)", 403) from None
        return row


def _unreachable(reason: str) -> dict[str, Any]:
    """Host fields of a process we cannot look at, each saying why; it cannot be signalled either."""
    na = NA(reason)
    fields = dict.fromkeys(("user", "cmdline", "cpu_pct", "rss_mib", "started", "elapsed_s"), na)
    return {**fields, "can_signal": False, "why_not": reason}


def _user(proc: psutil.Process, uid: int) -> str:
    try:
        return proc.username()
    except (KeyError, psutil.Error):  # a uid without a passwd entry (containers)
        return str(uid)
