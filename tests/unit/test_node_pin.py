"""A cluster job pinned to one node, without a cluster: which node a name means, why a pinned job waits
(a fake node list), what reaches Ray's Job Submission API, and the request's rules and their words."""

from __future__ import annotations

import threading
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from gpuaccel.scheduler.lifecycle.validation import RequestError, validate_request
from gpuaccel.scheduler.paths import DataDir
from gpuaccel.scheduler.placement import node_pin
from gpuaccel.scheduler.placement.cluster import NodeView
from gpuaccel.scheduler.placement.placements import NotNow
from gpuaccel.scheduler.placement.ray_jobs import RayAttempt, RayPlacement
from gpuaccel.scheduler.store.queue import Store

A, B, C, D = "a1" * 28, "b2" * 28, "c3" * 28, "d4" * 28


def _node(node_id: str, host: str, ip: str, gpus: float = 2, reason: str | None = None) -> NodeView:
    alive = reason is None
    return NodeView(node_id, host, ip, False, alive, "ALIVE" if alive else "DEAD", reason, gpus)


NODES = [
    _node(A, "gpu-a", "10.0.0.1"),
    _node(B, "gpu-b", "10.0.0.5", gpus=1),
    _node(C, "gpu-c", "10.0.0.5"),  # two Ray nodes on one host (or behind one address): one IP
    _node(D, "gpu-d", "10.0.0.9", reason="Expected termination: received SIGTERM"),
]


@pytest.mark.parametrize(
    ("name", "node_id"),
    [("gpu-a", A), ("GPU-A", A), ("10.0.0.1", A), ("a1a1a1", A), ("B2B2B2B2", B), (C, C)],
)
def test_a_name_is_a_hostname_an_ip_or_a_node_id_prefix(name: str, node_id: str) -> None:
    found = node_pin.resolve(name, NODES)
    assert isinstance(found, NodeView) and found.node_id == node_id


def test_the_reasons_a_pinned_job_waits() -> None:
    live = "gpu-a (a1a1a1a1), gpu-b (b2b2b2b2), gpu-c (c3c3c3c3)"
    assert (
        node_pin.resolve("gpu-07", NODES)
        == f"waiting for node gpu-07: not in the Ray cluster (live nodes: {live})"
    )
    assert node_pin.resolve("10.0.0.5", NODES) == (
        "node 10.0.0.5 matches 2 nodes: gpu-b (b2b2b2b2), gpu-c (c3c3c3c3); give a node id prefix"
    )
    assert node_pin.resolve("gpu-d", NODES) == (
        "waiting for node gpu-d: gpu-d (d4d4d4d4) is lost (Expected termination: received SIGTERM)"
    )
    assert node_pin.resolve("a1a1", NODES).endswith("; a node id prefix needs at least 6 characters")
    assert (
        node_pin.place("gpu-b", NODES, gpus=2)
        == "waiting for node gpu-b: gpu-b (b2b2b2b2) has 1 GPU, the job needs 2"
    )
    assert node_pin.place("gpu-a", NODES, gpus=2) == NODES[0]


def test_a_live_node_wins_over_the_dead_entry_its_host_left_and_long_lists_are_cut() -> None:
    rejoined = [_node(D, "gpu-d", "10.0.0.9", reason="lost"), _node("e5" * 28, "gpu-d", "10.0.0.9")]
    found = node_pin.resolve("gpu-d", rejoined)
    assert isinstance(found, NodeView) and found.node_id == "e5" * 28
    many = [_node(f"{i:02x}" * 28, f"n{i}", f"10.1.0.{i}") for i in range(12)]
    assert node_pin.resolve("x", many).endswith("n6 (06060606), n7 (07070707) and 4 more)")


