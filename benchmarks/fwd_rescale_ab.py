"""Gluon forward, kernel only: O's rescale skipped while a row's max holds (conditional rescaling) against
rescaling every block.

Variants (``GluonFwdConfig.rescale_log2`` / ``rescale_warp``): ``off`` (every block, the shipped path),
``r<T>`` (a row keeps a stale max until the block's exceeds it by more than T in log2 units; O is rescaled
when any row of the warpgroup moved, an scf.if on a reduction over the rows), ``r<T>w`` (decided per warp
by a vote, the multiplies behind a warp-uniform branch in inline PTX). bf16 shapes run the bf16 kernel
(``gluon.fwd``), fp8 shapes the e4m3 kernel (``gluon.fp8``) on inputs quantised once.

``--check``: every variant on random inputs and on crafted ones (``bench.attention.rescale_inputs``: a
row max that jumps by ~10 log2 units mid-row, one that creeps up by less than T a block but more than T
in all, one that never grows after the first block), into NaN-poisoned o/lse, against an fp32 reference
(FP8: on the dequantised inputs): bf16 must stay within 2x plain PyTorch in bf16, FP8 within 2x the
shipped kernel's error. Then ``--rounds`` alternated rounds time every variant on each shape
(``bench.attention.median_ms``), the first variant twice (the spread between timings of one kernel), and
bf16 shapes cuDNN's SDPA (the forward target's yardstick). The JSON keeps every timing.

  python benchmarks/fwd_rescale_ab.py [--check] [--shapes bf16:4,32,4096,64 fp8:2,16,8192,128:c ...]
      [--variants off r8 r8w] [--rounds 7] [--json PATH]
  ncu --clock-control none --metrics smsp__inst_executed.sum -k regex:gluon_attn \\
      python benchmarks/fwd_rescale_ab.py --once --shapes ...   (each variant launched once per shape)
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from gpuaccel.accel.kernels.bench.attention import RESCALE_PATTERNS, plain_attention, rescale_inputs

SHAPES = ["bf16:4,32,4096,64", "bf16:4,32,4096,64:c", "bf16:2,16,8192,128", "fp8:2,16,8192,128",
          "fp8:1,16,16384,128", "fp8:4,16,4096,128", "fp8:2,16,8192,128:c"]  # fmt: skip
VARIANTS = ["off", "r8", "r8w"]
CHECKS = [  # kind, B, Hq, Hkv, Nq, Nk, D, causal (each the configuration its benchmark shape runs)
    ("bf16", 1, 4, 4, 2304, 2560, 64, False),  # three consumers, 128-key blocks
    ("bf16", 1, 4, 2, 2304, 2304, 64, True),
    ("bf16", 2, 4, 4, 1000, 1000, 64, True),  # two programs per SM, PV inside the block
    ("bf16", 1, 4, 4, 1024, 2048, 128, False),
    ("bf16", 1, 4, 4, 700, 1100, 128, True),
    ("fp8", 1, 4, 4, 1024, 2048, 128, False),
    ("fp8", 1, 4, 2, 2049, 2047, 128, True),
]


def variant_cfg(base: Any, name: str) -> Any:
    """``off`` -> base; ``r<T>[w]`` -> base with rescale_log2 T (and rescale_warp)."""
    if name == "off":
        return replace(base, rescale_log2=0.0, rescale_warp=False)
    warp = name.endswith("w")
    return replace(base, rescale_log2=float(name[1:].rstrip("w")), rescale_warp=warp)


def _launcher(kind: str, q: Any, k: Any, v: Any, causal: bool, cfg: Any, o: Any, lse: Any) -> Any:
    """A bound launch of the kernel ``kind`` with ``cfg`` into o/lse (FP8: on inputs quantised here)."""
    d = q.shape[-1]
    scale = d**-0.5
    bound: dict[str, Any] = {}
    if kind == "fp8":
        from gpuaccel.accel.kernels.fp8 import attention as fp8

        x = fp8.quantize_fp8(q, k, v, *fp8.quant_layout(cfg))
        return lambda: fp8.flash_attention_fp8_quantized(x, causal, scale, cfg, out=(o, lse), bound=bound)
    from gpuaccel.accel.kernels.gluon.fwd import launch_gluon_fwd

    return lambda: launch_gluon_fwd(q, k, v, o, lse, causal, scale, cfg, bound)


def base_cfg(kind: str, nq: int, nk: int, d: int, causal: bool = False) -> Any:
    if kind == "fp8":
        from gpuaccel.accel.kernels.gluon.fp8 import gluon_fp8_config

        return gluon_fp8_config(d)
    from gpuaccel.accel.kernels.tuning.configs import gluon_fwd_config

    return gluon_fwd_config(d, nq, nk, causal)


def check(case: tuple[Any, ...], pattern: str, variants: list[str]) -> dict[str, Any]:
    import torch

    from gpuaccel.accel.kernels import reference
    from gpuaccel.accel.kernels.fp8 import attention as fp8

    kind, b, hq, hkv, nq, nk, d, causal = case
    q, k, v = rescale_inputs(b, hq, hkv, nq, nk, d, pattern, seed=nq + nk + d)
    scale = d**-0.5
    base = base_cfg(kind, nq, nk, d)
    if kind == "fp8":
        rq, rk, rv = fp8.dequantize(fp8.quantize_fp8(q, k, v, *fp8.quant_layout(base)))
    else:
        rq, rk, rv = q.float(), k.float(), v.float()
    ro, rl = reference.flash_attention_forward(rq, rk, rv, causal, scale)
    fin = torch.isfinite(rl)
    row: dict[str, Any] = {"case": list(case), "pattern": pattern, "v": {}}
    if kind == "bf16":
        row["torch_bf16_o_max"] = (plain_attention(q, k, v, causal, scale).float() - ro).abs().max().item()
    for name in variants:
        o = torch.full_like(q, float("nan"))
        lse = torch.full((b, hq, nq), float("nan"), device="cuda")
        _launcher(kind, q, k, v, causal, variant_cfg(base, name), o, lse)()
        torch.cuda.synchronize()
        row["v"][name] = {
            "nan": bool(o.isnan().any() or lse.isnan().any()),
            "o_max": (o.float() - ro).abs().max().item(),
            "o_rel_l2": ((o.float() - ro).norm() / ro.norm()).item(),
            "lse_max": (lse[fin] - rl[fin]).abs().max().item(),
            "inf_rows_match": bool((lse[~fin] == rl[~fin]).all()),
        }
    bar = row["torch_bf16_o_max"] if kind == "bf16" else row["v"]["off"]["o_max"]
    row["ok"] = all(
        not r["nan"] and r["inf_rows_match"] and r["o_max"] <= 2 * bar + 1e-6 and r["lse_max"] < 1e-2
        for r in row["v"].values()
    )
    return row


def measure(spec: str, variants: list[str], rounds: int) -> dict[str, Any]:
    import torch

    from gpuaccel.accel.kernels.bench.attention import attention_flops, median_ms

    kind, dims, *rest = spec.split(":")
    causal = rest == ["c"]
    b, h, n, d = (int(x) for x in dims.split(","))
    q, k, v = rescale_inputs(b, h, h, n, n, d, "random", seed=n + b)
    flops = attention_flops(b, h, n, n, d, causal, "fwd")
    base = base_cfg(kind, n, n, d, causal)
    names = [*variants, f"{variants[0]} again"]
    fns = {}
    for name in names:
        o, lse = torch.empty_like(q), torch.empty(b, h, n, device="cuda")
        fns[name] = _launcher(kind, q, k, v, causal, variant_cfg(base, name.split()[0]), o, lse)
        fns[name]()
    if kind == "bf16":  # the target's yardstick, timed in the same rounds
        from gpuaccel.accel.kernels.bench.attention import implementation

        cudnn = implementation("sdpa_cudnn", "bf16")
        fns["cudnn"] = lambda: cudnn(q, k, v, causal)
        names.append("cudnn")
    torch.cuda.synchronize()
    row: dict[str, Any] = {
        "shape": spec,
        "flops": flops,
        "cfg": base.label(),
        "v": {n_: {"ms": []} for n_ in names},
    }
    for _ in range(rounds):
        for name, fn in fns.items():
            row["v"][name]["ms"].append(median_ms(fn))
    for r in row["v"].values():
        r["median_ms"] = statistics.median(r["ms"])
        r["median_tflops"] = flops / r["median_ms"] / 1e9
    first = row["v"][variants[0]]["ms"]
    for name in names[1:]:
        if name == "cudnn":
            row["v"][name]["ours_over_cudnn"] = {
                n_: row["v"]["cudnn"]["median_ms"] / row["v"][n_]["median_ms"] for n_ in variants
            }
        row["v"][name]["speedup_per_round"] = [
            a / s for a, s in zip(first, row["v"][name]["ms"], strict=True)
        ]
    return row


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shapes", nargs="+", default=SHAPES)
    ap.add_argument("--variants", nargs="+", default=VARIANTS)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--check", action="store_true", help="the correctness cases first")
    ap.add_argument("--check-only", action="store_true")
    ap.add_argument("--once", action="store_true", help="launch each variant once per shape (for ncu)")
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)
    import torch

    if not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9:
        print("needs a Hopper (sm_90) GPU", file=sys.stderr)
        return 2
    from gpuaccel.accel.kernels.bench.attention import environment

    if args.once:
        for spec in args.shapes:
            kind, dims, *rest = spec.split(":")
            b, h, n, d = (int(x) for x in dims.split(","))
            q, k, v = rescale_inputs(b, h, h, n, n, d, "random", seed=n + b)
            for name in args.variants:
                cfg = variant_cfg(base_cfg(kind, n, n, d), name)
                _launcher(
                    kind,
                    q,
                    k,
                    v,
                    rest == ["c"],
                    cfg,
                    torch.empty_like(q),
                    torch.empty(b, h, n, device="cuda"),
                )()
                torch.cuda.synchronize()
                print("launched", spec, name, cfg.label(), flush=True)
        return 0
    env = environment()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = Path(args.json or Path(__file__).parent / "results" / f"fwd_rescale_ab_{stamp}.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    doc: dict[str, Any] = {"what": __doc__.splitlines()[0], "env": env, "argv": argv or sys.argv[1:]}
    doc["formula"] = (
        "TFLOP/s = 4*B*H*N^2*D (halved causal) / do_bench median; kernel only (FP8: pre-quantised)"
    )
    doc["checks"], doc["rows"] = [], []
    if args.check or args.check_only:
        kinds = {spec.split(":")[0] for spec in args.shapes}  # the checks of the kernels timed here
        for case in (c for c in CHECKS if c[0] in kinds):
            for pattern in RESCALE_PATTERNS:
                doc["checks"].append(check(case, pattern, args.variants))
                path.write_text(json.dumps(doc, indent=1))
                print(json.dumps(doc["checks"][-1]), flush=True)
    if not args.check_only:
        for spec in args.shapes:
            doc["rows"].append(measure(spec, args.variants, args.rounds))
            path.write_text(json.dumps(doc, indent=1))
            print(json.dumps(doc["rows"][-1]), flush=True)
            torch.cuda.empty_cache()
    print(f"# {doc['formula']}; {env}")
    if doc["checks"]:
        names = " / ".join(args.variants)
        print(f"check kind,B,Hq,Hkv,Nq,Nk,D,causal | pattern | o max err {names} | bar | ok")
        for c in doc["checks"]:
            errs = " / ".join(f"{c['v'][n]['o_max']:.4f}" for n in args.variants)
            bar = c.get("torch_bf16_o_max", c["v"]["off"]["o_max"])
            print(f"{','.join(map(str, c['case']))} | {c['pattern']} | {errs} | {bar:.4f} | {c['ok']}")
    if doc["rows"]:
        names = [*args.variants, f"{args.variants[0]} again"]
        head = "shape | cfg | TFLOP/s " + " / ".join(names) + " (/ cudnn) | speedup vs " + args.variants[0]
        print(head + " per variant: median of rounds (min-max) | ours/cudnn per variant")
        for r in doc["rows"]:
            rates = " / ".join(f"{r['v'][n]['median_tflops']:.0f}" for n in [*names, "cudnn"] if n in r["v"])
            sp = " ; ".join(
                f"{n} {statistics.median(r['v'][n]['speedup_per_round']):.3f} "
                f"({min(r['v'][n]['speedup_per_round']):.3f}-{max(r['v'][n]['speedup_per_round']):.3f})"
                for n in names[1:]
            )
            vs = r["v"].get("cudnn", {}).get("ours_over_cudnn")
            tail = " | vs cudnn " + " / ".join(f"{x:.3f}" for x in vs.values()) if vs else ""
            print(f"{r['shape']} | {r['cfg']} | {rates} | {sp}{tail}")
    print(f"wrote {path}")
    return 0 if all(c["ok"] for c in doc["checks"]) else 1


if __name__ == "__main__":
    raise SystemExit(main())
