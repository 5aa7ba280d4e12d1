"""Tier 3: the warp-specialised Gluon forward on a Hopper GPU; skipped without CUDA or off sm_90."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
import torch
from attention_parity import batch_parts, bound_all, keep_mask, record_outputs

pytestmark = pytest.mark.skipif(
    not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9,
    reason="the Gluon forward needs a Hopper (sm_90) GPU",
)

CASES = [  # B, Hq, Hkv, Nq, Nk, D, causal, dtype
    (2, 8, 8, 1024, 1024, 128, False, torch.bfloat16),
    (2, 8, 8, 1000, 1000, 128, True, torch.bfloat16),
    (1, 8, 2, 777, 1500, 64, True, torch.float16),
    (1, 4, 1, 1500, 777, 256, True, torch.bfloat16),
    (1, 4, 2, 1100, 1700, 256, False, torch.bfloat16),  # D256 non-causal: the conditional rescale
    (2, 4, 4, 300, 300, 96, False, torch.float16),
    (1, 4, 4, 5000, 130, 64, True, torch.float16),
    (4, 16, 16, 2048, 2048, 128, True, torch.bfloat16),
    (4, 8, 2, 512, 512, 64, True, torch.float16),  # two programs per SM (short D64)
    (4, 8, 2, 512, 500, 64, False, torch.float16),  # the same non-causal: two Q buffers
    (3, 4, 4, 700, 1000, 64, False, torch.bfloat16),
    (2, 4, 4, 1000, 700, 64, True, torch.float16),
    (2, 8, 8, 2048, 2048, 64, True, torch.bfloat16),
]


@pytest.mark.parametrize("b,hq,hkv,nq,nk,d,causal,dtype", CASES)
def test_gluon_forward_matches_reference(b, hq, hkv, nq, nk, d, causal, dtype):
    from gpuaccel.accel.kernels.bench.attention import forward_check

    r = forward_check(b, hq, hkv, nq, nk, d, causal, dtype)
    assert r["path"] == "gluon"
    assert not r["nan"], "a tile of o or lse was never written"
    assert r["inf_rows_match"], "rows that see no key must give lse -inf"
    assert r["o"] < 1e-2 and r["lse"] < 1e-2, r


def test_backward_runs_from_the_gluon_forward():
    from gpuaccel.accel.kernels.bench.attention import errors_vs_reference

    errs, same_inf = errors_vs_reference(2, 8, 2, 1024, 1100, 128, True, torch.bfloat16)
    assert same_inf
    assert errs["o"] < 1e-2 and errs["lse"] < 1e-2
    assert max(errs["dq"], errs["dk"], errs["dv"]) < 2e-2


def test_forced_triton_path_agrees(monkeypatch):
    from gpuaccel.accel.kernels.dense import attention

    q, k, v = (torch.randn(1, 4, 700, 128, device="cuda", dtype=torch.bfloat16) for _ in range(3))
    scale = 1 / math.sqrt(128)
    assert attention.forward_path(q) == "gluon"
    og, lg = attention.flash_attention_forward(q, k, v, True, scale)
    monkeypatch.setenv(attention.PATH_ENV, "triton")
    assert attention.forward_path(q) == "triton"
    ot, lt = attention.flash_attention_forward(q, k, v, True, scale)
    assert (og.float() - ot.float()).abs().max().item() < 2e-2
    assert (lg - lt).abs().max().item() < 1e-3


def test_forced_gluon_path_on_unsupported_head_dim_is_named(monkeypatch):
    from gpuaccel.accel.kernels import UnsupportedInputError
    from gpuaccel.accel.kernels.dense import attention

    monkeypatch.setenv(attention.PATH_ENV, "gluon")
    q = torch.randn(1, 2, 64, 32, device="cuda", dtype=torch.float16)
    with pytest.raises(UnsupportedInputError, match="head_dim 32"):
        attention.flash_attention_forward(q, q, q, False, 0.2)


def _reference(q, k, v, causal, scale):
    """The fp32 reference O and LSE, and the bar: plain PyTorch's max error on O in the inputs' dtype."""
    from gpuaccel.accel.kernels import reference
    from gpuaccel.accel.kernels.bench.attention import plain_attention

    ro, rl = reference.flash_attention_forward(q.float(), k.float(), v.float(), causal, scale)
    bar = (plain_attention(q, k, v, causal, scale).float() - ro).abs().max().item()
    return ro, rl, bar


def _launch_checked(q, k, v, causal, scale, cfg, ref, *, bound=None, inf_rows=True, lse_tol=1e-2):
    """launch_gluon_fwd with ``cfg`` (and ``bound``) into NaN-filled o and lse, checked against ``ref``
    (``_reference``): every element written, O's max error within 2x the bar, the LSE within ``lse_tol``.
    ``inf_rows``: rows that see no key must give lse -inf and the LSE is compared on the others; off, it
    is compared on every row. Returns (o, lse)."""
    from gpuaccel.accel.kernels.gluon.fwd import launch_gluon_fwd

    ro, rl, bar = ref
    b, hq, nq = q.shape[:3]
    o = torch.full_like(q, float("nan"))
    lse = torch.full((b, hq, nq), float("nan"), device="cuda")
    launch_gluon_fwd(q, k, v, o, lse, causal, scale, cfg, bound)
    torch.cuda.synchronize()
    assert not (o.isnan().any() or lse.isnan().any()), f"o or lse left unwritten ({cfg.label()})"
    if inf_rows:
        fin = torch.isfinite(rl)
        assert bool((lse[~fin] == rl[~fin]).all()), "rows that see no key must give lse -inf"
        lse_err = (lse[fin] - rl[fin]).abs().max().item()
    else:
        lse_err = (lse - rl).abs().max().item()
    assert (o.float() - ro).abs().max().item() <= 2 * bar, cfg.label()
    assert lse_err < lse_tol, cfg.label()
    return o, lse


RESCALE_CASES = [  # B, Hq, Hkv, Nq, Nk, D, causal: the D64, D128 and D256 configurations
    (1, 4, 4, 2304, 2560, 64, False),
    (1, 4, 2, 2304, 2304, 64, True),
    (1, 4, 4, 1024, 2048, 128, False),
    (1, 4, 4, 700, 1100, 128, True),
    (2, 4, 2, 128, 3000, 64, True),  # D64 with two consumers (a 192-row tile would be a third padding)
    (1, 4, 4, 1024, 2048, 256, False),  # D256: 64-key blocks, a 64 x 256 fp32 O a warpgroup
    (1, 4, 2, 700, 1100, 256, True),
]


@pytest.mark.parametrize("warp", [False, True])
@pytest.mark.parametrize("pattern", ["random", "jump", "creep", "never"])
@pytest.mark.parametrize("b,hq,hkv,nq,nk,d,causal", RESCALE_CASES)
def test_conditional_rescale_matches_reference(b, hq, hkv, nq, nk, d, causal, pattern, warp):
    """O rescaled only when a row's max grows by more than 8 (log2): a max that jumps past it mid-row, one
    that creeps past it a little a block (the stale max must be caught up), one that never grows, random
    scores; both ways of deciding (per warpgroup, per warp). Within 2x plain bf16 PyTorch's max error."""
    from gpuaccel.accel.kernels.bench.attention import rescale_inputs
    from gpuaccel.accel.kernels.tuning.configs import gluon_fwd_config

    q, k, v = rescale_inputs(b, hq, hkv, nq, nk, d, pattern, seed=nq + d)
    scale = d**-0.5
    ref = _reference(q, k, v, causal, scale)
    cfg = replace(gluon_fwd_config(d, nq, nk), rescale_log2=8.0, rescale_warp=warp)
    _launch_checked(q, k, v, causal, scale, cfg, ref)


