"""The OpenAI-compatible chat endpoint: same grounded answers, follow-ups from earlier messages, streaming,
clear 422s, and the daemon's token in front of it."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from assistant_helpers import HOTTEST, build_chat_service
from fastapi import FastAPI
from fastapi.testclient import TestClient

from gpuaccel.app.daemon.auth import TokenAuth
from gpuaccel.assistant.http.openai import MAX_CONTEXT_CHARS, MAX_MESSAGES, create_openai_router
from gpuaccel.assistant.http.routes import Unavailable
from gpuaccel.assistant.queries.catalogue import query_from_args, tool_schemas
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.picker import REFUSAL

HEADERS = {"Authorization": "Bearer t0ken"}
SVC_MACHINE = build_chat_service  # the unit tier's ``svc`` fixture: two fake GPUs, four jobs


def client_for(service: AssistantService | Unavailable) -> TestClient:
    app = FastAPI()
    app.include_router(create_openai_router(service))
    app.add_middleware(TokenAuth, token="t0ken")
    return TestClient(app)


def test_answers_follow_ups_and_refusals(svc: AssistantService) -> None:
    client = client_for(svc)
    msgs = [{"role": "user", "content": "which gpu is the hottest?"}]
    r = client.post(
        "/v1/chat/completions",
        json={"model": "tiny-rwkv7", "messages": msgs, "temperature": 0.2},
        headers=HEADERS,
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["object"] == "chat.completion" and body["model"] == "tiny-rwkv7"
    message = body["choices"][0]["message"]
    assert set(message) == {"role", "content"} and message["role"] == "assistant"
    assert re.fullmatch(HOTTEST, message["content"]), message
    msgs += [
        body["choices"][0]["message"],
        {"role": "user", "content": [{"type": "text", "text": "and gpu 1?"}]},
    ]
    r = client.post("/v1/chat/completions", json={"messages": msgs}, headers=HEADERS)
    assert r.json()["choices"][0]["message"]["content"] == "The temperature of GPU 1 is 48 °C."
    r = client.post(
        "/v1/chat/completions",
        json={"messages": [{"role": "user", "content": "tell me a joke"}]},
        headers=HEADERS,
    )
    assert r.json()["choices"][0]["message"]["content"] == REFUSAL
    assert svc.db.sessions() == []  # nothing stored in the app's history
    assert client.get("/v1/models", headers=HEADERS).json()["data"][0]["id"] == "tiny-rwkv7"


def test_streaming_chunks_end_with_done(svc: AssistantService) -> None:
    body = {"messages": [{"role": "user", "content": "why did job 3 fail?"}], "stream": True}
    r = client_for(svc).post("/v1/chat/completions", json=body, headers=HEADERS)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
    lines = [line.removeprefix("data: ") for line in r.text.split("\n\n") if line]
    assert lines[-1] == "[DONE]"
    chunks = [json.loads(line) for line in lines[:-1]]
    assert all(c["object"] == "chat.completion.chunk" for c in chunks)
    text = "".join(c["choices"][0]["delta"].get("content", "") for c in chunks)
    assert "CUDA out of memory while allocating 2.00 GiB" in text
    assert chunks[-1]["choices"][0]["finish_reason"] == "stop"


def test_a_ranking_says_the_job_is_still_running(svc: AssistantService) -> None:
    """The fixture's job 2 never finished: the longest job is one still running, and the answer says so."""
    body = {"messages": [{"role": "user", "content": "which job ran the longest?"}]}
    r = client_for(svc).post("/v1/chat/completions", json=body, headers=HEADERS)
    text = r.json()["choices"][0]["message"]["content"]
    assert text.startswith("Job 2 (bench-b) ran the longest: ") and "so far; it is still running." in text
    assert "(failed)" in text and "(succeeded)" in text  # the runners-up, each with how it ended


