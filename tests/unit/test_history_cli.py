"""``gpuaccel history``'s export without a daemon: a file that cannot be written is one clear line (the CLI
prints a UsageError as ``gpuaccel history: ...``), never a traceback."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gpuaccel.app.commands.history import export
from gpuaccel.app.commands.jobs import UsageError


class _Client:
    """The two calls an export makes, answering one GPU with two readings."""

    def telemetry_now(self) -> dict[str, Any]:
        return {"gpus": [{"info": {"index": 0}}]}

    def telemetry_history(self, gpu: int, fields: list[str], **_: Any) -> dict[str, Any]:
        return {"t": [1.0, 2.0], **{f: [10.0, 20.0] for f in fields}}


def test_export_writes_a_csv_file(tmp_path: Path) -> None:
    path = tmp_path / "h.csv"
    assert export(_Client(), "csv", path, 0.0, 10.0, fields=["util_gpu"]) == (2, 1)
    assert path.read_text().splitlines()[0] == "time (UTC),unix time (s),GPU,GPU utilization (%)"


def test_every_exported_column_says_its_unit(tmp_path: Path) -> None:
    """A header of "util_gpu" or "sm_active" left a spreadsheet's reader guessing whether 0.4 is 0.4 % or
    40 %: each reading's column carries the unit the app's screens give the same reading."""
    import csv

    from gpuaccel.accel.telemetry.fields import FIELD, HISTORY_FIELDS

    path = tmp_path / "h.csv"
    export(_Client(), "csv", path, 0.0, 10.0)
    with open(path, encoding="utf-8") as f:
        header = next(csv.reader(f))
    readings = header[3:]
    assert readings == [FIELD[k].heading for k in HISTORY_FIELDS]
    assert readings[:5] == [
        "GPU utilization (%)",
        "Memory bus utilization (%)",
        "Memory used (MiB)",
        "Temperature (°C)",
        "Power (W)",
    ]
    assert "SM active (%)" in readings and "Tensor-core activity (%)" in readings
    assert "DRAM bandwidth (%)" in readings and readings[-1] == "TFLOP/s (estimate)"
    percent = [k for k in HISTORY_FIELDS if FIELD[k].unit == "%"]
    assert len(percent) == 5 and all(FIELD[k].heading.endswith("(%)") for k in percent)


def test_keys_head_the_columns_with_the_field_keys_for_scripts(tmp_path: Path) -> None:
    """A script that selects columns by name keeps working with --keys: the same cells, headed with the
    stable field keys instead of the people's headings."""
    import csv

    from gpuaccel.accel.telemetry.fields import HISTORY_FIELDS

    rows = {}
    for keys in (False, True):
        path = tmp_path / f"h{keys}.csv"
        export(_Client(), "csv", path, 0.0, 10.0, keys=keys)
        with open(path, encoding="utf-8") as f:
            rows[keys] = list(csv.reader(f))
    assert rows[True][0] == ["time_utc", "t", "gpu", *HISTORY_FIELDS]
    assert rows[True][1:] == rows[False][1:] and len(rows[True]) > 1


@pytest.mark.parametrize("fmt", ["csv", "parquet"])
def test_an_unwritable_path_is_a_usage_error_naming_it(tmp_path: Path, fmt: str) -> None:
    if fmt == "parquet":
        pytest.importorskip("pyarrow")
    missing = tmp_path / "no-such-folder" / f"h.{fmt}"
    with pytest.raises(UsageError, match=f"cannot write {missing}"):
        export(_Client(), fmt, missing, 0.0, 10.0, fields=["util_gpu"])
    with pytest.raises(UsageError, match="Is a directory"):
        export(_Client(), "csv", tmp_path, 0.0, 10.0, fields=["util_gpu"])


def test_exported_readings_carry_no_float_noise() -> None:
    """A mean or a scaled reading is written as 62.63 / 0.022, not 62.629999999999995 / 0.022000000000000002
    (timestamps are not passed through it: 12 digits would cut their milliseconds)."""
    from gpuaccel.accel.telemetry.fields import exported

    assert repr(exported(62.629999999999995)) == "62.63" and repr(exported(22 * 0.001)) == "0.022"
    assert exported(0.1 + 0.2) == 0.3 and exported(1e-9 / 3) == float(f"{1e-9 / 3:.12g}")


def test_parquet_has_a_timestamp_column_and_units_as_column_metadata(tmp_path: Path) -> None:
    """pandas and pyarrow read ``time`` as a timestamp (it was a string) and find each column's unit in
    its metadata (it lived in the column's name)."""
    import datetime as dt

    pq = pytest.importorskip("pyarrow.parquet")
    path = tmp_path / "h.parquet"
    assert export(_Client(), "parquet", path, 0.0, 10.0, fields=["util_gpu", "power_w"]) == (2, 2)
    table = pq.read_table(path)
    assert table.column_names == ["time", "gpu", "util_gpu", "power_w"]
    assert str(table.schema.field("time").type) == "timestamp[ms, tz=UTC]"
    assert table.column("time").to_pylist()[1] == dt.datetime(1970, 1, 1, 0, 0, 2, tzinfo=dt.UTC)
    power = table.schema.field("power_w").metadata
    assert power == {b"unit": b"W", b"heading": b"Power (W)"}
    assert table.schema.field("util_gpu").metadata[b"unit"] == b"%"
    assert table.schema.metadata[b"resolution"] == b"1s"
    assert table.column("power_w").to_pylist() == [10.0, 20.0]
