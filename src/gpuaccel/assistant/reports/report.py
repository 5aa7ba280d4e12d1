"""Daily and per-job reports: facts computed from SQLite, tables, PNG plots, and the model's short summary.

Every number in a report comes from the jobs, events and telemetry-history tables; the model writes only
the summary section (:mod:`assistant.reports.summary`), shown only as far as the checks of
:mod:`assistant.prose_checks` pass. Reports are stored (``reports`` table, plots as files beside the
database) and exported as Markdown or self-contained HTML.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import math
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gpuaccel.accel.telemetry.fields import FIELD, energy_text
from gpuaccel.api.attempts import gpu_seconds, gpu_seconds_by_gpu
from gpuaccel.api.durations import format_duration
from gpuaccel.api.jobs import Job, JobState
from gpuaccel.assistant.db import AssistantDB
from gpuaccel.assistant.prose_checks import Checked, check_free, sentences
from gpuaccel.assistant.queries.jobs import clock, failed_in, gpus_energy
from gpuaccel.assistant.queries.log_files import LogUnreadable, code_block, read_log, shown_lines
from gpuaccel.assistant.queries.query import NUMBER, Window
from gpuaccel.assistant.reports.energy import energy_facts, energy_markdown
from gpuaccel.assistant.reports.html import render_html, self_contained_markdown
from gpuaccel.assistant.reports.overview import daily_overview, job_overview
from gpuaccel.assistant.reports.plots import Band, line_chart
from gpuaccel.assistant.reports.summary import Writer, free_prompt, slotted_summary
from gpuaccel.assistant.reports.values import human, people
from gpuaccel.scheduler.reads import history as history_read
from gpuaccel.scheduler.reads import queue as reads
from gpuaccel.scheduler.store.queue import Store

MIN_POINTS = 5  # a series with fewer readings is not plotted (a job of a few seconds)
PLOTTED = ("util_gpu", "temperature_c")
REPORTED = ("util_gpu", "tensor_active", "temperature_c", "tflops_est")  # the GPU table's readings
PLOT_BINS = 720  # a day's plot: one point per 2 min (its band spans the 1 s rows' lowest to highest)
# Fixed axes, so two reports' plots compare at a glance: utilization 0-100 %, temperature from 0 °C (the top
# grows past 100 °C only for a hotter reading).
Y_RANGE = {"util_gpu": (0.0, 100.0), "temperature_c": (0.0, 100.0)}


def plot_series(history: history_read.History, col: str, bin_s: float) -> dict[str, Band]:
    """Per GPU, one reading's bins of ``bin_s`` seconds as a :class:`~assistant.reports.plots.Band`; a gap in
    the history (over two bins or rows) is a NaN, so no line is drawn across hours without readings."""
    out: dict[str, Band] = {}
    nan = float("nan")
    for r in history.rows:
        mean = r.mean.get(col)
        if mean is None:
            continue
        band = out.setdefault(f"GPU {r.gpu}", Band([], [], [], []))
        gap = 2.0 * max(bin_s, history_read.TABLES[r.resolution][1])
        if band.t and r.t - band.t[-1] > gap:
            band.t.append(band.t[-1] + bin_s)
            for values in (band.mean, band.low, band.high):
                values.append(nan)
        band.t.append(r.t)
        band.mean.append(float(mean))
        low, high = r.low.get(col), r.high.get(col)
        band.low.append(float(mean if low is None else low))
        band.high.append(float(mean if high is None else high))
    return out


REPORT_LOG_LINES = 15  # a job report quotes the end of its log ...
REPORT_LOG_BYTES = 64 << 10  # ... reading at most this much of it, never the whole file


def _day_bounds(day: dt.date) -> tuple[float, float]:
    start = dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC).timestamp()
    return start, start + 86400


def telemetry_stats(
    store: Store, t0: float, t1: float, gpus: list[int] | None = None
) -> tuple[list[dict[str, Any]], list[history_read.Energy]]:
    """Per GPU over [t0, t1): mean utilization and tensor activity (weighted by time), peak temperature (the
    finest rows' maximum), energy (the energy counter's deltas) and the resolution they were read at; and
    the energies with their methods, for the energy section."""
    stats = history_read.span_stats(store, t0, t1, gpus, REPORTED)
    energies = history_read.energy(store, t0, t1, gpus)
    joules = {e.gpu: e.joules for e in energies}
    out = []
    for gpu, st in stats.items():

        def get(key: str, what: str, st: dict[str, history_read.Stat] = st) -> float | None:
            value = getattr(st[key], what) if key in st else None
            return None if value is None else round(float(value), 1)

        resolutions = {s.resolution for s in st.values()}
        out.append(
            {
                "gpu": gpu,
                "util_avg_pct": get("util_gpu", "mean"),
                "tensor_avg_pct": get("tensor_active", "mean"),
                "temp_peak_c": get("temperature_c", "peak"),
                "energy": energy_text(joules[gpu]) if joules.get(gpu) is not None else None,
                "tflops_est_avg": get("tflops_est", "mean"),
                "resolution": "; ".join(sorted(resolutions)) or None,
            }
        )
    return out, energies


def _tflops_results(job: Any) -> list[tuple[str, float]]:
    res = job.result or {}
    return [(k, float(v)) for k, v in res.items() if "tflops" in k.lower() and isinstance(v, int | float)]


def failures(store: Store, jobs: list[Job], now: float, span: Window) -> list[dict[str, Any]]:
    """The jobs that failed in ``span`` (:func:`queries.jobs.failed_in`, as the chat's failures of a span
    read it: not one that ran then and failed the day after), the costliest first (GPU time over all
    attempts): the headline is the failure that cost most, not the oldest."""
    rows = []
    for j in jobs:
        if j.state != JobState.FAILED or not failed_in(j, span):
            continue
        cost = gpu_seconds(j, now)  # every attempt: jobs_in_window reads the jobs with their events
        rows.append(
            {"job": j.id, "name": j.name or j.kind, "attempts": max(j.attempt, 1),
             "gpu_time": format_duration(cost), "reason": j.reason, "_cost": cost}
        )  # fmt: skip
    rows.sort(key=lambda r: (-r["_cost"], r["job"]))
    return [{k: v for k, v in r.items() if k != "_cost"} for r in rows]


WAITING_STATES = (JobState.QUEUED, JobState.HELD, JobState.RETRYING)


def waiting_jobs(store: Store) -> list[dict[str, Any]]:
    """Jobs not started now: queued, held, waiting to retry or on a dependency, and why (the queue's
    reason)."""
    out = []
    for j in store.list(states=list(WAITING_STATES), limit=100_000):
        if j.state == JobState.HELD:
            how = "held"
        elif j.state == JobState.RETRYING:
            how = "waiting to retry"
        elif j.depends_on or j.after_any or j.after_notok:
            how = "waiting on a dependency"
        else:
            how = "queued"
        out.append({"job": j.id, "name": j.name or j.kind, "waiting": how, "why": j.waiting_reason or "-"})
    return sorted(out, key=lambda r: r["job"])


def _ended_by(job: Job, t1: float) -> bool:
    """Whether ``job`` had ended by ``t1``: one that ran on a day and ended the next was still going then."""
    return job.state.finished and job.finished_at is not None and job.finished_at < t1


def daily_facts(store: Store, day: dt.date) -> dict[str, Any]:
    t0, t1 = _day_bounds(day)
    now = time.time()
    jobs = reads.jobs_in_window(store, t0, t1)
    gpu_h = sum(sum(gpu_seconds_by_gpu(j, t0, t1, now).values()) for j in jobs) / 3600
    gpus, energies = telemetry_stats(store, t0, t1)
    best = sorted(
        (
            {"job": j.id, "name": j.name or j.kind, "metric": k, "tflops": round(v, 1)}
            for j in jobs
            for k, v in _tflops_results(j)
        ),
        key=lambda b: -b["tflops"],
    )[:5]
    waiting = waiting_jobs(store)
    failed = failures(store, jobs, now, Window(t0, t1, f"on {day.isoformat()}"))
    broke = {f["job"] for f in failed}
    return {  # the day's jobs by how they stood at its end: succeeded, failed or cancelled in it, or going
        "day": day.isoformat(),
        "jobs_run": len(jobs),
        "jobs_succeeded": sum(j.state == JobState.SUCCEEDED and _ended_by(j, t1) for j in jobs),
        "jobs_failed": len(failed),
        "jobs_unfinished": sum(j.id not in broke and not _ended_by(j, t1) for j in jobs),  # still going then
        "jobs_cancelled": len(
            [
                j
                for j in store.list(states=[JobState.CANCELLED], limit=100_000)
                if j.finished_at and t0 <= j.finished_at < t1
            ]
        ),
        "jobs_waiting": len(waiting),
        "failures": failed,
        "waiting": waiting,
        "gpu_hours": round(gpu_h, 2),
        "gpus": gpus,
        "energy": energy_facts(store, t0, t1, energies),
        "history_resolution": "; ".join(sorted({str(g["resolution"]) for g in gpus if g["resolution"]}))
        or "no history that day",
        "throttling": "not kept in telemetry history (throttle reasons are live-only)",
        "best_by_tflops": best,
        "gate_changes": reads.event_count(store, "gate", t0, t1),
    }


def job_energy(store: Store, job: Job, now: float) -> tuple[str | None, str]:
    """The job's energy as ``gpuaccel show`` lists it (its ``energy`` events, from NVML's energy counter while
    it held its GPUs) and how it was measured; for a job without them, its GPUs' energy while it ran, as the
    chat tells it (:func:`queries.jobs.gpus_energy`)."""
    recorded = reads.job_energy(store, job.id)
    if recorded is not None:
        return energy_text(recorded[0]), recorded[1]
    if not job.assigned_gpus:
        return None, "no GPU"
    got = gpus_energy(store, job, now)
    if got is None:
        return None, "no energy counter or power readings while it ran"
    joules, gpus, how = got
    return energy_text(joules), f"no energy recorded for the job: the energy of {gpus} while it ran ({how})"


def job_facts(store: Store, job_id: int, logs_dir: Path | None) -> dict[str, Any]:
    job = store.get(job_id, with_events=True)
    if job is None:
        raise LookupError(f"no job with id {job_id}")
    end = job.finished_at or time.time()
    start = job.started_at or end
    gpus, _ = (
        telemetry_stats(store, start, end + 1, job.assigned_gpus or None) if job.started_at else ([], [])
    )
    energy, method = job_energy(store, job, end)
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
        "energy": energy,
        "energy_method": method,
        "tflops": dict(_tflops_results(job)),
        "result": job.result or {},
        "telemetry": gpus,
        "events": [e.message for e in job.events or []][-10:],
        "log_tail": log_tail,
    }


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
            "- GPU {gpu}: mean util {u}%, mean tensor activity {t}%, peak {c} {unit}, energy {e}".format(
                gpu=g["gpu"],
                u=people(g["util_avg_pct"]),
                t=people(g["tensor_avg_pct"]),
                c=people(g["temp_peak_c"]),
                unit=FIELD["temperature_c"].unit,
                e=people(g["energy"]),
            )
        )
    energy = facts.get("energy")
    if isinstance(energy, dict) and energy.get("total") is not None:
        lines.append(f"- energy of all GPUs: {energy['total']}")
    return "Facts:\n" + "\n".join(lines)


class ReportService:
    def __init__(
        self,
        db: AssistantDB,
        store: Store,
        reports_dir: Path,
        logs_dir: Path | None = None,
        writer: Callable[[], Writer | None] | None = None,
    ) -> None:
        self.db, self.store, self.dir, self.logs_dir = db, store, Path(reports_dir), logs_dir
        self.writer = writer  # the model that writes summaries now (None: none does)

    def _plots(
        self, t0: float, t1: float, gpus: list[int] | None, whole: bool = False
    ) -> list[dict[str, Any]]:
        """Utilization and temperature over clock time, on fixed axes (``whole``: x spans all of [t0, t1),
        a daily report's day), from the finest rows; none where fewer than MIN_POINTS readings exist."""
        bin_s = max(1.0, (t1 - t0) / PLOT_BINS)
        history = history_read.read_history(self.store, t0, t1, gpus, bin_s=bin_s, fields=PLOTTED)
        if not history.rows:
            return []
        self.dir.mkdir(parents=True, exist_ok=True)
        plots = []
        for col in PLOTTED:
            reading = FIELD[col]  # its title and unit, as the app's plots name them
            series = plot_series(history, col, bin_s)
            series = {k: v for k, v in series.items() if sum(y == y for y in v.mean) >= MIN_POINTS}
            if not series:
                continue  # too short to draw a line: the tables say it
            lo = min(min(y for y in v.low if y == y) for v in series.values())
            hi = max(max(y for y in v.high if y == y) for v in series.values())
            y_range = (Y_RANGE[col][0], max(Y_RANGE[col][1], math.ceil((hi + 1) / 10) * 10))
            png, renderer = line_chart(
                reading.title, series, "time of day", reading.unit, clock=True, y_range=y_range,
                x_range=(t0, t1) if whole else None,
            )  # fmt: skip
            name = f"{uuid.uuid4().hex[:12]}-{col}.png"
            (self.dir / name).write_bytes(png)
            first = min(min(v.t) for v in series.values())
            last = max(max(v.t) for v in series.values())
            caption = (
                f"{reading.heading}, {', '.join(series)}; range {lo:.0f}-{reading.text(hi)};"
                f" {clock(first, seconds=False)}-{clock(last, seconds=False)};"
                f" line: mean of each {format_duration(bin_s)}, band: lowest to"
                f" highest reading; axis {y_range[0]:.0f}-{reading.text(y_range[1])};"
                f" history at {history.resolution}"
            )
            plots.append({"file": name, "title": reading.title, "caption": caption, "renderer": renderer})
        return plots

    def _summary(self, facts: dict[str, Any]) -> tuple[Checked, Writer | None]:
        """The model's summary after its checks, and who wrote it (none: no model writes summaries)."""
        writer = self.writer() if self.writer is not None else None
        if writer is None:
            return Checked(), None
        if writer.kind == "slots":
            return slotted_summary(facts, writer), writer
        text = facts_text(facts)
        return check_free(writer.generate(free_prompt(text), None), set(NUMBER.findall(text))), writer

    def make_daily(self, day: dt.date | None = None) -> dict[str, Any]:
        day = day or dt.datetime.now(dt.UTC).date()
        facts = daily_facts(self.store, day)
        t0, t1 = _day_bounds(day)
        return self._store(
            "daily",
            day.isoformat(),
            f"Daily report {day.isoformat()}",
            facts,
            self._plots(t0, t1, None, whole=True),
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
        summary, writer = self._summary(facts)
        report = {
            "kind": kind,
            "subject": subject,
            "title": title,
            "facts": facts,
            "summary": summary.text,
            "plots": plots,
        }
        report["markdown"] = render_markdown(report, summary_note(summary, writer))
        rid = self.db.add_report(report)
        return self.get(rid) or {}

    def get(self, report_id: int) -> dict[str, Any] | None:
        r = self.db.report(report_id)
        if r is not None:
            r["html"] = render_html(r, self.dir)
        return r

    def export(self, report_id: int, fmt: str) -> str | None:
        """The stored report as one self-contained file: "html", or "md" with its plots as data URIs (what
        ``gpuaccel report > r.md`` writes); None when there is no such report."""
        r = self.db.report(report_id)
        if r is None:
            return None
        return render_html(r, self.dir) if fmt == "html" else self_contained_markdown(r, self.dir)

    def list(self) -> list[dict[str, Any]]:
        return self.db.reports()


def summary_note(checked: Checked, writer: Writer | None) -> str:
    """What the model's summary is, said under its heading: who wrote it, how its values got there, and how
    many of its sentences the checks dropped."""
    if writer is None or not checked.text:
        return ""
    kept = len(sentences(checked.text))
    n = len(checked.dropped)
    dropped = f"; {n} more failed them and {'is' if n == 1 else 'are'} not shown" if n else ""
    if writer.kind == "slots":
        how = "it wrote no value: each is filled in from the facts"
        checks = "the slot, claim and English checks"
    else:
        how = "it wrote its own numbers, each one found in the facts"
        checks = "the number and English checks"
    passed = f"{kept} sentence{'s'[: kept != 1]} passed {checks}"
    return f"(written by the local model {writer.model} from this report's facts; {how}; {passed}{dropped})"


def render_markdown(r: dict[str, Any], note: str = "") -> str:
    f = r["facts"]
    out = [f"# {r['title']}", ""]
    out += [daily_overview(f) if r.get("kind") == "daily" else job_overview(f), ""]
    if r.get("summary"):  # under the facts' own paragraph, with what it is said first
        out += [
            "## The model's summary",
            "",
            note or "(written by the local model from the facts)",
            "",
            r["summary"],
            "",
        ]
    scalars = [
        {"fact": human(k), "value": people(v, k)} for k, v in f.items() if isinstance(v, int | float | str)
    ]
    out += ["## Facts", "", _table(scalars)]
    for key in ("gpus", "telemetry"):
        if key in f:
            out += ["## GPUs (from telemetry history)", "", _table(f[key])]
    if isinstance(f.get("energy"), dict):
        out += energy_markdown(f["energy"], _table)
    sections = (
        ("failures", "Failures (the costliest first)"),
        ("waiting", "Waiting now"),
        ("best_by_tflops", "Best workloads by TFLOP/s"),
    )
    for key, title in sections:
        if key in f:
            out += [f"## {title}", "", _table(f[key])]
    if f.get("log_tail"):
        out += ["## Log tail", "", code_block(f["log_tail"]), ""]
    for p in r.get("plots", []):
        out += [f"![{p['title']}]({p['file']})", "", f"*{p['caption']}*", ""]
    return "\n".join(out)
