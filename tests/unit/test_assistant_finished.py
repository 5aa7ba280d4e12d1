"""The jobs that ended in a span are a reading of their own ("what finished today", the ``finished``
query), apart from the jobs of a span (every job submitted or running in it) and its failures (those that
failed in it); "this morning" is midnight to noon; "the hour before that" the span of the same length just
before the last one. Worded apart from the held-out sets."""

from __future__ import annotations

import time

from test_assistant_questions import ask

from assistant_lab.sampling import FIXED_NOW
from gpuaccel.api.jobs import JobState
from gpuaccel.assistant.queries.catalogue import run
from gpuaccel.assistant.queries.facts import FactsSource
from gpuaccel.assistant.queries.query import Query, QueryContext, Window
from gpuaccel.assistant.queries.spans import before, window_of
from gpuaccel.assistant.service import AssistantService
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import RulePicker
from gpuaccel.scheduler.lifecycle.validation import validate_request
from gpuaccel.scheduler.store.queue import Store

TODAY = window_of("today", FIXED_NOW)


def pick(question: str, last: Query | None = None) -> Query | None:
    return RulePicker().pick(question, Context(last, gpus=[0, 1]), FIXED_NOW)


def test_what_ended_in_a_span_is_its_own_reading_and_failures_keep_theirs() -> None:
    for question in ("what finished today", "which jobs ended today?", "list the jobs that finished today"):
        assert pick(question) == Query("finished", window=TODAY), question
    assert pick("which jobs failed today") == Query("failures", window=TODAY)
    assert pick("jobs that finished successfully today") == Query("jobs", state="succeeded", window=TODAY)
    assert pick("what ran today") == Query("jobs", window=TODAY)
    assert pick("and yesterday?", Query("finished", window=TODAY)).name == "finished"  # type: ignore[union-attr]


def test_finished_counts_the_jobs_that_ended_in_the_span(store: Store) -> None:
    def submit(name: str) -> int:
        return store.insert(validate_request({"kind": "command", "argv": ["true"], "name": name})).id

    done, failed, running = submit("done-a"), submit("failed-b"), submit("running-c")
    for job in (done, failed, running):
        store.claim(job, "test", 30.0, [0])
    store.finish(done, JobState.SUCCEEDED, None, 0)
    store.finish(failed, JobState.FAILED, "exited with code 2", 2)
    got = {j.id: j for j in store.list()}
    now = max(j.finished_at or 0 for j in got.values()) + 1
    ctx = QueryContext(FactsSource(store), now=lambda: now)
    span = Window(now - 60, now, "in the last minute")
    said = run(ctx, Query("finished", window=span)).sentence
    assert (
        said.startswith("2 jobs ended in the last minute (1 failed, 1 succeeded): ")
        and "running-c" not in said
    )
    earlier = Window(now - 7200, now - 3600, "an hour ago")
    assert run(ctx, Query("finished", window=earlier)).sentence == "No jobs ended an hour ago."
    assert "done-a" not in run(ctx, Query("finished", state="failed", window=span)).sentence
    assert "running-c" in run(ctx, Query("jobs", window=span)).sentence  # the span's jobs: all of them


def test_the_failures_of_a_span_are_those_that_failed_in_it(heldout_svc: AssistantService) -> None:
    """ "What broke this morning" is what failed between midnight and noon: a sweep element submitted at
    11:58 that failed at 12:58 broke this afternoon, not this morning."""
    _, text, query = ask(heldout_svc, "which runs crashed this morning", None)
    assert query is not None and query["name"] == "failures", query
    assert "sd-xl-train" in text and "lr-sweep" not in text, text
    _, text, _ = ask(heldout_svc, "which runs crashed this afternoon", None)
    assert "lr-sweep" in text and "sd-xl-train" not in text, text


def test_a_spans_summary_names_the_failures_the_failures_answer_names(store: Store) -> None:
    """Which jobs broke in a span is one reading wherever it is said: one that started before the span and
    broke in it is named by the summary and the failures alike; one that broke before the span, or ran in
    it and broke after, by neither."""

    def broke(name: str, submitted: float, started: float, ended: float) -> None:
        job = store.insert(validate_request({"kind": "command", "argv": ["false"], "name": name})).id
        store.claim(job, "test", 30.0, [0])
        store.finish(job, JobState.FAILED, f"{name} exited with code 2", 2)
        with store.transaction() as c:
            c.execute(
                "UPDATE jobs SET created_at = ?, started_at = ?, finished_at = ? WHERE id = ?",
                (submitted, started, ended, job),
            )

    t0 = 1_800_000_000.0
    span = Window(t0, t0 + 3600, "between 10:00 and 11:00")
    broke("across-edge", t0 - 1200, t0 - 600, t0 + 600)  # started before the span, broke in it
    broke("before-span", t0 - 3000, t0 - 2000, t0 - 100)  # broke before it
    broke("after-span", t0 + 1800, t0 + 1900, t0 + 5000)  # ran in it, broke after it
    ctx = QueryContext(FactsSource(store), now=lambda: t0 + 7200)
    for name in ("summary", "failures"):
        said = run(ctx, Query(name, window=span)).sentence
        assert "across-edge exited" in said, (name, said)
        assert "before-span" not in said and "after-span exited" not in said, (name, said)


