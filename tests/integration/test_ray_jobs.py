"""Integration: cluster jobs on a real local Ray cluster (two nodes declaring 2 and 1 GPUs).

The cluster is started once for the module (it costs ~15 s on a small machine); each test starts its own
daemon with ``--ray``. Jobs run exactly once (a marker file counts the runs), follow their log, cancel,
wait with a reason when no node is large enough, survive a kill -9 of the daemon, and a node that leaves
is shown lost with Ray's reason. What a job asks of Ray beyond GPUs (CPUs, memory, custom resources, a
working_dir, pip lines) reaches Ray, and the daemon's own driver is not listed as a job. The overhead Ray
adds to a short job is measured against the local path.
"""

from __future__ import annotations

import base64
import hashlib
import json
import socket
import sys
import zipfile
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import httpx
import pytest
from daemon_fixture import DaemonFactory, DaemonProcess, wait_for
from prometheus_client.parser import text_string_to_metric_families

from gpuaccel.api.jobs import JobState
from gpuaccel.scheduler.lifecycle.validation import validate_request
from gpuaccel.scheduler.store.queue import Store

ray_utils = pytest.importorskip("ray.cluster_utils", reason="needs gpuaccel[cluster]")
pytestmark = pytest.mark.ray_cluster  # make test runs it apart, serially

# Appends "start <attempt>" to a marker file, sleeps, appends "end": how many times a job really ran.
MARKED = """
import os, sys, time
open(sys.argv[1], "a").write(f"start {os.environ['GPUACCEL_ATTEMPT']}\\n")
print("hello from", os.environ["GPUACCEL_JOB_ID"], "gpus", os.environ.get("CUDA_VISIBLE_DEVICES"), flush=True)
time.sleep(float(sys.argv[2]))
open(sys.argv[1], "a").write("end\\n")
print("bye", flush=True)
"""


class RayTestCluster:
    """Head: 2 GPUs, fake NVML ``two_gpus``; worker: 1 GPU, ``no_gpm`` and a custom resource ``fast_disk``
    (each node's processes inherit the environment the node was started with, so each node's sampler reads
    its own scenario)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("GPUACCEL_FAKE_NVML", "two_gpus")
        self.cluster = ray_utils.Cluster(
            initialize_head=True,
            head_node_args={
                "num_cpus": 1, "num_gpus": 2, "include_dashboard": True,
                "dashboard_host": "127.0.0.1", "dashboard_port": 0,
            },
        )  # fmt: skip
        monkeypatch.setenv("GPUACCEL_FAKE_NVML", "no_gpm")
        self.worker = self.cluster.add_node(num_cpus=1, num_gpus=1, resources={"fast_disk": 1})
        monkeypatch.delenv("GPUACCEL_FAKE_NVML")
        self.cluster.wait_for_nodes()
        self.url = "http://" + self.cluster.head_node.address_info["webui_url"]
        from ray.job_submission import JobSubmissionClient

        self.jobs = wait_for(lambda: _try(JobSubmissionClient, self.url), 30, 0.5, "Ray's job API")

    def submissions(self, d: DaemonProcess, job_id: int) -> list[Any]:
        """Ray's submissions of one job of daemon ``d``, oldest first."""
        prefix = f"{_sid(d.data_dir, job_id, 0)[:-1]}"
        found = [j for j in self.jobs.list_jobs() if (j.submission_id or "").startswith(prefix)]
        return sorted(found, key=lambda j: j.start_time or 0)


def _sid(data_dir: Path, job_id: int, attempt: int) -> str:
    return f"gpuaccel-{(data_dir / 'queue-id').read_text().strip()}-{job_id}-{attempt}"


def _try(make: Any, *args: Any) -> Any:
    try:
        return make(*args)
    except Exception:
        return None


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[RayTestCluster]:
    with pytest.MonkeyPatch.context() as mp:
        c = RayTestCluster(mp)
    try:
        yield c
    finally:
        c.cluster.shutdown()


def _start(factory: DaemonFactory, ray: RayTestCluster, data_dir: Path | None = None) -> DaemonProcess:
    """A daemon joined to the cluster by its GCS address (jobs through the job API it finds there)."""
    return factory.start(data_dir=data_dir, args=["--ray", ray.cluster.address], wait_s=60)


