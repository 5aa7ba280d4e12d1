"""Everyday queue controls: pause and resume (a job, a group, the queue), hold and release, edit a waiting
job, switch two waiting jobs, remove finished jobs with their logs.

Each is a guarded store transition (the state it expects is in the ``WHERE`` clause, so a control racing
the job's own end resolves to one winner) plus, for a running job, a signal to its process group:

- pause stores ``paused`` first and then sends SIGSTOP; resume sends SIGCONT first and then stores
  ``running``. A daemon that dies between the two leaves the record saying ``paused``, and the next
  daemon, adopting the job, stops it again (:meth:`runner.Worker.adopt`): the record is the truth.
- a paused job keeps its GPUs and its slot; its time limit does not run while it is paused.
"""

from __future__ import annotations

import time
from typing import Any

from gpuaccel.api.controls import QueueOut, RemovedOut
from gpuaccel.api.jobs import FINISHED, Job, JobState
from gpuaccel.api.request import JobRequest
from gpuaccel.scheduler.lifecycle.service import JobNotFound, JobStateError, Scheduler
from gpuaccel.scheduler.lifecycle.transitions import EVENTS, move
from gpuaccel.scheduler.lifecycle.validation import RequestError, validate_request
from gpuaccel.scheduler.reads import queue_metrics
from gpuaccel.scheduler.store import groups
from gpuaccel.scheduler.store.queue import Store
from gpuaccel.scheduler.store.submissions import check_references, request_columns

Q, HELD, RUNNING, PAUSED = JobState.QUEUED, JobState.HELD, JobState.RUNNING, JobState.PAUSED
EDITABLE = (Q, HELD)
# A request field the job keeps under another name (its own node is the node an attempt ran on).
STORED_AS = {"node": "want_node"}


def _get(s: Scheduler, job_id: int) -> Job:
    job = s.store.get(job_id)
    if job is None:
        raise JobNotFound(f"no job with id {job_id}")
    return job


def _move(
    store: Store,
    job_id: int,
    event: str,
    message: str,
    values: dict[str, Any] | None = None,
    exprs: dict[str, str] | None = None,
) -> Job | None:
    """One event of the transition table with its event row; None when the job was no longer in a state
    the event leaves."""
    with store.transaction() as conn:
        rows = move(conn, event, "id = ?", (job_id,), values, exprs)
        if not rows:
            return None
        Store._event(conn, "job", job_id=job_id, state=EVENTS[event].to, message=message)
    return Job.from_row(rows[0])


# -- pause and resume ----------------------------------------------------------------------------------


def pause_job(s: Scheduler, job_id: int) -> Job:
    """SIGSTOP a running job's process group; it shows as ``paused`` and keeps its GPUs."""
    job = _get(s, job_id)
    if job.state == PAUSED:
        return job
    if job.state != RUNNING:
        hint = "; to keep a queued job from starting, hold it (gpuaccel hold ID)" if job.state == Q else ""
        raise JobStateError(f"job {job_id} {job.state.phrase}; only a running job can be paused{hint}")
    worker = s.worker(job_id)
    if worker is None or not hasattr(worker, "pause"):
        where = "is still starting" if worker is None else f"runs on the {job.where} cluster"
        raise JobStateError(f"job {job_id} {where}; only a job running on this host can be paused")
    if worker.stop_state is not None or worker.pid is None:
        raise JobStateError(f"job {job_id} is being stopped or started; it cannot be paused now")
    done = _move(s.store, job_id, "pause", "paused (SIGSTOP)", {"paused_at": time.time()})
    if done is None:
        raise JobStateError(f"job {job_id} ended or changed state; nothing to pause")
    worker.pause()
    return done


def resume_job(s: Scheduler, job_id: int) -> Job:
    """SIGCONT a paused job's process group; its time limit goes on from where it stopped."""
    job = _get(s, job_id)
    if job.state == RUNNING:
        return job
    if job.state != PAUSED:
        hint = "; a held job is released with: gpuaccel release ID" if job.state == HELD else ""
        raise JobStateError(f"job {job_id} {job.state.phrase}; only a paused job can be resumed{hint}")
    worker = s.worker(job_id)
    if worker is not None and hasattr(worker, "resume"):
        worker.resume()
    now = time.time()  # a float of ours, written into the expression as its exact repr
    paused = {"paused_s": f"paused_s + MAX(0, {now!r} - IFNULL(paused_at, {now!r}))"}
    done = _move(s.store, job_id, "resume", "resumed (SIGCONT)", {"paused_at": None}, paused)
    if done is None:
        raise JobStateError(f"job {job_id} ended or changed state; nothing to resume")
    return done


