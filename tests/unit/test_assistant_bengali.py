"""Banglish (Bengali in Latin letters, as Dhaka types it) read in English where its own marks show: its
question words ("koto", "keno", "kokhon", "koto khon"), days ("ajke", "gotokal", "shokal theke"), its past
("chilo", "uthsilo", "korse"), postpositions ("er", "te"), thresholds ("er upore", "ba tar beshi"),
requests said verb last ("kore dao", "koro", "abar chalao", "bariye dao"), and a follow-up with no mark of
its own read in the language the conversation leans to. Also the English causes it showed: "the priority of
12 to 10" (the job after "of"), "memory use" again over the same span, a credit card that is no GPU.
Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.languages.bengali import bengali


def test_english_and_hinglish_are_left_to_their_own_readers() -> None:
    for said in ("what is the temp of gpu 0", "gpu 0 ka temp kya hai", "r u there?", "ki is a word"):
        assert bengali(said) == said
    assert "yesterday" in in_english("kal gpu 1 ka max temp kitna tha")  # Hinglish's "kal", not Bengali's


def test_question_words_days_and_the_past() -> None:
    assert bengali("gotokal gpu0 er power koto chilo?") == "yesterday gpu0 power what was?"
    said = "shokal theke h100 er util max koto uthse"
    assert bengali(said) == "since this morning h100 util what was the max"
    assert bengali("job 5 keno fail korlo") == "job 5 why failed"


@pytest.mark.parametrize(
    ("said", "metric", "gpu", "label"),
    [
        ("gotokal 4090 er temp max koto uthechilo?", "temperature", 1, "yesterday"),
        ("ajke gpu0 er power er average koto chilo", "power", 0, "today"),
        ("shokal theke h100 er util koto chilo", "util", 0, "since this morning"),
    ],
)
def test_a_reading_over_a_span(
    heldout_svc: AssistantService, said: str, metric: str, gpu: int, label: str
) -> None:
    _, _, query = ask(heldout_svc, said, None)
    assert query is not None and query["metric"] == metric and query["gpu"] == gpu, query
    assert query["window"]["label"] == label, query


def test_how_long_above_a_threshold(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "gotokal h100 koto khon 60 degree ba tar beshi chilo?", None)
    assert query is not None and query["at_least"] == 60 and query["window"]["label"] == "yesterday", query
    _, _, query = ask(heldout_svc, "ajke 4090 koto khon 90% er upore util e chilo", None)
    assert query is not None and query["gpu"] == 1 and query["at_least"] == 90, query


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("llama-70b-eval ta cancel kore dao", "gpuaccel cancel 12"),
        ("sd-xl-train ta abar chalao", "gpuaccel retry 5"),
        ("job 13 er priority 7 kore dao", "gpuaccel priority 13 7"),
        ("llama-405b-probe er priority ektu bariye din", "gpuaccel priority 13"),
        ("13 r 12 er jayga switch kore dao", "gpuaccel switch 13 12"),
    ],
)
def test_requests_said_verb_last(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_that_one_after_a_job(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "sd-xl-train keno fail korlo?", None)
    _, text, query = ask(heldout_svc, "oita abar retry kore dao", sid)
    assert query is None and "gpuaccel retry 5" in text, text


def test_a_follow_up_without_marks_leans_to_banglish(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "gotokal h100 er power average koto chilo?", None)
    _, text, query = ask(heldout_svc, "r 4090 er?", sid)
    assert query is not None and query["gpu"] == 1 and query["metric"] == "power", query
    assert query["window"]["label"] == "yesterday", query


def test_the_hour_asked_after_a_peak(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "ajke gpu1 er temp peak koto chilo", None)
    _, text, query = ask(heldout_svc, "time ta bolo", sid)
    assert query is not None and query["metric"] == "temperature" and "09:12" in text, text


def test_the_priority_of_a_job_said_after_of(heldout_svc: AssistantService) -> None:
    _, text, _ = ask(heldout_svc, "set the priority of 13 to 4", None)
    assert "gpuaccel priority 13 4" in text, text


def test_memory_use_again_over_the_same_span(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "what was the power of gpu 0 yesterday", None)
    _, _, query = ask(heldout_svc, "and memory use?", sid)
    assert query is not None and query["metric"] == "memory", query
    assert query["window"]["label"] == "yesterday", query


def test_a_credit_card_is_no_gpu(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "what is a good credit card for travel", None)
    assert query is None
    _, _, query = ask(heldout_svc, "bank theke debit card kivabe order kori", None)
    assert query is None
