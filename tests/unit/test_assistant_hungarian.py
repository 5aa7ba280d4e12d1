"""Hungarian written whole or mixed with English words of the trade (readings now and over a span, peaks,
means and minima, energy, busy and idle time, jobs' waits, failures, attempts and logs, requests, corrections
and follow-ups opened by "es"), typed with its accents or without them, with the endings it joins to numbers
and names ("a 12-es job", "a 4090-en", "a mistral-t"); the other languages' messages that share its short
words ("mi", "ma", "es", "az", "most", "var", "ki") left to them. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, assert_reads

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.languages.hungarian import hungarian_marked


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("hány fok van most a GPU 1-en?", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),
        ("mennyi memoria megy el a h100-on?", {"name": "gpu_reading", "gpu": 0, "metric": "memory"}),
        ("mennyi áramot evett a 0-s kártya tegnap?", {"name": "energy", "gpu": 0, "label": "yesterday"}),
        (
            "mennyi volt a csucs homerseklet tegnap a 4090-en",
            {"name": "gpu_reading", "gpu": 1, "metric": "temperature", "label": "yesterday"},
        ),
        (
            "atlag fogyasztas 10 es 11 kozott a gpu0-n",
            {"name": "gpu_reading", "gpu": 0, "metric": "power", "label": "between 10:00 and 11:00"},
        ),
        (
            "meddig volt a 4090 80% felett ma?",
            {"name": "gpu_reading", "gpu": 1, "metric": "util", "at_least": 80, "label": "today"},
        ),
        ("melyik kartya a legmelegebb most?", {"name": "gpu_rank", "metric": "temperature", "order": "max"}),
        ("miért várakozik még mindig a 13-as job?", {"name": "job_detail", "job": 13}),
        ("mikor halt meg az sd-xl-train?", {"name": "job_detail", "job": 5}),
        ("mutasd a 9-es job logját", {"name": "job_log", "job": 9}),
        ("mi futott tegnap délután a gpu 0-n?", {"name": "jobs", "gpu": 0, "label": "yesterday afternoon"}),
        ("ki hasznalja a gpu 1-et?", {"name": "memory_users", "gpu": 1}),
        ("melyik futott tovabb, a 9es vagy a 10es?", {"name": "job_rank", "metric": "duration"}),
    ],
)
def test_hungarian_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    assert_reads(heldout_svc, question, expected)


def test_hungarian_requests(heldout_svc: AssistantService) -> None:
    for message, command in (
        ("állítsd le a mistral-t", "gpuaccel cancel 11"),
        ("engedd el a 14-est legyszi", "gpuaccel release 14"),
        ("cancel-ozd a 12-es jobot", "gpuaccel cancel 12"),
        ("tartsd vissza a 13ast", "gpuaccel hold 13"),
        ("szüneteltesd a queue-t", "gpuaccel pause"),
        ("folytasd a queue-t", "gpuaccel resume"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)


def test_hungarian_follow_ups_and_corrections(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "miert bukott el a sd-xl-train?", None)
    _, text, _ = ask(heldout_svc, "hány próbálkozás volt?", sid)
    assert "attempt 3 of 3" in text, text
    _, text, query = ask(heldout_svc, "inditsd ujra pls", sid)  # the verb's definite form: it
    assert query is None and "gpuaccel retry 5" in text, text
    sid, _, _ = ask(heldout_svc, "mennyi energiat evett a gpu 1 ma", None)
    _, _, query = ask(heldout_svc, "és a másik?", sid)
    assert query is not None and (query["name"], query["gpu"]) == ("energy", 0), query
    sid, _, _ = ask(heldout_svc, "mennyi memoria van hasznalatban a gpu 0-n", None)
    _, _, query = ask(heldout_svc, "nem, az 1-re gondoltam", sid)
    assert query is not None and (query["metric"], query["gpu"]) == ("memory", 1), query
    sid, _, _ = ask(heldout_svc, "szuneteltesd a queue-t", None)
    _, text, query = ask(heldout_svc, "hogyan inditom el kesobb?", sid)
    assert query is None and "gpuaccel resume" in text, text


@pytest.mark.parametrize(
    "message",
    [
        "ma quanto consuma la scheda 1?",  # Italian
        "es la gpu 1 más caliente ahora?",  # Spanish
        "mi kartu grafis gpu 0 dipakai siapa",  # Indonesian
        "su an ne calisiyor, var mi bir job?",  # Turkish
        "ce ruleaza acum pe placa 1?",  # Romanian
        "what was running in the 90s, most of it on gpu 0?",  # English
    ],
)
def test_other_languages_sharing_its_words_are_not_hungarian(message: str) -> None:
    assert not hungarian_marked(message), message
