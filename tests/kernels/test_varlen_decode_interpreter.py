"""Tier 2: packed varlen attention and KV-cache decode kernels under TRITON_INTERPRET=1 against the reference.

Small shapes in fp32: random lengths including 0 and 1 and block size +/- 1, grouped-query heads, windows,
soft-capping, paged caches with shuffled pages, in-place append, the e4m3 cache, and bad inputs.
"""

from __future__ import annotations

import os
import sys

_ALREADY_INTERPRETED = os.environ.get("TRITON_INTERPRET") == "1"  # e.g. set by another tier-2 module
os.environ["TRITON_INTERPRET"] = "1"

import pytest  # noqa: E402
import torch  # noqa: E402

pytest.importorskip("triton")

from gpuaccel.accel.kernels import reference  # noqa: E402
from gpuaccel.accel.kernels.checks import UnsupportedInputError  # noqa: E402

_defined = (
    "gpuaccel.accel.kernels.dense.flash_fwd" in sys.modules
    or "gpuaccel.accel.kernels.varlen.kernels" in sys.modules
)
if _defined and not _ALREADY_INTERPRETED and not torch.cuda.is_available():
    pytest.skip("kernels were defined before TRITON_INTERPRET was set", allow_module_level=True)

from gpuaccel.accel.kernels.decode.attention import flash_attention_with_kvcache  # noqa: E402
from gpuaccel.accel.kernels.decode.kv_cache import dequantize_kv_cache, quantize_kv_cache  # noqa: E402
from gpuaccel.accel.kernels.varlen.attention import flash_attention_varlen  # noqa: E402

ATOL = 2e-4


def _cu(lens: list[int]) -> torch.Tensor:
    return torch.tensor([0, *torch.tensor(lens).cumsum(0).tolist()], dtype=torch.int32)


def _packed(lens_q, lens_k, hq, hkv, d, seed=0):
    g = torch.Generator().manual_seed(seed)
    mk = lambda n, h: torch.randn(n, h, d, generator=g).requires_grad_()
    return mk(sum(lens_q), hq), mk(sum(lens_k), hkv), mk(sum(lens_k), hkv)


VARLEN = [  # lens_q, lens_k, hq, hkv, d, causal, window, softcap
    pytest.param([5, 33, 0, 31, 1], None, 2, 1, 32, True, (-1, -1), 0.0, id="causal-gqa-len0-1-block+-1"),
    pytest.param([31, 1, 65], [40, 1, 20], 2, 2, 16, False, (-1, -1), 0.0, id="nq!=nk-plain"),
    pytest.param([31, 1, 65], [40, 0, 20], 4, 2, 32, True, (8, -1), 0.0, id="causal-window-empty-keys"),
    pytest.param([50, 40], None, 2, 1, 32, False, (5, 7), 2.0, id="two-sided-window-softcap"),
    pytest.param([70, 3], None, 3, 1, 32, True, (-1, -1), 1.0, id="mqa-causal-softcap"),
]


@pytest.mark.parametrize("lens_q,lens_k,hq,hkv,d,causal,window,softcap", VARLEN)
def test_varlen_matches_reference(lens_q, lens_k, hq, hkv, d, causal, window, softcap):
    lens_k = lens_k or lens_q
    q, k, v = _packed(lens_q, lens_k, hq, hkv, d)
    cq, ck = _cu(lens_q), _cu(lens_k)
    args = (q, k, v, cq, ck, max(lens_q), max(lens_k))
    kw = dict(causal=causal, window=window, softcap=softcap, return_lse=True)
    o, lse = flash_attention_varlen(*args, **kw)
    ro, rl = reference.flash_attention_varlen(*args, **kw)
    do = torch.randn(o.shape, generator=torch.Generator().manual_seed(1))
    grads = torch.autograd.grad(o, (q, k, v), do)
    rgrads = torch.autograd.grad(ro, (q, k, v), do)
    torch.testing.assert_close(o, ro, atol=ATOL, rtol=ATOL)
    fin = torch.isfinite(rl)
    torch.testing.assert_close(lse[fin], rl[fin], atol=ATOL, rtol=ATOL)
    assert torch.equal(torch.isinf(lse), torch.isinf(rl))
    for name, g, r in zip(("dq", "dk", "dv"), grads, rgrads, strict=True):
        torch.testing.assert_close(g, r, atol=ATOL, rtol=ATOL, msg=lambda m, n=name: f"{n}: {m}")


