"""One key block of the Gluon forward (:mod:`accel.kernels.gluon.fwd`): online softmax, the wgmma
operands, and the two orders a consumer warpgroup runs a block in.

Why two orders: FlashAttention-3's (:func:`_step`: QK^T of block j issued before PV of block j-1, softmax
between the two waits) is what the bf16 kernels run; it carries P across the loop. The FP8 forward needs
those registers (for D64's 256-key blocks, D128's third consumer), and so do short D64 calls with two
programs per SM (80 registers), so they run each block whole (:func:`_step_inline`), which also measured
faster for FP8 with two consumers at 128 keys (docs/kernels-log.md, note 14).
"""

from __future__ import annotations

from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import mbarrier, warpgroup_mma, warpgroup_mma_wait

from gpuaccel.accel.kernels.gluon.tiles import HALF_M

FP8_P_LOG2 = gl.constexpr(8.0)  # FP8: P x 2**8 before its e4m3 cast (small probabilities off the subnormals)


@gluon.jit
def _softmax(qk, m_i, l_i, j, offs_m, qk_scale, causal_off, seq_k, s_layout: gl.constexpr,
             BLOCK_N: gl.constexpr, MASKED: gl.constexpr, CAUSAL: gl.constexpr,
             P_LOG2: gl.constexpr = 0.0):  # fmt: skip
    """Online-softmax update for one score block: (p, alpha, m_new, l_new); exp2 with log2(e) folded.
    ``P_LOG2``: p comes out scaled by 2**P_LOG2 for free (subtracted from the row max; l scales alike)."""
    if MASKED:
        offs_n = j * BLOCK_N + gl.arange(0, BLOCK_N, layout=gl.SliceLayout(0, s_layout))
        valid = gl.expand_dims(offs_n, 0) < seq_k
        if CAUSAL:
            valid = valid & (gl.expand_dims(offs_n, 0) <= gl.expand_dims(offs_m, 1) + causal_off)
        qk = gl.where(valid, qk * qk_scale, float("-inf"))
        m_new = gl.maximum(m_i, gl.max(qk, 1))
        m_use = gl.where(m_new == float("-inf"), 0.0, m_new)  # rows that saw no key yet
        m_sub = m_use - P_LOG2 if P_LOG2 != 0.0 else m_use
        qk = qk - gl.expand_dims(m_sub, 1)
    else:
        m_new = gl.maximum(m_i, gl.max(qk, 1) * qk_scale)
        m_use = m_new
        m_sub = m_use - P_LOG2 if P_LOG2 != 0.0 else m_use
        qk = qk * qk_scale - gl.expand_dims(m_sub, 1)
    p = gl.exp2(qk)
    alpha = gl.exp2(m_i - m_use)
    l_i = l_i * alpha + gl.sum(p, 1)
    return p, alpha, m_new, l_i


