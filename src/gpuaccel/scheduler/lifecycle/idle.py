"""Per-GPU idle detection and the assistant's gate.

A GPU is *quiet* when no running or queued job wants it, no process outside the queue uses it, and its
utilization is under a threshold; it is *idle* once it has been quiet for ``idle_after_s``. The gate is
open while at least one GPU is idle. A claim closes the gate at once (``note_claim``), before the worker
even starts, so the assistant yields at its next token.

The assistant's own GPU use must not close its own gate: the daemon's pid is exempt, worker pids can be
exempted with :meth:`IdleDetector.exempt_pid`, and while :meth:`set_own_activity` is on, utilization is
not counted (jobs and foreign processes still are).

Subscribers are called on the scheduler thread with an :class:`IdleEvent`; keep them quick.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from gpuaccel.accel.telemetry.fields import UTIL_QUIET_PCT
from gpuaccel.accel.telemetry.subscribers import Subscribers
from gpuaccel.accel.telemetry.types import NA, GpuSample


@dataclass(frozen=True)
class GpuIdleState:
    index: int
    idle: bool
    since: float | None  # idle: quiet since then; busy: busy since then (None before the first reading)
    reason: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class IdleEvent:
    """``kind`` is ``"gpu"`` (``index``, ``idle``) or ``"gate"`` (``open``)."""

    kind: str
    index: int | None
    idle: bool
    since: float | None
    reason: str


class IdleDetector:
    def __init__(self, util_threshold_pct: float = UTIL_QUIET_PCT, idle_after_s: float = 60.0) -> None:
        self.util_threshold_pct = util_threshold_pct
        self.idle_after_s = idle_after_s
        self._lock = threading.Lock()
        self._states: dict[int, GpuIdleState] = {}
        self._quiet_since: dict[int, float | None] = {}
        self._exempt: set[int] = {os.getpid()}
        self._own_activity = False
        self._subscribers: Subscribers[IdleEvent] = Subscribers("idle subscriber")
        self._gate = False
        self._no_gpu_reason = "no telemetry yet"

    # -- the API the assistant uses ---------------------------------------------------------------

    def is_gate_open(self) -> bool:
        with self._lock:
            return self._gate

    def idle_gpus(self) -> list[int]:
        with self._lock:
            return sorted(i for i, s in self._states.items() if s.idle)

    def snapshot(self) -> list[GpuIdleState]:
        with self._lock:
            return [self._states[i] for i in sorted(self._states)]

    def to_json(self) -> dict[str, Any]:
        gpus = self.snapshot()
        with self._lock:
            gate, why = self._gate, self._no_gpu_reason
        out: dict[str, Any] = {"gpus": [g.to_json() for g in gpus], "gate_open": gate}
        if not gpus:
            out["reason"] = why
        return out

    def subscribe(self, callback: Callable[[IdleEvent], None]) -> Callable[[], None]:
        """Call ``callback(IdleEvent)`` on every change; returns a function that unsubscribes."""
        return self._subscribers.subscribe(callback)

    def exempt_pid(self, pid: int, exempt: bool = True) -> None:
        """Do (or stop) treating ``pid`` as ours: its GPU memory does not make a GPU busy."""
        with self._lock:
            (self._exempt.add if exempt else self._exempt.discard)(pid)

    def set_own_activity(self, active: bool) -> None:
        """While on, utilization is ignored (it is the assistant's own); jobs and foreign processes count."""
        with self._lock:
            self._own_activity = active

    # -- fed by the scheduler -----------------------------------------------------------------------

    def note_claim(self, gpus: list[int], job_id: int) -> None:
        """A job was just claimed on ``gpus``: they are busy now, not at the next telemetry reading."""
        now = time.time()
        self._apply({i: f"job {job_id} running" for i in gpus}, now, partial=True)

    def update(
        self,
        samples: list[GpuSample],
        job_demand: dict[int, str],
        is_queue_pid: Callable[[int], bool],
        no_gpu_reason: str | None = None,
        now: float | None = None,
    ) -> None:
        """Re-evaluate every GPU. ``job_demand`` maps GPU index -> why a job wants it ("job 4 queued")."""
        now = time.time() if now is None else now
        with self._lock:
            exempt, own = set(self._exempt), self._own_activity
            if no_gpu_reason:
                self._no_gpu_reason = no_gpu_reason
        busy: dict[int, str | None] = {}
        for s in samples:
            busy[s.index] = self._busy_reason(s, job_demand, is_queue_pid, exempt, own)
        if not samples:
            with self._lock:
                self._states.clear()
                self._quiet_since.clear()
        self._apply(busy, now, partial=False)

    def _busy_reason(
        self,
        s: GpuSample,
        job_demand: dict[int, str],
        is_queue_pid: Callable[[int], bool],
        exempt: set[int],
        own: bool,
    ) -> str | None:
        if s.lost:
            return "GPU lost"
        if s.index in job_demand:
            return job_demand[s.index]
        if not isinstance(s.processes, NA):
            # Graphics clients (Xorg, a compositor) live on desktop GPUs forever; only compute work counts.
            foreign = [
                p
                for p in s.processes
                if p.kind == "compute" and p.pid not in exempt and not is_queue_pid(p.pid)
            ]
            if foreign:
                p = foreign[0]
                return f"process {p.pid} ({p.name}) not started by the queue uses it"
        if not own and not isinstance(s.util_gpu, NA) and s.util_gpu >= self.util_threshold_pct:
            return f"utilization {s.util_gpu:.0f}% >= {self.util_threshold_pct:.0f}%"
        return None

    def _apply(self, busy: dict[int, str | None], now: float, partial: bool) -> None:
        events: list[IdleEvent] = []
        with self._lock:
            for index, why in busy.items():
                old = self._states.get(index)
                if why is not None:
                    self._quiet_since[index] = None
                    since = old.since if old is not None and not old.idle else now
                    state = GpuIdleState(index, False, since, why)
                else:
                    quiet = self._quiet_since.get(index) or now
                    self._quiet_since[index] = quiet
                    if now - quiet >= self.idle_after_s:
                        state = GpuIdleState(index, True, quiet, f"idle: no job and quiet since {quiet:.0f}")
                    else:
                        left = self.idle_after_s - (now - quiet)
                        state = GpuIdleState(index, False, quiet, f"quiet; idle in {left:.0f} s")
                self._states[index] = state
                if old is None or old.idle != state.idle:
                    events.append(IdleEvent("gpu", index, state.idle, state.since, state.reason))
            gate = any(s.idle for s in self._states.values())
            if gate != self._gate:
                self._gate = gate
                idle = [i for i, s in self._states.items() if s.idle]
                why = f"GPU {', '.join(map(str, sorted(idle)))} idle" if gate else "no GPU idle"
                events.append(IdleEvent("gate", None, gate, now, why))
        for event in events:
            self._subscribers.notify(event)
