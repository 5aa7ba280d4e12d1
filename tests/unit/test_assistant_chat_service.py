"""The chat service around the answers: facts without telemetry, commands, stop, state and validation, the
model's fit and settings, idle-time reports, the worker, the prompt window."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import torch
from assistant_helpers import build_chat_service
from test_assistant_chat_answers import ask, client_for

from gpuaccel.assistant.engine.runtime import BUNDLED_MODEL
from gpuaccel.assistant.queries.catalogue import run
from gpuaccel.assistant.queries.facts import FactsSource
from gpuaccel.assistant.queries.query import Query, QueryContext
from gpuaccel.assistant.service import AssistantService
from gpuaccel.scheduler.store.queue import Store

torch.set_num_threads(1)


SVC_MACHINE = build_chat_service  # the unit tier's ``svc`` fixture builds this machine


def test_facts_without_telemetry_say_why(tmp_path: Path) -> None:
    store = Store(tmp_path / "db")
    facts = FactsSource(store).collect()
    assert "telemetry unavailable (telemetry is off)" in facts.block()
    result = run(QueryContext(FactsSource(store)), Query("gpu_reading", gpu=0, metric="temperature"))
    assert result.sentence == "I have no GPU readings: telemetry is off."
    store.close()


def test_commands_status_and_cleanup(svc: AssistantService) -> None:
    client = client_for(svc)
    text, events = ask(client, "/status")
    assert "GPU 0 (NVIDIA H100 80GB HBM3): 71 °C" in text and "1 queued" in text
    assert events[-1][1]["reason"] == "command"
    assert events[-1][1]["conversation_id"] == events[0][1]["conversation_id"]  # `ask` prints it
    text, _ = ask(client, "/cleanup")
    assert "simulated process 4242 (" in text and "the queue did not start it" in text  # information only
    assert "signal" not in text


def test_stop_route_ends_stream(svc: AssistantService) -> None:
    from gpuaccel.assistant.engine.runtime import GenParams

    svc.chat.params = GenParams(max_tokens=400, stop=b"")  # long answer, so the stop lands mid-way
    svc.chat.prose = True  # the model continues after the result's sentence
    got: list[str] = []
    sid = svc.db.new_session()["id"]

    def answer() -> None:
        for ev in svc.chat.ask("how hot is gpu 0?", sid):
            got.append(ev["event"])
            if got.count("token") == 1 and ev["event"] == "token":
                client_for(svc).post("/api/v1/assistant/chat/stop", json={"conversation_id": sid})

    t = threading.Thread(target=answer)
    t.start()
    t.join(60)
    assert got[-1] == "done" and got.count("token") <= 8 + 2  # the sentence's 8 words, then at most 2 more
    last = svc.db.messages(sid)[-1]
    assert last["role"] == "assistant" and last["meta"]["reason"] == "stopped"


def test_state_and_validation(svc: AssistantService) -> None:
    client = client_for(svc)
    st = client.get("/api/v1/assistant/state").json()
    assert st["state"] == "idle" and st["gate_open"] is False and st["model"]["name"] == "tiny-rwkv7"
    assert client.post("/api/v1/assistant/chat", json={"message": ""}).status_code == 422
    assert client.post("/api/v1/assistant/settings", json={"on_close": "nope"}).status_code == 422
    assert client.get("/api/v1/assistant/sessions/999").status_code == 404
    assert client.post("/api/v1/assistant/settings", json={"use_gpu": "yes"}).status_code == 422
    r = client.post("/api/v1/assistant/settings", json={"use_gpu": False})
    assert r.status_code == 200 and r.json()["use_gpu"] is False, r.text
    assert svc.controller.settings.use_gpu is False  # applied to the running assistant, not only saved
    client.post("/api/v1/assistant/settings", json={"use_gpu": True})
    assert svc.controller.settings.use_gpu is svc._has_gpu


def test_model_that_does_not_fit_stays_on_cpu_with_reason(svc: AssistantService) -> None:
    backend = svc.sampler.backend
    backend.set_value(0, "mem_total_mib", 81559.0)
    backend.set_value(0, "mem_used_mib", 81500.0)  # 59 MiB free: the model cannot go on GPU 0
    backend.set_value(1, "mem_used_mib", backend.sample(1).mem_total_mib)
    svc.sampler.poll()
    svc.idle.set(True)
    svc.chat.prose = True  # the model writes after the result, so it is loaded
    text, events = ask(client_for(svc), "How hot is GPU 1?")
    assert text.startswith("The temperature of GPU 1 is 48 °C.") and events[-1][0] == "done"
    (refusal,) = [s for s in svc.controller.switches if s["event"] == "gpu_unavailable"]
    assert "GiB of GPU memory" in refusal["reason"] and "GiB is free" in refusal["reason"]
    assert svc.controller.engine.strategy == "cpu fp32"


def test_idle_time_reports_made_when_gate_opens(svc: AssistantService) -> None:
    svc.report_delay_s = 0.0
    svc.reports.writer = None  # keep the test fast: no model summary
    svc.start()
    svc.idle.set(True)
    for t in svc._threads:
        t.join(30)
    kinds = sorted((r["kind"], r["subject"]) for r in svc.reports.list())
    assert kinds[0][0] == "daily" and ("job", "3") in kinds  # yesterday's report, failed job 3


def test_own_worker_is_not_an_orphan(svc: AssistantService) -> None:
    svc.own_pids = lambda: {4242}  # pretend the fake trainer on GPU 0 is the assistant's model worker
    svc.housekeeper.own_pids = svc.own_pids
    svc.facts.own_pids = svc.own_pids
    assert not [p for p in svc.housekeeper.propose() if p.action == "signal"]
    assert "4242 (fake-trainer): 20480 MiB, the assistant's model" in svc.facts.collect().block()


def test_hand_edited_settings_of_the_wrong_kind_fall_back_to_defaults(tmp_path: Path) -> None:
    (tmp_path / "assistant.json").write_text(json.dumps({"on_close": "never", "use_gpu": "yes", "model": 3}))
    store = Store(tmp_path / "gpuaccel.db")
    service = AssistantService(tmp_path, store)
    try:
        assert service.settings == {"model": str(BUNDLED_MODEL), "on_close": "cpu", "use_gpu": True}
        client = client_for(service)
        state = client.get("/api/v1/assistant/state")
        assert state.status_code == 200 and state.json()["settings"]["on_close"] == "cpu", state.text
        r = client.post("/api/v1/assistant/settings", json={"on_close": "wait", "extra": 1})
        assert r.status_code == 422 and "extra" in r.text  # unknown fields are refused, not ignored
        r = client.post("/api/v1/assistant/settings", json={"on_close": "wait"})
        assert r.json() == {"model": str(BUNDLED_MODEL), "on_close": "wait", "use_gpu": True}
        assert json.loads((tmp_path / "assistant.json").read_text())["on_close"] == "wait"
    finally:
        service.stop()
        store.close()


def test_the_prompt_window_moves_in_steps_so_its_start_is_reused() -> None:
    """At most MAX_TURNS earlier turns, and the first kept turn changes only every WINDOW_STEP questions."""
    from gpuaccel.assistant.chat import MAX_TURNS, WINDOW_STEP, window_start

    starts = [window_start(n) for n in range(40)]
    assert starts[: MAX_TURNS + 1] == [0] * (MAX_TURNS + 1)
    assert all(n - s <= MAX_TURNS for n, s in enumerate(starts))
    assert all(s % WINDOW_STEP == 0 and s <= t for s, t in zip(starts, starts[1:], strict=False))
    changes = sum(a != b for a, b in zip(starts, starts[1:], strict=False))
    assert changes <= (40 - MAX_TURNS) // WINDOW_STEP + 1
