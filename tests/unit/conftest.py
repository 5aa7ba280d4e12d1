"""Fixtures of the unit tier (the shared ones are in tests/conftest.py).

- ``job_store``: an empty job store of each kind, SQLite (on disk, every migration) and in memory, so one
  behaviour test proves both keep the :class:`~scheduler.store.jobstore.JobStore` contract.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gpuaccel.scheduler.store.jobstore import JobStore
from gpuaccel.scheduler.store.memory import MemoryStore
from gpuaccel.scheduler.store.queue import Store


@pytest.fixture(params=["sqlite", "memory"])
def job_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[JobStore]:
    s: JobStore = Store(tmp_path / "gpuaccel.db") if request.param == "sqlite" else MemoryStore()
    yield s
    s.close()
