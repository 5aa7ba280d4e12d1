"""Client: one typed method per daemon operation, so no caller builds a method, path or body itself."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import httpx

from gpuaccel.api.jobs import ArrayOut, Event, EventList, Job, JobList, JobState
from gpuaccel.api.status import HealthOut, IdleOut
from gpuaccel.app.client.connection import API, IDEMPOTENCY_HEADER
from gpuaccel.app.client.controls import QueueControls
from gpuaccel.app.client.errors import ClientError, DaemonNotRunning, StreamBroken
from gpuaccel.app.client.sse import ServerEvent

ASSISTANT = "/assistant"
RESTART_GRACE_S = 30.0  # how long wait() waits for a daemon that stopped answering to answer again


class Client(QueueControls):
    # -- daemon and jobs -----------------------------------------------------------------------------

    def health(self) -> HealthOut:
        return self._model(HealthOut, "GET", "/health")

    def submit(self, kind: str, idempotency_key: str | None = None, **fields: Any) -> Job:
        """Submit a job: ``submit("command", argv=[...])`` or ``submit("matmul", spec={...}, gpus=1)``;
        an array (``array="0-15%4"``) returns its first element, whose id is the array's.

        Every submission carries an idempotency key (a fresh one unless given), so a retry after a
        dropped connection returns the job the first try queued instead of queueing it twice."""
        headers = {IDEMPOTENCY_HEADER: idempotency_key or uuid.uuid4().hex}
        return self._job("POST", "/jobs", json={"kind": kind, **fields}, headers=headers)

    def get_array(self, array_id: int, index: int | None = None, limit: int = 1000) -> ArrayOut:
        """An array: its elements' state counts and its elements in index order (or only ``index``)."""
        params: dict[str, Any] = {"limit": limit} if index is None else {"index": index}
        return self._model(ArrayOut, "GET", f"/arrays/{int(array_id)}", params=params)

    def cancel_array(self, array_id: int) -> ArrayOut:
        """Cancel every unfinished element of an array; ``states`` counts its elements afterwards."""
        return self._model(ArrayOut, "POST", f"/arrays/{int(array_id)}/cancel")

    def list_jobs(
        self,
        state: str | JobState | list[str] | list[JobState] | None = None,
        kind: str | None = None,
        labels: dict[str, str] | None = None,
        limit: int = 100,
        group: str | None = None,
        name: str | None = None,
        where: str | None = None,
        since: float | None = None,
    ) -> list[Job]:
        params: dict[str, Any] = {"limit": limit}
        filters = {"group": group, "name": name, "where": where, "since": since}
        params.update({k: v for k, v in filters.items() if v is not None})
        if state:
            params["state"] = state if isinstance(state, str) else ",".join(state)
        if kind:
            params["kind"] = kind
        if labels:
            params["label"] = [f"{k}={v}" for k, v in labels.items()]
        return self._model(JobList, "GET", "/jobs", params=params).jobs

    def get_job(self, job_id: int) -> Job:
        return self._job("GET", f"/jobs/{int(job_id)}")

    def cancel(self, job_id: int) -> Job:
        return self._job("POST", f"/jobs/{int(job_id)}/cancel")

    def retry(self, job_id: int) -> Job:
        return self._job("POST", f"/jobs/{int(job_id)}/retry")

    def set_priority(self, job_id: int, priority: int) -> Job:
        return self._job("POST", f"/jobs/{int(job_id)}/priority", json={"priority": priority})

    def _job(self, method: str, path: str, **kw: Any) -> Job:
        return self._model(Job, method, path, **kw)

    def log(self, job_id: int, tail: int = 200) -> str:
        return self.request("GET", f"{API}/jobs/{int(job_id)}/log", params={"tail": tail}).text

    def follow_log(self, job_id: int, tail: int = 200) -> Iterator[str]:
        """The log's last ``tail`` lines, then its text as it is written, until the job ends.

        Joined, the chunks equal the file decoded as UTF-8 with replacement: ``\\r`` progress lines, form
        feeds, U+2028 and a last line without a newline included. A daemon that goes away mid-stream (a
        crash under systemd, an upgrade) is waited for up to ``RESTART_GRACE_S``, and the stream goes on
        from the last byte received (its event id as ``Last-Event-ID``): nothing lost, nothing twice."""
        resume: str | None = None  # the byte offset the text received so far ends at
        unanswered_since: float | None = None
        while True:
            headers = {"Last-Event-ID": resume} if resume is not None else {}
            try:
                for event in self._stream(
                    "GET", f"/jobs/{int(job_id)}/log/stream", params={"tail": tail}, headers=headers
                ):
                    unanswered_since = None
                    if event.event == "end":
                        return
                    if event.event == "log":
                        if not isinstance(event.data, str):
                            kind = type(event.data).__name__
                            raise ClientError(f"a log event's data must be text, got {kind}")
                        resume = event.id or resume
                        yield event.data
                return  # the server closed the stream without an end: as before, stop here
            except (DaemonNotRunning, StreamBroken):
                unanswered_since = unanswered_since or time.monotonic()
                if resume is None or time.monotonic() - unanswered_since > RESTART_GRACE_S:
                    raise
                time.sleep(0.2)

    def wait(
        self,
        job_id: int,
        timeout: float | None = None,
        poll_s: float = 0.2,
        on_poll: Callable[[Job], None] | None = None,
    ) -> Job:
        """Block until the job has finished (succeeded, failed, cancelled) and return it; ``on_poll`` sees
        each reading of it before then (a progress bar).

        A job outlives its daemon, so a daemon that stops answering once it has answered (a crash under
        systemd, an upgrade) is waited for, up to ``RESTART_GRACE_S`` without an answer; only then
        :class:`DaemonNotRunning` is raised (at once when no daemon answered at all)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        unanswered_since: float | None = None
        state: JobState | None = None
        while True:
            try:
                job = self.get_job(job_id)
            except DaemonNotRunning:
                unanswered_since = unanswered_since or time.monotonic()
                if state is None or time.monotonic() - unanswered_since > RESTART_GRACE_S:
                    raise
            else:
                if job.finished:
                    return job
                unanswered_since, state = None, job.state
                if on_poll is not None:
                    on_poll(job)
            if deadline is not None and time.monotonic() > deadline:
                now = state if unanswered_since is None else f"{state} when the daemon last answered"
                raise TimeoutError(f"job {job_id} still {now} after {timeout:g} s")
            time.sleep(poll_s)

    def events(self, after: int = 0, limit: int = 100, job_id: int | None = None) -> list[Event]:
        params: dict[str, Any] = {"after": after, "limit": limit}
        if job_id is not None:
            params["job_id"] = job_id
        return self._model(EventList, "GET", "/events", params=params).events

    def telemetry_now(self) -> dict[str, Any]:
        return self._json("GET", "/telemetry/now")

    def telemetry_history(
        self,
        gpu: int,
        fields: list[str],
        since: float | None = None,
        until: float | None = None,
        resolution: str = "1s",
    ) -> dict[str, Any]:
        params: dict[str, Any] = {"gpu": gpu, "fields": ",".join(fields), "resolution": resolution}
        if since is not None:
            params["since"] = since
        if until is not None:
            params["until"] = until
        return self._json("GET", "/telemetry/history", params=params)

    def cluster(self) -> dict[str, Any]:
        """The daemon's Ray cluster: its job API's address and its nodes (ApiError 404 when not connected)."""
        return self._json("GET", "/cluster")

    def cluster_telemetry(self) -> dict[str, Any]:
        """Every Ray node's GPUs: ``{"error", "hosts": [{"host", "alive", "reason", "gpus"...}]}``."""
        return self._json("GET", "/cluster/telemetry")

    def processes(self) -> dict[str, Any]:
        """Every GPU process: ``{"processes": [row...], "pid_namespace", "note", "available"}``."""
        return self._json("GET", "/processes")

    def signal_process(self, pid: int, started: float, signal: str = "TERM") -> dict[str, Any]:
        """Send TERM, KILL or INT to GPU process ``pid`` if it is still the one started at ``started``."""
        body = {"signal": signal.upper(), "started": started}
        return self._json("POST", f"/processes/{int(pid)}/signal", json=body)

    def idle(self) -> IdleOut:
        return self._model(IdleOut, "GET", "/idle")

    def metrics(self) -> str:
        return self.request("GET", "/metrics").text

    # -- the assistant ---------------------------------------------------------------------------------

    def assistant_state(self) -> dict[str, Any]:
        return self._json("GET", f"{ASSISTANT}/state")

    def assistant_settings(self, **settings: Any) -> dict[str, Any]:
        """Save the assistant's policy (``on_close``, ``use_gpu``)."""
        return self._json("POST", f"{ASSISTANT}/settings", json=settings)

    def chat(
        self,
        message: str,
        conversation_id: int | None = None,
        cancel: threading.Event | None = None,
        on_open: Callable[[httpx.Response], None] | None = None,
    ) -> Iterator[ServerEvent]:
        """The answer as events: ``meta``, ``token`` (``{"text"}``) ..., then ``done`` or ``error``."""
        body: dict[str, Any] = {"message": message}
        if conversation_id is not None:
            body["conversation_id"] = conversation_id
        yield from self._stream("POST", f"{ASSISTANT}/chat", json=body, cancel=cancel, on_open=on_open)

    def query_specs(self) -> list[dict[str, Any]]:
        """The typed queries the daemon answers: name, description, JSON Schema of the arguments."""
        return self._json("GET", f"{ASSISTANT}/queries")["queries"]

    def query(self, name: str, args: dict[str, Any] | None = None) -> dict[str, Any]:
        """Run one typed query: ``{"query", "sentence", "columns", "rows"}``; bad arguments are a 422."""
        return self._json("POST", f"{ASSISTANT}/query", json={"name": name, "args": dict(args or {})})

    def stop_chat(self, conversation_id: int | None) -> dict[str, Any]:
        return self._json("POST", f"{ASSISTANT}/chat/stop", json={"conversation_id": conversation_id})

    def sessions(self) -> list[dict[str, Any]]:
        return self._json("GET", f"{ASSISTANT}/sessions")["sessions"]

    def session(self, session_id: int) -> dict[str, Any]:
        return self._json("GET", f"{ASSISTANT}/sessions/{int(session_id)}")

    def delete_session(self, session_id: int) -> dict[str, Any]:
        return self._json("DELETE", f"{ASSISTANT}/sessions/{int(session_id)}")

    def reports(self) -> list[dict[str, Any]]:
        return self._json("GET", f"{ASSISTANT}/reports")["reports"]

    def make_report(
        self, kind: str = "daily", day: str | None = None, job_id: int | None = None
    ) -> dict[str, Any]:
        body: dict[str, Any] = {"kind": kind, "day": day} if kind == "daily" else {"kind": kind}
        if job_id is not None:
            body["job_id"] = job_id
        return self._json("POST", f"{ASSISTANT}/reports", json=body)

    def report(self, report_id: int) -> dict[str, Any]:
        return self._json("GET", f"{ASSISTANT}/reports/{int(report_id)}")

    def report_export(self, report_id: int, fmt: str = "md") -> str:
        path = f"{API}{ASSISTANT}/reports/{int(report_id)}/export"
        return self.request("GET", path, params={"format": fmt}).text

    def report_plot(self, report_id: int, name: str) -> bytes:
        return self.request("GET", f"{API}{report_plot_path(report_id, name)}").content

    def housekeeping(self) -> list[dict[str, Any]]:
        return self.housekeeping_scan()["proposals"]

    def housekeeping_scan(self) -> dict[str, Any]:
        """Proposals, roots left alone (``refused``) and GPU processes outside the queue (information)."""
        return self._json("GET", f"{ASSISTANT}/housekeeping")

    def housekeeping_apply(self, ids: list[str], confirm: bool) -> list[Any]:
        body = {"ids": list(ids), "confirm": bool(confirm)}
        return self._json("POST", f"{ASSISTANT}/housekeeping/apply", json=body)["results"]

    def models(self) -> dict[str, Any]:
        return self._json("GET", f"{ASSISTANT}/models")

    def import_model(self, path: str, name: str | None = None) -> dict[str, Any]:
        body = {"path": path} if name is None else {"path": path, "name": name}
        return self._json("POST", f"{ASSISTANT}/models/import", json=body)

    def download_model(self, name: str, sha256: str | None = None, url: str | None = None) -> dict[str, Any]:
        body = {"name": name, "sha256": sha256, "url": url}
        return self._json("POST", f"{ASSISTANT}/models/download", json=body)

    def select_model(self, name: str) -> dict[str, Any]:
        return self._json("POST", f"{ASSISTANT}/models/select", json={"name": name})


def report_plot_path(report_id: int, name: str) -> str:
    """Where a report's plot lives under the API root (the GUI also uses it to name the image)."""
    return f"{ASSISTANT}/reports/{int(report_id)}/plots/{name}"