def test_varlen_fp16_and_padded_head_dim():
    q, k, v = (t.detach().half().requires_grad_() for t in _packed([17, 40], [17, 40], 2, 1, 48))
    cu = _cu([17, 40])
    o = flash_attention_varlen(q, k, v, cu, cu, 40, 40, causal=True)
    ro = reference.flash_attention_varlen(q.float(), k.float(), v.float(), cu, cu, 40, 40, causal=True)
    torch.testing.assert_close(o.float(), ro, atol=1e-2, rtol=1e-2)


@pytest.mark.parametrize(
    "cu,max_len,match",
    [
        ([0, 10, 5, 20], 20, "non-decreasing"),
        ([0, 10, 19], 10, "end at the packed length 20"),
        ([1, 10, 20], 10, "start at 0"),
        ([0, 10, 20], 9, "below its longest sequence"),
    ],
)
def test_varlen_bad_offsets_are_named(cu, max_len, match):
    q = torch.randn(20, 2, 16)
    with pytest.raises(UnsupportedInputError, match=match):
        flash_attention_varlen(q, q, q, torch.tensor(cu, dtype=torch.int32), _cu([10, 10]), max_len, 10)


def test_varlen_bad_window_and_softcap():
    q, cu = torch.randn(8, 1, 16), _cu([8])
    with pytest.raises(UnsupportedInputError, match="window"):
        flash_attention_varlen(q, q, q, cu, cu, 8, 8, window=(-2, 0))
    with pytest.raises(UnsupportedInputError, match="softcap"):
        flash_attention_varlen(q, q, q, cu, cu, 8, 8, softcap=-1.0)
    with pytest.raises(UnsupportedInputError, match="3-D packed"):
        flash_attention_varlen(q[None], q[None], q[None], cu, cu, 8, 8)


