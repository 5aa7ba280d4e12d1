"""Triton kernels for packed variable-length attention (forward, dK/dV, dQ) with windows and soft-capping.

Why it is shaped this way:
- Tensors are packed ``(total_tokens, heads, head_dim)``; a program reads its sequence's start and length
  from ``cu_seqlens`` and makes TMA descriptors of exactly that sequence's rows, so a tile never reads a
  neighbouring document: ragged ends are zero-filled on load and clipped on store.
- The grid is (block index, sequence, head) flattened with the head fastest and the block index slowest,
  taken from the end for causal forward/dQ (their longest rows) and from the start for dK/dV, so the
  heaviest blocks of every document start first. A program whose block lies past its sequence's end
  returns at once: nothing is computed for padding and no padded tensor or index table exists.
- Visibility is one rule for causal, sliding windows and plain attention: query i (bottom-right aligned,
  ``off = len_k - len_q``) sees key j when ``i + off - left <= j <= i + off + right`` (``left``/``right``
  of -1 become a huge number). :func:`span` turns it into a block range whose middle part every row sees
  (no mask) and two masked edges; blocks outside are skipped.
- V, O, dO and dV may have a head dim ``HEAD_DIM_V`` other than Q/K's (MLA-style 192/128).
- Soft-capping replaces the score s by ``cap * tanh(s / cap)``; tanh is built from exp2 (no libdevice) so
  the same code runs under the interpreter. The backward multiplies dS by ``1 - tanh^2``.
"""

from __future__ import annotations

import triton
import triton.language as tl

NO_LIMIT = 1 << 30  # a window side of -1 (unlimited) becomes this many tokens


@triton.jit
def tanh(x):
    """tanh from exp2: 1 - 2 / (e^(2x) + 1) saturates to +-1 without NaN for large |x|."""
    return 1.0 - 2.0 / (tl.math.exp2(x * 2.8853900817779268) + 1.0)


