"""The job store in memory: the :class:`~scheduler.store.jobstore.JobStore` without SQLite, so the scheduler
loop's rules (dispatch, retries and their backoff, time limits, dependencies, arrays, holds) are tested
fast on a fake clock, and the same behaviour tests run against both stores.

Nothing here is durable; the daemon always uses :class:`scheduler.store.queue.Store`. Each state change
goes through the transition table (:data:`lifecycle.transitions.EVENTS`) as the SQLite store's do: the
from-states guard it, the to-state is the table's, and its event row is written with it.
"""

from __future__ import annotations

import json
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from gpuaccel.accel.workloads.report import Progress
from gpuaccel.api.attempts import started_words
from gpuaccel.api.jobs import DEFAULT_GROUP, FINISHED, LIVE, Event, Job, JobState
from gpuaccel.api.request import JobRequest
from gpuaccel.scheduler.lifecycle.arrays import parse_array
from gpuaccel.scheduler.lifecycle.timing import starts_at
from gpuaccel.scheduler.lifecycle.transitions import EVENTS
from gpuaccel.scheduler.lifecycle.validation import Pending, RequestError
from gpuaccel.scheduler.store import idempotency
from gpuaccel.scheduler.store.jobstore import Limits, StateChanges, Stored, Submission
from gpuaccel.scheduler.store.records import JobRecords
from gpuaccel.scheduler.store.submissions import group_words, request_values

Q, HELD, RETRYING = JobState.QUEUED, JobState.HELD, JobState.RETRYING
# A new job's columns before its request's (the jobs table's defaults).
_NEW = {
    "assigned_gpus": [], "attempt": 0, "retry_base": 0, "started_at": None, "finished_at": None,
    "exit_code": None, "reason": None, "progress": None, "result": None, "retry_at": None,
    "lease_owner": None, "lease_until": None, "worker_pid": None, "worker_start": None,
    "cancel_requested": 0, "placement_ref": None, "node": None, "paused_at": None, "paused_s": 0.0,
    "assigned_mig": None, "array_id": None, "array_index": None,
}  # fmt: skip


def _evaluate(row: dict[str, Any], expr: str) -> Any:
    """The value of an ``exprs`` entry (:class:`jobstore.StateChanges`): ``column`` or ``column + 1``."""
    column, plus, one = expr.partition(" + ")
    if column not in row or (plus and one != "1"):
        raise ValueError(f"the memory store evaluates 'column' or 'column + 1', not {expr!r}")
    return row[column] + 1 if plus else row[column]


