"""A plot's curves drawn into an image that scrolls with time, so a new reading costs a few pixel columns.

The live plots' x axis is "seconds before the newest reading", so every reading moves every curve left.
Redrawing the 16 curves of a large plot costs 10-20 ms of software rasterising (it is the pixels the
lines cover that cost, not the points), more than a frame may take. Here the curves of one plot live in
a transparent image whose pixel columns are fixed bins of time (``window / width`` seconds each): a new
reading shifts the image left by the whole columns that passed and draws, clipped, only the columns from
the oldest "last drawn reading" among the curves that got new readings. Background, grid, axes and N/A
reasons are pyqtgraph's, under and over the image.

A column with more readings than it can show gets their minimum and maximum (no spike is lost); a NaN
row (a gap: daemon away, GPU not answering) breaks the line; a reading between two gaps is a dot.
A change of window, size, y range, the GPUs shown, device pixel ratio or past readings redraws it whole.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRect, QRectF
from PySide6.QtGui import QImage, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem, QWidget

# (gpu, t_from) -> (t, values) of its readings from t_from on, with the one reading before t_from
Series = Callable[[int, float], tuple[np.ndarray, np.ndarray]]


def to_columns(
    t: np.ndarray, v: np.ndarray, t0: float, dt: float, reduce: bool
) -> tuple[np.ndarray, np.ndarray]:
    """Readings to (x in columns from ``t0``, value); with ``reduce``, each column's minimum and maximum
    at its centre (a column holding a NaN row is set apart by NaN on both sides: the gap still breaks the
    line)."""
    x = (t - t0) / dt
    if not reduce:
        return x, v
    b, starts = _column_starts(x)
    low, high = np.fmin.reduceat(v, starts), np.fmax.reduceat(v, starts)
    gap = np.isnan(np.add.reduceat(v, starts))  # a NaN row in the column
    if not gap.any():  # the usual case: (min, max) per column
        return np.repeat(b[starts] + 0.5, 2), np.column_stack((low, high)).ravel()
    out_y = np.full(4 * starts.size, np.nan)
    out_y[1::4], out_y[2::4] = low, high
    keep = np.ones(out_y.size, dtype=bool)
    keep[0::4] = keep[3::4] = gap
    return np.repeat(b[starts] + 0.5, 4)[keep], out_y[keep]


def shared_columns(
    t: np.ndarray, vs: np.ndarray, t0: float, dt: float
) -> tuple[np.ndarray, np.ndarray] | None:
    """:func:`to_columns` with ``reduce`` for several curves on the same timestamps (the GPUs of one
    snapshot) in one pass: ``(x, ys)``, or None when a column holds a NaN row (each curve then alone)."""
    b, starts = _column_starts((t - t0) / dt)
    if np.isnan(np.add.reduceat(vs, starts, axis=1)).any():
        return None
    low, high = np.fmin.reduceat(vs, starts, axis=1), np.fmax.reduceat(vs, starts, axis=1)
    return np.repeat(b[starts] + 0.5, 2), np.stack((low, high), axis=2).reshape(vs.shape[0], -1)


def _column_starts(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each reading's column (floor of x) and where each column's readings start."""
    b = np.floor(x)
    starts = np.flatnonzero(b[1:] != b[:-1]) + 1
    return b, (np.concatenate(([0], starts)) if starts.size else np.zeros(1, dtype=np.intp))


def finite_runs(y: np.ndarray) -> list[tuple[int, int]]:
    """``[start, end)`` of each run of finite values (the pieces of a line a NaN breaks)."""
    finite = np.isfinite(y)
    if finite.all():
        return [(0, int(y.size))] if y.size else []
    bounds = np.concatenate(([0], np.flatnonzero(np.diff(finite.astype(np.int8))) + 1, [y.size]))
    return [(int(a), int(b)) for a, b in zip(bounds[:-1], bounds[1:], strict=True) if finite[a]]


