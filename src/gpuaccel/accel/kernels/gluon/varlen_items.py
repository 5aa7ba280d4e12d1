"""Work items of packed documents, built on the GPU from the offsets: one small kernel, no copy to the host.

Why on the GPU: reading the offsets to the host would stall the stream once per call, and building the
table from some 30 torch ops cost as much host time as a short forward (16k causal tokens: 401-457 and
480 TFLOP/s, against 558-564).
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl

from gpuaccel.accel.kernels.gluon.tiles import VARLEN_FIELDS


@triton.jit
def _cummax(a, b):
    return tl.maximum(a, b)


@triton.jit
def varlen_items_kernel(cu_q, cu_k, scratch, items, batch, n_max, ROWS: tl.constexpr, CAUSAL: tl.constexpr,
                        BLOCK: tl.constexpr, BLOCK_B: tl.constexpr):  # fmt: skip
    """One program: slot s < (tiles of all documents) is tile s - start(doc) of the document whose tiles
    cover s (a cumulative max over the documents' first slots finds it); slots are then sorted by the keys
    their tiles see, descending and stable, and written as ``items`` rows, zeros past the last tile.
    ``scratch``: BLOCK + BLOCK_B int32 (first-slot marks, then each document's first slot)."""
    d = tl.arange(0, BLOCK_B)
    has = d < batch
    len_q = tl.load(cu_q + d + 1, mask=has, other=0) - tl.load(cu_q + d, mask=has, other=0)
    tiles = (len_q + ROWS - 1) // ROWS
    starts = tl.cumsum(tiles, 0) - tiles
    total = tl.sum(tiles, 0)
    slot = tl.arange(0, BLOCK)
    tl.store(scratch + slot, tl.full([BLOCK], -1, tl.int32))
    tl.store(scratch + BLOCK + d, starts, mask=has)
    tl.debug_barrier()
    tl.store(scratch + starts, d, mask=has & (tiles > 0))
    tl.debug_barrier()
    real = slot < total
    doc = tl.where(real, tl.associative_scan(tl.load(scratch + slot), 0, _cummax), 0)
    first = (slot - tl.load(scratch + BLOCK + doc)) * ROWS
    lq = tl.load(cu_q + doc + 1) - tl.load(cu_q + doc)
    lk = tl.load(cu_k + doc + 1) - tl.load(cu_k + doc)
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
    fields = (q0, tl.load(cu_q + doc + 1) - q0, k0, tl.load(cu_k + doc + 1) - k0,
              (src - tl.load(scratch + BLOCK + doc)) * ROWS)  # fmt: skip
    out = items + slot * VARLEN_FIELDS
    write = slot < n_max + 1
    for f in tl.static_range(VARLEN_FIELDS):
        tl.store(out + f, tl.where(ok, fields[f], 0), mask=write)


def varlen_items(
    cu_q: torch.Tensor, cu_k: torch.Tensor, total_q: int, causal: bool, rows: int
) -> torch.Tensor:
    """The work items of one head, built where the offsets live by one small kernel (no copy to the host,
    so no stream sync, and one launch of host work): [n_max + 1, VARLEN_FIELDS] int32 rows (q0, len_q,
    k0, len_k, first row), one per ``rows``-row query tile of every document, heaviest first (keys the
    tile's rows see; stable for equal ones), then all-zero rows up to the bound n_max = total_q // rows +
    batch that the shapes alone give (empty tiles)."""
    batch = cu_q.numel() - 1
    n_max = total_q // rows + batch
    block = triton.next_power_of_2(n_max + 1)
    block_b = triton.next_power_of_2(max(batch, 1))
    scratch = torch.empty(block + block_b, dtype=torch.int32, device=cu_q.device)
    items = torch.empty(n_max + 1, int(VARLEN_FIELDS), dtype=torch.int32, device=cu_q.device)
    varlen_items_kernel[(1,)](
        cu_q, cu_k, scratch, items, batch, n_max, ROWS=rows, CAUSAL=bool(causal), BLOCK=block,
        BLOCK_B=block_b, num_warps=4 if block <= 4096 else 8,
    )  # fmt: skip
    return items
