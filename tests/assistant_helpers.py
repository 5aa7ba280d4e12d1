"""Shared builders for the assistant tests: a random-weight tiny RWKV-7 file, a fake idle gate, and the two
machines the chat tests ask about (the held-out sets' machine, the chat routes' machine)."""

from __future__ import annotations

import datetime as dt
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch

from gpuaccel.accel.telemetry.fake import FakeBackend
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.assistant.engine.runtime import Engine
from gpuaccel.assistant.service import AssistantService
from gpuaccel.scheduler.lifecycle.validation import validate_request
from gpuaccel.scheduler.store.queue import Store


def random_model(path: Path, n_embd: int = 128, n_layer: int = 2, seed: int = 0) -> Path:
    """A random-weight RWKV-7 (byte vocabulary) exported by the project's trainer, weights perturbed."""
    from safetensors.torch import save_file

    from assistant_lab.tiny.io import export_state
    from assistant_lab.tiny.train import TinyConfig, TinyRWKV7

    torch.manual_seed(seed)
    model = TinyRWKV7(TinyConfig(n_embd=n_embd, n_layer=n_layer))
    with torch.no_grad():
        for p in model.parameters():
            p.add_(0.1 * torch.randn_like(p))
    save_file(export_state(model, torch.float32), str(path), metadata={"tokenizer": "bytes"})
    return path


@dataclass
class GateEvent:
    kind: str
    index: int | None
    idle: bool
    since: float | None
    reason: str


class FakeGate:
    """The idle detector's interface (assistant.engine.gate.Gate), switched by hand."""

    def __init__(self, open_: bool = True) -> None:
        self._open = open_
        self._subs: list[Callable[[Any], None]] = []
        self._lock = threading.Lock()
        self.exempt: set[int] = set()
        self.own_activity = False

    def is_gate_open(self) -> bool:
        return self._open

    def subscribe(self, cb: Callable[[Any], None]) -> Callable[[], None]:
        self._subs.append(cb)
        return lambda: self._subs.remove(cb)

    def exempt_pid(self, pid: int, exempt: bool = True) -> None:
        (self.exempt.add if exempt else self.exempt.discard)(pid)

    def set_own_activity(self, active: bool) -> None:
        self.own_activity = active

    def set(self, open_: bool, reason: str = "") -> None:
        self._open = open_
        for cb in list(self._subs):
            cb(GateEvent("gate", None, open_, 0.0, reason or ("GPU 0 idle" if open_ else "job 7 running")))


MIDNIGHT = dt.datetime.now().replace(hour=0, minute=0, second=0, microsecond=0).timestamp()
NOW = MIDNIGHT + 15 * 3600  # the clock the answers are read against: 15:00 today
H, M = 3600.0, 60.0
# name, state, GPUs, start, end (seconds relative to NOW; None: not started / still running), reason, exit
JOBS: list[tuple[str, str, list[int], float | None, float | None, str | None, int | None]] = [
    ("train-llama", "succeeded", [0, 1], -3 * H - 5 * M, -65 * M, None, 0),
    ("bench-attn", "succeeded", [0], -40 * M, -30 * M, None, 0),
    ("oom-c", "failed", [1], -20 * M, -19 * M, "CUDA out of memory while allocating 2.00 GiB", 1),
    ("sweep-lr", "cancelled", [], None, -10 * M, "cancelled by user", None),
    ("finetune-b", "running", [0], -15 * M, None, None, None),
    ("eval-x", "queued", [], None, None, None, None),
    ("old-job", "succeeded", [1], -20 * H, -19 * H, None, 0),
    ("crash-y", "failed", [0], -18 * H, -18 * H + 10 * M, "segmentation fault", 139),
]

GPU_VALUES = {  # the fake GPUs' readings the expected answers were computed from
    0: {"temperature_c": 71.0, "util_gpu": 93.0, "power_w": 310.0, "mem_used_mib": 40960.0},
    1: {"temperature_c": 48.0, "util_gpu": 4.0, "power_w": 35.0},
}


