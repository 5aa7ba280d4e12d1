"""One daemon per data dir: an exclusive ``flock`` on ``daemon.lock`` in the data dir decides, and the loser
is told who won.

The lock lives in the data dir itself (its real path), not in the runtime dir: two daemons whose
environments differ (``$XDG_RUNTIME_DIR`` set or not, the data dir reached through a symlink) still meet
the same lock. The holder writes its pid and, once it listens, its addresses into the lock file, so the
loser names them even when its own runtime dir holds no ``daemon.json`` of the winner. The kernel releases
the lock even on kill -9, so a crashed daemon never blocks the next one.
"""

from __future__ import annotations

import fcntl
import json
import os
from typing import Any

from gpuaccel.scheduler.paths import DataDir

MAX_HOLDER_BYTES = 4096  # what is read of the holder's note


class AlreadyRunning(RuntimeError):
    pass


class DataDirLock:
    """Exclusive, non-blocking ``flock`` on the data dir's ``daemon.lock``; the holder's pid and addresses
    are written into it."""

    def __init__(self, data_dir: DataDir) -> None:
        self.data_dir = data_dir
        self._fd: int | None = None

    def acquire(self) -> None:
        path = self.data_dir.lock_file
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _holder(os.pread(fd, MAX_HOLDER_BYTES, 0))
            os.close(fd)
            pid = holder.get("pid", "unknown")
            where = (
                address(holder) if holder.get("socket") or holder.get("port") else "an address not yet known"
            )
            root = os.path.realpath(self.data_dir.root)
            raise AlreadyRunning(
                f"a gpuaccel daemon (pid {pid}) at {where} is already serving data dir {root} (lock {path}); "
                "stop it first, or pass another --data-dir"
            ) from None
        self._fd = fd
        self.announce({"pid": os.getpid()})

    def announce(self, info: dict[str, Any]) -> None:
        """Write what a second daemon is told: the pid, and the addresses once the holder listens."""
        if self._fd is None:
            return
        data = json.dumps(info).encode()
        os.ftruncate(self._fd, 0)
        os.pwrite(self._fd, data, 0)

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def _holder(raw: bytes) -> dict[str, Any]:
    """The holder's note: JSON from this version, a bare pid from an older one."""
    text = raw.decode(errors="replace").strip()
    try:
        info = json.loads(text)
    except ValueError:
        info = None
    if isinstance(info, dict):
        return info
    return {"pid": int(text)} if text.isdigit() else {}


def address(info: dict[str, object]) -> str:
    """Where a daemon listens, from its ``daemon.json``: the socket, and the TCP address when it has one."""
    parts = [str(info["socket"])] if info.get("socket") else []
    if info.get("port"):
        parts.append(f"http://{info.get('host')}:{info.get('port')}")
    return " and ".join(parts) or "an unknown address"
