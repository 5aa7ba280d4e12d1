"""The dashboard tab: a card per GPU above the live plots, with the plot mode and window selectors.

It subscribes to the :class:`TelemetryModel`; cards are created when a GPU first appears and turn red
when it is lost. Cards flow into as many columns as the width allows and turn compact above four GPUs,
so 8 or 16 GPUs are all visible at 1280x800; the plots then default to one per GPU. When the daemon has
no GPU telemetry (no driver, NVML missing) it says why instead of showing empty cards.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from gpuaccel.app.gui.file_dialogs import ask_save_path
from gpuaccel.app.gui.gpu_card import GpuCard
from gpuaccel.app.gui.models import ConnectionModel
from gpuaccel.app.gui.plots import BY_GPU, BY_METRIC, LONG_WINDOW_S, MODES, WINDOWS, LivePlots
from gpuaccel.app.gui.telemetry_model import PLOT_HEADINGS, GpuState, TelemetryModel
from gpuaccel.app.gui.theme import gpu_color
from gpuaccel.app.gui.values import fmt_time, na_reason

EXPORT_FILTERS = "CSV (*.csv);;Parquet (*.parquet)"
COMPACT_ABOVE = 4  # more GPUs than this: compact cards and, unless chosen, one plot per GPU
DEMO_HINT = "To try the app on simulated GPUs, run: gpuaccel --demo"
CARDS_MAX_SHARE = 0.45  # of the dashboard's height; beyond it the cards scroll


def legend_html(gpus: list[GpuState]) -> str:
    """The swatch row above the plots: each GPU's colour and index, with its name while there are few
    (compact cards carry it otherwise). Never drawn over data; an entry never breaks across lines."""
    named = len(gpus) <= COMPACT_ABOVE
    return " &nbsp; ".join(
        f'<span style="color:{gpu_color(g.index)}; font-size:13pt">&#9632;</span>&nbsp;'
        + html.escape(g.label).replace(" ", "&nbsp;")
        + (f" {html.escape(g.name)}" if named else "")
        for g in gpus
    )


class Dashboard(QWidget):
    """Cards + plots. ``on_long_window(bool)`` tells the worker to fetch the 24 h history or stop;
    ``exportRequested(path, format, seconds)`` asks for the window's history as CSV or Parquet."""

    exportRequested = Signal(str, str, float)

    def __init__(
        self,
        model: TelemetryModel,
        connection: ConnectionModel | None = None,
        on_long_window: Callable[[bool], None] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.connection = connection
        self._on_long_window = on_long_window
        self.cards: dict[int, GpuCard] = {}
        self.host_headers: dict[str, QLabel] = {}  # with several hosts: a header above each one's cards
        self._grouping: tuple[tuple[str, int, str | None], ...] = ()
        self.chosen_mode: str | None = None  # None: by metric up to COMPACT_ABOVE GPUs, else by GPU
        self._columns = 0
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        layout.setSpacing(6)
        header = QHBoxLayout()
        self.source = QLabel("")
        self.source.setObjectName("sourceLabel")
        self.source.setWordWrap(True)
        self.source.setMinimumWidth(160)
        header.addWidget(self.source, 1)
        header.addWidget(QLabel("Plots:"))
        self.mode_buttons = QButtonGroup(self)
        for i, (mode, label) in enumerate(MODES.items()):
            button = QPushButton(label)
            button.setCheckable(True)
            button.setObjectName("modeButton")
            button.setProperty("mode", mode)
            self.mode_buttons.addButton(button, i)
            header.addWidget(button)
        self.mode_buttons.idClicked.connect(self._mode_chosen)
        self.metric_box = QComboBox()
        for key, text in PLOT_HEADINGS.items():  # "TFLOP/s", not "TFLOP/s (TFLOP/s)"
            self.metric_box.addItem(text, key)
        self.metric_box.setToolTip("The reading each GPU's plot shows")
        self.metric_box.currentIndexChanged.connect(lambda _: self._apply_mode())
        header.addWidget(self.metric_box)
        header.addSpacing(12)
        header.addWidget(QLabel("Window:"))
        self.window_buttons = QButtonGroup(self)
        for i, (label, seconds) in enumerate(WINDOWS):
            button = QPushButton(label)
            button.setCheckable(True)
            button.setObjectName("windowButton")
            button.setProperty("seconds", seconds)
            button.setChecked(i == 0)
            self.window_buttons.addButton(button, i)
            header.addWidget(button)
        self.window_buttons.idClicked.connect(self._window_chosen)
        header.addSpacing(12)
        self.export_button = QPushButton("Export…")
        self.export_button.setToolTip(
            "Save the stored telemetry of the chosen window as CSV or Parquet (as `gpuaccel history`)"
        )
        self.export_button.clicked.connect(lambda: self.export_history())
        header.addWidget(self.export_button)
        layout.addLayout(header)
        self.export_status = QLabel("")
        self.export_status.setObjectName("hint")
        self.export_status.setWordWrap(True)
        self.export_status.hide()
        layout.addWidget(self.export_status)
        self.notice = QLabel("")
        self.notice.setObjectName("dashboardNotice")
        self.notice.setWordWrap(True)
        self.notice.setTextFormat(Qt.TextFormat.PlainText)  # a reason from the daemon is not markup
        self.notice.hide()
        layout.addWidget(self.notice)
        self.cards_host = QWidget()
        self.cards_grid = QGridLayout(self.cards_host)
        self.cards_grid.setContentsMargins(0, 0, 0, 0)
        self.cards_grid.setSpacing(8)
        self.cards_grid.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.cards_scroll = QScrollArea()
        self.cards_scroll.setWidgetResizable(True)
        self.cards_scroll.setWidget(self.cards_host)
        self.cards_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.cards_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        layout.addWidget(self.cards_scroll)
        self.legend = QLabel("")
        self.legend.setObjectName("plotLegend")
        self.legend.setWordWrap(True)
        layout.addWidget(self.legend)
        self.plots = LivePlots(model)
        self.plots.setMinimumHeight(220)
        layout.addWidget(self.plots, 1)
        # With no GPU there is nothing to plot: five empty grids with 0-1 axes looked broken.
        self.no_plots = QLabel("The plots start with the first GPU reading.")
        self.no_plots.setObjectName("hint")
        self.no_plots.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(self.no_plots, 1)
        self._apply_mode()
        model.subscribe(self.refresh)
        if connection is not None:
            connection.subscribe(self.refresh)
        self.plots.setVisible(bool(model.gpus))
        self.no_plots.setVisible(not model.gpus)

    # ---- plot mode and window ------------------------------------------------------------------

    def mode(self) -> str:
        if self.chosen_mode is not None:
            return self.chosen_mode
        return BY_GPU if len(self.model.gpus) > COMPACT_ABOVE else BY_METRIC

    def _mode_chosen(self, button_id: int) -> None:
        self.chosen_mode = str(self.mode_buttons.button(button_id).property("mode"))
        self._apply_mode()

    def set_mode(self, mode: str, metric: str | None = None) -> None:
        """Choose the plot mode (and the metric of "By GPU") as the buttons do."""
        if mode not in MODES:
            raise ValueError(f"unknown plot mode {mode!r}; choose one of {', '.join(MODES)}")
        self.chosen_mode = mode
        if metric is not None:
            self.metric_box.setCurrentIndex(max(0, self.metric_box.findData(metric)))
        self._apply_mode()

    def _apply_mode(self) -> None:
        mode = self.mode()
        for button in self.mode_buttons.buttons():
            button.setChecked(button.property("mode") == mode)
        self.metric_box.setVisible(mode == BY_GPU)
        self.legend.setVisible(mode == BY_METRIC and bool(self.model.gpus))
        metric = str(self.metric_box.currentData())
        if (self.plots.mode, self.plots.series) != (mode, metric):
            self.plots.set_mode(mode, metric)

    def _window_chosen(self, button_id: int) -> None:
        seconds = WINDOWS[button_id][1]
        if self._on_long_window is not None:
            self._on_long_window(seconds >= LONG_WINDOW_S)
        self.plots.set_window(seconds)

    # ---- export --------------------------------------------------------------------------------

    def export_history(self, path: str | None = None) -> None:
        """Ask where (CSV or Parquet by the chosen filter or the name's suffix), then request the export
        of the plots' window."""
        if path is None:
            asked = ask_save_path(self, "Export telemetry history", "gpuaccel-history.csv", EXPORT_FILTERS)
            if asked is None:
                return
            path = asked[0]
        fmt = "parquet" if path.lower().endswith(".parquet") else "csv"
        self.export_button.setEnabled(False)
        self._export_note(f"Exporting the last {self._window_label()} to {path}…")
        self.exportRequested.emit(path, fmt, float(self.plots.window_s))

    def export_done(self, answer: dict[str, object]) -> None:
        self.export_button.setEnabled(True)
        self._export_note(
            f"Exported {answer.get('rows')} rows ({answer.get('fields')} fields, "
            f"{str(answer.get('format')).upper()}) to {answer.get('path')}."
        )

    def export_failed(self, message: str) -> None:
        self.export_button.setEnabled(True)
        self._export_note(f"Export failed: {message}")

    def _export_note(self, text: str) -> None:
        self.export_status.setText(text)
        self.export_status.show()

    def _window_label(self) -> str:
        return next((label for label, s in WINDOWS if s == self.plots.window_s), f"{self.plots.window_s:g} s")

    # ---- cards ---------------------------------------------------------------------------------

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._layout_cards()

    def _layout_cards(self) -> None:
        """Flow the cards into the rows that as many columns as fit need, filled evenly (not 6 + 2); the
        card strip is as tall as its cards (up to CARDS_MAX_SHARE of the dashboard, then it scrolls)."""
        groups = self._groups()
        cards = [c for _, members in groups for c in members]
        if not cards:
            self.cards_scroll.setMaximumHeight(0)
            return
        spacing = self.cards_grid.spacing()
        width = max(1, self.cards_scroll.viewport().width() or self.width() - 16)
        card_w = max(c.minimumWidth() for c in cards) + spacing
        most = max(len(m) for _, m in groups)
        fit = max(1, min(most, (width + spacing) // card_w))
        columns = -(-most // -(-most // fit))  # rows filled evenly: 8 cards where 6 fit, two rows of 4
        if columns != self._columns or any(self.cards_grid.indexOf(c) < 0 for c in cards):
            self._columns = columns
            for w in [*cards, *self.host_headers.values()]:
                self.cards_grid.removeWidget(w)
            row = 0
            for header, members in groups:
                if header is not None:
                    self.cards_grid.addWidget(header, row, 0, 1, columns)
                    row += 1
                for n, c in enumerate(members):
                    self.cards_grid.addWidget(c, row + n // columns, n % columns, Qt.AlignmentFlag.AlignTop)
                    c.setVisible(True)  # at once, so the strip's height below counts it
                row += -(-len(members) // columns)
            for col in range(self.cards_grid.columnCount()):
                self.cards_grid.setColumnStretch(col, 1 if col < columns else 0)
        self.cards_grid.activate()
        card_width = (width - spacing * (columns - 1)) // columns
        heights = []
        for header, members in groups:
            if header is not None:
                heights.append(header.sizeHint().height())
            for r in range(-(-len(members) // columns)):
                row_cards = members[r * columns : (r + 1) * columns]
                heights.append(
                    max(c.heightForWidth(card_width) if c.hasHeightForWidth() else c.sizeHint().height()
                        for c in row_cards)
                )  # fmt: skip
        wanted = sum(heights) + spacing * (len(heights) - 1) + 2
        shown = self._shown_height()
        # what the header, notices and legend need: the cards never push the plots below their minimum
        rest = self.layout().minimumSize().height() - self.cards_scroll.minimumHeight()
        cap = min(int(shown * CARDS_MAX_SHARE), shown - rest)
        self.cards_scroll.setMaximumHeight(min(wanted, max(cap, 120)))
        self.cards_scroll.setMinimumHeight(min(wanted, max(cap, 120)))

    def _shown_height(self) -> int:
        """The height the dashboard is seen at: the window's scroll area's (the dashboard itself grows to
        its minimum inside it, and a share of that height would grow the cards' minimum without end)."""
        widget = self.parentWidget()
        while widget is not None and not isinstance(widget, QScrollArea):
            widget = widget.parentWidget()
        return widget.viewport().height() if widget is not None else self.height()

    def _groups(self) -> list[tuple[QLabel | None, list[GpuCard]]]:
        """The cards by host, in the model's order, each host under its header; one group without a
        header when the GPUs are all the daemon's host's."""
        hosts = self.model.hosts
        for name in [h for h in self.host_headers if h not in hosts or len(hosts) < 2]:
            header = self.host_headers.pop(name)
            self.cards_grid.removeWidget(header)
            header.deleteLater()
        if len(hosts) < 2:
            return [(None, [self.cards[g.index] for g in self.model.gpus if g.index in self.cards])]
        groups = []
        for host in hosts:
            members = [g for g in self.model.gpus if g.host == host]
            header = self.host_headers.get(host)
            if header is None:
                header = self.host_headers[host] = QLabel()
                header.setObjectName("hostHeader")
            lost = next((g.lost_reason for g in members if g.lost_reason), None)
            count = f"{len(members)} GPU" + ("" if len(members) == 1 else "s")
            text = f"<b>{html.escape(host)}</b> · {count}" + (f" · {html.escape(lost)}" if lost else "")
            header.setText(text)
            header.setProperty("lost", lost is not None)
            header.style().unpolish(header)
            header.style().polish(header)
            groups.append((header, [self.cards[g.index] for g in members if g.index in self.cards]))
        return groups

    def stop(self) -> None:
        self.plots.stop()

    def refresh(self) -> None:
        model = self.model
        driver = model.driver
        driver_text = str(driver) if na_reason(driver) is None else f"N/A ({na_reason(driver)})"
        if model.is_fake:
            text = (
                f"Telemetry: {model.backend} — SIMULATED readings from the fake NVML backend, not a real GPU"
            )
        elif model.backend:
            text = f"Telemetry: {model.backend} · driver {driver_text}"
        else:
            text = ""
        self.source.setText(text)
        fake = "yes" if model.is_fake else "no"
        if self.source.property("fake") != fake:
            self.source.setProperty("fake", fake)
            self.source.style().unpolish(self.source)
            self.source.style().polish(self.source)
        online = self.connection is None or self.connection.online
        if not online:
            if model.gpus:
                when = fmt_time(model.updated_at)
                text = f"Not connected: the cards and plots show the last readings, taken at {when}."
            else:
                text = "No readings: not connected to a daemon (see the banner above)."
            self.notice.setText(text)
            self.notice.show()
        elif not model.answered:  # connected, the first snapshot on its way: no verdict yet
            self.notice.setText("Connected: waiting for the daemon's first GPU reading…")
            self.notice.show()
        elif model.error or not model.gpus:
            why = (model.error or "the daemon reports no GPUs").rstrip(".")
            self.notice.setText(f"No GPU telemetry: {why}. Jobs that need no GPU still run. {DEMO_HINT}")
            self.notice.show()
        else:
            self.notice.hide()
        self.plots.setVisible(bool(model.gpus))
        self.no_plots.setVisible(not model.gpus)
        for card in self.cards.values():
            if card.isEnabled() != online:
                card.setEnabled(online)
        compact = len(model.gpus) > COMPACT_ABOVE
        added = False
        for g in model.gpus:
            card = self.cards.get(g.index)
            if card is None:
                card = self.cards[g.index] = GpuCard(g.index)
                added = True
            card.set_compact(compact)
            card.show_state(g)
        grouping = tuple((g.host, g.index, g.lost_reason) for g in model.gpus)
        if added or grouping != self._grouping:
            self._grouping = grouping
            self._columns = 0  # lay out again: hosts or their order changed
            self.legend.setText(legend_html(model.gpus))
            self._apply_mode()
            self._layout_cards()
