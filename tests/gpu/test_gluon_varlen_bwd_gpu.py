"""GPU tier: the Gluon (Hopper) backward over packed documents against the fp32 reference.

Gradients are written into NaN-filled buffers, so a tile the kernels never store shows as NaN; the
documents sit next to each other, so a box reading into its neighbour and using those rows shows as error
(and so would a fused dQ box adding anything but zeros to its neighbour's rows). Both backwards, fused
and split, on every case.
"""

from __future__ import annotations

import math

import pytest
import torch

if not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9:
    pytest.skip("needs a Hopper (sm_90) GPU", allow_module_level=True)

from gpuaccel.accel.kernels import UnsupportedInputError, reference
from gpuaccel.accel.kernels.dense.attention import BWD_PATH_ENV
from gpuaccel.accel.kernels.dense.launchers import PLANNED
from gpuaccel.accel.kernels.flash_attn_interface import flash_attn_varlen_func
from gpuaccel.accel.kernels.gluon.varlen_bwd import fused_pays, launch_gluon_varlen_bwd
from gpuaccel.accel.kernels.varlen.attention import backward_path, flash_attention_varlen, varlen_forward

TOL = 2e-2  # relative L2 of each gradient (bf16 rounding of o, dO and the outputs)


def _cu(lens: list[int]) -> torch.Tensor:
    return torch.tensor([0, *torch.tensor(lens).cumsum(0).tolist()], dtype=torch.int32, device="cuda")


def _rel(a: torch.Tensor, ref: torch.Tensor) -> float:
    assert not torch.isnan(a).any(), "NaN in a gradient: a tile was never written"
    return ((a.float() - ref).norm() / ref.norm().clamp_min(1e-6)).item()


CASES = [  # query lengths, key lengths (None: the same), Hq, Hkv, causal, dtype
    ([1, 127, 128, 129, 8192], None, 16, 4, True, torch.bfloat16),
    ([1, 127, 128, 129, 8192], None, 16, 4, False, torch.bfloat16),
    ([300, 1, 4096, 65, 2000], None, 8, 8, True, torch.float16),
    ([100, 1000, 129, 1], [900, 64, 129, 300], 8, 2, True, torch.bfloat16),  # Nq != Nk both ways
    ([100, 1000, 129, 1], [900, 64, 129, 300], 8, 1, False, torch.float16),
    ([0, 200, 5], [77, 0, 300], 4, 2, True, torch.bfloat16),  # empty documents on either side
]


@pytest.mark.parametrize("fused", [False, True], ids=["split", "fused"])
@pytest.mark.parametrize("lens_q,lens_k,hq,hkv,causal,dtype", CASES)
def test_gradients_match_reference(lens_q, lens_k, hq, hkv, causal, dtype, fused):
    lens_k = lens_k or lens_q
    gen = torch.Generator(device="cuda").manual_seed(sum(lens_q) + hq)
    cu_q, cu_k = _cu(lens_q), _cu(lens_k)
    nq, nk, d = sum(lens_q), sum(lens_k), 128
    q = torch.randn(nq, hq, d, device="cuda", dtype=dtype, generator=gen)
    k, v = (torch.randn(nk, hkv, d, device="cuda", dtype=dtype, generator=gen) for _ in range(2))
    do = torch.randn(nq, hq, d, device="cuda", dtype=dtype, generator=gen)
    scale = 1 / math.sqrt(d)
    problem = (cu_q, cu_k, max(lens_q), max(lens_k), -1, 0 if causal else -1, scale, 0.0)
    o, lse = varlen_forward(q, k, v, problem)
    out = tuple(torch.full(t.shape, float("nan"), device="cuda", dtype=dtype) for t in (q, k, v))
    dq, dk, dv = launch_gluon_varlen_bwd(do, q, k, v, o, lse, cu_q, cu_k, causal, scale, out=out, fused=fused)
    torch.cuda.synchronize()
    qf, kf, vf = (t.float().requires_grad_() for t in (q, k, v))
    ro = reference.flash_attention_varlen(
        qf, kf, vf, cu_q, cu_k, max(lens_q), max(lens_k), causal=causal, softmax_scale=scale
    )
    rq, rk, rv = torch.autograd.grad(ro, (qf, kf, vf), do.float())
    for name, got, ref in (("dq", dq, rq), ("dk", dk, rk), ("dv", dv, rv)):
        assert _rel(got, ref) < TOL, f"{name} relative L2 {_rel(got, ref):.3g}"


