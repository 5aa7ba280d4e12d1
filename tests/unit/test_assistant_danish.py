"""Danish written whole or mixed with English words of the trade (readings now and over a span, peaks, means,
idle and busy time, energy, jobs' runs, waits, failures and logs, a card's name with its definite ending
"h100'en", requests, follow-ups opened by "og"), typed with æ ø å or without them ("ae", "oe", "aa");
Norwegian Bokmål read as Dano-Norwegian ("hva kjører", "hvor mye", "feilet", "ubrukt", "slipp den løs",
"kjør på nytt", "holdes tilbake"); the other languages' messages that share its words (Swedish's "på",
"idag", "i eftermiddag", "stått"; German's "Strom", "der"; Dutch's "korte", "naar") left to them. Worded
apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.languages.danish import danish_marked


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("hvad kører der på gpu 0 nu", {"name": "jobs", "gpu": 0, "state": "running"}),
        ("hvor varm er 4090'eren", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),
        (
            "hoejeste temp paa h100 i gaar eftermiddag",
            {"name": "gpu_reading", "gpu": 0, "metric": "temperature", "label": "yesterday afternoon"},
        ),
        (
            "gennemsnit power paa gpu 1 mellem 10 og 11",
            {"name": "gpu_reading", "gpu": 1, "metric": "power", "label": "between 10:00 and 11:00"},
        ),
        (
            "hvor laenge har gpu 1 vaeret busy siden kl 20 i gaar",
            {"name": "gpu_reading", "gpu": 1, "metric": "util", "label": "since yesterday 20:00"},
        ),
        ("hvor meget strøm brugte gpu 1 i går", {"name": "energy", "gpu": 1, "label": "yesterday"}),
        ("hvorfor doede sd-xl-train", {"name": "job_detail", "job": 5}),
        ("hvorfor venter job 12", {"name": "job_detail", "job": 12}),
        ("hvad skrev lr-sweep i loggen", {"name": "job_log"}),
        ("hvem stoppede job 6", {"name": "job_detail", "job": 6}),  # "hvem" the subject: no inversion
        ("hvor mange jobs staar i koe", {"name": "queue"}),
    ],
)
def test_danish_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is not None, (question, in_english(question))
    label = expected.pop("label", None)
    assert {k: query.get(k) for k in expected} == expected, (in_english(question), query)
    assert label is None or query["window"]["label"] == label, query


def test_danish_requests(heldout_svc: AssistantService) -> None:
    for message, command in (
        ("annuller job 13 tak", "gpuaccel cancel 13"),
        ("kør flash-attn-build igen", "gpuaccel retry 3"),
        ("sæt whisper jobbet på pause", "gpuaccel pause 14"),
        ("hold 13 tilbage", "gpuaccel hold 13"),
        ("byt om på 13 og 14", "gpuaccel switch 13 14"),
        ("giv 12 hoejere prio", "gpuaccel priority 12"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)


def test_danish_follow_ups(heldout_svc: AssistantService) -> None:
    # "og" carried as Danish's "and"; "samme tidsrum" keeps the span; "hvornår" the moment of the peak
    sid, _, _ = ask(heldout_svc, "hvor meget idle tid havde h100'en i morges", None)
    _, _, query = ask(heldout_svc, "og energi i samme tidsrum", sid)
    assert query is not None and (query["name"], query["window"]["label"]) == (
        "energy",
        "this morning",
    ), query
    sid, _, _ = ask(heldout_svc, "max power paa gpu 1 idag", None)
    ask(heldout_svc, "hvornaar", sid)
    _, text, query = ask(heldout_svc, "hvad koerte der", sid)
    assert query is not None and query["name"] == "jobs" and query["window"]["label"].startswith("at "), query
    sid, _, _ = ask(heldout_svc, "hvorfor fejlede lr-sweep job 9", None)
    _, _, query = ask(heldout_svc, "hvornår døde den", sid)
    assert query is not None and query.get("job") == 9, query
    _, text, query = ask(heldout_svc, "okay, kør den igen", sid)
    assert query is None and "gpuaccel retry 9" in text, text
    sid, _, _ = ask(heldout_svc, "saet job 11 paa pause", None)
    _, text, query = ask(heldout_svc, "hvordan starter jeg den igen", sid)
    assert query is None and "gpuaccel resume 11" in text, text
    sid, _, _ = ask(heldout_svc, "giv 12 en hoejere prio", None)
    _, text, query = ask(heldout_svc, "saet den til 7", sid)
    assert query is None and "gpuaccel priority 12 7" in text, text


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("hva kjorer paa h100en naa", {"name": "jobs", "gpu": 0, "state": "running"}),
        ("hvilke jobber feilet i går", {"name": "failures", "label": "yesterday"}),
        (
            "hvor mye strøm brukte 4090en i går etter kl 20",
            {"name": "energy", "gpu": 1, "label": "yesterday between 20:00 and 00:00"},
        ),
        ("hvor lenge stod h100en ubrukt i dag", {"name": "gpu_reading", "gpu": 0, "metric": "util"}),
        ("hvor lenge har gpu 1 vært i bruk i dag", {"name": "gpu_reading", "gpu": 1, "metric": "util"}),
        (
            "gjennomsnittlig effekt paa gpu 0 siste timen",
            {"name": "gpu_reading", "gpu": 0, "metric": "power", "label": "in the last hour"},
        ),
        ("energiforbruk per kort i gaar", {"name": "energy", "label": "yesterday"}),
    ],
)
def test_norwegian_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    test_danish_questions(heldout_svc, question, expected)


def test_norwegian_requests_and_follow_ups(heldout_svc: AssistantService) -> None:
    for message, command in (
        ("slipp whisper-finetune løs", "gpuaccel release 14"),
        ("kjør flash-attn-build på nytt", "gpuaccel retry 3"),
        ("sett job 11 på pause", "gpuaccel pause 11"),
        ("llama-405b-probe må holdes tilbake", "gpuaccel hold 13"),
        ("flytt 13 fremover i køen", "gpuaccel priority 13"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)
    sid, _, _ = ask(heldout_svc, "flytt 13 fremover i køen", None)
    _, text, query = ask(heldout_svc, "sett prio til 20", sid)
    assert query is None and "gpuaccel priority 13 20" in text, text
    sid, _, _ = ask(heldout_svc, "høyeste temp på gpu 1 i dag", None)
    _, text, query = ask(heldout_svc, "hva kjørte da?", sid)
    assert query is not None and query["name"] == "jobs" and query["window"]["label"].startswith("at "), query
    sid, _, _ = ask(heldout_svc, "laveste util paa gpu 0 i dag", None)
    _, _, query = ask(heldout_svc, "og gjennomsnittet?", sid)
    assert query is not None and query.get("metric") == "util", query


def test_danish_asks_off_the_machine_are_declined(heldout_svc: AssistantService) -> None:
    for message in ("hvad bliver vejret i aarhus paa loerdag?", "hvad er forskellen paa en GPU og en TPU"):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and "gpuaccel" not in text, (message, in_english(message), text)


@pytest.mark.parametrize(
    "message",
    [
        "hur länge körde den på gpu 0",  # Swedish, with its dots
        "vad korde pa gpu 0 i eftermiddag",  # Swedish, without them
        "wie viel Strom hat der gpu 0 gestern gezogen",  # German
        "de korte job op gpu 1",  # Dutch
        "hoe reken ik kWh om naar CO2",  # Dutch's "naar" (to), not Norwegian's "når" (when)
        "den har stått still hela dagen",  # Swedish's "stått"
        "which job ran the longest over the weekend",  # English
    ],
)
def test_other_languages_sharing_its_words_are_not_danish(message: str) -> None:
    assert not danish_marked(message), message
