"""A job's attempts, defined once from its events: when each one waited, started and ended, how it ended
and on which GPUs, so the CLI's ``show``, the assistant's answers and its reports count run time, queue
wait and GPU-hours alike.

The job row keeps only the latest attempt (``started_at``, ``assigned_gpus``; ``finished_at`` is the end of
the attempt before a retry); the events keep every one: each claim writes :func:`started_words` (an older
event that only says ``running`` outside an attempt starts one on the row's GPUs), and the next job event
whose state is not ``running`` or ``paused`` ends it."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from gpuaccel.api.jobs import FINISHED, LIVE, Event, Job, JobState

_STARTED = re.compile(r"started attempt (\d+) (?:on GPU ([\d, ]+)|without a GPU|on the \w+ cluster)")


def started_words(attempt: int, gpus: list[int], mig: str | None, where: str) -> str:
    """The event of a claim: "started attempt 2 on GPU 0, 1" (or without a GPU, on a MIG instance, on a
    cluster); :func:`attempts` reads it back."""
    place = f"on GPU {', '.join(map(str, gpus))}" if gpus else "without a GPU"
    if mig:
        place += f" (MIG instance {mig})"
    if where != "local":
        place = f"on the {where} cluster"
    return f"started attempt {attempt} {place}"


@dataclass(frozen=True)
class Attempt:
    """One run of a job: ``waited_s`` is the time from when it could next start (its submission, the
    previous attempt's end, a retry or a release by hand) to its start; ``ended_at`` None while it runs."""

    number: int
    ready_at: float
    started_at: float
    ended_at: float | None
    outcome: JobState  # the state its end moved the job to; running or paused while it lasts
    why: str  # the ending event's words (the failure reason, "retrying in 5.0 s"), "" while it lasts
    gpus: list[int]

    @property
    def waited_s(self) -> float:
        return max(0.0, self.started_at - self.ready_at)

    def ran_during(self, t0: float, t1: float) -> bool:
        """Whether it ran at some moment of ``[t0, t1)`` (one that ended at ``t0`` counts, as the job rows'
        windows always counted it)."""
        return self.started_at < t1 and (self.ended_at is None or self.ended_at >= t0)

    def run_s(self, now: float) -> float:
        return max(0.0, (self.ended_at if self.ended_at is not None else now) - self.started_at)

    def run_s_in(self, t0: float, t1: float, now: float) -> float:
        """Its run time inside ``[t0, t1]``: a run that crossed an edge counts only its part inside."""
        end = min(self.ended_at if self.ended_at is not None else now, t1, now)
        return max(0.0, end - max(self.started_at, t0))

    def gpu_s(self, now: float) -> float:
        """GPU-seconds: its run time times the GPUs it held (a job without a GPU counts one, as
        ``gpuaccel show`` and the rankings count it)."""
        return self.run_s(now) * max(len(self.gpus), 1)


def attempts(job: Job) -> list[Attempt]:
    """Every attempt of ``job`` in order, from its events (``Store.get(id, with_events=True)``); a job read
    without events, or whose latest start has no event left, has its latest attempt from the row."""
    if job.events is None:
        return [] if job.started_at is None else [_latest(job)]
    out: list[Attempt] = []
    ready, current = job.created_at, None
    waiting = True  # whether ``ready`` is set for the next attempt
    for e in sorted(job.events, key=lambda e: (e.t, e.id)):
        if e.type != "job" or e.state is None:
            continue
        found = _STARTED.match(e.message) if e.state == JobState.RUNNING else None
        if found is not None or (current is None and e.state == JobState.RUNNING):
            if current is not None:  # a start without an end between: the previous one ended there
                out.append(replace(current, ended_at=e.t, outcome=JobState.QUEUED, why="no end recorded"))
            number = int(found[1]) if found else (out[-1].number + 1 if out else 1)
            gpus = _gpus(found[2]) if found and found[2] else [] if found else list(job.assigned_gpus)
            current = Attempt(number, ready, e.t, None, JobState.RUNNING, "", gpus)
            waiting = False
        elif current is not None and e.state not in LIVE:
            out.append(_ended(current, e, JobState(e.state)))
            current, ready, waiting = None, e.t, JobState(e.state) not in FINISHED
        elif current is not None and e.state == JobState.PAUSED:
            current = replace(current, outcome=JobState.PAUSED)
        elif current is not None:
            current = replace(current, outcome=JobState.RUNNING)
        elif not waiting and e.state not in FINISHED:  # queued again by hand after it had ended
            ready, waiting = e.t, True
    if current is not None:
        out.append(current)
    if job.started_at is None:
        return out
    if out and out[-1].number == job.attempt:  # the row is the latest attempt's authority
        last = out[-1]
        end = (
            None if job.state in LIVE else (job.finished_at if job.finished_at is not None else last.ended_at)
        )
        out[-1] = replace(last, started_at=job.started_at, ended_at=end)
    elif not out or out[-1].number < job.attempt:  # its start event is gone (pruned) or was never written
        out.append(_latest(job))
    return out


def _gpus(text: str) -> list[int]:
    return [int(g) for g in text.split(",")]


def _ended(a: Attempt, e: Event, state: JobState) -> Attempt:
    return replace(a, ended_at=e.t, outcome=state, why=e.message)


def _latest(job: Job) -> Attempt:
    assert job.started_at is not None
    live = job.state in LIVE
    return Attempt(
        job.attempt, job.created_at, job.started_at, None if live else job.finished_at,
        job.state, "" if live else (job.reason or ""), list(job.assigned_gpus),
    )  # fmt: skip


def gpu_seconds(job: Job, now: float) -> float:
    """GPU-seconds over all of ``job``'s attempts (a running one up to ``now``)."""
    return sum(a.gpu_s(now) for a in attempts(job))


def gpu_seconds_in(job: Job, t0: float, t1: float, now: float, gpu: int | None = None) -> float:
    """GPU-seconds of ``job`` inside ``[t0, t1]`` (runs cut at the edges), counted as :meth:`Attempt.gpu_s`
    counts them, so a span holding whole runs gives :func:`gpu_seconds`; ``gpu``: that card's alone."""
    return sum(
        a.run_s_in(t0, t1, now) * (max(len(a.gpus), 1) if gpu is None else int(gpu in a.gpus))
        for a in attempts(job)
    )


def gpu_seconds_by_gpu(job: Job, t0: float, t1: float, now: float) -> dict[int, float]:
    """GPU-seconds of ``job``'s attempts inside ``[t0, t1]``, by GPU (a run that crossed an edge counts only
    its part inside): what each card gave the job over a span."""
    out: dict[int, float] = {}
    for a in attempts(job):
        inside = a.run_s_in(t0, t1, now)
        for g in a.gpus:
            out[g] = out.get(g, 0.0) + inside
    return out


def gpu_hours_text(hours: float) -> str:
    """GPU-hours as every view writes them (``gpuaccel show``, the chat, reports): two decimals, so the same
    job's "0.70" is never "0.7" in another view."""
    return f"{hours:.2f}"


def run_seconds(job: Job, now: float) -> float | None:
    """Run time over all attempts; None for a job that never started."""
    found = attempts(job)
    return sum(a.run_s(now) for a in found) if found else None
