"""The details pane of the selected job: its fields and events, the live log tail, and the telemetry of
its GPUs over its lifetime (utilization and TFLOP/s from the daemon's history)."""

from __future__ import annotations

import json
import math
import shlex
import time
from typing import Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtGui import QFont, QTextCursor
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QTabWidget, QVBoxLayout, QWidget

from gpuaccel.accel.telemetry.fields import FIELD
from gpuaccel.api.jobs import WAITING
from gpuaccel.app.gui.axes import ClockAxis
from gpuaccel.app.gui.plot_title import install_title
from gpuaccel.app.gui.telemetry_model import with_gaps
from gpuaccel.app.gui.theme import Theme, current, gpu_color, theme_manager
from gpuaccel.app.gui.values import as_float, fmt_duration, fmt_time

# The job's stored telemetry, each plot headed as the history export heads the same column.
TELEMETRY_FIELDS = tuple((key, FIELD[key].heading) for key in ("util_gpu", "tflops_est", "power_w"))


def _attempt(job: dict[str, Any]) -> str:
    """As the daemon counts it (``attempts_allowed``: a retry by hand gives a fresh budget)."""
    allowed = job.get("attempts_allowed")
    return f"attempt {job.get('attempt')}" + (f" of {allowed}" if allowed else "")


def describe_job(job: dict[str, Any]) -> str:
    """A plain-text summary: what it runs, where, when, and how it ended."""
    lines = [f"Job {job.get('id')} · {job.get('name') or job.get('kind')} · {job.get('state')}"]
    if job.get("kind") == "command":
        lines.append("command: " + shlex.join(str(a) for a in job.get("argv") or []))
    else:
        lines.append(f"kind: {job.get('kind')}  spec: {json.dumps(job.get('spec') or {})}")
    gpus = job.get("assigned_gpus") or job.get("gpu_ids") or []
    lines.append(
        f"priority {job.get('priority')} · GPUs requested {job.get('gpus')} · assigned {gpus or '—'}"
        f" · {_attempt(job)}"
    )
    started, finished = job.get("started_at"), job.get("finished_at")
    end = finished or (time.time() if started else None)
    lines.append(
        f"created {fmt_time(job.get('created_at'))} · started {fmt_time(started)} · "
        f"finished {fmt_time(finished)} · ran {fmt_duration(end - started if started and end else None)}"
    )
    if job.get("waiting_reason") and job.get("state") in WAITING:
        lines.append(f"waiting: {job['waiting_reason']}")
    if job.get("reason"):
        lines.append(f"reason: {job['reason']}")
    if job.get("exit_code") is not None:
        lines.append(f"exit code: {job['exit_code']}")
    if job.get("result"):
        lines.append("result: " + json.dumps(job["result"], default=str)[:800])
    events = job.get("events") or []
    if events:
        lines.append("")
        lines.append("events:")
        lines.extend(f"  {fmt_time(e.get('t'))}  {event_text(e)}" for e in events[-30:])
    return "\n".join(lines)


def event_text(event: dict[str, Any]) -> str:
    """An event as a line: its state (or type) and its message, the word said once when the message
    starts with it (an energy event read "energy energy 812 J on GPU 0 ...")."""
    label = str(event.get("state") or event.get("type") or "")
    message = str(event.get("message") or "")
    if not label or message.split(" ", 1)[0].rstrip(":").lower() == label.lower():
        return message or label
    return f"{label}  {message}".rstrip()