class MemoryStore(StateChanges):
    """Jobs, events and the finish hooks' outbox in dicts and lists, behind one lock."""

    def __init__(self) -> None:
        self._lock = threading.RLock()
        self._jobs: dict[int, dict[str, Any]] = {}
        self._events: list[Event] = []
        self._outbox: dict[int, dict[str, Any]] = {}
        self._keys: dict[str, int] = {}
        self.groups: dict[str, tuple[int, bool]] = {DEFAULT_GROUP: (0, False)}  # name -> (parallel, paused)
        self.queue_paused = False
        self._finished_listeners: list[Callable[[Job], None]] = []
        self._hooks_of: Callable[[Job], list[tuple[str, str]]] = lambda _job: []

    def close(self) -> None:
        pass

    # -- events ------------------------------------------------------------------------------------

    def _event(self, type: str, message: str = "", data: dict[str, Any] | None = None, **about: Any) -> None:
        """An event row (``about``: its job_id, gpu and state), scrubbed of the daemon's secrets."""
        if data is not None:
            data = json.loads(JobRecords.scrub(json.dumps(data)))
        state = about.get("state")
        self._events.append(
            Event(
                id=len(self._events) + 1,
                t=time.time(),
                type=type,
                job_id=about.get("job_id"),
                gpu=about.get("gpu"),
                state=None if state is None else str(state),
                message=JobRecords.scrub(message),
                data=data,
            )  # fmt: skip
        )

    def add_event(self, type: str, **kw: Any) -> None:
        with self._lock:
            self._event(type, **kw)

    def events(self, after: int = 0, limit: int = 100, job_id: int | None = None) -> list[Event]:
        with self._lock:
            found = [e for e in self._events[after:] if job_id is None or e.job_id == job_id]
        return found[:limit]

    def has_event(self, job_id: int, since: float, ending: str) -> bool:
        with self._lock:
            return any(
                e.job_id == job_id and e.t >= since and e.message.endswith(ending) for e in self._events
            )

    # -- reading -----------------------------------------------------------------------------------

    def get(self, job_id: int, with_events: bool = False) -> Job | None:
        with self._lock:
            row = self._jobs.get(job_id)
            job = None if row is None else Job.from_row(row)
        if job is not None and with_events:
            job.events = self.events(job_id=job_id, limit=10_000)
        return job

    def list(
        self, states: Sequence[JobState | str] | None = None, *, limit: int = 100, oldest_first: bool = False
    ) -> list[Job]:
        wanted = None if not states else {JobState(s) for s in states}
        with self._lock:
            rows = [r for r in self._jobs.values() if wanted is None or r["state"] in wanted]
        rows.sort(key=lambda r: r["id"], reverse=not oldest_first)
        return [Job.from_row(r) for r in rows[:limit]]

    def counts(self) -> dict[str, int]:
        with self._lock:
            return dict(Counter(str(r["state"]) for r in self._jobs.values()))

    def max_id(self) -> int:
        with self._lock:
            return max(self._jobs, default=0)

    def pending_pages(self, after_id: int = 0) -> Iterator[list[Pending]]:
        with self._lock:
            rows = [r for r in self._jobs.values() if r["state"] == Q and r["id"] > after_id]
            rows.sort(key=lambda r: (-r["priority"], r["seq"]))
            page = [
                Pending(
                    r["id"], r["priority"], r["gpus"], r["gpu_ids"], r["memory_mib"], r["depends_on"],
                    r["waiting_reason"], r["where"], r["not_before"], r["array_id"], r["array_max"],
                    tuple(r["after_any"]), tuple(r["after_notok"]), r["group"], r["seq"], r["mig"],
                    r["want_node"],
                )
                for r in rows
            ]  # fmt: skip
        if page:
            yield page

    def states_of(self, ids: Sequence[int]) -> dict[int, JobState]:
        with self._lock:
            return {i: JobState(self._jobs[i]["state"]) for i in ids if i in self._jobs}

    def array_states_of(self, ids: Sequence[int]) -> dict[int, set[JobState]]:
        wanted, out = set(ids), {}
        with self._lock:
            for r in self._jobs.values():
                if r["array_id"] in wanted:
                    out.setdefault(r["array_id"], set()).add(JobState(r["state"]))
        return out

    def array_states(self, array_id: int) -> dict[str, int]:
        with self._lock:
            return dict(Counter(str(r["state"]) for r in self._jobs.values() if r["array_id"] == array_id))

    def running_per_array(self) -> dict[int, int]:
        with self._lock:
            return dict(
                Counter(r["array_id"] for r in self._jobs.values() if r["state"] in LIVE and r["array_id"])
            )

    def limits(self) -> Limits:
        with self._lock:
            return Limits(self.queue_paused, dict(self.groups))

    def set_waiting_reasons(self, reasons: dict[int, str | None]) -> None:
        with self._lock:
            for job_id, reason in reasons.items():
                if job_id in self._jobs and self._jobs[job_id]["state"] == Q:
                    self._jobs[job_id]["waiting_reason"] = reason

    # -- submitting ----------------------------------------------------------------------------------

    def insert_submissions(self, items: Sequence[Submission]) -> list[Stored]:
        out: list[Stored] = []
        with self._lock:
            for req, key, digest in items:
                try:
                    out.append(self._insert(req, key, digest))
                except (RequestError, idempotency.IdempotencyConflict) as exc:
                    out.append(exc)
        return out

    def _insert(self, req: JobRequest, key: str | None, digest: str | None) -> tuple[Job, bool]:
        """One submission; every check before the first write, as in :mod:`scheduler.store.submissions`."""
        now = time.time()
        if key is not None and key in self._keys:
            first = self._jobs[self._keys[key]]
            if first["request_hash"] != digest:
                raise idempotency.conflict(key, first["id"])
            return Job.from_row(first), False
        for field, ids in (
            ("depends_on", req.depends_on), ("after_any", req.after_any), ("after_notok", req.after_notok)
        ):  # fmt: skip
            missing = [d for d in ids if d not in self._jobs]
            if missing:
                raise RequestError(field, f"no job with id {missing[0]}; a dependency must already exist")
        if req.group not in self.groups:
            raise RequestError("group", group_words(req.group, sorted(self.groups)))
        array = parse_array(req.array) if req.array else None
        later = req.not_before is not None and req.not_before > now
        state = HELD if req.hold else Q
        first_id = max(self._jobs, default=0) + 1
        base = {
            **_NEW, **request_values(req), "kind": req.kind, "state": state, "created_at": now,
            "where": req.where or "local", "array_max": array.max_running if array else None,
            "waiting_reason": starts_at(req.not_before, now) if later and req.not_before else None,
        }  # fmt: skip
        message = f"submitted ({req.kind}{', held' if req.hold else ''})"
        for n, index in enumerate(array.indices if array else [None]):
            job_id = first_id + n
            self._jobs[job_id] = {
                **base, "id": job_id, "seq": job_id, "array_id": first_id if array else None,
                "array_index": index, "idempotency_key": key if n == 0 else None,
                "request_hash": digest if n == 0 else None,
            }  # fmt: skip
            words = message if array is None else f"{message}: element {index} of array {first_id}"
            self._event("job", job_id=job_id, state=state, message=words)
        if key is not None:
            self._keys[key] = first_id
        return Job.from_row(self._jobs[first_id]), True

    # -- state changes -------------------------------------------------------------------------------

    def _apply(
        self, ids: Sequence[int], event: str, values: dict[str, Any], exprs: dict[str, str] | None = None
    ) -> list[dict[str, Any]]:
        """The transition ``event`` on those of ``ids`` in one of its from-states; the rows changed."""
        t = EVENTS[event]
        changed = []
        for job_id in ids:
            row = self._jobs.get(job_id)
            if row is None or row["state"] not in t.frm:
                continue
            computed = {column: _evaluate(row, expr) for column, expr in (exprs or {}).items()}
            row.update({"waiting_reason": None, **values, **computed, "state": t.to})
            changed.append(row)
        return changed

    def _transition(
        self, job_id: int, event: str, message: str, exprs: dict[str, str] | None = None, **values: Any
    ) -> Job | None:
        """As the SQLite store's: the change, its event row and (finished) its hooks, then the listeners."""
        with self._lock:
            rows = self._apply([job_id], event, values, exprs)
            if not rows:
                return None
            job = Job.from_row(rows[0])
            to = EVENTS[event].to
            self._event("job", job_id=job_id, state=to, message=message.format(job=job))
            if to in FINISHED:
                self._queue_hooks([job])
        if to in FINISHED:
            for listener in self._finished_listeners:
                listener(job)
        return job

    def _retrying_due(self, now: float) -> list[int]:
        with self._lock:
            return [i for i, r in self._jobs.items() if r["state"] == RETRYING and r["retry_at"] <= now]

    def claim(
        self, job_id: int, owner: str, lease_s: float, gpus: list[int], mig: str | None = None
    ) -> Job | None:
        now = time.time()
        with self._lock:
            rows = self._apply(
                [job_id], "claim",
                {
                    "started_at": now, "finished_at": None, "lease_owner": owner,
                    "lease_until": now + lease_s,
                    "assigned_gpus": list(gpus), "exit_code": None, "reason": None, "progress": None,
                    "worker_pid": None, "worker_start": None, "cancel_requested": 0, "placement_ref": None,
                    "node": None, "paused_at": None, "paused_s": 0.0, "assigned_mig": mig,
                },
                {"attempt": "attempt + 1"},
            )  # fmt: skip
            if not rows:
                return None
            message = started_words(rows[0]["attempt"], gpus, mig, rows[0]["where"])
            self._event("job", job_id=job_id, state=JobState.RUNNING, message=message)
            return Job.from_row(rows[0])

    def set_worker(self, job_id: int, pid: int | None, start_marker: str | None) -> bool:
        with self._lock:
            row = self._jobs.get(job_id)
            if row is None:
                return False
            row.update(worker_pid=pid, worker_start=start_marker)
            return bool(row["cancel_requested"])

    def set_progress(self, job_id: int, progress: Progress | None, result: dict[str, Any] | None) -> None:
        with self._lock:
            row = self._jobs.get(job_id)
            if row is not None and progress is not None:
                row["progress"] = progress.model_dump()
            if row is not None and result is not None:
                row["result"] = result

    def heartbeat(self, owner: str, lease_s: float) -> int:
        with self._lock:
            mine = [r for r in self._jobs.values() if r["state"] in LIVE and r["lease_owner"] == owner]
            for r in mine:
                r["lease_until"] = time.time() + lease_s
            return len(mine)

    def orphans(self, owner: str) -> list[Job]:
        with self._lock:
            return [
                Job.from_row(r)
                for r in self._jobs.values()
                if r["state"] in LIVE and (r["lease_owner"] or "") != owner
            ]

    def adopt(self, job_id: int, owner: str, lease_s: float, pid: int | None, message: str) -> Job | None:
        with self._lock:
            row = self._jobs.get(job_id)
            if row is None or row["state"] not in LIVE:
                return None
            row.update(lease_owner=owner, lease_until=time.time() + lease_s)
            if pid is not None:
                row["worker_pid"] = pid
            self._event("job", job_id=job_id, state=row["state"], message=message)
            return Job.from_row(row)

    def request_cancel(self, job_id: int) -> Job | None:
        with self._lock:
            row = self._jobs.get(job_id)
            if row is None or row["state"] not in LIVE:
                return None
            row["cancel_requested"] = 1
            self._event("job", job_id=job_id, state=row["state"], message="cancel requested: SIGTERM sent")
            return Job.from_row(row)

    def cancel_requested(self, job_id: int) -> bool:
        with self._lock:
            row = self._jobs.get(job_id)
            return bool(row and row["cancel_requested"])

    def cancel_array_waiting(self, array_id: int, reason: str = "cancelled by user") -> list[int]:
        with self._lock:
            ids = sorted(i for i, r in self._jobs.items() if r["array_id"] == array_id)
            rows = self._apply(ids, "cancel_waiting", {"reason": reason, "finished_at": time.time()})
            jobs = [Job.from_row(r) for r in rows]
            for job in jobs:
                self._event("job", job_id=job.id, state=JobState.CANCELLED, message=reason)
            self._queue_hooks(jobs)
        for listener in self._finished_listeners:
            for job in jobs:
                listener(job)
        return [job.id for job in jobs]

    def set_priority(self, job_id: int, priority: int) -> Job | None:
        with self._lock:
            row = self._jobs.get(job_id)
            if row is None:
                return None
            row["priority"] = priority
            self._event("job", job_id=job_id, state=row["state"], message=f"priority set to {priority}")
            return Job.from_row(row)

    # -- the finish hooks' outbox ------------------------------------------------------------------

    def set_finish_hooks(self, hooks_of: Callable[[Job], list[tuple[str, str]]]) -> None:
        self._hooks_of = hooks_of

    def on_finished(self, listener: Callable[[Job], None]) -> None:
        self._finished_listeners.append(listener)

    def _queue_hooks(self, jobs: Sequence[Job]) -> None:
        for job in jobs:
            for kind, target in self._hooks_of(job):
                hook_id = len(self._outbox) + 1
                self._outbox[hook_id] = {
                    "id": hook_id, "job_id": job.id, "kind": kind, "target": target, "runs": 0,
                    "outcome": None,
                }  # fmt: skip

    def pending_hooks(self, job_id: int | None = None) -> list[tuple[int, int, str, str]]:
        with self._lock:
            return [
                (h["id"], h["job_id"], h["kind"], h["target"])
                for h in self._outbox.values()
                if h["outcome"] is None and (job_id is None or h["job_id"] == job_id)
            ]

    def hook(self, hook_id: int) -> tuple[int, str, str] | None:
        with self._lock:
            h = self._outbox.get(hook_id)
            return None if h is None else (h["job_id"], h["kind"], h["target"])

    def hook_started(self, hook_id: int) -> None:
        with self._lock:
            self._outbox[hook_id]["runs"] += 1

    def hook_done(self, hook_id: int, job: Job, outcome: str, ok: bool, data: dict[str, Any]) -> bool:
        with self._lock:
            h = self._outbox.get(hook_id)
            if h is None or h["outcome"] is not None:
                return False
            h.update(outcome=JobRecords.scrub(outcome), ok=ok, done=time.time())
            self._event("job", job_id=job.id, state=str(job.state), message=outcome, data=data)
            return True
