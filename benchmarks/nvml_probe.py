"""Benchmark (not a test): what the telemetry sampler's NVML reads cost and how often their values change.

The sampler's intervals (``accel.telemetry.nvml.READ_INTERVALS_S``) are set from this script's findings:

- ``cold``: thread CPU per call after the thread slept 0 ms, 10 ms, 100 ms or 1 s, each call timed as the
  first after the sleep and again once the path is warm; ``spin`` variants keep the thread busy on a cheap
  NVML call instead of sleeping, which separates a cold CPU (caches, the driver path) from "time since the
  previous GPM sample";
- ``changes``: each value read at 50 Hz for ``--seconds`` while a child process switches a bf16 matmul loop
  on and off every 0.7 s: the median time between changes of each field (and between the driver's own
  update timestamps for the fields read through ``nvmlDeviceGetFieldValues``);
- ``batch``: one ``nvmlDeviceGetFieldValues`` call for several fields against one call per field.

    python benchmarks/nvml_probe.py --json benchmarks/results/nvml_probe_h100.json   # needs an NVIDIA GPU
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

# A bf16 matmul loop switched on and off every 0.7 s (the GPU-side load whose effect on each field is read).
_LOAD = """
import sys, time, torch
a = torch.randn(8192, 8192, device="cuda", dtype=torch.bfloat16); b = torch.randn_like(a)
(a @ b).sum().item(); print("ready", flush=True)
end = time.time() + float(sys.argv[1])
while time.time() < end:
    t = time.time()
    while time.time() - t < 0.7:
        for _ in range(8):
            a @ b
        torch.cuda.synchronize()
    time.sleep(0.7)
"""
# nvmlDeviceGetFieldValues ids: instant and 1 s average power, memory temperature, power limit, energy.
_FIELDS = {"power_instant": 186, "power_average": 185, "memory_temp": 82, "power_limit": 190, "energy": 191}
_GPM_IDS = (2, 3, 5, 10, 13, 12, 11)  # the sampler's GPM metrics


def _field_value(v: Any) -> Any:
    """A nvmlFieldValue_t's value by its type (double, uint, ulong, ulonglong, slonglong, sint, ushort)."""
    if v.nvmlReturn != 0:
        return None
    kind = ("dVal", "uiVal", "ulVal", "ullVal", "sllVal", "siVal", "usVal")[int(v.valueType)]
    return getattr(v.value, kind)


def _timed(fn: Callable[[], Any]) -> float:
    c0 = time.thread_time()
    fn()
    return time.thread_time() - c0


class Probe:
    """NVML calls on GPU 0, each a zero-argument callable, plus the GPM buffers they need."""

    def __init__(self) -> None:
        import pynvml as nv

        nv.nvmlInit()
        self.nv, self.h = nv, nv.nvmlDeviceGetHandleByIndex(0)
        self.bufs = [nv.nvmlGpmSampleAlloc(), nv.nvmlGpmSampleAlloc()]
        nv.nvmlGpmSampleGet(self.h, self.bufs[0])
        self.req = nv.c_nvmlGpmMetricsGet_t()
        self.req.version, self.req.numMetrics = nv.NVML_GPM_METRICS_GET_VERSION, len(_GPM_IDS)
        for i, metric in enumerate(_GPM_IDS):
            self.req.metrics[i].metricId = metric
        h = self.h
        self.calls: dict[str, Callable[[], Any]] = {
            "utilization": lambda: nv.nvmlDeviceGetUtilizationRates(h),
            "power (GetPowerUsage)": lambda: nv.nvmlDeviceGetPowerUsage(h),
            "temperature": lambda: nv.nvmlDeviceGetTemperature(h, nv.NVML_TEMPERATURE_GPU),
            "memory": lambda: nv.nvmlDeviceGetMemoryInfo(h),
            "sm clock": lambda: nv.nvmlDeviceGetClockInfo(h, nv.NVML_CLOCK_SM),
            "fields (power inst+avg, mem temp)": lambda: nv.nvmlDeviceGetFieldValues(h, [186, 185, 82]),
            "gpm sample": self.gpm_sample,
            "gpm metrics": lambda: nv.nvmlGpmMetricsGet(self.req),
        }
        time.sleep(0.05)
        self.gpm_sample()  # the metrics request now holds two samples

    def gpm_sample(self) -> None:
        self.bufs.reverse()
        self.nv.nvmlGpmSampleGet(self.h, self.bufs[1])
        self.req.sample1, self.req.sample2 = self.bufs[0], self.bufs[1]

    def close(self) -> None:
        for b in self.bufs:
            self.nv.nvmlGpmSampleFree(b)
        self.nv.nvmlShutdown()


