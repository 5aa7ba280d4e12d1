"""``attention.bench`` and ``attention.sweep``: our Triton kernels vs SDPA's backends and FlexAttention.

FLOPs (reported with every number): forward 4*B*H*Nq*Nk*D, halved when causal; backward 2.5x forward;
TFLOP/s from medians of ``triton.testing.do_bench``. ``attention.bench`` measures one shape for the chosen
implementations; ``attention.sweep`` a grid of shapes, writing a text table, JSON and a PNG plot.
Validation is import-safe (no torch); torch, triton and matplotlib are imported only in ``run``.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from gpuaccel.accel.workloads.registry import Spec, SpecError, Workload, check_memory, register
from gpuaccel.accel.workloads.report import Reporter

IMPLS = ("ours", "sdpa_flash", "sdpa_cudnn", "sdpa_efficient", "flex")
DTYPES = ("bf16", "fp16", "fp8")
MODES = ("fwd", "bwd", "both")
BENCH_DEFAULTS: dict[str, Any] = {
    "shape": [4, 16, 4096, 128],
    "dtype": "bf16",
    "causal": False,
    "mode": "both",
    "impls": list(IMPLS),
}
SWEEP_DEFAULTS: dict[str, Any] = {
    "shapes": [[16, 16, 1024, 128], [8, 16, 2048, 128], [4, 16, 4096, 128], [2, 16, 8192, 128]],
    "dtype": "bf16",
    "causal": False,
    "mode": "fwd",
    "impls": ["ours", "sdpa_flash", "sdpa_cudnn"],
    "out_dir": "",
}


def _shape(field: str, value: Any) -> list[int]:
    ok = isinstance(value, list | tuple) and len(value) == 4
    ok = ok and all(isinstance(x, int) and not isinstance(x, bool) and x > 0 for x in value)
    if not ok:
        raise SpecError(field, f"must be [batch, heads, seq, head_dim] positive integers; got {value!r}")
    if value[3] % 16 or value[3] > 256:
        raise SpecError(field, f"head_dim must be a multiple of 16 up to 256; got {value[3]}")
    return list(value)


def _common(out: Spec) -> Spec:
    if out["dtype"] not in DTYPES:
        raise SpecError("dtype", f"must be one of {', '.join(DTYPES)}; got {out['dtype']!r}")
    if out["mode"] not in MODES:
        raise SpecError("mode", f"must be one of {', '.join(MODES)}; got {out['mode']!r}")
    if not isinstance(out["causal"], bool):
        raise SpecError("causal", f"must be true or false; got {out['causal']!r}")
    impls = out["impls"]
    if not isinstance(impls, list) or not impls or any(i not in IMPLS for i in impls):
        raise SpecError("impls", f"must be a non-empty list from {', '.join(IMPLS)}; got {impls!r}")
    if out["dtype"] == "fp8" and out["mode"] != "fwd":
        raise SpecError("mode", "fp8 is forward-only; use mode 'fwd'")
    if out["dtype"] == "fp8" and "ours" not in impls:
        raise SpecError("impls", f"fp8 measures only 'ours' (the others have no e4m3 path); got {impls!r}")
    return out


def _fits(field: str, shape: list[int], mode: str) -> list[int]:
    b, h, n, d = shape
    tensors = 4 if mode == "fwd" else 8  # q, k, v, o (+ do, dq, dk, dv), 2 bytes each
    check_memory(field, 2 * tensors * b * h * n * d / 2**30, f"shape {shape} (mode {mode})")
    return shape


def validate_bench(spec: Spec) -> Spec:
    unknown = sorted(set(spec) - set(BENCH_DEFAULTS))
    if unknown:
        raise SpecError(unknown[0], f"unknown field; attention.bench accepts {', '.join(BENCH_DEFAULTS)}")
    out = _common({**BENCH_DEFAULTS, **spec})
    out["shape"] = _fits("shape", _shape("shape", out["shape"]), out["mode"])
    return out


def validate_sweep(spec: Spec) -> Spec:
    unknown = sorted(set(spec) - set(SWEEP_DEFAULTS))
    if unknown:
        raise SpecError(unknown[0], f"unknown field; attention.sweep accepts {', '.join(SWEEP_DEFAULTS)}")
    out = _common({**SWEEP_DEFAULTS, **spec})
    shapes = out["shapes"]
    if not isinstance(shapes, list) or not 1 <= len(shapes) <= 64:
        raise SpecError("shapes", f"must be a list of 1 to 64 shapes; got {shapes!r}")
    out["shapes"] = [
        _fits(f"shapes[{i}]", _shape(f"shapes[{i}]", s), out["mode"]) for i, s in enumerate(shapes)
    ]
    if not isinstance(out["out_dir"], str):
        raise SpecError("out_dir", "must be a directory path string ('' = the current directory)")
    return out


def _need_cuda() -> None:
    import torch

    if not torch.cuda.is_available():
        raise RuntimeError(
            f"attention benchmarks need a CUDA GPU; torch {torch.__version__} sees none (run on a GPU host)"
        )


def _measure(shapes: list[list[int]], spec: Spec, reporter: Reporter) -> list[Any]:
    from gpuaccel.accel.kernels.bench import attention as bench

    impls = [i for i in spec["impls"] if spec["dtype"] != "fp8" or i == "ours"]
    total, done, results = len(shapes) * len(impls), 0, []
    for shape in shapes:
        for impl in impls:
            r = bench.bench_impl(impl, tuple(shape), spec["dtype"], spec["causal"], spec["mode"])
            results.append(r)
            done += 1
            for kind in ("fwd", "bwd"):
                value = getattr(r, f"{kind}_tflops")
                if value is not None:
                    reporter.metric(f"{impl}.{kind}_tflops", value, exact=True, unit="TFLOP/s")
            shown = f"{r.fwd_tflops:.0f}" if r.fwd_tflops else (r.note or "-")
            reporter.progress(done / total, f"{impl} {shape}: fwd {shown} TFLOP/s")
    return results


def run_bench(spec: Spec, reporter: Reporter) -> dict[str, Any]:
    _need_cuda()
    from gpuaccel.accel.kernels.bench import attention as bench

    results = _measure([spec["shape"]], spec, reporter)
    table = bench.format_table(results, spec["mode"], header=json.dumps(bench.environment()))
    print(table, flush=True)
    return {
        "formula": bench.FLOP_FORMULA,
        "env": bench.environment(),
        "results": [r.as_dict() for r in results],
    }


def plot_png(results: list[Any], path: Path, title: str) -> None:
    """TFLOP/s against sequence length, one line per implementation (forward, and backward if measured)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 5), dpi=110)
    for impl in IMPLS:
        for kind, style in (("fwd", "-o"), ("bwd", "--s")):
            pts = [(r.shape[2], getattr(r, f"{kind}_tflops")) for r in results if r.impl == impl]
            pts = [(n, t) for n, t in pts if t]
            if pts:
                ax.plot(*zip(*sorted(pts), strict=True), style, label=f"{impl} {kind}")
    ax.set_xscale("log", base=2)
    ax.set_xlabel("sequence length N")
    ax.set_ylabel("TFLOP/s (fwd 4*B*H*N*N*D, /2 causal; bwd 2.5x)")
    ax.set_title(title, fontsize=9)
    ax.grid(True, alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def run_sweep(spec: Spec, reporter: Reporter) -> dict[str, Any]:
    _need_cuda()
    from gpuaccel.accel.kernels.bench import attention as bench

    results = _measure(spec["shapes"], spec, reporter)
    env = bench.environment()
    title = (
        f"{env['device']} {spec['dtype']} causal={spec['causal']} torch {env['torch']} triton {env['triton']}"
    )
    table = bench.format_table(results, spec["mode"], header=title)
    out_dir = Path(spec["out_dir"] or ".")
    out_dir.mkdir(parents=True, exist_ok=True)
    stem = out_dir / f"attention_sweep_{spec['dtype']}_{time.strftime('%Y%m%d-%H%M%S')}"
    stem.with_suffix(".txt").write_text(table + "\n")
    payload = {
        "formula": bench.FLOP_FORMULA,
        "env": env,
        "spec": spec,
        "results": [r.as_dict() for r in results],
    }
    stem.with_suffix(".json").write_text(json.dumps(payload, indent=1, default=str))
    plot_png(results, stem.with_suffix(".png"), title)
    print(table, flush=True)
    return {**payload, "table": str(stem.with_suffix(".txt")), "plot": str(stem.with_suffix(".png"))}


BENCH = register(
    Workload(
        kind="attention.bench",
        summary="one attention shape: our Triton kernel vs SDPA backends and FlexAttention (TFLOP/s, error)",
        validate=validate_bench,
        run=run_bench,
    )
)
SWEEP = register(
    Workload(
        kind="attention.sweep",
        summary="a grid of attention shapes: table, JSON and PNG plot of TFLOP/s per implementation",
        validate=validate_sweep,
        run=run_sweep,
    )
)
