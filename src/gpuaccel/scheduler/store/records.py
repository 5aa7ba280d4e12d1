"""The durable queue's records: the SQLite connection, events, reading jobs and storing submissions.

One connection serialized by a lock: the daemon is the only writer and the statements are short. The
state machine's writes (claim, finish, retry, cancel, recovery) build on this in :mod:`scheduler.store.queue`.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from gpuaccel.api.jobs import LIVE, Event, Job, JobState
from gpuaccel.api.request import JobRequest
from gpuaccel.scheduler.lifecycle.validation import Pending, RequestError
from gpuaccel.scheduler.store import integrity, migrations
from gpuaccel.scheduler.store.idempotency import IdempotencyConflict
from gpuaccel.scheduler.store.sqlite import connect, json_text
from gpuaccel.scheduler.store.submissions import insert_submission

Q, RETRYING, RUNNING, HELD = JobState.QUEUED, JobState.RETRYING, JobState.RUNNING, JobState.HELD
LIVE_SQL = f"({','.join(repr(s.value) for s in sorted(LIVE))})"  # running or paused: an attempt exists
FIRST_PAGE, PAGE = 64, 1000  # queued rows per read in dispatch order


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


SCRUBBED = "[token]"


class JobRecords:
    """Jobs and events as stored. Thread-safe; the assistant and the routes read through the same object."""

    # The daemon's secrets (its API token): never written into an event, whoever writes it (a hook's
    # output, a failure's reason), so ``gpuaccel show`` and the events API cannot print them.
    _secrets: tuple[str, ...] = ()

    @staticmethod
    def add_secret(secret: str) -> None:
        if secret and secret not in JobRecords._secrets:
            JobRecords._secrets = (*JobRecords._secrets, secret)

    @staticmethod
    def scrub(text: str) -> str:
        for secret in JobRecords._secrets:
            text = text.replace(secret, SCRUBBED)
        return text

    def __init__(self, path: Path | str) -> None:
        """Open (or create) the database; :class:`integrity.DamagedDatabase` when the file is damaged."""
        self.path = Path(path)
        self.damaged: integrity.DamagedDatabase | None = None  # damage met while serving
        self._lock = threading.RLock()
        try:
            self._conn = connect(self.path)
        except sqlite3.DatabaseError as exc:  # not a database at all: refused before any page is read
            if integrity.is_damage(exc):
                raise integrity.DamagedDatabase(self.path, str(exc)) from None
            raise
        try:
            integrity.check(self._conn, self.path)
            with self._lock:
                migrations.apply(self._conn, "scheduler", migrations.SCHEDULER)
                self._summary_columns = _summary_columns(self._conn)
        except BaseException as exc:
            self._conn.close()
            if isinstance(exc, sqlite3.DatabaseError) and integrity.is_damage(exc):
                raise integrity.DamagedDatabase(self.path, str(exc)) from None
            raise

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """``BEGIN IMMEDIATE`` (take the write lock up front) ... ``COMMIT``, rolled back on error;
        :class:`integrity.DiskFull` when the disk (or the database's size limit) left no room."""
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
                self._conn.execute("COMMIT")
            except BaseException as exc:
                if self._conn.in_transaction:  # SQLite may have rolled back on its own (SQLITE_FULL)
                    self._conn.execute("ROLLBACK")
                if integrity.is_full(exc):
                    raise integrity.DiskFull(self.path) from exc
                if integrity.is_damage(exc):
                    raise self._found_damage(exc) from exc
                raise

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        with self._lock:
            try:
                return self._conn.execute(sql, params).fetchall()
            except sqlite3.DatabaseError as exc:
                if integrity.is_damage(exc):
                    raise self._found_damage(exc) from exc
                raise

    def _found_damage(self, exc: BaseException) -> integrity.DamagedDatabase:
        """Damage met while serving (the file changed under the daemon): remembered for /health."""
        self.damaged = integrity.DamagedDatabase(self.path, f"{exc}, found while serving")
        return self.damaged

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
        data_text = json_text(data)
        if JobRecords._secrets:
            message = JobRecords.scrub(message)
            data_text = None if data_text is None else JobRecords.scrub(data_text)
        conn.execute(
            "INSERT INTO events (t, type, job_id, gpu, state, message, data) VALUES (?, ?, ?, ?, ?, ?, ?)",
            (time.time(), type, job_id, gpu, state, message, data_text),
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
        group: str | None = None,
        name: str | None = None,
        where: str | None = None,
        since: float | None = None,
    ) -> list[Job]:
        """Jobs matching every filter, newest first (or by id ascending); ``summary``: the listing form
        (:meth:`Job.summarized`), which never parses or ships a column larger than any request may make.
        ``name``: the job's name, a glob when it holds ``*``, ``?`` or ``[``; ``since``: submitted at or
        after this unix time."""
        sql, params = f"SELECT {self._summary_columns if summary else '*'} FROM jobs WHERE 1", []
        if states:
            sql += f" AND state IN ({','.join('?' * len(states))})"
            params += [JobState(s).value for s in states]
        if kind:
            sql += " AND kind = ?"
            params.append(kind)
        if group:
            sql += ' AND "group" = ?'
            params.append(group)
        if name:
            sql += " AND name GLOB ?" if any(c in name for c in "*?[") else " AND name = ?"
            params.append(name)
        if where:
            sql += ' AND "where" = ?'
            params.append(where)
        if since is not None:
            sql += " AND created_at >= ?"
            params.append(since)
        for key, value in (labels or {}).items():
            # The key as a bound value, never spliced into a JSON path: any key means itself.
            sql += " AND EXISTS (SELECT 1 FROM json_each(labels) WHERE key = ? AND value = ?)"
            params += [key, value]
        sql += f" ORDER BY id {'ASC' if oldest_first else 'DESC'} LIMIT ?"
        rows = self.query(sql, [*params, limit])
        return [Job.from_row(r).summarized() if summary else Job.from_row(r) for r in rows]

    def pending(self, limit: int, after_id: int = 0, after: tuple[int, int] | None = None) -> list[Pending]:
        """Queued jobs in dispatch order (highest priority first, then oldest), only what dispatch needs;
        optionally only ids > ``after_id``; ``after`` (priority, seq) continues from a previous page."""
        sql = (
            'SELECT id, priority, gpus, gpu_ids, memory_mib, depends_on, waiting_reason, "where",'
            ' not_before, array_id, array_max, after_any, after_notok, "group", seq, mig, want_node'
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
                r[13], r[14], r[15], r[16],
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

    def array_states_of(self, ids: Sequence[int]) -> dict[int, set[JobState]]:
        """For those of ``ids`` that are arrays' ids: the states their elements are in."""
        if not ids:
            return {}
        rows = self.query(
            f"SELECT DISTINCT array_id, state FROM jobs WHERE array_id IN ({','.join('?' * len(ids))})",
            list(ids),
        )
        out: dict[int, set[JobState]] = {}
        for r in rows:
            out.setdefault(r[0], set()).add(JobState(r[1]))
        return out

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
