"""Gluon forward, kernel only: variants of the causal tile walk against the shipped configuration.

Why: at D64 the causal forward ran 0.96x cuDNN at 4,32,4096 while non-causal ran 1.06x; a causal tile is
half as long on average, so what a tile costs once (its first block, masked whatever it holds; the
diagonal block, masked again; the epilogue) weighs twice as much. Variants are the head dim's shipped
``GluonFwdConfig`` with ``:``-joined changes:

  base   the configuration shipped before this A/B: ``gluon_fwd_config(d, n, n, causal)`` with the causal
         walk's fields off (``diag_first``, ``pad_top``; ``tuning.configs.CAUSAL_WALK``)
  shipped  ``gluon_fwd_config`` as it is now
  df     ``diag_first``: each tile's key blocks last first, so a slice's masked blocks lead
  pad    ``pad_top``: causal tiles laid from the last query row up (the grid's padding rows first)
  q2     two Q buffers per consumer;  otma: O by one TMA store;  s3 / s4: ring depth
  r8 / r8w  conditional rescaling per warpgroup / per warp;  r0: off

``--check``: every variant on the D64/D128 causal and non-causal cases below (ragged, Nq != Nk both ways,
GQA, fp16), into NaN-poisoned o/lse, against an fp32 reference: within 2x plain PyTorch in the inputs'
dtype (the forward standard), lse within 1e-2, rows that see no key -inf. Then ``--rounds`` alternated
rounds time every variant on each shape (``bench.attention.median_ms``), the first variant twice (the
spread of one kernel timed twice), and cuDNN's SDPA in the same rounds. The JSON keeps every timing.

  python benchmarks/fwd_causal_ab.py [--check] [--shapes 4,32,4096,64:c 2,32,8192,64:c ...]
      [--variants base df df:flip] [--rounds 7] [--json PATH]
  ncu --clock-control none ... python benchmarks/fwd_causal_ab.py --once ...   (each variant, then cuDNN,
      launched once per shape)
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

SHAPES = ["4,32,4096,64:c", "2,32,8192,64:c", "4,32,4096,64"]
VARIANTS = ["base", "df"]
CHECKS = [  # B, Hq, Hkv, Nq, Nk, D, causal, dtype ("bf16"/"fp16")
    (1, 4, 4, 2304, 2304, 64, True, "bf16"),
    (1, 4, 2, 2000, 2500, 64, True, "bf16"),  # Nq < Nk: the diagonal off the block grid
    (1, 4, 4, 2500, 2000, 64, True, "fp16"),  # Nq > Nk: leading rows see no key
    (2, 4, 4, 3077, 3077, 64, True, "bf16"),  # ragged: the diagonal block is also the ragged end
    (1, 4, 4, 2304, 2560, 64, False, "bf16"),
    (1, 4, 4, 2600, 2599, 64, False, "fp16"),
    (1, 4, 4, 2600, 2599, 64, True, "fp16"),  # padding rows not a multiple of 64 (pad_top: 64 + 40)
    (1, 4, 4, 1100, 1700, 128, True, "bf16"),
    (2, 4, 4, 2100, 2100, 128, True, "bf16"),
    (1, 4, 2, 2048, 2048, 128, False, "bf16"),
]
CHANGES = {
    "df": {"diag_first": True},
    "pad": {"pad_top": True},
    "q2": {"q_bufs": 2},
    "otma": {"o_tma": True},
    "s2": {"stages": 2},
    "s3": {"stages": 3},
    "s4": {"stages": 4},
    "r0": {"rescale_log2": 0.0, "rescale_warp": False},
    "r8": {"rescale_log2": 8.0, "rescale_warp": False},
    "r8w": {"rescale_log2": 8.0, "rescale_warp": True},
}


def variant_cfg(name: str, d: int, nq: int, nk: int, causal: bool) -> Any:
    """``base[:change...]`` -> the configuration before the causal walk with those changes
    (:data:`CHANGES`); ``shipped`` -> ``gluon_fwd_config`` as it is."""
    from gpuaccel.accel.kernels.tuning.configs import gluon_fwd_config

    cfg = gluon_fwd_config(d, nq, nk, causal)
    if name == "shipped":
        return cfg
    cfg = replace(cfg, diag_first=False, pad_top=False)
    for tok in name.split(":"):
        if tok != "base":
            cfg = replace(cfg, **CHANGES[tok])
    return cfg


def _launcher(q: Any, k: Any, v: Any, causal: bool, cfg: Any, o: Any, lse: Any) -> Any:
    """A bound launch of the Gluon forward with ``cfg`` into o/lse (what a repeated call runs)."""
    from gpuaccel.accel.kernels.gluon.fwd import launch_gluon_fwd

    bound: dict[str, Any] = {}
    scale = q.shape[-1] ** -0.5
    return lambda: launch_gluon_fwd(q, k, v, o, lse, causal, scale, cfg, bound)


def check(case: tuple[Any, ...], variants: list[str]) -> dict[str, Any]:
    import torch

    from gpuaccel.accel.kernels import reference
    from gpuaccel.accel.kernels.bench.attention import plain_attention

    b, hq, hkv, nq, nk, d, causal, dt = case
    dtype = torch.bfloat16 if dt == "bf16" else torch.float16
    gen = torch.Generator(device="cuda").manual_seed(nq * 7 + nk + d)
    q = torch.randn(b, hq, nq, d, device="cuda", generator=gen).to(dtype)
    k, v = (torch.randn(b, hkv, nk, d, device="cuda", generator=gen).to(dtype) for _ in range(2))
    scale = d**-0.5
    ro, rl = reference.flash_attention_forward(q.float(), k.float(), v.float(), causal, scale)
    fin = torch.isfinite(rl)
    bar = (plain_attention(q, k, v, causal, scale).float() - ro).abs().max().item()
    row: dict[str, Any] = {"case": list(case), "plain_o_max": bar, "v": {}}
    for name in variants:
        cfg = variant_cfg(name, d, nq, nk, causal)
        o = torch.full_like(q, float("nan"))
        lse = torch.full((b, hq, nq), float("nan"), device="cuda")
        try:
            _launcher(q, k, v, causal, cfg, o, lse)()
            torch.cuda.synchronize()
        except Exception as e:  # a configuration this head dim cannot hold (shared memory): said, not hidden
            row["v"][name] = {"cfg": cfg.label(), "error": f"{type(e).__name__}: {e}"[:300]}
            continue
        row["v"][name] = {
            "cfg": cfg.label(),
            "nan": bool(o.isnan().any() or lse.isnan().any()),
            "o_max": (o.float() - ro).abs().max().item(),
            "lse_max": (lse[fin] - rl[fin]).abs().max().item() if fin.any() else 0.0,
            "inf_rows_match": bool((lse[~fin] == rl[~fin]).all()),
        }
    row["ok"] = all(
        not r["nan"] and r["inf_rows_match"] and r["o_max"] <= 2 * bar + 1e-6 and r["lse_max"] < 1e-2
        for r in row["v"].values()
        if "error" not in r
    )
    return row


def _inputs(spec: str) -> tuple[Any, Any, Any, bool, tuple[int, int, int, int]]:
    import torch

    dims, *rest = spec.split(":")
    b, h, n, d = (int(x) for x in dims.split(","))
    gen = torch.Generator(device="cuda").manual_seed(n + b)
    q, k, v = (torch.randn(b, h, n, d, device="cuda", generator=gen).to(torch.bfloat16) for _ in range(3))
    return q, k, v, rest == ["c"], (b, h, n, d)


def measure(spec: str, variants: list[str], rounds: int) -> dict[str, Any]:
    import torch

    from gpuaccel.accel.kernels.bench.attention import attention_flops, implementation, median_ms

    q, k, v, causal, (b, h, n, d) = _inputs(spec)
    flops = attention_flops(b, h, n, n, d, causal, "fwd")
    names = [*variants, f"{variants[0]} again"]
    fns, labels, refused = {}, {}, {}
    for name in names:
        cfg = variant_cfg(name.split()[0], d, n, n, causal)
        labels[name] = cfg.label()
        fn = _launcher(q, k, v, causal, cfg, torch.empty_like(q), torch.empty(b, h, n, device="cuda"))
        try:
            fn()
        except ValueError as e:  # a change this head dim's configuration refuses (pad_top with O by TMA)
            refused[name] = str(e)[:200]
            continue
        fns[name] = fn
    names = [n_ for n_ in names if n_ not in refused]
    cudnn = implementation("sdpa_cudnn", "bf16")
    fns["cudnn"] = lambda: cudnn(q, k, v, causal)
    names.append("cudnn")
    torch.cuda.synchronize()
    row: dict[str, Any] = {
        "shape": spec,
        "flops": flops,
        "cfg": labels,
        "refused": refused,
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
        row["v"][name]["speedup_per_round"] = [
            a / s for a, s in zip(first, row["v"][name]["ms"], strict=True)
        ]
    cud = row["v"]["cudnn"]["ms"]
    for name in names[:-1]:
        row["v"][name]["over_cudnn_per_round"] = [
            c / s for c, s in zip(cud, row["v"][name]["ms"], strict=True)
        ]
    return row


def _spread(xs: list[float]) -> str:
    return f"{statistics.median(xs):.3f} ({min(xs):.3f}-{max(xs):.3f})"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shapes", nargs="+", default=SHAPES, help="B,H,N,D[:c] (c: causal), bf16")
    ap.add_argument("--variants", nargs="+", default=VARIANTS)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--check", action="store_true", help="the correctness cases first")
    ap.add_argument(
        "--check-variants", nargs="+", default=None, help="variants checked (default: --variants)"
    )
    ap.add_argument("--check-only", action="store_true")
    ap.add_argument("--once", action="store_true", help="launch each variant and cuDNN once per shape (ncu)")
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)
    import torch

    if not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9:
        print("needs a Hopper (sm_90) GPU", file=sys.stderr)
        return 2
    from gpuaccel.accel.kernels.bench.attention import environment, implementation

    if args.once:
        cudnn = implementation("sdpa_cudnn", "bf16")
        for spec in args.shapes:
            q, k, v, causal, (b, h, n, d) = _inputs(spec)
            for name in args.variants:
                cfg = variant_cfg(name, d, n, n, causal)
                o, lse = torch.empty_like(q), torch.empty(b, h, n, device="cuda")
                _launcher(q, k, v, causal, cfg, o, lse)()
                torch.cuda.synchronize()
                print("launched", spec, name, cfg.label(), flush=True)
            cudnn(q, k, v, causal)
            torch.cuda.synchronize()
            print("launched", spec, "cudnn", flush=True)
        return 0
    env = environment()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = Path(args.json or Path(__file__).parent / "results" / f"fwd_causal_ab_{stamp}.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    doc: dict[str, Any] = {"what": __doc__.splitlines()[0], "env": env, "argv": argv or sys.argv[1:]}
    doc["formula"] = "TFLOP/s = 4*B*H*N^2*D (halved causal) / do_bench median; our kernel by its bound launch"
    doc["checks"], doc["rows"] = [], []
    if args.check or args.check_only:
        for case in CHECKS:
            doc["checks"].append(check(case, args.check_variants or args.variants))
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
        checked = args.check_variants or args.variants
        print(f"check B,Hq,Hkv,Nq,Nk,D,causal,dtype | o max err {' / '.join(checked)} | bar | ok")
        for c in doc["checks"]:
            errs = " / ".join(f"{c['v'][n].get('o_max', float('nan')):.4f}" for n in checked)
            print(f"{','.join(map(str, c['case']))} | {errs} | {c['plain_o_max']:.4f} | {c['ok']}")
    if doc["rows"]:
        names = [*args.variants, f"{args.variants[0]} again"]
        print(
            f"shape | variant | config | TFLOP/s | speedup vs {args.variants[0]} by round | vs cuDNN by round"
        )
        for r in doc["rows"]:
            for n in names:
                if n not in r["v"]:
                    print(f"{r['shape']} | {n} | {r['cfg'][n]} | refused | - | -")
                    continue
                x = r["v"][n]
                sp = _spread(x["speedup_per_round"]) if "speedup_per_round" in x else "-"
                print(f"{r['shape']} | {n} | {r['cfg'][n]} | {x['median_tflops']:.0f} | {sp} | "
                      f"{_spread(x['over_cudnn_per_round'])}")  # fmt: skip
            print(f"{r['shape']} | cudnn | - | {r['v']['cudnn']['median_tflops']:.0f} | - | -")
    print(f"wrote {path}")
    return 0 if all(c["ok"] for c in doc["checks"]) else 1


if __name__ == "__main__":
    raise SystemExit(main())
