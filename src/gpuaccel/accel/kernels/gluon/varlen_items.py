"""Work items of packed documents, built on the GPU from the offsets: one small kernel, no copy to the host.

Why on the GPU: reading the offsets to the host would stall the stream once per call, and building the
table from some 30 torch ops cost as much host time as a short forward (16k causal tokens: 401-457 and
480 TFLOP/s, against 558-564).
"""

from __future__ import annotations

from typing import Any, NamedTuple

import torch
import triton
import triton.language as tl

from gpuaccel.accel.kernels.dense.launchers import Bound, launch
from gpuaccel.accel.kernels.gluon.tiles import VARLEN_FIELDS


@triton.jit
def _cummax(a, b):
    return tl.maximum(a, b)


@triton.jit
def varlen_items_kernel(cu_q, cu_k, scratch, items, batch, n_rows, empty_stat, ROWS: tl.constexpr,
                        CAUSAL: tl.constexpr, KEYS: tl.constexpr, FIELDS: tl.constexpr, BLOCK: tl.constexpr,
                        BLOCK_B: tl.constexpr):  # fmt: skip
    """One program: slot s < (tiles of all documents) is tile s - start(doc) of the document whose tiles
    cover s (a cumulative max over the documents' first slots finds it); slots are then sorted by their
    tiles' work, descending and stable, and written as ``items``' ``n_rows`` rows, empty ones past the last
    tile.
    Tiles are of the queries (a tile's work: the keys its rows see) or with ``KEYS`` of the keys (the
    query rows that see them). ``FIELDS`` 6 adds the start of the document's statistics rows, each
    document's padded to whole tiles of its queries (``empty_stat`` in empty rows: a region of its own).
    ``scratch``: BLOCK + 2 BLOCK_B int32 (first-slot marks, each document's first slot, its first
    statistics tile)."""
    d = tl.arange(0, BLOCK_B)
    has = d < batch
    len_q = tl.load(cu_q + d + 1, mask=has, other=0) - tl.load(cu_q + d, mask=has, other=0)
    len_k = tl.load(cu_k + d + 1, mask=has, other=0) - tl.load(cu_k + d, mask=has, other=0)
    q_tiles = (len_q + ROWS - 1) // ROWS
    tiles = (len_k + ROWS - 1) // ROWS if KEYS else q_tiles
    starts = tl.cumsum(tiles, 0) - tiles
    total = tl.sum(tiles, 0)
    slot = tl.arange(0, BLOCK)
    tl.store(scratch + slot, tl.full([BLOCK], -1, tl.int32))
    tl.store(scratch + BLOCK + d, starts, mask=has)
    tl.store(scratch + BLOCK + BLOCK_B + d, tl.cumsum(q_tiles, 0) - q_tiles, mask=has)
    tl.debug_barrier()
    tl.store(scratch + starts, d, mask=has & (tiles > 0))
    tl.debug_barrier()
    real = slot < total
    doc = tl.where(real, tl.associative_scan(tl.load(scratch + slot), 0, _cummax), 0)
    first = (slot - tl.load(scratch + BLOCK + doc)) * ROWS
    lq = tl.load(cu_q + doc + 1) - tl.load(cu_q + doc)
    lk = tl.load(cu_k + doc + 1) - tl.load(cu_k + doc)
    if KEYS:  # query rows that see the tile's keys (bottom-right causal: row i sees key j <= i + lk - lq)
        seen = lq - tl.minimum(tl.maximum(first - (lk - lq), 0), lq) if CAUSAL else lq
    else:  # keys the tile's rows see
        seen = tl.maximum(tl.minimum(lk, first + ROWS + lk - lq), 0) if CAUSAL else lk
    seen = tl.where(real, seen, -1)
    key = (seen + 1).to(tl.int64) * (2 * BLOCK) + (BLOCK - 1 - slot)  # equal keys: lower slot first
    key = tl.sort(key, 0, descending=True)
    src = (BLOCK - 1) - (key % (2 * BLOCK)).to(tl.int32)
    tl.debug_barrier()
    tl.store(scratch + slot, doc)
    tl.debug_barrier()
    ok = src < total
    doc = tl.load(scratch + src)
    q0 = tl.load(cu_q + doc)
    k0 = tl.load(cu_k + doc)
    row = (src - tl.load(scratch + BLOCK + doc)) * ROWS
    out = items + slot * FIELDS
    write = slot < n_rows
    tl.store(out, tl.where(ok, q0, 0), mask=write)
    tl.store(out + 1, tl.where(ok, tl.load(cu_q + doc + 1) - q0, 0), mask=write)
    tl.store(out + 2, tl.where(ok, k0, 0), mask=write)
    tl.store(out + 3, tl.where(ok, tl.load(cu_k + doc + 1) - k0, 0), mask=write)
    if FIELDS == 6:
        stat0 = tl.load(scratch + BLOCK + BLOCK_B + doc) * ROWS
        tl.store(out + 4, tl.where(ok, stat0, empty_stat), mask=write)
    tl.store(out + FIELDS - 1, tl.where(ok, row, 0), mask=write)


