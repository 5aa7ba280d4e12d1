"""The model as a query picker: the picking prompt, the model's choice read back as a checked query.

A model trained on :mod:`assistant_lab.corpus` writes the query as JSON after :func:`pick_prompt`; the
picker lets it choose only among valid queries (:mod:`assistant.understand.decode`), and a refusal or an
unsure choice is no pick, so the next picker (:class:`~assistant.understand.picker.RulePicker`) answers.
:func:`parse_pick`
reads the same format back from free text (the corpus, the evaluation's free-writing comparison). A model
file says it was trained for this in its safetensors metadata (``query_picker=1``, :func:`picks_queries`)
and how sure it must be (``pick_margin``, :func:`pick_margin`).
"""

from __future__ import annotations

import json
import logging
import math
import re
from pathlib import Path
from typing import Any

from gpuaccel.assistant.engine.safetensors_header import HeaderError, read_header
from gpuaccel.assistant.queries.catalogue import Query
from gpuaccel.assistant.understand.picker import Context
from gpuaccel.assistant.understand.words import window_of

log = logging.getLogger(__name__)


def pick_json(q: Query) -> str:
    """A query as the picking model writes it: the window by its words, not its timestamps."""
    data = q.to_json()
    if q.window is not None:
        data["window"] = q.window.label
    return json.dumps(data, sort_keys=True)


MAX_PROMPT_JOBS = 12  # job names the picking prompt lists at most
_PROMPT_NAME = re.compile(r"[A-Za-z0-9][\w.-]{0,39}", re.ASCII)


def gpu_label(model: str) -> str:
    """A GPU model as the prompt names it: one line, without the vendor every name starts with."""
    text = " ".join(model.replace(",", " ").split())
    return text.removeprefix("NVIDIA ")[:40]


def prompt_jobs(context: Context) -> list[tuple[int, str]]:
    """The queue's job names the prompt lists, as (id, name), oldest first.

    The newest :data:`MAX_PROMPT_JOBS` only (by id): a question names a job that runs, waits or just
    ended far more often than one from last month, and every byte is a model step of the prefill on a
    small CPU. A name the grammar could not write back (not ASCII, spaces, over 40 characters) is left out.
    Oldest first, so a new job adds to the end of the line and the order never depends on the question.
    """
    ids = sorted(
        ((job_id, name) for name, job_id in context.job_names.items() if _PROMPT_NAME.fullmatch(name)),
        reverse=True,
    )
    return sorted(ids[:MAX_PROMPT_JOBS])


def pick_prompt(question: str, context: Context) -> str:
    """The picking turn, up to the point where the model writes the query (the corpus uses the same).

    The system part carries what the rules read from :class:`Context` too: the machine's GPUs by index
    and model (``GPUs: 0 H100 80GB HBM3, 1 GeForce RTX 4090``: "the 4090" is GPU 1), the newest job
    names with their ids (``Jobs: 41 eval-x, 42 bench-attn``: "why is eval-x stuck" is job 41,
    :func:`prompt_jobs`), then the previous query, the jobs and the GPUs its answer named first. The
    machine's lines come first and nothing before ``User:`` depends on the question, so one machine state
    and conversation share one prefilled state (the engine's prefix cache).
    """
    from gpuaccel.assistant.queries.catalogue import QUERY_NAMES

    lines = ["Pick the query that answers the question. Queries: " + ", ".join(QUERY_NAMES) + "."]
    if context.gpus:
        lines.append(
            "GPUs: "
            + ", ".join(
                f"{g} {label}" if (label := gpu_label(context.gpu_models.get(g, ""))) else str(g)
                for g in context.gpus
            )
        )
    if jobs := prompt_jobs(context):
        lines.append("Jobs: " + ", ".join(f"{job_id} {name}" for job_id, name in jobs))
    if context.last is not None:
        lines.append(f"Previous query: {pick_json(context.last)}")
    if context.subjects:  # the jobs the last answer named: "why?" asks about the first
        lines.append("Its jobs: " + ", ".join(str(j) for j in context.subjects[:3]))
    if context.subject_gpus:  # the GPUs it named first: "how much memory does that one have?"
        lines.append("Its GPUs: " + ", ".join(str(g) for g in context.subject_gpus[:3]))
    head = "\n".join(lines)
    return f"System: {head}\n\nUser: {question.strip()}\n\nAssistant: query"


