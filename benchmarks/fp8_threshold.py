"""Where FP8 pays: our FP8 forward end to end (bf16 in, quantisation included) against our bf16 forward.

For each shape it times, with ``triton.testing.do_bench`` medians in one process: the FP8 forward forced
to run in e4m3 (``always_fp8=True``), the dispatched call (which runs the bf16 kernel below the measured
size), our bf16 forward, and cuDNN's bf16 forward for reference. Then it derives the rule the FP8 entry
point uses, per causal flag: run e4m3 only when the key length is at least ``min_keys`` and the FLOPs at
least ``min_flops``, the pair that keeps every measured shape where e4m3 was not at least ``MARGIN``
faster on the bf16 kernel while sending the most other shapes to e4m3. JSON under benchmarks/results/.

  python benchmarks/fp8_threshold.py [--quick] [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import torch

MARGIN = 0.95  # e4m3 must take at most this share of the bf16 time to count as paying (timing noise)
FORMULA = (
    "FLOPs = 4*B*H*Nq*Nk*D (/2 causal); times are do_bench medians (ms); e2e = bf16 in, quantised inside"
)


def shapes(quick: bool) -> list[tuple[int, int, int, int]]:
    """(B, H, N, D): D128 over lengths and batch sizes, D64 and D256 at a few points."""
    out = [(b, 16, n, 128) for n in (256, 512, 1024, 2048, 4096, 8192, 16384) for b in (1, 4, 16)]
    out += [(b, 16, n, d) for d in (64, 256) for n in (1024, 4096, 16384) for b in (1, 8)]
    if quick:  # where the call falls back (its overhead over the bf16 kernel) and where e4m3 runs
        out = [
            (1, 16, 1024, 128),
            (4, 16, 1024, 128),
            (1, 16, 2048, 128),
            (1, 16, 4096, 128),
            (4, 16, 8192, 128),
        ]
    return [s for s in out if s[0] * s[2] <= 16 * 16384]  # inputs and outputs stay under ~1 GB


def measure(shape: tuple[int, int, int, int], causal: bool) -> dict[str, Any]:
    import torch.nn.functional as F
    from torch.nn.attention import SDPBackend, sdpa_kernel
    from triton.testing import do_bench

    from gpuaccel.accel.kernels.bench.attention import attention_flops
    from gpuaccel.accel.kernels.dense.attention import flash_attention_forward
    from gpuaccel.accel.kernels.fp8.attention import flash_attention_fp8

    b, h, n, d = shape
    q, k, v = (torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16) for _ in range(3))
    scale = d**-0.5
    t = lambda fn: do_bench(fn, warmup=25, rep=100, return_mode="median")
    with torch.no_grad():
        row: dict[str, Any] = {"shape": list(shape), "causal": causal}
        row["flops"] = attention_flops(b, h, n, n, d, causal, "fwd")
        row["fp8_e2e_ms"] = t(lambda: flash_attention_fp8(q, k, v, causal=causal, always_fp8=True))
        dispatched = lambda: flash_attention_fp8(q, k, v, causal=causal)
        bf16 = lambda: flash_attention_forward(q, k, v, causal, scale)
        # alternated, the least of three medians each: clocks and caches drift between back-to-back timings
        pairs = [(t(dispatched), t(bf16)) for _ in range(3)]
        row["dispatched_ms"] = min(p[0] for p in pairs)
        row["bf16_ms"] = min(p[1] for p in pairs)
        row["dispatched_precision"] = dispatched().attention_precision
        row["dispatched_host_us"] = host_us(dispatched)
        row["bf16_host_us"] = host_us(bf16)
        with sdpa_kernel([SDPBackend.CUDNN_ATTENTION]):
            row["cudnn_bf16_ms"] = t(lambda: F.scaled_dot_product_attention(q, k, v, is_causal=causal))
    for key in [kk for kk in row if kk.endswith("_ms")]:
        row[key.replace("_ms", "_tflops")] = row["flops"] / row[key] / 1e9
    row["fp8_pays"] = row["fp8_e2e_ms"] <= MARGIN * row["bf16_ms"]
    return row


def host_us(fn: Any, calls: int = 200) -> float:
    """Host microseconds per call, launches only (the GPU is waited for once at the end)."""
    fn()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(calls):
        fn()
    elapsed = time.perf_counter() - t0
    torch.cuda.synchronize()
    return elapsed / calls * 1e6


def derive(rows: list[dict[str, Any]]) -> dict[str, dict[str, float]]:
    """Per causal flag, the (min_keys, min_flops) that sends no non-paying shape to e4m3 and the most
    paying ones there."""
    rule: dict[str, dict[str, float]] = {}
    for causal in (False, True):
        mine = [r for r in rows if r["causal"] == causal]
        best: tuple[int, float, float] | None = None
        for keys in sorted({r["shape"][2] for r in mine}):
            for flops in sorted({r["flops"] for r in mine}):
                on = [r for r in mine if r["shape"][2] >= keys and r["flops"] >= flops]
                if any(not r["fp8_pays"] for r in on):
                    continue
                if best is None or len(on) > best[0]:
                    best = (len(on), keys, flops)
        if best is None:  # nothing pays: e4m3 only when asked for (always_fp8)
            rule[str(causal).lower()] = {"min_keys": float("inf"), "min_flops": float("inf"), "shapes_fp8": 0}
        else:
            rule[str(causal).lower()] = {"min_keys": best[1], "min_flops": best[2], "shapes_fp8": best[0]}
    return rule


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="five shapes (the fallback's overhead)")
    ap.add_argument("--json", default=None, help="where to write the results (default benchmarks/results/)")
    args = ap.parse_args(argv)
    if not torch.cuda.is_available():
        print("needs a CUDA GPU", file=sys.stderr)
        return 2
    import triton

    env = {"gpu": torch.cuda.get_device_name(), "torch": torch.__version__, "triton": triton.__version__}
    env["cudnn"] = torch.backends.cudnn.version()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = Path(args.json or Path(__file__).parent / "results" / f"fp8_threshold_{stamp}.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    rows: list[dict[str, Any]] = []
    rule: dict[str, Any] = {"note": "the sweep did not finish: no rule"}
    for shape in shapes(args.quick):
        for causal in (False, True):
            rows.append(measure(shape, causal))
            torch.cuda.empty_cache()
        # written after every shape, so a sweep cut short keeps what it measured
        path.write_text(json.dumps({"formula": FORMULA, "margin": MARGIN, "env": env, "rule": rule,
                                    "rows": rows}, indent=1))  # fmt: skip
    rule = derive(rows) if not args.quick else {"note": "derived from the full sweep only"}
    path.write_text(json.dumps({"formula": FORMULA, "margin": MARGIN, "env": env, "rule": rule, "rows": rows},
                               indent=1))  # fmt: skip
    print(f"# {FORMULA}; {env}")
    print(
        "B,H,N,D | causal | fp8 e2e | dispatched (ran) | bf16 ours | cuDNN bf16 | fp8 e2e / bf16 ours | "
        "host us dispatched / bf16"
    )
    for r in rows:
        head = f"{','.join(map(str, r['shape']))} | {'yes' if r['causal'] else 'no'}"
        ran = f"{r['dispatched_tflops']:.0f} ({r['dispatched_precision']})"
        speedup = r["bf16_ms"] / r["fp8_e2e_ms"]
        print(
            f"{head} | {r['fp8_e2e_tflops']:.0f} | {ran} | {r['bf16_tflops']:.0f} | "
            f"{r['cudnn_bf16_tflops']:.0f} | {speedup:.2f}x | "
            f"{r.get('dispatched_host_us', 0):.1f} / {r.get('bf16_host_us', 0):.1f}"
        )
    print(f"rule (TFLOP/s above; e4m3 when N >= min_keys and FLOPs >= min_flops): {json.dumps(rule)}")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
