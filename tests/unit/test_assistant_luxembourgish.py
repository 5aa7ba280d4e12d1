"""Luxembourgish, typed with its accents or without them and mixed with English words of the trade (readings
now and over a span, energy, jobs' runs, waits, failures and logs, requests with its own verbs and English
ones given its "-éieren", corrections and follow-ups opened by "an" or "a"), read by its own module with
German's tables; the Dutch, German, French, Portuguese, Italian and English messages that share its short
words left to them. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, assert_reads

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.languages.luxembourgish import luxembourgish_marked


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "wéi waarm war d'h100 gëschter am duerchschnëtt?",
            {"name": "gpu_reading", "gpu": 0, "metric": "temperature", "label": "yesterday"},
        ),
        (
            "wéivill stroum huet d'4090 virgëschter gezunn?",
            {"name": "energy", "gpu": 1, "label": "the day before yesterday"},
        ),
        ("wat leeft elo op der h100?", {"name": "jobs", "gpu": 0}),  # its short words only, two apart
        ("firwat ass de sd-xl-train gefailt?", {"name": "job_detail", "job": 5}),
        ("wéini war de llama-8b-eval faerdeg?", {"name": "job_detail", "job": 4}),
        ("wei laang huet de whisper-finetune schonn gewaart?", {"name": "job_detail", "job": 14}),
        ("wéi eng jobs sinn haut gefailt?", {"name": "failures", "label": "today"}),
        ("wéivill späicher ass op der 4090 besat?", {"name": "gpu_reading", "gpu": 1, "metric": "memory"}),
        (
            "wat war déi niddregst temperatur vun der 4090 an de leschten 2 stonnen",
            {"name": "gpu_reading", "gpu": 1, "metric": "temperature", "label": "in the last 2 hours"},
        ),
        ("weis mer de log vum flash-attn-build", {"name": "job_log", "job": 3}),
    ],
)
def test_luxembourgish_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    assert_reads(heldout_svc, question, expected)


@pytest.mark.parametrize(
    ("message", "command"),
    [
        ("kanns de den job 13 w.e.g. ofbriechen?", "gpuaccel cancel 13"),
        ("relancéier de flash-attn-build nach eng kéier", "gpuaccel retry 3"),
        ("hal de llama-70b-eval zréck wgl", "gpuaccel hold 12"),  # its verb split around the job
        ("maach de whisper-finetune fräi", "gpuaccel release 14"),
        ("pauséier de job 11 wgl", "gpuaccel pause 11"),  # English's verb given its ending
    ],
)
def test_luxembourgish_requests(heldout_svc: AssistantService, message: str, command: str) -> None:
    _, text, query = ask(heldout_svc, message, None)
    assert query is None and command in text, (message, in_english(message), text)


def test_luxembourgish_follow_ups_that_lean_on_the_turn_before(heldout_svc: AssistantService) -> None:
    for turns, said in (
        (("wéi waarm ass d'4090 elo?", "an d'h100?"), "68 °C"),  # its short words, in its conversation
        (("wéi laang ass de job 4 gelaf?", "a wéini ass en ugefaang?"), "42m00s"),
        (("hal de job 12 zréck wgl", "neen, ech wollt soen den 13"), "gpuaccel hold 13"),
        (("stopp déi ganz queue wgl", "sou, elo start se erëm"), "gpuaccel resume"),
    ):
        sid = None
        for turn in turns:
            sid, text, _ = ask(heldout_svc, turn, sid)
        assert said in text, (turns, text)


@pytest.mark.parametrize(
    "message",
    [
        "zenter weini?",  # its own words, without accents
        "d'4090 ass ze waarm",  # its article cut before a number
        "wat leeft elo op der gpu 1",  # Dutch's "wat", "leeft" beside Portuguese's "elo"
        "weis mer de log vum eval",  # German's "weis" beside "vum", no other's
    ],
)
def test_luxembourgish_marks(message: str) -> None:
    assert luxembourgish_marked(message), message


@pytest.mark.parametrize(
    "message",
    [
        "wat draait er nu op de gpu",  # Dutch
        "wat leeft er nog op de kaart",  # Dutch's "wat", "leeft", "op", "kaart" together
        "pardon, ik bedoelde de andere kaart",  # "pardon" Dutch's too
        "was läuft gerade auf der gpu",  # German
        "kannst du den job mal pausieren",
        "merci, et la température de la gpu 1 ?",  # French
        "o elo mais fraco é a gpu de 4090",  # Portuguese's "elo" beside everyone's "de"
        "sai dei job di ieri?",  # Italian's "sai" and "dei"
        "what's the net power, fir real",  # English's "net" and "fir"
        "d'accord, et l'utilisation ?",  # French's "d'" before a vowel
    ],
)
def test_other_languages_sharing_its_words_are_not_luxembourgish(message: str) -> None:
    assert not luxembourgish_marked(message), message
