"""The Triton kernel behind :func:`gpuaccel.accel.kernels.wkv7.wkv7` (defined apart so that the launcher
module and its plain-PyTorch reference import without Triton)."""

from __future__ import annotations

import triton
import triton.language as tl


@triton.jit(do_not_specialize=["T"])  # one compile serves prefill chunks and single tokens
def wkv7_kernel(R, W, K, V, A, B, S, Y, T, C, N: tl.constexpr, BLOCK_V: tl.constexpr):
    h = tl.program_id(0)
    rows = tl.program_id(1) * BLOCK_V + tl.arange(0, BLOCK_V)  # value channels i
    cols = tl.arange(0, N)  # key channels j
    s_ptrs = S + h * N * N + rows[:, None] * N + cols[None, :]
    state = tl.load(s_ptrs)
    base = h * N
    for t in range(T):
        off = t * C + base
        r = tl.load(R + off + cols).to(tl.float32)
        w = tl.load(W + off + cols).to(tl.float32)
        k = tl.load(K + off + cols).to(tl.float32)
        a = tl.load(A + off + cols).to(tl.float32)
        b = tl.load(B + off + cols).to(tl.float32)
        v = tl.load(V + off + rows).to(tl.float32)
        sa = tl.sum(state * a[None, :], axis=1)
        state = state * w[None, :] + sa[:, None] * b[None, :] + v[:, None] * k[None, :]
        y = tl.sum(state * r[None, :], axis=1)
        tl.store(Y + off + rows, y.to(Y.dtype.element_ty))
    tl.store(s_ptrs, state)
