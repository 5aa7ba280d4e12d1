"""Fused log-sum-exp merge of one block's (output, lse) into the running fp32 (out, lse), in place.

At every ring step the running output is rescaled and the block's output added:
``new = logaddexp(lse, block_lse); out = out * exp(lse - new) + block_out * exp(block_lse - new)``.
Done with separate PyTorch ops that is about seven passes over the fp32 output per step; this kernel
reads ``out`` and ``block_out`` once and writes ``out`` once, which matters because the merge is pure
memory traffic competing with the attention kernel for time. Imported lazily (it defines a Triton kernel,
so ``TRITON_INTERPRET`` must be set before the import when it is used on CPU).
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl

from gpuaccel.accel.kernels.dense.launchers import cdiv


@triton.jit
def _merge_kernel(
    Out, Lse, BOut, BLse,
    so_b, so_h, so_n, sl_b, sl_h, sbo_b, sbo_h, sbo_n, sbl_b, sbl_h,
    heads, seq, HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_D: tl.constexpr,
):  # fmt: skip
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    b = (bh // heads).to(tl.int64)
    h = (bh % heads).to(tl.int64)
    rows = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    cols = tl.arange(0, BLOCK_D)
    row_ok = rows < seq
    lse_ptrs = Lse + b * sl_b + h * sl_h + rows
    lse = tl.load(lse_ptrs, mask=row_ok, other=0.0)
    blse = tl.load(BLse + b * sbl_b + h * sbl_h + rows, mask=row_ok, other=0.0)
    hi = tl.maximum(lse, blse)
    hi_safe = tl.where(hi == float("-inf"), 0.0, hi)
    new = hi_safe + tl.log(tl.exp(lse - hi_safe) + tl.exp(blse - hi_safe))
    new_safe = tl.where(new == float("-inf"), 0.0, new)
    keep = tl.exp(lse - new_safe)
    take = tl.exp(blse - new_safe)
    mask = row_ok[:, None] & (cols[None, :] < HEAD_DIM)
    o_ptrs = Out + b * so_b + h * so_h + rows[:, None] * so_n + cols[None, :]
    bo_ptrs = BOut + b * sbo_b + h * sbo_h + rows[:, None] * sbo_n + cols[None, :]
    o = tl.load(o_ptrs, mask=mask, other=0.0)
    bo = tl.load(bo_ptrs, mask=mask, other=0.0).to(tl.float32)
    tl.store(o_ptrs, o * keep[:, None] + bo * take[:, None], mask=mask)
    tl.store(lse_ptrs, new, mask=row_ok)


def merge_(out: torch.Tensor, lse: torch.Tensor, block_out: torch.Tensor, block_lse: torch.Tensor) -> None:
    """In place: fold (block_out, block_lse) into fp32 ``out`` [B, H, N, D] and ``lse`` [B, H, N].

    Views are fine (the ring passes row slices) as long as the last dimension of each is contiguous.
    """
    if out.dtype != torch.float32 or lse.dtype != torch.float32:
        raise ValueError(f"the running out and lse must be fp32, got {out.dtype} and {lse.dtype}")
    if out.stride(-1) != 1 or block_out.stride(-1) != 1 or lse.stride(-1) != 1 or block_lse.stride(-1) != 1:
        raise ValueError("merge_ needs a unit stride in the last dimension of every input")
    block_lse = block_lse.to(torch.float32)
    b, h, n, d = out.shape
    block_d = triton.next_power_of_2(d)
    block_m = 64 if block_d <= 128 else 32
    grid = (cdiv(n, block_m), b * h)
    bo, bl = block_out, block_lse
    _merge_kernel[grid](
        out, lse, bo, bl,
        out.stride(0), out.stride(1), out.stride(2), lse.stride(0), lse.stride(1),
        bo.stride(0), bo.stride(1), bo.stride(2), bl.stride(0), bl.stride(1),
        h, n, HEAD_DIM=d, BLOCK_M=block_m, BLOCK_D=block_d, num_warps=4,
    )  # fmt: skip
