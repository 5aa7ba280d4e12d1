"""Integration: ``gpuaccel submit --where ray --node NAME`` on a real local Ray cluster of two nodes.

What it proves. The two nodes run on this host, so they share one IP address: a pin by the IP resource
``node:<ip>`` alone could not tell them apart, and a job with no pin at all has its driver put on the head
node by Ray. So the test pins jobs to the *worker* (by a prefix of its node id, then again on a retry)
and to the head (by its node name), and checks the node Ray itself reports for each Ray job
(``driver_node_id``) and the node the daemon recorded in the job's ``node``: the pin chose the node, not
chance or Ray's default. It holds because the placement also gives Ray the label selector
``ray.io/node-id`` (``entrypoint_label_selector``), which names one node exactly. Jobs pinned to a name
no node has, to the IP both nodes share, or to a node with too few GPUs wait with the reason and are never
submitted to Ray; once the worker leaves the cluster, a job pinned to it waits saying it is lost, with
Ray's reason.

The nodes get distinct node names (``ray start --node-name``), as real hosts have distinct hostnames.
The daemon is given the job API's http address: jobs only, no node telemetry (not tested here).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from daemon_fixture import DaemonFactory, DaemonProcess, wait_for

from gpuaccel.api.jobs import JobState
from gpuaccel.app.client.errors import ApiError

ray_utils = pytest.importorskip("ray.cluster_utils", reason="needs gpuaccel[cluster]")
pytestmark = pytest.mark.ray_cluster  # make test runs it apart, serially

HEAD, WORKER = "pin-head", "pin-a"


class PinCluster:
    """Head ``pin-head`` (1 GPU) and worker ``pin-a`` (2 GPUs), both on this host (one IP)."""

    def __init__(self) -> None:
        self.cluster = ray_utils.Cluster(
            initialize_head=True,
            head_node_args={
                "num_cpus": 1, "num_gpus": 1, "node_name": HEAD, "include_dashboard": True,
                "dashboard_host": "127.0.0.1", "dashboard_port": 0,
            },
        )  # fmt: skip
        self.worker = self.cluster.add_node(num_cpus=1, num_gpus=2, node_name=WORKER)
        self.cluster.wait_for_nodes()
        self.url = "http://" + self.cluster.head_node.address_info["webui_url"]
        from ray.job_submission import JobSubmissionClient

        self.jobs = wait_for(lambda: _try(JobSubmissionClient, self.url), 30, 0.5, "Ray's job API")

    def submitted(self, d: DaemonProcess, job_id: int) -> list[Any]:
        """Ray's jobs for one job of daemon ``d`` (every attempt)."""
        prefix = f"gpuaccel-{(d.data_dir / 'queue-id').read_text().strip()}-{job_id}-"
        return [j for j in self.jobs.list_jobs() if (j.submission_id or "").startswith(prefix)]


def _try(make: Any, *args: Any) -> Any:
    try:
        return make(*args)
    except Exception:
        return None


@pytest.fixture(scope="module")
def pin_cluster() -> Iterator[PinCluster]:
    c = PinCluster()
    try:
        yield c
    finally:
        c.cluster.shutdown()


def _job(d: DaemonProcess, job_id: int) -> dict[str, Any]:
    return d.client().get_job(job_id).model_dump(mode="json")


def _reason(d: DaemonProcess, job_id: int, start: str) -> str:
    """The job's waiting reason once it is the pin's (a loaded machine may first say the list is late)."""

    def said() -> str | None:
        reason = _job(d, job_id)["waiting_reason"] or ""
        return reason if reason.startswith(start) else None

    return wait_for(said, 30, 0.1, f"a waiting reason starting {start!r}")


