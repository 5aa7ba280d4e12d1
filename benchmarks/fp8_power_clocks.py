"""SM clock and board power while the FP8 call runs back to back: end to end against the kernel alone.

Why: under ``do_bench`` the e4m3 kernel measures ~940 TFLOP/s at 2,16,8192,128, under ncu or a short
burst ~1,010-1,030, and leaving part of the quantisation pass out of the end-to-end call saved less than
that part's own GPU time (``fp8_pass_ceiling.py``). This samples ``nvidia-smi`` every 50 ms during
two-second ``do_bench`` runs of the public call (pass + kernel) and of the kernel alone on pre-quantised
inputs, alternated twice, and prints each run's median SM clock, power and how many samples had the
software power cap active. Reads the card's state only; changes nothing.

  python benchmarks/fp8_power_clocks.py [--shape 2,16,8192,128]
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

import fwd_ab  # benchmarks/, beside this script: the nvidia-smi sampler (``fwd_ab.py --power``)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shape", default="2,16,8192,128")
    args = ap.parse_args(argv)
    import torch

    from gpuaccel.accel.kernels.fp8 import attention as fp8
    from gpuaccel.accel.kernels.gluon.fp8 import gluon_fp8_config

    if not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9:
        print("needs a Hopper (sm_90) GPU", file=sys.stderr)
        return 2
    b, h, n, d = (int(x) for x in args.shape.split(","))
    q, k, v = (torch.randn(b, h, n, d, device="cuda", dtype=torch.bfloat16) for _ in "qkv")
    cfg = gluon_fp8_config(d)
    x = fp8.quantize_fp8(q, k, v, *fp8.quant_layout(cfg))
    bound: dict[str, Any] = {}
    fns = {
        "e2e (public call)": lambda: fp8.flash_attention_fp8(q, k, v, always_fp8=True),
        "kernel alone": lambda: fp8.flash_attention_fp8_quantized(x, False, d**-0.5, cfg, bound=bound),
    }
    marks, samples = fwd_ab.sampled(fns, [*fns, *fns], 2.0, 1.0)
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    flops = 4 * b * h * n * n * d
    for name, t0, t1, ms in marks:
        got = fwd_ab.clock_summary(samples, t0, t1, flops, ms, sms)
        if "sm_mhz" not in got:
            print(f"{name}: {ms:.3f} ms, no samples")
            continue
        print(
            f"{name}: do_bench median {ms:.3f} ms ({got['tflops']:.0f} TFLOP/s) | SM clock median "
            f"{got['sm_mhz']:.0f} MHz (min {got['sm_mhz_min']:.0f}) | power median {got['watts']:.0f} W | "
            f"power cap active {got['power_cap_active']}/{got['samples']} | {got['temp_c']:.0f} C"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
