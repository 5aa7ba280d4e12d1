"""The scripted fake backend: scenarios, deterministic movement, scripting hooks, open_backend selection."""

from __future__ import annotations

import pytest

from gpuaccel.accel.telemetry import FAKE_ENV, backend_name, open_backend
from gpuaccel.accel.telemetry.fake import SCENARIOS, FakeBackend
from gpuaccel.accel.telemetry.fields import GPM_METRICS, GPM_WARMING_UP, NO_LIBRARY, NOT_HOPPER
from gpuaccel.accel.telemetry.health import warnings
from gpuaccel.accel.telemetry.types import NA, TelemetryUnavailable


def started(scenario: str, **kw) -> FakeBackend:
    b = FakeBackend(scenario, **kw)
    b.init()
    return b


def test_no_library_init_raises_with_reason():
    b = FakeBackend("no_library")
    with pytest.raises(TelemetryUnavailable) as exc:
        b.init()
    assert str(exc.value) == NO_LIBRARY == "NVIDIA driver library (libnvidia-ml) not found"


def test_no_gpus():
    assert started("no_gpus").device_count() == 0


def test_two_gpus_are_different_models_and_only_hopper_has_gpm():
    b = started("two_gpus")
    a, c = b.device_info(0), b.device_info(1)
    assert a.name == "NVIDIA H100 80GB HBM3" and a.gpm_supported is True and a.compute_capability == (9, 0)
    assert c.name == "NVIDIA GeForce RTX 4090" and c.gpm_supported is False
    assert a.uuid != c.uuid
    s1 = b.sample(1)
    assert s1.gpm == {k: NA("GPM metrics need Hopper (sm_90) or newer") for k in GPM_METRICS}
    assert NOT_HOPPER == "GPM metrics need Hopper (sm_90) or newer"
    assert isinstance(s1.fan_pct, float)
    s0 = b.sample(0)
    assert s0.fan_pct == NA("not supported on this GPU")
    assert s0.gpm["tensor_active"] == NA(GPM_WARMING_UP)  # GPM needs two readings, like NVML
    assert isinstance(b.sample(0).gpm["tensor_active"], float)


def test_values_move_deterministically():
    b1, b2 = started("two_gpus"), started("two_gpus")
    u1 = [b1.sample(0).util_gpu for _ in range(40)]
    u2 = [b2.sample(0).util_gpu for _ in range(40)]
    assert u1 == u2
    assert max(u1) - min(u1) > 20  # visibly changes
    assert all(0 <= u <= 100 for u in u1)


def test_scripting_values_and_processes():
    b = started("two_gpus")
    b.set_value(0, "util_gpu", 95.0)
    s = b.sample(0)
    assert s.util_gpu == 95.0 and s.pstate == "P0"
    b.set_value(0, "util_gpu", 0.0)
    b.set_gpm(0, "tensor_active", 0.0)
    s = b.sample(0)
    assert s.util_gpu == 0.0 and s.gpm["tensor_active"] == 0.0 and s.throttle_reasons == ["gpu_idle"]
    b.add_process(0, 999, "foreign", 1024.0)
    names = [p.name for p in b.sample(0).processes]
    assert names == ["fake-trainer", "foreign"]
    b.remove_process(0, 999)
    b.clear(0)
    assert b.sample(0).util_gpu != 0.0
    with pytest.raises(ValueError, match="not a scriptable"):
        b.set_value(0, "uuid", "x")
    with pytest.raises(ValueError, match="not a GPM metric"):
        b.set_gpm(0, "bogus", 1.0)


def test_gpu_lost_after_n_samples():
    b = started("gpu_lost", lost_after=3)
    for _ in range(3):
        assert not b.sample(1).lost
    s = b.sample(1)
    assert s.lost and s.util_gpu == NA("GPU lost") and s.processes == NA("GPU lost")
    assert not b.sample(0).lost


def test_no_gpm_and_no_process_permission():
    s = started("no_gpm").sample(0)
    assert all(v == NA(NOT_HOPPER) for v in s.gpm.values())
    p = started("no_process_permission").sample(0)
    assert p.processes == NA("needs root")
    assert p.to_json()["processes"] == {"na": "needs root"}


def test_sample_before_init_fails():
    with pytest.raises(RuntimeError, match="before init"):
        FakeBackend("two_gpus").sample(0)


def test_open_backend_selection(monkeypatch):
    monkeypatch.setenv(FAKE_ENV, "two_gpus")
    assert backend_name(open_backend()) == "fake:two_gpus"
    assert backend_name(open_backend("fake:no_gpm")) == "fake:no_gpm"
    assert backend_name(open_backend("nvml")) == "nvml"
    monkeypatch.delenv(FAKE_ENV)
    assert backend_name(open_backend()) == "nvml"  # never the fake unless asked for
    with pytest.raises(ValueError, match="unknown fake NVML scenario"):
        open_backend("three_gpus")
    assert set(SCENARIOS) >= {
        "no_library",
        "no_gpus",
        "two_gpus",
        "gpu_lost",
        "no_gpm",
        "no_process_permission",
    }


def test_the_unhealthy_scenario_raises_every_health_signal_and_healthy_gpus_none() -> None:
    b = FakeBackend("unhealthy")
    b.init()
    h100, v100 = warnings(b.sample(0)), warnings(b.sample(1))
    assert h100 == [
        "XID 94 (contained ECC error)",
        "row remapping pending: reset the GPU to apply it",
        "2 uncorrected ECC errors since the driver loaded",
        "5 uncorrected ECC errors over the GPU's life",
        "1 row remapped for uncorrectable errors",
        "240 PCIe replays since the driver loaded (a link that keeps retrying)",
        "hardware slowdown",
    ]
    assert v100 == [
        "XID 48 (double-bit ECC error), 2 XID events",
        "page retirement pending: reset the GPU to apply it",
        "1 uncorrected ECC error over the GPU's life",
        "1 page retired for double-bit errors",
        "hardware thermal slowdown",
    ]
    assert b.sample(1).remapped_rows_uncorrectable == NA("not supported on this GPU")  # Volta retires pages
    healthy = FakeBackend("two_gpus")
    healthy.init()
    assert warnings(healthy.sample(0)) == [] and warnings(healthy.sample(1)) == []
    healthy.add_xid(0, 79)
    healthy.set_health(0, "row_remap_failure", 1)
    assert warnings(healthy.sample(0).to_json()) == [
        "XID 79 (GPU has fallen off the bus)",
        "row remapping failed: the GPU needs service",
    ]
