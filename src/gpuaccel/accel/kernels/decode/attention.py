"""Decoding against a KV cache (``flash_attn_with_kvcache``'s contract): checks, append, split-KV launch.

The cache is contiguous ``(B, S_max, Hkv, D)`` or paged ``(num_pages, page_size, Hkv, D)`` with a
``block_table`` ``(B, max_pages)`` of page indices. New keys/values are written in place at
``cache_seqlens[b]``; attention then covers ``cache_seqlens[b] + n_new`` keys. ``cache_seqlens`` is not
advanced (the caller owns it), as in flash-attn. Kernels: :mod:`accel.kernels.decode.kernels`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import torch
import triton

from gpuaccel.accel.kernels.checks import (
    UnsupportedInputError,
    check_softcap,
    check_window,
    resolve_scale,
)
from gpuaccel.accel.kernels.decode.checks import (  # noqa: F401  (FP8_DTYPES, PAGE_SIZES re-exported)
    FP8_DTYPES,
    MAX_ROWS,
    MAX_SPLITS,
    PAGE_SIZES,
    cache_layout,
    check_kvcache,
    check_num_splits,
)
from gpuaccel.accel.kernels.decode.kernels import append_kernel, decode_combine_kernel, decode_split_kernel
from gpuaccel.accel.kernels.dense.flash_fwd import LOG2E
from gpuaccel.accel.kernels.dense.launchers import cdiv, sm_count
from gpuaccel.accel.kernels.tuning import configs as tuning
from gpuaccel.accel.kernels.varlen.kernels import NO_LIMIT


@dataclass(frozen=True)
class DecodeConfig:
    block_n: int  # keys per loop step
    num_warps: int
    num_stages: int
    waves: int  # programs per SM the split count aims at (capped by how many fit on an SM)
    heads: int = 1  # adjacent kv heads per program (block_n // heads keys per step)
    # e4m3 caches: compute each step transposed (keys as the warpgroup MMA's rows; decode_kernels.TRANS)
    trans: bool = False

    def label(self) -> str:
        tail = (f"h{self.heads}" if self.heads > 1 else "") + ("t" if self.trans else "")
        return f"dec{self.block_n}w{self.num_warps}s{self.num_stages}x{self.waves}{tail}"


# Fitted on the H100 sweep (benchmarks/varlen_decode_bench.py --sweep; GQA 32/8, D128, batch 1-64, cache
# 4k-128k; docs/kernels-log.md). bf16 streams fastest with one program per SM, contiguous or paged (the next
# page index is read a step ahead, so a paged cache's K/V stay double-buffered like a contiguous one's).
# e4m3 does twice the work per byte and wants 128 keys per step with two programs per SM, as 2 heads x 64
# keys, each step computed transposed (keys as the warpgroup MMA's rows: about 20 % fewer instructions,
# 3-10 % faster at 32k-128k and at batch 8-64; benchmarks/decode_fp8_ab.py).
PLANS = {  # (e4m3, paged, batch x kv heads >= SMs) -> configuration
    (False, False, False): DecodeConfig(64, 4, 3, 1), (False, False, True): DecodeConfig(128, 4, 3, 1),
    (False, True, False): DecodeConfig(64, 4, 3, 1), (False, True, True): DecodeConfig(128, 4, 3, 1),
    (True, False, False): DecodeConfig(128, 4, 3, 2, 2, trans=True),
    (True, False, True): DecodeConfig(128, 4, 3, 2, 2, trans=True),
    (True, True, False): DecodeConfig(128, 4, 3, 2, 2, trans=True),
    (True, True, True): DecodeConfig(128, 4, 3, 2, 2, trans=True),
}  # fmt: skip
# e4m3 steps over few keys in all (batch x cache capacity below this): each program runs only a step or
# two, and the transposed step's prologue (q^T into shared memory) does not pay back: B1 4k contiguous
# 0.68 TB/s transposed against 0.77 (same run). These take the plain step, 2 heads x 32 keys: shorter
# steps give the few programs more of them to pipeline (B1 4k paged 10.5 vs 12.2 us with 128 keys of one
# head, B2 4k contiguous 14.9 vs 16.8, B1 8k 14.6-14.7 vs 15.5-16.0; benchmarks/results/
# decode_fp8_short_ab_20261125.json).
SHORT_E4M3_TOKENS = 16384
SHORT_E4M3 = DecodeConfig(64, 4, 3, 2, 2)
INTERPRETER_DECODE = DecodeConfig(32, 4, 1, 4)


def plan_config(rows: int, fp8: bool, paged: bool, device: torch.device, tokens: int = 0) -> DecodeConfig:
    """The configuration for ``rows`` = batch x kv heads and ``tokens`` = batch x the cache's capacity
    per sequence (see :data:`PLANS`)."""
    if device.type != "cuda":
        return INTERPRETER_DECODE
    if fp8 and tokens < SHORT_E4M3_TOKENS:
        return SHORT_E4M3
    return PLANS[(fp8, paged, rows >= sm_count(device))]


def device_arch(t: torch.Tensor) -> tuple[int, int]:
    """Compute capability of ``t``'s device; (0, 0) off CUDA (the interpreter: no inline PTX). The
    offline compile (benchmarks/decode_offline.py) replaces it to specialise CPU tensors for sm_90."""
    return torch.cuda.get_device_capability(t.device) if t.is_cuda else (0, 0)


def heads_per_program(cfg: DecodeConfig, heads_kv: int, rows_per_head: int) -> int:
    """``cfg.heads`` lowered until it divides the kv heads and the rows fit one 16-row MMA tile."""
    heads = cfg.heads
    while heads > 1 and (heads_kv % heads or rows_per_head * heads > 16):
        heads //= 2
    return heads


def auto_splits(
    rows: int, capacity: int, device: torch.device, cfg: DecodeConfig, per_sm: int, heads: int = 1
) -> int:
    """Splits per row (``rows`` = programs of one split) so that all programs run in one wave of
    ``min(cfg.waves, per_sm)`` per SM.

    Floor, not ceiling: one program past a full wave costs a whole extra wave. The count is then lowered
    to what key-block-aligned chunks of the capacity really use, so no split is launched empty."""
    sms = sm_count(device) if device.type == "cuda" else 4
    blocks = cdiv(capacity, cfg.block_n // heads)
    want = max(1, min(min(cfg.waves, per_sm) * sms // rows, blocks, MAX_SPLITS))
    return cdiv(blocks, cdiv(blocks, want))


def programs_per_sm(kernel: Any, num_warps: int, device: torch.device) -> int:
    """How many programs of a compiled kernel one SM holds at once (registers, shared memory, warps)."""
    props = torch.cuda.get_device_properties(device)
    regs = getattr(props, "regs_per_multiprocessor", 65536)
    smem = getattr(props, "shared_memory_per_multiprocessor", 233472)
    warps = getattr(props, "max_threads_per_multi_processor", 2048) // 32
    kernel.run  # noqa: B018 (loads the binary: n_regs is known from then on)
    per_warp = -(-kernel.n_regs * 32 // 256) * 256  # registers are allocated per warp, 256 at a time
    return max(
        1, min(warps // num_warps, regs // (per_warp * num_warps), smem // (kernel.metadata.shared + 1024))
    )


def append_kv(
    k_cache: torch.Tensor,
    v_cache: torch.Tensor,
    cache_seqlens: torch.Tensor,
    block_table: torch.Tensor | None,
    k_new: torch.Tensor,
    v_new: torch.Tensor,
) -> None:
    """Write k_new/v_new (B, n_new, Hkv, D) at each sequence's end, in place (bf16/fp16 caches)."""
    b, n_new, hkv, d = k_new.shape
    if b * n_new == 0:
        return
    stride_page, pages_per_seq, page, _ = cache_layout(k_cache, block_table)
    bt = block_table if block_table is not None else cache_seqlens
    append_kernel[(b * n_new,)](
        k_new, v_new, k_cache, v_cache, bt, cache_seqlens, k_new.stride(0), k_new.stride(1), k_new.stride(2),
        stride_page, k_cache.stride(1), k_cache.stride(2), bt.stride(0), pages_per_seq, page, hkv, n_new,
        HEADS=triton.next_power_of_2(hkv), HEAD_DIM=d, PAGED=block_table is not None, num_warps=4,
    )  # fmt: skip


