"""GPU tier: flash-attn's serving arguments in bf16 on CUDA, held to FlashAttention's standard (at most twice
the error of plain PyTorch in bf16 against float64).

The cases are tests/kernels' (tests/attention_parity.py) on compiled kernels, plus larger ones the
interpreter cannot afford: a 2048-token append with group 6 (chunked prefill), 256 x 1, 64 x 6.
"""

from __future__ import annotations

import json
import os

import pytest
import torch

if not torch.cuda.is_available():
    pytest.skip("needs CUDA", allow_module_level=True)

from attention_parity import (
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

from gpuaccel.accel.kernels.flash_attn_interface import flash_attn_with_kvcache

BF = torch.bfloat16
LARGE = [  # (batch, seq_q, hq, hkv, d, page, causal, window, chunk, n_new)
    (1, 2048, 48, 8, 128, 16, True, (-1, -1), 0, 2048),  # chunked prefill: 2048 x 6
    (2, 256, 8, 8, 128, 1, True, (-1, -1), 0, 256),  # 256 x 1, page size 1
    (4, 64, 24, 4, 64, 4, True, (-1, -1), 0, 8),  # 64 x 6 speculative tokens, pages of 4
    (2, 300, 16, 2, 128, None, True, (-1, -1), 128, 300),  # chunked local attention (Llama-4 style)
]


@pytest.mark.parametrize("case", KV_CASES + LARGE)
def test_kvcache_serving_cases_bf16(case):
    b, sq, hq, hkv, d, page, causal, window, chunk, n_new = case
    gen = torch.Generator().manual_seed(hash(case) % 2**31)
    s_max = max(96, sq + 64)
    kc, vc, table = cache(b, s_max, hkv, d, page, gen, BF)
    kc, vc = kc.cuda(), vc.cuda()
    table = None if table is None else table.cuda()
    lens = torch.randint(max(0, sq - n_new), s_max - n_new, (b,), generator=gen).to(torch.int32)
    q = torch.randn(b, sq, hq, d, generator=gen, dtype=BF).cuda()
    kn = torch.randn(b, n_new, hkv, d, generator=gen, dtype=BF).cuda() if n_new else None
    vn = torch.randn(b, n_new, hkv, d, generator=gen, dtype=BF).cuda() if n_new else None
    kc0, vc0 = kc.clone(), vc.clone()
    got = flash_attn_with_kvcache(q, kc, vc, kn, vn, cache_seqlens=lens.cuda(), block_table=table,
                                  causal=causal, window_size=window, attention_chunk=chunk)  # fmt: skip
    assert not torch.isnan(got).any()
    for i in range(b):
        n = int(lens[i])
        ks, vs = rows(kc0, table, i, i, 0, n), rows(vc0, table, i, i, 0, n)
        if n_new:
            ks, vs = torch.cat([ks, kn[i]]), torch.cat([vs, vn[i]])
        keep = keep_mask(sq, ks.shape[0], causal, window, chunk).cuda()
        ref, _ = naive(q[i], ks, vs, keep, torch.float64)
        plain, _ = naive(q[i], ks, vs, keep, BF)
        bound(got[i], plain, ref, f"case {case} sequence {i}")


@pytest.mark.parametrize("causal", [True, False])
def test_varlen_attention_chunk_bf16_output_and_gradients(causal):
    """Llama-4 style chunks of 128 over packed documents of odd lengths (Nq != Nk in one), GQA 4:1."""
    from gpuaccel.accel.kernels.flash_attn_interface import flash_attn_varlen_func

    gen = torch.Generator().manual_seed(21 + causal)
    lens_q, lens_k, hq, hkv, d, chunk = [1000, 300, 517], [1000, 700, 517], 8, 2, 128, 128
    cu = lambda lens: torch.tensor([0, *torch.tensor(lens).cumsum(0).tolist()], dtype=torch.int32).cuda()
    mk = lambda n, h: torch.randn(n, h, d, generator=gen, dtype=BF).cuda().requires_grad_()
    q, k, v = mk(sum(lens_q), hq), mk(sum(lens_k), hkv), mk(sum(lens_k), hkv)
    do = torch.randn(sum(lens_q), hq, d, generator=gen, dtype=BF).cuda()
    out = flash_attn_varlen_func(q, k, v, cu(lens_q), cu(lens_k), max(lens_q), max(lens_k), causal=causal,
                                 attention_chunk=chunk)  # fmt: skip
    got = (out, *torch.autograd.grad(out, (q, k, v), do))
    ref, plain = (
        packed_parts(q, k, v, do, lens_q, lens_k, t, causal, chunk=chunk) for t in (torch.float64, BF)
    )
    bound_all(got, plain, ref, f"causal={causal}")


@pytest.mark.parametrize("page", [None, 16])
def test_fa3_e4m3_cache_with_descales_bf16(page):
    """FlashAttention-3's e4m3 cache on CUDA: raw e4m3 appends of 37 tokens x group 4, (batch, kv head)
    descales, an e4m3 q; within 2x plain bf16's error of the float64 reference on the true values."""
    e4m3 = torch.float8_e4m3fn
    gen = torch.Generator().manual_seed(41 + (page or 0))
    b, sq, hq, hkv, d, s_max, n_new = 3, 37, 16, 4, 128, 1024, 37
    kc, vc, table = cache(b, s_max, hkv, d, page, gen, BF)
    kc8, vc8 = kc.to(e4m3).cuda(), vc.to(e4m3).cuda()
    table = None if table is None else table.cuda()
    kd, vd, qd = (0.01 + 0.02 * torch.rand(b, hkv, generator=gen).cuda() for _ in range(3))
    kn8, vn8 = (torch.randn(b, n_new, hkv, d, generator=gen).to(e4m3).cuda() for _ in range(2))
    lens = torch.randint(0, s_max - n_new, (b,), generator=gen).to(torch.int32)
    per_q = qd.repeat_interleave(hq // hkv, 1)[:, None, :, None]
    q8 = (torch.randn(b, sq, hq, d, generator=gen).cuda() / per_q).to(e4m3)
    q_true = (q8.float() * per_q).to(BF)
    k_raw, v_raw = kc8.clone(), vc8.clone()
    got = flash_attn_with_kvcache(q8, kc8, vc8, kn8, vn8, cache_seqlens=lens.cuda(), block_table=table,
                                  causal=True, q_descale=qd, k_descale=kd, v_descale=vd)  # fmt: skip
    for i in range(b):
        n = int(lens[i])
        assert torch.equal(rows(kc8, table, i, i, n, n + n_new).view(torch.uint8), kn8[i].view(torch.uint8))
        ks = torch.cat([rows(k_raw, table, i, i, 0, n), kn8[i]]).double() * kd[i][None, :, None]
        vs = torch.cat([rows(v_raw, table, i, i, 0, n), vn8[i]]).double() * vd[i][None, :, None]
        keep = keep_mask(sq, n + n_new, True).cuda()
        ref, _ = naive(q_true[i], ks, vs, keep, torch.float64)
        plain, _ = naive(q_true[i], ks, vs, keep, BF)
        bound(got[i], plain, ref, f"sequence {i}")


@pytest.mark.parametrize(
    "case",
    [  # (batch, seq_q, seq_k, hq, hkv, head_dim q/k, head_dim v, causal)
        (2, 1000, 1000, 16, 16, 192, 128, True),  # DeepSeek-style MLA prefill
        (1, 517, 1300, 8, 2, 192, 128, False),  # GQA 4:1, Nq < Nk
        (1, 700, 300, 4, 1, 128, 64, True),  # MQA, Nq > Nk: rows that see no key
        (1, 333, 333, 4, 4, 64, 256, True),  # v wider than q/k
    ],
)
def test_value_head_dim_bf16_output_and_gradients(case):
    """A value head dim other than the query/key one through flash_attn_func on compiled kernels."""
    nq, d, dv = case[1], case[5], case[6]
    _value_dim_through_flash_attn(case, d + dv + nq, f"{case} flash_attn_func", str(case))


def _value_dim_through_flash_attn(case: tuple, seed: int, label: str, where: str) -> None:
    """flash_attn_func's output and its three gradients at ``case`` (b, nq, nk, hq, hkv, d, dv, causal),
    recorded under ``label`` and each within 2x plain bf16's error against float64."""
    from gpuaccel.accel.kernels.flash_attn_interface import flash_attn_func

    b, nq, nk, hq, hkv, d, dv, causal = case
    gen = torch.Generator().manual_seed(seed)
    mk = lambda n, h, dim: torch.randn(b, n, h, dim, generator=gen, dtype=BF).cuda().requires_grad_()
    q, k, v = mk(nq, hq, d), mk(nk, hkv, d), mk(nk, hkv, dv)
    do = torch.randn(b, nq, hq, dv, generator=gen, dtype=BF).cuda()
    out = flash_attn_func(q, k, v, causal=causal)
    got = (out, *torch.autograd.grad(out, (q, k, v), do))
    keep = keep_mask(nq, nk, causal).cuda()
    ref, plain = (batch_parts(q, k, v, do, keep, t) for t in (torch.float64, BF))
    for name, g, p, r in zip(("out", "dq", "dk", "dv"), got, plain, ref, strict=True):
        _record(f"{label} {name}", g, p, r)
    bound_all(got, plain, ref, where)


PACKED_VALUE_GRAD_CASES = [  # (document lengths, hq, hkv, head_dim q/k, head_dim v, causal)
    ([1000, 300, 517], 16, 4, 192, 128, True),  # MLA-style prefill, GQA 4:1
    ([1, 127, 129, 2049, 63], 8, 8, 192, 128, False),
    ([257, 129, 31], 4, 4, 160, 128, True),  # q/k zero-padded to 192 for the forward
]


@pytest.mark.parametrize("case", PACKED_VALUE_GRAD_CASES)
def test_value_head_dim_packed_bf16_output_and_gradients(case):
    """MLA-style prefill over packed documents through flash_attn_varlen_func (on Hopper the Gluon forward and
    backward at v's own width, q/k at 192 in 64-column chunks): output and gradients."""
    from gpuaccel.accel.kernels.flash_attn_interface import flash_attn_varlen_func

    lens, hq, hkv, d, dv, causal = case
    gen = torch.Generator().manual_seed(d + dv + sum(lens))
    cu = torch.tensor([0, *torch.tensor(lens).cumsum(0).tolist()], dtype=torch.int32).cuda()
    mk = lambda h, dim: torch.randn(sum(lens), h, dim, generator=gen, dtype=BF).cuda().requires_grad_()
    q, k, v = mk(hq, d), mk(hkv, d), mk(hkv, dv)
    do = torch.randn(sum(lens), hq, dv, generator=gen, dtype=BF).cuda()
    out = flash_attn_varlen_func(q, k, v, cu, cu, max(lens), max(lens), causal=causal)
    got = (out, *torch.autograd.grad(out, (q, k, v), do))
    ref, plain = (packed_parts(q, k, v, do, lens, lens, t, causal) for t in (torch.float64, BF))
    for name, g, p, r in zip(("out", "dq", "dk", "dv"), got, plain, ref, strict=True):
        _record(f"packed {case} {name}", g, p, r)
    bound_all(got, plain, ref, f"{d}/{dv} packed {case}")


def _doc_lengths(n: int, lo: int, hi: int, seed: int) -> list[int]:
    gen = torch.Generator().manual_seed(seed)
    return torch.randint(lo, hi + 1, (n,), generator=gen).tolist()


PACKED_VALUE_FWD_CASES = [  # (query lengths, key lengths (None: the same), hq, hkv, head_dim q/k, v, causal)
    ([1, 127, 128, 129, 191, 193, 1000, 2049, 63, 4097], None, 16, 16, 192, 128, False),  # odd lengths
    ([1, 127, 128, 129, 191, 193, 1000, 2049, 63, 4097], None, 16, 16, 192, 128, True),
    ([100, 1000, 129, 1, 700], [900, 64, 129, 300, 700], 8, 2, 192, 128, True),  # GQA 4:1, Nq != Nk both ways
    ([100, 1000, 129, 1, 700], [900, 64, 129, 300, 700], 8, 2, 192, 128, False),
    ([300, 1, 4096, 65, 2000], None, 8, 1, 192, 128, False),  # MQA
    ([300, 1, 4096, 65, 2000], None, 8, 1, 192, 128, True),
    ([0, 200, 5], [77, 0, 300], 4, 2, 192, 128, True),  # empty documents on either side
    (_doc_lengths(40, 1, 600, 40), None, 8, 2, 192, 128, True),  # many documents
    (_doc_lengths(40, 1, 600, 41), None, 8, 2, 192, 128, False),
    ([257, 129, 31], None, 4, 4, 160, 128, True),  # q/k zero-padded to 192
    ([700, 63, 1500], None, 4, 1, 128, 64, True),
    ([300, 700], [700, 300], 4, 2, 128, 64, False),
]


def _packed_forward_parts(q, k, v, lens_q, lens_k, causal, dtype):
    """(o (total_q, H, Dv), lse (H, total_q)) of attention_parity.naive per document, in ``dtype``."""
    outs, lses, a, c = [], [], 0, 0
    for nq, nk in zip(lens_q, lens_k, strict=True):
        keep = keep_mask(nq, nk, causal).to(q.device)
        o, lse = naive(q[a : a + nq], k[c : c + nk], v[c : c + nk], keep, dtype)
        outs.append(o.to(dtype))
        lses.append(lse)
        a, c = a + nq, c + nk
    return torch.cat(outs), torch.cat(lses, dim=1)


def _bound_packed_forward(o, lse, ref, plain, what):
    """Output and lse within 2x plain bf16's error of the float64 reference; rows that see no key give lse
    -inf exactly where the reference's is."""
    (ref_o, ref_lse), (plain_o, plain_lse) = ref, plain
    dead = torch.isinf(ref_lse)
    _record(f"{what} out", o, plain_o, ref_o)
    bound(o, plain_o, ref_o, f"{what} out")
    assert torch.equal(torch.isinf(lse) & (lse < 0), dead), f"{what}: lse -inf rows differ"
    if (~dead).any():
        _record(f"{what} lse", lse[~dead], plain_lse[~dead], ref_lse[~dead])
        bound(lse[~dead], plain_lse[~dead], ref_lse[~dead], f"{what} lse")


# the packed value-dim configuration's options and the other set value_dim_bench.py --packed times beside it
# (ours:p): causal all off (D128's per-warp rescale with key blocks last first shipped), non-causal the
# per-warp rescale (off shipped)
PACKED_ALT = {True: dict(rescale_log2=0.0, rescale_warp=False, diag_first=False),
              False: dict(rescale_log2=8.0, rescale_warp=True)}  # fmt: skip


@pytest.mark.parametrize("case", PACKED_VALUE_FWD_CASES)
def test_value_head_dim_packed_forward_bf16_output_and_lse(case):
    """The packed forward with v's own head dim, as dispatched (on Hopper the Gluon forward at v's width,
    ``HEAD_DIM_V``, where ``tuning.GLUON_VALUE_FWD_DEFAULT`` has the pair: q/k at 192 in 64-column chunks,
    v at 128), replayed from its plan, and the Gluon kernel launched directly into NaN-filled buffers with
    the shipped configuration and the other options: output and lse to FlashAttention's standard."""
    from dataclasses import replace

    from gpuaccel.accel.kernels.flash_attn_interface import flash_attn_varlen_func
    from gpuaccel.accel.kernels.gluon.varlen_fwd import launch_gluon_varlen_fwd, packed_fwd_config
    from gpuaccel.accel.kernels.tuning import configs as tuning
    from gpuaccel.accel.kernels.varlen import attention as varlen

    lens_q, lens_k, hq, hkv, d, dv, causal = case
    lens_k = lens_k or lens_q
    gen = torch.Generator().manual_seed(3 * d + dv + sum(lens_q) + hkv + causal)
    mk = lambda n, h, dim: torch.randn(n, h, dim, generator=gen, dtype=BF).cuda()
    q, k, v = mk(sum(lens_q), hq, d), mk(sum(lens_k), hkv, d), mk(sum(lens_k), hkv, dv)
    cu = lambda lens: torch.tensor([0, *torch.tensor(lens).cumsum(0).tolist()], dtype=torch.int32).cuda()
    cu_q, cu_k = cu(lens_q), cu(lens_k)
    ref, plain = (_packed_forward_parts(q, k, v, lens_q, lens_k, causal, t) for t in (torch.float64, BF))
    run_d = -(-d // 64) * 64
    hopper = torch.cuda.get_device_capability()[0] == 9
    problem = (cu_q, cu_k, max(lens_q), max(lens_k), -1, 0 if causal else -1, d**-0.5, 0.0)
    if hopper and (run_d, dv) in tuning.GLUON_VALUE_FWD_DEFAULT:  # the Gluon forward at v's width
        assert varlen.run_head_dims(q, v, problem) == (run_d, dv)
    for attempt in ("dispatched", "replayed"):  # the second call of one signature runs the kept plan
        o, lse = flash_attn_varlen_func(q, k, v, cu_q, cu_k, max(lens_q), max(lens_k), causal=causal,
                                        return_attn_probs=True)[:2]  # fmt: skip
        _bound_packed_forward(o, lse, ref, plain, f"packed {case} {attempt}")
        if attempt == "dispatched":
            first = o, lse
    assert torch.equal(first[0], o) and torch.equal(first[1], lse)
    if not hopper or (run_d, dv) not in tuning.GLUON_VALUE_DIMS:
        return
    qp, kp = (torch.nn.functional.pad(t, (0, run_d - d)) for t in (q, k))
    shipped = packed_fwd_config(run_d, max(lens_q), causal, dv)
    for name, cfg in (("shipped", shipped), ("alt", replace(shipped, **PACKED_ALT[causal]))):
        og = torch.full((sum(lens_q), hq, dv), float("nan"), device="cuda", dtype=BF)
        lg = torch.full((hq, sum(lens_q)), float("nan"), device="cuda")
        launch_gluon_varlen_fwd(qp, kp, v, og, lg, cu_q, cu_k, max(lens_q), causal, d**-0.5, cfg)
        assert not torch.isnan(og).any() and not torch.isnan(lg).any(), f"{name}: unwritten o or lse"
        _bound_packed_forward(og, lg, ref, plain, f"packed {case} gluon {name} {cfg.label()}")


def test_value_head_dim_packed_seqused_k_bf16():
    """192/128 packed with ``seqused_k`` (FA3's: only the first that many keys of each document's slot take
    part; a document with none gives 0 and lse -inf): output and lse to FlashAttention's standard."""
    from gpuaccel.accel.kernels.varlen.attention import flash_attention_varlen

    lens, used, hq, hkv, d, dv = [500, 300, 777, 64], [400, 0, 777, 1], 8, 2, 192, 128
    gen = torch.Generator().manual_seed(577)
    mk = lambda h, dim: torch.randn(sum(lens), h, dim, generator=gen, dtype=BF).cuda()
    q, k, v = mk(hq, d), mk(hkv, d), mk(hkv, dv)
    cu = torch.tensor([0, *torch.tensor(lens).cumsum(0).tolist()], dtype=torch.int32).cuda()
    seqused = torch.tensor(used, dtype=torch.int32).cuda()
    for causal in (False, True):
        o, lse = flash_attention_varlen(q, k, v, cu, cu, max(lens), max(lens), causal=causal,
                                        seqused_k=seqused, return_lse=True)  # fmt: skip
        # the reference: each document's queries against its used keys (gathered)
        starts = cu[:-1].tolist()
        idx = torch.cat([torch.arange(s, s + u) for s, u in zip(starts, used, strict=True)]).cuda()
        parts = [_packed_forward_parts(q, k[idx], v[idx], lens, used, causal, t) for t in (torch.float64, BF)]
        _bound_packed_forward(o, lse, *parts, f"packed seqused_k {used} causal={causal}")


def _packed_grads(q, k, v, do, cu_q, cu_k, max_q, max_k, causal, **kw):
    """(o, dq, dk, dv) of flash_attention_varlen with autograd on leaves made from ``q``, ``k``, ``v``."""
    from gpuaccel.accel.kernels.varlen.attention import flash_attention_varlen

    leaves = [t.detach().clone().requires_grad_() for t in (q, k, v)]
    o = flash_attention_varlen(*leaves, cu_q, cu_k, max_q, max_k, causal=causal, **kw)
    return (o.detach(), *torch.autograd.grad(o, leaves, do))


def _bound_packed_grads(got, plain, ref, what, names=("out", "dq", "dk", "dv")):
    """Each of ``got`` within 2x plain bf16's maximum error of the float64 reference, recorded."""
    for name, g, p, r in zip(names, got, plain, ref, strict=True):
        _record(f"{what} {name}", g, p, r)
        bound(g, p, r, f"{what} {name}")


@pytest.mark.parametrize("case", PACKED_VALUE_FWD_CASES)
def test_value_head_dim_packed_backward_bf16_gradients(case):
    """The packed backward with v's own head dim, as dispatched (on Hopper, where
    ``tuning.GLUON_BWD_VALUE_DEFAULT`` has a pair the packed Gluon backward builds, 192/128 (160/128 at
    192): the split pair fed per document, q/k in 64-column chunks, v, dO and dV at 128; else the tl.*
    backward), replayed from its plan, and the Gluon launcher called directly into NaN-filled buffers from
    the forward's o and lse: dq, dk, dv within 2x plain bf16's error of the float64 reference, every row
    written; the path as ``varlen.backward_path`` reports it and the plan keeps it."""
    from gpuaccel.accel.kernels.dense import attention
    from gpuaccel.accel.kernels.gluon.varlen_bwd import GLUON_VARLEN_BWD_VALUE_DIMS, launch_gluon_varlen_bwd
    from gpuaccel.accel.kernels.tuning import configs as tuning
    from gpuaccel.accel.kernels.varlen import attention as varlen

    lens_q, lens_k, hq, hkv, d, dv, causal = case
    lens_k = lens_k or lens_q
    gen = torch.Generator().manual_seed(5 * d + dv + sum(lens_q) + hkv + causal)
    mk = lambda n, h, dim: torch.randn(n, h, dim, generator=gen, dtype=BF).cuda()
    q, k, v = mk(sum(lens_q), hq, d), mk(sum(lens_k), hkv, d), mk(sum(lens_k), hkv, dv)
    do = mk(sum(lens_q), hq, dv)
    cu = lambda lens: torch.tensor([0, *torch.tensor(lens).cumsum(0).tolist()], dtype=torch.int32).cuda()
    cu_q, cu_k, mq, mkk = cu(lens_q), cu(lens_k), max(lens_q), max(lens_k)
    ref, plain = (packed_parts(q, k, v, do, lens_q, lens_k, t, causal) for t in (torch.float64, BF))
    run_d = -(-d // 64) * 64
    gluon = torch.cuda.get_device_capability()[0] == 9 and (run_d, dv) in tuple(
        p for p in tuning.GLUON_BWD_VALUE_DEFAULT if p in GLUON_VARLEN_BWD_VALUE_DIMS
    )
    probe = torch.empty(1, hq, run_d, device="cuda", dtype=BF)
    assert varlen.backward_path(probe, -1, 0 if causal else -1, 0.0, dv) == ("gluon" if gluon else "triton")
    attention.forget_plans()
    for attempt in ("dispatched", "replayed"):  # the second call of one signature runs the kept plan
        got = _packed_grads(q, k, v, do, cu_q, cu_k, mq, mkk, causal)
        _bound_packed_grads(got, plain, ref, f"packed {case} backward {attempt}")
        if attempt == "dispatched":
            first = got
    assert all(torch.equal(a, b) for a, b in zip(first, got, strict=True))  # the split pair: bit for bit
    kept = {sig[0]: plan for sig, plan in attention.kept_plans()}
    assert kept["varlen_bwd"][0] == ("gluon" if gluon else "triton"), kept["varlen_bwd"][0]
    if not gluon:
        return
    qp, kp = (torch.nn.functional.pad(t, (0, run_d - d)) for t in (q, k))
    problem = (cu_q, cu_k, mq, mkk, -1, 0 if causal else -1, d**-0.5, 0.0)
    o, lse = varlen.varlen_forward(qp, kp, v, problem)
    out = tuple(torch.full(t.shape, float("nan"), device="cuda", dtype=BF) for t in (qp, kp, v))
    dq, dk, dv_ = launch_gluon_varlen_bwd(do, qp, kp, v, o, lse, cu_q, cu_k, causal, d**-0.5, out=out)
    what = f"packed {case} gluon {run_d}/{dv} {tuning.gluon_bwd_config(run_d, dv).label()}"
    assert not any(torch.isnan(t).any() for t in (dq, dk, dv_)), f"{what}: unwritten gradient rows"
    _bound_packed_grads((dq[..., :d], dk[..., :d], dv_), plain[1:], ref[1:], what, ("dq", "dk", "dv"))
    if d < run_d:
        assert dq[..., d:].abs().max().item() == 0 and dk[..., d:].abs().max().item() == 0, f"{what}: padding"


def test_value_head_dim_packed_seqused_k_bf16_gradients():
    """192/128 packed with ``seqused_k`` and gradients (the used keys gathered into a pack of their own, the
    Gluon backward on it on Hopper; a document with no used key, keys past the used ones get 0): output and
    dq, dk, dv to FlashAttention's standard."""
    lens, used, hq, hkv, d, dv = [500, 300, 777, 64], [400, 0, 777, 1], 8, 2, 192, 128
    gen = torch.Generator().manual_seed(578)
    mk = lambda h, dim: torch.randn(sum(lens), h, dim, generator=gen, dtype=BF).cuda()
    q, k, v, do = mk(hq, d), mk(hkv, d), mk(hkv, dv), mk(hq, dv)
    cu = torch.tensor([0, *torch.tensor(lens).cumsum(0).tolist()], dtype=torch.int32).cuda()
    seqused = torch.tensor(used, dtype=torch.int32).cuda()
    idx = torch.cat([torch.arange(s, s + u) for s, u in zip(cu[:-1].tolist(), used, strict=True)]).cuda()
    for causal in (False, True):
        got = _packed_grads(q, k, v, do, cu, cu, max(lens), max(lens), causal, seqused_k=seqused)
        parts = []
        for t in (torch.float64, BF):  # each document's queries against its used keys (gathered)
            o, dq, dk_used, dv_used = packed_parts(q, k[idx], v[idx], do, lens, used, t, causal)
            dk_all, dv_all = (torch.zeros(x.shape, dtype=t, device="cuda") for x in (k, v))
            parts.append((o, dq, dk_all.index_copy(0, idx, dk_used), dv_all.index_copy(0, idx, dv_used)))
        _bound_packed_grads(got, parts[1], parts[0], f"packed seqused_k {used} causal={causal} backward")


VALUE_FWD_CASES = [  # (batch, seq_q, seq_k, hq, hkv, head_dim q/k, head_dim v, causal)
    (2, 1000, 1000, 16, 16, 192, 128, True),
    (2, 1000, 1000, 16, 16, 192, 128, False),
    (1, 517, 1300, 8, 2, 192, 128, True),  # GQA 4:1, Nq < Nk
    (1, 1300, 517, 8, 1, 192, 128, True),  # MQA, Nq > Nk: rows that see no key (lse -inf)
    (1, 1300, 517, 8, 1, 192, 128, False),
    (3, 333, 333, 4, 4, 192, 128, False),
    (1, 4096, 4096, 8, 2, 192, 128, True),  # more tiles than SMs: the persistent walk, a tile's Q reused
    (1, 4096, 3000, 8, 8, 192, 128, False),
    (1, 257, 129, 4, 4, 160, 128, True),  # q/k zero-padded to 192 (not 256), v 128
    (1, 700, 300, 4, 1, 128, 64, True),
    (1, 300, 700, 4, 2, 128, 64, False),
]


def _forward_parts(q, k, v, causal, dtype):
    """(o, lse) of attention_parity.naive over [B, H, N, D] tensors, computed in ``dtype``."""
    keep = keep_mask(q.shape[2], k.shape[2], causal).to(q.device)
    outs, lses = [], []
    for i in range(q.shape[0]):
        o, lse = naive(q[i].transpose(0, 1), k[i].transpose(0, 1), v[i].transpose(0, 1), keep, dtype)
        outs.append(o.transpose(0, 1))
        lses.append(lse)
    return torch.stack(outs), torch.stack(lses)


def _record(what, got, plain, ref):
    """With VALUE_DIM_ERRORS set (a file), append the maximum errors against the float64 reference, ours
    and plain bf16's, as a JSON line: the numbers behind the bound (benchmarks/value_dim_device.sh)."""
    path = os.environ.get("VALUE_DIM_ERRORS")
    if path:
        err = (got.double() - ref).abs().max().item()
        base = (plain.double() - ref).abs().max().item()
        with open(path, "a") as f:
            f.write(json.dumps({"what": what, "err": err, "plain_err": base, "ratio": err / base}) + "\n")


def _bound_forward(o, lse, q, k, v, causal, what):
    """Output and lse within 2x plain bf16's error of the float64 reference; rows that see no key give
    lse -inf exactly where the reference's is."""
    ref_o, ref_lse = _forward_parts(q, k, v, causal, torch.float64)
    plain_o, plain_lse = _forward_parts(q, k, v, causal, BF)
    dead = torch.isinf(ref_lse)
    _record(f"{what} out", o, plain_o, ref_o)
    _record(f"{what} lse", lse[~dead], plain_lse[~dead], ref_lse[~dead])
    bound(o, plain_o, ref_o, f"{what} out")
    assert torch.equal(torch.isinf(lse) & (lse < 0), dead), f"{what}: lse -inf rows differ"
    bound(lse[~dead], plain_lse[~dead], ref_lse[~dead], f"{what} lse")


@pytest.mark.parametrize("case", VALUE_FWD_CASES)
def test_value_head_dim_forward_bf16_output_and_lse(case):
    """The dense forward with v's own head dim, as dispatched (the Gluon kernel's ``HEAD_DIM_V`` where
    ``tuning.GLUON_VALUE_FWD_DEFAULT`` has the pair), and the Gluon kernel itself at every pair it is built
    for (``tuning.GLUON_FWD_VALUE_CONFIGS``), held to FlashAttention's standard on output and lse."""
    from gpuaccel.accel.kernels.dense import attention
    from gpuaccel.accel.kernels.gluon.fwd import launch_gluon_fwd
    from gpuaccel.accel.kernels.tuning import configs as tuning

    b, nq, nk, hq, hkv, d, dv, causal = case
    gen = torch.Generator().manual_seed(7 * d + dv + nq + nk)
    mk = lambda n, h, dim: torch.randn(b, h, n, dim, generator=gen, dtype=BF).cuda()
    q, k, v = mk(nq, hq, d), mk(nk, hkv, d), mk(nk, hkv, dv)
    scale = d**-0.5
    attention.forget_plans()
    o, lse = attention.flash_attention_forward(q, k, v, causal, scale)
    _bound_forward(o, lse, q, k, v, causal, f"{case} dispatched")
    again, lse_again = attention.flash_attention_forward(q, k, v, causal, scale)  # the kept plan's replay
    assert torch.equal(again, o) and torch.equal(lse_again, lse)
    run_d = -(-d // 64) * 64
    if torch.cuda.get_device_capability()[0] == 9 and (run_d, dv) in tuning.GLUON_VALUE_DIMS:
        qp, kp = (torch.nn.functional.pad(t, (0, run_d - d)) for t in (q, k))
        shipped = tuning.gluon_fwd_config(run_d, nq, nk, causal, head_dim_v=dv)
        # the pair's configuration and the others timed beside it (value_dim_bench's variants)
        variants = tuning.GLUON_FWD_VALUE_VARIANTS.get((run_d, dv), [])
        for name, cfg in [("shipped", shipped), *((f"v{i}", tuning.value_fwd_config(c, causal))
                                                   for i, c in enumerate(variants))]:  # fmt: skip
            og = torch.full((b, hq, nq, dv), float("nan"), device="cuda", dtype=BF)
            lg = torch.full((b, hq, nq), float("nan"), device="cuda")
            launch_gluon_fwd(qp, kp, v, og, lg, causal, scale, cfg)
            assert not torch.isnan(og).any() and not torch.isnan(lg).any(), f"{name}: unwritten o or lse"
            _bound_forward(og, lg, q, k, v, causal, f"{case} gluon {name} {cfg.label()}")


def test_value_head_dim_new_forward_then_padded_backward_bf16():
    """The forward at v's own width (o and lse) feeds the backward (v at 128, q/k at 192 or padded to 256 as
    ``tuning.GLUON_BWD_VALUE_DEFAULT`` has it, else both padded to 256): output and gradients within 2x plain
    bf16's error (GQA 2:1, Nq != Nk, causal)."""
    label = "192/128 new forward, padded backward"
    _value_dim_through_flash_attn((1, 900, 1200, 8, 4, 192, 128, True), 1921, label, label)


VALUE_BWD_CASES = [  # (batch, seq_q, seq_k, hq, hkv, head_dim q/k, head_dim v, causal)
    (2, 1000, 1000, 16, 16, 192, 128, True),
    (2, 1000, 1000, 16, 16, 192, 128, False),
    (1, 517, 1300, 8, 2, 192, 128, True),  # GQA 4:1, Nq < Nk
    (1, 517, 1300, 8, 2, 192, 128, False),
    (1, 1300, 517, 8, 1, 192, 128, True),  # MQA, Nq > Nk: rows that see no key
    (1, 1300, 517, 8, 1, 192, 128, False),
    (3, 333, 333, 4, 4, 192, 128, False),
    (1, 4096, 3000, 8, 2, 192, 128, True),
    (1, 257, 129, 4, 4, 160, 128, True),  # q/k zero-padded to 256, v 128
    (1, 700, 300, 4, 1, 256, 128, False),  # q/k 256 as they are
]


@pytest.mark.parametrize("case", VALUE_BWD_CASES)
def test_value_head_dim_backward_bf16_gradients(case):
    """The dense backward with v's own head dim, as dispatched (on Hopper, where
    ``tuning.GLUON_BWD_VALUE_DEFAULT`` has the pair: v, dO and o at 128, the by-gradient dK/dV kernel at
    ``HEAD_DIM_V`` 128 with q/k at 192 in chunks (192/128) or zero-padded to 256 (256/128), the Gluon dQ at
    192 in chunks or the tl.* one at 256), from the forward's o and lse, and those kernels launched directly
    at each pair into NaN-poisoned buffers (the shipped configuration, its variants, and at 192/128 the
    route before the Gluon dQ, ``tuning.GLUON_BWD_VALUE_DQ_PADDED``): dq, dk, dv within 2x plain bf16's
    error of the float64 reference."""
    from gpuaccel.accel.kernels.dense import attention
    from gpuaccel.accel.kernels.gluon.bwd import launch_gluon_bwd
    from gpuaccel.accel.kernels.tuning import configs as tuning

    b, nq, nk, hq, hkv, d, dv, causal = case
    gen = torch.Generator().manual_seed(11 * d + dv + nq + nk + causal)
    mk = lambda n, h, dim: torch.randn(b, n, h, dim, generator=gen, dtype=BF).cuda()
    q, k, v = mk(nq, hq, d), mk(nk, hkv, d), mk(nk, hkv, dv)
    do = mk(nq, hq, dv)
    keep = keep_mask(nq, nk, causal).cuda()
    leaf = [t.clone().requires_grad_() for t in (q, k, v)]
    ref, plain = (batch_parts(*leaf, do, keep, t) for t in (torch.float64, BF))
    qh, kh, vh, doh = (t.transpose(1, 2) for t in (q, k, v, do))  # [B, H, N, D] views
    scale = d**-0.5
    attention.forget_plans()
    o, lse = attention.flash_attention_forward(qh, kh, vh, causal, scale)
    for attempt in ("dispatched", "replayed"):  # the second call of one signature runs the kept plan
        grads = attention.flash_attention_backward(doh, qh, kh, vh, o, lse, causal, scale)
        got = (o.transpose(1, 2), *(g.transpose(1, 2) for g in grads))
        for name, g, p, r in zip(("out", "dq", "dk", "dv"), got, plain, ref, strict=True):
            _record(f"{case} backward {attempt} {name}", g, p, r)
        bound_all(got, plain, ref, f"{case} backward {attempt}")
    if torch.cuda.get_device_capability()[0] != 9:
        return
    for run_d in (192, 256):  # q/k at 192 in chunks, and padded to 256
        if (run_d, dv) not in tuning.GLUON_BWD_VALUE_DIMS or run_d < d:
            continue
        qp, kp = (torch.nn.functional.pad(t, (0, run_d - d)) for t in (qh, kh))
        shipped = tuning.gluon_bwd_config(run_d, dv)
        variants = tuning.GLUON_BWD_VALUE_VARIANTS.get((run_d, dv), [])  # value_dim_bench's ours:bI
        before = tuning.GLUON_BWD_VALUE_DQ_PADDED.get((run_d, dv))  # value_dim_bench's ours_dq_q256
        for cfg in (shipped, *variants, *([before] if before else [])):
            out = tuple(torch.full(t.shape, float("nan"), device="cuda", dtype=BF) for t in (qp, kp, vh))
            dq, dk, dv_ = launch_gluon_bwd(doh, qp, kp, vh, o, lse, causal, scale, cfg, out=out, fused=False)
            what = f"{case} gluon {run_d}/{dv} {cfg.label()}"
            assert not any(torch.isnan(t).any() for t in (dq, dk, dv_)), f"{what}: unwritten gradient rows"
            got = (o.transpose(1, 2), *(t[..., :w].transpose(1, 2) for t, w in ((dq, d), (dk, d), (dv_, dv))))
            for name, g, p, r in zip(("dq", "dk", "dv"), got[1:], plain[1:], ref[1:], strict=True):
                _record(f"{what} {name}", g, p, r)
            bound_all(got, plain, ref, what)
            if d < run_d:
                padded = max(dq[..., d:].abs().max().item(), dk[..., d:].abs().max().item())
                assert padded == 0, f"{what}: padded columns"
