"""The settings dialog's Ray cluster group: off / auto / address and the default placement, written to
config.toml (read back by the daemon's settings class), a bad address refused in the dialog."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QLabel

from gpuaccel.app.gui.settings import AppSettings, SettingsDialog
from gpuaccel.scheduler.config import SchedulerConfig, config_file


@pytest.fixture(autouse=True)
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GPUACCEL_CONFIG_DIR", str(tmp_path / "config"))
    for name in ("GPUACCEL_RAY", "GPUACCEL_WHERE"):
        monkeypatch.delenv(name, raising=False)
    return tmp_path / "config"


def _dialog(qtbot) -> SettingsDialog:
    dialog = SettingsDialog(AppSettings())
    qtbot.addWidget(dialog)
    return dialog


def test_an_address_and_the_ray_placement_are_saved_for_the_next_daemon_start(qtbot) -> None:
    config_file().parent.mkdir(parents=True)
    config_file().write_text("# tuned by hand\nmax_parallel = 2\n")
    dialog = _dialog(qtbot)
    group = dialog.cluster
    assert group.mode.currentData() == "off" and not group.address.isEnabled() and not group.where.isEnabled()
    assert (
        "applies the next time the daemon on this computer starts" in group.findChild(QLabel, "hint").text()
    )

    group.mode.setCurrentIndex(group.mode.findData("address"))
    assert group.address.isEnabled() and group.where.isEnabled()
    group.address.setText("head 6379")
    dialog.accept()
    assert dialog.result() != QDialog.DialogCode.Accepted and not group.error.isHidden()
    assert "is not one of: off, auto" in group.error.text()
    assert config_file().read_text() == "# tuned by hand\nmax_parallel = 2\n"  # nothing half-written

    group.address.setText("10.0.0.1:6379")
    group.where.setCurrentIndex(group.where.findData("ray"))
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert (
        config_file().read_text()
        == '# tuned by hand\nmax_parallel = 2\nray = "10.0.0.1:6379"\nwhere = "ray"\n'
    )
    config = SchedulerConfig.from_env()
    assert (config.ray, config.where, config.max_parallel) == ("10.0.0.1:6379", "ray", 2)
    assert config.origins()["ray"] == str(config_file())

    reopened = _dialog(qtbot)  # the dialog shows what the file holds
    again = reopened.cluster
    assert again.mode.currentData() == "address" and again.address.text() == "10.0.0.1:6379"
    assert again.where.currentData() == "ray"


def test_off_forces_local_and_auto_is_saved_as_auto(qtbot) -> None:
    dialog = _dialog(qtbot)
    group = dialog.cluster
    group.mode.setCurrentIndex(group.mode.findData("auto"))
    group.where.setCurrentIndex(group.where.findData("ray"))
    assert group.values() == {"ray": "auto", "where": "ray"}
    group.mode.setCurrentIndex(group.mode.findData("off"))
    assert group.values() == {"ray": "off", "where": "local"}
    group.mode.setCurrentIndex(group.mode.findData("auto"))
    dialog.accept()
    assert SchedulerConfig.from_env().ray == "auto"
    group.mode.setCurrentIndex(group.mode.findData("address"))
    group.address.setText("")
    dialog.accept()
    assert group.error.text() == "Give the Ray cluster's address, or choose Off or Auto."
    group.mode.setCurrentIndex(group.mode.findData("off"))
    dialog.accept()
    assert SchedulerConfig.from_env().ray == "" and 'ray = "off"' in config_file().read_text()


def test_an_untouched_group_writes_no_config_file(qtbot) -> None:
    dialog = _dialog(qtbot)
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted and not config_file().exists()
