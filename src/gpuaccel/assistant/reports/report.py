"""Daily and per-job reports: facts computed from SQLite, tables, PNG plots, and the model's short summary.

Every number in a report comes from the jobs, events and telemetry-history tables; the model writes only
the summary paragraph, through :func:`~assistant.queries.facts.checked_prose`. Reports are stored (``reports``
table, plots as files beside the database) and exported as Markdown or self-contained HTML.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import re
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gpuaccel.accel.telemetry.fields import FIELD, heading
from gpuaccel.api.jobs import JobState
from gpuaccel.assistant.db import AssistantDB
from gpuaccel.assistant.queries.facts import checked_prose
from gpuaccel.assistant.queries.jobs import clock
from gpuaccel.assistant.queries.logs import LogUnreadable, code_block, read_log, shown_lines
from gpuaccel.assistant.reports.energy import energy_facts, energy_markdown
from gpuaccel.assistant.reports.html import render_html
from gpuaccel.assistant.reports.overview import daily_overview, job_overview
from gpuaccel.assistant.reports.plots import line_chart
from gpuaccel.scheduler.reads import queue as reads
from gpuaccel.scheduler.store.queue import Store

Summarizer = Callable[[str], str]
MIN_POINTS = 5  # a series with fewer readings is not plotted (a job of a few seconds)

REPORT_LOG_LINES = 15  # a job report quotes the end of its log ...
REPORT_LOG_BYTES = 64 << 10  # ... reading at most this much of it, never the whole file


def _day_bounds(day: dt.date) -> tuple[float, float]:
    start = dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC).timestamp()
    return start, start + 86400


def telemetry_stats(rows: list[reads.HistoryRow], step: float) -> list[dict[str, Any]]:
    out: dict[int, dict[str, Any]] = {}
    for r in rows:
        g = out.setdefault(r.gpu, {"gpu": r.gpu, "_u": [], "_t": [], "_temp": [], "_p": [], "_tf": []})
        for key, col in (
            ("_u", "util_gpu"),
            ("_t", "tensor_active"),
            ("_temp", "temperature_c"),
            ("_p", "power_w"),
            ("_tf", "tflops_est"),
        ):
            value = getattr(r, col)
            if value is not None:
                g[key].append(float(value))
    stats = []
    for g in out.values():
        mean = lambda xs: round(sum(xs) / len(xs), 1) if xs else None
        stats.append(
            {
                "gpu": g["gpu"],
                "util_avg_pct": mean(g["_u"]),
                "tensor_avg_pct": mean(g["_t"]),
                "temp_peak_c": max(g["_temp"]) if g["_temp"] else None,
                "energy_kwh": round(sum(g["_p"]) * step / 3.6e6, 3) if g["_p"] else None,
                "tflops_est_avg": mean(g["_tf"]),
                "samples": len(g["_u"]) or len(g["_temp"]),
            }
        )
    return stats


def _tflops_results(job: Any) -> list[tuple[str, float]]:
    res = job.result or {}
    return [(k, float(v)) for k, v in res.items() if "tflops" in k.lower() and isinstance(v, int | float)]


def daily_facts(store: Store, day: dt.date) -> dict[str, Any]:
    t0, t1 = _day_bounds(day)
    jobs = reads.jobs_in_window(store, t0, t1)
    gpu_h = (
        sum(
            max(0.0, min(j.finished_at or time.time(), t1) - max(j.started_at, t0)) * len(j.assigned_gpus)
            for j in jobs
        )
        / 3600
    )
    window = reads.history_window(store, t0, t1)
    gpus = telemetry_stats(window.rows, window.step_s)
    best = sorted(
        (
            {"job": j.id, "name": j.name or j.kind, "metric": k, "tflops": round(v, 1)}
            for j in jobs
            for k, v in _tflops_results(j)
        ),
        key=lambda b: -b["tflops"],
    )[:5]
    return {
        "day": day.isoformat(),
        "jobs_run": len(jobs),
        "jobs_succeeded": sum(j.state == JobState.SUCCEEDED for j in jobs),
        "jobs_failed": sum(j.state == JobState.FAILED for j in jobs),
        "jobs_unfinished": sum(not j.state.finished for j in jobs),  # running, paused or to be retried
        "jobs_cancelled": len(
            [
                j
                for j in store.list(states=[JobState.CANCELLED], limit=100_000)
                if j.finished_at and t0 <= j.finished_at < t1
            ]
        ),
        "failures": [
            {"job": j.id, "name": j.name or j.kind, "reason": j.reason}
            for j in jobs
            if j.state == JobState.FAILED
        ],
        "gpu_hours": round(gpu_h, 2),
        "gpus": gpus,
        "energy": energy_facts(store, t0, t1, gpus),
        "history_resolution_s": window.step_s,
        "throttling": "not kept in telemetry history (throttle reasons are live-only)",
        "best_by_tflops": best,
        "gate_changes": reads.event_count(store, "gate", t0, t1),
    }


def job_facts(store: Store, job_id: int, logs_dir: Path | None) -> dict[str, Any]:
    job = store.get(job_id, with_events=True)
    if job is None:
        raise LookupError(f"no job with id {job_id}")
    end = job.finished_at or time.time()
    window = reads.history_window(store, job.started_at or end, end + 1, job.assigned_gpus or None)
    log_tail: list[str] = []
    if logs_dir is not None:  # read as the chat reads a log: the job's own file only, its lines cleaned
        with contextlib.suppress(LogUnreadable):
            got = read_log(logs_dir, job_id, REPORT_LOG_LINES, REPORT_LOG_BYTES)
            log_tail = shown_lines(got[0], REPORT_LOG_LINES) if got else []
    return {
        "job": job.id,
        "name": job.name or job.kind,
        "kind": job.kind,
        "state": job.state,
        "reason": job.reason,
        "exit_code": job.exit_code,
        "attempt": job.attempt,
        "assigned_gpus": ",".join(map(str, job.assigned_gpus)) or "none",
        "duration_s": round(end - job.started_at, 1) if job.started_at else None,
        "gpu_hours": round((end - job.started_at) * len(job.assigned_gpus) / 3600, 3)
        if job.started_at
        else 0,
        "tflops": dict(_tflops_results(job)),
        "result": job.result or {},
        "telemetry": telemetry_stats(window.rows, window.step_s),
        "events": [e.message for e in job.events or []][-10:],
        "log_tail": log_tail,
    }


# Column and fact names as people read them (a key not listed is shown with its underscores as spaces); a
# reading's unit is the telemetry catalogue's (``Field.unit``), so a table says "°C" as the app does.
HUMAN = {
    "gpu": "GPU",
    "util_avg_pct": heading("mean utilization", FIELD["util_gpu"].unit),
    "tensor_avg_pct": heading("mean tensor activity", FIELD["tensor_active"].unit),
    "temp_peak_c": heading("peak temperature", FIELD["temperature_c"].unit),
    "energy_kwh": "energy (kWh)",
    "kwh": "energy (kWh)",
    "queue_jobs_kwh": "of it, queue jobs (kWh)",
    "queue_jobs": "queue jobs",
    "tflops_est_avg": f"mean {FIELD['tflops_est'].heading}",
    "samples": "samples",
    "tflops": "TFLOP/s",
    "gpu_hours": "GPU-hours",
    "duration_s": "ran for",
    "history_resolution_s": "history resolution (s)",
    "assigned_gpus": "GPUs",
    "exit_code": "exit code",
    "jobs_unfinished": "jobs not finished yet",
}


def human(key: str) -> str:
    return HUMAN.get(key, key.replace("_", " "))


def people(value: Any, key: str = "") -> str:
    """A value rounded for reading: 3 significant digits at most, no trailing zeros, durations in words."""
    from gpuaccel.assistant.queries.jobs import duration

    if value is None:
        return "n/a"
    if key == "duration_s" and isinstance(value, int | float):
        return duration(value)
    if isinstance(value, bool) or not isinstance(value, float):
        return str(value)
    digits = 0 if abs(value) >= 100 else 1 if abs(value) >= 1 else 3
    return f"{value:.{digits}f}".rstrip("0").rstrip(".") if digits else f"{value:.0f}"


def _table(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return "(none)\n"
    cols = list(rows[0])
    out = ["| " + " | ".join(human(c) for c in cols) + " |", "|" + "---|" * len(cols)]
    out += ["| " + " | ".join(people(r[c], c) for c in cols) + " |" for r in rows]
    return "\n".join(out) + "\n"


def facts_text(facts: dict[str, Any]) -> str:
    """One line per scalar fact, for the model's prompt and for people."""
    lines = [f"- {human(k)}: {people(v, k)}" for k, v in facts.items() if isinstance(v, int | float | str)]
    for g in facts.get("telemetry") or facts.get("gpus") or []:
        lines.append(
            "- GPU {gpu}: mean util {u}%, mean tensor activity {t}%, peak {c} {unit}, energy {e} kWh".format(
                gpu=g["gpu"],
                u=people(g["util_avg_pct"]),
                t=people(g["tensor_avg_pct"]),
                c=people(g["temp_peak_c"]),
                unit=FIELD["temperature_c"].unit,
                e=people(g["energy_kwh"]),
            )
        )
    energy = facts.get("energy")
    if isinstance(energy, dict) and energy.get("kwh_total") is not None:
        lines.append(f"- energy of all GPUs: {people(energy['kwh_total'])} kWh")
    return "Facts:\n" + "\n".join(lines)


