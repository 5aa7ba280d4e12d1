"""Attention benchmark on a GPU: one table of ours vs SDPA flash / cuDNN / efficient and FlexAttention.

    PYTHONPATH=src python3 benchmarks/attention_bench.py [--shapes 4,16,4096,128 ...] [--dtype bf16|fp16|fp8]
        [--causal both|yes|no] [--mode fwd|bwd|both] [--impls ours sdpa_cudnn fa4 ...] [--configs] [--check]
        [--out benchmarks/results]

--shapes  B,H,N,D (N = Nq = Nk), or B,H,N,D,Hkv for grouped-query attention (H query heads, Hkv kv heads)
--impls   ours, sdpa_flash, sdpa_cudnn, sdpa_efficient, flex (the default: all five), and fa4
          (FlashAttention-4, ``flash_attn.cute.flash_attn_func`` of the flash-attn-4 package; only when named)
--mode both  times the forward, the backward alone and one forward+backward step

--check   correctness of our kernels on fresh random inputs first (fwd, lse, grads vs fp32 reference;
          FP8 RMSE on FlashAttention-3's outlier inputs)
--dtype fp8 times the FP8 forward alone (pre-quantised) and end to end, the quantisation, the tl.* FP8
          kernel and cuDNN bf16 on the same inputs (accel.kernels.bench.fp8; --mode is ignored)
--configs time every tuning candidate of our kernels on each shape (the notes in docs/kernels-log.md)
--rounds  each problem is timed in this many rounds (default 5), every implementation once a round, the
          order rotated round by round; each time is the median of its rounds (``bench.bench_rounds``), so
          a ratio is read from timings taken side by side, not from one do_bench each taken one after the
          other (1: that single draw, the table before 2026-11-28's twenty-sixth session)
FLOPs: forward 4*B*H*Nq*Nk*D (/2 causal), backward 2.5x forward, forward+backward 3.5x; medians of
triton.testing.do_bench.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

import torch

from gpuaccel.accel.kernels.bench import attention as bench
from gpuaccel.accel.kernels.bench import fp8 as bench_fp8

DEFAULT_SHAPES = ["4,16,4096,128", "2,16,8192,128", "1,16,16384,128", "4,32,4096,64", "8,8,2048,256"]


def check(log: list[str]) -> bool:
    """Our kernels vs the fp32 reference on small-to-medium shapes; returns True when all pass."""
    from gpuaccel.accel.kernels import flash_attention, reference

    ok = True
    cases = [  # B, Hq, Hkv, Nq, Nk, D, causal, dtype
        (2, 8, 8, 1024, 1024, 128, False, torch.bfloat16),
        (2, 8, 8, 1000, 1000, 128, True, torch.bfloat16),
        (1, 8, 2, 777, 1500, 64, True, torch.float16),
        (1, 4, 1, 1500, 777, 256, True, torch.bfloat16),
        (2, 4, 4, 300, 300, 96, False, torch.float16),
    ]
    for b, hq, hkv, nq, nk, d, causal, dt in cases:
        errs, same_inf = bench.errors_vs_reference(b, hq, hkv, nq, nk, d, causal, dt)
        bad = [n for n, e in errs.items() if not (e < (2e-2 if n != "lse" else 1e-2))] or (
            [] if same_inf else ["lse-inf"]
        )
        ok &= not bad
        log.append(
            f"check B{b} Hq{hq} Hkv{hkv} Nq{nq} Nk{nk} D{d} causal={causal} {str(dt)[6:]}: "
            + " ".join(f"{n}={e:.1e}" for n, e in errs.items())
            + (f"  FAIL {bad}" if bad else "  ok")
        )
        print(log[-1], flush=True)
    # FP8 on FA3's outlier distribution: N(0,1) + N(0,100) * Bernoulli(0.001), B2 H8 N2048 D128
    for causal in (False, True):
        rmse8 = bench_fp8.outlier_rmse(causal)
        q, k, v = bench_fp8.outlier_inputs((2, 8, 2048, 128))
        ref = reference.flash_attention(q.double(), k.double(), v.double(), causal=causal)
        ob = flash_attention(q.bfloat16(), k.bfloat16(), v.bfloat16(), causal=causal)
        rmseb = (ob.double() - ref).pow(2).mean().sqrt().item()
        ok &= rmse8 < 2e-2
        log.append(
            f"fp8 outlier RMSE causal={causal}: fp8 {rmse8:.2e} (bf16 kernel {rmseb:.2e}; "
            f"FA3: {bench_fp8.FA3_OUTLIER_RMSE:.1e})"
        )
        print(log[-1], flush=True)
    return ok


def sweep_configs(shape: tuple[int, int, int, int], causal: bool, dtype: str, log: list[str]) -> list[dict]:
    """Time every tuning candidate of our forward/backward on one shape."""
    from triton.testing import do_bench

    from gpuaccel.accel.kernels.dense import attention
    from gpuaccel.accel.kernels.fp8 import attention as fp8
    from gpuaccel.accel.kernels.tuning import configs as tuning

    b, h, n, d = shape
    rows = []
    fwd_flops = bench.attention_flops(b, h, n, n, d, causal, "fwd")
    q, k, v = bench.make_inputs(b, h, n, d, torch.bfloat16 if dtype != "fp16" else torch.float16)
    scale = 1 / math.sqrt(d)
    for cfg in tuning.fwd_candidates(d, fp8=dtype == "fp8"):
        try:
            if dtype == "fp8":
                x = fp8.quantize_fp8(q, k, v, cfg.block_m, cfg.block_n)
                fn = lambda x=x, cfg=cfg: fp8.flash_attention_fp8_quantized(x, causal, scale, cfg)
            else:
                o = torch.empty_like(q)
                lse = torch.empty(b, h, n, device="cuda", dtype=torch.float32)
                fn = lambda o=o, lse=lse, cfg=cfg: attention.launch_fwd(q, k, v, o, lse, causal, scale, cfg)
            ms = do_bench(fn, warmup=25, rep=100, return_mode="median")
            rows.append({"kind": "fwd", "config": cfg.label(), "ms": ms, "tflops": fwd_flops / ms / 1e9})
        except Exception as exc:
            rows.append(
                {"kind": "fwd", "config": cfg.label(), "error": f"{type(exc).__name__}: {str(exc)[:300]}"}
            )
    if dtype != "fp8":
        o, lse = attention.flash_attention_forward(q, k, v, causal, scale)
        do = torch.randn_like(o)
        for cfg in tuning.bwd_candidates(d):
            try:
                fn = lambda cfg=cfg: attention.launch_bwd(do, q, k, v, o, lse, causal, scale, cfg)
                ms = do_bench(fn, warmup=25, rep=100, return_mode="median")
                rows.append(
                    {"kind": "bwd", "config": cfg.label(), "ms": ms, "tflops": 2.5 * fwd_flops / ms / 1e9}
                )
            except Exception as exc:
                rows.append(
                    {"kind": "bwd", "config": cfg.label(), "error": f"{type(exc).__name__}: {str(exc)[:300]}"}
                )
    for r in rows:
        r.update(shape=list(shape), causal=causal, dtype=dtype)
        desc = f"{r['tflops']:.0f} TFLOP/s ({r['ms']:.3f} ms)" if "tflops" in r else r["error"]
        log.append(f"config {shape} causal={causal} {dtype} {r['kind']} {r['config']}: {desc}")
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shapes", nargs="+", default=DEFAULT_SHAPES, help="B,H,N,D[,Hkv] (N = Nq = Nk)")
    ap.add_argument("--dtype", choices=("bf16", "fp16", "fp8"), default="bf16")
    ap.add_argument("--causal", choices=("both", "yes", "no"), default="both")
    ap.add_argument("--mode", choices=("fwd", "bwd", "both"), default="both")
    ap.add_argument(
        "--impls", nargs="+", choices=bench.IMPLS + bench.OPTIONAL_IMPLS, default=list(bench.IMPLS)
    )
    ap.add_argument("--configs", action="store_true", help="time every tuning candidate of our kernels")
    ap.add_argument("--check", action="store_true", help="correctness checks first")
    ap.add_argument("--rounds", type=int, default=5, help="rounds a problem, implementations alternated")
    ap.add_argument("--no-table", action="store_true")
    ap.add_argument("--out", default="benchmarks/results", help="directory for the JSON")
    args = ap.parse_args(argv)
    if not torch.cuda.is_available():
        print("attention_bench needs a CUDA GPU", file=sys.stderr)
        return 2
    shapes = [tuple(int(x) for x in s.split(",")) for s in args.shapes]
    causals = {"both": [False, True], "yes": [True], "no": [False]}[args.causal]
    env = bench.environment()
    if "fa4" in args.impls:
        env["flash_attn_4"] = str(bench.fa4_version())
    log: list[str] = []
    out: dict = {"env": env, "formula": bench.FLOP_FORMULA, "dtype": args.dtype, "mode": args.mode}
    out["rounds"] = args.rounds
    if args.check:
        out["check_ok"] = check(log)
    if args.configs:
        out["configs"] = []
        for shape in shapes:
            for causal in causals:
                out["configs"] += sweep_configs(shape, causal, args.dtype, log)
                print(log[-1], flush=True)
    results = []
    fp8_rows = []
    if not args.no_table and args.dtype == "fp8":  # forward only: kernel alone, end to end, cuDNN bf16
        for shape in shapes:
            for causal in causals:
                fp8_rows.append(bench_fp8.bench_fp8(shape, causal))
                print({k: v for k, v in fp8_rows[-1].items() if not k.endswith("_ms")}, flush=True)
        out["fp8"] = fp8_rows
    elif not args.no_table:
        for shape in shapes:
            for causal in causals:
                for r in bench.bench_rounds(args.impls, shape, args.dtype, causal, args.mode, args.rounds):
                    results.append(r)
                    impl = r.impl
                    print(
                        f"{impl} {shape} causal={causal}: fwd {r.fwd_tflops} bwd {r.bwd_tflops} {r.note}",
                        flush=True,
                    )
        out["results"] = [r.as_dict() for r in results]
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = Path(args.out) / f"attention_{args.dtype}_{args.mode}_{stamp}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(out, indent=1, default=str))
    print("\n".join(log))
    header = (
        f"{env['device']}, torch {env['torch']}, triton {env['triton']}, cuDNN {env['cudnn']}, {args.dtype}"
    )
    if results:
        print(bench.format_table(results, args.mode, header))
    if fp8_rows:
        print(f"# {header}\n" + bench_fp8.format_fp8_table(fp8_rows))
    print(f"wrote {path}")
    return 0 if out.get("check_ok", True) else 1


if __name__ == "__main__":
    sys.exit(main())