def cold(p: Probe) -> list[dict[str, Any]]:
    """Per wait and call: thread CPU as the first call after the wait, later in the same burst (other
    NVML calls ran since the wait), and warm (the same call again at once). The order rotates."""
    plan = [(0.0, 24, False), (0.01, 24, False), (0.1, 16, False), (1.0, 8, False), (0.1, 8, True),
            (1.0, 3, True)]  # fmt: skip
    out = []
    spin = p.calls["power (GetPowerUsage)"]
    names = list(p.calls)
    for wait, reps, spinning in plan:
        got: dict[str, dict[str, list[float]]] = {n: {"first": [], "later": [], "warm": []} for n in names}
        for rep in range(reps):
            if spinning:  # busy on a cheap NVML call: the CPU and the driver path stay warm
                end = time.perf_counter() + wait
                while time.perf_counter() < end:
                    spin()
            elif wait:
                time.sleep(wait)
            order = names[rep % len(names) :] + names[: rep % len(names)]
            for pos, name in enumerate(order):
                got[name]["first" if pos == 0 else "later"].append(_timed(p.calls[name]))
            for name in order:
                got[name]["warm"].append(_timed(p.calls[name]))
        for name in names:
            row: dict[str, Any] = {"wait_s": wait, "spin": spinning, "call": name, "bursts": reps}
            for k, v in got[name].items():
                row[f"cpu_us_{k}"] = round(1e6 * statistics.median(v), 1) if v else None
            out.append(row)
    return out


def changes(p: Probe, seconds: float, rate_hz: float = 50.0) -> dict[str, Any]:
    """Read every field at ``rate_hz`` under an on/off load; median time between changes per field."""
    nv, h = p.nv, p.h
    cmd = [sys.executable, "-c", _LOAD, str(seconds + 2)]
    load = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    assert load.stdout is not None
    ready = load.stdout.readline().strip() == "ready"
    readers: dict[str, Callable[[], Any]] = {
        "util_gpu": lambda: nv.nvmlDeviceGetUtilizationRates(h).gpu,
        "util_mem": lambda: nv.nvmlDeviceGetUtilizationRates(h).memory,
        "power_usage_mw": lambda: nv.nvmlDeviceGetPowerUsage(h),
        "mem_used": lambda: nv.nvmlDeviceGetMemoryInfo(h).used,
        "sm_clock": lambda: nv.nvmlDeviceGetClockInfo(h, nv.NVML_CLOCK_SM),
        "mem_clock": lambda: nv.nvmlDeviceGetClockInfo(h, nv.NVML_CLOCK_MEM),
        "temperature": lambda: nv.nvmlDeviceGetTemperature(h, nv.NVML_TEMPERATURE_GPU),
        "throttle": lambda: nv.nvmlDeviceGetCurrentClocksEventReasons(h),
        "pstate": lambda: nv.nvmlDeviceGetPerformanceState(h),
    }
    series: dict[str, list[tuple[float, Any]]] = {k: [] for k in [*readers, *_FIELDS]}
    stamps: dict[str, list[int]] = {k: [] for k in _FIELDS}
    tensor: list[tuple[float, float]] = []
    t0 = time.perf_counter()
    nxt = t0
    while time.perf_counter() - t0 < seconds:
        t = time.perf_counter() - t0
        for name, read in readers.items():
            series[name].append((t, read()))
        vals = nv.nvmlDeviceGetFieldValues(h, list(_FIELDS.values()))
        for (name, _), v in zip(_FIELDS.items(), vals, strict=True):
            series[name].append((t, _field_value(v)))
            stamps[name].append(int(v.timestamp))
        p.gpm_sample()
        tensor.append((t, nv.nvmlGpmMetricsGet(p.req).metrics[2].value))
        nxt += 1.0 / rate_hz
        time.sleep(max(0.0, nxt - time.perf_counter()))
    load.wait(timeout=30)
    out: dict[str, Any] = {"rate_hz": rate_hz, "seconds": seconds, "load_ready": ready, "fields": {}}
    for name, pts in series.items():
        at = [t for (t, v), (_, prev) in zip(pts[1:], pts[:-1], strict=True) if v != prev]
        gaps = [b - a for a, b in zip(at, at[1:], strict=False)]
        vals = [v for _, v in pts if isinstance(v, int | float)]
        row = {"reads": len(pts), "changes": len(at), "median_s_between_changes":
               round(statistics.median(gaps), 3) if gaps else None,
               "min": min(vals) if vals else None, "max": max(vals) if vals else None}  # fmt: skip
        if name in stamps:
            ts = sorted(set(stamps[name]))
            d = [(b - a) / 1e6 for a, b in zip(ts, ts[1:], strict=False)]
            row["median_s_between_driver_updates"] = round(statistics.median(d), 3) if d else None
        out["fields"][name] = row
    out["tensor_active_pct_every_0.2s"] = [round(v, 1) for t, v in tensor[::10]]
    for name in ("power_usage_mw", "power_instant", "util_gpu"):
        out[f"{name}_every_0.1s"] = [v for _, v in series[name][::5]]
    return out


