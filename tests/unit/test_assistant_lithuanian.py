"""Lithuanian written whole or mixed with English words of the trade (readings now and over a span, jobs' runs
and waits, requests, follow-ups opened by "o"), typed with its diacritics or without them; its question
words ("kiek", "kodėl", "kada", "koks", "kuris", "ar yra"), its verb before the job it asks about, the
trade's English verbs with its endings ("nucancelink", "atpauzink", "failino", "sulaikytų"), a card's model
with a case ending ("h100-o"); the other languages' messages that share its short words ("kas", "vakar",
"ar", "ir", "joba", "eile") left to them. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, assert_reads

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.languages.latvian import latvian_marked
from gpuaccel.assistant.understand.languages.lithuanian import lithuanian_marked


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("kokia 4090 temperatūra šiuo metu?", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),
        ("kiek galios traukia h100?", {"name": "gpu_reading", "gpu": 0, "metric": "power"}),
        ("kuri plokštė karščiausia?", {"name": "gpu_rank", "metric": "temperature"}),
        ("kurios kortos dabar laisvos?", {"name": "idle_gpus"}),
        ("kas naudoja atmintį ant h100?", {"name": "memory_users", "gpu": 0}),
        ("kiek vram naudoja mistral-7b-sft?", {"name": "memory_users", "gpu": 0}),
        ("kurie jobai šiandien failino?", {"name": "failures", "label": "today"}),
        ("ar yra kokių sulaikytų jobų?", {"name": "jobs", "state": "held"}),
        ("kiek laiko veikė llama-70b-finetune?", {"name": "job_detail", "job": 2}),
        ("kada pasibaigė data-prep?", {"name": "job_detail", "job": 1}),
        ("kuris jobas vakar laukė ilgiausiai?", {"name": "job_rank", "metric": "wait", "label": "yesterday"}),
        ("koks jobas sunaudojo daugiausiai energijos siandien?", {"name": "job_rank", "metric": "energy"}),
        (
            "koks buvo vidutinis apkrovimas ant 4090 per paskutines 3 valandas?",
            {"name": "gpu_reading", "gpu": 1, "metric": "util", "label": "in the last 3 hours"},
        ),
        # ("apie": about, a time said roughly: the minutes either side of it)
        (
            "kas buvo ant h100-o apie 11 valandą?",
            {"name": "jobs", "gpu": 0, "label": "between 10:55 and 11:05"},
        ),
        ("kiek laiko 4090 stovi be darbo?", {"name": "idle_gpus"}),
        ("kiek jau sukasi mistral-7b-sft?", {"name": "job_detail", "job": 11}),
        ("kodėl nestartuoja jobas 13?", {"name": "job_detail", "job": 13}),
        # ("karštas" with its caron, a predicate with no verb after "ar": is it hot, its temperature)
        ("ar 4090 karštas?", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),
    ],
)
def test_lithuanian_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    assert_reads(heldout_svc, question, expected)


def test_lithuanian_requests(heldout_svc: AssistantService) -> None:
    """Its own request verbs ("atšauk", "nutraukite", "sulaikyk", "atleisk", "nustatyk ... prioritetą",
    "pristabdyk eilę", "sukeisk X ir Y", "pakeisk į vieną kortą", "tegu prašo N atminties"), English verbs
    given its ending ("nucancelink", "resumink", "atpauzink": the pause undone), "gal gali X atšaukti?" with
    its verb last."""
    for message, command in (
        ("atšauk jobą 12", "gpuaccel cancel 12"),
        ("nutraukite 13 prašau", "gpuaccel cancel 13"),
        ("sulaikyk llama-70b-eval", "gpuaccel hold 12"),
        ("atleisk whisper-finetune", "gpuaccel release 14"),
        ("nustatyk 13 prioritetą į 7", "gpuaccel priority 13 7"),
        ("pristabdyk eilę", "gpuaccel pause"),
        ("resumink eilę", "gpuaccel resume"),
        ("sukeisk 13 ir 12 vietomis", "gpuaccel switch 13 12"),
        ("pakeisk llama-405b-probe į vieną kortą", "gpuaccel edit 13 --gpus 1"),
        ("llama-405b-probe tegu prašo 30000 atminties", "gpuaccel edit 13 --memory 30000"),
        ("nucancelink 12", "gpuaccel cancel 12"),
        ("atpauzink 11", "gpuaccel resume 11"),
        ("gal gali 13 atšaukti?", "gpuaccel cancel 13"),
        ("istrink 14 is eiles", "gpuaccel remove 14"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)


def test_lithuanian_follow_ups(heldout_svc: AssistantService) -> None:
    """A follow-up that leans on the job or the reading just talked about: "paleisk jį iš naujo" (run it
    again: retry), "o kiek laiko laukė?" (and how long did it wait), "o vakar?" (and yesterday), "o 12?"
    after the queue."""
    sid, _, _ = ask(heldout_svc, "kodėl sd-xl-train nulūžo?", None)
    _, text, query = ask(heldout_svc, "paleisk jį iš naujo", sid)
    assert query is None and "gpuaccel retry 5" in text, text
    sid, _, _ = ask(heldout_svc, "kada prasidėjo llama-8b-eval?", None)
    _, text, query = ask(heldout_svc, "o kiek laiko laukė?", sid)
    assert query is not None and query.get("job") == 4 and "5m00s" in text, (query, text)
    sid, _, _ = ask(heldout_svc, "kiek energijos šiandien sunaudojo 4090?", None)
    _, _, query = ask(heldout_svc, "o vakar?", sid)
    assert query is not None and (query["name"], query["window"]["label"]) == ("energy", "yesterday"), query
    sid, _, _ = ask(heldout_svc, "kas dabar yra eilėje?", None)
    _, _, query = ask(heldout_svc, "o 12?", sid)
    assert query is not None and (query["name"], query.get("job")) == ("job_detail", 12), query


@pytest.mark.parametrize(
    ("message", "english"),
    [
        ("kiek W traukia 4090?", "how much W does 4090 draw?"),
        ("kas nutiko su lr-sweep vakar vakare?", "what happened with lr-sweep last night?"),
        ("sory, 12 turejau omeny", "sorry, I meant 12"),
        ("kelintą valandą?", "at what time?"),
        ("ar yra kokiu uzholdintu darbu?", "are there any held jobs?"),
        ("kiek tai GPU valandų?", "how much GPU-hours is it?"),
        ("o ant 4090-os?", "and on 4090?"),
        ("paleisk is naujo 7", "retry 7"),  # the job said after the request: no "it" before it
        ("paleisk is naujo darba 7", "retry job 7"),
        ("paleisk is naujo", "retry it"),
        # "karšta" typed without its caron: Lithuanian where its yes-no opener "ar" asks it
        ("ar gpu 1 labai karsta?", "gpu 1 very hot?"),
    ],
)
def test_lithuanian_forms(message: str, english: str) -> None:
    assert in_english(message) == english, in_english(message)


@pytest.mark.parametrize(
    "message",
    [
        "kas tagad griežas uz GPU 0?",  # Latvian
        "cik ilgi vakar skrēja dzobs?",  # Latvian
        "vai GPU 1 ir karsta?",  # Latvian
        "atcel visus dzobus rindā",  # Latvian
        "kas GPU 0 on vaba?",  # Estonian
        "mis eile juhtus?",  # Estonian
        "anuluj joba 12",  # Polish
        "kada je GPU 1 bio vruć?",  # Serbian
        "why is the ant-sim job still queued?",  # English, a name holding "ant"
        "sory, what ran on GPU 0 yesterday?",  # English, mistyped
        "i testi sono finiti?",  # Italian
    ],
)
def test_other_languages_sharing_its_words_are_not_lithuanian(message: str) -> None:
    assert not lithuanian_marked(message), message


@pytest.mark.parametrize(
    "message", ["kiek vakar suvalgė h100?", "kas dabar sukasi ant 4090?", "kodel vakar nukrito jobas 3?"]
)
def test_lithuanian_is_not_latvian(message: str) -> None:
    """Its words Latvian shares ("vakar", "kas", "ar") read it as Lithuanian, never Latvian."""
    assert lithuanian_marked(message) and not latvian_marked(in_english(message)), in_english(message)
