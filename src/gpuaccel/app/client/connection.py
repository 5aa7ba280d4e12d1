"""One connection to a daemon: where it is, its token, sending a request, retries, and errors.

It finds a local daemon from the data dir (``daemon.json`` names its Unix socket, used first, and its TCP
port if it has one; ``token`` holds the secret), or talks to any daemon given ``base_url`` and ``token``
(``$GPUACCEL_URL`` / ``$GPUACCEL_TOKEN``). Every
failure leaves as one of the exceptions in :mod:`.errors`, worded for the person who sees it.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, Self, TypeVar

import httpx
from pydantic import BaseModel, ValidationError

from gpuaccel.app.client.errors import (
    ApiError,
    ClientError,
    DaemonNotRunning,
    Unauthorized,
    check_text,
    no_answer,
    stream_broke,
    token_rejected,
)
from gpuaccel.app.client.sse import ServerEvent, check_event_stream, read_events
from gpuaccel.app.demo import demo_data_dir
from gpuaccel.scheduler.paths import TOKEN_ENV, URL_ENV, DataDir
from gpuaccel.scheduler.store.idempotency import HEADER as IDEMPOTENCY_HEADER

API = "/api/v1"
SOCKET_URL = "http://localhost"  # the Host header on the Unix socket; the daemon ignores it
GET_ATTEMPTS = 3  # a GET changes nothing, so a dropped connection is tried again this many times in all
RETRY_PAUSE_S = 0.1
_RETRYABLE = (httpx.ConnectError, httpx.RemoteProtocolError, httpx.ReadError)
M = TypeVar("M", bound=BaseModel)


def _start_hint(data_dir: DataDir) -> str:
    """The command that starts this data dir's daemon; ``--demo`` for the demo's own dir (the demo
    points $GPUACCEL_DATA_DIR there only inside its process, so plain ``serve`` would start another)."""
    if data_dir.root.resolve() == demo_data_dir().resolve():
        return "gpuaccel --demo serve"
    default = DataDir.resolve(None).root == data_dir.root
    return "gpuaccel serve" + ("" if default else f" --data-dir {data_dir.root}")


class Connection:
    def __init__(
        self,
        base_url: str | None = None,
        token: str | None = None,
        data_dir: str | os.PathLike[str] | None = None,
        timeout: float = 10.0,
    ) -> None:
        self.data_dir = DataDir.resolve(data_dir)
        self._base_url = base_url or os.environ.get(URL_ENV) or None
        self._token = token or (os.environ.get(TOKEN_ENV) if self._base_url else None)
        # where the token came from, for the message when the daemon refuses it
        self._token_from = "the token given" if token else f"${TOKEN_ENV}"
        self.timeout = timeout
        self._http: httpx.Client | None = None

    def _read(self, read: Callable[[], Any]) -> Any:
        """A file of the data dir read by ``read``; a data dir that is not a readable directory (a file
        given as ``--data-dir``, no permission) is said in words instead of a traceback."""
        try:
            return read()
        except OSError as exc:
            root = self.data_dir.root
            if root.exists() and not root.is_dir():
                raise ClientError(f"the data dir {root} is not a directory; name a directory") from None
            raise ClientError(f"cannot read {exc.filename or root}: {exc.strerror or exc}") from None

    def _info(self) -> dict[str, Any]:
        info = self._read(self.data_dir.read_daemon_info)
        if info is None:
            raise DaemonNotRunning(
                f"no gpuaccel daemon is running for data dir {self.data_dir.root}; start one with: "
                f"{_start_hint(self.data_dir)}"
            )
        return info

    @property
    def socket_path(self) -> str | None:
        """The local daemon's Unix socket, when no URL was given and ``daemon.json`` names one."""
        if self._base_url:
            return None
        path = self._info().get("socket")
        return str(path) if path else None

    @property
    def base_url(self) -> str:
        """The daemon's address for messages: its socket path, or the URL it is reached at."""
        if self._base_url:
            return self._base_url.rstrip("/")
        info = self._info()
        if info.get("socket"):
            return f"unix:{info['socket']}"
        host = str(info.get("host") or "127.0.0.1")
        host = {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}.get(host, host)
        return f"http://[{host}]:{info['port']}" if ":" in host else f"http://{host}:{info['port']}"

    def _client(self) -> httpx.Client:
        if self._http is None:
            uds = self.socket_path
            base_url = SOCKET_URL if uds else self.base_url
            token = self._token or self._read(self.data_dir.read_token)
            if not token:
                raise Unauthorized(f"no API token: {self.data_dir.token_file} is missing; set ${TOKEN_ENV}")
            self._http = httpx.Client(
                base_url=base_url,
                headers={"Authorization": f"Bearer {token}"},
                timeout=self.timeout,
                transport=httpx.HTTPTransport(uds=uds) if uds else None,
            )
        return self._http

    def close(self) -> None:
        if self._http is not None:
            self._http.close()
            self._http = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _not_running(self, exc: Exception) -> DaemonNotRunning:
        url = self._base_url or "(unknown)"
        try:
            url = self.base_url
        except DaemonNotRunning as inner:
            return inner
        if self._base_url:
            return DaemonNotRunning(f"no gpuaccel daemon answers at {url} ({exc})")
        info = self._read(self.data_dir.read_daemon_info) or {}
        return DaemonNotRunning(
            f"no gpuaccel daemon answers at {url} (daemon.json names pid {info.get('pid')}, which may have "
            f"crashed); start one with: {_start_hint(self.data_dir)}"
        )

    @staticmethod
    def _check_text(kw: dict[str, Any]) -> None:
        check_text(kw.get("json"), kw.get("params"))

    def request(self, method: str, path: str, **kw: Any) -> httpx.Response:
        """Send one request; a GET is tried again after a dropped connection (it changes nothing), and so
        is a request with an ``Idempotency-Key`` (the daemon answers a repeat with what the first did)."""
        self._check_text(kw)
        safe = method.upper() == "GET" or IDEMPOTENCY_HEADER in (kw.get("headers") or {})
        attempts = GET_ATTEMPTS if safe else 1
        for attempt in range(1, attempts + 1):
            try:
                response = self._client().request(method, path, **kw)
                break
            except _RETRYABLE as exc:
                self.close()
                if attempt == attempts or isinstance(exc, httpx.ConnectError) and self._refused(exc):
                    raise self._not_running(exc) from None
                time.sleep(RETRY_PAUSE_S * attempt)
            except httpx.TimeoutException as exc:
                raise no_answer(self.base_url, self.timeout) from exc
        self._check(response)
        return response

    @staticmethod
    def _refused(exc: httpx.ConnectError) -> bool:
        """Nothing listens (or the socket file is gone): trying again at once will not change that."""
        text = str(exc).lower()
        return (
            "refused" in text
            or "no such file" in text
            or isinstance(exc.__cause__, ConnectionRefusedError | FileNotFoundError)
        )

    def _check(self, response: httpx.Response) -> None:
        if response.status_code == 401:
            raise token_rejected(self.base_url, self._token_from if self._token else self.data_dir.token_file)
        if response.status_code >= 400:
            try:
                detail = response.json().get("detail")
            except Exception:
                detail = response.text
            raise ApiError(response.status_code, detail)

    def _json(self, method: str, path: str, **kw: Any) -> Any:
        response = self.request(method, API + path, **kw)
        return response.json() if response.content else {}

    def _model(self, model: type[M], method: str, path: str, **kw: Any) -> M:
        """An answer read into the scheduler's model, so callers get typed fields, not dict keys."""
        try:
            return model.model_validate(self._json(method, path, **kw))
        except ValidationError as exc:
            raise ClientError(
                f"the daemon's answer to {method} {path} is not a {model.__name__}: {exc.errors()[0]['msg']} "
                "(client and daemon versions differ?)"
            ) from None

    def _stream(
        self,
        method: str,
        path: str,
        *,
        cancel: threading.Event | None = None,
        on_open: Callable[[httpx.Response], None] | None = None,
        **kw: Any,
    ) -> Iterator[ServerEvent]:
        """Server-sent events from one streaming request, until the server ends it or ``cancel`` is set.

        ``on_open`` gets the response so another thread can close it to unblock a waiting read."""
        self._check_text(kw)
        timeout = httpx.Timeout(self.timeout, read=None)
        try:
            with self._client().stream(method, API + path, timeout=timeout, **kw) as response:
                if on_open is not None:
                    on_open(response)
                if response.status_code >= 400:
                    response.read()
                    self._check(response)
                check_event_stream(response.headers.get("content-type", ""))
                yield from read_events(response.iter_bytes(), cancel)
        except (httpx.TransportError, httpx.StreamError) as exc:  # StreamClosed: closed to stop it
            self.close()
            if cancel is not None and cancel.is_set():
                return
            if isinstance(exc, httpx.ConnectError):
                raise self._not_running(exc) from None
            raise stream_broke(self.base_url, exc) from None
