"""The dashboard without a daemon: themes (plots included), N/A reasons written on the plots, gaps that
break the line, time axes in whole units, the plot grid, and 16 GPUs fitting a 1280x800 window."""

from __future__ import annotations

import os
import time

import numpy as np
import pytest
from PySide6.QtWidgets import QApplication

from gpuaccel.app.gui.axes import AgoAxis, ClockAxis, ago_text, clock_text, nice_spacing
from gpuaccel.app.gui.dashboard import Dashboard
from gpuaccel.app.gui.models import ONLINE, ConnectionModel
from gpuaccel.app.gui.plots import BY_GPU, BY_METRIC, LivePlots, grid_shape
from gpuaccel.app.gui.settings import AppSettings, SettingsDialog
from gpuaccel.app.gui.telemetry_model import GAP_S, TelemetryModel
from gpuaccel.app.gui.theme import DARK, GPU_COLORS, LIGHT, gpu_color, resolve, stylesheet, theme_manager

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
GPM_REASON = "GPM metrics need Hopper (sm_90) or newer"


def gpu_entry(index: int, t: float, util: float = 50.0, gpm: bool = True) -> dict:
    """One GPU of a /telemetry/now answer (test input)."""
    sample = {
        "index": index,
        "timestamp": t,
        "util_gpu": util,
        "util_mem": 10.0,
        "mem_used_mib": 2048.0,
        "mem_total_mib": 81559.0,
        "temperature_c": 40.0,
        "power_w": 200.0,
        "power_limit_w": 700.0,
        "processes": [],
    }
    tflops = {"value": 4 * util, "exact": False, "source": "estimate"} if gpm else {"na": GPM_REASON}
    info = {
        "index": index,
        "name": "NVIDIA H100 80GB HBM3",
        "memory_total_mib": 81559.0,
        "power_limit_w": 700.0,
    }
    return {"info": info, "sample": sample, "tflops": tflops}


def now_answer(t: float, n: int = 2, gpm: tuple[int, ...] = ()) -> dict:
    gpus = [gpu_entry(i, t, util=10.0 * i, gpm=i not in gpm) for i in range(n)]
    return {"backend": "fake:test", "error": None, "driver": "580", "gpus": gpus}


def online() -> ConnectionModel:
    connection = ConnectionModel()
    connection.set(ONLINE, "test")
    return connection


def test_palette_has_sixteen_distinct_colours_shared_by_card_and_curve(qtbot) -> None:
    assert len(set(GPU_COLORS)) == 16
    model = TelemetryModel()
    model.update(now_answer(1000.0, n=16))
    dashboard = Dashboard(model, online())
    qtbot.addWidget(dashboard)
    dashboard.refresh()
    dashboard.plots.refresh(force=True)
    for index in (0, 7, 15):
        assert gpu_color(index) in dashboard.cards[index].swatch.styleSheet()
        pen = next(layer.pens[index] for layer in dashboard.plots.layers.values() if index in layer.pens)
        assert pen.color().name() == gpu_color(index)


def test_light_and_dark_themes_restyle_the_plots(qtbot) -> None:
    model = TelemetryModel()
    model.update(now_answer(1000.0))
    plots = LivePlots(model, timer=False)
    qtbot.addWidget(plots)
    manager = theme_manager()
    try:
        manager.apply("light")
        assert plots.backgroundBrush().color().name() == LIGHT.bg
        assert plots.plots["util"].getViewBox().background.brush().color().name() == LIGHT.field
        assert LIGHT.bg in QApplication.instance().styleSheet()
        manager.apply("dark")
        assert plots.backgroundBrush().color().name() == DARK.bg
        assert plots.plots["util"].getAxis("left").textPen().color().name() == DARK.muted
    finally:
        manager.apply("system")
    assert resolve("system") in (DARK, LIGHT)
    with pytest.raises(ValueError, match="light"):
        resolve("sepia")


def test_every_style_sheet_token_is_a_theme_colour() -> None:
    for theme in (DARK, LIGHT):
        text = stylesheet(theme)
        assert "@" not in text and theme.strong in text


def test_theme_setting_is_chosen_saved_and_an_unknown_one_falls_back(qtbot, tmp_path) -> None:
    from PySide6.QtCore import QSettings

    dialog = SettingsDialog(AppSettings(theme="dark"))
    qtbot.addWidget(dialog)
    assert dialog.theme.currentData() == "dark"
    dialog.theme.setCurrentIndex(dialog.theme.findData("light"))
    assert dialog.result_settings().theme == "light"
    store = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    AppSettings(theme="light").save(store)
    assert AppSettings.load(store).theme == "light"
    store.setValue("theme", "sepia")
    assert AppSettings.load(store).theme == "system"


