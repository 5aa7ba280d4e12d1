"""What the assistant knows, computed by the daemon, never by the model.

:class:`Facts` holds GPU readings (with the reason for each unavailable value), queue counts, recent
failures with reasons and telemetry highlights of the last hour; ``/status`` shows it and the queries of
:mod:`assistant.queries.catalogue` read it. What model prose may say about them is checked in
:mod:`assistant.prose_checks`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gpuaccel.accel.telemetry import health
from gpuaccel.accel.telemetry.fields import FIELD, unit_after, with_unit
from gpuaccel.accel.telemetry.snapshot import parse_snapshot, snapshot
from gpuaccel.accel.telemetry.types import NA
from gpuaccel.api.jobs import JobState
from gpuaccel.scheduler.reads import history as history_read
from gpuaccel.scheduler.reads import queue as reads
from gpuaccel.scheduler.store.queue import Store

# The queue line of the facts: every state in this order, the first four even at 0.
QUEUE_STATES = [str(s) for s in (JobState.RUNNING, JobState.QUEUED, JobState.FAILED, JobState.SUCCEEDED)]
QUEUE_STATES += [str(s) for s in (JobState.PAUSED, JobState.RETRYING, JobState.HELD, JobState.CANCELLED)]
ALWAYS_COUNTED = frozenset(QUEUE_STATES[:4])


def _v(value: Any, fmt: str = "{:.0f}", unit: str = "") -> str:
    if value is None or isinstance(value, NA):
        return f"n/a ({value.reason})" if isinstance(value, NA) else "n/a"
    return fmt.format(value) + unit


def _read(g: dict[str, Any], key: str) -> str:
    """A live reading with the telemetry catalogue's unit, as gpuaccel status writes it (``68 °C``)."""
    return _v(g[key], unit=unit_after(FIELD[key].unit))


@dataclass
class Facts:
    t: float
    gpus: list[dict[str, Any]] = field(default_factory=list)
    telemetry_error: str | None = None
    gate_open: bool | None = None
    counts: dict[str, int] = field(default_factory=dict)
    running: list[dict[str, Any]] = field(default_factory=list)
    failures: list[dict[str, Any]] = field(default_factory=list)
    # The last hour's history per GPU, read only when the facts are shown (``/status``, a refusal's
    # block): a question a query answers never pays for reading an hour of 1 s rows.
    read_highlights: Callable[[], list[str]] | None = field(default=None, repr=False)
    _highlights: list[str] | None = field(default=None, repr=False)

    @property
    def highlights(self) -> list[str]:
        if self._highlights is None:
            self._highlights = self.read_highlights() if self.read_highlights is not None else []
        return self._highlights

    def lines(self) -> list[str]:
        out = []
        if self.telemetry_error:
            out.append(f"- GPUs: telemetry unavailable ({self.telemetry_error})")
        for g in self.gpus:
            out.append(
                f"- GPU {g['index']} ({g['name']}): {_read(g, 'temperature_c')},"
                f" util {_read(g, 'util_gpu')},"
                f" memory {_v(g['mem_used_mib'])}/{_v(g['mem_total_mib'])} MiB,"
                f" power {_read(g, 'power_w')}, tensor activity {_v(g['tensor_active'], unit='%')}"
                + (f", fan {_read(g, 'fan_pct')}" if g.get("fan_pct") is not None else "")
            )
            for p in g["processes"]:
                owner = f"job {p['job_id']}" if p["job_id"] else p["owner"]
                used = _v(p["used"], unit=" MiB")
                out.append(f"- GPU {g['index']} process {p['pid']} ({p['name']}): {used}, {owner}")
        c = self.counts
        shown = [s for s in QUEUE_STATES if s in ALWAYS_COUNTED or c.get(s, 0)]  # a state the queue has
        out.append("- queue: " + ", ".join(f"{c.get(s, 0)} {s}" for s in shown))
        for j in self.running:
            out.append(f"- job {j['id']} ({j['name']}) {j.get('state', 'running')} on GPU {j['gpus']}")
        for j in self.failures:
            out.append(f"- job {j['id']} ({j['name']}) failed: {j['reason']}")
        out += [f"- {h}" for h in self.highlights]
        if self.gate_open is not None:
            out.append(f"- assistant GPU gate: {'open' if self.gate_open else 'closed'}")
        return out

    def block(self) -> str:
        """One paragraph (single newlines only: a blank line would end the turn in the chat format)."""
        return "Facts:\n" + "\n".join(self.lines())

    def to_json(self) -> dict[str, Any]:
        """The live picture a chat answer's ``meta`` event carries (the hour's highlights stay out)."""
        return {
            "t": self.t,
            "gpus": self.gpus,
            "telemetry_error": self.telemetry_error,
            "gate_open": self.gate_open,
            "counts": self.counts,
            "running": self.running,
            "failures": self.failures,
        }