@pytest.mark.parametrize("lens_q,lens_k,hq,hkv,causal,dtype", CASES)
def test_value_pair_gradients_match_reference(lens_q, lens_k, hq, hkv, causal, dtype):
    """MLA's 192/128 (``GLUON_VARLEN_BWD_VALUE_DIMS``): the split pair with q/k in 64-column chunks and v,
    dO, o and dv at 128, into NaN-filled buffers (every row written), against the fp32 reference; a value
    pair never runs the fused kernel (asked for, it is refused)."""
    lens_k = lens_k or lens_q
    gen = torch.Generator(device="cuda").manual_seed(sum(lens_q) + hq + 192)
    cu_q, cu_k = _cu(lens_q), _cu(lens_k)
    nq, nk, d, dv_dim = sum(lens_q), sum(lens_k), 192, 128
    q = torch.randn(nq, hq, d, device="cuda", dtype=dtype, generator=gen)
    k = torch.randn(nk, hkv, d, device="cuda", dtype=dtype, generator=gen)
    v = torch.randn(nk, hkv, dv_dim, device="cuda", dtype=dtype, generator=gen)
    do = torch.randn(nq, hq, dv_dim, device="cuda", dtype=dtype, generator=gen)
    scale = 1 / math.sqrt(d)
    problem = (cu_q, cu_k, max(lens_q), max(lens_k), -1, 0 if causal else -1, scale, 0.0)
    o, lse = varlen_forward(q, k, v, problem)
    out = tuple(torch.full(t.shape, float("nan"), device="cuda", dtype=dtype) for t in (q, k, v))
    dq, dk, dv = launch_gluon_varlen_bwd(do, q, k, v, o, lse, cu_q, cu_k, causal, scale, out=out)
    with pytest.raises(ValueError, match="fused Gluon varlen backward"):
        launch_gluon_varlen_bwd(do, q, k, v, o, lse, cu_q, cu_k, causal, scale, fused=True)
    torch.cuda.synchronize()
    qf, kf, vf = (t.float().requires_grad_() for t in (q, k, v))
    ro = reference.flash_attention_varlen(
        qf, kf, vf, cu_q, cu_k, max(lens_q), max(lens_k), causal=causal, softmax_scale=scale
    )
    rq, rk, rv = torch.autograd.grad(ro, (qf, kf, vf), do.float())
    for name, got, ref in (("dq", dq, rq), ("dk", dk, rk), ("dv", dv, rv)):
        assert _rel(got, ref) < TOL, f"{name} relative L2 {_rel(got, ref):.3g}"


def test_autograd_takes_the_gluon_backward_and_agrees_with_tl(monkeypatch):
    lens = [700, 63, 2000, 129]
    cu = _cu(lens)
    gen = torch.Generator(device="cuda").manual_seed(3)
    q, k, v = (
        torch.randn(sum(lens), 8, 128, device="cuda", dtype=torch.bfloat16, generator=gen).requires_grad_()
        for _ in range(3)
    )
    assert backward_path(q, -1, 0) == "gluon"
    o = flash_attention_varlen(q, k, v, cu, cu, max(lens), max(lens), causal=True)
    do = torch.randn_like(o)
    gluon = torch.autograd.grad(o, (q, k, v), do)
    monkeypatch.setenv(BWD_PATH_ENV, "triton")
    assert backward_path(q, -1, 0) == "triton"
    o = flash_attention_varlen(q, k, v, cu, cu, max(lens), max(lens), causal=True)
    tl = torch.autograd.grad(o, (q, k, v), do)
    for a, b in zip(gluon, tl, strict=True):
        assert _rel(a, b.float()) < TOL


def test_deterministic_packs_take_the_split_backward_bit_for_bit():
    lens = [3000, 129, 5000, 700]  # 8,829 tokens: the fused backward's size
    cu = _cu(lens)
    gen = torch.Generator(device="cuda").manual_seed(5)
    q, k, v = (
        torch.randn(sum(lens), 8, 128, device="cuda", dtype=torch.bfloat16, generator=gen).requires_grad_()
        for _ in range(3)
    )
    do = torch.randn_like(q)
    assert fused_pays(k.shape[0]) and not fused_pays(k.shape[0], deterministic=True)

    def grads(**kw):
        o = flash_attn_varlen_func(q, k, v, cu, cu, max(lens), max(lens), causal=True, **kw)
        return torch.autograd.grad(o, (q, k, v), do)

    first, again = grads(deterministic=True), grads(deterministic=True)
    assert all(torch.equal(a, b) for a, b in zip(first, again, strict=True))
    for a, b in zip(grads(), first, strict=True):  # the fused backward: the same gradients within rounding
        assert _rel(a, b.float()) < TOL


