"""GPU health as people act on it: XID errors, ECC counts, retired pages, remapped rows, PCIe replays and
hardware throttling, turned into warnings worded once for every view (``gpuaccel status``, ``gpuaccel
top``, the app's GPU card).

The readings themselves are :class:`~accel.telemetry.types.GpuSample` fields declared in the field
catalogue (:mod:`accel.telemetry.fields`, which gives each its Prometheus name); :func:`warnings` reads a
sample or its JSON form alike, an unavailable reading (an ``NA`` or ``{"na": reason}``) raising nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gpuaccel.accel.telemetry.types import number

# What the XIDs people meet most mean (NVIDIA's XID catalogue); others are shown by number alone.
XID_MEANING: dict[int, str] = {
    13: "graphics engine exception",
    31: "GPU memory page fault",
    43: "GPU stopped processing",
    45: "preemptive cleanup after an earlier error",
    48: "double-bit ECC error",
    61: "internal micro-controller breakpoint",
    62: "internal micro-controller halt",
    63: "ECC page retirement or row remapping recorded",
    64: "ECC page retirement or row remapping failed",
    68: "video processor exception",
    74: "NVLink error",
    79: "GPU has fallen off the bus",
    92: "high single-bit ECC error rate",
    94: "contained ECC error",
    95: "uncontained ECC error",
    119: "GSP RPC timeout",
    120: "GSP error",
}
# PCIe replays worth a warning: a few over a driver's life are normal (an idle H100 here showed 2); what
# matters is a link that keeps retrying (DCGM's health check warns at 8 a minute), which piles them up.
PCIE_REPLAYS_WARN = 100
# Throttle reasons that mean the hardware protects itself (power cap and idle are ordinary).
HARDWARE_THROTTLE = {
    "hw_slowdown": "hardware slowdown",
    "hw_thermal": "hardware thermal slowdown",
    "sw_thermal": "software thermal slowdown",
    "hw_power_brake": "power brake (external power supply signal)",
}


def xid_text(code: int) -> str:
    """``"XID 79 (GPU has fallen off the bus)"``."""
    meaning = XID_MEANING.get(code)
    return f"XID {code}" + (f" ({meaning})" if meaning else "")


def warnings(sample: Any) -> list[str]:
    """The health problems a sample shows, worst first; empty for a healthy GPU or one whose health NVML
    does not report. ``sample``: a :class:`GpuSample` or its JSON form (a mapping)."""
    get = sample.get if isinstance(sample, Mapping) else (lambda k: getattr(sample, k, None))
    out: list[str] = []
    events, last = number(get("xid_events")), number(get("xid_last"))
    if events and last:
        out.append(f"{xid_text(int(last))}" + (f", {int(events)} XID events" if events > 1 else ""))
    checks = (
        ("row_remap_failure", "row remapping failed: the GPU needs service"),
        ("row_remap_pending", "row remapping pending: reset the GPU to apply it"),
        ("retired_pages_pending", "page retirement pending: reset the GPU to apply it"),
    )
    for key, text in checks:
        if number(get(key)):
            out.append(text)
    counts = (
        ("ecc_uncorrected_volatile", "uncorrected ECC error{s} since the driver loaded"),
        ("ecc_uncorrected_aggregate", "uncorrected ECC error{s} over the GPU's life"),
        ("remapped_rows_uncorrectable", "row{s} remapped for uncorrectable errors"),
        ("retired_pages_dbe", "page{s} retired for double-bit errors"),
    )
    for key, text in counts:
        n = number(get(key))
        if n:
            out.append(f"{int(n)} " + text.format(s="" if n == 1 else "s"))
    replays = number(get("pcie_replays"))
    if replays is not None and replays >= PCIE_REPLAYS_WARN:
        out.append(f"{int(replays)} PCIe replays since the driver loaded (a link that keeps retrying)")
    reasons = get("throttle_reasons")
    if isinstance(reasons, list):
        out += [HARDWARE_THROTTLE[r] for r in reasons if r in HARDWARE_THROTTLE]
    return out
