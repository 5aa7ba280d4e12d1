"""A cluster job pinned to one node (``node`` in a request, ``gpuaccel submit --node``): which Ray node a
name means, why a pinned job waits, and how its Ray job is held to that node.

Why apart from :mod:`placement_ray`: the rules of a name are the user's contract (the CLI's help, the
request's description and the waiting reasons all come from here), and they are checked on a fake node
list without Ray. A name is a node's Ray node name (``ray start --node-name``; Ray's default is the
node's IP), its IP address or a prefix of at least :data:`MIN_ID_PREFIX` hex characters of its node id,
as ``gpuaccel status --cluster`` and ``GET /api/v1/cluster`` show them. It is stored as given and
resolved each time the job is placed, so a host that rejoins the cluster under a new node id is still the
node ``gpu-07`` names.

In Ray the entrypoint is held to the node twice: by the node's own resource ``node:<ip>`` (a tiny
amount, every Ray version) and, where Ray's job API takes ``entrypoint_label_selector`` (the Ray of
constraints.txt does), by the label ``ray.io/node-id``, which alone tells apart two Ray nodes that share
one IP address.
"""

from __future__ import annotations

import functools
import inspect
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from gpuaccel.api.nodes import MIN_ID_PREFIX

if TYPE_CHECKING:
    from gpuaccel.scheduler.placement.cluster import NodeView

NODE_ID_LABEL = "ray.io/node-id"  # a label Ray gives every node
PIN_AMOUNT = 0.001  # of the node's resource node:<ip> (1 per node): never what keeps a job waiting
# What Ray says when the node a Ray job is held to has left before the job's driver was placed.
NODE_LEFT_MARKER = "doesn't exist any more or is infeasible"
MAX_LISTED = 8
_HEX = re.compile(r"[0-9a-f]+")


def matches(name: str, node: NodeView) -> bool:
    """Whether ``name`` names ``node``: its hostname (in any case), its IP, or a prefix of its id."""
    low = name.lower()
    if node.host.lower() == low or node.ip == name:
        return True
    return len(low) >= MIN_ID_PREFIX and bool(_HEX.fullmatch(low)) and node.node_id.startswith(low)


def listed(nodes: Sequence[NodeView]) -> str:
    """Nodes as a user finds them again: ``host (first 8 of its id)``, at most :data:`MAX_LISTED`."""
    names = [n.label for n in nodes[:MAX_LISTED]]
    more = len(nodes) - MAX_LISTED
    return ", ".join(names) + (f" and {more} more" if more > 0 else "") if names else "none"


def resolve(name: str, nodes: Sequence[NodeView]) -> NodeView | str:
    """The one live node ``name`` means, or why a job pinned to it waits. Live nodes win over lost ones:
    a host that rejoined under a new node id leaves its old, dead entry in Ray's list."""
    live = [n for n in nodes if n.alive and matches(name, n)]
    if len(live) == 1:
        return live[0]
    if live:
        return f"node {name} matches {len(live)} nodes: {listed(live)}; give a node id prefix"
    lost = [n for n in nodes if not n.alive and matches(name, n)]
    if lost:
        why = lost[0].reason or lost[0].state
        return f"waiting for node {name}: {lost[0].label} is lost ({why})"
    hint = ""
    if _HEX.fullmatch(name.lower()) and len(name) < MIN_ID_PREFIX:
        hint = f"; a node id prefix needs at least {MIN_ID_PREFIX} characters"
    alive = [n for n in nodes if n.alive]
    return f"waiting for node {name}: not in the Ray cluster (live nodes: {listed(alive)}){hint}"


def place(name: str, nodes: Sequence[NodeView], gpus: int, exact: bool = True) -> NodeView | str:
    """The node a job pinned to ``name`` runs on now, or why it waits: no such live node, several, a lost
    one, one with fewer GPUs than the job needs, or (``exact`` False: a Ray that holds a job to a node
    by its IP only) one whose IP another live node shares."""
    node = resolve(name, nodes)
    if isinstance(node, str):
        return node
    if gpus > node.gpus:
        has = f"{node.gpus:g} GPU" + ("" if node.gpus == 1 else "s")
        return f"waiting for node {name}: {node.label} has {has}, the job needs {gpus}"
    twins = [n for n in nodes if n.alive and n.ip == node.ip and n.node_id != node.node_id]
    if twins and not exact:
        return (
            f"waiting for node {name}: {listed(twins)} shares its IP {node.ip}, and this Ray version "
            "holds a job to a node by its IP only (a Ray whose job API takes a label selector tells "
            "them apart)"
        )
    return node


def takes_label_selector(submit_job: Any) -> bool:
    """Whether Ray's ``submit_job`` takes a label selector, which holds a job to one node id."""
    try:
        params = inspect.signature(submit_job).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == "entrypoint_label_selector" or p.kind is p.VAR_KEYWORD for p in params)


@functools.cache
def exact_pins() -> bool:
    """Whether the installed Ray holds a pinned job to its node's id, not only to the node's IP."""
    from ray.job_submission import JobSubmissionClient

    return takes_label_selector(JobSubmissionClient.submit_job)


def submit_options(node: NodeView, exact: bool) -> dict[str, Any]:
    """The Job Submission API's arguments that hold a Ray job's entrypoint to ``node``."""
    options: dict[str, Any] = {"entrypoint_resources": {f"node:{node.ip}": PIN_AMOUNT}}
    if exact:
        options["entrypoint_label_selector"] = {NODE_ID_LABEL: node.node_id}
    return options


def left_before_start(
    name: str, message: str | None, nodes: Sequence[NodeView] | None, pinned_id: str | None = None
) -> str | None:
    """Why a pinned Ray job that Ray could not place goes back to the queue (its attempt not counted):
    its node left between placing and starting it, or came back under a new node id (a restarted Ray on
    that host) while the job was held to the old one (``pinned_id``). None when that is not what happened
    (the node is still there as it was: then Ray's failure stands, so no job goes round and round)."""
    if NODE_LEFT_MARKER not in (message or "") or nodes is None:
        return None
    now = resolve(name, nodes)
    if isinstance(now, str) or (pinned_id is not None and now.node_id != pinned_id):
        return f"its node {name} left the Ray cluster before the job started"
    return None


def launch_options(
    name: str | None, nodes: Callable[[], Sequence[NodeView]], gpus: int, exact: bool
) -> dict[str, Any] | str:
    """:func:`submit_options` for a job pinned to ``name`` (none for one that is not), the name resolved
    again as the job is launched; or why it cannot be had now (the node went since the job was placed)."""
    if name is None:
        return {}
    try:
        found = place(name, nodes(), gpus, exact)
    except RuntimeError as exc:
        return f"waiting for the Ray cluster: {exc}"
    return found if isinstance(found, str) else submit_options(found, exact)
