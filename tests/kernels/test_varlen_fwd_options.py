"""Tier 2: the packed forward's configuration options (``varlen_fwd.packed_fwd_config``), in the host's rules
and in an offline sm_90a build.

Why: the packed kernel dropped the dense configuration's options until 2026-11-29 (its launcher set
``rescale_log2`` to 0 and never passed ``diag_first`` / ``first_full`` / ``o_recip`` to the kernel); D64
and D128 causal packs now run O's rescale decided per warp with key blocks last first (docs/kernels-log.md,
2026-11-29, thirtieth session). Gluon has no interpreter, so the GPU tier (``tests/gpu/
test_gluon_varlen_fwd_gpu.py``) runs these builds against the reference; here the launcher's arguments are
read with the launch replaced, and the shipped build's SASS from ``benchmarks/gluon_offline.py``.
"""

from __future__ import annotations

import os

os.environ["TRITON_INTERPRET"] = "1"  # like the other tier-2 modules, before any kernel is defined

import re
from dataclasses import replace

import pytest
import torch
from test_fwd_d128_paths import _key_loops, _offline


def test_d64_and_d128_causal_packs_take_the_measured_options_and_the_rest_none():
    from gpuaccel.accel.kernels.gluon import varlen_fwd

    for d in (64, 128):
        on = varlen_fwd.packed_fwd_config(d, 8192, True)
        assert (on.rescale_log2, on.rescale_warp, on.diag_first) == (8.0, True, True), d
        assert not (on.first_full or on.o_recip), d
    cfg = varlen_fwd.packed_fwd_config(128, 8192, True)
    for d, causal in ((128, False), (64, False), (256, True), (256, False)):
        other = varlen_fwd.packed_fwd_config(d, 8192, causal)
        assert other.rescale_log2 == 0.0 and not other.rescale_warp, (d, causal)
        assert not (other.diag_first or other.first_full or other.o_recip), (d, causal)
    # the walk's own choices stay the dense configuration's (two Q buffers, O by TMA at D128)
    assert (cfg.q_bufs, cfg.o_tma) == (2, True)


def _launched(monkeypatch, causal: bool, cfg=None) -> dict:
    """The constexprs the launcher gives the packed kernel, its launch replaced (CPU tensors)."""
    from gpuaccel.accel.kernels.gluon import varlen_fwd

    seen: dict = {}
    monkeypatch.setattr(
        varlen_fwd, "launch", lambda kernel, grid, args, constexprs, *rest: seen.update(constexprs)
    )
    monkeypatch.setattr(varlen_fwd, "sm_count", lambda device: 132)
    # the items table comes from a tl.* kernel; its contents do not matter here
    monkeypatch.setattr(varlen_fwd, "launch_items", lambda *args: None)
    lens = [300, 129, 1000]
    cu = torch.tensor([0, 300, 429, 1429], dtype=torch.int32)
    q, k, v = (torch.randn(sum(lens), 4, 128).bfloat16() for _ in range(3))
    o, lse = torch.empty_like(q), torch.empty(4, sum(lens))
    varlen_fwd.launch_gluon_varlen_fwd(q, k, v, o, lse, cu, cu, max(lens), causal, 128**-0.5, cfg)
    return seen


def test_launcher_builds_the_options_it_is_given(monkeypatch):
    from gpuaccel.accel.kernels.gluon import varlen_fwd

    shipped = _launched(monkeypatch, True)
    assert (shipped["RESCALE"], shipped["RESCALE_WARP"], shipped["DIAG_FIRST"]) == (8.0, True, True)
    assert not (shipped["FIRST_FULL"] or shipped["O_RECIP"])
    plain = _launched(monkeypatch, False)
    assert (plain["RESCALE"], plain["RESCALE_WARP"], plain["DIAG_FIRST"]) == (0.0, False, False)
    cfg = replace(
        varlen_fwd.packed_fwd_config(128, 1000, True), rescale_warp=False, first_full=True, o_recip=True
    )
    given = _launched(monkeypatch, True, cfg)
    assert (given["RESCALE"], given["RESCALE_WARP"], given["FIRST_FULL"], given["O_RECIP"]) == (
        8.0,
        False,
        True,
        True,
    )


