"""Warp-specialised attention forward for Hopper (sm_90) in Gluon, FlashAttention-3's shape.

Why it is shaped this way (the tl.* forward in :mod:`accel.kernels.dense.flash_fwd` stays the portable path):
- One TMA producer warp fills a ring of K/V stages guarded by mbarriers (ready: bytes landed; empty: every
  consumer is done), so loads never wait on softmax and consumers never issue a load.
- Independent 4-warp consumer partitions each own 64 query rows of a tile: two at D128/D256, three at D64
  (``GluonFwdConfig.consumers``: half the matmul work per key block, same softmax). They drift apart, so
  one warpgroup's softmax runs while another's wgmma occupies the tensor cores (one 8-warp partition
  would run in lockstep: every barrier lowers to a partition-wide bar.sync).
- Inside each consumer, the QK^T wgmma of block j is issued before the PV wgmma of block j-1, O's rescale
  runs under QK^T(j), and softmax(j) sits between the two waits so it can run under PV(j-1)
  (FlashAttention-3's order). Triton's bundled ptxas 12.8 still hoists the PV wait above the exp2s
  (docs/kernels-log.md), so most of the overlap comes from the two warpgroups drifting.
- The grid is persistent: one CTA per SM. Non-causal tiles go round-robin, head by head (K/V of the few
  heads in flight stay in L2); causal tiles are ordered longest first inside groups of heads sized so their
  K/V fit in L2 and handed to programs by a host table (:mod:`accel.kernels.gluon.sched`). Non-causal, the
  last round's tiles can be cut evenly along the keys over all programs and merged (``GluonFwdConfig.
  tail_split``, :func:`gluon_attn_fwd_split_kernel`): an option, off; it took 1.6-2.9 % of the cycles off a
  D256 launch under ncu but measured inside the spread on a power-capped card (docs/kernels-log.md,
  2026-11-29, twenty-ninth session, later).
- Only blocks on the causal diagonal or the ragged key end pay for masking. Causal tiles walk their key
  blocks last first (``GluonFwdConfig.diag_first``), so those are a slice's first block and the loop after
  it runs unmasked; at D64 the tiles are laid from the last query row up (``pad_top``), so the grid's
  padding rows see no key instead of walking every one (docs/kernels-log.md, 2026-11-28, twenty-second).
  Q/K/V move through 4-D TMA descriptors [B, H, N, D], so a tile never reads another head and ragged ends
  are zero-filled.
- Tile ends (``GluonFwdConfig.q_bufs`` / ``o_tma``): with two Q buffers per consumer the next tile's Q
  loads during the current tile; O is staged in the tile's own Q buffer and leaves by one TMA store (rows
  past the sequence clipped by the descriptor), and the buffer is handed back once the store has read it.
  On short sequences tile ends dominate: the accumulator's fragment gives each thread 4-byte global
  stores, which stalled on the store queue. The packed forward stores by TMA only slices wholly inside
  their document (a box would write the next document's rows); without them (the FP8 forward, a packed
  document's last rows, a caller's buffer TMA cannot address) O goes from registers to global memory with
  a row mask and Q's buffer is handed back right after the last QK^T.
- The packed forward's tiles may instead be drawn from a counter (``DYNAMIC``, :func:`_producer`): the
  producer draws, and the consumers read each tile's number where the producer left it for their Q
  buffer; both walks run the same tile bodies (:func:`_producer_tile`, :func:`_consumer_tile`).
- O's rescale can be skipped while a row's max holds (``GluonFwdConfig.rescale_log2``, FlashAttention-4's
  conditional rescaling): a row keeps a stale max until a block's passes it by more than the threshold, so
  every alpha of a row that did not move is exactly 1; decided per warpgroup (an scf.if) or per warp (a
  vote and a branch in inline PTX). It paid where the loop is issue-bound (bf16 D64 non-causal, D128) and
  not for FP8, whose loop waits on barriers and latency (docs/kernels-log.md, 2026-11-28).
- A slice's first key block runs the unmasked softmax where it is full (``GluonFwdConfig.first_full``, D128
  non-causal): it ran masked whatever it held. The consumers can also take turns to issue their wgmmas
  (``pingpong``, FlashAttention-3's named barriers), an option: D128 measured level at N 4k-16k, the two
  warpgroups' drift already overlaps one's softmax with the other's matmuls (docs/kernels-log.md,
  2026-11-28, twenty-fifth session). K's ring can also run a slot deeper than V's, each K issued a block
  ahead of V (``k_ahead``), an option: level at N 4k-16k, slower causal, faster only for short calls
  (twenty-sixth session). Each consumer can issue its next tile's first QK^T before its epilogue's stores
  (``next_qk``, :func:`_consumer_ahead`), an option: the same bytes, 2-4 % slower at N 4k-16k (the key
  loops lost more than the tile ends gained), +1-2 % at 16,16,512 (twenty-seventh session).
- O and the natural-log LSE [B, Hq, Nq] are written exactly as the tl.* forward writes them, so the
  backward and ring attention consume either.
- V may have a head dim of its own (``HEAD_DIM_V``, MLA's 192/128; equal to ``HEAD_DIM`` in every other
  call): S = Q K^T at q's width; V's ring, P V, O's accumulator and the epilogue at v's. Shared-memory tiles
  are powers of two, so a head dim of 192 keeps Q and K in three 64-column chunks (TMA boxes of 64 columns,
  S as three chained wgmmas; :func:`accel.kernels.gluon.tiles._chunks`) and O is staged in the first two
  chunks of Q's buffer (:func:`_o_stage`). On an H200 1.63-2.14x the forward with both dims padded to 256
  (docs/kernels-log.md, 2026-12-03, fifty-fourth session). The packed forward (``VARLEN``) takes it the same
  way (fifty-fifth session: 3.2-3.7x the tl.* packed route at 192/128).
The FP8 forward (:mod:`accel.kernels.gluon.fp8`) runs this producer, step and epilogue with e4m3
operands (the ``V_T`` / ``FP8`` / ``P_LOG2`` / ``COL_SCALE`` switches) and, for key blocks of 128 or more,
each block's PV inside the block (``INLINE_PV``, :func:`_step_inline`), as do short D64 calls with two
programs per SM (their 80-register cap then holds without spilling); the tile walk and descriptors are
:mod:`accel.kernels.gluon.tiles`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import torch
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import (
    fence_async_shared,
    mbarrier,
    tma,
    warpgroup_mma,
    warpgroup_mma_wait,
)

from gpuaccel.accel.kernels.dense.direct_launch import Tma
from gpuaccel.accel.kernels.dense.flash_fwd import LOG2E
from gpuaccel.accel.kernels.dense.launchers import PLANNED, Bound, launch, tma_legal
from gpuaccel.accel.kernels.gluon.fwd_steps import (
    E4M3_MAX_LOG2,
    FP8_P_LOG2,
    _e4m3,
    _p_operand,
    _qk,
    _rescale,
    _softmax,
    _step,
    _step_inline,
    _turn,
    _v_operand,
)
from gpuaccel.accel.kernels.gluon.merge import launch_tail_merge, split_scratch
from gpuaccel.accel.kernels.gluon.sched import CONSUMER_ROWS
from gpuaccel.accel.kernels.gluon.tiles import (
    CONSUMER_REGS,
    HALF_M,
    TWO_PER_SM_REGS,
    _chunk,
    _chunks,
    _kv_blocks,
    _load_chunks,
    _next_tile,
    _q_slot,
    _release_rest,
    _ring_barriers,
    _tile_count,
    _tile_id,
    _tile_keys,
    _tile_place,
    pad_skip_pays,
    tail_cut_walk,
    tile_walk,
)
from gpuaccel.accel.kernels.tuning.configs import GluonFwdConfig, gluon_fwd_config

# The FP8 forward's V as given (``V_GIVEN``): columns of V per TMA chunk of a key block; a chunk's keys x 32
# e4m3 columns (32-byte rows) is what the transposer's 128 threads hold at once, 32 bytes each.
V_CHUNK_COLS = 16
V_COLS = gl.constexpr(V_CHUNK_COLS)


# The FP8 forward's ``V_GIVEN``: words of a tile's note from the producer to each consumer, in shared memory
# beside the tile's Q buffer (:func:`_note_put`): the tile's id, its exp2 scale and V's descale (fp32 bits)
NOTE_WORDS = gl.constexpr(4)


@gluon.jit
def _note_put(slot, t, qk_ds, v_ds, WARPS: gl.constexpr):
    """The producer's note of a tile for one consumer (``slot``: the consumer's Q buffer's, before Q's
    expect, whose arrive releases it): its id ``t``, ``qk_ds`` and ``v_ds``. Its warp's lanes all store
    the same words; the barrier orders them before the arrive of the lane that expects."""
    layout: gl.constexpr = gl.BlockedLayout([NOTE_WORDS], [32], [WARPS], [0])
    k = gl.arange(0, NOTE_WORDS, layout=layout)
    words = gl.where(k == 1, qk_ds.to(gl.int32, bitcast=True), v_ds.to(gl.int32, bitcast=True))
    words = gl.where(k == 0, t, words)
    slot.store(words)
    gl.thread_barrier()


@gluon.jit
def _note_get(slot, WARPS: gl.constexpr):
    """A consumer's read of its tile's note (:func:`_note_put`), once the tile's Q barrier has completed."""
    layout: gl.constexpr = gl.BlockedLayout([NOTE_WORDS], [32], [WARPS], [0])
    k = gl.arange(0, NOTE_WORDS, layout=layout)
    words = slot.load(layout)
    t = gl.sum(gl.where(k == 0, words, 0), axis=0)
    qk_ds = gl.sum(gl.where(k == 1, words, 0), axis=0).to(gl.float32, bitcast=True)
    v_ds = gl.sum(gl.where(k == 2, words, 0), axis=0).to(gl.float32, bitcast=True)
    return t, qk_ds, v_ds


