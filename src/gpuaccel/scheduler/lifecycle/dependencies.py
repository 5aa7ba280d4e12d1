"""Job dependencies in Slurm's three kinds: afterok, afterany, afternotok.

``depends_on`` holds the afterok ids (the first kind, kept as it was), ``after_any`` and ``after_notok``
the others. A dependency is met, still pending (its job has not finished), or can never be met (its job
is gone, or ended the wrong way): the waiting job then fails with that reason, as afterok always did.
An array's id (its first element's job id) stands for the whole array, as in Slurm and as ``cancel``
reads it: the array has finished when every element has, and succeeded only when every element did.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from gpuaccel.api.states import FINISHED, LIVE, JobState

MISSING = "missing"  # a dependency's state when the job is gone
DEPENDENCY_HELP = (
    "afterok:ID[:ID...] (start after they succeed), afterany:ID[:ID...] (after they end in any way), "
    "afternotok:ID[:ID...] (after they fail or are cancelled); kinds joined by commas"
)
KINDS = ("afterok", "afterany", "afternotok")


@dataclass(frozen=True)
class Verdict:
    """``fail``: why the job can never start; ``wait``: what it waits for; both None: it may start."""

    fail: str | None = None
    wait: str | None = None


def _met(kind: str, state: JobState | str) -> bool:
    if kind == "afterok":
        return state == JobState.SUCCEEDED
    if kind == "afterany":
        return state in FINISHED
    return state in (JobState.FAILED, JobState.CANCELLED)


def array_state(elements: set[JobState]) -> JobState:
    """One state for a whole array from its elements' states: unfinished while any element is (running
    when one runs), else succeeded when all did, failed when one failed, else cancelled."""
    unfinished = elements - FINISHED
    if unfinished:
        return JobState.RUNNING if unfinished & LIVE else min(unfinished)
    if elements == {JobState.SUCCEEDED}:
        return JobState.SUCCEEDED
    return JobState.FAILED if JobState.FAILED in elements else JobState.CANCELLED


def dependency_states(states: dict[int, JobState], arrays: dict[int, set[JobState]]) -> dict[int, JobState]:
    """The states dependencies are judged by: each job's own, an array's id standing for its array."""
    return {**states, **{a: array_state(elements) for a, elements in arrays.items()}}


def verdict(
    after_ok: list[int],
    after_any: list[int],
    after_notok: list[int],
    states: dict[int, JobState],
    arrays: Collection[int] = (),
) -> Verdict:
    """Judge a job's dependencies from their jobs' current states (absent: the job is gone); ``arrays``:
    which of them are arrays' ids (whose state is the array's, :func:`array_state`), for the wording."""
    pending: tuple[int, JobState | str] | None = None
    for kind, ids in (("afterok", after_ok), ("afterany", after_any), ("afternotok", after_notok)):
        for d in ids:
            state: JobState | str = states.get(d, MISSING)
            if _met(kind, state):
                continue
            what = "array" if d in arrays else "job"
            if state == MISSING or state in FINISHED:
                suffix = "" if kind == "afterok" else f" ({kind} can no longer be met)"
                return Verdict(fail=f"dependency {what} {d} {state}{suffix}")
            if pending is None:
                pending = (d, state)
    if pending is not None:
        what = "array" if pending[0] in arrays else "job"
        return Verdict(wait=f"waiting for {what} {pending[0]} ({pending[1]})")
    return Verdict()


def parse_dependency(text: str) -> dict[str, list[int]]:
    """Slurm's ``--dependency`` value -> request fields (``depends_on``, ``after_any``, ``after_notok``)."""
    fields = {"afterok": "depends_on", "afterany": "after_any", "afternotok": "after_notok"}
    out: dict[str, list[int]] = {}
    for item in filter(None, (p.strip() for p in text.split(","))):
        kind, _, ids = item.partition(":")
        if kind not in fields or not ids:
            raise ValueError(f"{item!r} is not a dependency; use {DEPENDENCY_HELP}")
        numbers = ids.split(":")
        if not all(n.isdigit() and int(n) > 0 for n in numbers):
            raise ValueError(f"{item!r}: job ids must be positive whole numbers; use {DEPENDENCY_HELP}")
        out.setdefault(fields[kind], []).extend(int(n) for n in numbers)
    if not out:
        raise ValueError(f"{text!r} names no dependency; use {DEPENDENCY_HELP}")
    return out
