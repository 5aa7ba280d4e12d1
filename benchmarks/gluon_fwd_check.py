"""The Gluon (warp-specialised, Hopper) forward on a GPU: correctness, then TFLOP/s beside SDPA cuDNN/flash.

    PYTHONPATH=src python3 benchmarks/gluon_fwd_check.py [--check] [--bench] [--shapes 4,16,4096,128 ...]
        [--causal both|yes|no] [--variants] [--out DIR]

--check     every supported feature against the fp32 reference on NaN-poisoned outputs (bf16/fp16,
            causal or not, GQA/MQA, ragged N, Nq != Nk both ways, D 64/96/128/256), plus the backward
            fed by the Gluon forward (flash_attention's autograd on Hopper)
--bench     forward TFLOP/s medians (triton.testing.do_bench) of the Gluon path, the tl.* path, SDPA
            cuDNN and SDPA flash, all in this process; --variants adds the other ring depths / BLOCK_N /
            consumer counts (tuning.GLUON_FWD_VARIANTS); each Gluon row also gives its max-abs error against
            SDPA on the same inputs (a variant that is fast but wrong shows up) and its consumer count
FLOPs: 4*B*H*Nq*Nk*D, halved when causal. Writes gluon_fwd_<stamp>.json to --out.
"""

from __future__ import annotations

import argparse
import math
import os
import sys

import torch

from gpuaccel.accel.kernels.bench import attention as bench
from gpuaccel.accel.kernels.dense import attention
from gpuaccel.accel.kernels.gluon.fwd import launch_gluon_fwd
from gpuaccel.accel.kernels.tuning import configs as tuning

DEFAULT_SHAPES = ["4,16,4096,128", "2,16,8192,128", "1,16,16384,128", "4,32,4096,64", "8,8,2048,256"]
CHECK_CASES = [  # B, Hq, Hkv, Nq, Nk, D, causal, dtype
    (2, 8, 8, 1024, 1024, 128, False, torch.bfloat16),
    (2, 8, 8, 1000, 1000, 128, True, torch.bfloat16),
    (1, 8, 2, 777, 1500, 64, True, torch.float16),
    (1, 4, 1, 1500, 777, 256, True, torch.bfloat16),
    (2, 4, 4, 300, 300, 96, False, torch.float16),
    (1, 2, 2, 64, 64, 128, True, torch.bfloat16),
    (3, 6, 3, 2049, 2047, 128, False, torch.float16),
    (1, 2, 2, 130, 5000, 256, False, torch.bfloat16),
    (4, 16, 16, 2048, 2048, 128, True, torch.bfloat16),  # more tiles than SMs: the persistent loop
    (2, 16, 16, 4096, 4096, 64, False, torch.bfloat16),
    (1, 4, 4, 5000, 130, 64, True, torch.float16),  # most rows see every key, the first see none
]


def check_case(b, hq, hkv, nq, nk, d, causal, dtype) -> tuple[bool, str]:
    """The dispatched forward (Gluon on Hopper) on NaN-poisoned buffers vs the fp32 reference."""
    r = bench.forward_check(b, hq, hkv, nq, nk, d, causal, dtype, seed=nq * 7 + nk)
    ok = r["o"] < 1e-2 and r["lse"] < 1e-2 and not r["nan"] and r["inf_rows_match"] and r["path"] == "gluon"
    line = (
        f"check B{b} Hq{hq} Hkv{hkv} Nq{nq} Nk{nk} D{d} causal={causal} {str(dtype)[6:]} path={r['path']}: "
        f"o={r['o']:.1e} lse={r['lse']:.1e} nan={r['nan']} inf_rows_match={r['inf_rows_match']}  "
        + ("ok" if ok else "FAIL")
    )
    return ok, line


def check(log: list[str]) -> bool:
    ok = True
    for case in CHECK_CASES:
        good, line = check_case(*case)
        ok &= good
        log.append(line)
        print(line, flush=True)
        torch.cuda.empty_cache()
    for b, hq, hkv, nq, nk, d, causal, dt in [
        (2, 8, 8, 1024, 1024, 128, True, torch.bfloat16),
        (1, 8, 2, 777, 1500, 64, False, torch.float16),
    ]:
        good, line = bench.autograd_check(b, hq, hkv, nq, nk, d, causal, dt, tol=2e-2)
        ok &= good
        log.append(line)
        print(line, flush=True)
    return ok


def _time(fn) -> float:
    from triton.testing import do_bench

    return do_bench(fn, warmup=25, rep=100, return_mode="median")


