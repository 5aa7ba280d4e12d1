"""An OpenAI-compatible ``POST /v1/chat/completions`` (and ``GET /v1/models``, ``GET /v1/tools``) over the
same assistant.

Existing chat clients can talk to the daemon the way they talk to RWKV-Runner or Ai00: the last message
is the question, earlier user messages give the conversation its context (their queries are replayed, no
model runs for them), the answer is the same grounded answer as in the app's chat, streamed as
``chat.completion.chunk`` events ending in ``data: [DONE]`` when ``stream`` is true. Nothing is stored in
the assistant's history. The daemon mounts this router at its root, behind the same token as the rest of
the API.

As OpenAI's SDK expects it: every error is OpenAI's error object (``{"error": {"message", "type",
"param", "code"}}``, 400 for a bad request, 404 ``model_not_found`` for a model this daemon does not
serve), each answer carries ``usage`` (tokens as the active model's tokenizer counts them), ``n`` other than
1 is refused with the reason (the answer is computed from the daemon's facts: more choices would repeat
it), and ``GET /v1/models/{id}`` describes the one model.

Function calling: the tools are the query catalogue's (:func:`~assistant.queries.catalogue.tool_schemas`,
listed by ``GET /v1/tools``). With ``tools`` offered, the question is picked as the chat picks it, and the
queries it names come back as ``tool_calls`` (JSON arguments the catalogue's schema accepts; a time span in
the words :func:`~assistant.queries.spans.window_of` reads) instead of an answer; ``tool_choice`` ``none``,
``auto``, ``required`` or one named function and ``parallel_tool_calls`` are honoured. A ``role: tool``
message answers a call; the reply is then the grounded answer of the called queries, run by the daemon
itself (the tool message's text is not read: the facts are the daemon's). A tool that is not a query of
the catalogue is refused, naming those that are.

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
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from fastapi import APIRouter, Body, HTTPException
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from gpuaccel.assistant.chat import Turn, clean_user_text
from gpuaccel.assistant.queries.catalogue import CATALOGUE, QueryArgsError, query_from_args, run, tool_schemas
from gpuaccel.assistant.queries.query import Query, QueryContext
from gpuaccel.assistant.understand.context import Context

if TYPE_CHECKING:
    from gpuaccel.assistant.http.routes import Unavailable
    from gpuaccel.assistant.service import AssistantService


MAX_MESSAGES = 256  # messages in one request
MAX_CONTEXT_CHARS = 65_536  # text of all messages together
REPLAYED = 16  # earlier user messages whose queries are replayed for follow-ups (the most recent ones)


class OAFunctionCall(BaseModel):
    name: str
    arguments: str  # JSON text, as OpenAI sends it


class OAToolCall(BaseModel):
    model_config = ConfigDict(extra="allow")

    id: str
    type: Literal["function"] = "function"
    function: OAFunctionCall


class OAMessage(BaseModel):
    model_config = ConfigDict(extra="allow")

    role: Literal["system", "developer", "user", "assistant", "tool"]
    content: str | list[dict[str, Any]] | None = None
    tool_calls: list[OAToolCall] | None = None  # an assistant message's calls
    tool_call_id: str | None = None  # a tool message: the call it answers

    def text(self) -> str:
        """The message's text: a string, or the ``text`` parts of a content list."""
        if isinstance(self.content, list):
            return "\n".join(str(p.get("text", "")) for p in self.content if p.get("type") == "text")
        return self.content or ""


class OAFunction(BaseModel):
    model_config = ConfigDict(extra="allow")  # description, parameters, strict: the catalogue's are used

    name: str


class OATool(BaseModel):
    model_config = ConfigDict(extra="allow")

    type: Literal["function"]
    function: OAFunction


class OANamedChoice(BaseModel):
    type: Literal["function"]
    function: OAFunction


