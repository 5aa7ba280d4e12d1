"""The job half of the assistant's tool layer: one job, jobs by state/name/window/GPU, rankings, failures,
the queue and why something waits, and summaries of a span of time.

Queries read the queue through :class:`~scheduler.store.queue.Store` listings and
:mod:`scheduler.reads.queue`; each
returns a :class:`~assistant.queries.catalogue.Result` whose sentence is written from the same numbers as its
table.
"""

from __future__ import annotations

import datetime as dt
import math
import shlex
from dataclasses import replace
from pathlib import Path
from typing import Any

from gpuaccel.accel.telemetry.fields import FIELD, energy_exact, energy_text
from gpuaccel.api.attempts import (
    Attempt,
    attempts,
    gpu_hours_text,
    gpu_seconds,
    gpu_seconds_by_gpu,
    gpu_seconds_in,
)
from gpuaccel.api.durations import format_duration
from gpuaccel.api.jobs import LIVE, Job, JobState
from gpuaccel.assistant.queries.log_files import LogUnreadable, code_span, read_log, shown_lines
from gpuaccel.assistant.queries.query import Query, QueryContext, Result, Window, and_list
from gpuaccel.assistant.queries.spans import ROUGHLY_MIN, last_day, moment_of
from gpuaccel.scheduler.reads import history as history_read
from gpuaccel.scheduler.reads import queue as reads

SCAN = 5000  # newest jobs a listing looks at
PAUSED_WHY = "stopped by the user, it keeps its GPUs until resumed"
HELD_WHY = "it never starts until the user releases it"
# a queued job the scheduler has not judged yet (submitted since its last full pass): no reason is known,
# and none is made up ("next in line" was said of a job that waited on another)
NO_REASON_YET = "the scheduler has not said why yet (it does on its next full pass)"


def at_words(at: str) -> str:
    """ " at 10:00:28" for a peak the 1 s history timed, " in the minute from 06:56" for one a minute row
    holds (its clock has no seconds), "" for none ("-"): a peak's moment as every span answer says it."""
    if at == "-":
        return ""
    return f" at {at}" if at.count(":") == 2 else f" in the minute from {at}"


def clock(t: float, seconds: bool = True) -> str:
    """A time of day to the second, as ``gpuaccel show`` writes a job's events: a job's times are exact
    events, and a 1 s history row is one second; ``seconds=False`` for a time known to the minute only (a
    1 min history row, a plot's axis)."""
    return dt.datetime.fromtimestamp(t).strftime("%H:%M:%S" if seconds else "%H:%M")


def cap(text: str) -> str:
    """Upper-case the first letter only (``str.capitalize`` would lower "GPU" and job names)."""
    return text[:1].upper() + text[1:]


def label(job: Job) -> str:
    return f"job {job.id} ({job.name or job.kind})"


def stored_job(store: Any, job_id: int | None, with_events: bool = False) -> Job | None:
    """Job ``job_id`` from the store, or None where the queue never had it: ids are SQLite integers from 1,
    so a number outside them (a model's "job 0", a pasted 20-digit id) names no job rather than an error."""
    if job_id is None or not 0 < job_id < 2**63:
        return None
    return store.get(job_id, with_events=with_events)


def no_such_job(*ids: int) -> str:
    """What every answer says of a job id the queue never had."""
    if len(ids) == 1:
        return f"There is no job {ids[0]} in the queue's history."
    return f"There are no jobs {and_list([str(i) for i in ids])} in the queue's history."


# A job's state in plain words, so a ranking or listing never leaves a user guessing whether the job it
# names finished well: short (after a job in a list) and as its own clause (after a figure).
STATE_WORDS: dict[JobState, str] = {
    JobState.SUCCEEDED: "succeeded",
    JobState.FAILED: "failed",
    JobState.CANCELLED: "cancelled",
    JobState.RUNNING: "still running",
    JobState.PAUSED: "paused",
    JobState.RETRYING: "waiting to retry",
    JobState.QUEUED: "queued",
    JobState.HELD: "held",
}
STATE_CLAUSES: dict[JobState, str] = {
    JobState.SUCCEEDED: "it succeeded",
    JobState.FAILED: "it failed",
    JobState.CANCELLED: "it was cancelled",
    JobState.RUNNING: "it is still running",
    JobState.PAUSED: "it is paused",
    JobState.RETRYING: "it is waiting to retry",
    JobState.QUEUED: "it is queued",
    JobState.HELD: "it is held",
}


def state_words(job: Job) -> str:
    return STATE_WORDS[job.state]


def so_far(job: Job, seconds: float) -> str:
    """A run time as people say it, with "so far" while the job's clock still runs (running or paused):
    a running job's time is not its final one."""
    return format_duration(seconds) + (" so far" if job.state in LIVE else "")


def ran_for(job: Job, now: float) -> str:
    """The "ran for" cell of a job's row: "-" for a job that never started."""
    t = run_time(job, now)
    return "-" if t is None else so_far(job, t)


def run_time(job: Job, now: float) -> float | None:
    if job.started_at is None:
        return None
    return (job.finished_at or now) - job.started_at


def gpu_time(job: Job, now: float) -> float | None:
    """GPU-seconds over all attempts (:func:`api.attempts.gpu_seconds`; the job read with its events when
    it ran more than once)."""
    return None if job.started_at is None else gpu_seconds(job, now)


WAITING_STATES = (JobState.QUEUED, JobState.HELD, JobState.PAUSED)


def in_state_since(ctx: QueryContext, job: Job) -> float:
    """When ``job`` entered the state it is in: its last move into it in its events ("held since 14:30"),
    else its submission."""
    full = job if job.events is not None else ctx.store.get(job.id, with_events=True) or job
    moved = [e.t for e in full.events or [] if e.type == "job" and e.state == str(job.state)]
    return moved[-1] if moved else job.created_at


def with_events(ctx: QueryContext, job: Job) -> Job:
    """``job`` with its events when it has had more than one attempt (a listing's row holds the last)."""
    if job.events is not None or job.attempt <= 1:
        return job
    return ctx.store.get(job.id, with_events=True) or job


def tries(job: Job) -> str:
    """The attempt as the scheduler counts it ("attempt N of M"): a user's retry gives a fresh budget."""
    return job.attempt_words()


def _on_gpus(gpus: list[int], models: dict[int, str] | None = None) -> str:
    """ " on GPU 0,1" as every job answer writes a run's GPUs, with the cards' models when known (" on GPU 0
    (NVIDIA H100 80GB HBM3)": which card exactly); "" for none."""
    if not gpus:
        return ""
    named = list(dict.fromkeys(models[g] for g in gpus if models and g in models))
    return f" on GPU {','.join(map(str, gpus))}" + (f" ({', '.join(named)})" if named else "")


def _where(job: Job, models: dict[int, str] | None = None) -> str:
    if job.assigned_gpus:
        return _on_gpus(job.assigned_gpus, models)
    return " without a GPU" if job.gpus == 0 and job.started_at is not None else ""


def runs_in(job: Job, w: Window | None) -> list[Attempt]:
    """``job``'s attempts that ran at some moment of the span (all of them without one); every attempt
    when ``job`` was read with its events (:func:`with_events`), else the row's latest."""
    runs = attempts(job)
    if w is None:
        return runs
    return [a for a in runs if a.ran_during(w.t0, w.t1)]


def in_span(job: Job, w: Window) -> bool:
    """Whether a span counts ``job``: every job submitted in it, whatever its state (one still waiting,
    cancelled before it started), and every job with an attempt that ran at some moment of it (submitted
    earlier; "which job was on GPU 1 at 10:00" names a job whose first attempt ran then)."""
    return w.t0 <= job.created_at < w.t1 or bool(runs_in(job, w))


