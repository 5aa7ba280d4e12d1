"""Shared pytest fixtures and hooks (append yours below; keep each small).

- ``store``: an empty queue store (real SQLite, every migration) in the test's temp dir, closed after it.
- ``fresh_plans``: the attention entry points' plan cache emptied before and after the test.

- Every test fails if it leaves a non-daemon thread running (every thread is joined).
- Each test is marked with its tier, the folder it lives in (unit, integration, gui, kernels, faults, gpu),
  and with its file as its pytest-xdist group (the files' tests run side by side, each file in one worker).
- Tests marked ``gpu`` are skipped, with the reason, unless torch sees CUDA and NVML sees a GPU.
"""

from __future__ import annotations

import functools
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from gpuaccel.scheduler.store.queue import Store

THREAD_GRACE_S = 2.0  # a thread that is ending anyway (joined elsewhere) gets this long


@pytest.fixture(autouse=True)
def no_leaked_threads() -> Iterator[None]:
    """Fail the test if a non-daemon thread it started is still alive after it."""
    before = set(threading.enumerate())
    yield
    deadline = time.monotonic() + THREAD_GRACE_S
    while True:
        leaked = [t for t in threading.enumerate() if t not in before and t.is_alive() and not t.daemon]
        if not leaked or time.monotonic() > deadline:
            break
        time.sleep(0.02)
    if leaked:
        pytest.fail(f"test left non-daemon thread(s) running: {', '.join(t.name for t in leaked)}")


@pytest.fixture
def child() -> Iterator[subprocess.Popen[bytes]]:
    """A process of ours that sleeps for two minutes (a pid to list, check and signal), killed afterwards.

    Popen returns once exec has begun, before the kernel has set the new program's arguments, so a
    reader of /proc at that moment sees no command line. The child says when it runs, and we wait.
    """
    proc = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; print('ready', flush=True); time.sleep(120)"],
        stdout=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stdout.readline() == b"ready\n"
    proc.stdout.close()
    yield proc
    if proc.poll() is None:
        proc.kill()
    proc.wait(5)


@functools.cache
def _gpu_missing() -> str | None:
    """Why GPU tests cannot run here, or None when torch has CUDA and NVML sees a GPU."""
    try:
        import torch
    except ImportError:
        return "torch is not installed"
    if not torch.cuda.is_available():
        return "torch.cuda is not available"
    try:
        import pynvml

        pynvml.nvmlInit()
        try:
            count = pynvml.nvmlDeviceGetCount()
        finally:
            pynvml.nvmlShutdown()
    except Exception as exc:  # no library, no driver, no permission: all mean "skip"
        return f"NVML unusable: {exc}"
    return None if count > 0 else "NVML sees no GPU"


TIERS = ("unit", "integration", "gui", "kernels", "faults", "gpu")
_HERE = Path(__file__).resolve().parent


@pytest.hookimpl(tryfirst=True)  # before -m selects by the folder markers
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The marker follows the folder: ``tests/gpu/...`` is ``gpu``, ``tests/faults/...`` is ``faults``.

    ``make test`` runs ``--dist loadfile``: a file's tests run in one worker, in order, so its module-scoped
    daemon or model starts once (``loadgroup`` with a group per file did not: pytest-xdist 3.8 names a group
    by rewriting ``item._nodeid``, which pytest 9 no longer reads, so each test was a work unit of its own).
    The files marked ``ray_cluster`` run in their own serial pytest (``make test-cluster``): a cluster's head
    listens on fixed ports, and inside an xdist worker the Ray tests failed where they pass serially."""
    for item in items:
        try:
            relative = Path(item.path).resolve().relative_to(_HERE)
        except ValueError:
            continue
        if relative.parts[0] in TIERS:
            item.add_marker(getattr(pytest.mark, relative.parts[0]))


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("gpu") is not None:
        reason = _gpu_missing()
        if reason is not None:
            pytest.skip(f"gpu test: {reason}")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """An empty queue store in the test's temp dir (a test needing seeded jobs builds on it)."""
    s = Store(tmp_path / "gpuaccel.db")
    yield s
    s.close()


# A real daemon subprocess for integration tests: `daemon`, `daemon_factory` (tests/daemon_fixture.py).
pytest_plugins = ["daemon_fixture"]


@pytest.fixture
def fresh_plans() -> Iterator[None]:
    """The attention entry points' one plan cache empty before the test and again after it, so plans made
    with fakes or pins never reach another test (``dense.attention.forget_plans``)."""
    from gpuaccel.accel.kernels.dense.attention import forget_plans

    forget_plans()
    yield
    forget_plans()
