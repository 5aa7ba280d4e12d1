"""The jobs tab: the queue as a table with filters, the actions, and the selected job's details.

The table shows the :class:`JobsModel` (polled once a second by the worker). Actions are requests to
the worker (signals); their answers come back through :meth:`JobsPanel.action_done` and
:meth:`JobsPanel.action_failed`, and a failure is shown in words under the table.
"""

from __future__ import annotations

import shlex
import time
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QSplitter,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionProgressBar,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gpuaccel.app.gui.job_details import JobDetails
from gpuaccel.app.gui.models import JobsModel
from gpuaccel.app.gui.submit_dialog import SubmitDialog
from gpuaccel.app.gui.theme import current, theme_manager
from gpuaccel.app.gui.values import fmt_duration, fmt_time, number
from gpuaccel.scheduler.models import ACTIVE, FINISHED, WAITING, JobState

COLUMNS = (
    "ID", "Name", "Kind", "State", "Priority", "GPUs", "Progress", "Duration", "Result / reason", "Created",
)  # fmt: skip
STATE_FILTERS = ("all", "active", *(state.value for state in JobState))
PROGRESS_COLUMN = COLUMNS.index("Progress")
RESULT_COLUMN = COLUMNS.index("Result / reason")


def command_text(job: dict[str, Any]) -> str:
    """A command job's argv as one shell-quoted line that can be pasted into a shell as it is."""
    return shlex.join(str(a) for a in job.get("argv") or [])


def result_text(job: dict[str, Any]) -> str:
    """How the job ended: why it failed or was cancelled (with the exit code), else its result --
    TFLOP/s when it reported it (exact: counted by the workload), else its first metric."""
    state = job.get("state")
    ended_badly = state in ("failed", "cancelled", "retrying")
    if ended_badly and (job.get("reason") or job.get("exit_code") is not None):
        reason = str(job.get("reason") or state)
        code = job.get("exit_code")
        return f"{reason} (exit {code})" if code is not None and f"code {code}" not in reason else reason
    result = job.get("result")
    if not isinstance(result, dict) or not result:
        return ""
    tflops = number(result.get("tflops"))
    if tflops is None and isinstance(result.get("tflops"), dict):
        tflops = number(result["tflops"].get("value"))
    if tflops is not None:
        return f"{tflops:.1f} TFLOP/s" if tflops >= 10 else f"{tflops:.3g} TFLOP/s"
    key = next(iter(result))
    value = result[key]
    return f"{key}: {value:.4g}" if isinstance(value, int | float) else f"{key}: {str(value)[:30]}"


def job_label(job: dict[str, Any]) -> str:
    """What a person calls the job: its name, else its command line, else its kind."""
    if job.get("name"):
        return str(job["name"])
    if job.get("kind") == "command" and job.get("argv"):
        text = command_text(job)
        return text if len(text) <= 60 else text[:57] + "..."
    return str(job.get("kind"))


def duration(job: dict[str, Any]) -> float | None:
    started = number(job.get("started_at"))
    if started is None:
        return None
    return (number(job.get("finished_at")) or time.time()) - started


