"""One JSON-able picture of all GPUs (info, latest sample, TFLOP/s), shared by ``gpuaccel status --json``
and the daemon's ``GET /api/v1/telemetry/now`` (which adds the running job's exact TFLOP/s), so both
speak the same shape."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from gpuaccel.accel.telemetry import backend_name
from gpuaccel.accel.telemetry.peaks import estimate_tflops
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.accel.telemetry.types import NA, GpuInfo, GpuSample, Num, to_jsonable


def tflops_entry(sample: GpuSample | None, peak: Num, source: str) -> dict[str, Any]:
    """The estimate and what it rests on: ``{"value" | "na", "exact": False, "source", "peak",
    "peak_source"}``; ``value`` = tensor-core activity x the GPU's dense bf16 peak."""
    tensor: Num = NA("no sample yet") if sample is None else sample.gpm.get("tensor_active", NA("no GPM"))
    est = estimate_tflops(tensor, peak)
    value: dict[str, Any] = {"na": est.reason} if isinstance(est, NA) else {"value": est}
    return {
        **value,
        "exact": False,
        "source": f"estimate: tensor-core activity x {source} peak",
        "peak": to_jsonable(peak),
        "peak_source": source,
    }


def snapshot(sampler: Sampler) -> dict[str, Any]:
    """``{"backend", "error", "driver", "gpus": [{"info", "sample", "tflops"}]}``, NA as {"na": reason}."""
    latest = {s.index: s for s in sampler.latest()}
    gpus = []
    for info, (peak, source) in zip(sampler.infos, sampler.peaks, strict=True):
        sample = latest.get(info.index)
        gpus.append(
            {
                "info": _info_dict(info),
                "sample": None if sample is None else asdict(sample),
                "tflops": tflops_entry(sample, peak, source),
            }
        )
    return to_jsonable(
        {
            "backend": backend_name(sampler.backend),
            "error": sampler.error,
            "driver": sampler.driver,
            "gpus": gpus,
        }
    )


def _info_dict(info: GpuInfo) -> dict[str, Any]:
    d = asdict(info)
    if isinstance(info.compute_capability, tuple):
        d["compute_capability"] = list(info.compute_capability)
    return d