BROKE = {JobState.FAILED, JobState.CANCELLED}  # the states a job fails in: a span's are those it failed in


def select_jobs(ctx: QueryContext, q: Query, states: list[JobState] | None = None) -> list[Job]:
    """Jobs matching the query's state, name, GPU and window, newest first; with a span, those submitted or
    running in it (:func:`in_span`), but the failed or cancelled ones those that failed in it
    (:func:`failed_in`), wherever they are asked for: the failures, the summary, a ranking of them."""
    if states is None and q.state:
        states = [JobState(q.state)]
    if q.among:  # the jobs a question compares, however old
        ids = [int(x) for x in q.among.split(",") if x.strip().isdigit()]
        jobs = [j for j in (ctx.store.get(i) for i in dict.fromkeys(ids)) if j is not None]
        jobs = [j for j in jobs if states is None or j.state in states]
    else:
        jobs = ctx.store.list(states=states, limit=SCAN)
    if q.job_name:
        needle = q.job_name.lower()
        jobs = [j for j in jobs if needle in (j.name or j.kind).lower()]
    if q.window is not None:  # every attempt in the span: a retried job may have moved or ended
        jobs = [with_events(ctx, j) for j in jobs if may_touch(j, q.window)]
        if states and set(states) <= BROKE:  # a span's failures: those that failed in it, on the GPU asked
            return [j for j in jobs if failed_in(j, q.window, q.gpu)]
        jobs = [j for j in jobs if in_span(j, q.window)]
        if q.gpu is not None:  # an attempt on that GPU in the span
            jobs = [j for j in jobs if any(q.gpu in a.gpus for a in runs_in(j, q.window))]
    elif q.gpu is not None:  # without a span, where it is (or last was): "what's running on gpu 1"
        jobs = [j for j in jobs if q.gpu in j.assigned_gpus]
    return jobs


def may_touch(job: Job, w: Window) -> bool:
    """Whether ``job`` could count in span ``w`` at all, from its row alone (submitted before the span ends,
    not ended before it starts): the cheap test before its attempts are read."""
    return job.created_at < w.t1 and (job.finished_at is None or job.finished_at >= w.t0)


def filters(q: Query) -> str:
    parts = []
    if q.among:
        ids = [x.strip() for x in q.among.split(",") if x.strip()]
        parts.append("of jobs " + and_list(ids))
    if q.job_name:
        parts.append(f"named like {q.job_name!r}")
    if q.gpu is not None:
        parts.append(f"on GPU {q.gpu}")
    if q.window is not None:
        parts.append(q.window.label)
    return (" " + " ".join(parts)) if parts else ""


def job_detail(ctx: QueryContext, q: Query) -> Result:
    job = stored_job(ctx.store, q.job, with_events=True)
    if job is None:
        return Result(q, no_such_job(q.job))
    now = ctx.now()
    name, t, on = cap(label(job)), run_time(job, now), _where(job, ctx.models())
    tried = tries(job)
    if job.state == JobState.FAILED:
        code = f", exit code {job.exit_code}" if job.exit_code is not None else ""
        ran = f" after {format_duration(t)}" if t is not None else ""
        text = f"{name} failed{ran}{on}: {job.reason or 'no reason recorded'} ({tried}{code})."
    elif job.state == JobState.CANCELLED:
        text = f"{name} was cancelled{on}: {job.reason or 'no reason recorded'}."
    elif job.state == JobState.SUCCEEDED:
        text = f"{name} succeeded in {format_duration(t or 0)}{on}."  # its end: in the record
    elif job.state == JobState.RUNNING:
        text = f"{name} is running{on}, for {format_duration(t or 0)} so far ({tried})."
    elif job.state == JobState.PAUSED:
        text = f"{name} is paused{on} after {format_duration(t or 0)}: {PAUSED_WHY} ({tried})."
    elif job.state == JobState.HELD:
        text = f"{name} is held: {HELD_WHY} (gpuaccel release {job.id})."
    elif job.state == JobState.RETRYING:
        text = f"{name} is waiting to retry after: {job.reason or 'a failure'} ({tried})."
    else:
        text = f"{name} is queued: {job.waiting_reason or NO_REASON_YET}."
    used = reads.job_energy(ctx.store, job.id)  # as gpuaccel show and the job's report write it
    if used is not None:
        where = f" on its {len(job.assigned_gpus)} GPUs" if len(job.assigned_gpus) > 1 else ""
        text += f" It used {energy_text(used[0])}{where} ({used[1]})."
    so_far = _energy_so_far(ctx, job, now) if used is None else None
    if so_far is not None:
        text += f" {so_far[1]}"
    rows = [
        [job.id, job.name or job.kind, str(job.state), format_duration(t) if t is not None else "-",
         job.attempt, clock(job.created_at), _energy_cell(job, used, so_far) or "-"]
    ]  # fmt: skip
    one_gpu = list(job.assigned_gpus) if len(job.assigned_gpus) == 1 else []  # "that card": where it ran
    columns = ["job", "name", "state", "ran for", "attempt", "submitted", "energy"]
    run_said = t is not None and job.state in (JobState.SUCCEEDED, JobState.FAILED)
    after = sorted({*job.depends_on, *job.after_any, *job.after_notok})
    waited_for = {d: label(dep) if (dep := ctx.store.get(d)) else f"job {d}" for d in after}
    said = f"{text} {_record(job, now, used, run_said, waited_for)}"
    if len(runs := attempts(job)) > 1:
        said += " " + attempts_words(runs, now, _attempt_energy(ctx, job, runs, now))
    said += _run_by(job) + _last_line(ctx, job) + _waited_on(ctx, job)
    return Result(q, said, columns, rows, [job.id], one_gpu)


def _last_line(ctx: QueryContext, job: Job) -> str:
    """A running or paused job's last line of output, as ``gpuaccel logs ID -n 1`` shows it: where a run
    is (its step, its loss), which no queue field says ("how far along is it", "will it be done by six");
    nothing where the log is not there or not read."""
    logs = getattr(ctx.source, "logs_dir", None)
    if job.state not in LIVE or logs is None:
        return ""
    try:
        found = read_log(Path(logs), job.id, 1)
    except LogUnreadable:
        return ""
    lines = shown_lines(found[0], 1) if found is not None else []
    if not lines or not lines[-1].strip():
        return ""
    return f" Its last line of output (gpuaccel logs {job.id} -n 1): {code_span(lines[-1])}."


def gpus_energy(store: Any, job: Job, now: float) -> tuple[float, str, str] | None:
    """A job's GPUs' energy over its runs (every attempt, as its recorded energy counts them) from the
    telemetry history (the counter where it covers, power x time where not) and how it was read: what a job
    without an ``energy`` record is told with (a running one: the daemon records it when the attempt ends;
    an older or counter-less one: never), said as its GPUs', which counts anything else on them: (joules,
    "GPU 0 and GPU 1", how read). ``job`` is read with its events. None when it ran on no GPU or the
    history has nothing of its runs."""
    runs = [(a.started_at, a.ended_at if a.ended_at is not None else now, a.gpus) for a in attempts(job)]
    if not runs and job.started_at is not None:  # (a record without its events: its last run)
        runs = [(job.started_at, job.finished_at or now, list(job.assigned_gpus))]
    found = [e for t0, t1, gpus in runs if gpus and t1 > t0 for e in history_read.energy(store, t0, t1, gpus)]
    found = [e for e in found if e.joules]
    if not found:
        return None
    cards = and_list([f"GPU {g}" for g in sorted({e.gpu for e in found})])
    # each run's method once, their seconds summed as the recorded energy's are ("(4 runs summed)")
    how = reads.summed_methods([e.method for e in found])
    how += ", " + " and ".join(sorted({f"{e.resolution} history" for e in found}))
    return sum(float(e.joules) for e in found if e.joules), cards, how


