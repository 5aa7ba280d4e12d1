"""Telemetry as the API shows it: the shared snapshot with TFLOP/s labelled exact or estimated, and the
Prometheus text exposition of GPU and queue gauges.

TFLOP/s on a GPU is *exact* when a job of ours runs there and reports a ``tflops`` metric (FLOPs it
counted / time it measured); otherwise it is an *estimate*: tensor-core activity x the GPU's dense peak.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.accel.telemetry.snapshot import snapshot
from gpuaccel.scheduler.models import JobState

if TYPE_CHECKING:
    from gpuaccel.scheduler.service import Scheduler


def telemetry_now(sampler: Sampler | None, scheduler: Scheduler) -> dict[str, Any]:
    """The shared snapshot (:func:`accel.telemetry.snapshot.snapshot`), with each GPU's running job and,
    where that job reports a ``tflops`` metric, its exact TFLOP/s in place of the estimate."""
    if sampler is None:
        return {
            "backend": "off",
            "error": "telemetry is off",
            "driver": {"na": "telemetry is off"},
            "gpus": [],
        }
    out = snapshot(sampler)
    jobs = scheduler.running_metrics()
    for gpu in out["gpus"]:
        job = jobs.get(gpu["info"]["index"])
        gpu["job_id"] = job[0] if job is not None else None
        if job is not None and "tflops" in job[1] and gpu["sample"] is not None:
            metric = job[1]["tflops"]
            estimate = gpu["tflops"]
            gpu["tflops"] = {
                "value": metric.get("value"),
                "exact": bool(metric.get("exact", True)),
                "source": f"job {job[0]}",
                "peak": estimate["peak"],
                "peak_source": estimate["peak_source"],
            }
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

    gpus = telemetry_now(sampler, scheduler)["gpus"]

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
    family(
        "gpuaccel_jobs", "jobs by state", [(f'{{state="{s}"}}', float(counts.get(s, 0))) for s in JobState]
    )
    family("gpuaccel_idle_gate_open", "1 while the assistant's idle gate is open",
           [("", 1.0 if scheduler.idle.is_gate_open() else 0.0)])  # fmt: skip
    family("gpuaccel_telemetry_available", "1 when GPU telemetry works",
           [("", 1.0 if sampler is not None and sampler.available else 0.0)])  # fmt: skip
    return "\n".join(lines) + "\n"


def _num(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
