"""GPU health as people act on it: XID errors, ECC counts, retired pages, remapped rows, PCIe replays and
hardware throttling, turned into warnings worded once for every view (``gpuaccel status``, ``gpuaccel
top``, the app's GPU card, the chat assistant); :func:`summary` words the counters themselves once for
``gpuaccel status`` and the assistant.

The readings themselves are :class:`~accel.telemetry.types.GpuSample` fields declared in the field
catalogue (:mod:`accel.telemetry.fields`, which gives each its Prometheus name); :func:`warnings` reads a
sample or its JSON form alike, an unavailable reading (an ``NA`` or ``{"na": reason}``) raising nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gpuaccel.accel.telemetry.fields import FIELD
from gpuaccel.accel.telemetry.types import NA, GpuSample, number

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


def summary(s: GpuSample) -> tuple[list[str], dict[str, list[str]]]:
    """The health counters of a sample in words (``"last XID 94 (contained ECC error)"``, ``"ECC
    corr/uncorr 37/2 since driver load, 120/5 lifetime"``, remapped rows or retired pages, whichever the GPU
    keeps, ``"PCIe replays 240"``), an unavailable one as ``N/A``; and the reasons of those N/As, each with
    the labels it covers (``{"not supported on this GPU": ["ECC", "remapped rows"]}``)."""
    notes: dict[str, list[str]] = {}

    def na(value: NA, label: str) -> str:
        labels = notes.setdefault(value.reason, [])
        if label not in labels:
            labels.append(label)
        return "N/A"

    def one(key: str) -> str:
        value = getattr(s, key)
        return na(value, FIELD[key].label) if isinstance(value, NA) else f"{value:.{FIELD[key].digits}f}"

    def pair(a: str, b: str, what: str) -> str:  # one N/A note for the pair ("ECC: not supported")
        va, vb = getattr(s, a), getattr(s, b)
        if isinstance(va, NA) and isinstance(vb, NA) and va == vb:
            return na(va, what)
        return f"{one(a)}/{one(b)}"

    if isinstance(s.xid_last, NA):
        xid = f"XID {na(s.xid_last, FIELD['xid_last'].label)}"
    else:
        xid = f"last {xid_text(int(s.xid_last))}" if s.xid_last else "no XID"
    ecc_vol = pair("ecc_corrected_volatile", "ecc_uncorrected_volatile", "ECC")
    ecc_life = pair("ecc_corrected_aggregate", "ecc_uncorrected_aggregate", "ECC")
    parts = [xid, f"ECC corr/uncorr {ecc_vol} since driver load, {ecc_life} lifetime"]
    if not isinstance(s.remapped_rows_correctable, NA) or isinstance(s.retired_pages_sbe, NA):
        rows = pair("remapped_rows_correctable", "remapped_rows_uncorrectable", "remapped rows")
        parts.append(f"remapped rows corr/uncorr {rows}")
    else:
        pages = pair("retired_pages_sbe", "retired_pages_dbe", "retired pages")
        parts.append(f"retired pages SBE/DBE {pages}")
    parts.append(f"PCIe replays {one('pcie_replays')}")
    return parts, notes
