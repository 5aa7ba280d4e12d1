"""Tier 2: the Triton attention kernels under TRITON_INTERPRET=1 on CPU, small shapes, fp32/fp16.

The interpreter must be on before the kernels are defined; accel.kernels defines them lazily (only when
a kernel function is first used), so setting the variable here, before that import, is enough.
"""

from __future__ import annotations

import os
import subprocess
import sys

_ALREADY_INTERPRETED = os.environ.get("TRITON_INTERPRET") == "1"  # e.g. set by another tier-2 module
os.environ["TRITON_INTERPRET"] = "1"

import pytest  # noqa: E402
import torch  # noqa: E402

pytest.importorskip("triton")

from gpuaccel.accel.kernels import reference  # noqa: E402
from gpuaccel.accel.kernels.checks import UnsupportedInputError  # noqa: E402

_defined = "gpuaccel.accel.kernels.dense.flash_fwd" in sys.modules
if _defined and not _ALREADY_INTERPRETED and not torch.cuda.is_available():
    pytest.skip("kernels were defined before TRITON_INTERPRET was set", allow_module_level=True)

from gpuaccel.accel.kernels.dense import attention, entry  # noqa: E402
from gpuaccel.accel.kernels.tuning import configs as tuning  # noqa: E402


def _inputs(b, hq, hkv, nq, nk, d, dtype=torch.float32, seed=0):
    g = torch.Generator().manual_seed(seed)
    mk = lambda *s: torch.randn(*s, generator=g).to(dtype).requires_grad_()
    return mk(b, hq, nq, d), mk(b, hkv, nk, d), mk(b, hkv, nk, d)


def _compare(q, k, v, causal, atol):
    o, lse = entry.flash_attention(q, k, v, causal=causal, return_lse=True)
    do = torch.randn(o.shape, generator=torch.Generator().manual_seed(1)).to(o.dtype)
    grads = torch.autograd.grad(o, (q, k, v), do)
    qf, kf, vf = (t.detach().float().requires_grad_() for t in (q, k, v))
    ro, rl = reference.flash_attention(qf, kf, vf, causal=causal, return_lse=True)
    rgrads = torch.autograd.grad(ro, (qf, kf, vf), do.float())
    torch.testing.assert_close(o.float(), ro, atol=atol, rtol=atol)
    fin = torch.isfinite(rl)
    torch.testing.assert_close(lse[fin], rl[fin], atol=atol, rtol=atol)
    assert torch.equal(torch.isinf(lse), torch.isinf(rl)) and bool((lse[~fin] < 0).all())
    for name, g, r in zip(("dq", "dk", "dv"), grads, rgrads, strict=False):
        torch.testing.assert_close(g.float(), r, atol=atol, rtol=atol, msg=lambda m, n=name: f"{n}: {m}")


CASES = [  # b, hq, hkv, nq, nk, d, causal
    pytest.param(1, 2, 2, 40, 40, 32, False, id="ragged-mha"),
    pytest.param(1, 2, 2, 64, 64, 16, True, id="causal-d16"),
    pytest.param(2, 4, 2, 45, 70, 64, True, id="gqa-causal-nq<nk"),
    pytest.param(1, 3, 1, 70, 33, 32, True, id="mqa-causal-nq>nk-empty-rows"),
    pytest.param(1, 2, 1, 50, 90, 32, False, id="gqa-nq<nk"),
]


@pytest.mark.parametrize("b,hq,hkv,nq,nk,d,causal", CASES)
def test_matches_reference_fp32(b, hq, hkv, nq, nk, d, causal):
    _compare(*_inputs(b, hq, hkv, nq, nk, d), causal, atol=2e-4)


def test_fp16_and_padded_head_dim():
    _compare(*_inputs(1, 2, 1, 33, 48, 48, torch.float16), True, atol=1e-2)


