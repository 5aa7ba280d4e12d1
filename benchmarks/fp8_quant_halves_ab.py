"""FP8 quantisation pass at D256: the rotation as two half-size Hadamard products (new) against one (old).

Why: the pass over Q, K and V separates the FP8 kernel from its end-to-end rate (docs/kernels.md, "FP8
end to end"). At D256 its rows kernel multiplied each 64 x 256 block by the whole 256 x 256 rotation
matrix: 160 KB of shared memory per program (ptxas on the sm_90 build), one program per SM, and Q + K
took 302 us at 1,16,16384,256 on the H100 where torch's e4m3 cast of Q alone takes 74 us. Now
``fp8.attention._rotate_halves`` uses one level of the Hadamard recursion: two 64 x 128 x 128 products
with the 128 x 128 matrix (48 KB a program, half the matmul work), on 4 warps instead of 8
(``fp8.attention.rows_warps``; ``fp8_rows_sweep.py``). D64/D128 run the unchanged code and warps.

In one process, alternated rounds, each round starting one variant later (``triton.testing.do_bench``
medians over bound launches):
- "old pass" / "new pass": the four quantisation launches alone (``fp8.attention._quantize`` with the
  module's rows kernel and warps rule swapped for the shipped copies below while it binds them, so later
  calls launch them as a planned call does; "new" is the module's own);
- "old e2e" / "new e2e": the pass then the Gluon kernel (and its key-split merge where the cost model
  cuts the tail), as ``flash_attention_fp8(..., always_fp8=True)`` runs it; "public call": that call
  (the module's own kernels); "old e2e again": the old pass and kernel bound a second time (the spread
  between timings of one build).
Before the timings: at the check shapes both passes' e4m3 bytes compared (the grouping of the fp32 sums
differs at D256, so a value may round the other way at a tie; D64/D128 must be equal) and each one's
attention output against an fp32 reference on the original inputs (max and relative L2 error), and
FlashAttention-3's outlier RMSE at D128 and D256. ``--profile``: each launch's GPU time in the public
call at each non-causal shape (torch profiler), and a bf16 copy / e4m3 cast of Q (torch's own kernels).

  python benchmarks/fp8_quant_halves_ab.py [--shapes 1,16,16384,256:nc ...] [--rounds 9] [--profile]
      [--json PATH]   (":c" causal, ":nc" not)
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import triton
import triton.language as tl

SHAPES = [
    "4,16,4096,128:nc", "4,16,4096,128:c", "2,16,8192,128:nc", "2,16,8192,128:c",
    "1,16,16384,128:nc", "1,16,16384,128:c", "1,16,16384,256:nc", "1,16,16384,256:c",
    "2,16,8192,256:nc", "2,16,8192,256:c",
]  # fmt: skip
CHECKS = [  # B, Hq, Hkv, Nq, Nk, D, causal: odd sizes, GQA, ragged; the error against fp32 on these
    (2, 8, 8, 1024, 1024, 128, False),
    (3, 6, 3, 2049, 2047, 128, True),
    (1, 8, 2, 777, 1500, 64, False),
    (1, 4, 1, 1500, 777, 256, True),
    (2, 8, 8, 1024, 1024, 256, False),
    (1, 16, 16, 4096, 4096, 128, False),
    (1, 16, 16, 4096, 4096, 256, False),
]


@triton.jit
def old_quant_rows_kernel(
    X, Y, S, M, stride_xb, stride_xh, stride_xn, heads, seq, inv_sqrt_d,
    HEAD_DIM: tl.constexpr, BLOCK: tl.constexpr, SUB: tl.constexpr, ROTATE: tl.constexpr,
):  # fmt: skip
    """``fp8.attention.quant_rows_kernel`` as shipped before: the whole D x D rotation in one product."""
    pid = tl.program_id(0)
    bh = tl.program_id(1)
    b = bh // heads
    h = bh % heads
    offs_d = tl.arange(0, HEAD_DIM)
    if ROTATE:
        m = tl.load(M + offs_d[:, None] * HEAD_DIM + offs_d[None, :])
    blocks = tl.cdiv(seq, BLOCK)
    x_base = X + b.to(tl.int64) * stride_xb + h.to(tl.int64) * stride_xh
    for i in tl.range(0, SUB, num_stages=2):
        blk = pid * SUB + i
        if blk < blocks:
            offs_n = blk * BLOCK + tl.arange(0, BLOCK)
            row_ok = offs_n[:, None] < seq
            x = tl.load(x_base + offs_n[:, None] * stride_xn + offs_d[None, :], mask=row_ok, other=0.0)
            xf = tl.dot(x, m) * inv_sqrt_d if ROTATE else x.to(tl.float32)
            amax = tl.max(tl.max(tl.abs(xf), 1), 0)
            s = tl.maximum(amax, 1e-30) / 448.0
            y = (xf / s).to(Y.dtype.element_ty)
            y_ptrs = Y + bh.to(tl.int64) * seq * HEAD_DIM + offs_n[:, None] * HEAD_DIM + offs_d[None, :]
            tl.store(y_ptrs, y, mask=row_ok)
            tl.store(S + bh * blocks + blk, s)


@contextlib.contextmanager
def kernels(name: str) -> Iterator[None]:
    """For "old", the module's rows kernel and its warps rule swapped for the shipped ones while a pass
    binds them."""
    from gpuaccel.accel.kernels.fp8 import attention as fp8

    saved = fp8.quant_rows_kernel, fp8.rows_warps
    if name == "old":
        fp8.quant_rows_kernel = old_quant_rows_kernel
        fp8.rows_warps = old_rows_warps
    try:
        yield
    finally:
        fp8.quant_rows_kernel, fp8.rows_warps = saved


def old_rows_warps(block: int, head_dim: int, rotate: bool) -> int:
    """The warps the rows kernel was launched with before: 8 from 128 x 128 elements of the whole block."""
    return 8 if block * head_dim >= 128 * 128 else 4


def passes(q: Any, k: Any, v: Any) -> dict[str, Callable[[], Any]]:
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


def check(case: tuple[Any, ...]) -> dict[str, Any]:
    """Both passes on one input: differing bytes, then each one's attention output against fp32."""
    import torch

    from gpuaccel.accel.kernels import reference
    from gpuaccel.accel.kernels.fp8 import attention as fp8
    from gpuaccel.accel.kernels.gluon.fp8 import gluon_fp8_config

    b, hq, hkv, nq, nk, d, causal = case
    gen = torch.Generator(device="cuda").manual_seed(nq * 7 + nk)
    q = torch.randn(b, hq, nq, d, device="cuda", dtype=torch.bfloat16, generator=gen)
    k = torch.randn(b, hkv, nk, d, device="cuda", dtype=torch.bfloat16, generator=gen)
    v = torch.randn(b, hkv, nk, d, device="cuda", dtype=torch.bfloat16, generator=gen)
    cfg = gluon_fp8_config(d)
    p = passes(q, k, v)
    xs = {name: fn() for name, fn in p.items()}
    ref, _ = reference.flash_attention_forward(q.float(), k.float(), v.float(), causal, d**-0.5)
    row: dict[str, Any] = {"case": list(case), "bytes_differ": same_bytes(xs["old"], xs["new"])}
    for name, x in xs.items():
        o = torch.full_like(q, float("nan"))
        lse = torch.full((b, hq, nq), float("nan"), device="cuda")
        fp8.flash_attention_fp8_quantized(x, causal, d**-0.5, cfg, out=(o, lse))
        row[name] = errors(o, ref) | {"nan": bool(o.isnan().any())}
    fp8._PLANS.clear()
    o = fp8.flash_attention_fp8(q, k, v, causal=causal, always_fp8=True)
    row["public"] = errors(o, ref) | {"nan": bool(o.isnan().any())}
    return row


