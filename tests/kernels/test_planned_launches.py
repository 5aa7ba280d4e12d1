"""Tier 2: a planned call of the Hopper (Gluon) path hands the C launcher what an unplanned call would.

No GPU: the dense entry points take the Gluon path on CPU tensors; each Gluon kernel is replaced by a fake
whose "compiled kernel" records the arguments of its first, unbound launch, and whose C launch function
(behind Triton's own descriptor expansion, ``wrap_handle_tensordesc``) records what a bound launch hands
it. The driver's TMA encoder is replaced by one that returns its arguments. A later call of a signature
(forward, backward through autograd) must hand the C function exactly what the unplanned path hands it
for the same tensors; a call that differs in causal flag, length, strides or dtype must not reuse
another signature's plan.
"""

from __future__ import annotations

import os

os.environ["TRITON_INTERPRET"] = "1"  # like the other tier-2 modules, before any kernel is defined

from types import SimpleNamespace
from typing import Any

import pytest
import torch

pytest.importorskip("triton")

import triton  # noqa: E402
from triton.backends.nvidia.driver import wrap_handle_tensordesc  # noqa: E402

from gpuaccel.accel.kernels.dense import attention, direct_launch, entry, launchers  # noqa: E402
from gpuaccel.accel.kernels.dense.direct_launch import TensorDescriptor, Tma  # noqa: E402
from gpuaccel.accel.kernels.gluon import bwd as gluon_bwd  # noqa: E402
from gpuaccel.accel.kernels.gluon import fwd as gluon_fwd  # noqa: E402
from gpuaccel.accel.kernels.gluon import tiles  # noqa: E402


def _encode(ptr: int, *params: Any) -> tuple[Any, ...]:
    return ("map", ptr, *(tuple(p) if isinstance(p, list) else p for p in params))


class FakeCompiled:
    """What ``kernel[grid](...)`` returns on a GPU, for a kernel launched with ``args`` (resolved)."""

    def __init__(self, kernel: Any, args: list[Any], c_calls: list[tuple[Any, ...]]) -> None:
        at = [i for i, a in enumerate(args) if isinstance(a, TensorDescriptor)]
        meta = [{"swizzle": 3, "elem_size": args[i].base.element_size(), "elem_type": 10,
                 "block_size": list(args[i].block_shape), "fp4_padded": False} for i in at]  # fmt: skip
        signature = {n: ("tensordesc<x>" if i in at else "*") for i, n in enumerate(kernel.arg_names)}
        inner = wrap_handle_tensordesc(lambda *a: c_calls.append(a), signature, meta)
        self.run = SimpleNamespace(launch=inner, global_scratch_size=0, profile_scratch_size=0,
                                   launch_cooperative_grid=False, launch_pdl=False)  # fmt: skip
        self.packed_metadata = (4, 1, 0)
        self.function = id(kernel)

    def __getitem__(self, grid: tuple[int, int, int]) -> Any:
        return lambda *a: None


class FakeKernel:
    """A Gluon kernel whose launches are recorded: unbound ones as the C arguments Triton's wrapper makes."""

    def __init__(self, real: Any, log: dict[str, list[Any]]) -> None:
        self.arg_names, self.real, self.log = real.arg_names, real, log
        self.fn = real.fn  # the Python function: its defaults are what a bound launch replays unsaid
        self.defaults = {p.name: p.default for p in real.params}  # what Triton fills in for a param unsaid

    def __getitem__(self, grid: tuple[int, ...]) -> Any:
        def run(*args: Any, **kw: Any) -> FakeCompiled:
            tail = [kw[n] if n in kw else self.defaults[n] for n in self.arg_names[len(args) :]]
            compiled = FakeCompiled(self, [*args, *tail], self.log["c"])
            grid3 = (*grid, 1, 1)[:3]
            header = (*grid3, 0, compiled.function, False, False, None, None, (4, 1, 0), None, None, None)
            compiled.run.launch(*header, *args, *tail)  # what Triton's launcher hands the C function
            return compiled

        return run


@pytest.fixture
def gluon_on_cpu(monkeypatch, fresh_plans):
    log: dict[str, list[Any]] = {"c": []}
    driver = SimpleNamespace(utils=SimpleNamespace(fill_tma_descriptor=_encode))
    monkeypatch.setattr(triton.runtime.driver, "_active", driver)
    monkeypatch.setattr(direct_launch, "bind_context", lambda device: None)
    monkeypatch.setattr(direct_launch, "_current_device", lambda: 0)
    monkeypatch.setattr(direct_launch, "_current_stream", lambda index: 0)
    monkeypatch.setattr(direct_launch, "ENCODED", {})
    monkeypatch.setattr(launchers, "CompiledKernel", FakeCompiled)
    monkeypatch.setattr(tiles, "sm_count", lambda device: 4)
    monkeypatch.setattr(attention, "forward_path", lambda q, head_dim_v=None: "gluon")
    monkeypatch.setattr(attention, "backward_path", lambda q, causal=False, head_dim_v=None: "gluon")
    for mod, name in ((gluon_fwd, "gluon_attn_fwd_kernel"), (gluon_bwd, "gluon_bwd_dq_kernel"),
                      (gluon_bwd, "gluon_bwd_dkdv_kernel")):  # fmt: skip
        monkeypatch.setattr(mod, name, FakeKernel(getattr(mod, name), log))
    attention.forget_plans()
    return log


