"""Tier 2: flash-attn's serving arguments under TRITON_INTERPRET=1, held to FlashAttention's own standard.

Each feature (long appends against a cache, pages of 1 and 4 tokens, cache_batch_idx, cache_leftpad,
attention_chunk, seqused_q/k, flash_attn_combine) is called through ``flash_attn_interface`` with
flash-attn's names and layouts and checked as FlashAttention's tests check: the maximum error against a
float64 reference is at most twice that of a plain PyTorch implementation computing in the inputs' dtype
(fp16 here), for the output and, where there is a backward, every gradient. Shapes are small and odd:
lengths not multiples of any block, Nq != Nk both ways, GQA and MQA, causal, windows and none.
"""

from __future__ import annotations

import os
import sys

_ALREADY_INTERPRETED = os.environ.get("TRITON_INTERPRET") == "1"
os.environ["TRITON_INTERPRET"] = "1"

import pytest  # noqa: E402
import torch  # noqa: E402

pytest.importorskip("triton")

from gpuaccel.accel.kernels.checks import UnsupportedInputError  # noqa: E402

_defined = any(m.startswith("gpuaccel.accel.kernels.decode.kernels") for m in sys.modules)
if _defined and not _ALREADY_INTERPRETED and not torch.cuda.is_available():
    pytest.skip("kernels were defined before TRITON_INTERPRET was set", allow_module_level=True)

from attention_parity import (  # noqa: E402
    DT,
    KV_CASES,
    batch_parts,
    bound,
    bound_all,
    cache,
    keep_mask,
    naive,
    packed_parts,
    rows,
)

from gpuaccel.accel.kernels.flash_attn_interface import (  # noqa: E402
    flash_attn_combine,
    flash_attn_func,
    flash_attn_varlen_func,
    flash_attn_with_kvcache,
)


@pytest.mark.parametrize("case", KV_CASES)
def test_kvcache_long_appends_small_pages_and_chunks(case):
    b, sq, hq, hkv, d, page, causal, window, chunk, n_new = case
    gen = torch.Generator().manual_seed(hash(case) % 2**31)
    s_max = 96
    kc, vc, table = cache(b, s_max, hkv, d, page, gen)
    lens = torch.randint(max(0, sq - n_new), s_max - n_new, (b,), generator=gen).to(torch.int32)
    q = torch.randn(b, sq, hq, d, generator=gen, dtype=DT)
    kn = torch.randn(b, n_new, hkv, d, generator=gen, dtype=DT) if n_new else None
    vn = torch.randn(b, n_new, hkv, d, generator=gen, dtype=DT) if n_new else None
    kc0, vc0 = kc.clone(), vc.clone()
    got = flash_attn_with_kvcache(q, kc, vc, kn, vn, cache_seqlens=lens, block_table=table, causal=causal,
                                  window_size=window, attention_chunk=chunk)  # fmt: skip
    for i in range(b):
        n = int(lens[i])
        ks, vs = rows(kc0, table, i, i, 0, n), rows(vc0, table, i, i, 0, n)
        if n_new:
            ks, vs = torch.cat([ks, kn[i]]), torch.cat([vs, vn[i]])
            assert torch.equal(rows(kc, table, i, i, n, n + n_new), kn[i])  # appended in place
        keep = keep_mask(sq, ks.shape[0], causal, window, chunk)
        ref, _ = naive(q[i], ks, vs, keep, torch.float64)
        plain, _ = naive(q[i], ks, vs, keep, DT)
        bound(got[i], plain, ref, f"case {case} sequence {i}")


