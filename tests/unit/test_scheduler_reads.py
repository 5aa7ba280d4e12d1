"""scheduler.reads.queue against a seeded database: each answer checked against numbers worked out by hand."""

from __future__ import annotations

import pytest

from gpuaccel.scheduler.lifecycle.validation import validate_request
from gpuaccel.scheduler.reads import queue as reads
from gpuaccel.scheduler.store.queue import Store

T0 = 1_800_000_000.0


@pytest.fixture()
def store(store: Store) -> Store:
    """The shared empty store (tests/conftest.py) seeded: four jobs, telemetry rows, gate events."""
    s = store
    # job 1 ran [T0+100, T0+200) and succeeded; job 2 ran [T0+500, T0+600) and failed; job 3 is running
    # since T0+900 (worker pid 4242); job 4 never started.
    for i in range(1, 5):
        s.insert(validate_request({"kind": "command", "argv": ["x"], "name": f"job{i}"}))
    for job_id, start, end, state in (
        (1, 100, 200, "succeeded"),
        (2, 500, 600, "failed"),
        (3, 900, None, None),
    ):
        s.claim(job_id, "t", 30, [0])
        if state is not None:
            s.finish(
                job_id, state, "exit code 3" if state == "failed" else None, 3 if state == "failed" else 0
            )
        with s.transaction() as c:
            c.execute(
                "UPDATE jobs SET started_at = ?, finished_at = ? WHERE id = ?",
                (T0 + start, None if end is None else T0 + end, job_id),
            )
    s.set_worker(3, 4242, None)
    with s.transaction() as c:
        for k in range(10):  # GPU 0: 1 s rows, util 50, temp 60..69; GPU 1: util 10, no temperature
            c.execute(
                "INSERT INTO telemetry_1s (gpu, t, util_gpu, temperature_c, tensor_active)"
                " VALUES (0, ?, 50, ?, 20)",
                (T0 + 100 + k, 60 + k),
            )
            c.execute("INSERT INTO telemetry_1s (gpu, t, util_gpu) VALUES (1, ?, 10)", (T0 + 100 + k,))
        c.execute("INSERT INTO telemetry_1m (gpu, t, util_gpu, power_w) VALUES (0, ?, 70, 300)", (T0 - 3600,))
        for t in (T0 + 10, T0 + 20, T0 + 5000):
            c.execute("INSERT INTO events (t, type, message) VALUES (?, 'gate', '')", (t,))
    return s


def test_jobs_in_window_are_those_that_ran_in_it(store: Store) -> None:
    assert [j.id for j in reads.jobs_in_window(store, T0, T0 + 1000)] == [1, 2, 3]
    assert [j.id for j in reads.jobs_in_window(store, T0 + 150, T0 + 550)] == [1, 2]
    assert [j.id for j in reads.jobs_in_window(store, T0 + 201, T0 + 500)] == []  # 1 ended, 2 not begun
    assert [j.id for j in reads.jobs_in_window(store, T0 + 2000, T0 + 3000)] == [3]  # still running
    failed = [j for j in reads.jobs_in_window(store, T0, T0 + 1000) if j.state == "failed"]
    assert [(j.id, j.reason) for j in failed] == [(2, "exit code 3")]


def test_job_ids_and_running_pids(store: Store) -> None:
    assert reads.job_ids(store, ["succeeded", "failed", "cancelled"]) == {1, 2}
    assert reads.job_ids(store, ["queued"]) == {4}
    assert reads.job_ids(store, []) == set()
    assert reads.running_pids(store) == {4242: 3}


def test_event_count(store: Store) -> None:
    assert reads.event_count(store, "gate", T0, T0 + 100) == 2
    assert reads.event_count(store, "gate", T0, T0 + 10) == 0  # the window is half-open
    assert reads.event_count(store, "idle", T0, T0 + 9999) == 0


def test_history_reads_finest_rows_and_filters_gpus(store: Store) -> None:
    """The fixture's 1 s rows (and a 1 min row an hour before them) through the one history read."""
    from gpuaccel.scheduler.reads import history as history_read

    w = history_read.read_history(store, T0, T0 + 1000)
    assert w.resolution == "1 s" and len(w.rows) == 20
    assert [(r.gpu, r.t) for r in w.rows[:2]] == [(0, T0 + 100), (0, T0 + 101)]
    assert w.rows[0].mean["temperature_c"] == 60 and w.rows[0].mean["power_w"] is None
    only1 = history_read.read_history(store, T0, T0 + 1000, [1])
    assert {r.gpu for r in only1.rows} == {1} and len(only1.rows) == 10
    older = history_read.read_history(store, T0 - 7200, T0)  # before the 1 s rows: the 1 min table answers
    assert older.resolution == "1 min"
    assert [(r.gpu, r.mean["util_gpu"], r.mean["power_w"]) for r in older.rows] == [(0, 70, 300)]
    g0, g1 = (history_read.span_stats(store, T0, T0 + 1000)[g] for g in (0, 1))
    assert (g0["temperature_c"].peak, g0["util_gpu"].mean, g0["tensor_active"].mean) == (69, 50, 20)
    assert "temperature_c" not in g1 and g1["util_gpu"].mean == 10
