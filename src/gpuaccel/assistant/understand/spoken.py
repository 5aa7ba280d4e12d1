"""Numbers said in words, as a voice typist's text has them: "gpu zero", "the forty ninety", "the four oh
five b probe", "between nine and half past eleven", "python train dot py"; and the symbols a terse typist
writes for words: "peak + when", "gpu0 @ 11:10", "w/ 2 gpus". Every reader of a question (the requests to
act, the rule picker, the time spans, the picking model's prompt) reads the words and digits
:func:`written` gives, so a question dictated or typed short reads as one typed out.

"one" stays a word where it is a pronoun ("the broken one", "which one"): it is a number only beside a GPU,
a card, a job or a unit of time, or next to another number word.
"""

from __future__ import annotations

import re

from gpuaccel.assistant.understand.languages import (
    Lean,
    in_english,
    pidgin_read,
    scots_read,
)
from gpuaccel.assistant.understand.languages.tables import compiled, translated
from gpuaccel.assistant.understand.spelling import typo_of

_UNITS = {
    "zero": 0, "oh": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
    "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
}  # fmt: skip
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}  # fmt: skip
_NUMBER_WORDS = {*_UNITS, *_TENS, "hundred"}
# where "one" (and "oh") is a number: beside these, or beside another number word
_COUNTED = re.compile(
    r"^(?:gpus?|cards?|devices?|jobs?|elements?|index|number|hours?|minutes?|mins?|seconds?|secs?|o'?clock|b|bee"
    r"|pm|am|percent|watts?|degrees?)$"
)
_BEFORE_A_NUMBER = {
    "gpu", "card", "device", "job", "element", "index", "number", "#", "to", "from", "between", "until",
    "till", "at", "priority", "prio", "past",
}  # fmt: skip
_CLOCK_LEAD = {"from", "to", "between", "and", "until", "till", "at", "since"}
_LED = "|".join(sorted(_CLOCK_LEAD | {"around", "about", "by"}))  # words a clock time follows
_WORD = re.compile(r"[A-Za-z']+|\d+|[^\sA-Za-z\d']+|\s+")


def _value(words: list[str]) -> str:
    """Number words in a row to digits: "forty two" 42, "four oh five" 405, "forty ninety" 4090 (two
    numbers said in turn are written in turn), "four hundred five" 405."""
    out, current = "", None
    for w in words:
        if w == "hundred":
            current = (current or 1) * 100
        elif w in _TENS:
            if current is not None and current % 100 == 0 and current >= 100:
                current += _TENS[w]
            else:
                out += "" if current is None else str(current)
                current = _TENS[w]
        elif current is not None and current % 10 == 0 and current >= 20 and _UNITS[w] < 10:
            current += _UNITS[w]  # "forty two", "four hundred five"
        else:
            out += "" if current is None else str(current)
            current = _UNITS[w]
    return out + ("" if current is None else str(current))


# pictographs, dingbats and their joiners and variation selectors, one or more side by side
_EMOJI = "[\U0001f000-\U0001faff\u2600-\u27bf][\U0001f000-\U0001faff\u2600-\u27bf\ufe0f\u200d]*"


_RANGE_UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days", "w": "weeks"}  # PromQL's "[6h]"
# the words a numbered item that asks its own question starts with
_ASK_OPENS = (
    r"(?:what|what's|whats|which|why|how|when|who|whose|where|is|are|was|were|did|does|do|has|have|can"
    r"|could|show|list|tell|give)"
)


# a question of one card, then that card corrected: "fan speed of gpu 0? no sorry, I mean gpu 1", "power on
# card 1? oops, I meant card 0's", "gpu 0 clock? no wait, gpu 1" (the interjection alone), "... I mean gpu 0
# not 1" (the card set aside said after, its number bare or named): the question, of the card meant
_CARD_MEANT = re.compile(
    r"^(?P<q>(?:(?!\b(?:gpu|card)\s*\d)[^?])*)\b(?:gpu|card)\s*\d+\b"
    r"(?P<rest>(?:(?!\b(?:gpu|card)\s*\d)[^?])*\?)\s*"
    r"(?:(?:no|nope|oops|sorry|wait)[,!.]?\s+)+(?:(?:i mean|i meant)\s+)?"
    r"(?:the\s+)?(?:gpu|card)\s*(?P<gpu>\d+)(?:'s)?"
    r"(?:,?\s+(?:and\s+|but\s+)?not\s+(?:(?:the\s+)?(?:gpu|card)\s*)?\d+)?\s*[.!?]*\s*$",
    re.I,
)

