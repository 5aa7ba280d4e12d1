"""Queue groups (named queues with their own parallelism) and the queue's pause switches, in the store.

Dispatch reads them as one :class:`Limits` (cached by the scheduler, re-read after every change made
through :mod:`scheduler.lifecycle.controls`), so a wake-up pass costs no extra query. A group's parallelism is
changeable at run time; 0 means "only the daemon's own limit" (the ``default`` group starts so).
"""

from __future__ import annotations

import time

from gpuaccel.api.controls import GroupOut, QueueOut
from gpuaccel.api.jobs import DEFAULT_GROUP, FINISHED, JobState
from gpuaccel.scheduler.store.queue import Store
from gpuaccel.scheduler.store.submissions import unknown_group


class GroupNotFound(LookupError):
    pass


class GroupConflict(RuntimeError):
    """The group exists already, or still has jobs that are not finished."""


def queue_state(store: Store) -> QueueOut:
    """The queue's switches and every group with the counts of its not-finished jobs."""
    counts: dict[tuple[str, str], int] = {}
    finished = tuple(s.value for s in FINISHED)
    for r in store.query(
        f'SELECT "group", state, COUNT(*) FROM jobs WHERE state NOT IN ({",".join("?" * len(finished))})'
        ' GROUP BY "group", state',
        finished,
    ):
        counts[(r[0], r[1])] = int(r[2])
    groups = [
        GroupOut(
            name=r[0],
            parallel=int(r[1]),
            paused=bool(r[2]),
            queued=counts.get((r[0], JobState.QUEUED), 0) + counts.get((r[0], JobState.RETRYING), 0),
            held=counts.get((r[0], JobState.HELD), 0),
            running=counts.get((r[0], JobState.RUNNING), 0),
            paused_jobs=counts.get((r[0], JobState.PAUSED), 0),
        )
        for r in store.query(
            "SELECT name, parallel, paused FROM groups ORDER BY name = ? DESC, name", (DEFAULT_GROUP,)
        )
    ]
    return QueueOut(paused=store.limits().queue_paused, groups=groups)


def group(store: Store, name: str) -> GroupOut:
    for g in queue_state(store).groups:
        if g.name == name:
            return g
    with store.transaction() as conn:
        raise GroupNotFound(unknown_group(conn, name))


def add_group(store: Store, name: str, parallel: int) -> GroupOut:
    with store.transaction() as conn:
        if conn.execute("SELECT 1 FROM groups WHERE name = ?", (name,)).fetchone():
            raise GroupConflict(f"group {name!r} exists already (change it with: gpuaccel group parallel)")
        conn.execute(
            "INSERT INTO groups (name, parallel, paused, created_at) VALUES (?, ?, 0, ?)",
            (name, parallel, time.time()),
        )
        Store._event(conn, "group", message=f"group {name} added (parallel {parallel})")
    return group(store, name)


def remove_group(store: Store, name: str) -> GroupOut:
    """Remove a group that has no job waiting or running (its finished jobs keep its name)."""
    before = group(store, name)
    if name == DEFAULT_GROUP:
        raise GroupConflict("the default group cannot be removed")
    finished = tuple(s.value for s in FINISHED)
    with store.transaction() as conn:
        busy = conn.execute(
            f'SELECT state, COUNT(*) FROM jobs WHERE "group" = ? AND state NOT IN ({",".join("?" * 3)})'
            " GROUP BY state ORDER BY state",
            (name, *finished),
        ).fetchall()
        if busy:
            what = ", ".join(f"{n} {s}" for s, n in busy)
            raise GroupConflict(
                f"group {name!r} still has jobs ({what}); cancel them or wait until they end, then remove it"
            )
        if conn.execute("DELETE FROM groups WHERE name = ?", (name,)).rowcount == 0:
            raise GroupNotFound(unknown_group(conn, name))
        Store._event(conn, "group", message=f"group {name} removed")
    return before


def set_parallel(store: Store, name: str, parallel: int) -> GroupOut:
    with store.transaction() as conn:
        if conn.execute("UPDATE groups SET parallel = ? WHERE name = ?", (parallel, name)).rowcount == 0:
            raise GroupNotFound(unknown_group(conn, name))
        Store._event(conn, "group", message=f"group {name}: parallel {parallel}")
    return group(store, name)


def set_paused(store: Store, name: str | None, paused: bool) -> None:
    """Pause (or resume) dispatch for one group, or for the whole queue when ``name`` is None."""
    word = "paused" if paused else "resumed"
    with store.transaction() as conn:
        if name is None:
            conn.execute("UPDATE queue_state SET paused = ? WHERE id = 1", (int(paused),))
            Store._event(conn, "queue", state=word, message=f"queue {word}")
        else:
            if conn.execute("UPDATE groups SET paused = ? WHERE name = ?", (int(paused), name)).rowcount == 0:
                raise GroupNotFound(unknown_group(conn, name))
            Store._event(conn, "group", state=word, message=f"group {name} {word}")
