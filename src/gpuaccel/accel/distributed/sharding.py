"""Splitting a sequence across ranks and putting it back together.

Two layouts:

- ``contiguous``: rank ``r`` holds tokens ``[r*n, (r+1)*n)``. Fine for non-causal attention, where every
  rank does the same work whatever it holds.
- ``zigzag``: the sequence is cut into ``2W`` chunks and rank ``r`` holds chunks ``r`` and ``2W-1-r``.
  Under a causal mask an early chunk has little to attend to and a late one a lot; pairing them gives
  every rank the same amount of work at every ring step. Causal ring attention requires this layout.

Position ids (for rotary embeddings and the like) must be sharded the same way as the tokens:
:func:`shard_position_ids` gives each rank the global positions of the tokens it holds.
"""

from __future__ import annotations

from collections.abc import Sequence

import torch
import torch.distributed as dist

LAYOUTS = ("zigzag", "contiguous")


def _check(seq_len: int, world_size: int, layout: str) -> int:
    """Validate and return the number of pieces the sequence is cut into."""
    if layout not in LAYOUTS:
        raise ValueError(f"layout must be one of {LAYOUTS}, got {layout!r}")
    if world_size < 1:
        raise ValueError(f"world_size must be >= 1, got {world_size}")
    pieces = 2 * world_size if layout == "zigzag" else world_size
    if seq_len % pieces:
        need = f"2 * world_size = {pieces}" if layout == "zigzag" else f"world_size = {pieces}"
        raise ValueError(
            f"{layout} sharding needs the sequence length to be divisible by {need}; got {seq_len} "
            f"(pad it to {(seq_len + pieces - 1) // pieces * pieces})"
        )
    return pieces


def shard(
    x: torch.Tensor, rank: int, world_size: int, *, layout: str = "zigzag", dim: int = -2
) -> torch.Tensor:
    """The part of ``x`` (sequence along ``dim``; ``-2`` for ``[B, H, N, D]``) that ``rank`` holds."""
    if not 0 <= rank < world_size:
        raise ValueError(f"rank must be in [0, {world_size}), got {rank}")
    pieces = _check(x.shape[dim], world_size, layout)
    chunks = x.chunk(pieces, dim=dim)
    if layout == "contiguous":
        return chunks[rank].contiguous()
    return torch.cat((chunks[rank], chunks[pieces - 1 - rank]), dim=dim).contiguous()


def unshard(shards: Sequence[torch.Tensor], *, layout: str = "zigzag", dim: int = -2) -> torch.Tensor:
    """Inverse of :func:`shard`: the full tensor from every rank's part, in rank order."""
    world_size = len(shards)
    if world_size == 0:
        raise ValueError("unshard needs at least one shard")
    sizes = {s.shape[dim] for s in shards}
    if len(sizes) != 1:
        raise ValueError(f"all shards must have the same length along dim {dim}, got {sorted(sizes)}")
    _check(sizes.pop() * world_size, world_size, layout)
    if layout == "contiguous":
        return torch.cat(list(shards), dim=dim)
    halves = [s.chunk(2, dim=dim) for s in shards]
    order = [h[0] for h in halves] + [h[1] for h in reversed(halves)]
    return torch.cat(order, dim=dim)


def shard_position_ids(
    seq_len: int,
    rank: int,
    world_size: int,
    *,
    layout: str = "zigzag",
    device: torch.device | str | None = None,
) -> torch.Tensor:
    """Global positions (int64, ``[seq_len / world_size]``) of the tokens ``rank`` holds."""
    return shard(torch.arange(seq_len, device=device), rank, world_size, layout=layout, dim=0)


def gather_unshard(
    local: torch.Tensor, group: dist.ProcessGroup | None = None, *, layout: str = "zigzag", dim: int = -2
) -> torch.Tensor:
    """All-gather every rank's part and return the full tensor on every rank (for checks and tests)."""
    world_size = dist.get_world_size(group)
    local = local.contiguous()
    parts = [torch.empty_like(local) for _ in range(world_size)]
    dist.all_gather(parts, local, group=group)
    return unshard(parts, layout=layout, dim=dim)
