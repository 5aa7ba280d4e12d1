"""Host-side tile schedule for the persistent Gluon forward (:mod:`accel.kernels.gluon.fwd`).

Why a table: causal tiles differ in length by up to N/128 key blocks. Round-robin hands some programs
several long tiles (the most-loaded program carries 1.15x the mean at 4x16x4096, 132 programs); giving
each tile, longest first, to the least-loaded program so far keeps that at 1.01x. The kernel reads its
row of the table; non-causal tiles are alike and walk round-robin without one, unless slices of padding
rows run one block (:func:`padded_schedule`). Importing this module
pulls in neither triton nor a kernel.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable
from typing import Any

import torch

CONSUMER_ROWS = 64  # query rows per consumer warpgroup; a tile is ``GluonFwdConfig.consumers`` of them


def _tile_blocks(
    m_idx: int, nq: int, nk: int, block_n: int, tile_rows: int = 2 * CONSUMER_ROWS, pad_top: bool = False
) -> int:
    """Host twin of ``gluon_tiles._kv_blocks`` for a whole causal tile: the key blocks it walks (>= 1).
    ``pad_top``: tiles laid from the last query row up (``gluon_tiles._tile_place``'s ``PAD_TOP``)."""
    start = m_idx * tile_rows - ((-(-nq // tile_rows)) * tile_rows - nq if pad_top else 0)
    hi = min(nk, start + tile_rows + nk - nq)
    return max(-(-max(hi, 0) // block_n), 1)


_SCHEDULES: dict[tuple[Any, ...], torch.Tensor] = {}


def causal_schedule(
    nq: int,
    nk: int,
    bh_total: int,
    group_heads: int,
    block_n: int,
    programs: int,
    device: torch.device,
    tile_rows: int = 2 * CONSUMER_ROWS,
    pad_top: bool = False,
) -> torch.Tensor:
    """Tiles per program, [programs, 1 + max count] int32 (count first): causal tiles of ``tile_rows``
    query rows in the kernel's order (longest first inside L2-sized head groups), each given to the
    least-loaded program so far. Round-robin would hand some programs several long tiles; greedy
    longest-first keeps the tail short. ``pad_top``: tiles laid from the last query row up. Cached per
    problem; one small host-to-device copy per new shape."""
    key = (nq, nk, bh_total, group_heads, block_n, programs, device, tile_rows, pad_top)
    if key in _SCHEDULES:
        return _SCHEDULES[key]
    num_m = -(-nq // tile_rows)
    costs = [
        _tile_blocks(m, nq, nk, block_n, tile_rows, pad_top) + 1 for m in range(num_m)
    ]  # +1: Q, epilogue
    per_group = group_heads * num_m

    def cost(t: int) -> float:
        g, r = divmod(t, per_group)
        heads_here = min(group_heads, bh_total - g * group_heads)
        return costs[num_m - 1 - r // heads_here]  # its query block, as ``gluon_tiles._tile_coords``

    _SCHEDULES[key] = _table(_least_loaded(range(num_m * bh_total), cost, programs), device)
    return _SCHEDULES[key]


def _least_loaded(tiles: Iterable[int], cost: Callable[[int], float], programs: int) -> list[list[int]]:
    """Each tile, in the order given, to the program least loaded so far (ties: the lowest program)."""
    heap = [(0.0, p) for p in range(programs)]
    lists: list[list[int]] = [[] for _ in range(programs)]
    for t in tiles:
        load, p = heapq.heappop(heap)
        lists[p].append(t)
        heapq.heappush(heap, (load + cost(t), p))
    return lists


def _table(lists: list[list[int]], device: torch.device) -> torch.Tensor:
    """Each program's tiles as the kernel reads them: [programs, 1 + max count] int32, count first."""
    table = torch.zeros(len(lists), 1 + max(len(x) for x in lists), dtype=torch.int32)
    for p, tiles in enumerate(lists):
        table[p, 0] = len(tiles)
        table[p, 1 : 1 + len(tiles)] = torch.tensor(tiles, dtype=torch.int32)
    return table.to(device)


def pads_a_slice(nq: int, tile_rows: int) -> bool:
    """Whether the grid's last tile of a head holds a consumer slice of padding rows alone (the case
    ``GluonFwdConfig.pad_skip`` is for): 4096 rows in 192-row tiles end in 64 real rows and 128 padding."""
    return -(-nq // tile_rows) * tile_rows - nq >= CONSUMER_ROWS


def balance_pays(nq: int, bh_total: int, programs: int, tile_rows: int) -> bool:
    """Whether :func:`padded_schedule` gives the busiest program fewer whole tiles than round-robin does
    (``GluonFwdConfig.pad_skip`` is used only there). Why: a tile whose padding slices run one block still
    costs most of a whole one (its real warpgroup runs alone, latency-bound: at 4,32,4096 the table took the
    kernel 2.5-3 % shorter, not the 4.5 % of a whole round), so the table pays only where round-robin
    stacked whole tiles on some programs; at 2,32,8192 it does not, and the build measured 1-2.5 % slower
    there (docs/kernels-log.md, 2026-11-28, twenty-third session). Longest first deals the whole tiles out
    first, so its busiest program holds ceil(whole / programs) of them."""
    num_m = -(-nq // tile_rows)
    tiles = num_m * bh_total
    whole_rr = max(
        sum(1 for t in range(p, tiles, programs) if t % num_m != num_m - 1) for p in range(programs)
    )
    return -(-(num_m - 1) * bh_total // programs) < whole_rr


def padded_schedule(
    nq: int, nk: int, bh_total: int, block_n: int, programs: int, device: torch.device, tile_rows: int
) -> torch.Tensor:
    """Tiles per program (:func:`causal_schedule`'s table) for non-causal tiles whose slices of padding
    rows run one block (``GluonFwdConfig.pad_skip``): the kernel's walk (``gluon_tiles._tile_coords``,
    tile t = head t // num_m, query block t % num_m) given out longest first to the least-loaded program,
    then each program's tiles put back in walk order, so the heads in flight stay the few that
    round-robin has (their K/V in L2).

    Why: round-robin gives program p every tile t = p mod P, and at 4,32,4096 (22 tiles a head, 132
    programs, 132 = 6 x 22) the 44 programs of the last round each carry 22 whole tiles while six carry
    only padded ones: 22 rounds for 20.7 rounds of work, whatever a padded tile costs. Longest first puts
    the light tiles on the programs with one whole tile fewer: 21. A tile is costed by its real slices'
    share of its key blocks, plus one for its Q and epilogue (a guess for a warpgroup alone: at these
    shapes any share up to a half gives the same table). Cached per problem."""
    key = ("padded", nq, nk, bh_total, block_n, programs, device, tile_rows)
    if key in _SCHEDULES:
        return _SCHEDULES[key]
    num_m = -(-nq // tile_rows)
    n_blocks = -(-nk // block_n)
    consumers = tile_rows // CONSUMER_ROWS
    costs = [
        1 + n_blocks * min(-(-(nq - m * tile_rows) // CONSUMER_ROWS), consumers) / consumers
        for m in range(num_m)
    ]
    order = sorted(range(num_m * bh_total), key=lambda t: -costs[t % num_m])  # stable: walk order inside
    lists = _least_loaded(order, lambda t: costs[t % num_m], programs)
    _SCHEDULES[key] = _table([sorted(x) for x in lists], device)
    return _SCHEDULES[key]


def no_schedule(device: torch.device) -> torch.Tensor:
    """Non-causal tiles are all alike: the kernel walks them round-robin and never reads this."""
    key = ("none", device)
    if key not in _SCHEDULES:
        _SCHEDULES[key] = torch.zeros(1, 1, dtype=torch.int32, device=device)
    return _SCHEDULES[key]


# ---------------------------------------------------------------------------- key split of the grid's tail

SPLIT_FIELDS = 4  # a key-split work item: tile, first key block, end key block, partial slot (-1: whole tile)
SPLIT_MAX_PIECES = 4  # pieces a tail tile may be cut into
SPLIT_MIN_BLOCKS = 4  # key blocks a piece keeps at least
SPLIT_MIN_GAIN = 0.02  # predicted share of the grid's time a split must save to be used
TILE_OVERHEAD = 1.0  # a tile's Q load and epilogue, in key blocks (as :func:`causal_schedule` counts them)
# The merge launch in key blocks (one ~1.7 us at D128 on an H100): a fixed part (the launch gap, one wave of
# small programs) and the partial rows' fp32 round trip, 192 x 128 x 4 bytes a slot read back at ~2.5 TB/s
# (~0.04 us). The first H100 run, with a slower merge and 1 block for all of it, cut 4,16,4096 in thirds
# (264 slots) for no gain and 2,16,2048 for a 9 % loss (benchmarks/results/fp8_split_ab_20261126-h100-1.json);
# with these two constants the model declines both, and the second run measured them at 0.996 and 0.95.
MERGE_FIXED = 2.0
MERGE_PER_SLOT = 0.025


def split_pieces(num_tiles: int, n_blocks: int, programs: int) -> int:
    """Into how many key ranges the last round's tiles are cut (1: none), non-causal.

    Why: tiles of equal cost go round-robin, so a grid of T tiles on P programs runs ceil(T/P) rounds while
    the work is T/P; at 192-row D128 tiles on 132 SMs that is 11 rounds for 10.4 (1376-1408 tiles). Cutting
    the R tiles of the last round into S pieces of n_blocks/S key blocks, spread one a program, makes that
    round ceil(R*S/P) pieces long. Each piece pays a tile's fixed cost again, and the pieces are merged
    afterwards (:data:`MERGE_FIXED` + :data:`MERGE_PER_SLOT` per piece); S is the count (up to
    :data:`SPLIT_MAX_PIECES`, pieces of at least :data:`SPLIT_MIN_BLOCKS`) that the cost model says saves
    the most, if that is at least :data:`SPLIT_MIN_GAIN` of the grid's time."""
    if num_tiles <= 0 or programs <= 0 or n_blocks <= 0:
        return 1
    rounds = -(-num_tiles // programs)
    tail = num_tiles - (rounds - 1) * programs
    tile = n_blocks + TILE_OVERHEAD
    whole = rounds * tile
    best, best_cost = 1, whole
    for s in range(2, SPLIT_MAX_PIECES + 1):
        piece = -(-n_blocks // s)
        if piece < SPLIT_MIN_BLOCKS:
            break
        merge = MERGE_FIXED + MERGE_PER_SLOT * tail * s
        cost = (rounds - 1) * tile + -(-tail * s // programs) * (piece + TILE_OVERHEAD) + merge
        if cost < best_cost:
            best, best_cost = s, cost
    return best if best_cost <= (1.0 - SPLIT_MIN_GAIN) * whole else 1


def _items_table(lists: list[list[tuple[int, int, int, int]]]) -> torch.Tensor:
    """Each program's work items as the kernels read them: [programs, 1 + SPLIT_FIELDS * max count] int32,
    the count first, then (tile, first key block, end key block, partial slot) per item (:func:`items_of`
    reads it back)."""
    table = torch.zeros(len(lists), 1 + SPLIT_FIELDS * max(1, max(len(x) for x in lists)), dtype=torch.int32)
    for p, items in enumerate(lists):
        table[p, 0] = len(items)
        if items:
            table[p, 1 : 1 + SPLIT_FIELDS * len(items)] = torch.tensor(items, dtype=torch.int32).flatten()
    return table


def items_of(table: torch.Tensor) -> list[list[tuple[int, int, int, int]]]:
    """Per program, its (tile, first key block, end key block, slot) items in the kernel's order: what
    :func:`_items_table` packed (the tests walk a schedule as the kernel does)."""
    f = SPLIT_FIELDS
    return [[tuple(row[1 + f * i : 1 + f * i + f].tolist()) for i in range(int(row[0]))] for row in table]


def split_schedule(
    num_tiles: int, n_blocks: int, programs: int, pieces: int, device: torch.device
) -> torch.Tensor:
    """Work items per program, [programs, 1 + SPLIT_FIELDS * max count] int32 (count first): the whole tiles
    round-robin as the kernel walks them without a table (tile p + i*P, all ``n_blocks`` key blocks, slot
    -1), then the last round's R tiles (``tail0 = num_tiles - R`` on) cut into ``pieces`` key ranges each:
    piece k of tail tile r covers key blocks [k*n/S, (k+1)*n/S), writes partial slot r*S + k, and goes to
    program (r*S + k) % P. :func:`accel.kernels.gluon.merge.launch_split_merge` merges slots r*S .. r*S+S-1
    into tile tail0 + r. Cached per problem."""
    key = ("split", num_tiles, n_blocks, programs, pieces, device)
    if key in _SCHEDULES:
        return _SCHEDULES[key]
    rounds = -(-num_tiles // programs)
    tail0 = (rounds - 1) * programs
    lists: list[list[tuple[int, int, int, int]]] = [
        [(t, 0, n_blocks, -1) for t in range(p, tail0, programs)] for p in range(programs)
    ]
    for r in range(num_tiles - tail0):
        for k in range(pieces):
            slot = r * pieces + k
            lo, hi = k * n_blocks // pieces, (k + 1) * n_blocks // pieces
            lists[slot % programs].append((tail0 + r, lo, hi, slot if pieces > 1 else -1))
    _SCHEDULES[key] = _items_table(lists).to(device)
    return _SCHEDULES[key]


# -------------------------------------------------------------- the bf16 forward's tail, cut evenly (stream)

TAIL_MIN_BLOCKS = 4  # key blocks a piece of a tail tile keeps at least (a piece pays a tile's fixed cost)
# What a piece of the cut tail costs beyond its key blocks, in microseconds (docs/kernels-log.md, 2026-11-29,
# twenty-ninth session, later): its Q load and epilogue (a tile's fixed cost), its partial rows' fp32 write
# and the merge's read of them at about this many bytes a microsecond over the whole card, and the merge
# launch's gap. A key block's time is its FLOPs at about 5.5 TFLOP/s an SM (740 TFLOP/s over 132 SMs).
TAIL_PIECE_FIXED_US = 1.5
TAIL_BYTES_PER_US = 2.5e6
TAIL_MERGE_FIXED_US = 6.0
TAIL_SM_FLOPS_PER_US = 5.5e6
TAIL_MIN_GAIN = 0.01  # predicted share of the grid's time a cut must save to be used


def tail_pieces(
    num_tiles: int, n_blocks: int, programs: int, min_blocks: int = TAIL_MIN_BLOCKS
) -> list[list[tuple[int, int, int]]]:
    """The last round's tiles cut evenly over the programs: per program, its (tile, first key block, end key
    block) pieces, in key order. Why: T equal tiles on P programs run ceil(T/P) rounds for T/P of work, and
    a last round of R < P tiles leaves P - R programs idle for a whole tile (2,048 D256 tiles on 132 SMs:
    15.5 rounds of work in 16). The R tiles' R x n key blocks are laid end to end and program p takes
    blocks [p*R*n/P, (p+1)*R*n/P), stream-K's split: every program gets R/P of a tile, in at most two
    pieces while R <= P. A cut within ``min_blocks`` of a tile's end moves onto that end, so no piece is
    shorter than that (a chunk may then hold a few blocks more or fewer). Empty where the grid has no
    partial last round."""
    if num_tiles <= 0 or programs <= 0 or n_blocks <= 0 or num_tiles % programs == 0:
        return [[] for _ in range(max(programs, 0))]
    rounds = -(-num_tiles // programs)
    tail0 = (rounds - 1) * programs
    tail = num_tiles - tail0
    total = tail * n_blocks
    cuts = []
    for p in range(programs + 1):
        c = p * total // programs
        r, off = divmod(c, n_blocks)
        if 0 < off < min_blocks:
            c = r * n_blocks
        elif 0 < n_blocks - off < min_blocks:
            c = (r + 1) * n_blocks
        cuts.append(c)
    lists: list[list[tuple[int, int, int]]] = []
    for p in range(programs):
        lo, hi = cuts[p], cuts[p + 1]
        items = []
        while lo < hi:
            r, off = divmod(lo, n_blocks)
            end = min(hi, (r + 1) * n_blocks)
            items.append((tail0 + r, off, end - r * n_blocks))
            lo = end
        lists.append(items)
    return lists


def tail_cut_pays(
    num_tiles: int, n_blocks: int, programs: int, tile_rows: int, block_n: int, head_dim: int
) -> bool:
    """Whether cutting the last round's tiles (:func:`tail_pieces`) is predicted to save at least
    :data:`TAIL_MIN_GAIN` of the grid's time: the last round shrinks from a whole tile to the longest
    program's pieces (each paying :data:`TAIL_PIECE_FIXED_US` and its fp32 rows' write), and the merge
    launch reads every piece back. The pieces run as a launch of their own after the whole rounds (its
    start is counted in the merge's fixed cost). Short grids decline: at 8,8,2048 D256 (1,024 tiles of 32
    blocks) the merge's bytes cost more than the 7 blocks the cut takes off the last round."""
    lists = tail_pieces(num_tiles, n_blocks, programs)
    if not any(lists):
        return False
    block_us = 4.0 * tile_rows * block_n * head_dim / TAIL_SM_FLOPS_PER_US
    slot_bytes = tile_rows * (head_dim + 1) * 4
    pieces = sum(len(items) for items in lists)  # every piece writes a slot (``SPLIT`` 2)
    rounds = -(-num_tiles // programs)
    whole = rounds * (n_blocks * block_us + TAIL_PIECE_FIXED_US)
    write_us = slot_bytes * programs / TAIL_BYTES_PER_US  # a piece's rows: every program writes at once
    longest = max(
        sum((hi - lo) * block_us + TAIL_PIECE_FIXED_US + write_us for _, lo, hi in items)
        for items in lists
    )  # fmt: skip
    merge = TAIL_MERGE_FIXED_US + pieces * slot_bytes / TAIL_BYTES_PER_US
    cut = (rounds - 1) * (n_blocks * block_us + TAIL_PIECE_FIXED_US) + longest + merge
    return cut <= (1.0 - TAIL_MIN_GAIN) * whole


def tail_schedule(
    num_tiles: int, n_blocks: int, programs: int, device: torch.device
) -> tuple[torch.Tensor, torch.Tensor, int, int]:
    """The pieces of :func:`tail_pieces` as the split kernel and the merge read them: (items per program,
    [programs, 1 + SPLIT_FIELDS * max count] int32 as :func:`split_schedule`'s, every item a piece writing
    partial slot s, slots numbered in key order; the merge's items [cut tiles, 3] int32: tile, first slot,
    pieces (a tile's slots are consecutive); slots; the most pieces a tile has). The whole rounds before
    run as a launch of their own (:func:`accel.kernels.gluon.fwd.launch_gluon_fwd`). Cached per problem."""
    key = ("tail", num_tiles, n_blocks, programs, device)
    if key in _SCHEDULES_TAIL:
        return _SCHEDULES_TAIL[key]
    pieces = tail_pieces(num_tiles, n_blocks, programs)
    slots: dict[int, list[int]] = {}
    lists: list[list[tuple[int, int, int, int]]] = []
    slot = 0
    for p in range(programs):
        items = []
        for t, lo, hi in pieces[p]:
            slots.setdefault(t, []).append(slot)
            items.append((t, lo, hi, slot))
            slot += 1
        lists.append(items)
    table = _items_table(lists)
    merge = torch.tensor(
        [(t, s[0], len(s)) for t, s in sorted(slots.items())] or [(0, 0, 0)], dtype=torch.int32
    )
    most = max((len(s) for s in slots.values()), default=0)
    _SCHEDULES_TAIL[key] = (table.to(device), merge.to(device), slot, most)
    return _SCHEDULES_TAIL[key]


_SCHEDULES_TAIL: dict[tuple[Any, ...], tuple[torch.Tensor, torch.Tensor, int, int]] = {}
