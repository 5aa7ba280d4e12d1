"""Measures a GPU's dense bf16 matmul peak, the denominator of every estimated TFLOP/s.

Datasheet peaks assume boost clocks the card may not hold under load (power and thermal limits), so a
measured peak makes "tensor activity x peak" honest for this machine. torch is imported only when
measuring, so the telemetry package stays importable without it.
"""

from __future__ import annotations

import os
import statistics
import time
from dataclasses import asdict, dataclass
from typing import Any

DEFAULT_SIZE = 8192
MIN_SIZE = 1024
TRIAL_MS = 25.0  # each timed trial runs enough matmuls to last about this long


@dataclass
class CalibrationResult:
    index: int
    name: str
    uuid: str
    size: int
    tflops: float  # median over trials
    tflops_min: float
    tflops_max: float
    trials: int
    matmuls_per_trial: int
    torch_version: str

    def details(self) -> dict[str, Any]:
        """What is stored beside the number, so a reader knows how it was measured."""
        d = asdict(self)
        for key in ("index", "name", "uuid", "tflops"):
            d.pop(key)
        d["method"] = f"torch.matmul bf16 {self.size}^3 dense, random inputs, CUDA events, median of trials"
        return d


def cuda_unavailable_reason() -> str | None:
    """Why calibration cannot run here (no torch, a CPU-only torch, no visible GPU), or None."""
    os.environ.setdefault("CUDA_DEVICE_ORDER", "PCI_BUS_ID")  # so torch's GPU numbers match NVML's
    try:
        import torch
    except ImportError:
        return "PyTorch is not installed"
    if not torch.cuda.is_available():
        build = "a CPU-only build" if torch.version.cuda is None else f"CUDA {torch.version.cuda} build"
        return (
            f"torch.cuda is not available (torch {torch.__version__}, {build}; no usable NVIDIA GPU/driver)"
        )
    return None


def device_count() -> int:
    import torch

    return torch.cuda.device_count()


def measure_bf16_peak(index: int, seconds: float = 3.0, size: int = DEFAULT_SIZE) -> CalibrationResult:
    """Median dense bf16 matmul TFLOP/s of CUDA device ``index`` over about ``seconds`` of timed trials.

    ``size`` is halved until three size x size bf16 matrices fit in 80% of the free memory.
    """
    import torch

    dev = torch.device("cuda", index)
    props = torch.cuda.get_device_properties(dev)
    free, _ = torch.cuda.mem_get_info(dev)
    n = size
    while 3 * n * n * 2 > 0.8 * free and n > MIN_SIZE:
        n //= 2
    rates, reps = _timed_trials(torch, dev, n, seconds)
    torch.cuda.empty_cache()
    uuid = str(props.uuid)
    return CalibrationResult(
        index=index,
        name=props.name,
        uuid=uuid if uuid.startswith("GPU-") else f"GPU-{uuid}",
        size=n,
        tflops=statistics.median(rates),
        tflops_min=min(rates),
        tflops_max=max(rates),
        trials=len(rates),
        matmuls_per_trial=reps,
        torch_version=torch.__version__,
    )


def _timed_trials(torch: Any, dev: Any, n: int, seconds: float) -> tuple[list[float], int]:
    """TFLOP/s of each timed trial (a run of back-to-back n^3 matmuls), and matmuls per trial."""
    gen = torch.Generator(device=dev).manual_seed(0)
    a = torch.randn(n, n, device=dev, dtype=torch.bfloat16, generator=gen)
    b = torch.randn(n, n, device=dev, dtype=torch.bfloat16, generator=gen)
    c = torch.empty(n, n, device=dev, dtype=torch.bfloat16)
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)

    def timed(reps: int) -> float:
        start.record()
        for _ in range(reps):
            torch.matmul(a, b, out=c)
        end.record()
        end.synchronize()
        return start.elapsed_time(end)  # ms

    with torch.cuda.device(dev):
        timed(3)  # cuBLAS heuristics and clocks
        per_ms = timed(5) / 5
        reps = max(1, round(TRIAL_MS / max(per_ms, 1e-3)))
        warm_until = time.perf_counter() + min(1.0, seconds / 3)
        while time.perf_counter() < warm_until:  # let clocks settle at their loaded value
            timed(reps)
        flop = 2.0 * n**3 * reps
        rates: list[float] = []
        stop_at = time.perf_counter() + seconds
        while (time.perf_counter() < stop_at or len(rates) < 5) and len(rates) < 10000:
            rates.append(flop / (timed(reps) * 1e-3) / 1e12)
    return rates, reps
