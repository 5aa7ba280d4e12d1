"""What the assistant knows, computed by the daemon, never by the model: the facts block and direct answers.

Every answer starts from :class:`Facts` (GPU readings, queue counts, recent failures with reasons, telemetry
highlights of the last hour). Direct factual questions ("how hot is GPU 0?", "why did job 12 fail?", "what
is using GPU memory?") are answered here from those facts with plain templates; the model only adds prose
afterwards, and :class:`NumberGuard` masks any number in that prose that the facts do not contain.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any

from gpuaccel.accel.telemetry.types import NA
from gpuaccel.scheduler import reads
from gpuaccel.scheduler.models import JobState
from gpuaccel.scheduler.store import Store

_NUM = re.compile(r"\d+(?:\.\d+)?")


def _v(value: Any, fmt: str = "{:.0f}", unit: str = "") -> str:
    if value is None or isinstance(value, NA):
        return f"n/a ({value.reason})" if isinstance(value, NA) else "n/a"
    return fmt.format(value) + unit


@dataclass
class Facts:
    t: float
    gpus: list[dict[str, Any]] = field(default_factory=list)
    telemetry_error: str | None = None
    gate_open: bool | None = None
    counts: dict[str, int] = field(default_factory=dict)
    running: list[dict[str, Any]] = field(default_factory=list)
    failures: list[dict[str, Any]] = field(default_factory=list)
    highlights: list[str] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = []
        if self.telemetry_error:
            out.append(f"- GPUs: telemetry unavailable ({self.telemetry_error})")
        for g in self.gpus:
            out.append(
                f"- GPU {g['index']} ({g['name']}): {_v(g['temperature_c'], unit=' C')},"
                f" util {_v(g['util_gpu'], unit='%')},"
                f" memory {_v(g['mem_used_mib'])}/{_v(g['mem_total_mib'])} MiB,"
                f" power {_v(g['power_w'], unit=' W')}, tensor activity {_v(g['tensor_active'], unit='%')}"
            )
            for p in g["processes"]:
                owner = f"job {p['job_id']}" if p["job_id"] else p["owner"]
                out.append(f"- GPU {g['index']} process {p['pid']} ({p['name']}): {p['used']} MiB, {owner}")
        c = self.counts
        out.append(
            f"- queue: {c.get('running', 0)} running, {c.get('queued', 0)} queued,"
            f" {c.get('failed', 0)} failed, {c.get('succeeded', 0)} succeeded"
        )
        for j in self.running:
            out.append(f"- job {j['id']} ({j['name']}) running on GPU {j['gpus']}")
        for j in self.failures:
            out.append(f"- job {j['id']} ({j['name']}) failed: {j['reason']}")
        out += [f"- {h}" for h in self.highlights]
        if self.gate_open is not None:
            out.append(f"- assistant GPU gate: {'open' if self.gate_open else 'closed'}")
        return out

    def block(self) -> str:
        """One paragraph (single newlines only: a blank line would end the turn in the chat format)."""
        return "Facts:\n" + "\n".join(self.lines())

    def numbers(self) -> set[str]:
        return set(_NUM.findall(self.block()))

    def to_json(self) -> dict[str, Any]:
        return {
            "t": self.t,
            "gpus": self.gpus,
            "telemetry_error": self.telemetry_error,
            "gate_open": self.gate_open,
            "counts": self.counts,
            "running": self.running,
            "failures": self.failures,
            "highlights": self.highlights,
        }


def _num(value: Any) -> float | None:
    return None if value is None or isinstance(value, NA) else round(float(value), 1)


class FactsSource:
    """Reads the daemon's live objects; each is optional so tests and a GPU-less daemon work the same."""

    def __init__(self, store: Store, sampler: Any = None, idle: Any = None, own_pids: Any = None) -> None:
        self.store, self.sampler, self.idle = store, sampler, idle
        self.own_pids = own_pids or (lambda: set())

    def _job_pids(self) -> dict[int, int]:
        return reads.running_pids(self.store)

    def gpus(self) -> tuple[list[dict[str, Any]], str | None]:
        if self.sampler is None:
            return [], "telemetry is off"
        if not self.sampler.available:
            return [], self.sampler.error or "GPU telemetry unavailable"
        infos = {i.index: i for i in self.sampler.infos}
        job_pids = self._job_pids()
        ours = self.own_pids()
        out = []
        for s in self.sampler.latest():
            procs = [] if isinstance(s.processes, NA) else s.processes
            out.append(
                {
                    "index": s.index,
                    "name": infos[s.index].name if s.index in infos else "?",
                    "temperature_c": _num(s.temperature_c),
                    "util_gpu": _num(s.util_gpu),
                    "mem_used_mib": _num(s.mem_used_mib),
                    "mem_total_mib": _num(s.mem_total_mib),
                    "power_w": _num(s.power_w),
                    "tensor_active": _num(s.gpm.get("tensor_active")),
                    "throttle": [] if isinstance(s.throttle_reasons, NA) else list(s.throttle_reasons),
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
        out = []
        for g in reads.gpu_summaries(self.store, time.time() - since_s):
            parts = [f"last hour GPU {g.gpu}:"]
            if g.temperature_peak_c is not None:
                parts.append(f"peak {g.temperature_peak_c:.0f} C,")
            if g.util_avg_pct is not None:
                parts.append(f"mean util {g.util_avg_pct:.0f}%,")
            if g.tensor_avg_pct is not None:
                parts.append(f"mean tensor activity {g.tensor_avg_pct:.0f}%")
            out.append(" ".join(parts).rstrip(","))
        return out

    def collect(self, failures: int = 5) -> Facts:
        gpus, err = self.gpus()
        running = [
            {"id": j.id, "name": j.name or j.kind, "gpus": ",".join(map(str, j.assigned_gpus)) or "none"}
            for j in self.store.list(states=[JobState.RUNNING], limit=20)
        ]
        failed = [
            {"id": j.id, "name": j.name or j.kind, "reason": j.reason or f"exit code {j.exit_code}"}
            for j in self.store.list(states=[JobState.FAILED], limit=failures)
        ]
        gate = self.idle.is_gate_open() if self.idle is not None else None
        return Facts(time.time(), gpus, err, gate, self.store.counts(), running, failed, self.highlights())

    def job_failure(self, job_id: int) -> str:
        job = self.store.get(job_id, with_events=True)
        if job is None:
            return f"There is no job {job_id} in the queue's history."
        if job.state != JobState.FAILED:
            return f"Job {job_id} ({job.name or job.kind}) did not fail: it is {job.state}."
        code = f" (exit code {job.exit_code})" if job.exit_code is not None else ""
        return f"Job {job_id} ({job.name or job.kind}) failed: {job.reason or 'no reason recorded'}{code}."


def answer_direct(question: str, facts: Facts, source: FactsSource | None = None) -> str | None:
    """A templated answer for a direct factual question, or None when the question is not one of those."""
    q = question.lower()
    m = re.search(r"gpu\s*#?(\d+)", q)
    gpus = [g for g in facts.gpus if m is None or g["index"] == int(m.group(1))]
    no_gpu = f"I have no GPU readings: {facts.telemetry_error}." if facts.telemetry_error else None
    if m and not gpus and not no_gpu:
        return f"There is no GPU {m.group(1)} here ({len(facts.gpus)} GPUs seen)."
    jm = re.search(r"job\s*#?(\d+)", q)
    if jm and re.search(r"fail|why|error|wrong", q) and source is not None:
        return source.job_failure(int(jm.group(1)))
    if re.search(r"fail", q) and not jm:
        if not facts.failures:
            return "No job has failed recently."
        return " ".join(f"Job {j['id']} ({j['name']}) failed: {j['reason']}." for j in facts.failures)
    if re.search(r"\bhot\b|temp", q):
        return no_gpu or " ".join(
            f"GPU {g['index']} is at {_v(g['temperature_c'], unit=' C')}." for g in gpus
        )
    if re.search(r"memory|vram|\bmem\b", q):
        if no_gpu:
            return no_gpu
        parts = []
        for g in gpus:
            parts.append(f"GPU {g['index']} uses {_v(g['mem_used_mib'])} of {_v(g['mem_total_mib'])} MiB.")
            for p in g["processes"]:
                owner = f"job {p['job_id']}" if p["job_id"] else p["owner"]
                parts.append(f"Process {p['pid']} ({p['name']}) holds {p['used']} MiB ({owner}).")
            if not g["processes"]:
                parts.append("No process is listed on it.")
        return " ".join(parts)
    if re.search(r"power|watt", q):
        return no_gpu or " ".join(f"GPU {g['index']} draws {_v(g['power_w'], unit=' W')}." for g in gpus)
    if re.search(r"tensor", q):
        return no_gpu or " ".join(
            f"Tensor activity on GPU {g['index']} is {_v(g['tensor_active'], unit='%')}." for g in gpus
        )
    if re.search(r"util|busy|load", q):
        return no_gpu or " ".join(
            f"GPU {g['index']} is at {_v(g['util_gpu'], unit='%')} utilization." for g in gpus
        )
    if re.search(r"queue|queued|waiting|running", q):
        c = facts.counts
        return f"{c.get('running', 0)} jobs are running and {c.get('queued', 0)} are queued."
    return None


class NumberGuard:
    """Streams model prose through, masking numbers the facts do not contain (a number may span tokens)."""

    def __init__(self, allowed: set[str]) -> None:
        self.allowed = allowed
        self._pending = ""
        self.masked: list[str] = []

    def _clean(self, text: str) -> str:
        def repl(m: re.Match[str]) -> str:
            if m.group(0) in self.allowed:
                return m.group(0)
            self.masked.append(m.group(0))
            return "(?)"

        return _NUM.sub(repl, text)

    def feed(self, text: str) -> str:
        self._pending += text
        cut = len(self._pending)
        while cut > 0 and (self._pending[cut - 1].isdigit() or self._pending[cut - 1] == "."):
            cut -= 1
        out, self._pending = self._pending[:cut], self._pending[cut:]
        return self._clean(out)

    def flush(self) -> str:
        out, self._pending = self._pending, ""
        return self._clean(out)