def test_kvcache_batch_idx_and_leftpad():
    gen = torch.Generator().manual_seed(5)
    b, sq, hq, hkv, d, s_max = 3, 21, 8, 2, 32, 80
    kc = torch.randn(5, s_max, hkv, d, generator=gen, dtype=DT)
    vc = torch.randn(5, s_max, hkv, d, generator=gen, dtype=DT)
    idx = torch.tensor([4, 0, 2], dtype=torch.int32)
    lens = torch.tensor([50, 23, 70], dtype=torch.int32)
    pad = torch.tensor([3, 0, 17], dtype=torch.int32)
    q = torch.randn(b, sq, hq, d, generator=gen, dtype=DT)
    kn, vn = (torch.randn(b, 4, hkv, d, generator=gen, dtype=DT) for _ in range(2))
    kc0, vc0 = kc.clone(), vc.clone()
    got = flash_attn_with_kvcache(
        q, kc, vc, kn, vn, cache_seqlens=lens, cache_batch_idx=idx, cache_leftpad=pad, causal=True
    )
    for i in range(b):
        row, n, lp = int(idx[i]), int(lens[i]), int(pad[i])
        assert torch.equal(kc[row, n : n + 4], kn[i]) and torch.equal(vc[row, n : n + 4], vn[i])
        ks, vs = torch.cat([kc0[row, lp:n], kn[i]]), torch.cat([vc0[row, lp:n], vn[i]])
        keep = keep_mask(sq, ks.shape[0], True)
        ref, _ = naive(q[i], ks, vs, keep, torch.float64)
        plain, _ = naive(q[i], ks, vs, keep, DT)
        bound(got[i], plain, ref, f"sequence {i}")
    untouched = [r for r in range(5) if r not in idx.tolist()]
    assert torch.equal(kc[untouched], kc0[untouched])


@pytest.mark.parametrize("causal", [True, False])
def test_varlen_seqused_output_and_gradients(causal):
    gen = torch.Generator().manual_seed(11 + causal)
    hq, hkv, d = 4, 2, 32
    slots_q, slots_k = [13, 1, 30, 9], [20, 7, 17, 9]
    used_q, used_k = [11, 0, 30, 4], [20, 3, 9, 9]
    cu_q = torch.tensor([0, *torch.tensor(slots_q).cumsum(0).tolist()], dtype=torch.int32)
    cu_k = torch.tensor([0, *torch.tensor(slots_k).cumsum(0).tolist()], dtype=torch.int32)
    q = torch.randn(sum(slots_q), hq, d, generator=gen, dtype=DT, requires_grad=True)
    k = torch.randn(sum(slots_k), hkv, d, generator=gen, dtype=DT, requires_grad=True)
    v = torch.randn(sum(slots_k), hkv, d, generator=gen, dtype=DT, requires_grad=True)
    do = torch.randn(sum(slots_q), hq, d, generator=gen, dtype=DT)
    out, lse, _ = flash_attn_varlen_func(
        q, k, v, cu_q, cu_k, max(slots_q), max(slots_k), seqused_q=torch.tensor(used_q, dtype=torch.int32),
        seqused_k=torch.tensor(used_k, dtype=torch.int32), causal=causal, return_attn_probs=True,
    )  # fmt: skip
    got = (out, *torch.autograd.grad(out, (q, k, v), do))

    def parts(dtype):
        qx, kx, vx = (t.detach().to(dtype).requires_grad_() for t in (q, k, v))
        o = torch.zeros(q.shape, dtype=dtype)
        for i in range(4):
            a, nq, c, nk = int(cu_q[i]), used_q[i], int(cu_k[i]), used_k[i]
            if nq == 0:
                continue
            oi, _ = naive(qx[a : a + nq], kx[c : c + nk], vx[c : c + nk], keep_mask(nq, nk, causal), dtype)
            o = o.index_copy(0, torch.arange(a, a + nq), oi.to(dtype))
        return (o, *torch.autograd.grad(o, (qx, kx, vx), do.to(dtype)))

    ref, plain = parts(torch.float64), parts(DT)
    for name, g, p, r in zip(("out", "dq", "dk", "dv"), got, plain, ref, strict=True):
        bound(g, p, r, name)
    unused = torch.cat([torch.arange(int(cu_q[i]) + used_q[i], int(cu_q[i + 1])) for i in range(4)])
    assert torch.equal(out[unused], torch.zeros_like(out[unused]))
    assert torch.isinf(lse[:, unused]).all()


