"""Streaming one chat answer from the assistant, on a QThread of its own.

A streamed answer blocks its connection for as long as the model writes, so it cannot share the API
worker's thread (that one must keep polling telemetry). Stop sets a flag that ends the stream at the
next token and closes the response, which also unblocks a read that is waiting for one.
"""

from __future__ import annotations

import contextlib
import threading
from typing import Any

import httpx
from PySide6.QtCore import QObject, Signal, Slot

from gpuaccel.app.client import Client
from gpuaccel.app.gui.api import Api, ApiError
from gpuaccel.app.gui.connection import Endpoint


class ChatWorker(QObject):
    token = Signal(str)
    meta = Signal(object)  # non-token events: {"event": name, "data": parsed}
    finished = Signal(str, bool)  # error ("" when fine), stopped by the user

    def __init__(self) -> None:
        super().__init__()
        self._cancel = threading.Event()
        self._responses: list[httpx.Response] = []
        self._lock = threading.Lock()

    def cancel(self) -> None:
        """Thread-safe: called from the GUI thread while :meth:`send` runs on the worker thread."""
        self._cancel.set()
        with self._lock:
            for response in self._responses:
                # Closing from another thread may race the reader; the stream ends either way.
                with contextlib.suppress(Exception):
                    response.close()

    def _opened(self, response: httpx.Response) -> None:
        with self._lock:
            self._responses.append(response)
        if self._cancel.is_set():
            self.cancel()

    @Slot(object, object)
    def send(self, endpoint: Endpoint, body: dict[str, Any]) -> None:
        self._cancel.clear()
        api = Api(endpoint, timeout=5.0)
        error = ""
        conversation = body.get("conversation_id")
        try:
            for ev in api.stream(
                Client.chat,
                str(body.get("message", "")),
                int(conversation) if conversation else None,
                cancel=self._cancel,
                on_open=self._opened,
            ):
                if ev.event in ("token", "message"):
                    self.token.emit(_token_text(ev.data))
                elif ev.event in ("end", "done"):
                    break
                elif ev.event == "error":
                    error = _token_text(ev.data) or "the assistant reported an error"
                    break
                else:
                    self.meta.emit({"event": ev.event, "data": ev.data})
        except ApiError as exc:
            error = exc.message if not self._cancel.is_set() else ""
        finally:
            with self._lock:
                self._responses = []
            api.close()
        self.finished.emit(error, self._cancel.is_set())


def _token_text(data: Any) -> str:
    """A token event's text: JSON like ``{"text": "..."}`` (or a bare string)."""
    if isinstance(data, dict):
        for key in ("text", "token", "delta", "message", "error"):
            if isinstance(data.get(key), str):
                return data[key]
        return ""
    return data if isinstance(data, str) else ""