class JobsTableModel(QAbstractTableModel):
    """The filtered job list as table rows."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[dict[str, Any]] = []

    def set_rows(self, rows: list[dict[str, Any]]) -> None:
        if [r.get("id") for r in rows] == [r.get("id") for r in self.rows]:
            self.rows = rows
            if rows:
                self.dataChanged.emit(self.index(0, 0), self.index(len(rows) - 1, len(COLUMNS) - 1))
            return
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return COLUMNS[section]
        return None

    def data(
        self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        job = self.rows[index.row()]
        col = COLUMNS[index.column()]
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(job, col)
        if role == Qt.ItemDataRole.ForegroundRole and (
            col == "State" or (col == "Result / reason" and job.get("state") == "failed")
        ):
            states = current().states
            return QColor(states.get(str(job.get("state")), current().text))
        if role == Qt.ItemDataRole.ToolTipRole:
            if col == "State":
                return job.get("reason") or job.get("waiting_reason") or job.get("state")
            if col == "Progress":
                return (job.get("progress") or {}).get("message") or None
            if col == "Name" and job.get("kind") == "command":
                return command_text(job)
            if col == "Result / reason":
                return result_text(job) or None
        if role == Qt.ItemDataRole.UserRole:
            return job
        return None

    @staticmethod
    def _text(job: dict[str, Any], col: str) -> str:
        if col == "ID":
            return str(job.get("id"))
        if col == "Name":
            if job.get("name"):
                return str(job["name"])
            return command_text(job)[:80] if job.get("kind") == "command" else ""
        if col == "Kind":
            return str(job.get("kind"))
        if col == "State":
            state = str(job.get("state"))
            if state in WAITING and job.get("waiting_reason"):
                return f"{state} ({job['waiting_reason']})"
            return state
        if col == "Priority":
            return str(job.get("priority"))
        if col == "GPUs":
            assigned = job.get("assigned_gpus") or []
            if assigned:
                return "GPU " + ",".join(str(g) for g in assigned)
            wanted = int(job.get("gpus") or 0)
            return f"{wanted} wanted" if wanted and job.get("state") in WAITING else str(wanted or "—")
        if col == "Progress":
            fraction = number((job.get("progress") or {}).get("fraction"))
            if fraction is None:
                return "100%" if job.get("state") == JobState.SUCCEEDED else ""
            return f"{100 * fraction:.0f}%"
        if col == "Duration":
            return fmt_duration(duration(job))
        if col == "Result / reason":
            return result_text(job)
        if col == "Created":
            return fmt_time(job.get("created_at"))
        return ""


class ProgressDelegate(QStyledItemDelegate):
    """Draws the progress column as a bar with the percentage."""

    def paint(
        self, painter: Any, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        text = index.data(Qt.ItemDataRole.DisplayRole)
        if not text:
            super().paint(painter, option, index)
            return
        bar = QStyleOptionProgressBar()
        bar.rect = option.rect.adjusted(2, 3, -2, -3)  # type: ignore[attr-defined]
        bar.minimum, bar.maximum = 0, 100
        bar.progress = int(str(text).rstrip("%") or 0)
        bar.text = str(text)
        bar.textVisible = True
        QApplication.style().drawControl(QStyle.ControlElement.CE_ProgressBar, bar, painter)


class JobsPanel(QWidget):
    submitRequested = Signal(object)
    cancelRequested = Signal(int)
    retryRequested = Signal(int)
    priorityRequested = Signal(int, int)
    controlRequested = Signal(str, int)  # pause, resume, hold or release; the job id
    selectionChanged = Signal(object)  # job id or None

    def __init__(self, model: JobsModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.remote = False
        self.dialog: SubmitDialog | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        bar = QHBoxLayout()
        self.submit_button = QPushButton("Submit job…")
        self.submit_button.setObjectName("primaryButton")
        self.state_filter = QComboBox()
        self.state_filter.addItems(STATE_FILTERS)
        self.kind_filter = QComboBox()
        self.kind_filter.addItem("all kinds")
        self.search = QLineEdit()
        self.search.setPlaceholderText("filter by name, command or label")
        self.search.setClearButtonEnabled(True)
        self.cancel_button = QPushButton("Cancel")
        self.retry_button = QPushButton("Retry")
        self.pause_button = QPushButton("Pause")  # Resume for a paused job
        self.pause_button.setToolTip("Stop a running job's processes (SIGSTOP); it keeps its GPUs")
        self.hold_button = QPushButton("Hold")  # Release for a held job
        self.hold_button.setToolTip("Keep a queued job from starting until it is released")
        self.priority_spin = QSpinBox()
        self.priority_spin.setRange(-1000, 1000)
        self.priority_button = QPushButton("Set priority")
        for w in (self.submit_button, QLabel("State:"), self.state_filter, self.kind_filter, self.search):
            bar.addWidget(w)
        bar.addStretch(1)
        for w in (
            self.cancel_button, self.pause_button, self.hold_button, self.retry_button,
            self.priority_spin, self.priority_button,
        ):  # fmt: skip
            bar.addWidget(w)
        layout.addLayout(bar)
        self.table_model = JobsTableModel()
        self.table = QTableView()
        self.table.setModel(self.table_model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.setAlternatingRowColors(True)
        self.table.setItemDelegateForColumn(PROGRESS_COLUMN, ProgressDelegate(self.table))
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for col, width in enumerate((50, 220, 110, 150, 60, 60, 100, 80, 260)):
            self.table.setColumnWidth(col, width)
        self.details = JobDetails()
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.table)
        splitter.addWidget(self.details)
        splitter.setSizes([330, 330])
        layout.addWidget(splitter, 1)
        self.status = QLabel("")
        self.status.setObjectName("actionStatus")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        self.submit_button.clicked.connect(self.open_submit_dialog)
        self.cancel_button.clicked.connect(self.cancel_selected)
        self.retry_button.clicked.connect(lambda: self._act(self.retryRequested))
        self.pause_button.clicked.connect(lambda: self._control(self.pause_button))
        self.hold_button.clicked.connect(lambda: self._control(self.hold_button))
        self.priority_button.clicked.connect(self._set_priority)
        self.state_filter.currentIndexChanged.connect(self.refresh)
        self.kind_filter.currentIndexChanged.connect(self.refresh)
        self.search.textChanged.connect(self.refresh)
        self.table.selectionModel().selectionChanged.connect(self._selection_changed)
        model.subscribe(self.refresh)
        self._selected: int | None = None
        self.cancel_box: QMessageBox | None = None
        theme_manager().changed.connect(self._theme_changed)  # a method: Qt drops it with the panel
        self._update_buttons()

    # ---- showing ---------------------------------------------------------------------------------

    def _filtered(self) -> list[dict[str, Any]]:
        state = self.state_filter.currentText()
        kind = self.kind_filter.currentText()
        needle = self.search.text().strip().lower()
        rows = []
        for job in self.model.jobs:
            if state == "active" and job.get("state") not in ACTIVE:
                continue
            if state not in ("all", "active") and job.get("state") != state:
                continue
            if kind != "all kinds" and job.get("kind") != kind:
                continue
            if needle:
                labels = " ".join(f"{k}={v}" for k, v in (job.get("labels") or {}).items())
                argv = " ".join(job.get("argv") or [])
                hay = f"{job.get('name') or ''} {argv} {labels} {job.get('id')}".lower()
                if needle not in hay:
                    continue
            rows.append(job)
        return rows

    def refresh(self) -> None:
        kinds = sorted({str(j.get("kind")) for j in self.model.jobs})
        known = [self.kind_filter.itemText(i) for i in range(1, self.kind_filter.count())]
        for k in kinds:
            if k not in known:
                self.kind_filter.addItem(k)
        self.table_model.set_rows(self._filtered())
        self._restore_selection()
        details = self.model.details
        if details is not None and details.get("id") == self._selected:
            self.details.show_job(details)
        self._update_buttons()

    def _theme_changed(self, _theme: object) -> None:
        self.table.viewport().update()  # the state colours come from the theme

    def _restore_selection(self) -> None:
        if self._selected is None:
            return
        for row, job in enumerate(self.table_model.rows):
            if job.get("id") == self._selected:
                if self.table.currentIndex().row() != row:
                    self.table.blockSignals(True)
                    self.table.selectRow(row)
                    self.table.blockSignals(False)
                return

    def selected_job(self) -> dict[str, Any] | None:
        return self.model.by_id(self._selected) if self._selected is not None else None

    def _selection_changed(self) -> None:
        rows = self.table.selectionModel().selectedRows()
        job_id = self.table_model.rows[rows[0].row()].get("id") if rows else None
        if job_id == self._selected:
            return
        self._selected = job_id
        job = self.selected_job()
        self.model.set_details(job)
        self.details.show_job(job)
        if job is not None:
            self.priority_spin.setValue(int(job.get("priority") or 0))
        self.selectionChanged.emit(job_id)
        self._update_buttons()

    def _update_buttons(self) -> None:
        job = self.selected_job()
        state = job.get("state") if job else None
        self.cancel_button.setEnabled(state in ACTIVE)
        self.retry_button.setEnabled(state in FINISHED)
        self.pause_button.setText("Resume" if state == JobState.PAUSED else "Pause")
        self.pause_button.setEnabled(state in (JobState.RUNNING, JobState.PAUSED))
        self.hold_button.setText("Release" if state == JobState.HELD else "Hold")
        self.hold_button.setEnabled(state in (JobState.QUEUED, JobState.HELD))
        self.priority_button.setEnabled(state in WAITING)
        self.priority_spin.setEnabled(state in WAITING)

    # ---- actions -------------------------------------------------------------------------------

    def open_submit_dialog(self) -> SubmitDialog:
        if self.dialog is None:
            self.dialog = SubmitDialog(remote=self.remote, parent=self)
            self.dialog.submitted.connect(self.submitRequested)
        self.dialog.remote = self.remote
        self.dialog.show()
        self.dialog.raise_()
        return self.dialog

    def cancel_selected(self) -> QMessageBox | None:
        """Cancel the selected job; a running one only after a confirmation that names it (returned, open,
        so the caller or a test can answer it). Queued jobs lose nothing and are cancelled at once."""
        job = self.selected_job()
        if job is None:
            return None
        if job.get("state") not in (JobState.RUNNING, JobState.PAUSED):
            self.cancelRequested.emit(int(job["id"]))
            return None
        box = QMessageBox(self)
        box.setObjectName("cancelConfirmation")
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Cancel a running job?")
        box.setText(f"Cancel job {job['id']} ({job_label(job)})?")
        gpus = ",".join(str(g) for g in job.get("assigned_gpus") or []) or "no GPU"
        box.setInformativeText(
            f"It has been running for {fmt_duration(duration(job))} on GPU {gpus}. Its processes are stopped"
            " (SIGTERM, then SIGKILL) and work not saved by the job itself is lost."
        )
        stop = box.addButton(f"Cancel job {job['id']}", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton("Keep it running", QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(QMessageBox.StandardButton.NoButton)
        job_id = int(job["id"])
        box.finished.connect(
            lambda _: self.cancelRequested.emit(job_id) if box.clickedButton() is stop else None
        )
        box.open()
        self.cancel_box = box
        return box

    def _act(self, signal: Any) -> None:
        job = self.selected_job()
        if job is not None:
            signal.emit(int(job["id"]))

    def _control(self, button: QPushButton) -> None:
        """The button's current words name the action (Pause/Resume, Hold/Release)."""
        job = self.selected_job()
        if job is not None and button.isEnabled():
            self.controlRequested.emit(button.text().lower(), int(job["id"]))

    def _set_priority(self) -> None:
        job = self.selected_job()
        if job is not None:
            self.priorityRequested.emit(int(job["id"]), self.priority_spin.value())

    def action_done(self, action: str, job: dict[str, Any]) -> None:
        if not isinstance(job, dict) or "id" not in job:
            return
        self.model.upsert(job)
        words = {
            "submit": "submitted",
            "cancel": "cancel requested",
            "retry": "queued again",
            "priority": "priority set",
            "pause": "paused",
            "resume": "resumed",
            "hold": "held",
            "release": "released",
        }
        self.status.setProperty("error", "no")
        self.status.setText(f"Job {job['id']}: {words.get(action, action)} ({job.get('state')}).")
        self._restyle_status()
        if action == "submit" and self.dialog is not None:
            self.dialog.accepted_by_daemon(job)

    def action_failed(self, action: str, kind: str, field: str, message: str) -> None:
        if action == "submit" and self.dialog is not None and self.dialog.isVisible():
            self.dialog.rejected_by_daemon(field, message)
        self.status.setProperty("error", "yes")
        self.status.setText(f"{action} failed: {message}")
        self._restyle_status()

    def _restyle_status(self) -> None:
        self.status.style().unpolish(self.status)
        self.status.style().polish(self.status)
