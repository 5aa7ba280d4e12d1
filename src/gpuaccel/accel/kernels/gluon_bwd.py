"""Attention backward for Hopper (sm_90) in Gluon: dQ, then dK/dV, with warpgroup MMA fed by TMA rings.

Why it is shaped this way (the tl.* backward in :mod:`accel.kernels.flash_bwd` stays the portable path and
the interpreter's):
- Two kernels, no atomics ("split", deterministic: every gradient element is summed in one program in a
  fixed order). The dQ kernel runs first and also writes the row statistics (delta = rowsum(dO * O), lse in
  log2 units) the dK/dV kernel reads, so there is no separate preprocess launch over o and dO.
- dQ: one program per 128 query rows (two warpgroups of 64 rows) keeps Q and dO in shared memory and
  streams K/V blocks through a TMA ring: S = Q K^T and dP = dO V^T are issued back to back as asynchronous
  wgmma, P's exp2 runs while dP is still in flight, then dQ += dS K.
- dK/dV: one program per 128 keys (two warpgroups of 64 keys) of one batch and KV head keeps K and V in
  shared memory and streams (Q, dO) blocks of every query head of its group through a TMA ring, so GQA
  gradients are summed in registers. S^T = K Q^T and dP^T = V dO^T go out together; dV += P^T dO is issued
  as soon as P^T exists, dS^T is formed under it, then dK += dS^T Q. The transposed products take Q and
  dO from shared memory as permuted views, so nothing is transposed by hand.
- The ring's next load is issued at the top of each step, into the slot the previous step has finished
  with, so loads never wait on math. Causal programs skip fully masked blocks; only blocks on the
  diagonal or the ragged key end are masked. 4-D TMA descriptors [B, H, N, D] keep a tile inside its
  head and zero-fill ragged ends; padded query rows carry lse = +inf (P = 0) in the statistics.
"""

from __future__ import annotations

import torch
import triton
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import (
    mbarrier,
    tma,
    warpgroup_mma,
    warpgroup_mma_wait,
)

from gpuaccel.accel.kernels.flash_fwd import LOG2E
from gpuaccel.accel.kernels.gluon_fwd import _descriptor
from gpuaccel.accel.kernels.launchers import Bound, _stat_buffers, launch
from gpuaccel.accel.kernels.tuning import GluonBwdConfig, gluon_bwd_config


