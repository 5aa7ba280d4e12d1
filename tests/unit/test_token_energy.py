"""Joules per generated token: power sampled while the assistant generated on a GPU x the time it took,
reported by the gate controller for each stretch; CPU tokens counted apart."""

from __future__ import annotations

import threading
from pathlib import Path

import numpy as np
import pytest
from assistant_helpers import FakeGate, random_model
from test_assistant_gate import PARAMS, LabelledEngine

from gpuaccel.assistant.engine.gate import GateController, GateSettings
from gpuaccel.assistant.engine.token_energy import NO_GPU_GENERATION, TokenEnergy, gpu_of, text


class PowerSampler:
    """A sampler whose GPU 1 drew 200 W from t=100 to 110 and 300 W after (10 Hz)."""

    available = True

    def __init__(self) -> None:
        self.t = np.arange(100.0, 120.0, 0.1)
        self.p = np.where(self.t < 110.0, 200.0, 300.0)

    def window(self, index: int, fields: list[str], seconds: float | None = None) -> dict:
        if index != 1:
            raise IndexError(f"no GPU {index}")
        return {"t": self.t, "power_w": self.p}


def test_energy_per_token_from_power_while_generating() -> None:
    e = TokenEnergy(PowerSampler())
    assert e.to_json()["na"] == NO_GPU_GENERATION
    e.record("cuda:1 fp16", 101.0, 105.0, 40)  # 200 W x 4 s = 800 J over 40 tokens
    e.record("cuda:1 fp16", 111.0, 112.0, 10)  # 300 W x 1 s = 300 J
    e.record("cpu fp32", 0.0, 9.0, 25)
    e.record("cuda:3 fp16", 101.0, 102.0, 5)  # no such GPU in the sampler: not measured
    out = e.to_json()
    assert out["joules_per_token"] == pytest.approx(1100 / 50, abs=0.5)
    assert (out["gpu_tokens"], out["cpu_tokens"], out["unmeasured_tokens"]) == (50, 25, 5)
    assert out["per_gpu"]["1"]["tokens"] == 50
    assert out["last"]["joules_per_token"] == pytest.approx(30, abs=0.5)
    assert "idle power included" in out["method"]
    assert text(out).startswith("energy per token: 22 J on the GPU (50 tokens")
    short = TokenEnergy(PowerSampler())
    short.record("cuda:1", 111.02, 111.05, 1)  # shorter than a sample period: nearest reading
    assert short.to_json()["joules_per_token"] == pytest.approx(300 * 0.03, abs=0.01)
    assert gpu_of("cuda fp16") == 0 and gpu_of("cuda:2 fp16i8") == 2
    cpu_only = TokenEnergy(None)
    cpu_only.record("cpu fp32", 0, 1, 3)
    assert "3 tokens on the CPU" in cpu_only.to_json()["na"]


@pytest.fixture(scope="module")
def model_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return random_model(tmp_path_factory.mktemp("te") / "rand.safetensors")


def test_gate_controller_reports_each_stretch_with_its_strategy(model_path: Path) -> None:
    seen: list[tuple[str, int]] = []
    ctl = GateController(
        FakeGate(open_=True),
        model_path,
        lambda p, s: LabelledEngine(p, s, []),
        GateSettings(gpu_strategy="cuda:1 fp16"),
        on_generated=lambda strategy, t0, t1, n: seen.append((strategy, n)) if t1 >= t0 else None,
    )
    try:
        out = list(ctl.generate(list(b"User: hi\n\nAssistant:"), PARAMS, threading.Event()))
    finally:
        ctl.close()
    assert seen == [("cuda:1 fp16", len(out))] and len(out) > 0
