"""Telemetry as the API shows it: the shared snapshot with TFLOP/s labelled exact or estimated, and the
Prometheus exposition (base units, ``_total`` counters, info metrics, queue histograms) via prometheus-client.

TFLOP/s on a GPU is *exact* when a job of ours runs there and reports a ``tflops`` metric (FLOPs it
counted / time it measured); for a job of ours that has not reported yet, the estimate times what runs of
its class counted on this GPU model (:mod:`scheduler.lifecycle.flop_ratio`); otherwise it is a 16-bit dense
*equivalent*: tensor-pipe busy x the GPU's dense bf16 peak (:data:`accel.telemetry.fields.TFLOPS_ASSUMPTION`
says how far that is from the truth).
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from prometheus_client import CollectorRegistry, generate_latest
from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
    InfoMetricFamily,
    Metric,
)

from gpuaccel.accel.telemetry.fields import FIELD, PROMETHEUS_FIELDS, exported
from gpuaccel.accel.telemetry.prometheus import MIG_LABELS, throttle
from gpuaccel.accel.telemetry.prometheus import values as series_values
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.accel.telemetry.snapshot import snapshot
from gpuaccel.api.jobs import JobState
from gpuaccel.api.tflops import Tflops
from gpuaccel.scheduler.reads import queue_metrics

if TYPE_CHECKING:
    from gpuaccel.scheduler.lifecycle.service import Scheduler


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
    jobs = scheduler.running_jobs()
    for gpu in out["gpus"]:
        running = jobs.get(gpu["info"]["index"])
        gpu["job_id"] = running[0].id if running is not None else None
        if running is None or gpu["sample"] is None:
            continue
        job, metrics = running
        estimate = Tflops.model_validate(gpu["tflops"])
        if "tflops" in metrics:
            said = metrics["tflops"]
            figure = estimate.counted(job.id, said.get("value"), bool(said.get("exact", True)))
        else:  # not reported yet: the estimate corrected by what runs of the job's class counted here
            figure = scheduler.flop_ratios.entry(job, gpu["info"]["name"], estimate) or estimate
        gpu["tflops"] = figure.model_dump()
    return out


class _Collector:
    """Builds every family at scrape time from the sampler's latest round and the store (no state kept)."""

    def __init__(self, sampler: Sampler | None, scheduler: Scheduler, version: str) -> None:
        self.sampler, self.scheduler, self.version = sampler, scheduler, version

    def collect(self) -> Iterator[Metric]:
        sampler, scheduler = self.sampler, self.scheduler
        now = telemetry_now(sampler, scheduler)
        here = socket.gethostname()
        gpus = [{**g, "host": here} for g in now["gpus"]]
        cluster = scheduler.placements.cluster()
        telemetry = getattr(cluster, "telemetry", None)
        for node in telemetry.hosts() if telemetry is not None else []:  # every other node of a Ray cluster
            if node.alive and node.node_id != telemetry.own_node_id:  # this host's GPUs are listed once
                gpus += [{**g, "host": node.host} for g in node.snapshot.get("gpus", [])]
        backend = now["backend"]
        driver = now["driver"] if isinstance(now["driver"], str) else "N/A"
        build = InfoMetricFamily("gpuaccel_build", "gpuaccel version, NVIDIA driver and telemetry source")
        build.add_metric([], {"version": self.version, "driver": driver, "backend": backend,
                              "simulated": str(backend.startswith("fake:")).lower()})  # fmt: skip
        yield build
        keys = ["gpu", "name", "uuid", "host"]

        def ids(g: dict[str, Any]) -> list[str]:
            info = g["info"]
            return [str(info["index"]), str(info["name"]), str(info["uuid"]), str(g["host"])]

        for f in PROMETHEUS_FIELDS:
            family = (CounterMetricFamily if f.prom_type == "counter" else GaugeMetricFamily)(
                f.prom, f.help, labels=[*keys, *MIG_LABELS]
            )
            for g in gpus:  # the whole GPU, then each MIG instance; a value NVML cannot give is left out
                for mig, value in series_values(g["sample"], f):
                    family.add_metric([*ids(g), *mig], exported(value * f.prom_scale))
            yield family
        throttled = GaugeMetricFamily(
            "gpuaccel_gpu_throttle_reason",
            "1 while this reason holds the clocks back (NVML)",
            labels=[*keys, "reason"],
        )
        for g in gpus:
            for reason, on in throttle(g["sample"]):
                throttled.add_metric([*ids(g), reason], on)
        yield throttled
        lost = GaugeMetricFamily(
            "gpuaccel_gpu_lost",
            "1 when NVML reports the GPU lost (fallen off the bus; its other series stop until it is back)",
            labels=keys,
        )
        for g in gpus:
            if g["sample"]:
                lost.add_metric(ids(g), 1.0 if g["sample"].get("lost") else 0.0)
        yield lost
        flops = FIELD["tflops_est"]
        family = GaugeMetricFamily(flops.prom, flops.help, labels=[*keys, "exact"])
        for g in gpus:
            t = g["tflops"]
            if _num(t.get("value")):
                value = exported(float(t["value"]) * flops.prom_scale)
                family.add_metric([*ids(g), str(t["exact"]).lower()], value)
        yield family
        job_info = GaugeMetricFamily(
            "gpuaccel_gpu_job_info",
            "1 for each queue job running on a GPU",
            labels=["gpu", "job_id", "job_name", "host"],  # host: joins the GPU series of that host
        )
        for g in gpus:
            if g["host"] == here and g.get("job_id") is not None:  # this daemon's jobs
                job = scheduler.store.get(int(g["job_id"]))
                name = (job.name or job.kind) if job is not None else ""
                job_info.add_metric([str(g["info"]["index"]), str(g["job_id"]), name, here], 1.0)
        yield job_info
        idle = {s.index: s for s in scheduler.idle.snapshot()}
        family = GaugeMetricFamily(
            "gpuaccel_gpu_idle", "1 when the idle detector counts the GPU idle", labels=keys
        )
        for g in gpus:
            if g["host"] != here:
                continue  # the idle detector watches this host's GPUs
            state = idle.get(g["info"]["index"])
            family.add_metric(ids(g), 1.0 if state is not None and state.idle else 0.0)
        yield family
        yield from _queue_families(scheduler)
        yield GaugeMetricFamily("gpuaccel_idle_gate_open", "1 while the assistant's idle gate is open",
                                value=1.0 if scheduler.idle.is_gate_open() else 0.0)  # fmt: skip
        yield GaugeMetricFamily("gpuaccel_telemetry_available", "1 when GPU telemetry works",
                                value=1.0 if sampler is not None and sampler.available else 0.0)  # fmt: skip