class ModelPicker:
    """A model trained on :mod:`assistant_lab.corpus` picks the query; no pick passes to the next picker.

    The model only chooses among valid queries by its log-probabilities
    (:func:`~assistant.understand.decode.decide`), the same search whether the engine is in this process (an
    engine that scores: :class:`~assistant.understand.decode.Scorer`) or behind a controller that offers
    ``decide`` (the daemon's :class:`~assistant.engine.gate.GateController` over its model worker), so one
    model file picks alike in both. Its pick counts only when it beats the runner-up by ``min_margin`` (the
    file's ``pick_margin``).
    """

    def __init__(self, controller: Any, min_margin: float = 0.0) -> None:
        if not (math.isfinite(min_margin) and min_margin >= 0):
            raise ValueError(f"min_margin must be a log-prob gap of 0 or more, not {min_margin!r}")
        if not hasattr(controller, "decide") and not (
            hasattr(controller, "forward_all") and hasattr(controller, "prefill")
        ):
            raise TypeError(
                "the model picker needs a controller with decide() (the model worker) or an engine that"
                f" scores text (prefill and forward_all), not {type(controller).__name__}"
            )
        self.controller, self.min_margin = controller, min_margin

    def decide(self, question: str, context: Context, now: float) -> Any:
        """The model's :class:`~assistant.understand.decode.Decision`; None when the controller could not run
        the model now (the gate) or it was interrupted."""
        if hasattr(self.controller, "decide"):
            return self.controller.decide(question, context, now)
        from gpuaccel.assistant.understand.decode import decide

        return decide(self.controller, question, context, now)

    def pick(self, question: str, context: Context, now: float) -> Query | None:
        try:
            d = self.decide(question, context, now)
        except Exception:
            log.exception("the picking model failed; the next picker answers")
            return None
        return d.query if d is not None and d.margin >= self.min_margin else None


def picks_queries(path: Path) -> bool:
    """Whether a model file says it was trained to write queries (header only; False if unreadable)."""
    try:
        return read_header(path)[1].get("query_picker") == "1"
    except (OSError, HeaderError):
        return False


def pick_margin(path: Path) -> float | None:
    """The margin a picking model file says its picks must win by (``pick_margin``, written by
    ``pick_eval --mark``; 0 in a file marked before margins were recorded); None where the file is not a
    picker or its margin is unreadable (said in the log: the rules then answer alone)."""
    if not picks_queries(path):
        return None
    text = read_header(path)[1].get("pick_margin", "0")
    try:
        margin = float(text)
    except ValueError:
        margin = math.nan
    if not (math.isfinite(margin) and margin >= 0):
        log.warning(
            "%s: pick_margin=%r is not a log-prob gap of 0 or more (pick_eval --margin M --mark writes one);"
            " the model does not pick",
            Path(path).name,
            text,
        )
        return None
    return margin


def parse_pick(text: str, now: float) -> Query | None:
    """The query in ``text`` (`` {json}`` or `` none``), checked field by field; None if anything is off."""
    from gpuaccel.assistant.queries.catalogue import QUERY_NAMES

    text = text.strip()
    if not text.startswith("{"):
        return None
    try:
        data = json.loads(text[: text.rfind("}") + 1])
    except ValueError:
        return None
    allowed = {
        "name": str,
        "gpu": int,
        "job": int,
        "metric": str,
        "order": str,
        "state": str,
        "job_name": str,
        "window": str,
        "lines": int,
    }
    if not isinstance(data, dict) or data.get("name") not in QUERY_NAMES:
        return None
    if any(k not in allowed or not isinstance(v, allowed[k]) for k, v in data.items()):
        return None
    if "window" in data:
        window = window_of(data["window"].lower(), now)
        if window is None:
            return None
        data["window"] = window.__dict__
    return Query.from_json(data)
