"""FP8 (e4m3) attention forward for Hopper (sm_90) in Gluon, on the bf16 forward's warp-specialised shape.

Why it is shaped this way: the structure is :mod:`accel.kernels.gluon_fwd`'s (one TMA producer warp, two
independent 64-row consumer warpgroups, mbarrier K/V ring, persistent grid, longest-first causal order),
and so are its producer, softmax step, block loop order and epilogue; this module holds what FP8 changes:
- Inputs come from :func:`accel.kernels.fp8.quantize_fp8` with 64-row Q blocks (one scale per consumer
  tile) and BLOCK_N-row K blocks, so each score tile is rescaled by one scalar, folded into the exp2
  scale; V arrives transposed ([B, H, D, N]) because fp8 wgmma takes only K-major B operands, and its
  per-column scale multiplies O once at the end.
- QK^T and PV are e4m3 wgmma (k = 32); P is cast to e4m3 in registers as PV's A operand.
- P is scaled by 256 before its cast (small probabilities stay out of e4m3's subnormals); the factor rides
  in the exponent (2**8 subtracted from the row max), so it costs no multiply and cancels in O = acc / l.
"""

from __future__ import annotations

import torch
import triton
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import mbarrier, warpgroup_mma, warpgroup_mma_wait

from gpuaccel.accel.kernels.flash_fwd import LOG2E
from gpuaccel.accel.kernels.gluon_fwd import (
    CONSUMER_REGS,
    L2_BUDGET_BYTES,
    _e4m3,
    _epilogue,
    _p_operand,
    _producer,
    _qk,
    _softmax,
    _step,
    _v_operand,
)
from gpuaccel.accel.kernels.gluon_sched import CONSUMER_ROWS, causal_schedule, no_schedule
from gpuaccel.accel.kernels.gluon_tiles import (
    HALF_M,
    _descriptor,
    _kv_blocks,
    _release_rest,
    _tile_coords,
    _tile_count,
    _tile_id,
)
from gpuaccel.accel.kernels.launchers import Bound, launch, sm_count
from gpuaccel.accel.kernels.tuning import GluonFwdConfig

P_LOG2 = gl.constexpr(8.0)  # P x 2**8 before the e4m3 cast

# Per padded head_dim: e4m3 tiles are half the bytes of bf16 ones, so D128 fits 128-key blocks x 3 stages
# in ~112 KB; D256 keeps 64-key blocks (its 64 x 256 fp32 O accumulator bounds the registers).
GLUON_FP8_CONFIGS = {64: GluonFwdConfig(128, 3), 128: GluonFwdConfig(128, 3), 256: GluonFwdConfig(64, 2)}
GLUON_FP8_HEAD_DIMS = tuple(GLUON_FP8_CONFIGS)


