"""flash-attn's public functions with its argument names and layouts, so a serving stack can switch by import.

``flash_attn_func`` (q/k/v ``(batch, seqlen, heads, head_dim)``), ``flash_attn_varlen_func`` (packed
``(total, heads, head_dim)`` with ``cu_seqlens``), ``flash_attn_with_kvcache`` (q ``(batch, seqlen_q, heads,
head_dim)`` against a contiguous ``(batch_cache, seqlen_cache, heads_k, head_dim)`` or paged ``(num_blocks,
page_block_size, heads_k, head_dim)`` cache) and ``flash_attn_combine`` take FlashAttention-2's arguments
and FlashAttention-3's additions. Arguments past the required ones are keyword-only: FA2 and FA3 order
them differently, and a positional mix-up must fail, not misread. What the kernels do not implement raises
:class:`UnsupportedInputError` naming the argument (never a silent fallback or an ignored argument).
"""

from __future__ import annotations

from typing import Any

import torch

from gpuaccel.accel.kernels.checks import UnsupportedInputError
from gpuaccel.accel.kernels.decode.attention import append_kv, flash_attention_with_kvcache
from gpuaccel.accel.kernels.decode.checks import check_kvcache
from gpuaccel.accel.kernels.decode.combine import flash_attn_combine
from gpuaccel.accel.kernels.decode.kv_cache import page_scales
from gpuaccel.accel.kernels.dense.attention import needs_autograd
from gpuaccel.accel.kernels.dense.entry import flash_attention
from gpuaccel.accel.kernels.fp8.attention import flash_attention_fp8_descaled
from gpuaccel.accel.kernels.varlen.attention import flash_attention_varlen

__all__ = ["flash_attn_combine", "flash_attn_func", "flash_attn_varlen_func", "flash_attn_with_kvcache"]


def _refuse(**given: Any) -> None:
    """Raise for the first argument given a value the kernels do not implement (None, 0, False: unset)."""
    for name, value in given.items():
        if value is not None and value is not False and not (isinstance(value, int | float) and value == 0):
            raise UnsupportedInputError(f"{name} is not supported by these kernels (got {_short(value)})")


def _short(value: Any) -> str:
    if isinstance(value, torch.Tensor):
        return f"a {value.dtype} tensor of shape {tuple(value.shape)}"
    return repr(value)


def _lse_out(out: torch.Tensor, lse: torch.Tensor, return_attn_probs: bool) -> Any:
    return (out, lse, None) if return_attn_probs else out


def flash_attn_func(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    *,
    dropout_p: float = 0.0,
    softmax_scale: float | None = None,
    causal: bool = False,
    window_size: tuple[int, int] = (-1, -1),
    softcap: float = 0.0,
    alibi_slopes: torch.Tensor | None = None,
    deterministic: bool = False,
    return_attn_probs: bool = False,
    qv: torch.Tensor | None = None,
    q_descale: torch.Tensor | None = None,
    k_descale: torch.Tensor | None = None,
    v_descale: torch.Tensor | None = None,
    attention_chunk: int = 0,
    num_splits: int = 1,
    pack_gqa: bool | None = None,
    sm_margin: int = 0,
) -> Any:
    """softmax(q k^T * scale) v over ``(batch, seqlen, heads, head_dim)`` tensors, with autograd.

    Causal and windows are bottom-right aligned when the lengths differ; k/v may have fewer heads (GQA).
    ``return_attn_probs`` returns ``(out, softmax_lse, None)`` (lse fp32 ``(batch, heads, seqlen_q)``; the
    probabilities themselves are never materialised). ``deterministic=True`` makes gradients bit for bit
    repeatable (Hopper's fused backward, whose dQ sums in no fixed order, is not used).
    ``num_splits``/``pack_gqa``/``sm_margin`` are scheduling hints, chosen here by the kernels' own tuning.
    ``attention_chunk``: as in :func:`flash_attn_varlen_func`. e4m3 q/k/v with
    ``q_descale``/``k_descale``/``v_descale`` (fp32 ``(batch, kv heads)``; FlashAttention-3's FP8 forward)
    run the FP8 kernel on them as they are, forward only, bf16 out."""
    _refuse(dropout_p=dropout_p, alibi_slopes=alibi_slopes, qv=qv)
    del num_splits, pack_gqa, sm_margin  # hints: see the docstring
    if q.dtype == torch.float8_e4m3fn:  # FlashAttention-3's FP8 forward: e4m3 and (batch, kv head) scales
        if q_descale is None or k_descale is None or v_descale is None:
            raise UnsupportedInputError(
                "e4m3 q/k/v need q_descale, k_descale and v_descale ((batch, kv heads))"
            )
        if list(window_size) != [-1, -1] or softcap or attention_chunk:
            raise UnsupportedInputError("e4m3 inputs take no window_size, softcap or attention_chunk")
        if needs_autograd(q, k, v):
            raise UnsupportedInputError("e4m3 inputs are forward-only")
        o, lse = flash_attention_fp8_descaled(
            q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), q_descale, k_descale, v_descale, causal,
            softmax_scale,
        )  # fmt: skip
        return _lse_out(o.transpose(1, 2).contiguous(), lse, return_attn_probs)
    _refuse(q_descale=q_descale, k_descale=k_descale, v_descale=v_descale)  # they describe e4m3 inputs only
    o, lse = flash_attention(
        q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), causal=causal, softmax_scale=softmax_scale,
        return_lse=True, window=tuple(window_size), softcap=softcap, attention_chunk=attention_chunk,
        deterministic=deterministic,
    )  # fmt: skip
    return _lse_out(o.transpose(1, 2).contiguous(), lse, return_attn_probs)


