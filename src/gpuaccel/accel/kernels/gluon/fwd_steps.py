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

from gpuaccel.accel.kernels.gluon.tiles import HALF_M, _chunk

FP8_P_LOG2 = gl.constexpr(8.0)  # FP8: P x 2**8 before its e4m3 cast (small probabilities off the subnormals)
# log2(448) rounded down: e4m3's largest value. Under conditional rescaling (``RESCALE``) P may run
# 2**RESCALE past 2**P_LOG2, so FP8's shift gives up what would pass it (8 up to RESCALE 0.8, 0.8 at 8)
E4M3_MAX_LOG2 = gl.constexpr(8.807)


@gluon.jit
def _softmax(qk, m_i, l_i, j, offs_m, qk_scale, causal_off, seq_k, s_layout: gl.constexpr,
             BLOCK_N: gl.constexpr, MASKED: gl.constexpr, CAUSAL: gl.constexpr,
             P_LOG2: gl.constexpr = 0.0, RESCALE: gl.constexpr = 0.0,
             RESCALE_WARP: gl.constexpr = False, ROW_LIMIT: gl.constexpr = False):  # fmt: skip
    """Online-softmax update for one score block: (p, alpha, m_new, l_new, grow); exp2 with log2(e) folded.
    ``P_LOG2``: p comes out scaled by 2**P_LOG2 for free (subtracted from the row max; l scales alike).
    ``RESCALE`` > 0 (log2 units, FlashAttention-4's conditional rescaling): a row keeps its stale max until
    the block's max exceeds it by more than ``RESCALE`` (so p <= 2**(RESCALE + P_LOG2)), and ``grow`` says
    whether any row of the warpgroup moved it (a scalar, so O's rescale can be skipped by an scf.if,
    :func:`_rescale`: every alpha is exactly 1 when it is 0). 0: the exact max every block, grow 1.
    ``ROW_LIMIT`` (a masked block): each row sees this block's keys below one limit, min(seq_k, its row +
    causal_off + 1), so the mask is one compare and a select an element on the raw scores, whose max is
    scaled once a row and whose scale folds into exp2's FMA as the unmasked block's does; without it the
    key index is compared twice and every score scaled before the max (a masked block ran 713 SASS
    instructions to an unmasked one's 416 at D64, docs/kernels-log.md, 2026-11-28, twenty-second)."""
    if MASKED and not ROW_LIMIT:
        offs_n = j * BLOCK_N + gl.arange(0, BLOCK_N, layout=gl.SliceLayout(0, s_layout))
        valid = gl.expand_dims(offs_n, 0) < seq_k
        if CAUSAL:
            valid = valid & (gl.expand_dims(offs_n, 0) <= gl.expand_dims(offs_m, 1) + causal_off)
        qk = gl.where(valid, qk * qk_scale, float("-inf"))
        m_new, grow = _row_max(m_i, gl.max(qk, 1), RESCALE, RESCALE_WARP)
        m_use = gl.where(m_new == float("-inf"), 0.0, m_new)  # rows that saw no key yet
        m_sub = m_use - P_LOG2 if P_LOG2 != 0.0 else m_use
        qk = qk - gl.expand_dims(m_sub, 1)
    else:
        if MASKED:  # ROW_LIMIT: keys [j * BLOCK_N, limit) of the block, raw scores
            cols = gl.arange(0, BLOCK_N, layout=gl.SliceLayout(0, s_layout))
            if CAUSAL:
                limit = gl.minimum(offs_m + (causal_off + 1), seq_k) - j * BLOCK_N
                valid = gl.expand_dims(cols, 0) < gl.expand_dims(limit, 1)
            else:
                valid = gl.expand_dims(cols, 0) < seq_k - j * BLOCK_N
            qk = gl.where(valid, qk, float("-inf"))
        m_new, grow = _row_max(m_i, gl.max(qk, 1) * qk_scale, RESCALE, RESCALE_WARP)
        # rows that saw no key yet (masked blocks only) subtract 0
        m_use = gl.where(m_new == float("-inf"), 0.0, m_new) if MASKED else m_new
        m_sub = m_use - P_LOG2 if P_LOG2 != 0.0 else m_use
        qk = qk * qk_scale - gl.expand_dims(m_sub, 1)
    p = gl.exp2(qk)
    alpha = gl.exp2(m_i - m_use)
    l_i = l_i * alpha + gl.sum(p, 1)
    return p, alpha, m_new, l_i, grow


