"""Tier 2: the custom ops (``gpuaccel::flash_attention_fwd/bwd``) and the per-signature plan cache.

Under TRITON_INTERPRET=1 on CPU: ``torch.library.opcheck`` runs the schema, fake-tensor, autograd and
AOT-dispatch checks on the real kernels; ``torch.compile(fullgraph=True)`` must trace a model calling
``flash_attention`` into one graph and match the reference; a repeated call must reuse its plan, and a
pin or a new signature must not.
"""

from __future__ import annotations

import os
import sys

_ALREADY_INTERPRETED = os.environ.get("TRITON_INTERPRET") == "1"  # e.g. set by another tier-2 module
os.environ["TRITON_INTERPRET"] = "1"

import pytest  # noqa: E402
import torch  # noqa: E402

pytest.importorskip("triton")

_defined = "gpuaccel.accel.kernels.dense.flash_fwd" in sys.modules
if _defined and not _ALREADY_INTERPRETED and not torch.cuda.is_available():
    pytest.skip("kernels were defined before TRITON_INTERPRET was set", allow_module_level=True)

from gpuaccel.accel.kernels import reference  # noqa: E402
from gpuaccel.accel.kernels.dense import attention, entry  # noqa: E402
from gpuaccel.accel.kernels.dense.attention_op import flash_attention_bwd, flash_attention_fwd  # noqa: E402
from gpuaccel.accel.kernels.tuning import configs as tuning  # noqa: E402


def _qkv(b=1, hq=2, hkv=1, n=24, d=16, seed=0, grad=False):
    g = torch.Generator().manual_seed(seed)
    mk = lambda h: torch.randn(b, h, n, d, generator=g).requires_grad_(grad)
    return mk(hq), mk(hkv), mk(hkv)


def test_opcheck_forward_and_backward_ops():
    q, k, v = _qkv()
    torch.library.opcheck(flash_attention_fwd, (q, k, v, True, 0.25))
    o, lse = attention.flash_attention_forward(q, k, v, True, 0.25)
    torch.library.opcheck(flash_attention_bwd, (torch.randn_like(o), q, k, v, o, lse, True, 0.25))


def test_fake_forward_checks_shapes():
    from torch._subclasses.fake_tensor import FakeTensorMode

    with FakeTensorMode():
        q, k, v = torch.empty(2, 4, 8, 32), torch.empty(2, 2, 5, 32), torch.empty(2, 2, 5, 32)
        o, lse = torch.ops.gpuaccel.flash_attention_fwd(q, k, v, False, 0.1)
        assert o.shape == q.shape and lse.shape == (2, 4, 8) and lse.dtype == torch.float32
        with pytest.raises(ValueError, match="multiple of key/value heads"):
            torch.ops.gpuaccel.flash_attention_fwd(
                q, torch.empty(2, 3, 5, 32), torch.empty(2, 3, 5, 32), False, 1.0
            )
        o, _ = torch.ops.gpuaccel.flash_attention_fwd(q, k, torch.empty(2, 2, 5, 48), False, 0.1)
        assert o.shape == (2, 4, 8, 48)  # v's head dim


def test_a_value_head_dim_runs_at_each_padded_dim_or_both_at_the_larger_on_gluon():
    """Off Hopper each dim is padded on its own (tl.* kernels); where the Gluon kernels take the larger
    padded dim (asked of q or v, whichever has it), both are padded to it; equal dims ask nothing."""
    from gpuaccel.accel.kernels.checks import check_inputs

    def dims(dq, dv, gluon):
        q, v = torch.empty(1, 1, 4, dq), torch.empty(1, 1, 4, dv)
        shape = check_inputs(q, q, v, allowed_dtypes=(torch.float32,), need_cuda=False, value_dim=True)
        asked = []
        got = attention._run_dims(shape, lambda t: asked.append(t.shape[-1]) or gluon, q, v)
        return got, asked

    assert dims(192, 128, False) == ((256, 128), [192])
    assert dims(192, 128, True) == ((256, 256), [192])
    assert dims(64, 256, True) == ((256, 256), [256])
    assert dims(48, 64, True) == ((64, 64), [])  # 48 pads to 64 anyway: nothing to ask


