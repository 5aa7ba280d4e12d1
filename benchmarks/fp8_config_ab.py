"""FP8 Gluon forward, kernel only: configurations against the shipped one, alternated in one process.

For each shape and causal flag the inputs are quantised once (every variant reads the same e4m3 operands
and scales: the same key block, so the same quantisation layout); each variant runs once into a
NaN-poisoned output, flagged unless it comes back NaN-free and bitwise equal to the shipped
configuration's (where it is not, both are compared with an fp32 reference on the dequantised operands,
``--check-errors``), then ``--rounds`` rounds time every variant in turn, the order reversed every other
round (``triton.testing.do_bench`` medians over bound launches, so the JIT's binding stays out). "shipped"
is the configuration the bf16-in call runs for the shape (``gluon_fp8_config`` with the queries and the
causal flag: the consumer count, Q buffers, turns and reciprocal epilogue it picks). The JSON keeps every
timing, per variant the rounds it was faster than shipped in the same round, and per shape the persistent
grid's tile balance: tiles of CONSUMERS x 64 rows round-robin over the SMs, so the slowest program runs
ceil(tiles / SMs) tiles while the rows need (rows / SMs).

``--bf16`` and ``--e2e`` time in the same rounds our bf16 forward on the same (bf16) inputs
(``dense.attention.flash_attention_forward``) and the e4m3 forward end to end from those bf16 inputs,
quantisation included (``flash_attention_fp8(..., always_fp8=True)``, planned); ``--control`` a second
copy of the shipped configuration (the same kernel: the spread between timings of one build).

  python benchmarks/fp8_config_ab.py [--shapes 2,16,8192,128 ...] [--causal no|yes|both]
      [--variants 128,4,3 shipped+pingpong=1 ...] [--rounds 3] [--bf16] [--e2e] [--control] [--json PATH]
  python benchmarks/fp8_config_ab.py --warm ...   (each variant launched once per shape: the JIT's cache)
  ncu --clock-control none --profile-from-start off -k regex:"gluon_attn_fp8|split_merge" \
      python benchmarks/fp8_config_ab.py --once --shapes 2,16,8192,128 --causal no --variants ...
      (after a warm launch, each variant launched once per shape inside cudaProfilerStart/Stop)

A variant is GluonFwdConfig's fields BLOCK_N,STAGES,CONSUMERS[,CTAS_PER_SM[,Q_BUFS]] or ``shipped`` (the
shape's shipped configuration), each optionally followed by ``+FIELD=VALUE`` GluonFwdConfig fields
(``shipped+pingpong=1+o_recip=0``). TFLOP/s = 4*B*H*N^2*D (/2 causal) / time.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

SHAPES = ["4,16,4096,128", "2,16,8192,128", "1,16,16384,128"]
# 2026-11-25 also timed 128,3,3,1,2 and 128,4,3,1,2: a second Q buffer, which the launcher refused then
VARIANTS = ["128,4,3", "128,2,3"]
BF16, E2E, CONTROL = "bf16", "e4m3 e2e", "shipped again"


def tile_balance(shape: tuple[int, ...], consumers: int, sms: int) -> dict[str, Any]:
    """Rows the persistent grid runs (whole tiles, the slowest program's count on every SM) against the
    rows the problem has: the share of the grid's time that does useful work, non-causal."""
    b, h, n, _ = shape
    rows = consumers * 64
    tiles = b * h * -(-n // rows)
    rounds = -(-tiles // sms)
    return {"tiles": tiles, "rounds": rounds, "mean_tiles_per_sm": tiles / sms,
            "useful_share": b * h * n / (rounds * sms * rows)}  # fmt: skip


def shipped_config(shape: tuple[int, ...], causal: bool, sms: int) -> Any:
    """The Gluon FP8 configuration the bf16-in call (``fp8.attention.fp8_config``) runs for ``shape``."""
    import torch

    from gpuaccel.accel.kernels.gluon.fp8 import gluon_fp8_config

    b, h, n, d = shape
    return gluon_fp8_config(d, torch.empty(b, h, n, d, device="meta"), causal, sms=sms)


def parse_variant(text: str, shipped: Any) -> Any:
    """``text`` (see the module docstring) as a GluonFwdConfig; ``shipped`` is the shape's shipped one."""
    from gpuaccel.accel.kernels.tuning.configs import GluonFwdConfig

    base, *mods = text.split("+")
    if base == "shipped":
        cfg = shipped
    else:
        f = [int(x) for x in base.split(",")]
        cfg = GluonFwdConfig(f[0], f[1], f[2], *(f[3:4] or [1]), q_bufs=f[4] if len(f) > 4 else 1)
    return with_fields(cfg, text, mods)


def with_fields(cfg: Any, text: str, mods: list[str], skip: tuple[str, ...] = ()) -> Any:
    """``cfg`` with a variant's ``FIELD=VALUE`` suffixes set (``skip``: suffixes that name no field, which
    the caller reads itself); an unknown field stops the run with the variant's text."""
    kinds = {fl.name: type(getattr(cfg, fl.name)) for fl in fields(cfg)}
    sets: dict[str, Any] = {}
    for mod in mods:
        name, _, value = mod.partition("=")
        if name in skip:
            continue
        if name not in kinds:
            raise SystemExit(f"variant {text!r}: GluonFwdConfig has no field {name!r}")
        sets[name] = bool(int(value)) if kinds[name] is bool else kinds[name](float(value))
    return replace(cfg, **sets)


def _errors(o: Any, lse: Any, ref: tuple[Any, Any]) -> dict[str, float]:
    ro, rl = ref
    diff = o.float() - ro
    return {"o_max": diff.abs().max().item(), "o_rel_l2": (diff.norm() / ro.norm()).item(),
            "lse_max": (lse - rl).abs().max().item()}  # fmt: skip


def measure(shape: tuple[int, ...], causal: bool, named: dict[str, Any], rounds: int, extra: list[str],
            check_errors: bool = True) -> dict[str, Any]:  # fmt: skip
    """One shape's row: ``named`` variants (the first is shipped) and the ``extra`` calls (``BF16``,
    ``E2E``) timed in ``rounds`` alternated rounds."""
    import torch
    from triton.testing import do_bench

    from gpuaccel.accel.kernels.bench.attention import attention_flops
    from gpuaccel.accel.kernels.dense.attention import flash_attention_forward
    from gpuaccel.accel.kernels.fp8 import attention as fp8

    b, h, n, d = shape
    gen = torch.Generator(device="cuda").manual_seed(n + b)
    q, k, v = (torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16, generator=gen) for _ in "qkv")
    layouts = {fp8.quant_layout(cfg) for cfg in named.values()}
    assert len(layouts) == 1, f"variants need different quantisation layouts: {layouts}"
    x = fp8.quantize_fp8(q, k, v, *layouts.pop())
    scale = d**-0.5
    flops = attention_flops(b, h, n, n, d, causal, "fwd")
    row: dict[str, Any] = {"shape": list(shape), "causal": causal, "flops": flops, "v": {}}
    fns: dict[str, Any] = {}
    first = None
    for name, cfg in named.items():
        o = torch.full((b, h, n, d), float("nan"), device="cuda", dtype=torch.bfloat16)
        lse = torch.full((b, h, n), float("nan"), device="cuda", dtype=torch.float32)
        bound: dict[str, Any] = {}
        fp8.flash_attention_fp8_quantized(x, causal, scale, cfg, out=(o, lse), bound=bound)
        torch.cuda.synchronize()
        first = first or (o.clone(), lse.clone())
        equal = bool(torch.equal(o, first[0]) and torch.equal(lse, first[1]))
        row["v"][name] = {"config": cfg.label(), "nan": bool(o.isnan().any() or lse.isnan().any()),
                          "equal_to_shipped": equal, "ms": []}  # fmt: skip
        if not equal:
            diff = (o.float() - first[0].float()).abs().max().item()
            row["v"][name]["rel_to_max"] = diff / max(first[0].float().abs().max().item(), 1e-30)
            if check_errors:  # the kernel's own error, against shipped's (fp32 on the dequantised operands)
                from fp8_split_ab import _reference

                if not causal:  # (the reference is non-causal)
                    ref = _reference(x, scale)
                    row["v"][name]["error"] = _errors(o, lse, ref)
                    row["v"][name]["shipped_error"] = _errors(*first, ref)
                    del ref
        fns[name] = lambda cfg=cfg, o=o, lse=lse, bound=bound: fp8.flash_attention_fp8_quantized(
            x, causal, scale, cfg, out=(o, lse), bound=bound
        )
    with torch.no_grad():
        if BF16 in extra:
            fns[BF16] = lambda: flash_attention_forward(q, k, v, causal, scale)
        if E2E in extra:
            fns[E2E] = lambda: fp8.flash_attention_fp8(q, k, v, causal=causal, softmax_scale=scale,
                                                       always_fp8=True)  # fmt: skip
        for name in extra:
            fns[name]()
            row["v"][name] = {"ms": []}
        torch.cuda.synchronize()
        order = list(fns)
        for r in range(rounds):
            for name in order[:: -1 if r % 2 else 1]:
                row["v"][name]["ms"].append(do_bench(fns[name], warmup=25, rep=100, return_mode="median"))
    if not rounds:
        return row
    base = row["v"][next(iter(named))]["ms"]
    for r in row["v"].values():
        r["tflops"] = [flops / ms / 1e9 for ms in r["ms"]]
        r["median_tflops"] = statistics.median(r["tflops"])
        ratios = [a / s for a, s in zip(r["ms"], base, strict=True)]
        r["ratio_to_shipped"] = statistics.median(ratios)
        r["faster_rounds"] = sum(t < 1 for t in ratios)
    return row


def once(shapes: list[tuple[int, ...]], flags: list[bool], specs: list[str], sms: int) -> None:
    """Each shape's variants launched once to build and warm them, then once each inside the profiler's
    range (``ncu --profile-from-start off``)."""
    import torch

    from gpuaccel.accel.kernels.fp8 import attention as fp8

    runs = []
    for shape in shapes:
        b, h, n, d = shape
        q, k, v = (torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16) for _ in "qkv")
        for causal in flags:
            shipped = shipped_config(shape, causal, sms)
            for spec in specs:
                cfg = parse_variant(spec, shipped)
                x = fp8.quantize_fp8(q, k, v, *fp8.quant_layout(cfg))
                runs.append((f"{shape} causal={causal} {spec} {cfg.label()}", cfg, x, causal, d**-0.5))
                fp8.flash_attention_fp8_quantized(x, causal, d**-0.5, cfg)
    torch.cuda.synchronize()
    torch.cuda.cudart().cudaProfilerStart()
    for what, cfg, x, causal, scale in runs:
        fp8.flash_attention_fp8_quantized(x, causal, scale, cfg)
        torch.cuda.synchronize()
        print("launched", what, flush=True)
    torch.cuda.cudart().cudaProfilerStop()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shapes", nargs="+", default=SHAPES)
    ap.add_argument("--variants", nargs="*", default=VARIANTS)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--causal", choices=("no", "yes", "both"), default="both")
    ap.add_argument("--bf16", action="store_true", help="our bf16 forward in the same rounds")
    ap.add_argument("--e2e", action="store_true", help="the e4m3 forward from bf16 inputs in the same rounds")
    ap.add_argument("--control", action="store_true", help="a second copy of the shipped configuration")
    ap.add_argument("--no-check-errors", action="store_true", help="no fp32 reference for unequal variants")
    ap.add_argument("--json", default=None)
    ap.add_argument("--warm", action="store_true", help="launch each variant once per shape, no timing")
    ap.add_argument("--once", action="store_true", help="launch each variant once per shape (for ncu)")
    args = ap.parse_args(argv)
    import torch

    if not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9:
        print("needs a Hopper (sm_90) GPU", file=sys.stderr)
        return 2
    from fp8_call_host_ab import environment

    sms = torch.cuda.get_device_properties(0).multi_processor_count
    env = environment()
    shapes = [tuple(int(x) for x in s.split(",")) for s in args.shapes]
    flags = {"no": [False], "yes": [True], "both": [False, True]}[args.causal]
    specs = ["shipped"] + [v for v in args.variants if v != "shipped"]
    if args.once:
        once(shapes, flags, specs, sms)
        return 0
    extra = [n for n, on in ((BF16, args.bf16), (E2E, args.e2e)) if on]
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = Path(args.json or Path(__file__).parent / "results" / f"fp8_config_ab_{stamp}.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    doc: dict[str, Any] = {"what": __doc__.splitlines()[0], "env": env, "argv": argv or sys.argv[1:]}
    doc["formula"] = "TFLOP/s = 4*B*H*N^2*D (/2 causal) / do_bench median; kernel only (pre-quantised inputs)"
    doc["rounds"], doc["rows"] = args.rounds, []
    for shape in shapes:
        for causal in flags:
            shipped = shipped_config(shape, causal, sms)
            named = {spec: parse_variant(spec, shipped) for spec in specs}
            if args.control:
                named = {"shipped": shipped, CONTROL: replace(shipped)} | named
            if args.warm:
                measure(shape, causal, named, 0, extra, check_errors=False)
                print("warm", shape, causal, flush=True)
                continue
            row = measure(shape, causal, named, args.rounds, extra, not args.no_check_errors)
            row["tile_balance"] = tile_balance(shape, shipped.consumers, sms)
            doc["rows"].append(row)
            path.write_text(json.dumps(doc, indent=1))
            brief = {n: (round(r["median_tflops"]), round(r["ratio_to_shipped"], 4), r["faster_rounds"],
                         r.get("equal_to_shipped")) for n, r in row["v"].items()}  # fmt: skip
            print(json.dumps({f"{shape} causal={causal}": brief}), flush=True)
            torch.cuda.empty_cache()
    if args.warm:
        return 0
    print(f"# {doc['formula']}; {env}; {args.rounds} rounds")
    print(
        "B,H,N,D | causal | useful share | name: median TFLOP/s (time / shipped's, median of rounds; "
        "rounds faster than shipped)"
    )
    for row in doc["rows"]:
        cells = []
        for name, r in row["v"].items():
            bad = "" if r.get("equal_to_shipped", True) else f" NOT EQUAL {r['rel_to_max']:.1e}"
            bad += " NaN" if r.get("nan") else ""
            won = f"{r['faster_rounds']}/{len(r['ms'])}"
            cells.append(f"{name}: {r['median_tflops']:.0f} ({r['ratio_to_shipped']:.3f}; {won}){bad}")
        head = f"{','.join(map(str, row['shape']))} | {'yes' if row['causal'] else 'no'}"
        print(f"{head} | {row['tile_balance']['useful_share']:.3f} | " + " | ".join(cells))
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
