"""Where a job attempt runs: one interface for this host's processes and for a cluster's jobs.

The scheduler loop knows only :class:`Placement` and :class:`Running`: a placement says whether a
queued job fits now (or why it waits) and launches an attempt. :class:`LocalPlacement` runs the job on
this host under its attempt's keeper (:class:`runner.Worker`, :mod:`scheduler.placement.attempts`); a dead
daemon's local attempts are recovered from their keeper files by :mod:`scheduler.lifecycle.recovery`. A
:class:`Remote` placement (``placement_ray.RayPlacement``) runs it elsewhere, and its attempts outlive
the daemon: it reconciles each one a dead daemon left behind. A job names its placement in its
``where`` field; :class:`Placements` resolves it, with the daemon's default.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from gpuaccel.api.jobs import Job, JobState
from gpuaccel.scheduler.lifecycle.allocator import GpuState, place
from gpuaccel.scheduler.lifecycle.validation import Pending
from gpuaccel.scheduler.paths import DataDir
from gpuaccel.scheduler.placement.attempts import Attempt
from gpuaccel.scheduler.placement.cluster import inherited_env
from gpuaccel.scheduler.placement.runner import Worker
from gpuaccel.scheduler.store.jobstore import JobStore

LOCAL = "local"
RAY = "ray"
WHERE = (LOCAL, RAY)


class Running(Protocol):
    """One running attempt as the scheduler loop supervises it (a :class:`runner.Worker` is one)."""

    job: Job
    job_id: int
    gpus: list[int]
    deadline: float | None
    stop_state: JobState | None
    metrics: dict[str, dict[str, Any]]

    @property
    def pid(self) -> int | None:
        """The attempt's process group on this host (for idleness), None where it runs elsewhere."""
        ...

    @property
    def exited(self) -> bool: ...
    def stop(self, state: JobState, reason: str, grace_s: float) -> None: ...
    def enforce_kill(self, now: float) -> None: ...
    def join(self, timeout: float = 0.5) -> None: ...
    def outcome(self) -> tuple[JobState, str | None, int | None]: ...
    def flush_progress(self, store: JobStore, interval_s: float, force: bool = False) -> None: ...
    def settled(self) -> None:
        """The outcome is stored: drop what the attempt kept on disk for a later daemon."""
        ...

    def detach(self) -> bool:
        """The daemon is stopping: True when the attempt goes on without it (the next daemon adopts
        it through :meth:`Remote.reconcile`), False when it must be stopped and its job requeued."""
        ...


OnExit = Callable[[Any], None]


NO_ROOM = frozenset({errno.ENOSPC, errno.EDQUOT})  # a launch that fails so waits instead of failing


class NotNow(RuntimeError):
    """A placement that cannot take a job at this moment (a cluster that says to try again later): the job
    waits a short backoff and is queued again, its attempt not counted, instead of failing for good."""


@dataclass(frozen=True)
class Lost:
    """What :meth:`Remote.reconcile` found of a dead daemon's attempt: nothing left to adopt.

    ``note`` completes "daemon lost its worker"; ``count_attempt`` False when the attempt provably never
    ran (the job is queued again and its retry budget is spared)."""

    note: str = ""
    count_attempt: bool = True


@dataclass(frozen=True)
class Unknown:
    """What :meth:`Remote.reconcile` returns when it cannot tell: the job is left untouched (``why``)."""

    why: str


class Placement(Protocol):
    name: str

    def fit(
        self, job: Pending, gpus: list[GpuState], held: dict[int, int], no_gpu: str | None
    ) -> list[int] | str:
        """This host's GPU indices the job takes (empty when it takes none here), or why it waits."""
        ...

    def launch(self, job: Job, on_exit: OnExit) -> Running:
        """Start a claimed job's attempt; raises RuntimeError (in words) when it cannot start."""
        ...

    def close(self) -> None: ...


class Remote(Placement, Protocol):
    """A placement whose attempts outlive the daemon (a cluster's jobs)."""

    def reconcile(self, job: Job, on_exit: OnExit) -> Running | Lost | Unknown:
        """Adopt the attempt a dead daemon left 'running', say it is gone, or say it cannot tell."""
        ...