def outlier(causal: bool, d: int) -> dict[str, float]:
    """FlashAttention-3's outlier RMSE (B2 H8 N2048 vs fp64) through each pass and the shipped kernel."""
    from gpuaccel.accel.kernels import reference
    from gpuaccel.accel.kernels.bench.fp8 import outlier_inputs
    from gpuaccel.accel.kernels.fp8 import attention as fp8
    from gpuaccel.accel.kernels.gluon.fp8 import gluon_fp8_config

    q, k, v = outlier_inputs((2, 8, 2048, d))
    ref = reference.flash_attention(q.double(), k.double(), v.double(), causal=causal)
    r = {}
    for name, fn in passes(q.bfloat16(), k.bfloat16(), v.bfloat16()).items():
        o, _ = fp8.flash_attention_fp8_quantized(fn(), causal, d**-0.5, gluon_fp8_config(d))
        r[name] = (o.double() - ref).pow(2).mean().sqrt().item()
    return r


def measure(shape: tuple[int, ...], causal: bool, rounds: int) -> dict[str, Any]:
    import torch
    from triton.testing import do_bench

    from gpuaccel.accel.kernels.bench.attention import attention_flops
    from gpuaccel.accel.kernels.fp8 import attention as fp8
    from gpuaccel.accel.kernels.gluon.fp8 import gluon_fp8_config

    b, h, n, d = shape
    gen = torch.Generator(device="cuda").manual_seed(n + b + d)
    q, k, v = (torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16, generator=gen) for _ in "qkv")
    cfg, scale = gluon_fp8_config(d), d**-0.5
    p = passes(q, k, v)
    xs = {name: fn() for name, fn in p.items()}
    fns: dict[str, Callable[[], Any]] = {"old pass": p["old"], "new pass": p["new"]}
    outs = {}
    for name in ("old", "new"):
        bound: dict[str, Any] = {}
        fns[f"{name} e2e"] = lambda bound=bound, pf=p[name]: fp8.flash_attention_fp8_quantized(
            pf(), causal, scale, cfg, bound=bound
        )
        outs[name] = fns[f"{name} e2e"]()[0]
    fp8._PLANS.clear()
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

    from gpuaccel.accel.kernels.fp8 import attention as fp8

    b, h, n, d = shape
    q, k, v = (torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16) for _ in "qkv")
    fp8._PLANS.clear()
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shapes", nargs="+", default=SHAPES)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)
    import torch

    if not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9:
        print("needs a Hopper (sm_90) GPU", file=sys.stderr)
        return 2
    props = torch.cuda.get_device_properties(0)
    env = {"gpu": torch.cuda.get_device_name(), "sms": props.multi_processor_count,
           "torch": torch.__version__, "triton": triton.__version__, "cuda": torch.version.cuda}  # fmt: skip
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = Path(args.json or Path(__file__).parent / "results" / f"fp8_quant_halves_ab_{stamp}.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    doc: dict[str, Any] = {"what": __doc__.splitlines()[0], "env": env, "argv": argv or sys.argv[1:]}
    doc["formula"] = "TFLOP/s = 4*B*H*N^2*D (halved causal) / do_bench median; e2e from bf16"
    doc["checks"] = [check(c) for c in CHECKS]
    doc["outlier_rmse"] = {f"D{d} causal {c}": outlier(c, d) for d in (128, 256) for c in (False, True)}
    path.write_text(json.dumps(doc, indent=1))
    print(json.dumps(doc["checks"]), json.dumps(doc["outlier_rmse"]), flush=True)
    shapes = [(tuple(int(x) for x in s.split(":")[0].split(",")), s.endswith(":c")) for s in args.shapes]
    if args.profile:
        doc["profile"] = [profile(shape) for shape, causal in shapes if not causal]
        print(json.dumps(doc["profile"]), flush=True)
    doc["rows"] = []
    for shape, causal in shapes:
        doc["rows"].append(measure(shape, causal, args.rounds))
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
    print("outlier RMSE (B2 H8 N2048), old vs new:", doc["outlier_rmse"])
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


if __name__ == "__main__":
    raise SystemExit(main())
