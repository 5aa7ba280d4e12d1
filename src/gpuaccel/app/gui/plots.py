"""Live plots of utilization, memory, TFLOP/s, temperature and power, one curve per GPU.

The recipe: the data stays in preallocated ring buffers (:mod:`app.gui.ringbuffer`), one QTimer
(20 Hz) calls ``setData`` with views of them, ``setClipToView(True)``, ``setDownsampling(mode="peak")``
and width-1 pens. The x axis is "seconds before the newest reading", so the view range never moves
(a moving range would make every clipped curve recompute). Y ranges come from what the GPUs report
(memory total, power limit, tensor peak), so no frame pays for an auto-range over an hour of samples.
A curve is redrawn only when its data moved by a pixel, stalest first within a per-frame time
budget, so a frame stays short with 8 GPUs x 5 plots (benchmarks/plot_update.py).
"""

from __future__ import annotations

import time

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QWidget

from gpuaccel.app.gui.telemetry_model import PLOT_SERIES, TelemetryModel
from gpuaccel.app.gui.values import number

# 1 min / 10 min / 1 h come from the live ring (10 Hz, backfilled from the daemon at connect);
# 24 h from the daemon's 1-minute history plus the live tail.
WINDOWS: tuple[tuple[str, float], ...] = (
    ("1 min", 60.0),
    ("10 min", 600.0),
    ("1 h", 3600.0),
    ("24 h", 86400.0),
)
LONG_WINDOW_S = 86400.0
FRAME_HZ = 20
FRAME_BUDGET_S = 0.0025  # per frame; due curves beyond it wait for the next frame
COLORS = ("#4fc3f7", "#ffb74d", "#81c784", "#e57373", "#ba68c8", "#fff176", "#4db6ac", "#f06292")


class AgoAxis(pg.AxisItem):
    """Tick labels for x = seconds relative to the newest reading: "-30 s", "-5 min", "-2 h"."""

    def tickStrings(self, values: list[float], scale: float, spacing: float) -> list[str]:
        out = []
        for v in values:
            ago = max(0.0, -v)
            if ago < 0.05:
                out.append("now")
            elif spacing >= 3600 or ago >= 7200:
                out.append(f"-{ago / 3600:g} h")
            elif spacing >= 60 or ago >= 180:
                out.append(f"-{ago / 60:g} min")
            else:
                out.append(f"-{ago:g} s")
        return out


