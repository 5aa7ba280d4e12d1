"""Tier 2: the dense forward with a value head dim of its own (MLA's 192/128) on the Gluon kernel's
``HEAD_DIM_V``: which dims a call runs at, the configurations, and the offline sm_90a build.

Why: Gluon has no interpreter, so the GPU tier (``tests/gpu/test_flash_attn_parity_gpu.py``'s value-dim
cases) runs the kernel against the float64 reference; here the dispatch rules are checked on CPU tensors and
what the kernel compiles to is read without a GPU (``benchmarks/gluon_offline.py``, ptxas from Triton's
wheel): S = Q K^T at q's 192 columns as three 64-column chunks (12 wgmma k-steps of 16), P V at v's 128.
"""

from __future__ import annotations

import re

import pytest
import torch
from test_fwd_d128_paths import _offline

from gpuaccel.accel.kernels.checks import check_inputs
from gpuaccel.accel.kernels.dense import attention
from gpuaccel.accel.kernels.dense.paths import gluon_unsupported
from gpuaccel.accel.kernels.tuning import configs as tuning

SMEM_MAX = 232448  # bytes of shared memory a program on sm_90 (227 KB)


def _dims(
    dq: int,
    dv: int,
    gluon: bool,
    pairs: tuple[tuple[int, int], ...],
    padded: tuple[tuple[int, int], ...] = (),
) -> tuple[int, int]:
    q, v = torch.empty(1, 1, 4, dq), torch.empty(1, 1, 4, dv)
    shape = check_inputs(q, q, v, allowed_dtypes=(torch.float32,), need_cuda=False, value_dim=True)
    return attention._run_dims(shape, lambda t: gluon, q, v, pairs, padded)


def test_a_value_pair_runs_as_it_is_where_the_forward_takes_it_else_both_pad():
    pairs = ((192, 128), (128, 64))
    assert _dims(192, 128, True, pairs) == (192, 128)  # no padding at all
    assert _dims(160, 128, True, pairs) == (192, 128)  # q/k to a multiple of 64, not 256
    assert _dims(128, 64, True, pairs) == (128, 64)
    assert _dims(128, 48, True, pairs) == (128, 64)  # v padded to its power of two alone
    assert _dims(64, 256, True, pairs) == (256, 256)  # not a pair: both padded to the larger
    assert _dims(192, 128, True, ()) == (256, 256)  # no pairs: both padded, as before
    assert _dims(192, 128, False, pairs) == (256, 128)  # tl.*: each dim padded on its own


def test_the_backward_pads_q_and_k_alone_where_its_padded_pair_is_built():
    padded = ((256, 128),)
    assert _dims(192, 128, True, (), padded) == (256, 128)  # q/k to 256, v as it is
    both = ((192, 128), (256, 128))  # the shipped default, passed as both (dense.attention's backward)
    assert _dims(192, 128, True, both, both) == (192, 128)  # q/k at 192 in chunks: nothing padded
    assert _dims(160, 128, True, both, both) == (192, 128)
    assert _dims(256, 128, True, both, both) == (256, 128)
    assert _dims(128, 64, True, both, both) == (128, 128)
    assert _dims(160, 128, True, (), padded) == (256, 128)
    assert _dims(256, 128, True, (), padded) == (256, 128)  # already the pair: nothing padded
    assert _dims(128, 64, True, (), padded) == (128, 128)  # not built: both padded to the larger
    assert _dims(64, 256, True, (), padded) == (256, 256)
    assert _dims(192, 128, False, (), padded) == (256, 128)  # tl.*
    assert set(tuning.GLUON_BWD_VALUE_DEFAULT) <= set(tuning.GLUON_BWD_VALUE_DIMS)
    q = torch.empty(1, 1, 4, 256)
    assert "CUDA" in gluon_unsupported(q, tuning.GLUON_BWD_HEAD_DIMS, 128, tuning.GLUON_BWD_VALUE_DIMS)
    assert "v's head_dim (64)" in gluon_unsupported(
        q, tuning.GLUON_BWD_HEAD_DIMS, 64, tuning.GLUON_BWD_VALUE_DIMS
    )


def test_the_forward_takes_its_built_pairs_by_default_and_the_backward_none():
    assert set(tuning.GLUON_VALUE_FWD_DEFAULT) <= set(tuning.GLUON_VALUE_DIMS)
    for dq, dv in tuning.GLUON_VALUE_DIMS:
        assert dq % 64 == 0 and dv % 64 == 0 and dv < dq <= 256  # O is staged in Q's buffer


