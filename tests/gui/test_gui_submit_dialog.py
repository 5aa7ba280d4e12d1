"""The submit dialog as a user meets it: it opens on the command form, a shell line runs through a shell
when asked, an environment value with commas, what a daemon that did not judge the job says (no answer, a
wrong token), and an old error gone when the dialog is opened again."""

from __future__ import annotations

import os

from gpuaccel.app.gui.api import UNAUTHORIZED
from gpuaccel.app.gui.jobs import JobsPanel
from gpuaccel.app.gui.models import JobsModel

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def test_an_environment_value_may_hold_commas(qtbot) -> None:
    panel = JobsPanel(JobsModel())
    qtbot.addWidget(panel)
    dialog = panel.open_submit_dialog()
    sent: list[dict] = []
    dialog.submitted.connect(sent.append)
    dialog.select_kind("command")
    dialog.command_edit.setText("python train.py")
    dialog.env_edit.setPlainText("CUDA_VISIBLE_DEVICES=0,1\nPYTHONPATH=/a,/b")
    dialog.labels_edit.setText("team=a, exp=12")  # one line: labels stay comma-separated
    dialog.try_submit()
    assert dialog.error.text() == ""
    assert sent[0]["env"] == {"CUDA_VISIBLE_DEVICES": "0,1", "PYTHONPATH": "/a,/b"}
    assert sent[0]["labels"] == {"team": "a", "exp": "12"}


def test_a_wrong_token_does_not_blame_the_job_and_a_reopened_dialog_starts_clean(qtbot) -> None:
    panel = JobsPanel(JobsModel())
    qtbot.addWidget(panel)
    dialog = panel.open_submit_dialog()
    dialog.select_kind("command")
    dialog.command_edit.setText("echo hi")
    dialog.try_submit()
    panel.action_failed("submit", UNAUTHORIZED, "", "the daemon at http://h:1 rejected the token")
    assert dialog.isVisible() and dialog.submit_button.isEnabled()
    assert dialog.error.text().startswith("Not submitted: the daemon at http://h:1 rejected the token.")
    assert "rejected this job" not in dialog.error.text() and dialog.command_edit.text() == "echo hi"
    dialog.reject()
    assert panel.open_submit_dialog() is dialog and not dialog.error.isVisible()
    assert dialog.command_edit.text() == "echo hi"  # what was typed is still there


def test_the_dialog_opens_on_the_command_form(qtbot) -> None:
    """It opened on the attention.bench JSON spec; most jobs are commands."""
    panel = JobsPanel(JobsModel())
    qtbot.addWidget(panel)
    dialog = panel.open_submit_dialog()
    assert dialog.preset.currentData() == "command"
    assert dialog.command_edit.isVisible() and not dialog.spec_edit.isVisible()


def test_a_shell_line_runs_through_a_shell_when_asked(qtbot) -> None:
    """``sleep 20; echo done`` was split into ``sleep 20; echo done`` as four arguments and failed in
    sleep; now the dialog names the shell syntax, and with the box ticked sends ``sh -c LINE``."""
    panel = JobsPanel(JobsModel())
    qtbot.addWidget(panel)
    dialog = panel.open_submit_dialog()
    sent: list[dict] = []
    dialog.submitted.connect(sent.append)
    dialog.command_edit.setText("sleep 20; echo done")
    dialog.try_submit()
    assert not sent and "; is shell syntax" in dialog.error.text()
    assert "Run through a shell" in dialog.error.text()
    assert "sh -c" in dialog.shell_box.text() and "pueue" in dialog.shell_box.toolTip()
    assert " &&&& " in dialog.shell_box.text()  # shown as "&&": a lone "&" would be a shortcut mark
    dialog.shell_box.setChecked(True)
    dialog.try_submit()
    assert sent[-1]["argv"] == ["sh", "-c", "sleep 20; echo done"] and dialog.error.text() == ""
    dialog.accepted_by_daemon({"id": 1})
    dialog = panel.open_submit_dialog()
    dialog.shell_box.setChecked(False)
    dialog.command_edit.setText("python -c 'print(1); print(2)'")  # quoted: no shell needed
    dialog.try_submit()
    assert sent[-1]["argv"] == ["python", "-c", "print(1); print(2)"]
