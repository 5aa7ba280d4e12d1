"""The fused Gluon backward with dQ's writer warps (``fences`` "dqw") against the shipped one, on Hopper.

FlashAttention-4's sm90 backward hands each staged dQ tile to a warp of its own (``dQaccum_store``) that
issues the reduce-add into the fp32 accumulator and waits for the copy engine to read it; ours had the
consumer warpgroups do both (docs/kernels-log.md, 2026-12-02, forty-ninth session).

    PYTHONPATH=src python3 benchmarks/bwd_dqwriter_ab.py --check [--json PATH]
    PYTHONPATH=src python3 benchmarks/bwd_dqwriter_ab.py --rounds 7 --shapes 2,16,8192,128:n 2,16,8192,128:c
        4,16,4096,128:n 2,32,8192,128,8:c [--json PATH]
    PYTHONPATH=src python3 benchmarks/bwd_dqwriter_ab.py --profile 2,16,8192,128 --causal no|yes

--check    every variant's dq/dk/dv (written into NaN-poisoned buffers) against the fp64 reference fed the
           same o and lse, beside plain PyTorch in bf16 (max error at most 2x plain's, no NaN): causal or
           not, GQA 32/8, odd and unequal lengths (D128: dqw is built for its fences)
--rounds   backward alone (statistics, fused kernel, dQ cast), do_bench medians, the variants alternated and
           their order reversed every other round; per shape the median TFLOP/s, and the median, min and max
           over rounds of the variant's time over the shipped one's in the same round, with rounds won
--profile  each variant twice (for ncu), nothing else
Shapes: B,H,N,D[,HKV]:n|c. Variants: ``shipped`` (the head dim's defaults) and ``dqw`` (the same with "dqw"
added to its fences).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from typing import Any

import torch

from gpuaccel.accel.kernels.bench import attention as bench
from gpuaccel.accel.kernels.dense import attention
from gpuaccel.accel.kernels.gluon import bwd as gluon_bwd
from gpuaccel.accel.kernels.gluon.bwd import launch_gluon_bwd_fused

VARIANTS = ("shipped", "dqw")
SHAPES = ["2,16,8192,128:n", "2,16,8192,128:c", "4,16,4096,128:n", "4,16,4096,128:c", "2,32,8192,128,8:c"]
CASES = [  # B, Hq, Hkv, Nq, Nk, D, causal
    (1, 8, 8, 4096, 4096, 128, False),
    (1, 8, 8, 4096, 4096, 128, True),
    (1, 32, 8, 2048, 2048, 128, True),
    (1, 32, 8, 2048, 2048, 128, False),
    (1, 4, 4, 1000, 1000, 128, True),
    (2, 4, 2, 2049, 2047, 128, False),
    (1, 4, 2, 777, 1500, 128, True),
    (1, 4, 4, 1500, 777, 128, True),
]


def _fences(variant: str, d: int) -> str:
    base = gluon_bwd.FENCES[d]
    if variant == "shipped":
        return base
    return ":".join(x for x in (base, "dqw") if x)


def _run(variant, do, q, k, v, o, lse, causal, scale, out=None):
    fences = _fences(variant, q.shape[-1])
    return launch_gluon_bwd_fused(do, q, k, v, o, lse, causal, scale, out=out, fences=fences)


def _autograd(q, k, v, do, causal, scale, dtype) -> tuple[torch.Tensor, ...]:
    """Plain PyTorch attention's gradients computed in ``dtype`` (bottom-right causal, GQA by repeat)."""
    qd, kd, vd = (t.to(dtype).requires_grad_() for t in (q, k, v))
    g = q.shape[1] // k.shape[1]
    s = (qd @ kd.repeat_interleave(g, 1).transpose(-1, -2)) * scale
    if causal:
        nq, nk = q.shape[2], k.shape[2]
        rows, cols = torch.arange(nq, device=q.device), torch.arange(nk, device=q.device)
        keep = cols[None, :] <= rows[:, None] + nk - nq
        s = s.masked_fill(~keep, float("-inf"))
    o = torch.softmax(s, -1).nan_to_num(0.0) @ vd.repeat_interleave(g, 1)
    return torch.autograd.grad(o, (qd, kd, vd), do.to(dtype))


