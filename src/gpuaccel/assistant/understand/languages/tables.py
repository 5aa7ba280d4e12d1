"""The one way each language's table is read: its patterns replaced by their English, in order."""

from __future__ import annotations

import re
from collections.abc import Callable

Table = tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...]


def translated(text: str, table: Table) -> str:
    """``text`` with each pattern of ``table`` replaced by its English, in order."""
    for pattern, english in table:
        text = pattern.sub(english, text)
    return text
