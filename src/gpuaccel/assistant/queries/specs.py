"""What each typed query means and which arguments it takes: one definition for every caller that offers them.

The chat's pickers build :class:`~assistant.queries.catalogue.Query` objects themselves; everything that lets
someone else name a query (the daemon's ``POST /assistant/query``, the MCP server's tools) reads this table: a
description, the fields the query reads, each field's type and accepted values. :func:`query_from_args`
turns such arguments into a checked ``Query`` or raises :class:`QueryArgsError` naming what is wrong and what
is accepted. A time span is given in words ("today", "the last 2 hours") and read by the same
:func:`~assistant.understand.words.window_of` the chat uses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gpuaccel.api.jobs import JobState
from gpuaccel.assistant.queries.gpu import METRICS
from gpuaccel.assistant.queries.logs import DEFAULT_LINES, MAX_LINES
from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.queries.spans import window_of

GPU_METRICS = (*METRICS, "overview")
RANK_METRICS = tuple(METRICS)
JOB_METRICS = ("duration", "gpu_time")
ORDERS = ("max", "min")
WINDOW_WORDS = "today, yesterday, this week, the last hour, the last N minutes/hours/days"


@dataclass(frozen=True)
class Param:
    """One argument: its JSON type, what it narrows, and the values accepted (None: any of the type)."""

    kind: type
    description: str
    choices: tuple[str, ...] | None = None

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "integer" if self.kind is int else "string"}
        out["description"] = self.description
        if self.kind is int:
            out["minimum"] = 0
        if self.choices:
            out["enum"] = list(self.choices)
        return out


_STATES = tuple(s.value for s in JobState)
PARAMS: dict[str, Param] = {
    "gpu": Param(int, "GPU index (as nvidia-smi numbers them); omit for every GPU"),
    "job": Param(int, "job id in the queue"),
    "state": Param(str, "only jobs in this state", _STATES),
    "job_name": Param(str, "only jobs whose name contains this text (case-insensitive)"),
    "window": Param(str, f"time span in words: {WINDOW_WORDS}"),
    "order": Param(str, "max for the highest / longest, min for the lowest / shortest", ORDERS),
    "lines": Param(int, f"how many of the log's last lines (default {DEFAULT_LINES}, at most {MAX_LINES})"),
}


@dataclass(frozen=True)
class QuerySpec:
    name: str
    description: str
    params: tuple[str, ...] = ()
    own: dict[str, Param] = field(default_factory=dict)  # fields that mean something of their own here
    required: tuple[str, ...] = ()

    def param(self, name: str) -> Param:
        return self.own.get(name) or PARAMS[name]

    def input_schema(self) -> dict[str, Any]:
        """The JSON Schema of this query's arguments (what an MCP tool declares)."""
        props = {f: self.param(f).schema() for f in self.params}
        return {
            "type": "object",
            "properties": props,
            "required": list(self.required),
            "additionalProperties": False,
        }


