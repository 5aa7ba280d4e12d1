"""Attention on one (query block, key/value block) pair, returning the log-sum-exp ring attention needs.

Ring attention splits the score matrix into blocks that live on different ranks. Each block is computed
by a kernel that also returns the per-row log-sum-exp (``lse``), so partial outputs can be merged exactly
in fp32, and whose backward accepts the *final* output and lse (not the block's own), which makes each
block's gradient contribution exact on its own.

On CUDA the blocks run on the Triton FlashAttention kernels in :mod:`accel.kernels`; on CPU (gloo tests,
CI) they run on the plain-PyTorch versions below. ``GPUACCEL_RING_BLOCK=torch`` forces the plain path on
CUDA too (to tell a kernel bug from a ring bug).

Layout everywhere: ``[batch, heads, seq, head_dim]``; ``lse`` is fp32 natural log ``[batch, heads, seq]``.
Causal masks are aligned bottom-right when the query and key lengths differ (query ``i`` sees key ``j``
when ``j <= i + Nk - Nq``). Key/value may have fewer heads than the queries (grouped-query attention):
query head ``h`` uses key/value head ``h // (Hq // Hkv)``.
"""

from __future__ import annotations

import os

import torch

BLOCK_IMPL_ENV = "GPUACCEL_RING_BLOCK"


def _compute_dtype(dtype: torch.dtype) -> torch.dtype:
    return torch.float64 if dtype == torch.float64 else torch.float32


def _expand_kv(q: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    """Repeat key/value heads for grouped-query attention (a no-op when the head counts match)."""
    hq, hkv = q.shape[1], x.shape[1]
    if hq == hkv:
        return x
    if hq % hkv:
        raise ValueError(f"query heads ({hq}) must be a multiple of key/value heads ({hkv})")
    return x.repeat_interleave(hq // hkv, dim=1)


def _reduce_kv_grad(grad: torch.Tensor, hkv: int) -> torch.Tensor:
    """Sum the gradients of repeated key/value heads back onto their shared head."""
    b, hq, n, d = grad.shape
    if hq == hkv:
        return grad
    return grad.view(b, hkv, hq // hkv, n, d).sum(dim=2)


def _scores(q: torch.Tensor, k: torch.Tensor, causal: bool, scale: float) -> torch.Tensor:
    """Scaled scores in the compute dtype, with the bottom-right causal mask applied as -inf."""
    ct = _compute_dtype(q.dtype)
    s = torch.matmul(q.to(ct), _expand_kv(q, k).to(ct).transpose(-2, -1)) * scale
    if causal:
        nq, nk = q.shape[-2], k.shape[-2]
        i = torch.arange(nq, device=q.device).unsqueeze(1)
        j = torch.arange(nk, device=q.device).unsqueeze(0)
        s = s.masked_fill(j > i + (nk - nq), float("-inf"))
    return s


def _probabilities(s: torch.Tensor, lse: torch.Tensor) -> torch.Tensor:
    """exp(s - lse) with fully masked rows (lse = -inf) giving zeros instead of NaN."""
    safe = torch.where(torch.isinf(lse), torch.zeros_like(lse), lse).to(s.dtype)
    return torch.exp(s - safe.unsqueeze(-1))


def torch_block_forward(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool, scale: float
) -> tuple[torch.Tensor, torch.Tensor]:
    """Plain-PyTorch block forward: ``(o in q's dtype, lse fp32)``; a fully masked row gives 0, -inf.

    fp64 inputs keep fp64 throughout (lse included), so the CPU tests can check the ring to ~1e-12.
    """
    s = _scores(q, k, causal, scale)
    lse = torch.logsumexp(s, dim=-1)
    p = _probabilities(s, lse)
    o = torch.matmul(p, _expand_kv(q, v).to(s.dtype))
    return o.to(q.dtype), lse.to(_compute_dtype(q.dtype))


def torch_block_backward(
    do: torch.Tensor,
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    o: torch.Tensor,
    lse: torch.Tensor,
    causal: bool,
    scale: float,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Plain-PyTorch block backward from the final ``o`` and ``lse`` of these query rows.

    Uses the FlashAttention identity dS = P * (dP - rowsum(dO * O)), which only needs the final output,
    so it is exact for one block of a larger (ring) attention.
    """
    ct = _compute_dtype(q.dtype)
    s = _scores(q, k, causal, scale)
    p = _probabilities(s, lse)
    do_c = do.to(ct)
    ve = _expand_kv(q, v).to(ct)
    dv = torch.matmul(p.transpose(-2, -1), do_c)
    dp = torch.matmul(do_c, ve.transpose(-2, -1))
    delta = (do_c * o.to(ct)).sum(dim=-1, keepdim=True)
    ds = p * (dp - delta)
    dq = torch.matmul(ds, _expand_kv(q, k).to(ct)) * scale
    dk = torch.matmul(ds.transpose(-2, -1), q.to(ct)) * scale
    hkv = k.shape[1]
    return dq.to(q.dtype), _reduce_kv_grad(dk, hkv).to(k.dtype), _reduce_kv_grad(dv, hkv).to(v.dtype)


def _use_kernels(q: torch.Tensor) -> bool:
    if not q.is_cuda:
        return False
    choice = os.environ.get(BLOCK_IMPL_ENV, "triton").lower()
    if choice not in ("triton", "torch"):
        raise ValueError(f"{BLOCK_IMPL_ENV} must be 'triton' or 'torch', got {choice!r}")
    return choice == "triton"


def block_forward(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool, scale: float
) -> tuple[torch.Tensor, torch.Tensor]:
    """One block's ``(o, lse)``: Triton kernel on CUDA, plain PyTorch elsewhere."""
    if _use_kernels(q):
        from accel.kernels import flash_attention_forward

        return flash_attention_forward(q, k, v, causal, scale)
    return torch_block_forward(q, k, v, causal, scale)


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
    """One block's ``(dq, dk, dv)`` given the final output and lse of its query rows."""
    if _use_kernels(q):
        from accel.kernels import flash_attention_backward

        return flash_attention_backward(do, q, k, v, o, lse, causal, scale)
    return torch_block_backward(do, q, k, v, o, lse, causal, scale)
