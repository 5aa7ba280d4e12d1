"""``gpuaccel::flash_attention_fwd`` / ``gpuaccel::flash_attention_bwd``: the kernels as torch.library ops.

Why: ``torch.compile(fullgraph=True)`` cannot trace into the launchers (Python-side tuning, Triton
launches, a Gluon kernel), so a model calling ``flash_attention`` would break its graph. As custom ops
with fake implementations (output shapes only) and a registered autograd formula, Dynamo and AOTAutograd
see one opaque node per direction, and Inductor's CUDA graphs replay the launch like any other op.
``flash_attention`` routes through here only while compiling; eager calls keep the cheaper autograd
Function. Both run the same entry points in :mod:`accel.kernels.dense.attention`.
"""

from __future__ import annotations

from typing import Any

import torch

from gpuaccel.accel.kernels.checks import check_inputs
from gpuaccel.accel.kernels.dense.attention import flash_attention_backward, flash_attention_forward
from gpuaccel.accel.kernels.dense.launchers import laid_out_like


@torch.library.custom_op("gpuaccel::flash_attention_fwd", mutates_args=())
def flash_attention_fwd(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool, scale: float
) -> tuple[torch.Tensor, torch.Tensor]:
    """``(o, lse)`` as :func:`accel.kernels.dense.attention.flash_attention_forward`."""
    return flash_attention_forward(q, k, v, causal, scale)


@flash_attention_fwd.register_fake
def _fwd_fake(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool, scale: float
) -> tuple[torch.Tensor, torch.Tensor]:
    shape = check_inputs(q, k, v, allowed_dtypes=(q.dtype,), need_cuda=False, value_dim=True)
    o = laid_out_like(q, shape.head_dim_v)  # the real call's strides (q's layout), not just its shape
    return o, q.new_empty((shape.batch, shape.heads_q, shape.seq_q), dtype=torch.float32)


@torch.library.custom_op("gpuaccel::flash_attention_bwd", mutates_args=())
def flash_attention_bwd(
    do: torch.Tensor,
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    o: torch.Tensor,
    lse: torch.Tensor,
    causal: bool,
    scale: float,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """``(dq, dk, dv)`` as :func:`accel.kernels.dense.attention.flash_attention_backward`."""
    return flash_attention_backward(do, q, k, v, o, lse, causal, scale)


@flash_attention_bwd.register_fake
def _bwd_fake(
    do: torch.Tensor,
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    o: torch.Tensor,
    lse: torch.Tensor,
    causal: bool,
    scale: float,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    check_inputs(q, k, v, allowed_dtypes=(q.dtype,), need_cuda=False, value_dim=True)
    return q.new_empty(q.shape), k.new_empty(k.shape), v.new_empty(v.shape)


def _setup_context(ctx: Any, inputs: tuple[Any, ...], output: tuple[torch.Tensor, torch.Tensor]) -> None:
    q, k, v, causal, scale = inputs
    o, lse = output
    ctx.save_for_backward(q, k, v, o, lse)
    ctx.causal, ctx.scale = causal, scale
    ctx.mark_non_differentiable(lse)


def _backward(ctx: Any, do: torch.Tensor, _dlse: torch.Tensor | None) -> tuple[Any, ...]:
    q, k, v, o, lse = ctx.saved_tensors
    dq, dk, dv = torch.ops.gpuaccel.flash_attention_bwd(
        do.contiguous(), q, k, v, o, lse, ctx.causal, ctx.scale
    )
    return dq, dk, dv, None, None


flash_attention_fwd.register_autograd(_backward, setup_context=_setup_context)


def flash_attention_op(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool, scale: float
) -> tuple[torch.Tensor, torch.Tensor]:
    """The forward op, differentiable through the backward op (what compiled models call)."""
    return torch.ops.gpuaccel.flash_attention_fwd(q, k, v, causal, scale)