@gluon.jit
def _row_max(m_i, block_max, RESCALE: gl.constexpr, RESCALE_WARP: gl.constexpr = False):
    """(the max each row's p is taken against, whether O must be rescaled): the running max itself when
    ``RESCALE`` is 0; else a row keeps its old max unless the block's exceeds it by more than ``RESCALE``
    (a row that saw no key takes any finite max), and the flag says whether any row of the warpgroup moved
    it: a scalar from a reduction over the rows (shared memory across its 4 warps), or with
    ``RESCALE_WARP`` a row tensor holding, in each thread, whether any row of its warp did (one vote).
    Only O's rescale waits for the flag, not the exp2s."""
    m_raw = gl.maximum(m_i, block_max)
    if RESCALE > 0.0:
        moved = m_raw > m_i + RESCALE
        m_new = gl.where(moved, m_raw, m_i)
        grow = _warp_any(moved) if RESCALE_WARP else gl.max(moved.to(gl.int32), 0)
    else:
        m_new = m_raw
        grow = 1
    return m_new, grow


@gluon.jit
def _warp_any(moved):
    """A row flag [64] (a thread holds rows r and r + 8) -> int32, 1 in every element of a warp if any row
    of that warp is set: Gluon has no per-warp scalar, so the vote is inline PTX."""
    return gl.inline_asm_elementwise(
        "{ .reg .pred p, q; setp.ne.s32 p, $2, 0; setp.ne.s32 q, $3, 0; or.pred p, p, q;"
        " vote.sync.any.pred p, p, -1; selp.s32 $0, 1, 0, p; mov.b32 $1, $0; }",
        "=r,=r,r,r", [moved.to(gl.int32)], dtype=gl.int32, is_pure=True, pack=2,
    )  # fmt: skip


# O x alpha for 16 accumulator values a thread holds, skipped by a warp-uniform branch when the warp's
# vote ($48: the flag, the same in every element) says no row moved; outputs tied to the inputs
_RESCALE16_PTX = gl.constexpr(
    "{ .reg .pred p; setp.eq.s32 p, $48, 0; @p bra.uni SKIP;"
    + "".join(f" mul.f32 ${i}, ${i}, ${32 + i};" for i in range(16))
    + " SKIP: }"
)
_RESCALE16_CONSTRAINTS = gl.constexpr(
    ",".join(["=f"] * 16 + [str(i) for i in range(16)] + ["f"] * 16 + ["r"] * 16)
)


@gluon.jit
def _rescale(acc, alpha, grow, o_layout: gl.constexpr, RESCALE: gl.constexpr,
             RESCALE_WARP: gl.constexpr = False):  # fmt: skip
    """O x alpha per row; under ``RESCALE`` only where some row of the warpgroup (``RESCALE_WARP``: of the
    warp) moved its max (``grow``, :func:`_row_max`): else every alpha is exactly 1 and the multiplies
    (HEAD_DIM / 2 per thread) are skipped by a branch, an scf.if on the warpgroup's scalar or a warp-uniform
    branch in PTX, never a per-thread select (a predicated multiply still takes its issue slot)."""
    a = gl.expand_dims(gl.convert_layout(alpha, gl.SliceLayout(1, o_layout)), 1)
    if RESCALE > 0.0:
        if RESCALE_WARP:
            flag = gl.expand_dims(gl.convert_layout(grow, gl.SliceLayout(1, o_layout)), 1)
            acc = gl.inline_asm_elementwise(
                _RESCALE16_PTX, _RESCALE16_CONSTRAINTS, [acc, a, flag], dtype=gl.float32, is_pure=True,
                pack=16,
            )  # fmt: skip
        elif grow != 0:
            acc = acc * a
    else:
        acc = acc * a
    return acc


