"""Grounded chat answers through the assistant's routes: true numbers, failure reasons, follow-ups, refusals,
two asks in one message, requests to change a job. The chat's machine and helpers are shared with
``test_assistant_chat_service.py``."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import torch
from assistant_helpers import HOTTEST, build_chat_service
from fastapi import FastAPI
from fastapi.testclient import TestClient

from gpuaccel.accel.telemetry.fake import FakeBackend
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.accel.telemetry.snapshot import snapshot
from gpuaccel.api.tflops import Tflops
from gpuaccel.assistant.http.routes import create_router
from gpuaccel.assistant.queries.catalogue import run
from gpuaccel.assistant.queries.facts import FactsSource
from gpuaccel.assistant.queries.query import Query, QueryContext
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.picker import MODEL_PICKED, MODEL_PICKED_AFTER_RULES, REFUSAL
from gpuaccel.assistant.understand.replies import HELLO_REPLY, THANKS_REPLY
from gpuaccel.scheduler.store.queue import Store

torch.set_num_threads(1)


SVC_MACHINE = build_chat_service  # the unit tier's ``svc`` fixture builds this machine


def client_for(service: AssistantService) -> TestClient:
    app = FastAPI()
    app.include_router(create_router(service), prefix="/api/v1")
    return TestClient(app)


def sse(text: str) -> list[tuple[str, dict]]:
    out = []
    for block in text.strip().split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines())
        out.append((lines["event"], json.loads(lines["data"])))
    return out


def ask(client: TestClient, message: str, sid: int | None = None) -> tuple[str, list[tuple[str, dict]]]:
    body = {"message": message} | ({"conversation_id": sid} if sid else {})
    r = client.post("/api/v1/assistant/chat", json=body)
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
    events = sse(r.text)
    return "".join(d["text"] for e, d in events if e == "token"), events


def test_direct_questions_answered_with_true_numbers(svc: AssistantService) -> None:
    client = client_for(svc)
    text, events = ask(client, "How hot is GPU 0?")
    assert text == "The temperature of GPU 0 is 71 °C."
    assert events[0][0] == "meta" and events[-1][0] == "done"
    sid = events[0][1]["conversation_id"]
    text, _ = ask(client, "why did job 3 fail?", sid)
    assert text.startswith("Job 3 (oom-c) failed after")
    assert "CUDA out of memory while allocating 2.00 GiB (attempt 1 of 1, exit code 1)." in text
    text, _ = ask(client, "What is using GPU memory?", sid)
    assert "GPU 0 uses 40 GiB of 79.6 GiB (40960 MiB of 81559 MiB)." in text
    assert "Process 4242 (fake-trainer) holds 20 GiB" in text
    hist = client.get(f"/api/v1/assistant/sessions/{sid}").json()["messages"]
    assert [m["role"] for m in hist] == ["user", "assistant"] * 3
    assert "Result of gpu_reading" in hist[0]["meta"]["facts"] and "71 °C" in hist[0]["meta"]["facts"]


def test_follow_ups_carry_the_conversation_and_off_topic_is_refused(svc: AssistantService) -> None:
    client = client_for(svc)
    text, events = ask(client, "which gpu is the hottest?")
    assert re.fullmatch(HOTTEST, text), text  # with what the top GPU runs ("which job is on the hottest")
    sid = events[0][1]["conversation_id"]
    assert ask(client, "and GPU 1?", sid)[0] == "The temperature of GPU 1 is 48 °C."
    assert "oom-c" in ask(client, "any failures?", sid)[0]
    assert ask(client, "why?", sid)[0].startswith("Job 3 (oom-c) failed")
    assert ask(client, "tell me about job 99999999999999999999", sid)[0] == (
        "There is no job 99999999999999999999 in the queue's history."
    )
    text, events = ask(client, "what is the capital of France?", sid)
    assert text == REFUSAL and "query" not in events[0][1]
    assert ask(client, "hi!", sid)[0] == HELLO_REPLY  # a greeting or thanks is not refused at length
    assert ask(client, "Good morning", sid)[0] == HELLO_REPLY
    assert ask(client, "ok, thanks a lot", sid)[0] == THANKS_REPLY
    assert ask(client, "thank you very much!", sid)[0] == THANKS_REPLY
    assert ask(client, "Thanks, that's all for today.", sid)[0] == THANKS_REPLY  # the end of the talk
    assert ask(client, "that is it for now", sid)[0] == THANKS_REPLY
    assert ask(client, "asante", sid)[0] == THANKS_REPLY  # Swahili
    assert ask(client, "hi, which gpu is the coolest?", sid)[0].startswith("GPU 1 is the coolest")
    assert ask(client, "hey, write me a poem", sid)[0] == REFUSAL
    assert svc.controller.engine is not None  # the rules found nothing in the off-topic ones: the model,
    # asked then, refused them too


def test_follow_ups_about_a_gpu_or_job_the_last_answer_named(svc: AssistantService) -> None:
    """ "That one" is the GPU the last answer named first; a GPU can be named by its model; "it" after a job's
    answer is that job; the context survives a refused question and the conversation's storage."""
    client = client_for(svc)
    text, events = ask(client, "which gpu is the coolest?")
    sid = events[0][1]["conversation_id"]
    assert text.startswith("GPU 1 is the coolest")
    assert ask(client, "how much memory does that one have", sid)[0].startswith("GPU 1 uses")
    assert ask(client, "tell me a joke", sid)[0] == REFUSAL
    assert ask(client, "and how warm is it running", sid)[0] == "The temperature of GPU 1 is 48 °C."
    text, _ = ask(client, "what about the h100", sid)  # GPU 0 of the fake machine is an H100
    assert "GPU 0" in text and "GPU 1" not in text, text
    assert ask(client, "tell me about job 3", sid)[0].startswith("Job 3 (oom-c) failed")
    assert ask(client, "exit code?", sid)[0].startswith("Job 3 (oom-c)")
    assert "exit code 1" in ask(client, "how long did it take", sid)[0]


