"""FP8 quantisation pass: each element times the block's reciprocal scale (new) against divided by it (old).

Why: the pass over Q, K and V (four launches) is what separates the FP8 kernel from its end-to-end rate
(docs/kernels.md, "FP8 end to end"). Its rows kernel divided every element by its block's scale; on the
sm_90 build (ptxas through Triton 3.6, 16-divisible strides) that is 760 / 736 SASS instructions per Q / K
program body, 632 / 616 with one reciprocal per block and a multiply per element (the per-element
range checks of ``div.full.f32`` go). V's transpose pass divides by a per-column scale; it gets the same.

In one process, alternated rounds, each round starting one variant later (``triton.testing.do_bench``
medians over bound launches):
- "old pass" / "new pass": the four quantisation launches alone (``fp8.attention._quantize`` with the
  module's two kernels swapped for the copies below while it binds them, so later calls launch them as a
  planned call does; the other two launches are the module's);
- "old e2e" / "new e2e": the pass then the Gluon kernel (and its key-split merge where the cost model
  cuts the tail), as ``flash_attention_fp8(..., always_fp8=True)`` runs it; "public call": that call
  (the module's own kernels);
  "old e2e again": the old pass and kernel bound a second time (the spread between timings of one build).
Before the timings, per shape: the bytes of both passes compared (e4m3 operands, scales) and, at the
check shapes, the attention output of each against an fp32 reference on the original inputs (max and
relative L2 error), and FlashAttention-3's outlier RMSE. ``--profile``: each launch's GPU time in the
public call at each non-causal shape (torch profiler), and a bf16 copy / e4m3 cast of Q (torch's own
kernels): what a separate pass, or an in-kernel step that removes one, competes against.

  python benchmarks/fp8_quant_recip_ab.py [--shapes 2,16,8192,128:nc ...] [--rounds 7] [--profile]
      [--json PATH]   (":c" causal, ":nc" not)
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import fp8_pass_ab  # the shared A/B harness, beside this script
import triton
import triton.language as tl

from gpuaccel.accel.kernels.fp8.attention import slot_key

SHAPES = [
    "4,16,4096,128:nc", "4,16,4096,128:c", "2,16,8192,128:nc", "2,16,8192,128:c",
    "1,16,16384,128:nc", "1,16,16384,128:c", "1,16,16384,256:nc", "1,16,16384,256:c",
]  # fmt: skip
CHECKS = [  # B, Hq, Hkv, Nq, Nk, D, causal: odd sizes, GQA, ragged; the error against fp32 on these
    (2, 8, 8, 1024, 1024, 128, False),
    (3, 6, 3, 2049, 2047, 128, True),
    (1, 8, 2, 777, 1500, 64, False),
    (1, 4, 1, 1500, 777, 256, True),
    (1, 16, 16, 4096, 4096, 128, False),
]


@triton.jit
def old_quant_rows_kernel(
    X, Y, S, M, stride_xb, stride_xh, stride_xn, heads, seq, inv_sqrt_d,
    HEAD_DIM: tl.constexpr, BLOCK: tl.constexpr, SUB: tl.constexpr, ROTATE: tl.constexpr,
):  # fmt: skip
    """``fp8.attention.quant_rows_kernel`` as shipped: each element divided by its block's scale."""
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


@triton.jit
def old_quant_v_kernel(
    X, YT, A, SV, stride_xb, stride_xh, stride_xn, heads, seq, seq_pad, parts,
    HEAD_DIM: tl.constexpr, BLOCK: tl.constexpr, KEY_ORDER: tl.constexpr, PARTS: tl.constexpr,
):  # fmt: skip
    """``fp8.attention.quant_v_kernel`` as shipped: each element divided by its column's scale."""
    pid = tl.program_id(0)
    bh = tl.program_id(1)
    b = bh // heads
    h = bh % heads
    offs_d = tl.arange(0, HEAD_DIM)
    p = tl.arange(0, PARTS)
    a_ptrs = A + (bh * parts + p[:, None]) * HEAD_DIM + offs_d[None, :]
    a = tl.load(a_ptrs, mask=p[:, None] < parts, other=0.0)
    sv = tl.maximum(tl.max(a, 0), 1e-30) / 448.0
    if pid == 0:
        tl.store(SV + bh * HEAD_DIM + offs_d, sv)
    slot = pid * BLOCK + tl.arange(0, BLOCK)
    key = slot_key(slot) if KEY_ORDER else slot
    x_ptrs = X + b.to(tl.int64) * stride_xb + h.to(tl.int64) * stride_xh + key[:, None] * stride_xn
    x = tl.load(x_ptrs + offs_d[None, :], mask=key[:, None] < seq, other=0.0).to(tl.float32)
    y = tl.trans((x / sv[None, :]).to(YT.dtype.element_ty))
    yt_ptrs = YT + bh.to(tl.int64) * HEAD_DIM * seq_pad + offs_d[:, None] * seq_pad + slot[None, :]
    tl.store(yt_ptrs, y, mask=slot[None, :] < seq_pad)