def _energy_so_far(ctx: QueryContext, job: Job, now: float) -> tuple[float, str] | None:
    """A job's energy where the daemon recorded none (:func:`gpus_energy`), as the job's report gives it: a
    running job's so far, an ended one's over its runs; None before it starts."""
    if job.started_at is None:
        return None
    got = gpus_energy(ctx.store, job, now)
    if got is None:
        return None
    joules, gpus, how = got
    if job.state in LIVE:
        return joules, f"It has used {energy_text(joules)} so far: {gpus} since it started ({how})."
    runs = "its runs" if len(attempts(job)) > 1 else "it ran"
    return joules, f"No energy was recorded for it; {gpus} used {energy_text(joules)} while {runs} ({how})."


def _run_by(job: Job) -> str:
    """What the job runs, as ``gpuaccel show`` writes it: a command job's command line (shell-quoted), and
    a running job's worker pid (its process group, the pid the GPU's process list names)."""
    said = f" Command: {shlex.join(job.argv)}." if job.kind == "command" and job.argv else ""
    if job.state in LIVE and job.worker_pid is not None:
        said += f" Its worker is pid {job.worker_pid}."
    return said


def _waited_on(ctx: QueryContext, job: Job) -> str:
    """The jobs still waiting on ``job``: those that depend on it (``--after`` and its kin) and those
    whose scheduler reason says a GPU they need is held by it (what is queued behind it); and those that
    depended on it and have started since ("which job was waiting on data-prep?" once it ran)."""
    waiting_states = (JobState.QUEUED, JobState.HELD, JobState.RETRYING)
    listed = ctx.store.list(limit=SCAN)  # read once: those waiting and those that depended on it
    dependents = [j for j in listed if job.id in {*j.depends_on, *j.after_any, *j.after_notok}]
    waiting = [j for j in listed if j.state in waiting_states]
    after = {j.id for j in dependents if j.state in waiting_states}
    for_gpu = {
        j.id for j in waiting if j.state == JobState.QUEUED and job.id in reads.holders(j.waiting_reason)
    }
    on = sorted((j for j in waiting if j.id in after | for_gpu), key=lambda j: j.id)
    each = [f"{label(j)} ({'after it' if j.id in after else 'for a GPU it holds'})" for j in on]
    said = f" Waiting on it: {', '.join(each)}." if each else ""
    went = sorted(
        (j for j in dependents if j.id not in after and j.started_at is not None), key=lambda j: j.id
    )
    if went:  # they waited on it and have run since
        said += f" Waited on it, then started: {', '.join(label(j) for j in went)}."
    return said


def _attempt_energy(ctx: QueryContext, job: Job, runs: list[Attempt], now: float) -> dict[int, float]:
    """Joules per attempt number, from the job's energy events (each recorded as an attempt's run ends on
    one GPU): the event belongs to the attempt whose run it ends within a minute of."""
    out: dict[int, float] = {}
    for t, joules, _ in reads.energy_events(ctx.store, job.id):
        a = next((a for a in runs if a.started_at <= t <= (a.ended_at or now) + 60.0), None)
        if a is not None:
            out[a.number] = out.get(a.number, 0.0) + joules
    return out


def attempts_words(runs: list[Attempt], now: float, energy: dict[int, float] | None = None) -> str:
    """Each attempt with its times (as ``gpuaccel show``'s events write them), run time and energy (when
    recorded), wait, GPUs and outcome."""

    def one(a: Attempt) -> str:
        end = a.ended_at
        span = f"{clock(a.started_at)}-{clock(end)}" if end is not None else f"from {clock(a.started_at)}"
        gpus = _on_gpus(a.gpus)
        how = f"{a.outcome}: {a.why}" if a.why and a.why != str(a.outcome) else str(a.outcome)
        used = f", {energy_text(energy[a.number])}" if energy and a.number in energy else ""
        return (
            f"attempt {a.number} {span} ({format_duration(a.run_s(now))}{' so far' if end is None else ''}"
            f"{used}){gpus} after {format_duration(a.waited_s)} waiting, {how}"
        )

    return f"Its {len(runs)} attempts: " + "; ".join(one(a) for a in runs) + "."


def _cancel_asked(job: Job, last: Attempt) -> str:
    """ " (cancel asked at 11:19:55)": a running job cancelled stops when its worker does, so when the cancel
    was asked for, as its event says, where that was before the end; "" otherwise."""
    if last.outcome != JobState.CANCELLED or last.ended_at is None:
        return ""
    asked = [
        e.t
        for e in job.events or []
        if e.type == "job" and e.message.startswith("cancel requested") and e.t < last.ended_at - 0.5
    ]
    return f" (cancel asked at {clock(asked[-1])})" if asked else ""


def _record(
    job: Job,
    now: float,
    energy: tuple[float, str] | None,
    run_said: bool = False,
    after: dict[int, str] | None = None,
) -> str:
    """A job's times in one sentence, durations as ``gpuaccel show`` writes them: when it was submitted,
    started and ended, its queue wait, run time, GPUs and GPU-hours, what it asks for (of a job that has
    run: the memory it asked of each GPU), its energy's joules (all attempts), what it reported, the jobs it
    comes after (``after``: id -> label), array element.
    ``run_said``: the answer's first sentence already gave the run time of its one attempt, so the record
    does not say it twice."""
    parts = [f"Submitted at {clock(job.created_at)}"]
    runs = attempts(job)
    if runs:
        first, last = runs[0], runs[-1]
        wait = format_duration(first.waited_s)
        if len(runs) == 1:
            parts.append(f"started at {clock(first.started_at)} after {wait} in the queue")
        else:
            waits = format_duration(sum(a.waited_s for a in runs))  # the retries' waits too
            parts.append(
                f"first started at {clock(first.started_at)} after {wait} in the queue ({waits} waiting over"
                f" its attempts), last (attempt {last.number}) at {clock(last.started_at)}"
            )
        t = sum(a.run_s(now) for a in runs)
        over = " over its attempts" if len(runs) > 1 else ""
        if last.ended_at is not None:
            ended = "cancelled" if last.outcome == JobState.CANCELLED else "ended"
            ran = "" if run_said and len(runs) == 1 else f" after running {format_duration(t)}{over}"
            parts.append(f"{ended} at {clock(last.ended_at)}{_cancel_asked(job, last)}{ran}")
        else:
            parts.append(f"running {format_duration(t)}{over} so far")
        gpus = len(last.gpus)
        hours = sum(a.gpu_s(now) for a in runs if a.gpus) / 3600
        parts.append(
            f"{gpus} GPU{'s' if gpus != 1 else ''}, {gpu_hours_text(hours)} GPU-hours{over}"
            if gpus
            else "ran without a GPU"
        )
    elif job.finished_at is not None:
        parts.append(f"ended at {clock(job.finished_at)} without starting")
    else:
        parts.append(_waited(job, now))
    if job.started_at is None and job.finished_at is None:  # what it waits for: its request
        memory = f", {job.memory_mib} MiB of GPU memory each" if job.memory_mib else ""
        asked = f"{job.gpus} GPU{'s' if job.gpus != 1 else ''}" if job.gpus else "no GPU"  # ("0 GPUs")
        parts.append(f"asks for {asked}{memory}")
    elif job.memory_mib:  # what it asked of each GPU's free memory to start, said once it has run too
        parts.append(f"asked for {job.memory_mib} MiB of GPU memory each")
    if energy is not None:
        parts.append(f"{energy[0]:.0f} J over all attempts")
    if job.result:  # what the job reported as its result
        parts.append("reported " + ", ".join(f"{k} {v}" for k, v in list(job.result.items())[:6]))
    if after:  # what it waited on: "after job 1 (data-prep)"
        parts.append("after " + ", ".join(after.values()))
    if job.array_id is not None:
        parts.append(f"element {job.array_index} of array {job.array_id}")
    return "; ".join(parts) + "."


