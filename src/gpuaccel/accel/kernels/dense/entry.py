"""``flash_attention``, the public dense call: it routes a call to the packed kernels (windows, soft-capping),
to the custom op while ``torch.compile`` traces, to autograd, or to the plain forward."""

from __future__ import annotations

import torch

from gpuaccel.accel.kernels.checks import allowed_dtypes, check_inputs, resolve_scale
from gpuaccel.accel.kernels.dense.attention import (
    FlashAttentionFunction,
    flash_attention_forward,
    needs_autograd,
)


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
    attention_chunk: int = 0,
    deterministic: bool = False,
) -> torch.Tensor | tuple[torch.Tensor, torch.Tensor]:
    """softmax(q k^T * scale) v for [batch, heads, seq, head_dim] fp16/bf16 CUDA tensors, with autograd.

    causal masks are bottom-right aligned when Nq != Nk; k/v may have fewer heads (GQA/MQA), and v a head
    dim other than q/k's (MLA-style 192/128: o takes v's). With
    ``return_lse`` also returns the per-row natural-log log-sum-exp (fp32, [B, Hq, Nq]). A sliding
    ``window`` (left, right), ``softcap`` > 0 or ``attention_chunk`` > 0 (each query sees only keys of its own
    chunk of that many key positions) runs the packed kernels (:mod:`accel.kernels.varlen.attention`).
    ``deterministic``: gradients bit for bit the same on every call (on Hopper, long calls then run the
    split backward instead of the fused one, whose dQ sums in no fixed order; so does
    ``torch.use_deterministic_algorithms(True)``).
    """
    if window != (-1, -1) and window != [-1, -1] or softcap or attention_chunk:  # the packed path checks them
        from gpuaccel.accel.kernels.varlen.attention import dense_local_attention

        check_inputs(q, k, v, allowed_dtypes=allowed_dtypes(), value_dim=True)
        o, lse = dense_local_attention(q, k, v, causal, softmax_scale, window, softcap, attention_chunk)
        return (o, lse) if return_lse else o
    if not all(isinstance(t, torch.Tensor) for t in (q, k, v)):  # the forward checks the rest (or its plan)
        check_inputs(q, k, v, allowed_dtypes=allowed_dtypes())
    scale = resolve_scale(softmax_scale, q.shape[-1])
    if torch.compiler.is_compiling():  # traced: the custom op, opaque to Dynamo, with a fake for shapes
        from gpuaccel.accel.kernels.dense.attention_op import flash_attention_op

        o, lse = flash_attention_op(q, k, v, bool(causal), scale)
    elif needs_autograd(q, k, v):
        o, lse = FlashAttentionFunction.apply(q, k, v, bool(causal), scale, bool(deterministic))
    else:  # nothing to differentiate: the same forward without the Function's context
        o, lse = flash_attention_forward(q, k, v, bool(causal), scale)
    return (o, lse) if return_lse else o
