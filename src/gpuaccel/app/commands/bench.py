"""``gpuaccel bench attention``: the attention benchmark as a direct command (no daemon, no queue).

Prints one table (ours, SDPA flash, SDPA cuDNN, SDPA efficient, FlexAttention side by side from one run,
ratio ours/cuDNN, the FLOP formula in the header) and writes the JSON beside it. ``--varlen`` measures
packed documents instead (``--tokens``), ``--decode`` one KV-cache decode step (``--batch``,
``--cache-len``); both go through the ``attention.varlen`` / ``attention.decode`` workloads' validation.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from gpuaccel.accel.workloads.attention import DTYPES, IMPLS, MODES
from gpuaccel.accel.workloads.registry import SpecError, validate
from gpuaccel.app.commands import bars
from gpuaccel.app.commands.catalog import EXIT_USAGE


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("bench")
    sub = p.add_subparsers(dest="bench_what", metavar="WHAT")
    a = sub.add_parser("attention", help="our attention kernels vs PyTorch SDPA backends and FlexAttention")
    a.add_argument("--shapes", nargs="+", default=["4,16,4096,128"], help="B,H,N,D (N = Nq = Nk)")
    a.add_argument("--dtype", choices=DTYPES, default="bf16")
    a.add_argument("--causal", action="store_true")
    a.add_argument("--mode", choices=MODES, default="both")
    a.add_argument("--impls", nargs="+", choices=IMPLS, default=list(IMPLS))
    a.add_argument("--out", default="benchmarks/results", help="directory for the JSON")
    kind = a.add_mutually_exclusive_group()
    kind.add_argument("--varlen", action="store_true", help="packed documents (lengths 128-8k) vs Flex/cuDNN")
    kind.add_argument(
        "--decode", action="store_true", help="one KV-cache decode step: TB/s vs SDPA and a copy"
    )
    a.add_argument("--tokens", type=int, nargs="+", default=[16384], help="--varlen: tokens per batch")
    a.add_argument("--batch", type=int, nargs="+", default=[1, 8], help="--decode: batch sizes")
    a.add_argument("--cache-len", type=int, nargs="+", default=[32768], help="--decode: cached tokens")
    a.set_defaults(func=run_attention)
    p.set_defaults(func=lambda args: p.print_help() or 2)


def _parse_shape(text: str) -> tuple[int, int, int, int]:
    try:
        b, h, n, d = (int(x) for x in text.split(","))
    except ValueError:
        raise SystemExit(f"error: --shapes takes B,H,N,D integers, got {text!r}") from None
    return b, h, n, d


KERNELS_INSTALL = "pip install 'gpuaccel[kernels]'"


def _why_not_here() -> str:
    """Why the benchmark cannot run on this machine ("" when it can): one line, never a traceback."""
    try:
        import torch
    except ModuleNotFoundError:  # the core install: monitor, daemon, CLI without torch
        return f"gpuaccel bench attention needs torch and triton: {KERNELS_INSTALL}"
    if not torch.cuda.is_available():
        return f"gpuaccel bench attention needs a CUDA GPU; torch {torch.__version__} sees none"
    try:
        import triton  # noqa: F401
    except ModuleNotFoundError:
        return f"gpuaccel bench attention needs triton beside torch {torch.__version__}: {KERNELS_INSTALL}"
    return ""


def run_attention(args: argparse.Namespace) -> int:
    why = _why_not_here()
    if why:
        print(f"error: {why}", file=sys.stderr)
        return EXIT_USAGE
    from gpuaccel.accel.kernels.bench import attention as bench

    if args.varlen or args.decode:
        return _run_varlen_decode(args)
    if args.dtype == "fp8" and args.mode != "fwd":
        print("note: fp8 is forward-only; measuring the forward", file=sys.stderr)
        args.mode = "fwd"
    shapes = [_parse_shape(s) for s in args.shapes]
    impls = [i for i in args.impls if args.dtype != "fp8" or i == "ours"]
    results = []
    for shape, impl in bars.each([(s, i) for s in shapes for i in impls], "bench attention", unit="run"):
        bars.note(f"  {impl} {shape} ...", file=sys.stderr)
        results.append(bench.bench_impl(impl, shape, args.dtype, args.causal, args.mode))
    env = bench.environment()
    header = f"{env['device']}, torch {env['torch']}, triton {env['triton']}, cuDNN {env['cudnn']}"
    print(bench.format_table(results, args.mode, header))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"attention_{args.dtype}_{args.mode}_{time.strftime('%Y%m%d-%H%M%S')}.json"
    payload = {"formula": bench.FLOP_FORMULA, "env": env, "results": [r.as_dict() for r in results]}
    path.write_text(json.dumps(payload, indent=1, default=str))
    print(f"wrote {path}")
    return 0


def _run_varlen_decode(args: argparse.Namespace) -> int:
    from gpuaccel.accel.kernels.bench import attention as bench
    from gpuaccel.accel.kernels.bench import varlen as bench_varlen

    try:
        if args.varlen:
            specs = [validate("attention.varlen", {"tokens": t, "causal": True}) for t in args.tokens]
        else:
            specs = [validate("attention.decode", {"batch": b, "cache_len": n})
                     for n in args.cache_len for b in args.batch]  # fmt: skip
    except SpecError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    rows = []
    for spec in bars.each(specs, "bench attention", unit="run"):
        bars.note(f"  {spec} ...", file=sys.stderr)
        if args.varlen:
            r = bench_varlen.bench_varlen(
                spec["tokens"], spec["heads"], spec["head_dim"], True, spec["impls"]
            )
            cells = [f"{i} {r[i].get('fwd_tflops', 0):.0f}/{r[i].get('both_tflops', 0):.0f}" if "fwd_tflops"
                     in r[i] else f"{i} ({r[i].get('note')})" for i in spec["impls"]]  # fmt: skip
            print(
                f"{spec['tokens']} tokens, {len(r['lens'])} documents, TFLOP/s fwd/fwd+bwd: "
                + ", ".join(cells)
            )
        else:
            r = bench_varlen.bench_decode(spec["batch"], spec["cache_len"], spec["heads_q"], spec["heads_kv"],
                                          spec["head_dim"], spec["impls"], spec["page_size"])  # fmt: skip
            cells = [f"{i} {r[i]['tbps']:.2f}" if "tbps" in r[i] else f"{i} ({r[i].get('note')})"
                     for i in spec["impls"]]  # fmt: skip
            print(f"batch {spec['batch']}, cache {spec['cache_len']}, TB/s: " + ", ".join(cells))
        rows.append(r)
    env = bench.environment()
    formula = bench_varlen.VARLEN_FORMULA if args.varlen else bench_varlen.DECODE_FORMULA
    print(f"# {env['device']}, torch {env['torch']}, triton {env['triton']}; {formula}")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    what = "varlen" if args.varlen else "decode"
    path = out / f"attention_{what}_{time.strftime('%Y%m%d-%H%M%S')}.json"
    path.write_text(json.dumps({"formula": formula, "env": env, "results": rows}, indent=1, default=str))
    print(f"wrote {path}")
    return 0
