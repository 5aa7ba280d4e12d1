"""What the scheduler asks of its job store, and the plain records a store hands back."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from gpuaccel.accel.workloads.report import Progress
from gpuaccel.api.jobs import FINISHED, Event, Job, JobState
from gpuaccel.api.request import JobRequest
from gpuaccel.scheduler.lifecycle.transitions import END_EVENT
from gpuaccel.scheduler.lifecycle.validation import Pending, RequestError
from gpuaccel.scheduler.store.idempotency import IdempotencyConflict


@dataclass(frozen=True)
class Limits:
    """What dispatch needs: the queue's pause switch and each group's (parallelism, paused)."""

    queue_paused: bool = False
    groups: dict[str, tuple[int, bool]] = field(default_factory=dict)

    def why_waiting(self, group: str, running_in_group: int) -> str | None:
        """Why a job of ``group`` may not start now (None: the groups allow it)."""
        if self.queue_paused:
            return "the queue is paused (gpuaccel resume)"
        parallel, paused = self.groups.get(group, (0, False))
        if paused:
            return f"group {group} is paused (gpuaccel resume --group {group})"
        if parallel and running_in_group >= parallel:
            return f"waiting for a free slot in group {group} ({parallel} running)"
        return None


# A submission as the store takes it: the checked request, its idempotency key and the request's hash.
Submission = tuple[JobRequest, str | None, str | None]
# What storing one gives: (the job, True when stored now) or the error that refused it (nothing stored).
Stored = tuple[Job, bool] | RequestError | IdempotencyConflict


class JobStore(Protocol):
    """What the scheduler loop, dispatch, the finish hooks and the API's requests ask of the queue's
    storage, and nothing more (huey's storage interface is the model): the SQLite store
    (:class:`scheduler.store.queue.Store`) keeps it durably, :class:`scheduler.store.memory.MemoryStore`
    in memory for tests on a fake clock. Every state change is an event of the transition table
    (:mod:`scheduler.lifecycle.transitions`), guarded by the states it leaves: None when the job was
    elsewhere. Times (``now``, ``retry_at``) are unix seconds."""

    # -- submitting and reading
    def insert_submissions(self, items: Sequence[Submission]) -> list[Stored]: ...
    def get(self, job_id: int, with_events: bool = False) -> Job | None: ...
    def list(self, states: Sequence[JobState | str] | None = None, *, limit: int = 100) -> list[Job]: ...
    def events(self, after: int = 0, limit: int = 100, job_id: int | None = None) -> list[Event]: ...
    def add_event(self, type: str, **kw: Any) -> None: ...
    def has_event(self, job_id: int, since: float, ending: str) -> bool: ...
    def counts(self) -> dict[str, int]: ...
    def max_id(self) -> int: ...

    # -- what dispatch reads
    def pending_pages(self, after_id: int = 0) -> Iterator[list[Pending]]: ...
    def states_of(self, ids: Sequence[int]) -> dict[int, JobState]: ...
    def array_states_of(self, ids: Sequence[int]) -> dict[int, set[JobState]]: ...
    def array_states(self, array_id: int) -> dict[str, int]: ...
    def running_per_array(self) -> dict[int, int]: ...
    def limits(self) -> Limits: ...
    def set_waiting_reasons(self, reasons: dict[int, str | None]) -> None: ...

    # -- an attempt's life
    def claim(
        self, job_id: int, owner: str, lease_s: float, gpus: list[int], mig: str | None = None
    ) -> Job | None: ...
    def set_worker(self, job_id: int, pid: int | None, start_marker: str | None) -> bool: ...
    def set_progress(self, job_id: int, progress: Progress | None, result: dict[str, Any] | None) -> None: ...
    def heartbeat(self, owner: str, lease_s: float) -> int: ...
    def orphans(self, owner: str) -> list[Job]: ...
    def adopt(self, job_id: int, owner: str, lease_s: float, pid: int | None, message: str) -> Job | None: ...
    def finish(
        self, job_id: int, state: JobState, reason: str | None, exit_code: int | None
    ) -> Job | None: ...
    def to_retrying(
        self, job_id: int, retry_at: float, reason: str, exit_code: int | None, spare_attempt: bool = False
    ) -> Job | None: ...
    def requeue_due(self, now: float) -> list[int]: ...
    def requeue_running(
        self, job_id: int, message: str, count_attempt: bool, hold: bool = False
    ) -> Job | None: ...

    # -- the user's requests
    def move(self, job_id: int, event: str, message: str, **values: Any) -> Job | None: ...
    def request_cancel(self, job_id: int) -> Job | None: ...
    def cancel_requested(self, job_id: int) -> bool: ...
    def cancel_waiting(self, job_id: int, reason: str = "cancelled by user") -> Job | None: ...
    def cancel_array_waiting(self, array_id: int, reason: str = "cancelled by user") -> list[int]: ...
    def fail_waiting(self, job_id: int, reason: str) -> Job | None: ...
    def retry(self, job_id: int) -> Job | None: ...
    def set_priority(self, job_id: int, priority: int) -> Job | None: ...

    # -- the finish hooks' outbox
    def set_finish_hooks(self, hooks_of: Callable[[Job], list[tuple[str, str]]]) -> None: ...
    def on_finished(self, listener: Callable[[Job], None]) -> None: ...
    def pending_hooks(self, job_id: int | None = None) -> list[tuple[int, int, str, str]]: ...
    def hook(self, hook_id: int) -> tuple[int, str, str] | None: ...
    def hook_started(self, hook_id: int) -> None: ...
    def hook_done(self, hook_id: int, job: Job, outcome: str, ok: bool, data: dict[str, Any]) -> bool: ...
    def close(self) -> None: ...


class StateChanges:
    """The state changes both stores make alike, each one event of the transition table applied through
    the store's own ``_transition`` (its event row and, for a finished job, its hooks, in one step).

    ``exprs`` (column: expression over the row) are kept to the forms every store evaluates: a column's
    own value (``attempt``) or it plus one (``retry_base + 1``)."""

    def _transition(
        self, job_id: int, event: str, message: str, exprs: dict[str, str] | None = None, **values: Any
    ) -> Job | None:
        raise NotImplementedError

    def _retrying_due(self, now: float) -> list[int]:
        """Ids of the jobs ``retrying`` whose ``retry_at`` is at or before ``now``."""
        raise NotImplementedError

    def move(self, job_id: int, event: str, message: str, **values: Any) -> Job | None:
        """Apply ``event`` of the transition table with ``values`` (column: value) set too."""
        return self._transition(job_id, event, message, **values)

    def finish(self, job_id: int, state: JobState, reason: str | None, exit_code: int | None) -> Job | None:
        state = JobState(state)
        assert state in FINISHED
        return self._transition(
            job_id, END_EVENT[state], reason or state.value,
            exit_code=exit_code, reason=reason, finished_at=time.time(), lease_owner=None, lease_until=None,
            paused_at=None,
        )  # fmt: skip

    def to_retrying(
        self, job_id: int, retry_at: float, reason: str, exit_code: int | None, spare_attempt: bool = False
    ) -> Job | None:
        """Wait until ``retry_at``, then be queued again; ``spare_attempt``: this attempt never ran, so it
        does not count against the retries (the retry base moves with it)."""
        delay = max(0.0, retry_at - time.time())
        return self._transition(
            job_id, "retry_later", f"{reason}; retrying in {delay:.1f} s",
            {"retry_base": "retry_base + 1"} if spare_attempt else None,
            retry_at=retry_at, reason=reason, exit_code=exit_code, finished_at=time.time(),
            lease_owner=None, lease_until=None, paused_at=None,
        )  # fmt: skip

    def requeue_due(self, now: float) -> list[int]:
        ids = self._retrying_due(now)
        return [i for i in ids if self._transition(i, "backoff_over", "backoff over, queued again")]

    def requeue_running(
        self, job_id: int, message: str, count_attempt: bool, hold: bool = False
    ) -> Job | None:
        """Queue a running job again (its worker is gone); ``count_attempt=False`` spares its retry budget;
        ``hold`` puts it in ``held`` instead, so it waits for a release rather than starting again."""
        return self._transition(
            job_id, "requeue_held" if hold else "requeue", message,
            None if count_attempt else {"retry_base": "retry_base + 1"},
            lease_owner=None, lease_until=None, worker_pid=None, worker_start=None, cancel_requested=0,
            paused_at=None,
        )  # fmt: skip

    def cancel_waiting(self, job_id: int, reason: str = "cancelled by user") -> Job | None:
        return self._transition(job_id, "cancel_waiting", reason, reason=reason, finished_at=time.time())

    def fail_waiting(self, job_id: int, reason: str) -> Job | None:
        return self._transition(job_id, "fail_waiting", reason, reason=reason, finished_at=time.time())

    def retry(self, job_id: int) -> Job | None:
        """Queue a finished job again with a fresh retry budget (its attempt count keeps growing)."""
        return self._transition(
            job_id, "retry", "queued again by user", {"retry_base": "attempt"},
            reason=None, exit_code=None, finished_at=None, retry_at=None,
        )  # fmt: skip
