"""Tier 2: a call that needs no gradient runs the same forward without autograd's Function, on CPU tensors.

Why: a serving stack calls ``flash_attn_func`` / ``flash_attn_varlen_func`` under ``torch.no_grad()`` or
``torch.inference_mode()``; ``torch.autograd.Function.apply`` then built a context for nothing (some 35-45 us
of host time of a ~109 us 4 x 512 packed forward on an H200; docs/kernels-log.md, 2026-11-29, thirty-fourth
session (later)). ``dense.attention.needs_autograd`` decides for both entry points: the Function where grad
mode is on and an input requires grad, or where an input is a forward-mode dual tensor (its error stays).
Here: the direct forward gives the Function's o and lse bit for bit, a grad call still builds the graph and
its gradients, and a dual input still raises.
"""

from __future__ import annotations

import os

os.environ["TRITON_INTERPRET"] = "1"  # like the other tier-2 modules, before any kernel is defined

import pytest
import torch
import torch.autograd.forward_ad as forward_ad

pytest.importorskip("triton")

from gpuaccel.accel.kernels import checks  # noqa: E402
from gpuaccel.accel.kernels.checks import UnsupportedInputError  # noqa: E402
from gpuaccel.accel.kernels.dense import attention  # noqa: E402
from gpuaccel.accel.kernels.flash_attn_interface import flash_attn_func, flash_attn_varlen_func  # noqa: E402
from gpuaccel.accel.kernels.varlen import attention as varlen  # noqa: E402

LENS = [5, 17, 9]


@pytest.fixture
def applied(monkeypatch, fresh_plans):
    """Fresh plans; how many times each entry point's Function was applied."""
    attention.forget_plans()
    monkeypatch.setattr(checks, "_CHECKED", {})
    n = {"dense": 0, "varlen": 0}
    for key, cls in (("dense", attention.FlashAttentionFunction), ("varlen", varlen.VarlenAttentionFunction)):
        real = cls.apply

        def counted(*a, _real=real, _key=key):
            n[_key] += 1
            return _real(*a)

        monkeypatch.setattr(cls, "apply", counted)
    return n


def _cu(lens: list[int]) -> torch.Tensor:
    return torch.tensor([0, *torch.tensor(lens).cumsum(0).tolist()], dtype=torch.int32)


def _packed(d: int, dv: int, seed: int = 0) -> tuple[torch.Tensor, ...]:
    g = torch.Generator().manual_seed(seed)
    n = sum(LENS)
    return tuple(torch.randn(n, 2, e, generator=g) for e in (d, d, dv, dv))  # q, k, v, dO


def _varlen(q, k, v):
    cu, m = _cu(LENS), max(LENS)
    return flash_attn_varlen_func(q, k, v, cu, cu, m, m, causal=True, return_attn_probs=True)[:2]


def _dense(q, k, v):
    return flash_attn_func(q, k, v, causal=True, return_attn_probs=True)[:2]


def _dense_inputs(d: int, dv: int, seed: int = 0) -> tuple[torch.Tensor, ...]:
    g = torch.Generator().manual_seed(seed)
    return tuple(torch.randn(2, 19, 2, e, generator=g) for e in (d, d, dv, dv))  # q, k, v, dO


CASES = [  # (entry point, its Function's key, inputs): D16 as given, D48 (v 32) padded around the kernels
    pytest.param(_varlen, "varlen", lambda: _packed(16, 16), id="packed-d16"),
    pytest.param(_varlen, "varlen", lambda: _packed(48, 32), id="packed-d48-dv32"),
    pytest.param(_dense, "dense", lambda: _dense_inputs(16, 16), id="dense-d16"),
]


@pytest.mark.parametrize(("call", "key", "make"), CASES)
def test_a_call_needing_no_gradient_gives_the_functions_bytes_without_it(applied, call, key, make):
    q, k, v, do = make()
    qg, kg, vg = (t.clone().requires_grad_() for t in (q, k, v))
    o_grad, lse_grad = call(qg, kg, vg)
    assert applied[key] == 1 and o_grad.grad_fn is not None and o_grad.requires_grad
    o_grad.backward(do)
    assert all(t.grad is not None and t.grad.abs().sum() > 0 for t in (qg, kg, vg))
    for mode in (torch.no_grad, torch.inference_mode):
        for _ in range(2):  # unplanned, then planned (the first call kept its plan)
            with mode():
                o, lse = call(q, k, v)
            assert o.grad_fn is None and not o.requires_grad
            torch.testing.assert_close(o, o_grad.detach(), rtol=0, atol=0)
            torch.testing.assert_close(lse, lse_grad, rtol=0, atol=0)
    o, lse = call(q, k, v)  # grad mode on, no input requiring grad: nothing to build either
    assert o.grad_fn is None
    torch.testing.assert_close(o, o_grad.detach(), rtol=0, atol=0)
    with torch.no_grad():  # requires_grad inputs under no_grad: nothing to build
        o, _ = call(qg, kg, vg)
    assert o.grad_fn is None
    assert applied[key] == 1  # only the grad call took the Function


@pytest.mark.parametrize(("call", "key", "make"), CASES)
def test_a_dual_input_keeps_the_function_and_its_error(applied, call, key, make):
    q, k, v, _ = make()
    with forward_ad.dual_level():
        dual = forward_ad.make_dual(q, torch.ones_like(q))
        assert attention.needs_autograd(dual, k, v) and not attention.needs_autograd(q, k, v)
        with torch.no_grad(), pytest.raises((RuntimeError, NotImplementedError)):
            call(dual, k, v)
    assert applied[key] == 1
    assert not attention.needs_autograd(q, k, v)


def test_bad_input_raises_the_same_with_or_without_a_gradient(applied):
    q, k, v, _ = _packed(16, 16)
    cu, m = _cu(LENS), max(LENS)
    errors = []
    for mode in (torch.enable_grad, torch.no_grad):
        with mode(), pytest.raises(UnsupportedInputError) as e:
            flash_attn_varlen_func(q.requires_grad_(mode is torch.enable_grad), k, v, cu, cu, m - 1, m)
        errors.append(str(e.value))
        q = q.detach()
    assert errors[0] == errors[1]
