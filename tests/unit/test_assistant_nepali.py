"""Nepali in Latin letters mixed with English (as Kathmandu types it on a phone, each word spelled its own
way: "bhayo"/"vayo", "chha"/"cha"/"xa", "ahile"/"aile"), read by its own module: its question and time
words, its postpositions after the noun ("ko", "ma", "le", "lai", "dekhi ... samma"), its verbs last
("chalyo", "khayo", "lagyo", "fail bhayo"), requests said with its "do" ("gardinu", "gardeu"), a number taken
back ("13 vaneko maile"), a request asked of the assistant ("... gardina milcha?"); the words it says as
Hindi does ("baje", "wala") read by Hindi's table; the Swahili, Indonesian, Ghanaian, Hindi and Italian
messages that share a word with it left to them. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, assert_reads

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.languages.nepali import nepali_marked


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # "hijo" (yesterday), "kati thiyo" (how much was it), "ko" (of) after the card
        ("hijo 4090 ko avg temp kati thiyo?", {"name": "gpu_reading", "gpu": 1, "label": "yesterday"}),
        # "aja bihana" (this morning), "pugyo" (it reached)
        (
            "aja bihana h100 ko max power kati pugyo?",
            {"name": "gpu_reading", "gpu": 0, "metric": "power", "label": "this morning"},
        ),
        # "10 dekhi 12 samma" (from 10 to 12)
        (
            "bihana 10 dekhi 12 samma gpu 0 ko util kati thiyo",
            {"name": "gpu_reading", "gpu": 0, "metric": "util", "label": "between 10:00 and 12:00"},
        ),
        # "le ... khayo" (it consumed), "aaja" (today)
        ("aaja 4090 le kati energy khayo", {"name": "energy", "gpu": 1, "label": "today"}),
        ("hijo beluka 4090 ko fan kati thiyo?", {"name": "gpu_reading", "label": "yesterday evening"}),
        # "hijo raati" (last night), "k k" (what, of several), "fail bhaye" (they failed)
        ("hijo raati k k job fail bhaye?", {"name": "failures", "label": "last night"}),
        ("aaja kati ota job fail vaye?", {"name": "failures", "label": "today"}),  # how many; "bh" as "v"
        ("kun gpu sabai bhanda taato chha?", {"name": "gpu_rank", "metric": "temperature"}),  # hottest
        # "sabai bhanda lamo" (longest of all), "chalyo" (ran)
        ("hijo kun job sabai bhanda lamo chalyo?", {"name": "job_rank", "metric": "duration"}),
    ],
)
def test_nepali_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    assert_reads(heldout_svc, question, expected)


@pytest.mark.parametrize(
    ("message", "command"),
    [
        ("job 14 lai release gardinu", "gpuaccel release 14"),  # "lai" (to), "gardinu" (please do)
        ("pura queue ekchin pause gardinus", "gpuaccel pause"),  # the whole queue
        ("job 11 ekchhin pause gara", "gpuaccel pause 11"),  # for a moment
        ("job 12 ko priority 5 banaideu", "gpuaccel priority 12 5"),  # make it 5
        ("job 13 ko memory 30000 MiB ma ghataideu", "--memory 30000"),  # reduce it to
        ("job 13 lai 1 gpu ma chalaideu", "--gpus 1"),  # run it on 1 GPU
        ("server reboot gardina milcha?", "A reboot of the machine"),  # can you ... for me: declined
    ],
)
def test_nepali_requests(heldout_svc: AssistantService, message: str, command: str) -> None:
    _, text, query = ask(heldout_svc, message, None)
    assert query is None and command in text, (message, in_english(message), text)


def test_nepali_follow_ups_that_lean_on_the_turn_before(heldout_svc: AssistantService) -> None:
    for turns, said in (
        (("h100 ko temp kati chha?", "ra 4090 ko?"), "28 °C"),  # "ra" (and): no mark of its own
        (("job 12 cancel gardinu", "haina, 13 vaneko maile"), "gpuaccel cancel 13"),  # I meant 13
        (("job 9 kina fail bhayo?", "feri retry gardeu"), "gpuaccel retry 9"),  # again
        (("sd-xl-train kina fail bhayo?", "jamma kati choti try garyo?"), "attempt 3 of 3"),  # how many times
    ):
        sid = None
        for turn in turns:
            sid, text, _ = ask(heldout_svc, turn, sid)
        assert said in text, (turns, [in_english(t) for t in turns], text)


@pytest.mark.parametrize(
    "message",
    [
        "kati?",
        "kina?",
        "hijo ko?",
        "gpu 0 busy chha?",
        "tesko log dekhau",
        "job 9 retry gardeu",
    ],
)
def test_nepali_marks(message: str) -> None:
    assert nepali_marked(message), message


@pytest.mark.parametrize(
    "message",
    [
        "average utilisation ya gpu 1 kati ya 9 na 12",  # Swahili's "kati ya" (between)
        "bandingin runtime job 7 sama job 8",  # Indonesian's "sama" (with)
        "Chale, how far with the cards?",  # Ghana's "chale" (mate)
        "maine log mein error dekhi",  # Hindi's "dekhi" (saw)
        "la gara di stasera sulla 4090",  # Italian's "gara" (race)
        "gpu ko temp batao, ma le ta ni",  # its short words alone
    ],
)
def test_other_languages_sharing_its_words_are_not_nepali(message: str) -> None:
    assert not nepali_marked(message), message


@pytest.mark.parametrize(
    ("message", "english"),
    [
        ("job 7 lai feri retry gardinu", "retry job 7 again"),  # the verb said last, put first
        ("kati vayo wait gareko?", "how long has it been waiting?"),
        ("gpu 0 kaile dekhi busy cha", "gpu 0 since when is it busy"),
        ("beluka 6 baje dekhi 8 baje samma", "this evening from 6 to 8"),  # "baje": Hindi's word too
        ("tesko log ma k cha", "what is in its log"),
        ("llama-70b-eval cancel gardinu, aba chaidaina", "cancel llama-70b-eval, no longer needed"),
    ],
)
def test_nepali_is_read_in_english_order(message: str, english: str) -> None:
    assert in_english(message) == english, in_english(message)
