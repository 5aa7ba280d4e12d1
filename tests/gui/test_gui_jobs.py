"""The jobs tab without a daemon: the result/reason column, shell-quoted commands, the confirmation
before a running job is cancelled, and clock-time axes on a job's telemetry."""

from __future__ import annotations

import os
import shlex
import time

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from gpuaccel.app.gui.job_details import describe_job, event_text
from gpuaccel.app.gui.jobs import JobsPanel
from gpuaccel.app.gui.jobs_table import COLUMNS
from gpuaccel.app.gui.models import JobsModel

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
NOW = time.time()
ARGV = ["sh", "-c", "echo a; echo 'b c'"]
JOBS = [
    {"id": 3, "name": None, "kind": "command", "argv": ARGV, "state": "running", "priority": 0, "gpus": 1,
     "assigned_gpus": [0], "created_at": NOW - 90, "started_at": NOW - 60, "finished_at": None},
    {"id": 2, "name": "train", "kind": "command", "argv": ["python", "train.py"], "state": "failed",
     "priority": 0, "gpus": 1, "assigned_gpus": [1], "exit_code": 3, "reason": "exited with code 3: CUDA OOM",
     "created_at": NOW - 300, "started_at": NOW - 290, "finished_at": NOW - 200},
    {"id": 1, "name": "bench", "kind": "matmul", "spec": {}, "state": "succeeded", "priority": 0,
     "gpus": 1, "result": {"tflops": 612.34}, "created_at": NOW - 900, "started_at": NOW - 890,
     "finished_at": NOW - 800},
    {"id": 4, "name": "later", "kind": "command", "argv": ["true"], "state": "queued", "priority": 0,
     "gpus": 1, "created_at": NOW},
]  # fmt: skip


def panel_with_jobs(qtbot) -> JobsPanel:
    model = JobsModel()
    panel = JobsPanel(model)
    qtbot.addWidget(panel)
    model.set_jobs([dict(j) for j in JOBS])
    return panel


def cell(panel: JobsPanel, job_id: int, column: str, role: Qt.ItemDataRole = Qt.ItemDataRole.DisplayRole):
    table = panel.table_model
    row = next(i for i, r in enumerate(table.rows) if r["id"] == job_id)
    return table.data(table.index(row, COLUMNS.index(column)), role)


def select(panel: JobsPanel, job_id: int) -> None:
    row = next(i for i, r in enumerate(panel.table_model.rows) if r["id"] == job_id)
    panel.table.selectRow(row)


def test_result_column_says_why_a_job_failed_and_commands_are_shell_quoted(qtbot) -> None:
    panel = panel_with_jobs(qtbot)
    assert "Result / reason" in COLUMNS
    assert cell(panel, 2, "Result / reason") == "exited with code 3: CUDA OOM"
    assert cell(panel, 1, "Result / reason") == "612.3 TFLOP/s"
    quoted = cell(panel, 3, "Name")
    assert quoted == "sh -c 'echo a; echo '\"'\"'b c'\"'\"''" and shlex.split(quoted) == ARGV
    assert cell(panel, 3, "Name", Qt.ItemDataRole.ToolTipRole) == quoted
    select(panel, 3)
    assert f"command: {quoted}" in panel.details.summary.toPlainText()


def test_cancelling_a_running_job_asks_first_and_names_it(qtbot) -> None:
    panel = panel_with_jobs(qtbot)
    sent: list[int] = []
    panel.cancelRequested.connect(sent.append)
    select(panel, 3)
    assert panel.cancel_button.isEnabled()
    panel.cancel_button.click()
    box = panel.cancel_box
    assert isinstance(box, QMessageBox) and box.isVisible() and not sent
    assert "job 3" in box.text() and "sh -c" in box.text() and "GPU 0" in box.informativeText()
    keep = next(b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.RejectRole)
    keep.click()
    qtbot.waitUntil(lambda: not box.isVisible())
    assert sent == []
    box = panel.cancel_selected()
    assert box is not None
    stop = next(b for b in box.buttons() if box.buttonRole(b) == QMessageBox.ButtonRole.DestructiveRole)
    assert stop.text() == "Cancel job 3"
    stop.click()
    qtbot.waitUntil(lambda: sent == [3])


def test_a_queued_job_is_cancelled_without_a_question(qtbot) -> None:
    panel = panel_with_jobs(qtbot)
    sent: list[int] = []
    panel.cancelRequested.connect(sent.append)
    select(panel, 4)
    assert panel.cancel_selected() is None and sent == [4]


