"""Québec French about the queue: English verbs given French endings ("killer", "releaser", "a crash",
"runnait"), "la 12" as a job (Québec's "la job"), "faque" (so), "part pas" (does not start), a correction
("c'est la 12 que je voulais ..., pas la 13"), a memory set "à" a value, what a job asks for, and a request
to update the GPU driver refused. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.spoken import written


@pytest.mark.parametrize(
    ("said", "read"),
    [
        # an English verb with a French ending: the infinitive, the past after "a", the imperfect
        ("tu peux releaser la whisper-finetune?", "can you release the whisper-finetune?"),
        ("la 3 a crashé hier soir?", "job 3 crashed yesterday evening?"),
        ("elle runnait sur quelle carte?", "it was running on which card?"),
        # "la 12": a job by two digits, by a request before it or a failure after it; "la 1" else a card
        ("pourquoi la 12 démarre pas?", "why job 12 is not starting?"),
        ("stoppe la 4 stp", "stop job 4 please"),
        ("la 1 elle chauffe à combien?", "gpu 1 it heated up a how much?"),
        # Québec's "faque" (so), a correction, "repars" (get going again)
        ("bon faque kille-la", "bon so kill it"),
        ("non, c'est la 12 que je voulais bloquer, pas la 13", "no, i meant job 12, not job 13"),
        ("ok repars la file", "ok restart the queue"),
    ],
)
def test_quebec_words_read_in_english(said: str, read: str) -> None:
    assert written(said) == read


def test_a_job_said_la_and_its_requests(heldout_svc: AssistantService) -> None:
    sid, text, query = ask(heldout_svc, "pourquoi la 12 démarre pas?", None)
    assert query is not None and query.get("job") == 12, (query, text)
    _, text, query = ask(heldout_svc, "ok faque kille-la", sid)
    assert query is None and "gpuaccel cancel 12" in text, text
    sid, text, query = ask(heldout_svc, "mets la 13 on hold", None)
    assert query is None and "gpuaccel hold 13" in text, text
    _, text, query = ask(heldout_svc, "non, c'est la 12 que je voulais bloquer, pas la 13", sid)
    assert query is None and "gpuaccel hold 12" in text, text
    _, text, query = ask(heldout_svc, "relance la 3", None)
    assert query is None and "gpuaccel retry 3" in text, text
    sid, text, query = ask(heldout_svc, "la 3 a crash pourquoi?", None)
    assert query is not None and query.get("job") == 3, (query, text)


def test_english_verbs_with_french_endings(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "tu peux releaser la whisper-finetune?", None)
    assert query is None and "gpuaccel release 14" in text, text
    sid, text, query = ask(heldout_svc, "la job qui runne sur la H100, elle est rendue ou?", None)
    assert query is not None and query.get("job", 11) == 11 and "mistral-7b-sft" in text, (query, text)
    _, text, query = ask(heldout_svc, "suspends-la", sid)
    assert query is None and "gpuaccel pause 11" in text, text


def test_a_jobs_wait_memory_and_queue(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "la llama-8b-eval a roulé combien de temps?", None)
    _, text, _ = ask(heldout_svc, "pis elle a attendu combien avant de démarrer?", sid)
    assert "5m00s" in text, text
    sid, _, _ = ask(heldout_svc, "c'est quoi l'etat de la 13?", None)
    _, text, _ = ask(heldout_svc, "elle veut combien de mémoire par GPU?", sid)
    assert "60000" in text, text
    _, text, query = ask(heldout_svc, "baisse la memoire de la 12 a 30000 MiB", None)
    assert query is None and "gpuaccel edit 12 --memory 30000" in text, text
    sid, _, _ = ask(heldout_svc, "pause toute la file stp", None)
    _, text, query = ask(heldout_svc, "ok repars la file", sid)
    assert query is None and "gpuaccel resume" in text, text


@pytest.mark.parametrize(
    "said", ["tu peux upgrader les drivers ce soir?", "could you install the latest nvidia drivers"]
)
def test_a_driver_update_is_refused(heldout_svc: AssistantService, said: str) -> None:
    _, text, query = ask(heldout_svc, said, None)
    assert query is None and "administrator" in text and "gpuaccel" in text, text


def test_the_driver_asked_about_is_read(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "which nvidia driver is installed?", None)
    assert query is not None and query["name"] == "gpu_list", query