WALK_CASES = [  # B, Hq, Hkv, Nq, Nk, D, dtype: causal, three consumers at D64 (192-row tiles)
    (1, 4, 4, 2304, 2304, 64, torch.bfloat16),
    (1, 4, 2, 2000, 2500, 64, torch.bfloat16),  # Nq < Nk: padding rows on top still see keys
    (1, 4, 4, 2500, 2000, 64, torch.float16),  # Nq > Nk: leading rows see no key
    (2, 4, 4, 3077, 3077, 64, torch.bfloat16),  # the first tile all padding or partly
    (1, 4, 4, 2600, 2599, 64, torch.float16),  # a slice half padding, half rows
    (1, 4, 4, 1100, 1700, 128, torch.bfloat16),
    (2, 4, 2, 2100, 2100, 128, torch.bfloat16),
]
WALKS = {  # GluonFwdConfig fields of the causal walk (tuning.configs.CAUSAL_WALK), each alone and together
    "old": {"diag_first": False, "pad_top": False},
    "diag_first": {"diag_first": True, "pad_top": False},
    "pad_top": {"diag_first": False, "pad_top": True, "o_tma": False},
    "both": {"diag_first": True, "pad_top": True, "o_tma": False},
    "both_r8w": {
        "diag_first": True,
        "pad_top": True,
        "o_tma": False,
        "rescale_log2": 8.0,
        "rescale_warp": True,
    },
}


