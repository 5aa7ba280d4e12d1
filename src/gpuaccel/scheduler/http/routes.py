"""The scheduler's HTTP routes (mounted under ``/api/v1`` by ``app.daemon``; auth is the daemon's).

Errors follow one shape: 404 unknown job, 409 wrong state, 422 ``{"detail": [{"loc", "msg", "type"}]}``
naming the bad field exactly as FastAPI's own validation does, so clients handle both alike.
"""

from __future__ import annotations

import asyncio
import codecs
import os
import time
from collections.abc import AsyncIterator
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, HTTPException, Path, Query, Request
from fastapi.responses import PlainTextResponse, Response
from fastapi.sse import EventSourceResponse, ServerSentEvent

from gpuaccel.accel.telemetry import backend_name
from gpuaccel.accel.telemetry.fields import HISTORY_FIELDS
from gpuaccel.accel.telemetry.sampler import NUMERIC_FIELDS, Sampler
from gpuaccel.api.jobs import ERRORS, FINISHED, GROUP_NAME, EventList, Job, JobList, JobState
from gpuaccel.api.limits import MAX_LABEL_KEY_CHARS, MAX_LABEL_VALUE_CHARS, MAX_NAME_CHARS, plain_text
from gpuaccel.api.pattern_words import worded
from gpuaccel.api.request import JobRequest, PriorityIn
from gpuaccel.api.status import HealthOut, HistoryOut, IdleOut, TelemetryNow
from gpuaccel.scheduler.http.arrays import array_router
from gpuaccel.scheduler.http.controls import control_router
from gpuaccel.scheduler.http.errors import unprocessable
from gpuaccel.scheduler.http.processes import process_router
from gpuaccel.scheduler.http.submit import SubmitEndpoint
from gpuaccel.scheduler.lifecycle.service import JobNotFound, JobStateError, Scheduler
from gpuaccel.scheduler.lifecycle.validation import RequestError
from gpuaccel.scheduler.placement.log_cap import data_from
from gpuaccel.scheduler.reads.history import query_history
from gpuaccel.scheduler.reads.logtail import TAIL_MAX_BYTES, read_tail, tail_offset
from gpuaccel.scheduler.reads.telemetry_view import telemetry_now
from gpuaccel.scheduler.store import idempotency

_STATE_NAMES = frozenset(s.value for s in JobState)
_STATES = "|".join(JobState)
STATE_LIST = worded(rf"^({_STATES})(,({_STATES}))*$", f"a comma list of job states: {', '.join(JobState)}")
_FIELDS = "|".join(dict.fromkeys([*HISTORY_FIELDS, *NUMERIC_FIELDS]))  # raw takes any sampler field
FIELD_LIST = worded(
    rf"^({_FIELDS})(,({_FIELDS}))*$",
    f"a comma list of fields: {', '.join(HISTORY_FIELDS)} (raw also takes the other sampler fields)",
)
LABEL = worded(r"^[^=]+=", "a label filter KEY=VALUE (a key, '=', then the value; repeatable)")
OFFSET = worded(r"^\d+$", "a byte offset (digits), as a log event's id gives it")
JobId = Annotated[int, Path(ge=1, le=2**63 - 1, description="job id")]


def log_offset(last_event_id: str | None = Header(None, max_length=20, pattern=OFFSET)) -> int | None:
    """A log stream's ``Last-Event-ID``: a byte offset no larger than any file's (a seek past 2**63 - 1
    cannot even be tried), else 422 before the stream starts."""
    if last_event_id is None:
        return None
    if int(last_event_id) > MAX_LOG_OFFSET:
        raise unprocessable(
            "last-event-id", f"a byte offset is at most {MAX_LOG_OFFSET}, got {last_event_id}", "header"
        )
    return int(last_event_id)


LOG_EVENT_BYTES = 1 << 20  # a log stream reads (and sends) at most this much at once
MAX_LOG_OFFSET = 2**63 - 1  # the largest file offset; a Last-Event-ID above it is refused (422)
SUBMIT_RESPONSES: dict[int | str, dict[str, Any]] = {
    **ERRORS,
    200: {"model": Job, "description": "a repeated Idempotency-Key: the job that key first created"},
    201: {"description": "queued (an array: its first element); Location: /jobs/{id}"},
    409: {**ERRORS[409], "description": "the Idempotency-Key was used for a different request"},
}