@triton.jit
def span(start, BLOCK: tl.constexpr, other_len, a, b, OTHER: tl.constexpr):
    """Indices x of the other axis seen by rows [start, start + BLOCK) when row r sees [r + a, r + b].

    Returns OTHER-aligned (lo, full_lo, full_hi, hi): [full_lo, full_hi) is seen by every row and lies
    inside [0, other_len); [lo, full_lo) and [full_hi, hi) need a mask; nothing outside [lo, hi) is seen.
    """
    lo = (tl.maximum(start + a, 0) // OTHER) * OTHER
    hi = tl.maximum(tl.minimum(start + BLOCK + b, other_len), lo)
    full_lo = tl.cdiv(tl.maximum(start + BLOCK - 1 + a, 0), OTHER) * OTHER
    full_lo = tl.minimum(tl.maximum(full_lo, lo), hi)
    full_hi = (tl.maximum(tl.minimum(start + b + 1, other_len), 0) // OTHER) * OTHER
    full_hi = tl.maximum(tl.minimum(full_hi, hi), full_lo)
    return lo, full_lo, full_hi, hi


@triton.jit
def block_of(pid, heads, batch, num_blocks, REVERSE: tl.constexpr):
    """(head, sequence, block index) of a flattened program id; see the module docstring for the order."""
    h = pid % heads
    t = pid // heads
    blk = t // batch
    if REVERSE:
        blk = num_blocks - 1 - blk
    return h, t % batch, blk


@triton.jit
def _fwd_step(
    acc, l_i, m_i, q, k_desc, v_desc, start_n, offs_m, lo_off, hi_off, len_k, qk_scale, cap_scale, cap_log2,
    BLOCK_N: tl.constexpr, MASKED: tl.constexpr, SOFTCAP: tl.constexpr,
):  # fmt: skip
    k = k_desc.load([start_n, 0])
    qk = tl.dot(q, k.T)
    if MASKED or SOFTCAP:
        if SOFTCAP:  # noqa: SIM108 (a constexpr branch: only one side is compiled)
            s = cap_log2 * tanh(qk * cap_scale)
        else:
            s = qk * qk_scale
        if MASKED:
            offs_n = start_n + tl.arange(0, BLOCK_N)[None, :]
            valid = (
                (offs_n < len_k) & (offs_n >= offs_m[:, None] + lo_off) & (offs_n <= offs_m[:, None] + hi_off)
            )
            s = tl.where(valid, s, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(s, 1))
        m_use = tl.where(m_new == float("-inf"), 0.0, m_new)  # rows that saw no key yet
        s = s - m_use[:, None]
    else:
        m_new = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
        m_use = m_new
        s = qk * qk_scale - m_use[:, None]
    p = tl.math.exp2(s)
    alpha = tl.math.exp2(m_i - m_use)
    l_i = l_i * alpha + tl.sum(p, 1)
    v = v_desc.load([start_n, 0])
    acc = tl.dot(p.to(v.dtype), v, acc * alpha[:, None])
    return acc, l_i, m_new


@triton.jit
def varlen_fwd_kernel(
    Q, K, V, Out, LSE, CU_Q, CU_K, qk_scale, cap_scale, cap_log2, win_left, win_right,
    stride_qn, stride_qh, stride_kn, stride_kh, stride_vn, stride_vh, stride_on, stride_oh,
    heads_q, heads_kv, total_q, batch, num_blocks,
    HEAD_DIM: tl.constexpr, HEAD_DIM_V: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
    SOFTCAP: tl.constexpr, REVERSE: tl.constexpr,
):  # fmt: skip
    h, seq, blk = block_of(tl.program_id(0), heads_q, batch, num_blocks, REVERSE)
    q0 = tl.load(CU_Q + seq)
    len_q = tl.load(CU_Q + seq + 1) - q0
    start_m = blk * BLOCK_M
    if start_m >= len_q:
        return
    k0 = tl.load(CU_K + seq)
    len_k = tl.load(CU_K + seq + 1) - k0
    hkv = h // (heads_q // heads_kv)
    q_base = Q + q0.to(tl.int64) * stride_qn + h * stride_qh
    k_base = K + k0.to(tl.int64) * stride_kn + hkv * stride_kh
    v_base = V + k0.to(tl.int64) * stride_vn + hkv * stride_vh
    o_base = Out + q0.to(tl.int64) * stride_on + h * stride_oh
    q_desc = tl.make_tensor_descriptor(q_base, [len_q, HEAD_DIM], [stride_qn, 1], [BLOCK_M, HEAD_DIM])
    k_desc = tl.make_tensor_descriptor(k_base, [len_k, HEAD_DIM], [stride_kn, 1], [BLOCK_N, HEAD_DIM])
    v_desc = tl.make_tensor_descriptor(v_base, [len_k, HEAD_DIM_V], [stride_vn, 1], [BLOCK_N, HEAD_DIM_V])
    o_desc = tl.make_tensor_descriptor(o_base, [len_q, HEAD_DIM_V], [stride_on, 1], [BLOCK_M, HEAD_DIM_V])

    off = len_k - len_q
    lo_off = off - win_left
    hi_off = off + win_right
    lo, full_lo, full_hi, hi = span(start_m, BLOCK_M, len_k, lo_off, hi_off, BLOCK_N)
    offs_m = start_m + tl.arange(0, BLOCK_M)
    q = q_desc.load([start_m, 0])
    m_i = tl.full([BLOCK_M], float("-inf"), dtype=tl.float32)
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM_V], dtype=tl.float32)
    for start_n in tl.range(full_lo, full_hi, BLOCK_N):
        acc, l_i, m_i = _fwd_step(
            acc, l_i, m_i, q, k_desc, v_desc, start_n, offs_m, lo_off, hi_off, len_k, qk_scale, cap_scale,
            cap_log2, BLOCK_N, False, SOFTCAP,
        )  # fmt: skip
    for start_n in tl.range(lo, full_lo, BLOCK_N):
        acc, l_i, m_i = _fwd_step(
            acc, l_i, m_i, q, k_desc, v_desc, start_n, offs_m, lo_off, hi_off, len_k, qk_scale, cap_scale,
            cap_log2, BLOCK_N, True, SOFTCAP,
        )  # fmt: skip
    for start_n in tl.range(full_hi, hi, BLOCK_N):
        acc, l_i, m_i = _fwd_step(
            acc, l_i, m_i, q, k_desc, v_desc, start_n, offs_m, lo_off, hi_off, len_k, qk_scale, cap_scale,
            cap_log2, BLOCK_N, True, SOFTCAP,
        )  # fmt: skip

    empty = l_i == 0.0  # rows that see no key: output 0, lse -inf
    l_safe = tl.where(empty, 1.0, l_i)
    lse = tl.where(empty, float("-inf"), (m_i + tl.math.log2(l_safe)) * 0.6931471805599453)
    tl.store(LSE + h.to(tl.int64) * total_q + q0 + offs_m, lse, mask=offs_m < len_q)
    o_desc.store([start_m, 0], (acc / l_safe[:, None]).to(Out.dtype.element_ty))


