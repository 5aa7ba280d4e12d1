"""The real window against a real daemon on loopback (fake NVML ``two_gpus``): submit from the dialog and
watch the job finish, cancel, a rejected spec, the daemon stopped and restarted, a wrong token, a GPU
lost, and an assistant-less daemon. Every test also checks that the window joined its threads."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings

from gpuaccel.app.gui import models
from gpuaccel.app.gui.settings import AppSettings
from gpuaccel.app.gui.threads import running_threads
from gpuaccel.app.gui.window import MainWindow

# The platform is read when pytest-qt creates the QApplication (make test sets it too).
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
WAIT_MS = 15_000
SLEEPER = ["python", "-c", "import time; print('started', flush=True); time.sleep(60)"]


@pytest.fixture
def open_window(qtbot, tmp_path: Path) -> Iterator[Callable[..., MainWindow]]:
    windows: list[MainWindow] = []

    def make(data_dir: Path | None = None, **settings: object) -> MainWindow:
        store = QSettings(str(tmp_path / f"settings{len(windows)}.ini"), QSettings.Format.IniFormat)
        window = MainWindow(
            AppSettings(**settings),  # type: ignore[arg-type]
            data_dir=str(data_dir) if data_dir else None,
            store=store,
        )
        qtbot.addWidget(window)
        window.show()
        windows.append(window)
        return window

    yield make
    for window in windows:
        window.close()
    assert running_threads() == [], "the window left a QThread running"


def wait_online(qtbot, window: MainWindow) -> None:
    qtbot.waitUntil(lambda: window.connection.state == models.ONLINE, timeout=WAIT_MS)


def job_state(window: MainWindow, job_id: int) -> str | None:
    job = window.jobs.by_id(job_id)
    return job.get("state") if job else None


def submit_command(qtbot, window: MainWindow, command: str) -> int:
    dialog = window.jobs_panel.open_submit_dialog()
    dialog.select_kind("command")
    dialog.command_edit.setText(command)
    dialog.try_submit()
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=WAIT_MS)
    return max(int(j["id"]) for j in window.jobs.jobs)


def select(qtbot, window: MainWindow, job_id: int) -> None:
    panel = window.jobs_panel
    qtbot.waitUntil(lambda: any(r.get("id") == job_id for r in panel.table_model.rows), timeout=WAIT_MS)
    row = next(i for i, r in enumerate(panel.table_model.rows) if r.get("id") == job_id)
    panel.table.selectRow(row)
    qtbot.waitUntil(lambda: panel.selected_job() is not None, timeout=WAIT_MS)


def test_dashboard_and_a_job_submitted_from_the_dialog_runs_to_the_end(qtbot, daemon, open_window) -> None:
    window = open_window(daemon.data_dir)
    wait_online(qtbot, window)
    qtbot.waitUntil(lambda: len(window.dashboard.cards) == 2, timeout=WAIT_MS)
    assert "SIMULATED" in window.dashboard.source.text()  # fake readings are never shown as real
    card = window.dashboard.cards[1]
    assert card.values["tflops"].text() == "N/A"  # RTX 4090 in the fake: no GPM
    assert "Hopper" in card.values["tflops"].toolTip()
    qtbot.waitUntil(lambda: window.telemetry.ring(0).size > 5, timeout=WAIT_MS)
    job_id = submit_command(qtbot, window, "python -c \"print('hello from the queue')\"")
    select(qtbot, window, job_id)
    qtbot.waitUntil(lambda: job_state(window, job_id) == "succeeded", timeout=WAIT_MS)
    log = window.jobs_panel.details.log
    qtbot.waitUntil(lambda: "hello from the queue" in log.toPlainText(), timeout=WAIT_MS)
    qtbot.waitUntil(lambda: any(f"Job {job_id} finished" in t for t, _ in window.tray.shown), timeout=WAIT_MS)
    assert "succeeded" in window.jobs_panel.details.summary.toPlainText()


def test_cancel_a_running_job_from_the_table(qtbot, daemon, open_window) -> None:
    window = open_window(daemon.data_dir)
    wait_online(qtbot, window)
    job = daemon.client().submit("command", argv=SLEEPER)
    select(qtbot, window, job.id)
    qtbot.waitUntil(lambda: job_state(window, job.id) == "running", timeout=WAIT_MS)
    qtbot.waitUntil(window.jobs_panel.cancel_button.isEnabled, timeout=WAIT_MS)
    window.jobs_panel.cancel_button.click()
    box = window.jobs_panel.cancel_box  # a running job: the window asks first, naming the job
    assert box is not None and box.isVisible() and f"job {job.id}" in box.text()
    assert job_state(window, job.id) == "running"
    next(b for b in box.buttons() if b.text() == f"Cancel job {job.id}").click()
    qtbot.waitUntil(lambda: job_state(window, job.id) == "cancelled", timeout=WAIT_MS)
    assert window.jobs_panel.retry_button.isEnabled()


def test_a_spec_the_daemon_rejects_is_shown_in_the_dialog(qtbot, daemon, open_window) -> None:
    window = open_window(daemon.data_dir)
    wait_online(qtbot, window)
    dialog = window.jobs_panel.open_submit_dialog()
    dialog.remote = True  # as for a remote daemon: the spec is left for the daemon to judge
    dialog.select_kind("matmul")
    dialog.spec_edit.setPlainText('{"size": 100}')
    dialog.try_submit()
    qtbot.waitUntil(lambda: "rejected" in dialog.error.text(), timeout=WAIT_MS)
    assert "size" in dialog.error.text() and "64" in dialog.error.text()
    assert dialog.isVisible() and dialog.submit_button.isEnabled()
    assert daemon.client().list_jobs() == []


def test_daemon_stopped_then_restarted_window_recovers(qtbot, daemon_factory, open_window) -> None:
    first = daemon_factory.start()
    window = open_window(first.data_dir)
    wait_online(qtbot, window)
    qtbot.waitUntil(lambda: "telemetry fake:two_gpus" in window.status_label.text(), timeout=WAIT_MS)
    first.stop()
    qtbot.waitUntil(lambda: window.connection.state == models.UNREACHABLE, timeout=WAIT_MS)
    assert window.banner.isVisible() and "unreachable" in window.banner_title.text().lower()
    # the status bar read "Daemon unreachable · telemetry fake:two_gpus", as if readings still came
    assert window.status_label.text() == "Daemon unreachable"
    assert window.start_button.isVisible()  # local daemon: the user can start one from the banner
    qtbot.wait(300)  # the window stays responsive while the worker keeps probing
    second = daemon_factory.start(data_dir=first.data_dir)
    assert second.port != 0
    wait_online(qtbot, window)
    assert not window.banner.isVisible()
    job = second.client().submit("command", argv=["python", "-c", "print(1)"])
    qtbot.waitUntil(lambda: job_state(window, job.id) is not None, timeout=WAIT_MS)


def test_wrong_token_is_shown_and_fixed_from_settings(qtbot, daemon, open_window) -> None:
    window = open_window(daemon_url=daemon.url, token="not-the-token")
    qtbot.waitUntil(lambda: window.connection.state == models.UNAUTHORIZED, timeout=WAIT_MS)
    assert window.banner.isVisible() and window.banner_title.text() == "Wrong token"
    assert "token" in window.banner_text.text()
    assert not window.start_button.isVisible()
    window.apply_settings(AppSettings(daemon_url=daemon.url, token=daemon.token))
    wait_online(qtbot, window)
    assert window.jobs_panel.remote


def test_a_lost_gpu_turns_its_card_red_and_the_rest_goes_on(qtbot, daemon_factory, open_window) -> None:
    d = daemon_factory.start(fake_nvml="gpu_lost")
    window = open_window(d.data_dir)
    wait_online(qtbot, window)
    qtbot.waitUntil(lambda: 1 in window.dashboard.cards, timeout=WAIT_MS)
    card = window.dashboard.cards[1]
    qtbot.waitUntil(lambda: card.property("lost") is True, timeout=WAIT_MS)
    assert "stopped answering" in card.banner.text()
    assert window.dashboard.cards[0].property("lost") is not True
    ring0 = window.telemetry.ring(0)
    size = ring0.size
    qtbot.waitUntil(lambda: ring0.size > size, timeout=WAIT_MS)  # GPU 0 keeps updating
    assert window.connection.state == models.ONLINE


def _has_assistant(daemon) -> bool:
    try:
        daemon.client().request("GET", "/api/v1/assistant/state")
    except Exception:
        return False
    return True


def test_chat_round_trip_with_streamed_tokens(qtbot, daemon, open_window) -> None:
    if not _has_assistant(daemon):
        pytest.skip("this daemon has no assistant routes (404)")
    window = open_window(daemon.data_dir)
    wait_online(qtbot, window)
    panel = window.assistant_panel
    qtbot.waitUntil(lambda: window.assistant.availability == models.ASSISTANT_AVAILABLE, timeout=WAIT_MS)
    assert panel.state_label.text().startswith("Assistant: ")
    tokens: list[str] = []
    window.assistant.subscribe(
        lambda: tokens.append(window.assistant.messages[-1].text if window.assistant.messages else "")
    )
    panel.input.setText("how hot is GPU 0?")
    panel.send_message()
    assert window.assistant.streaming and panel.stop_button.isEnabled()
    qtbot.waitUntil(lambda: not window.assistant.streaming, timeout=60_000)
    reply = window.assistant.messages[-1]
    assert reply.role == "assistant" and "GPU 0" in reply.text
    assert len({t for t in tokens if t}) > 1  # the text grew token by token
    assert window.assistant.conversation_id is not None
    assert "GPU 0" in panel.transcript.toPlainText()
    # The window restarted: the chat the daemon kept is shown again, and goes on in the same conversation.
    window.close()
    again = open_window(daemon.data_dir)
    qtbot.waitUntil(
        lambda: "how hot is GPU 0?" in again.assistant_panel.transcript.toPlainText(), timeout=WAIT_MS
    )
    assert [m.role for m in again.assistant.messages] == ["user", "assistant"]
    assert again.assistant.messages[-1].text.strip() == reply.text.strip()
    assert again.assistant.conversation_id == window.assistant.conversation_id


def test_assistant_tab_says_when_the_daemon_has_no_assistant(qtbot) -> None:
    from gpuaccel.app.gui.assistant_panel import AssistantPanel

    model, connection = models.AssistantModel(), models.ConnectionModel()
    panel = AssistantPanel(model, connection)
    qtbot.addWidget(panel)
    model.set_missing()  # what the worker reports when /assistant/state answers 404
    assert panel.stack.currentWidget() is panel.missing
    assert "not available on this daemon" in panel.missing.text()
    model.set_state({"state": "paused", "paused_for_job": 12, "model": {"name": "tiny-rwkv7"}})
    assert panel.stack.currentWidget() is panel.tabs
    assert panel.state_label.text() == "Assistant: Paused for job 12 · model tiny-rwkv7"


def test_assistant_settings_from_the_dialog_reach_the_daemon(qtbot, daemon, open_window) -> None:
    if not _has_assistant(daemon):
        pytest.skip("this daemon has no assistant routes (404)")
    window = open_window(daemon.data_dir)
    wait_online(qtbot, window)
    client = daemon.client()

    def daemon_settings() -> dict:
        return client.request("GET", "/api/v1/assistant/state").json()["settings"]

    qtbot.waitUntil(lambda: daemon_settings()["on_close"] == "cpu", timeout=WAIT_MS)  # sent on connect
    dialog = window.open_settings()
    dialog.policy.setCurrentIndex(dialog.policy.findData("wait"))
    dialog.accept()
    qtbot.waitUntil(lambda: daemon_settings()["on_close"] == "wait", timeout=WAIT_MS)
    assert window.settings.assistant_policy == "wait"
    dialog = window.open_settings()
    dialog.model.setText("no-such-model")
    dialog.accept()
    panel = window.assistant_panel
    qtbot.waitUntil(lambda: "no-such-model" in panel.settings_error.text(), timeout=WAIT_MS)
    assert not panel.settings_error.isHidden()


def test_the_daemon_keeps_its_model_and_an_empty_field_selects_the_bundled_one(
    qtbot, daemon, open_window
) -> None:
    if not _has_assistant(daemon):
        pytest.skip("this daemon has no assistant routes (404)")
    window = open_window(daemon.data_dir)
    wait_online(qtbot, window)
    client = daemon.client()
    api = "/api/v1/assistant"
    models_now = client.request("GET", f"{api}/models").json()
    bundled = next(m for m in models_now["installed"] if m["bundled"])
    client.request("POST", f"{api}/models/import", json={"path": bundled["path"], "name": "copy"})

    def daemon_model() -> str:
        return client.request("GET", f"{api}/state").json()["model"]["name"]

    def window_model() -> str | None:
        return (window.assistant.state.get("model") or {}).get("name")

    qtbot.waitUntil(lambda: window_model() == bundled["name"], timeout=WAIT_MS)
    dialog = window.open_settings()
    assert dialog.model.text() == bundled["name"]  # the field shows the daemon's model
    dialog.model.setText("copy")
    dialog.accept()
    qtbot.waitUntil(lambda: daemon_model() == "copy", timeout=WAIT_MS)
    # Chosen elsewhere (the CLI), then the window reconnects: the daemon's choice stands.
    client.request("POST", f"{api}/models/select", json={"name": bundled["name"]})
    states: list[str] = []
    window.connection.subscribe(lambda: states.append(window.connection.state))
    window._endpoint.emit(window.settings.endpoint(window.data_dir))
    qtbot.waitUntil(lambda: states[-2:] == [models.CONNECTING, models.ONLINE], timeout=WAIT_MS)
    qtbot.wait(1500)  # a re-sent selection would land right after the connect
    assert daemon_model() == bundled["name"]
    # An emptied field goes back to the bundled model.
    client.request("POST", f"{api}/models/select", json={"name": "copy"})
    qtbot.waitUntil(lambda: window_model() == "copy", timeout=WAIT_MS)
    dialog = window.open_settings()
    assert dialog.model.text() == "copy"
    dialog.model.setText("")
    dialog.accept()
    qtbot.waitUntil(lambda: daemon_model() == bundled["name"], timeout=WAIT_MS)
    assert window.assistant_panel.settings_error.isHidden()


def test_report_viewer_loads_the_plots_through_the_client(qtbot, daemon, open_window) -> None:
    if not _has_assistant(daemon):
        pytest.skip("this daemon has no assistant routes (404)")
    from PySide6.QtCore import QUrl
    from PySide6.QtGui import QTextDocument

    window = open_window(daemon.data_dir)
    wait_online(qtbot, window)
    client = daemon.client(timeout=120)  # the first report loads the model: slow on a busy 2-core host
    # A job's report plots its span at 1 s: a job of a few seconds has enough rows to draw (a daily report
    # bins the day by 2 min and would need a daemon up for minutes).
    job = client.submit("command", argv=["sleep", "7"], name="plotted")
    assert client.wait(job.id, timeout=60).state == "succeeded"
    made = client.request("POST", "/api/v1/assistant/reports", json={"kind": "job", "job_id": job.id})
    report = made.json()
    assert report.get("plots"), report
    page = window.assistant_panel.reports_page
    page.refresh_reports.click()
    qtbot.waitUntil(lambda: page.report_list.count() > 0, timeout=WAIT_MS)
    listed = page.report_list

    def ids() -> list[object]:
        return [listed.item(i).data(256) for i in range(listed.count())]

    qtbot.waitUntil(lambda: report["id"] in ids(), timeout=WAIT_MS)
    row = ids().index(report["id"])
    page.report_list.setCurrentRow(row)
    url = f"/assistant/reports/{report['id']}/plots/{report['plots'][0]['file']}"
    doc = page.report_view.document()
    qtbot.waitUntil(lambda: url in doc.toHtml(), timeout=WAIT_MS)
    image = doc.resource(QTextDocument.ResourceType.ImageResource, QUrl(url))
    assert image is not None and not image.isNull()


def test_a_model_chosen_with_a_new_daemon_address_goes_to_the_new_daemon(
    qtbot, daemon_factory, open_window
) -> None:
    first, second = daemon_factory.start(), daemon_factory.start()
    if not (_has_assistant(first) and _has_assistant(second)):
        pytest.skip("this daemon has no assistant routes (404)")
    api = "/api/v1/assistant"
    bundled = next(
        m for m in second.client().request("GET", f"{api}/models").json()["installed"] if m["bundled"]
    )
    for d in (first, second):
        d.client().request("POST", f"{api}/models/import", json={"path": bundled["path"], "name": "copy"})
    window = open_window(daemon_url=first.url, token=first.token)
    wait_online(qtbot, window)
    window.apply_settings(AppSettings(daemon_url=second.url, token=second.token), model="copy")

    def model(d) -> str:
        return d.client().request("GET", f"{api}/state").json()["model"]["name"]

    qtbot.waitUntil(lambda: model(second) == "copy", timeout=WAIT_MS)
    assert model(first) == bundled["name"]
