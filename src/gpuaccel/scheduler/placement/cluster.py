"""The daemon's connection to a Ray cluster: its address, its Job Submission client and its nodes.

``gpuaccel serve --ray ADDRESS`` (``auto``: the cluster this host belongs to, ``host:port`` of the GCS, or
the ``http://`` address of Ray's job API) makes one :class:`RayCluster`. Ray is imported here, and only
when a daemon connects, so the core install never needs it. The node list (Ray's state API) says which
nodes are alive, which left and why; ``GET /api/v1/cluster`` serves it.
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel


class NodeSamplers(Protocol):
    """The cluster's telemetry as this module uses it (``cluster_telemetry.ClusterTelemetry`` is the one
    kind): a protocol, so the cluster needs nothing of the module that imports it."""

    error: str | None

    def hosts(self) -> list[Any]: ...

    def stop(self) -> None: ...


NODES_TTL_S = 1.0  # the node list is read at most this often (dispatch asks for every queued cluster job)
# A cluster that does not answer is asked again only this much later, and for at most NODES_TIMEOUT_S: the
# node list is read on the scheduler's thread, which must keep serving local jobs meanwhile.
NODES_RETRY_S = 10.0
NODES_TIMEOUT_S = 2
# Ray's job client sends its requests with no timeout: a job server that accepts and never answers (stopped,
# swapping, a half-open connection) would hold the scheduler's thread, or a job's polling thread, for good.
REQUEST_TIMEOUT_S = 10.0
# What Ray's job server says while it cannot take a job yet (its agents still starting): try again later.
BUSY_MARKERS = ("try again later", "No available agent")


# The daemon joins the cluster as a Ray driver (node telemetry), and Ray's core worker ends its whole
# process once the GCS has not answered for this many seconds (60 by default): a head node stopped for a
# minute took the daemon, its queue and its API down with it. The daemon keeps serving while the cluster
# is gone. Ray reads it from the environment when it loads, so it is set before Ray is first imported.
DRIVER_ENV = {"RAY_gcs_rpc_server_reconnect_timeout_s": str(365 * 86400)}


def inherited_env() -> dict[str, str]:
    """The daemon's environment as its jobs and finish hooks inherit it: none of the daemon's own
    ``GPUACCEL_*`` variables (its API token, its settings, the fake-NVML switches) and not its Ray driver
    setting. What a job needs of ours (``GPUACCEL_REPORT_FD``, ``GPUACCEL_JOB_*``...) is set for it."""
    return {k: v for k, v in os.environ.items() if not k.startswith("GPUACCEL_") and k not in DRIVER_ENV}


class Unreachable(RuntimeError):
    """The cluster's job API did not answer (refused, timed out): not the job's fault, it waits."""


@dataclass(frozen=True)
class NodeView:
    node_id: str
    host: str
    ip: str
    head: bool
    alive: bool
    state: str
    reason: str | None  # why a node that left is gone, in Ray's words
    gpus: float
    # every resource the node declares, in Ray's names (CPU, memory in bytes, custom ones, node:<ip>)
    resources: dict[str, float] = field(default_factory=dict, hash=False, compare=False)

    @property
    def label(self) -> str:
        return f"{self.host} ({self.node_id[:8]})"


class NodeOut(BaseModel):
    node_id: str
    host: str
    ip: str
    head: bool
    alive: bool
    state: str
    reason: str | None
    gpus: float
    resources: dict[str, float] = {}
    label: str


class ClusterOut(BaseModel):
    address: str
    nodes: list[NodeOut]


def resolve_address(address: str) -> str:
    """The http address of the cluster's job API for ``auto``, a GCS ``host:port`` or an http URL."""
    for name, value in DRIVER_ENV.items():
        os.environ.setdefault(name, value)
    try:
        from ray.dashboard.utils import get_address_for_submission_client
    except ImportError as exc:
        raise RuntimeError(f"--ray needs Ray: pip install 'gpuaccel[cluster]' ({exc})") from None
    try:
        return get_address_for_submission_client(None if address == "auto" else address)
    except Exception as exc:
        raise RuntimeError(f"cannot find the Ray cluster at {address!r}: {exc}") from None


