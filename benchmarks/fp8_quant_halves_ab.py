"""FP8 quantisation pass at D256: the rotation as two half-size Hadamard products (new) against one (old).

Why: the pass over Q, K and V separates the FP8 kernel from its end-to-end rate (docs/kernels.md, "FP8
end to end"). At D256 its rows kernel multiplied each 64 x 256 block by the whole 256 x 256 rotation
matrix: 160 KB of shared memory per program (ptxas on the sm_90 build), one program per SM, and Q + K
took 302 us at 1,16,16384,256 on the H100 where torch's e4m3 cast of Q alone takes 74 us. Now
``fp8.attention._rotate_halves`` uses one level of the Hadamard recursion: two 64 x 128 x 128 products
with the 128 x 128 matrix (48 KB a program, half the matmul work), on 4 warps instead of 8
(``fp8.attention.rows_warps``; ``fp8_rows_sweep.py``). D64/D128 run the unchanged code and warps.

In one process, alternated rounds, each round starting one variant later (``triton.testing.do_bench``
medians over bound launches):
- "old pass" / "new pass": the four quantisation launches alone (``fp8.attention._quantize`` with the
  module's rows kernel and warps rule swapped for the shipped copies below while it binds them, so later
  calls launch them as a planned call does; "new" is the module's own);
- "old e2e" / "new e2e": the pass then the Gluon kernel (and its key-split merge where the cost model
  cuts the tail), as ``flash_attention_fp8(..., always_fp8=True)`` runs it; "public call": that call
  (the module's own kernels); "old e2e again": the old pass and kernel bound a second time (the spread
  between timings of one build).
Before the timings: at the check shapes both passes' e4m3 bytes compared (the grouping of the fp32 sums
differs at D256, so a value may round the other way at a tie; D64/D128 must be equal) and each one's
attention output against an fp32 reference on the original inputs (max and relative L2 error), and
FlashAttention-3's outlier RMSE at D128 and D256. ``--profile``: each launch's GPU time in the public
call at each non-causal shape (torch profiler), and a bf16 copy / e4m3 cast of Q (torch's own kernels).

  python benchmarks/fp8_quant_halves_ab.py [--shapes 1,16,16384,256:nc ...] [--rounds 9] [--profile]
      [--json PATH]   (":c" causal, ":nc" not)
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import fp8_pass_ab  # the shared A/B harness, beside this script
import triton
import triton.language as tl

SHAPES = [
    "4,16,4096,128:nc", "4,16,4096,128:c", "2,16,8192,128:nc", "2,16,8192,128:c",
    "1,16,16384,128:nc", "1,16,16384,128:c", "1,16,16384,256:nc", "1,16,16384,256:c",
    "2,16,8192,256:nc", "2,16,8192,256:c",
]  # fmt: skip
CHECKS = [  # B, Hq, Hkv, Nq, Nk, D, causal: odd sizes, GQA, ragged; the error against fp32 on these
    (2, 8, 8, 1024, 1024, 128, False),
    (3, 6, 3, 2049, 2047, 128, True),
    (1, 8, 2, 777, 1500, 64, False),
    (1, 4, 1, 1500, 777, 256, True),
    (2, 8, 8, 1024, 1024, 256, False),
    (1, 16, 16, 4096, 4096, 128, False),
    (1, 16, 16, 4096, 4096, 256, False),
]


@triton.jit
def old_quant_rows_kernel(
    X, Y, S, M, stride_xb, stride_xh, stride_xn, heads, seq, inv_sqrt_d,
    HEAD_DIM: tl.constexpr, BLOCK: tl.constexpr, SUB: tl.constexpr, ROTATE: tl.constexpr,
):  # fmt: skip
    """``fp8.attention.quant_rows_kernel`` as shipped before: the whole D x D rotation in one product."""
    pid = tl.program_id(0)
    bh = tl.program_id(1)
    b = bh // heads
    h = bh % heads
    offs_d = tl.arange(0, HEAD_DIM)
    if ROTATE:
        m = tl.load(M + offs_d[:, None] * HEAD_DIM + offs_d[None, :])
    blocks = tl.cdiv(seq, BLOCK)
    x_base = X + b.to(tl.int64) * stride_xb + h.to(tl.int64) * stride_xh
    for i in tl.range(0, SUB, num_stages=2):
        blk = pid * SUB + i
        if blk < blocks:
            offs_n = blk * BLOCK + tl.arange(0, BLOCK)
            row_ok = offs_n[:, None] < seq
            x = tl.load(x_base + offs_n[:, None] * stride_xn + offs_d[None, :], mask=row_ok, other=0.0)
            xf = tl.dot(x, m) * inv_sqrt_d if ROTATE else x.to(tl.float32)
            amax = tl.max(tl.max(tl.abs(xf), 1), 0)
            s = tl.maximum(amax, 1e-30) / 448.0
            y = (xf / s).to(Y.dtype.element_ty)
            y_ptrs = Y + bh.to(tl.int64) * seq * HEAD_DIM + offs_n[:, None] * HEAD_DIM + offs_d[None, :]
            tl.store(y_ptrs, y, mask=row_ok)
            tl.store(S + bh * blocks + blk, s)


@contextlib.contextmanager
def kernels(name: str) -> Iterator[None]:
    """For "old", the module's rows kernel and its warps rule swapped for the shipped ones while a pass
    binds them."""
    from gpuaccel.accel.kernels.fp8 import attention as fp8

    saved = fp8.quant_rows_kernel, fp8.rows_warps
    if name == "old":
        fp8.quant_rows_kernel = old_quant_rows_kernel
        fp8.rows_warps = old_rows_warps
    try:
        yield
    finally:
        fp8.quant_rows_kernel, fp8.rows_warps = saved


def old_rows_warps(block: int, head_dim: int, rotate: bool) -> int:
    """The warps the rows kernel was launched with before: 8 from 128 x 128 elements of the whole block."""
    return 8 if block * head_dim >= 128 * 128 else 4


def main(argv: list[str] | None = None) -> int:
    return fp8_pass_ab.main(
        argv,
        what=__doc__.splitlines()[0],
        stem="fp8_quant_halves_ab",
        kernels=kernels,
        shapes=SHAPES,
        checks=CHECKS,
        outlier_dims=(128, 256),
        outlier_label="outlier RMSE (B2 H8 N2048), old vs new:",
    )


if __name__ == "__main__":
    raise SystemExit(main())
