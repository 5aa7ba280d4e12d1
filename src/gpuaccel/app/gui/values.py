"""Reading the daemon's JSON values, where an unavailable number is ``{"na": "<reason>"}``.

Widgets never show a blank: a value is either a number formatted with its unit, or "N/A" whose
reason goes into the tooltip. These helpers keep that rule in one place.
"""

from __future__ import annotations

import math
import time
from typing import Any

from gpuaccel.accel.telemetry.fields import with_unit
from gpuaccel.api.durations import format_duration

NA_TEXT = "N/A"


def na_reason(value: Any) -> str | None:
    """The reason a value is unavailable, or None when it is a usable value."""
    if isinstance(value, dict) and "na" in value:
        return str(value["na"])
    if value is None:
        return "not reported by the daemon"
    if isinstance(value, float) and math.isnan(value):
        return "no reading"
    return None


def number(value: Any) -> float | None:
    """A float for a numeric value, None for an NA (or anything not a number)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float) and not (isinstance(value, float) and math.isnan(value)):
        return float(value)
    return None


def as_float(value: Any) -> float:
    """A float for plotting: NaN where the value is unavailable (pyqtgraph leaves a gap)."""
    n = number(value)
    return math.nan if n is None else n


def fmt(value: Any, unit: str = "", digits: int = 0) -> tuple[str, str]:
    """``(text, tooltip)``: the number with its unit as the CLI writes it (``8%``, ``312 W``), or "N/A"
    and the reason for the tooltip."""
    reason = na_reason(value)
    if reason is not None:
        return NA_TEXT, f"N/A: {reason}"
    n = number(value)
    if n is None:
        return str(value), ""
    return with_unit(n, unit, digits), ""


def fmt_mib(value: Any) -> tuple[str, str]:
    """Memory in GiB above 1 GiB, MiB below."""
    n = number(value)
    if n is None:
        return fmt(value)
    return (f"{n / 1024:.1f} GiB", "") if n >= 1024 else (f"{n:.0f} MiB", "")


def fmt_duration(seconds: float | None) -> str:
    """A run time as every view writes it (:func:`gpuaccel.api.durations.format_duration`: ``12m05s``,
    ``3h20m``); an em dash when unknown."""
    if seconds is None or seconds < 0:
        return "—"
    return format_duration(seconds)


def fmt_time(ts: float | None) -> str:
    """Local wall-clock time of a unix timestamp, with the date when it is not today."""
    if ts is None:
        return "—"
    local = time.localtime(ts)
    if time.strftime("%Y-%m-%d", local) == time.strftime("%Y-%m-%d"):
        return time.strftime("%H:%M:%S", local)
    return time.strftime("%Y-%m-%d %H:%M", local)


def fmt_bytes(n: float | None) -> str:
    if n is None:
        return "—"
    size = float(n)
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if abs(size) < 1024 or unit == "TiB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1024
    return f"{size:.1f} TiB"
