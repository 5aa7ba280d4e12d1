"""Launchers for the Triton kernels and the autograd Function behind ``flash_attention``.

``flash_attention_forward`` / ``flash_attention_backward`` are the blockwise entry points ring
attention calls (the backward takes the final o and lse of the query rows); ``flash_attention`` wraps
them in autograd. Inputs are checked first (:mod:`accel.kernels.checks`); nothing falls back silently.
"""

from __future__ import annotations

import os

import torch
import triton

from gpuaccel.accel.kernels import tuning
from gpuaccel.accel.kernels.checks import (
    AttentionShape,
    UnsupportedInputError,
    check_inputs,
    interpreter_enabled,
    resolve_scale,
)
from gpuaccel.accel.kernels.flash_bwd import (
    attn_bwd_dkdv_kernel,
    attn_bwd_dq_kernel,
    attn_bwd_preprocess_kernel,
)
from gpuaccel.accel.kernels.flash_fwd import LOG2E, attn_fwd_kernel
from gpuaccel.accel.kernels.tuning import BwdConfig, FwdConfig

STAT_PAD = 128  # backward statistics rows are padded to this, the largest query block


def _alloc(size: int, alignment: int, stream: int | None) -> torch.Tensor:
    return torch.empty(size, dtype=torch.int8, device="cuda")


def _prepare(t: torch.Tensor) -> torch.Tensor:
    """TMA needs a unit last stride, 16-byte aligned other strides and base: copy only when violated."""
    es = t.element_size()
    if t.stride(-1) == 1 and all((s * es) % 16 == 0 for s in t.stride()[:-1]) and t.data_ptr() % 16 == 0:
        return t
    return t.contiguous()


def padded_head_dim(d: int) -> int:
    """Kernels need a power-of-two head_dim (tl.arange); others are zero-padded, which changes nothing:
    zero columns add 0 to q.k and give zero output columns that are sliced off."""
    return 1 << (d - 1).bit_length()


def pad_head_dim(t: torch.Tensor, dp: int) -> torch.Tensor:
    return t if t.shape[-1] == dp else torch.nn.functional.pad(t, (0, dp - t.shape[-1]))


def _allowed_dtypes() -> tuple[torch.dtype, ...]:
    from gpuaccel.accel.kernels.checks import INTERPRETER_DTYPES, SUPPORTED_DTYPES

    return INTERPRETER_DTYPES if interpreter_enabled() else SUPPORTED_DTYPES


def _strides(t: torch.Tensor) -> tuple[int, int, int]:
    return t.stride(0), t.stride(1), t.stride(2)


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
) -> None:
    """Run the forward kernel with one configuration (q/k/v already prepared; fp8 v is transposed)."""
    if q.is_cuda:
        triton.set_allocator(_alloc)
    b, hq, nq, d = q.shape
    hkv, nk = k.shape[1], k.shape[2]
    qs, ks, vs = fp8_scales if fp8_scales is not None else (lse, lse, lse)
    grid = (triton.cdiv(nq, cfg.block_m), b * hq)
    attn_fwd_kernel[grid](
        q, k, v, o, lse, qs, ks, vs, scale * LOG2E,
        *_strides(q), *_strides(k), *_strides(v), *_strides(o),
        hq, hkv, nq, nk, nq,
        HEAD_DIM=d, BLOCK_M=cfg.block_m, BLOCK_N=cfg.block_n, CAUSAL=causal, FP8=fp8_scales is not None,
        WARP_SPEC=cfg.warp_spec, num_warps=cfg.num_warps, num_stages=cfg.num_stages,
    )  # fmt: skip


PATH_ENV = "GPUACCEL_ATTN_PATH"  # "triton" or "gluon" forces the forward's path; unset/"auto" picks
FORWARD_PATHS = ("auto", "triton", "gluon")


