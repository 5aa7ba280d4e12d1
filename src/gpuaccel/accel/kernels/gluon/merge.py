"""Merge of the persistent forward's key-split tail (:func:`accel.kernels.gluon.sched.split_schedule`).

Why a second launch: the tail tiles' pieces run concurrently on different programs, so the one that
finishes last would have to find out that it is last (a counter per tile, reset for the next call) before
merging; a plain kernel after the grid needs neither, costs one launch, and runs under the interpreter.
Each piece wrote its rows' O, normalised and in fp32, and their natural-log LSE; the rows of tile
``tail0 + r`` are the pieces in slots ``r*S .. r*S + S - 1`` and merge as ``flash_attn_combine`` merges
key splits: with ``m = max_s lse_s``, O = sum_s exp(lse_s - m) O_s / sum_s exp(lse_s - m) and
lse = m + log(sum_s exp(lse_s - m)) (:mod:`accel.kernels.decode.combine`).
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl

from gpuaccel.accel.kernels.dense.launchers import Bound, cdiv, launch

MERGE_ROWS = 32  # rows one merge program takes: ~300-500 programs for the tails the cost model cuts


@triton.jit
def _merge_rows(
    PO, PL, Out, LSE, bh, rows, first, ok, count, stride_ob, stride_oh, stride_on, heads_q, seq_q,
    TILE_ROWS: tl.constexpr, BLOCK_M: tl.constexpr, HEAD_DIM: tl.constexpr, MOST: tl.constexpr,
):  # fmt: skip
    """The log-sum-exp merge both kernels run: ``rows`` (valid where ``ok``) of batch*head ``bh`` from the
    first ``count`` of at most ``MOST`` pieces, whose partial rows start at ``first`` and follow each other
    a slot (``TILE_ROWS`` rows) apart, written to Out and LSE."""
    offs_d = tl.arange(0, HEAD_DIM)
    m = tl.full([BLOCK_M], float("-inf"), tl.float32)
    for s in tl.static_range(MOST):
        m = tl.maximum(m, tl.load(PL + first + s * TILE_ROWS, mask=ok & (s < count), other=float("-inf")))
    m_use = tl.where(m == float("-inf"), 0.0, m)  # rows no piece saw a key of (none in a dense call)
    total = tl.zeros([BLOCK_M], tl.float32)
    acc = tl.zeros([BLOCK_M, HEAD_DIM], tl.float32)
    for s in tl.static_range(MOST):
        part = first + s * TILE_ROWS
        use = ok & (s < count)
        w = tl.exp(tl.load(PL + part, mask=use, other=float("-inf")) - m_use)
        os = tl.load(PO + part[:, None] * HEAD_DIM + offs_d[None, :], mask=use[:, None], other=0.0)
        acc += os * w[:, None]
        total += w
    out = acc / tl.where(total == 0.0, 1.0, total)[:, None]
    o_ptrs = Out + (bh // heads_q).to(tl.int64) * stride_ob + (bh % heads_q).to(tl.int64) * stride_oh
    o_ptrs += rows.to(tl.int64)[:, None] * stride_on + offs_d[None, :]
    tl.store(o_ptrs, out.to(Out.dtype.element_ty), mask=ok[:, None])
    lse = tl.where(total == 0.0, float("-inf"), m_use + tl.log(tl.where(total == 0.0, 1.0, total)))
    tl.store(LSE + bh.to(tl.int64) * seq_q + rows, lse, mask=ok)


@triton.jit
def split_merge_kernel(
    PO, PL, Out, LSE, stride_ob, stride_oh, stride_on, heads_q, seq_q, num_m, tail0,
    TILE_ROWS: tl.constexpr, BLOCK_M: tl.constexpr, HEAD_DIM: tl.constexpr, PIECES: tl.constexpr,
):  # fmt: skip
    """Program (r, c): rows [c*BLOCK_M, (c+1)*BLOCK_M) of tail tile ``tail0 + r`` (non-causal order: query
    block t % num_m of batch*head t // num_m), from PO [slots, TILE_ROWS, HEAD_DIM] and PL [slots,
    TILE_ROWS] into Out [B, Hq, Nq, HEAD_DIM] (strides given) and LSE [B*Hq, Nq]. The pieces' loop is
    unrolled, so every piece's rows are loaded before the first is used (one round trip, not PIECES)."""
    r = tl.program_id(0)
    c = tl.program_id(1)
    t = tail0 + r
    bh = t // num_m
    local = c * BLOCK_M + tl.arange(0, BLOCK_M)
    rows = (t % num_m) * TILE_ROWS + local
    ok = rows < seq_q
    first = (r * PIECES).to(tl.int64) * TILE_ROWS + local
    _merge_rows(PO, PL, Out, LSE, bh, rows, first, ok, PIECES, stride_ob, stride_oh, stride_on, heads_q,
                seq_q, TILE_ROWS, BLOCK_M, HEAD_DIM, PIECES)  # fmt: skip


