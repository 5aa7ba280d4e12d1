"""The app refuses the PySide6 release that aborts it on Python 3.11, by version, with the fix in words."""

from __future__ import annotations

import pytest

from gpuaccel.app.gui import pyside_refusal


@pytest.mark.parametrize("version", ["6.11.3", "6.7.0", "6.10"])
def test_releases_before_the_bug_are_accepted(version: str) -> None:
    assert pyside_refusal(version, (3, 11)) is None


@pytest.mark.parametrize("version", ["6.12.0", "6.12.1", "6.13.0"])
def test_broken_release_on_python_311_is_refused(version: str) -> None:
    reason = pyside_refusal(version, (3, 11))
    assert reason is not None and version in reason and "<6.12" in reason


def test_python_312_is_safe_with_any_release() -> None:
    assert pyside_refusal("6.12.0", (3, 12)) is None
