"""The Gluon dK/dV kernel for head_dim 256 on Hopper (sm_90): one warpgroup sums dV, the other dK.

Why this shape: at D256 a 64-key gradient is a 64 x 256 fp32 accumulator, 128 registers per thread, so
one warpgroup cannot hold both dK and dV (the D64/D128 kernel's layout in
:mod:`accel.kernels.gluon.bwd_kernels`). Here a program owns 64 keys and its two consumer warpgroups
split the work by gradient instead of by keys: both compute S^T = K Q^T and P^T for each (Q, dO) block;
the first then adds P^T dO to dV, the second computes dP^T = V dO^T, dS^T and adds dS^T Q to dK. That
is five matmuls per block pair instead of four (S^T twice), but every operand is read once into shared
memory (K, V: 64 KB; a 2-stage (Q, dO) ring: 128 KB), both warpgroups drift against each other as in
the other kernels, and nothing is staged between them. dQ stays the tl.* kernel at D256 (at q/k 192 the
Gluon dQ of :mod:`accel.kernels.gluon.bwd_kernels` in chunks), which also writes the row statistics this
kernel reads (:func:`accel.kernels.gluon.bwd.launch_gluon_bwd`).

V, dO and dV may have a head dim of their own, ``HEAD_DIM_V`` (MLA's 192/128: v at 128): dP^T = V dO^T and
dV = P^T dO at v's width, S^T and dK at q's. Every build before it has
``HEAD_DIM_V`` equal to ``HEAD_DIM`` and compiles to the same SASS (sm_90a, offline). ``CHUNKS`` 3 runs q/k
at 192 unpadded (MLA's 192/128): Q and K as three 64-column chunks (:func:`accel.kernels.gluon.tiles._chunks`,
Gluon's shared-memory tiles take powers of two alone), S^T as three chained wgmmas into one accumulator and
dK = dS^T Q as three 64 x 64 accumulators, one a chunk.
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

from gpuaccel.accel.kernels.gluon.bwd_kernels import (
    HALF_M,
    _kv_producer,
    _mma_layouts,
    _p_t,
    _query_blocks,
    _store_rows,
    _view,
)
from gpuaccel.accel.kernels.gluon.tiles import _chunks

D256_STAGES = 2  # (Q, dO) ring depth: 64 KB a stage at D256, three would not fit beside K and V


@gluon.jit
def _d256_ring(q_desc, k_desc, v_desc, do_desc, lse2_desc, delta_desc, STAGES: gl.constexpr,
               HEAD_DIM: gl.constexpr, HEAD_DIM_V: gl.constexpr, CHUNKS: gl.constexpr = 1):  # fmt: skip
    """:func:`bwd_kernels._kv_ring` of one 64-key block, with V and dO at v's head dim; Q and K as
    ``CHUNKS`` column chunks a buffer (3 at q/k 192, :func:`accel.kernels.gluon.tiles._chunks`)."""
    dtype: gl.constexpr = q_desc.dtype
    QK: gl.constexpr = HEAD_DIM // CHUNKS  # columns of a Q or K chunk
    k_smem = gl.allocate_shared_memory(dtype, [CHUNKS, 1, 1, HALF_M, QK], k_desc.layout)
    v_smem = gl.allocate_shared_memory(dtype, [1, 1, 1, HALF_M, HEAD_DIM_V], v_desc.layout)
    q_smem = gl.allocate_shared_memory(dtype, [STAGES * CHUNKS, 1, 1, HALF_M, QK], q_desc.layout)
    do_smem = gl.allocate_shared_memory(dtype, [STAGES, 1, 1, HALF_M, HEAD_DIM_V], do_desc.layout)
    lse2_smem = gl.allocate_shared_memory(gl.float32, [STAGES, 1, 1, 1, HALF_M], lse2_desc.layout)
    delta_smem = gl.allocate_shared_memory(gl.float32, [STAGES, 1, 1, 1, HALF_M], delta_desc.layout)
    kv_ready = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    ready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    empty = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    mbarrier.init(kv_ready, count=1)
    for i in gl.static_range(STAGES):
        mbarrier.init(ready.index(i), count=1)
        mbarrier.init(empty.index(i), count=2)
    return k_smem, v_smem, q_smem, do_smem, lse2_smem, delta_smem, kv_ready, ready, empty


@gluon.jit
def _d256_consumer(k_smem, v_smem, q_smem, do_smem, lse2_smem, delta_smem, kv_ready, ready, empty, out_ptr,
                   stride_kb, stride_kh, stride_kn, qk_scale2, out_scale, b, hkv, start_n, seq_k, causal_off,
                   lo_blk, n_m, n_iter, DK: gl.constexpr, HEAD_DIM: gl.constexpr, HEAD_DIM_V: gl.constexpr,
                   ACC_DIM: gl.constexpr, STAGES: gl.constexpr, CAUSAL: gl.constexpr,
                   CHUNKS: gl.constexpr = 1):  # fmt: skip
    """dK (``DK``; ``ACC_DIM`` q's head dim) or dV (v's) of the program's 64 keys, summed over every (Q, dO)
    block of the group's heads. ``CHUNKS`` 3 (q/k at 192): S^T = K Q^T three chained wgmmas over the
    64-column chunks, dK in three 64 x 64 accumulators, one a chunk of its columns; dV as with one."""
    dtype: gl.constexpr = q_smem.dtype
    ACC: gl.constexpr = ACC_DIM // CHUNKS if DK else ACC_DIM  # columns of each accumulator
    s_layout: gl.constexpr = _mma_layouts(HALF_M, HALF_M, ACC)[0]
    a_layout: gl.constexpr = _mma_layouts(HALF_M, HALF_M, ACC)[1]
    op_layout: gl.constexpr = _mma_layouts(HALF_M, HALF_M, ACC)[2]
    stat_layout: gl.constexpr = gl.SwizzledSharedLayout(1, 1, 1, order=[0])
    col_layout: gl.constexpr = gl.SliceLayout(0, s_layout)
    offs_n = gl.expand_dims(start_n + gl.arange(0, HALF_M, layout=gl.SliceLayout(1, s_layout)), 1)
    k_s = _chunks(k_smem, 0, CHUNKS, HALF_M)
    v_s = _view(v_smem.index(0), HALF_M, HEAD_DIM_V)
    zero = gl.zeros([HALF_M, HALF_M], gl.float32, s_layout)
    acc0 = gl.zeros([HALF_M, ACC], gl.float32, a_layout)
    if DK and CHUNKS == 3:
        acc1 = gl.zeros([HALF_M, ACC], gl.float32, a_layout)
        acc2 = gl.zeros([HALF_M, ACC], gl.float32, a_layout)
    mbarrier.wait(kv_ready, 0)
    for i in range(n_iter):
        start_m = (lo_blk + i % n_m) * HALF_M
        s = i % STAGES
        mbarrier.wait(ready.index(s), (i // STAGES) & 1)
        q_s = _chunks(q_smem, s, CHUNKS, HALF_M)
        do_s = _view(do_smem.index(s), HALF_M, HEAD_DIM_V)
        qk_tok = warpgroup_mma(k_s[0], q_s[0].permute((1, 0)), zero, use_acc=False, is_async=True)
        for c in gl.static_range(1, CHUNKS):
            qk_tok = warpgroup_mma(k_s[c], q_s[c].permute((1, 0)), qk_tok, is_async=True)
        if DK:
            dp_tok = warpgroup_mma(v_s, do_s.permute((1, 0)), zero, use_acc=False, is_async=True)
            qk = warpgroup_mma_wait(1, deps=(qk_tok,))
        else:
            qk = warpgroup_mma_wait(0, deps=(qk_tok,))
        lse2_s = lse2_smem.index(s)._reinterpret(gl.float32, [HALF_M], stat_layout)
        p = _p_t(qk, gl.expand_dims(lse2_s.load(col_layout), 0), qk_scale2, start_m, offs_n, start_n, seq_k,
                 causal_off, col_layout, CAUSAL)  # fmt: skip
        if DK:
            delta_s = delta_smem.index(s)._reinterpret(gl.float32, [HALF_M], stat_layout)
            dp = warpgroup_mma_wait(0, deps=(dp_tok,))
            ds = p * (dp - gl.expand_dims(delta_s.load(col_layout), 0))
            op = gl.convert_layout(ds.to(dtype), op_layout)
            acc0 = warpgroup_mma(op, q_s[0], acc0, is_async=True)
            if CHUNKS == 3:
                acc1 = warpgroup_mma(op, q_s[1], acc1, is_async=True)
                acc2 = warpgroup_mma(op, q_s[2], acc2, is_async=True)
        else:
            op = gl.convert_layout(p.to(dtype), op_layout)
            acc0 = warpgroup_mma(op, do_s, acc0, is_async=True)
        if DK and CHUNKS == 3:
            acc0, acc1, acc2, op = warpgroup_mma_wait(0, deps=(acc0, acc1, acc2, op))
        else:
            acc0, op = warpgroup_mma_wait(0, deps=(acc0, op))
        mbarrier.arrive(empty.index(s))
    _store_rows(out_ptr, stride_kb, stride_kh, stride_kn, b, hkv, start_n, seq_k, acc0 * out_scale, a_layout,
                HALF_M, ACC)  # fmt: skip
    if DK and CHUNKS == 3:
        _store_rows(out_ptr + ACC, stride_kb, stride_kh, stride_kn, b, hkv, start_n, seq_k, acc1 * out_scale,
                    a_layout, HALF_M, ACC)  # fmt: skip
        _store_rows(out_ptr + 2 * ACC, stride_kb, stride_kh, stride_kn, b, hkv, start_n, seq_k,
                    acc2 * out_scale, a_layout, HALF_M, ACC)  # fmt: skip


@gluon.jit
def _chunk_producer(q_desc, k_desc, v_desc, do_desc, lse2_desc, delta_desc, k_smem, v_smem, q_smem, do_smem,
                    lse2_smem, delta_smem, kv_ready, ready, empty, b, hkv, start_n, n_m, lo_blk, group,
                    n_iter, STAGES: gl.constexpr):  # fmt: skip
    """:func:`bwd_kernels._kv_producer` of one 64-key block with Q and K in three 64-column boxes."""
    mbarrier.expect(kv_ready, 3 * k_desc.block_type.nbytes + v_desc.block_type.nbytes)
    for c in gl.static_range(3):
        tma.async_copy_global_to_shared(k_desc, [b, hkv, start_n, c * 64], kv_ready, k_smem.index(c))
    tma.async_copy_global_to_shared(v_desc, [b, hkv, start_n, 0], kv_ready, v_smem.index(0))
    stat_bytes: gl.constexpr = lse2_desc.block_type.nbytes + delta_desc.block_type.nbytes
    nbytes: gl.constexpr = 3 * q_desc.block_type.nbytes + do_desc.block_type.nbytes + stat_bytes
    for i in range(n_iter):
        s = i % STAGES
        mbarrier.wait(empty.index(s), ((i // STAGES) & 1) ^ 1)
        h = hkv * group + i // n_m
        start_m = (lo_blk + i % n_m) * HALF_M
        mbarrier.expect(ready.index(s), nbytes)
        for c in gl.static_range(3):
            tma.async_copy_global_to_shared(q_desc, [b, h, start_m, c * 64], ready.index(s),
                                            q_smem.index(s * 3 + c))  # fmt: skip
        tma.async_copy_global_to_shared(do_desc, [b, h, start_m, 0], ready.index(s), do_smem.index(s))
        tma.async_copy_global_to_shared(lse2_desc, [b, h, 0, start_m], ready.index(s), lse2_smem.index(s))
        tma.async_copy_global_to_shared(delta_desc, [b, h, 0, start_m], ready.index(s), delta_smem.index(s))


@gluon.jit
def gluon_bwd_dkdv_d256_kernel(q_desc, k_desc, v_desc, do_desc, lse2_desc, delta_desc, dk_ptr, dv_ptr,
                               stride_kb, stride_kh, stride_kn, qk_scale2, scale, heads_q, heads_kv, seq_q,
                               seq_k, stride_vb, stride_vh, stride_vn, HEAD_DIM: gl.constexpr,
                               STAGES: gl.constexpr, CAUSAL: gl.constexpr, CONSUMER_REGS: gl.constexpr,
                               HEAD_DIM_V: gl.constexpr, CHUNKS: gl.constexpr = 1):  # fmt: skip
    """dK and dV of 64 keys of one (batch, KV head), summed over the query heads of its group; (Q, dO)
    blocks of 64 rows with their lse2 and delta, as in the D64/D128 dK/dV kernel. V, dO and dV at
    ``HEAD_DIM_V`` (``HEAD_DIM`` but for value-dim pairs); dv has dk's strides where the head dims agree
    (:func:`accel.kernels.gluon.bwd.kv_grads_like` gives both one set) and ``stride_v*`` of its own else."""
    pid_n = gl.program_id(0)  # causal: the first key blocks have the most query rows, and start first
    bhkv = gl.program_id(1)
    b = bhkv // heads_kv
    hkv = bhkv % heads_kv
    group = heads_q // heads_kv
    start_n = pid_n * HALF_M
    causal_off = seq_k - seq_q
    lo_blk, n_m, n_iter = _query_blocks(start_n, seq_q, causal_off, group, CAUSAL)
    svb, svh, svn = stride_kb, stride_kh, stride_kn
    if HEAD_DIM_V != HEAD_DIM:
        svb, svh, svn = stride_vb, stride_vh, stride_vn

    k_smem, v_smem, q_smem, do_smem, lse2_smem, delta_smem, kv_ready, ready, empty = _d256_ring(
        q_desc, k_desc, v_desc, do_desc, lse2_desc, delta_desc, STAGES, HEAD_DIM, HEAD_DIM_V, CHUNKS
    )
    # dK (three matmuls a block) runs in the default partition, which gets the larger register budget
    if CHUNKS == 1:
        gl.warp_specialize(
            [
                (_d256_consumer, (k_smem, v_smem, q_smem, do_smem, lse2_smem, delta_smem, kv_ready, ready,
                                  empty, dk_ptr, stride_kb, stride_kh, stride_kn, qk_scale2, scale, b, hkv,
                                  start_n, seq_k, causal_off, lo_blk, n_m, n_iter, True, HEAD_DIM, HEAD_DIM_V,
                                  HEAD_DIM, STAGES, CAUSAL)),
                (_d256_consumer, (k_smem, v_smem, q_smem, do_smem, lse2_smem, delta_smem, kv_ready, ready,
                                  empty, dv_ptr, svb, svh, svn, qk_scale2, 1.0, b, hkv, start_n, seq_k,
                                  causal_off, lo_blk, n_m, n_iter, False, HEAD_DIM, HEAD_DIM_V, HEAD_DIM_V,
                                  STAGES, CAUSAL)),
                (_kv_producer, (q_desc, k_desc, v_desc, do_desc, lse2_desc, delta_desc, k_smem, v_smem,
                                q_smem, do_smem, lse2_smem, delta_smem, kv_ready, ready, empty, b, hkv,
                                start_n, n_m, lo_blk, group, n_iter, STAGES, 1)),
            ],
            [4, 1],
            [CONSUMER_REGS, 24],
        )  # fmt: skip
    else:  # q/k at 192: three 64-column chunks, loaded chunk by chunk
        gl.warp_specialize(
            [
                (_d256_consumer, (k_smem, v_smem, q_smem, do_smem, lse2_smem, delta_smem, kv_ready, ready,
                                  empty, dk_ptr, stride_kb, stride_kh, stride_kn, qk_scale2, scale, b, hkv,
                                  start_n, seq_k, causal_off, lo_blk, n_m, n_iter, True, HEAD_DIM, HEAD_DIM_V,
                                  HEAD_DIM, STAGES, CAUSAL, CHUNKS)),
                (_d256_consumer, (k_smem, v_smem, q_smem, do_smem, lse2_smem, delta_smem, kv_ready, ready,
                                  empty, dv_ptr, svb, svh, svn, qk_scale2, 1.0, b, hkv, start_n, seq_k,
                                  causal_off, lo_blk, n_m, n_iter, False, HEAD_DIM, HEAD_DIM_V, HEAD_DIM_V,
                                  STAGES, CAUSAL, CHUNKS)),
                (_chunk_producer, (q_desc, k_desc, v_desc, do_desc, lse2_desc, delta_desc, k_smem, v_smem,
                                   q_smem, do_smem, lse2_smem, delta_smem, kv_ready, ready, empty, b, hkv,
                                   start_n, n_m, lo_blk, group, n_iter, STAGES)),
            ],
            [4, 1],
            [CONSUMER_REGS, 24],
        )  # fmt: skip
