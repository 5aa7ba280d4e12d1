"""User settings (QSettings) and the settings dialog.

- Daemon: empty address = the local daemon (found through its data dir); an address and token = a
  remote daemon, e.g. a GPU server reached through an SSH tunnel.
- Theme: light, dark or follow the system (plots included), applied at once.
- Sampling rate: how often the window polls live telemetry (the daemon samples at its own rate).
- Idle threshold: passed to a daemon this app starts (environment of ``gpuaccel serve``).
- Assistant policy: the daemon's own setting (``<data dir>/assistant.json``), like the model: the window
  mirrors what ``GET /assistant/state`` reports (:func:`policy_of`) and sends ``POST /assistant/settings``
  only when the user changes it, so the app never keeps a second copy that could undo the CLI's choice.
- Ray cluster: the daemon's connection and default placement, kept in this computer's config.toml
  (:mod:`gpuaccel.app.gui.settings_cluster`), applied on the daemon's next start.
- Assistant model: the daemon's own setting (it keeps it across restarts). The dialog shows the model
  the daemon has active and sends ``POST /assistant/models/select`` only when the user changes it, so
  a model chosen from the CLI is not undone by the next connect.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from gpuaccel.api.assistant import Policy
from gpuaccel.app.gui.connection import Endpoint
from gpuaccel.app.gui.settings_cluster import RayClusterGroup
from gpuaccel.app.gui.theme import THEME_CHOICES

ORG, APP = "gpuaccel", "gpuaccel"
# policy -> (label, the daemon's assistant settings: POST /assistant/settings, an api.assistant.Policy)
ASSISTANT_POLICY_SETTINGS: dict[str, tuple[str, dict[str, object]]] = {
    "idle-only": ("GPU while it is idle, else CPU", Policy(use_gpu=True, on_close="cpu").model_dump()),
    "wait": ("GPU while it is idle, else wait", Policy(use_gpu=True, on_close="wait").model_dump()),
    "cpu-only": ("CPU only", Policy(use_gpu=False, on_close="cpu").model_dump()),
}
ASSISTANT_POLICIES = tuple(ASSISTANT_POLICY_SETTINGS)
_DAEMON_OWNED = {"assistant_policy"}  # mirrored from the daemon, never stored in QSettings


def policy_of(daemon_settings: dict[str, object]) -> str | None:
    """The policy name for the daemon's assistant settings ``{use_gpu, on_close}``, None if none matches."""
    for name, (_label, body) in ASSISTANT_POLICY_SETTINGS.items():
        if all(daemon_settings.get(key) == value for key, value in body.items()):
            return name
    return None


@dataclass
class AppSettings:
    daemon_url: str = ""
    token: str = ""
    rate_hz: float = 10.0
    idle_util_pct: float = 10.0
    idle_after_s: float = 60.0
    assistant_policy: str = "idle-only"
    notifications: bool = True
    theme: str = "system"  # one of theme.THEME_CHOICES

    @classmethod
    def load(cls, store: QSettings | None = None) -> AppSettings:
        store = store or QSettings(ORG, APP)
        out = cls()
        for f in fields(cls):
            if f.name in _DAEMON_OWNED:
                continue
            raw = store.value(f.name)
            if raw is None:
                continue
            default = getattr(out, f.name)
            try:
                if isinstance(default, bool):
                    value: object = raw if isinstance(raw, bool) else str(raw).lower() in ("1", "true", "yes")
                elif isinstance(default, float):
                    value = float(raw)
                else:
                    value = str(raw)
            except (TypeError, ValueError):
                continue
            setattr(out, f.name, value)
        out.rate_hz = min(20.0, max(1.0, out.rate_hz))
        if out.theme not in THEME_CHOICES:
            out.theme = "system"
        return out

    def save(self, store: QSettings | None = None) -> None:
        store = store or QSettings(ORG, APP)
        for f in fields(self):
            if f.name not in _DAEMON_OWNED:
                store.setValue(f.name, getattr(self, f.name))
        for name in _DAEMON_OWNED:
            store.remove(name)  # an older build's copy

    def endpoint(self, data_dir: str | None = None) -> Endpoint:
        return Endpoint(self.daemon_url, self.token, data_dir).normalized()

    def daemon_env(self) -> dict[str, str]:
        """Environment for a local daemon this app starts (scheduler.config reads GPUACCEL_<FIELD>)."""
        return {
            "GPUACCEL_IDLE_UTIL_PCT": f"{self.idle_util_pct:g}",
            "GPUACCEL_IDLE_AFTER_S": f"{self.idle_after_s:g}",
        }

    def assistant_settings(self) -> dict[str, object]:
        """The body of the daemon's ``POST /assistant/settings`` for the chosen policy."""
        policy = ASSISTANT_POLICY_SETTINGS.get(self.assistant_policy, ASSISTANT_POLICY_SETTINGS["idle-only"])
        return dict(policy[1])


class PlainSpinBox(QDoubleSpinBox):
    """A number box that writes what people type ("60 s", "2.5 Hz"), not "60.00 s": it still takes two
    decimals, only the zeros they leave are not shown."""

    def textFromValue(self, value: float) -> str:
        text = super().textFromValue(value)
        point = self.locale().decimalPoint()
        return text.rstrip("0").removesuffix(point) if point in text else text


