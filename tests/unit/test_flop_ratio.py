"""TFLOP/s learned per job class: counted / estimated pairs, their running average, persistence, and the
telemetry view's figure for a job of a known class that has not reported yet."""

from __future__ import annotations

import json
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from gpuaccel.accel.telemetry.types import GpuSample
from gpuaccel.api.jobs import Job
from gpuaccel.scheduler.lifecycle import flop_ratio
from gpuaccel.scheduler.lifecycle.flop_ratio import FlopRatios, RatioLearner, job_class
from gpuaccel.scheduler.reads.telemetry_view import telemetry_now

H100 = "NVIDIA H100 80GB HBM3"


def _job(job_id: int = 7, kind: str = "matmul", spec: dict[str, Any] | None = None) -> Job:
    return Job.model_construct(id=job_id, kind=kind, spec=spec if spec is not None else {"dtype": "fp8"})


def test_a_class_is_the_workload_kind_with_its_precision_and_mode() -> None:
    assert job_class(_job(kind="command", spec={})) is None
    assert job_class(_job(spec={"dtype": "fp8", "size": 8192})) == "matmul/fp8"
    assert job_class(_job(kind="attention", spec={"dtype": "bf16", "mode": "fwd"})) == "attention/bf16/fwd"


def test_pairs_average_and_survive_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "flop_ratios.json"
    r = FlopRatios(path)
    assert not r.observe(H100, "matmul/fp8", 1200.0, 1.0)  # a nearly idle pipe says nothing
    assert not r.observe(H100, "matmul/fp8", 1200.0, 100.0)  # 12x: a bad pairing, not a property
    assert r.observe(H100, "matmul/fp8", 1200.0, 600.0) and r.observe(H100, "matmul/fp8", 1100.0, 600.0)
    learned = r.get(H100, "matmul/fp8")
    assert learned is not None and learned.readings == 2
    assert learned.ratio == pytest.approx(2.0 + flop_ratio.WEIGHT * (1100 / 600 - 2.0))
    assert r.get("NVIDIA A100", "matmul/fp8") is None  # per GPU model
    r.save_if_due(force=True)
    again = FlopRatios(path).get(H100, "matmul/fp8")
    assert again is not None and (again.ratio, again.readings) == (pytest.approx(learned.ratio), 2)
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    path.write_text("{not json")
    assert FlopRatios(path).get(H100, "matmul/fp8") is None  # ignored with a warning, learned again


class _Sampler:
    def __init__(self, tensor_active: float) -> None:
        self.infos = [SimpleNamespace(index=0, name=H100)]
        self.peaks = [(1000.0, "table")]
        self.tensor_active = tensor_active

    def sample(self) -> GpuSample:
        return GpuSample(
            index=0, uuid="GPU-0", timestamp=time.time(), gpm={"tensor_active": self.tensor_active}
        )


def test_the_learner_takes_each_fresh_counted_figure_once(tmp_path: Path) -> None:
    sampler = _Sampler(tensor_active=50.0)  # estimate 500 TFLOP/s
    job = _job()
    metrics: dict[str, dict[str, Any]] = {}
    sched = SimpleNamespace(flop_ratios=FlopRatios(None), running_jobs=lambda: {0: (job, metrics)})
    learner = RatioLearner(sched, sampler)
    learner.on_round([sampler.sample()])
    assert sched.flop_ratios.get(H100, "matmul/fp8") is None  # nothing counted yet
    metrics["tflops"] = {"value": 1000.0, "exact": True, "t": time.time()}
    learner.on_round([sampler.sample()])
    learner.on_round([sampler.sample()])  # the same figure again: not a second reading
    learned = sched.flop_ratios.get(H100, "matmul/fp8")
    assert learned is not None and (learned.ratio, learned.readings) == (2.0, 1)
    metrics["tflops"] = {"value": 900.0, "exact": True, "t": time.time() - 60}  # stale: not paired
    learner.on_round([sampler.sample()])
    assert sched.flop_ratios.get(H100, "matmul/fp8").readings == 1


def test_the_view_shows_the_learned_figure_until_the_job_reports_its_own() -> None:
    sampler = SimpleNamespace(available=True)
    job = _job()
    metrics: dict[str, dict[str, Any]] = {}
    ratios = FlopRatios(None)
    ratios.observe(H100, "matmul/fp8", 1000.0, 500.0)
    sched = SimpleNamespace(flop_ratios=ratios, running_jobs=lambda: {0: (job, metrics)})
    estimate = {"value": 400.0, "exact": False, "source": "estimate", "peak": 989.0, "peak_source": "table"}
    snap = {"gpus": [{"info": {"index": 0, "name": H100}, "sample": {"index": 0}, "tflops": estimate}]}
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(
            "gpuaccel.scheduler.reads.telemetry_view.snapshot", lambda _s: json.loads(json.dumps(snap))
        )
        gpu = telemetry_now(sampler, sched)["gpus"][0]
        assert gpu["job_id"] == 7 and gpu["tflops"]["value"] == pytest.approx(800.0)
        assert gpu["tflops"]["exact"] is False and "learned for matmul/fp8" in gpu["tflops"]["source"]
        assert "has not reported" in gpu["tflops"]["assumption"]
        metrics["tflops"] = {"value": 1111.0, "exact": True, "t": time.time()}
        gpu = telemetry_now(sampler, sched)["gpus"][0]
        assert (gpu["tflops"]["value"], gpu["tflops"]["exact"]) == (1111.0, True)
        command = _job(kind="command", spec={})
        sched.running_jobs = lambda: {0: (command, {})}
        gpu = telemetry_now(sampler, sched)["gpus"][0]
        assert gpu["tflops"]["value"] == 400.0 and gpu["tflops"]["source"] == "estimate"