def _in_scope(s: Scheduler, state: JobState, group: str | None) -> list[int]:
    return [j.id for j in s.store.list(states=[state], limit=1_000_000) if group is None or j.group == group]


def set_queue_paused(s: Scheduler, paused: bool, group: str | None = None, running: bool = False) -> QueueOut:
    """Stop (or restart) dispatch for the queue or one group; ``running``: also pause (resume) its jobs
    that run (are paused) now. Jobs that end or change state meanwhile are skipped."""
    groups.set_paused(s.store, group, paused)
    if running:
        for job_id in _in_scope(s, RUNNING if paused else PAUSED, group):
            try:
                (pause_job if paused else resume_job)(s, job_id)
            except JobStateError:
                continue
    s.rescan(limits_changed=True)
    return groups.queue_state(s.store)


# -- hold, release, edit, switch ------------------------------------------------------------------------


def hold(s: Scheduler, job_id: int) -> Job:
    job = _get(s, job_id)
    if job.state == HELD:
        return job
    done = s.store.move(job_id, "hold", "held by user") if job.state == Q else None
    if done is None:
        raise JobStateError(f"job {job_id} {_get(s, job_id).state.phrase}; only a queued job can be held")
    s.rescan()
    return done


def release(s: Scheduler, job_id: int) -> Job:
    job = _get(s, job_id)
    done = s.store.move(job_id, "release", "released by user") if job.state == HELD else None
    if done is None:
        raise JobStateError(f"job {job_id} {_get(s, job_id).state.phrase}; only a held job can be released")
    s.rescan()
    return done


def edit(s: Scheduler, job_id: int, patch: dict[str, Any]) -> Job:
    """Change a queued or held job: the stored request with ``patch`` applied (a null field goes back to
    its default) passes the same validation as a submission, or nothing changes."""
    job = _get(s, job_id)
    if job.state not in EDITABLE:
        raise JobStateError(f"job {job_id} {job.state.phrase}; only a queued or held job can be edited")
    # hold and array are how a job is submitted, not fields of the job it became
    raw: dict[str, Any] = {
        f: getattr(job, STORED_AS.get(f, f)) for f in JobRequest.model_fields if f not in ("hold", "array")
    }
    if patch.get("gpu_ids") is not None and "gpus" not in patch:
        raw.pop("gpus")  # the stored count was taken from the old gpu_ids; cleared ids keep the count
    for key, value in patch.items():
        if value is None:
            raw.pop(key, None)
        else:
            raw[key] = value
    req = validate_request({k: v for k, v in raw.items() if v is not None})
    changed = sorted(k for k in patch if getattr(req, k) != getattr(job, STORED_AS.get(k, k)))
    with s.store.transaction() as conn:
        check_references(conn, req)
        for field in ("depends_on", "after_any", "after_notok"):
            later = [d for d in getattr(req, field) if d >= job_id]
            if later:
                raise RequestError(
                    field,
                    f"job {later[0]} is not older than job {job_id}; a job can only "
                    "depend on jobs submitted before it (so no two jobs wait for each other)",
                )
        columns = request_columns(req)
        row = conn.execute(
            f"UPDATE jobs SET {', '.join(f'{c} = ?' for c in columns)}"
            f" WHERE id = ? AND state IN ({','.join('?' * len(EDITABLE))}) RETURNING *",
            (*columns.values(), job_id, *EDITABLE),
        ).fetchone()
        if row is None:
            raise JobStateError(f"job {job_id} started or changed state while being edited; not changed")
        Store._event(
            conn,
            "job",
            job_id=job_id,
            state=row["state"],
            message=f"edited: {', '.join(changed) or 'nothing'}",
        )
    s.rescan()
    return Job.from_row(row)


