"""The packed-document forward on Hopper: the dense Gluon forward's partitions, fed per document.

Why it is the dense kernel (:mod:`accel.kernels.gluon.fwd`) with ``VARLEN`` set rather than a kernel of
its own: once a tile's rows and keys are addressed relative to its document, the dense consumer's
arithmetic (causal block skipping, the ragged-end masks, GQA) is exactly right for it. What differs is
where a tile lies (``gluon_tiles._tile_place``):
- A tile is a work item, (first query token, query count, first key token, key count, first row of the
  tile), from a table one small kernel builds on the GPU from the offsets
  (:func:`accel.kernels.gluon.varlen_items.varlen_items`): reading
  them to the host would stall the stream once per call, and building it from some 30 torch ops cost as
  much host time as a short forward (16k causal tokens: 401-457 and 480 TFLOP/s, against 558-564). Items are
  sorted heaviest first (causal tiles at a document's end see the most keys).
- The walk (:data:`FWD_OPTS`, 2026-11-28): tiles go in groups of heads whose K/V fit L2 (the dense walk's
  ``gluon_tiles.l2_head_group``), each group's items heaviest first with its heads fastest, and each
  program draws its next tile from a counter (``gluon_tiles._next_tile``). Every head at once (the walk
  before) left each K/V head's stream shared by a few tiles: 1.04-1.16 GB read from DRAM per call at 16k
  tokens, an L2 hit rate of 55-61 %, and the SM clock 4-5 % under the dense kernel's (ncu, H100). Head
  groups under the old fixed snake of rounds left SMs idle (a group's heavy tiles meet the last group's
  light ones in one round: 1.89 M cycles elapsed against 1.38 M active, H200); drawn from a counter, a
  program that ran heavy tiles simply draws fewer.
- The TMA descriptors are 4-D views ``[1, H, total, D]`` of the packed tensors (``gluon_tiles.packed_view``):
  a box running past a document's end reads the next document's rows (zeros past the last). Keys past
  the end are masked out of P; query rows past the end are computed and never stored.
- o is written to ``(total_q, Hq, D)`` and the natural-log lse to ``(Hq, total_q)``, as the tl.* varlen
  forward writes them, so either backward consumes it; at D128 a 64-row slice wholly inside its document
  leaves by one TMA store (a box there would write the next document's rows), and the next tile's Q loads
  during this one, as in the dense kernel.
- Of the dense configuration's options the kernel builds conditional rescaling, key blocks last first, the
  unmasked first block and O by 1/l (:func:`packed_fwd_config`); D64 and D128 causal packs run the first
  two, O's rescale decided per warp (:data:`PACKED_OPTIONS`: 1.036-1.064x forward on an H200, 2026-11-29; per
  warpgroup, the dense choice, spilled in this kernel's key loop).
- A value head dim of its own (MLA's 192/128, the pairs of ``tuning.GLUON_VALUE_DIMS``) runs as the dense
  forward runs it: ``HEAD_DIM_V``, Q and K in 64-column chunks (boxes of :func:`accel.kernels.gluon.fwd.
  chunk_cols` columns), O staged in the first chunks of Q's buffer; causal packs take D128's options. On an
  H200 (2026-12-03, fifty-fifth session, docs/kernels-log.md) 192/128 ran 3.2-3.7x the tl.* packed forward
  with q/k padded to 256 and 1.19-1.31x cuDNN called per document (16k and 32k tokens, H16).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, NamedTuple

import torch
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

from gpuaccel.accel.kernels.dense.direct_launch import Tma
from gpuaccel.accel.kernels.dense.flash_fwd import LOG2E
from gpuaccel.accel.kernels.dense.launchers import PLANNED, Bound, launch, sm_count, tma_legal, whole16
from gpuaccel.accel.kernels.gluon.fwd import _forward, chunk_cols
from gpuaccel.accel.kernels.gluon.tiles import (
    CONSUMER_REGS,
    HALF_M,
    l2_head_group,
    packed_view,
)
from gpuaccel.accel.kernels.gluon.varlen_items import ItemsLayout, items_layout, launch_items
from gpuaccel.accel.kernels.tuning.configs import (
    GLUON_HEAD_DIMS,
    GLUON_VALUE_DIMS,
    GluonFwdConfig,
    gluon_fwd_config,
)


@gluon.jit
def gluon_varlen_fwd_kernel(q_desc, k_desc, v_desc, o_desc, o_ptr, lse_ptr, stride_on, stride_oh, qk_scale,
                            heads_q, group, items_ptr, n_items, group_heads, slots_ptr, total_q, num_tiles,
                            HEAD_DIM: gl.constexpr, BLOCK_N: gl.constexpr, STAGES: gl.constexpr,
                            CAUSAL: gl.constexpr, CONSUMERS: gl.constexpr, CONSUMER_REGS: gl.constexpr,
                            Q_BUFS: gl.constexpr, O_TMA: gl.constexpr, DYNAMIC: gl.constexpr,
                            RESCALE: gl.constexpr = 0.0, RESCALE_WARP: gl.constexpr = False,
                            DIAG_FIRST: gl.constexpr = False, FIRST_FULL: gl.constexpr = False,
                            O_RECIP: gl.constexpr = False, HEAD_DIM_V: gl.constexpr = 0):  # fmt: skip
    # the dense walk's arguments (batch stride, lengths) are unused with VARLEN: runtime values of their
    # types stand in (a tile's lengths replace seq_q/seq_k inside the tile loop); the walk's (num_m,
    # bh_total, group_heads) are the items, the heads and the head group, its schedule the dynamic walk's
    # slots (one int32 per program and Q buffer); HEAD_DIM_V (0: HEAD_DIM) V's and O's head dim where it
    # differs from Q's and K's (MLA's 192/128: Q and K in 64-column chunks, the dense forward's way)
    _forward(q_desc, k_desc, v_desc, o_ptr, lse_ptr, lse_ptr, lse_ptr, lse_ptr, stride_oh, stride_oh,
             stride_on, qk_scale, heads_q, group, total_q, total_q, n_items, heads_q, group_heads, num_tiles,
             slots_ptr, n_items, items_ptr, n_items, total_q, HEAD_DIM, BLOCK_N, STAGES, CAUSAL, CONSUMERS,
             CONSUMER_REGS, False, True, False, Q_BUFS, O_TMA, o_desc, False, None, None,
             DYNAMIC, RESCALE=RESCALE, RESCALE_WARP=RESCALE_WARP, DIAG_FIRST=DIAG_FIRST,
             FIRST_FULL=FIRST_FULL, O_RECIP=O_RECIP, HEAD_DIM_V=HEAD_DIM_V)  # fmt: skip


# ---------------------------------------------------------------------------------------------- host side


FWD_OPTS = "dyn:hg:q2:otma"  # the packed forward's variant: any of "dyn" (programs draw tiles from a
# counter, in order, while any are left, instead of a fixed snake of rounds), "hg" (the tiles in groups of
# heads whose K/V fit L2, as the dense walk: tiles.l2_head_group) or "hgG" (groups of G heads), "q2" (the
# next tile's Q loads during this one), "otma" (a 64-row slice wholly inside its document leaves by one TMA
# store through its Q buffer; a document's last rows by row mask), joined by ":"; "" is the walk before
# 2026-11-28 (every head of an item together, a snake of rounds, Q and O as the FP8 forward moves them).
# H100, H16 D128 causal, benchmarks/varlen_fwd_ab.py (kernel GPU time, old -> shipped; dense kernel): 16k
# tokens in 3 documents 0.676 -> 0.632 ms, 32k in 8 1.587 -> 1.222, 2 x 8192 0.947 -> 0.835 (0.827),
# 8 x 4096 1.512 -> 0.921 (0.893); old time / new by kernel time, "dyn" alone 0.96-1.04, "q2:otma" alone
# 1.00-1.12, "dyn:hg" 1.04-1.48 (benchmarks/results/varlen_fwd_ab_20261128-kernfwd-h100.json,
# docs/kernels-log.md).
FLAGS = ("dyn", "q2", "otma")
# the dense configuration's options the packed kernel builds, on per (head dim, causal) where measured to pay
# (packed_fwd_config); every other one off: O rescaled every block, a slice's first block masked, key blocks
# in order, O / l by division. D128 causal (docs/kernels-log.md, 2026-11-29, thirtieth session; H200,
# benchmarks/varlen_fwd_ab.py, do_bench medians, speedup over all off by round, 9 rounds): O rescaled only
# when a row's max grows by more than 2**8, decided per warp (``rescale_warp``), with each tile's key blocks
# last first (``diag_first``): 16k / 32k tokens 1.050 / 1.051, 2 x 8192 1.036, 8 x 4096 1.064 (the same build
# timed twice 0.5-1.8 % apart; 546 -> 577, 550 -> 577 TFLOP/s); per warpgroup (the dense D128 choice) it is as
# fast (1.041-1.053) but spills 28 bytes, in the key loop too (gluon_offline.py), per warp none. Forward+
# backward through the public call level: 0.988-0.990 at 16k, 1.009-1.010 at 32k (11 rounds; the all-off
# build timed twice 0.9 % apart). D64 causal the same options: +5.3 / +6.3 % forward at 16k / 32k (5 rounds),
# no spill offline, the GPU tier's score ramps pass (H200, 2026-11-29): on. D256 level or slower
# (0.993 / 0.996): off
PACKED_OFF: dict[str, float | bool] = dict(
    rescale_log2=0.0, rescale_warp=False, diag_first=False, first_full=False, o_recip=False
)
_PER_WARP_LAST_FIRST: dict[str, float | bool] = dict(rescale_log2=8.0, rescale_warp=True, diag_first=True)
# A value head dim of its own (the pairs of tuning.GLUON_VALUE_DIMS, keyed ((q's, v's), causal)): causal packs
# take D128's options (per-warp rescale, key blocks last first; offline at 192/128 20/60 bytes of spill,
# per-tile scalars reloaded outside the key loop, against 16/52 with all off and 32/72 per warpgroup)
PACKED_OPTIONS: dict[tuple[int | tuple[int, int], bool], dict[str, float | bool]] = {
    (128, True): _PER_WARP_LAST_FIRST,
    (64, True): _PER_WARP_LAST_FIRST,
    ((192, 128), True): _PER_WARP_LAST_FIRST,
    ((128, 64), True): _PER_WARP_LAST_FIRST,
}


def _parse_opts(opts: str) -> tuple[set[str], int | None]:
    """(the flags of :data:`FLAGS` set, head group: None = all heads, 0 = sized for L2, G) from ``opts``."""
    flags = set(opts.split(":")) - {""}
    group: int | None = None
    for f in flags - set(FLAGS):
        if f == "hg":
            group = 0
        elif f[:2] == "hg" and f[2:].isdigit() and int(f[2:]) > 0:
            group = int(f[2:])
        else:
            raise ValueError(f"opts takes {', '.join(FLAGS)}, hg, hgG joined by ':', got {opts!r}")
    return flags & set(FLAGS), group


def packed_fwd_config(
    head_dim: int, max_q: int | None = None, causal: bool = False, head_dim_v: int | None = None
) -> GluonFwdConfig:
    """The packed forward's configuration: the dense forward's for the head dim (``gluon_fwd_config``, by
    the longest document for the consumers; with ``head_dim_v`` other than ``head_dim`` the pair's,
    ``tuning.GLUON_FWD_VALUE_CONFIGS``) with the options the packed kernel builds (``rescale_log2`` /
    ``rescale_warp``, ``diag_first``, ``first_full``, ``o_recip``) as :data:`PACKED_OPTIONS` sets them
    (a pair's under ``((head_dim, head_dim_v), causal)``)."""
    # the dense options off (PACKED_OFF) where PACKED_OPTIONS does not set them: before 2026-11-29 the
    # packed kernel rescaled O every block; D64 and D128 causal now per warp with key blocks last first
    # (PACKED_OPTIONS says where it was measured)
    if head_dim_v is not None and head_dim_v != head_dim:
        base = gluon_fwd_config(head_dim, max_q, causal=causal, head_dim_v=head_dim_v)
        return replace(base, **{**PACKED_OFF, **PACKED_OPTIONS.get(((head_dim, head_dim_v), causal), {})})
    return replace(
        gluon_fwd_config(head_dim, max_q), **{**PACKED_OFF, **PACKED_OPTIONS.get((head_dim, causal), {})}
    )


class PackedFwd(NamedTuple):
    """What a packed forward's call signature fixes (:func:`packed_fwd_plan`). A planned call's ``bound``
    keeps it under ``PLANNED``: the call allocates one int32 buffer and replays the two launches with its
    own pointers and scale."""

    items: ItemsLayout
    words: tuple[int, int, int]  # int32 words of the items kernel's scratch, the table and the walk's slots
    grid: tuple[int]
    rows: int  # Q's (and O's) descriptor rows
    block_n: int  # K's and V's
    cols: int  # Q's and K's box columns (chunk_cols: all at a power of two, 64 at 192)
    o_tma: bool
    o_strides: tuple[int, int]
    heads: tuple[int, int]  # (query heads, query heads per K/V head)
    n_items: int
    group_heads: int
    num_tiles: int
    constexprs: dict[str, Any]


def packed_fwd_plan(
    q: torch.Tensor,
    k: torch.Tensor,
    o: torch.Tensor,
    batch: int,
    causal: bool,
    cfg: GluonFwdConfig,
    opts: str,
) -> PackedFwd:
    """Everything :func:`launch_gluon_varlen_fwd` decides from the shapes (``batch`` documents), the
    configuration and the variant; ``cfg`` and ``opts`` are checked here. v's head dim is ``o``'s."""
    total_q, hq, d = q.shape
    dv = o.shape[-1]
    if dv != d and (d, dv) not in GLUON_VALUE_DIMS:
        raise ValueError(
            f"the Gluon varlen forward runs (q, v) head dims {GLUON_VALUE_DIMS} as they are, got {(d, dv)}"
        )
    if dv == d and d not in GLUON_HEAD_DIMS:
        raise ValueError(f"the Gluon varlen forward is built for head_dim {GLUON_HEAD_DIMS}, got {d}")
    if cfg.ctas_per_sm != 1:
        raise ValueError(f"only the dense bf16/fp16 forward runs two programs per SM, got {cfg}")
    if cfg.consumers not in CONSUMER_REGS:
        raise ValueError(f"the Gluon forward takes {tuple(CONSUMER_REGS)} consumers, got {cfg.consumers}")
    flags, group = _parse_opts(opts)
    dynamic = "dyn" in flags
    layout = items_layout(batch, total_q, bool(causal), cfg.consumers * int(HALF_M), counter=dynamic)
    n_items = layout.n_rows - 1 - int(dynamic)
    if group is None:
        group = hq
    elif group == 0:
        group = l2_head_group(k.shape[0], (d + dv) // 2, k.element_size(), k.shape[1], hq, hq)
    programs = min(n_items * hq, sm_count(q.device))
    q_bufs = cfg.q_bufs if "q2" in flags else 1
    o_tma = "otma" in flags and cfg.o_tma and tma_legal(o)
    n_slots = programs * cfg.consumers * q_bufs if dynamic else 1
    return PackedFwd(
        layout, (whole16(layout.scratch), whole16(layout.n_rows * layout.fields), n_slots), (programs,),
        int(HALF_M), cfg.block_n, chunk_cols(d), o_tma, (o.stride(0), o.stride(1)), (hq, hq // k.shape[1]),
        n_items,
        min(group, hq), n_items * hq,
        dict(HEAD_DIM=d, BLOCK_N=cfg.block_n, STAGES=cfg.stages, CAUSAL=bool(causal), CONSUMERS=cfg.consumers,
             CONSUMER_REGS=CONSUMER_REGS[cfg.consumers], Q_BUFS=q_bufs, O_TMA=o_tma, DYNAMIC=dynamic,
             RESCALE=float(cfg.rescale_log2), RESCALE_WARP=cfg.rescale_warp, DIAG_FIRST=cfg.diag_first,
             FIRST_FULL=cfg.first_full, O_RECIP=cfg.o_recip, HEAD_DIM_V=dv),
    )  # fmt: skip


def launch_gluon_varlen_fwd(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    o: torch.Tensor,
    lse: torch.Tensor,
    cu_q: torch.Tensor,
    cu_k: torch.Tensor,
    max_q: int,
    causal: bool,
    scale: float,
    cfg: GluonFwdConfig | None = None,
    opts: str | None = None,
    bound: Bound | None = None,
) -> None:
    """Attention within each packed document into ``o`` (contiguous, q's shape with v's head dim) and ``lse``
    (contiguous fp32 (Hq, total_q)): q ``(total_q, Hq, D)``, k/v ``(total_k, Hkv, D)`` with unit last stride
    and 16-byte aligned rows, D in ``tuning.GLUON_HEAD_DIMS``, or v ``(total_k, Hkv, Dv)`` with (D, Dv) a
    pair of ``tuning.GLUON_VALUE_DIMS`` (MLA's 192/128: the kernel's ``HEAD_DIM_V``, Q and K in 64-column
    chunks, as the dense forward runs it); bottom-right causal alignment per document. ``opts``:
    the variant (None: :data:`FWD_OPTS`); "q2" and "otma" take effect where ``cfg`` has them (D128's).
    ``cfg`` (None: :func:`packed_fwd_config`): of its options the kernel builds ``rescale_log2`` /
    ``rescale_warp``, ``diag_first``, ``first_full`` and ``o_recip`` as given; the dense walk's others
    (``pad_top``, ``pad_skip``, ``pingpong``, ``k_ahead``, ``next_qk``, ``tail_split``) are not taken.
    ``bound``: the call signature's bound launches (``dense.launchers.launch``; the packed call's plan,
    :func:`accel.kernels.varlen.attention.flash_attention_varlen`, keeps them): the first call fills it,
    later ones replay both launches bound. Everything that fixes their integers, constexprs and grid
    (device, causal flag, configuration, variant, each tensor's shape, strides and dtype, 16-byte aligned
    pointers) must be the same on those calls; the offsets' values are read by the items kernel on the GPU
    every call, so they are not part of it."""
    planned = bound.get(PLANNED) if bound is not None else None
    fresh = planned is None
    if planned is None:
        cfg = cfg or packed_fwd_config(q.shape[-1], max_q, bool(causal), v.shape[-1])
        planned = packed_fwd_plan(q, k, o, cu_q.numel() - 1, causal, cfg, FWD_OPTS if opts is None else opts)
    total_q = q.shape[0]
    if total_q == 0:
        return
    if k.shape[0] == 0:  # no document has a key: every row saw nothing
        o.zero_()
        lse.fill_(float("-inf"))
        return
    words = planned.words
    scratch, items, slots = torch.empty(sum(words), dtype=torch.int32, device=q.device).split(words)
    launch_items(planned.items, cu_q, cu_k, scratch, items, bound)
    rows, block_n, qc = planned.rows, planned.block_n, planned.cols
    launch(
        gluon_varlen_fwd_kernel, planned.grid,
        (Tma(q, rows, qc, packed_view), Tma(k, block_n, qc, packed_view), Tma(v, block_n, 0, packed_view),
         Tma(o, rows, 0, packed_view) if planned.o_tma else Tma(q, rows, qc, packed_view),  # (unused: a type)
         o, lse, *planned.o_strides, scale * LOG2E, *planned.heads, items, planned.n_items,
         planned.group_heads, slots, total_q, planned.num_tiles),
        planned.constexprs, LAUNCH_OPTIONS, bound, "gluon_varlen_fwd",
    )  # fmt: skip
    if fresh and bound is not None:  # kept once its launches went through
        bound[PLANNED] = planned


LAUNCH_OPTIONS = dict(num_warps=4)