@pytest.mark.parametrize(
    "cfg,nq",
    [
        (tuning.BwdConfig(16, 32, 4, 1, "split", 32, 16, 4, 1), 50),
        (tuning.BwdConfig(16, 32, 4, 1, "atomic", 32, 16, 4, 1), 50),
        # dQ writes the row statistics: its blocks end at 80, dK/dV's 64-row steps read up to 128
        (tuning.BwdConfig(64, 32, 4, 1, "split", 16, 16, 4, 1), 70),
    ],
    ids=["split", "atomic", "split-stats-padding"],
)
def test_dq_strategies(cfg, nq):
    tuning.force("bwd", cfg)
    try:
        _compare(*_inputs(1, 2, 1, nq, 37, 32, seed=3), True, atol=2e-4)
    finally:
        tuning.force("bwd", None)


def test_blockwise_backward_with_final_o_and_lse():
    """Ring use: the backward of one key block, given the output and lse over all keys, is exact."""
    q, k, v = (t.detach() for t in _inputs(1, 2, 2, 40, 80, 32, seed=5))
    o, lse = reference.flash_attention_forward(q, k, v, False, 0.2)
    do = torch.randn_like(o)
    kb, vb = k[:, :, 40:].contiguous(), v[:, :, 40:].contiguous()
    got = attention.flash_attention_backward(do, q, kb, vb, o, lse, False, 0.2)
    want = reference.flash_attention_backward(do, q, kb, vb, o, lse, False, 0.2)
    for g, w in zip(got, want, strict=False):
        torch.testing.assert_close(g, w, atol=2e-4, rtol=2e-4)
    of, lf = attention.flash_attention_forward(q, kb, vb, False, 0.2)
    ro, rl = reference.flash_attention_forward(q, kb, vb, False, 0.2)
    torch.testing.assert_close(of, ro, atol=2e-4, rtol=2e-4)
    torch.testing.assert_close(lf, rl, atol=2e-4, rtol=2e-4)


@pytest.mark.parametrize(
    "shapes,dtype,match",
    [
        (((1, 2, 8, 32), (1, 2, 8, 32)), torch.bfloat16, "supported dtypes: float16, float32"),
        (((1, 2, 8, 20), (1, 2, 8, 20)), torch.float32, "multiples of 16 from 16 to 256"),
        (((1, 2, 8, 512), (1, 2, 8, 512)), torch.float32, "multiples of 16 from 16 to 256"),
        (((1, 3, 8, 32), (1, 2, 8, 32)), torch.float32, "multiple of key/value heads"),
        (((2, 8, 32), (2, 8, 32)), torch.float32, "4-D"),
    ],
)
def test_bad_inputs_name_what_is_supported(shapes, dtype, match):
    qs, ks = shapes
    q, k = torch.randn(qs, dtype=dtype), torch.randn(ks, dtype=dtype)
    with pytest.raises(UnsupportedInputError, match=match):
        entry.flash_attention(q, k, k.clone())


def test_bad_scale():
    q = torch.randn(1, 1, 8, 16)
    with pytest.raises(UnsupportedInputError, match="softmax_scale"):
        entry.flash_attention(q, q, q, softmax_scale=-1.0)


@pytest.mark.parametrize("scale", [None, -0.5, float("nan"), "x"])
def test_blockwise_entry_points_check_their_scale(scale, monkeypatch, fresh_plans):
    """The blockwise forward/backward take the scale explicitly: a missing or bad one is named on the first
    call of a signature, not a TypeError from a launcher or a silently negated softmax."""
    attention.forget_plans()  # a planned signature skips the checks
    q = torch.randn(1, 2, 16, 16)
    with pytest.raises(UnsupportedInputError, match="scale must be a positive finite number"):
        attention.flash_attention_forward(q, q, q, False, scale)
    o, lse = attention.flash_attention_forward(q, q, q, False, 0.25)
    with pytest.raises(UnsupportedInputError, match="scale must be a positive finite number"):
        attention.flash_attention_backward(torch.randn_like(q), q, q, q, o, lse, False, scale)


