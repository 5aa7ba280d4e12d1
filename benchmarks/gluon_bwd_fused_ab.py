"""The fused Gluon backward (dQ summed inside the dK/dV pass) against the split pair, on a Hopper GPU.

    PYTHONPATH=src python3 benchmarks/gluon_bwd_fused_ab.py [--check] [--bench] [--shapes B,H,N,D[,HKV] ...]
        [--causal both|yes|no] [--rounds 3] [--out DIR]

--check  every gradient of both against the fp32 reference fed the same o and lse, beside plain PyTorch
         in the inputs' dtype (FlashAttention's standard: max error at most 2x plain's), on ragged, GQA,
         Nq != Nk and causal cases
--bench  backward alone (fused vs split, alternated rounds, do_bench medians), our forward, and SDPA
         cuDNN's forward and backward in the same process; forward+backward from the medians as
         3.5 / (1/fwd + 2.5/bwd) TFLOP/s
--varlen TOTAL ...  packed documents (bench.varlen.doc_lengths, 128-8192 tokens, H16 D128, causal per
         document): with --check both packed backwards (fused, split) and plain PyTorch in bf16 against
         the fp32 reference; with --bench the backward alone (alternated rounds) and forward+backward
         through flash_attention_varlen's autograd (check_values=False), the fused or the split
         backward by turns
Writes gluon_bwd_fused_ab_<stamp>.json to --out.
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

from gpuaccel.accel.kernels.bench import attention as bench
from gpuaccel.accel.kernels.dense import attention
from gpuaccel.accel.kernels.gluon.bwd import launch_gluon_bwd, launch_gluon_bwd_fused

CASES = [  # B, Hq, Hkv, Nq, Nk, D, causal, dtype
    (2, 8, 8, 1024, 1024, 128, False, torch.bfloat16),
    (2, 8, 8, 1000, 1000, 128, True, torch.bfloat16),
    (1, 8, 2, 777, 1500, 64, True, torch.float16),
    (1, 4, 1, 1500, 777, 128, True, torch.bfloat16),
    (3, 6, 3, 2049, 2047, 128, False, torch.float16),
    (1, 2, 2, 130, 5000, 128, False, torch.bfloat16),
    (1, 4, 4, 5000, 130, 64, True, torch.float16),
    (2, 16, 16, 2048, 2048, 64, True, torch.bfloat16),
    (1, 2, 2, 64, 64, 128, True, torch.bfloat16),
    (1, 8, 2, 4096, 4096, 128, True, torch.bfloat16),
]
VARIANTS = ["lag0:s2", "lag1:s2"]  # the fused kernel's LAG and ring STAGES; --variants overrides


def _variant(spec: str, d: int) -> tuple[Any, dict[str, Any]]:
    """``lagL:sS[:pair|:plain|:frag][:dacc|:dlate][:f0|:dsl[:f1]][:dqn][:sf2][:q128]`` at head dim ``d``:
    the config (ring STAGES; None below D128: the module's) and ``launch_gluon_bwd_fused``'s keywords:
    LAG, dQ's staging (rows paired, the plain order, or the fragment order: ``launch_gluon_bwd_fused``'s
    ``frag``), delta (dP's accumulator started at -delta, or delta read
    after dP's wait) and where the staging stores are fenced (``launch_gluon_bwd_fused``'s ``fences``:
    f0 each fence right after its stores; dsl dS^T's fence after dV's wait, f1 one fence for dS^T's and
    dQ's stores, dqn dQ's fence and reduce in the next block, sf2 the statistics read before S^T's
    issue), q128 128-row (Q, dO) blocks where the head dim allows it (D64; elsewhere the default); what
    is not named takes the module's default (``bwd.PAIR_ROWS``, ``bwd.DELTA_IN_ACC``, ``bwd.FENCES``,
    ``bwd.DQ_FRAG``, ``bwd.Q_ROWS``)."""
    from gpuaccel.accel.kernels.gluon import bwd as gluon_bwd
    from gpuaccel.accel.kernels.tuning.configs import GluonBwdConfig

    lag, stages, *opts = spec.split(":")
    pair, in_acc, fences, frag, q_rows = gluon_bwd.PAIR_ROWS, gluon_bwd.DELTA_IN_ACC, None, None, None
    for opt in opts:
        if opt in ("pair", "plain"):
            pair, frag = opt == "pair", False
        elif opt == "frag":
            frag = True
        elif opt in ("dacc", "dlate"):
            in_acc = opt == "dacc"
        elif opt == "f0":  # each fence right after its stores (the D128 default)
            fences = fences or []
        elif opt in ("dsl", "f1", "dqn", "sf2"):
            fences = (fences or []) + [opt]
        elif opt == "q128":
            q_rows = 128 if d == 64 else None
        else:
            raise ValueError(f"unknown variant option {opt!r} in {spec!r}")
    fence_opts = None if fences is None else ":".join(fences)
    cfg = GluonBwdConfig(int(stages[1:]), 64, 2) if d == 128 else None
    kw = dict(
        lag=int(lag[3:]), pair_rows=pair, delta_in_acc=in_acc, fences=fence_opts, frag=frag, q_rows=q_rows
    )
    return cfg, kw


SHAPES = ["2,16,8192,128", "4,16,4096,128", "1,16,16384,128", "2,32,8192,128,8", "4,32,4096,64",
          "8,16,1024,128"]  # fmt: skip


def _max_err(a: torch.Tensor, ref: torch.Tensor) -> float:
    return (a.double() - ref.double()).abs().max().item()


def _autograd(q, k, v, do, causal, scale, dtype) -> tuple[torch.Tensor, ...]:
    """Plain PyTorch attention's gradients computed in ``dtype`` (bottom-right causal, GQA by repeat)."""
    qd, kd, vd = (t.to(dtype).requires_grad_() for t in (q, k, v))
    g = q.shape[1] // k.shape[1]
    s = (qd @ kd.repeat_interleave(g, 1).transpose(-1, -2)) * scale
    if causal:
        nq, nk = q.shape[2], k.shape[2]
        keep = (
            torch.arange(nk, device=q.device)[None, :] <= torch.arange(nq, device=q.device)[:, None] + nk - nq
        )
        s = s.masked_fill(~keep, float("-inf"))
    o = torch.softmax(s, -1).nan_to_num(0.0) @ vd.repeat_interleave(g, 1)
    return torch.autograd.grad(o, (qd, kd, vd), do.to(dtype))


