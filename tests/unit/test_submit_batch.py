"""Group commit of submissions: one transaction per loop turn, each request answered with its own result."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from gpuaccel.api.jobs import Job
from gpuaccel.scheduler.http.submit_batch import SubmitBatcher
from gpuaccel.scheduler.lifecycle.validation import RequestError, validate_request
from gpuaccel.scheduler.store.queue import Store


class StoreBackend:
    """What the scheduler's ``submit_many`` does, over a real store, counting the transactions."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.calls: list[int] = []

    def __call__(self, raws: Sequence[Any]) -> list[Any]:
        self.calls.append(len(raws))
        results = self.store.insert_submissions([(validate_request(raw), None, None) for raw in raws])
        return [r if isinstance(r, Exception) else r[0] for r in results]


@pytest.fixture
def backend(tmp_path: Path) -> StoreBackend:
    store = Store(tmp_path / "db.sqlite")
    yield StoreBackend(store)
    store.close()


def _cmd(i: int) -> dict[str, Any]:
    return {"kind": "command", "argv": ["true"], "name": f"job-{i}"}


def test_a_burst_shares_transactions_and_each_request_gets_its_own_job(backend: StoreBackend) -> None:
    batcher = SubmitBatcher(backend, max_batch=16)

    async def burst() -> list[Job]:
        return await asyncio.gather(*(batcher.submit(_cmd(i)) for i in range(40)))

    jobs = asyncio.run(burst())
    assert [j.name for j in jobs] == [f"job-{i}" for i in range(40)]
    assert len({j.id for j in jobs}) == 40
    assert backend.calls == [16, 16, 8]  # three transactions, none longer than max_batch
    assert sorted(j.id for j in backend.store.list(limit=100)) == sorted(j.id for j in jobs)


def test_a_lone_request_is_stored_at_once(backend: StoreBackend) -> None:
    batcher = SubmitBatcher(backend)
    job = asyncio.run(batcher.submit(_cmd(1)))
    assert backend.calls == [1]
    assert backend.store.get(job.id) is not None


def test_a_bad_request_fails_alone_in_its_batch(backend: StoreBackend) -> None:
    batcher = SubmitBatcher(backend)

    async def burst() -> list[Any]:
        bad = {"kind": "command", "argv": ["true"], "depends_on": [999]}
        return await asyncio.gather(
            batcher.submit(_cmd(0)), batcher.submit(bad), batcher.submit(_cmd(2)), return_exceptions=True
        )

    first, bad, last = asyncio.run(burst())
    assert backend.calls == [3]
    assert isinstance(bad, RequestError) and bad.field == "depends_on" and "999" in bad.message
    assert isinstance(first, Job) and isinstance(last, Job)
    assert {j.name for j in backend.store.list(limit=10)} == {"job-0", "job-2"}


def test_a_failed_transaction_fails_its_batch_and_stores_nothing(backend: StoreBackend) -> None:
    def broken(raws: Sequence[Any]) -> list[Job]:
        raise OSError("disk full")

    batcher = SubmitBatcher(broken)

    async def burst() -> list[Any]:
        return await asyncio.gather(*(batcher.submit(_cmd(i)) for i in range(3)), return_exceptions=True)

    results = asyncio.run(burst())
    assert all(isinstance(r, OSError) for r in results)
    # the next batch is not affected
    good = SubmitBatcher(backend)
    assert asyncio.run(good.submit(_cmd(9))).name == "job-9"


def test_one_idempotency_key_twice_in_one_batch_queues_one_job(backend: StoreBackend) -> None:
    from gpuaccel.scheduler.store.idempotency import IdempotencyConflict, request_hash

    raw, other = _cmd(1), _cmd(2)
    items = [
        (validate_request(raw), "key-1", request_hash(raw)),
        (validate_request(raw), "key-1", request_hash(raw)),
        (validate_request(other), "key-1", request_hash(other)),
    ]
    first, repeat, conflict = backend.store.insert_submissions(items)
    assert first[1] is True and repeat[0].id == first[0].id
    assert repeat[1] is False
    assert isinstance(conflict, IdempotencyConflict)
    assert [j.id for j in backend.store.list(limit=10)] == [first[0].id]
