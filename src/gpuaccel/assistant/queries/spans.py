"""Time spans: the words that name one ("today", "the last 3 hours", "overall"), read into a Window."""

from __future__ import annotations

import datetime as dt
import re

from gpuaccel.assistant.queries.query import Window


def last_day(now: float) -> Window:
    """The last 24 hours: what a question with no span of its own reads, and "the past day"."""
    return Window(now - 86400, now, "in the last 24 hours")


def last_week(now: float) -> Window:
    """The last 7 days: what a ranking of jobs by a reading reads when no span is said."""
    return Window(now - 7 * 86400, now, "in the last 7 days")


def day_of(w: Window, now: float) -> Window | None:
    """Yesterday, whole, where ``w`` lies in it ("over the day" after yesterday's readings is that day), else
    None (a span of today is in the day "the day" reads)."""
    yesterday = window_of("yesterday", now)  # the one definition of yesterday's span
    if yesterday is not None and yesterday.t0 <= w.t0 < w.t1 <= yesterday.t1:
        return yesterday
    return None


_CLOCK = r"(\d{1,2})(?::(\d{2}))?\s*(am|pm)?"
_BETWEEN = re.compile(
    rf"\b(?:between|from)\s+{_CLOCK}\s+(?:and|to|until|till|-)\s+{_CLOCK}"
    # "12:30 to 1:30", "9:00-10:15": two clock times, the first with its minutes, need no "from"
    rf"|(?<![\d:])(\d{{1,2}}):(\d{{2}})\s*(am|pm)?\s*(?:to|until|till|-|–)\s*{_CLOCK}"
)
# "at 10:05", "around 10:05", "at exactly 12:30", "about 9:30 this morning", "at 13:47:23" (that second)
_AT = re.compile(
    r"\b(at|around|about|near|circa|approximately)\s+"
    r"(?:(around|about|like|exactly|precisely|roughly|approximately|approx|just|maybe|the)\s+)?"
    r"(\d{1,2})(?::(\d{2})(?::(\d{2}))?(?![\d:])\s*(am|pm)?|\s*(am|pm)\b)"  # ("at 11pm": 23:00)
)
# a time said roughly ("around 13:45", "at about 9:30", "near 11pm") is the minutes either side of it: a
# job that ended at 13:42 was running "around 13:45"; "at 13:45", "at exactly 13:45" stay that minute
_ROUGHLY = {"around", "about", "near", "circa", "approximately", "roughly", "approx", "like", "maybe"}
ROUGHLY_MIN = 5
# "since 9am", "since 13:30", "since 9" (said last), "since the standup at 9", "since the start of my shift
# at 08:00"
_SINCE = re.compile(rf"\bsince\s+(?:[\w'-]+\s+){{0,6}}?(?:at\s+)?{_CLOCK}(?![\d.])")  # ("mistral-7b-sft")
_PARTS = {"morning": (0, 12), "afternoon": (12, 18), "evening": (18, 24)}  # "this morning": midnight on
_DAYTIME = re.compile(r"\b(?:morning|afternoon|evening|today|o'?clock)\b")


def _hour(h: str, ampm: str | None) -> int:
    hour = int(h)
    return hour + 12 if ampm == "pm" and hour < 12 else 0 if ampm == "am" and hour == 12 else hour


# the hours said in words: "between nine and noon", "from midnight to six"
_HOUR_WORDS = {
    "noon": "12pm", "midday": "12pm", "midnight": "12am", "one": "1", "two": "2", "three": "3", "four": "4",
    "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9", "ten": "10", "eleven": "11",
    "twelve": "12",
}  # fmt: skip
_HOURS_SAID = re.compile(rf"\b(?:between|from|and|to|until|till)\s+(?:{'|'.join(_HOUR_WORDS)})\b")
# "between 0 and 1" may be two GPUs: bare numbers are hours only where no GPU, card or job is said
_NOT_HOURS = re.compile(r"\b(?:gpus|cards|devices|jobs?|nodes|ids?|compare|versus|vs)\b|#")