def forward_path(q: torch.Tensor) -> str:
    """Which forward kernel runs for queries like ``q`` (checked inputs): "gluon" (warp-specialised, Hopper,
    head_dim 64/128/256 after padding) or "triton" (tl.*: Ampere/Ada, the interpreter, other head dims).

    ``GPUACCEL_ATTN_PATH=gluon`` on a call the Gluon kernel cannot take raises instead of falling back.
    """
    want = os.environ.get(PATH_ENV, "auto").strip().lower() or "auto"
    if want not in FORWARD_PATHS:
        raise UnsupportedInputError(f"{PATH_ENV}={want!r}; accepted: {', '.join(FORWARD_PATHS)}")
    if want == "triton":
        return "triton"
    why = _gluon_unsupported(q)
    if want == "gluon" and why:
        raise UnsupportedInputError(f"{PATH_ENV}=gluon but the Gluon forward cannot run this call: {why}")
    return "triton" if why else "gluon"


def _gluon_unsupported(q: torch.Tensor) -> str:
    """Why the Gluon forward cannot take ``q`` ("" when it can)."""
    if interpreter_enabled() or not q.is_cuda:
        return "it needs a CUDA tensor outside the Triton interpreter"
    major, minor = torch.cuda.get_device_capability(q.device)
    if major != 9:
        return f"it is built for Hopper (sm_90), this GPU is sm_{major}{minor}"
    dp = padded_head_dim(q.shape[-1])
    if dp not in tuning.GLUON_HEAD_DIMS:
        return f"head_dim {q.shape[-1]} pads to {dp}; it is built for {tuning.GLUON_HEAD_DIMS}"
    return ""


def _check_out(q: torch.Tensor, shape: AttentionShape, o: torch.Tensor, lse: torch.Tensor) -> None:
    lse_shape = (shape.batch, shape.heads_q, shape.seq_q)
    if o.shape != q.shape or o.dtype != q.dtype or not o.is_contiguous() or o.device != q.device:
        raise UnsupportedInputError(
            f"out o must be a contiguous {q.dtype} tensor of q's shape {tuple(q.shape)} on {q.device}, "
            f"got {o.dtype} {tuple(o.shape)} on {o.device}"
        )
    bad_lse = lse.shape != lse_shape or lse.dtype != torch.float32 or not lse.is_contiguous()
    bad_lse = bad_lse or lse.device != q.device
    if bad_lse:
        raise UnsupportedInputError(
            f"out lse must be a contiguous float32 tensor of shape {lse_shape} on {q.device}, "
            f"got {lse.dtype} {tuple(lse.shape)} on {lse.device}"
        )


