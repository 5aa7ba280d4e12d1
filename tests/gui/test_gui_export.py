"""History export from the dashboard: the same export as `gpuaccel history`, CSV and Parquet, to a file."""

from __future__ import annotations

import csv
from pathlib import Path

import pyarrow.parquet as pq
from test_gui_daemon import WAIT_MS, open_window, wait_online  # noqa: F401 (open_window is a fixture)

from gpuaccel.accel.telemetry.fields import FIELD, HISTORY_FIELDS
from gpuaccel.app.gui.job_details import TELEMETRY_FIELDS


def test_dashboard_exports_the_window_as_csv_and_parquet(
    qtbot,
    daemon,
    open_window,  # noqa: F811 (the fixture imported above)
    tmp_path: Path,
) -> None:
    window = open_window(daemon.data_dir)
    wait_online(qtbot, window)
    dashboard = window.dashboard
    qtbot.waitUntil(lambda: len(dashboard.cards) == 2, timeout=WAIT_MS)
    qtbot.wait(2500)  # the daemon's history keeps one row per second
    target = tmp_path / "history.csv"
    dashboard.export_history(str(target))
    assert not dashboard.export_button.isEnabled()
    qtbot.waitUntil(lambda: dashboard.export_button.isEnabled(), timeout=WAIT_MS)
    assert dashboard.export_status.text().startswith("Exported "), dashboard.export_status.text()
    with open(target, encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    headings = [FIELD[k].heading for k in HISTORY_FIELDS]
    assert rows and list(rows[0]) == ["time (UTC)", "unix time (s)", "GPU", *headings]
    assert {r["GPU"] for r in rows} == {"0", "1"}
    # The screen heads the same readings the same way: the plot of GPU utilization, a job's telemetry.
    assert dashboard.metric_box.itemText(0) == "GPU utilization (%)" == headings[0]
    assert [title for _, title in TELEMETRY_FIELDS] == [
        "GPU utilization (%)",
        "TFLOP/s (estimate)",
        "Power (W)",
    ] and set(title for _, title in TELEMETRY_FIELDS) <= set(rows[0])
    assert f"Exported {len(rows)} rows" in dashboard.export_status.text()
    parquet = tmp_path / "history.parquet"
    dashboard.export_history(str(parquet))
    qtbot.waitUntil(lambda: dashboard.export_button.isEnabled(), timeout=WAIT_MS)
    table = pq.read_table(parquet)
    # Parquet names columns by key, the CSV's headings (units) in each column's metadata
    assert table.num_rows >= len(rows) and table.column_names == ["time", "gpu", *HISTORY_FIELDS]
    headings = [table.schema.field(k).metadata[b"heading"].decode() for k in HISTORY_FIELDS]
    assert headings == list(rows[0])[3:]
    assert "PARQUET" in dashboard.export_status.text()
    dashboard.export_history(str(tmp_path / "no-such-dir" / "x.csv"))
    qtbot.waitUntil(lambda: dashboard.export_button.isEnabled(), timeout=WAIT_MS)
    assert dashboard.export_status.text().startswith("Export failed: ") and "no-such-dir" in (
        dashboard.export_status.text()
    )


def test_a_saved_name_without_a_suffix_takes_the_chosen_file_types():
    """Qt returns the name as typed: "history" with CSV chosen was written as "history" (and a format read
    from the suffix came out wrong); a name that has an offered suffix keeps it."""
    from gpuaccel.app.gui.file_dialogs import suffixed

    filters = "CSV (*.csv);;Parquet (*.parquet)"
    assert suffixed("/tmp/history", "CSV (*.csv)", filters) == "/tmp/history.csv"
    assert suffixed("/tmp/history", "Parquet (*.parquet)", filters) == "/tmp/history.parquet"
    assert suffixed("/tmp/h.CSV", "CSV (*.csv)", filters) == "/tmp/h.CSV"
    assert suffixed("/tmp/h.parquet", "CSV (*.csv)", filters) == "/tmp/h.parquet"  # the name decides
    assert (
        suffixed("/tmp/r.v2", "HTML (*.html *.htm)", "Markdown (*.md);;HTML (*.html *.htm)")
        == "/tmp/r.v2.html"
    )
    assert suffixed("/tmp/r", "All files (*)", filters) == "/tmp/r"
