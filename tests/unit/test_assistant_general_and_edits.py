"""A question said to be general ("In general, ...", "Generally ...") or about another server, a note to
write asked "kindly", a job's GPU count changed (gpuaccel edit), "busier than N%" as a threshold, where a
run is "in its training" (its log), and "during more time" as busier. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.assistant.service import AssistantService


@pytest.mark.parametrize(
    "question",
    [
        "In general, does a GPU age faster when it sits at its power limit?",
        "Generally speaking, A100 or H100 for inference?",
        "what does XID 48 mean? we got it on another node last week",
        "kindly draft a short note to the team about fair use of the cards",
    ],
)
def test_general_questions_and_notes_are_not_this_machine(
    heldout_svc: AssistantService, question: str
) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is None, (question, query)


def test_in_general_of_this_machines_span_is_read(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "in general, how hot did gpu 1 run yesterday?", None)
    assert query is not None and query["metric"] == "temperature", query


@pytest.mark.parametrize(
    ("request_said", "command"),
    [
        ("edit job 12 to use 2 gpus", "gpuaccel edit 12 --gpus 2"),
        ("change job 13 so it needs one gpu", "gpuaccel edit 13 --gpus 1"),
    ],
)
def test_a_jobs_gpu_count_changed(heldout_svc: AssistantService, request_said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, request_said, None)
    assert query is None and command in text, text


def test_busier_than_a_value_and_than_a_card(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "how long was gpu 0 busier than 50% today?", None)
    assert query is not None and query["metric"] == "util" and query["at_least"] == 50, query
    _, _, query = ask(heldout_svc, "was gpu 0 busier than the 4090 yesterday?", None)
    assert query is not None and "at_least" not in query, query


def test_where_a_run_is_in_its_training(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "mistral-7b-sft: where is it now in its training?", None)
    assert query == {"name": "job_log", "job": 11} and "4100/12000" in text, (query, text)


def test_used_during_more_time(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "yesterday, which card was used during more time?", None)
    assert query is not None and query["metric"] == "util", query


@pytest.mark.parametrize(
    ("request_said", "command"),
    [
        ("lower the priority to 3", "gpuaccel priority 12 3"),  # not job 3's record
        ("ok reduce the gpus to 1", "gpuaccel edit 12 --gpus 1"),  # not the GPUs' list
    ],
)
def test_a_setting_changed_after_a_jobs_record_is_that_jobs(
    heldout_svc: AssistantService, request_said: str, command: str
) -> None:
    sid, _, _ = ask(heldout_svc, "what is job 12 up to?", None)
    _, text, query = ask(heldout_svc, request_said, sid)
    assert query is None and command in text, (request_said, query, text)