def test_gluon_unsupported_names_the_pairs():
    q = torch.empty(1, 1, 4, 192)
    built = ((192, 128),)
    assert "v's head_dim (64)" in gluon_unsupported(q, (64, 128, 256), 64, built)
    assert "(192, 128)" in gluon_unsupported(q, (64, 128, 256), 64, built)
    assert "CUDA" in gluon_unsupported(q, (64, 128, 256), 128, built)  # the pair passes; a CPU tensor not
    assert "v's head_dim (128)" in gluon_unsupported(q, (64, 128, 256), 128)  # no pairs: refused as before


def test_value_pair_configurations():
    cfg = tuning.gluon_fwd_config(192, 8192, 8192, False, head_dim_v=128)
    assert cfg == tuning.GLUON_FWD_VALUE_CONFIGS[(192, 128)]
    causal = tuning.gluon_fwd_config(192, 8192, 8192, True, head_dim_v=128)
    assert causal.diag_first and not causal.first_full and causal.rescale_log2 == cfg.rescale_log2
    assert causal.pad_top == (not causal.o_tma)
    equal = tuning.gluon_fwd_config(128, 8192, 8192, False, head_dim_v=128)
    assert equal == tuning.gluon_fwd_config(128, 8192, 8192)
    with pytest.raises(ValueError, match="runs \\(q, v\\) head dims"):
        tuning.gluon_fwd_config(256, 8192, 8192, False, head_dim_v=64)


def test_q_and_k_chunks():
    from gpuaccel.accel.kernels.gluon.fwd import chunk_cols

    assert [chunk_cols(d) for d in (64, 128, 256, 192)] == [64, 128, 256, 64]
    with pytest.raises(ValueError, match="multiple of 64"):
        chunk_cols(160)


def _hgmma(sass: str) -> list[tuple[str, bool]]:
    """(shape, A from registers: P V) of every HGMMA (Q K^T reads both operands from shared memory)."""
    return [
        (shape, a.startswith("R"))
        for shape, a in re.findall(r"HGMMA\.(\d+x\d+x\d+)\.F32\.BF16 R\d+, (\w+)", sass)
    ]


@pytest.mark.parametrize("causal", [False, True])
def test_shipped_192_128_build_runs_s_at_192_and_pv_at_128(tmp_path, causal):
    """The shipped 192/128 build: S as 12 k-steps a block (three 64-column chunks of Q and K), P V as 8
    (128 keys) into a 64 x 128 accumulator; no wgmma at 256 columns; fits shared memory; every wgmma A
    descriptor written before it is read."""
    cfg = tuning.gluon_fwd_config(192, 8192, 8192, causal, head_dim_v=128)
    args = ["--kernel", "fwd", "--shape", "2,16,8192,192", "--dv", "128", "--rescale", str(cfg.rescale_log2)]
    if cfg.first_full:
        args += ["--set", "first_full=1"]
    row, sass = _offline(tmp_path, *(args + ["--causal"] if causal else args))
    assert row["smem"] <= SMEM_MAX and row["DESC_UNSET"] == 0
    shapes = _hgmma(sass)
    assert shapes and all(s == "64x128x16" for s, _ in shapes)  # S 64 x 128 keys, O 64 x 128 columns
    qk = sum(1 for _, regs in shapes if not regs)
    pv = sum(1 for _, regs in shapes if regs)
    assert qk % 12 == 0 and pv % 8 == 0 and qk // 12 == pv // 8  # each block: 12 for S, 8 for P V


@pytest.mark.parametrize("causal", [False, True])
def test_backward_256_128_build_runs_dv_and_dp_at_128(tmp_path, causal):
    """The by-gradient dK/dV kernel at q/k 256 and v 128 (``HEAD_DIM_V``): dV = P^T dO into a 64 x 128
    accumulator and dP^T = V dO^T over 128 columns (8 k-steps), S^T over 256 (16) and dK = dS^T Q into a
    64 x 256 one; no spill; a third less shared memory than D256's 198,000 bytes."""
    args = ["--kernel", "bwd", "--shape", "2,16,8192,256", "--dv", "128"]
    row, sass = _offline(tmp_path, *(args + ["--causal"] if causal else args), kernel="gluon_dkdv_d256")
    assert row["smem"] <= 150_000 and row["DESC_UNSET"] == 0
    assert row["spill_stores"] == 0 and row["spill_loads"] == 0
    shapes = {s for s, _ in _hgmma(sass)}
    assert shapes == {"64x64x16", "64x128x16", "64x256x16"}, shapes  # S^T / dP^T, dV, dK


