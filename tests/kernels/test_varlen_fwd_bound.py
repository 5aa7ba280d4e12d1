"""Tier 2: which calls of the packed forward launch bound (``varlen_fwd.bound_launches``), on CPU tensors.

Why: the packed forward's two launches go through Triton's JIT on every call (binding and specialising
some 25 arguments and four TMA descriptors each time); with ``varlen_fwd.BIND`` (2026-11-29, thirty-first
session: an option, off, as it paid host time but nothing by do_bench) a call whose signature repeats
replays them bound. A bound launch fixes every integer, constexpr and the grid,
so its key must hold all that decides them (device, causal flag, configuration, variant, every tensor's
shape, strides and dtype) and nothing the GPU reads per call: the offsets' values are read by the items
kernel every call, so new offsets of the same shape take the same launches (the GPU tier checks their
output bit for bit against the JIT launch's). The cache is bounded.
"""

from __future__ import annotations

import os

os.environ["TRITON_INTERPRET"] = "1"  # like the other tier-2 modules, before any kernel is defined

import torch


def _call(lens: list[int], hq: int = 4, dtype=torch.bfloat16, transposed: bool = False):
    n = sum(lens)
    q, k, v = (torch.randn(n, hq, 128).to(dtype) for _ in range(3))
    if transposed:  # same shape, other strides
        q = q.transpose(0, 1).contiguous().transpose(0, 1)
    o, lse = torch.empty(n, hq, 128, dtype=dtype), torch.empty(hq, n)
    cu = torch.tensor([0, *torch.tensor(lens).cumsum(0).tolist()], dtype=torch.int32)
    return q, k, v, o, lse, cu, cu.clone()


def _key(monkeypatch, args, causal=True, opts=None):
    from gpuaccel.accel.kernels.gluon import varlen_fwd

    cfg = varlen_fwd.packed_fwd_config(128, 1000, causal)
    return varlen_fwd.bound_launches(*args, causal, cfg, varlen_fwd.FWD_OPTS if opts is None else opts)


def test_a_signature_takes_its_own_launches_and_new_offsets_of_its_shape_the_same(monkeypatch):
    from gpuaccel.accel.kernels.gluon import varlen_fwd

    monkeypatch.setattr(varlen_fwd, "_BOUND", {})
    monkeypatch.setattr(varlen_fwd, "BIND", True)  # an option, off as shipped
    first = _key(monkeypatch, _call([300, 129, 1000]))
    assert first == {} and first is not None
    first["items"] = "bound"  # what the first launch stores
    again = _call([1000, 300, 129])  # other offsets, other data, one shape
    assert _key(monkeypatch, again) is first
    others = [
        _key(monkeypatch, _call([300, 129, 1000]), causal=False),
        _key(monkeypatch, _call([300, 129, 1000]), opts="dyn:hg"),
        _key(monkeypatch, _call([300, 129, 1001])),  # other total
        _key(monkeypatch, _call([300, 129, 500, 500])),  # other batch (cu's shape)
        _key(monkeypatch, _call([300, 129, 1000], hq=8)),
        _key(monkeypatch, _call([300, 129, 1000], dtype=torch.float16)),
        _key(monkeypatch, _call([300, 129, 1000], transposed=True)),
    ]
    for i, b in enumerate(others):
        assert b is not None and b is not first and all(b is not c for c in others[:i]), i
    assert len(varlen_fwd._BOUND) == 1 + len(others)


def test_an_unaligned_pointer_or_bind_off_is_not_bound_and_the_cache_stays_bounded(monkeypatch):
    from gpuaccel.accel.kernels.gluon import varlen_fwd

    monkeypatch.setattr(varlen_fwd, "_BOUND", {})
    monkeypatch.setattr(varlen_fwd, "BIND", True)
    q, k, v, o, lse, cu, _ = _call([300, 129, 1000])
    wide = torch.tensor([7, 0, 300, 429, 1429], dtype=torch.int32)
    assert _key(monkeypatch, (q, k, v, o, lse, wide[1:], cu)) is None  # 4 bytes off 16
    monkeypatch.setattr(varlen_fwd, "BIND", False)
    assert _key(monkeypatch, (q, k, v, o, lse, cu, cu)) is None
    monkeypatch.setattr(varlen_fwd, "BIND", True)
    monkeypatch.setattr(varlen_fwd, "BOUND_MAX", 3)
    for n in range(1, 8):  # seven signatures: the cache empties rather than growing past 3
        assert _key(monkeypatch, _call([n, 200])) is not None
        assert len(varlen_fwd._BOUND) <= 3
