"""GPU tier: packed varlen attention and KV-cache decode in bf16 on CUDA against the fp32 reference.

Outputs are computed first into memory the allocator just held NaNs in, so a kernel that skips a store
cannot pass by finding the reference's answer there.
"""

from __future__ import annotations

import pytest
import torch

if not torch.cuda.is_available():
    pytest.skip("needs CUDA", allow_module_level=True)

from gpuaccel.accel.kernels import reference
from gpuaccel.accel.kernels.decode.attention import flash_attention_with_kvcache
from gpuaccel.accel.kernels.decode.kv_cache import dequantize_kv_cache, quantize_kv_cache
from gpuaccel.accel.kernels.varlen.attention import flash_attention_varlen


def _poison() -> None:
    """Fill and free a large block so that the next allocations start out as NaN."""
    torch.empty(1 << 28, device="cuda", dtype=torch.float32).fill_(float("nan"))
    torch.cuda.synchronize()


def _rel(a: torch.Tensor, b: torch.Tensor) -> float:
    assert not torch.isnan(a).any(), "NaN in the kernel's output"
    return ((a.float() - b.float()).norm() / b.float().norm().clamp_min(1e-12)).item()


VARLEN = [  # lens, hq, hkv, d, causal, window, softcap
    ([1, 127, 128, 129, 700, 63, 2000], 16, 4, 128, True, (-1, -1), 0.0),
    ([300, 1, 4096, 65], 8, 8, 64, False, (-1, -1), 0.0),
    ([1000, 513, 77], 8, 2, 128, True, (256, -1), 0.0),
    ([1000, 513, 77], 8, 2, 128, False, (100, 50), 30.0),
    ([900, 33], 4, 4, 256, True, (-1, -1), 0.0),
]


@pytest.mark.parametrize("lens,hq,hkv,d,causal,window,softcap", VARLEN)
def test_varlen_bf16(lens, hq, hkv, d, causal, window, softcap):
    torch.manual_seed(0)
    cu = torch.tensor([0, *torch.tensor(lens).cumsum(0).tolist()], dtype=torch.int32, device="cuda")
    n = sum(lens)
    q = torch.randn(n, hq, d, device="cuda", dtype=torch.bfloat16, requires_grad=True)
    k, v = (torch.randn(n, hkv, d, device="cuda", dtype=torch.bfloat16, requires_grad=True) for _ in range(2))
    kw = dict(causal=causal, window=window, softcap=softcap, return_lse=True)
    _poison()
    o, lse = flash_attention_varlen(q, k, v, cu, cu, max(lens), max(lens), **kw)
    do = torch.randn_like(o)
    grads = torch.autograd.grad(o, (q, k, v), do)
    qf, kf, vf = (t.detach().float().requires_grad_() for t in (q, k, v))
    ro, rl = reference.flash_attention_varlen(qf, kf, vf, cu, cu, max(lens), max(lens), **kw)
    rgrads = torch.autograd.grad(ro, (qf, kf, vf), do.float())
    assert _rel(o, ro) < 1e-2
    fin = torch.isfinite(rl)
    assert (lse[fin] - rl[fin]).abs().max().item() < 1e-2
    for g, r in zip(grads, rgrads, strict=True):
        assert _rel(g, r) < 2e-2


DECODE = [  # lens, hq, hkv, page, n_new, window, softcap
    ([4000, 1, 257], 32, 8, None, 1, (-1, -1), 0.0),
    ([4000, 1, 257], 32, 8, 16, 1, (-1, -1), 0.0),
    ([9000, 300], 32, 8, 256, 2, (1024, -1), 0.0),
    ([5000], 16, 16, 64, 0, (-1, -1), 50.0),
]