@triton.jit
def _grad_scores(qk, lse2, qk_scale2, cap_scale, cap_log2, SOFTCAP: tl.constexpr):
    """(P, dS factor): P = exp(s - lse); the factor is d s / d (q.k * scale), 1 without soft-capping."""
    if SOFTCAP:
        t = tanh(qk * cap_scale)
        p = tl.math.exp2(cap_log2 * t - lse2)
        dcap = 1.0 - t * t
    else:
        p = tl.math.exp2(qk * qk_scale2 - lse2)
        dcap = tl.full(p.shape, 1.0, tl.float32)
    return p, dcap


@triton.jit
def _dkdv_step(
    dk, dv, k, v, q_desc, do_desc, lse_ptr, delta_ptr, start_m, offs_n, lo_off, hi_off, len_q, len_k,
    qk_scale2, cap_scale, cap_log2, BLOCK_M: tl.constexpr, MASKED: tl.constexpr, SOFTCAP: tl.constexpr,
):  # fmt: skip
    q = q_desc.load([start_m, 0])
    do = do_desc.load([start_m, 0])
    offs_m = start_m + tl.arange(0, BLOCK_M)
    row_ok = offs_m < len_q
    lse2 = tl.load(lse_ptr + offs_m, mask=row_ok, other=float("inf"))
    delta = tl.load(delta_ptr + offs_m, mask=row_ok, other=0.0)
    qk_t = tl.dot(k, q.T)
    p_t, dcap = _grad_scores(qk_t, lse2[None, :], qk_scale2, cap_scale, cap_log2, SOFTCAP)
    if MASKED:
        m = offs_m[None, :]
        keep = (offs_n[:, None] < len_k) & (offs_n[:, None] >= m + lo_off) & (offs_n[:, None] <= m + hi_off)
        p_t = tl.where(keep & row_ok[None, :], p_t, 0.0)
    dv += tl.dot(p_t.to(do.dtype), do)
    dp_t = tl.dot(v, do.T)
    ds_t = (p_t * (dp_t - delta[None, :]) * dcap).to(q.dtype)
    dk += tl.dot(ds_t, q)
    return dk, dv


