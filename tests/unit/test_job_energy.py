"""Joules per job: the NVML counter over the middle of the job, measured power at the edges, and
whether the GPU was held alone."""

from __future__ import annotations

from types import SimpleNamespace

from gpuaccel.accel.telemetry.types import NA, GpuSample, ProcessInfo
from gpuaccel.scheduler.lifecycle.job_energy import EXCLUSIVE, SHARED, JobEnergy


def _sample(t: float, power: float, energy: float | NA, procs=()) -> GpuSample:
    return GpuSample(
        index=0, uuid="GPU-0", timestamp=t, power_w=power, energy_j=energy, processes=list(procs)
    )


class _Scheduler:
    def __init__(self) -> None:
        self.running: dict[int, tuple[int, dict]] = {}
        self.events: list[dict] = []
        self.store = SimpleNamespace(add_event=lambda type, **kw: self.events.append({"type": type, **kw}))

    def running_jobs(self):
        return {gpu: (SimpleNamespace(id=job), metrics) for gpu, (job, metrics) in self.running.items()}

    def is_queue_pid(self, pid: int) -> bool:
        return pid == 100


def test_counter_in_the_middle_and_power_at_the_edges() -> None:
    sched = _Scheduler()
    energy = JobEnergy(sched)
    sched.running = {0: (7, {})}
    # 200 W flat for 10 s; the counter (read every 4 s) advances 800 J between t=2 and t=10.
    for t, e in [(0, 1000.0), (1, 1000.0), (2, 1400.0), (4, 1400.0), (6, 1800.0), (8, 1800.0), (10, 2200.0)]:
        energy.on_round([_sample(float(t), 200.0, e, [ProcessInfo(100, "job", 10.0, "compute")])])
    sched.running = {}
    energy.on_round([_sample(11.0, 50.0, 2200.0)])
    (event,) = sched.events
    assert event["type"] == "energy" and event["job_id"] == 7 and event["gpu"] == 0
    data = event["data"]
    # counter 2200-1400 over 8 s of the 10 s, plus 2 s x 200 W
    assert data["joules"] == 1200.0 and data["seconds"] == 10.0 and data["exclusive"] is True
    assert EXCLUSIVE in event["message"] and "energy 0.333 Wh (1200 J) on GPU 0" in event["message"]


def test_a_foreign_process_marks_the_figure_shared_and_no_counter_falls_back_to_power() -> None:
    sched = _Scheduler()
    energy = JobEnergy(sched)
    sched.running = {0: (8, {})}
    foreign = ProcessInfo(4242, "someone-else", 10.0, "compute")
    for t in range(5):
        energy.on_round([_sample(float(t), 100.0, NA("not supported on this GPU"), [foreign])])
    sched.running = {}
    energy.on_round([_sample(5.0, 100.0, NA("not supported on this GPU"))])
    data = sched.events[0]["data"]
    assert data["joules"] == 400.0 and data["exclusive"] is False and "power integrated" in data["method"]
    assert SHARED in sched.events[0]["message"] and "pid 4242" in sched.events[0]["message"]
