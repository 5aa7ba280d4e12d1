"""Shared builders for the assistant tests: a random-weight tiny RWKV-7 file, a fake idle gate."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import torch


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
