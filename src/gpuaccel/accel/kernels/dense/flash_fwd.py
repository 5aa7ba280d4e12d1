"""FlashAttention forward in Triton: one program per (query block, batch*head), online softmax.

Why it is shaped this way:
- Tiles move through TMA tensor descriptors made on the device per (batch, head), so a tile never
  reads or writes a neighbouring head: ragged sequence ends are zero-filled on load and clipped on store.
- The key loop is split in two: blocks every row of the query tile sees completely run without any
  mask; only the (at most two) blocks on the causal diagonal or the ragged key end pay for masking.
  Causal programs start with the longest rows so the tail of the grid is short work.
- Grouped-query heads index their shared key/value head; nothing is repeated in memory.
- V (and so O) may have a head dim ``HEAD_DIM_V`` other than Q/K's (MLA-style 192/128): the P V matmul
  and the accumulator take V's width, S = Q K^T takes Q's.
- The same kernel runs FP8 (e4m3): Q and K arrive quantised with one scale per block of rows (from
  :mod:`accel.kernels.fp8.attention`), V transposed with one scale per column; P is scaled by 256 before its
  e4m3 cast so small probabilities keep precision.
- Scores use exp2 with log2(e) folded into the scale; the stored log-sum-exp is natural-log, fp32.
"""

from __future__ import annotations

import triton
import triton.language as tl

LOG2E = 1.4426950408889634
P_SCALE_FP8 = 256.0


