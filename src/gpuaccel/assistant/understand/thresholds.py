"""A reading's threshold in a question: "how long was GPU 0 at 85 °C or more", "over 300 W", "90%+ util".

Why its own reader: a number in a question is otherwise a GPU, a job or a span's count ("and above 85?" is
no GPU 85), and the unit says which reading is meant (°C the temperature, W the power). The picker reads
the question without the threshold, then puts the value on the query it found (:func:`with_threshold`),
so every other rule (which GPU, which span, a follow-up) reads the question as it would without one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace

from gpuaccel.assistant.queries.gpu import HISTORY_COLUMNS, UNIT
from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.understand.topics import PEAK_WORDS
from gpuaccel.assistant.understand.words import LESS, MORE

# a unit as people type it -> (the reading it names, the factor to the reading's unit: MiB -> GiB)
_UNITS: tuple[tuple[str, str, float], ...] = (
    (r"°\s*c\b|º\s*c\b|(?:degre{1,2}s?|degs?)(?:\s*c(?:elsius)?\b)?|celsius\b|c\b", "temperature", 1.0),
    (r"w\b|watts?\b", "power", 1.0),
    (r"%|percent\b|pct\b", "util", 1.0),
    (r"gib\b|gb\b", "memory", 1.0),
    (r"mib\b|mb\b", "memory", 1 / 1024),
    (r"mhz\b", "clock", 1.0),
)
_UNIT = "|".join(f"(?:{u})" for u, _, _ in _UNITS)
# a bare number is a threshold only where no other unit follows it ("more than 2 hours", "over 3 jobs")
_NOT_A_READING = r"(?!\s*(?:h|hrs?|hours?|m|mins?|minutes?|s|secs?|seconds?|days?|weeks?|jobs?|gpus?|cards?|times?|attempts?|x)\b)"  # noqa: E501
_NUMBER = r"(?<![\d.:])(\d{1,5}(?:\.\d+)?)(?![\d.:])"  # not a piece of 13:47 or 2.5
_ABOVE = (
    r"(?:at or (?:above|over)|at least|above|over|exceed(?:ed|ing|s)?|past|beyond"
    r"|reach(?:ed|es|ing)?|cross(?:ed|es|ing)?|hit(?:s|ting)?"  # "when did power first reach 600 W"
    r"|break(?:s|ing)?|broke|top(?:s|ped|ping)?"  # "when did the 4090 first break 400W"
    r"|(?:sur)?pass(?:ed|es|ing)?"
    r"|(?:at )?(?:min\.|minimum|mind\.|mindestens)(?=\s*\d)"  # "at min. 90% util": at least (not "min" alone)
    r"|(?:hotter|warmer|more|greater|higher) than|>=|≥|>"
    r"|busier than(?=\s*\d{1,3}\s*(?:%|percent)))"  # "busier than 90%" (not "busier than the 4090")
)
_OR_MORE = r"(?:\+|\s*(?:or|and) (?:more|higher|above|over|hotter|warmer)\b)"  # ("80 deg and above")
# the reading named between the value and "or more": "90% utilization or higher"
_NAMED = r"(?:\s+(?:utili[sz]ation|util|usage|load|power(?: draw)?|temperature|temp|memory))?"
_PATTERNS = (
    re.compile(rf"{_ABOVE}\s*(?:the\s+)?{_NUMBER}\s*({_UNIT})?{_NOT_A_READING}", re.I),  # "passed the 85 °C"
    re.compile(rf"(?:\bat\s+)?{_NUMBER}\s*({_UNIT})?{_NAMED}{_OR_MORE}", re.I),
)
_NOW = re.compile(r"\b(?:now|currently|at the moment|presently)\b", re.I)
# how long, of the reading talked about ("how long was it", "for how much of the day did it stay")
_HOW_LONG = re.compile(
    r"\b(?:(?:for )?how (?:long|much time|many (?:seconds|secs|minutes|mins|hours|hrs))"
    r"|how much of (?:the day|today|it))"
    r"(?: (?:(?:was|were|did|has|had) )?(?:it|they|the card|the gpu))?"  # ("for how much time it stayed")
    r"(?: (?:stay|stayed|sit|sat|spend|spent|been|be))?"
    r"(?: (?:at|there))?\b"
    r"|\b(?:the )?(?:total|cumulative|combined|overall|accumulated) time\b|\bin total\b"  # "total time at or
    r"|\btime (?:spent|it spent)\b"  # above 600 W in that run", "cumulative time >= 600 W", "time spent over"
    r"|\bfor long\b"  # "was it at 85+ for long or just a blip": how long it stayed there
)
# when it first got there ("first second it crossed 85?", "when did it first reach 600 W?", "when did it start
# going above 80?": the start of being there is its first time there): the answer says
_FIRST = re.compile(
    r"(?:\b(?:at )?what time|\bwhen)?(?: (?:(?:did|was|has) )?it)?\s*"
    r"(?:\bfirst(?: (?:second|time|moment|minute))?\b|\b(?:start|started|begin|began)\b"
    r"(?: (?:to )?(?:going|go|getting|get|being|be|climbing|climb|rising|rise|running|run)\b)?)"
)
_FILLER = {"and", "what", "about", "how", "then", "ok", "okay", "so", "now", "or", "for", "the", "same", "it"}
_FILLER |= {"in", "that", "this", "run", "window", "span"}  # "... in that run": the same reading's span
_FILLER |= {"go", "went", "get", "got", "did", "was"}  # "what time did it first go over 85"
# how it was there, said of the same reading: "how long in total it stayed over 400", "remained above 80"
_FILLER |= {"stay", "stayed", "stays", "remain", "remained", "sat", "sit", "spent", "been", "total"}
_FILLER |= {"tho", "though", "exactly", "roughly", "approx", "approximately"}  # "how long was it over 80 tho"
_FILLER |= {"just", "a", "blip", "spike", "briefly", "brief", "moment"}  # "for long or just a blip"


@dataclass(frozen=True)
class Threshold:
    """A value a reading is at or above, the reading its unit names (None: no unit said) and the question
    without it (the unit's reading named in words, so the picker still reads the topic)."""

    value: int
    metric: str | None
    rest: str

    def alone(self) -> bool:
        """Nothing else asked but how long: "and above 85?", "how long was it at 85 or hotter" ask the last
        reading again with this threshold."""
        rest = _FIRST.sub(" ", _HOW_LONG.sub(" ", self.rest.lower()))
        said = {"utilization" if self.metric == "util" else self.metric or ""}  # the unit's reading, in words
        return not set(re.findall(r"[a-z]+", rest)) - _FILLER - said


def threshold_of(question: str) -> Threshold | None:
    """The first threshold the question says, or None."""
    # "at 90% of utilisation or more" (a French or Spanish speaker's "de"): 90% utilisation
    question = re.sub(
        r"(\d)\s*%\s+of\s+(?=(?:the\s+)?(?:util|usage|load|gpu util))", r"\1% ", question, flags=re.I
    )
    for pattern in _PATTERNS:
        m = pattern.search(question)
        if m is None:
            continue
        number, unit = float(m.group(1)), m.group(2)
        if unit is None and re.search(r"\bthe\s+[\d.]+\s*$", m.group(0), re.I):
            continue  # "hotter than the 4090": a card named by its model, no value ("passed the 85 °C" is)
        metric, factor = next(
            ((r, f) for u, r, f in _UNITS if unit and re.fullmatch(u, unit, re.I)), (None, 1.0)
        )
        if metric is None and re.search(r"\b(?:hotter|warmer)\b", m.group(0), re.I):
            metric = "temperature"  # "hotter than 85": degrees, whatever unit is left unsaid
        words = f" {metric if metric != 'util' else 'utilization'} " if metric else " "
        rest = question[: m.start()] + words + question[m.end() :]
        return Threshold(round(number * factor), metric, " ".join(rest.split()))
    return None


# a follow-up that is a value alone ("and 80?", "what about 75 then?"): the words around it
_BARE_FOLLOW_UP = re.compile(
    rf"^\W*((?:[a-z]+\s+){{0,3}}?){_NUMBER}\s*({_UNIT})?((?:\s+[a-z]+){{0,2}})\W*$", re.I
)  # ("or 75 then?")


def bare_threshold(
    question: str, last: Query | None, gpus: list[int], models: Mapping[int, str]
) -> Threshold | None:
    """ "and 80?" after how long a reading was at or above a value: that value asked again with 80, not a
    GPU 80 (a number said without a unit that is one of this machine's GPU indexes or in a GPU's model
    name, "and the 4090?", stays that GPU)."""
    m = _BARE_FOLLOW_UP.match(question.strip())
    if m is None or last is None or last.name != "gpu_reading" or last.at_least is None:
        return None
    if set(re.findall(r"[a-z]+", f"{m.group(1)} {m.group(4)}".lower())) - _FILLER:
        return None
    value, unit = float(m.group(2)), m.group(3)
    named = {w for model in models.values() for w in re.findall(r"\b\d+\b", model)}  # (not "80GB")
    if unit is None and (int(value) in gpus or m.group(2) in named) and value == int(value):
        return None
    metric, factor = next(((r, f) for u, r, f in _UNITS if unit and re.fullmatch(u, unit, re.I)), (None, 1.0))
    return Threshold(round(value * factor), metric, m.group(1).strip() + " ?")


def with_threshold(
    picked: Query | None, said: Threshold, last: Query | None, reading: Query | None = None
) -> Query | None:
    """``picked`` (what the question without the threshold asks) with the threshold on it, where it is a
    GPU reading the history keeps; the last reading again where nothing else is asked ("and above 85?");
    None where the threshold does not fit what is asked (then the question is read whole)."""
    if said.alone() and last is not None and last.name == "gpu_reading":
        # ("and the 4090, for 400 W or more?": the last reading, of the GPU said now)
        other = picked.gpu if picked is not None and picked.gpu not in (None, last.gpu) else None
        picked = last if other is None else replace(last, gpu=other)
    elif said.alone() and reading is not None:
        picked = reading  # "what time did it first go over 85" after a reading and a summary: that reading
    timed = said.metric in HISTORY_COLUMNS and _HOW_LONG.search(said.rest.lower())
    if timed and picked is not None and picked.name in ("energy", "job_detail"):
        # "how long has gpu 0 been drawing 600 W or more" reads as its energy, "... during job 11" as the
        # job: how long is asked of the reading the unit names, over that span or run
        picked = Query(
            "gpu_reading", gpu=picked.gpu, job=picked.job, window=picked.window, metric=said.metric
        )
    read_last = last is not None and last.name == "gpu_reading" and last.metric in HISTORY_COLUMNS
    own = picked is not None and picked.name == "gpu_reading" and picked.metric in HISTORY_COLUMNS
    if said.metric is None and _HOW_LONG.search(said.rest.lower()) and read_last and picked and not own:
        # "how long was gpu1 at 90 or more today" after its utilization: a bare value of the last reading,
        # on the GPU and over the span this question says (else the last ones); not where the question
        # names a reading of its own ("gpu1 util >= 90 today, how long" after a temperature)
        picked = Query(
            "gpu_reading", gpu=picked.gpu if picked.gpu is not None else last.gpu,  # type: ignore[union-attr]
            window=picked.window or last.window, metric=last.metric,  # type: ignore[union-attr]
        )  # fmt: skip
    bare = said.metric is None and _HOW_LONG.search(said.rest.lower()) and not read_last and said.value <= 100
    unread = picked is not None and (picked.name == "jobs" or picked.metric in (None, "overview"))
    if bare and unread and picked is not None and picked.gpu is not None:
        # "how long was the 4090 above 90 today" with no reading talked about: a bare value up to 100 of a
        # card is its utilization in % (or its temperature where "hot" is said); the answer names the unit
        hot = re.search(r"\b(?:hot|hotter|warm|warmer|temp\w*)\b", said.rest.lower())
        picked = Query(
            "gpu_reading", gpu=picked.gpu, window=picked.window, metric="temperature" if hot else "util"
        )
    if picked is None or picked.name != "gpu_reading":
        return None
    if picked.window is None and picked.job is None and _NOW.search(said.rest):
        return None  # "is any gpu over 80 degrees right now": the live reading answers it
    # the unit names the reading where nothing else is asked: "and at or above 70 °C?" after a power's
    told = said.metric is not None and (picked.metric in (None, "overview") or said.alone())
    metric = said.metric if told else picked.metric
    if said.metric == "util" and metric not in _PERCENT:
        metric = "util"  # "90%+" of a reading in another unit: the utilization
    if metric not in HISTORY_COLUMNS:
        return None
    window = picked.window
    if window is None and picked.job is None and last is not None and last.name == "gpu_reading":
        window = last.window  # "how long was it at 85 °C or more?" after today's peak: today
    return replace(picked, metric=metric, at_least=said.value, window=window)


# the words of "when did it first hit that (value)?" beside _FILLER's
_AGAIN = set("hit hits reach reached reaches cross crossed pass passed over above there".split())
_AGAIN |= {"value", "level", "threshold", "mark"}


def first_again(question: str, last: Query | None) -> Query | None:
    """ "when did it first hit that?" or "for how long?" after how long a reading was at or above a value
    ("did the H100 go above 600 W in the last two hours?"): the same query, whose answer says when the
    reading first got there and how long it stayed; None where more is asked (the caller has found no
    threshold of its own in the question: "first second it crossed 85?" reads 85)."""
    said = next((p for p in (_FIRST, _HOW_LONG) if p.search(question.lower())), None)
    if last is None or last.name != "gpu_reading" or last.at_least is None or said is None:
        return None
    rest = said.sub(" ", question.lower())
    return None if set(re.findall(r"[a-z]+", rest)) - _FILLER - _AGAIN else last


# the words that ask a span's statistic ("the mean of both cards", "which one ran hotter", "and the lowest?"),
# not how long it stayed at a value ("which stayed there longest" is the threshold's question)
_STATISTIC = (MORE | LESS | PEAK_WORDS) - set(
    "more less top leaderboard ranking hit longest slowest shortest quickest fastest slower faster"
    " quicker".split()
)


# a value said bare with its unit ("and the H100, 600 W?"): a value, not a card's model ("h100", "a100 c")
_BARE_VALUE = re.compile(rf"(?<![a-z\d.:])(\d{{1,5}}(?:\.\d+)?)(?![\d.:])\s*({_UNIT})", re.I)


def _bare_value(question: str, metric: str | None) -> int | None:
    """The value said bare in ``question`` in the unit of ``metric`` ("h100 for 600W?" after how long the
    power was at 400 W or more: 600), or None."""
    for m in _BARE_VALUE.finditer(question):
        read, factor = next(((r, f) for u, r, f in _UNITS if re.fullmatch(u, m.group(2), re.I)), (None, 1.0))
        if read == metric:
            return round(float(m.group(1)) * factor)
    return None


def kept_threshold(
    picked: Query | None, last: Query | None, live: bool = False, question: str = ""
) -> Query | None:
    """A follow-up about another GPU or span keeps the conversation's threshold ("and the H100?" after how
    long the 4090 was at 90% or more): the same reading asked again, without a threshold of its own. Not a
    reading asked ``live`` with no span ("what's it at right now" after how long it was at 80 °C or more
    today): that is the reading now; nor one whose ``question`` asks a statistic of the span ("and which card
    was hotter on average?"): its answer says that, not the time at the value again. A value said bare in
    the reading's unit ("and the H100, 600 W?") is the threshold now."""
    words = set(re.findall(r"[a-z]+", question.lower()))
    if picked is not None and words & _STATISTIC and not _HOW_LONG.search(question.lower()):
        return replace(picked, at_least=None)  # (the picker's "average?" gives back the last query whole)
    if (
        picked is not None
        and not (live and picked.window is None)
        and last is not None
        and last.at_least is not None
        and picked.name == last.name == "gpu_reading"
        and picked.metric == last.metric
        and picked.at_least is None
        and picked.job is None
    ):
        value = _bare_value(question, last.metric)
        at_least = value if value is not None else last.at_least
        return replace(picked, at_least=at_least, window=picked.window or last.window)
    return picked


_PERCENT = {metric for metric, unit in UNIT.items() if unit == "%"}  # readings in % ("90%+" of them)
