"""The dashboard tab: a card per GPU above the live plots, with the plot window selector.

It subscribes to the :class:`TelemetryModel`; cards are created when a GPU first appears and turn red
when it is lost. When the daemon has no GPU telemetry (no driver, NVML missing) it says why instead
of showing empty cards.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QButtonGroup,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from gpuaccel.app.gui.gpu_card import GpuCard
from gpuaccel.app.gui.models import ConnectionModel
from gpuaccel.app.gui.plots import LONG_WINDOW_S, WINDOWS, LivePlots
from gpuaccel.app.gui.telemetry_model import TelemetryModel
from gpuaccel.app.gui.values import fmt_time, na_reason

CARD_COLUMNS = 4


class Dashboard(QWidget):
    """Cards + plots. ``on_long_window(bool)`` tells the worker to fetch the 24 h history or stop."""

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
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 8, 8, 8)
        header = QHBoxLayout()
        self.source = QLabel("")
        self.source.setObjectName("sourceLabel")
        header.addWidget(self.source, 1)
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
        layout.addLayout(header)
        self.notice = QLabel("")
        self.notice.setObjectName("dashboardNotice")
        self.notice.setWordWrap(True)
        self.notice.hide()
        layout.addWidget(self.notice)
        cards_host = QWidget()
        self.cards_grid = QGridLayout(cards_host)
        self.cards_grid.setContentsMargins(0, 0, 0, 0)
        self.cards_grid.setSpacing(8)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(cards_host)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.plots = LivePlots(model)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(scroll)
        splitter.addWidget(self.plots)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([290, 520])
        layout.addWidget(splitter, 1)
        model.subscribe(self.refresh)
        if connection is not None:
            connection.subscribe(self.refresh)

    def _window_chosen(self, button_id: int) -> None:
        seconds = WINDOWS[button_id][1]
        if self._on_long_window is not None:
            self._on_long_window(seconds >= LONG_WINDOW_S)
        self.plots.set_window(seconds)

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
        elif model.error or not model.gpus:
            why = model.error or "the daemon reports no GPUs"
            self.notice.setText(f"No GPU telemetry: {why}. Jobs that need no GPU still run.")
            self.notice.show()
        else:
            self.notice.hide()
        for card in self.cards.values():
            if card.isEnabled() != online:
                card.setEnabled(online)
        for g in model.gpus:
            card = self.cards.get(g.index)
            if card is None:
                card = self.cards[g.index] = GpuCard(g.index)
                n = len(self.cards) - 1
                self.cards_grid.addWidget(card, n // CARD_COLUMNS, n % CARD_COLUMNS)
            card.show_state(g)
