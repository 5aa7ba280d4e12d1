"""Hindi, Turkish and Québec French said in passing, Indian English's own turns ("kal", "kitna", "same to
same", "prepone", "do the needful"), German question words and an article before a reading, a card called a
graphics card and asked how it is going, "some GPU" (whichever card, not the one talked about), a job's
printed figure asked after its record, "give it another crack". Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.spoken import written


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("kal gpu 1 ka max temp kya tha", "yesterday gpu 1 max temp what was"),
        ("abhi h100 util kitna hai", "now h100 util how much is"),
        ("Wie hoch war die Temperatur heute?", "how high was the temperature today?"),
        ("the big graphics card", "the big card"),
    ],
)
def test_words_read_in_english(said: str, read: str) -> None:
    assert written(said).lower() == read


def test_hindi_day_and_question_words(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "kal 4090 ka average power kitna tha?", None)
    assert query is not None and query["gpu"] == 1 and query["metric"] == "power", query
    assert query["window"]["label"] == "yesterday", query
    sid, _, _ = ask(heldout_svc, "aaj dono gpus ki energy?", None)
    _, _, query = ask(heldout_svc, "aur kal?", sid)
    assert query is not None and query["name"] == "energy" and query["window"]["label"] == "yesterday", query


def test_same_to_same_keeps_the_span(heldout_svc: AssistantService) -> None:
    sid, _, first = ask(heldout_svc, "gpu 0 power over the last 2 hours, min and max", None)
    _, _, query = ask(heldout_svc, "same to same for memory", sid)
    assert first is not None and query is not None and query["metric"] == "memory", query
    assert query["window"] == first["window"], (first, query)


def test_indian_english_requests(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "job 14 ka status?", None)
    _, text, query = ask(heldout_svc, "please prepone it, start it now itself", sid)
    assert query is None and "gpuaccel release 14" in text, text


def test_german_question_words_and_articles(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "Wie war die Auslastung der H100 gestern?", None)
    assert query is not None and query["metric"] == "util" and query["window"]["label"] == "yesterday", query
    assert "failed" not in text, text


def test_a_graphics_card_asked_how_it_is_going(heldout_svc: AssistantService) -> None:
    sid, _, query = ask(heldout_svc, "G'day, how's the big graphics card going at the moment?", None)
    assert query == {"name": "gpu_reading", "gpu": 0, "metric": "overview"}, query
    _, _, query = ask(heldout_svc, "and the small one?", sid)
    assert query is not None and query.get("gpu") == 1, query


def test_some_gpu_is_whichever_card(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "what's the 4090's fan at?", None)
    _, text, query = ask(heldout_svc, "is any GPU being throttled right now?", sid)
    assert query is not None and query.get("gpu") is None, query


def test_a_jobs_printed_figure_after_its_record(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "who cancelled the resnet50 bench?", None)
    _, _, query = ask(heldout_svc, "images per sec kitna tha before that", sid)
    assert query == {"name": "job_log", "job": 6}, query


def test_another_crack(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "why did job 9 die?", None)
    _, text, query = ask(heldout_svc, "fair enough, give it one more crack", sid)
    assert query is None and "gpuaccel retry 9" in text, text


@pytest.mark.parametrize(
    ("said", "read"),
    [
        ("dün gpu 0 max power ne kadar?", "yesterday gpu 0 max power how much?"),
        ("bu sabah (9-11 arası) 4090 memory", "this morning (9-11) 4090 memory"),
        ("c'est-tu fini, job 2?", "is it finished, job 2?"),
        ("combien de kWh en tout?", "how much kwh in all?"),
    ],
)
def test_turkish_and_quebec_french_read_in_english(said: str, read: str) -> None:
    assert written(said).lower() == read


def test_quebec_french_follow_ups(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "which lr sweep run failed?", None)
    _, text, query = ask(heldout_svc, "relance-la", sid)
    assert query is None and "gpuaccel retry 9" in text, text
    sid, _, _ = ask(heldout_svc, "quand est-ce que la H100 a tiré le plus de watts aujourd'hui?", None)
    _, text, _ = ask(heldout_svc, "c'était quelle job, ça?", sid)
    assert "llama-70b-finetune" in text, text  # the H100 peaked at 00:02:13, in its run
