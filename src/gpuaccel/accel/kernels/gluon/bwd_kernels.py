"""The Gluon backward kernels for Hopper (sm_90): dQ, then dK/dV, warp-specialised like the forward.

Why this shape (the host side and the pipeline's description are in :mod:`accel.kernels.gluon.bwd`):
- In each kernel one TMA producer warp fills a ring guarded by mbarriers (ready: bytes landed; empty: both
  consumers are done) and two independent 4-warp consumer partitions each own 64 rows of a 128-row tile
  (query rows for dQ, keys for dK/dV). Separate partitions drift apart, so one warpgroup's exp2 and dS
  work meets the other's wgmma; one 8-warp partition (measured first) runs both warpgroups in step and
  was 7-20 % slower at D128 (docs/kernels-log.md).
- dQ: Q and dO of the tile stay in shared memory, K/V blocks stream: S = Q K^T and dP = dO V^T are
  issued back to back, P's exp2 runs while dP is in flight, then dQ += dS K.
- dK/dV: K and V of the tile stay in shared memory, (Q, dO) blocks of every query head of the group
  stream, so GQA gradients are summed in registers: S^T = K Q^T and dP^T = V dO^T go out together,
  dV += P^T dO is issued as soon as P^T exists and dS^T is formed under it, then dK += dS^T Q. The
  transposed products read Q and dO from shared memory as permuted views. The block's 64 lse2 and delta
  come with it by TMA and are read from shared memory where they are used: they are per column of S^T,
  16 registers each per thread, and held through the step beside dK, dV, S^T and dP^T they made ptxas
  spill (about 0.5 KB per thread at D128; none since).
- Causal programs skip fully masked blocks (a consumer whose 64 keys lie wholly after a block's rows
  only hands the slot back); only blocks on the diagonal or the ragged key end are masked. 4-D TMA
  descriptors [B, H, N, D] keep a box inside its head and zero-fill ragged ends; padded query rows carry
  lse = +inf (P = 0) in the statistics.
"""

from __future__ import annotations

from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import (
    mbarrier,
    tma,
    warpgroup_mma,
    warpgroup_mma_wait,
)

from gpuaccel.accel.kernels.gluon.tiles import _chunks, _load_chunks

HALF_M = gl.constexpr(64)  # rows per consumer warpgroup; a tile is two of them
CONSUMER_REGS = 240  # the second consumer's register cap; the first gets what the producer's 24 leave
# (dK/dV at D128 holds two 64 x 128 fp32 accumulators and two 64 x 64 score blocks per warpgroup: 192 of
# the 240, so its row statistics stay in shared memory)


@gluon.jit
def _span(row0, rows, seq_k, causal_off, BLOCK_N: gl.constexpr, CAUSAL: gl.constexpr):
    """Key blocks query rows [row0, row0 + rows) need, and how many of them every row sees unmasked."""
    if CAUSAL:
        hi = gl.maximum(gl.minimum(seq_k, row0 + rows + causal_off), 0)
        full = gl.minimum(gl.maximum(row0 + causal_off + 1, 0), seq_k) // BLOCK_N
    else:
        hi = seq_k
        full = seq_k // BLOCK_N
    return gl.cdiv(hi, BLOCK_N), full


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


@gluon.jit
def _dq_stats(o_ptr, do_ptr, lse_ptr, lse2_ptr, delta_ptr, stride_ob, stride_oh, stride_on, stride_db,
              stride_dh, stride_dn, b, h, bh, start_m, seq_q, stat_stride, BLOCK_M: gl.constexpr,
              HEAD_DIM: gl.constexpr):  # fmt: skip
    """delta and log2 lse of rows [start_m, start_m + BLOCK_M), written for the dK/dV kernel and returned.
    Tiles are 128 rows, the stats' padding unit, so the tiles' rows past Nq (delta 0, lse2 +inf: P = 0)
    fill the padded stride with nothing left over."""
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
    return delta, lse2


