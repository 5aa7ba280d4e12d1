"""A seeded day of telemetry history, written through the real downsampler, for the history and report tests.

Two GPUs sampled once a second, 08:00:30-08:20:15 and 20:00-20:20 UTC (the morning's first and last
minutes are partial). GPU 0 idles at 55 °C with a 3 s spike to
73 °C inside one minute of each window; GPU 1 swings between 38 and 73 °C (a 10 min period). Each GPU's energy
counter is the running sum of its power, as NVML's is. After both windows are written and rolled up into 1 min
rows, the 1 s rows before 20:00 are pruned, as a day's retention does: the morning is left in 1 min rows
only, and a span over the whole day starts before the 1 s table's first row.
"""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass, field
from typing import Any

from gpuaccel.accel.telemetry.types import GpuSample
from gpuaccel.scheduler.config import SchedulerConfig
from gpuaccel.scheduler.store.history import HistoryWriter
from gpuaccel.scheduler.store.queue import Store

DAY = dt.date(2026, 11, 20)
T0 = dt.datetime(2026, 11, 20, tzinfo=dt.UTC).timestamp()
MORNING = (T0 + 8 * 3600 + 30, T0 + 8 * 3600 + 1215)  # the daemon started and stopped mid-minute
EVENING = (T0 + 20 * 3600, T0 + 20 * 3600 + 1200)
SPIKE_AT = 600 + 20  # seconds into each window: 73 °C for 3 s on GPU 0, inside the minute starting at +600


class _Peaks:
    peaks: list[Any] = []
    available = True


@dataclass
class Truth:
    """What the samples were, per GPU and window: what the finest history must give back."""

    temperatures: dict[tuple[int, str], list[float]] = field(default_factory=dict)
    power: dict[tuple[int, str], list[float]] = field(default_factory=dict)
    counter: dict[tuple[int, str], list[float]] = field(default_factory=dict)


def temperature(gpu: int, k: int) -> float:
    if gpu == 0:
        return 73.0 if SPIKE_AT <= k < SPIKE_AT + 3 else 55.0
    return round(55.5 + 17.5 * math.sin(2 * math.pi * k / 600), 1)  # 38-73 °C


def power(gpu: int, k: int) -> float:
    return 300.0 if gpu == 0 and SPIKE_AT - 60 <= k < SPIKE_AT + 60 else 60.0 + 40.0 * gpu + (k % 7)


def seed_day(store: Store, prune: bool = True) -> Truth:
    """Write the day through :class:`HistoryWriter` (1 s rows, then 1 min roll-ups), prune the morning's 1 s
    rows (unless ``prune`` is False: then the 1 s rows cover every reading of the day), and return what was
    sampled."""
    writer = HistoryWriter(store, _Peaks(), SchedulerConfig())  # type: ignore[arg-type]
    truth = Truth()
    counters = {0: 1_000_000.0, 1: 2_000_000.0}  # joules since the driver loaded
    for name, (start, end) in (("morning", MORNING), ("evening", EVENING)):
        writer._last_minute_done = start
        for k in range(int(end - start)):
            samples = []
            for gpu in (0, 1):
                p = power(gpu, k)
                counters[gpu] += p
                temp = temperature(gpu, k)
                samples.append(
                    GpuSample(gpu, f"GPU-{gpu}", start + k + 0.5, util_gpu=50.0 + 40 * gpu,
                              temperature_c=temp, power_w=p, energy_j=counters[gpu])
                )  # fmt: skip
                truth.temperatures.setdefault((gpu, name), []).append(temp)
                truth.power.setdefault((gpu, name), []).append(p)
                truth.counter.setdefault((gpu, name), []).append(counters[gpu])
            writer.on_samples(samples)
        writer.flush(now=end + 1, final=True)  # the daemon stops: its seconds written, its minutes rolled up
    if prune:  # the 1 s table keeps the last day: the morning's 1 s rows are gone
        with store.transaction() as conn:
            conn.execute("DELETE FROM telemetry_1s WHERE t < ?", (EVENING[0],))
    return truth
