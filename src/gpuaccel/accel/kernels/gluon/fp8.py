"""FP8 (e4m3) attention forward for Hopper (sm_90) in Gluon, on the bf16 forward's warp-specialised shape.

Why it is shaped this way: the structure is :mod:`accel.kernels.gluon.fwd`'s (one TMA producer warp, two
independent 64-row consumer warpgroups, mbarrier K/V ring, persistent grid, longest-first causal order),
and its producer and consumer partitions run here with their FP8 switches on; this module holds the
kernel's shared memory (V^T tiles), its configurations and launcher. What FP8 changes:
- Inputs come from :func:`accel.kernels.fp8.attention.quantize_fp8` with 64-row Q blocks (one scale per
  consumer tile) and BLOCK_N-row K blocks, so each score tile is rescaled by one scalar, folded into the exp2
  scale; V arrives transposed ([B, H, D, N]) because fp8 wgmma takes only K-major B operands, and its
  per-column scale multiplies O once at the end.
- QK^T and PV are e4m3 wgmma (k = 32); P is cast to e4m3 in registers as PV's A operand, with no
  shuffles: V^T's keys are stored in the order the A fragment holds them (``gluon_fwd_steps._p_operand``).
- P is scaled by 256 before its cast (small probabilities stay out of e4m3's subnormals); the factor rides
  in the exponent (2**8 subtracted from the row max), so it costs no multiply and cancels in O = acc / l.
- Key blocks of 128 or more run each block's PV inside the block (``INLINE_PV``): no P is carried to the
  next step, which frees the registers for 256-key blocks (D64) or a third consumer warpgroup (D128), and
  it measured faster than FlashAttention-3's order even with two consumers and 128 keys; the 64-key D256
  blocks keep that order, which measured faster there. D64 causal calls up to 4096 keys run two programs an
  SM (:data:`D64_CAUSAL`: 64-key blocks, PV inside each, under an 80-register cap), as the bf16 forward's
  short D64 calls do. D128's two consumers, causal three, and D64's two
  take turns to issue those wgmmas (:func:`with_turns`): FP8's softmax weighs twice bf16's against its
  matmuls.
- Non-causal tiles are all alike, so a grid of T tiles on P SMs runs ceil(T/P) rounds for T/P of work (11
  for 10.4 at D128 N 8k-16k). Where the cost model says it pays (:func:`accel.kernels.gluon.sched.
  split_pieces`), the last round's tiles are cut along the keys, one piece a program, and a second launch
  merges their partial O and LSE (:mod:`accel.kernels.gluon.merge`): +3 % at 2,16,8192 and 1,16,16384
  D128 on an H100 (docs/kernels-log.md, 2026-11-26, later). Causal tiles keep the longest-first table.
"""

from __future__ import annotations

from dataclasses import replace

import torch
from triton.experimental import gluon
from triton.experimental.gluon import language as gl

from gpuaccel.accel.kernels.dense.direct_launch import Tma
from gpuaccel.accel.kernels.dense.flash_fwd import LOG2E
from gpuaccel.accel.kernels.dense.launchers import PLANNED, Bound, cdiv, launch, padded_head_dim, sm_count
from gpuaccel.accel.kernels.gluon.fwd import V_CHUNK_COLS, _forward
from gpuaccel.accel.kernels.gluon.merge import launch_split_merge, split_scratch
from gpuaccel.accel.kernels.gluon.sched import CONSUMER_ROWS
from gpuaccel.accel.kernels.gluon.tiles import CONSUMER_REGS, TWO_PER_SM_REGS, split_tile_walk, tile_walk
from gpuaccel.accel.kernels.tuning.configs import GluonFwdConfig, tall_tiles_waste