@gluon.constexpr_function
def _mma_layouts(rows, cols, head_dim):
    """Accumulator layouts of a rows x cols score block and a rows x head_dim gradient, one warp per 16
    rows (rows / 64 warpgroups), and the register-operand layout that feeds P or dS to the next wgmma."""
    warps = [int(rows) // 16, 1]
    s_layout = gl.NVMMADistributedLayout([3, 0], warps, instr_shape=[16, int(cols), 16])
    a_layout = gl.NVMMADistributedLayout([3, 0], warps, instr_shape=[16, int(head_dim), 16])
    return s_layout, a_layout, gl.DotOperandLayout(operand_index=0, parent=a_layout, k_width=2)


@gluon.jit
def _view(buf, rows: gl.constexpr, head_dim: gl.constexpr):
    """A [1, 1, rows, head_dim] TMA box in shared memory as the 2-D operand wgmma reads."""
    layout: gl.constexpr = gl.NVMMASharedLayout.get_default_for([rows, head_dim], buf.dtype)
    return buf._reinterpret(buf.dtype, [rows, head_dim], layout)


@gluon.jit
def _store_rows(ptr, stride_b, stride_h, stride_n, b, h, row0, n_rows, val, layout: gl.constexpr,
                ROWS: gl.constexpr, HEAD_DIM: gl.constexpr):  # fmt: skip
    rows = row0 + gl.arange(0, ROWS, layout=gl.SliceLayout(1, layout))
    cols = gl.arange(0, HEAD_DIM, layout=gl.SliceLayout(0, layout))
    base = ptr + b.to(gl.int64) * stride_b + h.to(gl.int64) * stride_h
    ptrs = base + gl.expand_dims(rows.to(gl.int64) * stride_n, 1) + gl.expand_dims(cols, 0)
    gl.store(ptrs, val.to(ptr.dtype.element_ty), mask=gl.expand_dims(rows < n_rows, 1))


# ------------------------------------------------------------------------------------------------ dQ


@gluon.jit
def _dq_issue(k_desc, v_desc, k_smem, v_smem, ready, j, b, hkv, pred, BLOCK_N: gl.constexpr,
              STAGES: gl.constexpr):  # fmt: skip
    s = j % STAGES
    bar = ready.index(s)
    mbarrier.expect(bar, k_desc.block_type.nbytes + v_desc.block_type.nbytes, pred=pred)
    tma.async_copy_global_to_shared(k_desc, [b, hkv, j * BLOCK_N, 0], bar, k_smem.index(s), pred=pred)
    tma.async_copy_global_to_shared(v_desc, [b, hkv, j * BLOCK_N, 0], bar, v_smem.index(s), pred=pred)


@gluon.jit
def _dq_stats(o_ptr, do_ptr, lse_ptr, lse2_ptr, delta_ptr, stride_ob, stride_oh, stride_on, stride_db,
              stride_dh, stride_dn, b, h, bh, start_m, seq_q, stat_stride, last, BLOCK_M: gl.constexpr,
              HEAD_DIM: gl.constexpr):  # fmt: skip
    """delta and log2 lse of rows [start_m, start_m + BLOCK_M), written for the dK/dV kernel (the last
    program also pads up to the stats' row stride: delta 0, lse2 +inf) and returned."""
    ld: gl.constexpr = gl.BlockedLayout(
        size_per_thread=[1, 8], threads_per_warp=[256 // HEAD_DIM, HEAD_DIM // 8],
        warps_per_cta=[BLOCK_M // 16, 1], order=[1, 0],
    )  # fmt: skip
    rows = start_m + gl.arange(0, BLOCK_M, layout=gl.SliceLayout(1, ld))
    cols = gl.expand_dims(gl.arange(0, HEAD_DIM, layout=gl.SliceLayout(0, ld)), 0)
    ok = rows < seq_q
    ok2 = gl.expand_dims(ok, 1)
    o_base = o_ptr + b.to(gl.int64) * stride_ob + h.to(gl.int64) * stride_oh
    do_base = do_ptr + b.to(gl.int64) * stride_db + h.to(gl.int64) * stride_dh
    o = gl.load(o_base + gl.expand_dims(rows.to(gl.int64) * stride_on, 1) + cols, ok2, 0.0)
    do = gl.load(do_base + gl.expand_dims(rows.to(gl.int64) * stride_dn, 1) + cols, ok2, 0.0)
    delta = gl.sum(o.to(gl.float32) * do.to(gl.float32), 1)
    lse = gl.load(lse_ptr + bh.to(gl.int64) * seq_q + rows, mask=ok, other=float("-inf"))
    lse2 = gl.where(lse == float("-inf"), float("inf"), lse * 1.4426950408889634)
    stat = bh.to(gl.int64) * stat_stride
    gl.store(delta_ptr + stat + rows, delta)
    gl.store(lse2_ptr + stat + rows, lse2)
    if last:  # rows past the last block up to the padded stride: never seen
        pad_rows = gl.arange(0, BLOCK_M, layout=gl.SliceLayout(1, ld))
        zeros = gl.zeros([BLOCK_M], gl.float32, gl.SliceLayout(1, ld))
        for pad in range(start_m + BLOCK_M, stat_stride, BLOCK_M):
            gl.store(delta_ptr + stat + pad + pad_rows, zeros)
            gl.store(lse2_ptr + stat + pad + pad_rows, zeros + float("inf"))
    return delta, lse2


@gluon.jit
def gluon_bwd_dq_kernel(q_desc, k_desc, v_desc, do_desc, dq_ptr, o_ptr, do_ptr, lse_ptr, lse2_ptr, delta_ptr,
                        stride_qb, stride_qh, stride_qn, stride_ob, stride_oh, stride_on,
                        stride_db, stride_dh, stride_dn, qk_scale2, scale, heads_q, heads_kv, seq_q, seq_k,
                        stat_stride, HEAD_DIM: gl.constexpr, BLOCK_M: gl.constexpr, BLOCK_N: gl.constexpr,
                        STAGES: gl.constexpr, CAUSAL: gl.constexpr):  # fmt: skip
    """dQ of BLOCK_M query rows of one (batch, query head); also writes the rows' statistics."""
    dtype: gl.constexpr = q_desc.dtype
    s_layout: gl.constexpr = _mma_layouts(BLOCK_M, BLOCK_N, HEAD_DIM)[0]
    a_layout: gl.constexpr = _mma_layouts(BLOCK_M, BLOCK_N, HEAD_DIM)[1]
    op_layout: gl.constexpr = _mma_layouts(BLOCK_M, BLOCK_N, HEAD_DIM)[2]
    row_layout: gl.constexpr = gl.SliceLayout(1, s_layout)
    num_m = gl.cdiv(seq_q, BLOCK_M)
    pid_m = gl.program_id(0)
    if CAUSAL:  # longest rows first
        pid_m = num_m - 1 - pid_m
    bh = gl.program_id(1)
    b = bh // heads_q
    h = bh % heads_q
    hkv = h // (heads_q // heads_kv)
    start_m = pid_m * BLOCK_M

    q_smem = gl.allocate_shared_memory(dtype, [1, 1, BLOCK_M, HEAD_DIM], q_desc.layout)
    do_smem = gl.allocate_shared_memory(dtype, [1, 1, BLOCK_M, HEAD_DIM], do_desc.layout)
    k_smem = gl.allocate_shared_memory(dtype, [STAGES, 1, 1, BLOCK_N, HEAD_DIM], k_desc.layout)
    v_smem = gl.allocate_shared_memory(dtype, [STAGES, 1, 1, BLOCK_N, HEAD_DIM], v_desc.layout)
    q_bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    ready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    mbarrier.init(q_bar, count=1)
    for i in gl.static_range(STAGES):
        mbarrier.init(ready.index(i), count=1)

    causal_off = seq_k - seq_q  # query i sees key j when j <= i + causal_off
    if CAUSAL:
        hi = gl.maximum(gl.minimum(seq_k, start_m + BLOCK_M + causal_off), 0)
        full = gl.minimum(gl.maximum(start_m + causal_off + 1, 0), seq_k) // BLOCK_N  # blocks every row sees
    else:
        hi = seq_k
        full = seq_k // BLOCK_N
    n_blocks = gl.cdiv(hi, BLOCK_N)

    mbarrier.expect(q_bar, q_desc.block_type.nbytes + do_desc.block_type.nbytes)
    tma.async_copy_global_to_shared(q_desc, [b, h, start_m, 0], q_bar, q_smem)
    tma.async_copy_global_to_shared(do_desc, [b, h, start_m, 0], q_bar, do_smem)
    for j in gl.static_range(STAGES - 1):
        _dq_issue(k_desc, v_desc, k_smem, v_smem, ready, j, b, hkv, j < n_blocks, BLOCK_N, STAGES)

    delta, lse2 = _dq_stats(
        o_ptr, do_ptr, lse_ptr, lse2_ptr, delta_ptr, stride_ob, stride_oh, stride_on, stride_db, stride_dh,
        stride_dn, b, h, bh, start_m, seq_q, stat_stride, pid_m == num_m - 1, BLOCK_M, HEAD_DIM,
    )  # fmt: skip
    delta = gl.expand_dims(gl.convert_layout(delta, row_layout), 1)
    lse2 = gl.expand_dims(gl.convert_layout(lse2, row_layout), 1)
    offs_m = gl.expand_dims(start_m + gl.arange(0, BLOCK_M, layout=row_layout), 1)
    q_s = _view(q_smem, BLOCK_M, HEAD_DIM)
    do_s = _view(do_smem, BLOCK_M, HEAD_DIM)
    zero = gl.zeros([BLOCK_M, BLOCK_N], gl.float32, s_layout)
    dq = gl.zeros([BLOCK_M, HEAD_DIM], gl.float32, a_layout)
    mbarrier.wait(q_bar, 0)
    for j in range(n_blocks):
        _dq_issue(k_desc, v_desc, k_smem, v_smem, ready, j + STAGES - 1, b, hkv, j + STAGES - 1 < n_blocks,
                  BLOCK_N, STAGES)  # fmt: skip
        s = j % STAGES
        mbarrier.wait(ready.index(s), (j // STAGES) & 1)
        k_s = _view(k_smem.index(s), BLOCK_N, HEAD_DIM)
        v_s = _view(v_smem.index(s), BLOCK_N, HEAD_DIM)
        qk_tok = warpgroup_mma(q_s, k_s.permute((1, 0)), zero, use_acc=False, is_async=True)
        dp_tok = warpgroup_mma(do_s, v_s.permute((1, 0)), zero, use_acc=False, is_async=True)
        qk = warpgroup_mma_wait(1, deps=(qk_tok,))
        p = gl.exp2(qk * qk_scale2 - lse2)
        if j >= full:  # the diagonal or the ragged key end
            offs_n = j * BLOCK_N + gl.arange(0, BLOCK_N, layout=gl.SliceLayout(0, s_layout))
            keep = gl.expand_dims(offs_n, 0) < seq_k
            if CAUSAL:
                keep = keep & (gl.expand_dims(offs_n, 0) <= offs_m + causal_off)
            p = gl.where(keep, p, 0.0)
        dp = warpgroup_mma_wait(0, deps=(dp_tok,))
        ds = gl.convert_layout((p * (dp - delta)).to(dtype), op_layout)
        dq = warpgroup_mma(ds, k_s, dq, is_async=True)
        dq, ds = warpgroup_mma_wait(0, deps=(dq, ds))
    _store_rows(dq_ptr, stride_qb, stride_qh, stride_qn, b, h, start_m, seq_q, dq * scale, a_layout, BLOCK_M,
                HEAD_DIM)  # fmt: skip


# ---------------------------------------------------------------------------------------------- dK/dV


@gluon.jit
def _kv_issue(q_desc, do_desc, q_smem, do_smem, ready, i, n_m, lo_blk, b, hkv, group, pred,
              BLOCK_M: gl.constexpr, STAGES: gl.constexpr):  # fmt: skip
    """Load step ``i``'s (Q, dO) block: query head ``i // n_m`` of the group, block ``lo_blk + i % n_m``."""
    s = i % STAGES
    n = gl.maximum(n_m, 1)
    h = hkv * group + i // n
    start_m = (lo_blk + i % n) * BLOCK_M
    bar = ready.index(s)
    mbarrier.expect(bar, q_desc.block_type.nbytes + do_desc.block_type.nbytes, pred=pred)
    tma.async_copy_global_to_shared(q_desc, [b, h, start_m, 0], bar, q_smem.index(s), pred=pred)
    tma.async_copy_global_to_shared(do_desc, [b, h, start_m, 0], bar, do_smem.index(s), pred=pred)


@gluon.jit
def gluon_bwd_dkdv_kernel(q_desc, k_desc, v_desc, do_desc, dk_ptr, dv_ptr, lse2_ptr, delta_ptr,
                          stride_kb, stride_kh, stride_kn, qk_scale2, scale, heads_q, heads_kv, seq_q, seq_k,
                          stat_stride, HEAD_DIM: gl.constexpr, BLOCK_M: gl.constexpr, BLOCK_N: gl.constexpr,
                          STAGES: gl.constexpr, CAUSAL: gl.constexpr):  # fmt: skip
    """dK and dV of BLOCK_N keys of one (batch, KV head), summed over the query heads of its group."""
    dtype: gl.constexpr = q_desc.dtype
    s_layout: gl.constexpr = _mma_layouts(BLOCK_N, BLOCK_M, HEAD_DIM)[0]
    a_layout: gl.constexpr = _mma_layouts(BLOCK_N, BLOCK_M, HEAD_DIM)[1]
    op_layout: gl.constexpr = _mma_layouts(BLOCK_N, BLOCK_M, HEAD_DIM)[2]
    col_layout: gl.constexpr = gl.SliceLayout(0, s_layout)
    pid_n = gl.program_id(0)  # causal: the first key blocks have the most query rows, and start first
    bhkv = gl.program_id(1)
    b = bhkv // heads_kv
    hkv = bhkv % heads_kv
    group = heads_q // heads_kv
    start_n = pid_n * BLOCK_N

    k_smem = gl.allocate_shared_memory(dtype, [1, 1, BLOCK_N, HEAD_DIM], k_desc.layout)
    v_smem = gl.allocate_shared_memory(dtype, [1, 1, BLOCK_N, HEAD_DIM], v_desc.layout)
    q_smem = gl.allocate_shared_memory(dtype, [STAGES, 1, 1, BLOCK_M, HEAD_DIM], q_desc.layout)
    do_smem = gl.allocate_shared_memory(dtype, [STAGES, 1, 1, BLOCK_M, HEAD_DIM], do_desc.layout)
    kv_bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    ready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    mbarrier.init(kv_bar, count=1)
    for i in gl.static_range(STAGES):
        mbarrier.init(ready.index(i), count=1)

    causal_off = seq_k - seq_q
    num_m = gl.cdiv(seq_q, BLOCK_M)
    lo_blk = 0
    if CAUSAL:  # query blocks below lo_blk see none of these keys
        lo_blk = gl.minimum(gl.maximum(start_n - causal_off, 0) // BLOCK_M, num_m)
    n_m = num_m - lo_blk
    n_iter = group * n_m
    ragged = start_n + BLOCK_N > seq_k  # zero-filled key rows must not get P (their S is 0, not -inf)

    mbarrier.expect(kv_bar, k_desc.block_type.nbytes + v_desc.block_type.nbytes)
    tma.async_copy_global_to_shared(k_desc, [b, hkv, start_n, 0], kv_bar, k_smem)
    tma.async_copy_global_to_shared(v_desc, [b, hkv, start_n, 0], kv_bar, v_smem)
    for i in gl.static_range(STAGES - 1):
        _kv_issue(q_desc, do_desc, q_smem, do_smem, ready, i, n_m, lo_blk, b, hkv, group, i < n_iter,
                  BLOCK_M, STAGES)  # fmt: skip

    k_s = _view(k_smem, BLOCK_N, HEAD_DIM)
    v_s = _view(v_smem, BLOCK_N, HEAD_DIM)
    offs_n = gl.expand_dims(start_n + gl.arange(0, BLOCK_N, layout=gl.SliceLayout(1, s_layout)), 1)
    zero = gl.zeros([BLOCK_N, BLOCK_M], gl.float32, s_layout)
    dk = gl.zeros([BLOCK_N, HEAD_DIM], gl.float32, a_layout)
    dv = gl.zeros([BLOCK_N, HEAD_DIM], gl.float32, a_layout)
    mbarrier.wait(kv_bar, 0)
    for i in range(n_iter):
        _kv_issue(q_desc, do_desc, q_smem, do_smem, ready, i + STAGES - 1, n_m, lo_blk, b, hkv, group,
                  i + STAGES - 1 < n_iter, BLOCK_M, STAGES)  # fmt: skip
        h = hkv * group + i // n_m
        start_m = (lo_blk + i % n_m) * BLOCK_M
        stat = (b * heads_q + h).to(gl.int64) * stat_stride + start_m
        lse2 = gl.expand_dims(gl.load(lse2_ptr + stat + gl.arange(0, BLOCK_M, layout=col_layout)), 0)
        delta = gl.expand_dims(gl.load(delta_ptr + stat + gl.arange(0, BLOCK_M, layout=col_layout)), 0)
        s = i % STAGES
        mbarrier.wait(ready.index(s), (i // STAGES) & 1)
        q_s = _view(q_smem.index(s), BLOCK_M, HEAD_DIM)
        do_s = _view(do_smem.index(s), BLOCK_M, HEAD_DIM)
        qk_tok = warpgroup_mma(k_s, q_s.permute((1, 0)), zero, use_acc=False, is_async=True)
        dp_tok = warpgroup_mma(v_s, do_s.permute((1, 0)), zero, use_acc=False, is_async=True)
        qk = warpgroup_mma_wait(1, deps=(qk_tok,))
        p = gl.exp2(qk * qk_scale2 - lse2)
        masked = ragged
        if CAUSAL:
            masked = masked | (start_m + causal_off < start_n + BLOCK_N - 1)
        if masked:
            offs_m = gl.expand_dims(start_m + gl.arange(0, BLOCK_M, layout=col_layout), 0)
            keep = offs_n < seq_k
            if CAUSAL:
                keep = keep & (offs_n <= offs_m + causal_off)
            p = gl.where(keep, p, 0.0)
        p_op = gl.convert_layout(p.to(dtype), op_layout)
        dv = warpgroup_mma(p_op, do_s, dv, is_async=True)
        dp = warpgroup_mma_wait(1, deps=(dp_tok,))
        ds_op = gl.convert_layout((p * (dp - delta)).to(dtype), op_layout)
        dk = warpgroup_mma(ds_op, q_s, dk, is_async=True)
        dv, dk, p_op, ds_op = warpgroup_mma_wait(0, deps=(dv, dk, p_op, ds_op))
    _store_rows(dk_ptr, stride_kb, stride_kh, stride_kn, b, hkv, start_n, seq_k, dk * scale, a_layout,
                BLOCK_N, HEAD_DIM)  # fmt: skip
    _store_rows(dv_ptr, stride_kb, stride_kh, stride_kn, b, hkv, start_n, seq_k, dv, a_layout, BLOCK_N,
                HEAD_DIM)  # fmt: skip


# ---------------------------------------------------------------------------------------------- host side


def launch_gluon_bwd(
    do: torch.Tensor,
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    o: torch.Tensor,
    lse: torch.Tensor,
    causal: bool,
    scale: float,
    cfg: GluonBwdConfig | None = None,
    bound: Bound | None = None,
    out: tuple[torch.Tensor, torch.Tensor, torch.Tensor] | None = None,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """``(dq, dk, dv)`` from prepared inputs (TMA-legal strides; D in ``tuning.GLUON_BWD_HEAD_DIMS``),
    the final ``o`` and natural-log ``lse`` [B, Hq, Nq]: dQ (which writes the statistics), then dK/dV.
    ``out``: contiguous buffers of q's, k's and v's shape to write into (the checks poison them)."""
    b, hq, nq, d = q.shape
    hkv, nk = k.shape[1], k.shape[2]
    cfg = cfg or gluon_bwd_config(d)
    delta, lse2, stat_stride = _stat_buffers(o)
    if out is None:
        dq = torch.empty(q.shape, device=q.device, dtype=q.dtype)
        dk = torch.empty(k.shape, device=k.device, dtype=k.dtype)
        dv = torch.empty(v.shape, device=v.device, dtype=v.dtype)
    else:
        dq, dk, dv = out
    lse = lse if lse.is_contiguous() else lse.contiguous()
    if cfg.ws:
        _launch_ws(do, q, k, v, o, lse, causal, scale, cfg, bound, (dq, dk, dv), (delta, lse2, stat_stride))
        return dq, dk, dv
    q_rows = _descriptor(q, cfg.dq_block_m), _descriptor(do, cfg.dq_block_m)
    launch(
        gluon_bwd_dq_kernel, (triton.cdiv(nq, cfg.dq_block_m), b * hq),
        (q_rows[0], _descriptor(k, cfg.dq_block_n), _descriptor(v, cfg.dq_block_n), q_rows[1], dq, o, do, lse,
         lse2, delta, dq.stride(0), dq.stride(1), dq.stride(2), o.stride(0), o.stride(1), o.stride(2),
         do.stride(0), do.stride(1), do.stride(2), scale * LOG2E, scale, hq, hkv, nq, nk, stat_stride),
        dict(HEAD_DIM=d, BLOCK_M=cfg.dq_block_m, BLOCK_N=cfg.dq_block_n, STAGES=cfg.dq_stages,
             CAUSAL=bool(causal)),
        dict(num_warps=cfg.dq_block_m // 16), bound, "gluon_dq",
    )  # fmt: skip
    launch(
        gluon_bwd_dkdv_kernel, (triton.cdiv(nk, cfg.block_n), b * hkv),
        (_descriptor(q, cfg.block_m), _descriptor(k, cfg.block_n), _descriptor(v, cfg.block_n),
         _descriptor(do, cfg.block_m), dk, dv, lse2, delta, dk.stride(0), dk.stride(1), dk.stride(2),
         scale * LOG2E, scale, hq, hkv, nq, nk, stat_stride),
        dict(HEAD_DIM=d, BLOCK_M=cfg.block_m, BLOCK_N=cfg.block_n, STAGES=cfg.stages, CAUSAL=bool(causal)),
        dict(num_warps=cfg.block_n // 16), bound, "gluon_dkdv",
    )  # fmt: skip
    return dq, dk, dv


def _launch_ws(do, q, k, v, o, lse, causal, scale, cfg, bound, grads, stats) -> None:  # type: ignore[no-untyped-def]
    """The warp-specialised pair: 128-row tiles, two 64-row consumer warpgroups and a producer warp."""
    from gpuaccel.accel.kernels.gluon_bwd_ws import (
        CONSUMER_REGS,
        gluon_bwd_dkdv_ws_kernel,
        gluon_bwd_dq_ws_kernel,
    )

    b, hq, nq, d = q.shape
    hkv, nk = k.shape[1], k.shape[2]
    dq, dk, dv = grads
    delta, lse2, stat_stride = stats
    q64, do64 = _descriptor(q, 64), _descriptor(do, 64)
    launch(
        gluon_bwd_dq_ws_kernel, (triton.cdiv(nq, 128), b * hq),
        (q64, _descriptor(k, cfg.dq_block_n), _descriptor(v, cfg.dq_block_n), do64, dq, o, do, lse, lse2,
         delta,
         dq.stride(0), dq.stride(1), dq.stride(2), o.stride(0), o.stride(1), o.stride(2),
         do.stride(0), do.stride(1), do.stride(2), scale * LOG2E, scale, hq, hkv, nq, nk, stat_stride),
        dict(HEAD_DIM=d, BLOCK_N=cfg.dq_block_n, STAGES=cfg.dq_stages, CAUSAL=bool(causal),
             CONSUMER_REGS=CONSUMER_REGS),
        dict(num_warps=4), bound, "gluon_dq_ws",
    )  # fmt: skip
    launch(
        gluon_bwd_dkdv_ws_kernel, (triton.cdiv(nk, 128), b * hkv),
        (q64, _descriptor(k, 64), _descriptor(v, 64), do64, dk, dv, lse2, delta, dk.stride(0), dk.stride(1),
         dk.stride(2), scale * LOG2E, scale, hq, hkv, nq, nk, stat_stride),
        dict(HEAD_DIM=d, STAGES=cfg.stages, CAUSAL=bool(causal), CONSUMER_REGS=CONSUMER_REGS),
        dict(num_warps=4), bound, "gluon_dkdv_ws",
    )  # fmt: skip
