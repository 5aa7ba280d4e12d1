"""Pure policy: request validation, GPU placement, idle detection (no processes, no daemon)."""

from __future__ import annotations

import pytest

from gpuaccel.accel.telemetry.types import NA, GpuSample, ProcessInfo
from gpuaccel.api.jobs import Job
from gpuaccel.scheduler.lifecycle.allocator import GpuState, gpu_states, place
from gpuaccel.scheduler.lifecycle.idle import IdleDetector, IdleEvent
from gpuaccel.scheduler.lifecycle.validation import RequestError, validate_request


def _job(**kw: object) -> Job:
    req = validate_request({"kind": "command", "argv": ["true"], **kw})
    return Job(id=7, state="queued", assigned_gpus=[], attempt=0, created_at=0.0, started_at=None,
               finished_at=None, exit_code=None, reason=None, waiting_reason=None, progress=None, result=None,
               **req.model_dump())  # fmt: skip


@pytest.mark.parametrize(
    ("raw", "field", "words"),
    [
        ({"kind": "matmul", "spec": {"size": 100}}, "spec.size", "multiple of 64"),
        ({"kind": "matmul", "spec": {"dtype": "fp8"}}, "spec.dtype", "bf16, fp16"),
        ({"kind": "matmul", "spec": {"size": 128}, "argv": ["x"]}, "argv", "in spec"),
        ({"kind": "matmul", "spec": "big"}, "spec", "valid dictionary"),
        ({"kind": "nope"}, "kind", "known kinds: command, "),
        ({"kind": "command", "argv": ["true"], "spec": {"a": 1}}, "spec", "no spec"),
        ({"kind": "command", "argv": ["true"], "gpu_ids": [0, 0]}, "gpu_ids", "distinct"),
        ({"kind": "command", "argv": ["true"], "max_retries": 1000}, "max_retries", "or equal to 100"),
        ({"kind": "command", "argv": ["true"], "env": {"A": 1}}, "env.A", "valid string"),
        ({"kind": "command", "argv": ["true"], "priority": True}, "priority", "integer"),
    ],
)
def test_bad_requests_name_the_field_and_what_is_accepted(raw: dict, field: str, words: str) -> None:
    with pytest.raises(RequestError) as err:
        validate_request(raw)
    assert err.value.field == field and words in err.value.message


def test_defaults_gpus_by_kind() -> None:
    assert validate_request({"kind": "command", "argv": ["x"]}).gpus == 0
    matmul = validate_request({"kind": "matmul", "spec": {"size": 128}})
    assert matmul.gpus == 1 and matmul.spec == {"size": 128, "duration_s": 10.0, "dtype": "bf16"}
    assert validate_request({"kind": "command", "argv": ["x"], "gpu_ids": [1, 0]}).gpus == 2


GPUS = [GpuState(0, 1000.0), GpuState(1, 5000.0), GpuState(2, None)]


def test_place_picks_free_gpus_with_enough_memory() -> None:
    assert place(_job(), GPUS, {}) == []
    assert place(_job(gpus=1), GPUS, {}) == [1], "most free memory first"
    assert place(_job(gpus=2, memory_mib=2000), GPUS, {}) == [1, 2], "unknown free memory does not block"
    assert place(_job(gpus=1), GPUS, {1: 3}) in ([0], [2])
    why = place(_job(gpu_ids=[1]), GPUS, {1: 3})
    assert why == "waiting: GPU 1 is held by job 3"
    why = place(_job(gpus=1, memory_mib=9000), [GpuState(0, 1000.0)], {})
    assert why == "waiting for 1 GPU: GPU 0 has 1000 MiB free, job needs 9000"
    assert (
        place(_job(gpus=1), [], {}, "NVML found no GPU")
        == "needs 1 GPU; this machine has no GPU (NVML found no GPU)"
    )
    assert place(_job(gpu_ids=[5]), GPUS, {}) == "needs GPU 5; this machine has GPUs 0, 1, 2"
    assert "is lost" in place(_job(gpu_ids=[0]), [GpuState(0, None, lost=True)], {})


def test_gpu_states_from_samples() -> None:
    s = GpuSample(index=0, uuid="u", timestamp=0.0, mem_used_mib=1000.0, mem_total_mib=4000.0)
    assert gpu_states([s]) == [GpuState(0, 3000.0, False, total_mib=4000.0)]
    assert gpu_states([GpuSample(index=1, uuid="v", timestamp=0.0)])[0].free_mib is None


