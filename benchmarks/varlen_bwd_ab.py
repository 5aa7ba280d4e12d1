"""The fused packed-document backward's variants against each other and the dense fused backward (Hopper).

    PYTHONPATH=src python3 benchmarks/varlen_bwd_ab.py [--variants old frag frag:hg2 ...] [--rounds 7]
        [--totals 16384 32768] [--check] [--no-equal] [--profile] [--out DIR]

Packed documents of 128-8192 tokens (bench.varlen.doc_lengths, seed 0), H16 D128 bf16, causal per
document, plus two documents of 8192 tokens beside the dense fused backward at 2,16,8192 (the same work).
Each variant is a ``varlen_bwd.FUSED_OPTS`` string ("old": ""). With ``--check`` every variant's gradients
against the fp32 reference (max error at most 2x plain PyTorch's in bf16, FlashAttention's standard) at
the first total, and the GPU tier's hard cases (empty, 1-token and 129-token documents, Nq != Nk, GQA,
non-causal) into NaN-filled buffers by relative L2 < 2e-2. Timing: the backward alone per variant
(do_bench medians, rounds alternated), forward+backward through ``flash_attention_varlen``'s autograd
(``check_values=False``, ``FUSED_OPTS`` set per variant), and one profiler pass per variant giving each
kernel's GPU time. Prints a table last; writes varlen_bwd_ab_<stamp>.json to --out. ``--profile``: each
variant's backward twice at the first total, nothing else (for ncu).

    PYTHONPATH=src python3 benchmarks/varlen_bwd_ab.py --passes [--rounds 7] [--totals 16384 32768]
        [--dense 2,16,8192,128 4,32,4096,64] [--tag NAME]

``--passes`` (docs/kernels-log.md, 2026-11-29, thirty-second session): one backward step as a user runs it
(``loss.backward`` with the gradients set to None first, the forward's graph retained) under torch.profiler
(CUDA activities), every kernel in order with its GPU time and the gaps between them, for the dense shapes
of ``--dense`` (B,H,N,D; default 2,16,8192,128) causal and not through ``flash_attn_func`` ((B, N, H, D)
leaves, flash-attn's layout), the first causal also through ``flash_attention`` ([B, H, N, D] leaves),
and the packs through ``flash_attn_varlen_func`` (``--totals`` with no value leaves them out); the
statistics/zeroing pass and dQ's cast beside a plain copy of 134 MB of fp32 (the copy rate). Then the
backward alone and the whole step of each in alternated rounds (every other one reversed). Writes
varlen_bwd_passes_<stamp>.json to --out. Its A/B modes (``--ab grad/out/fp8/fp8prep``: the gradients',
the output's and the e4m3 inputs' old layouts against the new) went with those old layouts
(docs/kernels-log.md, 2026-11-29, thirty-third session); their results stay under benchmarks/results.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

import torch

from gpuaccel.accel.kernels import reference
from gpuaccel.accel.kernels.bench import attention as bench
from gpuaccel.accel.kernels.bench.varlen import cu_seqlens, doc_lengths, variant_opts, varlen_flops
from gpuaccel.accel.kernels.dense import attention
from gpuaccel.accel.kernels.dense.entry import flash_attention
from gpuaccel.accel.kernels.gluon import varlen_bwd
from gpuaccel.accel.kernels.gluon.bwd import launch_gluon_bwd_fused
from gpuaccel.accel.kernels.varlen.attention import flash_attention_varlen, varlen_forward

H, D = 16, 128
SCALE = D**-0.5
HARD = [  # query lengths, key lengths (None: the same), Hq, Hkv, causal (as tests/gpu/'s varlen backward)
    ([1, 127, 128, 129, 8192], None, 16, 4, True),
    ([1, 127, 128, 129, 8192], None, 16, 4, False),
    ([300, 1, 4096, 65, 2000], None, 8, 8, True),
    ([100, 1000, 129, 1], [900, 64, 129, 300], 8, 2, True),
    ([0, 200, 5], [77, 0, 300], 4, 2, True),
]


def _packed(lens: list[int], hq: int = H, hkv: int = H, lens_k: list[int] | None = None, seed: int = 0):
    lens_k = lens_k or lens
    g = torch.Generator(device="cuda").manual_seed(seed)
    nq, nk = sum(lens), sum(lens_k)
    q = torch.randn(nq, hq, D, device="cuda", dtype=torch.bfloat16, generator=g)
    k, v = (torch.randn(nk, hkv, D, device="cuda", dtype=torch.bfloat16, generator=g) for _ in range(2))
    do = torch.randn(nq, hq, D, device="cuda", dtype=torch.bfloat16, generator=g)
    return q, k, v, do


def _mid(ts: list[float]) -> float:
    """The middle of a round's timings (the upper one of an even count), as every table here reports."""
    return sorted(ts)[len(ts) // 2]


def _write(result: dict[str, Any], out: str, stem: str, tag: str = "") -> str:
    """``result`` as ``<out>/<stem>_<stamp><tag>.json``; the path written."""
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, f"{stem}_{time.strftime('%Y%m%d-%H%M%S')}{tag}.json")
    with open(path, "w") as fh:
        json.dump(result, fh, indent=1)
    return path


