"""The dashboard's live plots: one large plot per metric (all GPUs), or one per GPU for a chosen metric.

"By metric" overlays every GPU's curve on five plots (utilization, memory, TFLOP/s, temperature, power);
"By GPU" shows small multiples, one plot per GPU, so 8 or 16 GPUs stay apart. Plots are laid out in the
grid that gives each the most room (:func:`grid_shape`); curves take the GPU's colour from
:func:`theme.gpu_color`, the same as its card's swatch; the legend lives outside the plots (the
dashboard's swatch row), and a value the GPU cannot give is written on the plot with its reason.

The recipe for speed: the data stays in preallocated ring buffers (:mod:`app.gui.ringbuffer`); the
curves of a plot are drawn into one image that scrolls with time (:class:`app.gui.strip.StripLayer`), so
a new reading costs the few pixel columns it changed, not a redraw of every line. One QTimer (20 Hz)
brings the plots whose data moved by a pixel up to date, stalest first, within a per-frame budget. The x
axis is "seconds before the newest reading", so the view range never moves; y ranges come from what the
GPUs report (memory total, power limit, tensor peak), so no frame pays for an auto-range; axes and
titles are cached pixmaps and the grid is one Qt path item (benchmarks/plot_update.py). A gap in the data (NaN
rows, see :mod:`app.gui.telemetry_model`) breaks the line.
"""

from __future__ import annotations

import contextlib
import html
import math
import time

import numpy as np
import pyqtgraph as pg
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPathItem, QWidget