def jobs(ctx: QueryContext, q: Query) -> Result:
    # "what was on it around 12:30": the jobs at 12:30 where any ran then, else those of the minutes around
    moment = moment_of(q.window, ctx.now()) if q.window is not None else None
    found: list[Job] = []
    if moment is not None:
        at_moment = replace(q, window=moment)
        found = select_jobs(ctx, at_moment)
        q = at_moment if found else q
    found = found or select_jobs(ctx, q)
    what = f"{q.state} jobs" if q.state else "jobs"
    if not found:
        return Result(q, f"There are no {what}{filters(q)}.{_on_the_gpu(ctx, q)}")
    now = ctx.now()
    # a span's jobs that ran come before those still waiting to start ("what ran today" names what ran)
    shown = (sorted(found, key=lambda j: j.started_at is None) if q.window is not None else found)[:10]
    # what they took together: a name's, a GPU's or a span's jobs, or any asked for it ("the total GPU-hours
    # of all the jobs")
    narrowed = q.job_name or q.gpu is not None or q.window is not None
    totalled = len(found) > 1 and (narrowed or q.metric == "gpu_time")
    # each job's recorded energy, read once: a name's jobs (an array's elements) say theirs ("the energy of
    # each sweep element") and a sweep's or a GPU's jobs their total
    used = {j.id: reads.job_energy(ctx.store, j.id) for j in found} if q.job_name or totalled else {}

    # a moment, said exactly or roughly ("around 12:30": ten minutes): each job says when it ran, so the one
    # running at the time said is told from one that ended just before it
    at_instant = q.window is not None and q.window.t1 - q.window.t0 <= 2 * ROUGHLY_MIN * 60

    def entry(j: Job) -> str:
        if not q.state:
            said = _listed(j, now, (used.get(j.id) or (None,))[0] if q.job_name else None)
            return said + (_ran_then(ctx, j, q.window, now, q.gpu is None) if at_instant else "")
        if q.window is not None or q.state not in (JobState.RUNNING, *WAITING_STATES):
            return label(j)
        # a running job with the time it started; a held, paused or queued one with the time it became so
        if q.state == JobState.RUNNING:
            return f"{label(j)} since {clock(j.started_at)}" if j.started_at else label(j)
        return f"{label(j)} since {clock(in_state_since(ctx, j))}"

    listed = ", ".join(entry(j) for j in shown)
    more = f" and {len(found) - len(shown)} more" if len(found) > len(shown) else ""
    count = f"{len(found)} {what[:-1] if len(found) == 1 else what}"
    by: dict[str, int] = {}
    for j in found:
        by[str(j.state)] = by.get(str(j.state), 0) + 1
    states = f" ({', '.join(f'{n} {s}' for s, n in sorted(by.items()))})" if len(by) > 1 else ""
    rows = [[j.id, j.name or j.kind, str(j.state), ran_for(j, now), clock(j.created_at)] for j in found]
    said = f"{count}{filters(q)}{states}: {listed}{more}."
    if q.job_name and q.gpu is None and len(found) > 1:  # "which card did the sweep run on?"
        ran = [j for j in found if j.started_at is not None]
        ran_on = {g for j in ran for a in runs_in(with_events(ctx, j), None) for g in a.gpus}
        said += f" All ran on GPU {ran_on.pop()}." if len(ran_on) == 1 else ""
    if totalled:  # a sweep's, a GPU's day
        said += " " + _in_all(ctx, found, now, [used[j.id] for j in found], q.window, q.gpu)
    return Result(q, said, ["job", "name", "state", "ran for", "submitted"], rows, [j.id for j in shown])


def _ran_then(ctx: QueryContext, job: Job, w: Window, now: float, where: bool = False) -> str:
    """When the attempt that covered moment ``w`` ran (" (attempt 2 ran 10:03:40-10:06:50)", " (it ran
    12:25:05-12:51:00)", " (it started at 13:30:00)"): "what was on gpu 1 at 12:30" is answered with the
    run it caught, not only how the job ended; ``where``: and on which GPU ("what was the machine doing at
    12:30" names none)."""
    runs = runs_in(with_events(ctx, job), w)
    if not runs:
        return ""
    a = runs[0]
    who = f"attempt {a.number}" if job.attempt > 1 else "it"
    on = f" on GPU{'s' if len(a.gpus) > 1 else ''} {', '.join(map(str, a.gpus))}" if where and a.gpus else ""
    if a.ended_at is None:
        return f" ({who} started at {clock(a.started_at)}{on})"
    return f" ({who} ran {clock(a.started_at)}-{clock(a.ended_at)}{on})"


ENDED = (JobState.SUCCEEDED, JobState.FAILED, JobState.CANCELLED)


def ended_in(job: Job, w: Window) -> bool:
    """Whether ``job`` ended (succeeded, failed or was cancelled) inside the span: a reading of its own,
    apart from :func:`in_span` (every job submitted or running in a span), which the jobs of a span keep
    (the failures of a span are those that failed in it: :func:`failed_in`)."""
    return job.state in ENDED and job.finished_at is not None and w.t0 <= job.finished_at < w.t1


def finished(ctx: QueryContext, q: Query) -> Result:
    """The jobs that ended in the span (default: the last 24 hours), latest end first, each with its
    outcome and end time as ``gpuaccel show`` writes them."""
    now = ctx.now()
    w = q.window or last_day(now)
    states = [JobState(q.state)] if q.state else list(ENDED)
    found = [j for j in select_jobs(ctx, replace(q, window=None), states) if ended_in(j, w)]
    found.sort(key=lambda j: j.finished_at or 0.0, reverse=True)
    named = filters(replace(q, window=None))
    what = f"{q.state} jobs" if q.state else "jobs"
    # of one GPU, the jobs on it now too: the last time it was used may be now
    running = (
        select_jobs(ctx, replace(q, window=None, state=None), [JobState.RUNNING]) if q.gpu is not None else []
    )
    now_on = [f"{label(j)} is running on GPU {q.gpu} now, for {ran_for(j, now)}" for j in running]
    now_rows = [[j.id, j.name or j.kind, str(j.state), "-", ran_for(j, now)] for j in running]
    if not found:
        text = f"No {what}{named} ended {w.label}."
        return Result(
            q,
            text + "".join(f" {cap(s)}." for s in now_on),
            ["job", "name", "state", "ended", "ran for"],
            now_rows,
            [j.id for j in running],
        )
    shown = found[:10]
    by: dict[str, int] = {}
    for j in found:
        by[str(j.state)] = by.get(str(j.state), 0) + 1
    states_said = f" ({', '.join(f'{n} {s}' for s, n in sorted(by.items()))})" if len(by) > 1 else ""
    listed = ", ".join(f"{label(j)} {state_words(j)} at {clock(j.finished_at or now)}" for j in shown)
    more = f" and {len(found) - len(shown)} more" if len(found) > len(shown) else ""
    count = f"{len(found)} {what[:-1] if len(found) == 1 else what}{named}"
    rows = [
        [j.id, j.name or j.kind, str(j.state), clock(j.finished_at or now), ran_for(j, now)] for j in found
    ]
    return Result(
        q,
        f"{count} ended {w.label}{states_said}: {listed}{more}." + "".join(f" {cap(s)}." for s in now_on),
        ["job", "name", "state", "ended", "ran for"],
        rows + now_rows,
        [j.id for j in shown],
    )


