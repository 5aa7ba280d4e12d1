"""FlashAttention backward in Triton, usable on one block of a larger (ring) attention.

Why it is shaped this way:
- It takes the *final* output and log-sum-exp of the query rows (dS = P * (dP - rowsum(dO * O)),
  P = exp(S - lse)), so a key/value block's gradient is exact on its own; a row with lse = -inf (it saw
  no key anywhere) contributes nothing.
- rowsum(dO * O) and lse in log2 units go into padded fp32 buffers, so the main loops load them without
  masks: padded rows get lse = +inf and hence P = 0. The dense "split" backward has the dQ kernel, which
  loads dO anyway, write them before the dK/dV kernel runs (two launches, no extra pass over o and dO:
  the separate preprocess took 8 % of the backward at B8 H16 N1024 D128 causal on an H100); the atomic
  modes and the packed kernels keep the preprocess pass.
- dK/dV: one program per (key block, batch*kv-head) walks every query head of its group and every
  query block, so grouped-query gradients are summed in registers, never through repeated K/V.
  Only causal diagonal blocks and the ragged last key block are masked.
- dQ either accumulates in the same pass (fp32 atomics, 5 matmuls per tile pair, like FA2) or in a
  second kernel per query block (7 matmuls in all, no atomics); the launcher picks what measures faster.
- V, dO, O and dV may have a head dim ``HEAD_DIM_V`` other than Q/K's (MLA-style 192/128); the
  preprocess sees only O and dO, so its ``HEAD_DIM`` is theirs.
"""

from __future__ import annotations

import triton
import triton.language as tl


