"""Checks of the decode inputs (:func:`accel.kernels.decode.attention.flash_attention_with_kvcache`).

Shapes, dtypes, devices and layouts are checked on every call (a few attribute reads); the contents of
``cache_seqlens`` and ``block_table`` only with ``check_values`` (one host sync). The kernels index q,
the new keys/values and the block table with a unit last stride, so those are copied when theirs is not
(a silent misread otherwise); the cache itself is never copied (it is written in place).
"""

from __future__ import annotations

import torch

from gpuaccel.accel.kernels.checks import UnsupportedInputError, allowed_dtypes

FP8_DTYPES = (torch.float8_e4m3fn,)
PAGE_SIZES = (1, 256)  # smallest and largest page of a paged cache (the e4m3 append holds one page)
MAX_ROWS = 128  # query tokens x group of one launch; a longer append runs in launches of this many
MAX_SPLITS = 128

Prepared = tuple[torch.Tensor, torch.Tensor | None, torch.Tensor | None, torch.Tensor | None]


def cache_layout(k_cache: torch.Tensor, block_table: torch.Tensor | None) -> tuple[int, int, int, int]:
    """(stride_page, pages_per_seq, page_size, capacity in tokens per sequence)."""
    if block_table is None:
        s_max = k_cache.shape[1]
        return k_cache.stride(0), 1, s_max, s_max
    page = k_cache.shape[1]
    return k_cache.stride(0), 0, page, block_table.shape[1] * page


