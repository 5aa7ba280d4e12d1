"""The query catalogue: every query the assistant answers, once, and everything derived from it.

Each :class:`QuerySpec` holds a query's name, what it answers, its typed arguments (JSON Schema through
:meth:`QuerySpec.input_schema`), the function that answers it and example questions. The chat's pickers build
:class:`~assistant.queries.query.Query` objects themselves; everything that lets someone else name a query
(``POST /assistant/query``, the MCP server's tools, the picking model's grammar and prompt, the docs' table)
reads this table. :func:`query_from_args` turns arguments into a checked ``Query`` or raises
:class:`QueryArgsError` naming what is wrong and what is accepted; a time span is given in words ("today",
"the last 2 hours") and read by the same :func:`~assistant.queries.spans.window_of` the chat uses.
:func:`run` answers a query with its entry's function. GPU queries live in :mod:`assistant.queries.gpu`, job
queries in :mod:`assistant.queries.jobs`, Ray cluster queries in :mod:`assistant.queries.cluster`, a job's
log in :mod:`assistant.queries.logs`, the assistant's own state in :mod:`assistant.queries.gate`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gpuaccel.api.jobs import JobState
from gpuaccel.assistant.queries import cleanup as hq
from gpuaccel.assistant.queries import cluster as cq
from gpuaccel.assistant.queries import gpu as gq
from gpuaccel.assistant.queries import job_readings as jr
from gpuaccel.assistant.queries import jobs as jq
from gpuaccel.assistant.queries import logs as lq
from gpuaccel.assistant.queries.gate import gate_state
from gpuaccel.assistant.queries.gpu import METRICS
from gpuaccel.assistant.queries.job_readings import READ_METRICS
from gpuaccel.assistant.queries.logs import DEFAULT_LINES, MAX_LINES
from gpuaccel.assistant.queries.query import Query, QueryContext, Result
from gpuaccel.assistant.queries.spans import window_of

GPU_METRICS = (*METRICS, "overview", "health")
RANK_METRICS = tuple(METRICS)
JOB_METRICS = ("duration", "gpu_time", "energy", "wait", "start", "attempts", *READ_METRICS)
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
    """One query of the catalogue: its name, what it answers, its typed arguments, the function that answers
    it (a table and a sentence) and example questions that name it."""

    name: str
    description: str
    params: tuple[str, ...] = ()
    own: dict[str, Param] = field(default_factory=dict)  # fields that mean something of their own here
    required: tuple[str, ...] = ()
    topic: str = field(
        kw_only=True
    )  # what it is about in a few words: the chat's and ask --help's topic list
    answer: Callable[[QueryContext, Query], Result] = field(kw_only=True)
    examples: tuple[str, ...] = field(kw_only=True)
    # False: the chat's rendering of something an agent gets exactly another way (a job's log: the MCP
    # server's job_logs tool, the raw tail), so it is no agent tool
    agent_tool: bool = field(default=True, kw_only=True)

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


CATALOGUE: dict[str, QuerySpec] = {
    s.name: s
    for s in (
        QuerySpec(
            "gpu_list",
            "The GPUs of this machine: index, model, memory size, architecture and PCI bus, and the NVIDIA"
            " driver.",
            ("gpu",),
            topic="the GPUs' models and memory",
            answer=gq.gpu_list,
            examples=("what GPUs does this machine have?", "list the GPUs"),
        ),
        QuerySpec(
            "gpu_reading",
            "A live reading of one GPU or all: temperature, utilization, power, memory, tensor-core activity,"
            " estimated TFLOP/s, fan speed, SM and memory clocks, memory controller utilization, DRAM"
            " bandwidth, SM activity and occupancy, PCIe throughput, the dense bf16 peak the TFLOP/s"
            " estimate scales, an overview of the main readings, or health (XID"
            " errors, ECC counts, remapped rows or retired pages, PCIe replays, what holds the clocks back,"
            " and the warnings they raise) (N/A readings say why: a passively cooled GPU reports no fan);"
            " with a window, each GPU's peak (and when), lowest and mean over that span from the telemetry"
            " history (fan speed, free memory and health are kept live only); with a job, the same over"
            " that job's run on its GPU; with at_least, also how long each GPU's reading was at or above"
            " that value over the span (today if none is given) and when it first got there.",
            ("gpu", "metric", "window", "job", "at_least"),
            {
                "metric": Param(str, "which reading (default temperature)", GPU_METRICS),
                "job": Param(int, "read over this job's run (its last attempt), on its GPU"),
                "at_least": Param(
                    int, "how long the reading was at or above this value, in its unit (°C, %, W, GiB, MHz)"
                ),
            },
            topic="each GPU's readings now or over a span (temperature, utilization, memory, power, tensor"
            " activity and TFLOP/s, fan speed, health)",
            answer=gq.gpu_reading,
            examples=(
                "how hot is GPU 0?",
                "power draw of the 4090",
                "average power of gpu 1 in the last hour",
                "any xid errors?",
                "pcie throughput of gpu 1",
                "the hottest gpu 1 got while job 4 ran",
            ),
        ),
        QuerySpec(
            "gpu_rank",
            "Which GPU is highest or lowest on a reading: hottest, coolest, busiest, most free memory,"
            " fastest fan...",
            ("metric", "order"),
            {"metric": Param(str, "the reading to rank by (default temperature)", RANK_METRICS)},
            topic="which GPU is hottest, busiest or freest",
            answer=gq.gpu_rank,
            examples=("which GPU is the hottest?", "which one has the most free memory?"),
        ),
        QuerySpec(
            "idle_gpus",
            "Which GPUs are idle and, for busy ones, why they count as busy; a GPU asked about is said"
            " first.",
            ("gpu",),
            # ("is GPU 0 free?": every GPU answered, the one asked first, and the one "it" means next)
            {"gpu": Param(int, "the GPU asked about: every GPU is answered, this one first")},
            topic="which GPUs are idle",
            answer=gq.idle_gpus,
            examples=("is any GPU free?", "which GPUs are idle?"),
        ),
        QuerySpec(
            "memory_users",
            "Who holds GPU memory: each process, its memory, and the job that owns it or 'not started by"
            " the queue'.",
            ("gpu",),
            topic="who uses GPU memory",
            answer=gq.memory_users,
            examples=("who is using GPU 0's memory?", "which processes are on the H100?"),
        ),
        QuerySpec(
            "energy",
            "Energy used (Wh) from the power history, per GPU (default: the last hour).",
            ("gpu", "window"),
            topic="the energy the GPUs used",
            answer=gq.energy,
            examples=("how much energy did the GPUs use today?", "kWh of GPU 1 in the last hour"),
        ),
        QuerySpec(
            "gate_state",
            "The idle gate (may the assistant use a GPU?) and the assistant's own state.",
            (),
            topic="my own idle gate",
            answer=gate_state,
            examples=("are you running on the GPU?", "is the idle gate open?"),
        ),
        QuerySpec(
            "job_detail",
            "One job: state, where and how long it ran, its outcome.",
            ("job",),
            {},
            ("job",),
            topic="one job (its state, times, attempts, energy)",
            answer=jq.job_detail,
            examples=("why did job 4 fail?", "when did train-llama start?"),
        ),
        QuerySpec(
            "job_log",
            "The last lines of a job's log (stdout and stderr): the job by id, else the newest job in the"
            " state or with the name given, else the newest that ran; long lines are cut.",
            ("job", "state", "job_name", "lines"),
            topic="a job's log",
            answer=lq.job_log,
            examples=("show the log of job 7", "last 20 lines of the failed job's output"),
            agent_tool=False,
        ),
        QuerySpec(
            "jobs",
            "Jobs, narrowed by state, name, GPU and time span, newest first; with more than one narrowed"
            " (or metric gpu_time), what they took together: GPU-hours and energy.",
            ("state", "job_name", "gpu", "window", "metric"),
            {"metric": Param(str, "gpu_time: say their total GPU-hours and energy", ("gpu_time",))},
            topic="the jobs of a span, a state, a name or a GPU",
            answer=jq.jobs,
            examples=("what ran today?", "which jobs used GPU 1 yesterday?"),
        ),
        QuerySpec(
            "finished",
            "The jobs that ended (succeeded, failed or were cancelled) in a time span (default the last 24"
            " hours), latest first, with their outcome and end time.",
            ("state", "job_name", "gpu", "window"),
            {"state": Param(str, "only jobs that ended so", ("succeeded", "failed", "cancelled"))},
            topic="the jobs that ended in a span",
            answer=jq.finished,
            examples=("what finished today?", "which jobs ended in the last hour?"),
        ),
        QuerySpec(
            "gpu_jobs",
            "How many jobs each GPU ran in a time span (default the last 24 hours), most first (order min:"
            " fewest first), with their ids.",
            ("window", "order"),
            topic="which GPU ran the most jobs",
            answer=jq.gpu_jobs,
            examples=("which gpu ran the most jobs today?", "how many jobs did each gpu run this week?"),
        ),
        QuerySpec(
            "job_rank",
            "The job with the longest / shortest run time, the most / least GPU-time (run time x GPUs) or"
            " energy (all attempts, with their total), the first (latest) to start in a span, the longest /"
            " shortest queue wait before it started (with the mean wait), the jobs that were retried"
            " (ran more than one attempt), or the highest (lowest) peak of a GPU reading over each job's run"
            " (temperature, utilization, power, memory).",
            ("metric", "order", "state", "job_name", "gpu", "window", "among"),
            {
                "metric": Param(
                    str,
                    "duration (default: how long a job ran), gpu_time, energy (all attempts), wait (in the"
                    " queue before it started), start (its first start: min the first to start, max the"
                    " latest), attempts (the jobs retried, most attempts first), or a reading's peak over"
                    " each job's run (temperature, util, power, memory)",
                    JOB_METRICS,
                ),
                "among": Param(
                    str,
                    'the job ids compared, comma-separated ("4,6"): which of them ran longest, used the'
                    " most energy or waited longest",
                ),
            },
            topic="the longest jobs and those with the most GPU-time or energy",
            answer=jr.job_rank,
            examples=(
                "which job ran the longest this week?",
                "which job ran the hottest today?",
                "the most GPU-hours today",
                "which job waited longest in the queue today?",
                "which was faster, job 4 or job 6?",
                "which jobs were retried today?",
            ),
        ),
        QuerySpec(
            "failures",
            "Failed (or, with state cancelled, cancelled) jobs with their reasons and attempts.",
            ("state", "job_name", "gpu", "window"),
            {"state": Param(str, "failed (default) or cancelled", ("failed", "cancelled"))},
            topic="failed and cancelled jobs with their reasons",
            answer=jq.failures,
            examples=("what failed yesterday?", "which jobs were cancelled?"),
        ),
        QuerySpec(
            "queue",
            "What is running and what waits, with the scheduler's reason for each waiting job.",
            ("state",),
            {"state": Param(str, "only running or only queued jobs", ("running", "queued"))},
            topic="what runs and what waits, and why",
            answer=jq.queue,
            examples=("what is running?", "why is my job still queued?"),
        ),
        QuerySpec(
            "summary",
            "A summary of a time span (default the last 24 hours): jobs by outcome, the longest, failures,"
            " GPU peaks and means.",
            ("window",),
            topic="summaries of a day or an hour",
            answer=jq.summary,
            examples=("summarize today", "what happened in the last hour?"),
        ),
        QuerySpec(
            "housekeeping",
            "What could be cleaned up: the housekeeping proposals (old logs, artifacts, the trash, Triton and"
            " torch-compile caches, orphan GPU processes) with their sizes, largest first. Read only: the"
            " Housekeeping tab or gpuaccel cleanup --apply ID --yes removes one, after a yes.",
            (),
            topic="what could be cleaned up",
            answer=hq.housekeeping,
            examples=("anything to clean up?", "how much disk space could I free?"),
        ),
        QuerySpec(
            "cluster_gpus",
            "The Ray cluster's hosts and the GPUs each declares, with their models (without a cluster: this"
            " host's GPUs).",
            (),
            topic="on a daemon in a Ray cluster, its nodes and their GPUs",
            answer=cq.cluster_gpus,
            examples=("which nodes does the cluster have?", "how many GPUs per node?"),
        ),
        QuerySpec(
            "node_load",
            "Which cluster node is idle, or with order max / min the busiest / least busy, with utilization"
            " and running jobs.",
            ("order",),
            topic="which node is idle or busiest",
            answer=cq.node_load,
            examples=("which node is idle?", "the busiest node"),
        ),
        QuerySpec(
            "job_nodes",
            "Which node a cluster job ran on: one job, or the latest cluster jobs (in a time span).",
            ("job", "window"),
            topic="which node ran a job",
            answer=cq.job_nodes,
            examples=("which node did job 12 run on?",),
        ),
        QuerySpec(
            "lost_nodes",
            "Nodes that left the cluster with Ray's reason, and nodes without GPU readings.",
            (),
            topic="nodes that were lost",
            answer=cq.lost_nodes,
            examples=("which nodes were lost?", "did we lose any node?"),
        ),
    )
}


class QueryArgsError(ValueError):
    """Arguments that do not make a query; the message names the argument and what is accepted."""


def query_from_args(name: str, args: dict[str, Any] | None, now: float) -> Query:
    """A checked :class:`Query` from a query name and its arguments (JSON values)."""

    spec = CATALOGUE.get(name)
    if spec is None:
        raise QueryArgsError(f"unknown query {name!r}; known: {', '.join(CATALOGUE)}")
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


QUERY_NAMES = tuple(CATALOGUE)


def topics() -> str:
    """What the assistant can be asked about, in one sentence's words (said by the refusal and greeting)."""
    said = [s.topic for s in CATALOGUE.values()]
    return "; ".join(said[:-1]) + "; and " + said[-1]