# Per padded head_dim. Blocks of 128 keys or more run each block's PV inside the block, so they carry no
# P across the loop and D64 fits 256-key blocks, D128 three consumers at 160 registers with 128-key ones.
# Kernel-only TFLOP/s on an H100 (fp8_inline_ab_20261124.json, fp8_c3_ab_20261124.json): D128 at
# 2,16,8192 non-causal / causal 911 / 745-783 with three consumers and 128 keys, 846-879 / 767 with two
# and 256 keys, 770 / 708 for two with 128 keys in FlashAttention-3's order; three consumers lose only at
# 4,16,4096 causal (624-629 against 648-654). D64 at 2,16,8192: 560 / 497 with 256 keys against 458 / 441.
# D256 keeps 64-key blocks (its 64 x 256 fp32 O accumulator bounds the registers) in FlashAttention-3's
# order (827 vs 807 inline at 8,8,2048). K's scales are per block: 128-key blocks keep the outlier RMSE
# of 256-key ones lower (8.24e-3 against 8.31e-3).
GLUON_FP8_CONFIGS = {64: GluonFwdConfig(256, 2), 128: GluonFwdConfig(128, 3, 3), 256: GluonFwdConfig(64, 2)}
INLINE_PV_MIN_BLOCK = 128  # key blocks this long or longer run PV inside the block
GLUON_FP8_HEAD_DIMS = tuple(GLUON_FP8_CONFIGS)
# D64 causal calls of up to D64_CAUSAL_SEQ queries and keys run two programs an SM (64-key blocks, two
# stages, PV inside each block, the launch's 80-register cap: gluon.tiles.TWO_PER_SM_REGS), not one with
# 128- or 256-key blocks (gluon_fp8_config)
D64_CAUSAL = GluonFwdConfig(64, 2, ctas_per_sm=2)
D64_CAUSAL_SEQ = 4096


@gluon.jit
def gluon_attn_fp8_kernel(q_desc, k_desc, v_desc, o_ptr, lse_ptr, qs_ptr, ks_ptr, vs_ptr, stride_ob,
                          stride_oh, stride_on, qk_scale, heads_q, group, seq_q, seq_k, num_m, bh_total,
                          group_heads, num_tiles, sched_ptr, sched_len, part_o, part_lse, ds_sb, ds_sh,
                          HEAD_DIM: gl.constexpr, BLOCK_N: gl.constexpr, STAGES: gl.constexpr,
                          CAUSAL: gl.constexpr, CONSUMERS: gl.constexpr, CONSUMER_REGS: gl.constexpr,
                          INLINE_PV: gl.constexpr, SPLIT: gl.constexpr, RESCALE: gl.constexpr = 0.0,
                          RESCALE_WARP: gl.constexpr = False, Q_BUFS: gl.constexpr = 1,
                          V_GIVEN: gl.constexpr = False, O_RECIP: gl.constexpr = False,
                          PINGPONG: gl.constexpr = False, FIRST_FULL: gl.constexpr = False,
                          VT_SPLIT: gl.constexpr = True):  # fmt: skip
    _forward(q_desc, k_desc, v_desc, o_ptr, lse_ptr, qs_ptr, ks_ptr, vs_ptr, stride_ob, stride_oh, stride_on,
             qk_scale, heads_q, group, seq_q, seq_k, num_m, bh_total, group_heads, num_tiles, sched_ptr,
             sched_len, sched_ptr, 1, 0, HEAD_DIM, BLOCK_N, STAGES, CAUSAL, CONSUMERS, CONSUMER_REGS,
             True, False, INLINE_PV, Q_BUFS, False, None, SPLIT, part_o, part_lse, RESCALE=RESCALE,
             RESCALE_WARP=RESCALE_WARP, O_RECIP=O_RECIP, PINGPONG=PINGPONG, FIRST_FULL=FIRST_FULL,
             V_GIVEN=V_GIVEN, ds_sb=ds_sb, ds_sh=ds_sh, VT_SPLIT=VT_SPLIT)  # fmt: skip


# ---------------------------------------------------------------------------------------------- host side


