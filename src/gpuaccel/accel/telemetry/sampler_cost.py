"""Benchmark (not a test): CPU time the sampler costs, as a percentage of one core.

    python -m gpuaccel.accel.telemetry.sampler_cost                 # 8 fake GPUs at 10 Hz for 10 s
    python -m gpuaccel.accel.telemetry.sampler_cost --backend nvml  # the real GPUs
    python -m gpuaccel.accel.telemetry.sampler_cost --backend nvml --profile  # CPU and wall time per call

The main thread sleeps while the sampler runs, so the process's CPU time over the run is the sampler's.
Prints one line per run and, with --json PATH, writes the figures.
"""

from __future__ import annotations

import argparse
import json
import resource
import time
from collections.abc import Callable
from typing import Any

from gpuaccel.accel.telemetry import backend_name, open_backend
from gpuaccel.accel.telemetry.nvml import PCIE_INTERVAL_S
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.accel.telemetry.types import TelemetryBackend


def make_backend(name: str, pcie_interval_s: float | None) -> TelemetryBackend:
    if name == "nvml":
        from gpuaccel.accel.telemetry.nvml import NvmlBackend

        return NvmlBackend(pcie_interval_s=pcie_interval_s)
    return open_backend(name)


def measure(backend: TelemetryBackend, rate_hz: float, seconds: float) -> dict[str, float | str | int]:
    sampler = Sampler(backend, rate_hz=rate_hz, capacity=int(rate_hz * seconds) + 10)
    sampler.open()
    if not sampler.available:
        raise SystemExit(f"telemetry unavailable: {sampler.error}")
    sampler.poll()  # first-call costs (GPM buffers, PCIe cache) outside the measurement
    before = resource.getrusage(resource.RUSAGE_SELF)
    t0 = time.perf_counter()
    sampler.start()
    time.sleep(seconds)
    sampler.stop()
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    rounds = sampler.rounds - 1
    return {
        "backend": backend_name(sampler.backend),
        "pcie_interval_s": str(getattr(backend, "pcie_interval_s", "-")),
        "gpus": len(sampler.infos),
        "rate_hz": rate_hz,
        "wall_s": round(wall, 3),
        "rounds": rounds,
        "cpu_s": round(cpu, 4),
        "cpu_pct_of_one_core": round(100.0 * cpu / wall, 3),
        "cpu_us_per_gpu_sample": round(1e6 * cpu / max(1, rounds * len(sampler.infos)), 1),
    }


def profile_nvml(backend: Any, rounds: int) -> list[tuple[str, int, float, float]]:
    """(NVML function, calls, CPU us per call, wall us per call) over ``rounds`` polls, costliest first."""
    stats: dict[str, list[float]] = {}
    query = backend._query

    def timed(index: int | None, fn: Callable[..., Any], *args: Any) -> Any:
        c0, w0 = time.process_time(), time.perf_counter()
        try:
            return query(index, fn, *args)
        finally:
            st = stats.setdefault(getattr(fn, "__name__", str(fn)), [0, 0.0, 0.0])
            st[0] += 1
            st[1] += time.process_time() - c0
            st[2] += time.perf_counter() - w0

    sampler = Sampler(backend, capacity=rounds + 2)
    sampler.open()
    if not sampler.available:
        raise SystemExit(f"telemetry unavailable: {sampler.error}")
    sampler.poll()
    backend._query = timed
    for _ in range(rounds):
        sampler.poll()
        time.sleep(0.05)
    sampler.stop()
    rows = [(name, int(n), 1e6 * cpu / n, 1e6 * wall / n) for name, (n, cpu, wall) in stats.items()]
    return sorted(rows, key=lambda r: -r[2] * r[1])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--backend", default="eight_gpus", help='"nvml" or a fake scenario (default eight_gpus)')
    p.add_argument("--rate", type=float, default=10.0)
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--json", metavar="PATH")
    p.add_argument("--pcie-interval", type=float, default=PCIE_INTERVAL_S, help="nvml only; 0 turns PCIe off")
    p.add_argument("--profile", action="store_true", help="nvml only: time each NVML call over 20 rounds")
    args = p.parse_args()
    backend = make_backend(args.backend, args.pcie_interval or None)
    if args.profile:
        print(f"{'NVML call':<44} {'calls':>5} {'CPU us/call':>11} {'wall us/call':>12}")
        for name, n, cpu, wall in profile_nvml(backend, 20):
            print(f"{name:<44} {n:>5} {cpu:>11.1f} {wall:>12.1f}")
        return
    r = measure(backend, args.rate, args.seconds)
    print(
        f"{r['backend']}: {r['gpus']} GPUs at {r['rate_hz']:g} Hz for {r['wall_s']} s: {r['rounds']} rounds, "
        f"CPU {r['cpu_s']} s = {r['cpu_pct_of_one_core']}% of one core, "
        f"{r['cpu_us_per_gpu_sample']} us per GPU sample"
    )
    if args.json:
        with open(args.json, "w") as f:
            json.dump(r, f, indent=2)


if __name__ == "__main__":
    main()
