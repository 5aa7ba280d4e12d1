"""Time our attention kernels over a grid of configurations: forward, dK/dV and the split-mode dQ.

The tuner only tries the handful of candidates in ``accel.kernels.tuning.configs``; this script is how those
lists are chosen. The backward's two kernels are timed apart, so the best dK/dV and the best dQ are
found independently (they share only the preprocess pass) and the grid costs the sum of the two sizes
rather than their product. Needs a CUDA GPU.

    PYTHONPATH=src python3 benchmarks/kernel_sweep.py [--shapes 4,16,4096,128] [--causal no]
        [--kernels fwd dkdv dq] [--budget-s 420]

Prints the fastest configurations per kernel and shape, the current candidates run whole, and the
split-mode time of the best dK/dV + dQ pair; writes benchmarks/results/kernel_sweep_<stamp>.json.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
import time
from pathlib import Path

import torch

from gpuaccel.accel.kernels.bench import attention as bench
from gpuaccel.accel.kernels.dense import attention, launchers
from gpuaccel.accel.kernels.tuning import configs as tuning
from gpuaccel.accel.kernels.tuning.configs import BwdConfig, FwdConfig

FWD_GRID = {"block_m": (64, 128), "block_n": (64, 128), "num_warps": (4, 8), "num_stages": (2, 3, 4)}
KERNELS = ("fwd", "dkdv", "dq")
DKDV_GRID = {"block_m": (16, 32, 64), "block_n": (64, 128), "num_warps": (4, 8), "num_stages": (2, 3, 4)}
DQ_GRID = {"block_m": (64, 128), "block_n": (32, 64, 128), "num_warps": (4, 8), "num_stages": (2, 3, 4)}


def _grid(axes: dict[str, tuple[int, ...]]) -> list[dict[str, int]]:
    return [dict(zip(axes, combo, strict=True)) for combo in itertools.product(*axes.values())]


def _time(fn: object) -> float:
    from triton.testing import do_bench

    return float(do_bench(fn, warmup=10, rep=40, return_mode="median"))


def sweep_shape(shape: tuple[int, int, int, int], causal: bool, kernels: list[str], deadline: float) -> dict:
    b, h, n, d = shape
    q, k, v = bench.make_inputs(b, h, n, d, torch.bfloat16)
    scale = 1 / math.sqrt(d)
    o, lse = attention.flash_attention_forward(q, k, v, causal, scale)
    do = torch.randn_like(o)
    stats = launchers.bwd_stats(o, do, lse)
    fwd_flops = bench.attention_flops(b, h, n, n, d, causal, "fwd")
    bwd_flops = 2.5 * fwd_flops
    out: dict = {"shape": list(shape), "causal": causal, "fwd": [], "dkdv": [], "dq": [], "whole": []}

    def run(kind: str, params: dict, fn: object, flops: float | None = None) -> None:
        """Time one config; ``flops`` (whole kernels only) adds its TFLOP/s."""
        if time.monotonic() > deadline:
            return
        try:
            ms = _time(fn)
            out[kind].append({**params, "ms": ms, **({"tflops": flops / ms / 1e9} if flops else {})})
        except Exception as exc:  # shared memory or registers exceeded: recorded, not fatal
            out[kind].append({**params, "error": f"{type(exc).__name__}: {str(exc)[:160]}"})

    o2, lse2 = torch.empty_like(o), torch.empty_like(lse)
    if "fwd" in kernels:
        for p in _grid(FWD_GRID):
            fcfg = FwdConfig(p["block_m"], p["block_n"], p["num_warps"], p["num_stages"])
            fn = lambda c=fcfg: attention.launch_fwd(q, k, v, o2, lse2, causal, scale, c)
            run("fwd", p, fn, fwd_flops)
        for fcfg in tuning.fwd_candidates(d, fp8=False):
            fn = lambda c=fcfg: attention.launch_fwd(q, k, v, o2, lse2, causal, scale, c)
            run("whole", {"config": fcfg.label()}, fn, fwd_flops)
    if "dkdv" in kernels:
        for p in _grid(DKDV_GRID):
            cfg = BwdConfig(p["block_m"], p["block_n"], p["num_warps"], p["num_stages"], "split")
            fn = lambda cfg=cfg: launchers.launch_dkdv(do, q, k, v, stats, causal, scale, cfg)
            run("dkdv", p, fn)
    if "dq" in kernels:
        for p in _grid(DQ_GRID):
            cfg = BwdConfig(
                32, 64, 8, 2, "split", p["block_m"], p["block_n"], p["num_warps"], p["num_stages"]
            )
            fn = lambda cfg=cfg: launchers.launch_dq(do, q, k, v, stats, causal, scale, cfg)
            run("dq", p, fn)
    if {"dkdv", "dq"} & set(kernels):
        for cfg in tuning.bwd_candidates(d):
            fn = lambda cfg=cfg: attention.launch_bwd(do, q, k, v, o, lse, causal, scale, cfg)
            run("whole", {"config": cfg.label()}, fn, bwd_flops)
    for kind in ("fwd", "dkdv", "dq", "whole"):
        out[kind].sort(key=lambda r: r.get("ms", math.inf))
    best = [next((r["ms"] for r in out[kind] if "ms" in r), None) for kind in ("dkdv", "dq")]
    if None not in best:
        out["best_pair_ms"] = best[0] + best[1]
        out["best_pair_tflops"] = bwd_flops / out["best_pair_ms"] / 1e9
    return out


def _label(r: dict) -> str:
    if "config" in r:
        return str(r["config"])
    return f"{r['block_m']}x{r['block_n']} w{r['num_warps']} s{r['num_stages']}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shapes", nargs="+", default=["4,16,4096,128"], help="B,H,N,D (bf16)")
    ap.add_argument("--causal", choices=("yes", "no", "both"), default="no")
    ap.add_argument("--budget-s", type=float, default=420.0, help="stop timing new configs after this")
    ap.add_argument("--kernels", nargs="+", choices=KERNELS, default=list(KERNELS))
    ap.add_argument("--top", type=int, default=6)
    ap.add_argument("--out", default="benchmarks/results")
    args = ap.parse_args(argv)
    if not torch.cuda.is_available():
        print("kernel_sweep needs a CUDA GPU", file=sys.stderr)
        return 2
    deadline = time.monotonic() + args.budget_s
    flags = {"yes": [True], "no": [False], "both": [False, True]}[args.causal]
    results = []
    for spec in args.shapes:
        shape = tuple(int(x) for x in spec.split(","))
        if len(shape) != 4:
            ap.error(f"--shapes takes B,H,N,D, got {spec!r}")
        for causal in flags:
            results.append(sweep_shape(shape, causal, args.kernels, deadline))  # type: ignore[arg-type]
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = Path(args.out) / f"kernel_sweep_{stamp}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    meta = {"benchmark": "kernel_sweep", **bench.environment()}
    path.write_text(json.dumps({**meta, "results": results}, indent=1))
    for r in results:
        print(f"\n{tuple(r['shape'])} causal={r['causal']}")
        for kind in args.kernels:
            top = [x for x in r[kind] if "ms" in x][: args.top]
            fails = sum("error" in x for x in r[kind])
            print(
                f"  {kind:5s} " + "  ".join(f"{_label(x)} {x['ms']:.3f}" for x in top) + f"  ({fails} failed)"
            )
        for x in r["whole"]:
            print(
                f"  whole {_label(x)}: "
                + (f"{x['ms']:.3f} ms {x['tflops']:.0f} TFLOP/s" if "ms" in x else x["error"])
            )
        if "best_pair_ms" in r:
            print(
                f"  best pair (split): {r['best_pair_ms']:.3f} ms,"
                f" {r['best_pair_tflops']:.0f} TFLOP/s without the preprocess pass"
            )
    print(f"\nwrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
