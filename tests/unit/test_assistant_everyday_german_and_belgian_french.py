"""Everyday German (a demonstrative said for "it": "schmeiß den raus", "gib den frei"; Berlin's "wat", "dit",
"grad" for now but "70 Grad" a temperature) and Belgium's French ("septante", "nonante", "ventilo", "qd",
an English verb with a French pronoun: "release-le"). Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.spoken import written


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("gib den frei bitte", "release it please"),
        ("halt den probe mal fest", "hold the probe"),
        ("wat zieht die H100 grad?", "what zieht the H100 now?"),
        ("septante ou nonante degrés?", "70 or 90 degrees?"),
    ],
)
def test_words_read_in_english(said: str, read: str) -> None:
    assert written(said) == read


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("der job 13 wird eh nix, schmeiß den raus", "gpuaccel cancel 13"),
        ("setz den llama-70b-eval mal auf prio 4", "gpuaccel priority 12 4"),
        ("halt den whisper-finetune mal fest", "gpuaccel hold 14"),
        ("le job 14, release-le stp", "gpuaccel release 14"),
    ],
)
def test_requests(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_everyday_german_questions(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "wie lange war die 4090 heute über 60 grad?", None)
    assert query is not None and query["gpu"] == 1 and query["at_least"] == 60, query
    assert query["metric"] == "temperature", query
    sid, _, _ = ask(heldout_svc, "wat läuft grad auf der H100?", None)
    _, _, query = ask(heldout_svc, "seit wann läuft der schon?", sid)
    assert query is not None and query.get("job") == 11 or query.get("gpu") == 0, query


def test_belgian_french_questions(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "la 4090 a été combien de temps au-dessus de septante degrés hier?", None)
    assert query is not None and query["gpu"] == 1 and query["at_least"] == 70, query
    assert query["window"]["label"] == "yesterday", query
    _, _, query = ask(heldout_svc, "et son ventilo tourne à combien, la 4090?", None)
    assert query is not None and query["gpu"] == 1 and query["metric"] == "fan", query


@pytest.mark.parametrize(
    ("said", "read"),
    [
        # the job in context set to a priority, "bitte" between ("setz den doch auf prio 3")
        ("setz den doch auf prio 3", "set its priority to 3"),
        # started again afterwards, cleaned up, a summary, warm or cool (ae/oe/ue for umlauts)
        ("wie starte ich den spaeter wieder?", "how do i start it again afterwards?"),
        ("raeum die alten jobs auf", "clean up the alten jobs"),
        ("failed jobs die aelter als 3 tage sind", "failed jobs older than 3 days"),
        ("fass mir gestern kurz zusammen", "summarize yesterday"),
        ("wann war die 4090 am kuehlsten?", "when was the 4090 coolest?"),
        (
            "der eval soll 2 GPUs bekommen, kannst du es umstellen?",
            "the eval should run with only 2 GPU, can you change it?",
        ),
    ],
)
def test_everyday_german_requests_and_readings(said: str, read: str) -> None:
    assert written(said) == read


def test_everyday_german_follow_ups(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "warum wartet der llama-70b-eval noch?", None)
    _, text, query = ask(heldout_svc, "dann setz den bitte auf prio 2", sid)
    assert query is None and "gpuaccel priority 12 2" in text, text
    sid, _, query = ask(heldout_svc, "wie kalt war die 4090 heute am niedrigsten?", None)
    assert query is not None and query["metric"] == "temperature", query
    _, _, query = ask(heldout_svc, "und am waermsten?", sid)
    assert query is not None and query["metric"] == "temperature" and query["gpu"] == 1, query