@triton.jit
def _fwd_block(
    acc, l_i, m_i, q, k_desc, v_desc, k_scale_ptr, start_n, offs_m, qk_scale, causal_off, seq_k,
    BLOCK_N: tl.constexpr, MASKED: tl.constexpr, CAUSAL: tl.constexpr, FP8: tl.constexpr,
):  # fmt: skip
    """One key/value block of the online softmax; returns the updated (acc, l, m)."""
    k = k_desc.load([start_n, 0])
    qk = tl.dot(q, k.T)
    if FP8:
        qk_scale = qk_scale * tl.load(k_scale_ptr + start_n // BLOCK_N)
    if MASKED:
        offs_n = start_n + tl.arange(0, BLOCK_N)
        valid = offs_n[None, :] < seq_k
        if CAUSAL:
            valid = valid & (offs_n[None, :] <= offs_m[:, None] + causal_off)
        qk = tl.where(valid, qk * qk_scale, float("-inf"))
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        m_use = tl.where(m_new == float("-inf"), 0.0, m_new)  # rows that saw no key yet
        qk = qk - m_use[:, None]
    else:
        m_new = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
        m_use = m_new
        qk = qk * qk_scale - m_use[:, None]
    p = tl.math.exp2(qk)
    alpha = tl.math.exp2(m_i - m_use)
    l_i = l_i * alpha + tl.sum(p, 1)
    acc = acc * alpha[:, None]
    if FP8:
        vt = v_desc.load([0, start_n])
        acc = tl.dot((p * 256.0).to(vt.dtype), vt.T, acc)
    else:
        v = v_desc.load([start_n, 0])
        acc = tl.dot(p.to(v.dtype), v, acc)
    return acc, l_i, m_new


@triton.jit
def attn_fwd_kernel(
    Q, K, V, Out, LSE, QSCALE, KSCALE, VSCALE, qk_scale,
    stride_qb, stride_qh, stride_qn, stride_kb, stride_kh, stride_kn,
    stride_vb, stride_vh, stride_vn, stride_ob, stride_oh, stride_on,
    heads_q, heads_kv, seq_q, seq_k, lse_stride,
    HEAD_DIM: tl.constexpr, HEAD_DIM_V: tl.constexpr, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
    CAUSAL: tl.constexpr, FP8: tl.constexpr, WARP_SPEC: tl.constexpr,
):  # fmt: skip
    num_m = tl.cdiv(seq_q, BLOCK_M)
    pid_m = tl.program_id(0)
    if CAUSAL:
        pid_m = num_m - 1 - pid_m  # longest rows first
    bh = tl.program_id(1)
    b = bh // heads_q
    h = bh % heads_q
    hkv = h // (heads_q // heads_kv)
    q_base = Q + b.to(tl.int64) * stride_qb + h.to(tl.int64) * stride_qh
    k_base = K + b.to(tl.int64) * stride_kb + hkv.to(tl.int64) * stride_kh
    v_base = V + b.to(tl.int64) * stride_vb + hkv.to(tl.int64) * stride_vh
    o_base = Out + b.to(tl.int64) * stride_ob + h.to(tl.int64) * stride_oh
    q_desc = tl.make_tensor_descriptor(q_base, [seq_q, HEAD_DIM], [stride_qn, 1], [BLOCK_M, HEAD_DIM])
    k_desc = tl.make_tensor_descriptor(k_base, [seq_k, HEAD_DIM], [stride_kn, 1], [BLOCK_N, HEAD_DIM])
    if FP8:  # V is stored transposed: [head_dim, seq_k]
        v_desc = tl.make_tensor_descriptor(v_base, [HEAD_DIM_V, seq_k], [stride_vn, 1], [HEAD_DIM_V, BLOCK_N])
    else:
        v_desc = tl.make_tensor_descriptor(v_base, [seq_k, HEAD_DIM_V], [stride_vn, 1], [BLOCK_N, HEAD_DIM_V])
    o_desc = tl.make_tensor_descriptor(o_base, [seq_q, HEAD_DIM_V], [stride_on, 1], [BLOCK_M, HEAD_DIM_V])

    start_m = pid_m * BLOCK_M
    offs_m = start_m + tl.arange(0, BLOCK_M)
    causal_off = seq_k - seq_q  # query i sees key j when j <= i + causal_off
    if CAUSAL:
        hi = tl.minimum(seq_k, start_m + BLOCK_M + causal_off)
        full = tl.minimum(tl.maximum(start_m + causal_off + 1, 0), seq_k)
    else:
        hi = seq_k
        full = seq_k
    hi = tl.maximum(hi, 0)
    full = (full // BLOCK_N) * BLOCK_N

    q = q_desc.load([start_m, 0])
    k_scale_ptr = KSCALE + bh * 0
    if FP8:
        qk_scale = qk_scale * tl.load(QSCALE + (b * heads_q + h) * tl.cdiv(seq_q, BLOCK_M) + pid_m)
        k_scale_ptr = KSCALE + (b * heads_kv + hkv) * tl.cdiv(seq_k, BLOCK_N)
    m_i = tl.full([BLOCK_M], float("-inf"), dtype=tl.float32)
    l_i = tl.zeros([BLOCK_M], dtype=tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM_V], dtype=tl.float32)

    for start_n in tl.range(0, full, BLOCK_N, warp_specialize=WARP_SPEC):
        acc, l_i, m_i = _fwd_block(
            acc, l_i, m_i, q, k_desc, v_desc, k_scale_ptr, start_n, offs_m, qk_scale, causal_off,
            seq_k, BLOCK_N, False, CAUSAL, FP8,
        )  # fmt: skip
    for start_n in tl.range(full, hi, BLOCK_N):
        acc, l_i, m_i = _fwd_block(
            acc, l_i, m_i, q, k_desc, v_desc, k_scale_ptr, start_n, offs_m, qk_scale, causal_off,
            seq_k, BLOCK_N, True, CAUSAL, FP8,
        )  # fmt: skip

    empty = l_i == 0.0  # rows that see no key: output 0, lse -inf
    l_safe = tl.where(empty, 1.0, l_i)
    out = acc / l_safe[:, None]
    if FP8:
        offs_d = tl.arange(0, HEAD_DIM_V)
        v_scale = tl.load(VSCALE + (b * heads_kv + hkv) * HEAD_DIM_V + offs_d)
        out = out * (v_scale / 256.0)[None, :]
    lse = tl.where(empty, float("-inf"), (m_i + tl.math.log2(l_safe)) * 0.6931471805599453)
    tl.store(LSE + bh.to(tl.int64) * lse_stride + offs_m, lse, mask=offs_m < seq_q)
    o_desc.store([start_m, 0], out.to(Out.dtype.element_ty))