def test_na_reason_is_written_on_the_plot_and_goes_when_the_value_returns(qtbot) -> None:
    model = TelemetryModel()
    model.update(now_answer(1000.0, gpm=(1,)))
    plots = LivePlots(model, timer=False)
    qtbot.addWidget(plots)
    plots.resize(1200, 600)
    plots.refresh(force=True)
    assert plots.reasons("tflops") == f"■ GPU 1: N/A: {GPM_REASON}"
    assert plots.reasons("util") == ""
    plots.set_mode(BY_GPU, "tflops")
    assert plots.reasons("gpu1") == f"■ N/A: {GPM_REASON}"
    assert plots.reasons("gpu0") == ""
    model.update(now_answer(1000.1))
    plots.refresh()
    assert plots.reasons("gpu1") == ""


def test_a_reason_wider_than_its_plot_wraps_inside_it(qtbot) -> None:
    """At 1024 px a MIG GPU's "GPU 0: N/A: reported per MIG instance" ran past its plot's right edge and
    was cut off; it now wraps within the plot, and the y range keeps room above the curves for both lines."""
    model = TelemetryModel()
    model.update(now_answer(1000.0, gpm=(1,)))
    plots = LivePlots(model, timer=False)
    qtbot.addWidget(plots)
    plots.show()
    plots.resize(1200, 600)
    plots.refresh(force=True)
    text = lambda: plots.na_text["tflops"].textItem  # the plots are rebuilt on a resize
    view = lambda: plots.plots["tflops"].getViewBox()
    span = lambda: view().viewRange()[1][1] - view().viewRange()[1][0]
    one_line, wide = span(), text().document().idealWidth()
    plots.resize(520, 400)  # plots narrower than the reason's one line (and its margin)
    qtbot.waitUntil(lambda: 0 < view().width() - 12 < wide)
    plots.refresh(force=True)
    QApplication.processEvents()
    assert text().boundingRect().width() + 12 <= view().width()  # 6 px in from either edge
    assert plots.reasons("tflops") == f"■ GPU 1: N/A: {GPM_REASON}"  # the whole reason, wrapped
    assert span() > one_line  # more headroom for the wrapped lines
    plots.resize(1200, 600)
    qtbot.waitUntil(lambda: view().width() - 12 > wide)
    plots.refresh(force=True)
    QApplication.processEvents()
    assert text().document().textWidth() < 0  # wide enough again: one line, no wide box


def test_a_gap_in_the_readings_breaks_the_line() -> None:
    model = TelemetryModel(capacity=100)
    model.update(now_answer(1000.0, n=1))
    model.update(now_answer(1000.1, n=1))
    model.update(now_answer(1000.1 + GAP_S + 5, n=1))  # the daemon was away
    t, util = model.ring(0).tail("util")
    assert t.size == 4 and np.isnan(util[2]) and 1000.1 < t[2] < t[3]
    history = {"t": [0.0, 1.0, 2.0, 3.0, 60.0, 61.0], "util_gpu": [1, 2, 3, 4, 5, 6]}
    model.backfill(5, history)
    t, util = model.ring(5).tail("util")
    assert t.size == 7 and np.isnan(util[4]) and 3.0 < t[4] < 60.0


def test_plot_grid_uses_the_space() -> None:
    assert grid_shape(5, 1260, 420) == (2, 3)  # 1280x800 with two GPU cards above
    assert grid_shape(5, 2540, 1000) == (2, 3)  # a 2560x1440 screen: plots of about 840 x 480
    assert grid_shape(5, 800, 900) == (5, 1)  # tall and narrow: stacked
    assert grid_shape(16, 1260, 420)[0] * grid_shape(16, 1260, 420)[1] >= 16
    assert grid_shape(0, 100, 100) == (0, 0)


def test_time_axes_read_in_whole_units() -> None:
    assert nice_spacing(600, 6) == 120 and nice_spacing(60, 6) == 10 and nice_spacing(86400, 8) == 3 * 3600
    assert [ago_text(v, 120) for v in (-600, -480, 0)] == ["-10 min", "-8 min", "now"]
    assert ago_text(-30, 10) == "-30 s" and ago_text(-7200, 3600) == "-2 h"
    axis = AgoAxis(orientation="bottom")
    axis.resize(600, 30)
    for lo in (-60.0, -600.0, -3600.0, -86400.0):
        for spacing, ticks in axis.tickValues(lo, 0.0, 600):
            labels = axis.tickStrings(ticks, 1.0, spacing)
            assert all("." not in label for label in labels), labels
    start = time.mktime((2026, 11, 23, 14, 0, 12, 0, 0, -1))
    clock = ClockAxis(orientation="bottom")
    clock.resize(600, 30)
    (major, ticks), _ = clock.tickValues(start, start + 20, 600)
    assert major in (2, 5) and clock_text(ticks[0], major).startswith("14:00:")
    (major, ticks), _ = clock.tickValues(start, start + 3 * 3600, 600)
    assert clock_text(ticks[0], major) in ("14:30", "15:00") and all(t % 60 == 0 for t in ticks)


