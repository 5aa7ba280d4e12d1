"""The assistant tab: chat with streamed tokens and a stop button, the assistant's state, reports, and
housekeeping proposals that are applied only after the user confirms.

Everything goes through the daemon's assistant routes (``/api/v1/assistant/...``). A daemon without
them answers 404, and the tab then says plainly that the assistant is not available there.
"""

from __future__ import annotations

import base64
import html
import json
import re
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import QImage, QTextDocument
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from gpuaccel.app.gui import models
from gpuaccel.app.gui.chat_worker import ChatWorker
from gpuaccel.app.gui.connection import Endpoint
from gpuaccel.app.gui.threads import WorkerThread
from gpuaccel.app.gui.values import fmt_bytes, fmt_time

STATE_WORDS = {
    "gpu": "On GPU",
    "cuda": "On GPU",
    "cpu": "On CPU",
    "paused": "Paused",
    "waiting": "Paused",
    "no_model": "No model",
    "none": "No model",
    "off": "Off",
    "idle": "Not loaded",
}


def state_text(state: dict[str, Any]) -> str:
    """ "On GPU", "Paused for job 12", "On CPU", "No model" from the assistant's state answer."""
    raw = str(state.get("state") or state.get("mode") or state.get("status") or "").lower()
    words = STATE_WORDS.get(raw, raw.replace("_", " ").capitalize() or "Unknown")
    job = state.get("paused_for_job") or state.get("job_id")
    if words == "Paused" and job:
        words = f"Paused for job {job}"
    if raw == "idle" and state.get("next_strategy"):
        words += f" (next answer on {'GPU' if str(state['next_strategy']).startswith('cuda') else 'CPU'})"
    model = state.get("model")
    if isinstance(model, dict):
        model = model.get("name")
    words = f"{words} · model {model}" if model else words
    energy = state.get("energy") or {}
    if isinstance(energy.get("joules_per_token"), int | float):
        words += f" · {energy['joules_per_token']:.3g} J/token on the GPU"
    return words


def energy_tooltip(energy: Any) -> str:
    """How the joules per token were measured, or why there is no figure."""
    if not isinstance(energy, dict):
        return ""
    if "joules_per_token" not in energy:
        return f"Energy per generated token: N/A ({energy.get('na', 'not measured')})"
    return (
        f"Energy per generated token: {energy['joules_per_token']:.3g} J over "
        f"{energy.get('gpu_tokens')} tokens ({energy.get('joules')} J).\n{energy.get('method', '')}"
    )