def _get(d: DaemonProcess, path: str) -> Any:
    r = httpx.get(f"{d.url}{path}", headers={"Authorization": f"Bearer {d.token}"}, timeout=10)
    r.raise_for_status()
    return r.json() if path != "/metrics" else r.text


def _job(d: DaemonProcess, job_id: int) -> dict[str, Any]:
    return d.client().get_job(job_id).model_dump(mode="json")


def _cluster_nodes(d: DaemonProcess) -> list[dict[str, Any]]:
    return _get(d, "/api/v1/cluster")["nodes"]


def _ask(d: DaemonProcess, question: str) -> str:
    """The assistant's answer, as the chat streams it."""
    with d.client(timeout=120) as client:
        events = [(e.event, e.data) for e in client.chat(question)]
    assert events[-1][0] == "done", events[-3:]
    return "".join(data["text"] for event, data in events if event == "token")


def _marked(marker: Path, seconds: float, **fields: Any) -> dict[str, Any]:
    return {"argv": [sys.executable, "-c", MARKED, str(marker), str(seconds)], "where": "ray", **fields}


def test_cluster_job_runs_once_follows_its_log_shows_its_node_and_retries(
    daemon_factory: DaemonFactory, ray_cluster: RayTestCluster, tmp_path: Path
) -> None:
    d = _start(daemon_factory, ray_cluster)
    marker = tmp_path / "runs"
    job = d.client().submit("command", **_marked(marker, 1.0, gpus=2))
    text = "".join(d.client().follow_log(job.id))  # ends when the job does
    done = _job(d, job.id)
    assert done["state"] == JobState.SUCCEEDED, done
    assert done["where"] == "ray" and done["placement_ref"] == _sid(d.data_dir, job.id, 1)
    head = ray_cluster.cluster.head_node.node_id
    assert done["node"] and done["node"].endswith(f"({head[:8]})")  # 2 GPUs: only the head has them
    lines = text.splitlines()
    assert lines.count(f"hello from {job.id} gpus 0,1") == 1 and lines.count("bye") == 1, text
    assert marker.read_text() == "start 1\nend\n"
    assert [s.status for s in ray_cluster.submissions(d, job.id)] == ["SUCCEEDED"]
    shown = d.cli("show", str(job.id))
    assert _sid(d.data_dir, job.id, 1) in shown.stdout and "ray" in shown.stdout, shown.stdout + shown.stderr

    d.client().retry(job.id)
    again = d.client().wait(job.id, timeout=60).model_dump(mode="json")
    assert again["state"] == JobState.SUCCEEDED and again["placement_ref"] == _sid(d.data_dir, job.id, 2)
    assert marker.read_text() == "start 1\nend\nstart 2\nend\n"
    assert len(ray_cluster.submissions(d, job.id)) == 2


def test_cancel_stops_the_ray_job_and_an_oversize_job_waits_with_a_reason(
    daemon_factory: DaemonFactory, ray_cluster: RayTestCluster, tmp_path: Path
) -> None:
    d = _start(daemon_factory, ray_cluster)
    big = d.client().submit("command", argv=["true"], where="ray", gpus=3)
    long = d.client().submit("command", **_marked(tmp_path / "runs", 60.0, gpus=1))
    wait_for(lambda: (tmp_path / "runs").exists(), 60, 0.2, "the Ray job to start")
    d.client().cancel(long.id)
    ended = wait_for(lambda: _job(d, long.id)["finished_at"] and _job(d, long.id), 30, 0.2, "cancel")
    assert ended["state"] == JobState.CANCELLED and ended["reason"] == "cancelled by user"
    wait_for(lambda: [s.status for s in ray_cluster.submissions(d, long.id)] == ["STOPPED"], 20, 0.2, "stop")
    assert "end" not in (tmp_path / "runs").read_text()

    waiting = _job(d, big.id)
    assert waiting["state"] == JobState.QUEUED
    assert waiting["waiting_reason"] == "needs 3 GPUs on one node; the largest live Ray node has 2 (2 nodes)"
    assert ray_cluster.submissions(d, big.id) == []
    d.client().cancel(big.id)


