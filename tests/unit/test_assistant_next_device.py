"""Where the assistant's next answer runs, as the daemon reports it: from what the model's torch can use,
not from the GPUs the monitor lists (the fake backend, or NVML beside a CPU-only torch)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
import torch
from assistant_helpers import FakeGate
from fastapi import FastAPI
from fastapi.testclient import TestClient

from gpuaccel.accel.telemetry.fake import FakeBackend
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.assistant.engine import gate as gate_module
from gpuaccel.assistant.engine.gate import GateController, GateSettings
from gpuaccel.assistant.engine.runtime import BUNDLED_MODEL
from gpuaccel.assistant.http.routes import create_router
from gpuaccel.assistant.queries.catalogue import run
from gpuaccel.assistant.queries.query import Query, QueryContext
from gpuaccel.assistant.service import AssistantService
from gpuaccel.scheduler.store.queue import Store

CPU_ONLY = "torch 2.4.0+cpu is built without CUDA"


@pytest.fixture()
def make_service(tmp_path: Path):
    """An assistant over two fake GPUs with the idle gate open: the monitor says there are GPUs."""
    made: list[AssistantService] = []
    store = Store(tmp_path / "gpuaccel.db")
    sampler = Sampler(FakeBackend("two_gpus"))
    sampler.open()
    sampler.poll()

    def make(**kwargs: object) -> AssistantService:
        svc = AssistantService(tmp_path, store, sampler, FakeGate(open_=True), **kwargs)  # type: ignore[arg-type]
        made.append(svc)
        return svc

    yield make
    for svc in made:
        svc.stop()
    store.close()


def _state(svc: AssistantService) -> dict:
    app = FastAPI()
    app.include_router(create_router(svc), prefix="/api/v1")
    r = TestClient(app).get("/api/v1/assistant/state")
    assert r.status_code == 200, r.text
    return r.json()


def test_fake_gpus_and_a_torch_without_cuda_say_cpu_before_any_load(make_service) -> None:
    """It said "next answer on GPU" until a first load had failed; now the state route, the assistant's
    own answer about itself and the controller's choice agree from the start."""
    svc = make_service(cuda=lambda: CPU_ONLY)
    state = _state(svc)
    assert state["state"] == "idle" and state["gate_open"] is True
    assert state["next_strategy"] == "cpu fp32"
    assert (state["next_device"], state["next_device_why"]) == ("cpu", CPU_ONLY)
    answer = run(QueryContext(svc.facts, svc.state), Query("gate_state"))
    assert answer.sentence.startswith(
        f"The idle gate is open: every GPU is idle, but I run on the CPU: {CPU_ONLY}."
    )
    assert "it loads at the next answer that needs it, on the CPU" in answer.sentence
    assert ["next answer on", f"CPU ({CPU_ONLY})"] in answer.rows
    assert svc.controller.switches == []  # said without trying a GPU load first


def test_the_default_asks_this_machines_torch(make_service) -> None:
    svc = make_service()  # the model worker of its own: torch is asked
    state = svc.state()
    if torch.cuda.is_available():
        assert (state["next_device"], state["next_strategy"]) == ("gpu", "cuda fp16")
    else:
        assert (state["next_device"], state["next_strategy"]) == ("cpu", "cpu fp32")
        assert "CUDA" in state["next_device_why"]


def test_gpu_when_torch_can_and_why_not_otherwise(make_service) -> None:
    svc = make_service(cuda=lambda: None)
    assert (svc.state()["next_device"], svc.state()["next_strategy"]) == ("gpu", "cuda fp16")
    svc.idle.set(False)
    assert svc.controller.next_device() == ("cpu", "a GPU is busy (the idle gate is closed)")
    svc.save_settings(on_close="wait")
    assert svc.state()["next_device"] is None and svc.state()["next_strategy"] is None
    svc.save_settings(use_gpu=False)
    assert svc.controller.next_device() == ("cpu", "GPU use is turned off in the settings")
    with pytest.raises(ValueError, match=r"on_close: .*'cpu' or 'wait'.*'cpu' continues on CPU"):
        svc.save_settings(on_close="later")  # the one definition (api.assistant.Policy) says what is accepted
    assert svc.settings["on_close"] == "wait"
    # A torch without CUDA never waits for the gate: there is no GPU to wait for.
    ctl = GateController(
        FakeGate(open_=False),
        BUNDLED_MODEL,
        lambda p, s: None,
        GateSettings(on_close="wait"),
        cuda=lambda: CPU_ONLY,
    )
    assert ctl.wanted_strategy() == "cpu fp32" and ctl.next_device() == ("cpu", CPU_ONLY)


def test_no_gpu_in_the_monitor_says_so(tmp_path: Path) -> None:
    store = Store(tmp_path / "gpuaccel.db")
    svc = AssistantService(tmp_path, store, None, None, cuda=lambda: None)
    try:
        assert svc.controller.next_device() == ("cpu", "the GPU monitor finds no GPU")
    finally:
        svc.stop()
        store.close()


def _fake_torch(root: Path, cuda: str, devices: str) -> None:
    pkg = root / "torch"
    pkg.mkdir()
    (pkg / "version.py").write_text(f"__version__ = '9.9.9'\ncuda = {cuda}\nhip = None\n")
    (pkg / "__init__.py").write_text(
        f"class cuda:\n    @staticmethod\n    def device_count():\n        {devices}\n"
    )


@pytest.mark.parametrize(
    ("cuda", "devices", "expected"),
    [
        ("None", "return 0", "torch 9.9.9 is built without CUDA"),
        ("'12.4'", "return 0", "torch finds no CUDA device"),
        ("'12.4'", "return 2", None),
        ("'12.4'", "raise SystemExit('driver too old')", "torch failed to start: driver too old"),
    ],
)
def test_torch_is_asked_in_a_child_without_being_imported_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cuda: str, devices: str, expected: str | None
) -> None:
    _fake_torch(tmp_path, cuda, devices)
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")]))
    assert gate_module._ask_torch() == expected
