"""The scheduler as the API sees it: submit, cancel, retry, priority and rescan on top of its loop.

Routes, the CLI through HTTP and the assistant in-process call these; each writes to the store with a
guarded transition and wakes the loop (:mod:`scheduler.lifecycle.loop`), which owns everything that follows
from
a process.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Sequence
from typing import Any

from gpuaccel.accel import workloads
from gpuaccel.api.jobs import FINISHED, LIVE, Job, JobState
from gpuaccel.api.request import JobRequest
from gpuaccel.scheduler.lifecycle.allocator import gpu_states, never_fits
from gpuaccel.scheduler.lifecycle.loop import CANCELLED_BY_USER, SchedulerLoop
from gpuaccel.scheduler.lifecycle.validation import COMMAND, RequestError, complete, parse
from gpuaccel.scheduler.store import idempotency
from gpuaccel.scheduler.store.integrity import ensure_room


class JobStateError(RuntimeError):
    """The job exists but is not in a state that allows the request (e.g. retrying a running job)."""


class JobNotFound(LookupError):
    pass


class Scheduler(SchedulerLoop):
    """The queue's one engine: :class:`loop.SchedulerLoop` and the requests that change what it does."""

    # -- the API (routes, CLI through HTTP, assistant in-process) -------------------------------------

    def submit(self, raw: JobRequest | dict[str, Any]) -> Job:
        """Validate and store a job request; raises RequestError (nothing stored) when it is wrong."""
        result = self.submit_many([(raw, None)])[0]
        if isinstance(result, Exception):
            raise result
        return result[0]

    def submit_once(self, raw: JobRequest | dict[str, Any], key: str | None) -> tuple[Job, bool]:
        """:meth:`submit` with an idempotency key: (the job, True) when stored now, (the job the key
        first created, False) for a repeat; :class:`idempotency.IdempotencyConflict` for another request."""
        result = self.submit_many([(raw, key)])[0]
        if isinstance(result, Exception):
            raise result
        return result

    def submit_many(
        self, requests: Sequence[tuple[JobRequest | dict[str, Any], str | None]]
    ) -> list[tuple[Job, bool] | RequestError | idempotency.IdempotencyConflict]:
        """Check each (request, idempotency key) and store the valid ones in one transaction; each gets
        what :meth:`submit_once` gives or the error that says what is wrong with it (one bad request
        never fails another)."""
        checked = [self._checked(raw, key) for raw, key in requests]
        valid = [c for c in checked if not isinstance(c, RequestError)]
        if valid:  # room kept for running jobs' outcomes: a full disk refuses new work first (507)
            ensure_room(self.data_dir.db, int(self.config.min_free_mib * 2**20))
        stored = iter(self.store.insert_submissions(valid) if valid else [])
        results = [c if isinstance(c, RequestError) else next(stored) for c in checked]
        if not any(isinstance(r, tuple) and r[1] for r in results):
            return results
        with self._lock:
            free = len(self._workers) < self.config.max_parallel
        if free:  # else the next exit rescans the queue; a burst then costs the loop nothing
            self._wake.set()
        return results

    def _checked(
        self, raw: JobRequest | dict[str, Any], key: str | None
    ) -> tuple[JobRequest, str | None, str | None] | RequestError:
        """A request checked once: parsed into the model unless a door did it already (the HTTP body),
        then its meaning (:func:`validation.complete`) and what this daemon can run."""
        try:
            parsed = raw if isinstance(raw, JobRequest) else parse(raw)
            # its identity as the client sent it, before the daemon fills anything in
            digest = None if key is None else idempotency.request_hash(parsed.model_dump(exclude_unset=True))
            if parsed.where is None:
                parsed = parsed.model_copy(update={"where": self.placements.default})
            request = complete(parsed)
        except RequestError as exc:
            return exc
        local = self.placements.get(request.where) is self.placements.local
        impossible = self._never_fits(request) if local and request.mig is None else None
        if impossible is not None:  # it would wait forever: refused, as sbatch refuses it
            field, why = impossible
            return RequestError(field, f"{why}; a job that can never start is not queued")
        if request.kind != COMMAND and local:
            lacking = workloads.missing_packages(request.kind)
            if lacking:  # it would wait in the queue, then fail with a ModuleNotFoundError
                return RequestError(
                    "kind",
                    f"{request.kind!r} needs {', '.join(lacking)}, which the daemon's Python "
                    f"({sys.executable}) cannot import: pip install 'gpuaccel[kernels]' there",
                )
        return request, key, digest

    def _never_fits(self, request: JobRequest) -> tuple[str, str] | None:
        """(field, why) when this host's GPUs, as telemetry reads them now, can never hold the request."""
        if self.sampler is None or not self.sampler.available:
            return None  # GPUs unknown: the job waits and says why
        return never_fits(request, gpu_states(self.sampler.latest()))  # type: ignore[arg-type]  # gpus set

    def _job(self, job_id: int) -> Job:
        job = self.store.get(job_id)
        if job is None:
            raise JobNotFound(f"no job with id {job_id}")
        return job

    def cancel(self, job_id: int) -> Job:
        """Cancel a waiting job at once, or remember the cancel of a running one (durably, before any
        signal) so that it ends ``cancelled`` even if it is still being launched or its daemon dies."""
        for _ in range(5):  # the job may change state under us; every step below is a guarded transition
            job = self._job(job_id)
            if job.state in FINISHED:
                raise JobStateError(f"job {job_id} already {job.state}; nothing to cancel")
            if job.state in (JobState.QUEUED, JobState.RETRYING, JobState.HELD):
                done = self.store.cancel_waiting(job_id)
                if done is not None:
                    self._rescan = True
                    self._full_next = True
                    self._wake.set()
                    return done
                continue
            if self.store.request_cancel(job_id) is None:
                continue
            with self._lock:  # a launch registers its worker under this lock, then reads the request
                worker = self._workers.get(job_id)
            if worker is not None:
                worker.stop(JobState.CANCELLED, CANCELLED_BY_USER, self._grace(worker))
            return self._job(job_id)
        raise JobStateError(f"job {job_id} kept changing state while being cancelled; try again")

    def cancel_array(self, array_id: int) -> dict[str, int]:
        """Cancel every element of an array that has not finished; returns its elements' states."""
        if not self.store.array_states(array_id):
            raise JobNotFound(f"no array with id {array_id}")
        if self.store.cancel_array_waiting(array_id, CANCELLED_BY_USER):
            self._rescan = True
            self._full_next = True
            self._wake.set()
        running = self.store.list(states=list(LIVE), limit=self.config.max_parallel + 1000)
        for job in running:  # a running element is stopped as any running job is (or claimed meanwhile)
            if job.array_id == array_id:
                with contextlib.suppress(JobStateError):  # it finished meanwhile
                    self.cancel(job.id)
        return self.store.array_states(array_id)

    def retry(self, job_id: int) -> Job:
        job = self._job(job_id)
        done = self.store.retry(job_id)
        if done is None:
            raise JobStateError(f"job {job_id} is {job.state}; only a finished job can be retried")
        self._rescan = True
        self._full_next = True
        self._wake.set()
        return done

    def set_priority(self, job_id: int, priority: int) -> Job:
        if isinstance(priority, bool) or not isinstance(priority, int) or abs(priority) > 1_000_000:
            raise RequestError("priority", "must be an integer from -1000000 to 1000000")
        self._job(job_id)
        job = self.store.set_priority(job_id, priority)
        assert job is not None
        self._rescan = True
        self._full_next = True
        self._wake.set()
        return job

    def rescan(self, limits_changed: bool = False) -> None:
        """Something a user did may let waiting jobs start (or stop them starting): a full pass now."""
        if limits_changed:
            self.limits = self.store.limits()
        self._rescan = True
        self._full_next = True
        self._wake.set()
