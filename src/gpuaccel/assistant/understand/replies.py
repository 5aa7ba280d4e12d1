"""Replies that run no query: a bare greeting or thanks, a question about the assistant itself, and a
request to change a job.

None is refused at length with :data:`assistant.understand.picker.REFUSAL` nor read as a question about the
machine: a greeting gets a line that says what to ask, "what are you?" what the assistant is and can
answer (not its idle gate: "where are you running?" still asks that), "how are you?" a line and the
machine's state, and "can you restart job 4" gets the command that does it (the chat reads the machine
and never acts).
"""

from __future__ import annotations

import re
from typing import Any

from gpuaccel.assistant.understand.picker import TOPICS
from gpuaccel.assistant.understand.topics import housekeeping_said

# A greeting or a thank-you alone is not a question to refuse: it gets a line of its own.
_HELLO = re.compile(r"(?:hi|hello|hey|hiya|howdy|yo|good (?:morning|afternoon|evening))(?: there)?")
_THANKS = re.compile(
    r"(?:(?:ok(?:ay)?|great|cool|perfect|nice) )?"
    r"(?:thanks?(?: (?:a lot|so much|again))?|thank you(?: (?:very much|so much))?|thx|ty|cheers)"
)
HELLO_REPLY = (
    "Hello. Ask me about this machine: which GPU is hottest or free, what is running or queued and why,"
    " why a job failed, or a summary of today."
)
THANKS_REPLY = "You're welcome."


# A request to act on a job ("can you restart job 4"): the chat reads the machine and never acts, so it
# names the command (and the Jobs tab's button) that does it, instead of describing the job.
_ACTIONS = {
    "retry": ("restart", "rerun", "re-run", "retry", "requeue", "resubmit"),
    "cancel": ("cancel", "kill", "stop", "abort", "terminate"),
    "pause": ("pause", "suspend"),
    "resume": ("resume", "unpause", "continue"),
    "hold": ("hold",),
    "release": ("release", "unhold"),
    "remove": ("delete", "remove"),
    "priority": ("bump", "prioritize", "prioritise", "deprioritize", "deprioritise"),
}
_VERB = {verb: command for command, verbs in _ACTIONS.items() for verb in verbs}
_ACT = re.compile(
    r"(?:(?:can|could|would|will) you |please |pls |go |just )*(?P<verb>[a-z-]+) (?:the )?"
    r"(?:(?:job|task|run) ?#?(?P<job>\d+)|(?:(?:job|task|run) )?(?P<name>[\w.-]+))"
    r"(?: (?:please|pls|for me|now|again))*(?:,.*)?"  # and what follows a comma: "it's stuck"
)
_BUTTON = {"retry": "Retry", "cancel": "Cancel", "pause": "Pause", "resume": "Pause/Resume", "hold": "Hold"}


def action_request(question: str, job_names: dict[str, int] | None = None) -> str | None:
    """What to run for a request to change a job, named by number or by one of ``job_names`` ("cancel
    eval-x"); None when the question is not one."""
    said = " ".join(re.sub(r"[^a-z0-9#'_.,-]+", " ", question.lower()).split()).rstrip(".!?")
    m = _ACT.fullmatch(said.replace(" ,", ","))
    command = _VERB.get(m.group("verb")) if m else None
    if m is None or command is None:
        return None
    job, named = m.group("job"), ""
    if job is None:
        ids = {n.lower(): (n, i) for n, i in (job_names or {}).items()}
        if m.group("name") not in ids:
            return None  # "stop the music" names no job
        name, job_id = ids[m.group("name")]
        job, named = str(job_id), f" ({name})"
    button = f", or {_BUTTON[command]} in the Jobs tab" if command in _BUTTON else ""
    return (
        "I only read this machine; I do not change jobs from the chat."
        f" To {m.group('verb')} job {job}{named}: gpuaccel {command} {job}{button}."
    )