@pytest.mark.parametrize("causal", [False, True])
def test_backward_192_128_build_runs_q_and_k_in_chunks(tmp_path, causal):
    """The by-gradient dK/dV kernel at q/k 192 (``CHUNKS`` 3) and v 128: S^T as three chained 64-column
    chunks, dK in three 64 x 64 accumulators, dV 64 x 128; no 256-column wgmma; no spill. Beside it the
    Gluon dQ kernel at 192/128 (``CHUNKS`` 3, ``HEAD_DIM_V`` 128), no padded tl.* dQ: per 64-key block and
    warpgroup S = Q K^T as 12 k-steps (three chunks), dP = dO V^T as 8 (v's 128 columns), dQ = dS K as three
    64 x 64 accumulators of 4 k-steps each, dS from registers; no spill (no local loads or stores)."""
    args = ["--kernel", "bwd", "--shape", "2,16,8192,192", "--dv", "128"]
    row, sass = _offline(tmp_path, *(args + ["--causal"] if causal else args), kernel="gluon_dkdv_d256")
    assert row["smem"] <= 130_000 and row["DESC_UNSET"] == 0
    assert row["spill_stores"] == 0 and row["spill_loads"] == 0
    shapes = [s for s, _ in _hgmma(sass)]
    assert set(shapes) == {"64x64x16", "64x128x16"}, set(shapes)
    assert shapes.count("64x64x16") == 11 * shapes.count("64x128x16")  # (24 S^T + 8 dP^T + 12 dK) / 4 dV
    assert tuning.gluon_bwd_config(192, 128).gluon_dq
    assert not (tmp_path / "dq.sass").exists()  # the tl.* dQ (q/k padded to 256) was not built
    dq_sass = (tmp_path / "gluon_dq.sass").read_text()
    assert not re.search(r"\b(LDL|STL)\b", dq_sass)
    dq_shapes = _hgmma(dq_sass)
    assert {s for s, _ in dq_shapes} == {"64x64x16"}
    from_regs = sum(1 for _, regs in dq_shapes if regs)  # dQ = dS K: 12 a block
    assert from_regs % 12 == 0 and 3 * (len(dq_shapes) - from_regs) == 5 * from_regs  # S and dP: 20


def _packed_dims(monkeypatch, dq: int, dv: int, gluon: bool = True, pairs=None) -> tuple[int, int]:
    """The (q/k's, v's) head dims a packed call runs at (``varlen.attention.run_head_dims``), with the Gluon
    forward's reach (``forward_path``) replaced and the default pairs ``pairs`` where given."""
    from gpuaccel.accel.kernels.varlen import attention as varlen

    monkeypatch.setattr(varlen, "forward_path", lambda q, *a, **kw: "gluon" if gluon else "triton")
    if pairs is not None:
        monkeypatch.setattr(tuning, "GLUON_VALUE_FWD_DEFAULT", pairs)
    q, v = torch.empty(4, 2, dq), torch.empty(4, 2, dv)
    return varlen.run_head_dims(q, v, (None, None, 4, 4, -1, 0, 1.0, 0.0))


def test_a_packed_value_pair_runs_as_it_is_where_the_gluon_forward_takes_it(monkeypatch):
    """Packed calls run the dense forward's pairs at v's own width (192/128 unpadded, 160/128 at 192);
    everything else pads each dim on its own (the tl.* kernels), as before: not both to the larger, as the
    dense call does for pairs it does not build (its backward and the tl.* packed kernels take them)."""
    assert _packed_dims(monkeypatch, 192, 128) == (192, 128)
    assert _packed_dims(monkeypatch, 160, 128) == (192, 128)
    assert _packed_dims(monkeypatch, 128, 64) == (128, 64)
    assert _packed_dims(monkeypatch, 128, 48) == (128, 64)
    assert _packed_dims(monkeypatch, 64, 256) == (64, 256)  # not a pair
    assert _packed_dims(monkeypatch, 96, 96) == (128, 128)
    assert _packed_dims(monkeypatch, 192, 128, gluon=False) == (256, 128)  # tl.*: the route before
    assert _packed_dims(monkeypatch, 192, 128, pairs=()) == (256, 128)  # no default pairs: likewise


