"""The daily report's energy section: kWh of the day per GPU and in all, and how much of it our queue's
jobs used.

A GPU's kWh is its power from the telemetry history (1 s rows, or 1 min rows past a day) integrated over
the day; the queue's share is the sum of the day's ``energy`` events (:mod:`scheduler.lifecycle.job_energy`,
one per
job and GPU when the job leaves it, from NVML's energy counter), so a job running past midnight counts on
the day it ended.
"""

from __future__ import annotations

import json
from typing import Any

J_PER_KWH = 3.6e6
METHOD = (
    "GPU: power from the telemetry history integrated over the day; queue jobs: NVML energy counter per "
    "job (energy events), counted on the day the job ended"
)


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


def energy_facts(store: Any, t0: float, t1: float, gpu_stats: list[dict[str, Any]]) -> dict[str, Any]:
    """``{"kwh_total", "per_gpu": [{"gpu", "kwh", "queue_jobs_kwh", "queue_jobs"}], "method"}``; a GPU
    without power readings that day has ``kwh`` None (and no share in the total)."""
    queue = queue_energy(store, t0, t1)
    kwh = {int(g["gpu"]): g.get("energy_kwh") for g in gpu_stats}
    per_gpu = []
    for gpu in sorted(set(kwh) | set(queue)):
        joules, jobs = queue.get(gpu, (0.0, 0))
        per_gpu.append(
            {
                "gpu": gpu,
                "kwh": kwh.get(gpu),
                "queue_jobs_kwh": round(joules / J_PER_KWH, 4),
                "queue_jobs": jobs,
            }
        )
    known = [g["kwh"] for g in per_gpu if g["kwh"] is not None]
    return {
        "kwh_total": round(sum(known), 3) if known else None,
        "per_gpu": per_gpu,
        "method": METHOD,
    }


def energy_markdown(energy: dict[str, Any], table: Any) -> list[str]:
    """The report's "Energy" section (``table`` renders rows as a Markdown table)."""
    total = energy.get("kwh_total")
    head = f"{total:.3f} kWh on all GPUs" if isinstance(total, int | float) else "no power readings that day"
    return ["## Energy", "", f"{head}. {energy['method']}.", "", table(energy["per_gpu"])]