@triton.jit
def varlen_dkdv_kernel(
    Q, K, V, DO, DK, DV, LSE2, DELTA, CU_Q, CU_K, qk_scale2, scale, cap_scale, cap_log2,
    win_left, win_right, stride_qn, stride_qh, stride_kn, stride_kh, stride_vn, stride_vh,
    stride_dn, stride_dh, stride_dkn, stride_dkh, stride_dvn, stride_dvh, heads_q, heads_kv, stat_stride,
    batch, num_blocks,
    HEAD_DIM: tl.constexpr, HEAD_DIM_V: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
    SOFTCAP: tl.constexpr, REVERSE: tl.constexpr,
):  # fmt: skip
    hkv, seq, blk = block_of(tl.program_id(0), heads_kv, batch, num_blocks, REVERSE)
    k0 = tl.load(CU_K + seq)
    len_k = tl.load(CU_K + seq + 1) - k0
    start_n = blk * BLOCK_N
    if start_n >= len_k:
        return
    q0 = tl.load(CU_Q + seq)
    len_q = tl.load(CU_Q + seq + 1) - q0
    group = heads_q // heads_kv
    offs_n = start_n + tl.arange(0, BLOCK_N)
    k_base = K + k0.to(tl.int64) * stride_kn + hkv * stride_kh
    v_base = V + k0.to(tl.int64) * stride_vn + hkv * stride_vh
    k_desc = tl.make_tensor_descriptor(k_base, [len_k, HEAD_DIM], [stride_kn, 1], [BLOCK_N, HEAD_DIM])
    v_desc = tl.make_tensor_descriptor(v_base, [len_k, HEAD_DIM_V], [stride_vn, 1], [BLOCK_N, HEAD_DIM_V])
    k = k_desc.load([start_n, 0])
    v = v_desc.load([start_n, 0])
    dk = tl.zeros([BLOCK_N, HEAD_DIM], dtype=tl.float32)
    dv = tl.zeros([BLOCK_N, HEAD_DIM_V], dtype=tl.float32)

    off = len_k - len_q
    lo_off = off - win_left
    hi_off = off + win_right
    # rows r see key j when j - hi_off <= r <= j - lo_off
    lo, full_lo, full_hi, hi = span(start_n, BLOCK_N, len_q, -hi_off, -lo_off, BLOCK_M)
    if start_n + BLOCK_N > len_k:  # ragged key block: every step is masked
        full_hi = full_lo
    for g in range(group):
        h = hkv * group + g
        q_base = Q + q0.to(tl.int64) * stride_qn + h * stride_qh
        do_base = DO + q0.to(tl.int64) * stride_dn + h * stride_dh
        q_desc = tl.make_tensor_descriptor(q_base, [len_q, HEAD_DIM], [stride_qn, 1], [BLOCK_M, HEAD_DIM])
        do_desc = tl.make_tensor_descriptor(
            do_base, [len_q, HEAD_DIM_V], [stride_dn, 1], [BLOCK_M, HEAD_DIM_V]
        )
        stat = h.to(tl.int64) * stat_stride + q0
        for start_m in range(full_lo, full_hi, BLOCK_M):
            dk, dv = _dkdv_step(
                dk, dv, k, v, q_desc, do_desc, LSE2 + stat, DELTA + stat, start_m, offs_n, lo_off, hi_off,
                len_q, len_k, qk_scale2, cap_scale, cap_log2, BLOCK_M, False, SOFTCAP,
            )  # fmt: skip
        for start_m in range(lo, full_lo, BLOCK_M):
            dk, dv = _dkdv_step(
                dk, dv, k, v, q_desc, do_desc, LSE2 + stat, DELTA + stat, start_m, offs_n, lo_off, hi_off,
                len_q, len_k, qk_scale2, cap_scale, cap_log2, BLOCK_M, True, SOFTCAP,
            )  # fmt: skip
        for start_m in range(full_hi, hi, BLOCK_M):
            dk, dv = _dkdv_step(
                dk, dv, k, v, q_desc, do_desc, LSE2 + stat, DELTA + stat, start_m, offs_n, lo_off, hi_off,
                len_q, len_k, qk_scale2, cap_scale, cap_log2, BLOCK_M, True, SOFTCAP,
            )  # fmt: skip

    dk_base = DK + k0.to(tl.int64) * stride_dkn + hkv * stride_dkh
    dv_base = DV + k0.to(tl.int64) * stride_dvn + hkv * stride_dvh
    dk_desc = tl.make_tensor_descriptor(dk_base, [len_k, HEAD_DIM], [stride_dkn, 1], [BLOCK_N, HEAD_DIM])
    dv_desc = tl.make_tensor_descriptor(dv_base, [len_k, HEAD_DIM_V], [stride_dvn, 1], [BLOCK_N, HEAD_DIM_V])
    dk_desc.store([start_n, 0], (dk * scale).to(DK.dtype.element_ty))
    dv_desc.store([start_n, 0], dv.to(DV.dtype.element_ty))


@triton.jit
def _dq_step(
    dq, q, do, lse2, delta, k_desc, v_desc, start_n, offs_m, lo_off, hi_off, len_k, qk_scale2, cap_scale,
    cap_log2, BLOCK_N: tl.constexpr, MASKED: tl.constexpr, SOFTCAP: tl.constexpr,
):  # fmt: skip
    k = k_desc.load([start_n, 0])
    v = v_desc.load([start_n, 0])
    qk = tl.dot(q, k.T)
    p, dcap = _grad_scores(qk, lse2[:, None], qk_scale2, cap_scale, cap_log2, SOFTCAP)
    if MASKED:
        offs_n = start_n + tl.arange(0, BLOCK_N)[None, :]
        m = offs_m[:, None]
        p = tl.where((offs_n < len_k) & (offs_n >= m + lo_off) & (offs_n <= m + hi_off), p, 0.0)
    dp = tl.dot(do, v.T)
    ds = (p * (dp - delta[:, None]) * dcap).to(k.dtype)
    return tl.dot(ds, k, dq)


