"""The daemon's picker: the model worker decides by the same constrained search as an in-process engine, a
refusal is no pick, and a job claimed mid-pick ends it (the rules answer) without breaking the next one."""

from __future__ import annotations

import logging
import math
import shutil
import threading
from pathlib import Path
from typing import Any

import pytest
import torch
from assistant_helpers import FakeGate

from assistant_lab.sampling import FIXED_NOW
from gpuaccel.assistant.engine.gate import GateController, GateSettings
from gpuaccel.assistant.engine.models import pick_margin
from gpuaccel.assistant.engine.runtime import BUNDLED_MODEL, Engine
from gpuaccel.assistant.engine.safetensors_header import read_header, write_metadata
from gpuaccel.assistant.engine.worker import WorkerEngine, context_from_json, context_json
from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.decode import Decision
from gpuaccel.assistant.understand.model import ModelPicker
from gpuaccel.assistant.understand.picker import RulePicker, pick

torch.set_num_threads(1)  # the worker's own setting: the same arithmetic on both sides

QUESTIONS = [
    ("which gpu is drawing the most power?", Context()),
    ("jobs yesterday", Context()),
    ("is 'bench' still running?", Context(job_names={"bench": 3}, gpus=[0, 1], gpu_models={1: "H100"})),
    ("and the other one?", Context(Query("gpu_reading", gpu=0, metric="power"), [4, 9], gpus=[0, 1])),
]
OFF_TOPIC = "what is the capital of france"  # the bundled model refuses this one (" none")


def assert_same(a: Decision | None, b: Decision | None) -> None:
    """The same decision: query, texts and model calls exactly, log-probabilities to float precision."""
    assert a is not None and b is not None
    assert (a.query, a.texts, a.calls) == (b.query, b.texts, b.calls)
    for x, y in ((a.logp, b.logp), (a.runner_up, b.runner_up), (a.refusal, b.refusal)):
        assert x == pytest.approx(y, rel=1e-5, abs=1e-5)


class InProcess:
    """The bundled model's picks in this process, each question's decided once for the module: four tests
    compare the worker's decisions with the same five (eleven searches of a second or two each before)."""

    def __init__(self) -> None:
        self.picker = ModelPicker(Engine(BUNDLED_MODEL, "cpu fp32"))
        self.decided: dict[tuple[str, str, float], Decision | None] = {}

    def decide(self, question: str, context: Context, now: float) -> Decision | None:
        key = (question, context_json(context), now)  # the whole context (it crosses to the worker so)
        if key not in self.decided:
            self.decided[key] = self.picker.decide(question, context, now)
        return self.decided[key]


@pytest.fixture(scope="module")
def in_process() -> InProcess:
    return InProcess()


