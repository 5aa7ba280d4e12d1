"""The e4m3 ``flash_attn_func`` call at short shapes under FP8 kernel configurations, beside the bf16 call.

Why: at (4,16,1024,128) and (8,16,1024,128) the e4m3 call (one launch, V transposed in the FP8 kernel) was
slower than the bf16 call of the same shape (docs/kernels-log.md, 2026-11-30, thirty-eighth session), its
kernel alone longer than bf16's. This times the whole e4m3 call (planned, as a serving stack repeats it)
with the Gluon FP8 configuration pinned (``tuning.configs.force("fwd_fp8", ...)``: the call's own path,
plan and launches) against the shipped configuration and the bf16 call, alternated round by round
(``bench.attention.median_ms``, do_bench medians). Each variant's o and lse are compared with the shipped
configuration's: bit for bit, else the largest difference and its share of the shipped output's largest
element (a variant that changes the key block changes the summation order).

  PYTHONPATH=src python benchmarks/fp8_n1024_ab.py [--shapes 8,1024,16,128,c ...] [--variants shipped
      128,2,2 ...] [--rounds 5] [--json PATH] [--errors] [--dequant]
  python benchmarks/fp8_n1024_ab.py --warm VARIANT ...   (build the variants' kernels: the JIT cache)
  ncu --profile-from-start off ... python benchmarks/fp8_n1024_ab.py --once ...   (after warm calls, one
      e4m3 call per variant and one bf16 call per shape inside cudaProfilerStart/Stop)

A shape is flash-attn's B,N,H,D plus ``c`` for causal; a variant ``shipped``, ``q1`` (the shipped one with
one Q buffer) or GluonFwdConfig's fields BLOCK_N,STAGES,CONSUMERS[,Q_BUFS], each optionally followed by
``+FIELD=VALUE`` GluonFwdConfig fields (``shipped+rescale_log2=0.8+rescale_warp=1``: the shape's shipped
configuration, pinned, with those fields) and ``+vt=0`` / ``+vt=1`` (V^T by its own launch / transposed in the
kernel, whatever ``gluon.fp8.transposes_v`` says for the shape; ``shipped+vt=0`` where the call already runs
two launches is the shipped configuration pinned: a control). Prints a table last; writes JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))

SHAPES = ["4,1024,16,128", "4,1024,16,128,c", "8,1024,16,128", "8,1024,16,128,c"]
VARIANTS = ["shipped", "128,2,2", "128,3,3"]


def parse_shape(text: str) -> tuple[int, int, int, int, bool]:
    parts = text.split(",")
    b, n, h, d = (int(x) for x in parts[:4])
    return b, n, h, d, len(parts) > 4 and parts[4] == "c"


def parse_variant(text: str, shape: tuple[int, int, int, int, bool]) -> Any:
    """None for the shipped configuration; for ``q1`` the shipped one with one Q buffer (what the call ran
    before 2026-11-30's thirty-ninth session, when short causal calls took a second); else the
    GluonFwdConfig the text names. ``+FIELD=VALUE`` suffixes set GluonFwdConfig fields on that base (a bare
    ``shipped`` base then pins the shape's shipped configuration, as the call would choose it; so does a
    ``+vt=`` suffix, which sets no field: :func:`variant_vt`)."""
    from dataclasses import replace

    from fp8_config_ab import with_fields

    from gpuaccel.accel.kernels.gluon.fp8 import gluon_fp8_config, transposes_v
    from gpuaccel.accel.kernels.tuning.configs import GluonFwdConfig

    base, *mods = text.split("+")
    b, n, h, d, causal = shape
    if base in ("shipped", "q1"):
        if text == "shipped":
            return None
        q = torch.empty(b, h, n, d, device="meta")
        cfg = gluon_fp8_config(d, q, causal, sms=_sms(), v_given=transposes_v(q, q, causal, sms=_sms()))
        cfg = replace(cfg, q_bufs=1) if base == "q1" else cfg
    else:
        f = [int(x) for x in base.split(",")]
        cfg = GluonFwdConfig(f[0], f[1], f[2], q_bufs=f[3] if len(f) > 3 else 1)
    return with_fields(cfg, text, mods, skip=("vt",))  # the V^T launch is no field: variant_vt


def variant_vt(text: str) -> bool | None:
    """A variant's ``+vt=`` suffix: True (V transposed in the kernel, one launch), False (V^T by its own
    launch), None (as ``gluon.fp8.transposes_v`` says)."""
    for mod in text.split("+")[1:]:
        name, _, value = mod.partition("=")
        if name == "vt":
            return bool(int(value))
    return None


def _sms() -> int:
    """The persistent grid's SM count: the device's, or an H100's/H200's 132 where no GPU is present (the
    variants parsed, nothing run)."""
    return torch.cuda.get_device_properties(0).multi_processor_count if torch.cuda.is_available() else 132


def e4m3_call(shape: tuple[int, int, int, int, bool], variant: Any, vt: bool | None = None) -> Any:
    """The shape's e4m3 call (``fp8_call_host_ab.calls``) with ``variant`` pinned for its causal flag
    (None: unpinned) at each call; pinning bumps the plans' generation once, then it stays planned. ``vt``
    (:func:`variant_vt`) not None: ``gluon.fp8.transposes_v`` answers it during the call (the plan made at
    the first call after the pin keeps that launch count)."""
    from fp8_call_host_ab import calls

    from gpuaccel.accel.kernels.gluon import fp8 as gluon_fp8
    from gpuaccel.accel.kernels.tuning import configs

    fn = calls(shape)["e4m3"]
    causal = shape[4]
    real = gluon_fp8.transposes_v

    def call() -> tuple[torch.Tensor, torch.Tensor]:
        if configs.forced("fwd_fp8", causal) is not variant:
            configs.force("fwd_fp8", variant, causal)
        if vt is None:
            return fn()
        gluon_fp8.transposes_v = lambda q, k, causal: vt
        try:
            return fn()
        finally:
            gluon_fp8.transposes_v = real

    return call


def compare(out: tuple[torch.Tensor, ...], ref: tuple[torch.Tensor, ...]) -> dict[str, Any]:
    """``out``'s o and lse against ``ref``'s: bit for bit, else the largest difference and its share."""
    o, lse = out
    o0, lse0 = ref
    diff = (o.float() - o0.float()).abs().max().item()
    return {"bit_for_bit": bool(torch.equal(o, o0) and torch.equal(lse, lse0)), "nan": bool(o.isnan().any()),
            "max_abs_diff": diff, "rel_to_max": diff / max(o0.float().abs().max().item(), 1e-30)}  # fmt: skip


def errors(
    shape: tuple[int, int, int, int, bool], outs: dict[str, tuple[torch.Tensor, ...]]
) -> dict[str, Any]:
    """The FlashAttention standard at ``shape``: each e4m3 call's o (``outs``, flash-attn's layout) against
    the fp32 reference on the dequantised inputs (relative L2, and lse's largest error), beside a plain
    PyTorch e4m3 implementation's o error (``reference.e4m3_plain_attention``); a variant passes at most 2x
    the plain one's."""
    from fp8_call_host_ab import inputs

    from gpuaccel.accel.kernels import reference

    b, n, h, d, causal = shape
    e4m3, descales, _ = inputs(shape)
    true = [(t.float() * s[:, None, :, None]).transpose(1, 2) for t, s in zip(e4m3, descales, strict=True)]
    ro, rl = reference.flash_attention_forward(*true, causal, d**-0.5)
    plain = reference.e4m3_plain_attention(*true, causal, d**-0.5).float()
    out: dict[str, Any] = {"plain_err": ((plain - ro).norm() / ro.norm()).item()}
    for name, (o, lse) in outs.items():
        ot = o.transpose(1, 2).float()
        out[name] = {"err": ((ot - ro).norm() / ro.norm()).item(), "lse_err": (lse - rl).abs().max().item()}
    return out


def timed(text: str, fns: dict[str, Any], rounds: int, ref: str, check: bool = False) -> dict[str, Any]:
    """One shape's row: each call's output against ``ref``'s (bf16's aside), do_bench medians of ``rounds``
    rounds alternated in order (``bench.attention.median_ms``), kernel us from the torch profiler over 20
    back-to-back calls; prints its brief line."""
    from gpuaccel.accel.kernels.bench.attention import kernel_times, median_ms

    first = {}
    for name, fn in fns.items():
        fn()
        first[name] = tuple(t.clone() for t in fn())
    torch.cuda.synchronize()
    row: dict[str, Any] = {n: {"ms_rounds": []} for n in fns}
    for name in fns:
        if name.startswith("e4m3"):
            row[name] |= compare(first[name], first[ref])
    if check:
        row["errors"] = errors(parse_shape(text), {n: first[n] for n in fns if n.startswith("e4m3")})
    for r in range(rounds):
        for name in list(fns)[:: -1 if r % 2 else 1]:
            row[name]["ms_rounds"].append(median_ms(fns[name]))
    for name in fns:
        row[name]["ms"] = statistics.median(row[name]["ms_rounds"])
        row[name]["kernels_ms"] = kernel_times(fns[name], 20)
        row[name]["kernel_us"] = 1e3 * sum(row[name]["kernels_ms"].values())
    brief = {n: (round(row[n]["ms"], 4), round(row[n]["kernel_us"], 1)) for n in fns}
    print(json.dumps({text: brief}), flush=True)
    return row


def measure(
    shapes: list[str], variants: list[str], rounds: int, check: bool = False, dequant: bool = False
) -> dict[str, Any]:
    """Each shape's row (:func:`timed`); ``check``: the variants' errors (:func:`errors`); ``dequant``: the
    bf16 call on the e4m3 inputs dequantised to bf16 (one launch a tensor, then the bf16 call) timed too,
    the cost of running bf16 below a size."""
    from fp8_call_host_ab import calls, environment

    out: dict[str, Any] = {"env": environment(), "rounds": rounds, "shapes": {}}
    for text in shapes:
        shape = parse_shape(text)
        fns = {"bf16": calls(shape)["bf16"]}
        if dequant:
            fns["bf16 dequantised"] = calls(shape)["bf16 on dequantised e4m3"]
        fns |= {f"e4m3 {v}": e4m3_call(shape, parse_variant(v, shape), variant_vt(v)) for v in variants}
        out["shapes"][text] = timed(text, fns, rounds, f"e4m3 {variants[0]}", check)
    from gpuaccel.accel.kernels.tuning import configs

    configs.force("fwd_fp8", None, True)
    configs.force("fwd_fp8", None, False)
    return out


def profile_once(fns: list[Any]) -> None:
    """Warm calls, then one call of each inside the profiler's range (``ncu --profile-from-start off``)."""
    for fn in fns:
        fn()
        fn()
    torch.cuda.synchronize()
    torch.cuda.cudart().cudaProfilerStart()
    for fn in fns:
        fn()
        torch.cuda.synchronize()
    torch.cuda.cudart().cudaProfilerStop()


def once(shapes: list[str], variants: list[str]) -> None:
    """:func:`profile_once` over each shape's variants and its bf16 call."""
    from fp8_call_host_ab import calls

    fns = []
    for text in shapes:
        shape = parse_shape(text)
        fns += [e4m3_call(shape, parse_variant(v, shape), variant_vt(v)) for v in variants]
        fns += [calls(shape)["bf16"]]
    profile_once(fns)


def table(res: dict[str, Any], variants: list[str]) -> None:
    """Per shape: ms (/ bf16's), kernel us, rounds faster than the first variant, and where checked the o
    error over the plain e4m3 implementation's."""
    print("| shape | bf16 ms, kernel us | " + " | ".join(f"e4m3 {v} ms (/bf16), us" for v in variants) + " |")
    for text, row in res["shapes"].items():
        bf = row["bf16"]["ms"]
        first = row[f"e4m3 {variants[0]}"]["ms_rounds"]
        cells = [f"{row['bf16 dequantised']['ms']:.4f} deq"] if "bf16 dequantised" in row else []
        for v in variants:
            r = row[f"e4m3 {v}"]
            eq = "" if r.get("bit_for_bit", True) else f" diff {r['rel_to_max']:.1e}"
            won = sum(x < y for x, y in zip(r["ms_rounds"], first, strict=True))
            err = row.get("errors", {}).get(f"e4m3 {v}")
            eq += f" err {err['err'] / row['errors']['plain_err']:.2f}x" if err else ""
            cells.append(f"{r['ms']:.4f} ({r['ms'] / bf:.3f}), {r['kernel_us']:.1f}, {won}/{len(first)}{eq}")
        print(f"| {text} | {bf:.4f}, {row['bf16']['kernel_us']:.1f} | " + " | ".join(cells) + " |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shapes", nargs="+", default=SHAPES)
    ap.add_argument("--variants", nargs="+", default=VARIANTS)
    ap.add_argument("--rounds", type=int, default=5)
    name = f"fp8_n1024_{time.strftime('%Y%m%d-%H%M%S')}.json"
    ap.add_argument("--json", default=os.path.join(os.environ.get("OUT", "benchmarks/results"), name))
    ap.add_argument("--warm", action="store_true", help="only build the variants' kernels at the shapes")
    ap.add_argument("--once", action="store_true", help="one call each inside the profiler's range")
    ap.add_argument("--errors", action="store_true", help="each variant's o error against the fp32 reference")
    ap.add_argument(
        "--dequant", action="store_true", help="time the bf16 call on dequantised e4m3 inputs too"
    )
    args = ap.parse_args(argv)
    if args.warm:
        for text in args.shapes:
            for v in args.variants:
                shape = parse_shape(text)
                e4m3_call(shape, parse_variant(v, shape), variant_vt(v))()
        torch.cuda.synchronize()
        return 0
    if args.once:
        once(args.shapes, args.variants)
        return 0
    res = measure(args.shapes, args.variants, args.rounds, args.errors, args.dequant)
    Path(args.json).write_text(json.dumps(res, indent=1))
    table(res, args.variants)
    return 0


if __name__ == "__main__":
    sys.exit(main())
