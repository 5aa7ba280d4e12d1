"""Spanish, read where a message has marks of its own (and "the que" typed for the queue left English); a
newcomer's plain words ("the busy number", "the card with more memory", "the last time anyone used it"), a
phone typist's "tdy" and "juice", a paused job started "again", "if I want ..., which card", "right now"
after a sentence that names a day, "which of the two" after each GPU's energy, what a failed run tried to
allocate, and another job named after a list's totals. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.spoken import written


@pytest.mark.parametrize(
    ("question", "name", "fields"),
    [
        ("cuanta energia uso la H100 ayer?", "energy", {"gpu": 0}),
        ("por que fallo el 9", "job_detail", {"job": 9}),
        ("cuanto tiempo estuvo la H100 arriba de 80 °C hoy", "gpu_reading", {"gpu": 0, "at_least": 80}),
        ("¿qué se rompió hoy?", "failures", {}),
        ("desde las 14:00 cual fue el pico de temperatura de la 4090", "gpu_reading", {"gpu": 1}),
    ],
)
def test_spanish_questions(heldout_svc: AssistantService, question: str, name: str, fields: dict) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is not None and query["name"] == name, (question, query)
    assert all(query.get(k) == v for k, v in fields.items()), (question, query)


def test_spanish_requests_and_a_joke(heldout_svc: AssistantService) -> None:
    _, text, _ = ask(heldout_svc, "cancela el 12 porfa", None)
    assert "gpuaccel cancel 12" in text, text
    sid, _, _ = ask(heldout_svc, "el job 11 sigue corriendo?", None)
    _, text, _ = ask(heldout_svc, "pausalo un rato", sid)
    assert "gpuaccel pause 11" in text, text
    _, _, query = ask(heldout_svc, "cuentame un chiste de GPUs", None)
    assert query is None, query


def test_english_is_left_english() -> None:
    assert written("whats sitting in the que at the moment") == "whats sitting in the que at the moment"
    assert written("how long did job 4 take today?") == "how long did job 4 take today?"


@pytest.mark.parametrize(
    ("question", "gpu", "metric", "said"),
    [
        ("Yesterday, what was the highest the busy number reached on the H100?", 0, "util", "98%"),
        ("how much memory is the graphics card with less memory using?", 1, "memory", "1024 MiB"),
    ],
)
def test_a_newcomers_plain_words(
    heldout_svc: AssistantService, question: str, gpu: int, metric: str, said: str
) -> None:
    _, text, query = ask(heldout_svc, question, None)
    assert query is not None and query.get("gpu") == gpu and query.get("metric") == metric, query
    assert said in text, text


def test_the_last_time_anyone_used_a_card(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "when was the last time somebody used the 4090?", None)
    assert query == {"name": "idle_gpus"} and "since 13:24:00" in text, (query, text)


def test_a_phone_typists_words(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "peak temp gpu0 tdy", None)
    assert query is not None and query["window"]["label"] == "today", query
    _, text, query = ask(heldout_svc, "juice used by the h100 yday", None)
    assert query is not None and query["name"] == "energy" and "4.89 kWh" in text, (query, text)


def test_a_paused_job_started_again_is_resumed(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "how do I pause job 11 for a bit?", None)
    _, text, _ = ask(heldout_svc, "and then how do I start it again?", sid)
    assert "gpuaccel resume 11" in text, text
    sid, _, _ = ask(heldout_svc, "why did job 9 fail?", None)
    _, text, _ = ask(heldout_svc, "start it again please", sid)
    assert "gpuaccel retry 9" in text, text


def test_a_wish_before_which_card(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "if we need a card this afternoon, which one should we take?", None)
    assert query == {"name": "idle_gpus"}, query


def test_right_now_after_a_sentence_that_names_a_day(heldout_svc: AssistantService) -> None:
    question = "I joined the lab today. What are the two GPUs doing right now?"
    _, _, query = ask(heldout_svc, question, None)
    assert query is not None and "window" not in query, query


def test_which_of_the_two_after_each_gpus_energy(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "energy of the 4090 today?", None)
    sid, _, _ = ask(heldout_svc, "and the h100?", sid)
    _, text, query = ask(heldout_svc, "which one used more this morning?", sid)
    assert query is not None and query["name"] == "energy" and "gpu" not in query, query
    assert query["window"]["label"] == "this morning", query


def test_what_a_failed_run_tried_to_allocate_is_in_its_log(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "what happened to sd-xl-train?", None)
    _, text, query = ask(heldout_svc, "how much memory did it try to allocate?", sid)
    assert query == {"name": "job_log", "job": 5} and "2.50 GiB" in text, (query, text)


def test_another_job_named_after_a_lists_totals(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "gpu hours of the lr-sweep runs together?", None)
    _, text, query = ask(heldout_svc, "and data-prep, how much energy?", sid)
    assert query is not None and query.get("job") == 1, query
