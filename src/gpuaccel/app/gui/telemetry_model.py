"""The live telemetry the dashboard shows: the latest reading of each GPU plus its plot history.

Fed from ``GET /api/v1/telemetry/now`` (about 10 times a second) and, once at connect, from
``/telemetry/history`` so the plots are not empty when the window opens. Long windows (24 h) come from
the daemon's downsampled history, kept here as plain arrays.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from gpuaccel.accel.telemetry.fields import FIELD, heading
from gpuaccel.api.tflops import Tflops
from gpuaccel.app.gui.models import Observable
from gpuaccel.app.gui.ringbuffer import RingSeries
from gpuaccel.app.gui.values import as_float, na_reason, number

# Plotted series, top to bottom: ring-buffer key -> the telemetry field behind it (also its history field).
HISTORY_FIELDS: dict[str, str] = {
    "util": "util_gpu",
    "mem_gib": "mem_used_mib",
    "tflops": "tflops_est",
    "temp": "temperature_c",
    "power": "power_w",
}
_SCALE = {"mem_gib": (1 / 1024.0, "GiB")}  # memory is plotted in GiB: (factor, unit) over the field's MiB
# (key, title, unit) per plot, titles and units from the field catalogue.
PLOT_SERIES: tuple[tuple[str, str, str], ...] = tuple(
    (key, FIELD[name].title, _SCALE[key][1] if key in _SCALE else FIELD[name].unit)
    for key, name in HISTORY_FIELDS.items()
)
SERIES_KEYS: tuple[str, ...] = tuple(HISTORY_FIELDS)
# Each plot's heading, unit included, written as the history export heads its column ("GPU utilization (%)").
PLOT_HEADINGS: dict[str, str] = {key: heading(title, unit) for key, title, unit in PLOT_SERIES}
LIVE_CAPACITY = 36_000  # one hour at 10 Hz per GPU
# Readings further apart than this are a gap (daemon down, GPU not answering): the line breaks there.
# The slowest polling the settings allow is 1 Hz, the daemon's finest history 1 s.
GAP_S = 3.0


@dataclass
class GpuState:
    """One GPU as the last reading showed it. ``index`` is the dashboard's key for it (its NVML index on
    the daemon's host; GPUs of other cluster hosts get the next free keys), ``host`` and ``host_index``
    where it is when the dashboard shows several hosts."""

    index: int
    info: dict[str, Any]
    sample: dict[str, Any]
    tflops: Tflops
    lost: bool = False
    host: str = ""
    host_index: int | None = None
    lost_reason: str | None = None  # why it has no reading (its node left the cluster, ...)

    @property
    def name(self) -> str:
        return str(self.info.get("name") or f"GPU {self.index}")

    @property
    def label(self) -> str:
        """How cards, legends and plots name it: ``GPU 3``, or ``node-b GPU 1`` with several hosts."""
        if self.host:
            return f"{self.host} GPU {self.host_index if self.host_index is not None else self.index}"
        return f"GPU {self.index}"

    def value(self, key: str) -> Any:
        return self.sample.get(key, {"na": "not reported by the daemon"})

    def series_raw(self, key: str) -> Any:
        """The reading behind plotted series ``key``: a number or ``{"na": reason}``; TFLOP/s is the
        exact or estimated figure the card shows."""
        name = HISTORY_FIELDS[key]
        if name == "tflops_est":
            return self.tflops.reading
        if self.lost and na_reason(self.sample.get(name)) is None:
            return {"na": self.lost_reason or "GPU lost"}
        return self.sample.get(name, {"na": "not reported by the daemon"})

    def series_values(self) -> list[float]:
        """This reading in PLOT_SERIES order, NaN where unavailable."""
        return [as_float(self.series_raw(key)) * _SCALE.get(key, (1.0, ""))[0] for key in HISTORY_FIELDS]


@dataclass
class LongHistory:
    """Downsampled daemon history for the 24 h window, one GPU: timestamps and one array per series."""

    t: np.ndarray
    series: dict[str, np.ndarray] = field(default_factory=dict)


class TelemetryModel(Observable):
    """Latest per-GPU state for the cards and ring buffers for the plots."""

    def __init__(self, capacity: int = LIVE_CAPACITY) -> None:
        super().__init__()
        self.capacity = capacity
        self.gpus: list[GpuState] = []
        self.rings: dict[int, RingSeries] = {}
        self.long: dict[int, LongHistory] = {}
        self.backend: str = ""
        self.driver: Any = None
        self.error: str | None = None
        self.updated_at: float | None = None
        self.answered = False  # a /telemetry/now answer came: before it "no GPUs" would be a guess
        self.revision = 0  # counts changes to past readings (history put in front, the 24 h history)
        self.cluster_hosts: list[dict[str, Any]] = []  # the latest /cluster/telemetry hosts
        self.cluster_error: str | None = None
        self._slots: dict[tuple[str, str], int] = {}  # (host, uuid) of another host's GPU -> its key

    def ring(self, index: int) -> RingSeries:
        ring = self.rings.get(index)
        if ring is None:
            ring = self.rings[index] = RingSeries(SERIES_KEYS, self.capacity)
        return ring

    def update(self, now: dict[str, Any]) -> None:
        """Apply one /telemetry/now answer: new card values, one new plot row per GPU."""
        self.backend = str(now.get("backend") or "")
        self.driver = now.get("driver")
        self.error = now.get("error")
        gpus: list[GpuState] = []
        for entry in now.get("gpus") or []:
            info = entry.get("info") or {}
            sample = entry.get("sample") or {}
            index = int(info.get("index", sample.get("index", len(gpus))))
            state = GpuState(index, info, sample, Tflops.read(entry.get("tflops")), bool(sample.get("lost")))
            gpus.append(state)
        gpus += self._other_hosts(gpus)
        for state in gpus:
            sample, index = state.sample, state.index
            ts = number(sample.get("timestamp"))
            ring = self.ring(index)
            if ts is not None and (ring.last_t is None or ts > ring.last_t):
                if ring.last_t is not None and ts - ring.last_t > GAP_S:
                    ring.append(ring.last_t + GAP_S / 2, [math.nan] * len(SERIES_KEYS))
                ring.append(ts, state.series_values())
        self.gpus = gpus
        self.updated_at = number(gpus[0].sample.get("timestamp")) if gpus else None
        self.answered = True
        self.notify()

    def set_cluster(self, answer: dict[str, Any] | None) -> None:
        """Keep the daemon's ``/cluster/telemetry`` answer (None: no cluster); the next :meth:`update`
        shows every host's GPUs, grouped by host."""
        self.cluster_hosts = list((answer or {}).get("hosts") or [])
        self.cluster_error = (answer or {}).get("error")

    @property
    def hosts(self) -> list[str]:
        """The hosts of the GPUs shown, in order ([""] or [] for the daemon's host alone)."""
        return list(dict.fromkeys(g.host for g in self.gpus))

    def _other_hosts(self, local: list[GpuState]) -> list[GpuState]:
        """The GPUs of the cluster's other hosts (a node that left: its last GPUs, lost with the reason).
        The cluster node holding the daemon's own GPUs (same uuids) names the daemon's host."""
        uuids = {str(g.info.get("uuid")) for g in local}
        here, others = "this host", []
        for host in self.cluster_hosts:
            entries = host.get("gpus") or []
            name = str(host.get("host") or host.get("node_id") or "?")
            if entries and {str((e.get("info") or {}).get("uuid")) for e in entries} <= uuids:
                here = name
                continue
            why = host.get("reason") or "left the cluster"
            lost = None if host.get("alive", True) else f"node lost: {why}"
            for n, entry in enumerate(entries):
                others.append(self._remote_state(name, n, entry, lost, {g.index for g in local}))
        if not others:
            return []
        for g in local:
            g.host, g.host_index = here, g.index
        return others

    def _remote_state(
        self, host: str, n: int, entry: dict[str, Any], lost: str | None, taken: set[int]
    ) -> GpuState:
        info = entry.get("info") or {}
        sample = dict(entry.get("sample") or {})
        key = (host, str(info.get("uuid", n)))
        if key not in self._slots:
            used = set(self._slots.values()) | set(self.rings) | taken
            self._slots[key] = max(used, default=-1) + 1
        tflops = Tflops.read(entry.get("tflops"))
        if lost is not None:  # its last values are not readings any more
            na = {"na": lost}
            sample = {k: (v if k in ("index", "uuid", "timestamp") else na) for k, v in sample.items()}
            sample["gpm"], sample["lost"] = {}, True
            tflops = tflops.lost(lost)
        index = int(info.get("index", n))
        lost_now = lost is not None or bool(sample.get("lost"))
        return GpuState(self._slots[key], info, sample, tflops, lost_now, host, index, lost)

    def backfill(self, index: int, history: dict[str, Any]) -> None:
        """Put daemon history in front of the live rows (only rows older than what the ring holds)."""
        t, cols = _history_arrays(history)
        if t.size == 0:
            return
        self.revision += 1
        ring = self.ring(index)
        if ring.size:
            # Keep the live rows: rebuild as history-before-first-live-row + live rows.
            lt, _ = ring.tail(SERIES_KEYS[0])
            live_t = lt.copy()
            live_v = np.vstack([ring.tail(k)[1].copy() for k in SERIES_KEYS])
            keep = t < live_t[0]
            ring.clear()
            ring.extend(t[keep], cols[:, keep])
            ring.extend(live_t, live_v)
        else:
            ring.extend(t, cols)

    def set_long_history(self, index: int, history: dict[str, Any]) -> None:
        t, cols = _history_arrays(history)
        self.revision += 1
        self.long[index] = LongHistory(t, {k: cols[i] for i, k in enumerate(SERIES_KEYS)})

    def gpu(self, index: int) -> GpuState | None:
        for g in self.gpus:
            if g.index == index:
                return g
        return None

    @property
    def is_fake(self) -> bool:
        return self.backend.startswith("fake")


