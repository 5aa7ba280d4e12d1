"""Exact TFLOP/s next to NVML's GPM tensor-pipe busy %, per kind of work: the table in docs/telemetry.md.

NVML's GPM cannot tell precisions apart, so "busy x bf16 dense peak" (the 16-bit dense equivalent the app
shows for work that is not its own) is right only for large 16-bit matmuls. This measures how far off it is
for each kind of work on this GPU: each case runs back-to-back for ``--seconds`` while a second thread
reads GPM every 0.2 s through the app's own NVML backend; exact TFLOP/s = FLOPs counted / CUDA-event time.

Needs a Hopper or newer GPU with torch (CUDA build) and nvidia-ml-py. Prints a markdown table and writes
``benchmarks/results/gpm_vs_flops.json``.

    .venv/bin/python benchmarks/gpm_vs_flops.py [--gpu 0] [--seconds 5]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from gpuaccel.accel.telemetry.nvml import NvmlBackend
from gpuaccel.accel.telemetry.peaks import peak_for
from gpuaccel.accel.telemetry.types import NA

RESULTS = Path(__file__).resolve().parent / "results" / "gpm_vs_flops.json"


def matmul_case(torch, dtype_name: str, n: int, device: str) -> tuple[Callable[[], None], float]:
    """(step, FLOPs per step) for an n^3 matmul; fp8 through torch._scaled_mm, tf32 with TF32 allowed."""
    if dtype_name == "fp8":
        a = torch.randn(n, n, device=device).to(torch.float8_e4m3fn)
        b = torch.randn(n, n, device=device).to(torch.float8_e4m3fn).t()
        one = torch.tensor(1.0, device=device)
        return (
            lambda: torch._scaled_mm(a, b, scale_a=one, scale_b=one, out_dtype=torch.bfloat16)
        ), 2.0 * n**3
    dtype = {"bf16": torch.bfloat16, "fp16": torch.float16, "tf32": torch.float32}[dtype_name]
    torch.backends.cuda.matmul.allow_tf32 = dtype_name == "tf32"
    a = torch.randn(n, n, device=device, dtype=dtype)
    b = torch.randn(n, n, device=device, dtype=dtype)
    return (lambda: torch.matmul(a, b)), 2.0 * n**3


def attention_case(torch, device: str) -> tuple[Callable[[], None], float]:
    """cuDNN attention forward, bf16, B=2 H=16 N=8192 D=128, not causal: 4*B*H*N^2*D FLOPs."""
    from torch.nn.attention import SDPBackend, sdpa_kernel

    b, h, n, d = 2, 16, 8192, 128
    q, k, v = (torch.randn(b, h, n, d, device=device, dtype=torch.bfloat16) for _ in range(3))

    def step() -> None:
        with sdpa_kernel(SDPBackend.CUDNN_ATTENTION):
            torch.nn.functional.scaled_dot_product_attention(q, k, v)

    return step, 4.0 * b * h * n * n * d


def run_case(
    torch, step: Callable[[], None], flops: float, seconds: float, backend: NvmlBackend, gpu: int
) -> dict:
    for _ in range(3):  # warm-up (autotuning, cuDNN plans)
        step()
    torch.cuda.synchronize()
    busy: list[float] = []
    stop = threading.Event()

    def watch() -> None:
        while not stop.wait(0.2):
            v = backend.sample(gpu).gpm.get("tensor_active")
            if v is not None and not isinstance(v, NA):
                busy.append(float(v))

    watcher = threading.Thread(target=watch)
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    watcher.start()
    steps, t0 = 0, time.perf_counter()
    start.record()
    while time.perf_counter() - t0 < seconds:
        for _ in range(10):
            step()
        steps += 10
        torch.cuda.synchronize()
    end.record()
    torch.cuda.synchronize()
    stop.set()
    watcher.join()
    elapsed = start.elapsed_time(end) / 1000.0
    return {"tflops": flops * steps / elapsed / 1e12, "busy_pct": statistics.median(busy) if busy else None}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--gpu", type=int, default=0, help="CUDA index (PCI order)")
    p.add_argument("--seconds", type=float, default=5.0, help="timed seconds per case")
    args = p.parse_args()
    os.environ.setdefault("CUDA_DEVICE_ORDER", "PCI_BUS_ID")  # CUDA index = NVML index
    import torch

    if not torch.cuda.is_available():
        print("needs a CUDA GPU (torch.cuda.is_available() is False)", file=sys.stderr)
        return 1
    device = f"cuda:{args.gpu}"
    backend = NvmlBackend(pcie_interval_s=None, intervals={"gpm": 0.0})  # a GPM reading per watch tick
    backend.init()
    try:
        info = backend.device_info(args.gpu)
        if info.gpm_supported is not True:
            print(f"GPU {args.gpu} ({info.name}) has no GPM metrics: {info.gpm_supported}", file=sys.stderr)
            return 1
        peak, peak_source = peak_for(info)
        cases: list[tuple[str, Callable[[], tuple[Callable[[], None], float]]]] = [
            ("bf16 matmul 8192", lambda: matmul_case(torch, "bf16", 8192, device)),
            ("fp16 matmul 8192", lambda: matmul_case(torch, "fp16", 8192, device)),
            ("fp8 matmul 8192", lambda: matmul_case(torch, "fp8", 8192, device)),
            ("tf32 matmul 4096", lambda: matmul_case(torch, "tf32", 4096, device)),
            ("cuDNN attention fwd D128 N8k", lambda: attention_case(torch, device)),
            ("bf16 matmul 1024", lambda: matmul_case(torch, "bf16", 1024, device)),
        ]
        rows = []
        for name, make in cases:
            step, flops = make()
            r = run_case(torch, step, flops, args.seconds, backend, args.gpu)
            est = None if r["busy_pct"] is None or isinstance(peak, NA) else r["busy_pct"] / 100 * peak
            rows.append({"work": name, **r, "equivalent_tflops": est,
                         "equivalent_over_exact": None if est is None else est / r["tflops"]})  # fmt: skip
            torch.cuda.empty_cache()
    finally:
        backend.shutdown()
    print(f"{info.name}, bf16 dense peak {peak} TFLOP/s ({peak_source})\n")
    print("| work | exact TFLOP/s | tensor-pipe busy | 16-bit equivalent / exact |")
    print("|---|---|---|---|")
    for r in rows:
        busy = "N/A" if r["busy_pct"] is None else f"{r['busy_pct']:.1f}%"
        ratio = "N/A" if r["equivalent_over_exact"] is None else f"{r['equivalent_over_exact']:.2f}x"
        print(f"| {r['work']} | {r['tflops']:.0f} | {busy} | {ratio} |")
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps({"gpu": info.name, "peak": peak, "peak_source": peak_source, "rows": rows},
                                  indent=2, default=str))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
