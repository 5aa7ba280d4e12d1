"""Tier 3: short calls on a GPU: CUDA-graph capture, torch.compile, a choice that survives a restart."""

from __future__ import annotations

import json

import pytest
import torch


def _rel(a: torch.Tensor, b: torch.Tensor) -> float:
    return ((a.float() - b.float()).norm() / b.float().norm()).item()


@pytest.mark.parametrize("causal", [True, False])
def test_cuda_graph_capture_of_forward_and_backward(causal):
    """Captured after warm-up; outputs poisoned with NaN before the replay so an unwritten tile shows."""
    from gpuaccel.accel.kernels import flash_attention, reference
    from gpuaccel.accel.kernels.checks import replay_in_cuda_graph

    q, k, v = (
        torch.randn(2, 8, 640, 128, device="cuda", dtype=torch.bfloat16, requires_grad=True) for _ in range(3)
    )
    do = torch.randn(2, 8, 640, 128, device="cuda", dtype=torch.bfloat16)

    def step():
        o = flash_attention(q, k, v, causal=causal)
        return (o.detach(), *torch.autograd.grad(o, (q, k, v), do))

    static = replay_in_cuda_graph(step)
    qf, kf, vf = (t.detach().float().requires_grad_() for t in (q, k, v))
    ro = reference.flash_attention(qf, kf, vf, causal=causal)
    ref = (ro.detach(), *torch.autograd.grad(ro, (qf, kf, vf), do.float()))
    for got, want in zip(static, ref, strict=True):
        assert not torch.isnan(got).any()
        assert _rel(got, want) < 2e-2


def test_compiled_model_fullgraph_matches_eager():
    from gpuaccel.accel.kernels import flash_attention

    torch._dynamo.reset()
    q, k, v = (
        torch.randn(4, 8, 256, 64, device="cuda", dtype=torch.float16, requires_grad=True) for _ in range(3)
    )

    def f(q, k, v):
        return (flash_attention(q, k, v, causal=True).float() ** 2).mean()

    got = torch.compile(f, fullgraph=True)(q, k, v)
    g = torch.autograd.grad(got, (q, k, v))
    want = f(q, k, v)
    w = torch.autograd.grad(want, (q, k, v))
    assert abs(got.item() - want.item()) <= 1e-3 * abs(want.item())
    for a, b in zip(g, w, strict=True):
        assert _rel(a, b) < 1e-2


def test_tuned_choice_is_stored_and_read_back(tmp_path, monkeypatch, fresh_plans):
    from gpuaccel.accel.kernels import flash_attention
    from gpuaccel.accel.kernels.dense import attention
    from gpuaccel.accel.kernels.tuning import configs as tuning
    from gpuaccel.accel.kernels.tuning import store as tuning_store

    monkeypatch.setenv(tuning_store.CACHE_DIR_ENV, str(tmp_path))
    monkeypatch.setenv(tuning_store.TUNE_ENV, "1")
    monkeypatch.setenv(attention.BWD_PATH_ENV, "triton")  # the tl.* backward is the tuned one on Hopper
    monkeypatch.setattr(tuning_store, "STORE", tuning_store.TuningStore())
    for name in ("_CACHE", "_BUCKETS"):
        monkeypatch.setattr(tuning, name, {})
    attention.forget_plans()
    q, k, v = (
        torch.randn(3, 4, 300, 64, device="cuda", dtype=torch.bfloat16, requires_grad=True) for _ in range(3)
    )
    flash_attention(q, k, v, causal=True).sum().backward()
    first = dict(tuning._BUCKETS)
    stored = json.loads((tmp_path / tuning_store.STORE_FILE).read_text())
    (entries,) = stored["devices"].values()
    assert first and {b: tuning_store.config_to_dict(c) for (_, b, _), c in first.items()} == {
        b: e["config"] for b, e in entries.items()
    }
    monkeypatch.setenv(tuning_store.TUNE_ENV, "0")  # read back only: a miss would fall to the first candidate
    monkeypatch.setattr(tuning_store, "STORE", tuning_store.TuningStore())
    for name in ("_CACHE", "_BUCKETS"):
        monkeypatch.setattr(tuning, name, {})
    attention.forget_plans()
    flash_attention(q, k, v, causal=True).sum().backward()
    assert first == tuning._BUCKETS


@pytest.mark.parametrize("head_dim", [64, 128, 256])
def test_repeat_calls_launch_directly_with_their_own_tensors(monkeypatch, fresh_plans, head_dim):
    """The second and later calls of one signature go through the bound launches; each call's fresh
    tensors (other addresses, outputs poisoned by the allocator's reuse) must be the ones read and written.
    Every head dim: at 128 and 256 the kernels' TMA boxes cut the tiles, and the launches once fell back
    to Triton's runner there without a word (tens of us per launch)."""
    from gpuaccel.accel.kernels import flash_attention, reference
    from gpuaccel.accel.kernels.dense import attention
    from gpuaccel.accel.kernels.dense.direct_launch import DirectLaunch

    attention.forget_plans()
    keep = []
    for _ in range(3):
        q, k, v = (
            torch.randn(1, 4, 384, head_dim, device="cuda", dtype=torch.bfloat16, requires_grad=True)
            for _ in range(3)
        )
        do = torch.randn(1, 4, 384, head_dim, device="cuda", dtype=torch.bfloat16)
        o = flash_attention(q, k, v, causal=True)
        got = (o.detach(), *torch.autograd.grad(o, (q, k, v), do))
        qf, kf, vf = (t.detach().float().requires_grad_() for t in (q, k, v))
        ro = reference.flash_attention(qf, kf, vf, causal=True)
        want = (ro.detach(), *torch.autograd.grad(ro, (qf, kf, vf), do.float()))
        for a, b in zip(got, want, strict=True):
            assert _rel(a, b) < 2e-2
        keep.append((q, k, v, do, got))
    if attention.forward_path(q.detach()) == "gluon":
        launches = [f for _, (_, _, bound) in attention.kept_plans() for f in bound.values() if callable(f)]
        assert len(launches) >= 3 and all(isinstance(f, DirectLaunch) for f in launches), launches
