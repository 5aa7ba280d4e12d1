"""Job arrays: one submission of many like jobs, each with its index, at most N of them running at once.

An array is stored as its elements, one job each, inserted in one transaction (all or none); the
array's id is its first element's job id (as Slurm's array job id), every element keeps it in
``array_id`` with its ``array_index`` and the array's ``%N`` limit in ``array_max``. The index reaches the
job's environment as ``GPUACCEL_ARRAY_INDEX`` (and ``SLURM_ARRAY_TASK_ID``, so scripts written for Slurm
run unchanged), the array's id as ``GPUACCEL_ARRAY_ID`` (and ``SLURM_ARRAY_JOB_ID``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_ARRAY_SIZE = 10_000  # elements per array: one submission must not flood the queue
MAX_ARRAY_INDEX = 1_000_000
ARRAY_HELP = (
    "indices like 0-15, 0-15:2 (a step) or 1,3,5, optionally with %N to run at most N at once "
    f"(e.g. 0-15%4); at most {MAX_ARRAY_SIZE} elements, indices 0-{MAX_ARRAY_INDEX}"
)
_PART = re.compile(r"^(\d+)(?:-(\d+)(?::(\d+))?)?$")


@dataclass(frozen=True)
class ArraySpec:
    indices: list[int]
    max_running: int | None  # %N; None: no limit of its own


def parse_array(text: str) -> ArraySpec:
    """``0-15%4``, ``1,3,5``, ``0-15:2`` -> the indices in order and the %N limit; ValueError in words."""
    body, sep, limit = text.strip().partition("%")
    max_running = None
    if sep:
        if not limit.isdigit() or int(limit) < 1:
            raise ValueError(f"{text!r}: %N must be a whole number >= 1; use {ARRAY_HELP}")
        max_running = int(limit)
    indices: list[int] = []
    for part in body.split(","):
        m = _PART.match(part.strip())
        if m is None:
            raise ValueError(f"{text!r}: {part.strip()!r} is not an index or range; use {ARRAY_HELP}")
        first = int(m.group(1))
        last = int(m.group(2)) if m.group(2) is not None else first
        step = int(m.group(3)) if m.group(3) is not None else 1
        if last < first or step < 1:
            raise ValueError(f"{text!r}: range {part.strip()!r} must go up with a step >= 1")
        if last > MAX_ARRAY_INDEX:
            raise ValueError(f"{text!r}: index {last} is above the largest, {MAX_ARRAY_INDEX}")
        if len(indices) + (last - first) // step + 1 > MAX_ARRAY_SIZE:
            raise ValueError(f"{text!r}: more than {MAX_ARRAY_SIZE} elements; split it into several arrays")
        indices.extend(range(first, last + 1, step))
    seen: set[int] = set()
    for i in indices:  # linear: one pass with a set
        if i in seen:
            raise ValueError(f"{text!r}: index {i} is given twice")
        seen.add(i)
    return ArraySpec(indices, max_running)


def element_env(array_id: int, index: int) -> dict[str, str]:
    """What an element finds in its environment."""
    return {
        "GPUACCEL_ARRAY_ID": str(array_id),
        "GPUACCEL_ARRAY_INDEX": str(index),
        "SLURM_ARRAY_JOB_ID": str(array_id),
        "SLURM_ARRAY_TASK_ID": str(index),
    }


class ArrayLimits:
    """One dispatch pass's view of the arrays' %N limits: how many elements of each run, counting those
    the pass starts, so an element waits once its array has ``max_running`` running."""

    def __init__(self, running: dict[int, int]) -> None:
        self._running = dict(running)

    def reason(self, array_id: int | None, max_running: int | None) -> str | None:
        """Why the element must wait for its array's limit, or None."""
        if array_id is None or max_running is None:
            return None
        if self._running.get(array_id, 0) >= max_running:
            return f"array {array_id} already runs {max_running} at once (%{max_running})"
        return None

    def started(self, array_id: int | None) -> None:
        if array_id is not None:
            self._running[array_id] = self._running.get(array_id, 0) + 1
