"""On the GPU: the WKV-7 kernel against the plain recurrence, and the engine's fast paths against rwkv's own.

Kernel outputs are computed before the reference's (a freed block cannot hand the kernel the answer); the
decode graph is checked after its static buffers were filled with NaN, so a replay that skipped a buffer
shows.
"""

from __future__ import annotations

import pytest
import torch
from assistant_helpers import random_model

from gpuaccel.accel.kernels.wkv7 import wkv7, wkv7_reference


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
@pytest.mark.parametrize("T", [1, 5, 300])
def test_kernel_matches_reference_on_gpu(T: int, dtype: torch.dtype) -> None:
    H, N = 12, 64
    g = torch.Generator(device="cuda").manual_seed(T)
    r, k, v = (torch.randn(T, H * N, device="cuda", generator=g).to(dtype) for _ in range(3))
    w = torch.exp(-0.6 * torch.rand(T, H * N, device="cuda", generator=g))
    kk = torch.nn.functional.normalize(torch.randn(T, H, N, device="cuda", generator=g), dim=-1)
    kk = kk.view(T, H * N).to(dtype)
    a = torch.rand(T, H * N, device="cuda", generator=g).to(dtype)
    s0 = 0.1 * torch.randn(H, N, N, device="cuda", generator=g)
    s_ker = s0.clone()
    y_ker = wkv7(s_ker, r, w, k, v, -kk, kk * a)
    torch.cuda.synchronize()
    s_ref = s0.clone()
    y_ref = wkv7_reference(s_ref, r, w, k, v, -kk, kk * a)
    tol = 1e-4 if dtype == torch.float32 else 3e-2
    assert not y_ker.isnan().any()
    torch.testing.assert_close(y_ker.float(), y_ref.float(), atol=tol, rtol=tol)
    torch.testing.assert_close(s_ker, s_ref, atol=1e-4, rtol=1e-4)


@pytest.fixture(scope="module")
def engines(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    from gpuaccel.assistant.engine.runtime import Engine

    path = random_model(tmp_path_factory.mktemp("m") / "rand.safetensors", n_embd=256, n_layer=4)
    fast, plain = Engine(path, "cuda fp32"), Engine(path, "cuda fp32", fast=False)
    tf32 = torch.backends.cuda.matmul.allow_tf32
    torch.backends.cuda.matmul.allow_tf32 = False  # rwkv turns it on; its fp32 WKV matmuls would drift
    yield fast, plain
    torch.backends.cuda.matmul.allow_tf32 = tf32
    fast.close()
    plain.close()


def test_engine_fast_paths_match_rwkv(engines) -> None:  # type: ignore[no-untyped-def]
    fast, plain = engines
    assert fast.runtime["prefill"] == "triton" and fast.runtime["decode"] == "cuda-graph", fast.runtime
    assert plain.runtime["prefill"] == "plain" and plain.runtime["decode"] == "plain"
    tokens = list(b"User: which GPU is the hottest?\n\nAssistant:") * 8  # two prefill chunks and a rest
    lf, sf = fast.forward(tokens, None)
    lp, sp = plain.forward(tokens, None)
    torch.testing.assert_close(lf.float(), lp.float(), atol=2e-3, rtol=1e-3)
    for s in fast._graph.state:  # the graph must overwrite every static buffer it reads
        s.fill_(float("nan"))
    for t in b" GPU 1 is":
        lf, sf = fast.forward([t], sf)
        lp, sp = plain.forward([t], sp)
        torch.testing.assert_close(lf.float(), lp.float(), atol=2e-3, rtol=1e-3)
    for ours, theirs in zip(sf, sp, strict=True):
        torch.testing.assert_close(ours, theirs, atol=2e-3, rtol=1e-3)


def test_greedy_answer_same_on_both_paths(engines) -> None:  # type: ignore[no-untyped-def]
    from gpuaccel.assistant.engine.runtime import GenParams

    fast, plain = engines
    params = GenParams(max_tokens=24, temperature=0.0, stop=b"")
    prompt = list(b"User: how busy is GPU 0?\n\nAssistant:")
    assert list(fast.generate(prompt, params)) == list(plain.generate(prompt, params))
