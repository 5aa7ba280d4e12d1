"""The real backend over nvidia-ml-py (module ``pynvml``), imported lazily in :meth:`NvmlBackend.init`.

Every NVML query goes through :meth:`NvmlBackend._query`, which turns NVML errors into NA values with a
reason people understand (:func:`reason_for`) and marks a GPU lost when NVML says so. A lost GPU is not
queried again: NVML cannot bring it back without a reset.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from gpuaccel.accel.telemetry.fields import (
    DRIVER_NOT_LOADED,
    ENERGY_WARMING_UP,
    FUNCTION_NOT_FOUND,
    GPU_LOST,
    NO_LIBRARY,
    NO_PERMISSION,
    NOT_REPORTED,
    NOT_SUPPORTED,
    PCIE_WARMING_UP,
)
from gpuaccel.accel.telemetry.nvml_gpm import GpmReader, not_supported
from gpuaccel.accel.telemetry.nvml_health import NvmlHealth
from gpuaccel.accel.telemetry.nvml_mig import instance_activity, refresh, with_activity
from gpuaccel.accel.telemetry.nvml_processes import NvmlProcesses
from gpuaccel.accel.telemetry.types import (
    NA,
    GpuInfo,
    GpuSample,
    TelemetryUnavailable,
    Text,
    lost_sample,
)

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
# How often each group of readings is taken, in seconds (0: every round); the last value is repeated in
# between. Set from benchmarks/results/nvml_probe_h100_20261123.json (H100, driver 580.159.04): each value
# read at 50 Hz while a bf16 matmul loop switched on and off every 0.7 s, and each call's CPU after the
# sampler thread slept. A call made 0.1-1 s after the previous one costs far more than back to back:
# nvmlGpmSampleGet 140-290 us (44 us back to back; 140-200 us even with the CPU kept busy, so the cost
# grows with the time since the previous GPM sample), memory info 50 us (8), the first call after a sleep
# 35-50 us (2-3 warm). Groups below 5 s are read for every GPU in the same round, so the cold start is paid
# once per round, not once per GPU, and their intervals are multiples of utilization's, so rounds in between
# make no NVML call; slower groups are spread over the interval. In the sampler (sampler_cost_nvml_h100_
# 20261123-base.json and -rates.json) GPM cost 0.43 ms per read at 10 Hz and 0.71 ms at 1 Hz: 4.4 -> 0.7 ms
# of CPU per GPU and second.
READ_INTERVALS_S: dict[str, float] = {
    "utilization": 0.2,  # GPU / memory busy %: the driver's value moves in steps of 0.2 s
    "power": 0.2,  # nvmlDeviceGetPowerUsage is a ~1 s moving average here: a step load ramps over 0.8 s
    "gpm": 1.0,  # tensor/SM activity (TFLOP/s estimate), the mean over the interval: 0.7 ms per read
    "clocks": 0.4,  # SM clock (moved every 0.1 s under load), throttle reasons (0.7 s, the load's period)
    "temperature": 1.0,  # moved 1 degree C per 0.1 s under the step load; a plot needs no more than 1 Hz
    "memory": 1.0,  # memory used moves only when a process allocates; 50 us per read
    "processes": 1.0,  # the process lists (pid, memory)
    "process_sm": 5.0,  # their SM % (the mean since the last read), asked only while a process is there
    "limits": 5.0,  # enforced power limit, fan, P-state, memory clock: none moved under load
    "mig": 10.0,  # MIG mode and instances (a mode change needs a GPU reset); 0.5 ms per read
    "health": 10.0,  # XID events drained, ECC counts, retired pages, remapped rows, PCIe replays: 0.4 ms
    "energy": 300.0,  # total-energy counter: 3.0-3.4 ms of CPU per read, so read rarely on a thread of its
    # own and integrated from power in between (EnergyReader); at 0 s (a one-shot view) it is read with the
    # other groups
}
# Groups read at this interval or longer are spread over it across GPUs (a round must not pay them all).
_STAGGER_FROM_S = 5.0
_SLACK_S = 0.02  # a group due within this much is read now: rounds drift by a few ms, a skip costs a round
PCIE_INTERVAL_S = 5.0  # PCIe throughput, the one group that can be turned off (interval None)
PCIE_OFF = "PCIe throughput reading is turned off"
# Errors that will not go away while the driver runs: the call is not made again for that GPU.
_PERMANENT = (NOT_SUPPORTED, FUNCTION_NOT_FOUND)
_NVML_UNKNOWN = 999
_PCIE_FIELDS = [197, 198]  # NVML_FI_DEV_PCIE_COUNT_TX_BYTES, _RX_BYTES: bytes since the driver loaded
_NVML_GPU_IS_LOST = 15

_MIB = 1024.0 * 1024.0
# The energy thread's clocks, bound here so a test that moves this module's ``time`` leaves them real.
_monotonic, _thread_time = time.monotonic, time.thread_time


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
        if bad or (pcie_interval_s is not None and not pcie_interval_s >= 0):
            raise ValueError(
                f"read intervals must be >= 0 s (PCIe: >= 0 s or None), got {bad or pcie_interval_s}"
            )
        self.pcie_interval_s = pcie_interval_s
        if pcie_interval_s is not None:
            self.intervals["pcie"] = pcie_interval_s
        self._nvml: Any = None
        self._handles: list[Any] = []
        self._uuids: list[str] = []
        self._lost: list[bool] = []
        self._gpm_ok: list[bool | NA] = []
        self._gpm: GpmReader | None = None
        self._last: list[dict[str, Any]] = []  # per GPU: the GpuSample fields as last read
        self._due: list[list[float]] = []  # per GPU: when each group of self.groups is due (monotonic s)
        self._next: list[float] = []  # per GPU: its earliest due time (before it, a round reads nothing)
        self._permanent: dict[tuple[Any, ...], NA] = {}  # calls answered "not supported" once
        self._procs: NvmlProcesses | None = None
        self._health: NvmlHealth | None = None
        self._pcie_counts: dict[int, tuple[float, int, int] | None] = {}  # per GPU: (time, tx, rx) bytes
        # (group, interval, reader): each reader writes its fields of GPU ``index`` into ``last``.
        readers: dict[str, Callable[[int, dict[str, Any]], None]] = {
            "utilization": self._read_utilization, "power": self._read_power, "gpm": self._read_gpm,
            "clocks": self._read_clocks, "temperature": self._read_temperature, "memory": self._read_memory,
            "processes": self._read_processes, "limits": self._read_limits, "mig": self._read_mig,
            "energy": self._read_energy, "pcie": self._read_pcie, "health": self._read_health,
        }  # fmt: skip
        # the energy counter is read on its own thread at intervals of 5 s and more (EnergyReader)
        self.energy_apart = self.intervals["energy"] >= _STAGGER_FROM_S
        self.groups = [
            (g, self.intervals[g], read)
            for g, read in readers.items()
            if g in self.intervals and not (g == "energy" and self.energy_apart)
        ]
        self.energy: EnergyReader | None = None

    # ---- the one place NVML is called --------------------------------------------------------------

    def _query(self, index: int | None, fn: Callable[..., Any], *args: Any) -> Any:
        """Call ``fn(*args)``; NVML errors become NA(reason). GPU_IS_LOST (or an unknown error on a GPU
        already lost) marks GPU ``index`` lost. A call once answered "not supported" is not repeated (per
        GPU, function and the integer argument after the handle: clock type, sensor, MIG instance)."""
        key = (index, fn, args[1] if len(args) > 1 and args[1].__class__ is int else None)
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
        self._permanent = {}
        count = self._query(None, pynvml.nvmlDeviceGetCount)
        count = 0 if isinstance(count, NA) else int(count)
        self._lost = [False] * count
        self._handles = [self._query(i, pynvml.nvmlDeviceGetHandleByIndex, i) for i in range(count)]
        self._lost = [isinstance(h, NA) for h in self._handles]
        self._uuids = [self._text(i, pynvml.nvmlDeviceGetUUID, f"GPU-index-{i}") for i in range(count)]
        self._gpm_ok = [self._gpm_support(i) for i in range(count)]
        self._gpm = GpmReader(pynvml, self._query, reason_for)
        off = (
            {}
            if self.pcie_interval_s is not None
            else {"pcie_tx_kbs": NA(PCIE_OFF), "pcie_rx_kbs": NA(PCIE_OFF)}
        )
        self._last = [dict(off) for _ in range(count)]
        self._due = [[0.0] * len(self.groups) for _ in range(count)]
        self._next = [0.0] * count
        self._procs = NvmlProcesses(pynvml, self._query, reason_for, self.intervals["process_sm"])
        self._health = NvmlHealth(pynvml, self._query)
        self._pcie_counts = {}

    def shutdown(self) -> None:
        if self.energy is not None:
            self.energy.stop()
            self.energy = None
        if self._nvml is None:
            return
        if self._gpm is not None:
            self._gpm.close()
        if self._health is not None:
            self._health.close()
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
        """One reading of GPU ``index``: the groups that are due are read, the others repeat their last
        value. Only slow groups are spread over GPUs (see READ_INTERVALS_S)."""
        now = time.time()
        if self._lost[index]:
            return lost_sample(index, self._uuids[index], now)
        if self.energy_apart and self.energy is None:  # started at the first sample, once the GPUs are known
            self.energy = EnergyReader(
                self._read_energy_counter, len(self._handles), self.intervals["energy"]
            )
        last, mono = self._last[index], time.monotonic()
        if mono + _SLACK_S < self._next[index]:  # every other round at the default rates: no NVML call
            if self.energy is not None:
                last["energy_j"] = self.energy.value(index, last.get("power_w"), mono)
            return GpuSample(index, self._uuids[index], now, **last)
        due = self._due[index]
        for k, (_group, interval, read) in enumerate(self.groups):
            if mono + _SLACK_S >= due[k]:
                read(index, last)
                if interval >= _STAGGER_FROM_S and not due[k]:  # first read: spread the GPUs
                    due[k] = mono + interval * (1.0 + index / max(1, len(self._handles)))
                else:
                    due[k] = mono + interval
        self._next[index] = min(due, default=0.0)
        if self.energy is not None:
            last["energy_j"] = self.energy.value(index, last.get("power_w"), mono)
        if self._lost[index]:  # lost during this very sample
            return lost_sample(index, self._uuids[index], now)
        return GpuSample(index, self._uuids[index], now, **last)

    # ---- the groups of readings ------------------------------------------------------------------------

    def _read_utilization(self, index: int, last: dict[str, Any]) -> None:
        util = self._query(index, self._nvml.nvmlDeviceGetUtilizationRates, self._handles[index])
        if isinstance(util, NA):
            last["util_gpu"] = last["util_mem"] = util
        else:
            last["util_gpu"], last["util_mem"] = float(util.gpu), float(util.memory)

    def _read_power(self, index: int, last: dict[str, Any]) -> None:
        last["power_w"] = _num(
            self._query(index, self._nvml.nvmlDeviceGetPowerUsage, self._handles[index]), 1e3
        )

    def _read_temperature(self, index: int, last: dict[str, Any]) -> None:
        nv = self._nvml
        t = self._query(index, nv.nvmlDeviceGetTemperature, self._handles[index], nv.NVML_TEMPERATURE_GPU)
        last["temperature_c"] = _num(t)

    def _read_memory(self, index: int, last: dict[str, Any]) -> None:
        mem = self._query(index, self._nvml.nvmlDeviceGetMemoryInfo, self._handles[index])
        if isinstance(mem, NA):
            last["mem_used_mib"] = last["mem_total_mib"] = mem
        else:
            last["mem_used_mib"], last["mem_total_mib"] = mem.used / _MIB, mem.total / _MIB

    def _read_energy(self, index: int, last: dict[str, Any]) -> None:
        last["energy_j"] = self._read_energy_counter(index)

    def _read_energy_counter(self, index: int) -> Any:
        """NVML's total-energy counter in joules (or NA); 2.9-3.4 ms of CPU per call on the H100."""
        if self._lost[index]:
            return NA(GPU_LOST)
        nv, h = self._nvml, self._handles[index]
        return _num(self._query(index, nv.nvmlDeviceGetTotalEnergyConsumption, h), 1000.0)

    def _read_clocks(self, index: int, last: dict[str, Any]) -> None:
        """SM clock and the decoded throttle reasons."""
        nv, h, q = self._nvml, self._handles[index], self._query
        fn = (
            getattr(nv, "nvmlDeviceGetCurrentClocksEventReasons", None)
            or nv.nvmlDeviceGetCurrentClocksThrottleReasons
        )
        bits = q(index, fn, h)
        last["throttle_reasons"] = (
            bits if isinstance(bits, NA) else [name for bit, name in _THROTTLE_BITS if bits & bit]
        )
        last["sm_clock_mhz"] = _num(q(index, nv.nvmlDeviceGetClockInfo, h, nv.NVML_CLOCK_SM))

    def _read_limits(self, index: int, last: dict[str, Any]) -> None:
        """Enforced power limit (W), fan (%), P-state (``P0``..``P15``) and memory clock: none moves
        under load."""
        nv, h, q = self._nvml, self._handles[index], self._query
        last["power_limit_w"] = _num(q(index, nv.nvmlDeviceGetEnforcedPowerLimit, h), 1000.0)
        last["fan_pct"] = _num(q(index, nv.nvmlDeviceGetFanSpeed, h))
        pstate = q(index, nv.nvmlDeviceGetPerformanceState, h)
        if not isinstance(pstate, NA):
            pstate = f"P{pstate}" if 0 <= pstate <= 15 else NA(NOT_REPORTED)
        last["pstate"] = pstate
        last["mem_clock_mhz"] = _num(q(index, nv.nvmlDeviceGetClockInfo, h, nv.NVML_CLOCK_MEM))

    def _read_gpm(self, index: int, last: dict[str, Any]) -> None:
        """GPU-wide GPM metrics and, in MIG mode, each instance's SM and tensor activity."""
        ok, gpm, h = self._gpm_ok[index], self._gpm, self._handles[index]
        assert gpm is not None
        last["gpm"] = gpm.read(index, h) if ok is True else not_supported(ok)
        if last.get("mig") and ok is True:
            last["mig"] = with_activity(last["mig"], instance_activity(gpm, index, h))

    def _read_mig(self, index: int, last: dict[str, Any]) -> None:
        gpm = self._gpm if self._gpm_ok[index] is True else None
        last["mig"] = refresh(self._nvml, self._handles[index], reason_for, last.get("mig"), gpm, index)

    def _read_pcie(self, index: int, last: dict[str, Any]) -> None:
        """PCIe throughput from the byte counters (0.3 ms of CPU, the mean since the previous read); the
        older throughput call (a ~20 ms wait and 2 ms of CPU per read of tx and rx) where they are
        missing."""
        nv, h = self._nvml, self._handles[index]
        if self._pcie_counts.get(index, ()) is not None:
            got = self._query(index, nv.nvmlDeviceGetFieldValues, h, _PCIE_FIELDS)
            counts = None if isinstance(got, NA) else [_field_value(v) for v in got]
            if counts is not None and None not in counts:
                now, tx, rx = time.monotonic(), int(counts[0]), int(counts[1])
                prev = self._pcie_counts.get(index)
                self._pcie_counts[index] = (now, tx, rx)
                if prev is None or now <= prev[0] or tx < prev[1] or rx < prev[2]:  # first, or reset
                    last["pcie_tx_kbs"] = last["pcie_rx_kbs"] = NA(PCIE_WARMING_UP)
                else:
                    last["pcie_tx_kbs"] = (tx - prev[1]) / 1024.0 / (now - prev[0])
                    last["pcie_rx_kbs"] = (rx - prev[2]) / 1024.0 / (now - prev[0])
                return
            self._pcie_counts[index] = None  # no counters on this GPU/driver: the throughput call
        tx = _num(self._query(index, nv.nvmlDeviceGetPcieThroughput, h, nv.NVML_PCIE_UTIL_TX_BYTES))
        last["pcie_tx_kbs"] = tx
        last["pcie_rx_kbs"] = _num(
            self._query(index, nv.nvmlDeviceGetPcieThroughput, h, nv.NVML_PCIE_UTIL_RX_BYTES)
        )

    def _read_health(self, index: int, last: dict[str, Any]) -> None:
        assert self._health is not None
        self._health.read(index, self._handles[index], last)

    def _read_processes(self, index: int, last: dict[str, Any]) -> None:
        assert self._procs is not None
        last["processes"] = self._procs.read(index, self._handles[index])

    # ---- fields needing more than one call ------------------------------------------------------------

    def _text(self, index: int, fn: Callable[..., Any], fallback: str) -> str:
        value = self._query(index, fn, self._handles[index]) if not self._lost[index] else NA(GPU_LOST)
        return fallback if isinstance(value, NA) else _decode(value)

    def _gpm_support(self, index: int) -> bool | NA:
        if self._lost[index]:
            return NA(GPU_LOST)
        nv = self._nvml
        if not hasattr(nv, "nvmlGpmQueryDeviceSupport"):
            return NA(FUNCTION_NOT_FOUND)
        support = self._query(index, nv.nvmlGpmQueryDeviceSupport, self._handles[index])
        return support if isinstance(support, NA) else bool(support.isSupportedDevice)


