"""Attention backward on Hopper (sm_90): the host side of the Gluon kernels.

Two designs, chosen per call by :func:`fused_pays`:
- "fused" (:mod:`accel.kernels.gluon.bwd_fused`): one pass over the key blocks computes dK, dV and dQ,
  5 matmuls per (query block, key block) pair; dQ is summed in an fp32 accumulator by TMA reduce-adds
  from every key block's program, so its last bits depend on their order. Three launches: the statistics
  (which also zero the accumulator), the kernel, dQ cast to the inputs' dtype.
- "split" (:mod:`accel.kernels.gluon.bwd_kernels`; deterministic: every gradient element is summed by one
  program in a fixed order): the dQ kernel runs first and also writes the row statistics (delta =
  rowsum(dO * O), lse in log2 units) that the dK/dV kernel reads, so there is no separate preprocess pass
  and no fp32 accumulator; it recomputes S and dP (7 matmuls per pair) but costs two launches, which is
  what short calls need. It runs below ``FUSED_FROM`` and whenever determinism is asked for
  (``torch.use_deterministic_algorithms(True)``, or ``deterministic=True`` through flash-attn's interface).
At D256 the dQ kernel is the tl.* one (it also writes the statistics) and dK/dV the by-gradient kernel of
:mod:`accel.kernels.gluon.bwd_d256`; both take v's own head dim. At q/k 192 (MLA's 192/128,
``tuning.GLUON_BWD_VALUE_CONFIGS``) the by-gradient dK/dV kernel runs after the Gluon dQ kernel of the other
head dims (``GluonBwdConfig.gluon_dq``), both with Q and K in 64-column chunks and v at its own width.
The tl.* backward (:mod:`accel.kernels.dense.flash_bwd`) stays the portable path and the interpreter's.
"""

from __future__ import annotations

from typing import Any

import torch

from gpuaccel.accel.kernels.dense.direct_launch import Tma
from gpuaccel.accel.kernels.dense.flash_fwd import LOG2E
from gpuaccel.accel.kernels.dense.launchers import (
    PLANNED,
    STAT_PAD,
    Bound,
    bwd_stats,
    cdiv,
    laid_out_like,
    launch,
    launch_dq,
    stat_buffers,
)
from gpuaccel.accel.kernels.gluon.bwd_d256 import gluon_bwd_dkdv_d256_kernel
from gpuaccel.accel.kernels.gluon.bwd_fused import dq_unfrag_kernel, dq_unpair_kernel, gluon_bwd_fused_kernel
from gpuaccel.accel.kernels.gluon.bwd_kernels import (
    CONSUMER_REGS,
    gluon_bwd_dkdv_kernel,
    gluon_bwd_dq_kernel,
)
from gpuaccel.accel.kernels.tuning.configs import BwdConfig, GluonBwdConfig, gluon_bwd_config

