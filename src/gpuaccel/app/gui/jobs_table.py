"""The jobs table: one row per job with its state, progress bar, duration and result or reason.

A table model over the job dicts the worker polls (the API's JSON), the texts each column shows (commands
shell-quoted so they paste into a shell, a failed job's reason, a finished one's TFLOP/s), and the progress
bar's painter. The jobs tab (:mod:`app.gui.jobs`) puts it beside the filters and the details pane.
"""

from __future__ import annotations

import shlex
import time
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QApplication,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionProgressBar,
    QStyleOptionViewItem,
)

from gpuaccel.api.jobs import WAITING, JobState
from gpuaccel.app.gui.theme import current
from gpuaccel.app.gui.values import fmt_duration, fmt_time, number

COLUMNS = (
    "ID", "Name", "Kind", "State", "Priority", "GPUs", "Progress", "Duration", "Result / reason", "Created",
)  # fmt: skip
STATE_FILTERS = ("all", "active", *(state.value for state in JobState))
PROGRESS_COLUMN = COLUMNS.index("Progress")
STATE_COLUMN = COLUMNS.index("State")
STATE_MAX_WIDTH = 340  # px the State column grows to for a waiting reason ("queued (starts at 10:35)")
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
        # A cancelled job's code is the signal its cancel sent ("(exit -15)" said nothing the reason did
        # not), and a reason that names a signal or the code already says it.
        said = f"code {code}" in reason or (code is not None and code < 0 and "signal" in reason)
        if code is None or state == "cancelled" or said:
            return reason
        return f"{reason} (exit {code})"
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


def sort_key(job: dict[str, Any], col: str) -> tuple[Any, ...]:
    """What a column sorts by: numbers as numbers (job 10 after job 9, 1m 40s after 20.0s), unknown
    values first, the job's id last so equal keys keep one order."""
    value: Any
    if col in ("ID", "Priority"):
        value = number(job.get(col.lower()))
    elif col == "GPUs":
        value = len(job.get("assigned_gpus") or []) or number(job.get("gpus"))
    elif col == "Progress":
        value = number((job.get("progress") or {}).get("fraction"))
        value = 1.0 if value is None and job.get("state") == JobState.SUCCEEDED else value
    elif col == "Duration":
        value = duration(job)
    elif col == "Created":
        value = number(job.get("created_at"))
    else:
        value = JobsTableModel._text(job, col).lower()
    return (value is not None, value if value is not None else 0, number(job.get("id")) or 0)


class JobsTableModel(QAbstractTableModel):
    """The filtered job list as table rows, in the order of the column chosen (newest first until one
    is)."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[dict[str, Any]] = []
        self.order: tuple[int, Qt.SortOrder] = (0, Qt.SortOrder.DescendingOrder)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort by ``column`` (a click on its header); the rows stay so sorted as the queue changes."""
        self.order = (column, order)
        self.beginResetModel()
        self.rows = self._sorted(self.rows)
        self.endResetModel()

    def _sorted(self, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        column, order = self.order
        if not 0 <= column < len(COLUMNS):
            return list(rows)
        descending = order == Qt.SortOrder.DescendingOrder
        return sorted(rows, key=lambda job: sort_key(job, COLUMNS[column]), reverse=descending)

    def set_rows(self, rows: list[dict[str, Any]]) -> None:
        rows = self._sorted(rows)
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
            index = job.get("array_index")
            element = f"[{index}] " if index is not None else ""  # an array's elements share a name
            if job.get("name"):
                return element + str(job["name"])
            return element + (command_text(job)[:80] if job.get("kind") == "command" else "")
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