class ItemsLayout(NamedTuple):
    """What the shapes fix about one work-items table (:func:`items_layout`): a packed call's plan keeps it,
    so a planned call only allocates and launches."""

    batch: int
    n_rows: int  # rows of the table: n_max + 1 (+ 1 for the counter)
    fields: int
    scratch: int  # int32 words of the kernel's scratch
    empty_stat: int  # the statistics row empty items point at
    constexprs: dict[str, Any]
    options: dict[str, Any]


def items_layout(
    batch: int,
    total_q: int,
    causal: bool,
    rows: int,
    total_k: int | None = None,
    stats: bool = False,
    counter: bool = False,
) -> ItemsLayout:
    """The table :func:`varlen_items` builds for ``batch`` documents, from the shapes alone."""
    keys = total_k is not None
    n_rows = (total_k if keys else total_q) // rows + batch + 1 + int(counter)
    block = triton.next_power_of_2(n_rows)
    block_b = triton.next_power_of_2(max(batch, 1))
    fields = int(VARLEN_FIELDS) + int(stats)
    return ItemsLayout(
        batch, n_rows, fields, block + 2 * block_b, stat_rows(total_q, batch, rows) - rows,
        dict(ROWS=rows, CAUSAL=bool(causal), KEYS=keys, FIELDS=fields, BLOCK=block, BLOCK_B=block_b),
        dict(num_warps=4 if block <= 4096 else 8),
    )  # fmt: skip


def launch_items(
    layout: ItemsLayout,
    cu_q: torch.Tensor,
    cu_k: torch.Tensor,
    scratch: torch.Tensor,
    items: torch.Tensor,
    bound: Bound | None = None,
    name: str = "items",
) -> None:
    """Build the table of ``layout`` into ``items`` (``n_rows * fields`` int32, 16-byte aligned) with
    ``scratch`` (``layout.scratch`` int32); ``bound`` under ``name`` as in :func:`varlen_items`."""
    launch(
        varlen_items_kernel, (1,),
        (cu_q, cu_k, scratch, items, layout.batch, layout.n_rows, layout.empty_stat),
        layout.constexprs, layout.options, bound, name,
    )  # fmt: skip


def varlen_items(
    cu_q: torch.Tensor,
    cu_k: torch.Tensor,
    total_q: int,
    causal: bool,
    rows: int,
    total_k: int | None = None,
    stats: bool = False,
    counter: bool = False,
    bound: Bound | None = None,
    name: str = "items",
) -> torch.Tensor:
    """The work items of one head, built where the offsets live by one small kernel (no copy to the host,
    so no stream sync, and one launch of host work): [n_max + 1, fields] int32 rows (q0, len_q, k0, len_k,
    first row), one per ``rows``-row query tile of every document (with ``total_k``: per key tile, for the
    backward's dK/dV), heaviest first (stable for equal ones), then empty rows up to the bound n_max =
    total // rows + batch that the shapes alone give. ``stats`` adds, before the first row, the start of
    the document's statistics rows (each document's padded to whole query tiles; :func:`stat_rows`), and
    empty rows point it past them all. ``counter`` appends one more row of zeros: the packed forward's
    dynamic walk counts its tiles in it (``gluon.tiles._next_tile``), so it is zeroed without a launch.
    ``bound``: the caller's bound launches for this call signature (``dense.launchers.launch``), under
    ``name``; the table itself is built anew every call."""
    layout = items_layout(cu_q.numel() - 1, total_q, causal, rows, total_k, stats, counter)
    scratch = torch.empty(layout.scratch, dtype=torch.int32, device=cu_q.device)
    items = torch.empty(layout.n_rows, layout.fields, dtype=torch.int32, device=cu_q.device)
    launch_items(layout, cu_q, cu_k, scratch, items, bound, name)
    return items


def stat_rows(total_q: int, batch: int, rows: int) -> int:
    """Rows of a head's statistics for packed queries: every document's padded to whole ``rows`` tiles
    (at most total_q // rows + batch tiles), and one tile more that empty work items write to."""
    return (total_q // rows + batch + 1) * rows
