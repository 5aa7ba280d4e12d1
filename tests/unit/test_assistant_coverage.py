"""What the blind sets found unanswered, answered: clocks and P-state, memory in MiB, a job's own record,
requests to act with the command that does it, questions about the future refused, spans by the clock,
a job by a part of its name, the job in focus, held jobs and the job that used the most energy."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from assistant_helpers import NOW, act_reply
from test_assistant_questions import ask

from gpuaccel.assistant.queries.catalogue import run
from gpuaccel.assistant.queries.facts import FactsSource
from gpuaccel.assistant.queries.query import Query, QueryContext
from gpuaccel.assistant.queries.spans import window_of
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import RulePicker
from gpuaccel.assistant.understand.replies import (
    FUTURE_REPLY,
    HOUSEKEEPING_REPLY,
    about_housekeeping,
    about_the_future,
)
from gpuaccel.scheduler.lifecycle.validation import validate_request
from gpuaccel.scheduler.store.queue import Store

JOBS = {"mistral-7b-sft": 11, "llama-70b-eval": 12, "train-llama": 3}
MACHINE = Context(job_names=JOBS, gpus=[0, 1], gpu_models={0: "NVIDIA H100 80GB HBM3", 1: "RTX 4090"})
AFTERNOON = dt.datetime.now().replace(hour=15, minute=0, second=0, microsecond=0).timestamp()


def pick(question: str, context: Context = MACHINE) -> Query | None:
    return RulePicker().pick(question, context, AFTERNOON)


@pytest.mark.parametrize(
    ("question", "command"),
    [
        ("kill the mistral run, it's wasting the h100", "gpuaccel cancel 11"),  # a part of its name
        ("can you please cancel llama-70b-eval", "gpuaccel cancel 12"),
        ("delete my failed jobs", "gpuaccel clean --state failed"),
        ("please delete all my cancelled jobs", "gpuaccel clean --state cancelled"),
        ("pause the queue pls", "gpuaccel pause"),
        ("set the power limit of gpu 0 to 500 W", "nvidia-smi"),
        ("reset gpu 1 for me", "nvidia-smi"),
    ],
)
def test_a_request_to_act_gets_the_command(question: str, command: str) -> None:
    reply = act_reply(question, JOBS)
    assert reply is not None and "I do not change anything" in reply and command in reply, reply


@pytest.mark.parametrize(
    "question", ["stop the music", "delete the word 'gpu' from this sentence", "how hot is gpu 0?"]
)
def test_what_is_not_a_request_to_act_is_left_to_the_pickers(question: str) -> None:
    assert act_reply(question, JOBS) is None


@pytest.mark.parametrize(
    "question",
    [
        "what will gpu 0's temperature be tomorrow at noon?",
        "how much will my electricity bill be next month",
        "will job 12 finish before 6pm?",
        "how long until llama-70b-eval starts",
        "predict when the h100 will fail",
        "is gpu 1 gonna be busy later",
        "will the queue be empty by tonight",
    ],
)
def test_questions_about_the_future_are_refused_with_the_topics(question: str) -> None:
    assert about_the_future(question) == FUTURE_REPLY


@pytest.mark.parametrize(
    "question",
    ["why did job 4 fail?", "how hot is gpu 0?", "what ran today?", "what's the weather in berlin tomorrow?"],
)
def test_questions_about_now_or_the_world_are_not_the_machine_s_future(question: str) -> None:
    """The world's future ("the weather tomorrow") is left to the refusal: only this machine is known."""
    assert about_the_future(question) is None


def test_spans_said_by_the_clock() -> None:
    w = window_of("peak temp of gpu 0 between 13:45 and 13:50", AFTERNOON)
    assert w is not None and (w.t0, w.t1) == (AFTERNOON - 75 * 60, AFTERNOON - 70 * 60)
    w = window_of("what were the gpus doing between 10 and 11 this morning", AFTERNOON)
    assert w is not None and w.t1 - w.t0 == 3600 and w.label == "between 10:00 and 11:00"
    w = window_of("gpu 1's temperature at 10:02", AFTERNOON)
    assert w is not None and w.t1 - w.t0 == 60 and w.label == "at 10:02"
    assert window_of("between 2 and 3 jobs", AFTERNOON) is None  # numbers, not clock times
    # a dotted value is no time: a unit after it, or one digit to the hour with no am/pm
    for said in ("cap it at 12.50 W", "loss stuck at 1.45", "between 1.5 and 2.5 kw"):
        assert window_of(said, AFTERNOON) is None, said


@pytest.mark.parametrize(
    ("said", "label"),
    [
        ("any spikes on the a100 roughly at 9:20", "between 09:15 and 09:25"),
        ("which runs were up near 14:05", "between 14:00 and 14:10"),
        ("temps circa 8pm yesterday", "yesterday between 19:55 and 20:05"),
        ("gpu 3 at exactly 9:20", "at 09:20"),  # said exactly: that minute
        ("how about 9:20", "at 09:20"),  # a follow-up's time, not "about" as roughly
        # a clock time written with a dot: with am/pm, or two digits to the hour after a time word
        ("gpu 2 around 9.20am", "between 09:15 and 09:25"),
        ("temps from 08.10 to 08.40", "between 08:10 and 08:40"),
    ],
)
def test_a_time_said_roughly_is_the_minutes_either_side(said: str, label: str) -> None:
    w = window_of(said, AFTERNOON)
    assert w is not None and w.label == label, (said, w)
    again = window_of(f"between {label.split('between ')[-1]}", AFTERNOON) if "between" in label else w
    # the label reads back as the same span
    assert again is not None and (again.t1 - again.t0) == (w.t1 - w.t0), (label, again)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("clocks on gpu 0?", Query("gpu_reading", gpu=0, metric="overview")),
        ("what's the memory clock on the 4090 right now", Query("gpu_reading", gpu=1, metric="mem_clock")),
        ("pstate gpu 1", Query("gpu_reading", gpu=1, metric="overview")),
        ("what is held", Query("jobs", state="held")),
        ("which jobs are on hold", Query("jobs", state="held")),
        ("which job used the most energy", Query("job_rank", metric="energy", order="max")),
    ],
)
def test_new_readings_and_job_lists_are_picked(question: str, expected: Query) -> None:
    assert pick(question) == expected


