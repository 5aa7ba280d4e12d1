"""The cluster half of the assistant's tool layer: the Ray cluster's nodes, their GPUs and load, which job
ran on which node, and the nodes that were lost with Ray's reason.

The facts come from the daemon's connection to the cluster (:class:`~scheduler.placement.cluster.RayCluster`:
its
node list and, through :class:`~scheduler.placement.cluster_telemetry.ClusterTelemetry`, each node's latest
GPU snapshot) and from the queue (the node each cluster job ran on). A daemon without ``--ray`` answers the
GPU questions with this host's GPUs and says that it is not connected. Each query returns a
:class:`~assistant.queries.catalogue.Result` whose sentence is written from the numbers of its table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gpuaccel.api.jobs import FINISHED, JobState
from gpuaccel.assistant.queries.gpu import gpu_list, idle_gpus
from gpuaccel.assistant.queries.jobs import STATE_CLAUSES, cap, in_span, label, no_such_job, stored_job
from gpuaccel.assistant.queries.query import Query, QueryContext, Result

NOT_CONNECTED = "This daemon is not connected to a Ray cluster (start it with `gpuaccel serve --ray ADDRESS`)"
IDLE_UTIL_PCT = 10.0  # a node is idle when every GPU reads below this and no job of ours runs there
JOB_ROWS = 10  # cluster jobs a "which job ran where" answer lists


@dataclass
class NodeFacts:
    """One node as the answers speak of it: Ray's view joined with its GPU snapshot and our jobs."""

    label: str
    alive: bool
    reason: str | None  # why a lost node left, in Ray's words
    declared_gpus: float  # the GPUs the node declares to Ray
    gpus: list[dict[str, Any]] = field(default_factory=list)  # index, name, util (None: no reading)
    sampler_reason: str | None = None  # why the node's GPU readings are missing or old
    running: list[int] = field(default_factory=list)  # our jobs running there

    @property
    def util(self) -> float | None:
        """Mean GPU utilization over the GPUs with a reading (None: no reading)."""
        values = [g["util"] for g in self.gpus if g["util"] is not None]
        return round(sum(values) / len(values)) if values else None

    @property
    def idle(self) -> bool:
        util = self.util
        return self.alive and not self.running and (util is None or util < IDLE_UTIL_PCT)


def _reading(sample: dict[str, Any] | None, key: str) -> float | None:
    value = (sample or {}).get(key)
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def nodes(ctx: QueryContext) -> tuple[list[NodeFacts], str | None]:
    """The cluster's nodes (alive first), or the sentence that says why there are none."""
    cluster = getattr(ctx.source, "cluster", None)
    if cluster is None:
        return [], NOT_CONNECTED + "."
    try:
        views = cluster.nodes()
    except RuntimeError as exc:
        return [], f"The Ray cluster does not answer: {exc}."
    if not views:
        return [], "The Ray cluster has no node."
    telemetry = getattr(cluster, "telemetry", None)
    hosts = {h.node_id: h for h in telemetry.hosts()} if telemetry is not None else {}
    running: dict[str, list[int]] = {}
    for job in ctx.store.list(states=[JobState.RUNNING], limit=1000):
        if job.where == "ray" and job.node:
            running.setdefault(job.node, []).append(job.id)
    out = []
    for v in views:
        host = hosts.get(v.node_id)
        gpus = []
        for g in (host.snapshot.get("gpus") or []) if host is not None else []:
            info = g.get("info") or {}
            gpus.append(
                {
                    "index": info.get("index"),
                    "name": info.get("name"),
                    "util": _reading(g.get("sample"), "util_gpu"),
                }
            )
        why = None if host is None else host.reason if host.alive else None
        if host is None and v.alive:
            why = "no GPU snapshot from its sampler yet" if telemetry is not None else "node telemetry is off"
        out.append(NodeFacts(v.label, v.alive, v.reason, v.gpus, gpus, why, sorted(running.get(v.label, []))))
    return sorted(out, key=lambda n: (not n.alive, n.label)), None


def _n(count: float, noun: str) -> str:
    return f"{count:g} {noun}" + ("" if count == 1 else "s")


def _util(n: NodeFacts) -> str:
    util = n.util
    return f"{util:g}% mean GPU utilization" if util is not None else f"no GPU reading ({n.sampler_reason})"


def cluster_gpus(ctx: QueryContext, q: Query) -> Result:
    """GPUs per host: what each live node declares and which models it has."""

    found, why = nodes(ctx)
    if why:
        if getattr(ctx.source, "cluster", None) is None:  # the question still has an answer: this host
            here = gpu_list(ctx, q)
            return Result(q, f"{why[:-1]}; on this host: {here.sentence}", here.columns, here.rows)
        return Result(q, why)
    alive = [n for n in found if n.alive]
    rows, parts = [], []
    for n in found:
        models = ", ".join(sorted({str(g["name"]) for g in n.gpus if g["name"]})) or "-"
        rows.append([n.label, "alive" if n.alive else "lost", n.declared_gpus, models])
        if n.alive:
            names = f" ({models})" if models != "-" else ""
            parts.append(f"{n.label} has {_n(n.declared_gpus, 'GPU')}{names}")
    total = sum(n.declared_gpus for n in alive)
    text = (
        f"The cluster has {_n(len(alive), 'live node')} with {_n(total, 'GPU')} in all: "
        + "; ".join(parts)
        + "."
    )
    lost = [n.label for n in found if not n.alive]
    if lost:
        text += f" Lost: {', '.join(lost)}."
    return Result(q, text, ["node", "state", "GPUs", "models"], rows)


