"""English written with Hebrew words and habits: the days and "now" (etmol, hayom, achshav), the question
words (kama, eize, lama, "ma ze", "ma kara"), "b'vakasha" (please), and the words that open or close a
message and ask nothing (yalla, sababa, achla, nu); read only where a Hebrew word shows, so Italian's "ma"
and an English "nu" or "lama" stay theirs. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import hebrew_read
from gpuaccel.assistant.understand.picker import RulePicker
from gpuaccel.assistant.understand.spoken import written


def _rules_only(svc: AssistantService) -> AssistantService:
    """The chat with the rules alone, as the blind sets score the rules."""
    svc.chat.pickers = (RulePicker(),)
    return svc


def test_days_and_question_words_said_in_hebrew() -> None:
    assert written("kama memory on the 4090 achshav") == "how much memory on the 4090 now"
    assert written("eize card was hotter etmol") == "which card was hotter yesterday"
    assert written("yalla, lama the sweep failed hayom?") == "why the sweep failed today?"
    assert written("ma kara to job 3 etmol") == "what happened with job 3 yesterday"
    assert hebrew_read("ma ze the thing on gpu 1?") == "what is the thing on gpu 1?"
    assert hebrew_read("is the 4090 any good for gaming? ma ze") == "is the 4090 any good for gaming?"
    assert hebrew_read("b'vakasha kill job 12, toda") == "please kill job 12, thanks"


def test_english_and_italian_are_left_as_they_were() -> None:
    for text in ("ma la 4090 quanto consuma?", "is the nu model done", "lama 3 eval, how long?", "tov"):
        assert hebrew_read(text) == text


@pytest.mark.parametrize(
    ("turns", "fields", "said"),
    [
        (["kama energy the 4090 burn etmol"], {"gpu": 1}, "196 Wh"),
        (["eize jobs failed hayom", "and etmol?"], {"name": "failures"}, "flash-attn-build"),
        (["sababa. eize card hotter achshav"], {"name": "gpu_rank"}, "68 °C"),
        (["nu, ma ze the max temp of the 4090 etmol?"], {"gpu": 1, "metric": "temperature"}, "47 °C"),
    ],
)
def test_hebrew_words_in_a_question(
    heldout_svc: AssistantService, turns: list[str], fields: dict, said: str
) -> None:
    sid = None
    for turn in turns:
        sid, text, query = ask(_rules_only(heldout_svc), turn, sid)
    assert query is not None and all(query.get(k) == v for k, v in fields.items()), query
    assert said in text, text


def test_please_said_in_hebrew(heldout_svc: AssistantService) -> None:
    _, text, query = ask(_rules_only(heldout_svc), "b'vakasha pause job 11 achshav", None)
    assert query is None and "gpuaccel pause 11" in text, (query, text)


# asked off the subject, as a Tel Aviv engineer writes it: two ideas to explain side by side, what a product
# supports, a setting for a kind of model: declined, not answered with a reading of the card named
@pytest.mark.parametrize(
    "question",
    [
        "yalla, explain fp8 vs bf16 briefly",
        "can the h100 support mig? ma ze",
        "sababa. rough batch size to finetune a 13b on one 4090, ballpark?",
    ],
)
def test_asked_off_the_subject(heldout_svc: AssistantService, question: str) -> None:
    _, text, query = ask(_rules_only(heldout_svc), question, None)
    assert query is None and "gpuaccel" not in text, (query, text)