# Singapore English asks for a change with the job said first and "can or not" / "can anot" (can you?)
# after: "job 7 set priority 3 can anot", "the eval can move to gpu 0 or not"; read as the request, verb first
_TOPIC = r"job\s+\d+|(?:the|that|this|my)\s+[\w.-]+(?:\s+[\w.-]+){0,2}?"
_CAN_OR_NOT = re.compile(
    rf"^(?P<topic>{_TOPIC})\s+(?P<can>can\s+)?(?P<verb>pin|set|move|change|cancel|pause|resume|hold|release"
    r"|retry|rerun|remove|kill|stop)(?:\s+(?P<rest>(?!can\s)\S.*?))?\s*,?\s*(?P<can2>can\s+)?(?:or\s+not|anot|a\s+not)\s*\??\s*$",
    re.I,
)
# "set job 7 priority 3" / "set job 7 memory 20000 MiB" (no "to", no "of"): the field's value set
_SET_BARE = re.compile(
    rf"^set\s+(?P<job>{_TOPIC})\s+(?P<field>memory|priority|gpus)\s+(?:to\s+)?(?P<v>\d+)", re.I
)


def _can_or_not(m: re.Match[str]) -> str:
    """The request a "can or not" asks (:data:`_CAN_OR_NOT`), verb first; a yes-or-no question ("gpu 0 busy
    or not") says no "can" and is left as it was."""
    if not (m["can"] or m["can2"]):
        return m[0]
    read = f"{m['verb']} {m['topic']} {m['rest'] or ''}".rstrip()
    return _SET_BARE.sub(lambda s: f"set the {s['field']} of {s['job']} to {s['v']}", read)


# a span corrected the same way: "how long was the 4090 busy yesterday - sorry, today I mean", "energy
# last night? no wait, this morning": the question, over the span meant
_SPANS_SAID = r"(?:today|yesterday|this (?:morning|afternoon|evening|week)|last night|tonight|overnight)"
_SPAN_MEANT = re.compile(
    rf"^(?P<q>.*?)\b{_SPANS_SAID}\b(?P<rest>(?:(?!\b{_SPANS_SAID}\b)[^?])*?)\s*(?P<sep>[-–—,;.?!]+\s*|\s)"
    r"(?:(?:no|nope|oops|sorry|wait|actually|er|erm|um)[,!.]?\s+)+(?:(?:i mean|i meant)\s+)?"
    rf"(?P<span>{_SPANS_SAID})(?:,?\s+i mean)?\s*[.!?]*\s*$",
    re.I,
)


