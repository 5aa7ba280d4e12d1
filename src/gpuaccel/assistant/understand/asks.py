"""Messages that ask two or three things at once ("how hot is GPU 0, and why did job 3 fail?").

Why so careful: "and" also joins the parts of one ask ("memory and power of gpu 1", "which jobs failed and
why?"), and answering half of such a question twice is worse than answering it once. So a message is cut
only at a clause boundary (a question mark with more text after it, a semicolon, a comma or "and" before a
question word), and :func:`answer_asks` keeps the cut only when every part picks a query and no two pick
the same one.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from gpuaccel.assistant.queries.gpu import OVERVIEW_SAYS
from gpuaccel.assistant.queries.query import Query, Result, Window
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.elsewhere import said_not_about_us
from gpuaccel.assistant.understand.names import JOB_LIST, JOB_SAID, named_jobs_in
from gpuaccel.assistant.understand.replies import small_talk
from gpuaccel.assistant.understand.scene import HELLO, sets_the_scene
from gpuaccel.assistant.understand.words import pointing, topics_said

MAX_ASKS = 3  # more parts than this is a list, not a message; it is answered as one question

# words that open a question or a request: a part after a comma or "and" must start with one;
# "when" opens a question before a verb ("when did it start"), not a clause that says when ("between 2 and 8,
# when nothing was scheduled, what was ...": an aside)
_WHEN_ASKS = (
    r"when(?=\s+(?:did|does|do|was|were|is|are|has|have|had|will|would|can|could"
    r"|exactly|roughly|precisely)\b)"
)
_OPENERS = (
    r"what|what's|whats|which|why|how|is|are|was|were|did|does|do|has|have|who|whose|where|whether|"
    rf"show|list|tell|give|any|can|could|{_WHEN_ASKS}"
    # "I'm doing up the report, would you have a look at ...": a request for an answer ("would it" too)
    r"|would(?=\s+(?:you|u|ya|ye)\b)"
    # "the most memory it needed today, and for what?", "how much did it work, and with which job?", "what
    # time and from which job?"
    r"|(?:for|with|by|from)\s+(?:what|which|whom|who)"
)
_AND = r"(?:and|n|&)"  # "and" as typed fast: "the most vram today, n which job was it"
_ASKS_OWN = re.compile(rf"\b(?:what|which|why|how|who|whose|where|{_WHEN_ASKS})\b", re.IGNORECASE)
_BOUNDARY = re.compile(
    rf"(?<=\?)\s+(?=\S)"  # "...GPU 0? why did job 3 fail?" (the part keeps its "?": it asked)
    rf"|\s*;\s*(?:and\s+|also\s+)?"  # "...GPU 0; and job 3?"
    rf"|\s*,\s*(?:{_AND}\s+(?:also\s+)?|also\s+|plus\s+)?(?=(?:{_OPENERS})\b)"  # "..., and why did ..."
    rf"|\s+{_AND}\s+(?:also\s+)?(?=(?:{_OPENERS})\b)"  # "... busy and which jobs ..."
    rf"|\s+[-–—]\s+(?=(?:{_OPENERS})\b)"  # "going to reseat a cable - is the sft still going?"
    # "We're deciding whether to buy a second H100, so: how much of today was it busy?"
    rf"|\s*,?\s+so\s*[:,]\s*(?=(?:{_OPENERS})\b)",
    re.IGNORECASE,
)
_LEAD = re.compile(r"^(?:and|also|plus)\s+", re.IGNORECASE)
# a courtesy word set off by a comma before a part asks nothing: "Kindly, the last 24 hours, how many kWh per
# card?" is framed by its span, as "the last 24 hours, how many kWh per card?" is
_PLEASE_FIRST = re.compile(r"^(?:please|pls|plz|kindly)\s*,\s*", re.IGNORECASE)
# words that lead into a message and ask nothing: "quick sanity check,", "btw:"
_LEAD_IN = re.compile(
    r"^(?:(?:a |one )?quick (?:sanity )?(?:check|question|one|q)|sanity check|btw|fyi"
    # "comparison question:", "last thing:", "one more question:" (not "unrelated question:", which says
    # what the question is not about)
    r"|(?:(?:a |one |my )?(?:comparison|last|final|follow[- ]up|another|one more|related|small|simple)\s+)?"
    r"(?:question|thing|q)(?: on (?:this|that))?)\s*[,:;-]\s*",
    re.IGNORECASE,
)


def without_lead_in(message: str) -> str:
    """The message without words that only lead into it ("quick sanity check, what was on the 4090 at
    12:30?"): the rules that read how a question starts read its first words."""
    return _LEAD_IN.sub("", message.strip())


# a clause that frames the ask after it (a time, a job's run): "During the running of X, what was ...?"
_FRAME = re.compile(
    r"^(?:during|while|since|for|in|on|over|between|from|after|before|until|till|across|among|throughout|at"
    r"|of|out of|comparing|compared|to compare"  # "Comparing job 7 and job 8, what energy did each use?"
    r"|(?:looking|thinking|going|casting \w+ mind) back (?:at|to|over|on)"  # "Looking back at yesterday, ..."
    # "Yesterday evening, in the hour from 20:00 to 21:00, what was ..."
    # (not "yesterday's top temp on the h100 and what was running": a reading of the day, then an ask)
    r"|(?:yesterday|today|tonight|last night|this (?:morning|afternoon|evening))(?!'s))\b",
    re.IGNORECASE,
)
# what the user saw, said before the question about it: "I saw an alert around 13:47 on the H100, what was
# the max temperature": its GPU, job or time frames the ask
_STORY = re.compile(
    r"^(?:(?:ok|so|but|well|hi|hey|hello)\s*,?\s+)*(?:(?:i|we)\s+(?:just\s+|also\s+)?"
    r"(?:saw|noticed|got|heard|spotted|observed|received|had|see|notice|remember)"
    r"|there (?:was|were|has been|have been)"  # "There was a batch of sweep jobs at lunch, did they ..."
    # what someone else saw or said: "my friend says something was hogging the 4090 around 12:30"
    r"|(?:my|our|a|the)\s+(?:\w+\s+)?(?:friend|colleague|boss|coworker|co-worker|labmate|teammate|mate|buddy"
    r"|manager|student|supervisor|advisor|admin|intern|partner)s?\s+(?:says?|said|told me|tells me|mentioned"
    r"|reckons|claims|thinks|noticed|saw)"
    # what happened, said with no one to name: "something was hogging the 4090 around 12:30, what was on it"
    r"|(?:someone|somebody|something|some job|a job)\s+(?:was|has been|had been|kept))\b",
    re.IGNORECASE,
)
# a part that asks of each of the part before it: "(what ran today) and how each one ended"
_EACH_OF_THEM = re.compile(
    r"^(?:how|what|when|why|where)(?:\s+(?:did|does|do|was|were|has|have))?\s+(?:each|every)\s+"
    r"(?:one|of them|of those)\b",
    re.IGNORECASE,
)
_HOW_LONG_IT = re.compile(r"^how long has (?:it|that|this) been (?:going|running|on)\b", re.IGNORECASE)
# a thing named before the question about it: "The lr-sweep array, which element failed?"
# (a phrase with a clause of its own, "the job who crashed yesterday", is an ask: it is split)
_TOPIC_FIRST = re.compile(
    r"^(?:the|that|this|my|our|about|regarding|as for)\s+(?!.*\b(?:who|that|which|what|when)\b)"
    r"(?:\S+\s+){0,3}\S+$",
    re.IGNORECASE,
)
# a job said alone by its number, its name perhaps beside it ("job 9", "#9 (lr-sweep)"): what the ask after
# it is about ("job 9 (lr-sweep), what's in the log?"), as a name said alone is ("resnet50-bench, what
# happened")
_JOB_ALONE = re.compile(rf"{JOB_SAID}\d+(?:\s*\([^()]*\))?", re.IGNORECASE)
_PEAK_NAMED = re.compile(r"\b(?:peak|max|maximum|highest|top)\b", re.IGNORECASE)
_WHICH_JOB = re.compile(r"(?:and\s+)?(?:which|what|whose)\s+(?:job|run|process|task)\W*", re.IGNORECASE)
# two things set side by side before the question that picks between them: "job 2 vs job 11, which ran
# hotter?" is one ask
_SIDE_BY_SIDE = re.compile(  # (not a question of its own: "is gpu 1 busy or idle")
    r"^(?!(?:is|are|was|were|did|does|do|has|have|can|could|will|what|which|how|why|when|who|where)\b)"
    r"(?:\S+\s+){0,3}\S+\s+(?:vs\.?|versus|or)\s+(?:\S+\s+){0,5}\S+$",  # ("adam or sgd for my model, which")
    re.IGNORECASE,
)
_COMPARE_FIRST = re.compile(r"^(?:please\s+)?(?:compare|comparing)\b", re.IGNORECASE)


# a sentence that tells (ends in "." or "!", opens with no question or request word, four words or more, or
# three with a subject and its verb in the past: "it worked yesterday"): said after a question, it is why the
# user asks, not an ask ("Surely nobody was in just after midnight!", "why did job 5 fail? yesterday it ran")
# how a question or a follow-up starts ("did the data-prep job take long, and what did it write?" asks twice;
# "what about gpu 1", "and the energy"): no telling, no reading named before its value starts so
_ASK_START = rf"(?:{_OPENERS}|and|also|plus|or|what about|how about|then|now)\b"
_TELLING = re.compile(
    rf"(?!{_ASK_START})"
    # ("like how long was it at 85 or more" asks; "the lad who queued it", "when I left": clauses that tell)
    r"(?!.*\b(?:how|what|whats|which|why|where)\b)"
    r"(?:(?:\S+\s+){3,}"
    r"|(?=(?:\S+\s+)?(?:it|i|we|they)\s+(?:was|were|worked|ran|went|did|had|[a-z]+ed)\b)(?:\S+\s+){2})"
    r"\S*[^\s?.!](?:[.!]+|$)",  # (not one that ends in "?": "tmux or screen is better?")
    re.IGNORECASE,
)


# a value of the reading named before, asked: "what was the maximum and when?", "how high did it peak"
_VALUE_ASKED = re.compile(
    r"(?:what|which|how)\b.*\b(?:max|maximum|min|minimum|average|avg|mean|peak|highest|lowest|top|high|low)\b"
    # "gpu1 util over 90 today, how long": for how long the reading named first held
    r"|(?:for )?how (?:long|much time|many (?:hours|minutes))\W*$",
    re.IGNORECASE,
)


# how much of a thing, in a word or two and naming nothing else (no card, job or span): "how many degrees?",
# "how hot?", "how much?"
_HOW_MUCH_OF = re.compile(r"how (?:many|much|hot|high|big)(?:\s+[a-z]+)?\s*[?.!]*$", re.IGNORECASE)


def _names_a_topic(part: str) -> bool:
    """Whether a part names a reading or a thing of its own (not only a superlative or "when")."""
    return bool(topics_said(part) - {"long"})


# what the user did, told after the question: "I left before anything finished", "we went home at 6"
_SELF_TOLD = re.compile(r"(?:i|we)\s+(?:left|went|was|were|got|came|slept|stepped|headed|logged off)\b", re.I)


def _tells_only(part: str, asked: str, last: bool) -> bool:
    """Whether a sentence after the question ``asked`` tells and names nothing that could be asked beyond
    it (no reading, log or span the question does not name): "Surely nobody was in just after midnight!",
    "the lad who submitted it keeps asking me", "and energy? the studio pays the electricity so i am
    curious" (the last part may end unmarked); "It should be in its log." says where the answer is, "I'd
    like to know how hot it is." asks."""
    if not last and not part.rstrip().endswith((".", "!")):
        return False
    if _SELF_TOLD.match(part.strip()) and "?" not in part:
        return True  # "What ran overnight? I left last night before anything finished": where the user was
    # (a job, a GPU or who queued it are what the question is about: "the lad who queued it keeps asking")
    named = topics_said(part) - {"jobs", "gpu", "who", "queue", "running"} - topics_said(asked)
    return (bool(_TELLING.fullmatch(part)) or bool(_UNIT_OK.fullmatch(part.strip()))) and not named


# the unit an answer may be in, said after the question: "kWh is fine.", "in watts please", "MiB ok"
_UNIT_OK = re.compile(
    r"(?:(?:in|as)\s+)?(?:kwh|wh|w|watts?|kilowatt[- ]?hours?|mib|gib|gb|mb|mhz|°c|celsius|%|percent|hours?"
    r"|minutes?)\s+(?:(?:is|are)\s+)?(?:fine|ok|okay|good|enough|please|pls|is enough)\s*[.!]*",
    re.IGNORECASE,
)


# an aside in parentheses: "(i swear i heard the fans spin up lol)", "(should be asleep tbh)"; three words
# or more, so "(job 5)" or "(80GB)" stay part of what is asked
# (one that says a span of clock times is asked: "(12 to 1:24ish)")
_ASIDE = re.compile(
    # (not a span: "(12 to 1:24)", "(midnight to now)")
    r"\s*\((?![^()]*(?:\d{1,2}(?::\d{2})?\s*(?:am|pm)?|midnight|noon|midday)\s*(?:to|until|till|-|–)"
    r"\s*(?:\d|now\b|midnight\b|noon\b))"
    r"(?:[^()\s]+\s+){2,}[^()\s]+\s*\)"
)
# a job's attempts said as known ("all three attempts", "the retries"): the attempts of the job talked about
_ITS_ATTEMPTS = re.compile(
    r"\b(?:the|all|all the|all (?:two|three|four|five|\d+)|both|those|these|each of the)"
    r" (?:attempts|tries|retries)\b"
    # "how many attempts were made" of the job talked about (no job of its own)
    r"|\bhow many (?:attempts|tries|retries) (?:were|was|did|had|has|have)"
    r" (?:made|there|it|they|needed|taken)\b",
    re.IGNORECASE,
)
# "the job" said bare (not "the job that ..."): the one the conversation is about, in whichever part; so is
# what only a job has, said bare ("what did the log say exactly, how much did it try to allocate": its log)
_THE_JOB = re.compile(
    r"\bthe (?:job|run|task|log|logs|traceback|stack ?trace)\b(?! (?:that|which|who|with|on|of)\b)",
    re.IGNORECASE,
)


_CLAUSE_WORDS = {"was", "is", "were", "are", "has", "had", "did", "does", "do", "i", "we", "it", "lol"}
_WH_WORDS = {"which", "what", "who", "whose", "when", "where", "why", "how", "are", "were"}
# what the question before meant, said after it: "energy i mean, not watts", "like the energy", "as in
# watt-hours": its reading, no ask of its own (the words set aside, "not watts", the picker drops)
_MEANT = re.compile(
    r"^(?:(?:like|i mean|i meant|meaning|as in)\s+(?P<a>[\w\s-]{1,30}?)|(?P<b>[\w\s-]{1,30}?),?\s+i meant?)"
    r"(?:,?\s+(?:and |but )?not\s+(?:the\s+)?[\w\s-]{1,20})?[.!]*$",
    re.IGNORECASE,
)


def without_asides(message: str, names_a_job: Callable[[str], bool] = lambda _: False) -> str:
    """The message without its parenthesised asides: a comment beside a question asks nothing (its words,
    "fans", "the big 70b run was on it", would otherwise be read as the question's topic); kept where
    nothing else is left to ask, where it only names the job meant ("the demo run (the mistral
    fine-tune)": ``names_a_job`` of its words), and where it says the question is not about this machine."""

    def drop(m: re.Match[str]) -> str:
        said = m.group(0).strip(" ()")
        named = len(said.split()) <= 4 and not _CLAUSE_WORDS & set(said.lower().split()) and names_a_job(said)
        # (and one that says the question is not about this machine: "(not asking about our box, just
        # general)")
        return f" {said}" if named or said_not_about_us(said) else " "  # (its words, read with the question)

    rest = _PURPOSE.sub("", _ASIDE.sub(drop, message)).strip()
    # (nor where only a greeting is left: "Good afternoon. For the audit I need each card's energy today"
    # asks in the words set aside)
    greeting = HELLO.fullmatch(" ".join(re.sub(r"[^a-z' ]+", " ", rest.lower()).split()))
    return rest if len(rest.split()) >= 2 and not greeting else message


# what the user will do with the answer, said after the ask: "what are their power limits, so I can tell how
# close to the ceiling the H100 is running?" asks the limits of both (the H100 named there is no subject)
_PURPOSE = re.compile(
    r",?\s+(?:just\s+)?so (?:that )?(?:i|we) (?:can|could|know|'ll|will|may|might)\b[^?.!;]*(?=[?.!;]|$)"
    # what the figure is for, said after the ask: "... how much? need for cost report", "(it's) for the
    # monthly report", "I need it per card for our hospital's sustainability report"
    r"|(?<=[?.!,])\s*(?:i |we )?(?:need(?: it| this| that| them| these| those)?"
    r"(?: (?:per|by|for each|split by|broken down by) (?:card|gpu|device)s?)?"
    r"|(?:it'?s |this is )?(?:just )?for)\s+(?:for\s+)?"
    r"(?:the |a |my |our )?(?:[\w']+ ){0,2}(?:report|invoice|slides?|memo|audit|budget)\b[^?]*?[.!]?$",
    re.IGNORECASE,
)


# two spans set against each other: "hotter today or yesterday", "energy this week vs last week"
_SPAN = r"(?:today|yesterday|this (?:morning|afternoon|week|month)|last (?:night|week|month)|tonight)"
_SPAN_PAIR = re.compile(
    rf"\b({_SPAN})\s*(?:,\s*)?(?:or|vs\.?|versus|against|compared (?:to|with)|than(?: it was)?)"
    rf"\s+({_SPAN})\b",
    re.IGNORECASE,
)

# ("compare the H100's mean temp yesterday with today", "compare yesterday and today": each, after "compare")
_COMPARED = re.compile(r"\bcompar(?:e|es|ed|ing|ison)\b", re.IGNORECASE)
_SPAN_PAIR_COMPARED = re.compile(rf"\b({_SPAN})\s*(?:,\s*)?(?:with|to|and)\s+({_SPAN})\b", re.IGNORECASE)

# a guess at the answer, said after a question of when or which: "what time was that? during the eval?",
# "when did it peak? this morning?", "which job was it? the sft?" ask the question (whose answer says whether
# the guess was right); the guess asks nothing of its own. A few words, no ask or reading of their own, and
# of the kind asked: a time or a frame after "when", a thing after "which" or "who" (not "which job used the
# most energy today? yesterday?": the same asked of another day)
_ASKS_WHEN = re.compile(r"\b(?:when|what time|which time|what hour)\b", re.IGNORECASE)
_ASKS_WHICH = re.compile(r"\b(?:which|who|whose)\b", re.IGNORECASE)
_GUESS = re.compile(
    r"(?:(?:or|maybe|probably|perhaps)\s+)?(?:(?:was|is)\s+(?:it|that|this)\s+)?(?P<guess>(?:\S+\s+){0,3}\S+?)\s*\?",
    re.IGNORECASE,
)
_A_TIME = re.compile(
    r"(?:during|while|in|at|around|about|before|after|on|by)\s.+|\d{1,2}(?::\d{2})?\s*(?:am|pm)?"
    rf"|{_SPAN}|(?:this|last) (?:evening|night)|(?:early|late) (?:morning|afternoon|evening)",
    re.IGNORECASE,
)


def _guessed(part: str, asked: str) -> bool:
    """Whether ``part``, said after the question ``asked``, is only a guess at its answer (:data:`_GUESS`)."""
    m = _GUESS.fullmatch(part.strip())
    if m is None or _ASKS_OWN.search(part) or re.match(_ASK_START, m["guess"], re.IGNORECASE):
        return False
    if topics_said(part) - {"jobs", "gpu"}:
        return False  # "when did it peak? the power?": a reading of its own
    a_time = _A_TIME.fullmatch(m["guess"]) is not None
    return a_time if _ASKS_WHEN.search(asked) else not a_time and _ASKS_WHICH.search(asked) is not None


# words that ask nothing alone ("why?" after a list: its answer says why; "when?" after a peak: it says when)
_NO_ASK_ALONE = ("why", "when", "and", "also", "plus", "so")
_ASKED_WORD = re.compile(r"(?:who|whose)\s*\??", re.IGNORECASE)  # ("at what time; who": who ran then)


def _each_span(part: str) -> list[str]:
    """A part that sets two spans against each other, asked of each ("did the 4090 run hotter today or
    yesterday": its temperature today, then yesterday); else the part."""
    m = _SPAN_PAIR.search(part) or (_COMPARED.search(part) and _SPAN_PAIR_COMPARED.search(part))
    if m is None:
        return [part]
    return [part[: m.start()] + m.group(i) + part[m.end() :] for i in (1, 2)]


_SENTENCE = re.compile(r"^([^.!?]{1,40})[.!]+\s+(?=\S)")
# a sentence of these words only asks nothing: "lol nice.", "ok cool!"
_INTERJECTIONS = set("lol haha heh nice cool great ok okay awesome sweet wow hmm ah oh right gotcha".split())
# a part that only marvels at the last answer's size asks nothing of its own: "only that long? when was
# it", "that much?! which job was it", "so few?"
_MARVEL = (
    r"(?:(?:oh|huh|hmm|wow|wait|really|seriously)[,!]?\s+)*(?:only|just|so|that|that's|thats|is that)"
    r"(?:\s+(?:that|so))?(?:\s+(?:long|much|many|few|little|short|high|low|hot|cold|big|small|all))?"
    r"(?:\s+(?:seconds?|secs?|minutes?|mins?|hours?|watts?|degrees?))?"  # "only few second? when was it"
)
_REACTION = re.compile(_MARVEL + r"\s*[?!.]*", re.IGNORECASE)
_REACTION_FIRST = re.compile(
    _MARVEL + r"\s*[?!]+\s+(?=\S)"  # "hmm that short? and when"
    # a figure set against what was expected: "Hm, 91 is higher than I expected. At what time ..."
    r"|(?:(?:hm+|oh|wow|huh|ok|okay|well)[,!]?\s+)*(?:\d+(?:\.\d+)?\s*\S*|that|it|this)"
    r"\s+(?:is|was|'s|seems|looks)\s+(?:\w+\s+)?(?:higher|lower|more|less|bigger|smaller|hotter|warmer|cooler"
    r"|colder|longer|shorter|faster|slower)\s+than\s+(?:i|we)\s+(?:had\s+)?(?:expected|thought|hoped|assumed"
    r"|guessed|imagined)\s*[.!]+\s+(?=\S)",
    re.IGNORECASE,
)


# interjections set off by a comma before the ask: "cool, and its energy?", "ok nice, did that one pass?"
_INTERJECTION = "|".join(sorted(_INTERJECTIONS, key=lambda w: (-len(w), w)))
_INTERJECTED = re.compile(rf"^(?:(?:{_INTERJECTION})[\s,]+)*(?:{_INTERJECTION})\s*,\s*(?=\S)", re.I)


def _after_courtesy(part: str) -> str:
    """The part without a sentence of thanks or interjections before it ("cool, thanks. and its memory?",
    "lol nice. how long did it wait?"), or interjections set off by a comma ("cool, and its energy?"): they
    ask nothing, and their words ("cool") are no topic."""
    m = _SENTENCE.match(part)
    said = m.group(1).lower().strip(" ,") if m is not None else ""
    idle = small_talk(said) is not None or set(said.replace(",", " ").split()) <= _INTERJECTIONS
    part = part[m.end() :] if m is not None and said and idle else part
    return _INTERJECTED.sub("", part)


# a part that asks for the jobs in one state ("what's running", "what's on hold"): several of them side by
# side ask for the queue, which says every state ("what's running, what's waiting and what's on hold?")
_STATE_ASKED = re.compile(
    r"(?:and )?(?:what|whats|what's|what is|what are|who is|who's|whos|which jobs? (?:are|is))\s+"
    r"(?:(?:currently|still|now) )?(?:running|waiting|queued|pending|on hold|held|paused|stuck)"
    r"(?: (?:now|right now|at the moment))?",
    re.IGNORECASE,
)
_DASH = re.compile(r"\s+(?:—|–|--|-)\s+")


def _states_listed(parts: list[str]) -> bool:
    return len(parts) >= 2 and all(_STATE_ASKED.fullmatch(p.strip(" ,.;:!?")) for p in parts)


def split_asks(message: str) -> list[str]:
    """The message's candidate parts, in order (one part: nothing to split). A part that says what the
    user means to do ("i wanna launch a training run") asks nothing: the question beside it is the ask;
    one that sets two spans against each other is asked of each (:func:`_each_span`)."""
    head, *told = _DASH.split(message.strip(), maxsplit=1)
    if told and _states_listed(re.split(r",\s*|\s+and\s+", told[0].strip(" ?.!"))):
        message = head  # "an overview of the queue — what's running, what's waiting and what's on hold?"
    # "only that long? when was it": the ask (a reaction said first only: "what time was that? ..." asks)
    first = _REACTION_FIRST.match(message.strip())
    message = message.strip()[first.end() :] if first else message.strip()
    parts = [
        _LEAD.sub("", _PLEASE_FIRST.sub("", _after_courtesy(p).strip(" ,;")))
        for p in _BOUNDARY.split(message)
    ]
    parts = [each for p in parts for each in _each_span(p)]
    for k in range(len(parts) - 1, 0, -1):
        meant = _MEANT.match(parts[k])
        said = (meant["a"] or meant["b"]) if meant else ""
        asks_own = set(said.lower().split()) & (_CLAUSE_WORDS | _WH_WORDS)  # "like which card is busy" asks
        if meant and parts[k - 1].endswith("?") and _names_a_topic(said) and not asks_own:
            parts[k - 1 : k + 1] = [f"{parts[k - 1].rstrip(' ?')}, {parts[k]}"]  # one ask, its reading said
        elif re.fullmatch(r"\([^()]+\)[.!?]*", parts[k].strip()):
            # an aside after the question names what it is about ("did the image training finish alright?
            # (sd-xl-train)"): one ask
            parts[k - 1 : k + 1] = [f"{parts[k - 1].rstrip(' ?')} {parts[k]}"]
    named_after = len(parts) >= 2 and _TOPIC_FIRST.match(parts[-1]) and "?" not in parts[-1]
    if named_after and not _CLAUSE_WORDS & set(parts[-1].lower().split()):  # (no clause: "my sft is there")
        # a thing named after the question ("how long has the demo run been going? the mistral fine-tune"):
        # what the question is about, no ask of its own
        parts[-2:] = [f"{parts[-2].rstrip(' ?')}, {parts[-1]}"]
    for k in range(len(parts) - 2, -1, -1):  # "while X ran, what was its peak": a frame of the next ask
        # (a part that asks its own wh-question is no frame: "For the log: what is GPU 0's utilisation")
        sets_up = (_FRAME.match(parts[k]) or _STORY.match(parts[k])) and not _ASKS_OWN.search(parts[k])
        # (a peak named first, then which job drew it: "the H100's peak power today, which job?" asks both, as
        # "peak power of the H100 today, which job?" does)
        peak_then_whose = _PEAK_NAMED.search(parts[k]) and _WHICH_JOB.fullmatch(parts[k + 1])
        framing = sets_up or (_TOPIC_FIRST.match(parts[k]) and not peak_then_whose)
        framing = framing or _JOB_ALONE.fullmatch(parts[k].strip())
        # ("compare job 4 and job 6, which was faster?": the comparison, ordered by the word after it)
        side_by_side = _SIDE_BY_SIDE.match(parts[k]) or _COMPARE_FIRST.match(parts[k])
        framing = framing or (side_by_side and re.match(r"which\b", parts[k + 1], re.I))
        # "what ran today and how each one ended": the second part asks of the first's, not on its own
        framing = framing or _EACH_OF_THEM.match(parts[k + 1])
        # "which job is that on the H100 and how long has it been going?": how long the one asked has run
        asked_which = re.match(r"(?:which|what)\b", parts[k], re.IGNORECASE)
        framing = framing or (_HOW_LONG_IT.match(parts[k + 1]) and asked_which)
        # "which element failed, and with what lr?": what the one asked ran with, the same ask (not "how much
        # did the H100 work, and with which job?": a part of its own)
        framing = framing or (asked_which and re.match(r"with\s+(?:what|which)\b", parts[k + 1], re.I))
        # "the power of the H100 in the mistral run, what was the maximum and when?": the reading named first,
        # asked after it by a part that names none of its own
        named_first = not re.match(_ASK_START, parts[k], re.IGNORECASE) and _names_a_topic(parts[k])
        value_asked = _VALUE_ASKED.match(parts[k + 1]) and not _names_a_topic(parts[k + 1])
        framing = framing or (named_first and value_asked)
        # "the H100 was very hot yesterday, how many degrees?": a reading told, then how much of it, asked in
        # its own words ("degrees" is a temperature too)
        how_much = _HOW_MUCH_OF.match(parts[k + 1]) and topics_said(parts[k + 1]) <= topics_said(parts[k])
        framing = framing or (named_first and how_much)
        # "What about the smaller card, the RTX 4090 I believe it is? Is it doing anything ...": a thing
        # brought up first, nothing asked of it yet
        brought_up = _BROUGHT_UP.match(parts[k]) and not topics_said(parts[k]) - {"gpu", "jobs"}
        brought_up = brought_up and pointing().search(parts[k + 1]) is not None  # (asked of it after)
        if brought_up or (framing and "?" not in parts[k]):  # (one that asks is an ask of its own)
            parts[k : k + 2] = [f"{parts[k]}, {parts[k + 1]}"]
            continue
        # a frame said after a sentence that tells ("I'm writing a note for the wiki. For the H100, since
        # 00:00, could you give me the peak"): the frame goes with the ask, the telling stays apart
        *told, tail = re.split(r"(?<=[.!])\s+", parts[k])
        if told and _FRAME.match(tail) and not _ASKS_OWN.search(tail) and "?" not in tail:
            parts[k : k + 2] = [" ".join(told), f"{tail}, {parts[k + 1]}"]
    # a lone "why", "when" or "and" is not a question of its own ("why?" after a list: it says why; "the
    # peak power, and when?": the peak's answer says when); "whose?" is; a
    # lone "ok" asks nothing ("ok; what failed; why": the question alone); a lone name or span frames the
    # part after it ("resnet50-bench, what happened", "Today, what was the peak")
    kept: list[str] = []
    framed, idle, lone_wh = "", 0, False
    for part in parts:
        bare = part.lower().strip(" ,.!?")
        asked_alone = part.endswith("?") and bare not in _NO_ASK_ALONE
        if len(part.split()) >= 2 or _ASKED_WORD.fullmatch(part) or asked_alone:  # ("energy?" asks)
            kept.append(f"{framed}, {part}" if framed else part)
            framed = ""
        elif part.lower().strip(" ,.!") in _INTERJECTIONS:
            idle += 1
        elif bare not in _NO_ASK_ALONE:
            framed = part
        else:
            lone_wh = True
    parts = kept + ([framed] if framed else [])
    # "ok thanks. and how much memory is it using?": the thanks asks nothing; nor does a telling after a
    # question ("why hasn't the probe started? the student who sent it keeps asking me."), nor a guess at
    # its answer ("when was that? during the eval?")
    told = {
        k
        for k in range(1, len(parts))
        if parts[k - 1].endswith("?")
        and (_tells_only(parts[k], parts[k - 1], k == len(parts) - 1) or _guessed(parts[k], parts[k - 1]))
    }
    asks = [
        p
        for k, p in enumerate(parts)
        if k not in told and not sets_the_scene(p) and small_talk(p) is None and not _REACTION.fullmatch(p)
    ] or parts
    if _states_listed(asks):
        return ["what is in the queue"]  # each state's jobs: the queue says them all
    if len(asks) == 1 < len(parts) + idle:
        return asks  # "are any gpus free? i wanna launch a run": the question alone
    if len(asks) == 1 and lone_wh and _ASKED_WORD.fullmatch(asks[0].strip()):
        return asks  # "when; who" after a peak: who ran then (which says when)
    if not 2 <= len(asks) <= MAX_ASKS:
        return [_after_courtesy(message.strip())]  # "lol nice. how long did it wait?": the question
    return asks


def _said_by(done: Query, query: Query) -> bool:
    """Whether the answer to ``done`` already says what ``query`` asks: a GPU's live overview says its
    temperature, utilization, power, fan and memory; the whole queue says what waits."""
    if done.name == query.name == "queue" and done.state is None:
        return True
    return (
        done.name == query.name == "gpu_reading"
        and done.metric == "overview"
        and query.metric in OVERVIEW_SAYS
        and done.gpu == query.gpu
        and done.window is None
        and query.window is None
    )


def _asked_again(
    message: str,
    context: Context,
    pick_one: Callable[[str, Context], Query | None],
    run_one: Callable[[Query], Result],
    look: Callable[[Query], Result],
) -> list[Result]:
    """After a message that asked several readings of one GPU, a question that asks the last of them of
    another GPU ("and the 4090?") asks every one of them of it, in the same order; else ``[]``. ``look``
    runs a query without answering with it (to tell a moment an earlier answer named from one said).
    The jobs at a reading's peak asked in a message of their own ("the h100's peak today?", "who ran then?",
    "and the 4090?") are asked after that reading as if in one message."""
    last = context.last
    if last is None or last.gpu is None:
        return []
    asked = [q for q in context.asked if q.gpu == last.gpu]
    read = context.reading
    if not asked and read is not None and read.gpu == last.gpu and read.window is not None:
        at_its_peak = last.window is not None and last.window.instant and not read.window.instant
        asked = [read] if at_its_peak and _one_moment(look(read)) == last.window else []
    if not asked:
        return []
    query = pick_one(message, context)
    if query is None:
        return []
    if query.gpu in (None, last.gpu):
        return _span_again(query, asked, last, run_one)
    # the first ask's span said again ("and on the 4090 yesterday?" after "yesterday's power peak on the
    # H100 and which job ran then"): the last ask of the other GPU all the same
    said_again = query.window is not None and query.window == asked[0].window
    if replace(query, gpu=last.gpu, window=last.window if said_again else query.window) != last:
        return []
    results: list[Result] = []
    for i, said in enumerate([*asked, last]):
        again = replace(said, gpu=query.gpu)
        if i and said.window is not None and said.window.instant:
            # "which job was using it" asked at the first reading's peak: at the new reading's peak, if
            # that is where the instant came from (not a time the user said)
            then = _one_moment(look(asked[i - 1]))
            now = _one_moment(results[-1])
            if then == said.window and now is not None:
                again = replace(again, window=now)
        results.append(run_one(again))
    return results


def _span_again(
    query: Query, asked: list[Query], last: Query, run_one: Callable[[Query], Result]
) -> list[Result]:
    """After a reading's peak over a span and the jobs at that peak ("peak power on GPU 1 today? when and
    which job"), the same reading over another span ("and yesterday?") asks both again: the peak over the
    new span and the jobs at its own peak; else ``[]``."""
    first = asked[0] if len(asked) == 1 else None
    if first is None or first.window is None or query.window is None or query.window == first.window:
        return []
    if last.window is None or not last.window.instant or query.window.instant:
        return []
    if replace(query, gpu=first.gpu) != replace(first, window=query.window):
        return []
    results = [run_one(replace(first, window=query.window))]
    moment = _one_moment(results[0])
    return [*results, run_one(replace(last, window=moment))] if moment is not None else []


def _one_moment(result: Result) -> Window | None:
    """The one instant an answer named (its peak, when it happened), or None."""
    moments = list(result.subject_moments.values())
    return moments[0] if len(moments) == 1 else None


_BROUGHT_UP = re.compile(r"(?:and |now )?(?:what|how) about\b", re.IGNORECASE)
# the jobs named together, as one ask of each ("why did job 9 and job 5 fail?", "was the sweep failure the
# same problem as the sd-xl one?"); not one job's tie to another ("is job 12 waiting for job 11?")
_TOGETHER = re.compile(r"\b(?:and|or|vs\.?|versus|both|as)\b|[,&/]")
_TIED = re.compile(
    r"\b(?:waits?|waiting|waited|blocked|held|queued|stuck) (?:for|by|on|behind)\b|\bbehind\b|\bafter\b"
    r"|\bbefore\b|\bdepends?\b|\bthan\b|\binstead\b|\bbecause of\b"
)
# the jobs just talked about, asked of together: "both of them", "each of the two", "their GPU-hours"
_BOTH_OF_THEM = re.compile(r"\b(?:both|their|them)\b|\b(?:each|all) of (?:those|these|the two)\b", re.I)
ONE_JOB_ASKS = ("job_detail", "job_log")  # what is asked of one job at a time
MAX_JOBS_EACH = 4


# another job (or a list of them) named after the question, asked of it too: "job 7 energy how much? with
# job 10 too"
_ALSO_OF = re.compile(
    r"(?P<ask>.+\?)\s*(?:and|with|plus|also|same for|what about)?\s*(?:for\s+)?"
    rf"(?:{JOB_LIST.pattern}|\bjobs?\s*#?\d+)\s*(?:too|also|as well)?[\s.!?]*",
    re.IGNORECASE,
)


# the rest of an array, said beside one of its elements: "the other 3", "the others", "the rest of them"
_THE_OTHERS = re.compile(
    r"\b(?:the )?other (?:two|three|four|\d+)(?: (?:ones?|runs?|jobs?|elements?|tasks?))?\b"
    r"|\bthe (?:others|rest(?: of them)?)\b",
    re.IGNORECASE,
)


def _the_others(message: str, context: Context) -> list[int]:
    """The other elements of the array the job in focus is one of, said as "the other 3", "the others",
    "the rest" (its count, where said, is theirs); else ``[]``."""
    said = _THE_OTHERS.search(message)
    focus = context.job_in_focus()
    if said is None or focus is None:
        return []
    elements = next((e for e in context.arrays.values() if focus in e.values()), {})
    others = [j for _, j in sorted(elements.items()) if j != focus]
    count = re.search(r"\d+", said[0])
    return others if others and (count is None or int(count[0]) == len(others)) else []


def _of_each_job(
    message: str,
    context: Context,
    pick_one: Callable[[str, Context], Query | None],
    run_one: Callable[[Query], Result],
) -> list[Result]:
    """A question about one job asked of two to four jobs named together ("how much energy did job 7 and
    job 10 use?", "energy of jobs 7 and 10", "job 7 energy how much? with job 10 too"), or of the other
    elements of the array in focus ("the other 3 ok? final loss how much"): each job's answer, in turn (a
    job's record or log says one job), as a reading asked of two GPUs says each; else ``[]``."""
    named = named_jobs_in(message, context)
    told = [
        q.job for q in (*context.asked, context.last) if q is not None and q.name in ONE_JOB_ASKS and q.job
    ]
    told = list(dict.fromkeys(told))
    pointed = False
    if not named and _BOTH_OF_THEM.search(message) and 2 <= len(told) <= MAX_JOBS_EACH:
        # "show both their GPU-hours too" after two jobs' records, one message's answer: each of those jobs
        named, pointed = told, True
        message = f"{message} ({' and '.join(f'job {j}' for j in named)})"
    also = _ALSO_OF.fullmatch(message.strip())
    asked = also["ask"] if also is not None else message
    together = _TOGETHER.search(message) or also is not None
    others = [] if named else _the_others(message, context)
    if others:  # asked as of the one in focus, then of each of the others
        named, together, asked = others, True, _THE_OTHERS.sub("it", message, count=1)
    if not 2 <= len(named) <= MAX_JOBS_EACH or not together or _TIED.search(message.lower()):
        return []
    query = pick_one(asked, context)
    if others and query is not None and query.job == context.job_in_focus():
        query = replace(query, job=named[0])
    if query is not None and query.job is None and not query.among and JOB_LIST.search(asked):
        # the list read as no job ("energy of jobs 7 and 10" as the GPUs' energy): asked of the first job
        query = pick_one(JOB_LIST.sub(f"job {named[0]}", asked, count=1), context)
    among = query.among if query is not None and query.name == "job_rank" else None
    if pointed and among and {int(j) for j in among.split(",")} == set(named):
        # "compare their run times" after those records: one ranking of just them, which the message alone
        # (naming none) would not read
        return [run_one(query)]
    if query is None or query.name not in ONE_JOB_ASKS or query.job not in named:
        return []
    return [run_one(replace(query, job=job)) for job in named]


# a first part that asks only when, who or why, whose subject only the last answer gives: "at what time; who"
# ("what time exactly and what was running": the time asked as precisely, of the same answer)
_ONLY_ASKED = r"(?:and |so )?(?:at )?(?:{})(?: exactly| precisely)?"
_ONLY_WHEN_OR_WHO = re.compile(_ONLY_ASKED.format("what time|when|who|whose|why|how come|since when"))
# a part that asks only when, of the reading the part before asked: "the peak how much, what time, which job",
# "peak power today, when was it and which job?" (its subject a pronoun)
_ONLY_WHEN = re.compile(
    _ONLY_ASKED.format("what time|when") + r"(?: (?:was|is|did) (?:it|that|this)(?: happen)?)?(?: exactly)?"
)
# a question whose subject is left unsaid, as it is of the one talked about: "how long waited, how long ran",
# "how many times tried" (the verb right after what is asked; not "how long did gpu 0 ...")
_SUBJECT_DROPPED = re.compile(
    r"(?:and |so )?how (?:long|much time|many times)(?: in total| altogether| all together)?"
    r" (?:ran|run|running|waited|wait|waiting|queued|took|take|lasted|last|tried|try|retried)\b",
    re.IGNORECASE,
)


def answer_asks(
    message: str,
    context: Context,
    pick_one: Callable[[str, Context], Query | None],
    run_one: Callable[[Query], Result],
    look: Callable[[Query], Result],
) -> list[Result]:
    """Each part's result when the message asks several things, else ``[]`` (answer it whole).

    ``pick_one`` and ``run_one`` are the chat's picker and query runner (``look`` runs one no answer says).
    The first part is picked without the conversation's last answer unless it points back to it ("why did
    it crash? show the log" after a job's detail) or the message goes on from it ("and ..."), each later
    one as a follow-up to the part before it (so "which gpu is the hottest and how hot is it" reads "it"
    as the hottest GPU); the machine's names are kept throughout.
    """
    if said_not_about_us(message):
        return []  # "a good grafana panel for gpu temp? not for this box, just in general": none of it ours
    parts = split_asks(message)
    if len(parts) > 1 and _the_others(message, context):  # "the other 3 ok right? final loss how much"
        each = _of_each_job(message, context, pick_one, run_one)
        if each:
            return each
    if len(parts) == 1 and parts != [message] and _ALSO_OF.fullmatch(message.strip()):
        # "job 7 energy how much? with job 10 too": the question asked of each job
        each = _of_each_job(message, context, pick_one, run_one)
        if each:
            return each
    if parts == [message]:
        return _asked_again(message, context, pick_one, run_one, look) or _of_each_job(
            message, context, pick_one, run_one
        )
    if len(parts) == 1:  # the one question beside what the user means to do, asked as it would be alone
        query = pick_one(parts[0], context)
        return [] if query is None else [run_one(query)]
    # a message that goes on from the last answer ("and how many GPU-hours and how much energy did it use?")
    # keeps it for its first part too
    # ("the job" in any part is the one talked about: "when was the cancel asked, and when did the job stop?")
    goes_on = pointing().search(parts[0]) or _LEAD.match(message.strip()) or _THE_JOB.search(message)
    goes_on = goes_on or _ITS_ATTEMPTS.search(message)  # "what did all three attempts come to": its own
    # a first part of a few words, a later one pointing back: "on which card and how long did it run?" (one
    # job's record answers both: said once)
    brief_first = len(parts[0].split()) <= 3 and any(pointing().search(p) for p in parts[1:])
    # a first part of a few words that names no reading asks nothing on its own: "what %? which job?" after a
    # peak asks that peak's value, "result? show the log" after a job's record that job's (not the GPUs')
    unnamed_first = len(parts[0].split()) <= 3 and not topics_said(parts[0])
    goes_on = (
        goes_on
        or brief_first
        or unnamed_first
        or _ONLY_WHEN_OR_WHO.fullmatch(parts[0].strip(" ?.!").lower()) is not None
        or _SUBJECT_DROPPED.match(parts[0].strip()) is not None  # "how long waited, how long ran"
    )
    before = context if goes_on else replace(context, last=None, subjects=[], subject_gpus=[], moments={})
    results: list[Result] = []
    picked: list[Query] = []  # as picked: a result's query may say the same differently (a run as its span)
    for part in parts:
        # "what's waiting" beside another ask is the queue's, not a question about the part before's job
        alone = _STATE_ASKED.fullmatch(part.strip(" ,.;:!?")) is not None
        query = pick_one(part, replace(before, last=None, subjects=[]) if alone else before)
        if brief_first and query is not None and query.name == "job_detail" and query in picked:
            continue
        if query in picked and _ONLY_WHEN.fullmatch(part.strip(" ?.!").lower()):
            continue  # "peak power how much, what time, which job": the peak's answer says when
        if before.at_the_peak(query) and any(r.query == before.reading for r in results):
            continue  # "gpu0 max temp last hour, wat time": the peak's answer in this message says when
        if query is None or query in picked or any(query == r.query for r in results):
            return []
        if any(_said_by(r.query, query) for r in results):
            continue  # "h100 clocks rn? core n mem": the overview said the memory, answered once
        result = run_one(query)
        results.append(result)
        picked.append(query)
        # an answer that names no job keeps the job talked about: "is it the memory? how much was it using
        # when it died" (a reading, then that job's run)
        subjects = result.subject_jobs or before.subjects
        before = replace(
            before,
            last=query,
            subjects=subjects,
            subject_gpus=result.subject_gpus,
            moments=result.subject_moments,
            reading=before.reading_after(query),
        )
    return results
