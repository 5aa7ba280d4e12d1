"""What ``gpuaccel top`` shows and the state of its screen, as plain data: no curses, no network.

A refresh feeds :meth:`TopModel.update` the daemon's (or the local sampler's) telemetry snapshot, the
process table and the running jobs' names, all in the API's JSON shapes (an unavailable value is
``{"na": reason}``). Keys and mouse clicks change the screen state through :mod:`.keys`; the screen is
drawn from this model by :func:`.render.render`, so every view is testable without a terminal.
"""

from __future__ import annotations

import os
import shlex
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gpuaccel.accel.telemetry.fields import throttle_words
from gpuaccel.accel.telemetry.health import warnings as health_warnings
from gpuaccel.accel.telemetry.types import NA, number
from gpuaccel.api.tflops import Tflops

HISTORY = 240  # refreshes kept per GPU for the sparklines (4 minutes at the default 1 s)


def value(v: Any) -> float | NA:
    """A JSON reading as a number or an NA with its reason (``{"na": reason}``, a missing one, a bool)."""
    if isinstance(v, dict) and "na" in v:
        return NA(str(v["na"]))
    n = number(v)
    return NA("not reported") if n is None else n


@dataclass
class MigView:
    """One MIG instance of a GPU as the screen shows it."""

    profile: str
    util: float | NA
    tensor: float | NA
    mem_used_mib: float | NA
    mem_total_mib: float | NA


@dataclass
class GpuView:
    """One GPU's row: identity, the readings the screen draws, the TFLOP/s record and its kind."""

    index: int
    name: str
    uuid: str
    util: float | NA
    mem_used_mib: float | NA
    mem_total_mib: float | NA
    temperature: float | NA
    power: float | NA
    power_limit: float | NA
    tensor: float | NA
    tflops: float | NA
    tflops_kind: str  # the record's short label (api.tflops): "exact", "learned" or "est."
    tflops_source: str
    pstate: str
    throttle: str  # the reasons in words ("none" when none), "" when N/A
    lost: bool
    job_id: int | None
    warnings: list[str] = field(default_factory=list)  # health: XID, ECC, remapped rows, ...
    mig: list[MigView] = field(default_factory=list)


def gpu_view(g: dict[str, Any]) -> GpuView:
    """A snapshot GPU entry (``{"info", "sample", "tflops", "job_id"}``) as the screen's row."""
    info, s, t = g["info"], g.get("sample") or {}, Tflops.read(g.get("tflops"))
    no_sample = {"na": "no sample yet"}
    gpm = s.get("gpm") or {}
    reasons = s.get("throttle_reasons")
    mig = s.get("mig")
    return GpuView(
        index=int(info["index"]),
        name=str(info.get("name", "")),
        uuid=str(info.get("uuid", "")),
        util=value(s.get("util_gpu", no_sample)),
        mem_used_mib=value(s.get("mem_used_mib", no_sample)),
        mem_total_mib=value(s.get("mem_total_mib", info.get("memory_total_mib", no_sample))),
        temperature=value(s.get("temperature_c", no_sample)),
        power=value(s.get("power_w", no_sample)),
        power_limit=value(s.get("power_limit_w", info.get("power_limit_w", no_sample))),
        tensor=value(gpm.get("tensor_active", no_sample)),
        tflops=value(t.reading),
        tflops_kind=t.short_label,
        tflops_source=t.source,
        pstate=s["pstate"] if isinstance(s.get("pstate"), str) else "",
        throttle=throttle_words(reasons) if isinstance(reasons, list) else "",
        lost=bool(s.get("lost")),
        job_id=g.get("job_id"),
        warnings=health_warnings(s),
        mig=[
            MigView(
                str(m.get("profile", "?")),
                value(m.get("util_pct")),
                value(m.get("tensor_pct")),
                value(m.get("mem_used_mib")),
                value(m.get("mem_total_mib")),
            )
            for m in (mig if isinstance(mig, list) else [])
        ],
    )


@dataclass
class ProcView:
    """One row of the process table: a process on one GPU, with the queue job that owns it."""

    pid: int
    user: str
    gpu: int
    used_mib: float | NA
    sm_pct: float | NA
    command: str
    job_id: int | None
    job_name: str
    started: float | None  # with the pid it names the process for a signal
    can_signal: bool
    why_not: str
    simulated: bool

    @property
    def job(self) -> str:
        if self.job_id is None:
            return ""
        return f"#{self.job_id} {self.job_name}".strip()


def proc_view(r: dict[str, Any], job_names: dict[int, str]) -> ProcView:
    """A ``/processes`` row as the table's row (the command shell-quoted, NVML's name when hidden)."""
    cmd = r.get("cmdline")
    # the program's name without its directory, as the column is narrow: "python train.py --lr 3e-4"
    command = (
        shlex.join([os.path.basename(cmd[0]) or cmd[0], *cmd[1:]])
        if isinstance(cmd, list) and cmd
        else str(r.get("name", "?"))
    )
    user = r.get("user")
    started = r.get("started")
    job_id = r.get("job_id")
    return ProcView(
        pid=int(r["pid"]),
        user=user if isinstance(user, str) else "N/A",
        gpu=int(r["gpu"]),
        used_mib=value(r.get("used_mib")),
        sm_pct=value(r.get("sm_pct")),
        command=command + (" (simulated)" if r.get("simulated") else ""),
        job_id=int(job_id) if isinstance(job_id, int) else None,
        job_name=job_names.get(job_id, "") if isinstance(job_id, int) else "",
        started=float(started) if isinstance(started, int | float) else None,
        can_signal=bool(r.get("can_signal")),
        why_not=str(r.get("why_not") or ""),
        simulated=bool(r.get("simulated")),
    )


