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
    r"|(?:ok|thanks?|giup)\s+em"
    # Vietnamese's own words of a machine, its hours and its queue, none an English word nor another
    # language's: "nhiet do" (temperature), "sang nay" (this morning), "huy" (cancel), "chay" (run)
    r"|nhiet\s+do|(?:nong|cao|thap|lau)\s+(?:nhat|hon)|trung\s+binh|tieu\s+thu|dien\s+nang|tong\s+cong"
    r"|thoi\s+gian|(?:sang|chieu|toi)\s+nay|toi\s+qua|dem\s+qua|nua\s+dem|luc\s+(?:may|do|ay)|may\s+gio"
    r"|khi\s+nao|tai\s+sao|thi\s+sao|hang\s+doi|chay(?:\s+lai)?|huy\s+(?=job|\d)|tam\s+(?:dung|ngung)|uu\s+tien"
    r"|(?:card|gpu)\s+kia|cung\s+khoang|(?:resume|release|retry)\s+lai|trong\s+\d+\s+(?:gio|tieng|phut)\s+qua"
    r"|tu\s+\d{1,2}h\d*\s+den|tang\s+priority|chuyen|gay\s+ra|dung\s+het|vay|minh)\b|" + _PARTICLE_A,
    re.I,
)
_REQUEST = r"cancel|hold|release|pause|resume|retry|rerun|restart|kill|stop|move"


def _clock(m: re.Match[str]) -> str:
    """An hour "9h" or "9h30" after its word ("tu 9h", "luc 13h30") as the clock writes it ("tu 9:00")."""
    return f"{m[1]} {m[2]}:{m[3] or '00'}"