def test_bad_requests_and_missing_token(svc: AssistantService) -> None:
    client = client_for(svc)
    assert client.post("/v1/chat/completions", json={"messages": []}).status_code == 401
    r = client.post("/v1/chat/completions", json={"messages": []}, headers=HEADERS)
    assert r.status_code == 400 and r.json()["error"]["param"] == "messages"  # OpenAI's error object
    r = client.post(
        "/v1/chat/completions", json={"messages": [{"role": "assistant", "content": "hi"}]}, headers=HEADERS
    )
    assert r.status_code == 400 and "must have role 'user'" in r.json()["error"]["message"]
    r = client.post(
        "/v1/chat/completions", json={"messages": [{"role": "user", "content": "  "}]}, headers=HEADERS
    )
    assert r.status_code == 400 and "no text" in r.text
    off = client_for(Unavailable("the assistant needs its extra"))
    r = off.post(
        "/v1/chat/completions", json={"messages": [{"role": "user", "content": "hi"}]}, headers=HEADERS
    )
    assert r.status_code == 503 and "extra" in r.text


def test_hostile_sizes_are_refused_before_any_work(svc: AssistantService) -> None:
    """38,000 messages in one body once cost 31.6 s of a shared worker (issue 40 #10): every cap answers
    422 at once, saying what is accepted."""
    client = client_for(svc)
    many = [{"role": "user", "content": "which gpu is the hottest?"}] * 38_000
    start = time.perf_counter()
    r = client.post("/v1/chat/completions", json={"messages": many}, headers=HEADERS)
    assert r.status_code == 400 and f"at most {MAX_MESSAGES}" in r.text, r.text[:300]
    assert time.perf_counter() - start < 5
    wordy = [{"role": "user", "content": "x" * 1000}] * 100
    r = client.post("/v1/chat/completions", json={"messages": wordy}, headers=HEADERS)
    assert r.status_code == 400 and f"at most {MAX_CONTEXT_CHARS}" in r.text, r.text[:300]


def test_the_official_openai_client_understands_answers_and_errors(svc: AssistantService) -> None:
    """What the SDK makes of the endpoint: a completion with usage, the model by id, and errors it raises
    as its own classes with our message (it showed only "Error code: 422" for FastAPI's detail)."""
    openai = pytest.importorskip("openai")
    client = openai.OpenAI(api_key="t0ken", base_url="http://testserver/v1", http_client=client_for(svc))
    done = client.chat.completions.create(
        model="tiny-rwkv7", messages=[{"role": "user", "content": "which gpu is the hottest?"}]
    )
    assert re.fullmatch(HOTTEST, done.choices[0].message.content or "")
    assert done.usage is not None and done.usage.completion_tokens > 0 and done.usage.prompt_tokens > 0
    assert done.usage.total_tokens == done.usage.prompt_tokens + done.usage.completion_tokens
    assert client.models.retrieve("tiny-rwkv7").id == "tiny-rwkv7"
    assert [m.id for m in client.models.list()] == ["tiny-rwkv7"]
    with pytest.raises(openai.NotFoundError) as missing:
        client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "hi"}])
    assert missing.value.code == "model_not_found" and "serves 'tiny-rwkv7'" in missing.value.message
    with pytest.raises(openai.NotFoundError):
        client.models.retrieve("gpt-4o")
    with pytest.raises(openai.BadRequestError) as several:
        client.chat.completions.create(model="tiny-rwkv7", n=2, messages=[{"role": "user", "content": "hi"}])
    assert several.value.param == "n" and "only n=1" in several.value.message
    tool = {"type": "function", "function": {"name": "gpu_temperature", "parameters": {"type": "object"}}}
    with pytest.raises(openai.BadRequestError) as tools:
        client.chat.completions.create(
            model="tiny-rwkv7", tools=[tool], messages=[{"role": "user", "content": "hi"}]
        )
    assert tools.value.param == "tools.0" and "'gpu_temperature' is not a query" in tools.value.message
    assert "gpu_reading" in tools.value.message  # what is accepted
    with pytest.raises(openai.BadRequestError) as wrong:
        client.chat.completions.create(model="tiny-rwkv7", messages=[{"role": "assistant", "content": "hi"}])
    assert "must have role 'user'" in wrong.value.message
    off = openai.OpenAI(
        api_key="t0ken",
        base_url="http://testserver/v1",
        http_client=client_for(Unavailable("needs its extra")),
        max_retries=0,
    )
    with pytest.raises(openai.InternalServerError) as unavailable:
        off.chat.completions.create(model="x", messages=[{"role": "user", "content": "hi"}])
    assert "needs its extra" in unavailable.value.message