def test_blockwise_backward_names_bad_do_o_lse():
    q = torch.randn(1, 2, 16, 16)
    o, lse = attention.flash_attention_forward(q, q, q, False, 0.25)
    do = torch.randn_like(q)
    bad = [
        ((do[:, :, :8], o, lse), r"do must have shape \(1, 2, 16, 16\)"),
        ((do, None, lse), "o must be a torch.Tensor, got NoneType"),
        ((do, o, lse[0]), r"lse must have shape \(1, 2, 16\)"),
        ((do, o, lse.long()), "lse must have .*floating-point dtype .* got torch.int64"),
    ]
    for (d, oo, ll), match in bad:
        with pytest.raises(UnsupportedInputError, match=match):
            attention.flash_attention_backward(d, q, q, q, oo, ll, False, 0.25)


@pytest.mark.parametrize(
    "kwargs,match",
    [
        ({"window": None}, "window must be"),
        ({"window": 4}, "window must be"),
        ({"softcap": "x"}, "softcap must be"),
        ({"softmax_scale": "x"}, "softmax_scale must be"),
    ],
)
def test_bad_window_softcap_scale_are_named(kwargs, match):
    q = torch.randn(1, 2, 16, 16)
    for fn in (entry.flash_attention, reference.flash_attention):
        with pytest.raises(UnsupportedInputError, match=match):
            fn(q, q, q, **kwargs)


def test_reference_rejects_what_the_kernels_reject():
    q = torch.randn(1, 1, 8, 16)
    with pytest.raises(UnsupportedInputError, match="window"):
        reference.flash_attention(q, q, q, window=(-3, 0))  # was read as "unlimited"
    with pytest.raises(UnsupportedInputError, match="softcap"):
        reference.flash_attention(q, q, q, softcap=-1.0)


def test_package_import_does_not_import_triton():
    code = "import sys, gpuaccel.accel.kernels; assert 'triton' not in sys.modules, 'triton imported'"
    subprocess.run([sys.executable, "-c", code], check=True, env={**os.environ, "TRITON_INTERPRET": "0"})


def test_pin_for_one_causal_flag_wins_over_pin_for_both():
    both, causal_only = (tuning.BwdConfig(16, 32, 4, 1, m, 32, 16, 4, 1) for m in ("atomic", "split"))
    untimed = lambda cfg: pytest.fail("a pinned configuration must not be timed")
    tuning.force("bwd", both)
    tuning.force("bwd", causal_only, causal=True)
    try:
        pick = [tuning.choose("bwd", ("k", c), [], untimed, None, False, causal=c) for c in (True, False)]
        assert pick == [causal_only, both]
        tuning.force("bwd", None, causal=True)
        assert tuning.choose("bwd", ("k", True), [], untimed, None, False, causal=True) == both
    finally:
        tuning.force("bwd", None)
        tuning.force("bwd", None, causal=True)
    assert tuning.forced("bwd", True) is None and tuning.forced("bwd", False) is None


def test_benchmark_results_name_the_configs_the_tuner_picked(monkeypatch: pytest.MonkeyPatch) -> None:
    from gpuaccel.accel.kernels.bench import attention as bench
    from gpuaccel.accel.kernels.checks import AttentionShape

    shape = AttentionShape(batch=2, heads_q=16, heads_kv=16, seq_q=4096, seq_k=4096, head_dim=128)
    other = AttentionShape(batch=2, heads_q=16, heads_kv=16, seq_q=8192, seq_k=8192, head_dim=128)
    monkeypatch.setattr(
        tuning,
        "_CACHE",
        {
            ("fwd", shape, torch.bfloat16, True): tuning.FwdConfig(128, 64, 4, 2),
            ("bwd", shape, torch.bfloat16, True): tuning.BwdConfig(64, 64, 4, 2, "split", 128, 64, 8, 3),
            ("fwd", shape, torch.bfloat16, False): tuning.FwdConfig(128, 128, 8, 3),
            ("fwd", other, torch.bfloat16, True): tuning.FwdConfig(64, 64, 4, 3),
        },
    )
    assert bench.tuned_configs((2, 16, 4096, 128), True, "bf16") == {
        "fwd": "fwd128x64w4s2",
        "bwd": "bwd64x64w4s2-split+dq128x64w8",
    }
    assert bench.tuned_configs((2, 16, 4096, 128), False, "bf16") == {"fwd": "fwd128x128w8s3"}
    assert bench.tuned_configs((2, 16, 4096, 128), True, "fp16") == {}  # another dtype's entries
    assert bench.tuned_configs((2, 16, 4096, 128), True, "fp8") == {}  # bf16 inputs, but not the fp8 kernel
    assert bench.tuned_configs((2, 16, 4096, 96), True, "bf16")["fwd"] == "fwd128x64w4s2"  # tuned padded
    assert bench.tuned_configs((1, 16, 4096, 128), True, "bf16") == {}
    tuning.force("bwd", tuning.BwdConfig(32, 64, 4, 3, "split", 64, 32, 4, 3), causal=True)
    try:
        assert bench.tuned_configs((2, 16, 4096, 128), True, "bf16")["bwd"] == "bwd32x64w4s3-split+dq64x32w4"
    finally:
        tuning.force("bwd", None, causal=True)


