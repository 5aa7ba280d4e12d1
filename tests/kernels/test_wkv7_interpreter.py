"""Tier 2: our WKV-7 Triton kernel under TRITON_INTERPRET=1 against rwkv 0.8.32's plain path (fp32, CPU).

The kernel alone against the plain-PyTorch recurrence (random states, lengths 0, 1 and odd, state advanced
in place), and a whole random-weight model through :class:`FastRWKV7` with the kernel against the rwkv
package's own forward: same logits and the same state list, for a prompt and then token by token.
"""

from __future__ import annotations

import os

os.environ["TRITON_INTERPRET"] = "1"

import pytest
import torch

pytest.importorskip("triton")
pytest.importorskip("rwkv")

from assistant_helpers import random_model  # noqa: E402

from gpuaccel.accel.kernels.checks import UnsupportedInputError  # noqa: E402
from gpuaccel.accel.kernels.wkv7 import wkv7, wkv7_reference  # noqa: E402

torch.set_num_threads(1)


def _inputs(T: int, H: int, N: int, seed: int) -> tuple[torch.Tensor, ...]:
    g = torch.Generator().manual_seed(seed)
    r, k, v = (torch.randn(T, H * N, generator=g) for _ in range(3))
    w = torch.exp(-0.6 * torch.rand(T, H * N, generator=g))
    kk = torch.nn.functional.normalize(torch.randn(T, H, N, generator=g), dim=-1).view(T, H * N)
    a = torch.rand(T, H * N, generator=g)
    return r, w, k, v, -kk, kk * a


@pytest.mark.parametrize("T", [0, 1, 7])
def test_kernel_matches_reference(T: int) -> None:
    H, N = 2, 16
    ins = _inputs(T, H, N, seed=T)
    s0 = torch.randn(H, N, N, generator=torch.Generator().manual_seed(9))
    s_ref, s_ker = s0.clone(), s0.clone()
    y_ref = wkv7_reference(s_ref, *ins)
    y_ker = wkv7(s_ker, *ins, block_v=8)
    assert y_ker.shape == (T, H * N)
    torch.testing.assert_close(y_ker, y_ref, atol=1e-5, rtol=1e-5)
    torch.testing.assert_close(s_ker, s_ref, atol=1e-5, rtol=1e-5)
    if T:
        assert not torch.equal(s_ker, s0)  # advanced in place


def test_kernel_refuses_bad_inputs() -> None:
    r, w, k, v, a, b = _inputs(3, 2, 16, seed=0)
    with pytest.raises(UnsupportedInputError, match="state must be fp32"):
        wkv7(torch.zeros(2, 16, 16, dtype=torch.float16), r, w, k, v, a, b)
    with pytest.raises(UnsupportedInputError, match="head size"):
        wkv7(torch.zeros(4, 8, 8), r, w, k, v, a, b)
    with pytest.raises(UnsupportedInputError, match="v must be"):
        wkv7(torch.zeros(2, 16, 16), r, w, k, v[:2], a, b)


@pytest.fixture(scope="module")
def plain_model(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    from gpuaccel.assistant.engine.runtime import Engine

    path = random_model(tmp_path_factory.mktemp("m") / "rand.safetensors", n_embd=128, n_layer=2)
    return Engine(path, "cpu fp32").model


def test_model_forward_matches_rwkv_plain_path(plain_model) -> None:  # type: ignore[no-untyped-def]
    from gpuaccel.assistant.engine.rwkv_graph import FastRWKV7

    fast = FastRWKV7(plain_model, wkv7)
    tokens = list(b"User: which GPU is the hottest?\n\nAssistant:")
    ref_logits, ref_state = plain_model.forward(tokens, None)
    logits, state = fast.forward(tokens, None)
    torch.testing.assert_close(logits, ref_logits, atol=2e-4, rtol=1e-4)
    assert len(state) == len(ref_state)
    for ours, theirs in zip(state, ref_state, strict=True):
        torch.testing.assert_close(ours, theirs, atol=2e-4, rtol=1e-4)
    for t in b" GPU 1":  # decode steps on top of the prefilled state, both paths
        ref_logits, ref_state = plain_model.forward([t], ref_state)
        logits, state = fast.forward([t], state)
        torch.testing.assert_close(logits, ref_logits, atol=2e-4, rtol=1e-4)


def test_path_choice_on_cpu_and_without_triton(monkeypatch: pytest.MonkeyPatch) -> None:
    from gpuaccel.assistant.engine import rwkv_graph

    assert rwkv_graph.choose_wkv("cpu fp32")[0] == "plain"
    monkeypatch.setattr(rwkv_graph, "_triton_problem", lambda: "Triton not importable: test")
    monkeypatch.setattr(rwkv_graph, "find_nvcc", lambda: None)
    monkeypatch.delenv("GPUACCEL_RWKV_CUDA_ON", raising=False)
    path, why = rwkv_graph.choose_wkv("cuda fp16")
    assert path == "plain" and "Triton not importable" in why and "GPUACCEL_RWKV_CUDA_ON=1" in why
    monkeypatch.setenv("GPUACCEL_RWKV_CUDA_ON", "1")
    assert "nvcc was not found" in rwkv_graph.choose_wkv("cuda fp16")[1]
    monkeypatch.setattr(rwkv_graph, "find_nvcc", lambda: "/usr/local/cuda/bin/nvcc")
    assert rwkv_graph.choose_wkv("cuda fp16")[0] == "rwkv-cuda"
    monkeypatch.setattr(rwkv_graph, "_triton_problem", lambda: None)
    path, why = rwkv_graph.choose_wkv("cuda fp16")
    assert path == "triton" and "not needed" in why
    assert rwkv_graph.choose_wkv("cuda fp16", fast=False)[0] == "rwkv-cuda"
