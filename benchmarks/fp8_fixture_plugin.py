"""``pytest --noconftest -p fp8_fixture_plugin``: tests/conftest.py's ``fresh_plans`` fixture alone, for the
GPU tests that take it on a device machine whose image lacks the scheduler's packages (tests/conftest.py
imports them). benchmarks/ and tests/ on PYTHONPATH."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture
def fresh_plans() -> Iterator[None]:
    from gpuaccel.accel.kernels.dense.attention import forget_plans

    forget_plans()
    yield
    forget_plans()
