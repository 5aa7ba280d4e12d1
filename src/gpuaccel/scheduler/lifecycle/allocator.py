"""Which GPUs a queued job may take now, or in words why it must wait.

Pure functions over a snapshot (GPUs from telemetry, GPUs held by running jobs), so the policy is tested
without processes: a GPU is given to one job at a time, only if it answers telemetry, and only if its
free memory covers the job's ``memory_mib``. Unknown free memory (NVML cannot say) does not block.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Protocol

from gpuaccel.accel.telemetry.types import NA, GpuSample


class GpuDemand(Protocol):
    """What placement looks at (a Job or a Pending row)."""

    @property
    def gpus(self) -> int: ...
    @property
    def gpu_ids(self) -> list[int] | None: ...
    @property
    def memory_mib(self) -> int | None: ...


@dataclass(frozen=True)
class GpuState:
    index: int
    free_mib: float | None  # None: telemetry cannot tell
    lost: bool = False
    mig: bool = False  # in MIG mode: only its instances can be given (scheduler.placement.mig)
    total_mib: float | None = None  # None: telemetry cannot tell

    def too_small(self, need_mib: int | None) -> bool:
        """Whether a job needing ``need_mib`` per GPU can never run here, whatever else finishes."""
        return need_mib is not None and self.total_mib is not None and self.total_mib < need_mib


def gpu_states(samples: list[GpuSample]) -> list[GpuState]:
    states = []
    for s in samples:
        free = total = None
        if not isinstance(s.mem_total_mib, NA):
            total = float(s.mem_total_mib)
            if not isinstance(s.mem_used_mib, NA):
                free = total - float(s.mem_used_mib)
        mig = isinstance(s.mig, list) and bool(s.mig)
        states.append(GpuState(index=s.index, free_mib=free, lost=s.lost, mig=mig, total_mib=total))
    return states


def place(
    job: GpuDemand, gpus: list[GpuState], held: dict[int, int], no_gpu_reason: str | None = None
) -> list[int] | str:
    """GPU indices for ``job`` (empty for a 0-GPU job), or the reason it waits."""
    if job.gpus == 0:
        return []
    if not gpus:
        why = f" ({no_gpu_reason})" if no_gpu_reason else ""
        return f"needs {_n(job.gpus)}; this machine has no GPU{why}"
    impossible = never_fits(job, gpus)
    if impossible is not None:
        return impossible[1]
    by_index = {g.index: g for g in gpus}
    candidates = (
        [by_index[i] for i in job.gpu_ids]
        if job.gpu_ids is not None
        else sorted(gpus, key=lambda g: (-(g.free_mib or 0.0), g.index))
    )
    fits = [g for g in candidates if not g.too_small(job.memory_mib)]
    chosen: list[int] = []
    blockers: list[str] = []
    for g in fits:
        if g.lost:
            blockers.append(f"GPU {g.index} is lost")
        elif g.mig:
            blockers.append(f"GPU {g.index} is in MIG mode (ask for one of its instances with --mig)")
        elif g.index in held:
            blockers.append(held_by(f"GPU {g.index}", held[g.index]))
        elif job.memory_mib is not None and g.free_mib is not None and g.free_mib < job.memory_mib:
            blockers.append(f"GPU {g.index} has {g.free_mib:.0f} MiB free, job needs {job.memory_mib}")
        else:
            chosen.append(g.index)
        if len(chosen) == job.gpus:
            return sorted(chosen)
    if job.gpu_ids is not None:
        return "waiting: " + "; ".join(blockers)
    return f"waiting for {_n(job.gpus)}: " + "; ".join(blockers)


def held_by(what: str, job_id: int) -> str:
    """A waiting reason's blocker for a GPU (or MIG instance) another job holds; :func:`holders` reads it."""
    return f"{what} is held by job {job_id}"


_HOLDER = re.compile(r"\bis held by job (\d+)\b")


def holders(reason: str | None) -> set[int]:
    """The jobs a waiting reason says hold what the job needs: what it is queued behind."""
    return {int(n) for n in _HOLDER.findall(reason or "")}


def never_fits(job: GpuDemand, gpus: list[GpuState]) -> tuple[str, str] | None:
    """(the request's field, why) when no wait can let ``job`` start on this machine's GPUs: more GPUs
    than it has, a GPU index it lacks, more memory per GPU than its GPUs hold. Submit refuses such a job
    (as sbatch does) and the queue says the same of one already stored. None when it could fit, or when
    the GPUs are not known (no GPU telemetry: the job waits and says why)."""
    if job.gpus == 0 or not gpus:
        return None
    by_index = {g.index: g for g in gpus}
    if job.gpu_ids is not None:
        for i in job.gpu_ids:
            if i not in by_index:
                return (
                    "gpu_ids",
                    f"needs GPU {i}; this machine has GPUs {', '.join(map(str, sorted(by_index)))}",
                )
        candidates = [by_index[i] for i in job.gpu_ids]
    elif job.gpus > len(gpus):
        return "gpus", f"needs {_n(job.gpus)}; this machine has {_n(len(gpus))}"
    else:
        candidates = gpus
    need = job.memory_mib
    if len([g for g in candidates if not g.too_small(need)]) < job.gpus:
        sizes = ", ".join(f"GPU {g.index} has {g.total_mib:.0f}" for g in candidates if g.too_small(need))
        return "memory_mib", (
            f"never fits: it needs {need} MiB per GPU and {sizes} MiB in all (lower --memory or the GPUs)"
        )
    return None


def _n(count: int) -> str:
    return f"{count} GPU" + ("" if count == 1 else "s")
