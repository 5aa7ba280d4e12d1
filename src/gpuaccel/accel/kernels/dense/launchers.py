"""Host-side launchers of the tl.* attention kernels, one configuration at a time.

They take prepared inputs (TMA-legal strides, padded head dim) and a configuration from
:mod:`accel.kernels.tuning.configs`; choosing the configuration and checking the inputs is the callers' job
(:mod:`accel.kernels.dense.attention`, :mod:`accel.kernels.fp8.attention`,
:mod:`accel.kernels.varlen.attention`).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Sequence
from typing import Any

import torch
import triton
from triton.compiler import CompiledKernel

from gpuaccel.accel.kernels.dense.direct_launch import DirectLaunch, resolve
from gpuaccel.accel.kernels.dense.flash_bwd import (
    attn_bwd_dkdv_kernel,
    attn_bwd_dq_kernel,
    attn_bwd_preprocess_kernel,
)
from gpuaccel.accel.kernels.dense.flash_fwd import LOG2E, attn_fwd_kernel
from gpuaccel.accel.kernels.tuning.configs import BwdConfig, FwdConfig

STAT_PAD = 128  # backward statistics rows are padded to this, the largest query block


def sm_count(device: torch.device) -> int:
    """The streaming multiprocessors of a CUDA ``device`` (its current one when it names none), read once:
    persistent grids and split-KV counts are sized to fill one wave of them."""
    return _sm_count(device.index if device.index is not None else torch.cuda.current_device())


@functools.cache
def _sm_count(index: int) -> int:
    return torch.cuda.get_device_properties(index).multi_processor_count


def cdiv(a: int, b: int) -> int:
    """Host-side ceiling division. ``triton.cdiv`` is a JIT function: called from Python it goes through
    ``JITFunction.__call__`` (2 us a call on a 2-core CPU), and the backward and decode called it three
    times per call."""
    return -(-a // b)


def whole16(words: int) -> int:
    """``words`` 4-byte words rounded up to whole 16 bytes: pieces of one buffer, each that long, keep a
    fresh allocation's 16-byte alignment (launches are specialised on it)."""
    return -(-words // 4) * 4


def scratch_alloc(size: int, alignment: int, stream: int | None) -> torch.Tensor:
    """Triton's allocator for a kernel's global scratch (device-side TMA descriptors)."""
    return torch.empty(size, dtype=torch.int8, device="cuda")


def laid_out_like(t: torch.Tensor, last: int | None = None, dtype: torch.dtype | None = None) -> torch.Tensor:
    """An uninitialised tensor of ``t``'s shape (its last dim ``last`` if given) and ``dtype`` (default
    ``t``'s), dense in ``t``'s dimension order where that leaves a unit last stride, else contiguous: the
    one layout rule of every attention output and gradient. For flash_attn_func's (B, N, H, D) storage seen
    as [B, H, N, D] it is that storage, which the call hands back (and autograd takes) with no copy; a
    contiguous o or gradient was copied into it on every step, 92-94 us each at 2,16,8192,128 on an H200
    (2026-11-29, thirty-second session, docs/kernels-log.md). Every kernel takes its outputs' strides."""
    if last is None or last == t.shape[-1]:
        out = torch.empty_like(t, dtype=dtype)  # preserve_format: a dense t's strides, else dense in order
    else:
        order = sorted(range(t.dim()), key=lambda i: -t.stride(i))  # outermost first; ties keep dim order
        shape = (*t.shape[:-1], last)
        out = t.new_empty([shape[i] for i in order], dtype=dtype)
        out = out.permute(*(order.index(i) for i in range(t.dim())))
    if out.stride(-1) == 1:
        return out
    return t.new_empty((*t.shape[:-1], last or t.shape[-1]), dtype=dtype)


def tma_legal(t: torch.Tensor) -> bool:
    """Whether a TMA descriptor can address ``t``: unit last stride, 16-byte aligned strides and base."""
    es = t.element_size()
    return t.stride(-1) == 1 and all((s * es) % 16 == 0 for s in t.stride()[:-1]) and t.data_ptr() % 16 == 0


def tma_ready(t: torch.Tensor) -> torch.Tensor:
    """A TMA-legal ``t``: copied only when it is not."""
    return t if tma_legal(t) else t.contiguous()


def padded_head_dim(d: int) -> int:
    """Kernels need a power-of-two head_dim (tl.arange); others are zero-padded, which changes nothing:
    zero columns add 0 to q.k and give zero output columns that are sliced off."""
    return 1 << (d - 1).bit_length()


def value_pair(d: int, dv: int) -> tuple[int, int]:
    """(q/k's, v's) head dims a Gluon kernel at v's own width runs ``d`` / ``dv`` at: q's rounded up to a
    multiple of 64 (its 64-column chunks; MLA's 192 as it is, 160 at 192), v's padded to a power of two.
    Dense and packed calls run such a pair unpadded where it is one the kernels are built for."""
    return -(-d // 64) * 64, padded_head_dim(dv)


def pad_head_dim(t: torch.Tensor, dp: int) -> torch.Tensor:
    return t if t.shape[-1] == dp else torch.nn.functional.pad(t, (0, dp - t.shape[-1]))


def _strides(t: torch.Tensor) -> tuple[int, int, int]:
    return t.stride(0), t.stride(1), t.stride(2)


Bound = dict[str, Any]  # per call signature: launch name -> what repeats it; also what it fixes (tile walk)
PLANNED = "planned"  # in a call signature's ``bound``: what its later calls repeat (not a launch)


def launch(
    kernel: Any,
    grid: tuple[int, ...],
    args: Sequence[Any],
    constexprs: dict[str, Any],
    options: dict[str, Any],
    bound: Bound | None = None,
    name: str = "",
) -> None:
    """Launch ``kernel`` (runtime ``args`` first, then its constexprs by name) on ``grid``. A TMA
    descriptor argument may be given as a :class:`direct_launch.Tma`.

    Why ``bound``: on a short sequence the JIT's per-call work (binding and specialising some 40
    arguments, hashing the cache key) costs 30-80 us per kernel, more than the kernel. A caller whose
    call signature (shapes, strides, dtypes, device, configuration, 16-byte aligned pointers) repeats
    passes the same dict: the first launch stores under ``name`` a :class:`direct_launch.DirectLaunch`
    (or, where that does not apply, the compiled kernel's runner), later ones call it with the same
    specialisation. The grid is part of what the signature fixes.
    """
    if bound is not None:
        again = bound.get(name)
        if again is not None:  # the constexprs are fixed by the signature: the bound launch keeps them
            again(*args)
            return
    compiled = kernel[grid](*resolve(args), **constexprs, **options)
    if bound is not None and isinstance(compiled, CompiledKernel):  # the interpreter returns nothing
        grid3 = (*grid, 1, 1)[:3]
        runner = compiled[grid3]
        tail = constexpr_tail(kernel, len(args), constexprs)
        try:
            bound[name] = DirectLaunch(compiled, grid3, [*args, *tail], runner, fixed=len(tail))
        except (ValueError, KeyError, AttributeError, TypeError):  # another launcher layout: the runner
            bound[name] = lambda *a: runner(*resolve(a), *tail)


def constexpr_tail(kernel: Any, n_args: int, constexprs: dict[str, Any]) -> list[Any]:
    """The values of ``kernel``'s parameters after its ``n_args`` runtime arguments, in order: those said
    in ``constexprs``, else the kernel's own defaults (a bound launch replays them all, so a constexpr a
    caller leaves at its default must still be there)."""
    fn = getattr(kernel, "fn", None)  # the Python function (JIT or interpreted), for its defaults
    signature = inspect.signature(fn).parameters.values() if fn is not None else ()
    defaults = {p.name: p.default for p in signature if p.default is not p.empty}
    return [constexprs[n] if n in constexprs else defaults[n] for n in kernel.arg_names[n_args:]]


def launch_fwd(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    o: torch.Tensor,
    lse: torch.Tensor,
    causal: bool,
    scale: float,
    cfg: FwdConfig,
    fp8_scales: tuple[torch.Tensor, torch.Tensor, torch.Tensor] | None = None,
    bound: Bound | None = None,
) -> None:
    """Run the forward kernel with one configuration (q/k/v already prepared; fp8 v is transposed). ``o``
    has v's head dim, which may differ from q's."""
    if q.is_cuda:
        triton.set_allocator(scratch_alloc)
    b, hq, nq, d = q.shape
    hkv, nk = k.shape[1], k.shape[2]
    qs, ks, vs = fp8_scales if fp8_scales is not None else (lse, lse, lse)
    grid = (cdiv(nq, cfg.block_m), b * hq)
    launch(
        attn_fwd_kernel, grid,
        (q, k, v, o, lse, qs, ks, vs, scale * LOG2E, *_strides(q), *_strides(k), *_strides(v), *_strides(o),
         hq, hkv, nq, nk, nq),
        dict(HEAD_DIM=d, HEAD_DIM_V=o.shape[-1], BLOCK_M=cfg.block_m, BLOCK_N=cfg.block_n, CAUSAL=causal,
             FP8=fp8_scales is not None, WARP_SPEC=cfg.warp_spec),
        dict(num_warps=cfg.num_warps, num_stages=cfg.num_stages), bound, "fwd",
    )  # fmt: skip


def stat_buffers(o: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, int]:
    """Uninitialised ``(delta, lse2, padded row stride)`` for the backward, in one allocation."""
    b, hq, nq, _ = o.shape
    stat_stride = cdiv(nq, STAT_PAD) * STAT_PAD
    delta, lse2 = o.new_empty((2, b * hq, stat_stride), dtype=torch.float32).unbind(0)
    return delta, lse2, stat_stride


def bwd_stats(
    o: torch.Tensor,
    do: torch.Tensor,
    lse: torch.Tensor,
    bound: Bound | None = None,
    zero_dq: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor, int]:
    """The preprocess pass: ``(delta = rowsum(dO * O), lse in log2 units, padded row stride)``; it also
    zeroes ``zero_dq`` (a contiguous fp32 dQ accumulator of o's shape) when given."""
    if o.is_cuda:
        triton.set_allocator(scratch_alloc)
    b, hq, nq, d = o.shape
    delta, lse2, stat_stride = stat_buffers(o)
    pre_block = 64
    launch(
        attn_bwd_preprocess_kernel, (stat_stride // pre_block, b * hq),
        (o, do, lse.contiguous(), delta, lse2, delta if zero_dq is None else zero_dq, delta, *_strides(o),
         *_strides(do), hq, nq, stat_stride),
        dict(HEAD_DIM=d, BLOCK_M=pre_block, ZERO_DQ=zero_dq is not None, ITEM_FIELDS=0), dict(num_warps=4),
        bound,
        "stats" if zero_dq is None else "stats_zero_dq",
    )  # fmt: skip
    return delta, lse2, stat_stride


def launch_dkdv(
    do: torch.Tensor,
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    stats: tuple[torch.Tensor, torch.Tensor, int],
    causal: bool,
    scale: float,
    cfg: BwdConfig,
    bound: Bound | None = None,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor | None]:
    """The dK/dV kernel: ``(dk, dv, fp32 dq accumulator or None)``; the atomic modes fill dq too."""
    if q.is_cuda:
        triton.set_allocator(scratch_alloc)
    delta, lse2, stat_stride = stats
    b, hq, nq, d = q.shape
    hkv, nk = k.shape[1], k.shape[2]
    dk, dv = laid_out_like(k), laid_out_like(v)
    atomic = cfg.dq_mode in ("atomic", "atomic_tma")
    dq_acc = torch.zeros(q.shape, device=q.device, dtype=torch.float32) if atomic else None
    dq_arg = dq_acc if dq_acc is not None else q  # unused by the kernel without ATOMIC_DQ
    launch(
        attn_bwd_dkdv_kernel, (cdiv(nk, cfg.block_n), b * hkv),
        (q, k, v, do, dq_arg, dk, dv, lse2, delta, scale * LOG2E, scale,
         *_strides(q), *_strides(k), *_strides(v), *_strides(do), *_strides(dq_arg),
         *_strides(dk), *_strides(dv), hq, hkv, nq, nk, stat_stride),
        dict(HEAD_DIM=d, HEAD_DIM_V=v.shape[-1], BLOCK_M=cfg.block_m, BLOCK_N=cfg.block_n, CAUSAL=causal,
             ATOMIC_DQ=atomic, DQ_TMA=cfg.dq_mode == "atomic_tma"),
        dict(num_warps=cfg.num_warps, num_stages=cfg.num_stages), bound, "dkdv",
    )  # fmt: skip
    return dk, dv, dq_acc


def launch_dq(
    do: torch.Tensor,
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    stats: tuple[torch.Tensor, torch.Tensor, int],
    causal: bool,
    scale: float,
    cfg: BwdConfig,
    fill_stats: tuple[torch.Tensor, torch.Tensor] | None = None,
    bound: Bound | None = None,
    out: torch.Tensor | None = None,
) -> torch.Tensor:
    """The separate dQ kernel of the "split" mode (its ``dq_*`` fields), into ``out`` if given (q's shape,
    unit last stride; else laid out as q, :func:`laid_out_like`). With ``fill_stats`` = (o, lse) it also
    writes ``stats`` (buffers from :func:`stat_buffers`) for the dK/dV kernel launched after it."""
    if q.is_cuda:
        triton.set_allocator(scratch_alloc)
    delta, lse2, stat_stride = stats
    b, hq, nq, d = q.shape
    hkv, nk = k.shape[1], k.shape[2]
    o, lse = fill_stats if fill_stats is not None else (do, lse2)  # unused by the kernel without STATS
    dq = laid_out_like(q) if out is None else out
    launch(
        attn_bwd_dq_kernel, (cdiv(nq, cfg.dq_block_m), b * hq),
        (q, k, v, do, dq, lse2, delta, scale * LOG2E, scale,
         *_strides(q), *_strides(k), *_strides(v), *_strides(do), *_strides(dq),
         hq, hkv, nq, nk, stat_stride, o, lse, *_strides(o)),
        dict(HEAD_DIM=d, HEAD_DIM_V=v.shape[-1], BLOCK_M=cfg.dq_block_m, BLOCK_N=cfg.dq_block_n,
             CAUSAL=causal, STATS=fill_stats is not None),
        dict(num_warps=cfg.dq_warps, num_stages=cfg.dq_stages), bound, "dq",
    )  # fmt: skip
    return dq


def launch_bwd(
    do: torch.Tensor,
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    o: torch.Tensor,
    lse: torch.Tensor,
    causal: bool,
    scale: float,
    cfg: BwdConfig,
    bound: Bound | None = None,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Run the backward with one configuration; returns fresh gradients. "split": dQ (which also writes
    the row statistics), then dK/dV; the atomic modes: preprocess, then dK/dV accumulating dQ."""
    if cfg.dq_mode == "split":
        stats = stat_buffers(o)
        dq = launch_dq(do, q, k, v, stats, causal, scale, cfg, (o, lse.contiguous()), bound)
        dk, dv, _ = launch_dkdv(do, q, k, v, stats, causal, scale, cfg, bound)
        return dq, dk, dv
    stats = bwd_stats(o, do, lse, bound)
    dk, dv, dq_acc = launch_dkdv(do, q, k, v, stats, causal, scale, cfg, bound)
    return laid_out_like(q).copy_(dq_acc.mul_(scale)), dk, dv  # type: ignore[union-attr]