@pytest.fixture(scope="module")
def marked_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bundled weights marked as a picker asked first that must be sure by 1.5 (the bundled file: after
    the rules, by 2)."""
    path = tmp_path_factory.mktemp("m") / "picker.safetensors"
    shutil.copyfile(BUNDLED_MODEL, path)
    meta = {**read_header(path)[1], "query_picker": "1", "pick_margin": "1.5", "pick_first": "model"}
    write_metadata(path, meta)
    return path


def test_the_full_picking_context_crosses_to_the_worker() -> None:
    ctx = Context(Query("jobs", state="failed"), [3, 4], {"bench": 3}, [0, 1], [1], {0: "A100", 1: "H100"})
    assert context_from_json(context_json(ctx)) == ctx
    assert context_from_json(context_json(Context())) == Context()


def test_the_daemon_s_picker_decides_through_its_worker_as_in_process(
    tmp_path: Path, marked_model: Path, in_process: InProcess
) -> None:
    from gpuaccel.assistant.service import AssistantService
    from gpuaccel.scheduler.store.queue import Store

    svc = AssistantService(tmp_path, Store(tmp_path / "gpuaccel.db"))  # its own factory: the model worker
    try:
        rules, bundled = svc.chat.pickers  # the bundled file picks where the rules find nothing
        assert isinstance(rules, RulePicker) and isinstance(bundled, ModelPicker)
        assert bundled.min_margin == 2.0
        svc.save_settings(model=str(marked_model))
        model, rules = svc.chat.pickers
        assert isinstance(model, ModelPicker) and isinstance(rules, RulePicker) and model.min_margin == 1.5
        for question, context in QUESTIONS:
            d = model.decide(question, context, FIXED_NOW)
            assert_same(d, in_process.decide(question, context, FIXED_NOW))
            want = d.query if d.margin >= 1.5 else rules.pick(question, context, FIXED_NOW)
            assert pick(question, context, svc.chat.pickers, now=FIXED_NOW) == want
        assert isinstance(svc.controller.engine, WorkerEngine)  # it ran in the worker process
        refusal = model.decide(OFF_TOPIC, Context(), FIXED_NOW)
        assert_same(refusal, in_process.decide(OFF_TOPIC, Context(), FIXED_NOW))
        assert refusal.query is None and refusal.logp == refusal.refusal and refusal.margin > 1.5
        assert model.pick(OFF_TOPIC, Context(), FIXED_NOW) is None  # a refusal is no pick
        assert pick(OFF_TOPIC, Context(), svc.chat.pickers, now=FIXED_NOW) is None  # nor do the rules
    finally:
        svc.stop()


class ClaimedWorker(WorkerEngine):
    """A CPU worker standing for the GPU one (no GPU here): a job is claimed as its next pick starts."""

    def __init__(self, path: Path, strategy: str, gate: FakeGate, claim: list[bool]) -> None:
        super().__init__(path, "cpu fp32")
        self.strategy, self.gate, self.claim = strategy, gate, claim

    def decide(self, question: str, context: Context, now: float) -> Decision | None:
        if self.claim and self.claim.pop():
            self.gate.set(False)  # the idle detector closes the gate: the controller interrupts us
        return super().decide(question, context, now)


def test_a_claim_mid_pick_gives_no_pick_and_the_next_question_is_answered(in_process: InProcess) -> None:
    gate, claim, engines = FakeGate(open_=True), [True], []

    def factory(path: Path, strategy: str) -> Any:
        engines.append(ClaimedWorker(path, strategy, gate, claim))
        return engines[-1]

    ctl = GateController(gate, BUNDLED_MODEL, factory, GateSettings(on_close="cpu"))
    picker = ModelPicker(ctl)
    try:
        question, context = QUESTIONS[0]
        got = pick(question, context, (picker, RulePicker()), now=FIXED_NOW)
        assert got == RulePicker().pick(question, context, FIXED_NOW)  # the model gave no pick: the rules
        assert len(engines) == 1  # not picked again on the CPU
        events = [(s["event"], s["strategy"]) for s in ctl.switches]
        assert events[:4] == [
            ("load", "cuda fp16"),
            ("preempt", "cuda fp16"),
            ("pick_interrupted", "cuda fp16"),
            ("release", "cuda fp16"),  # the GPU worker ended with the pick, not at the next question
        ]
        assert not engines[0]._proc.is_alive() and not gate.own_activity
        # The next questions run on the CPU worker (the gate stays closed) and decide as in-process.
        for question, context in QUESTIONS[:2]:
            assert_same(
                ctl.decide(question, context, FIXED_NOW), in_process.decide(question, context, FIXED_NOW)
            )
        assert ctl.engine is engines[1] and ctl.engine.strategy == "cpu fp32"
    finally:
        ctl.close()


def test_a_worker_told_to_stop_before_a_pick_gives_no_decision_and_then_decides(
    in_process: InProcess,
) -> None:
    eng = WorkerEngine(BUNDLED_MODEL, "cpu fp32")
    try:
        eng.interrupt()
        assert eng.decide(OFF_TOPIC, Context(), FIXED_NOW) is None and eng.last_reason == "interrupted"
        eng.reset_interrupt()
        assert_same(
            eng.decide(OFF_TOPIC, Context(), FIXED_NOW), in_process.decide(OFF_TOPIC, Context(), FIXED_NOW)
        )
        assert eng.last_reason == "done"
    finally:
        eng.close()


def test_in_wait_mode_a_closed_gate_gives_no_pick_at_once_and_loads_nothing() -> None:
    loads: list[str] = []
    ctl = GateController(
        FakeGate(open_=False), BUNDLED_MODEL, lambda p, s: loads.append(s), GateSettings(on_close="wait")
    )
    done = threading.Event()
    t = threading.Thread(target=lambda: (ctl.decide("hottest gpu", Context(), FIXED_NOW), done.set()))
    t.start()
    t.join(5)
    assert done.is_set() and loads == []
    assert ModelPicker(ctl).pick("hottest gpu", Context(), FIXED_NOW) is None
    ctl.close()


def test_the_model_file_says_how_sure_its_picks_must_be(tmp_path: Path, caplog: Any) -> None:
    from safetensors.torch import save_file

    path = tmp_path / "m.safetensors"

    def margin(**meta: str) -> float | None:
        save_file({"emb.weight": torch.zeros(256, 2)}, str(path), metadata={"tokenizer": "bytes", **meta})
        return pick_margin(path)

    assert margin(query_picker="1", pick_margin="3.75") == 3.75
    assert margin(query_picker="1") == 0.0  # marked before margins were recorded: every pick counts
    assert margin(query_picker="0", pick_margin="2") is None  # not a picker: the rules alone
    assert pick_margin(BUNDLED_MODEL) == 2.0  # the bundled model picks where the rules find nothing
    with caplog.at_level(logging.WARNING):
        for bad in ("sure", "-1", "nan"):
            assert margin(query_picker="1", pick_margin=bad) is None
    assert "pick_margin='sure' is not a log-prob gap of 0 or more" in caplog.text
    with pytest.raises(ValueError, match="min_margin must be a log-prob gap of 0 or more"):
        ModelPicker(Engine, min_margin=-math.inf)


def test_only_a_controller_that_decides_or_an_engine_that_scores_can_pick() -> None:
    class Streams:
        def generate(self, tokens: list[int], params: Any, stop: threading.Event) -> Any:
            yield from tokens

    with pytest.raises(TypeError, match=r"decide\(\) \(the model worker\) or an engine that scores"):
        ModelPicker(Streams())

    class Mute(Streams):
        strategy = "cpu fp32"

        def reset_interrupt(self) -> None:
            pass

        def interrupt(self) -> None:
            pass

        def close(self) -> None:
            pass

    ctl = GateController(None, BUNDLED_MODEL, lambda p, s: Mute(), GateSettings(use_gpu=False))
    with pytest.raises(TypeError, match="Mute cannot run a constrained pick"):
        ctl.decide("hottest gpu", Context(), FIXED_NOW)
    assert ModelPicker(ctl).pick("hottest gpu", Context(), FIXED_NOW) is None  # logged; the rules answer
    ctl.close()


def test_a_controller_over_an_engine_in_this_process_decides_as_it(in_process: InProcess) -> None:
    ctl = GateController(None, BUNDLED_MODEL, Engine, GateSettings(use_gpu=False))  # a caller's factory
    try:
        for question, context in QUESTIONS[:3]:
            d = ctl.decide(question, context, FIXED_NOW)
            assert_same(d, in_process.decide(question, context, FIXED_NOW))
        assert ctl.engine is not None and not hasattr(ctl.engine, "decide")  # the search ran in this process
    finally:
        ctl.close()