def test_compile_fullgraph_matches_reference():
    torch._dynamo.reset()
    q, k, v = _qkv(grad=True, seed=1)

    def loss(q, k, v):
        return (entry.flash_attention(q, k, v, causal=True) ** 2).sum()

    out = torch.compile(loss, fullgraph=True, backend="aot_eager")(q, k, v)
    grads = torch.autograd.grad(out, (q, k, v))
    qr, kr, vr = (t.detach().clone().requires_grad_() for t in (q, k, v))
    ref = (reference.flash_attention(qr, kr, vr, causal=True) ** 2).sum()
    rgrads = torch.autograd.grad(ref, (qr, kr, vr))
    torch.testing.assert_close(out, ref, atol=1e-4, rtol=1e-4)
    for g, r in zip(grads, rgrads, strict=True):
        torch.testing.assert_close(g, r, atol=1e-4, rtol=1e-4)


def test_repeated_call_reuses_its_plan_and_pins_or_new_strides_do_not(monkeypatch, fresh_plans):
    attention.forget_plans()
    q, k, v = _qkv(seed=2)
    first = attention.flash_attention_forward(q, k, v, False, 0.3)
    assert len(attention.kept_plans()) == 1
    calls = []
    monkeypatch.setattr(attention, "check_inputs", lambda *a, **kw: calls.append(a) or None)
    again = attention.flash_attention_forward(q, k, v, False, 0.3)  # planned: no checks at all
    assert not calls
    torch.testing.assert_close(again, first, atol=0, rtol=0)
    monkeypatch.undo()
    attention.forget_plans()
    attention.flash_attention_forward(q, k, v, False, 0.3)
    tuning.force("fwd", tuning.FwdConfig(16, 16, 4, 1))
    try:
        pinned = attention.flash_attention_forward(q, k, v, False, 0.3)
        assert len(attention.kept_plans()) == 2 and ("triton", tuning.FwdConfig(16, 16, 4, 1)) in [
            p[:2] for _, p in attention.kept_plans()
        ]
    finally:
        tuning.force("fwd", None)
    torch.testing.assert_close(pinned[0], first[0], atol=1e-5, rtol=1e-5)
    qt = q.transpose(1, 2).contiguous().transpose(1, 2)  # same values, other strides: its own signature
    torch.testing.assert_close(attention.flash_attention_forward(qt, k, v, False, 0.3)[0], first[0])
    assert len(attention.kept_plans()) == 3


def test_a_signature_that_needed_a_copy_is_never_planned(monkeypatch, fresh_plans):
    attention.forget_plans()
    q, k, v = _qkv(d=16, n=20, seed=3)
    wide = torch.randn(1, 2, 20, 18)[..., 1:17]  # 72-byte rows, 4-byte offset: copied for TMA every call
    o, _ = attention.flash_attention_forward(wide, k, v, True, 0.25)
    o2, _ = attention.flash_attention_forward(wide, k, v, True, 0.25)
    assert not attention.kept_plans()
    ref, _ = reference.flash_attention_forward(wide, k, v, True, 0.25)
    torch.testing.assert_close(o2, ref, atol=2e-4, rtol=2e-4)
    torch.testing.assert_close(o, o2, atol=0, rtol=0)


def test_planned_backward_matches_the_checked_one(monkeypatch, fresh_plans):
    attention.forget_plans()
    q, k, v = _qkv(hq=4, hkv=2, seed=4)
    o, lse = attention.flash_attention_forward(q, k, v, True, 0.2)
    do = torch.randn_like(o)
    first = attention.flash_attention_backward(do, q, k, v, o, lse, True, 0.2)
    second = attention.flash_attention_backward(do, q, k, v, o, lse, True, 0.2)
    assert len(attention.kept_plans("bwd")) == 1
    for a, b in zip(first, second, strict=True):
        torch.testing.assert_close(a, b, atol=0, rtol=0)
    with pytest.raises(ValueError, match="lse must have shape"):  # a bad call is still checked
        attention.flash_attention_backward(do, q, k, v, o, lse[:, :1], True, 0.2)