def gpu_jobs(ctx: QueryContext, q: Query) -> Result:
    """How many jobs each GPU ran in the span (default: the last 24 hours): the jobs with an attempt that
    ran on it at some moment of the span (each attempt on its own GPUs, :mod:`api.attempts`; a job once
    per GPU), most first (``order`` min: fewest first)."""
    now = ctx.now()
    w = q.window or last_day(now)
    listed = ctx.store.list(limit=SCAN)
    ran = [with_events(ctx, j) for j in listed if j.started_at is not None and may_touch(j, w)]
    per: dict[int, list[int]] = {int(g["index"]): [] for g in ctx.facts().gpus}  # a GPU that ran none too
    for j in ran:
        on = {int(g) for a in runs_in(j, w) for g in a.gpus}
        for g in sorted(on):
            per.setdefault(g, []).append(j.id)
    if not any(per.values()):
        return Result(q, f"No job ran on a GPU {w.label}.")
    most = q.order != "min"
    ranked = sorted(per.items(), key=lambda kv: (-len(kv[1]) if most else len(kv[1]), kv[0]))
    top = len(ranked[0][1])
    first = [g for g, ids in ranked if len(ids) == top]
    word = "the most" if most else "the fewest"
    each = ", ".join(f"GPU {g} {len(ids)}" for g, ids in ranked)
    who = f"GPU {first[0]}" if len(first) == 1 else "GPUs " + " and ".join(map(str, first)) + " (level)"
    rows = [[g, len(ids), ", ".join(map(str, sorted(ids)))] for g, ids in ranked]
    return Result(
        q,
        f"{cap(w.label)}, {who} ran {word} jobs: {top} (jobs per GPU: {each}).",
        ["GPU", "jobs", "job ids"],
        rows,
        subject_gpus=first,
    )


def _on_the_gpu(ctx: QueryContext, q: Query) -> str:
    """What runs on a GPU besides the queue's jobs, for "anything running on gpu 1?" when no queue job
    does: its utilization and the processes the driver lists (as gpuaccel status shows them)."""
    if q.state != JobState.RUNNING or q.gpu is None or q.window is not None:
        return ""
    g = next((g for g in ctx.facts().gpus if g["index"] == q.gpu), None)
    if g is None:
        return ""
    util = g.get("util_gpu")
    said = "" if util is None else f" GPU {q.gpu} is at {FIELD['util_gpu'].text(util)} utilization"
    procs = []
    for proc in g["processes"]:
        used = "" if proc["used"] is None else f", {proc['used']:.0f} MiB"
        procs.append(f"process {proc['pid']} ({proc['name']}{used}, {proc['owner']})")
    if procs:
        said += ("; " if said else " ") + "the driver lists " + "; ".join(procs)
    return said + "." if said else ""


def _listed(job: Job, now: float, joules: float | None = None) -> str:
    """A job in a list: its label and state, an ended one's run time as its detail says it, its energy when
    given, and a failed one's reason ("job 9 (lr-sweep) failed after 6m55s using 44.0 Wh: loss is NaN"):
    "how long did each take" of a sweep is answered by the list, and the sentence says what the table's
    "ran for" column does."""
    t = run_time(job, now) if job.state in ENDED else None
    how = "in" if job.state == JobState.SUCCEEDED else "after"
    took = "" if t is None else f" {how} {format_duration(t)}"
    used = "" if joules is None else f" using {energy_text(joules)}"
    reason = f": {job.reason}" if job.state == JobState.FAILED and job.reason else ""
    return f"{label(job)} {state_words(job)}{took}{used}{reason}"


def _in_all(
    ctx: QueryContext,
    found: list[Job],
    now: float,
    measured: list[tuple[float, str] | None],
    window: Window | None = None,
    gpu: int | None = None,
) -> str:
    """What jobs took together: GPU-hours (run time x GPUs, as gpuaccel show counts them) and energy (the
    jobs' recorded energy, all attempts: ``measured``, :func:`reads.job_energy` of each). Jobs found by a
    ``window`` count their whole runs (said so), then what each card (``gpu``: that one) gave them in it."""
    hours = sum(gpu_time(with_events(ctx, j), now) or 0.0 for j in found) / 3600
    joules = sum(e[0] for e in measured if e is not None)
    counted = sum(e is not None for e in measured)
    energy = f" and {energy_exact(joules)}" if counted else ""
    of = f" (energy of {counted} of the {len(found)} jobs)" if 0 < counted < len(found) else ""
    starts = [j.started_at for j in found if j.started_at is not None]
    ends = [j.finished_at for j in found if j.finished_at is not None]
    ran = ""
    if starts:  # the first start and, once every one has ended, the last end
        done = len(ends) == len(found)
        span = (
            f" ({format_duration(max(ends) - min(starts))} from the first start to the last end)"
            if done
            else ""
        )
        ran = f" The first started at {clock(min(starts))}" + (
            f", the last ended at {clock(max(ends))}{span}." if done else "."
        )
    whole = " (their whole runs)" if window is not None else ""
    by_gpu = ""
    if window is not None and not window.instant:
        inside = _inside(ctx, found, now, window, gpu)
        # (not the one card's figure again when all its runs were inside the span)
        again = gpu is not None and gpu_hours_text(inside.get(gpu, 0.0) / 3600) == gpu_hours_text(hours)
        if any(inside.values()) and not again:
            each = ", ".join(f"GPU {g} {gpu_hours_text(s / 3600)}" for g, s in sorted(inside.items()))
            # the cards' sum, as the span's report counts it ("how many GPU-hours today in total")
            both = f"; {gpu_hours_text(sum(inside.values()) / 3600)} together" if len(inside) > 1 else ""
            by_gpu = f" By GPU, {window.label} (runs cut at the span's edges): {each} GPU-hours{both}."
    return f"In all{whole} {gpu_hours_text(hours)} GPU-hours{energy}{of}.{by_gpu}{ran}"


def _inside(
    ctx: QueryContext, found: list[Job], now: float, span: Window, gpu: int | None
) -> dict[int, float]:
    """Each card's GPU-seconds of ``found`` inside ``span``, runs cut at its edges (``gpu``: that card's)."""
    by: dict[int, float] = {}
    for j in found:
        for g, s in gpu_seconds_by_gpu(with_events(ctx, j), span.t0, span.t1, now).items():
            if gpu is None or g == gpu:
                by[g] = by.get(g, 0.0) + s
    return by


RANK_NEXT = 2  # a ranking's sentence names the runners-up after the first, each with its state
_RANKED_STATE = {"succeeded": "successful"}  # "the shortest of the successful jobs"