class JobDetails(QTabWidget):
    """Summary, log and telemetry tabs for one job; fed by the worker's jobDetails/jobLog/jobTelemetry."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.job_id: int | None = None
        mono = QFont("monospace")
        mono.setStyleHint(QFont.StyleHint.Monospace)
        self.summary = QPlainTextEdit()
        self.summary.setReadOnly(True)
        self.summary.setObjectName("jobSummary")
        self.log = QPlainTextEdit()
        self.log.setReadOnly(True)
        self.log.setFont(mono)
        self.log.setObjectName("jobLog")
        self.log.setMaximumBlockCount(5000)
        telemetry = QWidget()
        tl = QVBoxLayout(telemetry)
        tl.setContentsMargins(0, 0, 0, 0)
        self.telemetry_note = QLabel("Select a job that has run to see its GPUs' telemetry.")
        self.telemetry_note.setWordWrap(True)
        self.telemetry_plots = pg.GraphicsLayoutWidget()
        self._tplots: dict[str, pg.PlotItem] = {}
        for col, (key, _) in enumerate(TELEMETRY_FIELDS):  # side by side: each gets the pane's height
            axis = {"bottom": ClockAxis(orientation="bottom")}
            plot = self.telemetry_plots.addPlot(row=0, col=col, axisItems=axis)
            plot.setClipToView(True)
            plot.setDownsampling(auto=True, mode="peak")
            plot.setMouseEnabled(x=False, y=False)
            plot.setMenuEnabled(False)
            plot.hideButtons()
            plot.showGrid(x=True, y=True, alpha=0.4)
            plot.getAxis("left").setWidth(44)
            install_title(plot)  # titles never widen a column: the three plots share the pane's width
            self._tplots[key] = plot
        first = self._tplots[TELEMETRY_FIELDS[0][0]]
        for plot in self._tplots.values():
            if plot is not first:
                plot.setXLink(first)
        self.apply_theme(current())
        theme_manager().changed.connect(self.apply_theme)
        tl.addWidget(self.telemetry_note)
        tl.addWidget(self.telemetry_plots, 1)
        self.addTab(self.summary, "Summary")
        self.addTab(self.log, "Log")
        self.addTab(telemetry, "Telemetry")
        self.show_job(None)

    def apply_theme(self, theme: Theme) -> None:
        self.telemetry_plots.setBackground(theme.bg)
        for key, title in TELEMETRY_FIELDS:
            plot = self._tplots[key]
            plot.getViewBox().setBackgroundColor(theme.field)
            for side in ("left", "bottom"):
                plot.getAxis(side).setPen(pg.mkPen(theme.grid))
                plot.getAxis(side).setTextPen(pg.mkPen(theme.muted))
            plot.titleLabel.show_title(title, theme.strong)

    def show_job(self, job: dict[str, Any] | None) -> None:
        if job is None:
            self.job_id = None
            self.summary.setPlainText("Select a job to see its details, log and telemetry.")
            self.log.setPlainText("")
            for plot in self._tplots.values():
                plot.clear()
            return
        if job.get("id") != self.job_id:
            self.job_id = int(job["id"])
            self.log.setPlainText("(loading the log…)")
            for plot in self._tplots.values():
                plot.clear()
            self.telemetry_note.setText("Loading telemetry…" if job.get("started_at") else "Not started yet.")
        self.summary.setPlainText(describe_job(job))

    def show_log(self, job_id: int, text: str | None, error: str) -> None:
        if job_id != self.job_id:
            return
        if text is None:
            self.log.setPlainText(f"(log not available: {error})")
            return
        if text == self.log.toPlainText():
            return
        bar = self.log.verticalScrollBar()
        at_end = bar.value() >= bar.maximum() - 2
        self.log.setPlainText(text or "(the log is empty so far)")
        if at_end:
            self.log.moveCursor(QTextCursor.MoveOperation.End)
            bar.setValue(bar.maximum())

    def show_telemetry(self, job_id: int, per_gpu: dict[int, Any]) -> None:
        if job_id != self.job_id:
            return
        notes = []
        span: list[float] = []
        for plot in self._tplots.values():
            plot.clear()
        tops: dict[str, float] = {}  # the largest reading of each plot
        for gpu, hist in sorted(per_gpu.items()):
            if not isinstance(hist, dict) or "error" in hist:
                notes.append(f"GPU {gpu}: {hist.get('error') if isinstance(hist, dict) else 'no data'}")
                continue
            t = np.asarray([as_float(x) for x in hist.get("t") or []], dtype=float)
            rows = []
            for key, _ in TELEMETRY_FIELDS:
                raw = hist.get(key) or []
                ok = len(raw) == t.size
                rows.append([as_float(x) for x in raw] if ok else [math.nan] * t.size)
            times, cols = with_gaps(t, np.asarray(rows, dtype=float).reshape(len(TELEMETRY_FIELDS), -1))
            if t.size:
                span += [float(np.nanmin(t)), float(np.nanmax(t))]
            for (key, _), y in zip(TELEMETRY_FIELDS, cols, strict=True):
                if np.isnan(y).all():
                    continue
                tops[key] = max(tops.get(key, 0.0), float(np.nanmax(y)))
                self._tplots[key].plot(
                    times, y, pen=pg.mkPen(gpu_color(gpu), width=1.5), name=f"GPU {gpu}", connect="finite"
                )
            swatch = f'<span style="color:{gpu_color(gpu)}">&#9632;</span>'
            notes.append(f"{swatch} GPU {gpu}: {t.size} readings ({hist.get('resolution', '?')})")
        if not per_gpu:
            notes.append("This job used no GPU.")
        for key, plot in self._tplots.items():  # from zero (a steady 400 TFLOP/s read 399.5-400.5)
            top = 100.0 if key == "util_gpu" else max(1.0, tops.get(key, 0.0) * 1.1)
            plot.setYRange(0, top, padding=0)
        self.telemetry_note.setText("; ".join(notes))
        if span and max(span) > min(span):  # the job's lifetime, whatever its length (clock-time ticks)
            self._tplots[TELEMETRY_FIELDS[0][0]].setXRange(min(span), max(span), padding=0.02)