# Score pairs (B x Hq x Nq x Nk, halved causal) up to which an e4m3 call's kernel transposes V itself
# (``launch_gluon_fp8``'s ``descale_strides``): one launch instead of the transpose's and the kernel's.
# The in-kernel transpose costs its warps' issue slots in every key block (kernel-only ~10 % at 2,16,8192
# and 1,16,16384 D128 on an H200), against a fixed saving of a launch and two allocations (~8-10 us):
# planned calls, do_bench ms main / in-kernel (docs/kernels-log.md, 2026-11-30, thirty-eighth session):
# 4,16,1024 causal 0.061 / 0.054, 8,16,1024 causal 0.108 / 0.101, non-causal 0.125 / 0.128,
# 2,16,8192 1.17 / 1.29.
V_IN_KERNEL_PAIRS = 100_000_000
# D64 causal calls on two programs an SM (:data:`D64_CAUSAL`) of at most this many queries and keys, without
# grouped heads: V transposed in the kernel up to :data:`D64_V_IN_KERNEL_PAIRS` score pairs. There a V block
# is transposed once a 128-row tile that reads it (8 tiles on average at 2048 causal) against the V^T
# launch's pass over V; on an H200 (docs/kernels-log.md, 2026-12-01, forty-fourth session; do_bench ms of
# the e4m3 call, 9 alternated rounds, V^T's own launch / in the kernel, faster in every round; bf16 call):
# 4,16,2048 0.0951 / 0.0913 (0.0941), 8,16,2048 0.1806 / 0.1738 (0.1778); at 4096 level: 2,16,4096 0.1567 /
# 0.1570 (2 of 9 rounds), so longer calls keep the plain bound.
D64_V_IN_KERNEL_SEQ = 2048
D64_V_IN_KERNEL_PAIRS = 3 * V_IN_KERNEL_PAIRS


def transposes_v(q: torch.Tensor, k: torch.Tensor, causal: bool, sms: int | None = None) -> bool:
    """Whether an e4m3 call on q [B, Hq, Nq, D], k [B, Hkv, Nk, D] runs the kernel's own V transpose: below
    :data:`V_IN_KERNEL_PAIRS` score pairs, where the call's launches cost more than the transpose's issue
    slots inside the kernel; and up to twice that where the one launch also runs other tiles: a
    non-causal call whose three consumers' 192-row tiles pad its queries, which with V given runs two
    consumers' 128-row tiles (:func:`gluon_fp8_config`'s ``v_given``) and pads nothing. On an H200
    (docs/kernels-log.md, 2026-11-30, forty-first session; do_bench ms, two launches / one, 7 alternated
    rounds): 8,16,1024,128 0.1248 / 0.1218 (every round faster); at the same pair count without the
    retiling one launch lost or was level (2,16,2048 non-causal 0.1068 / 0.1089, 1,16,4096 causal 0.1268 /
    0.1277), so those keep two; 4,16,2048 causal measured 0.1532 / 0.1463 (not taken: one shape). D64 causal
    calls on two programs an SM of up to :data:`D64_V_IN_KERNEL_SEQ` queries and keys (``sms``:
    :func:`gluon_fp8_config`'s) run it up to :data:`D64_V_IN_KERNEL_PAIRS`."""
    b, hq, nq, d = q.shape
    pairs = b * hq * nq * k.shape[2]
    pairs = pairs // 2 if causal else pairs
    if pairs <= V_IN_KERNEL_PAIRS:
        return True
    if (
        causal
        and padded_head_dim(d) == 64
        and k.shape[1] == hq
        and max(nq, k.shape[2]) <= D64_V_IN_KERNEL_SEQ
        and pairs <= D64_V_IN_KERNEL_PAIRS
    ):
        return gluon_fp8_config(64, q, True, sms, seq_k=k.shape[2]).ctas_per_sm == 2
    cfg = GLUON_FP8_CONFIGS.get(padded_head_dim(d))
    retiled = not causal and cfg is not None and cfg.consumers == 3 and tall_tiles_waste(nq)
    return retiled and pairs <= 2 * V_IN_KERNEL_PAIRS


