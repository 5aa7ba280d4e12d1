"""Replies that run no query: a bare greeting or thanks, and a request to change a job.

Neither is refused at length with :data:`assistant.intent.REFUSAL` nor read as a question about the
machine: a greeting gets a line that says what to ask, and "can you restart job 4" gets the command that
does it (the chat reads the machine and never acts).
"""

from __future__ import annotations

import re

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
    "release": ("release",),
    "remove": ("delete", "remove"),
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


def small_talk(question: str) -> str | None:
    """The reply to a bare greeting or thanks (None for anything else, which the pickers read)."""
    said = " ".join(re.sub(r"[^a-z' ]+", " ", question.lower()).split())
    if _HELLO.fullmatch(said):
        return HELLO_REPLY
    if _THANKS.fullmatch(said):
        return THANKS_REPLY
    return None