@pytest.mark.parametrize("walk", list(WALKS))
@pytest.mark.parametrize("b,hq,hkv,nq,nk,d,dtype", WALK_CASES)
def test_causal_walk_matches_reference(b, hq, hkv, nq, nk, d, dtype, walk):
    """Causal tiles with their key blocks last first (the masked ones lead) and laid from the last query
    row up (padding rows first, at negative rows: zero-filled Q, never stored): every output row and lse
    written, within 2x plain PyTorch's max error in the inputs' dtype against fp32."""
    from gpuaccel.accel.kernels.tuning.configs import gluon_fwd_config

    gen = torch.Generator(device="cuda").manual_seed(nq + 3 * nk + d)
    q = torch.randn(b, hq, nq, d, device="cuda", generator=gen).to(dtype)
    k, v = (torch.randn(b, hkv, nk, d, device="cuda", generator=gen).to(dtype) for _ in range(2))
    scale = d**-0.5
    ref = _reference(q, k, v, True, scale)
    cfg = replace(gluon_fwd_config(d, nq, nk, True), **WALKS[walk])
    _launch_checked(q, k, v, True, scale, cfg, ref)


TILE_COST_CASES = [  # B, Hq, Hkv, Nq, Nk, D, causal, dtype
    (5, 5, 5, 4096, 4096, 64, False, torch.bfloat16),  # padding slices, and the table pays (25 heads)
    (1, 4, 4, 4096, 4096, 64, False, torch.bfloat16),  # two slices of padding rows a head's last tile
    (1, 4, 2, 2600, 2599, 64, False, torch.float16),  # one, ragged keys, GQA
    (1, 4, 4, 4100, 1000, 64, False, torch.bfloat16),  # Nq > Nk
    (2, 4, 4, 3077, 3077, 64, True, torch.bfloat16),  # the diagonal block is also the ragged end
    (1, 4, 4, 2500, 2000, 64, True, torch.float16),  # leading rows see no key
    (1, 4, 4, 4100, 1000, 128, False, torch.bfloat16),  # D128: a slice of padding rows, O by TMA
    (1, 4, 4, 1100, 1700, 128, True, torch.bfloat16),
]
TILE_COST_PATHS = {  # GluonFwdConfig fields of the tile-cost paths, off, each alone and together
    "off": {"pad_skip": False, "row_limit": False, "o_recip": False},
    "pad_skip": {"pad_skip": True, "row_limit": False, "o_recip": False},
    "row_limit": {"pad_skip": False, "row_limit": True, "o_recip": False},
    "o_recip": {"pad_skip": False, "row_limit": False, "o_recip": True},
    "all": {"pad_skip": True, "row_limit": True, "o_recip": True},
}