def build_store(path: Path) -> Store:
    store = Store(path)
    for name, state, gpus, start, end, reason, code in JOBS:
        job = store.insert(validate_request({"kind": "command", "argv": ["true"], "name": name}))
        with store.transaction() as c:
            c.execute(
                "UPDATE jobs SET state = ?, assigned_gpus = ?, started_at = ?, finished_at = ?, reason = ?,"
                " exit_code = ?, created_at = ?, waiting_reason = ?, attempt = ? WHERE id = ?",
                (
                    state,
                    json.dumps(gpus),
                    None if start is None else NOW + start,
                    None if end is None else NOW + end,
                    reason,
                    code,
                    NOW + (start if start is not None else -12 * M) - 60,
                    "waiting for 2 free GPUs" if state == "queued" else None,
                    0 if start is None else 1,
                    job.id,
                ),
            )
    with store.transaction() as c:  # the last hour: GPU 0 at 300 W, GPU 1 at 100 W, 1 min rows
        for k in range(60):
            for gpu, watts, temp in ((0, 300.0, 70.0 + k % 5), (1, 100.0, 45.0)):
                c.execute(
                    "INSERT INTO telemetry_1m (gpu, t, power_w, temperature_c, util_gpu)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (gpu, NOW - H + k * M, watts, temp, 80.0 if gpu == 0 else 5.0),
                )
    return store


def build_service(folder: Path) -> AssistantService:
    """The assistant on the test's machine: the jobs and power history above, two fake GPUs, 15:00."""
    store = build_store(folder / "gpuaccel.db")
    backend = FakeBackend("two_gpus")
    for gpu, values in GPU_VALUES.items():
        for key, value in values.items():
            backend.set_value(gpu, key, value)
    backend.set_value(0, "mem_total_mib", 81559.0)
    sampler = Sampler(backend)
    sampler.open()
    sampler.poll()
    service = AssistantService(
        folder, store, sampler, FakeGate(open_=False), engine_factory=lambda p, s: Engine(p, "cpu fp32")
    )
    service.chat.now = lambda: NOW
    return service


def seed_store(store: Store) -> None:
    import time

    from gpuaccel.scheduler.lifecycle.validation import validate_request

    now = time.time()
    for name in ("train-a", "bench-b", "oom-c"):
        job = store.insert(validate_request({"kind": "command", "argv": ["true"], "name": name}))
        store.claim(job.id, "test", 30.0, [0])
    store.finish(1, "succeeded", None, 0)
    store.finish(3, "failed", "CUDA out of memory while allocating 2.00 GiB", 1)
    store.insert(validate_request({"kind": "command", "argv": ["true"], "name": "queued-d"}))
    assert now


# what the chat machine answers to "which gpu is the hottest?": the ranking and the job the top GPU runs
HOTTEST = r"GPU 0 is the hottest, at 71 °C \(GPU 1 48 °C\)\. It runs job 2 \(bench-b\) since \d\d:\d\d:\d\d\."


def build_chat_service(folder: Path) -> AssistantService:
    """The chat routes' machine: two fake GPUs (GPU 0 at 71 °C with 40 GiB used, GPU 1 at 48 °C) and four
    jobs: one succeeded, one failed of running out of memory, one running, one queued; the gate closed."""
    store = Store(folder / "gpuaccel.db")
    seed_store(store)
    backend = FakeBackend("two_gpus")
    backend.set_value(0, "temperature_c", 71.0)
    backend.set_value(0, "mem_used_mib", 40960.0)
    backend.set_value(0, "mem_total_mib", 81559.0)
    backend.set_value(1, "temperature_c", 48.0)
    sampler = Sampler(backend)
    sampler.open()
    sampler.poll()
    gate = FakeGate(open_=False)
    return AssistantService(folder, store, sampler, gate, engine_factory=lambda p, s: Engine(p, "cpu fp32"))


def act_text(question: str, context: Any, states: dict[int, str]) -> str:
    """The chat's reply to a request to act (:func:`~assistant.understand.acts.read_act`) in ``context``
    (a :class:`~assistant.understand.context.Context`) with the jobs' ``states``; "" when it is none."""
    from gpuaccel.assistant.understand.acts import read_act

    act = read_act(question, context, states)
    return act.reply if act is not None else ""


def act_reply(
    question: str, names: dict[str, int], focus: int | None = None, held: frozenset[int] = frozenset()
) -> str | None:
    """The chat's reply to a request to act (:func:`~assistant.understand.acts.read_act`) on a machine of
    ``names`` (name -> job id), with ``focus`` the conversation's job and ``held`` the held jobs (the others
    running); None when the question is no request to act."""
    from gpuaccel.assistant.understand.acts import read_act
    from gpuaccel.assistant.understand.context import Context

    context = Context(job_names=names, subjects=[] if focus is None else [focus])
    act = read_act(question, context, {i: "held" if i in held else "running" for i in names.values()})
    return act.reply if act else None