def test_sixteen_gpus_fit_a_1280x800_window(qtbot) -> None:
    model = TelemetryModel()
    model.update(now_answer(1000.0, n=16))
    dashboard = Dashboard(model, online())
    qtbot.addWidget(dashboard)
    dashboard.resize(1280, 740)
    dashboard.show()
    dashboard.refresh()
    qtbot.waitUntil(lambda: dashboard.cards_scroll.height() > 100)
    QApplication.processEvents()
    assert dashboard.mode() == BY_GPU and len(dashboard.plots.plots) == 16
    viewport = dashboard.cards_scroll.viewport().rect()
    for card in dashboard.cards.values():
        assert card.compact and card.isVisible()
        top_left = card.mapTo(dashboard.cards_scroll.viewport(), card.rect().topLeft())
        bottom_right = card.mapTo(dashboard.cards_scroll.viewport(), card.rect().bottomRight())
        assert viewport.contains(top_left) and viewport.contains(bottom_right), card.index
    assert dashboard.plots.height() >= 220
    dashboard.set_mode(BY_METRIC)
    assert sorted(dashboard.plots.plots) == sorted(["util", "mem_gib", "tflops", "temp", "power"])
    assert not dashboard.legend.isHidden() and "GPU&nbsp;15" in dashboard.legend.text()
    dashboard.stop()


def test_hidden_plots_draw_nothing_and_a_frame_repaints_a_bounded_area(qtbot) -> None:
    from gpuaccel.app.gui.plots import FRAME_AREA_PX

    model = TelemetryModel()
    for k in range(50):
        model.update(now_answer(1000.0 + k / 10, n=16))
    plots = LivePlots(model, timer=False)
    qtbot.addWidget(plots)
    plots.resize(2544, 1060)
    assert plots.refresh() == 0 and not plots.curve_keys(), "another tab is showing: no curve is drawn"
    plots.show()
    qtbot.waitExposed(plots)
    plots.set_mode(BY_METRIC)
    for layer in plots.layers.values():
        layer.drawn_to = None  # every plot due again, as after a window change
    done = plots.refresh()
    areas = [p.sceneBoundingRect().width() * p.sceneBoundingRect().height() for p in plots.plots.values()]
    assert 2 * min(areas) > FRAME_AREA_PX  # at 4k one "By metric" plot is most of a frame's budget
    assert done in (16, 32), "whole plots, one or two a frame (time or area budget); the rest later"
    while plots.refresh():
        pass
    assert len(plots.curve_keys()) == 80
    assert plots.refresh() == 0  # no new reading: nothing to draw
    plots.resize(2400, 1000)  # the same grid, smaller plots: redrawn without waiting for a reading
    QApplication.processEvents()
    assert plots.refresh() > 0
    plots.set_mode(BY_GPU, "util")
    for layer in plots.layers.values():
        layer.drawn_to = None
    # 16 plots due at once share the 5 frames of a redraw period (0.25 s at 20 Hz): at most 4 a frame
    assert 1 <= plots.refresh() <= 4


def test_compact_cards_show_their_lines_whole(qtbot) -> None:
    """Eight GPUs at 1280 px: each compact card's three lines fit it (the TFLOP/s line and its kind
    included), nothing is cut off at the card's edge."""
    model = TelemetryModel()
    answer = now_answer(1000.0, n=8)
    for g in answer["gpus"]:
        g["tflops"]["value"] = 873.6
    model.update(answer)
    dashboard = Dashboard(model, online())
    qtbot.addWidget(dashboard)
    dashboard.resize(1280, 740)
    dashboard.show()
    dashboard.refresh()
    qtbot.waitUntil(lambda: all(c.summary.width() > 100 for c in dashboard.cards.values()))
    for card in dashboard.cards.values():
        assert card.compact and "873.6 TFLOP/s" in card.summary.text()
        assert card.summary.sizeHint().width() <= card.summary.width(), card.summary.text()
    dashboard.stop()


def test_the_by_gpu_metric_choices_name_each_unit_once(qtbot) -> None:
    """The TFLOP/s choice read "TFLOP/s (TFLOP/s)"."""
    dashboard = Dashboard(TelemetryModel(), online())
    qtbot.addWidget(dashboard)
    box = dashboard.metric_box
    assert [box.itemText(i) for i in range(box.count())] == [
        "GPU utilization (%)", "Memory used (GiB)", "TFLOP/s", "Temperature (°C)", "Power (W)"
    ]  # fmt: skip
    dashboard.stop()
