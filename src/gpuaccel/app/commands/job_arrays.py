"""How the job commands show and address job arrays: grouped listings, state counts, ``ID_INDEX``.

An array's id is its first element's job id (:mod:`scheduler.lifecycle.arrays`), so ``cancel 12`` on it
means the
whole array, as Slurm's ``scancel`` does, and ``cancel 12_3`` the element with index 3.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gpuaccel.api.jobs import Job
    from gpuaccel.app.client import Client


def grouped(jobs: list[Job]) -> list[tuple[int | None, list[Job]]]:
    """The listing in its order, an array's elements together (where its newest one is listed)."""
    groups: dict[tuple[str, int], list[Job]] = {}
    for j in jobs:
        key = ("array", j.array_id) if j.array_id is not None else ("job", j.id)
        groups.setdefault(key, []).append(j)
    return [(key[1] if key[0] == "array" else None, group) for key, group in groups.items()]


def state_counts(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {state}" for state, n in counts.items())


def array_line(first: Job, states: dict[str, int], what: str) -> str:
    """What ``submit`` says about a new array."""
    limit = f", at most {first.array_max} at once" if first.array_max else ""
    return f"array {first.array_id} queued: {sum(states.values())} jobs{limit} ({what})"


def cancel_target(client: Client, text: str) -> tuple[str, int]:
    """``("job", id)`` or ``("array", id)`` for what ``cancel TEXT`` means; ValueError in the user's words."""
    head, sep, index = text.partition("_")
    if not head.isdigit() or (sep and not index.isdigit()):
        raise ValueError(f"{text!r} is not a job id (12), an array id (12) or an array element (12_3)")
    if sep:
        found = client.get_array(int(head), index=int(index)).jobs
        if not found:
            raise ValueError(f"array {head} has no element {index}")
        return "job", found[0].id
    job = client.get_job(int(head))
    return ("array" if job.array_id == job.id else "job"), job.id
