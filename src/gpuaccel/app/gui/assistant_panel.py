"""The assistant tab: chat with streamed tokens and a stop button, the assistant's state, reports, and
housekeeping proposals that are applied only after the user confirms.

Everything goes through the daemon's assistant routes (``/api/v1/assistant/...``). A daemon without
them answers 404, and the tab then says plainly that the assistant is not available there.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import QImage, QShowEvent, QTextDocument
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
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

from gpuaccel.app.gui import models, report_render
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
    request = Signal(str, object)  # an action of daemon_calls.ASSISTANT_ACTIONS and its argument
    _send = Signal(object, object)  # endpoint, body -> the chat worker

    def __init__(self, model: models.AssistantModel, connection: models.ConnectionModel) -> None:
        super().__init__()
        self.model = model
        self.connection = connection
        self.endpoint_provider: Callable[[], Endpoint] | None = None
        self._chat_thread: WorkerThread | None = None
        self._chat: ChatWorker | None = None
        self._chat_images: dict[str, QImage] = {}  # plots of reports shown in the chat, by file name
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
        self.export_report = QPushButton("Export…")
        self.export_report.setToolTip("Save the selected report as Markdown or HTML (no new report is made)")
        self.export_report.setEnabled(False)
        self.report_note = QLabel("")
        self.report_note.setObjectName("reportNote")
        row.addWidget(self.refresh_reports)
        row.addWidget(self.make_report)
        row.addWidget(self.export_report)
        row.addWidget(self.report_note, 1)
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
        self.export_report.clicked.connect(self.export_selected)
        self.reports_page = page
        self.tabs.addTab(page, "Reports")
        self.tabs.currentChanged.connect(lambda _: self._load_reports_if_shown())

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
        self.applied = QLabel("")  # what the last apply did, in sentences (kept across the re-scan)
        self.applied.setObjectName("housekeepingApplied")
        self.applied.setWordWrap(True)
        self.outside_queue = QLabel("")  # GPU processes the queue did not start: information only
        self.outside_queue.setObjectName("housekeepingOutsideQueue")
        self.outside_queue.setWordWrap(True)
        self.outside_queue.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        v.addWidget(self.applied)
        v.addWidget(self.outside_queue)
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
        report_render.render(self.transcript.document(), m.messages, self._chat_images)
        bar = self.transcript.verticalScrollBar()
        bar.setValue(bar.maximum())
        self.send_button.setEnabled(not m.streaming)
        self.stop_button.setEnabled(m.streaming)

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
        if isinstance(data, dict) and data.get("command") == "/report":
            self.model.mark_markdown()

    def _chat_finished(self, error: str, stopped: bool) -> None:
        if "404" in error or "not found" in error.lower():
            self.model.end_reply(error="The assistant is not available on this daemon (404).")
            self.model.set_missing()
            return
        self.model.end_reply(error=error or None, stopped=stopped)
        rid = report_render.report_id(self.model.messages[-1]) if self.model.messages else None
        if rid is not None:  # a report made from the chat: fetch its plots, and list it
            self.request.emit("report", rid)
            self.request.emit("reports", None)

    # ---- reports and housekeeping --------------------------------------------------------------------

    def answer(self, action: str, data: Any) -> None:
        if action == "reports" and isinstance(data, list):
            self._show_reports(data)
        elif action == "make_report":
            self.request.emit("reports", None)
        elif action == "report" and isinstance(data, dict):
            self._show_report(data)
            self._add_chat_plots(data)
        elif action == "export" and isinstance(data, dict):
            self._write_export(data)
        elif action == "housekeeping" and isinstance(data, dict):
            self._show_proposals(data.get("proposals") or [])
            self._show_outside_queue(data.get("outside_queue") or [])
        elif action == "apply":
            results = data if isinstance(data, list) else []
            self.applied.setText("\n".join(str(r.get("message", "")) for r in results))
            self.request.emit("housekeeping", None)

    def _show_report(self, report: dict[str, Any]) -> None:
        """The report's HTML with its plots as document resources (fetched by the worker with the token)."""
        images = report.get("_images") or {}
        doc = self.report_view.document()
        text = report_render.report_html(report)
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

    def _add_chat_plots(self, report: dict[str, Any]) -> None:
        """The plots of a report the chat shows, under the file names its Markdown uses."""
        added = False
        for url, data in (report.get("_images") or {}).items():
            image = QImage.fromData(data, "PNG")
            if not image.isNull():
                self._chat_images[url.rsplit("/", 1)[-1]] = image
                added = True
        if added and any(report_render.report_id(m) == report.get("id") for m in self.model.messages):
            self.refresh()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._load_reports_if_shown()

    def _load_reports_if_shown(self) -> None:
        """The Reports list asks the daemon for the stored reports whenever it comes into view."""
        if self.isVisible() and self.tabs.currentWidget() is self.reports_page:
            self.request.emit("reports", None)

    def export_selected(self) -> None:
        """Save the selected stored report; the daemon only reads it (GET), so no new report is made."""
        item = self.report_list.currentItem()
        if item is None:
            return
        rid = item.data(Qt.ItemDataRole.UserRole)
        path, chosen = QFileDialog.getSaveFileName(
            self, "Export report", f"report-{rid}.md", "Markdown (*.md);;HTML (*.html)"
        )
        if path:
            fmt = "html" if path.endswith((".html", ".htm")) or chosen.startswith("HTML") else "md"
            self.request.emit("export", {"id": rid, "format": fmt, "path": path})

    def _write_export(self, data: dict[str, Any]) -> None:
        try:
            Path(data["path"]).write_text(str(data["text"]), encoding="utf-8")
        except OSError as exc:
            self.report_note.setText(f"Could not write {data['path']}: {exc.strerror or exc}")
            return
        self.report_note.setText(f"Report {data['id']} saved to {data['path']}.")

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
        self.export_report.setEnabled(item is not None)
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

    def _show_outside_queue(self, processes: list[dict[str, Any]]) -> None:
        """Listed, never proposed: that the queue did not start a process is no reason to stop it."""
        lines = [f"• {str(p.get('description', ''))[:400]}" for p in processes]
        head = "GPU processes the queue did not start (for your information; act from the Processes tab):"
        self.outside_queue.setText("\n".join([head, *lines]) if lines else "")
        self.outside_queue.setVisible(bool(lines))

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
