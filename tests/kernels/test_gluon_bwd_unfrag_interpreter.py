"""Tier 2: the fused backward's dQ cast back from fragment order (``gluon.bwd.unfrag_dq``), on CPU.

With ``frag`` the fused kernel (Hopper only; tests/gpu/test_gluon_bwd_gpu.py) stages each 64 x D/2 block
of dQ in ``bwd_fused._frag_order``'s order: logical row w*16 + hi*8 + qt*2 + m and column
s*32 + jj*8 + q*2 + k at staged row w*16 + jj*4 + qt and column s*32 + m*16 + q*4 + hi*2 + k. The cast must
undo it for both column halves, ragged lengths (the accumulator padded to 64 rows) included.
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


def _staged(dq: torch.Tensor) -> torch.Tensor:
    """The accumulator the kernel leaves, written element by element from the formula above (not by the
    reshape the kernel uses), padded to 64 rows with 0."""
    b, h, n, d = dq.shape
    half = d // 2
    rows = -(-n // 64) * 64
    acc = torch.zeros(b, h, rows, d, dtype=torch.float32)
    r = torch.arange(n)[:, None]
    c = torch.arange(d)[None, :]
    blk, w, hi, qt, m = r // 64, (r % 64) // 16, (r % 16) // 8, (r % 8) // 2, r % 2
    part, cl = c // half, c % half
    s, jj, q, k = cl // 32, (cl % 32) // 8, (cl % 8) // 2, cl % 2
    src_r = (blk * 64 + w * 16 + jj * 4 + qt).expand(n, d)
    src_c = (part * half + s * 32 + m * 16 + q * 4 + hi * 2 + k).expand(n, d)
    acc[:, :, src_r, src_c] = dq
    return acc


@pytest.mark.parametrize("n,d", [(64, 128), (130, 64), (40, 128), (200, 64)])
def test_unfrag_reads_every_element_from_its_staged_place(n, d):
    dq = torch.randn(2, 3, n, d)
    # fp32 out, so the bytes say where each element came from; poisoned, so every row must be written
    out = torch.full((2, 3, n, d), float("nan"))
    got = bwd.unfrag_dq(_staged(dq), out)
    assert got is out
    torch.testing.assert_close(got, dq, rtol=0, atol=0)