# ------------------------------------------------------------------------------------------------ dQ


@gluon.jit
def _dq_ring(q_desc, k_desc, v_desc, do_desc, BLOCK_N: gl.constexpr, STAGES: gl.constexpr,
             HEAD_DIM: gl.constexpr, DV: gl.constexpr, CHUNKS: gl.constexpr):  # fmt: skip
    """A dQ program's shared memory, barriers initialised: Q and dO of its two 64-row halves (q_ready, one
    a half) and a ring of ``BLOCK_N``-key K/V blocks (ready: bytes landed; empty: both consumer warpgroups
    are done with the slot); Q and K as ``CHUNKS`` column chunks a buffer, V and dO at ``DV`` columns. The
    dense and the packed dQ kernel's (:mod:`accel.kernels.gluon.varlen_bwd_kernels`)."""
    dtype: gl.constexpr = q_desc.dtype
    QC: gl.constexpr = HEAD_DIM // CHUNKS  # columns of a Q or K chunk
    q_smem = gl.allocate_shared_memory(dtype, [2 * CHUNKS, 1, 1, HALF_M, QC], q_desc.layout)
    do_smem = gl.allocate_shared_memory(dtype, [2, 1, 1, HALF_M, DV], do_desc.layout)
    k_smem = gl.allocate_shared_memory(dtype, [STAGES * CHUNKS, 1, 1, BLOCK_N, QC], k_desc.layout)
    v_smem = gl.allocate_shared_memory(dtype, [STAGES, 1, 1, BLOCK_N, DV], v_desc.layout)
    q_ready = gl.allocate_shared_memory(gl.int64, [2, 1], mbarrier.MBarrierLayout())
    ready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    empty = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    for i in gl.static_range(2):
        mbarrier.init(q_ready.index(i), count=1)
    for i in gl.static_range(STAGES):
        mbarrier.init(ready.index(i), count=1)
        mbarrier.init(empty.index(i), count=2)  # both consumer warpgroups release a slot
    return q_smem, do_smem, k_smem, v_smem, q_ready, ready, empty


