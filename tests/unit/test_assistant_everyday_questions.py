"""Questions as a new user writes them, through the chat of an :class:`AssistantService`: time spans said
in everyday words (overnight, since yesterday, 30 mins), a job that ran out of memory, a reading over a
span, the hardware "doing", a GPU by a word of its model, a job named with spaces for its dashes, and
follow-ups ("who is that?", "what was the reason?", "is that a lot?"). Every number of an answer is one
its query's result holds.

The machine is the held-out sets' (two fake GPUs, eight jobs over today and yesterday, an hour of power
history, 15:00), built by ``test_assistant_questions.build_service``.
"""

from __future__ import annotations

from assistant_helpers import MIDNIGHT, NOW
from test_assistant_questions import converse as chat

from gpuaccel.api.jobs import JobState
from gpuaccel.assistant.queries.jobs import clock
from gpuaccel.assistant.queries.query import Query, Window
from gpuaccel.assistant.queries.spans import window_of
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import RulePicker

H = 3600.0


def test_everyday_time_spans_are_read() -> None:
    assert window_of("did anything crash overnight", NOW) == Window(
        MIDNIGHT - 6 * H, MIDNIGHT + 6 * H, "last night"
    )
    assert window_of("what did i run last night", NOW) == Window(
        MIDNIGHT - 6 * H, MIDNIGHT + 6 * H, "last night"
    )
    early = MIDNIGHT + 2 * H  # before 06:00 the night is not over
    assert window_of("anything overnight", early) == Window(MIDNIGHT - 6 * H, early, "last night")
    assert window_of("any crashes since yesterday", NOW) == Window(MIDNIGHT - 86400, NOW, "since yesterday")
    assert window_of("in the past 30 mins", NOW) == Window(NOW - 1800, NOW, "in the last 30 minutes")
    for label in ("last night", "since yesterday"):  # a span's label reads back as the same span
        span = window_of(label, NOW)
        assert span is not None and window_of(span.label, NOW) == span


def test_failures_overnight_and_since_yesterday(svc: AssistantService) -> None:
    (night, _), (why, query) = chat(svc, "did anything crash overnight", "why?")
    assert night.startswith("1 job failed last night.") and "crash-y" in night and "oom-c" not in night
    assert query == {"name": "job_detail", "job": 8} and "segmentation fault" in why
    ((since, _),) = chat(svc, "any crashes since yesterday")
    assert since.startswith("2 jobs failed since yesterday.") and "oom-c" in since and "crash-y" in since
    ((recent, query),) = chat(svc, "anything fail in the past 30 mins")
    assert query is not None and query["window"]["label"] == "in the last 30 minutes"
    assert "oom-c" in recent and "crash-y" not in recent


def test_a_job_that_ran_out_of_memory_failed(svc: AssistantService) -> None:
    ((text, query),) = chat(svc, "did any job run out of memory")
    assert query == {"name": "failures"} and "CUDA out of memory" in text
    ((text, query),) = chat(svc, "is gpu 0 running out of memory")
    assert query == {"name": "gpu_reading", "gpu": 0, "metric": "memory"}


def test_a_reading_asked_over_a_span_is_that_reading_over_it(svc: AssistantService) -> None:
    ((text, query),) = chat(svc, "how busy was gpu 0 over the last hour")
    assert query is not None and (query["name"], query["gpu"], query["metric"]) == ("gpu_reading", 0, "util")
    assert "GPU 0 peaked at 80%" in text and "mean 80%" in text
    ((_, query),) = chat(svc, "how busy is gpu 0")
    assert query == {"name": "gpu_reading", "gpu": 0, "metric": "util"}


def test_the_hardware_doing_is_the_overview(svc: AssistantService) -> None:
    for question in ("hows the hardware doing", "wat r the gpus doin atm", "what are the cards doing"):
        ((text, query),) = chat(svc, question)
        assert query == {"name": "gpu_reading", "metric": "overview"}, question
        assert "GPU 0 (NVIDIA H100 80GB HBM3) is at 71 °C" in text and "GPU 1" in text


def test_a_gpu_by_a_word_of_its_model_and_its_running_jobs(svc: AssistantService) -> None:
    ((text, query),) = chat(svc, "anything running on the rtx")
    assert query == {"name": "jobs", "gpu": 1, "state": "running"}
    assert text.startswith("There are no running jobs on GPU 1. GPU 1 is at 4% utilization")
    ((text, query),) = chat(svc, "is anything running on gpu 0")
    assert query == {"name": "jobs", "gpu": 0, "state": "running"} and "finetune-b" in text
    ((_, query),) = chat(svc, "how hot is the geforce")
    assert query == {"name": "gpu_reading", "gpu": 1, "metric": "temperature"}
    ((_, query),) = chat(svc, "what's running")  # no GPU named: the queue's running jobs
    assert query == {"name": "queue", "state": "running"}


def test_a_job_named_with_spaces_for_its_dashes(svc: AssistantService) -> None:
    ((text, query),) = chat(svc, "why did train llama take so long")
    assert query == {"name": "job_detail", "job": 1} and text.startswith("Job 1 (train-llama)")
    ((_, query),) = chat(svc, "what happened to crash y")
    assert query == {"name": "job_detail", "job": 8}


def test_follow_ups_who_the_reason_and_a_judgement(svc: AssistantService) -> None:
    answers = chat(svc, "what's eating my vram", "and on gpu 1?", "who is that")
    assert answers[2][1] == {"name": "memory_users", "gpu": 1} and answers[2][0] == answers[1][0]
    answers = chat(svc, "jobs that died", "what was the reason for the newest one")
    assert answers[1][1] == {"name": "job_detail", "job": 3} and "CUDA out of memory" in answers[1][0]
    answers = chat(svc, "how many watts is gpu 0 drawing", "is that a lot")
    assert answers[1][1] == answers[0][1] == {"name": "gpu_reading", "gpu": 0, "metric": "power"}
    assert "limit" in answers[1][0]


def test_off_topic_with_a_time_span_is_still_refused() -> None:
    picker = RulePicker()
    for question in (
        "who sang at the concert last night",
        "which movies were on tv since yesterday",
        "how do i install cuda drivers",
    ):
        assert picker.pick(question, Context(gpus=[0, 1]), NOW) is None, question
    assert picker.pick("anything last night?", Context(gpus=[0, 1]), NOW) == Query(
        "jobs", window=window_of("last night", NOW)
    )


def test_a_gpus_overview_names_its_running_job_and_since_when_follows_it(svc: AssistantService) -> None:
    running = svc.store.list(states=[JobState.RUNNING])
    job = next(j for j in running if 0 in j.assigned_gpus)
    (text, query), (then, followed) = chat(svc, "what is gpu 0 doing?", "since when")
    started = clock(job.started_at or 0.0)
    assert query == {"name": "gpu_reading", "gpu": 0, "metric": "overview"}
    assert f"It runs job {job.id} ({job.name}) since {started}." in text, text
    assert followed == {"name": "job_detail", "job": job.id} and f"started at {started}" in then
    ((text, _),) = chat(svc, "what is gpu 1 doing?")
    assert "No queue job runs on it." in text
