"""``gpuaccel history``: stored telemetry of every GPU as CSV and Parquet, and clear errors for bad input."""

from __future__ import annotations

import csv
import io
import time

import pytest
from daemon_fixture import DaemonProcess, wait_for

from gpuaccel.app.commands.jobs import UsageError, parse_when


def test_parse_when_takes_durations_and_dates() -> None:
    assert parse_when("2h", now=10_000.0) == 10_000.0 - 7200
    assert parse_when("2026-11-23T08:00:00+00:00") == 1795420800.0
    with pytest.raises(UsageError, match="neither a duration"):
        parse_when("yesterday")


def test_history_exports_csv_and_parquet(daemon: DaemonProcess, tmp_path) -> None:
    client = daemon.client()
    wait_for(lambda: len(client.telemetry_history(1, ["util_gpu"], since=time.time() - 60)["t"]) >= 2,
             timeout=20, what="2 s of history")  # fmt: skip
    out = daemon.cli("history", "--since", "5m", "--fields", "util_gpu,power_w")
    assert out.returncode == 0, out.stderr
    rows = list(csv.DictReader(io.StringIO(out.stdout)))
    assert list(rows[0]) == ["time (UTC)", "unix time (s)", "GPU", "GPU utilization (%)", "Power (W)"]
    assert {r["GPU"] for r in rows} == {"0", "1"} and all(float(r["Power (W)"]) > 0 for r in rows)
    path = tmp_path / "h.parquet"
    pq = pytest.importorskip("pyarrow.parquet")
    out = daemon.cli("history", "--since", "5m", "--gpu", "0", "--format", "parquet", "-o", str(path))
    assert out.returncode == 0 and "Wrote" in out.stderr, out.stderr
    table = pq.read_table(path)
    assert table.column_names[:2] == ["time", "gpu"] and "util_gpu" in table.column_names
    assert set(table.column("gpu").to_pylist()) == {0}
    bad = daemon.cli("history", "--fields", "util_gpu,bogus")
    assert bad.returncode == 2 and "unknown bogus" in bad.stderr
    assert daemon.cli("history", "--format", "parquet").returncode == 2  # binary: needs -o
    assert "the daemon has GPUs [0, 1]" in daemon.cli("history", "--gpu", "5").stderr