def test_ab_variant_names():
    from gpuaccel.accel.kernels.bench.varlen import variant_fields, variant_opts
    from gpuaccel.accel.kernels.gluon import varlen_fwd

    walk = varlen_fwd.FWD_OPTS
    assert variant_opts(f"{walk}/r8w,df") == walk and variant_opts("old/r8") == ""
    assert variant_fields(f"{walk}/r8w,df") == {"rescale_log2": 8.0, "rescale_warp": True, "diag_first": True}
    assert variant_fields(f"{walk}/r0.8,ff,orcp#again") == {
        "rescale_log2": 0.8, "rescale_warp": False, "first_full": True, "o_recip": True,
    }  # fmt: skip
    assert variant_fields(walk) == {} and variant_fields(f"{walk}/") == {}
    for bad in ("r0", "rx", "pp"):
        with pytest.raises(ValueError, match="r<T>"):
            variant_fields(f"{walk}/{bad}")


def test_shipped_d128_causal_packed_build_votes_per_warp_and_does_not_spill(tmp_path):
    """The packed kernel as the public call builds it for D128 causal packs: each key loop decides O's
    rescale by a warp vote, and nothing spills (per warpgroup it spilled 28 bytes, in the key loop too; the
    build before, O rescaled every block, 12 outside it)."""
    counts, sass = _offline(
        tmp_path, "--kernel", "varlen", "--shape", "3,16,8192,128", "--causal", kernel="gluon_varlen_fwd"
    )
    assert counts["spill_stores"] == 0 and counts["LDL"] == 0 and counts["DESC_UNSET"] == 0, counts
    loops = _key_loops(sass)
    assert len(loops) == 4  # the masked and the unmasked loop of each consumer
    assert all(any(re.search(r"\bVOTE\.ANY\b", t) for t in body) for body in loops)


# A value head dim of its own in the packed forward (MLA's 192/128, the kernel's HEAD_DIM_V; 2026-12-03)


def _launched_pair(monkeypatch, d: int, dv: int, causal: bool) -> tuple[dict, tuple]:
    """(constexprs, arguments) the launcher gives the packed kernel at q/k ``d`` and v ``dv``, its launch
    replaced (CPU tensors)."""
    from gpuaccel.accel.kernels.gluon import varlen_fwd

    seen: dict = {}
    monkeypatch.setattr(
        varlen_fwd, "launch", lambda kernel, grid, args, constexprs, *rest: seen.update(c=constexprs, a=args)
    )
    monkeypatch.setattr(varlen_fwd, "sm_count", lambda device: 132)
    monkeypatch.setattr(varlen_fwd, "launch_items", lambda *args: None)
    lens = [300, 129, 1000]
    cu = torch.tensor([0, 300, 429, 1429], dtype=torch.int32)
    q, k = (torch.randn(sum(lens), 4, d).bfloat16() for _ in range(2))
    v = torch.randn(sum(lens), 4, dv).bfloat16()
    o, lse = torch.empty(sum(lens), 4, dv).bfloat16(), torch.empty(4, sum(lens))
    varlen_fwd.launch_gluon_varlen_fwd(q, k, v, o, lse, cu, cu, max(lens), causal, d**-0.5)
    return seen["c"], seen["a"]


@pytest.mark.parametrize("causal", [False, True])
def test_a_value_pair_launches_at_v_width_with_q_and_k_in_64_column_chunks(monkeypatch, causal):
    from gpuaccel.accel.kernels.dense.direct_launch import Tma
    from gpuaccel.accel.kernels.tuning import configs as tuning

    c, args = _launched_pair(monkeypatch, 192, 128, causal)
    pair = tuning.GLUON_FWD_VALUE_CONFIGS[(192, 128)]
    assert (c["HEAD_DIM"], c["HEAD_DIM_V"]) == (192, 128)
    assert (c["BLOCK_N"], c["STAGES"]) == (pair.block_n, pair.stages)
    assert c["Q_BUFS"] == pair.q_bufs == 1 and c["O_TMA"]  # 208 KB: one Q buffer a consumer, O through it
    # causal packs: D128's packed options (per-warp rescale, key blocks last first); non-causal all off
    want = (8.0, True, True) if causal else (0.0, False, False)
    assert (c["RESCALE"], c["RESCALE_WARP"], c["DIAG_FIRST"]) == want
    assert not (c["FIRST_FULL"] or c["O_RECIP"])
    tmas = [a for a in args if isinstance(a, Tma)]
    assert [t.cols for t in tmas] == [64, 64, 0, 0]  # Q and K boxes of 64 columns; V and O whole (128)
    assert [t.tensor.shape[-1] for t in tmas] == [192, 192, 128, 128]
    # equal dims keep their boxes whole, HEAD_DIM_V equal to HEAD_DIM (the SASS of every such build is
    # unchanged: checked offline against the tree before, docs/kernels-log.md fifty-fifth session)
    c, args = _launched_pair(monkeypatch, 128, 128, causal)
    assert c["HEAD_DIM_V"] == c["HEAD_DIM"] == 128
    assert [a.cols for a in args if isinstance(a, Tma)][:2] == [128, 128]