def help_topics() -> str:
    """``gpuaccel ask --help``'s list: each query's topic and an example question."""
    lines = ["what you can ask (one line per query; /status, /report and /cleanup too):"]
    lines += [f'  {s.topic}: "{s.examples[0]}"' for s in CATALOGUE.values()]
    return "\n".join(lines)


def tool_schemas() -> list[dict[str, Any]]:
    """The catalogue's queries as OpenAI-style function tools, ``{"type": "function", "function": {name,
    description, parameters}}`` with ``parameters`` the query's JSON Schema: the list an OpenAI client's
    ``tools`` takes and the MCP server's query tools (name, description, input schema) are made from.
    Queries that are only the chat's rendering (``agent_tool=False``) are left out."""
    return [
        {
            "type": "function",
            "function": {"name": s.name, "description": s.description, "parameters": s.input_schema()},
        }
        for s in CATALOGUE.values()
        if s.agent_tool
    ]


def run(ctx: QueryContext, q: Query) -> Result:
    """Run ``q``; an unknown query name is a programming error, said with the names that exist."""
    entry = CATALOGUE.get(q.name)
    if entry is None:
        raise ValueError(f"unknown query {q.name!r}; known: {', '.join(sorted(CATALOGUE))}")
    return entry.answer(ctx, q)


def docs_table() -> str:
    """The catalogue as the Markdown table docs/assistant.md shows (a test keeps the two equal)."""
    rows = ["| query | what it answers | arguments | for example |", "|---|---|---|---|"]
    for e in CATALOGUE.values():
        args = ", ".join(f"`{p}`" + (" (required)" if p in e.required else "") for p in e.params) or "none"
        examples = "; ".join(f'"{x}"' for x in e.examples)
        rows.append(f"| `{e.name}` | {e.description.replace('|', '/')} | {args} | {examples} |")
    return "\n".join(rows)
