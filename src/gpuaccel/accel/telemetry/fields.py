"""The telemetry field catalogue, written once: every reading's key, label, unit, display format,
Prometheus name and whether history keeps it, and the wording of the reasons a reading is N/A.

Everything that names or shows a reading derives from here: the sampler's ring-buffer columns, the
history tables' field list, ``gpuaccel status``, the Prometheus exposition and the desktop app's cards
and plots. :func:`accel.telemetry.types.read` takes a field's value out of a sample by this catalogue.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

# ---- why a reading is N/A, worded for people (backends map NVML error codes onto these) -------------

NOT_SUPPORTED = "not supported on this GPU"
NO_PERMISSION = "needs root"
FUNCTION_NOT_FOUND = "driver/library mismatch (function not found)"
GPU_LOST = "GPU lost"
NO_LIBRARY = "NVIDIA driver library (libnvidia-ml) not found"
NOT_HOPPER = "GPM metrics need Hopper (sm_90) or newer"
DRIVER_NOT_LOADED = "NVIDIA driver is not loaded"
GPM_WARMING_UP = "needs a second reading (GPM measures between two samples)"
NOT_REPORTED = "not reported by the driver"
PCIE_WARMING_UP = "needs a second reading (throughput is measured between two counter readings)"
NO_GPM = "no GPM reading in this sample"
ENERGY_WARMING_UP = "needs a first reading (the energy counter is read on a thread of its own)"
NO_SAMPLE = "no sample yet"
# Why the clocks are held back (GpuSample.throttle_reasons), in words; "gpu_idle" is no slowdown of work.
THROTTLE_WORDS = {
    "gpu_idle": "idle",
    "applications_clocks": "application clock setting",
    "sw_power_cap": "power cap",
    "hw_slowdown": "hardware slowdown",
    "sync_boost": "sync boost",
    "sw_thermal": "software thermal limit",
    "hw_thermal": "hardware thermal limit",
    "hw_power_brake": "power brake",
    "display_clocks": "display clocks",
}


def exported(value: float) -> float:
    """A reading as exports write it (/metrics, history files): 12 significant digits, so a scaled value or
    a mean reads 0.022 and 62.63, not 0.022000000000000002 and 62.629999999999995."""
    return float(f"{value:.12g}")


def throttle_words(reasons: list[str]) -> str:
    """The reasons in words, as every view shows them (the JSON keeps NVML's codes); "none" for none."""
    return ", ".join(THROTTLE_WORDS.get(str(r), str(r)) for r in reasons) or "none"


MIG_MODE = "reported per MIG instance"  # the GPU is in MIG mode
MIG_NO_UTIL = "NVML reports no utilization per MIG instance without GPM"

# What the TFLOP/s figure for work that is not our own queue's rests on (status, API, GUI tooltip).
# NVML measures only how busy the tensor pipe is, whatever the precision; docs/telemetry.md has the table.
TFLOPS_ASSUMPTION = (
    "16-bit dense equivalent: tensor-pipe busy x this GPU's dense bf16 peak. NVML cannot tell precisions "
    "apart: close for large bf16/fp16 matmuls, about 2x too high for TF32, about half the real rate for "
    "FP8, 0.65-0.87x for small matmuls and about 0.8x for attention. The measured quantity is the busy %."
)

Source = Literal["sample", "gpm", "derived"]


@dataclass(frozen=True)
class Field:
    """One reading as every consumer names and shows it."""

    key: str  # GpuSample attribute, GPM metric name, or derived name
    label: str  # short, for table cells and N/A notes ("util", "SM clock")
    title: str  # for headings, cards and plots ("GPU utilization")
    unit: str  # "" when the value has none
    digits: int = 0  # decimals shown
    source: Source = "sample"  # where :func:`read` finds it: GpuSample attribute, GpuSample.gpm, computed
    numeric: bool = True  # kept in the sampler's ring buffers
    history: bool = False  # kept in the telemetry_1s / telemetry_1m tables (a counter as its last reading)
    prom: str = ""  # Prometheus name in base units (a counter's without ``_total``); "" when not exported
    help: str = ""  # Prometheus HELP text
    prom_type: str = "gauge"  # Prometheus TYPE: "gauge" or "counter"
    prom_scale: float = 1.0  # value x scale = the base unit Prometheus wants (MiB -> bytes, % -> ratio)
    column: str = ""  # the column heading where title and unit do not say it ("TFLOP/s (estimate)")
    health: bool = False  # a health counter or flag (XID, ECC, retired pages, remapped rows, PCIe replays)

    def text(self, value: float) -> str:
        """The number with its unit for plain text: ``45%``, ``312 W``, ``71 °C``."""
        return with_unit(value, self.unit, self.digits)

    @property
    def heading(self) -> str:
        """How a table column, an export's header or a plot names it, unit included: a percent column
        that says only "util" leaves the reader guessing whether 0.4 means 0.4 % or 40 %."""
        return self.column or heading(self.title, self.unit)


def heading(title: str, unit: str) -> str:
    """A heading with its unit, as the export and the screens write it: "GPU utilization (%)", "Memory
    used (MiB)"; a title that is its own unit ("TFLOP/s") or a value without one stands alone."""
    return title if unit in ("", title) else f"{title} ({unit})"


def with_unit(value: float, unit: str, digits: int = 0) -> str:
    """A number and its unit as every view writes them: ``45%`` (a percent sign sticks to its number),
    ``312 W``, ``71 °C``. ``gpuaccel status`` and the desktop app both write them through here."""
    return f"{value:.{digits}f}{unit_after(unit)}"


def unit_after(unit: str) -> str:
    """What follows a number for its unit: ``%`` sticks to it, any other unit comes after a space."""
    return unit if unit in ("", "%") else f" {unit}"


J_PER_WH = 3600.0
# utilization under this is quiet: the idle detector's default, and what the chat's "idle since" reads
UTIL_QUIET_PCT = 10.0


def energy_text(joules: float) -> str:
    """An amount of energy as every view writes it (``gpuaccel show``, reports, the chat): Wh below a kWh,
    kWh from there, three significant digits, so a short job reads ``0.167 Wh``, never ``0 kWh``."""
    wh = float(f"{joules / J_PER_WH:.3g}")  # rounded first: 999.7 Wh is 1.00 kWh, not 1000 Wh
    value, unit = (wh / 1000.0, "kWh") if abs(wh) >= 1000.0 else (wh, "Wh")
    if value == 0:
        return f"0 {unit}"
    digits = max(0, 2 - math.floor(math.log10(abs(value))))
    return f"{value:.{digits}f} {unit}"


def energy_exact(joules: float) -> str:
    """An amount of energy with its exact joules, as a job's energy event records it: ``531 Wh (1911916
    J)``; the chat says a job's or a group's total so, and the joules match ``gpuaccel show``'s events."""
    return f"{energy_text(joules)} ({joules:.0f} J)"


def _pct(key: str, label: str, title: str, help_text: str, history: bool = False) -> Field:
    """A GPM metric: percent, one decimal, exported as ``gpuaccel_gpu_<key>_ratio`` (0-1) when helped."""
    prom = f"gpuaccel_gpu_{key}_ratio" if help_text else ""
    return Field(
        key, label, title, "%", 1, "gpm", history=history, prom=prom, help=help_text, prom_scale=0.01
    )


def _health(key: str, label: str, prom: str, help_text: str, counter: bool = False) -> Field:
    """A health counter or flag of the sample: exported as is, not in the ring buffers."""
    return Field(key, label, label[0].upper() + label[1:], "", numeric=False, prom=prom, help=help_text,
                 prom_type="counter" if counter else "gauge", health=True)  # fmt: skip


_RATIO, _MIB_TO_BYTES, _MHZ_TO_HZ = 0.01, 1024.0 * 1024.0, 1e6

FIELDS: tuple[Field, ...] = (
    Field("util_gpu", "util", "GPU utilization", "%", history=True, prom="gpuaccel_gpu_utilization_ratio",
          help="fraction of time a kernel ran (NVML utilization.gpu, 0-1)", prom_scale=_RATIO),
    Field("util_mem", "mem-util", "Memory bus utilization", "%", history=True,
          prom="gpuaccel_gpu_memory_utilization_ratio", help="memory controller busy fraction (0-1)",
          prom_scale=_RATIO),
    Field("mem_used_mib", "memory used", "Memory used", "MiB", history=True,
          prom="gpuaccel_gpu_memory_used_bytes", help="GPU memory used", prom_scale=_MIB_TO_BYTES),
    Field("mem_total_mib", "memory", "Memory total", "MiB",
          prom="gpuaccel_gpu_memory_total_bytes", help="GPU memory total", prom_scale=_MIB_TO_BYTES),
    Field("temperature_c", "temperature", "Temperature", "°C", history=True,
          prom="gpuaccel_gpu_temperature_celsius", help="GPU temperature"),
    Field("power_w", "power", "Power", "W", history=True, prom="gpuaccel_gpu_power_watts", help="power draw"),
    Field("power_limit_w", "power limit", "Power limit", "W",
          prom="gpuaccel_gpu_power_limit_watts", help="enforced power limit"),
    Field("energy_j", "energy", "Energy", "J", history=True, prom="gpuaccel_gpu_energy_joules",
          help="energy used since the driver loaded (NVML total energy counter)", prom_type="counter"),
    Field("sm_clock_mhz", "SM clock", "SM clock", "MHz", history=True,
          prom="gpuaccel_gpu_sm_clock_hertz", help="SM clock", prom_scale=_MHZ_TO_HZ),
    Field("mem_clock_mhz", "mem clock", "Memory clock", "MHz", history=True,
          prom="gpuaccel_gpu_memory_clock_hertz", help="memory clock", prom_scale=_MHZ_TO_HZ),
    Field("fan_pct", "fan", "Fan", "%", prom="gpuaccel_gpu_fan_speed_ratio",
          help="fan speed as a fraction of its maximum", prom_scale=_RATIO),
    Field("pstate", "P-state", "P-state", "", numeric=False),
    Field("throttle_reasons", "throttle reasons", "Throttle", "", numeric=False),
    Field("pcie_tx_kbs", "PCIe tx", "PCIe transmit", "KB/s",
          prom="gpuaccel_gpu_pcie_transmit_bytes_per_second", help="PCIe transmit throughput",
          prom_scale=1024.0),
    Field("pcie_rx_kbs", "PCIe rx", "PCIe receive", "KB/s",
          prom="gpuaccel_gpu_pcie_receive_bytes_per_second", help="PCIe receive throughput",
          prom_scale=1024.0),
    Field("processes", "processes", "Processes", "", numeric=False),
    Field("mig", "MIG", "MIG instances", "", numeric=False),
    # health: counters and flags, exported and shown as warnings (accel.telemetry.health), not plotted, so
    # not in the ring buffers; docs/telemetry.md maps each to dcgm-exporter's DCGM_FI_DEV_* name
    _health("xid_last", "last XID", "gpuaccel_gpu_xid_last",
            "code of the last XID error since the sampler started, 0 for none (DCGM_FI_DEV_XID_ERRORS)"),
    _health("xid_events", "XID events", "gpuaccel_gpu_xid_events", "XID error events since the sampler "
            "started", counter=True),
    _health("ecc_corrected_volatile", "ECC corrected", "gpuaccel_gpu_ecc_corrected_volatile",
            "corrected (single-bit) ECC errors since the driver loaded", counter=True),
    _health("ecc_uncorrected_volatile", "ECC uncorrected", "gpuaccel_gpu_ecc_uncorrected_volatile",
            "uncorrected (double-bit) ECC errors since the driver loaded", counter=True),
    _health("ecc_corrected_aggregate", "ECC corrected (life)", "gpuaccel_gpu_ecc_corrected_aggregate",
            "corrected ECC errors over the GPU's life", counter=True),
    _health("ecc_uncorrected_aggregate", "ECC uncorrected (life)", "gpuaccel_gpu_ecc_uncorrected_aggregate",
            "uncorrected ECC errors over the GPU's life", counter=True),
    _health("retired_pages_sbe", "retired pages (SBE)", "gpuaccel_gpu_retired_pages_sbe",
            "memory pages retired for repeated single-bit errors"),
    _health("retired_pages_dbe", "retired pages (DBE)", "gpuaccel_gpu_retired_pages_dbe",
            "memory pages retired for double-bit errors"),
    _health("retired_pages_pending", "retirement pending", "gpuaccel_gpu_retired_pages_pending",
            "1 while a page retirement waits for a GPU reset"),
    _health("remapped_rows_correctable", "remapped rows (corr.)", "gpuaccel_gpu_remapped_rows_correctable",
            "memory rows remapped for correctable errors"),
    _health("remapped_rows_uncorrectable", "remapped rows (uncorr.)",
            "gpuaccel_gpu_remapped_rows_uncorrectable", "memory rows remapped for uncorrectable errors"),
    _health("row_remap_pending", "remap pending", "gpuaccel_gpu_row_remap_pending",
            "1 while a row remapping waits for a GPU reset"),
    _health("row_remap_failure", "remap failure", "gpuaccel_gpu_row_remap_failure",
            "1 when a row remapping failed"),
    _health("pcie_replays", "PCIe replays", "gpuaccel_gpu_pcie_replays", "PCIe replays (link-level "
            "retransmissions) since the driver loaded", counter=True),
    _pct("sm_active", "SM active", "SM active", "fraction of SM cycles with a warp resident (GPM)",
         history=True),
    _pct("sm_occupancy", "occupancy", "SM occupancy", "achieved warp occupancy fraction (GPM)"),
    _pct("tensor_active", "tensor", "Tensor-core activity", "tensor pipe busy fraction, any precision (GPM)",
         history=True),
    _pct("dram_bw_util", "DRAM BW", "DRAM bandwidth", "DRAM bandwidth used, fraction of peak (GPM)",
         history=True),
    _pct("fp16_active", "FP16", "FP16 pipe activity", ""),
    _pct("fp32_active", "FP32", "FP32 pipe activity", ""),
    _pct("fp64_active", "FP64", "FP64 pipe activity", ""),
    Field("tflops_est", "est. TFLOP/s", "TFLOP/s", "TFLOP/s", 1, "derived", history=True,
          prom="gpuaccel_gpu_flops", prom_scale=1e12, column="TFLOP/s (estimate)",
          help="floating-point operations per second: counted by our job (exact=\"true\") or the 16-bit "
          "dense equivalent of tensor-pipe busy x the GPU's bf16 dense peak (exact=\"false\")"),
)  # fmt: skip

FIELD: dict[str, Field] = {f.key: f for f in FIELDS}
# GPM metric names: the keys of GpuSample.gpm (a subset of NVML_GPM_METRIC_*).
GPM_METRICS: tuple[str, ...] = tuple(f.key for f in FIELDS if f.source == "gpm")
# The sampler's ring-buffer columns: numeric sample fields, then GPM metrics, then derived ones.
NUMERIC_FIELDS: tuple[str, ...] = tuple(f.key for f in FIELDS if f.numeric)
# The columns of the history tables (scheduler.store.migrations creates them).
HISTORY_FIELDS: tuple[str, ...] = tuple(f.key for f in FIELDS if f.history)
# Of them, the counters (energy): a history row keeps the last reading, and a span's amount is their deltas;
# the others are gauges, kept as means (and, in 1 min rows, minimum and maximum).
HISTORY_COUNTERS: tuple[str, ...] = tuple(k for k in HISTORY_FIELDS if FIELD[k].prom_type == "counter")
HISTORY_GAUGES: tuple[str, ...] = tuple(k for k in HISTORY_FIELDS if k not in HISTORY_COUNTERS)
# The health readings (accel.telemetry.health): counters and flags of GpuSample.
HEALTH_FIELDS: tuple[str, ...] = tuple(f.key for f in FIELDS if f.health)
# The per-GPU gauges and counters of /metrics, TFLOP/s aside (it carries an ``exact`` label of its own).
PROMETHEUS_FIELDS: tuple[Field, ...] = tuple(f for f in FIELDS if f.prom and f.source != "derived")


def field(key: str) -> Field:
    """The catalogue entry for ``key``; a clear error naming the known keys otherwise."""
    try:
        return FIELD[key]
    except KeyError:
        raise KeyError(f"unknown telemetry field {key!r}; known: {', '.join(FIELD)}") from None
