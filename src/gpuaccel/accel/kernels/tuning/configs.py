"""Kernel configurations and the choice of one per shape bucket.

Why not ``triton.autotune``: the launchers build different grids and buffers per configuration (the
backward's dQ strategy changes which kernels run), so the choice is made here by timing each candidate
with ``triton.testing.do_bench`` on the real inputs. Dense attention choices are made once per *bucket*
(:mod:`accel.kernels.tuning.store`): stored on disk per GPU model and Triton version, shipped for GPUs we
measured, so every process and every shape of a bucket gets the same configuration. ``force`` pins a
configuration (benchmarks, tests), for causal and non-causal calls alike or for one of them: a ring's
diagonal block is causal, its other blocks are not, and the best backward differs between the two.
Under the Triton interpreter one small configuration is used and nothing is timed; nothing is timed
during CUDA graph capture either (the first candidate stands in, unstored).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True)
class FwdConfig:
    block_m: int
    block_n: int
    num_warps: int
    num_stages: int
    warp_spec: bool = False

    def label(self) -> str:
        ws = "-ws" if self.warp_spec else ""
        return f"fwd{self.block_m}x{self.block_n}w{self.num_warps}s{self.num_stages}{ws}"


@dataclass(frozen=True)
class BwdConfig:
    block_m: int  # query rows per step of the dK/dV program
    block_n: int  # keys per dK/dV program
    num_warps: int
    num_stages: int
    dq_mode: str = "atomic"  # "atomic" (fp32 red), "atomic_tma" (TMA reduce), "split" (second kernel)
    dq_block_m: int = 128
    dq_block_n: int = 64
    dq_warps: int = 8
    dq_stages: int = 2

    def label(self) -> str:
        extra = f"+dq{self.dq_block_m}x{self.dq_block_n}w{self.dq_warps}" if self.dq_mode == "split" else ""
        return f"bwd{self.block_m}x{self.block_n}w{self.num_warps}s{self.num_stages}-{self.dq_mode}{extra}"


@dataclass(frozen=True)
class GluonFwdConfig:
    """The warp-specialised Hopper forward: ``consumers`` 64-row consumer warpgroups per tile. Three
    (a 192-row tile) give D64, whose key blocks carry half D128's matmul work for the same exp2 work, a
    third warpgroup's softmax to overlap with the tensor cores (FlashAttention-3's D64 shape)."""

    block_n: int
    stages: int  # K/V ring depth
    consumers: int = 2  # consumer warpgroups: 2 or 3
    ctas_per_sm: int = 1  # 2: registers capped so two persistent programs share an SM (D64, 64-key blocks)
    q_bufs: int = 1  # 2: the next tile's Q loads during this one (short tiles wait for it otherwise)
    o_tma: bool = False  # O leaves through the tile's Q buffer by one TMA store
    # > 0: O and l rescaled only when some row's max grows by more than this (log2 units; FlashAttention-4's
    # conditional rescaling, gluon.fwd_steps._softmax); 0: every block, as FlashAttention-3
    rescale_log2: float = 0.0
    rescale_warp: bool = False  # decide it per warp (a vote and a branch in inline PTX), not per warpgroup
    # each tile's key blocks last first, so a slice's masked blocks (causal diagonal, ragged end) lead and it
    # runs one masked block a tile, not two (gluon.fwd._consumer_tile)
    diag_first: bool = False
    # causal tiles laid from the last query row up: the grid's padding rows come first, where they see no
    # key (a block each), not last, where they walked every key (gluon.tiles._tile_place)
    pad_top: bool = False
    # non-causal: a consumer slice of padding rows alone runs one key block and the host's table balances
    # the lighter tiles (gluon.sched.padded_schedule); used where that shortens the busiest program
    # (gluon.tiles.pad_skip_pays), built with row_limit
    pad_skip: bool = False
    # masked blocks by one per-row key limit, the max on raw scores (gluon.fwd_steps._softmax)
    row_limit: bool = False
    o_recip: bool = False  # the epilogue's O / l as a reciprocal a row and a multiply (gluon.fwd._normalise)
    # non-causal, two consumers: they take turns to issue their wgmmas (FlashAttention-3's pingpong, named
    # barriers; gluon.fwd_steps._turn), so one's softmax runs under the other's matmuls; the FP8 step with
    # PV inside each block takes them with two or three consumers, causal too (gluon.fp8.fp8_takes_turns)
    pingpong: bool = False
    # a slice's first key block (P carried) by the unmasked softmax where every row sees all of it; it ran
    # masked whatever it held (gluon.fwd._consumer_tile)
    first_full: bool = False
    # a K ring one slot deeper than V's (stages + 1), each block's K issued before the block before it's V,
    # so K leads V by a block (gluon.fwd._producer_tile); shared memory allows it at D128 with two Q
    # buffers (224 KB); an option, not kept (docs/kernels-log.md, 2026-11-28, twenty-sixth session)
    k_ahead: bool = False
    # persistent walk: each consumer issues its next tile's first QK^T before this tile's epilogue's stores
    # of O and LSE, so the tensor pipe works through them (gluon.fwd._consumer_ahead); an option. 2: the same
    # walk with that QK^T after the stores, a control for A/Bs
    next_qk: int = 0
    # non-causal: the grid's last round of tiles cut along the keys evenly over the programs and merged by a
    # second launch (gluon.sched.tail_pieces, gluon.merge); 1: where the cost model says it pays
    # (gluon.sched.tail_cut_pays), 2: wherever the last round is partial (tests, A/Bs)
    tail_split: int = 0
    # one Q buffer a consumer plus one, taken in turn by every slice of every tile (gluon.tiles._q_slot):
    # a tile's first slice finds its Q loaded during the tile before, where with one buffer a consumer each
    # slice waited for its Q after its epilogue (D256, where a second buffer a consumer does not fit)
    q_ring: bool = False
    # the worker consumers' register cap (setmaxnreg); 0: gluon.tiles.CONSUMER_REGS (232 with two consumers,
    # the first consumer, Triton's default partition, then gets 256: 232 + 256 + the producer's 24 = 512)
    consumer_regs: int = 0
    # the FP8 forward's in-kernel V transposer (V given, 64-key blocks): its two warps take a column chunk
    # each, not both the same keys (gluon.fwd._transpose_block); False for A/Bs
    vt_split: bool = True

    def label(self) -> str:
        two = "-2cta" if self.ctas_per_sm == 2 else ""
        tail = ("-q2" if self.q_bufs == 2 else "") + ("-otma" if self.o_tma else "")
        tail += f"-r{self.rescale_log2:g}{'w' if self.rescale_warp else ''}" if self.rescale_log2 else ""
        tail += ("-df" if self.diag_first else "") + ("-padtop" if self.pad_top else "")
        tail += ("-pskip" if self.pad_skip else "") + ("-rl" if self.row_limit else "")
        tail += ("-orcp" if self.o_recip else "") + ("-pp" if self.pingpong else "")
        tail += ("-ff" if self.first_full else "") + ("-ka" if self.k_ahead else "")
        tail += ("-nq" if self.next_qk == 1 else f"-nq{self.next_qk}") if self.next_qk else ""
        tail += ("-ts" if self.tail_split == 1 else f"-ts{self.tail_split}") if self.tail_split else ""
        tail += "" if self.vt_split else "-vtdup"
        tail += "-qr" if self.q_ring else ""
        tail += f"-cr{self.consumer_regs}" if self.consumer_regs else ""
        return f"gluon-ws-{self.consumers}x64x{self.block_n}s{self.stages}{two}{tail}"


# Padded head dims the Gluon forward is built for; BLOCK_N and ring depth fill shared memory (227 KB):
# D256 takes 64-key blocks so two stages fit next to Q. D128 on an H100: 3 stages beat 2 by 8 % non-causal
# and 17 % causal in the first kernel version (605 vs 562, 546 vs 465 TFLOP/s at 2,16,8192); with the
# final loop order the two are within 1-3 %. 64-key blocks lose 8-10 %. D64 with two consumers measured
# 398 non-causal / 378 causal at 4,32,4096 (0.82x / 0.90x cuDNN; 2 stages 459 vs 427 in another run): two
# warpgroups cannot hide D64's softmax behind its half-size matmuls, so D64 runs three (192-row tiles,
# 88 KB of shared memory at 2 stages, 120 KB at 3). ptxas fits them in 160/168 registers; causal 128-key
# blocks spill 48 bytes once per tile (block 0's mask), 64-key blocks do not.
# D128 loads the next tile's Q during the current one, and D128, D256 and short D64 calls write O by one
# TMA store through the tile's Q buffer (``q_bufs``, ``o_tma``): a source-level profile of 16,16,512,128
# put 62 % of the consumers' stall samples outside the key loop, 12.5 % at the epilogue's 4-byte global
# stores and 9 % waiting for Q. Two stages make room for the second Q buffer at D128. Measured on an H100
# (graph replay, TFLOP/s before -> after, cuDNN): 16,16,512 372 -> 445 (463) non-causal, 193 -> 221 (289)
# causal; 8,16,1024 468 -> 519 (530), 308 -> 345 (369); 4,16,2048 538 -> 571 (562), 416 -> 472 (432);
# 2,16,8192 603 -> 618 (608), 562 -> 575 (542); D64 two per SM (O by TMA alone) 16,16,512 307 -> 340
# (340), 32,16,128 142 -> 198 (171); D256 8,8,2048 623 -> 674 (651), 555 -> 586 (523)
# (benchmarks/results/gluon_fwd_tile_epilogue_ab_20261125.json, gluon_fwd_20261125-063448.json).
GLUON_FWD_VARIANTS = {
    64: [
        GluonFwdConfig(64, 2, 2, 2),
        GluonFwdConfig(64, 3, 2, 2),
        GluonFwdConfig(128, 3, 3),
        GluonFwdConfig(128, 4, 3),
        GluonFwdConfig(64, 4, 3),
        GluonFwdConfig(128, 2),
        GluonFwdConfig(128, 3),
        GluonFwdConfig(128, 2, 3, o_tma=True),
        GluonFwdConfig(128, 2, 3, q_bufs=2, o_tma=True),
    ],
    128: [GluonFwdConfig(128, 3), GluonFwdConfig(128, 2), GluonFwdConfig(128, 3, o_tma=True)],
    256: [GluonFwdConfig(32, 4), GluonFwdConfig(64, 2, o_tma=True)],
}  # what benchmarks/gluon_fwd_check.py --variants times beside the default
# Conditional rescaling (``rescale_log2``; docs/kernels-log.md, 2026-11-28, twenty-first session, H200):
# D64 per warp (5 % fewer instructions) measured +3.6-4.5 % non-causal and -2-5 % causal, so non-causal
# only (gluon_fwd_config); D128 per warpgroup +2.6-3.4 %. The packed forward takes it for D64 and D128
# causal packs, per warp with key blocks last first (gluon.varlen_fwd.PACKED_OPTIONS, 2026-11-29; per
# warpgroup spilled).
# The tile's fixed cost and the padding slices (``pad_skip``, ``row_limit``, ``o_recip``; docs/kernels-log.md,
# 2026-11-28, twenty-third session, H200, benchmarks/fwd_tile_cost_ab.py, speedup over the path before by
# round, median of 7 / 9 in two calls): ``o_recip`` everywhere at D64 (1.001-1.019 in every row);
# ``pad_skip`` non-causal where the balanced table shortens the busiest program
# (gluon.sched.balance_pays: 4,32,4096 1.029 / 1.025 with the others, under ncu 3.0 % fewer cycles; at
# 2,32,8192, where it does not, 0.975-0.991), its build with ``row_limit`` (without, ptxas spilled in the
# key loop: 0.995 / 0.965). ``row_limit`` alone measured 0.98-0.99 at D64 (causal it spilled 44 bytes and
# issued slower, 8.26 -> 8.60 cycles an instruction). D128 unchanged (every variant within the spread of
# one kernel timed twice at 1,16,16384).
# D128 non-causal runs a slice's first block unmasked where it is full (``first_full``; docs/kernels-log.md,
# 2026-11-28, twenty-fifth session, H200, benchmarks/fwd_d128_ab.py, speedup over the shipped kernel by
# round, medians of 9 / 13 rounds in two calls: 2,16,8192 1.022 / 1.020, 4,16,4096 1.015 / 1.012,
# 1,16,16384 1.017 / 1.025, the shipped kernel timed twice 0.991-1.006; 8,16,1024 1.005 (again 1.006),
# 16,16,512 0.997 / 0.994 (again 1.007 / 1.001); ncu's cycles did not confirm the gain: +0.3-0.4 %, one
# launch). Causal keeps it off (not measured). The consumers' turns (``pingpong``) stay off: level at
# N 4k-16k (0.984-1.005), +1.1-1.9 % at 16,16,512 only. The next tile's first QK^T before the epilogue's
# stores (``next_qk``; twenty-seventh session, benchmarks/fwd_nq_device.sh, 9 rounds in two calls) stays off:
# 0.957-0.982 at D128 N 4k-16k non-causal, 0.962-0.970 causal, D64 4,32,4096 0.997 / causal 0.944 (ncu
# +3.1-3.5 % cycles, the key loops slower); 16,16,512 1.014-1.017 only.
# D256 non-causal rescales O per warpgroup (``rescale_log2``; docs/kernels-log.md, 2026-11-29, twenty-eighth
# session, H200, benchmarks/fwd_d128_ab.py, speedup over the configuration before by round, median of 9:
# 1,16,16384 1.066, 2,8,16384 1.060, 2,16,8192 1.047, 8,8,2048 1.033, every round above 1 at N 8k-16k, the
# kernel before timed twice 0.984-0.999). In its SASS the O multiplies (128 a thread) leave the QK^T issue and
# ptxas waits for PV after the block's exp2s, as at D128; per warp (``rescale_warp``) it keeps the wait among
# them: 1.017-1.053. Causal calls take it with their key blocks last first (``diag_first``: per warpgroup
# alone, in order, it spilled 56 bytes; with them none): forty-sixth session, H200, 9 alternated rounds, the
# order reversed every other round, 1,16,16384 / 2,8,16384 causal 1.034 / 1.032 (7 / 9 rounds of 9), the
# configuration before timed twice 1.000 / 1.005; the twenty-eighth and twenty-ninth sessions' +0.3-1.6 %
# came from rounds in one fixed order, where the causal timings drifted by place. Per warp measured
# 0.971-0.994 causal. ``o_recip`` / ``first_full`` were level at N 16k (0.985-1.010), a second Q buffer does
# not fit (256 KB of shared memory), and three Q buffers taken in turn (``q_ring``) or O by stores (``o_tma``
# off), both to load the next tile's Q under this one, measured level with ``diag_first`` + ``rescale_log2``.
# The grid's last round cut evenly along the keys (``tail_split``; twenty-ninth session, later, H200) stays
# off: under ncu it took 2.9 % / 1.6 % of the cycles off 1,16,16384 / 2,16,8192 (one launch each), but
# sustained, on a card at its 700 W cap, it measured +0.2-1.5 % against the shipped kernel timed twice (the
# two timings 0.2-2.8 % apart; benchmarks/results/fwd_tail_split_ab_20261129-h200{,-2}.json), and in the
# public table +1.8 / +0.9 % at 1,16,16384 / 2,8,16384 but -1.0 % at 2,16,8192: inside the spread. D128
# 1,16,16384: +0.6 %.
GLUON_FWD_CONFIGS = {
    64: GluonFwdConfig(128, 2, 3, rescale_log2=8.0, rescale_warp=True, pad_skip=True, o_recip=True),
    128: GluonFwdConfig(128, 2, q_bufs=2, o_tma=True, rescale_log2=8.0, first_full=True),
    256: GluonFwdConfig(64, 2, o_tma=True, rescale_log2=8.0),
}
# head dims whose causal calls keep the conditional rescale (D64's per-warp one measured 2-5 % slower causal:
# gluon_fwd_config drops it for the others); D256's per warpgroup with ``diag_first`` (CAUSAL_WALK)
CAUSAL_RESCALE = (128, 256)
# short D64 calls: O by TMA; up to TWO_PER_SM_Q2_SEQ keys and queries non-causal, two Q buffers
# (docs/kernels-log.md, 2026-11-28, twenty-fourth session, H200, kernel A/B, 7 rounds: 16,16,512 and
# 32,16,512 +3.8 % / +3.3 %, every round above the path before timed twice; causal 0.970 / 0.995, where the
# build runs each slice's first block masked; N 1024-2048 not measured). A second Q buffer was refused here
# from 2026-11-25 for wrong causal output, which was ptxas's (gluon.fwd._consumer_tile)
TWO_PER_SM_FWD = GluonFwdConfig(64, 2, 2, ctas_per_sm=2, o_tma=True)
TWO_PER_SM_Q2_SEQ = 512
GLUON_HEAD_DIMS = tuple(GLUON_FWD_CONFIGS)
# A value head dim of its own (MLA's 192/128): (q/k's, v's) head dims the Gluon forward runs as they are,
# S = QK^T at q's width and P V, O's accumulator, V's ring and the epilogue at v's (gluon.fwd._forward's
# HEAD_DIM_V), against padding both to the larger power of two. Both in multiples of 64 (TMA's and wgmma's
# 128-byte swizzled tiles; 192 as three 64-column chunks, gluon.tiles._chunks), v's at most q's (O is staged
# in Q's buffer for its TMA store). Shared memory at 192/128: Q 2 x 24 KB, K 2 x 48 KB, V 2 x 32 KB (208 KB;
# a second Q buffer a consumer does not fit); registers as D128's (a 64 x 128 O accumulator, 128-key score
# tiles). 128/64 runs D128's configuration. 192/128 runs a slice's first block masked (no ``first_full``,
# D128's choice): with it 0.99-1.03x at 2,16,8192 and 4,16,4096 non-causal (H200, 3 and 5 alternated rounds,
# benchmarks/results/value_dim_bf16_20261203-141554-s54-h200-ab.json, -142246-s54-h200-fwd.json: level),
# and without it 12/12 bytes of spill offline against 28/56 (docs/kernels-log.md, fifty-fourth session)
GLUON_FWD_VALUE_CONFIGS = {
    (192, 128): GluonFwdConfig(128, 2, o_tma=True, rescale_log2=8.0),
    (128, 64): GluonFwdConfig(128, 2, q_bufs=2, o_tma=True, rescale_log2=8.0, first_full=True),
}
GLUON_VALUE_DIMS = tuple(GLUON_FWD_VALUE_CONFIGS)
# what benchmarks/value_dim_bench.py --variants times beside a pair's configuration (non-causal; causal calls
# take value_fwd_config's rule). 192/128: the first full block unmasked (``first_full``, D128's choice), and
# 64-key blocks, three stages and two Q buffers a consumer (no spill, 216 KB; 0.87-0.93x the shipped one)
GLUON_FWD_VALUE_VARIANTS = {
    (192, 128): [
        GluonFwdConfig(128, 2, o_tma=True, rescale_log2=8.0, first_full=True),
        GluonFwdConfig(64, 3, q_bufs=2, o_tma=True, rescale_log2=8.0),
    ],
}
# the pairs a dense forward runs as they are by default (dense.attention._run_dims); the others pad both
# dims to the larger power of two, as every pair did before. Both built pairs measured faster than padding
# (H200, forward, 2026-12-03, 5 rounds): 192/128 1.63-2.14x, 128/64 1.12-1.18x (dense.attention._run_dims).
# Packed calls run the same pairs as they are (varlen.attention.run_head_dims, fifty-fifth session: 192/128
# 3.2-3.7x the tl.* packed forward on q/k padded to 256, 128/64 1.28-1.49x the tl.* one; H200, 5 rounds)
GLUON_VALUE_FWD_DEFAULT: tuple[tuple[int, int], ...] = GLUON_VALUE_DIMS


TWO_PER_SM_SEQ = 2048  # longest sequence that runs two D64 forward programs per SM
# Causal tiles: key blocks last first and, where O leaves by masked stores (D64), the grid's padding rows on
# top (docs/kernels-log.md, 2026-11-28, twenty-second session; H200, kernel A/B vs the walk before: D64
# 4,32,4096 +11.2 %, 2,32,8192 +7.9 %, D128 4,16,4096 +4.0 %, 2,16,8192 +3.5 %); off: the walk shipped
# before (benchmarks/fwd_causal_ab.py's ``base``). The head dims it is on for: D256 since the forty-sixth
# session, with its conditional rescale (the note above GLUON_FWD_CONFIGS), which spilled without it
CAUSAL_WALK = (64, 128, 256)
TILE_WASTE = 1.1  # a taller tile must leave at most this many padded rows x the 128-row tiling's


def gluon_fwd_config(
    head_dim: int,
    seq_q: int | None = None,
    seq_k: int | None = None,
    causal: bool = False,
    head_dim_v: int | None = None,
) -> GluonFwdConfig:
    """The head dim's configuration; with ``seq_q``, three consumers only where their 192-row tiles pad
    the queries little more than 128-row ones: at Nq 128, 512 or 1024 a third of the tile (or an eighth)
    would run on padding, which costs more than the third warpgroup gains (7-9 % at Nq 4k-8k).

    With ``seq_k`` too (the dense forward; the packed one runs one program per SM), D64 up to
    ``TWO_PER_SM_SEQ`` keys and queries runs two programs per SM: a tile of 512-1024 keys spends much of
    its time starting and ending, and a second program on the SM fills those gaps. Measured on an H100
    (`gluon_fwd_20261124-164618.json`, `-165131.json`; TFLOP/s, two per SM vs the default): 32,16,512
    318 vs 307 non-causal, 179 vs 144 causal; 16,16,512 291 vs 274, 150 vs 127; 8,16,1024 353 vs 353,
    250 vs 198; 4,16,2048 403 vs 391, 327 vs 303; at 2,16,8192 it lost (445 vs 496, 408 vs 462).

    Non-causal, those of up to ``TWO_PER_SM_Q2_SEQ`` load the next tile's Q during the current one
    (``q_bufs`` = 2: see :data:`TWO_PER_SM_FWD`).

    ``causal``: the conditional rescaling outside :data:`CAUSAL_RESCALE` (D64's per-warp one measured 2-5 %
    slower causal) and D128's unmasked first block (``first_full``, measured non-causal only)
    are dropped; each
    tile's key blocks run last first (``diag_first``) and, where O leaves by masked stores (D64), the
    tiles are laid from the last query row up (``pad_top``): see :data:`CAUSAL_WALK`.

    ``head_dim_v`` other than ``head_dim``: the pair's configuration (:data:`GLUON_FWD_VALUE_CONFIGS`),
    causal as D128's (the conditional rescale kept, ``first_full`` dropped, key blocks last first)."""
    if head_dim_v is not None and head_dim_v != head_dim:
        if (head_dim, head_dim_v) not in GLUON_FWD_VALUE_CONFIGS:
            raise ValueError(
                f"the Gluon forward runs (q, v) head dims {GLUON_VALUE_DIMS} as they are, got "
                f"{(head_dim, head_dim_v)}"
            )
        return value_fwd_config(GLUON_FWD_VALUE_CONFIGS[(head_dim, head_dim_v)], causal)
    if head_dim == 64 and seq_q is not None and seq_k is not None and max(seq_q, seq_k) <= TWO_PER_SM_SEQ:
        q2 = not causal and max(seq_q, seq_k) <= TWO_PER_SM_Q2_SEQ
        return replace(TWO_PER_SM_FWD, q_bufs=2) if q2 else TWO_PER_SM_FWD
    if head_dim not in GLUON_FWD_CONFIGS:
        raise ValueError(f"the Gluon forward is built for head_dim {GLUON_HEAD_DIMS}, got {head_dim}")
    cfg = GLUON_FWD_CONFIGS[head_dim]
    if causal and cfg.rescale_log2 and head_dim not in CAUSAL_RESCALE:
        cfg = replace(cfg, rescale_log2=0.0, rescale_warp=False)
    if causal and cfg.first_full:  # measured non-causal only (D128)
        cfg = replace(cfg, first_full=False)
    if causal and head_dim in CAUSAL_WALK:
        cfg = replace(cfg, diag_first=True, pad_top=not cfg.o_tma)
    if seq_q is not None and cfg.consumers == 3 and tall_tiles_waste(seq_q):
        return replace(cfg, consumers=2)
    return cfg