def _rel(a: torch.Tensor, ref: torch.Tensor) -> float:
    if torch.isnan(a).any():
        return float("nan")
    return ((a.float() - ref).norm() / ref.norm().clamp_min(1e-6)).item()


def check(variants: list[str], total: int) -> dict[str, Any]:
    out: dict[str, Any] = {"max_err": {}, "hard": {}}
    lens = doc_lengths(total, 128, 8192, 0)
    cu, n = cu_seqlens(lens), max(lens)
    q, k, v, do = _packed(lens)
    o, lse = varlen_forward(q, k, v, (cu, cu, n, n, -1, 0, SCALE, 0.0))
    grads = {}
    for name, dtype in (("ref", torch.float32), ("plain", torch.bfloat16)):
        ins = [t.to(dtype).requires_grad_() for t in (q, k, v)]
        ro = reference.flash_attention_varlen(*ins, cu, cu, n, n, causal=True, softmax_scale=SCALE)
        grads[name] = [g.float() for g in torch.autograd.grad(ro, ins, do.to(dtype))]
        del ro, ins
    for name in ["split", *variants]:
        fused = name != "split"
        buf = tuple(torch.full_like(t, float("nan")) for t in (q, k, v))
        opts = variant_opts(name) if fused else None
        got = varlen_bwd.launch_gluon_varlen_bwd(do, q, k, v, o, lse, cu, cu, True, SCALE, out=buf,
                                                 fused=fused, opts=opts)  # fmt: skip
        grads[name] = [g.float() for g in got]
    ok = True
    for name in ["plain", "split", *variants]:
        errs = [(grads[name][i] - grads["ref"][i]).abs().max().item() for i in range(3)]
        out["max_err"][name] = errs
        if name != "plain":
            ok &= all(e <= 2 * p for e, p in zip(errs, out["max_err"]["plain"], strict=True))
    del grads
    for lq, lk, hq, hkv, causal in HARD:
        lk = lk or lq
        q, k, v, do = _packed(lq, hq, hkv, lk, seed=sum(lq) + hq)
        cq, ck = cu_seqlens(lq), cu_seqlens(lk)
        prob = (cq, ck, max(lq), max(lk), -1, 0 if causal else -1, SCALE, 0.0)
        o, lse = varlen_forward(q, k, v, prob)
        qf, kf, vf = (t.float().requires_grad_() for t in (q, k, v))
        ro = reference.flash_attention_varlen(qf, kf, vf, cq, ck, max(lq), max(lk), causal=causal,
                                              softmax_scale=SCALE)  # fmt: skip
        ref = torch.autograd.grad(ro, (qf, kf, vf), do.float())
        for name in variants:
            buf = tuple(torch.full_like(t, float("nan")) for t in (q, k, v))
            got = varlen_bwd.launch_gluon_varlen_bwd(do, q, k, v, o, lse, cq, ck, causal, SCALE, out=buf,
                                                     fused=True, opts=variant_opts(name))  # fmt: skip
            rels = [_rel(a, b) for a, b in zip(got, ref, strict=True)]
            out["hard"].setdefault(name, []).append(rels)
            ok &= all(r < 2e-2 for r in rels)  # (NaN fails)
    out["ok"] = ok
    return out


