"""The real backend over nvidia-ml-py (module ``pynvml``), imported lazily in :meth:`NvmlBackend.init`.

Every NVML query goes through :meth:`NvmlBackend._query`, which turns NVML errors into NA values with a
reason people understand (:func:`reason_for`) and marks a GPU lost when NVML says so. A lost GPU is not
queried again: NVML cannot bring it back without a reset.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from gpuaccel.accel.telemetry.fields import (
    DRIVER_NOT_LOADED,
    FUNCTION_NOT_FOUND,
    GPM_METRICS,
    GPM_WARMING_UP,
    GPU_LOST,
    NO_LIBRARY,
    NO_PERMISSION,
    NOT_HOPPER,
    NOT_REPORTED,
    NOT_SUPPORTED,
)
from gpuaccel.accel.telemetry.nvml_mig import read_mig
from gpuaccel.accel.telemetry.types import (
    NA,
    GpuInfo,
    GpuSample,
    ProcessInfo,
    TelemetryUnavailable,
    Text,
    lost_sample,
)

# GPM metric ids (NVML_GPM_METRIC_*) for our GPM_METRICS names.
_GPM_IDS: dict[str, int] = {
    "sm_active": 2,  # SM_UTIL
    "sm_occupancy": 3,  # SM_OCCUPANCY
    "tensor_active": 5,  # ANY_TENSOR_UTIL
    "dram_bw_util": 10,  # DRAM_BW_UTIL
    "fp16_active": 13,  # FP16_UTIL
    "fp32_active": 12,  # FP32_UTIL
    "fp64_active": 11,  # FP64_UTIL
}
# nvmlClocksEventReason* bits, decoded to names.
_THROTTLE_BITS: tuple[tuple[int, str], ...] = (
    (0x1, "gpu_idle"),
    (0x2, "applications_clocks"),
    (0x4, "sw_power_cap"),
    (0x8, "hw_slowdown"),
    (0x10, "sync_boost"),
    (0x20, "sw_thermal"),
    (0x40, "hw_thermal"),
    (0x80, "hw_power_brake"),
    (0x100, "display_clocks"),
)
_ARCHITECTURES = {2: "Kepler", 3: "Maxwell", 4: "Pascal", 5: "Volta", 6: "Turing", 7: "Ampere", 8: "Ada"}
_ARCHITECTURES |= {9: "Hopper", 10: "Blackwell", 13: "Rubin"}
# How often each group of readings is taken, in seconds (0: every round, at the sampling rate), by how fast
# it changes and what it costs; the last value is repeated in between and GPUs are staggered over the
# interval. CPU per read measured in the sampler at 10 Hz on an H100 (driver 580.159.04,
# benchmarks/results/sampler_cost_nvml_h100_20261123.json): GPM sample + metrics 0.33 ms, utilization
# 0.06 ms, memory 0.14 ms, per-process SM % 2.9 ms, MIG mode 0.5 ms, total energy 3.6 ms, PCIe throughput
# 2.0 ms (tx + rx) plus a ~20 ms wait per call.
READ_INTERVALS_S: dict[str, float] = {
    "utilization": 0.0,  # GPU / memory-controller busy %: the plots' rate
    "gpm": 0.0,  # tensor-core and SM activity (the TFLOP/s estimate): the plots' rate
    "power": 0.0,  # power draw: its plot and the edges of a job's energy
    "memory": 0.5,  # memory used moves when a process allocates
    "clocks": 0.5,  # SM and memory clocks, throttle reasons
    "temperature": 1.0,  # thermal inertia: seconds
    "processes": 1.0,  # the process lists (pid, memory)
    "process_sm": 5.0,  # their SM % (the mean since the last read), asked only while a process is there
    "limits": 1.0,  # enforced power limit, fan, P-state
    "mig": 5.0,  # MIG mode and instances (a mode change needs a GPU reset)
    "energy": 10.0,  # the total-energy counter (job energy covers the ends with measured power)
}
PCIE_INTERVAL_S = 5.0  # PCIe throughput, the one group that can be turned off (interval None)
PCIE_OFF = "PCIe throughput reading is turned off (it costs ~20 ms per call)"
# Errors that will not go away while the driver runs: the call is not made again for that GPU.
_PERMANENT = (NOT_SUPPORTED, FUNCTION_NOT_FOUND)
_NVML_UNKNOWN = 999
_NVML_GPU_IS_LOST = 15

_MIB = 1024.0 * 1024.0


def reason_for(exc: BaseException) -> tuple[str, bool]:
    """The user-facing reason for an NVML exception, and whether it means the GPU is lost."""
    import pynvml

    if isinstance(exc, pynvml.NVMLLibraryMismatchError):
        return FUNCTION_NOT_FOUND, False
    if not isinstance(exc, pynvml.NVMLError):
        return f"NVML call failed: {exc}", False
    code = getattr(exc, "value", None)
    if code == pynvml.NVML_ERROR_NOT_SUPPORTED:
        return NOT_SUPPORTED, False
    if code == pynvml.NVML_ERROR_NO_PERMISSION:
        return NO_PERMISSION, False
    if code == pynvml.NVML_ERROR_FUNCTION_NOT_FOUND:
        return FUNCTION_NOT_FOUND, False
    if code == _NVML_GPU_IS_LOST:
        return GPU_LOST, True
    if code == pynvml.NVML_ERROR_LIBRARY_NOT_FOUND:
        return NO_LIBRARY, False
    if code == pynvml.NVML_ERROR_DRIVER_NOT_LOADED:
        return DRIVER_NOT_LOADED, False
    return f"NVML error: {exc}", False


class NvmlBackend:
    """TelemetryBackend over the NVIDIA driver's NVML."""

    name = "nvml"

    def __init__(
        self, pcie_interval_s: float | None = PCIE_INTERVAL_S, intervals: Mapping[str, float] | None = None
    ) -> None:
        unknown = sorted(set(intervals or {}) - set(READ_INTERVALS_S))
        if unknown:
            raise ValueError(f"unknown reading group(s) {unknown}; known: {', '.join(READ_INTERVALS_S)}")
        self.intervals = {**READ_INTERVALS_S, **(intervals or {})}
        bad = {k: v for k, v in self.intervals.items() if not v >= 0}
        if bad or (pcie_interval_s is not None and not pcie_interval_s > 0):
            raise ValueError(
                f"read intervals must be >= 0 s (PCIe > 0 or None), got {bad or pcie_interval_s}"
            )
        self.pcie_interval_s = pcie_interval_s
        if pcie_interval_s is not None:
            self.intervals["pcie"] = pcie_interval_s
        self._nvml: Any = None
        self._handles: list[Any] = []
        self._uuids: list[str] = []
        self._lost: list[bool] = []
        self._gpm_ok: list[bool | NA] = []
        self._gpm_samples: list[list[Any] | None] = []  # per GPU: [previous, current] GPM sample buffers
        self._gpm_have_prev: list[bool] = []
        self._gpm_request: list[Any] = []  # per GPU: the metrics request, built once
        self._slow: dict[tuple[int, str], tuple[float, Any]] = {}  # (gpu, group) -> (next due, value)
        self._permanent: dict[tuple[Any, ...], NA] = {}  # calls answered "not supported" once
        self._proc_seen: dict[int, int] = {}  # per GPU: newest per-process utilization timestamp (us)
        self._proc_sm: dict[int, tuple[float, frozenset[int], Any]] = {}  # per GPU: (next due, pids, SM %)

    # ---- the one place NVML is called --------------------------------------------------------------

    def _query(self, index: int | None, fn: Callable[..., Any], *args: Any) -> Any:
        """Call ``fn(*args)``; NVML errors become NA(reason). GPU_IS_LOST (or an unknown error on a GPU
        already lost) marks GPU ``index`` lost. A call once answered "not supported" is not repeated."""
        key = (index, fn, *(a for a in args if isinstance(a, int)))
        known = self._permanent.get(key)
        if known is not None:
            return known
        try:
            return fn(*args)
        except Exception as exc:
            reason, lost = reason_for(exc)
            if index is not None and (
                lost or (self._lost[index] and getattr(exc, "value", 0) == _NVML_UNKNOWN)
            ):
                self._lost[index] = True
                reason = GPU_LOST
            if index is not None and reason in _PERMANENT:
                self._permanent[key] = NA(reason)
            return NA(reason)

    # ---- TelemetryBackend ----------------------------------------------------------------------------

    def init(self) -> None:
        try:
            import pynvml
        except ImportError as exc:
            raise TelemetryUnavailable(
                f"nvidia-ml-py is not installed (import pynvml failed: {exc})"
            ) from exc
        try:
            pynvml.nvmlInit()
        except pynvml.NVMLError as exc:
            reason, _ = reason_for(exc)
            raise TelemetryUnavailable(
                reason if reason != NO_PERMISSION else "needs root to open NVML"
            ) from exc
        except OSError as exc:  # a broken libnvidia-ml.so that fails to load
            raise TelemetryUnavailable(f"{NO_LIBRARY}: {exc}") from exc
        self._nvml = pynvml
        count = self._query(None, pynvml.nvmlDeviceGetCount)
        count = 0 if isinstance(count, NA) else int(count)
        self._lost = [False] * count
        self._handles = [self._query(i, pynvml.nvmlDeviceGetHandleByIndex, i) for i in range(count)]
        self._lost = [isinstance(h, NA) for h in self._handles]
        self._uuids = [self._text(i, pynvml.nvmlDeviceGetUUID, f"GPU-index-{i}") for i in range(count)]
        self._gpm_ok = [self._gpm_support(i) for i in range(count)]
        self._gpm_samples = [None] * count
        self._gpm_have_prev = [False] * count
        self._gpm_request = [None] * count
        self._slow = {}
        self._proc_sm = {}
        self._permanent = {}

    def shutdown(self) -> None:
        if self._nvml is None:
            return
        for bufs in self._gpm_samples:
            for buf in bufs or ():
                self._query(None, self._nvml.nvmlGpmSampleFree, buf)
        self._gpm_samples = []
        self._query(None, self._nvml.nvmlShutdown)
        self._nvml = None

    def driver_version(self) -> Text:
        return self._query(None, self._nvml.nvmlSystemGetDriverVersion)

    def device_count(self) -> int:
        return len(self._handles)

    def device_info(self, index: int) -> GpuInfo:
        nv, h = self._nvml, self._handles[index]
        name = self._text(index, nv.nvmlDeviceGetName, f"GPU {index}")
        arch = self._query(index, nv.nvmlDeviceGetArchitecture, h)
        cc = self._query(index, nv.nvmlDeviceGetCudaComputeCapability, h)
        mem = self._query(index, nv.nvmlDeviceGetMemoryInfo, h)
        limit = self._query(index, nv.nvmlDeviceGetEnforcedPowerLimit, h)
        pci = self._query(index, nv.nvmlDeviceGetPciInfo, h)
        return GpuInfo(
            index=index,
            uuid=self._uuids[index],
            name=name,
            architecture=arch if isinstance(arch, NA) else _ARCHITECTURES.get(int(arch), f"arch {int(arch)}"),
            compute_capability=cc if isinstance(cc, NA) else (int(cc[0]), int(cc[1])),
            memory_total_mib=mem if isinstance(mem, NA) else mem.total / _MIB,
            power_limit_w=limit if isinstance(limit, NA) else limit / 1000.0,
            pci_bus_id=pci if isinstance(pci, NA) else _decode(pci.busId),
            gpm_supported=self._gpm_ok[index],
        )

    def sample(self, index: int) -> GpuSample:
        """One reading of GPU ``index``; each group of fields is read at its own interval."""
        nv, h, now = self._nvml, self._handles[index], time.time()
        if self._lost[index]:
            return lost_sample(index, self._uuids[index], now)
        q, every = self._query, self._every
        s = GpuSample(index=index, uuid=self._uuids[index], timestamp=now)
        util = every(index, "utilization", lambda: q(index, nv.nvmlDeviceGetUtilizationRates, h))
        s.util_gpu, s.util_mem = (
            (util, util) if isinstance(util, NA) else (float(util.gpu), float(util.memory))
        )
        mem = every(index, "memory", lambda: q(index, nv.nvmlDeviceGetMemoryInfo, h))
        s.mem_used_mib, s.mem_total_mib = (
            (mem, mem) if isinstance(mem, NA) else (mem.used / _MIB, mem.total / _MIB)
        )
        s.temperature_c = every(
            index,
            "temperature",
            lambda: _num(q(index, nv.nvmlDeviceGetTemperature, h, nv.NVML_TEMPERATURE_GPU)),
        )
        s.power_w = every(index, "power", lambda: _num(q(index, nv.nvmlDeviceGetPowerUsage, h), 1000.0))
        s.power_limit_w, s.fan_pct, s.pstate = every(index, "limits", lambda: self._limits(index))
        s.energy_j = every(
            index, "energy", lambda: _num(q(index, nv.nvmlDeviceGetTotalEnergyConsumption, h), 1000.0)
        )
        s.sm_clock_mhz, s.mem_clock_mhz, s.throttle_reasons = every(
            index, "clocks", lambda: self._clocks(index)
        )
        s.pcie_tx_kbs, s.pcie_rx_kbs = self._pcie(index)
        s.processes = every(index, "processes", lambda: self._processes(index))
        s.mig = every(index, "mig", lambda: read_mig(nv, h, reason_for))
        s.gpm = every(index, "gpm", lambda: self._gpm(index))
        if self._lost[index]:  # lost during this very sample
            return lost_sample(index, self._uuids[index], now)
        return s

    # ---- fields needing more than one call ------------------------------------------------------------

    def _text(self, index: int, fn: Callable[..., Any], fallback: str) -> str:
        value = self._query(index, fn, self._handles[index]) if not self._lost[index] else NA(GPU_LOST)
        return fallback if isinstance(value, NA) else _decode(value)

    def _clocks(self, index: int) -> tuple[Any, Any, list[str] | NA]:
        """SM clock, memory clock and the decoded throttle reasons."""
        nv, h, q = self._nvml, self._handles[index], self._query
        fn = (
            getattr(nv, "nvmlDeviceGetCurrentClocksEventReasons", None)
            or nv.nvmlDeviceGetCurrentClocksThrottleReasons
        )
        bits = q(index, fn, h)
        reasons = bits if isinstance(bits, NA) else [name for bit, name in _THROTTLE_BITS if bits & bit]
        sm = _num(q(index, nv.nvmlDeviceGetClockInfo, h, nv.NVML_CLOCK_SM))
        return sm, _num(q(index, nv.nvmlDeviceGetClockInfo, h, nv.NVML_CLOCK_MEM)), reasons

    def _limits(self, index: int) -> tuple[Any, Any, Any]:
        """Enforced power limit (W), fan (%) and P-state (``P0``..``P15``)."""
        nv, h, q = self._nvml, self._handles[index], self._query
        limit = _num(q(index, nv.nvmlDeviceGetEnforcedPowerLimit, h), 1000.0)
        fan = _num(q(index, nv.nvmlDeviceGetFanSpeed, h))
        pstate = q(index, nv.nvmlDeviceGetPerformanceState, h)
        if not isinstance(pstate, NA):
            pstate = f"P{pstate}" if 0 <= pstate <= 15 else NA(NOT_REPORTED)
        return limit, fan, pstate

    def _every(self, index: int, group: str, read: Callable[[], Any]) -> Any:
        """``read()`` at most once per the group's interval for this GPU (every call at 0), the last value
        in between. After the first read, GPUs are spread over the interval so no one round pays for all."""
        interval = self.intervals[group]
        if interval <= 0:
            return read()
        key = (index, group)
        now = time.monotonic()
        due, value = self._slow.get(key, (0.0, None))
        if now >= due:
            first = key not in self._slow
            value = read()
            stagger = interval * index / max(1, len(self._handles)) if first else 0.0
            self._slow[key] = (now + interval + stagger, value)
        return value

    def _pcie(self, index: int) -> tuple[Any, Any]:
        if self.pcie_interval_s is None:
            return NA(PCIE_OFF), NA(PCIE_OFF)
        nv, h = self._nvml, self._handles[index]

        def read() -> tuple[Any, Any]:
            tx = _num(self._query(index, nv.nvmlDeviceGetPcieThroughput, h, nv.NVML_PCIE_UTIL_TX_BYTES))
            rx = _num(self._query(index, nv.nvmlDeviceGetPcieThroughput, h, nv.NVML_PCIE_UTIL_RX_BYTES))
            return tx, rx

        return self._every(index, "pcie", read)

    def _processes(self, index: int) -> list[ProcessInfo] | NA:
        nv, h = self._nvml, self._handles[index]
        found: list[ProcessInfo] = []
        failures: list[NA] = []
        for kind, fn in (
            ("compute", nv.nvmlDeviceGetComputeRunningProcesses),
            ("graphics", nv.nvmlDeviceGetGraphicsRunningProcesses),
        ):
            procs = self._query(index, fn, h)
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
            sm = self._process_sm(index)
            self._proc_sm[index] = (now + self.intervals["process_sm"], pids, sm)
        for p in found:
            p.sm_pct = sm.get(p.pid, 0.0) if isinstance(sm, dict) else sm
        return found

    def _process_sm(self, index: int) -> dict[int, float] | NA:
        """SM % per pid since the last reading (nvmlDeviceGetProcessUtilization); a pid NVML has no sample
        for in that interval did not use the SMs. Newest sample per pid wins."""
        nv = self._nvml
        last = self._proc_seen.get(index, int((time.time() - self.intervals["process_sm"]) * 1e6))
        try:
            samples = nv.nvmlDeviceGetProcessUtilization(self._handles[index], last)
        except Exception as exc:
            if getattr(exc, "value", None) == getattr(nv, "NVML_ERROR_NOT_FOUND", 6):
                return {}  # no process ran on the SMs since ``last``
            return NA(reason_for(exc)[0])
        out: dict[int, tuple[int, float]] = {}
        for u in samples:
            if int(u.pid) not in out or u.timeStamp >= out[int(u.pid)][0]:
                out[int(u.pid)] = (int(u.timeStamp), float(u.smUtil))
            self._proc_seen[index] = max(self._proc_seen.get(index, 0), int(u.timeStamp))
        return {pid: sm for pid, (_, sm) in out.items()}

    def _gpm_support(self, index: int) -> bool | NA:
        if self._lost[index]:
            return NA(GPU_LOST)
        nv = self._nvml
        if not hasattr(nv, "nvmlGpmQueryDeviceSupport"):
            return NA(FUNCTION_NOT_FOUND)
        support = self._query(index, nv.nvmlGpmQueryDeviceSupport, self._handles[index])
        return support if isinstance(support, NA) else bool(support.isSupportedDevice)

    def _gpm(self, index: int) -> dict[str, Any]:
        ok = self._gpm_ok[index]
        if ok is not True:
            return dict.fromkeys(GPM_METRICS, ok if isinstance(ok, NA) else NA(NOT_HOPPER))
        nv, q = self._nvml, self._query
        if self._gpm_samples[index] is None:
            bufs = [q(index, nv.nvmlGpmSampleAlloc), q(index, nv.nvmlGpmSampleAlloc)]
            failed = next((b for b in bufs if isinstance(b, NA)), None)
            if failed is not None:
                for b in bufs:
                    if not isinstance(b, NA):
                        q(None, nv.nvmlGpmSampleFree, b)
                return dict.fromkeys(GPM_METRICS, failed)
            self._gpm_samples[index] = bufs
        prev, cur = self._gpm_samples[index]
        got = q(index, nv.nvmlGpmSampleGet, self._handles[index], cur)
        if isinstance(got, NA):
            self._gpm_have_prev[index] = False
            return dict.fromkeys(GPM_METRICS, got)
        self._gpm_samples[index] = [cur, prev]  # this sample is the next round's "previous"
        if not self._gpm_have_prev[index]:
            self._gpm_have_prev[index] = True
            return dict.fromkeys(GPM_METRICS, NA(GPM_WARMING_UP))
        req = self._gpm_request[index]
        if req is None:  # a 210-metric ctypes struct: built once per GPU, not every round
            req = self._gpm_request[index] = nv.c_nvmlGpmMetricsGet_t()
            req.version = nv.NVML_GPM_METRICS_GET_VERSION
            req.numMetrics = len(GPM_METRICS)
            for i, name in enumerate(GPM_METRICS):
                req.metrics[i].metricId = _GPM_IDS[name]
        req.sample1, req.sample2 = prev, cur
        res = q(index, nv.nvmlGpmMetricsGet, req)
        if isinstance(res, NA):
            return dict.fromkeys(GPM_METRICS, res)
        out: dict[str, Any] = {}
        for i, name in enumerate(GPM_METRICS):
            m = res.metrics[i]
            out[name] = float(m.value) if m.nvmlReturn == 0 else NA(reason_for(nv.NVMLError(m.nvmlReturn))[0])
        return out


def process_name(pid: int) -> str:
    """The command name of ``pid`` from /proc (NVML reports only pids); "?" when we cannot see it
    (another container's pid namespace, or the process just ended)."""
    try:
        with open(f"/proc/{pid}/comm") as f:
            return f.read().strip() or "?"
    except OSError:
        return "?"


def _num(value: Any, divisor: float = 1.0) -> Any:
    return value if isinstance(value, NA) else float(value) / divisor


def _decode(value: Any) -> str:
    return value.decode(errors="replace") if isinstance(value, bytes) else str(value)
