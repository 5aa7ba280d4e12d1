"""The HTTP routes of job arrays (mounted beside the job routes): an array's elements, and its cancel.

An array is submitted through ``POST /jobs`` with ``array`` (:mod:`scheduler.lifecycle.arrays`); its id is its
first element's job id. Each element is also a job of its own under ``/jobs/{id}``.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, HTTPException, Path, Query

from gpuaccel.api.jobs import ERRORS, ArrayOut
from gpuaccel.scheduler.lifecycle.arrays import MAX_ARRAY_INDEX, MAX_ARRAY_SIZE
from gpuaccel.scheduler.lifecycle.service import JobNotFound, Scheduler

ArrayId = Annotated[int, Path(ge=1, le=2**63 - 1, description="array id (its first element's job id)")]


def array_router(scheduler: Scheduler) -> APIRouter:
    router = APIRouter()
    store = scheduler.store

    @router.get("/arrays/{array_id}", response_model=ArrayOut, tags=["jobs"], responses=ERRORS)
    def get_array(
        array_id: ArrayId,
        index: int | None = Query(None, ge=0, le=MAX_ARRAY_INDEX, description="only this element"),
        limit: int = Query(1000, ge=0, le=MAX_ARRAY_SIZE, description="elements listed, in index order"),
    ) -> ArrayOut:
        states = store.array_states(array_id)
        if not states:
            raise HTTPException(404, detail=f"no array with id {array_id}")
        return ArrayOut(array_id=array_id, states=states, jobs=store.array_members(array_id, index, limit))

    @router.post("/arrays/{array_id}/cancel", response_model=ArrayOut, tags=["jobs"], responses=ERRORS)
    def cancel_array(array_id: ArrayId) -> ArrayOut:
        """Cancel every element that has not finished (finished ones stay as they are); ``jobs`` is empty,
        ``states`` counts the elements after the cancel."""
        try:
            return ArrayOut(array_id=array_id, states=scheduler.cancel_array(array_id))
        except JobNotFound as exc:
            raise HTTPException(404, detail=str(exc)) from None

    return router
