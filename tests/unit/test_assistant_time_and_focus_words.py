"""Words of time and of focus: "then" is a word of its own (never repaired to "them"), "o'clock" says a time
and no clock reading, a part of a day ("yesterday afternoon") is a span, the extreme a reading reached
("the warmest it got") is read over the span, a request to act or a question about the future leaves the job
it names in focus, and a priority said with the request is in the command. Worded apart from the held-out
question sets."""

from __future__ import annotations

import datetime as dt

from assistant_helpers import build_chat_service
from test_assistant_questions import ask

from assistant_lab.sampling import FIXED_NOW
from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.queries.spans import window_of
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import RulePicker
from gpuaccel.assistant.understand.replies import act_request
from gpuaccel.assistant.understand.words import words

SVC_MACHINE = build_chat_service  # four jobs: train-a succeeded, bench-b running, oom-c failed, queued-d
TODAY = window_of("today", FIXED_NOW)
MIDNIGHT = dt.datetime.fromtimestamp(FIXED_NOW).replace(hour=0, minute=0, second=0).timestamp()


def pick(question: str, context: Context | None = None) -> Query | None:
    context = context or Context()
    return RulePicker().pick(question, Context(**{**context.__dict__, "gpus": [0, 1]}), FIXED_NOW)


def test_then_and_oclock_are_read_as_they_are() -> None:
    assert "then" in words("and what ran on it then")
    assert "clock" not in words("mean power since 9 o'clock") and "clock" not in words("since 10 oclock")
    since = window_of("since 9 o'clock", FIXED_NOW)
    assert since is not None and since.label == "since 09:00"
    assert pick("power of gpu 1 since 9 o'clock") == Query("gpu_reading", gpu=1, metric="power", window=since)


def test_a_part_of_a_day_is_a_span() -> None:
    afternoon = window_of("yesterday afternoon", FIXED_NOW)
    assert afternoon is not None
    assert (afternoon.t0, afternoon.t1) == (MIDNIGHT - 12 * 3600, MIDNIGHT - 6 * 3600)
    morning = window_of("what ran yday morning", FIXED_NOW)
    assert morning is not None and (morning.t0, morning.t1) == (MIDNIGHT - 86400, MIDNIGHT - 12 * 3600)
    evening = window_of("power this evening", FIXED_NOW)  # FIXED_NOW is past 18:00
    assert evening is not None and evening.t0 == MIDNIGHT + 18 * 3600 and evening.t1 == FIXED_NOW
    yesterday = window_of("yesterday", FIXED_NOW)
    assert yesterday is not None and yesterday.label == "yesterday"  # the whole day without a part said


def test_the_extreme_a_reading_reached_is_read_over_the_span() -> None:
    assert pick("the warmest they got today") == Query("gpu_reading", metric="temperature", window=TODAY)
    assert pick("busiest it went today?") == Query("gpu_reading", metric="util", window=TODAY)
    assert pick("which gpu is the hottest") == Query("gpu_rank", metric="temperature", order="max")  # now


def test_a_gpu_follow_up_said_with_then_or_there_keeps_the_gpu() -> None:
    memory = Context(Query("gpu_reading", gpu=1, metric="memory"), subject_gpus=[1])
    assert pick("so how much is free then", memory) == Query("gpu_reading", gpu=1, metric="free_memory")
    span = window_of("yesterday", FIXED_NOW)
    read = Context(Query("gpu_reading", gpu=1, metric="power", window=span), subject_gpus=[1])
    assert pick("what job was running there", read) == Query("jobs", gpu=1, window=span)


def test_a_priority_said_with_the_request_is_in_the_command() -> None:
    names = {"prep-data": 1, "train-vit": 2}
    assert "gpuaccel priority 2 7" in (act_request("change train-vit priority to 7", names) or "")
    assert "gpuaccel priority 1 3" in (act_request("set job 1's priority to 3 pls", names) or "")
    assert "gpuaccel priority 1 N" in (act_request("raise the priority of job 1", names) or "")
    assert act_request("set the power limit of gpu 0 to 300", names) is not None  # nvidia-smi, as before


def test_the_job_a_request_or_a_future_question_names_stays_in_focus(svc: AssistantService) -> None:
    sid, text, _ = ask(svc, "please stop bench-b, it is too slow", None)
    assert "gpuaccel cancel 2" in text
    sid, _, query = ask(svc, "how long has it been running", sid)
    assert query == {"name": "job_detail", "job": 2}
    sid, text, _ = ask(svc, "will queued-d start before 6pm?", None)
    assert "cannot tell what will happen" in text
    sid, _, query = ask(svc, "what does it wait for", sid)
    assert query == {"name": "job_detail", "job": 4}
