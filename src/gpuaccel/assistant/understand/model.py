"""The model as a query picker: the picking prompt, the model's choice read back as a checked query.

A model trained on :mod:`assistant_lab.corpus` writes the query as JSON after :func:`pick_prompt`; the
picker lets it choose only among valid queries (:mod:`assistant.understand.decode`), and a refusal or an
unsure choice is no pick, so the next picker (:class:`~assistant.understand.picker.RulePicker`) answers.
:func:`parse_pick` reads the same format back from free text (the corpus, the evaluation's free-writing
comparison). A model file says it was trained for this in its safetensors metadata (``query_picker=1``) and
how sure it must be (``pick_margin``): :func:`~assistant.engine.models.pick_margin` reads both.
"""

from __future__ import annotations

import json
import logging
import math
from typing import Any

from gpuaccel.assistant.queries.catalogue import CATALOGUE, QUERY_NAMES
from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.queries.spans import window_of
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.decode import can_pick, decide_on
from gpuaccel.assistant.understand.grammar import fields_of

log = logging.getLogger(__name__)


class ModelPicker:
    """A model trained on :mod:`assistant_lab.corpus` picks the query; no pick passes to the next picker.

    The model only chooses among valid queries by its log-probabilities
    (:func:`~assistant.understand.decode.decide`), the same search whether the engine is in this process (an
    engine that scores: :class:`~assistant.understand.decode.Scorer`) or behind a controller that offers
    ``decide`` (the daemon's :class:`~assistant.engine.gate.GateController` over its model worker), so one
    model file picks alike in both. Its pick counts only when it beats the runner-up by ``min_margin`` (the
    file's ``pick_margin``).
    """

    name = "model"

    def __init__(self, controller: Any, min_margin: float = 0.0) -> None:
        if not (math.isfinite(min_margin) and min_margin >= 0):
            raise ValueError(f"min_margin must be a log-prob gap of 0 or more, not {min_margin!r}")
        if not can_pick(controller):
            raise TypeError(
                "the model picker needs a controller with decide() (the model worker) or an engine that"
                f" scores text (prefill and forward_all), not {type(controller).__name__}"
            )
        self.controller, self.min_margin = controller, min_margin

    def decide(self, question: str, context: Context, now: float) -> Any:
        """The model's :class:`~assistant.understand.decode.Decision`; None when the controller could not run
        the model now (the gate) or it was interrupted."""
        return decide_on(self.controller, question, context, now)

    def pick(self, question: str, context: Context, now: float) -> Query | None:
        try:
            d = self.decide(question, context, now)
        except Exception:
            log.exception("the picking model failed; the next picker answers")
            return None
        return d.query if d is not None and d.margin >= self.min_margin else None


def parse_pick(text: str, now: float) -> Query | None:
    """The query in ``text`` (`` {json}`` or `` none``), checked field by field; None if anything is off."""

    text = text.strip()
    if not text.startswith("{"):
        return None
    try:
        data = json.loads(text[: text.rfind("}") + 1])
    except ValueError:
        return None
    if not isinstance(data, dict) or data.get("name") not in QUERY_NAMES:
        return None
    kinds = {"name": str} | {f: CATALOGUE[data["name"]].param(f).kind for f in fields_of(data["name"])}
    if any(k not in kinds or not isinstance(v, kinds[k]) for k, v in data.items()):
        return None
    if "window" in data:
        window = window_of(data["window"].lower(), now)
        if window is None:
            return None
        data["window"] = window.__dict__
    return Query.from_json(data)