def _hours_in_digits(text: str) -> str:
    """The clock words of a span in digits: "between nine and noon" is "between 9 and 12pm" (so is "12
    noon"), "nine o'clock" "9 o'clock"; an hour o'clock last night or this evening is after noon ("at nine
    o'clock last night" is 21:00 yesterday)."""
    text = re.sub(r"\b12\s*(noon|midday|midnight)\b", r"\1", text)  # "between 12 noon and 3 pm"
    text = _HOURS_SAID.sub(lambda m: re.sub(r"\w+$", lambda w: _HOUR_WORDS[w.group(0)], m.group(0)), text)
    said = rf"\b({'|'.join(_HOUR_WORDS)})(?=\s*o'?\s?clock\b)"
    text = re.sub(said, lambda m: _HOUR_WORDS[m.group(1)], text)
    evening = r"(?=\s+(?:last night|yesterday evening|this evening|tonight)\b)"
    return re.sub(rf"\b(\d{{1,2}})\s*o'?\s?clock{evening}", r"\1pm", text)


def _bare_hours(h0: int, h1: int, now: float, midnight: float) -> tuple[int, int] | None:
    """Two hours said without am/pm ("between 12 and 1", "from 2 to 4"): on a 12-hour clock, the latest
    such span that has begun (at 15:00 "from 1 to 3" is 13-15, "from 9 to 11" the morning's)."""
    if not (1 <= h0 <= 12 and 1 <= h1 <= 12):
        return None
    if h1 <= h0:
        h1 += 12  # "12 and 1" is noon to one, "11 to 2" is 11 to 14
    later = (h0 + 12, h1 + 12)
    return later if later[1] <= 24 and midnight + later[0] * 3600 <= now else (h0, h1)


