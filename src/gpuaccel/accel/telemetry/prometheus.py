"""The per-GPU series of ``/metrics``: which values a GPU's JSON sample gives each catalogue metric, for the
whole GPU and for each of its MIG instances, and the throttle reasons one series per reason.

MIG instances are series of their own on the same metric names as whole GPUs, told apart by the labels
dcgm-exporter uses (lower-cased): ``gpu_i_id`` (NVML's GPU instance id) and ``gpu_i_profile``
(``3g.40gb``), empty on a whole GPU's series. An instance has memory, SM activity and tensor-core activity
(GPM); the rest (temperature, power, clocks) belongs to the GPU and stays on its series.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from gpuaccel.accel.telemetry.fields import THROTTLE_WORDS, Field
from gpuaccel.accel.telemetry.types import number

MIG_LABELS: tuple[str, ...] = ("gpu_i_id", "gpu_i_profile")
WHOLE_GPU: tuple[str, str] = ("", "")
# catalogue key -> the MigInstance field that holds it for an instance
MIG_VALUES: dict[str, str] = {
    "mem_used_mib": "mem_used_mib",
    "mem_total_mib": "mem_total_mib",
    "sm_active": "util_pct",
    "tensor_active": "tensor_pct",
}
# every reason NVML reports (the catalogue's one list of them), exported 1 when it holds the clocks
THROTTLE_REASONS: tuple[str, ...] = tuple(THROTTLE_WORDS)


def values(sample: dict[str, Any] | None, f: Field) -> Iterator[tuple[tuple[str, str], float]]:
    """``((gpu_i_id, gpu_i_profile), value)`` for the whole GPU (empty labels) and each MIG instance that
    has ``f``; a value NVML did not give has no series (Prometheus expects absence, not a 0)."""
    if not sample:
        return
    value = sample["gpm"].get(f.key) if f.source == "gpm" else sample.get(f.key)
    if (n := number(value)) is not None:
        yield WHOLE_GPU, n
    attr = MIG_VALUES.get(f.key)
    mig = sample.get("mig")
    if attr is None or not isinstance(mig, list):
        return
    for inst in mig:
        if (n := number(inst.get(attr))) is not None:
            gi = inst.get("gpu_instance_id")
            yield ("" if gi is None else str(gi), str(inst.get("profile", ""))), n


def throttle(sample: dict[str, Any] | None) -> Iterator[tuple[str, float]]:
    """``(reason, 1 or 0)`` for every reason, when the sample has the throttle reasons at all."""
    reasons = (sample or {}).get("throttle_reasons")
    if isinstance(reasons, list):
        for r in THROTTLE_REASONS:
            yield r, 1.0 if r in reasons else 0.0
