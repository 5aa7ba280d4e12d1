"""TFLOP/s for our own jobs between their reports: the counted-to-estimated ratio, learned per job class.

NVML's tensor-pipe busy cannot tell precisions apart, so "busy x the bf16 dense peak" is right for big
16-bit matmuls, about half the truth for FP8, twice it for TF32 and 0.8x for attention. Our workloads count
their FLOPs and report them, so each run of a class (workload kind, precision, mode) teaches the daemon
what the estimate misses on this GPU model: :class:`FlopRatios` keeps counted / estimated per (GPU model,
class), and a running job of a known class that has not reported a figure yet shows the estimate times
its class's ratio, labelled as learned (never as exact). The ratios live in the data dir
(``flop_ratios.json``), so they outlast a restart.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from gpuaccel.accel.telemetry.types import NA, GpuSample, sample_tflops
from gpuaccel.api.jobs import Job
from gpuaccel.api.tflops import Tflops
from gpuaccel.scheduler.lifecycle.validation import COMMAND
from gpuaccel.scheduler.paths import write_private_json

if TYPE_CHECKING:
    from gpuaccel.accel.telemetry.sampler import Sampler

log = logging.getLogger(__name__)

RATIO_FILE = "flop_ratios.json"
MIN_ESTIMATE = 5.0  # TFLOP/s: below it the tensor pipe is nearly idle and a ratio would be noise
FRESH_S = 5.0  # a counted figure at most this old is paired with the current reading
WEIGHT = 0.2  # of a new reading in the running average
RATIO_RANGE = (0.05, 10.0)  # outside it a pairing is wrong (a job between phases), not a property
SAVE_EVERY_S = 60.0


def job_class(job: Job) -> str | None:
    """``kind/dtype/mode`` of one of our workloads (what its ratio depends on); None for a command."""
    if job.kind == COMMAND:
        return None
    return "/".join([job.kind, *(str(job.spec[k]) for k in ("dtype", "mode") if k in job.spec)])


@dataclass
class Learned:
    ratio: float  # counted TFLOP/s / the tensor-pipe estimate
    readings: int


class FlopRatios:
    """The learned ratios, per GPU model and job class. Thread-safe (the sampler writes, the API reads)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._ratios: dict[str, dict[str, Learned]] = {}
        self._dirty = False
        self._saved = time.monotonic()
        if path is not None:
            self._load(path)

    def _load(self, path: Path) -> None:
        try:
            data = json.loads(path.read_text())
            for model, classes in data.items():
                for cls, v in classes.items():
                    self._ratios.setdefault(model, {})[cls] = Learned(float(v["ratio"]), int(v["readings"]))
        except FileNotFoundError:
            return
        except (ValueError, TypeError, KeyError, AttributeError) as exc:  # relearned, not fatal
            log.warning("ignoring %s (%s); TFLOP/s ratios are learned again", path, exc)
            self._ratios = {}

    def observe(self, model: str, cls: str, counted: float, estimate: float) -> bool:
        """Take one pairing of a counted figure with the estimate at the same time; False if refused."""
        if estimate < MIN_ESTIMATE or counted <= 0:
            return False
        ratio = counted / estimate
        if not RATIO_RANGE[0] <= ratio <= RATIO_RANGE[1]:
            return False
        with self._lock:
            old = self._ratios.setdefault(model, {}).get(cls)
            if old is None:
                self._ratios[model][cls] = Learned(ratio, 1)
            else:
                self._ratios[model][cls] = Learned(old.ratio + WEIGHT * (ratio - old.ratio), old.readings + 1)
            self._dirty = True
        return True

    def get(self, model: str, cls: str) -> Learned | None:
        with self._lock:
            return self._ratios.get(model, {}).get(cls)

    def save_if_due(self, force: bool = False) -> None:
        with self._lock:
            due = self._dirty and (force or time.monotonic() - self._saved >= SAVE_EVERY_S)
            data = {m: {c: vars(v) for c, v in cl.items()} for m, cl in self._ratios.items()} if due else None
            if due:
                self._dirty, self._saved = False, time.monotonic()
        if data is not None and self.path is not None:
            try:
                write_private_json(self.path, data)
            except OSError as exc:
                log.warning("could not save TFLOP/s ratios to %s: %s", self.path, exc)

    def entry(self, job: Job, model: str, estimate: Tflops) -> Tflops | None:
        """``estimate`` corrected by the ratio ``job``'s class counted on ``model``, or None (unknown class,
        no ratio yet, no estimate to correct)."""
        cls = job_class(job)
        learned = self.get(model, cls) if cls is not None else None
        if learned is None or cls is None:
            return None
        return estimate.learned_from(job.id, learned.ratio, cls, model, learned.readings)


class RatioSource(Protocol):
    """What the learner reads of the scheduler (its running jobs, the ratios it keeps): a protocol, so
    this module needs nothing of the scheduler that imports it."""

    flop_ratios: FlopRatios

    def running_jobs(self) -> dict[int, tuple[Job, dict[str, dict[str, Any]]]]: ...


class RatioLearner:
    """Sampler subscriber: pairs each fresh counted TFLOP/s of a job with the same round's estimate."""

    def __init__(self, scheduler: RatioSource, sampler: Sampler) -> None:
        self.scheduler, self.sampler = scheduler, sampler
        self._seen: dict[int, float] = {}  # job id -> time of the last counted figure taken

    def on_round(self, samples: list[GpuSample]) -> None:
        jobs: dict[int, tuple[Job, dict[str, dict[str, Any]], list[int]]] = {}
        for gpu, (job, metrics) in self.scheduler.running_jobs().items():
            jobs.setdefault(job.id, (job, metrics, []))[2].append(gpu)
        self._seen = {j: t for j, t in self._seen.items() if j in jobs}
        now = time.time()
        fresh = [
            (job, cls, m["tflops"], gpus)
            for job, m, gpus in jobs.values()
            if (cls := self._fresh(job, m, now))
        ]
        if fresh:  # the GPUs' models and peaks only on a round that has something to learn
            by_index = {s.index: s for s in samples}
            infos, peaks = self.sampler.infos, self.sampler.peaks
            gpu_of = {info.index: (info.name, peak) for info, (peak, _) in zip(infos, peaks, strict=True)}
            for job, cls, counted, gpus in fresh:
                if any(g not in gpu_of or g not in by_index for g in gpus):
                    continue
                estimates = [sample_tflops(by_index[g], gpu_of[g][1]) for g in gpus]
                if any(isinstance(e, NA) for e in estimates):
                    continue
                self._seen[job.id] = counted["t"]
                total = sum(float(e) for e in estimates)
                self.scheduler.flop_ratios.observe(gpu_of[gpus[0]][0], cls, float(counted["value"]), total)
        self.scheduler.flop_ratios.save_if_due()

    def _fresh(self, job: Job, metrics: dict[str, dict[str, Any]], now: float) -> str | None:
        """The job's class when it has a counted figure to learn from: exact, at most :data:`FRESH_S` old
        and not taken before; else None."""
        counted, cls = metrics.get("tflops"), job_class(job)
        t = counted.get("t") if counted else None
        if cls is None or not counted or not isinstance(t, int | float) or not counted.get("exact", True):
            return None
        return cls if now - t <= FRESH_S and t > self._seen.get(job.id, 0.0) else None
