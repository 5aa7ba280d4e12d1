"""Telemetry as the API shows it: the shared snapshot with TFLOP/s labelled exact or estimated, and the
Prometheus text exposition of GPU and queue gauges.

TFLOP/s on a GPU is *exact* when a job of ours runs there and reports a ``tflops`` metric (FLOPs it
counted / time it measured); otherwise it is an *estimate*: tensor-core activity x the GPU's dense peak.
"""

from __future__ import annotations

import socket
from typing import TYPE_CHECKING, Any

from gpuaccel.accel.telemetry.fields import FIELD, PROMETHEUS_FIELDS
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.accel.telemetry.snapshot import exact_tflops_entry, snapshot
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
            gpu["tflops"] = exact_tflops_entry(job[0], job[1]["tflops"], gpu["tflops"])
    return out


def _label(value: Any) -> str:
    return str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def prometheus_text(sampler: Sampler | None, scheduler: Scheduler) -> str:
    """Prometheus text format 0.0.4; values NVML cannot give are left out, as Prometheus expects."""
    lines: list[str] = []

    def family(name: str, help_text: str, rows: list[tuple[str, float]], kind: str = "gauge") -> None:
        lines.append(f"# HELP {name} {help_text}")
        lines.append(f"# TYPE {name} {kind}")
        lines.extend(f"{name}{labels} {value:g}" for labels, value in rows)

    here = socket.gethostname()
    gpus = [{**g, "host": here} for g in telemetry_now(sampler, scheduler)["gpus"]]
    cluster = scheduler.placements.cluster()
    telemetry = getattr(cluster, "telemetry", None)
    for node in telemetry.hosts() if telemetry is not None else []:  # every node of a Ray cluster
        gpus += [{**g, "host": node.host} for g in node.snapshot.get("gpus", []) if node.alive]

    def labels(g: dict[str, Any]) -> str:
        info, host = g["info"], _label(g["host"])
        name, uuid = _label(info["name"]), _label(info["uuid"])
        return f'{{gpu="{info["index"]}",name="{name}",uuid="{uuid}",host="{host}"}}'

    for f in PROMETHEUS_FIELDS:
        rows = [
            (labels(g), value) for g in gpus if g["sample"] and _num(value := _json_value(g["sample"], f.key))
        ]
        family(f.prom, f.help, rows, f.prom_type)
    tflops = []
    for g in gpus:
        t = g["tflops"]
        if _num(t.get("value")):
            tflops.append((labels(g)[:-1] + f',exact="{str(t["exact"]).lower()}"}}', t["value"]))
    est = FIELD["tflops_est"]
    family(est.prom, est.help, tflops, est.prom_type)
    idle = {s.index: s for s in scheduler.idle.snapshot()}
    idle_rows = []
    for g in gpus:
        if g["host"] != here:
            continue  # the idle detector watches this host's GPUs
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


def _json_value(sample: dict[str, Any], key: str) -> Any:
    """A field of a JSON sample: GPM metrics sit under ``gpm``."""
    return sample["gpm"].get(key) if FIELD[key].source == "gpm" else sample.get(key)


def _num(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
