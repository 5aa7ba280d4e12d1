"""Packed variable-length attention (``flash_attn_varlen_func``'s contract): launchers and autograd.

Documents of different lengths are packed into ``(total_tokens, heads, head_dim)`` with ``cu_seqlens``
offsets; each document attends only to itself. No padded tensor is built and no program computes
padding (see :mod:`accel.kernels.varlen.kernels`). The tl.* backward reuses the dense preprocess pass
(rowsum of dO * O, lse in log2 units): a packed tensor is a batch of one whose "sequence" is all tokens.
On Hopper without a window or soft-capping the forward is the dense warp-specialised Gluon forward fed
per document (:mod:`accel.kernels.gluon.varlen_fwd`, :func:`forward_path`), and at head_dim 128 so is the
backward (:mod:`accel.kernels.gluon.varlen_bwd`, :func:`backward_path`), each chosen like the dense ones.
A value head dim of its own (MLA's 192/128) runs the Gluon forward at v's width where the dense forward
does (:func:`run_head_dims`, ``tuning.GLUON_VALUE_FWD_DEFAULT``: q/k at 192, v at 128), and the Gluon
backward at it where the dense backward does (:func:`backward_path`, ``tuning.GLUON_BWD_VALUE_DEFAULT``:
the packed split pair with q/k in 64-column chunks and v, dO and dV at 128); other pairs (128/64) run the
tl.* backward, q/k zero-padded to a power of two (:func:`varlen_backward`).

A packed call is host-bound where its documents are short, and a model calls it once per layer: like the
dense calls it keeps a plan per call signature, in their cache (``dense.attention.planned`` / ``keep_plan``,
``call_signature``: every tensor's shape, strides, dtype and device, the longest lengths, window and
soft-cap), holding the path, the Gluon configuration and the bound launches of its forward and backward
(:func:`forward_plan`, :func:`backward_plan`). A planned call skips the q/k/v checks, the path and
configuration choice, the padding and TMA checks and Triton's per-launch binding; it still checks the
offsets' values once per tensor, the scale every call, and every pointer's 16-byte alignment. A plan keeps
the module options (``varlen_fwd.PACKED_OPTIONS``, ``FWD_OPTS``) it was made with: who changes them between
calls of one signature clears the plans. On an H200 (2026-11-29, thirty-third session,
docs/kernels-log.md) host time per call 660 -> 402 us forward and 2267 -> 1391 us forward+backward at 16k
tokens; 4 x 512 tokens 2.7-2.8x forward, 1.9-2.0x forward+backward by do_bench; 16k and 32k level. The
launchers keep what the signature fixes below that in the same bound dict (``PLANNED``: sizes, grids,
strides; thirty-fourth session): a planned 4 x 512 forward 253 -> 109 us of host time, forward+backward
1064 -> 567 us.
"""

from __future__ import annotations

import itertools
from typing import Any

import torch
import triton

from gpuaccel.accel.kernels.checks import (
    UnsupportedInputError,
    allowed_dtypes,
    check_cu_seqlens,
    check_packed,
    check_softcap,
    check_window,
    resolve_scale,
)
from gpuaccel.accel.kernels.dense.attention import (
    aligned16,
    call_signature,
    keep_plan,
    needs_autograd,
    planned,
)
from gpuaccel.accel.kernels.dense.flash_fwd import LOG2E
from gpuaccel.accel.kernels.dense.launchers import (
    Bound,
    bwd_stats,
    cdiv,
    pad_head_dim,
    padded_head_dim,
    scratch_alloc,
    tma_ready,
    value_pair,
)
from gpuaccel.accel.kernels.dense.paths import BWD_PATH_ENV, PATH_ENV, gluon_unsupported, wanted_path
from gpuaccel.accel.kernels.tuning import configs as tuning
from gpuaccel.accel.kernels.tuning.configs import BwdConfig, FwdConfig
from gpuaccel.accel.kernels.varlen.kernels import (
    NO_LIMIT,
    varlen_dkdv_kernel,
    varlen_dq_kernel,
    varlen_fwd_kernel,
)

Problem = tuple[
    torch.Tensor, torch.Tensor, int, int, int, int, float, float
]  # cu_q, cu_k, maxes, window, scale, cap


def _fwd_config(d: int, causal: bool, interpreted: bool) -> FwdConfig:
    """The dense forward's first candidate for this head_dim (no per-batch tuning: lengths change every
    batch); ``tuning.force("varlen_fwd", cfg)`` pins another."""
    pinned = tuning.forced("varlen_fwd", causal)
    if pinned is not None:
        return pinned
    return tuning.INTERPRETER_FWD if interpreted else tuning.fwd_candidates(d, fp8=False)[0]


