"""The submit dialog: presets for the attention workloads and matmul, and a command form.

Everything is checked here before it is sent, with the scheduler's own validator
(:func:`scheduler.lifecycle.validation.validate_request`), so a typo is named at once; what only the daemon
can judge
(a path on a remote host, a kind only it knows) goes through and a rejection comes back into the same
dialog, with the field it names, instead of closing it.
"""

from __future__ import annotations

import importlib
import json
import shlex
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from gpuaccel.app.gui.api import REJECTED
from gpuaccel.scheduler.lifecycle.validation import COMMAND, RequestError, validate_request

# (kind, title, module holding DEFAULTS, fallback spec when the module is not installed)
PRESETS: tuple[tuple[str, str, str, dict[str, Any]], ...] = (
    (COMMAND, "command — any program (e.g. python train.py)", "", {}),
    (
        "attention.bench",
        "attention.bench — one shape, our kernel vs SDPA backends",
        "gpuaccel.accel.workloads.attention",
        {"batch": 4, "heads": 16, "seq": 4096, "head_dim": 128, "dtype": "bf16", "causal": False},
    ),
    (
        "attention.sweep",
        "attention.sweep — a grid of shapes, table and plot",
        "gpuaccel.accel.workloads.attention",
        {"seqs": [1024, 2048, 4096, 8192], "head_dim": 128, "dtype": "bf16", "causal": False},
    ),
    ("attention.ring", "attention.ring — ring attention across GPUs", "gpuaccel.accel.workloads.ring", {}),
    ("matmul", "matmul — bf16 matmul burn, exact TFLOP/s", "gpuaccel.accel.workloads.matmul", {}),
)  # the command form first: it is what most jobs are
SHELL = "sh"  # a shell line runs as ``sh -c LINE``, as pueue runs every command
SHELL_HINT = (
    "Ticked, the line runs as `sh -c LINE` (as pueue runs commands): `;`, `&&`, `|`, redirections, "
    "$VARIABLES and globs work. Unticked, the line is split into a program and its arguments and run "
    "without a shell."
)


def preset_spec(module: str, fallback: dict[str, Any], kind: str) -> dict[str, Any]:
    """The workload's own defaults when its module has them (import-safe: no torch at import).

    A module with one kind has ``DEFAULTS``; attention has ``BENCH_DEFAULTS`` and ``SWEEP_DEFAULTS``.
    Otherwise the preset's own example spec, which the daemon's validator completes or rejects by field.
    """
    if not module:
        return dict(fallback)
    try:
        mod = importlib.import_module(module)
    except ImportError:
        return dict(fallback)
    by_kind = {"attention.bench": "BENCH_DEFAULTS", "attention.sweep": "SWEEP_DEFAULTS"}
    named = getattr(mod, by_kind.get(kind, ""), None)
    if isinstance(named, dict):
        return dict(named)
    defaults = getattr(mod, "DEFAULTS", None)
    if isinstance(defaults, dict) and not fallback:
        return dict(defaults)
    return dict(fallback)


def shell_operators(line: str) -> list[str]:
    """The shell operators (``;``, ``&&``, ``|``, ``>``, ...) written unquoted in ``line``: without a shell
    they reach the program as arguments (``sleep 20;`` failed "invalid time interval '20;'")."""
    lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
    lexer.whitespace_split = True
    try:
        return [t for t in lexer if t and all(c in "();<>|&" for c in t)]
    except ValueError:  # an unclosed quote: shlex.split names it below
        return []


def command_argv(line: str, shell: bool) -> list[str]:
    """The argv a command line runs as: ``sh -c LINE`` through a shell, else the line split as a shell
    would (quotes kept together) and run without one; raises RequestError naming ``argv``."""
    if not line.strip():
        raise RequestError("argv", "write the command to run, e.g. python train.py --epochs 3")
    if shell:
        return [SHELL, "-c", line]
    operators = shell_operators(line)
    if operators:
        shown = " ".join(dict.fromkeys(operators))
        raise RequestError(
            "argv", f"{shown} is shell syntax: tick 'Run through a shell' to run this line with sh -c"
        )
    try:
        return shlex.split(line)
    except ValueError as exc:
        raise RequestError("argv", f"cannot split the command line: {exc}") from None