# A request to act said any other way ("kill the mistral run, it's wasting the h100", "delete my failed
# jobs", "pause the queue pls", "set the power limit of gpu 0 to 500 W"): the verb leads the request, after
# at most a politeness ("can you", "please", "i want to").
_POLITE = (
    r"(?:(?:can|could|would|will) (?:you|u) (?:please |pls )?|please |pls |plz |i (?:want|need) to "
    r"|let's |lets"
    r" |go |just )*"
)
_LEADING_VERB = re.compile(rf"^{_POLITE}(?P<verb>[a-z-]+)\b")
_STATES = {"failed": "failed", "cancelled": "cancelled", "canceled": "cancelled", "succeeded": "succeeded"}
_CLEANING = {"delete", "remove", "clean", "clear", "purge", "wipe"}
_HARDWARE_VERBS = {
    "set",
    "reset",
    "change",
    "lower",
    "raise",
    "increase",
    "decrease",
    "overclock",
    "underclock",
}
_HARDWARE = re.compile(r"\b(?:gpu|card|power limit|limit|clock|clocks|fan|fans|tdp|ecc|mig)\b")
_SUBMIT = {"submit", "launch", "queue", "schedule"}


def _jobs_named(said: str, job_names: dict[str, int]) -> list[tuple[str, int]]:
    """Jobs the words name whole or by a part of their name of 3 letters or more ("the mistral run")."""
    whole = [
        (n, i)
        for n, i in job_names.items()
        if re.search(rf"(?<![\w.-]){re.escape(n.lower())}(?![\w.-])", said)
    ]
    if whole:  # a name said whole names that job only, not every job sharing a part of it
        return sorted(whole, key=lambda x: x[1])
    words = set(re.findall(r"[a-z0-9][a-z0-9.]*", said))
    found = []
    for name, job_id in job_names.items():
        parts = {p for p in re.split(r"[-_.\s]+", name.lower()) if len(p) >= 3 and not p.isdigit()}
        if parts & words:
            found.append((name, job_id))
    return sorted(found, key=lambda x: x[1])