def job_rank(ctx: QueryContext, q: Query) -> Result:
    """Longest / shortest run, most / least GPU-time (run time x GPUs held), energy, queue wait, first start
    or attempts. Each job named says its state, and a running job's time is its time so far: the "longest
    job" may not have finished. (A reading's peak over each run: :mod:`queries.job_readings`.)"""

    now = ctx.now()
    if q.metric == "energy":
        return _energy_rank(ctx, q)
    if q.metric == "wait":
        return _wait_rank(ctx, q)
    if q.metric == "start":
        return _start_rank(ctx, q)
    if q.metric == "attempts":
        return _attempts_rank(ctx, q)
    # over a span, GPU-time is what each job used inside it (runs cut at its edges), as the span's report and
    # the jobs' "By GPU" sum count it: a run begun the day before does not lead "the most GPU-hours today"
    span = q.window if q.metric == "gpu_time" and q.window is not None and not q.window.instant else None
    if q.metric == "gpu_time":
        jobs = [with_events(ctx, j) for j in select_jobs(ctx, q)]
        if span is None:
            ranked = [(j, gpu_time(j, now)) for j in jobs]
        else:
            inside = ((j, gpu_seconds_in(j, span.t0, span.t1, now, q.gpu)) for j in jobs if j.started_at)
            ranked = [(j, v) for j, v in inside if v > 0.0]
    else:  # the row's run time ranks; the attempts are read only for the jobs the answer names (_run_told)
        ranked = [(j, run_time(j, now)) for j in select_jobs(ctx, q)]
    ranked = [(j, v) for j, v in ranked if v is not None]
    among = f" of the {_RANKED_STATE.get(q.state, q.state)} jobs" if q.state else ""
    if not ranked:
        return Result(
            q, f"No {_RANKED_STATE.get(q.state, q.state) + ' ' if q.state else ''}job has run{filters(q)}."
        )
    ranked.sort(key=lambda jv: jv[1], reverse=q.order != "min")
    best, value = ranked[0]
    what = "GPU-hours" if q.metric == "gpu_time" else "run time"
    # GPU-time in GPU-hours, as every view says it; a run time is its last attempt's, as the job's detail
    # says it, with its attempts' sum beside it for a job that ran more than once
    # (over a span, each job's whole GPU-time beside its part: read once, for the words and the note below)
    whole = {j.id: gpu_seconds_in(j, 0.0, math.inf, now, q.gpu) for j, _ in ranked} if span else {}
    told = (
        (lambda j, v: _gpu_hours(j, v, whole.get(j.id)))
        if q.metric == "gpu_time"
        else lambda j, v: _run_told(with_events(ctx, j), v)
    )
    word = (
        ("most" if q.order != "min" else "least")
        if q.metric == "gpu_time"
        else ("longest" if q.order != "min" else "shortest")
    )
    state = STATE_CLAUSES[best.state]
    head = (
        f"{cap(label(best))} used the {word} GPU-time{among}{filters(q)}: {told(best, value)}"
        f" ({format_duration(value)}{'' if span else ': ' + _gpu_times(best, now)}); {state}."
        if q.metric == "gpu_time"
        else f"{cap(label(best))} ran the {word}{among}{filters(q)}: {told(best, value)}; {state}."
    )
    runners = ranked[1 : 1 + RANK_NEXT]
    if runners:
        head += " Next: " + ", ".join(f"{label(j)} {told(j, v)} ({state_words(j)})" for j, v in runners) + "."
    if q.metric == "gpu_time" and len(ranked) > 1:  # what the ranked jobs took together, as energy says it
        together = gpu_hours_text(sum(v for _, v in ranked) / 3600)
        head += f" Together {together} GPU-hours over the {len(ranked)} jobs."
    if span is not None:
        what = f"GPU-hours {span.label}"
        if any(_cut(v, whole[j.id]) for j, v in ranked):
            head += f" Runs that crossed the span's edges count only their part {span.label}."
    rows = [[j.id, j.name or j.kind, str(j.state), told(j, v)] for j, v in ranked[:10]]
    return Result(q, head, ["job", "name", "state", what], rows, [best.id])


def _energy_cell(job: Job, used: tuple[float, str] | None, so_far: tuple[float, str] | None) -> str | None:
    """A job's energy as its detail's table says it: recorded ("64.8 Wh"), or without a record its GPUs'
    (:func:`_energy_so_far`): so far of a running job."""
    if used is not None:
        return energy_text(used[0])
    if so_far is None:
        return None
    return f"{energy_text(so_far[0])} " + ("so far" if job.state in LIVE else "(its GPUs')")


def _run_told(job: Job, seconds: float) -> str:
    """A ranking's run time: "3m21s, 9m41s over its 3 attempts" of a job read with its events."""
    runs = attempts(job)
    if len(runs) < 2:
        return so_far(job, seconds)
    now = runs[-1].started_at + seconds  # the last attempt's end, or now while it runs
    total = sum(a.run_s(now) for a in runs)
    return f"{so_far(job, seconds)}, {format_duration(total)} over its {len(runs)} attempts"


def side_by_side(ctx: QueryContext, q: Query) -> str:
    """The jobs a comparison names (``q.among``), each with its run time, energy, GPU-hours and queue wait as
    their own answers write them: "compare job 4 and job 5, run time and energy" asks more than one
    measure, and a ranking says only its own."""
    if not q.among:
        return ""
    now = ctx.now()
    found = [with_events(ctx, j) for j in select_jobs(ctx, replace(q, state=None))]
    if len(found) < 2:
        return ""

    def one(j: Job) -> str:
        t = run_time(j, now)
        if t is None:
            return f"{label(j)} has not run (waiting {format_duration(queue_wait(j, now))})"
        used = reads.job_energy(ctx.store, j.id)
        so_far = _energy_so_far(ctx, j, now) if used is None else None  # a running job's, as its detail
        said = [
            f"ran {_run_told(j, t)}",
            _energy_cell(j, used, so_far) or "no recorded energy",
            _gpu_hours(j, gpu_time(j, now) or 0.0),
            f"waited {format_duration(queue_wait(j, now))}",
        ]
        return f"{label(j)} {', '.join(said)} ({state_words(j)})"

    return " Side by side: " + "; ".join(one(j) for j in found) + "."


def queue_wait(job: Job, now: float) -> float:
    """How long a job waited in the queue before its first start, as its record says it ("started at 12:51
    after 53m05s in the queue"); a job that has not started yet: its wait so far."""
    runs = attempts(job)
    return runs[0].waited_s if runs else max(0.0, (job.finished_at or now) - job.created_at)


def _waited(job: Job, now: float) -> str:
    """ "waiting 1h20m so far" of a job that has not started yet (its record and the queue say it alike; a
    job waiting to retry has run, its record says each attempt's wait); "" for one that has started."""
    return "" if job.started_at is not None else f"waiting {format_duration(queue_wait(job, now))} so far"


def _why_waiting(job: Job, now: float) -> str:
    """What a queued job waits for and, before its first start, for how long: the queue's line for it."""
    why = job.waiting_reason or (NO_REASON_YET if job.state == JobState.QUEUED else str(job.state))
    return "; ".join(w for w in (why, _waited(job, now)) if w)


def _wait_rank(ctx: QueryContext, q: Query) -> Result:
    """The job that waited longest (shortest) in the queue before it started, and the mean wait of the
    jobs ranked; a job still waiting counts with its wait so far."""
    now = ctx.now()
    ranked = [(j, queue_wait(j, now)) for j in (with_events(ctx, j) for j in select_jobs(ctx, q))]
    if not ranked:
        return Result(q, f"No job{filters(q)} to rank by its queue wait.")
    ranked.sort(key=lambda jv: jv[1], reverse=q.order != "min")
    (best, wait), word = ranked[0], "longest" if q.order != "min" else "shortest"

    def waited(j: Job, v: float) -> str:
        return format_duration(v) + (" so far" if j.started_at is None and j.finished_at is None else "")

    head = f"{cap(label(best))} waited the {word} in the queue{filters(q)}: {waited(best, wait)}; "
    head += f"{STATE_CLAUSES[best.state]}."
    if runners := ranked[1 : 1 + RANK_NEXT]:
        head += " Next: " + ", ".join(f"{label(j)} {waited(j, v)}" for j, v in runners) + "."
    # the other end where the runners-up stop short of it: "how long did the sweep's jobs wait" asks both
    if len(ranked) > 1 + RANK_NEXT:
        (last, v), other = ranked[-1], "Shortest" if q.order != "min" else "Longest"
        head += f" {other}: {label(last)} {waited(last, v)}."
    total = sum(v for _, v in ranked)
    counted = f"{len(ranked)} job{'s' if len(ranked) != 1 else ''}"
    head += f" Mean wait {format_duration(total / len(ranked))} over {counted}"
    head += f", {format_duration(total)} in all" if len(ranked) > 1 else ""  # ("the total wait")
    still = any(j.started_at is None and j.finished_at is None for j, _ in ranked)
    head += " (a job still waiting counts its wait so far)." if still else "."
    rows = [[j.id, j.name or j.kind, str(j.state), waited(j, v)] for j, v in ranked[:10]]
    return Result(q, head, ["job", "name", "state", "queue wait"], rows, [best.id])