def _queue_families(scheduler: Scheduler) -> Iterator[Metric]:
    """Jobs by state now, transitions into each state ever and wait/run histograms
    (:mod:`scheduler.reads.queue_metrics`: removed jobs still count)."""
    store = scheduler.store
    counts = store.counts()
    jobs = GaugeMetricFamily("gpuaccel_jobs", "jobs by state now", labels=["state"])
    for st in JobState:
        jobs.add_metric([st.value], float(counts.get(st, 0)))
    yield jobs
    entered = queue_metrics.transitions(store.query)
    transitions = CounterMetricFamily(
        "gpuaccel_job_transitions",
        "times a job entered each state (queued counts submissions and retries)",
        labels=["state"],
    )
    for st in JobState:
        transitions.add_metric([st.value], entered.get(st.value, 0.0))
    yield transitions
    yield _histogram(store, queue_metrics.WAIT, "time from submission to start, started jobs")
    yield _histogram(store, queue_metrics.RUN, "run time of finished jobs that started")


def _histogram(store: Any, d: queue_metrics.Duration, help_text: str) -> HistogramMetricFamily:
    count, total, buckets = queue_metrics.histogram(store.query, d)
    return HistogramMetricFamily(
        d.metric, help_text, buckets=[*buckets, ("+Inf", count)], sum_value=exported(total)
    )


def prometheus_text(sampler: Sampler | None, scheduler: Scheduler, version: str = "") -> str:
    """The exposition Prometheus scrapes (text format 0.0.4), built by prometheus-client."""
    registry = CollectorRegistry(auto_describe=False)
    registry.register(_Collector(sampler, scheduler, version))
    return generate_latest(registry).decode()


def _num(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