def test_benchmark_table_ratios_against_fa4_and_fwd_bwd_flops() -> None:
    from gpuaccel.accel.kernels.bench import attention as bench

    f = bench.attention_flops(1, 16, 8192, 8192, 128, True, "fwd")
    assert f == 2.0 * 16 * 8192 * 8192 * 128
    assert bench.attention_flops(1, 16, 8192, 8192, 128, True, "fwd_bwd") == 3.5 * f
    shape = (2, 32, 8192, 128, 8)  # GQA 4:1: H counts the query heads
    rows = [
        bench.Result(
            "ours", shape, "bf16", True, fwd_tflops=600, bwd_tflops=400, fwd_bwd_tflops=440, fwd_err=1e-3
        ),
        bench.Result("sdpa_cudnn", shape, "bf16", True, fwd_tflops=500, bwd_tflops=500, fwd_bwd_tflops=500),
        bench.Result("fa4", shape, "bf16", True, fwd_tflops=400, bwd_tflops=320, fwd_bwd_tflops=352),
        bench.Result("fa4", (1, 16, 16384, 64), "bf16", False, note="ModuleNotFoundError: flash_attn"),
    ]
    lines = bench.format_table(rows, "both").splitlines()
    assert lines[1].split(" | ") == [
        "B,H,N,D[,Hkv]", "causal", "dtype", "ours fwd/bwd/fwd+bwd", "sdpa_cudnn fwd/bwd/fwd+bwd",
        "fa4 fwd/bwd/fwd+bwd", "ours/cuDNN fwd", "bwd", "fwd+bwd", "ours/FA4 fwd", "bwd", "fwd+bwd",
        "ours err",
    ]  # fmt: skip
    assert lines[2].split(" | ") == [
        "2,32,8192,128,8", "yes", "bf16", "600 / 400 / 440", "500 / 500 / 500", "400 / 320 / 352",
        "1.20x", "0.80x", "0.88x", "1.50x", "1.25x", "1.25x", "1.0e-03",
    ]  # fmt: skip
    assert lines[3].split(" | ")[3:6] == ["n/a", "n/a", "n/a"]  # a row where only FA4 was asked, and failed
    assert lines[-1] == "# note: fa4 (1, 16, 16384, 64): ModuleNotFoundError: flash_attn"
    # without FA4 and without the fwd+bwd step: the columns it had before (the shape column named anew)
    two = bench.format_table(
        [bench.Result("ours", (1, 1, 1, 64), "bf16", False, fwd_tflops=1, bwd_tflops=2)], "both"
    )
    assert (
        two.splitlines()[1]
        == "B,H,N,D[,Hkv] | causal | dtype | ours fwd/bwd | ours/cuDNN fwd | bwd | ours err"
    )


