"""Where the time of a value-dim (MLA 192/128) forward+backward step goes, ours against cuDNN's (Hopper).

    PYTHONPATH=src python3 benchmarks/value_dim_profile.py --kernels [--shapes 2,16,8192,192,128 ...]
        [--impls ours ours_dq_q256 sdpa_cudnn] [--causal both] [--steps 5] [--out DIR] [--tag NAME]
    ncu --clock-control none --profile-from-start off --section SpeedOfLight ... \
        --metrics sm__cycles_active.max,sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active \
        -o prof python3 benchmarks/value_dim_profile.py --ncu-step [selection]   (value_dim_device.sh's NCU)
    python3 benchmarks/value_dim_profile.py --ncu-read raw.csv   (ncu -i prof.ncu-rep --page raw --csv)

``--kernels``: each implementation's step (forward, then ``backward`` from a fixed dO; value_dim_bench's
implementations and settings: ``ours`` as dispatched, ``ours_dq_q256`` the backward's dQ on q/k padded to 256,
``sdpa_cudnn``) warmed, then ``--steps`` steps under torch.profiler (CUDA activities): every kernel's GPU time
a step (the mean), and the kernels' sum. Prints one line a kernel, writes value_dim_kernels_<stamp>.json.

``--ncu-step``: each selected (shape, causal, implementation) warmed by two steps, then one step between
``torch.cuda.profiler`` start and stop, for ncu's ``--profile-from-start off``. ``--ncu-read``: one line a
kernel of a raw-page CSV: time, SM clock, SMs' active cycles (mean and most: the tail), tensor-pipe and issue
activity, achieved occupancy, registers, shared memory, and the four largest stall reasons.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

DEFAULT_SHAPES = ["2,16,8192,192,128"]
DEFAULT_IMPLS = ["ours", "ours_dq_q256", "sdpa_cudnn"]


def _inputs(shape: tuple[int, ...]) -> tuple[Any, ...]:
    import torch

    b, h, n, d, dv = shape
    gen = torch.Generator(device="cuda").manual_seed(0)
    mk = lambda dim: torch.randn(b, h, n, dim, device="cuda", dtype=torch.bfloat16, generator=gen)
    q, k, v, do = mk(d), mk(d), mk(dv), mk(dv)
    return tuple(t.requires_grad_() for t in (q, k, v)) + (do,)


def _step(fn: Any, q: Any, k: Any, v: Any, do: Any, causal: bool) -> None:
    for t in (q, k, v):
        t.grad = None
    fn(q, k, v, causal).backward(do)


def _selection(args: argparse.Namespace) -> list[tuple[tuple[int, ...], bool, str]]:
    flags = {"both": (True, False), "yes": (True,), "no": (False,)}[args.causal]
    return [
        (tuple(int(x) for x in spec.split(",")), causal, name)
        for spec in args.shapes
        for causal in flags
        for name in args.impls
    ]


def kernels(args: argparse.Namespace) -> int:
    import torch
    from torch.profiler import ProfilerActivity, profile
    from value_dim_bench import _pair, _settings, impls

    from gpuaccel.accel.kernels.bench.attention import environment

    fns = impls()
    rows: list[dict[str, Any]] = []
    lines = []
    for shape, causal, name in _selection(args):
        q, k, v, do = _inputs(shape)
        fn = fns["ours" if name.startswith("ours") else name]
        with _settings(name, _pair(shape)):
            for _ in range(3):
                _step(fn, q, k, v, do, causal)
            torch.cuda.synchronize()
            with profile(activities=[ProfilerActivity.CUDA]) as prof:
                for _ in range(args.steps):
                    _step(fn, q, k, v, do, causal)
                torch.cuda.synchronize()
        per: dict[str, list[float]] = defaultdict(list)
        for e in prof.events():
            if e.device_type == torch.autograd.DeviceType.CUDA and e.device_time > 0:
                per[e.name].append(e.device_time / 1e3)  # ms
        total = sum(sum(t) for t in per.values()) / args.steps
        for kname, times in sorted(per.items(), key=lambda kv: -sum(kv[1])):
            ms = sum(times) / args.steps
            row = {"shape": list(shape), "causal": causal, "impl": name, "kernel": kname, "ms_per_step": ms,
                   "launches_per_step": len(times) / args.steps, "share": ms / total}  # fmt: skip
            rows.append(row)
            if ms >= 0.01:
                lines.append(f"{','.join(map(str, shape))} | {'yes' if causal else 'no'} | {name} | "
                             f"{kname[:70]} | {ms:.3f} | {row['share']:.2f}")  # fmt: skip
        lines.append(f"{','.join(map(str, shape))} | {'yes' if causal else 'no'} | {name} | (all kernels) | "
                     f"{total:.3f} | 1.00")  # fmt: skip
        print("\n".join(lines[-min(len(lines), 8) :]), flush=True)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    tag = f"-{args.tag}" if args.tag else ""
    path = out / f"value_dim_kernels_{time.strftime('%Y%m%d-%H%M%S')}{tag}.json"
    path.write_text(json.dumps({"env": environment(), "args": vars(args), "rows": rows}, indent=1))
    print(f"wrote {path}")
    print("B,H,N,Dqk,Dv | causal | impl | kernel | GPU ms a step (mean of the profiled steps) | share")
    print("\n".join(lines))
    return 0


def ncu_step(args: argparse.Namespace) -> int:
    import torch
    from value_dim_bench import _pair, _settings, impls

    fns = impls()
    for shape, causal, name in _selection(args):
        q, k, v, do = _inputs(shape)
        fn = fns["ours" if name.startswith("ours") else name]
        with _settings(name, _pair(shape)):
            for _ in range(2):
                _step(fn, q, k, v, do, causal)
            torch.cuda.synchronize()
            torch.cuda.profiler.start()
            _step(fn, q, k, v, do, causal)
            torch.cuda.synchronize()
            torch.cuda.profiler.stop()
        print(f"profiled {shape} causal={causal} {name}", flush=True)
    return 0


RAW = {  # column of the raw page -> label
    "gpu__time_duration.sum": "ms",
    "gpc__cycles_elapsed.avg.per_second": "GHz",
    "gpc__cycles_elapsed.max": "elapsed",
    "sm__cycles_active.avg": "active avg",
    "sm__cycles_active.max": "active max",
    "sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_active": "tensor %",
    "smsp__issue_active.avg.pct_of_peak_sustained_active": "issue %",
    "sm__warps_active.avg.pct_of_peak_sustained_active": "occupancy %",
    "launch__registers_per_thread": "regs",
    "launch__shared_mem_per_block_dynamic": "smem KB",
    "launch__grid_size": "grid",
    "launch__waves_per_multiprocessor": "waves",
    "sass__inst_executed_register_spilling": "spill inst",
}
STALL = "smsp__average_warps_issue_stalled_"  # WarpStateStats: stalled cycles per issued instruction
STALL_END = "_per_issue_active.ratio"


def _num(text: str) -> float | None:
    try:
        return float(text.replace(",", ""))
    except ValueError:
        return None


def ncu_read(path: Path) -> int:
    """One line a kernel of an ncu raw-page CSV (units row skipped): :data:`RAW` and the top stall reasons."""
    with path.open(newline="") as f:
        rows = list(csv.DictReader(f))
    has_units = bool(rows) and not _num(rows[0].get("gpu__time_duration.sum", "") or "")
    units = rows.pop(0) if has_units else {}
    for r in rows:
        name = r.get("Kernel Name", "?")[:60]
        parts = []
        for col, label in RAW.items():
            value = _num(r.get(col, "") or "")
            if value is None:
                continue
            if col == "gpu__time_duration.sum":
                unit = units.get(col, "")
                value = value / {"ns": 1e6, "nsecond": 1e6, "us": 1e3, "usecond": 1e3}.get(unit, 1.0)  # ms
                parts.append(f"{label} {value:.3f}")
            elif col == "gpc__cycles_elapsed.avg.per_second":
                unit = units.get(col, "")
                scale = {"Mhz": 1e-3, "cycle/usecond": 1e-3, "cycle/second": 1e-9}.get(unit, 1.0)  # GHz
                parts.append(f"{label} {value * scale:.2f}")
            else:
                parts.append(f"{label} {value:,.1f}")
        act, mx, el = (
            _num(r.get(c, "") or "")
            for c in ("sm__cycles_active.avg", "sm__cycles_active.max", "gpc__cycles_elapsed.max")
        )
        if act and mx and el:
            parts.append(f"active avg/elapsed {act / el:.3f}, avg/max {act / mx:.3f}")
        stalls = []
        for col, text in r.items():
            if col.startswith(STALL) and col.endswith(STALL_END) and _num(text or "") is not None:
                stalls.append((_num(text) or 0.0, col[len(STALL) : -len(STALL_END)]))
        if stalls:
            top = sorted(stalls, reverse=True)[:4]
            parts.append("stalls/issue " + ", ".join(f"{reason} {x:.2f}" for x, reason in top))
        print(f"{r.get('ID', '?')} {name} | " + "; ".join(parts))
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--kernels", action="store_true", help="kernel times a step under torch.profiler")
    mode.add_argument("--ncu-step", action="store_true", help="one profiled step each, for ncu")
    mode.add_argument("--ncu-read", type=Path, default=None, help="summarise an ncu raw-page CSV")
    ap.add_argument("--shapes", nargs="+", default=DEFAULT_SHAPES, help="B,H,N,Dqk,Dv")
    ap.add_argument("--impls", nargs="+", default=DEFAULT_IMPLS)
    ap.add_argument("--causal", default="both", choices=["both", "yes", "no"])
    ap.add_argument("--steps", type=int, default=5)
    ap.add_argument("--tag", default="")
    ap.add_argument("--out", default="benchmarks/results")
    args = ap.parse_args(argv)
    if args.ncu_read is not None:
        return ncu_read(args.ncu_read)
    return kernels(args) if args.kernels else ncu_step(args)


if __name__ == "__main__":
    raise SystemExit(main())