def test_pairs_the_packed_forward_is_not_built_for_are_refused(monkeypatch):
    with pytest.raises(ValueError, match="runs \\(q, v\\) head dims"):
        _launched_pair(monkeypatch, 192, 64, False)
    with pytest.raises(ValueError, match="runs \\(q, v\\) head dims"):
        _launched_pair(monkeypatch, 64, 128, False)


def test_value_pair_packed_configuration():
    from gpuaccel.accel.kernels.gluon import varlen_fwd
    from gpuaccel.accel.kernels.tuning import configs as tuning

    for causal in (False, True):
        cfg = varlen_fwd.packed_fwd_config(192, 8192, causal, 128)
        dense = tuning.gluon_fwd_config(192, 8192, 8192, causal, head_dim_v=128)
        assert (cfg.block_n, cfg.stages, cfg.consumers, cfg.q_bufs, cfg.o_tma) == (
            dense.block_n, dense.stages, dense.consumers, dense.q_bufs, dense.o_tma,
        )  # fmt: skip
        assert (cfg.rescale_warp, cfg.diag_first) == (causal, causal)
    assert varlen_fwd.packed_fwd_config(128, 8192, True, 128) == varlen_fwd.packed_fwd_config(128, 8192, True)


def _pair_key_loops(sass: str) -> list[list[str]]:
    """The key loops of a 192/128 build: backward branches holding 20 HGMMA (a 128-key block: 12 for S =
    Q K^T over three 64-column chunks, 8 for P V at 128 columns)."""
    ins = [(int(a, 16), t.strip()) for a, t in re.findall(r"/\*([0-9a-f]{4,})\*/\s+([^;]*);", sass)]
    loops = []
    for addr, text in ins:
        m = re.search(r"BRA\s+.*?\b(0x[0-9a-f]+)\s*$", text)
        if m and int(m.group(1), 16) < addr:
            body = [t for a, t in ins if int(m.group(1), 16) <= a <= addr]
            if sum("HGMMA" in t for t in body) == 20:
                loops.append(body)
    return loops


@pytest.mark.parametrize("causal", [False, True])
def test_packed_192_128_build_runs_s_at_192_and_pv_at_128(tmp_path, causal):
    """The packed kernel as the public call builds it at 192/128: every wgmma 64 x 128 (S over 128 keys, O
    over v's 128 columns), 12 k-steps of S to 8 of P V, within shared memory, every wgmma A descriptor
    written before it is read; its key loops hold no local loads or stores (the build's few spilled bytes
    are per-tile scalars) and, causal, decide O's rescale by a warp vote."""
    counts, sass = _offline(
        tmp_path, "--kernel", "varlen", "--shape", "3,16,8192,192", "--dv", "128",
        *(["--causal"] if causal else []), kernel="gluon_varlen_fwd",
    )  # fmt: skip
    assert counts["smem"] <= 232448 and counts["DESC_UNSET"] == 0, counts
    shapes = re.findall(r"HGMMA\.(\d+x\d+x\d+)\.F32\.BF16 R\d+, (\w+)", sass)
    assert shapes and {s for s, _ in shapes} == {"64x128x16"}
    pv = sum(1 for _, a in shapes if a.startswith("R"))
    assert pv % 8 == 0 and (len(shapes) - pv) // 12 == pv // 8
    loops = _pair_key_loops(sass)
    assert len(loops) == 4, len(loops)  # the masked and the unmasked loop of each consumer
    assert not any(re.search(r"\b(LDL|STL)\b", t) for body in loops for t in body)
    if causal:
        assert all(any(re.search(r"\bVOTE\.ANY\b", t) for t in body) for body in loops)