HELLO = """
import os
print("data", open("data.txt").read().strip(), "job", os.environ["GPUACCEL_JOB_ID"], flush=True)
"""


def test_runtime_env_cpus_memory_and_custom_resources_reach_ray_and_the_daemon_is_no_job(
    daemon_factory: DaemonFactory, ray_cluster: RayTestCluster, tmp_path: Path
) -> None:
    """``submit --where ray --cpus 1 --ram 64 --resource fast_disk=1 --working-dir DIR``: Ray holds the
    job to the one node that declares fast_disk, runs it in the uploaded directory and reserves what was
    asked; ``show`` links the job's dashboard page; the daemon's own Ray driver is not one of Ray's jobs;
    a job asking more than any node has waits with the reason."""
    d = _start(daemon_factory, ray_cluster)
    code = tmp_path / "code"
    code.mkdir()
    (code / "hello.py").write_text(HELLO)
    (code / "data.txt").write_text("42\n")
    asks = ["--cpus", "1", "--ram", "64", "--resource", "fast_disk=1", "--working-dir", str(code)]
    sent = d.cli(
        "submit", "--json", "--where", "ray", *asks, "--", sys.executable, "hello.py", cwd=str(tmp_path)
    )
    assert sent.returncode == 0, sent.stdout + sent.stderr
    job_id = json.loads(sent.stdout)["id"]
    done = d.client().wait(job_id, timeout=120).model_dump(mode="json")
    log = d.client().log(job_id, tail=100)
    assert done["state"] == JobState.SUCCEEDED, (done, log)
    assert f"data 42 job {job_id}" in log.splitlines()  # in the uploaded copy of the directory
    assert done["node"].endswith(f"({ray_cluster.worker.node_id[:8]})")  # the only node with fast_disk
    assert (done["cpus"], done["ram_mib"], done["resources"], done["cwd"]) == (
        1.0,
        64,
        {"fast_disk": 1.0},
        None,
    )
    info = ray_cluster.jobs.get_job_info(done["placement_ref"])
    assert info.runtime_env["working_dir"].startswith("gcs://")  # uploaded by the daemon at submission
    assert info.runtime_env["env_vars"]["GPUACCEL_JOB_ID"] == str(job_id)
    shown = d.cli("show", str(job_id)).stdout
    assert f"  dashboard       {ray_cluster.url}/#/jobs/{done['placement_ref']}\n" in shown, shown
    assert f'  runtime_env     {{"working_dir": "{code}"}}\n' in shown and "fast_disk" in shown

    # The daemon is a Ray driver (its node samplers); Ray lists no driver of its process as a job.
    wait_for(lambda: _get(d, "/api/v1/cluster/telemetry")["hosts"], 60, 0.5, "the daemon to join as a driver")
    drivers = [j for j in ray_cluster.jobs.list_jobs() if j.type == "DRIVER" and j.status == "RUNNING"]
    assert not [j for j in drivers if j.driver_info and j.driver_info.pid == str(d.proc.pid)], drivers
    refused = d.cli("submit", "--cpus", "2", "--", "true")
    assert refused.returncode != 0 and "cpus: is asked of Ray" in refused.stdout + refused.stderr

    # What reached Ray: the job's supervisor actor reserved the CPU, the memory and fast_disk.
    from ray.util.state import list_actors

    supervisors = list_actors(
        address=ray_cluster.url, filters=[("class_name", "=", "JobSupervisor")], detail=True,
        raise_on_missing_output=False,
    )  # fmt: skip
    (ours,) = [a for a in supervisors if done["placement_ref"] in (a.name or "")]
    assert ours.required_resources == {"CPU": 1.0, "memory": float(64 * 2**20), "fast_disk": 1.0}

    # More CPUs or host memory than any node has: the job waits in the queue saying so, never sent.
    cpus = d.client().submit("command", argv=["true"], where="ray", cpus=2)
    memory = d.client().submit("command", argv=["true"], where="ray", ram_mib=2**29)
    reason = wait_for(lambda: _job(d, cpus.id)["waiting_reason"], 30, 0.1, "the CPUs reason")
    assert reason == "needs 2 CPUs on one node; the largest live Ray node has 1 CPU (2 nodes)"
    reason = wait_for(lambda: _job(d, memory.id)["waiting_reason"], 30, 0.1, "the memory reason")
    assert reason.startswith("needs 536870912 MiB of memory on one node; the largest live Ray node has ")
    assert ray_cluster.submissions(d, cpus.id) == [] == ray_cluster.submissions(d, memory.id)
    for j in (cpus, memory):
        d.client().cancel(j.id)


