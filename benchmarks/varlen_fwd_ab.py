"""The packed-document forward's variants against each other and the dense forward on equal work (Hopper).

    PYTHONPATH=src python3 benchmarks/varlen_fwd_ab.py [--variants old q2:otma:hg ...] [--rounds 7]
        [--totals 16384 32768] [--check] [--profile] [--out DIR] [--tag NAME]

Packed documents of 128-8192 tokens (bench.varlen.doc_lengths, seed 0), H16 D128 bf16, causal per
document, plus 2 x 8192 and 8 x 4096 beside the dense forward at B2 N8192 and B8 N4096 causal (the same
work). Each variant is a ``varlen_fwd.FWD_OPTS`` string ("old": "", the walk before 2026-11-28), with
the packed kernel's configuration options after "/" (``bench.varlen.variant_fields``: "r8" conditional
rescaling per warpgroup, "r8w" per warp, "df" key blocks last first, "ff" a slice's first block unmasked
where full, "orcp" O by 1/l; "WALK/" all of them off; a name without "/" takes the launcher's default
configuration, ``varlen_fwd.packed_fwd_config``). With ``--check`` each variant runs the GPU tier's cases
and packs whose rows' maxima grow late (a score ramp along each document's keys: ``jump``, ``creep``)
into NaN-filled buffers against the fp32 reference: relative L2 of o < 1e-2, its max error at most 2x
that of plain PyTorch in bf16 (per document), lse within 2e-3; and must give the old walk's o and lse with
the same options bit for bit on every pack (a tile's arithmetic does not depend on the walk or on how O
leaves). Timing: do_bench medians, the variants and the dense kernel alternated round by round in one
process, and one profiler pass per variant giving each kernel's GPU time (bench.attention.kernel_times).
``--both``: forward+backward through the public call (``flash_attention_varlen``) at the totals, each
variant of the shipped walk as the call's default options (``varlen_fwd.PACKED_OPTIONS``), alternated
round by round; with ``--check`` also its gradients against the fp32 reference (at most 2x plain PyTorch in
bf16). Prints a table last; writes varlen_fwd_ab_<stamp><tag>.json to --out. ``--warm``: each variant
once on every case and pack, nothing checked or timed (fills Triton's cache: one process per variant in
parallel before the timed one). ``--profile``: each variant (and the dense kernel) twice at 2 x 8192 and
at the first total, nothing timed (for ncu: the second pass's launches).
``--host``: the shipped forward as a user calls it, and what it does besides its kernel, at the totals and
2 x 8192 / 8 x 4096 (:func:`host_rows`): the public call (``flash_attn_varlen_func``; unchecked offsets;
inputs that need gradients; forward+backward), the launcher alone and the launcher replayed from a CUDA
graph, each as before 2026-11-29's thirty-first session, as before its thirty-third (no plan) and as
shipped (a plan per call signature) (:data:`HOST_MODES`), also on a small pack (4 x 512), alternated
round by round (``--host-calls``, ``--host-modes``, ``--no-parts`` narrow it; ``nograd``: the public call
under ``torch.no_grad()``, and beside the small pack ``dense-1x128-nograd`` / ``dense-8x1024-nograd``,
``flash_attn_func`` under it at (1, 128, 2, 128) / (8, 1024, 16, 128) causal): do_bench medians,
back-to-back time per call, host time per call with the GPU idle (and by part, :data:`HOST_PARTS`),
and under torch.profiler a do_bench-like loop's kernels, their GPU times and the idle time between the
L2 flush and the last kernel. ``--host-ab OLD_SRC NEW_SRC``: that ``--host`` run (the other arguments
passed on) in alternated processes with ``PYTHONPATH`` at each ``src`` (main's copy against a branch's),
each side's medians over its processes (:func:`host_ab`); ``--no-profiles`` leaves the profiler out.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from dataclasses import replace
from typing import Any

import torch

from gpuaccel.accel.kernels import reference
from gpuaccel.accel.kernels.bench import attention as bench
from gpuaccel.accel.kernels.bench.varlen import (
    cu_seqlens,
    doc_lengths,
    variant_fields,
    variant_opts,
    varlen_flops,
)
from gpuaccel.accel.kernels.checks import capture_in_cuda_graph
from gpuaccel.accel.kernels.dense import attention
from gpuaccel.accel.kernels.gluon import varlen_fwd
from gpuaccel.accel.kernels.gluon.varlen_fwd import launch_gluon_varlen_fwd, packed_fwd_config
from gpuaccel.accel.kernels.varlen import attention as varlen_attention
from gpuaccel.accel.kernels.varlen.attention import flash_attention_varlen

H, D = 16, 128
SCALE = D**-0.5
HARD = [  # query lengths, key lengths (None: the same), Hq, Hkv, causal, head dim (as tests/gpu/'s)
    ([1, 127, 128, 129, 8192], None, 16, 4, True, 128),
    ([1, 127, 128, 129, 8192], None, 16, 4, False, 128),
    ([300, 1, 4096, 65, 2000], None, 8, 8, True, 128),
    ([100, 1000, 129, 1], [900, 64, 129, 300], 8, 2, True, 128),
    ([0, 200, 5], [77, 0, 300], 4, 2, True, 128),
    ([1, 191, 192, 193, 3000], None, 8, 2, True, 64),
    ([700, 63, 1500], None, 4, 4, True, 256),
]


RAMPS = [  # packs whose rows' maxima grow late (query lengths, Hq, Hkv, causal, head dim, pattern)
    ([3000, 129, 8192, 1, 700], 16, 4, True, 128, "jump"),
    ([3000, 129, 8192, 1, 700], 16, 4, True, 128, "creep"),
    ([2000, 513, 64], 8, 8, False, 128, "jump"),
]


def _packed(lens: list[int], hq: int = H, hkv: int = H, lens_k: list[int] | None = None, d: int | None = None,
            seed: int = 0, ramp: str = "random"):  # fmt: skip
    """Random bf16 q, k, v packed; ``ramp`` "jump" / "creep" (as ``bench.attention.rescale_inputs``, along
    each document's keys): q[..., 0] = 8 and k[..., 0] 0 then 10 from a document's middle key on, or 0 -> 12
    linearly, so each row's max grows by some 10 log2 units late in its document."""
    lens_k = lens_k or lens
    d = d or D  # (--head-dim sets D)
    g = torch.Generator(device="cuda").manual_seed(seed)
    q = torch.randn(sum(lens), hq, d, device="cuda", dtype=torch.bfloat16, generator=g)
    nk = sum(lens_k)
    k, v = (torch.randn(nk, hkv, d, device="cuda", dtype=torch.bfloat16, generator=g) for _ in range(2))
    if ramp != "random":
        at = torch.cat([torch.arange(n, device="cuda", dtype=torch.float32) for n in lens_k])
        size = torch.cat([torch.full((n,), float(n), device="cuda") for n in lens_k])
        jump = (at >= size // 2).float() * 10.0
        k[..., 0] = (jump if ramp == "jump" else at / (size - 1).clamp_min(1) * 12.0)[:, None].bfloat16()
        q[..., 0] = 8.0
    return q, k, v


def _cfg(name: str, d: int, max_q: int, causal: bool):
    """The configuration variant ``name`` runs: None (the launcher's default) without "/", else the packed
    default with every option off and those the name sets on."""
    if "/" not in name.split("#", 1)[0]:
        return None
    off = dict(rescale_log2=0.0, rescale_warp=False, diag_first=False, first_full=False, o_recip=False)
    return replace(packed_fwd_config(d, max_q, causal), **{**off, **variant_fields(name)})


def _run(q, k, v, cu_q, cu_k, max_q: int, causal: bool, name: str, nan: bool = False):
    o = torch.full_like(q, float("nan")) if nan else torch.empty_like(q)
    lse = torch.full((q.shape[1], q.shape[0]), float("nan") if nan else 0.0, device="cuda")
    cfg = _cfg(name, q.shape[-1], max_q, causal)
    launch_gluon_varlen_fwd(q, k, v, o, lse, cu_q, cu_k, max_q, causal, q.shape[-1] ** -0.5, cfg,
                            opts=variant_opts(name))  # fmt: skip
    return o, lse


def _plain(q, k, v, lq: list[int], lk: list[int], causal: bool) -> torch.Tensor:
    """Plain PyTorch attention in the inputs' dtype, one document at a time (the forward standard's bar)."""
    outs, a, b = [], 0, 0
    for nq, nk in zip(lq, lk, strict=True):
        if nq:
            to4 = lambda t, lo, n: t[lo : lo + n].transpose(0, 1).unsqueeze(0)
            scale = q.shape[-1] ** -0.5
            o = bench.plain_attention(to4(q, a, nq), to4(k, b, nk), to4(v, b, nk), causal, scale)
            outs.append(o[0].transpose(0, 1))
        a, b = a + nq, b + nk
    return torch.cat(outs)


def _same_walk_base(name: str) -> str:
    """The old walk with ``name``'s configuration: a walk must not change a tile's arithmetic."""
    return "old" + ("/" + name.split("/", 1)[1] if "/" in name else "")


def check(variants: list[str], packs: dict[str, list[int]], walks: bool = True) -> dict[str, Any]:
    """Every variant against the fp32 reference on the hard cases and the ramps (relative L2, max error at
    most 2x plain PyTorch's in bf16, lse), and bit-equal to the old walk with its options on every pack
    (for a variant naming options only with ``walks``: the old walk with them is another build)."""
    out: dict[str, Any] = {"hard": {}, "cases": [], "bit_equal": {}}
    ok = True
    cases = [(lq, lk, hq, hkv, causal, d, "random") for lq, lk, hq, hkv, causal, d in HARD]
    cases += [(lq, None, hq, hkv, causal, d, ramp) for lq, hq, hkv, causal, d, ramp in RAMPS]
    for lq, lk, hq, hkv, causal, d, ramp in cases:
        lk = lk or lq
        q, k, v = _packed(lq, hq, hkv, lk, d, seed=sum(lq) + hq + d, ramp=ramp)
        cq, ck = cu_seqlens(lq), cu_seqlens(lk)
        ro, rlse = reference.flash_attention_varlen(q.float(), k.float(), v.float(), cq, ck, max(lq), max(lk),
                                                    causal=causal, softmax_scale=d**-0.5,
                                                    return_lse=True)  # fmt: skip
        bar = (_plain(q, k, v, lq, lk, causal).float() - ro).abs().max().item()
        seen = torch.isfinite(rlse)
        row: dict[str, Any] = {"lens_q": lq, "lens_k": lk, "hq": hq, "hkv": hkv, "causal": causal, "d": d,
                               "ramp": ramp, "torch_bf16_o_max": bar, "v": {}}  # fmt: skip
        for name in variants:
            o, lse = _run(q, k, v, cq, ck, max(lq), causal, name, nan=True)
            nan = bool(torch.isnan(o).any())
            err = float("nan") if nan else ((o.float() - ro).norm() / ro.norm()).item()
            o_max = float("nan") if nan else (o.float() - ro).abs().max().item()
            lse_max = (lse[seen] - rlse[seen]).abs().max().item() if seen.any() else 0.0
            good = (
                err < 1e-2
                and o_max <= 2 * bar + 1e-6
                and not torch.isnan(lse).any()
                and torch.equal(seen, torch.isfinite(lse))
                and lse_max <= 2e-3
            )
            row["v"][name] = {"rel_l2": err, "o_max": o_max, "lse_max": lse_max, "ok": good}
            out["hard"].setdefault(name, []).append(err)
            ok &= good
        out["cases"].append(row)
    for key, lens in packs.items():
        cu, n = cu_seqlens(lens), max(lens)
        q, k, v = _packed(lens)
        bases: dict[str, tuple[torch.Tensor, torch.Tensor]] = {}
        for name in variants:
            if "/" in name and not walks:
                continue
            base_name = _same_walk_base(name)
            if base_name not in bases:
                bases[base_name] = _run(q, k, v, cu, cu, n, True, base_name, nan=True)
            o, lse = _run(q, k, v, cu, cu, n, True, name, nan=True)
            same = torch.equal(o, bases[base_name][0]) and torch.equal(lse, bases[base_name][1])
            out["bit_equal"].setdefault(name, {})[key] = same
            ok &= same
    out["ok"] = ok
    return out


def _public_options(name: str) -> dict[tuple[int, bool], dict[str, float | bool]] | None:
    """``varlen_fwd.PACKED_OPTIONS`` that make the public call run variant ``name`` (None: the shipped
    options, a name without "/"); only variants of the shipped walk run through the public call."""
    if "/" not in name.split("#", 1)[0]:
        return None
    return {(D, True): variant_fields(name)}


def check_grads(variants: list[str]) -> dict[str, Any]:
    """dq, dk, dv of the public call (the backward reads the forward's lse) with each variant's options
    against the fp32 reference, on a random pack and a ramp: max error at most 2x plain PyTorch's in bf16."""
    out: dict[str, Any] = {"cases": [], "ok": True}
    shipped = dict(varlen_fwd.PACKED_OPTIONS)
    for lens, ramp in (([1, 127, 128, 129, 2000], "random"), ([1500, 129, 3000], "jump")):
        q, k, v = _packed(lens, H, 4, None, D, seed=sum(lens), ramp=ramp)
        cu, n = cu_seqlens(lens), max(lens)
        do = torch.randn_like(q)
        leaves = [t.float().requires_grad_() for t in (q, k, v)]
        reference.flash_attention_varlen(*leaves, cu, cu, n, n, causal=True).float().backward(do.float())
        ref = [t.grad for t in leaves]
        plain = [t.detach().clone().requires_grad_() for t in (q, k, v)]
        _plain(*plain, lens, lens, True).backward(do)
        bars = [(p.grad.float() - r).abs().max().item() for p, r in zip(plain, ref, strict=True)]
        row: dict[str, Any] = {"lens": lens, "ramp": ramp, "torch_bf16_max": bars, "v": {}}
        for name in variants:
            if variant_opts(name) != varlen_fwd.FWD_OPTS:
                continue
            opts = _public_options(name)
            varlen_fwd.PACKED_OPTIONS = opts if opts is not None else shipped
            try:
                ins = [t.detach().clone().requires_grad_() for t in (q, k, v)]
                o = unplanned(lambda: flash_attention_varlen(*ins, cu, cu, n, n, causal=True))()  # noqa: B023
                o.backward(do)
            finally:
                varlen_fwd.PACKED_OPTIONS = shipped
            errs = [(t.grad.float() - r).abs().max().item() for t, r in zip(ins, ref, strict=True)]
            good = all(e <= 2 * b + 1e-6 for e, b in zip(errs, bars, strict=True))
            first = row.setdefault("o_first", o.detach())  # the options reach the call: o differs
            row["v"][name] = {"max": errs, "ok": good, "o_equal_first": bool(torch.equal(o.detach(), first))}
            out["ok"] &= good
        row.pop("o_first")
        out["cases"].append(row)
    return out


def bench_both(lens: list[int], variants: list[str], rounds: int) -> dict[str, Any]:
    """Forward+backward through the public call, each variant's options as the call's default."""
    cu, n = cu_seqlens(lens), max(lens)
    q, k, v = (t.requires_grad_() for t in _packed(lens))
    do = torch.randn_like(q)
    flops = varlen_flops(lens, H, D, True, "both")
    shipped = dict(varlen_fwd.PACKED_OPTIONS)
    names = [name for name in variants if variant_opts(name) == varlen_fwd.FWD_OPTS]

    def step(name: str):
        opts = _public_options(name)

        def run() -> None:
            varlen_fwd.PACKED_OPTIONS = opts if opts is not None else shipped
            try:
                flash_attention_varlen(q, k, v, cu, cu, n, n, causal=True).backward(do)
            finally:
                varlen_fwd.PACKED_OPTIONS = shipped

        return unplanned(run)  # a plan keeps the configuration it was made with: the options change per call

    runs = {name: step(name) for name in names}
    for fn in runs.values():
        fn()
    times: dict[str, list[float]] = {name: [] for name in runs}
    from triton.testing import do_bench

    for _ in range(rounds):
        for name, fn in runs.items():
            times[name].append(float(do_bench(fn, warmup=10, rep=100, grad_to_none=[q, k, v],
                                              return_mode="median")))  # fmt: skip
    med = lambda ts: sorted(ts)[len(ts) // 2]
    row: dict[str, Any] = {"flops": flops}
    base = times[names[0]]
    for name, ts in times.items():
        ratio = sorted(b / a for a, b in zip(ts, base, strict=True))[len(ts) // 2]
        row[name] = {"ms": med(ts), "rounds": ts, "tflops": flops / med(ts) / 1e9, "speedup_vs_first": ratio,
                     "won": sum(a < b for a, b in zip(ts, base, strict=True))}  # fmt: skip
    print(json.dumps({"both": row}), flush=True)
    return row


def warm(variants: list[str], packs: dict[str, list[int]], both: bool, walks: bool, cases: bool) -> None:
    """Each variant once on every pack and (``cases``) check case: Triton's cache filled for the timed
    process."""
    for lq, lk, hq, hkv, causal, d in HARD if cases else []:
        lk = lk or lq
        q, k, v = _packed(lq, hq, hkv, lk, d)
        for name in variants:
            _run(q, k, v, cu_seqlens(lq), cu_seqlens(lk), max(lq), causal, name)
    for lq, hq, hkv, causal, d, _ in RAMPS if cases else []:
        q, k, v = _packed(lq, hq, hkv, None, d)
        for name in variants:
            _run(q, k, v, cu_seqlens(lq), cu_seqlens(lq), max(lq), causal, name)
    for lens in packs.values():
        q, k, v = _packed(lens)
        for name in variants:
            _run(q, k, v, cu_seqlens(lens), cu_seqlens(lens), max(lens), True, name)
            if walks or "/" not in name:
                _run(q, k, v, cu_seqlens(lens), cu_seqlens(lens), max(lens), True, _same_walk_base(name))
    if both:  # the backward (the public call on every pack), and the dense kernel on the equal-work packs
        for lens in packs.values():
            q, k, v = (t.requires_grad_() for t in _packed(lens))
            cu = cu_seqlens(lens)
            flash_attention_varlen(q, k, v, cu, cu, max(lens), max(lens), causal=True).sum().backward()
            if len(set(lens)) == 1:
                qd, kd, vd = (
                    t.view(len(lens), lens[0], H, D).transpose(1, 2).contiguous() for t in _packed(lens)
                )
                attention.flash_attention_forward(qd, kd, vd, True, SCALE)
    torch.cuda.synchronize()


def bench_pack(lens: list[int], variants: list[str], rounds: int, dense: bool) -> dict[str, Any]:
    cu, n = cu_seqlens(lens), max(lens)
    q, k, v = _packed(lens)
    flops = varlen_flops(lens, H, D, True, "fwd")
    o, lse = torch.empty_like(q), torch.empty(H, q.shape[0], device="cuda")

    def fwd(name: str):
        cfg, opts = _cfg(name, D, n, True), variant_opts(name)
        return lambda: launch_gluon_varlen_fwd(q, k, v, o, lse, cu, cu, n, True, SCALE, cfg, opts=opts)

    runs = {name: fwd(name) for name in variants}
    if dense:  # documents of equal length as a batch: the same work for the dense kernel
        b = len(lens)
        qd, kd, vd = (t.view(b, n, H, D).transpose(1, 2).contiguous() for t in (q, k, v))
        runs["dense"] = lambda: attention.flash_attention_forward(qd, kd, vd, True, SCALE)
    times: dict[str, list[float]] = {name: [] for name in runs}
    for fn in runs.values():
        fn()
    for _ in range(rounds):
        for name, fn in runs.items():
            times[name].append(bench.median_ms(fn))
    parts = {name: bench.kernel_times(fn) for name, fn in runs.items()}
    med = lambda ts: sorted(ts)[len(ts) // 2]
    row: dict[str, Any] = {"lens": lens, "flops": flops, "kernels": parts}
    base = times[variants[0]]
    for name, ts in times.items():
        ratio = sorted(b / a for a, b in zip(ts, base, strict=True))[len(ts) // 2]
        won = sum(a < b for a, b in zip(ts, base, strict=True))
        row[name] = {"ms": med(ts), "rounds": ts, "tflops": flops / med(ts) / 1e9, "speedup_vs_first": ratio,
                     "won": won}  # fmt: skip
    spread = sorted(base)
    row["spread_first"] = (spread[-2] - spread[1]) / spread[len(spread) // 2] if len(spread) >= 4 else None
    print(json.dumps({k: v for k, v in row.items() if k not in ("kernels", "lens")}), flush=True)
    return row


def profile(variants: list[str], packs: dict[str, list[int]]) -> None:
    """Each variant (and the dense kernel on equal work) once as a warm-up, then once more: for ncu."""
    calls = []
    for lens in packs.values():
        cu, n = cu_seqlens(lens), max(lens)
        q, k, v = _packed(lens)
        for name in variants:
            calls.append(lambda q=q, k=k, v=v, cu=cu, n=n, name=name: _run(q, k, v, cu, cu, n, True, name))
        if len(set(lens)) == 1:
            b = len(lens)
            qd, kd, vd = (t.view(b, n, H, D).transpose(1, 2).contiguous() for t in (q, k, v))
            dense = lambda qd=qd, kd=kd, vd=vd: attention.flash_attention_forward(qd, kd, vd, True, SCALE)
            calls.append(dense)
    for _ in range(2):
        for fn in calls:
            fn()
        torch.cuda.synchronize()


SMALL_PACK = [512] * 4  # --host's small pack, where host time dominates
DENSE_SHAPES = [(1, 128), (8, 1024)]  # --host's dense calls (batch, seqlen; H2 at B1, else H16; D128 causal)
FLUSH_BYTES = 256 << 20  # do_bench's L2 flush (Triton 3.6: a 256 MB buffer zeroed before each call)


def _host_calls(lens: list[int]) -> dict[str, Any]:
    """The calls ``--host`` times on one pack: name -> a function of nothing (a graph's replay for
    "graph")."""
    from gpuaccel.accel.kernels.flash_attn_interface import flash_attn_varlen_func

    cu, n = cu_seqlens(lens), max(lens)
    q, k, v = _packed(lens)
    qg, kg, vg = (t.detach().clone().requires_grad_() for t in (q, k, v))
    do = torch.randn_like(q)
    o, lse = torch.empty_like(q), torch.empty(H, q.shape[0], device="cuda")

    def both() -> None:
        flash_attn_varlen_func(qg, kg, vg, cu, cu, n, n, causal=True).backward(do)
        qg.grad = kg.grad = vg.grad = None

    def nograd(fn):
        def run():
            with torch.no_grad():
                return fn()

        return run

    calls = {
        "public": lambda: flash_attn_varlen_func(q, k, v, cu, cu, n, n, causal=True),
        "nograd": nograd(lambda: flash_attn_varlen_func(q, k, v, cu, cu, n, n, causal=True)),
        "unchecked": lambda: flash_attention_varlen(q, k, v, cu, cu, n, n, causal=True, check_values=False),
        "grad": lambda: flash_attn_varlen_func(qg, kg, vg, cu, cu, n, n, causal=True),
        "launcher": lambda: launch_gluon_varlen_fwd(q, k, v, o, lse, cu, cu, n, True, SCALE),
        "fwd+bwd": both,
    }
    if lens == SMALL_PACK:  # the dense call beside the small pack (its rows do not depend on the pack)
        from gpuaccel.accel.kernels.flash_attn_interface import flash_attn_func

        for b, s in DENSE_SHAPES:
            dq, dk, dv = (torch.randn(b, s, H if b > 1 else 2, D, device="cuda", dtype=torch.bfloat16)
                          for _ in range(3))  # fmt: skip
            calls[f"dense-{b}x{s}-nograd"] = nograd(
                lambda dq=dq, dk=dk, dv=dv: flash_attn_func(dq, dk, dv, causal=True)
            )
    return calls


def _graph_of(fn) -> Any:
    graph, _ = capture_in_cuda_graph(fn)
    torch.cuda.synchronize()
    return graph.replay


# the public call's parts whose host time --host measures: (label, module, attribute)
HOST_PARTS = [
    ("checks: q/k/v", "attention", "check_packed"),
    ("checks: cu_seqlens (sync when checked)", "attention", "check_cu_seqlens"),
    ("path choice", "attention", "forward_path"),
    ("varlen_forward (allocs, config, items, launch)", "attention", "varlen_forward"),
    ("config", "varlen_fwd", "packed_fwd_config"),
    ("plan signature", "attention", "call_signature"),
    ("items table (allocs + launch)", "varlen_fwd", "varlen_items"),  # before the thirty-fourth session
    ("items table (launch)", "varlen_fwd", "launch_items"),  # since: one buffer, allocated by the caller
    ("forward launch", "varlen_fwd", "launch"),
    ("varlen_backward (all: allocs, items, stats, kernels)", "attention", "varlen_backward"),
]


def host_parts(fn, calls: int = 40) -> dict[str, float]:
    """Median host time per call, us, of ``fn`` and of each of :data:`HOST_PARTS`, the GPU idle at every
    call's start (a sync before it, outside the timing)."""
    import statistics

    mods = {"attention": varlen_attention, "varlen_fwd": varlen_fwd}
    acc: dict[str, list[float]] = {label: [] for label, _, _ in HOST_PARTS}
    cur: dict[str, float] = {}
    saved = []

    def timed(label: str, f):
        def wrapper(*a, **kw):
            t0 = time.perf_counter()
            try:
                return f(*a, **kw)
            finally:
                cur[label] = cur.get(label, 0.0) + (time.perf_counter() - t0) * 1e6

        return wrapper

    for label, mod, attr in HOST_PARTS:
        if not hasattr(mods[mod], attr):  # a part of another version of the code (--host-ab)
            continue
        saved.append((mods[mod], attr, getattr(mods[mod], attr)))
        setattr(mods[mod], attr, timed(label, getattr(mods[mod], attr)))
    total = []
    try:
        for _ in range(calls):
            torch.cuda.synchronize()
            cur.clear()
            t0 = time.perf_counter()
            fn()
            total.append((time.perf_counter() - t0) * 1e6)
            for label in acc:
                acc[label].append(cur.get(label, 0.0))
    finally:
        for mod, attr, f in saved:
            setattr(mod, attr, f)
    torch.cuda.synchronize()
    out = {"call": statistics.median(total)}
    out.update({label: statistics.median(ts) for label, ts in acc.items() if any(ts)})
    return out


def stream_ms(fn, calls: int = 30) -> float:
    """Time per call of ``calls`` back to back (no flush, no sync between): where the host is slower than
    the GPU, the host's time."""
    fn()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    torch.cuda.synchronize()
    start.record()
    for _ in range(calls):
        fn()
    end.record()
    end.synchronize()
    return start.elapsed_time(end) / calls


def profiled_windows(fn, iters: int = 8) -> dict[str, Any]:
    """A do_bench-like loop (256 MB flush, then ``fn``) under torch.profiler: per call (medians over
    ``iters``) each GPU activity's time, the window from the flush's end to the last activity's end, the
    idle time in it, the delay before the first activity, and the host time of the CUDA API calls."""
    import statistics

    cache = torch.empty(FLUSH_BYTES, dtype=torch.int8, device="cuda")
    fn()
    torch.cuda.synchronize()
    acts = [torch.profiler.ProfilerActivity.CPU, torch.profiler.ProfilerActivity.CUDA]
    with torch.profiler.profile(activities=acts) as prof:
        for _ in range(iters):
            cache.zero_()
            fn()
        cache.zero_()
        torch.cuda.synchronize()
    gpu, api = [], []
    for e in prof.events():
        if e.device_type == torch.autograd.DeviceType.CUDA:
            gpu.append((e.time_range.start, e.time_range.end, e.name))
        elif e.name.startswith(("cuda", "cu")) and not e.name.startswith("cudaDeviceSynchronize"):
            api.append((e.time_range.start, e.time_range.end, e.name))
    gpu.sort()
    flush_at = [
        i
        for i, (s, t, name) in enumerate(gpu)
        if ("signed char" in name or name.startswith("Memset")) and t - s > 20
    ]
    per: list[dict[str, Any]] = []
    for a, b in zip(flush_at, flush_at[1:], strict=False):
        inside = gpu[a + 1 : b]
        if not inside:
            continue
        w0 = gpu[a][1]
        busy: dict[str, float] = {}
        for s, t, name in inside:
            busy[name[:50]] = busy.get(name[:50], 0.0) + (t - s)
        per.append({"window": inside[-1][1] - w0, "first_delay": inside[0][0] - w0, "busy": busy,
                    "idle": inside[-1][1] - w0 - sum(busy.values())})  # fmt: skip
    api_us: dict[str, float] = {}
    for s, t, name in api:
        api_us[name] = api_us.get(name, 0.0) + (t - s) / iters
    names = sorted({n for p in per for n in p["busy"]})
    med = lambda xs: statistics.median(xs) if xs else float("nan")
    return {
        "window_first8_us": med([p["window"] for p in per[:8]]),
        "window_last8_us": med([p["window"] for p in per[-8:]]),
        "window_us": med([p["window"] for p in per]),
        "idle_us": med([p["idle"] for p in per]),
        "first_delay_us": med([p["first_delay"] for p in per]),
        "gpu_us": {n: med([p["busy"].get(n, 0.0) for p in per]) for n in names},
        "api_us_per_call": api_us,
        "calls_seen": len(per),
    }


HOST_MODES = ("old", "once", "plan")  # offsets read every call, no plan: every check, the path and the
# configuration chosen, every launch through Triton's JIT (before 2026-11-29's thirty-first session); offsets
# read once per tensor (checks._CHECKED), no plan (before its thirty-third session's plans); and as shipped
# since: a plan per call signature (dense.attention.planned: the checks the signature proves, the path and
# configuration skipped, the launches bound). The thirty-first session's result files
# (varlen_host_20261129-101559-kern4-h200.json, -101919-kern4-abba-h200.json) name its bound launches (an
# option then, varlen_fwd.BIND, now the plan's) "new", its first (-101037-kern4-h200.json) "bound". Not by
# default: "function" (:func:`with_function`), every call through its autograd Function as before the
# thirty-fourth session (later), also where no gradient is needed


def unplanned(fn):
    """``fn`` run with no packed call planned (``varlen.attention``'s signature None: every check, the path
    and the configuration decided, the launches through Triton's JIT), the shipped state restored after."""

    def run():
        signature = varlen_attention.call_signature
        varlen_attention.call_signature = lambda *a, **kw: None
        try:
            return fn()
        finally:
            varlen_attention.call_signature = signature

    return run


def with_function(fn):
    """``fn`` run with every call taking its autograd Function, as before 2026-11-29's thirty-fourth session
    (later), also where no gradient is needed (``needs_autograd`` True in the dense and packed entry points;
    the code of that session on), the shipped test restored after: in one process, the change alone."""
    from gpuaccel.accel.kernels.dense import entry

    mods = [m for m in (entry, varlen_attention) if hasattr(m, "needs_autograd")]

    def run():
        saved = [m.needs_autograd for m in mods]
        for m in mods:
            m.needs_autograd = lambda *ts: True
        try:
            return fn()
        finally:
            for m, f in zip(mods, saved, strict=True):
                m.needs_autograd = f

    return run


def _in_mode(fn, mode: str):
    """``fn`` run as ``mode`` of :data:`HOST_MODES` says, the shipped state restored after."""
    from gpuaccel.accel.kernels import checks

    checked_before = checks._checked_before
    plain = unplanned(fn) if mode in ("old", "once") else with_function(fn) if mode == "function" else fn

    def run():
        if mode == "old":
            checks._checked_before = lambda cu, total, max_seqlen: False
        try:
            return plain()
        finally:
            checks._checked_before = checked_before

    return run


def host_rows(
    packs: dict[str, list[int]],
    rounds: int,
    parts: bool = True,
    only: list[str] | None = None,
    modes: tuple[str, ...] = HOST_MODES,
    profiles: bool = True,
) -> dict[str, Any]:
    """``--host``: per pack, each call of :func:`_host_calls` (``only``: those named) in each of ``modes``
    (:data:`HOST_MODES`; and with ``parts`` the launcher from a CUDA graph), alternated round by round, every
    other round in reverse order (a run's place in the round, e.g. third of three heavy runs on a card at
    its power cap, then favours none): do_bench medians (ms), back-to-back ms per call, speedup over the
    first of ``modes`` per round; with ``parts`` host time by part and the profiled windows (the launcher as
    shipped and its graph over 150 calls, to show the clock under sustained load; ``profiles`` False: host
    time alone)."""
    out: dict[str, Any] = {}
    for key, lens in packs.items():
        calls = {n: fn for n, fn in _host_calls(lens).items() if only is None or n in only}
        runs = {f"{name} {mode}": _in_mode(fn, mode) for name, fn in calls.items() for mode in modes}
        for fn in runs.values():
            fn()
            fn()
        if parts and "launcher" in calls:
            runs["launcher graph"] = _graph_of(calls["launcher"])
        times: dict[str, list[float]] = {name: [] for name in runs}
        streams: dict[str, list[float]] = {name: [] for name in runs}
        for r in range(rounds):
            for name in list(runs)[:: -1 if r % 2 else 1]:
                times[name].append(bench.median_ms(runs[name]))
                streams[name].append(stream_ms(runs[name]))
        med = lambda ts: sorted(ts)[len(ts) // 2]
        row: dict[str, Any] = {"lens": lens, "fwd_flops": varlen_flops(lens, H, D, True, "fwd"), "calls": {}}
        for name, ts in times.items():
            r: dict[str, Any] = {"ms": med(ts), "rounds": ts, "stream_ms": med(streams[name])}
            call, mode = name.rsplit(" ", 1)
            if mode not in (modes[0], "graph") and f"{call} {modes[0]}" in times:
                base = times[f"{call} {modes[0]}"]
                r["speedup_vs_base"] = med([b / a for a, b in zip(ts, base, strict=True)])
                r["won"] = sum(a < b for a, b in zip(ts, base, strict=True))
                r["base"] = modes[0]
            row["calls"][name] = r
        if parts:
            for name, fn in runs.items():
                if name != "launcher graph":
                    row["calls"][name]["host_us"] = host_parts(fn)
                long = name in ("launcher once", "launcher graph")
                if profiles:
                    row["calls"][name]["profiled"] = profiled_windows(fn, 150 if long else 8)
        print(json.dumps({key: {n: {k: v for k, v in r.items() if k in ("ms", "stream_ms", "speedup_vs_base")}
                                for n, r in row["calls"].items()}}), flush=True)  # fmt: skip
        out[key] = row
    return out


def print_host(rows: dict[str, Any]) -> None:
    print(
        "| pack | call | do_bench ms | speedup over the first mode (won) | back-to-back ms | "
        "host us (GPU idle) | profiled: window us, idle us, first delay us | GPU us by kernel |"
    )
    for key, row in rows.items():
        for name, r in row["calls"].items():
            sp = f"{r['speedup_vs_base']:.3f} ({r['won']})" if "speedup_vs_base" in r else ""
            host = r.get("host_us", {}).get("call", float("nan"))
            p = r.get("profiled", {})
            ks = " ".join(f"{n[:24]}={t:.0f}" for n, t in p.get("gpu_us", {}).items())
            win = ", ".join(f"{p.get(f, 0):.0f}" for f in ("window_us", "idle_us", "first_delay_us"))
            ms = f"{r['ms']:.3f} | {sp} | {r['stream_ms']:.3f}"
            print(f"| {key} | {name} | {ms} | {host:.0f} | {win} | {ks} |")
            if p.get("calls_seen", 0) > 16:
                print(f"| {key} | {name}, profiled over {p['calls_seen']} calls | window: first 8 "
                      f"{p['window_first8_us']:.0f} us, last 8 {p['window_last8_us']:.0f} us |")  # fmt: skip
    first = next(iter(rows.values()))
    for name in (
        "public old",
        "public once",
        "public plan",
        "launcher once",
        "fwd+bwd once",
        "fwd+bwd plan",
    ):
        parts = first["calls"].get(name, {}).get("host_us", {})
        print(f"| host parts, {name} | " + "; ".join(f"{k} {v:.0f}" for k, v in parts.items()) + " |")


def host_ab(sides: list[str], procs: int, child: list[str], out: str, tag: str) -> dict[str, Any]:
    """``--host-ab OLD_SRC NEW_SRC``: this script's ``--host`` (``child``: its other arguments) run in
    ``procs`` processes per side with ``PYTHONPATH`` at each ``src`` in turn, alternated (every other pair
    in reverse order): two versions of the code (main's copy against the branch's) in one call, each in a
    fresh process, on the same card. Per pack, call and mode: host us per call with the GPU idle
    (:func:`host_parts`) and do_bench ms, each side's median over its processes, and TFLOP/s from it."""
    import statistics
    import subprocess
    import tempfile

    runs: dict[str, list[dict[str, Any]]] = {side: [] for side in sides}
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(procs):
            for side in sides[:: -1 if r % 2 else 1]:
                env = {**os.environ, "PYTHONPATH": side}
                cmd = [
                    sys.executable,
                    os.path.abspath(__file__),
                    "--host",
                    "--out",
                    tmp,
                    f"--tag=-{r}",
                    *child,
                ]
                done = subprocess.run(cmd, env=env, capture_output=True, text=True)
                if done.returncode:
                    raise SystemExit(f"{side}: {done.stderr[-3000:]}")
                path = done.stdout.strip().splitlines()[-1]
                with open(path) as f:
                    runs[side].append(json.load(f))
                print(f"process {r} {side}: done", flush=True)
    summary: dict[str, Any] = {}
    for side, results in runs.items():
        for res in results:
            for pack, row in res["host"].items():
                for name, r in row["calls"].items():
                    flops = row["fwd_flops"] * (3.5 if name.startswith("fwd+bwd") else 1.0)
                    cell = (
                        summary.setdefault(pack, {})
                        .setdefault(name, {})
                        .setdefault(side, {"host_us": [], "ms": [], "flops": flops})
                    )
                    cell["host_us"].append(r.get("host_us", {}).get("call", float("nan")))
                    cell["ms"].append(r["ms"])
    for pack in summary.values():
        for cell in pack.values():
            for c in cell.values():
                c["host_us_median"] = statistics.median(c["host_us"])
                c["ms_median"] = statistics.median(c["ms"])
                c["tflops"] = c["flops"] / c["ms_median"] * 1e-9
    result = {"env": bench.environment(), "command": " ".join(sys.argv), "sides": sides, "procs": procs,
              "summary": summary, "runs": runs}  # fmt: skip
    os.makedirs(out, exist_ok=True)
    path = os.path.join(out, f"varlen_host_{time.strftime('%Y%m%d-%H%M%S')}{tag}.json")
    with open(path, "w") as f:
        json.dump(result, f, indent=1)
    print("| pack | call | " + " | ".join(f"{s}: host us, do_bench ms, TFLOP/s" for s in sides) + " |")
    for key, pack in summary.items():
        for name, cell in pack.items():
            vals = " | ".join(
                f"{c['host_us_median']:.0f}, {c['ms_median']:.3f}, {c['tflops']:.0f}"
                for c in (cell[s] for s in sides)
            )
            print(f"| {key} | {name} | {vals} |")
    print(path)
    return result


def main(argv: list[str] | None = None) -> int:
    global D, SCALE
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variants", nargs="+", default=["old", "dyn:hg:q2:otma"])
    ap.add_argument("--totals", nargs="+", type=int, default=[16384, 32768])
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--out", default=os.environ.get("OUT", "benchmarks/results"))
    ap.add_argument("--tag", default="")
    ap.add_argument("--profile", action="store_true", help="for ncu: each variant twice, nothing timed")
    ap.add_argument("--both", action="store_true", help="forward+backward through the public call too")
    ap.add_argument("--both-rounds", type=int, default=5)
    ap.add_argument("--warm", action="store_true", help="each variant once everywhere, nothing timed")
    ap.add_argument("--walk-check", action="store_true", help="variants naming options bit-equal to old/...")
    ap.add_argument("--head-dim", type=int, default=128, help="the packs' head dim (--check, --both: 128)")
    ap.add_argument("--no-equal", action="store_true", help="the totals alone: no 2 x 8192, 8 x 4096")
    ap.add_argument("--only-both", action="store_true", help="forward+backward alone (no forward rows)")
    ap.add_argument("--host", action="store_true", help="the public call's time outside its kernel")
    ap.add_argument("--host-calls", nargs="+", help="--host: only these calls (public, unchecked, grad, ...)")
    ap.add_argument("--host-modes", nargs="+", default=list(HOST_MODES), help="--host: of old, once, plan")
    ap.add_argument("--no-parts", action="store_true", help="--host: timing alone (no host parts, profiles)")
    ap.add_argument("--no-profiles", action="store_true", help="--host: host parts without the profiles")
    ap.add_argument(
        "--host-ab",
        nargs=2,
        metavar=("OLD_SRC", "NEW_SRC"),
        help="--host in alternated processes, PYTHONPATH at each src (the other arguments passed on)",
    )
    ap.add_argument("--host-procs", type=int, default=3, help="--host-ab: processes per side")
    args = ap.parse_args(argv)
    if args.host_ab:  # the children take every other argument
        given, child, takes = (
            list(sys.argv[1:] if argv is None else argv),
            [],
            {"--host-ab": 2, "--host-procs": 1, "--out": 1, "--tag": 1},
        )
        while given:
            a = given.pop(0)
            if a == "--host":
                continue
            if a.split("=", 1)[0] in takes:
                del given[: takes.get(a, 0)]
            else:
                child.append(a)
        host_ab(list(args.host_ab), args.host_procs, child, args.out, args.tag)
        return 0
    D, SCALE = args.head_dim, args.head_dim**-0.5
    if not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9:
        print("varlen_fwd_ab needs a Hopper (sm_90) GPU", file=sys.stderr)
        return 2
    packs = {f"{t} tokens": doc_lengths(t, 128, 8192, 0) for t in args.totals}
    equal = {} if args.no_equal else {"2 x 8192": [8192] * 2, "8 x 4096": [4096] * 8}
    if args.profile:
        profile(args.variants, {"2 x 8192": [8192] * 2, **dict(list(packs.items())[:1])})
        return 0
    if args.warm:
        warm(args.variants, {**packs, **equal}, args.both, args.walk_check, args.check)
        return 0
    result: dict[str, Any] = {"env": bench.environment(), "command": " ".join(sys.argv)}
    if args.host:  # and a small pack, where host time dominates
        packs["4 x 512"] = SMALL_PACK
        result["host"] = host_rows({**packs, **equal}, args.rounds, not args.no_parts, args.host_calls,
                                   tuple(args.host_modes), not args.no_profiles)  # fmt: skip
        os.makedirs(args.out, exist_ok=True)
        path = os.path.join(args.out, f"varlen_host_{time.strftime('%Y%m%d-%H%M%S')}{args.tag}.json")
        with open(path, "w") as f:
            json.dump(result, f, indent=1)
        print_host(result["host"])
        print(path)
        return 0
    result["variants"] = args.variants
    result["head_dim"] = D
    if args.check:
        result["check"] = check(args.variants, {**packs, **equal}, args.walk_check)
        print(json.dumps(result["check"]["hard"]), flush=True)
        if args.both:
            result["check_grads"] = check_grads(args.variants)
            print(json.dumps(result["check_grads"]), flush=True)
    result["rows"] = {key: bench_pack(lens, args.variants, args.rounds, key in equal)
                      for key, lens in {**packs, **equal}.items() if not args.only_both}  # fmt: skip
    if args.both or args.only_both:
        rounds = args.both_rounds
        result["both"] = {key: bench_both(lens, args.variants, rounds) for key, lens in packs.items()}
    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, f"varlen_fwd_ab_{time.strftime('%Y%m%d-%H%M%S')}{args.tag}.json")
    with open(path, "w") as f:
        json.dump(result, f, indent=1)
    if "check" in result:
        c = result["check"]
        worst = {k: f"{max(v, key=lambda e: math.inf if e != e else e):.2e}" for k, v in c["hard"].items()}
        print("check:", "ok" if c["ok"] else "FAIL", "hard cases max rel L2 of o", worst,
              "bit-equal to the old walk with the same options",
              {k: all(v.values()) for k, v in c["bit_equal"].items()})  # fmt: skip
        print("| case | ramp | torch bf16 o max | " + " | ".join(args.variants) + " |")
        for r in c["cases"]:
            errs = " | ".join(
                f"{r['v'][n]['o_max']:.4f}{'' if r['v'][n]['ok'] else ' FAIL'}" for n in args.variants
            )
            print(
                f"| {r['lens_q'][:3]}.. H{r['hq']}/{r['hkv']} D{r['d']} {'c' if r['causal'] else 'nc'} | "
                f"{r['ramp']} | {r['torch_bf16_o_max']:.4f} | {errs} |"
            )
    if "check_grads" in result:
        g = result["check_grads"]
        same = {n: [c["v"][n]["o_equal_first"] for c in g["cases"]] for n in g["cases"][0]["v"]}
        print("public call's o bit-equal to the first variant's (the options reach it where False):", same)
        print("grads:", "ok" if g["ok"] else "FAIL",
              [{n: [f"{e:.4f}" for e in r["max"]] for n, r in c["v"].items()} for c in g["cases"]],
              "bars", [[f"{b:.4f}" for b in c["torch_bf16_max"]] for c in g["cases"]])  # fmt: skip
    print("| pack | variant | fwd TFLOP/s | speedup vs first, median of rounds (won) | kernel ms |")
    for key, row in result["rows"].items():
        for name in [*args.variants, "dense"]:
            if name not in row:
                continue
            r = row[name]
            ks = " ".join(f"{k[:18]}={t:.3f}" for k, t in row["kernels"][name].items())
            print(f"| {key} | {name} | {r['tflops']:.0f} | {r['speedup_vs_first']:.3f} ({r['won']}) | {ks} |")
        print(f"| {key} | spread of first {row['spread_first']:.3f} |")
    for key, row in result.get("both", {}).items():
        for name in args.variants:
            if name in row:
                r = row[name]
                ratio = f"{r['speedup_vs_first']:.3f} ({r['won']})"
                print(f"| fwd+bwd {key} | {name} | {r['tflops']:.0f} | {ratio} |")
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
