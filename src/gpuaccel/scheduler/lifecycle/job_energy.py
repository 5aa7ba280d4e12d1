"""Joules per job from NVML's total-energy counter, recorded as an ``energy`` event when a job leaves a GPU.

The counter is read only every few seconds (each read costs milliseconds of CPU), so the job's span is
covered by counter readings in the middle and by its measured power at the two edges. A GPU the job held
alone gives the job's own energy; when a process the queue did not start used the GPU too, the figure
includes that process's share and the event says so.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gpuaccel.accel.telemetry.fields import energy_exact
from gpuaccel.accel.telemetry.types import NA, GpuSample

if TYPE_CHECKING:
    from gpuaccel.scheduler.lifecycle.service import Scheduler

log = logging.getLogger(__name__)

EXCLUSIVE = "GPU held exclusively: exact"
SHARED = "GPU shared with processes the queue did not start: includes their energy"


@dataclass
class _Span:
    """One job on one GPU, from the first round that saw it there to the last."""

    t0: float
    t1: float
    power_j: float = 0.0  # trapezoid integral of power over [t0, t1]
    last_power: float | None = None
    e_first: tuple[float, float] | None = None  # (time, counter) of the first counter value seen
    e_last: tuple[float, float] | None = None  # (time, counter) when the counter last changed
    shared_with: int | None = None  # a foreign pid seen on the GPU during the job

    def add(self, s: GpuSample) -> None:
        dt = s.timestamp - self.t1
        power = s.power_w if not isinstance(s.power_w, NA) else None
        if power is not None and self.last_power is not None and dt > 0:
            self.power_j += 0.5 * (power + self.last_power) * dt
        self.last_power, self.t1 = power, s.timestamp
        if isinstance(s.energy_j, NA):
            return
        e = float(s.energy_j)
        if self.e_first is None:
            self.e_first = self.e_last = (s.timestamp, e)
        elif self.e_last is not None and e != self.e_last[1]:
            self.e_last = (s.timestamp, e)

    def result(self) -> dict[str, Any]:
        """``{"joules", "seconds", "method", "exclusive"}``: counter in the middle, power at the edges."""
        seconds = max(0.0, self.t1 - self.t0)
        if self.e_first is None or self.e_last is None or self.e_last[0] <= self.e_first[0]:
            joules, method = (
                self.power_j,
                "power integrated over the job (the energy counter did not advance)",
            )
        else:
            covered = self.e_last[0] - self.e_first[0]
            mean_w = self.power_j / seconds if seconds > 0 else 0.0
            joules = (self.e_last[1] - self.e_first[1]) + mean_w * max(0.0, seconds - covered)
            method = f"NVML energy counter over {covered:.1f} s of {seconds:.1f} s, edges from measured power"
        return {"joules": round(joules, 1), "seconds": round(seconds, 2), "method": method,
                "exclusive": self.shared_with is None}  # fmt: skip


class JobEnergy:
    """Sampler subscriber: follows which queue job runs on which GPU and writes each job's energy."""

    def __init__(self, scheduler: Scheduler) -> None:
        self.scheduler = scheduler
        self._spans: dict[tuple[int, int], _Span] = {}
        self._lock = threading.Lock()

    def on_round(self, samples: list[GpuSample]) -> None:
        running = {gpu: job.id for gpu, (job, _) in self.scheduler.running_jobs().items()}
        finished: list[tuple[int, int, _Span]] = []
        with self._lock:
            for s in samples:
                job = running.get(s.index)
                if job is None or s.lost:
                    continue
                span = self._spans.get((job, s.index))
                if span is None:
                    span = self._spans[(job, s.index)] = _Span(s.timestamp, s.timestamp)
                span.add(s)
                if span.shared_with is None and not isinstance(s.processes, NA):
                    span.shared_with = next(
                        (p.pid for p in s.processes
                         if p.kind == "compute" and not self.scheduler.is_queue_pid(p.pid)),
                        None,
                    )  # fmt: skip
            for job, gpu in list(self._spans):
                if running.get(gpu) != job:
                    finished.append((job, gpu, self._spans.pop((job, gpu))))
        for job, gpu, span in finished:
            self._record(job, gpu, span)

    def _record(self, job: int, gpu: int, span: _Span) -> None:
        r = span.result()
        how = EXCLUSIVE if r["exclusive"] else f"{SHARED} (pid {span.shared_with})"
        message = f"energy {energy_exact(r['joules'])} on GPU {gpu} over {r['seconds']:.1f} s ({how})"
        try:
            self.scheduler.store.add_event("energy", job_id=job, gpu=gpu, message=message, data=r)
        except Exception:  # a failed write must not stop the sampler's other subscribers
            log.exception("recording job %d's energy failed", job)
