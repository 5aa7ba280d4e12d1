"""The Processes tab: every GPU process (owner, command line, GPU memory, SM %, CPU %, RSS, age, job),
sortable and filterable, with interrupt / terminate / kill for the user's own processes.

Others' processes are greyed with the reason in their tooltip. Every signal asks first, naming the
process; the daemon checks the pid and its start time again before sending. The tab polls the daemon on
its own worker thread only while it is visible.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt, QTimer, Signal, Slot
from PySide6.QtGui import QHideEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gpuaccel.app.client import Client
from gpuaccel.app.gui.api import Api, ApiError
from gpuaccel.app.gui.connection import Endpoint
from gpuaccel.app.gui.process_table import (
    ProcessFilter,
    ProcessTableModel,
    count_text,
    describe,
    unlisted_notes,
)
from gpuaccel.app.gui.threads import WorkerThread
from gpuaccel.app.gui.values import fmt_time

POLL_MS = 2000
ACTIONS = (
    ("INT", "Interrupt", "interrupt (SIGINT, like Ctrl-C)"),
    ("TERM", "Terminate", "terminate (SIGTERM)"),
    ("KILL", "Kill", "kill (SIGKILL, cannot be caught)"),
)


class ProcessWorker(QObject):
    """Lists processes every POLL_MS and sends signals, on its own thread (the UI never blocks)."""

    listed = Signal(object)
    failed = Signal(str)  # the listing failed (daemon away, wrong token...)
    signalled = Signal(object)
    refused = Signal(str)  # a signal was not sent, and why

    def __init__(self, endpoint_provider: Callable[[], Endpoint]) -> None:
        super().__init__()
        self._endpoint_provider = endpoint_provider
        self._api: Api | None = None
        self._timer: QTimer | None = None

    @Slot()
    def start(self) -> None:
        self._api = Api(self._endpoint_provider())
        self._timer = QTimer(self)
        self._timer.timeout.connect(self.fetch)
        self._timer.start(POLL_MS)
        self.fetch()

    @Slot()
    def stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        if self._api is not None:
            self._api.close()
            self._api = None

    @Slot()
    def fetch(self) -> None:
        if self._api is None:
            return
        try:
            self.listed.emit(self._api.call(Client.processes))
        except ApiError as exc:
            self.failed.emit(exc.message)

    @Slot(int, float, str)
    def send(self, pid: int, started: float, signal: str) -> None:
        if self._api is None:
            return
        try:
            self.signalled.emit(self._api.call(Client.signal_process, pid, started, signal))
        except ApiError as exc:
            self.refused.emit(f"Nothing sent to process {pid}: {exc.message}")
        self.fetch()


class ProcessesPanel(QWidget):
    _send = Signal(int, float, str)

    def __init__(self, endpoint_provider: Callable[[], Endpoint] | None = None) -> None:
        super().__init__()
        self.endpoint_provider = endpoint_provider
        self.model = ProcessTableModel(self)
        self.proxy = ProcessFilter(self.model)
        self._thread: WorkerThread | None = None
        self._listing_notes: list[str] = []  # what the daemon said about its listing
        self._outcome = ""  # the last signal's outcome: kept over the listings that follow it
        self._listed_at: float | None = None  # when the rows shown were listed
        self.stale = False  # the last listing failed: the rows are older ones, and cannot be signalled
        # Asks before a signal; tests replace it. (title, text) -> yes?
        self.confirm: Callable[[str, str], bool] = self._ask
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText("Filter by pid, user, GPU (gpu0), job (job12) or command")
        self.filter_edit.setClearButtonEnabled(True)
        self.only_mine = QCheckBox("Only mine")
        self.only_mine.setToolTip("Only processes you may signal")
        top.addWidget(self.filter_edit, 1)
        top.addWidget(self.only_mine)
        layout.addLayout(top)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(3, Qt.SortOrder.DescendingOrder)  # most GPU memory first
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.table, 1)
        bottom = QHBoxLayout()
        self.status = QLabel("")
        self.status.setWordWrap(True)
        bottom.addWidget(self.status, 1)
        self.buttons: dict[str, QPushButton] = {}
        for sig, label, _ in ACTIONS:
            button = QPushButton(f"{label}…")
            button.clicked.connect(lambda _=False, s=sig: self.request_signal(s))
            self.buttons[sig] = button
            bottom.addWidget(button)
        layout.addLayout(bottom)
        self.filter_edit.textChanged.connect(self._refilter)
        self.only_mine.toggled.connect(self._refilter)
        self.table.selectionModel().selectionChanged.connect(self._update_buttons)
        self._update_buttons()

    # ---- data ------------------------------------------------------------------------------------

    def show_listing(self, listing: dict[str, Any]) -> None:
        """Replace the rows, keeping the selected process selected."""
        selected = self.selected()
        self.stale, self._listed_at = False, time.time()
        self.model.set_stale(False)
        self.table.setEnabled(True)
        self.model.set_rows(listing.get("processes", []))
        if selected is not None:
            for r in range(self.proxy.rowCount()):
                row = self.model.rows[self.proxy.mapToSource(self.proxy.index(r, 0)).row()]
                if (row["pid"], row["gpu"]) == (selected["pid"], selected["gpu"]):
                    self.table.selectRow(r)
                    break
        notes = [listing["note"]] if listing.get("note") else []
        notes += unlisted_notes(listing)
        if not listing.get("available", True):
            notes.append("GPU telemetry is off in the daemon.")
        self._listing_notes = notes
        self._show_status()
        self._update_buttons()

    def listing_failed(self, message: str) -> None:
        """The daemon did not answer: the rows stay, greyed and said to be the last listing, and no signal
        can be asked for on them until a listing comes through again."""
        self.stale = True
        self.model.set_stale(True)
        self.table.setEnabled(False)
        old = f" The rows are the last listing, from {fmt_time(self._listed_at)}." if self.model.rows else ""
        self.status.setText(f"Not listed: {message.rstrip('.')}.{old}")
        self._update_buttons()

    def reconnect(self) -> None:
        """Another daemon was chosen: forget the rows of the one before and list the new one's (at once
        when the tab is showing, else when it is shown)."""
        self.shutdown()
        self.model.set_rows([])
        self._listing_notes, self._outcome, self._listed_at = [], "", None
        self.stale = False
        self.model.set_stale(False)
        self.table.setEnabled(True)
        self.status.setText("Listing the GPU processes of the daemon now chosen…")
        self._update_buttons()
        if self.isVisible():
            self._start()

    def _show_status(self) -> None:
        """How many processes there are and how many the filters show, the daemon's notes, and the last
        signal's outcome (a listing comes right after a signal and must not wipe its result)."""
        why = [w for w, on in (("filter", self.proxy.text), ("only mine", self.proxy.only_mine)) if on]
        count = count_text(self.model.rows, self.proxy.rowCount(), why)
        self.status.setText(" ".join([f"{count}.", *self._listing_notes, self._outcome]).strip())

    def selected(self) -> dict[str, Any] | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        return self.model.rows[self.proxy.mapToSource(rows[0]).row()]

    def _refilter(self) -> None:
        self.proxy.set_filter(self.filter_edit.text(), self.only_mine.isChecked())
        self._show_status()

    def _update_buttons(self) -> None:
        row = self.selected()
        for sig, label, what in ACTIONS:
            button = self.buttons[sig]
            button.setEnabled(bool(row and row.get("can_signal")) and not self.stale)
            if self.stale:
                button.setToolTip("The daemon did not answer the last listing: no signal until it does")
            elif row is None:
                button.setToolTip(f"Select a process to {what.split(' ')[0]} it")
            elif not row.get("can_signal"):
                button.setToolTip(f"Cannot signal process {row['pid']}: {row.get('why_not')}")
            else:
                button.setToolTip(f"{label} {describe(row)}")

    # ---- signalling --------------------------------------------------------------------------------

    def request_signal(self, sig: str) -> bool:
        """Ask (naming the process), then send ``sig``. False when refused here or not confirmed."""
        row = self.selected()
        if row is None or self.stale:
            return False
        if not row.get("can_signal"):
            self._set_outcome(f"Cannot signal {describe(row)}: {row.get('why_not')}")
            return False
        what = next(w for s, _, w in ACTIONS if s == sig)
        if not self.confirm(
            f"{what.split(' ')[0].capitalize()} process?", f"Send {what} to {describe(row)}?"
        ):
            return False
        self._set_outcome(f"Sending SIG{sig} to process {row['pid']}…")
        self._send.emit(int(row["pid"]), float(row["started"]), sig)
        return True

    def _ask(self, title: str, text: str) -> bool:
        answer = QMessageBox.question(self, title, text, defaultButton=QMessageBox.StandardButton.No)
        return answer == QMessageBox.StandardButton.Yes

    def _signalled(self, result: dict[str, Any]) -> None:
        self._set_outcome(f"Sent SIG{result['signal']} to process {result['pid']} ({result['name']}).")

    def _set_outcome(self, text: str) -> None:
        self._outcome = text
        self._show_status()

    # ---- the worker lives while the tab is shown ------------------------------------------------------

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self._start()

    def _start(self) -> None:
        if self._thread is None and self.endpoint_provider is not None:
            worker = ProcessWorker(self.endpoint_provider)
            worker.listed.connect(self.show_listing)
            worker.failed.connect(self.listing_failed)
            worker.signalled.connect(self._signalled)
            worker.refused.connect(self._set_outcome)
            self._send.connect(worker.send)
            self._thread = WorkerThread(worker, "gpuaccel-processes-worker")
            self._thread.start()

    def hideEvent(self, event: QHideEvent) -> None:
        self.shutdown()
        super().hideEvent(event)

    def shutdown(self) -> None:
        if self._thread is not None:
            self._send.disconnect(self._thread.worker.send)
            self._thread.stop()
            self._thread = None
            # A listing already on its way from the stopped worker must not land after this (it may be
            # the previous daemon's).
            QCoreApplication.removePostedEvents(self, QEvent.Type.MetaCall)