SPECS: dict[str, QuerySpec] = {
    s.name: s
    for s in (
        QuerySpec("gpu_list", "The GPUs of this machine: index, model and memory size.", ("gpu",)),
        QuerySpec(
            "gpu_reading",
            "A live reading of one GPU or all: temperature, utilization, power, memory, tensor-core activity,"
            " estimated TFLOP/s, fan speed, or an overview of the main readings (N/A readings say why: a"
            " passively cooled GPU reports no fan); with a window, each GPU's peak and mean over that span"
            " from the telemetry history (fan speed and free memory are kept live only).",
            ("gpu", "metric", "window"),
            {"metric": Param(str, "which reading (default temperature)", GPU_METRICS)},
        ),
        QuerySpec(
            "gpu_rank",
            "Which GPU is highest or lowest on a reading: hottest, coolest, busiest, most free memory,"
            " fastest fan...",
            ("metric", "order"),
            {"metric": Param(str, "the reading to rank by (default temperature)", RANK_METRICS)},
        ),
        QuerySpec("idle_gpus", "Which GPUs are idle and, for busy ones, why they count as busy.", ()),
        QuerySpec(
            "memory_users",
            "Who holds GPU memory: each process, its memory, and the job that owns it or 'not started by"
            " the queue'.",
            ("gpu",),
        ),
        QuerySpec(
            "energy",
            "Energy used (Wh) from the power history, per GPU (default: the last hour).",
            ("gpu", "window"),
        ),
        QuerySpec(
            "gate_state", "The idle gate (may the assistant use a GPU?) and the assistant's own state.", ()
        ),
        QuerySpec(
            "job_detail", "One job: state, where and how long it ran, its outcome.", ("job",), {}, ("job",)
        ),
        QuerySpec(
            "job_log",
            "The last lines of a job's log (stdout and stderr): the job by id, else the newest job in the"
            " state or with the name given, else the newest that ran; long lines are cut.",
            ("job", "state", "job_name", "lines"),
        ),
        QuerySpec(
            "jobs",
            "Jobs, narrowed by state, name, GPU and time span, newest first.",
            ("state", "job_name", "gpu", "window"),
        ),
        QuerySpec(
            "job_rank",
            "The job with the longest / shortest run time or the most / least GPU-time (run time x GPUs).",
            ("metric", "order", "state", "job_name", "gpu", "window"),
            {"metric": Param(str, "duration (default: how long a job ran) or gpu_time", JOB_METRICS)},
        ),
        QuerySpec(
            "failures",
            "Failed (or, with state cancelled, cancelled) jobs with their reasons and attempts.",
            ("state", "job_name", "gpu", "window"),
            {"state": Param(str, "failed (default) or cancelled", ("failed", "cancelled"))},
        ),
        QuerySpec(
            "queue",
            "What is running and what waits, with the scheduler's reason for each waiting job.",
            ("state",),
            {"state": Param(str, "only running or only queued jobs", ("running", "queued"))},
        ),
        QuerySpec(
            "summary",
            "A summary of a time span (default the last 24 hours): jobs by outcome, the longest, failures,"
            " GPU peaks and means.",
            ("window",),
        ),
        QuerySpec(
            "cluster_gpus",
            "The Ray cluster's hosts and the GPUs each declares, with their models (without a cluster: this"
            " host's GPUs).",
            (),
        ),
        QuerySpec(
            "node_load",
            "Which cluster node is idle, or with order max / min the busiest / least busy, with utilization"
            " and running jobs.",
            ("order",),
        ),
        QuerySpec(
            "job_nodes",
            "Which node a cluster job ran on: one job, or the latest cluster jobs (in a time span).",
            ("job", "window"),
        ),
        QuerySpec(
            "lost_nodes", "Nodes that left the cluster with Ray's reason, and nodes without GPU readings.", ()
        ),
    )
}


class QueryArgsError(ValueError):
    """Arguments that do not make a query; the message names the argument and what is accepted."""


def query_from_args(name: str, args: dict[str, Any] | None, now: float) -> Query:
    """A checked :class:`Query` from a query name and its arguments (JSON values)."""

    spec = SPECS.get(name)
    if spec is None:
        raise QueryArgsError(f"unknown query {name!r}; known: {', '.join(SPECS)}")
    args = dict(args or {})
    extra = sorted(set(args) - set(spec.params))
    if extra:
        accepted = ", ".join(spec.params) or "no arguments"
        raise QueryArgsError(f"query {name} does not take {', '.join(extra)}; it takes {accepted}")
    missing = [f for f in spec.required if args.get(f) is None]
    if missing:
        raise QueryArgsError(f"query {name} needs {', '.join(missing)}")
    fields: dict[str, Any] = {}
    for key, value in args.items():
        if value is None:
            continue
        p = spec.param(key)
        if p.kind is int:
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**63:
                raise QueryArgsError(f"{key} must be a whole number from 0, not {value!r}")
        elif not isinstance(value, str) or not value.strip():
            raise QueryArgsError(f"{key} must be non-empty text, not {value!r}")
        if p.choices and value not in p.choices:
            raise QueryArgsError(f"{key} {value!r} is not accepted; accepted: {', '.join(p.choices)}")
        fields[key] = value
    if "window" in fields:
        window = window_of(fields["window"].lower(), now)
        if window is None:
            raise QueryArgsError(f"window {fields['window']!r} names no time span; accepted: {WINDOW_WORDS}")
        fields["window"] = window
    return Query(name, **fields)