def _clock_window(text: str, now: float, midnight: float) -> Window | None:
    """A span said by the clock: "between 13:45 and 13:50", "from 10 to 11 this morning", "between nine and
    noon", "at 10:02" (that minute); today's, or yesterday's when that time has not come yet today."""
    text = _hours_in_digits(text)
    yesterday = re.search(r"\byesterday\b", text) is not None  # "yesterday between 15:00 and midnight"
    m = _BETWEEN.search(text)
    g = (m.groups()[:6] if m.group(1) is not None else m.groups()[6:]) if m else ()  # either form's six
    bare = m is not None and not any(g[i] for i in (1, 2, 4, 5)) and not _DAYTIME.search(text)
    if m and bare and not _NOT_HOURS.search(text):
        hours = _bare_hours(int(g[0]), int(g[3]), now, midnight)
        if hours is not None:
            return _span(midnight, now, hours[0], 0, hours[1], 0, yesterday)
    if m and not bare:
        a0, a1 = g[2], g[5]
        if a0 is None and a1 is None and re.search(r"\b(?:afternoon|evening|tonight)\b", text):
            a1 = "pm"  # "between 1 and 2 this afternoon"
        h1 = _hour(g[3], a1)
        h0 = _hour(g[0], a0 or a1)  # "1 to 3pm": the first's half of the day is the second's
        if a0 is None and g[3] == "12" and a1 == "am" and 1 <= int(g[0]) <= 11:
            h0 = int(g[0]) + 12  # "from 6 to midnight": the evening's 6, the half of the day before midnight
        if a0 is None and (h0 >= h1 > 0 or a1 is None):
            h0 = int(g[0])  # "9 and 12pm", "10 to 11 this morning"
        m0, m1 = int(g[1] or 0), int(g[4] or 0)
        if a1 is None and 0 < h1 <= 12 and (h1, m1) <= (h0, m0) and h0 < h1 + 12:
            h1 += 12  # "from noon to 2", "from 11am to 1", "12:30 to 1:30"
        if h1 == 0 and a1 == "am":
            h1 = 24  # "until midnight"
        return _span(midnight, now, h0, m0, h1, m1, yesterday)
    m = _SINCE.search(text)
    clocked = m is not None and (" at " in m.group(0) or "o'clock" in text)  # "since the standup at 9"
    # "since 12 whats the hottest": a bare hour, when no unit or count follows it
    hour_only = m is not None and re.search(
        r"\bsince\s+\d{1,2}\s*(?:$|[,?!]|(?!(?:h|hr|hrs|hours?|m|min|mins|minutes?|s|secs?|seconds?|d|days?"
        r"|weeks?|jobs?|gpus?|cards?|runs?|tasks?|times?|attempts?|tries|retries|w|watts?|%|°|c|degrees?|gb|gib"
        r"|mb|mib|kwh|wh|of|out|percent|am|pm|:)\b)[a-z])",
        text,
    )
    if m and (m.group(2) or m.group(3) or hour_only or clocked):
        h, mi = _hour(m.group(1), m.group(3)), int(m.group(2) or 0)
        h = _latest_half(m.group(1), m.group(3), h, mi, text, now, midnight)
        if m.group(3) is None and h < 12 and re.search(r"\b(?:this afternoon|this evening|tonight)\b", text):
            h += 12  # "since one o'clock this afternoon": 13:00
        if h > 23 or mi > 59:
            return None
        t0, day = midnight + h * 3600 + mi * 60, ""
        if t0 >= now:  # ("since 15:00" at 15:00: yesterday's, not an empty span, and said so)
            t0, day = t0 - 86400, "yesterday "
        return Window(t0, now, f"since {day}{h:02d}:{mi:02d}")
    m = _AT.search(text)
    if m:
        # ("what about 17:00", "how about 9": a follow-up's time, said as exactly as any)
        asked_about = m.group(1) == "about" and re.search(r"\b(?:what|how)\s+$", text[: m.start()])
        before = re.search(r"(\w+)\s+$", text[: m.start()])  # ("roughly at 9:20")
        said = {m.group(1) * (not asked_about), m.group(2), before.group(1) if before else None}
        rough = bool(said & _ROUGHLY) and m.group(5) is None
        h, mi, sec = _hour(m.group(3), m.group(6) or m.group(7)), int(m.group(4) or 0), m.group(5)
        if h > 23 or mi > 59 or (sec is not None and int(sec) > 59):
            return None
        # "at 8:10 last night": the evening's 20:10, yesterday's ("yesterday at 10:05": yesterday's 10:05)
        evening = re.search(r"\b(?:last night|evening|tonight)\b", text)
        if not (m.group(6) or m.group(7)) and h < 12 and evening:
            h += 12
        yesterday = re.search(r"\b(?:last night|yesterday)\b", text) is not None
        t0 = midnight + h * 3600 + mi * 60 + int(sec or 0)
        if t0 > now or yesterday:
            t0 -= 86400
        # "right now at 15:00" at 15:00:00: the present moment, which the live readings answer
        if t0 >= now:
            return None
        day = "yesterday " if yesterday else ""
        if rough:  # labelled as a span, which reads back as the same span
            a, b = t0 - ROUGHLY_MIN * 60, min(t0 + ROUGHLY_MIN * 60, now)
            return Window(a, b, f"{day}between {_hm(a)} and {_hm(b)}", at=t0)
        if sec is not None:  # "at 13:47:23": that second
            return Window(t0, min(t0 + 1, now), f"{day}at {h:02d}:{mi:02d}:{int(sec):02d}")
        return _minute(t0, now, day)
    return None


def _minute(t: float, now: float, day: str = "") -> Window:
    """The minute from ``t`` (cut at now), as "at 12:30" (``day``: "yesterday ") says it."""
    return Window(t, min(t + 60, now), f"{day}at {_hm(t)}")


def moment_of(w: Window, now: float) -> Window | None:
    """The minute a span said roughly is around ("around 12:30": at 12:30), as "at 12:30" reads it."""
    if w.at is None:
        return None
    return _minute(w.at, now, "yesterday " if w.label.startswith("yesterday ") else "")


