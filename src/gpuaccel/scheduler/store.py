"""The durable queue: jobs and events in SQLite (WAL, busy timeout), every transition guarded and logged.

One connection serialized by a lock: the daemon is the only writer, the statements are short, and a
single connection makes ``BEGIN IMMEDIATE ... UPDATE ... RETURNING`` claims trivially atomic. Every
state change checks the state it expects in its ``WHERE`` clause, so races (a cancel arriving as the job
exits) resolve to exactly one winner, and each winner writes its event row in the same transaction.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from gpuaccel.accel.workloads.report import Progress
from gpuaccel.scheduler import migrations
from gpuaccel.scheduler.idempotency import IdempotencyConflict
from gpuaccel.scheduler.jobs import Pending, RequestError
from gpuaccel.scheduler.models import FINISHED, LIVE, Event, Job, JobRequest, JobState
from gpuaccel.scheduler.submissions import insert_submission

Q, RETRYING, RUNNING, HELD = JobState.QUEUED, JobState.RETRYING, JobState.RUNNING, JobState.HELD
_LIVE_SQL = f"({','.join(repr(s.value) for s in sorted(LIVE))})"  # running or paused: an attempt exists
FIRST_PAGE, PAGE = 64, 1000  # queued rows per read in dispatch order


def connect(path: Path | str) -> sqlite3.Connection:
    conn = sqlite3.connect(str(path), timeout=10.0, isolation_level=None, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA busy_timeout=10000")
    conn.execute("PRAGMA foreign_keys=ON")
    return conn


def _dumps(value: Any) -> str | None:
    return None if value is None else json.dumps(value)


def _loads_object(text: str | None) -> dict[str, Any] | None:
    """An event's data column; anything but a JSON object (never written by this version) reads as None."""
    try:
        value = json.loads(text) if text else None
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


# A listing reads argv/env/labels/spec only up to this length: what the request caps allow fits (even with
# every character JSON-escaped); a larger value, stored before there were caps, lists as empty.
_LISTED_CHARS = 2**20
_LISTED_EMPTY = {"argv": "[]", "env": "{}", "labels": "{}", "spec": "{}"}


def _summary_columns(conn: sqlite3.Connection) -> str:
    names = [r[1] for r in conn.execute("PRAGMA table_info(jobs)")]
    return ", ".join(  # quoted: a column may be named like a keyword ("where")
        f'CASE WHEN length("{c}") > {_LISTED_CHARS} THEN \'{_LISTED_EMPTY[c]}\' ELSE "{c}" END AS "{c}"'
        if c in _LISTED_EMPTY
        else f'"{c}"'
        for c in names
    )