@pytest.mark.parametrize("path", list(TILE_COST_PATHS))
@pytest.mark.parametrize("b,hq,hkv,nq,nk,d,causal,dtype", TILE_COST_CASES)
def test_tile_cost_paths_match_reference(b, hq, hkv, nq, nk, d, causal, dtype, path):
    """Slices of padding rows that run one block (and the host's balanced table: taken only where it
    pays, ``gluon.tiles.pad_skip_pays``, as at 5 x 5 heads of 4096), masked blocks by one per-row limit, O
    by a reciprocal of l: every row and lse written, within 2x plain PyTorch's max error in the inputs'
    dtype against fp32."""
    from gpuaccel.accel.kernels.tuning.configs import gluon_fwd_config

    gen = torch.Generator(device="cuda").manual_seed(nq + 5 * nk + d)
    q = torch.randn(b, hq, nq, d, device="cuda", generator=gen).to(dtype)
    k, v = (torch.randn(b, hkv, nk, d, device="cuda", generator=gen).to(dtype) for _ in range(2))
    scale = d**-0.5
    ref = _reference(q, k, v, causal, scale)
    cfg = replace(gluon_fwd_config(d, nq, nk, causal), **TILE_COST_PATHS[path])
    _launch_checked(q, k, v, causal, scale, cfg, ref)


Q2_INLINE_CASES = [  # B, Hq, Hkv, Nq, Nk, causal, dtype: two programs per SM (PV inside each block)
    (2, 4, 4, 1000, 700, True, torch.float16),  # one tile a program: wrong rows 320-383 before the fix
    (1, 1, 1, 1000, 700, True, torch.float16),
    (8, 16, 4, 1024, 1024, True, torch.bfloat16),  # ~4 tiles a program: the two buffers alternate
    (2, 4, 4, 1000, 700, False, torch.float16),
    (4, 8, 8, 777, 1500, True, torch.bfloat16),
]


@pytest.mark.parametrize("b,hq,hkv,nq,nk,causal,dtype", Q2_INLINE_CASES)
def test_second_q_buffer_with_pv_inside_the_block(b, hq, hkv, nq, nk, causal, dtype):
    """Two Q buffers with each block's PV inside the block (the two-per-SM D64 build): Triton 3.6's ptxas
    left the second loop's Q descriptor unwritten on the path that skipped the first (relative error 0.34
    at 2,4,1000,700 causal, an illegal address at one program per SM); the item's first block now runs
    ahead of both loops (gluon.fwd._consumer_tile). Every row and lse written, within 2x plain PyTorch's
    max error in the inputs' dtype against fp32, O by TMA and from registers."""
    from gpuaccel.accel.kernels.tuning.configs import TWO_PER_SM_FWD

    gen = torch.Generator(device="cuda").manual_seed(nq + 7 * nk)
    q = torch.randn(b, hq, nq, 64, device="cuda", generator=gen).to(dtype)
    k, v = (torch.randn(b, hkv, nk, 64, device="cuda", generator=gen).to(dtype) for _ in range(2))
    scale = 64**-0.5
    ref = _reference(q, k, v, causal, scale)
    for o_tma in (True, False):
        cfg = replace(TWO_PER_SM_FWD, q_bufs=2, o_tma=o_tma)
        _launch_checked(q, k, v, causal, scale, cfg, ref)


D128_PATH_CASES = [  # B, Hq, Hkv, Nq, Nk, dtype: D128, two consumers
    (2, 8, 8, 4096, 4096, torch.bfloat16),  # 32 x 16 tiles: four a program, both Q buffers in turn
    (4, 16, 4, 2048, 2048, torch.bfloat16),  # GQA, four tiles a program
    (1, 4, 2, 1100, 1700, torch.float16),  # ragged keys: the last block masked
    (1, 4, 4, 1700, 1100, torch.bfloat16),  # Nq > Nk, a half-empty last tile
    (8, 16, 16, 300, 100, torch.bfloat16),  # one key block a tile, and it is not full
    (3, 6, 3, 2049, 2047, torch.float16),  # a one-row last tile: its second slice is padding
]


