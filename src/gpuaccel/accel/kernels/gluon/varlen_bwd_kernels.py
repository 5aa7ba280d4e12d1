"""The Gluon (Hopper) backward over packed documents: the dense kernels' consumers, fed per document.

Why it is built from :mod:`accel.kernels.gluon.bwd_kernels`' consumers unchanged: a program's work is one
128-row tile of one document, and once that document's rows are addressed relative to its own start the
dense consumers' arithmetic (causal block skipping, ragged-end masks, GQA sums, the statistics) is exactly
right for it. What differs is only where rows live, so this module holds the dK/dV kernels' TMA producer
(it adds the document's first token to every box coordinate; the dQ kernel's is the dense one, given the
tile's absolute first row and the document's first key) and the entry kernels that read a work item and
offset the consumers' pointers to the document (the fused kernel's dQ reduce-adds, by coordinate too).
A value head dim of its own (MLA's 192/128) runs the same way on the dense 192/128 backward's consumers:
the dQ consumer with ``HEAD_DIM_V`` and q/k in 64-column ``CHUNKS``, and the by-gradient dK/dV consumers of
:mod:`accel.kernels.gluon.bwd_d256` (64 keys a program: two programs a 128-key work item):
- A work item is ``ITEM_FIELDS`` int32 values from a host table (longest work first, see
  :mod:`accel.kernels.gluon.varlen_bwd`): the document's first query token and query count, first key
  token and key count, the start of its rows in the padded statistics, and the tile's first row.
- The TMA descriptors are 4-D views ``[1, H, total, D]`` of the packed tensors, so a box that runs past a
  document's end reads the next document's rows (or zeros at the very end). Those rows are never used:
  keys past the end are masked out of P (the consumers' ``offs < seq_k``) and query rows past the end
  carry lse2 = +inf and delta = 0 in the statistics (P = 0, dS = 0), and no store touches them.
- Each document's statistics rows are padded to 128 (``STAT_PAD``), the dQ tile, so the dQ consumer's
  unmasked statistics stores of a tile's rows past the document's end land in that document's padding.
- The fused kernel's dQ boxes that run past a document's end add exact zeros (dS is 0 there: P = 0 for
  those rows, and for keys past the end): with ``FRAG`` (the accumulator laid out like the statistics) to
  the document's own padding, else to the next document's rows, so the sum is unchanged.
- The consumers take batch and (batch, head) indices and batch strides that select a batch's rows; here
  the pointers are already per document, so all of them are a zero tensor (``pid * 0``: the consumers
  call ``.to`` on the indices).
"""

from __future__ import annotations

from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia.hopper import mbarrier, tma

from gpuaccel.accel.kernels.gluon.bwd_d256 import _d256_consumer, _d256_ring
from gpuaccel.accel.kernels.gluon.bwd_fused import _dq_smem, _fused_consumer
from gpuaccel.accel.kernels.gluon.bwd_kernels import (
    HALF_M,
    _dq_consumer,
    _dq_producer,
    _dq_ring,
    _kv_consumer,
    _kv_ring,
    _query_blocks,
    _span,
)
from gpuaccel.accel.kernels.gluon.tiles import _load_chunks

# q0, len_q, k0, len_k, stat0, first row of the tile (query rows for dQ, keys for dK/dV)
ITEM_FIELDS = gl.constexpr(6)


@gluon.jit
def _item(items_ptr, idx):
    """The six fields of work item ``idx``."""
    base = items_ptr + idx * ITEM_FIELDS
    return (gl.load(base), gl.load(base + 1), gl.load(base + 2), gl.load(base + 3), gl.load(base + 4),
            gl.load(base + 5))  # fmt: skip


