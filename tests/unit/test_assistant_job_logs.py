"""A job's log in the chat: the last lines of the job asked by id, name, state or the conversation's job, as a
sentence and a code block; a job without a log says why; nothing but ``<logs>/job-<id>.log`` is ever read.
The machine is the held-out sets' (job 3 oom-c failed today, job 8 crash-y failed last night, job 5
finetune-b running, job 6 eval-x queued, job 4 sweep-lr cancelled before it started, job 1 succeeded).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from assistant_helpers import NOW, build_service
from test_assistant_questions import converse as chat

from assistant_lab.sampling import FIXED_NOW
from gpuaccel.assistant.queries.catalogue import QueryArgsError, query_from_args, run
from gpuaccel.assistant.queries.log_files import LINE_CHARS
from gpuaccel.assistant.queries.logs import MAX_LINES
from gpuaccel.assistant.queries.query import Query, QueryContext
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import RulePicker

OOM = [f"step {i} loss {i / 10}" for i in range(30)] + ["RuntimeError: CUDA out of memory"]


def with_logs(folder: Path) -> AssistantService:
    """The held-out sets' machine with logs: job 3's (out of memory), 8's (segfault), 5's (empty so far)."""
    service = build_service(folder)
    logs = service.logs_dir
    logs.mkdir(mode=0o700)
    (logs / "job-3.log").write_text("\n".join(OOM) + "\n")
    (logs / "job-8.log").write_text("loading\nSegmentation fault (core dumped)\n")
    (logs / "job-5.log").write_text("")
    return service


SVC_MACHINE = with_logs  # the unit tier's ``svc`` fixture builds this machine


def block(lines: list[str]) -> str:
    return "\n".join(["```", *lines, "```"])


def test_the_log_of_a_job_by_number_name_or_state(svc: AssistantService) -> None:
    tail = "The last 20 lines of the log of job 3 (oom-c, failed):\n" + block(OOM[-20:])
    for question, query in (
        ("show me the log of job 3", {"name": "job_log", "job": 3}),
        ("tail the output of oom-c", {"name": "job_log", "job": 3}),
        ("last lines of the failed job", {"name": "job_log", "state": "failed"}),  # the latest to fail
        ("what did the crashed job print", {"name": "job_log", "state": "failed"}),
    ):
        [(text, got)] = chat(svc, question)
        assert got == query and text == tail, question
    [(text, got)] = chat(svc, "show me the last 5 lines of job 3's log")
    assert got == {"name": "job_log", "job": 3, "lines": 5} and text.endswith(block(OOM[-5:]))
    [(text, got)] = chat(svc, "what did job 8 print")
    assert text == "The log of job 8 (crash-y, failed) has 2 lines:\n" + block(
        ["loading", "Segmentation fault (core dumped)"]
    )


def test_the_conversation_s_job_and_another_by_number(svc: AssistantService) -> None:
    (why, _), (text, query) = chat(svc, "why did job 8 fail?", "why did it crash? show the log")
    assert why.startswith("Job 8 (crash-y) failed") and query == {"name": "job_detail", "job": 8}
    assert text.startswith(why) and text.endswith("Segmentation fault (core dumped)\n```")  # both asks
    *_, (text, query) = chat(svc, "which jobs failed?", "show me the log")
    assert query == {"name": "job_log", "job": 3}  # the first the list named
    *_, (text, query) = chat(svc, "show me the log of job 3", "and job 8?")
    assert query == {"name": "job_log", "job": 8} and "Segmentation fault" in text


def test_a_job_without_a_log_says_why(svc: AssistantService) -> None:
    said = {q: chat(svc, q)[0][0] for q in ("log of job 6", "log of job 4", "log of job 1", "log of job 5")}
    assert said["log of job 6"] == "Job 6 (eval-x) has no log yet: it is waiting to start."
    assert said["log of job 4"] == "Job 4 (sweep-lr) has no log: it was cancelled before it started."
    assert said["log of job 1"] == (
        "The log of job 1 (train-llama, succeeded) is gone: its file is no longer in the logs folder."
    )
    assert said["log of job 5"] == (
        "The log of job 5 (finetune-b, still running) is empty: the job printed nothing so far."
    )
    assert chat(svc, "log of job 42")[0][0] == "There is no job 42 in the queue's history."


def test_only_the_job_s_own_log_file_is_read(svc: AssistantService, tmp_path: Path) -> None:
    ctx = QueryContext(svc.facts, now=lambda: NOW)
    secret = tmp_path / "secret.txt"
    secret.write_text("the password is hunter2\n")
    os.symlink(secret, svc.logs_dir / "job-2.log")  # a link where a log should be
    text = run(ctx, Query("job_log", job=2)).sentence
    assert text.startswith("I did not read the log of job 2 (bench-attn):") and "hunter2" not in text
    os.mkfifo(svc.logs_dir / "job-7.log")  # would block a plain open
    assert "is not a plain file" in run(ctx, Query("job_log", job=7)).sentence
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(mode=0o700)
    (elsewhere / "job-3.log").write_text("the password is hunter2\n")
    svc.facts.logs_dir = tmp_path / "linked-logs"
    os.symlink(elsewhere, svc.facts.logs_dir)  # the logs folder itself swapped for a link
    text = run(ctx, Query("job_log", job=3)).sentence
    assert text.startswith("I did not read the log of job 3 (oom-c):") and "hunter2" not in text


def test_lines_are_shown_as_a_terminal_leaves_them_and_cut_when_long(svc: AssistantService) -> None:
    ctx = QueryContext(svc.facts, now=lambda: NOW)
    long = "x" * (LINE_CHARS + 60)
    (svc.logs_dir / "job-3.log").write_text(
        f"{long}\n\nloading 10%\rloading 100%\n\x1b[31mred\x1b[0m and ```fenced```\n"
    )
    text = run(ctx, Query("job_log", job=3)).sentence
    assert text.splitlines()[1:] == [
        "````",  # longer than the backticks the log holds
        "x" * LINE_CHARS + " [... cut, 60 more characters]",
        " ",  # an empty line: no blank line, which would end the turn in the chat format
        "loading 100%",
        "red and ```fenced```",
        "````",
    ]
    (svc.logs_dir / "job-3.log").write_text("".join(f"line {i}\n" for i in range(300)))
    text = run(ctx, Query("job_log", job=3, lines=500)).sentence
    assert text.startswith(f"The last {MAX_LINES} lines of the log of job 3 (oom-c, failed) (at most 200")
    assert text.splitlines()[2] == "line 100" and text.splitlines()[-2] == "line 299"


def test_words_that_ask_for_no_log_are_read_as_before() -> None:
    def pick(question: str) -> Query | None:
        return RulePicker().pick(question, Context(), FIXED_NOW)

    assert pick("print the failures") == Query("failures")  # "print" is "show" here
    assert pick("what's the power output of gpu 0") == Query("gpu_reading", gpu=0, metric="power")
    assert pick("how do i log in to the server") is None
    assert pick("how many lines of code") is None
    assert pick("how many jobs are waiting in line") == Query("queue", state="queued")
    assert pick("tail -n 30 job 4") == Query("job_log", job=4, lines=30)
    assert pick("the last ten lines of the log of job 3") == Query("job_log", job=3, lines=10)
    assert pick("show me the log of 'bench'") == Query("job_log", job_name="bench")


def test_the_log_query_s_arguments(svc: AssistantService, tmp_path: Path) -> None:
    q = query_from_args("job_log", {"job": 3, "lines": 2}, NOW)
    assert q == Query("job_log", job=3, lines=2)
    with pytest.raises(QueryArgsError, match="lines must be a whole number"):
        query_from_args("job_log", {"lines": "all"}, NOW)
    newest = run(QueryContext(svc.facts, now=lambda: NOW), query_from_args("job_log", {}, NOW))
    assert newest.subject_jobs == [5]  # the latest job to have run: finetune-b, running
    (tmp_path / "d").mkdir()
    other = AssistantService(tmp_path / "d", svc.store, logs_dir=tmp_path / "state-logs")
    assert other.facts.logs_dir == other.reports.logs_dir == other.housekeeper.roots["logs"]
    assert other.logs_dir == tmp_path / "state-logs"  # where the daemon writes them, not <data dir>/logs
    other.stop()


@pytest.mark.parametrize(
    "question", ["what's 7 printing right now", "whats 7 logging", "what is 7 logging atm"]
)
def test_what_a_job_said_by_its_number_alone_is_logging(question: str) -> None:
    context = Context(job_names={"tokenize": 7})
    assert RulePicker().pick(question, context, FIXED_NOW) == Query("job_log", job=7), question