class AssistantPanel(QWidget):
    request = Signal(str, object)  # an action of worker.ASSISTANT_ACTIONS and its argument
    _send = Signal(object, object)  # endpoint, body -> the chat worker

    def __init__(self, model: models.AssistantModel, connection: models.ConnectionModel) -> None:
        super().__init__()
        self.model = model
        self.connection = connection
        self.endpoint_provider: Callable[[], Endpoint] | None = None
        self._chat_thread: WorkerThread | None = None
        self._chat: ChatWorker | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        self.state_label = QLabel("Assistant: waiting for the daemon…")
        self.state_label.setObjectName("assistantState")
        layout.addWidget(self.state_label)
        self.settings_error = QLabel("")
        self.settings_error.setObjectName("assistantSettingsError")
        self.settings_error.setStyleSheet("color: #c0392b")
        self.settings_error.setWordWrap(True)
        self.settings_error.setVisible(False)
        layout.addWidget(self.settings_error)
        self.stack = QStackedWidget()
        self.missing = QLabel(
            "The assistant is not available on this daemon: its assistant API answered 404 (not found), "
            "or 503 when it was installed without the assistant (pip install 'gpuaccel[assistant]').\n"
            "The dashboard and the job queue work as usual; a daemon with the assistant installed shows "
            "chat, reports and housekeeping here."
        )
        self.missing.setObjectName("assistantMissing")
        self.missing.setWordWrap(True)
        self.missing.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.tabs = QTabWidget()
        self.stack.addWidget(self.tabs)
        self.stack.addWidget(self.missing)
        layout.addWidget(self.stack, 1)
        self._build_chat()
        self._build_reports()
        self._build_housekeeping()
        model.subscribe(self.refresh)
        self.refresh()

    # ---- building ------------------------------------------------------------------------------------

    def _build_chat(self) -> None:
        page = QWidget()
        v = QVBoxLayout(page)
        self.transcript = QTextBrowser()
        self.transcript.setObjectName("chatTranscript")
        self.input = QLineEdit()
        self.input.setPlaceholderText("Ask about your GPUs and jobs (/status, /report, /cleanup)…")
        self.send_button = QPushButton("Send")
        self.send_button.setObjectName("primaryButton")
        self.stop_button = QPushButton("Stop")
        self.stop_button.setEnabled(False)
        row = QHBoxLayout()
        row.addWidget(self.input, 1)
        row.addWidget(self.send_button)
        row.addWidget(self.stop_button)
        v.addWidget(self.transcript, 1)
        v.addLayout(row)
        self.input.returnPressed.connect(self.send_message)
        self.send_button.clicked.connect(self.send_message)
        self.stop_button.clicked.connect(self.stop)
        self.tabs.addTab(page, "Chat")

    def _build_reports(self) -> None:
        page = QWidget()
        v = QVBoxLayout(page)
        row = QHBoxLayout()
        self.refresh_reports = QPushButton("Refresh")
        self.make_report = QPushButton("Make a report now")
        row.addWidget(self.refresh_reports)
        row.addWidget(self.make_report)
        row.addStretch(1)
        v.addLayout(row)
        splitter = QSplitter()
        self.report_list = QListWidget()
        self.report_view = QTextBrowser()
        splitter.addWidget(self.report_list)
        splitter.addWidget(self.report_view)
        splitter.setSizes([260, 700])
        v.addWidget(splitter, 1)
        self.refresh_reports.clicked.connect(lambda: self.request.emit("reports", None))
        self.make_report.clicked.connect(lambda: self.request.emit("make_report", None))
        self.report_list.currentItemChanged.connect(self._report_chosen)
        self.tabs.addTab(page, "Reports")

    def _build_housekeeping(self) -> None:
        page = QWidget()
        v = QVBoxLayout(page)
        row = QHBoxLayout()
        self.scan_button = QPushButton("Scan")
        self.apply_button = QPushButton("Apply selected…")
        self.apply_button.setEnabled(False)
        self.housekeeping_note = QLabel("Dry run first: nothing is removed until you confirm.")
        row.addWidget(self.scan_button)
        row.addWidget(self.apply_button)
        row.addWidget(self.housekeeping_note, 1)
        v.addLayout(row)
        self.proposals = QTableWidget(0, 3)
        self.proposals.setHorizontalHeaderLabels(["Action", "What", "Size"])
        self.proposals.horizontalHeader().setStretchLastSection(False)
        self.proposals.setColumnWidth(0, 140)
        self.proposals.setColumnWidth(1, 560)
        self.proposals.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.proposals.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        v.addWidget(self.proposals, 1)
        self.scan_button.clicked.connect(lambda: self.request.emit("housekeeping", None))
        self.apply_button.clicked.connect(self.apply_selected)
        self.proposals.itemSelectionChanged.connect(
            lambda: self.apply_button.setEnabled(bool(self.proposals.selectionModel().selectedRows()))
        )
        self.tabs.addTab(page, "Housekeeping")

    # ---- model -> widgets ----------------------------------------------------------------------------

    def refresh(self) -> None:
        m = self.model
        if m.availability == models.ASSISTANT_MISSING:
            self.stack.setCurrentWidget(self.missing)
            self.state_label.setText("Assistant: not available on this daemon")
            return
        self.stack.setCurrentWidget(self.tabs)
        if m.availability == models.ASSISTANT_AVAILABLE:
            self.state_label.setText(f"Assistant: {state_text(m.state)}")
            self.state_label.setToolTip(energy_tooltip(m.state.get("energy")))
        self.transcript.setHtml(self._transcript_html())
        bar = self.transcript.verticalScrollBar()
        bar.setValue(bar.maximum())
        self.send_button.setEnabled(not m.streaming)
        self.stop_button.setEnabled(m.streaming)

    def _transcript_html(self) -> str:
        parts = []
        for msg in self.model.messages:
            text = html.escape(msg.text).replace("\n", "<br>") or ("…" if not msg.done else "")
            who = {"user": "You", "assistant": "Assistant", "error": "Error"}[msg.role]
            parts.append(f'<p class="{msg.role}"><b>{who}:</b> {text}</p>')
        return "".join(parts) or "<p><i>Ask a question; answers stream in as the model writes them.</i></p>"

    # ---- chat ------------------------------------------------------------------------------------------

    def _ensure_chat_thread(self) -> ChatWorker:
        if self._chat is None:
            self._chat = ChatWorker()
            self._chat_thread = WorkerThread(self._chat, "gpuaccel-chat-worker")
            queued = Qt.ConnectionType.QueuedConnection  # from the chat thread to this (GUI) thread
            self._chat.token.connect(self._chat_token, queued)
            self._chat.finished.connect(self._chat_finished, queued)
            self._chat.meta.connect(self._chat_meta, queued)
            self._send.connect(self._chat.send)
            self._chat_thread.start(start_slot=None)
        return self._chat

    def send_message(self) -> None:
        text = self.input.text().strip()
        if not text or self.model.streaming or self.endpoint_provider is None:
            return
        self._ensure_chat_thread()
        self.input.clear()
        self.model.start_reply(text)
        body: dict[str, Any] = {"message": text}
        if self.model.conversation_id:
            body["conversation_id"] = self.model.conversation_id
        self._send.emit(self.endpoint_provider(), body)

    def stop(self) -> None:
        if self._chat is not None and self.model.streaming:
            self.request.emit("stop_chat", self.model.conversation_id)
            self._chat.cancel()

    def _chat_token(self, text: str) -> None:
        self.model.add_token(text)

    def _chat_meta(self, meta: dict[str, Any]) -> None:
        data = meta.get("data")
        if isinstance(data, dict) and data.get("conversation_id"):
            self.model.conversation_id = str(data["conversation_id"])

    def _chat_finished(self, error: str, stopped: bool) -> None:
        if "404" in error or "not found" in error.lower():
            self.model.end_reply(error="The assistant is not available on this daemon (404).")
            self.model.set_missing()
            return
        self.model.end_reply(error=error or None, stopped=stopped)

    # ---- reports and housekeeping --------------------------------------------------------------------

    def answer(self, action: str, data: Any) -> None:
        if action == "reports" and isinstance(data, list):
            self._show_reports(data)
        elif action == "make_report":
            self.request.emit("reports", None)
        elif action == "report" and isinstance(data, dict):
            self._show_report(data)
        elif action == "housekeeping" and isinstance(data, list):
            self._show_proposals(data)
        elif action == "apply":
            self.housekeeping_note.setText(f"Applied: {json.dumps(data)[:300]}")
            self.request.emit("housekeeping", None)

    def _show_report(self, report: dict[str, Any]) -> None:
        """The report's HTML with its plots as document resources (fetched by the worker with the token)."""
        images = report.get("_images") or {}
        doc = self.report_view.document()
        text = report_html(report)
        by_bytes = {data: url for url, data in images.items()}

        def swap(m: re.Match[str]) -> str:  # the daemon's inline data: URI -> the plot's URL
            try:
                url = by_bytes.get(base64.b64decode(m.group(1)))
            except ValueError:
                url = None
            return f'src="{url}"' if url else m.group(0)

        text = re.sub(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', swap, text)
        for url in images:
            if url not in text:
                text = text.replace("</body>", "") + f'<p><img src="{url}"></p>'
        self.report_view.setHtml(text)
        for url, data in images.items():
            image = QImage.fromData(data, "PNG")
            if not image.isNull():
                doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(url), image)
        doc.markContentsDirty(0, doc.characterCount())
        self.report_view.viewport().update()

    def failed(self, action: str, kind: str, message: str) -> None:
        if kind == "not_found" and action in ("reports", "housekeeping"):
            self.model.set_missing()
            return
        self.housekeeping_note.setText(f"{action.replace('_', ' ')}: {message}")

    def _show_reports(self, reports: list[dict[str, Any]]) -> None:
        self.model.set_reports(reports)
        self.report_list.clear()
        for r in reports:
            item = QListWidgetItem(
                f"{r.get('title') or r.get('kind', 'report')} · {fmt_time(r.get('created_at'))}"
            )
            item.setData(Qt.ItemDataRole.UserRole, r.get("id"))
            self.report_list.addItem(item)

    def show_settings_result(self, error: str) -> None:
        """The daemon's answer to the model/policy from Settings ("" = accepted)."""
        self.settings_error.setText(f"Assistant settings: {error}" if error else "")
        self.settings_error.setVisible(bool(error))

    def _report_chosen(self, item: QListWidgetItem | None) -> None:
        if item is not None:
            self.request.emit("report", item.data(Qt.ItemDataRole.UserRole))

    def _show_proposals(self, proposals: list[dict[str, Any]]) -> None:
        self.model.set_proposals(proposals)
        self.proposals.setRowCount(len(proposals))
        total = 0
        for row, p in enumerate(proposals):
            size = p.get("size_bytes") or p.get("bytes")
            total += int(size or 0)
            for col, text in enumerate(
                (p.get("action", ""), p.get("description") or p.get("path", ""), fmt_bytes(size))
            ):
                self.proposals.setItem(row, col, QTableWidgetItem(str(text)))
        self.housekeeping_note.setText(
            f"{len(proposals)} proposals, {fmt_bytes(total)} in all. Dry run: nothing done."
        )

    def apply_selected(self) -> None:
        rows = sorted(i.row() for i in self.proposals.selectionModel().selectedRows())
        chosen = [self.model.proposals[r] for r in rows if r < len(self.model.proposals)]
        if not chosen:
            return
        total = sum(int(p.get("size_bytes") or p.get("bytes") or 0) for p in chosen)
        answer = QMessageBox.question(
            self,
            "Apply housekeeping",
            f"Apply {len(chosen)} action(s), {fmt_bytes(total)}? Removed files go to the trash folder first.",
        )
        if answer == QMessageBox.StandardButton.Yes:
            ids = [p.get("id") for p in chosen]
            self.request.emit("apply", ids)

    def shutdown(self) -> None:
        if self._chat is not None:
            self._chat.cancel()
        if self._chat_thread is not None:
            self._chat_thread.stop(stop_slot=None)


def report_html(report: dict[str, Any]) -> str:
    """A report as HTML: its prose, then its facts as tables (the numbers come from the daemon)."""
    if isinstance(report.get("html"), str):
        return report["html"]
    out = [f"<h2>{html.escape(str(report.get('title') or 'Report'))}</h2>"]
    body = report.get("markdown") or report.get("text") or report.get("summary") or ""
    out.append("<p>" + html.escape(str(body)).replace("\n", "<br>") + "</p>")
    for name, table in (report.get("facts") or report.get("tables") or {}).items():
        out.append(f"<h3>{html.escape(str(name))}</h3>")
        rows = table if isinstance(table, list) else [table]
        if rows and isinstance(rows[0], dict):
            cols = list(rows[0])
            out.append(
                "<table border=1 cellpadding=3><tr>"
                + "".join(f"<th>{html.escape(c)}</th>" for c in cols)
                + "</tr>"
            )
            for r in rows:
                out.append(
                    "<tr>" + "".join(f"<td>{html.escape(str(r.get(c, '')))}</td>" for c in cols) + "</tr>"
                )
            out.append("</table>")
        else:
            out.append(f"<pre>{html.escape(json.dumps(table, indent=1, default=str))}</pre>")
    return "".join(out)