def _inputs(seed: int, shape=(1, 2, 128, 64), dtype=torch.float16, transposed=False) -> list[torch.Tensor]:
    g = torch.Generator().manual_seed(seed)
    ts = [torch.randn(shape, generator=g).to(dtype) for _ in range(4)]
    if transposed:  # same shape, other strides (heads innermost but one)
        ts[0] = ts[0].transpose(1, 2).contiguous().transpose(1, 2)
    return ts


def _leaves(ts: list[torch.Tensor]) -> list[torch.Tensor]:
    return [t.requires_grad_() for t in ts[:3]] + [ts[3]]


def _c_args(log: dict[str, list[Any]], ts: list[torch.Tensor], causal: bool) -> list[tuple[Any, ...]]:
    """The C launches of one forward+backward through autograd, with every address that is not one of
    the inputs' (the outputs, the statistics: fresh each call) named by its order of appearance."""
    log["c"].clear()
    q, k, v, do = ts
    o = entry.flash_attention(q, k, v, causal=causal)
    torch.autograd.grad(o, (q, k, v), do.to(o.dtype))
    inputs = {t.data_ptr(): f"input {i}" for i, t in enumerate(ts)}
    fresh: dict[int, str] = {}

    def name(ptr: int) -> str:
        return inputs.get(ptr) or fresh.setdefault(ptr, f"fresh {len(fresh)}")

    calls = []
    for c in log["c"]:
        args = []
        for a in (*c[:3], *c[4:]):  # all but the stream
            if isinstance(a, torch.Tensor):
                a = (name(a.data_ptr()), a.dtype)
            elif isinstance(a, tuple) and a[:1] == ("map",):
                a = (name(a[1]), *a[2:])
            args.append(a)
        calls.append(tuple(args))
    return calls


VARIANTS = [
    dict(causal=True),
    dict(causal=False),
    dict(causal=True, shape=(1, 2, 192, 64)),
    dict(causal=True, transposed=True),
    dict(causal=True, dtype=torch.float32),
    dict(causal=True, shape=(2, 4, 128, 128)),
]


def test_planned_calls_hand_the_launcher_what_unplanned_ones_do(gluon_on_cpu):
    log = gluon_on_cpu
    seen = 0
    for i, variant in enumerate(VARIANTS):
        causal = variant["causal"]
        kw = {k: v for k, v in variant.items() if k != "causal"}
        _c_args(log, _leaves(_inputs(100 + i, **kw)), causal)  # plans this signature (others' plans present)
        fwd_bwd = attention.kept_plans("fwd") + attention.kept_plans("bwd")
        assert len(fwd_bwd) == seen + 2, f"variant {variant} reused another signature's plan"
        seen = len(fwd_bwd)
        later = _leaves(_inputs(200 + i, **kw))
        planned = _c_args(log, later, causal)
        assert len(planned) == 3  # forward, dQ, dK/dV: all bound
        plans = attention.kept_plans()
        attention.forget_plans()
        unplanned = _c_args(log, later, causal)
        attention.forget_plans()
        for sig, plan in plans:
            attention.keep_plan(sig, plan)
        assert planned == unplanned, f"variant {variant}"
        assert planned[0][12][0] == "input 0"  # this call's q, not the first call's


def test_a_bound_launch_given_other_integers_passes_them_as_given(gluon_on_cpu):
    """The integers a signature fixes are laid out once; a call that breaks that contract still hands
    the C function its own arguments (the earlier, argument-by-argument path)."""
    log = gluon_on_cpu
    ts = _leaves(_inputs(1))
    _c_args(log, ts, True)
    (_, (_, _, bound)), *_ = attention.kept_plans()
    launch = bound["gluon_fwd"]
    q, k, v = (t.detach() for t in ts[:3])
    args = [Tma(q, 64), Tma(k, 64), Tma(v, 64), Tma(q, 64), q, q, 1, 2, 3, 0.5]
    walk = bound["tile_walk"][1]
    log["c"].clear()
    launch(*args, *walk)
    assert log["c"][0][13 + 4 * 9 + 2 : 13 + 4 * 9 + 5] == (1, 2, 3)


def test_a_planned_signature_still_checks_its_scale_and_plans_stay_bounded(gluon_on_cpu, monkeypatch):
    q, k, v, do = _inputs(7)
    entry.flash_attention(q, k, v, causal=True)  # plans the forward's signature
    assert attention.kept_plans("fwd")
    with pytest.raises(ValueError, match="scale"):
        attention.flash_attention_forward(q, k, v, True, float("nan"))  # planned: checked all the same
    monkeypatch.setattr(attention, "PLANS_MAX", 2)
    for n in (64, 192, 256):  # three new signatures: the cache empties rather than growing past 2
        entry.flash_attention(*_inputs(8, shape=(1, 2, n, 64))[:3], causal=True)
        assert len(attention.kept_plans()) <= 2
