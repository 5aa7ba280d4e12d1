"""The window fits the screens people have: 1280x800 and 1366x768 at 100 %, 1920x1080 at 150 % (1280x720
logical), with and without a task bar; on each every tab's controls, the plots and the status bar are
inside the window. Before, it opened at 1280x860 whatever the screen: on a 1280x800 screen the chat's
input and Send button, the status bar and the bottom of the plots were off-screen."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSettings

from gpuaccel.app.gui.settings import AppSettings
from gpuaccel.app.gui.threads import running_threads
from gpuaccel.app.gui.window import MINIMUM_SIZE, PREFERRED_SIZE, MainWindow, initial_geometry

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
PROBE = Path(__file__).with_name("screen_fit_probe.py")
SRC = Path(__file__).resolve().parents[2] / "src"


@pytest.mark.parametrize(
    ("width", "height", "scale"), [(1280, 800, 1.0), (1366, 768, 1.0), (1920, 1080, 1.5)]
)
def test_the_window_fits_the_screen(tmp_path: Path, width: int, height: int, scale: float) -> None:
    """A faked offscreen screen of that size and scaling, 2 and 8 GPUs, every tab."""
    config = tmp_path / "screen.json"
    screen = {"name": "S", "x": 0, "y": 0, "width": width, "height": height, "logicalDpi": 96}
    config.write_text(json.dumps({"screens": [{**screen, "logicalBaseDpi": 96, "dpr": 1}]}))
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": f"offscreen:configfile={config}",
        "QT_SCALE_FACTOR": str(scale),
        "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")]),
    }
    done = subprocess.run(
        [sys.executable, str(PROBE)], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["screen"] == [round(width / scale), round(height / scale)]
    for gpus in ("gpus2", "gpus8"):
        entry = result[gpus]
        assert entry["on_screen"] and entry["minimum_fits"], (gpus, entry)
        for situation in ("shown", "with_task_bar"):
            shown = entry[situation]
            missing = [k for k, v in shown.items() if v is False]
            assert not missing, (gpus, situation, missing)
            assert shown["dashboard.plots_height"] >= 220, (gpus, situation, shown)


def test_the_window_opens_at_its_size_where_it_fits_and_maximized_where_not() -> None:
    big = QRect(0, 0, 2560, 1400)
    rect, maximized = initial_geometry(big)
    assert rect.size() == PREFERRED_SIZE and big.contains(rect) and not maximized
    assert rect.center().x() in (big.center().x(), big.center().x() + 1)
    small = QRect(0, 32, 1280, 688)  # 1920x1080 at 150 % with a top panel
    rect, maximized = initial_geometry(small)
    assert maximized and small.contains(rect)
    tiny = QRect(0, 0, 640, 400)  # smaller than any screen it is made for: never larger than the screen
    rect, _ = initial_geometry(tiny)
    assert tiny.contains(rect)
    assert MINIMUM_SIZE.width() <= 1280 and MINIMUM_SIZE.height() <= 720 - 48 - 40


def test_a_window_smaller_than_a_tab_scrolls_to_its_controls(qtbot, tmp_path: Path) -> None:
    """Below a tab's minimum its page scrolls, and the chat's Send button can be brought into view."""
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(AppSettings(theme="dark"), data_dir=str(tmp_path / "data"), store=store)
    qtbot.addWidget(window)
    window.resize(MINIMUM_SIZE)
    window.show()
    window.show_page(window.jobs_panel)
    qtbot.waitExposed(window)
    area = window.tabs.currentWidget()
    assert area.horizontalScrollBar().maximum() > 0  # the jobs bar is wider than 720 px: it scrolls
    window.show_page(window.assistant_panel)
    send = window.assistant_panel.send_button
    window.tabs.currentWidget().ensureWidgetVisible(send)
    assert send.visibleRegion().boundingRect().size() == send.size()
    window.close()
    assert running_threads() == []
