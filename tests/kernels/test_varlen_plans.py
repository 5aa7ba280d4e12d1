"""Tier 2: the packed call keeps a plan per call signature in the dense path's plan cache, on CPU tensors.

Why: ``flash_attn_varlen_func`` spent ~450 us of host work per call on an H200's host (q/k/v checks 52-78 us,
the path and configuration choice, the items and forward launches through Triton's JIT; docs/kernels-log.md,
2026-11-29, thirty-first session), GPU idle time for a model that calls it once per layer. A call whose
signature (every tensor's shape, strides, dtype and device, the longest lengths, window and soft-cap) was
planned before skips the checks that signature proves and the choices, and launches bound on Hopper
(``dense.attention.planned``/``keep_plan``, ``call_signature``: one cache with the dense calls'). What the
signature does not prove is still checked: the offsets' values once per tensor, the scale every call. The
GPU tier checks the planned launches bit for bit against the unplanned ones.
"""

from __future__ import annotations

import os

os.environ["TRITON_INTERPRET"] = "1"  # like the other tier-2 modules, before any kernel is defined

import pytest
import torch

pytest.importorskip("triton")

from gpuaccel.accel.kernels import checks  # noqa: E402
from gpuaccel.accel.kernels.checks import UnsupportedInputError  # noqa: E402
from gpuaccel.accel.kernels.dense import attention  # noqa: E402
from gpuaccel.accel.kernels.varlen import attention as varlen  # noqa: E402


def _cu(lens: list[int]) -> torch.Tensor:
    return torch.tensor([0, *torch.tensor(lens).cumsum(0).tolist()], dtype=torch.int32)


def _pack(lens: list[int], seed: int, hq: int = 2, dtype=torch.float32, transposed: bool = False):
    g = torch.Generator().manual_seed(seed)
    q, k, v, do = (torch.randn(sum(lens), hq, 16, generator=g).to(dtype) for _ in range(4))
    if transposed:  # same shape, other strides
        q = q.transpose(0, 1).contiguous().transpose(0, 1)
    return q, k, v, do


@pytest.fixture
def counted(monkeypatch, fresh_plans):
    """Fresh plans; counts of the q/k/v checks, the path choices and the offsets' reads."""
    attention.forget_plans()
    monkeypatch.setattr(checks, "_CHECKED", {})
    n = {"check_packed": 0, "forward_path": 0, "backward_path": 0, "reads": 0}
    for name in ("check_packed", "forward_path", "backward_path"):
        real = getattr(varlen, name)

        def wrapped(*a, _real=real, _name=name, **kw):
            n[_name] += 1
            return _real(*a, **kw)

        monkeypatch.setattr(varlen, name, wrapped)
    tolist = torch.Tensor.tolist

    def read(self):
        n["reads"] += self.dtype == torch.int32  # the offsets (the helpers' own lists are int64)
        return tolist(self)

    monkeypatch.setattr(torch.Tensor, "tolist", read)
    return n


def _fwd_bwd(q, k, v, do, cu, max_len, causal=True, **kw):
    leaves = [t.detach().clone().requires_grad_() for t in (q, k, v)]
    o, lse = varlen.flash_attention_varlen(*leaves, cu, cu, max_len, max_len, causal=causal, return_lse=True,
                                           **kw)  # fmt: skip
    o.backward(do)
    return o.detach(), lse, *(t.grad for t in leaves)


def _kinds() -> list[str]:
    return [sig[0] for sig, _ in attention.kept_plans()]


def test_a_repeated_signature_skips_what_it_proves_and_gives_the_unplanned_bytes(counted, monkeypatch):
    lens = [30, 17, 50]
    first = _fwd_bwd(*_pack(lens, 1), _cu(lens), 50)
    assert sorted(_kinds()) == ["varlen_bwd", "varlen_fwd"]
    assert (counted["check_packed"], counted["forward_path"], counted["backward_path"]) == (1, 1, 1)
    other = [50, 30, 17]  # new offsets of the same shape, other data: the same plans
    ins = _pack(other, 2)
    planned = _fwd_bwd(*ins, _cu(other), 50)
    assert len(attention.kept_plans()) == 2
    assert (counted["check_packed"], counted["forward_path"], counted["backward_path"]) == (1, 1, 1)
    assert counted["reads"] == 2, "each new offsets tensor is still read and checked once"
    monkeypatch.setattr(varlen, "call_signature", lambda *a, **kw: None)  # no plan: decided anew
    unplanned = _fwd_bwd(*ins, _cu(other), 50)
    assert counted["check_packed"] == 2
    for a, b in zip(planned, unplanned, strict=True):
        assert torch.equal(a, b)
    assert not torch.equal(first[0], planned[0])


def test_a_new_offsets_tensor_of_a_planned_shape_is_still_checked(counted):
    lens = [30, 17, 50]
    q, k, v, do = _pack(lens, 3)
    _fwd_bwd(q, k, v, do, _cu(lens), 50)
    cu = _cu(lens)
    varlen.flash_attention_varlen(q, k, v, cu, cu, 50, 50, causal=True)
    varlen.flash_attention_varlen(q, k, v, cu, cu, 50, 50, causal=True)
    assert counted["reads"] == 2  # one read per tensor (q's and k's offsets are one tensor here)
    bad = torch.tensor([0, 60, 47, 97], dtype=torch.int32)  # not monotone, planned shape
    with pytest.raises(UnsupportedInputError, match="monotone"):
        varlen.flash_attention_varlen(q, k, v, bad, bad, 50, 50, causal=True)
    with pytest.raises(UnsupportedInputError, match="below its longest"):
        varlen.flash_attention_varlen(q, k, v, _cu([30, 60, 7]), _cu([30, 60, 7]), 50, 50, causal=True)
    with pytest.raises(ValueError, match="scale"):
        varlen.flash_attention_varlen(q, k, v, cu, cu, 50, 50, causal=True, softmax_scale=float("nan"))
    assert counted["check_packed"] == 1  # planned all along: the signature proved q, k, v