_VIETNAMESE = (
    # "co nhung X nao" (which Xs), "co X nao" (is there any X: which X), "cai nao" (which one)
    (r"\b(?:co\s+)?nhung\s+([\w-]+)\s+nao\b", r"which \1s"),
    (r"\bco\s+(?=[\w-]+\s+nao\b)", ""),
    (r"\bcai\s+nao\b", "which"),
    # "which" and "what" said after their noun: "job nao run that time" is "which job", "run job gi" what job
    (r"\b([\w-]+)\s+nao\b(?!\s+[a-z]+(?:ou|ei|ava|ar|er|ir)\b)", r"which \1"),  # not Portuguese's "nao rodou"
    (r"\b(job|process|card|gpu|model|step|error|loi)\s+gi\b", r"what \1"),
    (r"\bgi\b(?=\s*[?]|\s*$)", "what"),
    # the hours: "luc may gio"/"luc may h"/"khi nao" (at what time), "luc do" (at that time), "sang nay" (this
    # morning), "toi qua" (last night), "nua dem" (midnight), "trong 1 gio qua" (in the last hour), "tu 9h
    # den 12h" (from 9:00 to 12:00); an hour "9h" or "9h30" (not a span's "1h30m")
    (r"\b(?:luc\s+)?may\s+(?:gio|h)\b|\bkhi\s+nao\b", "at what time"),
    (r"\bluc\s+(?:do|ay)\b|\bkhi\s+do\b", "at that time"),
    (r"\bsang\s+nay\b", "this morning"),
    (r"\bchieu\s+nay\b", "this afternoon"),
    (r"\btoi\s+nay\b", "tonight"),
    (r"\b(?:toi|dem)\s+(?:hom\s+)?qua\b", "last night"),
    (r"\bnua\s+dem\b", "midnight"),
    (r"\btrong\s+(\d+)\s*(?:gio|tieng|h)\s+qua\b", r"in the last \1 hours"),
    (r"\btrong\s+(\d+)\s+phut\s+qua\b", r"in the last \1 minutes"),
    (r"\b(tu|den|luc|sau|truoc)\s+(\d{1,2})h(\d{2})?(?![\w:])", _clock),
    (r"\bluc\s+(?=\d{1,2}:\d\d)", "at "),
    (r"\bsau\s+(?=\d{1,2}:\d\d)", "after "),
    (r"\btruoc\s+(?=\d{1,2}:\d\d)", "before "),
    (r"\btu\s+(?=\d{1,2}:\d\d)", "from "),
    (r"(?<=\d\d)\s+den\s+(?=\d{1,2}:\d\d|midnight)", " to "),
    # the queue: "hang doi" (the queue), "huy" (cancel), "chay lai" (retry), "tam dung" (pause), "resume lai"
    # (resume), "chuyen X sang GPU 1" (move X to GPU 1), "tang priority X len 10" (set X's priority to 10),
    # "cho X uu tien cao hon" (give X a higher priority); "no" after a request is "it" ("release no")
    (r"\bhang\s+doi\b", "the queue"),
    (r"\bhuy\b", "cancel"),
    (r"\bchay\s+lai\b", "retry"),
    (r"\btam\s+(?:dung|ngung)\b", "pause"),
    (r"\b(" + _REQUEST + r")\s+lai\b", r"\1"),
    (r"\bchuyen\b", "move"),
    (r"\bsang\s+(?=(?:gpu|card)\b)", "to "),
    (r"\b(" + _REQUEST + r")\s+no\b", r"\1 it"),
    (
        r"\b(?:tang|dat|doi|chinh|set)\s+(?:do\s+)?(?:priority|uu\s+tien)\s+(?:cua\s+)?(.{1,40}?)\s+(?:len|thanh|la)\s+(\d+)\b",
        r"set the priority of \1 to \2",
    ),
    (
        r"\b(?:cho|tang)\s+(.{1,40}?)\s+(?:do\s+)?(?:uu\s+tien|priority)\s+cao\s+hon\b(?:\s+nua\b)?",
        r"give \1 a higher priority",
    ),
    (r"\buu\s+tien\b", "priority"),
    # a GPU's readings: "nhiet do" (temperature), "bao nhieu do" (how many degrees), "80 do" (degrees),
    # "nong nhat" (hottest), "cao/thap nhat" (highest/lowest), "trung binh" (average), "tieu thu/ton ...
    # dien" (use ... energy), "tong cong" (in total), "tren/duoi" (above/below)
    (r"\bnhiet\s+do\b", "temperature"),
    (r"\bbao\s+nhieu\s+do\b", "how many degrees"),
    (r"\b(\d+)\s+do\b", r"\1 degrees"),
    (r"\bnong\s+nhat\b", "hottest"),
    (r"\bnong\s+hon\b", "hotter"),
    (r"\bnong\b", "hot"),
    (r"\bcao\s+nhat\b", "highest"),
    (r"\bthap\s+nhat\b", "lowest"),
    (r"\bcao\s+hon\b", "higher"),
    (r"\bthap\s+hon\b", "lower"),
    (r"\blau\s+hon\b", "longer"),
    (r"\blau\s+nhat\b", "longest"),
    (r"\btrung\s+binh\b", "average"),
    (r"\b(?:tieu\s+thu|ton|dung\s+het)\b|\bdung\b(?=\s+bao\s+nhieu\b)", "used"),
    (r"\bdung\s+(?=job\b|\d)", "stop "),  # (dừng: "dung job 11" stops it)
    (r"\b(?:dien\s+nang|dien)\b", "energy"),
    (r"\btong\s+cong\b", "in total"),
    (r"\btong\s+thoi\s+gian\b", "total time"),
    (r"\bthoi\s+gian\b", "time"),
    (r"\btong\b", "total"),
    (r"\bcua\b", "of"),
    (r"\bhay\b", "or"),
    (r"\bva\b", "and"),
    (r"\bla\s+(?=bao\s+(?:nhieu|lau)\b)", "is "),
    (r"\s*\bmat\b(?=\s+bao\s+lau\b)", ""),
    (r"\bbi\s+loi\b", "failed"),
    (r"\bchua\b", "not yet"),
    (r"\btren\b", "above"),
    (r"\bduoi\b", "below"),
    (r"\bca\s+(\d+)\s+lan\b", r"all \1 attempts"),
    (r"\bmay\s+(?=attempt|lan\b|job|gpu|card)", "how many "),
    (r"\bgay\s+ra\b", "caused it"),
    # "gpu 0 chay tren 90%" is the card's reading above a level (its time there), no job's run
    (r"\bchay\s+(?=(?:tren|above|duoi|below)\b)", ""),
    (r"\bchay\b", "run"),
    (r"\bdang\s+cho\b", "is waiting"),
    # a follow-up: "con X (thi sao)?" and "va X?" (and X?), "card kia" (the other card), "cung khoang do"
    # (about the same), "tai sao" (why)
    (r"^\s*(?:a\s+ma|con|va)\s+", "and "),
    (r"\s*\bthi\s+sao\b", ""),
    (r"\b(?:card|gpu)\s+kia\b", "the other card"),
    (r"\s*\bcung\s+khoang\s+(?:do|vay)\b", ""),
    (r"\btai\s+sao\b", "why"),
    (r"\bhom\s+qua\b", "yesterday"),
    (r"\bhom\s+nay\b", "today"),
    (r"\bbay\s+gio\b", "now"),
    (r"\bbao\s+nhieu\b", "how much"),
    (r"\bbao\s+lau\b", "how long"),
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
    (r"(?:\s*\b(?:nhe|nha|roi|vay|v|ha|di|luon|nua|k|ko)\b)+(?=\s*(?:[?,.!]|$))", ""),
    (r"^\s*(?:thoi|ok|xong(?:\s+roi)?)\b,?\s*", ""),
    (r"\s*\b(?:dc|duoc|chut)\b", ""),
    (r"\s*\b(?:vay|v)\b(?=\s*,)", ""),
    (_PARTICLE_A, ""),
)
_VIETNAMESE_READ = compiled(_VIETNAMESE)  # compiled once


def vietnamese_read(text: str, lean: Lean | None = None) -> str:
    """An English message with Vietnamese words in English (see :data:`_VIETNAMESE`)."""
    return read_where_marked(text, _VIETNAMESE_MARK, _VIETNAMESE_READ, lean, "vietnamese")
