"""Joules per generated token for the assistant: what an answer costs on the GPU, from the telemetry sampler.

The gate controller reports each stretch of generation (strategy, start, end, tokens); on a GPU engine the
energy of the stretch is the GPU's mean sampled power over it x its duration (NVML's energy counter is
read only every few seconds, too coarse for an answer of one or two). The gate opens only while no job
holds the GPU, so that power is the assistant's own plus the GPU's idle draw: the figure says so. Tokens
generated on the CPU have no energy reading here and are counted apart.
"""

from __future__ import annotations

import math
import re
import threading
from dataclasses import dataclass
from typing import Any

import numpy as np

METHOD = (
    "GPU power sampled while generating x generation time (whole-GPU draw, idle power included; the "
    "assistant runs on the GPU only while no job holds it)"
)
NO_GPU_GENERATION = "no answer generated on a GPU yet"
_CUDA_INDEX = re.compile(r"cuda:(\d+)")


@dataclass
class _Totals:
    tokens: int = 0
    joules: float = 0.0
    seconds: float = 0.0


class TokenEnergy:
    """Running totals per GPU; :meth:`record` is the controller's ``on_generated`` callback."""

    def __init__(self, sampler: Any) -> None:
        self.sampler = sampler
        self._gpu: dict[int, _Totals] = {}
        self._last: dict[str, Any] | None = None
        self.cpu_tokens = 0
        self.unmeasured_tokens = 0  # on a GPU, but the sampler had no power reading for the stretch
        self._lock = threading.Lock()

    def record(self, strategy: str, t0: float, t1: float, tokens: int) -> None:
        if tokens <= 0:
            return
        if not strategy.startswith("cuda"):
            with self._lock:
                self.cpu_tokens += tokens
            return
        gpu = gpu_of(strategy)
        joules = self._energy(gpu, t0, t1)
        with self._lock:
            if joules is None:
                self.unmeasured_tokens += tokens
                return
            total = self._gpu.setdefault(gpu, _Totals())
            total.tokens += tokens
            total.joules += joules
            total.seconds += t1 - t0
            self._last = {"gpu": gpu, "tokens": tokens, "joules": round(joules, 2),
                          "joules_per_token": round(joules / tokens, 3)}  # fmt: skip

    def _energy(self, gpu: int, t0: float, t1: float) -> float | None:
        if self.sampler is None or not getattr(self.sampler, "available", False):
            return None
        try:
            w = self.sampler.window(gpu, ["power_w"], seconds=max(0.0, t1 - t0) + 5.0)
        except (IndexError, KeyError):
            return None
        t, p = w["t"], w["power_w"]
        ok = ~np.isnan(p)
        t, p = t[ok], p[ok]
        if t.size == 0:
            return None
        inside = (t >= t0) & (t <= t1)
        if inside.any():
            mean = float(p[inside].mean())
        else:  # a stretch shorter than the sampling period: the reading nearest its middle
            mean = float(p[int(np.argmin(np.abs(t - (t0 + t1) / 2)))])
        return mean * max(0.0, t1 - t0)

    def to_json(self) -> dict[str, Any]:
        """For the assistant's state: ``joules_per_token`` overall and per GPU, or ``na`` with why."""
        with self._lock:
            tokens = sum(x.tokens for x in self._gpu.values())
            joules = sum(x.joules for x in self._gpu.values())
            out: dict[str, Any] = {
                "method": METHOD,
                "gpu_tokens": tokens,
                "joules": round(joules, 1),
                "cpu_tokens": self.cpu_tokens,
                "unmeasured_tokens": self.unmeasured_tokens,
                "last": self._last,
                "per_gpu": {
                    str(g): {
                        "tokens": x.tokens,
                        "joules": round(x.joules, 1),
                        "joules_per_token": round(x.joules / x.tokens, 3),
                    }
                    for g, x in sorted(self._gpu.items())
                },  # fmt: skip
            }
        if tokens:
            out["joules_per_token"] = round(joules / tokens, 3)
        else:
            why = NO_GPU_GENERATION
            if self.cpu_tokens:
                why += f" ({self.cpu_tokens} tokens on the CPU, which has no energy reading here)"
            out["na"] = why
        return out


def gpu_of(strategy: str) -> int:
    """The GPU a strategy names (``cuda:1 fp16``), 0 for plain ``cuda``."""
    m = _CUDA_INDEX.search(strategy)
    return int(m.group(1)) if m else 0


def text(energy: dict[str, Any]) -> str:
    """One line for people: ``0.42 J/token on the GPU (1234 tokens, 518 J)`` or why there is none."""
    per = energy.get("joules_per_token")
    if per is None or (isinstance(per, float) and math.isnan(per)):
        return f"energy per token: N/A ({energy.get('na', 'not measured')})"
    return (
        f"energy per token: {per:.3g} J on the GPU ({energy['gpu_tokens']} tokens, {energy['joules']:.0f} J)"
    )
