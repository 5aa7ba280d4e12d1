"""The Gluon (Hopper) backward on a GPU: gradients vs the fp32 reference, timings beside SDPA cuDNN/flash.

    PYTHONPATH=src python3 benchmarks/gluon_bwd_check.py [--check] [--bench] [--shapes 2,16,8192,128 ...]
        [--causal both|yes|no] [--pin LABEL=stages,dq_block_n,dq_stages ...]
        [--out DIR]

--check  dQ, dK, dV of the Gluon kernels written into NaN-poisoned buffers (so a tile never written shows),
         against the fp32 reference backward fed the same o and lse: bf16/fp16, causal or not, GQA/MQA,
         ragged N, Nq != Nk both ways, D 64/96/128/256 (96 through the entry point, padded to 128), and that
         dispatch picks the Gluon backward where it is the default (D128); then autograd end to end
--bench  per shape and causal flag, medians (triton.testing.do_bench) of the backward alone (Gluon vs the
         tl.* path, same o/lse/dO) and of forward+backward through autograd for ours (Gluon backward), ours
         with the tl.* backward, SDPA cuDNN and SDPA flash, all in this process; --pin adds Gluon variants
FLOPs: forward 4*B*H*Nq*Nk*D (halved causal), backward 2.5x that. Writes gluon_bwd_<stamp>.json to --out.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from typing import Any

import torch

from gpuaccel.accel.kernels import reference
from gpuaccel.accel.kernels.bench import attention as bench
from gpuaccel.accel.kernels.dense import attention
from gpuaccel.accel.kernels.gluon.bwd import launch_gluon_bwd
from gpuaccel.accel.kernels.tuning import configs as tuning

DEFAULT_SHAPES = ["2,16,8192,128", "2,16,8192,64", "2,16,8192,256", "8,16,1024,128"]
CHECK_CASES = [  # B, Hq, Hkv, Nq, Nk, D, causal, dtype
    (2, 8, 8, 1024, 1024, 128, False, torch.bfloat16),
    (2, 8, 8, 1000, 1000, 128, True, torch.bfloat16),
    (1, 8, 2, 777, 1500, 64, True, torch.float16),
    (1, 4, 1, 1500, 777, 128, True, torch.bfloat16),  # the first rows see no key
    (3, 6, 3, 2049, 2047, 128, False, torch.float16),
    (1, 2, 2, 130, 5000, 128, False, torch.bfloat16),
    (1, 4, 4, 5000, 130, 64, True, torch.float16),
    (2, 16, 16, 2048, 2048, 64, True, torch.bfloat16),
    (1, 2, 2, 64, 64, 128, True, torch.bfloat16),
    (2, 4, 4, 300, 300, 96, False, torch.float16),  # padded to 128 by the entry point
    (1, 4, 2, 777, 1500, 256, True, torch.bfloat16),  # D256: the by-gradient dK/dV kernel
    (2, 4, 4, 1000, 1000, 256, False, torch.float16),
    (1, 2, 1, 1500, 777, 256, True, torch.float16),  # the first rows see no key
    (1, 2, 2, 130, 2100, 256, False, torch.bfloat16),
]
TOL = 2e-2  # relative L2 error of each gradient (bf16 rounding of o, dO and the outputs)


def _rel(a: torch.Tensor, ref: torch.Tensor) -> float:
    return ((a.float() - ref).norm() / ref.norm().clamp_min(1e-6)).item()


def check_case(b, hq, hkv, nq, nk, d, causal, dtype) -> tuple[bool, str]:
    gen = torch.Generator(device="cuda").manual_seed(nq * 7 + nk + d)
    q = torch.randn(b, hq, nq, d, device="cuda", dtype=dtype, generator=gen)
    k = torch.randn(b, hkv, nk, d, device="cuda", dtype=dtype, generator=gen)
    v = torch.randn(b, hkv, nk, d, device="cuda", dtype=dtype, generator=gen)
    do = torch.randn(b, hq, nq, d, device="cuda", dtype=dtype, generator=gen)
    scale = 1 / math.sqrt(d)
    o, lse = attention.flash_attention_forward(q, k, v, causal, scale)
    ref = reference.flash_attention_backward(
        do.float(), q.float(), k.float(), v.float(), o.float(), lse, causal, scale
    )
    path = attention.backward_path(q, causal)
    want = "gluon" if attention.padded_head_dim(d) in tuning.GLUON_BWD_DEFAULT_DIMS else "triton"
    if d in tuning.GLUON_BWD_HEAD_DIMS:  # the Gluon kernels themselves, whatever dispatch picks
        out = tuple(torch.full_like(t, float("nan")) for t in (q, k, v))
        got = launch_gluon_bwd(do, q, k, v, o, lse, causal, scale, out=out)  # type: ignore[arg-type]
    else:
        got = attention.flash_attention_backward(do, q, k, v, o, lse, causal, scale)
    errs = {n: _rel(g, r) for n, g, r in zip(("dq", "dk", "dv"), got, ref, strict=True)}
    nan = any(bool(torch.isnan(g).any()) for g in got)
    ok = max(errs.values()) < TOL and not nan and path == want
    line = (
        f"check B{b} Hq{hq} Hkv{hkv} Nq{nq} Nk{nk} D{d} causal={causal} {str(dtype)[6:]} path={path}: "
        + " ".join(f"{n}={e:.1e}" for n, e in errs.items())
        + f" nan={nan}  "
        + ("ok" if ok else "FAIL")
    )
    return ok, line


def check(log: list[str]) -> bool:
    ok = True
    for case in CHECK_CASES:
        try:
            good, line = check_case(*case)
        except Exception as exc:  # a crash is a failed case, reported with the others
            good, line = False, f"check {case}: {type(exc).__name__}: {str(exc)[:300]}  FAIL"
        ok &= good
        log.append(line)
        print(line, flush=True)
        torch.cuda.empty_cache()
    for b, hq, hkv, nq, nk, d, causal, dt in [
        (2, 8, 2, 1024, 1100, 128, True, torch.bfloat16),
        (1, 8, 8, 777, 777, 64, False, torch.float16),
    ]:
        good, line = bench.autograd_check(b, hq, hkv, nq, nk, d, causal, dt, tol=TOL)
        ok &= good
        log.append(line)
        print(line, flush=True)
    return ok


def _ms(fn) -> float:
    from triton.testing import do_bench

    return do_bench(fn, warmup=10, rep=60, return_mode="median")


def bench_shape(shape, causal, pins: dict[str, tuning.GluonBwdConfig]) -> dict[str, Any]:
    """Backward alone (Gluon configs vs tl.*) and forward+backward of every implementation, one process."""
    b, h, n, d = shape
    q, k, v = bench.make_inputs(b, h, n, d, torch.bfloat16, grad=True)
    do = torch.randn_like(q)
    scale = 1 / math.sqrt(d)
    fwd_flops = bench.attention_flops(b, h, n, n, d, causal, "fwd")
    bwd_flops = bench.attention_flops(b, h, n, n, d, causal, "bwd")
    with torch.no_grad():
        o, lse = attention.flash_attention_forward(q, k, v, causal, scale)
    row: dict[str, Any] = {"shape": list(shape), "causal": causal, "dtype": "bf16", "bwd": {}, "fwd_bwd": {}}
    row["path"] = attention.backward_path(q, causal)
    bwd_runs: dict[str, Any] = {}
    if d in tuning.GLUON_BWD_HEAD_DIMS:
        for label, cfg in {"gluon": tuning.gluon_bwd_config(d), **pins}.items():
            bwd_runs[f"{label} {cfg.label()}"] = lambda cfg=cfg: launch_gluon_bwd(
                do, q, k, v, o, lse, causal, scale, cfg
            )
    bwd_runs["triton (tl.*)"] = lambda: attention.flash_attention_backward(do, q, k, v, o, lse, causal, scale)
    for name, fn in bwd_runs.items():
        try:
            if name.startswith("triton"):
                os.environ[attention.BWD_PATH_ENV] = "triton"
            fn()
            ms = _ms(fn)
            row["bwd"][name] = {"ms": ms, "tflops": bwd_flops / ms / 1e9}
        except Exception as exc:  # a variant that does not fit is reported, not hidden
            row["bwd"][name] = {"note": f"{type(exc).__name__}: {str(exc)[:200]}"}
        finally:
            os.environ.pop(attention.BWD_PATH_ENV, None)
    impls = {
        "ours": ("auto", bench.implementation("ours", "bf16")),
        "ours, gluon bwd": ("gluon", bench.implementation("ours", "bf16")),
        "ours, tl.* bwd": ("triton", bench.implementation("ours", "bf16")),
        "sdpa_cudnn": ("auto", bench.implementation("sdpa_cudnn", "bf16")),
        "sdpa_flash": ("auto", bench.implementation("sdpa_flash", "bf16")),
    }
    for name, (bwd_path, fn) in impls.items():
        os.environ[attention.BWD_PATH_ENV] = bwd_path
        try:

            def both(fn=fn):
                return torch.autograd.grad(fn(q, k, v, causal), (q, k, v), do)

            if bwd_path == "gluon" and d not in tuning.GLUON_BWD_HEAD_DIMS:
                continue
            both()
            ms = _ms(both)
            row["fwd_bwd"][name] = {"ms": ms, "tflops": (fwd_flops + bwd_flops) / ms / 1e9}
        except Exception as exc:
            row["fwd_bwd"][name] = {"note": f"{type(exc).__name__}: {str(exc)[:200]}"}
        finally:
            os.environ.pop(attention.BWD_PATH_ENV, None)
    print(json.dumps(row), flush=True)
    return row


def table(rows: list[dict[str, Any]]) -> str:
    out = ["B,H,N,D | causal | bwd path | bwd TFLOP/s: gluon / tl.* | fwd+bwd TFLOP/s: ours / ours gluon-bwd"
           " / ours tl.*-bwd / cuDNN / flash | ours/cuDNN | gluon-bwd/cuDNN | tl.*-bwd/cuDNN"]  # fmt: skip
    for r in rows:
        bw = r["bwd"]
        ours_b = next((x for k, x in bw.items() if k.startswith("gluon ")), None) or {}
        tl_b = bw.get("triton (tl.*)", {})
        fb = r["fwd_bwd"]
        names = ("ours", "ours, gluon bwd", "ours, tl.* bwd", "sdpa_cudnn", "sdpa_flash")
        cells = [fb.get(k, {}).get("tflops") for k in names]
        fmt = [f"{c:.0f}" if c else "-" for c in cells]
        ratios = " | ".join(f"{c / cells[3]:.3f}x" if c and cells[3] else "-" for c in cells[:3])
        gb = f"{ours_b['tflops']:.0f}" if "tflops" in ours_b else "-"
        tb = f"{tl_b['tflops']:.0f}" if "tflops" in tl_b else "-"
        out.append(
            f"{','.join(map(str, r['shape']))} | {'yes' if r['causal'] else 'no'} | {r['path']} | "
            f"{gb} / {tb} | {' / '.join(fmt)} | {ratios}"
        )
        for k, x in bw.items():
            if k.startswith("pin") or "note" in x:
                out.append(f"#   bwd {k}: {x.get('tflops', x.get('note'))}")
    return "\n".join(out)


def _pins(specs: list[str]) -> dict[str, tuning.GluonBwdConfig]:
    pins = {}
    for spec in specs:
        label, _, nums = spec.partition("=")
        pins[f"pin-{label}"] = tuning.GluonBwdConfig(*(int(x) for x in nums.split(",")))
    return pins


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--bench", action="store_true")
    ap.add_argument("--shapes", nargs="+", default=DEFAULT_SHAPES)
    ap.add_argument("--causal", choices=("both", "yes", "no"), default="both")
    ap.add_argument("--pin", nargs="*", default=[])
    ap.add_argument("--out", default=os.environ.get("OUT", "benchmarks/results"))
    args = ap.parse_args(argv)
    if not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9:
        print("gluon_bwd_check needs a Hopper (sm_90) GPU", file=sys.stderr)
        return 2
    env = bench.environment()
    print(env, flush=True)
    log: list[str] = []
    result: dict[str, Any] = {"env": env, "formula": bench.FLOP_FORMULA, "command": " ".join(sys.argv)}
    if args.check:
        result["check_ok"] = check(log)
        result["check"] = log
    if args.bench:
        causals = {"both": [False, True], "yes": [True], "no": [False]}[args.causal]
        rows = []
        for s in args.shapes:
            shape = tuple(int(x) for x in s.split(","))
            for causal in causals if shape[2] > 1024 else [True]:
                rows.append(bench_shape(shape, causal, _pins(args.pin)))
                torch.cuda.empty_cache()
        result["results"] = rows
    text = table(result["results"]) if args.bench else None
    return bench.write_check(result, "gluon_bwd", args.out, log, text)


if __name__ == "__main__":
    sys.exit(main())
