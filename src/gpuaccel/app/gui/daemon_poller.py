"""The API worker's polling: the daemon's state, telemetry, jobs and events, on its own QThread.

It polls ``/telemetry/now`` at the sampling rate (5-10 Hz), and once a second the job list, new events,
the selected job and the assistant's state. Results go back to the GUI thread as signals carrying plain
dicts (a job or an event as the API's JSON: its model's ``model_dump(mode="json")``). When the daemon
stops answering it falls back to one health probe a second and says so, so the window shows "daemon
unreachable" and recovers by itself when the daemon is back. The user's actions are :mod:`gui.worker`.
"""

from __future__ import annotations

import time
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal, Slot

from gpuaccel.api.jobs import Job
from gpuaccel.app.client import Client
from gpuaccel.app.gui import models
from gpuaccel.app.gui.api import NOT_FOUND, UNAUTHORIZED, UNREACHABLE, Api, ApiError
from gpuaccel.app.gui.connection import Endpoint, local_daemon_alive, spawn_local_daemon
from gpuaccel.app.gui.telemetry_model import HISTORY_FIELDS

HISTORY_FIELD_LIST = list(HISTORY_FIELDS.values())
SLOW_PERIOD_S = 1.0
HEALTH_PERIOD_S = 5.0
LONG_HISTORY_PERIOD_S = 60.0
JOB_TELEMETRY_PERIOD_S = 5.0
NO_CLUSTER_RECHECK_S = 30.0  # a daemon not connected to a Ray cluster is asked again this much later


