"""Jobs ranked by a GPU reading over their runs ("job 2 vs job 11 peak temp", "which job ran the hottest
today"): each job's reading is the one ``gpu_reading`` gives over its run, so the ranking and the single
job's answer say the same peak; every other measure of a job ranking is :func:`jobs.job_rank`'s."""

from __future__ import annotations

from dataclasses import replace

from gpuaccel.assistant.queries import jobs as jq
from gpuaccel.assistant.queries.gpu import METRICS, gpu_reading, reading_text
from gpuaccel.assistant.queries.query import Query, QueryContext, Result
from gpuaccel.assistant.queries.spans import last_week

# the readings a job ranking takes: those the history keeps of every GPU, each job by its peak
READ_METRICS = ("temperature", "util", "power", "memory")
_WORDS = {
    "temperature": ("ran the hottest", "ran the coolest"),
    "util": ("ran the busiest", "ran the least busy"),
}


def job_rank(ctx: QueryContext, q: Query) -> Result:
    """:func:`jobs.job_rank`, or for a reading the jobs by its peak over each one's run; the jobs a
    comparison names are then said side by side (:func:`jobs.side_by_side`); the conversation's job among
    them (``q.job``, one side pointed at) stays the answer's job."""
    result = jq.job_rank(ctx, q) if q.metric not in READ_METRICS else _by_reading(ctx, q)
    if q.among:
        result.sentence += jq.side_by_side(ctx, q)
    if q.among and q.job is not None:
        result.subject_jobs = [q.job]  # the conversation's job, compared: still the one "retry it" means
    return result


def _by_reading(ctx: QueryContext, q: Query) -> Result:
    """The jobs by a reading's peak over each one's run (the highest first, ``order`` min: the lowest)."""
    metric = q.metric or "temperature"  # (a metric of READ_METRICS: job_rank sends no other here)
    label = METRICS[metric][1]
    # without a span, the last week's jobs: each is a read of the history, which keeps no older 1 s rows
    q = q if q.window is not None or q.among else replace(q, window=last_week(ctx.now()))
    ranked, skipped = [], []
    for job in (j for j in jq.select_jobs(ctx, q) if j.started_at is not None):
        # its run within the span (a job still running at midnight ran "today" from 00:00), on the GPU said
        read = gpu_reading(ctx, Query("gpu_reading", job=job.id, gpu=q.gpu, metric=metric, window=q.window))
        if not read.rows:  # ran without a GPU, on several (none said), or no history of its run
            skipped.append(jq.label(job))
            continue
        gpu, peak, _, _, mean = read.rows[0]
        # when, at the history's resolution as the job's own reading says it ("in the minute from 07:57")
        moment = read.subject_moments.get(metric)
        when = f" {moment.label}" if moment is not None else ""
        peak_said = read.said_peaks.get(gpu, reading_text(peak, metric))  # as the job's own reading says it
        ranked.append((job, peak, f"{peak_said} on GPU {gpu}{when}, mean {reading_text(mean, metric)}"))
    if not ranked:
        return Result(q, f"No job{jq.filters(q)} ran on a GPU whose {label} history covers its run.")
    ranked.sort(key=lambda r: r[1], reverse=q.order != "min")
    best, _, said = ranked[0]
    most, least = _WORDS.get(metric, (f"had the highest peak {label}", f"had the lowest peak {label}"))
    word = most if q.order != "min" else least
    within = f" {q.window.label}" if q.window is not None and not q.among else ""
    text = f"{jq.cap(jq.label(best))} {word}{jq.filters(q)}: its peak {label} {said} (over its run{within})."
    if len(ranked) > 1:
        text += " Next: " + "; ".join(f"{jq.label(j)} {s}" for j, _, s in ranked[1 : 1 + jq.RANK_NEXT]) + "."
    if skipped:  # at most five named
        more = f" and {len(skipped) - 5} more" if len(skipped) > 5 else ""
        why = "ran without a GPU, on several with none said, or no history covers its run"
        text += f" Not ranked ({why}): {', '.join(skipped[:5])}{more}."
    rows = [[j.id, j.name or j.kind, str(j.state), peak] for j, peak, _ in ranked[:10]]
    return Result(q, text, ["job", "name", "state", f"peak {label}"], rows, [best.id])
