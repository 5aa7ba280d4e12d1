"""The one reader of the daemon's server-sent events (log follow, chat), built on httpx-sse.

httpx-sse splits the stream by the SSE rules only (``\\r\\n``, ``\\r``, ``\\n``), so nothing in an event
is lost to a looser idea of a line. The daemon JSON-encodes every event's data (FastAPI's
``EventSourceResponse``), so a log chunk arrives with its ``\\r``, form feeds and U+2028 intact.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
from httpx_sse import EventSource, SSEError

from gpuaccel.app.client.errors import ClientError


@dataclass(frozen=True)
class ServerEvent:
    """One server-sent event: its name ("message" when unnamed), its JSON-decoded data and its id (where a
    stream resumes after a reconnect; "" when the server gave none)."""

    event: str
    data: Any
    id: str = ""


def read_events(response: httpx.Response, cancel: threading.Event | None = None) -> Iterator[ServerEvent]:
    try:
        for sse in EventSource(response).iter_sse():
            if cancel is not None and cancel.is_set():
                return
            if not sse.data and sse.event == "message":
                continue  # a keep-alive or an event without data
            yield ServerEvent(sse.event or "message", _decode(sse.data), sse.id or "")
    except SSEError as exc:
        raise ClientError(f"the daemon sent no event stream: {exc}") from None


def _decode(data: str) -> Any:
    try:
        return json.loads(data)
    except ValueError:
        raise ClientError(f"the daemon sent an event whose data is not JSON: {data[:80]!r}") from None
