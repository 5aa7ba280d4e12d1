"""Who may talk to the daemon: the token it accepts (resolved once at start) and the middleware checking it.

A loopback daemon makes its own token file; a daemon bound to the network needs a token set on purpose.
Two things answer without a token: ``GET /api/v1/health`` with no Authorization header (``{"status": "ok"}``
only, for probes) and, on a loopback or socket-only daemon, the OpenAPI page and schema (so a browser can
load them; its Authorize button then sends the token with every call it tries).
"""

from __future__ import annotations

import ipaddress
import json
import os
import secrets
from typing import Any

from gpuaccel.scheduler.paths import TOKEN_ENV, DataDir

HEALTH_PATH = "/api/v1/health"
DOCS_PATHS = frozenset({"/docs", "/docs/oauth2-redirect", "/openapi.json", "/redoc"})
PROBE_BODY = json.dumps({"status": "ok"}).encode()


class TokenAuth:
    """ASGI middleware: every HTTP request needs ``Authorization: Bearer <token>`` (401 otherwise)."""

    def __init__(self, app: Any, token: str, open_docs: bool = False) -> None:
        self.app = app
        self.expected = f"Bearer {token}".encode()
        self.open_paths = DOCS_PATHS if open_docs else frozenset()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            given = dict(scope["headers"]).get(b"authorization")
            if scope["method"] in ("GET", "HEAD") and given is None:
                if scope["path"] == HEALTH_PATH:  # a probe: alive, nothing more
                    headers = [(b"content-type", b"application/json")]
                    await send({"type": "http.response.start", "status": 200, "headers": headers})
                    await send({"type": "http.response.body", "body": PROBE_BODY})
                    return
                if scope["path"] in self.open_paths:
                    await self.app(scope, receive, send)
                    return
            if not secrets.compare_digest(given or b"", self.expected):
                body = json.dumps(
                    {"detail": "missing or wrong token: send 'Authorization: Bearer <token>' "
                     "with the token from the daemon's data dir (file 'token')"}
                ).encode()  # fmt: skip
                headers = [(b"content-type", b"application/json"), (b"www-authenticate", b"Bearer")]
                await send({"type": "http.response.start", "status": 401, "headers": headers})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)


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
