"""Plain-PyTorch attention with the kernels' signature: the ground truth for tests and benchmarks.

Computes in fp32 (fp64 for fp64 inputs) on any device, materialises the score matrix, and is
differentiable through ordinary autograd. Semantics match the kernels exactly: layout
[batch, heads, seq, head_dim]; causal masks aligned bottom-right (query i sees key j when
j <= i + Nk - Nq); grouped-query heads (query head h uses key/value head h // (Hq // Hkv)); a row that
sees no key gives output 0 and log-sum-exp -inf.
"""

from __future__ import annotations

import torch

from gpuaccel.accel.kernels.checks import UnsupportedInputError, check_softcap, check_window, resolve_scale


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


def window_mask(
    nq: int, nk: int, left: int, right: int, device: torch.device, rows: tuple[int, int] | None = None
) -> torch.Tensor:
    """True where query i sees key j: ``i + off - left <= j <= i + off + right``, off = nk - nq.

    A side of -1 is unlimited; ``rows`` = (first, end) gives only those query rows' mask."""
    first, end = rows if rows is not None else (0, nq)
    i = torch.arange(first, end, device=device).unsqueeze(1) + (nk - nq)
    j = torch.arange(nk, device=device).unsqueeze(0)
    keep = torch.ones(end - first, nk, dtype=torch.bool, device=device)
    if left >= 0:
        keep &= j >= i - left
    if right >= 0:
        keep &= j <= i + right
    return keep


