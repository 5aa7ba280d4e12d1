"""Swahili and Sheng, written whole or inside Kenyan English ("temp ya gpu 1 iko ngapi sai?", "job 9
ime-crash na nini?", "rudia hiyo job tafadhali"): question words, days and hours, Sheng's tense prefixes on
an English verb, Swahili's own verbs, the queue's requests, ordinals and the small words; a message with only
the short words Swahili shares with other languages ("na", "ya", "leo", "jana", "i-release mo") left to its
own readers. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import swahili_read
from gpuaccel.assistant.understand.spoken import written


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("mambo, ni nini ina-run kwa gpu 1 sai?", "what is running on gpu 1 now?"),
        ("temp ya gpu 1 iko ngapi sasa hivi", "temp of gpu 1 is how much now"),
        ("job 9 ime-crash na nini?", "job 9 crashed with what?"),
        ("ilirudiwa mara ngapi jumla", "was retried how many times total"),
        ("power ya gpu ya kwanza leo asubuhi", "power of the first gpu this morning"),
        ("jana usiku ni job gani ilikuwa ina-train", "last night which job was training"),
        ("utilisation kati ya 10 na 14 ilikuwa ngapi", "utilisation between 10 and 14 was how much"),
        ("gpu 1 imekaa zaidi ya 50% kwa muda gani jana", "gpu 1 has been above 50% how long yesterday"),
        ("highest power yake hapo?", "its highest power then?"),
        ("ilisave model wapi?", "where did it save model?"),
        ("saa ngapi ilikuwa?", "what time was it?"),
        ("wastani wa joto ya ma-gpu", "average of temperature of the gpus"),
        ("aki hapana, nilimaanisha ile nyingine", "no, I meant the other one"),
        ("energy ya array yote pamoja ni ngapi", "energy of the whole array together is how much"),
        ("gpu 0 ilitumia nguvu ngapi leo", "gpu 0 used how much power today"),
    ],
)
def test_swahili_read_in_english(said: str, read: str) -> None:
    assert written(said) == read


@pytest.mark.parametrize(
    "text",
    [
        "na ile gpu jest teraz zajęta",  # Polish: "na", "ile" are its own
        "mujhe jana hai, gpu 1 ka temp batao",  # Hindi's "jana" (to go)
        "i-release mo na yung job 14",  # Taglish's "i-" request
        "leo said the job 9 log ya",  # a name and a particle
        "temp gpu 0 ya gpu 1",  # Hindi's "ya": or
        "cuantas veces se hizo el retry?",  # Spanish's "hizo"
        "fan hızı kaç?",  # Turkish's dotless i, no Swahili "hizi"
        "sige i-retry ang job 5",  # Cebuano's "i-" request
        "sa monday ko na lang i-run",  # Taglish's, said last
        "show me the analog fan readings",  # English "analog": no a-na-log
        "maze of jobs in the queue, which one runs first?",  # English "maze"
    ],
)
def test_shared_short_words_are_no_mark(text: str) -> None:
    assert swahili_read(text) == text


@pytest.mark.parametrize(
    ("said", "command"),
    [
        ("simamisha job 12 tafadhali", "gpuaccel cancel 12"),
        ("rudia job 9", "gpuaccel retry 9"),
        ("iachilie whisper-finetune", "gpuaccel release 14"),
        ("weka priority ya job 13 iwe 5", "gpuaccel priority 13 5"),
    ],
)
def test_swahili_requests(heldout_svc: AssistantService, said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and command in text, text


def test_swahili_conversations(heldout_svc: AssistantService) -> None:
    """A reading, then the second card by its ordinal and by "na" alone; a peak and its time; the jobs that
    failed since a day; a request of the job talked about."""
    svc = heldout_svc
    sid, text, query = ask(svc, "stima ya gpu 0 iko ngapi sai?", None)
    assert query == {"name": "gpu_reading", "gpu": 0, "metric": "power"}, query
    _, text, query = ask(svc, "na gpu ya pili je?", sid)
    assert query == {"name": "gpu_reading", "gpu": 1, "metric": "power"}, query
    sid, _, _ = ask(svc, "joto ya gpu 1 leo juu kabisa ilikuwa ngapi", None)
    _, text, _ = ask(svc, "ilikuwa saa ngapi?", sid)
    assert "09:12" in text, text
    _, text, query = ask(svc, "ni job zipi zimeanguka tangu jana?", None)
    assert query is not None and query["name"] == "failures", query
    assert query["window"]["label"] == "since yesterday" and "3 jobs failed" in text, (query, text)
    sid, _, _ = ask(svc, "flash-attn-build ilikufa na nini?", None)
    _, text, query = ask(svc, "poa, i-retry tafadhali", sid)
    assert query is None and "gpuaccel retry 3" in text, text
