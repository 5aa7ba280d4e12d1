"""Swedish written whole or mixed with English words of the trade (readings now and over a span, peaks,
means and minima, energy, jobs' waits, failures, attempts and logs, a card's name with its definite ending
"4090an", requests, follow-ups opened by "och"), typed with å ä ö or without them; the other languages'
messages that share its short words ("och", "den", "det", "pa", "nu", "var") left to them. Worded apart
from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, assert_reads

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.languages.swedish import swedish_marked


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("vad är temperaturen på gpu 1 nu?", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),
        ("hur mycket minne använder h100an just nu", {"name": "gpu_reading", "gpu": 0, "metric": "memory"}),
        (
            "högsta effekten på 4090an igår kväll",
            {"name": "gpu_reading", "gpu": 1, "metric": "power", "label": "last night"},
        ),
        (
            "snitt temp pa gpu 0 mellan 10 och 11",
            {"name": "gpu_reading", "gpu": 0, "metric": "temperature", "label": "between 10:00 and 11:00"},
        ),
        (
            "hur länge var h100an över 80 grader idag",
            {"name": "gpu_reading", "gpu": 0, "metric": "temperature", "at_least": 80, "label": "today"},
        ),
        ("hur mycket energi drog gpu 1 igar", {"name": "energy", "gpu": 1, "label": "yesterday"}),
        ("varför kraschade flash-attn-build?", {"name": "job_detail", "job": 3}),
        ("hur lange vantade job 12 i kon", {"name": "job_detail", "job": 12}),
        ("varfor startar inte job 14", {"name": "job_detail", "job": 14}),
    ],
)
def test_swedish_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    assert_reads(heldout_svc, question, expected)


def test_swedish_requests(heldout_svc: AssistantService) -> None:
    for message, command in (
        ("avbryt job 12 tack", "gpuaccel cancel 12"),
        ("släpp job 14", "gpuaccel release 14"),
        ("håll 13 en stund", "gpuaccel hold 13"),
        ("kör job 3 igen", "gpuaccel retry 3"),
        ("sätt prio 5 på job 12", "gpuaccel priority 12 5"),
        ("byt plats på 12 och 14", "gpuaccel switch 12 14"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)


def test_swedish_follow_ups(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "vad e effekten pa gpu 0", None)
    _, _, query = ask(heldout_svc, "och på 4090an?", sid)  # "och" carried as Swedish's and
    assert query is not None and (query["metric"], query["gpu"]) == ("power", 1), query
    sid, _, _ = ask(heldout_svc, "varfor dog flash-attn-build", None)
    _, _, query = ask(heldout_svc, "vad stod det i loggen", sid)
    assert query is not None and (query["name"], query["job"]) == ("job_log", 3), query
    _, text, query = ask(heldout_svc, "kör den igen", sid)
    assert query is None and "gpuaccel retry 3" in text, text


def test_swedish_asks_off_the_machine_are_declined(heldout_svc: AssistantService) -> None:
    for message in ("vad tycker du om vädret i göteborg imorgon?", "vad är huvudstaden i norge?"):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and "gpuaccel" not in text, (message, in_english(message), text)


@pytest.mark.parametrize(
    "message",
    [
        "wat draait er nu op gpu 0?",  # Dutch
        "was läuft gerade auf der gpu 0 und wie lange?",  # German
        "och aye, the card is roasting",  # Scots
        "mennyi ideig futott a 12es job",  # Hungarian
        "proč čeká job 13",  # Czech
        "which job ran the vad model on gpu 0",  # English (VAD: voice activity detection)
    ],
)
def test_other_languages_sharing_its_words_are_not_swedish(message: str) -> None:
    assert not swedish_marked(message), message
