"""FP8 quantisation's rows kernel alone (Q's launch): rotation build x warps x rows per program, timed.

Why: at D256 the rows kernel moves Q at about half of torch's e4m3 cast rate (1,16,16384,256 on the H100:
~147 us a launch against 75 us for ``q.to(float8_e4m3fn)``); splitting the rotation into two half-size
Hadamard products (``fp8.attention._rotate_halves``) took only ~8 us off. This times Q's launch of
``quant_rows_kernel`` (64-row scale blocks, as the Gluon kernel reads Q) for the shipped full-matrix
rotation (a copy of it, from ``fp8_quant_halves_ab.py``) and the module's kernel, at 4 and 8 warps and
several blocks per program, against torch's cast and a bf16 copy; ``triton.testing.do_bench`` medians,
alternated rounds. The outputs of every variant are compared with the module's own launch (its rows
per program and ``fp8.attention.rows_warps``; the 2026-11-27 run compared with 8 warps, the rule then).

  python benchmarks/fp8_rows_sweep.py [--shape 1,16,16384,256] [--rounds 5] [--json PATH]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shape", default="1,16,16384,256")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)
    import torch
    import triton
    from triton.testing import do_bench

    sys.path.insert(0, str(Path(__file__).parent))
    from fp8_quant_halves_ab import old_quant_rows_kernel

    from gpuaccel.accel.kernels.fp8 import attention as fp8

    b, h, n, d = (int(x) for x in args.shape.split(","))
    q = torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16)
    m = fp8._signed_hadamard(d, "cuda", q.dtype)
    blk = fp8.GLUON_Q_BLOCK
    blocks = -(-n // blk)

    def run(kernel: Any, warps: int, sub: int) -> tuple[Any, Any]:
        y = torch.empty(b, h, n, d, device="cuda", dtype=torch.float8_e4m3fn)
        s = torch.empty(b * h, blocks, device="cuda", dtype=torch.float32)
        kernel[(-(-blocks // sub), b * h)](
            q, y, s, m, q.stride(0), q.stride(1), q.stride(2), h, n, d**-0.5,
            HEAD_DIM=d, BLOCK=blk, SUB=sub, ROTATE=True, num_warps=warps,
        )  # fmt: skip
        return y, s

    variants: dict[str, Any] = {}
    for kname, kernel in (("full matrix", old_quant_rows_kernel), ("module", fp8.quant_rows_kernel)):
        for warps in (4, 8):
            for sub in (4, 8, 16):
                variants[f"{kname} w{warps} sub{sub}"] = (kernel, warps, sub)
    ref_y, ref_s = run(fp8.quant_rows_kernel, fp8.rows_warps(blk, d, True), max(1, 512 // blk))
    env = {"gpu": torch.cuda.get_device_name(), "torch": torch.__version__, "triton": triton.__version__}
    doc: dict[str, Any] = {"what": __doc__.splitlines()[0], "shape": [b, h, n, d],
                           "argv": argv or sys.argv[1:], "env": env, "v": {}}  # fmt: skip
    fns = {}
    for name, (kernel, warps, sub) in variants.items():
        y, s = run(kernel, warps, sub)
        differ = int((y.view(torch.uint8) != ref_y.view(torch.uint8)).sum().item())
        doc["v"][name] = {"bytes_differ": differ, "scales_equal": bool(torch.equal(s, ref_s)), "us": []}
        fns[name] = lambda kernel=kernel, warps=warps, sub=sub: run(kernel, warps, sub)
    fns["torch cast to e4m3"] = lambda: q.to(torch.float8_e4m3fn)
    fns["torch bf16 copy"] = lambda: q.clone()
    for name in ("torch cast to e4m3", "torch bf16 copy"):
        doc["v"][name] = {"us": []}
    names = list(fns)
    for i in range(args.rounds):
        for name in names[i % len(names) :] + names[: i % len(names)]:
            doc["v"][name]["us"].append(do_bench(fns[name], warmup=25, rep=100, return_mode="median") * 1e3)
    mb = q.numel() * 3 / 1e6  # bf16 read + e4m3 write
    print(f"# Q launch of the rows kernel at {b},{h},{n},{d} (BLOCK {blk}); {doc['env']}")
    print("variant | us (median of rounds) | TB/s (bf16 read + e4m3 write) | e4m3 bytes differing | "
          "scales equal")  # fmt: skip
    for name, r in doc["v"].items():
        r["median_us"] = statistics.median(r["us"])
        print(f"{name} | {r['median_us']:.1f} | {mb / r['median_us']:.2f} | {r.get('bytes_differ', '-')} | "
              f"{r.get('scales_equal', '-')}")  # fmt: skip
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = Path(args.json or Path(__file__).parent / "results" / f"fp8_rows_sweep_{stamp}.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc, indent=1))
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
