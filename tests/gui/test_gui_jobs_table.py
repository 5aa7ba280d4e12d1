"""The jobs table sorts by the column clicked, numbers as numbers, and keeps the selected job selected;
the filter beside it is wide enough for its hint."""

from __future__ import annotations

import os

from PySide6.QtCore import Qt

from gpuaccel.app.gui.jobs import JobsPanel
from gpuaccel.app.gui.jobs_table import COLUMNS
from gpuaccel.app.gui.models import JobsModel

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
T0 = 1_700_000_000.0


def _job(job_id: int, ran_s: float, priority: int) -> dict:
    return {
        "id": job_id, "name": f"job-{job_id}", "kind": "command", "argv": ["true"], "state": "succeeded",
        "priority": priority, "gpus": 1, "assigned_gpus": [0], "created_at": T0 + job_id,
        "started_at": T0 + job_id, "finished_at": T0 + job_id + ran_s,
    }  # fmt: skip


def _ids(panel: JobsPanel) -> list[int]:
    return [int(panel.table.model().index(r, 0).data()) for r in range(panel.table.model().rowCount())]


def test_jobs_sort_by_the_column_clicked_numbers_as_numbers(qtbot) -> None:
    """The table could not be sorted at all; sorted as text, job 10 would come before job 9 and a
    1m 40s run before a 5.0s one."""
    model = JobsModel()
    panel = JobsPanel(model)
    qtbot.addWidget(panel)
    model.set_jobs([_job(9, 5.0, 2), _job(10, 100.0, -5), _job(2, 20.0, 10)])
    assert _ids(panel) == [10, 9, 2]  # newest first until a column is chosen
    header = panel.table.horizontalHeader()
    assert panel.table.isSortingEnabled() and header.isSortIndicatorShown()
    panel.table.selectRow(_ids(panel).index(9))
    panel.table.sortByColumn(COLUMNS.index("Duration"), Qt.SortOrder.AscendingOrder)
    assert _ids(panel) == [9, 2, 10]  # 5.0s, 20.0s, 1m 40s
    assert panel.selected_job()["id"] == 9
    assert [i.row() for i in panel.table.selectionModel().selectedRows()] == [0]  # still job 9's row
    panel.table.sortByColumn(COLUMNS.index("Priority"), Qt.SortOrder.AscendingOrder)
    assert _ids(panel) == [10, 9, 2]  # -5, 2, 10
    panel.table.sortByColumn(COLUMNS.index("ID"), Qt.SortOrder.AscendingOrder)
    assert _ids(panel) == [2, 9, 10]
    model.set_jobs([_job(11, 1.0, 0), _job(9, 5.0, 2), _job(10, 100.0, -5), _job(2, 20.0, 10)])
    assert _ids(panel) == [2, 9, 10, 11]  # a new job takes its place in the chosen order
    assert panel.selected_job()["id"] == 9 and panel.table.selectionModel().selectedRows()[0].row() == 1


def test_the_filter_shows_its_whole_hint_at_1280_px(qtbot) -> None:
    """The search field was left at its default width beside an empty stretch and read
    "filter by name, co…"."""
    panel = JobsPanel(JobsModel())
    qtbot.addWidget(panel)
    panel.resize(1264, 700)
    panel.show()
    qtbot.waitExposed(panel)
    hint = panel.search.fontMetrics().horizontalAdvance(panel.search.placeholderText())
    assert panel.search.width() >= hint + 40  # frame, margins and the clear button
