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
dK/dV; no atomics).
"""

from __future__ import annotations

from typing import Any

import torch

from gpuaccel.accel.kernels.dense.direct_launch import Tma
from gpuaccel.accel.kernels.dense.flash_bwd import attn_bwd_preprocess_kernel
from gpuaccel.accel.kernels.dense.flash_fwd import LOG2E
from gpuaccel.accel.kernels.dense.launchers import STAT_PAD, Bound, launch
from gpuaccel.accel.kernels.gluon.bwd import STAT_BOX, determinism_asked
from gpuaccel.accel.kernels.gluon.bwd_fused import dq_unfrag_varlen_kernel
from gpuaccel.accel.kernels.gluon.bwd_kernels import CONSUMER_REGS
from gpuaccel.accel.kernels.gluon.tiles import _packed_view
from gpuaccel.accel.kernels.gluon.varlen_bwd_kernels import (
    ITEM_FIELDS,
    gluon_varlen_bwd_fused_kernel,
    gluon_varlen_dkdv_kernel,
    gluon_varlen_dq_kernel,
)
from gpuaccel.accel.kernels.gluon.varlen_items import stat_rows, varlen_items
from gpuaccel.accel.kernels.tuning.configs import GluonBwdConfig, gluon_bwd_config

TILE_ROWS = STAT_PAD  # rows per program in both kernels; a document's statistics are padded to it
GLUON_VARLEN_BWD_DIMS = (128,)  # D64 measured no faster than tl.* densely; D256 does not fit (tuning.py)


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
    ``GLUON_VARLEN_BWD_DIMS``), the forward's o and natural-log lse ``(Hq, total_q)``. ``out``: contiguous
    buffers of q's, k's and v's shape to write into (the checks poison them). ``fused``: the fused kernel
    or the split pair (None: as :func:`fused_pays` says). ``opts``: the fused kernel's variant (None:
    :data:`FUSED_OPTS`). ``bound``: the call signature's bound launches (the packed call's plan keeps
    them, :func:`accel.kernels.varlen.attention.flash_attention_varlen`): the first call fills it, later
    ones launch every kernel bound; what fixes them (device, causal flag, path, variant, every tensor's
    shape, strides and dtype, 16-byte aligned pointers) must be the same on those calls; the offsets'
    values are read on the GPU every call."""
    total_q, hq, d = q.shape
    hkv = k.shape[1]
    if d not in GLUON_VARLEN_BWD_DIMS:
        raise ValueError(f"the Gluon varlen backward is built for head_dim {GLUON_VARLEN_BWD_DIMS}, got {d}")
    if out is None:
        dq = torch.empty(q.shape, device=q.device, dtype=q.dtype)
        dk = torch.empty(k.shape, device=k.device, dtype=k.dtype)
        dv = torch.empty(v.shape, device=v.device, dtype=v.dtype)
    else:
        dq, dk, dv = out
    if total_q == 0 or k.shape[0] == 0:
        return dq.zero_(), dk.zero_(), dv.zero_()
    batch = cu_q.numel() - 1
    if fused is None:
        fused = fused_pays(k.shape[0])
    opts = FUSED_OPTS if opts is None else opts
    dq_items = varlen_items(cu_q, cu_k, total_q, causal, TILE_ROWS, stats=True, bound=bound, name="dq_items")
    kv_items = varlen_items(cu_q, cu_k, total_q, causal, TILE_ROWS, total_k=k.shape[0], stats=True,
                            bound=bound, name="kv_items")  # fmt: skip
    stat_stride = stat_rows(total_q, batch, TILE_ROWS)
    cfg = gluon_bwd_config(d)
    stats = torch.empty(2, hq, stat_stride, device=q.device, dtype=torch.float32)
    delta, lse2 = stats[0], stats[1]
    stat_descs = tuple(Tma(t.view(1, hq, 1, -1), 1, STAT_BOX) for t in (lse2, delta))
    lse = lse if lse.is_contiguous() else lse.contiguous()
    qv, kv_, vv, dov = (_packed_view(t) for t in (q, k, v, do))
    if fused:
        return _launch_fused(
            (qv, kv_, vv, dov), o, do, lse, (delta, lse2, *stat_descs), (dq_items, kv_items, stat_stride),
            causal, scale, cfg, (dq, dk, dv), opts, bound,
        )  # fmt: skip
    q64, do64 = Tma(qv, 64), Tma(dov, 64)
    launch(
        gluon_varlen_dq_kernel, (dq_items.shape[0], hq),
        (q64, Tma(kv_, cfg.dq_block_n), Tma(vv, cfg.dq_block_n), do64, dq, o, do, lse, lse2,
         delta, dq_items, dq.stride(0), dq.stride(1), o.stride(0), o.stride(1), do.stride(0), do.stride(1),
         scale * LOG2E, scale, hq, hkv, total_q, stat_stride),
        dict(HEAD_DIM=d, BLOCK_N=cfg.dq_block_n, STAGES=cfg.dq_stages, CAUSAL=bool(causal),
             CONSUMER_REGS=CONSUMER_REGS),
        dict(num_warps=4), bound, "gluon_varlen_dq",
    )  # fmt: skip
    launch(
        gluon_varlen_dkdv_kernel, (kv_items.shape[0], hkv),
        (q64, Tma(kv_, 64), Tma(vv, 64), do64, *stat_descs, dk, dv, kv_items, dk.stride(0), dk.stride(1),
         scale * LOG2E, scale, hq, hkv),
        dict(HEAD_DIM=d, STAGES=cfg.stages, CAUSAL=bool(causal), CONSUMER_REGS=CONSUMER_REGS),
        dict(num_warps=4), bound, "gluon_varlen_dkdv",
    )  # fmt: skip
    return dq, dk, dv


