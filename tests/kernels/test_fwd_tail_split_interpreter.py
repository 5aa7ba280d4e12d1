"""Tier 2: the bf16 forward's grid tail cut evenly along the keys (``GluonFwdConfig.tail_split``), on CPU.

The Gluon kernels need a Hopper GPU (tests/gpu/test_gluon_fwd_gpu.py); here the whole rounds are computed
as the shipped launch computes them (tiles below the last round's first, O and LSE direct), the host's
pieces table is walked item by item as the split kernel walks it (each piece's rows against its key
blocks into its partial slot, every row of the slot), and the merge kernel runs under TRITON_INTERPRET=1 on
what that left. A wrong table (a key block run twice or never, a slot two pieces share) or a wrong merge
gives other bytes than one pass over all keys.
"""

from __future__ import annotations

import os
import sys

_ALREADY_INTERPRETED = os.environ.get("TRITON_INTERPRET") == "1"
os.environ["TRITON_INTERPRET"] = "1"

import pytest  # noqa: E402
import torch  # noqa: E402

pytest.importorskip("triton.experimental.gluon")

if "gpuaccel.accel.kernels.gluon.merge" in sys.modules and not _ALREADY_INTERPRETED:
    pytest.skip("kernels were defined before TRITON_INTERPRET was set", allow_module_level=True)

from gpuaccel.accel.kernels import reference  # noqa: E402
from gpuaccel.accel.kernels.gluon import merge, sched, tiles  # noqa: E402


@pytest.mark.parametrize(
    "num_tiles,blocks,programs",
    [(2048, 256, 132), (2048, 128, 132), (1024, 32, 132), (256, 64, 132), (36, 27, 132), (7, 16, 4)],
)
def test_tail_pieces_cover_the_last_round_once_evenly(num_tiles, blocks, programs):
    tail0 = num_tiles // programs * programs
    lists = sched.tail_pieces(num_tiles, blocks, programs)
    seen: dict[int, list[int]] = {}
    for items in lists:
        assert len(items) <= 2 + blocks * (num_tiles - tail0) // programs // blocks
        for t, lo, hi in items:
            assert tail0 <= t < num_tiles and 0 <= lo < hi <= blocks
            assert hi - lo >= min(sched.TAIL_MIN_BLOCKS, blocks)
            seen.setdefault(t, []).extend(range(lo, hi))
    assert sorted(seen) == list(range(tail0, num_tiles))
    assert all(sorted(b) == list(range(blocks)) for b in seen.values())
    loads = [sum(hi - lo for _, lo, hi in items) for items in lists]
    even = (num_tiles - tail0) * blocks / programs
    assert max(loads) <= even + 2 * sched.TAIL_MIN_BLOCKS  # the longest program: its share, give or take
    table, items_t, slots, most = sched.tail_schedule(num_tiles, blocks, programs, torch.device("cpu"))
    runs = sched.items_of(table)
    assert sorted(s for r in runs for *_, s in r) == list(range(slots))  # one slot a piece, none shared
    for t, s0, n in items_t.tolist():  # the merge's rows: a tile's slots consecutive, in key order
        own = sorted((lo, s) for r in runs for (tt, lo, _, s) in r if tt == t)
        assert [s for _, s in own] == list(range(s0, s0 + n)) and n <= most


def test_no_pieces_without_a_partial_round():
    assert not any(sched.tail_pieces(1320, 64, 132))
    assert not sched.tail_cut_pays(1320, 64, 132, 128, 64, 256)


@pytest.mark.parametrize(
    "tiles_,blocks,rows,block_n,d,want",
    [
        (2048, 256, 128, 64, 256, True),  # 1,16,16384 / 2,8,16384 D256: 15.5 rounds in 16
        (2048, 128, 128, 64, 256, True),  # 2,16,8192 D256
        (1024, 32, 128, 64, 256, False),  # 8,8,2048 D256: the merge's bytes cost more than the cut saves
        (2048, 128, 128, 128, 128, True),  # 1,16,16384 D128
        (3000, 64, 128, 64, 256, False),  # 23 rounds: the last one is under 1 % of the grid
    ],
)
def test_tail_cut_pays_where_the_tail_costs(tiles_, blocks, rows, block_n, d, want):
    assert sched.tail_cut_pays(tiles_, blocks, 132, rows, block_n, d) == want