class SettingsDialog(QDialog):
    def __init__(
        self, settings: AppSettings, parent: QWidget | None = None, active_model: str | None = None
    ) -> None:
        """``active_model``: the model the connected daemon has selected (None: not known yet)."""
        super().__init__(parent)
        self.setWindowTitle("Settings")
        self.setObjectName("settingsDialog")
        self.setMinimumWidth(480)
        layout = QVBoxLayout(self)
        daemon = QGroupBox("Daemon")
        form = QFormLayout(daemon)
        self.url = QLineEdit(settings.daemon_url)
        self.url.setPlaceholderText("empty: the local daemon; or http://host:8765")
        self.token = QLineEdit(settings.token)
        self.token.setEchoMode(QLineEdit.EchoMode.Password)
        self.token.setPlaceholderText("the remote daemon's token (its data dir's `token` file)")
        form.addRow("Address:", self.url)
        form.addRow("Token:", self.token)
        self.url_error = QLabel("")
        self.url_error.setObjectName("formError")
        self.url_error.setWordWrap(True)
        self.url_error.hide()
        form.addRow(self.url_error)
        layout.addWidget(daemon)
        live = QGroupBox("Appearance and live view")
        form = QFormLayout(live)
        self.rate = PlainSpinBox()
        self.rate.setRange(1.0, 20.0)
        self.rate.setSuffix(" Hz")
        self.rate.setValue(settings.rate_hz)
        self.notifications = QCheckBox("Notify when a job finishes or fails")
        self.notifications.setChecked(settings.notifications)
        self.theme = QComboBox()
        for key, label in THEME_CHOICES.items():
            self.theme.addItem(label, key)
        self.theme.setCurrentIndex(max(0, self.theme.findData(settings.theme)))
        form.addRow("Theme:", self.theme)
        form.addRow("Telemetry polling:", self.rate)
        form.addRow("", self.notifications)
        layout.addWidget(live)
        local = QGroupBox("A local daemon started by this app")
        form = QFormLayout(local)
        self.idle_pct = PlainSpinBox()
        self.idle_pct.setRange(0.0, 100.0)
        self.idle_pct.setSuffix("%")
        self.idle_pct.setValue(settings.idle_util_pct)
        self.idle_after = PlainSpinBox()
        self.idle_after.setRange(1.0, 86400.0)
        self.idle_after.setSuffix(" s")
        self.idle_after.setValue(settings.idle_after_s)
        form.addRow("Idle below:", self.idle_pct)
        form.addRow("…for at least:", self.idle_after)
        note = QLabel("These apply the next time the app starts the local daemon.")
        note.setObjectName("hint")
        form.addRow(note)
        layout.addWidget(local)
        self.cluster = RayClusterGroup(self)
        layout.addWidget(self.cluster)
        assistant = QGroupBox("Assistant (on the connected daemon)")
        form = QFormLayout(assistant)
        self._active_model = active_model
        self.model = QLineEdit(active_model or "")
        self.model.setPlaceholderText(
            "the daemon's model; empty: the bundled tiny RWKV model; or an installed model's name"
        )
        self.policy = QComboBox()
        for key, (label, _) in ASSISTANT_POLICY_SETTINGS.items():
            self.policy.addItem(label, key)
        index = self.policy.findData(settings.assistant_policy)
        self.policy.setCurrentIndex(max(0, index))
        form.addRow("Model:", self.model)
        form.addRow("Policy:", self.policy)
        note = QLabel(
            "Both are the daemon's own settings: a change is sent to it when you save (at the next connect"
            " while it is away) and the daemon keeps it. A rejection shows in the Assistant tab."
        )
        note.setObjectName("hint")
        note.setWordWrap(True)
        form.addRow(note)
        layout.addWidget(assistant)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self._fit_height()

    def _fit_height(self) -> None:
        """Tall enough for the wrapped notes (and an error shown) at this width: the size hint alone cuts
        their last lines, and a shown error squeezed the rows below it."""
        width = max(self.width(), self.minimumWidth())
        layout = self.layout()
        layout.activate()
        self.resize(width, max(self.sizeHint().height(), layout.totalHeightForWidth(width)))

    def accept(self) -> None:
        """Close only with an address that can reach a daemon and once the cluster settings are written
        (each refusal is shown in its group)."""
        problem = Endpoint(self.url.text()).problem()
        self.url_error.setText(problem or "")
        self.url_error.setVisible(problem is not None)
        if problem is not None:
            self.url.setFocus()
        elif self.cluster.save():
            super().accept()
            return
        self._fit_height()

    def model_choice(self) -> str | None:
        """The model to select on the daemon ("" = the bundled one); None when the field is unchanged."""
        text = self.model.text().strip()
        return None if text == (self._active_model or "") else text

    def result_settings(self) -> AppSettings:
        return AppSettings(
            daemon_url=self.url.text().strip(),
            token=self.token.text().strip(),
            rate_hz=self.rate.value(),
            idle_util_pct=self.idle_pct.value(),
            idle_after_s=self.idle_after.value(),
            assistant_policy=str(self.policy.currentData()),
            notifications=self.notifications.isChecked(),
            theme=str(self.theme.currentData()),
        )
