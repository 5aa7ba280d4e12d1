"""MIG: the fake scenario's instances, the NVML reader, request validation and instance placement."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from gpuaccel.accel.telemetry.fake import MIG_INSTANCES, FakeBackend
from gpuaccel.accel.telemetry.fields import MIG_MODE, MIG_NO_UTIL, NOT_SUPPORTED
from gpuaccel.accel.telemetry.nvml_mig import read_mig
from gpuaccel.accel.telemetry.types import NA, MigInstance
from gpuaccel.scheduler.lifecycle.allocator import gpu_states, place
from gpuaccel.scheduler.lifecycle.validation import Pending, RequestError, validate_request
from gpuaccel.scheduler.placement import mig

UUIDS = [m.uuid for m in MIG_INSTANCES]


def _samples() -> list[Any]:
    b = FakeBackend("mig")
    b.init()
    return [b.sample(0), b.sample(1)]


def test_fake_mig_scenario_shows_instances_with_memory_and_utilization() -> None:
    gpu0, gpu1 = _samples()
    assert [m.profile for m in gpu0.mig] == ["3g.40gb", "2g.20gb", "1g.10gb"]
    assert all(m.uuid.startswith("MIG-") and 0 <= m.util_pct <= 100 for m in gpu0.mig)
    assert all(0 < m.mem_used_mib < m.mem_total_mib for m in gpu0.mig)
    assert gpu0.util_gpu == NA(MIG_MODE), "a GPU in MIG mode reports utilization per instance"
    assert gpu0.mem_used_mib == sum(m.mem_used_mib for m in gpu0.mig)
    assert gpu1.mig == [] and isinstance(gpu1.util_gpu, float)
    assert gpu0.to_json()["mig"][0]["uuid"] == UUIDS[0]


class _Nv:
    """The few NVML calls read_mig makes, over two instances in slots 0 and 2."""

    NVML_DEVICE_MIG_ENABLE = 1

    def __init__(self, mode: int = 1, mode_error: Exception | None = None) -> None:
        self.mode, self.mode_error = mode, mode_error

    def nvmlDeviceGetMigMode(self, h: Any) -> tuple[int, int]:
        if self.mode_error:
            raise self.mode_error
        return self.mode, self.mode

    def nvmlDeviceGetMaxMigDeviceCount(self, h: Any) -> int:
        return 3

    def nvmlDeviceGetMigDeviceHandleByIndex(self, h: Any, i: int) -> Any:
        if i == 1:
            raise LookupError("not found")
        return i

    def nvmlDeviceGetUUID(self, m: int) -> bytes:
        return f"MIG-0000000{m}-0000-4000-8000-000000000000".encode()

    def nvmlDeviceGetName(self, m: int) -> str:
        return "NVIDIA H100 80GB HBM3 MIG " + ("3g.40gb" if m == 0 else "1g.10gb")

    def nvmlDeviceGetMemoryInfo(self, m: int) -> Any:
        return SimpleNamespace(used=2**30, total=(40 if m == 0 else 10) * 2**30)

    def nvmlDeviceGetGpuInstanceId(self, m: int) -> int:
        return m + 1


def _reason(exc: BaseException) -> tuple[str, bool]:
    return (NOT_SUPPORTED if isinstance(exc, NotImplementedError) else f"NVML error: {exc}"), False


def test_nvml_reader_lists_instances_and_says_mig_off() -> None:
    found = read_mig(_Nv(), "h", _reason)
    no = NA(MIG_NO_UTIL)  # activity comes from GPM per instance (test_telemetry_nvml), not from this list
    assert found == [
        MigInstance("MIG-00000000-0000-4000-8000-000000000000", "3g.40gb", 1024.0, 40960.0, no, no, 1),
        MigInstance("MIG-00000002-0000-4000-8000-000000000000", "1g.10gb", 1024.0, 10240.0, no, no, 3),
    ]
    assert read_mig(_Nv(mode=0), "h", _reason) == []
    assert read_mig(_Nv(mode_error=NotImplementedError()), "h", _reason) == [], "no MIG on this GPU"
    assert read_mig(_Nv(mode_error=OSError("boom")), "h", _reason) == NA("NVML error: boom")


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        ({"mig": "MIG-123"}, "'any' (any free MIG instance) or an instance's uuid"),
        ({"mig": 3}, "Input should be a valid string"),  # the model says it, whatever the door
        ({"mig": "any", "gpus": 2}, "takes one MIG instance"),
        ({"mig": "any", "gpu_ids": [0]}, "leave out gpu_ids"),
        ({"mig": "any", "where": "ray"}, "daemon's host"),
    ],
)
def test_bad_mig_requests_name_the_field(raw: dict, words: str) -> None:
    with pytest.raises(RequestError) as err:
        validate_request({"kind": "command", "argv": ["true"], **raw})
    assert err.value.field == "mig" and words in err.value.message


def test_mig_request_takes_one_gpu() -> None:
    req = validate_request({"kind": "command", "argv": ["true"], "mig": "ANY"})
    assert (req.mig, req.gpus) == ("any", 1)
    assert validate_request({"kind": "command", "argv": ["true"], "mig": UUIDS[1]}).mig == UUIDS[1]


def _pending(want: str | None, memory_mib: int | None = None) -> Pending:
    return Pending(5, 0, 1, None, memory_mib, [], None, "local", mig=want)


def test_place_gives_free_instances_one_job_each() -> None:
    samples = _samples()
    held: dict[str, int] = {}
    for n in range(3):
        got = mig.place(_pending("any"), samples, held)
        assert isinstance(got, tuple) and got[0] == 0 and got[1] not in held
        held[got[1]] = n
    why = mig.place(_pending("any"), samples, held)
    assert isinstance(why, str) and why.startswith("waiting for a MIG instance") and "held by job 2" in why
    assert mig.place(_pending(UUIDS[2]), samples, {}) == (0, UUIDS[2])
    assert "held by job 7" in str(mig.place(_pending(UUIDS[2]), samples, {UUIDS[2]: 7}))
    unknown = "MIG-ffffffff-0000-4000-8000-000000000000"
    assert "no GPU of this machine has it" in str(mig.place(_pending(unknown), samples, {}))
    assert "needs 50000" in str(mig.place(_pending("any", memory_mib=50000), samples, {}))


def test_lost_gpu_gives_no_instance_and_whole_gpu_jobs_skip_mig_gpus() -> None:
    gpu0, gpu1 = _samples()
    gpu0.lost = True
    assert "GPU 0 lost" in str(mig.place(_pending(UUIDS[0]), [gpu0, gpu1], {}))
    assert "no GPU of this machine is in MIG mode" in str(mig.place(_pending("any"), [gpu1], {}))
    states = gpu_states(_samples())
    assert place(_pending(None), states, {}) == [1], "the whole A100, not the GPU split into instances"
    why = place(Pending(6, 0, 1, [0], None, [], None), states, {})
    assert why == "waiting: GPU 0 is in MIG mode (ask for one of its instances with --mig)"