def test_a_message_with_two_asks_answers_both(svc: AssistantService) -> None:
    """Each ask of a two-part message is answered, a later ask as a follow-up to the one before it; "and"
    inside one ask keeps the message whole; the next message's follow-up refers to the last ask."""
    client = client_for(svc)
    text, events = ask(client, "how hot is GPU 0, and why did job 3 fail?")
    assert text.startswith("The temperature of GPU 0 is 71 °C. Job 3 (oom-c) failed after"), text
    meta = events[0][1]
    assert [q["name"] for q in meta["queries"]] == ["gpu_reading", "job_detail"]
    assert meta["query"] == meta["queries"][0]
    sid = meta["conversation_id"]
    facts = client.get(f"/api/v1/assistant/sessions/{sid}").json()["messages"][0]["meta"]["facts"]
    assert "Result of gpu_reading" in facts and "Result of job_detail" in facts
    assert ask(client, "exit code?", sid)[0].startswith("Job 3 (oom-c)")  # the last ask is the context
    text, events = ask(client, "which gpu is the hottest and how hot is it?")
    assert re.fullmatch(HOTTEST + r" The temperature of GPU 0 is 71 °C\.", text), text
    text, events = ask(client, "what is the memory and power of gpu 1?")
    assert "queries" not in events[0][1] and text.count("GPU 1") >= 1
    text, events = ask(client, "which jobs failed and why?")
    assert "queries" not in events[0][1] and "oom-c" in text
    text, events = ask(client, "which gpu is the hottest? what is using gpu memory?")
    assert text.startswith("GPU 0 is the hottest") and "Process 4242 (fake-trainer)" in text


def test_spelled_numbers_and_afternoon_spans_are_read() -> None:
    """ "job three" is job 3 and "gpu number two" GPU 2, while "which one" keeps its "one"; "since lunch"
    and "this afternoon" span from noon (before noon they name no span)."""
    import datetime as dt

    from gpuaccel.assistant.queries.spans import window_of
    from gpuaccel.assistant.understand.picker import pick
    from gpuaccel.assistant.understand.words import words

    assert words("why did job three fail")[-2:] == ["3", "fail"]
    assert "2" in words("is gpu number two busy") and "one" in words("which one is hotter")
    assert pick("tell me about job number eight") == Query("job_detail", job=8)
    noon = dt.datetime.now().replace(hour=12, minute=0, second=0, microsecond=0).timestamp()
    for text in ("what ran since lunch", "jobs this afternoon", "anything fail after lunch"):
        w = window_of(text, noon + 3 * 3600)
        assert w is not None and (w.t0, w.label) == (noon, "since noon"), text
    assert window_of("what ran since lunch", noon - 3600) is None


def test_ooms_vram_eaters_and_held_back_clocks(svc: AssistantService) -> None:
    """Chat words for failures and memory users are read exactly (no "room" -> "oom"); a GPU's overview
    says whether the driver holds its clocks back, in words."""
    from gpuaccel.assistant.understand.picker import pick

    ooms = pick("any OOMs today")
    assert ooms is not None and ooms.name == "failures"
    assert pick("what's eating my vram") == Query("memory_users")
    assert pick("can you book the meeting room for 3pm") is None
    assert pick("which gpu should I use") == pick("which gpu can I use") == Query("idle_gpus")
    client = client_for(svc)
    text, _ = ask(client, "is gpu 0 throttling")
    ends = ("; clocks not held back.", "; clocks held back by: power cap.")  # the fake GPU at its load
    assert text.startswith("GPU 0 (") and any(e + " It runs job" in text for e in ends), text


