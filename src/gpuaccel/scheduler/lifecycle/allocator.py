"""Which GPUs a queued job may take now, or in words why it must wait.

Pure functions over a snapshot (GPUs from telemetry, GPUs held by running jobs), so the policy is tested
without processes: a GPU is given to one job at a time, only if it answers telemetry, and only if its
free memory covers the job's ``memory_mib``. Unknown free memory (NVML cannot say) does not block.
"""

from __future__ import annotations

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
    by_index = {g.index: g for g in gpus}
    if job.gpu_ids is not None:
        candidates = []
        for i in job.gpu_ids:
            if i not in by_index:
                return f"needs GPU {i}; this machine has GPUs {', '.join(map(str, sorted(by_index)))}"
            candidates.append(by_index[i])
    else:
        if job.gpus > len(gpus):
            return f"needs {_n(job.gpus)}; this machine has {_n(len(gpus))}"
        candidates = sorted(gpus, key=lambda g: (-(g.free_mib or 0.0), g.index))
    need = job.memory_mib
    fits = [g for g in candidates if not g.too_small(need)]
    if len(fits) < job.gpus:  # said the same way whatever holds the GPUs now: no wait ends it
        sizes = ", ".join(f"GPU {g.index} has {g.total_mib:.0f}" for g in candidates if g.too_small(need))
        return f"never fits: it needs {need} MiB per GPU and {sizes} MiB in all (lower --memory or the GPUs)"
    chosen: list[int] = []
    blockers: list[str] = []
    for g in fits:
        if g.lost:
            blockers.append(f"GPU {g.index} is lost")
        elif g.mig:
            blockers.append(f"GPU {g.index} is in MIG mode (ask for one of its instances with --mig)")
        elif g.index in held:
            blockers.append(f"GPU {g.index} is held by job {held[g.index]}")
        elif job.memory_mib is not None and g.free_mib is not None and g.free_mib < job.memory_mib:
            blockers.append(f"GPU {g.index} has {g.free_mib:.0f} MiB free, job needs {job.memory_mib}")
        else:
            chosen.append(g.index)
        if len(chosen) == job.gpus:
            return sorted(chosen)
    if job.gpu_ids is not None:
        return "waiting: " + "; ".join(blockers)
    return f"waiting for {_n(job.gpus)}: " + "; ".join(blockers)


def _n(count: int) -> str:
    return f"{count} GPU" + ("" if count == 1 else "s")