def typed_out(question: str, lean: Lean | None = None) -> str:
    """A typist's symbols as the words they stand for: a "+" between words is "and" ("sm clk + memclk",
    "peak + when"; not "90%+", which says "or more", nor "c++"), "@" before a time is "at" ("gpu0 @ 11:10"),
    "w/" is "with" and "w/o" "without", "1) ... 2) ..." separate asks; the languages of ``lean`` carried to a
    message that shows none of its own (:func:`in_english`)."""
    text = re.sub(r"(?<=\S)\s+\+\s+(?=\S)", " and ", question)
    # numbered questions: "1) what failed 2) why" are two asks ("gpu 1) " keeps its number); numbered
    # things asked of one reading ("give me 1) the highest temperature, 2) the lowest and 3) the mean") are
    # one list
    numbered = r"(?:^|(?<=\s))(?<!gpu )(?<!job )(?<!card )[1-9]\)\s+"
    text = re.sub(rf"{numbered}(?={_ASK_OPENS}\b)", "; ", text, flags=re.I)
    text = re.sub(rf"{numbered}(?=[A-Za-z])", "", text).strip("; ")
    # an emoji between two sentences ends the first ("totally forgot 🙈 can you let it go"); elsewhere it
    # says nothing
    text = re.sub(rf"^\s*{_EMOJI}\s*|(?<=[.!?,;:])\s*{_EMOJI}", "", text)
    text = re.sub(rf"\s*{_EMOJI}\s+(?=\S)", ". ", text)
    text = re.sub(rf"\s*{_EMOJI}", "", text)
    text = re.sub(r"@\s*(?=\d)", "at ", text)
    # "which learning rate blew up": the setting of the run that failed (its log says it)
    text = re.sub(
        r"\b(which|what) (lr|learning rate|seed|batch size|config) (?:failed|crashed|blew up|died|broke"
        r"|diverged)\b",
        r"\1 \2 did the failed one have",
        text,
        flags=re.I,
    )
    # punctuation a dictating user says aloud: "and max question mark"
    text = re.sub(r"\s*\bquestion mark\s*$", "?", text, flags=re.I)
    text = re.sub(r"\s*\bfull stop\s*$", ".", text, flags=re.I)
    # a Prometheus range selector: "max_over_time(temp{gpu="0"}[6h])" is over the last 6 hours
    text = re.sub(
        r"\[\s*(\d+)\s*([smhdw])\s*\]",
        lambda m: f" over the last {m[1]} {_RANGE_UNITS[m[2].lower()]} ",
        text,
        flags=re.I,
    )
    # a fast typist's question words: "wht was on gpu 0", "whn did it end", "wht batch size shd i use", "hw
    # long" ("hw" alone may be hardware: only before what "how" asks)
    text = re.sub(r"\bgraphics? (cards?|processors?)\b", r"\1", text, flags=re.I)  # "the big graphics card"
    text = re.sub(r"\bwht\b", "what", text, flags=re.I)
    text = re.sub(r"\bwhn\b", "when", text, flags=re.I)
    text = re.sub(r"\b(?:tdy|2day|tday)\b", "today", text, flags=re.I)  # a phone typist's "avg util tdy"
    text = re.sub(r"\bshl?d\b", "should", text, flags=re.I)
    text = re.sub(r"\bhw(?= (?:long|many|much|often|far|hot|big|come)\b)", "how", text, flags=re.I)
    text = in_english(text, lean)  # every language but Pidgin and Scots, in its one order
    text = _CARD_MEANT.sub(lambda m: f"{m['q']}GPU {m['gpu']}{m['rest']}", text)
    text = _SPAN_MEANT.sub(lambda m: f"{m['q']}{m['span']}{m['rest']}{'?' if '?' in m['sep'] else ''}", text)
    # an article dropped before "whole" at the start: "whole sweep together consumed how much energy?"
    text = re.sub(r"^(\s*)(whole|entire)\s+(?=[a-z])", r"\1the \2 ", text, flags=re.I)
    # what is "on" a card is the job running there ("what's on the card", "what's on GPU 1 now")
    text = re.sub(
        r"\bwhat(?:'s|s| is)\s+on\s+"
        r"(?=(?:the|that|this|each|either)\s+(?:card|gpu|h100|4090|a100)s?\b|gpu\s*\d)",
        "what is running on ",
        text,
        flags=re.I,
    )
    # a trailing "hey" asks for agreement, as "eh" does ("how long has it been going, hey?"); not a greeting
    text = re.sub(r",?\s*\bhey\b\s*(?=[?!.]*\s*$)", "", text, flags=re.I)
    # Singapore and Malaysian English's particles at the end of a clause mark its tone, no word of what is
    # asked ("what time sia", "who hog the cards today ah, gpu-hours by job", "can lah"); "leh" said
    # mid-sentence is Franco's why, read before this. Sri Lankan English's the same way: "ado" (hey, you),
    # "machan" (mate), "neda"/"neh" (isn't it) closing a clause ("when did it stop ado"); and Nepali's "ni"
    # and "ta" (what about, then), in Nepali or in English ("and the min ta?")
    text = re.sub(
        r"\s*\b(?:lah|leh|lor|sia|meh|hor|ah|ado|machan|machang|neda|neh|ni|ta)\b(?=\s*(?:[?!.,;]|$))",
        "",
        text,
        flags=re.I,
    )
    text = _CAN_OR_NOT.sub(_can_or_not, text)
    text = re.sub(r"\bw/o\b", "without", text, flags=re.I)
    text = re.sub(r"\bw/\s*(?=[a-z\d])", "with ", text, flags=re.I)
    return _as_flags_said(_autocorrected(pidgin_read(scots_read(text, lean), lean)))