class OAChatIn(BaseModel):
    # Clients send sampling settings (temperature, top_p, ...); the answer is grounded, so they are ignored.
    model_config = ConfigDict(extra="allow")

    model: str | None = None
    messages: list[OAMessage] = Field(min_length=1, max_length=MAX_MESSAGES)
    stream: bool = False
    n: int | None = None
    tools: list[OATool] | None = Field(default=None, max_length=len(CATALOGUE))
    tool_choice: Literal["none", "auto", "required"] | OANamedChoice | None = None
    parallel_tool_calls: bool | None = None

    def offered(self) -> list[str]:
        """The names of the tools the client offers (none when ``tool_choice`` is ``none``)."""
        if not self.tools or self.tool_choice == "none":
            return []
        return [t.function.name for t in self.tools]


class OAModel(BaseModel):
    id: str
    object: Literal["model"] = "model"
    created: int
    owned_by: str = "gpuaccel"


class OAModelList(BaseModel):
    object: Literal["list"] = "list"
    data: list[OAModel]


class OAToolList(BaseModel):
    object: Literal["list"] = "list"
    data: list[dict[str, Any]]  # ``{"type": "function", "function": {name, description, parameters}}``


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


def tool_names() -> list[str]:
    """The functions a client may offer: the catalogue's agent tools."""
    return [t["function"]["name"] for t in tool_schemas()]


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
    legacy = [k for k in ("functions", "function_call") if (body.model_extra or {}).get(k) is not None]
    if legacy:  # the API before tools: said, not silently ignored
        raise _invalid(
            f"{legacy[0]} is the API before tools; send tools (GET /v1/tools lists them) and tool_choice",
            legacy[0],
        )
    known = tool_names()
    for i, tool in enumerate(body.tools or []):
        if tool.function.name not in known:
            raise _invalid(
                f"tools[{i}]: {tool.function.name!r} is not a query of this daemon; the functions it can "
                f"call are (GET /v1/tools): {', '.join(known)}",
                f"tools.{i}",
            )
    choice = body.tool_choice
    if choice not in (None, "none", "auto") and not body.tools:
        raise _invalid("tool_choice needs tools: offer the functions to choose from", "tool_choice")
    if isinstance(choice, OANamedChoice) and choice.function.name not in body.offered():
        raise _invalid(
            f"tool_choice names {choice.function.name!r}, which is not among the tools offered",
            "tool_choice",
        )
    return body


@dataclass(frozen=True)
class Conversation:
    """What a body asks: the question, earlier questions (for follow-ups) and, when it ends in tool
    messages, the calls they answer (name and arguments), to be run and answered."""

    question: str
    earlier: list[str]
    answered: list[tuple[str, dict[str, Any]]]


def _conversation(body: OAChatIn) -> Conversation:
    """The question (the last user message), earlier ones, and the calls the trailing tool messages answer."""
    size = sum(len(m.text()) for m in body.messages)
    if size > MAX_CONTEXT_CHARS:
        raise _invalid(
            f"the messages hold {size} characters of text; at most {MAX_CONTEXT_CHARS} are accepted"
        )
    msgs = body.messages
    end = len(msgs)
    while end and msgs[end - 1].role == "tool":
        end -= 1
    answered = _answered(msgs, end) if end < len(msgs) else []
    if answered:
        end -= 1  # the assistant message that made the calls
    users = [i for i in range(end) if msgs[i].role == "user"]
    last = msgs[end - 1] if end else msgs[-1]
    if not answered and last.role != "user":
        raise _invalid(
            f"the last message must have role 'user' (the question) or 'tool' (a call's result), "
            f"not {last.role!r}"
        )
    if not users:
        raise _invalid("the messages hold no user message: send the question with role 'user'")
    question = clean_user_text(msgs[users[-1]].text())
    if not question:
        raise _invalid("the last user message has no text; send the question as content")
    earlier = [msgs[i].text() for i in users[:-1]][-REPLAYED:]
    return Conversation(question, [q for q in map(clean_user_text, earlier) if q], answered)


