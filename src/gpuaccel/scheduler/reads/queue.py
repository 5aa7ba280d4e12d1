"""Read-only questions other layers ask about the queue and its events, answered without SQL text.

The assistant's facts and reports read jobs, events and history through these functions, so the scheduler's
tables stay the scheduler's business: a column renamed here changes this module, not the assistant.
Results are the scheduler's own types (:class:`~scheduler.lifecycle.validation.Job`); the telemetry history
is read through :mod:`scheduler.reads.history`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from gpuaccel.api.attempts import attempts
from gpuaccel.api.jobs import Job, JobState
from gpuaccel.scheduler.lifecycle.allocator import holders as holders  # what a waiting job queues behind
from gpuaccel.scheduler.store.queue import Store


def jobs_in_window(store: Store, t0: float, t1: float, limit: int = 100_000) -> list[Job]:
    """Jobs with an attempt that ran at some moment of [t0, t1), read with their events: the row keeps only
    the latest attempt's start, so a retried job whose first attempt ran in the window is found by its
    attempts (:func:`api.attempts.attempts`), not by the row."""
    rows = store.query(
        "SELECT id FROM jobs WHERE started_at IS NOT NULL AND created_at < ?"
        " AND (finished_at IS NULL OR finished_at >= ?) ORDER BY id LIMIT ?",
        (t1, t0, limit),
    )
    found = (store.get(r[0], with_events=True) for r in rows)
    return [j for j in found if j is not None and any(a.ran_during(t0, t1) for a in attempts(j))]


def job_ids(store: Store, states: Sequence[str]) -> set[int]:
    """Ids of every job in one of ``states`` (no row is built: cheap even for a long history)."""
    if not states:
        return set()
    rows = store.query(f"SELECT id FROM jobs WHERE state IN ({','.join('?' * len(states))})", list(states))
    return {r[0] for r in rows}


def running_pids(store: Store) -> dict[int, int]:
    """Worker pid -> job id for the running (or paused) jobs (workers lead their own process group)."""
    rows = store.query(
        "SELECT worker_pid, id FROM jobs WHERE state IN (?, ?) AND worker_pid IS NOT NULL",
        (JobState.RUNNING, JobState.PAUSED),
    )
    return {r[0]: r[1] for r in rows}


def event_count(store: Store, type: str, t0: float, t1: float) -> int:
    """How many events of ``type`` (e.g. ``"gate"``: the assistant's GPU gate moved) fall in [t0, t1)."""
    rows = store.query("SELECT COUNT(*) FROM events WHERE type = ? AND t >= ? AND t < ?", (type, t0, t1))
    return int(rows[0][0])


def energy_events(store: Store, job_id: int) -> list[tuple[float, float, str]]:
    """A job's ``energy`` events in order (one per GPU and attempt, recorded as the attempt's run ends, from
    NVML's energy counter: :mod:`scheduler.lifecycle.job_energy`): (when, joules, how measured); an event
    without a figure says nothing about energy and is left out."""
    sql = "SELECT t, data FROM events WHERE type = 'energy' AND job_id = ? ORDER BY id"
    rows = store.query(sql, (job_id,))
    out = []
    for t, data in rows:
        try:
            d = json.loads(data or "{}")
            out.append((float(t), float(d["joules"]), str(d.get("method") or "")))
        except (TypeError, ValueError, KeyError):
            continue
    return out


def job_energy(store: Store, job_id: int) -> tuple[float, str] | None:
    """Joules a job used, summed over its :func:`energy_events`, and how they were measured; None when none
    was recorded."""
    found = energy_events(store, job_id)
    if not found:
        return None
    return sum(j for _, j, _ in found), summed_methods([how for _, _, how in found if how])


_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def summed_methods(methods: list[str]) -> str:
    """One method per kind for a sum of events: "NVML energy counter over 190.0 s of 190.0 s ..." of three
    attempts reads as their seconds summed, "over 581.0 s of 581.0 s ... (3 runs summed)", not three times
    the same words with each attempt's numbers."""
    kinds: dict[str, list[str]] = {}
    for how in methods:
        kinds.setdefault(_NUMBER.sub("\x00", how), []).append(how)
    out = []
    for shape, said in kinds.items():
        if len(said) == 1:
            out.append(said[0])
            continue
        columns = zip(*([float(n) for n in _NUMBER.findall(how)] for how in said), strict=True)
        pieces = shape.split("\x00")
        totals = [f"{sum(col):.1f}" for col in columns] + [""]
        out.append(
            "".join(p + t for p, t in zip(pieces, totals, strict=False)) + f" ({len(said)} runs summed)"
        )
    return "; ".join(out) or "NVML energy counter"