def check_kvcache(
    q: torch.Tensor,
    k_cache: torch.Tensor,
    v_cache: torch.Tensor,
    cache_seqlens: torch.Tensor,
    block_table: torch.Tensor | None,
    k_new: torch.Tensor | None,
    v_new: torch.Tensor | None,
    scales: tuple[torch.Tensor, torch.Tensor] | None,
    check_values: bool,
    batch_idx: torch.Tensor | None = None,
    leftpad: torch.Tensor | None = None,
    raw_fp8: bool = False,
) -> Prepared:
    """Shapes, dtypes and (with ``check_values``, one host sync) the contents of the decode inputs;
    returns q, block_table, k_new, v_new with unit last strides (copied only when theirs is not).
    ``raw_fp8``: e4m3 k_new/v_new appended to an e4m3 cache as they are (FlashAttention-3's convention)."""
    optional = (("block_table", block_table), ("k_new", k_new), ("v_new", v_new))
    optional += tuple(zip(("k_scale", "v_scale"), scales or (), strict=False))
    optional += (("cache_batch_idx", batch_idx), ("cache_leftpad", leftpad))
    for name, t in (("q", q), ("k_cache", k_cache), ("v_cache", v_cache), *optional):
        if t is not None and not isinstance(t, torch.Tensor):
            raise UnsupportedInputError(f"{name} must be a torch.Tensor, got {type(t).__name__}")
    for name, t in (("q", q), ("k_cache", k_cache), ("v_cache", v_cache)):
        if not isinstance(t, torch.Tensor) or t.dim() != 4:
            raise UnsupportedInputError(f"{name} must be a 4-D tensor, got {getattr(t, 'shape', t)!r}")
    allowed = allowed_dtypes()
    if q.dtype not in allowed:
        raise UnsupportedInputError(f"q has dtype {q.dtype}; supported: {', '.join(map(str, allowed))}")
    cache_ok = (q.dtype,) + (FP8_DTYPES if scales is not None or raw_fp8 else ())
    if k_cache.dtype not in cache_ok or v_cache.dtype != k_cache.dtype:
        raise UnsupportedInputError(
            f"k_cache/v_cache must both be {' or '.join(map(str, cache_ok))} (e4m3 needs k_scale and "
            f"v_scale), got {k_cache.dtype}, {v_cache.dtype}"
        )
    if k_cache.shape[:3] == v_cache.shape[:3] and k_cache.shape[3] != v_cache.shape[3]:
        raise UnsupportedInputError(
            f"v_cache's head_dim ({v_cache.shape[3]}) differs from k_cache's ({k_cache.shape[3]}): a "
            "value head dim other than the query/key one (MLA-style 192/128) is not supported here"
        )
    if k_cache.shape != v_cache.shape or k_cache.stride() != v_cache.stride() or k_cache.stride(-1) != 1:
        raise UnsupportedInputError(
            "k_cache and v_cache must have one shape and one layout with unit last stride"
        )
    if any(st % 16 for st in k_cache.stride()[:3]):
        raise UnsupportedInputError(f"cache strides must be multiples of 16 elements, got {k_cache.stride()}")
    b, sq, hq, d = q.shape
    hkv = k_cache.shape[2]
    if k_cache.shape[3] != d or d not in (16, 32, 64, 128, 256):
        raise UnsupportedInputError(
            f"head_dim must match (q {d}, cache {k_cache.shape[3]}) and be 16..256, a power of 2"
        )
    if hkv == 0 or hq % hkv:
        raise UnsupportedInputError(f"query heads ({hq}) must be a multiple of cache heads ({hkv})")
    if sq < 1 or hq // hkv > MAX_ROWS:
        raise UnsupportedInputError(
            f"need >= 1 query token and a group of at most {MAX_ROWS}, got {sq} x {hq // hkv}"
        )
    if (
        not isinstance(cache_seqlens, torch.Tensor)
        or cache_seqlens.shape != (b,)
        or cache_seqlens.dtype != torch.int32
    ):
        raise UnsupportedInputError(f"cache_seqlens must be int32 of shape ({b},), got {cache_seqlens!r}")
    if block_table is not None:
        if block_table.dim() != 2 or block_table.shape[0] != b or block_table.dtype != torch.int32:
            raise UnsupportedInputError(
                f"block_table must be int32 (batch={b}, max_pages), got {block_table!r}"
            )
        if not PAGE_SIZES[0] <= k_cache.shape[1] <= PAGE_SIZES[1]:
            raise UnsupportedInputError(
                f"page size (k_cache.shape[1]) must be {PAGE_SIZES[0]}..{PAGE_SIZES[1]}: {k_cache.shape[1]}"
            )
    elif batch_idx is None and k_cache.shape[0] != b:
        raise UnsupportedInputError(f"a contiguous cache needs batch {b} rows, got {k_cache.shape[0]}")
    for name, t in (("cache_batch_idx", batch_idx), ("cache_leftpad", leftpad)):
        if t is not None and (t.shape != (b,) or t.dtype != torch.int32):
            raise UnsupportedInputError(
                f"{name} must be int32 of shape ({b},), got {t.dtype} {tuple(t.shape)}"
            )
        if t is not None and block_table is not None:
            raise UnsupportedInputError(
                f"{name} is for contiguous caches; a paged cache's block_table says it"
            )
    if batch_idx is not None and scales is not None:
        raise UnsupportedInputError("cache_batch_idx with an e4m3 cache (k_scale/v_scale) is not supported")
    if (k_new is None) != (v_new is None):
        raise UnsupportedInputError("k_new and v_new go together")
    if k_new is not None and (k_new.shape != v_new.shape or k_new.dim() != 4 or k_new.shape[0] != b
                              or k_new.shape[2:] != k_cache.shape[2:]):  # fmt: skip
        raise UnsupportedInputError(
            f"k_new/v_new must be (B={b}, n_new, Hkv={hkv}, D={d}), got {tuple(k_new.shape)}"
        )
    if k_new is not None and raw_fp8 and not k_new.dtype == v_new.dtype == k_cache.dtype:
        raise UnsupportedInputError(
            f"raw k/v appends must be {k_cache.dtype}, got {k_new.dtype}, {v_new.dtype}"
        )
    if k_new is not None and not raw_fp8 and not k_new.dtype == v_new.dtype == q.dtype:
        raise UnsupportedInputError(
            f"k_new/v_new must have q's dtype {q.dtype} (an e4m3 cache quantises them), got {k_new.dtype}, "
            f"{v_new.dtype}"
        )
    if scales is not None and k_cache.dtype not in FP8_DTYPES:
        raise UnsupportedInputError(
            f"k_scale/v_scale are the per-page scales of an e4m3 cache; this cache is {k_cache.dtype}, "
            "so pass none (they would multiply its values)"
        )
    if scales is not None:
        from gpuaccel.accel.kernels.decode.kv_cache import fp8_layout, scale_shape

        fp8_layout(k_cache, block_table)
        want = scale_shape(k_cache, block_table)
        if any(s.shape != want or s.dtype != torch.float32 or not s.is_contiguous() for s in scales):
            got = [(str(s.dtype), tuple(s.shape)) for s in scales]
            raise UnsupportedInputError(f"k_scale/v_scale must be contiguous fp32 of shape {want}, got {got}")
    devices = {
        t.device
        for t in (q, k_cache, v_cache, cache_seqlens, block_table, k_new, v_new, batch_idx, leftpad)
        if t is not None
    }
    if len(devices) != 1:
        raise UnsupportedInputError(f"all tensors must be on one device, got {sorted(map(str, devices))}")
    if check_values:
        n_new = 0 if k_new is None else k_new.shape[1]
        _check_values(k_cache, cache_seqlens, block_table, n_new, batch_idx, leftpad)
    return _unit_last(q), _unit_last(block_table), _unit_last(k_new), _unit_last(v_new)