def test_benchmark_rounds_alternate_the_implementations_and_take_medians(monkeypatch) -> None:
    """attention_bench.py's --rounds: every implementation once a round, the order rotated round by round,
    each time the median of its rounds (a ratio from timings side by side, not from one draw each)."""
    from gpuaccel.accel.kernels.bench import attention as bench

    shape = (1, 2, 1024, 64)
    flops = bench.attention_flops(1, 2, 1024, 1024, 64, False, "fwd")
    calls: list[str] = []
    times = {"ours": iter([1.0, 3.0, 2.0]), "sdpa_cudnn": iter([2.0, 2.5, 9.0]), "flex": iter([1.0] * 3)}

    def fake(name, shp, dtype_name, causal, mode):  # type: ignore[no-untyped-def]
        calls.append(name)
        ms = next(times[name])
        note = "RuntimeError: refused" if name == "flex" and len(calls) > 3 else ""
        return bench.Result(name, shp, dtype_name, causal, fwd_ms=ms, fwd_err=len(calls), note=note)

    monkeypatch.setattr(bench, "bench_impl", fake)
    got = bench.bench_rounds(["ours", "sdpa_cudnn", "flex"], shape, "bf16", False, "fwd", 3)
    assert calls == ["ours", "sdpa_cudnn", "flex", "sdpa_cudnn", "flex", "ours", "flex", "ours", "sdpa_cudnn"]
    ours, cudnn, flex = got
    assert (ours.impl, ours.fwd_ms, ours.extra["rounds"]["fwd_ms"]) == ("ours", 2.0, [1.0, 3.0, 2.0])
    assert ours.fwd_tflops == flops / 2.0 / 1e9 and ours.fwd_err == 1  # the first round's error
    assert cudnn.fwd_ms == 2.5 and cudnn.bwd_ms is None and cudnn.bwd_tflops is None
    assert flex.note == "RuntimeError: refused" and flex.fwd_tflops is None  # a failing round is reported
    row = bench.format_table(got, "fwd").splitlines()[2].split(" | ")
    assert row[3:6] == [f"{flops / 2.0 / 1e9:.0f} / -", f"{flops / 2.5 / 1e9:.0f} / -", "n/a"]
    assert row[6] == "1.25x"  # ours over cuDNN from the two medians
    # one round: bench_impl's own Result, as the table was before --rounds
    calls.clear()
    times["ours"] = iter([4.0])
    (single,) = bench.bench_rounds(["ours"], shape, "bf16", False, "fwd", 1)
    assert calls == ["ours"] and single.fwd_ms == 4.0 and "rounds" not in single.extra
    assert bench.rotated(["a", "b", "c"], 4) == ["b", "c", "a"] and bench.rotated([], 2) == []


def test_forward_path_is_triton_under_the_interpreter(monkeypatch):
    q = torch.zeros(1, 2, 64, 64)
    assert attention.forward_path(q) == "triton"
    monkeypatch.setenv(attention.PATH_ENV, "gluon")
    with pytest.raises(UnsupportedInputError, match="GPUACCEL_ATTN_PATH=gluon"):
        attention.forward_path(q)
    monkeypatch.setenv(attention.PATH_ENV, "fastest")
    with pytest.raises(UnsupportedInputError, match="accepted: auto, triton, gluon"):
        attention.forward_path(q)


def test_forward_out_buffers_are_checked():
    q, k, v = (t.detach() for t in _inputs(1, 2, 2, 40, 40, 32))
    with pytest.raises(UnsupportedInputError, match="out lse must be"):
        bad = (torch.empty_like(q), torch.empty(1, 2, 39))
        attention.flash_attention_forward(q, k, v, False, 0.2, out=bad)
    o, lse = torch.full_like(q, float("nan")), torch.full((1, 2, 40), float("nan"))
    got = attention.flash_attention_forward(q, k, v, True, 0.2, out=(o, lse))
    ro, rl = reference.flash_attention_forward(q, k, v, True, 0.2)
    assert got[0] is o and got[1] is lse
    assert torch.allclose(o, ro, atol=1e-4) and torch.allclose(lse, rl, atol=1e-4)


