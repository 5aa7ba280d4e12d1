"""The MIG instances of a GPU in MIG mode, read through NVML for :class:`nvml.NvmlBackend`.

Kept apart from the backend because a MIG instance is a device handle of its own: its calls must not share
the backend's per-GPU "not supported" memory (an instance without a reading says nothing of its parent).
NVML gives each instance's uuid, name (whose last word is the profile, ``3g.40gb``) and memory; it has no
utilization per instance outside GPM, which this reader leaves to a later version (N/A with the reason).
"""

from __future__ import annotations

from typing import Any

from gpuaccel.accel.telemetry.fields import MIG_NO_UTIL, NOT_SUPPORTED
from gpuaccel.accel.telemetry.types import NA, MigInstance

_MIB = 1024.0 * 1024.0


def read_mig(nv: Any, handle: Any, reason_for: Any) -> list[MigInstance] | NA:
    """The instances of the GPU ``handle``: [] when MIG is off or not supported, NA when NVML fails."""
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
        out.append(MigInstance(uuid, _profile(nv, mig), *_memory(nv, mig, reason_for), NA(MIG_NO_UTIL)))
    return out


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
