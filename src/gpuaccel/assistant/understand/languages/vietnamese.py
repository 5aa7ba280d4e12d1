"""Vietnamese read as the English it stands for: its words said without their marks in an English message,
and a message in Vietnamese whole, typed with its marks (as on a phone's Telex keyboard) or without them."""

from __future__ import annotations

import re
import unicodedata

from gpuaccel.assistant.understand.languages.tables import Lean, compiled, ing_form, read_unaccented

# the letters only Vietnamese writes: a horn (ơ ư), a tilde on i or u, a dot below or a hook above a vowel
# and the vowels of U+1EA0-U+1EF9 that stack two marks ("ấ", "ờ"): a message with one is Vietnamese, read
# before any other language's table sees its words ("nào" is no Portuguese "não", "là" no French "la")
# "còn" (and, still) too: a grave o no other language writes on that word
_VIETNAMESE_LETTERS = re.compile(r"[ơưĩũƠƯĨŨ\u1ea0-\u1ef9]|\bcòn\b", re.I)
# every letter of Vietnamese without its marks ("đ" a plain "d"), as phones and Slack users type it
_VOWELS = "aăâeêioôơuưyAĂÂEÊIOÔƠUƯY"
_MARKED = sorted(
    {
        unicodedata.normalize("NFC", v + m)
        for v in _VOWELS
        for m in ("", "\u0300", "\u0301", "\u0303", "\u0309", "\u0323")
    }
)
_UNACCENTED: dict[int, int] = {
    ord(c): ord(unicodedata.normalize("NFD", c)[0]) for c in _MARKED if len(c) == 1 and not c.isascii()
} | {ord("đ"): ord("d"), ord("Đ"): ord("D")}

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
    r"|tu\s+\d{1,2}h\d*\s+den|tang\s+priority|chuyen|gay\s+ra|dung\s+het|vay|minh"
    r"|xung\s+nhip|bao\s+tri|ngoi\s+khong|chi\s+(?:can|chay\s+tren)|(?:den|toi)\s+(?:bay\s+)?gio|\d{1,2}\s+gio\s+(?:sang|chieu|toi))\b|"
    + _PARTICLE_A,
    re.I,
)
_REQUEST = r"cancel|hold|release|pause|resume|retry|rerun|restart|kill|stop|move"


# a subject said without an article, as Vietnamese has none: "server" and "may" (the machine) are this one
_SUBJECT = {"server": "the server", "may": "the machine"}


def _clock(m: re.Match[str]) -> str:
    """An hour "9h", "9h30" or "2 gio chieu" after its word ("tu 9h", "luc 13h30", "tu 2 gio ruoi chieu") as
    the clock writes it ("tu 9:00", "tu 14:30"): the afternoon's and evening's hours past noon."""
    hour, half = int(m[2]), (m[5] or "").lower()
    if half in ("chieu", "toi", "dem") and hour < 12 or half == "trua" and hour < 6:
        hour += 12
    minute = int(m[3]) if m[3] else 30 if m[4] else 0
    return f"{m[1]} {hour}:{minute:02d}"