@gluon.jit
def gluon_varlen_dq_kernel(q_desc, k_desc, v_desc, do_desc, dq_ptr, o_ptr, do_ptr, lse_ptr, lse2_ptr,
                           delta_ptr, items_ptr, stride_qn, stride_qh, stride_on, stride_oh, stride_dn,
                           stride_dh, qk_scale2, scale, heads_q, heads_kv, total_q, stat_stride,
                           HEAD_DIM: gl.constexpr,
                           BLOCK_N: gl.constexpr, STAGES: gl.constexpr, CAUSAL: gl.constexpr,
                           CONSUMER_REGS: gl.constexpr, HEAD_DIM_V: gl.constexpr = 0,
                           CHUNKS: gl.constexpr = 1):  # fmt: skip
    """dQ of one 128-row tile of one document and query head; also writes the rows' statistics. The dense
    dQ kernel's ring, producer and consumers (:func:`bwd_kernels.gluon_bwd_dq_kernel`), so it takes what
    they take: ``HEAD_DIM_V`` (0: ``HEAD_DIM``), V, dO and o at a head dim of their own (MLA's 192/128),
    and ``CHUNKS`` 3, Q, K and dQ at 192 in three 64-column chunks (the descriptors' boxes 64 wide)."""
    DV: gl.constexpr = HEAD_DIM_V if HEAD_DIM_V > 0 else HEAD_DIM
    h = gl.program_id(1)
    q0, len_q, k0, len_k, stat0, start_m = _item(items_ptr, gl.program_id(0))
    hkv = h // (heads_q // heads_kv)
    zero = h * 0
    n_tile, _ = _span(start_m, 2 * HALF_M, len_k, len_k - len_q, BLOCK_N, CAUSAL)
    rows = q0.to(gl.int64)
    dq_doc = dq_ptr + rows * stride_qn
    o_doc = o_ptr + rows * stride_on
    do_doc = do_ptr + rows * stride_dn
    lse_doc = lse_ptr + h.to(gl.int64) * total_q + q0
    lse2_doc = lse2_ptr + h.to(gl.int64) * stat_stride + stat0
    delta_doc = delta_ptr + h.to(gl.int64) * stat_stride + stat0

    q_smem, do_smem, k_smem, v_smem, q_ready, ready, empty = _dq_ring(
        q_desc, k_desc, v_desc, do_desc, BLOCK_N, STAGES, HEAD_DIM, DV, CHUNKS
    )

    first: gl.constexpr = 0
    second: gl.constexpr = 1
    gl.warp_specialize(
        [
            (_dq_consumer, (q_smem, do_smem, k_smem, v_smem, q_ready, ready, empty, dq_doc, o_doc, do_doc,
                            lse_doc, lse2_doc, delta_doc, zero, stride_qh, stride_qn, zero, stride_oh,
                            stride_on, zero, stride_dh, stride_dn, qk_scale2, scale, zero, h, zero, start_m,
                            n_tile, len_q, len_k, stat_stride, first, HEAD_DIM, BLOCK_N, STAGES, CAUSAL, DV,
                            CHUNKS)),
            (_dq_consumer, (q_smem, do_smem, k_smem, v_smem, q_ready, ready, empty, dq_doc, o_doc, do_doc,
                            lse_doc, lse2_doc, delta_doc, zero, stride_qh, stride_qn, zero, stride_oh,
                            stride_on, zero, stride_dh, stride_dn, qk_scale2, scale, zero, h, zero, start_m,
                            n_tile, len_q, len_k, stat_stride, second, HEAD_DIM, BLOCK_N, STAGES, CAUSAL, DV,
                            CHUNKS)),
            (_dq_producer, (q_desc, k_desc, v_desc, do_desc, q_smem, do_smem, k_smem, v_smem, q_ready, ready,
                            empty, 0, h, hkv, q0 + start_m, n_tile, BLOCK_N, STAGES, CHUNKS, k0)),
        ],
        [4, 1],
        [CONSUMER_REGS, 24],
    )  # fmt: skip


