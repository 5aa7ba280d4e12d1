"""Plain-PyTorch attention with the kernels' signature: the ground truth for tests and benchmarks.

Computes in fp32 (fp64 for fp64 inputs) on any device, materialises the score matrix, and is
differentiable through ordinary autograd. Semantics match the kernels exactly: layout
[batch, heads, seq, head_dim]; causal masks aligned bottom-right (query i sees key j when
j <= i + Nk - Nq); grouped-query heads (query head h uses key/value head h // (Hq // Hkv)); a row that
sees no key gives output 0 and log-sum-exp -inf.
"""

from __future__ import annotations

import torch

from gpuaccel.accel.kernels.checks import UnsupportedInputError, resolve_scale


def _compute_dtype(dtype: torch.dtype) -> torch.dtype:
    return torch.float64 if dtype == torch.float64 else torch.float32


def _expand_kv(x: torch.Tensor, heads_q: int) -> torch.Tensor:
    hkv = x.shape[1]
    if heads_q % hkv:
        raise UnsupportedInputError(f"query heads ({heads_q}) must be a multiple of key/value heads ({hkv})")
    return x if hkv == heads_q else x.repeat_interleave(heads_q // hkv, dim=1)


def causal_mask(nq: int, nk: int, device: torch.device) -> torch.Tensor:
    """True where query i may see key j (bottom-right aligned)."""
    i = torch.arange(nq, device=device).unsqueeze(1)
    j = torch.arange(nk, device=device).unsqueeze(0)
    return j <= i + (nk - nq)


def attention_with_lse(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool, scale: float
) -> tuple[torch.Tensor, torch.Tensor]:
    """(o in the compute dtype, natural-log lse) -- differentiable."""
    ct = _compute_dtype(q.dtype)
    hq = q.shape[1]
    s = torch.matmul(q.to(ct), _expand_kv(k, hq).to(ct).transpose(-2, -1)) * scale
    if causal:
        s = s.masked_fill(~causal_mask(q.shape[-2], k.shape[-2], q.device), float("-inf"))
    lse = torch.logsumexp(s, dim=-1)
    safe = torch.where(torch.isinf(lse), torch.zeros_like(lse), lse)
    p = torch.exp(s - safe.unsqueeze(-1))
    o = torch.matmul(p, _expand_kv(v, hq).to(ct))
    return o, lse


def flash_attention(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    *,
    causal: bool = False,
    softmax_scale: float | None = None,
    return_lse: bool = False,
) -> torch.Tensor | tuple[torch.Tensor, torch.Tensor]:
    """Reference attention; returns o in q's dtype (and fp32/fp64 lse when ``return_lse``)."""
    if q.dim() != 4 or k.dim() != 4 or v.dim() != 4:
        raise UnsupportedInputError("q, k, v must be 4-D [batch, heads, seq, head_dim]")
    scale = resolve_scale(softmax_scale, q.shape[-1])
    o, lse = attention_with_lse(q, k, v, causal, scale)
    o = o.to(q.dtype)
    return (o, lse) if return_lse else o


def flash_attention_forward(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool, scale: float
) -> tuple[torch.Tensor, torch.Tensor]:
    """Reference of the kernels' lower-level forward: (o in q's dtype, fp32 lse)."""
    with torch.no_grad():
        o, lse = attention_with_lse(q, k, v, causal, scale)
    return o.to(q.dtype), lse.to(_compute_dtype(q.dtype))


def flash_attention_backward(
    do: torch.Tensor,
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    o: torch.Tensor,
    lse: torch.Tensor,
    causal: bool,
    scale: float,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Reference of the kernels' blockwise backward, from the *given* o and lse (may be a ring's final ones).

    dS = P * (dP - rowsum(dO * O)) with P = exp(S - lse), so one key/value block's contribution is exact
    on its own; key/value gradients of grouped heads are summed onto their shared head.
    """
    ct = _compute_dtype(q.dtype)
    hq, hkv = q.shape[1], k.shape[1]
    s = torch.matmul(q.to(ct), _expand_kv(k, hq).to(ct).transpose(-2, -1)) * scale
    if causal:
        s = s.masked_fill(~causal_mask(q.shape[-2], k.shape[-2], q.device), float("-inf"))
    lse_c = lse.to(ct)
    safe = torch.where(torch.isinf(lse_c), torch.full_like(lse_c, float("inf")), lse_c)
    p = torch.exp(s - safe.unsqueeze(-1))
    do_c = do.to(ct)
    dv = torch.matmul(p.transpose(-2, -1), do_c)
    dp = torch.matmul(do_c, _expand_kv(v, hq).to(ct).transpose(-2, -1))
    delta = (do_c * o.to(ct)).sum(dim=-1, keepdim=True)
    ds = p * (dp - delta)
    dq = torch.matmul(ds, _expand_kv(k, hq).to(ct)) * scale
    dk = torch.matmul(ds.transpose(-2, -1), q.to(ct)) * scale
    if hq != hkv:
        b, _, nk, d = dk.shape
        dk = dk.view(b, hkv, hq // hkv, nk, d).sum(2)
        dv = dv.view(b, hkv, hq // hkv, nk, d).sum(2)
    return dq.to(q.dtype), dk.to(k.dtype), dv.to(v.dtype)
