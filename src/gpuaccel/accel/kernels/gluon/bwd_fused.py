"""The fused Gluon backward for Hopper (sm_90): dK, dV and dQ from one pass over the key blocks.

Why: the split pair (:mod:`accel.kernels.gluon.bwd_kernels`) recomputes S and dP in its dQ kernel, 7
matmuls per (query block, key block) pair; here each pair costs 5. A program owns 128 keys of one
(batch, KV head), two consumer warpgroups of 64 keys each, and streams (Q, dO) blocks of 64 rows of every
query head of the group, as the dK/dV kernel does. What is new is dQ = dS K for the block: both
warpgroups put their dS^T (64 keys x 64 rows, bf16) in shared memory and meet at an mbarrier; each then
computes dQ for half the head dim over all 128 keys (two wgmma of K 64, one per warpgroup's keys), scales
it, stages it in shared memory in fp32 and adds it to an fp32 accumulator in global memory with a TMA
reduce-add. The consumer waits for that reduce only before it reuses the staging buffer, one block later.
With ``PAIR_ROWS`` (dense calls; :data:`accel.kernels.gluon.bwd.PAIR_ROWS` says whether they take it) the
staged rows are reordered within each group of 16 so that the stores meet no shared-memory bank conflict
(:func:`_pair_rows`), and the accumulator holds its rows in that order; :func:`dq_unpair_kernel` (tl.*,
so it also runs under the interpreter) casts it back in row order; with ``FRAG`` (D128 dense calls,
:data:`accel.kernels.gluon.bwd.DQ_FRAG`) each 64-row block is staged in the accumulator's fragment order
(:func:`_frag_order`) and :func:`dq_unfrag_kernel` casts it back.
dQ is summed across programs in no fixed order, so its last bits may differ between calls (flash-attn's
default); the split pair stays the deterministic path.
"""

from __future__ import annotations

import triton
import triton.language as tl
from triton._C.libtriton import ir
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language._core import builtin
from triton.experimental.gluon.language.nvidia.hopper import (
    fence_async_shared,
    mbarrier,
    tma,
    warpgroup_mma,
    warpgroup_mma_wait,
)

from gpuaccel.accel.kernels.gluon.bwd_kernels import (
    HALF_M,
    _kv_producer,
    _kv_ring,
    _mma_layouts,
    _p_t,
    _query_blocks,
    _store_rows,
    _view,
)


@builtin
def _tma_reduce_add(tensor_desc, coord, src, _semantic=None):
    """``cp.reduce.async.bulk.tensor`` add of a shared-memory tile into global memory (Triton 3.6's Gluon
    builder has the op; its language does not wrap it). Waited for with ``tma.store_wait``."""
    coord = _semantic._convert_to_ir_values(coord, require_i64=False)
    _semantic.builder.create_async_tma_reduce(
        ir.DESCRIPTOR_REDUCE_KIND.ADD, tensor_desc.handle, coord, src.handle
    )


