"""The SSE reader splits lines by the SSE rules only, wherever the transport cut the bytes: a ``\\r\\n``
torn across two chunks is one line end, a multi-byte character torn across two chunks is one character."""

from __future__ import annotations

import json

import pytest

from gpuaccel.app.client.errors import ClientError
from gpuaccel.app.client.sse import ServerEvent, check_event_stream, read_events

TORN = json.dumps({"text": "a\u2028b\x0cc"}, ensure_ascii=False)  # U+2028 and a form feed, as sent
STREAM = (
    ": keep-alive\r\n\r\n"
    'event: token\r\nid: 7\r\ndata: {"text": "caf\\u00e9"}\r\n\r\n'
    f"event: token\rdata: {TORN}\r\r"
    'data: {"n": 1}\n\n'
    'event: done\ndata: {"reason":\ndata:  "stop"}\n\n'
).encode()

EXPECTED = [
    ServerEvent("token", {"text": "café"}, "7"),
    ServerEvent("token", {"text": "a\u2028b\x0cc"}, "7"),
    ServerEvent("message", {"n": 1}, "7"),
    ServerEvent("done", {"reason": "stop"}, "7"),
]


@pytest.mark.parametrize("size", [1, 2, 3, 7, len(STREAM)])
def test_events_are_the_same_however_the_bytes_are_cut(size: int) -> None:
    chunks = [STREAM[i : i + size] for i in range(0, len(STREAM), size)]
    assert list(read_events(chunks)) == EXPECTED


def test_data_that_is_not_json_and_a_body_that_is_no_event_stream_are_said() -> None:
    with pytest.raises(ClientError, match="not JSON"):
        list(read_events([b"data: {oops\n\n"]))
    check_event_stream("text/event-stream; charset=utf-8")
    with pytest.raises(ClientError, match="no event stream.*application/json"):
        check_event_stream("application/json")