@pytest.mark.parametrize("field", ["pingpong", "first_full", "k_ahead"])
@pytest.mark.parametrize("b,hq,hkv,nq,nk,dtype", D128_PATH_CASES)
def test_d128_turns_and_unmasked_first_block_match_reference(b, hq, hkv, nq, nk, dtype, field):
    """The two consumers taking turns to issue their wgmmas (``GluonFwdConfig.pingpong``, named barriers
    8 / 9, gluon.fwd_steps._turn; non-causal, the launcher drops it causal) and a slice's first block by
    the unmasked softmax where it is full (``first_full``, causal too), K's ring a slot deeper than V's with
    each K a block ahead (``k_ahead``, causal too): every row and lse written (a turn or a ring phase out
    of step would hang or leave rows unwritten), within 2x plain PyTorch's max error in the inputs'
    dtype against fp32, with O by TMA and two Q buffers and from registers with one."""
    from gpuaccel.accel.kernels.tuning.configs import gluon_fwd_config

    gen = torch.Generator(device="cuda").manual_seed(nq + 3 * nk + b)
    q = torch.randn(b, hq, nq, 128, device="cuda", generator=gen).to(dtype)
    k, v = (torch.randn(b, hkv, nk, 128, device="cuda", generator=gen).to(dtype) for _ in range(2))
    scale = 128**-0.5
    for causal in (False, True):
        ref = _reference(q, k, v, causal, scale)
        for o_tma, q_bufs in ((True, 2), (False, 1)):
            cfg = replace(gluon_fwd_config(128, nq, nk, causal), o_tma=o_tma, q_bufs=q_bufs, **{field: True})
            _launch_checked(q, k, v, causal, scale, cfg, ref)


NEXT_QK_CASES = [  # B, Hq, Hkv, Nq, Nk, D, dtype
    *((b, hq, hkv, nq, nk, 128, dt) for b, hq, hkv, nq, nk, dt in D128_PATH_CASES),
    (1, 4, 4, 4096, 4096, 64, torch.bfloat16),  # D64 three consumers, padding slices (non-causal)
    (2, 4, 4, 3077, 3077, 64, torch.bfloat16),  # D64 causal: padding rows on top
    (2, 8, 4, 1000, 700, 64, torch.float16),  # D64 whose slices see fewer keys than the tile
]


@pytest.mark.parametrize("b,hq,hkv,nq,nk,d,dtype", NEXT_QK_CASES)
def test_next_tiles_first_qk_before_the_epilogue_gives_the_same_bytes(b, hq, hkv, nq, nk, d, dtype):
    """Each consumer issuing its next tile's first QK^T before this tile's epilogue
    (``GluonFwdConfig.next_qk``, gluon.fwd._consumer_ahead) moves work, not arithmetic: o and lse bit
    for bit the same configuration's without it, causal or not, with O by TMA and two Q buffers and from
    registers with one, and within 2x plain PyTorch's max error against fp32 (a ring or Q phase out of
    step would hang, leave rows unwritten or read another tile's Q)."""
    from gpuaccel.accel.kernels.tuning.configs import gluon_fwd_config

    gen = torch.Generator(device="cuda").manual_seed(nq + 5 * nk + b + d)
    q = torch.randn(b, hq, nq, d, device="cuda", generator=gen).to(dtype)
    k, v = (torch.randn(b, hkv, nk, d, device="cuda", generator=gen).to(dtype) for _ in range(2))
    scale = d**-0.5
    for causal in (False, True):
        ref = _reference(q, k, v, causal, scale)
        for o_tma, q_bufs in ((True, 2), (False, 1)):
            base = replace(gluon_fwd_config(d, nq, nk, causal), o_tma=o_tma, q_bufs=q_bufs, ctas_per_sm=1)
            if base.pad_top and o_tma:  # pad_top lays tiles whose O leaves by masked stores
                base = replace(base, pad_top=False)
            outs = [
                _launch_checked(q, k, v, causal, scale, cfg, ref)
                for cfg in (base, replace(base, next_qk=True))
            ]
            assert torch.equal(outs[0][0], outs[1][0]) and torch.equal(outs[0][1], outs[1][1]), base.label()


