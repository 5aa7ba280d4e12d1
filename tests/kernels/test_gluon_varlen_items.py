"""The Gluon varlen backward's work table (every tile of every document once, heaviest first, statistics
rows padded per document so that no two documents share a 128-row statistics tile) and its dispatch off
Hopper; the kernels themselves are checked on a GPU (tests/gpu/test_gluon_varlen_bwd_gpu.py)."""

from __future__ import annotations

import pytest

from gpuaccel.accel.kernels.gluon.varlen_bwd import TILE_ROWS, work_items


def _cu(lens: list[int]) -> list[int]:
    out = [0]
    for n in lens:
        out.append(out[-1] + n)
    return out


@pytest.mark.parametrize("causal", [True, False])
def test_every_tile_once_and_heaviest_first(causal):
    lens_q, lens_k = [1, 300, 0, 129, 4096], [1, 300, 77, 64, 4096]
    dq, kv, stat_stride = work_items(_cu(lens_q), _cu(lens_k), causal)
    want_dq = sorted((d, m) for d, n in enumerate(lens_q) for m in range(0, n, TILE_ROWS))
    want_kv = sorted((d, m) for d, n in enumerate(lens_k) for m in range(0, n, TILE_ROWS))
    docs = {q0: d for d, q0 in enumerate(_cu(lens_q)[:-1]) if lens_q[d]}
    kdocs = {k0: d for d, k0 in enumerate(_cu(lens_k)[:-1]) if lens_k[d]}
    assert sorted((docs[it[0]], it[5]) for it in dq) == want_dq
    assert sorted((kdocs[it[2]], it[5]) for it in kv) == want_kv
    # the 4096-token document's heaviest tile leads: its last query tile (causal) or any of its tiles
    assert dq[0][1] == 4096 and (not causal or dq[0][5] == 4096 - TILE_ROWS)
    assert kv[0][3] == 4096 and (not causal or kv[0][5] == 0)
    assert stat_stride == sum(-(-n // TILE_ROWS) * TILE_ROWS for n in lens_q)


def test_statistics_rows_never_overlap():
    lens = [1, 127, 128, 129, 8192]
    dq, _kv, _ = work_items(_cu(lens), _cu(lens), True)
    spans = sorted({(it[4], it[4] + -(-it[1] // TILE_ROWS) * TILE_ROWS) for it in dq})
    assert all(s % TILE_ROWS == 0 for s, _ in spans)
    assert all(a_end <= b for (_, a_end), (b, _) in zip(spans, spans[1:], strict=False))


def test_causal_costs_count_visible_keys():
    # Nq = 256, Nk = 128 (bottom-right aligned): the first query tile sees no key, the second all 128
    dq, kv, _ = work_items([0, 256], [0, 128], True)
    assert [(it[5], it[1]) for it in dq] == [(128, 256), (0, 256)]
    assert [it[5] for it in kv] == [0]


def test_dispatch_off_hopper_is_the_tl_backward(monkeypatch):
    import torch

    from gpuaccel.accel.kernels import UnsupportedInputError
    from gpuaccel.accel.kernels.dense.attention import BWD_PATH_ENV
    from gpuaccel.accel.kernels.varlen.attention import backward_path

    q = torch.empty(4, 2, 128)
    assert backward_path(q, -1, 0) == "triton"
    monkeypatch.setenv(BWD_PATH_ENV, "gluon")
    with pytest.raises(UnsupportedInputError, match="Gluon varlen backward cannot take this call.*CUDA"):
        backward_path(q, -1, 0)
    monkeypatch.setenv(BWD_PATH_ENV, "fastest")
    with pytest.raises(UnsupportedInputError, match="accepted: auto, triton, gluon"):
        backward_path(q, -1, 0)