class StripLayer(QGraphicsObject):
    """The curves of one plot, as an image in its ViewBox's pixel coordinates (its child, above the grid)."""

    def __init__(self, view: pg.ViewBox) -> None:
        super().__init__(view)
        self.view = view
        self.setZValue(10)  # above the view's data (the grid), below the N/A reasons
        self.pens: dict[int, QPen] = {}  # gpu -> its pen (cosmetic, width 1)
        self.drawn_to: float | None = None  # newest reading time drawn (None: nothing yet)
        self.window_s: float | None = None
        self._image: QImage | None = None
        self._rect = QRectF()
        self._config: Hashable = None
        self._dt = 1.0
        self._end_bin = 0  # the image's right edge is at end_bin x dt seconds
        self._last: dict[int, float] = {}  # gpu -> the newest of its readings drawn
        self._reduce = False  # min/max per column (more readings than columns)

    def boundingRect(self) -> QRectF:
        return QRectF(self._rect)

    def paint(self, p: QPainter, opt: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        if self._image is not None:
            p.drawImage(self._rect, self._image)

    def fits(self) -> bool:
        """Whether the image was drawn for the view's present size (a resized plot is redrawn at once)."""
        return self._rect == self.view.rect()

    def invalidate(self) -> None:
        """Redraw everything at the next :meth:`render` (its window or data changed)."""
        self._config = None

    def render(self, newest: float, window_s: float, latest: dict[int, float], series: Series,
               extra: Hashable, dpr: float = 1.0) -> None:  # fmt: skip
        """Bring the image up to reading time ``newest``: scroll, then draw the columns that changed.
        ``latest``: each curve's (GPU's) newest reading time; ``extra``: anything else the picture
        depends on (a change redraws it whole)."""
        gpus = list(latest)
        rect = self.view.rect()
        width, height = max(1, round(rect.width() * dpr)), max(1, round(rect.height() * dpr))
        (_, _), (y0, y1) = self.view.viewRange()
        dt = window_s / width
        end_bin = math.floor(newest / dt) + 1
        config = (width, height, window_s, y0, y1, tuple(gpus), extra)  # pens are set when the layer is made
        shift = end_bin - self._end_bin
        if config != self._config or not 0 <= shift < width or self._image is None:
            self._reset(rect, width, height, config, dt)
            # more than two readings per column: min/max per column, decided here for the whole picture
            t0 = (end_bin - width) * dt
            self._reduce = max((series(g, t0)[0].size for g in gpus), default=0) > 2 * width
            start = 0
        else:
            if shift:
                px = self._rows()[:, :width]
                px[:, : width - shift] = px[:, shift:]
            t0 = (end_bin - width) * dt
            # from the column of the oldest last-drawn reading among the curves with newer ones
            moved = [
                self._last.get(g, -math.inf) for g, t in latest.items() if t > self._last.get(g, -math.inf)
            ]
            oldest = math.floor((min(moved) - t0) / dt) if moved else width
            # and the column before it: the line into the oldest column was drawn toward a reading that
            # was then the newest, and a column's min/max may have changed with its last readings
            start = max(0, min(width - shift, oldest - 1))
        self._end_bin = end_bin
        if start < width:
            self._draw(start, width, height, end_bin, gpus, series, y0, y1)
        self.drawn_to, self.window_s = newest, window_s
        self.update()

    def _reset(self, rect: QRectF, width: int, height: int, config: Hashable, dt: float) -> None:
        if self._image is None or (self._image.width(), self._image.height()) != (width, height):
            self._image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        if rect != self._rect:
            self.prepareGeometryChange()
            self._rect = QRectF(rect)
        self._config, self._dt, self._last = config, dt, {}

    def _draw(self, start: int, width: int, height: int, end_bin: int, gpus: Sequence[int], series: Series,
              y0: float, y1: float) -> None:  # fmt: skip
        assert self._image is not None
        self._rows()[:, start:width] = 0
        dt = self._dt
        t0 = (end_bin - width) * dt
        scale = height / (y1 - y0) if y1 > y0 else 1.0
        painter = QPainter(self._image)
        try:
            painter.setClipRect(QRect(start, 0, width - start, height))
            # from a whole column earlier: the line enters the clip as it was drawn before
            fetched = [(g, *series(g, t0 + (start - 1) * dt)) for g in gpus]
            fetched = [(g, t, v) for g, t, v in fetched if t.size]
            for g, t, _ in fetched:
                self._last[g] = float(t[-1])
            for g, x, y in self._columns(fetched, t0, dt):
                y = np.clip((y1 - y) * scale, -height, 2 * height)  # NaN stays NaN
                painter.setPen(self.pens[g])
                for a, b in finite_runs(y):
                    if b - a == 1:
                        painter.drawPoint(QPointF(float(x[a]), float(y[a])))
                        continue
                    poly = pg.functions.create_qpolygonf(b - a)
                    pts = pg.functions.ndarray_from_qpolygonf(poly)
                    pts[:, 0], pts[:, 1] = x[a:b], y[a:b]
                    painter.drawPolyline(poly)
        finally:
            painter.end()

    def _columns(
        self, fetched: list[tuple[int, np.ndarray, np.ndarray]], t0: float, dt: float
    ) -> list[tuple[int, np.ndarray, np.ndarray]]:
        """Each curve's points in image columns; curves on the same timestamps reduced together."""
        if self._reduce and len(fetched) > 1:
            t = fetched[0][1]
            if all(f[1].size == t.size and np.array_equal(f[1], t) for f in fetched[1:]):
                shared = shared_columns(t, np.vstack([f[2] for f in fetched]), t0, dt)
                if shared is not None:
                    return [(f[0], shared[0], y) for f, y in zip(fetched, shared[1], strict=True)]
        return [(g, *to_columns(t, v, t0, dt, self._reduce)) for g, t, v in fetched]

    def _rows(self) -> np.ndarray:
        """The image's pixels as uint32 rows (a view, taken afresh: the image owns the memory)."""
        assert self._image is not None
        image = self._image
        return np.frombuffer(image.bits(), dtype=np.uint32).reshape(image.height(), image.bytesPerLine() // 4)

    def pixels(self) -> np.ndarray:
        """A copy of the image's ARGB pixels (rows x columns), for tests."""
        if self._image is None:
            return np.zeros((0, 0), dtype=np.uint32)
        return self._rows()[:, : self._image.width()].copy()
