"""Callbacks for a stream of values (sampler rounds, idle events): the sampler and idle detector share it.

Why one class: both publish from their own thread to consumers they do not control (the daemon's
history writer, the idle detector, the assistant's gate). A failing consumer must neither stop the
publisher nor starve the consumers after it, and must not flood the log once per round, so each
failing callback is logged once with its traceback and at debug level after that.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")
log = logging.getLogger(__name__)


class Subscribers(Generic[T]):
    def __init__(self, what: str) -> None:
        """``what`` names the subscribers in log lines (e.g. "telemetry subscriber")."""
        self._what = what
        self._lock = threading.Lock()
        self._callbacks: list[Callable[[T], None]] = []
        self._failed: set[int] = set()

    def subscribe(self, callback: Callable[[T], None]) -> Callable[[], None]:
        """Register ``callback``; returns the function that unregisters it (safe to call twice)."""
        with self._lock:
            self._callbacks.append(callback)

        def unsubscribe() -> None:
            with self._lock:
                if callback in self._callbacks:
                    self._callbacks.remove(callback)
                self._failed.discard(id(callback))  # a later callback may get the same id

        return unsubscribe

    def notify(self, value: T) -> None:
        """Call every callback with ``value`` on this thread, outside the lock, in subscription order."""
        with self._lock:
            callbacks = list(self._callbacks)
        for cb in callbacks:
            try:
                cb(value)
            except Exception:
                if id(cb) not in self._failed:
                    self._failed.add(id(cb))
                    log.exception("%s %r failed (further failures logged at debug)", self._what, cb)
                else:
                    log.debug("%s %r failed again", self._what, cb, exc_info=True)