def check_case(b, hq, hkv, nq, nk, d, causal, dtype) -> dict[str, Any]:
    gen = torch.Generator(device="cuda").manual_seed(nq * 7 + nk + d)
    q, do = (torch.randn(b, hq, nq, d, device="cuda", dtype=dtype, generator=gen) for _ in range(2))
    k, v = (torch.randn(b, hkv, nk, d, device="cuda", dtype=dtype, generator=gen) for _ in range(2))
    scale = 1 / math.sqrt(d)
    o, lse = attention.flash_attention_forward(q, k, v, causal, scale)
    ref = _autograd(q, k, v, do, causal, scale, torch.float64)
    plain = _autograd(q, k, v, do, causal, scale, dtype)
    got = {}
    for spec in VARIANTS:
        cfg, kw = _variant(spec, d)
        got[spec] = launch_gluon_bwd_fused(do, q, k, v, o, lse, causal, scale, cfg, **kw)
    got["split"] = launch_gluon_bwd(do, q, k, v, o, lse, causal, scale, fused=False)
    row: dict[str, Any] = {"case": [b, hq, hkv, nq, nk, d, causal, str(dtype)[6:]]}
    ok = True
    for i, name in enumerate(("dq", "dk", "dv")):
        e_plain = _max_err(plain[i], ref[i])
        row[name] = {"plain": e_plain, **{k: _max_err(g[i], ref[i]) for k, g in got.items()}}
        for k, g in got.items():
            ok &= row[name][k] <= 2 * e_plain + 1e-6 and not bool(torch.isnan(g[i]).any())
    row["ok"] = ok
    return row


def _ms(fn) -> float:
    return bench.median_ms(fn, rep=80)


