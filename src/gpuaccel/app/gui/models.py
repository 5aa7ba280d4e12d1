"""Plain state objects the widgets subscribe to.

The API worker's signals land on the GUI thread, which writes into these models; each model then calls
its subscribers. Nothing here touches Qt or the network, so the models are testable on their own.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Listener = Callable[[], None]


class Observable:
    """A minimal subscribe/notify; listeners run synchronously on the caller's (GUI) thread."""

    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def notify(self) -> None:
        if threading.current_thread() is not threading.main_thread():
            # Listeners are widgets; touching them off the GUI thread crashes Qt sooner or later.
            raise RuntimeError(f"{type(self).__name__} changed off the GUI thread")
        for listener in list(self._listeners):
            listener()


# Connection states, worded for the banner.
CONNECTING = "connecting"
ONLINE = "online"
UNREACHABLE = "unreachable"
UNAUTHORIZED = "unauthorized"
STARTING = "starting"


@dataclass
class ConnectionModel(Observable):
    """Where the app is connected and whether the daemon answers; drives the status banner."""

    url: str = ""
    state: str = CONNECTING
    message: str = ""
    version: str | None = None
    pid: int | None = None
    backend: str | None = None  # telemetry backend name: "nvml" or "fake:<scenario>"
    backend_error: str | None = None
    last_ok: float | None = None
    remote: bool = False

    def __post_init__(self) -> None:
        Observable.__init__(self)

    def set(self, state: str, message: str = "", **details: Any) -> None:
        changed = (state, message) != (self.state, self.message)
        self.state, self.message = state, message
        for key, value in details.items():
            if getattr(self, key) != value:
                setattr(self, key, value)
                changed = True
        if state == ONLINE:
            self.last_ok = time.time()
        if changed:
            self.notify()

    @property
    def online(self) -> bool:
        return self.state == ONLINE


@dataclass
class JobsModel(Observable):
    """The job list as last fetched (newest first) plus the details of the selected job."""

    jobs: list[dict[str, Any]] = field(default_factory=list)
    fetched_at: float | None = None
    details: dict[str, Any] | None = None  # the selected job with its events
    log_text: str = ""
    log_error: str | None = None

    def __post_init__(self) -> None:
        Observable.__init__(self)

    def set_jobs(self, jobs: list[dict[str, Any]]) -> None:
        if jobs != self.jobs:
            self.jobs = jobs
            self.fetched_at = time.time()
            if self.details is not None:
                fresh = self.by_id(self.details["id"])
                if fresh is not None:
                    self.details = {**fresh, "events": self.details.get("events") or []}
            self.notify()

    def by_id(self, job_id: int) -> dict[str, Any] | None:
        for job in self.jobs:
            if job.get("id") == job_id:
                return job
        return None

    def upsert(self, job: dict[str, Any]) -> None:
        """Apply a job returned by an action (submit, cancel...) before the next poll brings it."""
        jobs = [j for j in self.jobs if j.get("id") != job.get("id")]
        jobs.append(job)
        jobs.sort(key=lambda j: j.get("id", 0), reverse=True)
        self.jobs = jobs
        if self.details is not None and self.details.get("id") == job.get("id"):
            self.details = {**job, "events": job.get("events") or self.details.get("events") or []}
        self.notify()

    def set_details(self, job: dict[str, Any] | None) -> None:
        self.details = job
        self.notify()

    def set_log(self, job_id: int, text: str | None, error: str | None = None) -> None:
        if self.details is None or self.details.get("id") != job_id:
            return
        if text is not None:
            self.log_text = text
        self.log_error = error
        self.notify()

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for job in self.jobs:
            out[job.get("state", "?")] = out.get(job.get("state", "?"), 0) + 1
        return out


# Assistant availability.
ASSISTANT_UNKNOWN = "unknown"
ASSISTANT_AVAILABLE = "available"
ASSISTANT_MISSING = "missing"  # the daemon has no assistant routes (404)


@dataclass
class ChatMessage:
    role: str  # "user" | "assistant" | "error"
    text: str
    done: bool = True
    markdown: bool = False  # a report (/report): shown rendered, not as its Markdown source


@dataclass
class AssistantModel(Observable):
    """The assistant's state, chat transcript, reports and housekeeping proposals."""

    availability: str = ASSISTANT_UNKNOWN
    state: dict[str, Any] = field(default_factory=dict)
    messages: list[ChatMessage] = field(default_factory=list)
    streaming: bool = False
    conversation_id: str | None = None
    reports: list[dict[str, Any]] = field(default_factory=list)
    report: dict[str, Any] | None = None
    proposals: list[dict[str, Any]] = field(default_factory=list)
    notice: str = ""

    def __post_init__(self) -> None:
        Observable.__init__(self)

    def set_missing(self) -> None:
        if self.availability != ASSISTANT_MISSING:
            self.availability = ASSISTANT_MISSING
            self.notify()

    def set_state(self, state: dict[str, Any]) -> None:
        if state != self.state or self.availability != ASSISTANT_AVAILABLE:
            self.state = state
            self.availability = ASSISTANT_AVAILABLE
            self.notify()

    def start_reply(self, prompt: str) -> None:
        self.messages.append(ChatMessage("user", prompt))
        self.messages.append(ChatMessage("assistant", "", done=False))
        self.streaming = True
        self.notify()

    def add_token(self, text: str) -> None:
        if self.messages and not self.messages[-1].done:
            self.messages[-1].text += text
            self.notify()

    def mark_markdown(self) -> None:
        """The reply being written is a report in Markdown."""
        if self.messages and not self.messages[-1].done:
            self.messages[-1].markdown = True
            self.notify()

    def end_reply(self, error: str | None = None, stopped: bool = False) -> None:
        if self.messages and not self.messages[-1].done:
            self.messages[-1].done = True
            if stopped:
                self.messages[-1].text += " [stopped]"
        if error:
            self.messages.append(ChatMessage("error", error))
        self.streaming = False
        self.notify()

    def load_session(self, session: dict[str, Any]) -> None:
        """Show a conversation the daemon kept (``GET /assistant/sessions/{id}``) and go on in it; only
        into an empty chat, so nothing typed since is replaced."""
        if self.messages or self.streaming:
            return
        for m in session.get("messages") or []:
            role, text = str(m.get("role")), str(m.get("content") or "")
            if role not in ("user", "assistant") or not text:
                continue
            report = role == "assistant" and (m.get("meta") or {}).get("command") == "/report"
            self.messages.append(ChatMessage(role, text, markdown=report))
        if self.messages and session.get("id") is not None:
            self.conversation_id = str(session["id"])
        self.notify()

    def set_reports(self, reports: list[dict[str, Any]]) -> None:
        if reports != self.reports:
            self.reports = reports
            self.notify()

    def set_report(self, report: dict[str, Any] | None) -> None:
        self.report = report
        self.notify()

    def set_proposals(self, proposals: list[dict[str, Any]]) -> None:
        if proposals != self.proposals:
            self.proposals = proposals
            self.notify()

    def set_notice(self, text: str) -> None:
        self.notice = text
        self.notify()
