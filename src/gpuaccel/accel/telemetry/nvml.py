"""The real backend over nvidia-ml-py (module ``pynvml``), imported lazily in :meth:`NvmlBackend.init`.

Every NVML query goes through :meth:`NvmlBackend._query`, which turns NVML errors into NA values with a
reason people understand (:func:`reason_for`) and marks a GPU lost when NVML says so. A lost GPU is not
queried again: NVML cannot bring it back without a reset.
"""

from __future__ import annotations

import time
from collections.abc import Callable
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
# Slow NVML calls, measured on the lent H100 (driver 580.159.04): nvmlDeviceGetPcieThroughput waits ~20 ms
# (0.6 ms CPU) inside each call, nvmlDeviceGetTotalEnergyConsumption takes ~7 ms of CPU. They are read at
# most this often (the value repeated between), staggered across GPUs; a PCIe interval of None turns it off.
PCIE_INTERVAL_S = 1.0
ENERGY_INTERVAL_S = 5.0
# Fields that change at human pace are read at 1 Hz whatever the sampling rate (the value repeated between):
# the process lists with their per-process utilization, the enforced power limit, fan and P-state.
SLOW_INTERVAL_S = 1.0
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

    def __init__(self, pcie_interval_s: float | None = PCIE_INTERVAL_S) -> None:
        self.pcie_interval_s = pcie_interval_s
        self._nvml: Any = None
        self._handles: list[Any] = []
        self._uuids: list[str] = []
        self._lost: list[bool] = []
        self._gpm_ok: list[bool | NA] = []
        self._gpm_samples: list[list[Any] | None] = []  # per GPU: [previous, current] GPM sample buffers
        self._gpm_have_prev: list[bool] = []
        self._slow: dict[tuple[int, str], tuple[float, Any]] = {}  # (gpu, what) -> (next due, value)
        self._permanent: dict[tuple[Any, ...], NA] = {}  # calls answered "not supported" once
        self._proc_seen: dict[int, int] = {}  # per GPU: newest per-process utilization timestamp (us)

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
        self._slow = {}
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
        nv, h, now = self._nvml, self._handles[index], time.time()
        if self._lost[index]:
            return lost_sample(index, self._uuids[index], now)
        q = self._query
        s = GpuSample(index=index, uuid=self._uuids[index], timestamp=now)
        util = q(index, nv.nvmlDeviceGetUtilizationRates, h)
        s.util_gpu, s.util_mem = (
            (util, util) if isinstance(util, NA) else (float(util.gpu), float(util.memory))
        )
        mem = q(index, nv.nvmlDeviceGetMemoryInfo, h)
        s.mem_used_mib, s.mem_total_mib = (
            (mem, mem) if isinstance(mem, NA) else (mem.used / _MIB, mem.total / _MIB)
        )
        s.temperature_c = _num(q(index, nv.nvmlDeviceGetTemperature, h, nv.NVML_TEMPERATURE_GPU))
        s.power_w = _num(q(index, nv.nvmlDeviceGetPowerUsage, h), 1000.0)
        s.power_limit_w = self._every(
            index,
            "limit",
            SLOW_INTERVAL_S,
            lambda: _num(q(index, nv.nvmlDeviceGetEnforcedPowerLimit, h), 1000.0),
        )
        s.energy_j = self._every(
            index,
            "energy",
            ENERGY_INTERVAL_S,
            lambda: _num(q(index, nv.nvmlDeviceGetTotalEnergyConsumption, h), 1000.0),
        )
        s.sm_clock_mhz = _num(q(index, nv.nvmlDeviceGetClockInfo, h, nv.NVML_CLOCK_SM))
        s.mem_clock_mhz = _num(q(index, nv.nvmlDeviceGetClockInfo, h, nv.NVML_CLOCK_MEM))
        s.fan_pct = self._every(
            index, "fan", SLOW_INTERVAL_S, lambda: _num(q(index, nv.nvmlDeviceGetFanSpeed, h))
        )
        pstate = self._every(
            index, "pstate", SLOW_INTERVAL_S, lambda: q(index, nv.nvmlDeviceGetPerformanceState, h)
        )
        s.pstate = (
            pstate if isinstance(pstate, NA) else (f"P{pstate}" if 0 <= pstate <= 15 else NA(NOT_REPORTED))
        )
        s.throttle_reasons = self._throttle(index)
        s.pcie_tx_kbs, s.pcie_rx_kbs = self._pcie(index)
        s.processes = self._every(index, "processes", SLOW_INTERVAL_S, lambda: self._processes(index))
        s.mig = self._every(index, "mig", SLOW_INTERVAL_S, lambda: read_mig(nv, h, reason_for))
        s.gpm = self._gpm(index)
        if self._lost[index]:  # lost during this very sample
            return lost_sample(index, self._uuids[index], now)
        return s

    # ---- fields needing more than one call ------------------------------------------------------------

    def _text(self, index: int, fn: Callable[..., Any], fallback: str) -> str:
        value = self._query(index, fn, self._handles[index]) if not self._lost[index] else NA(GPU_LOST)
        return fallback if isinstance(value, NA) else _decode(value)

    def _throttle(self, index: int) -> list[str] | NA:
        nv, h = self._nvml, self._handles[index]
        fn = (
            getattr(nv, "nvmlDeviceGetCurrentClocksEventReasons", None)
            or nv.nvmlDeviceGetCurrentClocksThrottleReasons
        )
        bits = self._query(index, fn, h)
        if isinstance(bits, NA):
            return bits
        return [name for bit, name in _THROTTLE_BITS if bits & bit]

    def _every(self, index: int, what: str, interval: float, read: Callable[[], Any]) -> Any:
        """``read()`` at most once per ``interval`` for this GPU, the last value in between. After the first
        read, GPUs are spread over the interval so no one round pays for all of them."""
        key = (index, what)
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

        return self._every(index, "pcie", self.pcie_interval_s, read)

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
        sm = self._process_sm(index)
        for p in found:
            p.sm_pct = sm.get(p.pid, 0.0) if isinstance(sm, dict) else sm
        return found

    def _process_sm(self, index: int) -> dict[int, float] | NA:
        """SM % per pid since the last reading (nvmlDeviceGetProcessUtilization); a pid NVML has no sample
        for in that interval did not use the SMs. Newest sample per pid wins."""
        nv = self._nvml
        last = self._proc_seen.get(index, int((time.time() - SLOW_INTERVAL_S) * 1e6))
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
        req = nv.c_nvmlGpmMetricsGet_t()
        req.version = nv.NVML_GPM_METRICS_GET_VERSION
        req.numMetrics = len(GPM_METRICS)
        req.sample1, req.sample2 = prev, cur
        for i, name in enumerate(GPM_METRICS):
            req.metrics[i].metricId = _GPM_IDS[name]
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