def test_job_telemetry_has_a_clock_time_axis_for_a_short_job(qtbot) -> None:
    panel = panel_with_jobs(qtbot)
    select(panel, 3)
    details = panel.details
    t0 = time.mktime((2026, 11, 23, 14, 0, 10, 0, 0, -1))
    t = [t0 + i * 0.5 for i in range(40)]  # a 20-second job
    details.show_telemetry(3, {0: {"t": t, "util_gpu": [50.0] * 40, "resolution": "raw"}})
    details.resize(800, 500)
    details.show()
    plot = details._tplots["util_gpu"]
    axis = plot.getAxis("bottom")
    lo, hi = plot.getViewBox().viewRange()[0]
    labels = [
        s for spacing, ticks in axis.tickValues(lo, hi, 800) for s in axis.tickStrings(ticks, 1, spacing)
    ]
    assert labels and all(s.count(":") == 2 and s.startswith("14:00:") for s in labels), labels
    assert "1 GPU" in details.telemetry_note.text() or "GPU 0" in details.telemetry_note.text()


def test_a_filter_that_hides_the_selected_job_leaves_nothing_to_act_on(qtbot) -> None:
    panel = panel_with_jobs(qtbot)
    selected: list[object] = []
    panel.selectionChanged.connect(selected.append)
    select(panel, 3)  # running: Cancel and Pause apply
    assert panel.cancel_button.isEnabled() and "Job 3" in panel.details.summary.toPlainText()
    panel.state_filter.setCurrentText("succeeded")  # only job 1 shown
    assert [r["id"] for r in panel.table_model.rows] == [1]
    assert panel.selected_job() is None and selected == [3, None]
    assert not panel.cancel_button.isEnabled() and not panel.pause_button.isEnabled()
    assert "Job 3" not in panel.details.summary.toPlainText()


def test_the_cancel_question_says_where_the_job_runs(qtbot) -> None:
    panel = panel_with_jobs(qtbot)
    panel.model.upsert({**JOBS[0], "id": 5, "state": "paused", "gpus": 0, "assigned_gpus": []})
    select(panel, 5)
    box = panel.cancel_selected()
    assert box is not None and box.windowTitle() == "Cancel a paused job?"
    assert "without a GPU" in box.informativeText() and "GPU no GPU" not in box.informativeText()
    box.reject()


def test_a_held_job_s_priority_can_be_set(qtbot) -> None:
    panel = panel_with_jobs(qtbot)
    panel.model.upsert({**JOBS[3], "id": 6, "state": "held"})
    sent: list[tuple[int, int]] = []
    panel.priorityRequested.connect(lambda job_id, priority: sent.append((job_id, priority)))
    select(panel, 6)
    assert panel.priority_button.isEnabled()
    panel.priority_spin.setValue(7)
    panel.priority_button.click()
    assert sent == [(6, 7)]


def test_a_retried_job_s_attempt_is_not_counted_against_its_first_budget(qtbot) -> None:
    panel = panel_with_jobs(qtbot)
    # failed again after a retry by hand, which gave it max_retries afresh: the daemon says 2 are allowed
    panel.model.upsert({**JOBS[1], "id": 8, "attempt": 2, "max_retries": 0, "attempts_allowed": 2})
    select(panel, 8)
    summary = panel.details.summary.toPlainText()
    assert "attempt 2 of 2" in summary and "attempt 2 of 1" not in summary


def test_an_array_s_elements_are_told_apart_by_their_index(qtbot) -> None:
    """An array's elements share its name: the table showed 'arr' for each, the index only in events."""
    panel = panel_with_jobs(qtbot)
    for i in range(2):
        element = {**JOBS[3], "id": 10 + i, "name": "arr", "array_id": 10, "array_index": i}
        panel.model.upsert(element)
    assert [cell(panel, 10, "Name"), cell(panel, 11, "Name")] == ["[0] arr", "[1] arr"]
    assert cell(panel, 4, "Name") == "later"  # not an array element: its name alone


def test_job_telemetry_plots_start_at_zero_and_share_the_pane(qtbot) -> None:
    """A steady 400 TFLOP/s drew its axis from 399.5 to 400.5, utilization floated between its own
    extremes, and the power plot was 76 px wider than the others."""
    from PySide6.QtWidgets import QApplication

    panel = panel_with_jobs(qtbot)
    select(panel, 3)
    details = panel.details
    details.resize(1260, 330)
    details.setCurrentIndex(2)
    details.show()
    t = [1000.0 + i for i in range(60)]
    util = [50.0 + (i % 10) * 4 for i in range(60)]
    power = [300.0 + (i % 7) * 20 for i in range(60)]
    hist = {"t": t, "util_gpu": util, "tflops_est": [400.0] * 60, "power_w": power, "resolution": "raw"}
    details.show_telemetry(3, {0: hist})
    QApplication.processEvents()
    ranges = {key: plot.getViewBox().viewRange()[1] for key, plot in details._tplots.items()}
    assert ranges["util_gpu"] == [0.0, 100.0]
    assert ranges["tflops_est"][0] == 0.0 and 400.0 < ranges["tflops_est"][1] <= 450.0
    assert ranges["power_w"][0] == 0.0 and ranges["power_w"][1] >= 420.0
    widths = [plot.sceneBoundingRect().width() for plot in details._tplots.values()]
    assert max(widths) - min(widths) <= 2, widths


