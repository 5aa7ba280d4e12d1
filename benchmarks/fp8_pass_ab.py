"""The A/B harness of an FP8 quantisation-pass experiment: a variant's kernels against the shipped ones.

A script (``fp8_quant_halves_ab.py``, ``fp8_quant_recip_ab.py``) holds its kernel copies and a context
manager that swaps them into ``fp8.attention`` while a pass binds its launches; this module binds the "old"
and "new" passes with it, checks their bytes and errors, times them in alternated rounds against the
public call and writes the JSON and the table (each script's docstring says what its rows mean).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

Swap = Callable[[str], AbstractContextManager[None]]  # "old" / "new" -> its kernels in place while binding


def passes(q: Any, k: Any, v: Any, kernels: Swap) -> dict[str, Callable[[], Any]]:
    """'old' and 'new' quantisation passes over q/k/v with their own bound launches (bound on first call)."""
    from gpuaccel.accel.kernels.fp8 import attention as fp8
    from gpuaccel.accel.kernels.gluon.fp8 import gluon_fp8_config

    d = q.shape[-1]
    layout = fp8.quant_layout(gluon_fp8_config(d))
    m = fp8._signed_hadamard(d, str(q.device), q.dtype) if fp8.can_rotate(d) else None
    out: dict[str, Callable[[], Any]] = {}
    for name in ("old", "new"):
        bound: dict[str, Any] = {}
        with kernels(name):
            fp8._quantize(q, k, v, m, *layout, bound)
        out[name] = lambda bound=bound: fp8._quantize(q, k, v, m, *layout, bound)
    return out


def same_bytes(a: Any, b: Any) -> dict[str, Any]:
    """How many e4m3 bytes and scales differ between two passes' outputs."""
    import torch

    r: dict[str, Any] = {}
    for f in ("q", "k", "vt", "q_scale", "k_scale", "v_scale"):
        x, y = getattr(a, f), getattr(b, f)
        if x.dtype.itemsize == 1:
            x, y = x.view(torch.uint8), y.view(torch.uint8)
        r[f] = int((x != y).sum().item())
    r["e4m3_bytes"] = a.q.numel() + a.k.numel() + a.vt.numel()
    return r


def errors(o: Any, ref: Any) -> dict[str, float]:
    diff = o.float() - ref
    return {"o_max": diff.abs().max().item(), "o_rel_l2": (diff.norm() / ref.norm()).item()}


def check(case: tuple[Any, ...], kernels: Swap) -> dict[str, Any]:
    """Both passes on one input: differing bytes, then each one's attention output against fp32."""
    import torch

    from gpuaccel.accel.kernels import reference
    from gpuaccel.accel.kernels.dense.attention import forget_plans
    from gpuaccel.accel.kernels.fp8 import attention as fp8
    from gpuaccel.accel.kernels.gluon.fp8 import gluon_fp8_config

    b, hq, hkv, nq, nk, d, causal = case
    gen = torch.Generator(device="cuda").manual_seed(nq * 7 + nk)
    q = torch.randn(b, hq, nq, d, device="cuda", dtype=torch.bfloat16, generator=gen)
    k = torch.randn(b, hkv, nk, d, device="cuda", dtype=torch.bfloat16, generator=gen)
    v = torch.randn(b, hkv, nk, d, device="cuda", dtype=torch.bfloat16, generator=gen)
    cfg = gluon_fp8_config(d)
    p = passes(q, k, v, kernels)
    xs = {name: fn() for name, fn in p.items()}
    ref, _ = reference.flash_attention_forward(q.float(), k.float(), v.float(), causal, d**-0.5)
    row: dict[str, Any] = {"case": list(case), "bytes_differ": same_bytes(xs["old"], xs["new"])}
    for name, x in xs.items():
        o = torch.full_like(q, float("nan"))
        lse = torch.full((b, hq, nq), float("nan"), device="cuda")
        fp8.flash_attention_fp8_quantized(x, causal, d**-0.5, cfg, out=(o, lse))
        row[name] = errors(o, ref) | {"nan": bool(o.isnan().any())}
    forget_plans()
    o = fp8.flash_attention_fp8(q, k, v, causal=causal, always_fp8=True)
    row["public"] = errors(o, ref) | {"nan": bool(o.isnan().any())}
    return row


def outlier(causal: bool, d: int, kernels: Swap) -> dict[str, float]:
    """FlashAttention-3's outlier RMSE (B2 H8 N2048 vs fp64) through each pass and the shipped kernel."""
    from gpuaccel.accel.kernels import reference
    from gpuaccel.accel.kernels.bench.fp8 import outlier_inputs
    from gpuaccel.accel.kernels.fp8 import attention as fp8
    from gpuaccel.accel.kernels.gluon.fp8 import gluon_fp8_config

    q, k, v = outlier_inputs((2, 8, 2048, d))
    ref = reference.flash_attention(q.double(), k.double(), v.double(), causal=causal)
    r = {}
    for name, fn in passes(q.bfloat16(), k.bfloat16(), v.bfloat16(), kernels).items():
        o, _ = fp8.flash_attention_fp8_quantized(fn(), causal, d**-0.5, gluon_fp8_config(d))
        r[name] = (o.double() - ref).pow(2).mean().sqrt().item()
    return r


