"""The OpenAI-compatible chat endpoint: same grounded answers, follow-ups from earlier messages, streaming,
clear 422s, and the daemon's token in front of it."""

from __future__ import annotations

import json
import time

from fastapi import FastAPI
from fastapi.testclient import TestClient
from test_assistant_chat_answers import svc  # noqa: F401  (the fixture: two fake GPUs, four jobs)

from gpuaccel.app.daemon.auth import TokenAuth
from gpuaccel.assistant.http.openai import MAX_CONTEXT_CHARS, MAX_MESSAGES, create_openai_router
from gpuaccel.assistant.http.routes import Unavailable
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.picker import REFUSAL

HEADERS = {"Authorization": "Bearer t0ken"}


def client_for(service: AssistantService | Unavailable) -> TestClient:
    app = FastAPI()
    app.include_router(create_openai_router(service))
    app.add_middleware(TokenAuth, token="t0ken")
    return TestClient(app)


def test_answers_follow_ups_and_refusals(svc: AssistantService) -> None:  # noqa: F811
    client = client_for(svc)
    msgs = [{"role": "user", "content": "which gpu is the hottest?"}]
    r = client.post(
        "/v1/chat/completions", json={"model": "x", "messages": msgs, "temperature": 0.2}, headers=HEADERS
    )
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["object"] == "chat.completion" and body["model"] == "tiny-rwkv7"
    assert body["choices"][0]["message"] == {
        "role": "assistant",
        "content": "GPU 0 is the hottest, at 71 C (GPU 1 48 C).",
    }
    msgs += [
        body["choices"][0]["message"],
        {"role": "user", "content": [{"type": "text", "text": "and gpu 1?"}]},
    ]
    r = client.post("/v1/chat/completions", json={"messages": msgs}, headers=HEADERS)
    assert r.json()["choices"][0]["message"]["content"] == "The temperature of GPU 1 is 48 C."
    r = client.post(
        "/v1/chat/completions",
        json={"messages": [{"role": "user", "content": "tell me a joke"}]},
        headers=HEADERS,
    )
    assert r.json()["choices"][0]["message"]["content"] == REFUSAL
    assert svc.db.sessions() == []  # nothing stored in the app's history
    assert client.get("/v1/models", headers=HEADERS).json()["data"][0]["id"] == "tiny-rwkv7"


def test_streaming_chunks_end_with_done(svc: AssistantService) -> None:  # noqa: F811
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


def test_a_ranking_says_the_job_is_still_running(svc: AssistantService) -> None:  # noqa: F811
    """The fixture's job 2 never finished: the longest job is one still running, and the answer says so."""
    body = {"messages": [{"role": "user", "content": "which job ran the longest?"}]}
    r = client_for(svc).post("/v1/chat/completions", json=body, headers=HEADERS)
    text = r.json()["choices"][0]["message"]["content"]
    assert text.startswith("Job 2 (bench-b) ran the longest: ") and "so far; it is still running." in text
    assert "(failed)" in text and "(succeeded)" in text  # the runners-up, each with how it ended


def test_bad_requests_and_missing_token(svc: AssistantService) -> None:  # noqa: F811
    client = client_for(svc)
    assert client.post("/v1/chat/completions", json={"messages": []}).status_code == 401
    r = client.post("/v1/chat/completions", json={"messages": []}, headers=HEADERS)
    assert r.status_code == 422
    r = client.post(
        "/v1/chat/completions", json={"messages": [{"role": "assistant", "content": "hi"}]}, headers=HEADERS
    )
    assert r.status_code == 422 and "must have role 'user'" in r.text
    r = client.post(
        "/v1/chat/completions", json={"messages": [{"role": "user", "content": "  "}]}, headers=HEADERS
    )
    assert r.status_code == 422 and "no text" in r.text
    off = client_for(Unavailable("the assistant needs its extra"))
    r = off.post(
        "/v1/chat/completions", json={"messages": [{"role": "user", "content": "hi"}]}, headers=HEADERS
    )
    assert r.status_code == 503 and "extra" in r.text


def test_hostile_sizes_are_refused_before_any_work(svc: AssistantService) -> None:  # noqa: F811
    """38,000 messages in one body once cost 31.6 s of a shared worker (issue 40 #10): every cap answers
    422 at once, saying what is accepted."""
    client = client_for(svc)
    many = [{"role": "user", "content": "which gpu is the hottest?"}] * 38_000
    start = time.perf_counter()
    r = client.post("/v1/chat/completions", json={"messages": many}, headers=HEADERS)
    assert r.status_code == 422 and f"at most {MAX_MESSAGES}" in r.text, r.text[:300]
    assert time.perf_counter() - start < 5
    wordy = [{"role": "user", "content": "x" * 1000}] * 100
    r = client.post("/v1/chat/completions", json={"messages": wordy}, headers=HEADERS)
    assert r.status_code == 422 and f"at most {MAX_CONTEXT_CHARS}" in r.text, r.text[:300]