class DaemonPoller(QObject):
    """Lives on the API thread; the GUI calls its slots through queued signals only.
    :class:`worker.ApiWorker` adds the user's actions."""

    connection = Signal(str, str, object)  # state (models.*), message, health dict or None
    telemetry = Signal(object)
    cluster = Signal(object)  # /cluster/telemetry answer, or None when the daemon has no cluster
    history = Signal(int, str, object)  # gpu, "backfill" | "long", history answer
    jobs = Signal(object)
    events = Signal(object)
    jobDetails = Signal(object)
    jobLog = Signal(int, object, str)  # job id, text or None, error
    jobTelemetry = Signal(int, object)  # job id, {gpu: history answer}
    assistant = Signal(str, object)  # "state" | "missing" | "reports" | "report" | "proposals"

    def __init__(
        self,
        endpoint: Endpoint,
        rate_hz: float = 10.0,
        autostart: bool = False,
        daemon_env: dict[str, str] | None = None,
    ) -> None:
        super().__init__()
        self._daemon_env = daemon_env or {}
        self._endpoint = endpoint
        self._rate_hz = rate_hz
        self._autostart = autostart
        self._api: Api | None = None
        self._timer: QTimer | None = None
        self._online = False
        self._state = ""
        self._next_slow = 0.0
        self._next_health = 0.0
        self._next_offline_probe = 0.0
        self._backfilled: set[int] = set()
        self._long_window = False
        self._next_long = 0.0
        self._next_cluster = 0.0
        self._last_event_id: int | None = None
        self._selected: int | None = None
        self._selected_done_at: float | None = None
        self._selected_end: tuple[int, float | None] | None = None  # (attempt, finished_at) last followed
        self._next_job_telemetry = 0.0
        self._assistant_tick = 0
        self._starting_until = 0.0
        self._message = ""

    # ---- lifecycle (slots run on the worker thread) -----------------------------------------------

    @Slot()
    def start(self) -> None:
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._tick)
        self._timer.start(int(1000 / self._rate_hz))
        if self._autostart and not self._endpoint.remote and not local_daemon_alive(self._endpoint):
            self._emit_state(models.STARTING, "starting a local daemon…")
            try:
                log = spawn_local_daemon(self._endpoint, self._daemon_env)
                self._emit_state(models.STARTING, f"starting a local daemon… (its log: {log})")
            except OSError as exc:
                self._emit_state(models.UNREACHABLE, f"could not start a local daemon: {exc}")
        self._tick()

    @Slot()
    def stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        self._close_api()

    @Slot(object)
    def set_endpoint(self, endpoint: Endpoint) -> None:
        self._endpoint = endpoint
        self._close_api()
        self._go_offline(models.CONNECTING, f"connecting to {endpoint.describe()}…")
        self._backfilled.clear()
        self._last_event_id = None
        self._tick()

    @Slot(float)
    def set_rate(self, hz: float) -> None:
        self._rate_hz = max(1.0, min(20.0, hz))
        if self._timer is not None:
            self._timer.setInterval(int(1000 / self._rate_hz))

    @Slot(bool)
    def set_long_window(self, on: bool) -> None:
        self._long_window = on
        self._next_long = 0.0

    @Slot()
    def start_local_daemon(self) -> None:
        try:
            log = spawn_local_daemon(self._endpoint, self._daemon_env)
        except OSError as exc:
            self._emit_state(models.UNREACHABLE, f"could not start a local daemon: {exc}")
            return
        self._emit_state(models.STARTING, f"starting a local daemon… (its log: {log})")
        self._next_offline_probe = 0.0

    @Slot(object)
    def select_job(self, job_id: int | None) -> None:
        self._selected = job_id
        self._selected_done_at = None
        self._next_job_telemetry = 0.0
        if job_id is not None and self._online:
            self._poll_selected(time.time())

    # ---- polling -----------------------------------------------------------------------------------

    def _tick(self) -> None:
        now = time.time()
        if not self._online:
            if self._state == models.STARTING and now > self._starting_until:
                why = "the local daemon did not start; see daemon.log in its data dir"
                self._emit_state(models.UNREACHABLE, why)
            if now >= self._next_offline_probe:
                self._next_offline_probe = now + 1.0
                self._probe()
            return
        try:
            snapshot = self._api.call(Client.telemetry_now)  # type: ignore[union-attr]
            self.telemetry.emit(snapshot)
            self._backfill(snapshot, now)
            if now >= self._next_slow:
                self._next_slow = now + SLOW_PERIOD_S
                self._poll_slow(now)
        except ApiError as exc:
            if exc.kind in (UNREACHABLE, UNAUTHORIZED):
                self._go_offline(exc.kind, exc.message)

    def _probe(self) -> None:
        api = self._ensure_api()
        try:
            health = api.call(Client.health)
            api.call(Client.list_jobs, limit=1)  # /health may be open; this one needs the token
        except ApiError as exc:
            kind = exc.kind if exc.kind in (UNAUTHORIZED, UNREACHABLE) else UNREACHABLE
            message = exc.message
            if kind == UNAUTHORIZED:
                source = (
                    "the token in Settings" if self._endpoint.remote else "the token file of its data dir"
                )
                message = f"the daemon at {api.url} rejected {source}"
            self._go_offline(kind, message)
            return
        self._online = True
        self._next_slow = self._next_health = 0.0
        self._emit_state(models.ONLINE, f"connected to {api.url}", health.model_dump(mode="json"))
        self._on_online()

    def _on_online(self) -> None:
        """Each time the daemon answers again, on the worker thread, after the state says so."""

    def _poll_slow(self, now: float) -> None:
        """Once a second; one failing route (a server error) does not stop the others."""
        api = self._api
        assert api is not None
        steps = [
            lambda: self._poll_jobs(api),
            lambda: self._poll_events(api),
            lambda: self._poll_selected(now),
        ]
        if now >= self._next_health:
            self._next_health = now + HEALTH_PERIOD_S
            steps.append(lambda: self._refresh_health(api))
        self._assistant_tick += 1
        if self._assistant_tick % 2 == 1:
            steps.append(lambda: self._poll_assistant(api))
        if now >= self._next_cluster:
            steps.append(lambda: self._poll_cluster(api, now))
        if self._long_window and now >= self._next_long:
            self._next_long = now + LONG_HISTORY_PERIOD_S
            steps.append(lambda: self._poll_long(api, now))
        for step in steps:
            try:
                step()
            except ApiError as exc:
                if exc.kind in (UNREACHABLE, UNAUTHORIZED):
                    raise

    def _poll_jobs(self, api: Api) -> None:
        jobs = api.call(Client.list_jobs, limit=500)
        if self._selected_done_at is not None:
            job = next((j for j in jobs if j.id == self._selected), None)
            if job is not None and (not job.finished or (job.attempt, job.finished_at) != self._selected_end):
                self._selected_done_at = None  # retried (here or elsewhere): follow its new attempt again
                self._next_job_telemetry = 0.0
        self.jobs.emit([job.to_json() for job in jobs])

    def _poll_cluster(self, api: Api, now: float) -> None:
        """Every node's GPUs once a second while the daemon is connected to a Ray cluster."""
        try:
            self.cluster.emit(api.call(Client.cluster_telemetry))
        except ApiError as exc:
            if exc.kind != NOT_FOUND:
                raise
            self._next_cluster = now + NO_CLUSTER_RECHECK_S
            self.cluster.emit(None)

    def _refresh_health(self, api: Api) -> None:
        health = api.call(Client.health).model_dump(mode="json")
        self._emit_state(models.ONLINE, f"connected to {api.url}", health)

    def _poll_long(self, api: Api, now: float) -> None:
        for gpu in sorted(self._backfilled):
            since = now - 86400
            data = api.call(Client.telemetry_history, gpu, HISTORY_FIELD_LIST, since=since, resolution="1m")
            self.history.emit(gpu, "long", data)

    def _poll_events(self, api: Api) -> None:
        if self._last_event_id is None:  # first poll: skip the past, notify only what happens from now on
            last = 0
            while True:
                events = api.call(Client.events, after=last, limit=10000)
                last = max((e.id for e in events), default=last)
                if len(events) < 10000:
                    break
            self._last_event_id = last
            return
        events = api.call(Client.events, after=self._last_event_id, limit=500)
        if events:
            self._last_event_id = max(self._last_event_id, *(e.id for e in events))
            self.events.emit([e.model_dump(mode="json") for e in events])

    def _poll_selected(self, now: float) -> None:
        api = self._api
        job_id = self._selected
        if api is None or job_id is None:
            return
        if self._selected_done_at is not None and now - self._selected_done_at > 3.0:
            return  # finished and already fetched after the end
        try:
            job = api.call(Client.get_job, job_id)
        except ApiError as exc:
            if exc.kind == NOT_FOUND:
                self.jobLog.emit(job_id, None, f"job {job_id} not found")
                self._selected = None
                return
            raise
        self.jobDetails.emit(job.to_json())
        try:
            self.jobLog.emit(job_id, api.call(Client.log, job_id, tail=200), "")
        except ApiError as exc:
            if exc.kind in (UNREACHABLE, UNAUTHORIZED):
                raise
            self.jobLog.emit(job_id, None, exc.message)
        if job.finished and self._selected_done_at is None:
            self._selected_done_at = now
            self._selected_end = (job.attempt, job.finished_at)
        if job.started_at and (job.finished or now >= self._next_job_telemetry):
            self._next_job_telemetry = now + JOB_TELEMETRY_PERIOD_S
            self._job_telemetry(api, job)

    def _job_telemetry(self, api: Api, job: Job) -> None:
        start = float(job.started_at or 0.0)
        end = float(job.finished_at or time.time())
        resolution = "raw" if end - start < 600 else "1s" if end - start < 6 * 3600 else "1m"
        out: dict[int, Any] = {}
        for gpu in job.assigned_gpus:
            try:
                out[int(gpu)] = api.call(
                    Client.telemetry_history,
                    int(gpu),
                    HISTORY_FIELD_LIST,
                    since=start - 2,
                    until=end + 2,
                    resolution=resolution,
                )
            except ApiError as exc:
                if exc.kind in (UNREACHABLE, UNAUTHORIZED):
                    raise
                out[int(gpu)] = {"error": exc.message}
        self.jobTelemetry.emit(job.id, out)

    def _poll_assistant(self, api: Api) -> None:
        try:
            self.assistant.emit("state", api.call(Client.assistant_state))
        except ApiError as exc:
            if exc.kind == NOT_FOUND or exc.status == 503:  # 503: installed without the assistant extra
                self.assistant.emit("missing", {"message": exc.message})
            elif exc.kind in (UNREACHABLE, UNAUTHORIZED):
                raise

    def _backfill(self, snapshot: dict[str, Any], now: float) -> None:
        for entry in snapshot.get("gpus") or []:
            gpu = int((entry.get("info") or {}).get("index", -1))
            if gpu < 0 or gpu in self._backfilled:
                continue
            self._backfilled.add(gpu)
            try:
                data = self._api.call(  # type: ignore[union-attr]
                    Client.telemetry_history, gpu, HISTORY_FIELD_LIST, since=now - 3600, resolution="1s"
                )
            except ApiError as exc:
                if exc.kind in (UNREACHABLE, UNAUTHORIZED):
                    raise
                continue  # no history on this daemon: the plots fill from live readings
            self.history.emit(gpu, "backfill", data)

    # ---- state helpers -----------------------------------------------------------------------------

    def _ensure_api(self) -> Api:
        if self._api is None:
            self._api = Api(self._endpoint, timeout=5.0 if self._endpoint.remote else 3.0)
        return self._api

    def _close_api(self) -> None:
        if self._api is not None:
            self._api.close()
            self._api = None

    def _go_offline(self, kind: str, message: str) -> None:
        self._online = False
        self._next_offline_probe = time.time() + 1.0
        if not self._endpoint.remote:
            self._close_api()  # re-read daemon.json next time: a restarted daemon may use another port
        state = models.UNAUTHORIZED if kind == UNAUTHORIZED else kind
        if self._state == models.STARTING and state == models.UNREACHABLE:
            return  # still waiting for the daemon we started
        self._emit_state(state, message)

    def _emit_state(self, state: str, message: str, health: Any = None) -> None:
        if state == models.STARTING and self._state != models.STARTING:
            self._starting_until = time.time() + 30.0
        self._state, self._message = state, message
        self.connection.emit(state, message, health)
