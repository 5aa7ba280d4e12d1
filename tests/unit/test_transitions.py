"""The transition table: every state change of a job is one of its events, and nothing else writes a job's
state."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gpuaccel.api.jobs import FINISHED, JobState
from gpuaccel.scheduler.lifecycle import transitions
from gpuaccel.scheduler.lifecycle.transitions import END_EVENT, EVENTS, TABLE, allowed
from gpuaccel.scheduler.lifecycle.validation import validate_request
from gpuaccel.scheduler.store.queue import Store

SRC = Path(transitions.__file__).resolve().parents[2]


def test_only_the_table_writes_a_jobs_state() -> None:
    writers = [
        str(p.relative_to(SRC))
        for p in SRC.rglob("*.py")
        if re.search(r"SET\s+state\s*=", p.read_text()) and p.name != "transitions.py"
    ]
    assert writers == []


def test_the_table_is_one_event_per_name_and_finished_jobs_leave_only_by_retry() -> None:
    assert len(EVENTS) == len(TABLE)
    assert {t.event for t in TABLE if t.frm & FINISHED} == {"retry"}
    assert all(allowed(s, JobState.RUNNING) == (s in (JobState.QUEUED, JobState.PAUSED)) for s in JobState)
    reached = {JobState.QUEUED} | {t.to for t in TABLE}
    assert reached == set(JobState)  # every state is reachable


def test_an_event_from_the_wrong_state_changes_nothing(store: Store) -> None:
    job = store.insert(validate_request({"kind": "command", "argv": ["true"]}))
    assert store.finish(job.id, JobState.SUCCEEDED, None, 0) is None  # queued: not running
    assert store.retry(job.id) is None  # not finished
    running = store.claim(job.id, "me", 30, [])
    assert running is not None and running.state == JobState.RUNNING and running.attempt == 1
    assert store.claim(job.id, "me", 30, []) is None  # claimed once
    done = store.finish(job.id, JobState.FAILED, "exit 1", 1)
    assert done is not None and done.state == JobState.FAILED and done.exit_code == 1
    again = store.retry(job.id)
    assert again is not None and again.state == JobState.QUEUED and again.retry_base == 1
    events = [e.state for e in store.events(job_id=job.id)]
    assert events == ["queued", "running", "failed", "queued"]  # submitted, then one row per change


@pytest.mark.parametrize("event", sorted(EVENTS))
def test_every_event_is_used_by_the_code(event: str) -> None:
    text = "\n".join(p.read_text() for p in SRC.rglob("*.py") if p.name != "transitions.py")
    used = f'"{event}"' in text or (event in END_EVENT.values() and "END_EVENT[" in text)
    assert used, f"{event} is in the table but nothing applies it"