class LocalWorker(Worker):
    """A :class:`runner.Worker` as a :class:`Running`: a local process never outlives its daemon, and
    its attempt's files go once its outcome is stored."""

    def detach(self) -> bool:
        return False

    def settled(self) -> None:
        self.attempt.remove()


class LocalPlacement:
    """Jobs as keeper-run process groups on this host, on the GPUs :func:`allocator.place` picks."""

    name = LOCAL

    def __init__(self, store: JobStore, data_dir: DataDir) -> None:
        self.store = store
        self.data_dir = data_dir
        # The data dir is no secret: it is how a job's own ``gpuaccel`` (submit, wait) finds this daemon.
        self._base_env = {**inherited_env(), "GPUACCEL_DATA_DIR": str(data_dir.root)}
        self._default_cwd = os.path.expanduser("~")

    def fit(
        self, job: Pending, gpus: list[GpuState], held: dict[int, int], no_gpu: str | None
    ) -> list[int] | str:
        return place(job, gpus, held, no_gpu)

    def worker(self, job: Job, on_exit: OnExit) -> LocalWorker:
        """The worker of the job's current attempt (to launch, or to adopt after a restart)."""
        attempt = Attempt(self.data_dir.runs, job.id, job.attempt)
        return LocalWorker(job, self.data_dir.job_log(job.id), on_exit, attempt)

    def launch(self, job: Job, on_exit: OnExit) -> Running:
        worker = self.worker(job, on_exit)
        try:
            worker.start(self._base_env, self._default_cwd)
        except Exception as exc:
            worker.attempt.remove()
            error = exc if isinstance(exc, OSError) else exc.__cause__
            if isinstance(error, OSError) and error.errno in NO_ROOM:  # the disk, not the job: it waits
                where = error.filename or self.data_dir.job_log(job.id)
                raise NotNow(f"waiting for room on the disk: {error.strerror} ({where})") from exc
            raise
        return worker

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

    def launch(self, job: Job, on_exit: OnExit) -> Running:
        raise RuntimeError(f"this daemon is not connected to {self.name} ({self.how})")

    def reconcile(self, job: Job, on_exit: OnExit) -> Running | Lost | Unknown:
        # Not knowable without the cluster. Queueing it again would start a new attempt (a new submission
        # id) beside one that may still run there, so the job is left as it is until a daemon connected to
        # the cluster adopts it (recovery runs at every daemon start).
        return Unknown(f"its {self.name} attempt cannot be checked: {self.how}")

    def close(self) -> None:
        pass


class Placements:
    """The placements of one daemon by name, and the one used when a request does not say."""

    def __init__(self, local: LocalPlacement, others: dict[str, Remote] | None = None, default: str = LOCAL):
        self.local = local
        self._remote: dict[str, Remote] = dict(others or {})
        if RAY not in self._remote:
            self._remote[RAY] = Unconnected(RAY, "start it with `gpuaccel serve --ray ADDRESS`")
        self._by_name: dict[str, Placement] = {LOCAL: local, **self._remote}
        if default not in WHERE:
            raise ValueError(f"default placement {default!r}: accepted: {', '.join(WHERE)}")
        if isinstance(self._by_name[default], Unconnected):
            raise ValueError(f"default placement {default!r} needs a connection: give --ray ADDRESS")
        self.default = default

    @classmethod
    def local_only(cls, store: JobStore, data_dir: DataDir) -> Placements:
        return cls(LocalPlacement(store, data_dir))

    def cluster(self) -> Any:
        """The connected Ray cluster (``placement_ray.RayPlacement.cluster``), or None."""
        return getattr(self._by_name[RAY], "cluster", None)

    def get(self, where: str | None) -> Placement:
        return self._by_name[where or self.default]

    def remote(self, where: str) -> Remote:
        """The placement of a job whose attempt may outlive the daemon (any but ``local``)."""
        return self._remote[where]

    def connected(self) -> dict[str, Placement]:
        return {n: p for n, p in self._by_name.items() if not isinstance(p, Unconnected)}

    def close(self) -> None:
        for p in self._by_name.values():
            p.close()