def value_fwd_config(cfg: GluonFwdConfig, causal: bool) -> GluonFwdConfig:
    """A value-dim pair's configuration ``cfg`` for a call with this causal flag: causal as D128's (the
    conditional rescale kept, ``first_full`` dropped, each tile's key blocks last first)."""
    if not causal:
        return cfg
    return replace(cfg, first_full=False, diag_first=True, pad_top=not cfg.o_tma)


def tall_tiles_waste(seq_q: int) -> bool:
    """Whether three consumers' 192-row tiles pad ``seq_q`` queries more than :data:`TILE_WASTE` x the
    128-row tiles of two: the bf16 and the FP8 forward then run two consumers."""
    return -(-seq_q // 192) * 192 > TILE_WASTE * (-(-seq_q // 128) * 128)


@dataclass(frozen=True)
class GluonBwdConfig:
    """The Hopper backward (:mod:`accel.kernels.gluon.bwd`): both kernels run 128-row tiles as two 64-row
    consumer warpgroups; dK/dV streams 64-row (Q, dO) blocks, dQ streams ``dq_block_n``-key K/V blocks.
    ``by_grad`` (D256, :mod:`accel.kernels.gluon.bwd_d256`): 64-key dK/dV programs whose warpgroups sum
    dK and dV apart, after the tl.* dQ kernel (128 rows, 8 warps, ``dq_block_n`` keys, ``dq_stages``), or
    with ``gluon_dq`` after the Gluon dQ kernel of the other head dims (:mod:`accel.kernels.gluon.
    bwd_kernels`; q/k at 192 in 64-column chunks, where the tl.* one runs them padded to 256)."""

    stages: int  # (Q, dO) ring depth of the dK/dV kernel
    dq_block_n: int = 64
    dq_stages: int = 2  # K/V ring depth of the dQ kernel
    by_grad: bool = False
    gluon_dq: bool = False  # by_grad: the Gluon dQ kernel (its HEAD_DIM_V and CHUNKS), not the tl.* one

    def label(self) -> str:
        dq = f"dq2x64x{self.dq_block_n}s{self.dq_stages}"
        if self.by_grad:
            dq = dq if self.gluon_dq else f"tl-dq128x{self.dq_block_n}w8s{self.dq_stages}"
            return f"gluon-ws-kv64-dk|dv-s{self.stages}+{dq}"
        return f"gluon-ws-kv2x64s{self.stages}+{dq}"


# Padded head dims the Gluon backward is built for (D256: two 64 x 256 fp32 accumulators per
# warpgroup do not fit its registers, so its warpgroups split the gradients, ``by_grad``), and those
# dispatch picks it for by default: where it measured faster than the tl.* backward on an H100
# (gluon_bwd_20261123-170407.json: D128 bwd 496 vs 416 TFLOP/s non-causal, 416 vs 388 causal, 253 vs
# 199 at 8,16,1024 causal); D64 tied then (369 vs 377, 353 vs 345) and leads since the dK/dV kernel reads
# its statistics from shared memory (gluon_bwd_20261124-121924.json, 2,16,8192,64: 409 vs 378
# non-causal, 377 vs 350 causal). D256's by-gradient kernels: backward 376-393 vs 187-246 TFLOP/s for
# tl.* (gluon_bwd_d256_20261124-202009.json, 8,8,2048 and 2,16,8192, causal or not).
GLUON_BWD_CONFIGS = {
    64: GluonBwdConfig(2, 128, 3),
    128: GluonBwdConfig(2, 64, 2),
    256: GluonBwdConfig(2, 32, 3, by_grad=True),  # dQ: the tl.* sweep's best at D256 (128x32 w8 s3)
}
GLUON_BWD_HEAD_DIMS = tuple(GLUON_BWD_CONFIGS)
GLUON_BWD_DEFAULT_DIMS = (64, 128, 256)
# A value head dim of its own in the backward: (q/k's, v's) head dims the Gluon backward runs as they are.
# D256's two kernels with v at 128: the tl.* dQ kernel (HEAD_DIM_V: dP = dO V^T at 128) and the by-gradient
# dK/dV kernel (gluon.bwd_d256's HEAD_DIM_V: dP^T and dV = P^T dO at 128). (256, 128): q/k at 256 (MLA's
# 192/128 with q/k zero-padded where (192, 128) is not in the default); (192, 128): the dK/dV kernel's S^T
# and dK at 192 and the Gluon dQ kernel's S and dQ (``gluon_dq``; Q and K in three 64-column chunks in both)
GLUON_BWD_VALUE_CONFIGS = {
    (256, 128): GluonBwdConfig(2, 32, 3, by_grad=True),  # D256's; 145 KB of shared memory (198 KB at D256)
    # q/k at 192 unpadded in both kernels (three 64-column chunks: gluon.bwd_d256's and gluon.bwd_kernels'
    # CHUNKS); the dQ kernel 64-key blocks, 2 stages: 164 KB, no spill (128-key blocks spill 776 bytes)
    (192, 128): GluonBwdConfig(2, 64, 2, by_grad=True, gluon_dq=True),
}
GLUON_BWD_VALUE_DIMS = tuple(GLUON_BWD_VALUE_CONFIGS)
# what benchmarks/value_dim_bench.py --bwd-variants times beside a pair's backward configuration: 256/128 a
# third (Q, dO) stage (194 KB; no spill offline; level on the H200, 2026-12-03); 192/128 a third K/V stage
# of the dQ kernel (205 KB, no spill; level on the H200, 2026-12-03, fifty-fifth session: 443 / 417 / 423 /
# 387 against 439 / 417 / 415 / 384 TFLOP/s, rounds overlapping)
GLUON_BWD_VALUE_VARIANTS = {
    (256, 128): [GluonBwdConfig(3, 32, 3, by_grad=True)],
    (192, 128): [GluonBwdConfig(2, 64, 3, by_grad=True, gluon_dq=True)],
}
# the 192/128 backward before its Gluon dQ (2026-12-03): the tl.* dQ on q/k zero-padded to 256 with D256's
# dQ configuration (value_dim_bench's ours_dq_q256; the GPU tests launch it beside the shipped one)
GLUON_BWD_VALUE_DQ_PADDED = {(192, 128): GluonBwdConfig(2, 32, 3, by_grad=True)}
# the pairs a dense backward runs as they are by default (dense.attention._run_dims); emptied: both dims
# padded to the larger power of two, as before 2026-12-03. H200, 2026-12-03, 3 rounds, forward+backward at
# 192/128, 2,16,8192 and 4,16,4096, causal or not: 256/128 1.15-1.20x padding both, 192/128 (q/k in chunks)
# 1.07-1.11x 256/128 and 1.25-1.33x padding both; the 3-stage variants level (docs/kernels-log.md,
# fifty-fourth session). 192/128 with the Gluon dQ in chunks: 1.16-1.25x the tl.* dQ on q/k padded to 256
# (5 rounds, none overlapping; fifty-fifth session)
GLUON_BWD_VALUE_DEFAULT: tuple[tuple[int, int], ...] = GLUON_BWD_VALUE_DIMS


def gluon_bwd_config(head_dim: int, head_dim_v: int | None = None) -> GluonBwdConfig:
    """The Gluon backward's configuration at these (padded) head dims: a pair of ``GLUON_BWD_VALUE_CONFIGS``
    where v's differs from q's."""
    if head_dim_v is not None and head_dim_v != head_dim:
        if (head_dim, head_dim_v) not in GLUON_BWD_VALUE_CONFIGS:
            got = (head_dim, head_dim_v)
            raise ValueError(f"the Gluon backward runs (q, v) head dims {GLUON_BWD_VALUE_DIMS}, got {got}")
        return GLUON_BWD_VALUE_CONFIGS[(head_dim, head_dim_v)]
    if head_dim not in GLUON_BWD_CONFIGS:
        raise ValueError(f"the Gluon backward is built for head_dim {GLUON_BWD_HEAD_DIMS}, got {head_dim}")
    return GLUON_BWD_CONFIGS[head_dim]


INTERPRETER_FWD = FwdConfig(32, 32, 4, 1)
INTERPRETER_BWD = BwdConfig(32, 32, 4, 1, "atomic", 32, 32, 4, 1)


def fwd_candidates(head_dim: int, fp8: bool) -> list[FwdConfig]:
    """Hopper candidates the tuner times, chosen with benchmarks/kernel_sweep.py on an H100.

    acc is BLOCK_M x head_dim fp32 in registers. Triton 3.6's Hopper warp specialisation crashes on
    this loop (num_warps=4) or leaves it unspecialised (8), so no candidate uses it; see docs/kernels-log.md.
    """
    if head_dim <= 64:
        return [FwdConfig(128, 64, 4, 2), FwdConfig(128, 64, 4, 3), FwdConfig(128, 128, 8, 3)]
    if head_dim <= 128:
        # D128 sweep (24 configs): 128x64 w4 s2 is 10-13 % faster than 128x128 w8 s3, the earlier winner.
        # 64x64 w4 s3 (4-5 % behind it) is left out: timed once at 16k it sometimes wins by noise, and
        # pinned for long sequences it then costs 3-4 % of the whole forward+backward.
        if fp8:
            return [FwdConfig(128, 64, 4, 2), FwdConfig(128, 64, 4, 3), FwdConfig(128, 128, 8, 3),
                    FwdConfig(128, 64, 8, 3)]  # fmt: skip
        return [FwdConfig(128, 64, 4, 2), FwdConfig(128, 128, 8, 3)]
    return [FwdConfig(64, 64, 4, 2), FwdConfig(128, 64, 8, 2), FwdConfig(64, 32, 4, 3)]


def bwd_candidates(head_dim: int) -> list[BwdConfig]:
    """Candidates the tuner times; dK/dV keeps two BLOCK_N x head_dim fp32 accumulators live."""
    if head_dim <= 64:
        return [
            BwdConfig(64, 64, 4, 3, "split", 128, 64, 8, 4),
            BwdConfig(64, 64, 4, 3, "split", 64, 64, 4, 3),
            BwdConfig(32, 64, 4, 3, "split", 64, 64, 4, 3),
        ]
    if head_dim <= 128:
        # From benchmarks/kernel_sweep.py on an H100 (dK/dV and dQ timed apart over 36 configs each):
        # 64x64 with 4 warps beats every 8-warp dK/dV; dQ 128x32/128x64 with 8 warps, 3 stages.
        return [
            BwdConfig(64, 64, 4, 2, "split", 128, 32, 8, 3),
            BwdConfig(64, 64, 4, 2, "split", 128, 64, 8, 3),
            BwdConfig(64, 128, 8, 3, "split", 64, 64, 4, 2),
            BwdConfig(32, 64, 4, 3, "split", 64, 32, 4, 3),
            BwdConfig(64, 64, 4, 2, "atomic"),
        ]
    return [
        BwdConfig(32, 64, 8, 4, "split", 128, 32, 8, 3),
        BwdConfig(32, 64, 8, 3, "split", 128, 32, 8, 3),
        BwdConfig(32, 64, 8, 3, "split", 64, 32, 8, 2),
    ]


CONFIG_TYPES: dict[str, type] = {"FwdConfig": FwdConfig, "BwdConfig": BwdConfig}
TIE_MARGIN = 0.03  # a later candidate must be this much faster to displace an earlier one (noise)

_CACHE: dict[tuple[Any, ...], Any] = {}
_BUCKETS: dict[tuple[str, str, str], Any] = {}
_FORCED: dict[tuple[str, bool | None], Any] = {}


def force(kind: str, config: Any | None, causal: bool | None = None) -> None:
    """Pin the configuration for ``kind`` ("fwd", "fwd_fp8" or "bwd"); None unpins it.

    ``causal`` True or False pins it for those calls only (it wins over a pin for both); None, for both.
    """
    if config is None:
        _FORCED.pop((kind, causal), None)
    else:
        _FORCED[(kind, causal)] = config
    _GENERATION[0] += 1


def generation() -> int:
    """Bumped by every :func:`force`: callers that cache decisions key them on it."""
    return _GENERATION[0]


_GENERATION = [0]


def forced(kind: str, causal: bool) -> Any | None:
    """The configuration pinned for ``kind`` calls with this ``causal`` flag, if any."""
    return _FORCED.get((kind, causal), _FORCED.get((kind, None)))


def cached() -> dict[tuple[Any, ...], Any]:
    return dict(_CACHE)


def gpu_name(device: Any) -> str:
    """The CUDA device's name (cached): the key tuned choices are stored under."""
    import torch

    index = device.index if device.index is not None else torch.cuda.current_device()
    if index not in _GPU_NAMES:
        _GPU_NAMES[index] = torch.cuda.get_device_name(index)
    return _GPU_NAMES[index]


_GPU_NAMES: dict[int, str] = {}


def choose(
    kind: str,
    key: tuple[Any, ...],
    candidates: Sequence[Any],
    run: Callable[[Any], Any],
    interpreter_config: Any,
    interpreted: bool,
    causal: bool,
    bucket: str | None = None,
    gpu: str = "",
) -> Any:
    """The forced config, else the choice cached for ``key``, else (with ``bucket``) the bucket's stored,
    shipped or freshly timed choice, else (no bucket) the fastest of ``run(cfg)`` over the candidates."""
    pinned = forced(kind, causal)
    if pinned is not None:
        return pinned
    if interpreted:
        return interpreter_config
    full_key = (kind, *key)
    if full_key in _CACHE:
        return _CACHE[full_key]
    if bucket is None:
        _CACHE[full_key] = time_candidates(kind, key, candidates, run)[0]
        return _CACHE[full_key]
    bkey = (kind, bucket, gpu)
    if bkey not in _BUCKETS:
        _BUCKETS[bkey] = _bucket_choice(bucket, gpu, candidates, run, kind, key)
    _CACHE[full_key] = _BUCKETS[bkey]
    return _CACHE[full_key]


def _bucket_choice(
    bucket: str, gpu: str, candidates: Sequence[Any], run: Callable[[Any], Any], kind: str, key: Any
) -> Any:
    import torch
    import triton

    from gpuaccel.accel.kernels.tuning.store import STORE, tune_mode

    mode = tune_mode()
    if mode != "1":
        found = STORE.lookup(gpu, triton.__version__, bucket, CONFIG_TYPES)
        if found is not None:
            return found
    if mode == "0" or (torch.cuda.is_available() and torch.cuda.is_current_stream_capturing()):
        return candidates[0]
    best, ms = time_candidates(kind, key, candidates, run)
    STORE.save(gpu, triton.__version__, bucket, best, ms)
    return best


def time_candidates(
    kind: str, key: Any, candidates: Sequence[Any], run: Callable[[Any], Any]
) -> tuple[Any, float]:
    """``(fastest, its median ms)``; a later candidate wins only by more than ``TIE_MARGIN``."""
    from triton.testing import do_bench

    best, best_ms, errors = None, float("inf"), []
    for cfg in candidates:
        try:
            ms = do_bench(lambda cfg=cfg: run(cfg), warmup=5, rep=20, return_mode="median")
        except Exception as exc:  # a config that does not compile here (shared memory, registers)
            errors.append(f"{cfg.label()}: {type(exc).__name__}: {str(exc)[:200]}")
            continue
        if ms < best_ms * (1 - TIE_MARGIN):
            best, best_ms = cfg, ms
    if best is None:
        raise RuntimeError(f"no {kind} kernel configuration compiled for {key}: " + "; ".join(errors))
    return best, best_ms
