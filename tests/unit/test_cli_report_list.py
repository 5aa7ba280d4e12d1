"""``gpuaccel report --list``: when each report was made, and reports of one title told apart."""

from __future__ import annotations

import time

from gpuaccel.app.commands.assistant import report_rows


def test_identical_titles_are_told_apart_by_time_and_rank() -> None:
    """The list showed "Daily report 2026-11-25" twice, with no time."""
    t = time.mktime((2026, 11, 25, 10, 35, 12, 0, 0, -1))
    day = {"kind": "daily", "subject": "2026-11-25", "title": "Daily report 2026-11-25"}
    reports = [  # newest first, as the daemon lists them
        {"id": 3, **day, "created_at": t + 60},
        {"id": 2, "kind": "job", "subject": "7", "title": "Job 7", "created_at": t + 30},
        {"id": 1, **day, "created_at": t},
    ]
    rows = report_rows(reports)
    assert rows[0].split() == ["ID", "KIND", "MADE", "TITLE"]
    assert rows[1] == "   3  daily  2026-11-25 10:36:12  Daily report 2026-11-25  [2 of 2 titled so]"
    assert rows[2] == "   2  job    2026-11-25 10:35:42  Job 7"
    assert rows[3] == "   1  daily  2026-11-25 10:35:12  Daily report 2026-11-25  [1 of 2 titled so]"
    assert report_rows([]) == []