def flash_attn_varlen_func(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    cu_seqlens_q: torch.Tensor,
    cu_seqlens_k: torch.Tensor,
    max_seqlen_q: int,
    max_seqlen_k: int,
    *,
    seqused_q: torch.Tensor | None = None,
    seqused_k: torch.Tensor | None = None,
    dropout_p: float = 0.0,
    softmax_scale: float | None = None,
    causal: bool = False,
    window_size: tuple[int, int] = (-1, -1),
    softcap: float = 0.0,
    alibi_slopes: torch.Tensor | None = None,
    deterministic: bool = False,
    return_attn_probs: bool = False,
    block_table: torch.Tensor | None = None,
    qv: torch.Tensor | None = None,
    q_descale: torch.Tensor | None = None,
    k_descale: torch.Tensor | None = None,
    v_descale: torch.Tensor | None = None,
    attention_chunk: int = 0,
    num_splits: int = 1,
    pack_gqa: bool | None = None,
    sm_margin: int = 0,
) -> Any:
    """Attention within each packed sequence (``(total, heads, head_dim)``), with autograd.

    ``seqused_q``/``seqused_k`` (int32 ``(batch,)``): only the first that many tokens of each sequence's
    slot in ``cu_seqlens`` take part; the other rows of the output are 0 (lse -inf). ``attention_chunk``:
    each query sees only keys of its own chunk of that many key positions. ``return_attn_probs``
    returns ``(out, softmax_lse, None)`` with lse fp32 ``(heads, total_q)``."""
    _refuse(dropout_p=dropout_p, alibi_slopes=alibi_slopes, block_table=block_table, qv=qv,
            q_descale=q_descale, k_descale=k_descale, v_descale=v_descale)  # fmt: skip
    del num_splits, pack_gqa, sm_margin
    o, lse = flash_attention_varlen(
        q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k, causal=causal,
        softmax_scale=softmax_scale, window=tuple(window_size), softcap=softcap, return_lse=True,
        seqused_q=seqused_q, seqused_k=seqused_k, attention_chunk=attention_chunk,
        deterministic=deterministic,
    )  # fmt: skip
    return _lse_out(o, lse, return_attn_probs)


