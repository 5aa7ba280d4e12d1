"""Streaming one chat answer from the assistant, on a QThread of its own.

A streamed answer blocks its connection for as long as the model writes, so it cannot share the API
worker's thread (that one must keep polling telemetry). Stop sets a flag that ends the stream at the
next token and closes the response, which also unblocks a read that is waiting for one.
"""

from __future__ import annotations

import contextlib
import json
import threading
from typing import Any

import httpx
from PySide6.QtCore import QObject, Signal, Slot

from gpuaccel.app.gui.api import Api, ApiError
from gpuaccel.app.gui.connection import Endpoint

CHAT_PATH = "/assistant/chat"


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

    @Slot(object, object)
    def send(self, endpoint: Endpoint, body: dict[str, Any]) -> None:
        self._cancel.clear()
        api = Api(endpoint, timeout=5.0)
        error = ""
        try:
            holder: list[httpx.Response] = []
            with self._lock:
                self._responses = holder
            for event, data in api.sse("POST", CHAT_PATH, body, cancel=self._cancel, holder=holder):
                if event in ("token", "message"):
                    self.token.emit(_token_text(data))
                elif event in ("end", "done"):
                    break
                elif event == "error":
                    error = _token_text(data) or "the assistant reported an error"
                    break
                else:
                    self.meta.emit({"event": event, "data": _parse(data)})
        except ApiError as exc:
            error = exc.message if not self._cancel.is_set() else ""
        finally:
            with self._lock:
                self._responses = []
            api.close()
        self.finished.emit(error, self._cancel.is_set())


def _parse(data: str) -> Any:
    try:
        return json.loads(data)
    except ValueError:
        return data


def _token_text(data: str) -> str:
    """A token event's text: either raw text or JSON like ``{"text": "..."}`` / ``{"token": "..."}``."""
    parsed = _parse(data)
    if isinstance(parsed, dict):
        for key in ("text", "token", "delta", "message", "error"):
            if isinstance(parsed.get(key), str):
                return parsed[key]
        return ""
    return parsed if isinstance(parsed, str) else data
