"""A job's log in the chat: its last lines as a code block under one plain sentence.

Why a module of its own: the answer quotes the job's own output, not facts of the queue; the file is read
as :mod:`~assistant.queries.log_files` reads every job's log. A job without a log says why: it has not
started, it printed nothing, or its file is gone.
"""

from __future__ import annotations

from pathlib import Path

from gpuaccel.api import jobs as models
from gpuaccel.api.jobs import Job, JobState
from gpuaccel.assistant.queries.jobs import (
    SCAN,
    STATE_CLAUSES,
    STATE_WORDS,
    cap,
    label,
    no_such_job,
    stored_job,
)
from gpuaccel.assistant.queries.log_files import TAIL_BYTES, LogUnreadable, code_block, read_log, shown_lines
from gpuaccel.assistant.queries.query import Query, QueryContext, Result

DEFAULT_LINES = 20  # lines shown when the question says no number
MAX_LINES = 200  # at most this many, whatever is asked
NOT_STARTED = models.WAITING | {JobState.HELD}  # no log yet: it waits to start


def _newest(ctx: QueryContext, q: Query) -> Job | None:
    """The job a log is asked of without an id: the latest to have ended (or started) among those in the
    query's state and with its name, else the latest to have started."""
    states = [JobState(q.state)] if q.state else None
    jobs = ctx.store.list(states=states, limit=SCAN)
    if q.job_name:
        jobs = [j for j in jobs if q.job_name.lower() in (j.name or j.kind).lower()]
    if not (q.state or q.job_name):
        jobs = [j for j in jobs if j.started_at is not None]  # "show me the log": a job that ran
    return max(jobs, key=lambda j: (j.finished_at or j.started_at or j.created_at, j.id), default=None)


def job_log(ctx: QueryContext, q: Query) -> Result:
    """The last lines of one job's log (default :data:`DEFAULT_LINES`, at most :data:`MAX_LINES`)."""

    if q.job is not None:
        job = stored_job(ctx.store, q.job)
        if job is None:
            return Result(q, no_such_job(q.job))
    else:
        job = _newest(ctx, q)
        if job is None:
            named = f" named like {q.job_name!r}" if q.job_name else ""
            what = f"{q.state} job" if q.state else "job that ran"
            return Result(q, f"There is no {what}{named} in the queue's history.")
    asked = q.lines if q.lines is not None and q.lines > 0 else DEFAULT_LINES
    count = min(asked, MAX_LINES)
    name, state = label(job), STATE_WORDS[job.state]
    named = f"job {job.id} ({job.name or job.kind}, {state})"
    one_gpu = list(job.assigned_gpus) if len(job.assigned_gpus) == 1 else []

    def said(text: str, rows: list[list[object]] | None = None) -> Result:
        cols = ["job", "name", "state", "lines shown"]
        row = [[job.id, job.name or job.kind, str(job.state), 0]]
        return Result(q, text, cols, rows or row, [job.id], one_gpu)

    logs = getattr(ctx.source, "logs_dir", None)
    if logs is None:
        return said(f"I cannot read the log of {name}: this daemon did not say where job logs are kept.")
    try:
        found = read_log(Path(logs), job.id, count)
    except LogUnreadable as exc:
        return said(f"I did not read the log of {name}: {exc}.")
    if found is None:
        if job.started_at is None:
            if job.state in NOT_STARTED:
                return said(f"{cap(name)} has no log yet: it is waiting to start.")
            return said(f"{cap(name)} has no log: {STATE_CLAUSES[job.state]} before it started.")
        return said(f"The log of {named} is gone: its file is no longer in the logs folder.")
    text, size = found
    lines = shown_lines(text, count)
    n = f"{len(lines)} line{'s' if len(lines) != 1 else ''}"
    if not lines:
        so_far = " so far" if job.state in (JobState.RUNNING, JobState.PAUSED) else ""
        return said(f"The log of {named} is empty: the job printed nothing{so_far}.")
    if len(lines) < count and size <= TAIL_BYTES:  # read from its start: that is all of it
        head = f"The log of {named} has {n}:"
    else:
        most = f" (at most {MAX_LINES} are shown)" if asked > MAX_LINES else ""
        head = f"The last {n} of the log of {named}{most}:"
    rows = [[job.id, job.name or job.kind, str(job.state), len(lines)]]
    return said(f"{head}\n{code_block(lines)}", rows)