def test_a_ray_that_pins_by_ip_only_waits_rather_than_guess_between_two_nodes_of_one_ip() -> None:
    assert node_pin.place("c3c3c3", NODES, gpus=1, exact=True) == NODES[2]
    said = node_pin.place("c3c3c3", NODES, gpus=1, exact=False)
    assert said == (
        "waiting for node c3c3c3: gpu-b (b2b2b2b2) shares its IP 10.0.0.5, and this Ray version holds a "
        "job to a node by its IP only (a Ray whose job API takes a label selector tells them apart)"
    )
    assert node_pin.place("gpu-a", NODES, gpus=1, exact=False) == NODES[0]  # its IP is its own


def test_what_pins_the_entrypoint_in_ray() -> None:
    assert node_pin.submit_options(NODES[2], exact=True) == {
        "entrypoint_resources": {"node:10.0.0.5": 0.001},
        "entrypoint_label_selector": {"ray.io/node-id": C},
    }
    assert node_pin.submit_options(NODES[2], exact=False) == {
        "entrypoint_resources": {"node:10.0.0.5": 0.001}
    }

    def old(*, entrypoint: str, entrypoint_resources: Any = None) -> None: ...

    assert not node_pin.takes_label_selector(old)
    pytest.importorskip("ray.job_submission", reason="needs gpuaccel[cluster]")
    assert node_pin.exact_pins()  # the Ray this repository is tested with (constraints.txt) has it


@pytest.mark.parametrize(
    ("raw", "said"),
    [
        (
            {"node": "gpu-07"},
            "but a job with where: local runs on the daemon's host; submit it with where: ray",
        ),
        ({"node": "gpu-07", "where": "local"}, "(gpuaccel submit --where ray --node NAME)"),
        ({"node": "", "where": "ray"}, "must be a node's hostname, IP address or node id prefix"),
        ({"node": "gpu 07", "where": "ray"}, "'gpu 07' is not a hostname, an IP address or a node id prefix"),
        ({"node": 7, "where": "ray"}, "a non-empty string"),
    ],
)
def test_a_pin_is_refused_with_words_for_a_local_job_or_a_name_no_node_can_have(
    raw: dict[str, Any], said: str
) -> None:
    with pytest.raises(RequestError) as err:
        validate_request({"kind": "command", "argv": ["true"], **raw})
    assert err.value.field == "node" and said in err.value.message, err.value.message


def test_a_ring_job_places_its_own_ranks_so_it_cannot_be_pinned() -> None:
    ring = {"kind": "attention.ring", "spec": {"world_size": 2, "mode": "check"}, "where": "ray"}
    with pytest.raises(RequestError) as err:
        validate_request({**ring, "node": "gpu-a"})
    assert err.value.field == "node" and "places its own ranks" in err.value.message
    assert validate_request(ring).node is None
    ok = validate_request({"kind": "command", "argv": ["true"], "where": "ray", "node": "fe80::1"})
    assert ok.node == "fe80::1"


class FakeCluster:
    """Ray's node list (as RayPlacement reads it) and a job API that records what it was sent."""

    url = "http://127.0.0.1:8265"

    def __init__(self, nodes: list[NodeView]) -> None:
        self.list, self.sent = nodes, []

    def nodes(self, max_age_s: float = 1.0) -> list[NodeView]:
        return list(self.list)

    def client(self) -> Any:
        return SimpleNamespace(submit_job=lambda **kw: self.sent.append(kw))

    def close(self) -> None:
        pass


def _pinned(store: Store, node: str, gpus: int = 1) -> Any:
    raw = {"kind": "command", "argv": ["true"], "where": "ray", "node": node, "gpus": gpus}
    return store.insert(validate_request(raw))


