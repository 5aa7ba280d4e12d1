"""Time axes that read like a clock: ticks on whole seconds, minutes or hours, never "-8.33333 min".

pyqtgraph picks tick spacings from powers of ten (100 s for a 10-minute window). Here both axes choose
from spacings people count in (1, 2, 5, 10, 15, 30 s; 1, 2, 5, 10, 15, 30 min; 1, 2, 3, 6, 12 h; days)
and align them to the local clock, so a label is always a whole number of its unit:

- :class:`AgoAxis` for the live plots, whose x is "seconds before the newest reading": ``-30 s``,
  ``-5 min``, ``-2 h``, ``now``;
- :class:`ClockAxis` for a job's telemetry, whose x is a unix time: ``14:05:30``, ``14:10``,
  ``Nov 23 06:00``, whatever the job's length.
"""

from __future__ import annotations

import math
import time

import pyqtgraph as pg
from PySide6.QtGui import QPainterPath

NICE_SPACINGS_S: tuple[float, ...] = (
    1, 2, 5, 10, 15, 30,
    60, 120, 300, 600, 900, 1800,
    3600, 7200, 10800, 21600, 43200,
    86400, 2 * 86400, 7 * 86400,
)  # fmt: skip


def nice_spacing(span_s: float, max_ticks: int) -> float:
    """The smallest nice spacing that puts at most ``max_ticks`` ticks on ``span_s`` seconds."""
    for s in NICE_SPACINGS_S:
        if span_s / s <= max_ticks:
            return s
    return NICE_SPACINGS_S[-1] * math.ceil(span_s / max_ticks / NICE_SPACINGS_S[-1])


def minor_spacing(major: float) -> float:
    """A nice subdivision of ``major`` (about 4-6 per major tick)."""
    for s in reversed(NICE_SPACINGS_S):
        if s < major and major % s == 0 and major / s >= 4:
            return s
    return major / 2


def _max_ticks(axis: pg.AxisItem, label_px: float) -> int:
    length = axis.geometry().width() if axis.orientation in ("bottom", "top") else axis.geometry().height()
    return max(2, int(length / label_px))


def _ticks(lo: float, hi: float, spacing: float, offset: float) -> list[float]:
    """Multiples of ``spacing`` (shifted by ``offset`` seconds) within [lo, hi]."""
    first = math.ceil((lo - offset) / spacing) * spacing + offset
    n = int((hi - first) / spacing) + 1
    return [first + i * spacing for i in range(max(0, n))]


def local_offset(t: float) -> float:
    """Seconds east of UTC at unix time ``t`` (aligns hour and day ticks to the local clock)."""
    return float(time.localtime(t).tm_gmtoff)


class ValueAxis(pg.AxisItem):
    """pyqtgraph's value axis with its major ticks only: each tick level is a set of grid lines, and
    the software rasterizer pays for every one of them on each repaint of a plot."""

    def tickValues(self, minVal: float, maxVal: float, size: float) -> list[tuple[float, list[float]]]:
        return super().tickValues(minVal, maxVal, size)[:1]


class AgoAxis(pg.AxisItem):
    """x = seconds relative to the newest reading; major ticks (and grid lines) on whole seconds,
    minutes or hours."""

    LABEL_PX = 50

    def tickValues(self, minVal: float, maxVal: float, size: float) -> list[tuple[float, list[float]]]:
        span = maxVal - minVal
        if span <= 0 or not math.isfinite(span):
            return []
        major = nice_spacing(span, _max_ticks(self, self.LABEL_PX))
        return [(major, _ticks(minVal, maxVal, major, 0.0))]

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        return [ago_text(v, spacing) for v in values]


def ago_text(value: float, spacing: float) -> str:
    """``now``, ``-30 s``, ``-5 min``, ``-90 min``, ``-6 h``: the unit is the tick spacing's."""
    ago = max(0.0, -value)
    if ago < 0.5:
        return "now"
    if spacing >= 3600 and ago % 3600 == 0:
        return f"-{ago / 3600:.0f} h"
    if spacing >= 60:
        return f"-{ago / 60:.0f} min"
    return f"-{ago:.0f} s"


class ClockAxis(pg.AxisItem):
    """x = unix time; local wall-clock labels with the precision the spacing needs."""

    LABEL_PX = 90

    def tickValues(self, minVal: float, maxVal: float, size: float) -> list[tuple[float, list[float]]]:
        span = maxVal - minVal
        if span <= 0 or not math.isfinite(span):
            return []
        major = nice_spacing(span, _max_ticks(self, self.LABEL_PX))
        minor = minor_spacing(major)
        offset = -local_offset(minVal) if major >= 3600 else 0.0
        return [
            (major, _ticks(minVal, maxVal, major, offset)),
            (minor, _ticks(minVal, maxVal, minor, offset)),
        ]

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        return [clock_text(v, spacing) for v in values]


def clock_text(t: float, spacing: float) -> str:
    """``14:05:30`` (second ticks), ``14:05`` (minutes and hours), ``Nov 23`` at midnight of day ticks."""
    local = time.localtime(t)
    if spacing >= 86400 or (spacing >= 3600 and local.tm_hour == 0 and local.tm_min == 0):
        return time.strftime("%b %d", local)
    if spacing >= 60:
        return time.strftime("%H:%M", local)
    return time.strftime("%H:%M:%S", local)


def grid_path(plot: pg.PlotItem) -> QPainterPath | None:
    """Grid lines at the plot's major ticks as one path in its view's pixels, for one Qt path item drawn
    without Python on a repaint (pyqtgraph's axis grid is replayed line by line on every repaint and cost
    five times the curves). None while the view has no range."""
    view = plot.getViewBox()
    (x0, x1), (y0, y1) = view.viewRange()
    w, h = view.width(), view.height()
    if x1 <= x0 or y1 <= y0:
        return None
    bottom, left = plot.getAxis("bottom"), plot.getAxis("left")
    path = QPainterPath()
    for _, ticks in bottom.tickValues(x0, x1, bottom.width()):
        for x in ticks:
            px = (x - x0) / (x1 - x0) * w
            path.moveTo(px, 0)
            path.lineTo(px, h)
    for _, ticks in left.tickValues(y0, y1, left.height()):
        for y in ticks:
            py = (y1 - y) / (y1 - y0) * h
            path.moveTo(0, py)
            path.lineTo(w, py)
    return path