def _part_of_day(name: str, yesterday: bool, midnight: float, now: float) -> Window | None:
    """Morning to noon, afternoon to 18:00, evening to midnight, of today or yesterday (cut at now); None
    where that part has not begun."""
    day = midnight - 86400 if yesterday else midnight
    h0, h1 = _PARTS[name]
    t0, t1 = day + h0 * 3600, min(day + h1 * 3600, now)
    return Window(t0, t1, f"{'yesterday' if yesterday else 'this'} {name}") if t0 < now else None


def _latest_half(said: str, ampm: str | None, h: int, mi: int, text: str, now: float, midnight: float) -> int:
    """An hour said on a 12-hour clock ("since 2:30", "since half past two": no am/pm, no leading zero, no
    part of the day) is the latest such time that has passed: at 15:00, 14:30, not 02:30."""
    if ampm or said.startswith("0") or not 1 <= h <= 11 or _DAYTIME.search(text):
        return h
    if re.search(r"\b(?:night|overnight|yesterday|am|a\.m\.)\b", text):
        return h
    return h + 12 if midnight + (h + 12) * 3600 + mi * 60 <= now else h


def _span(
    midnight: float, now: float, h0: int, m0: int, h1: int, m1: int, yesterday: bool = False
) -> Window | None:
    """Today's span between two clock times; yesterday's where the words say yesterday or it has not begun
    yet today (at 15:00, "between 15:00 and 16:00" is yesterday's, and its label says so); None when no
    span."""
    if h0 > 23 or h1 > 24 or m0 > 59 or m1 > 59:
        return None
    t0, t1 = midnight + h0 * 3600 + m0 * 60, midnight + h1 * 3600 + m1 * 60
    if t1 <= t0:
        return None
    day = ""
    if t0 >= now or yesterday:
        t0, t1, day = t0 - 86400, t1 - 86400, "yesterday "
    return Window(t0, min(t1, now), f"{day}between {h0:02d}:{m0:02d} and {h1 % 24:02d}:{m1:02d}")


# "from midnight until now", "from 9am to the present", "between midnight and now": a span that runs to
# now is one since its start
_UNTIL_NOW = re.compile(
    r"\b(?:from|between)\s+(\S+(?:\s+\S+){0,2}?)\s+(?:up\s+)?(?:until|till|to|through|and)\s+(?:right\s+)?"
    r"(?:now|the present|this moment|the moment)\b"
)


# "between then and now", "since then", with the moment said before it: "I left at 6 pm yesterday. How much
# energy ... between then and now?" is since 18:00 yesterday, not at 18:00
_THEN_NOW = re.compile(r"\b(?:since then|(?:between|from) then (?:and|until|till|to|up to) (?:right )?now)\b")
_AT_TIME = re.compile(
    r"\bat (\d{1,2}(?::\d{2})?\s*(?:am|pm)?|noon|midnight)((?:\s+(?:yesterday|today|this morning))?)\b"
)
# the end of a span said with what happened then: "from noon until the last run ended at 13:24"
_UNTIL_WHEN = re.compile(r"\b(until|till|up to)\s+(?:[a-z'-]+\s+){1,6}?(?:at|by)\s+(\d{1,2}:\d{2})\b")


def _moments_said(text: str) -> str:
    """The text with a span's ends said through what happened then put as plain times (above)."""
    text = _UNTIL_WHEN.sub(r"\1 \2", text)
    then = _THEN_NOW.search(text)
    said = list(_AT_TIME.finditer(text[: then.start()])) if then else []
    if then is None or not said:
        return text
    at = said[-1]  # the moment said last before "then"
    return text[: at.start()] + text[at.end() : then.start()] + f"since {at[1]}{at[2]}" + text[then.end() :]


_HOUR_SAID = r"(\d{1,2})(?::(\d{2}))?(?:\s*(am|pm))?\b"  # (no space after it taken)
# a span across midnight said with its days: "from 6pm yesterday to 6am", "between 18:00 yesterday and 06:00
# today" (the first hour yesterday's, the second today's)
_ACROSS_MIDNIGHT = re.compile(
    rf"\b(?:from |between )?{_HOUR_SAID} yesterday (?:to|and|until|till|through) {_HOUR_SAID}"
    r"(?: (?:today|this morning))?(?!\s*(?:yesterday|pm)\b)"
)


