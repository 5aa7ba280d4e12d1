"""Ring attention: exact attention over a sequence sharded across the ranks of a process group.

Every rank holds ``N / W`` queries, keys and values. Forward: the key/value block travels around the
ring; at each of the ``W`` steps a rank starts sending its current block to the next rank and receiving
the following one from the previous rank (``batch_isend_irecv``), and meanwhile runs the attention
kernel on the block it has. The partial outputs are merged in fp32 through their log-sum-exp, so the
result is the same softmax as one big kernel. Backward is a second ring: key/values travel again, and
with them an fp32 accumulator of their dK/dV that every rank adds its contribution to; after ``W``
steps plus one final hop each accumulator is back at the rank that owns those keys.

Causal attention expects zigzag-sharded inputs (:func:`accel.distributed.shard`): rank ``r`` holds chunks
``r`` and ``2W-1-r`` of ``2W``. Then at step 0 a rank attends causally to its own keys, and at every
later step either all its queries see the first half of the visiting block (the block came from a
lower rank) or the second half of its queries sees the whole block (a higher rank) -- the same amount
of work on every rank at every step. Non-causal attention works with any sharding.
"""

from __future__ import annotations

import math

import torch
import torch.distributed as dist

from gpuaccel.accel.distributed.block_ops import block_backward, block_forward, block_impl

_TAG_KV = 11
_TAG_DKV = 12
_ALL = slice(None)


class _Ring:
    """This rank's neighbours in ``group`` and the asynchronous exchange along the ring."""

    def __init__(self, group: dist.ProcessGroup | None) -> None:
        if not (dist.is_available() and dist.is_initialized()):
            raise RuntimeError(
                "ring attention needs torch.distributed: call torch.distributed.init_process_group "
                "(nccl on GPUs, gloo on CPU) first, e.g. by launching with torchrun"
            )
        self.group = group
        self.world_size = dist.get_world_size(group)
        self.rank = dist.get_rank(group)
        if self.rank < 0:
            raise RuntimeError("this process is not a member of the process group passed to ring attention")
        self.next = self._global((self.rank + 1) % self.world_size)
        self.prev = self._global((self.rank - 1) % self.world_size)

    def _global(self, group_rank: int) -> int:
        if self.group is None or self.group is dist.group.WORLD:
            return group_rank
        return dist.get_global_rank(self.group, group_rank)

    def exchange(self, send: torch.Tensor, tag: int) -> tuple[torch.Tensor, list[dist.Work]]:
        """Start sending ``send`` to the next rank and receiving its twin from the previous one."""
        recv = torch.empty_like(send)
        ops = [
            dist.P2POp(dist.isend, send, self.next, self.group, tag),
            dist.P2POp(dist.irecv, recv, self.prev, self.group, tag),
        ]
        return recv, dist.batch_isend_irecv(ops)


def _wait(works: list[dist.Work]) -> None:
    for work in works:
        work.wait()


def _plan(rank: int, src: int, causal: bool, n: int) -> tuple[slice, slice, bool]:
    """Which query rows meet which key rows when this rank holds the block of rank ``src``.

    Returns ``(query rows, key rows, causal mask on the block)``. Under zigzag sharding a block from a
    lower rank is visible in its first half (chunk ``src`` < ``rank``) to all queries, and a block from a
    higher rank is wholly visible to the second half of the queries (chunk ``2W-1-rank``) only.
    """
    if not causal:
        return _ALL, _ALL, False
    if src == rank:
        return _ALL, _ALL, True
    half = n // 2
    if src < rank:
        return _ALL, slice(0, half), False
    return slice(half, None), _ALL, False


