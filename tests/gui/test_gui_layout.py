"""What the dashboard looks like at the sizes people use: plots of one grid get one width whatever their
titles, long titles and GPU names are cut short with an ellipsis (whole on hover), cards fill their rows
evenly, and with no GPU there are no empty plots with made-up axes."""

from __future__ import annotations

import os

from PySide6.QtCore import QEvent, QObject
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
    axes under "GPU utilization (%)" and "Power (W)"; it now says why and when plots will come, waits
    for the first snapshot before saying there is no GPU, and names the demo."""
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
    dashboard.refresh()  # connected, no snapshot yet: it said "the daemon reports no GPUs" for a second
    assert "waiting for the daemon's first GPU reading" in dashboard.notice.text()
    assert "no GPUs" not in dashboard.notice.text()
    model.update(now_answer(1000.0, n=0))
    assert not dashboard.plots.isVisible() and "reports no GPUs" in dashboard.notice.text()
    assert "gpuaccel --demo" in dashboard.notice.text()  # the way to see the app without a GPU
    model.update({"backend": "nvml", "error": "NVML unavailable: no NVIDIA driver", "gpus": []})
    assert "no NVIDIA driver" in dashboard.notice.text() and "gpuaccel --demo" in dashboard.notice.text()
    model.update(now_answer(1001.0, n=2))
    assert dashboard.plots.isVisible() and not dashboard.no_plots.isVisible()
    assert not dashboard.notice.isVisible()
    dashboard.stop()


def _dashboard(qtbot, n: int, size: tuple[int, int], name: str | None = None) -> Dashboard:
    model = TelemetryModel()
    answer = now_answer(1000.0, n=n)
    for g in answer["gpus"]:
        g["info"]["name"] = name or g["info"]["name"]
    model.update(answer)
    dashboard = Dashboard(model, online())
    qtbot.addWidget(dashboard)
    dashboard.resize(*size)
    dashboard.show()
    dashboard.refresh()
    qtbot.waitExposed(dashboard)
    QApplication.processEvents()
    return dashboard


def _rows(dashboard: Dashboard) -> list[int]:
    """How many cards each row of the card grid holds."""
    grid, rows = dashboard.cards_grid, {}
    for card in dashboard.cards.values():
        row = grid.getItemPosition(grid.indexOf(card))[0]
        rows[row] = rows.get(row, 0) + 1
    return [rows[r] for r in sorted(rows)]


def test_cards_fill_their_rows_evenly(qtbot) -> None:
    """Eight GPUs at 1280 px were a row of six and a row of two beside an empty strip."""
    for n, size, rows in (
        (8, (1280, 740), [4, 4]),
        (16, (1280, 740), [6, 6, 4]),
        (5, (1280, 740), [5]),
        (8, (2560, 1380), [8]),
        (2, (1280, 740), [2]),
    ):
        dashboard = _dashboard(qtbot, n, size)
        assert _rows(dashboard) == rows, (n, size)
        dashboard.stop()


def test_a_gpu_name_too_long_for_its_card_ends_with_an_ellipsis(qtbot) -> None:
    """Eight compact cards at 1920 px read "GPU 0 · H100 80GB HB", cut through a letter."""
    long_name = "NVIDIA RTX PRO 6000 Blackwell Max-Q Workstation Edition"
    dashboard = _dashboard(qtbot, 16, (1280, 740), long_name)
    for card in dashboard.cards.values():
        title = card.title
        shown = title.shown_text()
        assert title.fontMetrics().horizontalAdvance(shown) <= title.contentsRect().width()
        assert shown == title.text() or (shown.endswith("…") and title.text().startswith(shown[:-1]))
        assert f"GPU {card.index} · {long_name}" in title.toolTip()  # the whole name on hover
    assert all(c.title.shown_text().endswith("…") for c in dashboard.cards.values())
    dashboard.stop()


def test_plot_titles_take_the_new_theme_colour(qtbot) -> None:
    """Switching to the light theme left the titles white on the light background."""
    from gpuaccel.app.gui.theme import DARK, LIGHT, theme_manager

    model = TelemetryModel()
    model.update(now_answer(1000.0))
    plots = LivePlots(model, timer=False)
    qtbot.addWidget(plots)
    manager = theme_manager()
    try:
        manager.apply("dark")
        assert DARK.strong.lower() in plots.plots["util"].titleLabel.item.toHtml().lower()
        manager.apply("light")
        html = plots.plots["util"].titleLabel.item.toHtml().lower()
        assert LIGHT.strong.lower() in html and DARK.strong.lower() not in html
    finally:
        manager.apply("system")
    plots.stop()


def test_n_a_reasons_never_cover_the_curves(qtbot) -> None:
    """With the daemon away the plots are short, and "GPU 1: N/A: GPM metrics need Hopper (sm_90) or
    newer" wrapped to two lines covered the peaks of GPU 0's TFLOP/s curve: the room kept above the
    data was a fixed share of the y range per line, whatever the plot's height."""
    from PySide6.QtCore import QPointF

    model = TelemetryModel()
    model.update(now_answer(1000.0, gpm=(1,)))
    plots = LivePlots(model, timer=False)
    qtbot.addWidget(plots)
    plots.show()
    for size in ((1260, 300), (1100, 260), (1260, 700)):
        plots.resize(*size)
        qtbot.waitExposed(plots)
        QApplication.processEvents()
        plots.refresh(force=True)
        QApplication.processEvents()
        text, view = plots.na_text["tflops"], plots.plots["tflops"].getViewBox()
        assert text.isVisible() and "GPU 1: N/A" in plots.reasons("tflops")
        low, high = plots._y["tflops"]
        data_top = view.mapViewToScene(QPointF(-1.0, high)).y()
        assert data_top >= text.sceneBoundingRect().bottom(), size
    plots.stop()


def test_a_gpu_without_mig_never_shows_the_mig_row(qtbot) -> None:
    """Under X the screen showed "MIG instances …" on an RTX 4090's card: the row was shown at creation
    with its placeholder and flipped visible and hidden again on every reading."""

    class Shows(QObject):
        count = 0

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Show:
                Shows.count += 1
            return False

    model = TelemetryModel()
    dashboard = Dashboard(model, online())
    qtbot.addWidget(dashboard)
    dashboard.resize(1280, 800)
    dashboard.show()
    watcher = Shows()
    model.update(now_answer(1000.0))
    card = dashboard.cards[1]
    for w in card._row_widgets["mig"]:
        w.installEventFilter(watcher)
    for t in (1001.0, 1002.0, 1003.0):
        model.update(now_answer(t))
    assert Shows.count == 0 and not any(w.isVisible() for w in card._row_widgets["mig"])
    dashboard.stop()
