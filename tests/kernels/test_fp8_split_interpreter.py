"""Tier 2: the key split of the persistent FP8 forward's grid tail, on CPU.

The Gluon kernel itself needs a Hopper GPU (tests/gpu/test_gluon_fp8_gpu.py); here the host's table is
walked item by item as the kernel walks it (each item: its tile's rows against its key blocks, written to
O or to its partial slot, exactly where the kernel's epilogue writes), and the merge kernel runs under
TRITON_INTERPRET=1 on what that walk left. A wrong table (a key block run twice or never, a slot two
items share) or a wrong merge gives other bytes than one pass over all keys.
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
    "tiles_,blocks,programs,want",
    [
        (1408, 32, 132, 1),  # 4,16,4096 D128: thirds of the last round's 88 tiles save less than the merge
        (1376, 64, 132, 2),  # 2,16,8192: 56 tiles in the last round, halves
        (320, 32, 132, 2),  # 1,5,8192 D64: 3 rounds for 2.4
        (1376, 128, 132, 2),  # 1,16,16384
        (1320, 64, 132, 1),  # whole rounds: nothing to cut
        (3000, 64, 132, 1),  # 23 rounds: a cut saves < 2 %
        (1376, 6, 132, 1),  # pieces of 3 blocks would be too short
    ],
)
def test_split_pieces_where_the_tail_costs(tiles_, blocks, programs, want):
    assert sched.split_pieces(tiles_, blocks, programs) == want


@pytest.mark.parametrize(
    "num_tiles,blocks,programs,pieces",
    [(1376, 64, 132, 2), (1408, 32, 132, 3), (7, 16, 4, 4), (320, 32, 132, 2)],
)
def test_split_schedule_runs_every_key_block_of_every_tile_once(num_tiles, blocks, programs, pieces):
    table = sched.split_schedule(num_tiles, blocks, programs, pieces, torch.device("cpu"))
    runs = sched.items_of(table)
    seen: dict[int, list[int]] = {}
    slots = []
    for items in runs:
        for t, lo, hi, slot in items:
            assert 0 <= lo < hi <= blocks
            seen.setdefault(t, []).extend(range(lo, hi))
            slots.append(slot)
    assert sorted(seen) == list(range(num_tiles))
    assert all(sorted(b) == list(range(blocks)) for b in seen.values())
    rounds = -(-num_tiles // programs)
    tail0 = (rounds - 1) * programs
    cut = [s for s in slots if s >= 0]
    assert sorted(cut) == list(range((num_tiles - tail0) * pieces))  # one slot per piece, none shared
    # whole tiles in the kernel's round-robin order, then at most ceil(pieces * tail / P) pieces each
    for p, items in enumerate(runs):
        whole = [t for t, _, _, s in items if s < 0]
        assert whole == list(range(p, tail0, programs))
        assert len(items) - len(whole) <= -(-(num_tiles - tail0) * pieces // programs)
    loads = [sum(hi - lo + 1 for _, lo, hi, _ in items) for items in runs]
    if sched.split_pieces(num_tiles, blocks, programs) == pieces:  # the model's choice: its gain holds
        assert max(loads) < (1 - sched.SPLIT_MIN_GAIN) * rounds * (blocks + 1)


def _walk(table, q, k, v, scale, tile_rows, block_n, o, lse, part):
    """What the Gluon kernel computes for each item of ``table`` (fp32 softmax over the item's keys)."""
    b_, hq, nq, _ = q.shape
    group, nk = hq // k.shape[1], k.shape[2]
    num_m = -(-nq // tile_rows)
    po, pl = part
    for items in sched.items_of(table):
        for t, lo, hi, slot in items:
            bh, m_idx = divmod(t, num_m)
            b, h = divmod(bh, hq)
            r0, r1 = m_idx * tile_rows, min(nq, m_idx * tile_rows + tile_rows)
            keys = slice(lo * block_n, min(hi * block_n, nk))
            s = q[b, h, r0:r1].float() @ k[b, h // group, keys].float().T * scale
            item_lse = torch.logsumexp(s, dim=-1)
            item_o = torch.softmax(s, dim=-1) @ v[b, h // group, keys].float()
            if slot < 0:
                o[b, h, r0:r1] = item_o.to(o.dtype)
                lse[b, h, r0:r1] = item_lse
            else:  # the kernel's epilogue: slot rows from the tile's first row
                po[slot, : r1 - r0] = item_o
                pl[slot, : r1 - r0] = item_lse


@pytest.mark.parametrize(
    "b,hq,hkv,nq,nk,tile_rows,block_n,sms,pieces",
    [
        (1, 3, 3, 200, 300, 192, 32, 4, None),  # 6 tiles on 4 programs: the model cuts the last 2 in halves
        (2, 4, 2, 150, 333, 128, 32, 5, 3),  # GQA; ragged last key block and query tile; thirds
        (1, 2, 1, 64, 520, 64, 64, 3, 4),  # one round: every tile cut in quarters
    ],
)
def test_split_walk_then_merge_equals_one_pass_over_all_keys(b, hq, hkv, nq, nk, tile_rows, block_n, sms,
                                                             pieces, monkeypatch):  # fmt: skip
    monkeypatch.setattr(tiles, "sm_count", lambda device: sms)
    gen = torch.Generator().manual_seed(nq + nk)
    q = torch.randn(b, hq, nq, 64, generator=gen)
    k, v = (torch.randn(b, hkv, nk, 64, generator=gen) for _ in "kv")
    k[..., :4] *= 3.0  # scores of some spread, so the pieces' LSEs differ and their weights matter
    scale = 64**-0.5
    programs, walk, cut = tiles.split_tile_walk(q, k, block_n, tile_rows // 64, None, pieces)
    assert cut is not None, "these shapes must be cut"
    n_pieces, tail0, tail = cut
    table, num_m = walk[8], walk[4]
    assert table.shape[0] == programs <= sms and walk[9] == table.shape[1]
    o = torch.full((b, hq, nq, 64), float("nan"), dtype=torch.float16)
    lse = torch.full((b, hq, nq), float("nan"))
    part = merge.split_scratch(n_pieces * tail, tile_rows, 64, q.device)
    part[0].fill_(float("nan"))  # the merge must read only what the items wrote
    part[1].fill_(float("nan"))
    _walk(table, q, k, v, scale, tile_rows, block_n, o, lse, part)
    merge.launch_split_merge(part, o, lse, num_m, cut)
    ro, rl = reference.flash_attention_forward(q, k, v, False, scale)
    assert not o.isnan().any() and not lse.isnan().any()
    assert (o.float() - ro).abs().max().item() < 2e-3  # fp16 output rounding
    assert (lse - rl).abs().max().item() < 1e-4


def test_a_wrong_merge_weight_is_caught(monkeypatch):
    """The check above is sharp: pieces averaged without their LSE weights give other output."""
    monkeypatch.setattr(tiles, "sm_count", lambda device: 4)
    gen = torch.Generator().manual_seed(3)
    q = torch.randn(1, 3, 200, 64, generator=gen)
    k, v = (torch.randn(1, 3, 300, 64, generator=gen) for _ in "kv")
    k[..., :4] *= 3.0
    _, walk, cut = tiles.split_tile_walk(q, k, 32, 3, None, 2)
    o = torch.zeros(1, 3, 200, 64, dtype=torch.float16)
    lse = torch.zeros(1, 3, 200)
    part = merge.split_scratch(cut[0] * cut[2], 192, 64, q.device)
    _walk(walk[8], q, k, v, 0.125, 192, 32, o, lse, part)
    part[1].zero_()  # every piece weighted alike
    merge.launch_split_merge(part, o, lse, walk[4], cut)
    ro, _ = reference.flash_attention_forward(q, k, v, False, 0.125)
    assert (o.float() - ro).abs().max().item() > 1e-2


@pytest.mark.parametrize(
    "b,hq,n,d,causal,want",
    [
        (8, 16, 1024, 128, True, 2),  # 192-row tiles pad 12.5 %, in the tile that walks every key
        (4, 16, 1024, 128, True, 2),
        (1, 16, 512, 128, True, 2),  # 64 tiles on 132 programs: one Q buffer
        (2, 8, 1000, 128, True, 2),  # 128 tiles: one Q buffer
        (2, 16, 1000, 128, True, 2),  # 256 tiles: two
        (2, 16, 2048, 128, True, 3),  # 2112 rows for 2048: within TILE_WASTE
        (2, 16, 8192, 128, True, 3),
        (8, 16, 1024, 128, False, 3),  # non-causal keeps three
        (1, 16, 512, 128, False, 3),
        (1, 16, 512, 64, False, None),  # D64 non-causal / D256 keep their one configuration (D64 causal:
        (1, 16, 512, 256, True, None),  # test_causal_d64_calls_take_two_programs_an_sm)
    ],
)
def test_fp8_kernel_takes_two_consumers_where_tall_tiles_pad_a_causal_call(b, hq, n, d, causal, want):
    """gluon.fp8.gluon_fp8_config on a call's queries: D128's three 64-row consumers drop to two where the
    192-row tiles pad a causal call's queries past TILE_WASTE, and where those short tiles outnumber the
    programs (132 SMs here) each loads the next tile's Q during the current one (two Q buffers); elsewhere,
    and with no queries given, the shipped configuration (each with the turns where with_turns gives them)."""
    from dataclasses import replace

    from gpuaccel.accel.kernels.gluon import fp8 as gluon_fp8

    shipped = gluon_fp8.GLUON_FP8_CONFIGS[d]
    cfg = gluon_fp8.gluon_fp8_config(d, torch.empty(b, hq, n, d, device="meta"), causal, sms=132)
    q_bufs = 2 if want == 2 and b * hq * -(-n // 128) > 132 else 1
    want_cfg = shipped if want in (None, 3) else replace(shipped, consumers=want, q_bufs=q_bufs)
    assert cfg == gluon_fp8.with_turns(want_cfg, d, causal)
    assert gluon_fp8.gluon_fp8_config(d) == gluon_fp8.with_turns(shipped, d, False)


@pytest.mark.parametrize(
    "b,hq,n,d,causal,two",
    [
        (4, 16, 1024, 64, True, True),  # one launch (V transposed in the kernel)
        (8, 16, 1024, 64, True, True),
        (2, 16, 2048, 64, True, True),
        (4, 16, 2048, 64, True, True),  # V^T by its own launch
        (4, 32, 4096, 64, True, True),  # D64_CAUSAL_SEQ
        (2, 32, 8192, 64, True, False),  # past it: 256-key blocks, one program an SM
        (1, 16, 16384, 64, True, False),
        (1, 16, 4097, 64, True, False),
        (2, 8, 1000, 64, True, False),  # 128 tiles: no more than the SMs (132)
        (1, 16, 512, 64, True, False),
        (4, 16, 1024, 64, False, False),  # non-causal keeps 256-key blocks
        (2, 16, 2048, 64, False, False),
        (8, 16, 1024, 128, True, False),  # D128 has its own rule
    ],
)
def test_causal_d64_calls_take_two_programs_an_sm(b, hq, n, d, causal, two):
    """gluon.fp8.gluon_fp8_config: a D64 causal call of up to D64_CAUSAL_SEQ queries and keys whose 128-row
    tiles outnumber the SMs runs D64_CAUSAL (two programs an SM: 64-key blocks, two stages, PV inside each
    block under the 80-register cap) with the turns and the reciprocal epilogue (docs/kernels-log.md,
    2026-12-01, forty-third session); past either bound, non-causal, and other head dims, one program an
    SM as before."""
    from gpuaccel.accel.kernels.gluon import fp8 as gluon_fp8
    from gpuaccel.accel.kernels.tuning.configs import GluonFwdConfig

    q = torch.empty(b, hq, n, d, device="meta")
    cfg = gluon_fp8.gluon_fp8_config(d, q, causal, sms=132)
    if two:
        assert GluonFwdConfig(64, 2, ctas_per_sm=2) == gluon_fp8.D64_CAUSAL
        assert cfg == gluon_fp8.with_turns(gluon_fp8.D64_CAUSAL, 64, True)
        assert gluon_fp8.runs_pv_inline(cfg) and gluon_fp8.fp8_takes_turns(cfg, True, False)
    elif d == 64:
        assert cfg == gluon_fp8.with_turns(gluon_fp8.GLUON_FP8_CONFIGS[64], 64, causal)
    else:
        assert cfg.block_n == gluon_fp8.GLUON_FP8_CONFIGS[d].block_n and cfg.ctas_per_sm == 1
    if two:  # the keys bound it too (a causal call's Nk >= Nq), and fewer SMs take the smaller calls
        assert gluon_fp8.gluon_fp8_config(d, q, causal, sms=132, seq_k=4097).ctas_per_sm == 1
    if (b, hq, n, causal) in ((2, 8, 1000, True), (1, 16, 512, True)):
        assert gluon_fp8.gluon_fp8_config(d, q, causal, sms=60) == gluon_fp8.with_turns(
            gluon_fp8.D64_CAUSAL, 64, True
        )


@pytest.mark.parametrize(
    "b,hq,n,d,v_given,want",
    [
        (4, 16, 1024, 128, True, 2),  # V transposed in the kernel: 128-row tiles, two Q buffers
        (1, 16, 512, 128, True, 2),
        (2, 16, 2048, 128, True, 3),  # within TILE_WASTE
        (4, 16, 1024, 128, False, 3),  # V transposed by its own launch: three
        (8, 16, 1024, 128, False, 3),
        (1, 16, 512, 64, True, None),  # D64 keeps its one configuration
    ],
)
def test_fp8_kernel_takes_two_consumers_where_tall_tiles_pad_a_v_given_call(b, hq, n, d, v_given, want):
    """gluon.fp8.gluon_fp8_config on a non-causal call: D128's three consumers drop to two (two Q buffers)
    where the 192-row tiles pad the queries past TILE_WASTE and the kernel transposes V itself (an e4m3
    call's one launch); with V^T from its own launch, or no padding, the shipped configuration."""
    from dataclasses import replace

    from gpuaccel.accel.kernels.gluon import fp8 as gluon_fp8

    shipped = gluon_fp8.GLUON_FP8_CONFIGS[d]
    q = torch.empty(b, hq, n, d, device="meta")
    cfg = gluon_fp8.gluon_fp8_config(d, q, False, sms=132, v_given=v_given)
    assert cfg == gluon_fp8.with_turns(
        shipped if want in (None, 3) else replace(shipped, consumers=want, q_bufs=2), d, False
    )


@pytest.mark.parametrize(
    "b,hq,n,d,causal,want",
    [
        (4, 16, 1024, 128, False, True),  # below V_IN_KERNEL_PAIRS
        (8, 16, 1024, 128, True, True),  # causal pairs halved
        (8, 16, 1024, 128, False, True),  # past it, but one launch runs 128-row tiles where 192 pad
        (8, 16, 1024, 96, False, True),  # padded to D128
        (16, 16, 1024, 128, False, False),  # past twice the bound
        (2, 16, 2048, 128, False, False),  # no padding: one launch measured slower
        (4, 16, 2048, 128, True, False),  # causal keeps the plain bound
        (8, 16, 1024, 64, False, False),  # D64 runs one configuration either way
        (2, 16, 8192, 128, False, False),
        (4, 16, 2048, 64, True, True),  # D64 causal, two programs an SM, up to 2048 keys: 3x the bound
        (8, 16, 2048, 64, True, True),
        (2, 16, 4096, 64, True, False),  # two programs, but 4096 keys: V^T by its own launch (level)
        (16, 16, 2048, 64, True, False),  # past 3x the bound
        (4, 32, 4096, 64, True, False),
    ],
)
def test_e4m3_call_transposes_v_in_the_kernel_below_the_bound_or_where_it_retiles(b, hq, n, d, causal, want):
    """gluon.fp8.transposes_v: the e4m3 call's one launch (V transposed in the kernel) below
    V_IN_KERNEL_PAIRS, and up to twice that for a non-causal D128 call whose 192-row tiles pad its queries
    (the one launch runs 128-row tiles there), and for D64 causal calls on two programs an SM of up to 2048
    keys up to three times it; elsewhere V^T by its own launch."""
    from gpuaccel.accel.kernels.gluon import fp8 as gluon_fp8

    q = torch.empty(b, hq, n, d, device="meta")
    assert gluon_fp8.transposes_v(q, q, causal, sms=132) is want


def test_d64_causal_v_in_the_kernel_needs_two_programs_and_no_grouped_heads():
    """gluon.fp8.transposes_v's D64 causal rule holds only where the call runs two programs an SM (more
    128-row tiles than SMs) and K/V have q's heads: 4,16,2048 on 2,000 SMs (one program an SM) and with
    GQA 4:1 keep V^T's own launch."""
    from gpuaccel.accel.kernels.gluon import fp8 as gluon_fp8

    q = torch.empty(4, 16, 2048, 64, device="meta")
    assert gluon_fp8.transposes_v(q, q, True, sms=132)
    assert not gluon_fp8.transposes_v(q, q, True, sms=2000)
    assert not gluon_fp8.transposes_v(q, torch.empty(4, 4, 2048, 64, device="meta"), True, sms=132)


@pytest.mark.parametrize(
    "b,hq,n,d,causal,v_given,turns",
    [
        (4, 16, 1024, 128, False, True, True),  # two consumers: turns and O by a reciprocal
        (8, 16, 1024, 128, True, True, True),
        (2, 16, 8192, 128, True, False, True),  # causal three consumers
        (2, 16, 8192, 128, False, False, False),  # non-causal three: level (11-round A/B)
        (8, 16, 1024, 128, False, False, False),  # V^T by its own launch: three consumers
        (1, 16, 512, 64, True, True, True),  # D64's two consumers (256-key blocks)
        (4, 32, 4096, 64, False, False, True),
        (2, 32, 8192, 64, True, False, True),
        (1, 16, 512, 256, False, True, False),  # D256's 64-key blocks carry P: no turns built
        (1, 16, 16384, 256, False, False, False),
    ],
)
def test_fp8_kernel_takes_turns_on_two_consumers_and_causal_three(b, hq, n, d, causal, v_given, turns):
    """gluon.fp8.with_turns: D128's configurations on two consumers, and causal ones on three, take the
    consumers' turns and O's reciprocal epilogue (docs/kernels-log.md, 2026-11-30, forty-first session
    (third)), and D64's (two consumers) causal and not (forty-second session); non-causal D128 on three
    consumers and D256 go without; the launch builds the turns for the step with PV inside each block
    (fp8_takes_turns)."""
    from gpuaccel.accel.kernels.gluon import fp8 as gluon_fp8

    q = torch.empty(b, hq, n, d, device="meta")
    cfg = gluon_fp8.gluon_fp8_config(d, q, causal, sms=132, v_given=v_given)
    assert (cfg.pingpong, cfg.o_recip) == (turns, turns)
    assert gluon_fp8.fp8_takes_turns(cfg, causal, False) is turns
    assert not gluon_fp8.fp8_takes_turns(cfg, True, True)  # a causal key split: not built