def _tools(client: TestClient) -> list[dict[str, Any]]:
    listed = client.get("/v1/tools", headers=HEADERS).json()
    assert listed["object"] == "list"
    return listed["data"]


def test_tools_are_the_catalogues_and_calls_come_back_as_tool_calls(svc: AssistantService) -> None:
    """The official client offers the catalogue's functions (GET /v1/tools), gets a call naming the
    picked query with arguments the catalogue accepts, answers it with a tool message and gets the
    grounded answer."""
    openai = pytest.importorskip("openai")
    http = client_for(svc)
    tools = _tools(http)
    assert [t["function"]["name"] for t in tools] == [t["function"]["name"] for t in tool_schemas()]
    assert "job_log" not in {t["function"]["name"] for t in tools}  # the chat's rendering, no agent tool
    client = openai.OpenAI(api_key="t0ken", base_url="http://testserver/v1", http_client=http)
    question = {"role": "user", "content": "which gpu is the hottest?"}
    first = client.chat.completions.create(model="tiny-rwkv7", messages=[question], tools=tools)
    assert first.choices[0].finish_reason == "tool_calls" and first.choices[0].message.content is None
    (call,) = first.choices[0].message.tool_calls or []
    assert call.function.name == "gpu_rank"
    args = json.loads(call.function.arguments)
    query_from_args(call.function.name, args, time.time())  # the catalogue accepts what was sent
    assert first.usage is not None and first.usage.completion_tokens > 0
    result = http.post(
        "/api/v1/assistant/query", json={"name": call.function.name, "args": args}, headers=HEADERS
    )
    answered = [
        question,
        first.choices[0].message.model_dump(exclude_none=True),
        {"role": "tool", "tool_call_id": call.id, "content": json.dumps(result.json())},
    ]
    final = client.chat.completions.create(model="tiny-rwkv7", messages=answered, tools=tools)
    assert final.choices[0].finish_reason == "stop"
    assert re.fullmatch(HOTTEST, final.choices[0].message.content or "")
    # tool_choice none: the answer itself; a question no offered tool answers: the answer too
    plain = client.chat.completions.create(
        model="tiny-rwkv7", messages=[question], tools=tools, tool_choice="none"
    )
    assert re.fullmatch(HOTTEST, plain.choices[0].message.content or "")
    only_jobs = [t for t in tools if t["function"]["name"] == "jobs"]
    plain = client.chat.completions.create(model="tiny-rwkv7", messages=[question], tools=only_jobs)
    assert plain.choices[0].message.tool_calls is None and "GPU 0 is the hottest" in str(
        plain.choices[0].message.content
    )


