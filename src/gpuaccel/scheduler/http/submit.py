"""``POST /jobs``: the one submit operation, reached through the routed endpoint or the daemon's fast path.

Why two doors to one operation: a burst of thousands of submissions spends most of the daemon's CPU in the
web framework's per-request machinery (routing, dependency solving, exception middleware), not in checking
and storing the jobs. :class:`SubmitFastPath` answers the common case -- a JSON body that validates as a
:class:`JobRequest` -- without that machinery; everything else (a validation error, an unusual header or
content type) goes on to the routed endpoint unchanged, which writes every error. Both doors call
:meth:`SubmitEndpoint.submit` and :meth:`SubmitEndpoint.response`, so a job is validated, stored (group
commit, :mod:`scheduler.http.submit_batch`) and answered the same way whichever door it came through.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import HTTPException
from fastapi.responses import JSONResponse, Response
from pydantic import ValidationError

from gpuaccel.api.jobs import Job
from gpuaccel.api.request import JobRequest
from gpuaccel.scheduler.http.errors import disk_full, unprocessable
from gpuaccel.scheduler.http.submit_batch import SubmitBatcher
from gpuaccel.scheduler.lifecycle.service import Scheduler
from gpuaccel.scheduler.lifecycle.validation import RequestError
from gpuaccel.scheduler.store import idempotency
from gpuaccel.scheduler.store.integrity import DiskFull

_JSON = b"application/json"
_KEY_HEADER = idempotency.HEADER.lower().encode()


class SubmitEndpoint:
    """Validated submissions in, stored jobs out: the batcher every submission of the daemon goes through."""

    def __init__(self, scheduler: Scheduler) -> None:
        self.batcher = SubmitBatcher(scheduler.submit_many)

    async def submit(self, request: JobRequest, key: str | None) -> tuple[Job, bool]:
        """(the job, True when stored now); HTTPException 422 / 409 for a refused request (nothing stored)."""
        try:
            return await self.batcher.submit((request, key))
        except RequestError as exc:
            raise unprocessable(exc.field, exc.message) from None
        except idempotency.IdempotencyConflict as exc:
            raise HTTPException(409, detail=str(exc)) from None
        except DiskFull as exc:
            raise disk_full(exc) from None

    @staticmethod
    def response(job: Job, created: bool, path: str) -> Response:
        return Response(
            job.to_json_bytes(),
            status_code=201 if created else 200,
            headers={"Location": f"{path.rstrip('/')}/{job.id}"},
            media_type="application/json",
        )


class SubmitFastPath:
    """ASGI middleware: a well-formed ``POST /jobs`` is validated and answered here; any other request, and
    a submission this door is not sure of, goes on to the app, which answers it (errors included).

    It sits inside the token check and the body limit, so it sees only authorised, bounded bodies."""

    def __init__(self, app: Any, endpoint: SubmitEndpoint, path: str) -> None:
        self.app = app
        self.endpoint = endpoint
        self.path = path

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope["method"] != "POST" or scope["path"] != self.path:
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        key = headers.get(_KEY_HEADER)
        if key is not None and sum(name == _KEY_HEADER for name, _ in scope["headers"]) > 1:
            await self.app(scope, receive, send)  # which of two keys counts is the routed endpoint's rule
            return
        content_type = headers.get(b"content-type", b"").split(b";", 1)[0].strip().lower()
        messages: list[dict[str, Any]] = []
        body = b""
        while True:  # already read and bounded by the body limit: these are the buffered messages
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break
            body += message.get("body", b"")
            if not message.get("more_body", False):
                break
        request = self._valid(body, key) if content_type == _JSON else None
        if request is None:

            async def replay() -> dict[str, Any]:
                return messages.pop(0) if messages else await receive()

            await self.app(scope, replay, send)
            return
        text_key = key.decode() if key is not None else None
        try:
            job, created = await self.endpoint.submit(request, text_key)
        except HTTPException as exc:  # as FastAPI's own handler writes it
            reply: Response = JSONResponse({"detail": exc.detail}, exc.status_code)
        else:
            reply = self.endpoint.response(job, created, scope["path"])
        await reply(scope, receive, send)

    @staticmethod
    def _valid(body: bytes, key: bytes | None) -> JobRequest | None:
        """The request when this door can take it; None sends it to the routed endpoint."""
        if key is not None:
            try:
                idempotency.check_key(key.decode("ascii"))
            except (UnicodeDecodeError, ValueError):
                return None
        try:  # anything the parser or the model refuses, the routed endpoint refuses with its own answer
            data = json.loads(body)
            return JobRequest.model_validate(data) if isinstance(data, dict) else None
        except (ValueError, RecursionError, ValidationError):
            return None
