"""Hebrew words said in English letters inside an English message ("kama power the h100 pulling achshav",
"eize job failed etmol") read as the English they stand for. A Hebrew speaker's English without "did", "is"
or "the" ("how much energy the h100 burn etmol", "and 4090 etmol") the English readers read as it is."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import Lean, compiled, read_where_marked

# a word no English message has, read only where the message has one: "ma" alone is Italian's "but" and an
# English "nu", "achi" or "tov" may be a name, so they are read only beside a word of their own ("nu ma ze",
# "ma kara", "ma ze the process on gpu 0?"); "lama" only where it asks why ("lama the sweep failed"); not
# "toda" (thanks), Spanish's and Portuguese's "all", read only beside another
_HEBREW_MARK = re.compile(
    r"\b(?:etmol|hayom|ach?shav|kama|eize|eizeh|eizo|ezeh|b'?vakasha|bevakasha|sababa|yalla|achla"
    r"|b'?seder|beseder|mahar|machar|lama(?=\s+(?:the|it|job|is|did|does|my|this|that|so)\b)"
    r"|ma\s+(?:ze|zeh|kara|hamatzav|nishma|kore))\b",
    re.I,
)
_HEBREW = (
    # "ma ze" (what is this) said after a question asks nothing more ("does it support nvlink? ma ze"); said
    # before a thing, it asks what it is ("ma ze the process on gpu 0?")
    (r"[,;.!]?\s*\bma\s+zeh?\s*[?!.]*\s*$", ""),
    (r"\bma\s+zeh?\b", "what is"),
    (r"\bma\s+kara\s+(?:with|to|im|at)\b", "what happened with"),
    (r"\bma\s+kara\b", "what happened"),
    (r"\bma\s+(?:hamatzav|nishma|kore)\b\s*(?:with|im)?", "how is"),  # "ma hamatzav with the sweep"
    (r"(^|[.?!,;:]\s*|\band\s+)ma\b(?=\s+[a-z])", r"\1what"),  # "ma the temp": what
    # the days and now
    (r"\betmol\b", "yesterday"),
    (r"\bhayom\b", "today"),
    (r"\bach?shav\b", "now"),
    (r"\bma(?:c)?har\b", "tomorrow"),
    # the question words
    (r"\bkama\s+(?:zman|time)\b", "how long"),
    (r"\bkama\b", "how much"),
    (r"\blama\b", "why"),
    (r"\b(?:eizeh?|eizo|ezeh)\b", "which"),
    (r"\b(?:b'?vakasha|bevakasha)\b", "please"),
    (r"\btoda(?:\s+raba)?\b", "thanks"),
    # the words that open or close a message and ask nothing: "yalla resume 11", "sababa, and the 4090",
    # "achla. and ...", "nu, ...", "tov retry it", "b'seder retry it", "achi"
    (r"(^|[.?!,;:]\s*)(?:nu|yalla|sababa|achla|tov|b'?seder|beseder|achi|ahi)\b[.,!]*\s*", r"\1"),
    (r",?\s*\b(?:achi|ahi|yalla|sababa)\b\s*(?=[?!.]*\s*$)", ""),
)
_HEBREW_READ = compiled(_HEBREW)  # compiled once


def hebrew_read(text: str, lean: Lean | None = None) -> str:
    """An English message with Hebrew words in it, in English (see :data:`_HEBREW`)."""
    return read_where_marked(text, _HEBREW_MARK, _HEBREW_READ, lean, "hebrew")
