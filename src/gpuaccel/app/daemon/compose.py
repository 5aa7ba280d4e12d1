"""The daemon's parts, built in one place with plain imports, started and stopped in one order.

Store, telemetry sampler, idle detector, scheduler, history writer and the assistant are made here and
nowhere else, so the import contracts see every edge. The assistant is imported like any other part: an
import error in our own code stops the daemon (``gpuaccel serve`` names it); only its optional third-party
dependencies (``gpuaccel[assistant]``) may be missing, and then its routes answer 503 with the install hint
while the queue and telemetry serve as usual.
"""

from __future__ import annotations

import functools
import logging
import time
from dataclasses import dataclass

from fastapi import Depends, FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.responses import PlainTextResponse
from fastapi.routing import APIRoute
from fastapi.security import HTTPBearer

from gpuaccel.accel.telemetry import open_backend
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.api.jobs import Job
from gpuaccel.app.daemon.auth import TokenAuth
from gpuaccel.app.daemon.guards import BodyLimit, validation_error
from gpuaccel.assistant.http.openai import create_openai_router as openai_router
from gpuaccel.assistant.http.routes import Unavailable
from gpuaccel.assistant.http.routes import create_router as assistant_router
from gpuaccel.assistant.service import AssistantService, missing_dependencies
from gpuaccel.scheduler.config import SchedulerConfig
from gpuaccel.scheduler.http.errors import damaged_answer, disk_full_answer
from gpuaccel.scheduler.http.routes import create_router as scheduler_router
from gpuaccel.scheduler.http.submit import SubmitEndpoint, SubmitFastPath
from gpuaccel.scheduler.lifecycle.flop_ratio import RatioLearner
from gpuaccel.scheduler.lifecycle.health_events import HealthEvents
from gpuaccel.scheduler.lifecycle.idle import IdleDetector
from gpuaccel.scheduler.lifecycle.job_energy import JobEnergy
from gpuaccel.scheduler.lifecycle.service import Scheduler
from gpuaccel.scheduler.paths import DataDir
from gpuaccel.scheduler.placement.cluster import create_router as cluster_router
from gpuaccel.scheduler.placement.placements import LOCAL
from gpuaccel.scheduler.placement.ray_jobs import placements
from gpuaccel.scheduler.reads.telemetry_view import prometheus_text, telemetry_now
from gpuaccel.scheduler.store.history import HistoryWriter
from gpuaccel.scheduler.store.integrity import DamagedDatabase, DiskFull
from gpuaccel.scheduler.store.queue import Store

log = logging.getLogger("gpuaccel.daemon")
API_PREFIX = "/api/v1"
ASSISTANT_INSTALL_HINT = "the assistant needs `pip install 'gpuaccel[assistant]'`"


def version() -> str:
    try:
        from importlib.metadata import version as dist_version

        return dist_version("gpuaccel")
    except Exception:
        return "0.0.0+unknown"