def _across_midnight(text: str, now: float, midnight: float) -> Window | None:
    """The span of :data:`_ACROSS_MIDNIGHT`, or None (not said, or its end not yet come)."""
    m = _ACROSS_MIDNIGHT.search(text)
    if m is None:
        return None
    h0, h1 = _hour(m[1], m[3]), _hour(m[4], m[6])
    if not (0 <= h0 < 24 and 0 <= h1 < 24):
        return None
    t0 = midnight - 86400 + h0 * 3600 + int(m[2] or 0) * 60
    t1 = min(midnight + h1 * 3600 + int(m[5] or 0) * 60, now)
    if t1 <= t0:
        return None
    return Window(
        t0, t1, f"from {h0:02d}:{int(m[2] or 0):02d} yesterday to {h1:02d}:{int(m[5] or 0):02d} today"
    )


_NOT_A_RANGE = r"(?!\s*(?:to|until|till|and|through|-)\b)"  # (an hour that starts a range is read as one)
# the day said first, then the hour the span starts at: "yesterday after 6 pm", "yesterday evening from
# 18:00 on", "yesterday from 6 on?" (the hour's groups are _HOUR_SAID's: hour, minutes, am/pm)
_REST_OF_YESTERDAY = re.compile(
    rf"\b(yesterday|yday)(?: evening| night)?,? (?:after|from) {_HOUR_SAID}(\s+(?:on|onwards?|o'?clock))?"
    + _NOT_A_RANGE
)
# "after 6pm yesterday": the same span with the hour said first ("after" bounds it within that day, as
# "depois das 18h de ontem" and "ayer después de las 6pm" do); "since 6pm yesterday" runs on to now
_AFTER_HOUR_YESTERDAY = re.compile(
    rf"\bafter (?P<hour>{_HOUR_SAID}) (?P<day>yesterday|yday)\b" + _NOT_A_RANGE
)


def _rest_of_yesterday(m: re.Match[str]) -> str:
    """Yesterday from the hour said to its midnight: "after" with the day bounds the span, as "gestern ab 18
    Uhr" does (a moment said with "since", "since 6 pm yesterday", runs to now). A bare hour counts only
    where "on" or the end of the ask follows it ("yesterday from 3 jobs" names none)."""
    bare = m[3] is None and m[4] is None and m[5] is None
    if bare and not re.match(r"\s*(?:$|[,.?!;])", m.string[m.end() :]):
        return m[0]
    return f"{m[1]} from {m[2]}:{m[3] or '00'}{m[4] or ''} to midnight"


# "9-10am", "2 - 4pm", "11am-1pm": an hour to another said with a dash, the half of the day said on the
# second (not "0-1", two GPUs, nor "3-5" jobs: no am or pm); the span from the one to the other
DASHED_HOURS = re.compile(
    r"(?<![\w:.#-])(?<!job )(?<!jobs )(?<!gpu )(?<!gpus )(\d{1,2}(?:\s*(?:am|pm))?)\s*[-–]\s*"
    r"(\d{1,2}\s*(?:am|pm))(?![\w:.%])",
    re.I,
)


# a clock time written with a dot ("1.45pm", "around 13.45", "between 09.30 and 10.15"): with its half of the
# day, or two digits to the hour after a word that says a time and no unit after it ("at 12.50 W": a power)
_DOTTED = re.compile(
    r"\b((?:[01]?[1-9]|[12]0|2[1-3])\.[0-5]\d)(?=\s*(?:am|pm)\b)"
    # (two digits to the hour: "loss at 1.45" is a value)
    r"|\b(at|around|about|near|by|since|until|till|from|between|and|to) ((?:0[1-9]|1\d|2[0-3])\.[0-5]\d)\b"
    r"(?![.,]\d|\s*(?:%|°|"
    r"(?:k?w|watts?|k?wh|[gmk]i?b|c|h|hrs?|hours?|mins?|minutes?|s|secs?|seconds?|x|tflops?|degrees?|v|[mg]hz)\b))",
    re.I,
)


