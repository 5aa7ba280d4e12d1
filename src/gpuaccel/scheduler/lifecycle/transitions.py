"""Every change of a job's state, in one table: (from states, event, to state), and the one statement that
makes it.

Why: the states' rules lived in half a dozen ``UPDATE jobs SET state = ...`` strings, each with its own
``WHERE state IN (...)``; a new state or event had to be added to all of them by hand. Here each event
names the states it leaves and the state it enters, and :func:`move` is the only SQL that writes
``jobs.state``: it checks the from-states in its ``WHERE`` (so a race resolves to one winner) and returns
the row as it is now, or None when the job was elsewhere. Its event row is the caller's, in the same
transaction.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any

from gpuaccel.api.jobs import FINISHED, LIVE, JobState

Q, RETRYING, HELD = JobState.QUEUED, JobState.RETRYING, JobState.HELD
RUNNING, PAUSED = JobState.RUNNING, JobState.PAUSED
SUCCEEDED, FAILED, CANCELLED = JobState.SUCCEEDED, JobState.FAILED, JobState.CANCELLED


@dataclass(frozen=True)
class Transition:
    frm: frozenset[JobState]
    event: str
    to: JobState


TABLE: tuple[Transition, ...] = (
    Transition(frozenset({Q}), "claim", RUNNING),  # the dispatcher starts an attempt
    Transition(frozenset(LIVE), "succeed", SUCCEEDED),  # the attempt ended (exit 0)
    Transition(frozenset(LIVE), "fail", FAILED),  # ... with an error and no retry left
    Transition(frozenset(LIVE), "end_cancelled", CANCELLED),  # ... after a cancel
    Transition(frozenset(LIVE), "retry_later", RETRYING),  # ... with an error and a retry left
    Transition(frozenset(LIVE), "requeue", Q),  # its worker is gone (daemon stop, lost node)
    Transition(frozenset(LIVE), "requeue_held", HELD),  # ... and it was paused: wait for a release
    Transition(frozenset({RETRYING}), "backoff_over", Q),
    Transition(frozenset({Q, RETRYING, HELD}), "cancel_waiting", CANCELLED),
    Transition(frozenset({Q}), "fail_waiting", FAILED),  # a dependency can no longer be met
    Transition(frozenset(FINISHED), "retry", Q),  # the user queues a finished job again
    Transition(frozenset({RUNNING}), "pause", PAUSED),
    Transition(frozenset({PAUSED}), "resume", RUNNING),
    Transition(frozenset({Q}), "hold", HELD),
    Transition(frozenset({HELD}), "release", Q),
)
EVENTS: dict[str, Transition] = {t.event: t for t in TABLE}
# How an attempt's end is named for each finished state.
END_EVENT: dict[JobState, str] = {SUCCEEDED: "succeed", FAILED: "fail", CANCELLED: "end_cancelled"}


def allowed(frm: JobState, to: JobState) -> bool:
    """Whether any event moves a job from ``frm`` to ``to``."""
    return any(frm in t.frm and t.to == to for t in TABLE)


def move(
    conn: sqlite3.Connection,
    event: str,
    where: str,
    params: tuple[Any, ...],
    values: dict[str, Any] | None = None,
    exprs: dict[str, str] | None = None,
) -> list[sqlite3.Row]:
    """Apply ``event`` to the jobs ``where`` selects (``id = ?``, ``array_id = ?``) that are in its
    from-states: their state becomes its to-state, with ``values`` (column: value) and ``exprs`` (column:
    SQL over the row, such as ``attempt + 1``) set too, and ``waiting_reason`` cleared (dispatch writes it
    again for a job still waiting). Returns the rows as they are now."""
    t = EVENTS[event]
    sets = ["state = ?"]
    args: list[Any] = [t.to.value]
    for column, value in (values or {}).items():
        sets.append(f'"{column}" = ?')
        args.append(value)
    sets += [f'"{column}" = {sql}' for column, sql in (exprs or {}).items()]
    if "waiting_reason" not in (values or {}):
        sets.append("waiting_reason = NULL")
    frm = sorted(s.value for s in t.frm)
    sql = (
        f"UPDATE jobs SET {', '.join(sets)} WHERE {where} AND state IN ({','.join('?' * len(frm))})"
        " RETURNING *"
    )
    return conn.execute(sql, [*args, *params, *frm]).fetchall()
