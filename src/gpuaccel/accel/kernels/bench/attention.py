"""Side-by-side attention benchmark core: our kernels, SDPA's backends and FlexAttention in one run.

FLOPs (stated with every number): forward 4*B*H*Nq*Nk*D, halved when causal; backward 2.5x forward;
forward+backward (one autograd step) 3.5x forward. H is the query heads; a shape ``(B, H, N, D, Hkv)``
gives grouped-query attention with Hkv key/value heads. FlashAttention-4 (``fa4``: ``flash_attn.cute``
of the ``flash-attn-4`` package) is timed when asked for by name and installed; it takes its inputs
sequence-major, so its tensors are stored (B, N, H, D) and handed to it without a copy.
Times are medians of ``triton.testing.do_bench`` (CUDA events) after its warm-up. Errors are max-abs
against the fp32 reference on the same inputs (first batch element, at most 4 heads, to bound memory).
Used by the ``attention.bench``/``attention.sweep`` workloads, ``gpuaccel bench attention`` and
benchmarks/attention_bench.py.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

import torch

IMPLS = ("ours", "sdpa_flash", "sdpa_cudnn", "sdpa_efficient", "flex")
OPTIONAL_IMPLS = ("fa4",)  # timed only when named: a package of its own, not a dependency of ours
FLOP_FORMULA = (
    "fwd FLOPs = 4*B*H*Nq*Nk*D (/2 causal); bwd = 2.5 x fwd; fwd+bwd = 3.5 x fwd; "
    "TFLOP/s = FLOPs / median time"
)
DTYPES = {"bf16": torch.bfloat16, "fp16": torch.float16, "fp8": torch.bfloat16}


def attention_flops(b: int, h: int, nq: int, nk: int, d: int, causal: bool, mode: str) -> float:
    f = 4.0 * b * h * nq * nk * d
    if causal:
        f /= 2
    return f * {"fwd": 1.0, "bwd": 2.5, "fwd_bwd": 3.5}[mode]


@dataclass
class Result:
    impl: str
    shape: tuple[int, ...]  # B, H, N, D[, Hkv]
    dtype: str
    causal: bool
    fwd_ms: float | None = None
    bwd_ms: float | None = None
    fwd_tflops: float | None = None
    bwd_tflops: float | None = None
    fwd_bwd_ms: float | None = None  # one autograd step: forward, then the three gradients
    fwd_bwd_tflops: float | None = None
    fwd_err: float | None = None
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _sdpa(backend_name: str) -> Callable[..., torch.Tensor]:
    import torch.nn.functional as F
    from torch.nn.attention import SDPBackend, sdpa_kernel

    backend = {
        "sdpa_flash": SDPBackend.FLASH_ATTENTION,
        "sdpa_cudnn": SDPBackend.CUDNN_ATTENTION,
        "sdpa_efficient": SDPBackend.EFFICIENT_ATTENTION,
    }[backend_name]

    def fn(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool) -> torch.Tensor:
        with sdpa_kernel([backend]):
            return F.scaled_dot_product_attention(
                q, k, v, is_causal=causal, enable_gqa=k.shape[1] != q.shape[1]
            )

    return fn


_FLEX: dict[str, Any] = {}


def _flex() -> Callable[..., torch.Tensor]:
    from torch.nn.attention.flex_attention import create_block_mask, flex_attention

    if "fn" not in _FLEX:
        _FLEX["fn"] = torch.compile(flex_attention, dynamic=False)
    compiled = _FLEX["fn"]

    def fn(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool) -> torch.Tensor:
        mask = None
        if causal:
            key = (q.shape[2], k.shape[2])
            if key not in _FLEX:
                _FLEX[key] = create_block_mask(
                    lambda b, h, qi, ki: qi >= ki, None, None, q.shape[2], k.shape[2], device=q.device
                )
            mask = _FLEX[key]
        return compiled(q, k, v, block_mask=mask, enable_gqa=k.shape[1] != q.shape[1])

    return fn


def _fa4() -> Callable[..., torch.Tensor]:
    from flash_attn.cute import flash_attn_func

    def fn(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool) -> torch.Tensor:
        # (B, H, N, D) views of (B, N, H, D) storage (make_inputs(seq_major=True)): the transposes are free
        out = flash_attn_func(q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2), causal=causal)
        return (out[0] if isinstance(out, tuple) else out).transpose(1, 2)

    return fn


def fa4_version() -> str | None:
    """The installed ``flash-attn-4`` distribution's version, or None."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("flash-attn-4")
    except PackageNotFoundError:
        return None