def measure(shape: tuple[int, ...], causal: bool, rounds: int, kernels: Swap) -> dict[str, Any]:
    import torch
    from triton.testing import do_bench

    from gpuaccel.accel.kernels.bench.attention import attention_flops
    from gpuaccel.accel.kernels.dense.attention import forget_plans
    from gpuaccel.accel.kernels.fp8 import attention as fp8
    from gpuaccel.accel.kernels.gluon.fp8 import gluon_fp8_config

    b, h, n, d = shape
    gen = torch.Generator(device="cuda").manual_seed(n + b + d)
    q, k, v = (torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16, generator=gen) for _ in "qkv")
    cfg, scale = gluon_fp8_config(d), d**-0.5
    p = passes(q, k, v, kernels)
    xs = {name: fn() for name, fn in p.items()}
    fns: dict[str, Callable[[], Any]] = {"old pass": p["old"], "new pass": p["new"]}
    outs = {}
    for name in ("old", "new"):
        bound: dict[str, Any] = {}
        fns[f"{name} e2e"] = lambda bound=bound, pf=p[name]: fp8.flash_attention_fp8_quantized(
            pf(), causal, scale, cfg, bound=bound
        )
        outs[name] = fns[f"{name} e2e"]()[0]
    forget_plans()
    fns["public call"] = lambda: fp8.flash_attention_fp8(q, k, v, causal=causal, always_fp8=True)
    outs["public"] = fns["public call"]()
    again: dict[str, Any] = {}  # the old pass and kernel a second time: the spread of one build's timings
    fns["old e2e again"] = lambda: fp8.flash_attention_fp8_quantized(
        p["old"](), causal, scale, cfg, bound=again
    )
    fns["old e2e again"]()
    torch.cuda.synchronize()
    flops = attention_flops(b, h, n, n, d, causal, "fwd")
    row: dict[str, Any] = {
        "shape": list(shape), "causal": causal, "flops": flops,
        "bytes_differ": same_bytes(xs["old"], xs["new"]),
        "public_equals_new_e2e": bool(torch.equal(outs["public"], outs["new"])),
        "old_vs_new_o_max": (outs["old"].float() - outs["new"].float()).abs().max().item(),
        "v": {name: {"ms": []} for name in fns},
    }  # fmt: skip
    del xs
    names = list(fns)
    for i in range(rounds):  # each round starts one variant later: no variant always follows the same one
        for name in names[i % len(names) :] + names[: i % len(names)]:
            row["v"][name]["ms"].append(do_bench(fns[name], warmup=25, rep=100, return_mode="median"))
    for r in row["v"].values():
        r["median_ms"] = statistics.median(r["ms"])
        r["median_tflops"] = flops / r["median_ms"] / 1e9
    for kind in ("pass", "e2e"):
        old, new = row["v"][f"old {kind}"]["ms"], row["v"][f"new {kind}"]["ms"]
        row[f"{kind}_speedup_per_round"] = [a / s for a, s in zip(old, new, strict=True)]
    row["old_spread_per_round"] = [
        a / c for a, c in zip(row["v"]["old e2e"]["ms"], row["v"]["old e2e again"]["ms"], strict=True)
    ]
    return row


def profile(shape: tuple[int, ...]) -> dict[str, Any]:
    """Each launch's mean GPU time in the public call (torch profiler, 20 calls), and the copy floors."""
    import torch
    from torch.profiler import ProfilerActivity
    from triton.testing import do_bench

    from gpuaccel.accel.kernels.dense.attention import forget_plans
    from gpuaccel.accel.kernels.fp8 import attention as fp8

    b, h, n, d = shape
    q, k, v = (torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16) for _ in "qkv")
    forget_plans()
    for _ in range(3):
        fp8.flash_attention_fp8(q, k, v, always_fp8=True)
    torch.cuda.synchronize()
    with torch.profiler.profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(20):
            fp8.flash_attention_fp8(q, k, v, always_fp8=True)
        torch.cuda.synchronize()
    per: dict[str, float] = {}
    for e in prof.key_averages():
        t = getattr(e, "device_time_total", None) or getattr(e, "cuda_time_total", 0)
        if t and e.count >= 20:
            per[e.key[:60]] = t / 20
    return {
        "shape": list(shape), "us_per_call": per,
        "copy_bf16_us": do_bench(lambda: q.clone(), warmup=25, rep=100, return_mode="median") * 1e3,
        "cast_e4m3_us": do_bench(lambda: q.to(torch.float8_e4m3fn), warmup=25, rep=100,
                                 return_mode="median") * 1e3,
        "q_bytes": q.numel() * 2,
    }  # fmt: skip


