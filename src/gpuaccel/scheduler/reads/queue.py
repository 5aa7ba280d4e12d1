"""Read-only questions other layers ask about the queue and the telemetry history, answered without SQL text.

The assistant's facts and reports read jobs, events and history through these functions, so the scheduler's
tables stay the scheduler's business: a column renamed here changes this module, not the assistant.
Results are the scheduler's own types: :class:`~scheduler.lifecycle.validation.Job`, :class:`HistoryRow`,
:class:`GpuSummary`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields

from gpuaccel.api.jobs import Job, JobState
from gpuaccel.scheduler.store.history import RESOLUTIONS
from gpuaccel.scheduler.store.queue import Store

# Finest first: 1 s rows are kept a day, 1 min rows 90 days (scheduler.store.history).
_STEPS: tuple[tuple[str, float], ...] = (("1s", 1.0), ("1m", 60.0))


@dataclass(frozen=True)
class HistoryRow:
    """One stored telemetry average (None where the value was unavailable for the whole bucket)."""

    gpu: int
    t: float
    util_gpu: float | None
    util_mem: float | None
    mem_used_mib: float | None
    temperature_c: float | None
    power_w: float | None
    sm_clock_mhz: float | None
    mem_clock_mhz: float | None
    tensor_active: float | None
    sm_active: float | None
    dram_bw_util: float | None
    tflops_est: float | None


_ROW_COLUMNS = ", ".join(f.name for f in fields(HistoryRow))


@dataclass(frozen=True)
class HistoryWindow:
    """History rows of one resolution, ordered by GPU then time; ``step_s`` is their spacing."""

    rows: list[HistoryRow]
    step_s: float


@dataclass(frozen=True)
class GpuSummary:
    """One GPU's telemetry since a moment, from the 1 s history: peak temperature and mean activity."""

    gpu: int
    temperature_peak_c: float | None
    util_avg_pct: float | None
    tensor_avg_pct: float | None


def jobs_in_window(store: Store, t0: float, t1: float, limit: int = 100_000) -> list[Job]:
    """Jobs that ran at some moment of [t0, t1): started before t1 and not finished before t0."""
    rows = store.query(
        "SELECT * FROM jobs WHERE started_at IS NOT NULL AND started_at < ?"
        " AND (finished_at IS NULL OR finished_at >= ?) ORDER BY id LIMIT ?",
        (t1, t0, limit),
    )
    return [Job.from_row(r) for r in rows]


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


def history_window(store: Store, t0: float, t1: float, gpus: Sequence[int] | None = None) -> HistoryWindow:
    """Rows of the finest history table that reaches back to ``t0`` and has rows in [t0, t1), optionally
    only some GPUs; where none reaches back, of the one that reaches furthest.

    Why "reaches back": the 1 s table keeps only the last day, so for a week it holds the last day's rows
    alone, and a mean or an energy read from them would be the last day's said as the week's."""
    where = f" AND gpu IN ({','.join('?' * len(gpus))})" if gpus else ""
    best: tuple[float, HistoryWindow] | None = None
    for resolution, step in _STEPS:
        table = RESOLUTIONS[resolution]
        rows = store.query(
            f"SELECT {_ROW_COLUMNS} FROM {table} WHERE t >= ? AND t < ?{where} ORDER BY gpu, t",
            (t0, t1, *(gpus or [])),
        )
        if not rows:
            continue
        (oldest,) = store.query(f"SELECT MIN(t) FROM {table}")[0]
        window = HistoryWindow([HistoryRow(*r) for r in rows], step)
        if oldest <= t0 + step:
            return window
        if best is None or oldest < best[0]:
            best = (oldest, window)
    return best[1] if best else HistoryWindow([], _STEPS[0][1])


def gpu_summaries(store: Store, since: float) -> list[GpuSummary]:
    """Per GPU with 1 s history since ``since``: peak temperature, mean utilization and tensor activity."""
    rows = store.query(
        "SELECT gpu, MAX(temperature_c), AVG(util_gpu), AVG(tensor_active)"
        f" FROM {RESOLUTIONS['1s']} WHERE t >= ? GROUP BY gpu ORDER BY gpu",
        (since,),
    )
    return [GpuSummary(*r) for r in rows]


def event_count(store: Store, type: str, t0: float, t1: float) -> int:
    """How many events of ``type`` (e.g. ``"gate"``: the assistant's GPU gate moved) fall in [t0, t1)."""
    rows = store.query("SELECT COUNT(*) FROM events WHERE type = ? AND t >= ? AND t < ?", (type, t0, t1))
    return int(rows[0][0])
