"""The daemon's door for bad input: a body-size limit (413) and 422 answers that can always be sent.

Every request model has caps on its fields, but a route can only check them after the body is parsed; the
limit bounds what the daemon reads and parses at all (a 200 MB body would cost memory and CPU first). A
422 names the field; it does not echo the refused input back (it may be huge or not encodable text).
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from gpuaccel.api.limits import MAX_BODY_BYTES, clean_text
from gpuaccel.api.pattern_words import PATTERN_WORDS


def _sendable(value: Any) -> Any:
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, list | tuple):
        return [_sendable(v) for v in value]
    if isinstance(value, dict):
        return {clean_text(str(k)): _sendable(v) for k, v in value.items()}
    return value


PATTERN = "string_pattern_mismatch"
NOT_JSON = "send a JSON object with Content-Type: application/json"
NOT_FINITE = "NaN and infinity are not numbers this field accepts; give a finite number"


def _unreadable_body(request: Request, errors: list[dict[str, Any]]) -> str | None:
    """Why the body as a whole could not be read as JSON (a 400), or None when its fields are at fault."""
    for e in errors:
        if e.get("type") == "json_invalid":
            where = e.get("ctx", {}).get("error", "")
            return f"the request body is not valid JSON ({where}); {NOT_JSON}".replace(" ()", "")
    content_type = request.headers.get("content-type", "")
    whole = [e for e in errors if tuple(e.get("loc", ())) == ("body",)]
    if whole and "json" not in content_type.lower():
        got = f"Content-Type {content_type!r}" if content_type else "no Content-Type"
        return f"the request body was sent with {got}; {NOT_JSON}"
    return None


SHOWN_INPUT_CHARS = 64  # a refused short text is quoted in the words of a pattern's 422; longer ones never


def _field_error(e: dict[str, Any]) -> dict[str, Any]:
    """One field's error without the rejected input; NaN or infinity named as such (pydantic's own
    message would quote the field's bound, as if the number were merely too large); a value that does
    not match a pattern told what is accepted in words (the regex itself says little to a person)."""
    value = e.get("input")
    out = {k: v for k, v in e.items() if k != "input"}
    if isinstance(value, float) and value != value or value in (float("inf"), float("-inf")):
        out["msg"] = NOT_FINITE
    words = PATTERN_WORDS.get(str(e.get("ctx", {}).get("pattern"))) if e.get("type") == PATTERN else None
    if words is not None:
        got = f", got {value!r}" if isinstance(value, str) and len(value) <= SHOWN_INPUT_CHARS else ""
        out["msg"] = f"must be {words}{got}"
    return out


async def validation_error(request: Request, exc: Exception) -> JSONResponse:
    """FastAPI's 422 shape (``detail``: ``loc``, ``msg``, ``type``, ``ctx``) without the rejected input;
    a body that is not JSON at all is a 400 with one sentence, as the API documents."""
    assert isinstance(exc, RequestValidationError)
    unreadable = _unreadable_body(request, list(exc.errors()))
    if unreadable is not None:
        return JSONResponse({"detail": clean_text(unreadable)}, status_code=400)
    errors = [_field_error(e) for e in exc.errors()]
    return JSONResponse({"detail": _sendable(jsonable_encoder(errors))}, status_code=422)


def _too_large(size: str) -> bytes:
    return json.dumps(
        {
            "detail": f"the request body is {size}; the daemon accepts at most {MAX_BODY_BYTES} bytes "
            f"({MAX_BODY_BYTES // 2**20} MiB). Job requests have per-field caps listed in /openapi.json"
        }
    ).encode()


class BodyLimit:
    """ASGI middleware: 413 when Content-Length (or the bytes actually sent) exceed the limit."""

    def __init__(self, app: Any, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await self._refuse(send, f"{int(length)} bytes" if length.isdigit() else "of unknown size")
            return
        # Read the body up front (bounded), then hand the app the same messages.
        messages: list[dict[str, Any]] = []
        size = 0
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break
            size += len(message.get("body", b""))
            if size > self.limit:
                await self._refuse(send, f"more than {self.limit} bytes")
                return
            if not message.get("more_body", False):
                break

        async def replay() -> dict[str, Any]:
            return messages.pop(0) if messages else await receive()

        await self.app(scope, replay, send)

    @staticmethod
    async def _refuse(send: Any, size: str) -> None:
        headers = [(b"content-type", b"application/json"), (b"connection", b"close")]
        await send({"type": "http.response.start", "status": 413, "headers": headers})
        await send({"type": "http.response.body", "body": _too_large(size)})
