"""The one way each language's table is compiled and read: its patterns, case-insensitive, replaced by their
English in order."""

from __future__ import annotations

import re
from collections.abc import Callable

English = str | Callable[[re.Match[str]], str]
Table = tuple[tuple[re.Pattern[str], English], ...]


def compiled(pairs: tuple[tuple[str, English], ...]) -> Table:
    """``pairs`` of (pattern, English) compiled once, case-insensitive but where the pattern opens with a
    lookbehind (its case is part of what it reads: "(?<=\\d)\\s?Go\\b" is French's GB after a number, not
    "let it go")."""
    return tuple((re.compile(p, 0 if p.startswith("(?<=") else re.I), english) for p, english in pairs)


def translated(text: str, table: Table) -> str:
    """``text`` with each pattern of ``table`` replaced by its English, in order."""
    for pattern, english in table:
        text = pattern.sub(english, text)
    return text
