"""Samples every GPU at a fixed rate on one worker thread into fixed-size numpy ring buffers.

The daemon keeps one Sampler for its lifetime; the live view reads :meth:`Sampler.window` and the history
writer subscribes to rounds. Memory is allocated once at :meth:`Sampler.start` (``capacity`` rows per GPU),
so it does not grow with uptime. The worker is an ordinary (non-daemon) thread joined by :meth:`Sampler.stop`.
"""

from __future__ import annotations

import logging
import operator
import threading
import time
from collections.abc import Callable, Iterable
from types import TracebackType

import numpy as np

from gpuaccel.accel.telemetry.fields import FIELD, NO_GPM, NUMERIC_FIELDS
from gpuaccel.accel.telemetry.peaks import peak_for
from gpuaccel.accel.telemetry.subscribers import Subscribers
from gpuaccel.accel.telemetry.types import (
    NA,
    GpuInfo,
    GpuSample,
    Num,
    TelemetryBackend,
    TelemetryUnavailable,
    Text,
    estimate_tflops,
    na_sample,
)

log = logging.getLogger(__name__)

_COLUMN = {name: i for i, name in enumerate(NUMERIC_FIELDS)}
# Where each ring column comes from, resolved once (the per-sample path does no catalogue lookups): the
# catalogue lists GpuSample attributes, then GpuSample.gpm keys, then the TFLOP/s estimate, so a row is
# those three parts in order.
_ATTR_KEYS = tuple(k for k in NUMERIC_FIELDS if FIELD[k].source == "sample")
_GPM_KEYS = tuple(k for k in NUMERIC_FIELDS if FIELD[k].source == "gpm")
if (*_ATTR_KEYS, *_GPM_KEYS, "tflops_est") != NUMERIC_FIELDS:
    raise RuntimeError(f"the ring's columns must be sample fields, GPM metrics, tflops_est: {NUMERIC_FIELDS}")
_ATTRS = operator.attrgetter(*_ATTR_KEYS)
_NO_GPM = NA(NO_GPM)
_NAN = float("nan")

Callback = Callable[[list[GpuSample]], None]


class _Ring:
    """One GPU's history: a (capacity, fields) float64 array plus timestamps, overwritten in a circle."""

    def __init__(self, capacity: int) -> None:
        self.t = np.full(capacity, np.nan)
        self.values = np.full((capacity, len(NUMERIC_FIELDS)), np.nan)
        self.head = 0  # next row to write
        self.size = 0

    def push(self, s: GpuSample, peak: Num) -> None:
        row = [_NAN if v.__class__ is NA else v for v in _ATTRS(s)]
        gpm = s.gpm
        row += [_NAN if v is None or v.__class__ is NA else v for v in map(gpm.get, _GPM_KEYS)]
        est = estimate_tflops(gpm.get("tensor_active", _NO_GPM), peak)
        row.append(_NAN if est.__class__ is NA else est)
        self.values[self.head] = row  # one numpy assignment for the whole row
        self.t[self.head] = s.timestamp
        self.head = (self.head + 1) % len(self.t)
        self.size = min(self.size + 1, len(self.t))

    def ordered(self, column: int | None) -> np.ndarray:
        """Copy of the stored rows of ``column`` (None: timestamps), oldest first."""
        src = self.t if column is None else self.values[:, column]
        if self.size < len(self.t):
            return src[: self.size].copy()
        return np.concatenate((src[self.head :], src[: self.head]))


