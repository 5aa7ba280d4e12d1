"""Softmax exp2s on the FMA pipe: the Gluon forwards (bf16 and e4m3) with EXP2_EMU of every four exp2s
computed by a cubic instead of MUFU.EX2, against the shipped configuration, alternated in one process.

Why: MUFU does 16 exp2 a clock per SM; at D64 bf16 and D128 e4m3 a 64 x 128 score block's 8,192 exp2s
take as long as the block's two matmuls (512 clocks each on an H100 SM), so the special-function unit is
as much a limit as the tensor cores (``gluon.fwd_steps._exp2_asm``). This times what moving a share of them
costs or gains, and checks each variant's error against the fp32 reference beside the shipped one's.

  PYTHONPATH=src python3 benchmarks/exp2_emu_ab.py [--bf16 4,32,4096,64 ...] [--fp8 2,16,8192,128 ...]
      [--emu 0 1 2] [--rounds 3] [--causal both] [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

BF16 = ["4,32,4096,64", "2,32,8192,64", "2,16,8192,128"]
FP8 = ["4,16,4096,128", "2,16,8192,128", "1,16,16384,128"]
# (B, Hq, Hkv, Nq, Nk, D, causal): rows that see no key (Nq > Nk causal), GQA, ragged ends, each head dim
CHECKS = [
    (1, 4, 2, 1000, 777, 64, True),
    (2, 8, 8, 300, 4100, 128, False),
    (1, 2, 2, 2049, 2047, 128, True),
]


def _inputs(b: int, hq: int, hkv: int, nq: int, nk: int, d: int, seed: int) -> tuple[Any, Any, Any]:
    import torch

    g = torch.Generator(device="cuda").manual_seed(seed)
    mk = lambda h, n: torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16, generator=g)
    return mk(hq, nq), mk(hkv, nk), mk(hkv, nk)


def _run(kind: str, q: Any, k: Any, v: Any, causal: bool, cfg: Any, x: Any = None, bound: Any = None):
    """(o, lse) of the bf16 Gluon forward or the e4m3 kernel on pre-quantised ``x``, in fresh NaN buffers."""
    import torch

    from gpuaccel.accel.kernels.fp8 import attention as fp8
    from gpuaccel.accel.kernels.gluon.fwd import launch_gluon_fwd

    b, hq, nq, d = q.shape
    o = torch.full((b, hq, nq, d), float("nan"), device="cuda", dtype=torch.bfloat16)
    lse = torch.full((b, hq, nq), float("nan"), device="cuda", dtype=torch.float32)
    if kind == "bf16":
        launch_gluon_fwd(q, k, v, o, lse, causal, d**-0.5, cfg, bound)
    else:
        fp8.flash_attention_fp8_quantized(x, causal, d**-0.5, cfg, out=(o, lse), bound=bound)
    return o, lse


def check(emus: list[int]) -> list[dict[str, Any]]:
    """Max abs error of o against the fp32 reference, per variant; rows that see no key must be 0."""
    import torch

    from gpuaccel.accel.kernels import reference
    from gpuaccel.accel.kernels.fp8 import attention as fp8
    from gpuaccel.accel.kernels.gluon.fp8 import gluon_fp8_config
    from gpuaccel.accel.kernels.tuning.configs import gluon_fwd_config

    rows = []
    for i, (b, hq, hkv, nq, nk, d, causal) in enumerate(CHECKS):
        q, k, v = _inputs(b, hq, hkv, nq, nk, d, 100 + i)
        group = hq // hkv
        ro, _ = reference.flash_attention_forward(
            q.float(),
            k.float().repeat_interleave(group, 1),
            v.float().repeat_interleave(group, 1),
            causal,
            d**-0.5,
        )
        for kind in ("bf16", "fp8"):
            base = gluon_fwd_config(d, nq, nk) if kind == "bf16" else gluon_fp8_config(d)
            x = fp8.quantize_fp8(q, k, v, *fp8.quant_layout(base)) if kind == "fp8" else None
            row: dict[str, Any] = {"case": [b, hq, hkv, nq, nk, d, causal], "kind": kind, "err": {}}
            for e in emus:
                o, lse = _run(kind, q, k, v, causal, replace(base, exp2_emu=e), x)
                torch.cuda.synchronize()
                unseen = torch.arange(nq, device="cuda") < (nq - nk if causal else 0)  # bottom-right causal
                row["err"][e] = {
                    "nan": bool(o.isnan().any()),
                    "max_abs": float((o.float() - ro.nan_to_num()).abs().max()),
                    "unseen_rows_zero": bool((o[:, :, unseen] == 0).all()) if unseen.any() else None,
                }
            rows.append(row)
            print(json.dumps(row))
    return rows


def timed(kind: str, shape: tuple[int, ...], causal: bool, emus: list[int], rounds: int) -> dict[str, Any]:
    import torch
    from triton.testing import do_bench

    from gpuaccel.accel.kernels.bench.attention import attention_flops
    from gpuaccel.accel.kernels.fp8 import attention as fp8
    from gpuaccel.accel.kernels.gluon.fp8 import gluon_fp8_config
    from gpuaccel.accel.kernels.tuning.configs import gluon_fwd_config

    b, h, n, d = shape
    q, k, v = _inputs(b, h, h, n, n, d, n + b)
    base = gluon_fwd_config(d, n, n) if kind == "bf16" else gluon_fp8_config(d)
    x = fp8.quantize_fp8(q, k, v, *fp8.quant_layout(base)) if kind == "fp8" else None
    flops = attention_flops(b, h, n, n, d, causal, "fwd")
    row: dict[str, Any] = {"kind": kind, "shape": list(shape), "causal": causal, "base": base.label()}
    row["v"] = {}
    runs = []
    for e in emus:
        cfg, bound = replace(base, exp2_emu=e), {}
        _run(kind, q, k, v, causal, cfg, x, bound)
        runs.append((e, cfg, bound))
        row["v"][e] = {"ms": []}
    torch.cuda.synchronize()
    for _ in range(rounds):
        for e, cfg, bound in runs:
            fn = lambda cfg=cfg, bound=bound: _run(kind, q, k, v, causal, cfg, x, bound)
            row["v"][e]["ms"].append(do_bench(fn, warmup=25, rep=100, return_mode="median"))
    for r in row["v"].values():
        r["tflops"] = statistics.median(flops / ms / 1e9 for ms in r["ms"])
    return row


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bf16", nargs="*", default=BF16)
    ap.add_argument("--fp8", nargs="*", default=FP8)
    ap.add_argument("--emu", nargs="+", type=int, default=[0, 1, 2])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--causal", choices=("no", "yes", "both"), default="both")
    ap.add_argument("--no-check", action="store_true")
    ap.add_argument("--check-emu", nargs="+", type=int, default=None, help="variants checked (default: --emu)")
    ap.add_argument("--out", default=os.environ.get("OUT", "benchmarks/results"))
    a = ap.parse_args(argv)
    import torch
    import triton

    if not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9:
        print("needs a Hopper (sm_90) GPU", file=sys.stderr)
        return 2
    env = {"gpu": torch.cuda.get_device_name(), "torch": torch.__version__, "triton": triton.__version__}
    path = Path(a.out) / f"exp2_emu_ab_{time.strftime('%Y%m%d-%H%M%S')}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    doc: dict[str, Any] = {"what": __doc__.splitlines()[0], "env": env, "argv": argv or sys.argv[1:]}
    doc["formula"] = "TFLOP/s = 4*B*H*N^2*D (/2 causal) / do_bench median (fp8: kernel only, pre-quantised)"
    doc["check"] = [] if a.no_check else check(a.check_emu or a.emu)
    path.write_text(json.dumps(doc, indent=1))
    flags = {"no": [False], "yes": [True], "both": [False, True]}[a.causal]
    doc["rows"] = []
    for kind, shapes in (("bf16", a.bf16), ("fp8", a.fp8)):
        for spec in shapes:
            for causal in flags:
                row = timed(kind, tuple(int(x) for x in spec.split(",")), causal, a.emu, a.rounds)
                doc["rows"].append(row)
                path.write_text(json.dumps(doc, indent=1))
                print(json.dumps(row))
    print(f"# {doc['formula']}; {env}")
    checked = a.check_emu or a.emu
    worst = {e: max((r["err"][e]["max_abs"] for r in doc["check"]), default=0.0) for e in checked}
    bad = [
        (r["kind"], r["case"], e)
        for r in doc["check"]
        for e in checked
        if r["err"][e]["nan"] or r["err"][e]["unseen_rows_zero"] is False
    ]
    print(f"# check: worst max-abs error per emu {worst}; NaN or unseen rows not 0 in: {bad or 'none'}")
    print("kind | B,H,N,D | causal | " + " | ".join(f"emu {e}" for e in a.emu))
    for r in doc["rows"]:
        vals = " | ".join(f"{r['v'][e]['tflops']:.0f}" for e in a.emu)
        print(f"{r['kind']} | {','.join(map(str, r['shape']))} | {'yes' if r['causal'] else 'no'} | {vals}")
    print(f"# written {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