def split_scratch(
    slots: int, tile_rows: int, head_dim: int, device: torch.device
) -> tuple[torch.Tensor, torch.Tensor]:
    """Uninitialised partial O [slots, tile_rows, head_dim] and LSE [slots, tile_rows], fp32, in one
    allocation: every row a piece can write is written before the merge reads it, and rows past the
    sequence are neither written nor read."""
    flat = torch.empty(slots * tile_rows * (head_dim + 1), device=device, dtype=torch.float32)
    po = flat[: slots * tile_rows * head_dim].view(slots, tile_rows, head_dim)
    return po, flat[slots * tile_rows * head_dim :].view(slots, tile_rows)


def launch_split_merge(
    part: tuple[torch.Tensor, torch.Tensor],
    o: torch.Tensor,
    lse: torch.Tensor,
    num_m: int,
    split: tuple[int, int, int],
    bound: Bound | None = None,
) -> None:
    """Merge the pieces of ``split`` = (pieces per tile, first tail tile, tail tiles) from ``part`` (what
    :func:`split_scratch` made) into ``o`` [B, Hq, Nq, D] (unit last stride) and ``lse`` [B, Hq, Nq]
    (contiguous fp32)."""
    po, pl = part
    pieces, tail0, tail = split
    tile_rows, d = po.shape[1], po.shape[2]
    launch(
        split_merge_kernel, (tail, cdiv(tile_rows, MERGE_ROWS)),
        (po, pl, o, lse, o.stride(0), o.stride(1), o.stride(2), o.shape[1], o.shape[2], num_m, tail0),
        dict(TILE_ROWS=tile_rows, BLOCK_M=MERGE_ROWS, HEAD_DIM=d, PIECES=pieces),
        dict(num_warps=4), bound, "split_merge",
    )  # fmt: skip


@triton.jit
def tail_merge_kernel(
    PO, PL, Out, LSE, Items, stride_ob, stride_oh, stride_on, heads_q, seq_q, num_m,
    TILE_ROWS: tl.constexpr, BLOCK_M: tl.constexpr, HEAD_DIM: tl.constexpr, MOST: tl.constexpr,
):  # fmt: skip
    """:func:`split_merge_kernel` for tiles cut into pieces of any count (the bf16 forward's even cut,
    :func:`accel.kernels.gluon.sched.tail_schedule`): program (r, c) merges rows [c*BLOCK_M, (c+1)*BLOCK_M)
    of the tile in ``Items`` row r (tile, first slot, pieces; its slots are consecutive), at most ``MOST``
    pieces, the same log-sum-exp arithmetic."""
    r = tl.program_id(0)
    c = tl.program_id(1)
    t = tl.load(Items + 3 * r)
    s0 = tl.load(Items + 3 * r + 1)
    count = tl.load(Items + 3 * r + 2)
    bh = t // num_m
    local = c * BLOCK_M + tl.arange(0, BLOCK_M)
    rows = (t % num_m) * TILE_ROWS + local
    ok = (rows < seq_q) & (count > 0)
    first = s0.to(tl.int64) * TILE_ROWS + local
    _merge_rows(PO, PL, Out, LSE, bh, rows, first, ok, count, stride_ob, stride_oh, stride_on, heads_q,
                seq_q, TILE_ROWS, BLOCK_M, HEAD_DIM, MOST)  # fmt: skip


def launch_tail_merge(
    part: tuple[torch.Tensor, torch.Tensor],
    o: torch.Tensor,
    lse: torch.Tensor,
    num_m: int,
    items: torch.Tensor,
    most: int,
    bound: Bound | None = None,
) -> None:
    """Merge the cut tiles in ``items`` ([tiles, 3] int32, :func:`accel.kernels.gluon.sched.tail_schedule`)
    from ``part`` (:func:`split_scratch`'s) into ``o`` [B, Hq, Nq, D] (unit last stride) and ``lse``."""
    po, pl = part
    tile_rows, d = po.shape[1], po.shape[2]
    rows = MERGE_ROWS if d <= 128 else MERGE_ROWS // 2  # D256: 16 x 256 fp32 a piece in registers
    launch(
        tail_merge_kernel, (items.shape[0], cdiv(tile_rows, rows)),
        (po, pl, o, lse, items, o.stride(0), o.stride(1), o.stride(2), o.shape[1], o.shape[2], num_m),
        dict(TILE_ROWS=tile_rows, BLOCK_M=rows, HEAD_DIM=d, MOST=max(most, 1)),
        dict(num_warps=4), bound, "tail_merge",
    )  # fmt: skip
