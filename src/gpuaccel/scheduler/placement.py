"""Where a job attempt runs: one interface for this host's processes and for a cluster's jobs.

The scheduler loop, the store and the routes know only :class:`Placement` and :class:`Attempt`: a
placement says whether a queued job fits now (or why it waits), launches an attempt, and reconciles an
attempt that a dead daemon left behind. :class:`LocalPlacement` runs the job as a process group on this
host (:class:`runner.Worker`); ``placement_ray.RayPlacement`` runs it as a Ray job. A job names its
placement in its ``where`` field; :class:`Placements` resolves it, with the daemon's default.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from gpuaccel.accel.workloads.report import Progress
from gpuaccel.scheduler.allocator import GpuState, place
from gpuaccel.scheduler.jobs import Pending
from gpuaccel.scheduler.models import Job, JobState
from gpuaccel.scheduler.paths import DataDir
from gpuaccel.scheduler.runner import Worker, kill_orphan, process_start_marker
from gpuaccel.scheduler.store import Store

LOCAL = "local"
RAY = "ray"
WHERE = (LOCAL, RAY)


class Attempt(Protocol):
    """One running attempt as the scheduler loop supervises it (a :class:`runner.Worker` is one)."""

    job: Job
    job_id: int
    gpus: list[int]
    deadline: float | None
    stop_state: JobState | None
    progress: Progress | None
    result: dict[str, Any] | None
    metrics: dict[str, dict[str, Any]]
    dirty: bool
    proc: Any  # the local process (for is_queue_pid); None where the attempt runs elsewhere

    @property
    def exited(self) -> bool: ...
    def stop(self, state: JobState, reason: str, grace_s: float) -> None: ...
    def enforce_kill(self, now: float) -> None: ...
    def join(self, timeout: float = 0.5) -> None: ...
    def outcome(self) -> tuple[JobState, str | None, int | None]: ...
    def take_skipped(self) -> dict[str, tuple[int, str]]: ...
    def detach(self) -> bool:
        """The daemon is stopping: True when the attempt goes on without it (the next daemon adopts
        it through :meth:`Placement.reconcile`), False when it must be stopped and the job requeued."""
        ...


OnExit = Callable[[Any], None]


@dataclass(frozen=True)
class Lost:
    """What :meth:`Placement.reconcile` found of a dead daemon's attempt: nothing left to adopt.

    ``note`` completes "daemon lost its worker"; ``count_attempt`` False when the attempt provably never
    ran (its retry budget is spared and, for a cluster job, the same submission id is used again)."""

    note: str = ""
    count_attempt: bool = True


class Placement(Protocol):
    name: str

    def fit(
        self, job: Pending, gpus: list[GpuState], held: dict[int, int], no_gpu: str | None
    ) -> list[int] | str:
        """This host's GPU indices the job takes (empty when it takes none here), or why it waits."""
        ...

    def launch(self, job: Job, on_exit: OnExit) -> Attempt:
        """Start a claimed job's attempt; raises RuntimeError (in words) when it cannot start."""
        ...

    def reconcile(self, job: Job, on_exit: OnExit) -> Attempt | Lost:
        """Adopt the attempt a dead daemon left 'running', or say it is gone."""
        ...

    def close(self) -> None: ...


class LocalWorker(Worker):
    """A :class:`runner.Worker` as an :class:`Attempt`: a local process never outlives its daemon."""

    def detach(self) -> bool:
        return False


class LocalPlacement:
    """Jobs as process groups on this host, on the GPUs :func:`allocator.place` picks."""

    name = LOCAL

    def __init__(self, store: Store, data_dir: DataDir) -> None:
        self.store = store
        self.data_dir = data_dir
        self._base_env = {k: v for k, v in os.environ.items() if not k.startswith("GPUACCEL_FAKE")}
        self._default_cwd = os.path.expanduser("~")

    def fit(
        self, job: Pending, gpus: list[GpuState], held: dict[int, int], no_gpu: str | None
    ) -> list[int] | str:
        return place(job, gpus, held, no_gpu)

    def launch(self, job: Job, on_exit: OnExit) -> Attempt:
        worker = LocalWorker(job, self.data_dir.job_log(job.id), on_exit)
        worker.start(self._base_env, self._default_cwd)
        self.store.set_worker(job.id, worker.pid, process_start_marker(worker.pid))
        return worker

    def reconcile(self, job: Job, on_exit: OnExit) -> Attempt | Lost:
        killed = job.worker_pid is not None and kill_orphan(job.worker_pid, job.worker_start)
        return Lost(f" (its orphaned worker, pid {job.worker_pid}, was killed)" if killed else "")

    def close(self) -> None:
        pass


class Unconnected:
    """A placement this daemon was not started with: its jobs wait, saying how to connect."""

    def __init__(self, name: str, how: str) -> None:
        self.name = name
        self.how = how

    def fit(
        self, job: Pending, gpus: list[GpuState], held: dict[int, int], no_gpu: str | None
    ) -> list[int] | str:
        return f"placed on {self.name}, but this daemon is not connected to it ({self.how})"

    def launch(self, job: Job, on_exit: OnExit) -> Attempt:
        raise RuntimeError(f"this daemon is not connected to {self.name} ({self.how})")

    def reconcile(self, job: Job, on_exit: OnExit) -> Attempt | Lost:
        # Not knowable without the cluster: queue it under the same attempt, so that once connected the
        # same submission id is used and an attempt that did reach the cluster is adopted, not doubled.
        return Lost(f" (its {self.name} attempt cannot be checked: {self.how})", count_attempt=False)

    def close(self) -> None:
        pass


class Placements:
    """The placements of one daemon by name, and the one used when a request does not say."""

    def __init__(self, local: Placement, others: dict[str, Placement] | None = None, default: str = LOCAL):
        self._by_name: dict[str, Placement] = {LOCAL: local, **(others or {})}
        if RAY not in self._by_name:
            self._by_name[RAY] = Unconnected(RAY, "start it with `gpuaccel serve --ray ADDRESS`")
        if default not in WHERE:
            raise ValueError(f"default placement {default!r}: accepted: {', '.join(WHERE)}")
        if isinstance(self._by_name[default], Unconnected):
            raise ValueError(f"default placement {default!r} needs a connection: give --ray ADDRESS")
        self.default = default

    @classmethod
    def local_only(cls, store: Store, data_dir: DataDir) -> Placements:
        return cls(LocalPlacement(store, data_dir))

    def cluster(self) -> Any:
        """The connected Ray cluster (``placement_ray.RayPlacement.cluster``), or None."""
        return getattr(self._by_name[RAY], "cluster", None)

    def get(self, where: str | None) -> Placement:
        return self._by_name[where or self.default]

    def connected(self) -> dict[str, Placement]:
        return {n: p for n, p in self._by_name.items() if not isinstance(p, Unconnected)}

    def close(self) -> None:
        for p in self._by_name.values():
            p.close()