def _bwd_config(d: int, causal: bool, interpreted: bool) -> BwdConfig:
    pinned = tuning.forced("varlen_bwd", causal)
    if pinned is not None:
        return pinned
    if interpreted:
        return tuning.INTERPRETER_BWD
    if (
        d == 128
    ):  # packed documents of 128-8k tokens, 16k in all: dQ 128x64 beat 128x32 by 12 % (docs/kernels-log.md)
        return BwdConfig(64, 64, 4, 2, "split", 128, 64, 8, 3)
    return next(c for c in tuning.bwd_candidates(d) if c.dq_mode == "split")


def _scalars(scale: float, softcap: float) -> tuple[float, float, float]:
    """(log2-unit score scale, scale / cap for tanh's argument, cap in log2 units)."""
    if softcap > 0:
        return scale * LOG2E, scale / softcap, softcap * LOG2E
    return scale * LOG2E, 1.0, 1.0


def _limits(left: int, right: int) -> tuple[int, int]:
    return NO_LIMIT if left < 0 else left, NO_LIMIT if right < 0 else right


Plan = tuple[str, Any, Bound]  # a packed call signature's (path, configuration, bound launches)


def forward_plan(q: torch.Tensor, v: torch.Tensor, p: Problem) -> Plan:
    """What a packed forward on prepared ``q``/``v`` decides besides its checks: the path, the Gluon
    configuration (by the longest document) and an empty dict for its bound launches."""
    _cu_q, _cu_k, max_q, _max_k, left, right, _scale, softcap = p
    if forward_path(q, left, right, softcap, v.shape[-1]) == "gluon":
        from gpuaccel.accel.kernels.gluon.varlen_fwd import packed_fwd_config

        return "gluon", packed_fwd_config(q.shape[-1], max_q, right == 0, v.shape[-1]), {}
    return "triton", None, {}


def run_head_dims(q: torch.Tensor, v: torch.Tensor, p: Problem) -> tuple[int, int]:
    """(q/k's, v's) head dims a packed call on ``q`` / ``v`` (as given) runs at: each zero-padded to a power
    of two, as the tl.* kernels take them, except where v's differs and q's rounded up to a multiple of 64
    with v's padded is a pair of ``tuning.GLUON_VALUE_FWD_DEFAULT`` the Gluon forward takes (Hopper, plain
    or causal attention): then those (MLA's 192/128 as it is, 160/128 at 192/128), the forward at v's own
    width (``HEAD_DIM_V``), as the dense forward runs them (``dense.attention._run_dims``). Pairs not built
    (64/256) keep each dim padded on its own and the tl.* kernels, as before."""
    _cu_q, _cu_k, _max_q, _max_k, left, right, _scale, softcap = p
    dp, dvp = padded_head_dim(q.shape[-1]), padded_head_dim(v.shape[-1])
    own = value_pair(q.shape[-1], v.shape[-1])
    if dp != dvp and own in tuning.GLUON_VALUE_FWD_DEFAULT:  # noqa: SIM102
        if forward_path(q, left, right, softcap) == "gluon":  # Hopper, plain or causal: the Gluon forward
            return own
    return dp, dvp