@triton.jit
def attn_bwd_preprocess_kernel(
    Out, DO, LSE, DELTA, LSE2, DQ_ACC, ITEMS, stride_ob, stride_oh, stride_on, stride_db, stride_dh,
    stride_dn, heads_q, seq_q, stat_stride, HEAD_DIM: tl.constexpr, BLOCK_M: tl.constexpr,
    ZERO_DQ: tl.constexpr, ITEM_FIELDS: tl.constexpr, DQ_AT_STATS: tl.constexpr = False,
):  # fmt: skip
    """delta = rowsum(dO * O) and lse in log2 units per row; with ``ZERO_DQ`` it also zeroes the same rows
    of the fused backward's fp32 dQ accumulator (contiguous [B, Hq, Nq, D]): no launch of its own.

    ``ITEM_FIELDS`` > 0: packed documents (B = 1, ``seq_q`` the total tokens). Program ``pid`` then takes
    half ``pid % 2`` of the 2 x ``BLOCK_M``-row tile of work item ``pid // 2`` in ``ITEMS`` (the Gluon
    varlen backward's dQ items: first token, length, ..., start of its padded statistics, first row), so
    each document's statistics land in its own padded rows, the padding with lse = +inf and delta = 0.
    ``DQ_AT_STATS``: the accumulator is ``[Hq, stat_stride, D]``, each document's rows where its statistics
    are (padded the same way), and the padding is zeroed too."""
    pid_m = tl.program_id(0)
    bh = tl.program_id(1)
    b = bh // heads_q
    h = bh % heads_q
    if ITEM_FIELDS > 0:
        item = ITEMS + (pid_m // 2) * ITEM_FIELDS
        row0 = tl.load(item).to(tl.int64)
        rows = tl.load(item + 1)
        stat0 = tl.load(item + 4)
        offs_m = tl.load(item + 5) + (pid_m % 2) * BLOCK_M + tl.arange(0, BLOCK_M)
    else:
        row0 = 0
        rows = seq_q
        stat0 = 0
        offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_d = tl.arange(0, HEAD_DIM)
    row_ok = offs_m < rows
    at = row0 + offs_m[:, None]
    o_ptrs = Out + b.to(tl.int64) * stride_ob + h.to(tl.int64) * stride_oh + at * stride_on
    do_ptrs = DO + b.to(tl.int64) * stride_db + h.to(tl.int64) * stride_dh + at * stride_dn
    o = tl.load(o_ptrs + offs_d[None, :], mask=row_ok[:, None], other=0.0).to(tl.float32)
    do = tl.load(do_ptrs + offs_d[None, :], mask=row_ok[:, None], other=0.0).to(tl.float32)
    delta = tl.sum(o * do, axis=1)
    lse = tl.load(LSE + bh.to(tl.int64) * seq_q + row0 + offs_m, mask=row_ok, other=float("-inf"))
    lse2 = tl.where(lse == float("-inf"), float("inf"), lse * 1.4426950408889634)
    tl.store(DELTA + bh.to(tl.int64) * stat_stride + stat0 + offs_m, delta)
    tl.store(LSE2 + bh.to(tl.int64) * stat_stride + stat0 + offs_m, lse2)
    if ZERO_DQ and DQ_AT_STATS:
        acc = DQ_ACC + (bh.to(tl.int64) * stat_stride + stat0 + offs_m[:, None]) * HEAD_DIM + offs_d[None, :]
        tl.store(acc, tl.zeros([BLOCK_M, HEAD_DIM], tl.float32))
    elif ZERO_DQ:
        acc = DQ_ACC + (bh.to(tl.int64) * seq_q + row0 + offs_m[:, None]) * HEAD_DIM + offs_d[None, :]
        tl.store(acc, tl.zeros([BLOCK_M, HEAD_DIM], tl.float32), mask=row_ok[:, None])


@triton.jit
def _dkdv_step(
    dk, dv, k, v, q_desc, do_desc, lse_ptr, delta_ptr, dq_ptr, dq_desc, stride_dqn, start_m, offs_n,
    qk_scale2, causal_off, seq_q, seq_k, BLOCK_M: tl.constexpr, HEAD_DIM: tl.constexpr,
    MASKED: tl.constexpr, CAUSAL: tl.constexpr, ATOMIC_DQ: tl.constexpr, DQ_TMA: tl.constexpr,
):  # fmt: skip
    q = q_desc.load([start_m, 0])
    do = do_desc.load([start_m, 0])
    offs_m = start_m + tl.arange(0, BLOCK_M)
    lse2 = tl.load(lse_ptr + offs_m)
    delta = tl.load(delta_ptr + offs_m)
    qk_t = tl.dot(k, q.T)
    p_t = tl.math.exp2(qk_t * qk_scale2 - lse2[None, :])
    if MASKED:
        keep = offs_n[:, None] < seq_k
        if CAUSAL:
            keep = keep & (offs_n[:, None] <= offs_m[None, :] + causal_off)
        p_t = tl.where(keep, p_t, 0.0)
    dv += tl.dot(p_t.to(do.dtype), do)
    dp_t = tl.dot(v, do.T)
    ds_t = (p_t * (dp_t - delta[None, :])).to(q.dtype)
    dk += tl.dot(ds_t, q)
    if ATOMIC_DQ:
        dq = tl.dot(ds_t.T, k)
        if DQ_TMA:
            dq_desc.atomic_add([start_m, 0], dq)
        else:
            offs_d = tl.arange(0, HEAD_DIM)
            ptrs = dq_ptr + offs_m[:, None] * stride_dqn + offs_d[None, :]
            tl.atomic_add(ptrs, dq, mask=offs_m[:, None] < seq_q, sem="relaxed")
    return dk, dv


@triton.jit
def attn_bwd_dkdv_kernel(
    Q, K, V, DO, DQ, DK, DV, LSE2, DELTA, qk_scale2, scale,
    stride_qb, stride_qh, stride_qn, stride_kb, stride_kh, stride_kn, stride_vb, stride_vh, stride_vn,
    stride_db, stride_dh, stride_dn, stride_dqb, stride_dqh, stride_dqn,
    stride_dkb, stride_dkh, stride_dkn, stride_dvb, stride_dvh, stride_dvn,
    heads_q, heads_kv, seq_q, seq_k, stat_stride,
    HEAD_DIM: tl.constexpr, HEAD_DIM_V: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
    CAUSAL: tl.constexpr, ATOMIC_DQ: tl.constexpr, DQ_TMA: tl.constexpr,
):  # fmt: skip
    pid_n = tl.program_id(0)
    bhkv = tl.program_id(1)
    b = bhkv // heads_kv
    hkv = bhkv % heads_kv
    group = heads_q // heads_kv
    start_n = pid_n * BLOCK_N
    offs_n = start_n + tl.arange(0, BLOCK_N)
    k_base = K + b.to(tl.int64) * stride_kb + hkv.to(tl.int64) * stride_kh
    v_base = V + b.to(tl.int64) * stride_vb + hkv.to(tl.int64) * stride_vh
    k_desc = tl.make_tensor_descriptor(k_base, [seq_k, HEAD_DIM], [stride_kn, 1], [BLOCK_N, HEAD_DIM])
    v_desc = tl.make_tensor_descriptor(v_base, [seq_k, HEAD_DIM_V], [stride_vn, 1], [BLOCK_N, HEAD_DIM_V])
    k = k_desc.load([start_n, 0])
    v = v_desc.load([start_n, 0])
    dk = tl.zeros([BLOCK_N, HEAD_DIM], dtype=tl.float32)
    dv = tl.zeros([BLOCK_N, HEAD_DIM_V], dtype=tl.float32)

    causal_off = seq_k - seq_q
    end = tl.cdiv(seq_q, BLOCK_M) * BLOCK_M
    if CAUSAL:  # rows below lo see none of this block; rows from full on see all of it
        lo = (tl.maximum(start_n - causal_off, 0) // BLOCK_M) * BLOCK_M
        full = tl.cdiv(tl.maximum(start_n + BLOCK_N - 1 - causal_off, 0), BLOCK_M) * BLOCK_M
        full = tl.minimum(tl.maximum(full, lo), end)
    else:
        lo = 0
        full = 0
    if start_n + BLOCK_N > seq_k:  # ragged key block: mask every step (zero K rows could overflow P)
        full = end
    for g in range(group):
        h = hkv * group + g
        q_base = Q + b.to(tl.int64) * stride_qb + h.to(tl.int64) * stride_qh
        do_base = DO + b.to(tl.int64) * stride_db + h.to(tl.int64) * stride_dh
        dq_ptr = DQ + b.to(tl.int64) * stride_dqb + h.to(tl.int64) * stride_dqh
        q_desc = tl.make_tensor_descriptor(q_base, [seq_q, HEAD_DIM], [stride_qn, 1], [BLOCK_M, HEAD_DIM])
        do_desc = tl.make_tensor_descriptor(
            do_base, [seq_q, HEAD_DIM_V], [stride_dn, 1], [BLOCK_M, HEAD_DIM_V]
        )
        dq_desc = q_desc
        if DQ_TMA:
            dq_desc = tl.make_tensor_descriptor(
                dq_ptr, [seq_q, HEAD_DIM], [stride_dqn, 1], [BLOCK_M, HEAD_DIM]
            )
        stat = (b * heads_q + h).to(tl.int64) * stat_stride
        for start_m in range(lo, full, BLOCK_M):
            dk, dv = _dkdv_step(
                dk, dv, k, v, q_desc, do_desc, LSE2 + stat, DELTA + stat, dq_ptr, dq_desc, stride_dqn,
                start_m, offs_n, qk_scale2, causal_off, seq_q, seq_k, BLOCK_M, HEAD_DIM, True, CAUSAL,
                ATOMIC_DQ, DQ_TMA,
            )  # fmt: skip
        for start_m in range(full, end, BLOCK_M):
            dk, dv = _dkdv_step(
                dk, dv, k, v, q_desc, do_desc, LSE2 + stat, DELTA + stat, dq_ptr, dq_desc, stride_dqn,
                start_m, offs_n, qk_scale2, causal_off, seq_q, seq_k, BLOCK_M, HEAD_DIM, False, CAUSAL,
                ATOMIC_DQ, DQ_TMA,
            )  # fmt: skip

    dk_base = DK + b.to(tl.int64) * stride_dkb + hkv.to(tl.int64) * stride_dkh
    dv_base = DV + b.to(tl.int64) * stride_dvb + hkv.to(tl.int64) * stride_dvh
    dk_desc = tl.make_tensor_descriptor(dk_base, [seq_k, HEAD_DIM], [stride_dkn, 1], [BLOCK_N, HEAD_DIM])
    dv_desc = tl.make_tensor_descriptor(dv_base, [seq_k, HEAD_DIM_V], [stride_dvn, 1], [BLOCK_N, HEAD_DIM_V])
    dk_desc.store([start_n, 0], (dk * scale).to(DK.dtype.element_ty))
    dv_desc.store([start_n, 0], dv.to(DV.dtype.element_ty))


@triton.jit
def _dq_step(
    dq, q, do, lse2, delta, k_desc, v_desc, start_n, offs_m, qk_scale2, causal_off, seq_k,
    BLOCK_N: tl.constexpr, MASKED: tl.constexpr, CAUSAL: tl.constexpr,
):  # fmt: skip
    k = k_desc.load([start_n, 0])
    v = v_desc.load([start_n, 0])
    qk = tl.dot(q, k.T)
    p = tl.math.exp2(qk * qk_scale2 - lse2[:, None])
    if MASKED:
        offs_n = start_n + tl.arange(0, BLOCK_N)
        keep = offs_n[None, :] < seq_k
        if CAUSAL:
            keep = keep & (offs_n[None, :] <= offs_m[:, None] + causal_off)
        p = tl.where(keep, p, 0.0)
    dp = tl.dot(do, v.T)
    ds = (p * (dp - delta[:, None])).to(k.dtype)
    return tl.dot(ds, k, dq)


@triton.jit
def attn_bwd_dq_kernel(
    Q, K, V, DO, DQ, LSE2, DELTA, qk_scale2, scale,
    stride_qb, stride_qh, stride_qn, stride_kb, stride_kh, stride_kn, stride_vb, stride_vh, stride_vn,
    stride_db, stride_dh, stride_dn, stride_dqb, stride_dqh, stride_dqn,
    heads_q, heads_kv, seq_q, seq_k, stat_stride, Out, LSE, stride_ob, stride_oh, stride_on,
    HEAD_DIM: tl.constexpr, HEAD_DIM_V: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
    CAUSAL: tl.constexpr, STATS: tl.constexpr,
):  # fmt: skip
    """dQ per query block; with ``STATS`` it is also the preprocess: it computes its rows' delta and log2
    lse from o, dO (loaded anyway) and lse, and writes them (padding rows too) for the dK/dV kernel that
    runs after it, so the backward needs no separate pass over o and dO."""
    num_m = tl.cdiv(seq_q, BLOCK_M)
    pid_m = tl.program_id(0)
    if CAUSAL:
        pid_m = num_m - 1 - pid_m
    bh = tl.program_id(1)
    b = bh // heads_q
    h = bh % heads_q
    hkv = h // (heads_q // heads_kv)
    q_base = Q + b.to(tl.int64) * stride_qb + h.to(tl.int64) * stride_qh
    do_base = DO + b.to(tl.int64) * stride_db + h.to(tl.int64) * stride_dh
    k_base = K + b.to(tl.int64) * stride_kb + hkv.to(tl.int64) * stride_kh
    v_base = V + b.to(tl.int64) * stride_vb + hkv.to(tl.int64) * stride_vh
    dq_base = DQ + b.to(tl.int64) * stride_dqb + h.to(tl.int64) * stride_dqh
    q_desc = tl.make_tensor_descriptor(q_base, [seq_q, HEAD_DIM], [stride_qn, 1], [BLOCK_M, HEAD_DIM])
    do_desc = tl.make_tensor_descriptor(do_base, [seq_q, HEAD_DIM_V], [stride_dn, 1], [BLOCK_M, HEAD_DIM_V])
    k_desc = tl.make_tensor_descriptor(k_base, [seq_k, HEAD_DIM], [stride_kn, 1], [BLOCK_N, HEAD_DIM])
    v_desc = tl.make_tensor_descriptor(v_base, [seq_k, HEAD_DIM_V], [stride_vn, 1], [BLOCK_N, HEAD_DIM_V])
    dq_desc = tl.make_tensor_descriptor(dq_base, [seq_q, HEAD_DIM], [stride_dqn, 1], [BLOCK_M, HEAD_DIM])

    start_m = pid_m * BLOCK_M
    offs_m = start_m + tl.arange(0, BLOCK_M)
    q = q_desc.load([start_m, 0])
    do = do_desc.load([start_m, 0])
    stat = bh.to(tl.int64) * stat_stride
    if STATS:
        o_base = Out + b.to(tl.int64) * stride_ob + h.to(tl.int64) * stride_oh
        o_desc = tl.make_tensor_descriptor(o_base, [seq_q, HEAD_DIM_V], [stride_on, 1], [BLOCK_M, HEAD_DIM_V])
        delta = tl.sum(o_desc.load([start_m, 0]).to(tl.float32) * do.to(tl.float32), axis=1)
        lse = tl.load(LSE + bh.to(tl.int64) * seq_q + offs_m, mask=offs_m < seq_q, other=float("-inf"))
        lse2 = tl.where(lse == float("-inf"), float("inf"), lse * 1.4426950408889634)
        tl.store(DELTA + stat + offs_m, delta)
        tl.store(LSE2 + stat + offs_m, lse2)
        if pid_m == num_m - 1:  # rows past the last block up to the padded stride: never seen
            for pad in range(start_m + BLOCK_M, stat_stride, BLOCK_M):
                tl.store(DELTA + stat + pad + tl.arange(0, BLOCK_M), tl.zeros([BLOCK_M], dtype=tl.float32))
                tl.store(
                    LSE2 + stat + pad + tl.arange(0, BLOCK_M), tl.full([BLOCK_M], float("inf"), tl.float32)
                )
    else:
        lse2 = tl.load(LSE2 + stat + offs_m)
        delta = tl.load(DELTA + stat + offs_m)
    causal_off = seq_k - seq_q
    if CAUSAL:
        hi = tl.maximum(tl.minimum(seq_k, start_m + BLOCK_M + causal_off), 0)
        full = tl.minimum(tl.maximum(start_m + causal_off + 1, 0), seq_k)
        full = (full // BLOCK_N) * BLOCK_N
    else:
        hi = seq_k
        full = (seq_k // BLOCK_N) * BLOCK_N
    dq = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    for start_n in range(0, full, BLOCK_N):
        dq = _dq_step(dq, q, do, lse2, delta, k_desc, v_desc, start_n, offs_m, qk_scale2, causal_off,
                      seq_k, BLOCK_N, False, CAUSAL)  # fmt: skip
    for start_n in range(full, hi, BLOCK_N):
        dq = _dq_step(dq, q, do, lse2, delta, k_desc, v_desc, start_n, offs_m, qk_scale2, causal_off,
                      seq_k, BLOCK_N, True, CAUSAL)  # fmt: skip
    dq_desc.store([start_m, 0], (dq * scale).to(DQ.dtype.element_ty))