def gluon_fp8_config(
    head_dim: int,
    q: torch.Tensor | None = None,
    causal: bool = False,
    sms: int | None = None,
    v_given: bool = False,
    seq_k: int | None = None,
) -> GluonFwdConfig:
    """The head dim's configuration (:data:`GLUON_FP8_CONFIGS`); for a causal call on queries ``q``
    [B, H, N, D], three consumers (192-row tiles) drop to two (128 rows) where the taller tiles pad the
    queries more than :data:`~accel.kernels.tuning.configs.TILE_WASTE` x the 128-row tiling: the padded
    rows sit in each head's last tile, the one that walks every key. Each row runs the same steps either
    way (64-row consumer slices, the same scale blocks, no key split causal): o and lse bit for bit.
    Kernel-only on an H200 (benchmarks/fp8_config_ab.py, docs/kernels-log.md, 2026-11-30, thirty-seventh
    session; TFLOP/s, three against two consumers): causal 8,16,1024,128 311 / 346, 4,16,1024 293 / 318,
    1,16,512 55 / 65. Non-causal kept three (8,16,1024 603 / 566, 4,16,1024 543 / 518; 1,16,512 119 / 137,
    but there two consumers could cut the grid's tail along the keys differently, other bytes, in a call
    its host time bounds; but see ``v_given``), as do causal calls from Nq 2048 (at most 3 % padding),
    where it was tuned.

    Where those two-consumer tiles outnumber the programs (``sms``: the persistent grid's, q's device's SM
    count when None), each tile's Q also loads during the tile before (``q_bufs`` = 2, as the bf16
    forward's D128 calls do): the tiles are short (1 to 8 key blocks at Nq 1024), and with one buffer a
    consumer waited a whole Q load at every tile's start (ncu at 8,16,1024: per-tile code 60 % of the
    consumers' stall samples against bf16's 49 %, its long-scoreboard stalls 2.5x bf16's, the Q barrier's
    wait the largest). The first key block then takes the masked softmax
    (:func:`accel.kernels.gluon.fwd._consumer_tile`): o within e4m3 P rounding of one buffer's, not bit
    for bit. On an H200 (docs/kernels-log.md, 2026-11-30, thirty-ninth session; kernel us, one buffer /
    two): the e4m3 call 8,16,1024 95.8 / 87.1, 4,16,1024 50.0 / 46.4; pre-quantised, do_bench TFLOP/s
    345 / 365, 322 / 331. With one tile a program (1,16,512: 64 tiles) there is no next Q: level there
    (12.6 / 12.7 us), so one buffer.

    ``v_given`` (an e4m3 call whose kernel transposes V itself, :func:`transposes_v`): a non-causal call
    whose 192-row tiles waste that much also runs two consumers, with two Q buffers. There each head's last
    192-row tile walked every key for 128 padding rows (11 % of the consumer slices at Nq 1024) while the
    in-kernel transposer bounds the tile; 128-row tiles pad nothing. On an H200 (docs/kernels-log.md,
    2026-11-30, fortieth session: 128-row FP8 tiles; do_bench ms / kernel us, three consumers / two):
    4,16,1024 0.0666 / 0.0653, 62.0 / 61.4; 1,16,512 0.0181 / 0.0157, 14.7 / 12.2. With V transposed by
    its own launch (8,16,1024) two consumers were slower (kernel 120.8 / 124.4 us): three stay.

    D64 causal calls of up to :data:`D64_CAUSAL_SEQ` queries and keys (``seq_k``: the keys, q's length when
    None) whose 128-row tiles outnumber the SMs run :data:`D64_CAUSAL`: two 12-warp programs an SM under the
    launch's 80-register cap, 64-key blocks (128-key ones do not build at 80 registers: ptxas asks for 90),
    two stages, PV inside each block, the turns and the reciprocal. There one program an SM (168 registers)
    was latency-bound: it issued as many instructions as the bf16 forward, which runs two programs an SM, with
    half its warps (ncu, 8,16,1024 causal, the e4m3 call's one launch; one program with 128-key blocks / two /
    bf16: 129,694 / 105,948 / 96,701 cycles, 0.54 / 1.10 / 1.05 eligible warps a scheduler, issue slots 36.9 /
    48.7 / 48.0 % busy, 25.1 / 27.1 / 24.3 M instructions). Other key blocks, another summation order: o
    within the e4m3 kernel's error (fp32 reference on the dequantised inputs: relative L2 0.68-0.70x a plain
    PyTorch e4m3 implementation's, as before). FA3's e4m3 call on an H200 (docs/kernels-log.md, 2026-12-01,
    forty-third session; do_bench ms, 9 alternated rounds, before / two programs, faster in every round; bf16
    call): 4,16,1024 0.0390 / 0.0349 (0.0327), 8,16,1024 0.0678 / 0.0609 (0.0570), 2,16,2048 0.0541 / 0.0522
    (0.0508), 4,16,2048 0.1056 / 0.0963 (0.0944), 4,32,4096 0.6279 / 0.5916 (0.6398). Past the bound one
    program with 256-key blocks was faster in every round: 2,32,8192 1.0476 / 1.0790, 1,16,16384 0.9607 /
    1.0298. With no more tiles than SMs one program an SM stays: 1,16,512 (64 tiles, host-bound) measured
    0.0148 / 0.0146, faster in 6 of 9 rounds, slower in 2. Non-causal calls keep 256-key blocks (two programs:
    4,16,1024 0.0499 / 0.0489 and 16,16,512 0.0600 / 0.0560 in every round, 2,16,1024 8 of 9, but 1,16,2048
    0.0447 / 0.0461 and the two-launch 8,16,1024 and 2,16,2048 slower)."""
    if head_dim not in GLUON_FP8_CONFIGS:
        raise ValueError(f"the Gluon FP8 forward is built for head_dim {GLUON_FP8_HEAD_DIMS}, got {head_dim}")
    cfg = GLUON_FP8_CONFIGS[head_dim]
    if q is not None and causal and head_dim == 64 and max(q.shape[2], seq_k or 0) <= D64_CAUSAL_SEQ:
        tiles = q.shape[0] * q.shape[1] * cdiv(q.shape[2], D64_CAUSAL.consumers * CONSUMER_ROWS)
        if tiles > (sm_count(q.device) if sms is None else sms):
            cfg = D64_CAUSAL
    if q is not None and cfg.consumers == 3 and tall_tiles_waste(q.shape[2]):
        if causal:
            tiles = q.shape[0] * q.shape[1] * cdiv(q.shape[2], 2 * CONSUMER_ROWS)
            programs = sm_count(q.device) if sms is None else sms
            cfg = replace(cfg, consumers=2, q_bufs=2 if tiles > programs else 1)
        elif v_given:
            cfg = replace(cfg, consumers=2, q_bufs=2)
    return with_turns(cfg, head_dim, causal)