def test_two_gpus_level_and_none_idle_read_as_sentences(tmp_path: Path) -> None:
    store = Store(tmp_path / "db")
    backend = FakeBackend("two_gpus")
    for gpu in (0, 1):
        backend.set_value(gpu, "temperature_c", 47.0)
        backend.set_value(gpu, "util_gpu", 90.0)
    sampler = Sampler(backend)
    sampler.open()
    sampler.poll()
    ctx = QueryContext(FactsSource(store, sampler))
    hottest = run(ctx, Query("gpu_rank", metric="temperature", order="max")).sentence
    assert hottest == "Both GPUs are level at 47 °C."
    idle = run(ctx, Query("idle_gpus")).sentence
    assert idle == "No GPU is idle: GPU 0 (utilization 90%); GPU 1 (utilization 90%)."
    store.close()


def test_cleanup_in_the_chat_names_the_largest_with_readable_sizes(svc: AssistantService, tmp_path) -> None:
    import os
    import time

    from gpuaccel.assistant.housekeeping.housekeeper import Housekeeper

    cache = tmp_path / "triton"
    for k in range(12):  # twelve small kernel-cache entries, old enough to propose
        entry = cache / f"entry{k:02d}"
        entry.mkdir(parents=True)
        (entry / "kernel.cubin").write_bytes(b"k" * (4096 + k))
        os.utime(entry / "kernel.cubin", (time.time() - 40 * 86400,) * 2)
    svc.housekeeper = Housekeeper(
        svc.data_dir, extra_roots={"triton": cache, "torch_compile": tmp_path / "i"}
    )
    text, _ = ask(client_for(svc), "/cleanup")
    assert text.startswith("12 proposals, 48.1 KiB in all")
    assert text.count("Triton kernel cache") == 10 and "0.0 MiB" not in text
    assert "entry11, written 40 days ago: 4.0 KiB" in text
    assert "- and 2 more (8.0 KiB)" in text


def test_a_superlative_after_a_job_answer_ranks_and_one_gpus_peak_over_a_span(svc: AssistantService) -> None:
    """ "what was the shortest job" after an answer about job 2 ranks the jobs (it repeated job 2's detail);
    "the hottest GPU 1 got in the last hour" is its peak from the history, not its temperature now."""
    from gpuaccel.assistant.understand.context import Context
    from gpuaccel.assistant.understand.picker import pick

    after_job = Context(last=Query("job_detail", job=2), subjects=[2])
    assert pick("what was the shortest job", after_job) == Query("job_rank", metric="duration", order="min")
    assert pick("how long did it take", after_job) == Query("job_detail", job=2)
    peak = pick("what's the hottest gpu 1 got in the last hour")
    assert peak is not None and (peak.name, peak.gpu, peak.metric) == ("gpu_reading", 1, "temperature")
    assert peak.window is not None
    import time

    with svc.store.transaction() as c:  # both GPUs have an hour of history
        for gpu, temp in ((0, 80), (1, 66)):
            c.execute(
                "INSERT INTO telemetry_1s (gpu, t, util_gpu, temperature_c) VALUES (?, ?, 50, ?)",
                (gpu, time.time() - 60, temp),
            )
    text, _ = ask(client_for(svc), "what's the hottest gpu 1 got in the last hour")
    assert "GPU 1 peaked at 66 °C" in text and "GPU 0" not in text  # the GPU asked about


def test_power_is_said_against_its_limit_and_tflops_names_its_unit_once(svc: AssistantService) -> None:
    """ "power vs its limit" answered only the draw; "The estimated TFLOP/s of GPU 0 is 381.9 TFLOP/s"
    said its unit twice. Every number said is one of the result's own (the limit is in its table)."""
    client = client_for(svc)
    text, events = ask(client, "how much power is gpu 0 drawing compared to its limit?")
    assert re.fullmatch(r"GPU 0 draws \d+ W of its 700 W limit\.", text), text
    meta = events[0][1]
    assert meta["result"]["columns"] == ["GPU", "power draw", "limit (W)"]
    assert meta["result"]["rows"][0][2] == 700
    time.sleep(0.05)
    svc.sampler.poll()  # GPM measures between two samples
    text, _ = ask(client, "what tflops is gpu 0 doing?")
    assert re.fullmatch(r"GPU 0 is doing an estimated [\d.]+ TFLOP/s\.", text), text
    text, _ = ask(client, "tflops of gpu 1?")  # an RTX 4090: no GPM, so no estimate, and why
    assert text.startswith("The estimated TFLOP/s of GPU 1 is N/A ("), text