def batch(p: Probe, calls: int = 20) -> list[dict[str, Any]]:
    """One nvmlDeviceGetFieldValues call for several fields against one call per field."""
    nv, h = p.nv, p.h
    cases: list[tuple[str, Callable[[], Any]]] = [
        (f"field {name} ({fid})", lambda fid=fid: nv.nvmlDeviceGetFieldValues(h, [fid]))
        for name, fid in _FIELDS.items()
    ]
    cheap = [186, 185, 82, 190]
    cases += [
        ("fields power inst+avg, mem temp, limit (1 call)", lambda: nv.nvmlDeviceGetFieldValues(h, cheap)),
        ("same 4 fields, 4 calls", lambda: [nv.nvmlDeviceGetFieldValues(h, [f]) for f in cheap]),
        ("all 5 fields incl. energy (1 call)", lambda: nv.nvmlDeviceGetFieldValues(h, [*_FIELDS.values()])),
        ("GetPowerUsage + GetTemperature + GetEnforcedPowerLimit", lambda: (
            nv.nvmlDeviceGetPowerUsage(h), nv.nvmlDeviceGetTemperature(h, nv.NVML_TEMPERATURE_GPU),
            nv.nvmlDeviceGetEnforcedPowerLimit(h))),
        ("GetTotalEnergyConsumption", lambda: nv.nvmlDeviceGetTotalEnergyConsumption(h)),
    ]  # fmt: skip
    out = []
    for name, fn in cases:
        fn()
        cpu = [_timed(fn) for _ in range(calls)]
        out.append({"call": name, "calls": calls, "cpu_us_median": round(1e6 * statistics.median(cpu), 1)})
    return out


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("nvidia-ml-py")
    except Exception as exc:  # a bare module, not an installed distribution
        return f"unknown ({type(exc).__name__})"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=6.0, help="the 50 Hz change run")
    ap.add_argument("--no-load", action="store_true", help="no matmul child (no torch)")
    ap.add_argument("--json", metavar="PATH", required=True)
    args = ap.parse_args()
    p = Probe()
    try:
        result: dict[str, Any] = {"benchmark": "nvml_probe", "gpu": str(p.nv.nvmlDeviceGetName(p.h)),
                                  "driver": str(p.nv.nvmlSystemGetDriverVersion()),
                                  "python": sys.version.split()[0], "nvidia-ml-py": _version()}  # fmt: skip
        result["cold"] = cold(p)
        result["batch"] = batch(p)
        if not args.no_load:
            result["changes"] = changes(p, args.seconds)
    finally:
        p.close()
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    Path(args.json).write_text(json.dumps(result, indent=2) + "\n")
    print(f"{'wait s':>6} {'spin':>5} {'call':<36} {'first us':>9} {'later us':>9} {'warm us':>8}")
    for r in result["cold"]:
        print(f"{r['wait_s']:>6} {r['spin']!s:>5} {r['call']:<36} {r['cpu_us_first']!s:>9} "
              f"{r['cpu_us_later']!s:>9} {r['cpu_us_warm']!s:>8}")  # fmt: skip
    for r in result["batch"]:
        print(f"{r['call']:<58} {r['cpu_us_median']:>8}")
    for name, r in result.get("changes", {}).get("fields", {}).items():
        driver = r.get("median_s_between_driver_updates", "")
        print(f"{name:<16} changes {r['changes']:>4} median {r['median_s_between_changes']} s "
              f"driver {driver} range {r['min']}..{r['max']}")  # fmt: skip
    print("tensor_active every 0.2 s:", result.get("changes", {}).get("tensor_active_pct_every_0.2s"))
    print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
