"""One JSON-able picture of all GPUs (info, latest sample, TFLOP/s), shared by ``gpuaccel status --json``
and the daemon's ``GET /api/v1/telemetry/now`` (which puts the running job's exact TFLOP/s in place of
the estimate), so both speak the same shape; the TFLOP/s entry is built here for either kind."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from gpuaccel.accel.telemetry import backend_name
from gpuaccel.accel.telemetry.fields import TFLOPS_ASSUMPTION, sample_tflops
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.accel.telemetry.types import NA, GpuInfo, GpuSample, Num, to_jsonable


def tflops_entry(sample: GpuSample | None, peak: Num, source: str) -> dict[str, Any]:
    """The estimate and what it rests on: ``{"value" | "na", "exact": False, "source", "assumption", "peak",
    "peak_source"}``; ``value`` = tensor-pipe busy x the GPU's dense bf16 peak, a 16-bit dense equivalent."""
    est = sample_tflops(sample, peak)
    value: dict[str, Any] = {"na": est.reason} if isinstance(est, NA) else {"value": est}
    return {
        **value,
        "exact": False,
        "source": f"16-bit dense equivalent: tensor-pipe busy x {source} bf16 peak",
        "assumption": TFLOPS_ASSUMPTION,
        "peak": to_jsonable(peak),
        "peak_source": source,
    }


def exact_tflops_entry(job_id: int, metric: dict[str, Any], estimate: dict[str, Any]) -> dict[str, Any]:
    """The figure a running job of ours reports (FLOPs it counted / time it measured), in place of the
    ``estimate`` entry whose peak it keeps for scale."""
    return {
        "value": metric.get("value"),
        "exact": bool(metric.get("exact", True)),
        "source": f"job {job_id}",
        "assumption": "counted by the job: FLOPs it performed / time it measured",
        "peak": estimate["peak"],
        "peak_source": estimate["peak_source"],
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