class ReportService:
    def __init__(
        self,
        db: AssistantDB,
        store: Store,
        reports_dir: Path,
        logs_dir: Path | None = None,
        summarizer: Summarizer | None = None,
    ) -> None:
        self.db, self.store, self.dir, self.logs_dir = db, store, Path(reports_dir), logs_dir
        self.summarizer = summarizer

    def _plots(self, t0: float, t1: float, gpus: list[int] | None) -> list[dict[str, Any]]:
        """Utilization and temperature over clock time; none where fewer than MIN_POINTS readings exist."""
        rows = reads.history_window(self.store, t0, t1, gpus).rows
        if not rows:
            return []
        self.dir.mkdir(parents=True, exist_ok=True)
        plots = []
        for col in ("util_gpu", "temperature_c"):
            reading = FIELD[col]  # its title and unit, as the app's plots name them
            series: dict[str, tuple[list[float], list[float]]] = {}
            for r in rows:
                value = getattr(r, col)
                if value is not None:
                    xs, ys = series.setdefault(f"GPU {r.gpu}", ([], []))
                    xs.append(r.t)
                    ys.append(float(value))
            series = {k: v for k, v in series.items() if len(v[0]) >= MIN_POINTS}
            if not series:
                continue  # too short to draw a line: the tables say it
            png, renderer = line_chart(reading.title, series, "time of day", reading.unit, clock=True)
            name = f"{uuid.uuid4().hex[:12]}-{col}.png"
            (self.dir / name).write_bytes(png)
            lo = min((min(y) for _, y in series.values()), default=0)
            hi = max((max(y) for _, y in series.values()), default=0)
            first = min(min(x) for x, _ in series.values())
            last = max(max(x) for x, _ in series.values())
            span = f"{clock(first)}-{clock(last)}"
            caption = f"{reading.heading}, {', '.join(series)}; range {lo:.0f}-{reading.text(hi)}; {span}"
            plots.append({"file": name, "title": reading.title, "caption": caption, "renderer": renderer})
        return plots

    def _summary(self, facts: dict[str, Any]) -> str:
        if self.summarizer is None:
            return ""
        text = facts_text(facts)
        return checked_prose(self.summarizer(text), set(re.findall(r"\d+(?:\.\d+)?", text)))

    def make_daily(self, day: dt.date | None = None) -> dict[str, Any]:
        day = day or dt.datetime.now(dt.UTC).date()
        facts = daily_facts(self.store, day)
        t0, t1 = _day_bounds(day)
        return self._store(
            "daily", day.isoformat(), f"Daily report {day.isoformat()}", facts, self._plots(t0, t1, None)
        )

    def make_job(self, job_id: int) -> dict[str, Any]:
        facts = job_facts(self.store, job_id, self.logs_dir)
        job = self.store.get(job_id)
        plots = (
            self._plots(job.started_at, (job.finished_at or time.time()) + 1, job.assigned_gpus or None)
            if job.started_at
            else []
        )
        return self._store(
            "job", str(job_id), f"Job {job_id} report ({facts['name']}, {facts['state']})", facts, plots
        )

    def _store(
        self, kind: str, subject: str, title: str, facts: dict[str, Any], plots: list[dict[str, Any]]
    ) -> dict[str, Any]:
        summary = self._summary(facts)
        report = {
            "kind": kind,
            "subject": subject,
            "title": title,
            "facts": facts,
            "summary": summary,
            "plots": plots,
        }
        report["markdown"] = render_markdown(report)
        rid = self.db.add_report(report)
        return self.get(rid) or {}

    def get(self, report_id: int) -> dict[str, Any] | None:
        r = self.db.report(report_id)
        if r is not None:
            r["html"] = render_html(r, self.dir)
        return r

    def list(self) -> list[dict[str, Any]]:
        return self.db.reports()