def check_case(b, hq, hkv, nq, nk, d, causal) -> dict[str, Any]:
    gen = torch.Generator(device="cuda").manual_seed(nq * 7 + nk + d + hq)
    dt = torch.bfloat16
    q, do = (torch.randn(b, hq, nq, d, device="cuda", dtype=dt, generator=gen) for _ in range(2))
    k, v = (torch.randn(b, hkv, nk, d, device="cuda", dtype=dt, generator=gen) for _ in range(2))
    scale = 1 / math.sqrt(d)
    o, lse = attention.flash_attention_forward(q, k, v, causal, scale)
    ref = _autograd(q, k, v, do, causal, scale, torch.float64)
    plain = _autograd(q, k, v, do, causal, scale, dt)
    row: dict[str, Any] = {"case": [b, hq, hkv, nq, nk, d, causal]}
    ok = True
    errs: dict[str, dict[str, float]] = {g: {"plain": (plain[i].double() - ref[i]).abs().max().item()}
                                         for i, g in enumerate(("dq", "dk", "dv"))}  # fmt: skip
    for variant in VARIANTS:
        out = tuple(torch.full_like(t, float("nan")) for t in (q, k, v))
        got = _run(variant, do, q, k, v, o, lse, causal, scale, out=out)
        for i, g in enumerate(("dq", "dk", "dv")):
            e = (got[i].double() - ref[i]).abs().max().item()
            errs[g][variant] = e
            ok &= e <= 2 * errs[g]["plain"] and not bool(torch.isnan(got[i]).any())
    row.update(errs)
    row["ok"] = ok
    return row


def bench_shape(spec: str, rounds: int) -> dict[str, Any]:
    dims, c = spec.split(":")
    b, h, n, d, *rest = (int(x) for x in dims.split(","))
    hkv, causal = (rest[0] if rest else h), c == "c"
    q = torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16)
    k, v = (torch.randn(b, hkv, n, d, device="cuda", dtype=torch.bfloat16) for _ in range(2))
    do = torch.randn_like(q)
    scale = 1 / math.sqrt(d)
    o, lse = attention.flash_attention_forward(q, k, v, causal, scale)
    flops = 2.5 * bench.attention_flops(b, h, n, n, d, causal, "fwd")
    runs = {x: (lambda x=x: _run(x, do, q, k, v, o, lse, causal, scale)) for x in VARIANTS}
    for fn in runs.values():
        fn()
    times: dict[str, list[float]] = {x: [] for x in VARIANTS}
    for r in range(rounds):
        for x in VARIANTS if r % 2 == 0 else VARIANTS[::-1]:
            times[x].append(bench.median_ms(runs[x], rep=80))
    ratios = sorted(t / s for t, s in zip(times["dqw"], times["shipped"], strict=True))
    row = {"shape": spec, "times_ms": times, "ratio_dqw_over_shipped": ratios,
           "ratio_median": ratios[len(ratios) // 2], "dqw_won": sum(x < 1 for x in ratios),
           "tflops": {x: flops / sorted(ts)[len(ts) // 2] / 1e9 for x, ts in times.items()}}  # fmt: skip
    print(json.dumps(row), flush=True)
    return row


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--rounds", type=int, default=0)
    ap.add_argument("--shapes", nargs="+", default=SHAPES)
    ap.add_argument("--profile", metavar="B,H,N,D[,HKV]")
    ap.add_argument("--causal", choices=("yes", "no"), default="no")
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)
    if not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9:
        print("bwd_dqwriter_ab needs a Hopper (sm_90) GPU", file=sys.stderr)
        return 2
    if args.profile:
        b, h, n, d, *rest = (int(x) for x in args.profile.split(","))
        hkv = rest[0] if rest else h
        q, do = (torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16) for _ in range(2))
        k, v = (torch.randn(b, hkv, n, d, device="cuda", dtype=torch.bfloat16) for _ in range(2))
        causal = args.causal == "yes"
        o, lse = attention.flash_attention_forward(q, k, v, causal, d**-0.5)
        for _ in range(2):
            for x in VARIANTS:
                _run(x, do, q, k, v, o, lse, causal, d**-0.5)
        torch.cuda.synchronize()
        return 0
    result: dict[str, Any] = {"env": bench.environment(), "command": " ".join(sys.argv)}
    lines = []
    if args.check:
        result["check"] = rows = [check_case(*c) for c in CASES]
        for r in rows:
            errs = " ".join(f"{g} " + "/".join(f"{r[g][x]:.2e}" for x in (*VARIANTS, "plain"))
                            for g in ("dq", "dk", "dv"))  # fmt: skip
            lines.append(f"check {r['case']} shipped/dqw/plain max err {errs} {'ok' if r['ok'] else 'FAIL'}")
    if args.rounds:
        result["bench"] = rows = [bench_shape(s, args.rounds) for s in args.shapes]
        lines.append("shape | bwd TFLOP/s shipped / dqw | dqw/shipped median (min-max), rounds dqw won")
        for r in rows:
            rs = r["ratio_dqw_over_shipped"]
            tf = r["tflops"]
            won = f"{r['dqw_won']}/{len(rs)}"
            lines.append(f"{r['shape']} | {tf['shipped']:.0f} / {tf['dqw']:.0f} | "
                         f"{r['ratio_median']:.3f} ({rs[0]:.3f}-{rs[-1]:.3f}), {won}")  # fmt: skip
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(result, fh, indent=1)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
