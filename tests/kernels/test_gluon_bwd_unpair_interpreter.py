"""Tier 2: the fused backward's dQ cast back to row order (``gluon.bwd.unpair_dq``), on CPU.

The fused kernel (Hopper only; tests/gpu/test_gluon_bwd_gpu.py) stages dQ with each 16 rows paired, row r
at 16 (r // 16) + 2 (r % 8) + (r // 8) % 2 of its fp32 accumulator; the cast must read every row from
there, ragged lengths (the accumulator padded to 16 rows) included.
"""

from __future__ import annotations

import os
import sys

_ALREADY_INTERPRETED = os.environ.get("TRITON_INTERPRET") == "1"
os.environ["TRITON_INTERPRET"] = "1"

import pytest  # noqa: E402
import torch  # noqa: E402

pytest.importorskip("triton.experimental.gluon")

if "gpuaccel.accel.kernels.gluon.bwd_fused" in sys.modules and not _ALREADY_INTERPRETED:
    pytest.skip("kernels were defined before TRITON_INTERPRET was set", allow_module_level=True)

from gpuaccel.accel.kernels.gluon import bwd  # noqa: E402


def _paired(dq: torch.Tensor) -> torch.Tensor:
    """The accumulator the kernel leaves: dq's rows at their paired places, padded to 16 rows with 0."""
    b, h, n, d = dq.shape
    rows = -(-n // 16) * 16
    acc = torch.zeros(b, h, rows, d, dtype=torch.float32)
    r = torch.arange(n)
    acc[:, :, (r // 16) * 16 + (r % 8) * 2 + (r // 8) % 2] = dq
    return acc


@pytest.mark.parametrize("n,d", [(64, 64), (130, 32), (40, 64), (16, 32)])
def test_unpair_reads_every_row_from_its_paired_place(n, d):
    dq = torch.randn(2, 3, n, d)
    # fp32 out, so the bytes say where each row came from (the interpreter's bf16 cast truncates where the
    # GPU's rounds to nearest); poisoned, so every row must be written
    out = torch.full((2, 3, n, d), float("nan"))
    got = bwd.unpair_dq(_paired(dq), out)
    assert got is out
    torch.testing.assert_close(got, dq, rtol=0, atol=0)