CHUNK_CASES = [  # (query lengths, key lengths, hq, hkv, causal, window, chunk)
    ([23, 5, 40], [23, 17, 40], 4, 2, True, (-1, -1), 8),  # Nq < Nk in one sequence
    ([19, 30], [12, 30], 2, 1, True, (3, -1), 7),  # Nq > Nk: leading queries see no key
    ([33, 9], [33, 20], 4, 4, False, (-1, -1), 16),  # non-causal: whole chunks, ahead included
]


@pytest.mark.parametrize("case", CHUNK_CASES)
def test_varlen_attention_chunk_output_and_gradients(case):
    lens_q, lens_k, hq, hkv, causal, window, chunk = case
    gen = torch.Generator().manual_seed(len(lens_q) * 7 + chunk)
    d = 16
    cu_q = torch.tensor([0, *torch.tensor(lens_q).cumsum(0).tolist()], dtype=torch.int32)
    cu_k = torch.tensor([0, *torch.tensor(lens_k).cumsum(0).tolist()], dtype=torch.int32)
    q = torch.randn(sum(lens_q), hq, d, generator=gen, dtype=DT, requires_grad=True)
    k = torch.randn(sum(lens_k), hkv, d, generator=gen, dtype=DT, requires_grad=True)
    v = torch.randn(sum(lens_k), hkv, d, generator=gen, dtype=DT, requires_grad=True)
    do = torch.randn(sum(lens_q), hq, d, generator=gen, dtype=DT)
    out = flash_attn_varlen_func(q, k, v, cu_q, cu_k, max(lens_q), max(lens_k), causal=causal,
                                 window_size=window, attention_chunk=chunk)  # fmt: skip
    got = (out, *torch.autograd.grad(out, (q, k, v), do))
    ref, plain = (
        packed_parts(q, k, v, do, lens_q, lens_k, dt, causal, window, chunk) for dt in (torch.float64, DT)
    )
    bound_all(got, plain, ref, str(case))


def test_dense_attention_chunk_in_flash_attn_layout():
    gen = torch.Generator().manual_seed(17)
    b, nq, nk, hq, hkv, d, chunk = 2, 21, 29, 4, 2, 16, 6
    q = torch.randn(b, nq, hq, d, generator=gen, dtype=DT)
    k = torch.randn(b, nk, hkv, d, generator=gen, dtype=DT)
    v = torch.randn(b, nk, hkv, d, generator=gen, dtype=DT)
    got = flash_attn_func(q, k, v, causal=True, attention_chunk=chunk)
    assert got.shape == q.shape and got.is_contiguous()
    keep = keep_mask(nq, nk, True, chunk=chunk)
    for i in range(b):
        ref, _ = naive(q[i], k[i], v[i], keep, torch.float64)
        plain, _ = naive(q[i], k[i], v[i], keep, DT)
        bound(got[i], plain, ref, f"sequence {i}")


VALUE_DIM_CASES = [  # (batch, seq_q, seq_k, hq, hkv, head_dim q/k, head_dim v, causal)
    (1, 29, 29, 2, 1, 192, 128, True),  # DeepSeek-style MLA prefill, MQA
    (1, 37, 53, 4, 2, 48, 32, True),  # GQA, Nq < Nk, both dims zero-padded (64, 32)
    (1, 41, 19, 2, 2, 32, 64, False),  # v wider than q/k, Nq > Nk
    (1, 33, 20, 3, 1, 16, 48, True),  # Nq > Nk causal: the first 13 rows see no key
]