def _row_visible(panel: JobsPanel, job_id: int) -> bool:
    row = next(i for i, r in enumerate(panel.table_model.rows) if r["id"] == job_id)
    rect = panel.table.visualRect(panel.table_model.index(row, 0))
    return rect.isValid() and panel.table.viewport().rect().contains(rect)


def test_a_job_submitted_while_a_row_is_selected_is_scrolled_into_view(qtbot) -> None:
    """With an old job selected far down the list, the new job landed above the visible rows."""
    model = JobsModel()
    panel = JobsPanel(model)
    qtbot.addWidget(panel)
    old = [{**JOBS[2], "id": i, "created_at": NOW - 1000 + i} for i in range(1, 61)]
    model.set_jobs(old)
    panel.resize(1200, 700)
    panel.show()
    qtbot.waitExposed(panel)
    select(panel, 1)  # the oldest: the bottom row
    panel.table.scrollToBottom()
    assert panel.selected_job()["id"] == 1 and not _row_visible(panel, 60)
    new = {**JOBS[3], "id": 61, "created_at": NOW}
    panel.action_done("submit", new)
    assert _row_visible(panel, 61) and panel.selected_job()["id"] == 61


def test_the_note_under_the_table_follows_the_job(qtbot) -> None:
    """ "Job 14: submitted (queued)." stayed after the job failed, "cancel requested (running)" after the
    cancel had ended it."""
    model = JobsModel()
    panel = JobsPanel(model)
    qtbot.addWidget(panel)
    queued = {**JOBS[3], "id": 14}
    model.set_jobs([queued])
    panel.action_done("submit", queued)
    assert panel.status.text() == "Job 14: submitted (queued)."
    reason = "exited with code 1: sleep: invalid time interval '20;'"
    model.set_jobs([{**queued, "state": "failed", "exit_code": 1, "reason": reason}])
    assert panel.status.text() == f"Job 14: submitted; now failed: {reason}."
    assert panel.status.property("error") == "yes"
    running = {**JOBS[0], "id": 15}
    model.set_jobs([running])
    panel.action_done("cancel", running)
    assert panel.status.text() == "Job 15: cancel requested (running)."
    model.set_jobs([{**running, "state": "cancelled", "exit_code": -15, "reason": "cancelled by user"}])
    assert panel.status.text() == "Job 15: cancel requested; now cancelled: cancelled by user."


def test_the_state_column_shows_a_waiting_reason_whole_and_a_cancel_no_exit_code(qtbot) -> None:
    """The State column cut "queued (starts at 10:35)"; a cancelled job read "cancelled by user (exit
    -15)", the signal its own cancel sent."""
    model = JobsModel()
    panel = JobsPanel(model)
    qtbot.addWidget(panel)
    panel.resize(1280, 600)
    panel.show()
    waiting = {**JOBS[3], "waiting_reason": "starts at 10:35 (--begin)"}
    cancelled = {**JOBS[0], "id": 5, "state": "cancelled", "exit_code": -15, "reason": "cancelled by user"}
    why = "crashed: killed by signal SIGKILL"
    killed = {**JOBS[0], "id": 6, "state": "failed", "exit_code": -9, "reason": why}
    model.set_jobs([waiting, cancelled, killed])
    text = cell(panel, 4, "State")
    assert text == "queued (starts at 10:35 (--begin))"
    state_col = COLUMNS.index("State")
    width = panel.table.columnWidth(state_col)
    # wider than it was (150 px) and as wide as Qt needs to draw the text uncut (its margins included)
    assert width > 150 and width >= panel.table.sizeHintForColumn(state_col)
    assert width >= panel.table.fontMetrics().horizontalAdvance(text)
    assert cell(panel, 5, "Result / reason") == "cancelled by user"
    assert cell(panel, 6, "Result / reason") == "crashed: killed by signal SIGKILL"


def test_an_event_says_its_word_once() -> None:
    """The energy event read "energy energy 812 J on GPU 0 over 60.0 s (exclusive)"."""
    energy = {"t": NOW, "type": "energy", "message": "energy 812 J on GPU 0 over 60.0 s (exclusive)"}
    started = {"t": NOW, "type": "state", "state": "running", "message": "started on GPU 0"}
    text = describe_job({**JOBS[1], "events": [energy, started]})
    assert "energy energy" not in text and "energy 812 J on GPU 0" in text
    assert event_text(started) == "running  started on GPU 0"
