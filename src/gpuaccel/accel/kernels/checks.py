"""Input checks shared by the kernels and the reference: one place that says what is supported.

Every unsupported input raises :class:`UnsupportedInputError` naming what was given and what is accepted;
nothing here switches to another implementation. Importing this module imports torch but never triton.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import torch

SUPPORTED_DTYPES = (torch.float16, torch.bfloat16)
# The Triton interpreter (tier-2 tests, CPU) has no bf16 arithmetic; fp32 is accepted there only.
INTERPRETER_DTYPES = (torch.float16, torch.float32)
MAX_HEAD_DIM = 256


class UnsupportedInputError(ValueError):
    """An input the kernels do not handle; the message names what is supported."""


@dataclass(frozen=True)
class AttentionShape:
    """A checked call's sizes; ``head_dim_v`` is v's (and the output's) head dim, ``head_dim`` q's and k's
    (0 given for ``head_dim_v``: the same as ``head_dim``)."""

    batch: int
    heads_q: int
    heads_kv: int
    seq_q: int
    seq_k: int
    head_dim: int
    head_dim_v: int = 0

    def __post_init__(self) -> None:
        if not self.head_dim_v:
            object.__setattr__(self, "head_dim_v", self.head_dim)

    @property
    def group(self) -> int:
        return self.heads_q // self.heads_kv


def default_scale(head_dim: int) -> float:
    return 1.0 / math.sqrt(head_dim)


def check_inputs(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    *,
    allowed_dtypes: tuple[torch.dtype, ...] = SUPPORTED_DTYPES,
    need_cuda: bool = True,
    allow_empty: bool = False,
    value_dim: bool = False,
) -> AttentionShape:
    """Validate q/k/v of layout [batch, heads, seq, head_dim]; return the shape summary.

    ``value_dim``: the caller's kernels take a value head dim other than the query/key one (MLA-style
    192/128: the dense kernels); elsewhere v must have k's shape."""
    for name, t in (("q", q), ("k", k), ("v", v)):
        if not isinstance(t, torch.Tensor):
            raise UnsupportedInputError(f"{name} must be a torch.Tensor, got {type(t).__name__}")
        if t.dim() != 4:
            raise UnsupportedInputError(
                f"{name} must be 4-D [batch, heads, seq, head_dim], got shape {tuple(t.shape)}"
            )
        if t.dtype not in allowed_dtypes:
            names = ", ".join(str(d).replace("torch.", "") for d in allowed_dtypes)
            raise UnsupportedInputError(f"{name} has dtype {t.dtype}; supported dtypes: {names}")
    if not (q.dtype == k.dtype == v.dtype):
        raise UnsupportedInputError(f"q, k, v must share one dtype, got {q.dtype}, {k.dtype}, {v.dtype}")
    if need_cuda and not _on_supported_device(q, k, v):
        raise UnsupportedInputError(
            f"the Triton kernels need CUDA tensors (compute capability >= 8.0, Hopper for TMA); got "
            f"devices {q.device}, {k.device}, {v.device} (CPU tensors run only under TRITON_INTERPRET=1)"
        )
    if not (q.device == k.device == v.device):
        raise UnsupportedInputError(f"q, k, v must be on one device, got {q.device}, {k.device}, {v.device}")
    b, hq, nq, d = q.shape
    bk, hkv, nk, dk = k.shape
    dv = v.shape[3]
    if v.shape[:3] == k.shape[:3] and dv != dk and not value_dim:
        raise UnsupportedInputError(
            f"v's head_dim ({dv}) differs from k's ({dk}): a value head dim other than the query/key one "
            "(MLA-style 192/128) runs in the dense and packed calls (flash_attn_func, "
            "flash_attn_varlen_func), not in this one"
        )
    if v.shape[:3] != k.shape[:3]:
        raise UnsupportedInputError(
            f"v must have k's batch, heads and length {tuple(k.shape[:3])}, got {tuple(v.shape)}"
        )
    if bk != b:
        raise UnsupportedInputError(f"q and k/v batch sizes differ: {b} vs {bk}")
    if dk != d:
        raise UnsupportedInputError(f"q and k/v head_dim differ: {d} vs {dk}")
    for name, dim in (("head_dim", d), ("v's head_dim", dv)):
        if dim % 16 or not 16 <= dim <= MAX_HEAD_DIM:
            raise UnsupportedInputError(
                f"{name} {dim} unsupported; supported: multiples of 16 from 16 to {MAX_HEAD_DIM}"
            )
    if hkv == 0 or hq % hkv:
        raise UnsupportedInputError(
            f"query heads ({hq}) must be a multiple of key/value heads ({hkv}) (MHA, GQA or MQA)"
        )
    if min(b, hq, nq, nk) == 0 and not (allow_empty and min(b, hq) > 0):
        raise UnsupportedInputError(f"empty input: q {tuple(q.shape)}, k {tuple(k.shape)}")
    return AttentionShape(b, hq, hkv, nq, nk, d, dv)