def switch(s: Scheduler, a: int, b: int) -> list[Job]:
    """Swap two waiting jobs' places in the queue: their priorities and their order among equals."""
    if a == b:
        raise RequestError("b", "name two different jobs")
    first, second = _get(s, a), _get(s, b)
    for job in (first, second):
        if job.state not in EDITABLE:
            raise JobStateError(f"job {job.id} {job.state.phrase}; only queued or held jobs can be switched")
    out = []
    with s.store.transaction() as conn:
        for job, other in ((first, second), (second, first)):
            row = conn.execute(
                "UPDATE jobs SET priority = ?, seq = ? WHERE id = ?"
                f" AND state IN ({','.join('?' * len(EDITABLE))}) RETURNING *",
                (other.priority, other.seq, job.id, *EDITABLE),
            ).fetchone()
            if row is None:  # the transaction rolls back: neither moves
                raise JobStateError(f"job {job.id} started or changed state; nothing switched")
            Store._event(
                conn, "job", job_id=job.id, state=row["state"], message=f"switched places with job {other.id}"
            )
            out.append(Job.from_row(row))
    s.rescan()
    return out


# -- remove finished jobs ------------------------------------------------------------------------------


def _needed(conn: Any) -> dict[int, int]:
    """Job id -> a job not finished yet that depends on it in any kind of dependency, directly or as an
    element of an array it depends on (removing it would fail that job or change the array's outcome).
    One read for all."""
    finished = tuple(st.value for st in FINISHED)
    unfinished = f"j.state NOT IN ({','.join('?' * len(finished))})"
    parts = []
    for column in ("depends_on", "after_any", "after_notok"):
        deps = f"FROM jobs j, json_each(j.{column}) d"
        parts.append(f"SELECT d.value, j.id {deps} WHERE {unfinished}")
        parts.append(f"SELECT e.id, j.id {deps}, jobs e WHERE {unfinished} AND e.array_id = d.value")
    rows = conn.execute(" UNION ALL ".join(parts), finished * len(parts))
    return {int(dep): int(needer) for dep, needer in rows}


def _delete(conn: Any, ids: list[int]) -> None:
    queue_metrics.keep_removed(conn, ids)  # /metrics' counters keep what these jobs added
    for job_id in ids:
        conn.execute("DELETE FROM events WHERE job_id = ?", (job_id,))
        conn.execute("DELETE FROM jobs WHERE id = ?", (job_id,))


def remove(s: Scheduler, ids: list[int]) -> RemovedOut:
    """Remove finished jobs, their events and their logs; all or nothing: refused (naming the job and
    why) when one is missing, not finished, or needed by a waiting job's dependency."""
    ids = sorted(set(ids))
    with s.store.transaction() as conn:
        needed = _needed(conn)
        for job_id in ids:
            row = conn.execute("SELECT state FROM jobs WHERE id = ?", (job_id,)).fetchone()
            if row is None:
                raise JobNotFound(f"no job with id {job_id}; nothing removed")
            if JobState(row[0]) not in FINISHED:
                raise JobStateError(
                    f"job {job_id} is {row[0]}; only finished jobs can be removed (cancel it first);"
                    " nothing removed"
                )
            needer = needed.get(job_id)
            if needer is not None and needer not in ids:
                raise JobStateError(f"job {needer} waits on job {job_id} (a dependency); nothing removed")
        _delete(conn, ids)
    return RemovedOut(removed=ids, logs_removed=s.data_dir.remove_job_logs(ids))


def clean(s: Scheduler, older_than_s: float | None = None, states: list[str] | None = None) -> RemovedOut:
    """Remove every finished job (of ``states``, finished at least ``older_than_s`` ago) and its logs;
    a job that a waiting job depends on is kept, and said so."""
    wanted = [JobState(x).value for x in (states or sorted(FINISHED))]
    if any(JobState(x) not in FINISHED for x in wanted):
        raise RequestError("states", f"only finished states: {', '.join(sorted(FINISHED))}")
    cutoff = time.time() - (older_than_s or 0.0)
    kept: list[dict[str, Any]] = []
    with s.store.transaction() as conn:
        rows = conn.execute(
            f"SELECT id FROM jobs WHERE state IN ({','.join('?' * len(wanted))})"
            " AND IFNULL(finished_at, 0) <= ? ORDER BY id",
            (*wanted, cutoff),
        ).fetchall()
        ids = []
        needed = _needed(conn)
        for (job_id,) in rows:
            needer = needed.get(job_id)
            if needer is None:
                ids.append(int(job_id))
            else:
                kept.append({"id": job_id, "why": f"job {needer} waits on it"})
        _delete(conn, ids)
    return RemovedOut(removed=ids, logs_removed=s.data_dir.remove_job_logs(ids), kept=kept)
