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
import datetime
import statistics
import subprocess
import sys
import time
from typing import Any

QUERY = "timestamp,clocks.sm,power.draw,clocks_event_reasons.sw_power_cap,temperature.gpu"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shape", default="2,16,8192,128")
    args = ap.parse_args(argv)
    import torch
    from triton.testing import do_bench

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
    for fn in fns.values():
        fn()
    torch.cuda.synchronize()
    cmd = ["nvidia-smi", f"--query-gpu={QUERY}", "--format=csv,noheader,nounits", "-lms", "50"]
    smi = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    marks = []
    for name in [*fns, *fns]:
        time.sleep(1.0)
        t0 = time.time()
        ms = do_bench(fns[name], warmup=25, rep=2000, return_mode="median")
        marks.append((name, t0, time.time(), ms))
    time.sleep(0.3)
    smi.terminate()
    samples = []
    for line in smi.communicate()[0].strip().splitlines():
        p = [s.strip() for s in line.split(",")]
        try:
            ts = datetime.datetime.strptime(p[0], "%Y/%m/%d %H:%M:%S.%f").timestamp()
            samples.append((ts, float(p[1]), float(p[2]), p[3] == "Active", p[4]))
        except (ValueError, IndexError):
            continue
    flops = 4 * b * h * n * n * d
    for name, t0, t1, ms in marks:
        sel = [s for s in samples if t0 + 0.3 <= s[0] <= t1]
        if not sel:
            print(f"{name}: {ms:.3f} ms, no samples")
            continue
        print(
            f"{name}: do_bench median {ms:.3f} ms ({flops / ms / 1e9:.0f} TFLOP/s) | SM clock median "
            f"{statistics.median(s[1] for s in sel):.0f} MHz (min {min(s[1] for s in sel):.0f}) | power "
            f"median {statistics.median(s[2] for s in sel):.0f} W | power cap active "
            f"{sum(s[3] for s in sel)}/{len(sel)} | {sel[-1][4]} C"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
