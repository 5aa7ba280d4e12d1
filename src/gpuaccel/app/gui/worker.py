"""The API worker: every user action on the daemon, on the polling worker's QThread.

:class:`ApiWorker` is the :class:`daemon_poller.DaemonPoller` (which keeps the window's view of the daemon
fresh) plus the slots the window calls for what the user does: submit, cancel, retry, priority, job
controls, history export, assistant actions and settings. Each answer comes back as ``actionDone`` or
``actionFailed``; a failure that means the daemon is gone also takes the worker offline.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from PySide6.QtCore import Signal, Slot

from gpuaccel.app.client import Client
from gpuaccel.app.commands.history import export as history_export
from gpuaccel.app.commands.jobs import UsageError
from gpuaccel.app.gui.api import REJECTED, UNAUTHORIZED, UNREACHABLE, Api, ApiError
from gpuaccel.app.gui.connection import Endpoint
from gpuaccel.app.gui.daemon_calls import ASSISTANT_ACTIONS, JOB_CONTROLS, PendingAssistantSettings
from gpuaccel.app.gui.daemon_poller import DaemonPoller


class ApiWorker(DaemonPoller):
    """Lives on the API thread; the GUI calls its slots through queued signals only."""

    actionDone = Signal(str, object)  # action, answer (a job for job actions)
    actionFailed = Signal(str, str, str, str)  # action, kind, field, message
    assistantSettings = Signal(str)  # "" when the daemon took them, else why it rejected them

    def __init__(
        self,
        endpoint: Endpoint,
        rate_hz: float = 10.0,
        autostart: bool = False,
        daemon_env: dict[str, str] | None = None,
    ) -> None:
        super().__init__(endpoint, rate_hz, autostart, daemon_env)
        self._assistant = PendingAssistantSettings()

    # ---- actions -----------------------------------------------------------------------------------

    def _act(self, action: str, fn: Any) -> None:
        api = self._ensure_api()
        try:
            answer = fn(api)
        except ApiError as exc:
            self.actionFailed.emit(action, exc.kind, exc.field, exc.message)
            if exc.kind in (UNREACHABLE, UNAUTHORIZED):
                self._go_offline(exc.kind, exc.message)
            return
        self.actionDone.emit(action, answer)

    @Slot(object)
    def submit(self, request: dict[str, Any]) -> None:
        self._act("submit", lambda api: api.call(Client.submit, **request).to_json())

    @Slot(int)
    def cancel(self, job_id: int) -> None:
        self._act("cancel", lambda api: api.call(Client.cancel, job_id).to_json())

    @Slot(int)
    def retry(self, job_id: int) -> None:
        self._act("retry", lambda api: api.call(Client.retry, job_id).to_json())

    @Slot(int, int)
    def set_priority(self, job_id: int, priority: int) -> None:
        self._act("priority", lambda api: api.call(Client.set_priority, job_id, priority).to_json())

    @Slot(str, int)
    def job_control(self, action: str, job_id: int) -> None:
        """One of :data:`JOB_CONTROLS` (pause, resume, hold, release) on one job."""
        operation = JOB_CONTROLS.get(action)
        if operation is None:
            self.actionFailed.emit(action, REJECTED, "", f"unknown job action {action!r}")
            return
        self._act(action, lambda api: api.call(operation, job_id).to_json())

    @Slot(str, str, float)
    def export_history(self, path: str, fmt: str, seconds: float) -> None:
        """The last ``seconds`` of stored telemetry to ``path`` through the one export of ``gpuaccel
        history`` (1 s rows up to a day, minute rows beyond)."""
        until = time.time()
        resolution = "1s" if seconds <= 86400 else "1m"

        def run(api: Api) -> dict[str, Any]:
            try:
                rows, fields = api.call(
                    history_export, fmt, Path(path), until - seconds, until, resolution=resolution
                )
            except (UsageError, OSError) as exc:  # pyarrow missing, a file that cannot be written
                raise ApiError(REJECTED, str(exc), field="path") from None
            return {"path": path, "format": fmt, "rows": rows, "fields": fields}

        self._act("export", run)

    @Slot(str, object)
    def assistant_call(self, action: str, arg: Any) -> None:
        """One of :data:`ASSISTANT_ACTIONS`; the answer comes back as actionDone("assistant:<action>")."""
        operation = ASSISTANT_ACTIONS.get(action)
        if operation is None:
            self.actionFailed.emit(
                f"assistant:{action}", REJECTED, "", f"unknown assistant action {action!r}"
            )
            return
        self._act(f"assistant:{action}", lambda api: operation(api, arg))

    @Slot(object)
    def set_assistant_policy(self, body: dict[str, Any]) -> None:
        """Send the assistant's policy now, or at the next connect when offline (then once)."""
        self._assistant.body = dict(body)
        if self._online:
            self._send_assistant_settings()

    @Slot(str)
    def select_assistant_model(self, name: str) -> None:
        """Select a model on the daemon once ("" = the bundled one); sent at the next connect if offline.

        The daemon keeps the selection, so it is not re-sent on later connects: a model chosen with
        ``gpuaccel models select`` stays chosen while this window reconnects."""
        self._assistant.model = name
        if self._online:
            self._send_assistant_settings()

    def _send_assistant_settings(self) -> None:
        errors = self._assistant.send(self._ensure_api())
        if errors is not None:
            self.assistantSettings.emit(errors)

    def _on_online(self) -> None:
        self._send_assistant_settings()
