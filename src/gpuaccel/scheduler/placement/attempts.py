"""Each job attempt's files in ``runs/``: who runs it, whether it still runs, and how it ended.

Why: the daemon may be killed at any instant, and the next daemon must neither start a job again beside
a process that still runs it nor lose the outcome of one that ended meanwhile. So an attempt's identity
and its end live outside the daemon:

- ``<job>.<attempt>.lock`` is created and ``flock``-ed by the daemon *before* it forks the worker, and
  the locked descriptor is inherited by the keeper (below, as its stdin) and no one else. The lock is thus
  held from the first instant a process of the attempt exists until the keeper is gone, whoever asks,
  and the kernel drops it when the last holder dies (kill -9 included). The keeper writes its pid (its
  process group) into the file before it starts the job.
- ``<job>.<attempt>.exit`` is written by the keeper when the job ends: the exit status and whether a
  stop signal (TERM, INT, HUP) reached the group first.

The keeper is a few lines of POSIX sh (a Python interpreter per job would cost tens of milliseconds of
CPU): it traps the stop signals so that it outlives the job, runs the job in its own process group
without the lock descriptor, and records the status. Exit codes above 128 read as signals, as in sh.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import signal
from dataclasses import dataclass
from pathlib import Path

# The lock is the keeper's stdin (opened read-write); $1 the exit file, then the job's argv, which gets
# /dev/null as its stdin instead. A trapped signal waits until the foreground job has ended (POSIX), so
# the keeper always gets to write the status; the job itself gets the default handlers. USR1, USR2 and
# ALRM (a job's warning signal before its time limit) are trapped only so that the keeper outlives them.
KEEPER = """ex=$1; shift
sig=0
trap 'sig=1' TERM INT HUP
trap ':' USR1 USR2 ALRM
echo "$$" >&0
"$@" </dev/null
code=$?
echo "$code $sig" > "$ex"
exit "$code"
"""
KEEPER_NAME = "gpuaccel-keeper"


@dataclass(frozen=True)
class ExitStatus:
    """How the job ended: ``code`` as subprocess has it (negative: killed by that signal)."""

    code: int
    signalled: bool  # a stop signal reached the keeper before the job ended


@dataclass(frozen=True)
class Probe:
    alive: bool  # the keeper (or the daemon about to exec it) holds the lock
    pid: int | None  # the keeper's pid = the attempt's process group, once it has written it
    exit: ExitStatus | None


@dataclass(frozen=True)
class Attempt:
    """The files of one attempt of one job."""

    runs: Path
    job_id: int
    attempt: int

    @property
    def lock_path(self) -> Path:
        return self.runs / f"{self.job_id}.{self.attempt}.lock"

    @property
    def exit_path(self) -> Path:
        return self.runs / f"{self.job_id}.{self.attempt}.exit"

    def open_lock(self) -> int:
        """Create and lock the attempt's lock file; returns the descriptor to hand to the keeper. (An
        attempt's number is never reused, so no exit file of an earlier run can be in the way.)"""
        try:
            fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)
        except FileNotFoundError:
            self.runs.mkdir(mode=0o700, parents=True, exist_ok=True)
            fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            held = f"attempt {self.attempt} of job {self.job_id} is already held by a process"
            raise RuntimeError(held) from None
        return fd

    def keeper_argv(self, argv: list[str]) -> list[str]:
        """The keeper's command line; start it with the locked descriptor as its stdin."""
        return ["/bin/sh", "-c", KEEPER, KEEPER_NAME, str(self.exit_path), *argv]

    def pid(self) -> int | None:
        try:
            text = self.lock_path.read_text().strip()
        except OSError:
            return None
        return int(text) if text.isdigit() else None

    def read_exit(self) -> ExitStatus | None:
        try:
            parts = self.exit_path.read_text().split()
        except OSError:
            return None
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            return None  # the keeper was killed while writing it
        code = int(parts[0])
        if code > 128 and code - 128 in signal.valid_signals():
            code = -(code - 128)
        return ExitStatus(code, parts[1] == "1")

    def probe(self) -> Probe:
        try:
            fd = os.open(self.lock_path, os.O_RDONLY | os.O_CLOEXEC)
        except FileNotFoundError:
            return Probe(False, None, self.read_exit())
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
            alive = False
        except BlockingIOError:
            alive = True
        finally:
            os.close(fd)
        return Probe(alive, self.pid(), None if alive else self.read_exit())

    def wait_released(self) -> None:
        """Block until no process holds the lock (for a keeper this daemon did not fork: no waitpid)."""
        try:
            fd = os.open(self.lock_path, os.O_RDONLY | os.O_CLOEXEC)
        except FileNotFoundError:
            return
        try:
            fcntl.flock(fd, fcntl.LOCK_SH)
        finally:
            os.close(fd)

    def remove(self) -> None:
        self.lock_path.unlink(missing_ok=True)
        self.exit_path.unlink(missing_ok=True)


def group_members(pgid: int) -> list[int]:
    """Live processes whose process group is ``pgid`` (field 5 of /proc/PID/stat)."""
    members = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rindex(b")") + 2 :].split()
        if fields[0] != b"Z" and int(fields[2]) == pgid:
            members.append(int(entry.name))
    return members


def kill_leftovers(pgid: int | None) -> bool:
    """SIGKILL what is left of an attempt's process group after its keeper died; True if anything was.

    The group's id cannot be handed to a new process while any member lives, so a non-empty group is
    still the attempt's."""
    if pgid is None or not group_members(pgid):
        return False
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)
    return True


def sweep(runs: Path, keep: set[tuple[int, int]]) -> None:
    """Remove the files of attempts that are over (lock free) and not in ``keep`` (job id, attempt)."""
    try:
        names = os.listdir(runs)
    except FileNotFoundError:
        return
    for name in names:
        parts = name.split(".")
        if len(parts) != 3 or not (parts[0].isdigit() and parts[1].isdigit()):
            continue
        key = (int(parts[0]), int(parts[1]))
        if key not in keep and not Attempt(runs, *key).probe().alive:
            (runs / name).unlink(missing_ok=True)