def test_windows_softcap_and_other_head_dims_keep_the_tl_backward(monkeypatch):
    from gpuaccel.accel.kernels.tuning import configs as tuning

    q = torch.empty(10, 4, 128, device="cuda", dtype=torch.bfloat16)
    q192 = torch.empty(10, 4, 192, device="cuda", dtype=torch.bfloat16)
    assert backward_path(q, 64, 0) == "triton"
    assert backward_path(q, -1, -1, softcap=30.0) == "triton"
    assert backward_path(q[..., :64], -1, 0) == "triton"
    assert backward_path(q192, -1, 0, 0.0, 128) == "gluon"  # MLA's 192/128 as it is
    assert backward_path(q192, -1, -1, 0.0, 128) == "gluon"
    assert backward_path(q192, 64, 0, 0.0, 128) == "triton"  # a window: tl.*
    assert backward_path(q, -1, 0, 0.0, 64) == "triton"  # 128/64: not built packed
    monkeypatch.setattr(tuning, "GLUON_BWD_VALUE_DEFAULT", ())
    assert backward_path(q192, -1, 0, 0.0, 128) == "triton"  # out of the default: the route before
    monkeypatch.undo()
    monkeypatch.setenv(BWD_PATH_ENV, "gluon")
    with pytest.raises(UnsupportedInputError, match="window or soft-capping"):
        backward_path(q, 64, 0)
    with pytest.raises(UnsupportedInputError, match="head_dim"):
        backward_path(q[..., :64], -1, 0)
    with pytest.raises(UnsupportedInputError, match=r"v's head_dim \(64\) equal to q's \(128\)"):
        backward_path(q, -1, 0, 0.0, 64)


@pytest.mark.parametrize("lens", [[3000, 129, 5000, 700, 8000], [700, 63, 2000, 129]], ids=["fused", "split"])
def test_a_packed_step_captures_in_a_cuda_graph(lens):
    """Nothing of the packed forward or backward reads back to the host (the work tables are built on the
    GPU), so a training step captures in a CUDA graph and its replay gives the eager gradients."""
    cu = _cu(lens)
    gen = torch.Generator(device="cuda").manual_seed(11)
    q, k, v = (
        torch.randn(sum(lens), 8, 128, device="cuda", dtype=torch.bfloat16, generator=gen).requires_grad_()
        for _ in range(3)
    )
    do = torch.randn(sum(lens), 8, 128, device="cuda", dtype=torch.bfloat16, generator=gen)

    def step():
        o = flash_attention_varlen(q, k, v, cu, cu, max(lens), max(lens), causal=True, check_values=False)
        return torch.autograd.grad(o, (q, k, v), do)

    eager = step()
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        step()  # warm-up on the capturing stream (compiles, caches descriptors)
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        captured = step()
    graph.replay()
    torch.cuda.synchronize()
    for a, b in zip(captured, eager, strict=True):
        assert _rel(a, b.float()) < TOL


@pytest.mark.parametrize("fused,dims", [(False, (128, 128)), (True, (128, 128)), (False, (192, 128))],
                         ids=["split", "fused", "split-192-128"])  # fmt: skip
