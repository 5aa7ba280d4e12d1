"""Finnish written whole or mixed with English words of the trade (readings now and over a span, peaks, means,
time above a temperature, idle time, energy, jobs' waits, failures, attempts and logs, requests, corrections
and follow-ups opened by "entä"/"ja"), typed with ä and ö or without them, with the case endings it joins to
numbers and names ("GPU 1:n", "4090:lla", "llama-8b-evalin"), its question particle ("pyöriikö", "onks")
and English verbs given its endings ("killaa", "failas"); the other languages' messages that share its
short words ("sulla", "alin", "se", "on", "ja") left to them. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, assert_reads

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.languages.finnish import finnish_marked


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("mikä on GPU 1:n lämpötila nyt?", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),
        ("paljonko muistia on vapaana 4090:lla", {"name": "gpu_reading", "gpu": 1, "metric": "free_memory"}),
        ("mitkä jobit pyörivät eilen GPU 1:llä?", {"name": "jobs", "gpu": 1, "label": "yesterday"}),
        ("pyöriikö mitään GPU 1:llä nyt?", {"name": "jobs", "gpu": 1, "state": "running"}),
        (
            "mika oli H100:n korkein lampo eilen illalla",
            {"name": "gpu_reading", "gpu": 0, "metric": "temperature", "label": "last night"},
        ),
        (
            "oliko GPU 0 yli 80 asteen tänä aamuna?",
            {
                "name": "gpu_reading",
                "gpu": 0,
                "metric": "temperature",
                "at_least": 80,
                "label": "this morning",
            },
        ),
        (
            "kauanko GPU 0 oli idle viimeisen tunnin aikana?",
            {"name": "gpu_reading", "gpu": 0, "metric": "util", "label": "in the last hour"},
        ),
        (
            "mikä oli GPU 0:n keskimääräinen kuorma eilen",
            {"name": "gpu_reading", "gpu": 0, "metric": "util", "label": "yesterday"},
        ),
        ("paljonko sähköä GPU 1 kulutti eilen", {"name": "energy", "gpu": 1, "label": "yesterday"}),
        ("kuinka kauan whisper-finetune on odottanut jonossa?", {"name": "job_detail", "job": 14}),
        ("kaatuiko flash-attn-build eilen?", {"name": "job_detail", "job": 3}),
        ("kuka perui resnet50-benchin", {"name": "job_detail", "job": 6}),
        ("näytä llama-8b-evalin loki", {"name": "job_log", "job": 4}),
        ("onks jotain jonossa?", {"name": "queue"}),
        ("mikä GPU on kuumin nyt?", {"name": "gpu_rank", "metric": "temperature", "order": "max"}),
        ("mitkä jobit epäonnistuivat tänään?", {"name": "failures", "label": "today"}),
        (
            "mikä jobi käytti eniten GPU-tunteja tänään?",
            {"name": "job_rank", "metric": "gpu_time", "order": "max"},
        ),
        (
            "keskimääräinen lämpötila GPU 0:lla klo 9 ja 12 välillä",
            {"name": "gpu_reading", "gpu": 0, "metric": "temperature", "label": "between 09:00 and 12:00"},
        ),
    ],
)
def test_finnish_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    assert_reads(heldout_svc, question, expected)


def test_finnish_requests(heldout_svc: AssistantService) -> None:
    for message, command in (
        ("peruuta job 12", "gpuaccel cancel 12"),
        ("killaa llama-70b-eval", "gpuaccel cancel 12"),
        ("keskeytä jono", "gpuaccel pause"),
        ("laita whisper-finetune pitoon", "gpuaccel hold 14"),
        ("vapauta whisper-finetune", "gpuaccel release 14"),
        ("käynnistä flash-attn-build uudelleen", "gpuaccel retry 3"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)


def test_finnish_follow_ups_and_corrections(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "miksi lr-sweep kaatui?", None)
    _, text, _ = ask(heldout_svc, "montako yritystä sillä oli", sid)
    assert "attempt 1 of 1" in text, text
    _, text, query = ask(heldout_svc, "aja se uusiks", sid)  # "se": the job just talked about
    assert query is None and "gpuaccel retry 9" in text, text
    sid, _, _ = ask(heldout_svc, "paljonko energiaa GPU 1 kulutti eilen", None)
    _, _, query = ask(heldout_svc, "entäs tänään?", sid)
    assert query is not None and (query["name"], query["window"]["label"]) == ("energy", "today"), query
    sid, _, _ = ask(heldout_svc, "mikä oli GPU 0:n keskimääräinen kuorma eilen", None)
    _, _, query = ask(heldout_svc, "ei vaan GPU 1:n", sid)
    assert query is not None and (query["metric"], query["gpu"]) == ("util", 1), query
    sid, _, _ = ask(heldout_svc, "miks llama-405b-probe odottaa", None)
    _, text, query = ask(heldout_svc, "muuta sen gpu-määrä kahteen", sid)
    assert query is None and "gpuaccel edit 13 --gpus 2" in text, text


@pytest.mark.parametrize(
    "message",
    [
        "quali processi ci sono sulla GPU 0?",  # Italian
        "alin ang pinakamainit na gpu?",  # Tagalog
        "se a gpu 0 está ocupada, qual job roda?",  # Portuguese
        "ja, der job ist fertig, nyt?",  # German, Danish
        "job ka log mita do",  # Hinglish
        "what was running on gpu 1 at 10:00?",  # English
    ],
)
def test_other_languages_sharing_its_words_are_not_finnish(message: str) -> None:
    assert not finnish_marked(message), message


@pytest.mark.parametrize(
    ("message", "english"),
    [
        # inflected and compound nouns: "tuulettimen" (the fan's), "lämpö-" compounds, a reading's peak
        ("tuulettimen nopeus GPU 1:llä", "fan speed on GPU 1"),
        ("lämpötilat tänään", "temperature today"),
        ("muistipiikki eilen", "peak memory yesterday"),
        ("keskiteho eilen", "average power draw yesterday"),
        # "sama" in its cases: the same card, the same span
        ("entä puhaltimen nopeus samalla kortilla", "and fan speed on the same card"),
        ("entä matalin lämpö samalla aikavälillä", "and lowest temperature over the same span"),
        # spoken participles without their "-t", idle and busy
        ("kauanko 4090 on ollu idlenä", "how long 4090 has been idle"),
        ("onks se tehny töitä", "is it busy"),
        # numbers said in words, a card by its number's noun
        ("nosta job 12 prioriteetti viiteen", "set the priority of job 12 to 5"),
        ("paljonko kakkos-GPU:lla on muistia", "how much on GPU 2 is memory"),
        # logs in the illative, log lines, "tarkalleen" (exactly), "tai" (or)
        ("mitä data-prep kirjoitti lokiin", "what does the log of data-prep say"),
        ("milloin tarkalleen", "when exactly"),
        ("oliko GPU 1 tänään 70 astetta tai yli", "was GPU 1 today at 70 degrees or above"),
    ],
)
def test_finnish_inflections_compounds_and_spoken_forms(message: str, english: str) -> None:
    assert in_english(message) == english, message


def test_finnish_requests_said_other_ways(heldout_svc: AssistantService) -> None:
    for message, command in (
        ("vaihda jobien 13 ja 12 järjestys", "gpuaccel switch 13 12"),
        ("laita jono taas käyntiin", "gpuaccel resume"),
        ("llama-70b-eval pitäis ajaa GPU 1:llä", "gpuaccel edit 12 --gpu-ids 1"),
        ("siivotkaa cancelatut jobit pois listasta", "--state cancelled"),
        ("nosta llama-70b-eval prioriteetti kahteenkymmeneen", "gpuaccel priority 12 20"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)


def test_finnish_corrections_and_follow_ups_said_other_ways(heldout_svc: AssistantService) -> None:
    sid, _, query = ask(heldout_svc, "mikä on GPU 0:n tuuletin? eiku GPU 1:n tarkoitin", None)
    assert query is not None and query.get("gpu") == 1, (query, in_english("eiku GPU 1:n tarkoitin"))
    sid, _, _ = ask(heldout_svc, "paljonko sähköä GPU 0 veti tänään", None)
    _, text, query = ask(heldout_svc, "entä flash-attn-build, kaikki sen yritykset?", sid)
    assert query == {"name": "job_detail", "job": 3}, query
