"""GPU tier: the Gluon (Hopper) forward over packed documents against the fp32 reference.

Outputs are written into NaN-filled buffers, so a tile the kernel never stores shows as NaN; the documents
sit next to each other, so a box reading into its neighbour and using those rows shows as error.
"""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
import torch

if not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9:
    pytest.skip("needs a Hopper (sm_90) GPU", allow_module_level=True)

from gpuaccel.accel.kernels import UnsupportedInputError, reference
from gpuaccel.accel.kernels.bench.attention import plain_attention
from gpuaccel.accel.kernels.dense.attention import PATH_ENV
from gpuaccel.accel.kernels.dense.launchers import PLANNED
from gpuaccel.accel.kernels.gluon.varlen_fwd import PACKED_OFF, launch_gluon_varlen_fwd, packed_fwd_config
from gpuaccel.accel.kernels.tuning.configs import GluonFwdConfig
from gpuaccel.accel.kernels.varlen.attention import flash_attention_varlen, forward_path

TOL = 1e-2  # relative L2 of o (bf16 / fp16 rounding of the output)


def _cu(lens: list[int]) -> torch.Tensor:
    return torch.tensor([0, *torch.tensor(lens).cumsum(0).tolist()], dtype=torch.int32, device="cuda")


CASES = [  # query lengths, key lengths (None: the same), Hq, Hkv, causal, dtype, head_dim, config
    ([1, 127, 128, 129, 8192], None, 16, 4, True, torch.bfloat16, 128, None),
    ([1, 127, 128, 129, 8192], None, 16, 4, False, torch.bfloat16, 128, None),
    ([300, 1, 4096, 65, 2000], None, 8, 8, True, torch.float16, 128, None),
    ([100, 1000, 129, 1], [900, 64, 129, 300], 8, 2, True, torch.bfloat16, 128, None),  # Nq != Nk
    ([100, 1000, 129, 1], [900, 64, 129, 300], 8, 1, False, torch.float16, 128, None),
    ([0, 200, 5], [77, 0, 300], 4, 2, True, torch.bfloat16, 128, None),  # empty documents on either side
    ([1, 191, 192, 193, 3000], None, 8, 2, True, torch.bfloat16, 64, None),  # D64, 3 consumers (192 rows)
    ([1, 191, 192, 193, 3000], None, 8, 2, False, torch.bfloat16, 64, GluonFwdConfig(128, 2, 2)),
    ([700, 63, 1500], None, 4, 4, True, torch.bfloat16, 256, None),
]


@pytest.mark.parametrize("lens_q,lens_k,hq,hkv,causal,dtype,d,cfg", CASES)
def test_forward_matches_reference(lens_q, lens_k, hq, hkv, causal, dtype, d, cfg):
    lens_k = lens_k or lens_q
    gen = torch.Generator(device="cuda").manual_seed(sum(lens_q) + hq + d)
    cu_q, cu_k = _cu(lens_q), _cu(lens_k)
    nq, nk = sum(lens_q), sum(lens_k)
    q = torch.randn(nq, hq, d, device="cuda", dtype=dtype, generator=gen)
    k, v = (torch.randn(nk, hkv, d, device="cuda", dtype=dtype, generator=gen) for _ in range(2))
    scale = 1 / math.sqrt(d)
    o = torch.full_like(q, float("nan"))
    lse = torch.full((hq, nq), float("nan"), device="cuda")
    launch_gluon_varlen_fwd(q, k, v, o, lse, cu_q, cu_k, max(lens_q), causal, scale, cfg)
    torch.cuda.synchronize()
    ro, rlse = reference.flash_attention_varlen(
        q.float(), k.float(), v.float(), cu_q, cu_k, max(lens_q), max(lens_k), causal=causal,
        softmax_scale=scale, return_lse=True,
    )  # fmt: skip
    assert not torch.isnan(o).any(), "NaN in o: a tile was never written"
    assert not torch.isnan(lse).any(), "NaN in lse: a row's statistics were never written"
    err = ((o.float() - ro).norm() / ro.norm().clamp_min(1e-6)).item()
    assert err < TOL, f"o relative L2 {err:.3g}"
    seen = torch.isfinite(rlse)  # rows that see no key: -inf in both
    assert torch.equal(seen, torch.isfinite(lse))
    assert torch.allclose(lse[seen], rlse[seen], atol=2e-3, rtol=0)


