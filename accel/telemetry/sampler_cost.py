"""Benchmark (not a test): CPU time the sampler costs, as a percentage of one core.

    python -m accel.telemetry.sampler_cost                 # 8 fake GPUs at 10 Hz for 10 s
    python -m accel.telemetry.sampler_cost --backend nvml  # the real GPUs

The main thread sleeps while the sampler runs, so the process's CPU time over the run is the sampler's.
Prints one line per run and, with --json PATH, writes the figures.
"""

from __future__ import annotations

import argparse
import json
import resource
import time

from accel.telemetry import backend_name, open_backend
from accel.telemetry.sampler import Sampler


def measure(backend_name_: str, rate_hz: float, seconds: float) -> dict[str, float | str | int]:
    sampler = Sampler(open_backend(backend_name_), rate_hz=rate_hz, capacity=int(rate_hz * seconds) + 10)
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
        "gpus": len(sampler.infos),
        "rate_hz": rate_hz,
        "wall_s": round(wall, 3),
        "rounds": rounds,
        "cpu_s": round(cpu, 4),
        "cpu_pct_of_one_core": round(100.0 * cpu / wall, 3),
        "cpu_us_per_gpu_sample": round(1e6 * cpu / max(1, rounds * len(sampler.infos)), 1),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--backend", default="eight_gpus", help='"nvml" or a fake scenario (default eight_gpus)')
    p.add_argument("--rate", type=float, default=10.0)
    p.add_argument("--seconds", type=float, default=10.0)
    p.add_argument("--json", metavar="PATH")
    args = p.parse_args()
    r = measure(args.backend, args.rate, args.seconds)
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
