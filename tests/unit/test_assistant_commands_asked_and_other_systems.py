"""The command asked for as "what is the exact command to ...", a log followed live (a read: gpuaccel logs
-f; "the tail of its log" is still its last lines), a priority said after a comma; what a job tried to
allocate (its log), "in the night", "at what hour", "the 13 why ..."; other systems (Kubernetes) and
"unrelated but ...", one method weighed against another for a purpose. Worded apart from the blind sets."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask, converse

from gpuaccel.assistant.service import AssistantService


@pytest.mark.parametrize(
    ("request_said", "command"),
    [
        ("what is the exact command to hold job 12, llama-70b-eval?", "gpuaccel hold 12"),
        ("spell out the command to cancel job 13 please", "gpuaccel cancel 13"),
        ("how do I watch the log of job 11 live?", "gpuaccel logs 11 -f"),
        ("bump job 13, priority, 7", "gpuaccel priority 13 7"),
    ],
)
def test_commands_asked_for(heldout_svc: AssistantService, request_said: str, command: str) -> None:
    _, text, query = ask(heldout_svc, request_said, None)
    assert query is None and command in text, text


def test_the_tail_of_a_log_is_its_last_lines(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "show me the tail of job 9's log", None)
    assert query == {"name": "job_log", "job": 9}, query


def test_what_a_job_tried_to_allocate_is_in_its_log(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(
        heldout_svc, "why did sd-xl-train fail?", "how much was it attempting to allocate?"
    )
    assert query is not None and query["name"] == "job_log" and "2.50 GiB" in text, (query, text)


def test_spans_and_jobs_said_loosely(heldout_svc: AssistantService) -> None:
    _, _, query = ask(heldout_svc, "what failed in the night?", None)
    assert query is not None and query["window"]["label"] == "last night", query
    (_, _), (text, query) = converse(heldout_svc, "peak power of the 4090 yesterday", "at what hour?")
    assert query is not None and query["metric"] == "power", query
    assert query["window"]["label"] == "at 20:12:13", query  # when the peak was: the reading at its moment
    _, _, query = ask(heldout_svc, "the 12 why is it waiting", None)
    assert query == {"name": "job_detail", "job": 12}, query


@pytest.mark.parametrize(
    "question",
    [
        "how do I give a kubernetes pod access to one GPU?",
        "unrelated but what's a good book on CUDA programming",
        "is adamw better than sgd for fine-tuning a vision transformer?",
    ],
)
def test_not_about_this_machine(heldout_svc: AssistantService, question: str) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is None, (question, query)