def test_non_tensor_arguments_get_the_checks_error():
    from gpuaccel.accel.kernels.checks import UnsupportedInputError

    q, k, v = _qkv(seed=5)
    with pytest.raises(UnsupportedInputError, match="k must be a torch.Tensor"):
        attention.flash_attention_forward(q, None, v, False, 0.3)
    with pytest.raises(UnsupportedInputError, match="v must be a torch.Tensor"):
        entry.flash_attention(q, k, [1.0])


def test_backward_path_is_triton_under_the_interpreter(monkeypatch):
    q = torch.zeros(1, 2, 64, 64)
    assert attention.backward_path(q, True) == "triton"
    monkeypatch.setenv(attention.BWD_PATH_ENV, "gluon")
    with pytest.raises(attention.UnsupportedInputError, match="GPUACCEL_ATTN_BWD_PATH=gluon"):
        attention.backward_path(q, True)
    monkeypatch.setenv(attention.BWD_PATH_ENV, "fastest")
    with pytest.raises(attention.UnsupportedInputError, match="accepted: auto, triton, gluon"):
        attention.backward_path(q, False)


def test_a_pinned_gluon_backward_is_refused_off_hopper(monkeypatch):
    q = torch.zeros(1, 2, 64, 64)
    tuning.force("bwd", tuning.GluonBwdConfig(2), causal=True)
    try:
        with pytest.raises(attention.UnsupportedInputError, match="Gluon backward"):
            attention.backward_path(q, True)
        assert attention.backward_path(q, False) == "triton"
        monkeypatch.setenv(attention.BWD_PATH_ENV, "triton")
        with pytest.raises(attention.UnsupportedInputError, match="configuration is pinned"):
            attention.backward_path(q, True)
    finally:
        tuning.force("bwd", None, causal=True)


def test_the_gluon_backward_refuses_a_config_built_for_another_head_dim():
    from gpuaccel.accel.kernels.gluon.bwd import launch_gluon_bwd

    for d, cfg in ((128, tuning.GluonBwdConfig(2, 32, 3, by_grad=True)), (256, tuning.GluonBwdConfig(2))):
        q = torch.zeros(1, 2, 64, d)
        with pytest.raises(ValueError, match=r"head_dims \(192, 256\) and only they run the by-gradient"):
            launch_gluon_bwd(q, q, q, q, q, torch.zeros(1, 2, 64), False, 0.1, cfg)
    assert tuning.gluon_bwd_config(256).label().startswith("gluon-ws-kv64-dk|dv-s2+tl-dq128x32")
    assert tuning.gluon_bwd_config(192, 128).label() == "gluon-ws-kv64-dk|dv-s2+dq2x64x64s2"


def test_the_by_gradient_backward_runs_its_gluon_dq_at_192_alone():
    """``GluonBwdConfig.gluon_dq``: the Gluon dQ kernel in 64-column chunks is built for q/k 192 (MLA's
    192/128); at 256 the by-gradient backward keeps the tl.* dQ, and a configuration asking otherwise is
    refused before anything is launched."""
    from gpuaccel.accel.kernels.gluon.bwd import launch_gluon_bwd

    q, v = torch.zeros(1, 2, 64, 256), torch.zeros(1, 2, 64, 128)
    cfg = tuning.GluonBwdConfig(2, 64, 2, by_grad=True, gluon_dq=True)
    with pytest.raises(ValueError, match="Gluon dQ is built for q/k 192, got 256"):
        launch_gluon_bwd(v, q, q, v, v, torch.zeros(1, 2, 64), False, 0.1, cfg, fused=False)
    assert not tuning.gluon_bwd_config(256, 128).gluon_dq and not tuning.gluon_bwd_config(256).gluon_dq
    padded = tuning.GLUON_BWD_VALUE_DQ_PADDED[(192, 128)]  # the route before: the tl.* dQ at D256's config
    assert not padded.gluon_dq and padded.dq_block_n == tuning.GLUON_BWD_CONFIGS[256].dq_block_n