def _check_inputs(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool) -> None:
    for name, t in (("q", q), ("k", k), ("v", v)):
        if t.dim() != 4:
            raise ValueError(f"{name} must be [batch, heads, seq_local, head_dim], got {tuple(t.shape)}")
    if k.shape != v.shape:
        raise ValueError(f"k and v must have the same shape, got {tuple(k.shape)} and {tuple(v.shape)}")
    b, h, n, d = q.shape
    if k.shape[0] != b or k.shape[2] != n or k.shape[3] != d:
        raise ValueError(
            f"k/v {tuple(k.shape)} must match q {tuple(q.shape)} in batch, local sequence and head_dim "
            "(every rank holds the same number of query and key tokens)"
        )
    if h % k.shape[1]:
        raise ValueError(f"query heads ({h}) must be a multiple of key/value heads ({k.shape[1]})")
    if not (q.device == k.device == v.device and q.dtype == k.dtype == v.dtype):
        raise ValueError("q, k and v must share one device and dtype")
    if causal and n % 2:
        raise ValueError(
            f"causal ring attention expects zigzag-sharded inputs (accel.distributed.shard(..., "
            f"layout='zigzag')), so the local sequence length must be even; got {n}"
        )


def _acc_dtype(dtype: torch.dtype) -> torch.dtype:
    """Accumulators are fp32 (fp64 for fp64 inputs, so CPU tests can be exact)."""
    return torch.float64 if dtype == torch.float64 else torch.float32


def _merge(out: torch.Tensor, lse: torch.Tensor, block_out: torch.Tensor, block_lse: torch.Tensor) -> None:
    """Fold one block's (output, lse) into the running (out, lse) views, in place.

    With the Triton block ops the fused kernel does it in one pass (:mod:`accel.distributed.merge`);
    otherwise (CPU, fp64, ``GPUACCEL_RING_BLOCK=torch``) plain PyTorch ops do.
    """
    if out.dtype == torch.float32 and block_impl(block_out) == "triton":
        from gpuaccel.accel.distributed.merge import merge_

        merge_(out, lse, block_out, block_lse)
        return
    new_lse = torch.logaddexp(lse, block_lse)
    out.mul_(torch.exp(lse - new_lse).unsqueeze(-1))
    out.add_(block_out.to(out.dtype) * torch.exp(block_lse - new_lse).unsqueeze(-1))
    lse.copy_(new_lse)