class Sampler:
    """Reads all GPUs ``rate_hz`` times a second; thread-safe readers; callbacks after every round."""

    def __init__(self, backend: TelemetryBackend, rate_hz: float = 10.0, capacity: int = 36000) -> None:
        if capacity < 1:
            raise ValueError(f"capacity must be at least 1, got {capacity}")
        self.backend = backend
        self.capacity = capacity
        self._period = 1.0 / _check_rate(rate_hz)
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._subscribers: Subscribers[list[GpuSample]] = Subscribers("telemetry subscriber")
        self._initialized = False
        self._rings: list[_Ring] = []
        self._latest: list[GpuSample] = []
        self.available = False
        self.error: str | None = None
        self.driver: Text = NA("not started")
        self.infos: list[GpuInfo] = []
        self.peaks: list[tuple[Num, str]] = []  # per GPU: (dense 16-bit peak, "calibrated" | "table")
        self.rounds = 0

    # ---- lifecycle ---------------------------------------------------------------------------------

    def open(self) -> None:
        """Start NVML and read the static GPU facts; on failure sets ``available=False`` and ``error``."""
        if self._initialized:
            return
        try:
            self.backend.init()
        except TelemetryUnavailable as exc:
            self.available, self.error = False, str(exc)
            log.info("GPU telemetry unavailable: %s", exc)  # callers show .error
            return
        self._initialized = True
        self.driver = self.backend.driver_version()
        self.infos = [self.backend.device_info(i) for i in range(self.backend.device_count())]
        self._rings = [_Ring(self.capacity) for _ in self.infos]
        self.peaks = [peak_for(info) for info in self.infos]
        self.available, self.error = True, None

    def start(self) -> Sampler:
        """Open the backend and start the worker thread (no thread when NVML is unavailable)."""
        if self._thread is not None:
            raise RuntimeError("Sampler already started")
        self.open()
        if not self.available:
            return self
        self._stopping.clear()
        self._thread = threading.Thread(target=self._run, name="gpuaccel-telemetry-sampler", daemon=False)
        self._thread.start()
        return self

    def stop(self, timeout: float = 5.0) -> bool:
        """Stop and join the worker, then shut NVML down. Returns False if the thread did not end in time."""
        self._stopping.set()
        self._wake.set()
        joined = True
        if self._thread is not None:
            self._thread.join(timeout)
            joined = not self._thread.is_alive()
            if not joined:
                log.error("telemetry sampler thread did not stop within %.1f s", timeout)
            else:
                self._thread = None
        if self._initialized and joined:
            self._initialized = False
            try:
                self.backend.shutdown()
            except Exception:  # shutting down must not raise on the way out
                log.exception("telemetry backend shutdown failed")
        return joined

    def __enter__(self) -> Sampler:
        return self.start()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    @property
    def rate_hz(self) -> float:
        return 1.0 / self._period

    def set_rate(self, hz: float) -> None:
        """Change the sampling rate; takes effect at once (the worker is woken)."""
        self._period = 1.0 / _check_rate(hz)
        self._wake.set()

    # ---- reading -----------------------------------------------------------------------------------

    def latest(self) -> list[GpuSample]:
        """The newest sample of each GPU (empty before the first round)."""
        with self._lock:
            return list(self._latest)

    def window(
        self, index: int, fields: Iterable[str], seconds: float | None = None
    ) -> dict[str, np.ndarray]:
        """Samples of GPU ``index`` from the last ``seconds`` of wall-clock time (all kept when None).

        Returns ``{"t": unix seconds, field: values}``, oldest first, NaN where the value was not available.
        """
        fields = list(fields)
        unknown = [f for f in fields if f not in _COLUMN]
        if unknown:
            raise KeyError(f"unknown telemetry field(s) {unknown}; known: {', '.join(NUMERIC_FIELDS)}")
        with self._lock:
            if not 0 <= index < len(self._rings):
                raise IndexError(f"no GPU {index} (this sampler has {len(self._rings)})")
            ring = self._rings[index]
            t = ring.ordered(None)
            cols = {f: ring.ordered(_COLUMN[f]) for f in fields}
        if seconds is not None:
            start = int(np.searchsorted(t, time.time() - seconds, side="left"))
            t = t[start:]
            cols = {f: v[start:] for f, v in cols.items()}
        return {"t": t, **cols}

    def subscribe(self, callback: Callback) -> Callable[[], None]:
        """Call ``callback(samples)`` on the sampler thread after each round; returns the unsubscriber."""
        return self._subscribers.subscribe(callback)

    # ---- the worker --------------------------------------------------------------------------------

    def poll(self) -> list[GpuSample]:
        """Take one round now on the caller's thread (the worker calls this; tests and one-shots may too)."""
        if not self._initialized:
            raise RuntimeError("Sampler.poll() before open()/start()")
        samples = [self._read(info) for info in self.infos]
        with self._lock:
            for ring, s, (peak, _) in zip(self._rings, samples, self.peaks, strict=True):
                ring.push(s, peak)
            self._latest = samples
            self.rounds += 1
        self._subscribers.notify(samples)
        return samples

    def _read(self, info: GpuInfo) -> GpuSample:
        try:
            return self.backend.sample(info.index)
        except Exception as exc:  # a backend bug must not end sampling for every GPU
            log.exception("sampling GPU %d failed", info.index)
            return na_sample(info.index, info.uuid, time.time(), f"sampling failed: {exc}")

    def _run(self) -> None:
        next_at = time.monotonic()
        while not self._stopping.is_set():
            try:
                self.poll()
            except Exception:
                log.exception("telemetry round failed")
            next_at += self._period
            now = time.monotonic()
            if next_at < now:  # fell behind (slow NVML, suspended machine): skip, do not burst
                next_at = now
            self._wake.wait(next_at - now)
            if self._wake.is_set():
                self._wake.clear()
                next_at = time.monotonic()


def _check_rate(hz: float) -> float:
    if not 0.01 <= hz <= 1000.0:
        raise ValueError(f"sampling rate must be between 0.01 and 1000 Hz, got {hz}")
    return float(hz)
