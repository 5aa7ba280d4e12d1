"""The desktop app (PySide6 + pyqtgraph): a client of the daemon. The only package that imports Qt.

Importing it checks for a PySide6 reference-count bug (6.12.0 on Python 3.11: ``Signal.emit()``,
``disconnect()`` and ``QObject.property()`` return borrowed references) that aborts the process with
"bool_dealloc"/"none_dealloc" after a few hundred signals -- pyqtgraph emits on every plot update, so
the window would die within seconds. A clear error at import beats a crash a minute later.
"""

from __future__ import annotations

import sys


def _check_pyside() -> None:
    if sys.version_info >= (3, 12):
        return  # bools and None are immortal there: the lost references are harmless
    import PySide6
    from PySide6.QtCore import QObject, Signal

    class _Probe(QObject):
        sig = Signal()

    probe = _Probe()
    before = sys.getrefcount(True)
    for _ in range(16):
        probe.sig.emit()
    lost = before - sys.getrefcount(True)
    if lost >= 8:
        import ctypes

        for _ in range(lost):  # give back what the probe itself took
            ctypes.pythonapi.Py_IncRef(ctypes.py_object(True))
        raise ImportError(
            f"PySide6 {PySide6.__version__} loses references on Python {sys.version.split()[0]} "
            "(Signal.emit returns a borrowed bool) and would abort the app; install "
            "'PySide6-Essentials>=6.7,<6.12' (6.11.3 works)."
        )


_check_pyside()
