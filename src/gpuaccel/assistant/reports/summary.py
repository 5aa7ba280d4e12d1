"""A report's summary by the model: the facts it may state, as slots, and the prompt it answers.

Why slots: a small model copies digits, names and units poorly, so the bundled one never writes a value. The
prompt lists the report's facts, each under a name (:func:`slots`); the model writes ``{jobs_failed} jobs
failed`` and the assistant fills each slot with the text the report's tables show for it, after the checks
of :func:`~assistant.prose_checks.check_slots`. A model file says it writes so with ``report_prose=slots`` in
its metadata (:func:`~assistant.engine.models.prose_kind`); other models (an RWKV-7 G1) write free prose over
the facts block, held to the number and English checks (:func:`~assistant.prose_checks.check_free`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gpuaccel.accel.telemetry.fields import FIELD, unit_after
from gpuaccel.api.durations import format_duration
from gpuaccel.assistant.engine.runtime import GenParams
from gpuaccel.assistant.prose_checks import Checked, check_slots, sentences
from gpuaccel.assistant.reports.values import people

# How many failures and waiting jobs a prompt names: the first ones (the costliest failures come first).
MAX_LISTED = 3
SLOT_ASK = (
    "Summarize this report for a person skimming it, in at most three sentences. Write every value as"
    " its {name}."
)
FREE_ASK = "Summarize these facts for the operator in two short sentences."
# The drafts a slot-writing model makes of one summary (None: its likeliest text; a number: drawn with that
# seed); the draft with the most sentences that pass the checks is kept. Reports are made while the GPUs idle.
SUMMARY_SEEDS = (None, 1, 2, 3, 4)


@dataclass(frozen=True)
class Writer:
    """The model that writes a report's summary: how (``"slots"`` or ``"free"``), its name for the label,
    ``generate(prompt, seed)`` (seed None: its likeliest text), the word pairs its English check accepts
    (None: no pair check), and ``drafts(prompt, seeds)``: the texts ``generate`` gives for each seed, made
    together (the model decodes them in one batch; None: one ``generate`` a seed)."""

    kind: str
    model: str
    generate: Callable[[str, int | None], str]
    pairs: frozenset[tuple[str, str]] | None = None
    drafts: Callable[[str, Sequence[int | None]], list[str]] | None = None


def _gpu_rows(facts: dict[str, Any]) -> list[dict[str, Any]]:
    return [g for g in facts.get("telemetry") or facts.get("gpus") or [] if isinstance(g, dict)]


def slots(facts: dict[str, Any]) -> dict[str, str]:
    """Each fact a summary may state, by the name the model writes it as, with the text the report's tables
    show for it (units as every view writes them). A daily report's facts and a job report's both fit."""
    out: dict[str, str] = {}

    def put(name: str, value: Any, unit: str = "") -> None:
        if value is None or value == "" or value == "none":
            return
        out[name] = value if isinstance(value, str) else people(value, name) + unit_after(unit)

    temp, util, tensor = (FIELD[k].unit for k in ("temperature_c", "util_gpu", "tensor_active"))
    if "day" in facts:  # a daily report
        put("day", facts.get("day"))
        for key in ("jobs_run", "jobs_succeeded", "jobs_failed", "jobs_cancelled", "jobs_unfinished"):
            put(key, facts.get(key))
        put("jobs_waiting", facts.get("jobs_waiting"))
        put("gpu_hours", facts.get("gpu_hours"))
        energy = facts.get("energy")
        put("energy", energy.get("total") if isinstance(energy, dict) else None)
    else:  # a job's report
        put("job", facts.get("job"))
        put("name", facts.get("name"))
        put("state", facts.get("state"))
        put("reason", facts.get("reason"))
        if facts.get("state") in ("failed", "cancelled"):
            put("exit_code", facts.get("exit_code"))
        put("attempt", facts.get("attempt"))
        put("gpus", facts.get("assigned_gpus"))
        ran = facts.get("duration_s")
        put("ran_for", format_duration(ran) if isinstance(ran, int | float) else None)
        put("gpu_hours", facts.get("gpu_hours"))
        put("energy", facts.get("energy"))
    for g in _gpu_rows(facts):
        i = g.get("gpu")
        put(f"gpu{i}", i)
        put(f"gpu{i}_util", g.get("util_avg_pct"), util)
        put(f"gpu{i}_tensor", g.get("tensor_avg_pct"), tensor)
        put(f"gpu{i}_temp_peak", g.get("temp_peak_c"), temp)
        if "day" in facts:
            put(f"gpu{i}_energy", g.get("energy"))
    for k, f in enumerate((facts.get("failures") or [])[:MAX_LISTED], 1):
        for key in ("job", "name", "attempts", "gpu_time", "reason"):
            put(f"failure{k}_{key}", f.get(key))
    for k, w in enumerate((facts.get("waiting") or [])[:MAX_LISTED], 1):
        put(f"waiting{k}_job", w.get("job"))
        put(f"waiting{k}_name", w.get("name"))
        put(f"waiting{k}_state", w.get("waiting"))
        put(f"waiting{k}_why", None if w.get("why") == "-" else w.get("why"))
    return out


def slot_prompt(facts: dict[str, Any], known: dict[str, str] | None = None) -> str:
    """The model's prompt: the facts by slot name (``known``: these slots, default all of :func:`slots`),
    then the ask, in the chat format it was trained on."""
    kind = "daily" if "day" in facts else "job"
    known = slots(facts) if known is None else known
    lines = "\n".join(f"- {name}: {text}" for name, text in known.items())
    return f"System: Report facts ({kind}):\n{lines}\n\nUser: {SLOT_ASK}\n\nAssistant:"


def free_prompt(facts_text: str) -> str:
    """A free-prose model's prompt: the report's facts block, then the ask."""
    return f"System: {facts_text}\n\nUser: {FREE_ASK}\n\nAssistant:"


def params(seed: int | None) -> GenParams:
    """How a summary is drawn: the likeliest tokens (``seed`` None), or from the top half of the
    distribution with ``seed``; it ends at the blank line that ends an answer."""
    return GenParams(max_tokens=160, temperature=0.0 if seed is None else 1.0, top_p=0.8, seed=seed)


def slotted_summary(facts: dict[str, Any], writer: Writer) -> Checked:
    """The model's summary of ``facts`` in slots: :data:`SUMMARY_SEEDS` drafts (made together where the writer
    can, :attr:`Writer.drafts`), each checked (:func:`~assistant.prose_checks.check_slots`); the one with the
    most sentences kept."""
    prompt, known = slot_prompt(facts), slots(facts)
    if writer.drafts is not None:
        texts = writer.drafts(prompt, SUMMARY_SEEDS)
    else:
        texts = [writer.generate(prompt, seed) for seed in SUMMARY_SEEDS]
    best = Checked()
    for text in texts:
        checked = check_slots(text, known, writer.pairs)
        if len(sentences(checked.text)) > len(sentences(best.text)):
            best = checked
    return best