def _wheel(dest: Path) -> Path:
    """A one-module wheel (``gpuaccel_probe``, ``ANSWER = 42``): pip installs it from its path, offline."""
    name, dist = "gpuaccel_probe", "gpuaccel_probe-1.0.dist-info"
    files = {
        f"{name}.py": b"ANSWER = 42\n",
        f"{dist}/METADATA": b"Metadata-Version: 2.1\nName: gpuaccel-probe\nVersion: 1.0\n",
        f"{dist}/WHEEL": b"Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    digest = {
        p: base64.urlsafe_b64encode(hashlib.sha256(b).digest()).rstrip(b"=").decode()
        for p, b in files.items()
    }
    record = "".join(f"{p},sha256={digest[p]},{len(b)}\n" for p, b in files.items()) + f"{dist}/RECORD,,\n"
    path = dest / "gpuaccel_probe-1.0-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as whl:
        for p, b in {**files, f"{dist}/RECORD": record.encode()}.items():
            whl.writestr(p, b)
    return path


@pytest.mark.slow
def test_pip_requirements_are_installed_for_the_job_on_its_node(
    daemon_factory: DaemonFactory, ray_cluster: RayTestCluster, tmp_path: Path
) -> None:
    """``--pip WHEEL``: Ray makes the job a virtualenv on its node and installs the line into it (a local
    wheel, so no package index is needed); the command's ``python`` is that virtualenv's."""
    d = _start(daemon_factory, ray_cluster)
    wheel = _wheel(tmp_path)
    probe = "import gpuaccel_probe, sys; print('probe', gpuaccel_probe.ANSWER, sys.prefix != sys.base_prefix)"
    sent = d.cli("submit", "--json", "--where", "ray", "--pip", str(wheel), "--", "python", "-c", probe)
    assert sent.returncode == 0, sent.stdout + sent.stderr
    job_id = json.loads(sent.stdout)["id"]
    done = d.client().wait(job_id, timeout=300).model_dump(mode="json")
    log = d.client().log(job_id, tail=200)
    assert done["state"] == JobState.SUCCEEDED, (done, log)
    assert "probe 42 True" in log.splitlines(), log


