"""GPU health in the history: an event row each time a GPU's health warnings change (an XID, an ECC error,
a remapped row, PCIe replays, a hardware slowdown), and when one clears.

The sampler's rounds carry the readings (:mod:`accel.telemetry.health` words them); this subscriber keeps
each GPU's last set of warnings and writes a ``gpu_health`` event for every warning that appears or goes,
with the health readings of that moment in its data, so ``gpuaccel show``-style readers, the assistant and
reports find when a GPU went bad.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from gpuaccel.accel.telemetry.fields import HEALTH_FIELDS
from gpuaccel.accel.telemetry.health import warnings
from gpuaccel.accel.telemetry.types import NA, GpuSample

log = logging.getLogger(__name__)
EVENT = "gpu_health"
CHECK_EVERY_S = 1.0  # health is read every 5 s; a round's warnings are compared at most once a second


class HealthEvents:
    """Sampler subscriber writing a ``gpu_health`` event when a GPU's warnings change."""

    def __init__(self, store: Any, clock: Any = time.monotonic) -> None:
        self.store, self.clock = store, clock
        self._last: dict[int, list[str]] = {}
        self._checked = -CHECK_EVERY_S
        self._lock = threading.Lock()

    def on_round(self, samples: list[GpuSample]) -> None:
        now = self.clock()
        with self._lock:
            if now - self._checked < CHECK_EVERY_S:
                return
            self._checked = now
            changes = []
            for s in samples:
                if s.lost:
                    continue
                current = warnings(s)
                before = self._last.get(s.index, [])
                self._last[s.index] = current
                changes += [(s, w, "") for w in current if w not in before]
                changes += [(s, w, "cleared: ") for w in before if w not in current]
        for s, warning, prefix in changes:
            readings = {k: getattr(s, k) for k in HEALTH_FIELDS if not isinstance(getattr(s, k), NA)}
            data = {"warning": warning, "cleared": bool(prefix), "readings": readings}
            message = f"GPU {s.index} health: {prefix}{warning}"
            try:
                self.store.add_event(EVENT, gpu=s.index, message=message, data=data)
            except Exception:  # a failed write must not stop the sampler's other subscribers
                log.exception("recording GPU %d's health failed", s.index)