# a tablet's autocorrect slips a person reads past: "hour" for "how" before what "how" asks ("hour much
# electricity", "hour long did it take"; not "an hour long", "the last hour"), "he" for "the" before a
# card ("he 4090 tempter")
_HOUR_FOR_HOW = re.compile(
    r"(?<!\ban )(?<!\bone )(?<!\bthe )(?<!\blast )(?<!\bper )(?<!\bthat )(?<!\bthis )(?<!\beach )"
    r"(?<!\bnext )(?<!\d )\bhour(?= (?:much|many|long|hot|did|does|do|is|was|far|often|busy|fast)\b)",
    re.I,
)


def _autocorrected(text: str) -> str:
    """``text`` with the autocorrect slips of :data:`_HOUR_FOR_HOW` undone."""
    text = _HOUR_FOR_HOW.sub("how", text)
    return re.sub(
        r"\bhe(?= (?:h100|h200|a100|4090|3090|gpu|card|big card|small card)\b)", "the", text, flags=re.I
    )


# SQL said to the machine as if it were a database: a statement's verb and clauses in words ("select
# max(power) from gpu1 where t >= '12:00'" asks GPU 1's peak power since 12:00; "delete from jobs where id=9"
# asks to remove job 9); the columns and conditions are read by :func:`_as_flags_said` after
_SQL = (
    (r"^\s*update\s+jobs?\s+set\s+gpus\s*=\s*(\d+)\s+where\s+id\s*=\s*(\d+)\s*;?\s*$",
     r"change job \2 to use \1 gpus"),
    (r"^\s*update\s+jobs?\s+set\s+(\w+)\s*=\s*'?(\w+)'?\s+where\s+id\s*=\s*(\d+)\s*;?\s*$",
     r"set the \1 of job \3 to \2"),
    (r"^\s*delete\s+from\s+jobs?\s+where\s+id\s*=\s*(\d+)\s*;?\s*$", r"remove job \1"),
    (r"\bset\s+gpus\s*=\s*(\d+)\s+(?:on|for)\s+(?:job\s+)?(\d+)\b", r"change job \2 to use \1 gpus"),
    (r"\bset\s+priority\s*=\s*(\d+)\s+(?:on|for)\s+(?:job\s+)?(\d+)\b", r"set the priority of job \2 to \1"),
    (r"^\s*select\s+(.+?)\s+from\s+(gpu\s*\d|gpus|jobs?)\b", r"\1 of \2"),
    (r"\bwhere\s+id\s*=\s*(\d+)\b", r"for job \1"),
    (r"\b(?:t|ts|time|timestamp)\s*(?:>=|>)\s*'?(\d{1,2}:\d{2})'?", r"since \1"),
    (r"\b(?:t|ts|time|timestamp)\s*(?:<=|<)\s*'?(\d{1,2}:\d{2})'?", r"until \1"),
    (r"\b(?:t|ts|time)\s*=\s*now\b", "now"),
    (r"\b(?:day|date)\s*=\s*'?(today|yesterday)'?", r"\1"),
    (r"\bgroup by (gpu|job)\b", r"per \1"),
    (r"\s+where\b(?=\s+(?:since|until|now|today|yesterday)\b)", ""),
)  # fmt: skip
_SQL_READ = compiled(_SQL)


def _as_flags_said(text: str) -> str:
    """A scripter's query syntax in words: "util_gpu gpu=1 max since=09:00" is "util gpu gpu 1 max since
    09:00", "max(sm_clock)" "max sm clock", "temp>=85" "temp at or above 85", "jobs where gpu=0" "jobs with
    gpu 0", "+ ts" "and when"; SQL's statements as :data:`_SQL` reads them."""
    text = translated(text, _SQL_READ)
    text = re.sub(r"(?<=\w)\s*>=\s*(?=\d)", " at or above ", text)
    text = re.sub(r"(?<=\w)\s*<=\s*(?=\d)", " at or below ", text)
    text = re.sub(r"\b(max|min|avg|mean|sum)\((\w+)\)", r"\1 \2", text, flags=re.I)
    text = re.sub(r"\b(gpu|state|window|since|until|job|name|tail|lines)=", r"\1 ", text, flags=re.I)
    text = re.sub(
        r"\b(util|mem|sm|temp|power|gpu)_(gpu|used|clock|hours|total)\b", r"\1 \2", text, flags=re.I
    )
    text = re.sub(r"\b(jobs?|runs?) where\b", r"\1 with", text, flags=re.I)
    return re.sub(r"\band ts\b|\+ ?ts\b", "and when", text, flags=re.I)


