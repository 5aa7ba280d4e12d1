"""The packed-document forward's variants against each other and the dense forward on equal work (Hopper).

    PYTHONPATH=src python3 benchmarks/varlen_fwd_ab.py [--variants old q2:otma:hg ...] [--rounds 7]
        [--totals 16384 32768] [--check] [--profile] [--out DIR] [--tag NAME]

Packed documents of 128-8192 tokens (bench.varlen.doc_lengths, seed 0), H16 D128 bf16, causal per
document, plus 2 x 8192 and 8 x 4096 beside the dense forward at B2 N8192 and B8 N4096 causal (the same
work). Each variant is a ``varlen_fwd.FWD_OPTS`` string ("old": "", the walk before 2026-11-28). With
``--check`` each variant runs the GPU tier's cases into NaN-filled buffers against the fp32 reference
(relative L2 of o < 1e-2, lse within 2e-3) and must give the old variant's o and lse bit for bit on every
pack (a tile's arithmetic does not depend on the walk or on how O leaves). Timing: do_bench medians, the
variants and the dense kernel alternated round by round in one process, and one profiler pass per variant
giving each kernel's GPU time (bench.attention.kernel_times). Prints a table last; writes
varlen_fwd_ab_<stamp><tag>.json to --out. ``--profile``: each variant (and the dense kernel) twice at 2 x
8192 and at the first total, nothing timed (for ncu: the second pass's launches).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from typing import Any

import torch

from gpuaccel.accel.kernels import reference
from gpuaccel.accel.kernels.bench import attention as bench
from gpuaccel.accel.kernels.bench.varlen import cu_seqlens, doc_lengths, variant_opts, varlen_flops
from gpuaccel.accel.kernels.dense import attention
from gpuaccel.accel.kernels.gluon.varlen_fwd import launch_gluon_varlen_fwd

H, D = 16, 128
SCALE = D**-0.5
HARD = [  # query lengths, key lengths (None: the same), Hq, Hkv, causal, head dim (as tests/gpu/'s)
    ([1, 127, 128, 129, 8192], None, 16, 4, True, 128),
    ([1, 127, 128, 129, 8192], None, 16, 4, False, 128),
    ([300, 1, 4096, 65, 2000], None, 8, 8, True, 128),
    ([100, 1000, 129, 1], [900, 64, 129, 300], 8, 2, True, 128),
    ([0, 200, 5], [77, 0, 300], 4, 2, True, 128),
    ([1, 191, 192, 193, 3000], None, 8, 2, True, 64),
    ([700, 63, 1500], None, 4, 4, True, 256),
]


def _packed(lens: list[int], hq: int = H, hkv: int = H, lens_k: list[int] | None = None, d: int = D,
            seed: int = 0):  # fmt: skip
    lens_k = lens_k or lens
    g = torch.Generator(device="cuda").manual_seed(seed)
    q = torch.randn(sum(lens), hq, d, device="cuda", dtype=torch.bfloat16, generator=g)
    nk = sum(lens_k)
    k, v = (torch.randn(nk, hkv, d, device="cuda", dtype=torch.bfloat16, generator=g) for _ in range(2))
    return q, k, v


def _run(q, k, v, cu_q, cu_k, max_q: int, causal: bool, opts: str, nan: bool = False):
    o = torch.full_like(q, float("nan")) if nan else torch.empty_like(q)
    lse = torch.full((q.shape[1], q.shape[0]), float("nan") if nan else 0.0, device="cuda")
    launch_gluon_varlen_fwd(q, k, v, o, lse, cu_q, cu_k, max_q, causal, q.shape[-1] ** -0.5, opts=opts)
    return o, lse


def check(variants: list[str], packs: dict[str, list[int]]) -> dict[str, Any]:
    """Every variant against the fp32 reference on the hard cases, and bit-equal to "old" on every pack."""
    out: dict[str, Any] = {"hard": {}, "bit_equal": {}}
    ok = True
    for lq, lk, hq, hkv, causal, d in HARD:
        lk = lk or lq
        q, k, v = _packed(lq, hq, hkv, lk, d, seed=sum(lq) + hq + d)
        cq, ck = cu_seqlens(lq), cu_seqlens(lk)
        ro, rlse = reference.flash_attention_varlen(q.float(), k.float(), v.float(), cq, ck, max(lq), max(lk),
                                                    causal=causal, softmax_scale=d**-0.5,
                                                    return_lse=True)  # fmt: skip
        seen = torch.isfinite(rlse)
        for name in variants:
            o, lse = _run(q, k, v, cq, ck, max(lq), causal, variant_opts(name), nan=True)
            err = float("nan") if torch.isnan(o).any() else ((o.float() - ro).norm() / ro.norm()).item()
            good = (
                err < 1e-2
                and not torch.isnan(lse).any()
                and torch.equal(seen, torch.isfinite(lse))
                and bool(torch.allclose(lse[seen], rlse[seen], atol=2e-3, rtol=0))
            )
            out["hard"].setdefault(name, []).append(err)
            ok &= good
    for key, lens in packs.items():
        cu, n = cu_seqlens(lens), max(lens)
        q, k, v = _packed(lens)
        base = _run(q, k, v, cu, cu, n, True, "", nan=True)
        for name in variants:
            o, lse = _run(q, k, v, cu, cu, n, True, variant_opts(name), nan=True)
            same = torch.equal(o, base[0]) and torch.equal(lse, base[1])
            out["bit_equal"].setdefault(name, {})[key] = same
            ok &= same
    out["ok"] = ok
    return out


def bench_pack(lens: list[int], variants: list[str], rounds: int, dense: bool) -> dict[str, Any]:
    cu, n = cu_seqlens(lens), max(lens)
    q, k, v = _packed(lens)
    flops = varlen_flops(lens, H, D, True, "fwd")
    o, lse = torch.empty_like(q), torch.empty(H, q.shape[0], device="cuda")

    def fwd(opts: str):
        return lambda: launch_gluon_varlen_fwd(q, k, v, o, lse, cu, cu, n, True, SCALE, opts=opts)

    runs = {name: fwd(variant_opts(name)) for name in variants}
    if dense:  # documents of equal length as a batch: the same work for the dense kernel
        b = len(lens)
        qd, kd, vd = (t.view(b, n, H, D).transpose(1, 2).contiguous() for t in (q, k, v))
        runs["dense"] = lambda: attention.flash_attention_forward(qd, kd, vd, True, SCALE)
    times: dict[str, list[float]] = {name: [] for name in runs}
    for fn in runs.values():
        fn()
    for _ in range(rounds):
        for name, fn in runs.items():
            times[name].append(bench.median_ms(fn))
    parts = {name: bench.kernel_times(fn) for name, fn in runs.items()}
    med = lambda ts: sorted(ts)[len(ts) // 2]
    row: dict[str, Any] = {"lens": lens, "flops": flops, "kernels": parts}
    base = times[variants[0]]
    for name, ts in times.items():
        ratio = sorted(b / a for a, b in zip(ts, base, strict=True))[len(ts) // 2]
        won = sum(a < b for a, b in zip(ts, base, strict=True))
        row[name] = {"ms": med(ts), "rounds": ts, "tflops": flops / med(ts) / 1e9, "speedup_vs_first": ratio,
                     "won": won}  # fmt: skip
    spread = sorted(base)
    row["spread_first"] = (spread[-2] - spread[1]) / spread[len(spread) // 2] if len(spread) >= 4 else None
    print(json.dumps({k: v for k, v in row.items() if k not in ("kernels", "lens")}), flush=True)
    return row


def profile(variants: list[str], packs: dict[str, list[int]]) -> None:
    """Each variant (and the dense kernel on equal work) once as a warm-up, then once more: for ncu."""
    calls = []
    for lens in packs.values():
        cu, n = cu_seqlens(lens), max(lens)
        q, k, v = _packed(lens)
        for name in variants:
            opts = variant_opts(name)
            calls.append(lambda q=q, k=k, v=v, cu=cu, n=n, opts=opts: _run(q, k, v, cu, cu, n, True, opts))
        if len(set(lens)) == 1:
            b = len(lens)
            qd, kd, vd = (t.view(b, n, H, D).transpose(1, 2).contiguous() for t in (q, k, v))
            dense = lambda qd=qd, kd=kd, vd=vd: attention.flash_attention_forward(qd, kd, vd, True, SCALE)
            calls.append(dense)
    for _ in range(2):
        for fn in calls:
            fn()
        torch.cuda.synchronize()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variants", nargs="+", default=["old", "dyn:hg:q2:otma"])
    ap.add_argument("--totals", nargs="+", type=int, default=[16384, 32768])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--out", default=os.environ.get("OUT", "benchmarks/results"))
    ap.add_argument("--tag", default="")
    ap.add_argument("--profile", action="store_true", help="for ncu: each variant twice, nothing timed")
    args = ap.parse_args(argv)
    if not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9:
        print("varlen_fwd_ab needs a Hopper (sm_90) GPU", file=sys.stderr)
        return 2
    packs = {f"{t} tokens": doc_lengths(t, 128, 8192, 0) for t in args.totals}
    equal = {"2 x 8192": [8192] * 2, "8 x 4096": [4096] * 8}
    if args.profile:
        profile(args.variants, {"2 x 8192": equal["2 x 8192"], **dict(list(packs.items())[:1])})
        return 0
    result: dict[str, Any] = {"env": bench.environment(), "command": " ".join(sys.argv)}
    result["variants"] = args.variants
    if args.check:
        result["check"] = check(args.variants, {**packs, **equal})
        print(json.dumps(result["check"]), flush=True)
    result["rows"] = {key: bench_pack(lens, args.variants, args.rounds, key in equal)
                      for key, lens in {**packs, **equal}.items()}  # fmt: skip
    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, f"varlen_fwd_ab_{time.strftime('%Y%m%d-%H%M%S')}{args.tag}.json")
    with open(path, "w") as f:
        json.dump(result, f, indent=1)
    if "check" in result:
        c = result["check"]
        worst = {k: f"{max(v, key=lambda e: math.inf if e != e else e):.2e}" for k, v in c["hard"].items()}
        print("check:", "ok" if c["ok"] else "FAIL", "hard cases max rel L2 of o", worst, "bit-equal to old",
              {k: all(v.values()) for k, v in c["bit_equal"].items()})  # fmt: skip
    print("| pack | variant | fwd TFLOP/s | speedup vs first, median of rounds (won) | kernel ms |")
    for key, row in result["rows"].items():
        for name in [*args.variants, "dense"]:
            if name not in row:
                continue
            r = row[name]
            ks = " ".join(f"{k[:18]}={t:.3f}" for k, t in row["kernels"][name].items())
            print(f"| {key} | {name} | {r['tflops']:.0f} | {r['speedup_vs_first']:.3f} ({r['won']}) | {ks} |")
        print(f"| {key} | spread of first {row['spread_first']:.3f} |")
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
