"""The assistant's cluster questions on fake cluster facts: which node is idle or busiest, GPUs per host,
which job ran where, lost nodes with Ray's reason; the phrasings that reach them; a daemon without Ray."""

from __future__ import annotations

from typing import Any

import pytest

from assistant_lab.corpus import StaticCluster
from gpuaccel.assistant.queries.catalogue import run
from gpuaccel.assistant.queries.facts import FactsSource
from gpuaccel.assistant.queries.query import NUMBER, Query, QueryContext
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import pick
from gpuaccel.scheduler.lifecycle.validation import validate_request
from gpuaccel.scheduler.placement.cluster import NodeView
from gpuaccel.scheduler.placement.cluster_telemetry import HostTelemetry
from gpuaccel.scheduler.store.queue import Store

A, B, C = ("a1" * 28, "b2" * 28, "c3" * 28)
LABEL_A, LABEL_B, LABEL_C = "gpu-a (a1a1a1a1)", "gpu-b (b2b2b2b2)", "gpu-c (c3c3c3c3)"
LOST_REASON = "Expected termination: received SIGTERM"


def _gpu(index: int, name: str, util: float | None) -> dict[str, Any]:
    sample = {"util_gpu": util if util is not None else {"na": "not supported"}}
    return {"info": {"index": index, "name": name}, "sample": sample}


def _cluster() -> StaticCluster:
    nodes = [
        NodeView(A, "gpu-a", "10.0.0.1", True, True, "ALIVE", None, 2.0),
        NodeView(B, "gpu-b", "10.0.0.2", False, True, "ALIVE", None, 1.0),
        NodeView(C, "gpu-c", "10.0.0.3", False, False, "DEAD", LOST_REASON, 4.0),
    ]
    hosts = [
        HostTelemetry(
            A, LABEL_A, True, None, 1.0, {"gpus": [_gpu(0, "NVIDIA H100", 90), _gpu(1, "NVIDIA H100", 70)]}
        ),
        HostTelemetry(B, LABEL_B, True, None, 1.0, {"gpus": [_gpu(0, "NVIDIA A100", 3)]}),
        HostTelemetry(C, LABEL_C, False, LOST_REASON, 1.0, {"gpus": [_gpu(0, "NVIDIA L4", 50)]}),
    ]
    return StaticCluster(nodes, hosts)


def _job(store: Store, name: str, where: str, state: str, node: str | None = None, gpus: str = "[]") -> int:
    job = store.insert(validate_request({"kind": "command", "argv": ["true"], "name": name, "where": where}))
    with store.transaction() as c:
        c.execute(
            'UPDATE jobs SET state = ?, node = ?, assigned_gpus = ?, started_at = 100, "where" = ?'
            " WHERE id = ?",
            (state, node, gpus, where, job.id),
        )
    return job.id


def _ctx(store: Store, cluster: Any = None) -> QueryContext:
    source = FactsSource(store)
    source.cluster = cluster
    return QueryContext(source)


def test_gpus_per_host_and_lost_nodes_with_their_reason(store: Store) -> None:
    ctx = _ctx(store, _cluster())
    gpus = run(ctx, Query("cluster_gpus"))
    assert gpus.sentence == (
        f"The cluster has 2 live nodes with 3 GPUs in all: {LABEL_A} has 2 GPUs (NVIDIA H100); "
        f"{LABEL_B} has 1 GPU (NVIDIA A100). Lost: {LABEL_C}."
    )
    assert gpus.rows[2] == [LABEL_C, "lost", 4.0, "NVIDIA L4"]
    lost = run(ctx, Query("lost_nodes"))
    assert lost.sentence == f"{LABEL_C} is lost: {LOST_REASON}."
    assert lost.rows == [[LABEL_C, "lost", LOST_REASON]]


