"""Estonian written whole or mixed with English words of the trade (readings now and over a span, means,
energy, jobs' runs and waits, requests, follow-ups opened by "ja"), typed with õ, ä, ö and ü or without them,
with its case endings on the trade's words ("GPU-l", "jobi"), its postpositions ("GPU 1 peal", "5 peale")
and its question words ("mis", "kas", "kui kaua", "kui palju", "millal"); the other languages' messages
that share its short words ("mis", "on", "ja") left to them. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, assert_reads

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.languages.estonian import estonian_marked


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("kui kuum on GPU 1 hetkel?", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),
        ("mis GPU 1 peal praegu jookseb?", {"name": "jobs", "gpu": 1, "state": "running"}),
        ("GPU 1 keskmine temperatuur eile", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),
        ("kui palju energiat GPU 0 eile kulutas", {"name": "energy", "gpu": 0, "label": "yesterday"}),
        ("millal flash-attn-build failis?", {"name": "job_detail", "job": 3}),
        ("kui kaua whisper-finetune ootel on olnud?", {"name": "job_detail", "job": 14}),
    ],
)
def test_estonian_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    assert_reads(heldout_svc, question, expected)


def test_estonian_requests(heldout_svc: AssistantService) -> None:
    for message, command in (
        ("katkesta job 12 palun", "gpuaccel cancel 12"),
        ("pane kogu järjekord pausile", "gpuaccel pause"),
        ("lase whisper-finetune lahti", "gpuaccel release 14"),
        ("tõsta llama-70b-eval prioriteet 5 peale", "gpuaccel priority 12 5"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)


def test_estonian_follow_ups(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "miks lr-sweep failis?", None)
    _, text, query = ask(heldout_svc, "proovi seda uuesti", sid)  # "seda": the job just talked about
    assert query is None and "gpuaccel retry 9" in text, text
    sid, _, _ = ask(heldout_svc, "kui palju energiat GPU 1 eile kulutas", None)
    _, _, query = ask(heldout_svc, "ja täna?", sid)
    assert query is not None and (query["name"], query["window"]["label"]) == ("energy", "today"), query


@pytest.mark.parametrize(
    "message",
    [
        "¿cuáles son mis jobs?",  # Spanish
        "le driver est mis à jour ?",  # French
        "mika jobi pyorii nyt",  # Finnish
        "onks jotain jonossa?",  # Finnish
        "what is on GPU 0 right now?",  # English
        "en die ander kaart?",  # Afrikaans (Dutch's "kaart" too)
        "scontrol update jobid=4 priority=50",  # Slurm
    ],
)
def test_other_languages_sharing_its_words_are_not_estonian(message: str) -> None:
    assert not estonian_marked(message), message


@pytest.mark.parametrize(
    ("message", "english"),
    [
        ("kas GPU 0 on vaba?", "GPU 0 is free?"),
        ("mitu jobi ootab järjekorras", "how many job is waiting in the queue"),
        ("millal see algas", "when it started"),
        ("kui kuum 4090 praegu on", "how hot is 4090 now"),
    ],
)
def test_estonian_forms(message: str, english: str) -> None:
    assert in_english(message) == english, in_english(message)


def test_estonian_requests_around_english_verbs(heldout_svc: AssistantService) -> None:
    """Requests said with Estonian's own verbs around the trade's words: "pane X pausile" (pause), "tee
    talle/sellele restart" (do it a retry), "vaheta X ja Y" (swap), "X peab N GPU-ga jooksma" (its GPUs)."""
    for message, command in (
        ("pane whisper-finetune pausile", "gpuaccel pause 14"),
        ("vaheta job 13 ja job 12 omavahel", "gpuaccel switch 13 12"),
        ("llama-70b-eval võiks 2 GPU-ga käima, muuda see ära", "gpuaccel edit 12 --gpus 2"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)
    sid, _, _ = ask(heldout_svc, "miks sd-xl-train kukkus?", None)
    _, text, query = ask(heldout_svc, "tee talle restart", sid)
    assert query is None and "gpuaccel retry 5" in text, text


def test_estonian_follow_ups_on_a_span_and_a_peak(heldout_svc: AssistantService) -> None:
    """ "samal ajal" (at the same time) keeps the span just asked about; "mis jobiga" (with which job) after a
    peak asks which job ran then; "X mõtlesin" corrects to the card said whole ("GPU 1", not "1")."""
    sid, _, _ = ask(heldout_svc, "viimase 2 tunni max temp GPU 1 peal", None)
    _, _, query = ask(heldout_svc, "aga util samal ajal?", sid)
    assert query is not None and query["window"]["label"] == "in the last 2 hours", query
    sid, _, _ = ask(heldout_svc, "GPU 0 power peak eile", None)
    _, text, query = ask(heldout_svc, "mis jobiga see oli?", sid)
    assert query is not None and query["name"] == "jobs", query
    sid, _, _ = ask(heldout_svc, "GPU 0 temp täna max", None)
    _, _, query = ask(heldout_svc, "sori, GPU 1 mõtlesin", sid)
    assert query is not None and query.get("gpu") == 1, query


@pytest.mark.parametrize(
    ("message", "english"),
    [
        ("mitu GPU-tundi eile kulutati", "how many GPU-hours yesterday were used"),
        ("mis serverisse jookseb", "what on the server is running"),
        ("GPU 1 peal", "on GPU 1"),
    ],
)
def test_estonian_cases_of_the_trades_words(message: str, english: str) -> None:
    assert in_english(message) == english, in_english(message)