def window_of(text: str, now: float) -> Window | None:
    """The time span the words name, in local time, or None."""
    text = _DOTTED.sub(lambda m: m[1].replace(".", ":") if m[1] else f"{m[2]} {m[3].replace('.', ':')}", text)
    text = re.sub(r"(\d)\s*-?ish\b", r"\1", text)  # "12 to 1:24ish": about then, the time said
    if not re.search(r"\b(?:yesterday|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b", text):
        # "and over the whole day, for how long was it over 600 W?": today (no other day said)
        text = re.sub(r"\b(?:over|for|during|in|across|throughout) the (?:whole|entire) day\b", "today", text)
        text = re.sub(r"\ball day(?: long)?\b", "today", text)
    text = re.sub(r"(?<![\w'])'?til\b", "till", text)  # "9 til 11", "'til 3": till
    if not re.search(r"\b(?:from|between)\s+\d", text):  # "(12 to 1:24)": a bare hour to a clock time
        text = re.sub(
            r"(?<![\w:.#])(?<!job )(\d{1,2}\s*(?:am|pm)?)\s+(to|until|till)\s+(\d{1,2}:\d{2})",
            r"from \1 \2 \3",
            text,
        )
        text = DASHED_HOURS.sub(r"from \1 to \2", text)
        # "9am to 11am", "9 to 11am": "to" between hours, the second with its half of the day, as the dash
        # above (a bare "3 to 5" may move a job)
        text = re.sub(
            r"(?<![\w:.#-])(?<!job )(?<!jobs )(?<!gpu )(?<!gpus )(\d{1,2}\s*(?:am|pm)?)\s+to\s+"
            r"(\d{1,2}(?::\d{2})?\s*(?:am|pm))(?![\w:.%])",
            r"from \1 to \2",
            text,
        )
        # "9 till 11", "1 until 3pm": a bare hour until another (not "to", which may move job 3 to 2)
        text = re.sub(
            r"(?<![\w:.#])(?<!job )(?<!gpu )(?<!gpus )(\d{1,2}\s*(?:am|pm)?)\s+(until|till)\s+"
            r"(\d{1,2}\s*(?:am|pm)?)(?![\w:.%])",
            r"from \1 \2 \3",
            text,
        )
    # "H100 midnight to 06:00", "noon till 3pm": a named hour to another hour, said without "from" (not
    # "midnight to midnight": a whole day)
    text = re.sub(
        r"(?<!from )(?<!between )\b(midnight|noon|midday)\s+(to|until|till)\s+(?!now\b)(?!\1\b)"
        r"(?=\d|noon\b|midday\b|midnight\b)",
        r"from \1 \2 ",
        text,
    )
    text = _AFTER_HOUR_YESTERDAY.sub(r"\g<day> after \g<hour>", text)
    text = _REST_OF_YESTERDAY.sub(_rest_of_yesterday, text)
    # "what ran after midnight", "anything fail after 14:00", "after 2pm": since then (not "before or
    # after 10:00", which asks which side)
    text = re.sub(
        r"(?<!\bor )\bafter (midnight|noon|midday|\d{1,2}:\d{2}|\d{1,2}\s*(?:am|pm))"
        r"(?!\s*(?:to|until|till|and)\b)",
        r"since \1",
        text,
    )
    # "the most recent hour", "the latest 60 minutes": the last
    text = re.sub(
        r"\b(?:most recent|latest)\s+(?=(?:\d+\s*)?(?:hours?|hrs?|minutes?|mins?|days?|half)\b)",
        "last ",
        text,
    )
    # "after 13h", "from 9h30": an hour as French, Portuguese or German write it ("last 13h" is a duration)
    text = re.sub(r"\bafter (\d{1,2})h(\d{2})?\b", lambda m: f"since {m[1]}:{m[2] or '00'}", text)
    text = re.sub(
        r"\b(since|from|at|until|till|to|between|and|before) (\d{1,2})h(\d{2})?\b",
        lambda m: f"{m[1]} {m[2]}:{m[3] or '00'}",
        text,
    )
    # "from 9 in the morning until 12", "from 2 in the afternoon to 5": the part of the day said after the
    # first hour is its am or pm
    text = re.sub(
        r"\b(from|between|since) (\d{1,2}(?::\d{2})?) in the (morning|afternoon|evening)\b",
        lambda m: f"{m[1]} {m[2]}{'am' if m[3] == 'morning' else 'pm'}",
        text,
    )
    text = _UNTIL_NOW.sub(r"since \1", _moments_said(text))
    # "(midnight to now)", "noon till now": a span to now said without "from"
    text = re.sub(r"\b(midnight|noon|midday) (?:to|until|till|through) (?:right )?now\b", r"since \1", text)
    text = re.sub(
        r"\bsince (?:this )?morning,?(?: at)? midnight\b", "since midnight", text
    )  # "this morning midnight"
    t = dt.datetime.fromtimestamp(now)
    midnight = t.replace(hour=0, minute=0, second=0, microsecond=0).timestamp()
    said = _across_midnight(text, now, midnight) or _clock_window(text, now, midnight)
    if said is not None:
        return said
    # "last 60m", "past 2d" (a terse typist's units); "since 2 hours" (German's "seit")
    units = r"(m|min|mins|minute|minutes|h|hr|hrs|hour|hours|d|day|days)"
    # a length said first with nothing before it, as a terse writer heads the question with its span ("24h
    # gpu 1 max temp", "3 hours energy per card?"): the last (not "2h ago", a moment; nor "3d", a render; nor
    # "24-hour time is fine", the clock's notation)
    text = re.sub(
        r"^\s*(?=\d+\s*(?:min|mins|minutes?|h|hrs?|hours?|days?)\b"
        r"(?!\s*(?:ago|later|before|after|from|time|clock|format|notation)\b))",
        "last ",
        text,
    )
    m = re.search(rf"\b(?:last|past|previous|since)\s+(\d+)\s*{units}\b", text)
    if m:
        n, unit = int(m.group(1)), m.group(2)
        secs = 60 if unit.startswith("m") else 86400 if unit.startswith("d") else 3600
        start = now - n * secs if n * secs < now else 0.0  # longer than the clock has run: all of it
        name = {60: "minute", 3600: "hour", 86400: "day"}[secs]  # "30 min", "3 hrs": said in full
        return Window(start, now, f"in the last {n} {name if n == 1 else name + 's'}")
    if re.search(r"\b(?:last|past|previous)\s+half(?: an)? hour\b|\bhalf an hour ago\b", text):
        return Window(now - 1800, now, "in the last 30 minutes")
    if re.search(r"\b(?:last|past|previous)\s+(?:hour|hr)\b|\bhour ago\b|\bthis hour\b", text):
        return Window(now - 3600, now, "in the last hour")
    # ("the previous day" is yesterday, below)
    if re.search(r"\b(?:last|past)\s+(?:day|24\s*h)|\bprevious\s+24\s*h", text):
        return last_day(now)
    if re.search(r"\bsince (?:yesterday|yday)\b", text):
        return Window(midnight - 86400, now, "since yesterday")
    if re.search(
        r"\bovernight\b|\b(?:last|during the|in the) night\b", text
    ):  # 18:00 yesterday to 06:00 today
        return Window(midnight - 6 * 3600, min(now, midnight + 6 * 3600), "last night")
    # a part of a day: "yesterday morning", "this evening", then "in the morning" (today's, or yesterday's
    # said so)
    part = re.search(r"\b(?:(yesterday|yday) (morning|afternoon|evening)|(this) (evening))\b", text)
    said = (
        _part_of_day(part.group(2) or part.group(4), part.group(1) is not None, midnight, now)
        if part
        else None
    )
    # "over the morning", "through the afternoon" name the part as "in" and "during" do
    loose = re.search(
        r"\b(?:in|during|over|through|throughout|across) the (morning|afternoon|evening)\b", text
    )
    if said is None and loose:
        said = _part_of_day(
            loose.group(1), re.search(r"\b(?:yesterday|yday)\b", text) is not None, midnight, now
        )
    if said is not None:
        return said
    # the day before yesterday, whole (French's "avant-hier", Finnish's "toissapäivänä", Albanian's "pardje",
    # Latvian's "aizvakar", read so by their modules): not yesterday, which its words also say
    if re.search(r"\b(?:the )?day before (?:yesterday|yday)\b", text):
        return Window(midnight - 2 * 86400, midnight - 86400, "the day before yesterday")
    yesterday = r"\byesterday\b|\byday\b|\b(?:the )?(?:previous|prior) day\b|\bthe day before\b(?! that| or)"
    if re.search(yesterday, text):
        return Window(midnight - 86400, midnight, "yesterday")
    if re.search(r"\btoday\b|\b(?:the|this) day\b|\bsince midnight\b|\bso far today\b|\btonight\b", text):
        return Window(midnight, now, "today")
    noon = midnight + 12 * 3600
    # "since this morning" runs from the morning on until now, not only to noon (Hindi's "subah se")
    if re.search(r"\bsince (?:this |the )?morning\b", text):
        return Window(midnight, now, "since this morning")
    if re.search(r"\bthis morning\b|\bearlier this morning\b", text):  # midnight to noon (or now)
        return Window(midnight, min(now, noon), "this morning")
    lunch = text.replace("lunchtime", "lunch")  # "since lunchtime"
    if now > noon and re.search(r"\bsince (?:lunch|noon|midday)\b|\bthis afternoon\b|\bafter lunch\b", lunch):
        return Window(noon, now, "since noon")
    if re.search(r"\b(?:this|last|past|the)\s+week\b", text):
        return Window(now - 7 * 86400, now, "in the last 7 days")
    m = re.search(rf"\b(hourly|daily|weekly|monthly)\s+(?:gpu\s+|job\s+)?(?:{_OVER_TIME})\b", text)
    if m:  # "the weekly summary" is the week's; "the weekly sync" or "daily driver" names no span
        return window_of(_PERIODS[m.group(1)], now)
    return None


