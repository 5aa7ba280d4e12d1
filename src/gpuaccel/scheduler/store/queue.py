"""The durable queue: jobs and events in SQLite (WAL, busy timeout), every transition guarded and logged.

A single connection (:class:`~scheduler.store.records.JobRecords`) makes ``BEGIN IMMEDIATE ... UPDATE ...
RETURNING`` claims trivially atomic. Every state change checks the state it expects in its ``WHERE``
clause, so races (a cancel arriving as the job exits) resolve to exactly one winner, and each winner
writes its event row in the same transaction.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from gpuaccel.accel.workloads.report import Progress
from gpuaccel.api.attempts import started_words
from gpuaccel.api.jobs import FINISHED, Job, JobState
from gpuaccel.scheduler.lifecycle.transitions import EVENTS, move
from gpuaccel.scheduler.store.jobstore import Limits, StateChanges
from gpuaccel.scheduler.store.records import LIVE_SQL, RETRYING, RUNNING, JobRecords, Q
from gpuaccel.scheduler.store.sqlite import json_text


class Store(StateChanges, JobRecords):
    """Jobs and events, and every change of a job's state, in SQLite: the durable
    :class:`~scheduler.store.jobstore.JobStore`. Thread-safe."""

    def __init__(self, path: Path | str) -> None:
        super().__init__(path)
        self._finished_listeners: list[Callable[[Job], None]] = []
        self._hooks_of: Callable[[Job], list[tuple[str, str]]] = lambda _job: []

    def _transition(
        self, job_id: int, event: str, message: str, exprs: dict[str, str] | None = None, **columns: Any
    ) -> Job | None:
        """Apply ``event`` of the transition table to one job, with its event row (and, for a finished
        job, its finish hooks) in the same transaction; None if the job was not in a state it leaves."""
        to_state = EVENTS[event].to
        values = {k: json_text(v) if isinstance(v, dict | list) else v for k, v in columns.items()}
        with self.transaction() as conn:
            rows = move(conn, event, "id = ?", (job_id,), values, exprs)
            if not rows:
                return None
            job = Job.from_row(rows[0])
            self._event(conn, "job", job_id=job_id, state=to_state, message=message.format(job=job))
            if to_state in FINISHED:
                self._queue_hooks(conn, [job])
        if to_state in FINISHED:
            for listener in self._finished_listeners:
                listener(job)
        return job

    def limits(self) -> Limits:
        """The queue's pause switch and every group's (parallelism, paused), as dispatch reads them."""
        paused = self.query("SELECT paused FROM queue_state WHERE id = 1")
        rows = self.query("SELECT name, parallel, paused FROM groups")
        return Limits(bool(paused and paused[0][0]), {r[0]: (int(r[1]), bool(r[2])) for r in rows})

    def on_finished(self, listener: Callable[[Job], None]) -> None:
        """Call ``listener(job)`` after each commit that finishes a job (quick: it runs in the writer)."""
        self._finished_listeners.append(listener)

    # -- the finish hooks' outbox ------------------------------------------------------------------

    def set_finish_hooks(self, hooks_of: Callable[[Job], list[tuple[str, str]]]) -> None:
        """``hooks_of(job)``: the ("command" | "url", target) hooks a finished job gets, written as pending
        rows of ``hook_outbox`` in the very transaction that finishes it (so a crash cannot lose them)."""
        self._hooks_of = hooks_of

    def _queue_hooks(self, conn: Any, jobs: Sequence[Job]) -> None:
        now = time.time()
        rows = [(job.id, kind, target, now) for job in jobs for kind, target in self._hooks_of(job)]
        if rows:
            conn.executemany(
                "INSERT INTO hook_outbox (job_id, kind, target, created) VALUES (?, ?, ?, ?)", rows
            )

    def pending_hooks(self, job_id: int | None = None) -> list[tuple[int, int, str, str]]:
        """(row id, job id, kind, target) of every hook without an outcome, oldest first."""
        sql = "SELECT id, job_id, kind, target FROM hook_outbox WHERE outcome IS NULL"
        sql += " AND job_id = ? ORDER BY id" if job_id is not None else " ORDER BY id"
        return [tuple(r) for r in self.query(sql, () if job_id is None else (job_id,))]  # type: ignore[misc]

    def hook(self, hook_id: int) -> tuple[int, str, str] | None:
        """(job id, kind, target) of an outbox row, None when there is none."""
        rows = self.query("SELECT job_id, kind, target FROM hook_outbox WHERE id = ?", (hook_id,))
        return (rows[0][0], rows[0][1], rows[0][2]) if rows else None

    def hook_started(self, hook_id: int) -> None:
        """Count a run (a replay after a crash is a second one), before it starts."""
        with self.transaction() as conn:
            conn.execute("UPDATE hook_outbox SET runs = runs + 1 WHERE id = ?", (hook_id,))

    def hook_done(self, hook_id: int, job: Job, outcome: str, ok: bool, data: dict[str, Any]) -> bool:
        """Record a hook's outcome and its event, once: False when the row had one already."""
        with self.transaction() as conn:
            done = conn.execute(
                "UPDATE hook_outbox SET outcome = ?, ok = ?, done = ? WHERE id = ? AND outcome IS NULL",
                (self.scrub(outcome), int(ok), time.time(), hook_id),
            ).rowcount
            if done:
                self._event(conn, "job", job_id=job.id, state=str(job.state), message=outcome, data=data)
        return bool(done)

    def claim(
        self, job_id: int, owner: str, lease_s: float, gpus: list[int], mig: str | None = None
    ) -> Job | None:
        """Atomically take a queued job for this daemon: ``running``, attempt + 1, a lease, its GPUs (and
        the MIG instance it was given)."""
        now = time.time()
        values = {
            "started_at": now, "finished_at": None, "lease_owner": owner, "lease_until": now + lease_s,
            "assigned_gpus": json.dumps(gpus), "exit_code": None, "reason": None, "progress": None,
            "worker_pid": None, "worker_start": None, "cancel_requested": 0, "placement_ref": None,
            "node": None, "paused_at": None, "paused_s": 0, "assigned_mig": mig,
        }  # fmt: skip
        with self.transaction() as conn:
            rows = move(conn, "claim", "id = ?", (job_id,), values, {"attempt": "attempt + 1"})
            if not rows:
                return None
            row = rows[0]
            message = started_words(row["attempt"], gpus, mig, row["where"])
            self._event(conn, "job", job_id=job_id, state=RUNNING, message=message)
        return Job.from_row(row)

    def set_worker(self, job_id: int, pid: int | None, start_marker: str | None) -> bool:
        """Note the worker's pid (for the API and older versions); returns whether a cancel is pending."""
        with self.transaction() as conn:
            row = conn.execute(
                "UPDATE jobs SET worker_pid = ?, worker_start = ? WHERE id = ? RETURNING cancel_requested",
                (pid, start_marker, job_id),
            ).fetchone()
        return bool(row and row[0])

    def request_cancel(self, job_id: int) -> Job | None:
        """Remember a cancel for a running job (it ends ``cancelled`` whatever its exit); None if it is
        not running."""
        with self.transaction() as conn:
            row = conn.execute(
                f"UPDATE jobs SET cancel_requested = 1 WHERE id = ? AND state IN {LIVE_SQL} RETURNING *",
                (job_id,),
            ).fetchone()
            if row is None:
                return None
            self._event(
                conn, "job", job_id=job_id, state=row["state"], message="cancel requested: SIGTERM sent"
            )
        return Job.from_row(row)

    def cancel_requested(self, job_id: int) -> bool:
        return bool(self.query("SELECT 1 FROM jobs WHERE id = ? AND cancel_requested", (job_id,)))

    def adopt(self, job_id: int, owner: str, lease_s: float, pid: int | None, message: str) -> Job | None:
        """Take over the lease of a running job whose worker outlived its daemon."""
        with self.transaction() as conn:
            row = conn.execute(
                "UPDATE jobs SET lease_owner = ?, lease_until = ?, worker_pid = IFNULL(?, worker_pid)"
                f" WHERE id = ? AND state IN {LIVE_SQL} RETURNING *",
                (owner, time.time() + lease_s, pid, job_id),
            ).fetchone()
            if row is None:
                return None
            self._event(conn, "job", job_id=job_id, state=row["state"], message=message)
        return Job.from_row(row)

    def set_placement_ref(self, job_id: int, ref: str) -> None:
        """The placement's own id of the running attempt (a Ray submission id), kept before it is used."""
        with self.transaction() as conn:
            conn.execute("UPDATE jobs SET placement_ref = ? WHERE id = ?", (ref, job_id))

    def set_node(self, job_id: int, node: str) -> None:
        with self.transaction() as conn:
            conn.execute("UPDATE jobs SET node = ? WHERE id = ?", (node, job_id))
            self._event(conn, "job", job_id=job_id, state=RUNNING, message=f"running on node {node}")

    def heartbeat(self, owner: str, lease_s: float) -> int:
        with self.transaction() as conn:
            cur = conn.execute(
                f"UPDATE jobs SET lease_until = ? WHERE state IN {LIVE_SQL} AND lease_owner = ?",
                (time.time() + lease_s, owner),
            )
            return cur.rowcount

    def _retrying_due(self, now: float) -> list[int]:
        rows = self.query("SELECT id FROM jobs WHERE state = ? AND retry_at <= ?", (RETRYING, now))
        return [r["id"] for r in rows]

    def cancel_array_waiting(self, array_id: int, reason: str = "cancelled by user") -> list[int]:
        """Cancel an array's queued, retrying and held elements in one transaction (an array may have 10,000);
        returns their ids. Their finish hooks are queued in the same transaction; the listeners get each."""
        now = time.time()
        with self.transaction() as conn:
            changed = move(
                conn, "cancel_waiting", "array_id = ?", (array_id,), {"reason": reason, "finished_at": now}
            )
            jobs = [Job.from_row(r) for r in changed]
            conn.executemany(
                "INSERT INTO events (t, type, job_id, state, message) VALUES (?, 'job', ?, ?, ?)",
                [(now, job.id, JobState.CANCELLED, reason) for job in jobs],
            )
            self._queue_hooks(conn, jobs)
        for listener in self._finished_listeners:
            for job in jobs:
                listener(job)
        return [job.id for job in jobs]

    def set_priority(self, job_id: int, priority: int) -> Job | None:
        with self.transaction() as conn:
            row = conn.execute(
                "UPDATE jobs SET priority = ? WHERE id = ? RETURNING *", (priority, job_id)
            ).fetchone()
            if row is not None:
                self._event(
                    conn, "job", job_id=job_id, state=row["state"], message=f"priority set to {priority}"
                )
        return Job.from_row(row) if row is not None else None

    def set_waiting_reasons(self, reasons: dict[int, str | None]) -> None:
        if reasons:
            with self.transaction() as conn:
                conn.executemany(
                    "UPDATE jobs SET waiting_reason = ? WHERE id = ? AND state = ?",
                    [(r, i, Q) for i, r in reasons.items()],
                )

    def set_progress(self, job_id: int, progress: Progress | None, result: dict[str, Any] | None) -> None:
        """Store what the report channel delivered (already checked by :mod:`accel.workloads.report`)."""
        with self.transaction() as conn:
            if progress is not None:
                conn.execute(
                    "UPDATE jobs SET progress = ? WHERE id = ?", (json_text(progress.model_dump()), job_id)
                )
            if result is not None:
                conn.execute("UPDATE jobs SET result = ? WHERE id = ?", (json_text(result), job_id))

    def orphans(self, owner: str) -> list[Job]:
        """Running jobs not owned by ``owner``: their daemon died (the data-dir lock proves it)."""
        rows = self.query(
            f"SELECT * FROM jobs WHERE state IN {LIVE_SQL} AND IFNULL(lease_owner, '') != ?", (owner,)
        )
        return [Job.from_row(r) for r in rows]
