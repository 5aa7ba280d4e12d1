"""The composition root: ``gpuaccel serve`` builds the store, telemetry sampler, scheduler, history writer
and idle detector, puts the HTTP API in front of them, and tears it all down in order.

One daemon per data dir: an exclusive ``flock`` on ``daemon.lock`` (released by the kernel even on
kill -9) decides; the loser names the winner's pid and address and exits.

Extensions (the assistant): a module listed in ``EXTENSION_MODULES`` that exists is imported and its
``attach(ctx: DaemonContext)`` called; the returned object may have ``router`` (a FastAPI APIRouter,
mounted under ``/api/v1`` behind the same token check), ``start()`` and ``stop()`` (called after the
scheduler starts and before it stops).
"""

from __future__ import annotations

import fcntl
import importlib
import ipaddress
import json
import logging
import os
import secrets
import signal
import socket
import sys
import time
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from fastapi import FastAPI
from fastapi.responses import PlainTextResponse

from gpuaccel.accel.telemetry import open_backend
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.scheduler.config import SchedulerConfig
from gpuaccel.scheduler.history import HistoryWriter
from gpuaccel.scheduler.idle import IdleDetector
from gpuaccel.scheduler.paths import TOKEN_ENV, DataDir
from gpuaccel.scheduler.routes import create_router
from gpuaccel.scheduler.service import Scheduler
from gpuaccel.scheduler.store import Store
from gpuaccel.scheduler.telemetry_view import prometheus_text

log = logging.getLogger("gpuaccel.daemon")
EXTENSION_MODULES: tuple[str, ...] = ("gpuaccel.assistant.daemon_hooks",)
API_PREFIX = "/api/v1"


def version() -> str:
    try:
        from importlib.metadata import version as dist_version

        return dist_version("gpuaccel")
    except Exception:
        return "0.0.0+unknown"


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
            where = (
                f" at http://{info.get('host')}:{info.get('port')}" if info.get("pid") == _int(holder) else ""
            )
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


def _int(text: str) -> int | None:
    try:
        return int(text)
    except ValueError:
        return None


class TokenAuth:
    """ASGI middleware: every HTTP request needs ``Authorization: Bearer <token>`` (401 otherwise)."""

    def __init__(self, app: Any, token: str) -> None:
        self.app = app
        self.expected = f"Bearer {token}".encode()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            given = dict(scope["headers"]).get(b"authorization", b"")
            if not secrets.compare_digest(given, self.expected):
                body = json.dumps(
                    {"detail": "missing or wrong token: send 'Authorization: Bearer <token>' "
                     "with the token from the daemon's data dir (file 'token')"}
                ).encode()  # fmt: skip
                headers = [(b"content-type", b"application/json"), (b"www-authenticate", b"Bearer")]
                await send({"type": "http.response.start", "status": 401, "headers": headers})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)


@dataclass
class DaemonContext:
    """What extensions get: the daemon's shared objects."""

    data_dir: DataDir
    config: SchedulerConfig
    store: Store
    sampler: Sampler
    idle: IdleDetector
    scheduler: Scheduler
    version: str
    started_at: float
    extensions: list[Any] = field(default_factory=list)


def build_api(ctx: DaemonContext, token: str) -> FastAPI:
    api = FastAPI(
        title="gpuaccel daemon", version=ctx.version, description="GPU telemetry, job queue, assistant"
    )
    api.include_router(
        create_router(ctx.scheduler, ctx.sampler, ctx.version, ctx.started_at), prefix=API_PREFIX
    )

    @api.get("/metrics", response_class=PlainTextResponse, tags=["daemon"])
    def metrics() -> PlainTextResponse:
        return PlainTextResponse(
            prometheus_text(ctx.sampler, ctx.scheduler), media_type="text/plain; version=0.0.4; charset=utf-8"
        )

    for ext in ctx.extensions:
        router = getattr(ext, "router", None)
        if router is not None:
            api.include_router(router, prefix=API_PREFIX)
    api.add_middleware(TokenAuth, token=token)
    return api


def load_extensions(ctx: DaemonContext) -> None:
    """Attach the extensions that are installed. A broken one is logged and left out: the queue and
    telemetry keep serving (the error is in the daemon's log, and its routes answer 404)."""
    for name in EXTENSION_MODULES:
        try:
            module = importlib.import_module(name)
            ctx.extensions.append(module.attach(ctx))
        except ModuleNotFoundError as exc:
            if exc.name is not None and name.startswith(exc.name):
                continue
            log.exception("extension %s failed to import; running without it", name)
        except Exception:
            log.exception("extension %s failed to attach; running without it", name)


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def resolve_token(data_dir: DataDir, host: str, explicit: str | None) -> str:
    """The loopback default is the generated token file; a non-loopback bind needs a token set on purpose."""
    explicit = explicit or os.environ.get(TOKEN_ENV)
    if not is_loopback(host) and not explicit:
        raise SystemExit(
            f"gpuaccel serve: binding to {host} (not loopback) exposes the API to the network; set the token "
            f"explicitly with --token-file FILE or ${TOKEN_ENV}, then give clients the same token"
        )
    if explicit:
        if len(explicit) < 16:
            raise SystemExit("gpuaccel serve: the token must be at least 16 characters")
        fd = os.open(data_dir.token_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(explicit + "\n")
        os.chmod(data_dir.token_file, 0o600)
        return explicit
    return data_dir.ensure_token()


def serve(
    host: str = "127.0.0.1",
    port: int = 8765,
    data_dir: str | None = None,
    token: str | None = None,
    config: SchedulerConfig | None = None,
) -> int:
    dd = DataDir.resolve(data_dir)
    dd.ensure()
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
    started_at = time.time()
    store = Store(dd.db)
    sampler = Sampler(open_backend(), rate_hz=config.sample_hz).start()
    idle = IdleDetector(config.idle_util_pct, config.idle_after_s)
    scheduler = Scheduler(store, dd, config, sampler, idle)
    history = HistoryWriter(store, sampler, config)
    ctx = DaemonContext(dd, config, store, sampler, idle, scheduler, version(), started_at)
    load_extensions(ctx)
    port = sock.getsockname()[1]
    for job in scheduler.start():
        log.warning(
            "recovered job %d from a previous daemon: %s (%s)", job.id, job.state, job.reason or "requeued"
        )
    history.start()
    started_ext = []
    try:
        for ext in ctx.extensions:
            try:
                if hasattr(ext, "start"):
                    ext.start()
                started_ext.append(ext)
            except Exception:
                log.exception("extension %r failed to start; running without it", ext)
        dd.write_daemon_info(
            {"pid": os.getpid(), "host": host, "port": port, "version": ctx.version, "started_at": started_at}
        )
        api = build_api(ctx, token)
        server = uvicorn.Server(
            uvicorn.Config(
                api,
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
            f"gpuaccel daemon {ctx.version}: http://{host}:{port} (pid {os.getpid()}, data dir {dd.root})",
            flush=True,
        )
        # uvicorn re-raises the signal that stopped it once it is done; let it land here, not kill us
        # before the workers are stopped and their jobs requeued.
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, lambda *_: None)
        server.run(sockets=[sock])
    finally:
        for ext in reversed(started_ext):
            try:
                if hasattr(ext, "stop"):
                    ext.stop()
            except Exception:
                log.exception("extension %r failed to stop", ext)
        history.stop()
        scheduler.stop()
        sampler.stop()
        store.close()
        dd.remove_daemon_info(os.getpid())
    return 0