def decode_attention(
    q: torch.Tensor,
    k_cache: torch.Tensor,
    v_cache: torch.Tensor,
    cache_seqlens: torch.Tensor,
    block_table: torch.Tensor | None,
    n_new: int,
    left: int,
    right: int,
    scale: float,
    softcap: float,
    cfg: DecodeConfig,
    num_splits: int = 0,
    scales: tuple[torch.Tensor, torch.Tensor] | None = None,
    out: torch.Tensor | None = None,
    q_after: int = 0,
    leftpad: torch.Tensor | None = None,
    chunk: int = 0,
) -> torch.Tensor:
    """Split-KV attention over ``cache_seqlens + n_new`` keys; inputs already checked. ``out``: where to
    write (a view of a larger output), ``q_after``: query tokens of the call after these, ``leftpad``:
    per-sequence first cache row, ``chunk``: attention_chunk (0: none)."""
    b, sq, hq, d = q.shape
    hkv = k_cache.shape[2]
    group = hq // hkv
    heads = heads_per_program(cfg, hkv, sq * group)
    rows = max(16, triton.next_power_of_2(sq * group * heads))
    programs = b * hkv // heads  # programs of one split
    keys = cfg.block_n // heads  # keys per step
    if scales is not None:
        from gpuaccel.accel.kernels.decode.kv_cache import fp8_layout

        stride_page, pages_per_seq, page, capacity = fp8_layout(k_cache, block_table)
    else:
        stride_page, pages_per_seq, page, capacity = cache_layout(k_cache, block_table)
    bt = block_table if block_table is not None else cache_seqlens
    arch = device_arch(q)
    # programmatic dependent launch (Hopper): the combine is resident and waiting when the splits end
    pdl = arch >= (9, 0)
    consts = dict(
        GROUP=group, ROWS=rows, HEAD_DIM=d, BLOCK_N=cfg.block_n, HEADS=heads, PAGED=block_table is not None,
        FP8=scales is not None, SOFTCAP=softcap > 0, PAGE_PER_BLOCK=page % keys == 0 and leftpad is None,
        WHOLE_PAGES=keys % page == 0 and leftpad is None, HAS_LEFTPAD=leftpad is not None, CHUNKED=chunk > 0,
        V_WORDS=scales is not None and v_cache.data_ptr() % 16 == 0, PTX=arch >= (8, 9), PDL=pdl,
        TRANS=cfg.trans and scales is not None,
        num_warps=cfg.num_warps, num_stages=cfg.num_stages,
    )  # fmt: skip

    def split_args(splits: int, po: torch.Tensor, pl: torch.Tensor, out: torch.Tensor) -> tuple[object, ...]:
        ks, vs = scales if scales is not None else (pl, pl)
        cap_scale, cap_log2 = (scale / softcap, softcap * LOG2E) if softcap > 0 else (1.0, 1.0)
        return (
            q, k_cache, v_cache, ks, vs, bt, cache_seqlens, cache_seqlens if leftpad is None else leftpad, po,
            pl, out, scale * LOG2E, cap_scale, cap_log2, NO_LIMIT if left < 0 else left,
            NO_LIMIT if right < 0 else right, n_new, q_after, max(chunk, 1),
            q.stride(0), q.stride(1), q.stride(2), out.stride(0), out.stride(1), out.stride(2),
            stride_page, k_cache.stride(1), k_cache.stride(2), bt.stride(0), pages_per_seq, page, hkv, sq,
            splits,
        )  # fmt: skip

    splits = num_splits
    if not splits:
        per_sm = cfg.waves
        if q.is_cuda:
            key = (cfg, q.dtype, k_cache.dtype, q.device, tuple(sorted(consts.items())))
            if key not in _PER_SM:
                kernel = decode_split_kernel.warmup(
                    *split_args(3, q, q, q), grid=(1, 1), DIRECT=False, **consts
                )
                kernel = kernel.result() if hasattr(kernel, "result") else kernel  # an async compile
                _PER_SM[key] = programs_per_sm(kernel, cfg.num_warps, q.device)
            per_sm = _PER_SM[key]
        splits = auto_splits(programs, capacity, q.device, cfg, per_sm, heads)
    if out is None:
        out = torch.empty_like(q)
    if splits == 1:  # one program saw all of its rows' keys: it writes them, no partials, no combine
        consts["PDL"] = False
        decode_split_kernel[(1, programs)](*split_args(1, out, out, out), DIRECT=True, **consts)
        return out
    po = torch.empty(programs * splits * rows, d, device=q.device, dtype=torch.float32)
    pl = torch.empty(programs * splits * rows, device=q.device, dtype=torch.float32)
    decode_split_kernel[(splits, programs)](*split_args(splits, po, pl, out), DIRECT=False, **consts)
    tile = triton.next_power_of_2(splits)
    decode_combine_kernel[(b * hkv * group * sq,)](
        po, pl, out, out.stride(0), out.stride(1), out.stride(2), hkv, sq, splits,
        GROUP=group, ROWS=rows, HEAD_DIM=d, HEADS=heads, SPLITS=tile, PDL=pdl,
        num_warps=8 if tile * d >= 16384 else 4,
        launch_pdl=pdl,
    )  # fmt: skip
    return out


