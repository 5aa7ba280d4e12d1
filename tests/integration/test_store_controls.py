"""The store side of the queue controls: an older database gains groups and queue order in place, the
queue order among equal priorities, and paused jobs counted as live by every attempt-end transition."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest

from gpuaccel.api.jobs import JobState
from gpuaccel.scheduler.lifecycle.validation import RequestError, validate_request
from gpuaccel.scheduler.store import migrations
from gpuaccel.scheduler.store.queue import Store


def _cmd(**kw: object) -> object:
    return validate_request({"kind": "command", "argv": ["true"], **kw})


def test_an_older_database_gets_groups_and_queue_order(tmp_path: Path) -> None:
    path = tmp_path / "db"
    conn = sqlite3.connect(path, isolation_level=None)
    migrations.apply(conn, "scheduler", migrations.SCHEDULER[:3])
    for prio in (0, 5, 0):
        conn.execute(
            "INSERT INTO jobs (kind, argv, state, priority, created_at) VALUES ('command', '[\"true\"]',"
            " 'queued', ?, ?)",
            (prio, time.time()),
        )
    conn.close()
    store = Store(path)
    try:
        assert [p.id for p in store.pending(10)] == [2, 1, 3]
        assert {p.group for p in store.pending(10)} == {"default"}
        assert [j.group for j in store.list()] == ["default"] * 3
        new = store.insert(_cmd())
        assert store.pending(10)[-1].id == new.id and new.state == JobState.QUEUED
    finally:
        store.close()


def test_pages_continue_by_queue_order_and_unknown_groups_are_refused(tmp_path: Path) -> None:
    store = Store(tmp_path / "db")
    try:
        ids = [store.insert(_cmd()).id for _ in range(70)]  # past the first page of 64
        assert [p.id for page in store.pending_pages() for p in page] == ids
        with pytest.raises(RequestError, match="no group 'gpu'; existing groups: default"):
            store.insert(_cmd(group="gpu"))
        held = store.insert(_cmd(hold=True))
        assert held.state == JobState.HELD and held.id not in [p.id for p in store.pending(100)]
        assert store.cancel_waiting(held.id) is not None
    finally:
        store.close()


def test_a_paused_job_is_live_for_heartbeats_orphans_and_its_end(tmp_path: Path) -> None:
    store = Store(tmp_path / "db")
    try:
        job = store.insert(_cmd())
        store.claim(job.id, "me", 30.0, [])
        with store.transaction() as conn:
            conn.execute(
                "UPDATE jobs SET state = 'paused', paused_at = ? WHERE id = ?", (time.time(), job.id)
            )
        assert store.heartbeat("me", 30.0) == 1
        assert [j.id for j in store.orphans("someone else")] == [job.id]
        assert store.request_cancel(job.id) is not None
        done = store.finish(job.id, JobState.CANCELLED, "cancelled by user", None)
        assert done is not None and done.state == JobState.CANCELLED and done.paused_at is None
    finally:
        store.close()