@pytest.mark.parametrize(
    "b,hq,hkv,nq,nk,block_n,sms",
    [
        (1, 3, 3, 300, 300, 32, 4),  # 9 tiles on 4 programs, a ragged last key block
        (2, 4, 2, 150, 333, 32, 5),  # GQA, ragged query tile
        (1, 2, 1, 64, 520, 64, 3),  # fewer tiles than programs: pieces alone
    ],
)
def test_whole_rounds_then_pieces_then_merge_equal_one_pass(b, hq, hkv, nq, nk, block_n, sms, monkeypatch):
    monkeypatch.setattr(tiles, "sm_count", lambda device: sms)
    gen = torch.Generator().manual_seed(nq + nk)
    q = torch.randn(b, hq, nq, 64, generator=gen)
    k, v = (torch.randn(b, hkv, nk, 64, generator=gen) for _ in "kv")
    k[..., :4] *= 3.0  # scores of some spread, so the pieces' LSEs differ and their weights matter
    scale = 64**-0.5
    cut = tiles.tail_cut_walk(q, k, block_n, 2, None, always=True)
    assert cut is not None, "these shapes have a partial last round"
    programs, walk, (items, slots, most, tail0) = cut
    table, num_m, rows, group = walk[8], walk[4], 128, hq // hkv
    assert programs == table.shape[0] == sms and walk[9] == table.shape[1]
    ro, rl = reference.flash_attention_forward(q, k, v, False, scale)
    o = torch.full((b, hq, nq, 64), float("nan"), dtype=torch.float16)
    lse = torch.full((b, hq, nq), float("nan"))
    for t in range(tail0):  # the whole rounds' launch
        bh, m = divmod(t, num_m)
        r = slice(m * rows, min(nq, m * rows + rows))
        o.view(b * hq, nq, 64)[bh, r] = ro.view(b * hq, nq, 64)[bh, r].to(o.dtype)
        lse.view(b * hq, nq)[bh, r] = rl.view(b * hq, nq)[bh, r]
    po, pl = part = merge.split_scratch(slots, rows, 64, q.device)
    po.fill_(float("nan"))  # the merge must read only what the pieces wrote
    pl.fill_(float("nan"))
    qp = torch.nn.functional.pad(q, (0, 0, 0, num_m * rows - nq))  # TMA's zero fill past the last row
    for run in sched.items_of(table):
        for t, lo, hi, slot in run:
            bh, m = divmod(t, num_m)
            bb, h = divmod(bh, hq)
            keys = slice(lo * block_n, min(hi * block_n, nk))
            s = qp[bb, h, m * rows : m * rows + rows] @ k[bb, h // group, keys].T * scale
            pl[slot] = torch.logsumexp(s, dim=-1)
            po[slot] = torch.softmax(s, dim=-1) @ v[bb, h // group, keys]
    merge.launch_tail_merge(part, o, lse, num_m, items, most)
    assert not o.isnan().any() and not lse.isnan().any()
    assert (o.float() - ro).abs().max().item() < 2e-3  # fp16 output rounding
    assert (lse - rl).abs().max().item() < 1e-4


def test_a_wrong_merge_weight_is_caught(monkeypatch):
    """The check above is sharp: pieces averaged without their LSE weights give other output."""
    monkeypatch.setattr(tiles, "sm_count", lambda device: 4)
    gen = torch.Generator().manual_seed(3)
    q = torch.randn(1, 3, 300, 64, generator=gen)
    k, v = (torch.randn(1, 3, 300, 64, generator=gen) for _ in "kv")
    k[..., :4] *= 3.0
    programs, walk, (items, slots, most, _) = tiles.tail_cut_walk(q, k, 32, 2, None, always=True)
    o = torch.zeros(1, 3, 300, 64, dtype=torch.float16)
    lse = torch.zeros(1, 3, 300)
    po, pl = part = merge.split_scratch(slots, 128, 64, q.device)
    for run in sched.items_of(walk[8]):
        for t, lo, hi, slot in run:
            bh, m = divmod(t, walk[4])
            keys = slice(lo * 32, min(hi * 32, 300))
            s = torch.nn.functional.pad(q[0, bh], (0, 0, 0, 84))[m * 128 : m * 128 + 128] @ k[0, bh, keys].T
            po[slot] = torch.softmax(s * 0.125, dim=-1) @ v[0, bh, keys]
    pl.zero_()  # every piece weighted alike
    merge.launch_tail_merge(part, o, lse, walk[4], items, most)
    ro, _ = reference.flash_attention_forward(q, k, v, False, 0.125)
    cut_rows = o[0, 2, 256:]  # tile 8 (head 2, rows 256-299) is the last round: merged
    assert (cut_rows.float() - ro[0, 2, 256:]).abs().max().item() > 1e-2
