"""One attention shape's forward and backward, a few times over, for a profiler to read (no timing here).

    ncu --clock-control none -k regex:dkdv --launch-skip 2 --launch-count 1 \\
        python3 benchmarks/attention_step.py 2,16,8192,128 --causal
    ... attention_step.py 4,32,4096,64 --fwd-only --impl fa4   (FlashAttention-4, when installed)
"""

from __future__ import annotations

import argparse

import torch

from gpuaccel.accel.kernels import flash_attention_fp8
from gpuaccel.accel.kernels.bench.attention import implementation


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("shape", help="B,H,N,D or B,Hq/Hkv,N,D")
    ap.add_argument("--causal", action="store_true")
    ap.add_argument("--fwd-only", action="store_true")
    ap.add_argument("--fp8", action="store_true", help="the FP8 forward (e4m3 always), forward only")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--impl", default="ours", help="ours, fa4, sdpa_cudnn, ... (bench.attention's names)")
    args = ap.parse_args(argv)
    attend = implementation(args.impl, "bf16")
    b, h, n, d = args.shape.split(",")
    hq, _, hkv = h.partition("/")
    hq, hkv = int(hq), int(hkv or hq)
    # (B, H, N, D); FA4 takes (B, N, H, D), so its inputs are views of storage laid out that way
    seq_major = args.impl == "fa4"
    mk = lambda heads: (
        torch.randn(int(b), int(n), heads, int(d), device="cuda", dtype=torch.bfloat16).transpose(1, 2)
        if seq_major
        else torch.randn(int(b), heads, int(n), int(d), device="cuda", dtype=torch.bfloat16)
    )
    q, k, v = mk(hq), mk(hkv), mk(hkv)
    for t in (q, k, v):
        t.requires_grad_(not (args.fwd_only or args.fp8))
    for _ in range(args.repeat):
        if args.fp8:
            flash_attention_fp8(q, k, v, causal=args.causal, always_fp8=True)
            continue
        o = attend(q, k, v, args.causal)
        if not args.fwd_only:
            o.backward(torch.ones_like(o))
    torch.cuda.synchronize()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
