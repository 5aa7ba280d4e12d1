"""Short calls as a training loop makes them: forward+backward one after another, ours vs SDPA's cuDNN and
flash (FA2) backends, alternated in one process (issue 41, target 4: B8 H16 N1024 causal >= 0.9x cuDNN).

Per case and implementation, a loop of ``--calls`` steps ``o = attn(q, k, v); autograd.grad(o, (q, k, v),
do)`` with no synchronisation inside, timed by the wall clock from one synchronize to the next: the time
per step a caller sees, host and GPU together (host-bound when the host's time per step exceeds the
GPU's). Rounds alternate the implementations (rotating which goes first); the median over rounds is
reported with the spread. TFLOP/s count the forward as ``4*B*H*N^2*D`` (halved causal) and
forward+backward as 3.5x that. Also the forward alone, and one correctness check per case (ours vs an
fp32 reference: relative L2 of o and the three gradients).

``--probe``: where a tiny call's host time goes (1, 2, 128, 64): a cProfile of ours with autograd's
engine threads off (everything on the calling thread, C functions timed as their own entries), and with
them on, the time from entering ``autograd.grad`` to our backward starting on the engine's device thread,
its own duration, and from its end to ``grad`` returning (medians), beside a Python ``Function`` whose
backward returns canned gradients.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

CASES = [(8, 16, 1024, 128), (4, 16, 1024, 128), (8, 16, 2048, 128)]


def _impls() -> dict[str, Callable[..., Any]]:
    import torch.nn.functional as F
    from torch.nn.attention import SDPBackend, sdpa_kernel

    from gpuaccel.accel.kernels import flash_attention

    def sdpa(backend: Any) -> Callable[..., Any]:
        def fn(q: Any, k: Any, v: Any) -> Any:
            with sdpa_kernel(backend):
                return F.scaled_dot_product_attention(q, k, v, is_causal=True)

        return fn

    return {
        "ours": lambda q, k, v: flash_attention(q, k, v, causal=True),
        "sdpa_cudnn": sdpa(SDPBackend.CUDNN_ATTENTION),
        "sdpa_flash": sdpa(SDPBackend.FLASH_ATTENTION),
    }


def loop_ms(step: Callable[[], Any], calls: int) -> float:
    import torch

    for _ in range(3):
        step()
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(calls):
        step()
    torch.cuda.synchronize()
    return (time.perf_counter() - t0) / calls * 1e3


def _inputs(shape: tuple[int, int, int, int]) -> tuple[Any, Any, Any, Any]:
    """q, k, v (bf16, requiring grad) and dO of ``shape``, the same seed for every case and mode."""
    import torch

    g = torch.Generator(device="cuda").manual_seed(0)
    q, k, v = (
        torch.randn(shape, device="cuda", dtype=torch.bfloat16, generator=g).requires_grad_()
        for _ in range(3)
    )
    return q, k, v, torch.randn(shape, device="cuda", dtype=torch.bfloat16, generator=g)


def run_case(shape: tuple[int, int, int, int], rounds: int, calls: int) -> dict[str, Any]:
    import torch

    from gpuaccel.accel.kernels import reference

    b, h, n, d = shape
    q, k, v, do = _inputs(shape)
    impls = _impls()
    fwd_flops = 4 * b * h * n * n * d / 2
    qf, kf, vf = (t.detach().float().requires_grad_() for t in (q, k, v))
    ro = reference.flash_attention(qf, kf, vf, causal=True)
    want = (ro.detach(), *torch.autograd.grad(ro, (qf, kf, vf), do.float()))
    o = impls["ours"](q, k, v)
    got = (o.detach(), *torch.autograd.grad(o, (q, k, v), do))
    rel = [((a.float() - w).norm() / w.norm()).item() for a, w in zip(got, want, strict=True)]
    samples: dict[str, dict[str, list[float]]] = {name: {"fwd_bwd": [], "fwd": []} for name in impls}
    names = list(impls)
    for r in range(rounds):
        order = names[r % len(names) :] + names[: r % len(names)]
        for name in order:
            fn = impls[name]

            def both(fn: Any = fn) -> Any:
                return torch.autograd.grad(fn(q, k, v), (q, k, v), do)

            def fwd(fn: Any = fn) -> Any:
                with torch.no_grad():
                    return fn(q, k, v)

            samples[name]["fwd_bwd"].append(loop_ms(both, calls))
            samples[name]["fwd"].append(loop_ms(fwd, calls))
    row: dict[str, Any] = {"shape": shape, "causal": True, "rel_l2_o_dq_dk_dv": rel, "impls": {}}
    for name, s in samples.items():
        fb, f = statistics.median(s["fwd_bwd"]), statistics.median(s["fwd"])
        row["impls"][name] = {
            "fwd_bwd_ms": fb,
            "fwd_bwd_ms_all": s["fwd_bwd"],
            "fwd_ms": f,
            "fwd_ms_all": s["fwd"],
            "fwd_bwd_tflops": 3.5 * fwd_flops / fb / 1e9,
            "fwd_tflops": fwd_flops / f / 1e9,
        }
    cudnn = row["impls"]["sdpa_cudnn"]
    row["ours_over_cudnn_fwd_bwd"] = cudnn["fwd_bwd_ms"] / row["impls"]["ours"]["fwd_bwd_ms"]
    row["ours_over_cudnn_fwd_bwd_per_round"] = [
        c / o for c, o in zip(cudnn["fwd_bwd_ms_all"], row["impls"]["ours"]["fwd_bwd_ms_all"], strict=True)
    ]
    row["ours_over_cudnn_fwd"] = cudnn["fwd_ms"] / row["impls"]["ours"]["fwd_ms"]
    return row


def probe(out_dir: str, shape: tuple[int, int, int, int] = (1, 2, 128, 64)) -> dict[str, Any]:
    import torch

    from gpuaccel.accel.kernels import flash_attention
    from gpuaccel.accel.kernels.dense import attention

    q, k, v = (torch.randn(shape, device="cuda", dtype=torch.bfloat16, requires_grad=True) for _ in range(3))
    do = torch.randn(shape, device="cuda", dtype=torch.bfloat16)

    def step() -> Any:
        return torch.autograd.grad(flash_attention(q, k, v, causal=True), (q, k, v), do)

    for _ in range(50):
        step()
    torch.cuda.synchronize()
    torch.autograd.set_multithreading_enabled(False)
    prof = cProfile.Profile()
    try:
        prof.enable()
        for _ in range(2000):
            step()
        prof.disable()
    finally:
        torch.autograd.set_multithreading_enabled(True)
    text = io.StringIO()
    pstats.Stats(prof, stream=text).sort_stats("tottime").print_stats(40)
    with open(os.path.join(out_dir, "short_call_profile_engine_threads_off.txt"), "w") as fh:
        fh.write(f"2000 forward+backward calls of ours at {shape} bf16 causal, autograd engine threads off\n")
        fh.write(text.getvalue())

    class Canned(torch.autograd.Function):
        @staticmethod
        def forward(ctx, q, k, v):  # type: ignore[override]
            ctx.save_for_backward(q, k, v)
            return torch.empty_like(q)

        @staticmethod
        def backward(ctx, g):  # type: ignore[override]
            stamps.append(time.perf_counter())
            q, k, v = ctx.saved_tensors
            out = torch.empty_like(q), torch.empty_like(k), torch.empty_like(v)
            stamps.append(time.perf_counter())
            return out

    micro: dict[str, float] = {}
    from timeit import repeat

    from gpuaccel.accel.kernels.dense import direct_launch

    launches = [f for _, (_, _, bound) in attention.kept_plans() for f in bound.values()]
    bound_launch = next(f for f in launches if isinstance(f, direct_launch.DirectLaunch) and f._maps)
    params = bound_launch._maps[0][2]
    fill = direct_launch._tma_encoder()
    for name, fn in {
        "fill_tma_descriptor": lambda: fill(q.data_ptr(), *params),
        "torch.empty_like": lambda: torch.empty_like(q),
        "new_empty+unbind": lambda: q.new_empty((2, 1, 2, 1, 128), dtype=torch.float32).unbind(0),
        "torch.cuda.current_device": torch.cuda.current_device,
        "flash_attention_forward (no grad)": lambda: attention.flash_attention_forward(q, k, v, True, 0.125),
    }.items():
        micro[name] = min(repeat(fn, number=2000, repeat=5)) / 2000 * 1e6
    torch.cuda.synchronize()

    stamps: list[float] = []
    real_backward = attention.FlashAttentionFunction.backward

    def timed_backward(ctx: Any, *grads: Any) -> Any:
        stamps.append(time.perf_counter())
        out = real_backward(ctx, *grads)
        stamps.append(time.perf_counter())
        return out

    result: dict[str, Any] = {"shape": shape, "micro_us": micro}
    for name, fwd in (
        ("ours", lambda: flash_attention(q, k, v, causal=True)),
        ("canned_python_function", lambda: Canned.apply(q, k, v)),
    ):
        attention.FlashAttentionFunction.backward = staticmethod(timed_backward)  # type: ignore[method-assign]
        try:
            split: list[tuple[float, float, float, float]] = []
            for i in range(1200):
                tf = time.perf_counter()
                o = fwd()
                stamps.clear()
                t0 = time.perf_counter()
                torch.autograd.grad(o, (q, k, v), do)
                t3 = time.perf_counter()
                if i >= 200 and len(stamps) == 2:
                    split.append((t0 - tf, stamps[0] - t0, stamps[1] - stamps[0], t3 - stamps[1]))
        finally:
            attention.FlashAttentionFunction.backward = staticmethod(real_backward)  # type: ignore[method-assign]
        result[name] = {
            part: statistics.median(s[j] for s in split) * 1e6
            for j, part in enumerate(
                ("forward_us", "grad_to_backward_us", "backward_us", "backward_to_return_us")
            )
        }
        result[name]["samples"] = len(split)
    return result


def trace(shape: tuple[int, int, int, int], steps: int, rounds: int, out_dir: str) -> dict[str, Any]:
    """Where a step's time goes as a training loop calls it: a ``torch.profiler`` trace of ``steps`` forward+
    backward steps per implementation (after a warm-up), read back for the host's time per step (the
    ``step`` range on the calling thread), the GPU's (kernel time per step, and the idle gaps between
    kernels inside the timed window), the CUDA runtime calls (count and host time per step; a synchronising
    call shows here) and the host ops that took longest, per thread (autograd runs the backward on its
    device thread). Also the loop's wall time per step with autograd's engine threads on and off
    (medians of ``rounds`` alternated loops)."""
    import torch
    from torch.profiler import ProfilerActivity, profile, record_function

    q, k, v, do = _inputs(shape)
    result: dict[str, Any] = {"shape": shape, "steps": steps, "impls": {}}
    for name, fn in _impls().items():

        def step(fn: Any = fn) -> Any:
            return torch.autograd.grad(fn(q, k, v), (q, k, v), do)

        walls: dict[str, list[float]] = {"threads_on_ms": [], "threads_off_ms": []}
        for _ in range(rounds):
            walls["threads_on_ms"].append(loop_ms(step, 40))
            torch.autograd.set_multithreading_enabled(False)
            try:
                walls["threads_off_ms"].append(loop_ms(step, 40))
            finally:
                torch.autograd.set_multithreading_enabled(True)
        wall: dict[str, Any] = {key: statistics.median(ms) for key, ms in walls.items()}
        wall["rounds"] = walls
        for _ in range(10):
            step()
        torch.cuda.synchronize()
        with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
            for _ in range(steps):
                with record_function("step"):
                    step()
            torch.cuda.synchronize()
        path = os.path.join(out_dir, f"trace_{name}_{'x'.join(map(str, shape))}.json")
        prof.export_chrome_trace(path)
        with open(path) as fh:
            events = [e for e in json.load(fh)["traceEvents"] if e.get("ph") == "X"]
        result["impls"][name] = {**wall, **_read_trace(events, steps)}
    return result


def _read_trace(events: list[dict[str, Any]], steps: int) -> dict[str, Any]:
    """Per-step numbers from a Chrome trace's complete events (see :func:`trace`)."""
    marks = sorted((e for e in events if e.get("name") == "step" and e.get("cat") == "user_annotation"),
                   key=lambda e: e["ts"])  # fmt: skip
    kernels = sorted((e for e in events if e.get("cat") == "kernel"), key=lambda e: e["ts"])
    runtime: dict[str, list[float]] = {}
    for e in events:
        if e.get("cat") == "cuda_runtime" or e.get("cat") == "cuda_driver":
            runtime.setdefault(e["name"], []).append(e["dur"])
    per_kernel: dict[str, list[float]] = {}
    for e in kernels:
        per_kernel.setdefault(e["name"][:60], []).append(e["dur"])
    gaps, end = [], None
    for e in kernels:
        if end is not None and e["ts"] > end:
            gaps.append(e["ts"] - end)
        end = max(end or 0.0, e["ts"] + e["dur"])
    ops: dict[tuple[Any, str], float] = {}
    for e in events:
        if e.get("cat") == "cpu_op":
            key = (e.get("tid"), e["name"][:50])
            ops[key] = ops.get(key, 0.0) + e["dur"]
    main_tid = marks[0].get("tid") if marks else None
    top = sorted(ops.items(), key=lambda kv: -kv[1])[:14]
    return {
        "host_step_us": statistics.median(e["dur"] for e in marks) if marks else None,
        "host_step_us_all": [e["dur"] for e in marks],
        "kernel_us_per_step": sum(e["dur"] for e in kernels) / steps,
        "kernels_per_step": len(kernels) / steps,
        "gpu_idle_between_kernels_us_per_step": sum(gaps) / steps,
        "gpu_window_us_per_step": ((kernels[-1]["ts"] + kernels[-1]["dur"] - kernels[0]["ts"]) / steps)
        if kernels
        else None,
        "kernel_median_us": {k: statistics.median(v) for k, v in per_kernel.items()},
        "runtime_per_step": {k: (len(v) / steps, sum(v) / steps) for k, v in sorted(runtime.items())},
        "top_cpu_ops_us_per_step": [
            ("main" if tid == main_tid else f"thread {tid}", name, us / steps) for (tid, name), us in top
        ],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", nargs="+", default=[], help="B,H,N,D cases (causal) instead of the defaults")
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--calls", type=int, default=40)
    ap.add_argument("--probe", action="store_true")
    ap.add_argument("--probe-shape", default="1,2,128,64", help="B,H,N,D the probe runs at")
    ap.add_argument("--trace", default="", help="B,H,N,D: profile this case's steps instead (see trace())")
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--label", default="")
    ap.add_argument("--out", default="")
    args = ap.parse_args(argv)
    import torch
    import triton

    out_dir = args.out or "."
    os.makedirs(out_dir, exist_ok=True)
    result: dict[str, Any] = {
        "benchmark": "short_call_ab",
        "label": args.label,
        "device": torch.cuda.get_device_name(),
        "torch": torch.__version__,
        "triton": triton.__version__,
        "cudnn": torch.backends.cudnn.version(),
        "python": sys.version.split()[0],
        "rounds": args.rounds,
        "calls_per_loop": args.calls,
        "cases": [],
    }
    if args.trace:
        shape = tuple(int(x) for x in args.trace.split(","))
        result["trace"] = trace(shape, args.steps, args.rounds, out_dir)  # type: ignore[arg-type]
        with open(os.path.join(out_dir, f"short_call_trace_{args.label or 'run'}.json"), "w") as fh:
            json.dump(result, fh, indent=1)
        for name, r in result["trace"]["impls"].items():
            print(
                f"{name}: wall {r['threads_on_ms']:.3f} ms (threads off {r['threads_off_ms']:.3f});"
                f" host step {r['host_step_us']:.0f} us; kernels {r['kernel_us_per_step']:.0f} us"
                f" ({r['kernels_per_step']:.1f}/step),"
                f" GPU idle {r['gpu_idle_between_kernels_us_per_step']:.0f} us/step"
            )
            for k, (c, us) in r["runtime_per_step"].items():
                if us > 3:
                    print(f"   runtime {k}: {c:.1f}/step {us:.0f} us/step")
            for who, op, us in r["top_cpu_ops_us_per_step"][:8]:
                print(f"   {who:>14} {op:50s} {us:7.0f} us/step")
        return 0
    cases = [tuple(int(x) for x in c.split(",")) for c in args.cases] or CASES
    for shape in cases:
        result["cases"].append(run_case(shape, args.rounds, args.calls))
    if args.probe:
        result["probe"] = probe(out_dir, tuple(int(x) for x in args.probe_shape.split(",")))  # type: ignore[arg-type]
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = os.path.join(out_dir, f"short_call_ab_{stamp}{'_' + args.label if args.label else ''}.json")
    with open(path, "w") as fh:
        json.dump(result, fh, indent=1)
    if args.probe:
        print("probe (us, medians):", json.dumps(result["probe"]))
    print(f"{args.label}  ms per fwd+bwd step as called (median of {args.rounds} rounds; TFLOP/s)")
    print("B,H,N,D causal | ours | sdpa_cudnn | sdpa_flash | ours/cuDNN (per round) | fwd ours/cuDNN")
    for row in result["cases"]:
        im = row["impls"]
        cells = [f"{im[n]['fwd_bwd_ms']:.3f} ({im[n]['fwd_bwd_tflops']:.0f})" for n in im]
        rounds = " ".join(f"{x:.2f}" for x in row["ours_over_cudnn_fwd_bwd_per_round"])
        print(
            ",".join(map(str, row["shape"])),
            "|",
            " | ".join(cells),
            f"| {row['ours_over_cudnn_fwd_bwd']:.2f} ({rounds}) | {row['ours_over_cudnn_fwd']:.2f}",
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