@gluon.jit
def _fused_step(k_s, v_s, q_s, do_s, lse2_s, delta_s, dv, start_m, offs_n, key0, seq_k, causal_off, qk_scale2,
                s_layout: gl.constexpr, op_layout: gl.constexpr, CAUSAL: gl.constexpr,
                DELTA_IN_ACC: gl.constexpr = False, pend=None,
                STATS_FIRST: gl.constexpr = False, QM: gl.constexpr = HALF_M):  # fmt: skip
    """One (Q, dO) block against this warpgroup's 64 keys: dV += P^T dO issued (not waited for); returns
    dS^T (bf16) for dK and dQ. ``DELTA_IN_ACC``: dP's accumulator starts at -delta, so the matmul leaves
    dP - delta and nothing is read after dP's wait. Why: read there, delta's 8 ``LDS.64`` sit right after
    that wait on the dS path that feeds dQ and dK (SASS), while shared memory is ~70 % busy with wgmma
    operands; read beside lse2 and held to the wait, its 16 registers took ptxas's spills from 56 to 260
    bytes (D128). Read before dP is issued, it lives only until it fills the accumulator (spills 56 -> 60
    bytes non-causal, 104 -> 92 causal). ``QM``: the block's query rows (64 or 128). ``pend``: the
    previous block's staged dQ, ``(dq_desc, coord, dq_box)``, whose fence and reduce-add are issued once
    S^T and dP are (``DQ_NEXT``). ``STATS_FIRST``: delta and lse2 read before S^T is issued (their loads'
    latency was ~13 % of the consumers' stall samples at D128, the exp2 inputs and the accumulator fill
    waiting on them; there ptxas spilled 68 more bytes)."""
    dtype: gl.constexpr = q_s.dtype
    col_layout: gl.constexpr = gl.SliceLayout(0, s_layout)
    zero = gl.zeros([HALF_M, QM], gl.float32, s_layout)
    if STATS_FIRST:
        if DELTA_IN_ACC:
            dp_acc = offs_n.to(gl.float32) * 0.0 - gl.expand_dims(delta_s.load(col_layout), 0)
        lse2 = gl.expand_dims(lse2_s.load(col_layout), 0)
    qk_tok = warpgroup_mma(k_s, q_s.permute((1, 0)), zero, use_acc=False, is_async=True)
    if DELTA_IN_ACC:
        # offs_n * 0: a distinct value per accumulator register. A plain broadcast of delta's 16 values
        # into the 32 makes register copies, and ptxas then injects a wait for S^T before dP (C7517)
        if not STATS_FIRST:
            dp_acc = offs_n.to(gl.float32) * 0.0 - gl.expand_dims(delta_s.load(col_layout), 0)
        dp_tok = warpgroup_mma(v_s, do_s.permute((1, 0)), dp_acc, is_async=True)
    else:
        dp_tok = warpgroup_mma(v_s, do_s.permute((1, 0)), zero, use_acc=False, is_async=True)
    if pend is not None:  # its stores are a block old: the fence finds them done, under S^T's latency
        fence_async_shared()
        _tma_reduce_add(pend[0], pend[1], pend[2])
    if not STATS_FIRST:
        lse2 = gl.expand_dims(lse2_s.load(col_layout), 0)  # read under the matmuls, not after them
    qk = warpgroup_mma_wait(1, deps=(qk_tok,))
    p = _p_t(qk, lse2, qk_scale2, start_m, offs_n, key0, seq_k, causal_off, col_layout, CAUSAL, QM)
    # 128-row blocks: dS is formed from P rounded to the inputs' dtype (as plain PyTorch's bf16 backward
    # forms it); P's fp32 copy held beside dP^T, dK and dV spilled 84-100 bytes more a thread (ptxas, LAG 0)
    p_low: gl.constexpr = QM > HALF_M
    if p_low:
        p = p.to(dtype)
        p_op = gl.convert_layout(p, op_layout)
    else:
        p_op = gl.convert_layout(p.to(dtype), op_layout)
    dv = warpgroup_mma(p_op, do_s, dv, is_async=True)
    dp = warpgroup_mma_wait(1, deps=(dp_tok,))
    if DELTA_IN_ACC:
        ds = (p.to(gl.float32) * dp).to(dtype)
    else:
        ds = (p * (dp - gl.expand_dims(delta_s.load(col_layout), 0))).to(dtype)
    return dv, ds, p_op


@gluon.jit
def _dq_issue(ds_smem, buf, k_lo, k_hi, dq_zero):
    """dQ of one block for this warpgroup's half of the head dim: dS (both warpgroups' keys, from the
    ``buf`` pair of shared-memory tiles) times K, one wgmma per warpgroup's 64 keys, not waited for."""
    dq = warpgroup_mma(ds_smem.index(buf * 2).permute((1, 0)), k_lo, dq_zero, use_acc=False, is_async=True)
    return warpgroup_mma(ds_smem.index(buf * 2 + 1).permute((1, 0)), k_hi, dq, is_async=True)