def _answered(msgs: list[OAMessage], first_tool: int) -> list[tuple[str, dict[str, Any]]]:
    """The calls of the assistant message before ``first_tool`` that the tool messages after it answer."""
    caller = msgs[first_tool - 1] if first_tool else None
    if caller is None or caller.role != "assistant" or not caller.tool_calls:
        raise _invalid(
            f"messages[{first_tool}]: a 'tool' message must follow the assistant message whose "
            "tool_calls it answers"
        )
    calls = {c.id: c for c in caller.tool_calls}
    out: list[tuple[str, dict[str, Any]]] = []
    for i in range(first_tool, len(msgs)):
        call = calls.pop(msgs[i].tool_call_id or "", None)
        if call is None:
            raise _invalid(
                f"messages[{i}]: tool_call_id {msgs[i].tool_call_id!r} answers none of the open calls "
                f"({', '.join(c.id for c in caller.tool_calls)})",
                f"messages.{i}",
            )
        try:
            args = json.loads(call.function.arguments or "{}")
        except json.JSONDecodeError as exc:
            raise _invalid(
                f"the arguments of call {call.id} are not JSON: {exc}", f"messages.{first_tool - 1}"
            ) from None
        if not isinstance(args, dict):
            raise _invalid(f"the arguments of call {call.id} must be a JSON object", "messages")
        out.append((call.function.name, args))
    if calls:
        raise _invalid(f"tool calls without a 'tool' message answering them: {', '.join(calls)}")
    return out


def arguments(q: Query) -> dict[str, Any]:
    """A picked query as a call's arguments: the fields its catalogue entry takes, a time span in words."""
    spec = CATALOGUE[q.name]
    out = {k: v for k, v in q.to_json().items() if k in spec.params and k != "window"}
    if q.window is not None and "window" in spec.params:
        out["window"] = q.window.label.removeprefix("in ")
    return out


def _calls(body: OAChatIn, turn: Turn) -> list[tuple[str, dict[str, Any]]]:
    """The tool calls that answer ``turn`` under the body's ``tools`` and ``tool_choice`` (none: answer)."""
    offered = body.offered()
    if not offered:
        return []
    picked = [r.query for r in [*turn.earlier, turn.result] if r is not None]
    choice = body.tool_choice
    if isinstance(choice, OANamedChoice):
        name = choice.function.name
        spec = CATALOGUE[name]
        same = [q for q in picked if q.name == name]
        args = arguments(same[0]) if same else {}
        if not same:  # what the question narrows that the named function takes
            for q in picked:
                args |= {k: v for k, v in arguments(q).items() if k in spec.params and k not in args}
        missing = [f for f in spec.required if f not in args]
        if missing:
            raise _invalid(
                f"tool_choice names {name}, which needs {', '.join(missing)}, and the question gives none",
                "tool_choice",
            )
        return [(name, args)]
    calls = [(q.name, arguments(q)) for q in picked if q.name in offered]
    if not calls and choice == "required":
        asked = ", ".join(q.name for q in picked)
        why = f"it asks for {asked}, which is not among the tools offered" if asked else "it names no query"
        raise _invalid(f"tool_choice 'required' cannot be met for this question: {why}", "tool_choice")
    return calls[:1] if body.parallel_tool_calls is False else calls


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

    @r.get("/tools")
    def tools() -> OAToolList:
        """The functions a client may offer as ``tools``: the query catalogue's, with their JSON Schemas."""
        return OAToolList(data=tool_schemas())

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
            talk = _conversation(body)
            context = Context()
            for q in talk.earlier:  # the conversation so far: its queries, for follow-ups
                context = chat.begin(q, context).context()
            if talk.answered:
                turn, calls = _ran(svc, talk), []
            else:
                turn = chat.begin(talk.question, context)
                calls = _calls(body, turn)
        except OAError as exc:
            return exc.response()
        cid, created = f"chatcmpl-{uuid.uuid4().hex[:24]}", int(time.time())
        head = {"id": cid, "created": created, "model": model}
        if calls:
            tool_calls = [
                {
                    "id": f"call_{uuid.uuid4().hex[:24]}",
                    "type": "function",
                    "function": {"name": name, "arguments": json.dumps(args)},
                }
                for name, args in calls
            ]
            if body.stream:
                return StreamingResponse(_stream_calls(tool_calls, head), media_type="text/event-stream")
            message = {"role": "assistant", "content": None, "tool_calls": tool_calls}
            out = " ".join(c["function"]["name"] + c["function"]["arguments"] for c in tool_calls)
            return _completion(head, message, "tool_calls", _usage(chat, body, out))
        pieces = _pieces(chat, turn)
        if body.stream:
            return StreamingResponse(_stream(pieces, head), media_type="text/event-stream")
        text, finish = "", "stop"
        for piece, reason in pieces:
            text += piece
            finish = reason or finish
        message = {"role": "assistant", "content": text.strip()}
        return _completion(head, message, finish, _usage(chat, body, message["content"]))

    return r


