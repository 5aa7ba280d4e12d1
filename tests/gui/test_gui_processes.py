"""The Processes tab: sorting and filtering, others' processes greyed with why, every signal asks first
naming the process, and (against a real daemon) the tab lists the fake GPUs' processes as simulated."""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import Qt

from gpuaccel.app.gui.processes import ProcessesPanel
from gpuaccel.app.gui.settings import AppSettings
from gpuaccel.app.gui.threads import running_threads

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def _row(pid, user, gpu, mem, can, why=None, **kw):
    return {
        "pid": pid, "gpu": gpu, "gpu_uuid": f"GPU-{gpu}", "kind": "compute", "used_mib": mem, "sm_pct": 40.0,
        "name": "python", "user": user, "cmdline": ["python", "train.py", "--name", "a b"], "cpu_pct": 99.0,
        "rss_mib": 2048.0, "started": 1000.0 + pid, "elapsed_s": 3725.0, "job_id": None, "can_signal": can,
        "why_not": why, "simulated": False, **kw,
    }  # fmt: skip


LISTING = {
    "available": True,
    "note": None,
    "processes": [
        _row(11, "me", 0, 500.0, True, job_id=7),
        _row(22, "bob", 1, 9000.0, False, "owned by bob, not by you"),
        _row(33, "me", 1, 100.0, True, cmdline={"na": "the process has ended"}),
    ],
}


def _panel(qtbot) -> ProcessesPanel:
    panel = ProcessesPanel()
    qtbot.addWidget(panel)
    panel.show_listing(LISTING)
    return panel


def _pids(panel: ProcessesPanel) -> list[int]:
    return [int(panel.proxy.index(r, 0).data()) for r in range(panel.proxy.rowCount())]


def _select(panel: ProcessesPanel, pid: int) -> None:
    panel.table.selectRow(_pids(panel).index(pid))


def test_sorting_filtering_and_cells(qtbot) -> None:
    panel = _panel(qtbot)
    assert _pids(panel) == [22, 11, 33]  # most GPU memory first
    panel.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
    assert _pids(panel) == [11, 22, 33]
    cells = [panel.proxy.index(0, c).data() for c in range(10)]
    assert cells == ["11", "me", "0", "500 MiB", "40%", "99%", "2,048 MiB", "1h02m", "7",
                     "python train.py --name 'a b'"]  # fmt: skip
    assert panel.proxy.index(2, 9).data() == "python"  # host side hidden: NVML's name
    assert "the process has ended" in panel.proxy.index(2, 9).data(Qt.ItemDataRole.ToolTipRole)
    panel.filter_edit.setText("bob")
    assert _pids(panel) == [22]
    panel.filter_edit.setText("job7")
    assert _pids(panel) == [11]
    panel.filter_edit.clear()
    panel.only_mine.setChecked(True)
    assert _pids(panel) == [11, 33]


def test_others_processes_are_greyed_and_refused_with_why(qtbot) -> None:
    panel = _panel(qtbot)
    asked: list[str] = []
    panel.confirm = lambda title, text: asked.append(text) or True
    _select(panel, 22)
    assert not panel.buttons["KILL"].isEnabled()
    assert "owned by bob" in panel.buttons["KILL"].toolTip()
    r = _pids(panel).index(22)
    assert panel.proxy.index(r, 1).data(Qt.ItemDataRole.ForegroundRole) is not None  # greyed
    assert "Cannot be signalled: owned by bob" in panel.proxy.index(r, 1).data(Qt.ItemDataRole.ToolTipRole)
    assert panel.request_signal("KILL") is False and asked == []  # refused before asking
    assert "owned by bob" in panel.status.text()


def test_a_signal_asks_first_naming_the_process(qtbot) -> None:
    panel = _panel(qtbot)
    sent: list[tuple] = []
    panel._send.connect(lambda *a: sent.append(a))
    asked: list[tuple[str, str]] = []
    panel.confirm = lambda title, text: asked.append((title, text)) or False
    _select(panel, 11)
    assert panel.buttons["TERM"].isEnabled()
    assert panel.request_signal("TERM") is False and sent == []  # declined: nothing sent
    title, text = asked[0]
    assert title == "Terminate process?"
    assert text == ("Send terminate (SIGTERM) to process 11 (python train.py --name 'a b'), user me, GPU 0, "
                    "job 7?")  # fmt: skip
    panel.confirm = lambda title, text: True
    assert panel.request_signal("INT") is True
    assert sent == [(11, 1011.0, "INT")]