def render_markdown(r: dict[str, Any]) -> str:
    f = r["facts"]
    out = [f"# {r['title']}", ""]
    out += [daily_overview(f) if r.get("kind") == "daily" else job_overview(f), ""]
    scalars = [
        {"fact": human(k), "value": people(v, k)} for k, v in f.items() if isinstance(v, int | float | str)
    ]
    out += ["## Facts", "", _table(scalars)]
    for key in ("gpus", "telemetry"):
        if key in f:
            out += ["## GPUs (from telemetry history)", "", _table(f[key])]
    if isinstance(f.get("energy"), dict):
        out += energy_markdown(f["energy"], _table)
    for key, title in (("failures", "Failures"), ("best_by_tflops", "Best workloads by TFLOP/s")):
        if key in f:
            out += [f"## {title}", "", _table(f[key])]
    if f.get("log_tail"):
        out += ["## Log tail", "", code_block(f["log_tail"]), ""]
    for p in r.get("plots", []):
        out += [f"![{p['title']}]({p['file']})", "", f"*{p['caption']}*", ""]
    if r.get("summary"):
        out += [
            "## The model's summary",
            "",
            "(written by the local model from the facts above; it stops at the first sentence quoting"
            " a number the facts do not hold)",
            "",
            r["summary"],
            "",
        ]
    return "\n".join(out)
