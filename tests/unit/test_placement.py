"""The placement seam without a cluster: request rules for ``where``, the default, waiting reasons."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import pytest

from gpuaccel.accel.workloads import registry
from gpuaccel.scheduler.config import SchedulerConfig
from gpuaccel.scheduler.lifecycle.service import Scheduler
from gpuaccel.scheduler.lifecycle.validation import Pending, RequestError, validate_request
from gpuaccel.scheduler.paths import DataDir
from gpuaccel.scheduler.placement.cluster import NodeView
from gpuaccel.scheduler.placement.placements import LOCAL, LocalPlacement, Lost, NotNow, Placements, Unknown
from gpuaccel.scheduler.placement.ray_jobs import RayPlacement, entrypoint, submission_id
from gpuaccel.scheduler.store.queue import Store


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ({"where": "cloud"}, "where"),
        ({"where": "ray", "gpu_ids": [0]}, "gpu_ids"),
        ({"where": "ray", "memory_mib": 1000}, "memory_mib"),
    ],
)
def test_where_rules_name_the_field(raw: dict[str, Any], field: str) -> None:
    with pytest.raises(RequestError) as err:
        validate_request({"kind": "command", "argv": ["true"], **raw})
    assert err.value.field == field


def test_the_default_placement_is_local_and_ray_needs_a_connection(store: Store, tmp_path: Path) -> None:
    places = Placements.local_only(store, DataDir(tmp_path))
    assert places.default == LOCAL and isinstance(places.get(None), LocalPlacement)
    assert places.cluster() is None
    with pytest.raises(ValueError, match="--ray"):
        Placements(LocalPlacement(store, DataDir(tmp_path)), default="ray")
    unconnected = places.get("ray")
    job = Pending(1, 0, 0, None, None, [], None, "ray")
    assert "not connected" in unconnected.fit(job, [], {}, None)
    left = store.insert(validate_request({"kind": "command", "argv": ["true"], "where": "ray"}))
    assert unconnected.reconcile(left, lambda _: None) == Unknown(
        "its ray attempt cannot be checked: start it with `gpuaccel serve --ray ADDRESS`"
    )


def test_a_daemon_without_ray_leaves_a_running_cluster_job_as_it_is(store: Store, tmp_path: Path) -> None:
    """Requeueing it would start a second attempt (a new submission id) beside one that may still run
    on the cluster: the job stays running, with its submission id, for a connected daemon to adopt."""
    job = store.insert(validate_request({"kind": "command", "argv": ["true"], "where": "ray"}))
    store.claim(job.id, "dead-daemon", 30.0, [])
    store.set_placement_ref(job.id, "sid-1")
    sched = Scheduler(store, DataDir(tmp_path), SchedulerConfig())
    assert sched.recover() == []
    left = store.get(job.id)
    assert left is not None and (left.state, left.attempt, left.placement_ref) == ("running", 1, "sid-1")
    assert "left as it is after a restart" in store.events(job_id=job.id)[-1].message
    sched.stop()


def test_a_cluster_job_on_a_daemon_without_ray_waits_and_a_plain_one_is_stored_local(
    store: Store, tmp_path: Path
) -> None:
    sched = Scheduler(store, DataDir(tmp_path), SchedulerConfig())
    plain = sched.submit({"kind": "command", "argv": ["sleep", "0"]})
    cluster = sched.submit({"kind": "command", "argv": ["true"], "where": "ray", "priority": 5})
    assert plain.where == "local" and cluster.where == "ray"
    sched._dispatch(full=True)
    waiting = store.get(cluster.id)
    assert waiting is not None and waiting.state == "queued"
    assert waiting.waiting_reason is not None and "not connected" in waiting.waiting_reason
    sched.stop()


def test_a_workload_the_daemons_python_cannot_run_is_refused_at_submit_here_not_on_a_cluster(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The core install has no torch: a local matmul would wait in the queue, then fail importing it."""
    monkeypatch.setitem(sys.modules, "torch", None)  # find_spec says it is not there, as in a core install
    monkeypatch.setattr(registry, "_FOUND", set())  # nor seen importable earlier in this process
    sched = Scheduler(store, DataDir(tmp_path), SchedulerConfig())
    with pytest.raises(RequestError) as err:
        sched.submit({"kind": "matmul", "gpus": 1})
    assert err.value.field == "kind" and "'matmul' needs torch" in str(err.value)
    assert "pip install 'gpuaccel[kernels]'" in str(err.value)
    assert store.list() == []
    on_cluster = sched.submit({"kind": "matmul", "gpus": 1, "where": "ray"})  # its nodes have their own
    assert on_cluster.where == "ray" and sched.submit({"kind": "command", "argv": ["true"]}).where == "local"
    sched.stop()