@pytest.mark.parametrize("lens,hq,hkv,page,n_new,window,softcap", DECODE)
@pytest.mark.parametrize("fp8", [False, True])
def test_decode_bf16_and_fp8(lens, hq, hkv, page, n_new, window, softcap, fp8):
    torch.manual_seed(1)
    b, d = len(lens), 128
    s_max = -(-(max(lens) + n_new + 1) // 256) * 256
    if page is None:
        kc, vc = (torch.randn(b, s_max, hkv, d, device="cuda", dtype=torch.bfloat16) for _ in range(2))
        table = None
    else:
        per = s_max // page
        kc, vc = (
            torch.randn(b * per + 5, page, hkv, d, device="cuda", dtype=torch.bfloat16) for _ in range(2)
        )
        table = torch.randperm(b * per + 5, device="cuda")[: b * per].view(b, per).to(torch.int32)
    q = torch.randn(b, 1, hq, d, device="cuda", dtype=torch.bfloat16)
    kn, vn = (torch.randn(b, n_new, hkv, d, device="cuda", dtype=torch.bfloat16) for _ in range(2))
    seqlens = torch.tensor(lens, dtype=torch.int32, device="cuda")
    kw = dict(block_table=table, window=window, softcap=softcap)
    want = reference.flash_attention_with_kvcache(q, kc, vc, seqlens, k_new=kn, v_new=vn, **kw)
    if fp8:
        (k8, ks), (v8, vs) = quantize_kv_cache(kc, table), quantize_kv_cache(vc, table)
        _poison()
        got = flash_attention_with_kvcache(
            q, k8, v8, seqlens, k_new=kn, v_new=vn, k_scale=ks, v_scale=vs, **kw
        )
        exact = reference.flash_attention_with_kvcache(
            q, dequantize_kv_cache(k8, ks), dequantize_kv_cache(v8, vs), seqlens + n_new, **kw
        )
        assert _rel(got, exact) < 1e-2  # the kernel on the values the cache holds
        assert _rel(got, want) < 8e-2  # e4m3's own rounding vs the bf16 cache
    else:
        _poison()
        got = flash_attention_with_kvcache(q, kc, vc, seqlens, k_new=kn, v_new=vn, **kw)
        assert _rel(got, want) < 1e-2
        for i, n in enumerate(lens):
            assert torch.equal(reference.gather_cache(kc, table, i, n + n_new)[n:], kn[i])


def _decode_case(lens: torch.Tensor, s_max: int, page: int | None, fp8: bool):
    """GQA 32/8, D128 decode inputs for ``lens`` (contiguous, or pages shuffled through a block table; bf16
    or e4m3) and the reference on the values the cache holds: (q, k cache, v cache, call kwargs, want)."""
    batch, hq, hkv, d = len(lens), 32, 8, 128
    kc, vc = (torch.randn(batch, s_max, hkv, d, device="cuda", dtype=torch.bfloat16) for _ in range(2))
    table = None
    if page:
        per = s_max // page
        kc, vc = (t.view(batch * per, page, hkv, d) for t in (kc, vc))
        table = torch.randperm(batch * per, device="cuda").to(torch.int32).view(batch, per)
    q = torch.randn(batch, 1, hq, d, device="cuda", dtype=torch.bfloat16)
    kw: dict = {"block_table": table}
    kd, vd = kc, vc
    if fp8:
        (kc, ks), (vc, vs) = quantize_kv_cache(kc, table), quantize_kv_cache(vc, table)
        kw.update(k_scale=ks, v_scale=vs)
        kd, vd = dequantize_kv_cache(kc, ks), dequantize_kv_cache(vc, vs)
    return q, kc, vc, kw, reference.flash_attention_with_kvcache(q, kd, vd, lens, block_table=table)


@pytest.mark.parametrize("page,fp8", [(None, False), (256, False), (None, True), (64, True)])
@pytest.mark.parametrize("batch", [1, 8, 64])
def test_decode_plans_and_graph_replay(page, fp8, batch):
    """Every planned configuration (batch 1 splits a row across the SMs, batch 64 gives one program per
    row) against the reference, eager and replayed from a CUDA graph (the combine is a dependent launch)."""
    torch.manual_seed(batch)
    s_max = 2048
    lens = torch.randint(1, s_max + 1, (batch,), device="cuda", dtype=torch.int32)
    lens[0] = s_max
    q, kc, vc, kw, want = _decode_case(lens, s_max, page, fp8)
    _poison()
    assert _rel(flash_attention_with_kvcache(q, kc, vc, lens, **kw), want) < 1e-2
    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph, stream=stream):
            got = flash_attention_with_kvcache(q, kc, vc, lens, check_values=False, **kw)
    got.fill_(float("nan"))
    graph.replay()
    torch.cuda.synchronize()
    assert _rel(got, want) < 1e-2


LAYOUTS = [(None, False), (16, False), (None, True), (256, True)]
PINNED = [(128, 8, 3, 1, 4), (128, 4, 3, 2, 1)]
# 256-key steps: e4m3 or paged only (a contiguous bf16 cache's 3-stage ring of 256 keys needs 268 KiB of
# shared memory, over the H100's 227 KiB, and the sweep does not time it)
PINNED_CASES = [(p, f, c) for p, f in LAYOUTS for c in PINNED] + [
    (p, f, (256, 8, 3, 1, 1)) for p, f in LAYOUTS if p is not None or f
]
# the transposed e4m3 step (DecodeConfig.trans): 1 and 2 heads per program, 64- and 128-key steps
PINNED_CASES += [
    (p, True, c) for p, f in LAYOUTS if f for c in ((128, 4, 3, 2, 2, True), (128, 4, 3, 2, 1, True))
]
PINNED_CASES += [(p, True, (64, 4, 3, 2, 1, True)) for p, f in LAYOUTS if f]


@pytest.mark.parametrize("page,fp8,cfg", PINNED_CASES)
def test_decode_pinned_configurations(page, fp8, cfg):
    """Configurations the plan does not pick but the sweep times: 4 kv heads per program, 128- and
    256-key steps spanning several pages (a contiguous e4m3 cache's 64-token scale pages, 16-token pages)."""
    from gpuaccel.accel.kernels.decode.attention import DecodeConfig
    from gpuaccel.accel.kernels.tuning import configs as tuning

    torch.manual_seed(7)
    s_max = 4096
    lens = torch.tensor([s_max, 1, 1000], device="cuda", dtype=torch.int32)
    q, kc, vc, kw, want = _decode_case(lens, s_max, page, fp8)
    tuning.force("decode", DecodeConfig(*cfg))
    try:
        _poison()
        assert _rel(flash_attention_with_kvcache(q, kc, vc, lens, **kw), want) < 1e-2
    finally:
        tuning.force("decode", None)
