"""Attention on one (query block, key/value block) pair, returning the log-sum-exp ring attention needs.

Ring attention splits the score matrix into blocks that live on different ranks. Each block is computed
by a kernel that also returns the per-row log-sum-exp (``lse``), so partial outputs can be merged exactly,
and whose backward accepts the *final* output and lse (not the block's own), which makes each block's
gradient contribution exact on its own. Both implementations share one signature (accel.kernels):

- ``triton``: the FlashAttention kernels (:func:`accel.kernels.flash_attention_forward` / ``_backward``);
  CUDA, or CPU under ``TRITON_INTERPRET=1`` (tier-2 tests).
- ``torch``: the plain-PyTorch reference (:mod:`accel.kernels.reference`), any device; fp64 inputs stay
  fp64 throughout, which lets the CPU tests check the ring to ~1e-15.

``GPUACCEL_RING_BLOCK`` picks one: ``auto`` (default: triton on CUDA, torch elsewhere), ``triton`` or
``torch`` (e.g. to tell a kernel bug from a ring bug on GPUs).

Layout: ``[batch, heads, seq, head_dim]``; ``lse`` natural log ``[batch, heads, seq]``; causal masks
aligned bottom-right when the query and key lengths differ; key/value may have fewer heads (GQA).
"""

from __future__ import annotations

import os

import torch

BLOCK_IMPL_ENV = "GPUACCEL_RING_BLOCK"
IMPLS = ("auto", "triton", "torch")


def block_impl(q: torch.Tensor) -> str:
    """``triton`` or ``torch`` for a block on ``q``'s device, as ``GPUACCEL_RING_BLOCK`` says."""
    choice = os.environ.get(BLOCK_IMPL_ENV, "auto").lower() or "auto"
    if choice not in IMPLS:
        raise ValueError(f"{BLOCK_IMPL_ENV} must be one of {', '.join(IMPLS)}, got {choice!r}")
    if choice == "auto":
        return "triton" if q.is_cuda else "torch"
    return choice


def block_forward(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool, scale: float
) -> tuple[torch.Tensor, torch.Tensor]:
    """One block's ``(o in q's dtype, lse fp32 (fp64 for fp64 inputs))``; unseen rows give 0, -inf."""
    if block_impl(q) == "triton":
        from gpuaccel.accel.kernels import flash_attention_forward
    else:
        from gpuaccel.accel.kernels.reference import flash_attention_forward
    return flash_attention_forward(q, k, v, causal, scale)


def block_backward(
    do: torch.Tensor,
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    o: torch.Tensor,
    lse: torch.Tensor,
    causal: bool,
    scale: float,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """One block's ``(dq, dk, dv)`` in the inputs' dtypes, given the final output and lse of its rows."""
    if block_impl(q) == "triton":
        from gpuaccel.accel.kernels import flash_attention_backward
    else:
        from gpuaccel.accel.kernels.reference import flash_attention_backward
    return flash_attention_backward(do, q, k, v, o, lse, causal, scale)
