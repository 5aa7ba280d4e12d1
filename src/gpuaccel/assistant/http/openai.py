"""An OpenAI-compatible ``POST /v1/chat/completions`` (and ``GET /v1/models``) over the same assistant.

Existing chat clients can talk to the daemon the way they talk to RWKV-Runner or Ai00: the last message
is the question, earlier user messages give the conversation its context (their queries are replayed, no
model runs for them), the answer is the same grounded answer as in the app's chat, streamed as
``chat.completion.chunk`` events ending in ``data: [DONE]`` when ``stream`` is true. Nothing is stored in
the assistant's history. The daemon mounts this router at its root, behind the same token as the rest of
the API.

As OpenAI's SDK expects it: every error is OpenAI's error object (``{"error": {"message", "type",
"param", "code"}}``, 400 for a bad request, 404 ``model_not_found`` for a model this daemon does not
serve), each answer carries ``usage`` (tokens as the active model's tokenizer counts them), ``n`` other than
1 and ``tools`` are refused with the reason (the answer is computed from the daemon's facts: more choices
would repeat it, and the queries are called through MCP or ``POST /api/v1/assistant/query``), and
``GET /v1/models/{id}`` describes the one model.

Every cap is part of the schema (and docs/assistant.md): at most :data:`MAX_MESSAGES` messages, at most
:data:`MAX_CONTEXT_CHARS` characters of text in them all (422 beyond either, before any work), and only
the last :data:`REPLAYED` earlier user messages are replayed, so no body can hold a shared worker long.
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from fastapi import APIRouter, Body, HTTPException
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from gpuaccel.assistant.chat import clean_user_text
from gpuaccel.assistant.understand.context import Context

if TYPE_CHECKING:
    from gpuaccel.assistant.http.routes import Unavailable
    from gpuaccel.assistant.service import AssistantService


MAX_MESSAGES = 256  # messages in one request
MAX_CONTEXT_CHARS = 65_536  # text of all messages together
REPLAYED = 16  # earlier user messages whose queries are replayed for follow-ups (the most recent ones)


class OAMessage(BaseModel):
    model_config = ConfigDict(extra="allow")

    role: Literal["system", "developer", "user", "assistant", "tool"]
    content: str | list[dict[str, Any]] | None = None

    def text(self) -> str:
        """The message's text: a string, or the ``text`` parts of a content list."""
        if isinstance(self.content, list):
            return "\n".join(str(p.get("text", "")) for p in self.content if p.get("type") == "text")
        return self.content or ""


class OAChatIn(BaseModel):
    # Clients send sampling settings (temperature, top_p, ...); the answer is grounded, so they are ignored.
    model_config = ConfigDict(extra="allow")

    model: str | None = None
    messages: list[OAMessage] = Field(min_length=1, max_length=MAX_MESSAGES)
    stream: bool = False
    n: int | None = None
    tools: list[dict[str, Any]] | None = None


class OAModel(BaseModel):
    id: str
    object: Literal["model"] = "model"
    created: int
    owned_by: str = "gpuaccel"


class OAModelList(BaseModel):
    object: Literal["list"] = "list"
    data: list[OAModel]


class OAError(Exception):
    """A request refused in OpenAI's words: the SDK raises the matching error class with this message."""

    def __init__(self, status: int, message: str, param: str | None = None, code: str | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.param, self.code = status, message, param, code

    def response(self) -> JSONResponse:
        kind = "invalid_request_error" if self.status < 500 else "server_error"
        error = {"message": self.message, "type": kind, "param": self.param, "code": self.code}
        return JSONResponse({"error": error}, status_code=self.status)


ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"description": "a bad request, in OpenAI's error object"},
    404: {"description": "model_not_found, in OpenAI's error object"},
    503: {"description": "the assistant is not installed on this daemon (the hint says how)"},
}


def _invalid(message: str, param: str = "messages") -> OAError:
    return OAError(400, message, param)


def _checked(raw: Any, served: str) -> OAChatIn:
    """The body as :class:`OAChatIn`, or :class:`OAError` saying what is wrong, field by field."""
    if not isinstance(raw, dict):
        raise _invalid("the body must be a JSON object", "body")
    try:
        body = OAChatIn.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        param = ".".join(str(p) for p in first["loc"][:2]) or None
        raise _invalid(f"{param}: {first['msg']}" if param else first["msg"], param) from None
    if body.model not in (None, served):
        raise OAError(
            404,
            f"The model '{body.model}' does not exist on this daemon; it serves '{served}' "
            "(GET /v1/models; gpuaccel models select NAME switches it)",
            "model",
            "model_not_found",
        )
    if body.n not in (None, 1):
        raise _invalid(
            f"n={body.n}: only n=1 is served; the answer is computed from the daemon's facts, so more "
            "choices would repeat it",
            "n",
        )
    if body.tools:
        raise _invalid(
            "tools are not taken here: this endpoint answers with the daemon's own queries; an agent calls "
            "them as tools through MCP (gpuaccel mcp) or POST /api/v1/assistant/query",
            "tools",
        )
    return body


