"""Peak table lookup and calibration storage (in a temporary config dir)."""

from __future__ import annotations

import json

import pytest

from gpuaccel.accel.telemetry.peaks import (
    CONFIG_ENV,
    calibration_path,
    config_dir,
    load_calibration,
    lookup_peak,
    peak_for,
    save_calibration,
    table_peak,
)
from gpuaccel.accel.telemetry.types import NA, GpuInfo


@pytest.fixture(autouse=True)
def config(tmp_path, monkeypatch):
    monkeypatch.setenv(CONFIG_ENV, str(tmp_path / "cfg"))
    return tmp_path / "cfg"


@pytest.mark.parametrize(
    ("nvml_name", "label", "bf16", "fp8"),
    [
        ("NVIDIA H100 80GB HBM3", "H100 SXM", 989.4, 1978.9),
        ("NVIDIA H100 PCIe", "H100 PCIe", 756.5, 1513.0),
        ("NVIDIA H200", "H200 SXM", 989.4, 1978.9),
        ("NVIDIA A100-SXM4-80GB", "A100 SXM", 312.0, None),
        ("NVIDIA A100-PCIE-40GB", "A100 PCIe", 312.0, None),
        ("NVIDIA A100 80GB PCIe", "A100 PCIe", 312.0, None),
        ("NVIDIA L4", "L4", 121.0, 242.0),
        ("NVIDIA L40S", "L40S", 362.1, 733.0),
        ("NVIDIA GeForce RTX 4090", "RTX 4090", 165.2, 330.3),
        ("NVIDIA GeForce RTX 3090", "RTX 3090", 71.0, None),
        ("NVIDIA B200", "B200", 2250.0, 4500.0),
    ],
)
def test_table_lookup(nvml_name, label, bf16, fp8):
    assert lookup_peak(nvml_name).label == label
    assert table_peak(nvml_name, "bf16") == bf16
    got = table_peak(nvml_name, "fp8")
    if fp8 is None:
        assert got == NA("no FP8 tensor cores before Ada/Hopper")
    else:
        assert got == fp8


def test_turing_has_fp16_but_no_bf16_and_unknown_gpus_say_so():
    assert table_peak("NVIDIA GeForce RTX 2080 Ti", "bf16") == NA(
        "no bf16 tensor cores on Turing (fp16 only)"
    )
    assert table_peak("NVIDIA GeForce RTX 2080 Ti", "fp16") == 53.8
    assert lookup_peak("NVIDIA GeForce RTX 3090 Ti") is None  # a different board, not the 3090
    assert lookup_peak("NVIDIA L40") is None  # not the L40S
    assert table_peak("Tesla T4") == NA("no peak known for Tesla T4; run `gpuaccel calibrate`")
    with pytest.raises(ValueError):
        table_peak("NVIDIA L4", "fp4")


def info(uuid="GPU-1", name="NVIDIA H100 80GB HBM3") -> GpuInfo:
    return GpuInfo(0, uuid, name, "Hopper", (9, 0), 81559.0, 700.0, "00000000:18:00.0", True)


def test_calibration_is_stored_and_preferred(config):
    assert peak_for(info()) == (989.4, "table")
    path = save_calibration("GPU-1", "NVIDIA H100 80GB HBM3", 745.26, {"size": 8192})
    assert path == calibration_path() == config / "calibration.json" and config_dir() == config
    stored = json.loads(path.read_text())
    assert stored["by_uuid"]["GPU-1"]["bf16_tflops"] == 745.3 and stored["by_uuid"]["GPU-1"]["size"] == 8192
    assert peak_for(info()) == (745.3, "calibrated")
    assert peak_for(info(uuid="GPU-2")) == (745.3, "calibrated")  # same model, other card
    assert peak_for(info(uuid="GPU-3", name="NVIDIA L4")) == (121.0, "table")
    save_calibration("GPU-2", "NVIDIA H100 80GB HBM3", 700.0)
    assert peak_for(info()) == (745.3, "calibrated")  # its own uuid wins over the model's newest
    assert peak_for(info(uuid="GPU-2")) == (700.0, "calibrated")
    assert not list(config.glob(".calibration-*"))  # no temp files left behind


def test_turing_estimates_with_fp16_peak():
    assert peak_for(info(name="NVIDIA GeForce RTX 2080 Ti")) == (53.8, "table")


def test_corrupt_calibration_file_is_ignored(config):
    config.mkdir(parents=True)
    (config / "calibration.json").write_text("{not json")
    assert load_calibration()["by_uuid"] == {}
    assert peak_for(info()) == (989.4, "table")
    save_calibration("GPU-1", "NVIDIA H100 80GB HBM3", 750.0)  # overwrites the broken file
    assert peak_for(info()) == (750.0, "calibrated")
