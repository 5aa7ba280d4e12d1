"""Group commit for ``POST /jobs``: the submissions that arrive in one turn of the event loop share one
SQLite transaction.

Why: in a burst (thousands of submissions from many clients) each request used to pay its own
``BEGIN IMMEDIATE ... COMMIT``, the largest single cost of a submission and taken on the event loop. Here a
request adds itself to the open batch and awaits its own result; the batch is written by a callback
scheduled after the requests that are already runnable, so a lone request waits for nothing and a burst
pays one commit per batch. A request is answered only after the transaction that stored it committed,
and a bad request gets its own error without touching the others in its batch.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Any

log = logging.getLogger(__name__)

MAX_BATCH = 256  # a bound on one transaction's length (and on the latency it adds to its first request)

# the requests of a batch -> one result each, in order; an Exception instance is raised to its requester
SubmitMany = Callable[[Sequence[Any]], Sequence[Any]]


class SubmitBatcher:
    """Collects submissions on the event loop and stores them with ``submit_many`` in batches."""

    def __init__(self, submit_many: SubmitMany, max_batch: int = MAX_BATCH) -> None:
        self._submit_many = submit_many
        self._max_batch = max_batch
        self._pending: list[tuple[Any, asyncio.Future[Any]]] = []
        self._scheduled = False

    async def submit(self, raw: Any) -> Any:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._pending.append((raw, future))
        if not self._scheduled:
            self._scheduled = True
            loop.call_soon(self._flush, loop)
        return await future

    def _flush(self, loop: asyncio.AbstractEventLoop) -> None:
        batch, self._pending = self._pending[: self._max_batch], self._pending[self._max_batch :]
        if self._pending:
            loop.call_soon(self._flush, loop)
        else:
            self._scheduled = False
        try:
            results = self._submit_many([raw for raw, _ in batch])
        except Exception as exc:  # the transaction failed as a whole: nothing of the batch was stored
            if isinstance(exc, OSError):  # a full disk: its message says it all
                log.warning("storing a batch of %d submissions failed: %s", len(batch), exc)
            else:
                log.exception("storing a batch of %d submissions failed", len(batch))
            for _, future in batch:
                if not future.done():
                    future.set_exception(exc)
            return
        for (_, future), result in zip(batch, results, strict=True):
            if future.done():  # the client went away; its job is stored all the same, as before
                continue
            if isinstance(result, Exception):
                future.set_exception(result)
            else:
                future.set_result(result)