class FakeCluster:
    """The node list of a cluster, as RayPlacement reads it (Ray's state API stands behind it for real)."""

    url = "http://127.0.0.1:8265"

    def __init__(self, nodes: list[NodeView] | None, error: str | None = None) -> None:
        self._nodes, self._error = nodes, error

    def nodes(self) -> list[NodeView]:
        if self._error:
            raise RuntimeError(self._error)
        return list(self._nodes or [])

    def close(self) -> None:
        pass


def _node(gpus: float, alive: bool = True) -> NodeView:
    return NodeView("ab" * 28, "10.0.0.1", "10.0.0.1", False, alive, "ALIVE" if alive else "DEAD", None, gpus)


def test_ray_fit_waits_for_a_node_large_enough_or_a_cluster_that_answers(
    store: Store, tmp_path: Path
) -> None:
    def fit(cluster: FakeCluster, gpus: int) -> list[int] | str:
        placement = RayPlacement(store, DataDir(tmp_path), cluster)  # type: ignore[arg-type]
        return placement.fit(Pending(1, 0, gpus, None, None, [], None, "ray"), [], {}, None)

    two_nodes = FakeCluster([_node(2), _node(1), _node(8, alive=False)])
    assert fit(two_nodes, 2) == []
    assert fit(two_nodes, 3) == "needs 3 GPUs on one node; the largest live Ray node has 2 (2 nodes)"
    assert fit(FakeCluster([]), 0).endswith("has no live node")
    assert fit(FakeCluster(None, "Ray at x does not answer: refused"), 1) == (
        "waiting for the Ray cluster: Ray at x does not answer: refused"
    )


def test_a_ring_job_on_ray_needs_its_gpus_on_the_live_nodes_in_all(store: Store, tmp_path: Path) -> None:
    """``attention.ring`` places its own ranks (a placement group over several nodes), so it fits when
    the live nodes hold its GPUs together; a command still needs them on one node."""
    placement = RayPlacement(
        store, DataDir(tmp_path), FakeCluster([_node(2), _node(1), _node(8, alive=False)])
    )  # type: ignore[arg-type]

    def fit(kind: str, gpus: int) -> list[int] | str:
        raw = {"kind": kind, "where": "ray", "gpus": gpus}
        raw.update(
            {"spec": {"world_size": gpus, "mode": "check"}}
            if kind == "attention.ring"
            else {"argv": ["true"]}
        )
        job = store.insert(validate_request(raw))
        return placement.fit(Pending(job.id, 0, gpus, None, None, [], None, "ray"), [], {}, None)

    assert fit("attention.ring", 3) == []
    assert fit("attention.ring", 4) == "needs 4 GPUs; the live Ray nodes have 3 in all (2 nodes)"
    assert fit("command", 3) == "needs 3 GPUs on one node; the largest live Ray node has 2 (2 nodes)"


def test_submission_ids_and_entrypoints(store: Store, tmp_path: Path) -> None:
    job = store.insert(validate_request({"kind": "command", "argv": ["echo", "a b"], "cwd": str(tmp_path)}))
    claimed = store.claim(job.id, "me", 30.0, [])
    assert claimed is not None
    assert submission_id("q1", claimed) == f"gpuaccel-q1-{job.id}-1"
    assert entrypoint(claimed) == f"cd {tmp_path} && exec echo 'a b'"
    assert DataDir(tmp_path).queue_id() == DataDir(tmp_path).queue_id()  # made once, then kept


class FollowedAttempt:
    """A cluster attempt that a fake Remote placement found still running after a restart."""

    pid = None
    gpus: list[int] = []
    deadline = None
    metrics: dict[str, dict[str, Any]] = {}

    def __init__(self, job: Any) -> None:
        self.job, self.job_id = job, job.id
        self.stop_state: Any = None
        self.detached = False

    def stop(self, state: Any, reason: str, grace_s: float) -> None:
        self.stop_state = state

    def detach(self) -> bool:
        self.detached = True
        return True


class FakeRemote:
    name = "ray"

    def __init__(self) -> None:
        self.found: dict[int, FollowedAttempt] = {}

    def reconcile(self, job: Any, on_exit: Any) -> FollowedAttempt | Lost:
        if job.placement_ref is None:
            return Lost(" (it had not been submitted to the Ray cluster)", count_attempt=False)
        self.found[job.id] = FollowedAttempt(job)
        return self.found[job.id]

    def close(self) -> None:
        pass


