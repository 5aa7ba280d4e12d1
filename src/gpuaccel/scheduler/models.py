"""The job contract: its states and the one definition of every shape the store, the API, the client,
the CLI and the GUI share (a job, its request, events, telemetry answers).

They describe; they do not decide: request semantics live in :func:`scheduler.jobs.validate_request`
so the Python API and the HTTP API accept exactly the same jobs. A job's progress and result are the
report channel's own types (:mod:`accel.workloads.report`), so what a job may report, what is stored
and what the API publishes cannot drift apart.
"""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from gpuaccel.accel import workloads
from gpuaccel.accel.workloads.report import Metrics, Progress

__all__ = [
    "ACTIVE", "FINISHED", "Event", "EventList", "Job", "JobList", "JobRequest", "JobState", "Metrics",
    "Progress", "WAITING",
]  # fmt: skip


class JobState(StrEnum):
    """queued -> running -> succeeded, failed or cancelled; retrying waits between two attempts."""

    QUEUED = "queued"
    RETRYING = "retrying"
    RUNNING = "running"
    SUCCEEDED = "succeeded"
    FAILED = "failed"
    CANCELLED = "cancelled"

    @property
    def finished(self) -> bool:
        return self in FINISHED


FINISHED: frozenset[JobState] = frozenset({JobState.SUCCEEDED, JobState.FAILED, JobState.CANCELLED})
ACTIVE: frozenset[JobState] = frozenset(JobState) - FINISHED
WAITING: frozenset[JobState] = frozenset({JobState.QUEUED, JobState.RETRYING})  # not running yet


class JobRequest(BaseModel):
    """What a user submits. The one list of request fields: :func:`scheduler.jobs.validate_request` adds
    the checks of meaning (a command needs argv, gpus must agree with gpu_ids...) for every caller."""

    model_config = ConfigDict(extra="forbid")

    kind: str = Field(
        min_length=1,
        description="'command' or a workload kind (matmul, ...)",
        json_schema_extra=lambda schema: schema.update(enum=["command", *sorted(workloads.kinds())]),
    )
    argv: list[str] = Field(default_factory=list, description="command jobs: the program and its arguments")
    env: dict[str, str] = Field(default_factory=dict)
    cwd: str | None = Field(default=None, description="absolute directory on the daemon's host")
    spec: dict[str, Any] = Field(default_factory=dict, description="workload jobs: the kind's spec")
    name: str | None = Field(default=None, max_length=200)
    priority: int = Field(default=0, ge=-1_000_000, le=1_000_000, description="higher runs first")
    gpus: int | None = Field(
        default=None, ge=0, le=64, description="GPUs needed; default 0 for commands, 1 for GPU workloads"
    )
    gpu_ids: list[Annotated[int, Field(ge=0, le=63)]] | None = Field(
        default=None, min_length=1, description="exactly these GPUs (NVML indices)"
    )
    memory_mib: int | None = Field(
        default=None, ge=1, le=10_000_000, description="free memory needed per GPU"
    )
    max_retries: int = Field(default=0, ge=0, le=100)
    depends_on: list[Annotated[int, Field(ge=1, le=2**63 - 1)]] = Field(
        default_factory=list, description="job ids that must succeed first"
    )
    labels: dict[str, str] = Field(default_factory=dict)
    timeout_s: float | None = Field(default=None, gt=0, le=365 * 86400)
    where: Literal["local", "ray"] | None = Field(
        default=None, description="this host's GPUs or the Ray cluster; default: the daemon's setting"
    )


class PriorityIn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    priority: int = Field(ge=-1_000_000, le=1_000_000)


class ErrorOut(BaseModel):
    detail: str


_JSON_ERROR = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}}
ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorOut, "description": "the body is not JSON", "content": _JSON_ERROR},
    404: {"model": ErrorOut, "description": "no such job (or GPU)", "content": _JSON_ERROR},
    409: {
        "model": ErrorOut,
        "description": "the job is not in a state that allows this",
        "content": _JSON_ERROR,
    },
}


class Event(BaseModel):
    """One line of the queue's history: a job's transition, a GPU turning idle or busy, the gate."""

    id: int
    t: float
    type: str = Field(description="job, idle or gate")
    job_id: int | None
    gpu: int | None
    state: str | None
    message: str
    data: dict[str, Any] | None


