"""FP8 Gluon forward, kernel only: configurations against the shipped one, alternated in one process.

For each shape and causal flag the inputs are quantised once (every variant reads the same e4m3 operands
and scales: the same key block, so the same quantisation layout); each variant runs once into a
NaN-poisoned output, flagged unless it comes back NaN-free and bitwise equal to the shipped
configuration's (the ring depth changes no arithmetic), then ``--rounds`` rounds time every variant in turn
(``triton.testing.do_bench`` medians over bound launches, so the JIT's binding stays out). The JSON keeps
every timing, and per shape the persistent grid's tile balance: tiles of CONSUMERS x 64 rows round-robin
over the SMs, so the slowest program runs ceil(tiles / SMs) tiles while the rows need (rows / SMs).

  python benchmarks/fp8_config_ab.py [--shapes 2,16,8192,128 ...] [--variants 128,4,3 128,2,3 ...]
      [--rounds 3] [--json PATH]
  ncu --clock-control none ... -k regex:gluon_attn_fp8 -c 2 python benchmarks/fp8_config_ab.py --once \
      --shapes 2,16,8192,128 --causal no --variants 128,4,3   (each configuration launched once)
  (a variant is GluonFwdConfig's fields: BLOCK_N,STAGES,CONSUMERS[,CTAS_PER_SM[,Q_BUFS]])
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

SHAPES = ["4,16,4096,128", "2,16,8192,128", "1,16,16384,128"]
# 2026-11-25 also timed 128,3,3,1,2 and 128,4,3,1,2: a second Q buffer, which the launcher now refuses
VARIANTS = ["128,4,3", "128,2,3"]


def tile_balance(shape: tuple[int, ...], consumers: int, sms: int) -> dict[str, Any]:
    """Rows the persistent grid runs (whole tiles, the slowest program's count on every SM) against the
    rows the problem has: the share of the grid's time that does useful work, non-causal."""
    b, h, n, _ = shape
    rows = consumers * 64
    tiles = b * h * -(-n // rows)
    rounds = -(-tiles // sms)
    return {"tiles": tiles, "rounds": rounds, "mean_tiles_per_sm": tiles / sms,
            "useful_share": b * h * n / (rounds * sms * rows)}  # fmt: skip


def measure(shape: tuple[int, ...], causal: bool, variants: list[Any], rounds: int) -> dict[str, Any]:
    import torch
    from triton.testing import do_bench

    from gpuaccel.accel.kernels.bench.attention import attention_flops
    from gpuaccel.accel.kernels.fp8 import attention as fp8

    b, h, n, d = shape
    gen = torch.Generator(device="cuda").manual_seed(n + b)
    q, k, v = (torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16, generator=gen) for _ in "qkv")
    layouts = {fp8.quant_layout(cfg) for cfg in variants}
    assert len(layouts) == 1, f"variants need different quantisation layouts: {layouts}"
    x = fp8.quantize_fp8(q, k, v, *layouts.pop())
    scale = d**-0.5
    flops = attention_flops(b, h, n, n, d, causal, "fwd")
    row: dict[str, Any] = {"shape": list(shape), "causal": causal, "flops": flops, "v": {}}
    outs = []
    for cfg in variants:
        o = torch.full((b, h, n, d), float("nan"), device="cuda", dtype=torch.bfloat16)
        lse = torch.full((b, h, n), float("nan"), device="cuda", dtype=torch.float32)
        bound: dict[str, Any] = {}
        fp8.flash_attention_fp8_quantized(x, causal, scale, cfg, out=(o, lse), bound=bound)
        torch.cuda.synchronize()
        first = outs[0] if outs else (o, lse)
        row["v"][cfg.label()] = {
            "nan": bool(o.isnan().any() or lse.isnan().any()),
            "equal_to_shipped": bool(torch.equal(o, first[0]) and torch.equal(lse, first[1])),
            "ms": [],
        }
        outs.append((o, lse, bound))
    for _ in range(rounds):
        for cfg, (o, lse, bound) in zip(variants, outs, strict=True):
            fn = lambda cfg=cfg, o=o, lse=lse, bound=bound: fp8.flash_attention_fp8_quantized(
                x, causal, scale, cfg, out=(o, lse), bound=bound
            )
            row["v"][cfg.label()]["ms"].append(do_bench(fn, warmup=25, rep=100, return_mode="median"))
    for r in row["v"].values():
        r["tflops"] = [flops / ms / 1e9 for ms in r["ms"]]
        r["median_tflops"] = statistics.median(r["tflops"])
    return row


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shapes", nargs="+", default=SHAPES)
    ap.add_argument("--variants", nargs="+", default=VARIANTS)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--causal", choices=("no", "yes", "both"), default="both")
    ap.add_argument("--json", default=None)
    ap.add_argument("--once", action="store_true", help="launch each configuration once (for ncu), no timing")
    args = ap.parse_args(argv)
    import torch

    if not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9:
        print("needs a Hopper (sm_90) GPU", file=sys.stderr)
        return 2
    import triton

    from gpuaccel.accel.kernels.gluon.fp8 import gluon_fp8_config
    from gpuaccel.accel.kernels.tuning.configs import GluonFwdConfig

    sms = torch.cuda.get_device_properties(0).multi_processor_count
    env = {"gpu": torch.cuda.get_device_name(), "torch": torch.__version__, "triton": triton.__version__}
    shapes = [tuple(int(x) for x in s.split(",")) for s in args.shapes]
    flags = {"no": [False], "yes": [True], "both": [False, True]}[args.causal]
    if args.once:
        from gpuaccel.accel.kernels.fp8 import attention as fp8

        b, h, n, d = shapes[0]
        q, k, v = (torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16) for _ in "qkv")
        variants = [gluon_fp8_config(d)] + [
            GluonFwdConfig(*(int(x) for x in spec.split(","))) for spec in args.variants
        ]
        x = fp8.quantize_fp8(q, k, v, *fp8.quant_layout(variants[0]))
        for cfg in variants:
            fp8.flash_attention_fp8_quantized(x, flags[0], d**-0.5, cfg)
            print("launched", cfg.label())
        torch.cuda.synchronize()
        return 0
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = Path(args.json or Path(__file__).parent / "results" / f"fp8_config_ab_{stamp}.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    doc: dict[str, Any] = {"what": __doc__.splitlines()[0], "env": env, "argv": argv or sys.argv[1:]}
    doc["formula"] = "TFLOP/s = 4*B*H*N^2*D (/2 causal) / do_bench median; kernel only (pre-quantised inputs)"
    doc["rows"] = []
    for shape in shapes:
        shipped = gluon_fp8_config(shape[3])
        variants = [shipped] + [GluonFwdConfig(*(int(x) for x in spec.split(","))) for spec in args.variants]
        for causal in flags:
            row = measure(shape, causal, variants, args.rounds)
            row["tile_balance"] = tile_balance(shape, shipped.consumers, sms)
            doc["rows"].append(row)
            path.write_text(json.dumps(doc, indent=1))
            print(json.dumps(row))
            torch.cuda.empty_cache()
    labels = list(doc["rows"][0]["v"])
    print(f"# {doc['formula']}; {env}")
    print("B,H,N,D | causal | useful share of grid | " + " | ".join(labels) + " (median TFLOP/s; rounds)")
    for row in doc["rows"]:
        cells = []
        for lab in labels:
            r = row["v"][lab]
            bad = ("" if r["equal_to_shipped"] else " NOT EQUAL") + (" NaN" if r["nan"] else "")
            cells.append(f"{r['median_tflops']:.0f} ({'/'.join(f'{t:.0f}' for t in r['tflops'])}){bad}")
        head = f"{','.join(map(str, row['shape']))} | {'yes' if row['causal'] else 'no'}"
        print(f"{head} | {row['tile_balance']['useful_share']:.3f} | " + " | ".join(cells))
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
