"""The daily report's energy section: each GPU's energy over the day and in all, and how much of it our
queue's jobs used.

A GPU's energy is its NVML energy counter's deltas over the day, read from the telemetry history at the
finest resolution that covers each part (:func:`scheduler.reads.history.energy`; power x time only where
the counter does not cover, and said); the queue's share is the sum of the day's ``energy`` events
(:mod:`scheduler.lifecycle.job_energy`, one per job and GPU when the job leaves it, from the same
counter), so a job running past midnight counts on the day it ended. Amounts are written as ``gpuaccel
show`` writes them.
"""

from __future__ import annotations

import json
from typing import Any

from gpuaccel.accel.telemetry.fields import energy_text
from gpuaccel.scheduler.reads.history import Energy

QUEUE_METHOD = "queue jobs: NVML energy counter per job (energy events), counted on the day the job ended"


def queue_energy(store: Any, t0: float, t1: float) -> dict[int, tuple[float, int]]:
    """GPU -> (joules, jobs) of the ``energy`` events recorded between ``t0`` and ``t1``."""
    rows = store.query(
        "SELECT gpu, data FROM events WHERE type = 'energy' AND gpu IS NOT NULL AND t >= ? AND t < ?",
        (t0, t1),
    )
    out: dict[int, tuple[float, int]] = {}
    for gpu, data in rows:
        try:
            joules = float(json.loads(data or "{}").get("joules"))
        except (TypeError, ValueError):
            continue  # an event without a figure says nothing about energy
        j, n = out.get(int(gpu), (0.0, 0))
        out[int(gpu)] = (j + joules, n + 1)
    return out


def energy_facts(store: Any, t0: float, t1: float, energies: list[Energy]) -> dict[str, Any]:
    """``{"total_j", "total", "per_gpu": [{"gpu", "energy", "queue_jobs_energy", "queue_jobs", "method"}],
    "method"}``; a GPU without counter or power readings that day has ``energy`` None (and no share in
    the total)."""
    queue = queue_energy(store, t0, t1)
    by_gpu = {e.gpu: e for e in energies}
    per_gpu = []
    for gpu in sorted(set(by_gpu) | set(queue)):
        joules, jobs = queue.get(gpu, (0.0, 0))
        e = by_gpu.get(gpu)
        per_gpu.append(
            {
                "gpu": gpu,
                "energy": energy_text(e.joules) if e is not None and e.joules is not None else None,
                "queue_jobs_energy": energy_text(joules),
                "queue_jobs": jobs,
                "method": e.method if e is not None else "no history",
            }
        )
    known = [e.joules for e in energies if e.joules is not None]
    total = sum(known) if known else None
    return {
        "total_j": round(total, 1) if total is not None else None,
        "total": energy_text(total) if total is not None else None,
        "per_gpu": per_gpu,
        "method": QUEUE_METHOD,
    }


def energy_markdown(energy: dict[str, Any], table: Any) -> list[str]:
    """The report's "Energy" section (``table`` renders rows as a Markdown table)."""
    total = energy.get("total")
    head = f"{total} on all GPUs" if total else "no energy counter or power readings that day"
    return ["## Energy", "", f"{head}. GPUs: their energy counter's deltas; {energy['method']}.", "",
            table(energy["per_gpu"])]  # fmt: skip
