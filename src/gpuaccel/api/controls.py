"""The typed request and response bodies of the queue controls (pause, groups, hold, edit, switch, remove).

Kept apart from :mod:`api.jobs` (the job contract) because they describe operations on the
queue, not jobs; a job edit's fields are the request's own (:class:`JobPatch` is derived from
:class:`job_request.JobRequest`), so what may be edited cannot drift from what may be submitted.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from gpuaccel.api.jobs import GROUP_NAME
from gpuaccel.api.request import JobRequest

MAX_PARALLEL = 1024
GroupName = Field(pattern=GROUP_NAME, description="letters, digits, '_', '.', '-'; at most 64")


class GroupIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # "parallel": "2" is refused, not read as 2

    name: str = GroupName
    parallel: int = Field(
        default=1, ge=0, le=MAX_PARALLEL, description="jobs of this group at once; 0: only the daemon's limit"
    )


class ParallelIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # "parallel": "2" is refused, not read as 2

    parallel: int = Field(ge=0, le=MAX_PARALLEL, description="0: only the daemon's limit")


class GroupOut(BaseModel):
    """A group with how many of its jobs are in each not-finished state."""

    name: str
    parallel: int = Field(description="jobs of this group at once; 0: only the daemon's limit")
    paused: bool = Field(description="no new job of this group starts")
    queued: int = 0
    held: int = 0
    running: int = 0
    paused_jobs: int = Field(default=0, description="its jobs now paused (stopped, GPUs held)")


class QueueOut(BaseModel):
    """The queue's switches: whether it is paused as a whole, and its groups."""

    paused: bool = Field(description="no new job starts in any group")
    groups: list[GroupOut]


class PauseIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # "parallel": "2" is refused, not read as 2

    group: str | None = Field(
        default=None, pattern=GROUP_NAME, description="only this group; default: the whole queue"
    )
    running: bool = Field(
        default=False,
        description="also pause (resume: continue) the jobs of the group or queue that run (are paused) now",
    )


class SwitchIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # "parallel": "2" is refused, not read as 2

    a: int = Field(ge=1, le=2**63 - 1)
    b: int = Field(ge=1, le=2**63 - 1)


class RemoveIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # "parallel": "2" is refused, not read as 2

    ids: list[Annotated[int, Field(ge=1, le=2**63 - 1)]] = Field(
        min_length=1, max_length=10_000, description="finished jobs to remove"
    )


FinishedState = Literal["succeeded", "failed", "cancelled"]


class CleanIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)  # "parallel": "2" is refused, not read as 2

    older_than_s: float | None = Field(
        default=None, ge=0, le=100 * 365 * 86400, description="only jobs finished at least this long ago"
    )
    states: list[FinishedState] | None = Field(
        default=None, max_length=3, description="only jobs that ended so; default: every finished job"
    )


class KeptOut(BaseModel):
    id: int
    why: str


class RemovedOut(BaseModel):
    removed: list[int] = Field(description="the jobs removed, with their events")
    logs_removed: int = Field(description="log files and rank folders deleted")
    kept: list[KeptOut] = Field(default_factory=list, description="finished jobs left, and why")


def _patch_model() -> type[BaseModel]:
    """Every request field but ``kind`` (a different kind is a different job), ``where``, and ``hold`` and
    ``array`` (how a job is submitted, not fields of the job it became), each optional: a field given
    replaces the stored one (null: back to the default); the merged request is then validated as a
    submission is."""
    fields: dict[str, Any] = {
        name: (info.annotation | None, Field(default=None, description=info.description))
        for name, info in JobRequest.model_fields.items()
        if name not in ("kind", "hold", "where", "array")
    }
    return create_model(  # type: ignore[call-overload,no-any-return]
        "JobPatch", __config__=ConfigDict(extra="forbid"), __doc__=_patch_model.__doc__, **fields
    )


JobPatch = _patch_model()