def test_a_reading_with_a_span_reads_the_history() -> None:
    q = pick("max memory used on gpu 0 over the last 24h")
    assert q is not None and (q.name, q.gpu, q.metric) == ("gpu_reading", 0, "memory") and q.window
    q = pick("avg temp of gpu 0 in the last hour")  # a summary gives no mean temperature
    assert q is not None and (q.name, q.metric) == ("gpu_reading", "temperature") and q.window


@pytest.mark.parametrize("question", ["energy?", "gpu hours?", "since when", "which array is it part of"])
def test_the_job_in_focus_answers_its_own_record(question: str) -> None:
    focus = Context(Query("job_detail", job=4), [4], JOBS, [0, 1])
    assert pick(question, focus) == Query("job_detail", job=4)


def test_answers_say_clocks_mib_and_a_jobs_record(svc: AssistantService) -> None:
    _, text, _ = ask(svc, "clocks on gpu 0?", None)
    assert "SM clock" in text and "memory clock" in text and "MHz" in text and "MiB" in text, text
    _, text, _ = ask(svc, "memory used on gpu 0", None)
    assert "40960 MiB of 81559 MiB" in text, text  # as gpuaccel status writes it
    _, text, _ = ask(svc, "when did train-llama start?", None)
    started = dt.datetime.fromtimestamp(NOW - 3 * 3600 - 5 * 60).strftime("%H:%M")
    assert f"started at {started}" in text and "ended at" in text and "GPU-hours" in text, text
    assert text.count("2h00m") == 1, text  # its run time said once, not in the headline and the record
    _, text, query = ask(svc, "kill the llama run", None)
    assert query is None and "gpuaccel cancel" in text, text


def _store_with(tmp_path: Path, rows: list[tuple[str, str, float, float | None, float | None]]) -> Store:
    """A queue of (name, state, submitted, started, ended) jobs, times relative to NOW."""
    store = Store(tmp_path / "q.db")
    for name, state, submitted, started, ended in rows:
        job = store.insert(validate_request({"kind": "command", "argv": ["true"], "name": name}))
        with store.transaction() as c:
            c.execute(
                "UPDATE jobs SET state = ?, created_at = ?, started_at = ?, finished_at = ? WHERE id = ?",
                (
                    state,
                    NOW + submitted,
                    None if started is None else NOW + started,
                    None if ended is None else NOW + ended,
                    job.id,
                ),
            )
    return store


def test_the_default_span_of_a_summary_filters(tmp_path: Path) -> None:
    store = _store_with(
        tmp_path,
        [
            ("fresh-wait", "queued", -600, None, None),  # submitted 10 min ago, not started
            ("fresh-cancel", "cancelled", -900, None, -300),  # submitted and cancelled before it started
            ("ran-now", "running", -7200, -1800, None),  # submitted earlier, running in the span
            ("two-days-ago", "succeeded", -2 * 86400, -2 * 86400 + 60, -2 * 86400 + 600),
        ],
    )
    ctx = QueryContext(FactsSource(store), now=lambda: NOW)
    summary = run(ctx, Query("summary"))  # no span said: the last 24 hours
    # every job submitted in the span whatever its state, and the one running in it (issue 39, spans)
    head = "In the last 24 hours: 3 jobs (1 cancelled, 1 queued, 1 running)"
    assert summary.sentence.startswith(head) and "two-days-ago" not in summary.sentence, summary.sentence
    store.close()


@pytest.mark.parametrize(
    "question", ["delete old logs", "please clean up the caches", "can you free some disk space"]
)
def test_a_request_to_clean_up_names_cleanup(question: str) -> None:
    assert about_housekeeping(question) == HOUSEKEEPING_REPLY and "/cleanup" in HOUSEKEEPING_REPLY


@pytest.mark.parametrize(
    "question",
    ["what can i clean up to free disk space?", "is there anything to tidy up?", "any old logs lying around"],
)
def test_housekeeping_asked_about_is_the_housekeeping_query(question: str) -> None:
    assert about_housekeeping(question) is None
    assert pick(question) == Query("housekeeping")


@pytest.mark.parametrize(
    "question", ["why did job 4 fail?", "show the log of job 7", "delete my failed jobs"]
)
def test_other_questions_are_not_housekeeping(question: str) -> None:
    assert about_housekeeping(question) is None


def test_out_of_how_much_repeats_the_reading_with_its_limit() -> None:
    power = Context(Query("gpu_reading", gpu=0, metric="power"), gpus=[0, 1])
    assert pick("out of how much", power) == Query("gpu_reading", gpu=0, metric="power")
