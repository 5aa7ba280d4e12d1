"""The daemon's connection to a Ray cluster when the cluster does not answer: requests time out, a job
waits instead of failing (or, when its submission may have reached Ray, is followed, never sent twice),
and the scheduler's thread is never held by a silent job server."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import requests

from gpuaccel.scheduler.lifecycle.validation import Pending, validate_request
from gpuaccel.scheduler.paths import DataDir
from gpuaccel.scheduler.placement import cluster as cluster_module
from gpuaccel.scheduler.placement.cluster import NodeView, RayCluster, Unreachable
from gpuaccel.scheduler.placement.placements import NotNow
from gpuaccel.scheduler.placement.ray_jobs import RayPlacement
from gpuaccel.scheduler.store.queue import Store

pytest.importorskip("ray.job_submission", reason="needs gpuaccel[cluster]")


@pytest.fixture
def silent_server() -> Iterator[str]:
    """A job API address that accepts connections and never answers (a stopped or hung dashboard)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    try:
        yield f"http://127.0.0.1:{server.getsockname()[1]}"
    finally:
        server.close()


def _node(node_id: str = "ab" * 28) -> NodeView:
    return NodeView(node_id, "gpu-a", "10.0.0.1", True, True, "ALIVE", None, 2.0)


@pytest.fixture
def connect(monkeypatch: pytest.MonkeyPatch) -> Any:
    """RayCluster(url) without Ray's address lookup (which asks a running cluster)."""
    monkeypatch.setattr(cluster_module, "resolve_address", lambda address: address)
    return RayCluster


def test_a_job_api_that_never_answers_times_out_instead_of_hanging(
    silent_server: str, connect: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cluster_module, "REQUEST_TIMEOUT_S", 0.5)
    started = time.monotonic()
    with pytest.raises(Unreachable, match="does not answer"):
        connect(silent_server).client()
    assert time.monotonic() - started < 5


def test_a_submission_refused_waits_and_the_other_cluster_jobs_wait_with_it(
    store: Store, tmp_path: Path, connect: Any
) -> None:
    """A refused submission failed the job for good ('could not submit ...'); it now waits a short
    backoff (attempt spared), and the other cluster jobs wait without trying in turn."""
    cluster = connect("http://127.0.0.1:8265")
    cluster._nodes, cluster._nodes_at = [_node()], time.monotonic()

    class Refused:
        def submit_job(self, **_: Any) -> None:
            raise requests.exceptions.ConnectionError("[Errno 111] Connection refused")

    cluster._client = Refused()
    placement = RayPlacement(store, DataDir(tmp_path), cluster)
    job = store.insert(validate_request({"kind": "command", "argv": ["true"], "where": "ray"}))
    claimed = store.claim(job.id, "me", 30.0, [])
    assert claimed is not None
    with pytest.raises(NotNow, match="waiting for the Ray cluster: .* does not answer: .*Connection refused"):
        placement.launch(claimed, lambda _: None)
    other = store.insert(validate_request({"kind": "command", "argv": ["true"], "where": "ray"}))
    pending = Pending(other.id, 0, 0, None, None, [], None, "ray")
    assert str(placement.fit(pending, [], {}, None)).startswith("waiting for the Ray cluster: Ray at")


class _LostAnswer:
    """A job API that takes a submission (or not: ``kept``) and loses the answer (a read timeout)."""

    def __init__(self, kept: bool) -> None:
        self.kept, self.submitted, self.asked = kept, [], 0

    def submit_job(self, submission_id: str, **_: Any) -> None:
        self.submitted.append(submission_id)
        raise requests.exceptions.ReadTimeout("Read timed out. (read timeout=10.0)")

    def get_job_info(self, sid: str) -> Any:
        self.asked += 1
        if not self.kept:
            raise RuntimeError(f"Job {sid} does not exist.")
        status = "RUNNING" if self.asked < 3 else "SUCCEEDED"
        return SimpleNamespace(status=status, driver_node_id=None, message="", driver_exit_code=0)

    def get_job_logs(self, sid: str) -> str:
        return ""


@pytest.mark.parametrize("kept", [True, False])
def test_a_submission_whose_answer_was_lost_is_followed_never_sent_twice(
    store: Store, tmp_path: Path, connect: Any, kept: bool
) -> None:
    """A read timeout does not say Ray did not take the job: waiting and submitting the next attempt
    under a new id could run it twice. The id is followed: a job Ray kept ends as Ray says, one it never
    saw is queued again, and nothing is submitted a second time."""
    cluster = connect("http://127.0.0.1:8265")
    cluster._nodes, cluster._nodes_at = [_node()], time.monotonic()
    api = _LostAnswer(kept)
    cluster._client = api
    placement = RayPlacement(store, DataDir(tmp_path), cluster, poll_s=0.01)
    job = store.insert(validate_request({"kind": "command", "argv": ["true"], "where": "ray"}))
    claimed = store.claim(job.id, "me", 30.0, [])
    assert claimed is not None
    ended = threading.Event()
    attempt = placement.launch(claimed, lambda _: ended.set())
    assert ended.wait(10), "the followed submission never ended"
    assert len(api.submitted) == 1
    state, reason, _ = attempt.outcome()
    if kept:
        assert state == "succeeded"
    else:
        assert state == "queued" and "never reached the cluster" in (reason or "")


def test_a_job_started_while_the_node_list_is_silent_is_labelled_with_the_node_it_ran_on(
    connect: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The node list was emptied by a failed read, so a job's node read 'node d827b553' and its event
    'running on node node d827b553'; the last list Ray gave is kept for the label."""
    import ray.util.state

    answers: list[Any] = [[_RayNode()], RuntimeError("Failed to connect to API server.")]

    def list_nodes(**_: Any) -> Any:
        answer = answers.pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer

    monkeypatch.setattr(ray.util.state, "list_nodes", list_nodes)
    cluster = connect("http://127.0.0.1:8265")
    assert [n.label for n in cluster.nodes()] == ["gpu-a (d827b553)"]
    with pytest.raises(RuntimeError, match="does not answer: Failed to connect"):
        cluster.nodes(max_age_s=0.0)
    assert cluster.node_label("d827b553" * 7) == "gpu-a (d827b553)"
    assert cluster.node_label("c0ffee00" * 7) == "c0ffee00"  # never listed: its id, not 'node node ...'


class _RayNode:
    """One node as Ray's state API lists it."""

    node_id = "d827b553" * 7
    node_name = "gpu-a"
    node_ip = "10.0.0.1"
    is_head_node = True
    state = "ALIVE"
    state_message = None
    resources_total = {"GPU": 2.0}
