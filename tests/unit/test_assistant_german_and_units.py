"""German said in passing ("Stromverbrauch", "Auslastung", "und die", "um 12:30", "13 Uhr"), "at min. N%"
as a threshold, what other people use (advice, whatever job it names), two short asks of one job answered
by its record once, and the unit an answer may be in said after the question ("Wh is fine."), which asks
nothing. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, converse

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.spoken import written


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("Stromverbrauch of gpu 1?", "power draw of gpu 1?"),
        ("und die h100, Auslastung?", "and the h100, utilization?"),
        ("what ran um 12:30", "what ran at 12:30"),
        ("seit 13 Uhr", "since 13:00"),
        ("um, what failed?", "um, what failed?"),  # the English "um" kept
    ],
)
def test_german_said_in_passing(said: str, read: str) -> None:
    assert written(said) == read


def test_german_words_read_as_readings(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "Stromverbrauch der H100 jetzt?", None)
    assert query is not None and query["metric"] == "power" and query.get("gpu") == 0, query
    _, text, query = ask(heldout_svc, "what was on the 4090 um 09:30?", None)
    assert query is not None and query["window"]["label"] == "at 09:30", query


def test_at_min_a_value(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "how long was gpu 1 at min. 50% util today?", None)
    assert query is not None and query["metric"] == "util" and query["at_least"] == 50, query


def test_what_others_use_is_advice(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "what batch size do most people use for sd-xl training?", None)
    assert query is None, query


def test_two_short_asks_of_one_job(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(heldout_svc, "tell me about job 9", "which gpu and how long did it run?")
    assert query == {"name": "job_detail", "job": 9}, query
    assert text.count("Job 9 (lr-sweep)") == 1, text


def test_the_unit_said_after_the_question_asks_nothing(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(heldout_svc, "Energy of gpu 1 yesterday? Wh is fine.", "and gpu 0?")
    assert query is not None and query["name"] == "energy" and query["window"]["label"] == "yesterday", query


def test_a_runs_length_before_it_ended(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(heldout_svc, "job 6 got cancelled, by whom?", "runtime before that?")
    assert query == {"name": "job_detail", "job": 6} and "20m00s" in text, (query, text)
