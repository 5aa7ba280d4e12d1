"""Jobs on MIG instances: what a request may ask for and which instance a queued job takes now.

A GPU in MIG mode is split into instances, each with its own uuid (``MIG-...``), memory and compute
slices; CUDA sees one only through ``CUDA_VISIBLE_DEVICES=MIG-<uuid>``. A job asks for one instance,
either by uuid (``submit --mig MIG-<uuid>``) or any free one (``--mig any``). Like
:func:`scheduler.lifecycle.allocator.place` this is a pure function over a snapshot: an instance is given to
one
job at a time, only while its GPU answers telemetry, and only if its free memory covers the job's
``memory_mib``. The job's GPU (the instance's parent) is its assigned GPU, so idleness and energy per GPU
read as for any job; the instance's uuid is the job's ``assigned_mig``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol

from gpuaccel.accel.telemetry.types import NA, GpuSample
from gpuaccel.scheduler.lifecycle.allocator import held_by

ANY = "any"
_UUID = re.compile(r"MIG-[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}")
ACCEPTED = "'any' (any free MIG instance) or an instance's uuid, MIG-xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"


class MigDemand(Protocol):
    """What MIG placement looks at (a Pending row)."""

    @property
    def mig(self) -> str | None: ...
    @property
    def memory_mib(self) -> int | None: ...


@dataclass(frozen=True)
class MigSlot:
    """One instance as placement sees it."""

    gpu: int
    uuid: str
    profile: str
    free_mib: float | None  # None: telemetry cannot tell


def check_request(value: object) -> str:
    """The request's ``mig`` as stored ('any' or the uuid as given); ValueError naming what is accepted."""
    if not isinstance(value, str):
        raise ValueError(f"must be {ACCEPTED}, got {value!r}")
    if value.strip().lower() == ANY:
        return ANY
    if not _UUID.fullmatch(value.strip()):
        raise ValueError(f"must be {ACCEPTED}, got {value!r}")
    return value.strip()


def slots(samples: list[GpuSample]) -> tuple[list[MigSlot], set[int]]:
    """Every instance of the GPUs that answer, and the indices of lost GPUs."""
    found: list[MigSlot] = []
    lost = {s.index for s in samples if s.lost}
    for s in samples:
        if s.lost or isinstance(s.mig, NA):
            continue
        for m in s.mig:
            free = None
            if not isinstance(m.mem_total_mib, NA) and not isinstance(m.mem_used_mib, NA):
                free = float(m.mem_total_mib) - float(m.mem_used_mib)
            found.append(MigSlot(s.index, m.uuid, m.profile, free))
    return found, lost


def place(job: MigDemand, samples: list[GpuSample], held: dict[str, int]) -> tuple[int, str] | str:
    """(GPU index, instance uuid) for ``job``, or the reason it waits. ``held``: uuid -> job running there."""
    instances, lost = slots(samples)
    if job.mig is None:
        raise ValueError("not a MIG job")
    if job.mig != ANY:
        wanted = [m for m in instances if m.uuid.lower() == job.mig.lower()]
        if not wanted:
            why = f" (GPU {', '.join(map(str, sorted(lost)))} lost)" if lost else ""
            return f"needs MIG instance {job.mig}; no GPU of this machine has it now{why}"
        candidates = wanted
    else:
        if not instances:
            return "needs a MIG instance; no GPU of this machine is in MIG mode"
        candidates = sorted(instances, key=lambda m: (-(m.free_mib or 0.0), m.gpu, m.uuid))
    blockers = []
    for m in candidates:
        name = f"MIG {m.profile} {m.uuid} on GPU {m.gpu}"
        if m.uuid in held:
            blockers.append(held_by(name, held[m.uuid]))
        elif job.memory_mib is not None and m.free_mib is not None and m.free_mib < job.memory_mib:
            blockers.append(f"{name} has {m.free_mib:.0f} MiB free, job needs {job.memory_mib}")
        else:
            return m.gpu, m.uuid
    return "waiting for a MIG instance: " + "; ".join(blockers)
