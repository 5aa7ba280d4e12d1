"""A typed question and its answer: the query, its time span, what it reads, its result (table and sentence).

A question is answered by running one :class:`Query` against a :class:`QueryContext` (live GPU readings from
:class:`~assistant.queries.facts.FactsSource`, the queue through :mod:`scheduler.reads.queue`). The
:class:`Result`
holds the facts as a small table with human column names and a plain sentence built from the same numbers:
that sentence is the grounded answer, and the only numbers any prose may quote are those of the result
(:meth:`Result.numbers`).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gpuaccel.assistant.queries.facts import Facts, FactsSource

NUMBER = re.compile(r"\d+(?:\.\d+)?")


def and_list(parts: list[str]) -> str:
    """Parts as a sentence lists them: "a", "a and b", "a, b and c"."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


@dataclass(frozen=True)
class Window:
    """A time span the user named ("today", "in the last hour"); ``label`` is how answers say it."""

    t0: float
    t1: float
    label: str
    # the moment a span said roughly is around ("around 12:30": 12:25-12:35 around 12:30): what ran at it is
    # what ran "around" it, when anything did
    at: float | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"t0": self.t0, "t1": self.t1, "label": self.label}
        return out if self.at is None else {**out, "at": self.at}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Window:
        at = data.get("at")
        label = str(data["label"])
        return cls(float(data["t0"]), float(data["t1"]), label, float(at) if at is not None else None)

    @property
    def instant(self) -> bool:
        """A minute or less: a moment ("at 10:05", a peak's second), not a span to read a peak over."""
        return self.t1 - self.t0 <= 60


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
    among: str | None = None  # the job ids a ranking is limited to ("4,6": which of jobs 4 and 6 ...)
    at_least: int | None = None  # over a span: how long a reading was at or above this (its unit)

    def to_json(self) -> dict[str, Any]:
        out = {k: v for k, v in self.__dict__.items() if v is not None and k != "window"}
        if self.window is not None:
            out["window"] = self.window.to_json()
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Query:
        w = data.get("window")
        return cls(
            **{k: v for k, v in data.items() if k != "window"}, window=Window.from_json(w) if w else None
        )


@dataclass
class Result:
    """What a query found: a table (human column names) and the sentence that says it."""

    query: Query
    sentence: str
    columns: list[str] = field(default_factory=list)
    rows: list[list[Any]] = field(default_factory=list)
    subject_jobs: list[int] = field(default_factory=list)  # jobs a follow-up "why?" refers to
    subject_gpus: list[int] = field(default_factory=list)  # GPUs "that one" refers to (the hottest, the idle)
    # the instant of each reading's peak the answer named (one GPU's, over a span), by metric, for "which job
    # was on it at that moment" and, after several readings, "what was running at the temp peak"
    subject_moments: dict[str, Window] = field(default_factory=dict)
    # each GPU's peak as this answer said it ("23.3 GiB (23900 MiB of 24564 MiB)"), so an answer that
    # restates it (a ranking of jobs by their peaks) says the same value the same way
    said_peaks: dict[int, str] = field(default_factory=dict)

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

    def models(self) -> dict[int, str]:
        """Each GPU's model by its index: an answer names a card as the user does ("the 4090")."""
        return {int(g["index"]): str(g["name"]) for g in self.facts().gpus if g.get("name")}

    def gpu_named(self, gpu: int) -> str:
        """ "GPU 0 (NVIDIA H100 80GB HBM3)", or "GPU 0" where the model is not known."""
        model = self.models().get(gpu)
        return f"GPU {gpu} ({model})" if model else f"GPU {gpu}"
