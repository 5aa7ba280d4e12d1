"""Latvian written whole or mixed with English words of the trade (readings now and over a span, jobs' runs
and waits, requests, follow-ups opened by "un"), typed with its long vowels and soft consonants or without
them, or with a long vowel doubled ("kaa"); its question words ("cik", "cik ilgi", "kad", "kapec", "kurs"),
its verb before or after the job it asks about, and the trade's English words with its endings ("dzobs",
"failoja", "nokill"); the other languages' messages that share its short words ("kas", "kad", "vakar") left
to them. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, assert_reads

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.languages.latvian import latvian_marked


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("cik silta šobrīd ir GPU 0?", {"name": "gpu_reading", "gpu": 0, "metric": "temperature"}),
        ("kāda ir GPU 1 jauda?", {"name": "gpu_reading", "gpu": 1, "metric": "power"}),
        ("kurš dzobs pašlaik strādā uz GPU 0?", {"name": "queue", "state": "running"}),
        ("cik enerģijas vakar patērēja GPU 1?", {"name": "energy", "gpu": 1, "label": "yesterday"}),
        ("kuri dzobi sodien nofailoja?", {"name": "failures", "label": "today"}),
        ("cik ilgi vakar stradaja llama-70b-finetune?", {"name": "job_detail", "job": 2}),
        ("kad vakar beidzas data-prep?", {"name": "job_detail", "job": 1}),
        ("cik ilgi 14 jau stāv rindā?", {"name": "job_detail", "job": 14}),
        ("kurš dzobs vakar gaidija visilgak?", {"name": "job_rank", "metric": "wait", "label": "yesterday"}),
        ("kura GPU ir karstākā?", {"name": "gpu_rank", "metric": "temperature"}),
        ("GPU 1 videja noslodze pedejas 3 stundas?", {"name": "gpu_reading", "gpu": 1, "metric": "util"}),
    ],
)
def test_latvian_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    assert_reads(heldout_svc, question, expected)


def test_latvian_requests(heldout_svc: AssistantService) -> None:
    """Its own request verbs ("atcel", "pārtrauc", "noturi", "atlaid", "uzliec ... prioritāti", "apturi
    rindu", "izdzēs"), an English verb given its ending ("nocancelo"), two jobs swapped ("samaini X un Y")."""
    for message, command in (
        ("atcel dzobu 12 ludzu", "gpuaccel cancel 12"),
        ("partrauc 13", "gpuaccel cancel 13"),
        ("noturi llama-70b-eval", "gpuaccel hold 12"),
        ("atlaid whisper-finetune", "gpuaccel release 14"),
        ("uzliec 13 prioritāti 7", "gpuaccel priority 13 7"),
        ("apturi rindu uz brīdi", "gpuaccel pause"),
        ("samaini 13 un 12 vietām", "gpuaccel switch 13 12"),
        ("nocancelo 12", "gpuaccel cancel 12"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)


def test_latvian_follow_ups(heldout_svc: AssistantService) -> None:
    """A follow-up that leans on the job or the reading just talked about: "restartē viņu" (retry it), "un
    cik ilgi gaidīja?" (and how long did it wait), "un vakar?" (and yesterday)."""
    sid, _, _ = ask(heldout_svc, "kāpēc sd-xl-train nokrita?", None)
    _, text, query = ask(heldout_svc, "restartē viņu", sid)
    assert query is None and "gpuaccel retry 5" in text, text
    sid, _, _ = ask(heldout_svc, "kad sakas llama-8b-eval?", None)
    _, text, query = ask(heldout_svc, "un cik ilgi gaidīja?", sid)
    assert query is not None and query.get("job") == 4 and "5m00s" in text, (query, text)
    sid, _, _ = ask(heldout_svc, "cik energijas GPU 1 patereja sodien", None)
    _, _, query = ask(heldout_svc, "un vakar?", sid)
    assert query is not None and (query["name"], query["window"]["label"]) == ("energy", "yesterday"), query


@pytest.mark.parametrize(
    ("message", "english"),
    [
        ("kaa ar GPU 0?", "what about GPU 0?"),
        ("cik ilgi jau skrien whisper-finetune?", "how long has whisper-finetune been running?"),
        ("kad tieši nokrita lr-sweep?", "when did lr-sweep fail exactly?"),
        ("cik GPU stundas tas jau apēdis?", "how many GPU-hours has it used?"),
        ("kas tas bija par dzobu?", "which job was it?"),
        ("un atmiņa cik?", "and how much memory?"),
        # hot in its feminine and plural, typed without a mark of its own: Latvian by "ir" or "vai"
        ("vai gpu 0 ir karsta?", "gpu 0 is hot?"),
        ("un 4090 ir karsta?", "and 4090 is hot?"),
    ],
)
def test_latvian_forms(message: str, english: str) -> None:
    assert in_english(message) == english, in_english(message)


@pytest.mark.parametrize(
    "message",
    [
        "kas GPU 0 on vaba?",  # Estonian
        "kad je job 12 počeo?",  # Croatian
        "kada je GPU 1 bio vruć?",  # Serbian
        "what ran on GPU 0 yesterday?",  # English
        "¿cuál es la temperatura de la GPU 0?",  # Spanish
        "mika jobi pyorii nyt",  # Finnish
    ],
)
def test_other_languages_sharing_its_words_are_not_latvian(message: str) -> None:
    assert not latvian_marked(message), message
