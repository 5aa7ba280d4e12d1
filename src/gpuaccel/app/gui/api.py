"""The GUI's blocking access to the daemon (through :class:`app.client.Client`), from worker threads only.

Every failure becomes an :class:`ApiError` with a ``kind`` the window can act on: the daemon is
unreachable, the token is wrong, the daemon rejected a request (naming the field), or the route does
not exist on this daemon (an older daemon, or one without the assistant).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import httpx

from gpuaccel.app.client import ApiError as ClientApiError
from gpuaccel.app.client import Client, ClientError, DaemonNotRunning, Unauthorized, format_detail
from gpuaccel.app.gui.connection import Endpoint

API = "/api/v1"

UNREACHABLE = "unreachable"
UNAUTHORIZED = "unauthorized"
REJECTED = "rejected"
NOT_FOUND = "not_found"
SERVER = "server"


class ApiError(Exception):
    """A request that did not succeed, classified for the UI."""

    def __init__(self, kind: str, message: str, *, status: int | None = None, field: str = "") -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.status = status
        self.field = field


def _field_and_message(detail: Any) -> tuple[str, str]:
    """``(field, message)`` from the daemon's error detail (FastAPI's 422 list, or text)."""
    if isinstance(detail, list) and detail and isinstance(detail[0], dict):
        first = detail[0]
        loc = [str(p) for p in first.get("loc", []) if p not in ("body", "query", "path")]
        return ".".join(loc), format_detail(detail)
    return "", format_detail(detail)


def classify(exc: Exception) -> ApiError:
    """Map the client's exceptions (and stray transport errors) onto the kinds the window shows."""
    if isinstance(exc, ApiError):
        return exc
    if isinstance(exc, DaemonNotRunning):
        return ApiError(UNREACHABLE, str(exc))
    if isinstance(exc, Unauthorized):
        return ApiError(UNAUTHORIZED, str(exc), status=401)
    if isinstance(exc, ClientApiError):
        field, message = _field_and_message(exc.detail)
        if exc.status == 404:
            return ApiError(NOT_FOUND, message or "not found", status=404)
        if exc.status in (400, 409, 422):
            return ApiError(REJECTED, message, status=exc.status, field=field)
        return ApiError(SERVER, f"HTTP {exc.status}: {message}", status=exc.status)
    if isinstance(exc, ClientError | httpx.TransportError):
        return ApiError(UNREACHABLE, str(exc) or type(exc).__name__)
    raise exc


class Api:
    """One daemon connection through :class:`app.client.Client`; one per worker thread."""

    def __init__(self, endpoint: Endpoint, timeout: float = 3.0) -> None:
        self.endpoint = endpoint
        self.client = Client(
            base_url=endpoint.url or None,
            token=endpoint.token or None,
            data_dir=endpoint.data_dir,
            timeout=timeout,
        )

    @property
    def url(self) -> str:
        try:
            return self.client.base_url
        except ClientError:
            return self.endpoint.describe()

    def close(self) -> None:
        self.client.close()

    def _request(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        try:
            return self.client.request(method, API + path, **kwargs)
        except (ClientError, httpx.TransportError) as exc:
            raise classify(exc) from exc

    def get(self, path: str, **params: Any) -> Any:
        clean = {k: v for k, v in params.items() if v is not None}
        return self._request("GET", path, params=clean).json()

    def post(self, path: str, body: Any = None) -> Any:
        response = self._request("POST", path, json=body)
        return response.json() if response.content else {}

    def content(self, path: str) -> bytes:
        return self._request("GET", path).content

    def text(self, path: str, **params: Any) -> str:
        return self._request("GET", path, params=params).text

    def sse(
        self,
        method: str,
        path: str,
        body: Any = None,
        cancel: threading.Event | None = None,
        holder: list[httpx.Response] | None = None,
    ) -> Iterator[tuple[str, str]]:
        """Server-sent events as ``(event, data)`` on a connection of its own; ends when ``cancel`` is set."""
        try:
            url = self.client.base_url
            token = self.endpoint.token or self.client.data_dir.read_token() or ""
        except ClientError as exc:
            raise classify(exc) from exc
        headers = {"Authorization": f"Bearer {token}", "Accept": "text/event-stream"}
        try:
            with (
                httpx.Client(base_url=url, headers=headers, timeout=httpx.Timeout(5.0, read=None)) as http,
                http.stream(method, API + path, json=body) as response,
            ):
                if holder is not None:
                    holder.append(response)  # lets another thread close it to unblock a read
                if response.status_code >= 400:
                    response.read()
                    raise _status_error(response)
                yield from _events(response, cancel)
        except (httpx.TransportError, httpx.StreamClosed) as exc:
            if cancel is not None and cancel.is_set():
                return
            raise ApiError(UNREACHABLE, f"the stream from {url} broke: {exc}") from exc


def _status_error(response: httpx.Response) -> ApiError:
    if response.status_code == 401:
        return ApiError(UNAUTHORIZED, "the daemon rejected the token", status=401)
    try:
        detail = response.json().get("detail")
    except ValueError:
        detail = response.text
    return classify(ClientApiError(response.status_code, detail))


def _events(response: httpx.Response, cancel: threading.Event | None) -> Iterator[tuple[str, str]]:
    event, data = "message", []
    for line in response.iter_lines():
        if cancel is not None and cancel.is_set():
            return
        if not line:
            if data:
                yield event, "\n".join(data)
            event, data = "message", []
        elif line.startswith("event:"):
            event = line[6:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].removeprefix(" "))
    if data:
        yield event, "\n".join(data)
