"""English written with Vietnamese habits: Vietnamese words said without their marks ("hom qua", "bay gio",
"nao", "bao lau"), the politeness particles ("a", "nhe", "giup em") that ask nothing, and the words read
before another language's table takes one as its own (Italian "qua"). Worded apart from the blind sets."""

from __future__ import annotations

from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import vietnamese_read
from gpuaccel.assistant.understand.spoken import written


def test_days_and_question_words_said_in_vietnamese() -> None:
    assert written("4090 avg temp hom qua bao nhieu?") == "4090 avg temp yesterday how much?"
    assert written("card nao busy bay gio?") == "which card busy now?"
    assert written("job 3 run bao lau a?") == "job 3 run how long?"
    assert vietnamese_read("GPU 1 dang train model gi?") == "GPU 1 is training what model?"


def test_english_and_portuguese_are_left_as_they_were() -> None:
    for text in ("is it option a?", "give me a, b and c", "what is the roi of it", "o job nao rodou?"):
        assert vietnamese_read(text) == text


def test_yesterday_said_in_vietnamese(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "hom qua the 4090 used how much energy a?", None)
    assert query is not None and query["window"]["label"] == "yesterday", query
    _, _, query = ask(heldout_svc, "peak util of GPU 0 hom qua nhe", None)
    assert query is not None and query["gpu"] == 0 and query["window"]["label"] == "yesterday", query


def test_what_is_on_a_card_and_a_trailing_hey(heldout_svc: AssistantService) -> None:
    _, text, _ = ask(heldout_svc, "is the 4090 warm? whats on the H100", None)
    assert "mistral-7b-sft" in text, text
    assert written("how long has it been going, hey?") == "how long has it been going?"


def test_a_random_question_is_a_new_subject(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "random question: how long do GPU fans last in a dusty room?", None)
    assert query is None
