"""A conversation's language carries to its short follow-ups: the language modules that read a message read
the next one too where it shows no language's marks of its own and no English word ("pour la 4090 ?" after
French turns, "y la 4090?" after Spanish ones); an English follow-up stays English, and a message
with another language's marks is read by that language (the conversation switches). Worded apart from the
blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.languages import Lean
from gpuaccel.assistant.understand.spoken import written


def _read_in_turn(*messages: str) -> list[tuple[str, list[str]]]:
    """Each message of one conversation as the chat reads it, and the language modules that read it."""
    carried: frozenset[str] = frozenset()
    out = []
    for message in messages:
        lean = Lean(carried)
        out.append((written(message, lean), sorted(lean.read)))
        carried = frozenset(lean.read)
    return out


@pytest.mark.parametrize(
    ("opening", "follow_up", "read", "language"),
    [
        ("quelle était la température max de la H100 hier ?", "pour la 4090 ?", "for the 4090 ?", "french"),
        ("quelle est la puissance de la H100 ?", "et pour la 4090 ?", "and for the 4090 ?", "french"),
        # a letter French shares with Spanish ("é") is no Spanish mark in a French conversation
        ("pourquoi le job 6 a été annulé ?", "et le détail ?", "and the detail ?", "french"),
        # "por encima" is a Spanish mark of its own now: a bare card is not
        ("¿cuánto tiempo estuvo la H100 por encima de 80 grados?", "y la 4090?", "and the 4090?", "spanish"),
        ("¿cuánta energía gastó la 4090 ayer?", "y la H100?", "and the H100?", "spanish"),
        ("¿cuánta energía gastó la 4090 ayer?", "en la H100?", "in the H100?", "spanish"),
        ("wie heiß war die H100 gestern maximal?", "der durchschnitt?", "the average?", "german"),
        ("wie heiß war die H100 gestern maximal?", "mit der 4090?", "with the 4090?", "german"),
        ("quanta energia a H100 gastou ontem?", "da 4090?", "of the 4090?", "portuguese"),
    ],
)  # fmt: skip
def test_a_follow_up_is_read_in_the_conversations_language(
    opening: str, follow_up: str, read: str, language: str
) -> None:
    (_, first), (said, then) = _read_in_turn(opening, follow_up)
    assert first == [language] and then == [language], (first, then)
    assert said == read
    assert written(follow_up) != read  # alone, the follow-up shows no mark of the language


def test_the_language_carries_on_through_several_follow_ups() -> None:
    turns = _read_in_turn(
        "¿cuánta energía gastó la 4090 ayer?", "y la H100?", "en la 4090?", "y por encima de 70?"
    )
    assert [said for said, _ in turns[1:]] == ["and the H100?", "in the 4090?", "and above 70?"]
    assert all(languages == ["spanish"] for _, languages in turns)


@pytest.mark.parametrize(
    ("opening", "follow_up", "read", "languages"),
    [
        # an English follow-up stays English, and the conversation is English after it
        ("quelle est la puissance de la H100 en ce moment ?", "and for the 4090?", "and for the 4090?", []),
        ("¿cuánta energía gastó la 4090 ayer?", "what about the H100?", "what about the H100?", []),
        # a message with another language's marks is read by that language: the conversation switches
        ("quelle puissance a la H100 ?", "und die 4090 gestern?", "and the 4090 yesterday?", ["german"]),
        ("¿cuánta energía gastó la 4090 ayer?", "et aujourd'hui ?", "and today ?", ["french"]),
        ("wie heiß war die H100 gestern?", "e a 4090 ontem?", "and the 4090 yesterday?", ["portuguese"]),
    ],
)  # fmt: skip
def test_english_or_another_language_is_read_as_anywhere(
    opening: str, follow_up: str, read: str, languages: list[str]
) -> None:
    _, (said, then) = _read_in_turn(opening, follow_up)
    assert said == read == written(follow_up)
    assert then == languages


def test_a_switched_conversation_leans_to_its_new_language() -> None:
    # French, then German: a bare follow-up is German's now, not French's
    turns = _read_in_turn(
        "quelle est la puissance de la H100 en ce moment ?", "und die 4090 gestern?", "mit der H100?"
    )
    assert turns[2] == ("with the H100?", ["german"])
    # French, then English: a bare follow-up leans to nothing
    turns = _read_in_turn(
        "quelle est la puissance de la H100 en ce moment ?", "and the 4090?", "pour la H100 ?"
    )
    assert turns[2] == (written("pour la H100 ?"), [])


def test_shared_words_lean_only_to_the_conversations_language() -> None:
    # "y la H100?" is Spanish in a Spanish conversation only: a French one does not read its "y" as "and"
    assert _read_in_turn("¿cuánta energía gastó la 4090 ayer?", "y la H100?")[1][0] == "and the H100?"
    assert (
        _read_in_turn("quelle est la puissance de la H100 en ce moment ?", "y la H100?")[1][0]
        != "and the H100?"
    )
    # nor does a conversation that leans to no language
    assert _read_in_turn("y la H100?") == [(written("y la H100?"), [])]


def test_the_conversations_languages_are_stored_with_its_answer() -> None:
    context = Context(languages=("french",))
    assert context.to_json()["languages"] == ["french"]
    assert Context.from_json(context.to_json()).languages == ("french",)
    assert "languages" not in Context().to_json()  # a stored answer stays small
    assert Context.from_json({"query": None, "subjects": []}).languages == ()  # stored before they were kept


def test_follow_ups_answered_in_the_conversations_language(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "¿cuánto tiempo estuvo la H100 por encima de 80 grados hoy?", None)
    _, _, query = ask(heldout_svc, "y por encima de 88?", sid)
    assert query is not None and query["gpu"] == 0 and query["at_least"] == 88, query
    sid, _, _ = ask(heldout_svc, "quelle est la puissance de la H100 en ce moment ?", None)
    _, _, query = ask(heldout_svc, "pour la 4090 ?", sid)
    assert query == {"name": "gpu_reading", "gpu": 1, "metric": "power"}, query
    # an English follow-up of a Spanish conversation is English's
    sid, _, _ = ask(heldout_svc, "¿cuánta energía gastó la 4090 ayer?", None)
    _, _, query = ask(heldout_svc, "and what about the H100?", sid)
    assert query is not None and query["gpu"] == 0, query
