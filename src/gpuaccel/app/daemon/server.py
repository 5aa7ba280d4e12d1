"""``gpuaccel serve``: take the data dir's lock, resolve the token, bind, and run the composed daemon.

The socket is bound before anything else starts, so a port in use is reported without touching the queue;
uvicorn then serves the API until SIGINT/SIGTERM, and the parts stop in order (running jobs are requeued).
"""

from __future__ import annotations

import logging
import os
import signal
import socket
import sys

import uvicorn

from gpuaccel.app.daemon.auth import resolve_token
from gpuaccel.app.daemon.compose import Daemon
from gpuaccel.app.daemon.lock import AlreadyRunning, DataDirLock
from gpuaccel.scheduler.config import SchedulerConfig
from gpuaccel.scheduler.paths import DataDir, make_private

log = logging.getLogger("gpuaccel.daemon")


def serve(
    host: str = "127.0.0.1",
    port: int = 8765,
    data_dir: str | None = None,
    token: str | None = None,
    config: SchedulerConfig | None = None,
) -> int:
    dd = DataDir.resolve(data_dir)
    make_private()
    try:
        dd.ensure(private=True)
    except PermissionError as exc:
        print(f"gpuaccel serve: {exc}", file=sys.stderr)
        return 1
    lock = DataDirLock(dd)
    try:
        lock.acquire()
    except AlreadyRunning as exc:
        print(f"gpuaccel serve: {exc}", file=sys.stderr)
        return 1
    try:
        secret = resolve_token(dd, host, token)
        config = config or SchedulerConfig.from_env()
        # IPPROTO_TCP, not 0: asyncio sets TCP_NODELAY on accepted sockets only when proto says TCP, and
        # without it every keep-alive request waits ~40 ms for a delayed ACK (Nagle).
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError as exc:
            print(f"gpuaccel serve: cannot listen on {host}:{port}: {exc.strerror}", file=sys.stderr)
            return 1
        sock.listen(1024)  # clients queue in the backlog until uvicorn accepts
        return _run(dd, sock, host, secret, config)
    finally:
        lock.release()


def _run(dd: DataDir, sock: socket.socket, host: str, token: str, config: SchedulerConfig) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s: %(message)s")
    daemon = Daemon.build(dd, config)
    port = sock.getsockname()[1]
    try:
        for job in daemon.start():
            log.warning(
                "recovered job %d from a previous daemon: %s (%s)",
                job.id,
                job.state,
                job.reason or "requeued",
            )
        dd.write_daemon_info(
            {
                "pid": os.getpid(), "host": host, "port": port,
                "version": daemon.version, "started_at": daemon.started_at,
            }
        )  # fmt: skip
        server = uvicorn.Server(
            uvicorn.Config(
                daemon.api(token),
                log_level="warning",
                access_log=False,
                timeout_graceful_shutdown=2,
                # uvloop + httptools when installed (dependencies): about a third less CPU per request
                # than asyncio + h11, which on 2 cores is what bounds submissions/s.
                loop="auto",
                http="auto",
            )
        )
        print(
            f"gpuaccel daemon {daemon.version}: http://{host}:{port} (pid {os.getpid()}, data dir {dd.root})",
            flush=True,
        )
        # uvicorn re-raises the signal that stopped it once it is done; let it land here, not kill us
        # before the workers are stopped and their jobs requeued.
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, lambda *_: None)
        server.run(sockets=[sock])
    finally:
        daemon.stop()
        dd.remove_daemon_info(os.getpid())
    return 0
