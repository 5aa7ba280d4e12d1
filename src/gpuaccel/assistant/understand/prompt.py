"""The picking prompt: the question with the machine and the conversation's focus, as the model reads it."""

from __future__ import annotations

import json
import re

from gpuaccel.assistant.queries.catalogue import QUERY_NAMES
from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.understand.context import Context


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
