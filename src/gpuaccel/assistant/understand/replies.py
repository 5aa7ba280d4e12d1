"""Replies that run no query: a bare greeting or thanks, a question about the assistant itself, a request
to clean up and a question about the future (a request to act on a job: :mod:`~assistant.understand.acts`).

None is refused at length with :data:`assistant.understand.picker.REFUSAL` nor read as a question about the
machine: a greeting gets a line that says what to ask, "what are you?" what the assistant is and can
answer (not its idle gate: "where are you running?" still asks that), "how are you?" a line and the
machine's state, and "can you restart job 4" gets the command that does it (the chat reads the machine
and never acts).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from gpuaccel.assistant.queries.query import Query
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.names import which_of
from gpuaccel.assistant.understand.picker import REFUSAL, TOPICS
from gpuaccel.assistant.understand.scene import HELLO as _HELLO
from gpuaccel.assistant.understand.topics import housekeeping_said

# A greeting or a thank-you alone is not a question to refuse: it gets a line of its own.
_DONE = r"(?:that is|that's|thats) (?:all|it)"  # the user is done
_THANKS = re.compile(
    r"(?:(?:ok(?:ay)?|great|cool|perfect|nice) )?"
    # ("thanks a million", "thanks a bunch", "thank you kindly": Irish and everyday English)
    r"(?:thanks?(?: (?:a lot|so much|again|a million|a mil|a bunch|a ton|loads|heaps))?"
    r"|thank you(?: (?:very much|so much|kindly|a million))?|thx|ty|cheers"
    r"|asante(?: sana)?)"  # Swahili thanks (Kenyan and Tanzanian English)
    # and the end of the talk said with it, or alone with its "for now" ("thanks, that is all for now")
    rf"(?: {_DONE}(?: for (?:now|today))?)?|{_DONE} for (?:now|today)(?: (?:thanks?|thank you))?"
)
HELLO_REPLY = (
    "Hello. Ask me about this machine: which GPU is hottest or free, what is running or queued and why,"
    " why a job failed, or a summary of today."
)
THANKS_REPLY = "You're welcome."


# A request to clean up ("delete old logs", "free some disk space", "can you clean up the caches"): the chat
# removes nothing itself; /cleanup, the CLI and the Housekeeping tab do, with sizes, after a yes. Asked
# about ("anything to clean up?") it is the housekeeping query (understand.topics.asks_housekeeping).
HOUSEKEEPING_REPLY = (
    "I do not remove anything from the chat. Type /cleanup for the housekeeping proposals with their sizes"
    " (old logs, artifacts, the trash, Triton and torch-compile caches, orphan GPU processes), or run"
    " gpuaccel cleanup, or open the Housekeeping tab; nothing goes until you confirm"
    " (gpuaccel cleanup --apply ID --yes)."
)


def about_housekeeping(question: str) -> str | None:
    """The reply to a request to clean up: where the proposals are and how one is applied; or None."""
    return HOUSEKEEPING_REPLY if housekeeping_said(question) == "request" else None


# Questions about what will happen: the daemon knows what happened and what is happening, never what will.
_FUTURE = re.compile(
    r"\b(?:tomorrow|tmrw|tonight at|next (?:week|month|quarter|year|hour|day|time)|in the future|predict"
    r"|prediction|at this rate|extrapolat\w*|project(?:ed|ion)? (?:out|forward)"
    r"|forecast|how long (?:until|till)(?! now\b)|how long before"  # ("running how long until now": so far)
    r"|etas?|time (?:left|remaining)|remaining time|how much longer (?:will|is|does|do|until|till|to go)"
    r"|going to (?:be|fail|finish|end|start|run|cost|do|happen)|gonna (?:be|fail|finish|end|cost|do|happen)"
    r"|\bhappen again\b"  # "is that gonna happen again later today"
    # "is my eval going to beat the baseline" (not "is it ever gonna start": its state says)
    r"|(?:going to|gonna) (?:beat|win|pass|succeed|work|converge|improve|crash|die|oom|break|complete"
    r"|overheat|melt|throttle|spike|peak|run out|get (?:hotter|too hot|worse|better)|hit|reach|cross|exceed"
    r"|go over"
    r"|go above|fit)"
    r"|\bwill (?:it|they|\S+) (?:fit|work|run out)\b"  # "if I double the batch, will it fit this time?"
    r"|by (?:tonight|tomorrow|the end of (?:the )?(?:day|week|month|quarter|year))"
    r"|by next (?:week|month|quarter|year)"
    r"|\b(?:will|'ll) (?:we|i|you|they) (?:need|want|have to|run out)\b"  # "will we need a third gpu"
    r"|(?:will|'ll) (?:\S+ ){0,5}"
    r"(?:be|finish|start|fail|end|run|cost|look|break|die|crash|complete|hit|reach|stay|come|remain|exceed"
    r"|last|go over|run out|cross|rise|drop|fall|climb|go above|go below|throttle|overheat|oom|heat up"
    r"|get hot))\b"
    # what would follow from one's own plan: "if I launch the probe on both cards, will gpu0 throttle?"
    r"|\bif (?:i|we|you|they|someone) (?:\S+ ){1,10}?(?:will|would|'ll)\b"
    # "at what time should I expect it to finish", "when should it be done"
    r"|\bexpect (?:it|them|\S+|(?:the|my|our) (?:\S+ ){0,3}?\S+) to"
    r" (?:finish|end|complete|be done|start|fail)\b"
    r"|\bat the rate (?:it|they|things|this|that)(?:s| is| are)? going\b"
    r"|\bwhen (?:will|should|would) (?:it|they|\S+) (?:finish|end|complete|be done)\b"
    # "will gpu 0 cross 90 °C again before midnight"
    r"|(?:\bwill|'ll) (?:\S+ ){0,8}(?:before|until|till) (?:midnight|tonight|the morning|morning|noon|\d)"
    # "will gpu0 go over 80 c tonight" ("what'll it be": will too)
    r"|(?:\bwill|'ll) (?:\S+ ){0,6}(?:tonight|later|overnight|this (?:evening|afternoon|weekend))\b"
)
FUTURE_NOTE = "I cannot tell what will happen, only what happened and what is happening now"
FUTURE_REPLY = f"{FUTURE_NOTE}: {TOPICS}."


# "how long before it died", "ran how long before it failed": what a job did, said in the past tense
_PAST_RUN = re.compile(
    r"\bhow long before (?:it|they|the \S+) (?:died|failed|crashed|finished|ended|stopped|started|got"
    r"|began|commenced|ran|completed|terminated)\b"
    # "waited how long before it began", "it waited in queue how long before start" (the verb's bare form
    # as the past where a writer marks no tense: "it wait in queue how long before start")
    r"|\b(?:waited|wait|sat|sit|queued|was (?:it )?waiting)(?: (?:in|on) (?:the )?(?:queue|line|backlog))?"
    r" (?:for )?how long before\b"
    r"|\b(?:ran|run|did it run|was it running)(?: for)? how long before\b"  # "ran for how long before that"
    # the wait said in the past first, then asked with the bare verb ("job 4 waited ages, how long before it
    # start": the tense the first clause marks; "how long before it starts" asks the future)
    r"|\b(?:waited|queued|sat)\b.{0,60}\bhow long before (?:it|they|the \S+|job \d+) (?:start|begin|run|go)\b"
)
# whether a job will start by itself, which its state says (held: not until released; queued: behind what)
_STARTS_ITSELF = re.compile(
    r"\b(?:will|'ll|would|is) (?:\S+ ){1,3}?(?:ever )?(?:start|begin|run|go|kick off)"
    r" (?:on (?:its|their) own|by (?:itself|themselves)|automatically|at all|ever)\b"
    r"|\b(?:will|would) (?:it|they|\S+) ever (?:start|begin|run)\b"
    r"|\bever (?:going to|gonna) (?:start|begin|run|go|kick off|get going)\b"  # "is job 12 ever going to run"
    # "when's the llama 70b eval going to start?": what it waits for now says
    r"|\bwhen(?:'s| is|s) (?:\S+ ){1,4}?(?:going to|gonna) (?:start|begin|kick off|get going)\b"
    # "when will llama-70b-eval run?", "when does it start": a job's start, which waits on what its state says
    r"|\bwhen (?:will|would|does|do|can) (?:\S+ ){0,4}?(?:start|begin|run(?! out)|kick off|get going)\b"
)
# The world outside the machine, by what a refusal names that it cannot tell: "the weather in berlin
# tomorrow" is no question about this machine's future ("outside" names nothing of its own: "from outside
# the campus")
_WORLD_SUBJECTS = {
    "the weather": r"weather|rain|snow|sunny",
    "stock prices": r"stocks?",
    "elections": r"election",
    "exchange rates": r"exchange rate",
}
_WORLD = re.compile(rf"\b(?:{'|'.join(_WORLD_SUBJECTS.values())}|outside|outdoors)\b")
_WORLD_NAMED = [(name, re.compile(rf"\b(?:{words})\b")) for name, words in _WORLD_SUBJECTS.items()]


def refusal(question: str) -> str:
    """The refusal of a question about anything but this machine (:data:`~assistant.understand.picker.
    REFUSAL`), naming what of the world outside it asked and the chat cannot tell ("I only know about this
    machine, not the weather: ..."), where it names one."""
    said = question.lower()
    named = [name for name, words in _WORLD_NAMED if words.search(said)]
    return REFUSAL if len(named) != 1 else f"I only know about this machine, not {named[0]}: {TOPICS}."


def which_of_several(
    question: str, context: Context, pick: Callable[[str, Context], Query | None]
) -> str | None:
    """The reply to a question about one job ("how long did that one take", "when did it start") right
    after an answer that named several and none in focus (:meth:`Context.several_meant`): which of them it
    means, naming each (:func:`names.which_of`), where the question asked of one of them (``pick`` with
    that one in focus) is about that job; else None (the refusal answers it). A request asks back alike
    (``acts``)."""
    several = context.several_meant()
    if not several:
        return None
    first = several[0]
    asked = pick(question, replace(context, subjects=[first], listing=[], listed=None))
    if asked is None or asked.job != first:
        return None
    return which_of(several, context)


def about_the_future(question: str) -> str | None:
    """The reply to a question about the machine's future ("what will gpu 0's temperature be tomorrow?"),
    or None (also for the world's future, which the refusal answers: only this machine is known)."""
    said = question.lower()
    if _FUTURE.search(said) is None or _WORLD.search(said) or _PAST_RUN.search(said):
        return None
    if _STARTS_ITSELF.search(said):
        return None  # "will it start on its own?": the job's state says
    # a question of the message about now or the past is answered ("When is the eval going to start? What
    # is it waiting on?"; "What's the most memory used today? Deciding whether we need a bigger card next
    # quarter.": the future is only why it is asked); :func:`future_also_asked` says what is not
    if _asks_of_now(said):
        return None
    return FUTURE_REPLY


def _questions(said: str) -> list[str]:
    """The message's sentences that end in a question mark."""
    return [s for s in re.split(r"(?<=[?.!])\s+", said) if s.rstrip().endswith("?")]


def _of_now(sentence: str) -> bool:
    """Whether a question asks about now or the past: its own question word, no guess at the future."""
    return _FUTURE.search(sentence) is None and bool(_OF_NOW.match(sentence)) and not _GUESS.search(sentence)


def _asks_of_now(said: str) -> bool:
    """Whether a question sentence of the message asks about now or the past."""
    return any(_of_now(s) for s in _questions(said))


def future_also_asked(question: str) -> str | None:
    """The note said after the answer to a message that asks about now and, in another question, about the
    future ("is mistral-7b-sft running? roughly when should it finish?"): that part is not answered (not
    "like in one hour or more?", which asks no forecast of its own words)."""
    said = question.lower()
    asked = _questions(said)
    forecast = any(_FUTURE.search(s) or _GUESS.search(s) for s in asked)
    if (
        not forecast
        or not any(_of_now(s) for s in asked)
        or _WORLD.search(said)
        or _STARTS_ITSELF.search(said)
    ):
        return None
    return f"({FUTURE_NOTE}.)"


# a question of its own about now or the past ("what is it waiting on?"; not "like in one hour or more?",
# "17h?"), and the words that make one a guess at the future ("will", "estimate", "do you think")
_OF_NOW = re.compile(
    r"(?:what|what's|whats|which|why|who|whose|how (?:much|many|long|hot|busy|far)|is|are|was|were|did"
    r"|does|has|have)\b"
)
_GUESS = re.compile(r"\b(?:will|would|gonna|going to|estimate\w*|guess|think|expect\w*|predict\w*|soon)\b")


def small_talk(question: str) -> str | None:
    """The reply to a bare greeting or thanks (None for anything else, which the pickers read)."""
    said = " ".join(re.sub(r"[^a-z' ]+", " ", question.lower()).split())
    if _HELLO.fullmatch(said):
        return HELLO_REPLY
    if _THANKS.fullmatch(said):
        return THANKS_REPLY
    return None


# Questions about the assistant itself, said whole (a question that goes on, "what can you tell me about
# job 4?", is a question about the machine). An optional greeting or "so" may come first.
_LEAD = r"(?:(?:hi|hello|hey|ok|okay|so|and|but|well)(?: there)? )*"
_YOU = r"(?:you|u|ya)"
_WHAT_IT_IS = re.compile(
    _LEAD
    + r"(?:(?:what|who) (?:are|r) "
    + _YOU
    + r"(?: (?:exactly|really|actually|then))?"
    + r"|what is this(?: thing| app| assistant| chat| bot)?"
    + r"|(?:are|r) "
    + _YOU
    + r" (?:a |an )?(?:real |actual |true |really )?"
    r"(?:ai|bot|robot|human|person|llm|chatbot|chat bot|language model|program|chatgpt|gpt)"
    r"|(?:who|what) (?:made|built|created|wrote|trained|developed|programmed|designed) (?:you|u|this)"
    r"|who(?: is|s) (?:your|ur) (?:maker|creator|author|developer|owner)"
    r"|(?:what is|whats) (?:your|ur) name|tell me about yourself|introduce yourself)"
)
_WHAT_IT_DOES = re.compile(
    _LEAD
    + r"(?:what (?:can|could|do) "
    + _YOU
    + r" (?:do|answer|help(?: me)?(?: with)?|know(?: about)?|tell me(?: about)?)(?: here| for me)?"
    r"|what (?:can|could|should) i ask(?: you| about)?(?: here)?"
    r"|what (?:questions|things) (?:can|do) (?:you|i) (?:answer|ask|know)"
    r"|how (?:can|could|do) (?:you|u) help(?: me)?"
    r"|what are (?:you|u) (?:for|good for|able to do|capable of)|help)"
)
_HOW_ARE_YOU = re.compile(
    _LEAD + r"(?:how (?:are|r) (?:you|u|ya|things)(?: (?:doing|going|today|feeling))*"
    r"|how(?: is|s) it going|how do you do|(?:whats|what is) up|sup"
    r"|(?:are )?(?:you|u) (?:ok|okay|alright|all right|good|well))"
)
ABOUT = (
    "I am this machine's local assistant: rules and a small language model, run here, that answer from"
    " the daemon's GPU monitor and job queue, never from the internet. The model uses a GPU only while"
    " every GPU is idle (else the CPU), so it never slows your jobs."
)
CAN_ANSWER = (
    f"I can answer questions about this machine: {TOPICS}. /report writes today's report, and"
    " gpuaccel report one for a day or a job."
)


def about_me(question: str, facts: Any) -> str | None:
    """The reply to a question about the assistant itself (what it is, what it can do, how it is), the
    last with the machine's state from ``facts`` (:class:`~assistant.queries.facts.Facts`); None for
    others."""
    said = " ".join(
        re.sub(r"[^a-z0-9 ]+", " ", question.lower().replace("'", "").replace("\u2019", "")).split()
    )
    if _WHAT_IT_DOES.fullmatch(said):
        return f"{CAN_ANSWER} {ABOUT}"
    if _WHAT_IT_IS.fullmatch(said):
        return f"{ABOUT} {CAN_ANSWER}"
    if _HOW_ARE_YOU.fullmatch(said):
        return f"Fine, thanks: {machine_state(facts)}"
    return None


def machine_state(facts: Any) -> str:
    """The machine in one sentence, every number from ``facts``: each GPU's utilization and the queue."""
    gpus = [
        f"GPU {g['index']} at {g['util_gpu']:.0f}%"
        for g in facts.gpus
        if isinstance(g.get("util_gpu"), int | float)
    ]
    said = f"{', '.join(gpus)} utilization" if gpus else "no GPU utilization to read"
    c = facts.counts
    queue = f"{c.get('running', 0)} job{'s' if c.get('running', 0) != 1 else ''} running"
    queue += f" and {c.get('queued', 0)} queued"
    return f"{said}, with {queue}."
