"""Tier 2: the Gluon forward's causal tile walk (``GluonFwdConfig.diag_first`` / ``pad_top``), on CPU.

The kernel runs only on a Hopper GPU (``tests/gpu/test_gluon_fwd_gpu.py::test_causal_walk_matches_reference``
runs every walk against the reference there); Gluon has no interpreter. Here the walk's index arithmetic
(``gluon.tiles._tile_place`` / ``_kv_blocks``, ``gluon.fwd._producer_tile`` / ``_consumer_tile``) is
replayed in plain Python and checked for what the kernel relies on: every key a stored row sees lies in a
block its slice runs, exactly once; a block run unmasked needs no mask for any row of the slice; with
``diag_first`` every masked block comes first (so the loop after the first block runs unmasked); the
producer's key block for each ring entry is the one the consumer takes it for, and every entry of a tile
is read or handed back by every slice; with ``pad_top`` the stored rows are each in one slice and the
host schedule (``gluon.sched.causal_schedule``) costs the tiles as laid. A blockwise online softmax in the
walk's order, in float64, matches the softmax.
"""

from __future__ import annotations

import math

import pytest
import torch

from gpuaccel.accel.kernels.gluon import sched

ROWS = sched.CONSUMER_ROWS


def _kv_blocks(start: int, rows: int, nk: int, off: int, block_n: int) -> tuple[int, int]:
    """``gluon.tiles._kv_blocks`` (causal) on ints: (blocks rows [start, start+rows) need (>= 1), blocks
    every one of those rows sees whole)."""
    hi = min(nk, start + rows + off)
    full = min(max(start + off + 1, 0), nk)
    n = max(-(-max(hi, 0) // block_n), 1)
    return n, min(full // block_n, n)


def _walk(nq: int, nk: int, block_n: int, consumers: int, diag_first: bool, pad_top: bool):
    """Per tile m: (its start row, the producer's key block per ring entry, per slice: the ring entries it
    hands back unread and the (entry, key block, masked) it runs, in order), as the kernel computes them."""
    tile_rows = consumers * ROWS
    num_m = -(-nq // tile_rows)
    off = nk - nq
    for m in range(num_m):
        start = m * tile_rows - (num_m * tile_rows - nq if pad_top else 0)
        n_tile, _ = _kv_blocks(start, tile_rows, nk, off, block_n)
        produced = [n_tile - 1 - e if diag_first else e for e in range(n_tile)]
        slices = []
        for c in range(consumers):
            row0 = start + c * ROWS
            n_mine, n_full = _kv_blocks(row0, ROWS, nk, off, block_n)
            if diag_first:
                skipped = list(range(n_tile - n_mine))
                base, top, lead = n_tile - n_mine, n_mine - 1, n_mine - n_full
                key = lambda e, top=top: top - e  # fwd._key_block
                first_masked = True
            else:
                skipped = list(range(n_mine, n_tile))
                base, top, lead = 0, 0, n_full
                key = lambda e: e
                first_masked = False
            runs = [(base, top, True)]
            runs += [(base + e, key(e), first_masked) for e in range(1, lead)]
            runs += [(base + e, key(e), not first_masked) for e in range(max(lead, 1), n_mine)]
            slices.append((row0, skipped, runs))
        yield start, produced, slices


CASES = [  # Nq, Nk, block_n, consumers
    (4096, 4096, 128, 3),
    (2304, 2304, 128, 3),
    (2000, 2500, 128, 3),
    (2500, 2000, 128, 3),
    (3077, 3077, 128, 3),
    (2600, 2599, 128, 3),
    (1100, 1700, 128, 2),
    (700, 333, 64, 2),
]


@pytest.mark.parametrize("pad_top", [False, True])
@pytest.mark.parametrize("diag_first", [False, True])
@pytest.mark.parametrize("nq,nk,block_n,consumers", CASES)
def test_walk_covers_each_visible_key_once(nq, nk, block_n, consumers, diag_first, pad_top):
    off = nk - nq
    stored = torch.zeros(nq, dtype=torch.int64)
    for _start, produced, slices in _walk(nq, nk, block_n, consumers, diag_first, pad_top):
        for row0, skipped, runs in slices:
            entries = skipped + [e for e, _, _ in runs]
            assert sorted(entries) == list(range(len(produced))), "every ring entry read or handed back once"
            ran = [e for e, _, _ in runs]
            assert ran == sorted(ran), "a slice reads its ring entries in order"
            for e, j, _ in runs:
                assert produced[e] == j, "the producer loaded the block the consumer takes the entry for"
            keys = sorted(j for _, j, _ in runs)
            assert keys == list(range(len(runs))), "a slice runs key blocks 0..n_mine-1, each once"
            if diag_first:
                flags = [masked for _, _, masked in runs]
                assert flags == sorted(flags, reverse=True), "masked blocks lead"
            rows = torch.arange(row0, row0 + ROWS)
            for _, j, masked in runs:
                cols = torch.arange(j * block_n, (j + 1) * block_n)
                seen = (cols[None] < nk) & (cols[None] <= rows[:, None] + off)
                if not masked:
                    assert bool(seen.all()), f"block {j} run unmasked needs a mask (rows from {row0})"
            real = rows[(rows >= 0) & (rows < nq)]
            stored[real] += 1
            if len(real):  # every key a stored row sees is in a block the slice runs
                last_key = int(min(nk - 1, int(real.max()) + off))
                if last_key >= 0:
                    assert last_key // block_n <= max(keys)
    assert bool((stored == 1).all()), "each query row is stored by exactly one slice"


@pytest.mark.parametrize("pad_top", [False, True])
@pytest.mark.parametrize("nq,nk,block_n,consumers", CASES[:6])
def test_schedule_costs_tiles_as_laid(nq, nk, block_n, consumers, pad_top):
    """The host table counts each tile's blocks as the kernel walks them, every tile once; laid from the
    bottom, the padding rows cost the first tile a block, not the last tile every key."""
    tile_rows = consumers * ROWS
    walked = [len(produced) for _, produced, _ in _walk(nq, nk, block_n, consumers, True, pad_top)]
    costed = [sched._tile_blocks(m, nq, nk, block_n, tile_rows, pad_top) for m in range(len(walked))]
    assert costed == walked
    table = sched.causal_schedule(nq, nk, 6, 2, block_n, 5, torch.device("cpu"), tile_rows, pad_top)
    tiles = sorted(int(t) for row in table for t in row[1 : 1 + int(row[0])])
    assert tiles == list(range(6 * len(walked)))
    if pad_top and nq % tile_rows and nq == nk:
        plain = [sched._tile_blocks(m, nq, nk, block_n, tile_rows) for m in range(len(walked))]
        assert sum(walked) < sum(plain)


@pytest.mark.parametrize("diag_first,pad_top", [(False, False), (True, False), (True, True)])
def test_online_softmax_in_walk_order_matches(diag_first, pad_top):
    """The slices' blockwise online softmax (masked blocks masked, the rest not), in float64 and in the
    walk's block order, gives the causal softmax of every stored row."""
    nq, nk, block_n, consumers, d = 700, 900, 64, 3, 8
    gen = torch.Generator().manual_seed(5)
    s = torch.randn(nq, nk, generator=gen, dtype=torch.float64) * 3
    v = torch.randn(nk, d, generator=gen, dtype=torch.float64)
    keep = torch.arange(nk)[None] <= torch.arange(nq)[:, None] + nk - nq
    want = torch.softmax(s.masked_fill(~keep, -math.inf), -1) @ v
    got = torch.full((nq, d), math.nan, dtype=torch.float64)
    for _, _, slices in _walk(nq, nk, block_n, consumers, diag_first, pad_top):
        for row0, _, runs in slices:
            rows = torch.arange(row0, row0 + ROWS)
            ok = (rows >= 0) & (rows < nq)
            m = torch.full((ROWS,), -math.inf, dtype=torch.float64)
            l_sum = torch.zeros(ROWS, dtype=torch.float64)
            acc = torch.zeros(ROWS, d, dtype=torch.float64)
            for _, j, masked in runs:
                cols = torch.arange(j * block_n, (j + 1) * block_n)
                blk = torch.full((ROWS, block_n), -math.inf, dtype=torch.float64)
                inside = cols < nk
                blk[ok.nonzero()[:, 0][:, None], inside.nonzero()[:, 0][None]] = s[
                    rows[ok][:, None], cols[inside][None]
                ]
                if masked:
                    blk = blk.masked_fill(~(cols[None] <= rows[:, None] + nk - nq), -math.inf)
                m_new = torch.maximum(m, blk.max(1).values)
                m_use = torch.where(m_new == -math.inf, 0.0, m_new)
                p = torch.exp(blk - m_use[:, None])
                alpha = torch.exp(m - m_use)
                vv = torch.zeros(block_n, d, dtype=torch.float64)
                vv[inside] = v[cols[inside]]
                acc = acc * alpha[:, None] + p @ vv
                l_sum = l_sum * alpha + p.sum(1)
                m = m_new
            got[rows[ok]] = (acc / l_sum.clamp_min(1e-300)[:, None])[ok]
    fin = keep.any(1)
    torch.testing.assert_close(got[fin], want[fin], rtol=1e-12, atol=1e-12)
