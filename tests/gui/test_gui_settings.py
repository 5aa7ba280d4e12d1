"""The settings dialog's daemon address: one that can never reach a daemon is refused in the dialog with
what is wrong (the dialog growing to show it), instead of being saved and retried every second; its
number boxes show what people type, with their arrows, and a check box shows its box."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QCheckBox, QDialog, QSpinBox, QStyle, QStyleOptionButton, QStyleOptionSpinBox

from gpuaccel.app.gui.settings import AppSettings, SettingsDialog
from gpuaccel.app.gui.theme import current, theme_manager


@pytest.fixture(autouse=True)
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GPUACCEL_CONFIG_DIR", str(tmp_path / "config"))  # the Ray group reads it


@pytest.mark.parametrize(
    ("address", "why"),
    [
        ("gpu box:8765", "has a space in it"),
        ("htp://gpu-box:8765", "speaks http:// or https://, not htp://"),
        ("gpu-box:99999", "Port out of range"),
        ("http://:8765", "names no host"),
        ("http://[::1", "is not an address"),
    ],
)
def test_an_address_that_cannot_reach_a_daemon_is_refused_with_why(qtbot, address: str, why: str) -> None:
    dialog = SettingsDialog(AppSettings())
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.url.setText(address)
    dialog.accept()
    assert dialog.result() != QDialog.DialogCode.Accepted and dialog.isVisible()
    assert dialog.url_error.isVisible() and why in dialog.url_error.text()
    # the dialog grows for the error: shown in a dialog of the same height, it squeezed the rows below
    assert dialog.height() >= dialog.layout().totalHeightForWidth(dialog.width())
    dialog.url.setText("gpu-box:8765")  # fixed: saved, and the error goes
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted and not dialog.url_error.isVisible()
    assert dialog.result_settings().daemon_url == "gpu-box:8765"


def test_the_local_daemon_and_well_formed_addresses_are_taken(qtbot) -> None:
    for address in ("", "http://127.0.0.1:8765", "https://gpu.example.org/", "[::1]:8765"):
        dialog = SettingsDialog(AppSettings())
        qtbot.addWidget(dialog)
        dialog.url.setText(address)
        dialog.accept()
        assert dialog.result() == QDialog.DialogCode.Accepted, address


def test_the_assistant_note_says_what_the_window_does_a_change_is_sent_once(qtbot) -> None:
    """The note said the policy was sent "when saved and on every connect"; the window sends a change
    once (at the next connect while the daemon is away) and leaves the daemon's own choice alone."""
    from PySide6.QtWidgets import QLabel

    from gpuaccel.app.gui.daemon_calls import PendingAssistantSettings

    dialog = SettingsDialog(AppSettings())
    qtbot.addWidget(dialog)
    notes = " ".join(label.text() for label in dialog.findChildren(QLabel, "hint"))
    assert "every connect" not in notes
    assert "a change is sent to it when you save (at the next connect while it is away)" in notes

    calls: list[tuple] = []

    class _Api:
        def call(self, fn, *args, **kwargs):
            calls.append((fn.__name__, kwargs))

    pending = PendingAssistantSettings()
    pending.body = AppSettings(assistant_policy="cpu-only").assistant_settings()
    assert pending.send(_Api()) == ""  # type: ignore[arg-type]
    assert pending.send(_Api()) == ""  # type: ignore[arg-type]  (the next connect: nothing pending)
    assert calls == [("assistant_settings", {"use_gpu": False, "on_close": "cpu"})]


def test_the_number_boxes_show_what_people_type_and_keep_what_they_take(qtbot, tmp_path: Path) -> None:
    """They read "60.00 s", "10.00 %" and "10.00 Hz"; now "60 s", "10%" and "10 Hz", and a fraction
    typed (the boxes take two decimals) is still shown, taken and saved as it was."""
    from PySide6.QtCore import QSettings

    dialog = SettingsDialog(AppSettings())
    qtbot.addWidget(dialog)
    boxes = (dialog.rate, dialog.idle_pct, dialog.idle_after)
    assert [box.text() for box in boxes] == ["10 Hz", "10%", "60 s"]
    limits = [(1.0, 20.0, 2), (0.0, 100.0, 2), (1.0, 86400.0, 2)]  # what the boxes take: as before
    assert [(box.minimum(), box.maximum(), box.decimals()) for box in boxes] == limits
    for box, typed, text in ((dialog.rate, "2.5", "2.5 Hz"), (dialog.idle_pct, "7.25", "7.25%")):
        box.lineEdit().selectAll()
        qtbot.keyClicks(box, typed)
        box.interpretText()
        assert box.text() == text
    dialog.idle_after.setValue(90.0)
    assert dialog.idle_after.text() == "90 s"
    dialog.idle_after.stepUp()
    assert dialog.idle_after.text() == "91 s"
    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    dialog.result_settings().save(store)
    saved = AppSettings.load(store)
    assert (saved.rate_hz, saved.idle_util_pct, saved.idle_after_s) == (2.5, 7.25, 91.0)


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_spin_boxes_show_their_arrows(qtbot, theme: str) -> None:
    """The style sheet's border on spin boxes made Qt draw their buttons as flat lines, no arrows."""
    manager = theme_manager()
    try:
        manager.apply(theme)
        box = QSpinBox()
        qtbot.addWidget(box)
        box.setRange(0, 10)
        box.setValue(5)
        box.resize(120, 30)
        box.show()
        qtbot.waitExposed(box)
        image = box.grab().toImage()
        option = QStyleOptionSpinBox()
        box.initStyleOption(option)  # type: ignore[attr-defined]
        text = QColor(current().text)
        for part in (QStyle.SubControl.SC_SpinBoxUp, QStyle.SubControl.SC_SpinBoxDown):
            rect = box.style().subControlRect(QStyle.ComplexControl.CC_SpinBox, option, part, box)
            assert rect.width() >= 10, part
            arrow = [
                (x, y)
                for x in range(rect.left(), rect.right())
                for y in range(rect.top(), rect.bottom())
                if _close(image.pixelColor(x, y), text)
            ]
            xs = sorted({x for x, _ in arrow})
            rows = [sum(1 for x, yy in arrow if yy == y) for y in sorted({y for _, y in arrow})]
            # a triangle: several rows of the text colour, of different widths (a flat line has one)
            assert len(xs) >= 4 and len(set(rows)) >= 2, (part, arrow)
    finally:
        manager.apply("system")


def _close(a: QColor, b: QColor) -> bool:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) < 90


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_an_unticked_check_box_shows_its_box(qtbot, theme: str) -> None:
    """In the dark theme an unticked box was all but invisible: "Run through a shell" read as plain text."""
    manager = theme_manager()
    try:
        manager.apply(theme)
        box = QCheckBox("Run through a shell")
        qtbot.addWidget(box)
        box.show()
        qtbot.waitExposed(box)
        option = QStyleOptionButton()
        box.initStyleOption(option)  # type: ignore[attr-defined]
        rect = box.style().subElementRect(QStyle.SubElement.SE_CheckBoxIndicator, option, box)
        image = box.grab().toImage()
        edge = QColor(current().muted)
        left = [image.pixelColor(rect.left(), y) for y in range(rect.top() + 3, rect.bottom() - 3)]
        assert left and all(_close(c, edge) for c in left), (theme, rect, [c.name() for c in left])
    finally:
        manager.apply("system")
