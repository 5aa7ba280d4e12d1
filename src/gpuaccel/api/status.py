"""The daemon's status answers: health, the idle state of each GPU, telemetry now and a GPU's history.

Response shapes only (the published schema and the client read them); what fills them lives in
:mod:`scheduler.reads.telemetry_view`, :mod:`scheduler.store.history` and the routes.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from gpuaccel.api.tflops import Tflops


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
    status: str  # "ok", or "damaged" once the database was found damaged while serving
    database: str | None = None  # why the database cannot be used (and what to do); None: it can
    version: str
    pid: int
    uptime_s: float
    gpu_count: int
    telemetry: TelemetryInfo


class GpuNow(BaseModel):
    info: dict[str, Any] = Field(description="identity and limits; an unknown value is {na: reason}")
    sample: dict[str, Any] | None = Field(description="latest readings; an unavailable one is {na: reason}")
    tflops: Tflops
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