def create_router(
    scheduler: Scheduler,
    sampler: Sampler | None,
    version: str,
    started_at: float,
    submits: SubmitEndpoint | None = None,
) -> APIRouter:
    """``submits`` is the daemon's one submit endpoint when it also serves the fast path (one batcher)."""
    router = APIRouter()
    store = scheduler.store
    submits = submits or SubmitEndpoint(scheduler)

    def call(fn: Any, *args: Any) -> Any:
        try:
            return fn(*args)
        except JobNotFound as exc:
            raise HTTPException(404, detail=str(exc)) from None
        except JobStateError as exc:
            raise HTTPException(409, detail=str(exc)) from None
        except RequestError as exc:
            raise unprocessable(exc.field, exc.message) from None

    def job_or_404(job_id: int, with_events: bool = False) -> Job:
        job = store.get(job_id, with_events=with_events)
        if job is None:
            raise HTTPException(404, detail=f"no job with id {job_id}")
        return job

    @router.get("/health", response_model=HealthOut, tags=["daemon"])
    def health() -> dict[str, Any]:
        return {
            "status": "damaged" if store.damaged else "ok",
            "database": str(store.damaged) if store.damaged else None,
            "version": version,
            "pid": os.getpid(),
            "uptime_s": round(time.time() - started_at, 3),
            "gpu_count": len(sampler.infos) if sampler is not None and sampler.available else 0,
            "telemetry": {
                "backend": backend_name(sampler.backend) if sampler is not None else "off",
                "error": sampler.error if sampler is not None else "telemetry is off",
            },
        }

    @router.post("/jobs", status_code=201, response_model=Job, tags=["jobs"], responses=SUBMIT_RESPONSES)
    async def submit(
        request: JobRequest,
        http: Request,
        idempotency_key: Annotated[
            str | None,
            Header(
                alias=idempotency.HEADER,
                pattern=idempotency.KEY_PATTERN,
                description=f"{idempotency.KEY_HELP}: a repeat returns the job it first created (200)",
            ),
        ] = None,
    ) -> Response:
        # On the event loop, not the thread pool: validation and a short SQLite transaction cost less than
        # the hop, and submission is the hot path (bursts of thousands): the batcher gives a burst one
        # transaction per loop turn. The daemon's fast path answers most submissions before this route.
        job, created = await submits.submit(request, idempotency_key)
        return submits.response(job, created, http.url.path)

    @router.get("/jobs", response_model=JobList, tags=["jobs"])
    def list_jobs(
        state: str | None = Query(None, description="comma list of states", pattern=STATE_LIST),
        kind: str | None = None,
        label: Annotated[
            list[Annotated[str, Query(pattern=LABEL)]] | None,
            Query(description="k=v, repeatable; all must match"),
        ] = None,
        limit: int = Query(100, ge=1, le=10000),
        group: str | None = Query(None, pattern=GROUP_NAME, description="only this queue group"),
        name: str | None = Query(
            None, min_length=1, max_length=MAX_NAME_CHARS, description="the job's name; a glob with * ? ["
        ),
        where: Literal["local", "ray"] | None = Query(None, description="only jobs placed so"),
        since: float | None = Query(None, ge=0, description="only jobs submitted at or after this unix time"),
    ) -> JobList:
        states = [s.strip() for s in state.split(",") if s.strip()] if state else None
        for s in states or []:
            if s not in _STATE_NAMES:
                raise unprocessable("state", f"unknown state {s!r}; one of {', '.join(JobState)}", "query")
        labels = {}
        for item in label or []:
            key, sep, value = item.partition("=")
            if not sep or not key:
                raise unprocessable("label", f"{item!r} is not k=v", "query")
            try:
                plain_text(item)
            except ValueError as exc:
                raise unprocessable("label", f"the label filter {exc}", "query") from None
            if len(key) > MAX_LABEL_KEY_CHARS or len(value) > MAX_LABEL_VALUE_CHARS:
                raise unprocessable(
                    "label",
                    f"a label key has at most {MAX_LABEL_KEY_CHARS} characters, "
                    f"a value {MAX_LABEL_VALUE_CHARS}",
                    "query",
                )
            labels[key] = value
        # The summary form: a listing stays small and fast whatever was submitted; show has it all.
        return JobList(
            jobs=store.list(
                states=states,
                kind=kind,
                labels=labels,
                limit=limit,
                summary=True,
                group=group,
                name=name,
                where=where,
                since=since,
            )  # fmt: skip
        )

    @router.get("/jobs/{job_id}", response_model=Job, tags=["jobs"], responses=ERRORS)
    def get_job(job_id: JobId) -> Job:
        return job_or_404(job_id, with_events=True)

    @router.post("/jobs/{job_id}/cancel", response_model=Job, tags=["jobs"], responses=ERRORS)
    def cancel(job_id: JobId) -> Job:
        return call(scheduler.cancel, job_id)

    @router.post("/jobs/{job_id}/retry", response_model=Job, tags=["jobs"], responses=ERRORS)
    def retry(job_id: JobId) -> Job:
        return call(scheduler.retry, job_id)

    @router.post("/jobs/{job_id}/priority", response_model=Job, tags=["jobs"], responses=ERRORS)
    def priority(job_id: JobId, body: PriorityIn) -> Job:
        return call(scheduler.set_priority, job_id, body.priority)

    @router.get(
        "/jobs/{job_id}/log",
        tags=["jobs"],
        response_class=PlainTextResponse,
        responses={200: {"content": {"text/plain": {"schema": {"type": "string"}}}}, **ERRORS},
    )
    def log_tail(
        job_id: JobId,
        tail: int = Query(
            200, ge=0, le=1_000_000, description=f"lines; the text is at most the last {TAIL_MAX_BYTES} bytes"
        ),
    ) -> PlainTextResponse:
        job_or_404(job_id)
        return PlainTextResponse(read_tail(scheduler.data_dir.job_log(job_id), tail))

    def existing_job(job_id: JobId) -> int:
        """A dependency: a stream answers 404 before it starts, not as an event inside it."""
        job_or_404(job_id)
        return job_id

    @router.get(
        "/jobs/{job_id}/log/stream",
        tags=["jobs"],
        response_class=EventSourceResponse,
        responses=ERRORS,
    )
    async def log_stream(
        tail: int = Query(200, ge=0, le=1_000_000),
        resume_at: int | None = Depends(log_offset),
        job_id: int = Depends(existing_job),
    ) -> AsyncIterator[ServerSentEvent]:
        """``log`` events with the file's text from its last ``tail`` lines on, then ``end`` ({"state"}).

        Each event's data is a JSON string, so ``\\r``, form feeds, U+2028 and partial lines arrive exactly;
        one incremental decoder keeps a UTF-8 character split across reads whole. Each event's id is the
        byte offset its text ends at: a client that reconnects with it as ``Last-Event-ID`` (after a daemon
        restart) goes on from there, neither losing nor repeating a byte; ``tail`` is then ignored."""
        path = scheduler.data_dir.job_log(job_id)
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        offset = resume_at if resume_at is not None else tail_offset(path, tail)
        while True:
            job = store.get(job_id)
            finished = job is None or job.state in FINISHED
            while True:  # everything written so far, in bounded reads
                try:
                    with open(path, "rb") as f:
                        # past what a log cap dropped; never past the end (a Last-Event-ID beyond it
                        # goes on from there: a seek that far is refused by the file system)
                        offset = min(data_from(f, offset), os.fstat(f.fileno()).st_size)
                        f.seek(offset)
                        chunk = f.read(LOG_EVENT_BYTES)
                except FileNotFoundError:
                    chunk = b""
                offset += len(chunk)
                text = decoder.decode(chunk, final=finished and len(chunk) < LOG_EVENT_BYTES)
                if text:  # the id: where the decoded text ends (a split character's bytes come next)
                    done = offset - len(decoder.getstate()[0])
                    yield ServerSentEvent(event="log", data=text, id=str(done))
                if len(chunk) < LOG_EVENT_BYTES:
                    break
            if finished:
                yield ServerSentEvent(event="end", data={"state": job.state if job else "gone"})
                return
            await asyncio.sleep(0.1)

    @router.get("/events", response_model=EventList, tags=["events"])
    def events(
        after: int = Query(0, ge=0, le=2**63 - 1),
        limit: int = Query(100, ge=1, le=10000),
        job_id: int | None = Query(None, ge=1, le=2**63 - 1),
    ) -> EventList:
        return EventList(events=store.events(after=after, limit=limit, job_id=job_id))

    @router.get("/idle", response_model=IdleOut, tags=["idle"])
    def idle() -> dict[str, Any]:
        return scheduler.idle.to_json()

    @router.get("/telemetry/now", response_model=TelemetryNow, tags=["telemetry"])
    def now() -> dict[str, Any]:
        return telemetry_now(sampler, scheduler)

    @router.get("/telemetry/history", response_model=HistoryOut, tags=["telemetry"], responses=ERRORS)
    def history(
        gpu: int = Query(0, ge=0, le=63),
        fields: str = Query("util_gpu,mem_used_mib", description="comma list", pattern=FIELD_LIST),
        since: float | None = Query(None, description="unix seconds; default one hour ago"),
        until: float | None = Query(None, description="unix seconds; default now"),
        resolution: Literal["raw", "1s", "1m"] = Query("1s", description="raw (10 Hz, in memory), 1s or 1m"),
    ) -> dict[str, Any]:
        names = [f.strip() for f in fields.split(",") if f.strip()]
        if not names:
            raise unprocessable("fields", "give at least one field", "query")
        try:
            return query_history(store, sampler, gpu, names, since, until, resolution)
        except LookupError as exc:
            raise HTTPException(404, detail=str(exc)) from None
        except ValueError as exc:
            field, _, message = str(exc).partition(": ")
            raise unprocessable(field, message, "query") from None

    router.include_router(process_router(store, sampler))
    router.include_router(array_router(scheduler))
    router.include_router(control_router(scheduler))
    return router
