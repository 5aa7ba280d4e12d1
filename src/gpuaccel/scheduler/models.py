"""The job contract: its states and the shapes the API, the client, the CLI and the GUI share.

They describe; they do not decide: request semantics live in :func:`scheduler.jobs.validate_request`
so the Python API and the HTTP API accept exactly the same jobs.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from gpuaccel.accel import workloads


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


class JobRequestIn(BaseModel):
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


class Progress(BaseModel):
    fraction: float | None = None
    message: str = ""


class JobOut(BaseModel):
    id: int
    name: str | None
    kind: str
    spec: dict[str, Any]
    argv: list[str]
    env: dict[str, str]
    cwd: str | None
    state: str = Field(description="queued, retrying, running, succeeded, failed or cancelled")
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
    result: dict[str, Any] | None
    retry_at: float | None = Field(default=None, description="retrying: when the next attempt is queued")
    worker_pid: int | None = Field(
        default=None, description="running: the worker's pid (= its process group)"
    )
    events: list[EventOut] | None = None


class EventOut(BaseModel):
    id: int
    t: float
    type: str = Field(description="job, idle or gate")
    job_id: int | None
    gpu: int | None
    state: str | None
    message: str
    data: dict[str, Any] | None


class JobList(BaseModel):
    jobs: list[JobOut]


class EventList(BaseModel):
    events: list[EventOut]


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


JobOut.model_rebuild()
