"""FP8 (e4m3) attention forward: the kernels' own quantisation step, then the shared forward kernel.

Why this quantisation (choices measured in an fp64 emulation on FlashAttention-3's outlier inputs,
N(0,1) + N(0,100)*Bernoulli(0.001), B1 H4 N1024 D128; see docs/kernels-log.md):
- Q and K are first rotated by a random-sign Hadamard matrix along head_dim (FA3's "incoherent
  processing": QK^T is unchanged, outliers are spread over the row); RMSE 1.12e-2 -> 8.0e-3.
- Q gets one scale per block of BLOCK_M rows and K one per block of BLOCK_N rows, so each score tile
  is rescaled by one scalar product; V gets one scale per (head, column), applied once at the end.
- P is multiplied by 256 before its e4m3 cast, keeping small probabilities out of the subnormals.
The quantisation is one Triton pass over Q and K (rotation on tensor cores, exact: entries are +-1) and
two over V: its column maxima, then V written transposed, the operand layout Hopper's fp8 wgmma needs
for P @ V.
On Hopper the quantised operands feed the warp-specialised Gluon kernel (:mod:`accel.kernels.gluon.fp8`,
Q in 64-row scale blocks, one per consumer warpgroup); elsewhere, and under
``GPUACCEL_ATTN_FP8_PATH=triton``, the tl.* forward with a tuned configuration (:func:`fp8_path`).
Forward only: no autograd.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import torch
import triton
import triton.language as tl

from gpuaccel.accel.kernels.checks import (
    AttentionShape,
    UnsupportedInputError,
    allowed_dtypes,
    check_inputs,
    check_scale,
    default_scale,
    resolve_scale,
)
from gpuaccel.accel.kernels.dense.attention import (
    aligned16,
    call_signature,
    flash_attention_forward,
    keep_plan,
    planned,
    remember,
)
from gpuaccel.accel.kernels.dense.launchers import (
    PLANNED,
    Bound,
    cdiv,
    laid_out_like,
    launch,
    launch_fwd,
    pad_head_dim,
    padded_head_dim,
    scratch_alloc,
    tma_legal,
    tma_ready,
    whole16,
)
from gpuaccel.accel.kernels.dense.paths import gluon_unsupported, wanted_path
from gpuaccel.accel.kernels.tuning import configs as tuning
from gpuaccel.accel.kernels.tuning.configs import FwdConfig, GluonFwdConfig

E4M3_MAX = 448.0
# "triton" or "gluon" forces the FP8 forward's path; unset/"auto" picks (:func:`fp8_path`)
FP8_PATH_ENV = "GPUACCEL_ATTN_FP8_PATH"
# Where e4m3 pays end to end (quantisation included) over our bf16 forward, per (causal, head_dim padded to
# 64/128/256): (least key length, least FLOPs 4*B*Hq*Nq*Nk*D, halved causal). Below either, the
# quantisation's fixed cost and its bytes outweigh the faster kernel. Measured on the H100 by
# benchmarks/fp8_threshold.py (benchmarks/results/fp8_threshold_20261125-plans.json: 34 shapes, N 128-16k,
# each flag, repeated calls planned): per group, the pair that sends to e4m3 no shape where it was slower
# than the faster of two bf16 timings, and the most shapes where it was not; the FLOPs are the least of
# those shapes (nothing smaller was measured). Not paying, e.g.: B16 H16 N4096 D128 causal e4m3 511
# TFLOP/s vs bf16 559-560; B2 H16 N8192 D128 causal 656 vs 561-667. D256 re-measured after its pass got
# 1.34-1.38x faster (fp8_threshold.py --head-dim 256, fp8_threshold_d256_20261127-h100.json: B1-8 H16
# N2048-16384, H100): non-causal N8192 e4m3 842-878 TFLOP/s vs bf16 619-698 (0.78-0.83 of the faster bf16
# time; N16384 0.73-0.77), so from N 8192 and 2^40. N4096 paid in that run too (B4 721 vs 635-659, B8 771
# vs 649-660), but both sit within 4 % of the 744-748 our bf16 D256 forward reached at N4096 in the
# 2026-11-25 run, a spread between runs the rule must not cross: it stays bf16. Causal unchanged: N8192
# 0.96-1.02 of the bf16 time at B1-4 (B8 0.86, where bf16 ran slow), N16384 0.80-0.87.
FP8_FROM = {
    (False, 64): (16384, 2.0**40),
    (False, 128): (4096, 2.0**39),
    (False, 256): (8192, 2.0**40),
    (True, 64): (16384, 2.0**42),
    (True, 128): (8192, 2.0**40),
    (True, 256): (16384, 2.0**41),
}
PRECISION_NAMES = {torch.bfloat16: "bf16", torch.float16: "fp16"}
FP8_INPUTS = (torch.float8_e4m3fn,)  # what flash_attention_fp8_descaled takes
GLUON_Q_BLOCK = 64  # the Gluon kernel's Q scale block: one per consumer warpgroup's rows
ROWS_PER_PROGRAM = 512  # Q/K rows one quantisation program takes (in blocks of one scale each)
V_PARTS = 16  # V's column maxima are taken in at most this many parts per head, then merged


@triton.jit
def quant_rows_kernel(
    X, Y, S, M, stride_xb, stride_xh, stride_xn, heads, seq, inv_sqrt_d,
    HEAD_DIM: tl.constexpr, BLOCK: tl.constexpr, SUB: tl.constexpr, ROTATE: tl.constexpr,
):  # fmt: skip
    """SUB blocks of BLOCK rows of one head -> e4m3 with one scale per block; Y is contiguous [B, H, N, D].
    A program takes several blocks so the rotation matrix is read once for all of them (one block a
    program ran at 1.5-2.0 TB/s on the H100, four to eight at 1.9-2.25). Above 128 columns the rotation
    runs as two products with the half-size Hadamard matrix (:func:`_rotate_halves`): the whole 256 x 256
    matrix took 160 KB of shared memory, one program per SM, and half the copy rate."""
    if ROTATE and HEAD_DIM > 128:
        _rotate_halves(X, Y, S, M, stride_xb, stride_xh, stride_xn, heads, seq, inv_sqrt_d,
                       HEAD_DIM, BLOCK, SUB)  # fmt: skip
    else:
        pid = tl.program_id(0)
        bh = tl.program_id(1)
        b = bh // heads
        h = bh % heads
        offs_d = tl.arange(0, HEAD_DIM)
        if ROTATE:
            m = tl.load(M + offs_d[:, None] * HEAD_DIM + offs_d[None, :])
        blocks = tl.cdiv(seq, BLOCK)
        x_base = X + b.to(tl.int64) * stride_xb + h.to(tl.int64) * stride_xh
        for i in tl.range(0, SUB, num_stages=2):
            blk = pid * SUB + i
            if blk < blocks:
                offs_n = blk * BLOCK + tl.arange(0, BLOCK)
                row_ok = offs_n[:, None] < seq
                x = tl.load(x_base + offs_n[:, None] * stride_xn + offs_d[None, :], mask=row_ok, other=0.0)
                xf = tl.dot(x, m) * inv_sqrt_d if ROTATE else x.to(tl.float32)
                amax = tl.max(tl.max(tl.abs(xf), 1), 0)
                s = tl.maximum(amax, 1e-30) / 448.0
                y = (xf / s).to(Y.dtype.element_ty)
                y_ptrs = Y + bh.to(tl.int64) * seq * HEAD_DIM + offs_n[:, None] * HEAD_DIM + offs_d[None, :]
                tl.store(y_ptrs, y, mask=row_ok)
                tl.store(S + bh * blocks + blk, s)


@triton.jit
def _rotate_halves(
    X, Y, S, M, stride_xb, stride_xh, stride_xn, heads, seq, inv_sqrt_d,
    HEAD_DIM: tl.constexpr, BLOCK: tl.constexpr, SUB: tl.constexpr,
):  # fmt: skip
    """:func:`quant_rows_kernel`'s rotated blocks with one level of the Hadamard recursion unrolled:
    M = diag(s) H_D and H_D = [[H, H], [H, -H]] (H = H_{D/2}), so with A = (x_a * s_a) H and
    B = (x_b * s_b) H over x's two column halves, x M = [A + B, A - B]. H is M's top-left quarter with
    its rows' signs taken off (H's first column is all ones, so s_i = M[i, 0]); products of +-1 are exact.
    Half the matmul work and a quarter of the matrix; the fp32 sums are grouped differently from one
    D-long product, so an e4m3 value can round the other way at a tie."""
    HALF: tl.constexpr = HEAD_DIM // 2
    pid = tl.program_id(0)
    bh = tl.program_id(1)
    b = bh // heads
    h = bh % heads
    offs_h = tl.arange(0, HALF)
    sign_a = tl.load(M + offs_h * HEAD_DIM)
    sign_b = tl.load(M + (offs_h + HALF) * HEAD_DIM)
    had = tl.load(M + offs_h[:, None] * HEAD_DIM + offs_h[None, :]) * sign_a[:, None]
    blocks = tl.cdiv(seq, BLOCK)
    x_base = X + b.to(tl.int64) * stride_xb + h.to(tl.int64) * stride_xh
    for i in tl.range(0, SUB, num_stages=2):
        blk = pid * SUB + i
        if blk < blocks:
            offs_n = blk * BLOCK + tl.arange(0, BLOCK)
            row_ok = offs_n[:, None] < seq
            x_ptrs = x_base + offs_n[:, None] * stride_xn + offs_h[None, :]
            xa = tl.load(x_ptrs, mask=row_ok, other=0.0) * sign_a[None, :]
            xb = tl.load(x_ptrs + HALF, mask=row_ok, other=0.0) * sign_b[None, :]
            pa = tl.dot(xa, had)
            pb = tl.dot(xb, had)
            ya = (pa + pb) * inv_sqrt_d
            yb = (pa - pb) * inv_sqrt_d
            amax = tl.maximum(tl.max(tl.max(tl.abs(ya), 1), 0), tl.max(tl.max(tl.abs(yb), 1), 0))
            s = tl.maximum(amax, 1e-30) / 448.0
            y_ptrs = Y + bh.to(tl.int64) * seq * HEAD_DIM + offs_n[:, None] * HEAD_DIM + offs_h[None, :]
            tl.store(y_ptrs, (ya / s).to(Y.dtype.element_ty), mask=row_ok)
            tl.store(y_ptrs + HALF, (yb / s).to(Y.dtype.element_ty), mask=row_ok)
            tl.store(S + bh * blocks + blk, s)


def rows_warps(block: int, head_dim: int, rotate: bool) -> int:
    """Warps for :func:`quant_rows_kernel` on ``block``-row blocks: 8 where the block's product is 128 x 128
    elements or more, else 4. Rotated rows above 128 columns multiply in halves (:func:`_rotate_halves`),
    so their product is ``block`` x 128: at D256 four warps took Q's launch at 1,16,16384 on the H100
    from 147 to 99 us; the full-matrix kernel had taken 158 at either count (benchmarks/fp8_rows_sweep.py)."""
    cols = min(head_dim, 128) if rotate else head_dim
    return 8 if block * cols >= 128 * 128 else 4


@triton.jit
def key_slot(n):
    """Where key ``n`` sits in V^T for the Gluon FP8 kernel: bit 3 of the index moved below bits 1-2
    inside each 16-key half of a 32-key group, the order its e4m3 P fragment holds keys in
    (:func:`accel.kernels.gluon.fwd_steps._p_operand`)."""
    return (n & ~15) | ((n & 6) << 1) | (((n >> 3) & 1) << 1) | (n & 1)


@triton.jit
def slot_key(s):
    """Inverse of :func:`key_slot`: the key stored at slot ``s``."""
    return (s & ~15) | (((s >> 2) & 3) << 1) | (((s >> 1) & 1) << 3) | (s & 1)


@triton.jit
def col_amax_kernel(
    X, A, stride_xb, stride_xh, stride_xn, heads, seq, rows_per_part,
    HEAD_DIM: tl.constexpr, BLOCK: tl.constexpr,
):  # fmt: skip
    """max |x| per (head, column) over one part of the rows -> A [B*H, parts, D]: one read of V, each part's
    maximum kept in registers and written once (per-block atomics into one row of columns ran at 1.5 TB/s)."""
    pid = tl.program_id(0)
    bh = tl.program_id(1)
    offs_d = tl.arange(0, HEAD_DIM)
    base = X + (bh // heads).to(tl.int64) * stride_xb + (bh % heads).to(tl.int64) * stride_xh
    acc = tl.zeros([HEAD_DIM], dtype=tl.float32)
    start = pid * rows_per_part
    for r in tl.range(start, tl.minimum(start + rows_per_part, seq), BLOCK, num_stages=3):
        offs_n = r + tl.arange(0, BLOCK)
        ok = offs_n[:, None] < seq
        x = tl.load(base + offs_n[:, None] * stride_xn + offs_d[None, :], mask=ok, other=0.0)
        acc = tl.maximum(acc, tl.max(tl.abs(x.to(tl.float32)), 0))
    tl.store(A + (bh * tl.num_programs(0) + pid) * HEAD_DIM + offs_d, acc)


@triton.jit
def quant_v_kernel(
    X, YT, A, SV, stride_xb, stride_xh, stride_xn, heads, seq, seq_pad, parts,
    QD, KD, VD, stride_qdb, stride_qdh, stride_kdb, stride_kdh, stride_vdb, stride_vdh, group, q_blocks,
    k_blocks, k_off, v_off,
    HEAD_DIM: tl.constexpr, BLOCK: tl.constexpr, KEY_ORDER: tl.constexpr, PARTS: tl.constexpr,
    SCALED: tl.constexpr = True, DESCALES: tl.constexpr = False,
):  # fmt: skip
    """V / per-column scale -> e4m3, stored transposed into YT [B, H, D, seq_pad] (keys past ``seq`` as
    zeros; with ``KEY_ORDER`` at :func:`key_slot` positions). The scale comes from the column maxima of
    :func:`col_amax_kernel`'s parts; the first program of a head writes it to SV. Rows are read in slot
    order, so the transposed store runs along contiguous bytes. Without ``SCALED`` (e4m3 V in, A unused)
    the same transpose moves X's elements unchanged: :func:`from_descaled`'s V^T, bytes as given; with
    ``DESCALES`` its first program of a (batch, kv head) also spreads that head's fp32 descales QD/KD/VD
    over the kernel's scale blocks in SV, one buffer (Q's [B*Hq, q_blocks] from 0, the ``group`` query
    heads of a kv head consecutive; K's [B*Hkv, k_blocks] from ``k_off``; V's [B*Hkv, D] from ``v_off``):
    values copied, no arithmetic, in this launch rather than four or five tiny ones of their own."""
    pid = tl.program_id(0)
    bh = tl.program_id(1)
    b = bh // heads
    h = bh % heads
    offs_d = tl.arange(0, HEAD_DIM)
    slot = pid * BLOCK + tl.arange(0, BLOCK)
    key = slot_key(slot) if KEY_ORDER else slot
    x_ptrs = X + b.to(tl.int64) * stride_xb + h.to(tl.int64) * stride_xh + key[:, None] * stride_xn
    if SCALED:
        p = tl.arange(0, PARTS)
        a_ptrs = A + (bh * parts + p[:, None]) * HEAD_DIM + offs_d[None, :]
        a = tl.load(a_ptrs, mask=p[:, None] < parts, other=0.0)
        sv = tl.maximum(tl.max(a, 0), 1e-30) / 448.0
        if pid == 0:
            tl.store(SV + bh * HEAD_DIM + offs_d, sv)
        x = tl.load(x_ptrs + offs_d[None, :], mask=key[:, None] < seq, other=0.0).to(tl.float32)
        y = tl.trans((x / sv[None, :]).to(YT.dtype.element_ty))
    else:
        y = tl.trans(tl.load(x_ptrs + offs_d[None, :], mask=key[:, None] < seq, other=0))
        if DESCALES:  # noqa: SIM102 (a constexpr, then a run-time condition)
            if pid == 0:  # each value loaded into every lane (zero offsets) and stored as it is
                lanes = tl.arange(0, BLOCK)
                vd = tl.load(VD + b * stride_vdb + h * stride_vdh + offs_d * 0)
                tl.store(SV + v_off + bh * HEAD_DIM + offs_d, vd)
                kd = tl.load(KD + b * stride_kdb + h * stride_kdh + lanes * 0)
                for i in range(0, k_blocks, BLOCK):
                    tl.store(SV + k_off + bh * k_blocks + i + lanes, kd, mask=i + lanes < k_blocks)
                qd = tl.load(QD + b * stride_qdb + h * stride_qdh + lanes * 0)
                q_rows = group * q_blocks  # query heads bh*group .. bh*group+group-1: one contiguous run
                for i in range(0, q_rows, BLOCK):
                    tl.store(SV + bh * q_rows + i + lanes, qd, mask=i + lanes < q_rows)
    yt_ptrs = YT + bh.to(tl.int64) * HEAD_DIM * seq_pad + offs_d[:, None] * seq_pad + slot[None, :]
    tl.store(yt_ptrs, y, mask=slot[None, :] < seq_pad)


# :func:`transposed_v`'s ``descaled``: the fp32 descales (q, k, v; each (batch, kv heads), on V's device),
# the buffer their spread goes into, query heads per kv head, Q's and K's scale blocks, K's and V's offsets
Descaled = tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor, int, int, int, int, int]


def transposed_v(
    v: torch.Tensor,
    key_order: bool,
    bound: Bound | None = None,
    scale: tuple[torch.Tensor, torch.Tensor, int] | None = None,
    descaled: Descaled | None = None,
) -> torch.Tensor:
    """V [B, H, N, D] (any strides, unit last) as e4m3 V^T [B, H, D, N padded to 32 with zeros], keys at
    :func:`key_slot` positions with ``key_order``: the one definition of the FP8 kernels' V operand.
    ``scale``: (column-maxima parts from :func:`col_amax_kernel`, the per-column scales to write, the number
    of parts) to quantise fp16/bf16 V; None: V is e4m3 already and its bytes move unchanged (as uint8),
    and ``descaled`` (:data:`Descaled`), if given, is spread over the kernel's scale blocks in the same
    launch (:func:`from_descaled`)."""
    b, h, nk, d = v.shape
    nk_pad = cdiv(nk, 32) * 32  # whole 32-key groups: the key order permutes inside them
    vt = torch.empty(b, h, d, nk_pad, device=v.device, dtype=torch.float8_e4m3fn)
    x, y = (v, vt) if scale is not None else (v.view(torch.uint8), vt.view(torch.uint8))
    vmax, vs, parts = scale if scale is not None else (vt, vt, 1)
    if descaled is not None:
        qd, kd, vd, vs, *sizes = descaled
        spread = (qd, kd, vd, *qd.stride(), *kd.stride(), *vd.stride(), *sizes)
    else:
        spread = (vt, vt, vt, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0)
    launch(
        quant_v_kernel, (cdiv(nk_pad, 64), b * h),
        (x, y, vmax, vs, x.stride(0), x.stride(1), x.stride(2), h, nk, nk_pad, parts, *spread),
        dict(HEAD_DIM=d, BLOCK=64, KEY_ORDER=key_order, PARTS=triton.next_power_of_2(parts),
             SCALED=scale is not None, DESCALES=descaled is not None),
        dict(num_warps=4), bound, "quant_v" if scale is not None else "transpose_v",
    )  # fmt: skip
    return vt


@dataclass
class Fp8Inputs:
    """Quantised operands and their scales, tied to the block sizes they were made for."""

    q: torch.Tensor  # [B, Hq, Nq, D] e4m3
    k: torch.Tensor  # [B, Hkv, Nk, D] e4m3
    vt: torch.Tensor  # [B, Hkv, D, Nk padded to 32 with zeros] e4m3
    q_scale: torch.Tensor  # [B*Hq, cdiv(Nq, block_m)] fp32
    k_scale: torch.Tensor  # [B*Hkv, cdiv(Nk, block_n)] fp32
    v_scale: torch.Tensor  # [B*Hkv, D] fp32
    block_m: int
    block_n: int
    out_dtype: torch.dtype
    key_order: bool = False  # V^T's keys at ``key_slot`` positions (the Gluon kernel's operand order)
    # an e4m3 call's on the Gluon kernel: ``vt`` is V as given [B, Hkv, Nk, D], which the kernel transposes
    # itself, and the three scales are the fp32 descales [B, Hkv] at these (batch, head) strides
    descale_strides: tuple[int, int] | None = None


@functools.cache
def _signed_hadamard(d: int, device: str, dtype: torch.dtype) -> torch.Tensor:
    """diag(s) @ H_d with a fixed random sign vector s: entries +-1, exact in fp16/bf16."""
    h = torch.ones(1, 1)
    while h.shape[0] < d:
        h = torch.cat([torch.cat([h, h], 1), torch.cat([h, -h], 1)], 0)
    signs = torch.randint(0, 2, (d,), generator=torch.Generator().manual_seed(20240711)) * 2 - 1
    return (signs[:, None].float() * h).to(device=device, dtype=dtype).contiguous()


def can_rotate(head_dim: int) -> bool:
    return head_dim & (head_dim - 1) == 0


def _rotation(q: torch.Tensor) -> torch.Tensor | None:
    """The Hadamard rotation a bf16-in e4m3 call applies to Q and K (:func:`_signed_hadamard`), None where
    the head dim is no power of two (not rotated)."""
    d = q.shape[-1]
    return _signed_hadamard(d, str(q.device), q.dtype) if can_rotate(d) else None


def quantize_fp8(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    block_m: int,
    block_n: int,
    key_order: bool = False,
    rotate: bool = True,
) -> Fp8Inputs:
    """Quantise fp16/bf16 q/k/v for the FP8 forward with ``block_m`` x ``block_n`` scale blocks;
    ``key_order``: V^T's keys in the Gluon kernel's operand order (:func:`quant_layout`)."""
    d = check_inputs(q, k, v).head_dim
    m = _signed_hadamard(d, str(q.device), q.dtype) if rotate and can_rotate(d) else None
    return _quantize(q, k, v, m, block_m, block_n, key_order)


def _quantize(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    m: torch.Tensor | None,
    block_m: int,
    block_n: int,
    key_order: bool,
    bound: Bound | None = None,
) -> Fp8Inputs:
    """:func:`quantize_fp8` on checked inputs, rotated by ``m`` (None: not rotated). ``bound``: the call
    signature's launches (:func:`accel.kernels.dense.launchers.launch`), so a repeated call pays the C
    launcher's few microseconds per kernel instead of the JIT's 30-80."""
    b, hq, nq, d = q.shape
    hkv, nk = k.shape[1], k.shape[2]
    dev = q.device
    f8 = torch.float8_e4m3fn
    q8 = torch.empty(b, hq, nq, d, device=dev, dtype=f8)
    k8 = torch.empty(b, hkv, nk, d, device=dev, dtype=f8)
    qs = torch.empty(b * hq, cdiv(nq, block_m), device=dev, dtype=torch.float32)
    ks = torch.empty(b * hkv, cdiv(nk, block_n), device=dev, dtype=torch.float32)
    inv = d**-0.5
    rows = ((q, q8, qs, hq, nq, block_m, "quant_q"), (k, k8, ks, hkv, nk, block_n, "quant_k"))
    for x, y, s, heads, n, blk, name in rows:
        sub = max(1, ROWS_PER_PROGRAM // blk)
        launch(
            quant_rows_kernel, (cdiv(cdiv(n, blk), sub), b * heads),
            (x, y, s, x if m is None else m, x.stride(0), x.stride(1), x.stride(2), heads, n, inv),
            dict(HEAD_DIM=d, BLOCK=blk, SUB=sub, ROTATE=m is not None),
            dict(num_warps=rows_warps(blk, d, m is not None)), bound, name,
        )  # fmt: skip
    parts = min(V_PARTS, cdiv(nk, 64))
    rows_per_part = cdiv(cdiv(nk, parts), 64) * 64
    parts = cdiv(nk, rows_per_part)
    vmax = torch.empty(b * hkv, parts, d, device=dev, dtype=torch.float32)
    launch(
        col_amax_kernel, (parts, b * hkv),
        (v, vmax, v.stride(0), v.stride(1), v.stride(2), hkv, nk, rows_per_part),
        dict(HEAD_DIM=d, BLOCK=64), dict(num_warps=4), bound, "v_amax",
    )  # fmt: skip
    vs = torch.empty(b * hkv, d, device=dev, dtype=torch.float32)
    vt = transposed_v(v, key_order, bound, (vmax, vs, parts))
    return Fp8Inputs(q8, k8, vt, qs, ks, vs, block_m, block_n, q.dtype, key_order)


def dequantize(x: Fp8Inputs) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """The fp32 q, k, v the kernels effectively see (Q/K rotated, scales applied, V back to [B, H, N, D]):
    a reference on these isolates the kernel's own error from the quantisation's."""
    if x.descale_strides is not None:
        raise ValueError("inputs for the kernel's own transpose (descale_strides) hold no V^T to dequantise")
    nq, nk = x.q.shape[2], x.k.shape[2]

    def rows(t: torch.Tensor, s: torch.Tensor, blk: int) -> torch.Tensor:
        per_row = s.repeat_interleave(blk, dim=1)[:, : t.shape[2]].reshape(*t.shape[:3], 1)
        return t.float() * per_row

    vt = x.vt
    if x.key_order:  # back to key order: key n sits at key_slot(n) (its Python body, on a torch tensor)
        vt = x.vt[..., key_slot.fn(torch.arange(x.vt.shape[-1], device=x.vt.device))]
    v = vt[..., :nk].float().transpose(-1, -2) * x.v_scale.reshape(*x.vt.shape[:2], 1, -1)
    return rows(x.q, x.q_scale, x.block_m)[:, :, :nq], rows(x.k, x.k_scale, x.block_n), v


def quant_layout(cfg: FwdConfig | GluonFwdConfig) -> tuple[int, int, bool]:
    """(Q rows per scale, K rows per scale, V^T key order) that kernel configuration ``cfg`` reads:
    :func:`quantize_fp8`'s arguments after q, k, v."""
    if isinstance(cfg, GluonFwdConfig):
        return GLUON_Q_BLOCK, cfg.block_n, True
    return cfg.block_m, cfg.block_n, False


