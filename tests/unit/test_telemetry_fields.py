"""The field catalogue is the one description of every reading; its readers agree with it."""

from __future__ import annotations

import sqlite3

import pytest

from gpuaccel.accel.telemetry.fake import FakeBackend
from gpuaccel.accel.telemetry.fields import (
    FIELD,
    FIELDS,
    GPM_METRICS,
    HISTORY_COUNTERS,
    HISTORY_FIELDS,
    HISTORY_GAUGES,
    NO_GPM,
    NO_SAMPLE,
    NUMERIC_FIELDS,
    PROMETHEUS_FIELDS,
    field,
    with_unit,
)
from gpuaccel.accel.telemetry.types import (
    NA,
    SAMPLE_VALUE_FIELDS,
    GpuSample,
    estimate_tflops,
    read,
    sample_tflops,
)
from gpuaccel.scheduler.store import migrations


def test_catalogue_covers_every_sample_reading_once() -> None:
    keys = [f.key for f in FIELDS]
    assert len(keys) == len(set(keys))
    assert [f.key for f in FIELDS if f.source == "sample"] == list(SAMPLE_VALUE_FIELDS)
    assert set(GPM_METRICS) == {"sm_active", "sm_occupancy", "tensor_active", "dram_bw_util"} | {
        "fp16_active", "fp32_active", "fp64_active",
    }  # fmt: skip
    assert [f.key for f in FIELDS if f.source == "derived"] == ["tflops_est"]
    assert all(f.label and f.title for f in FIELDS)


def test_history_fields_are_the_history_tables_columns() -> None:
    conn = sqlite3.connect(":memory:")
    migrations.apply(conn, "scheduler", migrations.SCHEDULER)
    extremes = {f"{f}_{end}" for f in HISTORY_GAUGES for end in ("min", "max")} | {"seconds"}
    for table, more in (("telemetry_1s", set()), ("telemetry_1m", extremes)):
        columns = [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]
        assert set(columns) - {"gpu", "t"} == set(HISTORY_FIELDS) | more
    assert HISTORY_COUNTERS == ("energy_j",) and set(HISTORY_GAUGES) == set(HISTORY_FIELDS) - {"energy_j"}
    assert set(HISTORY_FIELDS) <= set(NUMERIC_FIELDS)


def test_prometheus_names_are_unique_and_prefixed() -> None:
    names = [f.prom for f in FIELDS if f.prom]
    assert len(names) == len(set(names)) and all(n.startswith("gpuaccel_gpu_") for n in names)
    assert all(f.help and f.prom_type in ("gauge", "counter") for f in PROMETHEUS_FIELDS)
    assert FIELD["energy_j"].prom_type == "counter"  # exported as gpuaccel_gpu_energy_joules_total
    # base units only: no percent, MiB or MHz in a name
    assert not [n for n in names if n.endswith(("_percent", "_mib", "_mhz"))]
    assert "tflops_est" not in {f.key for f in PROMETHEUS_FIELDS}  # exported with its own exact label


def test_text_uses_digits_and_unit() -> None:
    assert FIELD["util_gpu"].text(45.4) == "45%"
    assert FIELD["temperature_c"].text(71.0) == "71 °C"
    assert FIELD["tensor_active"].text(49.84) == "49.8%"
    assert FIELD["tflops_est"].text(492.71) == "492.7 TFLOP/s"
    # the one rule for views outside the catalogue too (the desktop app's process table, bar tooltips)
    assert (
        with_unit(8.0, "%") == "8%" and with_unit(2048.0, "MiB") == "2048 MiB" and with_unit(3.14, "") == "3"
    )


def test_unknown_field_names_the_known_ones() -> None:
    with pytest.raises(KeyError, match="unknown telemetry field 'util'.*util_gpu"):
        field("util")


def test_estimate_tflops() -> None:
    assert estimate_tflops(50.0, 989.4) == pytest.approx(494.7)
    assert estimate_tflops(NA("needs root"), 989.4) == NA("needs root")
    assert estimate_tflops(10.0, NA("no peak")) == NA("no peak")


def test_read_and_sample_tflops() -> None:
    backend = FakeBackend("two_gpus")
    backend.init()
    backend.sample(0)
    s = backend.sample(0)  # GPM needs two readings
    assert read(s, "util_gpu") == s.util_gpu
    assert read(s, "tensor_active") == s.gpm["tensor_active"]
    assert read(s, "tflops_est", 989.4) == pytest.approx(s.gpm["tensor_active"] / 100 * 989.4)
    assert sample_tflops(s, 989.4) == read(s, "tflops_est", 989.4)
    with pytest.raises(ValueError, match="pass peak"):
        read(s, "tflops_est")
    bare = GpuSample(index=0, uuid="u", timestamp=0.0)
    assert read(bare, "sm_active") == NA(NO_GPM)
    assert sample_tflops(bare, 989.4) == NA(NO_GPM)
    assert sample_tflops(None, 989.4) == NA(NO_SAMPLE)