def _on_supported_device(*ts: torch.Tensor) -> bool:
    if all(t.is_cuda for t in ts):
        major, _ = torch.cuda.get_device_capability(ts[0].device)
        return major >= 8
    return interpreter_enabled() and all(t.device.type == "cpu" for t in ts)


def interpreter_enabled() -> bool:
    import os

    return os.environ.get("TRITON_INTERPRET", "0") not in ("", "0")


def allowed_dtypes() -> tuple[torch.dtype, ...]:
    """The input dtypes the running backend takes: the interpreter's or the GPU's."""
    return INTERPRETER_DTYPES if interpreter_enabled() else SUPPORTED_DTYPES


def _number(value: object) -> float:
    """``value`` as a float, NaN for what is not a number (the caller's check then names it)."""
    try:
        return float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return math.nan


def check_scale(value: object, name: str = "scale") -> float:
    """A positive finite softmax scale; the blockwise entry points take it explicitly (no default)."""
    scale = _number(value)
    if not math.isfinite(scale) or scale <= 0:
        raise UnsupportedInputError(f"{name} must be a positive finite number, got {value!r}")
    return scale


def resolve_scale(softmax_scale: float | None, head_dim: int) -> float:
    if softmax_scale is None:
        return default_scale(head_dim)
    return check_scale(softmax_scale, "softmax_scale")


def check_backward_inputs(
    q: torch.Tensor, do: object, o: object, lse: object, head_dim_v: int | None = None
) -> None:
    """do and o like q but with v's head dim ``head_dim_v`` (default q's; any float dtype: converted to
    q's), lse [B, Hq, Nq] float (the forward's fp32)."""
    out_shape = (*q.shape[:3], q.shape[3] if head_dim_v is None else head_dim_v)
    for name, t, shape in (("do", do, out_shape), ("o", o, out_shape), ("lse", lse, q.shape[:3])):
        if not isinstance(t, torch.Tensor):
            raise UnsupportedInputError(f"{name} must be a torch.Tensor, got {type(t).__name__}")
        if t.shape != shape or not t.is_floating_point() or t.device != q.device:
            what = "fp32, as the forward returns it" if name == "lse" else "any float dtype"
            raise UnsupportedInputError(
                f"{name} must have shape {tuple(shape)}, a floating-point dtype ({what}) and q's device "
                f"{q.device}; got {t.dtype} {tuple(t.shape)} on {t.device}"
            )


def check_packed(
    q: torch.Tensor,
    k: torch.Tensor,
    v: torch.Tensor,
    *,
    allowed_dtypes: tuple[torch.dtype, ...],
    value_dim: bool = False,
) -> tuple[int, int, int]:
    """Validate packed q (total_q, Hq, D) and k/v (total_k, Hkv, D; v's D other than q's with
    ``value_dim``, as :func:`check_inputs`); return (Hq, Hkv, q's D)."""
    for name, t in (("q", q), ("k", k), ("v", v)):
        if not isinstance(t, torch.Tensor) or t.dim() != 3:
            shape = tuple(t.shape) if isinstance(t, torch.Tensor) else type(t).__name__
            raise UnsupportedInputError(
                f"{name} must be 3-D packed (total_tokens, heads, head_dim), got {shape}"
            )
    as_batch = (t.transpose(0, 1).unsqueeze(0) for t in (q, k, v))  # [1, heads, tokens, head_dim]
    check_inputs(*as_batch, allowed_dtypes=allowed_dtypes, allow_empty=True, value_dim=value_dim)
    return q.shape[1], k.shape[1], q.shape[2]


def check_window(window: tuple[int, int], causal: bool) -> tuple[int, int]:
    """(left, right) with -1 = unlimited; causal forces right = 0 (a query never sees a later key)."""
    ok = isinstance(window, tuple | list) and len(window) == 2
    ok = ok and all(isinstance(x, int) and not isinstance(x, bool) and x >= -1 for x in window)
    if not ok:
        raise UnsupportedInputError(
            f"window must be (left, right) integers >= -1 (-1 = unlimited), got {window!r}"
        )
    left, right = window
    return left, 0 if causal else right


def check_softcap(softcap: float) -> float:
    cap = _number(softcap)
    if not math.isfinite(cap) or cap < 0:
        raise UnsupportedInputError(f"softcap must be 0 (off) or a positive finite number, got {softcap!r}")
    return cap