# a dictated number heard as its homophone after the word it numbers: "and gpu won", "how long did job for
# take" (only at the end or before a verb of a job's run: "the card for training" keeps its "for")
_HEARD_AS = {"won": "one", "for": "four", "fore": "four", "tree": "three", "ate": "eight"}
_HOMOPHONE = re.compile(
    r"\b(gpu|card|device|job)\s+(won|for|fore|tree|ate)\b"
    r"(?=\s*(?:$|[?.,!]|(?:take|took|fail|failed|run|ran|do|did|use|used|finish|finished|start|started|end"
    r"|ended|crash|crashed|die|died|get|got)\b))",
    re.IGNORECASE,
)


# a number word mistyped after the word it numbers: "pause job elven", "gpu zeor" (a slip of the fingers as
# spelling.slips counts them; "the job fine?" is no "five": n and v are far apart)
_MISTYPED_NUMBER = re.compile(r"\b(job|gpu|card|device)\s+([a-z]{4,})\b", re.I)


# a span's first word mistyped before its hour: "betwen 12 and 1:30", "bewteen 9 and 11", "untill 3" (the
# spans are read from the words as typed; the word list's repair comes after)
_SPAN_LEADS = ("between", "until", "since")
_MISTYPED_LEAD = re.compile(r"\b([a-z]{4,9})(?=\s+\d)", re.I)


def _span_lead(m: re.Match[str]) -> str:
    """A mistyped span lead (:data:`_MISTYPED_LEAD`) as the word meant, else as typed."""
    typed = m[1].lower()
    return next((meant for meant in _SPAN_LEADS if typed != meant and typo_of(typed, meant)), m[0])


def _number_word(m: re.Match[str]) -> str:
    typed = m[2].lower()
    if typed in _NUMBER_WORDS:
        return m[0]
    for meant in (w for w in (*_UNITS, *_TENS) if len(w) >= 4):
        if typo_of(typed, meant):
            return f"{m[1]} {meant}"
    return m[0]