def varlen_forward(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, p: Problem, plan: Plan | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    """``(o: q's rows with v's head dim, lse fp32 natural log (Hq, total_q))``; q/k/v prepared, head dims
    powers of two or a Gluon pair's (:func:`run_head_dims`: q/k at 192). ``plan``: this call signature's
    (:func:`forward_plan`; None: decided here, unbound); its bound launches are used where every pointer
    keeps the 16-byte alignment they were made for."""
    cu_q, cu_k, max_q, _max_k, left, right, scale, softcap = p
    total_q, hq, d = q.shape
    hkv, batch, dv = k.shape[1], cu_q.numel() - 1, v.shape[-1]
    o = q.new_empty(total_q, hq, dv)
    lse = torch.empty(hq, total_q, device=q.device, dtype=torch.float32)
    causal = right == 0
    path, cfg, bound = plan or forward_plan(q, v, p)
    if path == "gluon":
        from gpuaccel.accel.kernels.gluon.varlen_fwd import launch_gluon_varlen_fwd

        bound = bound if plan is not None and aligned16(q, k, v, o, lse, cu_q, cu_k) else None
        launch_gluon_varlen_fwd(q, k, v, o, lse, cu_q, cu_k, max_q, causal, scale, cfg, bound=bound)
        return o, lse
    if q.is_cuda:
        triton.set_allocator(scratch_alloc)
    if d & (d - 1):  # q/k at a Gluon pair's width (192) on the tl.* kernels: zero-padded to a power of two
        d = padded_head_dim(d)
        q, k = pad_head_dim(q, d), pad_head_dim(k, d)
    cfg = _fwd_config(max(d, dv), causal, not q.is_cuda)
    num_blocks = cdiv(max_q, cfg.block_m)
    if num_blocks == 0 or total_q == 0:
        return o.zero_(), lse.fill_(float("-inf"))
    qk_scale, cap_scale, cap_log2 = _scalars(scale, softcap)
    wl, wr = _limits(left, right)
    varlen_fwd_kernel[(num_blocks * batch * hq,)](
        q, k, v, o, lse, cu_q, cu_k, qk_scale, cap_scale, cap_log2, wl, wr,
        q.stride(0), q.stride(1), k.stride(0), k.stride(1), v.stride(0), v.stride(1),
        o.stride(0), o.stride(1),
        hq, hkv, total_q, batch, num_blocks,
        HEAD_DIM=d, HEAD_DIM_V=dv, BLOCK_M=cfg.block_m, BLOCK_N=cfg.block_n, SOFTCAP=softcap > 0,
        REVERSE=True, num_warps=cfg.num_warps, num_stages=cfg.num_stages,
    )  # fmt: skip
    return o, lse


def _path(env: str, pin: str, what: str, dims: tuple[int, ...], q: torch.Tensor, left: int, right: int,
          softcap: float, head_dim_v: int | None,
          value_dims: tuple[tuple[int, int], ...] = ()) -> str:  # fmt: skip
    """The choice both :func:`forward_path` and :func:`backward_path` make: ``env`` forces a path (forcing
    "gluon" on a call the Gluon kernel, built for padded head dims ``dims`` equal for q and v or the (q's,
    v's) pairs ``value_dims`` as they are, cannot take raises); a tl.* configuration pinned with
    ``tuning.force(pin, ...)`` keeps tl.*; else Gluon wherever it can run."""
    want = wanted_path(env)
    if want == "triton":
        return "triton"
    why = gluon_unsupported(q, dims, head_dim_v, value_dims)
    if not why and (left >= 0 or right > 0 or softcap > 0):
        why = "it takes plain or causal attention, not a window or soft-capping"
    if want == "gluon" and why:
        raise UnsupportedInputError(f"{env}=gluon but the Gluon varlen {what} cannot take this call: {why}")
    if want == "auto" and tuning.forced(pin, right == 0) is not None:
        return "triton"
    return "triton" if why else "gluon"


def forward_path(
    q: torch.Tensor, left: int = -1, right: int = -1, softcap: float = 0.0, head_dim_v: int | None = None
) -> str:
    """Which forward runs for packed queries like ``q`` (head_dim already padded): "gluon" (Hopper, head_dim
    64/128/256 with v's equal to q's, or (q's, v's) a pair of ``tuning.GLUON_VALUE_FWD_DEFAULT`` as it is,
    MLA's 192/128; plain or causal attention) or "triton" (tl.*: windows, soft-capping, other value head
    dims ``head_dim_v``, other GPUs, the interpreter, or a tl.* configuration pinned with
    ``tuning.force("varlen_fwd", ...)``). The dense forward's ``GPUACCEL_ATTN_PATH`` forces either; forcing
    "gluon" on a call it cannot take raises. The default pairs, not every built one (the dense forward's
    ``tuning.GLUON_VALUE_DIMS``): a pair taken out of the default runs the route before it, the tl.*
    kernels at each dim padded on its own (128/64 is already a pair's dims, so the path alone decides it)."""
    dims, pairs = tuning.GLUON_HEAD_DIMS, tuning.GLUON_VALUE_FWD_DEFAULT
    return _path(PATH_ENV, "varlen_fwd", "forward", dims, q, left, right, softcap, head_dim_v, pairs)


def backward_path(
    q: torch.Tensor, left: int = -1, right: int = -1, softcap: float = 0.0, head_dim_v: int | None = None
) -> str:
    """Which backward runs for packed queries like ``q`` (head_dim already padded, or at a Gluon pair's
    192): "gluon" (Hopper, head_dim 128, or (q's, v's) a pair of ``tuning.GLUON_BWD_VALUE_DEFAULT`` the packed
    Gluon backward is built for as it is, ``gluon.varlen_bwd.GLUON_VARLEN_BWD_VALUE_DIMS``: MLA's 192/128;
    plain or causal attention; faster than tl.* at 16k and 32k tokens, docs/kernels-log.md) or "triton" (tl.*:
    windows, soft-capping, other head dims, other value head dims ``head_dim_v``, other GPUs, the interpreter,
    or a tl.* configuration pinned with ``tuning.force("varlen_bwd", ...)``). ``left`` / ``right`` /
    ``softcap`` as in the Problem (causal: right = 0). The dense backward's ``GPUACCEL_ATTN_BWD_PATH`` forces
    either; forcing "gluon" on a call it cannot take raises. A pair taken out of the default runs the route
    before it (tl.*, q/k zero-padded to a power of two, :func:`varlen_backward`)."""
    from gpuaccel.accel.kernels.gluon.varlen_bwd import (  # Gluon loads on first use
        GLUON_VARLEN_BWD_DIMS,
        GLUON_VARLEN_BWD_VALUE_DIMS,
    )

    pairs = tuple(p for p in tuning.GLUON_BWD_VALUE_DEFAULT if p in GLUON_VARLEN_BWD_VALUE_DIMS)
    return _path(
        BWD_PATH_ENV, "varlen_bwd", "backward", GLUON_VARLEN_BWD_DIMS, q, left, right, softcap, head_dim_v,
        pairs,
    )  # fmt: skip


def varlen_backward(
    do: torch.Tensor,
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    o: torch.Tensor,
    lse: torch.Tensor,
    p: Problem,
    deterministic: bool = False,
    plan: Plan | None = None,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """``(dq, dk, dv)`` from the forward's o and lse; all tensors packed and prepared. ``deterministic``
    keeps Hopper's fused backward (dQ summed in no fixed order) out; the other paths always are.
    ``plan``: this call signature's (path, None, bound launches); None: the path chosen here, unbound.
    q/k at a Gluon forward pair's width (192, :func:`run_head_dims`) run as they are where the packed Gluon
    backward takes the pair (:func:`backward_path`), else the tl.* kernels zero-padded to a power of two: dq
    and dk come back at that width (the caller slices them)."""
    cu_q, cu_k, max_q, max_k, left, right, scale, softcap = p
    path = plan[0] if plan is not None else backward_path(q, left, right, softcap, v.shape[-1])
    if path != "gluon" and q.shape[-1] & (q.shape[-1] - 1):  # q/k at 192 on the tl.* kernels: padded
        q, k = (pad_head_dim(t, padded_head_dim(t.shape[-1])) for t in (q, k))
    total_q, hq, d = q.shape
    total_k, hkv, d_v = k.shape[0], k.shape[1], v.shape[-1]
    batch = cu_q.numel() - 1
    dq, dk, dv = (torch.empty_like(t, memory_format=torch.contiguous_format) for t in (q, k, v))
    if total_q == 0 or total_k == 0:  # no pair of tokens meets: every gradient is zero
        return dq.zero_(), dk.zero_(), dv.zero_()
    if path == "gluon":
        from gpuaccel.accel.kernels.gluon.varlen_bwd import launch_gluon_varlen_bwd

        ts = (do, q, k, v, o, lse, cu_q, cu_k, dq, dk, dv)
        bound = plan[2] if plan is not None and aligned16(*ts) else None
        return launch_gluon_varlen_bwd(do, q, k, v, o, lse, cu_q, cu_k, right == 0, scale, out=(dq, dk, dv),
                                       fused=False if deterministic else None, bound=bound)  # fmt: skip
    as_batch = lambda t: t.unsqueeze(0).transpose(1, 2)  # (total, H, D) viewed as [1, H, total, D]
    delta, lse2, stat_stride = bwd_stats(as_batch(o), as_batch(do), lse.unsqueeze(0))
    cfg = _bwd_config(max(d, d_v), right == 0, not q.is_cuda)
    qk_scale2, cap_scale, cap_log2 = _scalars(scale, softcap)
    wl, wr = _limits(left, right)
    common = (qk_scale2, scale, cap_scale, cap_log2, wl, wr,
              q.stride(0), q.stride(1), k.stride(0), k.stride(1), v.stride(0), v.stride(1),
              do.stride(0), do.stride(1))  # fmt: skip
    blocks_k = cdiv(max_k, cfg.block_n)
    if blocks_k:
        varlen_dkdv_kernel[(blocks_k * batch * hkv,)](
            q, k, v, do, dk, dv, lse2, delta, cu_q, cu_k, *common,
            dk.stride(0), dk.stride(1), dv.stride(0), dv.stride(1), hq, hkv, stat_stride, batch, blocks_k,
            HEAD_DIM=d, HEAD_DIM_V=d_v, BLOCK_M=cfg.block_m, BLOCK_N=cfg.block_n, SOFTCAP=softcap > 0,
            REVERSE=False, num_warps=cfg.num_warps, num_stages=cfg.num_stages,
        )  # fmt: skip
    blocks_q = cdiv(max_q, cfg.dq_block_m)
    if blocks_q:
        varlen_dq_kernel[(blocks_q * batch * hq,)](
            q, k, v, do, dq, lse2, delta, cu_q, cu_k, *common,
            dq.stride(0), dq.stride(1), hq, hkv, stat_stride, batch, blocks_q,
            HEAD_DIM=d, HEAD_DIM_V=d_v, BLOCK_M=cfg.dq_block_m, BLOCK_N=cfg.dq_block_n, SOFTCAP=softcap > 0,
            REVERSE=True, num_warps=cfg.dq_warps, num_stages=cfg.dq_stages,
        )  # fmt: skip
    return dq, dk, dv


def _planned_forward(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, p: Problem, sig: Any, plan: Plan | None
) -> tuple[torch.Tensor, torch.Tensor, tuple[torch.Tensor, ...]]:
    """The packed forward of :func:`flash_attention_varlen`, with or without autograd's Function around
    it: ``(o at v's head dim, lse, (q, k, v as the kernels took them, o as written))``, the last what a
    backward keeps. ``plan``: the one kept under ``sig`` (q, k, v then need no padding and no copy); else
    decided here and kept under ``sig`` once its first launch went through, as the dense forward's."""
    dv = v.shape[-1]
    if plan is not None:
        qp, kp, vp = q, k, v
        o, lse = varlen_forward(q, k, v, p, plan)
    else:
        dp, dvp = run_head_dims(q, v, p)
        qp, kp = (tma_ready(pad_head_dim(t, dp)) for t in (q, k))
        vp = tma_ready(pad_head_dim(v, dvp))
        direct = sig is not None and qp is q and kp is k and vp is v
        plan = forward_plan(qp, vp, p) if direct else None
        o, lse = varlen_forward(qp, kp, vp, p, plan)
        if plan is not None:
            keep_plan(sig, plan)
    return (o[..., :dv].contiguous() if vp.shape[-1] != dv else o), lse, (qp, kp, vp, o)


class VarlenAttentionFunction(torch.autograd.Function):
    """Autograd over the packed kernels; q/k's and v's head dims are each padded to a power of two around
    them. ``sig``: the forward's call signature (:func:`flash_attention_varlen`), None where the call is
    not planned; ``plan``: the plan found under it."""

    @staticmethod
    def forward(ctx, q, k, v, problem: Problem, deterministic: bool = False, sig=None, plan=None):  # type: ignore[override]
        o, lse, (qp, kp, vp, o_padded) = _planned_forward(q, k, v, problem, sig, plan)
        ctx.save_for_backward(qp, kp, vp, o_padded, lse)
        ctx.problem, ctx.dims, ctx.deterministic = problem, (q.shape[-1], v.shape[-1]), deterministic
        ctx.sig = None if sig is None else (sig, qp is q, kp is k, vp is v)  # what fixes the saved tensors
        ctx.mark_non_differentiable(lse)
        return o, lse

    @staticmethod
    def backward(ctx, do, _dlse):  # type: ignore[override]
        qp, kp, vp, o, lse = ctx.saved_tensors
        p = ctx.problem
        sig = _backward_signature(do, ctx.sig, p, ctx.deterministic) if ctx.sig is not None else None
        plan = planned(sig, do)
        if plan is not None:  # the signature proved do needs no conversion, padding or copy
            grads = varlen_backward(do, qp, kp, vp, o, lse, p, ctx.deterministic, plan)
        else:
            dop = tma_ready(pad_head_dim(do.to(qp.dtype), vp.shape[-1]))
            plan = backward_plan(qp, vp, p) if sig is not None and dop is do else None
            grads = varlen_backward(dop, qp, kp, vp, o, lse, p, ctx.deterministic, plan)
            if plan is not None:
                keep_plan(sig, plan)
        d, d_v = ctx.dims
        dq, dk, dv = (
            g[..., :n].contiguous() if g.shape[-1] != n else g
            for g, n in zip(grads, (d, d, d_v), strict=True)
        )
        return dq, dk, dv, None, None, None, None


def backward_plan(q: torch.Tensor, v: torch.Tensor, p: Problem) -> Plan:
    """What a packed backward on prepared ``q``/``v`` decides besides its checks: the path and an empty
    dict for its bound launches."""
    _cu_q, _cu_k, _max_q, _max_k, left, right, _scale, softcap = p
    return backward_path(q, left, right, softcap, v.shape[-1]), None, {}


def _backward_signature(
    do: torch.Tensor, forward: tuple[Any, ...], p: Problem, deterministic: bool
) -> tuple[Any, ...] | None:
    """The packed backward's call signature (``dense.attention.call_signature``): dO, whether determinism
    is asked (it picks the split pair over the fused kernel) and ``forward``, the forward's signature with
    whether q, k and v were taken as given (else padded or copied). Those fix every saved tensor's layout
    (q, k, v as given or made contiguous; o and lse made contiguous; the offsets as the kernels take them),
    the longest lengths, window and soft-cap, so they are not read again."""
    _cu_q, _cu_k, _max_q, _max_k, _left, right, _scale, _softcap = p
    asked = bool(deterministic) or torch.are_deterministic_algorithms_enabled()
    return call_signature("varlen_bwd", right == 0, do, extra=(forward, asked))


def flash_attention_varlen(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    cu_seqlens_q: torch.Tensor,
    cu_seqlens_k: torch.Tensor,
    max_seqlen_q: int,
    max_seqlen_k: int,
    *,
    causal: bool = False,
    softmax_scale: float | None = None,
    window: tuple[int, int] = (-1, -1),
    softcap: float = 0.0,
    return_lse: bool = False,
    check_values: bool = True,
    seqused_q: torch.Tensor | None = None,
    seqused_k: torch.Tensor | None = None,
    attention_chunk: int = 0,
    deterministic: bool = False,
) -> torch.Tensor | tuple[torch.Tensor, torch.Tensor]:
    """Attention within each packed sequence, with autograd (``flash_attn_varlen_func``'s semantics).

    q ``(total_q, Hq, D)``, k/v ``(total_k, Hkv, D)``, ``cu_seqlens_*`` int32 ``(batch + 1,)`` offsets.
    Causal and windows are bottom-right aligned per sequence: query i sees key j when
    ``i + off - left <= j <= i + off + right``, ``off = len_k - len_q`` (-1 = unlimited; causal sets
    right = 0). ``softcap > 0`` caps scores as ``cap * tanh(s / cap)``. lse is fp32 ``(Hq, total_q)``.
    ``check_values`` reads the offsets back to the host to reject bad ones (non-monotone, wrong ends, a
    max_seqlen below the longest sequence), once per offsets tensor (:func:`checks.check_cu_seqlens`
    remembers one that passed); a training loop with known-good offsets may skip it.
    ``seqused_q``/``seqused_k`` (int32 ``(batch,)``, FlashAttention-3's): only the first that many tokens of
    each sequence's slot take part (alignment uses those lengths); the other output rows are 0, lse -inf.
    ``attention_chunk`` > 0 (Llama-4's chunked local attention): a query sees only keys in its own chunk of
    that many key positions (within its causal/window limits); run as the sequences cut at chunk bounds.
    ``deterministic``: gradients bit for bit the same on every call (on Hopper, long packs then run the
    split backward instead of the fused one; so does ``torch.use_deterministic_algorithms(True)``).
    """
    if seqused_q is not None or seqused_k is not None:
        return _seqused(q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k, seqused_q, seqused_k,
                        causal=causal, softmax_scale=softmax_scale, window=window, softcap=softcap,
                        return_lse=return_lse, attention_chunk=attention_chunk,
                        deterministic=deterministic)  # fmt: skip
    if attention_chunk:
        return _chunked(q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k, attention_chunk,
                        causal=causal, softmax_scale=softmax_scale, window=window, softcap=softcap,
                        return_lse=return_lse, deterministic=deterministic)  # fmt: skip
    # a call whose signature (every tensor's shape, strides, dtype and device, the longest lengths, window
    # and soft-cap; dense.attention.call_signature) was planned before skips the checks it proves, the
    # path and configuration choice, and launches bound; the offsets' values are still checked once per
    # tensor (check_cu_seqlens), and the scale every call
    left, right = check_window(window, causal)
    cap = check_softcap(softcap)
    sig = call_signature("varlen_fwd", right == 0, q, k, v, cu_seqlens_q, cu_seqlens_k,
                         extra=_lengths_key(max_seqlen_q, max_seqlen_k) + (left, right, cap))  # fmt: skip
    plan = planned(sig, q, k, v)
    if plan is None:
        check_packed(q, k, v, allowed_dtypes=allowed_dtypes(), value_dim=True)
    cu_q = check_cu_seqlens("cu_seqlens_q", cu_seqlens_q, q.shape[0], max_seqlen_q, q.device, check_values)
    cu_k = check_cu_seqlens("cu_seqlens_k", cu_seqlens_k, k.shape[0], max_seqlen_k, q.device, check_values)
    if cu_q.numel() != cu_k.numel():
        raise UnsupportedInputError(
            "cu_seqlens_q and cu_seqlens_k must describe the same batch: "
            f"{cu_q.numel()} vs {cu_k.numel()} offsets"
        )
    problem: Problem = (cu_q, cu_k, max_seqlen_q, max_seqlen_k, left, right,
                        resolve_scale(softmax_scale, q.shape[2]), cap)  # fmt: skip
    if needs_autograd(q, k, v):
        o, lse = VarlenAttentionFunction.apply(q, k, v, problem, bool(deterministic), sig, plan)
    else:  # nothing to differentiate: the same forward without the Function's context
        o, lse, _ = _planned_forward(q, k, v, problem, sig, plan)
    return (o, lse) if return_lse else o


def _lengths_key(max_q: Any, max_k: Any) -> tuple[Any, ...]:
    """The longest lengths as a plan's key holds them: with their types (``True == 1``, and a bool is
    refused where an int is taken)."""
    return type(max_q), max_q, type(max_k), max_k


def _host_offsets(
    q: torch.Tensor,
    k: torch.Tensor,
    cu_seqlens_q: torch.Tensor,
    cu_seqlens_k: torch.Tensor,
    max_q: int,
    max_k: int,
) -> tuple[list[int], list[int]]:
    """Both offsets checked and read back to the host (one sync), for the calls that re-cut the batch."""
    cu_q = check_cu_seqlens("cu_seqlens_q", cu_seqlens_q, q.shape[0], max_q, q.device, True).tolist()
    cu_k = check_cu_seqlens("cu_seqlens_k", cu_seqlens_k, k.shape[0], max_k, q.device, True).tolist()
    if len(cu_q) != len(cu_k):
        raise UnsupportedInputError(f"cu_seqlens_q and cu_seqlens_k must describe one batch: {cu_q}, {cu_k}")
    return cu_q, cu_k


def _offsets(lens: list[int], device: torch.device) -> torch.Tensor:
    return torch.tensor([0, *itertools.accumulate(lens)], dtype=torch.int32, device=device)


def chunk_pieces(cu_q: list[int], cu_k: list[int], chunk: int) -> tuple[list[int], list[int]]:
    """(query lengths, key lengths) of every sequence cut at multiples of ``chunk`` key positions.

    Query i of a sequence sits at key position ``i + len_k - len_q`` (bottom-right); the queries whose
    positions fall in key chunk m form piece m with that chunk's keys, and inside a piece the same
    bottom-right rule gives every query its old position relative to the chunk's keys. Queries before
    the first key (more queries than keys) are a piece with no keys (0 and lse -inf, as before)."""
    lens_q: list[int] = []
    lens_k: list[int] = []
    for q0, q1, k0, k1 in zip(cu_q, cu_q[1:], cu_k, cu_k[1:], strict=False):
        nq, nk = q1 - q0, k1 - k0
        off = nk - nq
        lead = min(nq, max(0, -off))
        if lead:
            lens_q.append(lead)
            lens_k.append(0)
        for start in range(0, nk, chunk):
            end = min(start + chunk, nk)
            first, last = max(start - off, lead), min(end - off, nq)
            lens_q.append(max(0, last - first))
            lens_k.append(end - start)
    return lens_q, lens_k


def _chunked(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    cu_seqlens_q: torch.Tensor,
    cu_seqlens_k: torch.Tensor,
    max_seqlen_q: int,
    max_seqlen_k: int,
    chunk: int,
    **kw: Any,
) -> torch.Tensor | tuple[torch.Tensor, torch.Tensor]:
    """``attention_chunk``: the same packed rows under offsets cut at chunk bounds (no copy)."""
    if not isinstance(chunk, int) or isinstance(chunk, bool) or chunk < 0:
        raise UnsupportedInputError(f"attention_chunk must be an integer >= 0, got {chunk!r}")
    cu_q, cu_k = _host_offsets(q, k, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k)
    lens_q, lens_k = chunk_pieces(cu_q, cu_k, chunk)
    return flash_attention_varlen(
        q, k, v, _offsets(lens_q, q.device), _offsets(lens_k, q.device), max(lens_q, default=0),
        max(lens_k, default=0), check_values=False, **kw,
    )  # fmt: skip


def _used_rows(name: str, used: torch.Tensor | None, cu: list[int]) -> tuple[list[int], torch.Tensor | None]:
    """Per-sequence used lengths (``seqused_*`` or the slots' own) and the packed rows they keep."""
    lens = [b - a for a, b in zip(cu, cu[1:], strict=False)]
    if used is None:
        return lens, None
    if not isinstance(used, torch.Tensor) or used.shape != (len(lens),) or used.dtype != torch.int32:
        raise UnsupportedInputError(f"{name} must be int32 of shape ({len(lens)},), got {used!r}")
    got = used.tolist()
    bad = next((i for i, (u, n) in enumerate(zip(got, lens, strict=True)) if not 0 <= u <= n), None)
    if bad is not None:
        raise UnsupportedInputError(f"{name}[{bad}] = {got[bad]} is outside its slot of {lens[bad]} tokens")
    rows = [torch.arange(a, a + u) for a, u in zip(cu, got, strict=False)]
    return got, torch.cat(rows).to(used.device)


def _seqused(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    cu_seqlens_q: torch.Tensor,
    cu_seqlens_k: torch.Tensor,
    max_seqlen_q: int,
    max_seqlen_k: int,
    seqused_q: torch.Tensor | None,
    seqused_k: torch.Tensor | None,
    **kw: Any,
) -> torch.Tensor | tuple[torch.Tensor, torch.Tensor]:
    """``seqused_*``: the used rows gathered into a packed batch of their own (one copy each way, autograd
    through the copies), attended there, and put back; unused rows get 0 and lse -inf."""
    cu_q, cu_k = _host_offsets(q, k, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k)
    lens_q, rows_q = _used_rows("seqused_q", seqused_q, cu_q)
    lens_k, rows_k = _used_rows("seqused_k", seqused_k, cu_k)
    pick = lambda t, rows: t if rows is None else t.index_select(0, rows)
    o_used, lse_used = flash_attention_varlen(
        pick(q, rows_q), pick(k, rows_k), pick(v, rows_k), _offsets(lens_q, q.device),
        _offsets(lens_k, q.device), max(lens_q), max(lens_k), check_values=False,
        **{**kw, "return_lse": True},
    )  # fmt: skip
    if rows_q is None:
        o, lse = o_used, lse_used
    else:
        o = q.new_zeros(q.shape[0], q.shape[1], o_used.shape[-1]).index_copy(0, rows_q, o_used)
        lse = lse_used.new_full((lse_used.shape[0], q.shape[0]), float("-inf")).index_copy(
            1, rows_q, lse_used
        )
    return (o, lse) if kw["return_lse"] else o


def dense_local_attention(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    causal: bool,
    softmax_scale: float | None,
    window: tuple[int, int],
    softcap: float,
    attention_chunk: int = 0,
) -> tuple[torch.Tensor, torch.Tensor]:
    """[B, H, N, D] attention with a window, soft-capping and/or chunks, through the packed kernels.

    The batch is packed (one copy each way) with equal-length offsets built on the device; autograd flows
    through the copies. Returns (o [B, Hq, Nq, v's D], lse fp32 [B, Hq, Nq]).
    """
    b, hq, nq, _ = q.shape
    nk = k.shape[2]
    pack = lambda t: t.transpose(1, 2).reshape(-1, t.shape[1], t.shape[3])
    cu_q = torch.arange(b + 1, device=q.device, dtype=torch.int32) * nq
    cu_k = torch.arange(b + 1, device=q.device, dtype=torch.int32) * nk
    o, lse = flash_attention_varlen(
        pack(q), pack(k), pack(v), cu_q, cu_k, nq, nk, causal=causal, softmax_scale=softmax_scale,
        window=window, softcap=softcap, return_lse=True, check_values=False, attention_chunk=attention_chunk,
    )  # fmt: skip
    o = o.view(b, nq, hq, -1).transpose(1, 2)
    return o, lse.view(hq, b, nq).transpose(0, 1)