def test_what_the_signature_holds_takes_another_plan(counted):
    lens = [30, 17, 50]
    _fwd_bwd(*_pack(lens, 4), _cu(lens), 50)
    assert _kinds().count("varlen_fwd") == 1
    calls = [
        lambda: _fwd_bwd(*_pack(lens, 5), _cu(lens), 50, causal=False),  # the causal flag
        lambda: _fwd_bwd(*_pack(lens, 6, dtype=torch.float16), _cu(lens), 50),  # dtype
        lambda: _fwd_bwd(*_pack(lens, 7, transposed=True), _cu(lens), 50),  # q's strides
        lambda: _fwd_bwd(*_pack([30, 17, 25, 25], 8), _cu([30, 17, 25, 25]), 50),  # lengths' shape
        lambda: _fwd_bwd(*_pack(lens, 9), _cu(lens), 64),  # max_seqlen
        lambda: _fwd_bwd(*_pack([30, 17, 51], 10), _cu([30, 17, 51]), 51),  # packed length
        lambda: _fwd_bwd(*_pack(lens, 11), _cu(lens), 50, window=(8, -1)),  # window
        lambda: _fwd_bwd(*_pack(lens, 12), _cu(lens), 50, softcap=5.0),  # soft-cap
        lambda: _fwd_bwd(*_pack(lens, 13, hq=4), _cu(lens), 50),  # heads
    ]
    for i, call in enumerate(calls):
        call()
        assert _kinds().count("varlen_fwd") == i + 2, f"call {i} reused another signature's plan"
        assert _kinds().count("varlen_bwd") == i + 2, f"call {i}'s backward reused another's plan"
    assert counted["check_packed"] == 1 + len(calls)


def test_a_bool_max_seqlen_is_not_an_ints_plan(counted):
    lens = [1, 1]
    q, k, v, _ = _pack(lens, 14)
    varlen.flash_attention_varlen(q, k, v, _cu(lens), _cu(lens), 1, 1)
    with pytest.raises(UnsupportedInputError, match="max_seqlen"):
        varlen.flash_attention_varlen(q, k, v, _cu(lens), _cu(lens), True, 1)


def test_the_plans_stay_bounded(counted, monkeypatch):
    monkeypatch.setattr(attention, "PLANS_MAX", 3)
    for n in range(1, 8):  # seven forward signatures: the cache empties rather than growing past 3
        q, k, v, _ = _pack([n, 5], 15)
        varlen.flash_attention_varlen(q, k, v, _cu([n, 5]), _cu([n, 5]), 5 + n, 5 + n, causal=True)
        assert len(attention.kept_plans()) <= 3


def test_a_planned_gluon_call_replays_its_bound_launches(counted, monkeypatch):
    """On Hopper the plan holds the forward's bound launches (``dense.launchers.launch``): the launcher
    gets the plan's configuration and one dict on every call of the signature, filled by the first; an
    offsets tensor off the 16-byte alignment they were made for, or an unplanned call, gets none."""
    from gpuaccel.accel.kernels.gluon import varlen_fwd

    seen = []

    def fake(q, k, v, o, lse, cu_q, cu_k, max_q, causal, scale, cfg=None, opts=None, bound=None):
        seen.append((cfg, bound))
        if bound is not None:
            bound.setdefault("gluon_varlen_fwd", "bound")
        o.zero_()
        lse.zero_()

    monkeypatch.setattr(varlen_fwd, "launch_gluon_varlen_fwd", fake)
    monkeypatch.setattr(varlen, "gluon_unsupported", lambda *a: "")
    monkeypatch.setattr(
        varlen_fwd, "gluon_fwd_config", lambda d, max_q=None: attention.tuning.GluonFwdConfig(64, 2)
    )
    lens = [30, 17, 50]
    q, k, v, _ = _pack(lens, 16)
    for lens_i in (lens, [50, 30, 17], [1, 1, 95]):
        varlen.flash_attention_varlen(q, k, v, _cu(lens_i), _cu(lens_i), 95, 95, causal=True)
    (cfg, bound), *later = seen
    assert cfg is not None and bound == {"gluon_varlen_fwd": "bound"}
    assert all(c is cfg and b is bound for c, b in later), "a planned call did not replay the plan's launches"
    wide = torch.tensor([7, 0, 30, 47, 97], dtype=torch.int32)
    varlen.flash_attention_varlen(q, k, v, wide[1:], wide[1:], 95, 95, causal=True)  # 4 bytes off 16
    assert seen[-1][1] is None
    monkeypatch.setattr(varlen, "call_signature", lambda *a, **kw: None)
    varlen.flash_attention_varlen(q, k, v, _cu(lens), _cu(lens), 95, 95, causal=True)
    assert seen[-1][1] is None