@pytest.mark.parametrize("case", VALUE_DIM_CASES)
def test_value_head_dim_other_than_qk_output_and_gradients(case):
    """A value head dim other than the query/key one (MLA-style 192/128) through flash_attn_func (the tl.*
    dense kernels): output, lse and dq/dk/dv held to FlashAttention's standard."""
    b, nq, nk, hq, hkv, d, dv, causal = case
    gen = torch.Generator().manual_seed(d * 1000 + dv + nq)
    q = torch.randn(b, nq, hq, d, generator=gen, dtype=DT, requires_grad=True)
    k = torch.randn(b, nk, hkv, d, generator=gen, dtype=DT, requires_grad=True)
    v = torch.randn(b, nk, hkv, dv, generator=gen, dtype=DT, requires_grad=True)
    do = torch.randn(b, nq, hq, dv, generator=gen, dtype=DT)
    out, lse, _ = flash_attn_func(q, k, v, causal=causal, return_attn_probs=True)
    assert out.shape == (b, nq, hq, dv) and lse.shape == (b, hq, nq)
    got = (out, *torch.autograd.grad(out, (q, k, v), do))
    keep = keep_mask(nq, nk, causal)
    bound_all(
        got, batch_parts(q, k, v, do, keep, DT), batch_parts(q, k, v, do, keep, torch.float64), str(case)
    )
    want_lse = torch.stack([naive(q[i].double(), k[i].double(), v[i].double(), keep, torch.float64)[1]
                            for i in range(b)])  # fmt: skip
    torch.testing.assert_close(lse.double(), want_lse, atol=2e-3, rtol=2e-3)


def test_value_head_dim_packed_output_and_gradients():
    """MLA-style prefill as serving stacks call it: packed documents through flash_attn_varlen_func with v's
    head dim other than q/k's, causal, GQA, a left window (tl.* packed kernels: full and masked blocks)."""
    window = (5, 3)  # causal: right becomes 0
    gen = torch.Generator().manual_seed(23)
    lens_q, lens_k, hq, hkv, d, dv = [19, 1, 30], [25, 7, 30], 4, 2, 48, 32
    cu = lambda lens: torch.tensor([0, *torch.tensor(lens).cumsum(0).tolist()], dtype=torch.int32)
    mk = lambda n, h, dim: torch.randn(n, h, dim, generator=gen, dtype=DT).requires_grad_()
    q, k, v = mk(sum(lens_q), hq, d), mk(sum(lens_k), hkv, d), mk(sum(lens_k), hkv, dv)
    do = torch.randn(sum(lens_q), hq, dv, generator=gen, dtype=DT)
    out = flash_attn_varlen_func(q, k, v, cu(lens_q), cu(lens_k), max(lens_q), max(lens_k), causal=True,
                                 window_size=window)  # fmt: skip
    assert out.shape == (sum(lens_q), hq, dv)
    got = (out, *torch.autograd.grad(out, (q, k, v), do))
    ref, plain = (packed_parts(q, k, v, do, lens_q, lens_k, dt, True, window) for dt in (torch.float64, DT))
    bound_all(got, plain, ref, str(window))