def test_kill9_mid_job_reconciles_without_losing_or_doubling_a_run(
    daemon_factory: DaemonFactory, ray_cluster: RayTestCluster, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    first = _start(daemon_factory, ray_cluster, data)
    marker = tmp_path / "runs"
    job = first.client().submit("command", **_marked(marker, 4.0))
    wait_for(lambda: marker.exists(), 60, 0.1, "the job to start on Ray")
    first.kill9()
    # A second job whose submission id was recorded but never reached Ray (a kill between the two).
    store = Store(data / "gpuaccel.db")
    try:
        never = store.insert(validate_request({"kind": "command", "argv": ["echo", "late"], "where": "ray"}))
        store.claim(never.id, "dead-daemon", 30.0, [])
        store.set_placement_ref(never.id, _sid(data, never.id, 1))
    finally:
        store.close()

    second = _start(daemon_factory, ray_cluster, data)
    done = second.client().wait(job.id, timeout=60).model_dump(mode="json")
    assert done["state"] == JobState.SUCCEEDED and done["attempt"] == 1, done
    assert marker.read_text() == "start 1\nend\n"  # ran once, to its end, across the restart
    assert len(ray_cluster.submissions(second, job.id)) == 1
    log = second.client().log(job.id, tail=100)
    lines = log.splitlines()
    assert lines.count("bye") == 1 and lines.count(f"hello from {job.id} gpus None") == 1, log
    messages = [e["message"] for e in _job(second, job.id)["events"]]
    assert "adopted after a restart" in messages

    late = second.client().wait(never.id, timeout=60).model_dump(mode="json")
    assert late["state"] == JobState.SUCCEEDED and late["placement_ref"] == _sid(data, never.id, 2)
    assert [s.submission_id for s in ray_cluster.submissions(second, never.id)] == [_sid(data, never.id, 2)]


def test_a_cluster_job_waits_with_a_reason_on_a_daemon_without_ray(daemon: DaemonProcess) -> None:
    job = daemon.client().submit("command", argv=["true"], where="ray")
    waiting = wait_for(lambda: _job(daemon, job.id)["waiting_reason"], 10, 0.05, "a waiting reason")
    assert "not connected" in waiting and "--ray ADDRESS" in waiting
    bad = daemon.cli("submit", "--where", "ray", "--gpu-ids", "0", "command", "--", "true")
    assert bad.returncode != 0 and "gpu_ids" in bad.stdout + bad.stderr


def test_overhead_of_ray_for_a_short_job_against_the_local_path(
    daemon_factory: DaemonFactory, ray_cluster: RayTestCluster, tmp_path: Path
) -> None:
    d = _start(daemon_factory, ray_cluster)
    figures = {}
    for where in ("local", "ray"):  # the same short program both ways; it prints when it started
        argv = [sys.executable, "-c", "import time; print('started at', repr(time.time()))"]
        job = d.client().submit("command", argv=argv, where=where)
        d.client().wait(job.id, timeout=60)
        done = _job(d, job.id)
        assert done["state"] == JobState.SUCCEEDED, done
        stamp = [ln for ln in d.client().log(job.id).splitlines() if ln.startswith("started at ")]
        running = float(stamp[-1].split()[-1])
        figures[where] = {
            "submit_to_running_s": round(running - done["created_at"], 3),
            "running_to_done_s": round(done["finished_at"] - running, 3),
            "total_s": round(done["finished_at"] - done["created_at"], 3),
        }
    print("\nshort job overhead:", json.dumps(figures))
    assert figures["local"]["total_s"] < figures["ray"]["total_s"]


def test_ring_attention_across_two_ray_nodes_matches_single_process_attention(
    ray_cluster: RayTestCluster,
) -> None:
    pytest.importorskip("torch", reason="needs gpuaccel[kernels]")
    import ray

    from gpuaccel.accel.distributed.ray_ranks import ring_selfcheck, run_ranks

    ray.init(address=ray_cluster.cluster.address, namespace="gpuaccel-test", log_to_driver=False)
    try:
        results, nodes = run_ranks(partial(ring_selfcheck, 2), 2, gpus_per_rank=0)  # gloo, one per node
    finally:
        ray.shutdown()
    assert sorted(nodes) == sorted([ray_cluster.cluster.head_node.node_id, ray_cluster.worker.node_id])
    assert results[0] == results[1] and len(results[0]) == 2  # the all-reduced worst errors, per case
    for case, errors in results[0].items():
        assert max(errors.values()) < 1e-10, (case, errors)


def test_ring_job_through_the_queue_places_its_ranks_over_both_nodes_and_matches_attention(
    daemon_factory: DaemonFactory, ray_cluster: RayTestCluster
) -> None:
    """``submit --where ray --gpus 3 attention.ring``: no node has 3 GPUs, yet the job fits (its ranks
    place themselves); one rank per (declared) GPU, two on the head and one on the worker, gloo on CPU."""
    pytest.importorskip("torch", reason="needs gpuaccel[kernels]")
    d = _start(daemon_factory, ray_cluster)
    spec = ["--set", "device=cpu", "--set", "dtype=fp32", "--set", "mode=check", "--set", "world_size=3"]
    sent = d.cli("submit", "--json", "--where", "ray", "--gpus", "3", "attention.ring", *spec)
    assert sent.returncode == 0, sent.stdout + sent.stderr
    job_id = json.loads(sent.stdout)["id"]
    done = d.client().wait(job_id, timeout=120).model_dump(mode="json")
    log = d.client().log(job_id, tail=400)
    assert done["state"] == JobState.SUCCEEDED, (done, log)
    # No report channel on a cluster: the workload's report lines are read back from Ray's log.
    result = done["result"]
    assert result and done["progress"]["message"].startswith("matches single-process attention on 3 ranks")
    assert result["launcher"] == "ray" and result["world_size"] == 3 and len(result["cases"]) == 4
    assert result["worst_rel_error"] < result["tol"] == 1e-4
    head, worker = ray_cluster.cluster.head_node.node_id, ray_cluster.worker.node_id
    assert sorted(result["rank_nodes"]) == sorted([head, head, worker])
    assert done["node"] and "in all" not in (done["waiting_reason"] or "")

    # The assistant answers from the same facts: where the job ran, and the cluster's GPUs per node.
    assert (
        _ask(d, f"which node did job {job_id} run on?")
        == f"Job {job_id} (attention.ring) ran on the Ray node {done['node']}."
    )
    assert _ask(d, "how many GPUs does each node have?").startswith(
        "The cluster has 2 live nodes with 3 GPUs in all: "
    )

    too_big = d.client().submit(
        "attention.ring", spec={"device": "cpu", "mode": "check", "world_size": 4}, gpus=4, where="ray"
    )

    def reason() -> str | None:  # a loaded machine can first say the node list is late
        said = _job(d, too_big.id)["waiting_reason"]
        return said if said and said.startswith("needs ") else None

    assert (
        wait_for(reason, 30, 0.1, "the GPUs reason")
        == "needs 4 GPUs; the live Ray nodes have 3 in all (2 nodes)"
    )
    d.client().cancel(too_big.id)


def test_every_node_reports_its_gpus_and_a_node_that_leaves_is_shown_lost_with_its_reason(
    daemon_factory: DaemonFactory, ray_cluster: RayTestCluster
) -> None:
    d = _start(daemon_factory, ray_cluster)
    nodes = _cluster_nodes(d)
    assert sorted(n["gpus"] for n in nodes if n["alive"]) == [1.0, 2.0]

    def two_hosts() -> list[dict[str, Any]] | None:
        hosts = _get(d, "/api/v1/cluster/telemetry")["hosts"]
        return hosts if len([h for h in hosts if h["gpus"]]) == 2 else None

    hosts = wait_for(two_hosts, 60, 0.5, "a snapshot from the sampler on each node")
    by_node = {h["node_id"]: h for h in hosts}
    head, worker = by_node[ray_cluster.cluster.head_node.node_id], by_node[ray_cluster.worker.node_id]
    assert [g["info"]["name"] for g in head["gpus"]] == ["NVIDIA H100 80GB HBM3", "NVIDIA GeForce RTX 4090"]
    assert [g["info"]["name"] for g in worker["gpus"]] == ["NVIDIA A100-SXM4-80GB"]
    assert head["gpus"][0]["sample"]["gpm"] and worker["alive"] and head["host"] != worker["host"]
    metrics = text_string_to_metric_families(_get(d, "/metrics"))
    util = [s for f in metrics if f.name == "gpuaccel_gpu_utilization_ratio" for s in f.samples]
    # The daemon's own GPUs under its host name; the node it runs on is not listed a second time (both test
    # nodes share this host, so its Ray driver attaches to one of them and the other is "another host").
    others = {s.labels["host"] for s in util} - {socket.gethostname()}
    assert len(others) == 1 and others <= {head["host"], worker["host"]}, others
    other = head if others == {head["host"]} else worker
    assert len(util) == 2 + len(other["gpus"])  # 2: the daemon's own fake GPUs
    worker_id = ray_cluster.worker.node_id
    ray_cluster.cluster.remove_node(ray_cluster.worker)

    def lost() -> dict[str, Any] | None:
        found = [n for n in _cluster_nodes(d) if n["node_id"] == worker_id]
        return found[0] if found and not found[0]["alive"] else None

    node = wait_for(lost, 30, 0.5, "the removed node to be shown lost")
    assert node["state"] == "DEAD" and node["reason"], node

    def lost_host() -> dict[str, Any] | None:
        found = [h for h in _get(d, "/api/v1/cluster/telemetry")["hosts"] if h["node_id"] == worker_id]
        return found[0] if found and not found[0]["alive"] else None

    host = wait_for(lost_host, 30, 0.5, "the removed node's GPUs to be shown lost")
    assert host["reason"] == node["reason"] and host["gpus"]  # its last snapshot, marked lost
