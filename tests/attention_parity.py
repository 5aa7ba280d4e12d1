"""Checks shared by the attention parity tests (tests/kernels under the interpreter, tests/gpu on CUDA).

FlashAttention's own standard: against a float64 reference, the kernel's maximum error is at most twice that
of a plain PyTorch implementation computing in the inputs' dtype. ``naive`` is both (float64 / the dtype),
``keep_mask`` flash-attn's visibility rule (bottom-right aligned causal and windows, chunks in key
positions), ``cache`` a contiguous or paged cache with shuffled pages.
"""

from __future__ import annotations

import torch

DT = torch.float16  # the interpreter's half type; "plain PyTorch" computes in it too

KV_CASES = [  # (batch, seq_q, hq, hkv, d, page, causal, window, chunk, n_new)
    (2, 37, 8, 2, 32, None, True, (-1, -1), 0, 5),  # 37 tokens x group 4 = 148 rows: two launches
    (1, 70, 4, 1, 16, 4, True, (-1, -1), 0, 70),  # MQA chunked prefill, all appended, pages of 4
    (3, 9, 6, 3, 32, 1, False, (-1, -1), 0, 0),  # page size 1, non-causal, Nq < Nk
    (2, 45, 6, 2, 16, 4, False, (7, 3), 0, 2),  # 135 rows with a window both sides
    (2, 33, 4, 4, 16, None, True, (-1, -1), 16, 3),  # chunked local attention
    (1, 12, 2, 1, 32, 1, True, (5, -1), 8, 12),  # chunk and a left window, page 1
]


def naive(q, k, v, keep, dtype):
    """One sequence: q (Nq, H, D), k/v (Nk, Hkv, D), keep (Nq, Nk) -> o (Nq, H, D), lse (H, Nq); in dtype."""
    hq, hkv = q.shape[1], k.shape[1]
    k = k.repeat_interleave(hq // hkv, dim=1)
    v = v.repeat_interleave(hq // hkv, dim=1)
    q, k, v = (t.to(dtype).transpose(0, 1) for t in (q, k, v))
    s = (q @ k.transpose(-1, -2)) * q.shape[-1] ** -0.5
    s = s.masked_fill(~keep, float("-inf"))
    lse = torch.logsumexp(s.double(), -1)
    p = torch.softmax(s, -1).nan_to_num(0.0)
    return (p @ v).transpose(0, 1), lse


def keep_mask(nq, nk, causal, window=(-1, -1), chunk=0):
    """Bottom-right aligned visibility (flash-attn's rule), chunks in key positions."""
    i = torch.arange(nq)[:, None] + (nk - nq)
    j = torch.arange(nk)[None, :]
    left, right = window
    if causal:
        right = 0
    keep = torch.ones(nq, nk, dtype=torch.bool)
    if left >= 0:
        keep &= j >= i - left
    if right >= 0:
        keep &= j <= i + right
    if chunk:
        keep &= torch.div(j, chunk, rounding_mode="floor") == torch.div(i, chunk, rounding_mode="floor")
    return keep


def bound(got: torch.Tensor, naive: torch.Tensor, ref: torch.Tensor, what: str) -> None:
    err = (got.double() - ref).abs().max().item()
    base = (naive.double() - ref).abs().max().item()
    assert err <= 2 * base + 1e-6, f"{what}: max error {err:.3g} > 2 x plain fp16's {base:.3g}"


def bound_all(got, plain, ref, what: str) -> None:
    """:func:`bound` on (out, dq, dk, dv) each."""
    for name, g, p, r in zip(("out", "dq", "dk", "dv"), got, plain, ref, strict=True):
        bound(g, p, r, f"{what} {name}")


def packed_parts(q, k, v, do, lens_q, lens_k, dtype, causal, window=(-1, -1), chunk=0):
    """(o, dq, dk, dv) of :func:`naive` in ``dtype`` over packed (total, heads, head_dim) sequences of
    those lengths, each under flash-attn's visibility rule."""
    qx, kx, vx = (t.detach().to(dtype).requires_grad_() for t in (q, k, v))
    outs, a, c = [], 0, 0
    for nq, nk in zip(lens_q, lens_k, strict=True):
        keep = keep_mask(nq, nk, causal, window, chunk).to(q.device)
        outs.append(naive(qx[a : a + nq], kx[c : c + nk], vx[c : c + nk], keep, dtype)[0])
        a, c = a + nq, c + nk
    o = torch.cat(outs).to(dtype)
    return (o, *torch.autograd.grad(o, (qx, kx, vx), do.to(dtype)))


def batch_parts(q, k, v, do, keep, dtype):
    """(o, dq, dk, dv) of :func:`naive` in ``dtype`` over a (batch, seqlen, heads, head_dim) batch."""
    qx, kx, vx = (t.detach().to(dtype).requires_grad_() for t in (q, k, v))
    o = torch.stack([naive(qx[i], kx[i], vx[i], keep, dtype)[0] for i in range(q.shape[0])]).to(dtype)
    return (o, *torch.autograd.grad(o, (qx, kx, vx), do.to(dtype)))


def cache(b, s_max, hkv, d, page, gen, dtype=None):
    dtype = dtype or DT
    """(k_cache, v_cache, block_table) with shuffled pages, or a contiguous cache for page None."""
    if page is None:
        return (torch.randn(b, s_max, hkv, d, generator=gen, dtype=dtype),
                torch.randn(b, s_max, hkv, d, generator=gen, dtype=dtype), None)  # fmt: skip
    per = -(-s_max // page)
    pages = b * per + 3
    kc = torch.randn(pages, page, hkv, d, generator=gen, dtype=dtype)
    vc = torch.randn(pages, page, hkv, d, generator=gen, dtype=dtype)
    table = torch.randperm(pages, generator=gen)[: b * per].view(b, per).to(torch.int32)
    return kc, vc, table


def rows(cache, table, b, row, lo, hi):
    """Tokens lo..hi-1 of sequence b (cache row ``row``) as (n, Hkv, D)."""
    if table is None:
        return cache[row, lo:hi]
    flat = cache[table[b].long()].reshape(-1, *cache.shape[2:])
    return flat[lo:hi]


def record_outputs(mp, owners, name: str) -> list[int]:
    """Patch ``name`` (a call returning ``(o, lse)``) on every module of ``owners`` with a spy that records
    each o's data address, so a test can tell whether the caller got the kernel's own buffer (no copy)."""
    seen: list[int] = []
    real = getattr(owners[0], name)

    def spy(*args, **kw):
        o, lse = real(*args, **kw)
        seen.append(o.data_ptr())
        return o, lse

    for owner in owners:
        mp.setattr(owner, name, spy)
    return seen