def _question(body: OAChatIn) -> tuple[str, list[str]]:
    """The last message's text (it must be the user's) and the last :data:`REPLAYED` earlier user messages."""
    size = sum(len(m.text()) for m in body.messages)
    if size > MAX_CONTEXT_CHARS:
        raise _invalid(
            f"the messages hold {size} characters of text; at most {MAX_CONTEXT_CHARS} are accepted"
        )
    last = body.messages[-1]
    if last.role != "user":
        raise _invalid(f"the last message must have role 'user' (the question), not {last.role!r}")
    question = clean_user_text(last.text())
    if not question:
        raise _invalid("the last user message has no text; send the question as content")
    earlier = [m.text() for m in body.messages[:-1] if m.role == "user"][-REPLAYED:]
    return question, [q for q in map(clean_user_text, earlier) if q]


def create_openai_router(svc: AssistantService | Unavailable) -> APIRouter:
    r = APIRouter(prefix="/v1", tags=["openai"])

    def served() -> OAModel:
        path = svc.model_path()
        return OAModel(id=path.stem, created=int(path.stat().st_mtime))

    @r.get("/models")
    def models() -> OAModelList:
        return OAModelList(data=[served()])

    @r.get("/models/{model_id}", response_model=None, responses=ERRORS)
    def model(model_id: str) -> OAModel | JSONResponse:
        one = served()
        if model_id != one.id:
            return OAError(
                404, f"The model '{model_id}' does not exist", "model", "model_not_found"
            ).response()
        return one

    @r.post(
        "/chat/completions",
        response_model=None,
        responses={200: {"content": {"application/json": {}, "text/event-stream": {}}}, **ERRORS},
    )
    def completions(raw: Any = Body(...)) -> Any:  # noqa: B008
        try:
            chat = svc.chat  # an assistant that cannot run here: 503 before any work
        except HTTPException as exc:
            return OAError(exc.status_code, str(exc.detail)).response()
        model = svc.model_path().stem
        try:
            body = _checked(raw, model)
            question, earlier = _question(body)
        except OAError as exc:
            return exc.response()
        context = Context()
        for q in earlier:  # the conversation so far: its queries, for follow-ups
            context = chat.begin(q, context).context()
        cid, created = f"chatcmpl-{uuid.uuid4().hex[:24]}", int(time.time())
        pieces = _pieces(chat, question, context)
        if body.stream:
            return StreamingResponse(_stream(pieces, cid, created, model), media_type="text/event-stream")
        text, finish = "", "stop"
        for piece, reason in pieces:
            text += piece
            finish = reason or finish
        message = {"role": "assistant", "content": text.strip()}
        return {
            "id": cid,
            "object": "chat.completion",
            "created": created,
            "model": model,
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": _usage(chat, body, message["content"]),
        }

    return r


def _usage(chat: Any, body: OAChatIn, answer: str) -> dict[str, int]:
    """Tokens as the active model's tokenizer counts them: the messages' text in, the answer out."""
    tokenizer = chat.controller.tokenizer()
    prompt = sum(len(tokenizer.encode(m.text())) for m in body.messages)
    completion = len(tokenizer.encode(answer))
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}


def _pieces(chat: Any, question: str, context: Context) -> Iterator[tuple[str, str | None]]:
    """(text, None) pieces of the answer, then ("", finish reason in OpenAI's words)."""
    turn = chat.begin(question, context)
    yield turn.answer, None
    reason = "stop"
    for piece in chat.prose_for(turn, "", threading.Event()):
        if isinstance(piece, tuple):
            reason = piece[0]
            continue
        yield piece, None
    yield "", "length" if reason == "max_tokens" else "stop"


def _stream(pieces: Iterator[tuple[str, str | None]], cid: str, created: int, model: str) -> Iterator[str]:
    def chunk(delta: dict[str, Any], finish: str | None) -> str:
        data = {
            "id": cid,
            "object": "chat.completion.chunk",
            "created": created,
            "model": model,
            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        }
        return f"data: {json.dumps(data)}\n\n"

    yield chunk({"role": "assistant", "content": ""}, None)
    try:
        for piece, finish in pieces:
            if finish is not None:
                yield chunk({}, finish)
            elif piece:
                yield chunk({"content": piece}, None)
    except Exception as exc:  # the model failed mid-answer: say so in the stream, then end it
        yield f"data: {json.dumps({'error': {'message': f'the model failed: {exc}'}})}\n\n"
    yield "data: [DONE]\n\n"
