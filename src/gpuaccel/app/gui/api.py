"""The GUI's blocking access to the daemon (typed :class:`app.client.Client` calls), from worker threads only.

Every failure becomes an :class:`ApiError` with a ``kind`` the window can act on: the daemon is
unreachable, the token is wrong, the daemon rejected a request (naming the field), or the route does
not exist on this daemon (an older daemon, or one without the assistant).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Concatenate, ParamSpec, TypeVar

import httpx

from gpuaccel.app.client import ApiError as ClientApiError
from gpuaccel.app.client import (
    Client,
    ClientError,
    DaemonNotRunning,
    ServerEvent,
    Unauthorized,
    detail_field,
    format_detail,
)
from gpuaccel.app.gui.connection import Endpoint

UNREACHABLE = "unreachable"
UNAUTHORIZED = "unauthorized"
REJECTED = "rejected"
NOT_FOUND = "not_found"
SERVER = "server"

P = ParamSpec("P")
T = TypeVar("T")


class ApiError(Exception):
    """A request that did not succeed, classified for the UI."""

    def __init__(self, kind: str, message: str, *, status: int | None = None, field: str = "") -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.status = status
        self.field = field


def classify(exc: Exception) -> ApiError:
    """Map the client's exceptions (and stray transport errors) onto the kinds the window shows."""
    if isinstance(exc, ApiError):
        return exc
    if isinstance(exc, DaemonNotRunning):
        return ApiError(UNREACHABLE, str(exc))
    if isinstance(exc, Unauthorized):
        return ApiError(UNAUTHORIZED, str(exc), status=401)
    if isinstance(exc, ClientApiError):
        message = format_detail(exc.detail)
        if exc.status == 404:
            return ApiError(NOT_FOUND, message or "not found", status=404)
        if exc.status in (400, 409, 422):
            return ApiError(REJECTED, message, status=exc.status, field=detail_field(exc.detail))
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

    def call(self, operation: Callable[Concatenate[Client, P], T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``api.call(Client.get_job, 7)``: one client operation, its failure classified for the window."""
        try:
            return operation(self.client, *args, **kwargs)
        except (ClientError, httpx.TransportError) as exc:
            raise classify(exc) from exc

    def stream(
        self,
        operation: Callable[Concatenate[Client, P], Iterator[ServerEvent]],
        *args: P.args,
        **kwargs: P.kwargs,
    ) -> Iterator[ServerEvent]:
        """A streaming operation's events (``Client.chat``), a failure while reading classified too."""
        try:
            yield from operation(self.client, *args, **kwargs)
        except (ClientError, httpx.TransportError) as exc:
            raise classify(exc) from exc
