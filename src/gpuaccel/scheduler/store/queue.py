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
from gpuaccel.api.jobs import FINISHED, LIVE, Job, JobState
from gpuaccel.scheduler.store.records import HELD, LIVE_SQL, RETRYING, RUNNING, JobRecords, Q
from gpuaccel.scheduler.store.sqlite import json_text


class Store(JobRecords):
    """Jobs and events, and every change of a job's state. Thread-safe."""

    def __init__(self, path: Path | str) -> None:
        super().__init__(path)
        self._finished_listeners: list[Callable[[Job], None]] = []
        self._hooks_of: Callable[[Job], list[tuple[str, str]]] = lambda _job: []

    def _transition(
        self, job_id: int, from_states: Sequence[JobState], to_state: JobState, message: str, **columns: Any
    ) -> Job | None:
        """Move a job from one of ``from_states`` to ``to_state`` with an event; None if it was elsewhere."""
        if to_state != Q:
            columns["waiting_reason"] = None
        sets = ", ".join(f"{k} = ?" for k in columns)
        sql = f"UPDATE jobs SET state = ?{', ' + sets if sets else ''} WHERE id = ?"
        sql += f" AND state IN ({','.join('?' * len(from_states))}) RETURNING *"
        values = [json_text(v) if isinstance(v, dict | list) else v for v in columns.values()]
        with self.transaction() as conn:
            row = conn.execute(sql, [to_state, *values, job_id, *from_states]).fetchone()
            if row is None:
                return None
            self._event(conn, "job", job_id=job_id, state=to_state, message=message)
            job = Job.from_row(row)
            if to_state in FINISHED:
                self._queue_hooks(conn, [job])
        if to_state in FINISHED:
            for listener in self._finished_listeners:
                listener(job)
        return job

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
        with self.transaction() as conn:
            row = conn.execute(
                "UPDATE jobs SET state = ?, attempt = attempt + 1, started_at = ?,"
                " finished_at = NULL, lease_owner = ?, lease_until = ?, assigned_gpus = ?,"
                " waiting_reason = NULL, exit_code = NULL, reason = NULL, progress = NULL,"
                " worker_pid = NULL, worker_start = NULL, cancel_requested = 0, placement_ref = NULL,"
                " node = NULL, paused_at = NULL, paused_s = 0, assigned_mig = ?"
                " WHERE id = ? AND state = ? RETURNING *",
                (RUNNING, now, owner, now + lease_s, json.dumps(gpus), mig, job_id, Q),
            ).fetchone()
            if row is None:
                return None
            where = f"on GPU {', '.join(map(str, gpus))}" if gpus else "without a GPU"
            if mig:
                where += f" (MIG instance {mig})"
            if row["where"] != "local":
                where = f"on the {row['where']} cluster"
            self._event(
                conn,
                "job",
                job_id=job_id,
                state=RUNNING,
                message=f"started attempt {row['attempt']} {where}",
            )
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

    def finish(self, job_id: int, state: JobState, reason: str | None, exit_code: int | None) -> Job | None:
        state = JobState(state)
        assert state in FINISHED
        message = reason or state.value
        return self._transition(
            job_id, tuple(LIVE), state, message,
            exit_code=exit_code, reason=reason, finished_at=time.time(), lease_owner=None, lease_until=None,
            paused_at=None,
        )  # fmt: skip

    def to_retrying(
        self, job_id: int, retry_at: float, reason: str, exit_code: int | None, spare_attempt: bool = False
    ) -> Job | None:
        """Wait until ``retry_at``, then be queued again; ``spare_attempt``: this attempt never ran, so it
        does not count against the retries (the retry base moves with it)."""
        delay = max(0.0, retry_at - time.time())
        extra: dict[str, Any] = {}
        if spare_attempt and (job := self.get(job_id)) is not None:
            extra["retry_base"] = job.retry_base + 1
        return self._transition(
            job_id, tuple(LIVE), RETRYING, f"{reason}; retrying in {delay:.1f} s",
            retry_at=retry_at, reason=reason, exit_code=exit_code, finished_at=time.time(),
            lease_owner=None, lease_until=None, paused_at=None, **extra,
        )  # fmt: skip

    def requeue_due(self, now: float) -> list[int]:
        ids = [
            r["id"]
            for r in self.query("SELECT id FROM jobs WHERE state = ? AND retry_at <= ?", (RETRYING, now))
        ]
        return [i for i in ids if self._transition(i, (RETRYING,), Q, "backoff over, queued again")]

    def cancel_waiting(self, job_id: int, reason: str = "cancelled by user") -> Job | None:
        return self._transition(
            job_id, (Q, RETRYING, HELD), JobState.CANCELLED, reason, reason=reason, finished_at=time.time()
        )

    def cancel_array_waiting(self, array_id: int, reason: str = "cancelled by user") -> list[int]:
        """Cancel an array's queued, retrying and held elements in one transaction (an array may have 10,000);
        returns their ids. Their finish hooks are queued in the same transaction; the listeners get each."""
        now = time.time()
        with self.transaction() as conn:
            jobs = [
                Job.from_row(r)
                for r in conn.execute(
                    "UPDATE jobs SET state = ?, reason = ?, finished_at = ?, waiting_reason = NULL"
                    " WHERE array_id = ? AND state IN (?, ?, ?) RETURNING *",
                    (JobState.CANCELLED, reason, now, array_id, Q, RETRYING, HELD),
                )
            ]
            conn.executemany(
                "INSERT INTO events (t, type, job_id, state, message) VALUES (?, 'job', ?, ?, ?)",
                [(now, job.id, JobState.CANCELLED, reason) for job in jobs],
            )
            self._queue_hooks(conn, jobs)
        for listener in self._finished_listeners:
            for job in jobs:
                listener(job)
        return [job.id for job in jobs]

    def fail_waiting(self, job_id: int, reason: str) -> Job | None:
        return self._transition(job_id, (Q,), JobState.FAILED, reason, reason=reason, finished_at=time.time())

    def retry(self, job_id: int) -> Job | None:
        """Queue a finished job again with a fresh retry budget (its attempt count keeps growing)."""
        with self.transaction() as conn:
            row = conn.execute(
                "UPDATE jobs SET state = ?, retry_base = attempt, reason = NULL,"
                " exit_code = NULL, finished_at = NULL, retry_at = NULL, waiting_reason = NULL"
                f" WHERE id = ? AND state IN ({','.join('?' * len(FINISHED))}) RETURNING *",
                (Q, job_id, *FINISHED),
            ).fetchone()
            if row is None:
                return None
            self._event(conn, "job", job_id=job_id, state=Q, message="queued again by user")
        return Job.from_row(row)

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

    def requeue_running(
        self, job_id: int, message: str, count_attempt: bool, hold: bool = False
    ) -> Job | None:
        """Queue a running job again (its worker is gone); ``count_attempt=False`` spares its retry budget;
        ``hold`` puts it in ``held`` instead, so it waits for a release rather than starting again."""
        state = HELD if hold else Q
        with self.transaction() as conn:
            row = conn.execute(
                "UPDATE jobs SET state = ?, lease_owner = NULL, lease_until = NULL, worker_pid = NULL,"
                " worker_start = NULL, cancel_requested = 0, retry_base = retry_base + ?, paused_at = NULL"
                f" WHERE id = ? AND state IN {LIVE_SQL} RETURNING *",
                (state, 0 if count_attempt else 1, job_id),
            ).fetchone()
            if row is None:
                return None
            self._event(conn, "job", job_id=job_id, state=state, message=message)
        return Job.from_row(row)

    def orphans(self, owner: str) -> list[Job]:
        """Running jobs not owned by ``owner``: their daemon died (the data-dir lock proves it)."""
        rows = self.query(
            f"SELECT * FROM jobs WHERE state IN {LIVE_SQL} AND IFNULL(lease_owner, '') != ?", (owner,)
        )
        return [Job.from_row(r) for r in rows]