def test_recovery_asks_a_cluster_placement_and_reads_keeper_files_for_local_jobs(
    store: Store, tmp_path: Path
) -> None:
    """Local orphans go through the keeper-file recovery, cluster orphans through their placement; both
    end through the same recording step (a remembered cancel wins), and a new claim starts clean."""

    def orphan(where: str, ref: str | None = None, cancel: bool = False) -> int:
        job = store.insert(validate_request({"kind": "command", "argv": ["true"], "where": where}))
        store.claim(job.id, "dead-daemon", 30.0, [])
        if ref is not None:
            store.set_placement_ref(job.id, ref)
            store.set_node(job.id, "node-a")
        if cancel:
            store.request_cancel(job.id)
        return job.id

    local, unsent, followed, cancelled = (
        orphan("local"), orphan("ray"), orphan("ray", "sid-3"), orphan("ray", "sid-4", cancel=True)
    )  # fmt: skip
    remote = FakeRemote()
    places = Placements(LocalPlacement(store, DataDir(tmp_path)), {"ray": remote})  # type: ignore[dict-item]
    sched = Scheduler(store, DataDir(tmp_path), SchedulerConfig(), placements=places)
    recovered = {j.id: j for j in sched.recover()}
    assert recovered[local].state == "queued"  # no keeper ever ran it: queued, attempt not counted
    assert "the daemon stopped before starting it" in store.events(job_id=local)[-1].message
    again = store.get(unsent)
    assert again is not None and again.state == "queued" and again.retry_base == 1  # attempt not counted
    assert "had not been submitted" in store.events(job_id=unsent)[-1].message
    assert recovered[followed].state == "running" and sched._workers[followed] is remote.found[followed]
    assert remote.found[followed].stop_state is None
    assert remote.found[cancelled].stop_state == "cancelled"  # the cancel accepted while no daemon ran
    reclaimed = store.claim(unsent, sched.owner, 30.0, [])
    assert reclaimed is not None and reclaimed.attempt == 2 and reclaimed.placement_ref is None
    sched.stop()
    assert remote.found[followed].detached and store.get(followed).state == "running"  # type: ignore[union-attr]


def test_the_cluster_settings_take_off_auto_or_an_address_and_ray_placement_needs_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gpuaccel.scheduler.config import ConfigError, check_ray_address

    monkeypatch.setenv("GPUACCEL_CONFIG_DIR", str(tmp_path))
    for text, want in [("", ""), ("off", ""), ("auto", "auto"), ("10.0.0.1:6379", "10.0.0.1:6379")]:
        assert check_ray_address(text) == want
    assert check_ray_address(" http://head:8265 ") == "http://head:8265"
    for bad in ("head", "head 6379", "ftp://head", "auto,x"):
        with pytest.raises(ValueError, match="is not one of: off, auto"):
            check_ray_address(bad)
    with pytest.raises(ConfigError, match="where = 'ray' needs a cluster"):
        SchedulerConfig.from_env(where="ray")
    monkeypatch.setenv("GPUACCEL_RAY", "auto")
    config = SchedulerConfig.from_env(where="ray")
    assert (config.ray, config.where, config.origins()["ray"]) == ("auto", "ray", "$GPUACCEL_RAY")
    assert SchedulerConfig.from_env(ray="off").ray == ""  # an option turns a configured cluster off


def test_a_cluster_workload_reports_through_its_log_and_a_command_never_does(
    store: Store, tmp_path: Path
) -> None:
    """On a cluster a workload's reporter writes to stderr (Ray's log): its lines, split anywhere across
    log reads, become the attempt's progress, metrics and result; a bad line is skipped."""
    from gpuaccel.scheduler.placement.ray_jobs import RayAttempt

    placement = RayPlacement(store, DataDir(tmp_path), FakeCluster([_node(1)]))  # type: ignore[arg-type]
    raw = {"kind": "attention.ring", "where": "ray", "gpus": 2, "spec": {"world_size": 2, "mode": "check"}}
    ring = store.insert(validate_request(raw))
    attempt = RayAttempt(placement, ring, "sid", tmp_path / "log", lambda _: None)
    text = (
        'hello\n{"type": "progress", "fraction": 0.5, "message": "half"}\n{"type": "metric", "name": "e", '
        '"value": 1e-9}\n{"type": "result", "metrics": {"worst_rel_error": 1e-9}}\n{"type": "result", NaN\n'
    )
    for cut in range(0, len(text), 7):
        attempt._read_reports(text[cut : cut + 7])
    assert attempt.result == {"worst_rel_error": 1e-9} and attempt.metrics["e"]["value"] == 1e-9
    assert attempt.progress is not None and attempt.progress.message == "half" and attempt._reported
    attempt.flush_progress(store, 0.0, force=True)
    stored = store.get(ring.id)
    assert stored is not None and stored.result == {"worst_rel_error": 1e-9}

    command = store.insert(validate_request({"kind": "command", "argv": ["true"], "where": "ray"}))
    plain = RayAttempt(placement, command, "sid2", tmp_path / "log2", lambda _: None)
    assert plain._reads_reports is False


