"""``matmul``: a bf16 (or fp16) matrix-multiply burn on one GPU for a given time, reporting achieved TFLOP/s.

FLOPs are exact: every ``C = A @ B`` of n x n matrices is ``2 * n**3`` FLOPs; the time is measured with
CUDA events around whole batches, so TFLOP/s = 2 * n**3 * iterations / seconds / 1e12. Useful as a burn-in,
to check a GPU reaches its datasheet peak, and as the queue's simplest GPU workload.

Validation is import-safe (no torch); torch is imported only in :func:`run`, in the worker process.
"""

from __future__ import annotations

import time
from typing import Any

from gpuaccel.accel.workloads.registry import Spec, SpecError, Workload, register
from gpuaccel.accel.workloads.report import Reporter

DTYPES = ("bf16", "fp16")
DEFAULTS: dict[str, Any] = {"size": 8192, "duration_s": 10.0, "dtype": "bf16"}


def validate(spec: Spec) -> Spec:
    unknown = sorted(set(spec) - set(DEFAULTS))
    if unknown:
        raise SpecError(unknown[0], f"unknown field; matmul accepts {', '.join(DEFAULTS)}")
    out = {**DEFAULTS, **spec}
    size = out["size"]
    if isinstance(size, bool) or not isinstance(size, int) or not 64 <= size <= 32768 or size % 64:
        raise SpecError("size", f"must be an integer from 64 to 32768, a multiple of 64; got {size!r}")
    duration = out["duration_s"]
    if isinstance(duration, bool) or not isinstance(duration, int | float) or not 0.1 <= duration <= 86400:
        raise SpecError("duration_s", f"must be a number of seconds from 0.1 to 86400; got {duration!r}")
    if out["dtype"] not in DTYPES:
        raise SpecError("dtype", f"must be one of {', '.join(DTYPES)}; got {out['dtype']!r}")
    out["duration_s"] = float(duration)
    return out


def flops_per_matmul(size: int) -> int:
    return 2 * size**3


def run(spec: Spec, reporter: Reporter) -> dict[str, Any]:
    import torch

    if not torch.cuda.is_available():
        raise RuntimeError(
            f"matmul needs a CUDA GPU, but torch {torch.__version__} sees none "
            f"(CUDA build: {torch.version.cuda or 'no, CPU-only wheel'}); run it on a GPU host"
        )
    n, duration = spec["size"], spec["duration_s"]
    dtype = torch.bfloat16 if spec["dtype"] == "bf16" else torch.float16
    device = torch.device("cuda", 0)
    a = torch.randn(n, n, device=device, dtype=dtype)
    b = torch.randn(n, n, device=device, dtype=dtype)
    c = torch.empty(n, n, device=device, dtype=dtype)
    for _ in range(3):  # warm-up: cuBLAS heuristics, clocks
        torch.matmul(a, b, out=c)
    torch.cuda.synchronize(device)

    batch, iterations, gpu_seconds = 1, 0, 0.0
    start_wall = time.monotonic()
    last_report = start_wall
    while True:
        begin, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        begin.record()
        for _ in range(batch):
            torch.matmul(a, b, out=c)
        end.record()
        end.synchronize()
        elapsed = begin.elapsed_time(end) / 1000.0
        iterations += batch
        gpu_seconds += elapsed
        if elapsed < 0.05:  # grow batches to ~0.1 s so launch gaps do not count
            batch *= 2
        now = time.monotonic()
        if now - last_report >= 0.5:
            tflops = flops_per_matmul(n) * iterations / gpu_seconds / 1e12
            reporter.metric("tflops", tflops, exact=True, unit="TFLOP/s")
            reporter.progress((now - start_wall) / duration, f"{tflops:.1f} TFLOP/s")
            last_report = now
        if now - start_wall >= duration:
            break
    total_flops = flops_per_matmul(n) * iterations
    tflops = total_flops / gpu_seconds / 1e12
    reporter.metric("tflops", tflops, exact=True, unit="TFLOP/s")
    reporter.progress(1.0, f"{tflops:.1f} TFLOP/s")
    return {
        "tflops": tflops,
        "flops": total_flops,
        "gpu_seconds": gpu_seconds,
        "iterations": iterations,
        "size": n,
        "dtype": spec["dtype"],
        "device": torch.cuda.get_device_name(device),
        "formula": "2 * size**3 FLOPs per matmul; time from CUDA events around the batches",
    }


WORKLOAD = register(
    Workload(
        kind="matmul",
        summary="bf16/fp16 n x n matmul burn for duration_s seconds; reports exact TFLOP/s",
        validate=validate,
        run=run,
        uses_gpu=True,
    )
)
