"""The dashboard's live plots: one large plot per metric (all GPUs), or one per GPU for a chosen metric.

"By metric" overlays every GPU's curve on five plots (utilization, memory, TFLOP/s, temperature, power);
"By GPU" shows small multiples, one plot per GPU, so 8 or 16 GPUs stay apart. Plots are laid out in the
grid that gives each the most room (:func:`grid_shape`); curves take the GPU's colour from
:func:`theme.gpu_color`, the same as its card's swatch; the legend lives outside the plots (the
dashboard's swatch row), and a value the GPU cannot give is written on the plot with its reason.

The recipe for speed: the data stays in preallocated ring buffers (:mod:`app.gui.ringbuffer`); one
QTimer (20 Hz) hands plain ``PlotCurveItem``s the visible slice, min/max-decimated to two points per
pixel column (:func:`peak_decimate`), with width-1 pens. The x axis is "seconds before the newest
reading", so the view range never moves. Y ranges come from what the GPUs report (memory total, power
limit, tensor peak), so no frame pays for an auto-range. A curve is redrawn only when its data moved by
a pixel; the plots due are updated whole, stalest first, within a per-frame time budget, so a frame
repaints few plots; axes and titles are cached pixmaps, the grid is one item (benchmarks/plot_update.py).
A gap in the data (NaN rows, see :mod:`app.gui.telemetry_model`) breaks the line (``connect="finite"``).
"""

from __future__ import annotations

import contextlib
import html
import math
import time

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QGraphicsItem, QWidget

from gpuaccel.app.gui.axes import AgoAxis, ValueAxis
from gpuaccel.app.gui.telemetry_model import PLOT_SERIES, GpuState, TelemetryModel
from gpuaccel.app.gui.theme import Theme, current, gpu_color, theme_manager
from gpuaccel.app.gui.values import na_reason, number

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
FRAME_BUDGET_S = 0.0025  # per frame; plots due beyond it wait for the next frame
# Repainting a plot costs about its area (raster fill, curves, the copy to the screen): a frame updates
# plots until this many pixels, at least one: a 4k "By metric" frame repaints one large plot, not three.
FRAME_AREA_PX = 250_000
MIN_REDRAW_S = 0.2  # a curve is redrawn at most 5 times a second (the 1 min window moves 4 px a step)
BY_METRIC, BY_GPU = "metric", "gpu"
MODES = {BY_METRIC: "By metric", BY_GPU: "By GPU"}
NA_HEADROOM = 0.16  # of the y range, per line of N/A reasons, so the reasons sit above the curves
PLOT_ASPECT = 2.4  # a plot should be about this much wider than tall
TITLES = {key: f"{title} ({unit})" for key, title, unit in PLOT_SERIES}
TITLES["tflops"] = "TFLOP/s (exact for our jobs, else 16-bit dense estimate)"
UNITS = {key: unit for key, _, unit in PLOT_SERIES}


def grid_shape(n: int, width: float, height: float, aspect: float = PLOT_ASPECT) -> tuple[int, int]:
    """``(rows, columns)`` for ``n`` plots in ``width`` x ``height`` pixels: the layout whose plots get
    the largest size at the given aspect (five metrics at 1280x800 or on a 4k screen: 2 rows x 3)."""
    if n <= 0:
        return 0, 0
    best, best_cols = -1.0, 1
    for cols in range(1, n + 1):
        rows = math.ceil(n / cols)
        score = min(height / rows, width / cols / aspect)
        if score > best + 1e-9:
            best, best_cols = score, cols
    return math.ceil(n / best_cols), best_cols


