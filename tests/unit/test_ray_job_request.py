"""What a cluster job asks of Ray beyond GPUs (CPUs, host memory, custom resources, a runtime env with
working_dir and pip or uv): the request's rules and their words, the stored job, an edit, and what reaches
Ray's Job Submission API, without a cluster."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from gpuaccel.scheduler.config import SchedulerConfig
from gpuaccel.scheduler.lifecycle import controls
from gpuaccel.scheduler.lifecycle.service import Scheduler
from gpuaccel.scheduler.lifecycle.validation import RequestError, validate_request
from gpuaccel.scheduler.paths import DataDir
from gpuaccel.scheduler.store import migrations
from gpuaccel.scheduler.store.queue import Store

RAY = {"kind": "command", "argv": ["python", "train.py"], "where": "ray"}


def _refused(**fields: Any) -> RequestError:
    with pytest.raises(RequestError) as err:
        validate_request({**RAY, **fields})
    return err.value


def test_the_asks_are_checked_field_by_field_with_what_is_accepted(tmp_path: Path) -> None:
    ok = validate_request(
        {**RAY, "cpus": 2, "ram_mib": 4096, "resources": {"fast_disk": 1, "accel:x": 0.5},
         "runtime_env": {"working_dir": str(tmp_path), "uv": ["numpy>=2", "requests"]}}
    )  # fmt: skip
    assert (ok.cpus, ok.ram_mib, ok.resources) == (2.0, 4096, {"fast_disk": 1, "accel:x": 0.5})
    assert ok.runtime_env is not None
    assert ok.runtime_env.for_ray() == {"working_dir": str(tmp_path), "uv": ["numpy>=2", "requests"]}
    remote = validate_request({**RAY, "runtime_env": {"working_dir": "s3://bucket/code.zip"}})
    assert remote.runtime_env is not None and remote.runtime_env.is_uri()

    local = {"kind": "command", "argv": ["true"]}
    for field, value in (
        ("cpus", 1),
        ("ram_mib", 1),
        ("resources", {"a": 1}),
        ("runtime_env", {"pip": ["x"]}),
    ):
        with pytest.raises(RequestError) as err:
            validate_request({**local, field: value})
        assert err.value.field == field and "where: local runs on the daemon's host" in err.value.message
    assert _refused(runtime_env={"pip": ["a"], "uv": ["b"]}).message.startswith("give pip or uv, not both")
    both = _refused(runtime_env={"working_dir": str(tmp_path)}, cwd=str(tmp_path))
    assert both.field == "cwd" and "leave out cwd" in both.message
    missing = _refused(runtime_env={"working_dir": str(tmp_path / "gone")})
    assert missing.field == "runtime_env.working_dir" and "directory on the daemon's host" in missing.message
    assert "must be a .zip" in _refused(runtime_env={"working_dir": "https://host/code"}).message
    env_vars = _refused(runtime_env={"env_vars": {"A": "1"}})
    assert (
        env_vars.field == "runtime_env.env_vars"
        and "the job's env becomes Ray's env_vars" in env_vars.message
    )
    assert "working_dir, pip, uv" in env_vars.message
    assert _refused(runtime_env={"pip": ["a\nb"]}).field == "runtime_env.pip.0"
    assert _refused(runtime_env={"pip": []}).field == "runtime_env.pip"
    assert "Ray's own resource" in _refused(resources={"GPU": 1}).message
    assert _refused(resources={"a b": 1}).field.startswith("resources")
    assert _refused(resources={"x": 0}).field == "resources.x"
    assert _refused(cpus="2").field == "cpus"  # strict, as every field of the request
    assert _refused(cpus=0).field == "cpus" and _refused(ram_mib=0).field == "ram_mib"
    assert _refused(ram_mib=2**30).field == "ram_mib"  # past what Ray's fixed point holds


def test_stored_edited_and_upgraded_from_the_schema_before(tmp_path: Path) -> None:
    conn = sqlite3.connect(tmp_path / "db", isolation_level=None)
    before = len(migrations.SCHEDULER) - 1
    assert migrations.apply(conn, "scheduler", migrations.SCHEDULER[:before]) == before
    conn.execute(
        'INSERT INTO jobs (kind, argv, state, created_at, "where") '
        "VALUES ('command', '[\"true\"]', 'succeeded', 1.0, 'ray')"
    )
    conn.close()
    store = Store(tmp_path / "db")
    sched = Scheduler(store, DataDir(tmp_path), SchedulerConfig())
    try:
        [old] = store.list()
        assert (old.cpus, old.ram_mib, old.resources, old.runtime_env) == (None, None, {}, None)
        job = store.insert(validate_request({**RAY, "cpus": 1.5, "runtime_env": {"pip": ["rich"]}}))
        again = store.get(job.id)
        assert again is not None and again.cpus == 1.5 and again.runtime_env is not None
        assert again.to_json()["runtime_env"] == {"working_dir": None, "pip": ["rich"], "uv": None}
        edited = controls.edit(sched, job.id, {"resources": {"fast_disk": 2}, "cpus": None})
        assert (edited.cpus, edited.resources, edited.runtime_env.pip) == (None, {"fast_disk": 2}, ["rich"])  # type: ignore[union-attr]
        assert store.events(job_id=job.id)[-1].message == "edited: cpus, resources"
        with pytest.raises(RequestError, match="give pip or uv"):
            controls.edit(sched, job.id, {"runtime_env": {"pip": ["a"], "uv": ["b"]}})
    finally:
        sched.stop()
        store.close()


def test_a_job_no_live_node_can_hold_waits_with_the_reason(store: Store, tmp_path: Path) -> None:
    """CPUs, memory or a custom resource beyond every live node: the job waits in the queue saying so
    (it used to sit pending in Ray without a word); what a node holds lets it through to Ray."""
    from test_node_pin import FakeCluster

    from gpuaccel.scheduler.placement.cluster import NodeView
    from gpuaccel.scheduler.placement.ray_jobs import RayPlacement

    def node(name: str, cpus: float, gib: float, **custom: float) -> NodeView:
        declared = {"CPU": cpus, "memory": gib * 2**30, "GPU": 1.0, **custom}
        return NodeView(name * 28, name, "10.0.0.1", False, True, "ALIVE", None, 1.0, declared)

    placement = RayPlacement(
        store, DataDir(tmp_path), FakeCluster([node("a1", 8, 64), node("b2", 4, 256, fast_disk=1)])
    )  # type: ignore[arg-type]

    def fit(**asks: Any) -> list[int] | str:
        job = store.insert(validate_request({**RAY, **asks}))
        pending = next(p for p in store.pending(100) if p.id == job.id)
        return placement.fit(pending, [], {}, None)

    assert fit(cpus=8, ram_mib=1024) == [] and fit(ram_mib=200 * 1024, resources={"fast_disk": 1}) == []
    assert fit(cpus=16) == "needs 16 CPUs on one node; the largest live Ray node has 8 CPUs (2 nodes)"
    assert fit(ram_mib=300 * 1024) == (
        "needs 307200 MiB of memory on one node; the largest live Ray node has 262144 MiB of memory (2 nodes)"
    )
    assert (
        fit(resources={"nvme": 1}) == "needs the Ray resource nvme, which no live Ray node declares (2 nodes)"
    )
    assert fit(resources={"fast_disk": 2}).startswith(
        "needs 2 of the resource fast_disk on one node; the largest"
    )
    assert fit(cpus=8, resources={"fast_disk": 1}) == (
        "needs 8 CPUs, 1 of the resource fast_disk on one node; no live Ray node has them all (2 nodes)"
    )
