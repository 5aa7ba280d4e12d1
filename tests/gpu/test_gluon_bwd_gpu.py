"""Tier 3: the Gluon backward on a Hopper GPU against the fp32 reference; skipped off sm_90."""

from __future__ import annotations

import math

import pytest
import torch

pytestmark = pytest.mark.skipif(
    not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9,
    reason="the Gluon backward needs a Hopper (sm_90) GPU",
)

CASES = [  # B, Hq, Hkv, Nq, Nk, D, causal, dtype
    (2, 8, 8, 1024, 1024, 128, False, torch.bfloat16),
    (2, 8, 8, 1000, 1000, 128, True, torch.bfloat16),
    (1, 8, 2, 777, 1500, 64, True, torch.float16),
    (1, 4, 1, 1500, 777, 128, True, torch.bfloat16),
    (3, 6, 3, 2049, 2047, 128, False, torch.float16),
    (1, 4, 4, 5000, 130, 64, True, torch.float16),
    (2, 4, 4, 300, 300, 96, False, torch.float16),
    (1, 4, 2, 777, 1500, 256, True, torch.bfloat16),
    (1, 2, 1, 1500, 777, 256, True, torch.float16),
    (2, 4, 4, 1000, 1000, 256, False, torch.float16),
]


@pytest.mark.parametrize("b,hq,hkv,nq,nk,d,causal,dtype", CASES)
def test_gluon_backward_matches_reference(b, hq, hkv, nq, nk, d, causal, dtype):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from gluon_bwd_check import check_case

    ok, line = check_case(b, hq, hkv, nq, nk, d, causal, dtype)
    assert ok, line


def test_autograd_runs_the_gluon_backward():
    from gpuaccel.accel.kernels.bench.attention import errors_vs_reference
    from gpuaccel.accel.kernels.dense import attention

    q = torch.empty(1, 1, 1, 128, device="cuda", dtype=torch.bfloat16)
    assert attention.backward_path(q, True) == "gluon"
    errs, same_inf = errors_vs_reference(2, 8, 2, 1024, 1100, 128, True, torch.bfloat16)
    assert same_inf
    assert max(errs["dq"], errs["dk"], errs["dv"]) < 2e-2, errs


def test_forced_triton_backward_agrees(monkeypatch):
    from gpuaccel.accel.kernels.dense import attention

    q, k, v, do = (torch.randn(1, 4, 700, 128, device="cuda", dtype=torch.bfloat16) for _ in range(4))
    scale = 1 / math.sqrt(128)
    assert attention.backward_path(q, True) == "gluon"
    o, lse = attention.flash_attention_forward(q, k, v, True, scale)
    got = attention.flash_attention_backward(do, q, k, v, o, lse, True, scale)
    monkeypatch.setenv(attention.BWD_PATH_ENV, "triton")
    assert attention.backward_path(q, True) == "triton"
    want = attention.flash_attention_backward(do, q, k, v, o, lse, True, scale)
    for g, w in zip(got, want, strict=True):
        assert ((g.float() - w.float()).norm() / w.float().norm()).item() < 1e-2


FUSED_CASES = [  # B, Hq, Hkv, Nq, Nk, D, causal, dtype: forced onto the fused kernel whatever their size
    (2, 8, 8, 1000, 1000, 128, True, torch.bfloat16),
    (1, 8, 2, 777, 1500, 64, True, torch.float16),
    (1, 4, 1, 1500, 777, 128, True, torch.bfloat16),  # the first rows see no key
    (3, 6, 3, 2049, 2047, 128, False, torch.float16),
    (1, 2, 2, 64, 64, 128, True, torch.bfloat16),
    (1, 8, 2, 4096, 4096, 128, True, torch.bfloat16),
]


