"""One daemon per data dir: an exclusive ``flock`` on ``daemon.lock`` decides, and the loser is told who won.

The kernel releases the lock even on kill -9, so a crashed daemon never blocks the next one.
"""

from __future__ import annotations

import fcntl
import os

from gpuaccel.scheduler.paths import DataDir


class AlreadyRunning(RuntimeError):
    pass


class DataDirLock:
    """Exclusive, non-blocking ``flock`` on ``daemon.lock``; the holder's pid is written into it."""

    def __init__(self, data_dir: DataDir) -> None:
        self.data_dir = data_dir
        self._fd: int | None = None

    def acquire(self) -> None:
        fd = os.open(self.data_dir.lock_file, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 64).decode(errors="replace").strip() or "unknown"
            os.close(fd)
            info = self.data_dir.read_daemon_info() or {}
            where = f" at {address(info)}" if info.get("pid") == _int(holder) else ""
            raise AlreadyRunning(
                f"a gpuaccel daemon (pid {holder}){where} is already serving data dir {self.data_dir.root}; "
                "stop it first, or pass another --data-dir"
            ) from None
        os.ftruncate(fd, 0)
        os.write(fd, str(os.getpid()).encode())
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def address(info: dict[str, object]) -> str:
    """Where a daemon listens, from its ``daemon.json``: the socket, and the TCP address when it has one."""
    parts = [str(info["socket"])] if info.get("socket") else []
    if info.get("port"):
        parts.append(f"http://{info.get('host')}:{info.get('port')}")
    return " and ".join(parts) or "an unknown address"


def _int(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None
