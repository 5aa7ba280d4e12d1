"""``gpuaccel serve``: lock, token, bind the Unix socket (and TCP when asked), run the daemon.

The local transport is a Unix socket, mode 0600 in the runtime dir: the file mode is the guard, so two users
of one machine never share or fight over it (the token is still accepted there, for older clients). TCP is
opened only when asked (``--tcp``, ``--host`` or ``--port``) and always needs the token. Sockets are bound
before anything else starts, so an address in use is reported without touching the queue; uvicorn then
serves until SIGINT/SIGTERM, and the parts stop in order (running jobs are requeued). Under systemd
(``Type=notify``) readiness is sent once uvicorn accepts.
"""

from __future__ import annotations

import hashlib
import logging
import os
import signal
import socket
import sys
import tempfile
from pathlib import Path

import uvicorn

from gpuaccel.api.jobs import LIVE, Job, JobState
from gpuaccel.app.daemon.auth import is_loopback, resolve_token
from gpuaccel.app.daemon.compose import Daemon
from gpuaccel.app.daemon.lock import AlreadyRunning, DataDirLock
from gpuaccel.app.daemon.notify import sd_notify
from gpuaccel.scheduler.config import SchedulerConfig
from gpuaccel.scheduler.paths import DataDir, make_private
from gpuaccel.scheduler.store.queue import Store

log = logging.getLogger("gpuaccel.daemon")
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
MAX_SOCKET_PATH = 100  # sun_path holds 108 bytes; keep a margin


def recovered_words(job: Job) -> str:
    """What recovery made of a job a dead daemon left running, for the log: an adopted job still runs
    (it is not queued again), a finished one says how it ended."""
    if job.state in LIVE:
        return f"still {job.state}, supervised again"
    if job.state is JobState.QUEUED:
        return "queued again" + (f" ({job.reason})" if job.reason else "")
    return f"{job.state}" + (f": {job.reason}" if job.reason else "")