def test_value_head_dim_packed_at_a_gluon_pairs_width(monkeypatch):
    """The packed call's route where Hopper's Gluon forward takes a value-dim pair (160/128 runs q/k at 192,
    v at 128: ``varlen.attention.run_head_dims``), with the tl.* forward standing in for the Gluon kernel:
    q/k at 192 reach the tl.* forward and backward, which zero-pad them to 256 themselves; the output and
    every gradient within 2x plain fp16's error, dq and dk at q's 160 columns."""
    from gpuaccel.accel.kernels.varlen import attention as varlen

    seen = []

    def path(q, left=-1, right=-1, softcap=0.0, head_dim_v=None):  # the pair taken, the kernel tl.*
        seen.append((q.shape[-1], head_dim_v))
        return "gluon" if head_dim_v is None else "triton"

    monkeypatch.setattr(varlen, "forward_path", path)
    gen = torch.Generator().manual_seed(160)
    lens_q, lens_k, hq, hkv, d, dv = [19, 1, 30], [25, 7, 30], 4, 2, 160, 128
    cu = lambda lens: torch.tensor([0, *torch.tensor(lens).cumsum(0).tolist()], dtype=torch.int32)
    mk = lambda n, h, dim: torch.randn(n, h, dim, generator=gen, dtype=DT).requires_grad_()
    q, k, v = mk(sum(lens_q), hq, d), mk(sum(lens_k), hkv, d), mk(sum(lens_k), hkv, dv)
    do = torch.randn(sum(lens_q), hq, dv, generator=gen, dtype=DT)
    out = flash_attn_varlen_func(q, k, v, cu(lens_q), cu(lens_k), max(lens_q), max(lens_k), causal=True)
    assert (160, None) in seen and (192, 128) in seen  # the pair chosen, then the forward on q at 192
    got = (out, *torch.autograd.grad(out, (q, k, v), do))
    assert [t.shape[-1] for t in got] == [dv, d, d, dv]
    ref, plain = (packed_parts(q, k, v, do, lens_q, lens_k, dt, True) for dt in (torch.float64, DT))
    bound_all(got, plain, ref, "160/128 at 192/128")


def test_value_head_dim_packed_backward_at_a_gluon_pairs_width(monkeypatch, fresh_plans):
    """The packed backward's route where Hopper's Gluon backward takes the pair (``varlen.attention.
    backward_path``: 160/128 runs the forward at 192/128 and hands the backward q/k at 192 as they are, not
    padded to 256), with a stand-in for the Gluon launcher that computes on the tl.* kernels: the launcher
    gets q/k at 192, v, dO and o at 128 and buffers of their shapes; the output and every gradient within
    2x plain fp16's error, dq and dk at q's 160 columns. (Plans emptied first: the test above keeps one of
    this very signature, whose backward path is tl.*.)"""
    from gpuaccel.accel.kernels.gluon import varlen_bwd
    from gpuaccel.accel.kernels.varlen import attention as varlen

    lens_q, lens_k, hq, hkv, d, dv = [19, 1, 30], [25, 7, 30], 4, 2, 160, 128
    pair = lambda q, v: "gluon" if (q.shape[-1], v) == (192, 128) else "triton"
    monkeypatch.setattr(varlen, "forward_path", lambda q, left=-1, right=-1, softcap=0.0, head_dim_v=None: (
        "gluon" if head_dim_v is None else "triton"))  # the pair taken, the forward kernel tl.*  # fmt: skip
    monkeypatch.setattr(varlen, "backward_path", lambda q, left, right, softcap, head_dim_v=None: pair(
        q, head_dim_v))  # fmt: skip
    seen = []

    def stand_in(do, q, k, v, o, lse, cu_q, cu_k, causal, scale, out, fused=None, bound=None):
        seen.append(tuple(t.shape[-1] for t in (do, q, k, v, o, *out)))
        p = (cu_q, cu_k, max(lens_q), max(lens_k), -1, 0 if causal else -1, scale, 0.0)
        grads = varlen.varlen_backward(do, q, k, v, o, lse, p, plan=("triton", None, {}))  # q/k padded there
        return tuple(buf.copy_(g[..., : buf.shape[-1]]) for buf, g in zip(out, grads, strict=True))

    monkeypatch.setattr(varlen_bwd, "launch_gluon_varlen_bwd", stand_in)
    gen = torch.Generator().manual_seed(161)
    cu = lambda lens: torch.tensor([0, *torch.tensor(lens).cumsum(0).tolist()], dtype=torch.int32)
    mk = lambda n, h, dim: torch.randn(n, h, dim, generator=gen, dtype=DT).requires_grad_()
    q, k, v = mk(sum(lens_q), hq, d), mk(sum(lens_k), hkv, d), mk(sum(lens_k), hkv, dv)
    do = torch.randn(sum(lens_q), hq, dv, generator=gen, dtype=DT)
    out = flash_attn_varlen_func(q, k, v, cu(lens_q), cu(lens_k), max(lens_q), max(lens_k), causal=True)
    got = (out, *torch.autograd.grad(out, (q, k, v), do))
    assert seen == [(128, 192, 192, 128, 128, 192, 192, 128)]  # dO, q, k, v, o; dq, dk, dv buffers
    assert [t.shape[-1] for t in got] == [dv, d, d, dv]
    ref, plain = (packed_parts(q, k, v, do, lens_q, lens_k, dt, True) for dt in (torch.float64, DT))
    bound_all(got, plain, ref, "160/128 backward at 192/128")