def test_a_pinned_job_runs_on_the_node_it_names_and_an_unknown_name_runs_nowhere(
    daemon_factory: DaemonFactory, pin_cluster: PinCluster, tmp_path: Path
) -> None:
    d = daemon_factory.start(args=["--ray", pin_cluster.url], wait_s=60)
    head, worker = pin_cluster.cluster.head_node.node_id, pin_cluster.worker.node_id
    ip = pin_cluster.worker.address_info["node_ip_address"]
    assert pin_cluster.cluster.head_node.address_info["node_ip_address"] == ip  # one IP for both nodes
    argv = [sys.executable, "-c", "import os; print('attempt', os.environ['GPUACCEL_ATTEMPT'])"]
    on_worker = d.cli("submit", "--json", "--where", "ray", "--node", worker[:8], "--gpus", "2", "--", *argv)
    assert on_worker.returncode == 0, on_worker.stdout + on_worker.stderr
    job_id = json.loads(on_worker.stdout)["id"]
    on_head = d.client().submit("command", argv=argv, where="ray", node=HEAD)
    nowhere = d.client().submit("command", argv=["true"], where="ray", node="gpu-07")
    either = d.client().submit("command", argv=["true"], where="ray", node=ip)
    too_small = d.client().submit("command", argv=["true"], where="ray", node=HEAD, gpus=2)

    for job, node_id, name in ((job_id, worker, WORKER), (on_head.id, head, HEAD)):
        done = d.client().wait(job, timeout=90).model_dump(mode="json")
        assert done["state"] == JobState.SUCCEEDED, done
        assert done["node"] == f"{name} ({node_id[:8]})", done  # what the daemon recorded ...
        [ray_job] = pin_cluster.submitted(d, job)
        assert ray_job.driver_node_id == node_id  # ... is the node Ray ran the driver on
    assert _job(d, job_id)["want_node"] == worker[:8]

    d.client().retry(job_id)  # the next attempt is pinned again
    again = d.client().wait(job_id, timeout=90).model_dump(mode="json")
    assert again["state"] == JobState.SUCCEEDED and again["attempt"] == 2, again
    assert sorted(j.driver_node_id for j in pin_cluster.submitted(d, job_id)) == [worker, worker]
    assert "attempt 2" in d.client().log(job_id)

    live = ", ".join(sorted([f"{HEAD} ({head[:8]})", f"{WORKER} ({worker[:8]})"]))
    reason = _reason(d, nowhere.id, "waiting for node gpu-07")
    assert reason.startswith("waiting for node gpu-07: not in the Ray cluster (live nodes: ")
    assert ", ".join(sorted(reason.split("live nodes: ")[1].removesuffix(")").split(", "))) == live
    assert _reason(d, either.id, f"node {ip}").startswith(f"node {ip} matches 2 nodes: ")
    assert _reason(d, too_small.id, "waiting for node") == (
        f"waiting for node {HEAD}: {HEAD} ({head[:8]}) has 1 GPU, the job needs 2"
    )
    shown = d.cli("show", str(nowhere.id))
    assert "want_node       gpu-07" in shown.stdout and "not in the Ray cluster" in shown.stdout, shown.stdout
    for job in (nowhere, either, too_small):
        assert _job(d, job.id)["state"] == JobState.QUEUED and _job(d, job.id)["placement_ref"] is None
        assert pin_cluster.submitted(d, job.id) == []  # never sent to Ray: it ran nowhere

    pin_cluster.cluster.remove_node(pin_cluster.worker)  # last: the module's cluster loses its worker

    def worker_lost() -> bool:
        r = httpx.get(f"{d.url}/api/v1/cluster", headers={"Authorization": f"Bearer {d.token}"}, timeout=10)
        return any(n["node_id"] == worker and not n["alive"] for n in r.json()["nodes"])

    wait_for(worker_lost, 30, 0.2, "the daemon to see the worker lost")
    gone = d.client().submit("command", argv=["true"], where="ray", node=WORKER)
    lost = _reason(d, gone.id, f"waiting for node {WORKER}: {WORKER} ({worker[:8]}) is lost (")
    assert len(lost) > len(f"waiting for node {WORKER}: {WORKER} ({worker[:8]}) is lost ()"), lost
    assert pin_cluster.submitted(d, gone.id) == []
    for job in (nowhere, too_small, gone):
        d.client().cancel(job.id)
    # the IP both nodes shared names the head alone once the worker is lost: `either` may run there now
    try:
        d.client().cancel(either.id)
    except ApiError as e:
        assert e.status == 409, e  # it had already ended
    ended = d.client().wait(either.id, timeout=60).model_dump(mode="json")  # a Ray job's cancel: a moment
    assert ended["state"] == JobState.CANCELLED or ended["node"] == f"{HEAD} ({head[:8]})", ended