@gluon.jit
def _varlen_kv_producer(q_desc, k_desc, v_desc, do_desc, lse2_desc, delta_desc, k_smem, v_smem, q_smem,
                        do_smem, lse2_smem, delta_smem, kv_ready, ready, empty, hkv, k_row, q0, stat0, n_m,
                        lo_blk, group, n_iter, STAGES: gl.constexpr, KV_BLOCKS: gl.constexpr = 2,
                        CHUNKS: gl.constexpr = 1):  # fmt: skip
    """The tile's K and V once (``KV_BLOCKS`` boxes of 64 rows from absolute row ``k_row``: 2, the 128 keys
    of the D128 kernels, or 1, the by-gradient kernel's 64), then (Q, dO) blocks of every query head of the
    group from the document's query row ``q0``, each with its statistics from the document's ``stat0``; Q
    and K in ``CHUNKS`` column chunks a buffer (:func:`accel.kernels.gluon.tiles._load_chunks`; 3 at q/k
    192)."""
    mbarrier.expect(kv_ready, KV_BLOCKS * (CHUNKS * k_desc.block_type.nbytes + v_desc.block_type.nbytes))
    for c in gl.static_range(KV_BLOCKS):
        _load_chunks(k_desc, k_smem, kv_ready, c, 0, hkv, k_row + c * HALF_M, CHUNKS)
        tma.async_copy_global_to_shared(v_desc, [0, hkv, k_row + c * HALF_M, 0], kv_ready, v_smem.index(c))
    stat_bytes: gl.constexpr = lse2_desc.block_type.nbytes + delta_desc.block_type.nbytes
    nbytes: gl.constexpr = CHUNKS * q_desc.block_type.nbytes + do_desc.block_type.nbytes + stat_bytes
    for i in range(n_iter):
        s = i % STAGES
        mbarrier.wait(empty.index(s), ((i // STAGES) & 1) ^ 1)
        h = hkv * group + i // n_m
        start_m = (lo_blk + i % n_m) * HALF_M
        mbarrier.expect(ready.index(s), nbytes)
        _load_chunks(q_desc, q_smem, ready.index(s), s, 0, h, q0 + start_m, CHUNKS)
        tma.async_copy_global_to_shared(do_desc, [0, h, q0 + start_m, 0], ready.index(s), do_smem.index(s))
        tma.async_copy_global_to_shared(lse2_desc, [0, h, 0, stat0 + start_m], ready.index(s),
                                        lse2_smem.index(s))  # fmt: skip
        tma.async_copy_global_to_shared(delta_desc, [0, h, 0, stat0 + start_m], ready.index(s),
                                        delta_smem.index(s))  # fmt: skip


@gluon.jit
def _key_tile(items_ptr, dk_ptr, dv_ptr, stride_kn, stride_vn, heads_q, heads_kv, CAUSAL: gl.constexpr,
              HEAD_GROUP: gl.constexpr = 0, KEYS: gl.constexpr = 2 * HALF_M):  # fmt: skip
    """A dK/dV program's work item (its KV head is program axis 1; with ``HEAD_GROUP`` G > 0 a one-axis
    grid of groups of G heads, each group's items heaviest first with its G heads fastest, so that within
    a group every head's heaviest tiles start before any head's lighter ones) and what follows from it:
    the query blocks that see its keys, and dK's and dV's pointers at the document's first key (row
    strides ``stride_kn``, ``stride_vn``). ``KEYS``: the program's keys, the item's 128-key tile, or 64
    (the by-gradient kernel's, :mod:`accel.kernels.gluon.bwd_d256`): then two programs an item, axis 0
    item-major, each a half of its tile; a half past the document's last key has no (Q, dO) block."""
    if HEAD_GROUP > 0:
        pid = gl.program_id(0)
        per_group = (gl.num_programs(0) // heads_kv) * HEAD_GROUP
        hkv = (pid // per_group) * HEAD_GROUP + pid % HEAD_GROUP
        idx = (pid % per_group) // HEAD_GROUP
    else:
        hkv = gl.program_id(1)
        idx = gl.program_id(0)
    if KEYS == HALF_M:
        q0, len_q, k0, len_k, stat0, start_n = _item(items_ptr, idx // 2)
        start_n += (idx % 2) * HALF_M
    else:
        q0, len_q, k0, len_k, stat0, start_n = _item(items_ptr, idx)
    group = heads_q // heads_kv
    causal_off = len_k - len_q
    lo_blk, n_m, n_iter = _query_blocks(start_n, len_q, causal_off, group, CAUSAL)
    if KEYS == HALF_M:
        n_iter = gl.where(start_n < len_k, n_iter, 0)
    rows = k0.to(gl.int64)
    return (hkv, q0, k0, len_k, stat0, start_n, hkv * 0, group, causal_off, lo_blk, n_m, n_iter,
            dk_ptr + rows * stride_kn, dv_ptr + rows * stride_vn)  # fmt: skip


@gluon.jit
def gluon_varlen_dkdv_kernel(q_desc, k_desc, v_desc, do_desc, lse2_desc, delta_desc, dk_ptr, dv_ptr,
                             items_ptr, stride_kn, stride_kh, qk_scale2, scale, heads_q, heads_kv, stride_vn,
                             stride_vh, HEAD_DIM: gl.constexpr, STAGES: gl.constexpr, CAUSAL: gl.constexpr,
                             CONSUMER_REGS: gl.constexpr, HEAD_DIM_V: gl.constexpr = 0,
                             CHUNKS: gl.constexpr = 1):  # fmt: skip
    """dK and dV of one document's keys and KV head, summed over the query heads of its group: 128 keys a
    program in the dense D64/D128 kernel's consumers (:func:`bwd_kernels._kv_consumer`), or, with a value
    head dim of its own (``HEAD_DIM_V``, MLA's 192/128 with Q and K in ``CHUNKS`` 3 64-column chunks), 64
    keys a program in the by-gradient kernel's (:func:`bwd_d256._d256_consumer`: one warpgroup sums dK, the
    other dV at v's width, as the dense 192/128 backward does). ``stride_vn``, ``stride_vh``: dv's (dk's
    where the head dims agree)."""
    if HEAD_DIM_V == 0 or HEAD_DIM_V == HEAD_DIM:
        hkv, q0, k0, len_k, stat0, start_n, zero, group, causal_off, lo_blk, n_m, n_iter, dk_doc, dv_doc = (
            _key_tile(items_ptr, dk_ptr, dv_ptr, stride_kn, stride_kn, heads_q, heads_kv, CAUSAL)
        )

        k_smem, v_smem, q_smem, do_smem, lse2_smem, delta_smem, kv_ready, ready, empty = _kv_ring(
            q_desc, k_desc, v_desc, do_desc, lse2_desc, delta_desc, 2, STAGES, HEAD_DIM
        )

        first: gl.constexpr = 0
        second: gl.constexpr = 1
        gl.warp_specialize(
            [
                (_kv_consumer, (k_smem, v_smem, q_smem, do_smem, lse2_smem, delta_smem, kv_ready, ready,
                                empty, dk_doc, dv_doc, zero, stride_kh, stride_kn, qk_scale2, scale, zero,
                                hkv, start_n, len_k, causal_off, n_m, lo_blk, n_iter, first, HEAD_DIM, STAGES,
                                CAUSAL)),
                (_kv_consumer, (k_smem, v_smem, q_smem, do_smem, lse2_smem, delta_smem, kv_ready, ready,
                                empty, dk_doc, dv_doc, zero, stride_kh, stride_kn, qk_scale2, scale, zero,
                                hkv, start_n, len_k, causal_off, n_m, lo_blk, n_iter, second, HEAD_DIM,
                                STAGES, CAUSAL)),
                (_varlen_kv_producer, (q_desc, k_desc, v_desc, do_desc, lse2_desc, delta_desc, k_smem,
                                       v_smem, q_smem, do_smem, lse2_smem, delta_smem, kv_ready, ready, empty,
                                       hkv, k0 + start_n, q0, stat0, n_m, lo_blk, group, n_iter, STAGES)),
            ],
            [4, 1],
            [CONSUMER_REGS, 24],
        )  # fmt: skip
    else:  # by gradient: 64 keys a program, dK (three matmuls a block) in the default partition
        hkv, q0, k0, len_k, stat0, start_n, zero, group, causal_off, lo_blk, n_m, n_iter, dk_doc, dv_doc = (
            _key_tile(items_ptr, dk_ptr, dv_ptr, stride_kn, stride_vn, heads_q, heads_kv, CAUSAL, 0, HALF_M)
        )

        k_smem, v_smem, q_smem, do_smem, lse2_smem, delta_smem, kv_ready, ready, empty = _d256_ring(
            q_desc, k_desc, v_desc, do_desc, lse2_desc, delta_desc, STAGES, HEAD_DIM, HEAD_DIM_V, CHUNKS
        )
        gl.warp_specialize(
            [
                (_d256_consumer, (k_smem, v_smem, q_smem, do_smem, lse2_smem, delta_smem, kv_ready, ready,
                                  empty, dk_doc, zero, stride_kh, stride_kn, qk_scale2, scale, zero, hkv,
                                  start_n, len_k, causal_off, lo_blk, n_m, n_iter, True, HEAD_DIM, HEAD_DIM_V,
                                  HEAD_DIM, STAGES, CAUSAL, CHUNKS)),
                (_d256_consumer, (k_smem, v_smem, q_smem, do_smem, lse2_smem, delta_smem, kv_ready, ready,
                                  empty, dv_doc, zero, stride_vh, stride_vn, qk_scale2, 1.0, zero, hkv,
                                  start_n, len_k, causal_off, lo_blk, n_m, n_iter, False, HEAD_DIM,
                                  HEAD_DIM_V, HEAD_DIM_V, STAGES, CAUSAL, CHUNKS)),
                (_varlen_kv_producer, (q_desc, k_desc, v_desc, do_desc, lse2_desc, delta_desc, k_smem,
                                       v_smem, q_smem, do_smem, lse2_smem, delta_smem, kv_ready, ready, empty,
                                       hkv, k0 + start_n, q0, stat0, n_m, lo_blk, group, n_iter, STAGES, 1,
                                       CHUNKS)),
            ],
            [4, 1],
            [CONSUMER_REGS, 24],
        )  # fmt: skip


@gluon.jit
def gluon_varlen_bwd_fused_kernel(q_desc, k_desc, v_desc, do_desc, lse2_desc, delta_desc, dq_desc, dk_ptr,
                                  dv_ptr, items_ptr, stride_kn, stride_kh, qk_scale2, scale, heads_q,
                                  heads_kv, HEAD_DIM: gl.constexpr, STAGES: gl.constexpr,
                                  CAUSAL: gl.constexpr, CONSUMER_REGS: gl.constexpr,
                                  LAG: gl.constexpr = 1, DELTA_IN_ACC: gl.constexpr = False,
                                  STATS_FIRST: gl.constexpr = False, FRAG: gl.constexpr = False,
                                  HEAD_GROUP: gl.constexpr = 0):  # fmt: skip
    """dK and dV of 128 keys of one document and KV head, and their share of the document's dQ, added to
    ``dq_desc``'s fp32 accumulator (zeroed by the statistics pass): ``[1, Hq, total_q, D]``, or with
    ``FRAG`` ``[1, Hq, stat_stride, D]``, each document's rows where its statistics are (so a document's
    first row sits on a 128-row boundary) and each 64-row block staged in :func:`bwd_fused._frag_order`.
    ``DELTA_IN_ACC``, ``STATS_FIRST``: as in the dense kernel (:func:`bwd_fused._fused_step`);
    ``HEAD_GROUP``: see :func:`_key_tile`."""
    hkv, q0, k0, len_k, stat0, start_n, zero, group, causal_off, lo_blk, n_m, n_iter, dk_doc, dv_doc = (
        _key_tile(items_ptr, dk_ptr, dv_ptr, stride_kn, stride_kn, heads_q, heads_kv, CAUSAL, HEAD_GROUP)
    )
    row0 = stat0 if FRAG else q0  # where the document's query row 0 sits in the accumulator

    k_smem, v_smem, q_smem, do_smem, lse2_smem, delta_smem, kv_ready, ready, empty = _kv_ring(
        q_desc, k_desc, v_desc, do_desc, lse2_desc, delta_desc, 2, STAGES, HEAD_DIM
    )
    ds_smem, dq_smem, ds_full, ds_empty = _dq_smem(q_desc.dtype, dq_desc, HEAD_DIM)

    first: gl.constexpr = 0
    second: gl.constexpr = 1
    gl.warp_specialize(
        [
            (_fused_consumer, (k_smem, v_smem, q_smem, do_smem, lse2_smem, delta_smem, ds_smem, dq_smem,
                               kv_ready, ready, empty, ds_full, ds_empty, dq_desc, dk_doc, dv_doc, zero,
                               stride_kh, stride_kn, qk_scale2, scale, zero, row0, hkv, start_n, len_k,
                               causal_off, n_m, lo_blk, group, n_iter, first, HEAD_DIM, STAGES, CAUSAL,
                               LAG, True, False, DELTA_IN_ACC, False, False, False, STATS_FIRST, FRAG)),
            (_fused_consumer, (k_smem, v_smem, q_smem, do_smem, lse2_smem, delta_smem, ds_smem, dq_smem,
                               kv_ready, ready, empty, ds_full, ds_empty, dq_desc, dk_doc, dv_doc, zero,
                               stride_kh, stride_kn, qk_scale2, scale, zero, row0, hkv, start_n, len_k,
                               causal_off, n_m, lo_blk, group, n_iter, second, HEAD_DIM, STAGES, CAUSAL,
                               LAG, True, False, DELTA_IN_ACC, False, False, False, STATS_FIRST, FRAG)),
            (_varlen_kv_producer, (q_desc, k_desc, v_desc, do_desc, lse2_desc, delta_desc, k_smem, v_smem,
                                   q_smem, do_smem, lse2_smem, delta_smem, kv_ready, ready, empty, hkv,
                                   k0 + start_n, q0, stat0, n_m, lo_blk, group, n_iter, STAGES)),
        ],
        [4, 1],
        [CONSUMER_REGS, 24],
    )  # fmt: skip