@gluon.jit
def _qk(q_s, k_smem, k_ready, cnt, s_layout: gl.constexpr, BLOCK_N: gl.constexpr, STAGES: gl.constexpr):
    """Wait for K of ring slot ``cnt`` and issue S = Q K^T asynchronously."""
    s = cnt % STAGES
    mbarrier.wait(k_ready.index(s), (cnt // STAGES) & 1)
    k_s = k_smem.index(s)._reinterpret(k_smem.dtype, [BLOCK_N, k_smem.shape[-1]], q_s.layout)
    zero = gl.zeros([HALF_M, BLOCK_N], gl.float32, s_layout)
    return warpgroup_mma(q_s, k_s.permute((1, 0)), zero, use_acc=False, is_async=True)


@gluon.jit
def _v_operand(v_smem, slot, V_T: gl.constexpr):
    """V block ``slot`` as wgmma's [BLOCK_N, D] B operand; a transposed [D, BLOCK_N] tile (``V_T``) is
    viewed through a permute, which makes it K-major as fp8 wgmma requires."""
    rows: gl.constexpr = v_smem.shape[-2]
    cols: gl.constexpr = v_smem.shape[-1]
    tile_2d: gl.constexpr = gl.NVMMASharedLayout.get_default_for([rows, cols], v_smem.dtype)
    v_s = v_smem.index(slot)._reinterpret(v_smem.dtype, [rows, cols], tile_2d)
    if V_T:
        v_s = v_s.permute((1, 0))
    return v_s


@gluon.jit
def _p_operand(p, dtype: gl.constexpr, p_layout: gl.constexpr, FP8: gl.constexpr):
    """P (fp32 scores after exp2) for PV's register A operand. 16-bit: cast; the score accumulator's
    registers already are the A fragment. ``FP8``: the e4m3 A fragment holds keys 4q..4q+3 and 16+4q..
    of each 32-key group where the accumulator holds 2q, 2q+1, 8+2q, 9+2q, ...; renaming the keys (bit 3
    of the key index moved below bits 1-2; V^T's keys are stored in that order by the quantisation)
    makes the layout change free. P stays fp32 until :func:`_e4m3` right before the wgmma: carried
    across the loop as e4m3, each byte would take a register and cost repacking."""
    if FP8:
        rows: gl.constexpr = p.shape[0]
        keys: gl.constexpr = p.shape[1]
        p = p.reshape([rows, keys // 32, 2, 2, 4, 2]).permute((0, 1, 2, 4, 3, 5)).reshape([rows, keys])
        p = gl.convert_layout(p, p_layout, assert_trivial=True)
    else:
        # inline PTX, not a cast: LLVM turns the loop's phi of two casts into a cast of the phi, carrying
        # P as 64 fp32 registers; packed it crosses in 32 (20 fewer SASS instructions a block at D128)
        if dtype == gl.bfloat16:
            p = gl.inline_asm_elementwise("cvt.rn.bf16x2.f32 $0, $2, $1;", "=r,r,r", [p], dtype=gl.bfloat16,
                                          is_pure=True, pack=2)  # fmt: skip
        else:
            p = gl.inline_asm_elementwise("cvt.rn.f16x2.f32 $0, $2, $1;", "=r,r,r", [p], dtype=gl.float16,
                                          is_pure=True, pack=2)  # fmt: skip
        p = gl.convert_layout(p, p_layout)
    return p


@gluon.jit
def _e4m3(p, FP8: gl.constexpr):
    """fp32 P in the A-operand layout -> e4m3, four values packed per register as the wgmma reads them."""
    if FP8:
        p = gl.inline_asm_elementwise(
            "{ .reg .b16 lo, hi; cvt.rn.satfinite.e4m3x2.f32 lo, $2, $1;"
            " cvt.rn.satfinite.e4m3x2.f32 hi, $4, $3; mov.b32 $0, {lo, hi}; }",
            "=r,r,r,r,r", [p], dtype=gl.float8e4nv, is_pure=True, pack=4,
        )  # fmt: skip
    return p


@gluon.jit
def _step(q_s, k_smem, v_smem, k_ready, v_ready, k_empty, v_empty, cnt, j, acc, m_i, l_i, p_prev, alpha,
          offs_m, qk_scale, causal_off, seq_k, s_layout: gl.constexpr, p_layout: gl.constexpr,
          o_layout: gl.constexpr, BLOCK_N: gl.constexpr, STAGES: gl.constexpr, MASKED: gl.constexpr,
          CAUSAL: gl.constexpr, FP8: gl.constexpr = False, P_LOG2: gl.constexpr = 0.0):  # fmt: skip
    """Block j: QK^T(j) is issued first; O's rescale by block j-1's alpha runs under it, then PV(j-1) is
    issued; softmax(j) sits between the QK^T wait and the PV wait (FlashAttention-3's order). ``FP8``:
    e4m3 operands (V^T tiles, P kept fp32 until the wgmma, :func:`_p_operand`)."""
    s_tok = _qk(q_s, k_smem, k_ready, cnt, s_layout, BLOCK_N, STAGES)
    acc = acc * gl.expand_dims(gl.convert_layout(alpha, gl.SliceLayout(1, o_layout)), 1)
    sp = (cnt - 1) % STAGES
    mbarrier.wait(v_ready.index(sp), ((cnt - 1) // STAGES) & 1)
    acc = warpgroup_mma(_e4m3(p_prev, FP8), _v_operand(v_smem, sp, FP8), acc, is_async=True)
    qk = warpgroup_mma_wait(1, deps=(s_tok,))
    mbarrier.arrive(k_empty.index(cnt % STAGES))
    p, alpha, m_i, l_i = _softmax(
        qk, m_i, l_i, j, offs_m, qk_scale, causal_off, seq_k, s_layout, BLOCK_N, MASKED, CAUSAL, P_LOG2
    )
    acc, p_prev = warpgroup_mma_wait(0, deps=(acc, p_prev))
    mbarrier.arrive(v_empty.index(sp))
    p_next = _p_operand(p, v_smem.dtype, p_layout, FP8)
    return acc, m_i, l_i, p_next, alpha


@gluon.jit
def _release(empty_bar):
    """Hand a K or V ring slot back as one arrive with a 0-byte transaction count. A plain arrive makes
    Triton put a partition-wide bar.sync before it (its shared-memory hazard check); here only wgmma,
    waited just before, read the slot, so that barrier guards nothing. For the FP8 step it measured +0-4 %
    (fp8_release_tx_ab_20261124.json; 51 -> 33 BAR.SYNC); the bf16 step keeps the arrive (note 10)."""
    mbarrier.expect(empty_bar, 0)


@gluon.jit
def _step_inline(q_s, k_smem, v_smem, k_ready, v_ready, k_empty, v_empty, cnt, j, acc, m_i, l_i, offs_m,
                 qk_scale, causal_off, seq_k, s_layout: gl.constexpr, p_layout: gl.constexpr,
                 o_layout: gl.constexpr, BLOCK_N: gl.constexpr, STAGES: gl.constexpr, MASKED: gl.constexpr,
                 CAUSAL: gl.constexpr, FP8: gl.constexpr = False, P_LOG2: gl.constexpr = 0.0):  # fmt: skip
    """Block j whole: QK^T(j), softmax(j), O's rescale, then PV(j), waited before the block ends (the FP8
    forward's order): no P crosses the loop, which leaves FP8 the registers for larger blocks or a third
    consumer. Per warpgroup it serialises what :func:`_step` overlaps on paper; ptxas hoists that overlap
    away (docs/kernels-log.md), and for FP8 this order measured faster; for bf16 slower, so bf16 keeps
    :func:`_step`."""
    s = cnt % STAGES
    qk = warpgroup_mma_wait(0, deps=(_qk(q_s, k_smem, k_ready, cnt, s_layout, BLOCK_N, STAGES),))
    _release(k_empty.index(s))
    p, alpha, m_i, l_i = _softmax(
        qk, m_i, l_i, j, offs_m, qk_scale, causal_off, seq_k, s_layout, BLOCK_N, MASKED, CAUSAL, P_LOG2
    )
    p = _e4m3(_p_operand(p, v_smem.dtype, p_layout, FP8), FP8)
    acc = acc * gl.expand_dims(gl.convert_layout(alpha, gl.SliceLayout(1, o_layout)), 1)
    mbarrier.wait(v_ready.index(s), (cnt // STAGES) & 1)
    acc = warpgroup_mma(p, _v_operand(v_smem, s, FP8), acc, is_async=True)
    acc = warpgroup_mma_wait(0, deps=(acc,))  # (an e4m3 P cannot be a dependency; nothing else runs here)
    _release(v_empty.index(s))
    return acc, m_i, l_i
