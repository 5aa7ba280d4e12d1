"""The /metrics series of a GPU's JSON sample: MIG instances as series of their own (dcgm-exporter's
gpu_i_id / gpu_i_profile labels), values NVML did not give left out, throttle reasons one series each."""

from __future__ import annotations

from gpuaccel.accel.telemetry.fake import FakeBackend
from gpuaccel.accel.telemetry.fields import FIELD
from gpuaccel.accel.telemetry.prometheus import THROTTLE_REASONS, WHOLE_GPU, throttle, values
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.accel.telemetry.snapshot import snapshot


def _samples(scenario: str) -> list[dict]:
    s = Sampler(FakeBackend(scenario), capacity=4)
    s.open()
    s.poll()
    s.poll()  # GPM needs two readings
    out = [g["sample"] for g in snapshot(s)["gpus"]]
    s.stop()
    return out


def test_mig_instances_are_their_own_series_with_dcgm_labels() -> None:
    mig_gpu, whole = _samples("mig")
    used = dict(values(mig_gpu, FIELD["mem_used_mib"]))
    assert set(used) == {WHOLE_GPU, ("1", "3g.40gb"), ("2", "2g.20gb"), ("3", "1g.10gb")}
    assert used[WHOLE_GPU] == sum(v for k, v in used.items() if k != WHOLE_GPU)  # the GPU is their sum
    tensor = dict(values(mig_gpu, FIELD["tensor_active"]))
    assert {k for k in tensor if k != WHOLE_GPU} == {("1", "3g.40gb"), ("2", "2g.20gb"), ("3", "1g.10gb")}
    assert dict(values(mig_gpu, FIELD["util_gpu"])) == {}  # "reported per MIG instance": no GPU series
    assert [k for k, _ in values(mig_gpu, FIELD["temperature_c"])] == [WHOLE_GPU]  # the GPU's own
    assert [k for k, _ in values(whole, FIELD["mem_used_mib"])] == [WHOLE_GPU]  # no MIG: one series


def test_health_counters_and_throttle_reasons() -> None:
    h100, v100 = _samples("unhealthy")
    assert dict(values(h100, FIELD["pcie_replays"])) == {WHOLE_GPU: 240.0}
    assert dict(values(h100, FIELD["retired_pages_dbe"])) == {}  # not supported on an H100: no series
    assert dict(values(v100, FIELD["retired_pages_dbe"])) == {WHOLE_GPU: 1.0}
    reasons = dict(throttle(h100))
    assert list(reasons) == list(THROTTLE_REASONS) and reasons["hw_slowdown"] == 1.0
    assert sum(reasons.values()) == 1.0
    assert dict(throttle({"throttle_reasons": {"na": "GPU lost"}})) == {}