# Named hardware barriers of the consumers' turns (``PINGPONG``): consumer c waits at TURN_BAR + c and
# passes the turn to the next one (c + 1 mod the consumer count) at that one's barrier. Triton 3.6 takes 0-4
# for its partitions' own barriers (the PTX of the forward: bar.sync 0 / 2 of 128 threads, barrier.sync 1;
# the FP8 transposer's 3), so these sit well above them.
TURN_BAR = gl.constexpr(8)
_TURN_WAIT = gl.constexpr(
    ("bar.sync 8, 256; mov.b32 $0, 0;", "bar.sync 9, 256; mov.b32 $0, 0;", "bar.sync 10, 256; mov.b32 $0, 0;")
)
_TURN_PASS2 = gl.constexpr(("bar.arrive 9, 256; mov.b32 $0, 0;", "bar.arrive 8, 256; mov.b32 $0, 0;"))
_TURN_PASS3 = gl.constexpr(
    (
        "bar.arrive 9, 256; mov.b32 $0, 0;",
        "bar.arrive 10, 256; mov.b32 $0, 0;",
        "bar.arrive 8, 256; mov.b32 $0, 0;",
    )
)


@gluon.jit
def _turn(HALF: gl.constexpr, PASS: gl.constexpr, CONSUMERS: gl.constexpr = 2):
    """FlashAttention-3's pingpong between consumer warpgroups: consumer ``HALF`` waits for its turn to
    issue wgmma (``PASS`` False: ``bar.sync``, 256 threads, the previous consumer's ``bar.arrive``
    completes it) or hands the turn to the next one (``PASS``; of ``CONSUMERS``, 2 or 3, in a ring). So the
    tensor cores take the warpgroups' matmuls in turn and one's softmax runs under the others' matmuls,
    instead of them drifting (and meeting) as they please. One element a thread (a 128-thread blocked
    layout), so the PTX runs once per thread; not pure, so it keeps its place between the wgmma issues."""
    one: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    tok = gl.full([128], 0, gl.int32, one)
    if PASS:
        if CONSUMERS == 3:
            asm: gl.constexpr = _TURN_PASS3[HALF]
        else:
            asm: gl.constexpr = _TURN_PASS2[HALF]
    else:
        asm: gl.constexpr = _TURN_WAIT[HALF]
    gl.inline_asm_elementwise(asm, "=r,r", [tok], dtype=gl.int32, is_pure=False, pack=1)


