"""The plots' scrolling curve image: a reading drawn incrementally looks as a full redraw would, gaps break
the line, a spike survives the reduction to two points per pixel column."""

from __future__ import annotations

import os

import numpy as np
import pyqtgraph as pg
import pytest

from gpuaccel.app.gui.strip import StripLayer, finite_runs, shared_columns, to_columns

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
WIDTH, HEIGHT = 400, 100


def make_layer(qtbot, gpus: int = 2) -> tuple[pg.GraphicsLayoutWidget, StripLayer]:
    """A layer in a 400 x 100 px view of 60 s x 0..100 (the widget returned keeps it alive)."""
    widget = pg.GraphicsLayoutWidget()
    qtbot.addWidget(widget)
    view = widget.addViewBox()
    view.setRange(xRange=(-60, 0), yRange=(0, 100), padding=0)
    view.resize(WIDTH, HEIGHT)
    view.setGeometry(0, 0, WIDTH, HEIGHT)
    layer = StripLayer(view)
    for g in range(gpus):
        layer.pens[g] = pg.mkPen(("#ff0000", "#00ff00")[g], width=1)
    return widget, layer


def readings(
    n: int, gap: tuple[int, int] | None = None, period: float = 300.0
) -> tuple[np.ndarray, dict[int, np.ndarray]]:
    """10 Hz readings of two GPUs (test input): GPU 0 a wave of ``period`` readings, GPU 1 a ramp; NaN
    rows in ``gap``."""
    t = 1000.0 + np.arange(n) / 10
    values = {0: 50 + 45 * np.sin(np.arange(n) * 2 * np.pi / period), 1: np.linspace(5, 95, n)}
    if gap is not None:
        for v in values.values():
            v[gap[0] : gap[1]] = np.nan
    return t, values


def series_upto(t: np.ndarray, values: dict[int, np.ndarray], k: int):
    """The layer's data source as the plots give it: rows from t_from on plus the one before, up to row k."""

    def series(g: int, t_from: float) -> tuple[np.ndarray, np.ndarray]:
        start = max(0, int(np.searchsorted(t[:k], t_from)) - 1)
        return t[start:k], values[g][start:k]

    return series


@pytest.mark.parametrize(
    ("window", "period", "step"),
    [(60.0, 300.0, 3), (60.0, 19.0, 2), (300.0, 19.0, 5)],  # slow and steep; raw and min/max per column
)
def test_incremental_drawing_matches_a_full_redraw(qtbot, window, period, step) -> None:
    n = int(window * 10) * 2
    gap = (n * 3 // 4, n * 3 // 4 + n // 20)
    t, values = readings(n, gap, period)
    _widget, layer = make_layer(qtbot)
    for k in range(n // 2, n + 1, step):  # a few readings at a time, as the frames go
        last = float(t[k - 1])
        layer.render(last, window, {0: last, 1: last}, series_upto(t, values, k), 0)
    incremental = layer.pixels()
    layer.invalidate()
    layer.render(float(t[-1]), window, {0: float(t[-1]), 1: float(t[-1])}, series_upto(t, values, n), 0)
    full = layer.pixels()
    assert full.shape == (HEIGHT, WIDTH) and (full != 0).sum() > 500
    assert (incremental != full).sum() <= 0.01 * (full != 0).sum()  # a few pixels where clips met
    drawn = (full != 0).any(axis=0)
    x0, x1 = ((float(t[i]) - float(t[-1])) / window * WIDTH + WIDTH for i in gap)
    assert not drawn[int(x0) + 2 : int(x1) - 1].any(), "a gap in the readings breaks the line"


def test_scrolling_moves_the_picture_by_the_columns_that_passed(qtbot) -> None:
    t, values = readings(900)
    _widget, layer = make_layer(qtbot, gpus=1)
    layer.render(float(t[599]), 60.0, {0: float(t[599])}, series_upto(t, values, 600), 0)
    before = layer.pixels()
    layer.render(float(t[629]), 60.0, {0: float(t[629])}, series_upto(t, values, 630), 0)  # 3 s later
    after = layer.pixels()
    shift = round(3.0 / 60 * WIDTH)
    assert abs(np.count_nonzero(after[:, : WIDTH - shift - 2] != before[:, shift : WIDTH - 2])) <= 4


def test_a_spike_and_a_one_row_gap_survive_the_reduction_to_pixel_columns() -> None:
    t = np.arange(36_000, dtype=float)
    v = np.zeros(36_000)
    v[12_345] = 99.0  # one reading's spike in an hour
    v[20_000] = np.nan  # the row the model inserts for an outage
    x, y = to_columns(t, v, 0.0, 36_000 / 600, reduce=True)
    assert x.size <= 4 * 600 and np.nanmax(y) == 99.0
    runs = finite_runs(y)
    # the line breaks on both sides of the column holding the gap row (its readings stand alone)
    assert len(runs) == 3 and set(x[runs[1][0] : runs[1][1]]) == {int(20_000 / 60) + 0.5}
    short_x, short_y = to_columns(t[:600], v[:600], 0.0, 1.0, reduce=False)
    assert short_x.size == 600 and (short_y == v[:600]).all()  # few readings: drawn as they are
    assert finite_runs(np.array([1.0, np.nan, 2.0, 3.0])) == [(0, 1), (2, 4)]
    # several curves on the same timestamps at once, as each alone; a gap sends them back one by one
    w = np.vstack([np.sin(t / 500), np.cos(t / 700)])
    sx, sy = shared_columns(t, w, 0.0, 60.0)
    for row in range(2):
        x1, y1 = to_columns(t, w[row], 0.0, 60.0, reduce=True)
        assert (sx == x1).all() and (sy[row] == y1).all()
    assert shared_columns(t, np.vstack([w[0], v]), 0.0, 60.0) is None
