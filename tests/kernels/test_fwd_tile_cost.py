"""Tier 2: the Gluon forward's tile-cost paths (``GluonFwdConfig.pad_skip`` / ``row_limit`` / ``o_recip``),
on CPU.

The kernel runs only on a Hopper GPU (``test_tile_cost_paths_match_reference`` in
``tests/gpu/test_gluon_fwd_gpu.py`` runs every path against the reference there); Gluon has no interpreter.
Here what each path relies on is replayed in plain Python/torch: with ``pad_skip`` the host table
(``gluon.sched.padded_schedule``) runs every tile once, in walk order per program, and is never more loaded
than round-robin (at 4,32,4096 on 132 programs: 21 whole tiles where round-robin gives 22), while a slice of
padding rows runs one block and hands the rest of the tile's ring entries back (every entry read or handed
back once, every stored row's slice runs every key block); ``row_limit``'s one per-row limit masks exactly
the keys the two compares masked, and its max on raw scores gives the same p, m and l; ``o_recip``'s
reciprocal stays within an ulp or two of the division.
"""

from __future__ import annotations

import math

import pytest
import torch

from gpuaccel.accel.kernels.gluon import sched
from gpuaccel.accel.kernels.tuning import configs as tuning

ROWS = sched.CONSUMER_ROWS


