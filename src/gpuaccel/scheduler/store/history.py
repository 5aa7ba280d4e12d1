"""Telemetry history in SQLite: 1 s rows kept a day, 1 min rows kept 90 days.

The sampler's callback only adds numbers to per-second buckets (cheap, on the sampler thread); a writer
thread flushes finished seconds once a second, rolls finished minutes up from the 1 s rows, and prunes
rows past their retention. A gauge is stored as its mean over the bucket (a 1 min row also keeps its
minimum, maximum and the seconds of 1 s rows behind it); a counter (energy) as its last reading.
Unavailable values are stored as NULL and averaged over what was available. Reading is
:mod:`scheduler.reads.history`'s.
"""

from __future__ import annotations

import math
import threading
import time
from typing import Any

from gpuaccel.accel.telemetry.fields import HISTORY_COUNTERS, HISTORY_FIELDS, HISTORY_GAUGES
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.accel.telemetry.types import NA, GpuSample, read
from gpuaccel.scheduler.config import SchedulerConfig
from gpuaccel.scheduler.store.queue import Store

PRUNE_EVERY_S = 60.0


def sample_values(s: GpuSample, peak: Any) -> dict[str, float | None]:
    values: dict[str, float | None] = {}
    for name in HISTORY_FIELDS:
        v = read(s, name, peak)
        values[name] = (
            None if isinstance(v, NA) or v is None or (isinstance(v, float) and math.isnan(v)) else v
        )
    return values


class HistoryWriter:
    def __init__(self, store: Store, sampler: Sampler, config: SchedulerConfig) -> None:
        self.store = store
        self.sampler = sampler
        self.config = config
        self._lock = threading.Lock()
        # (gpu, second) -> field -> [sum, count]
        self._buckets: dict[tuple[int, int], dict[str, list[float]]] = {}
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._unsubscribe: Any = None
        self._last_minute_done = int(time.time() // 60) * 60
        self._last_prune = 0.0

    def start(self) -> None:
        if not self.sampler.available:
            return
        self._unsubscribe = self.sampler.subscribe(self.on_samples)
        self._thread = threading.Thread(target=self._run, name="gpuaccel-history", daemon=False)
        self._thread.start()

    def stop(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
        self._stopping.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        self.flush(final=True)

    def on_samples(self, samples: list[GpuSample]) -> None:
        peaks = self.sampler.peaks
        with self._lock:
            for s in samples:
                if s.lost:
                    continue
                peak = peaks[s.index][0] if s.index < len(peaks) else NA("no peak")
                bucket = self._buckets.setdefault((s.index, int(s.timestamp)), {})
                for name, v in sample_values(s, peak).items():
                    if v is None:
                        continue
                    if name in HISTORY_COUNTERS:  # the last reading: [value, 1] divides to itself
                        bucket[name] = [float(v), 1.0]
                        continue
                    acc = bucket.setdefault(name, [0.0, 0.0])
                    acc[0] += float(v)
                    acc[1] += 1.0

    def _run(self) -> None:
        while not self._stopping.wait(1.0):
            self.flush()

    def flush(self, final: bool = False, now: float | None = None) -> None:
        """Write finished seconds; roll up finished minutes; prune now and then."""
        now = time.time() if now is None else now
        current = int(now)
        with self._lock:
            ready = [k for k in self._buckets if final or k[1] < current]
            rows = [(k, self._buckets.pop(k)) for k in ready]
        if rows:
            cols = ", ".join(HISTORY_FIELDS)
            marks = ", ".join("?" * (len(HISTORY_FIELDS) + 2))
            values = [
                (gpu, float(sec), *[(b[f][0] / b[f][1]) if f in b else None for f in HISTORY_FIELDS])
                for (gpu, sec), b in rows
            ]
            with self.store.transaction() as conn:
                conn.executemany(
                    f"INSERT OR REPLACE INTO telemetry_1s (gpu, t, {cols}) VALUES ({marks})", values
                )
        minute = int(now // 60) * 60
        if final:  # the daemon stops: the minute under way is rolled up too (a restart redoes it whole)
            self.roll_up(self._last_minute_done, minute + 60)
        elif minute > self._last_minute_done:
            self.roll_up(self._last_minute_done, minute)
        self._last_minute_done = max(self._last_minute_done, minute)
        if now - self._last_prune >= PRUNE_EVERY_S:
            self.prune(now)
            self._last_prune = now

    def roll_up(self, start: float, end: float) -> None:
        """1 min rows for every whole minute in [start, end) from its 1 s rows: each gauge's mean, minimum
        and maximum, the seconds of rows behind them, and each counter's last reading."""
        stats = [f"AVG({f}), MIN({f}), MAX({f})" for f in HISTORY_GAUGES]
        last = [
            f"(SELECT {c} FROM telemetry_1s AS l WHERE l.gpu = s.gpu AND l.t >= m AND l.t < m + 60"
            f" AND {c} IS NOT NULL ORDER BY l.t DESC LIMIT 1)"
            for c in HISTORY_COUNTERS
        ]
        cols = [f"{f}, {f}_min, {f}_max" for f in HISTORY_GAUGES] + list(HISTORY_COUNTERS)
        with self.store.transaction() as conn:
            conn.execute(
                f"INSERT OR REPLACE INTO telemetry_1m (gpu, t, seconds, {', '.join(cols)}) "
                f"SELECT gpu, m, COUNT(*), {', '.join(stats + last)} FROM "
                "(SELECT *, CAST(t / 60 AS INTEGER) * 60.0 AS m FROM telemetry_1s"
                " WHERE t >= ? AND t < ?) AS s "
                "GROUP BY gpu, m",
                (start, end),
            )

    def prune(self, now: float) -> None:
        with self.store.transaction() as conn:
            conn.execute("DELETE FROM telemetry_1s WHERE t < ?", (now - self.config.history_1s_keep_s,))
            conn.execute("DELETE FROM telemetry_1m WHERE t < ?", (now - self.config.history_1m_keep_s,))
