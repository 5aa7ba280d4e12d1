"""What the dashboard looks like at the sizes people use: plots of one grid get one width whatever their
titles, long titles and GPU names are cut short with an ellipsis (whole on hover), cards fill their rows
evenly, and with no GPU there are no empty plots with made-up axes."""

from __future__ import annotations

import os

from PySide6.QtWidgets import QApplication
from test_gui_dashboard import now_answer, online

from gpuaccel.app.gui.dashboard import Dashboard
from gpuaccel.app.gui.models import UNREACHABLE, ConnectionModel
from gpuaccel.app.gui.plots import BY_GPU, LivePlots
from gpuaccel.app.gui.telemetry_model import TelemetryModel

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
TFLOPS_TITLE = "TFLOP/s (exact for our jobs, else 16-bit dense estimate)"


def _widths(plots: LivePlots) -> dict[str, float]:
    return {key: plot.sceneBoundingRect().width() for key, plot in plots.plots.items()}


def test_plots_of_one_grid_share_its_width_whatever_their_titles(qtbot) -> None:
    """At 1280x800 the TFLOP/s plot, whose title is the longest, was 515 px wide beside 363 px ones:
    its title's width was its column's minimum."""
    model = TelemetryModel()
    model.update(now_answer(1000.0, gpm=(1,)))
    plots = LivePlots(model, timer=False)
    qtbot.addWidget(plots)
    plots.resize(1260, 440)
    plots.show()
    qtbot.waitExposed(plots)
    QApplication.processEvents()
    assert plots._shape == (2, 3)
    widths = _widths(plots)
    assert max(widths.values()) - min(widths.values()) <= 2, widths
    title = plots.plots["tflops"].titleLabel
    assert title.toolTip() == TFLOPS_TITLE
    plots.resize(700, 440)  # too narrow for the title: cut short with an ellipsis, whole on hover
    QApplication.processEvents()
    widths = _widths(plots)
    assert max(widths.values()) - min(widths.values()) <= 2, widths
    title = plots.plots["tflops"].titleLabel
    shown = title.item.toPlainText()
    assert shown.endswith("…") and TFLOPS_TITLE.startswith(shown[:-1]) and title.toolTip() == TFLOPS_TITLE
    assert title.item.boundingRect().width() <= title.width() + 1
    plots.resize(1260, 440)
    QApplication.processEvents()
    assert plots.plots["tflops"].titleLabel.item.toPlainText() == TFLOPS_TITLE  # room again: whole
    plots.set_mode(BY_GPU, "util")
    QApplication.processEvents()
    assert "GPU 1" in plots.plots["gpu1"].titleLabel.item.toPlainText()
    plots.stop()


def test_no_gpu_shows_no_empty_plots(qtbot) -> None:
    """With no GPU (none on the host, or no daemon yet) the dashboard drew five empty grids with 0-1
    axes under "GPU utilization (%)" and "Power (W)"; it now says why and when plots will come."""
    model = TelemetryModel()
    away = ConnectionModel()
    away.set(UNREACHABLE, "no daemon")
    dashboard = Dashboard(model, away)
    qtbot.addWidget(dashboard)
    dashboard.resize(1280, 740)
    dashboard.show()
    qtbot.waitExposed(dashboard)
    assert not dashboard.plots.isVisible() and dashboard.no_plots.isVisible()
    dashboard.refresh()  # as the connection model's change calls it
    assert "not connected" in dashboard.notice.text()
    dashboard.connection = online()
    model.update(now_answer(1000.0, n=0))
    assert not dashboard.plots.isVisible() and "reports no GPUs" in dashboard.notice.text()
    model.update(now_answer(1001.0, n=2))
    assert dashboard.plots.isVisible() and not dashboard.no_plots.isVisible()
    assert not dashboard.notice.isVisible()
    dashboard.stop()
