"""``flash_attn_combine``: merge attention computed over disjoint key splits into one output, by each split's
log-sum-exp (FlashAttention-3's public function of that name, with its argument names and layouts).

A caller that splits the keys itself (a cache spread over devices or tiers, a prefix cached apart from the
rest) runs attention on each part with ``return_lse`` and merges here: with ``m = max_s lse_s``, the result is
``sum_s exp(lse_s - m) o_s / sum_s exp(lse_s - m)``. One program per output row loads every split's partial
row at once (the split loop's latency, not bytes, sets the time of short merges). A row no split saw (all
lse -inf) gives 0, as the decode kernels write it.
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl

from gpuaccel.accel.kernels.checks import UnsupportedInputError

MAX_SPLITS = 256  # partial results one program merges (all loaded at once)


@triton.jit
def combine_kernel(
    PO, PL, Out, LSE, stride_ps, stride_pr, stride_ls, stride_lr, stride_or, num_splits,
    HEAD_DIM: tl.constexpr, SPLITS: tl.constexpr, WRITE_LSE: tl.constexpr,
):  # fmt: skip
    """Program r merges row r of every split: partials ``PO[s, r, :]`` by ``PL[s, r]`` (natural log)."""
    r = tl.program_id(0).to(tl.int64)
    s = tl.arange(0, SPLITS)
    s_ok = s < num_splits
    offs_d = tl.arange(0, HEAD_DIM)
    ls = tl.load(PL + s * stride_ls + r * stride_lr, mask=s_ok, other=float("-inf")).to(tl.float32)
    m = tl.max(ls, 0)
    m_use = tl.where(m == float("-inf"), 0.0, m)
    w = tl.exp(ls - m_use)
    os = tl.load(PO + s[:, None] * stride_ps + r * stride_pr + offs_d[None, :], mask=s_ok[:, None], other=0.0)
    total = tl.sum(w, 0)
    out = tl.sum(os.to(tl.float32) * w[:, None], 0) / tl.where(total == 0.0, 1.0, total)
    tl.store(Out + r * stride_or + offs_d, out.to(Out.dtype.element_ty))
    if WRITE_LSE:
        tl.store(LSE + r, tl.where(total == 0.0, float("-inf"), m_use + tl.log(total)))


def flash_attn_combine(
    out_partial: torch.Tensor,
    lse_partial: torch.Tensor,
    out: torch.Tensor | None = None,
    out_dtype: torch.dtype | None = None,
    return_lse: bool = False,
) -> torch.Tensor | tuple[torch.Tensor, torch.Tensor]:
    """Merge ``out_partial`` ``(num_splits, *rows, head_dim)`` by ``lse_partial`` ``(num_splits, *rows)``.

    ``rows`` is ``(batch, seqlen, heads)`` or, packed, ``(total_q, heads)``; lse is the natural-log
    log-sum-exp of each split's scores (what ``return_lse`` gives), -inf where a split saw no key.
    Returns ``out`` ``(*rows, head_dim)`` in ``out_dtype`` (default: out_partial's dtype), written into
    ``out`` when given; with ``return_lse`` also the merged lse ``(*rows)`` (fp32).
    """
    if not isinstance(out_partial, torch.Tensor) or not isinstance(lse_partial, torch.Tensor):
        raise UnsupportedInputError("out_partial and lse_partial must be torch.Tensors")
    if out_partial.dim() < 3 or tuple(lse_partial.shape) != tuple(out_partial.shape[:-1]):
        raise UnsupportedInputError(
            f"out_partial must be (num_splits, *rows, head_dim) and lse_partial (num_splits, *rows); got "
            f"{tuple(out_partial.shape)} and {tuple(lse_partial.shape)}"
        )
    if out_partial.device != lse_partial.device:
        raise UnsupportedInputError("out_partial and lse_partial must be on one device")
    splits, d = out_partial.shape[0], out_partial.shape[-1]
    if not 1 <= splits <= MAX_SPLITS:
        raise UnsupportedInputError(
            f"num_splits (out_partial.shape[0]) must be 1..{MAX_SPLITS}, got {splits}"
        )
    if d < 16 or d & (d - 1) or d > 512:
        raise UnsupportedInputError(f"head_dim must be a power of 2 from 16 to 512, got {d}")
    if lse_partial.dtype != torch.float32:
        raise UnsupportedInputError(f"lse_partial must be fp32, got {lse_partial.dtype}")
    rows_shape = out_partial.shape[1:-1]
    po = out_partial.reshape(splits, -1, d)
    if po.stride(-1) != 1:
        po = po.contiguous()
    pl = lse_partial.reshape(splits, -1)
    n_rows = po.shape[1]
    dtype = out_dtype or (out.dtype if out is not None else out_partial.dtype)
    if out is None:
        out = torch.empty(*rows_shape, d, device=out_partial.device, dtype=dtype)
    elif tuple(out.shape) != (*rows_shape, d) or out.device != out_partial.device:
        raise UnsupportedInputError(
            f"out must be {(*rows_shape, d)} on {out_partial.device}, got {out.shape}"
        )
    flat = (
        out.view(n_rows, d) if out.is_contiguous() else torch.empty(n_rows, d, device=out.device, dtype=dtype)
    )
    lse = torch.empty(rows_shape, device=out.device, dtype=torch.float32) if return_lse else pl
    if n_rows:
        combine_kernel[(n_rows,)](
            po, pl, flat, lse, po.stride(0), po.stride(1), pl.stride(0), pl.stride(1), flat.stride(0), splits,
            HEAD_DIM=d, SPLITS=triton.next_power_of_2(splits), WRITE_LSE=return_lse,
            num_warps=4 if triton.next_power_of_2(splits) * d <= 8192 else 8,
        )  # fmt: skip
    if flat.data_ptr() != out.data_ptr():
        out.copy_(flat.view(out.shape))
    return (out, lse) if return_lse else out