def _pairs(text: str, what: str, commas: bool = True) -> dict[str, str]:
    """KEY=VALUE pairs, one a line or (``commas``) separated by commas; an environment value may hold
    commas (``CUDA_VISIBLE_DEVICES=0,1``, ``PYTHONPATH``), so the environment is split by lines only."""
    out: dict[str, str] = {}
    for raw in (text.replace(",", "\n") if commas else text).splitlines():
        line = raw.strip()
        if not line:
            continue
        key, sep, value = line.partition("=")
        if not sep or not key.strip():
            raise RequestError(what, f"write KEY=VALUE, got {line!r}")
        out[key.strip()] = value.strip()
    return out


class SubmitDialog(QDialog):
    """Emits ``submitted(request)`` when the form is valid; stays open until :meth:`accepted_by_daemon`."""

    submitted = Signal(object)

    def __init__(self, remote: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Submit a job")
        self.setObjectName("submitDialog")
        self.remote = remote
        self.setMinimumWidth(520)
        layout = QVBoxLayout(self)
        self.preset = QComboBox()
        for kind, title, _, _ in PRESETS:
            self.preset.addItem(title, kind)
        layout.addWidget(self.preset)
        self.pages = QStackedWidget()
        self.spec_edit = QPlainTextEdit()
        self.spec_edit.setObjectName("specEdit")
        spec_page = QWidget()
        spec_form = QFormLayout(spec_page)
        spec_form.addRow("Spec (JSON):", self.spec_edit)
        self.command_edit = QLineEdit()
        self.command_edit.setPlaceholderText("python train.py --epochs 3")
        # "&&" in a button's text is a literal "&" (a single one marks the shortcut letter)
        self.shell_box = QCheckBox("Run through a shell (sh -c LINE), for  ;  &&&&  |  >  $VAR  *")
        self.shell_box.setToolTip(SHELL_HINT)
        self.cwd_edit = QLineEdit()
        self.cwd_edit.setPlaceholderText("absolute path on the daemon's host (optional)")
        self.env_edit = QPlainTextEdit()
        self.env_edit.setPlaceholderText("KEY=VALUE, one a line")
        self.env_edit.setFixedHeight(60)
        cmd_page = QWidget()
        cmd_form = QFormLayout(cmd_page)
        cmd_form.addRow("Command:", self.command_edit)
        cmd_form.addRow("", self.shell_box)
        cmd_form.addRow("Working dir:", self.cwd_edit)
        cmd_form.addRow("Environment:", self.env_edit)
        self.pages.addWidget(spec_page)
        self.pages.addWidget(cmd_page)
        layout.addWidget(self.pages)
        common = QFormLayout()
        self.name_edit = QLineEdit()
        self.priority = QSpinBox()
        self.priority.setRange(-1000, 1000)
        self.gpus = QSpinBox()
        self.gpus.setRange(-1, 64)
        self.gpus.setSpecialValueText("default")
        self.gpus.setValue(-1)
        self.gpu_ids = QLineEdit()
        self.gpu_ids.setPlaceholderText("e.g. 0,1 (optional: exactly these GPUs)")
        self.retries = QSpinBox()
        self.retries.setRange(0, 100)
        self.timeout = QSpinBox()
        self.timeout.setRange(0, 7 * 86400)
        self.timeout.setSpecialValueText("none")
        self.timeout.setSuffix(" s")
        self.labels_edit = QLineEdit()
        self.labels_edit.setPlaceholderText("team=a, exp=12")
        common.addRow("Name:", self.name_edit)
        common.addRow("Priority:", self.priority)
        common.addRow("GPUs:", self.gpus)
        common.addRow("GPU ids:", self.gpu_ids)
        common.addRow("Max retries:", self.retries)
        common.addRow("Timeout:", self.timeout)
        common.addRow("Labels:", self.labels_edit)
        layout.addLayout(common)
        self.error = QLabel("")
        self.error.setObjectName("formError")
        self.error.setWordWrap(True)
        self.error.hide()
        layout.addWidget(self.error)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.submit_button = self.buttons.addButton("Submit", QDialogButtonBox.ButtonRole.AcceptRole)
        self.buttons.accepted.connect(self.try_submit)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.preset.currentIndexChanged.connect(self._preset_chosen)
        self._preset_chosen(0)

    def select_kind(self, kind: str) -> None:
        index = self.preset.findData(kind)
        if index >= 0:
            self.preset.setCurrentIndex(index)

    def _preset_chosen(self, index: int) -> None:
        kind, _, module, fallback = PRESETS[index]
        self.pages.setCurrentIndex(1 if kind == COMMAND else 0)
        if kind != COMMAND:
            self.spec_edit.setPlainText(json.dumps(preset_spec(module, fallback, kind), indent=2))
        self.show_error("")

    def build_request(self) -> dict[str, Any]:
        """The job request from the form; raises RequestError naming the field."""
        kind = str(self.preset.currentData())
        req: dict[str, Any] = {"kind": kind}
        if kind == COMMAND:
            req["argv"] = command_argv(self.command_edit.text(), self.shell_box.isChecked())
            if self.cwd_edit.text().strip():
                req["cwd"] = self.cwd_edit.text().strip()
            env = _pairs(self.env_edit.toPlainText(), "env", commas=False)
            if env:
                req["env"] = env
        else:
            text = self.spec_edit.toPlainText().strip() or "{}"
            try:
                spec = json.loads(text)
            except json.JSONDecodeError as exc:
                raise RequestError("spec", f"not valid JSON: {exc.msg} (line {exc.lineno})") from None
            req["spec"] = spec
        if self.name_edit.text().strip():
            req["name"] = self.name_edit.text().strip()
        req["priority"] = self.priority.value()
        if self.gpus.value() >= 0:
            req["gpus"] = self.gpus.value()
        if self.gpu_ids.text().strip():
            try:
                req["gpu_ids"] = [int(x) for x in self.gpu_ids.text().replace(" ", "").split(",") if x]
            except ValueError:
                raise RequestError("gpu_ids", "write GPU indices separated by commas, e.g. 0,1") from None
        if self.retries.value():
            req["max_retries"] = self.retries.value()
        if self.timeout.value():
            req["timeout_s"] = self.timeout.value()
        labels = _pairs(self.labels_edit.text(), "labels")
        if labels:
            req["labels"] = labels
        self._validate(req)
        return req

    def _validate(self, req: dict[str, Any]) -> None:
        try:
            validate_request(req)
        except RequestError as exc:
            # On a remote daemon, paths and workload kinds are that host's business: let it judge.
            if self.remote and (exc.field == "cwd" or exc.field == "kind" or exc.field.startswith("spec")):
                return
            raise

    def try_submit(self) -> None:
        try:
            request = self.build_request()
        except RequestError as exc:
            self.show_error(f"{exc.field}: {exc.message}")
            return
        self.show_error("")
        self.submit_button.setEnabled(False)
        self.submit_button.setText("Submitting…")
        self.submitted.emit(request)

    def rejected_by_daemon(self, field: str, message: str, kind: str = REJECTED) -> None:
        """The daemon said no: show its words (naming the field) and let the user fix the form. A daemon
        that did not answer, or refused the token, judged nothing: the job itself is not blamed."""
        self.submit_button.setEnabled(True)
        self.submit_button.setText("Submit")
        if kind != REJECTED:
            self.show_error(f"Not submitted: {message.rstrip('.')}. The form is kept: submit it again.")
            return
        where = f" ({field})" if field and field not in message else ""
        self.show_error(f"The daemon rejected this job{where}: {message}")

    def accepted_by_daemon(self, job: dict[str, Any]) -> None:
        self.submit_button.setEnabled(True)
        self.submit_button.setText("Submit")
        self.accept()

    def show_error(self, text: str) -> None:
        self.error.setText(text)
        self.error.setVisible(bool(text))
