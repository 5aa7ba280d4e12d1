"""One JSON-able picture of all GPUs (info, latest sample, TFLOP/s), shared by ``gpuaccel status --json``
and the daemon's ``GET /api/v1/telemetry/now`` (which puts the running job's exact TFLOP/s in place of
the estimate), so both speak the same shape (its TFLOP/s entry is the :class:`api.tflops.Tflops` record);
:func:`parse_snapshot` reads the picture back into the telemetry types (``status`` shows a daemon's)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import TYPE_CHECKING, Any

from gpuaccel.accel.telemetry import backend_name
from gpuaccel.accel.telemetry.fields import TFLOPS_ASSUMPTION
from gpuaccel.accel.telemetry.types import (
    NA,
    GpuInfo,
    GpuSample,
    MigInstance,
    Num,
    ProcessInfo,
    sample_tflops,
    to_jsonable,
)
from gpuaccel.api.tflops import Tflops

if TYPE_CHECKING:  # reading a daemon's snapshot back (parse_snapshot) needs no sampler, nor numpy
    from gpuaccel.accel.telemetry.sampler import Sampler


def tflops_entry(sample: GpuSample | None, peak: Num, source: str) -> dict[str, Any]:
    """The estimate as a :class:`api.tflops.Tflops` record: tensor-pipe busy x the GPU's dense bf16 peak, a
    16-bit dense equivalent (or N/A with why)."""
    est = sample_tflops(sample, peak)
    value, na = (None, est.reason) if isinstance(est, NA) else (est, None)
    return Tflops.estimate(value, na, to_jsonable(peak), source, TFLOPS_ASSUMPTION).model_dump()


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


@dataclass
class ParsedGpu:
    """One GPU of a snapshot read back: its facts, latest reading (None before the first) and dense
    16-bit peak with where that peak comes from ("table" or "calibrated")."""

    info: GpuInfo
    sample: GpuSample | None
    peak: Num
    peak_source: str


def _value(v: Any) -> Any:
    """A JSON value back as the types hold it: ``{"na": reason}`` -> NA."""
    if isinstance(v, dict) and set(v) == {"na"}:
        return NA(str(v["na"]))
    return v


def _fields_of(cls: type, data: dict[str, Any]) -> dict[str, Any]:
    """The fields of dataclass ``cls`` present in ``data`` (a newer daemon's extra keys are skipped)."""
    return {f.name: _value(data[f.name]) for f in fields(cls) if f.name in data}


def parse_snapshot(data: dict[str, Any]) -> list[ParsedGpu]:
    """The GPUs of a :func:`snapshot` (or of the daemon's ``/telemetry/now``) as telemetry types."""
    out = []
    for entry in data.get("gpus") or []:
        info = GpuInfo(**_fields_of(GpuInfo, entry["info"]))
        if isinstance(info.compute_capability, list):
            info.compute_capability = (int(info.compute_capability[0]), int(info.compute_capability[1]))
        sample = None
        if entry.get("sample"):
            sample = GpuSample(**_fields_of(GpuSample, entry["sample"]))
            if isinstance(sample.processes, list):
                sample.processes = [ProcessInfo(**_fields_of(ProcessInfo, p)) for p in sample.processes]
            if isinstance(sample.mig, list):
                sample.mig = [MigInstance(**_fields_of(MigInstance, m)) for m in sample.mig]
            sample.gpm = {k: _value(v) for k, v in (sample.gpm or {}).items()}
        tflops = entry.get("tflops") or {}
        peak = _value(tflops.get("peak", {"na": "no peak known"}))
        out.append(ParsedGpu(info, sample, peak, str(tflops.get("peak_source") or "table")))
    return out
