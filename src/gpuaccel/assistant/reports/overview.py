"""The opening paragraph of a report, written from its facts alone.

Why: a report is read first by its first lines. The local model's prose over the facts is checked for
invented numbers but not for sense (the bundled tiny model writes ungrammatical sentences), so the
paragraph a person reads first says in plain sentences what the facts say: every number in it is one of
the facts, rounded as the tables round it.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from gpuaccel.accel.telemetry.fields import FIELD
from gpuaccel.api.durations import format_duration
from gpuaccel.assistant.queries.query import and_list
from gpuaccel.assistant.reports.values import people  # the tables' rounding


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _num(value: float) -> str:
    return people(float(value))


def _were(count: int) -> str:
    return "was" if count == 1 else "were"


def _top(gpus: list[dict[str, Any]], key: str) -> tuple[list[int], str] | None:
    """The GPUs with the highest ``key`` as the tables round it (a tie names them all), and that value."""
    valued = [(g["gpu"], _num(g[key])) for g in gpus if isinstance(g.get(key), int | float)]
    if not valued:
        return None
    best = max(valued, key=lambda gv: float(gv[1]))[1]
    return [gpu for gpu, v in valued if v == best], best


def _gpus_word(gpus: list[int]) -> str:
    return f"GPU {gpus[0]}" if len(gpus) == 1 else f"GPUs {and_list([str(g) for g in gpus])}"


def _jobs_sentence(facts: dict[str, Any]) -> str:
    """How the day's jobs ended: the ones that ran (some may still be going) and those cancelled before
    they started, which did not run."""
    ran = int(facts.get("jobs_run") or 0)
    succeeded, failed = int(facts.get("jobs_succeeded") or 0), int(facts.get("jobs_failed") or 0)
    going = int(facts.get("jobs_unfinished") or 0)
    cancelled = int(facts.get("jobs_cancelled") or 0)
    cancelled_ran = max(0, ran - succeeded - failed - going)
    before = max(0, cancelled - cancelled_ran)
    never = f"{before} {_were(before)} cancelled before {'it' if before == 1 else 'they'} started"
    if not ran:
        return f"On {facts['day']}, no job of the queue ran" + (f"; {never}." if before else ".")
    outcomes = [f"{succeeded} succeeded", f"{failed} failed"]
    if cancelled_ran:
        outcomes.append(f"{cancelled_ran} {_were(cancelled_ran)} cancelled")
    if going:  # a day over: those that ran on it and ended after (or still run) had not finished by its end
        over = dt.date.fromisoformat(str(facts["day"])) < dt.datetime.now(dt.UTC).date()
        yet = f"{'has' if going == 1 else 'have'} not finished yet"
        said = "had not finished by the day's end" if over else yet
        outcomes.append(f"{going} {said}")
    hours = people(float(facts.get("gpu_hours") or 0), "gpu_hours")
    text = f"On {facts['day']}, {_n(ran, 'job')} ran ({hours} GPU-hours): {and_list(outcomes)}"
    return text + (f"; {never.replace(' ', ' more ', 1)}." if before else ".")


def daily_overview(facts: dict[str, Any]) -> str:
    """Jobs of the day and how they ended, GPU-hours, the busiest and the hottest GPU, the energy."""
    sentences = [_jobs_sentence(facts)]
    gpus = [g for g in facts.get("gpus") or [] if isinstance(g, dict)]
    busiest = _top(gpus, "util_avg_pct")
    if busiest:
        ids, value = busiest
        how = "was the busiest, at" if len(ids) == 1 else "were the busiest, each at"
        sentences.append(f"{_gpus_word(ids)} {how} {value} % mean utilization.")
    hottest = _top(gpus, "temp_peak_c")
    if hottest:
        ids, value = hottest
        how = "ran the hottest, peaking" if len(ids) == 1 else "ran the hottest, each peaking"
        sentences.append(f"{_gpus_word(ids)} {how} at {value} {FIELD['temperature_c'].unit}.")
    if not gpus:
        sentences.append("No GPU readings were kept for that day.")
    energy = facts.get("energy")
    total = energy.get("total") if isinstance(energy, dict) else None
    if isinstance(total, str):
        sentences.append(f"The GPUs used {total}.")
    failures = facts.get("failures") or []
    if failures:  # the costliest first (GPU time over all its attempts)
        worst = failures[0]
        tries = f" after {worst['attempts']} attempts" if int(worst.get("attempts") or 1) > 1 else ""
        sentences.append(
            f"The costliest failure was job {worst['job']} ({worst['name']}){tries}, {worst['gpu_time']} of"
            f" GPU time: {worst['reason'] or 'no reason given'}."
        )
    waiting = facts.get("waiting") or []
    if waiting:
        kinds: dict[str, int] = {}
        for w in waiting:
            kinds[w["waiting"]] = kinds.get(w["waiting"], 0) + 1
        said = and_list([f"{n} {how}" for how, n in kinds.items()])
        sentences.append(f"{_n(len(waiting), 'job')} {_were(len(waiting))} waiting at report time ({said}).")
    return " ".join(sentences)


# A job's state as the opening sentence says it (the job report's title keeps the state's own word).
_STATE_WORDS = {
    "succeeded": "succeeded",
    "failed": "failed",
    "cancelled": "was cancelled",
    "running": "is running",
    "paused": "is paused",
    "queued": "is queued",
    "retrying": "is waiting to retry",
    "held": "is held",
}


def job_overview(facts: dict[str, Any]) -> str:
    """What the job is, how it ended (or where it stands) and after how long, on which GPUs."""

    state = str(facts["state"])
    text = f"Job {facts['job']} ({facts['name']}) {_STATE_WORDS.get(state, state)}"
    if facts.get("reason"):
        text += f": {facts['reason']}"
    ran = facts.get("duration_s")
    gpus = facts.get("assigned_gpus")
    on = f" on GPU {gpus}" if gpus and gpus != "none" else " without a GPU"
    if not isinstance(ran, int | float):
        text += " and has not started yet."
    elif state == "running":
        text += f"{on}, for {format_duration(ran)} so far."
    elif state == "paused":
        text += f"{on}, after running for {format_duration(ran)}."
    else:
        text += f", after {format_duration(ran)}{on}."
    attempt = int(facts.get("attempt") or 0)
    if attempt > 1:
        going = state in ("running", "paused", "retrying")
        text += f" This is attempt {attempt}." if going else f" It took {attempt} attempts."
    if facts.get("energy"):
        n = len(str(facts.get("assigned_gpus") or "").split(","))
        where = f" on its {n} GPUs" if n > 1 else ""
        text += f" It used {facts['energy']}{where} ({facts.get('energy_method')})."
    return text
