"""German written whole (the formal "Sie" requests, verbs at the end, "ungenutzt", "im selben Zeitraum") and
Portugal's Portuguese ("está a correr", "a ventoinha", "nessa hora", "liberta-o"): read in English, not
only their words said in passing. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("Brechen Sie den Job 12 bitte ab.", "gpuaccel cancel 12"),
        ("Pausieren Sie bitte den Job 11.", "gpuaccel pause 11"),
        ("Starten Sie den Job 3 bitte noch einmal.", "gpuaccel retry 3"),
        ("Liberta o job 14, se faz favor.", "gpuaccel release 14"),
        ("Sobe a prioridade do llama-70b-eval para 7.", "gpuaccel priority 12 7"),
    ],
)
def test_requests(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_german_questions(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "Wie lange war die H100 gestern ungenutzt?", None)
    assert query is not None and query["gpu"] == 0 and query["metric"] == "util", query
    assert query["window"]["label"] == "yesterday", query
    sid, _, query = ask(heldout_svc, "Wie viel Energie hat die 4090 heute seit Mitternacht verbraucht?", None)
    assert query is not None and query["name"] == "energy" and query["gpu"] == 1, query
    _, _, again = ask(heldout_svc, "Und die H100 im selben Zeitraum?", sid)
    assert again is not None and again["gpu"] == 0 and again["window"] == query["window"], again
    _, _, query = ask(heldout_svc, "Wie lange war die 4090 heute bei 70 Grad oder darüber?", None)
    assert query is not None and query["metric"] == "temperature" and query["at_least"] == 70, query


def test_portugal_portuguese(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "A que percentagem está a ventoinha da 4090?", None)
    assert query is not None and query["gpu"] == 1 and query["metric"] == "fan", query
    sid, _, _ = ask(heldout_svc, "Qual foi o pico de potência da H100 ontem?", None)
    _, _, query = ask(heldout_svc, "E que job estava a correr nessa hora?", sid)
    assert query is not None and query["name"] == "jobs" and query["gpu"] == 0, query
    assert query["window"]["t1"] - query["window"]["t0"] <= 1, query  # the moment of the peak
