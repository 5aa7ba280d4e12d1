"""A request asked as whether it is possible ("is it possible to pause job 11 for a while?"), made a higher
priority, put once more in the queue, one job removed by number (not every finished one); GPUs for hire
elsewhere and memory technologies compared (not this machine's readings); compute time as GPU-time; when a
queued job is going to start (what it waits for). Worded apart from the blind question sets."""

from __future__ import annotations

import datetime as dt

import pytest
from test_assistant_questions import ask, converse

from gpuaccel.assistant.queries.spans import window_of
from gpuaccel.assistant.service import AssistantService


@pytest.mark.parametrize(
    ("request_said", "command"),
    [
        ("is it possible to hold job 12 until tonight?", "gpuaccel hold 12"),
        ("could you make job 13 top priority? the paper is due", "gpuaccel priority 13"),
        ("please delete job 6 from the list", "gpuaccel remove 6"),
    ],
)
def test_requests_asked_as_possible_or_made(
    heldout_svc: AssistantService, request_said: str, command: str
) -> None:
    _, text, query = ask(heldout_svc, request_said, None)
    assert query is None and command in text, text


def test_put_once_more_in_the_queue_is_a_retry(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(
        heldout_svc, "why did job 9 fail?", "ok, send it one more time into the queue"
    )
    assert query is None and "gpuaccel retry 9" in text, text


@pytest.mark.parametrize(
    "question",
    [
        "what does runpod charge for a 4090 these days?",
        "would we be better off renting A100s from gcp right now?",
        "is GDDR7 much faster than HBM2e?",
    ],
)
def test_other_peoples_gpus_and_memory_kinds(heldout_svc: AssistantService, question: str) -> None:
    _, _, query = ask(heldout_svc, question, None)
    assert query is None, (question, query)


def test_a_cloud_comparison_asked_of_our_job_is_read(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "for a comparison with aws: how long did job 2 run?", None)
    assert query == {"name": "job_detail", "job": 2} and "8h30m" in text, (query, text)


def test_compute_time_is_gpu_time(heldout_svc: AssistantService) -> None:
    (_, _), (text, query) = converse(
        heldout_svc, "what happened to job 5?", "and its compute time over all attempts?"
    )
    assert query == {"name": "job_detail", "job": 5} and "0.16" in text, (query, text)


def test_when_a_queued_job_is_going_to_start(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "when is job 13 going to start?", None)
    assert query == {"name": "job_detail", "job": 13} and "2 GPUs" in text, (query, text)
    _, _, query = ask(heldout_svc, "can you guess when job 13 will start?", None)
    assert query is None, query


def test_the_present_moment_said_by_the_clock_is_read_live(heldout_svc: AssistantService) -> None:
    """At 15:00:00, "right now at 15:00" names an empty span: the live reading answers (the chat answered
    with an error, 'its end must be after its start', before)."""
    now = dt.datetime(2026, 11, 27, 15, 0, 0).timestamp()
    assert window_of("at 15:00", now) is None and window_of("at 14:59", now) is not None
    _, text, query = ask(heldout_svc, "how busy is gpu 1 right now at 15:00?", None)
    assert query is not None and query.get("window") is None and "0%" in text, (query, text)