def bench_shape(shape, causal, variants: bool) -> list[dict]:
    """TFLOP/s of every forward on one problem, same inputs, same process."""
    b, h, n, d = shape
    dtype = torch.bfloat16
    q, k, v = bench.make_inputs(b, h, n, d, dtype)
    scale = 1 / math.sqrt(d)
    flops = bench.attention_flops(b, h, n, n, d, causal, "fwd")
    o = torch.empty_like(q)
    lse = torch.empty(b, h, n, device="cuda", dtype=torch.float32)
    runs = {}
    base = tuning.gluon_fwd_config(d, n, n)
    cfgs = [base] + (tuning.GLUON_FWD_VARIANTS.get(d, []) if variants else [])
    consumers = {}
    for cfg in cfgs:
        runs[f"gluon {cfg.label()}"] = lambda cfg=cfg: launch_gluon_fwd(q, k, v, o, lse, causal, scale, cfg)
        consumers[f"gluon {cfg.label()}"] = cfg.consumers
    ref = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=scale)
    runs["triton (tl.*)"] = None
    for name in ("sdpa_cudnn", "sdpa_flash"):
        fn = bench.implementation(name, "bf16")
        runs[name] = lambda fn=fn: fn(q, k, v, causal)
    rows = []
    for name, fn in runs.items():
        row = {"impl": name, "shape": list(shape), "causal": causal, "dtype": "bf16"}
        try:
            if fn is None:
                os.environ[attention.PATH_ENV] = "triton"
                attention.flash_attention_forward(q, k, v, causal, scale)  # tunes once
                fn = lambda: attention.flash_attention_forward(q, k, v, causal, scale)
                ms = _time(fn)
                os.environ.pop(attention.PATH_ENV)
            else:
                if name in consumers:
                    o.fill_(float("nan"))
                    fn()
                    torch.cuda.synchronize()
                    err = (o.float() - ref.float()).abs().max().item()  # NaN: a row never written
                    row.update(consumers=consumers[name], max_err=err)
                ms = _time(fn)
            row.update(ms=ms, tflops=flops / ms / 1e9)
        except Exception as exc:  # a variant that does not fit (shared memory) is reported, not hidden
            os.environ.pop(attention.PATH_ENV, None)
            row["note"] = f"{type(exc).__name__}: {str(exc).splitlines()[0][:160] if str(exc) else ''}"
        rows.append(row)
        extra = f" consumers={row['consumers']} max_err={row['max_err']:.1e}" if "consumers" in row else ""
        print(f"{name} {shape} causal={causal}: {row.get('tflops', row.get('note'))}{extra}", flush=True)
    return rows


def table(rows: list[dict]) -> str:
    out = ["B,H,N,D | causal | impl | consumers | TFLOP/s | ratio to sdpa_cudnn | max err vs SDPA"]
    keys = []
    for r in rows:
        if (tuple(r["shape"]), r["causal"]) not in keys:
            keys.append((tuple(r["shape"]), r["causal"]))
    for shape, causal in keys:
        group = [r for r in rows if tuple(r["shape"]) == shape and r["causal"] == causal]
        cud = next((r.get("tflops") for r in group if r["impl"] == "sdpa_cudnn"), None)
        for r in group:
            tf = r.get("tflops")
            ratio = f"{tf / cud:.3f}x" if tf and cud else "-"
            cell = f"{tf:.0f}" if tf else r.get("note", "-")
            dims = ",".join(map(str, shape))
            err = f"{r['max_err']:.1e}" if "max_err" in r else "-"
            cons = r.get("consumers", "-")
            flag = "yes" if causal else "no"
            out.append(f"{dims} | {flag} | {r['impl']} | {cons} | {cell} | {ratio} | {err}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--bench", action="store_true")
    ap.add_argument("--variants", action="store_true")
    ap.add_argument("--shapes", nargs="+", default=DEFAULT_SHAPES)
    ap.add_argument("--causal", choices=("both", "yes", "no"), default="both")
    ap.add_argument("--out", default=os.environ.get("OUT", "benchmarks/results"))
    args = ap.parse_args(argv)
    if not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9:
        print("gluon_fwd_check needs a Hopper (sm_90) GPU", file=sys.stderr)
        return 2
    env = bench.environment()
    print(env, flush=True)
    log: list[str] = []
    result: dict = {"env": env, "formula": bench.FLOP_FORMULA, "command": " ".join(sys.argv)}
    if args.check:
        result["check_ok"] = check(log)
        result["check"] = log
    if args.bench:
        causals = {"both": [False, True], "yes": [True], "no": [False]}[args.causal]
        rows = []
        for s in args.shapes:
            for causal in causals:
                rows += bench_shape(tuple(int(x) for x in s.split(",")), causal, args.variants)
                torch.cuda.empty_cache()
        result["results"] = rows
    text = table(result["results"]) if args.bench else None
    return bench.write_check(result, "gluon_fwd", args.out, log, text)


if __name__ == "__main__":
    sys.exit(main())
