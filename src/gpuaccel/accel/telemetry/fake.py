"""A scripted stand-in for NVML, for tests and development on machines without a GPU.

It implements :class:`~accel.telemetry.types.TelemetryBackend` exactly like the real backend, so the
sampler, the daemon and the UI run unchanged on it. It is never picked silently: callers ask for it by
scenario name (``open_backend("two_gpus")`` or ``GPUACCEL_FAKE_NVML=two_gpus``), and it reports its
name as ``fake:<scenario>`` so nothing it shows can pass for a real reading.

Values move deterministically with the sample count (sine curves), so plots and tests see change;
tests override any field with :meth:`FakeBackend.set_value` / :meth:`FakeBackend.set_gpm`, add
processes with :meth:`FakeBackend.add_process` and lose a GPU with :meth:`FakeBackend.lose`.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gpuaccel.accel.telemetry.fields import (
    GPM_METRICS,
    GPM_WARMING_UP,
    HEALTH_FIELDS,
    MIG_MODE,
    NO_LIBRARY,
    NO_PERMISSION,
    NOT_HOPPER,
    NOT_SUPPORTED,
)
from gpuaccel.accel.telemetry.types import (
    NA,
    SAMPLE_VALUE_FIELDS,
    GpuInfo,
    GpuSample,
    MigInstance,
    ProcessInfo,
    TelemetryUnavailable,
    Text,
    lost_sample,
)

SCENARIOS: tuple[str, ...] = (
    "no_library",
    "no_gpus",
    "two_gpus",
    "gpu_lost",
    "no_gpm",
    "no_process_permission",
    "eight_gpus",  # 8 x H100, for measuring the sampler's own cost
    "mig",  # GPU 0: an H100 in MIG mode with three instances; GPU 1: a whole A100
    "unhealthy",  # every health signal raised: an H100 (XID 94, ECC, remapped rows, PCIe replays, hw
    # slowdown) and a V100 (XID 48, retired pages, hw thermal slowdown)
)
FAKE_DRIVER = "580.00.00 (fake)"
DEFAULT_LOST_AFTER = 30  # samples of GPU 1 before it is lost in the "gpu_lost" scenario


@dataclass
class _Model:
    """What one fake GPU looks like: its static info plus the shape of its curves."""

    name: str
    architecture: str
    cc: tuple[int, int]
    mem_total_mib: float
    power_limit_w: float
    idle_power_w: float
    max_sm_mhz: float
    mem_mhz: float
    gpm: bool
    fan: bool
    period: int  # samples per utilization cycle
    memory_health: str = "remap"  # how it handles bad memory: "remap" rows (Ampere+), "retire" pages, ""


# fmt: off
H100 = _Model("NVIDIA H100 80GB HBM3", "Hopper", (9, 0), 81559.0, 700.0, 70.0, 1980.0, 2619.0,
              gpm=True, fan=False, period=120)
RTX4090 = _Model("NVIDIA GeForce RTX 4090", "Ada", (8, 9), 24564.0, 450.0, 25.0, 2520.0, 10501.0,
                 gpm=False, fan=True, period=90, memory_health="")
A100 = _Model("NVIDIA A100-SXM4-80GB", "Ampere", (8, 0), 81920.0, 400.0, 55.0, 1410.0, 1593.0,
              gpm=False, fan=False, period=100)
V100 = _Model("Tesla V100-SXM2-32GB", "Volta", (7, 0), 32768.0, 300.0, 40.0, 1530.0, 877.0,
              gpm=False, fan=False, period=110, memory_health="retire")
# fmt: on


@dataclass(frozen=True)
class _FakeMig:
    """One MIG instance of a fake GPU: its uuid, profile and memory size."""

    uuid: str
    profile: str
    mem_total_mib: float


# The H100's instances in the "mig" scenario: 3g.40gb + 2g.20gb + 1g.10gb (6 of its 7 compute slices).
MIG_INSTANCES: tuple[_FakeMig, ...] = (
    _FakeMig("MIG-fa4e0000-0000-4000-8000-00000000f630", "3g.40gb", 40192.0),
    _FakeMig("MIG-fa4e0000-0000-4000-8000-00000000f620", "2g.20gb", 19968.0),
    _FakeMig("MIG-fa4e0000-0000-4000-8000-00000000f610", "1g.10gb", 9856.0),
)


@dataclass
class _FakeGpu:
    index: int
    model: _Model
    uuid: str
    count: int = 0
    energy_j: float = 0.0
    lost: bool = False
    lost_after: int | None = None
    overrides: dict[str, Any] = field(default_factory=dict)
    gpm_overrides: dict[str, Any] = field(default_factory=dict)
    processes: list[ProcessInfo] = field(default_factory=list)
    mig: tuple[_FakeMig, ...] = ()  # MIG mode when not empty
    health: dict[str, float] = field(default_factory=dict)  # health counters scripted above zero


class FakeBackend:
    """Scripted NVML. Thread-safe: tests script values while a sampler thread reads them."""

    def __init__(
        self,
        scenario: str = "two_gpus",
        *,
        lost_after: int = DEFAULT_LOST_AFTER,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if scenario not in SCENARIOS:
            raise ValueError(f"unknown fake NVML scenario {scenario!r}; choose one of {', '.join(SCENARIOS)}")
        self.scenario = scenario
        self.name = f"fake:{scenario}"
        self._clock = clock
        self._lock = threading.Lock()
        self._initialized = False
        self.init_calls = 0
        self.shutdown_calls = 0
        self._gpus = self._build(scenario, lost_after)

    @staticmethod
    def _build(scenario: str, lost_after: int) -> list[_FakeGpu]:
        if scenario in ("no_library", "no_gpus"):
            return []
        if scenario == "no_gpm":
            return [_FakeGpu(0, A100, "GPU-fa4e0000-0000-4000-8000-00000000a100")]
        if scenario == "eight_gpus":
            return [_FakeGpu(i, H100, f"GPU-fa4e0000-0000-4000-8000-00000000080{i}") for i in range(8)]
        if scenario == "unhealthy":
            h100 = _FakeGpu(0, H100, "GPU-fa4e0000-0000-4000-8000-0000000000e0")
            h100.health = {
                "xid_last": 94.0,
                "xid_events": 1.0,
                "ecc_corrected_volatile": 37.0,
                "ecc_uncorrected_volatile": 2.0,
                "ecc_corrected_aggregate": 120.0,
                "ecc_uncorrected_aggregate": 5.0,
                "remapped_rows_correctable": 3.0,
                "remapped_rows_uncorrectable": 1.0,
                "row_remap_pending": 1.0,
                "pcie_replays": 240.0,
            }
            h100.overrides["throttle_reasons"] = ["hw_slowdown"]
            v100 = _FakeGpu(1, V100, "GPU-fa4e0000-0000-4000-8000-0000000000e1")
            v100.health = {
                "xid_last": 48.0,
                "xid_events": 2.0,
                "ecc_corrected_volatile": 4.0,
                "ecc_uncorrected_aggregate": 1.0,
                "retired_pages_sbe": 2.0,
                "retired_pages_dbe": 1.0,
                "retired_pages_pending": 1.0,
            }
            v100.overrides["throttle_reasons"] = ["hw_thermal"]
            return [h100, v100]
        if scenario == "mig":
            return [
                _FakeGpu(0, H100, "GPU-fa4e0000-0000-4000-8000-000000000160", mig=MIG_INSTANCES),
                _FakeGpu(1, A100, "GPU-fa4e0000-0000-4000-8000-00000000a100"),
            ]
        gpus = [
            _FakeGpu(0, H100, "GPU-fa4e0000-0000-4000-8000-000000000000"),
            _FakeGpu(1, RTX4090, "GPU-fa4e0000-0000-4000-8000-000000000001"),
        ]
        gpus[0].processes.append(ProcessInfo(4242, "fake-trainer", 20480.0, "compute", simulated=True))
        gpus[1].processes.append(ProcessInfo(1717, "Xorg", 512.0, "graphics", simulated=True))
        if scenario == "gpu_lost":
            gpus[1].lost_after = lost_after
        return gpus

    # ---- TelemetryBackend -------------------------------------------------------------------------

    def init(self) -> None:
        self.init_calls += 1
        if self.scenario == "no_library":
            raise TelemetryUnavailable(NO_LIBRARY)
        self._initialized = True

    def shutdown(self) -> None:
        self.shutdown_calls += 1
        self._initialized = False

    def driver_version(self) -> Text:
        return FAKE_DRIVER

    def device_count(self) -> int:
        self._check_init()
        return len(self._gpus)

    def device_info(self, index: int) -> GpuInfo:
        self._check_init()
        g = self._gpus[index]
        m = g.model
        return GpuInfo(
            index=index,
            uuid=g.uuid,
            name=m.name,
            architecture=m.architecture,
            compute_capability=m.cc,
            memory_total_mib=m.mem_total_mib,
            power_limit_w=m.power_limit_w,
            pci_bus_id=f"00000000:{0x18 + 0x20 * index:02X}:00.0",
            gpm_supported=m.gpm,
        )

    def sample(self, index: int) -> GpuSample:
        self._check_init()
        with self._lock:
            g = self._gpus[index]
            now = self._clock()
            if g.lost_after is not None and g.count >= g.lost_after:
                g.lost = True
            if g.lost:
                return lost_sample(index, g.uuid, now)
            s = self._curve_sample(g, now)
            g.count += 1
            return s

    # ---- scripting for tests -------------------------------------------------------------------

    def set_value(self, index: int, name: str, value: Any) -> None:
        """Pin a GpuSample field of GPU ``index`` (a number, an NA, a list...) until :meth:`clear`."""
        if name not in SAMPLE_VALUE_FIELDS:
            raise ValueError(f"not a scriptable GpuSample field: {name!r}")
        with self._lock:
            self._gpus[index].overrides[name] = value

    def set_gpm(self, index: int, metric: str, value: Any) -> None:
        if metric not in GPM_METRICS:
            raise ValueError(f"not a GPM metric: {metric!r}; choose one of {', '.join(GPM_METRICS)}")
        with self._lock:
            self._gpus[index].gpm_overrides[metric] = value

    def clear(self, index: int) -> None:
        """Drop every pinned value of GPU ``index``; the curves take over again."""
        with self._lock:
            self._gpus[index].overrides.clear()
            self._gpus[index].gpm_overrides.clear()

    def add_process(
        self, index: int, pid: int, name: str, used_mib: float, kind: str = "compute", simulated: bool = False
    ) -> None:
        """Show ``pid`` on GPU ``index``: a real pid (a test's child) gets its host side looked up; a
        ``simulated`` one is labelled as having no host process behind it."""
        with self._lock:
            self._gpus[index].processes.append(ProcessInfo(pid, name, used_mib, kind, simulated=simulated))

    def remove_process(self, index: int, pid: int) -> None:
        with self._lock:
            g = self._gpus[index]
            g.processes = [p for p in g.processes if p.pid != pid]

    def add_xid(self, index: int, code: int) -> None:
        """An XID error event on GPU ``index`` (as NVML's event set would deliver it)."""
        with self._lock:
            h = self._gpus[index].health
            h["xid_last"], h["xid_events"] = float(code), h.get("xid_events", 0.0) + 1.0

    def set_health(self, index: int, name: str, value: float) -> None:
        """Set a health counter or flag of GPU ``index`` (ECC counts, remapped rows, PCIe replays ...)."""
        if name not in HEALTH_FIELDS:
            raise ValueError(f"not a health field: {name!r}; choose one of {', '.join(HEALTH_FIELDS)}")
        with self._lock:
            self._gpus[index].health[name] = float(value)

    def lose(self, index: int) -> None:
        """Make GPU ``index`` stop answering from the next sample on (as NVML's GPU_IS_LOST)."""
        with self._lock:
            self._gpus[index].lost = True

    def samples_taken(self, index: int) -> int:
        with self._lock:
            return self._gpus[index].count

    # ---- internals -------------------------------------------------------------------------------

    def _check_init(self) -> None:
        if not self._initialized:
            raise RuntimeError("FakeBackend used before init() (the real NVML would fail the same way)")

    def _curve_sample(self, g: _FakeGpu, now: float) -> GpuSample:
        m, n = g.model, g.count
        phase = 2.0 * math.pi * n / m.period
        pinned = g.overrides.get("util_gpu")
        # A pinned utilization drives the other curves too (power, clocks, GPM), as a real load would.
        curve = round(50.0 + 45.0 * math.sin(phase + g.index), 1)
        util = float(pinned) if isinstance(pinned, int | float) else curve
        power = round(m.idle_power_w + (m.power_limit_w - m.idle_power_w) * util / 100.0 * 0.9, 1)
        g.energy_j += power * 0.1  # as if sampled at 10 Hz
        used = sum(p.used_mib for p in g.processes if not isinstance(p.used_mib, NA)) + 512.0
        # Compute processes share the SM utilization, as NVML's per-process samples would.
        n_compute = sum(p.kind == "compute" for p in g.processes) or 1
        procs = [
            ProcessInfo(p.pid, p.name, p.used_mib, p.kind, round(util / n_compute, 1) if p.kind == "compute"
                        else 0.0, p.simulated)
            for p in g.processes
        ]  # fmt: skip
        s = GpuSample(
            index=g.index,
            uuid=g.uuid,
            timestamp=now,
            util_gpu=util,
            util_mem=round(util * 0.4, 1),
            mem_used_mib=min(used, m.mem_total_mib),
            mem_total_mib=m.mem_total_mib,
            temperature_c=round(35.0 + 0.4 * util, 1),
            power_w=power,
            power_limit_w=m.power_limit_w,
            energy_j=round(g.energy_j, 1),
            sm_clock_mhz=float(round(m.max_sm_mhz * (0.3 + 0.7 * min(util, 100.0) / 100.0))),
            mem_clock_mhz=m.mem_mhz,
            fan_pct=float(round(30.0 + 0.5 * util)) if m.fan else NA(NOT_SUPPORTED),
            pstate="P0" if util > 5 else "P8",
            throttle_reasons=["sw_power_cap"] if util > 90 else ([] if util > 5 else ["gpu_idle"]),
            pcie_tx_kbs=round(1000.0 + 20.0 * util, 1),
            pcie_rx_kbs=round(4000.0 + 50.0 * util, 1),
            processes=NA(NO_PERMISSION) if self.scenario == "no_process_permission" else procs,
            mig=self._mig(g, phase),
            gpm=self._gpm(g, util),
            **self._health(g),
        )
        if g.mig:  # in MIG mode NVML reports utilization per instance, memory as their sum
            s.util_gpu = s.util_mem = NA(MIG_MODE)
            s.mem_used_mib = sum(float(i.mem_used_mib) for i in s.mig if not isinstance(i.mem_used_mib, NA))
        for name, value in g.overrides.items():
            setattr(s, name, value)
        return s

    @staticmethod
    def _health(g: _FakeGpu) -> dict[str, Any]:
        """Zero counters where the model has them (ECC and row remapping on Ampere and newer, page
        retirement on Volta), NA(not supported) where NVML would say so, scripted values on top."""
        kind = g.model.memory_health
        values: dict[str, Any] = {k: 0.0 for k in HEALTH_FIELDS}
        unsupported = [k for k in HEALTH_FIELDS if (k.startswith("ecc_") and not kind)
                       or (k.startswith(("remapped_", "row_remap")) and kind != "remap")
                       or (k.startswith("retired_") and kind != "retire")]  # fmt: skip
        values |= dict.fromkeys(unsupported, NA(NOT_SUPPORTED))
        return values | g.health

    @staticmethod
    def _mig(g: _FakeGpu, phase: float) -> list[MigInstance]:
        """Each instance on its own curve (offset by its position), memory and tensor-core activity
        following its SM activity."""
        out = []
        for k, m in enumerate(g.mig):
            util = round(50.0 + 45.0 * math.sin(phase + 2.0 * k), 1)
            used = round(m.mem_total_mib * (0.05 + 0.6 * util / 100.0))
            tensor = round(util * 0.9, 1)
            out.append(MigInstance(m.uuid, m.profile, float(used), m.mem_total_mib, util, tensor, k + 1))
        return out

    def _gpm(self, g: _FakeGpu, util: float) -> dict[str, Any]:
        if not g.model.gpm:
            return {k: NA(NOT_HOPPER) for k in GPM_METRICS}
        if g.count == 0:
            gpm: dict[str, Any] = {k: NA(GPM_WARMING_UP) for k in GPM_METRICS}
        else:
            gpm = {
                "sm_active": round(util, 1),
                "sm_occupancy": round(util * 0.15, 1),
                "tensor_active": round(util * 0.95, 1),
                "dram_bw_util": round(util * 0.25, 1),
                "fp16_active": 0.0,
                "fp32_active": round(util * 0.02, 2),
                "fp64_active": 0.0,
            }
        gpm.update(g.gpm_overrides)
        return gpm