@gluon.jit
def _load_k(k_desc, k_smem, k_ready, k_empty, c, b, hkv, k0, n_tile, j, BLOCK_N: gl.constexpr,
            K_STAGES: gl.constexpr, DIAG_FIRST: gl.constexpr, Q_CHUNKS: gl.constexpr = 1):  # fmt: skip
    """K of the tile's key block j into K ring entry ``c`` once every consumer has released that slot
    (``Q_CHUNKS`` column chunks, :func:`_load_chunks`)."""
    s = c % K_STAGES
    mbarrier.wait(k_empty.index(s), ((c // K_STAGES) & 1) ^ 1)
    mbarrier.expect(k_ready.index(s), Q_CHUNKS * k_desc.block_type.nbytes)
    key = k0 + (n_tile - 1 - j if DIAG_FIRST else j) * BLOCK_N
    _load_chunks(k_desc, k_smem, k_ready.index(s), s, b, hkv, key, Q_CHUNKS)


@gluon.jit
def _producer_tile(t, i, cnt, q_desc, k_desc, v_desc, q_smem, k_smem, v_smem, q_ready, q_empty, k_ready,
                   v_ready, k_empty, v_empty, heads_q, group, seq_q, seq_k, num_m, bh_total, group_heads,
                   sched_ptr, sched_len, items_ptr, n_items, BLOCK_N: gl.constexpr, STAGES: gl.constexpr,
                   CAUSAL: gl.constexpr, CONSUMERS: gl.constexpr, V_T: gl.constexpr, VARLEN: gl.constexpr,
                   Q_BUFS: gl.constexpr, SPLIT: gl.constexpr, DYNAMIC: gl.constexpr,
                   DIAG_FIRST: gl.constexpr = False,
                   PAD_TOP: gl.constexpr = False, K_STAGES: gl.constexpr = 2,
                   V_CHUNKS: gl.constexpr = 0, notes=None, qs_ptr=None, ks_ptr=None, vs_ptr=None,
                   qk_scale=0.0, ds_sb=0, ds_sh=0, Q_RING: gl.constexpr = False,
                   Q_CHUNKS: gl.constexpr = 1):  # fmt: skip
    """The loads of tile ``t``, this program's ``i``-th, after ``cnt`` K/V blocks; returns the new count.
    ``Q_CHUNKS``: Q and K tiles in that many column chunks (:func:`_load_chunks`; 3 at a head dim of 192).
    ``Q_RING`` (:func:`accel.kernels.gluon.tiles._q_slot`): consumer 0's Q first, the other consumers'
    after the tile's first K/V block (their buffers are the ones the tile before's first slices hand back
    last), so that block's loads need not wait for them.
    ``DYNAMIC``: the tile's number goes to its Q buffers' slots in ``sched_ptr`` for the consumers.
    ``DIAG_FIRST``: the tile's key blocks last first (:func:`_consumer_tile`). ``PAD_TOP``:
    :func:`_tile_place`'s (Q boxes may start at negative rows: TMA fills them with zeros). ``K_STAGES``: the K
    ring's depth; deeper than V's (``STAGES``), each block's K is issued before the block before it's V, so
    K leads V by a block inside the tile (``GluonFwdConfig.k_ahead``). ``V_CHUNKS``: V as given ([B, H, N,
    D], the FP8 forward's ``V_GIVEN``), each block in that many column chunks into the raw ring
    (``v_smem``/``v_ready``/``v_empty`` are then the raw ring's), for :func:`_transposer`; each consumer's
    tile note (:func:`_note_put`) then goes to ``notes`` before its Q: the id and the call's descales (one
    per (batch, kv head) at ``b * ds_sb + kv head * ds_sh``), read here, off the consumers' path."""
    b, h, bh, start_m, q0, k0, len_q, len_k = _tile_place(
        t, num_m, bh_total, group_heads, heads_q, seq_q, seq_k, items_ptr, n_items, CONSUMERS * HALF_M,
        CAUSAL, VARLEN, PAD_TOP,
    )  # fmt: skip
    hkv = h // group
    if V_CHUNKS > 0:  # Q's times K's once a tile (the product the spread scale blocks gave per block), V's
        ds = b * ds_sb + hkv * ds_sh
        qk_ds = qk_scale * gl.load(qs_ptr + ds)
        qk_ds = qk_ds * gl.load(ks_ptr + ds)
        v_ds = gl.load(vs_ptr + ds)
    for c in gl.static_range(1 if Q_RING else CONSUMERS):  # Q_RING: the others' after the first block (below)
        qb, q_ph = _q_slot(i, c, CONSUMERS, Q_BUFS, Q_RING)
        mbarrier.wait(q_empty.index(qb), q_ph ^ 1)
        if DYNAMIC:  # released to the consumers by the arrive below, read once they see Q's phase
            gl.store(sched_ptr + gl.program_id(0) * (CONSUMERS * Q_BUFS) + qb, t)
        if V_CHUNKS > 0:  # likewise
            _note_put(notes.index(qb), t, qk_ds, v_ds, 1)
        mbarrier.expect(q_ready.index(qb), Q_CHUNKS * q_desc.block_type.nbytes)
        _load_chunks(q_desc, q_smem, q_ready.index(qb), qb, b, h, q0 + start_m + c * HALF_M, Q_CHUNKS)
    n_tile, _ = _kv_blocks(start_m, CONSUMERS * HALF_M, len_k, len_k - len_q, BLOCK_N, CAUSAL)
    j0, j1, _ = _tile_keys(i, sched_ptr, sched_len, n_tile, SPLIT)
    for j in range(j0, j1):
        if K_STAGES > STAGES:  # K(j+1) before V(j): the tile's first K alone, then one ahead
            if j == j0:
                _load_k(k_desc, k_smem, k_ready, k_empty, cnt, b, hkv, k0, n_tile, j, BLOCK_N, K_STAGES,
                        DIAG_FIRST, Q_CHUNKS)  # fmt: skip
            if j + 1 < j1:
                _load_k(k_desc, k_smem, k_ready, k_empty, cnt + 1, b, hkv, k0, n_tile, j + 1, BLOCK_N,
                        K_STAGES, DIAG_FIRST, Q_CHUNKS)  # fmt: skip
        else:
            _load_k(k_desc, k_smem, k_ready, k_empty, cnt, b, hkv, k0, n_tile, j, BLOCK_N, K_STAGES,
                    DIAG_FIRST, Q_CHUNKS)  # fmt: skip
        s = cnt % STAGES
        mbarrier.wait(v_empty.index(s), ((cnt // STAGES) & 1) ^ 1)
        key = k0 + (n_tile - 1 - j if DIAG_FIRST else j) * BLOCK_N
        if V_CHUNKS > 0:
            mbarrier.expect(v_ready.index(s), V_CHUNKS * v_desc.block_type.nbytes)
            for c in gl.static_range(V_CHUNKS):
                tma.async_copy_global_to_shared(v_desc, [b, hkv, key, c * V_COLS], v_ready.index(s),
                                                v_smem.index(s * V_CHUNKS + c))  # fmt: skip
        elif V_T:
            mbarrier.expect(v_ready.index(s), v_desc.block_type.nbytes)
            tma.async_copy_global_to_shared(v_desc, [b, hkv, 0, key], v_ready.index(s), v_smem.index(s))
        else:
            mbarrier.expect(v_ready.index(s), v_desc.block_type.nbytes)
            tma.async_copy_global_to_shared(v_desc, [b, hkv, key, 0], v_ready.index(s), v_smem.index(s))
        cnt += 1
        if Q_RING:  # the other consumers' Q after the tile's first block  # noqa: SIM102
            if j == j0:
                for c in gl.static_range(1, CONSUMERS):
                    qb, q_ph = _q_slot(i, c, CONSUMERS, Q_BUFS, Q_RING)
                    mbarrier.wait(q_empty.index(qb), q_ph ^ 1)
                    mbarrier.expect(q_ready.index(qb), Q_CHUNKS * q_desc.block_type.nbytes)
                    _load_chunks(q_desc, q_smem, q_ready.index(qb), qb, b, h, q0 + start_m + c * HALF_M,
                                 Q_CHUNKS)  # fmt: skip
    return cnt


@gluon.jit
def _producer(q_desc, k_desc, v_desc, q_smem, k_smem, v_smem, q_ready, q_empty, k_ready, v_ready, k_empty,
              v_empty, heads_q, group, seq_q, seq_k, num_m, bh_total, group_heads, num_tiles, sched_ptr,
              sched_len, items_ptr, n_items, BLOCK_N: gl.constexpr, STAGES: gl.constexpr,
              CAUSAL: gl.constexpr, CONSUMERS: gl.constexpr, V_T: gl.constexpr = False,
              VARLEN: gl.constexpr = False, Q_BUFS: gl.constexpr = 1, SPLIT: gl.constexpr = False,
              DYNAMIC: gl.constexpr = False, DIAG_FIRST: gl.constexpr = False,
              PAD_TOP: gl.constexpr = False, PAD_SKIP: gl.constexpr = False,
              K_STAGES: gl.constexpr = 2, V_CHUNKS: gl.constexpr = 0, notes=None, qs_ptr=None, ks_ptr=None,
              vs_ptr=None, qk_scale=0.0, ds_sb=0, ds_sh=0, Q_RING: gl.constexpr = False,
              Q_CHUNKS: gl.constexpr = 1):  # fmt: skip
    """TMA loads of Q (per tile, ``Q_BUFS`` buffers per consumer) and of the K/V ring. ``V_T``: V is stored
    transposed [B, H, D, N] (the FP8 forward's K-major B operand), so its blocks start at column ``key``.
    ``VARLEN``: boxes start at the tile's document's first token (:func:`_tile_place`). ``SPLIT``: the
    host's table gives each item its key blocks (:func:`_tile_keys`). ``DYNAMIC`` (packed documents):
    tiles are drawn in order from a counter past the items table (:func:`_next_tile`) while any are left,
    so a program that drew heavy tiles draws fewer; the consumers learn each tile's number through
    ``sched_ptr`` and the end from a -1 there. ``PAD_SKIP``: non-causal tiles from the host's table too.
    ``V_CHUNKS``, the tile notes and ``Q_CHUNKS``: :func:`_producer_tile`'s."""
    SCHEDULED: gl.constexpr = (CAUSAL and not VARLEN) or SPLIT or PAD_SKIP
    cnt = 0  # K/V blocks issued so far: ring slot and phase
    if DYNAMIC:
        i = 0
        t = _next_tile(items_ptr, n_items)
        while t < num_tiles:
            cnt = _producer_tile(
                t, i, cnt, q_desc, k_desc, v_desc, q_smem, k_smem, v_smem, q_ready, q_empty, k_ready, v_ready,
                k_empty, v_empty, heads_q, group, seq_q, seq_k, num_m, bh_total, group_heads, sched_ptr,
                sched_len, items_ptr, n_items, BLOCK_N, STAGES, CAUSAL, CONSUMERS, V_T, VARLEN, Q_BUFS, SPLIT,
                DYNAMIC, DIAG_FIRST, PAD_TOP, K_STAGES, V_CHUNKS, notes, qs_ptr, ks_ptr, vs_ptr, qk_scale,
                ds_sb, ds_sh, Q_CHUNKS=Q_CHUNKS,
            )  # fmt: skip
            i += 1
            t = _next_tile(items_ptr, n_items)
        for c in gl.static_range(CONSUMERS):  # no tile left: each consumer reads -1 at its next Q buffer
            qb, q_ph = _q_slot(i, c, CONSUMERS, Q_BUFS)
            mbarrier.wait(q_empty.index(qb), q_ph ^ 1)
            gl.store(sched_ptr + gl.program_id(0) * (CONSUMERS * Q_BUFS) + qb, -1)
            mbarrier.arrive(q_ready.index(qb))
    else:
        for i in range(_tile_count(sched_ptr, sched_len, num_tiles, SCHEDULED, VARLEN)):
            t = _tile_id(i, sched_ptr, sched_len, SCHEDULED, VARLEN, SPLIT)
            cnt = _producer_tile(
                t, i, cnt, q_desc, k_desc, v_desc, q_smem, k_smem, v_smem, q_ready, q_empty, k_ready, v_ready,
                k_empty, v_empty, heads_q, group, seq_q, seq_k, num_m, bh_total, group_heads, sched_ptr,
                sched_len, items_ptr, n_items, BLOCK_N, STAGES, CAUSAL, CONSUMERS, V_T, VARLEN, Q_BUFS, SPLIT,
                DYNAMIC, DIAG_FIRST, PAD_TOP, K_STAGES, V_CHUNKS, notes, qs_ptr, ks_ptr, vs_ptr, qk_scale,
                ds_sb, ds_sh, Q_RING, Q_CHUNKS,
            )  # fmt: skip


@gluon.jit
def _transpose_words(x):
    """4 x 4 byte transposes: each thread's 4 words of one column word (4 columns) of 4 keys become 4 words of
    one column each (its 4 keys' bytes), 8 PRMTs a transpose (the compiler's byte gather took ~6 a byte)."""
    return gl.inline_asm_elementwise(
        """{
        .reg .b32 t0, t1, t2, t3;
        prmt.b32 t0, $4, $5, 0x5140;
        prmt.b32 t1, $4, $5, 0x7362;
        prmt.b32 t2, $6, $7, 0x5140;
        prmt.b32 t3, $6, $7, 0x7362;
        prmt.b32 $0, t0, t2, 0x5410;
        prmt.b32 $1, t0, t2, 0x7632;
        prmt.b32 $2, t1, t3, 0x5410;
        prmt.b32 $3, t1, t3, 0x7632;
        }""",
        "=r,=r,=r,=r,r,r,r,r", [x], dtype=gl.int32, is_pure=True, pack=4,
    )  # fmt: skip


@gluon.jit
def _transpose_block(v_raw, v_smem, raw_ready, raw_empty, v_ready, v_empty, cnt, HEAD_DIM: gl.constexpr,
                     BLOCK_N: gl.constexpr, STAGES: gl.constexpr, VT_SPLIT: gl.constexpr = True):  # fmt: skip
    """Ring entry ``cnt``'s V block, as TMA brought it ([BLOCK_N, D] in D/16 column chunks), into V^T's
    slot ([D, BLOCK_N], K-major as fp8 wgmma's B operand) with its keys at the P fragment's positions
    (``fp8.attention.key_slot``: bit 3 of the key moved below bits 1-2 inside 16-key groups). Both tiles
    are read as 32-bit words: a thread loads 2 words of keys n, n+1, n+8, n+9 (slots 4s..4s+3), transposes
    them 4 x 4 bytes (:func:`_transpose_words`) and stores a word a column. Why here and not in a launch
    of its own: FlashAttention-3's order, one launch for an e4m3 call, whose short shapes are launch-bound.
    ``VT_SPLIT`` (64-key blocks): each load takes two chunks, one a warp (the chunk pair's 128 rows as one
    128-key block's), where one chunk a load gave both warps the same keys, every word loaded, transposed and
    stored twice (docs/kernels-log.md, 2026-12-01, forty-third session (later))."""
    V_CHUNKS: gl.constexpr = HEAD_DIM // V_COLS
    W: gl.constexpr = V_COLS // 4  # words a key row of a chunk
    gl.static_assert(W == 4 and BLOCK_N >= 64, "16-column chunks, key blocks of 64 or more")
    PAIR: gl.constexpr = VT_SPLIT and BLOCK_N == 64 and V_CHUNKS % 2 == 0
    CH: gl.constexpr = 2 if PAIR else 1  # chunks a load
    ROWS: gl.constexpr = CH * BLOCK_N  # rows a load: a chunk's keys, or two chunks' (the second chunk's +64)
    # registers: keys +1, +8 (slot bits 0-1), word +1; lanes: word +2, keys +2, +4, +16, +32; warps: key +64
    # (a 64-key chunk alone: both warps the same keys); keys past 128 in more registers
    gl.static_assert(BLOCK_N <= 256, "key blocks of at most 256")
    words_l: gl.constexpr = gl.DistributedLinearLayout(
        [[1, 0], [8, 0], [0, 1], [128, 0]] if ROWS == 256 else [[1, 0], [8, 0], [0, 1]],
        [[0, 2], [2, 0], [4, 0], [16, 0], [32, 0]],
        [[64 if ROWS >= 128 else 0, 0]],
        [],
        [ROWS, W],
    )
    raw_w: gl.constexpr = gl.NVMMASharedLayout(v_raw.type.layout.swizzle_byte_width, 32, 2)
    vt_2d: gl.constexpr = gl.NVMMASharedLayout.get_default_for([HEAD_DIM, BLOCK_N], v_smem.dtype)
    vt_w: gl.constexpr = gl.NVMMASharedLayout(vt_2d.swizzle_byte_width, 32, 2)
    s = cnt % STAGES
    vt = v_smem.index(s)._reinterpret(gl.int32, [HEAD_DIM, BLOCK_N // 4], vt_w)
    # the raw ring as ROWS-row entries: a pair of consecutive chunks is one entry
    raw = v_raw._reinterpret(v_raw.dtype, [STAGES * V_CHUNKS // CH, 1, 1, ROWS, V_COLS], v_raw.type.layout)
    mbarrier.wait(raw_ready.index(s), (cnt // STAGES) & 1)
    mbarrier.wait(v_empty.index(s), ((cnt // STAGES) & 1) ^ 1)
    for c in gl.static_range(0, V_CHUNKS, CH):
        x = raw.index((s * V_CHUNKS + c) // CH)._reinterpret(gl.int32, [ROWS, W], raw_w).load(words_l)
        y = _transpose_words(
            x
        )  # word (key n, w) now holds column 4w + j's bytes of keys ... (j: n's bits 0, 3)
        y = (  # rows: chunk, column 4w + j (j: key bits 3, 0); columns: the keys' slot words
            y.reshape([CH, BLOCK_N // 16, 2, 2, 2, 2, W])
            .permute((0, 6, 2, 5, 1, 3, 4))
            .reshape([CH * V_COLS, BLOCK_N // 4])
        )
        vt.slice(c * V_COLS, CH * V_COLS, dim=0).store(y)
    fence_async_shared()
    gl.thread_barrier()
    mbarrier.arrive(raw_empty.index(s))
    mbarrier.arrive(v_ready.index(s))


@gluon.jit
def _transposer(v_raw, v_smem, raw_ready, raw_empty, v_ready, v_empty, heads_q, seq_q, seq_k, num_m,
                bh_total, group_heads, num_tiles, sched_ptr, sched_len, HEAD_DIM: gl.constexpr,
                BLOCK_N: gl.constexpr, STAGES: gl.constexpr, CAUSAL: gl.constexpr, CONSUMERS: gl.constexpr,
                SPLIT: gl.constexpr, VT_SPLIT: gl.constexpr = True):  # fmt: skip
    """The FP8 forward's ``V_GIVEN`` warpgroup: every key block the producer brings (the same walk, dense
    tiles), transposed into the V^T ring the consumers' PV reads (:func:`_transpose_block`)."""
    SCHEDULED: gl.constexpr = CAUSAL or SPLIT
    cnt = 0
    for i in range(_tile_count(sched_ptr, sched_len, num_tiles, SCHEDULED, False)):
        t = _tile_id(i, sched_ptr, sched_len, SCHEDULED, False, SPLIT)
        _, _, _, start_m, _, _, len_q, len_k = _tile_place(
            t, num_m, bh_total, group_heads, heads_q, seq_q, seq_k, sched_ptr, 1, CONSUMERS * HALF_M,
            CAUSAL, False,
        )  # fmt: skip
        n_tile, _ = _kv_blocks(start_m, CONSUMERS * HALF_M, len_k, len_k - len_q, BLOCK_N, CAUSAL)
        j0, j1, _ = _tile_keys(i, sched_ptr, sched_len, n_tile, SPLIT)
        for _j in range(j0, j1):
            _transpose_block(v_raw, v_smem, raw_ready, raw_empty, v_ready, v_empty, cnt, HEAD_DIM, BLOCK_N,
                             STAGES, VT_SPLIT)  # fmt: skip
            cnt += 1


@gluon.jit
def _normalise(acc, l_safe, o_layout: gl.constexpr, O_RECIP: gl.constexpr):
    """O = acc / l per row. ``O_RECIP``: one reciprocal a row and a multiply an element, where the division
    of every element takes fp32 division's full-range path (87 fewer SASS instructions in a D64 tile body,
    docs/kernels-log.md, 2026-11-28, twenty-third); a rounding or so apart, far below bf16's."""
    l_o = gl.convert_layout(l_safe, gl.SliceLayout(1, o_layout))
    return acc * gl.expand_dims(1.0 / l_o, 1) if O_RECIP else acc / gl.expand_dims(l_o, 1)


@gluon.jit
def _epilogue(acc, m_i, l_i, col_scale, o_base, lse_base, row0, offs_m, stride_on, seq_q,
              o_layout: gl.constexpr, HEAD_DIM: gl.constexpr, P_LOG2: gl.constexpr,
              COL_SCALE: gl.constexpr, PAD_TOP: gl.constexpr = False,
              O_RECIP: gl.constexpr = False):  # fmt: skip
    """O = acc / l (times ``col_scale``, [HEAD_DIM] in o's column layout, when ``COL_SCALE``) and the
    natural-log LSE, at the sequence's ``o_base`` / ``lse_base``; rows that saw no key give 0 and lse
    -inf. ``P_LOG2`` as in :func:`_softmax`. ``PAD_TOP``: rows before 0 (:func:`_tile_place`) are not
    stored either. ``O_RECIP``: :func:`_normalise`'s."""
    empty = l_i == 0.0
    l_safe = gl.where(empty, 1.0, l_i)
    lse = gl.where(empty, float("-inf"), (m_i + gl.log2(l_safe) - P_LOG2) * 0.6931471805599453)
    keep = offs_m < seq_q
    if PAD_TOP:
        keep = keep & (offs_m >= 0)
    gl.store(lse_base + offs_m, lse, mask=keep)
    out = _normalise(acc, l_safe, o_layout, O_RECIP)
    if COL_SCALE:
        out = out * gl.expand_dims(col_scale, 0)
    o_rows = row0 + gl.arange(0, HALF_M, layout=gl.SliceLayout(1, o_layout))
    o_cols = gl.arange(0, HEAD_DIM, layout=gl.SliceLayout(0, o_layout))
    ptrs = o_base + gl.expand_dims(o_rows.to(gl.int64) * stride_on, 1) + gl.expand_dims(o_cols, 0)
    o_keep = o_rows < seq_q
    if PAD_TOP:
        o_keep = o_keep & (o_rows >= 0)
    gl.store(ptrs, out.to(o_base.dtype.element_ty), mask=gl.expand_dims(o_keep, 1))


@gluon.jit
def _epilogue_tma(acc, m_i, l_i, lse_base, offs_m, seq_q, q_s, q_tile, o_desc, coord, q_free,
                  o_layout: gl.constexpr, O_RECIP: gl.constexpr = False):  # fmt: skip
    """:func:`_epilogue` (16-bit, no column scale) with O staged in the tile's own Q buffer and written by
    one TMA store: the accumulator's fragment would leave each thread 4-byte global stores, and on short
    tiles those stores stalled the warpgroup (the store queue) more than the key loop did. The buffer is
    handed back once the store has read it; rows past the sequence are clipped by the descriptor."""
    empty = l_i == 0.0
    l_safe = gl.where(empty, 1.0, l_i)
    lse = gl.where(empty, float("-inf"), (m_i + gl.log2(l_safe)) * 0.6931471805599453)
    gl.store(lse_base + offs_m, lse, mask=offs_m < seq_q)
    out = _normalise(acc, l_safe, o_layout, O_RECIP)
    q_s.store(out.to(q_s.dtype))
    fence_async_shared()
    tma.async_copy_shared_to_global(o_desc, coord, q_tile)
    tma.store_wait(0)
    mbarrier.arrive(q_free)


@gluon.jit
def _epilogue_part(acc, m_i, l_i, part_o, part_lse, slot, HALF: gl.constexpr, CONSUMERS: gl.constexpr,
                   o_layout: gl.constexpr, HEAD_DIM: gl.constexpr,
                   O_RECIP: gl.constexpr = False):  # fmt: skip
    """A piece's O (normalised, fp32) and natural-log LSE into partial slot ``slot`` of ``part_o`` [slots,
    CONSUMERS*64, HEAD_DIM] / ``part_lse`` [slots, CONSUMERS*64] (tile row r at row r), every row (rows past
    the sequence are never read back). The element offsets are a constant pattern from one base, so the
    stores take immediate offsets: the masked stores of :func:`_epilogue`, a 64-bit address an element,
    would hold 64-bit addresses an element."""
    empty = l_i == 0.0
    l_safe = gl.where(empty, 1.0, l_i)
    lse = gl.where(empty, float("-inf"), (m_i + gl.log2(l_safe)) * 0.6931471805599453)
    first = slot.to(gl.int64) * (CONSUMERS * HALF_M) + HALF * HALF_M
    rows = gl.arange(0, HALF_M, layout=lse.type.layout)
    gl.store(part_lse + first + rows, lse)
    out = _normalise(acc, l_safe, o_layout, O_RECIP)
    o_rows = gl.arange(0, HALF_M, layout=gl.SliceLayout(1, o_layout))
    o_cols = gl.arange(0, HEAD_DIM, layout=gl.SliceLayout(0, o_layout))
    offs = gl.expand_dims(o_rows * HEAD_DIM, 1) + gl.expand_dims(o_cols, 0)
    gl.store(part_o + first * HEAD_DIM + offs, out)


@gluon.jit
def _o_stage(q_smem, qb, q_s, o_desc, HEAD_DIM: gl.constexpr, HEAD_DIM_V: gl.constexpr,
             Q_CHUNKS: gl.constexpr = 1):  # fmt: skip
    """Where :func:`_epilogue_tma` stages a slice's O: the tile's Q buffer ``qb`` as (the 2-D view the
    consumer stores into, the 4-D tile the TMA store reads). At V's own width (``HEAD_DIM_V`` < ``HEAD_DIM``,
    MLA's 192/128) O fills the buffer's first 64 x HEAD_DIM_V elements (its first chunks: a 128-byte
    swizzled tile lays its 64-column chunks one after another), viewed in O's own layouts (its
    descriptor's); at equal widths they are Q's own views (``q_s``, one chunk), as before."""
    if HEAD_DIM_V == HEAD_DIM:
        gl.static_assert(Q_CHUNKS == 1, "O staged in Q's buffer at Q's width: one chunk")
        o_s = q_s[0]
        o_tile = q_smem.index(qb)
    else:
        gl.static_assert(HEAD_DIM_V < HEAD_DIM, "O is staged in Q's buffer: V's head dim at most Q's")
        first = q_smem.index(_chunk(qb, 0, Q_CHUNKS))
        o_2d: gl.constexpr = gl.NVMMASharedLayout.get_default_for([HALF_M, HEAD_DIM_V], q_smem.dtype)
        o_s = first._reinterpret(q_smem.dtype, [HALF_M, HEAD_DIM_V], o_2d)
        o_tile = first._reinterpret(q_smem.dtype, [1, 1, HALF_M, HEAD_DIM_V], o_desc.layout)
    return o_s, o_tile


@gluon.jit
def _key_block(e, top, DIAG_FIRST: gl.constexpr):
    """The key block in a slice's ``e``-th ring entry of a tile: ``top`` - e when its blocks arrive last
    first (``DIAG_FIRST``, ``top`` its last block), else e."""
    return top - e if DIAG_FIRST else e


@gluon.jit
def _block_scale(q_scale, ks_row, j, FP8: gl.constexpr):
    """The exp2 scale of key block j: FP8 folds in that block's K scale (one scalar per score tile)."""
    if FP8:
        q_scale = q_scale * gl.load(ks_row + j)
    return q_scale


@gluon.jit
def _consumer_tile(t, i, cnt, q_smem, k_smem, v_smem, q_ready, q_empty, k_ready, v_ready, k_empty, v_empty,
                   o_ptr, lse_ptr, qs_ptr, ks_ptr, vs_ptr, stride_ob, stride_oh, stride_on, qk_scale, heads_q,
                   group, seq_q, seq_k, num_m, bh_total, group_heads, sched_ptr, sched_len, items_ptr,
                   n_items, total_q, HALF: gl.constexpr, CONSUMERS: gl.constexpr, HEAD_DIM: gl.constexpr,
                   BLOCK_N: gl.constexpr, STAGES: gl.constexpr, CAUSAL: gl.constexpr, FP8: gl.constexpr,
                   VARLEN: gl.constexpr, INLINE_PV: gl.constexpr, Q_BUFS: gl.constexpr, O_TMA: gl.constexpr,
                   o_desc, SPLIT: gl.constexpr, part_o, part_lse, RESCALE: gl.constexpr,
                   RESCALE_WARP: gl.constexpr, DIAG_FIRST: gl.constexpr = False,
                   PAD_TOP: gl.constexpr = False, PAD_SKIP: gl.constexpr = False,
                   ROW_LIMIT: gl.constexpr = False, O_RECIP: gl.constexpr = False,
                   PINGPONG: gl.constexpr = False, FIRST_FULL: gl.constexpr = False,
                   K_STAGES: gl.constexpr = 2, V_GIVEN: gl.constexpr = False, qk_ds=0.0,
                   v_ds=0.0, Q_RING: gl.constexpr = False):  # fmt: skip
    """:func:`_consumer`'s work on tile ``t``, this program's ``i``-th, after ``cnt`` K/V blocks; returns
    the new count. ``DIAG_FIRST``: the tile's key blocks arrive last first, so a slice's masked blocks
    (causal diagonal, ragged end) are its first and it runs one masked block a tile, not two (block 0
    was masked whatever it held); ``PAD_TOP``: tiles laid from the last query row up (:func:`_tile_place`).
    ``PAD_SKIP`` (non-causal): a slice of padding rows alone runs one block, never stored, and hands the
    rest back, so the tile costs its real slices (the host's table balances tiles by that,
    :func:`accel.kernels.gluon.sched.padded_schedule`); without it such a slice walked every key.
    ``ROW_LIMIT``: masked blocks as :func:`_softmax` says; ``O_RECIP``: :func:`_normalise`'s.
    ``PINGPONG``: every wgmma issue of the tile (the first QK^T, each block's QK^T and PV, the last PV) in
    this consumer's turn (:func:`accel.kernels.gluon.fwd_steps._turn`); both slices take n_mine + 1 turns
    (``INLINE_PV``: one turn a block's PV and the next block's QK^T, :func:`_step_inline`; causal n_tile + 1).
    ``FIRST_FULL``: the slice's first block (P carried; ``INLINE_PV`` with ``Q_BUFS`` > 1, the item's block
    ahead of the loops) runs the unmasked softmax where every row sees all of it (a run-time branch between
    the two copies), where it always ran masked.

    ``INLINE_PV`` with ``Q_BUFS`` > 1 runs the item's first block ahead of its two loops (unmasked, then
    masked): the Q descriptor then changes from tile to tile, and Triton 3.6's ptxas (12.8.93) computed its
    k-step words only in the first loop's preheader and read them in the second's, also on the path that
    skips the first loop (a slice with no full key block: causal slices on or near the diagonal), where
    they still held the previous tile's Q buffer or garbage; wrong output or an illegal address
    (docs/kernels-log.md, 2026-11-28, twenty-fourth session; CUDA 13.0's ptxas recomputes them). A block
    ahead of both loops dominates them, as the carried-P path's first block does.

    ``V_GIVEN`` (FP8): the call's descales come from the tile's note (:func:`_note_get`; the producer
    reads them, one per (batch, kv head), rather than a launch of their own spreading them over scale
    blocks): ``qk_ds`` the exp2 scale (Q's times K's once a tile: the same product the spread scale blocks
    gave per block), ``v_ds`` V's."""
    PER_BLOCK: gl.constexpr = FP8 and not V_GIVEN  # K's scale per key block
    # O's columns: P V at V's width (V's ring [.., keys, D_V]; FP8's V^T ring [.., D, keys])
    HEAD_DIM_V: gl.constexpr = v_smem.shape[-2] if FP8 else v_smem.shape[-1]
    K_INSTR: gl.constexpr = 32 if FP8 else 16
    FP8_SHIFT: gl.constexpr = FP8_P_LOG2 if RESCALE + FP8_P_LOG2 <= E4M3_MAX_LOG2 else E4M3_MAX_LOG2 - RESCALE
    P_SHIFT: gl.constexpr = FP8_SHIFT if FP8 else 0.0
    s_layout: gl.constexpr = gl.NVMMADistributedLayout(
        version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, BLOCK_N, K_INSTR]
    )
    o_layout: gl.constexpr = gl.NVMMADistributedLayout(
        version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, HEAD_DIM_V, K_INSTR]
    )
    p_layout: gl.constexpr = gl.DotOperandLayout(operand_index=0, parent=o_layout, k_width=K_INSTR // 8)
    row_layout: gl.constexpr = gl.SliceLayout(1, s_layout)
    Q_CHUNKS: gl.constexpr = HEAD_DIM // q_smem.shape[-1]  # Q's and K's column chunks (192: three)
    qb, _ = _q_slot(i, HALF, CONSUMERS, Q_BUFS, Q_RING)  # this tile's Q buffer
    q_s = _chunks(q_smem, qb, Q_CHUNKS, HALF_M)
    b, h, bh, start_m, q0, k0, len_q, len_k = _tile_place(
        t, num_m, bh_total, group_heads, heads_q, seq_q, seq_k, items_ptr, n_items, CONSUMERS * HALF_M,
        CAUSAL, VARLEN, PAD_TOP,
    )  # fmt: skip
    causal_off = len_k - len_q  # query i sees key j when j <= i + causal_off
    row0 = start_m + HALF * HALF_M
    n_tile, _ = _kv_blocks(start_m, CONSUMERS * HALF_M, len_k, causal_off, BLOCK_N, CAUSAL)
    if PAD_SKIP:  # a slice past the last query row sees one key: one block (none stored), the rest handed
        # back below (given through _kv_blocks: overriding its counts afterwards made ptxas spill more)
        n_mine, n_full = _kv_blocks(
            row0, HALF_M, gl.where(row0 < len_q, len_k, 1), causal_off, BLOCK_N, CAUSAL
        )
    else:
        n_mine, n_full = _kv_blocks(row0, HALF_M, len_k, causal_off, BLOCK_N, CAUSAL)
    j0, j1, slot = _tile_keys(i, sched_ptr, sched_len, n_tile, SPLIT)
    if SPLIT:  # this item's share of the unmasked and the masked blocks; ring slots count from j0
        full_hi = gl.minimum(n_full, j1)
        masked_lo = gl.maximum(n_full, j0)
        n_mine = gl.minimum(n_mine, j1)
        ring0 = cnt - j0
    else:
        full_hi = n_full
        masked_lo = n_full
        ring0 = cnt
    offs_m = row0 + gl.arange(0, HALF_M, layout=row_layout)
    if V_GIVEN:
        ks_row = ks_ptr
        q_scale = qk_ds
    elif FP8:
        ks_row = ks_ptr + (bh // group) * gl.cdiv(len_k, BLOCK_N)  # this K/V head's block scales
        q_blocks = gl.cdiv(len_q, HALF_M)  # rows past seq_q reuse the last block's scale: never stored
        q_scale = qk_scale * gl.load(qs_ptr + bh * q_blocks + gl.minimum(row0 // HALF_M, q_blocks - 1))
    else:
        ks_row = ks_ptr
        q_scale = qk_scale
    _, q_ph = _q_slot(i, HALF, CONSUMERS, Q_BUFS, Q_RING)  # its barriers' phase, where it is waited for
    mbarrier.wait(q_ready.index(qb), q_ph)

    if INLINE_PV:  # each block's PV inside the block (no P carried: FP8's 256-key blocks)
        m_i = gl.full([HALF_M], float("-inf"), gl.float32, row_layout)
        l_i = gl.zeros([HALF_M], gl.float32, row_layout)
        acc = gl.zeros([HALF_M, HEAD_DIM_V], gl.float32, o_layout)
        first = j0
        if PINGPONG:  # the tile's first turn: its first QK^T (each step passes it on, _step_inline)
            _turn(HALF, False, CONSUMERS)
        if Q_BUFS > 1:  # the item's first block before both loops, masked (the docstring says why)
            if FIRST_FULL and j0 < full_hi:  # unless every row sees all of it
                acc, m_i, l_i = _step_inline(
                    q_s, k_smem, v_smem, k_ready, v_ready, k_empty, v_empty, ring0 + j0, j0, acc, m_i, l_i,
                    offs_m, _block_scale(q_scale, ks_row, j0, PER_BLOCK), causal_off, len_k, s_layout,
                    p_layout, o_layout, BLOCK_N, STAGES, False, CAUSAL, FP8, P_SHIFT, RESCALE, RESCALE_WARP,
                    ROW_LIMIT, K_STAGES, PINGPONG, HALF, CONSUMERS,
                )  # fmt: skip
            else:
                acc, m_i, l_i = _step_inline(
                    q_s, k_smem, v_smem, k_ready, v_ready, k_empty, v_empty, ring0 + j0, j0, acc, m_i, l_i,
                    offs_m, _block_scale(q_scale, ks_row, j0, PER_BLOCK), causal_off, len_k, s_layout,
                    p_layout, o_layout, BLOCK_N, STAGES, True, CAUSAL, FP8, P_SHIFT, RESCALE, RESCALE_WARP,
                    ROW_LIMIT, K_STAGES, PINGPONG, HALF, CONSUMERS,
                )  # fmt: skip
            first = j0 + 1
            masked_lo = gl.maximum(masked_lo, first)
        for j in range(first, full_hi):
            acc, m_i, l_i = _step_inline(
                q_s, k_smem, v_smem, k_ready, v_ready, k_empty, v_empty, ring0 + j, j, acc, m_i, l_i,
                offs_m, _block_scale(q_scale, ks_row, j, PER_BLOCK), causal_off, len_k, s_layout, p_layout,
                o_layout, BLOCK_N, STAGES, False, CAUSAL, FP8, P_SHIFT, RESCALE, RESCALE_WARP, ROW_LIMIT,
                K_STAGES, PINGPONG, HALF, CONSUMERS,
            )  # fmt: skip
        for j in range(masked_lo, n_mine):
            acc, m_i, l_i = _step_inline(
                q_s, k_smem, v_smem, k_ready, v_ready, k_empty, v_empty, ring0 + j, j, acc, m_i, l_i,
                offs_m, _block_scale(q_scale, ks_row, j, PER_BLOCK), causal_off, len_k, s_layout, p_layout,
                o_layout, BLOCK_N, STAGES, True, CAUSAL, FP8, P_SHIFT, RESCALE, RESCALE_WARP, ROW_LIMIT,
                K_STAGES, PINGPONG, HALF, CONSUMERS,
            )  # fmt: skip
        if PINGPONG:
            _turn(HALF, True, CONSUMERS)  # the turn the last PV was issued in
            if CAUSAL:  # a slice with fewer key blocks than the tile's last takes empty turns: as many a tile
                for _ in range(gl.maximum(n_mine, first), n_tile):
                    _turn(HALF, False, CONSUMERS)
                    _turn(HALF, True, CONSUMERS)
        if not O_TMA:
            mbarrier.arrive(q_empty.index(qb))
    else:
        # ring entries [cnt, cnt + n_tile) hold the tile's key blocks; with DIAG_FIRST last first, so the
        # entries only later slices' rows need come first (handed back at once) and this slice's first
        # block holds its diagonal (and the ragged end): its masked blocks lead, the rest run unmasked
        if DIAG_FIRST:
            _release_rest(k_ready, v_ready, k_empty, v_empty, cnt, 0, n_tile - n_mine, STAGES, K_STAGES)
            base = cnt + n_tile - n_mine
            top = n_mine - 1  # the key block of this slice's first entry
            lead = n_mine - n_full  # how many of its blocks are masked
        elif SPLIT:  # the item's key blocks [j0, j1) from ring entry cnt, counted from j0: block j0 + e is
            # block e of keys from j0 * BLOCK_N on (non-causal, the mask is the keys' end alone), so the
            # loops carry nothing the whole tile's walk does not
            base = cnt
            top = 0
            lead = full_hi - j0  # how many run unmasked after the first
            n_mine = j1 - j0
            len_k = len_k - j0 * BLOCK_N
        else:
            base = cnt
            top = 0
            lead = n_full  # how many run unmasked after the first
        # the first block, always masked (it may hold the diagonal or the ragged end, or nothing a row sees)
        m_i = gl.full([HALF_M], float("-inf"), gl.float32, row_layout)
        l_i = gl.zeros([HALF_M], gl.float32, row_layout)
        s_tok = _qk(q_s, k_smem, k_ready, base, s_layout, BLOCK_N, K_STAGES, PINGPONG, HALF)
        if PINGPONG:
            _turn(HALF, True)
        qk = warpgroup_mma_wait(0, deps=(s_tok,))
        mbarrier.arrive(k_empty.index(base % K_STAGES))
        if FIRST_FULL:  # the first block is full: without DIAG_FIRST block 0, with it the slice's last
            # (constexpr choices: with SPLIT the item's first block, j0)
            first_full = lead >= 1 if SPLIT else (n_full >= 1 if not DIAG_FIRST else n_full == n_mine)
            if first_full:
                p, alpha, m_i, l_i, grow = _softmax(
                    qk, m_i, l_i, top, offs_m, _block_scale(q_scale, ks_row, top, PER_BLOCK), causal_off,
                    len_k, s_layout, BLOCK_N, False, CAUSAL, P_SHIFT, RESCALE, RESCALE_WARP, ROW_LIMIT,
                )  # fmt: skip
            else:
                p, alpha, m_i, l_i, grow = _softmax(
                    qk, m_i, l_i, top, offs_m, _block_scale(q_scale, ks_row, top, PER_BLOCK), causal_off,
                    len_k, s_layout, BLOCK_N, True, CAUSAL, P_SHIFT, RESCALE, RESCALE_WARP, ROW_LIMIT,
                )  # fmt: skip
        else:
            p, alpha, m_i, l_i, grow = _softmax(
                qk, m_i, l_i, top, offs_m, _block_scale(q_scale, ks_row, top, PER_BLOCK), causal_off,
                len_k, s_layout, BLOCK_N, True, CAUSAL, P_SHIFT, RESCALE, RESCALE_WARP, ROW_LIMIT,
            )  # fmt: skip
        p = _p_operand(p, v_smem.dtype, p_layout, FP8)
        acc = gl.zeros([HALF_M, HEAD_DIM_V], gl.float32, o_layout)
        for e in range(1, lead):  # DIAG_FIRST: the masked blocks after the first; else the unmasked ones
            j = _key_block(e, top, DIAG_FIRST)
            acc, m_i, l_i, p, alpha, grow = _step(
                q_s, k_smem, v_smem, k_ready, v_ready, k_empty, v_empty, base + e, j, acc, m_i, l_i, p,
                alpha, offs_m, _block_scale(q_scale, ks_row, j, PER_BLOCK), causal_off, len_k, s_layout,
                p_layout, o_layout, BLOCK_N, STAGES, DIAG_FIRST, CAUSAL, FP8, P_SHIFT, grow, RESCALE,
                RESCALE_WARP, ROW_LIMIT, PINGPONG, HALF, K_STAGES,
            )  # fmt: skip
        for e in range(gl.maximum(lead, 1), n_mine):  # the rest: unmasked with DIAG_FIRST, else masked
            j = _key_block(e, top, DIAG_FIRST)
            acc, m_i, l_i, p, alpha, grow = _step(
                q_s, k_smem, v_smem, k_ready, v_ready, k_empty, v_empty, base + e, j, acc, m_i, l_i, p,
                alpha, offs_m, _block_scale(q_scale, ks_row, j, PER_BLOCK), causal_off, len_k, s_layout,
                p_layout, o_layout, BLOCK_N, STAGES, not DIAG_FIRST, CAUSAL, FP8, P_SHIFT, grow, RESCALE,
                RESCALE_WARP, ROW_LIMIT, PINGPONG, HALF, K_STAGES,
            )  # fmt: skip
        if not O_TMA:  # every QK^T of this tile is done: Q's buffer may refill
            mbarrier.arrive(q_empty.index(qb))
        last = base + n_mine - 1
        acc = _rescale(acc, alpha, grow, o_layout, RESCALE, RESCALE_WARP)
        mbarrier.wait(v_ready.index(last % STAGES), (last // STAGES) & 1)
        if PINGPONG:
            _turn(HALF, False)
        acc = warpgroup_mma(_e4m3(p, FP8), _v_operand(v_smem, last % STAGES, FP8), acc, is_async=True)
        if PINGPONG:
            _turn(HALF, True)
        acc = warpgroup_mma_wait(0, deps=(acc,))
        mbarrier.arrive(v_empty.index(last % STAGES))
    if SPLIT:
        if INLINE_PV:
            cnt += j1 - j0
        else:
            cnt += n_mine  # (j1 - j0: the bounds are not kept through the loops)
            j0, j1, slot = _tile_keys(i, sched_ptr, sched_len, n_tile, SPLIT)  # the slot read again
    else:
        if not DIAG_FIRST:  # key blocks only later slices' rows need, last in the ring
            _release_rest(k_ready, v_ready, k_empty, v_empty, cnt, n_mine, n_tile, STAGES, K_STAGES)
        cnt += n_tile
    if V_GIVEN:  # the head's one V descale in every column
        col_scale = gl.zeros([HEAD_DIM], gl.float32, gl.SliceLayout(0, o_layout)) + v_ds
    elif FP8:
        cols = gl.arange(0, HEAD_DIM, layout=gl.SliceLayout(0, o_layout))
        col_scale = gl.load(vs_ptr + (bh // group) * HEAD_DIM + cols)
    else:
        col_scale = acc
    if VARLEN:
        o_base = o_ptr + q0.to(gl.int64) * stride_on + h.to(gl.int64) * stride_oh
        lse_base = lse_ptr + h.to(gl.int64) * total_q + q0
    else:  # batch and head recomputed here: kept from the tile's start, they cost the loop registers
        o_base = o_ptr + (bh // heads_q).to(gl.int64) * stride_ob
        o_base += (bh % heads_q).to(gl.int64) * stride_oh
        lse_base = lse_ptr + bh.to(gl.int64) * len_q
    if O_TMA:
        if SPLIT == 2:  # every item a piece: its slot's fp32 rows, then Q's buffer back
            _epilogue_part(acc, m_i, l_i, part_o, part_lse, slot, HALF, CONSUMERS, o_layout, HEAD_DIM_V,
                           O_RECIP)  # fmt: skip
            mbarrier.arrive(q_empty.index(qb))
        elif not VARLEN:
            o_s, o_tile = _o_stage(q_smem, qb, q_s, o_desc, HEAD_DIM, HEAD_DIM_V, Q_CHUNKS)
            _epilogue_tma(acc, m_i, l_i, lse_base, offs_m, len_q, o_s, o_tile, o_desc,
                          [b, h, row0, 0], q_empty.index(qb), o_layout, O_RECIP)  # fmt: skip
        elif row0 + HALF_M <= len_q:  # a 64-row slice inside its document
            o_s, o_tile = _o_stage(q_smem, qb, q_s, o_desc, HEAD_DIM, HEAD_DIM_V, Q_CHUNKS)
            _epilogue_tma(acc, m_i, l_i, lse_base, offs_m, len_q, o_s, o_tile, o_desc,
                          [b, h, q0 + row0, 0], q_empty.index(qb), o_layout, O_RECIP)  # fmt: skip
        else:  # a packed document's last rows: a box would write the next document's, so by row mask
            _epilogue(acc, m_i, l_i, col_scale, o_base, lse_base, row0, offs_m, stride_on, len_q,
                      o_layout, HEAD_DIM_V, P_SHIFT, FP8, O_RECIP=O_RECIP)  # fmt: skip
            mbarrier.arrive(q_empty.index(qb))
    elif SPLIT:
        if slot >= 0:  # part of the tile's keys: its slot's fp32 rows, tile row r at row r
            part = slot.to(gl.int64) * (CONSUMERS * HALF_M) - start_m
            _epilogue(acc, m_i, l_i, col_scale, part_o + part * HEAD_DIM_V, part_lse + part, row0, offs_m,
                      HEAD_DIM_V, len_q, o_layout, HEAD_DIM_V, P_SHIFT, FP8, O_RECIP=O_RECIP)  # fmt: skip
        else:
            _epilogue(acc, m_i, l_i, col_scale, o_base, lse_base, row0, offs_m, stride_on, len_q,
                      o_layout, HEAD_DIM_V, P_SHIFT, FP8, O_RECIP=O_RECIP)  # fmt: skip
    else:
        _epilogue(acc, m_i, l_i, col_scale, o_base, lse_base, row0, offs_m, stride_on, len_q, o_layout,
                  HEAD_DIM_V, P_SHIFT, FP8, PAD_TOP, O_RECIP)  # fmt: skip
    return cnt


@gluon.jit
def _slice_place(t, i, cnt, q_smem, heads_q, seq_q, seq_k, num_m, bh_total, group_heads, items_ptr, n_items,
                 HALF: gl.constexpr, CONSUMERS: gl.constexpr, HEAD_DIM: gl.constexpr, BLOCK_N: gl.constexpr,
                 CAUSAL: gl.constexpr, Q_BUFS: gl.constexpr, DIAG_FIRST: gl.constexpr,
                 PAD_TOP: gl.constexpr, PAD_SKIP: gl.constexpr):  # fmt: skip
    """Where this consumer's slice of dense tile ``t`` (this program's ``i``-th, its ring entries from
    ``cnt``) lies and how it walks its keys, as :func:`_consumer_tile` works them out: (Q buffer, its 2-D
    view, batch, head, batch*head, query count, key count, causal offset, first row, the tile's blocks,
    the slice's blocks, its unmasked ones, its first ring entry, that entry's key block, the loops' split,
    the slice's rows). :func:`_consumer_ahead` takes it once for a tile's first block, issued under the
    tile before, and again for the rest (scalar work, cheaper than carrying it across the tile loop)."""
    s_layout: gl.constexpr = gl.NVMMADistributedLayout(
        version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, BLOCK_N, 16]
    )
    gl.static_assert(q_smem.shape[-1] == HEAD_DIM, "NEXT_QK: Q in one chunk")
    qb, _ = _q_slot(i, HALF, CONSUMERS, Q_BUFS)
    q_s = _chunks(q_smem, qb, 1, HALF_M)
    b, h, bh, start_m, q0, k0, len_q, len_k = _tile_place(
        t, num_m, bh_total, group_heads, heads_q, seq_q, seq_k, items_ptr, n_items, CONSUMERS * HALF_M,
        CAUSAL, False, PAD_TOP,
    )  # fmt: skip
    causal_off = len_k - len_q
    row0 = start_m + HALF * HALF_M
    n_tile, _ = _kv_blocks(start_m, CONSUMERS * HALF_M, len_k, causal_off, BLOCK_N, CAUSAL)
    if PAD_SKIP:
        n_mine, n_full = _kv_blocks(
            row0, HALF_M, gl.where(row0 < len_q, len_k, 1), causal_off, BLOCK_N, CAUSAL
        )
    else:
        n_mine, n_full = _kv_blocks(row0, HALF_M, len_k, causal_off, BLOCK_N, CAUSAL)
    if DIAG_FIRST:
        base = cnt + n_tile - n_mine
        top = n_mine - 1
        lead = n_mine - n_full
    else:
        base = cnt
        top = 0
        lead = n_full
    offs_m = row0 + gl.arange(0, HALF_M, layout=gl.SliceLayout(1, s_layout))
    return (qb, q_s, b, h, bh, len_q, len_k, causal_off, row0, n_tile, n_mine, n_full, base, top, lead,
            offs_m)  # fmt: skip


@gluon.jit
def _first_qk(i, cnt, qb, q_s, n_tile, n_mine, base, k_smem, q_ready, k_ready, v_ready, k_empty, v_empty,
              BLOCK_N: gl.constexpr, STAGES: gl.constexpr, Q_BUFS: gl.constexpr, DIAG_FIRST: gl.constexpr,
              K_STAGES: gl.constexpr):  # fmt: skip
    """A slice's first QK^T, issued (not waited): Q's wait, the ring entries only other slices need handed
    back first (``DIAG_FIRST``: they lead the tile's entries), then K's wait and the wgmma."""
    s_layout: gl.constexpr = gl.NVMMADistributedLayout(
        version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, BLOCK_N, 16]
    )
    mbarrier.wait(q_ready.index(qb), (i // Q_BUFS) & 1)
    if DIAG_FIRST:
        _release_rest(k_ready, v_ready, k_empty, v_empty, cnt, 0, n_tile - n_mine, STAGES, K_STAGES)
    return _qk(q_s, k_smem, k_ready, base, s_layout, BLOCK_N, K_STAGES)


@gluon.jit
def _first_softmax(qk, n_full, n_mine, top, offs_m, qk_scale, causal_off, len_k, dtype: gl.constexpr,
                   BLOCK_N: gl.constexpr, HEAD_DIM: gl.constexpr, CAUSAL: gl.constexpr,
                   RESCALE: gl.constexpr, RESCALE_WARP: gl.constexpr, ROW_LIMIT: gl.constexpr,
                   DIAG_FIRST: gl.constexpr, FIRST_FULL: gl.constexpr):  # fmt: skip
    """A slice's first block's softmax, as :func:`_consumer_tile` runs it (masked, or with ``FIRST_FULL``
    unmasked where every row sees all of it): (P as PV's operand, alpha, m, l, grow)."""
    s_layout: gl.constexpr = gl.NVMMADistributedLayout(
        version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, BLOCK_N, 16]
    )
    o_layout: gl.constexpr = gl.NVMMADistributedLayout(
        version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, HEAD_DIM, 16]
    )
    p_layout: gl.constexpr = gl.DotOperandLayout(operand_index=0, parent=o_layout, k_width=2)
    row_layout: gl.constexpr = gl.SliceLayout(1, s_layout)
    m_i = gl.full([HALF_M], float("-inf"), gl.float32, row_layout)
    l_i = gl.zeros([HALF_M], gl.float32, row_layout)
    if FIRST_FULL:
        first_full = n_full >= 1 if not DIAG_FIRST else n_full == n_mine
        if first_full:
            p, alpha, m_i, l_i, grow = _softmax(
                qk, m_i, l_i, top, offs_m, qk_scale, causal_off, len_k, s_layout, BLOCK_N, False, CAUSAL,
                0.0, RESCALE, RESCALE_WARP, ROW_LIMIT,
            )  # fmt: skip
        else:
            p, alpha, m_i, l_i, grow = _softmax(
                qk, m_i, l_i, top, offs_m, qk_scale, causal_off, len_k, s_layout, BLOCK_N, True, CAUSAL,
                0.0, RESCALE, RESCALE_WARP, ROW_LIMIT,
            )  # fmt: skip
    else:
        p, alpha, m_i, l_i, grow = _softmax(
            qk, m_i, l_i, top, offs_m, qk_scale, causal_off, len_k, s_layout, BLOCK_N, True, CAUSAL, 0.0,
            RESCALE, RESCALE_WARP, ROW_LIMIT,
        )  # fmt: skip
    p = _p_operand(p, dtype, p_layout, False)
    return p, alpha, m_i, l_i, grow


@gluon.jit
def _slice_finish(acc, m_i, l_i, dtype: gl.constexpr, o_layout: gl.constexpr, O_RECIP: gl.constexpr):
    """The epilogue's math of :func:`_epilogue_tma` / :func:`_epilogue` (16-bit, no column scale): (O / l in
    ``dtype``, two values a register as the cast would round them, and the natural-log LSE)."""
    empty = l_i == 0.0
    l_safe = gl.where(empty, 1.0, l_i)
    lse = gl.where(empty, float("-inf"), (m_i + gl.log2(l_safe)) * 0.6931471805599453)
    out = _normalise(acc, l_safe, o_layout, O_RECIP)
    if dtype == gl.bfloat16:
        out = gl.inline_asm_elementwise("cvt.rn.bf16x2.f32 $0, $2, $1;", "=r,r,r", [out], dtype=gl.bfloat16,
                                        is_pure=True, pack=2)  # fmt: skip
    else:
        out = gl.inline_asm_elementwise("cvt.rn.f16x2.f32 $0, $2, $1;", "=r,r,r", [out], dtype=gl.float16,
                                        is_pure=True, pack=2)  # fmt: skip
    return out, lse


@gluon.jit
def _slice_store(out, lse, q_smem, qb, q_s, q_empty, o_desc, o_ptr, lse_ptr, b, h, bh, row0, offs_m, len_q,
                 stride_ob, stride_oh, stride_on, heads_q, HEAD_DIM: gl.constexpr, O_TMA: gl.constexpr,
                 PAD_TOP: gl.constexpr):  # fmt: skip
    """A dense slice's stores, as :func:`_epilogue_tma` / :func:`_epilogue` write them, of ``out`` / ``lse``
    from :func:`_slice_finish`: O by one TMA store through its Q buffer (handed back once read), or by
    masked stores; rows past the sequence (and before 0, ``PAD_TOP``) not stored."""
    o_layout: gl.constexpr = gl.NVMMADistributedLayout(
        version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, HEAD_DIM, 16]
    )
    lse_base = lse_ptr + bh.to(gl.int64) * len_q
    keep = offs_m < len_q
    if PAD_TOP:
        keep = keep & (offs_m >= 0)
    gl.store(lse_base + offs_m, lse, mask=keep)
    if O_TMA:
        q_s[0].store(out)
        fence_async_shared()
        tma.async_copy_shared_to_global(o_desc, [b, h, row0, 0], q_smem.index(qb))
        tma.store_wait(0)
        mbarrier.arrive(q_empty.index(qb))
    else:
        o_base = o_ptr + (bh // heads_q).to(gl.int64) * stride_ob
        o_base += (bh % heads_q).to(gl.int64) * stride_oh
        o_rows = row0 + gl.arange(0, HALF_M, layout=gl.SliceLayout(1, o_layout))
        o_cols = gl.arange(0, HEAD_DIM, layout=gl.SliceLayout(0, o_layout))
        ptrs = o_base + gl.expand_dims(o_rows.to(gl.int64) * stride_on, 1) + gl.expand_dims(o_cols, 0)
        o_keep = o_rows < len_q
        if PAD_TOP:
            o_keep = o_keep & (o_rows >= 0)
        gl.store(ptrs, out, mask=gl.expand_dims(o_keep, 1))


@gluon.jit
def _consumer_ahead(q_smem, k_smem, v_smem, q_ready, q_empty, k_ready, v_ready, k_empty, v_empty, o_ptr,
                    lse_ptr, qs_ptr, ks_ptr, vs_ptr, stride_ob, stride_oh, stride_on, qk_scale, heads_q,
                    group, seq_q, seq_k, num_m, bh_total, group_heads, num_tiles, sched_ptr, sched_len,
                    items_ptr, n_items, total_q, HALF: gl.constexpr, CONSUMERS: gl.constexpr,
                    HEAD_DIM: gl.constexpr, BLOCK_N: gl.constexpr, STAGES: gl.constexpr,
                    CAUSAL: gl.constexpr, FP8: gl.constexpr, VARLEN: gl.constexpr,
                    INLINE_PV: gl.constexpr = False, Q_BUFS: gl.constexpr = 1, O_TMA: gl.constexpr = False,
                    o_desc=None, SPLIT: gl.constexpr = False, part_o=None, part_lse=None,
                    DYNAMIC: gl.constexpr = False, RESCALE: gl.constexpr = 0.0,
                    RESCALE_WARP: gl.constexpr = False, DIAG_FIRST: gl.constexpr = False,
                    PAD_TOP: gl.constexpr = False, PAD_SKIP: gl.constexpr = False,
                    ROW_LIMIT: gl.constexpr = False, O_RECIP: gl.constexpr = False,
                    PINGPONG: gl.constexpr = False, FIRST_FULL: gl.constexpr = False,
                    K_STAGES: gl.constexpr = 2, NEXT_QK: gl.constexpr = 1, V_GIVEN: gl.constexpr = False,
                    notes=None, Q_RING: gl.constexpr = False):  # fmt: skip
    """:func:`_consumer`'s dense 16-bit walk with each tile's first QK^T issued before the tile before's
    epilogue (``NEXT_QK``, ``GluonFwdConfig.next_qk``): a tile ends at its last PV, and the loop carries
    its O, m and l into the next iteration, which waits for its tile's Q and first K, issues that QK^T,
    then normalises and stores the tile before's O (and LSE), and only then waits for the QK^T and runs
    its softmax: the tensor pipe works through the epilogue's math and stores. The program's last tile
    is stored after the loop. Every ring entry of a tile is handed back (the last V after its PV) before
    the next tile's are waited for, so the producer is never held by this slice. The first QK^T stays in
    the tile's own iteration, ahead of both key loops, so Q's wgmma descriptor is written where it
    dominates them (the twenty-fourth session's ptxas 12.8 hazard, :func:`_consumer_tile`). The blocks
    and their softmax are :func:`_consumer_tile`'s (carried-P path) in the same order: the same bytes.
    Its arguments are :func:`_consumer`'s (``_forward`` picks one of the two); the FP8, packed, split and
    turn-taking ones it refuses. ``NEXT_QK`` 2, a control for the A/B: the same walk with the QK^T issued
    after the stores (the order of :func:`_consumer_tile`), so what the order buys is told apart from what
    the walk's code costs."""
    gl.static_assert(not (FP8 or VARLEN or INLINE_PV or SPLIT or DYNAMIC or PINGPONG),
                     "NEXT_QK: dense 16-bit tiles, P carried, no turns")  # fmt: skip
    gl.static_assert(Q_BUFS > 1 or not O_TMA, "NEXT_QK, O by TMA: the next tile's Q in a buffer of its own")
    s_layout: gl.constexpr = gl.NVMMADistributedLayout(
        version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, BLOCK_N, 16]
    )
    o_layout: gl.constexpr = gl.NVMMADistributedLayout(
        version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, HEAD_DIM, 16]
    )
    p_layout: gl.constexpr = gl.DotOperandLayout(operand_index=0, parent=o_layout, k_width=2)
    row_layout: gl.constexpr = gl.SliceLayout(1, s_layout)
    SCHEDULED: gl.constexpr = CAUSAL or PAD_SKIP
    n = _tile_count(sched_ptr, sched_len, num_tiles, SCHEDULED, False)
    cnt = 0
    # the tile before's O (normalised, 16-bit) and LSE (none before the first)
    rows0 = gl.zeros([HALF_M], gl.float32, row_layout)
    out, lse = _slice_finish(gl.zeros([HALF_M, HEAD_DIM], gl.float32, o_layout), rows0, rows0, v_smem.dtype,
                             o_layout, O_RECIP)  # fmt: skip
    for i in range(n):
        t = _tile_id(i, sched_ptr, sched_len, SCHEDULED, False, False)
        qb, q_s, b, h, bh, len_q, len_k, causal_off, row0, n_tile, n_mine, n_full, base, top, lead, offs_m = (
            _slice_place(t, i, cnt, q_smem, heads_q, seq_q, seq_k, num_m, bh_total, group_heads, items_ptr,
                         n_items, HALF, CONSUMERS, HEAD_DIM, BLOCK_N, CAUSAL, Q_BUFS, DIAG_FIRST, PAD_TOP,
                         PAD_SKIP)
        )  # fmt: skip
        if NEXT_QK == 1:
            s_tok = _first_qk(i, cnt, qb, q_s, n_tile, n_mine, base, k_smem, q_ready, k_ready, v_ready,
                              k_empty, v_empty, BLOCK_N, STAGES, Q_BUFS, DIAG_FIRST, K_STAGES)  # fmt: skip
        if i > 0:  # the tile before's epilogue under this QK^T
            tp = _tile_id(i - 1, sched_ptr, sched_len, SCHEDULED, False, False)
            qbp, q_sp, bp, hp, bhp, len_qp, _lk, _co, row0p, _nt, _nm, _nf, _bs, _tp, _ld, offs_mp = (
                _slice_place(tp, i - 1, cnt, q_smem, heads_q, seq_q, seq_k, num_m, bh_total, group_heads,
                             items_ptr, n_items, HALF, CONSUMERS, HEAD_DIM, BLOCK_N, CAUSAL, Q_BUFS,
                             DIAG_FIRST, PAD_TOP, PAD_SKIP)
            )  # fmt: skip
            _slice_store(out, lse, q_smem, qbp, q_sp, q_empty, o_desc, o_ptr, lse_ptr, bp, hp, bhp, row0p,
                         offs_mp, len_qp, stride_ob, stride_oh, stride_on, heads_q, HEAD_DIM, O_TMA,
                         PAD_TOP)  # fmt: skip
        if NEXT_QK != 1:
            s_tok = _first_qk(i, cnt, qb, q_s, n_tile, n_mine, base, k_smem, q_ready, k_ready, v_ready,
                              k_empty, v_empty, BLOCK_N, STAGES, Q_BUFS, DIAG_FIRST, K_STAGES)  # fmt: skip
        qk = warpgroup_mma_wait(0, deps=(s_tok,))
        mbarrier.arrive(k_empty.index(base % K_STAGES))
        p, alpha, m_i, l_i, grow = _first_softmax(
            qk, n_full, n_mine, top, offs_m, qk_scale, causal_off, len_k, v_smem.dtype, BLOCK_N, HEAD_DIM,
            CAUSAL, RESCALE, RESCALE_WARP, ROW_LIMIT, DIAG_FIRST, FIRST_FULL,
        )  # fmt: skip
        acc = gl.zeros([HALF_M, HEAD_DIM], gl.float32, o_layout)
        for e in range(1, lead):  # DIAG_FIRST: the masked blocks after the first; else the unmasked ones
            j = _key_block(e, top, DIAG_FIRST)
            acc, m_i, l_i, p, alpha, grow = _step(
                q_s, k_smem, v_smem, k_ready, v_ready, k_empty, v_empty, base + e, j, acc, m_i, l_i, p,
                alpha, offs_m, qk_scale, causal_off, len_k, s_layout, p_layout, o_layout, BLOCK_N, STAGES,
                DIAG_FIRST, CAUSAL, False, 0.0, grow, RESCALE, RESCALE_WARP, ROW_LIMIT, False, HALF,
                K_STAGES,
            )  # fmt: skip
        for e in range(gl.maximum(lead, 1), n_mine):  # the rest: unmasked with DIAG_FIRST, else masked
            j = _key_block(e, top, DIAG_FIRST)
            acc, m_i, l_i, p, alpha, grow = _step(
                q_s, k_smem, v_smem, k_ready, v_ready, k_empty, v_empty, base + e, j, acc, m_i, l_i, p,
                alpha, offs_m, qk_scale, causal_off, len_k, s_layout, p_layout, o_layout, BLOCK_N, STAGES,
                not DIAG_FIRST, CAUSAL, False, 0.0, grow, RESCALE, RESCALE_WARP, ROW_LIMIT, False, HALF,
                K_STAGES,
            )  # fmt: skip
        if not O_TMA:  # every QK^T of this tile is done: Q's buffer may refill
            mbarrier.arrive(q_empty.index(qb))
        last = base + n_mine - 1
        acc = _rescale(acc, alpha, grow, o_layout, RESCALE, RESCALE_WARP)
        mbarrier.wait(v_ready.index(last % STAGES), (last // STAGES) & 1)
        acc = warpgroup_mma(p, _v_operand(v_smem, last % STAGES, False), acc, is_async=True)
        acc = warpgroup_mma_wait(0, deps=(acc,))
        mbarrier.arrive(v_empty.index(last % STAGES))
        if not DIAG_FIRST:  # key blocks only later slices' rows need, last in the ring
            _release_rest(k_ready, v_ready, k_empty, v_empty, cnt, n_mine, n_tile, STAGES, K_STAGES)
        cnt += n_tile
        out, lse = _slice_finish(acc, m_i, l_i, v_smem.dtype, o_layout, O_RECIP)
    if n > 0:  # the last tile's epilogue
        tl_ = _tile_id(n - 1, sched_ptr, sched_len, SCHEDULED, False, False)
        qbl, q_sl, bl, hl, bhl, len_ql, _lk, _co, row0l, _nt, _nm, _nf, _bs, _tp, _ld, offs_ml = _slice_place(
            tl_, n - 1, cnt, q_smem, heads_q, seq_q, seq_k, num_m, bh_total, group_heads, items_ptr, n_items,
            HALF, CONSUMERS, HEAD_DIM, BLOCK_N, CAUSAL, Q_BUFS, DIAG_FIRST, PAD_TOP, PAD_SKIP,
        )  # fmt: skip
        _slice_store(out, lse, q_smem, qbl, q_sl, q_empty, o_desc, o_ptr, lse_ptr, bl, hl, bhl, row0l,
                     offs_ml, len_ql, stride_ob, stride_oh, stride_on, heads_q, HEAD_DIM, O_TMA,
                     PAD_TOP)  # fmt: skip


@gluon.jit
def _consumer(q_smem, k_smem, v_smem, q_ready, q_empty, k_ready, v_ready, k_empty, v_empty, o_ptr, lse_ptr,
              qs_ptr, ks_ptr, vs_ptr, stride_ob, stride_oh, stride_on, qk_scale, heads_q, group, seq_q, seq_k,
              num_m, bh_total, group_heads, num_tiles, sched_ptr, sched_len, items_ptr, n_items, total_q,
              HALF: gl.constexpr, CONSUMERS: gl.constexpr, HEAD_DIM: gl.constexpr, BLOCK_N: gl.constexpr,
              STAGES: gl.constexpr, CAUSAL: gl.constexpr, FP8: gl.constexpr, VARLEN: gl.constexpr,
              INLINE_PV: gl.constexpr = False, Q_BUFS: gl.constexpr = 1, O_TMA: gl.constexpr = False,
              o_desc=None, SPLIT: gl.constexpr = False, part_o=None, part_lse=None,
              DYNAMIC: gl.constexpr = False, RESCALE: gl.constexpr = 0.0,
              RESCALE_WARP: gl.constexpr = False, DIAG_FIRST: gl.constexpr = False,
              PAD_TOP: gl.constexpr = False, PAD_SKIP: gl.constexpr = False,
              ROW_LIMIT: gl.constexpr = False, O_RECIP: gl.constexpr = False,
              PINGPONG: gl.constexpr = False, FIRST_FULL: gl.constexpr = False,
              K_STAGES: gl.constexpr = 2, NEXT_QK: gl.constexpr = 0, V_GIVEN: gl.constexpr = False,
              notes=None, Q_RING: gl.constexpr = False):  # fmt: skip
    """The 64-row slice ``HALF`` of each tile of CONSUMERS x 64 rows. ``FP8``: e4m3 operands (k = 32 per
    wgmma), Q's scale per 64 rows and K's per block from ``qs_ptr``/``ks_ptr``, V's per column from
    ``vs_ptr`` (unused otherwise). ``VARLEN``: packed documents, o (total_q, Hq, D) and lse (Hq, total_q).
    ``SPLIT`` (non-causal): an item runs the key blocks the host's table gives it (FP8 with PV inside each
    block; the bf16 carried-P step counts them from the item's first); one that runs part of its tile's
    keys writes its O (normalised, fp32) and natural-log LSE to its slot of ``part_o`` [slots,
    CONSUMERS*64, HEAD_DIM] / ``part_lse`` [slots, CONSUMERS*64], merged afterwards
    (:mod:`accel.kernels.gluon.merge`); ``SPLIT`` 2 (the bf16 forward's cut tail): every item is a piece.
    ``DYNAMIC``: each tile's number is read from this Q buffer's slot in ``sched_ptr`` once its Q has
    landed, until a -1 (:func:`_producer`). ``RESCALE``: O and l are
    rescaled only when a row's max grows by more than this (log2 units; :func:`_softmax`), 0 every block.
    ``PINGPONG`` (two consumers, dense non-causal tiles, FlashAttention-3's order; with ``INLINE_PV`` two
    or three consumers, causal too): the consumers take turns to issue their wgmmas
    (:func:`accel.kernels.gluon.fwd_steps._turn`); both slices of a tile walk the same blocks, so they take
    as many turns (inline causal slices with fewer blocks than the tile's last take empty ones). The last
    consumer hands consumer 0 the first turn, and consumer 0 takes the turn the last hands back last, so
    each named barrier is left with no arrival pending.
    ``V_GIVEN`` (the e4m3 call's FP8 forward): each tile's id and descales come from the producer's note
    beside the tile's Q (``notes``, :func:`_note_get`), read once Q's barrier has completed, where each
    consumer read the id from the host's table and then the descales from global memory, a chain of two
    loads before every tile's first QK^T (docs/kernels-log.md, 2026-11-30, thirty-ninth and fortieth
    sessions). The outputs are the same bits: the same values and products."""
    gl.static_assert(not SPLIT or not (CAUSAL or VARLEN or DYNAMIC or (FP8 and not INLINE_PV)),
                     "the key split: non-causal dense tiles (FP8's with PV inside each block)")  # fmt: skip
    gl.static_assert(not DIAG_FIRST or not (INLINE_PV or SPLIT), "DIAG_FIRST orders the carried-P step")
    gl.static_assert(not Q_RING or not (INLINE_PV or SPLIT or DYNAMIC or V_GIVEN or Q_BUFS > 1),
                     "Q_RING: the dense carried-P walk with one Q buffer a consumer")  # fmt: skip
    gl.static_assert(not PAD_TOP or (CAUSAL and not VARLEN and not O_TMA and not FP8),
                     "PAD_TOP lays dense causal tiles whose O leaves by masked stores")  # fmt: skip
    gl.static_assert(not PAD_SKIP or not (CAUSAL or VARLEN or SPLIT or DYNAMIC),
                     "PAD_SKIP walks dense non-causal tiles from the host's table")  # fmt: skip
    DENSE: gl.constexpr = not (VARLEN or DYNAMIC or PAD_SKIP)
    gl.static_assert(not PINGPONG or (CONSUMERS == 2 and DENSE and not (CAUSAL or SPLIT))
                     or (INLINE_PV and DENSE and not (SPLIT and CAUSAL)),
                     "PINGPONG: two consumers whose slices walk the same key blocks (P carried), or PV "
                     "inside each block, dense tiles")  # fmt: skip
    if PINGPONG and HALF == CONSUMERS - 1:
        _turn(HALF, True, CONSUMERS)  # consumer 0 goes first
    SCHEDULED: gl.constexpr = (CAUSAL and not VARLEN) or SPLIT or PAD_SKIP
    cnt = 0  # K/V blocks consumed so far: ring slot and phase
    if DYNAMIC:
        slots = sched_ptr + gl.program_id(0) * (CONSUMERS * Q_BUFS) + HALF * Q_BUFS
        i = 0
        mbarrier.wait(q_ready.index(HALF * Q_BUFS), 0)  # (the tile's own wait then returns at once)
        t = gl.load(slots, volatile=True)
        while t >= 0:
            cnt = _consumer_tile(
                t, i, cnt, q_smem, k_smem, v_smem, q_ready, q_empty, k_ready, v_ready, k_empty, v_empty,
                o_ptr, lse_ptr, qs_ptr, ks_ptr, vs_ptr, stride_ob, stride_oh, stride_on, qk_scale, heads_q,
                group, seq_q, seq_k, num_m, bh_total, group_heads, sched_ptr, sched_len, items_ptr, n_items,
                total_q, HALF, CONSUMERS, HEAD_DIM, BLOCK_N, STAGES, CAUSAL, FP8, VARLEN, INLINE_PV, Q_BUFS,
                O_TMA, o_desc, SPLIT, part_o, part_lse, RESCALE, RESCALE_WARP, DIAG_FIRST, PAD_TOP, PAD_SKIP,
                ROW_LIMIT, O_RECIP, PINGPONG, FIRST_FULL, K_STAGES,
            )  # fmt: skip
            i += 1
            qb, q_ph = _q_slot(i, HALF, CONSUMERS, Q_BUFS)
            mbarrier.wait(q_ready.index(qb), q_ph)
            t = gl.load(slots + i % Q_BUFS, volatile=True)
    elif V_GIVEN:  # each tile's note beside its Q (the docstring says why)
        for i in range(_tile_count(sched_ptr, sched_len, num_tiles, SCHEDULED, False)):
            qb, q_ph = _q_slot(i, HALF, CONSUMERS, Q_BUFS)
            mbarrier.wait(q_ready.index(qb), q_ph)  # (the tile's own wait then returns at once)
            t, qk_ds, v_ds = _note_get(notes.index(qb), 4)
            cnt = _consumer_tile(
                t, i, cnt, q_smem, k_smem, v_smem, q_ready, q_empty, k_ready, v_ready, k_empty, v_empty,
                o_ptr, lse_ptr, qs_ptr, ks_ptr, vs_ptr, stride_ob, stride_oh, stride_on, qk_scale, heads_q,
                group, seq_q, seq_k, num_m, bh_total, group_heads, sched_ptr, sched_len, items_ptr, n_items,
                total_q, HALF, CONSUMERS, HEAD_DIM, BLOCK_N, STAGES, CAUSAL, FP8, VARLEN, INLINE_PV, Q_BUFS,
                O_TMA, o_desc, SPLIT, part_o, part_lse, RESCALE, RESCALE_WARP, DIAG_FIRST, PAD_TOP, PAD_SKIP,
                ROW_LIMIT, O_RECIP, PINGPONG, FIRST_FULL, K_STAGES, V_GIVEN, qk_ds, v_ds,
            )  # fmt: skip
    else:
        for i in range(_tile_count(sched_ptr, sched_len, num_tiles, SCHEDULED, VARLEN)):
            t = _tile_id(i, sched_ptr, sched_len, SCHEDULED, VARLEN, SPLIT)
            cnt = _consumer_tile(
                t, i, cnt, q_smem, k_smem, v_smem, q_ready, q_empty, k_ready, v_ready, k_empty, v_empty,
                o_ptr, lse_ptr, qs_ptr, ks_ptr, vs_ptr, stride_ob, stride_oh, stride_on, qk_scale, heads_q,
                group, seq_q, seq_k, num_m, bh_total, group_heads, sched_ptr, sched_len, items_ptr, n_items,
                total_q, HALF, CONSUMERS, HEAD_DIM, BLOCK_N, STAGES, CAUSAL, FP8, VARLEN, INLINE_PV, Q_BUFS,
                O_TMA, o_desc, SPLIT, part_o, part_lse, RESCALE, RESCALE_WARP, DIAG_FIRST, PAD_TOP, PAD_SKIP,
                ROW_LIMIT, O_RECIP, PINGPONG, FIRST_FULL, K_STAGES, Q_RING=Q_RING,
            )  # fmt: skip
    if PINGPONG and HALF == 0:
        _turn(HALF, False, CONSUMERS)  # the turn the last consumer handed back last


@gluon.jit
def _forward(q_desc, k_desc, v_desc, o_ptr, lse_ptr, qs_ptr, ks_ptr, vs_ptr, stride_ob, stride_oh, stride_on,
             qk_scale, heads_q, group, seq_q, seq_k, num_m, bh_total, group_heads, num_tiles, sched_ptr,
             sched_len, items_ptr, n_items, total_q, HEAD_DIM: gl.constexpr, BLOCK_N: gl.constexpr,
             STAGES: gl.constexpr, CAUSAL: gl.constexpr, CONSUMERS: gl.constexpr, CONSUMER_REGS: gl.constexpr,
             FP8: gl.constexpr, VARLEN: gl.constexpr = False, INLINE_PV: gl.constexpr = False,
             Q_BUFS: gl.constexpr = 1, O_TMA: gl.constexpr = False, o_desc=None, SPLIT: gl.constexpr = False,
             part_o=None, part_lse=None, DYNAMIC: gl.constexpr = False,
             RESCALE: gl.constexpr = 0.0, RESCALE_WARP: gl.constexpr = False,
             DIAG_FIRST: gl.constexpr = False,
             PAD_TOP: gl.constexpr = False, PAD_SKIP: gl.constexpr = False,
             ROW_LIMIT: gl.constexpr = False, O_RECIP: gl.constexpr = False,
             PINGPONG: gl.constexpr = False, FIRST_FULL: gl.constexpr = False,
             K_AHEAD: gl.constexpr = False, NEXT_QK: gl.constexpr = 0, V_GIVEN: gl.constexpr = False,
             ds_sb=0, ds_sh=0, VT_SPLIT: gl.constexpr = True, Q_RING: gl.constexpr = False,
             HEAD_DIM_V: gl.constexpr = 0):  # fmt: skip
    """Shared memory, barriers and partitions of both forwards. ``FP8``: e4m3 operands, V stored as V^T
    tiles, scales from ``qs_ptr``/``ks_ptr``/``vs_ptr`` (unused otherwise). Partition c < CONSUMERS: rows
    [64c, 64c + 64) of each tile (0: the default partition, the kernel's 4 warps); then the producer.
    Arguments inline: a bound or +-appended tuple loses its constexprs. ``K_AHEAD``: a K ring one slot
    deeper than V's, each K issued a block ahead of V (:func:`_producer_tile`). ``NEXT_QK``: the consumers
    issue the next tile's first QK^T before this tile's epilogue (:func:`_consumer_ahead`). ``V_GIVEN``
    (FP8, dense): ``v_desc`` is V as given ([B, H, N, D], 32-column boxes), which the producer brings into a
    raw ring and a fourth warpgroup (:func:`_transposer`, 24 registers) transposes into the V^T ring; the
    producer reads the descales and leaves each tile's note beside its Q (:func:`_note_put`).
    ``HEAD_DIM_V`` (0: ``HEAD_DIM``): V's and O's head dim, where it differs from Q's and K's (MLA's 192/128,
    16-bit): S = Q K^T runs at ``HEAD_DIM``; V's ring, P V, O's accumulator and the epilogue at
    ``HEAD_DIM_V`` (the consumers read it off V's ring, :func:`_consumer_tile`). O by TMA is staged in Q's
    buffer (:func:`_o_stage`), so there it is at most ``HEAD_DIM``."""
    DV: gl.constexpr = HEAD_DIM_V if HEAD_DIM_V > 0 else HEAD_DIM
    gl.static_assert(DV == HEAD_DIM or not (FP8 or NEXT_QK),
                     "a V head dim of its own: the 16-bit forward without NEXT_QK")  # fmt: skip
    gl.static_assert(DV <= HEAD_DIM or not O_TMA, "O by TMA is staged in Q's buffer: V's dim at most Q's")
    gl.static_assert(not K_AHEAD or not FP8, "K_AHEAD: the bf16/fp16 forward")
    gl.static_assert(not V_GIVEN or (FP8 and not VARLEN and not NEXT_QK), "V_GIVEN: the dense FP8 forward")
    gl.static_assert(not Q_RING or not NEXT_QK, "Q_RING: the walk of _consumer")
    K_STAGES: gl.constexpr = STAGES + 1 if K_AHEAD else STAGES
    Q_SLOTS: gl.constexpr = CONSUMERS + 1 if Q_RING else CONSUMERS * Q_BUFS
    dtype: gl.constexpr = q_desc.dtype
    # Q and K in column chunks of their descriptors' boxes: one at a power of two, three at 192
    # (gluon.tiles._chunks: Gluon's shared-memory tiles take powers of two alone)
    Q_COLS: gl.constexpr = q_desc.block_type.shape[-1]
    Q_CHUNKS: gl.constexpr = HEAD_DIM // Q_COLS
    gl.static_assert(Q_CHUNKS * Q_COLS == HEAD_DIM and (Q_CHUNKS == 1 or not FP8),
                     "Q/K in column chunks: the 16-bit forward, dense or packed")  # fmt: skip
    q_smem = gl.allocate_shared_memory(dtype, [Q_SLOTS * Q_CHUNKS, 1, 1, HALF_M, Q_COLS], q_desc.layout)
    k_smem = gl.allocate_shared_memory(dtype, [K_STAGES * Q_CHUNKS, 1, 1, BLOCK_N, Q_COLS], k_desc.layout)
    V_CHUNKS: gl.constexpr = HEAD_DIM // V_COLS if V_GIVEN else 0
    if V_GIVEN:
        vt_layout: gl.constexpr = gl.NVMMASharedLayout.get_default_for([1, 1, HEAD_DIM, BLOCK_N], dtype)
        v_smem = gl.allocate_shared_memory(dtype, [STAGES, 1, 1, HEAD_DIM, BLOCK_N], vt_layout)
        v_raw = gl.allocate_shared_memory(dtype, [STAGES * V_CHUNKS, 1, 1, BLOCK_N, V_COLS], v_desc.layout)
        raw_ready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
        raw_empty = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
        notes = gl.allocate_shared_memory(gl.int32, [CONSUMERS * Q_BUFS, NOTE_WORDS],
                                          gl.SwizzledSharedLayout(1, 1, 1, order=[0]))  # fmt: skip
        for i in gl.static_range(STAGES):
            mbarrier.init(raw_ready.index(i), count=1)
            mbarrier.init(raw_empty.index(i), count=1)
    elif FP8:
        v_smem = gl.allocate_shared_memory(dtype, [STAGES, 1, 1, HEAD_DIM, BLOCK_N], v_desc.layout)
    else:
        v_smem = gl.allocate_shared_memory(dtype, [STAGES, 1, 1, BLOCK_N, DV], v_desc.layout)
    q_ready, q_empty, k_ready, v_ready, k_empty, v_empty = _ring_barriers(
        STAGES, CONSUMERS, Q_BUFS, K_STAGES, Q_SLOTS if Q_RING else 0
    )
    if V_GIVEN:
        _partitions_v_given(q_desc, k_desc, v_desc, o_ptr, lse_ptr, qs_ptr, ks_ptr, vs_ptr, stride_ob,
                            stride_oh, stride_on, qk_scale, heads_q, group, seq_q, seq_k, num_m, bh_total,
                            group_heads, num_tiles, sched_ptr, sched_len, q_smem, k_smem, v_smem, v_raw,
                            q_ready, q_empty, k_ready, v_ready, k_empty, v_empty, raw_ready, raw_empty, notes,
                            HEAD_DIM, BLOCK_N, STAGES, CAUSAL, CONSUMERS, CONSUMER_REGS, INLINE_PV, Q_BUFS,
                            SPLIT, part_o, part_lse, RESCALE, RESCALE_WARP, K_STAGES, V_CHUNKS, ds_sb,
                            ds_sh, O_RECIP, PINGPONG, FIRST_FULL, VT_SPLIT)  # fmt: skip
    else:
        gl.warp_specialize(
            [(_consumer_ahead if NEXT_QK else _consumer,
              (q_smem, k_smem, v_smem, q_ready, q_empty, k_ready, v_ready, k_empty, v_empty, o_ptr,
                          lse_ptr, qs_ptr, ks_ptr, vs_ptr, stride_ob, stride_oh, stride_on, qk_scale, heads_q,
                          group, seq_q, seq_k, num_m, bh_total, group_heads, num_tiles, sched_ptr, sched_len,
                          items_ptr, n_items, total_q, c, CONSUMERS, HEAD_DIM, BLOCK_N, STAGES, CAUSAL, FP8,
                          VARLEN, INLINE_PV, Q_BUFS, O_TMA, o_desc, SPLIT, part_o, part_lse, DYNAMIC,
                          RESCALE, RESCALE_WARP, DIAG_FIRST, PAD_TOP, PAD_SKIP, ROW_LIMIT, O_RECIP, PINGPONG,
                          FIRST_FULL, K_STAGES, NEXT_QK, False, None, Q_RING))
             if c < CONSUMERS else
             (_producer, (q_desc, k_desc, v_desc, q_smem, k_smem, v_smem, q_ready, q_empty, k_ready, v_ready,
                          k_empty, v_empty, heads_q, group, seq_q, seq_k, num_m, bh_total, group_heads,
                          num_tiles, sched_ptr, sched_len, items_ptr, n_items, BLOCK_N, STAGES, CAUSAL,
                          CONSUMERS, FP8, VARLEN, Q_BUFS, SPLIT, DYNAMIC, DIAG_FIRST, PAD_TOP, PAD_SKIP,
                          K_STAGES, 0, None, None, None, None, 0.0, 0, 0, Q_RING, Q_CHUNKS))
             for c in (0, 1, 2, 3)[: CONSUMERS + 1]],
            (4,) * (CONSUMERS - 1) + (1,),
            (CONSUMER_REGS,) * (CONSUMERS - 1) + (24,),
        )  # fmt: skip


@gluon.jit
def _partitions_v_given(q_desc, k_desc, v_desc, o_ptr, lse_ptr, qs_ptr, ks_ptr, vs_ptr, stride_ob, stride_oh,
                        stride_on, qk_scale, heads_q, group, seq_q, seq_k, num_m, bh_total, group_heads,
                        num_tiles, sched_ptr, sched_len, q_smem, k_smem, v_smem, v_raw, q_ready, q_empty,
                        k_ready, v_ready, k_empty, v_empty, raw_ready, raw_empty, notes,
                        HEAD_DIM: gl.constexpr,
                        BLOCK_N: gl.constexpr, STAGES: gl.constexpr, CAUSAL: gl.constexpr,
                        CONSUMERS: gl.constexpr, CONSUMER_REGS: gl.constexpr, INLINE_PV: gl.constexpr,
                        Q_BUFS: gl.constexpr, SPLIT: gl.constexpr, part_o, part_lse, RESCALE: gl.constexpr,
                        RESCALE_WARP: gl.constexpr, K_STAGES: gl.constexpr, V_CHUNKS: gl.constexpr, ds_sb,
                        ds_sh, O_RECIP: gl.constexpr = False, PINGPONG: gl.constexpr = False,
                        FIRST_FULL: gl.constexpr = False, VT_SPLIT: gl.constexpr = True):  # fmt: skip
    """:func:`_forward`'s partitions for the FP8 forward's ``V_GIVEN``: the consumers, the producer (V's
    chunks into the raw ring, each tile's note into ``notes``) and the transposer warpgroup (raw ring to the
    V^T ring)."""
    gl.warp_specialize(
        [(_consumer,
          (q_smem, k_smem, v_smem, q_ready, q_empty, k_ready, v_ready, k_empty, v_empty, o_ptr,
           lse_ptr, qs_ptr, ks_ptr, vs_ptr, stride_ob, stride_oh, stride_on, qk_scale, heads_q,
           group, seq_q, seq_k, num_m, bh_total, group_heads, num_tiles, sched_ptr, sched_len,
           sched_ptr, 1, 0, c, CONSUMERS, HEAD_DIM, BLOCK_N, STAGES, CAUSAL, True,
           False, INLINE_PV, Q_BUFS, False, None, SPLIT, part_o, part_lse, False,
           RESCALE, RESCALE_WARP, False, False, False, False, O_RECIP, PINGPONG,
           FIRST_FULL, K_STAGES, 0, True, notes))
         if c < CONSUMERS else
         (_transposer, (v_raw, v_smem, raw_ready, raw_empty, v_ready, v_empty, heads_q, seq_q, seq_k, num_m,
                        bh_total, group_heads, num_tiles, sched_ptr, sched_len, HEAD_DIM, BLOCK_N, STAGES,
                        CAUSAL, CONSUMERS, SPLIT, VT_SPLIT))
         if c == CONSUMERS else
         (_producer, (q_desc, k_desc, v_desc, q_smem, k_smem, v_raw, q_ready, q_empty, k_ready, raw_ready,
                      k_empty, raw_empty, heads_q, group, seq_q, seq_k, num_m, bh_total, group_heads,
                      num_tiles, sched_ptr, sched_len, sched_ptr, 1, BLOCK_N, STAGES, CAUSAL, CONSUMERS,
                      False, False, Q_BUFS, SPLIT, False, False, False, False, K_STAGES, V_CHUNKS, notes,
                      qs_ptr, ks_ptr, vs_ptr, qk_scale, ds_sb, ds_sh))
         for c in (0, 1, 2, 3, 4)[: CONSUMERS + 2]],
        (4,) * (CONSUMERS - 1) + (2, 1),
        (CONSUMER_REGS,) * (CONSUMERS - 1) + (32, 24),
    )  # fmt: skip


@gluon.jit
def gluon_attn_fwd_kernel(q_desc, k_desc, v_desc, o_desc, o_ptr, lse_ptr, stride_ob, stride_oh, stride_on,
                          qk_scale, heads_q, group, seq_q, seq_k, num_m, bh_total, group_heads, num_tiles,
                          sched_ptr, sched_len, HEAD_DIM: gl.constexpr, BLOCK_N: gl.constexpr,
                          STAGES: gl.constexpr, CAUSAL: gl.constexpr, CONSUMERS: gl.constexpr,
                          CONSUMER_REGS: gl.constexpr, INLINE_PV: gl.constexpr, Q_BUFS: gl.constexpr,
                          O_TMA: gl.constexpr, RESCALE: gl.constexpr = 0.0,
                          RESCALE_WARP: gl.constexpr = False, DIAG_FIRST: gl.constexpr = False,
                          PAD_TOP: gl.constexpr = False, PAD_SKIP: gl.constexpr = False,
                          ROW_LIMIT: gl.constexpr = False, O_RECIP: gl.constexpr = False,
                          PINGPONG: gl.constexpr = False, FIRST_FULL: gl.constexpr = False,
                          K_AHEAD: gl.constexpr = False, NEXT_QK: gl.constexpr = 0,
                          Q_RING: gl.constexpr = False, HEAD_DIM_V: gl.constexpr = 0):  # fmt: skip
    _forward(q_desc, k_desc, v_desc, o_ptr, lse_ptr, lse_ptr, lse_ptr, lse_ptr, stride_ob, stride_oh,
             stride_on, qk_scale, heads_q, group, seq_q, seq_k, num_m, bh_total, group_heads, num_tiles,
             sched_ptr, sched_len, sched_ptr, 1, 0, HEAD_DIM, BLOCK_N, STAGES, CAUSAL, CONSUMERS,
             CONSUMER_REGS, False, False, INLINE_PV, Q_BUFS, O_TMA, o_desc, RESCALE=RESCALE,
             RESCALE_WARP=RESCALE_WARP, DIAG_FIRST=DIAG_FIRST, PAD_TOP=PAD_TOP, PAD_SKIP=PAD_SKIP,
             ROW_LIMIT=ROW_LIMIT, O_RECIP=O_RECIP, PINGPONG=PINGPONG,
             FIRST_FULL=FIRST_FULL, K_AHEAD=K_AHEAD, NEXT_QK=NEXT_QK, Q_RING=Q_RING,
             HEAD_DIM_V=HEAD_DIM_V)  # fmt: skip


@gluon.jit
def gluon_attn_fwd_split_kernel(q_desc, k_desc, v_desc, o_desc, o_ptr, lse_ptr, stride_ob, stride_oh,
                                stride_on, qk_scale, heads_q, group, seq_q, seq_k, num_m, bh_total,
                                group_heads, num_tiles, sched_ptr, sched_len, part_o, part_lse,
                                HEAD_DIM: gl.constexpr, BLOCK_N: gl.constexpr, STAGES: gl.constexpr,
                                CONSUMERS: gl.constexpr, CONSUMER_REGS: gl.constexpr, Q_BUFS: gl.constexpr,
                                O_TMA: gl.constexpr, RESCALE: gl.constexpr = 0.0,
                                RESCALE_WARP: gl.constexpr = False, ROW_LIMIT: gl.constexpr = False,
                                O_RECIP: gl.constexpr = False, FIRST_FULL: gl.constexpr = False,
                                K_AHEAD: gl.constexpr = False, HEAD_DIM_V: gl.constexpr = 0):  # fmt: skip
    """:func:`gluon_attn_fwd_kernel` (non-causal, one program per SM, P carried) walking the host's table
    of the last round's pieces (``GluonFwdConfig.tail_split``), each writing its O and LSE to ``part_o`` /
    ``part_lse`` for :func:`accel.kernels.gluon.merge.launch_tail_merge` (``SPLIT`` 2: every item a piece).
    Why the whole rounds run as a launch of their own (the shipped build): a build whose epilogue chose
    at run time between O by TMA and a piece's fp32 rows spilled 16 bytes in the D256 key loop (the
    choice alone, whatever the piece's stores were), offline, sm_90a."""
    _forward(q_desc, k_desc, v_desc, o_ptr, lse_ptr, lse_ptr, lse_ptr, lse_ptr, stride_ob, stride_oh,
             stride_on, qk_scale, heads_q, group, seq_q, seq_k, num_m, bh_total, group_heads, num_tiles,
             sched_ptr, sched_len, sched_ptr, 1, 0, HEAD_DIM, BLOCK_N, STAGES, False, CONSUMERS,
             CONSUMER_REGS, False, False, False, Q_BUFS, O_TMA, o_desc, 2, part_o, part_lse,
             RESCALE=RESCALE, RESCALE_WARP=RESCALE_WARP, ROW_LIMIT=ROW_LIMIT, O_RECIP=O_RECIP,
             FIRST_FULL=FIRST_FULL, K_AHEAD=K_AHEAD, HEAD_DIM_V=HEAD_DIM_V)  # fmt: skip


# ---------------------------------------------------------------------------------------------- host side


def launch_gluon_fwd(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    o: torch.Tensor,
    lse: torch.Tensor,
    causal: bool,
    scale: float,
    cfg: GluonFwdConfig | None = None,
    bound: Bound | None = None,
) -> None:
    """Run the warp-specialised forward into ``o`` (q's shape with v's head dim, unit last stride) and
    ``lse`` [B, Hq, Nq] (contiguous fp32). q/k/v: [B, H, N, D] with TMA-legal strides, D in
    ``tuning.GLUON_HEAD_DIMS``, or (q's D, v's D) a pair of ``tuning.GLUON_VALUE_DIMS`` (MLA's 192/128: the
    kernel's ``HEAD_DIM_V``, S at q's width and P V at v's, :func:`_forward`).
    With ``bound`` (a call signature's, whose ``o`` is a fresh contiguous buffer) the second and later calls
    repeat the first one's launch with their own tensors and scale."""
    planned = bound.get(PLANNED) if bound is not None else None
    if planned is not None:
        again, block_n, o_tma, o_strides, walk, qc = planned
        again(Tma(q, CONSUMER_ROWS, qc), Tma(k, block_n, qc), Tma(v, block_n),
              Tma(o, CONSUMER_ROWS) if o_tma else Tma(q, CONSUMER_ROWS, qc),
              o, lse, *o_strides, scale * LOG2E, *walk)  # fmt: skip
        return
    d, dv = q.shape[-1], v.shape[-1]
    qc = chunk_cols(d)
    cfg = cfg or gluon_fwd_config(d, q.shape[2], k.shape[2], causal, head_dim_v=dv)
    if cfg.o_tma and (not tma_legal(o) or dv > d):  # a caller's buffer TMA cannot address (or O wider than
        cfg = replace(cfg, o_tma=False)  # Q's buffer it is staged in): stores from registers
    if dv != d and (cfg.next_qk or cfg.ctas_per_sm != 1):
        raise ValueError(f"a value head dim of its own ({d}/{dv}): one program per SM, no next_qk, got {cfg}")
    if cfg.consumers not in CONSUMER_REGS:
        raise ValueError(f"the Gluon forward takes {tuple(CONSUMER_REGS)} consumers, got {cfg.consumers}")
    two = cfg.ctas_per_sm == 2
    if two and ((cfg.consumers, cfg.block_n, d) != (2, 64, 64) or cfg.diag_first):
        raise ValueError(
            f"two programs per SM fit only D64 with 2 consumers, 64-key blocks and the key blocks in order,"
            f" got {cfg}"
        )
    if cfg.q_ring and (two or cfg.q_bufs > 1 or cfg.next_qk):
        raise ValueError(f"q_ring: one program per SM, one Q buffer a consumer, no next_qk, got {cfg}")
    pad_top = cfg.pad_top and bool(causal)
    if pad_top and (cfg.o_tma or two):
        raise ValueError(f"pad_top lays tiles whose O leaves by masked stores, one program per SM, got {cfg}")
    # a build with PAD_SKIP takes ROW_LIMIT too: without it ptxas spilled in the key loop (the note above
    # tuning.configs.GLUON_FWD_CONFIGS)
    pad_skip = cfg.pad_skip and not causal and not two and pad_skip_pays(q, cfg.consumers)
    pingpong = takes_turns(cfg, bool(causal), pad_skip)
    next_qk = ahead_qk(cfg, pingpong)
    cut = None
    if cfg.tail_split and not (causal or two or pad_skip or pingpong or next_qk):
        cut = tail_cut_walk(q, k, cfg.block_n, cfg.consumers, bound, always=cfg.tail_split == 2)
    programs, walk = tile_walk(
        q, k, causal, cfg.block_n, cfg.consumers, bound, cfg.ctas_per_sm, pad_top, pad_skip
    )
    if cut is not None:  # the whole rounds here (the build without the cut), the last round's pieces after
        walk = (*walk[:7], cut[2][3], *walk[8:])
        if cut[2][3] == 0:  # fewer tiles than programs: pieces alone
            _launch_pieces(q, k, v, o, lse, scale, cfg, cut, bound)
            return
    cap, regs = TWO_PER_SM_REGS if two else (None, cfg.consumer_regs or CONSUMER_REGS[cfg.consumers])
    launch(
        gluon_attn_fwd_kernel, (programs,),
        (Tma(q, CONSUMER_ROWS, qc), Tma(k, cfg.block_n, qc), Tma(v, cfg.block_n),
         Tma(o, CONSUMER_ROWS) if cfg.o_tma else Tma(q, CONSUMER_ROWS, qc), o, lse,  # (unused: q's, a type)
         o.stride(0), o.stride(1), o.stride(2), scale * LOG2E, *walk),
        dict(HEAD_DIM=d, BLOCK_N=cfg.block_n, STAGES=cfg.stages, CAUSAL=bool(causal),
             CONSUMERS=cfg.consumers, CONSUMER_REGS=regs, INLINE_PV=two,  # no P carried: no spill at 80
             Q_BUFS=cfg.q_bufs, O_TMA=cfg.o_tma, RESCALE=float(cfg.rescale_log2),
             RESCALE_WARP=cfg.rescale_warp, DIAG_FIRST=cfg.diag_first,
             PAD_TOP=pad_top, PAD_SKIP=pad_skip, ROW_LIMIT=cfg.row_limit or pad_skip,
             O_RECIP=cfg.o_recip, PINGPONG=pingpong, FIRST_FULL=cfg.first_full and not two,
             K_AHEAD=cfg.k_ahead, NEXT_QK=next_qk, Q_RING=cfg.q_ring, HEAD_DIM_V=dv),
        dict(num_warps=4, maxnreg=cap) if two else dict(num_warps=4), bound, "gluon_fwd",
    )  # fmt: skip
    if cut is not None:
        _launch_pieces(q, k, v, o, lse, scale, cfg, cut, bound)
    elif bound is not None and "gluon_fwd" in bound:
        bound[PLANNED] = (bound["gluon_fwd"], cfg.block_n, cfg.o_tma, o.stride()[:3], walk, qc)


def _launch_pieces(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    o: torch.Tensor,
    lse: torch.Tensor,
    scale: float,
    cfg: GluonFwdConfig,
    cut: tuple[int, tuple[Any, ...], tuple[torch.Tensor, int, int, int]],
    bound: Bound | None,
) -> None:
    """The last round's pieces (``GluonFwdConfig.tail_split``, :func:`accel.kernels.gluon.tiles.
    tail_cut_walk`) into fresh fp32 scratch by :func:`gluon_attn_fwd_split_kernel`, then their merge into
    ``o`` / ``lse``. No ``PLANNED`` replay for such calls: the walk is kept in ``bound`` and the launches
    are bound by name (a call this size runs milliseconds)."""
    programs, walk, (items, slots, most, _) = cut
    d, dv = q.shape[-1], v.shape[-1]
    qc = chunk_cols(d)
    part = split_scratch(slots, cfg.consumers * CONSUMER_ROWS, dv, o.device)
    launch(
        gluon_attn_fwd_split_kernel, (programs,),
        (Tma(q, CONSUMER_ROWS, qc), Tma(k, cfg.block_n, qc), Tma(v, cfg.block_n),
         Tma(o, CONSUMER_ROWS) if cfg.o_tma else Tma(q, CONSUMER_ROWS, qc), o, lse,
         o.stride(0), o.stride(1), o.stride(2), scale * LOG2E, *walk, *part),
        dict(HEAD_DIM=d, BLOCK_N=cfg.block_n, STAGES=cfg.stages, CONSUMERS=cfg.consumers,
             CONSUMER_REGS=CONSUMER_REGS[cfg.consumers], Q_BUFS=cfg.q_bufs, O_TMA=cfg.o_tma,
             RESCALE=float(cfg.rescale_log2), RESCALE_WARP=cfg.rescale_warp, ROW_LIMIT=cfg.row_limit,
             O_RECIP=cfg.o_recip, FIRST_FULL=cfg.first_full, K_AHEAD=cfg.k_ahead, HEAD_DIM_V=dv),
        dict(num_warps=4), bound, "gluon_fwd_pieces",
    )  # fmt: skip
    launch_tail_merge(part, o, lse, walk[4], items, most, bound)


def chunk_cols(head_dim: int) -> int:
    """The columns of Q's and K's TMA boxes and shared-memory chunks at ``head_dim``: all of them at a power
    of two, else 64 (MLA's 192: three chunks, :func:`accel.kernels.gluon.tiles._chunks`)."""
    if head_dim & (head_dim - 1) == 0:
        return head_dim
    if head_dim % 64:
        raise ValueError(f"Gluon forward: q's head dim a power of two or a multiple of 64, got {head_dim}")
    return 64


def takes_turns(cfg: GluonFwdConfig, causal: bool, pad_skip: bool) -> bool:
    """Whether a launch with ``cfg`` builds ``PINGPONG`` (``cfg.pingpong``): the consumers' turns need both
    slices of every tile to walk the same key blocks (two consumers, one program per SM, P carried), so
    causal calls and padding slices that run one block go without."""
    return cfg.pingpong and not causal and not pad_skip and cfg.consumers == 2 and cfg.ctas_per_sm == 1


def ahead_qk(cfg: GluonFwdConfig, pingpong: bool) -> int:
    """Whether a launch with ``cfg`` builds ``NEXT_QK`` (``cfg.next_qk``, :func:`_consumer_ahead`): the walk
    that issues the next tile's first QK^T before this tile's epilogue runs the carried-P step of one
    program per SM, without the consumers' turns, and with O by TMA it needs the next tile's Q in a buffer
    of its own (the epilogue stages O in this tile's)."""
    builds = cfg.ctas_per_sm == 1 and not pingpong and (cfg.q_bufs > 1 or not cfg.o_tma)
    return int(cfg.next_qk) if builds else 0
