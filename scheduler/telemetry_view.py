"""Telemetry as the API shows it: the live snapshot with TFLOP/s labelled exact or estimated, and the
Prometheus text exposition of GPU and queue gauges.

TFLOP/s on a GPU is *exact* when a job of ours runs there and reports a ``tflops`` metric (FLOPs it
counted / time it measured); otherwise it is an *estimate*: tensor-core activity x the GPU's dense peak.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from accel.telemetry import backend_name
from accel.telemetry.peaks import estimate_tflops
from accel.telemetry.sampler import Sampler
from accel.telemetry.types import NA, GpuSample, to_jsonable
from scheduler.jobs import STATES

if TYPE_CHECKING:
    from scheduler.service import Scheduler


def gpu_tflops(
    sample: GpuSample, peak: Any, peak_source: str, job: tuple[int, dict[str, Any]] | None
) -> dict:
    if job is not None and "tflops" in job[1]:
        metric = job[1]["tflops"]
        return {
            "value": metric.get("value"),
            "exact": bool(metric.get("exact", True)),
            "source": f"job {job[0]}",
        }
    est = estimate_tflops(sample.gpm.get("tensor_active", NA("no tensor-core activity reading")), peak)
    if isinstance(est, NA):
        return {"na": est.reason, "exact": False}
    return {"value": est, "exact": False, "source": f"estimate: tensor-core activity x {peak_source} peak"}


def telemetry_now(sampler: Sampler | None, scheduler: Scheduler) -> dict[str, Any]:
    if sampler is None:
        return {
            "backend": "off",
            "error": "telemetry is off",
            "driver": {"na": "telemetry is off"},
            "gpus": [],
        }
    driver = sampler.driver
    out: dict[str, Any] = {
        "backend": backend_name(sampler.backend),
        "error": sampler.error,
        "driver": driver.to_json() if isinstance(driver, NA) else driver,
        "gpus": [],
    }
    jobs = scheduler.running_metrics()
    samples = {s.index: s for s in sampler.latest()}
    for info in sampler.infos:
        s = samples.get(info.index)
        peak, source = (
            sampler.peaks[info.index] if info.index < len(sampler.peaks) else (NA("no peak"), "table")
        )
        out["gpus"].append(
            {
                "info": to_jsonable(asdict(info)),
                "sample": s.to_json() if s is not None else None,
                "tflops": gpu_tflops(s, peak, source, jobs.get(info.index)) if s else {"na": "no sample yet"},
                "job_id": jobs[info.index][0] if info.index in jobs else None,
            }
        )
    return out


_GAUGES: tuple[tuple[str, str, str], ...] = (
    ("util_gpu", "gpuaccel_gpu_utilization_percent", "GPU utilization (percent)"),
    ("util_mem", "gpuaccel_gpu_memory_utilization_percent", "memory controller utilization (percent)"),
    ("mem_used_mib", "gpuaccel_gpu_memory_used_mib", "GPU memory used (MiB)"),
    ("mem_total_mib", "gpuaccel_gpu_memory_total_mib", "GPU memory total (MiB)"),
    ("temperature_c", "gpuaccel_gpu_temperature_celsius", "GPU temperature"),
    ("power_w", "gpuaccel_gpu_power_watts", "power draw"),
    ("power_limit_w", "gpuaccel_gpu_power_limit_watts", "power limit"),
    ("energy_j", "gpuaccel_gpu_energy_joules", "energy since driver load"),
    ("sm_clock_mhz", "gpuaccel_gpu_sm_clock_mhz", "SM clock"),
    ("mem_clock_mhz", "gpuaccel_gpu_memory_clock_mhz", "memory clock"),
)
_GPM_GAUGES = ("tensor_active", "sm_active", "sm_occupancy", "dram_bw_util")


def _label(value: Any) -> str:
    return str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def prometheus_text(sampler: Sampler | None, scheduler: Scheduler) -> str:
    """Prometheus text format 0.0.4; values NVML cannot give are left out, as Prometheus expects."""
    lines: list[str] = []

    def family(name: str, help_text: str, rows: list[tuple[str, float]]) -> None:
        lines.append(f"# HELP {name} {help_text}")
        lines.append(f"# TYPE {name} gauge")
        lines.extend(f"{name}{labels} {value:g}" for labels, value in rows)

    snapshot = telemetry_now(sampler, scheduler)
    gpus = snapshot["gpus"]

    def labels(g: dict[str, Any]) -> str:
        info = g["info"]
        return f'{{gpu="{info["index"]}",name="{_label(info["name"])}",uuid="{_label(info["uuid"])}"}}'

    for field, name, help_text in _GAUGES:
        rows = [(labels(g), g["sample"][field]) for g in gpus if g["sample"] and _num(g["sample"][field])]
        family(name, help_text, rows)
    for metric in _GPM_GAUGES:
        rows = [
            (labels(g), g["sample"]["gpm"][metric])
            for g in gpus
            if g["sample"] and _num(g["sample"]["gpm"].get(metric))
        ]
        family(f"gpuaccel_gpu_{metric}_percent", f"GPM {metric.replace('_', ' ')} (percent)", rows)
    tflops = []
    for g in gpus:
        t = g["tflops"]
        if _num(t.get("value")):
            tflops.append((labels(g)[:-1] + f',exact="{str(t["exact"]).lower()}"}}', t["value"]))
    family("gpuaccel_gpu_tflops", "achieved TFLOP/s (exact for gpuaccel jobs, else estimated)", tflops)
    idle = {s.index: s for s in scheduler.idle.snapshot()}
    idle_rows = []
    for g in gpus:
        state = idle.get(g["info"]["index"])
        idle_rows.append((labels(g), 1.0 if state is not None and state.idle else 0.0))
    family("gpuaccel_gpu_idle", "1 when the idle detector counts the GPU idle", idle_rows)
    counts = scheduler.store.counts()
    family("gpuaccel_jobs", "jobs by state", [(f'{{state="{s}"}}', float(counts.get(s, 0))) for s in STATES])
    family("gpuaccel_idle_gate_open", "1 while the assistant's idle gate is open",
           [("", 1.0 if scheduler.idle.is_gate_open() else 0.0)])  # fmt: skip
    family("gpuaccel_telemetry_available", "1 when GPU telemetry works",
           [("", 1.0 if sampler is not None and sampler.available else 0.0)])  # fmt: skip
    return "\n".join(lines) + "\n"


def _num(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