def test_a_packed_value_pair_takes_the_gluon_path_forward_and_backward(monkeypatch):
    """The packed forward's path accepts the default pairs as they are (on a CPU tensor the refusal is the
    device's, not the dims'); the packed backward's accepts the pairs of the backward's default it is built
    for (192/128, ``gluon.varlen_bwd.GLUON_VARLEN_BWD_VALUE_DIMS``); out of the default, the route before."""
    from gpuaccel.accel.kernels.gluon.varlen_bwd import GLUON_VARLEN_BWD_VALUE_DIMS
    from gpuaccel.accel.kernels.varlen import attention as varlen

    q = torch.empty(4, 2, 192)
    why = gluon_unsupported(q, tuning.GLUON_HEAD_DIMS, 128, tuning.GLUON_VALUE_DIMS)
    assert "CUDA" in why
    assert varlen.forward_path(q, -1, 0, 0.0, 128) == "triton"  # CPU
    assert varlen.backward_path(q, -1, 0, 0.0, 128) == "triton"
    assert GLUON_VARLEN_BWD_VALUE_DIMS == ((192, 128),)
    seen = []
    monkeypatch.setattr(varlen, "gluon_unsupported", lambda *a: seen.append(a[2:]) or "")
    assert varlen.forward_path(q, -1, 0, 0.0, 128) == "gluon"
    assert varlen.backward_path(q, -1, 0, 0.0, 128) == "gluon"  # (the stand-in refuses nothing)
    assert seen == [(128, tuning.GLUON_VALUE_FWD_DEFAULT), (128, ((192, 128),))]
    monkeypatch.setattr(tuning, "GLUON_VALUE_FWD_DEFAULT", ())  # out of the default: the route before
    monkeypatch.setattr(tuning, "GLUON_BWD_VALUE_DEFAULT", ((256, 128),))
    assert varlen.forward_path(q, -1, 0, 0.0, 128) == "gluon" and seen[-1] == (128, ())
    assert varlen.backward_path(q, -1, 0, 0.0, 128) == "gluon" and seen[-1] == (128, ())


def test_the_packed_backward_refuses_value_pairs_it_does_not_build():
    """Why a packed value-dim backward runs tl.*, as the path reports it: a pair the packed Gluon backward
    does not build (128/64, 256/128) or one taken out of the default, named; a window or soft-cap too."""
    from gpuaccel.accel.kernels.gluon.varlen_bwd import GLUON_VARLEN_BWD_DIMS

    pairs = ((192, 128),)
    for dq, dv in ((128, 64), (256, 128), (64, 256)):
        why = gluon_unsupported(torch.empty(4, 2, dq), GLUON_VARLEN_BWD_DIMS, dv, pairs)
        assert f"v's head_dim ({dv}) equal to q's ({dq}) or a pair of ((192, 128),)" in why
    assert "CUDA" in gluon_unsupported(torch.empty(4, 2, 192), GLUON_VARLEN_BWD_DIMS, 128, pairs)
    assert "equal to q's (192)" in gluon_unsupported(torch.empty(4, 2, 192), GLUON_VARLEN_BWD_DIMS, 128, ())


def _packed_bwd_plan(lens: list[int], hq: int, hkv: int, d: int, dv: int, causal: bool, fused=None):
    from gpuaccel.accel.kernels.gluon.varlen_bwd import FUSED_OPTS, packed_bwd_plan

    n = sum(lens)
    q, k, v, o = (
        torch.empty(n, hq, d),
        torch.empty(n, hkv, d),
        torch.empty(n, hkv, dv),
        torch.empty(n, hq, dv),
    )
    out = (torch.empty_like(q), torch.empty_like(k), torch.empty_like(v))
    return packed_bwd_plan(q, k, o, torch.empty_like(o), out, len(lens), causal, fused, FUSED_OPTS)