def _unit_last(t: torch.Tensor | None) -> torch.Tensor | None:
    """``t`` itself when its last stride is 1 (what the kernels index by), else a contiguous copy."""
    return t if t is None or t.stride(-1) == 1 or t.shape[-1] <= 1 else t.contiguous()


def check_num_splits(num_splits: object) -> int:
    """0 (chosen from the SMs and the cache length) or a fixed count of key splits up to MAX_SPLITS."""
    ok = isinstance(num_splits, int) and not isinstance(num_splits, bool) and 0 <= num_splits <= MAX_SPLITS
    if not ok:
        raise UnsupportedInputError(
            f"num_splits must be an integer from 0 (automatic) to {MAX_SPLITS}, got {num_splits!r}"
        )
    return num_splits  # type: ignore[return-value]


def _check_values(
    k_cache: torch.Tensor,
    cache_seqlens: torch.Tensor,
    block_table: torch.Tensor | None,
    n_new: int,
    batch_idx: torch.Tensor | None = None,
    leftpad: torch.Tensor | None = None,
) -> None:
    _, _, page, capacity = cache_layout(k_cache, block_table)
    lens = cache_seqlens.to(torch.int64)
    if bool((lens < 0).any()):
        raise UnsupportedInputError(f"cache_seqlens must be >= 0, got {cache_seqlens.tolist()}")
    if batch_idx is not None and bool(((batch_idx < 0) | (batch_idx >= k_cache.shape[0])).any()):
        raise UnsupportedInputError(
            f"cache_batch_idx must index the cache's {k_cache.shape[0]} rows, got {batch_idx.tolist()}"
        )
    if leftpad is not None and bool(((leftpad < 0) | (leftpad.to(torch.int64) > lens)).any()):
        raise UnsupportedInputError(
            f"cache_leftpad must be 0..cache_seqlens per sequence, got {leftpad.tolist()} for {lens.tolist()}"
        )
    total = lens + n_new
    if bool((total > capacity).any()):
        worst = int(total.max())
        raise UnsupportedInputError(
            f"cache too small: a sequence needs {worst} tokens (cache_seqlens + {n_new} new) but the cache "
            f"holds {capacity} per sequence"
        )
    if block_table is not None:
        used = (
            torch.arange(block_table.shape[1], device=lens.device)[None, :]
            < ((total + page - 1) // page)[:, None]
        )
        bad = used & ((block_table < 0) | (block_table >= k_cache.shape[0]))
        if bool(bad.any()):
            b, j = (int(x) for x in bad.nonzero()[0])
            raise UnsupportedInputError(
                f"block table out of range: block_table[{b}, {j}] = {int(block_table[b, j])}, the cache has "
                f"{k_cache.shape[0]} pages (valid 0..{k_cache.shape[0] - 1})"
            )