def test_combine_matches_attention_over_all_keys():
    """Attention over three key splits, merged, against attention over all keys at once."""
    gen = torch.Generator().manual_seed(3)
    b, s, h, d = 2, 5, 3, 32
    q = torch.randn(b, s, h, d, generator=gen, dtype=torch.float64)
    k = torch.randn(b, 40, h, d, generator=gen, dtype=torch.float64)
    v = torch.randn(b, 40, h, d, generator=gen, dtype=torch.float64)
    cuts = [(0, 7), (7, 30), (30, 40)]
    outs, lses = [], []
    for lo, hi in cuts:
        parts = [
            naive(q[i], k[i, lo:hi], v[i, lo:hi], keep_mask(s, hi - lo, False), torch.float64)
            for i in range(b)
        ]
        outs.append(torch.stack([p[0] for p in parts]))
        lses.append(torch.stack([p[1].transpose(0, 1) for p in parts]))  # (b, s, h)
    outs[1][0, 2, 1] = 0.0  # a split that saw no key of one row
    lses[1][0, 2, 1] = float("-inf")
    out_partial = torch.stack(outs).float()
    lse_partial = torch.stack(lses).float()
    got, lse = flash_attn_combine(out_partial, lse_partial, out_dtype=DT, return_lse=True)
    want_lse = torch.logsumexp(torch.stack(lses), 0)
    want = (torch.stack(outs) * torch.exp(torch.stack(lses) - want_lse)[..., None]).sum(0)
    assert got.dtype == DT and got.shape == (b, s, h, d)
    torch.testing.assert_close(got.double(), want, atol=2e-3, rtol=2e-3)
    torch.testing.assert_close(lse.double(), want_lse, atol=1e-5, rtol=1e-5)
    empty = flash_attn_combine(torch.zeros(2, 1, 1, 16), torch.full((2, 1, 1), float("-inf")))
    assert torch.equal(empty, torch.zeros(1, 1, 16))


