"""Where ``gpuaccel top`` reads from: the running daemon (through :mod:`app.client`), or NVML in this
process when no daemon runs. Both give the API's JSON shapes, so the model does not care which.

The daemon knows the queue: each process's job, its exact TFLOP/s, cancelling a job. Without it the screen
samples NVML itself (the same sampler and process table the daemon uses) and can signal the user's own
processes, but has no queue jobs.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any, Protocol

from gpuaccel.accel.telemetry import open_backend
from gpuaccel.accel.telemetry.processes import ProcessTable, SignalRefused, unlisted
from gpuaccel.accel.telemetry.snapshot import snapshot
from gpuaccel.app.client.errors import ClientError

if TYPE_CHECKING:
    from gpuaccel.app.client import Client

LOCAL_RATE_HZ = 10.0  # the local sampler's rate, as the daemon's


class SourceError(RuntimeError):
    """A refresh or an action failed; the message says why in words."""


class Source(Protocol):
    """What the screen reads and does; a failure is a :class:`SourceError`."""

    label: str  # "daemon" or "NVML (no daemon running)"
    can_cancel: bool

    def read(self) -> tuple[dict[str, Any], dict[str, Any] | None, dict[int, str]]:
        """(telemetry snapshot, process table or None, names of the running jobs by id)."""

    def backfill(self, gpus: list[int], seconds: float) -> dict[int, dict[str, list[float]]]:
        """Per GPU, the last ``seconds`` of utilization and TFLOP/s at 1 s (empty where none is kept)."""

    def signal(self, pid: int, started: float, signal: str) -> str:
        """Send ``signal`` to GPU process ``pid`` started at ``started``; what was done, in words."""

    def cancel(self, job_id: int) -> str:
        """Cancel queue job ``job_id``; what was done, in words."""

    def close(self) -> None: ...


class DaemonSource:
    """The running daemon: telemetry, the process table with each process's job, and the queue."""

    label = "daemon"
    can_cancel = True

    def __init__(self, client: Client) -> None:
        self.client = client

    def read(self) -> tuple[dict[str, Any], dict[str, Any] | None, dict[int, str]]:
        try:
            now = self.client.telemetry_now()
            procs = self.client.processes()
            jobs = {j.id: j.name or j.kind for j in self.client.list_jobs(state="running", limit=1000)}
        except ClientError as exc:
            raise SourceError(f"daemon: {exc}") from exc
        return now, procs, jobs

    def backfill(self, gpus: list[int], seconds: float) -> dict[int, dict[str, list[float]]]:
        """The daemon's 1 s history (``tflops_est``: the estimate, as the history keeps it)."""
        out = {}
        for gpu in gpus:
            try:
                h = self.client.telemetry_history(
                    gpu, ["util_gpu", "tflops_est"], since=time.time() - seconds
                )
            except ClientError:  # no history is no reason to stop: the sparklines fill as we go
                continue
            out[gpu] = {
                "util": [math.nan if v is None else float(v) for v in h.get("util_gpu", [])],
                "tflops": [math.nan if v is None else float(v) for v in h.get("tflops_est", [])],
            }
        return out

    def signal(self, pid: int, started: float, signal: str) -> str:
        try:
            out = self.client.signal_process(pid, started, signal)
        except ClientError as exc:
            raise SourceError(str(exc)) from exc
        return f"SIG{signal} sent to pid {pid} ({out.get('name', '?')}) on GPU {out.get('gpu', '?')}"

    def cancel(self, job_id: int) -> str:
        try:
            job = self.client.cancel(job_id)
        except ClientError as exc:
            raise SourceError(str(exc)) from exc
        return f"job {job_id}: cancel requested ({job.state})"

    def close(self) -> None:
        self.client.close()


class LocalSource:
    """NVML read in this process (no daemon): the sampler at 10 Hz and the process table."""

    label = "NVML (no daemon running)"
    can_cancel = False

    def __init__(self, backend_name: str | None = None) -> None:
        from gpuaccel.accel.telemetry.sampler import Sampler  # numpy: only where this process samples

        self.sampler = Sampler(open_backend(backend_name), rate_hz=LOCAL_RATE_HZ, capacity=16).start()
        self.table = ProcessTable()

    def read(self) -> tuple[dict[str, Any], dict[str, Any] | None, dict[int, str]]:
        samples = self.sampler.latest()
        rows = self.table.rows(samples)
        procs = {
            "processes": [r.to_json() for r in rows],
            "unlisted": unlisted(samples),
            "note": None,
        }
        return snapshot(self.sampler), procs, {}

    def backfill(self, gpus: list[int], seconds: float) -> dict[int, dict[str, list[float]]]:
        return {}  # the sampler started with this screen: no history before it

    def signal(self, pid: int, started: float, signal: str) -> str:
        try:
            row = self.table.send(pid, started, signal, self.table.rows(self.sampler.latest()))
        except SignalRefused as exc:
            raise SourceError(str(exc)) from exc
        return f"SIG{signal} sent to pid {pid} ({row.name}) on GPU {row.gpu}"

    def cancel(self, job_id: int) -> str:
        raise SourceError("no daemon running: there is no queue job to cancel")

    def close(self) -> None:
        self.sampler.stop()
