"""Tier 3: the attention kernels at real sizes on a CUDA GPU (bf16, fp16, FP8); skipped without one."""

from __future__ import annotations

import pytest
import torch

pytestmark = pytest.mark.gpu


def _rel(a: torch.Tensor, b: torch.Tensor) -> float:
    return ((a.float() - b.float()).norm() / b.float().norm()).item()


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
@pytest.mark.parametrize(
    "b,hq,hkv,nq,nk,d,causal",
    [(2, 16, 16, 2048, 2048, 128, False), (1, 16, 4, 1500, 3000, 64, True), (2, 8, 8, 1024, 1024, 256, True)],
)
def test_forward_backward_real_sizes(dtype, b, hq, hkv, nq, nk, d, causal):
    from accel.kernels import flash_attention, reference

    q = torch.randn(b, hq, nq, d, device="cuda", dtype=dtype, requires_grad=True)
    k = torch.randn(b, hkv, nk, d, device="cuda", dtype=dtype, requires_grad=True)
    v = torch.randn(b, hkv, nk, d, device="cuda", dtype=dtype, requires_grad=True)
    o, lse = flash_attention(q, k, v, causal=causal, return_lse=True)
    do = torch.randn_like(o)
    grads = torch.autograd.grad(o, (q, k, v), do)
    qf, kf, vf = (t.detach().float().requires_grad_() for t in (q, k, v))
    ro, rl = reference.flash_attention(qf, kf, vf, causal=causal, return_lse=True)
    rgrads = torch.autograd.grad(ro, (qf, kf, vf), do.float())
    assert _rel(o, ro) < 1e-2
    fin = torch.isfinite(rl)
    assert (lse[fin] - rl[fin]).abs().max().item() < 1e-2
    for g, r in zip(grads, rgrads, strict=False):
        assert _rel(g, r) < 2e-2


def test_fp8_outlier_rmse():
    """FlashAttention-3's test inputs: N(0,1) + N(0,100) * Bernoulli(0.001); FA3 reports RMSE 9.1e-3."""
    from accel.kernels import flash_attention_fp8, reference

    torch.manual_seed(0)
    shp = (2, 8, 2048, 128)
    q, k, v = (
        torch.randn(shp, device="cuda")
        + 10 * torch.randn(shp, device="cuda") * (torch.rand(shp, device="cuda") < 1e-3)
        for _ in range(3)
    )
    ref = reference.flash_attention(q.double(), k.double(), v.double())
    o8 = flash_attention_fp8(q.bfloat16(), k.bfloat16(), v.bfloat16())
    assert (o8.double() - ref).pow(2).mean().sqrt().item() < 1.2e-2


def test_unsupported_dtype_is_named():
    from accel.kernels import UnsupportedInputError, flash_attention

    q = torch.randn(1, 2, 64, 64, device="cuda", dtype=torch.float32)
    with pytest.raises(UnsupportedInputError, match="float16, bfloat16"):
        flash_attention(q, q, q)
