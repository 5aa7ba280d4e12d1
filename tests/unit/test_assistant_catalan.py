"""Catalan written whole, typed with its accents or without them, with Spanish words slipped in and English
words of the trade (readings now and over a span, peaks, lows and means, energy, busy and idle time, jobs'
waits, runs, failures, attempts and logs, requests with a pronoun joined, corrections and follow-ups opened
by "i"); the other languages' messages that share its words ("que", "la", "les", "va", "porta", "quanta")
left to them. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, assert_reads

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.languages.catalan import catalan_marked


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("quina temperatura té la gpu 1 ara?", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),
        ("quanta memoria fa servir la h100", {"name": "gpu_reading", "gpu": 0, "metric": "memory"}),
        ("quant xupa la gpu 0 ara mateix?", {"name": "gpu_reading", "gpu": 0, "metric": "power"}),
        ("quanta energia va consumir la 4090 ahir", {"name": "energy", "gpu": 1, "label": "yesterday"}),
        (
            "potència màxima de la gpu 1 avui",
            {"name": "gpu_reading", "gpu": 1, "metric": "power", "label": "today"},
        ),
        (
            "temperatura mitjana de la gpu 0 entre les 10 i les 11",
            {"name": "gpu_reading", "gpu": 0, "metric": "temperature", "label": "between 10:00 and 11:00"},
        ),
        (
            "quant de temps ha estat la 4090 per sobre de 60 graus ahir",
            {"name": "gpu_reading", "gpu": 1, "metric": "temperature", "at_least": 60, "label": "yesterday"},
        ),
        (
            "quant temps va estar aturada la h100 aquest matí",
            {"name": "gpu_reading", "gpu": 0, "label": "this morning"},
        ),
        ("ha fallat res ahir a la nit?", {"name": "failures", "label": "last night"}),
        ("per què el 13 no arrenca?", {"name": "job_detail", "job": 13}),
        ("mostra'm el log del 4", {"name": "job_log", "job": 4}),
        ("què hi ha a la cua?", {"name": "queue"}),
    ],
)
def test_catalan_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    assert_reads(heldout_svc, question, expected)


def test_catalan_requests(heldout_svc: AssistantService) -> None:
    for message, command in (
        ("atura el 12 sisplau", "gpuaccel cancel 12"),
        ("rellança el 9", "gpuaccel retry 9"),
        ("allibera el 14", "gpuaccel release 14"),
        ("posa el 12 en hold", "gpuaccel hold 12"),
        ("dona-li prioritat 5 al 12", "gpuaccel priority 12 5"),
        ("pausa la cua", "gpuaccel pause"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)


def test_catalan_follow_ups_and_pronouns(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "per què va petar l'sd-xl-train?", None)
    _, text, _ = ask(heldout_svc, "quants intents ha fet?", sid)
    assert "attempt 3 of 3" in text, text
    _, text, query = ask(heldout_svc, "vale, rellança'l", sid)
    assert query is None and "gpuaccel retry 5" in text, text
    sid, _, _ = ask(heldout_svc, "quanta energia ha consumit la gpu 1 avui", None)
    _, _, query = ask(heldout_svc, "i la 0?", sid)
    assert query is not None and (query["name"], query["gpu"]) == ("energy", 0), query
    sid, _, _ = ask(heldout_svc, "temperatura de la 4090?", None)
    _, _, query = ask(heldout_svc, "i l'altra?", sid)
    assert query is not None and query["gpu"] == 0, query
    sid, _, _ = ask(heldout_svc, "quant va esperar el 6 a la cua", None)
    _, text, _ = ask(heldout_svc, "i quant va durar?", sid)
    assert "20m00s" in text, text


def test_off_topic_asks_are_declined(heldout_svc: AssistantService) -> None:
    for message in ("quin temps farà aquest cap de setmana a girona?", "recomana'm un llibre per llegir"):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and "gpuaccel" not in text, (message, in_english(message), text)


@pytest.mark.parametrize(
    "message",
    [
        "quanta memoria sta usando la gpu 0?",  # Italian
        "l'altra scheda è libera?",
        "va bene, cancella il 13",
        "que esta corriendo en la gpu 0 ahora mismo?",  # Spanish
        "cuánta energía gastó la 4090 ayer",
        "¿cuánta memoria usó el 5 antes de petar?",
        "mostra-me o log do 9",  # Portuguese
        "quelle est la température entre les 9h et 12h ?",  # French
        "cât a consumat 4090-ul ieri?",  # Romanian
        "I'm waiting for job 12, what's the queue like?",  # English
        "i am running a sweep, what is the mean power of gpu 0 today",  # English "i" opening a message
        "i asked for the log of job 9",
        "wat was de piek van eerder vandaag",  # Dutch "van" before a word in -er
        "de temperatuur van power-hungry jobs",
    ],
)
def test_other_languages_sharing_its_words_are_not_catalan(message: str) -> None:
    assert not catalan_marked(message), message