def test_windows_several_asks_named_and_required_choices(svc: AssistantService) -> None:
    openai = pytest.importorskip("openai")
    http = client_for(svc)
    tools = _tools(http)
    client = openai.OpenAI(api_key="t0ken", base_url="http://testserver/v1", http_client=http)

    def calls(text: str, **kw: Any) -> list[tuple[str, dict[str, Any]]]:
        done = client.chat.completions.create(
            model="tiny-rwkv7", messages=[{"role": "user", "content": text}], tools=tools, **kw
        )
        return [
            (c.function.name, json.loads(c.function.arguments))
            for c in done.choices[0].message.tool_calls or []
        ]

    ((name, args),) = calls("what failed in the last 3 hours?")
    assert name == "failures" and args["window"] == "the last 3 hours"
    assert query_from_args(name, args, time.time()).window.label == "in the last 3 hours"  # words read back
    both = calls("how hot is gpu 1 and what is running?")
    assert [n for n, _ in both] == ["gpu_reading", "queue"] and both[0][1]["gpu"] == 1
    assert len(calls("how hot is gpu 1 and what is running?", parallel_tool_calls=False)) == 1
    named = {"type": "function", "function": {"name": "energy"}}
    assert calls("how hot is gpu 1 today?", tool_choice=named) == [("energy", {"gpu": 1, "window": "today"})]
    with pytest.raises(openai.BadRequestError) as no_job:
        calls("tell me a joke", tool_choice={"type": "function", "function": {"name": "job_detail"}})
    assert "needs job" in no_job.value.message
    with pytest.raises(openai.BadRequestError) as required:
        calls("tell me a joke", tool_choice="required")
    assert required.value.param == "tool_choice" and "names no query" in required.value.message
    assert calls("tell me a joke") == []  # auto: the refusal as the answer
    legacy = http.post(
        "/v1/chat/completions",
        json={"messages": [{"role": "user", "content": "hi"}], "functions": [{"name": "gpu_rank"}]},
        headers=HEADERS,
    )
    assert legacy.status_code == 400 and legacy.json()["error"]["param"] == "functions"


def test_streamed_calls_and_bad_tool_messages(svc: AssistantService) -> None:
    openai = pytest.importorskip("openai")
    http = client_for(svc)
    tools = _tools(http)
    client = openai.OpenAI(api_key="t0ken", base_url="http://testserver/v1", http_client=http)
    question = {"role": "user", "content": "why did job 3 fail?"}
    with client.chat.completions.stream(model="tiny-rwkv7", messages=[question], tools=tools) as stream:
        done = stream.get_final_completion()
    (call,) = done.choices[0].message.tool_calls or []
    assert (call.function.name, json.loads(call.function.arguments)) == ("job_detail", {"job": 3})
    assert done.choices[0].finish_reason == "tool_calls"
    said = {"role": "assistant", "tool_calls": [call.model_dump(exclude={"index"}, exclude_none=True)]}
    final = client.chat.completions.create(
        model="tiny-rwkv7",
        messages=[question, said, {"role": "tool", "tool_call_id": call.id, "content": "x"}],
    )
    assert "CUDA out of memory" in str(final.choices[0].message.content)  # run by the daemon itself
    for messages, words in (
        ([question, {"role": "tool", "tool_call_id": "c1", "content": "x"}], "must follow the assistant"),
        ([question, said, {"role": "tool", "tool_call_id": "other", "content": "x"}], "answers none"),
        ([question, said], "must have role 'user'"),
    ):
        with pytest.raises(openai.BadRequestError) as bad:
            client.chat.completions.create(model="tiny-rwkv7", messages=messages)
        assert words in bad.value.message
    wrong = dict(
        said, tool_calls=[dict(said["tool_calls"][0], function={"name": "job_detail", "arguments": "{"})]
    )
    with pytest.raises(openai.BadRequestError) as bad:
        client.chat.completions.create(
            model="tiny-rwkv7",
            messages=[question, wrong, {"role": "tool", "tool_call_id": call.id, "content": ""}],
        )
    assert "not JSON" in bad.value.message
    wrong["tool_calls"][0]["function"] = {"name": "job_detail", "arguments": '{"job": "three"}'}
    with pytest.raises(openai.BadRequestError) as bad:
        client.chat.completions.create(
            model="tiny-rwkv7",
            messages=[question, wrong, {"role": "tool", "tool_call_id": call.id, "content": ""}],
        )
    assert "job must be a whole number" in bad.value.message
