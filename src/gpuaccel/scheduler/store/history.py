"""Telemetry history in SQLite: 1 s averages kept a day, 1 min averages kept 90 days.

The sampler's callback only adds numbers to per-second buckets (cheap, on the sampler thread); a writer
thread flushes finished seconds once a second, rolls finished minutes up from the 1 s rows, and prunes
rows past their retention. Unavailable values are stored as NULL and averaged over what was available.
"""

from __future__ import annotations

import math
import threading
import time
from typing import Any

from gpuaccel.accel.telemetry.fields import HISTORY_FIELDS, read
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.accel.telemetry.types import NA, GpuSample
from gpuaccel.scheduler.config import SchedulerConfig
from gpuaccel.scheduler.store.queue import Store

RESOLUTIONS = {"1s": "telemetry_1s", "1m": "telemetry_1m"}
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
                    if v is not None:
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
        if minute > self._last_minute_done:
            self.roll_up(self._last_minute_done, minute)
            self._last_minute_done = minute
        if now - self._last_prune >= PRUNE_EVERY_S:
            self.prune(now)
            self._last_prune = now

    def roll_up(self, start: float, end: float) -> None:
        """1 min rows (averages of the 1 s rows) for every whole minute in [start, end)."""
        cols = ", ".join(HISTORY_FIELDS)
        avgs = ", ".join(f"AVG({f})" for f in HISTORY_FIELDS)
        with self.store.transaction() as conn:
            conn.execute(
                f"INSERT OR REPLACE INTO telemetry_1m (gpu, t, {cols}) "
                f"SELECT gpu, CAST(t / 60 AS INTEGER) * 60.0, {avgs} FROM telemetry_1s "
                "WHERE t >= ? AND t < ? GROUP BY gpu, CAST(t / 60 AS INTEGER)",
                (start, end),
            )

    def prune(self, now: float) -> None:
        with self.store.transaction() as conn:
            conn.execute("DELETE FROM telemetry_1s WHERE t < ?", (now - self.config.history_1s_keep_s,))
            conn.execute("DELETE FROM telemetry_1m WHERE t < ?", (now - self.config.history_1m_keep_s,))


def query_history(
    store: Store,
    sampler: Sampler | None,
    gpu: int,
    fields: list[str],
    since: float | None,
    until: float | None,
    resolution: str,
) -> dict[str, Any]:
    """``{"gpu", "resolution", "t": [...], field: [...]}``; missing values are ``null``.

    ``raw`` reads the sampler's in-memory ring (10 Hz, the last hour); ``1s`` and ``1m`` read SQLite.
    Raises ValueError naming the bad parameter, LookupError for a GPU the sampler does not have (raw).
    """
    now = time.time()
    since = now - 3600.0 if since is None else since
    until = now if until is None else until
    if resolution == "raw":
        if sampler is None or not sampler.available:
            raise ValueError("resolution: 'raw' needs live telemetry, which is unavailable; use '1s' or '1m'")
        if not 0 <= gpu < len(sampler.infos):
            raise LookupError(f"no GPU {gpu}; this machine has {len(sampler.infos)}")
        try:
            window = sampler.window(gpu, fields, seconds=max(0.0, now - since))
        except KeyError as exc:
            raise ValueError(f"fields: {exc.args[0]}") from None
        keep = window["t"] <= until
        out: dict[str, Any] = {"gpu": gpu, "resolution": "raw", "t": window["t"][keep].tolist()}
        for f in fields:
            out[f] = [None if math.isnan(v) else v for v in window[f][keep].tolist()]
        return out
    if resolution not in RESOLUTIONS:
        raise ValueError(f"resolution: {resolution!r} is not one of raw, 1s, 1m")
    unknown = [f for f in fields if f not in HISTORY_FIELDS]
    if unknown:
        raise ValueError(f"fields: unknown {', '.join(unknown)}; stored fields: {', '.join(HISTORY_FIELDS)}")
    cols = ", ".join(["t", *fields])
    rows = store.query(
        f"SELECT {cols} FROM {RESOLUTIONS[resolution]} WHERE gpu = ? AND t >= ? AND t <= ? ORDER BY t",
        (gpu, since, until),
    )
    out = {"gpu": gpu, "resolution": resolution, "t": [r["t"] for r in rows]}
    for f in fields:
        out[f] = [r[f] for r in rows]
    return out