from gpuaccel.app.gui.axes import AgoAxis, ValueAxis, grid_path
from gpuaccel.app.gui.plot_title import PlotTitle, install_title
from gpuaccel.app.gui.strip import StripLayer
from gpuaccel.app.gui.telemetry_model import PLOT_HEADINGS, PLOT_SERIES, GpuState, TelemetryModel
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
# Repainting a plot costs about its area (fill, grid, the curves' image, the copy to the screen): a frame
# updates plots until this many pixels, at least one: a 4k "By metric" frame repaints one large plot.
FRAME_AREA_PX = 250_000
MIN_REDRAW_S = 0.25  # a plot is brought up to date at most 4 times a second
BY_METRIC, BY_GPU = "metric", "gpu"
MODES = {BY_METRIC: "By metric", BY_GPU: "By GPU"}
NA_MARGIN_PX = 10  # between the N/A reasons written on a plot and the top of its curves
PLOT_ASPECT = 2.4  # a plot should be about this much wider than tall
TITLES = dict(PLOT_HEADINGS)
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
        self.layers: dict[str, StripLayer] = {}  # plot key -> its curves, drawn as one scrolling image
        self.na_text: dict[str, pg.TextItem] = {}  # plot key -> the N/A reasons written on it
        self.grids: dict[str, QGraphicsPathItem] = {}  # plot key -> its grid lines, one item
        self._y: dict[str, tuple[float, float]] = {}  # plot key -> the data's y range
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
        self.layers.clear()
        self.na_text.clear()
        self.grids.clear()
        self._y.clear()
        self._na_for = None
        cols = self._shape[1]
        for n, key in enumerate(keys):
            row, col = divmod(n, cols)
            axes = {"bottom": AgoAxis(orientation="bottom"), "left": ValueAxis(orientation="left")}
            plot = self.ci.addPlot(row=row, col=col, axisItems=axes)
            plot.setMouseEnabled(x=False, y=False)
            plot.setMenuEnabled(False)
            plot.hideButtons()
            install_title(plot)
            # Qt may skip a plot's items when a repaint does not touch the plot (else it asks every axis and
            # view of every plot for its bounds, in Python, on each repaint)
            plot.setFlag(QGraphicsItem.GraphicsItemFlag.ItemContainsChildrenInShape)
            plot.disableAutoRange()
            grid = QGraphicsPathItem(plot.getViewBox())  # in the view's pixels, under the curves
            grid.setZValue(5)
            self.grids[key] = grid
            plot.getViewBox().sigResized.connect(lambda *_, k=key: self._draw_grid(k))
            plot.getViewBox().sigResized.connect(lambda *_, k=key: self._fit_reasons(k))
            plot.getViewBox().sigRangeChanged.connect(lambda *_, k=key: self._draw_grid(k))
            plot.getAxis("left").setWidth(44)
            for item in (plot.getAxis("left"), plot.getAxis("bottom"), plot.titleLabel):
                item.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)  # a blit per repaint
            plot.setXRange(-self.window_s, 0, padding=0)
            if n + cols < len(keys):  # a plot below shares this column's time axis
                plot.getAxis("bottom").setStyle(showValues=False)
                plot.getAxis("bottom").setHeight(4)
            layer = StripLayer(plot.getViewBox())
            for g in self.model.gpus if self.mode == BY_METRIC else self.model.gpus[n : n + 1]:
                layer.pens[g.index] = pg.mkPen(gpu_color(g.index), width=1)
            self.layers[key] = layer
            text = pg.TextItem(anchor=(0, 0))
            text.setParentItem(plot.getViewBox())
            text.setZValue(20)  # over the curves
            text.setPos(6, 4)
            text.setVisible(False)  # until there is a reason (once shown it redoes its transform per paint)
            self.na_text[key] = text
            self.plots[key] = plot
        self._fix_ranges()
        self.apply_theme(self.theme)

    def _show_title(self, key: str) -> None:
        """The plot's title: the metric and its unit, or the GPU's swatch, label and the unit."""
        title = self.plots[key].titleLabel
        assert isinstance(title, PlotTitle)
        if self.mode == BY_METRIC:
            title.show_title(TITLES[key], self.theme.strong)
            return
        index = int(key[3:])
        g = self.model.gpu(index)
        title.show_title(
            g.label if g is not None else f"GPU {index}",
            self.theme.strong,
            before=f'<span style="color:{gpu_color(index)}">&#9632;</span> ',
            after=f' <span style="color:{self.theme.muted}">{html.escape(UNITS[self.series])}</span>',
            bold=True,
        )

    def _draw_grid(self, key: str) -> None:
        plot, grid = self.plots.get(key), self.grids.get(key)
        if plot is not None and grid is not None:
            path = grid_path(plot)
            if path is not None:
                grid.setPath(path)

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
            self._show_title(key)
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
        """The plot's y range; with N/A reasons written on it, room above the data for them as tall as
        they are (a fixed share per line let two wrapped lines cover the peaks of a short plot)."""
        self._y[key] = (low, high)
        text, view = self.na_text.get(key), self.plots[key].getViewBox()
        room = 1.0
        if text is not None and text.toolTip() and view.height() > 0:
            share = (text.textItem.boundingRect().height() + 4 + NA_MARGIN_PX) / view.height()
            room = 1.0 / (1.0 - min(0.6, share))  # the reasons above the data, up to 60 % of the plot
        self.plots[key].setYRange(low, low + (high - low) * room, padding=0.02)

    # ---- per frame -------------------------------------------------------------------------------

    def refresh(self, force: bool = False) -> int:
        """One frame: bring the plots that are due up to date. Returns how many curves were updated.

        A plot is due when the window changed or its data moved by a pixel's worth of time since it was
        drawn (at most every MIN_REDRAW_S). Due plots are updated stalest first, each frame its share of
        the redraw period, until FRAME_BUDGET_S is spent or FRAME_AREA_PX of plots are dirty; the rest
        follow. Nothing is done while the plots are hidden; ``force`` redraws every plot whole, now.
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
        due: list[tuple[float, str, dict[int, float]]] = []
        for plot_key, layer in self.layers.items():
            latest = {g: t for g in layer.pens if (t := model.ring(g).last_t) is not None}
            if not latest:
                continue
            if force:
                layer.invalidate()
            drawn = layer.drawn_to
            stale = drawn is None or layer.window_s != self.window_s or not layer.fits()
            if force or stale or newest - drawn >= px_s:
                due.append((drawn or 0.0, plot_key, latest))
        # Paced: the plots share the frames of one redraw period (5 due together: one a frame).
        pace = math.ceil(len(self.layers) / max(1.0, px_s * FRAME_HZ))
        start = time.perf_counter()
        done, area = 0, 0.0
        for n, (_, plot_key, latest) in enumerate(sorted(due, key=lambda d: d[0])):
            over = n >= pace or time.perf_counter() - start > FRAME_BUDGET_S or area >= FRAME_AREA_PX
            if done and not force and over:
                break
            rect = self.plots[plot_key].sceneBoundingRect()
            area += rect.width() * rect.height()
            key = plot_key if self.mode == BY_METRIC else self.series
            series = lambda g, t_from, k=key: self._series(k, g, t_from)
            dpr = self.devicePixelRatioF()
            self.layers[plot_key].render(newest, self.window_s, latest, series, (key, model.revision), dpr)
            done += len(latest)
        return done

    def _series(self, key: str, index: int, t_from: float) -> tuple[np.ndarray, np.ndarray]:
        """GPU ``index``'s readings of ``key`` from ``t_from`` on (and the one before); in the 24 h window
        the daemon's minute history first, with a NaN at the seam (minute averages and live readings are
        not one line)."""
        t, v = self.model.ring(index).since(key, t_from, before=1)
        long = self.model.long.get(index) if self.window_s >= LONG_WINDOW_S else None
        if long is not None and long.t.size:
            old = (long.t < (t[0] if t.size else math.inf)) & (long.t >= t_from)
            if old.any():
                t = np.concatenate((long.t[old], long.t[old][-1:], t))
                v = np.concatenate((long.series[key][old], [np.nan], v))
        return t, v

    def curve_keys(self) -> list[tuple[str, int]]:
        """(series, gpu) of every curve drawn so far (for tests and the benchmark)."""
        key = (lambda k: k) if self.mode == BY_METRIC else (lambda _: self.series)
        return [
            (key(k), g) for k, layer in self.layers.items() if layer.drawn_to is not None for g in layer.pens
        ]

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
                self._fit_reasons(key)

    def _fit_reasons(self, key: str) -> None:
        """Wrap the reasons written on plot ``key`` to its width (a narrow plot cut them off), and keep
        room above the curves for as many lines as they take."""
        text, plot = self.na_text.get(key), self.plots.get(key)
        if text is None or plot is None:
            return
        room = max(60.0, plot.getViewBox().width() - 12)
        text.setTextWidth(-1)
        if text.textItem.document().idealWidth() > room:
            text.setTextWidth(room)
        if key in self._y:
            self._set_y(key, *self._y[key])

    def reasons(self, key: str) -> str:
        """The plain text written on plot ``key`` (for tests and accessibility)."""
        text = self.na_text.get(key)
        return text.textItem.toPlainText() if text is not None and text.isVisible() else ""