def _text(value: Any) -> str | None:
    """A text fact (architecture, PCI bus, driver), None where NVML gives none."""
    return None if value is None or isinstance(value, NA) else str(value)


def _value_of(value: Any) -> Any:
    """A record's value back from its JSON: ``{"na": reason}`` is NA."""
    return NA(str(value["na"])) if isinstance(value, dict) and set(value) == {"na"} else value


def _num(value: Any) -> float | None:
    return None if value is None or isinstance(value, NA) else round(float(value), 1)


class FactsSource:
    """Reads the daemon's live objects; each is optional so tests and a GPU-less daemon work the same."""

    def __init__(self, store: Store, sampler: Any = None, idle: Any = None, own_pids: Any = None) -> None:
        self.store, self.sampler, self.idle = store, sampler, idle
        self.own_pids = own_pids or (lambda: set())
        self.cluster: Any = (
            None  # the daemon's Ray cluster (scheduler.placement.cluster.RayCluster), when it has one
        )
        # where the daemon writes job-<id>.log (scheduler.paths.DataDir.logs), for a job's log in the chat
        self.logs_dir: Path | None = None
        # The daemon's telemetry record (GET /telemetry/now: the shared snapshot with a running job's exact
        # TFLOP/s in place of the estimate), set by the daemon; without one, the shared snapshot itself.
        self.telemetry_now: Callable[[], dict[str, Any]] | None = None
        # The housekeeper's scan (proposals, for-information notes), set by the service (queries.cleanup)
        self.housekeeping: Callable[[], tuple[list[Any], list[dict[str, Any]]]] | None = None

    def record(self) -> dict[str, Any]:
        """The telemetry record the dashboard and ``gpuaccel status`` show (one picture of every GPU)."""
        return self.telemetry_now() if self.telemetry_now is not None else snapshot(self.sampler)

    def _job_pids(self) -> dict[int, int]:
        return reads.running_pids(self.store)

    def gpus(self) -> tuple[list[dict[str, Any]], str | None]:
        if self.sampler is None:
            return [], "telemetry is off"
        if not self.sampler.available:
            return [], self.sampler.error or "GPU telemetry unavailable"
        record = self.record()
        job_pids = self._job_pids()
        ours = self.own_pids()
        out = []
        for entry, parsed in zip(record["gpus"], parse_snapshot(record), strict=True):
            s = parsed.sample
            if s is None:
                continue  # no reading yet
            procs = [] if isinstance(s.processes, NA) else s.processes
            said = entry.get("tflops") or {}  # exact from a job of ours, else the estimate (or na: why)
            tflops = (
                said["value"] if said.get("value") is not None else NA(str(said.get("na") or "no reading"))
            )
            raw = {
                "temperature_c": s.temperature_c,
                "util_gpu": s.util_gpu,
                "mem_used_mib": s.mem_used_mib,
                "mem_total_mib": s.mem_total_mib,
                "power_w": s.power_w,
                "power_limit_w": s.power_limit_w,
                "tensor_active": s.gpm.get("tensor_active", NA("no GPM reading yet")),
                "util_mem": s.util_mem,
                "dram_bw_util": s.gpm.get("dram_bw_util", NA("no GPM reading yet")),
                "tflops": tflops,
                "fan_pct": s.fan_pct,  # NOT_SUPPORTED on passively cooled GPUs (no fan of their own)
                "sm_clock_mhz": s.sm_clock_mhz,
                "mem_clock_mhz": s.mem_clock_mhz,
                "pcie_tx_kbs": s.pcie_tx_kbs,
                "pcie_rx_kbs": s.pcie_rx_kbs,
                "sm_active": s.gpm.get("sm_active", NA("no GPM reading yet")),
                "sm_occupancy": s.gpm.get("sm_occupancy", NA("no GPM reading yet")),
                "peak_tflops": parsed.peak,
                "pstate": s.pstate,
                "throttle_reasons": s.throttle_reasons,
            }
            counters, counters_na = health.summary(s)
            out.append(
                {
                    "index": s.index,
                    "name": parsed.info.name,
                    "architecture": _text(parsed.info.architecture),
                    "pci_bus_id": _text(parsed.info.pci_bus_id),
                    "driver": _text(_value_of(record.get("driver"))),
                    "temperature_c": _num(s.temperature_c),
                    "util_gpu": _num(s.util_gpu),
                    "mem_used_mib": _num(s.mem_used_mib),
                    "mem_total_mib": _num(s.mem_total_mib),
                    "power_w": _num(s.power_w),
                    "power_limit_w": _num(s.power_limit_w),
                    "tensor_active": _num(s.gpm.get("tensor_active")),
                    "util_mem": _num(s.util_mem),  # the memory controller's busy time, %
                    "dram_bw_util": _num(s.gpm.get("dram_bw_util")),  # DRAM bandwidth used, % of peak (GPM)
                    "tflops": _num(tflops),
                    "tflops_exact": bool(said.get("exact")),
                    "tflops_source": str(said.get("source") or ""),
                    "fan_pct": _num(s.fan_pct),
                    "sm_clock_mhz": _num(s.sm_clock_mhz),
                    "mem_clock_mhz": _num(s.mem_clock_mhz),
                    "pcie_tx_kbs": _num(s.pcie_tx_kbs),
                    "pcie_rx_kbs": _num(s.pcie_rx_kbs),
                    "sm_active": _num(s.gpm.get("sm_active")),
                    "sm_occupancy": _num(s.gpm.get("sm_occupancy")),
                    # the dense bf16 peak the TFLOP/s estimate scales, and where it comes from (as status)
                    "peak_tflops": _num(parsed.peak),
                    "peak_source": parsed.peak_source,
                    "pstate": None if isinstance(s.pstate, NA) else str(s.pstate),
                    "na": {k: v.reason for k, v in raw.items() if isinstance(v, NA)},
                    "throttle": None if isinstance(s.throttle_reasons, NA) else list(s.throttle_reasons),
                    # health as `gpuaccel status` words it: the counters, their N/A reasons, the warnings
                    "health": counters,
                    "health_na": counters_na,
                    "health_warnings": health.warnings(s),
                    "processes": [
                        {
                            "pid": p.pid,
                            "name": p.name,
                            "used": _num(p.used_mib),
                            "job_id": self._owner(p.pid, job_pids),
                            "owner": "the assistant's model" if p.pid in ours else "not started by the queue",
                        }
                        for p in procs
                    ],
                }
            )
        return out, None

    @staticmethod
    def _owner(pid: int, job_pids: dict[int, int]) -> int | None:
        import os

        if pid in job_pids:
            return job_pids[pid]
        try:
            return job_pids.get(os.getpgid(pid))  # workers lead their own process group
        except (ProcessLookupError, PermissionError):
            return None

    def highlights(self, since_s: float = 3600.0) -> list[str]:
        """Per GPU over the last ``since_s``: peak temperature, mean utilization and tensor activity."""
        out = []
        now = time.time()
        shown = ("temperature_c", "util_gpu", "tensor_active")
        for gpu, st in history_read.span_stats(self.store, now - since_s, now, fields=shown).items():
            parts = [f"last hour GPU {gpu}:"]
            for key, words, unit in (
                ("temperature_c", "peak", FIELD["temperature_c"].unit),
                ("util_gpu", "mean util", FIELD["util_gpu"].unit),
                ("tensor_active", "mean tensor activity", FIELD["tensor_active"].unit),
            ):
                if key in st:
                    value = st[key].peak if words == "peak" else st[key].mean
                    parts.append(f"{words} {with_unit(float(value or 0.0), unit)},")
            out.append(" ".join(parts).rstrip(","))
        return out

    def collect(self, failures: int = 5) -> Facts:
        gpus, err = self.gpus()
        running = [
            {
                "id": j.id,
                "name": j.name or j.kind,
                "state": str(j.state),
                "gpus": ",".join(map(str, j.assigned_gpus)) or "none",
            }
            for j in self.store.list(states=[JobState.RUNNING, JobState.PAUSED], limit=20)
        ]
        failed = [
            {"id": j.id, "name": j.name or j.kind, "reason": j.reason or f"exit code {j.exit_code}"}
            for j in self.store.list(states=[JobState.FAILED], limit=failures)
        ]
        gate = self.idle.is_gate_open() if self.idle is not None else None
        counts = self.store.counts()
        return Facts(time.time(), gpus, err, gate, counts, running, failed, read_highlights=self.highlights)