def test_idle_busiest_and_least_busy_node(store: Store) -> None:
    running = _job(store, "train", "ray", "running", LABEL_B)
    ctx = _ctx(store, _cluster())
    listing = run(ctx, Query("node_load"))
    # gpu-b reads 3% but one of our jobs runs there: not idle.
    assert listing.sentence == (
        f"No node is idle. Busy: {LABEL_A} (80% mean GPU utilization); "
        f"{LABEL_B} (3% mean GPU utilization, 1 job of ours running)."
    )
    assert listing.rows == [[LABEL_A, "busy", 80, 0], [LABEL_B, "busy", 3, 1]]
    busiest = run(ctx, Query("node_load", order="max"))
    assert busiest.sentence.startswith(f"{LABEL_A} is the busiest: 80% mean GPU utilization (")
    least = run(ctx, Query("node_load", order="min"))
    assert least.sentence.startswith(f"{LABEL_B} is the least busy: 3% mean GPU utilization")
    with store.transaction() as c:
        c.execute("UPDATE jobs SET state = 'succeeded' WHERE id = ?", (running,))
    assert run(_ctx(store, _cluster()), Query("node_load")).sentence.startswith(f"Idle: {LABEL_B}. Busy:")
    for result in (listing, busiest, least):
        assert set(NUMBER.findall(result.sentence)) <= result.numbers()


def test_which_job_ran_where(store: Store) -> None:
    here = _job(store, "local-bench", "local", "succeeded", gpus="[0, 1]")
    there = _job(store, "ring", "ray", "succeeded", LABEL_A)
    ctx = _ctx(store, _cluster())
    one = run(ctx, Query("job_nodes", job=there))
    assert one.sentence == f"Job {there} (ring) ran on the Ray node {LABEL_A}."
    assert (
        run(ctx, Query("job_nodes", job=here)).sentence
        == f"Job {here} (local-bench) ran on this host (GPU 0,1)."
    )
    listing = run(ctx, Query("job_nodes"))
    assert listing.sentence == f"Job {there} (ring) ran on the Ray node {LABEL_A}."
    assert listing.rows == [[there, "ring", "succeeded", "ray", LABEL_A]] and listing.subject_jobs == [there]
    assert run(ctx, Query("job_nodes", job=999)).sentence == "There is no job 999 in the queue's history."
    never = _job(store, "refused", "ray", "failed")  # failed at submission: no node ever ran it
    assert run(ctx, Query("job_nodes", job=never)).sentence == (
        f"Job {never} (refused) was sent to the Ray cluster and failed before it ran on a node."
    )


def test_a_daemon_without_ray_says_so_and_answers_for_this_host(store: Store) -> None:
    ctx = _ctx(store)
    gpus = run(ctx, Query("cluster_gpus"))
    assert gpus.sentence.startswith("This daemon is not connected to a Ray cluster")
    assert "on this host: I have no GPU readings: telemetry is off." in gpus.sentence
    assert run(ctx, Query("lost_nodes")).sentence.startswith("This daemon is not connected to a Ray cluster")
    jobs = run(ctx, Query("job_nodes"))
    assert jobs.sentence.startswith("No job ran on the Ray cluster; every job ran on this host.")

    class Silent:
        telemetry = None

        def nodes(self) -> list[NodeView]:
            raise RuntimeError("Ray at http://h:8265 does not answer: refused")

    down = run(_ctx(store, Silent()), Query("node_load"))
    assert down.sentence == "The Ray cluster does not answer: Ray at http://h:8265 does not answer: refused."


@pytest.mark.parametrize(
    ("question", "name", "fields"),
    [
        ("Which node is idle right now?", "node_load", {"order": None}),
        ("which server is the busiest", "node_load", {"order": "max"}),
        ("least loaded host?", "node_load", {"order": "min"}),
        ("how many gpus does each node have", "cluster_gpus", {}),
        ("what machines are in the ray cluster?", "cluster_gpus", {}),
        ("which job ran where?", "job_nodes", {"job": None}),
        ("where did job 12 run", "job_nodes", {"job": 12}),
        ("which node did job 7 run on?", "job_nodes", {"job": 7}),
        ("did we lose a node?", "lost_nodes", {}),
        ("is any server down", "lost_nodes", {}),
        ("which gpu is idle", "idle_gpus", {}),
        ("tell me about job 12", "job_detail", {"job": 12}),
        ("where do you run?", "gate_state", {}),
    ],
)
def test_phrasings_reach_the_cluster_queries_and_others_stay(question: str, name: str, fields: dict) -> None:
    query = pick(question, Context())
    assert query is not None and query.name == name, (question, query)
    for key, value in fields.items():
        assert getattr(query, key) == value, (question, query)
