"""The job answers for states a new user meets: a retried job, a held job, a paused job (real SQLite)."""

from __future__ import annotations

import pytest
from test_assistant_questions import ask

from gpuaccel.api.jobs import JobState
from gpuaccel.assistant.queries.catalogue import run
from gpuaccel.assistant.queries.facts import FactsSource
from gpuaccel.assistant.queries.query import Query, QueryContext, Result, Window
from gpuaccel.assistant.service import AssistantService
from gpuaccel.scheduler.lifecycle.validation import validate_request
from gpuaccel.scheduler.store.queue import Store


def _submit(store: Store, name: str, **fields: object) -> int:
    return store.insert(validate_request({"kind": "command", "argv": ["true"], "name": name} | fields)).id


def _pause(store: Store, job_id: int) -> None:
    with store.transaction() as conn:
        conn.execute("UPDATE jobs SET state = ? WHERE id = ?", (JobState.PAUSED, job_id))


def _ask(store: Store, query: Query) -> str:
    return run(QueryContext(FactsSource(store)), query).sentence


def test_a_job_retried_by_hand_counts_its_attempts_as_the_scheduler_does(store: Store) -> None:
    job = _submit(store, "prep")
    for _ in range(2):  # fails, the user retries it, it fails again
        store.claim(job, "test", 30.0, [])
        store.finish(job, JobState.FAILED, "exited with code 3", 3)
        if _ == 0:
            store.retry(job)
    assert "(attempt 2 of 2, exit code 3)" in _ask(store, Query("job_detail", job=job))
    assert "attempt 2 of 2." in _ask(store, Query("failures"))


def test_held_and_paused_jobs_are_named_for_what_they_are(store: Store) -> None:
    held = _submit(store, "held-job", hold=True)
    paused = _submit(store, "render", gpus=1)
    store.claim(paused, "test", 30.0, [1])
    _pause(store, paused)
    running = _submit(store, "sweep", gpus=1)
    store.claim(running, "test", 30.0, [0])
    waiting = _submit(store, "big", gpus=1)

    held_text = _ask(store, Query("job_detail", job=held))
    assert held_text.startswith("Job 1 (held-job) is held:") and "next in line" not in held_text
    paused_text = _ask(store, Query("job_detail", job=paused))
    assert paused_text.startswith("Job 2 (render) is paused on GPU 1 after") and "queued" not in paused_text

    everything = _ask(store, Query("queue"))
    assert "1 job running: job 3 (sweep) on GPU 0" in everything
    assert "1 paused" in everything and "job 2 (render) on GPU 1" in everything
    assert f"1 waiting: job {waiting} (big)" in everything
    assert "1 held" in everything and "job 1 (held-job)" in everything
    assert "job 2 (render) on GPU 1" in _ask(store, Query("queue", state="running"))
    assert "job 1 (held-job)" in _ask(store, Query("queue", state="queued"))


def test_the_facts_count_every_state_the_queue_has(store: Store) -> None:
    _submit(store, "held-job", hold=True)
    paused = _submit(store, "render", gpus=1)
    store.claim(paused, "test", 30.0, [1])
    _pause(store, paused)
    store.cancel_waiting(_submit(store, "never"))
    block = FactsSource(store).collect().block()
    assert "- queue: 0 running, 0 queued, 0 failed, 0 succeeded, 1 paused, 1 held, 1 cancelled" in block
    assert "- job 2 (render) paused on GPU 1" in block


NOW = 1_800_000_000.0


def _ran(
    store: Store, name: str, started: float, finished: float | None, state: JobState, gpus: int = 1
) -> int:
    """A job that started at ``started`` (and ended at ``finished`` in ``state``), on ``gpus`` GPUs."""
    job = _submit(store, name, gpus=gpus)
    store.claim(job, "test", 30.0, list(range(gpus)))
    with store.transaction() as conn:
        conn.execute(
            "UPDATE jobs SET state = ?, started_at = ?, finished_at = ? WHERE id = ?",
            (state, started, finished, job),
        )
    return job


