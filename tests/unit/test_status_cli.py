"""`gpuaccel status` and `gpuaccel calibrate` through app.cli.main, on the fake backend."""

from __future__ import annotations

import collections
import dataclasses
import json

import pytest

from gpuaccel.app import cli
from gpuaccel.app.commands import status as status_cmd


@pytest.fixture(autouse=True)
def fast(monkeypatch, tmp_path):
    monkeypatch.setattr(status_cmd, "GPM_SETTLE_S", 0.0)
    monkeypatch.setenv("GPUACCEL_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.setenv("GPUACCEL_DATA_DIR", str(tmp_path / "data"))  # no daemon there: NVML read here


def run(monkeypatch, capsys, scenario: str | None, *args: str) -> tuple[int, str, str]:
    if scenario is None:
        monkeypatch.delenv("GPUACCEL_FAKE_NVML", raising=False)
    else:
        monkeypatch.setenv("GPUACCEL_FAKE_NVML", scenario)
    rc = cli.main(["status", *args])
    out, err = capsys.readouterr()
    return rc, out, err


def test_table_two_gpus(monkeypatch, capsys):
    rc, out, err = run(monkeypatch, capsys, "two_gpus")
    assert rc == 0 and err == ""
    assert "source fake:two_gpus (scripted test data, not a real GPU) (read here: no daemon runs)" in out
    assert "H100 80GB HBM3" in out and "GeForce RTX 4090" in out
    assert "est. TFLOP/s" in out and "(table)" in out
    assert "N/A reasons:" in out
    assert "  GPU 0: fan: not supported on this GPU" in out
    assert "GPU 1: est. TFLOP/s, tensor, SM active" in out
    assert (
        "GPU 1: est. TFLOP/s, tensor, SM active" in out and "GPM metrics need Hopper (sm_90) or newer" in out
    )
    # the RTX 4090 keeps no ECC counts and remaps no rows: said once each, not per counter
    assert out.rstrip().endswith("GPU 1: ECC, remapped rows: not supported on this GPU")
    assert "fake-trainer" in out and "Xorg" in out


def test_every_na_in_the_table_has_a_reason(monkeypatch, capsys):
    _, out, _ = run(monkeypatch, capsys, "no_process_permission")
    assert "  GPU 0: processes: needs root" in out and "  GPU 1: processes: needs root" in out
    _, out, _ = run(monkeypatch, capsys, "gpu_lost")  # lost only after 30 samples: both fine here
    assert "GPU lost" not in out


def test_json(monkeypatch, capsys):
    rc, out, _ = run(monkeypatch, capsys, "two_gpus", "--json")
    assert rc == 0
    data = json.loads(out)
    assert (
        data["backend"] == "fake:two_gpus" and data["error"] is None and data["driver"] == "580.00.00 (fake)"
    )
    g0, g1 = data["gpus"]
    assert g0["info"]["name"] == "NVIDIA H100 80GB HBM3" and g0["info"]["compute_capability"] == [9, 0]
    assert g0["sample"]["fan_pct"] == {"na": "not supported on this GPU"}
    assert isinstance(g0["sample"]["gpm"]["tensor_active"], float)  # two readings were taken
    t = g0["tflops"]
    assert t["exact"] is False and t["peak"] == 989.4 and t["peak_source"] == "table"
    assert t["value"] == pytest.approx(g0["sample"]["gpm"]["tensor_active"] / 100 * 989.4)
    assert g1["tflops"]["na"] == "GPM metrics need Hopper (sm_90) or newer"
    assert g1["sample"]["processes"][0]["name"] == "Xorg"


@pytest.mark.parametrize("scenario", ["no_library", None])  # None: the real NVML, absent on CI machines
def test_no_driver_prints_one_line_and_exits_0(monkeypatch, capsys, scenario):
    import pynvml

    if scenario is None:
        monkeypatch.setattr(pynvml, "nvmlInit", lambda: (_ for _ in ()).throw(pynvml.NVMLError(12)))
    rc, out, err = run(monkeypatch, capsys, scenario)
    assert rc == 0 and err == ""
    assert out == "No NVIDIA GPU telemetry on this machine: NVIDIA driver library (libnvidia-ml) not found.\n"
    rc, out, _ = run(monkeypatch, capsys, scenario, "--json")
    assert rc == 0 and json.loads(out)["error"] == "NVIDIA driver library (libnvidia-ml) not found"


def test_no_gpus(monkeypatch, capsys):
    rc, out, _ = run(monkeypatch, capsys, "no_gpus")
    assert rc == 0 and "The NVIDIA driver is loaded but reports no GPUs." in out


def test_watch_refreshes_in_place(monkeypatch, capsys):
    monkeypatch.setattr(status_cmd.sys.stdout, "isatty", lambda: True)
    rc, out, _ = run(monkeypatch, capsys, "two_gpus", "--watch", "--interval", "0.01", "--count", "3")
    assert rc == 0 and out.count("\x1b[H\x1b[2J") == 3


def test_watch_piped_appends_refreshes_without_escape_codes(monkeypatch, capsys):
    monkeypatch.setattr(status_cmd.sys.stdout, "isatty", lambda: False)
    rc, out, _ = run(monkeypatch, capsys, "two_gpus", "--watch", "--interval", "0.01", "--count", "3")
    assert rc == 0 and "\x1b" not in out
    first = out.splitlines()[0]
    assert out.count(first[:10]) == 3 and "\n\n" in out  # three tables, one blank line between them


def test_watch_ctrl_c_exits_0(monkeypatch, capsys):
    calls = []

    def interrupt(_s):  # the first sleep is the GPM settle pause; Ctrl-C lands in the refresh wait
        calls.append(_s)
        if len(calls) > 1:
            raise KeyboardInterrupt

    monkeypatch.setattr(status_cmd.time, "sleep", interrupt)
    monkeypatch.setattr(status_cmd.sys.stdout, "isatty", lambda: True)
    rc, out, _ = run(monkeypatch, capsys, "two_gpus", "--watch")
    assert rc == 0 and out.count("\x1b[H\x1b[2J") == 1


def test_calibrate_without_cuda_is_one_line_and_nonzero(monkeypatch, capsys):
    from gpuaccel.accel.telemetry import calibrate

    reason = calibrate.cuda_unavailable_reason()
    if reason is None:
        pytest.skip("this machine has CUDA")
    rc = cli.main(["calibrate"])
    out, err = capsys.readouterr()
    assert rc == 1 and out == ""
    assert err.count("\n") == 1 and err.startswith("gpuaccel calibrate needs a CUDA GPU: ")


def test_throttle_reasons_read_as_words_as_on_the_card(monkeypatch, capsys):
    """The table printed NVML's codes (sw_power_cap) where the card says "power cap"; --json keeps codes."""
    from gpuaccel.accel.telemetry.fake import FakeBackend
    from gpuaccel.accel.telemetry.fields import throttle_words

    backend = FakeBackend("two_gpus")
    backend.init()
    info, sample = backend.device_info(0), backend.sample(0)
    held = dataclasses.replace(sample, throttle_reasons=["sw_power_cap", "hw_thermal"])
    text = "\n".join(status_cmd._details(info, held, collections.defaultdict(list), 989.0, "table"))
    assert "throttle power cap, hardware thermal limit" in text and "sw_power_cap" not in text
    assert throttle_words([]) == "none"
    rc, out, _ = run(monkeypatch, capsys, "two_gpus", "--json")
    reasons = [g.get("throttle_reasons") for g in json.loads(out)["gpus"]]
    assert rc == 0 and all(" " not in c for r in reasons if isinstance(r, list) for c in r)


@pytest.mark.parametrize("scenario", ["two_gpus", "mig", "unhealthy"])
def test_a_snapshot_reads_back_as_the_readings_it_was_made_of(monkeypatch, scenario):
    """``status`` renders a daemon's /telemetry/now through parse_snapshot: every field, MIG instances,
    processes and N/A reasons come back as the sampler held them."""
    from gpuaccel.accel.telemetry import open_backend
    from gpuaccel.accel.telemetry.sampler import Sampler
    from gpuaccel.accel.telemetry.snapshot import parse_snapshot, snapshot

    monkeypatch.setenv("GPUACCEL_FAKE_NVML", scenario)
    sampler = Sampler(open_backend(every_sample=True), capacity=4)
    sampler.open()
    try:
        sampler.poll()
        sampler.poll()
        parsed = parse_snapshot(json.loads(json.dumps(snapshot(sampler))))
        latest = {s.index: s for s in sampler.latest()}
        assert [p.info for p in parsed] == sampler.infos
        assert [p.sample for p in parsed] == [latest[i.index] for i in sampler.infos]
        assert [(p.peak, p.peak_source) for p in parsed] == sampler.peaks
    finally:
        sampler.stop()