def _history_arrays(history: dict[str, Any]) -> tuple[np.ndarray, np.ndarray]:
    """``(t, values[series, n])`` from a /telemetry/history answer; NA or missing becomes NaN."""
    t = np.asarray([as_float(x) for x in history.get("t") or []], dtype=float)
    cols = np.full((len(SERIES_KEYS), t.size), np.nan)
    for i, key in enumerate(SERIES_KEYS):
        raw = history.get(HISTORY_FIELDS[key])
        if not isinstance(raw, list) or len(raw) != t.size:
            continue
        cols[i] = np.asarray([as_float(x) for x in raw], dtype=float) * _SCALE.get(key, (1.0, ""))[0]
    order = np.argsort(t, kind="stable")
    return with_gaps(t[order], cols[:, order])


def with_gaps(t: np.ndarray, cols: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Insert a NaN row wherever readings are missing (spacing over 3x the usual one and over GAP_S),
    so a daemon outage in the history is drawn as a gap, not as a straight line."""
    if t.size < 3:
        return t, cols
    dt = np.diff(t)
    limit = max(GAP_S, 3 * float(np.median(dt)))
    holes = np.flatnonzero(dt > limit)
    if holes.size == 0:
        return t, cols
    t = np.insert(t, holes + 1, t[holes] + limit / 2)
    cols = np.insert(cols, holes + 1, np.nan, axis=1)
    return t, cols
