"""An English verb said with a Dutch or German infinitive's ending ("kan je job 13 killen?", "kannste job
13 canceln?"), "the last N hours" said in Dutch, German and Hinglish with the number as a word or a figure,
and a few more requests ("mach job 12 auf hold", "job 13 ko hold pe daalo", "start job 5 opnieuw").
Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("kan je job 13 killen?", "gpuaccel cancel 13"),
        ("kannste job 13 mal eben canceln?", "gpuaccel cancel 13"),
        ("mach job 12 bitte auf hold", "gpuaccel hold 12"),
        ("job 13 ko hold pe daalo", "gpuaccel hold 13"),
        ("start job 5 opnieuw", "gpuaccel retry 5"),
    ],
)
def test_requests(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


@pytest.mark.parametrize(
    ("said", "gpu"),
    [
        ("hoe druk was de 4090 de afgelopen drie uur?", 1),
        ("wie warm war die H100 die letzten drei stunden im schnitt?", 0),
        ("pichle 3 ghante 4090 ka avg util kya tha", 1),
    ],
)
def test_the_last_hours_counted(heldout_svc: AssistantService, said: str, gpu: int) -> None:
    _, _, query = ask(heldout_svc, said, None)
    assert query is not None and query.get("gpu") == gpu, query
    window = query["window"]
    assert window["t1"] - window["t0"] == 3 * 3600, window