@gluon.jit
def _pair_rows(dq, HALF_D: gl.constexpr):
    """dQ's rows reordered within each group of 16, r -> 2 (r % 8) + r // 8 (a register relabelling: no
    data moves). Why: a wgmma accumulator's thread holds rows r and r + 8; a warp's 64-bit store of one
    register pair covers rows 0-3 (+ 16 w) in its first half-warp, and in the TMA's 128-byte swizzle
    (16-byte chunk ^= row % 8) rows 0 and 1 (2 and 3) land in the same banks: 2-way conflicts, twice the
    ideal wavefronts (ncu, 2026-11-27). Rows 0-3 stored at 0, 2, 4, 6 swizzle to 8 distinct chunks."""
    rows: gl.constexpr = dq.shape[0]
    x = gl.reshape(dq, [rows // 16, 2, 8, HALF_D])  # (warp's 16 rows, r // 8, r % 8, column)
    x = gl.permute(x, (0, 2, 1, 3))
    return gl.reshape(x, [rows, HALF_D])


@gluon.jit
def _frag_order(dq, HALF_D: gl.constexpr):
    """dQ's 64 x HALF_D tile reordered so that each thread's four values of a column block (rows r and
    r + 8, columns c and c + 1 of the wgmma accumulator) are 16 contiguous bytes, and each 8 lanes fill one
    128-byte row of the staging tile (a register relabelling: no data moves): 8 ``STS.128`` a block
    instead of the paired order's 16 ``STS.64``, one swizzled 128-byte row per quarter-warp (the
    FlashAttention-4 dQ staging's shape). Why: the stores need two address registers instead of eight, so
    at D128 ptxas's spills went 60 -> 0 bytes (92 -> 44 causal), which leaves room to read the statistics
    first (``STATS_FIRST``); ncu's shared-store wavefronts barely moved (314 M -> 307 M at 2,16,8192,128;
    H100, 2026-11-27, eighteenth session).
    Logical row w*16 + hi*8 + qt*2 + m and column s*32 + jj*8 + q*2 + k (w the warp, qt*2 + m = lane // 4,
    q = lane % 4, hi/k the register's row/column halves) go to staged row w*16 + jj*4 + qt and column
    s*32 + m*16 + q*4 + hi*2 + k; :func:`dq_unfrag_kernel` inverts it."""
    x = gl.reshape(dq, [HALF_M // 16, 2, 4, 2, HALF_D // 32, 4, 4, 2])  # w, hi, qt, m | s, jj, q, k
    x = gl.permute(x, (0, 5, 2, 4, 3, 6, 1, 7))  # rows w, jj, qt | columns s, m, q, hi, k
    return gl.reshape(x, [HALF_M, HALF_D])


@triton.jit
def dq_unfrag_kernel(Acc, DQ, seq_q, acc_rows, heads_q, stride_b, stride_h, stride_n,
                     HEAD_DIM: tl.constexpr):  # fmt: skip
    """Rows [pid * 64, ...) of one (batch, head) of dQ ([B, Hq, Nq, HEAD_DIM], rows ``stride_n`` apart,
    heads ``stride_h``, batches ``stride_b``: the layout of the q it is the gradient of) from the fp32
    accumulator staged in :func:`_frag_order` ([B, Hq, acc_rows, HEAD_DIM], ``acc_rows`` a multiple of
    64; each 64-row block's two column halves reordered on their own). The block is read whole (coalesced)
    and reordered in registers."""
    pid = tl.program_id(0)
    bh = tl.program_id(1).to(tl.int64)
    rows = pid * 64 + tl.arange(0, 64)
    cols = tl.arange(0, HEAD_DIM)
    x = _unfrag_block(Acc + (bh * acc_rows + pid * 64) * HEAD_DIM, HEAD_DIM)
    ok = (rows < seq_q)[:, None]
    out = DQ + (bh // heads_q) * stride_b + (bh % heads_q) * stride_h + rows[:, None].to(tl.int64) * stride_n
    tl.store(out + cols[None, :], x.to(DQ.dtype.element_ty), mask=ok)


@triton.jit
def _unfrag_block(block_ptr, HEAD_DIM: tl.constexpr):
    """One 64-row block of the fragment-order accumulator (at ``block_ptr``, rows HEAD_DIM apart), read
    whole (coalesced) and put back in row order in registers."""
    HALF_D: tl.constexpr = HEAD_DIM // 2
    rows = tl.arange(0, 64)
    cols = tl.arange(0, HEAD_DIM)
    acc = tl.load(block_ptr + rows[:, None] * HEAD_DIM + cols[None, :])
    # staged: rows (w, jj, qt), columns (half, s, m, q, hi, k); logical: rows (w, hi, qt, m), columns
    # (half, s, jj, q, k)
    x = tl.reshape(acc, [4, 4, 4, 2, HALF_D // 32, 2, 4, 2, 2])  # w jj qt half s m q hi k
    x = tl.permute(x, (0, 7, 2, 5, 3, 4, 1, 6, 8))  # w hi qt m half s jj q k
    return tl.reshape(x, [64, HEAD_DIM])


@triton.jit
def dq_unfrag_varlen_kernel(Acc, DQ, ITEMS, stride_dn, stride_dh, stat_stride, HEAD_DIM: tl.constexpr,
                            ITEM_FIELDS: tl.constexpr):  # fmt: skip
    """Packed documents: half ``pid % 2`` (64 rows) of the 128-row query tile of work item ``pid // 2`` (the
    dQ items of :mod:`accel.kernels.gluon.varlen_bwd`: first token, length, ..., start of the document's
    statistics rows, the tile's first row) of query head ``program_id(1)``, from the fp32 accumulator
    ``[Hq, stat_stride, HEAD_DIM]`` that holds each document's rows where its statistics are, each 64-row
    block in :func:`_frag_order`, into packed ``DQ`` ``(total_q, Hq, HEAD_DIM)`` (rows past the document's
    end are not written; empty items have length 0)."""
    pid = tl.program_id(0)
    h = tl.program_id(1).to(tl.int64)
    item = ITEMS + (pid // 2) * ITEM_FIELDS
    q0 = tl.load(item).to(tl.int64)
    len_q = tl.load(item + 1)
    first = tl.load(item + ITEM_FIELDS - 1) + (pid % 2) * 64
    stat0 = tl.load(item + ITEM_FIELDS - 2)
    x = _unfrag_block(Acc + (h * stat_stride + stat0 + first) * HEAD_DIM, HEAD_DIM)
    rows = first + tl.arange(0, 64)
    cols = tl.arange(0, HEAD_DIM)
    ptrs = DQ + (q0 + rows[:, None]) * stride_dn + h * stride_dh + cols[None, :]
    tl.store(ptrs, x.to(DQ.dtype.element_ty), mask=(rows < len_q)[:, None])


@triton.jit
def dq_unpair_kernel(Acc, DQ, seq_q, acc_rows, heads_q, stride_b, stride_h, stride_n, HEAD_DIM: tl.constexpr,
                     BLOCK_M: tl.constexpr):  # fmt: skip
    """Rows [pid * BLOCK_M, ...) of one (batch, head) of dQ ([B, Hq, Nq, HEAD_DIM], strided as in
    :func:`dq_unfrag_kernel`) from the paired fp32 accumulator ([B, Hq, acc_rows, HEAD_DIM], ``acc_rows`` a
    multiple of 16 >= Nq): row r is stored at 16 (r // 16) + 2 (r % 8) + (r // 8) % 2 (:func:`_pair_rows`).
    Whole rows are gathered, so the reads stay coalesced: one pass at the copy rate, where torch's strided
    copy of the same view ran 1.5x the plain cast's time (H100, 2026-11-27)."""
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    bh = tl.program_id(1).to(tl.int64)
    src = (rows // 16) * 16 + (rows % 8) * 2 + (rows // 8) % 2
    cols = tl.arange(0, HEAD_DIM)[None, :]
    ok = (rows < seq_q)[:, None]
    acc = tl.load(Acc + (bh * acc_rows + src[:, None]) * HEAD_DIM + cols, mask=ok, other=0.0)
    out = DQ + (bh // heads_q) * stride_b + (bh % heads_q) * stride_h + rows[:, None].to(tl.int64) * stride_n
    tl.store(out + cols, acc.to(DQ.dtype.element_ty), mask=ok)


@gluon.jit
def _dq_out(dq, scale, dq_s, dq_box, dq_desc, b, h, start_m, col, PAIR_ROWS: gl.constexpr,
            REDUCE: gl.constexpr = True, ds_full_bar=None, FRAG: gl.constexpr = False):  # fmt: skip
    """Stage a block's dQ (this warpgroup's columns) and add it to the fp32 accumulator; the previous
    block's reduce must have read the staging buffer first. ``REDUCE`` False: staged only (the fence and
    the reduce come with the next block, ``DQ_NEXT``). ``ds_full_bar``: arrived at after this fence, which
    then also covers the block's dS^T stores (``ONE_FENCE``). ``FRAG``: staged in :func:`_frag_order`
    (``PAIR_ROWS`` ignored)."""
    tma.store_wait(0)
    if FRAG:
        dq_s.store(_frag_order(dq * scale, dq.shape[1]))
    elif PAIR_ROWS:
        dq_s.store(_pair_rows(dq * scale, dq.shape[1]))
    else:
        dq_s.store(dq * scale)
    if REDUCE:
        fence_async_shared()
        if ds_full_bar is not None:
            mbarrier.arrive(ds_full_bar)
        _tma_reduce_add(dq_desc, [b, h, start_m, col], dq_box)
    elif ds_full_bar is not None:
        fence_async_shared()
        mbarrier.arrive(ds_full_bar)


@gluon.jit
def _last_dq(ds_smem, ds_full, k_lo, k_hi, dq_zero, scale, dq_s, dq_box, dq_desc, b, row0, hkv, group, n_m,
             lo_blk, n_iter, col, PAIR_ROWS: gl.constexpr, DQ_NEXT: gl.constexpr = False,
             FRAG: gl.constexpr = False, QM: gl.constexpr = HALF_M):  # fmt: skip
    """With ``LAG`` 1, the last block's dQ, once the loop is done (``DQ_NEXT``: after the reduce of the
    block before it, still pending; with one block, zeros staged before the loop, added at block 0)."""
    j = n_iter - 1
    mbarrier.wait(ds_full.index(j % 2), (j // 2) & 1)
    dq = _dq_issue(ds_smem, j % 2, k_lo, k_hi, dq_zero)
    if DQ_NEXT:
        p = gl.maximum(n_iter - 2, 0)
        fence_async_shared()
        _tma_reduce_add(dq_desc, [b, hkv * group + p // n_m, row0 + (lo_blk + p % n_m) * QM, col], dq_box)
    dq = warpgroup_mma_wait(0, deps=(dq,))
    row = row0 + (lo_blk + j % n_m) * QM
    _dq_out(dq, scale, dq_s, dq_box, dq_desc, b, hkv * group + j // n_m, row, col, PAIR_ROWS, FRAG=FRAG)


@gluon.jit
def _fused_consumer(k_smem, v_smem, q_smem, do_smem, lse2_smem, delta_smem, ds_smem, dq_smem, kv_ready,
                    ready, empty, ds_full, ds_empty, dq_desc, dk_ptr, dv_ptr, stride_kb, stride_kh,
                    stride_kn, qk_scale2, scale, b, row0, hkv, start_n, seq_k, causal_off, n_m, lo_blk,
                    group, n_iter, HALF: gl.constexpr, HEAD_DIM: gl.constexpr, STAGES: gl.constexpr,
                    CAUSAL: gl.constexpr, LAG: gl.constexpr, PACKED: gl.constexpr,
                    PAIR_ROWS: gl.constexpr = False, DELTA_IN_ACC: gl.constexpr = False,
                    DS_LATE: gl.constexpr = False, ONE_FENCE: gl.constexpr = False,
                    DQ_NEXT: gl.constexpr = False, STATS_FIRST: gl.constexpr = False,
                    FRAG: gl.constexpr = False, QM: gl.constexpr = HALF_M):  # fmt: skip
    """``LAG`` 0: both warpgroups meet on every block and take its dQ at once; 1: a block's dQ is taken
    during the next block, so a warpgroup waits for the other's dS^T only when it is a block behind.
    ``row0``: where query row 0 sits in ``dq_desc``'s rows (a packed document's first token; else 0);
    ``PACKED``: the tile is one packed document's (:mod:`accel.kernels.gluon.varlen_bwd_kernels`);
    ``PAIR_ROWS``: dQ staged in :func:`_pair_rows`' order (needs ``row0`` a multiple of 16);
    ``DELTA_IN_ACC``: dP's accumulator starts at -delta (:func:`_fused_step`). With ``LAG`` 1 (A/B
    switches, :data:`accel.kernels.gluon.bwd.FENCES`): ``DS_LATE``, the fence after this warpgroup's dS^T
    stores and its ds_full arrive come after dV's wait (the stores have it to land), not right after them;
    ``ONE_FENCE`` (with ``DS_LATE``), that fence is the one after dQ's staging stores; ``DQ_NEXT``, dQ's
    staging fence and reduce-add are issued in the next block, after its S^T and dP (:func:`_fused_step`'s
    ``pend``); ``STATS_FIRST``, delta and lse2 read before S^T is issued (:func:`_fused_step`).
    ``FRAG``: dQ staged in :func:`_frag_order` (needs ``row0`` a multiple of 64; 64-row blocks only).
    ``QM``: query rows per (Q, dO) block, 64 or 128 (S^T is 64 keys x ``QM`` a warpgroup; dQ, ``QM``
    rows x half the head dim, takes two wgmma row repetitions at 128)."""
    HALF_D: gl.constexpr = HEAD_DIM // 2
    s_layout: gl.constexpr = _mma_layouts(HALF_M, QM, HEAD_DIM)[0]
    a_layout: gl.constexpr = _mma_layouts(HALF_M, QM, HEAD_DIM)[1]
    op_layout: gl.constexpr = _mma_layouts(HALF_M, QM, HEAD_DIM)[2]
    dq_layout: gl.constexpr = _mma_layouts(HALF_M, HALF_M, HALF_D)[1]  # 4 warps; QM 128: two row reps
    stat_layout: gl.constexpr = gl.SwizzledSharedLayout(1, 1, 1, order=[0])
    key0 = start_n + HALF * HALF_M
    offs_n = gl.expand_dims(key0 + gl.arange(0, HALF_M, layout=gl.SliceLayout(1, s_layout)), 1)
    k_s = _view(k_smem.index(HALF), HALF_M, HEAD_DIM)
    v_s = _view(v_smem.index(HALF), HALF_M, HEAD_DIM)
    # B operands of this warpgroup's dQ columns: each warpgroup's 64 keys, this half of the head dim
    k_lo = _view(k_smem.index(0), HALF_M, HEAD_DIM).slice(HALF * HALF_D, HALF_D, dim=1)
    k_hi = _view(k_smem.index(1), HALF_M, HEAD_DIM).slice(HALF * HALF_D, HALF_D, dim=1)
    dq_box = dq_smem.index(HALF)
    dq_s = _view(dq_box, QM, HALF_D)
    col = HALF * HALF_D
    dk = gl.zeros([HALF_M, HEAD_DIM], gl.float32, a_layout)
    dv = gl.zeros([HALF_M, HEAD_DIM], gl.float32, a_layout)
    dq_zero = gl.zeros([QM, HALF_D], gl.float32, dq_layout)
    if DQ_NEXT:  # what a lone block's flush adds (_last_dq)
        dq_s.store(dq_zero)
    mbarrier.wait(kv_ready, 0)
    for i in range(n_iter):
        start_m = (lo_blk + i % n_m) * QM
        h = hkv * group + i // n_m
        s = i % STAGES
        buf = i % 2
        mbarrier.wait(ready.index(s), (i // STAGES) & 1)
        q_s = _view(q_smem.index(s), QM, HEAD_DIM)
        do_s = _view(do_smem.index(s), QM, HEAD_DIM)
        lse2_s = lse2_smem.index(s)._reinterpret(gl.float32, [QM], stat_layout)
        delta_s = delta_smem.index(s)._reinterpret(gl.float32, [QM], stat_layout)
        if DQ_NEXT and LAG == 1:
            # block i - 2's dQ, staged in the last block; blocks 0 and 1 add the zeros staged before the
            # loop at block 0 (no branch: a branch here costs registers)
            p = gl.maximum(i - 2, 0)
            pend = (dq_desc, [b, hkv * group + p // n_m, row0 + (lo_blk + p % n_m) * QM, col], dq_box)
            dv, ds, p_op = _fused_step(k_s, v_s, q_s, do_s, lse2_s, delta_s, dv, start_m, offs_n, key0, seq_k,
                                       causal_off, qk_scale2, s_layout, op_layout, CAUSAL, DELTA_IN_ACC, pend,
                                       STATS_FIRST, QM)  # fmt: skip
        else:
            dv, ds, p_op = _fused_step(k_s, v_s, q_s, do_s, lse2_s, delta_s, dv, start_m, offs_n, key0, seq_k,
                                       causal_off, qk_scale2, s_layout, op_layout, CAUSAL, DELTA_IN_ACC, None,
                                       STATS_FIRST, QM)  # fmt: skip
        # this warpgroup's dS^T for both warpgroups' dQ, in the block's buffer of two; ds_empty says
        # both have read what the buffer held two blocks ago
        mbarrier.wait(ds_empty.index(buf), ((i // 2) & 1) ^ 1)
        ds_smem.index(buf * 2 + HALF).store(ds)
        late: gl.constexpr = DS_LATE and LAG == 1
        if not late:
            fence_async_shared()
            mbarrier.arrive(ds_full.index(buf))
        ds_op = gl.convert_layout(ds, op_layout)
        if LAG == 0:
            mbarrier.wait(ds_full.index(buf), (i // 2) & 1)
            dq = _dq_issue(ds_smem, buf, k_lo, k_hi, dq_zero)
            dk = warpgroup_mma(ds_op, q_s, dk, is_async=True)
            dq = warpgroup_mma_wait(1, deps=(dq,))  # dV and dQ done; dK in flight under the epilogue
            mbarrier.arrive(ds_empty.index(buf))
            _dq_out(dq, scale, dq_s, dq_box, dq_desc, b, h, row0 + start_m, col, PAIR_ROWS, FRAG=FRAG)
            dv, dk, p_op, ds_op = warpgroup_mma_wait(0, deps=(dv, dk, p_op, ds_op))
        else:
            dv, p_op = warpgroup_mma_wait(0, deps=(dv, p_op))  # (done by now: issued before dS)
            if late and not ONE_FENCE:  # the dS^T stores had dV's wait to land
                fence_async_shared()
                mbarrier.arrive(ds_full.index(buf))
            if i > 0:  # the previous block's dQ, its dS^T from both warpgroups
                j = i - 1
                mbarrier.wait(ds_full.index(j % 2), (j // 2) & 1)
                dq = _dq_issue(ds_smem, j % 2, k_lo, k_hi, dq_zero)
                dk = warpgroup_mma(ds_op, q_s, dk, is_async=True)
                dq = warpgroup_mma_wait(1, deps=(dq,))
                mbarrier.arrive(ds_empty.index(j % 2))
                if late and ONE_FENCE:
                    _dq_out(dq, scale, dq_s, dq_box, dq_desc, b, hkv * group + j // n_m,
                            row0 + (lo_blk + j % n_m) * QM, col, PAIR_ROWS, not DQ_NEXT,
                            ds_full.index(buf), FRAG)  # fmt: skip
                else:
                    _dq_out(dq, scale, dq_s, dq_box, dq_desc, b, hkv * group + j // n_m,
                            row0 + (lo_blk + j % n_m) * QM, col, PAIR_ROWS, not DQ_NEXT,
                            FRAG=FRAG)  # fmt: skip
                dk, ds_op = warpgroup_mma_wait(0, deps=(dk, ds_op))
            else:
                dk = warpgroup_mma(ds_op, q_s, dk, is_async=True)
                if late and ONE_FENCE:
                    fence_async_shared()
                    mbarrier.arrive(ds_full.index(buf))
                dk, ds_op = warpgroup_mma_wait(0, deps=(dk, ds_op))
        mbarrier.arrive(empty.index(s))
    if LAG == 1:  # the last block's dQ
        if PACKED:  # a packed document's key tile may see no query (n_iter 0); a dense one never does
            if n_iter > 0:
                _last_dq(ds_smem, ds_full, k_lo, k_hi, dq_zero, scale, dq_s, dq_box, dq_desc, b, row0, hkv,
                         group, n_m, lo_blk, n_iter, col, PAIR_ROWS, DQ_NEXT, FRAG, QM)  # fmt: skip
        else:  # (the guard is left out of the dense kernel: with it the H100 measured 5-8 % slower)
            _last_dq(ds_smem, ds_full, k_lo, k_hi, dq_zero, scale, dq_s, dq_box, dq_desc, b, row0, hkv,
                     group, n_m, lo_blk, n_iter, col, PAIR_ROWS, DQ_NEXT, FRAG, QM)  # fmt: skip
    tma.store_wait(0)
    _store_rows(dk_ptr, stride_kb, stride_kh, stride_kn, b, hkv, key0, seq_k, dk * scale, a_layout, HALF_M,
                HEAD_DIM)  # fmt: skip
    _store_rows(dv_ptr, stride_kb, stride_kh, stride_kn, b, hkv, key0, seq_k, dv, a_layout, HALF_M, HEAD_DIM)


@gluon.jit
def _dq_smem(dtype: gl.constexpr, dq_desc, HEAD_DIM: gl.constexpr, QM: gl.constexpr = HALF_M):
    """What the fused kernel adds to the dK/dV kernel's ring: dS^T's two buffers of both warpgroups'
    tiles (64 keys x ``QM`` rows), dQ's fp32 staging per warpgroup, and the dS^T buffers' full/empty
    barriers."""
    ds_layout: gl.constexpr = gl.NVMMASharedLayout.get_default_for([HALF_M, QM], dtype)
    ds_smem = gl.allocate_shared_memory(dtype, [4, HALF_M, QM], ds_layout)  # [buffer * 2 + warpgroup]
    dq_smem = gl.allocate_shared_memory(gl.float32, [2, 1, 1, QM, HEAD_DIM // 2], dq_desc.layout)
    ds_full = gl.allocate_shared_memory(gl.int64, [2, 1], mbarrier.MBarrierLayout())
    ds_empty = gl.allocate_shared_memory(gl.int64, [2, 1], mbarrier.MBarrierLayout())
    for i in gl.static_range(2):
        mbarrier.init(ds_full.index(i), count=2)  # both warpgroups' dS^T are in
        mbarrier.init(ds_empty.index(i), count=2)  # both warpgroups' dQ have read them
    return ds_smem, dq_smem, ds_full, ds_empty


@gluon.jit
def gluon_bwd_fused_kernel(q_desc, k_desc, v_desc, do_desc, lse2_desc, delta_desc, dq_desc, dk_ptr, dv_ptr,
                           stride_kb, stride_kh, stride_kn, qk_scale2, scale, heads_q, heads_kv, seq_q, seq_k,
                           HEAD_DIM: gl.constexpr, STAGES: gl.constexpr, CAUSAL: gl.constexpr,
                           CONSUMER_REGS: gl.constexpr, LAG: gl.constexpr = 1,
                           PAIR_ROWS: gl.constexpr = False, DELTA_IN_ACC: gl.constexpr = False,
                           DS_LATE: gl.constexpr = False, ONE_FENCE: gl.constexpr = False,
                           DQ_NEXT: gl.constexpr = False, STATS_FIRST: gl.constexpr = False,
                           FRAG: gl.constexpr = False, Q_ROWS: gl.constexpr = HALF_M):  # fmt: skip
    """dK and dV of 128 keys of one (batch, KV head), summed over its group's query heads, and their
    share of every query block's dQ, added to ``dq_desc``'s fp32 accumulator (zeroed by the caller; with
    ``PAIR_ROWS`` its rows in :func:`_pair_rows`' order within each 16, with ``FRAG`` each 64-row
    block's column halves in :func:`_frag_order`'s; the caller undoes either). ``Q_ROWS``: rows per
    streamed (Q, dO) block, 64 or 128 (the boxes of q, dO, the statistics and dQ take as many)."""
    pid_n = gl.program_id(0)
    bhkv = gl.program_id(1)
    b = bhkv // heads_kv
    hkv = bhkv % heads_kv
    group = heads_q // heads_kv
    start_n = pid_n * 2 * HALF_M
    causal_off = seq_k - seq_q
    lo_blk, n_m, n_iter = _query_blocks(start_n, seq_q, causal_off, group, CAUSAL, Q_ROWS)
    zero = pid_n * 0

    k_smem, v_smem, q_smem, do_smem, lse2_smem, delta_smem, kv_ready, ready, empty = _kv_ring(
        q_desc, k_desc, v_desc, do_desc, lse2_desc, delta_desc, 2, STAGES, HEAD_DIM, Q_ROWS
    )  # the dK/dV kernel's K/V and (Q, dO) ring, with its barriers
    ds_smem, dq_smem, ds_full, ds_empty = _dq_smem(q_desc.dtype, dq_desc, HEAD_DIM, Q_ROWS)

    first: gl.constexpr = 0
    second: gl.constexpr = 1
    gl.warp_specialize(
        [
            (_fused_consumer, (k_smem, v_smem, q_smem, do_smem, lse2_smem, delta_smem, ds_smem, dq_smem,
                               kv_ready, ready, empty, ds_full, ds_empty, dq_desc, dk_ptr, dv_ptr,
                               stride_kb, stride_kh, stride_kn, qk_scale2, scale, b, zero, hkv, start_n,
                               seq_k, causal_off, n_m, lo_blk, group, n_iter, first, HEAD_DIM, STAGES,
                               CAUSAL, LAG, False, PAIR_ROWS, DELTA_IN_ACC, DS_LATE, ONE_FENCE, DQ_NEXT,
                               STATS_FIRST, FRAG, Q_ROWS)),
            (_fused_consumer, (k_smem, v_smem, q_smem, do_smem, lse2_smem, delta_smem, ds_smem, dq_smem,
                               kv_ready, ready, empty, ds_full, ds_empty, dq_desc, dk_ptr, dv_ptr,
                               stride_kb, stride_kh, stride_kn, qk_scale2, scale, b, zero, hkv, start_n,
                               seq_k, causal_off, n_m, lo_blk, group, n_iter, second, HEAD_DIM, STAGES,
                               CAUSAL, LAG, False, PAIR_ROWS, DELTA_IN_ACC, DS_LATE, ONE_FENCE, DQ_NEXT,
                               STATS_FIRST, FRAG, Q_ROWS)),
            (_kv_producer, (q_desc, k_desc, v_desc, do_desc, lse2_desc, delta_desc, k_smem, v_smem, q_smem,
                            do_smem, lse2_smem, delta_smem, kv_ready, ready, empty, b, hkv, start_n, n_m,
                            lo_blk, group, n_iter, STAGES, 2, Q_ROWS)),
        ],
        [4, 1],
        [CONSUMER_REGS, 24],
    )  # fmt: skip
