"""The assistant's tool layer: every typed query by name, and running one.

A question is answered by running one :class:`~assistant.queries.query.Query` (picked by
:mod:`assistant.understand.picker`) against a :class:`~assistant.queries.query.QueryContext`. GPU queries live
in :mod:`assistant.queries.gpu`, job queries in :mod:`assistant.queries.jobs`, Ray cluster queries in
:mod:`assistant.queries.cluster`, a job's log in :mod:`assistant.queries.logs`, the assistant's own state (the
idle gate) in :mod:`assistant.queries.gate`.
"""

from __future__ import annotations

from collections.abc import Callable

from gpuaccel.assistant.queries import cluster as cq
from gpuaccel.assistant.queries import gpu as gq
from gpuaccel.assistant.queries import jobs as jq
from gpuaccel.assistant.queries import logs as lq
from gpuaccel.assistant.queries.gate import gate_state
from gpuaccel.assistant.queries.query import Query, QueryContext, Result


def _queries() -> dict[str, Callable[[QueryContext, Query], Result]]:
    return {
        "gpu_list": gq.gpu_list,
        "gpu_reading": gq.gpu_reading,
        "gpu_rank": gq.gpu_rank,
        "idle_gpus": gq.idle_gpus,
        "memory_users": gq.memory_users,
        "energy": gq.energy,
        "gate_state": gate_state,
        "job_detail": jq.job_detail,
        "job_log": lq.job_log,
        "jobs": jq.jobs,
        "job_rank": jq.job_rank,
        "failures": jq.failures,
        "queue": jq.queue,
        "summary": jq.summary,
        "cluster_gpus": cq.cluster_gpus,
        "node_load": cq.node_load,
        "job_nodes": cq.job_nodes,
        "lost_nodes": cq.lost_nodes,
    }


def run(ctx: QueryContext, q: Query) -> Result:
    """Run ``q``; an unknown query name is a programming error, said with the names that exist."""
    table = _queries()
    if q.name not in table:
        raise ValueError(f"unknown query {q.name!r}; known: {', '.join(sorted(table))}")
    return table[q.name](ctx, q)


QUERY_NAMES = (
    "gpu_list gpu_reading gpu_rank idle_gpus memory_users energy gate_state"
    " job_detail job_log jobs job_rank failures queue summary cluster_gpus node_load job_nodes lost_nodes"
).split()