@gluon.jit
def _dq_producer(q_desc, k_desc, v_desc, do_desc, q_smem, do_smem, k_smem, v_smem, q_ready, ready, empty, b,
                 h, hkv, start_m, n_tile, BLOCK_N: gl.constexpr, STAGES: gl.constexpr,
                 CHUNKS: gl.constexpr, k0):  # fmt: skip
    """Q and dO of the tile's two halves (rows from ``start_m``), then the K/V ring (keys from ``k0``: 0 in
    a dense tensor, a packed document's first key token); Q and K in ``CHUNKS`` column chunks a buffer
    (:func:`accel.kernels.gluon.tiles._load_chunks`; 3 at q/k 192)."""
    for c in gl.static_range(2):
        mbarrier.expect(q_ready.index(c), CHUNKS * q_desc.block_type.nbytes + do_desc.block_type.nbytes)
        _load_chunks(q_desc, q_smem, q_ready.index(c), c, b, h, start_m + c * HALF_M, CHUNKS)
        tma.async_copy_global_to_shared(
            do_desc, [b, h, start_m + c * HALF_M, 0], q_ready.index(c), do_smem.index(c)
        )
    for j in range(n_tile):
        s = j % STAGES
        mbarrier.wait(empty.index(s), ((j // STAGES) & 1) ^ 1)
        mbarrier.expect(ready.index(s), CHUNKS * k_desc.block_type.nbytes + v_desc.block_type.nbytes)
        key = k0 + j * BLOCK_N
        _load_chunks(k_desc, k_smem, ready.index(s), s, b, hkv, key, CHUNKS)
        tma.async_copy_global_to_shared(v_desc, [b, hkv, key, 0], ready.index(s), v_smem.index(s))


@gluon.jit
def _dq_consumer(q_smem, do_smem, k_smem, v_smem, q_ready, ready, empty, dq_ptr, o_ptr, do_ptr, lse_ptr,
                 lse2_ptr, delta_ptr, stride_qb, stride_qh, stride_qn, stride_ob, stride_oh, stride_on,
                 stride_db, stride_dh, stride_dn, qk_scale2, scale, b, h, bh, start_m, n_tile, seq_q, seq_k,
                 stat_stride, HALF: gl.constexpr, HEAD_DIM: gl.constexpr, BLOCK_N: gl.constexpr,
                 STAGES: gl.constexpr, CAUSAL: gl.constexpr, HEAD_DIM_V: gl.constexpr = 0,
                 CHUNKS: gl.constexpr = 1):  # fmt: skip
    """dQ of this warpgroup's 64 rows. ``HEAD_DIM_V`` (0: ``HEAD_DIM``): dO, o and V's head dim, dP = dO V^T
    at it. ``CHUNKS`` 3 (q/k at 192): Q and K as three 64-column chunks (:func:`accel.kernels.gluon.tiles.
    _chunks`), S = Q K^T three chained wgmmas into one accumulator, dQ = dS K three 64 x 64 accumulators,
    one a chunk of its columns (the dK/dV kernel's way, :mod:`accel.kernels.gluon.bwd_d256`)."""
    dtype: gl.constexpr = q_smem.dtype
    DV: gl.constexpr = HEAD_DIM_V if HEAD_DIM_V > 0 else HEAD_DIM
    ACC: gl.constexpr = HEAD_DIM // CHUNKS  # columns of each dQ accumulator
    s_layout: gl.constexpr = _mma_layouts(HALF_M, BLOCK_N, ACC)[0]
    a_layout: gl.constexpr = _mma_layouts(HALF_M, BLOCK_N, ACC)[1]
    op_layout: gl.constexpr = _mma_layouts(HALF_M, BLOCK_N, ACC)[2]
    row_layout: gl.constexpr = gl.SliceLayout(1, s_layout)
    row0 = start_m + HALF * HALF_M
    causal_off = seq_k - seq_q
    n_mine, full = _span(row0, HALF_M, seq_k, causal_off, BLOCK_N, CAUSAL)
    delta, lse2 = _dq_stats(
        o_ptr, do_ptr, lse_ptr, lse2_ptr, delta_ptr, stride_ob, stride_oh, stride_on, stride_db, stride_dh,
        stride_dn, b, h, bh, row0, seq_q, stat_stride, HALF_M, DV,
    )  # fmt: skip
    delta = gl.expand_dims(gl.convert_layout(delta, row_layout), 1)
    lse2 = gl.expand_dims(gl.convert_layout(lse2, row_layout), 1)
    offs_m = gl.expand_dims(row0 + gl.arange(0, HALF_M, layout=row_layout), 1)
    q_s = _chunks(q_smem, HALF, CHUNKS, HALF_M)
    do_s = _view(do_smem.index(HALF), HALF_M, DV)
    zero = gl.zeros([HALF_M, BLOCK_N], gl.float32, s_layout)
    dq = gl.zeros([HALF_M, ACC], gl.float32, a_layout)
    if CHUNKS == 3:
        dq1 = gl.zeros([HALF_M, ACC], gl.float32, a_layout)
        dq2 = gl.zeros([HALF_M, ACC], gl.float32, a_layout)
    mbarrier.wait(q_ready.index(HALF), 0)
    for j in range(n_mine):
        s = j % STAGES
        mbarrier.wait(ready.index(s), (j // STAGES) & 1)
        k_s = _chunks(k_smem, s, CHUNKS, BLOCK_N)
        v_s = _view(v_smem.index(s), BLOCK_N, DV)
        qk_tok = warpgroup_mma(q_s[0], k_s[0].permute((1, 0)), zero, use_acc=False, is_async=True)
        for c in gl.static_range(1, CHUNKS):
            qk_tok = warpgroup_mma(q_s[c], k_s[c].permute((1, 0)), qk_tok, is_async=True)
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
        dq = warpgroup_mma(ds, k_s[0], dq, is_async=True)
        if CHUNKS == 3:
            dq1 = warpgroup_mma(ds, k_s[1], dq1, is_async=True)
            dq2 = warpgroup_mma(ds, k_s[2], dq2, is_async=True)
            dq, dq1, dq2, ds = warpgroup_mma_wait(0, deps=(dq, dq1, dq2, ds))
        else:
            dq, ds = warpgroup_mma_wait(0, deps=(dq, ds))
        mbarrier.arrive(empty.index(s))
    for j in range(n_mine, n_tile):  # blocks only the other half needs: hand the slots back
        s = j % STAGES
        mbarrier.wait(ready.index(s), (j // STAGES) & 1)
        mbarrier.arrive(empty.index(s))
    _store_rows(dq_ptr, stride_qb, stride_qh, stride_qn, b, h, row0, seq_q, dq * scale, a_layout, HALF_M, ACC)
    if CHUNKS == 3:
        _store_rows(dq_ptr + ACC, stride_qb, stride_qh, stride_qn, b, h, row0, seq_q, dq1 * scale, a_layout,
                    HALF_M, ACC)  # fmt: skip
        _store_rows(dq_ptr + 2 * ACC, stride_qb, stride_qh, stride_qn, b, h, row0, seq_q, dq2 * scale,
                    a_layout, HALF_M, ACC)  # fmt: skip


@gluon.jit
def gluon_bwd_dq_kernel(q_desc, k_desc, v_desc, do_desc, dq_ptr, o_ptr, do_ptr, lse_ptr, lse2_ptr,
                           delta_ptr, stride_qb, stride_qh, stride_qn, stride_ob, stride_oh, stride_on,
                           stride_db, stride_dh, stride_dn, qk_scale2, scale, heads_q, heads_kv, seq_q, seq_k,
                           stat_stride, HEAD_DIM: gl.constexpr, BLOCK_N: gl.constexpr, STAGES: gl.constexpr,
                           CAUSAL: gl.constexpr, CONSUMER_REGS: gl.constexpr, HEAD_DIM_V: gl.constexpr = 0,
                           CHUNKS: gl.constexpr = 1):  # fmt: skip
    """dQ of 128 query rows of one (batch, query head); also writes the rows' statistics. ``HEAD_DIM_V``
    (0: ``HEAD_DIM``): V, dO and o at a head dim of their own (MLA's 192/128); ``CHUNKS`` 3: Q, K and dQ at
    192 in three 64-column chunks (the descriptors' boxes 64 columns wide; :func:`_dq_consumer`). Every
    build with neither compiles to the SASS it did before them (sm_90a, offline)."""
    DV: gl.constexpr = HEAD_DIM_V if HEAD_DIM_V > 0 else HEAD_DIM
    num_m = gl.cdiv(seq_q, 2 * HALF_M)
    pid_m = gl.program_id(0)
    if CAUSAL:  # longest rows first
        pid_m = num_m - 1 - pid_m
    bh = gl.program_id(1)
    b = bh // heads_q
    h = bh % heads_q
    hkv = h // (heads_q // heads_kv)
    start_m = pid_m * 2 * HALF_M
    n_tile, _ = _span(start_m, 2 * HALF_M, seq_k, seq_k - seq_q, BLOCK_N, CAUSAL)

    q_smem, do_smem, k_smem, v_smem, q_ready, ready, empty = _dq_ring(
        q_desc, k_desc, v_desc, do_desc, BLOCK_N, STAGES, HEAD_DIM, DV, CHUNKS
    )

    first: gl.constexpr = 0
    second: gl.constexpr = 1
    gl.warp_specialize(
        [
            (_dq_consumer, (q_smem, do_smem, k_smem, v_smem, q_ready, ready, empty, dq_ptr, o_ptr, do_ptr,
                            lse_ptr, lse2_ptr, delta_ptr, stride_qb, stride_qh, stride_qn, stride_ob,
                            stride_oh, stride_on, stride_db, stride_dh, stride_dn, qk_scale2, scale, b, h, bh,
                            start_m, n_tile, seq_q, seq_k, stat_stride, first, HEAD_DIM, BLOCK_N, STAGES,
                            CAUSAL, DV, CHUNKS)),
            (_dq_consumer, (q_smem, do_smem, k_smem, v_smem, q_ready, ready, empty, dq_ptr, o_ptr, do_ptr,
                            lse_ptr, lse2_ptr, delta_ptr, stride_qb, stride_qh, stride_qn, stride_ob,
                            stride_oh, stride_on, stride_db, stride_dh, stride_dn, qk_scale2, scale, b, h, bh,
                            start_m, n_tile, seq_q, seq_k, stat_stride, second, HEAD_DIM, BLOCK_N, STAGES,
                            CAUSAL, DV, CHUNKS)),
            (_dq_producer, (q_desc, k_desc, v_desc, do_desc, q_smem, do_smem, k_smem, v_smem, q_ready, ready,
                            empty, b, h, hkv, start_m, n_tile, BLOCK_N, STAGES, CHUNKS, 0)),
        ],
        [4, 1],
        [CONSUMER_REGS, 24],
    )  # fmt: skip


# ---------------------------------------------------------------------------------------------- dK/dV


@gluon.jit
def _query_blocks(start_n, seq_q, causal_off, group, CAUSAL: gl.constexpr, QM: gl.constexpr = HALF_M):
    """The (Q, dO) steps of a dK/dV program whose keys start at ``start_n``: (lo_blk, n_m, n_iter), the
    first ``QM``-row query block that sees any of them (causal: the blocks below see none), the blocks per
    query head from there (at least 1, so ``i % n_m`` is defined) and the steps over the group's heads."""
    num_m = gl.cdiv(seq_q, QM)
    lo_blk = 0
    if CAUSAL:
        lo_blk = gl.minimum(gl.maximum(start_n - causal_off, 0) // QM, num_m)
    return lo_blk, gl.maximum(num_m - lo_blk, 1), group * (num_m - lo_blk)


@gluon.jit
def _kv_ring(q_desc, k_desc, v_desc, do_desc, lse2_desc, delta_desc, KV_BLOCKS: gl.constexpr,
             STAGES: gl.constexpr, HEAD_DIM: gl.constexpr, QM: gl.constexpr = HALF_M):  # fmt: skip
    """A dK/dV program's shared memory, barriers initialised: K and V of its keys (``KV_BLOCKS`` boxes
    of 64 rows, loaded once: kv_ready), and a ring of (Q, dO, lse2, delta) blocks of ``QM`` rows (ready:
    bytes landed; empty: both consumer warpgroups are done with the slot)."""
    dtype: gl.constexpr = q_desc.dtype
    k_smem = gl.allocate_shared_memory(dtype, [KV_BLOCKS, 1, 1, HALF_M, HEAD_DIM], k_desc.layout)
    v_smem = gl.allocate_shared_memory(dtype, [KV_BLOCKS, 1, 1, HALF_M, HEAD_DIM], v_desc.layout)
    q_smem = gl.allocate_shared_memory(dtype, [STAGES, 1, 1, QM, HEAD_DIM], q_desc.layout)
    do_smem = gl.allocate_shared_memory(dtype, [STAGES, 1, 1, QM, HEAD_DIM], do_desc.layout)
    lse2_smem = gl.allocate_shared_memory(gl.float32, [STAGES, 1, 1, 1, QM], lse2_desc.layout)
    delta_smem = gl.allocate_shared_memory(gl.float32, [STAGES, 1, 1, 1, QM], delta_desc.layout)
    kv_ready = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    ready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    empty = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    mbarrier.init(kv_ready, count=1)
    for i in gl.static_range(STAGES):
        mbarrier.init(ready.index(i), count=1)
        mbarrier.init(empty.index(i), count=2)
    return k_smem, v_smem, q_smem, do_smem, lse2_smem, delta_smem, kv_ready, ready, empty


@gluon.jit
def _kv_producer(q_desc, k_desc, v_desc, do_desc, lse2_desc, delta_desc, k_smem, v_smem, q_smem, do_smem,
                 lse2_smem, delta_smem, kv_ready, ready, empty, b, hkv, start_n, n_m, lo_blk, group, n_iter,
                 STAGES: gl.constexpr, KV_BLOCKS: gl.constexpr = 2, QM: gl.constexpr = HALF_M):  # fmt: skip
    """K and V of the program's keys once (``KV_BLOCKS`` boxes of 64 rows each), then the ring of (Q, dO,
    lse2, delta) blocks: every ``QM``-row block of each query head of the group."""
    mbarrier.expect(kv_ready, KV_BLOCKS * (k_desc.block_type.nbytes + v_desc.block_type.nbytes))
    for c in gl.static_range(KV_BLOCKS):
        tma.async_copy_global_to_shared(k_desc, [b, hkv, start_n + c * HALF_M, 0], kv_ready, k_smem.index(c))
        tma.async_copy_global_to_shared(v_desc, [b, hkv, start_n + c * HALF_M, 0], kv_ready, v_smem.index(c))
    stat_bytes: gl.constexpr = lse2_desc.block_type.nbytes + delta_desc.block_type.nbytes
    nbytes: gl.constexpr = q_desc.block_type.nbytes + do_desc.block_type.nbytes + stat_bytes
    for i in range(n_iter):
        s = i % STAGES
        mbarrier.wait(empty.index(s), ((i // STAGES) & 1) ^ 1)
        h = hkv * group + i // n_m
        start_m = (lo_blk + i % n_m) * QM
        mbarrier.expect(ready.index(s), nbytes)
        tma.async_copy_global_to_shared(q_desc, [b, h, start_m, 0], ready.index(s), q_smem.index(s))
        tma.async_copy_global_to_shared(do_desc, [b, h, start_m, 0], ready.index(s), do_smem.index(s))
        tma.async_copy_global_to_shared(lse2_desc, [b, h, 0, start_m], ready.index(s), lse2_smem.index(s))
        tma.async_copy_global_to_shared(delta_desc, [b, h, 0, start_m], ready.index(s), delta_smem.index(s))


@gluon.jit
def _p_t(qk, lse2, qk_scale2, start_m, offs_n, key0, seq_k, causal_off, col_layout: gl.constexpr,
         CAUSAL: gl.constexpr, QM: gl.constexpr = HALF_M):  # fmt: skip
    """P^T of 64 keys from ``key0`` against the ``QM``-row block at ``start_m``, from S^T and the block's
    lse2 ([1, QM] in S^T's column layout); masked only on the causal diagonal or the ragged key end."""
    p = gl.exp2(qk * qk_scale2 - lse2)
    masked = key0 + HALF_M > seq_k  # zero-filled key rows must not get P (their S is 0, not -inf)
    if CAUSAL:
        masked = masked | (start_m + causal_off < key0 + HALF_M - 1)
    if masked:
        offs_m = gl.expand_dims(start_m + gl.arange(0, QM, layout=col_layout), 0)
        keep = offs_n < seq_k
        if CAUSAL:
            keep = keep & (offs_n <= offs_m + causal_off)
        p = gl.where(keep, p, 0.0)
    return p


@gluon.jit
def _kv_step(k_s, v_s, q_s, do_s, lse2_s, delta_s, dk, dv, start_m, offs_n, key0, seq_k, causal_off,
             qk_scale2, s_layout: gl.constexpr, op_layout: gl.constexpr, CAUSAL: gl.constexpr):  # fmt: skip
    """One (Q, dO) block against this warpgroup's 64 keys: dV += P^T dO, dK += dS^T Q. lse2 and delta are
    read from shared memory just where they are used, so they hold no registers across the step."""
    dtype: gl.constexpr = q_s.dtype
    col_layout: gl.constexpr = gl.SliceLayout(0, s_layout)
    zero = gl.zeros([HALF_M, HALF_M], gl.float32, s_layout)
    qk_tok = warpgroup_mma(k_s, q_s.permute((1, 0)), zero, use_acc=False, is_async=True)
    dp_tok = warpgroup_mma(v_s, do_s.permute((1, 0)), zero, use_acc=False, is_async=True)
    qk = warpgroup_mma_wait(1, deps=(qk_tok,))
    p = _p_t(qk, gl.expand_dims(lse2_s.load(col_layout), 0), qk_scale2, start_m, offs_n, key0, seq_k,
             causal_off, col_layout, CAUSAL)  # fmt: skip
    p_op = gl.convert_layout(p.to(dtype), op_layout)
    dv = warpgroup_mma(p_op, do_s, dv, is_async=True)
    dp = warpgroup_mma_wait(1, deps=(dp_tok,))
    ds = p * (dp - gl.expand_dims(delta_s.load(col_layout), 0))
    ds_op = gl.convert_layout(ds.to(dtype), op_layout)
    dk = warpgroup_mma(ds_op, q_s, dk, is_async=True)
    dv, dk, p_op, ds_op = warpgroup_mma_wait(0, deps=(dv, dk, p_op, ds_op))
    return dk, dv


@gluon.jit
def _kv_consumer(k_smem, v_smem, q_smem, do_smem, lse2_smem, delta_smem, kv_ready, ready, empty, dk_ptr,
                 dv_ptr, stride_kb, stride_kh, stride_kn, qk_scale2, scale, b, hkv, start_n, seq_k,
                 causal_off, n_m, lo_blk, n_iter, HALF: gl.constexpr, HEAD_DIM: gl.constexpr,
                 STAGES: gl.constexpr, CAUSAL: gl.constexpr):  # fmt: skip
    s_layout: gl.constexpr = _mma_layouts(HALF_M, HALF_M, HEAD_DIM)[0]
    a_layout: gl.constexpr = _mma_layouts(HALF_M, HALF_M, HEAD_DIM)[1]
    op_layout: gl.constexpr = _mma_layouts(HALF_M, HALF_M, HEAD_DIM)[2]
    stat_layout: gl.constexpr = gl.SwizzledSharedLayout(1, 1, 1, order=[0])
    key0 = start_n + HALF * HALF_M
    offs_n = gl.expand_dims(key0 + gl.arange(0, HALF_M, layout=gl.SliceLayout(1, s_layout)), 1)
    k_s = _view(k_smem.index(HALF), HALF_M, HEAD_DIM)
    v_s = _view(v_smem.index(HALF), HALF_M, HEAD_DIM)
    dk = gl.zeros([HALF_M, HEAD_DIM], gl.float32, a_layout)
    dv = gl.zeros([HALF_M, HEAD_DIM], gl.float32, a_layout)
    mbarrier.wait(kv_ready, 0)
    for i in range(n_iter):
        start_m = (lo_blk + i % n_m) * HALF_M
        s = i % STAGES
        mbarrier.wait(ready.index(s), (i // STAGES) & 1)
        q_s = _view(q_smem.index(s), HALF_M, HEAD_DIM)
        do_s = _view(do_smem.index(s), HALF_M, HEAD_DIM)
        lse2_s = lse2_smem.index(s)._reinterpret(gl.float32, [HALF_M], stat_layout)
        delta_s = delta_smem.index(s)._reinterpret(gl.float32, [HALF_M], stat_layout)
        if CAUSAL:  # this half's keys may lie wholly after the block's last row: nothing to add
            if start_m + HALF_M - 1 + causal_off >= key0:
                dk, dv = _kv_step(k_s, v_s, q_s, do_s, lse2_s, delta_s, dk, dv, start_m, offs_n, key0, seq_k,
                                  causal_off, qk_scale2, s_layout, op_layout, CAUSAL)  # fmt: skip
        else:
            dk, dv = _kv_step(k_s, v_s, q_s, do_s, lse2_s, delta_s, dk, dv, start_m, offs_n, key0, seq_k,
                              causal_off, qk_scale2, s_layout, op_layout, CAUSAL)  # fmt: skip
        mbarrier.arrive(empty.index(s))
    _store_rows(dk_ptr, stride_kb, stride_kh, stride_kn, b, hkv, key0, seq_k, dk * scale, a_layout, HALF_M,
                HEAD_DIM)  # fmt: skip
    _store_rows(dv_ptr, stride_kb, stride_kh, stride_kn, b, hkv, key0, seq_k, dv, a_layout, HALF_M, HEAD_DIM)


@gluon.jit
def gluon_bwd_dkdv_kernel(q_desc, k_desc, v_desc, do_desc, lse2_desc, delta_desc, dk_ptr, dv_ptr, stride_kb,
                             stride_kh, stride_kn, qk_scale2, scale, heads_q, heads_kv, seq_q, seq_k,
                             HEAD_DIM: gl.constexpr, STAGES: gl.constexpr, CAUSAL: gl.constexpr,
                             CONSUMER_REGS: gl.constexpr):  # fmt: skip
    """dK and dV of 128 keys of one (batch, KV head), summed over the query heads of its group; (Q, dO)
    blocks of 64 rows, each with its 64 lse2 and delta ([B, Hq, 1, padded Nq] boxes of 1 x 64)."""
    pid_n = gl.program_id(0)  # causal: the first key blocks have the most query rows, and start first
    bhkv = gl.program_id(1)
    b = bhkv // heads_kv
    hkv = bhkv % heads_kv
    group = heads_q // heads_kv
    start_n = pid_n * 2 * HALF_M
    causal_off = seq_k - seq_q
    lo_blk, n_m, n_iter = _query_blocks(start_n, seq_q, causal_off, group, CAUSAL)

    k_smem, v_smem, q_smem, do_smem, lse2_smem, delta_smem, kv_ready, ready, empty = _kv_ring(
        q_desc, k_desc, v_desc, do_desc, lse2_desc, delta_desc, 2, STAGES, HEAD_DIM
    )

    first: gl.constexpr = 0
    second: gl.constexpr = 1
    gl.warp_specialize(
        [
            (_kv_consumer, (k_smem, v_smem, q_smem, do_smem, lse2_smem, delta_smem, kv_ready, ready,
                            empty, dk_ptr, dv_ptr, stride_kb, stride_kh, stride_kn, qk_scale2, scale, b, hkv,
                            start_n, seq_k, causal_off, n_m, lo_blk, n_iter, first, HEAD_DIM, STAGES,
                            CAUSAL)),
            (_kv_consumer, (k_smem, v_smem, q_smem, do_smem, lse2_smem, delta_smem, kv_ready, ready,
                            empty, dk_ptr, dv_ptr, stride_kb, stride_kh, stride_kn, qk_scale2, scale, b, hkv,
                            start_n, seq_k, causal_off, n_m, lo_blk, n_iter, second, HEAD_DIM, STAGES,
                            CAUSAL)),
            (_kv_producer, (q_desc, k_desc, v_desc, do_desc, lse2_desc, delta_desc, k_smem, v_smem, q_smem,
                            do_smem, lse2_smem, delta_smem, kv_ready, ready, empty, b, hkv, start_n, n_m,
                            lo_blk, group, n_iter, STAGES)),
        ],
        [4, 1],
        [CONSUMER_REGS, 24],
    )  # fmt: skip
