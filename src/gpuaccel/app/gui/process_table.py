"""The Processes tab's table: one row per (process, GPU) as the daemon lists them, the cells' text and
sort keys (N/A with its reason on hover; others' processes greyed), and the text filter.
"""

from __future__ import annotations

import shlex
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QBrush, QColor

from gpuaccel.api.durations import format_duration
from gpuaccel.app.gui.values import fmt

COLUMNS = ("PID", "User", "GPU", "GPU memory", "SM", "CPU", "Host RSS", "Elapsed", "Job", "Command")
KEYS = ("pid", "user", "gpu", "used_mib", "sm_pct", "cpu_pct", "rss_mib", "elapsed_s", "job_id", "cmdline")
_Index = QModelIndex | QPersistentModelIndex


def command_text(row: dict[str, Any]) -> str:
    """The command line shell-quoted (copy-pasteable); NVML's name when the host side is hidden."""
    cmd = row.get("cmdline")
    text = shlex.join(cmd) if isinstance(cmd, list) and cmd else str(row.get("name", "?"))
    return text + (" (simulated)" if row.get("simulated") else "")


def describe(row: dict[str, Any]) -> str:
    """How a confirmation names a process: pid, command, owner, GPU and job."""
    user = row["user"] if isinstance(row.get("user"), str) else "unknown user"
    job = f", job {row['job_id']}" if row.get("job_id") is not None else ""
    return f"process {row['pid']} ({command_text(row)}), user {user}, GPU {row['gpu']}{job}"


def unlisted_notes(listing: dict[str, Any]) -> list[str]:
    """What the daemon could not list, one sentence per reason ("Processes of GPUs 0 and 1 not listed:
    needs root."), so an empty table is not read as idle GPUs."""
    by_reason: dict[str, list[str]] = {}
    for entry in listing.get("unlisted") or []:
        by_reason.setdefault(str(entry.get("reason")), []).append(str(entry.get("gpu")))
    notes = []
    for reason, gpus in by_reason.items():
        which = f"GPU {gpus[0]}" if len(gpus) == 1 else f"GPUs {', '.join(gpus[:-1])} and {gpus[-1]}"
        notes.append(f"Processes of {which} not listed: {reason.rstrip('.')}.")
    return notes


def count_text(rows: list[dict[str, Any]], shown: int, why: list[str]) -> str:
    """How many processes the table lists. A process on two GPUs has a row on each, so the rows are
    named only where they outnumber the processes ("5 processes on 2 GPUs (6 rows)"); ``shown`` is how
    many rows the filters ``why`` leave."""
    pids, gpus = len({r["pid"] for r in rows}), len({r["gpu"] for r in rows})
    if pids == len(rows):
        text, unit = f"{pids} GPU process{'es' if pids != 1 else ''}", ""
    else:
        text = f"{pids} process{'es' if pids != 1 else ''} on {gpus} GPUs ({len(rows)} rows)"
        unit = " row" if shown == 1 else " rows"
    if shown != len(rows):
        text += f", {shown}{unit} shown ({' and '.join(why)})"
    return text


def _num(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _cell(row: dict[str, Any], column: int) -> tuple[str, Any]:
    """(text shown, sort key) of one cell; N/A shows its reason in the tooltip."""
    value = row.get(KEYS[column])
    if column == 9:
        return command_text(row), command_text(row)
    if column == 1:
        return (value, value) if isinstance(value, str) else ("N/A", "")
    if column == 8:
        return ("-", -1) if value is None else (str(value), value)
    n = _num(value)
    if n is None:
        return "N/A", -1.0
    if column in (3, 6):
        return f"{n:,.0f} MiB", n
    if column in (4, 5):
        return fmt(n, "%")[0], n
    if column == 7:
        return format_duration(n), n
    return str(int(n)), n


class ProcessTableModel(QAbstractTableModel):
    """Rows as the daemon sends them (``GET /api/v1/processes``); sort keys in UserRole."""

    SORT_ROLE = Qt.ItemDataRole.UserRole

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[dict[str, Any]] = []
        self.stale = False  # rows of a listing that is no longer current: all greyed

    def set_stale(self, stale: bool) -> None:
        if stale != self.stale:
            self.stale = stale
            if self.rows:
                last = self.index(len(self.rows) - 1, len(COLUMNS) - 1)
                self.dataChanged.emit(self.index(0, 0), last, [Qt.ItemDataRole.ForegroundRole])

    def set_rows(self, rows: list[dict[str, Any]]) -> None:
        self.beginResetModel()
        self.rows = list(rows)
        self.endResetModel()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return COLUMNS[section]
        return None

    def data(self, index: _Index, role: int = 0) -> Any:
        if not index.isValid():
            return None
        row = self.rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return _cell(row, index.column())[0]
        if role == self.SORT_ROLE:
            return _cell(row, index.column())[1]
        if role == Qt.ItemDataRole.ForegroundRole and (self.stale or not row.get("can_signal")):
            return QBrush(QColor(128, 128, 128))
        if role == Qt.ItemDataRole.ToolTipRole:
            na = row.get(KEYS[index.column()])
            tip = f"N/A: {na['na']}" if isinstance(na, dict) and "na" in na else command_text(row)
            why = row.get("why_not")
            return tip if row.get("can_signal") or not why else f"{tip}\nCannot be signalled: {why}"
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in range(2, 9):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


class ProcessFilter(QSortFilterProxyModel):
    """Text filter over pid, user, GPU, job and command line; optionally only signallable rows."""

    def __init__(self, source: ProcessTableModel) -> None:
        super().__init__()
        self.setSourceModel(source)
        self.setSortRole(ProcessTableModel.SORT_ROLE)
        self.text = ""
        self.only_mine = False

    def set_filter(self, text: str, only_mine: bool) -> None:
        self.beginFilterChange()
        self.text, self.only_mine = text.strip().lower(), only_mine
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def filterAcceptsRow(self, source_row: int, source_parent: _Index) -> bool:
        row = self.sourceModel().rows[source_row]  # type: ignore[attr-defined]
        if self.only_mine and not row.get("can_signal"):
            return False
        if not self.text:
            return True
        user = row["user"] if isinstance(row.get("user"), str) else ""
        hay = f"{row['pid']} {user} gpu{row['gpu']} job{row.get('job_id')} {command_text(row)}".lower()
        return self.text in hay