def _cache(lens, n_new, hkv, d, page, g, extra_pages=3):
    b = len(lens)
    s_max = -(-(max(lens) + n_new + 5) // 64) * 64
    if page is None:
        return torch.randn(b, s_max, hkv, d, generator=g), torch.randn(b, s_max, hkv, d, generator=g), None
    per_seq = -(-s_max // page)
    pages = b * per_seq + extra_pages
    kc, vc = (torch.randn(pages, page, hkv, d, generator=g) for _ in range(2))
    table = torch.randperm(pages, generator=g)[: b * per_seq].view(b, per_seq).to(torch.int32)
    return kc, vc, table


DECODE = [  # lens, sq, hq, hkv, page, n_new, causal, window, softcap, splits
    pytest.param([100, 0, 37], 1, 4, 1, None, 0, True, (-1, -1), 0.0, 0, id="contiguous-gqa-empty-seq"),
    pytest.param([100, 5, 300], 2, 4, 2, 16, 2, True, (-1, -1), 0.0, 3, id="paged16-shuffled-append"),
    pytest.param([15, 17, 63], 1, 2, 2, 16, 1, True, (-1, -1), 0.0, 2, id="page-boundary+-1"),
    pytest.param([200, 65], 3, 2, 2, 32, 3, True, (20, -1), 1.5, 4, id="window-softcap-3-tokens"),
    pytest.param([50], 1, 8, 2, None, 0, False, (10, 3), 0.0, 2, id="non-causal-two-sided"),
    pytest.param([100, 0, 37], 2, 4, 2, 16, 1, True, (20, -1), 1.5, 1, id="one-split-writes-output"),
]


@pytest.mark.parametrize("lens,sq,hq,hkv,page,n_new,causal,window,softcap,splits", DECODE)
def test_decode_matches_reference_and_appends(
    lens, sq, hq, hkv, page, n_new, causal, window, softcap, splits
):
    g = torch.Generator().manual_seed(0)
    d, b = 32, len(lens)
    kc, vc, table = _cache(lens, n_new, hkv, d, page, g)
    q = torch.randn(b, sq, hq, d, generator=g)
    kn = vn = None
    if n_new:
        kn, vn = (torch.randn(b, n_new, hkv, d, generator=g) for _ in range(2))
    seqlens = torch.tensor(lens, dtype=torch.int32)
    kw = dict(block_table=table, k_new=kn, v_new=vn, causal=causal, window=window, softcap=softcap)
    want = reference.flash_attention_with_kvcache(q, kc.clone(), vc.clone(), seqlens, **kw)
    got = flash_attention_with_kvcache(q, kc, vc, seqlens, num_splits=splits, **kw)
    torch.testing.assert_close(got, want, atol=ATOL, rtol=ATOL)
    for i in range(b if n_new else 0):
        stored = reference.gather_cache(kc, table, i, lens[i] + n_new)[lens[i] :]
        assert torch.equal(stored, kn[i]) and torch.equal(
            reference.gather_cache(vc, table, i, lens[i] + n_new)[lens[i] :], vn[i]
        )
    assert torch.equal(seqlens, torch.tensor(lens, dtype=torch.int32)), "cache_seqlens is the caller's"


PINNED = [  # lens, sq, hq, hkv, page, n_new, window, softcap, splits, fp8
    pytest.param([100, 0, 37], 1, 8, 4, None, 0, (-1, -1), 0.0, 0, False, id="contiguous"),
    pytest.param([100, 5, 300], 2, 4, 2, 16, 2, (-1, -1), 0.0, 3, False, id="paged16-append"),
    pytest.param([200, 65], 1, 8, 4, 24, 1, (20, -1), 1.5, 4, False, id="page24-window-softcap"),
    pytest.param([64, 16, 250], 1, 8, 4, None, 3, (-1, -1), 0.0, 2, True, id="e4m3-contiguous"),
    pytest.param([64, 16], 1, 4, 2, 16, 3, (-1, -1), 0.0, 2, True, id="e4m3-page16"),
    pytest.param([64, 16, 250], 1, 8, 4, None, 3, (-1, -1), 0.0, 1, True, id="e4m3-one-split"),
]
CONFIGS = [  # 4 heads x 16 keys a step; 1 head x 128 keys (several 16-, 24- or 64-token pages a step)
    pytest.param((64, 4, 1, 4, 4), id="4heads"),
    pytest.param((128, 4, 1, 4, 1), id="128keys"),
]


@pytest.mark.parametrize("cfg", CONFIGS)
@pytest.mark.parametrize("lens,sq,hq,hkv,page,n_new,window,softcap,splits,fp8", PINNED)
def test_decode_pinned_configurations(lens, sq, hq, hkv, page, n_new, window, softcap, splits, fp8, cfg):
    """Programs over 2-4 adjacent kv heads (rows only see their own head's columns) and key blocks that
    span several pages (each column finds its own page, and its own e4m3 scale) match the reference."""
    from gpuaccel.accel.kernels.decode.attention import DecodeConfig
    from gpuaccel.accel.kernels.tuning import configs as tuning

    g = torch.Generator().manual_seed(3)
    d, b = 32, len(lens)
    kc, vc, table = _cache(lens, n_new, hkv, d, page, g)
    q = torch.randn(b, sq, hq, d, generator=g)
    kn, vn = (torch.randn(b, n_new, hkv, d, generator=g) for _ in range(2))
    seqlens = torch.tensor(lens, dtype=torch.int32)
    kw = dict(block_table=table, window=window, softcap=softcap)
    if fp8:
        (kc, ks), (vc, vs) = quantize_kv_cache(kc, table), quantize_kv_cache(vc, table)
        kw.update(k_scale=ks, v_scale=vs)
    else:
        want = reference.flash_attention_with_kvcache(q, kc.clone(), vc.clone(), seqlens, k_new=kn, v_new=vn,
                                                      **kw)  # fmt: skip
    tuning.force("decode", DecodeConfig(*cfg))
    try:
        got = flash_attention_with_kvcache(q, kc, vc, seqlens, k_new=kn, v_new=vn, num_splits=splits, **kw)
    finally:
        tuning.force("decode", None)
    if fp8:  # the reference on the values the cache holds after the append
        kd, vd = dequantize_kv_cache(kc, ks), dequantize_kv_cache(vc, vs)
        want = reference.flash_attention_with_kvcache(q, kd, vd, seqlens + n_new, block_table=table,
                                                      window=window, softcap=softcap)  # fmt: skip
        torch.testing.assert_close(got, want, atol=2e-3, rtol=2e-3)  # the e4m3 path multiplies in fp16
    else:
        torch.testing.assert_close(got, want, atol=ATOL, rtol=ATOL)


TRANSPOSED = [  # heads, keys per step, page (None: contiguous, 64-token scale pages)
    pytest.param(1, 64, None, id="h1-64keys-contiguous"),
    pytest.param(2, 64, None, id="h2-32keys-contiguous"),
    pytest.param(1, 128, None, id="h1-128keys-two-scale-pages"),
    pytest.param(2, 128, None, id="h2-64keys-contiguous"),
    pytest.param(1, 128, 16, id="h1-128keys-page16"),
    pytest.param(2, 128, 64, id="h2-64keys-page64"),
    pytest.param(1, 64, 64, id="h1-64keys-page64"),
]


@pytest.mark.parametrize(
    "window,softcap,splits", [((-1, -1), 0.0, 2), ((40, -1), 1.5, 1)], ids=["plain", "window-softcap-1split"]
)
@pytest.mark.parametrize("heads,block_n,page", TRANSPOSED)
def test_fp8_transposed_step_matches_reference(heads, block_n, page, window, softcap, splits):
    """The transposed e4m3 step (``DecodeConfig.trans``: S^T = K q^T with head_dim reordered, K's scale in
    the exponent) equals the reference on the dequantised cache: one scale per step (one page) and a scale
    per key (several pages a step), a page whose scales are 0, appends, windows and soft-capping."""
    from gpuaccel.accel.kernels.decode.attention import DecodeConfig
    from gpuaccel.accel.kernels.tuning import configs as tuning

    g = torch.Generator().manual_seed(7)
    lens, hkv, d, n_new = [200, 16, 0, 131], 4, 32, 2
    kc, vc, table = _cache(lens, n_new, hkv, d, page, g)
    if page is None:  # one whole scale page of zeros: its scores are 0 and its values contribute 0
        kc[0, 64:128] = 0.0
        vc[0, 64:128] = 0.0
    (kc, ks), (vc, vs) = quantize_kv_cache(kc, table), quantize_kv_cache(vc, table)
    if page is None:
        ks[1:2].zero_()  # pages are (b * S_max / 64 + position // 64): sequence 0's second page
        vs[1:2].zero_()
    q = torch.randn(len(lens), 1, 8, d, generator=g)
    kn, vn = (torch.randn(len(lens), n_new, hkv, d, generator=g) for _ in range(2))
    seqlens = torch.tensor(lens, dtype=torch.int32)
    kw = dict(block_table=table, window=window, softcap=softcap)
    tuning.force("decode", DecodeConfig(block_n, 4, 1, 4, heads, trans=True))
    try:
        got = flash_attention_with_kvcache(q, kc, vc, seqlens, k_new=kn, v_new=vn, k_scale=ks, v_scale=vs,
                                           num_splits=splits, **kw)  # fmt: skip
    finally:
        tuning.force("decode", None)
    kd, vd = dequantize_kv_cache(kc, ks), dequantize_kv_cache(vc, vs)
    want = reference.flash_attention_with_kvcache(q, kd, vd, seqlens + n_new, **kw)
    assert torch.isfinite(got).all()
    torch.testing.assert_close(got, want, atol=2e-3, rtol=2e-3)  # the e4m3 path multiplies in fp16


@pytest.mark.parametrize("page", [None, 16])
def test_fp8_cache_decode_and_append(page):
    """Decode on an e4m3 cache equals the reference on its dequantised values; new tokens land exactly
    when they are representable (powers of two fill a fresh page, so amax / 448 maps them onto e4m3)."""
    g = torch.Generator().manual_seed(2)
    lens, hkv, d = [64, 16], 2, 32
    kc, vc, table = _cache(lens, 3, hkv, d, page, g)
    k8, ks = quantize_kv_cache(kc, table)
    v8, vs = quantize_kv_cache(vc, table)
    q = torch.randn(2, 1, 4, d, generator=g)
    pick = torch.tensor([0.5, -1.0, 2.0, -4.0])
    kn, vn = (pick[torch.randint(0, 4, (2, 3, hkv, d), generator=g)] for _ in range(2))
    seqlens = torch.tensor(lens, dtype=torch.int32)
    got = flash_attention_with_kvcache(q, k8, v8, seqlens, block_table=table, k_new=kn, v_new=vn,
                                       k_scale=ks, v_scale=vs, num_splits=2)  # fmt: skip
    kd, vd = dequantize_kv_cache(k8, ks), dequantize_kv_cache(v8, vs)
    for i, n in enumerate(lens):
        assert torch.equal(reference.gather_cache(kd, table, i, n + 3)[n:], kn[i])
        assert torch.equal(reference.gather_cache(vd, table, i, n + 3)[n:], vn[i])
    want = reference.flash_attention_with_kvcache(q, kd, vd, seqlens + 3, block_table=table)
    torch.testing.assert_close(got, want, atol=2e-3, rtol=2e-3)  # the e4m3 path multiplies in fp16
    assert (got - reference.flash_attention_with_kvcache(q, kc, vc, seqlens, block_table=table,
                                                         k_new=kn, v_new=vn)).abs().max() < 0.2  # fmt: skip


def _decode_inputs(page=16):
    g = torch.Generator().manual_seed(0)
    kc, vc, table = _cache([40, 20], 0, 1, 16, page, g, extra_pages=0)
    return torch.randn(2, 1, 2, 16), kc, vc, table


def test_decode_bad_inputs_are_named():
    q, kc, vc, table = _decode_inputs()
    ok = torch.tensor([40, 20], dtype=torch.int32)
    with pytest.raises(UnsupportedInputError, match="cache too small"):
        flash_attention_with_kvcache(q, kc, vc, torch.tensor([60, 70], dtype=torch.int32), block_table=table)
    bad = table.clone()
    bad[1, 0] = kc.shape[0]
    with pytest.raises(UnsupportedInputError, match=r"block table out of range: block_table\[1, 0\]"):
        flash_attention_with_kvcache(q, kc, vc, ok, block_table=bad)
    with pytest.raises(UnsupportedInputError, match="page size"):  # 1..256 tokens (the e4m3 append's tile)
        big = torch.zeros(4, 512, 1, 16)
        flash_attention_with_kvcache(q, big, big, ok, block_table=table[:, :1].contiguous())
    with pytest.raises(UnsupportedInputError, match="int32"):
        flash_attention_with_kvcache(q, kc, vc, ok.long(), block_table=table)
    with pytest.raises(UnsupportedInputError, match="k_new and v_new"):
        flash_attention_with_kvcache(q, kc, vc, ok, block_table=table, k_new=torch.randn(2, 1, 1, 16))
    with pytest.raises(UnsupportedInputError, match="e4m3 needs k_scale"):
        k8 = kc.to(torch.float8_e4m3fn)
        flash_attention_with_kvcache(q, k8, k8, ok, block_table=table)


def test_decode_strided_q_new_tokens_and_block_table_match_the_reference():
    """The kernels index q, k_new/v_new and the block table by a unit last stride: other layouts are read
    correctly (they were silently misread: wrong outputs and wrong values appended to the cache)."""
    q, kc, vc, table = _decode_inputs()
    g = torch.Generator().manual_seed(5)
    q = torch.randn(2, 1, 2, 32, generator=g)[..., ::2]
    kn, vn = (torch.randn(2, 2, 1, 32, generator=g)[..., ::2] for _ in range(2))
    table = table.t().contiguous().t()  # column-major: rows are not contiguous
    seqlens = torch.tensor([40, 20], dtype=torch.int32)
    kw = dict(block_table=table, k_new=kn, v_new=vn)
    want = reference.flash_attention_with_kvcache(q, kc.clone(), vc.clone(), seqlens, **kw)
    got = flash_attention_with_kvcache(q, kc, vc, seqlens, **kw)
    torch.testing.assert_close(got, want, atol=ATOL, rtol=ATOL)
    for i, n in enumerate((40, 20)):
        assert torch.equal(reference.gather_cache(kc, table, i, n + 2)[n:], kn[i])


def test_decode_bad_options_are_named():
    q, kc, vc, table = _decode_inputs()
    ok = torch.tensor([40, 20], dtype=torch.int32)
    k8, ks = quantize_kv_cache(kc, table)
    with pytest.raises(UnsupportedInputError, match="scales of an e4m3 cache; this cache is torch.float32"):
        flash_attention_with_kvcache(q, kc, vc, ok, block_table=table, k_scale=ks, v_scale=ks)
    for splits in (-1, 1.5, None, 129):
        with pytest.raises(UnsupportedInputError, match="num_splits must be an integer from 0"):
            flash_attention_with_kvcache(q, kc, vc, ok, block_table=table, num_splits=splits)
    new = torch.randn(2, 1, 1, 16)
    with pytest.raises(UnsupportedInputError, match="k_new/v_new must have q's dtype"):
        flash_attention_with_kvcache(q, kc, vc, ok, block_table=table, k_new=new.long(), v_new=new.long())
    for kw, name in (({"block_table": [[0]]}, "block_table"), ({"k_new": [1], "v_new": new}, "k_new"),
                     ({"k_scale": [1.0], "v_scale": ks}, "k_scale")):  # fmt: skip
        with pytest.raises(UnsupportedInputError, match=f"{name} must be a torch.Tensor, got list"):
            flash_attention_with_kvcache(q, k8, k8, ok, **{"block_table": table, **kw})


def test_quantize_kv_cache_bad_inputs_are_named():
    _, kc, _, table = _decode_inputs()
    with pytest.raises(UnsupportedInputError, match="cache must be a 4-D bf16/fp16 tensor"):
        quantize_kv_cache(kc.long(), table)
    with pytest.raises(UnsupportedInputError, match="already e4m3"):
        quantize_kv_cache(kc.to(torch.float8_e4m3fn), table)
    for bad in (table[0], table.long(), [[0]]):
        with pytest.raises(UnsupportedInputError, match="block_table must be None or int32"):
            quantize_kv_cache(kc, bad)


def test_dense_api_window_and_softcap():
    from gpuaccel.accel.kernels.dense import entry

    g = torch.Generator().manual_seed(4)
    q = torch.randn(2, 2, 40, 32, generator=g).requires_grad_()
    k, v = (torch.randn(2, 1, 50, 32, generator=g).requires_grad_() for _ in range(2))
    o, lse = entry.flash_attention(q, k, v, causal=True, window=(9, -1), softcap=3.0, return_lse=True)
    ro, rl = reference.flash_attention(q, k, v, causal=True, window=(9, -1), softcap=3.0, return_lse=True)
    torch.testing.assert_close(o, ro, atol=ATOL, rtol=ATOL)
    torch.testing.assert_close(lse, rl, atol=ATOL, rtol=ATOL)
    do = torch.randn(o.shape, generator=g)
    for got, want in zip(
        torch.autograd.grad(o, (q, k, v), do), torch.autograd.grad(ro, (q, k, v), do), strict=True
    ):
        torch.testing.assert_close(got, want, atol=ATOL, rtol=ATOL)


def test_stream_read_sums_every_element() -> None:
    """The decode benchmark's read ceiling reads its whole buffer: each program's sum is its chunk's."""
    from gpuaccel.accel.kernels.bench.stream_read import read_buffer, stream_read

    x = read_buffer(6000, 3, 64, 2, "cpu", torch.float32)
    assert x.numel() == 3 * 512  # 500 elements per program, rounded up to whole 128-element steps
    torch.testing.assert_close(stream_read(x, 3, 64, 2, 4), x.view(3, -1).sum(1), rtol=1e-5, atol=1e-4)
    with pytest.raises(ValueError, match="read_buffer"):
        stream_read(x[:-1], 3, 64, 2, 4)


def test_e4m3_plan_transposes_all_but_short_caches(monkeypatch):
    """The planned e4m3 step is the transposed one, except where batch x capacity is short (a program then
    runs a step or two, and the transposed step's prologue does not pay back); bf16 never transposes."""
    from gpuaccel.accel.kernels.decode import attention as decode

    monkeypatch.setattr(decode, "sm_count", lambda device: 132)
    gpu = torch.device("cuda")
    for paged in (False, True):
        assert decode.plan_config(8, True, paged, gpu, 4096) == decode.SHORT_E4M3
        assert not decode.plan_config(8, True, paged, gpu, 4096).trans
        for rows, tokens in ((8, 32768), (8, 131072), (512, 64 * 4096)):
            assert decode.plan_config(rows, True, paged, gpu, tokens).trans
            assert not decode.plan_config(rows, False, paged, gpu, tokens).trans
    assert decode.plan_config(8, True, False, torch.device("cpu"), 1 << 20) == decode.INTERPRETER_DECODE