@gluon.jit
def _consumer_fp8(q_smem, k_smem, v_smem, q_ready, q_empty, k_ready, v_ready, k_empty, v_empty, o_ptr,
                  lse_ptr, qs_ptr, ks_ptr, vs_ptr, stride_ob, stride_oh, stride_on, qk_scale, heads_q, group,
                  seq_q, seq_k, num_m, bh_total, group_heads, num_tiles, sched_ptr, sched_len,
                  HALF: gl.constexpr, HEAD_DIM: gl.constexpr, BLOCK_N: gl.constexpr, STAGES: gl.constexpr,
                  CAUSAL: gl.constexpr):  # fmt: skip
    s_layout: gl.constexpr = gl.NVMMADistributedLayout(
        version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, BLOCK_N, 32]
    )
    o_layout: gl.constexpr = gl.NVMMADistributedLayout(
        version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, HEAD_DIM, 32]
    )
    p_layout: gl.constexpr = gl.DotOperandLayout(operand_index=0, parent=o_layout, k_width=4)
    row_layout: gl.constexpr = gl.SliceLayout(1, s_layout)
    q_2d: gl.constexpr = gl.NVMMASharedLayout.get_default_for([HALF_M, HEAD_DIM], q_smem.dtype)
    causal_off = seq_k - seq_q  # query i sees key j when j <= i + causal_off
    q_blocks = gl.cdiv(seq_q, HALF_M)
    k_blocks = gl.cdiv(seq_k, BLOCK_N)
    q_s = q_smem.index(HALF)._reinterpret(q_smem.dtype, [HALF_M, HEAD_DIM], q_2d)
    cols = gl.arange(0, HEAD_DIM, layout=gl.SliceLayout(0, o_layout))
    cnt = 0  # K/V blocks consumed so far: ring slot and phase
    for i in range(_tile_count(sched_ptr, sched_len, num_tiles, CAUSAL)):
        t = _tile_id(i, sched_ptr, sched_len, CAUSAL)
        m_idx, bh = _tile_coords(t, num_m, bh_total, group_heads, CAUSAL)
        start_m = m_idx * (2 * HALF_M)
        row0 = start_m + HALF * HALF_M
        n_tile, _ = _kv_blocks(start_m, 2 * HALF_M, seq_k, causal_off, BLOCK_N, CAUSAL)
        n_mine, n_full = _kv_blocks(row0, HALF_M, seq_k, causal_off, BLOCK_N, CAUSAL)
        offs_m = row0 + gl.arange(0, HALF_M, layout=row_layout)
        ks_row = ks_ptr + (bh // group) * k_blocks  # this K/V head's per-block scales
        # rows past seq_q (the second half of a short last tile) reuse the last block's scale: never stored
        q_scale = qk_scale * gl.load(qs_ptr + bh * q_blocks + gl.minimum(row0 // HALF_M, q_blocks - 1))
        mbarrier.wait(q_ready.index(HALF), i & 1)

        # block 0, always masked (it may hold the diagonal or the ragged end, or nothing this row sees)
        m_i = gl.full([HALF_M], float("-inf"), gl.float32, row_layout)
        l_i = gl.zeros([HALF_M], gl.float32, row_layout)
        qk = warpgroup_mma_wait(0, deps=(_qk(q_s, k_smem, k_ready, cnt, s_layout, BLOCK_N, STAGES),))
        mbarrier.arrive(k_empty.index(cnt % STAGES))
        p, alpha, m_i, l_i = _softmax(
            qk, m_i, l_i, 0, offs_m, q_scale * gl.load(ks_row), causal_off, seq_k, s_layout, BLOCK_N, True,
            CAUSAL, P_LOG2,
        )  # fmt: skip
        p = _p_operand(p, v_smem.dtype, p_layout, True)
        acc = gl.zeros([HALF_M, HEAD_DIM], gl.float32, o_layout)
        for j in range(1, n_full):
            acc, m_i, l_i, p, alpha = _step(
                q_s, k_smem, v_smem, k_ready, v_ready, k_empty, v_empty, cnt + j, j, acc, m_i, l_i, p,
                alpha, offs_m, q_scale * gl.load(ks_row + j), causal_off, seq_k, s_layout, p_layout,
                o_layout, BLOCK_N, STAGES, False, CAUSAL, True, P_LOG2,
            )  # fmt: skip
        for j in range(gl.maximum(n_full, 1), n_mine):
            acc, m_i, l_i, p, alpha = _step(
                q_s, k_smem, v_smem, k_ready, v_ready, k_empty, v_empty, cnt + j, j, acc, m_i, l_i, p,
                alpha, offs_m, q_scale * gl.load(ks_row + j), causal_off, seq_k, s_layout, p_layout,
                o_layout, BLOCK_N, STAGES, True, CAUSAL, True, P_LOG2,
            )  # fmt: skip
        mbarrier.arrive(q_empty.index(HALF))  # every QK^T of this tile is done: Q's buffer may refill
        last = cnt + n_mine - 1
        acc = acc * gl.expand_dims(gl.convert_layout(alpha, gl.SliceLayout(1, o_layout)), 1)
        mbarrier.wait(v_ready.index(last % STAGES), (last // STAGES) & 1)
        acc = warpgroup_mma(_e4m3(p, True), _v_operand(v_smem, last % STAGES, True), acc, is_async=True)
        acc = warpgroup_mma_wait(0, deps=(acc,))
        mbarrier.arrive(v_empty.index(last % STAGES))
        _release_rest(k_ready, v_ready, k_empty, v_empty, cnt, n_mine, n_tile, STAGES)
        cnt += n_tile
        v_scale = gl.load(vs_ptr + (bh // group) * HEAD_DIM + cols)
        _epilogue(acc, m_i, l_i, v_scale, bh, row0, offs_m, o_ptr, lse_ptr, stride_ob, stride_oh, stride_on,
                  heads_q, seq_q, o_layout, HEAD_DIM, P_LOG2, True)  # fmt: skip


@gluon.jit
def gluon_attn_fp8_kernel(q_desc, k_desc, v_desc, o_ptr, lse_ptr, qs_ptr, ks_ptr, vs_ptr, stride_ob,
                          stride_oh, stride_on, qk_scale, heads_q, group, seq_q, seq_k, num_m, bh_total,
                          group_heads, num_tiles, sched_ptr, sched_len, HEAD_DIM: gl.constexpr,
                          BLOCK_N: gl.constexpr, STAGES: gl.constexpr, CAUSAL: gl.constexpr,
                          CONSUMER_REGS: gl.constexpr):  # fmt: skip
    dtype: gl.constexpr = q_desc.dtype
    q_smem = gl.allocate_shared_memory(dtype, [2, 1, 1, HALF_M, HEAD_DIM], q_desc.layout)
    k_smem = gl.allocate_shared_memory(dtype, [STAGES, 1, 1, BLOCK_N, HEAD_DIM], k_desc.layout)
    v_smem = gl.allocate_shared_memory(dtype, [STAGES, 1, 1, HEAD_DIM, BLOCK_N], v_desc.layout)  # V^T
    q_ready = gl.allocate_shared_memory(gl.int64, [2, 1], mbarrier.MBarrierLayout())
    q_empty = gl.allocate_shared_memory(gl.int64, [2, 1], mbarrier.MBarrierLayout())
    k_ready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    v_ready = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    k_empty = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    v_empty = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    for i in gl.static_range(2):
        mbarrier.init(q_ready.index(i), count=1)
        mbarrier.init(q_empty.index(i), count=1)
    for i in gl.static_range(STAGES):
        mbarrier.init(k_ready.index(i), count=1)
        mbarrier.init(v_ready.index(i), count=1)
        mbarrier.init(k_empty.index(i), count=2)  # both consumer warpgroups release a slot
        mbarrier.init(v_empty.index(i), count=2)

    first: gl.constexpr = 0
    second: gl.constexpr = 1
    gl.warp_specialize(
        [
            (_consumer_fp8, (q_smem, k_smem, v_smem, q_ready, q_empty, k_ready, v_ready, k_empty, v_empty,
                             o_ptr, lse_ptr, qs_ptr, ks_ptr, vs_ptr, stride_ob, stride_oh, stride_on,
                             qk_scale, heads_q, group, seq_q, seq_k, num_m, bh_total, group_heads, num_tiles,
                             sched_ptr, sched_len, first, HEAD_DIM, BLOCK_N, STAGES, CAUSAL)),
            (_consumer_fp8, (q_smem, k_smem, v_smem, q_ready, q_empty, k_ready, v_ready, k_empty, v_empty,
                             o_ptr, lse_ptr, qs_ptr, ks_ptr, vs_ptr, stride_ob, stride_oh, stride_on,
                             qk_scale, heads_q, group, seq_q, seq_k, num_m, bh_total, group_heads, num_tiles,
                             sched_ptr, sched_len, second, HEAD_DIM, BLOCK_N, STAGES, CAUSAL)),
            (_producer, (q_desc, k_desc, v_desc, q_smem, k_smem, v_smem, q_ready, q_empty, k_ready, v_ready,
                         k_empty, v_empty, heads_q, group, seq_q, seq_k, num_m, bh_total, group_heads,
                         num_tiles, sched_ptr, sched_len, BLOCK_N, STAGES, CAUSAL, True)),
        ],
        [4, 1],
        [CONSUMER_REGS, 24],
    )  # fmt: skip


# ---------------------------------------------------------------------------------------------- host side


def gluon_fp8_config(head_dim: int) -> GluonFwdConfig:
    if head_dim not in GLUON_FP8_CONFIGS:
        raise ValueError(f"the Gluon FP8 forward is built for head_dim {GLUON_FP8_HEAD_DIMS}, got {head_dim}")
    return GLUON_FP8_CONFIGS[head_dim]


def launch_gluon_fp8(
    q8: torch.Tensor,
    k8: torch.Tensor,
    vt8: torch.Tensor,
    scales: tuple[torch.Tensor, torch.Tensor, torch.Tensor],
    o: torch.Tensor,
    lse: torch.Tensor,
    causal: bool,
    scale: float,
    cfg: GluonFwdConfig,
    bound: Bound | None = None,
) -> None:
    """Run the FP8 forward into ``o`` (q's shape, bf16/fp16, unit last stride) and ``lse`` [B, Hq, Nq].

    q8/k8: e4m3 [B, H, N, D]; vt8: e4m3 [B, Hkv, D, Nk] (row stride a multiple of 16 bytes); scales: Q's
    per 64-row block [B*Hq, cdiv(Nq, 64)], K's per ``cfg.block_n``-row block, V's per (head, column)."""
    b, hq, nq, d = q8.shape
    hkv, nk = k8.shape[1], k8.shape[2]
    q_scale, k_scale, v_scale = scales
    if q_scale.shape[-1] != triton.cdiv(nq, CONSUMER_ROWS) or k_scale.shape[-1] != triton.cdiv(
        nk, cfg.block_n
    ):
        raise ValueError(
            f"Q/K scales must be per {CONSUMER_ROWS}/{cfg.block_n}-row block, got {q_scale.shape[-1]} and "
            f"{k_scale.shape[-1]} blocks for Nq {nq}, Nk {nk}"
        )
    num_m = triton.cdiv(nq, 2 * CONSUMER_ROWS)
    bh_total = b * hq
    num_tiles = num_m * bh_total
    kv_head_bytes = 2 * nk * d * k8.element_size() * hkv // hq  # a query head's share of its K/V head
    group_heads = max(1, min(bh_total, L2_BUDGET_BYTES // max(kv_head_bytes, 1)))
    programs = min(sm_count(q8.device), num_tiles)
    if causal:
        sched = causal_schedule(nq, nk, bh_total, group_heads, cfg.block_n, programs, q8.device)
    else:
        sched = no_schedule(q8.device)
    launch(
        gluon_attn_fp8_kernel, (programs,),
        (_descriptor(q8, CONSUMER_ROWS), _descriptor(k8, cfg.block_n), _descriptor(vt8, d, cfg.block_n), o,
         lse, q_scale, k_scale, v_scale, o.stride(0), o.stride(1), o.stride(2), scale * LOG2E,
         hq, hq // hkv, nq, nk, num_m, bh_total, group_heads, num_tiles, sched, sched.shape[-1]),
        dict(HEAD_DIM=d, BLOCK_N=cfg.block_n, STAGES=cfg.stages, CAUSAL=bool(causal),
             CONSUMER_REGS=CONSUMER_REGS),
        dict(num_warps=4), bound, "gluon_fp8",
    )  # fmt: skip
