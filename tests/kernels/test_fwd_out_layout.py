"""Tier 2: the dense forward's o comes back in q's layout (``dense.attention.OUT_LAYOUT``), so
``flash_attn_func`` returns the kernel's own buffer instead of copying it into (B, N, H, D).

Host logic (:func:`out_like` on flash-attn's layout, a qkv-packed slice, a value head dim other than q's,
contiguous q, the switch off; the plan signature; the custom op's fake strides) and, under
TRITON_INTERPRET=1 on CPU, the tl.* path through ``flash_attn_func``: the output is the kernel's buffer
(no copy) and output and gradients are bit for bit those of the old layout, at a padded head dim too.
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

from attention_parity import record_outputs  # noqa: E402

from gpuaccel.accel.kernels.dense import attention, entry  # noqa: E402
from gpuaccel.accel.kernels.dense.attention_op import _fwd_fake  # noqa: E402
from gpuaccel.accel.kernels.flash_attn_interface import flash_attn_func  # noqa: E402


@pytest.fixture
def layout():
    """Restore OUT_LAYOUT and empty the plans (a plan's o strides follow the switch) around a test."""
    saved = attention.OUT_LAYOUT
    attention._PLANS.clear()
    yield
    attention.OUT_LAYOUT = saved
    attention._PLANS.clear()


def _bnhd(b=2, n=24, h=3, d=16, dtype=torch.float16, seed=0):
    g = torch.Generator().manual_seed(seed)
    return torch.randn(b, n, h, d, generator=g).to(dtype)


def test_out_like_takes_q_layout(layout):
    attention.OUT_LAYOUT = True
    q = _bnhd().transpose(1, 2)  # flash-attn's (B, N, H, D) storage seen as [B, H, N, D]
    o = attention.out_like(q, 16)
    assert o.shape == q.shape and o.stride() == q.stride()
    assert o.transpose(1, 2).is_contiguous()
    wide = attention.out_like(q, 8)  # v's head dim other than q's: dense in q's dimension order
    assert wide.shape == (2, 3, 24, 8) and wide.transpose(1, 2).is_contiguous()
    qkv = _bnhd(h=9).view(2, 24, 3, 3, 16)[:, :, 0].transpose(1, 2)  # a qkv-packed slice: not dense
    assert attention.out_like(qkv, 16).transpose(1, 2).is_contiguous()
    assert attention.out_like(qkv, 8).transpose(1, 2).is_contiguous()
    flat = _bnhd().permute(0, 2, 1, 3).contiguous()  # [B, H, N, D] contiguous stays so
    assert attention.out_like(flat, 16).is_contiguous() and attention.out_like(flat, 8).is_contiguous()
    attention.OUT_LAYOUT = False  # as before: contiguous whatever q's layout
    assert attention.out_like(q, 16).is_contiguous() and attention.out_like(q, 8).is_contiguous()


def test_switch_is_part_of_the_plan_signature(layout):
    q = _bnhd().transpose(1, 2)
    attention.OUT_LAYOUT = True
    on = attention.call_signature("fwd", True, q, q, q)
    attention.OUT_LAYOUT = False
    assert attention.call_signature("fwd", True, q, q, q) != on


def test_custom_op_fake_has_the_real_strides(layout):
    attention.OUT_LAYOUT = True
    q = _bnhd().transpose(1, 2)
    o, lse = _fwd_fake(q, q, q, True, 0.25)
    assert o.stride() == q.stride() and lse.is_contiguous()


def _run(d, causal, grad, seed):
    """flash_attn_func on (B, N, H, D) leaves: (output, the kernel's o address or None, gradients)."""
    q, k, v, do = (_bnhd(d=d, seed=seed + i) for i in range(4))
    for t in (q, k, v):
        t.requires_grad_(grad)
    with pytest.MonkeyPatch.context() as mp:  # the autograd Function's and the no-grad call's
        seen = record_outputs(mp, (attention, entry), "flash_attention_forward")
        out = flash_attn_func(q, k, v, causal=causal)
    grads = None
    if grad:
        out.backward(do)
        grads = [t.grad for t in (q, k, v)]
    return out, seen[0] if len(seen) == 1 else None, grads


@pytest.mark.parametrize("d,causal,grad", [(16, True, True), (16, False, False), (48, True, True)])
def test_flash_attn_func_returns_the_kernels_o(layout, d, causal, grad):
    """D16: the output is the forward's own buffer (no copy after the kernel); D48 runs padded to 64 and
    slices into q's layout (one copy, as before the copy was two). Both bit for bit as the old layout."""
    attention.OUT_LAYOUT = False
    old, _, old_grads = _run(d, causal, grad, 10 * d)
    attention.OUT_LAYOUT = True
    new, o_ptr, new_grads = _run(d, causal, grad, 10 * d)
    assert new.is_contiguous() and torch.equal(old, new)
    if d == attention.padded_head_dim(d):
        assert new.data_ptr() == o_ptr, "flash_attn_func copied the kernel's o"
    if grad:
        for a, b, name in zip(old_grads, new_grads, "qkv", strict=True):
            assert torch.equal(a, b), f"d{name}"


@pytest.mark.parametrize("causal", [True, False])
def test_padded_backward_returns_gradients_in_the_inputs_layout(layout, causal):
    """A head dim run zero-padded (D48 -> 64): the backward slices each gradient once into the input's
    layout (gluon.bwd.grad_like), which autograd takes as it is; before, each came back contiguous and
    autograd copied it again into flash_attn_func's (B, N, H, D) storage. Bit for bit as GRAD_LAYOUT off."""
    from gpuaccel.accel.kernels.gluon import bwd

    q, k, v, do = (_bnhd(d=48, seed=70 + i).transpose(1, 2) for i in range(4))
    o, lse = attention.flash_attention_forward(q, k, v, causal, 48**-0.5)
    saved = bwd.GRAD_LAYOUT
    try:
        bwd.GRAD_LAYOUT = False
        old = attention.flash_attention_backward(do, q, k, v, o, lse, causal, 48**-0.5)
        bwd.GRAD_LAYOUT = True
        new = attention.flash_attention_backward(do, q, k, v, o, lse, causal, 48**-0.5)
    finally:
        bwd.GRAD_LAYOUT = saved
    for a, b, t, name in zip(old, new, (q, k, v), "qkv", strict=True):
        assert a.is_contiguous(), f"d{name}: GRAD_LAYOUT off keeps the old contiguous gradient"
        assert b.stride() == t.stride(), (f"d{name}", b.stride(), t.stride())
        assert torch.equal(a, b), f"d{name}"