TILE_ROWS = STAT_PAD  # rows per program in both kernels (two 64-row consumer warpgroups); the dQ tiles
# fill the statistics' padded rows exactly
STAT_BOX = 64  # statistics per (Q, dO) block of the dK/dV kernel, copied by TMA with the block
FUSED_FROM = 4096  # both lengths at least this: the fused backward (H100, gluon_bwd_fused_ab: 1.02-1.19x
# the split pair's backward at N 4096-16384, D64 and D128, causal or not). Below it the split pair: at
# 8,16,2048 causal forward+backward as called measured 1.235 / 1.236 ms fused against 1.205 / 1.189 split,
# and short calls are host-bound, where the split pair's two launches cost less than the fused three
FUSED_HEAD_DIMS = (64, 128)  # what the fused kernel is built for (D256 runs its by-gradient kernels)
BY_GRAD_HEAD_DIMS = (192, 256)  # q/k head dims of the by-gradient dK/dV kernel (192: beside v's 128, chunked)
PAIR_ROWS = True  # where DQ_FRAG is off (D64), the fused kernel stages dQ with rows paired
# (bwd_fused._pair_rows) and the cast puts the accumulator's rows back in order; off: the plain staging (2-way
# conflicts). H100,
# 2026-11-27: the backward alone +1.6-4.2 % at D128, +7-9 % at D64 (docs/kernels-log.md)
DELTA_IN_ACC = True  # the fused kernel starts each block's dP accumulator at -delta (bwd_fused._fused_step),
# so delta is read before dP is issued, not after its wait. H100, 2026-11-27: the backward alone faster in
# 7-9 of 12 alternated rounds non-causal and 4 of 5 causal on every D128 row (median ratio 0.97-1.005),
# 0.96-0.98 at D64 (docs/kernels-log.md)
DQ_FRAG = {64: False, 128: True}  # per head dim, whether the fused kernel stages dQ in its fragment order
# (bwd_fused._frag_order: 16 bytes a thread, 8 STS.128 a block instead of 16 STS.64, 2 address registers
# instead of 8) and the cast (dq_unfrag_kernel) puts the accumulator back in order. D128: ptxas's spills
# 60 -> 0 bytes non-causal, 92 -> 44 causal, which lets the statistics be read first (FENCES[128] "sf2",
# 44 / 108 bytes): H100, 2026-11-27 (eighteenth session), the backward alone faster in 3-5 of 5 rounds on
# every D128 row, median 0.952-0.989 (docs/kernels-log.md). D64: frag alone was mixed (0.958 / 1.009)
FENCES = {64: "dsl:f1:sf2", 128: "sf2"}  # per head dim, where the fused kernel fences its shared-memory
# stores and reads its statistics (launch_gluon_bwd_fused's ``fences``; "": each fence right after its
# stores). The fences' waits were ~23 % of the consumers' stall samples and the statistics' loads ~13 %
# (ncu, D128, 2026-11-27). D64: one fence a block for the dS^T and dQ stores, after dV's wait, and delta
# and lse2 read before S^T is issued: the kernel 4-8 % shorter under ncu, faster in 4-7 of 7 alternated
# rounds on every D64 row (H100, docs/kernels-log.md). D128 with the paired staging: "dsl" measured even and
# the others made ptxas spill 68-184 more bytes per thread (its consumers sit at their register cap), 1-5 %
# slower; with the fragment-order staging (DQ_FRAG) "sf2" pays there (above)
Q_ROWS = {64: 64, 128: 64}  # per head dim, the query rows of each (Q, dO) block the fused kernel streams
# (launch_gluon_bwd_fused's ``q_rows``): 128 reads each key tile's operands from shared memory once per
# twice the rows and pays each block's barriers, fences and statistics half as often (FlashAttention-4's
# sm90 D64 backward streams 128-row blocks); registers allow it at D64 only


