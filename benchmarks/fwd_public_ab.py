"""The public forward call against the kernel launch it makes, in one process, with cuDNN's SDPA beside both.

Why: issue 41's forward target (>= 1.10x cuDNN at D64/D128, N 4k-16k) was read in two ways that disagreed.
The kernel A/B (``fwd_d128_ab.py``: the bound launch, alternated rounds, cuDNN in the same rounds) put D128
non-causal at 1.056-1.088x cuDNN; the public table (``attention_bench.py --impls ours sdpa_cudnn --mode
fwd``: one ``do_bench`` of each implementation in turn, once per process) gave 0.99x at 4,16,4096 in one
process and 1.07x in the one before (docs/kernels-log.md, 2026-11-28, twenty-fifth session). This script
splits the candidates, each on the same inputs in one process:

- ``rounds``: alternated rounds (the order rotated every round) of ``public`` (``flash_attention(q, k, v)``
  under ``no_grad``, exactly the table's call: a fresh o/lse each call), ``kernel`` (the bound launch of
  ``gluon_fwd_config(d, n, n, causal)`` into fixed buffers, the A/B's ``shipped``), ``kernel again`` and
  ``cudnn``, each by ``bench.attention.median_ms`` (the A/B's timing); the SM clock, board power and
  temperature sampled by ``nvidia-smi`` every 50 ms during each timing (``--no-smi`` to skip).
- ``table``: the public table's own method, ``bench.attention.bench_impl`` for ours then cuDNN (its
  ``do_bench(warmup=25, rep=100)``, the fp32 reference error first), ``--table-reps`` times, the order
  swapped every other time: the spread of the ratio one process's table can print.
- ``kernels``: the GPU kernels each call launches and their device times (``torch.profiler``), and the
  launch grid of the attention kernel in each (from the profiler's trace): whether the public path launches
  anything the kernel A/B does not.

Reads the card's state only; changes nothing.

  python benchmarks/fwd_public_ab.py [--shapes 1,16,16384,128 ...] [--rounds 9] [--table-reps 5]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

SHAPES = ["1,16,16384,128", "2,16,8192,128", "4,16,4096,128", "4,32,4096,64", "2,32,8192,64"]
SMI_QUERY = "timestamp,clocks.sm,power.draw,temperature.gpu,clocks_event_reasons.sw_power_cap"


class Smi:
    """``nvidia-smi`` sampling the SM clock, power and temperature every 50 ms into a file (read only)."""

    def __init__(self, on: bool) -> None:
        self.proc: subprocess.Popen[bytes] | None = None
        self.path = Path(tempfile.mkdtemp()) / "smi.csv"
        if on:
            try:
                self.proc = subprocess.Popen(
                    ["nvidia-smi", f"--query-gpu={SMI_QUERY}", "--format=csv,noheader,nounits", "-lms", "50"],
                    stdout=self.path.open("wb"), stderr=subprocess.DEVNULL,
                )  # fmt: skip
            except OSError:
                self.proc = None

    def samples(self) -> list[tuple[float, float, float, float, str]]:
        """(unix time, SM MHz, W, deg C, sw power cap) rows read so far."""
        out = []
        if not self.path.exists():
            return out
        for line in self.path.read_text().splitlines():
            parts = [p.strip() for p in line.split(",")]
            if len(parts) < 5:
                continue
            try:
                ts = datetime.datetime.strptime(parts[0], "%Y/%m/%d %H:%M:%S.%f").timestamp()
                out.append((ts, float(parts[1]), float(parts[2]), float(parts[3]), parts[4]))
            except ValueError:
                continue
        return out

    def window(self, t0: float, t1: float) -> dict[str, Any]:
        """Median SM clock, power, temperature between two host times (and the samples' count)."""
        rows = [r for r in self.samples() if t0 <= r[0] <= t1]
        if not rows:
            return {}
        return {
            "sm_mhz": statistics.median(r[1] for r in rows),
            "power_w": statistics.median(r[2] for r in rows),
            "temp_c": statistics.median(r[3] for r in rows),
            "power_capped": sum(r[4].lower() == "active" for r in rows) / len(rows),
            "n": len(rows),
        }

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(timeout=10)


def fns(spec: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The four timed calls on one shape's inputs (the table's ``make_inputs``) and their facts."""
    import torch

    from gpuaccel.accel.kernels.bench.attention import implementation, make_inputs
    from gpuaccel.accel.kernels.dense.entry import flash_attention
    from gpuaccel.accel.kernels.gluon.fwd import launch_gluon_fwd
    from gpuaccel.accel.kernels.tuning.configs import gluon_fwd_config

    dims, *rest = spec.split(":")
    b, h, n, d = (int(x) for x in dims.split(","))
    causal = rest == ["c"]
    q, k, v = make_inputs(b, h, n, d, torch.bfloat16)
    cfg = gluon_fwd_config(d, n, n, causal)
    o, lse = torch.empty_like(q), torch.empty(b, h, n, device="cuda")
    scale = d**-0.5

    def public() -> Any:
        with torch.no_grad():
            return flash_attention(q, k, v, causal=causal)

    def bound_fn() -> Any:
        bound: dict[str, Any] = {}
        return lambda: launch_gluon_fwd(q, k, v, o, lse, causal, scale, cfg, bound)

    cudnn = implementation("sdpa_cudnn", "bf16")
    out = {
        "public": public,
        "kernel": bound_fn(),
        "kernel again": bound_fn(),
        "cudnn": lambda: cudnn(q, k, v, causal),
    }
    for f in out.values():
        f()
    torch.cuda.synchronize()
    # the public call's output against the bound launch's: the same kernel on the same inputs, so equal
    same = bool(torch.equal(public(), (out["kernel"](), o)[1]))
    facts = {
        "b": b,
        "h": h,
        "n": n,
        "d": d,
        "causal": causal,
        "cfg": cfg.label(),
        "public_equals_kernel": same,
    }
    return out, facts


def rounds(spec: str, n_rounds: int, smi: Smi) -> dict[str, Any]:
    """Alternated rounds, order rotated each round; per-round ratios."""
    from gpuaccel.accel.kernels.bench.attention import attention_flops, median_ms

    calls, facts = fns(spec)
    flops = attention_flops(
        facts["b"], facts["h"], facts["n"], facts["n"], facts["d"], facts["causal"], "fwd"
    )
    names = list(calls)
    row: dict[str, Any] = {
        "shape": spec,
        **facts,
        "flops": flops,
        "v": {k: {"ms": [], "smi": []} for k in names},
    }
    for r in range(n_rounds):
        order = names[r % len(names) :] + names[: r % len(names)]
        for name in order:
            t0 = time.time()
            ms = median_ms(calls[name])
            row["v"][name]["ms"].append(ms)
            row["v"][name]["smi"].append(smi.window(t0, time.time()))
    for x in row["v"].values():
        x["median_ms"] = statistics.median(x["ms"])
        x["tflops"] = flops / x["median_ms"] / 1e9
        mhz = [s["sm_mhz"] for s in x["smi"] if s]
        x["median_sm_mhz"] = statistics.median(mhz) if mhz else None
    v = row["v"]

    def per_round(a: str, b_: str) -> list[float]:  # a's speed over b's: b's time / a's time
        return [tb / ta for ta, tb in zip(v[a]["ms"], v[b_]["ms"], strict=True)]

    row["ratios"] = {
        "public/kernel": per_round("public", "kernel"),
        "kernel again/kernel": per_round("kernel again", "kernel"),
        "public/cudnn": per_round("public", "cudnn"),
        "kernel/cudnn": per_round("kernel", "cudnn"),
    }
    return row


def table(spec: str, reps: int) -> dict[str, Any]:
    """The public table's method (``bench_impl``), ours and cuDNN, ``reps`` times, order swapped."""
    from gpuaccel.accel.kernels.bench.attention import bench_impl

    dims, *rest = spec.split(":")
    shape = tuple(int(x) for x in dims.split(","))
    causal = rest == ["c"]
    ours, cud = [], []
    for r in range(reps):
        pair = ("ours", "sdpa_cudnn") if r % 2 == 0 else ("sdpa_cudnn", "ours")
        got = {name: bench_impl(name, shape, "bf16", causal, "fwd") for name in pair}  # type: ignore[arg-type]
        ours.append(got["ours"].fwd_tflops)
        cud.append(got["sdpa_cudnn"].fwd_tflops)
    ratios = [a / c for a, c in zip(ours, cud, strict=True)]
    return {"shape": spec, "ours_tflops": ours, "cudnn_tflops": cud, "ratio": ratios}


def kernels(spec: str) -> dict[str, Any]:
    """Each call's GPU kernels (names, device ms a call) and the attention kernel's grid, by the profiler."""
    import torch

    from gpuaccel.accel.kernels.bench.attention import kernel_times

    calls, _ = fns(spec)
    out: dict[str, Any] = {"shape": spec}
    for name in ("public", "kernel", "cudnn"):
        out[name] = {"kernels_ms": kernel_times(calls[name], calls=5)}
        with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
            calls[name]()
            torch.cuda.synchronize()
        trace = Path(tempfile.mkdtemp()) / "t.json"
        prof.export_chrome_trace(str(trace))
        events = json.loads(trace.read_text()).get("traceEvents", [])
        out[name]["grids"] = [
            {"name": e.get("name", "")[:60], "grid": e.get("args", {}).get("grid"),
             "block": e.get("args", {}).get("block"), "smem": e.get("args", {}).get("shared memory")}
            for e in events if e.get("cat") == "kernel"
        ]  # fmt: skip
    return out


def host_us(spec: str, calls_n: int = 200) -> dict[str, float]:
    """Host microseconds a call (the launch path alone: timed while the GPU queue is already long)."""
    import torch

    calls, _ = fns(spec)
    out = {}
    for name in ("public", "kernel", "cudnn"):
        f = calls[name]
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(calls_n):
            f()
        out[name] = (time.perf_counter() - t0) / calls_n * 1e6
        torch.cuda.synchronize()
    return out


def spread(xs: list[float]) -> str:
    return f"{statistics.median(xs):.3f} ({min(xs):.3f}-{max(xs):.3f})"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shapes", nargs="+", default=SHAPES, help="B,H,N,D[:c] (c: causal), bf16")
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--table-reps", type=int, default=5)
    ap.add_argument("--no-smi", action="store_true")
    ap.add_argument("--json", default=None)
    args = ap.parse_args(argv)
    import torch

    if not torch.cuda.is_available() or torch.cuda.get_device_capability()[0] != 9:
        print("needs a Hopper (sm_90) GPU", file=sys.stderr)
        return 2
    from gpuaccel.accel.kernels.bench.attention import environment

    env = environment()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = Path(args.json or Path(__file__).parent / "results" / f"fwd_public_ab_{stamp}.json")
    path.parent.mkdir(parents=True, exist_ok=True)
    out: dict[str, Any] = {"what": __doc__.splitlines()[0], "env": env, "argv": argv or sys.argv[1:]}
    out["formula"] = "TFLOP/s = 4*B*H*N^2*D (halved causal) / do_bench median; ratio = speed over speed"
    out["rows"], out["table"], out["kernels"], out["host_us"] = [], [], [], {}
    smi = Smi(not args.no_smi)
    try:
        for spec in args.shapes:
            out["rows"].append(rounds(spec, args.rounds, smi))
            path.write_text(json.dumps(out, indent=1))
            torch.cuda.empty_cache()
        for spec in args.shapes:
            out["table"].append(table(spec, args.table_reps))
            path.write_text(json.dumps(out, indent=1))
        for spec in args.shapes[:1]:
            out["kernels"].append(kernels(spec))
            out["host_us"][spec] = host_us(spec)
    finally:
        smi.stop()
        path.write_text(json.dumps(out, indent=1))
    if os.environ.get("OUT"):
        import shutil

        shutil.copy(smi.path, Path(os.environ["OUT"]) / "smi.csv")
    print(f"# {out['formula']}; {env}")
    print(
        "shape | cfg | public | kernel | again | cuDNN (TFLOP/s, medians) | public/kernel | again/kernel"
        " | public/cuDNN | kernel/cuDNN (by round: median (range)) | SM MHz public/kernel/cuDNN | same output"
    )
    for r in out["rows"]:
        v, rt = r["v"], r["ratios"]
        mhz = "/".join(
            f"{v[k]['median_sm_mhz']:.0f}" if v[k]["median_sm_mhz"] else "-"
            for k in ("public", "kernel", "cudnn")
        )
        cells = [r["shape"], r["cfg"]] + [
            f"{v[k]['tflops']:.0f}" for k in ("public", "kernel", "kernel again", "cudnn")
        ]
        cells += [
            spread(rt[k]) for k in ("public/kernel", "kernel again/kernel", "public/cudnn", "kernel/cudnn")
        ]
        print(" | ".join([*cells, mhz, str(r["public_equals_kernel"])]))
    print("table method (bench_impl, ours and cuDNN, order swapped each rep): shape | ours | cuDNN | ratio")
    for t in out["table"]:
        cols = [" ".join(f"{x:.0f}" for x in t[k]) for k in ("ours_tflops", "cudnn_tflops")]
        print(" | ".join([t["shape"], *cols, " ".join(f"{x:.3f}" for x in t["ratio"])]))
    for kk in out["kernels"]:
        for name in ("public", "kernel", "cudnn"):
            ks = "; ".join(f"{n} {ms:.3f} ms" for n, ms in kk[name]["kernels_ms"].items())
            print(f"kernels {kk['shape']} {name}: {ks} | grids {kk[name]['grids']}")
    for spec, hu in out["host_us"].items():
        print(f"host us a call {spec}: " + ", ".join(f"{k} {x:.1f}" for k, x in hu.items()))
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
