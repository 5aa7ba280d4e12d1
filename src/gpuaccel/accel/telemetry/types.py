"""Telemetry data model shared by every backend, the sampler, the daemon and the UI.

A value that NVML cannot give is never ``None`` or a blank: it is an :class:`NA` carrying the reason,
so every consumer can show *why* (``"not supported on this GPU"``, ``"needs root"``, ...). The reasons'
wording, the field names and how each is shown live in :mod:`accel.telemetry.fields`; :func:`read` is
the one way to take a field's value out of a :class:`GpuSample`, and :func:`sample_tflops` the one place
the TFLOP/s estimate is computed from a sample.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Protocol, TypeAlias

from gpuaccel.accel.telemetry.fields import GPM_METRICS, GPU_LOST, NO_GPM, NO_SAMPLE, NOT_SUPPORTED
from gpuaccel.accel.telemetry.fields import field as catalogue_entry


@dataclass(frozen=True)
class NA:
    """A value that is not available, with the reason."""

    reason: str

    def __str__(self) -> str:
        return f"N/A ({self.reason})"

    def to_json(self) -> dict[str, str]:
        return {"na": self.reason}


Num: TypeAlias = float | NA
Int: TypeAlias = int | NA
Text: TypeAlias = str | NA


def number(value: Any) -> float | None:
    """A reading as a float; None where it is none (an NA, its JSON ``{"na": reason}``, missing, a bool)."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    return None


class TelemetryUnavailable(RuntimeError):
    """NVML as a whole cannot be used on this machine (no driver, no library); carries the reason."""


@dataclass
class ProcessInfo:
    """One process NVML sees on a GPU. ``pid`` is in the host's pid namespace (NVML's view)."""

    pid: int
    name: str
    used_mib: Num
    kind: str  # "compute" or "graphics"
    sm_pct: Num = NA(NOT_SUPPORTED)  # NVML per-process utilization (nvmlDeviceGetProcessUtilization)
    simulated: bool = False  # a scripted process of the fake backend: no host process behind it


@dataclass
class MigInstance:
    """One MIG instance of a GPU in MIG mode: a slice a job can be given on its own
    (``CUDA_VISIBLE_DEVICES=<uuid>``), with its own memory and utilization."""

    uuid: str  # "MIG-<uuid>", what CUDA_VISIBLE_DEVICES takes
    profile: str  # "3g.40gb": compute slices and memory of the instance
    mem_used_mib: Num
    mem_total_mib: Num
    util_pct: Num  # SM activity of the instance (GPM, the mean since the previous reading)
    tensor_pct: Num = NA(NOT_SUPPORTED)  # tensor-core activity of the instance (GPM)
    gpu_instance_id: int | None = None  # NVML's GPU instance id (what GPM samples an instance by)


@dataclass
class GpuInfo:
    """Static facts about one GPU, read once."""

    index: int
    uuid: str
    name: str
    architecture: Text
    compute_capability: tuple[int, int] | NA
    memory_total_mib: Num
    power_limit_w: Num
    pci_bus_id: Text
    gpm_supported: bool | NA


@dataclass
class GpuSample:
    """One reading of one GPU. ``lost`` is set when the GPU stopped answering."""

    index: int
    uuid: str
    timestamp: float
    util_gpu: Num = NA(NOT_SUPPORTED)
    util_mem: Num = NA(NOT_SUPPORTED)
    mem_used_mib: Num = NA(NOT_SUPPORTED)
    mem_total_mib: Num = NA(NOT_SUPPORTED)
    temperature_c: Num = NA(NOT_SUPPORTED)
    power_w: Num = NA(NOT_SUPPORTED)
    power_limit_w: Num = NA(NOT_SUPPORTED)
    energy_j: Num = NA(NOT_SUPPORTED)
    sm_clock_mhz: Num = NA(NOT_SUPPORTED)
    mem_clock_mhz: Num = NA(NOT_SUPPORTED)
    fan_pct: Num = NA(NOT_SUPPORTED)
    pstate: Text = NA(NOT_SUPPORTED)
    throttle_reasons: list[str] | NA = NA(NOT_SUPPORTED)
    pcie_tx_kbs: Num = NA(NOT_SUPPORTED)
    pcie_rx_kbs: Num = NA(NOT_SUPPORTED)
    processes: list[ProcessInfo] | NA = NA(NOT_SUPPORTED)
    mig: list[MigInstance] | NA = field(default_factory=list)  # empty: the GPU is not in MIG mode
    # health (accel.telemetry.health words them; fields.py names and exports them)
    xid_last: Num = NA(NOT_SUPPORTED)  # the last XID error's code since the sampler started (0: none)
    xid_events: Num = NA(NOT_SUPPORTED)  # XID error events since the sampler started
    ecc_corrected_volatile: Num = NA(NOT_SUPPORTED)  # since the driver loaded
    ecc_uncorrected_volatile: Num = NA(NOT_SUPPORTED)
    ecc_corrected_aggregate: Num = NA(NOT_SUPPORTED)  # over the GPU's life
    ecc_uncorrected_aggregate: Num = NA(NOT_SUPPORTED)
    retired_pages_sbe: Num = NA(NOT_SUPPORTED)  # pages retired (Volta/Turing; Ampere on remaps rows)
    retired_pages_dbe: Num = NA(NOT_SUPPORTED)
    retired_pages_pending: Num = NA(NOT_SUPPORTED)  # 1: a retirement waits for a reset
    remapped_rows_correctable: Num = NA(NOT_SUPPORTED)  # rows remapped (Ampere and newer)
    remapped_rows_uncorrectable: Num = NA(NOT_SUPPORTED)
    row_remap_pending: Num = NA(NOT_SUPPORTED)  # 1: a remap waits for a reset
    row_remap_failure: Num = NA(NOT_SUPPORTED)  # 1: a remap failed
    pcie_replays: Num = NA(NOT_SUPPORTED)  # PCIe replay counter
    gpm: dict[str, Num] = field(default_factory=dict)
    lost: bool = False

    def to_json(self) -> dict[str, Any]:
        return to_jsonable(asdict(self))


