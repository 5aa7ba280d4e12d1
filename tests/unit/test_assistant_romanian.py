"""Romanian written whole or mixed with English words of the trade (readings now and over a span, peaks
and means, energy, busy and idle time, jobs' waits, failures, attempts and logs, requests, corrections and
follow-ups opened by "si"), typed with its diacritics or without them; the other languages' messages that
share its words ("ce", "si", "la", "pe", "care", "ora", "placa", "energie") left to them. Worded apart from
the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, assert_reads

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.languages.romanian import romanian_marked


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("ce temperatura are placa 1 acum?", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),
        ("câtă memorie folosește gpu 0 acum?", {"name": "gpu_reading", "gpu": 0, "metric": "memory"}),
        ("cât a consumat 4090-ul ieri?", {"name": "energy", "gpu": 1, "label": "yesterday"}),
        (
            "care a fost puterea maxima pe gpu 0 ieri",
            {"name": "gpu_reading", "gpu": 0, "metric": "power", "label": "yesterday"},
        ),
        (
            "temperatura medie a placii 1 intre 10 si 11",
            {"name": "gpu_reading", "gpu": 1, "metric": "temperature", "label": "between 10:00 and 11:00"},
        ),
        (
            "cat timp a stat h100-ul peste 90% util azi",
            {"name": "gpu_reading", "gpu": 0, "metric": "util", "at_least": 90, "label": "today"},
        ),
        ("de ce a picat jobul 9?", {"name": "job_detail", "job": 9}),
        ("de ce sta jobul 12 in coada?", {"name": "job_detail", "job": 12}),
        ("arată-mi logul jobului 5", {"name": "job_log", "job": 5}),
        ("ce joburi au rulat ieri pe gpu 1?", {"name": "jobs", "gpu": 1, "label": "yesterday"}),
        ("ce a crapat de ieri incoace?", {"name": "failures", "label": "since yesterday"}),
    ],
)
def test_romanian_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    assert_reads(heldout_svc, question, expected)


def test_romanian_requests(heldout_svc: AssistantService) -> None:
    for message, command in (
        ("anuleaza jobul 12 te rog", "gpuaccel cancel 12"),
        ("da-i retry la 9", "gpuaccel retry 9"),
        ("elibereaza 14", "gpuaccel release 14"),
        ("muta 13 pe gpu 1", "gpuaccel edit 13 --gpu-ids 1"),
        ("pune 12 pe hold", "gpuaccel hold 12"),
        ("schimba 13 cu 12", "gpuaccel switch 13 12"),
        ("pune pauza la coada", "gpuaccel pause"),
        ("reporneste coada", "gpuaccel resume"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)


def test_romanian_follow_ups_and_pronouns(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "de ce a picat sd-xl-train?", None)
    _, text, _ = ask(heldout_svc, "de cate ori a incercat?", sid)
    assert "attempt 3 of 3" in text, text
    _, text, query = ask(heldout_svc, "ok, reia-l", sid)
    assert query is None and "gpuaccel retry 5" in text, text
    sid, _, _ = ask(heldout_svc, "cata energie a consumat gpu 1 azi", None)
    _, _, query = ask(heldout_svc, "si gpu 0?", sid)
    assert query is not None and (query["name"], query["gpu"]) == ("energy", 0), query
    sid, _, _ = ask(heldout_svc, "cata memorie e ocupata pe gpu 0", None)
    _, _, query = ask(heldout_svc, "nu stai, ziceam de 4090", sid)
    assert query is not None and (query["metric"], query["gpu"]) == ("memory", 1), query
    _, _, query = ask(heldout_svc, "si pe cealalta placa?", sid)
    assert query is not None and query["gpu"] == 0, query


def test_a_card_to_buy_is_declined(heldout_svc: AssistantService) -> None:
    for message in ("ce placa video sa cumparam pentru lab?", "cat costa un 4090 acum?"):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and "gpuaccel" not in text, (message, in_english(message), text)


@pytest.mark.parametrize(
    "message",
    [
        "la temperatura della scheda 1 ieri?",  # Italian
        "cuál es la temperatura de la placa 1 ahora?",  # Spanish
        "si la gpu 1 está libre, lanza el job 12",
        "qual a temperatura da placa 0 agora?",  # Portuguese
        "quelle est la température de ce GPU ?",  # French
        "hoeveel energie gebruikte gpu 0 vandaag?",  # Dutch
        "I don't care which card, ok?",  # English
    ],
)
def test_other_languages_sharing_its_words_are_not_romanian(message: str) -> None:
    assert not romanian_marked(message), message