def attention_with_lse(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    causal: bool,
    scale: float,
    window: tuple[int, int] = (-1, -1),
    softcap: float = 0.0,
    row_block: int | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    """(o in the compute dtype, natural-log lse) -- differentiable. ``softcap > 0``: s -> cap*tanh(s/cap).

    ``row_block``: score rows for that many queries at a time (same result), so a long sequence's check
    needs row_block x Nk scores instead of Nq x Nk (4 heads at N 32k: 0.5 GB at 1024 rows, not 17 GB)."""
    check_window(window, causal)  # the kernels' rules: a bad window or cap is an error here too
    check_softcap(softcap)
    ct = _compute_dtype(q.dtype)
    hq, nq, nk = q.shape[1], q.shape[-2], k.shape[-2]
    kt = _expand_kv(k, hq).to(ct).transpose(-2, -1)
    vx = _expand_kv(v, hq).to(ct)
    left, right = window
    if causal:
        right = 0
    step = max(1, nq if row_block is None else row_block)
    outs, lses = [], []
    for first in range(0, max(nq, 1), step):
        end = min(nq, first + step)
        s = torch.matmul(q[..., first:end, :].to(ct), kt) * scale
        if softcap > 0:
            s = softcap * torch.tanh(s / softcap)
        if causal or window != (-1, -1):
            keep = window_mask(nq, nk, left, right, q.device, rows=(first, end))
            s = s.masked_fill(~keep, float("-inf"))
        lse = torch.logsumexp(s, dim=-1)
        safe = torch.where(torch.isinf(lse), torch.zeros_like(lse), lse)
        outs.append(torch.matmul(torch.exp(s - safe.unsqueeze(-1)), vx))
        lses.append(lse)
    if len(outs) == 1:
        return outs[0], lses[0]
    return torch.cat(outs, dim=-2), torch.cat(lses, dim=-1)


def flash_attention(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    *,
    causal: bool = False,
    softmax_scale: float | None = None,
    return_lse: bool = False,
    window: tuple[int, int] = (-1, -1),
    softcap: float = 0.0,
) -> torch.Tensor | tuple[torch.Tensor, torch.Tensor]:
    """Reference attention; returns o in q's dtype (and fp32/fp64 lse when ``return_lse``)."""
    if q.dim() != 4 or k.dim() != 4 or v.dim() != 4:
        raise UnsupportedInputError("q, k, v must be 4-D [batch, heads, seq, head_dim]")
    scale = resolve_scale(softmax_scale, q.shape[-1])
    o, lse = attention_with_lse(q, k, v, causal, scale, check_window(window, False), softcap)
    o = o.to(q.dtype)
    return (o, lse) if return_lse else o


def flash_attention_forward(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool, scale: float
) -> tuple[torch.Tensor, torch.Tensor]:
    """Reference of the kernels' lower-level forward: (o in q's dtype, fp32 lse)."""
    with torch.no_grad():
        o, lse = attention_with_lse(q, k, v, causal, scale)
    return o.to(q.dtype), lse.to(_compute_dtype(q.dtype))


def e4m3_plain_attention(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool, scale: float
) -> torch.Tensor:
    """Plain PyTorch attention at the FP8 kernels' precision, on fp32 (dequantised e4m3) q/k/v [B, H, N, D]:
    fp32 scores and softmax, P rounded to e4m3 for PV (scaled by 256 first, as the kernels do, so small
    probabilities stay out of e4m3's subnormals), PV in fp32, o in bf16. The FlashAttention standard's
    "plain implementation in the same dtype" for e4m3 attention (an FP8 kernel's o error against the fp32
    reference on the same inputs is held to at most 2x this one's)."""
    g = q.shape[1] // k.shape[1]
    kx, vx = k.repeat_interleave(g, 1), v.repeat_interleave(g, 1)
    s = q @ kx.transpose(-2, -1) * scale
    if causal:
        s = s.masked_fill(~causal_mask(q.shape[2], k.shape[2], q.device), float("-inf"))
    p = torch.softmax(s, -1).nan_to_num(0.0)
    p8 = (p * 256).to(torch.float8_e4m3fn).float() / 256
    return (p8 @ vx).to(torch.bfloat16)


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


def flash_attention_varlen(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    cu_seqlens_q: torch.Tensor,
    cu_seqlens_k: torch.Tensor,
    max_seqlen_q: int,
    max_seqlen_k: int,
    *,
    causal: bool = False,
    softmax_scale: float | None = None,
    window: tuple[int, int] = (-1, -1),
    softcap: float = 0.0,
    return_lse: bool = False,
) -> torch.Tensor | tuple[torch.Tensor, torch.Tensor]:
    """Packed (total, heads, head_dim) attention, one sequence at a time; lse (Hq, total_q)."""
    scale = resolve_scale(softmax_scale, q.shape[-1])
    cq, ck = cu_seqlens_q.tolist(), cu_seqlens_k.tolist()
    outs, lses = [], []
    for i in range(len(cq) - 1):
        qs, ks, vs = (t[a:b].transpose(0, 1).unsqueeze(0) for t, a, b in
                      ((q, cq[i], cq[i + 1]), (k, ck[i], ck[i + 1]), (v, ck[i], ck[i + 1])))  # fmt: skip
        o, lse = attention_with_lse(qs, ks, vs, causal, scale, window, softcap)
        outs.append(o[0].transpose(0, 1))
        lses.append(lse[0])
    o = torch.cat(outs).to(q.dtype)
    lse = torch.cat(lses, dim=1)
    return (o, lse) if return_lse else o


def gather_cache(cache: torch.Tensor, block_table: torch.Tensor | None, b: int, n: int) -> torch.Tensor:
    """The first n tokens of sequence b as (n, heads, head_dim), from a contiguous or paged cache."""
    if block_table is None:
        return cache[b, :n]
    bs = cache.shape[1]
    pages = block_table[b, : (n + bs - 1) // bs].long()
    return cache[pages].reshape(-1, *cache.shape[2:])[:n]


def flash_attention_with_kvcache(
    q: torch.Tensor,
    k_cache: torch.Tensor,
    v_cache: torch.Tensor,
    cache_seqlens: torch.Tensor,
    *,
    block_table: torch.Tensor | None = None,
    k_new: torch.Tensor | None = None,
    v_new: torch.Tensor | None = None,
    causal: bool = True,
    softmax_scale: float | None = None,
    window: tuple[int, int] = (-1, -1),
    softcap: float = 0.0,
) -> torch.Tensor:
    """Decode against a KV cache without touching it: q (B, Sq, Hq, D), the new keys appended logically."""
    scale = resolve_scale(softmax_scale, q.shape[-1])
    outs = []
    for b, n in enumerate(cache_seqlens.tolist()):
        ks, vs = gather_cache(k_cache, block_table, b, n), gather_cache(v_cache, block_table, b, n)
        if k_new is not None and v_new is not None:
            ks, vs = torch.cat([ks, k_new[b].to(ks.dtype)]), torch.cat([vs, v_new[b].to(vs.dtype)])
        qs, ks, vs = (t.transpose(0, 1).unsqueeze(0) for t in (q[b], ks, vs))
        o, _ = attention_with_lse(qs, ks.to(q.dtype), vs.to(q.dtype), causal, scale, window, softcap)
        outs.append(o[0].transpose(0, 1))
    return torch.stack(outs).to(q.dtype)
