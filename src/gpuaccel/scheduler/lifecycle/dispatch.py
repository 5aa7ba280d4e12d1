"""One dispatch pass: which queued jobs start now, and in words why each of the others waits.

The scheduler loop (:mod:`scheduler.lifecycle.loop`) runs a pass on every wake-up and tick; this module
holds only
the decision, over the queue read page by page (:meth:`JobStore.pending_pages`) so that no number of blocked
jobs ahead of a runnable one can hide it. A job waits for, in this order: its dependencies, its start
time, its array's limit, its group's limits and the pause switches, a free slot, then GPUs (or a MIG
instance) that fit it.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from gpuaccel.accel.telemetry.types import GpuSample
from gpuaccel.scheduler.lifecycle.allocator import gpu_states
from gpuaccel.scheduler.lifecycle.arrays import ArrayLimits
from gpuaccel.scheduler.lifecycle.dependencies import dependency_states, verdict
from gpuaccel.scheduler.lifecycle.timing import starts_at
from gpuaccel.scheduler.lifecycle.validation import Pending
from gpuaccel.scheduler.placement import mig
from gpuaccel.scheduler.placement.placements import Placements
from gpuaccel.scheduler.store.jobstore import JobStore, Limits

# Claims a queued job and starts its attempt on these GPUs (and MIG instance); False when the claim lost
# (cancelled between the scan and the claim) or the start failed.
Launch = Callable[[int, list[int], str | None], bool]


@dataclass
class Slots:
    """What runs when the pass starts (read under the scheduler's lock); the pass adds what it starts."""

    held: dict[int, int]  # GPU -> job id running there
    held_mig: dict[str, int]  # MIG instance uuid -> job id
    running: int
    in_group: Counter[str]

    def demand(self) -> dict[int, str]:
        """GPU -> why a job wants it, for idleness: the GPUs running jobs hold."""
        return {g: f"job {j} running" for g, j in self.held.items()}


def dispatch_pass(
    *,
    store: JobStore,
    placements: Placements,
    max_parallel: int,
    limits: Limits,
    slots: Slots,
    samples: list[GpuSample],
    no_gpu: str | None,
    after_id: int,
    full: bool,
    launch: Launch,
    now: float | None = None,
) -> dict[int, str]:
    """Start what fits among the waiting jobs newer than ``after_id`` (all of them on a *full* pass, which
    also records why the rest waits); ``now`` (unix time) decides which start times have come. Returns
    GPU -> why a job wants it (for idleness)."""
    gpus = gpu_states(samples)
    held, held_mig, in_group = slots.held, slots.held_mig, slots.in_group
    running = slots.running
    demand = slots.demand()
    queued: list[Pending] = []
    reasons: dict[int, str | None] = {}
    now = time.time() if now is None else now
    arrays = ArrayLimits(store.running_per_array())
    later: set[int] = set()  # held until a start time: no demand on the GPUs now
    for page in store.pending_pages(after_id):
        queued += page
        deps = {d for j in page for d in (*j.depends_on, *j.after_any, *j.after_notok)}
        dep_arrays = store.array_states_of(sorted(deps))
        dep_states = dependency_states(store.states_of(sorted(deps)), dep_arrays)
        for job in page:
            if running >= max_parallel and not full:
                break
            judged = verdict(
                job.depends_on, list(job.after_any), list(job.after_notok), dep_states, dep_arrays
            )
            if judged.fail is not None:
                store.fail_waiting(job.id, judged.fail)
                continue
            if judged.wait is not None:
                reasons[job.id] = judged.wait
                continue
            if job.not_before is not None and job.not_before > now:
                reasons[job.id] = starts_at(job.not_before, now)
                later.add(job.id)
                continue
            throttled = arrays.reason(job.array_id, job.array_max)
            if throttled is not None:
                reasons[job.id] = throttled
                continue
            why = limits.why_waiting(job.group, in_group[job.group])
            if why is not None:
                reasons[job.id] = why
                continue
            if running >= max_parallel:
                reasons[job.id] = f"waiting for a free slot ({max_parallel} jobs running)"
                continue
            instance = mig.place(job, samples, held_mig) if job.mig else None
            if isinstance(instance, tuple):
                placed, held_mig[instance[1]] = [instance[0]], job.id
            else:
                placed = instance or placements.get(job.where).fit(job, gpus, held, no_gpu)
            if isinstance(placed, str):
                reasons[job.id] = placed
                continue
            if launch(job.id, placed, instance[1] if isinstance(instance, tuple) else None):
                running += 1
                arrays.started(job.array_id)
                in_group[job.group] += 1
                for g in placed:
                    held[g] = job.id
                    demand[g] = f"job {job.id} running"
        if running >= max_parallel and not full:
            break  # before the next page is read
    for job in queued:  # a GPU job still waiting keeps the GPUs it could take from being idle
        if job.gpus and job.id in reasons and job.id not in later:
            for g in job.gpu_ids if job.gpu_ids is not None else [g.index for g in gpus]:
                demand.setdefault(g, f"job {job.id} queued")
    if full:
        before = {j.id: j.waiting_reason for j in queued}
        store.set_waiting_reasons({i: r for i, r in reasons.items() if r != before[i]})
    return demand