@dataclass
class Daemon:
    """Every long-lived part of one daemon; ``assistant`` is None when its extra is not installed."""

    data_dir: DataDir
    config: SchedulerConfig
    store: Store
    sampler: Sampler
    idle: IdleDetector
    scheduler: Scheduler
    history: HistoryWriter
    assistant: AssistantService | None
    assistant_missing: str | None
    version: str
    started_at: float

    @classmethod
    def build(
        cls, data_dir: DataDir, config: SchedulerConfig, ray: str | None = None, where: str = LOCAL
    ) -> Daemon:
        """Make the parts (the sampler starts reading NVML; nothing else runs until :meth:`start`).
        ``ray``: the Ray cluster's address for jobs placed there; ``where``: the default placement."""
        store = Store(data_dir.db)
        sampler = Sampler(open_backend(), rate_hz=config.sample_hz).start()
        try:
            idle = IdleDetector(config.idle_util_pct, config.idle_after_s)
            places = placements(store, data_dir, ray, where)
            scheduler = Scheduler(store, data_dir, config, sampler, idle, places)
            history = HistoryWriter(store, sampler, config)
            sampler.subscribe(JobEnergy(scheduler).on_round)  # joules per job, as an "energy" event
            sampler.subscribe(RatioLearner(scheduler, sampler).on_round)  # TFLOP/s per job class
            sampler.subscribe(HealthEvents(store).on_round)  # GPU health changes, as "gpu_health" events
            missing = missing_dependencies()
            assistant = None
            if missing:
                log.warning("assistant off: %s (missing: %s)", ASSISTANT_INSTALL_HINT, ", ".join(missing))
            else:
                assistant = AssistantService(
                    data_dir.root, store, sampler, idle, db_path=data_dir.db, logs_dir=data_dir.logs
                )
                assistant.facts.cluster = places.cluster()  # answers about the Ray cluster's nodes
                # the chat's GPU readings are the dashboard's record (a job's exact TFLOP/s included)
                assistant.facts.telemetry_now = functools.partial(telemetry_now, sampler, scheduler)
        except BaseException:
            sampler.stop()  # nothing else has started yet
            store.close()
            raise
        reason = f"{ASSISTANT_INSTALL_HINT} (missing: {', '.join(missing)})" if missing else None
        return cls(
            data_dir,
            config,
            store,
            sampler,
            idle,
            scheduler,
            history,
            assistant,
            reason,
            version(),
            time.time(),
        )

    def start(self) -> list[Job]:
        """Scheduler (recovering the previous daemon's jobs, which are returned), history, assistant."""
        recovered = self.scheduler.start()
        self.history.start()
        if self.assistant is not None:
            self.assistant.start()
            self.assistant.warm_later()  # the picking model, loaded before the first question needs it
        return recovered

    def stop(self) -> None:
        """The reverse of :meth:`start`, then the sampler and the database; safe after a partial start."""
        try:
            if self.assistant is not None:
                self.assistant.stop()
        finally:
            self.history.stop()
            self.scheduler.stop()
            self.sampler.stop()
            self.store.close()

    def api(self, token: str, open_docs: bool = False) -> FastAPI:
        """Scheduler and assistant routes under ``/api/v1`` and ``/metrics``, all behind the token.

        The schema declares bearer auth (the docs page's Authorize button) and names each operation."""
        api = FastAPI(
            title="gpuaccel daemon",
            version=self.version,
            description="GPU telemetry, job queue, assistant. Authorize with the token from the data dir's "
            "'token' file.",
            generate_unique_id_function=operation_id,
            # Declares the scheme in the schema; the check itself is TokenAuth, before any route runs.
            dependencies=[Depends(HTTPBearer(auto_error=False, description="the data dir's 'token' file"))],
        )
        submits = SubmitEndpoint(self.scheduler)
        api.include_router(
            scheduler_router(self.scheduler, self.sampler, self.version, self.started_at, submits),
            prefix=API_PREFIX,
        )
        api.include_router(cluster_router(self.scheduler.placements.cluster()), prefix=API_PREFIX)
        service = self.assistant or Unavailable(self.assistant_missing or ASSISTANT_INSTALL_HINT)
        api.include_router(assistant_router(service), prefix=API_PREFIX)
        api.include_router(openai_router(service))  # /v1/chat/completions for OpenAI-style clients

        @api.get("/metrics", response_class=PlainTextResponse, tags=["daemon"])
        def metrics() -> PlainTextResponse:
            return PlainTextResponse(
                prometheus_text(self.sampler, self.scheduler, self.version),
                media_type="text/plain; version=0.0.4; charset=utf-8",
            )

        api.add_exception_handler(RequestValidationError, validation_error)
        api.add_exception_handler(DiskFull, disk_full_answer)  # 507 with the reason, from any route
        api.add_exception_handler(DamagedDatabase, damaged_answer)  # 503 naming the file, what to do
        # Innermost: a valid submission is answered without the routing machinery (scheduler.http.submit).
        api.add_middleware(SubmitFastPath, endpoint=submits, path=f"{API_PREFIX}/jobs")
        api.add_middleware(BodyLimit)  # inside the token check: a stranger's body is never read
        api.add_middleware(TokenAuth, token=token, open_docs=open_docs)
        return api


def operation_id(route: APIRoute) -> str:
    """``<tag>_<action>`` from the tag and the handler's name: ``jobs_list``, ``daemon_health``."""
    tag = str(route.tags[0]) if route.tags else "api"
    singular = tag[:-1] if tag.endswith("s") else tag
    words = [w for w in route.name.split("_") if w not in (tag, singular)]
    if not words:
        words = [sorted(route.methods)[0].lower()] if route.methods else ["call"]
    return "_".join([tag, *words])
