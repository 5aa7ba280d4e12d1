"""The local daemon over its Unix socket with the standard library alone, for shell completion and ask.

Why apart from :mod:`.connection`: a TAB that offers job ids, groups or nodes, and ``gpuaccel ask``, run a
fresh ``gpuaccel`` for a few requests, and loading httpx and the API's pydantic models for them cost about
0.6 s of CPU each time. This speaks HTTP/1.1 over the socket ``daemon.json`` names, with the token of the
data dir. A daemon reached by URL (``$GPUACCEL_URL``) has no socket here: those callers use
:class:`~app.client.Client`, and so does ask whenever this cannot reach the daemon (:class:`Unreached`),
so that the full client words why.
"""

from __future__ import annotations

import http.client
import json
import os
import socket
from collections.abc import Iterator
from typing import Any

from gpuaccel.app.client.errors import (
    ApiError,
    ClientError,
    check_text,
    no_answer,
    stream_broke,
    token_rejected,
)
from gpuaccel.app.client.sse import ServerEvent, check_event_stream, read_events
from gpuaccel.scheduler.paths import URL_ENV, DataDir

API = "/api/v1"
ASSISTANT = "/assistant"
CHUNK = 65536


class Unreached(Exception):
    """The socket could not be reached, or its first answer was a refusal: the full client, asked the
    same, says why in its own words (daemon not running, token refused, not found)."""


class _UnixConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float) -> None:
        super().__init__("localhost", timeout=timeout)  # the Host header; the daemon ignores it
        self._path = path

    def connect(self) -> None:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class SocketClient:
    """The data dir's local daemon over its socket: what ``gpuaccel ask`` needs of :class:`Client`."""

    def __init__(self, socket_path: str, token: str, token_file: os.PathLike[str], timeout: float) -> None:
        self.socket_path, self.timeout = socket_path, timeout
        self._headers = {"Authorization": f"Bearer {token}"}
        self._token_file = token_file  # where the token came from, for the message when it is refused

    @classmethod
    def local(cls, data_dir: str | os.PathLike[str] | None, timeout: float) -> SocketClient | None:
        """The client of the data dir's daemon, or None where there is no socket to ask: a URL is given,
        no ``daemon.json`` or token, or they cannot be read."""
        if os.environ.get(URL_ENV):
            return None
        dd = DataDir.resolve(data_dir)
        try:
            info, token = dd.read_daemon_info(), dd.read_token()
        except (OSError, ValueError):
            return None
        if not info or not info.get("socket") or not token:
            return None
        return cls(str(info["socket"]), token, dd.token_file, timeout)

    @property
    def base_url(self) -> str:
        return f"unix:{self.socket_path}"

    def _send(
        self, method: str, path: str, body: Any = None
    ) -> tuple[_UnixConnection, http.client.HTTPResponse]:
        """One request on its own connection. Not reached (:class:`Unreached`) only while nothing was sent;
        a connection lost once a POST went out is a broken stream, so that it is never sent twice."""
        check_text(body)
        conn = _UnixConnection(self.socket_path, self.timeout)
        headers = dict(self._headers)
        payload = None
        if body is not None:
            payload = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        sent = False
        try:
            conn.connect()
            sent = method != "GET"
            conn.request(method, API + path, body=payload, headers=headers)
            return conn, conn.getresponse()
        except TimeoutError as exc:
            conn.close()
            raise no_answer(self.base_url, self.timeout) from exc
        except (OSError, http.client.HTTPException) as exc:
            conn.close()
            if sent:
                raise stream_broke(self.base_url, exc) from None
            raise Unreached(str(exc)) from exc

    def _refusal(self, response: http.client.HTTPResponse) -> Exception:
        if response.status == 401:
            return token_rejected(self.base_url, self._token_file)
        body = response.read()
        try:
            detail = json.loads(body).get("detail")
        except (ValueError, AttributeError):
            detail = body.decode("utf-8", "replace")
        return ApiError(response.status, detail)

    def assistant_state(self) -> dict[str, Any]:
        """As :meth:`Client.assistant_state`; any refusal is :class:`Unreached` (nothing was changed)."""
        conn, response = self._send("GET", f"{ASSISTANT}/state")
        try:
            if response.status != 200:
                raise Unreached(f"HTTP {response.status}")
            return json.loads(response.read())
        except (OSError, http.client.HTTPException, ValueError) as exc:
            raise Unreached(str(exc)) from exc
        finally:
            conn.close()

    def chat(self, message: str, conversation_id: int | None = None) -> Iterator[ServerEvent]:
        """As :meth:`Client.chat`: the answer as events, as the daemon sends them."""
        body: dict[str, Any] = {"message": message}
        if conversation_id is not None:
            body["conversation_id"] = conversation_id
        conn, response = self._send("POST", f"{ASSISTANT}/chat", body)
        try:
            if response.status >= 400:
                raise self._refusal(response)
            check_event_stream(response.getheader("content-type") or "")
            if conn.sock is not None:
                conn.sock.settimeout(None)  # an answer may pause for as long as the model needs
            yield from read_events(iter(lambda: response.read1(CHUNK), b""))
        except (OSError, http.client.HTTPException) as exc:
            raise stream_broke(self.base_url, exc) from None
        finally:
            conn.close()


def get_json(data_dir: str | os.PathLike[str] | None, path: str, timeout: float) -> Any | None:
    """The JSON answer of ``GET /api/v1{path}`` from the data dir's daemon, or None when there is none to
    give: no daemon, no socket or token, a refusal, a timeout, an answer that is not JSON."""
    client = SocketClient.local(data_dir, timeout)
    if client is None:
        return None
    try:
        conn, response = client._send("GET", path)
    except (Unreached, ClientError):
        return None
    try:
        body = response.read()
        return json.loads(body) if response.status == 200 else None
    except (OSError, http.client.HTTPException, ValueError):
        return None
    finally:
        conn.close()