def main(
    argv: list[str] | None,
    *,
    what: str,
    stem: str,
    kernels: Swap,
    shapes: list[str],
    checks: list[tuple[Any, ...]],
    outlier_dims: tuple[int, ...],
    outlier_label: str,
) -> int:
    """A script's run: ``what`` its first docstring line, ``stem`` its results file's name; the outlier
    RMSE at each of ``outlier_dims`` (keyed by the causal flag alone where there is one)."""
    ap = argparse.ArgumentParser(description=what)
    ap.add_argument("--shapes", nargs="+", default=shapes)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)
    import torch

    if not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9:
        print("needs a Hopper (sm_90) GPU", file=sys.stderr)
        return 2
    from gpuaccel.accel.kernels.bench.attention import environment

    env = environment()  # the device and versions every attention benchmark records
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = Path(args.json or Path(__file__).parent / "results" / f"{stem}_{stamp}.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    doc: dict[str, Any] = {"what": what, "env": env, "argv": argv or sys.argv[1:]}
    doc["formula"] = "TFLOP/s = 4*B*H*N^2*D (halved causal) / do_bench median; e2e from bf16"
    doc["checks"] = [check(c, kernels) for c in checks]
    doc["outlier_rmse"] = {
        (f"D{d} causal {c}" if len(outlier_dims) > 1 else str(c)): outlier(c, d, kernels)
        for d in outlier_dims
        for c in (False, True)
    }
    path.write_text(json.dumps(doc, indent=1))
    print(json.dumps(doc["checks"]), json.dumps(doc["outlier_rmse"]), flush=True)
    shapes = [(tuple(int(x) for x in s.split(":")[0].split(",")), s.endswith(":c")) for s in args.shapes]
    if args.profile:
        doc["profile"] = [profile(shape) for shape, causal in shapes if not causal]
        print(json.dumps(doc["profile"]), flush=True)
    doc["rows"] = []
    for shape, causal in shapes:
        doc["rows"].append(measure(shape, causal, args.rounds, kernels))
        path.write_text(json.dumps(doc, indent=1))
        print(json.dumps(doc["rows"][-1]), flush=True)
        torch.cuda.empty_cache()
    print(f"# {doc['formula']}; {env}")
    print("check case | bytes differ q/k/vt (scales) | o max err old / new / public | rel L2 old / new")
    for c in doc["checks"]:
        bd = c["bytes_differ"]
        sc = bd["q_scale"] + bd["k_scale"] + bd["v_scale"]
        print(f"{','.join(map(str, c['case']))} | {bd['q']}/{bd['k']}/{bd['vt']} ({sc}) | "
              f"{c['old']['o_max']:.4f} / {c['new']['o_max']:.4f} / {c['public']['o_max']:.4f} | "
              f"{c['old']['o_rel_l2']:.5f} / {c['new']['o_rel_l2']:.5f}")  # fmt: skip
    print(outlier_label, doc["outlier_rmse"])
    for pr in doc.get("profile", []):
        per = " ".join(f"{k.split('(')[0][:24]} {t:.1f}" for k, t in pr["us_per_call"].items())
        print(f"profile {','.join(map(str, pr['shape']))}: us per call {per}; Q bf16 copy "
              f"{pr['copy_bf16_us']:.1f}, Q cast to e4m3 {pr['cast_e4m3_us']:.1f}")  # fmt: skip
    print("B,H,N,D causal | pass us old / new | e2e TFLOP/s old / new / public / old again | e2e new/old "
          "(median of rounds; min-max) | old/old again | pass new/old | public = new e2e")  # fmt: skip
    for r in doc["rows"]:
        v, sp, pp, same = (r["v"], r["e2e_speedup_per_round"], r["pass_speedup_per_round"],
                           r["old_spread_per_round"])  # fmt: skip
        print(
            f"{','.join(map(str, r['shape']))} {'c' if r['causal'] else 'nc'} | "
            f"{v['old pass']['median_ms'] * 1e3:.1f} / {v['new pass']['median_ms'] * 1e3:.1f} | "
            f"{v['old e2e']['median_tflops']:.0f} / {v['new e2e']['median_tflops']:.0f} / "
            f"{v['public call']['median_tflops']:.0f} / {v['old e2e again']['median_tflops']:.0f} | "
            f"{statistics.median(sp):.3f} ({min(sp):.3f}-{max(sp):.3f}) | {statistics.median(same):.3f} "
            f"({min(same):.3f}-{max(same):.3f}) | {statistics.median(pp):.3f} | {r['public_equals_new_e2e']}"
        )
    print(f"wrote {path}")
    return 0
