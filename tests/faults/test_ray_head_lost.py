"""Faults: the Ray cluster's head (its GCS) goes away under a daemon started with ``--ray``.

The daemon joins the cluster as a Ray driver for node telemetry, and Ray's core worker ends the whole
process once the GCS has not answered for 60 s: the daemon, its local queue and its API died with the
head. It must keep serving, say that the cluster does not answer, and still stop cleanly. Slow (Ray's
60 s must pass), so in ``make test-slow``; it starts its own one-node cluster and stops it.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest
from daemon_fixture import DaemonFactory, wait_for

ray_utils = pytest.importorskip("ray.cluster_utils", reason="needs gpuaccel[cluster]")
pytestmark = pytest.mark.ray_cluster  # make test runs it apart, serially
RAY_GIVES_UP_S = 60  # Ray's default gcs_rpc_server_reconnect_timeout_s


@pytest.fixture
def head() -> Iterator[Any]:
    cluster = ray_utils.Cluster(
        initialize_head=True,
        head_node_args={
            "num_cpus": 1,
            "num_gpus": 1,
            "include_dashboard": True,
            "dashboard_host": "127.0.0.1",
        },
    )
    try:
        yield cluster
    finally:
        cluster.shutdown()


@pytest.mark.slow
def test_the_daemon_outlives_the_clusters_head_and_keeps_its_local_queue(
    daemon_factory: DaemonFactory, head: Any
) -> None:
    d = daemon_factory.start(args=["--ray", head.address], wait_s=60)
    client = d.client(timeout=30)
    wait_for(lambda: client.cluster_telemetry()["hosts"], 60, 0.5, "the node's telemetry")
    from ray._private import ray_constants

    gcs = head.head_node.all_processes[ray_constants.PROCESS_TYPE_GCS_SERVER][0].process
    gcs.kill()
    gcs.wait()
    time.sleep(RAY_GIVES_UP_S + 10)
    assert d.proc.poll() is None, d.output()[-2000:]
    local = client.submit("command", argv=[sys.executable, "-c", "print('still here')"])
    assert client.wait(local.id, timeout=30).state == "succeeded"
    on_ray = client.submit("command", argv=["true"], where="ray")
    waiting = wait_for(lambda: client.get_job(on_ray.id).waiting_reason, 30, 0.2, "the cluster job's reason")
    assert waiting.startswith("waiting for the Ray cluster: "), waiting
    started = time.monotonic()
    assert d.stop(timeout=60) == 0 and time.monotonic() - started < 30
