"""Korean and Japanese said in passing, GPU products this machine lacks, a reason said before the ask, "12
noon", idle hours over a span, words quoted as said, a threshold asked again of the other card, "what
happened" of the job talked about, what an answer is for said after the ask, a lead before "how do I", a job
ranking said as an eater, a job's crashes together, what an idle card's memory holds. Worded apart from the
blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService


@pytest.mark.parametrize(
    ("question", "metric", "gpu", "label"),
    [
        ("어제 4090 peak power?", "power", 1, "yesterday"),
        ("h100 mean temperature 今日 please", "temperature", 0, "today"),
    ],
)
def test_korean_and_japanese_day_words(
    heldout_svc: AssistantService, question: str, metric: str, gpu: int, label: str
) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is not None and query["metric"] == metric and query["gpu"] == gpu, query
    assert query["window"]["label"] == label, query


def test_korean_now_and_a_feeling_left_out(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "혹시 h100 temp 지금?", None)
    assert query == {"name": "gpu_reading", "gpu": 0, "metric": "temperature"}, query


def test_whose_job_misspelt_after_a_peak(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "peak temp of the h100 yesterday?", None)
    _, text, _ = ask(heldout_svc, "what time and who's job", sid)
    assert "llama-70b-finetune" in text, text


@pytest.mark.parametrize(
    "question",
    [
        "would a 3080 or a 5080 be enough for lora?",
        "thinking of buying a second gpu, worth it?",
        "fp8 vs bf16 for inference, which one is better?",
        "does the 4090 support fp8 (not asking about this machine, just in general)",
    ],
)
def test_products_and_choices_not_of_this_machine(heldout_svc: AssistantService, question: str) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is None


def test_a_reason_said_before_the_ask_is_no_span(heldout_svc: AssistantService) -> None:
    message = "Since the fans were loud all week, what's the current fan speed of the 4090?"
    _, _, query = ask(heldout_svc, message, None)
    assert query == {"name": "gpu_reading", "gpu": 1, "metric": "fan"}, query


def test_twelve_noon(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "mean power of the 4090 between 12 noon and 2 pm", None)
    assert query is not None and query["window"]["label"] == "between 12:00 and 14:00", query


def test_idle_hours_over_a_span(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "how many hours did the H100 sit idle yesterday?", None)
    assert query is not None and query["metric"] == "util" and query["gpu"] == 0, query
    assert query["window"]["label"] == "yesterday", query


def test_words_quoted_as_said_name_no_job(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "the sd-xl job 'kept crashing' this morning, what was wrong?", None)
    assert query == {"name": "job_detail", "job": 5}, query


def test_a_threshold_asked_again_of_the_other_card(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "how long did the H100 stay at 550 W or above today?", None)
    _, _, query = ask(heldout_svc, "and the 4090, for 350 W or more?", sid)
    assert query is not None and query["gpu"] == 1 and query["at_least"] == 350, query


def test_what_happened_of_the_job_talked_about(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "tell me about job 6", None)
    _, _, query = ask(heldout_svc, "so what happened?", sid)
    assert query == {"name": "job_detail", "job": 6}, query


def test_what_the_answer_is_for_asks_nothing(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "job 4 energy? need for monthly report", None)
    assert query == {"name": "job_detail", "job": 4} and "In the last 24 hours" not in text, text


def test_a_short_lead_before_how_do_i(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "is 14 still held?", None)
    _, text, query = ask(heldout_svc, "after lunch how do i release it", sid)
    assert query is None and "gpuaccel release 14" in text, text


def test_a_job_ranking_said_as_an_eater(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "biggest gpu-hour hog in the queue?", None)
    assert query == {"name": "job_rank", "metric": "gpu_time", "order": "max"}, query


def test_a_jobs_crashes_together(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "show job 5's log", None)
    _, text, query = ask(heldout_svc, "how much power did all those crashes waste?", sid)
    assert query == {"name": "job_detail", "job": 5} and "64.8 Wh" in text, (query, text)


def test_a_setting_of_the_element_that_exploded(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "how did the lr sweep go?", None)
    _, _, query = ask(heldout_svc, "which learning rate did the one that exploded use?", sid)
    assert query == {"name": "job_log", "job": 9}, query


def test_an_idle_cards_memory_in_use(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "is the 4090 free for another job?", None)
    assert query == {"name": "idle_gpus", "gpu": 1} and "1024 MiB of 24564 MiB memory in use" in text, text


def test_a_cards_busy_time_then_its_gpu_hours(heldout_svc: AssistantService) -> None:
    sid, _, _ = ask(heldout_svc, "how long was gpu 1 actually doing stuff today", None)
    _, text, query = ask(heldout_svc, "how many gpu hours is that", sid)
    assert query is not None and query["gpu"] == 1 and "2.26 GPU-hours" in text, (query, text)