def _start_rank(ctx: QueryContext, q: Query) -> Result:
    """The first job to start (``order`` min; max: the latest) in the span, by its first attempt's start:
    "what was the first job to start today?" (a job started before the span, running into it, is not)."""
    started = [
        (j, runs[0]) for j in (with_events(ctx, j) for j in select_jobs(ctx, q)) if (runs := attempts(j))
    ]
    if q.window is not None:
        started = [(j, r) for j, r in started if q.window.t0 <= r.started_at < q.window.t1]
    if not started:
        return Result(q, f"No job started{filters(q)}.")
    started.sort(key=lambda jr: jr[1].started_at, reverse=q.order == "max")
    (best, run), word = started[0], "first" if q.order != "max" else "last"
    head = f"{cap(label(best))} started {word}{filters(q)}: at {clock(run.started_at)}{_on_gpus(run.gpus)};"
    head += f" {STATE_CLAUSES[best.state]}."
    if runners := started[1 : 1 + RANK_NEXT]:
        each = (f"{label(j)} at {clock(r.started_at)}{_on_gpus(r.gpus)}" for j, r in runners)
        head += " Next: " + ", ".join(each) + "."
    rows = [[j.id, j.name or j.kind, str(j.state), clock(r.started_at), ",".join(map(str, r.gpus)) or "-"]
            for j, r in started[:10]]  # fmt: skip
    return Result(q, head, ["job", "name", "state", "started", "GPUs"], rows, [best.id])


def _gpu_hours(job: Job, seconds: float, whole: float | None = None) -> str:
    """GPU-seconds in GPU-hours as ``gpuaccel show`` and a job's detail write them ("so far": running); a
    span's part of a job's runs with their ``whole`` where it holds only part of them ("0.58 of its 8.50
    GPU-hours": a run crossed its edge)."""
    of = f" of its {gpu_hours_text(whole / 3600)}" if whole is not None and _cut(seconds, whole) else ""
    return f"{gpu_hours_text(seconds / 3600)}{of} GPU-hours" + (" so far" if job.state in LIVE else "")


def _cut(part: float, whole: float) -> bool:
    """Whether a span's GPU-seconds of a job say less than its whole runs', as GPU-hours are written."""
    return gpu_hours_text(part / 3600) != gpu_hours_text(whole / 3600)


def _gpu_times(job: Job, now: float) -> str:
    """How a GPU-time was counted: "1 GPU x 3 min" for one attempt, the attempts for more."""
    runs = attempts(job)
    if len(runs) > 1:
        return f"over its {len(runs)} attempts"
    gpus = len(job.assigned_gpus) or 1  # the value before it says "so far" of a running job
    return f"{gpus} GPU{'s' if gpus != 1 else ''} x {format_duration(run_time(job, now) or 0)}"


def _energy_rank(ctx: QueryContext, q: Query) -> Result:
    """The job that used the most (least) energy over all its attempts, from the daemon's energy events."""
    found = [(j, reads.job_energy(ctx.store, j.id)) for j in select_jobs(ctx, q)]
    ranked = sorted(
        ((j, e[0]) for j, e in found if e is not None), key=lambda jv: jv[1], reverse=q.order != "min"
    )
    if not ranked:
        kind = f"{_RANKED_STATE.get(q.state, q.state)} " if q.state else ""
        return Result(q, f"No {kind}job has a recorded energy{filters(q)}.")
    (best, joules), word = ranked[0], "most" if q.order != "min" else "least"
    state = STATE_CLAUSES[best.state]
    among = f" of the {_RANKED_STATE.get(q.state, q.state)} jobs" if q.state else ""
    head = f"{cap(label(best))} used the {word} energy{among}{filters(q)}: {energy_exact(joules)}; {state}."
    if runners := ranked[1 : 1 + RANK_NEXT]:
        head += " Next: " + ", ".join(f"{label(j)} {energy_exact(v)}" for j, v in runners) + "."
    if len(ranked) > 1:  # "how much energy went into the failed jobs": what the ranked jobs used together
        unknown = len(found) - len(ranked)
        total = energy_exact(sum(v for _, v in ranked))  # (in joules too, as each job's energy is said)
        head += f" Together {total} over the {len(ranked)} jobs"
        head += f" ({unknown} without a recorded energy)." if unknown else "."
    rows = [[j.id, j.name or j.kind, str(j.state), energy_text(v)] for j, v in ranked[:10]]
    return Result(q, head, ["job", "name", "state", "energy"], rows, [best.id])


def _attempts_rank(ctx: QueryContext, q: Query) -> Result:
    """The jobs that were retried (ran more than one attempt), most attempts first, with how each ended; a
    queue answers "was any of them retried?" with these, not with every job's count."""
    chosen = list(select_jobs(ctx, q))
    retried = sorted((j for j in chosen if j.attempt > 1), key=lambda j: (-j.attempt, -j.id))
    if not chosen:
        return Result(q, f"No job{filters(q)}.")
    if not retried:
        once = f"{len(chosen)} job{'s' if len(chosen) != 1 else ''}"
        return Result(q, f"No job{filters(q)} was retried: each of the {once} ran one attempt at most.")
    named = ", ".join(f"{label(j)} {j.attempt} attempts ({state_words(j)})" for j in retried[: RANK_NEXT + 1])
    kind = f" {_RANKED_STATE.get(q.state, q.state)}" if q.state else ""
    head = f"{len(retried)} of the {len(chosen)}{kind} job{'s' if len(chosen) != 1 else ''}{filters(q)}"
    head += f" {'was' if len(retried) == 1 else 'were'} retried: {named}"
    head += f" and {len(retried) - RANK_NEXT - 1} more." if len(retried) > RANK_NEXT + 1 else "."
    rows = [[j.id, j.name or j.kind, str(j.state), j.attempt] for j in retried]
    return Result(
        q, head, ["job", "name", "state", "attempts"], rows, [j.id for j in retried[: RANK_NEXT + 1]]
    )


def failed_in(job: Job, w: Window, gpu: int | None = None) -> bool:
    """Whether a failed or cancelled ``job`` failed inside the span: an attempt of it ended there (on
    ``gpu`` where one is given: a try that failed and was retried counts), or, with no GPU asked, the job
    itself ended there (cancelled before it started). "What failed this morning" is what broke between
    midnight and noon, not a job submitted then that failed after (``job`` read with its events)."""
    ended = [a for a in attempts(job) if a.ended_at is not None and w.t0 <= a.ended_at < w.t1]
    if gpu is not None:
        return any(gpu in a.gpus for a in ended)
    return bool(ended) or (job.finished_at is not None and w.t0 <= job.finished_at < w.t1)


