"""The queue controls over HTTP (mounted with the scheduler's routes under ``/api/v1``): pause and resume,
groups, hold and release, edit, switch, remove and clean. The work is :mod:`scheduler.lifecycle.controls`'s.

Errors keep the routes' one shape: 404 unknown job or group, 409 wrong state (or a group that exists or
still has jobs), 422 naming the bad field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, HTTPException, Path

from gpuaccel.api.controls import (
    CleanIn,
    GroupIn,
    GroupOut,
    JobPatch,
    ParallelIn,
    PauseIn,
    QueueOut,
    RemovedOut,
    RemoveIn,
    SwitchIn,
)
from gpuaccel.api.jobs import ERRORS, GROUP_NAME, Job, JobList
from gpuaccel.scheduler.http.errors import unprocessable
from gpuaccel.scheduler.lifecycle import controls
from gpuaccel.scheduler.lifecycle.service import JobNotFound, JobStateError, Scheduler
from gpuaccel.scheduler.lifecycle.validation import RequestError
from gpuaccel.scheduler.store import groups

T = TypeVar("T")
JobId = Annotated[int, Path(ge=1, le=2**63 - 1, description="job id")]
GroupName = Annotated[str, Path(pattern=GROUP_NAME, description="group name")]


def control_router(scheduler: Scheduler) -> APIRouter:
    router = APIRouter()
    store = scheduler.store

    def call(fn: Callable[..., T], *args: Any) -> T:
        try:
            return fn(*args)
        except (JobNotFound, groups.GroupNotFound) as exc:
            raise HTTPException(404, detail=str(exc)) from None
        except (JobStateError, groups.GroupConflict) as exc:
            raise HTTPException(409, detail=str(exc)) from None
        except RequestError as exc:
            raise unprocessable(exc.field, exc.message) from None

    # -- one job ---------------------------------------------------------------------------------------

    @router.post("/jobs/{job_id}/pause", response_model=Job, tags=["jobs"], responses=ERRORS)
    def pause(job_id: JobId) -> Job:
        """Stop a running job's process group (SIGSTOP); it keeps its GPUs and shows as paused."""
        return call(controls.pause_job, scheduler, job_id)

    @router.post("/jobs/{job_id}/resume", response_model=Job, tags=["jobs"], responses=ERRORS)
    def resume(job_id: JobId) -> Job:
        """Continue a paused job (SIGCONT)."""
        return call(controls.resume_job, scheduler, job_id)

    @router.post("/jobs/{job_id}/hold", response_model=Job, tags=["jobs"], responses=ERRORS)
    def hold(job_id: JobId) -> Job:
        """Keep a queued job from starting until it is released."""
        return call(controls.hold, scheduler, job_id)

    @router.post("/jobs/{job_id}/release", response_model=Job, tags=["jobs"], responses=ERRORS)
    def release(job_id: JobId) -> Job:
        return call(controls.release, scheduler, job_id)

    @router.patch("/jobs/{job_id}", response_model=Job, tags=["jobs"], responses=ERRORS)
    def edit(job_id: JobId, patch: JobPatch) -> Job:  # type: ignore[valid-type]
        """Change a queued or held job; the result is validated as a submission is."""
        return call(controls.edit, scheduler, job_id, patch.model_dump(exclude_unset=True))  # type: ignore[attr-defined]

    # -- the queue -------------------------------------------------------------------------------------

    @router.get("/queue", response_model=QueueOut, tags=["queue"])
    def state() -> QueueOut:
        return groups.queue_state(store)

    @router.post("/queue/pause", response_model=QueueOut, tags=["queue"], responses=ERRORS)
    def pause_queue(body: PauseIn) -> QueueOut:
        """No new job starts (in the group, or anywhere); ``running``: also pause the jobs that run."""
        return call(controls.set_queue_paused, scheduler, True, body.group, body.running)

    @router.post("/queue/resume", response_model=QueueOut, tags=["queue"], responses=ERRORS)
    def resume_queue(body: PauseIn) -> QueueOut:
        return call(controls.set_queue_paused, scheduler, False, body.group, body.running)

    @router.post("/queue/switch", response_model=JobList, tags=["queue"], responses=ERRORS)
    def switch(body: SwitchIn) -> JobList:
        """Swap two queued or held jobs' places (priority and order)."""
        return JobList(jobs=call(controls.switch, scheduler, body.a, body.b))

    @router.post("/queue/remove", response_model=RemovedOut, tags=["queue"], responses=ERRORS)
    def remove(body: RemoveIn) -> RemovedOut:
        """Remove finished jobs with their events and logs (all or none)."""
        return call(controls.remove, scheduler, body.ids)

    @router.post("/queue/clean", response_model=RemovedOut, tags=["queue"], responses=ERRORS)
    def clean(body: CleanIn) -> RemovedOut:
        """Remove every finished job (optionally: only so old, only these states) and its logs."""
        return call(controls.clean, scheduler, body.older_than_s, body.states)

    # -- groups ----------------------------------------------------------------------------------------

    def changed(fn: Callable[..., GroupOut], *args: Any) -> GroupOut:
        out = call(fn, store, *args)
        scheduler.rescan(limits_changed=True)
        return out

    @router.get("/groups", response_model=QueueOut, tags=["groups"])
    def list_groups() -> QueueOut:
        return groups.queue_state(store)

    @router.post("/groups", status_code=201, response_model=GroupOut, tags=["groups"], responses=ERRORS)
    def add(body: GroupIn) -> GroupOut:
        return changed(groups.add_group, body.name, body.parallel)

    @router.delete("/groups/{name}", response_model=GroupOut, tags=["groups"], responses=ERRORS)
    def delete(name: GroupName) -> GroupOut:
        """Remove a group with no job waiting or running in it."""
        return changed(groups.remove_group, name)

    @router.post("/groups/{name}/parallel", response_model=GroupOut, tags=["groups"], responses=ERRORS)
    def parallel(name: GroupName, body: ParallelIn) -> GroupOut:
        return changed(groups.set_parallel, name, body.parallel)

    return router
