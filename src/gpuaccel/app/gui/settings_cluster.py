"""The settings dialog's "Ray cluster" group: the daemon's cluster connection and default placement.

Both are daemon settings of this computer (``ray`` and ``where`` in config.toml, the file ``gpuaccel
config`` shows), not app preferences: the group reads them from that file and writes them back there
when the dialog is saved, checked as the daemon will read them. A daemon reads them when it starts, so
the group says that they apply on the next start of the daemon on this computer; ``GPUACCEL_RAY`` or
``GPUACCEL_WHERE`` in the daemon's environment, or ``serve --ray/--where``, still win.
"""

from __future__ import annotations

import os

from PySide6.QtWidgets import QComboBox, QFormLayout, QGroupBox, QLabel, QLineEdit, QVBoxLayout, QWidget

from gpuaccel.scheduler.config import ConfigError, config_file, saved_settings, write_settings

MODES = {"off": "Off: this host only", "auto": "Auto: the cluster this host belongs to", "address": "Address"}
PLACEMENTS = {"local": "This host (local)", "ray": "The Ray cluster (ray)"}


class RayClusterGroup(QGroupBox):
    """Off / auto / an address, and where jobs that do not say run."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Ray cluster (the daemon on this computer)", parent)
        self.setObjectName("rayClusterGroup")
        outer = QVBoxLayout(self)
        form = QFormLayout()
        outer.addLayout(form)
        saved = saved_settings()
        ray = str(saved.get("ray", "")).strip()
        self.mode = QComboBox()
        for key, label in MODES.items():
            self.mode.addItem(label, key)
        mode = "off" if ray.lower() in ("", "off") else "auto" if ray == "auto" else "address"
        self.mode.setCurrentIndex(self.mode.findData(mode))
        self.address = QLineEdit(ray if mode == "address" else "")
        self.address.setPlaceholderText("the head's GCS host:6379, or its job API http://host:8265")
        self.where = QComboBox()
        for key, label in PLACEMENTS.items():
            self.where.addItem(label, key)
        self.where.setCurrentIndex(max(0, self.where.findData(saved.get("where", "local"))))
        form.addRow("Connect:", self.mode)
        form.addRow("Address:", self.address)
        form.addRow("Jobs run on:", self.where)
        overridden = [name for name in ("GPUACCEL_RAY", "GPUACCEL_WHERE") if os.environ.get(name)]
        note = QLabel(
            f"Saved to {config_file()}; applies the next time the daemon on this computer starts."
            + (
                f" {' and '.join(overridden)} set in this app's environment win over it."
                if overridden
                else ""
            )
        )
        note.setObjectName("hint")
        note.setWordWrap(True)
        outer.addWidget(note)  # below the form: a wrapped label in a form row is cut short
        self.error = QLabel("")
        self.error.setObjectName("formError")
        self.error.setWordWrap(True)
        self.error.hide()
        outer.addWidget(self.error)
        self.mode.currentIndexChanged.connect(self._sync)
        self._sync()

    def _sync(self) -> None:
        mode = self.mode.currentData()
        self.address.setEnabled(mode == "address")
        self.where.setEnabled(mode != "off")
        if mode == "off":
            self.where.setCurrentIndex(self.where.findData("local"))

    def values(self) -> dict[str, str]:
        """``ray`` and ``where`` as config.toml will hold them."""
        mode = self.mode.currentData()
        ray = self.address.text().strip() if mode == "address" else str(mode)
        return {"ray": ray, "where": str(self.where.currentData())}

    def save(self) -> bool:
        """Write the values to config.toml when they changed; False (the reason shown) when refused."""
        values = self.values()
        saved = saved_settings()
        before = {"ray": str(saved.get("ray", "off")) or "off", "where": str(saved.get("where", "local"))}
        if values == before:
            return True
        if values["ray"] == "":
            self._refuse("Give the Ray cluster's address, or choose Off or Auto.")
            return False
        try:
            write_settings(values)
        except (ConfigError, OSError) as exc:
            self._refuse(f"Not saved: {exc}")
            return False
        self.error.hide()
        return True

    def _refuse(self, text: str) -> None:
        self.error.setText(text)
        self.error.show()