def flash_attention_fp8_quantized(
    x: Fp8Inputs,
    causal: bool,
    scale: float,
    cfg: FwdConfig | GluonFwdConfig,
    out: tuple[torch.Tensor, torch.Tensor] | None = None,
    bound: Bound | None = None,
    split: int | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    """The FP8 attention kernel alone on pre-quantised inputs (what FA3's FP8 numbers time): the Gluon
    kernel for a ``GluonFwdConfig``, the tl.* one for a ``FwdConfig``. ``out``: (o, lse) to write into;
    ``bound``: the call signature's launches (as :func:`_quantize`); ``split``: the Gluon kernel's cut of
    its grid's tail along the keys (:func:`accel.kernels.gluon.fp8.launch_gluon_fp8`; None: where it
    pays, 1: never)."""
    if quant_layout(cfg) != (x.block_m, x.block_n, x.key_order):
        raise ValueError(
            f"inputs quantised for {x.block_m}x{x.block_n} scale blocks (V^T key order {x.key_order}), "
            f"config {cfg.label()} needs {quant_layout(cfg)}"
        )
    b, hq, nq, d = x.q.shape
    if out is None:
        o = torch.empty(b, hq, nq, d, device=x.q.device, dtype=x.out_dtype)
        lse = torch.empty(b, hq, nq, device=x.q.device, dtype=torch.float32)
    else:
        o, lse = out
    scales = (x.q_scale, x.k_scale, x.v_scale)
    if isinstance(cfg, GluonFwdConfig):  # whole padded groups: reordered keys may sit past Nk
        from gpuaccel.accel.kernels.gluon.fp8 import launch_gluon_fp8

        launch_gluon_fp8(x.q, x.k, x.vt, scales, o, lse, causal, scale, cfg, bound, split, x.descale_strides)
    elif x.descale_strides is not None:
        raise ValueError("inputs for the Gluon kernel's own transpose (descale_strides) need a Gluon config")
    else:  # logical shape; the padded row stride stays TMA-aligned
        triton.set_allocator(scratch_alloc)
        launch_fwd(x.q, x.k, x.vt[..., : x.k.shape[2]], o, lse, causal, scale, cfg, scales, bound)
    return o, lse


def fp8_path(q: torch.Tensor, causal: bool = False) -> str:
    """Which FP8 forward runs for queries like ``q``: "gluon" (Hopper, head_dim 64/128/256 after padding)
    or "triton" (tl.*: Ada, other head dims). A configuration pinned with ``tuning.force("fwd_fp8", ...)``
    decides by its type; ``GPUACCEL_ATTN_FP8_PATH=gluon`` on a call it cannot take raises."""
    from gpuaccel.accel.kernels.gluon.fp8 import GLUON_FP8_HEAD_DIMS

    want = wanted_path(FP8_PATH_ENV)
    pinned = tuning.forced("fwd_fp8", causal)
    if want == "auto" and pinned is not None:
        want = "gluon" if isinstance(pinned, GluonFwdConfig) else "triton"
    if want == "triton":
        return "triton"
    why = gluon_unsupported(q, GLUON_FP8_HEAD_DIMS)
    if want == "gluon" and why:
        raise UnsupportedInputError(
            f"{FP8_PATH_ENV}=gluon but the Gluon FP8 forward cannot take this call: {why}"
        )
    return "triton" if why else "gluon"


def fp8_pays(shape: AttentionShape, causal: bool) -> bool:
    """Whether the e4m3 forward, quantisation included, beats the bf16 kernel on a call of ``shape``: the
    key length and the FLOPs both at least what :data:`FP8_FROM` says for ``causal`` and the head dim the
    kernel runs at (padded; below 64, 64's rule)."""
    d = shape.head_dim
    min_keys, min_flops = FP8_FROM[(bool(causal), max(64, padded_head_dim(d)))]
    flops = 4 * shape.batch * shape.heads_q * shape.seq_q * shape.seq_k * d / (2 if causal else 1)
    return shape.seq_k >= min_keys and flops >= min_flops


# (q's, k's and v's shapes, causal) -> (runs the bf16/fp16 kernel, the default softmax scale): decided once
# per shape, when the inputs were first checked. Not a plan: it is taken before any call signature (shapes
# alone, no strides, dtype, device or path override) and says which entry point runs, the bf16/fp16 forward
# ("fwd") or the e4m3 one ("fp8"), each of which then keeps its own plan in the one plan cache
# (dense.attention.planned); it depends on FP8_FROM, which the plans do not, so it is emptied on its own
# (:func:`forget_decisions`)
_DECIDED: dict[tuple[Any, ...], tuple[bool, float]] = {}
ROTATION = "rotation"  # in a bf16-in e4m3 plan's bound: the Hadamard matrix its Q/K launches take (or None)


def forget_decisions() -> None:
    """Forget every per-shape bf16-or-e4m3 decision (:data:`_DECIDED`), e.g. after :data:`FP8_FROM` changed:
    the next call of each shape checks its inputs and decides again."""
    _DECIDED.clear()


def flash_attention_fp8(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    *,
    causal: bool = False,
    softmax_scale: float | None = None,
    return_lse: bool = False,
    always_fp8: bool = False,
) -> torch.Tensor | tuple[torch.Tensor, torch.Tensor]:
    """FP8 e4m3 attention forward from fp16/bf16 CUDA inputs (quantisation included); forward only.

    Below the size where e4m3 pays (:func:`fp8_pays`, measured on the H100) the call runs the bf16/fp16
    kernel instead, so switching to FP8 never makes a call slower; ``always_fp8`` runs e4m3 regardless.
    The output says which ran: ``o.attention_precision`` is "fp8" or the inputs' dtype ("bf16"/"fp16").
    Short calls are host-bound, so the choice is made once per shape, and a repeated e4m3 call signature
    reuses its launches (no JIT binding; see :func:`_fp8_forward`)."""
    causal = bool(causal)
    try:
        bf16, default = _DECIDED[(q.shape, k.shape, v.shape, causal)]
    except (AttributeError, KeyError, TypeError):
        bf16, default = _decide(q, k, v, causal)
    scale = default if softmax_scale is None else check_scale(softmax_scale, "softmax_scale")
    if torch.is_grad_enabled() and (q.requires_grad or k.requires_grad or v.requires_grad):
        raise UnsupportedInputError("the FP8 path is forward-only; use flash_attention for gradients")
    if bf16 and not always_fp8:
        o, lse = flash_attention_forward(q, k, v, causal, scale)
        o.attention_precision = PRECISION_NAMES.get(q.dtype, str(q.dtype))  # type: ignore[attr-defined]
    else:
        o, lse = _fp8_forward(q, k, v, causal, scale)
        o.attention_precision = "fp8"  # type: ignore[attr-defined]
    return (o, lse) if return_lse else o


def _decide(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool) -> tuple[bool, float]:
    """Check the inputs, then whether a call of their shape runs the bf16/fp16 kernel (kept per shape)."""
    shape = check_inputs(q, k, v, allowed_dtypes=allowed_dtypes())
    decided = (not fp8_pays(shape, causal), default_scale(shape.head_dim))
    remember(_DECIDED, (q.shape, k.shape, v.shape, causal), decided)
    return decided


def _fp8_forward(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool, scale: float
) -> tuple[torch.Tensor, torch.Tensor]:
    """Quantise, then the e4m3 kernel. A call whose signature (shapes, strides, dtypes, device, path
    overrides and pins) was seen before, with 16-byte aligned inputs that need no copy, skips the checks
    and the configuration choice and repeats the bound launches of its five kernels (on the H100 the
    JIT's binding cost 30-80 us a launch, more than the kernels of a short call)."""
    sig = call_signature("fp8", causal, q, k, v, extra=(os.environ.get(FP8_PATH_ENV),))
    plan = planned(sig, q, k, v)
    if plan is not None:
        return _quantized_plan(plan, q, k, v, causal, scale)
    shape = check_inputs(q, k, v, allowed_dtypes=allowed_dtypes())
    if not q.is_cuda:
        raise UnsupportedInputError("the FP8 path needs a CUDA GPU with e4m3 tensor cores (Hopper, sm_90)")
    if not e4m3_capable(q):
        raise UnsupportedInputError("the FP8 path needs compute capability >= 8.9 (Ada/Hopper)")
    d, dp = shape.head_dim, padded_head_dim(shape.head_dim)
    if dp != d:
        o, lse = _fp8_forward(*(pad_head_dim(t, dp) for t in (q, k, v)), causal, scale)
        return laid_out_like(q, d).copy_(o[..., :d]), lse  # one copy, into q's layout (laid_out_like)
    prepared = tma_ready(q), tma_ready(k), tma_ready(v)
    direct = all(p is t for p, t in zip(prepared, (q, k, v), strict=True))  # no copy: a plan may skip here
    q, k, v = prepared

    def run(cfg: FwdConfig | GluonFwdConfig) -> tuple[torch.Tensor, torch.Tensor]:
        return flash_attention_fp8_quantized(_quantize(q, k, v, _rotation(q), *quant_layout(cfg)), causal,
                                             scale, cfg)  # fmt: skip

    cfg = fp8_config(q, shape, causal, run)
    keep = direct and sig is not None and aligned16(q, k, v)
    plan = (path_of(cfg), cfg, {ROTATION: _rotation(q)} if keep else None)
    o, lse = _quantized_plan(plan, q, k, v, causal, scale)
    if keep and sig is not None:  # kept once its first launches went through, as the other calls' plans
        keep_plan(sig, plan)
    return o, lse


def _quantized_plan(
    plan: tuple[str, FwdConfig | GluonFwdConfig, Bound | None],
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    causal: bool,
    scale: float,
) -> tuple[torch.Tensor, torch.Tensor]:
    """A bf16-in e4m3 call's launches on checked inputs: its quantisation (:func:`_quantize`), then the
    kernel of ``plan`` = (path, configuration, bound launches or None). A kept plan's bound holds the
    rotation under :data:`ROTATION` (what the signature's head dim, device and dtype fix), so a planned
    call does not look it up again."""
    _, cfg, bound = plan
    m = bound[ROTATION] if bound is not None else _rotation(q)
    x = _quantize(q, k, v, m, *quant_layout(cfg), bound)
    return flash_attention_fp8_quantized(x, causal, scale, cfg, _out(q, q.shape[-1], q.dtype), bound)


def _scale_layout(
    q: torch.Tensor, k: torch.Tensor, block_m: int, block_n: int
) -> tuple[int, int, int, int, int]:
    """An e4m3 call's one fp32 scale allocation: (Q's scale blocks a head, K's, where K's and V's pieces
    start, its words), each piece 16-byte aligned as a fresh tensor; :func:`from_descaled` fills it, and a
    Gluon plan keeps it (:func:`_fix_descaled`)."""
    b, hq, nq, d = q.shape
    hkv, nk = k.shape[1], k.shape[2]
    q_blocks, k_blocks = cdiv(nq, block_m), cdiv(nk, block_n)
    k_off = whole16(b * hq * q_blocks)
    v_off = k_off + whole16(b * hkv * k_blocks)
    return q_blocks, k_blocks, k_off, v_off, v_off + b * hkv * d


def fp32_descales(
    descales: tuple[torch.Tensor, torch.Tensor, torch.Tensor], device: torch.device
) -> tuple[tuple[torch.Tensor, torch.Tensor, torch.Tensor], bool]:
    """The q/k/v descales as fp32 on ``device`` (``.to`` of all three where one is not), and whether they
    were converted: the one rule the e4m3 paths and their plans share (a plan keeps the bool)."""
    convert = any(t.dtype != torch.float32 or t.device != device for t in descales)
    if not convert:
        return descales, False
    qd, kd, vd = (t.to(device=device, dtype=torch.float32) for t in descales)
    return (qd, kd, vd), True


def kernel_descales(
    descales: tuple[torch.Tensor, torch.Tensor, torch.Tensor], device: torch.device
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """The q/k/v descales as the Gluon kernel reads them itself: fp32 on ``device`` (:func:`fp32_descales`)
    at one pair of (batch, head) strides (each made contiguous where theirs differ)."""
    (qd, kd, vd), _ = fp32_descales(descales, device)
    if not qd.stride() == kd.stride() == vd.stride():
        qd, kd, vd = qd.contiguous(), kd.contiguous(), vd.contiguous()
    return qd, kd, vd


def from_descaled(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    descales: tuple[torch.Tensor, torch.Tensor, torch.Tensor],
    block_m: int,
    block_n: int,
    key_order: bool,
    bound: Bound | None = None,
    in_kernel: bool = False,
) -> Fp8Inputs:
    """e4m3 q/k/v ``[B, H, N, D]`` with one fp32 descale per (batch, kv head) each (FlashAttention-3's FP8
    convention; q's applies to every query head of the group) as the kernel's operands: the scales spread
    over its scale blocks, V transposed (into the Gluon kernel's key order when asked), both by one launch
    (:func:`transposed_v`'s ``descaled``; the scales in one allocation, each piece 16-byte aligned as a
    fresh tensor). No rotation: the scores do not change, and the values are already rounded. Descales
    of another dtype or device are converted first (``.to``), as before. ``bound``: the call signature's
    launches. ``in_kernel`` (the Gluon kernel's): no launch at all, V as given and the descales as they are
    (:func:`kernel_descales`), which the kernel transposes and reads itself (``Fp8Inputs.descale_strides``):
    an e4m3 call is then one launch."""
    b, hq, _, d = q.shape
    hkv = k.shape[1]
    dev = q.device
    if in_kernel:
        qd, kd, vd = kernel_descales(descales, dev)
        q, k, v = tma_ready(q), tma_ready(k), tma_ready(v)
        return Fp8Inputs(q, k, v, qd, kd, vd, block_m, block_n, torch.bfloat16, key_order, qd.stride())
    (qd, kd, vd), _ = fp32_descales(descales, dev)
    q_blocks, k_blocks, k_off, v_off, words = _scale_layout(q, k, block_m, block_n)
    scales = torch.empty(words, device=dev, dtype=torch.float32)
    spread = (qd, kd, vd, scales, hq // hkv, q_blocks, k_blocks, k_off, v_off)
    vt, q, k = transposed_v(tma_ready(v), key_order, bound, None, spread), tma_ready(q), tma_ready(k)
    return Fp8Inputs(
        q, k, vt, scales.as_strided((b * hq, q_blocks), (q_blocks, 1)),
        scales.as_strided((b * hkv, k_blocks), (k_blocks, 1), k_off),
        scales.as_strided((b * hkv, d), (d, 1), v_off), block_m, block_n, torch.bfloat16, key_order,
    )  # fmt: skip


def flash_attention_fp8_descaled(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    q_descale: torch.Tensor,
    k_descale: torch.Tensor,
    v_descale: torch.Tensor,
    causal: bool = False,
    softmax_scale: float | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Attention of e4m3 q/k/v ``[B, H, N, D]`` whose true values are ``x * x_descale[b, kv head]``: (o bf16,
    lse fp32 natural log). The FP8 kernel alone: the inputs are already quantised.

    A serving stack makes this call once per layer per step, where its host time is most of the call: a
    call whose signature (q/k/v's and the descales' shapes, strides, dtypes and devices, the flags, path
    overrides and pins) was seen before, with q/k/v taken as given and 16-byte aligned pointers, skips the
    checks and the configuration choice and repeats its bound launches: its plan, kept in the attention
    entry points' one cache (:func:`accel.kernels.dense.attention.planned`)."""
    causal = bool(causal)
    descales = (q_descale, k_descale, v_descale)
    sig = call_signature("fp8_descaled", causal, q, k, v, *descales, extra=(os.environ.get(FP8_PATH_ENV),))
    plan = planned(sig, q, k, v, *descales)
    if plan is not None:
        scale = resolve_scale(softmax_scale, q.shape[-1])
        lean = plan[2].get(DESCALED)
        if lean is not None:
            planned_call, fixed = lean
            return planned_call(fixed, plan, q, k, v, descales, causal, scale)
        return _descaled_plan(plan, q, k, v, descales, causal, scale)
    shape = check_inputs(q, k, v, allowed_dtypes=FP8_INPUTS)
    want = (shape.batch, shape.heads_kv)
    for name, t in (("q_descale", q_descale), ("k_descale", k_descale), ("v_descale", v_descale)):
        if not isinstance(t, torch.Tensor) or tuple(t.shape) != want:
            raise UnsupportedInputError(
                f"{name} must be a tensor of shape (batch, kv heads) = {want}, got {t!r}"
            )
    if not e4m3_capable(q):
        raise UnsupportedInputError("e4m3 inputs need a CUDA GPU of compute capability >= 8.9 (Ada/Hopper)")
    if padded_head_dim(shape.head_dim) != shape.head_dim:
        raise UnsupportedInputError(f"e4m3 inputs need a power-of-two head_dim, got {shape.head_dim}")
    scale = resolve_scale(softmax_scale, shape.head_dim)

    def run(cfg: FwdConfig | GluonFwdConfig) -> tuple[torch.Tensor, torch.Tensor]:
        return _descaled_plan(("", cfg, None), q, k, v, descales, causal, scale)

    cfg = fp8_config(q, shape, causal, run, k)
    direct = all(tma_legal(t) for t in (q, k, v))  # taken as given: later calls like this skip to the plan
    keep = direct and sig is not None and aligned16(*descales)
    plan = (path_of(cfg), cfg, {} if keep else None)
    o, lse = _descaled_plan(plan, q, k, v, descales, causal, scale)
    if keep and sig is not None:  # kept once its first launches went through, as the bf16 calls' plans
        _fix_descaled(plan, q, k, v, descales, o, lse)
        keep_plan(sig, plan)
    return o, lse


# in an e4m3 plan's bound (Gluon path): what the signature fixes for :func:`_descaled_planned`, from its
# first call: (the scale buffer's fp32 words, K's and V's scale pieces' byte offsets in it, V^T's shape,
# o's shape and strides, lse's shape, whether the descales need ``.to``, the transpose's integer arguments
# before and after the three descales, the kernel's launch function: :func:`gluon.fp8.launch_gluon_fp8`),
# kept beside the function that runs it, this plan's or :func:`_one_launch_planned`
DESCALED = "descaled"
DescaledFixed = tuple[
    int, int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], bool,
    tuple[int, ...], tuple[int, ...], Callable[..., None],
]  # fmt: skip


def _fix_descaled(
    plan: tuple[str, FwdConfig | GluonFwdConfig, Bound | None],
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    descales: tuple[torch.Tensor, torch.Tensor, torch.Tensor],
    o: torch.Tensor,
    lse: torch.Tensor,
) -> None:
    """Keep in a Gluon e4m3 plan's bound (:data:`DESCALED`) what :func:`from_descaled` and :func:`_out`
    work out on every call but the signature fixes (sizes, offsets, layouts, the transpose's integer
    arguments), so a planned call only allocates and repeats its two bound launches
    (:func:`_descaled_planned`). Derived from the same arithmetic as :func:`from_descaled`, once."""
    from gpuaccel.accel.kernels.gluon.fp8 import launch_gluon_fp8

    path, cfg, bound = plan
    if path != "gluon" or bound is None or PLANNED not in bound:
        return
    if "transpose_v" not in bound:  # the kernel transposes V itself: one launch
        _fix_one_launch(plan, q, k, v, descales, o, lse)
        return
    b, hq, _, d = q.shape
    hkv, nk = k.shape[1], k.shape[2]
    q_blocks, k_blocks, k_off, v_off, words = _scale_layout(q, k, *quant_layout(cfg)[:2])
    dev = q.device
    (qd, kd, vd), convert = fp32_descales(descales, dev)
    nk_pad = cdiv(nk, 32) * 32
    head = (*v.stride()[:3], hkv, nk, nk_pad, 1)
    tail = (*qd.stride(), *kd.stride(), *vd.stride(), hq // hkv, q_blocks, k_blocks, k_off, v_off)
    fixed = (
        words, 4 * k_off, 4 * v_off, (b, hkv, d, nk_pad), tuple(o.shape), o.stride(),
        tuple(lse.shape), convert, head, tail, launch_gluon_fp8,
    )  # fmt: skip
    bound[DESCALED] = (_descaled_planned, fixed)


def _descaled_planned(
    fixed: DescaledFixed,
    plan: tuple[str, FwdConfig | GluonFwdConfig, Bound | None],
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    descales: tuple[torch.Tensor, torch.Tensor, torch.Tensor],
    causal: bool,
    scale: float,
) -> tuple[torch.Tensor, torch.Tensor]:
    """A planned e4m3 call on the Gluon path: the same two launches as :func:`_descaled_plan` (V^T with the
    descales' spread, then the kernel), with nothing the signature fixes worked out again. Why: a serving
    stack's short calls are host-bound, and the general path's views, checks and layout rules cost more
    host time than the two bound launches themselves. The scale buffer's three pieces go to the kernel as
    addresses (its bound launch takes a pointer argument as an integer), V and V^T as e4m3 tensors (the
    transpose moves bytes; a bound launch reads only their addresses)."""
    n_scales, k_at, v_at, vt_shape, o_shape, o_stride, lse_shape, convert, head, tail, kernel = fixed
    _, cfg, bound = plan
    dev = q.device
    qd, kd, vd = (t.to(device=dev, dtype=torch.float32) for t in descales) if convert else descales
    scales = torch.empty(n_scales, device=dev, dtype=torch.float32)
    vt = torch.empty(vt_shape, device=dev, dtype=torch.float8_e4m3fn)
    bound["transpose_v"](v, vt, vt, scales, *head, qd, kd, vd, *tail)
    o = torch.empty_strided(o_shape, o_stride, device=dev, dtype=torch.bfloat16)
    lse = torch.empty(lse_shape, device=dev, dtype=torch.float32)
    at = scales.data_ptr()
    kernel(q, k, vt, (at, at + k_at, at + v_at), o, lse, causal, scale, cfg, bound)
    return o, lse


# the same for a plan whose kernel transposes V itself (:func:`_one_launch_planned`): (o's shape and
# strides, lse's shape, whether the descales need ``.to``, whether their strides differ (made contiguous),
# the strides the kernel then reads them at, the kernel's launch function)
OneLaunchFixed = tuple[
    tuple[int, ...], tuple[int, ...], tuple[int, ...], bool, bool, tuple[int, int], Callable[..., None],
]  # fmt: skip


def _fix_one_launch(
    plan: tuple[str, FwdConfig | GluonFwdConfig, Bound | None],
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    descales: tuple[torch.Tensor, torch.Tensor, torch.Tensor],
    o: torch.Tensor,
    lse: torch.Tensor,
) -> None:
    """:func:`_fix_descaled` for a plan whose kernel transposes V itself (no ``transpose_v`` launch):
    what :func:`from_descaled` and :func:`_out` work out on every call but the signature fixes (layouts,
    the descales' conversion and strides), so a planned call only allocates o and lse and repeats its one
    bound launch (:func:`_one_launch_planned`)."""
    from gpuaccel.accel.kernels.gluon.fp8 import launch_gluon_fp8

    _, _, bound = plan
    assert bound is not None
    dev = q.device
    seen, convert = fp32_descales(descales, dev)
    differ = not seen[0].stride() == seen[1].stride() == seen[2].stride()  # as kernel_descales decides
    qd = kernel_descales(descales, dev)[0]
    fixed = (tuple(o.shape), o.stride(), tuple(lse.shape), convert, differ, qd.stride(), launch_gluon_fp8)
    bound[DESCALED] = (_one_launch_planned, fixed)


def _one_launch_planned(
    fixed: OneLaunchFixed,
    plan: tuple[str, FwdConfig | GluonFwdConfig, Bound | None],
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    descales: tuple[torch.Tensor, torch.Tensor, torch.Tensor],
    causal: bool,
    scale: float,
) -> tuple[torch.Tensor, torch.Tensor]:
    """A planned e4m3 call on the Gluon path whose kernel transposes V and reads the descales itself: its
    one bound launch, with nothing the signature fixes worked out again. Why: a serving stack's short calls
    are host-bound, and the general path's views, checks and layout rules cost more host time than the
    launch itself."""
    o_shape, o_stride, lse_shape, convert, differ, strides, kernel = fixed
    _, cfg, bound = plan
    dev = q.device
    qd, kd, vd = (t.to(device=dev, dtype=torch.float32) for t in descales) if convert else descales
    if differ:
        qd, kd, vd = qd.contiguous(), kd.contiguous(), vd.contiguous()
    o = torch.empty_strided(o_shape, o_stride, device=dev, dtype=torch.bfloat16)
    lse = torch.empty(lse_shape, device=dev, dtype=torch.float32)
    kernel(q, k, v, (qd, kd, vd), o, lse, causal, scale, cfg, bound, None, strides)
    return o, lse


def _descaled_plan(
    plan: tuple[str, FwdConfig | GluonFwdConfig, Bound | None],
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    descales: tuple[torch.Tensor, torch.Tensor, torch.Tensor],
    causal: bool,
    scale: float,
) -> tuple[torch.Tensor, torch.Tensor]:
    """An e4m3 call's launches on checked inputs: its operands (:func:`from_descaled`), then the kernel of
    ``plan`` = (path, configuration, bound launches or None)."""
    _, cfg, bound = plan
    in_kernel = False
    if isinstance(cfg, GluonFwdConfig):
        from gpuaccel.accel.kernels.gluon.fp8 import transposes_v

        in_kernel = transposes_v(q, k, causal)
    x = from_descaled(q, k, v, descales, *quant_layout(cfg), bound, in_kernel)
    return flash_attention_fp8_quantized(x, causal, scale, cfg, _out(q, q.shape[-1], x.out_dtype), bound)


def e4m3_capable(t: torch.Tensor) -> bool:
    """Whether ``t``'s device has e4m3 tensor cores: CUDA, compute capability 8.9 or later (Ada, Hopper)."""
    return t.is_cuda and torch.cuda.get_device_capability(t.device) >= (8, 9)


def path_of(cfg: FwdConfig | GluonFwdConfig) -> str:
    """The FP8 forward a configuration runs (a plan's path): "gluon" or "triton" (tl.*)."""
    return "gluon" if isinstance(cfg, GluonFwdConfig) else "triton"


def _out(q: torch.Tensor, head_dim: int, dtype: torch.dtype) -> tuple[torch.Tensor, torch.Tensor]:
    """An FP8 forward's (o, lse) for queries ``q`` [B, H, N, D]: o of ``dtype`` laid out as q is
    (:func:`accel.kernels.dense.launchers.laid_out_like`: flash_attn_func's (B, N, H, D) storage, which it
    then hands back with no copy; both FP8 kernels and the split merge write o through its strides), lse
    contiguous fp32."""
    return laid_out_like(q, head_dim, dtype), q.new_empty(q.shape[:3], dtype=torch.float32)


def fp8_config(
    q: torch.Tensor,
    shape: AttentionShape,
    causal: bool,
    run: Callable[[FwdConfig | GluonFwdConfig], tuple[torch.Tensor, torch.Tensor]],
    k: torch.Tensor | None = None,
) -> FwdConfig | GluonFwdConfig:
    """The kernel configuration an FP8 call runs: a pinned one, the Gluon kernel's on Hopper, else the
    tuned tl.* choice (``run(cfg)`` times a candidate). ``k``: an e4m3 call's keys, whose shape says
    whether its Gluon kernel transposes V itself (the configuration differs there)."""
    pinned = tuning.forced("fwd_fp8", causal)
    if fp8_path(q, causal) == "gluon":
        if isinstance(pinned, GluonFwdConfig):
            return pinned
        from gpuaccel.accel.kernels.gluon.fp8 import gluon_fp8_config, transposes_v

        v_given = k is not None and transposes_v(q, k, causal)
        return gluon_fp8_config(shape.head_dim, q, causal, v_given=v_given, seq_k=shape.seq_k)
    if isinstance(pinned, GluonFwdConfig):
        raise UnsupportedInputError(
            f"{FP8_PATH_ENV}=triton but a Gluon FP8 configuration is pinned ({pinned.label()})"
        )
    return tuning.choose(
        "fwd_fp8",
        (shape, q.dtype, causal),
        tuning.fwd_candidates(shape.head_dim, fp8=True),
        run,
        tuning.INTERPRETER_FWD,
        False,
        causal=causal,
    )
