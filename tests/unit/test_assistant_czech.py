"""Czech written whole or mixed with English words of the trade (readings now and over a span, peaks, means
and minima, energy, idle time, jobs' waits, failures, attempts and logs, requests with the pronoun before
the verb, corrections and follow-ups opened by "a"), typed with its diacritics or without them; the other
languages' messages that share its short words ("co", "to", "na", "a", "ne", "jak") left to them. Worded
apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.languages.czech import czech_marked


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("jaká je teplota na gpu 1 teď?", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),
        ("kolik paměti zabírá gpu 0?", {"name": "gpu_reading", "gpu": 0, "metric": "memory"}),
        ("kolik energie spotřebovala 4090 včera?", {"name": "energy", "gpu": 1, "label": "yesterday"}),
        (
            "nejvyšší příkon na gpu 0 včera odpoledne",
            {"name": "gpu_reading", "gpu": 0, "metric": "power", "label": "yesterday afternoon"},
        ),
        (
            "průměrné vytížení gpu 1 mezi 10 a 11",
            {"name": "gpu_reading", "gpu": 1, "metric": "util", "label": "between 10:00 and 11:00"},
        ),
        (
            "jak dlouho byla h100 dneska nad 80 stupnu",
            {"name": "gpu_reading", "gpu": 0, "metric": "temperature", "at_least": 80, "label": "today"},
        ),
        (
            "max teplota na 4090 vcera po 7 vecer",
            {
                "name": "gpu_reading",
                "gpu": 1,
                "metric": "temperature",
                "label": "yesterday between 19:00 and 00:00",
            },
        ),
        ("proč selhal job 9?", {"name": "job_detail", "job": 9}),
        ("proc ceka job 13", {"name": "job_detail", "job": 13}),
        ("kdy spadlo sd-xl-train", {"name": "job_detail", "job": 5}),
        ("jak dlouho čekal job 12 ve frontě?", {"name": "job_detail", "job": 12}),
        ("kolik pokusu melo flash-attn-build", {"name": "job_detail", "job": 3}),
        ("co je v logu jobu 3", {"name": "job_log", "job": 3}),
    ],
)
def test_czech_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is not None, (question, in_english(question))
    label = expected.pop("label", None)
    assert {k: query.get(k) for k in expected} == expected, (in_english(question), query)
    assert label is None or query["window"]["label"] == label, query


def test_czech_requests(heldout_svc: AssistantService) -> None:
    for message, command in (
        ("zruš job 12", "gpuaccel cancel 12"),
        ("pozdrž job 13 prosím", "gpuaccel hold 13"),
        ("pust job 14 do fronty", "gpuaccel release 14"),
        ("pozastav frontu", "gpuaccel pause"),
        ("spust job 3 znovu", "gpuaccel retry 3"),
        ("nastav prioritu jobu 12 na 5", "gpuaccel priority 12 5"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)


def test_czech_follow_ups_corrections_and_the_pronoun_before_its_verb(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "teplota gpu 1 dnes rano", None)
    _, _, query = ask(heldout_svc, "a na ta druha?", sid)  # the other card, over the same span
    assert query is not None and (query["gpu"], query["window"]["label"]) == (0, "this morning"), query
    sid, _, _ = ask(heldout_svc, "kolik ted bere gpu 0", None)
    _, _, query = ask(heldout_svc, "ne, myslel jsem jedničku", sid)
    assert query is not None and (query["metric"], query["gpu"]) == ("power", 1), query
    sid, _, _ = ask(heldout_svc, "kolik zere h100", None)
    _, _, query = ask(heldout_svc, "a co 1?", sid)
    assert query is not None and (query["metric"], query["gpu"]) == ("power", 1), query
    sid, _, _ = ask(heldout_svc, "proc spadl job 9?", None)
    _, text, query = ask(heldout_svc, "tak ho zase spust", sid)  # "ho" (it) said before its verb
    assert query is None and "gpuaccel retry 9" in text, text


def test_czech_asks_off_the_machine_are_declined(heldout_svc: AssistantService) -> None:
    for message in ("napis mi recept na svickovou", "jaky bude kurz eura zitra?"):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and "gpuaccel" not in text, (message, in_english(message), text)


@pytest.mark.parametrize(
    "message",
    [
        "ile prądu zużyła karta 0 wczoraj?",  # Polish
        "co teraz działa na gpu 0?",
        "jak dlugo czekal job 12?",  # Polish without its diacritics
        "a temperatura da placa 0 agora",  # Portuguese
        "kazi gani inaendelea kwenye gpu 0 na nani?",  # Swahili
        "ted, what is in /proc/meminfo on the box?",  # English
    ],
)
def test_other_languages_sharing_its_words_are_not_czech(message: str) -> None:
    assert not czech_marked(message), message