_VIETNAMESE = (
    # a Vietnamese message's own grammar, read before its words: "GPU so 1" (number 1), "con 4090" (the 4090:
    # a card's classifier, not the follow-up's "con"), "nó" (it) after a word or before its verb, "cai" (a
    # thing's classifier), "job do"/"card do" (that job, that card), "bi" (the passive: "bi kill" is killed,
    # "bi gi" what happened), "co ... khong" (is it ...), "la" (is), "a nham, y minh la" (I meant)
    (r"\b(gpu|card)\s+so\s+(?=\d)", r"\1 "),
    (r"\bcon\s+(?=(?:\d{4}|[ahlbv]\d{2,3})\b)", "the "),
    (r"^\s*a\s+nham\b,?\s*", "no, "),
    (r"\by\s+(?:minh|em|toi|anh)\s+la\b", "I meant"),
    (r"(?<=\w\s)no\b|^\s*no\s+(?=(?:bat|chay|dang|da|bi|in|ghi|dung|xai|van)\b)", "it "),
    (r"\b(job|card|gpu|process|log)\s+(?:do|ay|nay|day)\b(?!\s+(?:nhat|hon|degrees)\b)", r"\1 that"),
    (r"\b(?:job|card|gpu|process|log)\s+that\b", lambda m: "that " + m[0].split()[0]),
    (r"\bcai\s+(?:do|ay|day)\b", "that"),
    (r"\bcai\s+(?=gi\b)|\bcai\s+(?=[\w-]+\s+(?:is|dang|da|bi)\b)", ""),
    (r"\bbi\s+gi\b", "what happened"),
    (r"\bbi\s+(?=[a-z])", ""),
    (r"\bco\s+(?=(?:dang|bi|dung|xai|chay)\b)", ""),
    (r"\bla\b", "is"),
    # the hours said back: "1 tieng vua roi" (the last hour), "N phut vua qua", "tu 70 do tro len" (70 or
    # more), "tro len/tro xuong" (or more, or less), "moi nhat" (latest), "bat dau" (start), "truoc khi"
    # (before), "thi chet" (before it died)
    (r"\b(\d+)\s*(?:tieng|gio|h)\s+(?:vua\s+(?:roi|qua)|qua|gan\s+(?:day|nhat))\b", r"in the last \1 hours"),
    (r"\b(\d+)\s*phut\s+(?:vua\s+(?:roi|qua)|qua|gan\s+(?:day|nhat))\b", r"in the last \1 minutes"),
    (r"\btu\s+(\d+\s*(?:do|%|w)?)\s+tro\s+len\b", r"at or above \1"),
    (r"\btro\s+len\b", "or more"),
    (r"\btro\s+xuong\b", "or less"),
    (r"\bmoi\s+nhat\b", "latest"),
    (r"\b(?:bat\s+dau|khoi\s+dong)\b", "start"),
    # the question word after its verb, as Vietnamese says it: "server dang chay job gi" (what job is the
    # server running), "GPU 0 chay gi" (what did it run), "no bat dau luc may gio" (when did it start)
    (
        r"\b(server|may|it|gpu\s*\d|card\s*\d|job\s+\d+|[\w-]+-[\w-]+)\s+(dang\s+)?(?:chay|run)\s+"
        r"(?:(job|process|model)\s+)?gi\b",
        lambda m: f"what {m[3] or 'job'} {'is' if m[2] else 'did'} {_SUBJECT.get(m[1].lower(), m[1])} "
        + ("running" if m[2] else "run"),
    ),
    (
        r"\b(it|server|job\s+\d+|[\w-]+-[\w-]+)\s+start\s+(?:chay\s+|run\s+)?(?:luc\s+)?(?:may\s+(?:gio|h)|khi\s+nao)\b",
        r"when did \1 start",
    ),
    (r"\btruoc\s+khi\b", "before"),
    (r"\bthi\s+(?:chet|die|crash|fail|loi|bi\s+kill)\w*\b", "before it failed"),
    (r"\bchet\b", "died"),
    (r"\bkhi\b(?!\s+(?:do|day)\b)", "when"),
    # the readings and the words of use: "cong suat" (power), "xai/dung" (use), "an/ton nhieu X nhat" (used
    # the most X), "tat ca" (all), "ket qua" (result), "tom tat" (summarize); the north's too: "xung nhip"
    # (clock), "ban" (busy) and "ranh" (idle), "bao tri" (maintenance), "dung ca queue" (stop the queue)
    (r"\bcong\s+suat\b", "power"),
    (r"\bxung\s+nhip\b", "clock"),
    (r"\bbao\s+tri\b", "maintenance"),
    (r"\b(?:ranh|ngoi\s+khong|nhan\s+roi)\b", "idle"),
    (r"\bban\b(?=\s+(?:bao\s+lau|nhat|hon)\b)|(?<=\d\s)ban\b", "busy"),
    (r"\b(?:dang\s+)?(?:dung|xai|chay)\s+(?=bao\s+nhieu\s*%)", "utilization "),
    (r"\bco\s+ai\b", "anyone"),
    (r"\bdung\s+(?=(?:ca|toan\s+bo|het)\s+(?:queue|hang\s+doi)|(?:queue|hang\s+doi)\b)", "pause "),
    (
        r"\b(?:sua|doi|chinh|cho)\s+(.{1,40}?)\s+(?:chi\s+)?(?:chay|run)\s+(?:tren|o|bang)\s+(?:gpu|card)\s*(\d)\b",
        r"move \1 to GPU \2",
    ),
    (r"\bbo\s+nho\b", "memory"),
    (r"\bquat\b", "fan"),
    (r"\b(?:an|ton|dung|xai|chiem)\s+nhieu\s+(.{1,30}?)\s+nhat\b", r"used the most \1"),
    (r"\bnhieu\s+nhat\b", "the most"),
    (
        r"\b(?:dang\s+)?(?:xai|dung)\s+(?=bao\s+nhieu|how|[a-z]+\s+(?:nao|gi)\b|process|that|gpu|card)",
        "is using ",
    ),
    (r"\btat\s+ca\b", "all"),
    (r"\s*\bcac\b(?=\s+[\w-])(?!\s+lan\b)", ""),  # (các: the plural's word, "cac job" is jobs)
    (r"\bket\s+qua\b", "the result"),
    (r"\btom\s+tat\b", "summarize"),
    (r"\bca\s+(?=queue|hang\s+doi)", "the whole "),
    # the queue's requests: "xoa" (remove) "khoi" (from), "sua/doi X xuong N GPU" (X to N GPUs), "cho X
    # priority N" (X's priority to N), "doi thu tu X voi Y" (swap them), "hold X lai" (hold X), "khoan"
    # (wait: no word of the request), "(dang) doi/cho" (waiting), "phai cho" (had to wait)
    (r"\bxoa\b", "remove"),
    (r"\bkhoi\b", "from"),
    (
        r"\b(?:sua|doi|chinh|giam|tang)\s+(.{1,40}?)\s+(?:xuong|len|thanh|con|ve|chi\s+(?:can|dung|xai|lay|chay))"
        r"\s+(\d+)\s*(?:gpus?|card)\b",
        r"change \1 to use \2 gpus",
    ),
    (
        r"\bcho\s+(.{1,40}?)\s+(?:priority|uu\s+tien)\s+(?:la\s+|len\s+)?(\d+)\b",
        r"set the priority of \1 to \2",
    ),
    (r"\bdoi\s+(?:thu\s+tu|cho)\s+(.{1,40}?)\s+(?:voi|va)\s+", r"swap \1 and "),
    (r"\b(" + _REQUEST + r")\s+((?:job\s+)?[\w-]{1,40}?)\s+lai\b", r"\1 \2"),
    (r",?\s*\bkhoan\s+(?:chay|run)\b", ""),
    (r"\b(?:dang\s+)?doi\s+(?:cai\s+)?(?:gi|what)\b", "is waiting for what"),
    (r"\b(?:dang\s+)?doi\s+(?=job|ai)", "is waiting for "),
    (r"\bphai\s+(?:cho|doi)\b", "wait"),
    (r"\bmoi\s+(?:duoc\s+)?(?:chay|run)\b", "before it started"),
    (r"\b(?:in\s+ra|ghi)\s+(?:gi|what)\b", "says what"),
    (r"\bra\s+sao\b", "how"),
    (r"(?<!\bthi\s)(?<!\bra\s)(?<!\btai\s)\bsao\b(?!\s*(?:[?,.!]|$))", "why"),
    (r"\b(?:may|cac|nhung)\s+lan\s+(?:retry|chay\s+lai)\b", "all attempts"),
    (r"\b(?:may|cac|nhung)\s+lan\s+(?=chay\b.*\bbao\s+lau\b)", "all attempts "),  # the runs' time: each run
    (r",?\s*\bdung\s+(?:cho|de)\b[^,.?!]*", ""),
    (r"\blen\s+(?=(?:cao|thap)\s+nhat)", ""),
    (r"\bkhong\s+can(?:\s+nua)?\b", "no longer needed"),
    (r"^\s*(?:(?:vay|thoi|ok)\b,?\s*)+(?:gio\s+)?", ""),
    (r"^\s*gio\b", "now"),
    (r"\b(?:cho\s+)?(?:minh|em|toi)\s+can\b.*$", ""),
    (r"\btrong\b", "in"),
    (r"\bvoi\b(?=\s*(?:[?,.!]|$))", ""),
    (r"\bvoi\b", "with"),
    # "co nhung X nao" (which Xs), "co X nao" (is there any X: which X), "cai nao" (which one)
    (r"\b(?:co\s+)?nhung\s+([\w-]+)\s+nao\b", r"which \1s"),
    (r"\bco\s+(?=[\w-]+\s+nao\b)", ""),
    (r"\bcai\s+nao\b", "which"),
    # "which" and "what" said after their noun: "job nao run that time" is "which job", "run job gi" what job
    (r"\b([\w-]+)\s+nao\b(?!\s+[a-z]+(?:ou|ei|ava|ar|er|ir)\b)", r"which \1"),  # not Portuguese's "nao rodou"
    (r"\b(job|process|card|gpu|model|step|error|loi)\s+gi\b", r"what \1"),
    (r"\bgi\b(?=\s*[?]|\s*$)|(?<=\brun\s)gi\b|(?<=\bchay\s)gi\b", "what"),
    # the hours: "luc may gio"/"luc may h"/"khi nao" (at what time), "luc do" (at that time), "sang nay" (this
    # morning), "toi qua" (last night), "nua dem" (midnight), "trong 1 gio qua" (in the last hour), "tu 9h
    # den 12h" (from 9:00 to 12:00); an hour "9h" or "9h30" (not a span's "1h30m")
    (r"\b(?:luc\s+)?may\s+(?:gio|h)\b|\bkhi\s+nao\b", "at what time"),
    (r"\bluc\s+(?:do|ay|day)\b|\bkhi\s+(?:do|day)\b", "at that time"),
    (r"\bsang\s+nay\b", "this morning"),
    (r"\bchieu\s+nay\b", "this afternoon"),
    (r"\btoi\s+nay\b", "tonight"),
    (r"\b(?:toi|dem)\s+(?:hom\s+)?qua\b", "last night"),
    (r"\bnua\s+dem\b", "midnight"),
    (r"\btrong\s+(\d+)\s*(?:gio|tieng|h)\s+qua\b", r"in the last \1 hours"),
    (r"\btrong\s+(\d+)\s+phut\s+qua\b", r"in the last \1 minutes"),
    (
        r"\b(tu|den|toi|luc|sau|truoc)\s+(\d{1,2})\s*(?:h|gio)(?:\s*(\d{1,2})(?:\s*phut)?|\s*(ruoi))?"
        r"(?:\s+(sang|trua|chieu|toi|dem))?(?![\w:])",
        _clock,
    ),
    (r"\b(?:den|toi)\s+(?:bay\s+)?gio\b", "until now"),
    (
        r"\btu\s+(?=hom\s+(?:qua|nay)|(?:sang|chieu)\s+nay|(?:toi|dem)\s+(?:hom\s+)?qua|tuan\s+(?:truoc|nay))",
        "since ",
    ),
    (r"\bluc\s+(?=\d{1,2}:\d\d)", "at "),
    (r"\bsau\s+(?=\d{1,2}:\d\d)", "after "),
    (r"\btruoc\s+(?=\d{1,2}:\d\d)", "before "),
    (r"\btu\s+(?=\d{1,2}:\d\d)", "from "),
    (r"(?<=\d\d)\s+(?:den|toi)\s+(?=\d{1,2}:\d\d|midnight)", " to "),
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
    (r"\bcong\s+(?:lai\b\s*|(?=tat\s+ca\b|all\b))", "in total "),  # (cộng lại: added up)
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
    (r"\btren\s+(?=\d)", "above "),
    (r"\btren\b", "on"),
    (r"\bduoi\b", "below"),
    (r"\bca\s+(\d+)\s+lan\b", r"all \1 attempts"),
    (r"\bmay\s+(?=attempt|lan\b|job|gpu|card)", "how many "),
    (r"\bgay\s+ra\b", "caused it"),
    # "gpu 0 chay tren 90%" is the card's reading above a level (its time there), no job's run
    (r"\bchay\s+(?=(?:tren|above|duoi|below)\b)", ""),
    (r"\b(?:dang\s+)?chay\s+duoc\s+(?=bao\s+lau)", "has run "),
    (r"\bchay\s+het\s+(?=bao\s+lau)", "ran in total "),
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
    (
        r"\s*\b(?:giup|gium|dum|cho)(?:\s+(?:em|anh|chi|minh|toi))?\b(?=\s*(?:[?,.!]|$|voi|nhe|nha|di|luon))",
        "",
    ),
    (r"\s*\bgiup(?:\s+(?:em|anh|chi|minh))?\b", ""),
    (r"\b(ok|thanks?|thank you)\s+em\b", r"\1"),
    (r"(?:\s*\b(?:nhe|nha|nhi|roi|vay|v|ha|di|luon|nua|k|ko|voi|a|co|thoi|the)\b)+(?=\s*(?:[?,.!]|$))", ""),
    (r"^\s*(?:thoi|ok|xong(?:\s+roi)?)\b,?\s*", ""),
    (r"\s+\blai\b(?=\s*(?:[?,.!]|$))", ""),  # (lại: "dung ca queue lai" stops it, no "again")
    (r"\s*\b(?:dc|duoc|chut)\b", ""),
    (r"\s*\b(?:vay|v)\b(?=\s*,)", ""),
    (_PARTICLE_A, ""),
)
_VIETNAMESE_READ = compiled(_VIETNAMESE)  # compiled once


def vietnamese_typed(text: str) -> bool:
    """Whether ``text`` is written with a letter only Vietnamese has (:data:`_VIETNAMESE_LETTERS`): such a
    message is read as Vietnamese before every other language (:func:`languages._read`)."""
    return bool(_VIETNAMESE_LETTERS.search(text))


def vietnamese_marked(text: str) -> bool:
    """Whether ``text`` shows Vietnamese: a letter only it writes, or one of its words, marked or not."""
    return vietnamese_typed(text) or bool(_VIETNAMESE_MARK.search(text.translate(_UNACCENTED)))


def vietnamese_read(text: str, lean: Lean | None = None) -> str:
    """A message with Vietnamese words in English, its letters first without their marks (see
    :data:`_VIETNAMESE`)."""
    return read_unaccented(text, lean, "vietnamese", vietnamese_marked, _UNACCENTED, _VIETNAMESE_READ)