def peak_decimate(x: np.ndarray, y: np.ndarray, columns: int) -> tuple[np.ndarray, np.ndarray]:
    """At most two points (min, max) per pixel column, so an hour of 10 Hz readings costs no more to draw
    than a minute and no spike is lost; a column with no reading stays NaN (the line breaks there)."""
    n = x.size
    if n <= 2 * columns:
        return x, y
    starts = (np.arange(columns, dtype=np.intp) * n) // columns  # increasing: n > 2 x columns here
    with np.errstate(invalid="ignore"):
        low = np.fmin.reduceat(y, starts)
        high = np.fmax.reduceat(y, starts)
    out_y = np.empty(2 * starts.size)
    out_y[0::2], out_y[1::2] = low, high
    return np.repeat(x[starts], 2), out_y


class ViewCurve(pg.PlotCurveItem):
    """A curve whose bounds are its plot's view: the ranges never follow the data here, and pyqtgraph
    would otherwise recompute the data's bounds with numpy several times per repaint."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self._rect = QRectF()

    def fit(self, view: pg.ViewBox) -> None:
        (x0, x1), (y0, y1) = view.viewRange()
        rect = QRectF(x0, y0, x1 - x0, y1 - y0)
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = rect

    def boundingRect(self) -> QRectF:
        return self._rect

    def dataBounds(self, ax: int, frac: float = 1.0, orthoRange: object = None) -> list[float]:
        r = self._rect
        return [r.left(), r.right()] if ax == 0 else [r.top(), r.bottom()]


def series_reason(g: GpuState, key: str) -> str | None:
    """Why GPU ``g`` has no value for plotted series ``key`` in its latest reading (None: it has one)."""
    return na_reason(g.series_raw(key))


class LivePlots(pg.GraphicsLayoutWidget):
    """The plots of the current mode; :meth:`refresh` is the per-frame update."""

    def __init__(self, model: TelemetryModel, parent: QWidget | None = None, *, timer: bool = True) -> None:
        super().__init__(parent)
        self.model = model
        self.window_s = WINDOWS[0][1]
        self.mode = BY_METRIC
        self.series = PLOT_SERIES[0][0]
        self.theme: Theme = current()
        self.ci.setSpacing(6)
        self.ci.setContentsMargins(4, 4, 4, 4)
        self.plots: dict[str, pg.PlotItem] = {}  # plot key (a series key, or "gpu<N>") -> plot
        self.curves: dict[tuple[str, int], ViewCurve] = {}  # (series key, gpu) -> curve
        self.na_text: dict[str, pg.TextItem] = {}  # plot key -> the N/A reasons written on it
        self.grids: dict[str, ViewCurve] = {}  # plot key -> its grid lines, one item
        self._y: dict[str, tuple[float, float]] = {}  # plot key -> the data's y range
        self._shown: dict[tuple[str, int], tuple[float, float]] = {}  # curve -> (window, newest t drawn)
        self._shape: tuple[int, int] = (0, 0)
        self._built_for: tuple[str, str, tuple[int, ...]] | None = None
        self._na_for: object = None
        self._build()
        theme_manager().changed.connect(self.apply_theme)
        self._timer: pg.QtCore.QTimer | None = None
        if timer:
            self._timer = pg.QtCore.QTimer(self)
            self._timer.timeout.connect(self.refresh)
            self._timer.start(int(1000 / FRAME_HZ))

    # ---- building --------------------------------------------------------------------------------

    def plot_keys(self) -> list[str]:
        if self.mode == BY_GPU:
            return [f"gpu{g.index}" for g in self.model.gpus]
        return [key for key, _, _ in PLOT_SERIES]

    def _build(self) -> None:
        """(Re)create the plots for the mode, the GPUs and the widget's size."""
        keys = self.plot_keys()
        self._built_for = (self.mode, self.series, tuple(g.index for g in self.model.gpus))
        self._shape = grid_shape(len(keys), max(1, self.width()), max(1, self.height()))
        self.ci.clear()
        self.plots.clear()
        self.curves.clear()
        self.na_text.clear()
        self.grids.clear()
        self._y.clear()
        self._shown.clear()
        self._na_for = None
        cols = self._shape[1]
        for n, key in enumerate(keys):
            row, col = divmod(n, cols)
            axes = {"bottom": AgoAxis(orientation="bottom"), "left": ValueAxis(orientation="left")}
            plot = self.ci.addPlot(row=row, col=col, axisItems=axes)
            plot.setMouseEnabled(x=False, y=False)
            plot.setMenuEnabled(False)
            plot.hideButtons()
            plot.disableAutoRange()
            grid = ViewCurve(connect="pairs")
            grid.setZValue(-10)
            plot.addItem(grid, ignoreBounds=True)
            self.grids[key] = grid
            plot.getViewBox().sigResized.connect(lambda *_, k=key: self._draw_grid(k))
            plot.getViewBox().sigRangeChanged.connect(lambda *_, k=key: self._draw_grid(k))
            plot.getAxis("left").setWidth(44)
            for item in (plot.getAxis("left"), plot.getAxis("bottom"), plot.titleLabel):
                item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)  # a blit per repaint
            plot.setXRange(-self.window_s, 0, padding=0)
            if n + cols < len(keys):  # a plot below shares this column's time axis
                plot.getAxis("bottom").setStyle(showValues=False)
                plot.getAxis("bottom").setHeight(4)
            text = pg.TextItem(anchor=(0, 0))
            text.setParentItem(plot.getViewBox())
            text.setPos(6, 4)
            self.na_text[key] = text
            self.plots[key] = plot
        self._fix_ranges()
        self.apply_theme(self.theme)

    def _title(self, key: str) -> str:
        if self.mode == BY_METRIC:
            return html.escape(TITLES[key])
        index = int(key[3:])
        unit = html.escape(UNITS[self.series])
        g = self.model.gpu(index)
        label = html.escape(g.label if g is not None else f"GPU {index}")
        return (
            f'<span style="color:{gpu_color(index)}">&#9632;</span> <b>{label}</b>'
            f' <span style="color:{self.theme.muted}">{unit}</span>'
        )

    def _draw_grid(self, key: str) -> None:
        """Grid lines at the axes' major ticks as one curve of line pairs. (pyqtgraph's axis grid is
        replayed line by line on every repaint of the plot and cost five times the curves.)"""
        plot, grid = self.plots.get(key), self.grids.get(key)
        if plot is None or grid is None:
            return
        (x0, x1), (y0, y1) = plot.getViewBox().viewRange()
        bottom, left = plot.getAxis("bottom"), plot.getAxis("left")
        xs = [v for _, ticks in bottom.tickValues(x0, x1, bottom.width()) for v in ticks]
        ys = [v for _, ticks in left.tickValues(y0, y1, left.height()) for v in ticks]
        px = np.array([c for x in xs for c in (x, x)] + [c for _ in ys for c in (x0, x1)], dtype=float)
        py = np.array([c for _ in xs for c in (y0, y1)] + [c for y in ys for c in (y, y)], dtype=float)
        grid.setData(px, py, connect="pairs")
        grid.fit(plot.getViewBox())

    def apply_theme(self, theme: Theme) -> None:
        self.theme = theme
        self.setBackground(theme.bg)
        for key, plot in self.plots.items():
            plot.getViewBox().setBackgroundColor(theme.field)
            self.grids[key].setPen(pg.mkPen(theme.grid, width=1))
            for side in ("left", "bottom"):
                axis = plot.getAxis(side)
                axis.setPen(pg.mkPen(theme.grid))
                axis.setTextPen(pg.mkPen(theme.muted))
            plot.setTitle(self._title(key), color=theme.strong, size="10pt", justify="left")
            plot.layout.setRowFixedHeight(0, 20)
            plot.titleLabel.setMaximumHeight(20)
            plot.titleLabel.setMinimumWidth(1)  # a long title is clipped, never widens its column
        self._na_for = None  # rewrite the reasons in the new colours

    def set_window(self, seconds: float) -> None:
        self.window_s = seconds
        for plot in self.plots.values():
            plot.setXRange(-seconds, 0, padding=0)
        self.refresh()

    def set_mode(self, mode: str, metric: str | None = None) -> None:
        """Switch between one plot per metric and one plot per GPU (of ``metric``)."""
        if mode not in MODES:
            raise ValueError(f"unknown plot mode {mode!r}; choose one of {', '.join(MODES)}")
        if metric is not None and metric not in UNITS:
            raise ValueError(f"unknown metric {metric!r}; choose one of {', '.join(UNITS)}")
        self.mode = mode
        self.series = metric or self.series
        self._build()
        self.refresh(force=True)

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()

    def close(self) -> bool:
        """pyqtgraph's close() deletes the scene's items: stop the frames and the theme updates first."""
        self.stop()
        with contextlib.suppress(RuntimeError, TypeError):  # not connected
            theme_manager().changed.disconnect(self.apply_theme)
        return bool(super().close())

    def resizeEvent(self, ev: QResizeEvent) -> None:
        super().resizeEvent(ev)
        if not hasattr(self, "_shape"):  # a resize while the base class is being set up
            return
        keys = self.plot_keys()
        if grid_shape(len(keys), max(1, self.width()), max(1, self.height())) != self._shape:
            self._build()
            self.refresh(force=True)

    def _curve(self, key: str, index: int) -> ViewCurve:
        curve = self.curves.get((key, index))
        if curve is None:
            plot = self.plots[key if self.mode == BY_METRIC else f"gpu{index}"]
            curve = ViewCurve(pen=pg.mkPen(gpu_color(index), width=1))
            plot.addItem(curve, ignoreBounds=True)
            self.curves[(key, index)] = curve
        return curve

    def _fix_ranges(self) -> None:
        """Y ranges from the GPUs' own limits (their own in "By GPU", the largest in "By metric")."""
        gpus = self.model.gpus
        if not gpus:
            return

        def top(g: GpuState, key: str) -> float:
            if key == "util":
                return 100.0
            if key == "temp":
                return 100.0
            if key == "mem_gib":
                return (number(g.info.get("memory_total_mib")) or 1024.0) / 1024
            if key == "power":
                return (number(g.info.get("power_limit_w")) or 100.0) * 1.05
            return number(g.tflops.peak) or 100.0  # the daemon's calibrated or table peak

        if self.mode == BY_METRIC:
            for key in self.plots:
                self._set_y(key, 20 if key == "temp" else 0, max(top(g, key) for g in gpus))
        else:
            for g in gpus:
                plot = self.plots.get(f"gpu{g.index}")
                if plot is not None:
                    low = 20 if self.series == "temp" else 0
                    self._set_y(f"gpu{g.index}", low, top(g, self.series))

    def _set_y(self, key: str, low: float, high: float) -> None:
        """The plot's y range; with N/A reasons written on it, headroom above the data for them."""
        self._y[key] = (low, high)
        text = self.na_text.get(key)
        room = 1.0 + NA_HEADROOM * (len(text.toolTip().split("<br>")) if text and text.toolTip() else 0)
        self.plots[key].setYRange(low, low + (high - low) * room, padding=0.02)

    # ---- per frame -------------------------------------------------------------------------------

    def refresh(self, force: bool = False) -> int:
        """One frame: give the curves that are due their visible slice. Returns how many were updated.

        A curve is due when its window changed or its data moved by at least one pixel's worth of time
        since it was last drawn. Plots with due curves are updated whole, stalest first, until
        FRAME_BUDGET_S is spent or FRAME_AREA_PX of plots are dirty, so a frame repaints few plots; the
        rest follow in the next frames. Nothing is done while the plots are hidden (another tab).
        """
        model = self.model
        if self._built_for != (self.mode, self.series, tuple(g.index for g in model.gpus)):
            self._build()
            force = True
        if self._na_for != model.updated_at:
            self._show_reasons()
        if not self.isVisible() and not force:
            return 0  # another tab is showing: no curve to draw (a shown plot catches up in one frame)
        newest = max((r.last_t or 0.0 for r in model.rings.values()), default=0.0)
        if not newest:
            return 0
        cols = max(1, self._shape[1])
        px_s = max(MIN_REDRAW_S, self.window_s / max(100, int(self.width() / cols) - 50))
        keys = [self.series] if self.mode == BY_GPU else [key for key, _, _ in PLOT_SERIES]
        due: dict[str, list[tuple[float, str, int]]] = {}  # plot key -> its due curves
        for g in model.gpus:
            if model.ring(g.index).last_t is None:
                continue
            for key in keys:
                shown = self._shown.get((key, g.index))
                if force or shown is None or shown[0] != self.window_s or newest - shown[1] >= px_s:
                    plot_key = key if self.mode == BY_METRIC else f"gpu{g.index}"
                    due.setdefault(plot_key, []).append((shown[1] if shown else 0.0, key, g.index))
        if not due:
            return 0
        # Whole plots, stalest first: a plot touched this frame is repainted once, with all its moved
        # curves, instead of once per frame while its curves trickle in.
        order = sorted(due.items(), key=lambda item: min(c[0] for c in item[1]))
        start = time.perf_counter()
        done, area = 0, 0.0
        for plot_key, curves in order:
            if done and not force and (time.perf_counter() - start > FRAME_BUDGET_S or area >= FRAME_AREA_PX):
                break
            rect = self.plots[plot_key].sceneBoundingRect()
            area += rect.width() * rect.height()
            for _, key, index in curves:
                self._update_curve(key, index, newest)
                done += 1
        return done

    def _update_curve(self, key: str, index: int, now: float) -> None:
        ring = self.model.ring(index)
        t, v = ring.since(key, now - self.window_s)
        long = self.model.long.get(index) if self.window_s >= LONG_WINDOW_S else None
        if long is not None and long.t.size:
            old = (long.t < (t[0] if t.size else now)) & (long.t >= now - self.window_s)
            if old.any():  # a NaN at the seam: minute averages and live readings are not one line
                t = np.concatenate((long.t[old], long.t[old][-1:], t))
                v = np.concatenate((long.series[key][old], [np.nan], v))
        plot = self.plots[key if self.mode == BY_METRIC else f"gpu{index}"]
        x, y = peak_decimate(t - now, v, max(50, int(plot.getViewBox().width())))
        curve = self._curve(key, index)
        curve.setData(x, y, connect="finite")
        curve.fit(plot.getViewBox())
        self._shown[(key, index)] = (self.window_s, now)

    def _show_reasons(self) -> None:
        """Write on each plot why a GPU has no curve there (its latest reading's N/A reason)."""
        self._na_for = self.model.updated_at
        for key, text in self.na_text.items():
            lines = []
            if self.mode == BY_METRIC:
                for g in self.model.gpus:
                    reason = series_reason(g, key)
                    if reason is not None:
                        lines.append((g.index, f"{g.label}: N/A: {reason}"))
            else:
                g = self.model.gpu(int(key[3:]))
                reason = series_reason(g, self.series) if g is not None else "no reading"
                if reason is not None:
                    lines.append((int(key[3:]), f"N/A: {reason}"))
            body = "<br>".join(
                f'<span style="color:{gpu_color(i)}">&#9632;</span> '
                f'<span style="color:{self.theme.na}">{html.escape(line)}</span>'
                for i, line in lines
            )
            if text.toolTip() != body:  # the tooltip doubles as the cache of what is written
                text.fill = pg.mkBrush(self.theme.field + "e0")  # legible over a curve, hides little
                text.setHtml(f'<div style="font-size:9pt">{body}</div>' if body else "")
                text.setToolTip(body)
                text.setVisible(bool(body))
                if key in self._y:
                    self._set_y(key, *self._y[key])

    def reasons(self, key: str) -> str:
        """The plain text written on plot ``key`` (for tests and accessibility)."""
        text = self.na_text.get(key)
        return text.textItem.toPlainText() if text is not None and text.isVisible() else ""
