"""Starting and joining the GUI's QThreads, with a registry so tests can check none is left running.

Pattern: a worker QObject is moved to a QThread; the GUI talks to
it only through queued signals; on shutdown the worker's ``stop`` runs in its own thread (blocking
queued call), then the thread's loop is quit and joined.
"""

from __future__ import annotations

import weakref

from PySide6.QtCore import QMetaObject, QObject, Qt, QThread

_live: weakref.WeakSet[QThread] = weakref.WeakSet()


def running_threads() -> list[QThread]:
    """QThreads started here that have not finished (for the tests' leak check)."""
    return [t for t in list(_live) if t.isRunning()]


class WorkerThread:
    """Owns one QThread running one worker object's event loop."""

    def __init__(self, worker: QObject, name: str) -> None:
        self.worker = worker
        self.thread = QThread()
        self.thread.setObjectName(name)
        worker.moveToThread(self.thread)
        _live.add(self.thread)

    def start(self, start_slot: str | None = "start") -> None:
        self.thread.start()
        if start_slot:
            QMetaObject.invokeMethod(self.worker, start_slot, Qt.ConnectionType.QueuedConnection)

    def stop(self, stop_slot: str | None = "stop", timeout_ms: int = 8000) -> bool:
        """Run the worker's stop slot in its thread, quit the loop and join. True when joined."""
        if not self.thread.isRunning():
            return True
        if stop_slot:
            QMetaObject.invokeMethod(self.worker, stop_slot, Qt.ConnectionType.BlockingQueuedConnection)
        self.thread.quit()
        return self.thread.wait(timeout_ms)