def flash_attention_forward(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    causal: bool,
    scale: float,
    out: tuple[torch.Tensor, torch.Tensor] | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Blockwise forward: ``(o in q's dtype, lse fp32 natural log [B, Hq, Nq])``; unseen rows: 0, -inf.

    Runs the Gluon kernel on Hopper and the tl.* kernel elsewhere (:func:`forward_path`). ``out``: buffers
    to write into (o contiguous, q's shape; lse contiguous fp32), returned as given.
    """
    shape = check_inputs(q, k, v, allowed_dtypes=_allowed_dtypes())
    if out is not None:
        _check_out(q, shape, *out)
    d, dp = shape.head_dim, padded_head_dim(shape.head_dim)
    if dp != d:
        o, lse = flash_attention_forward(*(pad_head_dim(t, dp) for t in (q, k, v)), causal, scale)
        if out is None:
            return o[..., :d].contiguous(), lse
        out[0].copy_(o[..., :d])
        out[1].copy_(lse)
        return out
    q, k, v = _prepare(q), _prepare(k), _prepare(v)
    if out is None:
        o = torch.empty_like(q, memory_format=torch.contiguous_format)
        lse = torch.empty(shape.batch, shape.heads_q, shape.seq_q, device=q.device, dtype=torch.float32)
    else:
        o, lse = out
    if forward_path(q) == "gluon":
        from gpuaccel.accel.kernels.gluon_fwd import launch_gluon_fwd

        launch_gluon_fwd(q, k, v, o, lse, causal, scale)
        return o, lse
    key = (shape, q.dtype, bool(causal))
    cfg = tuning.choose(
        "fwd",
        key,
        tuning.fwd_candidates(shape.head_dim, fp8=False),
        lambda c: launch_fwd(q, k, v, o, lse, causal, scale, c),
        tuning.INTERPRETER_FWD,
        not q.is_cuda,
        causal=bool(causal),
    )
    launch_fwd(q, k, v, o, lse, causal, scale, cfg)
    return o, lse


def bwd_stats(o: torch.Tensor, do: torch.Tensor, lse: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, int]:
    """The preprocess pass: ``(delta = rowsum(dO * O), lse in log2 units, padded row stride)``."""
    if o.is_cuda:
        triton.set_allocator(_alloc)
    b, hq, nq, d = o.shape
    stat_stride = triton.cdiv(nq, STAT_PAD) * STAT_PAD
    delta = torch.empty(b * hq, stat_stride, device=o.device, dtype=torch.float32)
    lse2 = torch.empty_like(delta)
    pre_block = 64
    attn_bwd_preprocess_kernel[(stat_stride // pre_block, b * hq)](
        o, do, lse.contiguous(), delta, lse2, *_strides(o), *_strides(do), hq, nq, stat_stride,
        HEAD_DIM=d, BLOCK_M=pre_block, num_warps=4,
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
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor | None]:
    """The dK/dV kernel: ``(dk, dv, fp32 dq accumulator or None)``; the atomic modes fill dq too."""
    delta, lse2, stat_stride = stats
    b, hq, nq, d = q.shape
    hkv, nk = k.shape[1], k.shape[2]
    dk = torch.empty(k.shape, device=k.device, dtype=k.dtype)
    dv = torch.empty(v.shape, device=v.device, dtype=v.dtype)
    atomic = cfg.dq_mode in ("atomic", "atomic_tma")
    dq_acc = torch.zeros(q.shape, device=q.device, dtype=torch.float32) if atomic else None
    dq_arg = dq_acc if dq_acc is not None else q  # unused by the kernel without ATOMIC_DQ
    attn_bwd_dkdv_kernel[(triton.cdiv(nk, cfg.block_n), b * hkv)](
        q, k, v, do, dq_arg, dk, dv, lse2, delta, scale * LOG2E, scale,
        *_strides(q), *_strides(k), *_strides(v), *_strides(do), *_strides(dq_arg),
        *_strides(dk), *_strides(dv), hq, hkv, nq, nk, stat_stride,
        HEAD_DIM=d, BLOCK_M=cfg.block_m, BLOCK_N=cfg.block_n, CAUSAL=causal, ATOMIC_DQ=atomic,
        DQ_TMA=cfg.dq_mode == "atomic_tma", num_warps=cfg.num_warps, num_stages=cfg.num_stages,
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
) -> torch.Tensor:
    """The separate dQ kernel of the "split" mode (its ``dq_*`` fields)."""
    delta, lse2, stat_stride = stats
    b, hq, nq, d = q.shape
    hkv, nk = k.shape[1], k.shape[2]
    dq = torch.empty(q.shape, device=q.device, dtype=q.dtype)
    attn_bwd_dq_kernel[(triton.cdiv(nq, cfg.dq_block_m), b * hq)](
        q, k, v, do, dq, lse2, delta, scale * LOG2E, scale,
        *_strides(q), *_strides(k), *_strides(v), *_strides(do), *_strides(dq),
        hq, hkv, nq, nk, stat_stride,
        HEAD_DIM=d, BLOCK_M=cfg.dq_block_m, BLOCK_N=cfg.dq_block_n, CAUSAL=causal,
        num_warps=cfg.dq_warps, num_stages=cfg.dq_stages,
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
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Run preprocess + dK/dV (+ dQ) kernels with one configuration; returns fresh gradients."""
    stats = bwd_stats(o, do, lse)
    dk, dv, dq_acc = launch_dkdv(do, q, k, v, stats, causal, scale, cfg)
    if dq_acc is not None:
        return (dq_acc * scale).to(q.dtype), dk, dv
    return launch_dq(do, q, k, v, stats, causal, scale, cfg), dk, dv


def flash_attention_backward(
    do: torch.Tensor,
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    o: torch.Tensor,
    lse: torch.Tensor,
    causal: bool,
    scale: float,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Blockwise backward from the final ``o`` and ``lse`` of these query rows: ``(dq, dk, dv)``.

    Exact for one key/value block of a ring: pass the merged output and lse, not the block's own.
    """
    shape = check_inputs(q, k, v, allowed_dtypes=_allowed_dtypes())
    if do.shape != q.shape or o.shape != q.shape:
        raise ValueError(
            f"do and o must have q's shape {tuple(q.shape)}, got {tuple(do.shape)}, {tuple(o.shape)}"
        )
    if lse.shape != q.shape[:3]:
        raise ValueError(f"lse must have shape {tuple(q.shape[:3])}, got {tuple(lse.shape)}")
    d, dp = shape.head_dim, padded_head_dim(shape.head_dim)
    if dp != d:
        padded = (pad_head_dim(t, dp) for t in (do.to(q.dtype), q, k, v, o.to(q.dtype)))
        grads = flash_attention_backward(*padded, lse, causal, scale)
        return tuple(g[..., :d].contiguous() for g in grads)  # type: ignore[return-value]
    q, k, v, do, o = (_prepare(t) for t in (q, k, v, do.to(q.dtype), o.to(q.dtype)))
    lse = lse.to(torch.float32)
    key = (shape, q.dtype, bool(causal))
    cfg = tuning.choose(
        "bwd",
        key,
        tuning.bwd_candidates(shape.head_dim),
        lambda c: launch_bwd(do, q, k, v, o, lse, causal, scale, c),
        tuning.INTERPRETER_BWD,
        not q.is_cuda,
        causal=bool(causal),
    )
    return launch_bwd(do, q, k, v, o, lse, causal, scale, cfg)


class FlashAttentionFunction(torch.autograd.Function):
    """Autograd over the kernels; lse is returned but is not differentiable."""

    @staticmethod
    def forward(ctx, q, k, v, causal: bool, scale: float):  # type: ignore[override]
        o, lse = flash_attention_forward(q, k, v, causal, scale)
        ctx.save_for_backward(q, k, v, o, lse)
        ctx.causal, ctx.scale = causal, scale
        ctx.mark_non_differentiable(lse)
        return o, lse

    @staticmethod
    def backward(ctx, do, _dlse):  # type: ignore[override]
        q, k, v, o, lse = ctx.saved_tensors
        dq, dk, dv = flash_attention_backward(do, q, k, v, o, lse, ctx.causal, ctx.scale)
        return dq, dk, dv, None, None


def flash_attention(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    *,
    causal: bool = False,
    softmax_scale: float | None = None,
    return_lse: bool = False,
    window: tuple[int, int] = (-1, -1),
    softcap: float = 0.0,
) -> torch.Tensor | tuple[torch.Tensor, torch.Tensor]:
    """softmax(q k^T * scale) v for [batch, heads, seq, head_dim] fp16/bf16 CUDA tensors, with autograd.

    causal masks are bottom-right aligned when Nq != Nk; k/v may have fewer heads (GQA/MQA). With
    ``return_lse`` also returns the per-row natural-log log-sum-exp (fp32, [B, Hq, Nq]). A sliding
    ``window`` (left, right) or ``softcap`` > 0 runs the packed kernels (:mod:`accel.kernels.varlen`).
    """
    check_inputs(q, k, v, allowed_dtypes=_allowed_dtypes())
    if tuple(window) != (-1, -1) or softcap:
        from gpuaccel.accel.kernels.varlen import dense_local_attention

        o, lse = dense_local_attention(q, k, v, causal, softmax_scale, window, softcap)
        return (o, lse) if return_lse else o
    scale = resolve_scale(softmax_scale, q.shape[-1])
    o, lse = FlashAttentionFunction.apply(q, k, v, bool(causal), scale)
    return (o, lse) if return_lse else o
