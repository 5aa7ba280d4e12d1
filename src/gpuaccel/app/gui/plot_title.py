"""A plot's title that never sets the width of its plot's column.

pyqtgraph's title label asks for its text's width as its minimum, again at every resize, so the plot
with the longest title ("TFLOP/s (exact for our jobs, else 16-bit dense estimate)") took half as much
room again as its neighbours in the dashboard's grid. :class:`PlotTitle` asks for no width; a title
longer than its plot is cut short with an ellipsis, and the whole title is its tooltip.
"""

from __future__ import annotations

import html

import pyqtgraph as pg
from PySide6.QtCore import QSizeF, Qt
from PySide6.QtGui import QFont, QFontMetricsF

TITLE_PT = 10.0


class PlotTitle(pg.LabelItem):
    """The title of one plot: ``before`` and ``after`` (HTML, short: a swatch, a unit) around ``text``
    (plain), of which only ``text`` is shortened to fit."""

    def __init__(self, parent: pg.PlotItem | None = None) -> None:
        self.parts: tuple[str, str, str, bool] = ("", "", "", False)  # before, text, after, bold
        self._written: tuple[str, str] = ("", "")  # (html, colour) last given to the text item
        super().__init__(" ", parent=parent, size=f"{TITLE_PT:g}pt", justify="left")

    def updateMin(self) -> None:
        super().updateMin()
        self.setMinimumWidth(0)  # the base class sets it to the text's width at every resize

    def sizeHint(self, which: Qt.SizeHint, constraint: QSizeF = QSizeF()) -> QSizeF:  # noqa: B008
        size = super().sizeHint(which, constraint)
        if which in (Qt.SizeHint.MinimumSize, Qt.SizeHint.PreferredSize):
            size.setWidth(0)
        return size

    def show_title(
        self, text: str, color: str, *, before: str = "", after: str = "", bold: bool = False
    ) -> None:
        """Show ``before`` + ``text`` + ``after`` in ``color``, shortened to the width the plot has."""
        self.opts["color"] = color
        self.parts = (before, text, after, bold)
        self.setToolTip(text)
        self.fit()

    def fit(self) -> None:
        """Write the title again for the current width (called on every resize of the plot)."""
        before, text, after, bold = self.parts
        font = QFont(self.item.font())
        font.setPointSizeF(TITLE_PT)
        font.setBold(bold)
        room = self.width() - 4
        if room > 0:
            plain = QFont(font)
            plain.setBold(False)
            room -= QFontMetricsF(plain).horizontalAdvance(_plain(before + after))
            text = QFontMetricsF(font).elidedText(text, Qt.TextElideMode.ElideRight, max(0.0, room)) or "…"
        shown = html.escape(text)
        shown = f"<b>{shown}</b>" if bold else shown
        written = (before + shown + after, str(self.opts["color"]))
        if self._written != written:  # a new theme rewrites it in its colour
            self._written = written
            self.setText(written[0])

    def resizeEvent(self, ev: object) -> None:
        super().resizeEvent(ev)
        if ev is not None and self.parts[1]:
            self.fit()


def _plain(fragment: str) -> str:
    """The characters an HTML fragment shows (its tags dropped, entities read)."""
    out, inside = [], False
    for ch in fragment:
        if ch == "<":
            inside = True
        elif ch == ">":
            inside = False
        elif not inside:
            out.append(ch)
    return html.unescape("".join(out))


def install_title(plot: pg.PlotItem, height: int = 20) -> PlotTitle:
    """Replace ``plot``'s title label by a :class:`PlotTitle` ``height`` pixels tall."""
    old = plot.titleLabel
    plot.layout.removeItem(old)
    old.setParentItem(None)
    if old.scene() is not None:
        old.scene().removeItem(old)
    title = PlotTitle(plot)
    plot.layout.addItem(title, 0, 1)
    plot.titleLabel = title
    plot.layout.setRowFixedHeight(0, height)
    title.setMaximumHeight(height)
    return title
