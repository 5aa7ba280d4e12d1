"""Which kernel family runs a call: the environment switches and the Gluon kernels' reach, shared by the
dense, packed-document and FP8 entry points (each decides its own path with these)."""

from __future__ import annotations

import os

import torch

from gpuaccel.accel.kernels.checks import UnsupportedInputError, interpreter_enabled
from gpuaccel.accel.kernels.dense.launchers import padded_head_dim

PATH_ENV = "GPUACCEL_ATTN_PATH"  # "triton" or "gluon" forces the forward's path; unset/"auto" picks
BWD_PATH_ENV = "GPUACCEL_ATTN_BWD_PATH"  # the same for the backward
FORWARD_PATHS = ("auto", "triton", "gluon")


def wanted_path(env: str) -> str:
    """The path the environment variable ``env`` asks for ("auto" when unset)."""
    want = os.environ.get(env, "auto").strip().lower() or "auto"
    if want not in FORWARD_PATHS:
        raise UnsupportedInputError(f"{env}={want!r}; accepted: {', '.join(FORWARD_PATHS)}")
    return want


def gluon_unsupported(
    q: torch.Tensor,
    head_dims: tuple[int, ...],
    head_dim_v: int | None = None,
    value_dims: tuple[tuple[int, int], ...] = (),
) -> str:
    """Why the Gluon kernels built for ``head_dims`` cannot take ``q`` with values of ``head_dim_v`` (default
    q's) ("" when they can). A value head dim other than q's runs only as one of the (q's, v's) pairs
    ``value_dims`` (the dense forward's, MLA's 192/128: ``tuning.GLUON_VALUE_DIMS``), unpadded."""
    pair = head_dim_v is not None and head_dim_v != q.shape[-1]
    if pair and (q.shape[-1], head_dim_v) not in value_dims:
        built = f" or a pair of {value_dims}" if value_dims else ""
        return f"it needs v's head_dim ({head_dim_v}) equal to q's ({q.shape[-1]}){built}"
    if interpreter_enabled() or not q.is_cuda:
        return "it needs a CUDA tensor outside the Triton interpreter"
    major, minor = torch.cuda.get_device_capability(q.device)
    if major != 9:
        return f"it is built for Hopper (sm_90), this GPU is sm_{major}{minor}"
    dp = padded_head_dim(q.shape[-1])
    if not pair and dp not in head_dims:
        return f"head_dim {q.shape[-1]} pads to {dp}; it is built for {head_dims}"
    return ""
