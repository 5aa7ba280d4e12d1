"""The MIG instances of a GPU in MIG mode, read through NVML for :class:`nvml.NvmlBackend`.

Kept apart from the backend because a MIG instance is a device handle of its own: its calls must not share
the backend's per-GPU "not supported" memory (an instance without a reading says nothing of its parent).
NVML gives each instance's uuid, name (whose last word is the profile, ``3g.40gb``), memory and GPU
instance id; its SM and tensor-core activity come from GPM sampled per GPU instance
(``nvmlGpmMigSampleGet``, :class:`nvml_gpm.GpmReader`), on GPUs with GPM (Hopper and newer).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from gpuaccel.accel.telemetry.fields import MIG_NO_UTIL, NOT_SUPPORTED
from gpuaccel.accel.telemetry.types import NA, MigInstance, Num

if TYPE_CHECKING:
    from gpuaccel.accel.telemetry.nvml_gpm import GpmReader

_MIB = 1024.0 * 1024.0

# GPM metrics of one GPU instance by its id; None where the GPU has no GPM.
Activity = Callable[[int], dict[str, Num]] | None


def read_mig(nv: Any, handle: Any, reason_for: Any) -> list[MigInstance] | NA:
    """The instances of the GPU ``handle``: [] when MIG is off or not supported, NA when NVML fails.
    Their activity is NA(MIG_NO_UTIL) until :func:`with_activity` fills it in."""
    try:
        current, _pending = nv.nvmlDeviceGetMigMode(handle)
    except Exception as exc:
        reason, _ = reason_for(exc)
        return [] if reason == NOT_SUPPORTED else NA(reason)
    if int(current) != int(getattr(nv, "NVML_DEVICE_MIG_ENABLE", 1)):
        return []
    try:
        count = int(nv.nvmlDeviceGetMaxMigDeviceCount(handle))
    except Exception as exc:
        return NA(reason_for(exc)[0])
    out: list[MigInstance] = []
    for i in range(count):
        try:
            mig = nv.nvmlDeviceGetMigDeviceHandleByIndex(handle, i)
        except Exception:  # NOT_FOUND: no instance in this slot
            continue
        try:
            uuid = _text(nv.nvmlDeviceGetUUID(mig))
        except Exception:
            continue  # an instance without a uuid cannot be handed to a job
        used, total = _memory(nv, mig, reason_for)
        no_util = NA(MIG_NO_UTIL)
        out.append(MigInstance(uuid, _profile(nv, mig), used, total, no_util, no_util, _instance_id(nv, mig)))
    return out


def with_activity(instances: list[MigInstance] | NA, activity: Activity) -> list[MigInstance] | NA:
    """``instances`` with their SM and tensor-core activity read through ``activity`` (GPM since the
    previous call for the same instance; NA(MIG_NO_UTIL) without GPM or an instance id)."""
    if isinstance(instances, NA) or activity is None:
        return instances
    return [_sampled(m, activity) for m in instances]


def refresh(
    nv: Any, handle: Any, reason_for: Any, previous: Any, gpm: GpmReader | None, index: int
) -> list[MigInstance] | NA:
    """The instances listed again: a known one keeps the activity last read (at the GPM rate, by
    :func:`with_activity`), a new one gets its first GPM sample now, a vanished one's buffers are freed.
    ``gpm`` is None on a GPU without GPM."""
    fresh = carry_activity(read_mig(nv, handle, reason_for), previous)
    if isinstance(fresh, NA) or gpm is None:
        return fresh
    activity = instance_activity(gpm, index, handle)
    seen = set(gpm.instances(index))
    fresh = [m if m.gpu_instance_id in seen else _sampled(m, activity) for m in fresh]
    for gone in seen - {m.gpu_instance_id for m in fresh}:
        gpm.forget(index, gone)
    return fresh


def instance_activity(gpm: GpmReader, index: int, handle: Any) -> Callable[[int], dict[str, Num]]:
    """GPM of one MIG GPU instance of GPU ``index`` by the instance's id."""
    return lambda gpu_instance: gpm.read(index, handle, gpu_instance)


def _sampled(m: MigInstance, activity: Callable[[int], dict[str, Num]]) -> MigInstance:
    if m.gpu_instance_id is None:
        return m
    gpm = activity(m.gpu_instance_id)
    return replace(m, util_pct=gpm["sm_active"], tensor_pct=gpm["tensor_active"])


def carry_activity(fresh: list[MigInstance] | NA, previous: Any) -> list[MigInstance] | NA:
    """``fresh`` (just listed) with the activity last read for the same GPU instance, so listing the
    instances again does not take a second GPM sample."""
    if isinstance(fresh, NA) or not isinstance(previous, list):
        return fresh
    known = {m.gpu_instance_id: m for m in previous if m.gpu_instance_id is not None}
    return [
        replace(m, util_pct=known[m.gpu_instance_id].util_pct, tensor_pct=known[m.gpu_instance_id].tensor_pct)
        if m.gpu_instance_id in known
        else m
        for m in fresh
    ]


def _instance_id(nv: Any, mig: Any) -> int | None:
    try:
        return int(nv.nvmlDeviceGetGpuInstanceId(mig))
    except Exception:  # an older driver or library: the instance is shown without its activity
        return None


def _profile(nv: Any, mig: Any) -> str:
    try:
        name = _text(nv.nvmlDeviceGetName(mig))  # "NVIDIA H100 80GB HBM3 MIG 3g.40gb"
    except Exception:
        return "?"
    return name.rsplit(" ", 1)[-1] if " MIG " in name else name


def _memory(nv: Any, mig: Any, reason_for: Any) -> tuple[Any, Any]:
    try:
        mem = nv.nvmlDeviceGetMemoryInfo(mig)
    except Exception as exc:
        na = NA(reason_for(exc)[0])
        return na, na
    return mem.used / _MIB, mem.total / _MIB


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)
