"""A GET to the local daemon over its Unix socket with the standard library alone, for shell completion.

Why apart from :mod:`.connection`: a TAB that offers job ids, groups or nodes runs a fresh ``gpuaccel``
for a few read-only JSON answers, and loading httpx and the API's pydantic models for them cost about
0.6 s of CPU on every TAB. This speaks HTTP/1.1 over the socket ``daemon.json`` names, with the token
of the data dir, and gives up quietly (a TAB offers nothing rather than an error). A daemon reached by
URL (``$GPUACCEL_URL``) has no socket here: completion asks it through :class:`~app.client.Client`.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
from typing import Any

from gpuaccel.scheduler.paths import DataDir

API = "/api/v1"


class _UnixConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float) -> None:
        super().__init__("localhost", timeout=timeout)  # the Host header; the daemon ignores it
        self._path = path

    def connect(self) -> None:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


def get_json(data_dir: str | os.PathLike[str] | None, path: str, timeout: float) -> Any | None:
    """The JSON answer of ``GET /api/v1{path}`` from the data dir's daemon, or None when there is none to
    give: no daemon, no socket or token, a refusal, a timeout, an answer that is not JSON."""
    dd = DataDir.resolve(data_dir)
    try:
        info, token = dd.read_daemon_info(), dd.read_token()
    except OSError:
        return None
    if not info or not info.get("socket") or not token:
        return None
    conn = _UnixConnection(str(info["socket"]), timeout)
    try:
        conn.request("GET", API + path, headers={"Authorization": f"Bearer {token}"})
        response = conn.getresponse()
        body = response.read()
        return json.loads(body) if response.status == 200 else None
    except (OSError, http.client.HTTPException, ValueError):
        return None
    finally:
        conn.close()