def _result(store: Store, query: Query) -> Result:
    return run(QueryContext(FactsSource(store), now=lambda: NOW), query)


def test_rankings_say_each_jobs_state_and_that_a_running_time_is_so_far(store: Store) -> None:
    """ "Which job ran longest?" must not read as finished work when the job is still running, nor as a
    success when it failed: each job named carries its state, a running one's time is its time so far."""
    _ran(store, "sweep", NOW - 600, None, JobState.RUNNING, gpus=2)
    _ran(store, "train", NOW - 900, NOW - 600, JobState.FAILED)
    _ran(store, "prep", NOW - 1000, NOW - 880, JobState.SUCCEEDED)
    _ran(store, "late", NOW - 500, NOW - 470, JobState.CANCELLED)

    longest = _result(store, Query("job_rank", metric="duration", order="max"))
    assert longest.sentence == (
        "Job 1 (sweep) ran the longest: 10m00s so far; it is still running."
        " Next: job 2 (train) 5m00s (failed), job 3 (prep) 2m00s (succeeded)."
    )
    assert longest.rows[0] == [1, "sweep", "running", "10m00s so far"]
    shortest = _result(store, Query("job_rank", metric="duration", order="min")).sentence
    assert shortest.startswith("Job 4 (late) ran the shortest: 30.0s; it was cancelled. Next: job 3 (prep)")
    most = _result(store, Query("job_rank", metric="gpu_time", order="max")).sentence
    assert most.startswith(
        "Job 1 (sweep) used the most GPU-time: 0.33 GPU-hours so far (20m00s: 2 GPUs x 10m00s);"
    )
    assert "it is still running." in most and "job 2 (train) 0.08 GPU-hours (failed)" in most

    listed = _result(store, Query("jobs")).sentence
    assert "job 1 (sweep) still running" in listed and "job 2 (train) failed after 5m00s" in listed
    assert "job 4 (late) cancelled after 30.0s" in listed and "job 3 (prep) succeeded in 2m00s" in listed
    assert "In all" not in listed  # every job: no total
    on_gpu = _result(store, Query("jobs", gpu=0)).sentence  # a GPU's jobs say what they took together
    assert "In all 0.46 GPU-hours." in on_gpu, on_gpu  # 1200 + 300 + 120 + 30 GPU-seconds
    summary = _result(store, Query("summary")).sentence
    assert "The longest was job 1 (sweep) at 10m00s so far (still running)." in summary
    assert "They were job 4 (late) cancelled, job 3 (prep) succeeded" in summary
    # the queue says since when each running job has run, and for how long so far
    assert (
        "job 1 (sweep) on GPU 0,1 since 07:50:00, for 10m00s so far"
        in _result(store, Query("queue")).sentence
    )


def test_a_spans_gpu_time_ranking_counts_only_each_jobs_part_inside_it(store: Store) -> None:
    """ "The most GPU-hours in the last hour" counts what each job used inside the hour, as a span's report
    and the jobs' by-GPU sum count it: a long run begun before the hour does not lead with its whole run."""
    _ran(store, "marathon", NOW - 5 * 3600, NOW - 3000, JobState.SUCCEEDED)  # 10 minutes of it in the hour
    _ran(store, "pair", NOW - 1800, NOW - 600, JobState.SUCCEEDED, gpus=2)  # 40 GPU-minutes, all inside
    hour = Window(NOW - 3600, NOW, "in the last hour")
    most = _result(store, Query("job_rank", metric="gpu_time", order="max", window=hour))
    assert most.sentence.startswith("Job 2 (pair) used the most GPU-time in the last hour: 0.67 GPU-hours")
    assert "job 1 (marathon) 0.17 of its 4.17 GPU-hours (succeeded)" in most.sentence
    assert "Together 0.83 GPU-hours over the 2 jobs." in most.sentence
    assert "count only their part in the last hour" in most.sentence
    assert most.columns[-1] == "GPU-hours in the last hour"
    on_one = _result(store, Query("job_rank", metric="gpu_time", order="max", window=hour, gpu=1)).sentence
    assert on_one.startswith("Job 2 (pair) used the most GPU-time on GPU 1 in the last hour: 0.33 GPU-hours")
    assert "marathon" not in on_one  # it held GPU 0 alone
    whole = _result(store, Query("job_rank", metric="gpu_time", order="max")).sentence  # no span: whole runs
    assert whole.startswith("Job 1 (marathon) used the most GPU-time: 4.17 GPU-hours")


