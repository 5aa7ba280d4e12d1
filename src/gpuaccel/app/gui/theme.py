"""Light, dark and follow-the-system themes: one palette drives the style sheet, the plots and the swatches.

``assets/style.qss`` holds the rules once, with ``@name`` tokens that :func:`stylesheet` fills from a
palette, so the two themes cannot drift apart. Widgets that draw themselves (pyqtgraph plots, the job
table's state colours) connect to :func:`theme_manager`'s ``changed`` signal and repaint with the new
:class:`Theme`. The GPU colours (:data:`GPU_COLORS`) are the same in both themes: a card's swatch and its
curves always match, and 16 GPUs get 16 distinct hues that read on white and on near-black.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

ASSETS = Path(__file__).resolve().parents[2] / "assets"
THEME_CHOICES: dict[str, str] = {"system": "Follow the system", "light": "Light", "dark": "Dark"}

# 16 hues, mid lightness (readable on both backgrounds), ordered so that neighbours differ most.
GPU_COLORS: tuple[str, ...] = (
    "#2f8fe0",  # blue
    "#f28e2b",  # orange
    "#3bb273",  # green
    "#e15759",  # red
    "#9d6fd6",  # purple
    "#c9a000",  # gold
    "#17b8c4",  # cyan
    "#e868b0",  # pink
    "#8a6a4f",  # brown
    "#7f9f1f",  # olive
    "#5a6fdc",  # indigo
    "#ff6f3c",  # vermilion
    "#1f9e89",  # teal
    "#b5446e",  # raspberry
    "#8c8c8c",  # grey
    "#b58cff",  # lavender
)


def gpu_color(index: int) -> str:
    """The colour of GPU ``index`` everywhere in the app (card swatch, curves, job telemetry)."""
    return GPU_COLORS[index % len(GPU_COLORS)]


@dataclass(frozen=True)
class Theme:
    """The colours of one theme; ``qss`` tokens are these field names."""

    name: str
    bg: str  # window background
    panel: str  # cards, tabs
    field: str  # inputs, tables, plot background
    border: str
    text: str
    strong: str  # values, titles
    muted: str  # captions, axis text
    grid: str  # plot grid lines
    accent: str
    accent_bg: str  # checked buttons, selection
    button: str
    button_hover: str
    na: str  # N/A readings and reasons
    error: str
    error_bg: str
    ok: str
    warn_bg: str
    info_bg: str
    alt_row: str
    states: dict[str, str] = field(default_factory=dict)  # job state -> table colour


DARK = Theme(
    name="dark",
    bg="#1e2128",
    panel="#262a33",
    field="#171a20",
    border="#343a46",
    text="#d5dae3",
    strong="#ffffff",
    muted="#8a93a3",
    grid="#3a404c",
    accent="#4fc3f7",
    accent_bg="#2d4a5e",
    button="#2f3541",
    button_hover="#394050",
    na="#d6b23c",
    error="#ff8a80",
    error_bg="#3a2226",
    ok="#a5d6a7",
    warn_bg="#3a3322",
    info_bg="#233a4a",
    alt_row="#1c2027",
    states={
        "running": "#4fc3f7",
        "paused": "#ce93d8",
        "queued": "#b0bec5",
        "held": "#90a4ae",
        "retrying": "#ffb74d",
        "succeeded": "#81c784",
        "failed": "#ff8a80",
        "cancelled": "#9e9e9e",
    },
)
LIGHT = Theme(
    name="light",
    bg="#f4f5f7",
    panel="#ffffff",
    field="#ffffff",
    border="#c9ced6",
    text="#2a2f37",
    strong="#0b0d10",
    muted="#5f6773",
    grid="#d5d9e0",
    accent="#0b72b9",
    accent_bg="#cfe6f7",
    button="#e9ecf0",
    button_hover="#dde2e8",
    na="#9a6a00",
    error="#b3261e",
    error_bg="#fbe3e1",
    ok="#1e7b34",
    warn_bg="#fff4d6",
    info_bg="#ddeefa",
    alt_row="#f3f5f8",
    states={
        "running": "#0b72b9",
        "paused": "#7b3f98",
        "queued": "#5f6773",
        "held": "#44505c",
        "retrying": "#b35c00",
        "succeeded": "#1e7b34",
        "failed": "#b3261e",
        "cancelled": "#7a7a7a",
    },
)
THEMES: dict[str, Theme] = {"dark": DARK, "light": LIGHT}


def system_is_dark() -> bool:
    """The desktop's colour scheme (Qt 6.5+), else the lightness of the default palette's window colour."""
    app = QGuiApplication.instance()
    if not isinstance(app, QGuiApplication):
        return True
    scheme = app.styleHints().colorScheme()
    if scheme == Qt.ColorScheme.Dark:
        return True
    if scheme == Qt.ColorScheme.Light:
        return False
    return app.palette().color(QPalette.ColorRole.Window).lightness() < 128


def resolve(choice: str) -> Theme:
    """The theme a setting means; an unknown choice is refused with the accepted ones."""
    if choice == "system":
        return DARK if system_is_dark() else LIGHT
    if choice not in THEMES:
        raise ValueError(f"unknown theme {choice!r}; choose one of {', '.join(THEME_CHOICES)}")
    return THEMES[choice]


def stylesheet(theme: Theme) -> str:
    """assets/style.qss with its ``@token`` colours filled from ``theme`` (``@name`` its name, ``@assets``
    the assets folder, for the images a rule names)."""
    text = (ASSETS / "style.qss").read_text()

    def fill(match: re.Match[str]) -> str:
        if match.group(1) == "assets":  # images the rules name (the spin boxes' arrows)
            return ASSETS.as_posix()
        value = getattr(theme, match.group(1), None)
        if not isinstance(value, str):
            raise KeyError(f"style.qss uses @{match.group(1)}, which the theme does not define")
        return value

    return re.sub(r"@([a-z_]+)", fill, text)


class ThemeManager(QObject):
    """Holds the chosen theme and tells every themed widget when it changes (also when the system's does)."""

    changed = Signal(object)  # Theme

    def __init__(self) -> None:
        super().__init__()
        self.choice = "system"
        self.theme = DARK
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            app.styleHints().colorSchemeChanged.connect(self._system_changed)

    def apply(self, choice: str) -> Theme:
        theme = resolve(choice)
        self.choice = choice
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.setStyleSheet(stylesheet(theme))
        if theme != self.theme:
            self.theme = theme
            self.changed.emit(theme)
        return theme

    def _system_changed(self) -> None:
        if self.choice == "system":
            self.apply("system")


_manager: ThemeManager | None = None


def theme_manager() -> ThemeManager:
    """The app's one ThemeManager (created with the QApplication's first themed widget)."""
    global _manager
    if _manager is None:
        _manager = ThemeManager()
    return _manager


def current() -> Theme:
    return theme_manager().theme
