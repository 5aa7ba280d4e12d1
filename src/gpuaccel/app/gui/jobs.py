"""The jobs tab: the queue as a table with filters, the actions, and the selected job's details.

The table shows the :class:`JobsModel` (polled once a second by the worker). Actions are requests to
the worker (signals); their answers come back through :meth:`JobsPanel.action_done` and
:meth:`JobsPanel.action_failed`, and a failure is shown in words under the table.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gpuaccel.api.jobs import ACTIVE, FINISHED, WAITING, JobState
from gpuaccel.app.gui.job_details import JobDetails
from gpuaccel.app.gui.jobs_table import (
    PROGRESS_COLUMN,
    STATE_COLUMN,
    STATE_FILTERS,
    STATE_MAX_WIDTH,
    JobsTableModel,
    ProgressDelegate,
    duration,
    job_label,
    result_text,
)
from gpuaccel.app.gui.models import JobsModel
from gpuaccel.app.gui.submit_dialog import SubmitDialog
from gpuaccel.app.gui.theme import theme_manager
from gpuaccel.app.gui.values import fmt_duration


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
        for w in (self.submit_button, QLabel("State:"), self.state_filter, self.kind_filter):
            bar.addWidget(w)
        bar.addWidget(self.search, 1)  # the room left goes to the filter: its hint was cut at 1280 px
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
        header.setSortIndicator(*self.table_model.order)  # newest first, as the daemon lists them
        self.table.setSortingEnabled(True)
        self.table_model.modelReset.connect(self._restore_selection)  # a sort keeps the selected job
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
        self._toast: tuple[int, str, str] | None = None  # the last action's job, words and state then
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
        self._fit_state_column()
        shown = {r.get("id") for r in self.table_model.rows}
        if self._selected is not None and self._selected not in shown:
            self._select(None)  # hidden by a filter: no button or details may act on a job not shown
        self._restore_selection()
        details = self.model.details
        if details is not None and details.get("id") == self._selected:
            self.details.show_job(details)
        self._update_buttons()
        self._show_toast()

    def _fit_state_column(self) -> None:
        """Widen the State column to its longest text (up to STATE_MAX_WIDTH; the whole reason is on
        hover): "queued (starts at 10:35)" was cut. It never narrows, so a width the user chose stands."""
        need = min(self.table.sizeHintForColumn(STATE_COLUMN), STATE_MAX_WIDTH)
        if need > self.table.columnWidth(STATE_COLUMN):
            self.table.setColumnWidth(STATE_COLUMN, need)

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
        self._select(self.table_model.rows[rows[0].row()].get("id") if rows else None)

    def _select(self, job_id: int | None) -> None:
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
        waiting = state in WAITING or state == JobState.HELD  # a held job's priority counts once released
        self.priority_button.setEnabled(waiting)
        self.priority_spin.setEnabled(waiting)

    # ---- actions -------------------------------------------------------------------------------

    def open_submit_dialog(self) -> SubmitDialog:
        if self.dialog is None:
            self.dialog = SubmitDialog(remote=self.remote, parent=self)
            self.dialog.submitted.connect(self.submitRequested)
        self.dialog.remote = self.remote
        if not self.dialog.isVisible():
            self.dialog.show_error("")  # an earlier attempt's error is not about this one
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
        box.setWindowTitle(f"Cancel a {job.get('state')} job?")
        box.setText(f"Cancel job {job['id']} ({job_label(job)})?")
        gpus = ",".join(str(g) for g in job.get("assigned_gpus") or [])
        where = f"on GPU {gpus}" if gpus else "without a GPU"
        box.setInformativeText(
            f"It has been running for {fmt_duration(duration(job))} {where}. Its processes are stopped"
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
        self._toast = (int(job["id"]), words.get(action, action), str(job.get("state")))
        self._show_toast()
        if action == "submit":
            self.reveal(int(job["id"]))
            if self.dialog is not None:
                self.dialog.accepted_by_daemon(job)

    def _show_toast(self) -> None:
        """The last action's note, kept true as its job moves on: "submitted (queued)" becomes "submitted;
        now failed: <reason>", "cancel requested (running)" becomes "cancel requested; now cancelled"."""
        if self._toast is None:
            return
        job_id, words, then = self._toast
        job = self.model.by_id(job_id)
        state = str(job.get("state")) if job is not None else then
        if state == then:
            text = f"Job {job_id}: {words} ({state})."
        else:
            why = result_text(job) if job is not None and state in ("failed", "cancelled") else ""
            text = f"Job {job_id}: {words}; now {state}" + (f": {why}" if why and why != state else "") + "."
        error = "yes" if state == JobState.FAILED else "no"
        if (self.status.text(), self.status.property("error")) != (text, error):
            self.status.setProperty("error", error)
            self.status.setText(text)
            self._restyle_status()

    def reveal(self, job_id: int) -> None:
        """Select ``job_id`` and scroll its row into view (a job just submitted landed outside the visible
        rows when another row was selected further down)."""
        for row, job in enumerate(self.table_model.rows):
            if job.get("id") == job_id:
                self.table.selectRow(row)
                self.table.scrollTo(self.table_model.index(row, 0))
                return

    def action_failed(self, action: str, kind: str, field: str, message: str) -> None:
        self._toast = None  # this failure is the news now
        if action == "submit" and self.dialog is not None and self.dialog.isVisible():
            self.dialog.rejected_by_daemon(field, message, kind)
        self.status.setProperty("error", "yes")
        self.status.setText(f"{action} failed: {message}")
        self._restyle_status()

    def _restyle_status(self) -> None:
        self.status.style().unpolish(self.status)
        self.status.style().polish(self.status)