def bench_pack(lens: list[int], variants: list[str], rounds: int, dense: bool) -> dict[str, Any]:
    cu, n = cu_seqlens(lens), max(lens)
    q, k, v, do = _packed(lens)
    o, lse = varlen_forward(q, k, v, (cu, cu, n, n, -1, 0, SCALE, 0.0))
    fwd_flops = varlen_flops(lens, H, D, True, "fwd")

    def bwd(opts: str):
        return lambda: varlen_bwd.launch_gluon_varlen_bwd(do, q, k, v, o, lse, cu, cu, True, SCALE,
                                                          fused=True, opts=opts)  # fmt: skip

    runs = {name: bwd(variant_opts(name)) for name in variants}
    qg, kg, vg = (t.clone().requires_grad_() for t in (q, k, v))
    step = lambda: flash_attention_varlen(qg, kg, vg, cu, cu, n, n, causal=True, check_values=False).backward(
        do
    )
    fwd = lambda: varlen_forward(q, k, v, (cu, cu, n, n, -1, 0, SCALE, 0.0))
    if dense:  # the same work as the dense fused backward: documents of equal length as a batch
        b = len(lens)
        qd, kd, vd, dod = (t.view(b, n, H, D).transpose(1, 2).contiguous() for t in (q, k, v, do))
        od, lsed = attention.flash_attention_forward(qd, kd, vd, True, SCALE)
        runs["dense"] = lambda: launch_gluon_bwd_fused(dod, qd, kd, vd, od, lsed, True, SCALE)
        dense_fwd = lambda: attention.flash_attention_forward(qd, kd, vd, True, SCALE)
    times: dict[str, list[float]] = {name: [] for name in runs}
    both: dict[str, list[float]] = {name: [] for name in variants}
    fwd_t: dict[str, list[float]] = {"varlen": [], **({"dense": []} if dense else {})}
    for fn in runs.values():
        fn()
    saved = varlen_bwd.FUSED_OPTS
    try:
        for _ in range(rounds):
            for name, fn in runs.items():
                times[name].append(bench.median_ms(fn))
                if name in both:
                    varlen_bwd.FUSED_OPTS = variant_opts(name)
                    both[name].append(bench.median_ms(step))
            fwd_t["varlen"].append(bench.median_ms(fwd))
            if dense:
                fwd_t["dense"].append(bench.median_ms(dense_fwd))
        parts = {}
        for name, fn in runs.items():
            parts[name] = bench.kernel_times(fn)
    finally:
        varlen_bwd.FUSED_OPTS = saved
    row: dict[str, Any] = {"lens": lens, "fwd_flops": fwd_flops, "kernels": parts, "fwd_ms": fwd_t}
    base = times[variants[0]]
    for name, ts in times.items():
        ratio = sorted(a / b for a, b in zip(ts, base, strict=True))[len(ts) // 2]
        row[name] = {"bwd_ms": _mid(ts), "bwd_rounds": ts, "bwd_tflops": 2.5 * fwd_flops / _mid(ts) / 1e9,
                     "ratio_to_first": ratio,
                     "won": sum(a < b for a, b in zip(ts, base, strict=True))}  # fmt: skip
        if name in both:
            row[name].update(fwd_bwd_ms=_mid(both[name]), fwd_bwd_rounds=both[name],
                             fwd_bwd_tflops=3.5 * fwd_flops / _mid(both[name]) / 1e9)  # fmt: skip
    for key, ts in fwd_t.items():
        row[f"fwd_{key}_tflops"] = fwd_flops / _mid(ts) / 1e9
    spread = sorted(base)
    row["spread_first"] = (spread[-2] - spread[1]) / spread[len(spread) // 2] if len(spread) >= 4 else None
    print(json.dumps({k: v for k, v in row.items() if k != "kernels"}), flush=True)
    return row


def _profile_once(fn, calls: int = 3) -> dict[str, Any]:
    """``fn`` (warmed up) profiled ``calls`` times, each alone; the call with the median window: its CUDA
    events in order (name, start from the first, duration, us), the window, the kernels' sum, the idle."""
    runs = []
    for _ in range(calls):
        torch.cuda.synchronize()
        with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
            fn()
            torch.cuda.synchronize()
        evs = sorted(
            (e for e in prof.events() if e.device_type == torch.autograd.DeviceType.CUDA),
            key=lambda e: e.time_range.start,
        )
        if not evs:
            continue
        t0 = evs[0].time_range.start
        rows = [(e.name[:70], e.time_range.start - t0, e.time_range.end - e.time_range.start) for e in evs]
        window = max(e.time_range.end for e in evs) - t0
        busy = sum(r[2] for r in rows)
        gaps = [max(0.0, rows[i][1] - (rows[i - 1][1] + rows[i - 1][2])) for i in range(1, len(rows))]
        runs.append({"kernels": rows, "window_us": window, "busy_us": busy, "idle_us": window - busy,
                     "gaps_us": gaps})  # fmt: skip
    runs.sort(key=lambda r: r["window_us"])
    return runs[len(runs) // 2]


def passes(args: argparse.Namespace) -> int:
    """``--passes``: see the module docstring."""
    from gpuaccel.accel.kernels.flash_attn_interface import flash_attn_func, flash_attn_varlen_func

    result: dict[str, Any] = {"env": bench.environment(), "command": " ".join(sys.argv), "configs": {}}
    steps: dict[str, dict[str, Any]] = {}  # config -> its call, leaves, dO, tokens
    for i, dense in enumerate(args.dense):
        b, h, n, d = (int(x) for x in dense.split(","))
        for causal in (True, False):
            tag = "causal" if causal else "non-causal"
            for api in ("flash_attn_func", "flash_attention"):
                if api == "flash_attention" and (not causal or i):
                    continue  # the [B, H, N, D] call beside flash-attn's layout: one is enough
                g = torch.Generator(device="cuda").manual_seed(1 + causal)
                shape = (b, n, h, d) if api == "flash_attn_func" else (b, h, n, d)
                q, k, v, do = (
                    torch.randn(shape, device="cuda", dtype=torch.bfloat16, generator=g) for _ in range(4)
                )
                for t in (q, k, v):
                    t.requires_grad_()
                if api == "flash_attn_func":
                    f = lambda q, k, v, c=causal: flash_attn_func(q, k, v, causal=c)
                else:
                    f = lambda q, k, v, c=causal: flash_attention(q, k, v, causal=c)
                steps[f"dense {dense} {tag} {api}"] = dict(f=f, ins=(q, k, v), do=do, tokens=b * n)
    for total in args.totals:
        lens = doc_lengths(total, 128, 8192, 0)
        cu, mx = cu_seqlens(lens), max(lens)
        q, k, v, do = _packed(lens)
        for t in (q, k, v):
            t.requires_grad_()
        f = lambda q, k, v, cu=cu, mx=mx: flash_attn_varlen_func(q, k, v, cu, cu, mx, mx, causal=True)
        steps[f"{total} tokens packed"] = dict(f=f, ins=(q, k, v), do=do, tokens=total)

    parts = ("bwd", "step")

    def fns(cfg):
        q, k, v = cfg["ins"]

        def step():
            for t in (q, k, v):
                t.grad = None
            cfg["f"](q, k, v).backward(cfg["do"])

        o = cfg["f"](q, k, v)

        def bwd():
            for t in (q, k, v):
                t.grad = None
            o.backward(cfg["do"], retain_graph=True)

        return bwd, step

    for cfg in steps.values():
        cfg["bwd"], cfg["step"] = fns(cfg)
    # profiles: the backward alone and a whole step of every config
    prof: dict[str, Any] = {}
    for name, cfg in steps.items():
        for part in parts:
            cfg[part]()
        for part in parts:
            prof[f"{name} | {part}"] = _profile_once(cfg[part])
    src = torch.randn(16384 * H * D, device="cuda", dtype=torch.float32)
    dst = torch.empty_like(src)
    dst.copy_(src)
    prof["fp32 copy 134 MB"] = _profile_once(lambda: dst.copy_(src))
    result["profiles"] = prof
    # alternated rounds: backward alone and forward+backward, every other round reversed
    times: dict[str, list[float]] = {}
    for r in range(args.rounds):
        for name, cfg in list(steps.items()) if r % 2 == 0 else list(reversed(steps.items())):
            for part in parts:
                times.setdefault(f"{name} | {part}", []).append(bench.median_ms(cfg[part]))
    result["times"] = times
    path = _write(result, args.out, "varlen_bwd_passes", args.tag)
    print("| profile (median of 3 calls) | window us | kernels us | idle us | kernels (name: us) |")
    for key, p in prof.items():
        ks = " ".join(f"{k[0].split('(')[0][:28]}:{k[2]:.0f}" for k in p["kernels"])
        print(f"| {key} | {p['window_us']:.0f} | {p['busy_us']:.0f} | {p['idle_us']:.0f} | {ks} |")
    print("| config | part (bwd: backward alone, step: fwd+bwd) | ms, median of rounds | spread |")
    for key, ts in times.items():
        print(f"| {key} | {_mid(ts):.3f} | {(max(ts) - min(ts)) / _mid(ts):.3f} |")
    print(path)
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variants", nargs="+", default=["old", "frag"])
    ap.add_argument("--totals", nargs="*", type=int, default=[16384, 32768])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--no-equal", action="store_true", help="skip 2 x 8192 beside the dense kernel")
    ap.add_argument("--out", default=os.environ.get("OUT", "benchmarks/results"))
    ap.add_argument("--profile", action="store_true", help="each variant's backward twice at the first total")
    ap.add_argument(
        "--passes", action="store_true", help="the backward step's kernels and gaps, and its time"
    )
    ap.add_argument("--tag", default="", help="appended to the --passes JSON's name")
    ap.add_argument("--dense", nargs="*", default=["2,16,8192,128"], help="--passes: dense B,H,N,D shapes")
    args = ap.parse_args(argv)
    if not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9:
        print("varlen_bwd_ab needs a Hopper (sm_90) GPU", file=sys.stderr)
        return 2
    if args.passes:
        return passes(args)
    if args.profile:  # for ncu: nothing timed
        lens = doc_lengths(args.totals[0], 128, 8192, 0)
        cu, n = cu_seqlens(lens), max(lens)
        q, k, v, do = _packed(lens)
        o, lse = varlen_forward(q, k, v, (cu, cu, n, n, -1, 0, SCALE, 0.0))
        for _ in range(2):
            for name in args.variants:
                varlen_bwd.launch_gluon_varlen_bwd(do, q, k, v, o, lse, cu, cu, True, SCALE, fused=True,
                                                   opts=variant_opts(name))  # fmt: skip
        torch.cuda.synchronize()
        return 0
    result: dict[str, Any] = {
        "env": bench.environment(),
        "command": " ".join(sys.argv),
        "variants": args.variants,
    }
    if args.check:
        result["check"] = check(args.variants, args.totals[0])
        print(json.dumps(result["check"]), flush=True)
    packs = {f"{t} tokens": doc_lengths(t, 128, 8192, 0) for t in args.totals}
    if not args.no_equal:
        packs["2 x 8192"] = [8192, 8192]
    result["rows"] = {key: bench_pack(lens, args.variants, args.rounds, key == "2 x 8192")
                      for key, lens in packs.items()}  # fmt: skip
    path = _write(result, args.out, "varlen_bwd_ab")
    if "check" in result:
        c = result["check"]
        print("check:", "ok" if c["ok"] else "FAIL", "max err dq/dk/dv",
              {k: [f"{e:.2e}" for e in v] for k, v in c["max_err"].items()})  # fmt: skip
        print(
            "hard cases rel L2 (max over cases):",
            {k: f"{max(max(r) for r in v):.2e}" for k, v in c["hard"].items()},
        )
    print("| pack | variant | bwd TFLOP/s | ratio to first (won) | fwd+bwd TFLOP/s | kernels ms |")
    for key, row in result["rows"].items():
        for name in [*args.variants, "dense"]:
            if name not in row:
                continue
            r = row[name]
            parts = " ".join(
                f"{k.split('_')[0][:14]}..{k[-12:]}={v:.3f}" for k, v in row["kernels"][name].items()
            )
            print(f"| {key} | {name} | {r['bwd_tflops']:.0f} | {r['ratio_to_first']:.3f} ({r['won']}) | "
                  f"{r.get('fwd_bwd_tflops', float('nan')):.0f} | {parts} |")  # fmt: skip
        fw = " ".join(f"{k} {row[f'fwd_{k}_tflops']:.0f}" for k in row["fwd_ms"])
        print(f"| {key} | fwd TFLOP/s: {fw} | spread of first {row['spread_first']} |")
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
