"""Slovenian, written whole or mixed with English words of the trade, mostly without č š ž (readings now and
over a span, peaks and means, energy and GPU-hours, idle time, jobs' failures and runs, requests with the
pronoun before the verb, English verbs given its endings, corrections), read by its own module; the
Serbian, Croatian, Czech and Finnish messages that share its short words left to them. Worded apart from
the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.languages import in_english
from gpuaccel.assistant.understand.languages.slovenian import slovenian_marked


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("kaksna je zdaj temperatura na 4090?", {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}),
        ("koliko energije je včeraj porabila h100", {"name": "energy", "gpu": 0, "label": "yesterday"}),
        (
            "najvisja temperatura h100 vceraj popoldne",
            {"name": "gpu_reading", "gpu": 0, "metric": "temperature", "label": "yesterday afternoon"},
        ),
        (
            "povprecna moc na GPU 0 danes zjutraj",
            {"name": "gpu_reading", "gpu": 0, "metric": "power", "label": "this morning"},
        ),
        ("kateri jobi so padli vceraj", {"name": "failures", "label": "yesterday"}),
        ("kdo uporablja najvec pomnilnika na GPU 0", {"name": "memory_users", "gpu": 0}),
        ("zakaj caka llama-70b-eval", {"name": "job_detail", "job": 12}),
        ("kaj tece zdej na h100", {"name": "jobs", "gpu": 0}),
    ],
)
def test_slovenian_questions(heldout_svc: AssistantService, question: str, expected: dict) -> None:
    _, text, query = ask(heldout_svc, question, None)
    assert query is not None, (question, in_english(question), text)
    for key, value in expected.items():
        got = query.get("window", {}).get("label") if key == "label" else query.get(key)
        assert got == value, (question, in_english(question), query)


def test_slovenian_requests(heldout_svc: AssistantService) -> None:
    for message, command in (
        ("prosim, pavziraj job 11", "gpuaccel pause 11"),
        ("cancelaj llama-70b-eval", "gpuaccel cancel 12"),
        ("odstrani job 9 s seznama, ga ne rabim vec", "gpuaccel remove 9"),
        ("ustavi celo vrsto", "gpuaccel pause"),
        ("znova pozeni vrsto", "gpuaccel resume"),
        ("a lahko whisper-finetune spremenim da rabi 2 GPU-ja", "gpuaccel edit 14 --gpus 2"),
    ):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and command in text, (message, in_english(message), text)


def test_slovenian_follow_ups_that_lean_on_the_turn_before(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "zakaj je padel flash-attn-build", None)
    # no object said: the job in focus
    _, text, _ = ask(heldout_svc, "ok, restartaj pls, sem popravila build", sid)
    assert "gpuaccel retry 3" in text, text
    sid, _, _ = ask(heldout_svc, "kaj je z whisper-finetune", None)
    _, text, _ = ask(heldout_svc, "dobro, zdaj ga lahko kar spustis", sid)  # the pronoun before its verb
    assert "gpuaccel release 14" in text, text
    sid, _, _ = ask(heldout_svc, "kdaj je tekel resnet50-bench", None)
    _, _, query = ask(heldout_svc, "kolk casa je tekel preden je bil ubit?", sid)
    assert query is not None and query.get("job") == 6, query


@pytest.mark.parametrize(
    ("message", "command"),
    [
        ("a mi lahko pavziras mistral-7b-sft", "gpuaccel pause 11"),  # "-iras", you do it
        ("cancel-aj whisper-finetune", "gpuaccel cancel 14"),  # the English verb, a hyphen, its ending
        ("dej whisper-finetune nazaj spusti", "gpuaccel release 14"),
        ("dajte sd-xl-train ponovno pognat", "gpuaccel retry 5"),  # "daj X pognat": have X run
        ("zamenjaj vrstni red jobov 13 pa 12", "gpuaccel switch 13 12"),
        ("daj whisper-finetune priority na 4", "gpuaccel priority 14 4"),  # "na" before the new value
        ("pocisti jobe ki so starejsi od 3 dni", "gpuaccel clean --older-than 3d"),
        ("whisper-finetune naj raje tece na dveh GPU-jih", "gpuaccel edit 14 --gpus 2"),
    ],
)
def test_slovenian_colloquial_requests(heldout_svc: AssistantService, message: str, command: str) -> None:
    """Requests as Ljubljana and Styria type them: the verb's forms, "daj" with an infinitive, "pa" for
    "and", "k"/"ki" for "that"."""
    _, text, query = ask(heldout_svc, message, None)
    assert query is None and command in text, (message, in_english(message), text)


def test_slovenian_colloquial_follow_ups(heldout_svc: AssistantService) -> None:
    """Follow-ups in the spoken forms ("zaj", "keri", "kuliko", "ob kerem cajtu", the past's "-u" for "-l")
    that lean on the job or the reading the turn before told."""
    sid, _, _ = ask(heldout_svc, "kaj zaj laufa na h100", None)
    _, text, query = ask(heldout_svc, "kulko GPU ur je ze porabu?", sid)
    assert query is not None and query.get("job") == 11, (query, text)
    sid, _, _ = ask(heldout_svc, "najvisja temperatura na 4090 vceraj", None)
    _, _, query = ask(heldout_svc, "ob keri uri?", sid)
    assert query is not None and query.get("gpu") == 1 and query.get("metric") == "temperature", query
    sid, _, _ = ask(heldout_svc, "kolk casa je tekel resnet50-bench", None)
    _, text, _ = ask(heldout_svc, "pa kolk je cakou predn je zacu?", sid)
    assert "in the queue" in text, text
    _, text, query = ask(heldout_svc, "kaj je pisalo v logu na koncu", sid)
    assert query is not None and query.get("name") == "job_log" and query.get("job") == 6, query
    _, _, query = ask(heldout_svc, "kolk cajta je GPU 1 vceraj vleku 300 W al vec", None)
    assert query is not None and query.get("at_least") == 300 and query.get("gpu") == 1, query


def test_a_job_named_by_a_part_that_opens_with_a_digit(heldout_svc: AssistantService) -> None:
    """A model's size opens a job's name ("405b probe"): the job, for a request to resize it."""
    for message in ("change the 405b probe so it uses 1 gpu", "the 405b probe should run on a single gpu"):
        _, text, query = ask(heldout_svc, message, None)
        assert query is None and "gpuaccel edit 13 --gpus 1" in text, (message, text)


@pytest.mark.parametrize(
    "message",
    [
        "koliko je struje potrošila h100 juče",  # Serbian
        "što se vrti na nultoj kartici, jesmo li gotovi",  # Croatian
        "kdo běží na gpu 0?",  # Czech
        "kdo bezi na gpu 0",  # Czech without its diacritics
        "miksi job 12 resumas",  # Finnish's English verb in its past
        "the danes ran the job",  # English
        "a ventilator zaj nagyon hangos",  # Hungarian's "zaj" (noise)
    ],
)
def test_other_languages_sharing_its_words_are_not_slovenian(message: str) -> None:
    assert not slovenian_marked(message), message
