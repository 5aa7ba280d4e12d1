"""The housekeeping tab: proposals in the table, GPU processes the queue did not start shown as
information only (never as something to stop), and what an apply did in sentences that stay visible."""

from __future__ import annotations

import os

from gpuaccel.app.gui import models
from gpuaccel.app.gui.assistant_panel import AssistantPanel

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

SCAN = {
    "proposals": [
        {"id": "a1", "action": "trash", "root": "logs", "path": "/d/logs/job-3.log", "size_bytes": 2048,
         "description": "log of finished job 3, 40 days old"},
    ],
    "refused": {},
    "outside_queue": [
        {"pid": 4242, "gpu": 1, "user": "ana", "cmdline": ["python", "nb.py"],
         "description": "process 4242 (python nb.py) of ana holds 2048 MiB on GPU 1, running for 3 h 5 min; "
         "the queue did not start it (shown for information; act from the process view if you mean to)"},
    ],
}  # fmt: skip


def panel_recording(qtbot) -> tuple[models.AssistantModel, AssistantPanel, list[tuple[str, object]]]:
    """An assistant panel with no daemon, and the list its requests to the daemon land in."""
    model = models.AssistantModel()
    panel = AssistantPanel(model, models.ConnectionModel())
    qtbot.addWidget(panel)
    sent: list[tuple[str, object]] = []
    panel.request.connect(lambda action, arg: sent.append((action, arg)))
    return model, panel, sent


def test_outside_processes_are_information_and_apply_sentences_stay(qtbot) -> None:
    model, panel, sent = panel_recording(qtbot)
    page = panel.housekeeping
    panel.answer("housekeeping", SCAN)
    assert page.proposals.rowCount() == 1  # the process is not a row that could be selected and applied
    assert page.proposals.item(0, 1).text() == "log of finished job 3, 40 days old"
    info = page.outside_queue.text()
    assert info.startswith("GPU processes the queue did not start (for your information")
    assert "process 4242 (python nb.py) of ana holds 2048 MiB on GPU 1, running for 3 h 5 min" in info
    done = "Moved /d/logs/job-3.log (2.0 KiB) to /d/trash/x/logs/job-3.log."
    panel.answer("apply", [{"id": "a1", "ok": True, "message": done}])
    assert sent[-1] == ("housekeeping", None)  # the list is scanned again after acting
    panel.answer("housekeeping", {"proposals": [], "refused": {}, "outside_queue": []})
    assert page.applied.text() == done and page.proposals.rowCount() == 0
    assert page.outside_queue.isHidden()


def test_the_table_gives_what_the_room_and_an_empty_entry_is_zero_bytes(qtbot) -> None:
    panel = AssistantPanel(models.AssistantModel(), models.ConnectionModel())
    qtbot.addWidget(panel)
    page = panel.housekeeping
    name = "Triton kernel cache (rebuilt on demand): ZXSRFZGMUELQC6QHJTELXEDQZF6JCNFNYQVF"
    entry = {"id": "b2", "action": "trash", "path": "/h/.triton/cache/ZXSRF", "size_bytes": 0}
    entry["description"] = name
    panel.resize(1280, 700)
    panel.show()
    qtbot.waitExposed(panel)
    panel.tabs.setCurrentWidget(page)
    panel.answer("housekeeping", {"proposals": [entry], "refused": {}, "outside_queue": []})
    assert page.proposals.item(0, 2).text() == "0 B"
    assert page.note.text().startswith("1 proposal, 0 B in all.")
    what = page.proposals.item(0, 1)
    assert what.toolTip() == "/h/.triton/cache/ZXSRF"
    table = page.proposals
    room = table.viewport().width() - table.columnWidth(0) - table.columnWidth(2)
    assert table.columnWidth(1) >= room - 2  # no blank band beside a cut description
    assert table.columnWidth(1) > table.fontMetrics().horizontalAdvance(name), (panel.width(), room)


def test_the_page_scans_when_it_comes_into_view(qtbot) -> None:
    """Housekeeping stayed empty until Scan was pressed."""
    _, panel, sent = panel_recording(qtbot)
    panel.show()
    qtbot.waitExposed(panel)
    assert ("housekeeping", None) not in sent  # the chat shows: nothing scanned for nothing
    panel.tabs.setCurrentWidget(panel.housekeeping)
    assert sent[-1] == ("housekeeping", None)
    assert panel.housekeeping.note.text().startswith("Scanning")
    panel.answer("housekeeping", SCAN)
    assert panel.housekeeping.proposals.rowCount() == 1


def test_the_last_conversation_is_shown_when_the_assistant_answers(qtbot) -> None:
    """The chat's history was gone after a restart, though the daemon keeps every conversation."""
    model, panel, sent = panel_recording(qtbot)
    model.set_state({"where": "cpu"})
    assert sent.count(("last_session", None)) == 1
    model.set_state({"where": "gpu"})
    assert sent.count(("last_session", None)) == 1  # asked once
    session = {
        "id": 7, "title": "t", "created_at": 1.0, "updated_at": 2.0,
        "messages": [
            {"id": 1, "session_id": 7, "role": "user", "content": "/report", "created_at": 1, "meta": {}},
            {"id": 2, "session_id": 7, "role": "assistant", "content": "# Daily report\n\nAll fine.",
             "created_at": 1, "meta": {"command": "/report"}},
            {"id": 3, "session_id": 7, "role": "user", "content": "how hot is GPU 0?", "created_at": 2,
             "meta": {}},
            {"id": 4, "session_id": 7, "role": "assistant", "content": "GPU 0 is at 41 °C.",
             "created_at": 2, "meta": {}},
        ],
    }  # fmt: skip
    panel.answer("last_session", session)
    assert model.conversation_id == "7" and [m.markdown for m in model.messages] == [
        False,
        True,
        False,
        False,
    ]
    text = panel.transcript.toPlainText()
    assert "how hot is GPU 0?" in text and "GPU 0 is at 41 °C." in text and "Daily report" in text
    panel.answer("last_session", {**session, "id": 8})  # a late second answer replaces nothing
    assert model.conversation_id == "7" and len(model.messages) == 4