def bench_shape(spec: str, causal: bool, rounds: int) -> dict[str, Any]:
    b, h, n, d, *rest = (int(x) for x in spec.split(","))
    hkv = rest[0] if rest else h
    q = torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16)
    k, v = (torch.randn(b, hkv, n, d, device="cuda", dtype=torch.bfloat16) for _ in range(2))
    do = torch.randn_like(q)
    scale = 1 / math.sqrt(d)
    o, lse = attention.flash_attention_forward(q, k, v, causal, scale)
    fwd_flops = bench.attention_flops(b, h, n, n, d, causal, "fwd")
    runs = {}
    for spec in VARIANTS:
        cfg, opts = _variant(spec, d)
        runs[spec] = lambda cfg=cfg, opts=opts: launch_gluon_bwd_fused(
            do, q, k, v, o, lse, causal, scale, cfg, **opts
        )
    runs["split"] = lambda: launch_gluon_bwd(do, q, k, v, o, lse, causal, scale, fused=False)
    times: dict[str, list[float]] = {name: [] for name in runs}
    for fn in runs.values():
        fn()
    for _ in range(rounds):
        for name, fn in runs.items():
            times[name].append(_ms(fn))
    fwd_ms = _ms(lambda: attention.flash_attention_forward(q, k, v, causal, scale))
    kr, vr = (t.repeat_interleave(h // hkv, 1) if hkv != h else t for t in (k, v))
    qg, kg, vg = (t.detach().requires_grad_() for t in (q, kr, vr))
    sdpa = torch.nn.functional.scaled_dot_product_attention
    with torch.nn.attention.sdpa_kernel(torch.nn.attention.SDPBackend.CUDNN_ATTENTION):
        cudnn_fwd = _ms(lambda: sdpa(qg, kg, vg, is_causal=causal, scale=scale))
        out = sdpa(qg, kg, vg, is_causal=causal, scale=scale)
        cudnn_both = _ms(lambda: torch.autograd.grad(sdpa(qg, kg, vg, is_causal=causal, scale=scale),
                                                     (qg, kg, vg), do))  # fmt: skip
        del out
    row: dict[str, Any] = {"shape": [b, h, n, d, hkv], "causal": causal, "fwd_ms": fwd_ms,
                           "cudnn_fwd_ms": cudnn_fwd, "cudnn_fwd_bwd_ms": cudnn_both}  # fmt: skip
    for name, ts in times.items():
        ms = sorted(ts)[len(ts) // 2]
        row[name] = {"ms": ms, "rounds": ts, "bwd_tflops": 2.5 * fwd_flops / ms / 1e9,
                     "fwd_bwd_tflops": 3.5 * fwd_flops / (fwd_ms + ms) / 1e9}  # fmt: skip
    row["cudnn_fwd_bwd_tflops"] = 3.5 * fwd_flops / cudnn_both / 1e9
    row["cudnn_bwd_tflops"] = 2.5 * fwd_flops / max(cudnn_both - cudnn_fwd, 1e-9) / 1e9
    print(json.dumps(row), flush=True)
    return row


def _kernel_ms(fn, calls: int = 10) -> float:
    """GPU time per call: the sum of the kernels' own durations (the profiler's), so the host's noise
    and the packed calls' one read of the offsets to the host are left out."""
    return sum(bench.kernel_times(fn, calls).values())


def _packed(total: int, seed: int = 0) -> tuple[list[int], torch.Tensor, tuple[torch.Tensor, ...]]:
    from gpuaccel.accel.kernels.bench.varlen import doc_lengths

    lens = doc_lengths(total, 128, 8192, seed)
    cu = torch.tensor([0, *torch.tensor(lens).cumsum(0).tolist()], dtype=torch.int32, device="cuda")
    g = torch.Generator(device="cuda").manual_seed(seed)
    qkvo = tuple(
        torch.randn(total, 16, 128, device="cuda", dtype=torch.bfloat16, generator=g) for _ in range(4)
    )
    return lens, cu, qkvo


def varlen_case(total: int, check: bool, rounds: int) -> dict[str, Any]:
    """One packing: the fused and split packed backwards' errors and/or times (see the docstring)."""
    from gpuaccel.accel.kernels import reference
    from gpuaccel.accel.kernels.bench.varlen import varlen_flops
    from gpuaccel.accel.kernels.gluon import varlen_bwd
    from gpuaccel.accel.kernels.varlen.attention import flash_attention_varlen, varlen_forward

    lens, cu, (q, k, v, do) = _packed(total)
    n, scale = max(lens), 128**-0.5
    o, lse = varlen_forward(q, k, v, (cu, cu, n, n, -1, 0, scale, 0.0))
    runs = {name: (lambda f=f: varlen_bwd.launch_gluon_varlen_bwd(do, q, k, v, o, lse, cu, cu, True, scale,
                                                                    fused=f))
            for name, f in (("fused", True), ("split", False))}  # fmt: skip
    row: dict[str, Any] = {"total": total, "lens": lens}
    if check:
        ref_in = [t.float().requires_grad_() for t in (q, k, v)]
        plain_in = [t.detach().clone().requires_grad_() for t in (q, k, v)]
        grads = {}
        for name, ins in (("ref", ref_in), ("plain", plain_in)):
            out = reference.flash_attention_varlen(*ins, cu, cu, n, n, causal=True, softmax_scale=scale)
            grads[name] = torch.autograd.grad(out, ins, do.to(out.dtype))
        grads.update({name: fn() for name, fn in runs.items()})
        row["ok"] = True
        for i, g in enumerate(("dq", "dk", "dv")):
            row[g] = {name: _max_err(grads[name][i], grads["ref"][i]) for name in ("plain", "fused", "split")}
            row["ok"] &= all(row[g][x] <= 2 * row[g]["plain"] + 1e-6 for x in ("fused", "split"))
    if rounds:
        times: dict[str, list[float]] = {name: [] for name in runs}
        both: dict[str, list[float]] = {name: [] for name in runs}
        gpu: dict[str, list[float]] = {name: [] for name in runs}
        gpu_both: dict[str, list[float]] = {name: [] for name in runs}
        qg, kg, vg = (t.clone().requires_grad_() for t in (q, k, v))
        # as a training loop with known-good offsets calls it: nothing read back to the host
        attend = lambda: flash_attention_varlen(qg, kg, vg, cu, cu, n, n, causal=True, check_values=False)
        step = lambda: attend().backward(do)
        pays = varlen_bwd.fused_pays
        try:
            for _ in range(rounds):
                for name, fn in runs.items():
                    times[name].append(_ms(fn))
                    gpu[name].append(_kernel_ms(fn))
                    varlen_bwd.fused_pays = lambda *a, f=name == "fused", **kw: f
                    both[name].append(_ms(step))
                    gpu_both[name].append(_kernel_ms(step))
        finally:
            varlen_bwd.fused_pays = pays
        fwd_flops = varlen_flops(lens, 16, 128, True, "fwd")
        for name in runs:
            ms, ms_both = sorted(times[name])[rounds // 2], sorted(both[name])[rounds // 2]
            k_ms, k_both = sorted(gpu[name])[rounds // 2], sorted(gpu_both[name])[rounds // 2]
            row[name] = {"bwd_ms": ms, "bwd_rounds": times[name], "bwd_tflops": 2.5 * fwd_flops / ms / 1e9,
                         "fwd_bwd_ms": ms_both, "fwd_bwd_rounds": both[name],
                         "fwd_bwd_tflops": 3.5 * fwd_flops / ms_both / 1e9,
                         "bwd_kernel_ms": k_ms, "bwd_kernel_rounds": gpu[name],
                         "bwd_kernel_tflops": 2.5 * fwd_flops / k_ms / 1e9, "fwd_bwd_kernel_ms": k_both,
                         "fwd_bwd_kernel_rounds": gpu_both[name],
                         "fwd_bwd_kernel_tflops": 3.5 * fwd_flops / k_both / 1e9}  # fmt: skip
    print(json.dumps(row), flush=True)
    return row


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--bench", action="store_true")
    ap.add_argument("--shapes", nargs="+", default=SHAPES)
    ap.add_argument("--causal", choices=("both", "yes", "no"), default="both")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument(
        "--variants",
        nargs="+",
        default=VARIANTS,
        help="lagL:sS[:pair|:plain|:frag][:dacc|:dlate][:f0|:dsl[:f1]][:dqn][:sf2][:q128], e.g. lag1:s2:q128",
    )
    ap.add_argument(
        "--profile", metavar="B,H,N,D[,HKV]", help="run each backward twice (for ncu), nothing else"
    )
    ap.add_argument("--varlen", nargs="+", type=int, metavar="TOTAL", help="packed documents instead")
    ap.add_argument("--out", default=os.environ.get("OUT", "benchmarks/results"))
    args = ap.parse_args(argv)
    if not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9:
        print("gluon_bwd_fused_ab needs a Hopper (sm_90) GPU", file=sys.stderr)
        return 2
    VARIANTS[:] = args.variants
    if args.profile:
        b, h, n, d, *rest = (int(x) for x in args.profile.split(","))
        hkv = rest[0] if rest else h
        q, do = (torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16) for _ in range(2))
        k, v = (torch.randn(b, hkv, n, d, device="cuda", dtype=torch.bfloat16) for _ in range(2))
        causal = args.causal == "yes"
        o, lse = attention.flash_attention_forward(q, k, v, causal, d**-0.5)
        for _ in range(2):
            for spec in VARIANTS:
                cfg, kw = _variant(spec, d)
                launch_gluon_bwd_fused(do, q, k, v, o, lse, causal, d**-0.5, cfg, **kw)
            launch_gluon_bwd(do, q, k, v, o, lse, causal, d**-0.5, fused=False)
        torch.cuda.synchronize()
        return 0
    result: dict[str, Any] = {"env": bench.environment(), "command": " ".join(sys.argv)}
    lines = []
    if args.varlen:
        rows = [varlen_case(t, args.check, args.rounds if args.bench else 0) for t in args.varlen]
        result["varlen"] = rows
        for r in rows:
            docs = f"{r['total']} tokens, {len(r['lens'])} docs"
            if "ok" in r:
                errs = " ".join(f"{g}: " + "/".join(f"{r[g][k]:.2e}" for k in ("fused", "split", "plain"))
                                for g in ("dq", "dk", "dv"))  # fmt: skip
                lines.append(f"check {docs} fused/split/plain max err {errs} {'ok' if r['ok'] else 'FAIL'}")
            if "fused" in r:
                for how in ("", "_kernel"):
                    bwd, both = f"bwd{how}_tflops", f"fwd_bwd{how}_tflops"
                    cells = [f"{r[x][bwd]:.0f} / {r[x][both]:.0f}" for x in ("fused", "split")]
                    ratio = r["split"][f"fwd_bwd{how}_ms"] / r["fused"][f"fwd_bwd{how}_ms"]
                    lines.append(
                        f"{docs} | {'kernels' if how else 'do_bench'} | bwd, fwd+bwd TFLOP/s fused {cells[0]}"
                        f" | split {cells[1]} | fwd+bwd fused/split {ratio:.3f}"
                    )
        args.check = args.bench = False
    if args.check:
        rows = [check_case(*c) for c in CASES]
        result["check"] = rows
        for r in rows:
            errs = " ".join(f"{g}: " + "/".join(f"{r[g][k]:.2e}" for k in (*VARIANTS, "split",
                            "plain")) for g in ("dq", "dk", "dv"))  # fmt: skip
            lines.append(f"check {r['case']} lags/split/plain max err {errs} {'ok' if r['ok'] else 'FAIL'}")
    if args.bench:
        causals = {"both": [False, True], "yes": [True], "no": [False]}[args.causal]
        rows = [bench_shape(s, c, args.rounds) for s in args.shapes for c in causals]
        result["bench"] = rows
        names = (*VARIANTS, "split")
        lines.append(f"B,H,N,D,Hkv | causal | bwd TFLOP/s {' / '.join(names)} / cuDNN | fwd+bwd the same"
                     " | best fused/cuDNN fwd+bwd")  # fmt: skip
        for r in rows:
            bwd = " / ".join(f"{r[k]['bwd_tflops']:.0f}" for k in names)
            both = " / ".join(f"{r[k]['fwd_bwd_tflops']:.0f}" for k in names)
            best = max(r[x]["fwd_bwd_tflops"] for x in VARIANTS)
            lines.append(
                f"{','.join(map(str, r['shape']))} | {'yes' if r['causal'] else 'no'} | "
                f"{bwd} / {r['cudnn_bwd_tflops']:.0f} | {both} / {r['cudnn_fwd_bwd_tflops']:.0f} | "
                f"{best / r['cudnn_fwd_bwd_tflops']:.3f}"
            )
    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, f"gluon_bwd_fused_ab_{time.strftime('%Y%m%d-%H%M%S')}.json")
    with open(path, "w") as fh:
        json.dump(result, fh, indent=1)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
