"""FlashAttention-style Triton kernels: forward/backward, causal, GQA, FP8 forward, log-sum-exp output.

Public API (imported lazily so that ``import gpuaccel.accel.kernels`` pulls in neither triton nor a kernel
definition; the Triton interpreter must be switched on before kernels are defined):

- ``flash_attention(q, k, v, *, causal=False, softmax_scale=None, return_lse=False)`` with autograd.
- ``flash_attention_forward(q, k, v, causal, scale) -> (o, lse)`` and
  ``flash_attention_backward(do, q, k, v, o, lse, causal, scale) -> (dq, dk, dv)``: blockwise entry
  points for ring attention.
- ``flash_attention_fp8(q, k, v, *, causal=False, softmax_scale=None, return_lse=False, always_fp8=False)``:
  e4m3 forward (the bf16/fp16 kernel below the size where e4m3 pays; ``o.attention_precision`` says which).
- ``flash_attention_varlen(q, k, v, cu_seqlens_q, cu_seqlens_k, max_seqlen_q, max_seqlen_k, ...)``: packed
  documents, windows, soft-capping, with autograd.
- ``flash_attention_with_kvcache(q, k_cache, v_cache, cache_seqlens, *, block_table=None, ...)``: split-KV
  decode over a contiguous or paged (optionally e4m3, see ``quantize_kv_cache``) cache, in-place append.
- ``flash_attn_func``, ``flash_attn_varlen_func``, ``flash_attn_with_kvcache``, ``flash_attn_combine``:
  flash-attn's functions with its argument names and layouts (:mod:`accel.kernels.flash_attn_interface`).
- ``reference``: plain PyTorch with the same signatures; ``UnsupportedInputError`` for bad inputs.
"""

from __future__ import annotations

import importlib
from typing import Any

from gpuaccel.accel.kernels import versions
from gpuaccel.accel.kernels.checks import UnsupportedInputError

_LAZY = {
    "flash_attention": "gpuaccel.accel.kernels.dense.entry",
    "flash_attention_forward": "gpuaccel.accel.kernels.dense.attention",
    "flash_attention_backward": "gpuaccel.accel.kernels.dense.attention",
    "FlashAttentionFunction": "gpuaccel.accel.kernels.dense.attention",
    "flash_attention_fp8": "gpuaccel.accel.kernels.fp8.attention",
    "quantize_fp8": "gpuaccel.accel.kernels.fp8.attention",
    "flash_attention_varlen": "gpuaccel.accel.kernels.varlen.attention",
    "flash_attention_with_kvcache": "gpuaccel.accel.kernels.decode.attention",
    "quantize_kv_cache": "gpuaccel.accel.kernels.decode.kv_cache",
    "flash_attn_func": "gpuaccel.accel.kernels.flash_attn_interface",
    "flash_attn_varlen_func": "gpuaccel.accel.kernels.flash_attn_interface",
    "flash_attn_with_kvcache": "gpuaccel.accel.kernels.flash_attn_interface",
    "flash_attn_combine": "gpuaccel.accel.kernels.flash_attn_interface",
}

__all__ = ["UnsupportedInputError", "reference", *_LAZY]


def __getattr__(name: str) -> Any:
    if name == "reference":
        return importlib.import_module("gpuaccel.accel.kernels.reference")
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'gpuaccel.accel.kernels' has no attribute {name!r}")
    versions.require()  # an old triton or torch: say which, before a kernel module fails on it
    return getattr(importlib.import_module(module), name)