def with_turns(cfg: GluonFwdConfig, head_dim: int, causal: bool) -> GluonFwdConfig:
    """``cfg`` with the consumers' turns (``pingpong``, :func:`fp8_takes_turns`) and O's reciprocal epilogue
    (``o_recip``) where they measured faster: D128 calls on two consumers (the short shapes' 128-row tiles)
    and causal calls on three, and D64 (two consumers, 256-key blocks) causal and not. FP8's wgmmas take
    half bf16's pipe time, so its softmax weighs twice as much and the consumers waited on their own
    matmuls; the turns set one's softmax under the other's wgmmas. On an H200 (docs/kernels-log.md,
    2026-11-30, forty-first session (third); do_bench ms of the e4m3 call, shipped / both): 4,16,1024,128
    0.0659 / 0.0632, 8,16,1024 0.1222 / 0.1172, causal 0.0910 / 0.0876, 4,16,1024 causal 0.0500 / 0.0482,
    2,16,8192 causal 0.727 / 0.667, 1,16,16384 causal 1.310 / 1.213; D64 (forty-second session; the kernel
    on pre-quantised inputs, ms, 9 alternated rounds, faster in every one): 4,32,4096,64 0.961 / 0.929,
    causal 0.642 / 0.603, 2,32,8192,64 1.864 / 1.794, causal 1.107 / 1.016; 1,16,16384,64 causal 1.034 /
    0.946, non-causal 1.798 / 1.789 (7 of 9 rounds); the e4m3 call 4,4096,32,64 0.986 / 0.962, causal
    0.668 / 0.634, 8,1024,16,64 causal 0.0786 / 0.0767. o and lse bit for bit.
    Non-causal three consumers go without: level in an 11-round A/B of the kernel (forty-second session:
    time / shipped's 0.980 / 0.999 / 1.001 at 4,16,4096 / 2,16,8192 / 1,16,16384, faster in 5-8 of 11
    rounds; ncu: the turns' waits took the place of the wgmma waits they removed), as does D256 (its 64-key
    blocks carry P: no turns built)."""
    if (head_dim == 128 and (causal or cfg.consumers == 2)) or head_dim == 64:
        return replace(cfg, pingpong=True, o_recip=True)
    return cfg


