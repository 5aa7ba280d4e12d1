"""Tier 2: the dense forward's o comes back in q's layout (``dense.launchers.laid_out_like``), so
``flash_attn_func`` returns the kernel's own buffer instead of copying it into (B, N, H, D); the backward's
gradients come back in the inputs' layout (the same ``laid_out_like``), a padded head dim's too.

Host logic (:func:`laid_out_like` on flash-attn's layout, a qkv-packed slice, a value head dim other than q's,
contiguous q; the custom op's fake strides) and, under TRITON_INTERPRET=1 on CPU, the tl.* path through
``flash_attn_func``: the output is the kernel's buffer (no copy), and output and gradients hold
FlashAttention's standard against the float64 reference (tests/attention_parity.py), at a padded head dim
too.
"""

from __future__ import annotations

import os
import sys

_ALREADY_INTERPRETED = os.environ.get("TRITON_INTERPRET") == "1"
os.environ["TRITON_INTERPRET"] = "1"

import pytest  # noqa: E402
import torch  # noqa: E402

pytest.importorskip("triton")

_defined = "gpuaccel.accel.kernels.dense.flash_fwd" in sys.modules
if _defined and not _ALREADY_INTERPRETED and not torch.cuda.is_available():
    pytest.skip("kernels were defined before TRITON_INTERPRET was set", allow_module_level=True)

from attention_parity import DT, batch_parts, bound, bound_all, keep_mask, record_outputs  # noqa: E402

from gpuaccel.accel.kernels.dense import attention, entry  # noqa: E402
from gpuaccel.accel.kernels.dense.attention_op import _fwd_fake  # noqa: E402
from gpuaccel.accel.kernels.dense.launchers import laid_out_like  # noqa: E402
from gpuaccel.accel.kernels.flash_attn_interface import flash_attn_func  # noqa: E402


def _bnhd(b=2, n=24, h=3, d=16, dtype=DT, seed=0):
    g = torch.Generator().manual_seed(seed)
    return torch.randn(b, n, h, d, generator=g).to(dtype)


def test_laid_out_like_takes_q_layout():
    q = _bnhd().transpose(1, 2)  # flash-attn's (B, N, H, D) storage seen as [B, H, N, D]
    o = laid_out_like(q, 16)
    assert o.shape == q.shape and o.stride() == q.stride()
    assert o.transpose(1, 2).is_contiguous()
    wide = laid_out_like(q, 8)  # v's head dim other than q's: dense in q's dimension order
    assert wide.shape == (2, 3, 24, 8) and wide.transpose(1, 2).is_contiguous()
    qkv = _bnhd(h=9).view(2, 24, 3, 3, 16)[:, :, 0].transpose(1, 2)  # a qkv-packed slice: not dense
    assert laid_out_like(qkv, 16).transpose(1, 2).is_contiguous()
    assert laid_out_like(qkv, 8).transpose(1, 2).is_contiguous()
    flat = _bnhd().permute(0, 2, 1, 3).contiguous()  # [B, H, N, D] contiguous stays so
    assert laid_out_like(flat, 16).is_contiguous() and laid_out_like(flat, 8).is_contiguous()
    assert laid_out_like(q, 16, torch.float32).dtype == torch.float32  # the FP8 forwards' bf16 o


def test_custom_op_fake_has_the_real_strides():
    q = _bnhd().transpose(1, 2)
    o, lse = _fwd_fake(q, q, q, True, 0.25)
    assert o.stride() == q.stride() and lse.is_contiguous()


def _parts(q, k, v, do, causal):
    """(o, dq, dk, dv) of plain PyTorch in float64 (the reference) and in the inputs' dtype, (B, N, H, D)."""
    keep = keep_mask(q.shape[1], k.shape[1], causal)
    return (batch_parts(q, k, v, do, keep, t) for t in (torch.float64, q.dtype))


@pytest.mark.parametrize("d,causal,grad", [(16, True, True), (16, False, False), (48, True, True)])
def test_flash_attn_func_returns_the_kernels_o(d, causal, grad):
    """D16: the output is the forward's own buffer (no copy after the kernel); D48 runs padded to 64 and
    slices into q's layout (one copy; before, two). Output and gradients within 2x plain fp16's error of
    the float64 reference."""
    q, k, v, do = (_bnhd(d=d, seed=10 * d + i) for i in range(4))
    for t in (q, k, v):
        t.requires_grad_(grad)
    with pytest.MonkeyPatch.context() as mp:  # the autograd Function's and the no-grad call's
        seen = record_outputs(mp, (attention, entry), "flash_attention_forward")
        out = flash_attn_func(q, k, v, causal=causal)
    assert out.is_contiguous()
    if d == attention.padded_head_dim(d):
        assert seen == [out.data_ptr()], "flash_attn_func copied the kernel's o"
    ref, plain = _parts(q, k, v, do, causal)
    if not grad:
        bound(out, plain[0], ref[0], f"d{d} out")
        return
    got = (out, *torch.autograd.grad(out, (q, k, v), do))
    bound_all(got, plain, ref, f"d{d} causal={causal}")


@pytest.mark.parametrize("d,causal", [(16, True), (16, False), (48, True), (48, False)])
def test_backward_returns_gradients_in_the_inputs_layout(d, causal):
    """The tl.* backward writes each gradient in its input's layout (dense.launchers.laid_out_like), which
    autograd takes as it is (before, they came back contiguous and autograd copied each into
    flash_attn_func's (B, N, H, D) storage); a head dim run zero-padded (D48 -> 64) slices each once into
    that layout. Output and gradients within 2x plain fp16's error of the float64 reference."""
    seq = [_bnhd(d=d, seed=70 + i) for i in range(4)]
    q, k, v, do = (t.transpose(1, 2) for t in seq)
    o, lse = attention.flash_attention_forward(q, k, v, causal, d**-0.5)
    grads = attention.flash_attention_backward(do, q, k, v, o, lse, causal, d**-0.5)
    for g, t, name in zip(grads, (q, k, v), "qkv", strict=True):
        assert g.stride() == t.stride(), (f"d{name}", g.stride(), t.stride())
    ref, plain = _parts(*seq, causal)
    got = [t.transpose(1, 2) for t in (o, *grads)]
    bound_all(got, plain, ref, f"causal={causal}")