def _launch_fused(
    views: tuple[torch.Tensor, ...],
    o: torch.Tensor,
    do: torch.Tensor,
    lse: torch.Tensor,
    stats: tuple[Any, ...],
    items: tuple[torch.Tensor, torch.Tensor, int],
    causal: bool,
    scale: float,
    cfg: GluonBwdConfig,
    out: tuple[torch.Tensor, torch.Tensor, torch.Tensor],
    opts: str = "",
    bound: Bound | None = None,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """The fused packed backward: statistics per document (padded rows lse2 = +inf, delta = 0) with the
    fp32 dQ accumulator zeroed row by row, the fused kernel, dQ cast into ``dq``. The accumulator is
    ``[Hq, total_q, D]``, or with "frag" in ``opts`` (:data:`FUSED_OPTS`) ``[Hq, stat_stride, D]`` in the
    statistics' rows, fragment order, cast back per dQ item. ``views``: q, k, v, dO as ``[1, H, total, D]``;
    ``stats``: delta, lse2 and their two descriptors; ``bound``: the call signature's bound launches."""
    dq, dk, dv = out
    total_q, hq, d = dq.shape
    hkv = dk.shape[1]
    delta, lse2, *stat_descs = stats
    dq_items, kv_items, stat_stride = items
    flags = set(opts.split(":")) - {""}
    groups = [int(f[2:]) for f in flags if f[:2] == "hg" and f[2:].isdigit() and int(f[2:]) > 0]
    if flags - set(VARIANT_OPTS) - {f"hg{g}" for g in groups} or len(groups) + ("hf" in flags) > 1:
        raise ValueError(f"opts takes {', '.join(VARIANT_OPTS)} joined by ':', got {opts!r}")
    frag = "frag" in flags
    group = hkv if "hf" in flags else groups[0] if groups else 0
    if group and hkv % group:
        group = 0  # the plain grid where the groups would not divide the heads
    dq_acc = torch.empty((hq, stat_stride if frag else total_q, d), device=dq.device, dtype=torch.float32)
    launch(
        attn_bwd_preprocess_kernel, (2 * dq_items.shape[0], hq),
        (o, do, lse, delta, lse2, dq_acc, dq_items, 0, o.stride(1), o.stride(0), 0, do.stride(1),
         do.stride(0), hq, total_q, stat_stride),
        dict(HEAD_DIM=d, BLOCK_M=TILE_ROWS // 2, ZERO_DQ=True, ITEM_FIELDS=int(ITEM_FIELDS),
             DQ_AT_STATS=frag),
        dict(num_warps=4), bound, "varlen_stats_zero_dq" + "_at_stats" * frag,
    )  # fmt: skip
    n_kv = kv_items.shape[0]
    launch(
        gluon_varlen_bwd_fused_kernel, (n_kv * hkv,) if group else (n_kv, hkv),
        (*(Tma(t, 64) for t in views), *stat_descs, Tma(dq_acc.unsqueeze(0), 64, d // 2), dk, dv, kv_items,
         dk.stride(0), dk.stride(1), scale * LOG2E, scale, hq, hkv),
        dict(HEAD_DIM=d, STAGES=cfg.stages, CAUSAL=bool(causal), CONSUMER_REGS=CONSUMER_REGS,
             DELTA_IN_ACC="dacc" in flags, STATS_FIRST="sf2" in flags, FRAG=frag, HEAD_GROUP=group),
        dict(num_warps=4), bound, "gluon_varlen_bwd_fused" + "".join(f"_{f}" for f in sorted(flags)),
    )  # fmt: skip
    if frag:
        launch(
            dq_unfrag_varlen_kernel, (2 * dq_items.shape[0], hq),
            (dq_acc, dq, dq_items, dq.stride(0), dq.stride(1), stat_stride),
            dict(HEAD_DIM=d, ITEM_FIELDS=int(ITEM_FIELDS)), dict(num_warps=4), bound, "dq_unfrag_varlen",
        )  # fmt: skip
    else:
        dq.copy_(dq_acc.transpose(0, 1))
    return dq, dk, dv