def serve(
    host: str | None = None,
    port: int | None = None,
    data_dir: str | None = None,
    token: str | None = None,
    config: SchedulerConfig | None = None,
    tcp: bool = False,
    ray: str | None = None,
    where: str = "local",
) -> int:
    """Serve on the data dir's Unix socket, and on TCP ``host:port`` when ``tcp`` or either is given."""
    tcp = tcp or host is not None or port is not None
    host = host or DEFAULT_HOST
    port = DEFAULT_PORT if port is None else port
    dd = DataDir.resolve(data_dir)
    make_private()
    try:
        dd.ensure(private=True)
    except PermissionError as exc:
        print(f"gpuaccel serve: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:  # a file where the data dir (or a folder in it) should be, a read-only disk
        not_dir = isinstance(exc, FileExistsError | NotADirectoryError)
        why = "it is not a directory" if not_dir else exc.strerror
        inner = exc.filename is not None and str(exc.filename) != str(dd.root)
        what = f"{exc.filename} (in the data dir {dd.root})" if inner else f"{dd.root} as the data dir"
        print(f"gpuaccel serve: cannot use {what}: {why}", file=sys.stderr)
        return 1
    lock = DataDirLock(dd)
    try:
        lock.acquire()
    except AlreadyRunning as exc:
        print(f"gpuaccel serve: {exc}", file=sys.stderr)
        return 1
    sockets: list[socket.socket] = []
    unix_path: Path | None = None
    try:
        secret = resolve_token(dd, host if tcp else DEFAULT_HOST, token)
        Store.add_secret(secret)  # no event the daemon writes holds it
        config = config or SchedulerConfig.from_env()
        path = socket_path(dd)
        try:
            sockets.append(bind_unix(path))
        except OSError as exc:
            print(f"gpuaccel serve: cannot listen on {path}: {exc.strerror}", file=sys.stderr)
            return 1
        unix_path = path
        if tcp:
            # IPPROTO_TCP, not 0: asyncio sets TCP_NODELAY on accepted sockets only when proto says TCP,
            # and without it every keep-alive request waits ~40 ms for a delayed ACK (Nagle).
            family = socket.AF_INET6 if ":" in host else socket.AF_INET
            sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
            sockets.append(sock)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                sock.bind((host, port))
            except OSError as exc:
                print(f"gpuaccel serve: cannot listen on {host}:{port}: {exc.strerror}", file=sys.stderr)
                return 1
            sock.listen(1024)  # clients queue in the backlog until uvicorn accepts
        return _run(dd, lock, sockets, host if tcp else None, secret, config, ray, where)
    finally:
        for sock in sockets:
            sock.close()
        if unix_path is not None:
            unix_path.unlink(missing_ok=True)
        lock.release()


def socket_path(dd: DataDir) -> Path:
    """The data dir's socket, or a short per-data-dir name in the runtime/temp dir for a long path."""
    path = dd.socket_file
    if len(os.fsencode(path)) <= MAX_SOCKET_PATH:
        return path
    digest = hashlib.sha256(os.fsencode(dd.root)).hexdigest()[:16]
    base = os.environ.get("XDG_RUNTIME_DIR") or tempfile.gettempdir()
    return Path(base) / f"gpuaccel-{os.getuid()}-{digest}.sock"


def bind_unix(path: Path) -> socket.socket:
    """A listening AF_UNIX socket at ``path``, mode 0600 from its creation (umask), a stale file replaced.

    Only the lock holder gets here, so a file left at ``path`` belongs to a daemon that is gone."""
    path.unlink(missing_ok=True)
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    old = os.umask(0o177)
    try:
        sock.bind(str(path))
    except OSError:
        sock.close()
        raise
    finally:
        os.umask(old)
    os.chmod(path, 0o600)
    sock.listen(1024)
    return sock


class _Server(uvicorn.Server):
    """uvicorn, telling systemd when it accepts and when it stops."""

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if self.started:
            sd_notify("READY=1\nSTATUS=serving")

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        sd_notify("STOPPING=1")
        await super().shutdown(sockets)


def _run(
    dd: DataDir,
    lock: DataDirLock,
    sockets: list[socket.socket],
    host: str | None,
    token: str,
    config: SchedulerConfig,
    ray: str | None,
    where: str,
) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s: %(message)s")
    try:
        daemon = Daemon.build(dd, config, ray, where)
    except (RuntimeError, ValueError) as exc:  # the Ray cluster cannot be found, a bad default placement
        print(f"gpuaccel serve: {exc}", file=sys.stderr)
        for sock in sockets:
            sock.close()
        return 1
    unix = sockets[0].getsockname()
    port = sockets[1].getsockname()[1] if len(sockets) > 1 else None
    server: _Server | None = None
    stop_asked: list[int] = []

    def stop_early(signum: int, _frame: object) -> None:
        """SIGTERM/SIGINT before uvicorn takes the signals over (and the one it re-raises when done):
        remembered, so a stop asked while starting ends the daemon cleanly instead of killing it."""
        stop_asked.append(signum)
        if server is not None:
            server.should_exit = True

    # Before daemon.json announces us: from then on `systemctl stop` or a script may signal at once.
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, stop_early)
    try:
        for job in daemon.start():
            log.warning("recovered job %d from a previous daemon: %s", job.id, recovered_words(job))
        info = {
            "pid": os.getpid(), "socket": unix, "host": host, "port": port,
            "version": daemon.version, "started_at": daemon.started_at,
        }  # fmt: skip
        dd.write_daemon_info(info)
        lock.announce(info)
        server = _Server(
            uvicorn.Config(
                daemon.api(token, open_docs=host is None or is_loopback(host)),
                log_level="warning",
                access_log=False,
                timeout_graceful_shutdown=2,
                # uvloop + httptools when installed (dependencies): about a third less CPU per request
                # than asyncio + h11, which on 2 cores is what bounds submissions/s.
                loop="auto",
                http="auto",
                # No proxy stands in front of the daemon: X-Forwarded-* from a local client must not be
                # trusted as the peer's address, and the middleware costs every request.
                proxy_headers=False,
            )
        )
        address = unix + (f" and http://{host}:{port}" if port is not None else "")
        print(f"gpuaccel daemon {daemon.version}: {address} (pid {os.getpid()}, data dir {dd.root})")
        sys.stdout.flush()
        if stop_asked:  # asked to stop while starting: uvicorn would start serving, then exit
            server.should_exit = True
        server.run(sockets=sockets)
    finally:
        daemon.stop()
        dd.remove_daemon_info(os.getpid())
    return 0