def implementation(name: str, dtype_name: str) -> Callable[..., torch.Tensor]:
    if name == "ours":
        if dtype_name == "fp8":
            from gpuaccel.accel.kernels.fp8.attention import flash_attention_fp8

            return lambda q, k, v, causal: flash_attention_fp8(q, k, v, causal=causal)
        from gpuaccel.accel.kernels.dense.entry import flash_attention

        return lambda q, k, v, causal: flash_attention(q, k, v, causal=causal)
    if name.startswith("sdpa_"):
        return _sdpa(name)
    if name == "flex":
        return _flex()
    if name == "fa4":
        return _fa4()
    raise ValueError(f"unknown implementation {name!r}; known: {', '.join(IMPLS + OPTIONAL_IMPLS)}")


def make_inputs(
    b: int,
    h: int,
    n: int,
    d: int,
    dtype: torch.dtype,
    hkv: int | None = None,
    grad: bool = False,
    seq_major: bool = False,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """(B, H, N, D) inputs; ``seq_major`` stores them (B, N, H, D) and returns transposed views, which are
    still leaves (their gradients land in the same layout, so no copy is timed)."""
    hkv = hkv or h

    def one(heads: int) -> torch.Tensor:
        if not seq_major:
            return torch.randn(b, heads, n, d, device="cuda", dtype=dtype, requires_grad=grad)
        t = torch.randn(b, n, heads, d, device="cuda", dtype=dtype).transpose(1, 2)
        return t.requires_grad_(grad)

    return one(h), one(hkv), one(hkv)


def reference_error(
    out: torch.Tensor, q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool
) -> float:
    from gpuaccel.accel.kernels.reference import attention_with_lse

    hs = min(4, q.shape[1])
    hk = max(1, hs * k.shape[1] // q.shape[1])
    with torch.no_grad():
        ref, _ = attention_with_lse(
            q[:1, :hs], k[:1, :hk], v[:1, :hk], causal, 1 / math.sqrt(q.shape[-1]), row_block=1024
        )
    return (out[:1, :hs].float() - ref).abs().max().item()


def bench_impl(
    name: str, shape: tuple[int, int, int, int], dtype_name: str, causal: bool, mode: str
) -> Result:
    """Time one implementation on one shape (B, H, N, D[, Hkv]); errors become a note (e.g. a backend that
    refuses the shape). Mode ``both`` also times one forward+backward step (``torch.autograd.grad``)."""
    from triton.testing import do_bench

    b, h, n, d = shape[:4]
    hkv = shape[4] if len(shape) > 4 else h
    res = Result(name, shape, dtype_name, causal)
    try:
        fn = implementation(name, dtype_name)
        need_bwd = mode in ("bwd", "both") and dtype_name != "fp8"
        q, k, v = make_inputs(b, h, n, d, DTYPES[dtype_name], hkv, grad=need_bwd, seq_major=name == "fa4")
        with torch.no_grad():
            out = fn(q, k, v, causal)
        res.fwd_err = reference_error(out, q, k, v, causal)
        if mode in ("fwd", "both"):
            with torch.no_grad():
                res.fwd_ms = do_bench(lambda: fn(q, k, v, causal), warmup=25, rep=100, return_mode="median")
            res.fwd_tflops = attention_flops(b, h, n, n, d, causal, "fwd") / res.fwd_ms / 1e9
        if need_bwd:
            o = fn(q, k, v, causal)
            do = torch.randn_like(o)
            res.bwd_ms = do_bench(
                lambda: o.backward(do, retain_graph=True), warmup=25, rep=100, grad_to_none=[q, k, v],
                return_mode="median",
            )  # fmt: skip
            res.bwd_tflops = attention_flops(b, h, n, n, d, causal, "bwd") / res.bwd_ms / 1e9
            del o
            if mode == "both":
                res.fwd_bwd_ms = do_bench(
                    lambda: torch.autograd.grad(fn(q, k, v, causal), (q, k, v), do), warmup=25, rep=100,
                    return_mode="median",
                )  # fmt: skip
                res.fwd_bwd_tflops = attention_flops(b, h, n, n, d, causal, "fwd_bwd") / res.fwd_bwd_ms / 1e9
        if name == "ours":
            res.extra["configs"] = tuned_configs(shape, causal, dtype_name)
            if dtype_name == "fp8":  # Gluon on Hopper: no tuned configuration, the path says which ran
                from gpuaccel.accel.kernels.fp8.attention import fp8_path

                res.extra["fwd_path"] = fp8_path(q, causal)
            else:
                from gpuaccel.accel.kernels.dense.attention import backward_path, forward_path

                res.extra["fwd_path"] = forward_path(q)
                res.extra["bwd_path"] = backward_path(q, causal)
                if res.extra["bwd_path"] == "gluon" and need_bwd:
                    from gpuaccel.accel.kernels.dense.attention import padded_head_dim
                    from gpuaccel.accel.kernels.tuning.configs import forced, gluon_bwd_config

                    pinned = forced("bwd", causal)
                    res.extra["configs"]["bwd"] = (pinned or gluon_bwd_config(padded_head_dim(d))).label()
    except Exception as exc:  # report, never hide: the table shows the reason
        res.note = f"{type(exc).__name__}: {str(exc).splitlines()[0][:120] if str(exc) else ''}"
    finally:
        torch.cuda.empty_cache()
    return res


def bench_rounds(
    names: list[str], shape: tuple[int, ...], dtype_name: str, causal: bool, mode: str, rounds: int
) -> list[Result]:
    """``rounds`` rounds of :func:`bench_impl` over ``names`` on one problem, the order rotated round by
    round, merged by :func:`merge_rounds`: a ratio is then read from timings taken side by side over the
    run, not from one ``do_bench`` each, taken one after the other. On an H200 at its power cap a single
    draw that follows an idle gap starts at a higher clock than one under steady load, and single draws
    of cuDNN's forward at 4,16,4096,128 measured 588-662 TFLOP/s (docs/kernels-log.md, 2026-11-28,
    twenty-sixth session)."""
    got: dict[str, list[Result]] = {name: [] for name in names}
    for r in range(max(1, rounds)):
        for name in rotated(names, r):
            got[name].append(bench_impl(name, shape, dtype_name, causal, mode))
    return [merge_rounds(got[name]) for name in names]


def rotated(names: list[str], r: int) -> list[str]:
    """``names`` started at position r (mod its length): round r's order."""
    k = r % len(names) if names else 0
    return names[k:] + names[:k]


def merge_rounds(rounds: list[Result]) -> Result:
    """One implementation's rounds on one problem as one :class:`Result`: each time the median of the rounds
    that timed it, its TFLOP/s from that median; every round's times in ``extra["rounds"]``; the first
    round's error and extras; a note from any round (a failure is reported, not averaged away)."""
    first = rounds[0]
    if len(rounds) == 1:
        return first
    out = Result(first.impl, first.shape, first.dtype, first.causal, fwd_err=first.fwd_err)
    out.extra = dict(first.extra)
    out.note = next((r.note for r in rounds if r.note), "")
    b, h, n, d = first.shape[:4]
    out.extra["rounds"] = {}
    for kind in ("fwd", "bwd", "fwd_bwd"):
        times = [t for t in (getattr(r, f"{kind}_ms") for r in rounds) if t is not None]
        out.extra["rounds"][f"{kind}_ms"] = times
        if times and not out.note:
            ms = statistics.median(times)
            setattr(out, f"{kind}_ms", ms)
            setattr(out, f"{kind}_tflops", attention_flops(b, h, n, n, d, first.causal, kind) / ms / 1e9)
    return out


def tuned_configs(shape: tuple[int, int, int, int], causal: bool, dtype_name: str) -> dict[str, str]:
    """The configurations our kernels used for this problem (``{"fwd": "fwd128x64w4s2", ...}``): pinned
    ones first, else what the tuner picked, so a result records which kernel variant produced it."""
    from gpuaccel.accel.kernels.dense.attention import padded_head_dim
    from gpuaccel.accel.kernels.tuning import configs as tuning

    b, h, n, d = shape[:4]
    kinds = ("fwd_fp8",) if dtype_name == "fp8" else ("fwd", "bwd")
    dims = (b, h, n, n, padded_head_dim(d))
    out = {}
    for key, cfg in tuning.cached().items():
        kind, s, dtype, key_causal = key
        key_dims = (s.batch, s.heads_q, s.seq_q, s.seq_k, s.head_dim)
        if kind in kinds and key_causal == causal and dtype == DTYPES[dtype_name] and key_dims == dims:
            out[kind] = cfg.label()
    for kind in kinds:
        pinned = tuning.forced(kind, causal)
        if pinned is not None:
            out[kind] = pinned.label()
    return out


def _fmt(x: float | None) -> str:
    return "-" if x is None else f"{x:.0f}"


def format_table(results: list[Result], mode: str, header: str = "") -> str:
    """One row per (shape, causal): TFLOP/s per implementation (fwd / bwd, and fwd+bwd where timed), the
    ratios ours/cuDNN and, when FlashAttention-4 ran, ours/FA4."""
    impls = [i for i in IMPLS + OPTIONAL_IMPLS if any(r.impl == i for r in results)]
    with_fb = any(r.fwd_bwd_tflops is not None for r in results)
    attrs = ("fwd_tflops", "bwd_tflops") + (("fwd_bwd_tflops",) if with_fb else ())
    versus = [("sdpa_cudnn", "cuDNN")] + ([("fa4", "FA4")] if "fa4" in impls else [])
    keys: list[tuple[Any, ...]] = []
    for r in results:
        if (r.shape, r.causal, r.dtype) not in keys:
            keys.append((r.shape, r.causal, r.dtype))
    lines = [f"# {header}" if header else "", f"# {FLOP_FORMULA}"]
    what = "fwd/bwd/fwd+bwd" if with_fb else "fwd/bwd"
    ratio_cols = []
    for _, label in versus:
        ratio_cols += [f"ours/{label} fwd", "bwd"] + (["fwd+bwd"] if with_fb else [])
    cols = ["B,H,N,D[,Hkv]", "causal", "dtype"] + [f"{i} {what}" for i in impls] + ratio_cols + ["ours err"]
    lines.append(" | ".join(cols))
    for shape, causal, dt in keys:
        row = {r.impl: r for r in results if (r.shape, r.causal, r.dtype) == (shape, causal, dt)}
        cells = [",".join(map(str, shape)), "yes" if causal else "no", dt]
        for i in impls:
            r = row.get(i)
            cells.append("n/a" if r is None or r.note else " / ".join(_fmt(getattr(r, a)) for a in attrs))
        ours = row.get("ours")
        for other, _ in versus:
            them = row.get(other)
            for attr in attrs:
                a = getattr(ours, attr, None) if ours else None
                c = getattr(them, attr, None) if them else None
                cells.append(f"{a / c:.2f}x" if a and c else "-")
        cells.append(f"{ours.fwd_err:.1e}" if ours and ours.fwd_err is not None else "-")
        lines.append(" | ".join(cells))
    for kind in ("fwd", "bwd"):
        paths = sorted({r.extra[f"{kind}_path"] for r in results if f"{kind}_path" in r.extra})
        if paths:
            what = "forward" if kind == "fwd" else "backward"
            lines.append(
                f"# ours {what} path: {', '.join(paths)} (gluon: Hopper Gluon kernels, triton: tl.*)"
            )
    notes = [f"{r.impl} {r.shape}: {r.note}" for r in results if r.note]
    lines += [f"# note: {n}" for n in notes]
    return "\n".join(x for x in lines if x)


def write_check(result: dict[str, Any], stem: str, out: str, log: list[str], table_text: str | None) -> int:
    """A check script's ending: its JSON as ``<out>/<stem>_<stamp>.json``, its log, then (benchmarked) the
    environment line, the formula and the table; the exit code says whether every check passed."""
    import json
    import time
    from pathlib import Path

    path = Path(out) / f"{stem}_{time.strftime('%Y%m%d-%H%M%S')}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(result, indent=1))
    print("\n".join(log))
    if table_text is not None:
        env = result["env"]
        print(f"# {env['device']}, torch {env['torch']}, triton {env['triton']}, cuDNN {env['cudnn']}")
        print(f"# {FLOP_FORMULA}")
        print(table_text)
    print(f"wrote {path}")
    return 0 if result.get("check_ok", True) else 1


def median_ms(fn: Callable[[], object], rep: int = 100) -> float:
    """``fn``'s do_bench median, ms (10 warm-up calls): the A/B scripts' one timing, old and new alike."""
    from triton.testing import do_bench

    return float(do_bench(fn, warmup=10, rep=rep, return_mode="median"))


def kernel_times(fn: Callable[[], object], calls: int = 5) -> dict[str, float]:
    """Each CUDA kernel's GPU time per call of ``fn``, ms, from the profiler (by name, cut at 60 characters):
    the kernels' own durations, so neither the host's noise nor a read back to the host is counted."""
    fn()
    torch.cuda.synchronize()
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
        for _ in range(calls):
            fn()
        torch.cuda.synchronize()
    out: dict[str, float] = {}
    for e in prof.events():
        if e.device_type == torch.autograd.DeviceType.CUDA:
            out[e.name[:60]] = out.get(e.name[:60], 0.0) + e.device_time / 1e3 / calls
    return out


def environment() -> dict[str, str]:
    import triton

    props = torch.cuda.get_device_properties(0)
    return {
        "device": props.name,
        "sms": str(props.multi_processor_count),
        "torch": torch.__version__,
        "triton": triton.__version__,
        "cuda": str(torch.version.cuda),
        "cudnn": str(torch.backends.cudnn.version()),
    }


def autograd_check(
    b: int, hq: int, hkv: int, nq: int, nk: int, d: int, causal: bool, dtype: torch.dtype, tol: float = 2e-2
) -> tuple[bool, str]:
    """:func:`errors_vs_reference` judged (``tol`` on o and the gradients, 1e-2 on the LSE) and its log line,
    which names the forward and backward paths dispatch took for this head size."""
    from gpuaccel.accel.kernels.dense import attention

    errs, same_inf = errors_vs_reference(b, hq, hkv, nq, nk, d, causal, dtype)
    good = all(e < (tol if n != "lse" else 1e-2) for n, e in errs.items()) and same_inf
    probe = torch.empty(1, 1, 1, d, device="cuda", dtype=dtype)
    paths = f"{attention.forward_path(probe)} fwd + {attention.backward_path(probe, causal)} bwd"
    line = (
        f"autograd ({paths}) B{b} Hq{hq} Hkv{hkv} Nq{nq} Nk{nk} D{d} causal={causal}: "
        + " ".join(f"{n}={e:.1e}" for n, e in errs.items())
        + ("  ok" if good else "  FAIL")
    )
    return good, line


def errors_vs_reference(
    b: int,
    hq: int,
    hkv: int,
    nq: int,
    nk: int,
    d: int,
    causal: bool,
    dtype: torch.dtype,
    device: str = "cuda",
) -> tuple[dict[str, float], bool]:
    """Our forward and all three gradients against the fp32 reference, on fresh random inputs.

    Returns relative L2 errors of o/dq/dk/dv, the max-abs error of the finite LSE entries, and whether
    rows that see no key hold -inf in both. Shared by the benchmark's ``--check`` and the GPU tests so
    both judge the kernels the same way.
    """
    from gpuaccel.accel.kernels import flash_attention, reference

    q = torch.randn(b, hq, nq, d, device=device, dtype=dtype, requires_grad=True)
    k = torch.randn(b, hkv, nk, d, device=device, dtype=dtype, requires_grad=True)
    v = torch.randn(b, hkv, nk, d, device=device, dtype=dtype, requires_grad=True)
    o, lse = flash_attention(q, k, v, causal=causal, return_lse=True)
    do = torch.randn_like(o)
    grads = torch.autograd.grad(o, (q, k, v), do)
    qf, kf, vf = (t.detach().float().requires_grad_() for t in (q, k, v))
    ro, rl = reference.flash_attention(qf, kf, vf, causal=causal, return_lse=True)
    rgrads = torch.autograd.grad(ro, (qf, kf, vf), do.float())
    fin = torch.isfinite(rl)
    errs = {"o": ((o.float() - ro).norm() / ro.norm()).item(), "lse": (lse[fin] - rl[fin]).abs().max().item()}
    for name, g, r in zip(("dq", "dk", "dv"), grads, rgrads, strict=True):
        errs[name] = ((g.float() - r).norm() / r.norm()).item()
    return errs, bool((lse[~fin] == rl[~fin]).all())


def plain_attention(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, causal: bool, scale: float
) -> torch.Tensor:
    """Plain PyTorch attention computing in the inputs' dtype, [B, H, N, D] (GQA by repeated heads; causal
    bottom-right aligned): the forward standard's bar, whose max error the kernels may at most double."""
    group = q.shape[1] // k.shape[1]
    k, v = k.repeat_interleave(group, 1), v.repeat_interleave(group, 1)
    s = (q @ k.transpose(-1, -2)) * scale
    if causal:
        nq, nk = q.shape[2], k.shape[2]
        keep = torch.arange(nk, device=q.device)[None] <= torch.arange(nq, device=q.device)[:, None] + nk - nq
        s = s.masked_fill(~keep, float("-inf"))
    return torch.softmax(s, -1).nan_to_num(0.0) @ v


RESCALE_PATTERNS = ("random", "jump", "creep", "never")


def rescale_inputs(
    b: int, hq: int, hkv: int, nq: int, nk: int, d: int, pattern: str, seed: int = 0
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """bf16 q, k, v whose scores exercise the forward's conditional rescaling (``GluonFwdConfig.
    rescale_log2``): q[..., 0] = 8 and a ramp in k[..., 0] move every row's max along the keys by
    8 * ramp / sqrt(d) * log2(e) log2 units (10 of ramp: 10.2 at D128, 14.4 at D64). ``jump``: 0, then
    10 from the middle key on (past a threshold of 8 mid-row); ``creep``: 0 -> 12 linearly (less than the
    threshold a block, more in all, so a stale max must be caught up); ``never``: 10 on the first 64 keys
    and 0 after (the max is found in block 0 and never grows); ``random``: plain normal values."""
    if pattern not in RESCALE_PATTERNS:
        raise ValueError(f"pattern must be one of {RESCALE_PATTERNS}, got {pattern!r}")
    gen = torch.Generator(device="cuda").manual_seed(seed)
    q = torch.randn(b, hq, nq, d, device="cuda", generator=gen)
    k = torch.randn(b, hkv, nk, d, device="cuda", generator=gen)
    v = torch.randn(b, hkv, nk, d, device="cuda", generator=gen)
    if pattern != "random":
        keys = torch.arange(nk, device="cuda", dtype=torch.float32)
        ramp = {
            "jump": (keys >= nk // 2).float() * 10.0,
            "creep": keys / max(nk - 1, 1) * 12.0,
            "never": (keys < 64).float() * 10.0,
        }[pattern]
        q[..., 0] = 8.0
        k[..., 0] = ramp
    return q.bfloat16(), k.bfloat16(), v.bfloat16()


def forward_check(
    b: int, hq: int, hkv: int, nq: int, nk: int, d: int, causal: bool, dtype: torch.dtype, seed: int = 0
) -> dict[str, Any]:
    """Our forward (the path this GPU dispatches to) against the fp32 reference, on outputs poisoned with
    NaN so that a tile the kernel never writes shows up (the allocator can hand back a block that already
    holds the reference's answer). Returns the relative L2 error of o, the max-abs error of the finite lse
    entries, whether any NaN is left, whether rows that see no key hold -inf in both, and the path."""
    from gpuaccel.accel.kernels import reference
    from gpuaccel.accel.kernels.dense import attention

    gen = torch.Generator(device="cuda").manual_seed(seed)
    q = torch.randn(b, hq, nq, d, device="cuda", dtype=dtype, generator=gen)
    k = torch.randn(b, hkv, nk, d, device="cuda", dtype=dtype, generator=gen)
    v = torch.randn(b, hkv, nk, d, device="cuda", dtype=dtype, generator=gen)
    scale = 1 / math.sqrt(d)
    path = attention.forward_path(q)
    ro, rl = reference.flash_attention_forward(q.float(), k.float(), v.float(), causal, scale)
    o = torch.full_like(q, float("nan"))
    lse = torch.full((b, hq, nq), float("nan"), device="cuda")
    attention.flash_attention_forward(q, k, v, causal, scale, out=(o, lse))
    fin = torch.isfinite(rl)
    return {
        "o": ((o.float() - ro).norm() / ro.norm().clamp_min(1e-6)).item(),
        "lse": (lse[fin] - rl[fin]).abs().max().item() if fin.any() else 0.0,
        "nan": bool(torch.isnan(o).any() or torch.isnan(lse).any()),
        "inf_rows_match": bool((lse[~fin] == rl[~fin]).all()),
        "path": path,
    }