def test_entry_point_takes_the_gluon_forward_and_agrees_with_tl(monkeypatch):
    lens = [700, 63, 2000, 129]
    cu = _cu(lens)
    gen = torch.Generator(device="cuda").manual_seed(3)
    q, k, v = (
        torch.randn(sum(lens), 8, 128, device="cuda", dtype=torch.bfloat16, generator=gen) for _ in range(3)
    )
    assert forward_path(q, -1, 0) == "gluon"
    gluon, glse = flash_attention_varlen(q, k, v, cu, cu, max(lens), max(lens), causal=True, return_lse=True)
    monkeypatch.setenv(PATH_ENV, "triton")
    assert forward_path(q, -1, 0) == "triton"
    tl, tlse = flash_attention_varlen(q, k, v, cu, cu, max(lens), max(lens), causal=True, return_lse=True)
    assert ((gluon.float() - tl.float()).norm() / tl.float().norm()).item() < TOL
    assert torch.allclose(glse, tlse, atol=2e-3, rtol=0)


def test_windows_softcap_and_other_head_dims_keep_the_tl_forward(monkeypatch):
    q = torch.empty(10, 4, 128, device="cuda", dtype=torch.bfloat16)
    assert forward_path(q, 64, 0) == "triton"
    assert forward_path(q, -1, -1, softcap=30.0) == "triton"
    assert forward_path(q[..., :32], -1, 0) == "triton"
    monkeypatch.setenv(PATH_ENV, "gluon")
    with pytest.raises(UnsupportedInputError, match="window or soft-capping"):
        forward_path(q, 64, 0)
    with pytest.raises(UnsupportedInputError, match="head_dim"):
        forward_path(q[..., :32], -1, 0)


# the dense configuration's options the packed kernel builds (varlen_fwd.packed_fwd_config), and causal
OPTIONS = [  # (the options, causal, head dim)
    (dict(rescale_log2=8.0), True, 128),
    (dict(rescale_log2=8.0, rescale_warp=True), True, 128),
    (dict(diag_first=True), True, 128),
    (dict(first_full=True), True, 128),
    (dict(rescale_log2=8.0, diag_first=True), True, 128),
    (dict(rescale_log2=8.0, rescale_warp=True, diag_first=True), True, 128),
    (dict(rescale_log2=8.0), False, 128),
    (dict(rescale_log2=8.0, rescale_warp=True), False, 128),
    (dict(first_full=True), False, 128),
    (dict(rescale_log2=8.0, rescale_warp=True, diag_first=True), True, 64),
]