def test_a_package_found_once_is_not_searched_for_again_and_a_missing_one_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each workload submit looked torch up on the path; found once it is remembered, and a missing one is
    looked for again, so installing the extra needs no daemon restart."""
    calls: list[str] = []
    found = {"torch": False}

    def find_spec(name: str) -> object | None:
        calls.append(name)
        return object() if found[name] else None

    monkeypatch.setattr(registry, "_FOUND", set())
    monkeypatch.setattr(registry.importlib.util, "find_spec", find_spec)
    assert registry.missing_packages("matmul") == ["torch"]
    found["torch"] = True  # pip install 'gpuaccel[kernels]' while the daemon runs
    assert registry.missing_packages("matmul") == [] and registry.missing_packages("matmul") == []
    assert calls == ["torch", "torch"]


def test_a_cluster_command_that_fails_is_told_in_the_words_of_a_local_one(
    store: Store, tmp_path: Path
) -> None:
    """Ray's own message ("Job entrypoint command failed with exit code 3, last available logs ...:")
    is not the reason: the exit code and the command's last line are, as on this host."""
    from types import SimpleNamespace

    from gpuaccel.scheduler.placement.ray_jobs import RayAttempt

    placement = RayPlacement(store, DataDir(tmp_path), FakeCluster([_node(1)]))  # type: ignore[arg-type]
    job = store.insert(validate_request({"kind": "command", "argv": ["sh", "-c", "x"], "where": "ray"}))
    attempt = RayAttempt(placement, job, "sid", tmp_path / "log", lambda _: None)
    ray_says = (
        "Job entrypoint command failed with exit code 3, last available logs (truncated to 20,000 chars):"
    )
    ray_lines = "INFO job_manager.py:581 -- Runtime env is setting up.\nRunning entrypoint for job sid: x\n"
    attempt.write_header()
    with open(attempt.log_path, "a") as f:
        f.write(ray_lines + "loading data\nValueError: no such file\n")

    def result(code: int | None) -> tuple[Any, ...]:
        return attempt._result("FAILED", SimpleNamespace(driver_exit_code=code, message=ray_says + "\nx"))

    assert result(3) == ("failed", "exited with code 3: ValueError: no such file", 3)
    with open(attempt.log_path, "a") as f:  # a retry whose command printed nothing: not the last one's line
        f.write(f"=== job {job.id} attempt 2 on the Ray cluster (sid) at now ===\n{ray_lines}")
    assert result(1)[1] == "exited with code 1"
    assert result(None)[1] == f"Ray job failed: {ray_says}"  # no exit code (its runtime env failed): Ray's


def test_a_cluster_that_says_try_again_later_leaves_the_job_waiting_not_failed(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Jobs submitted while Ray's job agents were still starting failed for good ('No available agent
    to submit job, please try again later'); now they wait a short backoff, attempt spared."""

    class Busy(FakeCluster):
        def client(self) -> Any:
            def submit_job(**_: Any) -> None:
                raise RuntimeError(
                    "status code 500: No available agent to submit job, please try again later.."
                )

            return type("C", (), {"submit_job": staticmethod(submit_job)})()

    placement = RayPlacement(store, DataDir(tmp_path), Busy([_node(1)]))  # type: ignore[arg-type]
    job = store.insert(validate_request({"kind": "command", "argv": ["true"], "where": "ray"}))
    claimed = store.claim(job.id, "me", 30.0, [])
    assert claimed is not None
    with pytest.raises(NotNow, match="is not taking jobs yet"):
        placement.launch(claimed, lambda _: None)

    sched = Scheduler(store, DataDir(tmp_path), SchedulerConfig())

    def busy(job: Any, on_exit: Any) -> Any:
        raise NotNow("the Ray cluster at http://127.0.0.1:8265 is not taking jobs yet (try again later)")

    monkeypatch.setattr(sched.placements.local, "launch", busy)
    local = sched.submit({"kind": "command", "argv": ["true"]})
    sched._dispatch(full=True)
    waiting = store.get(local.id)
    assert waiting is not None and waiting.state == "retrying", waiting
    assert "not taking jobs yet" in (waiting.reason or "") and waiting.attempt_words() == "attempt 1 of 2"
    assert waiting.can_retry  # the attempt that never ran does not use up its retries
    assert store.requeue_due(time.time() + 60) == [local.id]
    sched.stop()