class Store:
    """Jobs and events. Thread-safe; the assistant and the routes read through the same object."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._conn = connect(self.path)
        self._lock = threading.RLock()
        self._finished_listeners: list[Callable[[Job], None]] = []
        with self._lock:
            migrations.apply(self._conn, "scheduler", migrations.SCHEDULER)
            self._summary_columns = _summary_columns(self._conn)

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """``BEGIN IMMEDIATE`` (take the write lock up front) ... ``COMMIT``, rolled back on error."""
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            self._conn.execute("COMMIT")

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        with self._lock:
            return self._conn.execute(sql, params).fetchall()

    # -- events ---------------------------------------------------------------------------------

    @staticmethod
    def _event(
        conn: sqlite3.Connection,
        type: str,
        *,
        job_id: int | None = None,
        gpu: int | None = None,
        state: str | None = None,
        message: str = "",
        data: dict[str, Any] | None = None,
    ) -> None:
        conn.execute(
            "INSERT INTO events (t, type, job_id, gpu, state, message, data) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (time.time(), type, job_id, gpu, state, message, _dumps(data)),
        )

    def add_event(self, type: str, **kw: Any) -> None:
        with self.transaction() as conn:
            self._event(conn, type, **kw)

    def events(self, after: int = 0, limit: int = 100, job_id: int | None = None) -> list[Event]:
        sql = "SELECT * FROM events WHERE id > ?"
        params: list[Any] = [after]
        if job_id is not None:
            sql += " AND job_id = ?"
            params.append(job_id)
        rows = self.query(sql + " ORDER BY id LIMIT ?", [*params, limit])
        return [Event.model_validate({**dict(r), "data": _loads_object(r["data"])}) for r in rows]

    # -- reading jobs ---------------------------------------------------------------------------

    def has_event(self, job_id: int, since: float, ending: str) -> bool:
        """Whether the job has an event at or after ``since`` whose message ends with ``ending``."""
        sql = "SELECT 1 FROM events WHERE job_id = ? AND t >= ? AND substr(message, -?) = ? LIMIT 1"
        return bool(self.query(sql, (job_id, since, len(ending), ending)))

    def get(self, job_id: int, with_events: bool = False) -> Job | None:
        rows = self.query("SELECT * FROM jobs WHERE id = ?", (job_id,))
        if not rows:
            return None
        job = Job.from_row(rows[0])
        if with_events:
            job.events = self.events(job_id=job_id, limit=10_000)
        return job

    def list(
        self,
        states: Sequence[JobState | str] | None = None,
        kind: str | None = None,
        labels: dict[str, str] | None = None,
        limit: int = 100,
        oldest_first: bool = False,
        summary: bool = False,
    ) -> list[Job]:
        """Jobs matching every filter, newest first (or by id ascending); ``summary``: the listing form
        (:meth:`Job.summarized`), which never parses or ships a column larger than any request may make."""
        sql, params = f"SELECT {self._summary_columns if summary else '*'} FROM jobs WHERE 1", []
        if states:
            sql += f" AND state IN ({','.join('?' * len(states))})"
            params += [JobState(s).value for s in states]
        if kind:
            sql += " AND kind = ?"
            params.append(kind)
        for key, value in (labels or {}).items():
            sql += " AND json_extract(labels, ?) = ?"
            params += ['$."' + key.replace('"', "") + '"', value]
        sql += f" ORDER BY id {'ASC' if oldest_first else 'DESC'} LIMIT ?"
        rows = self.query(sql, [*params, limit])
        return [Job.from_row(r).summarized() if summary else Job.from_row(r) for r in rows]

    def pending(self, limit: int, after_id: int = 0, after: tuple[int, int] | None = None) -> list[Pending]:
        """Queued jobs in dispatch order (highest priority first, then oldest), only what dispatch needs;
        optionally only ids > ``after_id``; ``after`` (priority, seq) continues from a previous page."""
        sql = (
            'SELECT id, priority, gpus, gpu_ids, memory_mib, depends_on, waiting_reason, "where",'
            ' not_before, array_id, array_max, after_any, after_notok, "group", seq, mig'
            " FROM jobs WHERE state = ? AND id > ?"
        )
        params: list[Any] = [Q, after_id]
        if after is not None:
            sql += " AND (priority < ? OR (priority = ? AND seq > ?))"
            params += [after[0], after[0], after[1]]
        rows = self.query(sql + " ORDER BY priority DESC, seq LIMIT ?", [*params, limit])
        return [
            Pending(
                r[0], r[1], r[2], json.loads(r[3]) if r[3] else None, r[4],
                json.loads(r[5]) if r[5] and r[5] != "[]" else [], r[6], r[7], r[8], r[9], r[10],
                tuple(json.loads(r[11])) if r[11] and r[11] != "[]" else (),
                tuple(json.loads(r[12])) if r[12] and r[12] != "[]" else (),
                r[13], r[14], r[15],
            )
            for r in rows
        ]  # fmt: skip

    def pending_pages(self, after_id: int = 0) -> Iterator[list[Pending]]:
        """The queue (ids above ``after_id``) in dispatch order, page by page to its end (a small first
        page: a wake-up usually needs only the head), so no number of blocked jobs hides the rest."""
        after, size = None, FIRST_PAGE
        while True:
            page = self.pending(size, after_id=after_id, after=after)
            if page:
                yield page
            if len(page) < size:
                return
            after, size = (page[-1].priority, page[-1].seq), PAGE

    def states_of(self, ids: Sequence[int]) -> dict[int, JobState]:
        if not ids:
            return {}
        rows = self.query(f"SELECT id, state FROM jobs WHERE id IN ({','.join('?' * len(ids))})", list(ids))
        return {r["id"]: JobState(r["state"]) for r in rows}

    def max_id(self) -> int:
        return int(self.query("SELECT IFNULL(MAX(id), 0) FROM jobs")[0][0])

    def counts(self) -> dict[str, int]:
        return {
            r["state"]: r["n"] for r in self.query("SELECT state, COUNT(*) AS n FROM jobs GROUP BY state")
        }

    # -- writing jobs ---------------------------------------------------------------------------

    def insert(self, req: JobRequest) -> Job:
        return self.insert_submission(req)[0]

    def insert_submission(
        self, req: JobRequest, key: str | None = None, request_hash: str | None = None
    ) -> tuple[Job, bool]:
        """Store a request (an array: all its elements, or none) as queued jobs; returns the (first) job
        and whether it was created now, False when ``key`` already created it (:mod:`.idempotency`)."""
        result = self.insert_submissions([(req, key, request_hash)])[0]
        if isinstance(result, Exception):
            raise result
        return result

    def insert_submissions(
        self, items: Sequence[tuple[JobRequest, str | None, str | None]]
    ) -> list[tuple[Job, bool] | RequestError | IdempotencyConflict]:
        """Store submissions (request, idempotency key, request hash) in one transaction: a burst pays
        one commit (group commit). Each gets what :meth:`insert_submission` gives, or the error that
        refused it; a refused one wrote nothing (every check comes before the first write), so it never
        fails the others."""
        out: list[tuple[Job, bool] | RequestError | IdempotencyConflict] = []
        with self.transaction() as conn:
            for req, key, digest in items:
                try:
                    out.append(insert_submission(conn, req, key, digest))
                except (RequestError, IdempotencyConflict) as exc:
                    out.append(exc)
        return out

    def array_members(self, array_id: int, index: int | None = None, limit: int = 10_000) -> list[Job]:
        """The elements of an array in index order (listing form), or its element ``index``."""
        sql, params = f"SELECT {self._summary_columns} FROM jobs WHERE array_id = ?", [array_id]
        if index is not None:
            sql += " AND array_index = ?"
            params.append(index)
        rows = self.query(sql + " ORDER BY array_index LIMIT ?", [*params, limit])
        return [Job.from_row(r).summarized() for r in rows]

    def array_states(self, array_id: int) -> dict[str, int]:
        """How many elements of the array are in each state (empty: no such array)."""
        rows = self.query("SELECT state, COUNT(*) FROM jobs WHERE array_id = ? GROUP BY state", (array_id,))
        return {r[0]: r[1] for r in rows}

    def running_per_array(self) -> dict[int, int]:
        rows = self.query(
            "SELECT array_id, COUNT(*) FROM jobs WHERE state IN (?, ?) AND array_id IS NOT NULL"
            " GROUP BY array_id",
            tuple(LIVE),
        )
        return {r[0]: r[1] for r in rows}

    def _transition(
        self, job_id: int, from_states: Sequence[JobState], to_state: JobState, message: str, **columns: Any
    ) -> Job | None:
        """Move a job from one of ``from_states`` to ``to_state`` with an event; None if it was elsewhere."""
        if to_state != Q:
            columns["waiting_reason"] = None
        sets = ", ".join(f"{k} = ?" for k in columns)
        sql = f"UPDATE jobs SET state = ?{', ' + sets if sets else ''} WHERE id = ?"
        sql += f" AND state IN ({','.join('?' * len(from_states))}) RETURNING *"
        values = [_dumps(v) if isinstance(v, dict | list) else v for v in columns.values()]
        with self.transaction() as conn:
            row = conn.execute(sql, [to_state, *values, job_id, *from_states]).fetchone()
            if row is None:
                return None
            self._event(conn, "job", job_id=job_id, state=to_state, message=message)
        job = Job.from_row(row)
        if to_state in FINISHED:
            for listener in self._finished_listeners:
                listener(job)
        return job

    def on_finished(self, listener: Callable[[Job], None]) -> None:
        """Call ``listener(job)`` after each commit that finishes a job (quick: it runs in the writer)."""
        self._finished_listeners.append(listener)

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
                f"UPDATE jobs SET cancel_requested = 1 WHERE id = ? AND state IN {_LIVE_SQL} RETURNING *",
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
                f" WHERE id = ? AND state IN {_LIVE_SQL} RETURNING *",
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
                f"UPDATE jobs SET lease_until = ? WHERE state IN {_LIVE_SQL} AND lease_owner = ?",
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

    def to_retrying(self, job_id: int, retry_at: float, reason: str, exit_code: int | None) -> Job | None:
        delay = max(0.0, retry_at - time.time())
        return self._transition(
            job_id, tuple(LIVE), RETRYING, f"{reason}; retrying in {delay:.1f} s",
            retry_at=retry_at, reason=reason, exit_code=exit_code, finished_at=time.time(),
            lease_owner=None, lease_until=None, paused_at=None,
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
        returns their ids. The finished-job listeners get each (read again: only then is a Job built)."""
        now = time.time()
        with self.transaction() as conn:
            ids = [
                r[0]
                for r in conn.execute(
                    "UPDATE jobs SET state = ?, reason = ?, finished_at = ?, waiting_reason = NULL"
                    " WHERE array_id = ? AND state IN (?, ?, ?) RETURNING id",
                    (JobState.CANCELLED, reason, now, array_id, Q, RETRYING, HELD),
                )
            ]
            conn.executemany(
                "INSERT INTO events (t, type, job_id, state, message) VALUES (?, 'job', ?, ?, ?)",
                [(now, i, JobState.CANCELLED, reason) for i in ids],
            )
        for listener in self._finished_listeners:
            for i in ids:
                job = self.get(i)
                if job is not None:
                    listener(job)
        return ids

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
                    "UPDATE jobs SET progress = ? WHERE id = ?", (_dumps(progress.model_dump()), job_id)
                )
            if result is not None:
                conn.execute("UPDATE jobs SET result = ? WHERE id = ?", (_dumps(result), job_id))

    def requeue_running(self, job_id: int, message: str, count_attempt: bool) -> Job | None:
        """Queue a running job again (its worker is gone); ``count_attempt=False`` spares its retry budget."""
        with self.transaction() as conn:
            row = conn.execute(
                "UPDATE jobs SET state = ?, lease_owner = NULL, lease_until = NULL, worker_pid = NULL,"
                " worker_start = NULL, cancel_requested = 0, retry_base = retry_base + ?, paused_at = NULL"
                f" WHERE id = ? AND state IN {_LIVE_SQL} RETURNING *",
                (Q, 0 if count_attempt else 1, job_id),
            ).fetchone()
            if row is None:
                return None
            self._event(conn, "job", job_id=job_id, state=Q, message=message)
        return Job.from_row(row)

    def orphans(self, owner: str) -> list[Job]:
        """Running jobs not owned by ``owner``: their daemon died (the data-dir lock proves it)."""
        rows = self.query(
            f"SELECT * FROM jobs WHERE state IN {_LIVE_SQL} AND IFNULL(lease_owner, '') != ?", (owner,)
        )
        return [Job.from_row(r) for r in rows]