def flash_attn_with_kvcache(
    q: torch.Tensor,
    k_cache: torch.Tensor,
    v_cache: torch.Tensor,
    k: torch.Tensor | None = None,
    v: torch.Tensor | None = None,
    *,
    rotary_cos: torch.Tensor | None = None,
    rotary_sin: torch.Tensor | None = None,
    cache_seqlens: torch.Tensor | int | None = None,
    cache_batch_idx: torch.Tensor | None = None,
    cache_leftpad: torch.Tensor | None = None,
    block_table: torch.Tensor | None = None,
    softmax_scale: float | None = None,
    causal: bool = False,
    window_size: tuple[int, int] = (-1, -1),
    softcap: float = 0.0,
    rotary_interleaved: bool = True,
    alibi_slopes: torch.Tensor | None = None,
    num_splits: int = 0,
    return_softmax_lse: bool = False,
    qv: torch.Tensor | None = None,
    q_descale: torch.Tensor | None = None,
    k_descale: torch.Tensor | None = None,
    v_descale: torch.Tensor | None = None,
    cu_seqlens_q: torch.Tensor | None = None,
    cu_seqlens_k_new: torch.Tensor | None = None,
    max_seqlen_q: int | None = None,
    rotary_seqlens: torch.Tensor | None = None,
    attention_chunk: int = 0,
    scheduler_metadata: torch.Tensor | None = None,
    pack_gqa: bool | None = None,
    sm_margin: int = 0,
) -> torch.Tensor:
    """q against the cache after appending ``k``/``v`` in place at ``cache_seqlens`` (which is not advanced).

    ``cache_seqlens`` is an int32 ``(batch,)`` tensor or one int for every sequence. ``cache_batch_idx``
    (int32 ``(batch,)``) picks each sequence's row of a contiguous cache; ``cache_leftpad`` (int32
    ``(batch,)``, contiguous caches) is where each sequence's keys start, so keys ``[leftpad, seqlens)``
    take part. ``attention_chunk`` > 0: a query sees only keys of its own chunk of that many positions
    (Llama-4's chunked local attention), within the causal/window limits. ``num_splits`` 0 lets the
    kernels choose; ``pack_gqa`` and ``sm_margin`` are scheduling hints chosen here by the kernels."""
    _refuse(rotary_cos=rotary_cos, rotary_sin=rotary_sin, alibi_slopes=alibi_slopes,
            return_softmax_lse=return_softmax_lse, qv=qv, cu_seqlens_q=cu_seqlens_q,
            cu_seqlens_k_new=cu_seqlens_k_new, max_seqlen_q=max_seqlen_q, rotary_seqlens=rotary_seqlens,
            scheduler_metadata=scheduler_metadata)  # fmt: skip
    del rotary_interleaved, pack_gqa, sm_margin  # no rotary is applied; hints
    if cache_seqlens is None:
        raise UnsupportedInputError("cache_seqlens is required (an int32 (batch,) tensor or an int)")
    if isinstance(cache_seqlens, int) and not isinstance(cache_seqlens, bool):
        cache_seqlens = torch.full((q.shape[0],), cache_seqlens, dtype=torch.int32, device=q.device)
    scales = None
    if isinstance(k_cache, torch.Tensor) and k_cache.dtype == torch.float8_e4m3fn:
        q, k, v, cache_seqlens, scales = _fa3_e4m3_cache(
            q, k_cache, v_cache, k, v, cache_seqlens, block_table, (q_descale, k_descale, v_descale)
        )
    else:
        _refuse(q_descale=q_descale, k_descale=k_descale, v_descale=v_descale)  # they describe e4m3 inputs
    return flash_attention_with_kvcache(
        q, k_cache, v_cache, cache_seqlens, block_table=block_table, k_new=k, v_new=v, causal=causal,
        softmax_scale=softmax_scale, window=tuple(window_size), softcap=softcap, num_splits=num_splits,
        cache_batch_idx=cache_batch_idx, cache_leftpad=cache_leftpad, attention_chunk=attention_chunk,
        k_scale=None if scales is None else scales[0], v_scale=None if scales is None else scales[1],
    )  # fmt: skip


def _fa3_e4m3_cache(
    q: torch.Tensor,
    k_cache: torch.Tensor,
    v_cache: torch.Tensor,
    k: torch.Tensor | None,
    v: torch.Tensor | None,
    cache_seqlens: torch.Tensor,
    block_table: torch.Tensor | None,
    descales: tuple[torch.Tensor | None, ...],
) -> tuple[Any, ...]:
    """FlashAttention-3's e4m3 cache: raw values with one descale per (batch, kv head). New e4m3 ``k``/``v``
    are appended as they are (bytes copied, no re-quantisation); an e4m3 q is scaled back to bf16 (one
    small tensor); the descales become the decode kernel's per-page scales. Returns the call's q, k, v
    (None: appended), lengths and scales."""
    q_descale, k_descale, v_descale = descales
    if k_descale is None or v_descale is None:
        raise UnsupportedInputError("an e4m3 k_cache/v_cache needs k_descale and v_descale (batch, kv heads)")
    if q.dtype == torch.float8_e4m3fn:
        if q_descale is None:
            raise UnsupportedInputError("an e4m3 q needs q_descale (batch, kv heads)")
        group = q.shape[2] // k_cache.shape[2]
        per_head = q_descale.to(device=q.device, dtype=torch.float32).repeat_interleave(group, dim=1)
        q = (q.float() * per_head[:, None, :, None]).to(torch.bfloat16 if q.is_cuda else torch.float16)
    elif q_descale is not None:
        raise UnsupportedInputError(f"q_descale describes an e4m3 q; this q is {q.dtype}")
    if (k is None) != (v is None):
        raise UnsupportedInputError("k and v go together")
    if k is not None and v is not None:
        if k.dtype != torch.float8_e4m3fn or v.dtype != torch.float8_e4m3fn:
            raise UnsupportedInputError(
                f"new k/v for an e4m3 cache with descales must be e4m3 (appended raw): {k.dtype}, {v.dtype}"
            )
        check_kvcache(q, k_cache, v_cache, cache_seqlens, block_table, k, v, None, True, raw_fp8=True)
        append_kv(k_cache, v_cache, cache_seqlens, block_table, k, v)
        cache_seqlens = cache_seqlens + k.shape[1]
    scales = tuple(page_scales(d, k_cache, block_table, cache_seqlens) for d in (k_descale, v_descale))
    return q, None, None, cache_seqlens, scales
