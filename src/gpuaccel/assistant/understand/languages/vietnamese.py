"""Vietnamese words said without their marks in an English message, read as the English they stand for."""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages.tables import Lean, compiled, ing_form, read_where_marked

# a word an English message never has, read only where the message has one (an English "a", "em" or "roi"
# stays as it was): "hom qua", "bay gio", "bao nhieu", "job nao", "giup em", "nhe"; a trailing "a" is the
# polite particle ("how much a?", "off topic a, ..."), not the article, but after a name that takes a letter
# ("option a?", "plan a")
_PARTICLE_A = (
    r"(?<!\boption)(?<!\bplan)(?<!\btype)(?<!\bclass)(?<!\bgrade)(?<!\bversion)(?<!\bpart)(?<!\bstep)"
    r"(?<!\bgroup)(?<!\bnode)(?<!\bzone)(?<!\bset)(?<!\bcase)(?<!\btier)(?<![.'-])\s+a(?=\s*(?:[?!]|,(?!\s*b\b)|$))"
)
_VIETNAMESE_MARK = re.compile(
    r"\b(?:hom\s+(?:qua|nay)|bay\s+gio|bao\s+(?:nhieu|lau)|giup|nhe|nha|khong|dang|(?<=\w\s)nao(?=\s*(?:[?,.!]|$)|\s+(?:run|ran|use|used|is|was|has|had|have|fail|failed|hot|busy|free|on|at|in|the|do|did|hold|holds|eat|eats|take|took)\b)|cam\s+on"
    r"|(?:ok|thanks?|giup)\s+em)\b|" + _PARTICLE_A,
    re.I,
)
_VIETNAMESE = (
    (r"\bhom\s+qua\b", "yesterday"),
    (r"\bhom\s+nay\b", "today"),
    (r"\bbay\s+gio\b", "now"),
    (r"\bbao\s+nhieu\b", "how much"),
    (r"\bbao\s+lau\b", "how long"),
    # "which" and "what" said after their noun: "job nao run that time" is "which job", "run job gi" what job
    (r"\b([\w-]+)\s+nao\b(?!\s+[a-z]+(?:ou|ei|ava|ar|er|ir)\b)", r"which \1"),  # not Portuguese's "nao rodou"
    (r"\b(job|process|card|gpu|model|step|error|loi)\s+gi\b", r"what \1"),
    (r"\bgi\b(?=\s*[?]|\s*$)", "what"),
    # the present going on: "GPU 0 dang run job gi" is running
    (
        r"\bdang\s+(run|use|train|wait|hold|load|do)\b",
        lambda m: "is " + ing_form(m[1].lower()),
    ),
    (r"\bdang\s+(?=[a-z])", "is "),
    (r"\bcam\s+on\b", "thank you"),
    (r"\bkhong\b", "or not"),  # "GPU 1 free khong?": free or not
    # the particles of politeness and "already" (roi), which ask nothing
    (r"\s*\bgiup(?:\s+(?:em|anh|chi|minh))?\b", ""),
    (r"\b(ok|thanks?|thank you)\s+em\b", r"\1"),
    (r"\s*\b(?:nhe|nha|roi)\b(?=\s*(?:[?,.!]|$))", ""),
    (_PARTICLE_A, ""),
)
_VIETNAMESE_READ = compiled(_VIETNAMESE)  # compiled once


def vietnamese_read(text: str, lean: Lean | None = None) -> str:
    """An English message with Vietnamese words in English (see :data:`_VIETNAMESE`)."""
    return read_where_marked(text, _VIETNAMESE_MARK, _VIETNAMESE_READ, lean, "vietnamese")
