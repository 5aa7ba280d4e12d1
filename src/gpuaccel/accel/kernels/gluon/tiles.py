"""Tile walk and ring barriers shared by the Gluon forwards (:mod:`accel.kernels.gluon.fwd`, bf16/fp16,
and :mod:`accel.kernels.gluon.fp8`, e4m3): both run the same persistent grid, tile order and K/V ring, so
which tile a program runs, which key blocks it walks and the ring's barriers are defined once.
"""

from __future__ import annotations

from typing import Any

import torch
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import mbarrier, tma

from gpuaccel.accel.kernels.dense.launchers import cdiv, sm_count
from gpuaccel.accel.kernels.gluon.sched import (
    CONSUMER_ROWS,
    SPLIT_FIELDS,
    balance_pays,
    causal_schedule,
    no_schedule,
    padded_schedule,
    pads_a_slice,
    split_pieces,
    split_schedule,
    tail_cut_pays,
    tail_schedule,
)

HALF_M = gl.constexpr(CONSUMER_ROWS)
ITEM_FIELDS = gl.constexpr(SPLIT_FIELDS)
VARLEN_FIELDS = gl.constexpr(5)  # a packed-document work item: q0, len_q, k0, len_k, first row of the tile


@gluon.jit
def _tile_coords(t, num_m, bh_total, group_heads, CAUSAL: gl.constexpr):
    """(query block, batch*head) of tile ``t``: head-major when non-causal, longest-first per head group."""
    if CAUSAL:
        per_group = group_heads * num_m
        g = t // per_group
        r = t % per_group
        heads_here = gl.minimum(group_heads, bh_total - g * group_heads)
        m_idx = num_m - 1 - r // heads_here
        bh = g * group_heads + r % heads_here
    else:
        m_idx = t % num_m
        bh = t // num_m
    return m_idx, bh


@gluon.jit
def _tile_place(t, num_m, bh_total, group_heads, heads_q, seq_q, seq_k, items_ptr, n_items,
                ROWS: gl.constexpr, CAUSAL: gl.constexpr, VARLEN: gl.constexpr,
                PAD_TOP: gl.constexpr = False):  # fmt: skip
    """Where tile ``t`` lies: (batch, head, batch*head, its first query row within its sequence, the
    sequence's first query and key token in the tensors, its query and key counts). ``VARLEN``: tile t is
    a work item of one head in packed tensors, walked as :func:`_tile_coords` walks causal tiles: in groups
    of ``group_heads`` heads (sized for L2 as the dense walk's), each group's items heaviest first (the
    table's order) with its heads fastest (``group_heads`` = ``heads_q``: item ``t // heads_q`` of head
    ``t % heads_q``); tiles past the ``n_items`` x ``heads_q`` real ones read the table's empty last row
    (no query: nothing is stored). Else the dense walk of :func:`_tile_coords` over [B, H, N, D] tensors
    (first tokens 0). ``PAD_TOP`` (dense): the tiles are laid from the last query row up, so the grid's
    padding (num_m x ROWS - seq_q rows) is the first tile's leading rows, whose start is negative: causal
    rows there see at most the keys their row does, so they cost a block, where rows past seq_q at the
    bottom would walk every key (:func:`accel.kernels.gluon.sched.causal_schedule` counts it alike)."""
    if VARLEN:
        tiles = n_items * heads_q
        back, h = _tile_coords(gl.minimum(t, tiles - 1), n_items, heads_q, group_heads, True)
        item = items_ptr + gl.where(t < tiles, n_items - 1 - back, n_items) * VARLEN_FIELDS
        b = h * 0
        bh = h
        q0 = gl.load(item)
        len_q = gl.load(item + 1)
        k0 = gl.load(item + 2)
        len_k = gl.load(item + 3)
        start_m = gl.load(item + 4)
    else:
        m_idx, bh = _tile_coords(t, num_m, bh_total, group_heads, CAUSAL)
        b = bh // heads_q
        h = bh % heads_q
        q0 = 0
        k0 = 0
        len_q = seq_q
        len_k = seq_k
        start_m = m_idx * ROWS
        if PAD_TOP:
            start_m -= num_m * ROWS - seq_q
    return b, h, bh, start_m, q0, k0, len_q, len_k


