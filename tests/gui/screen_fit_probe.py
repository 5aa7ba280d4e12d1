"""Run as a script under a faked offscreen screen: open the window as ``gpuaccel`` does and print, as
JSON, where it lies on the screen and whether what people must reach lies inside it on every tab.

``test_gui_screen_fit.py`` runs it once per screen (``QT_QPA_PLATFORM=offscreen:configfile=...`` fakes
the screen's size; ``QT_SCALE_FACTOR`` its scaling): a screen is set when the application starts, so
each size needs its own process.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPoint, QRect, QSettings
from PySide6.QtWidgets import QApplication, QScrollArea, QWidget

sys.path.insert(0, str(Path(__file__).parent))
from test_gui_dashboard import now_answer

from gpuaccel.app.gui import models
from gpuaccel.app.gui.settings import AppSettings
from gpuaccel.app.gui.window import MainWindow, initial_geometry

TASK_BAR = 48  # logical pixels a desktop's panel takes from the work area (GNOME, Windows at 150 %)


def _inside(window: MainWindow, widget: QWidget) -> bool:
    """``widget`` is shown, not empty, and whole inside the window and its tab's visible part."""
    if not widget.isVisible() or widget.width() < 8 or widget.height() < 8:
        return False
    rect = QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())
    if not window.rect().contains(rect):
        return False
    area = window.tabs.currentWidget()
    if isinstance(area, QScrollArea) and area.isAncestorOf(widget):
        view = area.viewport()
        return QRect(view.mapTo(window, QPoint(0, 0)), view.size()).contains(rect)
    return True


def _check(window: MainWindow, app: QApplication) -> dict[str, Any]:
    out: dict[str, Any] = {}
    pages = {
        "dashboard": (
            window.dashboard,
            {"plots": window.dashboard.plots, "cards": window.dashboard.cards_scroll},
        ),
        "jobs": (
            window.jobs_panel,
            {
                "submit": window.jobs_panel.submit_button,
                "table": window.jobs_panel.table,
                "details": window.jobs_panel.details,
                "priority": window.jobs_panel.priority_button,
            },
        ),
        "assistant": (
            window.assistant_panel,
            {"input": window.assistant_panel.input, "send": window.assistant_panel.send_button},
        ),
        "processes": (window.processes, {"table": window.processes.table}),
    }
    for name, (page, widgets) in pages.items():
        window.show_page(page)
        for _ in range(3):
            app.processEvents()
        for key, widget in widgets.items():
            out[f"{name}.{key}"] = _inside(window, widget)
        out[f"{name}.plots_height"] = window.dashboard.plots.height() if name == "dashboard" else None
    out["statusbar"] = _inside(window, window.statusBar())
    return {k: v for k, v in out.items() if v is not None}


def main() -> None:
    app = QApplication(sys.argv[:1])
    screen = app.primaryScreen()
    result: dict[str, Any] = {
        "screen": [screen.geometry().width(), screen.geometry().height()],
        "dpr": screen.devicePixelRatio(),
    }
    tmp = tempfile.mkdtemp()
    for n in (2, 8):
        store = QSettings(str(Path(tmp) / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(AppSettings(theme="dark"), data_dir=str(Path(tmp) / "data"), store=store)
        window.thread.stop()  # no daemon: the models are fed here
        window.connection.set(models.ONLINE, "test")
        window.telemetry.update(now_answer(1000.0, n=n))
        window.show_fitted()
        for _ in range(3):
            app.processEvents()
        available = screen.availableGeometry()
        work_area = available.adjusted(0, 0, 0, -TASK_BAR)
        entry: dict[str, Any] = {
            "geometry": window.frameGeometry().getRect(),
            "on_screen": available.contains(window.frameGeometry()),
            "minimum_fits": window.minimumSize().width() <= work_area.width()
            and window.minimumSize().height() <= work_area.height(),
            "shown": _check(window, app),
        }
        # The same screen with a task bar: the window placed as it would be in that work area.
        rect, _ = initial_geometry(work_area)
        window.showNormal()
        window.setGeometry(rect)
        for _ in range(3):
            app.processEvents()
        entry["with_task_bar"] = _check(window, app)
        result[f"gpus{n}"] = entry
        window.shutdown()
        window.close()
    print(json.dumps(result))


if __name__ == "__main__":
    main()
