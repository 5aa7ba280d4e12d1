"""Tier 2: the fused backward's (Q, dO) block rows (``launch_gluon_bwd_fused``'s ``q_rows``), in the host's
rules and in an offline sm_90a build.

Why: 128-row blocks (FlashAttention-4's sm90 D64 backward) are an A/B switch measured slower than the
shipped 64 on the H200 (docs/kernels-log.md, fifty-first session); every box the kernel copies or reduces
(q, dO, the statistics, dQ's accumulator) must take the same rows, and the combinations the kernel is not
built for are refused by name. Gluon has no interpreter: the GPU tier (``tests/gpu/test_gluon_bwd_gpu.py``)
runs the builds against the reference; here the launcher's arguments are read with the launch replaced.
"""

from __future__ import annotations

import os

os.environ["TRITON_INTERPRET"] = "1"  # like the other tier-2 modules, before any kernel is defined

import pytest
import torch


def _launched(monkeypatch: pytest.MonkeyPatch, d: int, **kw) -> list[tuple]:
    from gpuaccel.accel.kernels.gluon import bwd

    calls: list[tuple] = []
    monkeypatch.setattr(bwd, "launch", lambda *args: calls.append(args))

    def stats(o, do, lse, bound=None, zero_dq=None):
        b, h, n = lse.shape
        pad = -(-n // 128) * 128
        return torch.zeros(b, h, pad), torch.zeros(b, h, pad), pad

    monkeypatch.setattr(bwd, "bwd_stats", stats)
    q = torch.zeros(1, 2, 300, d, dtype=torch.bfloat16)
    bwd.launch_gluon_bwd_fused(q, q, q, q, q, torch.zeros(1, 2, 300), True, d**-0.5, **kw)
    return calls


def test_128_row_blocks_size_every_box_the_kernel_streams(monkeypatch):
    kernel, _grid, args, constexprs, *_rest, name = _launched(monkeypatch, 64, q_rows=128)[0]
    from gpuaccel.accel.kernels.dense.direct_launch import Tma

    boxes = [a for a in args if isinstance(a, Tma)]
    assert [t.rows for t in boxes] == [128, 64, 64, 128, 1, 1, 128]  # q, k, v, dO, lse2, delta, dQ
    assert [t.cols for t in boxes[4:6]] == [128, 128]  # the statistics: 1 x 128 boxes
    assert constexprs["Q_ROWS"] == 128 and name.endswith("_q128")


def test_the_shipped_blocks_are_64_rows(monkeypatch):
    from gpuaccel.accel.kernels.gluon import bwd

    assert bwd.Q_ROWS == {64: 64, 128: 64}
    for d in (64, 128):
        _kernel, _grid, args, constexprs, *_rest, name = _launched(monkeypatch, d)[0]
        assert constexprs["Q_ROWS"] == 64 and "_q" not in name.rsplit("_", 1)[-1]
        assert args[0].rows == 64


@pytest.mark.parametrize(
    "d, kw",
    [(128, {"q_rows": 128}), (64, {"q_rows": 128, "frag": True}), (64, {"q_rows": 96}), (64, {"q_rows": 0})],
)
def test_blocks_the_kernel_is_not_built_for_are_refused_by_name(monkeypatch, d, kw):
    with pytest.raises(ValueError, match="q_rows takes 64, or 128 at head_dim 64 without frag"):
        _launched(monkeypatch, d, **kw)
