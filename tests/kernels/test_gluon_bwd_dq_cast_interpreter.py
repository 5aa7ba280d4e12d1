"""Tier 2: the fused backward's dQ cast back to row order from each staging order, on CPU.

The fused kernel (Hopper only; tests/gpu/test_gluon_bwd_gpu.py) stages dQ in its fp32 accumulator in one of
two orders, and a cast puts it back; each cast must read every element from its staged place, ragged
lengths (the accumulator padded) included:

- paired (``gluon.bwd.unpair_dq``, D64): each 16 rows paired, row r at 16 (r // 16) + 2 (r % 8) +
  (r // 8) % 2, padded to 16 rows;
- fragment order (``gluon.bwd.unfrag_dq``, D128): each 64 x D/2 block in ``bwd_fused._frag_order``'s
  order, logical row w*16 + hi*8 + qt*2 + m and column s*32 + jj*8 + q*2 + k at staged row
  w*16 + jj*4 + qt and column s*32 + m*16 + q*4 + hi*2 + k, padded to 64 rows.
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

from gpuaccel.accel.kernels.dense.launchers import laid_out_like  # noqa: E402
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


def _staged(dq: torch.Tensor) -> torch.Tensor:
    """The fragment-order accumulator, written element by element from the formula above (not by the
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
    out = torch.full((2, 3, n, d), float("nan"))  # fp32 and poisoned, as above
    got = bwd.unfrag_dq(_staged(dq), out)
    assert got is out
    torch.testing.assert_close(got, dq, rtol=0, atol=0)


@pytest.mark.parametrize("d", [128, 64])
def test_packed_unfrag_reads_each_document_from_its_statistics_rows(d):
    """The fused packed backward's accumulator ``[Hq, stat_stride, D]``: each document's rows where its
    statistics are (padded to 128), each 64-row block in fragment order; the cast per dQ item writes every
    real row of packed dq ``(total, Hq, D)`` and nothing past a document's end."""
    from gpuaccel.accel.kernels.gluon.bwd_fused import dq_unfrag_varlen_kernel
    from gpuaccel.accel.kernels.gluon.varlen_bwd import TILE_ROWS
    from gpuaccel.accel.kernels.gluon.varlen_bwd_kernels import ITEM_FIELDS
    from gpuaccel.accel.kernels.gluon.varlen_items import stat_rows, varlen_items

    lens, h = [5, 130, 0, 64, 257], 2
    total = sum(lens)
    cu = torch.tensor([0, *torch.tensor(lens).cumsum(0).tolist()], dtype=torch.int32)
    items = varlen_items(cu, cu, total, True, TILE_ROWS, stats=True)
    stat_stride = stat_rows(total, len(lens), TILE_ROWS)
    dq = torch.randn(total, h, d)
    acc = torch.full((h, stat_stride, d), float("nan"))
    stat0 = 0
    for q0, n in zip(cu.tolist(), lens, strict=False):
        pad = -(-n // TILE_ROWS) * TILE_ROWS
        doc = torch.zeros(1, h, pad, d)
        doc[0, :, :n] = dq[q0 : q0 + n].transpose(0, 1)
        acc[:, stat0 : stat0 + pad] = _staged(doc)[0]
        stat0 += pad
    out = torch.full((total, h, d), float("nan"))
    dq_unfrag_varlen_kernel[(2 * items.shape[0], h)](
        acc, out, items, out.stride(0), out.stride(1), stat_stride, HEAD_DIM=d, ITEM_FIELDS=int(ITEM_FIELDS)
    )
    torch.testing.assert_close(out, dq, rtol=0, atol=0)


@pytest.mark.parametrize("cast", ["unfrag", "unpair"])
def test_casts_write_dq_in_the_layout_of_q(cast):
    """Both casts write through dq's strides: flash_attn_func's q is (B, N, H, D) storage seen as
    [B, H, N, D], and dq in that layout is what autograd takes without a copy (dense.launchers.laid_out_like).
    Every element of the poisoned (B, N, H, D) storage must be written, each with its own row and head."""
    b, h, n, d = 2, 3, 130, 64
    dq = torch.randn(b, h, n, d)
    storage = torch.full((b, n, h, d), float("nan"))
    out = storage.transpose(1, 2)
    got = bwd.unfrag_dq(_staged(dq), out) if cast == "unfrag" else bwd.unpair_dq(_paired(dq), out)
    assert got is out
    torch.testing.assert_close(storage, dq.transpose(1, 2), rtol=0, atol=0)


def test_laid_out_like_keeps_the_inputs_dimension_order():
    """dense.launchers.laid_out_like: a (B, N, H, D) storage seen as [B, H, N, D] keeps its strides; a slice
    of packed q/k/v (not dense) gets dense strides in the same order (empty_like's preserve_format);
    contiguous [B, H, N, D] stays contiguous."""
    seq = torch.empty(2, 100, 4, 64).transpose(1, 2)
    assert laid_out_like(seq).stride() == seq.stride()
    packed = torch.empty(2, 100, 3, 4, 64)[:, :, 0].transpose(1, 2)
    assert laid_out_like(packed).stride() == seq.stride()
    assert laid_out_like(seq.contiguous()).is_contiguous()


def test_kv_grads_share_one_layout():
    """gluon.bwd.kv_grads_like: the dK/dV kernels write dk and dv with dk's strides, so k and v laid out
    alike keep their layout, and k and v laid out differently (a zero-padded k beside the caller's v, as
    flash_attn_func with a wider value head dim runs it) give both contiguous."""
    k, v = (torch.empty(2, 100, 4, 64).transpose(1, 2) for _ in range(2))
    dk, dv = bwd.kv_grads_like(k, v)
    assert dk.stride() == dv.stride() == k.stride()
    dk, dv = bwd.kv_grads_like(k.contiguous(), v)
    assert dk.is_contiguous() and dv.is_contiguous()
