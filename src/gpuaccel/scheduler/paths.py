"""Where the daemon keeps its state: the data dir (database, token), runtime files and logs.

Both the daemon and its clients resolve the same places, so a client finds the running daemon without
configuration. A data dir given with ``--data-dir`` or ``$GPUACCEL_DATA_DIR`` holds everything (socket,
``daemon.json``, lock, logs). The default follows XDG: data (and the lock) in the user data dir, the
socket and ``daemon.json`` in ``$XDG_RUNTIME_DIR/gpuaccel`` (the data dir when that variable is unset), job
logs in the user state dir (an existing ``logs`` folder in the data dir stays in use).

The data dir is its user's alone (0700, files 0600): job environments (API keys), chat history and job
output live there. The daemon runs with umask 077 so everything it creates is private whatever the
user's umask; jobs get the user's own umask back (:func:`user_umask`).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import shutil
import stat
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

DATA_DIR_ENV = "GPUACCEL_DATA_DIR"
TOKEN_ENV = "GPUACCEL_TOKEN"
URL_ENV = "GPUACCEL_URL"  # a daemon reached by URL (with $GPUACCEL_TOKEN) instead of this data dir's
PRIVATE_UMASK = 0o077
_JOB_LOG = re.compile(r"job-(\d+)(?:\.log|-a\d+-ranks)")  # a job's log, a multi-GPU attempt's rank logs
_user_umask = -1  # the umask the daemon was started with, once make_private() ran


def make_private() -> None:
    """From now on this process creates files 0600 and folders 0700 (the user's umask is kept for jobs)."""
    global _user_umask
    previous = os.umask(PRIVATE_UMASK)
    if _user_umask == -1:
        _user_umask = previous


def user_umask() -> int:
    """The umask for a job's processes: the user's own (``-1``, leave it, before :func:`make_private`)."""
    return _user_umask


def _make_tree_private(root: Path) -> None:
    """Folders 0700 and files 0600 under ``root`` (ours only; links are left alone, never followed)."""
    uid = os.getuid()
    for dirpath, dirs, files in os.walk(root, followlinks=False):
        for name in [*dirs, *files]:
            path = os.path.join(dirpath, name)
            st = os.lstat(path)
            if st.st_uid != uid or not (stat.S_ISDIR(st.st_mode) or stat.S_ISREG(st.st_mode)):
                continue
            if st.st_mode & 0o077:
                os.chmod(path, stat.S_IMODE(st.st_mode) & 0o700)


SOCKET_NAME = "daemon.sock"


def write_private_json(path: Path, data: Any) -> None:
    """``path`` replaced whole (a reader sees the old file or the new one, never half of one), mode 0600."""
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.unlink(missing_ok=True)
    with os.fdopen(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as f:
        f.write(json.dumps(data, indent=1))
    os.replace(tmp, path)


def resolve_data_dir(explicit: str | os.PathLike[str] | None = None) -> Path:
    if explicit:
        return Path(explicit).expanduser().resolve()
    env = os.environ.get(DATA_DIR_ENV)
    if env:
        return Path(env).expanduser().resolve()
    return Path(platformdirs.user_data_dir("gpuaccel"))


def default_places() -> tuple[Path, Path | None, Path]:
    """The XDG data dir, runtime dir (None without ``$XDG_RUNTIME_DIR``) and state dir."""
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    return (
        Path(platformdirs.user_data_dir("gpuaccel")),
        Path(runtime) / "gpuaccel" if runtime else None,
        Path(platformdirs.user_state_dir("gpuaccel")),
    )


@dataclass(frozen=True)
class DataDir:
    root: Path
    runtime: Path | None = None  # socket, daemon.json; None: the data dir itself
    state: Path | None = None  # logs; None: the data dir itself

    @classmethod
    def resolve(cls, explicit: str | os.PathLike[str] | None = None) -> DataDir:
        root = resolve_data_dir(explicit)
        data, runtime, state = default_places()
        if root != data.resolve() and root != data:
            return cls(root)
        return cls(root, runtime, state)

    @property
    def run_dir(self) -> Path:
        return self.runtime or self.root

    @property
    def socket_file(self) -> Path:
        """Where the daemon's Unix socket goes (``daemon.json`` names the one really bound)."""
        return self.run_dir / SOCKET_NAME

    @property
    def db(self) -> Path:
        return self.root / "gpuaccel.db"

    @property
    def token_file(self) -> Path:
        return self.root / "token"

    @property
    def daemon_file(self) -> Path:
        return self.run_dir / "daemon.json"

    @property
    def lock_file(self) -> Path:
        """In the data dir itself, by its real path: every spelling of it (a symlink, another
        ``$XDG_RUNTIME_DIR``) meets the same lock, so two daemons never serve one database."""
        return Path(os.path.realpath(self.root)) / "daemon.lock"

    @property
    def logs(self) -> Path:
        legacy = self.root / "logs"
        if self.state is None or legacy.is_dir():
            return legacy
        return self.state / "logs"

    def queue_id(self) -> str:
        """This queue's random name, made once: it keeps job ids of several daemons sharing a cluster apart
        (a Ray submission id is ``gpuaccel-<queue id>-<job>-<attempt>``)."""
        path = self.root / "queue-id"
        try:
            return path.read_text().strip()
        except FileNotFoundError:
            self.root.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp")
            tmp.write_text(secrets.token_hex(4))
            os.replace(tmp, path)
            return path.read_text().strip()

    def job_log(self, job_id: int) -> Path:
        return self.logs / f"job-{job_id}.log"

    def remove_job_logs(self, job_ids: Iterable[int]) -> int:
        """Delete the jobs' logs (``job-N.log`` and a multi-GPU job's ``job-N-aK-ranks`` folders) in one
        pass over the logs folder, opened without following a link; each entry is removed relative to
        it, a link as a link (never followed). Returns how many entries went."""
        ids = set(job_ids)
        if not ids:
            return 0
        try:
            fd = os.open(self.logs, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
        except (FileNotFoundError, NotADirectoryError):
            return 0
        removed = 0
        try:
            for name in os.listdir(fd):
                match = _JOB_LOG.fullmatch(name)
                if match is None or int(match.group(1)) not in ids:
                    continue
                with contextlib.suppress(FileNotFoundError):
                    if stat.S_ISDIR(os.stat(name, dir_fd=fd, follow_symlinks=False).st_mode):
                        shutil.rmtree(name, dir_fd=fd)  # fd-based: never follows a link inside
                    else:
                        os.unlink(name, dir_fd=fd)
                    removed += 1
        finally:
            os.close(fd)
        return removed

    @property
    def runs(self) -> Path:
        """Per-attempt lock and exit files (``scheduler/placement/attempts.py``)."""
        return self.root / "runs"

    def ensure(self, private: bool = False) -> None:
        """Create the data dir and its logs folder; ``private`` (the daemon at start): make it and everything
        in it (also what an older version created with the user's umask) its user's alone."""
        self.root.mkdir(parents=True, exist_ok=True, mode=0o700)
        if self.runtime is not None:
            self.runtime.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.logs.mkdir(parents=True, exist_ok=True, mode=0o700)
        if private:
            if self.root.stat().st_uid != os.getuid():
                raise PermissionError(f"the data dir {self.root} belongs to another user; refusing to use it")
            os.chmod(self.root, 0o700)
            _make_tree_private(self.root)

    def read_token(self) -> str | None:
        try:
            return self.token_file.read_text().strip() or None
        except FileNotFoundError:
            return None

    def ensure_token(self) -> str:
        """The API token: created at first start with 32 random bytes, readable only by the owner."""
        token = self.read_token()
        if token:
            if self.token_file.stat().st_mode & 0o077:
                os.chmod(self.token_file, 0o600)
            return token
        token = secrets.token_urlsafe(32)
        fd = os.open(self.token_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(token + "\n")
        os.chmod(self.token_file, 0o600)
        return token

    def read_daemon_info(self) -> dict[str, Any] | None:
        try:
            info = json.loads(self.daemon_file.read_text())
        except (FileNotFoundError, ValueError):  # ValueError: not JSON, or not even UTF-8 (a torn write)
            return None
        return info if isinstance(info, dict) else None

    def write_daemon_info(self, info: dict[str, Any]) -> None:
        write_private_json(self.daemon_file, info)

    def remove_daemon_info(self, pid: int) -> None:
        info = self.read_daemon_info()
        if info is not None and info.get("pid") == pid:
            self.daemon_file.unlink(missing_ok=True)
