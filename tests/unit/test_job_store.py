"""The :class:`JobStore` contract, the same tests against the SQLite store and the in-memory one: what is
stored, how each change is guarded by the state it leaves, and the finish hooks' outbox."""

from __future__ import annotations

import pytest

from gpuaccel.api.jobs import Job, JobState
from gpuaccel.scheduler.lifecycle.validation import RequestError, validate_request
from gpuaccel.scheduler.store.idempotency import IdempotencyConflict
from gpuaccel.scheduler.store.jobstore import JobStore
from gpuaccel.scheduler.store.records import JobRecords


def _submit(store: JobStore, key: str | None = None, digest: str | None = None, **raw: object) -> Job:
    req = validate_request({"kind": "command", "argv": ["true"], **raw})
    result = store.insert_submissions([(req, key, digest)])[0]
    assert isinstance(result, tuple), result
    return result[0]


def test_a_submission_is_queued_with_its_event_and_read_back_whole(job_store: JobStore) -> None:
    job = _submit(job_store, name="n", labels={"a": "b"}, priority=3)
    got = job_store.get(job.id, with_events=True)
    assert got is not None and got.state == "queued" and got.name == "n" and got.labels == {"a": "b"}
    assert [e.message for e in got.events or []] == ["submitted (command)"]
    assert job_store.counts() == {"queued": 1} and job_store.max_id() == job.id


def test_an_idempotency_key_gives_the_first_job_or_refuses_another_request(job_store: JobStore) -> None:
    first = _submit(job_store, "k", "h1")
    req = validate_request({"kind": "command", "argv": ["true"]})
    again, other = job_store.insert_submissions([(req, "k", "h1"), (req, "k", "h2")])
    assert isinstance(again, tuple) and again[0].id == first.id and again[1] is False
    assert isinstance(other, IdempotencyConflict) and f"job {first.id}" in str(other)


def test_what_a_request_names_must_exist_and_a_refusal_stores_nothing(job_store: JobStore) -> None:
    req = validate_request({"kind": "command", "argv": ["true"], "depends_on": [99]})
    bad_group = validate_request({"kind": "command", "argv": ["true"], "group": "night"})
    ok = validate_request({"kind": "command", "argv": ["true"]})
    missing, unknown, stored = job_store.insert_submissions(
        [(req, None, None), (bad_group, None, None), (ok, None, None)]
    )
    assert isinstance(missing, RequestError) and missing.field == "depends_on" and "99" in missing.message
    assert isinstance(unknown, RequestError) and unknown.field == "group" and "'night'" in unknown.message
    assert isinstance(stored, tuple) and job_store.counts() == {"queued": 1}


def test_an_array_is_stored_as_its_elements(job_store: JobStore) -> None:
    first = _submit(job_store, array="1,3,5%2")
    members = [job_store.get(first.id + i) for i in range(3)]
    assert [(m.array_id, m.array_index, m.array_max) for m in members if m] == [
        (first.id, i, 2) for i in (1, 3, 5)
    ]
    assert job_store.array_states(first.id) == {"queued": 3}
    assert job_store.array_states_of([first.id, 12345]) == {first.id: {JobState.QUEUED}}
    assert job_store.cancel_array_waiting(first.id) == [first.id, first.id + 1, first.id + 2]
    assert job_store.array_states(first.id) == {"cancelled": 3}


def test_dispatch_order_is_priority_then_submission(job_store: JobStore) -> None:
    a, b, c = _submit(job_store), _submit(job_store, priority=5), _submit(job_store)
    held = _submit(job_store, hold=True)
    pending = [p for page in job_store.pending_pages() for p in page]
    assert [p.id for p in pending] == [b.id, a.id, c.id] and held.id not in [p.id for p in pending]
    assert all(p.seq == p.id for p in pending)  # a new job's place among equals is its id
    assert [p.id for page in job_store.pending_pages(after_id=b.id) for p in page] == [c.id]
    array = _submit(job_store, array="0-2")
    elements = [p for page in job_store.pending_pages(after_id=held.id) for p in page]
    assert [(p.id, p.seq) for p in elements] == [(array.id + i, array.id + i) for i in range(3)]


def test_each_change_is_guarded_by_the_state_it_leaves(job_store: JobStore) -> None:
    job = _submit(job_store, max_retries=1)
    assert job_store.finish(job.id, JobState.SUCCEEDED, None, 0) is None  # not running: nothing happens
    claimed = job_store.claim(job.id, "me", 60, [0, 1])
    assert claimed is not None and claimed.attempt == 1 and claimed.assigned_gpus == [0, 1]
    assert job_store.claim(job.id, "me", 60, []) is None  # claimed once
    assert job_store.cancel_waiting(job.id) is None  # running: a cancel must be requested
    retrying = job_store.to_retrying(job.id, 1e12, "exited with code 1", 1)
    assert retrying is not None and retrying.state == "retrying"
    assert job_store.requeue_due(1e12 - 1) == [] and job_store.requeue_due(1e12) == [job.id]
    assert job_store.claim(job.id, "me", 60, []).attempt == 2  # type: ignore[union-attr]
    done = job_store.finish(job.id, JobState.FAILED, "exited with code 1", 1)
    assert done is not None and (done.state, done.exit_code) == ("failed", 1)
    again = job_store.retry(job.id)
    assert again is not None and again.state == "queued" and again.attempts_allowed == 4  # 2 + 1 retry + 1