def test_fit_waits_with_the_pin_reason_and_launch_pins_every_attempt(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(node_pin, "exact_pins", lambda: True)
    cluster = FakeCluster(NODES)
    placement = RayPlacement(store, DataDir(tmp_path), cluster)  # type: ignore[arg-type]
    monkeypatch.setattr(RayAttempt, "follow", lambda self: None)  # no polling thread: nothing runs
    job = _pinned(store, "c3c3c3")
    assert store.get(job.id).want_node == "c3c3c3" and store.get(job.id).node is None  # type: ignore[union-attr]
    [pending] = store.pending(10)
    assert pending.want_node == "c3c3c3" and placement.fit(pending, [], {}, None) == []
    elsewhere = _pinned(store, "gpu-07")
    assert placement.fit(store.pending(10)[1], [], {}, None) == node_pin.resolve("gpu-07", NODES)

    for attempt in (1, 2):  # a retry (and an attempt queued again after a restart) is pinned again
        claimed = store.claim(job.id, "me", 30.0, [])
        assert claimed is not None and claimed.attempt == attempt
        placement.launch(claimed, lambda _: None)
        assert cluster.sent[-1]["entrypoint_resources"] == {"node:10.0.0.5": 0.001}
        assert cluster.sent[-1]["entrypoint_label_selector"] == {"ray.io/node-id": C}
        store.finish(job.id, "failed", "x", 1)
        store.retry(job.id)
    plain = store.insert(validate_request({"kind": "command", "argv": ["true"], "where": "ray"}))
    placement.launch(store.claim(plain.id, "me", 30.0, []), lambda _: None)  # type: ignore[arg-type]
    assert (
        "entrypoint_resources" not in cluster.sent[-1] and "entrypoint_label_selector" not in cluster.sent[-1]
    )

    cluster.list = NODES[:2]  # its node left between fit and launch: it waits, nothing is submitted
    claimed = store.claim(job.id, "me", 30.0, [])
    with pytest.raises(NotNow, match="waiting for node c3c3c3: not in the Ray cluster"):
        placement.launch(claimed, lambda _: None)  # type: ignore[arg-type]
    assert len(cluster.sent) == 3 and store.get(elsewhere.id).state == "queued"  # type: ignore[union-attr]


def test_a_pinned_ray_job_whose_node_left_before_it_started_is_queued_again(
    store: Store, tmp_path: Path
) -> None:
    """Ray fails a job held to a node that has gone ("... doesn't exist any more or is infeasible"):
    not the job's fault, so it goes back to the queue (its attempt not counted) and waits for the node;
    while that node is still there, Ray's failure stands (no job goes round and round)."""
    cluster = FakeCluster(NODES)
    placement = RayPlacement(store, DataDir(tmp_path), cluster)  # type: ignore[arg-type]
    job = store.claim(_pinned(store, "gpu-c").id, "me", 30.0, [])
    attempt = RayAttempt(placement, job, "sid", tmp_path / "log", lambda _: None)  # type: ignore[arg-type]
    ray_says = (
        "Job supervisor actor could not be scheduled: The actor is not schedulable: The node specified "
        "via NodeAffinitySchedulingStrategy doesn't exist any more or is infeasible, and soft=False was "
        "specified."
    )
    info = SimpleNamespace(driver_exit_code=None, message=ray_says)
    assert attempt._result("FAILED", info)[0] == "failed"
    cluster.list = NODES[:2]
    assert attempt._result("FAILED", info) == (
        "queued",
        "its node gpu-c left the Ray cluster before the job started",
        None,
    )


def test_a_pinned_job_held_to_a_node_id_its_host_left_is_queued_again() -> None:
    """The host's Ray restarted between launch and placement: its name resolves to a new node id, and the
    job held to the old one is queued again, not failed."""
    ray_says = "The node specified via NodeAffinitySchedulingStrategy doesn't exist any more or is infeasible"
    back = [_node("c" * 56, "gpu-c", "10.0.0.3")]
    assert node_pin.left_before_start("gpu-c", ray_says, back, pinned_id="c" * 56) is None
    assert node_pin.left_before_start("gpu-c", ray_says, back, pinned_id="d" * 56) == (
        "its node gpu-c left the Ray cluster before the job started"
    )


def test_an_edit_changes_the_pin_and_never_the_node_a_job_ran_on(store: Store, tmp_path: Path) -> None:
    from gpuaccel.scheduler.config import SchedulerConfig
    from gpuaccel.scheduler.lifecycle import controls
    from gpuaccel.scheduler.lifecycle.service import Scheduler

    job = _pinned(store, "gpu-a")
    store.set_node(job.id, "gpu-b (b2b2b2b2)")  # an earlier attempt's node
    sched = Scheduler(store, DataDir(tmp_path), SchedulerConfig())
    try:
        edited = controls.edit(sched, job.id, {"node": "gpu-c"})
        assert (edited.want_node, edited.node) == ("gpu-c", "gpu-b (b2b2b2b2)")
        assert store.events(job_id=job.id)[-1].message == "edited: node"
        assert controls.edit(sched, job.id, {"priority": 3}).want_node == "gpu-c"
        assert controls.edit(sched, job.id, {"node": None}).want_node is None
        local = store.insert(validate_request({"kind": "command", "argv": ["true"]}))
        with pytest.raises(RequestError, match="where: local runs on the daemon's host"):
            controls.edit(sched, local.id, {"node": "gpu-a"})
    finally:
        sched.stop()


def test_a_database_of_the_version_before_upgrades_and_keeps_its_jobs(tmp_path: Path) -> None:
    import sqlite3

    from gpuaccel.scheduler.store import migrations

    conn = sqlite3.connect(tmp_path / "db", isolation_level=None)
    assert migrations.apply(conn, "scheduler", migrations.SCHEDULER[:7]) == 7  # as the last release left it
    conn.execute(
        'INSERT INTO jobs (kind, argv, state, created_at, "where", node) '
        "VALUES ('command', '[\"true\"]', 'succeeded', 1.0, 'ray', 'gpu-a (a1a1a1a1)')"
    )
    conn.close()
    store = Store(tmp_path / "db")
    try:
        [old] = store.list()
        assert (old.node, old.want_node, old.to_json()["want_node"]) == ("gpu-a (a1a1a1a1)", None, None)
        pinned = _pinned(store, "gpu-b")
        assert store.get(pinned.id).to_json()["want_node"] == "gpu-b"  # type: ignore[union-attr]
    finally:
        store.close()
    conn = sqlite3.connect(tmp_path / "db")
    assert migrations.current_version(conn, "scheduler") == len(migrations.SCHEDULER) >= 8
    conn.close()


def test_the_cli_sends_the_pin_and_show_prints_it(
    store: Store, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from gpuaccel.api.jobs import Job
    from gpuaccel.app.cli import build_parser, main
    from gpuaccel.app.client import Client

    sent: list[dict[str, Any]] = []
    stored = _pinned(store, "gpu-07")

    def submit(self: Client, kind: str, idempotency_key: str | None = None, **fields: Any) -> Job:
        sent.append({"kind": kind, **fields})
        return stored

    monkeypatch.setattr(Client, "submit", submit)
    monkeypatch.setattr(Client, "get_job", lambda self, job_id: stored)
    monkeypatch.setenv("GPUACCEL_DATA_DIR", str(tmp_path))
    assert main(["submit", "--where", "ray", "--node", "gpu-07", "--", "python", "x.py"]) == 0
    assert main(["submit", "command", "-w", "a1a1a1", "--where", "ray", "--", "true"]) == 0
    assert [(s["node"], s["where"]) for s in sent] == [("gpu-07", "ray"), ("a1a1a1", "ray")]
    assert main(["submit", "--", "true"]) == 0 and "node" not in sent[-1]
    capsys.readouterr()
    assert main(["show", str(stored.id)]) == 0
    assert "  want_node       gpu-07\n" in capsys.readouterr().out
    edits: list[dict[str, Any]] = []
    monkeypatch.setattr(Client, "edit", lambda self, job_id, **fields: edits.append(fields) or stored)
    assert main(["edit", str(stored.id), "--node", "gpu-08"]) == 0 and main(["edit", "1", "-w", "none"]) == 0
    assert edits == [{"node": "gpu-08"}, {"node": None}]  # none: back to no pin
    helps = build_parser()._subparsers._group_actions[0].choices["submit"].format_help()  # type: ignore[union-attr]
    assert "-w NAME, --node NAME" in helps and "node id" in helps


def test_the_http_api_takes_node_for_a_cluster_job_and_refuses_it_for_a_local_one(tmp_path: Path) -> None:
    from fastapi import FastAPI
    from fastapi.exceptions import RequestValidationError
    from fastapi.testclient import TestClient

    from gpuaccel.app.daemon.guards import validation_error
    from gpuaccel.scheduler.config import SchedulerConfig
    from gpuaccel.scheduler.http.routes import create_router
    from gpuaccel.scheduler.http.submit import SubmitEndpoint, SubmitFastPath
    from gpuaccel.scheduler.lifecycle.service import Scheduler

    store = Store(tmp_path / "db")
    sched = Scheduler(store, DataDir(tmp_path), SchedulerConfig())
    submits = SubmitEndpoint(sched)
    api = FastAPI()
    api.add_exception_handler(RequestValidationError, validation_error)
    api.include_router(create_router(sched, None, "test", 0.0, submits), prefix="/api/v1")
    try:
        http = TestClient(SubmitFastPath(api, submits, "/api/v1/jobs"))
        cmd = {"kind": "command", "argv": ["true"], "node": "gpu-07"}
        local = http.post("/api/v1/jobs", json=cmd)
        assert local.status_code == 422, local.text
        assert "node" in local.text and "where: ray" in local.text
        bad = http.post("/api/v1/jobs", json={**cmd, "where": "ray", "node": "gpu 07"})
        assert bad.status_code == 422 and "is not a hostname" in bad.text, bad.text
        made = http.post("/api/v1/jobs", json={**cmd, "where": "ray"})
        assert made.status_code == 201 and made.json()["want_node"] == "gpu-07", made.text
        got = http.get(f"/api/v1/jobs/{made.json()['id']}").json()
        assert (got["want_node"], got["node"], got["where"]) == ("gpu-07", None, "ray")
        request = TestClient(api).get("/openapi.json").json()["components"]["schemas"]["JobRequest"]
        assert "node id" in request["properties"]["node"]["description"]
    finally:
        sched.stop()
        store.close()


def test_after_a_restart_an_attempt_ray_never_saw_is_queued_again_and_launched_pinned(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A daemon killed between recording a pinned attempt's submission id and submitting it: the next
    daemon finds the id unknown to Ray, queues the job again, and its next attempt is pinned as before."""
    monkeypatch.setattr(node_pin, "exact_pins", lambda: True)

    class Restarted(FakeCluster):
        def client(self) -> Any:
            def get_job_info(sid: str) -> Any:
                raise RuntimeError(f"Job {sid} does not exist.")

            return SimpleNamespace(get_job_info=get_job_info, submit_job=lambda **kw: self.sent.append(kw))

    job = _pinned(store, "gpu-a")
    left = store.claim(job.id, "dead-daemon", 30.0, [])
    assert left is not None
    store.set_placement_ref(job.id, "gpuaccel-q-1-1")
    placement = RayPlacement(store, DataDir(tmp_path), Restarted(NODES), poll_s=0.01)  # type: ignore[arg-type]
    ended = threading.Event()
    found = placement.reconcile(store.get(job.id), lambda _: ended.set())  # type: ignore[arg-type]
    assert ended.wait(10) and found.outcome()[0] == "queued"  # type: ignore[union-attr]
    store.requeue_running(job.id, "never reached the cluster", count_attempt=False)
    again = store.claim(job.id, "me", 30.0, [])
    assert again is not None and again.want_node == "gpu-a"
    monkeypatch.setattr(RayAttempt, "follow", lambda self: None)
    placement.launch(again, lambda _: None)
    assert placement.cluster.sent[-1]["entrypoint_label_selector"] == {"ray.io/node-id": A}  # type: ignore[attr-defined]