@gluon.jit
def _qk(q_s, k_smem, k_ready, cnt, s_layout: gl.constexpr, BLOCK_N: gl.constexpr, STAGES: gl.constexpr,
        PINGPONG: gl.constexpr = False, HALF: gl.constexpr = 0):  # fmt: skip
    """Wait for K of ring slot ``cnt`` and issue S = Q K^T asynchronously. ``q_s``: Q's column chunks
    (:func:`accel.kernels.gluon.tiles._chunks`; one, or three at a head dim of 192), each a wgmma with K's
    matching chunk into one accumulator. ``PINGPONG``: after K has landed, wait for this consumer's turn
    (:func:`_turn`) before the issue; the caller passes it on."""
    CHUNKS: gl.constexpr = len(q_s)
    s = cnt % STAGES
    mbarrier.wait(k_ready.index(s), (cnt // STAGES) & 1)
    if PINGPONG:
        _turn(HALF, False)
    acc = gl.zeros([HALF_M, BLOCK_N], gl.float32, s_layout)
    for c in gl.static_range(CHUNKS):
        k_s = k_smem.index(_chunk(s, c, CHUNKS))._reinterpret(
            k_smem.dtype, [BLOCK_N, k_smem.shape[-1]], q_s[c].layout
        )
        acc = warpgroup_mma(q_s[c], k_s.permute((1, 0)), acc, use_acc=c > 0, is_async=True)
    return acc


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
          CAUSAL: gl.constexpr, FP8: gl.constexpr = False, P_LOG2: gl.constexpr = 0.0, grow=1,
          RESCALE: gl.constexpr = 0.0, RESCALE_WARP: gl.constexpr = False,
          ROW_LIMIT: gl.constexpr = False, PINGPONG: gl.constexpr = False,
          HALF: gl.constexpr = 0, K_STAGES: gl.constexpr = 2):  # fmt: skip
    """Block j: QK^T(j) is issued first; O's rescale by block j-1's alpha runs under it, then PV(j-1) is
    issued; softmax(j) sits between the QK^T wait and the PV wait (FlashAttention-3's order). ``FP8``:
    e4m3 operands (V^T tiles, P kept fp32 until the wgmma, :func:`_p_operand`). ``grow``/``RESCALE``: block
    j-1's, as :func:`_rescale` takes them; block j's is returned last. ``PINGPONG``: both matmuls are
    issued in consumer ``HALF``'s turn (:func:`_turn`), passed on once they are. ``K_STAGES``: the K ring's
    depth (V's is ``STAGES``)."""
    s_tok = _qk(q_s, k_smem, k_ready, cnt, s_layout, BLOCK_N, K_STAGES, PINGPONG, HALF)
    acc = _rescale(acc, alpha, grow, o_layout, RESCALE, RESCALE_WARP)
    sp = (cnt - 1) % STAGES
    mbarrier.wait(v_ready.index(sp), ((cnt - 1) // STAGES) & 1)
    acc = warpgroup_mma(_e4m3(p_prev, FP8), _v_operand(v_smem, sp, FP8), acc, is_async=True)
    if PINGPONG:
        _turn(HALF, True)
    qk = warpgroup_mma_wait(1, deps=(s_tok,))
    mbarrier.arrive(k_empty.index(cnt % K_STAGES))
    p, alpha, m_i, l_i, grow = _softmax(
        qk, m_i, l_i, j, offs_m, qk_scale, causal_off, seq_k, s_layout, BLOCK_N, MASKED, CAUSAL, P_LOG2,
        RESCALE, RESCALE_WARP, ROW_LIMIT,
    )  # fmt: skip
    acc, p_prev = warpgroup_mma_wait(0, deps=(acc, p_prev))
    mbarrier.arrive(v_empty.index(sp))
    p_next = _p_operand(p, v_smem.dtype, p_layout, FP8)
    return acc, m_i, l_i, p_next, alpha, grow


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
                 CAUSAL: gl.constexpr, FP8: gl.constexpr = False, P_LOG2: gl.constexpr = 0.0,
                 RESCALE: gl.constexpr = 0.0, RESCALE_WARP: gl.constexpr = False,
                 ROW_LIMIT: gl.constexpr = False, K_STAGES: gl.constexpr = 2,
                 PINGPONG: gl.constexpr = False, HALF: gl.constexpr = 0,
                 CONSUMERS: gl.constexpr = 2):  # fmt: skip
    """Block j whole: QK^T(j), softmax(j), O's rescale, then PV(j), waited before the block ends (the FP8
    forward's order): no P crosses the loop, which leaves FP8 the registers for larger blocks or a third
    consumer. Per warpgroup it serialises what :func:`_step` overlaps on paper; ptxas hoists that overlap
    away (docs/kernels-log.md), and for FP8 this order measured faster; for bf16 slower, so bf16 keeps
    :func:`_step`. ``PINGPONG``: the step starts in consumer ``HALF``'s turn (:func:`_turn`) and passes it
    once QK^T(j) is issued; it takes the next turn for PV(j) and keeps it to the end, so one turn holds a
    block's PV and the next block's QK^T, as FlashAttention-3's turn holds PV(j-1) and QK^T(j); the caller
    takes the tile's first turn and passes its last."""
    s = cnt % STAGES
    s_tok = _qk(q_s, k_smem, k_ready, cnt, s_layout, BLOCK_N, K_STAGES)
    if PINGPONG:
        _turn(HALF, True, CONSUMERS)
    qk = warpgroup_mma_wait(0, deps=(s_tok,))
    _release(k_empty.index(cnt % K_STAGES))
    p, alpha, m_i, l_i, grow = _softmax(
        qk, m_i, l_i, j, offs_m, qk_scale, causal_off, seq_k, s_layout, BLOCK_N, MASKED, CAUSAL, P_LOG2,
        RESCALE, RESCALE_WARP, ROW_LIMIT,
    )  # fmt: skip
    p = _e4m3(_p_operand(p, v_smem.dtype, p_layout, FP8), FP8)
    acc = _rescale(acc, alpha, grow, o_layout, RESCALE, RESCALE_WARP)
    mbarrier.wait(v_ready.index(s), (cnt // STAGES) & 1)
    if PINGPONG:  # (V landed first: the turn is not held waiting for the producer)
        _turn(HALF, False, CONSUMERS)
    acc = warpgroup_mma(p, _v_operand(v_smem, s, FP8), acc, is_async=True)
    acc = warpgroup_mma_wait(0, deps=(acc,))  # (an e4m3 P cannot be a dependency; nothing else runs here)
    _release(v_empty.index(s))
    return acc, m_i, l_i
