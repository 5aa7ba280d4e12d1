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
