"""Gate preemption: a job claimed mid-answer ends GPU generation within one token; the answer goes on."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
import torch
from assistant_helpers import FakeGate, random_model

from gpuaccel.assistant.engine.gate import GateController, GateSettings
from gpuaccel.assistant.engine.runtime import Engine, GenParams

torch.set_num_threads(1)


class LabelledEngine(Engine):
    """A CPU engine that carries the strategy the controller asked for (no GPU here) and counts tokens."""

    def __init__(self, path: Path, strategy: str, log: list) -> None:
        super().__init__(path, "cpu fp32")
        self.strategy, self.log, self.closed = strategy, log, False

    def generate(self, tokens, params):
        for t in super().generate(tokens, params):
            self.log.append((self.strategy, t))
            yield t

    def close(self) -> float:
        self.closed = True
        self.log.append((self.strategy, "closed"))
        super().close()
        return 0.0


@pytest.fixture(scope="module")
def model_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return random_model(tmp_path_factory.mktemp("g") / "rand.safetensors")


def make(model_path: Path, gate: FakeGate, on_close: str = "cpu") -> tuple[GateController, list]:
    log: list = []
    ctl = GateController(
        gate, model_path, lambda p, s: LabelledEngine(p, s, log), GateSettings(on_close=on_close)
    )
    return ctl, log


PARAMS = GenParams(max_tokens=30, temperature=0, stop=b"")


def test_claim_mid_generation_preempts_within_one_token(model_path: Path) -> None:
    tokens = list(b"User: hi\n\nAssistant:")
    ref_ctl, _ = make(model_path, FakeGate(open_=False))
    reference = list(ref_ctl.generate(tokens, PARAMS, threading.Event()))
    ref_ctl.close()

    gate = FakeGate(open_=True)
    ctl, log = make(model_path, gate)
    out = []
    for tok in ctl.generate(tokens, PARAMS, threading.Event()):
        out.append(tok)
        if len(out) == 5:
            gate.set(False)  # the scheduler claimed a job: the idle detector closes the gate
    gpu_tokens = [t for s, t in log if s == "cuda fp16" and t != "closed"]
    assert len(gpu_tokens) == 5  # not one token more on the GPU after the claim
    assert ("cuda fp16", "closed") in log  # the GPU engine was closed (memory freed) ...
    assert log.index(("cuda fp16", "closed")) < next(i for i, e in enumerate(log) if e[0] == "cpu fp32")
    assert [s["event"] for s in ctl.switches][:4] == ["load", "preempt", "release", "load"]
    assert ctl.switches[3]["strategy"] == "cpu fp32"
    assert "prefill: plain (CPU strategy" in ctl.switches[3]["reason"]  # the path and why, in the status
    assert ctl.switches[3]["runtime"]["decode"] == "plain"
    assert out == reference  # ... and the answer continued on CPU unchanged (greedy)
    ctl.close()


def test_wait_mode_pauses_until_gate_reopens(model_path: Path) -> None:
    tokens = list(b"User: hi\n\nAssistant:")
    gate = FakeGate(open_=True)
    ctl, log = make(model_path, gate, on_close="wait")
    out: list[int] = []
    reopen = threading.Timer(0.6, lambda: gate.set(True))
    t0 = time.monotonic()
    for tok in ctl.generate(tokens, GenParams(max_tokens=10, temperature=0, stop=b""), threading.Event()):
        out.append(tok)
        if len(out) == 3:
            gate.set(False)
            reopen.start()
    reopen.join()
    assert len(out) == 10 and time.monotonic() - t0 >= 0.5
    assert {s for s, _ in log} == {"cuda fp16"}  # never ran on CPU
    assert [e["event"] for e in ctl.switches].count("load") == 2
    ctl.close()


def test_stop_request_ends_answer(model_path: Path) -> None:
    ctl, _ = make(model_path, FakeGate(open_=False))
    stop = threading.Event()
    out = []
    for tok in ctl.generate(list(b"User: hi\n\nAssistant:"), GenParams(max_tokens=50, stop=b""), stop):
        out.append(tok)
        if len(out) == 2:
            stop.set()
            ctl.interrupt()
    assert len(out) == 2
    ctl.close()


def test_gpu_engine_released_when_gate_closes_between_answers(model_path: Path) -> None:
    gate = FakeGate(open_=True)
    ctl, log = make(model_path, gate)
    list(ctl.generate(list(b"User: hi\n\nAssistant:"), GenParams(max_tokens=3, stop=b""), threading.Event()))
    assert ctl.engine is not None and ctl.engine.strategy == "cuda fp16"
    gate.set(False)  # no answer is running: the controller frees the GPU by itself
    deadline = time.monotonic() + 10
    while ctl.engine is not None and time.monotonic() < deadline:
        time.sleep(0.01)
    assert ctl.engine is None and ("cuda fp16", "closed") in log
    ctl.close()


def test_worker_process_engine_streams_and_interrupts(model_path: Path) -> None:
    from gpuaccel.assistant.engine.worker import WorkerEngine

    eng = WorkerEngine(model_path, "cpu fp32")
    try:
        assert eng.runtime["prefill"] == "plain" and "CPU strategy" in eng.runtime["prefill_reason"]
        toks = list(b"User: hi\n\nAssistant:")
        inproc = Engine(model_path, "cpu fp32")
        assert list(eng.generate(toks, PARAMS)) == list(inproc.generate(toks, PARAMS))
        got = []
        for t in eng.generate(toks, GenParams(max_tokens=50, stop=b"")):
            got.append(t)
            if len(got) == 2:
                eng.interrupt()
        assert len(got) <= 3 and eng.last_reason == "interrupted"
    finally:
        took = eng.close()
    assert not eng._proc.is_alive() and took < 10


def test_warm_loads_where_the_next_answer_runs_once_and_not_while_waiting(model_path: Path) -> None:
    """The daemon loads the picking model before the first question (the first pick then costs a pick, not
    a worker's start): on the GPU while the gate is open, on the CPU while it is closed, nothing when the
    setting is to wait for the gate, and never a second engine."""
    ctl, log = make(model_path, FakeGate(open_=True))
    ctl.settings.use_gpu = True  # the stub labels its engine with the strategy asked; no CUDA is used
    assert ctl.warm() and ctl.engine.strategy == ctl.settings.gpu_strategy
    assert not ctl.warm()  # one engine: already loaded
    assert [s["event"] for s in ctl.switches] == ["load", "warm"]
    ctl.close()
    closed, _ = make(model_path, FakeGate(open_=False))
    assert closed.warm() and closed.engine.strategy == closed.settings.cpu_strategy
    closed.close()
    waiting, _ = make(model_path, FakeGate(open_=False), on_close="wait")
    waiting.settings.use_gpu = True
    assert not waiting.warm() and waiting.engine is None
    waiting.close()
    assert log == [] or all(entry[1] == "closed" for entry in log)
