"""The processes NVML sees on a GPU, with their memory and SM %, for :class:`nvml.NvmlBackend`.

Per-process SM % (``nvmlDeviceGetProcessUtilization``) costs milliseconds of CPU, so it is asked only while
a process is on the GPU, at its own interval, and at once when a new process appears.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from gpuaccel.accel.telemetry.fields import NOT_REPORTED
from gpuaccel.accel.telemetry.types import NA, ProcessInfo

_MIB = 1024.0 * 1024.0


class NvmlProcesses:
    """Process lists per GPU; ``query`` is NvmlBackend._query (NVML errors become NA)."""

    def __init__(
        self,
        nv: Any,
        query: Callable[..., Any],
        reason_for: Callable[[BaseException], tuple[str, bool]],
        sm_interval_s: float,
    ) -> None:
        self._nv, self._q, self._reason_for = nv, query, reason_for
        self.sm_interval_s = sm_interval_s
        self._proc_seen: dict[int, int] = {}  # per GPU: newest per-process utilization timestamp (us)
        self._proc_sm: dict[int, tuple[float, frozenset[int], Any]] = {}  # per GPU: (next due, pids, SM %)

    def read(self, index: int, h: Any) -> list[ProcessInfo] | NA:
        """Compute and graphics processes on GPU ``index`` (handle ``h``) with memory and SM %."""
        nv = self._nv
        found: list[ProcessInfo] = []
        failures: list[NA] = []
        for kind, fn in (
            ("compute", nv.nvmlDeviceGetComputeRunningProcesses),
            ("graphics", nv.nvmlDeviceGetGraphicsRunningProcesses),
        ):
            procs = self._q(index, fn, h)
            if isinstance(procs, NA):
                failures.append(procs)
                continue
            for p in procs:
                used = p.usedGpuMemory
                found.append(
                    ProcessInfo(
                        int(p.pid),
                        process_name(int(p.pid)),
                        NA(NOT_REPORTED) if used is None else used / _MIB,
                        kind,
                    )
                )
        if len(failures) == 2:
            return failures[0]
        if not found:  # nothing to measure: NVML's per-process utilization costs milliseconds of CPU
            return found
        pids = frozenset(p.pid for p in found)
        due, seen, sm = self._proc_sm.get(index, (0.0, frozenset(), {}))
        now = time.monotonic()
        if now >= due or not pids <= seen:  # a new process gets its SM % at once
            sm = self._process_sm(index, h)
            self._proc_sm[index] = (now + self.sm_interval_s, pids, sm)
        for p in found:
            p.sm_pct = sm.get(p.pid, 0.0) if isinstance(sm, dict) else sm
        return found

    def _process_sm(self, index: int, h: Any) -> dict[int, float] | NA:
        """SM % per pid since the last reading (nvmlDeviceGetProcessUtilization); a pid NVML has no sample
        for in that interval did not use the SMs. Newest sample per pid wins."""
        nv = self._nv
        last = self._proc_seen.get(index, int((time.time() - self.sm_interval_s) * 1e6))
        try:
            samples = nv.nvmlDeviceGetProcessUtilization(h, last)
        except Exception as exc:
            if getattr(exc, "value", None) == getattr(nv, "NVML_ERROR_NOT_FOUND", 6):
                return {}  # no process ran on the SMs since ``last``
            return NA(self._reason_for(exc)[0])
        out: dict[int, tuple[int, float]] = {}
        for u in samples:
            if int(u.pid) not in out or u.timeStamp >= out[int(u.pid)][0]:
                out[int(u.pid)] = (int(u.timeStamp), float(u.smUtil))
            self._proc_seen[index] = max(self._proc_seen.get(index, 0), int(u.timeStamp))
        return {pid: sm for pid, (_, sm) in out.items()}


def process_name(pid: int) -> str:
    """The command name of ``pid`` from /proc (NVML reports only pids); "?" when we cannot see it
    (another container's pid namespace, or the process just ended)."""
    try:
        with open(f"/proc/{pid}/comm") as f:
            return f.read().strip() or "?"
    except OSError:
        return "?"