# Words that ask about the whole history, so no span of the conversation is kept ("overall", "ever")
_ALL_TIME = re.compile(
    r"\b(?:overall|ever|all[ -]?time|in total|since (?:the )?(?:beginning|start|forever)|of all)\b"
)


def all_time(text: str) -> bool:
    """Whether the words ask about all of the history: "which job ate the most gpu hours overall", "did
    gpu 0 ever fail", "how many jobs failed in total" (the caller checks that they name no span)."""
    return _ALL_TIME.search(text) is not None


# What an hourly / daily / weekly / monthly report is of (a summary, the jobs, the failures, the energy),
# and the span each is of, in the words the spans above are read from.
_PERIODS = {"hourly": "last hour", "daily": "today", "weekly": "this week", "monthly": "last 30 days"}


_OVER_TIME = (
    "summary|summaries|summarize|summarise|report|reports|recap|overview|digest|rundown|jobs|runs|tasks"
    "|workloads|failures|fails|failed|crashes|errors|energy|kwh|electricity|consumption|usage"
)


def before(w: Window) -> Window:
    """The span of the same length just before ``w`` ("and the hour before that"), said by the clock (or
    by days for a day or more)."""
    length = w.t1 - w.t0
    t0, t1 = w.t0 - length, w.t0
    if length >= 86400:
        days = round(length / 86400)
        return Window(t0, t1, f"in the {days} day{'s' if days != 1 else ''} before {w.label}")
    return Window(t0, t1, f"between {_hm(t0)} and {_hm(t1)}")


def _hm(t: float) -> str:
    """A span's edge as its label says it: the local clock's hour and minute."""
    return dt.datetime.fromtimestamp(t).strftime("%H:%M")
