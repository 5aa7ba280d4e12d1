"""Who loaded a card at its peak ("who was loading it", "what pulled that", "+ which workload"), requests to
act said around the verb ("keep it held", "move it to the front of the line", "kill whatever's on card 0",
"you can put it back in the queue" of a held job, "clear the finished ones out"), a message whose future is
only why it asks, products named as kinds and writing asked after "ok, and", and a French speaker's calques.
Worded apart from the blind question sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, converse

from gpuaccel.assistant.service import AssistantService


@pytest.mark.parametrize("follow_up", ["what was loading it", "what drove that", "and which workload"])
def test_who_loaded_a_card_at_its_peak(heldout_svc: AssistantService, follow_up: str) -> None:
    (_, _), (text, query) = converse(heldout_svc, "peak power of the h100 since midnight", follow_up)
    assert query is not None and query["name"] == "jobs" and query["gpu"] == 0, query
    assert "at 00:02:13" in text and "llama-70b-finetune" in text, text


def test_a_peak_and_what_ran_then_in_one_message(heldout_svc: AssistantService) -> None:
    _, text, _ = ask(heldout_svc, "today's top power on the 4090 + which workload", None)
    assert "peaked at 407 W" in text and "llama-8b-eval" in text, text


@pytest.mark.parametrize(
    ("request_said", "command"),
    [
        ("leave llama-70b-eval parked until the cooler is swapped", "gpuaccel hold 12"),
        ("move the 405b probe to the top of the queue", "gpuaccel priority 13"),
        ("could you push llama-70b-eval up in the line", "gpuaccel priority 12"),
        ("shift job 13 forward in the queue please", "gpuaccel priority 13"),
        ("stop whatever's on gpu 0, it is too hot", "gpuaccel cancel 11"),
        ("the labels are fixed now, you can put whisper-finetune back in the queue", "gpuaccel release 14"),
        ("please wipe the completed ones from the list", "gpuaccel clean"),
        # "help me" before the verb, after a clause with a verb of its own
        ("i set a bad seed for llama-70b-eval, help me hold it", "gpuaccel hold 12"),
    ],
)
def test_requests_said_around_the_verb(
    heldout_svc: AssistantService, request_said: str, command: str
) -> None:
    _, text, query = ask(heldout_svc, request_said, None)
    assert query is None and command in text, text


def test_a_question_asked_for_a_future_decision_is_answered(heldout_svc: AssistantService) -> None:
    _, text, query = ask(
        heldout_svc, "How much memory did the h100 use at most today? We plan next year's purchase.", None
    )
    assert query is not None and query["metric"] == "memory" and "78000 MiB" in text, (query, text)
    _, text, query = ask(heldout_svc, "Is llama-405b-probe going to start soon? Why is it waiting?", None)
    assert query == {"name": "job_detail", "job": 13}, query
    _, _, query = ask(heldout_svc, "will the h100 run hotter tomorrow?", None)
    assert query is None, query


@pytest.mark.parametrize(
    "question",
    [
        "what's the usual idle power of an A100 PCIe?",
        "for inference, is it better two L4 or one L40S?",
        "ok, and could you write a paragraph for the dean about why GPUs matter?",
        "adam or sgd for my diffusion model, which should I use?",
        "Unrelated, just curious: what fan curve do people use on datacenter cards?",
        "nothing to do with our box: how warm should a server room be?",
        "how do the A100 SXM4 and PCIe variants compare on memory bandwidth?",
        "is a Wh the same thing as a W? sorry, beginner here",
    ],
)
def test_questions_not_about_this_machine_are_declined(heldout_svc: AssistantService, question: str) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is None, query


def test_a_french_speakers_calques(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "which job is turning on the H100 in this moment?", None)
    assert query is not None and "mistral-7b-sft" in text, (query, text)
    _, text, query = ask(
        heldout_svc, "during how much time the 4090 was at 50% of utilisation or more today?", None
    )
    assert query is not None and query["at_least"] == 50 and query["gpu"] == 1, query
    assert "at 50% or more for" in text, text


def test_an_australians_arvo_and_where_a_run_is_up_to(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "how busy was the 4090 this arvo?", None)
    assert query is not None and query["window"]["label"] == "since noon", query
    _, text, query = ask(heldout_svc, "where is mistral-7b-sft up to?", None)
    assert query == {"name": "job_detail", "job": 11} and "step 4100/12000" in text, (query, text)


def test_a_script_put_on_a_card_is_a_submission(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "could you stick my eval.py on gpu 1 please", None)
    assert query is None and "gpuaccel submit" in text and "--gpu-ids 1" in text and "eval.py" in text, text


def test_it_after_a_telling_that_names_one_job(heldout_svc: AssistantService) -> None:
    (_, _), (_, query) = converse(  # (another job in focus before it)
        heldout_svc,
        "why did job 9 fail?",
        "My labmate said job 3 broke last night. What it printed before crashing?",
    )
    assert query == {"name": "job_log", "job": 3}, query
    _, _, query = ask(heldout_svc, "Someone says the sweep died. Which element was it?", None)
    assert query is not None and query["name"] == "failures" and query["job_name"] == "lr-sweep", query


def test_idle_since_said_without_an_auxiliary(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(heldout_svc, "how busy was the 4090 today", "since when nobody use it?")
    assert query is not None and query["name"] == "idle_gpus" and "since 13:24:00" in text, (query, text)


def test_marvelling_at_a_few_seconds_asks_nothing(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(
        heldout_svc, "how long was gpu 0 at 80 °C or more today?", "only few seconds? when was it"
    )
    assert query is not None and query["name"] == "gpu_reading" and "13:47" in text, (query, text)