def test_this_morning_and_the_span_before_the_last() -> None:
    noon = window_of("today", FIXED_NOW).t0 + 12 * 3600  # type: ignore[union-attr]
    morning = window_of("what ran this morning", max(FIXED_NOW, noon + 3600))
    assert morning is not None and morning.label == "this morning" and morning.t1 - morning.t0 == 12 * 3600
    hour = Window(FIXED_NOW - 3600, FIXED_NOW, "in the last hour")
    assert before(hour).t1 == hour.t0 and before(hour).t0 == hour.t0 - 3600
    assert before(hour).label.startswith("between ")
    assert pick("and the hour before that", Query("jobs", window=hour)) == Query("jobs", window=before(hour))


def test_how_many_jobs_each_gpu_ran_in_a_span(store: Store) -> None:
    for question, order in (
        ("which gpu ran the most jobs today", None),
        ("what card had the fewest jobs today", "min"),
    ):
        assert pick(question) == Query("gpu_jobs", window=TODAY, order=order), question
    assert pick("how many jobs did each card run today") == Query("gpu_jobs", window=TODAY)
    assert pick("which gpu has the most jobs waiting").name == "queue"  # type: ignore[union-attr]
    assert pick("which job used the most gpu hours").name == "job_rank"  # type: ignore[union-attr]

    def ran(name: str, gpus: list[int]) -> int:
        job = store.insert(validate_request({"kind": "command", "argv": ["true"], "name": name})).id
        store.claim(job, "test", 30.0, gpus)
        store.finish(job, JobState.SUCCEEDED, None, 0)
        return job

    ran("a", [1]), ran("b", [1]), ran("c", [0, 1])
    retried = store.insert(validate_request({"kind": "command", "argv": ["true"], "name": "d"})).id
    store.claim(retried, "test", 30.0, [0])  # its first attempt on GPU 0 fails and is retried on GPU 1
    assert store.to_retrying(retried, time.time(), "failed", 1) is not None
    assert store.requeue_due(time.time() + 1) == [retried]
    ran_on_1 = store.claim(retried, "test", 30.0, [1])
    assert ran_on_1 is not None and store.finish(retried, JobState.SUCCEEDED, None, 0) is not None
    now = max(j.finished_at or 0 for j in store.list()) + 1
    ctx = QueryContext(FactsSource(store), now=lambda: now)
    said = run(ctx, Query("gpu_jobs", window=Window(now - 60, now, "in the last minute"))).sentence
    assert said == "In the last minute, GPU 1 ran the most jobs: 4 (jobs per GPU: GPU 1 4, GPU 0 2)."


def test_jobs_ranked_by_their_queue_wait_with_the_mean(store: Store) -> None:
    for question, order in (
        ("which job waited longest today", "max"),
        ("the average queue wait today", "max"),
        ("which job had the shortest wait in the queue today", "min"),
    ):
        assert pick(question) == Query("job_rank", metric="wait", order=order, window=TODAY), question
    assert pick("is anything waiting").name == "queue"  # type: ignore[union-attr]
    assert pick("any paused jobs?") == Query("jobs", state="paused")

    def submitted(name: str) -> int:
        return store.insert(validate_request({"kind": "command", "argv": ["true"], "name": name})).id

    ran, waits = submitted("ran-a"), submitted("waits-b")
    store.claim(ran, "test", 30.0, [0])
    with store.transaction() as conn:  # ran-a waited 10 minutes, waits-b has waited 30 so far
        conn.execute("UPDATE jobs SET created_at = started_at - 600 WHERE id = ?", (ran,))
        conn.execute("UPDATE jobs SET created_at = ? WHERE id = ?", (FIXED_NOW - 1800, waits))
        conn.execute(
            "UPDATE events SET t = (SELECT started_at FROM jobs WHERE id = ?) WHERE job_id = ?", (ran, ran)
        )
    ctx = QueryContext(FactsSource(store), now=lambda: FIXED_NOW)
    said = run(ctx, Query("job_rank", metric="wait", order="max")).sentence
    assert said.startswith(
        f"Job {waits} (waits-b) waited the longest in the queue: 30m00s so far; it is queued."
    )
    assert f"Next: job {ran} (ran-a) 10m00s." in said and "Mean wait 20m00s over 2 jobs" in said


def test_more_ways_to_ask_what_ended_what_waited_and_what_can_go() -> None:
    for question in ("list finished jobs", "did anything finish while i was out"):
        assert pick(question) == Query("finished"), question
    assert pick("which job has waited the longest right now") == Query("job_rank", metric="wait", order="max")
    assert pick("is there anything i can delete") == Query("housekeeping")