def ring_attention_forward(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    group: dist.ProcessGroup | None,
    causal: bool,
    scale: float,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Forward ring without autograd: ``(out in q's dtype, lse fp32 [B, H, N_local])``."""
    _check_inputs(q, k, v, causal)
    ring = _Ring(group)
    world = ring.world_size
    if world == 1:
        return block_forward(q, k, v, causal, scale)
    n = q.shape[-2]
    kv = torch.stack((k, v))
    out = lse = None
    for step in range(world):
        if step + 1 < world:
            next_kv, works = ring.exchange(kv, _TAG_KV)
        rows, kv_rows, block_causal = _plan(ring.rank, (ring.rank - step) % world, causal, n)
        block_out, block_lse = block_forward(
            q[:, :, rows], kv[0][:, :, kv_rows], kv[1][:, :, kv_rows], block_causal, scale
        )
        if out is None or lse is None:  # step 0: the rank's own keys cover every query row
            out = block_out.to(_acc_dtype(q.dtype), copy=True)
            lse = block_lse.to(_acc_dtype(q.dtype), copy=True)
        else:
            _merge(out[:, :, rows], lse[:, :, rows], block_out, block_lse)
        if step + 1 < world:
            _wait(works)
            kv = next_kv
    assert out is not None and lse is not None
    return out.to(q.dtype), lse


def ring_attention_backward(
    do: torch.Tensor,
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    out: torch.Tensor,
    lse: torch.Tensor,
    group: dist.ProcessGroup | None,
    causal: bool,
    scale: float,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Backward ring without autograd: ``(dq, dk, dv)`` for this rank's shard, in the inputs' dtypes.

    The dK/dV accumulator of a block travels one hop behind the block itself, so its transfer overlaps
    the next step's kernel; after the last step it takes one more hop home.
    """
    _check_inputs(q, k, v, causal)
    ring = _Ring(group)
    world = ring.world_size
    if world == 1:
        return block_backward(do, q, k, v, out, lse, causal, scale)
    n = q.shape[-2]
    acc = _acc_dtype(q.dtype)
    kv = torch.stack((k, v))
    dq = dkv = dkv_sent = torch.empty(0)
    dkv_works: list[dist.Work] = []
    for step in range(world):
        if step + 1 < world:
            next_kv, kv_works = ring.exchange(kv, _TAG_KV)
        rows, kv_rows, block_causal = _plan(ring.rank, (ring.rank - step) % world, causal, n)
        bdq, bdk, bdv = block_backward(
            do[:, :, rows],
            q[:, :, rows],
            kv[0][:, :, kv_rows],
            kv[1][:, :, kv_rows],
            out[:, :, rows],
            lse[:, :, rows],
            block_causal,
            scale,
        )
        if step == 0:  # own keys: the block covers every query and key row
            dq = bdq.to(acc, copy=True)
            dkv = torch.stack((bdk, bdv)).to(acc)
        else:
            dq[:, :, rows] += bdq
            _wait(dkv_works)  # the accumulator of this block, sent by the previous rank last step
            dkv[0][:, :, kv_rows] += bdk
            dkv[1][:, :, kv_rows] += bdv
        # Kept alive until its send completes. After the last step the accumulator is complete and only
        # travels home, where it becomes dK/dV in k's dtype: converting before the hop is the same
        # rounding and halves the one transfer no kernel hides (bf16/fp16).
        dkv_sent = dkv if step + 1 < world else dkv.to(k.dtype)
        dkv, dkv_works = ring.exchange(dkv_sent, _TAG_DKV)
        if step + 1 < world:
            _wait(kv_works)
            kv = next_kv
    _wait(dkv_works)  # the final hop brings this rank's own dK/dV home
    return dq.to(q.dtype), dkv[0], dkv[1]


class RingFlashAttention(torch.autograd.Function):
    """Autograd wrapper: saves (q, k, v, out, lse) and runs the backward ring."""

    @staticmethod
    def forward(  # type: ignore[override]
        ctx: torch.autograd.function.FunctionCtx,
        q: torch.Tensor,
        k: torch.Tensor,
        v: torch.Tensor,
        group: dist.ProcessGroup | None,
        causal: bool,
        scale: float,
    ) -> torch.Tensor:
        out, lse = ring_attention_forward(q, k, v, group, causal, scale)
        ctx.save_for_backward(q, k, v, out, lse)
        ctx.group, ctx.causal, ctx.scale = group, causal, scale
        return out

    @staticmethod
    def backward(ctx: torch.autograd.function.FunctionCtx, do: torch.Tensor):  # type: ignore[override]
        q, k, v, out, lse = ctx.saved_tensors
        dq, dk, dv = ring_attention_backward(
            do.contiguous(), q, k, v, out, lse, ctx.group, ctx.causal, ctx.scale
        )
        return dq, dk, dv, None, None, None


def ring_flash_attention(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    group: dist.ProcessGroup | None = None,
    causal: bool = False,
    softmax_scale: float | None = None,
) -> torch.Tensor:
    """Exact attention over the sequence sharded across ``group``; returns this rank's output shard.

    ``q``, ``k``, ``v``: this rank's ``[batch, heads, seq_local, head_dim]`` shards (k/v may have fewer
    heads: grouped-query attention); every rank holds the same ``seq_local``. ``causal=True`` requires
    zigzag sharding (:func:`accel.distributed.shard`). ``softmax_scale`` defaults to ``1/sqrt(head_dim)``.
    Differentiable with respect to q, k and v.
    """
    scale = softmax_scale if softmax_scale is not None else 1.0 / math.sqrt(q.shape[-1])
    return RingFlashAttention.apply(q, k, v, group, causal, float(scale))
