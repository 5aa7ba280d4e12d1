"""Ring attention against single-process attention, run inside every rank of a group.

Each rank builds the same full q/k/v/dO from a shared seed, shards them (zigzag when causal, contiguous
otherwise), runs :func:`ring_flash_attention` forward and backward on its shard, and compares output and
gradients with plain softmax attention (autograd) over the full sequence, sharded the same way. Used by
the CPU tests (gloo), the GPU tests (NCCL) and ``bench_worker check``.
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass

import torch
import torch.distributed as dist

from gpuaccel.accel.distributed.ring_attention import ring_flash_attention
from gpuaccel.accel.distributed.sharding import gather_unshard, shard


@dataclass(frozen=True)
class Case:
    causal: bool
    seq_total: int
    batch: int = 2
    heads: int = 2
    kv_heads: int = 2
    head_dim: int = 8

    @property
    def name(self) -> str:
        gqa = f"-gqa{self.kv_heads}" if self.kv_heads != self.heads else ""
        return f"{'causal' if self.causal else 'full'}-n{self.seq_total}-h{self.heads}{gqa}-d{self.head_dim}"


def default_cases(world_size: int) -> list[Case]:
    """Small shapes: causal and not, GQA, and a sequence of uneven chunk sizes (3 tokens per chunk)."""
    n = 8 * world_size
    return [
        Case(causal=False, seq_total=n),
        Case(causal=True, seq_total=n),
        Case(causal=True, seq_total=6 * world_size, heads=4, kv_heads=2),
        Case(causal=False, seq_total=3 * world_size, heads=4, kv_heads=1, head_dim=16),
    ]


def gpu_cases(world_size: int) -> list[Case]:
    """Shapes the Triton kernels take (head_dim >= 16), incl. chunks that are not a block multiple."""
    return [
        Case(causal=False, seq_total=256 * world_size, heads=4, kv_heads=4, head_dim=64),
        Case(causal=True, seq_total=256 * world_size, heads=4, kv_heads=4, head_dim=64),
        Case(causal=True, seq_total=200 * world_size, heads=8, kv_heads=2, head_dim=128),
        Case(causal=False, seq_total=96 * world_size, heads=4, kv_heads=1, head_dim=64),
    ]


def interpreter_cases(world_size: int) -> list[Case]:
    """Tiny shapes the Triton kernels take under ``TRITON_INTERPRET=1`` on CPU (head_dim 16)."""
    return [
        Case(causal=True, seq_total=32 * world_size, heads=2, kv_heads=1, head_dim=16),
        Case(causal=False, seq_total=24 * world_size, heads=2, kv_heads=2, head_dim=16),
    ]


def reference_attention(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool, scale: float
) -> torch.Tensor:
    """Plain softmax attention over the full sequence (differentiable), grouped-query aware."""
    group = q.shape[1] // k.shape[1]
    k = k.repeat_interleave(group, dim=1)
    v = v.repeat_interleave(group, dim=1)
    s = torch.matmul(q, k.transpose(-2, -1)) * scale
    if causal:
        n = q.shape[-2]
        s = s.masked_fill(torch.ones(n, n, dtype=torch.bool, device=q.device).triu(1), float("-inf"))
    return torch.matmul(torch.softmax(s, dim=-1), v)


def _rel_err(got: torch.Tensor, want: torch.Tensor) -> float:
    want = want.to(torch.float64)
    return float((got.to(torch.float64) - want).abs().max() / want.abs().max().clamp_min(1e-30))


def check_case(
    case: Case, device: torch.device, dtype: torch.dtype, group: dist.ProcessGroup | None = None
) -> dict[str, float]:
    """Max relative errors (``out``, ``dq``, ``dk``, ``dv``, ``gathered``) of this rank's shard."""
    rank, world = dist.get_rank(group), dist.get_world_size(group)
    layout = "zigzag" if case.causal else "contiguous"
    gen = torch.Generator().manual_seed(zlib.crc32(case.name.encode()))  # same on every rank
    shape_q = (case.batch, case.heads, case.seq_total, case.head_dim)
    shape_kv = (case.batch, case.kv_heads, case.seq_total, case.head_dim)
    shapes = (shape_q, shape_kv, shape_kv, shape_q)
    # Rounded to the tested dtype first, so the comparison measures the computation, not the inputs.
    full = [torch.randn(s, generator=gen, dtype=torch.float64).to(dtype).double() for s in shapes]
    scale = 1.0 / math.sqrt(case.head_dim)

    # Reference in fp64 on CPU for CPU runs, in fp32 on the device for GPU runs (fast and exact enough).
    ref_dtype = torch.float64 if device.type == "cpu" else torch.float32
    q, k, v, do = (t.to(device=device, dtype=ref_dtype, copy=True).requires_grad_(True) for t in full)
    ref_out = reference_attention(q, k, v, case.causal, scale)
    ref_out.backward(do.detach())
    refs = {"out": ref_out.detach(), "dq": q.grad, "dk": k.grad, "dv": v.grad}

    local = [shard(t.to(device=device, dtype=dtype, copy=True), rank, world, layout=layout) for t in full]
    lq, lk, lv, ldo = (t.requires_grad_(i < 3) for i, t in enumerate(local))
    out = ring_flash_attention(lq, lk, lv, group=group, causal=case.causal)
    out.backward(ldo)
    got = {"out": out.detach(), "dq": lq.grad, "dk": lk.grad, "dv": lv.grad}
    errors = {name: _rel_err(got[name], shard(refs[name], rank, world, layout=layout)) for name in refs}
    errors["gathered"] = _rel_err(gather_unshard(out.detach(), group, layout=layout), refs["out"])
    return errors


def check_all(
    device: torch.device,
    dtype: torch.dtype,
    group: dist.ProcessGroup | None = None,
    cases: list[Case] | None = None,
) -> dict[str, dict[str, float]]:
    """Run ``cases`` (default: :func:`gpu_cases` on CUDA, :func:`default_cases` elsewhere) and return
    ``{case: {quantity: max relative error over all ranks}}``."""
    world = dist.get_world_size(group)
    results: dict[str, dict[str, float]] = {}
    if cases is None:
        cases = (gpu_cases if device.type == "cuda" else default_cases)(world)
    for case in cases:
        errors = check_case(case, device, dtype, group)
        values = torch.tensor(list(errors.values()), dtype=torch.float64, device=device)
        dist.all_reduce(values, op=dist.ReduceOp.MAX, group=group)
        results[case.name] = dict(zip(errors, values.tolist(), strict=True))
    return results