class LivePlots(pg.GraphicsLayoutWidget):
    """Five stacked plots sharing one time axis; :meth:`refresh` is the per-frame update."""

    def __init__(self, model: TelemetryModel, parent: QWidget | None = None, *, timer: bool = True) -> None:
        super().__init__(parent)
        self.model = model
        self.window_s = WINDOWS[0][1]
        self.setBackground("#1e2128")
        self.ci.setSpacing(2)
        self.plots: dict[str, pg.PlotItem] = {}
        self.curves: dict[tuple[str, int], pg.PlotDataItem] = {}
        self._shown: dict[tuple[str, int], tuple[float, float]] = {}  # curve -> (window, newest t drawn)
        self._ranges_for: tuple[int, ...] = ()
        last = len(PLOT_SERIES) - 1
        for row, (key, title, unit) in enumerate(PLOT_SERIES):
            axis = {"bottom": AgoAxis(orientation="bottom")} if row == last else {}
            plot = self.addPlot(row=row, col=0, axisItems=axis)
            plot.getAxis("left").setWidth(60)
            plot.setTitle(
                f"{title} ({unit})" if key != "tflops" else "TFLOP/s (exact for our jobs, else est.)"
            )
            plot.setClipToView(True)
            plot.setDownsampling(auto=True, mode="peak")
            plot.setMouseEnabled(x=False, y=False)
            plot.hideButtons()
            plot.disableAutoRange()
            if row != last:
                plot.getAxis("bottom").setStyle(showValues=False)
                plot.getAxis("bottom").setHeight(6)
            self.plots[key] = plot
        bottom = self.plots[PLOT_SERIES[last][0]]
        for plot in self.plots.values():
            if plot is not bottom:
                plot.setXLink(bottom)
        self.plots["util"].setYRange(0, 100, padding=0.02)
        bottom.setXRange(-self.window_s, 0, padding=0)
        self._xrange = self.window_s
        self.legend = self.plots["util"].addLegend(
            offset=(-4, 4), labelTextSize="8pt", colCount=4, brush=(30, 33, 40, 210), pen=(60, 66, 80)
        )
        self._timer: QTimer | None = None
        if timer:
            self._timer = QTimer(self)
            self._timer.timeout.connect(self.refresh)
            self._timer.start(int(1000 / FRAME_HZ))

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()

    def set_window(self, seconds: float) -> None:
        self.window_s = seconds
        self.refresh()

    def _curve(self, key: str, index: int, name: str) -> pg.PlotDataItem:
        curve = self.curves.get((key, index))
        if curve is None:
            pen = pg.mkPen(COLORS[index % len(COLORS)], width=1)
            plot = self.plots[key]
            curve = plot.plot(pen=pen, name=f"GPU {index}: {name}" if key == "util" else None)
            curve.setClipToView(True)
            curve.setDownsampling(auto=True, method="peak")
            self.curves[(key, index)] = curve
        return curve

    def _fix_ranges(self) -> None:
        """Y ranges from the GPUs' own limits; recomputed only when the set of GPUs changes."""
        indices = tuple(g.index for g in self.model.gpus)
        if indices == self._ranges_for or not indices:
            return
        self._ranges_for = indices
        mem = [number(g.info.get("memory_total_mib")) for g in self.model.gpus]
        power = [number(g.info.get("power_limit_w")) for g in self.model.gpus]
        peaks = [number(g.tflops.peak) for g in self.model.gpus]  # the daemon's calibrated or table peak
        self.plots["mem_gib"].setYRange(0, max([m / 1024 for m in mem if m] or [1.0]), padding=0.02)
        self.plots["power"].setYRange(0, max([p for p in power if p] or [100.0]) * 1.05, padding=0.02)
        self.plots["tflops"].setYRange(0, max([p for p in peaks if p] or [100.0]), padding=0.02)
        self.plots["temp"].setYRange(20, 100, padding=0.02)

    def refresh(self, force: bool = False) -> int:
        """One frame: give the curves that are due their visible slice. Returns how many were updated.

        A curve is due when its window changed or its data moved by at least one pixel's worth of time
        since it was last drawn. Due curves are updated stalest first until FRAME_BUDGET_S is spent, so a
        frame stays short with 8 GPUs x 5 plots; the rest follow in the next frames (at 20 Hz).
        """
        model = self.model
        newest = max((r.last_t or 0.0 for r in model.rings.values()), default=0.0)
        if not newest:
            return 0
        self._fix_ranges()
        if self._xrange != self.window_s:
            self._xrange = self.window_s
            self.plots[PLOT_SERIES[-1][0]].setXRange(-self.window_s, 0, padding=0)
        px_s = self.window_s / max(200, int(self.width()) - 80)
        due: list[tuple[float, str, int, str]] = []
        for g in model.gpus:
            last = model.ring(g.index).last_t
            if last is None:
                continue
            for key, _, _ in PLOT_SERIES:
                shown = self._shown.get((key, g.index))
                if force or shown is None or shown[0] != self.window_s or newest - shown[1] >= px_s:
                    due.append((shown[1] if shown else 0.0, key, g.index, g.name))
        if not due:
            return 0
        due.sort(key=lambda d: d[0])
        start = time.perf_counter()
        done = 0
        for _, key, index, name in due:
            if done and not force and time.perf_counter() - start > FRAME_BUDGET_S:
                break
            self._update_curve(key, index, name, newest)
            done += 1
        return done

    def _update_curve(self, key: str, index: int, name: str, now: float) -> None:
        ring = self.model.ring(index)
        t, v = ring.since(key, now - self.window_s)
        long = self.model.long.get(index) if self.window_s >= LONG_WINDOW_S else None
        if long is not None and long.t.size:
            old = (long.t < (t[0] if t.size else now)) & (long.t >= now - self.window_s)
            t = np.concatenate((long.t[old], t))
            v = np.concatenate((long.series[key][old], v))
        self._curve(key, index, name).setData(t - now, v, connect="finite")
        self._shown[(key, index)] = (self.window_s, now)