def test_a_request_to_change_a_job_names_the_command_and_is_not_a_description(svc: AssistantService) -> None:
    """ "can you restart job 4" answered with job 4's detail; the chat never acts, it says what does."""
    client = client_for(svc)
    text, events = ask(client, "can you restart job 3?")
    assert text == (
        "I only read this machine; I do not change anything from the chat. To restart job 3 (oom-c): gpuaccel"
        " retry 3, or Retry in the Jobs tab."
    )
    assert "query" not in events[0][1]
    assert ask(client, "please kill task #2")[0].endswith(
        "To kill job 2 (bench-b): gpuaccel cancel 2, or Cancel in the Jobs tab."
    )
    assert ask(client, "delete job 1 for me")[0].endswith("To delete job 1 (train-a): gpuaccel remove 1.")
    assert ask(client, "why did job 3 fail?")[0].startswith("Job 3 (oom-c) failed")  # a question still reads
    assert ask(client, "stop job 3 from what?")[0] != ask(client, "stop job 3")[0]


def test_tflops_are_the_dashboards_record_exact_where_a_job_counted(tmp_path: Path) -> None:
    """The chat reads the daemon's telemetry record (GET /telemetry/now): where a job of ours reports its
    TFLOP/s the answer gives that exact figure and who counted it, as the dashboard does, not the estimate."""
    store = Store(tmp_path / "db")
    sampler = Sampler(FakeBackend("two_gpus"))
    sampler.open()
    sampler.poll()

    def record() -> dict:
        out = snapshot(sampler)
        gpu0 = out["gpus"][0]
        gpu0["tflops"] = Tflops.model_validate(gpu0["tflops"]).counted(7, 312.46).model_dump()
        return out

    source = FactsSource(store, sampler)
    source.telemetry_now = record
    result = run(QueryContext(source), Query("gpu_reading", metric="tflops"))
    assert "GPU 0 is doing 312.5 TFLOP/s, exact: counted by job 7." in result.sentence
    assert "The estimated TFLOP/s of GPU 1 is N/A (GPM metrics need Hopper" in result.sentence
    assert result.columns[1] == "TFLOP/s (exact where a job counted it)" and result.rows[0] == [0, 312.5]
    source.telemetry_now = None  # no daemon: the shared snapshot, estimates only
    assert "exact" not in run(QueryContext(source), Query("gpu_reading", metric="tflops")).sentence
    store.close()


class ListsGpus:
    """A stand-in picking model: the GPU list for any question."""

    name = "model"

    def pick(self, question: str, context: object, now: float) -> Query | None:
        return Query("gpu_list")


def test_an_answer_says_whether_the_rules_or_the_model_picked_its_query(svc: AssistantService) -> None:
    from gpuaccel.assistant.understand.picker import RulePicker

    svc.chat.pickers = (RulePicker(), ListsGpus())  # the model where the rules find nothing
    client = client_for(svc)
    text, events = ask(client, "which gpu is the hottest?")
    assert events[0][1]["picked_by"] == "rules" and "model" not in text
    text, events = ask(client, "gimme the lowdown on the silicon")
    assert events[0][1]["picked_by"] == "model" and text.startswith("There are 2 GPUs")
    assert text.endswith(f". {MODEL_PICKED_AFTER_RULES}")  # in the text every view shows
    text, events = ask(client, "which gpu is the hottest and what is the lowdown on the silicon")
    meta = events[0][1]
    assert [q["name"] for q in meta["queries"]] == ["gpu_rank", "gpu_list"]
    assert meta["picked_by_each"] == ["rules", "model"] and meta["picked_by"] == "rules"
    first, second = text.split(" There are 2 GPUs")  # the note follows the sentence the model picked
    assert "model" not in first and second.endswith(MODEL_PICKED_AFTER_RULES)
    svc.chat.pickers = (ListsGpus(), RulePicker())  # a model asked first: it never knew what the rules say
    text, _ = ask(client, "gimme the lowdown on the silicon")
    assert text.endswith(f". {MODEL_PICKED}")
    assert ask(client, "thanks a lot")[0] == THANKS_REPLY  # no picker is asked for small talk
    svc.chat.pickers = (RulePicker(),)
    text, events = ask(client, "gimme the lowdown on the silicon")
    assert text == REFUSAL and "picked_by" not in events[0][1]