def _ran(svc: Any, talk: Conversation) -> Turn:
    """The answer to the calls the tool messages answer: the called queries, run here."""
    ctx = QueryContext(svc.facts, svc.state)
    results, known = [], tool_names()
    for name, args in talk.answered:
        if name not in known:
            raise _invalid(f"{name!r} is not a query of this daemon (GET /v1/tools lists them)")
        try:
            results.append(run(ctx, query_from_args(name, args, time.time())))
        except QueryArgsError as exc:
            raise _invalid(f"the call of {name}: {exc}") from None
    *earlier, last = results
    block = "\n".join(r.block() for r in results)
    answer = " ".join(r.sentence for r in results)
    return Turn(talk.question, last.query, last, block, answer, {}, earlier=earlier)


def _completion(head: dict[str, Any], message: dict[str, Any], finish: str, usage: dict[str, int]) -> dict:
    choice = {"index": 0, "message": message, "finish_reason": finish}
    return {**head, "object": "chat.completion", "choices": [choice], "usage": usage}


def _usage(chat: Any, body: OAChatIn, answer: str) -> dict[str, int]:
    """Tokens as the active model's tokenizer counts them: the messages' text in, the answer out."""
    tokenizer = chat.controller.tokenizer()
    prompt = sum(len(tokenizer.encode(m.text())) for m in body.messages)
    completion = len(tokenizer.encode(answer))
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}


def _pieces(chat: Any, turn: Turn) -> Iterator[tuple[str, str | None]]:
    """(text, None) pieces of the answer, then ("", finish reason in OpenAI's words)."""
    yield turn.answer, None
    reason = "stop"
    for piece in chat.prose_for(turn, "", threading.Event()):
        if isinstance(piece, tuple):
            reason = piece[0]
            continue
        yield piece, None
    yield "", "length" if reason == "max_tokens" else "stop"


def _chunk(head: dict[str, Any], delta: dict[str, Any], finish: str | None) -> str:
    choice = {"index": 0, "delta": delta, "finish_reason": finish}
    return f"data: {json.dumps({**head, 'object': 'chat.completion.chunk', 'choices': [choice]})}\n\n"


def _stream(pieces: Iterator[tuple[str, str | None]], head: dict[str, Any]) -> Iterator[str]:
    yield _chunk(head, {"role": "assistant", "content": ""}, None)
    try:
        for piece, finish in pieces:
            if finish is not None:
                yield _chunk(head, {}, finish)
            elif piece:
                yield _chunk(head, {"content": piece}, None)
    except Exception as exc:  # the model failed mid-answer: say so in the stream, then end it
        yield f"data: {json.dumps({'error': {'message': f'the model failed: {exc}'}})}\n\n"
    yield "data: [DONE]\n\n"


def _stream_calls(tool_calls: list[dict[str, Any]], head: dict[str, Any]) -> Iterator[str]:
    """The calls as chunks: each call whole in one delta (with its ``index``), then ``tool_calls``."""
    yield _chunk(head, {"role": "assistant", "content": None}, None)
    for i, call in enumerate(tool_calls):
        yield _chunk(head, {"tool_calls": [{"index": i, **call}]}, None)
    yield _chunk(head, {}, "tool_calls")
    yield "data: [DONE]\n\n"
