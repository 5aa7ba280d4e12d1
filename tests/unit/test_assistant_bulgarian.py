"""Bulgarian in Latin letters (shlyokavitsa: "6" and "4" for letters, "q" for ya, "y", "u" or "a" for the hard
vowel), mixed with English words of the trade that take its article and verb endings (readings now and over a
span, energy, jobs' waits, runs, failures and logs, requests in Bulgarian and in English with its endings,
corrections and follow-ups opened by "a" or "i"), read by its own module; the Serbian, Russian, Hindi, Czech
and German messages that share a word with it left to them. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, assert_reads

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.languages.bulgarian import bulgarian_marked


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "kakva e temperaturata na 4090-kata sega?",
            {"name": "gpu_reading", "gpu": 1, "metric": "temperature"},
        ),
        ("kolko pamet polzva H100-kata v momenta", {"name": "gpu_reading", "gpu": 0, "metric": "memory"}),
        ("kakvo e natovarvaneto na gpu 1 se4a", {"name": "gpu_reading", "gpu": 1, "metric": "util"}),
        ("kolko energiq e izharchila 4090-kata vchera?", {"name": "energy", "gpu": 1, "label": "yesterday"}),
        (
            "sredna temperatura na gpu 0 prez poslednite 2 chasa",
            {"name": "gpu_reading", "gpu": 0, "metric": "temperature", "label": "in the last 2 hours"},
        ),
        ("koi jobove gyrmyaha vchera?", {"name": "failures", "label": "yesterday"}),  # the past's plural
        ("za6to sd-xl-train se provali?", {"name": "job_detail", "job": 5}),
        ("koga priklyuchi llama-8b-eval?", {"name": "job_detail", "job": 4}),
        ("ima li ne6to na hold?", {"name": "jobs", "state": "held"}),
        ("posledniya red ot loga na sd-xl-train", {"name": "job_log", "job": 5}),  # the log's last line
        ("kakvo vyrvi na H100-kata?", {"name": "jobs", "gpu": 0}),
        ("koya karta e nai-goreshta sega?", {"name": "gpu_rank", "metric": "temperature"}),  # "nai-": most
        ("koi job e izpolzval nai-mnogo energiya dnes?", {"name": "job_rank", "metric": "energy"}),
        (
            "kolko energiq e izharchila gpu 0 ot 9 do 11?",  # a span between two bare hours
            {"name": "energy", "gpu": 0, "label": "between 09:00 and 11:00"},
        ),
        (
            "sredna moshtnost na gpu 1 mezhdu 10 i 11:30",
            {"name": "gpu_reading", "gpu": 1, "metric": "power", "label": "between 10:00 and 11:30"},
        ),
    ],
)
def test_bulgarian_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    assert_reads(heldout_svc, question, expected)


@pytest.mark.parametrize(
    ("message", "command"),
    [
        ("mozhe li da otkazhesh job 13?", "gpuaccel cancel 13"),  # can you cancel, the "you" form
        ("zadrzhi job 12 da ne trygva", "gpuaccel hold 12"),
        ("pusni otnovo flash-attn-build", "gpuaccel retry 3"),  # start again: retry
        ("puskni job 5 pak", "gpuaccel retry 5"),
        ("holdni 12 zasega", "gpuaccel hold 12"),  # English's verb with Bulgarian's imperative
        ("killni 11, zabiva", "gpuaccel cancel 11"),
        ("spri job 11 za malko", "gpuaccel pause 11"),
        ("update-ni drivera na h100-kata", "An update of the GPU drivers"),  # declined plainly
    ],
)
def test_bulgarian_requests(heldout_svc: AssistantService, message: str, command: str) -> None:
    _, text, query = ask(heldout_svc, message, None)
    assert query is None and command in text, (message, in_english(message), text)


def test_bulgarian_follow_ups_that_lean_on_the_turn_before(heldout_svc: AssistantService) -> None:
    for turns, said in (
        (("kakvo stana s resnet50-bench?", "kolko vreme e vyrvyal?"), "20m00s"),  # how long did it run
        (("koe vyrvi na H100-kata?", "ot koga?"), "13:30"),
        (("za6to gyrmq job 9?", "puskni go pak"), "gpuaccel retry 9"),  # the pronoun, then "again"
        (("koi e na hold?", "pusni go"), "gpuaccel release 14"),
        (("holdni job 12", "sori, iskah da kazha 13"), "gpuaccel hold 13"),  # a correction
        (("kolko gree 4090-kata?", "a nulevata?"), "68 °C"),  # the zero card
    ):
        sid = None
        for turn in turns:
            sid, text, _ = ask(heldout_svc, turn, sid)
        assert said in text, (turns, [in_english(t) for t in turns], text)


@pytest.mark.parametrize(
    "message",
    [
        "za6to ne trygva",  # "6" for sh
        "ot kolko vreme 4aka",  # "4" for ch
        "kakvo pishe v logut",  # the article on an English noun
        "resume-ni go",  # English's verb with its imperative
        "koga failnaha",  # and its past
        "kolko e natovarvaneto",
    ],
)
def test_bulgarian_marks(message: str) -> None:
    assert bulgarian_marked(message), message


@pytest.mark.parametrize(
    "message",
    [
        "kolko je struje potrošio gpu 0 danas",  # Serbian's "kolko"
        "kakvo je stanje na gpu 1",  # Serbian's "kakvo"
        "ima li nesto u redu cekanja",  # Serbian's "ima li"
        "pokazhi log 7",  # Russian's "pokazhi"
        "kakaya temperatura byla vchera",  # Russian's "vchera"
        "gpu 1 pe koi job chal raha hai kya",  # Hindi's "koi"
        "iska log dikhao",  # Hindi's "iska"
        "pauzni job 11",  # Czech
        "wie hoch war die Leistungsaufnahme",  # German's "-nahme"
        "hvor mange jobs venter i koe",  # Danish's "koe" (the queue)
    ],
)
def test_other_languages_sharing_its_words_are_not_bulgarian(message: str) -> None:
    assert not bulgarian_marked(message), message