# GpuSample fields that hold readings (everything but identity, time, the GPM dict and the lost flag).
SAMPLE_VALUE_FIELDS: tuple[str, ...] = tuple(
    name
    for name in GpuSample.__dataclass_fields__
    if name not in ("index", "uuid", "timestamp", "gpm", "lost")
)


def na_sample(index: int, uuid: str, timestamp: float, reason: str, lost: bool = False) -> GpuSample:
    """A sample whose every reading is NA(reason)."""
    na = NA(reason)
    values: dict[str, Any] = dict.fromkeys(SAMPLE_VALUE_FIELDS, na)
    return GpuSample(
        index=index, uuid=uuid, timestamp=timestamp, gpm=dict.fromkeys(GPM_METRICS, na), lost=lost, **values
    )


def lost_sample(index: int, uuid: str, timestamp: float) -> GpuSample:
    """A sample of a GPU that stopped answering: every reading NA("GPU lost"), ``lost`` set."""
    return na_sample(index, uuid, timestamp, GPU_LOST, lost=True)


def to_jsonable(obj: Any) -> Any:
    """Turn dataclass dicts holding NA values into plain JSON (NA -> {"na": reason})."""
    if isinstance(obj, NA):
        return obj.to_json()
    if isinstance(obj, dict):
        if set(obj) == {"reason"}:  # an NA flattened by dataclasses.asdict
            return {"na": obj["reason"]}
        return {k: to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [to_jsonable(v) for v in obj]
    return obj


class TelemetryBackend(Protocol):
    """What the sampler needs from NVML (real or scripted fake)."""

    def init(self) -> None:
        """Start the library; raise TelemetryUnavailable(reason) if it cannot be used at all."""

    def shutdown(self) -> None: ...

    def driver_version(self) -> Text: ...

    def device_count(self) -> int: ...

    def device_info(self, index: int) -> GpuInfo: ...

    def sample(self, index: int) -> GpuSample:
        """Read every field of GPU ``index``; per-field failures become NA, a lost GPU sets ``lost``."""


def estimate_tflops(tensor_active_pct: Num, peak: Num) -> Num:
    """Estimated TFLOP/s = tensor-core activity (percent) x dense peak; NA passes through with its reason."""
    if tensor_active_pct.__class__ is float and peak.__class__ is float:  # the sampler's path, every round
        return tensor_active_pct / 100.0 * peak
    if isinstance(tensor_active_pct, NA):
        return tensor_active_pct
    if isinstance(peak, NA):
        return peak
    return float(tensor_active_pct) / 100.0 * float(peak)


def sample_tflops(sample: GpuSample | None, peak: Num) -> Num:
    """The TFLOP/s estimate of one sample (tensor-core activity x the GPU's calibrated or datasheet peak)."""
    if sample is None:
        return NA(NO_SAMPLE)
    return estimate_tflops(sample.gpm.get("tensor_active", NA(NO_GPM)), peak)


def read(sample: GpuSample, key: str, peak: Num | None = None) -> Any:
    """The value of field ``key`` in ``sample``: a number, text or list, or an NA with its reason.

    Derived fields need the GPU's ``peak`` (see :func:`accel.telemetry.peaks.peak_for`)."""
    f = catalogue_entry(key)
    if f.source == "gpm":
        return sample.gpm.get(key, NA(NO_GPM))
    if f.source == "derived":
        if peak is None:
            raise ValueError(f"field {key!r} is derived from the GPU's peak: pass peak")
        return sample_tflops(sample, peak)
    return getattr(sample, key)