def fp8_takes_turns(cfg: GluonFwdConfig, causal: bool, split: bool) -> bool:
    """Whether an FP8 launch with ``cfg`` builds ``PINGPONG`` (``cfg.pingpong``): the consumers' turns
    (:func:`accel.kernels.gluon.fwd_steps._turn`) in the step that runs each block's PV inside the block,
    two or three consumers; causal slices with fewer key blocks take empty turns, so a causal key split
    (which the launcher never builds) would not pair them. The 64-key D256 blocks (P carried) go without:
    their FP8 step was not built with turns."""
    return cfg.pingpong and runs_pv_inline(cfg) and cfg.consumers in (2, 3) and not (causal and split)


def runs_pv_inline(cfg: GluonFwdConfig) -> bool:
    """Whether a launch with ``cfg`` runs each key block's PV inside the block (``INLINE_PV``): key blocks of
    :data:`INLINE_PV_MIN_BLOCK` or more, and any under two programs per SM (no P carried under the cap)."""
    return cfg.block_n >= INLINE_PV_MIN_BLOCK or cfg.ctas_per_sm == 2


def launch_gluon_fp8(
    q8: torch.Tensor,
    k8: torch.Tensor,
    vt8: torch.Tensor,
    scales: tuple[torch.Tensor, torch.Tensor, torch.Tensor] | tuple[int, int, int],
    o: torch.Tensor,
    lse: torch.Tensor,
    causal: bool,
    scale: float,
    cfg: GluonFwdConfig,
    bound: Bound | None = None,
    split: int | None = None,
    descale_strides: tuple[int, int] | None = None,
) -> None:
    """Run the FP8 forward into ``o`` (q's shape, bf16/fp16, unit last stride) and ``lse`` [B, Hq, Nq].

    q8/k8: e4m3 [B, H, N, D]; vt8: e4m3 [B, Hkv, D, Nk padded to 32] with its keys in the Gluon order
    (``fp8.quantize_fp8(..., key_order=True)``); scales: Q's per 64-row block [B*Hq, cdiv(Nq, 64)], K's
    per ``cfg.block_n``-row block, V's per (head, column); a planned call (``bound`` holding ``PLANNED``)
    may give them as their addresses (integers), which its bound launch takes as it takes a tensor's.
    ``split``: into how many key ranges the tiles of the grid's last round are cut (non-causal, key blocks
    of ``INLINE_PV_MIN_BLOCK`` or more; merged by a second launch, :mod:`accel.kernels.gluon.merge`): None
    as the cost model says (:func:`accel.kernels.gluon.sched.split_pieces`), 1 never (one launch).
    With ``bound`` (a call signature's) the second and later calls repeat the first one's launches with
    their own tensors and scale, the checks, tiles and walk kept under ``PLANNED``.
    ``descale_strides`` (an e4m3 call's, FlashAttention-3's convention): ``vt8`` is V as given, e4m3 [B,
    Hkv, Nk, D], which the kernel transposes itself (``V_GIVEN``), and ``scales`` are the fp32 q/k/v
    descales, one per (batch, kv head) at these (batch, head) strides, shared by the three: one launch."""
    planned = bound.get(PLANNED) if bound is not None else None
    if planned is not None:  # what the call signature fixed: the bound launch, tiles and walk, the cut
        again, block_n, walk, cut, tile_rows = planned
        part = split_scratch(cut[0] * cut[2], tile_rows, q8.shape[3], o.device) if cut else (lse, lse)
        v_tma = Tma(vt8, block_n, V_CHUNK_COLS) if descale_strides else Tma(vt8, q8.shape[3], block_n)
        again(Tma(q8, CONSUMER_ROWS), Tma(k8, block_n), v_tma, o, lse, *scales, o.stride(0), o.stride(1),
              o.stride(2), scale * LOG2E, *walk, *part, *(descale_strides or (0, 0)))  # fmt: skip
        if cut:
            launch_split_merge(part, o, lse, walk[4], cut, bound)
        return
    two = cfg.ctas_per_sm == 2
    if cfg.ctas_per_sm not in (1, 2) or cfg.o_tma or (two and (cfg.consumers, q8.shape[3]) != (2, 64)):
        # O by TMA stages O in the tile's Q buffer, whose e4m3 elements cannot hold it. Two programs per SM
        # (the launch's register cap, TWO_PER_SM_REGS) fit D64's two consumers, PV inside each block.
        raise ValueError(
            "the FP8 forward takes O from registers and one program per SM (two: D64, two consumers), "
            f"got {cfg}"
        )
    if cfg.q_bufs not in (1, 2):
        raise ValueError(f"the FP8 forward takes one or two Q buffers per consumer, got {cfg.q_bufs}")
    if cfg.consumers not in CONSUMER_REGS:
        raise ValueError(f"the Gluon FP8 forward takes {tuple(CONSUMER_REGS)} consumers, got {cfg.consumers}")
    nq, d = q8.shape[2], q8.shape[3]
    nk = k8.shape[2]
    q_scale, k_scale, v_scale = scales
    if descale_strides is not None:
        v_tma = Tma(vt8, cfg.block_n, V_CHUNK_COLS)
        if d % V_CHUNK_COLS:
            raise ValueError(f"V as given takes a head_dim that is a multiple of {V_CHUNK_COLS}, got {d}")
    else:
        v_tma = Tma(vt8, d, cfg.block_n)
    if descale_strides is None and (
        q_scale.shape[-1] != cdiv(nq, CONSUMER_ROWS) or k_scale.shape[-1] != cdiv(nk, cfg.block_n)
    ):
        raise ValueError(
            f"Q/K scales must be per {CONSUMER_ROWS}/{cfg.block_n}-row block, got {q_scale.shape[-1]} and "
            f"{k_scale.shape[-1]} blocks for Nq {nq}, Nk {nk}"
        )
    inline = runs_pv_inline(cfg)
    cut = None
    if causal or not inline or split == 1 or two:  # causal tiles: the host's longest-first table
        programs, walk = tile_walk(q8, k8, causal, cfg.block_n, cfg.consumers, bound, cfg.ctas_per_sm)
    else:
        programs, walk, cut = split_tile_walk(q8, k8, cfg.block_n, cfg.consumers, bound, split)
    tile_rows = cfg.consumers * CONSUMER_ROWS
    part = split_scratch(cut[0] * cut[2], tile_rows, d, o.device) if cut else (lse, lse)
    cap, regs = TWO_PER_SM_REGS if two else (None, CONSUMER_REGS[cfg.consumers])
    launch(
        gluon_attn_fp8_kernel, (programs,),
        (Tma(q8, CONSUMER_ROWS), Tma(k8, cfg.block_n), v_tma, o, lse, q_scale, k_scale, v_scale,
         o.stride(0), o.stride(1), o.stride(2), scale * LOG2E, *walk, *part, *(descale_strides or (0, 0))),
        dict(HEAD_DIM=d, BLOCK_N=cfg.block_n, STAGES=cfg.stages, CAUSAL=bool(causal),
             CONSUMERS=cfg.consumers, CONSUMER_REGS=regs, INLINE_PV=inline,
             SPLIT=cut is not None, RESCALE=float(cfg.rescale_log2),
             RESCALE_WARP=cfg.rescale_warp, Q_BUFS=cfg.q_bufs, V_GIVEN=descale_strides is not None,
             O_RECIP=cfg.o_recip, PINGPONG=fp8_takes_turns(cfg, bool(causal), cut is not None),
             FIRST_FULL=cfg.first_full and inline, VT_SPLIT=cfg.vt_split),
        dict(num_warps=4, maxnreg=cap) if two else dict(num_warps=4), bound,
        "gluon_fp8_split" if cut else "gluon_fp8",
    )  # fmt: skip
    if cut:
        launch_split_merge(part, o, lse, walk[4], cut, bound)
    name = "gluon_fp8_split" if cut else "gluon_fp8"
    if bound is not None and name in bound:
        bound[PLANNED] = (bound[name], cfg.block_n, walk, cut, tile_rows)