def test_the_tab_lists_a_real_daemon_s_simulated_processes(qtbot, daemon) -> None:
    endpoint = AppSettings().endpoint(str(daemon.data_dir))
    panel = ProcessesPanel(lambda: endpoint)
    qtbot.addWidget(panel)
    panel.show()
    qtbot.waitUntil(lambda: len(panel.model.rows) == 2, timeout=15_000)
    names = {panel.proxy.index(r, 9).data() for r in range(2)}
    assert names == {"fake-trainer (simulated)", "Xorg (simulated)"}
    _select(panel, 4242)
    assert not panel.buttons["TERM"].isEnabled() and "simulated" in panel.buttons["TERM"].toolTip()
    panel.hide()
    assert running_threads() == []


def test_a_signal_s_outcome_outlives_the_listing_that_follows_it(qtbot) -> None:
    """The worker lists again right after a signal: the result (sent, or why nothing was) stays in view."""
    panel = _panel(qtbot)
    panel._signalled({"signal": "TERM", "pid": 11, "name": "python", "gpu": 0})
    panel.show_listing(LISTING)
    assert panel.status.text() == "3 GPU processes. Sent SIGTERM to process 11 (python)."
    panel._set_outcome("Nothing sent to process 11: Pid 11 now names another process")
    panel.show_listing(LISTING)
    assert panel.status.text().endswith("Nothing sent to process 11: Pid 11 now names another process")


def test_the_count_says_how_many_rows_the_filters_hide(qtbot) -> None:
    panel = _panel(qtbot)
    panel.only_mine.setChecked(True)
    assert panel.status.text() == "3 GPU processes, 2 shown (only mine)."
    panel.filter_edit.setText("nobody")
    assert panel.status.text() == "3 GPU processes, 0 shown (filter and only mine)."
    panel.filter_edit.clear()
    panel.only_mine.setChecked(False)
    assert panel.status.text() == "3 GPU processes."


def test_a_process_on_two_gpus_is_counted_once(qtbot) -> None:
    """One process on two GPUs has a row on each: the count said "4 GPU processes" for 3."""
    panel = _panel(qtbot)
    panel.show_listing({**LISTING, "processes": [*LISTING["processes"], _row(11, "me", 1, 500.0, True)]})
    assert panel.status.text() == "3 processes on 2 GPUs (4 rows)."
    panel.only_mine.setChecked(True)
    assert panel.status.text() == "3 processes on 2 GPUs (4 rows), 3 rows shown (only mine)."
    panel.filter_edit.setText("bob")
    assert panel.status.text() == "3 processes on 2 GPUs (4 rows), 0 rows shown (filter and only mine)."
    panel.filter_edit.setText("gpu1")
    assert panel.status.text() == "3 processes on 2 GPUs (4 rows), 2 rows shown (filter and only mine)."
    panel.filter_edit.clear()
    panel.only_mine.setChecked(False)
    panel.show_listing({**LISTING, "processes": [_row(11, "me", 0, 1.0, True), _row(11, "me", 1, 1.0, True)]})
    assert panel.status.text() == "1 process on 2 GPUs (2 rows)."


def test_a_failed_listing_keeps_the_rows_greyed_as_the_last_listing_and_refuses_signals(qtbot) -> None:
    """The daemon away: the rows stayed as if current (the SM % of a minute ago) with Kill enabled."""
    panel = _panel(qtbot)
    _select(panel, 11)
    assert panel.buttons["KILL"].isEnabled()
    panel.listing_failed("no gpuaccel daemon answers at http://gpu-box:8765 (connection refused)")
    text = panel.status.text()
    assert text.startswith(
        "Not listed: no gpuaccel daemon answers at http://gpu-box:8765 (connection refused). "
    )
    assert "The rows are the last listing, from " in text
    assert not panel.table.isEnabled() and not panel.buttons["KILL"].isEnabled()
    r = _pids(panel).index(11)  # one's own process, black before: greyed now
    assert panel.proxy.index(r, 1).data(Qt.ItemDataRole.ForegroundRole) is not None
    panel.confirm = lambda title, text: True
    assert panel.request_signal("KILL") is False
    panel.show_listing(LISTING)  # the daemon answers again
    assert panel.table.isEnabled() and panel.buttons["KILL"].isEnabled()
    assert panel.status.text() == "3 GPU processes."