def _sample(index: int, util: float | NA = 0.0, procs: list[ProcessInfo] | NA | None = None) -> GpuSample:
    return GpuSample(index=index, uuid=f"u{index}", timestamp=0.0, util_gpu=util, processes=procs or [])


def test_idle_detector_opens_the_gate_after_quiet_time_and_closes_on_claim() -> None:
    det = IdleDetector(util_threshold_pct=10.0, idle_after_s=5.0)
    events: list[IdleEvent] = []
    det.subscribe(events.append)
    samples = [_sample(0), _sample(1, util=50.0)]
    det.update(samples, {}, lambda pid: False, now=100.0)
    assert not det.is_gate_open()
    det.update(samples, {}, lambda pid: False, now=106.0)
    assert det.is_gate_open() and det.idle_gpus() == [0]
    assert det.snapshot()[0].since == 100.0
    assert det.snapshot()[1].reason == "utilization 50% >= 10%"
    assert events[-1] == IdleEvent("gate", None, True, 106.0, "GPU 0 idle")
    det.note_claim([0], 42)
    assert not det.is_gate_open() and det.snapshot()[0].reason == "job 42 running"
    assert events[-1].kind == "gate" and events[-1].idle is False


def test_idle_detector_counts_jobs_and_foreign_compute_processes_not_graphics_or_ours() -> None:
    det = IdleDetector(idle_after_s=0.0)
    foreign = [ProcessInfo(999, "python", 100.0, "compute")]
    det.update([_sample(0, procs=foreign)], {}, lambda pid: False, now=1.0)
    assert not det.is_gate_open() and "process 999 (python)" in det.snapshot()[0].reason
    det.update([_sample(0, procs=foreign)], {}, lambda pid: pid == 999, now=2.0)
    assert det.is_gate_open(), "a process of a queue job is not foreign"
    det.update([_sample(0, procs=[ProcessInfo(5, "Xorg", 10.0, "graphics")])], {}, lambda pid: False, now=3.0)
    assert det.is_gate_open(), "graphics clients do not make a GPU busy"
    det.update([_sample(0)], {0: "job 3 queued"}, lambda pid: False, now=4.0)
    assert not det.is_gate_open() and det.snapshot()[0].reason == "job 3 queued"
    det.exempt_pid(999)
    det.update([_sample(0, procs=foreign)], {}, lambda pid: False, now=5.0)
    assert det.is_gate_open(), "exempted pids (the assistant's worker) are ours"


def test_own_activity_ignores_utilization_only() -> None:
    det = IdleDetector(idle_after_s=0.0)
    det.set_own_activity(True)
    det.update([_sample(0, util=99.0)], {}, lambda pid: False, now=1.0)
    assert det.is_gate_open()
    det.update([_sample(0, util=99.0)], {0: "job 1 running"}, lambda pid: False, now=2.0)
    assert not det.is_gate_open()
    det.set_own_activity(False)
    det.update([_sample(0, util=99.0)], {}, lambda pid: False, now=3.0)
    assert not det.is_gate_open()


def test_unsubscribe_and_no_gpu_reason() -> None:
    det = IdleDetector()
    seen: list[IdleEvent] = []
    stop = det.subscribe(seen.append)
    stop()
    det.update([], {}, lambda pid: False, no_gpu_reason="NVML found no GPU", now=1.0)
    assert seen == [] and det.to_json() == {"gpus": [], "gate_open": False, "reason": "NVML found no GPU"}


def test_a_job_no_gpu_can_ever_hold_says_so_whatever_holds_the_gpus() -> None:
    """A 70000 MiB job pinned to a 24 GB GPU read 'held by job 11' or 'N MiB free' by turns; it says it
    never fits, naming the GPUs' sizes; GPUs too small are passed over for one that fits."""
    gpus = [GpuState(0, 20000.0, total_mib=81559.0), GpuState(1, 23000.0, total_mib=24564.0)]
    never = (
        "never fits: it needs 70000 MiB per GPU and GPU 1 has 24564 MiB in all (lower --memory or the GPUs)"
    )
    assert place(_job(gpu_ids=[1], memory_mib=70000), gpus, {}) == never
    assert place(_job(gpu_ids=[1], memory_mib=70000), gpus, {1: 11}) == never
    assert place(_job(gpus=2, memory_mib=70000), gpus, {}).startswith("never fits:")
    why = place(_job(gpus=1, memory_mib=70000), gpus, {})
    assert why == "waiting for 1 GPU: GPU 0 has 20000 MiB free, job needs 70000"
    assert place(_job(gpus=1, memory_mib=10000), gpus, {0: 4}) == [1]
