"""FP8 Gluon forward, kernel only: the grid's tail cut along the keys (split) against one pass (old).

The persistent kernel runs tiles of CONSUMERS x 64 rows round-robin over the SMs; non-causal, the last
round is partly empty (at D128 on 132 SMs: 11 rounds for 10.4 of work at 4,16,4096 / 2,16,8192 /
1,16,16384). The split cuts that round's tiles into key ranges (``gluon.sched.split_pieces``) and merges
their partial O and LSE in a second launch (``gluon.merge``).

``--check``: at odd shapes (GQA, ragged keys and rows, one round or several, D64 and D128, pieces forced
or chosen) both schedules run into NaN-poisoned o/lse, and each is compared with an fp32 reference on the
dequantised inputs (the kernel's own error): the split must write every element and stay within 2x the
one-pass kernel's max error, and every tile before the tail must give the one-pass kernel's bytes. Then
``--rounds`` rounds time old, split and old again in turn on each shape
(``triton.testing.do_bench`` medians over bound launches; the second old copy shows the spread between
timings of one kernel), and the merge launch alone. The JSON keeps every timing.

  python benchmarks/fp8_split_ab.py [--check] [--shapes 2,16,8192,128 ...] [--rounds 7] [--json PATH]
  python benchmarks/fp8_split_ab.py --e2e --shapes ...   (end to end from bf16: one pass, split, public call)
  ncu --clock-control none --cache-control none --section SpeedOfLight \\
      -k regex:"gluon_attn_fp8|split_merge" python benchmarks/fp8_split_ab.py --once --shapes 2,16,8192,128
      (each schedule launched once per shape; ":S" after a shape forces S pieces)
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

# the three D128 shapes of the 11-round tail, a short one with three rounds, a D64 one the model cuts;
# ":S" times S pieces where the model would not cut (to show what it declines)
SHAPES = ["4,16,4096,128:3", "2,16,8192,128", "1,16,16384,128", "2,16,2048,128:3", "1,5,8192,64"]
CHECKS = [  # B, Hq, Hkv, Nq, Nk, D, pieces (None: as the cost model says)
    (2, 16, 16, 8192, 8192, 128, None),
    (4, 16, 16, 4096, 4096, 128, 3),
    (3, 6, 3, 2049, 2047, 128, 2),  # two rounds, ragged keys and rows, GQA
    (1, 8, 2, 1000, 3001, 128, 3),  # one round of 48 tiles in 144 pieces: some programs run two
    (2, 4, 4, 700, 1100, 64, 4),  # D64's 256-key blocks: pieces of one or two blocks
    (1, 5, 5, 8192, 8192, 64, None),
]


def _reference(x: Any, scale: float) -> tuple[Any, Any]:
    """fp32 attention on the dequantised operands, one head at a time (no N x N tensor for all heads)."""
    import torch

    from gpuaccel.accel.kernels.fp8 import attention as fp8

    q, k, v = fp8.dequantize(x)
    b, hq, nq, d = q.shape
    group = hq // k.shape[1]
    o = torch.empty(b, hq, nq, d, device=q.device)
    lse = torch.empty(b, hq, nq, device=q.device)
    for i in range(b):
        for h in range(hq):
            s = q[i, h] @ k[i, h // group].T * scale
            lse[i, h] = torch.logsumexp(s, -1)
            o[i, h] = torch.softmax(s, -1) @ v[i, h // group]
    return o, lse


def _errors(o: Any, lse: Any, ref: tuple[Any, Any]) -> dict[str, Any]:
    ro, rl = ref
    diff = o.float() - ro
    return {
        "nan": bool(o.isnan().any() or lse.isnan().any()),
        "o_max": diff.abs().max().item(),
        "o_rel_l2": (diff.norm() / ro.norm()).item(),
        "lse_max": (lse - rl).abs().max().item(),
    }


def check(case: tuple[Any, ...]) -> dict[str, Any]:
    import torch

    from gpuaccel.accel.kernels.fp8 import attention as fp8
    from gpuaccel.accel.kernels.gluon.fp8 import gluon_fp8_config
    from gpuaccel.accel.kernels.gluon.tiles import split_tile_walk

    b, hq, hkv, nq, nk, d, pieces = case
    gen = torch.Generator(device="cuda").manual_seed(nq * 7 + nk)
    q = torch.randn(b, hq, nq, d, device="cuda", dtype=torch.bfloat16, generator=gen)
    k, v = (torch.randn(b, hkv, nk, d, device="cuda", dtype=torch.bfloat16, generator=gen) for _ in "kv")
    cfg = gluon_fp8_config(d)
    x = fp8.quantize_fp8(q, k, v, *fp8.quant_layout(cfg))
    scale = d**-0.5
    _, _, cut = split_tile_walk(x.q, x.k, cfg.block_n, cfg.consumers, None, pieces)
    ref = _reference(x, scale)
    row: dict[str, Any] = {"case": list(case), "cut": list(cut) if cut else None}
    outs = {}
    for name, split in (("old", 1), ("split", pieces)):
        o = torch.full((b, hq, nq, d), float("nan"), device="cuda", dtype=torch.bfloat16)
        lse = torch.full((b, hq, nq), float("nan"), device="cuda", dtype=torch.float32)
        fp8.flash_attention_fp8_quantized(x, False, scale, cfg, out=(o, lse), split=split)
        torch.cuda.synchronize()
        row[name] = _errors(o, lse, ref)
        outs[name] = (o, lse)
    row["split_vs_old_o_max"] = (outs["split"][0].float() - outs["old"][0].float()).abs().max().item()
    if cut is not None:  # tiles before the tail run the same steps in both schedules: the same bytes
        rows = cfg.consumers * 64
        num_m = -(-nq // rows)
        tile = torch.arange(b * hq, device="cuda")[:, None] * num_m + torch.arange(nq, device="cuda") // rows
        whole = (tile < cut[1]).reshape(b, hq, nq)
        row["whole_tiles_equal"] = bool(
            torch.equal(outs["split"][0][whole], outs["old"][0][whole])
            and torch.equal(outs["split"][1][whole], outs["old"][1][whole])
        )
    old, new = row["old"], row["split"]
    row["ok"] = bool(
        cut is not None
        and row["whole_tiles_equal"]
        and not new["nan"]
        and not old["nan"]
        and new["o_max"] <= 2 * old["o_max"]
        and new["o_rel_l2"] <= 2 * old["o_rel_l2"]
        and new["lse_max"] <= 2 * old["lse_max"] + 1e-4
    )
    return row


def measure(shape: tuple[int, ...], rounds: int, pieces: int | None = None) -> dict[str, Any]:
    import torch
    from triton.testing import do_bench

    from gpuaccel.accel.kernels.bench.attention import attention_flops
    from gpuaccel.accel.kernels.fp8 import attention as fp8
    from gpuaccel.accel.kernels.gluon.fp8 import gluon_fp8_config
    from gpuaccel.accel.kernels.gluon.merge import launch_split_merge, split_scratch
    from gpuaccel.accel.kernels.gluon.tiles import split_tile_walk

    b, h, n, d = shape
    gen = torch.Generator(device="cuda").manual_seed(n + b)
    q, k, v = (torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16, generator=gen) for _ in "qkv")
    cfg = gluon_fp8_config(d)
    x = fp8.quantize_fp8(q, k, v, *fp8.quant_layout(cfg))
    scale = d**-0.5
    flops = attention_flops(b, h, n, n, d, False, "fwd")
    _, walk, cut = split_tile_walk(x.q, x.k, cfg.block_n, cfg.consumers, None, pieces)
    row: dict[str, Any] = {"shape": list(shape), "flops": flops, "cut": list(cut) if cut else None, "v": {}}
    variants = {"old": 1, "split": pieces, "old again": 1}
    fns = {}
    for name, split in variants.items():
        o = torch.empty(b, h, n, d, device="cuda", dtype=torch.bfloat16)
        lse = torch.empty(b, h, n, device="cuda", dtype=torch.float32)
        bound: dict[str, Any] = {}
        fns[name] = lambda o=o, lse=lse, bound=bound, split=split: fp8.flash_attention_fp8_quantized(
            x, False, scale, cfg, out=(o, lse), bound=bound, split=split
        )
        fns[name]()
        row["v"][name] = {"ms": []}
    if cut:
        part = split_scratch(cut[0] * cut[2], cfg.consumers * 64, d, q.device)
        part[0].normal_()
        part[1].normal_()
        o, lse = torch.empty_like(q), torch.empty(b, h, n, device="cuda")
        fns["merge alone"] = lambda: launch_split_merge(part, o, lse, walk[4], cut)
        row["v"]["merge alone"] = {"ms": []}
    torch.cuda.synchronize()
    for _ in range(rounds):
        for name, fn in fns.items():
            row["v"][name]["ms"].append(do_bench(fn, warmup=25, rep=100, return_mode="median"))
    for name, r in row["v"].items():
        r["median_ms"] = statistics.median(r["ms"])
        if name != "merge alone":
            r["tflops"] = [flops / ms / 1e9 for ms in r["ms"]]
            r["median_tflops"] = statistics.median(r["tflops"])
    old, new = row["v"]["old"]["ms"], row["v"]["split"]["ms"]
    row["speedup_per_round"] = [a / s for a, s in zip(old, new, strict=True)]
    row["old_spread_per_round"] = [a / c for a, c in zip(old, row["v"]["old again"]["ms"], strict=True)]
    return row


def measure_e2e(shape: tuple[int, ...], rounds: int) -> dict[str, Any]:
    """End to end from bf16 (quantisation included), bound launches as a planned call runs them: the one
    pass against the split, and the public call (``flash_attention_fp8(..., always_fp8=True)``, planned)."""
    import torch
    from triton.testing import do_bench

    from gpuaccel.accel.kernels.bench.attention import attention_flops
    from gpuaccel.accel.kernels.dense.attention import forget_plans
    from gpuaccel.accel.kernels.fp8 import attention as fp8
    from gpuaccel.accel.kernels.gluon.fp8 import gluon_fp8_config

    b, h, n, d = shape
    gen = torch.Generator(device="cuda").manual_seed(n + b + 1)
    q, k, v = (torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16, generator=gen) for _ in "qkv")
    cfg = gluon_fp8_config(d)
    layout, m, scale = fp8.quant_layout(cfg), fp8._signed_hadamard(d, str(q.device), q.dtype), d**-0.5
    flops = attention_flops(b, h, n, n, d, False, "fwd")
    fns, outs = {}, {}
    for name, split in (("old e2e", 1), ("split e2e", None)):
        bound: dict[str, Any] = {}
        fns[name] = lambda bound=bound, split=split: fp8.flash_attention_fp8_quantized(
            fp8._quantize(q, k, v, m, *layout, bound), False, scale, cfg, bound=bound, split=split
        )
        outs[name] = fns[name]()[0]
    forget_plans()
    fns["public call"] = lambda: fp8.flash_attention_fp8(q, k, v, always_fp8=True)
    outs["public call"] = fns["public call"]()
    torch.cuda.synchronize()
    row: dict[str, Any] = {"shape": list(shape), "flops": flops, "public_equals_split":
                           bool(torch.equal(outs["public call"], outs["split e2e"])), "v": {}}  # fmt: skip
    row["v"] = {name: {"ms": []} for name in fns}
    for _ in range(rounds):
        for name, fn in fns.items():
            row["v"][name]["ms"].append(do_bench(fn, warmup=25, rep=100, return_mode="median"))
    for r in row["v"].values():
        r["median_ms"] = statistics.median(r["ms"])
        r["median_tflops"] = flops / r["median_ms"] / 1e9
    old, new = row["v"]["old e2e"]["ms"], row["v"]["split e2e"]["ms"]
    row["speedup_per_round"] = [a / s for a, s in zip(old, new, strict=True)]
    return row


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shapes", nargs="+", default=SHAPES)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--check", action="store_true", help="the correctness cases first")
    ap.add_argument("--json", default=None)
    ap.add_argument("--once", action="store_true", help="launch each schedule once (for ncu), no timing")
    ap.add_argument("--e2e", action="store_true", help="time end to end from bf16 instead of the kernel")
    args = ap.parse_args(argv)
    import torch

    if not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9:
        print("needs a Hopper (sm_90) GPU", file=sys.stderr)
        return 2
    import triton

    from gpuaccel.accel.kernels.gluon.sched import split_pieces

    forced = [int(s.split(":")[1]) if ":" in s else None for s in args.shapes]
    shapes = [tuple(int(x) for x in s.split(":")[0].split(",")) for s in args.shapes]
    if args.once:
        from gpuaccel.accel.kernels.fp8 import attention as fp8
        from gpuaccel.accel.kernels.gluon.fp8 import gluon_fp8_config

        for (b, h, n, d), pieces in zip(shapes, forced, strict=True):
            q, k, v = (torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16) for _ in range(3))
            cfg = gluon_fp8_config(d)
            x = fp8.quantize_fp8(q, k, v, *fp8.quant_layout(cfg))
            for split in (1, pieces):
                fp8.flash_attention_fp8_quantized(x, False, d**-0.5, cfg, split=split)
                print("launched", (b, h, n, d), "old" if split == 1 else f"split {pieces}", flush=True)
            torch.cuda.synchronize()
            del q, k, v, x
        return 0
    props = torch.cuda.get_device_properties(0)
    env = {"gpu": torch.cuda.get_device_name(), "sms": props.multi_processor_count,
           "torch": torch.__version__, "triton": triton.__version__, "cuda": torch.version.cuda}  # fmt: skip
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = Path(args.json or Path(__file__).parent / "results" / f"fp8_split_ab_{stamp}.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    doc: dict[str, Any] = {"what": __doc__.splitlines()[0], "env": env, "argv": argv or sys.argv[1:]}
    doc["formula"] = "TFLOP/s = 4*B*H*N^2*D / do_bench median; kernel only (pre-quantised inputs), non-causal"
    doc["checks"], doc["rows"] = [], []
    if args.e2e:
        doc["formula"] = "TFLOP/s = 4*B*H*N^2*D / do_bench median; e2e from bf16 (quantisation included)"
        for shape in shapes:
            doc["rows"].append(measure_e2e(shape, args.rounds))
            path.write_text(json.dumps(doc, indent=1))
            print(json.dumps(doc["rows"][-1]), flush=True)
            torch.cuda.empty_cache()
        print(f"# {doc['formula']}; {env}")
        print("B,H,N,D | old e2e TFLOP/s | split e2e | public call | split/old (median of rounds; min-max) "
              "| public call = split e2e bytes")  # fmt: skip
        for r in doc["rows"]:
            v, sp = r["v"], r["speedup_per_round"]
            print(
                f"{','.join(map(str, r['shape']))} | {v['old e2e']['median_tflops']:.0f} | "
                f"{v['split e2e']['median_tflops']:.0f} | {v['public call']['median_tflops']:.0f} | "
                f"{statistics.median(sp):.3f} ({min(sp):.3f}-{max(sp):.3f}) | {r['public_equals_split']}"
            )
        print(f"wrote {path}")
        return 0
    if args.check:
        for case in CHECKS:
            row = check(case)
            doc["checks"].append(row)
            path.write_text(json.dumps(doc, indent=1))
            print(json.dumps(row), flush=True)
            torch.cuda.empty_cache()
    for shape, pieces in zip(shapes, forced, strict=True):
        row = measure(shape, args.rounds, pieces)
        from gpuaccel.accel.kernels.gluon.fp8 import gluon_fp8_config

        cfg = gluon_fp8_config(shape[3])
        tiles = shape[0] * shape[1] * -(-shape[2] // (cfg.consumers * 64))
        blocks = -(-shape[2] // cfg.block_n)
        row["tiles"], row["model_pieces"] = tiles, split_pieces(tiles, blocks, env["sms"])
        doc["rows"].append(row)
        path.write_text(json.dumps(doc, indent=1))
        print(json.dumps(row), flush=True)
        torch.cuda.empty_cache()
    print(f"# {doc['formula']}; {env}")
    if doc["checks"]:
        print("check B,Hq,Hkv,Nq,Nk,D,pieces | cut (pieces, tail0, tail) | o max err old / split | "
              "rel L2 old / split | lse max err old / split | ok")  # fmt: skip
        for c in doc["checks"]:
            o, s = c["old"], c["split"]
            print(f"{','.join(map(str, c['case']))} | {c['cut']} | {o['o_max']:.4f} / {s['o_max']:.4f} | "
                  f"{o['o_rel_l2']:.4f} / {s['o_rel_l2']:.4f} | {o['lse_max']:.5f} / {s['lse_max']:.5f} | "
                  f"{c['ok']}")  # fmt: skip
    print("B,H,N,D | tiles | pieces (model's) | old TFLOP/s | split | old again | split/old of medians "
          "(median of rounds; min-max) | old/old again | merge alone us")  # fmt: skip
    for r in doc["rows"]:
        v = r["v"]
        sp = r["speedup_per_round"]
        merge_us = f"{v['merge alone']['median_ms'] * 1e3:.1f}" if "merge alone" in v else "-"
        same = r["old_spread_per_round"]
        print(
            f"{','.join(map(str, r['shape']))} | {r['tiles']} | {r['cut'][0] if r['cut'] else 1} "
            f"({r['model_pieces']}) | {v['old']['median_tflops']:.0f} | {v['split']['median_tflops']:.0f} | "
            f"{v['old again']['median_tflops']:.0f} | {v['old']['median_ms'] / v['split']['median_ms']:.3f} "
            f"({statistics.median(sp):.3f}; {min(sp):.3f}-{max(sp):.3f}) | {statistics.median(same):.3f} "
            f"({min(same):.3f}-{max(same):.3f}) | {merge_us}"
        )
    print(f"wrote {path}")
    return 0 if all(c["ok"] for c in doc["checks"]) else 1


if __name__ == "__main__":
    raise SystemExit(main())