def test_a_requeue_spares_the_attempt_and_a_held_requeue_waits(job_store: JobStore) -> None:
    job = _submit(job_store)
    job_store.claim(job.id, "me", 60, [])
    back = job_store.requeue_running(job.id, "daemon stopped; queued again", count_attempt=False)
    assert back is not None and back.state == "queued" and back.can_retry
    job_store.claim(job.id, "me", 60, [])
    held = job_store.requeue_running(job.id, "held", count_attempt=False, hold=True)
    assert held is not None and held.state == "held"
    assert job_store.move(job.id, "release", "released by user").state == "queued"  # type: ignore[union-attr]


def test_a_cancel_of_a_running_job_is_remembered(job_store: JobStore) -> None:
    job = _submit(job_store)
    assert job_store.request_cancel(job.id) is None  # queued: not this way
    job_store.claim(job.id, "me", 60, [])
    assert not job_store.set_worker(job.id, 4242, "marker")
    assert job_store.request_cancel(job.id) is not None and job_store.cancel_requested(job.id)
    assert job_store.set_worker(job.id, 4242, "marker")  # a launch learns of it


def test_leases_orphans_and_adoption(job_store: JobStore) -> None:
    job = _submit(job_store)
    job_store.claim(job.id, "old", 60, [])
    assert job_store.heartbeat("old", 60) == 1 and job_store.heartbeat("new", 60) == 0
    assert [j.id for j in job_store.orphans("new")] == [job.id] and job_store.orphans("old") == []
    adopted = job_store.adopt(job.id, "new", 60, 99, "adopted after a restart")
    assert adopted is not None and adopted.worker_pid == 99 and job_store.orphans("new") == []
    assert job_store.has_event(job.id, 0, "after a restart")


def test_waiting_reasons_are_kept_only_for_queued_jobs(job_store: JobStore) -> None:
    a, b = _submit(job_store), _submit(job_store)
    job_store.claim(b.id, "me", 60, [])
    job_store.set_waiting_reasons({a.id: "waiting for a GPU", b.id: "no"})
    assert job_store.get(a.id).waiting_reason == "waiting for a GPU"  # type: ignore[union-attr]
    assert job_store.get(b.id).waiting_reason is None  # type: ignore[union-attr]
    assert job_store.running_per_array() == {} and job_store.limits().why_waiting("default", 0) is None


def test_a_finished_job_has_its_hooks_pending_then_one_outcome(job_store: JobStore) -> None:
    seen: list[int] = []
    job_store.set_finish_hooks(lambda job: [("command", "echo done"), ("url", "http://h/x")])
    job_store.on_finished(lambda job: seen.append(job.id))
    job = _submit(job_store)
    assert job_store.pending_hooks() == []
    job_store.cancel_waiting(job.id)
    pending = job_store.pending_hooks(job.id)
    assert [(p[1], p[2], p[3]) for p in pending] == [
        (job.id, "command", "echo done"),
        (job.id, "url", "http://h/x"),
    ]
    assert seen == [job.id] and job_store.hook(pending[0][0]) == (job.id, "command", "echo done")
    job_store.hook_started(pending[0][0])
    done = job_store.get(job.id)
    assert done is not None
    assert job_store.hook_done(pending[0][0], done, "finish hook exited 0", True, {"hook": "command"})
    assert not job_store.hook_done(pending[0][0], done, "again", True, {})  # recorded once
    assert [p[0] for p in job_store.pending_hooks()] == [pending[1][0]]


def test_priority_and_progress(job_store: JobStore) -> None:
    job = _submit(job_store)
    assert job_store.set_priority(job.id, 7).priority == 7  # type: ignore[union-attr]
    assert job_store.set_priority(999, 1) is None
    job_store.set_progress(job.id, None, {"tflops": 1.5})
    assert job_store.get(job.id).result == {"tflops": 1.5}  # type: ignore[union-attr]
    assert [j.id for j in job_store.list(states=["queued"], limit=5)] == [job.id]
    assert job_store.fail_waiting(job.id, "dependency job 1 failed").state == "failed"  # type: ignore[union-attr]


@pytest.mark.parametrize("secret_in", ["message", "data"])
def test_the_daemons_secret_never_reaches_an_event(
    job_store: JobStore, secret_in: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(JobRecords, "_secrets", ())  # restored after the test
    JobRecords.add_secret("s3cret-token-value")
    job = _submit(job_store)
    text = "hook said s3cret-token-value"
    job_store.add_event(
        "job", job_id=job.id, message=text if secret_in == "message" else "x", data={"out": text}
    )
    last = job_store.events(job_id=job.id)[-1]
    assert "s3cret" not in last.message and "s3cret" not in str(last.data)
