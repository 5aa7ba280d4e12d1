"""The one reader of the daemon's server-sent events (log follow, chat), in the standard library alone.

Lines are split by the SSE rules only (``\\r\\n``, ``\\r``, ``\\n``), so nothing in an event is lost to a
looser idea of a line (``str.splitlines`` would also cut at form feeds and U+2028). The daemon
JSON-encodes every event's data (FastAPI's ``EventSourceResponse``), so a log chunk arrives with its
``\\r``, form feeds and U+2028 intact. Both transports feed it byte chunks: httpx's stream for the full
client, :mod:`.raw`'s socket for ``gpuaccel ask`` (which so loads no httpx).
"""

from __future__ import annotations

import codecs
import json
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from gpuaccel.app.client.errors import ClientError

EVENT_STREAM = "text/event-stream"


@dataclass(frozen=True)
class ServerEvent:
    """One server-sent event: its name ("message" when unnamed), its JSON-decoded data and its id (where a
    stream resumes after a reconnect; "" when the server gave none)."""

    event: str
    data: Any
    id: str = ""


def check_event_stream(content_type: str) -> None:
    """An answer that is not an event stream is said, not parsed as one."""
    if EVENT_STREAM not in content_type.partition(";")[0]:
        raise ClientError(
            f"the daemon sent no event stream: Content-Type is {content_type!r}, not {EVENT_STREAM!r}"
        )


def read_events(chunks: Iterable[bytes], cancel: threading.Event | None = None) -> Iterator[ServerEvent]:
    """The events in a stream's body, given as byte chunks of any size, until it ends or ``cancel`` is set."""
    event, data, last_id = "", [], ""
    for line in _lines(chunks):
        if cancel is not None and cancel.is_set():
            return
        if not line:
            text = "\n".join(data)
            if text:
                yield ServerEvent(event or "message", _decode(text), last_id)
            event, data = "", []  # an event without data (a keep-alive) is dropped
            continue
        if line.startswith(":"):
            continue  # a comment
        name, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if name == "data":
            data.append(value)
        elif name == "event":
            event = value
        elif name == "id" and "\0" not in value:
            last_id = value


def _lines(chunks: Iterable[bytes]) -> Iterator[str]:
    """UTF-8 text split at ``\\r\\n``, ``\\r`` or ``\\n`` only, across chunk boundaries."""
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
    pending = ""
    for chunk in chunks:
        pending += decoder.decode(chunk)
        # a trailing \r may be the first half of \r\n: keep it until the next chunk says
        cut = len(pending) - 1 if pending.endswith("\r") else len(pending)
        text, pending = pending[:cut], pending[cut:]
        *done, rest = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        yield from done
        pending = rest + pending
    pending += decoder.decode(b"", final=True)
    if pending:
        yield from pending.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _decode(data: str) -> Any:
    try:
        return json.loads(data)
    except ValueError:
        raise ClientError(f"the daemon sent an event whose data is not JSON: {data[:80]!r}") from None
