"""``gpuaccel`` with no arguments: the desktop app.

:func:`run` opens the window at once; the API worker (off the GUI thread) finds the local daemon and
starts one (``python -m gpuaccel serve``, detached, so it keeps running the queue after the window
closes) when none answers. With a remote daemon in the settings nothing is started.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from gpuaccel.app.gui.settings import AppSettings
from gpuaccel.app.gui.theme import ASSETS
from gpuaccel.app.gui.window import MainWindow


def make_app(argv: list[str] | None = None) -> QApplication:
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setApplicationName("gpuaccel")
    app.setOrganizationName("gpuaccel")
    app.setWindowIcon(QIcon(str(Path(ASSETS) / "icons" / "gpuaccel.svg")))
    app.setQuitOnLastWindowClosed(True)
    return app


def run(data_dir: str | None = None, demo: bool = False) -> int:
    """Open the window (starting a local daemon if none runs); returns the exit code.

    ``demo``: the local demo daemon on simulated GPUs, whatever remote daemon the settings name."""
    app = make_app()
    settings = AppSettings.load()
    store = None
    if demo:  # settings changed in the demo are kept apart from the user's own
        settings.daemon_url, settings.token = "", ""
        demo_dir = os.environ.get("GPUACCEL_DATA_DIR") or "."
        store = QSettings(str(Path(demo_dir) / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(
        settings, data_dir=data_dir or os.environ.get("GPUACCEL_DATA_DIR"), autostart=True, store=store
    )
    if demo:
        window.setWindowTitle("gpuaccel (demo: simulated GPUs)")
    window.show_fitted()
    app.aboutToQuit.connect(window.shutdown)
    try:
        return int(app.exec())
    finally:
        window.shutdown()


if __name__ == "__main__":
    sys.exit(run())
