"""Tanglish (Tamil in Latin letters, as Chennai types it) read in English where its own marks show: its
question words ("enna", "evlo", "eppo", "evlo neram"), days ("nethu", "inniki", "kaalaila"), its verbs'
endings ("aachu", "oditu iruku", "eduthuchu"), postpositions ("la", "ku", "ku mela", "la irundhu ...
varaikum"), requests said verb last ("pannu", "podu", "vei", "yethi vidu", "maathu"), and a follow-up with no
mark of its own read in the language the conversation leans to. Also the English causes it showed: "from 6
to midnight" is the evening's 6, a match's score is no job's. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.languages.tamil import tamil


def test_english_hinglish_and_banglish_are_left_to_their_own_readers() -> None:
    for said in ("what is the temp of gpu 0", "gpu 0 ka temp kya hai", "la gpu 1?", "sari is a dress"):
        assert tamil(said) == said
    assert "yesterday" in in_english("gotokal gpu0 er power koto chilo?")  # Banglish, as before


def test_question_words_days_and_postpositions() -> None:
    assert tamil("nethu gpu 1 la max power evlo") == "yesterday in gpu 1 max power how much"
    assert tamil("card 0 la ippo enna odudhu") == "what is running on card 0"
    assert tamil("job 9 yen crash aachu") == "job 9 why crashed"


@pytest.mark.parametrize(
    ("said", "metric", "gpu", "label"),
    [
        ("inniki gpu 1 oda temp peak evlo", "temperature", 1, "today"),
        ("kaalaila gpu0 power average enna", "power", 0, "this morning"),
        ("nethu 4090 util evlo irundhuchu", "util", 1, "yesterday"),
    ],
)
def test_a_reading_over_a_span(
    heldout_svc: AssistantService, said: str, metric: str, gpu: int, label: str
) -> None:
    _, _, query = ask(heldout_svc, said, None)
    assert query is not None and query["metric"] == metric and query["gpu"] == gpu, query
    assert query["window"]["label"] == label, query


def test_a_clock_span_and_a_threshold(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "nethu 10 la irundhu 2 varaikum gpu 0 temp enna", None)
    assert query is not None and query["window"]["label"] == "yesterday between 10:00 and 14:00", query
    _, _, query = ask(heldout_svc, "inniki gpu 1 ethana neram 50% ku mela util la irundhuchu", None)
    assert query is not None and query["gpu"] == 1 and query["at_least"] == 50, query


def test_from_an_hour_to_midnight_is_the_evening(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "gpu 1 power yesterday from 7 to midnight", None)
    assert query is not None and query["window"]["label"] == "yesterday between 19:00 and 00:00", query


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("llama-70b-eval ah cancel pannu", "gpuaccel cancel 12"),
        ("sd-xl-train ah konjam retry pannidu", "gpuaccel retry 5"),
        ("job 13 ku priority 4 vechidu", "gpuaccel priority 13 4"),
        ("llama-70b-eval priority yethi vidu", "gpuaccel priority 12"),
        ("whisper-finetune ah card 0 ku maathu", "gpuaccel edit 14 --gpu-ids 0"),
    ],
)
def test_requests_said_verb_last(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_that_one_after_a_job(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "lr-sweep enna aachu?", None)
    _, text, query = ask(heldout_svc, "adha thirumba retry podu", sid)
    assert query is None and "gpuaccel retry 9" in text, text


def test_a_follow_up_without_marks_leans_to_tanglish(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "nethu gpu 0 power average evlo?", None)
    _, _, query = ask(heldout_svc, "gpu 1 ku?", sid)
    assert query is not None and query["gpu"] == 1 and query["metric"] == "power", query
    assert query["window"]["label"] == "yesterday", query


def test_a_match_score_is_no_jobs(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "eng vs nz match score ippo enna", None)
    assert query is None
