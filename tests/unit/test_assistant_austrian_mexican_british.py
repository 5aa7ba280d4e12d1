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


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("heute frueh die temperatur der 4090", "this morning the temperature of the 4090"),
        ("wer hat den bert-pretrain gekillt?", "who cancelled the bert-pretrain?"),
        ("wia lang is er glaufen bis dahin", "how long did it run until then"),
        ("gib ma a kurze zusammenfassung vom tag", "give me a short summary of the day"),
        ("y cuanto rato estuvo a 80 °C o mas ayer", "and how long was it at 80 °C or more yesterday"),
        ("al bert-pretrain dale nomas 2 GPUs", "give bert-pretrain only 2 GPUs"),
    ],
)
def test_everyday_words_read_in_english(said: str, read: str) -> None:
    assert written(said) == read


@pytest.mark.parametrize(
    ("opening", "said", "command"),
    [
        ("why did job 9 fail?", "kick off a rerun of it please", "gpuaccel retry 9"),
        ("what happened to flash-attn-build?", "fine, launch a fresh retry then", "gpuaccel retry 3"),
        ("why did job 9 fail?", "ok, remove the job from the list", "gpuaccel remove 9"),
        ("why did job 9 fail?", "mach bitte einen retry von dem", "gpuaccel retry 9"),
        ("why did job 9 fail?", "entfern ihn aus der liste", "gpuaccel remove 9"),
        ("what is job 12 waiting for?", "bajale la prioridad a 3", "gpuaccel priority 12 3"),
    ],
)
def test_requests_after_the_job_talked_about(
    heldout_svc: AssistantService, opening: str, said: str, command: str
) -> None:
    """A request whose object is the job talked about: "the job", "von dem", "ihn", or no object at all."""
    sid, _, _ = ask(heldout_svc, opening, None)
    _, text, query = ask(heldout_svc, said, sid)
    assert query is None and command in text, (said, text)


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("whisper-finetune should run with 2 GPUs rather than 1", "gpuaccel edit 14 --gpus 2"),
        ("der whisper-finetune sollte mit 2 GPUs laufen", "gpuaccel edit 14 --gpus 2"),
        ("der whisper-finetune soll auf der GPU 0 rennen", "gpuaccel edit 14 --gpu-ids 0"),
        ("que el whisper-finetune corra en la H100", "gpuaccel edit 14 --gpu-ids 0"),
        ("kannst den whisper job freigeben?", "gpuaccel release 14"),
    ],
)
def test_requests_naming_the_job(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, (said, text)


def test_a_span_corrected_after_the_question_is_the_span_meant() -> None:
    """ "... yesterday - sorry, today I mean", "... last night? no wait, this morning": the span meant."""
    from gpuaccel.assistant.understand.spoken import typed_out

    assert (
        typed_out("energy of the H100 last night? no wait, this morning")
        == "energy of the H100 this morning?"
    )
    assert typed_out("was the 4090 idle today, sorry, yesterday I mean") == "was the 4090 idle yesterday"
    assert typed_out("what ran yesterday, sorry") == "what ran yesterday, sorry"


def test_how_long_above_a_level_keeps_above() -> None:
    """ "cuánto rato estuvo sobre 250 W" is above the level, not at it."""
    assert "at 250" not in written("cuanto rato estuvo sobre 250 W ayer")
