"""The main window: connection banner, the Dashboard / Jobs / Assistant / Processes tabs, tray, notifications.

It is the composition root of the GUI: it owns the models, starts the API worker's thread, wires the
worker's signals into the models and the widgets' requests into the worker, and joins every thread in
:meth:`shutdown` (also called from ``closeEvent``).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRect, QSettings, QSize, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QGuiApplication, QIcon, QKeySequence, QScreen
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gpuaccel.api.jobs import JobState
from gpuaccel.app.gui import models
from gpuaccel.app.gui.assistant_panel import AssistantPanel
from gpuaccel.app.gui.dashboard import Dashboard
from gpuaccel.app.gui.jobs import JobsPanel
from gpuaccel.app.gui.processes import ProcessesPanel
from gpuaccel.app.gui.settings import AppSettings, SettingsDialog, policy_of
from gpuaccel.app.gui.telemetry_model import TelemetryModel
from gpuaccel.app.gui.theme import ASSETS, theme_manager
from gpuaccel.app.gui.threads import WorkerThread
from gpuaccel.app.gui.tray import Tray, job_notifications
from gpuaccel.app.gui.worker import ApiWorker

BANNER_TEXT = {
    models.CONNECTING: "Connecting to the daemon…",
    models.STARTING: "Starting a local daemon…",
    models.UNREACHABLE: "Daemon unreachable",
    models.UNAUTHORIZED: "Wrong token",
}


# The size the window asks for where the screen has room (logical pixels), and the least it can be
# made: every tab scrolls below its own minimum, so the smallest screens it must fit (1366x768 and
# 1280x800 at 100 %, 1920x1080 at 150 % = 1280x720 with a task bar) hold the whole window.
PREFERRED_SIZE = QSize(1280, 860)
MINIMUM_SIZE = QSize(720, 480)
FRAME_ALLOWANCE = QSize(16, 40)  # a window manager's title bar and borders, outside the window's geometry


def initial_geometry(available: QRect) -> tuple[QRect, bool]:
    """Where the window opens on a screen with ``available`` room (its work area, task bars excluded),
    and whether it opens maximized: the preferred size centred where it fits with its frame, else the
    whole work area (maximized, so the window manager fits the frame in it too)."""
    room = available.size() - FRAME_ALLOWANCE
    fits = PREFERRED_SIZE.width() <= room.width() and PREFERRED_SIZE.height() <= room.height()
    size = PREFERRED_SIZE.boundedTo(room).expandedTo(MINIMUM_SIZE).boundedTo(available.size())
    rect = QRect(0, 0, size.width(), size.height())
    rect.moveCenter(available.center())
    rect.moveTop(max(available.top(), rect.top()))
    rect.moveLeft(max(available.left(), rect.left()))
    return rect, not fits


class _PageLayout(QVBoxLayout):
    """A page's layout in its scroll area. Qt gives a scrolled widget whose layout has a height for its
    width (any word-wrapped label) that preferred height, not the viewport's: the dashboard then stood
    820 px tall in a 673 px view, its plots below the window's edge."""

    def hasHeightForWidth(self) -> bool:
        return False


def scrolled(page: QWidget) -> QScrollArea:
    """``page`` in a scroll area that shows scroll bars only when the window is smaller than the page's
    minimum, so on a small screen everything (the chat's input, the plots) stays reachable."""
    holder = QWidget()
    layout = _PageLayout(holder)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.addWidget(page)
    area = QScrollArea()
    area.setObjectName("pageScroll")
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(holder)
    return area


def _keys(standard: QKeySequence.StandardKey, fallback: str) -> list[QKeySequence]:
    """The platform's keys for ``standard``, else ``fallback``: Windows binds none for Quit and many Linux
    desktops none for Preferences, where Ctrl+Q and Ctrl+, are what people press."""
    return QKeySequence.keyBindings(standard) or [QKeySequence(fallback)]


