"""Dense tensor-core peaks per GPU model and measured (calibrated) ones: the TFLOP/s estimate's denominator.

For a process we did not launch, TFLOP/s can only be estimated: tensor-core activity (GPM ANY_TENSOR_UTIL)
x the GPU's dense 16-bit peak. The measured peak from ``gpuaccel calibrate`` is used when stored, the
datasheet value otherwise; callers always say which (``source``) and label the number "est.".

All table values are DENSE (the datasheets' "with sparsity" figures halved), TFLOP/s, for matmuls
accumulating in fp32 (what PyTorch does), at the boards' boost clocks.
"""

from __future__ import annotations

import json
import logging
import os
import re
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from gpuaccel.accel.telemetry.types import NA, GpuInfo, Num

log = logging.getLogger(__name__)

CONFIG_ENV = "GPUACCEL_CONFIG_DIR"
CALIBRATION_FILE = "calibration.json"
NO_FP8 = "no FP8 tensor cores before Ada/Hopper"
NO_BF16_TURING = "no bf16 tensor cores on Turing (fp16 only)"


@dataclass(frozen=True)
class PeakSpec:
    """Dense tensor peaks of one GPU model. ``pattern`` is matched against the lower-cased NVML name."""

    label: str
    pattern: str
    bf16: Num
    fp16: float
    fp8: Num


# Most specific first: the first matching pattern wins.
PEAKS: tuple[PeakSpec, ...] = (
    PeakSpec("H200 NVL", r"\bh200 nvl\b", 835.5, 835.5, 1671.0),
    PeakSpec("H200 SXM", r"\bh200\b", 989.4, 989.4, 1978.9),
    PeakSpec("H100 PCIe", r"\bh100\b.*\bpcie\b", 756.5, 756.5, 1513.0),
    PeakSpec("H100 NVL", r"\bh100 nvl\b", 835.5, 835.5, 1671.0),
    PeakSpec("H100 SXM", r"\bh100\b", 989.4, 989.4, 1978.9),  # "NVIDIA H100 80GB HBM3" is the SXM5 board
    PeakSpec("B200", r"\bb200\b", 2250.0, 2250.0, 4500.0),
    PeakSpec("A100 PCIe", r"\ba100\b.*\bpcie\b", 312.0, 312.0, NA(NO_FP8)),
    PeakSpec("A100 SXM", r"\ba100\b", 312.0, 312.0, NA(NO_FP8)),
    PeakSpec("L40S", r"\bl40s\b", 362.1, 362.1, 733.0),
    PeakSpec("L4", r"\bl4\b", 121.0, 121.0, 242.0),
    PeakSpec("RTX 4090", r"\brtx 4090\b(?! d)", 165.2, 165.2, 330.3),
    PeakSpec("RTX 3090", r"\brtx 3090\b(?! ti)", 71.0, 71.0, NA(NO_FP8)),
    PeakSpec("RTX 2080 Ti", r"\brtx 2080 ti\b", NA(NO_BF16_TURING), 53.8, NA(NO_FP8)),
)


def lookup_peak(name: str) -> PeakSpec | None:
    """The table entry for an NVML device name such as ``"NVIDIA H100 80GB HBM3"``, or None."""
    lowered = name.lower().replace("-", " ")
    for spec in PEAKS:
        if re.search(spec.pattern, lowered):
            return spec
    return None


def table_peak(name: str, dtype: str = "bf16") -> Num:
    """Datasheet dense peak for ``dtype`` in ("bf16", "fp16", "fp8"), or NA saying why there is none."""
    if dtype not in ("bf16", "fp16", "fp8"):
        raise ValueError(f"dtype must be bf16, fp16 or fp8, not {dtype!r}")
    spec = lookup_peak(name)
    if spec is None:
        return NA(f"no peak known for {name}; run `gpuaccel calibrate`")
    return getattr(spec, dtype)


def peak_for(info: GpuInfo) -> tuple[Num, str]:
    """The 16-bit dense peak to estimate with and its source: ("calibrated" | "table").

    Prefers a stored measurement for this GPU (by uuid, then by model name); otherwise the table's bf16
    peak, or its fp16 peak on GPUs without bf16 tensor cores.
    """
    entry = calibrated_entry(info.uuid, info.name)
    if entry is not None:
        return float(entry["bf16_tflops"]), "calibrated"
    peak = table_peak(info.name, "bf16")
    if isinstance(peak, NA) and lookup_peak(info.name) is not None:
        peak = table_peak(info.name, "fp16")
    return peak, "table"


# ---- calibration storage --------------------------------------------------------------------------


def config_dir() -> Path:
    """``$GPUACCEL_CONFIG_DIR``, else platformdirs' user config dir, else ``$XDG_CONFIG_HOME/gpuaccel``."""
    override = os.environ.get(CONFIG_ENV)
    if override:
        return Path(override)
    try:
        import platformdirs
    except ImportError:  # minimal environments (GPU images) may lack it; follow the XDG convention
        base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
        return Path(base) / "gpuaccel"
    return Path(platformdirs.user_config_dir("gpuaccel"))


def calibration_path() -> Path:
    return config_dir() / CALIBRATION_FILE


def load_calibration() -> dict[str, Any]:
    """The stored calibrations ``{"by_uuid": {...}, "by_name": {...}}``; empty when none or unreadable."""
    path = calibration_path()
    empty: dict[str, Any] = {"version": 1, "by_uuid": {}, "by_name": {}}
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError:
        return empty
    except (OSError, ValueError) as exc:
        log.warning("ignoring unreadable calibration file %s: %s", path, exc)
        return empty
    if not isinstance(data, dict):
        log.warning("ignoring calibration file %s: not a JSON object", path)
        return empty
    data.setdefault("by_uuid", {})
    data.setdefault("by_name", {})
    return data


def calibrated_entry(uuid: str, name: str) -> dict[str, Any] | None:
    """The stored measurement for this GPU (exact uuid first, then any GPU of the same model)."""
    data = load_calibration()
    entry = data["by_uuid"].get(uuid) or data["by_name"].get(name)
    if isinstance(entry, dict) and isinstance(entry.get("bf16_tflops"), int | float):
        return entry
    return None


def save_calibration(uuid: str, name: str, bf16_tflops: float, details: dict[str, Any] | None = None) -> Path:
    """Store a measured bf16 dense peak under the GPU's uuid and model name (atomic write)."""
    data = load_calibration()
    entry = {
        "name": name,
        "uuid": uuid,
        "bf16_tflops": round(float(bf16_tflops), 1),
        "measured_at": datetime.now(UTC).isoformat(timespec="seconds"),
        **(details or {}),
    }
    data["by_uuid"][uuid] = entry
    data["by_name"][name] = entry
    path = calibration_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".calibration-", suffix=".json", dir=path.parent)
    try:
        with os.fdopen(fd, "w") as f:
            json.dump(data, f, indent=2, sort_keys=True)
            f.write("\n")
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path