@pytest.mark.parametrize("tile_rows", [128, 192])
def test_causal_schedule_covers_every_tile_once_and_balances(tile_rows: int):
    """The Gluon forward's host schedule (no GPU needed), for two and three consumer warpgroups: every
    causal tile exactly once, loads within a few percent of each other, where round-robin is ~15 % off."""
    from gpuaccel.accel.kernels.gluon import sched as gluon_sched

    nq = nk = 4096
    bh, heads, programs = 64, 16, 132
    table = gluon_sched.causal_schedule(nq, nk, bh, heads, 128, programs, torch.device("cpu"), tile_rows)
    tiles = torch.cat([table[p, 1 : 1 + table[p, 0]] for p in range(programs)]).tolist()
    num_m = -(-nq // tile_rows)
    assert sorted(tiles) == list(range(num_m * bh))

    def cost(t: int) -> int:
        g, r = divmod(t, heads * num_m)
        return gluon_sched._tile_blocks(num_m - 1 - r // heads, nq, nk, 128, tile_rows) + 1

    loads = [sum(cost(t) for t in table[p, 1 : 1 + table[p, 0]].tolist()) for p in range(programs)]
    assert max(loads) / (sum(loads) / programs) < 1.03


def test_varlen_forward_items_and_snake_order():
    """The packed-document forward's work items, built by torch ops where the offsets live (here the CPU):
    one per 128-row query tile of every document with queries (none for an empty one), heaviest first,
    the keys each causal tile sees counted from the bottom-right diagonal, then empty rows up to the bound
    the shapes give; and the kernel's snake order over them balances the programs' loads."""
    from gpuaccel.accel.kernels.gluon.varlen_items import varlen_items

    cu_q = torch.tensor([0, 1, 1, 301, 556], dtype=torch.int32)  # lengths q 1/0/300/255, k 5/5/300/0
    cu_k = torch.tensor([0, 5, 10, 310, 310], dtype=torch.int32)
    items = varlen_items(cu_q, cu_k, 556, True, 128)
    assert items.shape == (556 // 128 + 4 + 1, 5) and items.dtype == torch.int32
    real = [tuple(r) for r in items.tolist() if r[1] > 0]
    assert real == [(1, 300, 10, 300, 256), (1, 300, 10, 300, 128), (1, 300, 10, 300, 0),
                    (0, 1, 0, 5, 0), (301, 255, 310, 0, 0), (301, 255, 310, 0, 128)]  # fmt: skip
    assert all(r == [0] * 5 for r in items.tolist()[len(real) :])
    plain = [tuple(r) for r in varlen_items(cu_q, cu_k, 556, False, 128).tolist() if r[1] > 0]
    assert plain[:3] == [(1, 300, 10, 300, 0), (1, 300, 10, 300, 128), (1, 300, 10, 300, 256)]

    gen = torch.Generator().manual_seed(5)  # 40 documents, some empty, against a plain sort
    lq, lk = (
        torch.randint(0, 700, (40,), generator=gen) * (torch.rand(40, generator=gen) > 0.2) for _ in "qk"
    )
    cq, ck = (torch.cat([torch.zeros(1), t.cumsum(0)]).to(torch.int32) for t in (lq, lk))
    for causal in (True, False):
        want = []
        for q0, a, k0, b in zip(cq.tolist(), lq.tolist(), ck.tolist(), lk.tolist(), strict=False):
            for m in range(0, a, 128):
                want.append((max(min(b, m + 128 + b - a), 0) if causal else b, (q0, a, k0, b, m)))
        want = [it for _, it in sorted(want, key=lambda w: -w[0])]
        got = varlen_items(cq, ck, int(cq[-1]), causal, 128).tolist()
        assert [tuple(r) for r in got[: len(want)]] == want
        assert all(r == [0] * 5 for r in got[len(want) :]) and len(got) == int(cq[-1]) // 128 + 41

    heads, programs = 16, 132  # the benchmark's 16k packing: 7045, 3283 and 6056 tokens
    cu = torch.tensor([0, 7045, 7045 + 3283, 16384], dtype=torch.int32)
    items = varlen_items(cu, cu, 16384, True, 128)
    costs = [
        -(-max(min(lk, m + 128 + lk - lq), 0) // 128) + 1 if lq else 1 for _, lq, _, lk, m in items.tolist()
    ]
    n_items = items.shape[0] - 1
    tiles = n_items * heads

    def snake(p: int, i: int) -> int:  # gluon_tiles._tile_id with SNAKE
        return i * programs + (p if i % 2 == 0 else programs - 1 - p)

    runs = [[snake(p, i) for i in range(-(-tiles // programs))] for p in range(programs)]
    assert sorted(t for r in runs for t in r if t < tiles) == list(range(tiles))
    loads = [sum(costs[min(t // heads, n_items)] for t in r) for r in runs]
    round_robin = [sum(costs[t // heads] for t in range(p, tiles, programs)) for p in range(programs)]
    mean = sum(costs[t // heads] for t in range(tiles)) / programs
    assert max(loads) / mean < 1.1 and max(round_robin) / mean > max(loads) / mean


@pytest.mark.parametrize(
    "causal,window,softcap,nq,nk",
    [(True, (-1, -1), 0.0, 37, 53), (False, (5, 3), 0.0, 53, 37), (False, (-1, -1), 20.0, 40, 40)],
)
def test_reference_by_row_blocks_equals_whole(causal, window, softcap, nq, nk):
    """Checks of long sequences score a few query rows at a time; that must not change the reference."""
    g = torch.Generator().manual_seed(3)
    q = torch.randn(1, 4, nq, 32, generator=g, dtype=torch.float64)
    k, v = (torch.randn(1, 2, nk, 32, generator=g, dtype=torch.float64) for _ in range(2))
    whole = reference.attention_with_lse(q, k, v, causal, 0.2, window, softcap)
    blocks = reference.attention_with_lse(q, k, v, causal, 0.2, window, softcap, row_block=16)
    for a, b in zip(whole, blocks, strict=True):
        assert a.shape == b.shape and torch.equal(torch.isinf(a), torch.isinf(b))
        torch.testing.assert_close(a.nan_to_num(0.0, 0.0, 0.0), b.nan_to_num(0.0, 0.0, 0.0))


@pytest.mark.parametrize("nq", [64, 100, 129])
def test_backward_statistics_zero_the_fused_dq_accumulator(nq):
    """The fused backward's fp32 dQ accumulator is zeroed by the statistics pass (no launch of its own):
    every row of it, ragged ends included, and the statistics are those of the plain pass."""
    from gpuaccel.accel.kernels.dense.launchers import bwd_stats

    g = torch.Generator().manual_seed(nq)
    o, do = (torch.randn(2, 3, nq, 64, generator=g) for _ in range(2))
    lse = torch.randn(2, 3, nq, generator=g)
    acc = torch.full((2, 3, nq, 64), float("nan"))
    delta, lse2, stride = bwd_stats(o, do, lse, zero_dq=acc)
    plain_delta, plain_lse2, plain_stride = bwd_stats(o, do, lse)
    assert torch.equal(acc, torch.zeros_like(acc))
    assert stride == plain_stride
    assert torch.equal(delta[:, :nq], plain_delta[:, :nq]) and torch.equal(lse2[:, :nq], plain_lse2[:, :nq])
    torch.testing.assert_close(delta.view(2, 3, -1)[..., :nq], (o * do).sum(-1))


def test_fused_backward_rule_follows_size_head_dim_and_determinism():
    """Which Hopper backward a call gets (the rule reads shapes and torch's determinism switch only)."""
    from gpuaccel.accel.kernels.gluon import bwd

    def t(n, d=128):
        return torch.empty(1, 2, n, d)

    n = bwd.FUSED_FROM
    assert bwd.fused_pays(t(n), t(n)) and bwd.fused_pays(t(n, 64), t(4 * n, 64))
    assert not bwd.fused_pays(t(n - 1), t(n)) and not bwd.fused_pays(t(n), t(n - 1))
    assert not bwd.fused_pays(t(n, 256), t(n, 256))  # D256 runs its by-gradient kernels
    assert not bwd.fused_pays(t(n), t(n), deterministic=True)
    torch.use_deterministic_algorithms(True)
    try:
        assert not bwd.fused_pays(t(n), t(n))
    finally:
        torch.use_deterministic_algorithms(False)
