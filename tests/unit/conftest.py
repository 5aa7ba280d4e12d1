"""Fixtures of the unit tier (the shared ones are in tests/conftest.py).

- ``job_store``: an empty job store of each kind, SQLite (on disk, every migration) and in memory, so one
  behaviour test proves both keep the :class:`~scheduler.store.jobstore.JobStore` contract.
- ``svc``: the assistant on a test machine of tests/assistant_helpers.py, stopped and its store closed after
  the test: the held-out sets' machine (``build_service``), or the machine the test's module names in
  ``SVC_MACHINE`` (a function of the test's folder that returns the service, e.g. ``build_chat_service``).
- ``heldout_svc``: the chat on tests/heldout_machine.py's machine as the blind sets' scorer builds it, with
  the machine's clock (15:00 today) held for the test, stopped after it; a new chat for each test on one
  copy of the machine for the module (``heldout_machine``), which the chats only read.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from assistant_helpers import build_service
from heldout_machine import Machine, build_machine

from gpuaccel.assistant.service import AssistantService
from gpuaccel.scheduler.store.jobstore import JobStore
from gpuaccel.scheduler.store.memory import MemoryStore
from gpuaccel.scheduler.store.queue import Store


@pytest.fixture(params=["sqlite", "memory"])
def job_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[JobStore]:
    s: JobStore = Store(tmp_path / "gpuaccel.db") if request.param == "sqlite" else MemoryStore()
    yield s
    s.close()


@pytest.fixture
def svc(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[AssistantService]:
    machine = getattr(request.module, "SVC_MACHINE", build_service)
    service = machine(tmp_path)
    yield service
    service.stop()
    service.store.close()


@pytest.fixture(scope="module")
def heldout_machine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Machine]:
    """The held-out machine, copied once for the module: its chats only read it (a copy and the store's
    integrity check at open were most of each test's setup)."""
    machine = build_machine(tmp_path_factory.mktemp("heldout"))
    yield machine
    machine.store.close()


@pytest.fixture
def heldout_svc(heldout_machine: Machine) -> Iterator[AssistantService]:
    with heldout_machine.held_clock():
        service = heldout_machine.service()
        try:
            yield service
        finally:
            service.stop()