@pytest.mark.parametrize(("page", "q_e4m3"), [(None, False), (16, True)])
def test_fa3_e4m3_cache_with_descales_appends_raw_bytes_and_matches(page, q_e4m3):
    """FlashAttention-3's e4m3 cache: raw values, one descale per (batch, kv head); new e4m3 k/v appended
    as they are; an e4m3 q with its own descale."""
    e4m3 = torch.float8_e4m3fn
    gen = torch.Generator().manual_seed(31 + (page or 0))
    b, sq, hq, hkv, d, s_max, n_new = 2, 3, 4, 2, 32, 128, 5
    kc, vc, table = cache(b, s_max, hkv, d, page, gen)
    kc8, vc8 = kc.to(e4m3), vc.to(e4m3)
    kd, vd, qd = (0.01 + 0.02 * torch.rand(b, hkv, generator=gen) for _ in range(3))
    kn8, vn8 = (torch.randn(b, n_new, hkv, d, generator=gen).to(e4m3) for _ in range(2))
    lens = torch.randint(0, s_max - n_new, (b,), generator=gen).to(torch.int32)
    q = torch.randn(b, sq, hq, d, generator=gen, dtype=DT)
    q_true = q
    kw = {}
    if q_e4m3:
        q = (q / qd.repeat_interleave(hq // hkv, 1)[:, None, :, None]).to(e4m3)
        q_true = (q.float() * qd.repeat_interleave(hq // hkv, 1)[:, None, :, None]).to(DT)
        kw["q_descale"] = qd
    k_raw, v_raw = kc8.clone(), vc8.clone()
    got = flash_attn_with_kvcache(q, kc8, vc8, kn8, vn8, cache_seqlens=lens, block_table=table, causal=True,
                                  k_descale=kd, v_descale=vd, **kw)  # fmt: skip
    for i in range(b):
        n = int(lens[i])
        new_rows = rows(kc8, table, i, i, n, n + n_new)
        assert torch.equal(new_rows.view(torch.uint8), kn8[i].view(torch.uint8))  # appended as they are
        ks = torch.cat([rows(k_raw, table, i, i, 0, n), kn8[i]]).double() * kd[i][None, :, None]
        vs = torch.cat([rows(v_raw, table, i, i, 0, n), vn8[i]]).double() * vd[i][None, :, None]
        keep = keep_mask(sq, n + n_new, True)
        ref, _ = naive(q_true[i], ks, vs, keep, torch.float64)
        plain, _ = naive(q_true[i], ks, vs, keep, DT)
        bound(got[i], plain, ref, f"sequence {i}")


def test_unsupported_arguments_are_named():
    q = torch.randn(1, 3, 2, 16, dtype=DT)
    kc = torch.randn(1, 32, 2, 16, dtype=DT)
    lens = torch.tensor([8], dtype=torch.int32)
    for kwargs, name in (
        ({"rotary_cos": torch.ones(4, 8)}, "rotary_cos"),
        ({"q_descale": torch.ones(1, 2)}, "q_descale"),
        ({"return_softmax_lse": True}, "return_softmax_lse"),
        ({"alibi_slopes": torch.ones(2)}, "alibi_slopes"),
    ):
        with pytest.raises(UnsupportedInputError, match=name):
            flash_attn_with_kvcache(q, kc, kc, cache_seqlens=lens, **kwargs)
    with pytest.raises(UnsupportedInputError, match="head_dim"):  # MLA-style value dim
        flash_attn_with_kvcache(q, kc, torch.randn(1, 32, 2, 32, dtype=DT), cache_seqlens=lens)
    with pytest.raises(UnsupportedInputError, match="cache_leftpad"):
        flash_attn_with_kvcache(
            q, kc, kc, cache_seqlens=lens, cache_leftpad=torch.tensor([9], dtype=torch.int32)
        )
    pk = torch.randn(4, 4, 2, 16, dtype=DT)
    with pytest.raises(UnsupportedInputError, match="cache_batch_idx"):
        table, idx = torch.zeros(1, 4, dtype=torch.int32), torch.zeros(1, dtype=torch.int32)
        flash_attn_with_kvcache(q, pk, pk, cache_seqlens=lens, block_table=table, cache_batch_idx=idx)
    x = torch.randn(6, 2, 16, dtype=DT)
    cu = torch.tensor([0, 6], dtype=torch.int32)
    for kwargs, name in (({"dropout_p": 0.1}, "dropout_p"), ({"attention_chunk": -4}, "attention_chunk"),
                         ({"block_table": torch.zeros(1, 1, dtype=torch.int32)}, "block_table")):  # fmt: skip
        with pytest.raises(UnsupportedInputError, match=name):
            flash_attn_varlen_func(x, x, x, cu, cu, 6, 6, **kwargs)
    with pytest.raises(UnsupportedInputError, match="v's head_dim 40"):
        q192 = torch.randn(1, 6, 2, 192, dtype=DT)
        flash_attn_func(q192, q192, torch.randn(1, 6, 2, 40, dtype=DT))
    with pytest.raises(TypeError):  # FA2 and FA3 order the optional arguments differently: keywords only
        flash_attn_varlen_func(x, x, x, cu, cu, 6, 6, 0.0)
