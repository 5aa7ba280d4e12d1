"""The assistant's tool layer: typed queries over the daemon's facts, each answering in a table and sentence.

A question is answered by running one :class:`Query` (picked by :mod:`assistant.understand.picker`) against a
:class:`QueryContext` (live GPU readings from :class:`~assistant.queries.facts.FactsSource`, the queue through
:mod:`scheduler.reads.queue`). The :class:`Result` holds the facts as a small table with human column names
and a
plain sentence built from the same numbers: that sentence is the grounded answer, and the only numbers any
prose may quote are those of the result (:meth:`Result.numbers`). GPU queries live in
:mod:`assistant.queries.gpu`, job queries in :mod:`assistant.queries.jobs`, Ray cluster queries in
:mod:`assistant.queries.cluster`, a job's log in :mod:`assistant.queries.logs`; the assistant's own state (the
idle gate) here.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gpuaccel.assistant.queries.facts import Facts, FactsSource

NUMBER = re.compile(r"\d+(?:\.\d+)?")


@dataclass(frozen=True)
class Window:
    """A time span the user named ("today", "in the last hour"); ``label`` is how answers say it."""

    t0: float
    t1: float
    label: str


@dataclass(frozen=True)
class Query:
    """One typed question: ``name`` is a key of :data:`QUERIES`; the rest narrows it."""

    name: str
    gpu: int | None = None
    job: int | None = None
    metric: str | None = None
    order: str | None = None  # "max" or "min" for rankings
    state: str | None = None
    job_name: str | None = None
    window: Window | None = None
    lines: int | None = None  # how many of a job log's last lines

    def to_json(self) -> dict[str, Any]:
        out = {k: v for k, v in self.__dict__.items() if v is not None and k != "window"}
        if self.window is not None:
            out["window"] = {"t0": self.window.t0, "t1": self.window.t1, "label": self.window.label}
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Query:
        w = data.get("window")
        window = Window(float(w["t0"]), float(w["t1"]), str(w["label"])) if w else None
        return cls(**{k: v for k, v in data.items() if k != "window"}, window=window)


@dataclass
class Result:
    """What a query found: a table (human column names) and the sentence that says it."""

    query: Query
    sentence: str
    columns: list[str] = field(default_factory=list)
    rows: list[list[Any]] = field(default_factory=list)
    subject_jobs: list[int] = field(default_factory=list)  # jobs a follow-up "why?" refers to
    subject_gpus: list[int] = field(default_factory=list)  # GPUs "that one" refers to (the hottest, the idle)

    def table(self) -> str:
        """The table as text lines (single newlines: the chat format ends a turn at a blank line)."""
        if not self.rows:
            return ""
        lines = [" | ".join(self.columns)]
        lines += [" | ".join(cell(c) for c in row) for row in self.rows]
        return "\n".join(lines)

    def block(self) -> str:
        table = self.table()
        return f"Result of {self.query.name}:\n{self.sentence}" + (f"\n{table}" if table else "")

    def numbers(self) -> set[str]:
        """Every number the result states, as written: the only numbers an answer may contain."""
        return set(NUMBER.findall(self.block()))


def cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.1f}".removesuffix(".0")
    return str(value)


@dataclass
class QueryContext:
    """What queries read: the facts source (store, sampler, idle detector) and the assistant's own state."""

    source: FactsSource
    assistant_state: Callable[[], dict[str, Any]] | None = None
    now: Callable[[], float] = time.time
    _facts: Facts | None = None

    @property
    def store(self) -> Any:
        return self.source.store

    def facts(self) -> Facts:
        if self._facts is None:
            self._facts = self.source.collect()
        return self._facts


def gate_state(ctx: QueryContext, q: Query) -> Result:
    """The idle gate and where the assistant runs; where its next answer runs is the controller's own
    answer (``next_device``), so an open gate over GPUs torch cannot use still says CPU."""
    st = ctx.assistant_state() if ctx.assistant_state is not None else None
    idle = ctx.source.idle
    gate = idle.is_gate_open() if idle is not None else None
    device, why = (st.get("next_device", "gpu"), st.get("next_device_why", "")) if st else ("gpu", "")
    parts = []
    if gate is None:
        parts.append("The idle gate is not watched on this daemon, so I run on the CPU.")
    elif gate and device == "cpu":
        parts.append(f"The idle gate is open: every GPU is idle, but I run on the CPU: {why}.")
    else:
        parts.append(
            "The idle gate is open: every GPU is idle, so I may use one."
            if gate
            else "The idle gate is closed: a GPU is busy, so I keep off the GPUs."
        )
    rows: list[list[Any]] = [
        ["idle gate", "open" if gate else "closed" if gate is not None else "not watched"]
    ]
    if st is not None:
        where = {
            "gpu": "I am running on a GPU",
            "cpu": "I am running on the CPU",
            "paused": "I am paused",
            "idle": "My model is not loaded yet (it loads at the next answer that needs it"
            + {"gpu": ", on a GPU)", "cpu": ", on the CPU)"}.get(str(device), ")"),
        }
        parts.append(f"{where.get(st['state'], st['state'])}; the model is {st['model']['name']}.")
        if st.get("paused_for_job"):
            parts.append(f"I paused for job {st['paused_for_job']}.")
        rows += [["assistant", st["state"]], ["model", st["model"]["name"]]]
        if device is not None:
            rows.append(["next answer on", f"{'GPU' if device == 'gpu' else 'CPU'} ({why})"])
    return Result(q, " ".join(parts), ["what", "state"], rows)


def _queries() -> dict[str, Callable[[QueryContext, Query], Result]]:
    from gpuaccel.assistant.queries import cluster as cq
    from gpuaccel.assistant.queries import gpu as gq
    from gpuaccel.assistant.queries import jobs as jq
    from gpuaccel.assistant.queries import logs as lq

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
