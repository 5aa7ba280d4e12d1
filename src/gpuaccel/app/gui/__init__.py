"""The desktop app (PySide6 + pyqtgraph): a client of the daemon. The only package that imports Qt.

PySide6 6.12.0 on Python 3.11 returns borrowed references from ``Signal.emit()``, ``disconnect()`` and
``QObject.property()``; the process aborts with "bool_dealloc"/"none_dealloc" after a few hundred signals,
and pyqtgraph emits on every plot update. Importing this package refuses that pairing with a clear error
instead of a crash a minute later. From Python 3.12 bools and None are immortal and the bug is harmless.
"""

from __future__ import annotations

import sys

BROKEN_PYSIDE = (6, 12)  # the first release with the bug; pyproject keeps PySide6 below it


def pyside_refusal(pyside_version: str, python: tuple[int, int]) -> str | None:
    """Why this PySide6 cannot run the app on this Python, or None when the pairing is safe."""
    if python >= (3, 12):
        return None
    parts = tuple(int(p) for p in pyside_version.split(".")[:2] if p.isdigit())
    if parts < BROKEN_PYSIDE:
        return None
    return (
        f"PySide6 {pyside_version} loses references on Python {python[0]}.{python[1]} (Signal.emit returns "
        "a borrowed bool) and would abort the app; install 'PySide6-Essentials>=6.7,<6.12' (6.11.3 works) "
        "or use Python 3.12+."
    )


def _check_pyside() -> None:
    import PySide6

    reason = pyside_refusal(PySide6.__version__, sys.version_info[:2])
    if reason is not None:
        raise ImportError(reason)


_check_pyside()
