"""The SQLite store: migrations, guarded transitions, atomic claims, events, filters."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from gpuaccel.scheduler.lifecycle.validation import RequestError, validate_request
from gpuaccel.scheduler.store import migrations
from gpuaccel.scheduler.store.queue import Store


def _cmd(**kw: object) -> object:
    return validate_request({"kind": "command", "argv": ["true"], **kw})


def test_schema_is_versioned_and_migrations_are_idempotent(tmp_path: Path) -> None:
    Store(tmp_path / "db").close()
    Store(tmp_path / "db").close()
    conn = sqlite3.connect(tmp_path / "db")
    assert migrations.current_version(conn, "scheduler") == len(migrations.SCHEDULER)
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.execute("UPDATE schema_version SET version = 99 WHERE component = 'scheduler'")
    conn.commit()
    conn.close()
    with pytest.raises(RuntimeError, match="newer than this gpuaccel knows"):
        Store(tmp_path / "db")


def test_a_component_gets_its_own_migrations(tmp_path: Path) -> None:
    conn = sqlite3.connect(tmp_path / "db", isolation_level=None)
    scripts = ("CREATE TABLE chat (id INTEGER PRIMARY KEY)", "ALTER TABLE chat ADD COLUMN text TEXT")
    assert migrations.apply(conn, "assistant", scripts[:1]) == 1
    assert migrations.apply(conn, "assistant", scripts) == 2
    conn.execute("INSERT INTO chat (text) VALUES ('hi')")


def test_insert_list_filters_and_events(store: Store) -> None:
    a = store.insert(_cmd(labels={"team": "a"}, priority=1))
    b = store.insert(_cmd(labels={"team": "b"}))
    assert [j.id for j in store.list()] == [b.id, a.id]
    assert [j.id for j in store.list(labels={"team": "a"})] == [a.id]
    assert [j.id for j in store.list(states=["queued"], kind="command", limit=1)] == [b.id]
    assert [j.id for j in store.pending(10)] == [a.id, b.id], "priority first"
    assert store.get(a.id, with_events=True).events[0].message == "submitted (command)"
    assert store.counts() == {"queued": 2}
    with pytest.raises(RequestError) as err:
        store.insert(_cmd(depends_on=[12345]))
    assert err.value.field == "depends_on"
    assert len(store.list()) == 2


def test_claim_is_atomic_and_transitions_are_guarded(store: Store) -> None:
    job = store.insert(_cmd())
    claimed = store.claim(job.id, "me", 30.0, [1])
    assert claimed.state == "running" and claimed.attempt == 1 and claimed.assigned_gpus == [1]
    assert store.claim(job.id, "other", 30.0, [0]) is None
    assert store.cancel_waiting(job.id) is None, "a running job is not cancelled by the queued path"
    done = store.finish(job.id, "succeeded", None, 0)
    assert done.state == "succeeded" and done.exit_code == 0 and done.finished_at is not None
    assert store.finish(job.id, "failed", "late", 1) is None, "only one end wins"
    states = [e.state for e in store.events(job_id=job.id)]
    assert states == ["queued", "running", "succeeded"]


def test_concurrent_claims_from_two_connections_take_each_job_once(tmp_path: Path) -> None:
    first, second = Store(tmp_path / "db"), Store(tmp_path / "db")
    ids = [first.insert(_cmd()).id for _ in range(40)]
    won: dict[str, list[int]] = {"a": [], "b": []}

    def grab(name: str, store: Store) -> None:
        for i in ids:
            if store.claim(i, name, 30.0, []) is not None:
                won[name].append(i)

    threads = [
        threading.Thread(target=grab, args=("a", first)),
        threading.Thread(target=grab, args=("b", second)),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(won["a"] + won["b"]) == ids
    first.close()
    second.close()


def test_retry_budget_retrying_and_manual_retry(store: Store) -> None:
    job = store.insert(_cmd(max_retries=1))
    job = store.claim(job.id, "me", 30.0, [])
    assert job.can_retry
    store.to_retrying(job.id, 0.0, "exited with code 1", 1)
    assert store.requeue_due(1.0) == [job.id]
    job = store.claim(job.id, "me", 30.0, [])
    assert job.attempt == 2 and not job.can_retry
    store.finish(job.id, "failed", "exited with code 1", 1)
    again = store.retry(job.id)
    assert again.state == "queued" and again.reason is None and again.retry_base == 2
    job = store.claim(job.id, "me", 30.0, [])
    assert job.attempt == 3 and job.can_retry
    assert store.retry(job.id) is None, "only finished jobs are retried"


def test_orphans_heartbeat_and_requeue(store: Store) -> None:
    job = store.insert(_cmd())
    store.claim(job.id, "dead-daemon", 30.0, [])
    store.set_worker(job.id, 4321, "123")
    assert store.heartbeat("dead-daemon", 60.0) == 1
    assert store.heartbeat("me", 60.0) == 0
    orphans = store.orphans("me")
    assert [o.id for o in orphans] == [job.id] and orphans[0].worker_pid == 4321
    back = store.requeue_running(job.id, "daemon lost its worker; queued again", count_attempt=False)
    assert back.state == "queued" and back.retry_base == 1 and back.worker_pid is None
    assert store.orphans("me") == []


def test_waiting_reason_is_cleared_when_a_job_leaves_the_queue(store: Store) -> None:
    job = store.insert(_cmd())
    store.set_waiting_reasons({job.id: "waiting for a free slot"})
    assert store.get(job.id).waiting_reason == "waiting for a free slot"
    assert store.fail_waiting(job.id, "dependency job 1 failed").waiting_reason is None


@pytest.mark.parametrize(
    ("progress", "result"),
    [
        ('{"fraction": 0.5, "message": {"nested": 1}}', '{"tflops": Infinity}'),
        ('{"fraction": "half"}', "[1, 2, 3]"),
        ("not json", '{"n": ' + "1" * 400 + "}"),
        ('{"fraction": 0.5, "message": 5}', '{"deep": ' + "[" * 500 + "]" * 500 + "}"),
    ],
)
def test_rows_an_older_version_stored_with_bad_progress_or_result_still_list(
    store: Store, progress: str, result: str
) -> None:
    """Written straight into SQLite, as an older daemon (which stored what a job reported) left them."""
    job = store.insert(_cmd())
    with store.transaction() as conn:
        conn.execute("UPDATE jobs SET progress = ?, result = ? WHERE id = ?", (progress, result, job.id))
    listed = store.list()[0]
    assert listed.id == job.id and listed.result is None
    if progress.startswith('{"fraction": 0.5, "message": 5'):
        assert listed.progress is not None and listed.progress.message == "5", "a number message is coerced"
    else:
        assert listed.progress is None
    assert listed.to_json()["progress"] == (listed.progress.model_dump() if listed.progress else None)
    assert store.get(job.id, with_events=True).result is None