class EnergyReader:
    """Every GPU's energy: NVML's total-energy counter read rarely on a thread of its own
    (``gpuaccel-telemetry-energy``), each GPU once per ``interval`` spread evenly over it, and the power the
    sampler reads integrated in between, so the sampling thread never pays the 3 ms call and the value
    still moves every round.

    :meth:`value` is the last counter reading plus power x time since it (the sampler's power is a ~1 s
    average read every 0.2 s); never less than the value given before, so the counter Prometheus sees only
    goes up (a new reading below the integrated value holds it until the counter passes it). NA ``needs a
    first reading`` until the first comes in. ``cpu_s`` and ``reads`` count the thread's CPU and calls."""

    def __init__(self, read: Callable[[int], Any], count: int, interval: float) -> None:
        self._read, self.count, self.interval = read, count, interval
        self._values: list[Any] = [NA(ENERGY_WARMING_UP)] * count
        self._seq = [0] * count  # per GPU: counter readings taken
        # per GPU, on the sampling thread: [seq integrated from, joules since that reading, last time, shown]
        self._acc = [[0.0, 0.0, 0.0, 0.0] for _ in range(count)]
        self._stop = threading.Event()
        self.cpu_s, self.reads = 0.0, 0
        # the first reading of each GPU at once, so energy shows from the start; then spread
        self._thread = threading.Thread(target=self._run, name="gpuaccel-telemetry-energy", daemon=True)
        self._thread.start()

    def latest(self, index: int) -> Any:
        """The last counter reading (joules) or NA."""
        return self._values[index]

    def value(self, index: int, power_w: Any, now: float) -> Any:
        """The energy to show now: the last reading + ``power_w`` integrated since it (sampling thread)."""
        counter, acc = self._values[index], self._acc[index]
        if counter.__class__ is NA:
            return counter
        if acc[0] != self._seq[index]:  # a new counter reading: integrate from it
            acc[0], acc[1], acc[2] = self._seq[index], 0.0, now
        elif power_w.__class__ is float:
            acc[1] += power_w * max(0.0, now - acc[2])
        acc[2] = now
        acc[3] = max(acc[3], counter + acc[1])
        return acc[3]

    def _run(self) -> None:
        start = _monotonic()
        for i in range(self.count):
            self._take(i)
        due = [start + self.interval * (1.0 + i / max(1, self.count)) for i in range(self.count)]
        while self.count and not self._stop.is_set():
            i = min(range(self.count), key=due.__getitem__)
            if self._stop.wait(max(0.0, due[i] - _monotonic())):
                return
            self._take(i)
            due[i] += self.interval

    def _take(self, index: int) -> None:
        t0 = _thread_time()
        try:
            self._values[index] = self._read(index)
        except Exception as exc:  # a bug here must not end the thread: the value says what happened
            self._values[index] = NA(f"energy reading failed: {exc}")
        self._seq[index] += 1
        self.cpu_s += _thread_time() - t0
        self.reads += 1

    def stop(self, timeout: float = 5.0) -> None:
        self._stop.set()
        self._thread.join(timeout)


def _field_value(v: Any) -> Any:
    """A nvmlFieldValue_t's value by its type (double, uint, ulong, ulonglong, slonglong, sint, ushort);
    None when NVML reported an error for that field."""
    if v.nvmlReturn != 0:
        return None
    kind = ("dVal", "uiVal", "ulVal", "ullVal", "sllVal", "siVal", "usVal")[int(v.valueType)]
    return getattr(v.value, kind)


def _num(value: Any, divisor: float = 1.0) -> Any:
    return value if isinstance(value, NA) else float(value) / divisor


def _decode(value: Any) -> str:
    return value.decode(errors="replace") if isinstance(value, bytes) else str(value)
