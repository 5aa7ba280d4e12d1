"""A GPU reading over a job's run ("the hottest that gpu got while it ran", "max power of gpu 0 during job
6"): the job's start to its end on its GPU, read like any span from the finest history rows, so its peak
is the history read's own (a seeded day with a 3 s spike inside one minute). Worded apart from the held-out
sets."""

from __future__ import annotations

from history_day import EVENING, MORNING, seed_day

from assistant_lab.sampling import FIXED_NOW
from gpuaccel.accel.telemetry.fake import FakeBackend
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.api.jobs import JobState
from gpuaccel.assistant.queries.catalogue import run
from gpuaccel.assistant.queries.facts import FactsSource
from gpuaccel.assistant.queries.query import Query, QueryContext
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.picker import RulePicker
from gpuaccel.scheduler.lifecycle.validation import validate_request
from gpuaccel.scheduler.reads import history as history_read
from gpuaccel.scheduler.store.queue import Store


def pick(question: str, context: Context) -> Query | None:
    return RulePicker().pick(question, context, FIXED_NOW)


def test_a_reading_while_a_job_ran_is_picked_for_the_job_in_focus_or_named() -> None:
    focus = Context(Query("job_detail", job=4), subjects=[4], gpus=[0, 1], job_names={"vit-b": 4})
    assert pick("how hot did that gpu get while it ran", focus) == Query(
        "gpu_reading", metric="temperature", job=4
    )
    assert pick("average power during its run", focus) == Query("gpu_reading", metric="power", job=4)
    assert pick(
        "gpu 1 utilization while vit-b was running", Context(gpus=[0, 1], job_names={"vit-b": 4})
    ) == (Query("gpu_reading", gpu=1, metric="util", job=4))
    assert pick("temperature during the last hour", focus).job is None  # type: ignore[union-attr]


def test_the_reading_over_a_jobs_run_is_the_history_read_of_its_span(store: Store) -> None:
    seed_day(store)
    job = store.insert(validate_request({"kind": "command", "argv": ["true"], "name": "vit-b", "gpus": 1})).id
    store.claim(job, "test", 30.0, [0])
    store.finish(job, JobState.SUCCEEDED, None, 0)
    with store.transaction() as conn:  # it ran over the seeded morning, on GPU 0
        conn.execute("UPDATE jobs SET started_at = ?, finished_at = ? WHERE id = ?", (*MORNING, job))
    sampler = Sampler(FakeBackend("two_gpus"))  # the live GPU list; the numbers come from the history
    sampler.open()
    sampler.poll()
    ctx = QueryContext(FactsSource(store, sampler), now=lambda: EVENING[1])
    said = run(ctx, Query("gpu_reading", metric="temperature", job=job)).sentence
    peak = history_read.span_stats(store, *MORNING, [0], ("temperature_c",))[0]["temperature_c"].peak
    assert peak == 73.0 and said.startswith(f"Temperature while job {job} (vit-b) ran") and "73 °C" in said
    queued = store.insert(validate_request({"kind": "command", "argv": ["true"], "name": "later"})).id
    assert "has not run yet" in run(ctx, Query("gpu_reading", job=queued)).sentence


def test_a_job_named_with_during_and_words_that_name_one_reading() -> None:
    names = {"vit-b": 4, "bert-large": 5}
    context = Context(gpus=[0, 1], job_names=names)
    assert pick("power usage of gpu 0 during bert-large", context) == Query(
        "gpu_reading", gpu=0, metric="power", job=5
    )
    assert pick("memory usage of gpu 1", context) == Query("gpu_reading", gpu=1, metric="memory")
    assert pick("gpu usage", context) == Query("gpu_reading", metric="util")


def test_what_ones_own_jobs_cost_in_electricity_is_their_energy() -> None:
    context = Context(gpus=[0, 1])
    picked = pick("what did my jobs cost in electricity yesterday", context)
    assert picked is not None and picked.name == "energy"
    assert pick("how much does electricity cost in spain", context) is None


def test_a_jobs_peak_since_it_started_and_the_next_job_said_alone_are_over_their_runs() -> None:
    machine = Context(gpus=[0, 1], job_names={"vit-b": 4, "bert-large": 6})
    assert pick("max gpu memory bert-large needed", machine) == Query("gpu_reading", metric="memory", job=6)
    assert pick("hottest the card got since vit-b started", machine) == Query(
        "gpu_reading", metric="temperature", job=4
    )
    after = Context(
        Query("gpu_reading", metric="power", job=6), subjects=[6], gpus=[0, 1], job_names=machine.job_names
    )
    assert pick("what about vit-b", after) == Query("gpu_reading", metric="power", job=4)  # the same reading
    assert pick("and mean while vit-b ran", after) == Query("gpu_reading", metric="power", job=4)
    assert pick("how much juice did vit-b pull at peak", machine) == Query(
        "gpu_reading", metric="power", job=4
    )
    assert pick("how much memory did vit-b ask for", machine) != Query("gpu_reading", metric="memory", job=4)