def _slice_blocks(row0: int, nq: int, nk: int, block_n: int, pad_skip: bool) -> tuple[int, int]:
    """``gluon.tiles._kv_blocks`` (non-causal) as ``_consumer_tile`` calls it, on ints: with ``PAD_SKIP`` a
    slice past the last query row is given one key."""
    if pad_skip and row0 >= nq:
        nk = 1
    n = max(-(-nk // block_n), 1)
    return n, min(nk // block_n, n)


@pytest.mark.parametrize("nq,nk", [(4096, 4096), (2600, 2599), (4100, 1000), (2304, 2560), (8192, 8192)])
@pytest.mark.parametrize("consumers", [2, 3])
def test_padding_slices_run_one_block_and_hand_back_the_rest(nq, nk, consumers):
    block_n = 128
    tile_rows = consumers * ROWS
    for m in range(-(-nq // tile_rows)):
        n_tile = max(-(-nk // block_n), 1)
        for c in range(consumers):
            row0 = m * tile_rows + c * ROWS
            n_mine, n_full = _slice_blocks(row0, nq, nk, block_n, True)
            runs = (
                [0] + list(range(1, n_full)) + list(range(max(n_full, 1), n_mine))
            )  # first, unmasked, masked
            handed = list(range(n_mine, n_tile))  # ``_release_rest(cnt, n_mine, n_tile)``
            assert sorted(runs + handed) == list(range(n_tile)), (m, c)
            if row0 < nq:  # a slice with a stored row runs every key block
                assert runs == list(range(n_tile))
            else:
                assert runs == [0]
            assert n_full <= n_mine


@pytest.mark.parametrize(
    "nq,nk,bh,programs,consumers",
    [(4096, 4096, 128, 132, 3), (8192, 8192, 64, 132, 3), (2600, 2599, 4, 132, 3), (4100, 4100, 32, 132, 2),
     (4096, 4096, 128, 114, 3), (3000, 3000, 7, 5, 3)],
)  # fmt: skip
def test_padded_schedule_balances_tiles_in_walk_order(nq, nk, bh, programs, consumers):
    tile_rows = consumers * ROWS
    num_m = -(-nq // tile_rows)
    programs = min(programs, num_m * bh)
    table = sched.padded_schedule(nq, nk, bh, 128, programs, torch.device("cpu"), tile_rows)
    tiles = [t for p in range(programs) for t in table[p, 1 : 1 + table[p, 0]].tolist()]
    assert sorted(tiles) == list(range(num_m * bh)), "every tile exactly once"
    for p in range(programs):
        mine = table[p, 1 : 1 + table[p, 0]].tolist()
        assert mine == sorted(mine), "a program runs its tiles in walk order (heads in flight stay few)"
    n_blocks = -(-nk // 128)
    real = [min(-(-(nq - m * tile_rows) // ROWS), consumers) for m in range(num_m)]
    cost = [1 + n_blocks * r / consumers for r in real]

    def load(lists: list[list[int]]) -> float:
        return max(sum(cost[t % num_m] for t in x) for x in lists)

    rr = [list(range(p, num_m * bh, programs)) for p in range(programs)]
    ours = [table[p, 1 : 1 + table[p, 0]].tolist() for p in range(programs)]
    assert load(ours) <= load(rr) + 1e-9
    if (nq, bh, programs) == (4096, 128, 132):  # the target row: 21 whole tiles, not 22
        whole = max(sum(1 for t in x if real[t % num_m] == consumers) for x in ours)
        assert whole == 21 and max(sum(1 for t in x if real[t % num_m] == consumers) for x in rr) == 22
        assert load(ours) < load(rr) - 0.5 * (n_blocks + 1)


@pytest.mark.parametrize(
    "nq,bh,programs,rows,pays",
    [(4096, 128, 132, 192, True), (4096, 25, 132, 192, True), (8192, 64, 132, 192, False),
     (4096, 64, 132, 192, False), (2600, 4, 56, 192, False), (4100, 32, 132, 128, False)],
)  # fmt: skip
def test_balance_pays_where_round_robin_stacks_whole_tiles(nq, bh, programs, rows, pays):
    """``pad_skip`` only where longest first leaves the busiest program fewer whole tiles than round-robin
    (a padded tile still costs most of a whole one: 2,32,8192 measured slower with it)."""
    assert sched.balance_pays(nq, bh, programs, rows) is pays
    num_m = -(-nq // rows)
    table = sched.padded_schedule(nq, nq, bh, 128, programs, torch.device("cpu"), rows)
    whole = max(sum(1 for t in table[p, 1 : 1 + table[p, 0]].tolist() if t % num_m != num_m - 1)
                for p in range(programs))  # fmt: skip
    rr = max(
        sum(1 for t in range(p, num_m * bh, programs) if t % num_m != num_m - 1) for p in range(programs)
    )
    assert (whole < rr) is pays


def test_pads_a_slice():
    assert sched.pads_a_slice(4096, 192) and sched.pads_a_slice(8192, 192) and sched.pads_a_slice(2600, 192)
    assert not sched.pads_a_slice(2304, 192) and not sched.pads_a_slice(4096, 128)
    assert not sched.pads_a_slice(4000, 192)  # 32 padding rows: no slice of padding alone


def _softmax_masked(qk, m_i, l_i, j, offs_m, scale, off, nk, block_n, causal, row_limit):
    """``gluon.fwd_steps._softmax``'s masked block, both ways, in float32."""
    if row_limit:
        cols = torch.arange(block_n)
        lim = (torch.clamp(offs_m + off + 1, max=nk) if causal else torch.full_like(offs_m, nk)) - j * block_n
        valid = cols[None, :] < lim[:, None]
        s = torch.where(valid, qk, -math.inf)
        m_new = torch.maximum(m_i, s.amax(1) * scale)
        m_use = torch.where(m_new == -math.inf, 0.0, m_new)
        s = s * scale - m_use[:, None]
    else:
        offs_n = j * block_n + torch.arange(block_n)
        valid = offs_n[None, :] < nk
        if causal:
            valid = valid & (offs_n[None, :] <= offs_m[:, None] + off)
        s = torch.where(valid, qk * scale, -math.inf)
        m_new = torch.maximum(m_i, s.amax(1))
        m_use = torch.where(m_new == -math.inf, 0.0, m_new)
        s = s - m_use[:, None]
    p = torch.exp2(s)
    alpha = torch.exp2(m_i - m_use)
    return valid, p, m_new, l_i * alpha + p.sum(1)


@pytest.mark.parametrize("causal", [False, True])
@pytest.mark.parametrize(
    "nq,nk,row0,j",
    [(4096, 4096, 4032, 31), (2500, 2000, 0, 0), (2000, 2500, 1936, 19), (3077, 3077, 3072, 24),
     (2600, 2599, 2560, 20), (300, 700, 128, 4)],
)  # fmt: skip
def test_row_limit_masks_the_same_keys_and_gives_the_same_softmax(causal, nq, nk, row0, j):
    block_n = 128
    gen = torch.Generator().manual_seed(nq + j)
    offs_m = row0 + torch.arange(ROWS)
    qk = torch.randn(ROWS, block_n, generator=gen) * 8
    m_i = torch.where(torch.rand(ROWS, generator=gen) < 0.3, -math.inf, torch.randn(ROWS, generator=gen))
    l_i = torch.where(m_i == -math.inf, 0.0, torch.rand(ROWS, generator=gen) + 0.5)
    scale = 64**-0.5 * math.log2(math.e)
    off = nk - nq
    old = _softmax_masked(qk, m_i, l_i, j, offs_m, scale, off, nk, block_n, causal, False)
    new = _softmax_masked(qk, m_i, l_i, j, offs_m, scale, off, nk, block_n, causal, True)
    assert torch.equal(
        old[0].expand(ROWS, block_n), new[0]
    ), "the per-row limit masks exactly the keys the two compares did"
    assert not any(x.isnan().any() for x in new[1:])
    for a, b in zip(old[1:], new[1:], strict=True):
        torch.testing.assert_close(b, a, rtol=2e-6, atol=1e-30)


def test_o_recip_within_two_ulps_of_the_division():
    gen = torch.Generator().manual_seed(0)
    acc = torch.randn(64, 64, generator=gen) * 100
    l_safe = torch.rand(64, generator=gen) * 1e3 + 1e-3
    div = acc / l_safe[:, None]
    mul = acc * (1.0 / l_safe)[:, None]
    ulp = torch.finfo(torch.float32).eps * div.abs()
    assert ((mul - div).abs() <= 2 * ulp + 1e-38).all()


def test_defaults_where_they_measured_faster():
    """D64 (both masks): O by 1/l and the padding slices' skip (used where it pays), not the row limit as
    a default (it measured slower alone); D128 and D64's two-per-SM short calls unchanged
    (docs/kernels-log.md, 2026-11-28, twenty-third session)."""
    for causal in (False, True):
        d64 = tuning.gluon_fwd_config(64, 4096, 4096, causal)
        assert (d64.o_recip, d64.pad_skip, d64.row_limit) == (True, True, False)
        d128 = tuning.gluon_fwd_config(128, 16384, 16384, causal)
        assert not (d128.o_recip or d128.pad_skip or d128.row_limit)
    short = tuning.gluon_fwd_config(64, 1024, 1024)
    assert not (short.o_recip or short.pad_skip or short.row_limit)
