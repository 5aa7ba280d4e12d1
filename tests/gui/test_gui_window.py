"""The window's frame, without a daemon: every tab has its icon, the File menu the standard shortcuts."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QApplication

from gpuaccel.app.gui.settings import AppSettings, SettingsDialog
from gpuaccel.app.gui.threads import running_threads
from gpuaccel.app.gui.window import MainWindow

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture
def window(qtbot, tmp_path: Path) -> Iterator[MainWindow]:
    """A window over an empty data dir: no daemon answers, and none is started."""
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(AppSettings(theme="dark"), data_dir=str(tmp_path / "data"), store=store)
    qtbot.addWidget(win)
    win.show()
    yield win
    win.close()
    assert running_threads() == []


def test_every_tab_has_an_icon(window: MainWindow) -> None:
    """The Processes tab was the one without."""
    tabs = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert "Processes" in tabs
    for i, text in enumerate(tabs):
        assert not window.tabs.tabIcon(i).isNull(), text
        assert not window.tabs.tabIcon(i).pixmap(16, 16).isNull(), text


def test_the_file_menu_has_the_standard_shortcuts(qtbot, window: MainWindow) -> None:
    """Quit is Ctrl+Q and Settings Ctrl+, (where the platform binds no keys of its own, as here), and
    Ctrl+, opens the settings."""
    menu = window.menuBar().actions()[0].menu()
    items = {a.text().replace("&", ""): a for a in menu.actions() if not a.isSeparator()}
    assert set(items) == {"Settings…", "Quit"}
    assert items["Quit"].shortcut() == QKeySequence("Ctrl+Q")
    assert items["Settings…"].shortcut() == QKeySequence("Ctrl+,")
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5_000)
    qtbot.keyClick(window, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    dialogs = [d for d in window.findChildren(SettingsDialog) if d.isVisible()]
    assert len(dialogs) == 1
    dialogs[0].reject()


def test_the_keyboard_reaches_every_tab_and_the_filters(qtbot, window: MainWindow) -> None:
    """Ctrl+1..4 show the tabs (named in the View menu and on the tabs' hover), Ctrl+F puts the cursor
    in the shown tab's filter; before, another tab was reachable only from inside the tab bar."""
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=5_000)
    ctrl = Qt.KeyboardModifier.ControlModifier
    for key, widget in ((Qt.Key.Key_2, window.jobs_panel), (Qt.Key.Key_4, window.processes)):
        qtbot.keyClick(window, key, ctrl)
        assert window.shown_page() is widget
        qtbot.keyClick(window, Qt.Key.Key_F, ctrl)
        field = window.jobs_panel.search if widget is window.jobs_panel else window.processes.filter_edit
        qtbot.waitUntil(field.hasFocus, timeout=2_000)
    qtbot.keyClick(window, Qt.Key.Key_1, ctrl)
    assert window.shown_page() is window.dashboard
    assert "Ctrl+3" in window.tabs.tabToolTip(2)
    view = window.menuBar().actions()[1].menu()
    assert [a.text() for a in view.actions() if a.shortcut() == QKeySequence("Ctrl+4")] == ["Processes"]
