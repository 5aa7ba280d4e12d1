"""The assistant tab: chat with streamed tokens and a stop button, the assistant's state, reports
(:mod:`gui.reports_page`), and housekeeping proposals that are applied only after the user confirms
(:mod:`gui.housekeeping_page`).

Everything goes through the daemon's assistant routes (``/api/v1/assistant/...``). A daemon without
them answers 404, and the tab then says plainly that the assistant is not available there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QImage, QShowEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QStackedWidget,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from gpuaccel.app.gui import models, report_render
from gpuaccel.app.gui.chat_worker import ChatWorker
from gpuaccel.app.gui.connection import Endpoint
from gpuaccel.app.gui.housekeeping_page import HousekeepingPage
from gpuaccel.app.gui.reports_page import ReportsPage
from gpuaccel.app.gui.threads import WorkerThread

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
    device = next_device(state)
    if raw == "idle" and device is not None:
        words += f" (next answer on {device.upper()})"
    model = state.get("model")
    if isinstance(model, dict):
        model = model.get("name")
    words = f"{words} · model {model}" if model else words
    energy = state.get("energy") or {}
    if isinstance(energy.get("joules_per_token"), int | float):
        words += f" · {energy['joules_per_token']:.3g} J/token on the GPU"
    return words


def next_device(state: dict[str, Any]) -> str | None:
    """ "gpu" or "cpu": where the daemon says the next answer runs (from what its torch can use, not from
    the GPUs the monitor lists); None while it would wait for the idle gate."""
    device = state.get("next_device")
    return device if device in ("gpu", "cpu") else None


def state_tooltip(state: dict[str, Any]) -> str:
    """Why the next answer runs where it does, then how the joules per token were measured."""
    device, why = next_device(state), state.get("next_device_why")
    where = f"Next answer on the {device.upper()}: {why}." if device and why else ""
    return "\n".join(t for t in (where, energy_tooltip(state.get("energy"))) if t)


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
        self._history_asked = False  # the last conversation was asked for (once, when the assistant answers)
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
        self.reports_page = ReportsPage(model)
        self.reports_page.request.connect(self.request)
        self.tabs.addTab(self.reports_page, "Reports")
        self.tabs.currentChanged.connect(lambda _: self._load_page_if_shown())
        self.housekeeping = HousekeepingPage(model)
        self.housekeeping.request.connect(self.request)
        self.tabs.addTab(self.housekeeping, "Housekeeping")
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
            self.state_label.setToolTip(state_tooltip(m.state))
            if not self._history_asked and not m.messages:
                self._history_asked = True  # the daemon keeps the chats: show the last one again
                self.request.emit("last_session", None)
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

    # ---- the daemon's answers --------------------------------------------------------------------

    def answer(self, action: str, data: Any) -> None:
        if action == "reports" and isinstance(data, list):
            self.reports_page.show_list(data)
        elif action == "make_report":
            self.request.emit("reports", None)
        elif action == "report" and isinstance(data, dict):
            self.reports_page.show_report(data)
            self._add_chat_plots(data)
        elif action == "export" and isinstance(data, dict):
            self.reports_page.write_export(data)
        elif action == "last_session" and isinstance(data, dict):
            self.model.load_session(data)
        elif action == "housekeeping" and isinstance(data, dict):
            self.housekeeping.show_proposals(data.get("proposals") or [])
            self.housekeeping.show_outside_queue(data.get("outside_queue") or [])
        elif action == "apply":
            self.housekeeping.show_applied(data if isinstance(data, list) else [])

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
        self._load_page_if_shown()

    def _load_page_if_shown(self) -> None:
        """The Reports list asks the daemon for the stored reports, and Housekeeping for a scan (a dry
        run), whenever it comes into view: Housekeeping was empty until Scan was pressed."""
        if not self.isVisible():
            return
        if self.tabs.currentWidget() is self.reports_page:
            self.request.emit("reports", None)
        elif self.tabs.currentWidget() is self.housekeeping:
            self.housekeeping.note.setText("Scanning (a dry run: nothing is removed)…")
            self.request.emit("housekeeping", None)

    def failed(self, action: str, kind: str, message: str) -> None:
        if kind == "not_found" and action in ("reports", "housekeeping"):
            self.model.set_missing()
            return
        if action == "last_session":  # the chat starts empty, as before; asked again at the next connect
            self._history_asked = False
            return
        self.housekeeping.note.setText(f"{action.replace('_', ' ')}: {message}")

    def show_settings_result(self, error: str) -> None:
        """The daemon's answer to the model/policy from Settings ("" = accepted)."""
        self.settings_error.setText(f"Assistant settings: {error}" if error else "")
        self.settings_error.setVisible(bool(error))

    def shutdown(self) -> None:
        if self._chat is not None:
            self._chat.cancel()
        if self._chat_thread is not None:
            self._chat_thread.stop(stop_slot=None)