def test_the_state_words_pass_the_number_check_and_reach_every_surface(store: Store) -> None:
    """The state adds words, never numbers: the answer still passes the check that lets prose quote only the
    result's numbers, and the MCP tool's text is the same sentence and table."""
    from gpuaccel.assistant.prose_checks import checked_prose

    _ran(store, "sweep", NOW - 600, None, JobState.RUNNING)
    _ran(store, "train", NOW - 900, NOW - 600, JobState.FAILED)
    for query in (Query("job_rank", metric="duration"), Query("job_rank", metric="gpu_time"), Query("jobs")):
        result = _result(store, query)
        assert checked_prose(result.sentence, result.numbers()) == result.sentence
        assert checked_prose(result.table(), result.numbers()) == result.table()
    mcp = pytest.importorskip("gpuaccel.assistant.http.mcp", reason="needs the mcp SDK")

    class Daemon:  # the daemon's /assistant/query, as the client returns it
        def query(self, name: str, args: dict) -> dict:
            res = _result(store, Query(name, **args))
            return {
                "query": res.query.to_json(),
                "sentence": res.sentence,
                "columns": res.columns,
                "rows": res.rows,
            }

    out = mcp.call(Daemon(), "job_rank", {"metric": "duration"})
    text = "".join(c.text for c in out.content)
    assert text.startswith("Job 1 (sweep) ran the longest: 10m00s so far; it is still running.")
    assert "1 | sweep | running | 10m00s so far" in text and "2 | train | failed | 5m00s" in text


def test_a_running_jobs_record_quotes_its_last_line_of_output(heldout_svc: AssistantService) -> None:
    _, text, query = ask(heldout_svc, "how far along is mistral-7b-sft?", None)
    assert query == {"name": "job_detail", "job": 11}, query
    assert "Its last line of output (gpuaccel logs 11 -n 1): `step 4100/12000 loss 1.087 lr 2.0e-05`." in text
    _, text, _ = ask(heldout_svc, "what happened to job 9?", None)  # ended: its record quotes no log
    assert "last line of output" not in text, text


def test_the_one_that_took_the_most_of_a_spans_gpu_hours_with_the_span_said_again(
    heldout_svc: AssistantService,
) -> None:
    """After the GPU-hours the jobs of a day took, "which single job took the most of those yesterday" ranks
    those jobs by the same measure: the day said again is the same span, not a new question."""
    sid, _, first = ask(heldout_svc, "gpu hours of the jobs yesterday?", None)
    assert first is not None and first["name"] == "jobs" and first["metric"] == "gpu_time"
    _, text, query = ask(heldout_svc, "ok, which single job took the most of those yesterday?", sid)
    assert query is not None
    assert (query["name"], query["metric"], query["order"]) == ("job_rank", "gpu_time", "max")
    assert text.startswith("Job 2 (llama-70b-finetune) used the most GPU-time yesterday: 7.92 of its"), text


def test_a_job_that_has_run_still_says_the_memory_it_asked_for(store: Store) -> None:
    # ("how much vram did the render want?" of a job that ended: its record says its request)
    job = _submit(store, "render", gpus=1, memory_mib=12000)
    store.claim(job, "test", 30.0, [0])
    store.finish(job, JobState.SUCCEEDED, "exited with code 0", 0)
    assert "asked for 12000 MiB of GPU memory each" in _ask(store, Query("job_detail", job=job))
    plain = _submit(store, "plain", gpus=1)  # no memory asked: none said
    store.claim(plain, "test", 30.0, [1])
    assert "MiB of GPU memory" not in _ask(store, Query("job_detail", job=plain))
