"""A job's states and their sets, apart from the pydantic shapes of :mod:`api.jobs`: the CLI's help,
checks and completion read them without importing pydantic (a TAB pays for what it imports)."""

from __future__ import annotations

from enum import StrEnum


class JobState(StrEnum):
    """queued -> running -> succeeded, failed or cancelled; retrying waits between two attempts; held is
    queued but never dispatched until released; paused is a running attempt stopped (SIGSTOP) that keeps
    its GPUs."""

    QUEUED = "queued"
    RETRYING = "retrying"
    HELD = "held"
    RUNNING = "running"
    PAUSED = "paused"
    SUCCEEDED = "succeeded"
    FAILED = "failed"
    CANCELLED = "cancelled"

    @property
    def finished(self) -> bool:
        return self in FINISHED

    @property
    def phrase(self) -> str:
        """The state after "job 5": "is queued", "has failed", "was cancelled" (not "is succeeded")."""
        if self is JobState.CANCELLED:
            return "was cancelled"
        return f"has {self.value}" if self in FINISHED else f"is {self.value}"


FINISHED: frozenset[JobState] = frozenset({JobState.SUCCEEDED, JobState.FAILED, JobState.CANCELLED})
ACTIVE: frozenset[JobState] = frozenset(JobState) - FINISHED
WAITING: frozenset[JobState] = frozenset({JobState.QUEUED, JobState.RETRYING})  # not running yet
LIVE: frozenset[JobState] = frozenset({JobState.RUNNING, JobState.PAUSED})  # an attempt exists