# Offsets tensors whose contents passed the checks: id -> (weak reference, version counter, address, size,
# packed length, longest sequence). The read behind the checks is a host sync, which stalled every packed
# call until the GPU had drained (16k tokens on an H200: the public forward 1.24 ms by do_bench against
# 0.68 ms unchecked, docs/kernels-log.md, 2026-11-29, thirty-first session); a loop passing one offsets
# tensor to every layer, or a benchmark to every call, now reads it once.
_CHECKED: dict[int, tuple[Any, int, int, int, int, int]] = {}
CHECKED_MAX = 64  # tensors remembered; more empty it rather than grow it


def _version(t: torch.Tensor) -> int | None:
    try:
        return t._version
    except RuntimeError:  # an inference-mode tensor keeps no version counter: never remembered
        return None


def _checked_before(cu: torch.Tensor, total: int, max_seqlen: int) -> bool:
    seen = _CHECKED.get(id(cu))
    if seen is None:
        return False
    ref, version, ptr, numel, packed, longest = seen
    return (
        ref() is cu
        and version == _version(cu)
        and (ptr, numel) == (cu.data_ptr(), cu.numel())
        and packed == total
        and longest <= max_seqlen
    )


def check_cu_seqlens(
    name: str, cu: torch.Tensor, total: int, max_seqlen: int, device: torch.device, check_values: bool
) -> torch.Tensor:
    """cu_seqlens as int32 on ``device``; with ``check_values`` also its contents (one host sync), once per
    tensor: the same tensor object, unchanged since by autograd's version counter (every in-place torch
    op counts) at the same address, passes again for the same packed length and a ``max_seqlen`` no
    shorter than its longest sequence without being read. A tensor written behind the counter (through
    ``.data``, DLPack or a kernel of one's own) after its check is not read again; a new tensor, even of
    the same values at the same address, is."""
    if not isinstance(cu, torch.Tensor) or cu.dim() != 1 or cu.numel() < 2:
        raise UnsupportedInputError(f"{name} must be a 1-D tensor of batch + 1 offsets, got {cu!r}")
    if cu.dtype not in (torch.int32, torch.int64):
        raise UnsupportedInputError(f"{name} must be int32 (or int64), got {cu.dtype}")
    if not isinstance(max_seqlen, int) or isinstance(max_seqlen, bool) or max_seqlen < 0:
        raise UnsupportedInputError(f"max_seqlen for {name} must be an integer >= 0, got {max_seqlen!r}")
    if check_values and not _checked_before(cu, total, max_seqlen):
        vals = cu.tolist()
        if vals[0] != 0 or vals[-1] != total:
            raise UnsupportedInputError(
                f"{name} must start at 0 and end at the packed length {total}, got {vals[0]} ... {vals[-1]}"
            )
        lens = [b - a for a, b in zip(vals, vals[1:], strict=False)]
        bad = next((i for i, n in enumerate(lens) if n < 0), None)
        if bad is not None:
            raise UnsupportedInputError(
                f"{name} must be non-decreasing (monotone); entry {bad + 1} ({vals[bad + 1]}) < entry {bad} "
                f"({vals[bad]})"
            )
        if max(lens) > max_seqlen:
            raise UnsupportedInputError(
                f"max_seqlen {max_seqlen} for {name} is below its longest sequence ({max(lens)})"
            )
        version = _version(cu)
        if version is not None:
            if len(_CHECKED) >= CHECKED_MAX:
                _CHECKED.clear()
            _CHECKED[id(cu)] = (weakref.ref(cu), version, cu.data_ptr(), cu.numel(), total, max(lens))
    return cu.to(device=device, dtype=torch.int32)


def capture_in_cuda_graph(step: Callable[[], Any]) -> tuple[torch.cuda.CUDAGraph, Any]:
    """Warm ``step`` up on a side stream (its first calls compile and allocate, which a capture refuses),
    then capture one call: the graph and what that call returned (the graph's static outputs)."""
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(3):
            step()
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        static = step()
    return graph, static


def replay_in_cuda_graph(step: Callable[[], tuple[torch.Tensor, ...]]) -> tuple[torch.Tensor, ...]:
    """Capture ``step`` (:func:`capture_in_cuda_graph`), fill its outputs with NaN, replay: what the graph
    wrote (an output it failed to write stays NaN). Shared by the GPU tests and benchmarks."""
    graph, static = capture_in_cuda_graph(step)
    for t in static:
        t.fill_(float("nan"))
    graph.replay()
    torch.cuda.synchronize()
    return static