def node_load(ctx: QueryContext, q: Query) -> Result:
    """Which node is idle (no order), the busiest (``max``) or the least busy (``min``)."""

    found, why = nodes(ctx)
    if why:
        if getattr(ctx.source, "cluster", None) is None:
            here = idle_gpus(ctx, q)
            return Result(q, f"{why[:-1]}; on this host: {here.sentence}", here.columns, here.rows)
        return Result(q, why)
    alive = [n for n in found if n.alive]
    rows = [
        [n.label, "idle" if n.idle else "busy", n.util if n.util is not None else "-", len(n.running)]
        for n in alive
    ]
    cols = ["node", "state", "GPU utilization (%)", "jobs running"]
    if not alive:
        return Result(q, "No node of the cluster is alive.", cols, rows)
    if q.order is None:
        idle = [n for n in alive if n.idle]
        busy = [n for n in alive if not n.idle]
        text = f"Idle: {', '.join(n.label for n in idle)}." if idle else "No node is idle."
        if busy:
            text += " Busy: " + "; ".join(f"{n.label} ({_busy(n)})" for n in busy) + "."
        return Result(q, text, cols, rows)
    key = [(n.util if n.util is not None else -1.0, len(n.running)) for n in alive]
    best = max(key) if q.order == "max" else min(key)
    top = [n for n, k in zip(alive, key, strict=True) if k == best]
    word = "busiest" if q.order == "max" else "least busy"
    if len(top) == len(alive) and len(alive) > 1:
        return Result(q, f"All {len(alive)} live nodes are level: {_busy(top[0])}.", cols, rows)
    if len(top) > 1:
        return Result(q, f"{', '.join(n.label for n in top)} are the {word}: {_busy(top[0])}.", cols, rows)
    others = "; ".join(f"{n.label} {_busy(n)}" for n in alive if n is not top[0])
    text = f"{top[0].label} is the {word}: {_busy(top[0])}" + (f" ({others})." if others else ".")
    return Result(q, text, cols, rows)


def _busy(n: NodeFacts) -> str:
    jobs = f", {_n(len(n.running), 'job')} of ours running" if n.running else ""
    return _util(n) + jobs


def job_nodes(ctx: QueryContext, q: Query) -> Result:
    """Which job ran where: one job's node, or the latest cluster jobs and their nodes."""

    cols = ["job", "name", "state", "placed", "node"]
    if q.job is not None:
        job = stored_job(ctx.store, q.job)
        if job is None:
            return Result(q, no_such_job(q.job))
        row = [[job.id, job.name or job.kind, job.state.value, job.where, job.node or "-"]]
        return Result(q, f"{cap(label(job))} {_where(job)}.", cols, row, [job.id])
    jobs = [j for j in ctx.store.list(limit=5000) if j.where == "ray"]
    if q.window is not None:  # the span's jobs (jobs.in_span) that have started: a node ran them
        jobs = [j for j in jobs if j.started_at is not None and in_span(j, q.window)]
    shown = jobs[:JOB_ROWS]
    if not shown:
        span = f" {q.window.label}" if q.window else ""
        connected = "" if getattr(ctx.source, "cluster", None) is not None else f" {NOT_CONNECTED}."
        return Result(q, f"No job ran on the Ray cluster{span}; every job ran on this host.{connected}")
    rows = [[j.id, j.name or j.kind, j.state.value, j.where, j.node or "-"] for j in shown]
    said = "; ".join(f"{label(j)} {_where(j)}" for j in shown[:5])
    more = (
        f" ({len(jobs)} cluster jobs in all, the latest {len(shown)} listed)"
        if len(jobs) > len(shown)
        else ""
    )
    return Result(q, cap(said) + "." + more, cols, rows, [j.id for j in shown])


def _where(job: Any) -> str:
    if job.where == "ray":
        if job.node and job.state == JobState.QUEUED:  # a retry: the node of its last attempt
            return f"waits in the queue; its last attempt ran on the Ray node {job.node}"
        if job.node:
            return f"{'runs' if job.state == JobState.RUNNING else 'ran'} on the Ray node {job.node}"
        if job.state in FINISHED:  # it ended (failed or cancelled) before any node ran it
            return f"was sent to the Ray cluster and {job.state} before it ran on a node"
        return "was placed on the Ray cluster and has not started on a node yet"
    if job.assigned_gpus:
        gpus = ",".join(map(str, job.assigned_gpus))
        return f"{'runs' if job.state == JobState.RUNNING else 'ran'} on this host (GPU {gpus})"
    if job.started_at:
        return "is a job of this host"
    # why not ("where's the whisper job": it is held, or what it waits for)
    why = f" ({job.waiting_reason})" if job.waiting_reason and job.state == JobState.QUEUED else ""
    return f"is a job of this host and has not started: {STATE_CLAUSES[job.state]}{why}"


def lost_nodes(ctx: QueryContext, q: Query) -> Result:
    """Nodes that left the cluster, with Ray's reason, and live nodes whose GPU readings are missing."""

    found, why = nodes(ctx)
    if why:
        return Result(q, why)
    lost = [n for n in found if not n.alive]
    silent = [n for n in found if n.alive and n.sampler_reason]
    rows = [[n.label, "lost", n.reason or "no reason given"] for n in lost]
    rows += [[n.label, "alive, no GPU readings", n.sampler_reason] for n in silent]
    if lost:
        text = " ".join(f"{n.label} is lost: {n.reason or 'Ray gave no reason'}." for n in lost)
    else:
        text = "No node is lost: " + (
            f"all {len(found)} nodes are alive." if len(found) > 1 else "its one node is alive."
        )
    if silent:
        text += " " + " ".join(
            f"{n.label} is alive but sends no GPU readings: {n.sampler_reason}." for n in silent
        )
    return Result(q, text, ["node", "state", "reason"], rows)
