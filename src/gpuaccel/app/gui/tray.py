"""The tray icon and job notifications.

Job transitions come from the daemon's ``/events`` (polled by the worker, only events newer than the
window's start). A job that succeeded or failed raises a tray message; where the desktop has no tray
(or under the offscreen platform) the same words go to the window's status bar, so nothing is lost.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QAction, QIcon
from PySide6.QtWidgets import QMenu, QSystemTrayIcon, QWidget

from gpuaccel.api.jobs import JobState

NOTIFY_STATES = {JobState.SUCCEEDED: "finished", JobState.FAILED: "failed"}


def job_notifications(
    events: list[dict[str, Any]], jobs: dict[int, dict[str, Any]]
) -> list[tuple[str, str, bool]]:
    """``(title, message, is_error)`` for each job that finished or failed among ``events``."""
    out = []
    for e in events:
        state = e.get("state")
        if e.get("type") != "job" or state not in NOTIFY_STATES or e.get("job_id") is None:
            continue
        job = jobs.get(int(e["job_id"])) or {}
        name = job.get("name") or job.get("kind") or "job"
        title = f"Job {e['job_id']} {NOTIFY_STATES[state]}"
        detail = e.get("message") or job.get("reason") or ""
        out.append((title, f"{name}: {detail}".strip(": "), state == JobState.FAILED))
    return out


class Tray:
    """Owns the QSystemTrayIcon when the platform has one; ``fallback`` shows messages otherwise."""

    def __init__(
        self, icon: QIcon, window: QWidget, quit_action: Callable[[], None], fallback: Callable[[str], None]
    ):
        self.window = window
        self.fallback = fallback
        self.shown: list[tuple[str, str]] = []  # every notification, for the tests and the log
        self.icon: QSystemTrayIcon | None = None
        if QSystemTrayIcon.isSystemTrayAvailable():
            self.icon = QSystemTrayIcon(icon, window)
            self.icon.setToolTip("gpuaccel")
            menu = QMenu(window)
            show = QAction("Show window", menu)
            show.triggered.connect(self._show_window)
            quit_ = QAction("Quit", menu)
            quit_.triggered.connect(quit_action)
            menu.addAction(show)
            menu.addAction(quit_)
            self.icon.setContextMenu(menu)
            self.icon.activated.connect(lambda _reason: self._show_window())
            self.icon.show()

    def _show_window(self) -> None:
        self.window.showNormal()
        self.window.raise_()
        self.window.activateWindow()

    def notify(self, title: str, message: str, error: bool = False) -> None:
        self.shown.append((title, message))
        if self.icon is not None and QSystemTrayIcon.supportsMessages():
            level = QSystemTrayIcon.MessageIcon.Warning if error else QSystemTrayIcon.MessageIcon.Information
            self.icon.showMessage(title, message, level, 8000)
        self.fallback(f"{title}: {message}")

    def set_status(self, text: str) -> None:
        if self.icon is not None:
            self.icon.setToolTip(f"gpuaccel — {text}")

    def hide(self) -> None:
        if self.icon is not None:
            self.icon.hide()