@pytest.mark.parametrize("b,hq,hkv,nq,nk,d,causal,dtype", FUSED_CASES)
def test_fused_backward_meets_flash_attentions_standard(b, hq, hkv, nq, nk, d, causal, dtype):
    """Both schedules of the fused kernel and the split pair: each gradient's max error against float64 at
    most 2x plain PyTorch's in the inputs' dtype."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from gluon_bwd_fused_ab import check_case

    row = check_case(b, hq, hkv, nq, nk, d, causal, dtype)
    assert row["ok"], row


@pytest.mark.parametrize("b,hq,hkv,nq,nk,d,causal,dtype", [c for c in FUSED_CASES if c[5] == 64])
def test_fused_backward_in_128_row_blocks_meets_flash_attentions_standard(
    monkeypatch, b, hq, hkv, nq, nk, d, causal, dtype
):
    """The 128-row (Q, dO) blocks (an A/B switch at D64, ``launch_gluon_bwd_fused``'s ``q_rows``), both
    schedules: the same standard as the shipped blocks."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    import gluon_bwd_fused_ab

    monkeypatch.setattr(gluon_bwd_fused_ab, "VARIANTS", ["lag0:s2:q128", "lag1:s2:q128"])
    row = gluon_bwd_fused_ab.check_case(b, hq, hkv, nq, nk, d, causal, dtype)
    assert row["ok"], row


def test_long_calls_take_the_fused_backward_unless_determinism_is_asked_for():
    from gpuaccel.accel.kernels import flash_attn_func
    from gpuaccel.accel.kernels.gluon import bwd

    q, k, v = (torch.randn(1, bwd.FUSED_FROM, 2, 128, device="cuda", dtype=torch.bfloat16) for _ in range(3))
    seq_major = q.transpose(1, 2)
    assert bwd.fused_pays(seq_major, seq_major)
    assert not bwd.fused_pays(seq_major, seq_major, deterministic=True)
    assert not bwd.fused_pays(seq_major[:, :, :-1], seq_major)
    do = torch.randn_like(q)

    def grads(**kw):
        qg, kg, vg = (t.detach().requires_grad_() for t in (q, k, v))
        return torch.autograd.grad(flash_attn_func(qg, kg, vg, causal=True, **kw), (qg, kg, vg), do)

    fused, split = grads(), grads(deterministic=True)
    for f, s in zip(fused, split, strict=True):  # the same gradients to bf16 rounding
        assert ((f.float() - s.float()).norm() / s.float().norm()).item() < 1e-2
    assert all(torch.equal(a, b) for a, b in zip(split, grads(deterministic=True), strict=True))
    torch.use_deterministic_algorithms(True)
    try:
        assert not bwd.fused_pays(seq_major, seq_major)
        assert all(torch.equal(a, b) for a, b in zip(split, grads(), strict=True))
    finally:
        torch.use_deterministic_algorithms(False)


def test_gluon_backward_is_deterministic():
    from gpuaccel.accel.kernels.dense import attention

    q, k, v, do = (torch.randn(2, 8, 1500, 128, device="cuda", dtype=torch.bfloat16) for _ in range(4))
    o, lse = attention.flash_attention_forward(q, k, v, True, 0.1)
    first = attention.flash_attention_backward(do, q, k, v, o, lse, True, 0.1)
    again = attention.flash_attention_backward(do, q, k, v, o, lse, True, 0.1)
    assert all(torch.equal(a, b) for a, b in zip(first, again, strict=True))


@pytest.mark.parametrize("d", [64, 256])
def test_d64_and_d256_take_the_gluon_backward_unless_the_tl_one_is_forced(monkeypatch, d):
    from gpuaccel.accel.kernels.dense import attention

    q = torch.empty(1, 1, 1, d, device="cuda", dtype=torch.bfloat16)
    assert attention.backward_path(q, False) == "gluon"
    monkeypatch.setenv(attention.BWD_PATH_ENV, "triton")
    assert attention.backward_path(q, False) == "triton"


def test_forced_gluon_backward_on_d256_agrees_with_the_tl_one(monkeypatch):
    from gpuaccel.accel.kernels.dense import attention

    q, k, v, do = (torch.randn(1, 4, 900, 256, device="cuda", dtype=torch.bfloat16) for _ in range(4))
    o, lse = attention.flash_attention_forward(q, k, v, True, 0.0625)
    monkeypatch.setenv(attention.BWD_PATH_ENV, "gluon")
    assert attention.backward_path(q, True) == "gluon"
    got = attention.flash_attention_backward(do, q, k, v, o, lse, True, 0.0625)
    monkeypatch.setenv(attention.BWD_PATH_ENV, "triton")
    want = attention.flash_attention_backward(do, q, k, v, o, lse, True, 0.0625)
    for g, w in zip(got, want, strict=True):
        assert ((g.float() - w.float()).norm() / w.float().norm()).item() < 1e-2


def test_first_backward_of_a_fresh_process_runs_on_autograds_thread():
    """The first GPU work of autograd's device thread can be our backward, whose TMA descriptors the driver
    encodes at launch: it failed with "invalid device context" until the descriptor code bound the context.
    A fresh interpreter, so no earlier test has done it for this thread."""
    import subprocess
    import sys

    code = (
        "import torch\n"
        "from gpuaccel.accel.kernels.dense import attention\n"
        "from gpuaccel.accel.kernels.dense import entry\n"
        "q, k, v = (torch.randn(1, 4, 1024, 128, device='cuda', dtype=torch.bfloat16, requires_grad=True)"
        " for _ in range(3))\n"
        "assert attention.backward_path(q, True) == 'gluon'\n"
        "out = entry.flash_attention(q, k, v, causal=True)\n"
        "torch.autograd.grad(out.sum(), (q, k, v))\n"
        "torch.cuda.synchronize()\n"
        "print('ok')\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0 and "ok" in run.stdout, run.stderr[-2000:]


@pytest.mark.parametrize(
    "d,n,causal,dtype,mixed",
    [(128, 4096, True, torch.bfloat16, False), (128, 4096, False, torch.bfloat16, False),
     (64, 4096, True, torch.float16, False), (128, 1000, True, torch.bfloat16, False),
     (256, 777, True, torch.bfloat16, False), (128, 4096, True, torch.bfloat16, True),
     (128, 1000, False, torch.bfloat16, True), (256, 777, True, torch.bfloat16, True),
     (96, 4096, False, torch.bfloat16, False), (96, 1000, True, torch.bfloat16, False)],
)  # fmt: skip
def test_gradients_come_back_in_the_inputs_layout(d, n, causal, dtype, mixed):
    """flash_attn_func's q/k/v are (B, N, H, D) storage seen as [B, H, N, D]: the backward's dq, dk, dv have
    those strides (dense.launchers.laid_out_like), so autograd takes them without a copy, and hold what the
    contiguous inputs' backward gives: bit for bit where every element is summed in one order (dK, dV; the
    split pair's dQ), the fused kernel's dQ (reduce-adds in no fixed order) within rounding. Fused (N 4096,
    D64 and D128), split (N 1000) and D256. ``mixed``: v contiguous while k is not (as where one of them is
    zero-padded to the run's head dim): the dK/dV kernels write both with dk's strides, so both come back
    contiguous (gluon.bwd.kv_grads_like; flash_attn_func's dv was wrong at D64/256). D96 runs zero-padded to
    128 and slices each gradient once into its input's layout (it came back contiguous, and autograd copied it
    a second time)."""
    from gpuaccel.accel.kernels.dense import attention
    from gpuaccel.accel.kernels.gluon import bwd

    torch.manual_seed(d + n)
    b, h = 2, 4
    seq = [torch.randn(b, n, h, d, device="cuda", dtype=dtype) for _ in range(4)]
    q, k, v, do = (t.transpose(1, 2) for t in seq)
    qc, kc, vc, doc = (t.contiguous() for t in (q, k, v, do))
    if mixed:
        v = vc
    scale = d**-0.5
    fused = bwd.fused_pays(*(attention.pad_head_dim(t, 128) if d == 96 else t for t in (qc, kc)))
    assert fused == (n >= bwd.FUSED_FROM and d != 256)
    o, lse = attention.flash_attention_forward(qc, kc, vc, causal, scale)
    want = attention.flash_attention_backward(doc, qc, kc, vc, o, lse, causal, scale)
    got = attention.flash_attention_backward(do, q, k, v, o, lse, causal, scale)
    layouts = (q, kc, vc) if mixed else (q, k, v)
    for g, t, w, name in zip(got, layouts, want, ("dq", "dk", "dv"), strict=True):
        assert g.stride() == t.stride(), (name, g.stride(), t.stride())
        if name == "dq" and fused:
            rel = ((g.float() - w.float()).norm() / w.float().norm()).item()
            assert rel < 1e-3, (name, rel)
        else:
            assert torch.equal(g, w), name
