"""The packed-document backward on Hopper: host side of :mod:`accel.kernels.gluon.varlen_bwd_kernels`.

Why tables of work items: a grid of (block index, document) over the longest document launches a program
for every block of every short document's padding; at 16k tokens of documents 128-8k long most of them
would only return. The tables list the (document, 128-row tile) pairs that exist, heaviest first (causal
dQ tiles at a document's end and dK/dV tiles at its start see the most blocks), then empty items up to a
bound the shapes give; the grid is (item, head) with the item fastest, so each head's tiles start longest
first and short ones fill the tail. They are built on the GPU from the offsets
(:func:`accel.kernels.gluon.varlen_items.varlen_items`): the backward reads nothing back to the host, so
it neither stalls the stream nor stops a CUDA graph from capturing it. Kernels as in
:mod:`accel.kernels.gluon.bwd`, chosen by :func:`fused_pays`: the fused kernel (the statistics pass over
the dQ items, which also zeroes an fp32 dQ accumulator; one pass over the dK/dV items that sums dQ by
TMA reduce-adds; dQ cast), or the deterministic split pair (dQ first, it writes the statistics; then
dK/dV; no atomics). A value head dim of its own (MLA's 192/128, :data:`GLUON_VARLEN_BWD_VALUE_DIMS`) runs
the split pair as the dense 192/128 backward does: the dQ kernel with ``HEAD_DIM_V`` and q/k in 64-column
chunks, dK/dV by gradient (64 keys a program, two programs a 128-key item).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import torch

from gpuaccel.accel.kernels.dense.direct_launch import Tma
from gpuaccel.accel.kernels.dense.flash_bwd import attn_bwd_preprocess_kernel
from gpuaccel.accel.kernels.dense.flash_fwd import LOG2E
from gpuaccel.accel.kernels.dense.launchers import PLANNED, STAT_PAD, Bound, launch, whole16
from gpuaccel.accel.kernels.gluon.bwd import STAT_BOX, determinism_asked
from gpuaccel.accel.kernels.gluon.bwd_fused import dq_unfrag_varlen_kernel
from gpuaccel.accel.kernels.gluon.bwd_kernels import CONSUMER_REGS
from gpuaccel.accel.kernels.gluon.tiles import packed_view
from gpuaccel.accel.kernels.gluon.varlen_bwd_kernels import (
    ITEM_FIELDS,
    gluon_varlen_bwd_fused_kernel,
    gluon_varlen_dkdv_kernel,
    gluon_varlen_dq_kernel,
)
from gpuaccel.accel.kernels.gluon.varlen_items import ItemsLayout, items_layout, launch_items, stat_rows
from gpuaccel.accel.kernels.tuning.configs import gluon_bwd_config

TILE_ROWS = STAT_PAD  # rows per program in both kernels; a document's statistics are padded to it
GLUON_VARLEN_BWD_DIMS = (128,)  # D64 measured no faster than tl.* densely; D256 does not fit (tuning.py)
# (q/k's, v's) head dims of its own the packed backward runs as they are: MLA's 192/128, the dense 192/128
# backward's kernels fed per document (its Gluon dQ and by-gradient dK/dV, q/k in 64-column chunks, v, dO
# and dV at 128; tuning.GLUON_BWD_VALUE_CONFIGS' configuration); always the split pair (the fused kernel is
# built for D128). Dispatch takes those of tuning.GLUON_BWD_VALUE_DEFAULT
# (varlen.attention.backward_path)
GLUON_VARLEN_BWD_VALUE_DIMS = ((192, 128),)


FUSED_FROM = 8192  # keys in all: the fused backward from here (H100, gluon_bwd_fused_ab.py --varlen,
# documents of 128-8192 tokens, causal, tables built on the GPU): forward+backward fused/split 1.061 /
# 1.058 / 0.994 wall time and 1.044 / 1.044 / 1.013 in the kernels' GPU time at 8k / 16k / 32k tokens;
# at 4k 0.985 wall, 1.015 GPU (its third launch and dQ's cast against a short call)


FUSED_OPTS = "frag"  # the fused packed kernel's variant, any of "frag" (dQ staged in fragment order into an
# accumulator laid out like the statistics, each document padded to 128 rows; the cast reads it back per
# dQ item), "dacc" (dP's accumulator starts at -delta), "sf2" (the statistics read before S^T is issued),
# "hgG" (the grid in groups of G KV heads, each group's items heaviest first with its heads fastest:
# varlen_bwd_kernels._key_tile; "hf": all heads, one group) joined by ":"; the dense D128 kernel's "frag",
# "dacc" and "sf2" are gluon.bwd.DQ_FRAG, DELTA_IN_ACC and FENCES. H100, 2026-11-27 (benchmarks/
# varlen_bwd_ab.py, docs/kernels-log.md): "frag" the backward alone 0.936-0.977 of the plain staging's time
# (bank conflicts 25.5 M -> 1.1 M under ncu at 16k tokens); over it "dacc" even, "sf2" mixed (0.95-1.17),
# "hf" 1.05-1.48x (L2 hit rate 93 -> 70 %), "hg2" 0.977-1.005 by do_bench (within the spread; 3.5 % shorter
# under ncu)
VARIANT_OPTS = ("frag", "dacc", "sf2", "hf", "hgG")


def fused_pays(total_k: int, deterministic: bool = False) -> bool:
    """Whether a packed backward runs the fused kernel: not where determinism is asked for (its dQ is
    summed in no fixed order), and only from ``FUSED_FROM`` keys in all."""
    return not determinism_asked(deterministic) and total_k >= FUSED_FROM


class PackedBwd(NamedTuple):
    """What a packed backward's call signature fixes (:func:`packed_bwd_plan`). A planned call's ``bound``
    keeps it under ``PLANNED``: the call allocates one int32 buffer for both items tables, the statistics
    (and the fused kernel's dQ accumulator) and launches bound with its own pointers and scale."""

    dq_items: ItemsLayout
    kv_items: ItemsLayout
    words: tuple[int, int, int, int]  # int32 words: dQ items' scratch and table, then dK/dV items'
    stats: tuple[int, int, int]  # (2, Hq, padded rows): delta and lse2
    heads: tuple[int, int]  # (query heads, K/V heads)
    total_q: int
    fused: bool
    dq_acc: tuple[int, int, int] | None  # the fused kernel's fp32 dQ accumulator
    ints: dict[str, tuple[int, ...]]  # per launch, its strides and sizes
    grids: dict[str, tuple[int, ...]]
    names: dict[str, str]  # per launch, its name in ``bound`` (the fused variant's with its flags)
    constexprs: dict[str, dict[str, Any]]
    dq_block_n: int


def packed_bwd_plan(
    q: torch.Tensor,
    k: torch.Tensor,
    o: torch.Tensor,
    do: torch.Tensor,
    out: tuple[torch.Tensor, torch.Tensor, torch.Tensor],
    batch: int,
    causal: bool,
    fused: bool | None,
    opts: str,
) -> PackedBwd:
    """Everything :func:`launch_gluon_varlen_bwd` decides from the shapes (``batch`` documents), the
    kernel choice and the fused variant ``opts`` (checked here). v's head dim is o's: a pair of
    :data:`GLUON_VARLEN_BWD_VALUE_DIMS` runs the split pair with the kernels' ``HEAD_DIM_V`` (and q/k at 192
    in ``CHUNKS`` of 64 columns), its dK/dV programs 64 keys each, two an item."""
    total_q, hq, d = q.shape
    total_k, hkv = k.shape[0], k.shape[1]
    dv_dim = o.shape[-1]
    pair = dv_dim != d
    if pair and (d, dv_dim) not in GLUON_VARLEN_BWD_VALUE_DIMS:
        built = GLUON_VARLEN_BWD_VALUE_DIMS
        raise ValueError(f"the Gluon varlen backward runs (q, v) head dims {built}, got {(d, dv_dim)}")
    if not pair and d not in GLUON_VARLEN_BWD_DIMS:
        raise ValueError(f"the Gluon varlen backward is built for head_dim {GLUON_VARLEN_BWD_DIMS}, got {d}")
    if pair and fused:
        raise ValueError(f"the fused Gluon varlen backward is built for head_dim {GLUON_VARLEN_BWD_DIMS}")
    fused = False if pair else fused_pays(total_k) if fused is None else fused
    flags = set(opts.split(":")) - {""} if fused else set()  # the fused kernel's variant
    groups = [int(f[2:]) for f in flags if f[:2] == "hg" and f[2:].isdigit() and int(f[2:]) > 0]
    if flags - set(VARIANT_OPTS) - {f"hg{g}" for g in groups} or len(groups) + ("hf" in flags) > 1:
        raise ValueError(f"opts takes {', '.join(VARIANT_OPTS)} joined by ':', got {opts!r}")
    dq_items = items_layout(batch, total_q, causal, TILE_ROWS, stats=True)
    kv_items = items_layout(batch, total_q, causal, TILE_ROWS, total_k=total_k, stats=True)
    stat_stride = stat_rows(total_q, batch, TILE_ROWS)
    cfg = gluon_bwd_config(d, dv_dim)
    dq, dk, dv = out
    n_dq, n_kv = dq_items.n_rows, kv_items.n_rows
    frag = "frag" in flags
    group = hkv if "hf" in flags else groups[0] if groups else 0
    if group and hkv % group:
        group = 0  # the plain grid where the groups would not divide the heads
    common = dict(HEAD_DIM=d, CAUSAL=bool(causal), CONSUMER_REGS=CONSUMER_REGS)
    value = dict(HEAD_DIM_V=dv_dim, CHUNKS=3 if d == 192 else 1) if pair else {}
    dk_ints = (dk.stride(0), dk.stride(1))
    return PackedBwd(
        dq_items, kv_items,
        tuple(whole16(w) for w in (dq_items.scratch, n_dq * dq_items.fields, kv_items.scratch,
                                   n_kv * kv_items.fields)),  # type: ignore[arg-type]
        (2, hq, stat_stride), (hq, hkv), total_q, fused,
        (hq, stat_stride if frag else total_q, d) if fused else None,
        dict(dq=(dq.stride(0), dq.stride(1), o.stride(0), o.stride(1), do.stride(0), do.stride(1)),
             dkdv=dk_ints, dv=(dv.stride(0), dv.stride(1)),
             stats=(0, o.stride(1), o.stride(0), 0, do.stride(1), do.stride(0), hq, total_q, stat_stride),
             unfrag=(dq.stride(0), dq.stride(1), stat_stride)),
        dict(dq=(n_dq, hq), dkdv=(2 * n_kv if pair else n_kv, hkv), stats=(2 * n_dq, hq),
             unfrag=(2 * n_dq, hq), fused=(n_kv * hkv,) if group else (n_kv, hkv)),
        dict(stats="varlen_stats_zero_dq" + "_at_stats" * frag,
             fused="gluon_varlen_bwd_fused" + "".join(f"_{f}" for f in sorted(flags))),
        dict(dq=dict(common, BLOCK_N=cfg.dq_block_n, STAGES=cfg.dq_stages, **value),
             dkdv=dict(common, STAGES=cfg.stages, **value),
             stats=dict(HEAD_DIM=d, BLOCK_M=TILE_ROWS // 2, ZERO_DQ=True, ITEM_FIELDS=int(ITEM_FIELDS),
                        DQ_AT_STATS=frag),
             fused=dict(common, STAGES=cfg.stages, DELTA_IN_ACC="dacc" in flags, STATS_FIRST="sf2" in flags,
                        FRAG=frag, HEAD_GROUP=group),
             unfrag=dict(HEAD_DIM=d, ITEM_FIELDS=int(ITEM_FIELDS)) if frag else {}),
        cfg.dq_block_n,
    )  # fmt: skip


def stat_view(t: torch.Tensor) -> torch.Tensor:
    """A head's statistics rows ``(Hq, rows)`` as the ``[1, Hq, 1, rows]`` their descriptors address."""
    return t.view(1, t.shape[0], 1, -1)


def batch_of_one(t: torch.Tensor) -> torch.Tensor:
    return t.unsqueeze(0)


def launch_gluon_varlen_bwd(
    do: torch.Tensor,
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    o: torch.Tensor,
    lse: torch.Tensor,
    cu_q: torch.Tensor,
    cu_k: torch.Tensor,
    causal: bool,
    scale: float,
    out: tuple[torch.Tensor, torch.Tensor, torch.Tensor] | None = None,
    fused: bool | None = None,
    opts: str | None = None,
    bound: Bound | None = None,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """``(dq, dk, dv)`` of packed q ``(total_q, Hq, D)``, k/v ``(total_k, Hkv, D)`` (TMA-legal strides, D in
    ``GLUON_VARLEN_BWD_DIMS``; or v, dO and o at a head dim of their own, (D, v's) a pair of
    ``GLUON_VARLEN_BWD_VALUE_DIMS``: MLA's 192/128, the split pair), the forward's o and natural-log lse
    ``(Hq, total_q)``. ``out``: contiguous buffers of q's, k's and v's shape to write into (the checks
    poison them). ``fused``: the fused kernel or the split pair (None: as :func:`fused_pays` says; a value
    pair always the split pair). ``opts``: the fused kernel's variant (None:
    :data:`FUSED_OPTS`). ``bound``: the call signature's bound launches (the packed call's plan keeps
    them, :func:`accel.kernels.varlen.attention.flash_attention_varlen`): the first call fills it, later
    ones launch every kernel bound; what fixes them (device, causal flag, path, variant, every tensor's
    shape, strides and dtype, 16-byte aligned pointers) must be the same on those calls; the offsets'
    values are read on the GPU every call."""
    if out is None:
        dq = torch.empty(q.shape, device=q.device, dtype=q.dtype)
        dk = torch.empty(k.shape, device=k.device, dtype=k.dtype)
        dv = torch.empty(v.shape, device=v.device, dtype=v.dtype)
    else:
        dq, dk, dv = out
    planned = bound.get(PLANNED) if bound is not None else None
    fresh = planned is None
    if planned is None:
        opts = FUSED_OPTS if opts is None else opts
        planned = packed_bwd_plan(q, k, o, do, (dq, dk, dv), cu_q.numel() - 1, causal, fused, opts)
    if q.shape[0] == 0 or k.shape[0] == 0:
        return dq.zero_(), dk.zero_(), dv.zero_()
    words = planned.words
    dq_scratch, dq_items, kv_scratch, kv_items = torch.empty(
        sum(words), dtype=torch.int32, device=q.device
    ).split(words)
    launch_items(planned.dq_items, cu_q, cu_k, dq_scratch, dq_items, bound, "dq_items")
    launch_items(planned.kv_items, cu_q, cu_k, kv_scratch, kv_items, bound, "kv_items")
    delta, lse2 = torch.empty(planned.stats, device=q.device, dtype=torch.float32).unbind(0)
    stat_descs = (Tma(lse2, 1, STAT_BOX, stat_view), Tma(delta, 1, STAT_BOX, stat_view))
    lse = lse if lse.is_contiguous() else lse.contiguous()
    ints, grids, constexprs = planned.ints, planned.grids, planned.constexprs
    hq, hkv = planned.heads
    ls = scale * LOG2E
    if planned.fused:
        dq_acc = torch.empty(planned.dq_acc, device=q.device, dtype=torch.float32)  # type: ignore[arg-type]
        launch(
            attn_bwd_preprocess_kernel, grids["stats"],
            (o, do, lse, delta, lse2, dq_acc, dq_items, *ints["stats"]),
            constexprs["stats"], LAUNCH_OPTIONS, bound, planned.names["stats"],
        )  # fmt: skip
        q64, k64, v64, do64 = (Tma(t, 64, 0, packed_view) for t in (q, k, v, do))
        launch(
            gluon_varlen_bwd_fused_kernel, grids["fused"],
            (q64, k64, v64, do64, *stat_descs, Tma(dq_acc, 64, q.shape[-1] // 2, batch_of_one), dk, dv,
             kv_items, *ints["dkdv"], ls, scale, hq, hkv),
            constexprs["fused"], LAUNCH_OPTIONS, bound, planned.names["fused"],
        )  # fmt: skip
        if constexprs["unfrag"]:
            launch(
                dq_unfrag_varlen_kernel, grids["unfrag"], (dq_acc, dq, dq_items, *ints["unfrag"]),
                constexprs["unfrag"], LAUNCH_OPTIONS, bound, "dq_unfrag_varlen",
            )  # fmt: skip
        else:
            dq.copy_(dq_acc.transpose(0, 1))
    else:
        cols = 64 if constexprs["dq"].get("CHUNKS", 1) > 1 else 0  # Q/K boxes: 64-column chunks at 192
        q64, do64 = Tma(q, 64, cols, packed_view), Tma(do, 64, 0, packed_view)
        block_n = planned.dq_block_n
        launch(
            gluon_varlen_dq_kernel, grids["dq"],
            (q64, Tma(k, block_n, cols, packed_view), Tma(v, block_n, 0, packed_view), do64, dq, o, do, lse,
             lse2, delta, dq_items, *ints["dq"], ls, scale, hq, hkv, planned.total_q, planned.stats[2]),
            constexprs["dq"], LAUNCH_OPTIONS, bound, "gluon_varlen_dq",
        )  # fmt: skip
        launch(
            gluon_varlen_dkdv_kernel, grids["dkdv"],
            (q64, Tma(k, 64, cols, packed_view), Tma(v, 64, 0, packed_view), do64, *stat_descs, dk, dv,
             kv_items, *ints["dkdv"], ls, scale, hq, hkv, *ints["dv"]),
            constexprs["dkdv"], LAUNCH_OPTIONS, bound, "gluon_varlen_dkdv",
        )  # fmt: skip
    if fresh and bound is not None:  # kept once its launches went through
        bound[PLANNED] = planned
    return dq, dk, dv


LAUNCH_OPTIONS = dict(num_warps=4)
