"""The opening paragraph of a report, written from its facts alone.

Why: a report is read first by its first lines. The local model's prose over the facts is checked for
invented numbers but not for sense (the bundled tiny model writes ungrammatical sentences), so the
paragraph a person reads first says in plain sentences what the facts say: every number in it is one of
the facts, rounded as the tables round it.
"""

from __future__ import annotations

from typing import Any


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _num(value: float) -> str:
    from gpuaccel.assistant.reports import people  # the tables' rounding (imported late: it imports us)

    return people(float(value))


def daily_overview(facts: dict[str, Any]) -> str:
    """Jobs of the day and how they ended, GPU-hours, the busiest and the hottest GPU, the energy."""
    ran = int(facts.get("jobs_run") or 0)
    ended = [
        f"{int(facts.get(k) or 0)} {w}"
        for k, w in (("jobs_succeeded", "succeeded"), ("jobs_failed", "failed"))
    ]
    cancelled = int(facts.get("jobs_cancelled") or 0)
    if ran:
        jobs = f"On {facts['day']}, {_n(ran, 'job')} ran: {', '.join(ended)}"
        jobs += f", and {cancelled} cancelled" if cancelled else ""
        jobs += f" ({_num(float(facts.get('gpu_hours') or 0))} GPU-hours)."
    else:
        jobs = f"On {facts['day']}, no job of the queue ran" + (
            f" ({cancelled} cancelled before it started)." if cancelled else "."
        )
    sentences = [jobs]
    gpus = [g for g in facts.get("gpus") or [] if isinstance(g, dict)]
    busy = [g for g in gpus if isinstance(g.get("util_avg_pct"), int | float)]
    if busy:
        top = max(busy, key=lambda g: g["util_avg_pct"])
        sentences.append(
            f"GPU {top['gpu']} was the busiest, at {_num(top['util_avg_pct'])} % mean utilization."
        )
    hot = [g for g in gpus if isinstance(g.get("temp_peak_c"), int | float)]
    if hot:
        top = max(hot, key=lambda g: g["temp_peak_c"])
        sentences.append(f"GPU {top['gpu']} ran the hottest, peaking at {_num(top['temp_peak_c'])} C.")
    if not gpus:
        sentences.append("No GPU readings were kept for that day.")
    energy = facts.get("energy")
    total = energy.get("kwh_total") if isinstance(energy, dict) else None
    if isinstance(total, int | float):
        sentences.append(f"The GPUs used {total:.3f} kWh.")
    failures = facts.get("failures") or []
    if failures:
        first = failures[0]
        sentences.append(
            f"Job {first['job']} ({first['name']}) failed: {first['reason'] or 'no reason given'}."
        )
    return " ".join(sentences)


def job_overview(facts: dict[str, Any]) -> str:
    """What the job is, how it ended and after how long, on which GPUs."""
    from gpuaccel.assistant.queries_jobs import duration

    text = f"Job {facts['job']} ({facts['name']}) {facts['state']}"
    if facts.get("reason"):
        text += f": {facts['reason']}"
    if isinstance(facts.get("duration_s"), int | float):
        text += f", after {duration(facts['duration_s'])}"
    gpus = facts.get("assigned_gpus")
    text += f" on GPU {gpus}." if gpus and gpus != "none" else " without a GPU."
    if int(facts.get("attempt") or 0) > 1:
        text += f" It took {facts['attempt']} attempts."
    return text