def _num_key(v: float | NA) -> float:
    return v if isinstance(v, float) else -1.0


# Sortable columns: the key (",", "." cycle through them) and how rows compare.
SORT_KEYS: dict[str, Callable[[ProcView], Any]] = {
    "gpu": lambda p: (p.gpu, p.pid),
    "pid": lambda p: p.pid,
    "user": lambda p: (p.user, p.pid),
    "mem": lambda p: (_num_key(p.used_mib), p.pid),
    "sm": lambda p: (_num_key(p.sm_pct), p.pid),
    "job": lambda p: (p.job_id is None, p.job_id or 0, p.pid),
    "command": lambda p: (p.command, p.pid),
}


@dataclass
class Confirm:
    """An action waiting for ``y``: what it does (for the prompt) and what to send."""

    prompt: str
    action: str  # "signal" or "cancel"
    pid: int = 0
    started: float = 0.0
    signal: str = "TERM"
    job_id: int = 0


@dataclass
class TopModel:
    """Everything on the screen: the last data read and the screen's own state."""

    source: str = ""  # "daemon" or "NVML (no daemon running)"
    backend: str = ""  # "nvml", "fake:two_gpus", ...
    host: str = ""
    driver: str = ""
    error: str = ""  # why the last refresh failed (the screen keeps the data it had)
    gpus: list[GpuView] = field(default_factory=list)
    procs: list[ProcView] = field(default_factory=list)
    proc_note: str = ""  # why some processes are not listed
    history: dict[int, dict[str, deque[float]]] = field(default_factory=dict)
    can_cancel: bool = True  # cancelling a queue job needs the daemon
    # screen state
    sort_key: str = "gpu"
    reverse: bool = False
    filter: str = ""
    editing_filter: bool = False
    selected: int = 0  # index into visible_procs()
    scroll: int = 0  # first process row shown
    confirm: Confirm | None = None
    message: str = ""
    show_help: bool = False
    unicode: bool = True
    proc_rows_shown: int = 0  # set by the renderer: how many process rows fit (paging, mouse)
    proc_top_y: int = -1  # set by the renderer: screen row of the first process row (mouse)
    header_y: int = -1  # set by the renderer: screen row of the process table's header (mouse)
    header_cols: list[tuple[int, int, str]] = field(default_factory=list)  # (x0, x1, sort key) (mouse)

    @property
    def simulated(self) -> bool:
        return self.backend.startswith("fake:")

    def update(
        self,
        snapshot: dict[str, Any],
        processes: dict[str, Any] | None,
        job_names: dict[int, str],
    ) -> None:
        """Take one refresh: the telemetry snapshot, the process table (None: not listed) and the names of
        the running jobs; appends to each GPU's history."""
        self.backend = str(snapshot.get("backend", ""))
        drv = snapshot.get("driver")
        self.driver = drv if isinstance(drv, str) else ""
        self.error = str(snapshot.get("error") or "")
        self.gpus = [gpu_view(g) for g in snapshot.get("gpus", [])]
        for g in self.gpus:
            h = self.history.setdefault(g.index, {k: deque(maxlen=HISTORY) for k in ("util", "tflops")})
            h["util"].append(g.util if isinstance(g.util, float) else float("nan"))
            h["tflops"].append(g.tflops if isinstance(g.tflops, float) else float("nan"))
        if processes is None:
            self.procs, self.proc_note = [], "the process table could not be read"
            return
        self.procs = [proc_view(r, job_names) for r in processes.get("processes", [])]
        notes = [f"GPU {u['gpu']}: {u['reason']}" for u in processes.get("unlisted") or []]
        if processes.get("note"):
            notes.insert(0, str(processes["note"]))
        self.proc_note = "; ".join(notes)
        self.clamp()

    def backfill(self, history: dict[int, dict[str, list[float]]]) -> None:
        """Seed the sparklines of GPUs that have none yet with older values (the daemon's 1 s history)."""
        for index, series in history.items():
            h = self.history.setdefault(index, {k: deque(maxlen=HISTORY) for k in ("util", "tflops")})
            for key, values in series.items():
                if key in h and not h[key]:
                    h[key].extend(values[-HISTORY:])

    def visible_procs(self) -> list[ProcView]:
        """The process rows after the filter, in the chosen order."""
        needle = self.filter.lower()
        rows = [
            p
            for p in self.procs
            if not needle or needle in f"{p.pid} {p.user} {p.command} {p.job} gpu{p.gpu}".lower()
        ]
        return sorted(rows, key=SORT_KEYS[self.sort_key], reverse=self.reverse)

    def selected_proc(self) -> ProcView | None:
        rows = self.visible_procs()
        return rows[self.selected] if 0 <= self.selected < len(rows) else None

    def clamp(self) -> None:
        """Keep the selection on a row and in view after the rows or the screen changed."""
        n = len(self.visible_procs())
        self.selected = max(0, min(self.selected, n - 1))
        page = max(1, self.proc_rows_shown)
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + page:
            self.scroll = self.selected - page + 1
        self.scroll = max(0, min(self.scroll, max(0, n - page)))
