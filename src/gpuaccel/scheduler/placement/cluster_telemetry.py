"""Telemetry of every node of the Ray cluster: one sampler per live node, collected once a second.

The daemon joins the cluster as a Ray driver (on a thread, so a slow cluster never delays the daemon;
in an internal namespace, so it is not listed as a job)
and places an :class:`accel.telemetry.remote.NodeSampler` actor on each live node with a node-affinity
strategy; the actors are owned by the daemon and end with it. A node that leaves the cluster keeps its
last snapshot, marked lost with Ray's reason. ``GET /api/v1/cluster/telemetry`` and ``/metrics`` (a
``host`` label) read :meth:`ClusterTelemetry.hosts`.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from gpuaccel.scheduler.placement.cluster import RayCluster

log = logging.getLogger(__name__)
# The daemon's connection is a Ray driver, and Ray lists every driver as a job (`ray job list`, the
# dashboard) unless its namespace starts with ``_ray_internal_``, as Ray's own dashboard driver's does: the
# daemon is no job of the cluster's (and does not keep an idle cluster from counting as idle).
NAMESPACE = "_ray_internal_gpuaccel"
POLL_S = 1.0
SNAPSHOT_TIMEOUT_S = 5.0


@dataclass
class HostTelemetry:
    node_id: str
    host: str  # the node's label: Ray's node name and the start of its node id
    alive: bool = True
    reason: str | None = None  # why it is lost, or why its sampler does not answer
    t: float | None = None  # when the snapshot was taken
    snapshot: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        gpus = self.snapshot.get("gpus", [])
        return {
            "node_id": self.node_id, "host": self.host, "alive": self.alive, "reason": self.reason,
            "t": self.t, "backend": self.snapshot.get("backend"), "error": self.snapshot.get("error"),
            "gpus": gpus,
        }  # fmt: skip


class ClusterTelemetry:
    def __init__(self, cluster: RayCluster, queue_id: str, poll_s: float = POLL_S) -> None:
        self.cluster = cluster
        self.queue_id = queue_id
        self.poll_s = poll_s
        self.error: str | None = "connecting to the Ray cluster"
        self.own_node_id: str | None = None  # the node this daemon's host is: its GPUs are the daemon's own
        self._hosts: dict[str, HostTelemetry] = {}
        self._actors: dict[str, Any] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def start(self) -> ClusterTelemetry:
        self._thread = threading.Thread(target=self._run, name="gpuaccel-cluster-telemetry", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(10)
        try:
            import ray

            if ray.is_initialized():
                ray.shutdown()  # the samplers are ours: they end with the connection
        except Exception as exc:
            log.warning("leaving the Ray cluster: %s", exc)

    def hosts(self) -> list[HostTelemetry]:
        with self._lock:
            return sorted(self._hosts.values(), key=lambda h: (not h.alive, h.host))

    def _run(self) -> None:
        if self.cluster.gcs_address is None:
            self.error = (
                "node telemetry needs the cluster's GCS address or 'auto' for --ray, not its job API URL"
            )
            return
        try:
            import ray

            ray.init(
                address=self.cluster.gcs_address, namespace=NAMESPACE, log_to_driver=False,
                logging_level=logging.WARNING, configure_logging=False,
            )  # fmt: skip
        except Exception as exc:
            self.error = f"cannot join the Ray cluster for node telemetry: {exc}"
            log.warning("%s", self.error)
            return
        self.error = None
        self.own_node_id = ray.get_runtime_context().get_node_id()
        while not self._stop.is_set():
            try:
                self._round(ray)
            except Exception as exc:
                self.error = f"node telemetry: {exc}"
                log.warning("%s", self.error)
            self._stop.wait(self.poll_s)

    def _round(self, ray: Any) -> None:
        try:
            nodes = self.cluster.nodes()
        except RuntimeError as exc:
            self.error = str(exc)
            return
        self.error = None
        pending = {}
        for node in nodes:
            with self._lock:
                host = self._hosts.setdefault(node.node_id, HostTelemetry(node.node_id, node.label))
                host.alive, host.reason = node.alive, node.reason
            if not node.alive:
                self._actors.pop(node.node_id, None)
                continue
            actor = self._actors.get(node.node_id) or self._place(ray, node.node_id)
            pending[actor.snapshot.remote()] = node.node_id
        if not pending:
            return
        ready, _ = ray.wait(list(pending), num_returns=len(pending), timeout=SNAPSHOT_TIMEOUT_S)
        for ref in pending:
            node_id = pending[ref]
            with self._lock:
                host = self._hosts[node_id]
                if ref not in ready:
                    host.reason = f"its sampler did not answer within {SNAPSHOT_TIMEOUT_S:g} s"
                    continue
                try:
                    host.snapshot, host.t, host.reason = ray.get(ref), time.time(), None
                except Exception as exc:  # the actor died (its node is leaving): placed again next round
                    self._actors.pop(node_id, None)
                    host.reason = f"its sampler failed: {str(exc).strip().splitlines()[-1][:300]}"

    def _place(self, ray: Any, node_id: str) -> Any:
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        from gpuaccel.accel.telemetry.remote import NodeSampler

        actor = (
            ray.remote(NodeSampler)
            .options(
                name=f"gpuaccel-sampler-{self.queue_id}-{node_id[:12]}",
                get_if_exists=True,
                num_cpus=0,
                scheduling_strategy=NodeAffinitySchedulingStrategy(node_id, soft=False),
            )
            .remote()
        )
        self._actors[node_id] = actor
        return actor