@pytest.mark.parametrize("causal", [False, True])
def test_the_packed_192_128_backward_plan_is_the_split_pair_at_v_width(causal):
    """The packed backward's plan at 192/128 (``gluon.varlen_bwd.packed_bwd_plan``): the split pair even
    where the fused kernel would pay (it is built for D128), both kernels with ``HEAD_DIM_V`` 128 and q/k
    in three 64-column chunks, the dense 192/128 backward's configuration, dK/dV two 64-key programs an
    item, dv's strides of its own; D128's plan takes none of it (its kernels build as before)."""
    from gpuaccel.accel.kernels.gluon.varlen_bwd import FUSED_FROM

    lens, hq, hkv = [5000, 129, 4000], 8, 2
    assert sum(lens) >= FUSED_FROM
    plan = _packed_bwd_plan(lens, hq, hkv, 192, 128, causal)
    cfg = tuning.gluon_bwd_config(192, 128)
    assert not plan.fused and plan.dq_acc is None
    common = dict(HEAD_DIM=192, CAUSAL=causal, CONSUMER_REGS=240)
    value = dict(HEAD_DIM_V=128, CHUNKS=3)
    assert plan.constexprs["dq"] == dict(common, BLOCK_N=cfg.dq_block_n, STAGES=cfg.dq_stages, **value)
    assert plan.constexprs["dkdv"] == dict(common, STAGES=cfg.stages, **value)
    assert plan.grids["dkdv"] == (2 * plan.kv_items.n_rows, hkv) and plan.grids["dq"] == (
        plan.dq_items.n_rows,
        hq,
    )
    assert plan.ints["dkdv"] == (hkv * 192, 192) and plan.ints["dv"] == (hkv * 128, 128)
    assert plan.ints["dq"] == (hq * 192, 192, hq * 128, 128, hq * 128, 128)  # dq, then o and dO at 128
    with pytest.raises(ValueError, match="fused Gluon varlen backward is built for head_dim"):
        _packed_bwd_plan(lens, hq, hkv, 192, 128, causal, fused=True)
    with pytest.raises(ValueError, match=r"runs \(q, v\) head dims \(\(192, 128\),\), got \(256, 128\)"):
        _packed_bwd_plan(lens, hq, hkv, 256, 128, causal)
    d128 = _packed_bwd_plan(lens, hq, hkv, 128, 128, causal, fused=False)
    assert "HEAD_DIM_V" not in d128.constexprs["dq"] and "CHUNKS" not in d128.constexprs["dkdv"]
    assert d128.grids["dkdv"] == (d128.kv_items.n_rows, hkv) and d128.ints["dv"] == d128.ints["dkdv"]
    assert _packed_bwd_plan(lens, hq, hkv, 128, 128, causal).fused  # D128 at this size: the fused kernel


@pytest.mark.parametrize("causal", [False, True])
def test_packed_backward_192_128_build_is_the_dense_pairs_kernels(tmp_path, causal):
    """The packed backward at 192/128 (``gluon_offline.py --kernel varlen_bwd --dv 128``) compiles the dense
    192/128 backward's consumers fed per document: the dQ kernel's wgmma all 64 x 64 (S as 12 k-steps a
    block in three chunks, dP over 128, dQ in three accumulators from registers), the dK/dV kernel's by
    gradient (S^T in three chunks twice, dP^T, dK in three 64 x 64 accumulators, dV 64 x 128); the dense
    kernels' shared memory (within the causal walk's 16 bytes); no spill."""
    args = ["--kernel", "varlen_bwd", "--shape", "3,16,4096,192", "--dv", "128"]
    row, sass = _offline(tmp_path, *(args + ["--causal"] if causal else args), kernel="gluon_varlen_dkdv")
    # the dense 192/128 dK/dV kernel's 124,272 bytes (causal 16 more, as the packed D128 kernel's)
    assert 124_272 <= row["smem"] <= 124_288 and row["DESC_UNSET"] == 0
    assert row["spill_stores"] == 0 and row["spill_loads"] == 0
    shapes = [s for s, _ in _hgmma(sass)]
    assert set(shapes) == {"64x64x16", "64x128x16"}, set(shapes)
    assert shapes.count("64x64x16") == 11 * shapes.count("64x128x16")  # (24 S^T + 8 dP^T + 12 dK) / 4 dV
    dq_sass = (tmp_path / "gluon_varlen_dq.sass").read_text()
    assert not re.search(r"\b(LDL|STL)\b", dq_sass)
    dq_shapes = _hgmma(dq_sass)
    assert {s for s, _ in dq_shapes} == {"64x64x16"}
    from_regs = sum(1 for _, regs in dq_shapes if regs)  # dQ = dS K: 12 a block
    assert from_regs % 12 == 0 and 3 * (len(dq_shapes) - from_regs) == 5 * from_regs  # S and dP: 20