class RayCluster:
    """One Ray cluster: a lazily made Job Submission client and a short-lived cache of its nodes."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.url = resolve_address(address)
        # ray.init takes 'auto' or the GCS address, not the job API's URL (then no node telemetry)
        self.gcs_address = None if "://" in address else address
        self.telemetry: NodeSamplers | None = None  # set by placement_ray.placements
        self._client: Any = None
        self._lock = threading.Lock()
        self._nodes: list[NodeView] = []
        self._nodes_at = 0.0
        self._nodes_error: str | None = None

    def client(self) -> Any:
        with self._lock:
            if self._client is None:
                try:
                    self._client = _job_client(self.url)
                except Exception as exc:
                    why = f"Ray job API at {self.url} does not answer: {_last_line(exc)}"
                    raise Unreachable(why) from None
            return self._client

    def unreachable(self, why: str) -> None:
        """A request that found no answer: jobs waiting for the cluster say so (``fit``) until the node
        list is asked again, instead of each trying, and waiting out the timeout, in turn."""
        with self._lock:
            self._nodes_error, self._nodes_at = why, time.monotonic()

    def nodes(self, max_age_s: float = NODES_TTL_S) -> list[NodeView]:
        """Every node Ray knows, alive or gone; RuntimeError (in words) when the cluster does not answer."""
        with self._lock:
            age = time.monotonic() - self._nodes_at
            if age < max_age_s or (self._nodes_error is not None and age < NODES_RETRY_S):
                if self._nodes_error is not None:
                    raise RuntimeError(self._nodes_error)
                return list(self._nodes)
        from ray.util.state import list_nodes

        try:
            raw = list_nodes(
                address=self.url, detail=True, raise_on_missing_output=False, timeout=NODES_TIMEOUT_S
            )
            nodes, error = [_node(n) for n in raw], None
        except Exception as exc:
            nodes, error = None, f"Ray at {self.url} does not answer: {_last_line(exc)}"
        with self._lock:
            if nodes is not None:  # the last list is kept for node_label while the cluster is silent
                self._nodes = nodes
            self._nodes_error, self._nodes_at = error, time.monotonic()
        if error is not None:
            raise RuntimeError(error)
        return nodes

    def node_label(self, node_id: str) -> str:
        """The node's label; its id's first characters while the cluster cannot say."""
        for n in self._nodes:
            if n.node_id == node_id:
                return n.label
        try:
            found = [n for n in self.nodes(max_age_s=0.0) if n.node_id == node_id]
        except RuntimeError:
            found = []
        return found[0].label if found else node_id[:8]

    def close(self) -> None:
        if self.telemetry is not None:
            self.telemetry.stop()
        with self._lock:
            self._client = None


def _job_client(url: str) -> Any:
    """Ray's Job Submission client with a timeout on every request it sends (its own has none)."""
    from ray.job_submission import JobSubmissionClient

    class TimedClient(JobSubmissionClient):  # type: ignore[misc]
        def _do_request(self, method: str, endpoint: str, **kwargs: Any) -> Any:
            kwargs.setdefault("timeout", REQUEST_TIMEOUT_S)
            return super()._do_request(method, endpoint, **kwargs)

    return TimedClient(url)


def maybe_sent(exc: BaseException) -> bool:
    """Whether a failed submission may still have reached Ray: its request went out and the answer was
    lost (a read timeout, a dropped connection), as against a connection that was never made."""
    import requests

    if isinstance(exc, requests.exceptions.ConnectTimeout | Unreachable):
        return False
    if isinstance(exc, requests.exceptions.Timeout):
        return True
    said = str(exc)
    return any(m in said for m in ("Read timed out", "Connection aborted", "RemoteDisconnected"))


def _last_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [repr(exc)])[-1]


def _node(n: Any) -> NodeView:
    return NodeView(
        node_id=n.node_id,
        host=n.node_name or n.node_ip,
        ip=n.node_ip,
        head=bool(n.is_head_node),
        alive=n.state == "ALIVE",
        state=n.state,
        reason=n.state_message if n.state != "ALIVE" else None,
        gpus=float((n.resources_total or {}).get("GPU", 0.0)),
        resources={str(k): float(v) for k, v in (n.resources_total or {}).items()},
    )


def create_router(cluster: RayCluster | None) -> APIRouter:
    router = APIRouter(tags=["cluster"])

    @router.get("/cluster", response_model=ClusterOut)
    def cluster_nodes() -> ClusterOut:
        """The Ray cluster's nodes: alive, or lost with Ray's reason."""
        if cluster is None:
            raise HTTPException(404, "this daemon is not connected to a Ray cluster (gpuaccel serve --ray)")
        try:
            nodes = cluster.nodes()
        except RuntimeError as exc:
            raise HTTPException(503, str(exc)) from None
        return ClusterOut(address=cluster.url, nodes=[NodeOut(**asdict(n), label=n.label) for n in nodes])

    @router.get("/cluster/telemetry")
    def cluster_telemetry() -> dict[str, Any]:
        """Every node's GPUs (the shape of /telemetry/now per host), a node that left marked lost."""
        telemetry = cluster.telemetry if cluster is not None else None
        if telemetry is None:
            raise HTTPException(404, "this daemon is not connected to a Ray cluster (gpuaccel serve --ray)")
        return {"error": telemetry.error, "hosts": [h.to_json() for h in telemetry.hosts()]}

    return router