def act_request(
    question: str,
    job_names: dict[str, int] | None = None,
    focus: int | None = None,
    held: frozenset[int] = frozenset(),
) -> str | None:
    """What the chat cannot do and the command that does it, for a request to act that
    :func:`action_request` does not read; None when the question is not a request to act. ``focus``: the
    job the conversation is about, which "cancel it", "retry that one" mean; ``held``: the held jobs, which
    "start it" means releasing."""
    said = " ".join(re.sub(r"[^a-z0-9#'_.,-]+", " ", question.lower()).split()).rstrip(".!?")
    # "ok cancel it", "nah just cancel it", "actually, retry it"
    said = re.sub(r"^(?:(?:ok|okay|alright|right|then|so|well|nah|no|nope|actually|hmm|fine),? )+", "", said)
    # "how do i release it", "how can i cancel job 4": asking for the command is a request to act
    said = re.sub(r"^how (?:do|can|could|would|should) (?:i|we|you|u) ", "", said)
    m = _LEADING_VERB.match(said)
    verb = m.group("verb") if m else ""
    command = _VERB.get(verb)
    starting = command is None and verb in ("start", "launch", "begin") and bool(held)
    command = "release" if starting else command  # "how do i start it" of a held job: release it
    cant = "I only read this machine; I do not change anything from the chat."
    pid = re.search(r"\b(?:pid|process)\s*#?(\d+)\b", said)
    if verb in ("kill", "stop", "terminate", "end") and pid:  # a GPU process, not a queue job
        number = pid.group(1)
        return f"{cant} To signal process {number}: gpuaccel kill {number} (your own processes only)."
    if verb in _CLEANING or command == "remove":
        state = next((s for w, s in _STATES.items() if re.search(rf"\b{w}\b", said)), None)
        if state is not None or re.search(r"\b(?:finished|old|all)\b.*\bjobs?\b", said):
            which = f" --state {state}" if state else ""
            return f"{cant} To remove {state or 'finished'} jobs and their logs: gpuaccel clean{which}."
    if command in ("pause", "resume") and re.search(r"\b(?:queue|everything|all)\b", said):
        return f"{cant} To {command} the queue: gpuaccel {command} (the Jobs tab's Pause button does it too)."
    if verb in _HARDWARE_VERBS and re.search(r"\bpriority\b", said):  # "set job 4's priority to 10"
        command = "priority"
    elif verb in _HARDWARE_VERBS and _HARDWARE.search(said):
        return (
            f"{cant} A GPU's power limit, clocks or a reset are set with nvidia-smi as root, not by gpuaccel."
        )
    if command is not None:
        # "job 12", "#12", and the numbers listed after one: "jobs 12, 13 and 14"
        listed = re.findall(r"(?:jobs?|#)\s*#?(\d+(?:\s*(?:,|and)?\s*#?\d+)*)", said)  # "&" is a space here
        jobs = [("job", int(i)) for group in listed for i in re.findall(r"\d+", group)]
        jobs = [("", i) for _, i in jobs] or _jobs_named(said, job_names or {})
        pointed = r"\b(?:it|that|this)(?: one| job)?(?: (?:please|pls|plz|for me|now|again))*$"
        if not jobs and focus is not None and re.search(pointed, said):
            jobs = [(next((n for n, i in (job_names or {}).items() if i == focus), ""), focus)]
        if starting and not all(i in held for _, i in jobs):
            return None  # "start" of a job that is not held: a question, not a request the chat names
        if jobs:
            ids = " ".join(str(i) for _, i in jobs)
            named = ", ".join(f"job {i}" + (f" ({n})" if n else "") for n, i in jobs)
            button = f", or {_BUTTON[command]} in the Jobs tab" if command in _BUTTON else ""
            if command == "priority":  # the command takes the new priority (higher runs sooner)
                new = re.search(r"\bpriority (?:to|of|=) ?(-?\d+)\b", said)
                if new and len(jobs) == 1:  # the priority said: "set it's priority to 10"
                    n = new.group(1)
                    return f"{cant} To set the priority of {named} to {n}: gpuaccel priority {ids} {n}."
                return f"{cant} To {verb} {named}: gpuaccel priority {ids} N (a higher N runs sooner)."
            return f"{cant} To {verb} {named}: gpuaccel {command} {ids}{button}."
    asks_a_run = re.search(r"\b(?:job|jobs|run|training|command|script)\b|\.(?:py|sh)\b", said)
    if verb == "submit" or (verb in _SUBMIT and asks_a_run):  # "submit python train.py on gpu 1"
        return (
            f"{cant} To submit a job: gpuaccel submit command [--gpus N | --gpu-ids IDS] -- PROGRAM ARGS"
            " (or the Submit button of the Jobs tab)."
        )
    return None


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
    r"\b(?:tomorrow|tmrw|tonight at|next (?:week|month|year|hour|day|time)|in the future|predict|prediction"
    r"|forecast|how long until|how long till|how long before|going to (?:be|fail|finish|end|start|run|cost)"
    r"|will (?:\S+ ){0,5}(?:be|finish|start|fail|end|run|cost|look|break|die|crash|complete|hit|reach))\b"
)
FUTURE_REPLY = "I cannot tell what will happen, only what happened and what is happening now: " + TOPICS + "."


# The world outside the machine: "the weather in berlin tomorrow" is no question about this machine's future
_WORLD = re.compile(r"\b(?:weather|rain|snow|sunny|outside|outdoors|stocks?|election|exchange rate)\b")


def about_the_future(question: str) -> str | None:
    """The reply to a question about the machine's future ("what will gpu 0's temperature be tomorrow?"),
    or None (also for the world's future, which the refusal answers: only this machine is known)."""
    said = question.lower()
    return FUTURE_REPLY if _FUTURE.search(said) and not _WORLD.search(said) else None


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