def written(question: str, lean: Lean | None = None) -> str:
    """``question`` with its spoken numbers in digits, half past / quarter past as clock times, "dot py" as
    ".py", "o clock" as "o'clock", and a typist's symbols as their words; the rest as it was. ``lean`` carries
    the languages the conversation's last message was read in, and gathers this one's (:class:`Lean`)."""
    text = _HOMOPHONE.sub(lambda m: f"{m[1]} {_HEARD_AS[m[2].lower()]}", typed_out(question, lean))
    text = _MISTYPED_NUMBER.sub(_number_word, text)
    text = _MISTYPED_LEAD.sub(_span_lead, text)
    text = re.sub(r"\bo\s+clock\b", "o'clock", text, flags=re.I)
    text = re.sub(r"\b12\s*(noon|midday|midnight)\b", r"\1", text, flags=re.I)  # "since 12 noon": noon
    # the half of the day written with stops: "1 p.m.", "9 A.M.", "10:30 p. m.", "one p.m." (1 pm, 9 am)
    hours = "|".join(w for w, n in _UNITS.items() if 1 <= n <= 12)
    text = re.sub(rf"\b(\d{{1,2}}(?::\d{{2}})?|{hours})\s*([ap])\.\s?m\.?(?!\w)", r"\1 \2m", text, flags=re.I)
    tens = "|".join(_TENS)
    text = re.sub(rf"\b({tens})-({'|'.join(_UNITS)})\b", r"\1 \2", text, flags=re.I)  # "twenty-four"
    text = re.sub(r"\s+dot\s+(py|sh|json|yaml|txt|cfg)\b", r".\1", text, flags=re.I)
    tokens = _WORD.findall(text)
    words = [(i, t.lower()) for i, t in enumerate(tokens) if not t.isspace()]
    out = list(tokens)
    k = 0
    while k < len(words):
        j = k
        while j < len(words) and words[j][1] in _NUMBER_WORDS:
            j += 1
        if j == k:
            k += 1
            continue
        run = [w for _, w in words[k:j]]
        before = words[k - 1][1] if k > 0 else ""
        after = words[j][1] if j < len(words) else ""
        alone = len(run) == 1 and run[0] in ("one", "oh")
        if alone and not (before in _BEFORE_A_NUMBER or _COUNTED.match(after)):
            k = j
            continue  # "the broken one", "oh no"
        if run[0] == "oh" and not (k > 0 and before.isdigit()):
            run = run[1:] if len(run) > 1 else run  # "oh nine" said for 09: keep the digits
        first, last = words[k][0], words[j - 1][0]
        said = _value(run)
        minutes = _value(run[1:]) if len(run) > 1 else ""
        hour = _UNITS.get(run[0], 0)
        if before in _CLOCK_LEAD and 1 <= hour <= 12 and minutes.isdigit() and 10 <= int(minutes) <= 59:
            said = f"{hour}:{int(minutes):02d}"  # "between twelve and one thirty": 1:30
        out[first : last + 1] = [said] + [""] * (last - first)
        k = j
    text = "".join(out)
    # a model size said apart: "8 b", "70 bee", "405 be" (70b); not a number that names a job or a GPU
    # ("will job 12 be done", "can gpu 1 be used"), nor "be" as the verb ("will 12 be done by 18:00")
    verb = r"(?!\s+(?:done|finished|complete|ready|free|used|running|started|over|back|available|able)\b)"
    text = re.sub(
        rf"(?<!\bjob )(?<!\bjobs )(?<!\bgpu )(?<!\bcard )(?<!#)\b(\d+)\s+(?:b|bee|be{verb})\b"
        r"(?!\s*(?:\d|the\b))",
        r"\1b",
        text,
        flags=re.I,
    )
    # a GPU model said letter by letter, as dictation writes it: "the h one hundred", "aitch 100", "the each
    # one hundred" (H heard as "each" or "age" after "the")
    text = re.sub(r"\b(?:h|aitch|(?<=the )(?:each|age))\s+(100|200)\b", r"h\1", text, flags=re.I)
    # a number format said apart: "bf 16", "fp 8", "int 4" (bf16, fp8, int4)
    text = re.sub(r"\b(bf|fp|tf|int)\s+(4|8|16|32|64)\b", r"\1\2", text, flags=re.I)
    # clock times said in words: "half past 11" 11:30, "(a) quarter past 9" 9:15, "quarter to 2" 1:45
    text = re.sub(r"\bhalf past (\d{1,2})\b", lambda m: f"{m.group(1)}:30", text, flags=re.I)
    text = re.sub(r"\b(?:a )?quarter past (\d{1,2})\b", lambda m: f"{m.group(1)}:15", text, flags=re.I)
    # "ten past eleven" 11:10, "twenty five past 8" 8:25
    text = re.sub(
        r"\b([1-5]?\d)(?: minutes?)? past (\d{1,2})\b(?!:)",
        lambda m: f"{m.group(2)}:{int(m.group(1)):02d}" if int(m.group(2)) < 24 else m.group(0),
        text,
        flags=re.I,
    )
    text = re.sub(
        r"\b(?:a )?quarter to (\d{1,2})\b", lambda m: f"{(int(m.group(1)) - 2) % 12 + 1}:45", text, flags=re.I
    )
    # "at half nine" (British) 9:30: half said after a word that leads a clock time, not half an hour
    text = re.sub(
        rf"\b({_LED}) half (\d{{1,2}})\b(?!\s*(?:hours?|hrs?|h)\b)",
        r"\1 \2:30",
        text,
        flags=re.I,
    )
    # the clock as much of Europe writes it: "12h30", "the 13h47"; a bare "20h" only where a clock time is
    # led ("between 20h and 22h"), since "the last 24h" is a length
    text = re.sub(r"\b([01]?\d|2[0-3])h([0-5]\d)\b", r"\1:\2", text, flags=re.I)
    return re.sub(
        rf"\b({_LED})\s+([01]?\d|2[0-3])h\b(?!\s*ago\b)",
        r"\1 \2:00",
        text,
        flags=re.I,
    )
