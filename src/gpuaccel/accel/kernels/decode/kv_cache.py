"""FP8 (e4m3) KV cache: one fp32 scale per (page, kv head), written by the append and read by decode.

Why per page: a decode step reads whole pages, so one scale per page and head costs 4 bytes per
page_size x head_dim values (under 0.2 % of the bytes at page 16, D 128) while following the cache's
range along the sequence far better than one scale per head. A contiguous cache ``(B, S, Hkv, D)`` is
scaled in pages of :data:`CONTIGUOUS_PAGE` tokens (S must be a multiple of it).

Appending into a page that already holds tokens keeps its scale unless a new value exceeds
``448 * scale``; then the page's earlier tokens are re-quantised to the larger scale in the same
program (never to a smaller one, so values already stored are not rounded twice without need).
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl

from gpuaccel.accel.kernels.checks import UnsupportedInputError
from gpuaccel.accel.kernels.decode.kernels import cache_pages
from gpuaccel.accel.kernels.dense.launchers import cdiv

E4M3_MAX = 448.0
CONTIGUOUS_PAGE = 64


def fp8_layout(k_cache: torch.Tensor, block_table: torch.Tensor | None) -> tuple[int, int, int, int]:
    """(stride_page, pages_per_seq, page_size, capacity) of an e4m3 cache, contiguous ones in pages."""
    if block_table is not None:
        page = k_cache.shape[1]
        return k_cache.stride(0), 0, page, block_table.shape[1] * page
    b, s_max = k_cache.shape[:2]
    if s_max % CONTIGUOUS_PAGE or k_cache.stride(0) != s_max * k_cache.stride(1):
        raise UnsupportedInputError(
            f"a contiguous e4m3 cache needs S_max a multiple of {CONTIGUOUS_PAGE} and sequences stored one "
            f"after another; got shape {tuple(k_cache.shape)}, strides {k_cache.stride()}"
        )
    return CONTIGUOUS_PAGE * k_cache.stride(1), s_max // CONTIGUOUS_PAGE, CONTIGUOUS_PAGE, s_max


def scale_shape(k_cache: torch.Tensor, block_table: torch.Tensor | None) -> tuple[int, int]:
    """(pages, Hkv): rows are page indices (contiguous caches: b * S_max / 64 + position // 64)."""
    if block_table is not None:
        return k_cache.shape[0], k_cache.shape[2]
    return k_cache.shape[0] * k_cache.shape[1] // CONTIGUOUS_PAGE, k_cache.shape[2]


def quantize_kv_cache(
    cache: torch.Tensor, block_table: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    """A bf16/fp16 cache (contiguous or paged) -> (e4m3 cache of the same shape, fp32 scales (pages, Hkv))."""
    _check_cache(cache, block_table)
    fp8_layout(cache, block_table)
    pages, hkv = scale_shape(cache, block_table)
    tiles = cache.reshape(pages, -1, hkv, cache.shape[-1]).float()
    scales = (tiles.abs().amax(dim=(1, 3)) / E4M3_MAX).clamp_min(1e-12)
    q = (tiles / scales[:, None, :, None]).clamp(-E4M3_MAX, E4M3_MAX).to(torch.float8_e4m3fn)
    return q.reshape(cache.shape), scales


def _check_cache(cache: object, block_table: object) -> None:
    """A 4-D float cache of values (not one already e4m3) and, when paged, a 2-D int32 block table."""
    if not isinstance(cache, torch.Tensor) or cache.dim() != 4 or not cache.is_floating_point():
        got = (
            f"{cache.dtype} {tuple(cache.shape)}" if isinstance(cache, torch.Tensor) else type(cache).__name__
        )
        raise UnsupportedInputError(
            f"cache must be a 4-D bf16/fp16 tensor (B, S_max, Hkv, D) or (pages, page, Hkv, D), got {got}"
        )
    if cache.dtype == torch.float8_e4m3fn:
        raise UnsupportedInputError("cache is already e4m3; quantize_kv_cache takes its bf16/fp16 values")
    ok = block_table is None or (
        isinstance(block_table, torch.Tensor) and block_table.dim() == 2 and block_table.dtype == torch.int32
    )
    if not ok:
        raise UnsupportedInputError(
            f"block_table must be None or int32 (batch, max_pages), got {block_table!r}"
        )


def dequantize_kv_cache(cache: torch.Tensor, scales: torch.Tensor) -> torch.Tensor:
    """fp32 values of an e4m3 cache (for references and error reports)."""
    pages, hkv = scales.shape
    tiles = cache.reshape(pages, -1, hkv, cache.shape[-1]).float() * scales[:, None, :, None]
    return tiles.reshape(cache.shape)


@triton.jit
def _append_page(
    NEW, CACHE, SCALE, row_base, page, pos, L, n_new, b, hkv, offs_d, old, new, ok, stride_nb, stride_ns,
    stride_nh, heads_kv,
):  # fmt: skip
    """Merge one page's stored and new rows of K or V at a scale that fits both; store all of them."""
    src = (
        NEW + b.to(tl.int64) * stride_nb + (pos - L)[:, None] * stride_ns + hkv * stride_nh + offs_d[None, :]
    )
    x_new = tl.load(src, mask=new[:, None], other=0.0).to(tl.float32)
    old_scale = tl.load(SCALE + page * heads_kv + hkv)
    x_old = tl.load(CACHE + row_base, mask=old[:, None], other=0.0).to(tl.float32) * old_scale
    x = tl.where(old[:, None], x_old, x_new)
    amax = tl.max(tl.max(tl.abs(x_new), 1), 0)
    has_old = tl.max(old.to(tl.int32), 0) > 0
    scale = tl.maximum(amax / 448.0, 1e-12)
    if has_old:
        scale = tl.where(amax <= 448.0 * old_scale, old_scale, tl.maximum(scale, old_scale))
    tl.store(CACHE + row_base, (x / scale).to(CACHE.dtype.element_ty), mask=ok[:, None])
    tl.store(SCALE + page * heads_kv + hkv, scale)


@triton.jit
def append_fp8_kernel(
    KN, VN, KC, VC, KS, VS, BT, SEQLENS, stride_nb, stride_ns, stride_nh, stride_page, stride_row,
    stride_head, stride_bt, pages_per_seq, page_size, heads_kv, n_new, pages_touched,
    PAGE: tl.constexpr, HEAD_DIM: tl.constexpr, PAGED: tl.constexpr,
):  # fmt: skip
    """One program per (page touched, batch*kv head): the page's old rows and the new rows in it."""
    j = tl.program_id(0)
    bh = tl.program_id(1)
    b = bh // heads_kv
    hkv = bh % heads_kv
    L = tl.load(SEQLENS + b)
    first = (L // page_size + j) * page_size
    if first >= L + n_new:
        return
    page = cache_pages(BT, b, stride_bt, first, True, pages_per_seq, page_size, PAGED)
    r = tl.arange(0, PAGE)
    pos = first + r
    in_page = r < page_size
    old = in_page & (pos < L)
    new = in_page & (pos >= L) & (pos < L + n_new)
    offs_d = tl.arange(0, HEAD_DIM)
    row_base = page.to(tl.int64) * stride_page + r[:, None] * stride_row + hkv * stride_head + offs_d[None, :]
    ok = old | new
    _append_page(KN, KC, KS, row_base, page, pos, L, n_new, b, hkv, offs_d, old, new, ok,
                 stride_nb, stride_ns, stride_nh, heads_kv)  # fmt: skip
    _append_page(VN, VC, VS, row_base, page, pos, L, n_new, b, hkv, offs_d, old, new, ok,
                 stride_nb, stride_ns, stride_nh, heads_kv)  # fmt: skip


def append_kv_fp8(
    k_cache: torch.Tensor,
    v_cache: torch.Tensor,
    scales: tuple[torch.Tensor, torch.Tensor],
    cache_seqlens: torch.Tensor,
    block_table: torch.Tensor | None,
    k_new: torch.Tensor,
    v_new: torch.Tensor,
) -> None:
    """Quantise k_new/v_new (B, n_new, Hkv, D) into an e4m3 cache at each sequence's end, in place."""
    b, n_new, hkv, d = k_new.shape
    if b * n_new == 0:
        return
    k_scale, v_scale = scales
    want = scale_shape(k_cache, block_table)
    for name, s in (("k_scale", k_scale), ("v_scale", v_scale)):
        if s.shape != want or s.dtype != torch.float32 or not s.is_contiguous():
            raise UnsupportedInputError(
                f"{name} must be contiguous fp32 of shape {want}, got {s.dtype} {tuple(s.shape)}"
            )
    stride_page, pages_per_seq, page, _ = fp8_layout(k_cache, block_table)
    bt = block_table if block_table is not None else cache_seqlens
    touched = cdiv(n_new, page) + 1
    append_fp8_kernel[(touched, b * hkv)](
        k_new, v_new, k_cache, v_cache, k_scale, v_scale, bt, cache_seqlens, k_new.stride(0), k_new.stride(1),
        k_new.stride(2), stride_page, k_cache.stride(1), k_cache.stride(2), bt.stride(0), pages_per_seq, page,
        hkv, n_new, touched, PAGE=triton.next_power_of_2(page), HEAD_DIM=d, PAGED=block_table is not None,
        num_warps=8,
    )  # fmt: skip


def page_scales(
    descale: torch.Tensor, k_cache: torch.Tensor, block_table: torch.Tensor | None, lengths: torch.Tensor
) -> torch.Tensor:
    """FlashAttention-3's e4m3 cache convention (one descale per (batch, kv head), values stored raw) as
    this cache's per-(page, kv head) scales: each page a sequence uses (``lengths`` tokens) takes its
    sequence's descale; pages no sequence uses keep 1."""
    b, hkv = k_cache.shape[0] if block_table is None else block_table.shape[0], k_cache.shape[2]
    if not isinstance(descale, torch.Tensor) or tuple(descale.shape) != (b, hkv):
        raise UnsupportedInputError(
            f"k_descale/v_descale must be ({b}, {hkv}) = (batch, kv heads), got {descale!r}"
        )
    d = descale.to(device=k_cache.device, dtype=torch.float32)
    if block_table is None:
        fp8_layout(k_cache, None)
        return d.repeat_interleave(k_cache.shape[1] // CONTIGUOUS_PAGE, dim=0).contiguous()
    page = k_cache.shape[1]
    used = (
        torch.arange(block_table.shape[1], device=k_cache.device)[None, :]
        < (lengths[:, None] + page - 1) // page
    )
    scales = torch.ones(k_cache.shape[0], hkv, device=k_cache.device, dtype=torch.float32)
    rows = d[:, None, :].expand(-1, block_table.shape[1], -1)
    scales[block_table.long()[used]] = rows[used]
    return scales
