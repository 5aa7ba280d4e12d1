"""The jobs tab's pause/resume and hold/release buttons: shown for the states they apply to, named for
what they will do, and sending that action for the selected job."""

from __future__ import annotations

import os
import time

from gpuaccel.app.client import Client
from gpuaccel.app.gui.daemon_calls import JOB_CONTROLS
from gpuaccel.app.gui.jobs import JobsPanel
from gpuaccel.app.gui.models import JobsModel

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
NOW = time.time()


def job(job_id: int, state: str) -> dict[str, object]:
    return {
        "id": job_id, "name": f"j{job_id}", "kind": "command", "argv": ["true"], "state": state,
        "priority": 0, "gpus": 0, "assigned_gpus": [], "created_at": NOW, "started_at": NOW - 5,
    }  # fmt: skip


def panel_with(qtbot, *jobs: dict[str, object]) -> JobsPanel:
    model = JobsModel()
    panel = JobsPanel(model)
    qtbot.addWidget(panel)
    model.set_jobs([dict(j) for j in jobs])
    return panel


def select(panel: JobsPanel, job_id: int) -> None:
    row = next(i for i, r in enumerate(panel.table_model.rows) if r["id"] == job_id)
    panel.table.selectRow(row)


def test_buttons_follow_the_selected_jobs_state_and_send_the_action(qtbot) -> None:
    panel = panel_with(
        qtbot, job(1, "running"), job(2, "paused"), job(3, "queued"), job(4, "held"), job(5, "failed")
    )
    sent: list[tuple[str, int]] = []
    panel.controlRequested.connect(lambda action, job_id: sent.append((action, job_id)))
    expected = {
        1: ("Pause", True, "Hold", False),
        2: ("Resume", True, "Hold", False),
        3: ("Pause", False, "Hold", True),
        4: ("Pause", False, "Release", True),
        5: ("Pause", False, "Hold", False),
    }
    for job_id, (pause, pause_on, hold, hold_on) in expected.items():
        select(panel, job_id)
        got = (
            panel.pause_button.text(), panel.pause_button.isEnabled(),
            panel.hold_button.text(), panel.hold_button.isEnabled(),
        )  # fmt: skip
        assert got == (pause, pause_on, hold, hold_on), job_id
        for button in (panel.pause_button, panel.hold_button):
            if button.isEnabled():
                button.click()
    assert sent == [("pause", 1), ("resume", 2), ("hold", 3), ("release", 4)]
    assert set(JOB_CONTROLS) == {"pause", "resume", "hold", "release"}
    assert JOB_CONTROLS["pause"] is Client.pause_job and JOB_CONTROLS["release"] is Client.release


def test_an_answer_is_shown_and_a_paused_job_asks_before_cancel(qtbot) -> None:
    panel = panel_with(qtbot, job(2, "running"))
    panel.action_done("pause", job(2, "paused"))
    assert panel.status.text() == "Job 2: paused (paused)."
    select(panel, 2)
    assert panel.pause_button.text() == "Resume"
    cancelled: list[int] = []
    panel.cancelRequested.connect(cancelled.append)
    box = panel.cancel_selected()  # a paused job still has processes: confirm first
    assert box is not None and "job 2" in box.text() and cancelled == []
    box.reject()
