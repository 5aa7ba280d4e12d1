"""The queue's Prometheus counters and histograms, kept from going down when finished jobs are removed.

They are computed from the store at scrape time: transitions from the event log, wait and run times from
the jobs' timestamps. ``gpuaccel remove``/``clean`` delete those rows, and the counters fell with them,
which Prometheus reads as a counter reset: ``rate()`` then counts everything left as new (a spike of
thousands of "transitions" after a clean). Before jobs are deleted (:func:`keep_removed`, in the same
transaction) what they contributed is added to ``removed_counts`` (schema version 7), and every scrape adds
it back (:func:`transitions`, :func:`histogram`).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

Query = Callable[[str, Sequence[Any]], list[Any]]

# Seconds: a queue of interactive jobs and one of overnight runs both fall inside these.
DURATION_BUCKETS: tuple[float, ...] = (1, 5, 15, 60, 300, 900, 3600, 4 * 3600, 12 * 3600, 24 * 3600)


@dataclass(frozen=True)
class Duration:
    """One histogram of jobs' times: its metric, the value per job and which jobs count."""

    metric: str
    value: str
    where: str


WAIT = Duration("gpuaccel_job_wait_seconds", "started_at - created_at", "started_at IS NOT NULL")
RUN = Duration(
    "gpuaccel_job_run_seconds",
    "finished_at - started_at",
    "started_at IS NOT NULL AND finished_at IS NOT NULL",
)
TRANSITIONS = "gpuaccel_job_transitions_total"
ONLY = "AND {column} IN (SELECT value FROM json_each(?))"  # the jobs about to be removed

# A job's events also carry notes in its current state ("running on node ...", "cancel requested: SIGTERM
# sent", "sent SIGUSR1 ..."): an event counts as entering its state only when the job's previous one was in
# another state.
ENTERED_SQL = """
SELECT state, COUNT(*) FROM (
    SELECT state, LAG(state) OVER (PARTITION BY job_id ORDER BY id) AS before
    FROM events WHERE type = 'job' AND state IS NOT NULL {only}
) WHERE before IS NULL OR before != state GROUP BY state
"""


def _entered(query: Query, ids: list[int] | None = None) -> dict[str, float]:
    only = ONLY.format(column="job_id") if ids is not None else ""
    params = [json.dumps(ids)] if ids is not None else []
    return {str(r[0]): float(r[1]) for r in query(ENTERED_SQL.format(only=only), params)}


def _buckets(query: Query, d: Duration, ids: list[int] | None = None) -> dict[str, float]:
    """``count``, ``sum`` and the cumulative count per bucket bound, computed by SQLite in one pass."""
    sums = ", ".join(f"SUM(CASE WHEN {d.value} <= {b} THEN 1 ELSE 0 END)" for b in DURATION_BUCKETS)
    only = ONLY.format(column="id") if ids is not None else ""
    params = [json.dumps(ids)] if ids is not None else []
    sql = f"SELECT COUNT(*), COALESCE(SUM({d.value}), 0), {sums} FROM jobs WHERE {d.where} {only}"
    count, total, *cumulative = (float(v or 0) for v in query(sql, params)[0])
    return {"count": count, "sum": total} | {
        f"{b:g}": c for b, c in zip(DURATION_BUCKETS, cumulative, strict=True)
    }


def _removed(query: Query, metric: str) -> dict[str, float]:
    return {
        str(k): float(v) for k, v in query("SELECT key, value FROM removed_counts WHERE metric = ?", [metric])
    }


def transitions(query: Query) -> dict[str, float]:
    """Times a job entered each state, ever (removed jobs included)."""
    live, gone = _entered(query), _removed(query, TRANSITIONS)
    return {state: live.get(state, 0.0) + gone.get(state, 0.0) for state in {*live, *gone}}


def histogram(query: Query, d: Duration) -> tuple[float, float, list[tuple[str, float]]]:
    """``(count, sum, [(le, cumulative count), ...])`` of ``d`` over every job, removed ones included."""
    live, gone = _buckets(query, d), _removed(query, d.metric)
    total = {k: v + gone.get(k, 0.0) for k, v in live.items()}
    return total["count"], total["sum"], [(f"{b:g}", total[f"{b:g}"]) for b in DURATION_BUCKETS]


def keep_removed(conn: Any, ids: list[int]) -> None:
    """Add what the jobs ``ids`` contributed to the counters and histograms to ``removed_counts``; call
    it in the transaction that deletes them."""

    def query(sql: str, params: Sequence[Any]) -> list[Any]:
        return conn.execute(sql, params).fetchall()

    rows = [(TRANSITIONS, k, v) for k, v in _entered(query, ids).items()]
    for d in (WAIT, RUN):
        rows += [(d.metric, k, v) for k, v in _buckets(query, d, ids).items() if v]
    conn.executemany(
        "INSERT INTO removed_counts (metric, key, value) VALUES (?, ?, ?) "
        "ON CONFLICT (metric, key) DO UPDATE SET value = value + excluded.value",
        rows,
    )