class MainWindow(QMainWindow):
    # Requests to the worker (queued across threads).
    _submit = Signal(object)
    _cancel = Signal(int)
    _retry = Signal(int)
    _priority = Signal(int, int)
    _control = Signal(str, int)  # pause, resume, hold, release
    _select = Signal(object)
    _long_window = Signal(bool)
    _endpoint = Signal(object)
    _rate = Signal(float)
    _assistant_call = Signal(str, object)
    _start_daemon = Signal()
    _assistant_policy = Signal(object)
    _assistant_model = Signal(str)

    def __init__(
        self,
        settings: AppSettings,
        data_dir: str | None = None,
        autostart: bool = False,
        store: QSettings | None = None,
    ) -> None:
        super().__init__()
        self.settings = settings
        self._daemon_policy: str | None = None  # the assistant policy the daemon last reported
        self._sent_policy: str | None = None  # the user's change on its way to the daemon
        self.store = store  # where settings are saved (None: the user's QSettings)
        self.data_dir = data_dir
        theme_manager().apply(settings.theme)  # the style sheet and the plots' colours
        self.setWindowTitle("gpuaccel")
        self.setWindowIcon(QIcon(str(ASSETS / "icons" / "gpuaccel.svg")))
        self.setMinimumSize(MINIMUM_SIZE)
        self.resize(PREFERRED_SIZE)
        self.connection = models.ConnectionModel()
        self.telemetry = TelemetryModel()
        self.jobs = models.JobsModel()
        self.assistant = models.AssistantModel()
        endpoint = settings.endpoint(data_dir)
        self.connection.remote = endpoint.remote
        self.worker = ApiWorker(
            endpoint, settings.rate_hz, autostart=autostart, daemon_env=settings.daemon_env()
        )
        self._build(endpoint.remote)
        self._wire()
        self.thread = WorkerThread(self.worker, "gpuaccel-api-worker")
        self._closed = False
        self.thread.start()

    # ---- layout ----------------------------------------------------------------------------------

    def _build(self, remote: bool) -> None:
        central = QWidget()
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        self.banner = QFrame()
        self.banner.setObjectName("banner")
        bl = QHBoxLayout(self.banner)
        bl.setContentsMargins(12, 8, 12, 8)
        self.banner_title = QLabel("")
        self.banner_title.setObjectName("bannerTitle")
        self.banner_text = QLabel("")
        self.banner_text.setWordWrap(True)
        self.banner_text.setObjectName("bannerText")
        self.start_button = QPushButton("Start local daemon")
        self.settings_button = QPushButton("Settings…")
        bl.addWidget(self.banner_title)
        bl.addWidget(self.banner_text, 1)
        bl.addWidget(self.start_button)
        bl.addWidget(self.settings_button)
        layout.addWidget(self.banner)
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.dashboard = Dashboard(self.telemetry, self.connection, on_long_window=self._long_window.emit)
        self.jobs_panel = JobsPanel(self.jobs)
        self.jobs_panel.remote = remote
        self.assistant_panel = AssistantPanel(self.assistant, self.connection)
        self.assistant_panel.endpoint_provider = lambda: self.settings.endpoint(self.data_dir)
        self.processes = ProcessesPanel(lambda: self.settings.endpoint(self.data_dir))
        self.pages: list[QWidget] = []  # the panels in tab order (each tab holds its panel in a scroll area)
        for page, icon, title in (
            (self.dashboard, "dashboard", "Dashboard"),
            (self.jobs_panel, "jobs", "Jobs"),
            (self.assistant_panel, "assistant", "Assistant"),
            (self.processes, "processes", "Processes"),
        ):
            self.pages.append(page)
            self.tabs.addTab(scrolled(page), QIcon(str(ASSETS / "icons" / f"{icon}.svg")), title)
        layout.addWidget(self.tabs, 1)
        self.setCentralWidget(central)
        self.status_label = QLabel("")
        self.statusBar().addPermanentWidget(self.status_label)
        menu = self.menuBar().addMenu("&File")
        self.settings_action = QAction("&Settings…", self)
        self.settings_action.setShortcuts(_keys(QKeySequence.StandardKey.Preferences, "Ctrl+,"))
        self.settings_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        self.settings_action.triggered.connect(self.open_settings)
        self.quit_action = QAction("&Quit", self)
        self.quit_action.setShortcuts(_keys(QKeySequence.StandardKey.Quit, "Ctrl+Q"))
        self.quit_action.setMenuRole(QAction.MenuRole.QuitRole)
        self.quit_action.triggered.connect(self.close)
        menu.addAction(self.settings_action)
        menu.addSeparator()
        menu.addAction(self.quit_action)
        self._view_menu()
        self.tray = Tray(
            self.windowIcon(), self, self.close, lambda text: self.statusBar().showMessage(text, 15000)
        )
        self._show_connection()

    def _view_menu(self) -> None:
        """Ctrl+1..4 show a tab and Ctrl+F goes to the shown tab's filter: without them the keyboard
        reached another tab only from inside the tab bar."""
        view = self.menuBar().addMenu("&View")
        for i in range(self.tabs.count()):
            action = view.addAction(self.tabs.tabText(i))
            action.setShortcut(QKeySequence(f"Ctrl+{i + 1}"))
            action.triggered.connect(lambda _=False, i=i: self.tabs.setCurrentIndex(i))
            self.tabs.setTabToolTip(i, f"{self.tabs.tabText(i)} (Ctrl+{i + 1})")
        view.addSeparator()
        self.find_action = view.addAction("&Filter")
        self.find_action.setShortcuts(_keys(QKeySequence.StandardKey.Find, "Ctrl+F"))
        self.find_action.triggered.connect(self.focus_filter)

    def shown_page(self) -> QWidget:
        """The panel of the tab shown."""
        return self.pages[self.tabs.currentIndex()]

    def show_page(self, page: QWidget) -> None:
        """Show the tab holding ``page`` (the dashboard, jobs, assistant or processes panel)."""
        if page not in self.pages:
            raise ValueError(f"{type(page).__name__} is not one of the window's tabs")
        self.tabs.setCurrentIndex(self.pages.index(page))

    def show_fitted(self, screen: QScreen | None = None) -> None:
        """Show the window sized to ``screen``'s work area (the primary screen by default): the preferred
        size where it fits, else maximized over the whole work area."""
        screen = screen or self.screen() or QGuiApplication.primaryScreen()
        rect, maximized = initial_geometry(screen.availableGeometry())
        self.setGeometry(rect)
        if maximized:
            self.showMaximized()
        else:
            self.show()

    def focus_filter(self) -> None:
        """Put the cursor in the shown tab's filter (Jobs, Processes), its text selected."""
        fields = {self.jobs_panel: self.jobs_panel.search, self.processes: self.processes.filter_edit}
        field = fields.get(self.shown_page())  # type: ignore[arg-type]
        if field is not None:
            field.setFocus(Qt.FocusReason.ShortcutFocusReason)
            field.selectAll()

    def _wire(self) -> None:
        """Worker signals land on this window's methods, queued, so they run on the GUI thread."""
        w = self.worker
        queued = Qt.ConnectionType.QueuedConnection
        w.connection.connect(self._on_connection, queued)
        w.telemetry.connect(self._on_telemetry, queued)
        w.cluster.connect(self._on_cluster, queued)
        self.dashboard.exportRequested.connect(w.export_history)
        w.history.connect(self._on_history, queued)
        w.jobs.connect(self._on_jobs, queued)
        w.events.connect(self._on_events, queued)
        w.jobDetails.connect(self._on_job_details, queued)
        w.jobLog.connect(self.jobs_panel.details.show_log, queued)
        w.jobTelemetry.connect(self.jobs_panel.details.show_telemetry, queued)
        w.actionDone.connect(self._on_action_done, queued)
        w.actionFailed.connect(self._on_action_failed, queued)
        w.assistant.connect(self._on_assistant, queued)
        w.assistantSettings.connect(self.assistant_panel.show_settings_result, queued)
        w.assistantSettings.connect(self._on_settings_sent, queued)
        self._assistant_policy.connect(w.set_assistant_policy)
        self._assistant_model.connect(w.select_assistant_model)
        self._submit.connect(w.submit)
        self._cancel.connect(w.cancel)
        self._retry.connect(w.retry)
        self._priority.connect(w.set_priority)
        self._control.connect(w.job_control)
        self._select.connect(w.select_job)
        self._long_window.connect(w.set_long_window)
        self._endpoint.connect(w.set_endpoint)
        self._rate.connect(w.set_rate)
        self._assistant_call.connect(w.assistant_call)
        self._start_daemon.connect(w.start_local_daemon)
        self.jobs_panel.submitRequested.connect(self._submit)
        self.jobs_panel.cancelRequested.connect(self._cancel)
        self.jobs_panel.retryRequested.connect(self._retry)
        self.jobs_panel.priorityRequested.connect(self._priority)
        self.jobs_panel.controlRequested.connect(self._control)
        self.jobs_panel.selectionChanged.connect(self._select)
        self.assistant_panel.request.connect(self._assistant_call)
        self.start_button.clicked.connect(self._start_daemon)
        self.settings_button.clicked.connect(self.open_settings)
        self.connection.subscribe(self._show_connection)
        self.jobs.subscribe(self._show_counts)

    # ---- worker results ----------------------------------------------------------------------------

    def _on_connection(self, state: str, message: str, health: Any) -> None:
        details: dict[str, Any] = {}
        if isinstance(health, dict):
            tel = health.get("telemetry") or {}
            details = {
                "version": health.get("version"),
                "pid": health.get("pid"),
                "backend": tel.get("backend"),
                "backend_error": tel.get("error"),
            }
        self.connection.set(state, message, **details)

    def _on_telemetry(self, snapshot: Any) -> None:
        if isinstance(snapshot, dict):
            self.telemetry.update(snapshot)

    def _on_cluster(self, answer: Any) -> None:
        self.telemetry.set_cluster(answer if isinstance(answer, dict) else None)

    def _on_jobs(self, jobs: Any) -> None:
        if isinstance(jobs, list):
            self.jobs.set_jobs(jobs)

    def _on_history(self, gpu: int, purpose: str, data: Any) -> None:
        if not isinstance(data, dict):
            return
        if purpose == "backfill":
            self.telemetry.backfill(gpu, data)
        elif purpose == "long":
            self.telemetry.set_long_history(gpu, data)

    def _on_events(self, events: list[dict[str, Any]]) -> None:
        if not self.settings.notifications:
            return
        jobs = {int(j["id"]): j for j in self.jobs.jobs if "id" in j}
        for title, message, error in job_notifications(events, jobs):
            self.tray.notify(title, message, error)

    def _on_job_details(self, job: dict[str, Any]) -> None:
        if self.jobs_panel.selected_job() is not None and job.get("id") == self.jobs_panel._selected:
            self.jobs.details = job
            self.jobs_panel.details.show_job(job)

    def _on_action_done(self, action: str, answer: Any) -> None:
        if action.startswith("assistant:"):
            self.assistant_panel.answer(action.removeprefix("assistant:"), answer)
        elif action == "export":
            self.dashboard.export_done(answer)
        else:
            self.jobs_panel.action_done(action, answer)

    def _on_action_failed(self, action: str, kind: str, field: str, message: str) -> None:
        if action.startswith("assistant:"):
            self.assistant_panel.failed(action.removeprefix("assistant:"), kind, message)
        elif action == "export":
            self.dashboard.export_failed(message)
        else:
            self.jobs_panel.action_failed(action, kind, field, message)

    def _on_assistant(self, what: str, data: Any) -> None:
        if what == "missing":
            self.assistant.set_missing()
        elif what == "state" and isinstance(data, dict):
            self.assistant.set_state(data)
            # The daemon owns the policy; mirror a change made there (a poll answered before the user's
            # own change reached the daemon repeats the old value and must not undo it here).
            policy = policy_of(data.get("settings") or {})
            if policy is not None and self._sent_policy is not None:
                if policy != self._sent_policy:
                    return  # answered before the user's change arrived: it must not undo it
                self._sent_policy = None
            if policy is not None and policy != self._daemon_policy:
                self._daemon_policy = self.settings.assistant_policy = policy

    def _on_settings_sent(self, error: str) -> None:
        if error:  # the daemon refused the change: its own policy is the truth again
            self._sent_policy = None

    # ---- showing -------------------------------------------------------------------------------------

    def _show_connection(self) -> None:
        c = self.connection
        problem = c.state != models.ONLINE
        self.banner.setVisible(problem)
        self.banner.setProperty(
            "severity", "error" if c.state in (models.UNREACHABLE, models.UNAUTHORIZED) else "info"
        )
        self.banner.style().unpolish(self.banner)
        self.banner.style().polish(self.banner)
        self.banner_title.setText(BANNER_TEXT.get(c.state, c.state))
        hint = ""
        if c.state == models.UNREACHABLE:
            hint = " The window keeps trying every second and recovers by itself when the daemon is back."
        elif c.state == models.UNAUTHORIZED:
            hint = " Fix the token in Settings (remote daemons: the `token` file in that daemon's data dir)."
        message = c.message.rstrip()
        if message and hint and not message.endswith("."):
            message += "."
        self.banner_text.setText(message + hint)
        self.start_button.setVisible(c.state == models.UNREACHABLE and not c.remote)
        self.tabs.setEnabled(True)
        where = c.message if c.online else BANNER_TEXT.get(c.state, c.state)
        # the backend of the daemon that answered last: not shown as current while none answers
        backend = f" · telemetry {c.backend}" if c.backend and c.online else ""
        self.status_label.setText(f"{where}{backend}")
        self.tray.set_status(BANNER_TEXT.get(c.state, "connected"))

    def _show_counts(self) -> None:
        counts = self.jobs.counts()
        shown = (JobState.RUNNING, JobState.PAUSED, JobState.QUEUED, JobState.HELD, JobState.RETRYING)
        text = ", ".join(f"{counts[s]} {s}" for s in shown if counts.get(s))
        self.tabs.setTabText(1, f"Jobs ({text})" if text else "Jobs")

    # ---- settings and shutdown -----------------------------------------------------------------------

    def open_settings(self) -> SettingsDialog:
        state = self.assistant.state or {}
        active = (
            (state.get("model") or {}).get("name")
            if self.assistant.availability == models.ASSISTANT_AVAILABLE and self.connection.online
            else None
        )
        dialog = SettingsDialog(self.settings, self, active_model=active)
        dialog.accepted.connect(lambda: self.apply_settings(dialog.result_settings(), dialog.model_choice()))
        dialog.open()
        return dialog

    def apply_settings(self, new: AppSettings, model: str | None = None) -> None:
        """Save and apply ``new``; ``model`` (not None) is a model to select on the daemon."""
        old, self.settings = self.settings, new
        new.save(self.store)
        if new.theme != old.theme:
            theme_manager().apply(new.theme)
        if new.rate_hz != old.rate_hz:
            self._rate.emit(new.rate_hz)
        if new.assistant_policy != old.assistant_policy:
            self._sent_policy = new.assistant_policy
            self._assistant_policy.emit(new.assistant_settings())
        endpoint = new.endpoint(self.data_dir)
        if (new.daemon_url, new.token) != (old.daemon_url, old.token):
            self.connection.remote = endpoint.remote
            self.jobs_panel.remote = endpoint.remote
            self.connection.set(models.CONNECTING, f"connecting to {endpoint.describe()}…")
            self._endpoint.emit(endpoint)
            self.processes.reconnect()
        if model is not None:  # after a new endpoint: the worker then holds it for the new daemon
            self._assistant_model.emit(model)

    def shutdown(self) -> None:
        """Stop timers and join every thread this window started."""
        if self._closed:
            return
        self._closed = True
        self.dashboard.stop()
        self.assistant_panel.shutdown()
        self.thread.stop()
        self.tray.hide()

    def closeEvent(self, event: QCloseEvent) -> None:
        self.shutdown()
        super().closeEvent(event)