def failures(ctx: QueryContext, q: Query) -> Result:
    """Failed (or, with state cancelled, cancelled) jobs with their reasons and attempts; with a span, those
    that failed in it (:func:`failed_in`)."""

    state = JobState(q.state or JobState.FAILED)
    found = sorted(select_jobs(ctx, q, [state]), key=lambda j: j.finished_at or 0.0, reverse=True)
    verb = "failed" if state == JobState.FAILED else "was cancelled"
    if not found:
        return Result(q, f"No job {verb if state == JobState.FAILED else 'was cancelled'}{filters(q)}.")
    shown = found[:5]
    parts = []
    for j in shown:
        tried = f", {tries(j)}" if state == JobState.FAILED else ""
        t = run_time(j, ctx.now())
        ran = f" after running {format_duration(t)}" if t is not None else " before it started"
        at = f" at {clock(j.finished_at)}" if j.finished_at else ""  # "which one blew up, and when"
        parts.append(f"{cap(label(j))} {verb}{at}{ran}: {j.reason or 'no reason recorded'}{tried}.")
    more = f" {len(found) - len(shown)} more are not listed." if len(found) > len(shown) else ""
    outcome = "failed" if state == JobState.FAILED else "cancelled"
    head = f"{len(found)} job{'s' if len(found) != 1 else ''} {outcome}"
    rows = [
        [j.id, j.name or j.kind, clock(j.finished_at) if j.finished_at else "-", j.reason or "-", j.attempt]
        for j in found
    ]
    return Result(
        q,
        f"{head}{filters(q)}. " + " ".join(parts) + more,
        ["job", "name", "ended at", "reason", "attempt"],
        rows,
        [j.id for j in shown],
    )


def _since(job: Job) -> str:
    """ " since 13:30:00" of a running job: when its current run started ("since when?" of what runs)."""
    return f" since {clock(job.started_at)}," if job.started_at is not None else ""


def queue(ctx: QueryContext, q: Query) -> Result:
    """What runs now, since when (paused jobs too: they keep their GPUs) and what waits (held jobs too),
    with the scheduler's reason for each waiting job."""

    now = ctx.now()
    running = ctx.store.list(states=[JobState.RUNNING], limit=50)
    paused = ctx.store.list(states=[JobState.PAUSED], limit=50)
    waiting = ctx.store.list(states=[JobState.QUEUED, JobState.RETRYING], limit=50, oldest_first=True)
    held = ctx.store.list(states=[JobState.HELD], limit=50, oldest_first=True)
    if q.state == "queued":
        running, paused = [], []
    elif q.state == "running":
        waiting, held = [], []
    parts = []
    if q.state != "queued":
        parts.append(
            f"{len(running)} job{'s' if len(running) != 1 else ''} running"
            + (
                ": "
                + ", ".join(
                    f"{label(j)}{_where(j)}{_since(j)} for {so_far(j, run_time(j, now) or 0)}"
                    for j in running[:5]
                )
                if running
                else ""
            )
            + "."
        )
        if paused:
            listed = ", ".join(f"{label(j)}{_where(j)}" for j in paused[:5])
            parts.append(f"{len(paused)} paused ({PAUSED_WHY}): {listed}.")
    if q.state != "running":
        parts.append(
            f"{len(waiting)} waiting"
            + (
                ": " + "; ".join(f"{label(j)} ({_why_waiting(j, now)})" for j in waiting[:5])
                if waiting
                else ""
            )
            + "."
        )
        if held:
            listed = ", ".join(label(j) for j in held[:5])
            parts.append(f"{len(held)} held ({HELD_WHY}): {listed}.")
    rows = [[j.id, j.name or j.kind, str(j.state), "-"] for j in running + paused]
    rows += [[j.id, j.name or j.kind, str(j.state), j.waiting_reason or "-"] for j in waiting]
    rows += [[j.id, j.name or j.kind, str(j.state), HELD_WHY] for j in held]
    subjects = [j.id for j in (waiting + held)[:5]] or [j.id for j in (running + paused)[:5]]
    return Result(q, cap(" ".join(parts)), ["job", "name", "state", "waiting because"], rows, subjects)


SUMMARY_NAMES = 6  # a summary names its jobs up to this many


def summary(ctx: QueryContext, q: Query) -> Result:
    """What happened in a span: jobs by outcome, failures, the longest run, GPU peaks and means."""

    now = ctx.now()
    w = q.window or last_day(now)
    found = select_jobs(ctx, replace(q, window=w))  # the default span filters too
    by: dict[str, int] = {}
    for j in found:
        by[str(j.state)] = by.get(str(j.state), 0) + 1
    ran = [j for j in found if j.started_at is not None]
    parts = [f"{cap(w.label)}: {len(found)} job{'s' if len(found) != 1 else ''}"]
    if by:
        parts[0] += " (" + ", ".join(f"{n} {s}" for s, n in sorted(by.items())) + ")"
    parts[0] += "."
    if 1 < len(found) <= SUMMARY_NAMES:  # a short span's jobs by name: "what did the machine do?"
        parts.append("They were " + ", ".join(f"{label(j)} {state_words(j)}" for j in found) + ".")
    if ran:
        longest = max(ran, key=lambda j: run_time(j, now) or 0)
        took = so_far(longest, run_time(longest, now) or 0)
        parts.append(f"The longest was {label(longest)} at {took} ({state_words(longest)}).")
    failed = select_jobs(ctx, replace(q, window=w, state=None), [JobState.FAILED])  # those that failed in it
    if failed:
        parts.append(
            "Failed: " + "; ".join(f"{label(j)}: {j.reason or 'no reason'}" for j in failed[:3]) + "."
        )
    running = [j for j in found if j.state == JobState.RUNNING and j.started_at is not None]
    if running and w.t1 >= now:  # a span up to now: what it is still doing, as "what runs now" says it
        said = [
            f"{label(j)} since {clock(j.started_at or now)}{_on_gpus(list(j.assigned_gpus))}" for j in running
        ]
        parts.append("Running now: " + "; ".join(said[:3]) + ".")
    rows: list[list[Any]] = [[s, n] for s, n in sorted(by.items())]
    gpu_rows = [r for r in _gpu_span(ctx, w.t0, w.t1) if q.gpu is None or r[0] == q.gpu]  # the GPU asked
    for gpu, peak, mean in gpu_rows:
        bits = []
        if peak is not None:  # with its moment, as the temperature's own answer over the span says it
            when = history_read.peak_time(ctx.store, gpu, "temperature_c", w.t0, w.t1, float(peak))
            at = "-" if when is None else clock(when[0], seconds=when[1] == "1s")
            bits.append(f"peaked at {FIELD['temperature_c'].text(peak)}{at_words(at)}")
        if mean is not None:
            bits.append(f"averaged {mean:.0f}% utilization")
        if bits:
            parts.append(f"GPU {gpu} {' and '.join(bits)}.")
        units = f"peak {FIELD['temperature_c'].unit} / mean util {FIELD['util_gpu'].unit}"
        rows.append([f"GPU {gpu} {units}", f"{_r(peak)} / {_r(mean)}"])
    if not found and not gpu_rows:
        parts = [f"Nothing ran {w.label} and no GPU history was kept for it."]
    return Result(q, " ".join(parts), ["what", "count"], rows, [j.id for j in failed[:3]])


def _r(v: float | None) -> str:
    return "-" if v is None else f"{v:.0f}"


def _gpu_span(ctx: QueryContext, t0: float, t1: float) -> list[tuple[int, float | None, float | None]]:
    """Per GPU: peak temperature (the finest rows' maximum) and time-weighted mean utilization."""
    stats = history_read.span_stats(ctx.store, t0, t1, fields=("temperature_c", "util_gpu"))
    out = []
    for gpu, st in sorted(stats.items()):
        temp, util = st.get("temperature_c"), st.get("util_gpu")
        out.append((gpu, temp.peak if temp else None, util.mean if util else None))
    return out