D256_CASES = [  # B, Hq, Hkv, Nq, Nk, dtype: D256, two consumers, 64-key blocks
    (2, 4, 4, 2048, 2048, torch.bfloat16),  # 16 x 8 tiles: one a program
    (1, 4, 2, 1100, 1700, torch.float16),  # ragged keys, GQA
    (1, 4, 4, 1700, 1100, torch.bfloat16),  # Nq > Nk: causal leading rows see no key
    (3, 6, 3, 2049, 2047, torch.bfloat16),  # a one-row last tile: its second slice is padding
    (4, 16, 8, 2049, 2049, torch.bfloat16),  # 1,088 tiles: 8-9 a program (the Q ring wraps), GQA
]
D256_OPTIONS = {  # GluonFwdConfig fields on D256's configuration, each alone and together
    "o_recip": {"o_recip": True},
    "first_full": {"first_full": True},
    "diag_first": {"diag_first": True},
    "r8w_all": {
        "rescale_log2": 8.0,
        "rescale_warp": True,
        "o_recip": True,
        "first_full": True,
        "diag_first": True,
    },
    # three Q buffers taken in turn (gluon.tiles._q_slot), the worker consumer at 248 registers
    "q_ring": {"q_ring": True, "consumer_regs": 248},
    "q_ring_r0": {"q_ring": True, "rescale_log2": 0.0, "diag_first": False},
}


@pytest.mark.parametrize("option", list(D256_OPTIONS))
@pytest.mark.parametrize("b,hq,hkv,nq,nk,dtype", D256_CASES)
def test_d256_options_match_reference(b, hq, hkv, nq, nk, dtype, option):
    """D256 (two 64 x 256 fp32 accumulators a warpgroup, registers tight) with the options D64 and D128 run:
    O by 1/l, a slice's first block unmasked where it is full, a causal tile's key blocks last first, and
    those with the per-warp conditional rescale, and the Q ring: every row and lse written, within 2x plain
    PyTorch's max error in the inputs' dtype against fp32, causal or not (docs/kernels-log.md, 2026-11-29,
    2026-12-01)."""
    from gpuaccel.accel.kernels.tuning.configs import gluon_fwd_config

    gen = torch.Generator(device="cuda").manual_seed(nq + 11 * nk + b)
    q = torch.randn(b, hq, nq, 256, device="cuda", generator=gen).to(dtype)
    k, v = (torch.randn(b, hkv, nk, 256, device="cuda", generator=gen).to(dtype) for _ in range(2))
    scale = 256**-0.5
    for causal in (False, True):
        ref = _reference(q, k, v, causal, scale)
        cfg = replace(gluon_fwd_config(256, nq, nk, causal), **D256_OPTIONS[option])
        _launch_checked(q, k, v, causal, scale, cfg, ref)


TAIL_CASES = [  # B, Hq, Hkv, Nq, Nk, D, dtype: grids whose last round is partial on 132 SMs (or any count)
    (2, 4, 4, 4096, 4096, 256, torch.bfloat16),  # 256 tiles: 124 in the last round
    (3, 6, 3, 2049, 2047, 256, torch.bfloat16),  # GQA, a one-row last tile, the last key block ragged
    (1, 4, 2, 1100, 1700, 256, torch.float16),  # fewer tiles than programs: pieces alone
    (2, 8, 8, 2048, 2000, 128, torch.bfloat16),  # D128: two Q buffers, the first block unmasked where full
]


