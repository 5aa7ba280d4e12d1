"""A plain streaming read of a buffer: how fast a kernel that does nothing but read those bytes goes.

A decode step over a small cache moves too few bytes for the bandwidth of a 1 GiB copy to be reachable:
the launch, the first DRAM round trip and the grid's ramp and tail weigh on a 5-50 us step. The decode
benchmark therefore also times this kernel over the same number of bytes, in the same graph replay
(:func:`~accel.kernels.bench.varlen.read_bandwidth`, the best of a few grids), as a measured ceiling
for a step of that size. Each
program sums its own contiguous chunk into one float, so no load can be optimised away and nothing but
the reads costs time.
"""

from __future__ import annotations

import torch
import triton
import triton.language as tl

from gpuaccel.accel.kernels.dense.launchers import cdiv

READ_SHAPES = ((2048, 4, 8), (4096, 2, 8))  # (elements per load, loads per step, warps)


@triton.jit
def _read_kernel(x_ptr, out_ptr, chunk, BLOCK: tl.constexpr, UNROLL: tl.constexpr):
    pid = tl.program_id(0)
    base = x_ptr + pid.to(tl.int64) * chunk
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], tl.float32)
    for i in range(0, chunk, BLOCK * UNROLL):
        for u in tl.static_range(UNROLL):  # independent loads in flight before the first add needs one
            acc += tl.load(base + i + u * BLOCK + offs).to(tl.float32)
    tl.store(out_ptr + pid, tl.sum(acc, axis=0))


def read_buffer(
    nbytes: int,
    programs: int,
    block: int,
    unroll: int,
    device: torch.device | str,
    dtype: torch.dtype = torch.bfloat16,
) -> torch.Tensor:
    """A buffer of at least ``nbytes`` that ``programs`` chunks of whole steps cover exactly."""
    step = block * unroll
    chunk = cdiv(cdiv(nbytes // dtype.itemsize, programs), step) * step
    return torch.randn(programs * chunk, dtype=dtype, device=device)


def stream_read(x: torch.Tensor, programs: int, block: int, unroll: int, num_warps: int) -> torch.Tensor:
    """Per-program fp32 sums of ``x`` (1-D floats, made by :func:`read_buffer` for this grid)."""
    if x.dim() != 1 or not x.is_floating_point():
        raise ValueError(f"x must be a 1-D float tensor, got {x.dtype} of shape {tuple(x.shape)}")
    chunk = x.numel() // programs
    if chunk * programs != x.numel() or chunk % (block * unroll):
        raise ValueError(
            f"{x.numel()} elements do not split into {programs} chunks of whole {block}x{unroll} steps;"
            " make the buffer with read_buffer()"
        )
    out = torch.empty(programs, dtype=torch.float32, device=x.device)
    _read_kernel[(programs,)](x, out, chunk, BLOCK=block, UNROLL=unroll, num_warps=num_warps)
    return out
