"""Daily and per-job reports: facts computed from SQLite, tables, PNG plots, and the model's short summary.

Every number in a report comes from the jobs, events and telemetry-history tables; the model writes only
the summary paragraph, through :class:`~assistant.facts.NumberGuard`. Reports are stored (``reports``
table, plots as files beside the database) and exported as Markdown or self-contained HTML.
"""

from __future__ import annotations

import base64
import datetime as dt
import html
import re
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gpuaccel.assistant.db import AssistantDB
from gpuaccel.assistant.facts import NumberGuard
from gpuaccel.assistant.plots import line_chart
from gpuaccel.scheduler import reads
from gpuaccel.scheduler.logtail import read_tail
from gpuaccel.scheduler.models import JobState
from gpuaccel.scheduler.store import Store

Summarizer = Callable[[str], str]

REPORT_LOG_LINES = 15  # a job report quotes the end of its log ...
REPORT_LOG_BYTES = 64 << 10  # ... reading at most this much of it, never the whole file
REPORT_LINE_CHARS = 500


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
        "failures": [
            {"job": j.id, "name": j.name or j.kind, "reason": j.reason}
            for j in jobs
            if j.state == JobState.FAILED
        ],
        "gpu_hours": round(gpu_h, 2),
        "gpus": telemetry_stats(window.rows, window.step_s),
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
    if logs_dir is not None and (logs_dir / f"job-{job_id}.log").is_file():
        text = read_tail(logs_dir / f"job-{job_id}.log", REPORT_LOG_LINES, REPORT_LOG_BYTES)
        log_tail = [line[:REPORT_LINE_CHARS] for line in text.splitlines()[-REPORT_LOG_LINES:]]
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


def _table(rows: list[dict[str, Any]]) -> str:
    if not rows:
        return "(none)\n"
    cols = list(rows[0])
    out = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
    out += ["| " + " | ".join("n/a" if r[c] is None else str(r[c]) for c in cols) + " |" for r in rows]
    return "\n".join(out) + "\n"


def facts_text(facts: dict[str, Any]) -> str:
    """One line per scalar fact, for the model's prompt and for people."""
    lines = [f"- {k.replace('_', ' ')}: {v}" for k, v in facts.items() if isinstance(v, int | float | str)]
    for g in facts.get("telemetry") or facts.get("gpus") or []:
        lines.append(
            "- GPU {gpu}: mean util {util_avg_pct}%, mean tensor activity {tensor_avg_pct}%, peak "
            "{temp_peak_c} C, energy {energy_kwh} kWh".format(**g)
        )
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
        rows = reads.history_window(self.store, t0, t1, gpus).rows
        if not rows:
            return []
        self.dir.mkdir(parents=True, exist_ok=True)
        plots = []
        for col, title, unit in (("util_gpu", "GPU utilization", "%"), ("temperature_c", "Temperature", "C")):
            series: dict[str, tuple[list[float], list[float]]] = {}
            for r in rows:
                value = getattr(r, col)
                if value is not None:
                    xs, ys = series.setdefault(f"GPU {r.gpu}", ([], []))
                    xs.append((r.t - t0) / 3600)
                    ys.append(float(value))
            png, renderer = line_chart(title, series, "hours since start", unit)
            name = f"{uuid.uuid4().hex[:12]}-{col}.png"
            (self.dir / name).write_bytes(png)
            lo = min((min(y) for _, y in series.values()), default=0)
            hi = max((max(y) for _, y in series.values()), default=0)
            caption = f"{title} ({unit}), {', '.join(series)}; range {lo:.0f}-{hi:.0f} {unit}; x: hours"
            plots.append({"file": name, "title": title, "caption": caption, "renderer": renderer})
        return plots

    def _summary(self, facts: dict[str, Any]) -> str:
        if self.summarizer is None:
            return ""
        text = facts_text(facts)
        guard = NumberGuard(set(re.findall(r"\d+(?:\.\d+)?", text)))
        return (guard.feed(self.summarizer(text)) + guard.flush()).strip()

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
    scalars = [
        {"fact": k.replace("_", " "), "value": v} for k, v in f.items() if isinstance(v, int | float | str)
    ]
    out += ["## Facts", "", _table(scalars)]
    for key in ("gpus", "telemetry"):
        if key in f:
            out += ["## GPUs (from telemetry history)", "", _table(f[key])]
    for key, title in (("failures", "Failures"), ("best_by_tflops", "Best workloads by TFLOP/s")):
        if key in f:
            out += [f"## {title}", "", _table(f[key])]
    if f.get("log_tail"):
        out += ["## Log tail", "", "```", *f["log_tail"], "```", ""]
    for p in r.get("plots", []):
        out += [f"![{p['title']}]({p['file']})", "", f"*{p['caption']}*", ""]
    if r.get("summary"):
        out += [
            "## The model's summary",
            "",
            "(written by the local model from the facts above; numbers not in"
            " the facts are masked as (?))",
            "",
            r["summary"],
            "",
        ]
    return "\n".join(out)


def render_html(r: dict[str, Any], plots_dir: Path) -> str:
    """Self-contained HTML: tables from the Markdown, plots embedded as data URIs."""
    body = []
    in_table = in_code = False
    for line in r["markdown"].splitlines():
        if in_table and not line.startswith("|"):
            body.append("</table>")
            in_table = False
        if line.startswith("```"):
            body.append("</pre>" if in_code else "<pre>")
            in_code = not in_code
        elif in_code:
            body.append(html.escape(line))
        elif line.startswith("|"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if set("".join(cells)) <= {"-"}:
                continue
            tag = "td" if in_table else "th"
            body.append(
                ("" if in_table else "<table>")
                + "<tr>"
                + "".join(f"<{tag}>{html.escape(c)}</{tag}>" for c in cells)
                + "</tr>"
            )
            in_table = True
            continue
        elif line.startswith("!["):
            name = line[line.index("(") + 1 : -1]
            path = plots_dir / Path(name).name
            if path.is_file():
                data = base64.b64encode(path.read_bytes()).decode()
                body.append(f'<img alt="plot" src="data:image/png;base64,{data}">')
        elif line.startswith("#"):
            level = len(line) - len(line.lstrip("#"))
            body.append(f"<h{level}>{html.escape(line.lstrip('#').strip())}</h{level}>")
        elif line.strip():
            body.append(f"<p>{html.escape(line.strip('*'))}</p>")
    if in_table:
        body.append("</table>")
    style = (
        "body{font-family:sans-serif;max-width:900px}table{border-collapse:collapse}"
        "td,th{border:1px solid #ccc;padding:2px 6px}"
    )
    head = f"<meta charset='utf-8'><title>{html.escape(r['title'])}</title><style>{style}</style>"
    return f"<!doctype html><html><head>{head}</head><body>{''.join(body)}</body></html>"
