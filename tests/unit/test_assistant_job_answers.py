"""The job answers for states a new user meets: a retried job, a held job, a paused job (real SQLite)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpuaccel.assistant.facts import FactsSource
from gpuaccel.assistant.queries import Query, QueryContext, run
from gpuaccel.scheduler.jobs import validate_request
from gpuaccel.scheduler.models import JobState
from gpuaccel.scheduler.store import Store


@pytest.fixture()
def store(tmp_path: Path):
    s = Store(tmp_path / "gpuaccel.db")
    yield s
    s.close()


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
