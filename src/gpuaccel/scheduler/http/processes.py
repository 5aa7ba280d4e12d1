"""The GPU process table over HTTP: list every GPU process with its owner job, and signal one of the
user's own (mounted beside the scheduler's routes under ``/api/v1``).

The daemon decides who may be signalled, not the client: a signal names the pid and the start time the
client saw, and :meth:`accel.telemetry.processes.ProcessTable.send` checks both again before sending.
"""

from __future__ import annotations

import os
import threading
from typing import Any, Literal

from fastapi import APIRouter, HTTPException, Path
from pydantic import BaseModel, Field

from gpuaccel.accel.telemetry.processes import (
    NOT_IN_NAMESPACE,
    SIGNALS,
    GpuProcess,
    ProcessTable,
    SignalRefused,
    unlisted,
)
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.accel.telemetry.types import GpuSample
from gpuaccel.api.jobs import ErrorOut
from gpuaccel.scheduler.reads.queue import running_pids
from gpuaccel.scheduler.store.queue import Store

_ERR = {"model": ErrorOut}
SIGNAL_ERRORS: dict[int | str, dict[str, Any]] = {
    403: {**_ERR, "description": "not your process, not visible here, or the system refused"},
    404: {**_ERR, "description": "no such GPU process (or it ended)"},
    409: {**_ERR, "description": "the pid now names another process (start time differs)"},
}


class UnlistedGpu(BaseModel):
    gpu: int
    reason: str


class ProcessesOut(BaseModel):
    processes: list[dict[str, Any]] = Field(
        description="one row per (process, GPU); an unavailable value is {na: reason}"
    )
    unlisted: list[UnlistedGpu] = Field(
        default_factory=list,
        description="GPUs whose processes could not be listed (no permission, GPU lost), with why",
    )
    pid_namespace: Literal["host", "container"] = Field(
        description="container: NVML's host pids cannot be looked up here"
    )
    note: str | None = None
    available: bool = Field(description="GPU telemetry works (else no process can be listed)")


class SignalIn(BaseModel):
    signal: Literal["TERM", "KILL", "INT"] = "TERM"
    started: float = Field(description="the process's start time (unix seconds) as listed")


class SignalOut(BaseModel):
    pid: int
    signal: str
    name: str
    gpu: int


def queue_job_of(store: Store, pid: int) -> int | None:
    """The running queue job owning ``pid``: its process group is a worker's (workers lead their group)."""
    workers = running_pids(store)
    if not workers:
        return None
    try:
        return workers.get(os.getpgid(pid))
    except (ProcessLookupError, PermissionError):
        return None


def process_router(store: Store, sampler: Sampler | None, table: ProcessTable | None = None) -> APIRouter:
    router = APIRouter()
    table = table or ProcessTable()
    lock = threading.Lock()  # the table keeps psutil handles and CPU intervals between listings

    def job_of(pid: int) -> int | None:
        return queue_job_of(store, pid)

    def rows(samples: list[GpuSample] | None = None) -> list[GpuProcess]:
        if samples is None:
            samples = sampler.latest() if sampler is not None else []
        with lock:
            return table.rows(samples, job_of)

    @router.get("/processes", response_model=ProcessesOut, tags=["processes"])
    def processes() -> dict[str, Any]:
        samples = sampler.latest() if sampler is not None else []
        return {
            "processes": [r.to_json() for r in rows(samples)],
            "unlisted": unlisted(samples),
            "pid_namespace": "host" if table.host_namespace else "container",
            "note": None if table.host_namespace else NOT_IN_NAMESPACE,
            "available": sampler is not None and sampler.available,
        }

    @router.post(
        "/processes/{pid}/signal", response_model=SignalOut, tags=["processes"], responses=SIGNAL_ERRORS
    )
    def send_signal(body: SignalIn, pid: int = Path(ge=1, le=2**31 - 1)) -> dict[str, Any]:
        current = rows()
        try:
            with lock:
                row = table.send(pid, body.started, body.signal, current)
        except SignalRefused as exc:
            raise HTTPException(exc.status, detail=str(exc)) from None
        return {"pid": pid, "signal": body.signal, "name": row.name, "gpu": row.gpu}

    return router


__all__ = ["SIGNALS", "process_router"]