@pytest.mark.parametrize("b,hq,hkv,nq,nk,d,dtype", TAIL_CASES)
def test_tail_split_matches_reference(b, hq, hkv, nq, nk, d, dtype):
    """The last round's tiles cut along the keys and merged (``GluonFwdConfig.tail_split`` 2: wherever the
    round is partial): the whole rounds, the pieces and their merge write every row of O and the LSE the
    backward reads, within 2x plain PyTorch's max error in the inputs' dtype against fp32
    (docs/kernels-log.md, 2026-11-29, twenty-ninth session, later)."""
    from gpuaccel.accel.kernels.tuning.configs import gluon_fwd_config

    gen = torch.Generator(device="cuda").manual_seed(nq + 11 * nk + b)
    q = torch.randn(b, hq, nq, d, device="cuda", generator=gen).to(dtype)
    k, v = (torch.randn(b, hkv, nk, d, device="cuda", generator=gen).to(dtype) for _ in range(2))
    k[..., :8] *= 3.0  # scores of some spread: the pieces' LSEs differ, so their weights matter
    scale = d**-0.5
    ref = _reference(q, k, v, False, scale)
    cfg = replace(gluon_fwd_config(d, nq, nk, False), tail_split=2)
    bound: dict = {}
    for _ in range(2):  # the first launch and its bound repeat
        _launch_checked(q, k, v, False, scale, cfg, ref, bound=bound, inf_rows=False, lse_tol=1e-3)
        assert bound.get("tail_walk") is not None, "this grid's last round must be cut"


@pytest.mark.parametrize(
    "d,hq,hkv,n,causal,path",
    [(64, 8, 8, 4096, True, "auto"), (128, 8, 2, 4096, False, "auto"), (128, 8, 8, 1000, True, "auto"),
     (256, 4, 4, 777, True, "auto"), (256, 4, 2, 1100, False, "auto"), (96, 4, 4, 300, False, "auto"),
     (128, 8, 2, 1000, True, "triton")],
)  # fmt: skip
def test_flash_attn_func_output_in_the_callers_layout(monkeypatch, d, hq, hkv, n, causal, path):
    """flash_attn_func hands back the forward's own o (allocated in q's (B, N, H, D) layout,
    dense.launchers.laid_out_like): no copy after the kernel (D96: the padded run's one slice copy);
    output and gradients within 2x plain bf16's error of the float64 reference (FlashAttention's standard,
    tests/attention_parity.py). Gluon D64/128/256 (fused, split, D256 backward) and the tl.* forward and
    backward (``path`` triton)."""
    from gpuaccel.accel.kernels.dense import attention, entry
    from gpuaccel.accel.kernels.flash_attn_interface import flash_attn_func

    if path == "triton":
        monkeypatch.setenv("GPUACCEL_ATTN_PATH", "triton")
        monkeypatch.setenv("GPUACCEL_ATTN_BWD_PATH", "triton")
    torch.manual_seed(d + n)
    q, k, v, do = (torch.randn(2, n, h, d, device="cuda", dtype=torch.bfloat16) for h in (hq, hkv, hkv, hq))
    leaves = [t.clone().requires_grad_() for t in (q, k, v)]
    seen = record_outputs(monkeypatch, (attention, entry), "flash_attention_forward")
    out = flash_attn_func(*leaves, causal=causal)
    assert out.is_contiguous() and out.shape == q.shape
    if d in (64, 128, 256):
        assert seen == [out.data_ptr()], "flash_attn_func copied the forward's o"
    got = (out, *torch.autograd.grad(out, leaves, do))
    keep = keep_mask(n, n, causal).cuda()
    ref, plain = (batch_parts(q, k, v, do, keep, t) for t in (torch.float64, torch.bfloat16))
    bound_all(got, plain, ref, f"d{d} hq{hq} hkv{hkv} n{n} causal={causal} {path}")
