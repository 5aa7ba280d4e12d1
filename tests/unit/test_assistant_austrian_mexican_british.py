"""Austrian German chat ("vo" for von, "des" for das, "wann genau?"), Mexican Spanish chat and British
phrasing: follow-ups that put the job of a peak with a preposition, requests said with a modal or an
imperative. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.spoken import written


@pytest.mark.parametrize(
    "again",
    [
        "when and from which job?",
        "and by what job?",
        "wann genau und bei welchem job?",
        "vo welchem job war des?",
        "a que hora fue y con que job?",
    ],
)
def test_the_job_of_a_peak_asked_with_a_preposition(heldout_svc: AssistantService, again: str) -> None:
    """A language that puts "with", "by", "bei", "con" before "which job" asks the job at the peak."""
    sid, _, _ = ask(heldout_svc, "highest power of gpu 1 today", None)
    _, text, query = ask(heldout_svc, again, sid)
    assert query is not None and "llama-8b-eval" in text, (again, query)


def test_of_how_much_in_total_after_a_cards_memory(heldout_svc: AssistantService) -> None:
    for again in ("and out of how much altogether?", "vo wie viel in summe?"):
        sid, _, _ = ask(heldout_svc, "how much vram does the 4090 use right now", None)
        _, text, query = ask(heldout_svc, again, sid)
        assert query is not None and "24564 MiB" in text, (again, text)


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("wann genau war des", "when exactly was it"),
        ("wann genau?", "when exactly?"),
    ],
)
def test_words_read_in_english(said: str, read: str) -> None:
    assert written(said) == read
