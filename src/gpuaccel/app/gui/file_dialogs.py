"""Asking where to save: the chosen file type's suffix is added when the typed name has none.

Qt's save dialog returns the name as typed ("history" with the CSV filter chosen), so a file would be
written without its suffix and, for a format read from the suffix, in the wrong format.
"""

from __future__ import annotations

import re

from PySide6.QtWidgets import QFileDialog, QWidget


def suffixed(path: str, chosen_filter: str, filters: str = "") -> str:
    """``path`` with the chosen filter's first suffix added unless it already ends in a suffix of any
    offered filter ("CSV (*.csv)": "history" -> "history.csv"; "a.parquet" stays: the name decides)."""
    suffixes = re.findall(r"\*(\.[A-Za-z0-9]+)", chosen_filter)
    known = {s.lower() for s in suffixes + re.findall(r"\*(\.[A-Za-z0-9]+)", filters)}
    if not suffixes or path.lower().endswith(tuple(known)):
        return path
    return path + suffixes[0]


def ask_save_path(parent: QWidget, title: str, name: str, filters: str) -> tuple[str, str] | None:
    """The path to save to (suffixed as the chosen filter says) and that filter; None when cancelled."""
    path, chosen = QFileDialog.getSaveFileName(parent, title, name, filters)
    if not path:
        return None
    return suffixed(path, chosen, filters), chosen
