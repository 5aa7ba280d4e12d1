"""Host-side tile schedule for the persistent Gluon forward (:mod:`accel.kernels.gluon.fwd`).

Why a table: causal tiles differ in length by up to N/128 key blocks. Round-robin hands some programs
several long tiles (the most-loaded program carries 1.15x the mean at 4x16x4096, 132 programs); giving
each tile, longest first, to the least-loaded program so far keeps that at 1.01x. The kernel reads its
row of the table; non-causal tiles are alike and walk round-robin without one. Importing this module
pulls in neither triton nor a kernel.
"""

from __future__ import annotations

import heapq
from typing import Any

import torch

CONSUMER_ROWS = 64  # query rows per consumer warpgroup; a tile is ``GluonFwdConfig.consumers`` of them


def _tile_blocks(m_idx: int, nq: int, nk: int, block_n: int, tile_rows: int = 2 * CONSUMER_ROWS) -> int:
    """Host twin of ``gluon_tiles._kv_blocks`` for a whole causal tile: the key blocks it walks (>= 1)."""
    hi = min(nk, m_idx * tile_rows + tile_rows + nk - nq)
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
) -> torch.Tensor:
    """Tiles per program, [programs, 1 + max count] int32 (count first): causal tiles of ``tile_rows``
    query rows in the kernel's order (longest first inside L2-sized head groups), each given to the
    least-loaded program so far. Round-robin would hand some programs several long tiles; greedy
    longest-first keeps the tail short. Cached per problem; one small host-to-device copy per new shape."""
    key = (nq, nk, bh_total, group_heads, block_n, programs, device, tile_rows)
    if key in _SCHEDULES:
        return _SCHEDULES[key]
    num_m = -(-nq // tile_rows)
    costs = [_tile_blocks(m, nq, nk, block_n, tile_rows) + 1 for m in range(num_m)]  # +1: Q load, epilogue
    heap = [(0, p) for p in range(programs)]
    lists: list[list[int]] = [[] for _ in range(programs)]
    per_group = group_heads * num_m
    for t in range(num_m * bh_total):
        g, r = divmod(t, per_group)
        heads_here = min(group_heads, bh_total - g * group_heads)
        m_idx = num_m - 1 - r // heads_here  # as ``gluon_tiles._tile_coords``
        load, p = heapq.heappop(heap)
        lists[p].append(t)
        heapq.heappush(heap, (load + costs[m_idx], p))
    width = 1 + max(len(x) for x in lists)
    table = torch.zeros(programs, width, dtype=torch.int32)
    for p, tiles in enumerate(lists):
        table[p, 0] = len(tiles)
        table[p, 1 : 1 + len(tiles)] = torch.tensor(tiles, dtype=torch.int32)
    _SCHEDULES[key] = table.to(device)
    return _SCHEDULES[key]


def no_schedule(device: torch.device) -> torch.Tensor:
    """Non-causal tiles are all alike: the kernel walks them round-robin and never reads this."""
    key = ("none", device)
    if key not in _SCHEDULES:
        _SCHEDULES[key] = torch.zeros(1, 1, dtype=torch.int32, device=device)
    return _SCHEDULES[key]
