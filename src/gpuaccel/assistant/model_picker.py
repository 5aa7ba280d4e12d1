"""The model as a query picker: the picking prompt, the model's choice read back as a checked query.

A model trained on :mod:`assistant.intent_corpus` writes the query as JSON after :func:`pick_prompt`. Where
the model runs in this process it only chooses among valid queries (:mod:`assistant.pick_decode`);
otherwise :func:`parse_pick` accepts only a query whose name and fields are valid, so anything else the
model writes is no pick and the next picker (:class:`~assistant.intent.RulePicker`) answers. A model file
says it was trained for this in its safetensors metadata (``query_picker=1``, :func:`picks_queries`).
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from gpuaccel.assistant.intent import Context
from gpuaccel.assistant.intent_words import window_of
from gpuaccel.assistant.queries import Query
from gpuaccel.assistant.safetensors_header import HeaderError, read_header

log = logging.getLogger(__name__)


def pick_json(q: Query) -> str:
    """A query as the picking model writes it: the window by its words, not its timestamps."""
    data = q.to_json()
    if q.window is not None:
        data["window"] = q.window.label
    return json.dumps(data, sort_keys=True)


def pick_prompt(question: str, context: Context) -> str:
    """The picking turn, up to the point where the model writes the query (the corpus uses the same)."""
    from gpuaccel.assistant.queries import QUERY_NAMES

    head = "Pick the query that answers the question. Queries: " + ", ".join(QUERY_NAMES) + "."
    if context.last is not None:
        head += f"\nPrevious query: {pick_json(context.last)}"
    if context.subjects:  # the jobs the last answer named: "why?" asks about the first
        head += "\nIts jobs: " + ", ".join(str(j) for j in context.subjects[:3])
    return f"System: {head}\n\nUser: {question.strip()}\n\nAssistant: query"


class ModelPicker:
    """A model trained on :mod:`assistant.intent_corpus` picks the query; no pick passes to the next picker.

    On an engine that can score text (:class:`~assistant.pick_decode.Scorer`: the model in this process) the
    model only chooses among valid queries by its log-probabilities (:func:`~assistant.pick_decode.decide`),
    and its pick counts only when it beats the runner-up by ``min_margin``; on a controller that only
    streams tokens (the daemon's model worker) it writes the query freely and :func:`parse_pick` checks it.
    """

    def __init__(self, controller: Any, params: Any = None, min_margin: float = 0.0) -> None:
        from gpuaccel.assistant.runtime import GenParams

        self.controller = controller
        self.params = params or GenParams(max_tokens=120, temperature=1.0, top_p=0.0, seed=0)
        self.min_margin = min_margin
        self.scores = hasattr(controller, "forward_all") and hasattr(controller, "prefill")

    def decide(self, question: str, context: Context, now: float) -> Any:
        """The model's :class:`~assistant.pick_decode.Decision` (needs an engine that scores)."""
        from gpuaccel.assistant.pick_decode import decide

        return decide(self.controller, question, context, now)

    def pick(self, question: str, context: Context, now: float) -> Query | None:
        try:
            if self.scores:
                d = self.decide(question, context, now)
                return d.query if d.margin >= self.min_margin else None
            return self._write(question, context, now)
        except Exception:
            log.exception("the picking model failed; the next picker answers")
            return None

    def _write(self, question: str, context: Context, now: float) -> Query | None:
        import threading
        from dataclasses import replace

        prompt = pick_prompt(question, context)
        head = prompt[: prompt.index("\n\nUser: ")]  # the same for every question: prefilled once, cached
        tok = self.controller.tokenizer()
        for _ in self.controller.generate(
            tok.encode(head), replace(self.params, max_tokens=0), threading.Event()
        ):
            pass
        out = b"".join(
            tok.token_bytes(t)
            for t in self.controller.generate(tok.encode(prompt), self.params, threading.Event())
        )
        return parse_pick(out.decode("utf-8", errors="replace"), now)


def picks_queries(path: Path) -> bool:
    """Whether a model file says it was trained to write queries (header only; False if unreadable)."""
    try:
        return read_header(path)[1].get("query_picker") == "1"
    except (OSError, HeaderError):
        return False


def parse_pick(text: str, now: float) -> Query | None:
    """The query in ``text`` (`` {json}`` or `` none``), checked field by field; None if anything is off."""
    from gpuaccel.assistant.queries import QUERY_NAMES

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