@gluon.jit
def _kv_blocks(start, rows, seq_k, causal_off, BLOCK_N: gl.constexpr, CAUSAL: gl.constexpr):
    """Key blocks rows [start, start+rows) need (at least 1, so every tile has one stage), and how many
    of them every row sees fully (no mask)."""
    if CAUSAL:
        hi = gl.minimum(seq_k, start + rows + causal_off)
        full = gl.minimum(gl.maximum(start + causal_off + 1, 0), seq_k)
    else:
        hi = seq_k
        full = seq_k
    n = gl.maximum(gl.cdiv(gl.maximum(hi, 0), BLOCK_N), 1)
    return n, gl.minimum(full // BLOCK_N, n)


@gluon.jit
def _tile_count(sched_ptr, sched_len, num_tiles, SCHEDULED: gl.constexpr, SNAKE: gl.constexpr = False):
    """How many tiles this program runs: from the host's longest-first table (causal), round-robin, or
    (``SNAKE``) one per round of the programs, the last round padded past ``num_tiles``."""
    if SCHEDULED:
        n = gl.load(sched_ptr + gl.program_id(0) * sched_len)
    elif SNAKE:
        n = gl.cdiv(num_tiles, gl.num_programs(0))
    else:
        n = gl.cdiv(num_tiles - gl.program_id(0), gl.num_programs(0))
    return n


@gluon.jit
def _tile_id(i, sched_ptr, sched_len, SCHEDULED: gl.constexpr, SNAKE: gl.constexpr = False,
             SPLIT: gl.constexpr = False):  # fmt: skip
    """``SNAKE``: round i runs tiles [i*P, i*P + P) of P programs, in reverse program order on odd rounds,
    so a program that drew a heavy tile of tiles sorted heaviest first draws a light one next (LPT's
    balance without a host table). ``SPLIT``: the table's items are :data:`ITEM_FIELDS` wide
    (:func:`accel.kernels.gluon.sched.split_schedule`), the tile first."""
    if SPLIT:
        t = gl.load(sched_ptr + gl.program_id(0) * sched_len + 1 + i * ITEM_FIELDS)
    elif SCHEDULED:
        t = gl.load(sched_ptr + gl.program_id(0) * sched_len + 1 + i)
    elif SNAKE:
        p = gl.program_id(0)
        t = i * gl.num_programs(0) + gl.where(i % 2 == 0, p, gl.num_programs(0) - 1 - p)
    else:
        t = gl.program_id(0) + i * gl.num_programs(0)
    return t


@gluon.jit
def _next_tile(items_ptr, n_items):
    """The next tile of a packed forward's dynamic walk: a counter in the row after the items table's empty
    one (zeroed by the kernel that builds the table, :func:`accel.kernels.gluon.varlen_items.varlen_items`
    with ``counter``), drawn from by every program's producer."""
    return gl.atomic_add(items_ptr + (n_items + 1) * VARLEN_FIELDS, 1)


@gluon.jit
def _tile_keys(i, sched_ptr, sched_len, n_tile, SPLIT: gl.constexpr):
    """Item i's key blocks [j0, j1) and its partial slot (-1: the whole tile, written to O). Without
    ``SPLIT`` every tile runs all its ``n_tile`` blocks; with it the host's table says (the grid's tail cut
    along the keys, :func:`accel.kernels.gluon.sched.split_schedule`)."""
    if SPLIT:
        item = sched_ptr + gl.program_id(0) * sched_len + 1 + i * ITEM_FIELDS
        j0 = gl.load(item + 1)
        j1 = gl.load(item + 2)
        slot = gl.load(item + 3)
    else:
        j0 = 0
        j1 = n_tile
        slot = -1
    return j0, j1, slot


@gluon.jit
def _release_rest(k_ready, v_ready, k_empty, v_empty, cnt, lo, hi, STAGES: gl.constexpr,
                  K_STAGES: gl.constexpr = 2):  # fmt: skip
    """Ring entries cnt + [lo, hi) hold key blocks only other consumers' rows need (causal): wait for
    them and hand the slots back (K's ring ``K_STAGES`` deep, V's ``STAGES``)."""
    for j in range(lo, hi):
        sk = (cnt + j) % K_STAGES
        mbarrier.wait(k_ready.index(sk), ((cnt + j) // K_STAGES) & 1)
        mbarrier.arrive(k_empty.index(sk))
        s = (cnt + j) % STAGES
        mbarrier.wait(v_ready.index(s), ((cnt + j) // STAGES) & 1)
        mbarrier.arrive(v_empty.index(s))


@gluon.jit
def _q_slot(i, c, CONSUMERS: gl.constexpr, Q_BUFS: gl.constexpr, Q_RING: gl.constexpr = False):
    """(Q buffer, its barriers' phase) of consumer ``c``'s slice of this program's ``i``-th tile: ``Q_BUFS``
    buffers per consumer (c * Q_BUFS + i % Q_BUFS); ``Q_RING``: CONSUMERS + 1 buffers taken in turn by
    every slice of every tile (use u = CONSUMERS * i + c in buffer u % (CONSUMERS + 1)), so a tile's first
    slice finds its Q loaded during the tile before and the next slice's goes into the buffer the first
    slice of the tile before handed back (``GluonFwdConfig.q_ring``)."""
    if Q_RING:
        u = CONSUMERS * i + c
        qb = u % (CONSUMERS + 1)
        ph = (u // (CONSUMERS + 1)) & 1
    else:
        qb = c * Q_BUFS + i % Q_BUFS
        ph = (i // Q_BUFS) & 1
    return qb, ph


@gluon.jit
def _chunk(slot, c, CHUNKS: gl.constexpr):
    """The entry of column chunk ``c`` of buffer ``slot`` in a Q or K allocation of ``CHUNKS`` chunks a buffer
    (:func:`_chunks`): the buffer itself when it is one chunk."""
    return slot if CHUNKS == 1 else slot * CHUNKS + c


@gluon.jit
def _chunks(buf, slot, CHUNKS: gl.constexpr, rows: gl.constexpr):
    """Buffer ``slot`` of a Q or K allocation ([slots x CHUNKS, 1, 1, rows, cols], a buffer's column chunks
    in a row) as a tuple of its chunks' 2-D [rows, cols] views, the wgmma operands of S = Q K^T
    (:func:`accel.kernels.gluon.fwd_steps._qk`). A head dim other than a power of two (MLA's 192) is
    three 64-column chunks: Gluon's shared-memory tiles take powers of two alone; a power of two, one."""
    cols: gl.constexpr = buf.shape[-1]
    l2: gl.constexpr = gl.NVMMASharedLayout.get_default_for([rows, cols], buf.dtype)
    gl.static_assert(CHUNKS == 1 or CHUNKS == 3, "a head dim of one chunk (a power of two) or three (192)")
    if CHUNKS == 1:
        views = (buf.index(slot)._reinterpret(buf.dtype, [rows, cols], l2),)
    else:
        views = (buf.index(slot * 3)._reinterpret(buf.dtype, [rows, cols], l2),
                 buf.index(slot * 3 + 1)._reinterpret(buf.dtype, [rows, cols], l2),
                 buf.index(slot * 3 + 2)._reinterpret(buf.dtype, [rows, cols], l2))  # fmt: skip
    return views


@gluon.jit
def _load_chunks(desc, smem, bar, slot, b, h, row, CHUNKS: gl.constexpr):
    """One Q or K tile by TMA into buffer ``slot`` of ``smem``, as ``CHUNKS`` column chunks of the
    descriptor's box (:func:`_chunks`), completing on ``bar`` (whose expect, ``CHUNKS`` boxes, the caller
    has set). The forwards' Q and K and the backward's dQ kernel (:mod:`accel.kernels.gluon.bwd_kernels`)."""
    for c in gl.static_range(CHUNKS):
        tma.async_copy_global_to_shared(desc, [b, h, row, c * smem.shape[-1]], bar,
                                        smem.index(_chunk(slot, c, CHUNKS)))  # fmt: skip


@gluon.jit
def _ring_barriers(STAGES: gl.constexpr, CONSUMERS: gl.constexpr = 2, Q_BUFS: gl.constexpr = 1,
                   K_STAGES: gl.constexpr = 0, Q_SLOTS: gl.constexpr = 0):  # fmt: skip
    """(q_ready, q_empty, k_ready, v_ready, k_empty, v_empty), initialised: Q has ``Q_BUFS`` buffers per
    consumer (consumer c's are c * Q_BUFS + tile % Q_BUFS), or ``Q_SLOTS`` in all where given (the Q ring,
    :func:`_q_slot`); a K/V slot is released by every consumer. ``K_STAGES``: K's ring depth where it
    differs from V's ``STAGES`` (0: the same)."""
    KS: gl.constexpr = K_STAGES if K_STAGES > 0 else STAGES
    QN: gl.constexpr = Q_SLOTS if Q_SLOTS > 0 else CONSUMERS * Q_BUFS
    q_ready = gl.allocate_shared_memory(gl.int64, [QN, 1], mbarrier.MBarrierLayout())
    q_empty = gl.allocate_shared_memory(gl.int64, [QN, 1], mbarrier.MBarrierLayout())
    k_ready = gl.allocate_shared_memory(gl.int64, [KS, 1], mbarrier.MBarrierLayout())
    v_ready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    k_empty = gl.allocate_shared_memory(gl.int64, [KS, 1], mbarrier.MBarrierLayout())
    v_empty = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    for i in gl.static_range(QN):
        mbarrier.init(q_ready.index(i), count=1)
        mbarrier.init(q_empty.index(i), count=1)
    gl.static_assert(KS >= STAGES, "K's ring is at least as deep as V's")
    for i in gl.static_range(KS):  # (this order: the build with equal rings compiles as it did before)
        mbarrier.init(k_ready.index(i), count=1)
        if i < STAGES:
            mbarrier.init(v_ready.index(i), count=1)
        mbarrier.init(k_empty.index(i), count=CONSUMERS)
        if i < STAGES:
            mbarrier.init(v_empty.index(i), count=CONSUMERS)
    return q_ready, q_empty, k_ready, v_ready, k_empty, v_empty


# ---------------------------------------------------------------------------------------------- host side


def packed_view(t: torch.Tensor) -> torch.Tensor:
    """(total, H, D) viewed as [1, H, total, D], the 4-D layout the TMA boxes [1, 1, rows, D] address."""
    return t.unsqueeze(0).transpose(1, 2)


L2_BUDGET_BYTES = 32 * 1024 * 1024  # K/V bytes a causal head group may keep in L2 (H100: 50 MB)
# Worker consumers' register cap per consumer count; consumer 0 gets what they and the producer's 24 leave
# of 64K (4-warp groups): 248 with 2 consumers, 168 with 3.
CONSUMER_REGS = {2: 232, 3: 160}
# Two programs per SM (``GluonFwdConfig.ctas_per_sm``): the launch cap that fits two 384-thread programs
# in 64K registers, and the worker consumer's share (consumer 0 gets the rest, 112). Only 64-key D64
# blocks fit it: 128-key blocks fail ptxas at this cap (sm_90a build, offline).
TWO_PER_SM_REGS = (80, 104)


def l2_head_group(keys: int, head_dim: int, element_size: int, hkv: int, hq: int, limit: int) -> int:
    """How many query heads' tiles run together (at most ``limit``) so that their K/V, ``keys`` rows a
    head, stay in L2 (:data:`L2_BUDGET_BYTES`): tiles of one K/V head in flight together share its reads,
    where walking every head at once streams each head's K/V from DRAM for a few tiles."""
    kv_head_bytes = 2 * keys * head_dim * element_size * hkv // hq  # a query head's share of its K/V head
    return max(1, min(limit, L2_BUDGET_BYTES // max(kv_head_bytes, 1)))


def pad_skip_pays(q: torch.Tensor, consumers: int) -> bool:
    """Whether a non-causal call on q's tiles (one program per SM) takes ``GluonFwdConfig.pad_skip``: its
    tiling leaves a slice of padding rows alone (:func:`accel.kernels.gluon.sched.pads_a_slice`) and the
    balanced table shortens the busiest program (:func:`accel.kernels.gluon.sched.balance_pays`)."""
    b, hq, nq, _ = q.shape
    rows = consumers * CONSUMER_ROWS
    tiles = cdiv(nq, rows) * b * hq
    return pads_a_slice(nq, rows) and balance_pays(nq, b * hq, min(sm_count(q.device), tiles), rows)


def tile_walk(
    q: torch.Tensor,
    k: torch.Tensor,
    causal: bool,
    block_n: int,
    consumers: int = 2,
    bound: dict[str, Any] | None = None,
    per_sm: int = 1,
    pad_top: bool = False,
    pad_skip: bool = False,
) -> tuple[int, tuple[Any, ...]]:
    """(programs, the kernels' trailing arguments: heads_q, group, seq_q, seq_k, num_m, bh_total,
    group_heads, num_tiles, schedule, its row length) of the persistent grid over q's tiles of
    ``consumers`` x 64 rows (``pad_top``: laid from the last query row up, ``gluon_tiles._tile_place``;
    ``pad_skip``, non-causal: padding slices run one block, tiles balanced by :func:`padded_schedule`).
    With a launch's ``bound`` (its call signature fixes all of these) it is worked out once and kept
    there."""
    if bound is not None and "tile_walk" in bound:
        return bound["tile_walk"]
    b, hq, nq, d = q.shape
    hkv, nk = k.shape[1], k.shape[2]
    tile_rows = consumers * CONSUMER_ROWS
    num_m = cdiv(nq, tile_rows)
    bh_total = b * hq
    num_tiles = num_m * bh_total
    group_heads = l2_head_group(nk, d, k.element_size(), hkv, hq, bh_total)
    programs = min(per_sm * sm_count(q.device), num_tiles)
    if causal:
        sched = causal_schedule(
            nq, nk, bh_total, group_heads, block_n, programs, q.device, tile_rows, pad_top
        )
    elif pad_skip:
        sched = padded_schedule(nq, nk, bh_total, block_n, programs, q.device, tile_rows)
    else:
        sched = no_schedule(q.device)
    walk = programs, (hq, hq // hkv, nq, nk, num_m, bh_total, group_heads, num_tiles, sched, sched.shape[-1])
    if bound is not None:
        bound["tile_walk"] = walk
    return walk


def split_tile_walk(
    q: torch.Tensor,
    k: torch.Tensor,
    block_n: int,
    consumers: int,
    bound: dict[str, Any] | None = None,
    pieces: int | None = None,
) -> tuple[int, tuple[Any, ...], tuple[int, int, int] | None]:
    """:func:`tile_walk` of a non-causal call whose grid's last round is cut along the keys where the cost
    model says it pays (:func:`accel.kernels.gluon.sched.split_pieces`; ``pieces`` overrides it, 1: no
    cut): (programs, the kernels' trailing arguments with the split table as the schedule, (pieces per
    tail tile, first tail tile, tail tiles)), the last None (and the walk :func:`tile_walk`'s) where there
    is no cut. Kept in ``bound`` like it."""
    if bound is not None and "split_walk" in bound:
        return bound["split_walk"]
    programs, walk = tile_walk(q, k, False, block_n, consumers)
    num_tiles, sms = walk[7], sm_count(q.device)
    n_blocks = cdiv(k.shape[2], block_n)
    if pieces is None:
        pieces = split_pieces(num_tiles, n_blocks, sms)
    pieces = max(1, min(pieces, n_blocks))
    split = None
    if pieces > 1:
        tail0 = (cdiv(num_tiles, sms) - 1) * sms
        tail = num_tiles - tail0
        programs = min(sms, tail0 + tail * pieces)
        sched = split_schedule(num_tiles, n_blocks, programs, pieces, q.device)
        walk = (*walk[:8], sched, sched.shape[-1])
        split = (pieces, tail0, tail)
    result = programs, walk, split
    if bound is not None:
        bound["split_walk"] = result
    return result


def tail_cut_walk(
    q: torch.Tensor,
    k: torch.Tensor,
    block_n: int,
    consumers: int,
    bound: dict[str, Any] | None = None,
    always: bool = False,
) -> tuple[int, tuple[Any, ...], tuple[torch.Tensor, int, int, int]] | None:
    """The pieces' launch of a non-causal call whose grid's last round is cut evenly along the keys
    (:func:`accel.kernels.gluon.sched.tail_pieces`), where the cost model says it pays
    (:func:`accel.kernels.gluon.sched.tail_cut_pays`; ``always``: wherever that round is partial): (programs,
    the kernels' trailing arguments with the pieces' table as the schedule, (the merge's items, slots, most
    pieces a tile, the first tile of the last round: the whole rounds' launch runs the tiles before it)), or
    None where nothing is cut. Kept in ``bound`` like :func:`tile_walk`."""
    if bound is not None and "tail_walk" in bound:
        return bound["tail_walk"]
    _, walk = tile_walk(q, k, False, block_n, consumers)
    num_tiles, sms = walk[7], sm_count(q.device)
    n_blocks = cdiv(k.shape[2], block_n)
    rows, d = consumers * CONSUMER_ROWS, q.shape[-1]
    result = None
    if num_tiles % sms and (always or tail_cut_pays(num_tiles, n_blocks, sms, rows, block_n, d)):
        sched, items, slots, most = tail_schedule(num_tiles, n_blocks, sms, q.device)
        tail0 = num_tiles // sms * sms
        result = sms, (*walk[:8], sched, sched.shape[-1]), (items, slots, most, tail0)
    if bound is not None:
        bound["tail_walk"] = result
    return result