@triton.jit
def varlen_dq_kernel(
    Q, K, V, DO, DQ, LSE2, DELTA, CU_Q, CU_K, qk_scale2, scale, cap_scale, cap_log2,
    win_left, win_right, stride_qn, stride_qh, stride_kn, stride_kh, stride_vn, stride_vh,
    stride_dn, stride_dh, stride_dqn, stride_dqh, heads_q, heads_kv, stat_stride, batch, num_blocks,
    HEAD_DIM: tl.constexpr, HEAD_DIM_V: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
    SOFTCAP: tl.constexpr, REVERSE: tl.constexpr,
):  # fmt: skip
    h, seq, blk = block_of(tl.program_id(0), heads_q, batch, num_blocks, REVERSE)
    q0 = tl.load(CU_Q + seq)
    len_q = tl.load(CU_Q + seq + 1) - q0
    start_m = blk * BLOCK_M
    if start_m >= len_q:
        return
    k0 = tl.load(CU_K + seq)
    len_k = tl.load(CU_K + seq + 1) - k0
    hkv = h // (heads_q // heads_kv)
    q_base = Q + q0.to(tl.int64) * stride_qn + h * stride_qh
    do_base = DO + q0.to(tl.int64) * stride_dn + h * stride_dh
    k_base = K + k0.to(tl.int64) * stride_kn + hkv * stride_kh
    v_base = V + k0.to(tl.int64) * stride_vn + hkv * stride_vh
    dq_base = DQ + q0.to(tl.int64) * stride_dqn + h * stride_dqh
    q_desc = tl.make_tensor_descriptor(q_base, [len_q, HEAD_DIM], [stride_qn, 1], [BLOCK_M, HEAD_DIM])
    do_desc = tl.make_tensor_descriptor(do_base, [len_q, HEAD_DIM_V], [stride_dn, 1], [BLOCK_M, HEAD_DIM_V])
    k_desc = tl.make_tensor_descriptor(k_base, [len_k, HEAD_DIM], [stride_kn, 1], [BLOCK_N, HEAD_DIM])
    v_desc = tl.make_tensor_descriptor(v_base, [len_k, HEAD_DIM_V], [stride_vn, 1], [BLOCK_N, HEAD_DIM_V])
    dq_desc = tl.make_tensor_descriptor(dq_base, [len_q, HEAD_DIM], [stride_dqn, 1], [BLOCK_M, HEAD_DIM])

    offs_m = start_m + tl.arange(0, BLOCK_M)
    row_ok = offs_m < len_q
    q = q_desc.load([start_m, 0])
    do = do_desc.load([start_m, 0])
    stat = h.to(tl.int64) * stat_stride + q0
    lse2 = tl.load(LSE2 + stat + offs_m, mask=row_ok, other=float("inf"))
    delta = tl.load(DELTA + stat + offs_m, mask=row_ok, other=0.0)
    off = len_k - len_q
    lo_off = off - win_left
    hi_off = off + win_right
    lo, full_lo, full_hi, hi = span(start_m, BLOCK_M, len_k, lo_off, hi_off, BLOCK_N)
    dq = tl.zeros([BLOCK_M, HEAD_DIM], dtype=tl.float32)
    for start_n in range(full_lo, full_hi, BLOCK_N):
        dq = _dq_step(dq, q, do, lse2, delta, k_desc, v_desc, start_n, offs_m, lo_off, hi_off, len_k,
                      qk_scale2, cap_scale, cap_log2, BLOCK_N, False, SOFTCAP)  # fmt: skip
    for start_n in range(lo, full_lo, BLOCK_N):
        dq = _dq_step(dq, q, do, lse2, delta, k_desc, v_desc, start_n, offs_m, lo_off, hi_off, len_k,
                      qk_scale2, cap_scale, cap_log2, BLOCK_N, True, SOFTCAP)  # fmt: skip
    for start_n in range(full_hi, hi, BLOCK_N):
        dq = _dq_step(dq, q, do, lse2, delta, k_desc, v_desc, start_n, offs_m, lo_off, hi_off, len_k,
                      qk_scale2, cap_scale, cap_log2, BLOCK_N, True, SOFTCAP)  # fmt: skip
    dq_desc.store([start_m, 0], (dq * scale).to(DQ.dtype.element_ty))