def kv_grads_like(k: torch.Tensor, v: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """``(dk, dv)`` as :func:`~accel.kernels.dense.launchers.laid_out_like` gives them where both come out
    with one set of strides (the dK/dV kernels take dk's strides for both), else both contiguous: k and v laid
    out differently (one zero-padded to the run's head dim, the other a view of the caller's) must not share
    strides they do not have."""
    dk, dv = laid_out_like(k), laid_out_like(v)
    if dk.stride() != dv.stride():
        dk, dv = (torch.empty_like(t, memory_format=torch.contiguous_format) for t in (k, v))
    return dk, dv


def determinism_asked(deterministic: bool = False) -> bool:
    """Whether the call (``deterministic``) or torch (``use_deterministic_algorithms``) asks for gradients
    that are bit for bit the same on every call: then no fused backward, whose dQ sums in no fixed order."""
    return deterministic or torch.are_deterministic_algorithms_enabled()


def fused_pays(q: torch.Tensor, k: torch.Tensor, deterministic: bool = False) -> bool:
    """Whether a D64/D128 backward of these shapes runs the fused kernel (see the module docstring)."""
    if determinism_asked(deterministic):
        return False
    return q.shape[-1] in FUSED_HEAD_DIMS and min(q.shape[2], k.shape[2]) >= FUSED_FROM


def launch_gluon_bwd(
    do: torch.Tensor,
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    o: torch.Tensor,
    lse: torch.Tensor,
    causal: bool,
    scale: float,
    cfg: GluonBwdConfig | None = None,
    bound: Bound | None = None,
    out: tuple[torch.Tensor, torch.Tensor, torch.Tensor] | None = None,
    fused: bool | None = None,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """``(dq, dk, dv)`` from prepared inputs (TMA-legal strides; D in ``tuning.GLUON_BWD_HEAD_DIMS``),
    the final ``o`` and natural-log ``lse`` [B, Hq, Nq]: the fused kernel where ``fused`` (None: as
    :func:`fused_pays` says) asks for it, else dQ (which writes the statistics), then dK/dV. ``out``:
    contiguous buffers of q's, k's and v's shape to write into (the checks poison them)."""
    if fused is None:
        fused = fused_pays(q, k)
    if fused:
        return launch_gluon_bwd_fused(do, q, k, v, o, lse, causal, scale, cfg, bound, out)
    planned = bound.get(PLANNED) if bound is not None and out is None else None
    if planned is not None:
        return _launch_planned(planned, do, q, k, v, o, lse, scale)
    b, hq, nq, d = q.shape
    hkv, nk = k.shape[1], k.shape[2]
    cfg = cfg or gluon_bwd_config(d, v.shape[-1])
    if cfg.by_grad != (d in BY_GRAD_HEAD_DIMS):
        raise ValueError(
            f"head_dims {BY_GRAD_HEAD_DIMS} and only they run the by-gradient dK/dV kernel, got D{d}: {cfg}"
        )
    if cfg.by_grad:
        return _launch_d256(do, q, k, v, o, lse, causal, scale, cfg, bound, out)
    stat_stride = cdiv(nq, STAT_PAD) * STAT_PAD
    stat_shape = (2, b, hq, 1, stat_stride)  # delta and lse2, each in the shape the dK/dV kernel's TMA reads
    delta, lse2 = o.new_empty(stat_shape, dtype=torch.float32).unbind(0)
    if out is None:
        dq, (dk, dv) = laid_out_like(q), kv_grads_like(k, v)
    else:
        dq, dk, dv = out
    lse = lse if lse.is_contiguous() else lse.contiguous()
    strides = (*dq.stride()[:3], *o.stride()[:3], *do.stride()[:3])
    dq_ints = (hq, hkv, nq, nk, stat_stride)
    q64, do64 = Tma(q, 64), Tma(do, 64)
    launch(
        gluon_bwd_dq_kernel, (cdiv(nq, TILE_ROWS), b * hq),
        (q64, Tma(k, cfg.dq_block_n), Tma(v, cfg.dq_block_n), do64, dq, o, do, lse, lse2, delta, *strides,
         scale * LOG2E, scale, *dq_ints),
        dict(HEAD_DIM=d, BLOCK_N=cfg.dq_block_n, STAGES=cfg.dq_stages, CAUSAL=bool(causal),
             CONSUMER_REGS=CONSUMER_REGS),
        dict(num_warps=4), bound, "gluon_dq",
    )  # fmt: skip
    dk_strides = dk.stride()[:3]
    launch(
        gluon_bwd_dkdv_kernel, (cdiv(nk, TILE_ROWS), b * hkv),
        (q64, Tma(k, 64), Tma(v, 64), do64, Tma(lse2, 1, STAT_BOX), Tma(delta, 1, STAT_BOX), dk, dv,
         *dk_strides, scale * LOG2E, scale, hq, hkv, nq, nk),
        dict(HEAD_DIM=d, STAGES=cfg.stages, CAUSAL=bool(causal), CONSUMER_REGS=CONSUMER_REGS),
        dict(num_warps=4), bound, "gluon_dkdv",
    )  # fmt: skip
    if bound is not None and out is None and {"gluon_dq", "gluon_dkdv"} <= bound.keys():
        launches = bound["gluon_dq"], bound["gluon_dkdv"]
        bound[PLANNED] = (stat_shape, cfg.dq_block_n, strides, dq_ints, dk_strides, dq_ints[:4], *launches)
    return dq, dk, dv


def launch_gluon_bwd_fused(
    do: torch.Tensor,
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    o: torch.Tensor,
    lse: torch.Tensor,
    causal: bool,
    scale: float,
    cfg: GluonBwdConfig | None = None,
    bound: Bound | None = None,
    out: tuple[torch.Tensor, torch.Tensor, torch.Tensor] | None = None,
    lag: int = 1,
    pair_rows: bool | None = None,
    delta_in_acc: bool | None = None,
    fences: str | None = None,
    frag: bool | None = None,
    q_rows: int | None = None,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """``(dq, dk, dv)`` of the fused backward (D64/D128) in three launches: the statistics (and the fp32
    dQ accumulator zeroed), the fused kernel (dQ summed by TMA reduce-adds), dQ cast to the inputs' dtype.
    ``lag`` 1 takes a block's dQ during the next block (measured faster), 0 at once. ``pair_rows`` (None:
    :data:`PAIR_ROWS`): the kernel stages dQ in :func:`bwd_fused._pair_rows`' order, so the accumulator
    holds its rows in that order within each 16 (padded to 16 rows) and the cast reads them back.
    ``delta_in_acc`` (None: :data:`DELTA_IN_ACC`): dP's accumulator starts at -delta. ``fences`` (None:
    :data:`FENCES` of the head dim): where the kernel fences its dS^T and dQ staging stores, "" (each
    right after its stores) or any of "dsl" (dS^T's fence after dV's wait), "f1" (with "dsl": one fence
    after dQ's stores for both), "dqn" (dQ's fence and reduce in the next block, after its S^T and dP
    issues), "sf2" (delta and lse2 read before S^T is issued) joined by ":"
    (:func:`bwd_fused._fused_consumer`). ``frag`` (None: :data:`DQ_FRAG` of the head dim): dQ staged in
    :func:`bwd_fused._frag_order` (the accumulator padded to 64 rows; ``pair_rows`` then unused; 64-row
    blocks only). ``q_rows`` (None: :data:`Q_ROWS` of the head dim): rows per streamed (Q, dO) block, 64
    or 128 (128 at D64 only)."""
    b, hq, nq, d = q.shape
    hkv, nk = k.shape[1], k.shape[2]
    if d not in FUSED_HEAD_DIMS:
        raise ValueError(f"the fused backward is built for head_dim {FUSED_HEAD_DIMS}, got {d}")
    cfg = cfg or gluon_bwd_config(d)
    pair = PAIR_ROWS if pair_rows is None else pair_rows
    in_acc = DELTA_IN_ACC if delta_in_acc is None else delta_in_acc
    opts = set((FENCES[d] if fences is None else fences).split(":")) - {""}
    if opts - {"dsl", "f1", "dqn", "sf2"} or ("f1" in opts and "dsl" not in opts):
        raise ValueError(f"fences takes dsl, f1 (with dsl), dqn, sf2 joined by ':', got {fences!r}")
    frag = DQ_FRAG[d] if frag is None else frag
    q_rows = Q_ROWS[d] if q_rows is None else q_rows
    if q_rows not in (64, 128) or (q_rows == 128 and (d != 64 or frag)):
        raise ValueError(f"q_rows takes 64, or 128 at head_dim 64 without frag; got {q_rows} at D{d}")
    pair = pair and not frag
    rows = cdiv(nq, FRAG_ROWS) * FRAG_ROWS if frag else cdiv(nq, 16) * 16 if pair else nq
    if rows == nq:  # the statistics pass zeroes the accumulator ([B, Hq, Nq, D] rows, whatever their order)
        dq_acc = torch.empty((b, hq, rows, d), device=q.device, dtype=torch.float32)
        delta, lse2, stat_stride = bwd_stats(o, do, lse, bound, zero_dq=dq_acc)
    else:  # paired rows of a ragged length: the padded rows too (one more launch)
        dq_acc = torch.zeros((b, hq, rows, d), device=q.device, dtype=torch.float32)
        delta, lse2, stat_stride = bwd_stats(o, do, lse, bound)
    if out is None:
        dk, dv = kv_grads_like(k, v)
    else:
        dk, dv = out[1], out[2]
    stat4 = (b, hq, 1, stat_stride)
    launch(
        gluon_bwd_fused_kernel, (cdiv(nk, TILE_ROWS), b * hkv),
        (Tma(q, q_rows), Tma(k, 64), Tma(v, 64), Tma(do, q_rows), Tma(lse2.view(stat4), 1, q_rows),
         Tma(delta.view(stat4), 1, q_rows), Tma(dq_acc, q_rows, d // 2), dk, dv, *dk.stride()[:3],
         scale * LOG2E, scale, hq, hkv, nq, nk),
        dict(HEAD_DIM=d, STAGES=cfg.stages, CAUSAL=bool(causal), CONSUMER_REGS=CONSUMER_REGS, LAG=lag,
             PAIR_ROWS=pair, DELTA_IN_ACC=in_acc, DS_LATE="dsl" in opts, ONE_FENCE="f1" in opts,
             DQ_NEXT="dqn" in opts, STATS_FIRST="sf2" in opts, FRAG=frag, Q_ROWS=q_rows),
        dict(num_warps=4), bound,
        ("gluon_bwd_fused_frag" if frag else "gluon_bwd_fused_pair" if pair else "gluon_bwd_fused")
        + "_dacc" * in_acc + "".join(f"_{o}" for o in sorted(opts)) + f"_q{q_rows}" * (q_rows != 64),
    )  # fmt: skip
    if frag:
        dq = out[0] if out is not None else laid_out_like(q)
        return unfrag_dq(dq_acc, dq, bound), dk, dv
    if pair:
        dq = out[0] if out is not None else laid_out_like(q)
        return unpair_dq(dq_acc, dq, bound), dk, dv
    if out is not None:
        return out[0].copy_(dq_acc), dk, dv
    return dq_acc.to(q.dtype), dk, dv


UNPAIR_ROWS = 64  # rows per program of the cast back to row order
FRAG_ROWS = 64  # the fragment-order staging reorders within blocks of this many rows


def unfrag_dq(dq_acc: torch.Tensor, dq: torch.Tensor, bound: Bound | None = None) -> torch.Tensor:
    """Cast the fp32 accumulator staged in fragment order ([B, Hq, rows, D], rows a multiple of 64) into
    ``dq`` ([B, Hq, Nq, D], unit last stride) in row order (:func:`bwd_fused.dq_unfrag_kernel`)."""
    b, hq, nq, d = dq.shape
    launch(
        dq_unfrag_kernel, (cdiv(nq, FRAG_ROWS), b * hq),
        (dq_acc, dq, nq, dq_acc.shape[2], hq, *dq.stride()[:3]),
        dict(HEAD_DIM=d), dict(num_warps=4), bound, "dq_unfrag",
    )  # fmt: skip
    return dq


def unpair_dq(dq_acc: torch.Tensor, dq: torch.Tensor, bound: Bound | None = None) -> torch.Tensor:
    """Cast the paired fp32 accumulator ([B, Hq, rows, D], rows a multiple of 16) into ``dq``
    ([B, Hq, Nq, D], unit last stride) in row order (:func:`bwd_fused.dq_unpair_kernel`)."""
    b, hq, nq, d = dq.shape
    launch(
        dq_unpair_kernel, (cdiv(nq, UNPAIR_ROWS), b * hq),
        (dq_acc, dq, nq, dq_acc.shape[2], hq, *dq.stride()[:3]),
        dict(HEAD_DIM=d, BLOCK_M=UNPAIR_ROWS), dict(num_warps=4), bound, "dq_unpair",
    )  # fmt: skip
    return dq


def _launch_planned(
    planned: tuple[Any, ...],
    do: torch.Tensor,
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    o: torch.Tensor,
    lse: torch.Tensor,
    scale: float,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """A repeated call of one signature: the first call's launches with this call's tensors. Everything
    else the launches take (shapes, strides, the statistics' padded length, the grids) the signature
    fixes: the first call worked it out (the bound launches check the integers again)."""
    stat_shape, block_n, strides, dq_ints, dk_strides, dkdv_ints, bound_dq, bound_dkdv = planned
    delta, lse2 = o.new_empty(stat_shape, dtype=torch.float32).unbind(0)
    dq, (dk, dv) = (
        laid_out_like(q),
        kv_grads_like(k, v),
    )  # strides as the first call's: the signature fixes them
    lse = lse if lse.is_contiguous() else lse.contiguous()
    q64, do64 = Tma(q, 64), Tma(do, 64)
    ls = scale * LOG2E
    bound_dq(q64, Tma(k, block_n), Tma(v, block_n), do64, dq, o, do, lse, lse2, delta, *strides, ls, scale,
             *dq_ints)  # fmt: skip
    bound_dkdv(q64, Tma(k, 64), Tma(v, 64), do64, Tma(lse2, 1, STAT_BOX), Tma(delta, 1, STAT_BOX), dk, dv,
               *dk_strides, ls, scale, *dkdv_ints)  # fmt: skip
    return dq, dk, dv


def _launch_d256(
    do: torch.Tensor,
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    o: torch.Tensor,
    lse: torch.Tensor,
    causal: bool,
    scale: float,
    cfg: GluonBwdConfig,
    bound: Bound | None,
    out: tuple[torch.Tensor, torch.Tensor, torch.Tensor] | None,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """D256: a dQ kernel (it writes the statistics), then the by-gradient Gluon dK/dV kernel; v, dO and o
    may have a head dim of their own (128 beside q/k's 256 or 192: MLA's 192/128), which the kernels take
    as ``HEAD_DIM_V``. At q/k 192 both Gluon kernels read Q and K in 64-column chunks (``CHUNKS`` 3). The
    dQ kernel: the Gluon one of the other head dims where ``cfg.gluon_dq`` (q/k at 192 in chunks, dQ
    written a chunk at a time), else the tl.* one, which runs q/k 192 zero-padded to 256 (its tiles take
    powers of two)."""
    b, hq, nq, d = q.shape
    hkv, nk = k.shape[1], k.shape[2]
    stats = stat_buffers(o)
    lse = lse if lse.is_contiguous() else lse.contiguous()
    dq = laid_out_like(q) if out is None else out[0]
    dk, dv = kv_grads_like(k, v) if out is None else (out[1], out[2])
    delta, lse2, stat_stride = stats
    cols = 0 if d == 256 else 64  # TMA boxes of the whole head dim, or of 64-column chunks at 192
    if cfg.gluon_dq:
        if d != 192:
            raise ValueError(f"the by-gradient backward's Gluon dQ is built for q/k 192, got {d}: {cfg}")
        launch(
            gluon_bwd_dq_kernel, (cdiv(nq, TILE_ROWS), b * hq),
            (Tma(q, 64, cols), Tma(k, cfg.dq_block_n, cols), Tma(v, cfg.dq_block_n), Tma(do, 64), dq, o, do,
             lse, lse2, delta, *dq.stride()[:3], *o.stride()[:3], *do.stride()[:3], scale * LOG2E, scale, hq,
             hkv, nq, nk, stat_stride),
            dict(HEAD_DIM=d, BLOCK_N=cfg.dq_block_n, STAGES=cfg.dq_stages, CAUSAL=bool(causal),
                 CONSUMER_REGS=CONSUMER_REGS, HEAD_DIM_V=v.shape[-1], CHUNKS=3),
            dict(num_warps=4), bound, "gluon_dq",
        )  # fmt: skip
    else:
        dq_cfg = BwdConfig(64, 64, 4, 2, "split", 128, cfg.dq_block_n, 8, cfg.dq_stages)
        if d == 256:
            launch_dq(do, q, k, v, stats, causal, scale, dq_cfg, (o, lse), bound, dq)
        else:  # q/k at 192: the tl.* dQ runs at 256 (its tiles take powers of two), q and k zero-padded
            qp, kp = (torch.nn.functional.pad(t, (0, 256 - d)) for t in (q, k))
            dq.copy_(launch_dq(do, qp, kp, v, stats, causal, scale, dq_cfg, (o, lse), bound)[..., :d])
    launch(
        gluon_bwd_dkdv_d256_kernel, (cdiv(nk, 64), b * hkv),
        (Tma(q, 64, cols), Tma(k, 64, cols), Tma(v, 64), Tma(do, 64),
         *(Tma(t.view(b, hq, 1, stat_stride), 1, STAT_BOX) for t in (lse2, delta)), dk, dv,
         dk.stride(0), dk.stride(1), dk.stride(2), scale * LOG2E, scale, hq, hkv, nq, nk, *dv.stride()[:3]),
        dict(HEAD_DIM=d, STAGES=cfg.stages, CAUSAL=bool(causal), CONSUMER_REGS=CONSUMER_REGS,
             HEAD_DIM_V=v.shape[-1], **({} if d == 256 else {"CHUNKS": 3})),
        dict(num_warps=4), bound, "gluon_dkdv_d256",
    )  # fmt: skip
    return dq, dk, dv