@pytest.mark.parametrize("theme", ["dark", "light"])
def test_a_failed_listing_greys_the_selected_row_too(qtbot, theme: str) -> None:
    """The daemon away, the other rows turned grey while the selected one kept its highlight colour and
    bright text, as if it alone were current."""
    from collections import Counter

    from PySide6.QtGui import QColor

    from gpuaccel.app.gui.theme import theme_manager

    colours = theme_manager().apply(theme)
    panel = _panel(qtbot)
    panel.resize(900, 240)
    panel.show()
    _select(panel, 11)
    row = _pids(panel).index(11)

    def background() -> str:  # the colour most of the selected row is painted in
        image = panel.table.viewport().grab().toImage()
        y = panel.table.visualRect(panel.proxy.index(row, 0)).center().y()
        return Counter(QColor(image.pixel(x, y)).name() for x in range(image.width())).most_common(1)[0][0]

    assert background() == colours.accent_bg
    panel.listing_failed("connection refused")
    assert background() == colours.button  # grey, still telling which row was selected
    panel.show_listing(LISTING)
    assert background() == colours.accent_bg


def test_choosing_another_daemon_drops_the_old_one_s_processes(qtbot, daemon, tmp_path) -> None:
    """Settings pointed the window at another daemon while the tab showed: it went on listing the first
    daemon's processes, as if they were the new one's."""
    from PySide6.QtCore import QSettings

    from gpuaccel.app.gui.window import MainWindow

    store = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(AppSettings(), data_dir=str(daemon.data_dir), store=store)
    qtbot.addWidget(window)
    window.show()
    window.show_page(window.processes)
    qtbot.waitUntil(lambda: len(window.processes.model.rows) == 2, timeout=15_000)
    window.apply_settings(AppSettings(daemon_url="http://127.0.0.1:1", token="t"))
    assert window.processes.model.rows == []
    qtbot.waitUntil(lambda: window.processes.status.text().startswith("Not listed: "), timeout=15_000)
    assert "127.0.0.1:1" in window.processes.status.text() and window.processes.model.rows == []
    window.close()
    assert running_threads() == []


def test_gpus_whose_processes_could_not_be_listed_are_named(qtbot) -> None:
    """NVML refused the process lists (not root), or a GPU was lost: the tab said "0 GPU processes.", as
    if the GPUs were idle."""
    panel = ProcessesPanel()
    qtbot.addWidget(panel)
    unlisted = [{"gpu": 0, "reason": "needs root"}, {"gpu": 1, "reason": "needs root"}]
    panel.show_listing({"available": True, "note": None, "processes": [], "unlisted": unlisted})
    assert panel.status.text() == "0 GPU processes. Processes of GPUs 0 and 1 not listed: needs root."
    lost = [{"gpu": 1, "reason": "GPU lost"}]
    panel.show_listing({**LISTING, "unlisted": lost})
    assert panel.status.text() == "3 GPU processes. Processes of GPU 1 not listed: GPU lost."


def test_a_real_daemon_names_the_gpus_whose_processes_it_cannot_list(qtbot, daemon_factory) -> None:
    daemon = daemon_factory.start(fake_nvml="no_process_permission")
    endpoint = AppSettings().endpoint(str(daemon.data_dir))
    panel = ProcessesPanel(lambda: endpoint)
    qtbot.addWidget(panel)
    panel.show()
    qtbot.waitUntil(lambda: "not listed" in panel.status.text(), timeout=15_000)
    assert panel.status.text().startswith("0 GPU processes. Processes of GPUs 0 and 1 not listed: ")
    panel.hide()
