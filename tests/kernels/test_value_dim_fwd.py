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


def test_a_packed_value_pair_takes_the_gluon_path_and_its_backward_stays_tl(monkeypatch):
    """The packed forward's path accepts the default pairs as they are (on a CPU tensor the refusal is the
    device's, not the dims'); the packed backward takes none (its tl.* kernels pad q/k to 256)."""
    from gpuaccel.accel.kernels.varlen import attention as varlen

    q = torch.empty(4, 2, 192)
    why = gluon_unsupported(q, tuning.GLUON_HEAD_DIMS, 128, tuning.GLUON_VALUE_DIMS)
    assert "CUDA" in why
    assert varlen.forward_path(q, -1, 0, 0.0, 128) == "triton"  # CPU
    seen = []
    monkeypatch.setattr(varlen, "gluon_unsupported", lambda *a: seen.append(a[2:]) or "")
    assert varlen.forward_path(q, -1, 0, 0.0, 128) == "gluon"
    assert varlen.backward_path(q, -1, 0, 0.0, 128) == "gluon"  # (the stand-in refuses nothing)
    assert seen == [(128, tuning.GLUON_VALUE_FWD_DEFAULT), (128, ())]
    monkeypatch.setattr(tuning, "GLUON_VALUE_FWD_DEFAULT", ())  # out of the default: the route before
    assert varlen.forward_path(q, -1, 0, 0.0, 128) == "gluon" and seen[-1] == (128, ())
