"""Reports in the app: the list loads when it comes into view, ``/report`` in the chat is shown as a
rendered report (not its Markdown source), and exporting a stored report makes no new one."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import QImage, QTextDocument

from gpuaccel.app.gui import models, report_render
from gpuaccel.app.gui.assistant_panel import AssistantPanel
from gpuaccel.app.gui.models import ChatMessage

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
WAIT_MS = 15_000
# GPUACCEL_SCREENSHOTS=1 refreshes the picture in the docs; otherwise it is written to the test's tmp dir.
DOCS_SCREENSHOT = Path(__file__).resolve().parents[2] / "docs" / "screenshots" / "chat-report.png"
REPORT_MD = """Report 4 stored (Daily report 2026-11-23).
# Daily report 2026-11-23

**3 jobs** ran: 2 succeeded, 1 failed.

| GPU | mean utilization (%) | peak temperature (°C) |
|---|---|---|
| 0 | 41 | 67 |

![GPU utilization](abc-util.png)
"""


def _panel(qtbot) -> tuple[AssistantPanel, list[tuple[str, object]]]:
    model = models.AssistantModel()
    panel = AssistantPanel(model, models.ConnectionModel())
    qtbot.addWidget(panel)
    model.set_state({"state": "idle", "model": {"name": "tiny"}})
    sent: list[tuple[str, object]] = []
    panel.request.connect(lambda action, arg: sent.append((action, arg)))
    return panel, sent


def test_the_reports_list_is_requested_when_it_comes_into_view(qtbot) -> None:
    panel, sent = _panel(qtbot)
    panel.show()
    qtbot.waitExposed(panel)
    assert ("reports", None) not in sent  # the chat is in view, not the reports
    panel.tabs.setCurrentWidget(panel.reports_page)
    assert sent.count(("reports", None)) == 1
    panel.hide()
    panel.show()  # coming back to the tab with the reports in view loads them again
    assert sent.count(("reports", None)) == 2
    assert "Make a report now" in panel.reports_page.report_view.placeholderText()  # not a blank pane
    panel.answer("reports", [{"id": 4, "kind": "daily", "title": "Daily report", "created_at": 1.7e9}])
    assert panel.reports_page.report_list.count() == 1 and not panel.reports_page.export_report.isEnabled()
    panel.reports_page.report_list.setCurrentRow(0)
    assert panel.reports_page.export_report.isEnabled() and sent[-1] == ("report", 4)


def test_a_report_in_the_chat_is_rendered_not_shown_as_markdown(qtbot) -> None:
    doc = QTextDocument()
    msg = ChatMessage("assistant", REPORT_MD, markdown=True)
    report_render.render(doc, [ChatMessage("user", "/report"), msg], {})
    text = doc.toPlainText()
    assert "Daily report 2026-11-23" in text and "3 jobs ran" in text
    for source in ("# Daily", "**", "|---", "![", "abc-util.png"):
        assert source not in text, source
    assert "Plot: GPU utilization (loading; also in the Reports tab)" in text
    html = doc.toHtml()
    assert "<table" in html and "font-weight:700" in html  # a table and bold text, as Qt renders them
    assert report_render.report_id(msg) == 4
    plot = QImage(40, 20, QImage.Format.Format_RGB32)
    plot.fill(0x3366CC)
    report_render.render(doc, [msg], {"abc-util.png": plot})
    assert "abc-util.png" in doc.toHtml() and "loading" not in doc.toPlainText()
    image = doc.resource(QTextDocument.ResourceType.ImageResource, QUrl("abc-util.png"))
    assert image is not None and not image.isNull()
    plain = ChatMessage("assistant", "# not a heading | and | not a table")  # an answer stays text
    report_render.render(doc, [plain], {})
    assert doc.toPlainText() == "Assistant: # not a heading | and | not a table"


def _has_assistant(daemon) -> bool:
    try:
        daemon.client().request("GET", "/api/v1/assistant/state")
    except Exception:
        return False
    return True


@pytest.mark.timeout(300)
def test_report_from_the_chat_list_and_export(qtbot, daemon, tmp_path: Path, monkeypatch) -> None:
    if not _has_assistant(daemon):
        pytest.skip("this daemon has no assistant routes (404)")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QFileDialog

    from gpuaccel.app.gui.settings import AppSettings
    from gpuaccel.app.gui.window import MainWindow

    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(AppSettings(), data_dir=str(daemon.data_dir), store=store)
    qtbot.addWidget(window)
    window.resize(1000, 1150)
    window.show()
    try:
        qtbot.waitUntil(lambda: window.connection.state == models.ONLINE, timeout=WAIT_MS)
        qtbot.waitUntil(lambda: window.assistant.availability == models.ASSISTANT_AVAILABLE, timeout=WAIT_MS)
        window.show_page(window.assistant_panel)
        panel = window.assistant_panel
        panel.input.setText("/report")
        panel.send_message()
        qtbot.waitUntil(lambda: not window.assistant.streaming, timeout=240_000)
        reply = window.assistant.messages[-1]
        assert reply.markdown and reply.text.startswith("Report "), reply.text[:200]
        rid = report_render.report_id(reply)
        shown = panel.transcript.toPlainText()
        assert "Daily report" in shown and "| --- |" not in shown and "|---|" not in shown
        assert not any(line.startswith("#") for line in shown.splitlines())
        if "![" in reply.text:  # its plots arrive after the answer and are drawn in the chat
            qtbot.waitUntil(lambda: "(loading;" not in panel.transcript.toPlainText(), timeout=WAIT_MS)
            assert "<img" in panel.transcript.document().toHtml()
        panel.transcript.verticalScrollBar().setValue(0)
        shot = DOCS_SCREENSHOT if os.environ.get("GPUACCEL_SCREENSHOTS") == "1" else tmp_path / "chat.png"
        assert panel.grab().scaledToWidth(800).save(str(shot), "PNG", 60)

        # The report made from the chat is listed once the Reports tab opens; nobody pressed Refresh.
        client = daemon.client()
        before = client.reports()
        page = panel.reports_page
        panel.tabs.setCurrentWidget(page)
        qtbot.waitUntil(lambda: page.report_list.count() == len(before), timeout=WAIT_MS)
        row = next(i for i in range(page.report_list.count()) if page.report_list.item(i).data(256) == rid)
        page.report_list.setCurrentRow(row)
        target = tmp_path / "exported.html"
        monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), "HTML (*.html)"))
        page.export_report.click()
        qtbot.waitUntil(target.exists, timeout=WAIT_MS)
        assert "<html" in target.read_text().lower() and f"Report {rid} saved to" in page.report_note.text()
        assert [r["id"] for r in client.reports()] == [r["id"] for r in before]  # no new report
    finally:
        window.close()


def test_a_log_quoted_in_an_answer_is_a_monospace_block_without_its_fence(qtbot) -> None:
    """The chat's answer to "show the log of job 3" ends with the lines in a fenced block: shown as the lines
    in a fixed-width font, the fence gone, '<' and '*' kept as written; the sentence before stays text."""
    doc = QTextDocument()
    log = "The last 2 lines of job 3's log:\n```\n  step 1 <loss> 0.50 **\n  step 2 <loss> 0.25\n```"
    report_render.render(doc, [ChatMessage("assistant", log)], {})
    text = doc.toPlainText()
    assert "```" not in text
    assert "The last 2 lines of job 3's log:" in text and "  step 1 <loss> 0.50 **" in text
    assert "<pre" in report_render.answer_html(log) and "monospace" in doc.toHtml()
    streaming = "Lines:\n```\nstep 1"  # the closing fence not arrived yet
    shown = report_render.answer_html(streaming)
    assert "```" not in shown and "step 1" in shown
    assert report_render.answer_html("a ``` b") == "a ``` b"  # backticks inside a line are text