class Job(BaseModel):
    """A stored job: what the store builds from a row, the routes return and Python readers use."""

    id: int
    name: str | None
    kind: str
    spec: dict[str, Any]
    argv: list[str]
    env: dict[str, str]
    cwd: str | None
    state: JobState
    priority: int
    gpus: int
    gpu_ids: list[int] | None
    assigned_gpus: list[int]
    memory_mib: int | None
    max_retries: int
    attempt: int
    depends_on: list[int]
    labels: dict[str, str]
    timeout_s: float | None
    created_at: float
    started_at: float | None
    finished_at: float | None
    exit_code: int | None
    reason: str | None = Field(description="why it failed or was cancelled, in words")
    waiting_reason: str | None = Field(description="why a queued job is not running yet")
    progress: Progress | None
    result: Metrics | None = Field(description="what the job reported as its result (JSON object)")
    retry_at: float | None = Field(default=None, description="retrying: when the next attempt is queued")
    worker_pid: int | None = Field(
        default=None, description="running: the worker's pid (= its process group)"
    )
    where: str = Field(default="local", description="local (this host) or ray (the Ray cluster)")
    node: str | None = Field(default=None, description="the cluster node the latest attempt ran on")
    placement_ref: str | None = Field(default=None, description="the latest attempt's Ray submission id")
    events: list[Event] | None = Field(default=None, description="GET /jobs/{id} only; null in listings")
    # Bookkeeping for retries and restart recovery, never sent.
    retry_base: int = Field(default=0, exclude=True)
    worker_start: str | None = Field(default=None, exclude=True)  # the worker's kernel start time

    @field_validator("where", mode="before")
    @classmethod
    def _where(cls, value: Any) -> Any:
        return "local" if value is None else value  # a request's "not said" (the store always says)

    @classmethod
    def from_row(cls, row: Any) -> Job:
        """Build from a jobs row. A progress or result that does not pass the report channel's checks
        (stored by an older version) is dropped, so no listing can fail on it."""
        data = dict(row)
        for key in _JSON_COLUMNS:
            if isinstance(data.get(key), str | bytes):
                try:
                    data[key] = json.loads(data[key])
                except ValueError:
                    data[key] = None
        for key, adapter in _SANITIZED.items():
            if data.get(key) is not None:
                try:
                    data[key] = adapter.validate_python(data[key])
                except (ValueError, RecursionError):
                    data[key] = None
        return cls.model_validate(data)

    @property
    def can_retry(self) -> bool:
        """Whether a failed current attempt may be retried automatically (a user's retry resets the count)."""
        return self.attempt - self.retry_base <= self.max_retries

    @property
    def finished(self) -> bool:
        return self.state in FINISHED

    def to_json(self) -> dict[str, Any]:
        """The API's JSON (``events`` only when they were read)."""
        return self.model_dump(mode="json", exclude={"events"} if self.events is None else None)


_JSON_COLUMNS = (
    "spec",
    "argv",
    "env",
    "gpu_ids",
    "assigned_gpus",
    "depends_on",
    "labels",
    "progress",
    "result",
)
_SANITIZED: dict[str, TypeAdapter[Any]] = {"progress": TypeAdapter(Progress), "result": TypeAdapter(Metrics)}


class JobList(BaseModel):
    jobs: list[Job]


class EventList(BaseModel):
    events: list[Event]


class GpuIdle(BaseModel):
    index: int
    idle: bool
    since: float | None
    reason: str


class IdleOut(BaseModel):
    gpus: list[GpuIdle]
    gate_open: bool
    reason: str | None = None


class TelemetryInfo(BaseModel):
    backend: str
    error: str | None


class HealthOut(BaseModel):
    status: str
    version: str
    pid: int
    uptime_s: float
    gpu_count: int
    telemetry: TelemetryInfo


class TflopsOut(BaseModel):
    """Achieved TFLOP/s on a GPU: exact from a job of ours, else an estimate (or ``na`` with why not)."""

    value: float | None = None
    na: str | None = None
    exact: bool
    source: str
    assumption: str | None = Field(default=None, description="what the figure rests on (hover text)")
    peak: float | dict[str, str] | None = Field(description="dense peak TFLOP/s, or {na: reason}")
    peak_source: str


class GpuNow(BaseModel):
    info: dict[str, Any] = Field(description="identity and limits; an unknown value is {na: reason}")
    sample: dict[str, Any] | None = Field(description="latest readings; an unavailable one is {na: reason}")
    tflops: TflopsOut
    job_id: int | None = Field(default=None, description="the queue's job running on this GPU")


class TelemetryNow(BaseModel):
    backend: str
    error: str | None
    driver: str | dict[str, str] = Field(description="driver version, or {na: reason}")
    gpus: list[GpuNow]


class HistoryOut(BaseModel):
    """Time series of one GPU: ``t`` and one list per requested field (null where unavailable)."""

    model_config = ConfigDict(extra="allow")
    __pydantic_extra__: dict[str, list[float | None]] = Field(init=False)

    gpu: int
    resolution: Literal["raw", "1s", "1m"]
    t: list[float]