def test_a_repeated_signature_launches_bound_and_gives_the_jit_launches_gradients(fused, dims):
    """Calls that repeat a signature launch the backward's kernels bound (the packed call's plan hands the
    launcher one ``bound`` dict per signature); other
    offsets of the same shape and other data give the JIT launches' gradients: bit for bit where the sum
    has a fixed order (the split pair; the fused kernel's dK and dV), within rounding for the fused dQ
    (summed by reduce-adds in no fixed order)."""
    packs = ([700, 63, 8000, 129], [129, 8000, 63, 700], [1, 1, 8889, 1])  # one shape, other offsets
    grads = {}
    bound: dict = {}
    d, dv_dim = dims  # 192/128: v, dO and o at 128 (the split pair, whatever the size)
    for bind in (True, False):
        for i, lens in enumerate(packs):
            gen = torch.Generator(device="cuda").manual_seed(50 + i)
            n, cu = sum(lens), _cu(lens)
            mk = lambda rows, h, dim, g=gen: torch.randn(
                rows, h, dim, device="cuda", dtype=torch.bfloat16, generator=g
            )
            q, do = mk(n, 8, d), mk(n, 8, dv_dim)
            k, v = mk(n, 2, d), mk(n, 2, dv_dim)
            problem = (cu, cu, max(lens), max(lens), -1, 0, d**-0.5, 0.0)
            o, lse = varlen_forward(q, k, v, problem)
            out = tuple(torch.full(t.shape, float("nan"), device="cuda", dtype=t.dtype) for t in (q, k, v))
            grads[bind, i] = launch_gluon_varlen_bwd(do, q, k, v, o, lse, cu, cu, True, d**-0.5, out=out,
                                                     fused=fused, bound=bound if bind else None)  # fmt: skip
    assert PLANNED in bound and len(bound) == (
        6 if fused else 5
    ), f"not every launch was bound: {sorted(bound)}"
    for i in range(len(packs)):
        (dq, dk, dv), (jq, jk, jv) = grads[True, i], grads[False, i]
        assert not any(torch.isnan(g).any() for g in (dq, dk, dv))
        assert torch.equal(dk, jk) and torch.equal(dv, jv), f"pack {i}: dK/dV differ from the JIT launch's"
        if fused:
            assert _rel(dq, jq.float()) < 1e-3, f"pack {i}: dQ"
        else:
            assert torch.equal(dq, jq), f"pack {i}: dQ differs from the JIT launch's"


@pytest.mark.parametrize("total", [2892, 8892], ids=["split", "fused"])
@pytest.mark.parametrize("causal", [True, False])
def test_a_planned_packed_call_gives_the_unplanned_calls_bytes(monkeypatch, fresh_plans, total, causal):
    """``flash_attention_varlen`` keeps a plan per call signature (``dense.attention.planned``: the path, the
    configuration and the bound launches of its forward and backward). Calls of one signature with other
    offsets (new tensors) and other data give exactly the output, lse and gradients of the same calls
    unplanned (every check, choice and launch through Triton's JIT), but the fused dQ, summed by
    reduce-adds in no fixed order (within 1e-3 relative L2)."""
    from gpuaccel.accel.kernels.dense import attention
    from gpuaccel.accel.kernels.varlen import attention as varlen

    attention.forget_plans()
    n = total - 892
    packs = ([700, 63, n, 129], [129, n, 63, 700], [1, 1, n + 889, 1])  # one shape, other offsets
    runs = {}
    for planned in (True, False):
        if not planned:
            monkeypatch.setattr(varlen, "call_signature", lambda *a, **kw: None)
        for i, lens in enumerate(packs):
            gen = torch.Generator(device="cuda").manual_seed(60 + i)
            q, do = (
                torch.randn(total, 8, 128, device="cuda", dtype=torch.bfloat16, generator=gen)
                for _ in range(2)
            )
            k, v = (
                torch.randn(total, 2, 128, device="cuda", dtype=torch.bfloat16, generator=gen)
                for _ in range(2)
            )
            leaves = [t.requires_grad_() for t in (q, k, v)]
            o, lse = flash_attention_varlen(*leaves, _cu(lens), _cu(lens), n + 890, n + 890, causal=causal,
                                            return_lse=True)  # fmt: skip
            o.backward(do)
            runs[planned, i] = (o.detach(), lse, *(t.grad for t in leaves))
    kinds = {sig[0]: plan for sig, plan in attention.kept_plans()}
    assert set(kinds) == {"varlen_fwd", "varlen_bwd"} and len(attention.kept_plans()) == 2
    assert set(kinds["varlen_fwd"][2]) == {"items", "gluon_varlen_fwd", PLANNED}, "the forward was not bound"
    # the launches and what the signature fixes (PLANNED)
    assert len(kinds["varlen_bwd"][2]) == (6 if total >= 8192 else 5), "the backward was not bound"
    assert PLANNED in kinds["varlen_bwd"][2]
    for i in range(len(packs)):
        for j, (a, b) in enumerate(zip(runs[True, i], runs[False, i], strict=True)):
            assert not torch.isnan(a).any()
            if j == 2 and total >= 8192:
                assert _rel(a, b.float()) < 1e-3, f"pack {i}: fused dQ"
            else:
                assert torch.equal(a, b), f"pack {i}: output {j} differs from the unplanned call's"
