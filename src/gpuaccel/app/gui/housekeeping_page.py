"""The assistant tab's Housekeeping page: the daemon's proposals, applied only after the user confirms.

A scan and an apply go out as ``request`` (``housekeeping``, ``apply`` with the chosen ids); the daemon's
answers come back through :class:`assistant_panel.AssistantPanel`. GPU processes the queue did not start
are listed for information only, never as something to apply.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gpuaccel.app.gui import models
from gpuaccel.app.gui.values import fmt_bytes


def _size(proposal: dict[str, Any]) -> int | None:
    """The proposal's size in bytes; an empty cache entry is 0 bytes, not unknown."""
    size = proposal.get("size_bytes", proposal.get("bytes"))
    return None if size is None else int(size)


class HousekeepingPage(QWidget):
    request = Signal(str, object)  # "housekeeping" (scan) or "apply" with the chosen proposal ids

    def __init__(self, model: models.AssistantModel) -> None:
        super().__init__()
        self.model = model
        v = QVBoxLayout(self)
        row = QHBoxLayout()
        self.scan_button = QPushButton("Scan")
        self.apply_button = QPushButton("Apply selected…")
        self.apply_button.setEnabled(False)
        self.note = QLabel("Dry run first: nothing is removed until you confirm.")
        row.addWidget(self.scan_button)
        row.addWidget(self.apply_button)
        row.addWidget(self.note, 1)
        v.addLayout(row)
        self.proposals = QTableWidget(0, 3)
        self.proposals.setHorizontalHeaderLabels(["Action", "What", "Size"])
        header = self.proposals.horizontalHeader()
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)  # what it is gets the room
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.proposals.setColumnWidth(0, 140)
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

    def show_proposals(self, proposals: list[dict[str, Any]]) -> None:
        self.model.set_proposals(proposals)
        self.proposals.setRowCount(len(proposals))
        total = 0
        for row, p in enumerate(proposals):
            size = _size(p)
            total += int(size or 0)
            for col, text in enumerate(
                (p.get("action", ""), p.get("description") or p.get("path", ""), fmt_bytes(size))
            ):
                item = QTableWidgetItem(str(text))
                item.setToolTip(str(p.get("path", "")))  # the whole path, where the column cuts it
                self.proposals.setItem(row, col, item)
        many = "s" if len(proposals) != 1 else ""
        self.note.setText(
            f"{len(proposals)} proposal{many}, {fmt_bytes(total)} in all. Dry run: nothing done."
        )

    def show_outside_queue(self, processes: list[dict[str, Any]]) -> None:
        """Listed, never proposed: that the queue did not start a process is no reason to stop it."""
        lines = [f"• {str(p.get('description', ''))[:400]}" for p in processes]
        head = "GPU processes the queue did not start (for your information; act from the Processes tab):"
        self.outside_queue.setText("\n".join([head, *lines]) if lines else "")
        self.outside_queue.setVisible(bool(lines))

    def show_applied(self, results: list[dict[str, Any]]) -> None:
        """What the last apply did, in sentences (kept across the scan that follows it)."""
        self.applied.setText("\n".join(str(r.get("message", "")) for r in results))
        self.request.emit("housekeeping", None)

    def apply_selected(self) -> None:
        rows = sorted(i.row() for i in self.proposals.selectionModel().selectedRows())
        chosen = [self.model.proposals[r] for r in rows if r < len(self.model.proposals)]
        if not chosen:
            return
        total = sum(int(_size(p) or 0) for p in chosen)
        answer = QMessageBox.question(
            self,
            "Apply housekeeping",
            f"Apply {len(chosen)} action(s), {fmt_bytes(total)}? Removed files go to the trash folder first.",
        )
        if answer == QMessageBox.StandardButton.Yes:
            ids = [p.get("id") for p in chosen]
            self.request.emit("apply", ids)