def _ramp(lens: list[int], hq: int, hkv: int, d: int, pattern: str, seed: int):
    """bf16 q, k, v whose rows' maxima grow late in each document (``bench.attention.rescale_inputs`` along
    each document's keys): q[..., 0] = 8, k[..., 0] 0 then 10 from the document's middle key ("jump") or
    0 -> 12 linearly ("creep"): some 10 log2 units, past a threshold of 8 mid-row or only in all."""
    gen = torch.Generator(device="cuda").manual_seed(seed)
    n = sum(lens)
    q = torch.randn(n, hq, d, device="cuda", generator=gen)
    k, v = (torch.randn(n, hkv, d, device="cuda", generator=gen) for _ in range(2))
    at = torch.cat([torch.arange(m, device="cuda", dtype=torch.float32) for m in lens])
    size = torch.cat([torch.full((m,), float(m), device="cuda") for m in lens])
    k[:, :, 0] = (
        (at >= size // 2).float() * 10.0 if pattern == "jump" else at / (size - 1).clamp_min(1) * 12.0
    )[:, None]
    q[:, :, 0] = 8.0
    return q.bfloat16(), k.bfloat16(), v.bfloat16()


@pytest.mark.parametrize("pattern", ["jump", "creep"])
@pytest.mark.parametrize(
    "fields,causal,d", OPTIONS, ids=[",".join(f) + ("-causal" if c else "") + f"-d{d}" for f, c, d in OPTIONS]
)
def test_options_on_maxima_that_grow_late(fields, causal, d, pattern):
    """Each option against the fp32 reference where every row's max grows by ~10 log2 units late in its
    document (conditional rescaling must catch a stale max up): max error at most 2x plain PyTorch's in bf16
    (per document), lse within 2e-3; and the build differs from the one without it (the option reached the
    kernel: a stale max or another block order rounds differently)."""
    lens, hq, hkv = [1500, 129, 2048, 1, 700], 8, 2
    q, k, v = _ramp(lens, hq, hkv, d, pattern, seed=len(fields) + 7 * causal + len(pattern))
    cu = _cu(lens)
    scale = 1 / math.sqrt(d)

    def run(cfg):
        o = torch.full_like(q, float("nan"))
        lse = torch.full((hq, q.shape[0]), float("nan"), device="cuda")
        launch_gluon_varlen_fwd(q, k, v, o, lse, cu, cu, max(lens), causal, scale, cfg)
        torch.cuda.synchronize()
        return o, lse

    base = replace(packed_fwd_config(d, max(lens), causal), **PACKED_OFF)
    o, lse = run(replace(base, **fields))
    o_off, _ = run(base)
    ro, rlse = reference.flash_attention_varlen(
        q.float(), k.float(), v.float(), cu, cu, max(lens), max(lens), causal=causal, softmax_scale=scale,
        return_lse=True,
    )  # fmt: skip
    plain, start = [], 0
    for n in lens:
        to4 = lambda t: t[start : start + n].transpose(0, 1).unsqueeze(0)  # noqa: B023
        plain.append(plain_attention(to4(q), to4(k), to4(v), causal, scale)[0].transpose(0, 1))
        start += n
    bar = (torch.cat(plain).float() - ro).abs().max().item()
    assert not torch.isnan(o).any() and not torch.isnan(lse).any()
    err = (o.float() - ro).abs().max().item()
    assert err <= 2 * bar + 1e-6, f"o max error {err:.4g} against plain PyTorch's {bar:.4g}"
    assert ((o.float() - ro).norm() / ro.norm()).item() < TOL
    assert torch.allclose(lse, rlse, atol=2e-3, rtol=0)
    assert not torch.equal(o, o_off), "the option did not change the build"


@pytest.mark.parametrize("causal", [True, False])
def test_a_repeated_signature_launches_bound_and_gives_the_jit_launch_bit_for_bit(causal):
    """Calls that repeat a signature launch the items and forward kernels bound (the packed call's plan
    hands the launcher one ``bound`` dict per signature); other offsets of the same shape and other data
    must give exactly the output and lse the JIT launch gives (the bound launch fixes no offset: the
    items kernel reads them every call)."""
    packs = ([700, 63, 2000, 129], [129, 2000, 63, 700], [1, 1, 2889, 1])  # one shape, other offsets
    outs = {}
    bound: dict = {}
    for bind in (True, False):
        for i, lens in enumerate(packs):
            gen = torch.Generator(device="cuda").manual_seed(40 + i)
            q, k, v = (
                torch.randn(sum(lens), 8, 128, device="cuda", dtype=torch.bfloat16, generator=gen)
                for _ in range(3)
            )
            o = torch.full_like(q, float("nan"))
            lse = torch.full((8, sum(lens)), float("nan"), device="cuda")
            cfg = packed_fwd_config(128, max(lens), causal)
            launch_gluon_varlen_fwd(q, k, v, o, lse, _cu(lens), _cu(lens), max(lens), causal, 128**-0.5, cfg,
                                    bound=bound if bind else None)  # fmt: skip
            outs[bind, i] = o, lse
    assert set(bound) == {"items", "gluon_varlen_fwd", PLANNED}, "the repeated signature was not bound"
    for i in range(len(packs)):
        assert not torch.isnan(outs[True, i][0]).any()
        assert torch.equal(outs[True, i][0], outs[False, i][0]), f"pack {i}: o differs from the JIT launch's"
        assert torch.equal(outs[True, i][1], outs[False, i][1]), f"pack {i}: lse differs"
