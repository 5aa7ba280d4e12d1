"""Storing one submission: a job, or an array's elements, with its idempotency key, in a transaction.

Why apart from the store: it is the one place that turns a checked :class:`JobRequest` into rows, and
it works inside whatever transaction the caller holds (one per submission, or one shared by a batch of
submissions), so every check comes before the first write and a refused request leaves nothing behind.
"""

from __future__ import annotations

import functools
import sqlite3
import time
from typing import Any

from gpuaccel.api.jobs import Job, JobState
from gpuaccel.api.request import JobRequest
from gpuaccel.scheduler.lifecycle.arrays import parse_array
from gpuaccel.scheduler.lifecycle.timing import starts_at
from gpuaccel.scheduler.lifecycle.validation import RequestError
from gpuaccel.scheduler.store import idempotency
from gpuaccel.scheduler.store.sqlite import json_text

Q, HELD = JobState.QUEUED, JobState.HELD


def group_words(name: str, names: list[str]) -> str:
    """The words for a group that does not exist, naming those that do."""
    return f"no group {name!r}; existing groups: {', '.join(names)} (add one with: gpuaccel group add NAME)"


def unknown_group(conn: sqlite3.Connection, name: str) -> str:
    return group_words(name, [r[0] for r in conn.execute("SELECT name FROM groups ORDER BY name")])


def check_references(conn: sqlite3.Connection, req: JobRequest) -> None:
    """What a request names must exist when it is stored (submit and edit): the jobs it depends on, in
    every kind of dependency, and its group; raises :class:`RequestError` naming the field."""
    for field, ids in (
        ("depends_on", req.depends_on), ("after_any", req.after_any), ("after_notok", req.after_notok)
    ):  # fmt: skip
        missing = [d for d in ids if not conn.execute("SELECT 1 FROM jobs WHERE id = ?", (d,)).fetchone()]
        if missing:
            raise RequestError(field, f"no job with id {missing[0]}; a dependency must already exist")
    if not conn.execute("SELECT 1 FROM groups WHERE name = ?", (req.group,)).fetchone():
        raise RequestError("group", unknown_group(conn, req.group))


# The request's columns stored as JSON text.
JSON_COLUMNS = frozenset(
    {"spec", "argv", "env", "gpu_ids", "depends_on", "labels", "after_any", "after_notok", "resources",
     "runtime_env"}
)  # fmt: skip


def request_values(req: JobRequest) -> dict[str, Any]:
    """The stored columns a request sets and an edit may change, as Python values: the one mapping from
    request fields to columns, so a submission and an edit (:func:`controls.edit`) write the same ones,
    in SQLite (:func:`request_columns`) or in memory."""
    return {
        "name": req.name, "spec": req.spec, "argv": req.argv, "env": req.env, "cwd": req.cwd,
        "priority": req.priority, "gpus": req.gpus, "gpu_ids": req.gpu_ids, "memory_mib": req.memory_mib,
        "max_retries": req.max_retries, "depends_on": req.depends_on, "labels": req.labels,
        "timeout_s": req.timeout_s, "not_before": req.not_before, "after_any": req.after_any,
        "after_notok": req.after_notok, "kill_grace_s": req.kill_grace_s, "warn_signal": req.warn_signal,
        "warn_before_s": req.warn_before_s, "on_finish": req.on_finish, "on_finish_url": req.on_finish_url,
        "group": req.group, "mig": req.mig, "want_node": req.node, "cpus": req.cpus, "ram_mib": req.ram_mib,
        "resources": req.resources, "runtime_env": req.runtime_env.for_ray() if req.runtime_env else None,
    }  # fmt: skip


def request_columns(req: JobRequest) -> dict[str, Any]:
    """:func:`request_values` as SQL: quoted column names, JSON columns as text."""
    return {f'"{c}"': json_text(v) if c in JSON_COLUMNS else v for c, v in request_values(req).items()}


# A new job's place among equal priorities: its own id, which AUTOINCREMENT makes the sequence's next
# value (read in the INSERT itself, so no second statement writes it).
NEXT_ID = "(SELECT IFNULL((SELECT seq FROM sqlite_sequence WHERE name = 'jobs'), 0) + 1)"


@functools.cache
def _insert_sql(columns: tuple[str, ...]) -> str:
    """The INSERT of a job with these columns (the same ones every time: built once)."""
    return (
        f"INSERT INTO jobs ({', '.join(columns)}, array_id, array_index, idempotency_key, request_hash, seq)"
        f" VALUES ({', '.join('?' * (len(columns) + 4))}, {NEXT_ID})"
    )


def insert_submission(
    conn: sqlite3.Connection, req: JobRequest, key: str | None, request_hash: str | None
) -> tuple[Job, bool]:
    """One submission inside the caller's transaction. Every check comes before the first write, so
    a refused request (RequestError, IdempotencyConflict) leaves nothing behind."""
    now = time.time()
    if key is not None:
        row = conn.execute("SELECT * FROM jobs WHERE idempotency_key = ?", (key,)).fetchone()
        if row is not None:
            if row["request_hash"] != request_hash:
                raise idempotency.conflict(key, row["id"])
            return Job.from_row(row), False
    check_references(conn, req)
    array = parse_array(req.array) if req.array else None
    waiting = starts_at(req.not_before, now) if req.not_before and req.not_before > now else None
    state = HELD if req.hold else Q
    columns = {
        **request_columns(req), "kind": req.kind, "state": state, "created_at": now,
        '"where"': req.where or "local", "array_max": array.max_running if array else None,
        "waiting_reason": waiting,
    }  # fmt: skip
    values = list(columns.values())
    sql = _insert_sql(tuple(columns))
    first_index = array.indices[0] if array else None
    row = conn.execute(sql + " RETURNING *", [*values, None, first_index, key, request_hash]).fetchone()
    job = Job.from_row({**dict(row), **request_values(req)})  # the values just written: none decoded again
    message = f"submitted ({job.kind}{', held' if req.hold else ''})"
    if array is None:
        conn.execute(
            "INSERT INTO events (t, type, job_id, state, message) VALUES (?, 'job', ?, ?, ?)",
            (now, job.id, state, message),
        )
        return job, True
    conn.execute("UPDATE jobs SET array_id = ? WHERE id = ?", (job.id, job.id))
    conn.executemany(sql, [[*values, job.id, i, None, None] for i in array.indices[1:]])
    conn.execute(
        "INSERT INTO events (t, type, job_id, state, message) SELECT ?, 'job', id, ?,"
        " ? || array_index || ' of array ' || array_id FROM jobs WHERE array_id = ?",
        (now, state, f"{message}: element ", job.id),
    )
    return job.model_copy(update={"array_id": job.id}), True