_PER_SM: dict[tuple[object, ...], int] = {}  # programs per SM of each compiled split kernel


def decode_plan(
    q: torch.Tensor, k_cache: torch.Tensor, block_table: torch.Tensor | None, fp8: bool, causal: bool
) -> DecodeConfig:
    """The configuration a call runs with: a pinned one (``tuning.force("decode", cfg)``) or the plan."""
    pinned = tuning.forced("decode", causal)
    if pinned is not None:
        return pinned
    pages = 1 if block_table is None else block_table.shape[1]  # contiguous: dim 1 is the capacity
    capacity = pages * k_cache.shape[1]
    rows = q.shape[0] * k_cache.shape[2]
    return plan_config(rows, fp8, block_table is not None, q.device, q.shape[0] * capacity)


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
    k_scale: torch.Tensor | None = None,
    v_scale: torch.Tensor | None = None,
    num_splits: int = 0,
    check_values: bool = True,
    cache_batch_idx: torch.Tensor | None = None,
    cache_leftpad: torch.Tensor | None = None,
    attention_chunk: int = 0,
) -> torch.Tensor:
    """q ``(B, Sq, Hq, D)`` against the cache (plus ``k_new``/``v_new``, appended in place first).

    Causal and windows are bottom-right aligned: query token i sits at position ``len - Sq + i``. Any
    number of query tokens: more than 128 rows (tokens x query heads per kv head) run in launches of at
    most 128 (chunked prefill, speculative decoding). ``cache_batch_idx`` (int32 ``(B,)``) picks each
    sequence's row of a contiguous cache; ``cache_leftpad`` (int32 ``(B,)``, contiguous caches): keys
    ``[leftpad, cache_seqlens)`` take part, positions counted from leftpad; ``attention_chunk`` > 0 keeps
    each query to the keys of its own chunk of positions (flash-attn's arguments of those names).
    An e4m3 cache passes ``k_scale``/``v_scale`` (fp32, one per page and kv head; see
    :mod:`accel.kernels.decode.kv_cache`). ``check_values`` reads cache_seqlens (and the block
    table) back once to reject a cache too small or a page index out of range; a decode loop may skip it.
    """
    scales = None
    if (k_scale is None) != (v_scale is None):
        raise UnsupportedInputError("k_scale and v_scale go together")
    if k_scale is not None and v_scale is not None:
        scales = (k_scale, v_scale)
    q, block_table, k_new, v_new = check_kvcache(
        q, k_cache, v_cache, cache_seqlens, block_table, k_new, v_new, scales, check_values,
        cache_batch_idx, cache_leftpad,
    )  # fmt: skip
    if not isinstance(attention_chunk, int) or isinstance(attention_chunk, bool) or attention_chunk < 0:
        raise UnsupportedInputError(f"attention_chunk must be an integer >= 0, got {attention_chunk!r}")
    if cache_batch_idx is not None:  # rows of a contiguous cache as one page each, picked by the index
        block_table = cache_batch_idx.view(-1, 1)
    num_splits = check_num_splits(num_splits)
    left, right = check_window(window, causal)
    scale = resolve_scale(softmax_scale, q.shape[-1])
    n_new = 0
    if k_new is not None and v_new is not None:
        n_new = k_new.shape[1]
        if scales is not None:
            from gpuaccel.accel.kernels.decode.kv_cache import append_kv_fp8

            append_kv_fp8(k_cache, v_cache, scales, cache_seqlens, block_table, k_new, v_new)
        else:
            append_kv(k_cache, v_cache, cache_seqlens, block_table, k_new, v_new)
    cap = check_softcap(softcap)
    cfg = decode_plan(q, k_cache, block_table, scales is not None, bool(causal))
    sq, group = q.shape[1], q.shape[2] // k_cache.shape[2]
    step = max(1, MAX_ROWS // group)  # query tokens per launch
    if sq <= step:
        return decode_attention(q, k_cache, v_cache, cache_seqlens, block_table, n_new, left, right, scale,
                                cap, cfg, num_splits, scales, leftpad=cache_leftpad,
                                chunk=attention_chunk)  # fmt: skip
    out = torch.empty_like(q)
    for i0 in range(0, sq, step):
        i1 = min(i0 + step, sq)
        decode_attention(q[:, i0:i1], k_cache, v_cache, cache_seqlens, block_table, n_new, left, right, scale,
                         cap, cfg, num_splits, scales, out[:, i0:i1], sq - i1, cache_leftpad,
                         attention_chunk)  # fmt: skip
    return out
