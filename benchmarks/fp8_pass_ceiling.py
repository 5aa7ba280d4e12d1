"""FP8 end to end with parts of the quantisation pass left out: the most an in-kernel quantisation could gain.

Why: docs/kernels.md ("FP8 end to end") names quantising Q in the consumers and K/V in the producer as
the way past a separate pass. Before building that, this times what each part of the pass costs inside
the end-to-end call: the planned public call's launches run as they are, except those named, whose
operands come from a full pass over the same inputs made once beforehand (so every variant computes the
same bytes, checked with ``torch.equal``). "no Q pass" is the ceiling of a consumer-side Q quantisation
that costs the kernel nothing; "no Q, K pass" that of Q and K; "kernel only" has no pass at all.
In one process, alternated rounds, each starting one variant later (``triton.testing.do_bench`` medians
over bound launches); "full again" is the full call bound a second time (the spread of one build).

  python benchmarks/fp8_pass_ceiling.py [--shapes 2,16,8192,128:nc ...] [--rounds 7] [--json PATH]
      (":c" causal, ":nc" not)
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

SHAPES = [
    "4,16,4096,128:nc", "4,16,4096,128:c", "2,16,8192,128:nc", "2,16,8192,128:c",
    "1,16,16384,128:nc", "1,16,16384,128:c", "1,16,16384,256:nc", "1,16,16384,256:c",
]  # fmt: skip
# variant -> the pass's launches left out (names as ``fp8.attention._quantize`` binds them)
VARIANTS: dict[str, frozenset[str]] = {
    "full": frozenset(),
    "no Q pass": frozenset({"quant_q"}),
    "no Q, K pass": frozenset({"quant_q", "quant_k"}),
    "kernel only": frozenset({"quant_q", "quant_k", "v_amax", "quant_v"}),
    "full again": frozenset(),
}


def partial_pass(
    q: Any, k: Any, v: Any, skip: frozenset[str], done: Any, bound: dict[str, Any]
) -> Callable[[], Any]:
    """The pass as ``_quantize`` runs it, minus the launches in ``skip``; their operands come from ``done``
    (a full pass over the same q/k/v), so the kernel reads the bytes it would have."""
    from gpuaccel.accel.kernels.fp8 import attention as fp8
    from gpuaccel.accel.kernels.gluon.fp8 import gluon_fp8_config

    d = q.shape[-1]
    layout = fp8.quant_layout(gluon_fp8_config(d))
    m = fp8._signed_hadamard(d, str(q.device), q.dtype) if fp8.can_rotate(d) else None
    real = fp8.launch

    def some(kernel: Any, grid: Any, args: Any, constexprs: Any, options: Any, bnd: Any = None,
             name: str = "") -> None:  # fmt: skip
        if name not in skip:
            real(kernel, grid, args, constexprs, options, bnd, name)

    def run() -> Any:
        fp8.launch = some
        try:
            x = fp8._quantize(q, k, v, m, *layout, bound)
        finally:
            fp8.launch = real
        if "quant_q" in skip:
            x.q, x.q_scale = done.q, done.q_scale
        if "quant_k" in skip:
            x.k, x.k_scale = done.k, done.k_scale
        if "quant_v" in skip:
            x.vt, x.v_scale = done.vt, done.v_scale
        return x

    return run


def measure(shape: tuple[int, ...], causal: bool, rounds: int) -> dict[str, Any]:
    import torch
    from triton.testing import do_bench

    from gpuaccel.accel.kernels.bench.attention import attention_flops
    from gpuaccel.accel.kernels.dense.attention import forget_plans
    from gpuaccel.accel.kernels.fp8 import attention as fp8
    from gpuaccel.accel.kernels.gluon.fp8 import gluon_fp8_config

    b, h, n, d = shape
    gen = torch.Generator(device="cuda").manual_seed(n + b + d + 1)
    q, k, v = (torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16, generator=gen) for _ in "qkv")
    cfg, scale = gluon_fp8_config(d), d**-0.5
    done = fp8.quantize_fp8(q, k, v, *fp8.quant_layout(cfg))
    fns: dict[str, Callable[[], Any]] = {}
    outs = {}
    for name, skip in VARIANTS.items():
        bound: dict[str, Any] = {}
        pf = partial_pass(q, k, v, skip, done, bound)
        fns[name] = lambda pf=pf, bound=bound: fp8.flash_attention_fp8_quantized(
            pf(), causal, scale, cfg, bound=bound
        )
        outs[name] = fns[name]()[0]
    forget_plans()
    public = fp8.flash_attention_fp8(q, k, v, causal=causal, always_fp8=True)
    torch.cuda.synchronize()
    flops = attention_flops(b, h, n, n, d, causal, "fwd")
    row: dict[str, Any] = {
        "shape": list(shape), "causal": causal, "flops": flops,
        "equal_to_public_call": {name: bool(torch.equal(o, public)) for name, o in outs.items()},
        "v": {name: {"ms": []} for name in fns},
    }  # fmt: skip
    names = list(fns)
    for i in range(rounds):
        for name in names[i % len(names) :] + names[: i % len(names)]:
            row["v"][name]["ms"].append(do_bench(fns[name], warmup=25, rep=100, return_mode="median"))
    for r in row["v"].values():
        r["median_ms"] = statistics.median(r["ms"])
        r["median_tflops"] = flops / r["median_ms"] / 1e9
    full = row["v"]["full"]["ms"]
    row["full_spread_per_round"] = [a / c for a, c in zip(full, row["v"]["full again"]["ms"], strict=True)]
    return row


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shapes", nargs="+", default=SHAPES)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)
    import torch

    if not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9:
        print("needs a Hopper (sm_90) GPU", file=sys.stderr)
        return 2
    from gpuaccel.accel.kernels.bench.attention import environment

    env = environment()  # the device and versions every attention benchmark records
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = Path(args.json or Path(__file__).parent / "results" / f"fp8_pass_ceiling_{stamp}.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    doc: dict[str, Any] = {"what": __doc__.splitlines()[0], "env": env, "argv": argv or sys.argv[1:]}
    doc["formula"] = "TFLOP/s = 4*B*H*N^2*D (halved causal) / do_bench median; e2e from bf16"
    doc["rows"] = []
    for s in args.shapes:
        shape, causal = tuple(int(x) for x in s.split(":")[0].split(",")), s.endswith(":c")
        doc["rows"].append(measure(shape, causal, args.rounds))
        path.write_text(json.dumps(doc, indent=1))
        print(json.dumps(doc["rows"][-1]), flush=True)
        torch.cuda.empty_cache()
    print(f"# {doc['formula']}; {env}")
    print("B,H,N,D causal | TFLOP/s " + " / ".join(VARIANTS) + " | ms full / no Q / no Q,K / kernel | "
          "full/full again (median; min-max) | all equal to the public call")  # fmt: skip
    for r in doc["rows"]:
        v, same = r["v"], r["full_spread_per_round"]
        rates = " / ".join(f"{v[name]['median_tflops']:.0f}" for name in VARIANTS)
        ms = " / ".join(f"{v[name]['median_ms']:.3f}" for name in list(VARIANTS)[:4])
        print(f"{','.join(map(str, r['shape']))} {'c' if r['causal'] else 'nc'} | {rates} | {ms} | "
              f"{statistics.median(same):.3f} ({min(same):.3f}-{max(same):.3f}) | "
              f"{all(r['equal_to_public_call'].values())}")  # fmt: skip
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
