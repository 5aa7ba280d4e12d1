"""The RWKV-7 WKV recurrence as a Triton kernel, so prefill runs at GPU speed without a C++/CUDA compiler.

RWKV-7 keeps, per head, a state S of N x N (rows: value channel i, columns: key channel j) and for each
token t does

    S = S * diag(w_t) + (S @ a_t) b_t^T + v_t k_t^T        y_t = S @ r_t

(``a = -kk``, ``b = kk * a_gate`` in the model). Each value row i of S evolves on its own: it only needs
the vectors r, w, k, a, b of the token and the scalar v_t[i]. So one program owns ``BLOCK_V`` rows of one
head's state in registers (fp32), walks the tokens in order, and writes y_t[rows]; the state is read once
at the start and written back once at the end. Inputs may be fp16, bf16 or fp32 (math in fp32); y has r's
dtype. The same launch serves a 256-token prefill chunk and a single decode token (T is not a compile-time
constant), and it can be captured in a CUDA graph. The kernel itself is in ``wkv7_kernel`` (imported at the
first launch); :func:`wkv7_reference` is the same recurrence in plain PyTorch, the ground truth for tests and
the path where Triton is unusable.
"""

from __future__ import annotations

from typing import Any

import torch

from gpuaccel.accel.kernels.checks import UnsupportedInputError


def check_wkv7(state: Any, tensors: dict[str, Any]) -> tuple[int, int, int]:
    if state.dtype != torch.float32 or state.dim() != 3 or state.shape[1] != state.shape[2]:
        raise UnsupportedInputError(f"state must be fp32 (H, N, N); got {tuple(state.shape)} {state.dtype}")
    if not state.is_contiguous():
        raise UnsupportedInputError("state must be contiguous (it is updated in place)")
    H, N = int(state.shape[0]), int(state.shape[1])
    if N < 16 or N & (N - 1):
        raise UnsupportedInputError(f"head size must be a power of two >= 16; got {N}")
    shape = tensors["r"].shape
    for name, x in tensors.items():
        if x.dim() != 2 or x.shape != shape or shape[1] != H * N:
            raise UnsupportedInputError(
                f"{name} must be (T, H*N) = (T, {H * N}) like r; got {tuple(x.shape)} (r {tuple(shape)})"
            )
        if x.device != state.device:
            raise UnsupportedInputError(f"{name} is on {x.device}, the state on {state.device}")
        if x.dtype not in (torch.float16, torch.bfloat16, torch.float32):
            raise UnsupportedInputError(f"{name} must be fp16, bf16 or fp32; got {x.dtype}")
    return int(shape[0]), H, N


def wkv7(state: Any, r: Any, w: Any, k: Any, v: Any, a: Any, b: Any, block_v: int = 16) -> Any:
    """y (T, H*N) of the recurrence above; ``state`` (H, N, N) fp32 is advanced in place over the T tokens.

    ``w`` is the decay factor itself (in (0, 1)), not its logarithm.
    """
    T, H, N = check_wkv7(state, {"r": r, "w": w, "k": k, "v": v, "a": a, "b": b})
    y = torch.empty_like(r)
    if T == 0:
        return y
    r, w, k, v, a, b = (x.contiguous() for x in (r, w, k, v, a, b))
    from gpuaccel.accel.kernels.wkv7_kernel import wkv7_kernel

    block_v = min(block_v, N)
    wkv7_kernel[(H, N // block_v)](r, w, k, v, a, b, state, y, T, H * N, N=N, BLOCK_V=block_v, num_warps=2)
    return y


def wkv7_reference(state: Any, r: Any, w: Any, k: Any, v: Any, a: Any, b: Any) -> Any:
    """The same recurrence one token at a time in plain PyTorch (fp32 math); ``state`` updated in place."""
    T, H, N = check_wkv7(state, {"r": r, "w": w, "k": k, "v": v, "a": a, "b": b})
    ys = []
    s = state.clone()
    for t in range(T):
        rt, wt, kt, vt, at, bt = (x[t].float().view(H, N) for x in (r, w, k, v, a, b))
        sa = torch.einsum("hij,hj->hi", s, at)
        s = s * wt[:, None, :] + sa[:, :, None] * bt[:, None, :] + vt[:, :, None] * kt[:, None, :]
        ys.append(torch.einsum("hij,hj->hi", s, rt).reshape(H * N))
    state.copy_(s)
    return torch.stack(ys).to(r.dtype) if ys else torch.empty_like(r)