@triton.jit
def new_quant_rows_kernel(
    X, Y, S, M, stride_xb, stride_xh, stride_xn, heads, seq, inv_sqrt_d,
    HEAD_DIM: tl.constexpr, BLOCK: tl.constexpr, SUB: tl.constexpr, ROTATE: tl.constexpr,
):  # fmt: skip
    """:func:`old_quant_rows_kernel` with each element multiplied by the block's reciprocal scale."""
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
            y = (xf * (1.0 / s)).to(Y.dtype.element_ty)
            y_ptrs = Y + bh.to(tl.int64) * seq * HEAD_DIM + offs_n[:, None] * HEAD_DIM + offs_d[None, :]
            tl.store(y_ptrs, y, mask=row_ok)
            tl.store(S + bh * blocks + blk, s)


@triton.jit
def new_quant_v_kernel(
    X, YT, A, SV, stride_xb, stride_xh, stride_xn, heads, seq, seq_pad, parts,
    HEAD_DIM: tl.constexpr, BLOCK: tl.constexpr, KEY_ORDER: tl.constexpr, PARTS: tl.constexpr,
):  # fmt: skip
    """:func:`old_quant_v_kernel` with each element multiplied by its column's reciprocal scale."""
    pid = tl.program_id(0)
    bh = tl.program_id(1)
    b = bh // heads
    h = bh % heads
    offs_d = tl.arange(0, HEAD_DIM)
    p = tl.arange(0, PARTS)
    a_ptrs = A + (bh * parts + p[:, None]) * HEAD_DIM + offs_d[None, :]
    a = tl.load(a_ptrs, mask=p[:, None] < parts, other=0.0)
    sv = tl.maximum(tl.max(a, 0), 1e-30) / 448.0
    if pid == 0:
        tl.store(SV + bh * HEAD_DIM + offs_d, sv)
    slot = pid * BLOCK + tl.arange(0, BLOCK)
    key = slot_key(slot) if KEY_ORDER else slot
    x_ptrs = X + b.to(tl.int64) * stride_xb + h.to(tl.int64) * stride_xh + key[:, None] * stride_xn
    x = tl.load(x_ptrs + offs_d[None, :], mask=key[:, None] < seq, other=0.0).to(tl.float32)
    y = tl.trans((x * (1.0 / sv)[None, :]).to(YT.dtype.element_ty))
    yt_ptrs = YT + bh.to(tl.int64) * HEAD_DIM * seq_pad + offs_d[:, None] * seq_pad + slot[None, :]
    tl.store(yt_ptrs, y, mask=slot[None, :] < seq_pad)


KERNELS = {
    "old": (old_quant_rows_kernel, old_quant_v_kernel),
    "new": (new_quant_rows_kernel, new_quant_v_kernel),
}


@contextlib.contextmanager
def kernels(name: str) -> Iterator[None]:
    """The module's quantisation kernels swapped for one build's copies while a pass binds them."""
    from gpuaccel.accel.kernels.fp8 import attention as fp8

    saved = fp8.quant_rows_kernel, fp8.quant_v_kernel
    fp8.quant_rows_kernel, fp8.quant_v_kernel = KERNELS[name]
    try:
        yield
    finally:
        fp8.quant_rows_kernel, fp8.quant_v_kernel = saved


def main(argv: list[str] | None = None) -> int:
    return fp8_pass_ab.main(
        argv,
        what=__doc__.splitlines()[0],
        stem="fp8_quant_recip_ab",
        kernels=kernels,
        shapes=SHAPES,
        checks=CHECKS,
        outlier_dims=(128,),
        outlier_label="outlier RMSE non-causal / causal, old vs new:",
    )


if __name__ == "__main__":
    raise SystemExit(main())
