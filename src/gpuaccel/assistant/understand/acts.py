"""A request to act on the queue or the GPUs, however it is worded: the chat reads the machine and never acts,
so it names the exact command that does it (with the job ids, the new priority, the GPUs and the command
line the request said) instead of describing the job.

One reader for every wording: the verb may follow an interjection or politeness ("ugh ok retry it",
"actually just put it on hold", "can you pls kill the mistral run"), a Slurm or pueue word ("scancel 12"),
or a phrase ("put ... on hold", "kick off ..."); the jobs are said by number ("job 12", "#12", "bump 13"),
by name (:func:`~assistant.understand.names.named_jobs`, the rule picker's reading), or pointed at ("it",
"that one", "the broken one": the conversation's jobs, narrowed by the state said, widened to their array).
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace

from gpuaccel.accel.workloads import registry
from gpuaccel.api.request import JobRequest
from gpuaccel.api.states import ACTIVE, FINISHED, JobState
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.names import (
    JOB_SAID,
    TAKEN_BACK,
    bare_job,
    gpu_by_model,
    gpus_by_model,
    gpus_called,
    job_called,
    named_jobs,
    named_jobs_in,
    which_of,
)
from gpuaccel.assistant.understand.scene import sets_the_scene
from gpuaccel.assistant.understand.spelling import typo_of
from gpuaccel.assistant.understand.words import ACTIONS, KEPT, STOP, WORD_OF, pointing, points_back
from gpuaccel.scheduler.lifecycle.transitions import EVENTS

CANT = "I only read this machine; I do not change anything from the chat."
HARDWARE_REPLY = (
    "A GPU's power limit, clocks or a reset are set with nvidia-smi as root, its fan with nvidia-settings;"
    " not by gpuaccel."
)
REBOOT_REPLY = "A reboot of the machine is for its administrator, as root; not done by gpuaccel."
# the daemon is gpuaccel itself: restarted where it runs, by its user service (app/service_unit.py's unit)
DAEMON_REPLY = (
    "A restart of the gpuaccel daemon is done where it runs: systemctl --user restart gpuaccel where it runs"
    " as the user service (gpuaccel service install), else stop gpuaccel serve and start it again."
)
DRIVERS_REPLY = (
    "An update of the GPU drivers or CUDA is for its administrator, as root; not done by gpuaccel."
)
# the driver reloaded (its kernel modules unloaded and loaded again: modprobe as root), never a job's retry
DRIVER_RELOAD_REPLY = (
    "A reload of the NVIDIA driver (its kernel modules, modprobe as root) is for the machine's administrator;"
    " not done by gpuaccel."
)
DRIVERS_AND_REBOOT_REPLY = (
    "An update of the GPU drivers or CUDA and a reboot of the machine are for its administrator, as root; not"
    " done by gpuaccel."
)
USAGE = "gpuaccel submit command [--gpus N | --gpu-ids IDS] -- PROGRAM ARGS"

# the states the daemon takes each command in, from its transition table (a cancel: any job not finished)
_TAKEN_FROM: dict[str, set[str]] = {
    c: {s.value for s in EVENTS[c].frm} for c in ("pause", "resume", "release", "hold", "retry")
} | {"cancel": {s.value for s in ACTIVE}}
# the states a command acts on: where "it" points at several jobs, the one it can act on is meant (a retry of
# one that failed or was cancelled: the daemon retries a succeeded job too, but that is seldom what is meant)
_ACTS_ON = _TAKEN_FROM | {"retry": _TAKEN_FROM["retry"] - {JobState.SUCCEEDED.value}}
# where a request is refused: a job in none of the states its command takes, nor (a pause, resume, hold or
# release) already in the one it leads to: the daemon answers those with the job as it is
_TAKEN_IN = _TAKEN_FROM | {
    c: _TAKEN_FROM[c] | {EVENTS[c].to.value} for c in ("pause", "resume", "release", "hold")
}
_STATES = {s.value for s in JobState}


def _refused(command: str, jobs: list[int], named: str, states: Mapping[int, str]) -> str | None:
    """What the daemon would answer where none of ``jobs`` is in a state ``command`` takes ("Job 2 has
    succeeded: gpuaccel pause 2 would be refused (only a running job can be paused)"), and what would work
    instead: an ended job is run again by a retry."""
    taken = _TAKEN_IN.get(command)
    if taken is None or not jobs or any(states.get(i) not in _STATES for i in jobs):
        return None
    now = [JobState(states[i]) for i in jobs]
    if any(s in taken for s in now):
        return None
    ids = " ".join(map(str, jobs))
    frm = _TAKEN_FROM[command]
    only = (
        f"a job that has finished cannot be {_DONE[command]}"
        if frm == {s.value for s in ACTIVE}
        else f"only a {'finished' if frm == {s.value for s in FINISHED} else ' or '.join(sorted(frm))} job"
        f" can be {_DONE[command]}"
    )
    being = " and ".join(sorted({s.phrase for s in now}))
    instead = next(
        (
            other
            for (asked, state), other in _INSTEAD.items()
            if asked == command and all(s == state for s in now)
        ),
        "retry" if all(s in FINISHED for s in now) and command != "retry" else None,
    )
    said = {"retry": "To run it again", "pause": "To stop it where it is", "release": "To let it start"}
    again = f" {said[instead]}: gpuaccel {instead} {ids}{_button(instead)}." if instead else ""
    who = named[:1].upper() + named[1:]
    return f"{CANT} {who} {being}: gpuaccel {command} {ids} would be refused ({only}).{again}"


# what is meant by a command the state refuses: "hold" of a running job stops it where it is (pause), "resume"
# of a held one lets it start (release)
_INSTEAD = {("hold", JobState.RUNNING): "pause", ("resume", JobState.HELD): "release"}


# phrases said for a verb: "get rid of it", "try it one more time", "make X go first", "put my script in the
# queue", "get it going" (of a held job)
# a character of a phrase's object within its clause: no comma, semicolon or sentence's end ("llama-3.1-8b"
# keeps its dots)
_IN_CLAUSE = r"(?:[^,;!?.]|\.(?=\w))"
_PHRASES = (
    (re.compile(r"\bget rid of\b"), "drop"),
    # "clear it out of the list", "take that one off the list", "wipe it from the history", "flush it from
    # the queue": the job pointed at gone from the list (cancelled where it has not ended, removed where it
    # has); "clear the finished ones out of the list" is a cleaning, read apart
    (
        re.compile(
            r"\b(?:clear|take|get|wipe|scrub|strike|knock|delete|remove|flush)"
            r" (it|that|this|that one|this one)"
            r" (?:out of|off|from) (?:the|my|our) (?:list|queue|history|table|jobs? list)\b"
        ),
        r"drop \1",
    ),
    # "don't let the queue start anything new", "do not let job 14 run yet": kept from starting, as said
    # next (the queue paused, a job held), never the verb that is said not to happen
    (
        re.compile(r"\b(?:don'?t|do not|never) let (it|them|.{1,40}?) (?:start|run|launch|kick off)\b"),
        r"keep \1 from starting",
    ),
    # "please stop any new jobs from starting until I say so": the queue paused (pueue's pause)
    (
        re.compile(
            r"\b(?:stop|prevent|keep|block) (?:(?:the |our )?(?:whole |entire )?queue|(?:any |all |the )?"
            r"(?:new |further |more |other )?(?:jobs?|runs?|work)"
            r"|(?:everything|anything|all)(?: (?:new|else|further))?(?: (?:in|on) (?:the |our )?queue)?)"
            r" from (?:starting|running|launching|being started|kicking off)\b"
        ),
        "pause the queue",
    ),
    # "keep the llama-70b-eval from starting until I say so": that job held (a job named, not "any new jobs")
    (
        re.compile(
            r"\b(?:keep|stop|prevent|block) (it|them|(?!(?:any|all|new|further|more|other|the whole|the queue"
            r"|everything|anything)\b)(?:(?!\bqueue\b)[^.,;]){1,40}?)"
            r" from (?:starting|running|launching|being started|kicking off|taking)\b"
        ),
        r"hold \1",
    ),
    # "don't stop it altogether, just pause it": the request after a verb said not to be done; "no, not the
    # queue, pause mistral": after what it is not about
    (
        re.compile(
            r"^.*?\b(?:(?:don'?t|do not|no need to|not) \w+ (?:it|them)\b[^.;!?]*"
            r"|not (?:the |that |this )?[\w.-]+)[.;!,]\s*(?:just |only )?"
        ),
        "",
    ),
    (re.compile(r"\b(?:get|set) (it|them|.{1,30}?) (?:going|running|started|moving) again\b"), r"goagain \1"),
    # what the writer has finished, said before the request: "done with the test, start it back up", "all
    # done, ..." (not "all" jobs)
    (
        re.compile(
            r"^(?:(?:i'?m|we'?re|i am|we are) )?(?:all )?(?:done|finished|sorted)"
            r"(?: with (?:the|my|our|that) [\w-]+)?(?: now| here)?,\s*"
        ),
        "",
    ),
    # "carry on with it", "crack on", "press on with the sft": continued (after a pause: resumed)
    (re.compile(r"\b(?:carry|crack|press) on(?: with)?\b"), "continue"),
    # "start it back up", "fire job 11 back up" (after a pause: resume; what has ended: retry)
    (re.compile(r"\b(?:start|fire|boot|spin) (it|them|.{1,30}?) back up\b"), r"goagain \1"),
    # Australian English: "knock job 13 on the head" (stop it for good)
    (re.compile(r"\bknock (it|them|.{1,30}?) on the head\b"), r"cancel \1"),
    # "un-hold whisper", "un pause it": the undoing verb in one word (not "hold" or "pause")
    (re.compile(r"\bun[\s-](hold|pause|park|freeze|suspend)\b"), r"un\1"),
    # Slurm's scontrol: "scontrol update jobid=13 priority=100", "scontrol hold 12"
    (
        re.compile(r"\bscontrol update job(?:id)? (\d+)(?: \S+)*? prio(?:rity)? (-?\d+)\b"),
        r"prioritize job \1 to \2",
    ),
    (re.compile(r"\bscontrol (hold|uhold|release|requeue|suspend|resume)\b"), r"\1"),
    # a shell user's "prio 13 -> 10", "prio 13 10", "prio 13=10": job 13 to priority 10
    # ("->" reaches here as "- ": a dash with a space after it is the arrow, "-5" a negative priority;
    # the job's id whole: "priority 10" alone is the new priority, never job 1 to priority 0)
    (
        re.compile(r"^prio(?:r|rity)? #?(\d+)(?!\d)\s*(?:-\s+|=>\s*|=\s*|:\s*|to\s+)?(-?\d+)$"),
        r"prioritize job \1 to \2",
    ),
    # what the user wants done said as "I want that it runs now" (German's "ich will, dass ..."): start it
    (
        re.compile(
            r"\b(?:i|we) (?:want|would like|wish) that (it|they|.{1,30}?) (?:runs|run|starts|start)\b"
        ),
        r"start \1",
    ),
    # "stop my mistral job for a moment, but not cancel it": pause it
    (
        re.compile(
            r"\bstop (it|them|.{1,40}?) (?:for a (?:moment|bit|while|minute|second|few minutes|little while)"
            r"|temporarily|briefly)\b"
        ),
        r"pause \1",
    ),
    # "take it off the waiting list": cancel it; "could you start it again for them": retry it
    (re.compile(r"\btake (it|them|.{1,30}?) (?:off|out of) the (?:queue|waiting list|list)\b"), r"cancel \1"),
    # ("how do I start it again afterwards" of a paused job: resume it; of an ended one: retry it)
    (re.compile(r"\bstart (it|them|.{1,30}?) (?:again|over|back up|up again)\b"), r"startagain \1"),
    # ("how do I restart it after?" of a job asked about pausing: resume it; "restart job 3" keeps its word)
    (re.compile(r"\brestart (it|them)(?= after| later| afterwards| then|\s*[?.!]*$)"), r"startagain \1"),
    # "it should start again after the upgrade", "the queue must run again": what is to start again, said as
    # the request (after a pause: resumed; what has ended: run again)
    (
        re.compile(
            r"\b(it|the (?:whole |entire )?queue|(?:job\s*)?#?\d+|[\w.]+-[\w.-]+)"
            r" (?:should|shall|must|needs to|is to|ought to) (?:start|run|go) (?:again|back up|up again)\b"
        ),
        r"startagain \1",
    ),
    # "let it continue after": a paused job resumed
    (re.compile(r"\blet (it|them|.{1,30}?) (?:continue|carry on|keep going|resume|go on)\b"), r"resume \1"),
    # "let the queue go again", "let the queue run again": the queue resumed (no held job let go)
    (
        re.compile(
            r"\blet (?:the |our )?(?:whole |entire )?queue (?:go|run|start|move|roll)(?: again| on| ahead)?\b"
        ),
        "resume the queue",
    ),
    (re.compile(r"\blet (it|them|.{1,30}?) (?:go|run|start|loose)(?: ahead)?\b"), r"letgo \1"),  # a held job
    # "the command that lets it proceed", "allow job 14 to proceed": a held job let go
    (re.compile(r"\b(?:let|lets|allow|allows) (it|them|.{1,30}?) (?:to )?proceed\b"), r"letgo \1"),
    # "how I make it restart" (after a pause), "make the build run again": resume it, or retry what ended
    (
        re.compile(r"\bmake (it|them|.{1,30}?) (?:restart|start again|run again|go again|continue|resume)\b"),
        r"goagain \1",
    ),
    (re.compile(r"\bturn (it|them|the queue|.{1,30}?) back on\b"), r"resume \1"),
    # "restart the queue", "start the whole queue again": a queue is paused and resumed, never restarted
    (
        re.compile(
            r"\b(?:re-?start|start|restart|unfreeze|reopen) (?:the |our )?(?:whole |entire )?queue"
            r"(?: again| back up| up again)?\b"
        ),
        "resume the queue",
    ),
    (re.compile(r"\bthrow (.{1,40}?) (?:on|onto|at) (.{1,20})"), r"submit \1 on \2"),
    # "can you put my test.py on that card": a script put on a card is submitted there
    (
        re.compile(
            r"\b(?:put|stick|pop) ((?:my |our |the )?[\w./-]+\.(?:py|sh)\b.{0,20}?) (?:on|onto) (.{1,20})"
        ),
        r"submit \1 on \2",
    ),  # fmt: skip
    # the request said as a noun: "do a retry of it", "kick off a rerun of job 9", "trigger a restart for it"
    (
        re.compile(
            r"\b(?:do|run|make|kick off|trigger|start|fire off|launch) an? (?:new |fresh )?"
            r"(retry|rerun|restart) (?:of|on|for|with) (it|them|.{1,30}?)(?=\s*[?.!,]|\s*$| please\b| pls\b)"
        ),
        r"\1 \2",
    ),
    # said with no object ("ok do a retry", "just run a rerun please"): of the job talked about
    (
        re.compile(
            r"\b(?:do|run|kick off|trigger|fire off|launch) an? (?:new |fresh |quick )?(retry|rerun)"
            r"(?=\s*[?.!,]|\s*$| please\b| pls\b| then\b| now\b)"
        ),
        r"\1 it",
    ),
    # "give it another go", "give it another crack" (Australian), "give it one more whirl"
    (
        re.compile(r"\bgive (.{1,30}?) (?:another|one more) (?:go|try|shot|run|crack|whirl|bash|stab)\b"),
        r"rerun \1",
    ),
    # "can you have another go at running it", "take another shot at the build"
    (
        re.compile(
            r"\b(?:have|take) (?:another|one more) (?:go|try|shot|crack|stab)(?: (?:at|with))?"
            r"(?: (?:running|doing|starting|launching|building))?\b"
        ),
        "rerun",
    ),
    (re.compile(r"\bgive (.{1,40}?) an? (?:\w+ )?(?:pause|break|rest|breather)\b"), r"pause \1"),  # "a pause"
    (re.compile(r"\bput (.{1,40}?) on (?:pause|ice)\b"), r"pause \1"),  # "put it on pause"
    (re.compile(r"\bthrottl(?:e|ing)[\s_-]?reasons?\b"), "throttling"),  # a reading, not a request
    (re.compile(r"\b(?:queue|requeue|submit|put|send) (.{1,30}?) (?:again|back in)\b"), r"rerun \1"),
    # "train-vit again please", "job 5 again, they fixed the path": a job said first, then "again" (the
    # verb left out), is a request to run it again (not "what was its memory again?", a reminder)
    (
        re.compile(
            r"^(?:(?:ok|okay|right|so|and|then)[, ]+)*((?:job )#?\d+|#\d+|[a-z][\w.]*(?:-[\w.]+)+|that one)"
            r" again(?=\s*(?:[,.!;:]|-\s|–|please\b|pls\b|plz\b|$))"
        ),
        r"rerun \1",
    ),
    # "limit the 4090 to 300 W": the verb of a power limit (the noun, "its limit?", asks its value)
    (re.compile(r"\blimit (.{1,30}?) to (\d+\s*(?:w|watts?)\b)"), r"cap \1 to \2"),
    (
        re.compile(
            r"\b(?:try|tried|run|start|launch|do|kick|fire)\b(.*?)\b(?:again|one more time|once more)\b"
        ),
        r"rerun\1",
    ),
    (re.compile(r"\bmake (.+?) (?:go|run|start) (?:first|next|sooner|earlier)\b"), r"prioritize \1"),
    # "put job 12 ahead of job 13 in the queue": the two swapped (said before "move it ahead", which has one)
    (
        re.compile(
            r"\b(?:put|move|get|bump|slot) (.{1,30}?) (?:ahead of|in front of) (.{1,30}?)"
            r"(?= in the (?:queue|line)\b|\s*[?.!,]|$)"
        ),
        r"switch \1 and \2",
    ),
    (
        # ("move it to the front of the line")
        re.compile(
            r"\bmove (.{1,40}?) (?:up|forward|ahead|to the (?:front|top|head))"
            r"(?: (?:in |of )?the (?:line|queue))?\b"
        ),
        r"prioritize \1",
    ),
    # "push the probe up in the queue", "shift 13 to the front of the line": said of the queue, its priority
    # raised (the queue named: "push the clocks up" is no request of the queue)
    (
        re.compile(
            r"\b(?:push|shift|nudge|bump) (.{1,40}?) (?:up|forward|ahead|to the (?:front|top|head))"
            r" (?:in |of |on )?the (?:line|queue)\b"
        ),
        r"prioritize \1",
    ),
    # "put job 12 first in the queue", "put it at the top of the queue", "put it on top of the queue": its
    # priority raised
    (
        re.compile(
            r"\b(?:put|place|set|bring) (.{1,40}?) (?:first|(?:at|on|to) (?:the )?(?:front|top|head))"
            r" (?:in|of) the (?:line|queue)\b"
        ),
        r"prioritize \1",
    ),
    (
        re.compile(r"\b(?:put|chuck|throw|stick|shove|toss|bung|pop) (.+?) back (?:in|on|into) the queue\b"),
        r"rerun \1",
    ),  # "put sd-xl back in the queue", "chuck it back in the queue"
    # "chuck it back on", "bung the sweep back on": back on the queue, the queue left unsaid (a paused job
    # resumed, what has ended run again)
    (
        re.compile(
            r"\b(?:put|chuck|throw|stick|shove|toss|bung|pop) (it|them|.{1,30}?) back on(?=\s*[?.!,]*$)"
        ),
        r"goagain \1",
    ),
    # "put the build through again"
    (re.compile(r"\b(?:put|push|send) (.{1,40}?) through again\b"), r"rerun \1"),
    # "put it once more in the queue"
    (
        re.compile(
            r"\b(?:put|send|throw|stick) (.{1,30}?) (?:once more|one more time|again)"
            r" (?:in|into|on) the queue\b"
        ),
        r"rerun \1",
    ),
    # "set the priority of 12 to 10": the number after "of" is the job where "to" says the value
    (
        re.compile(
            r"^(?:and |also |then |now )?(?:set |change )?(?:the )?prio(?:rity)? of (?:job )?#?(\d+)"
            r" to (-?\d+)$"
        ),
        r"prioritize job \1 to \2",
    ),
    # "and prio 10 on it", "priority 5 for job 12": the value, then the job
    (
        re.compile(
            r"^(?:and |also |then |now )?(?:set |give |put )?(?:the )?prio(?:rity)? (?:of )?(-?\d+)"
            r" (?:on|for|to) (it|that|this|them|that one|(?:job )?#?\d+)$"
        ),
        r"prioritize \2 to \1",
    ),
    # "priority 10", "and prio 20 then": a bare value is the new priority of the job talked about
    (
        re.compile(
            r"^(?:and |also |then |now |ok )?(?:set |make it )?(?:the )?prio(?:rity)? (?:to )?(-?\d+)"
            r"(?: then| pls| please| thanks)?$"
        ),
        r"prioritize it to \1",
    ),
    # "push it to priority 9", "move job 12 to prio 3", "take the eval up to priority 10": the value said
    (
        re.compile(
            r"\b(?:push|move|take|bring|put|set|change|raise|lower|drop|knock) (.{1,30}?)"
            r" (?:up |down )?to (?:a )?prio(?:rity)? (?:of )?(-?\d+)\b"
        ),
        r"prioritize \1 to \2",
    ),
    # "make the probe priority 10", "I want the eval to be priority 3", "have it at prio 5": the job made,
    # wanted or had at a priority, that value (not "I want to know the priority of 13")
    (
        re.compile(
            r"\b(?:make|want|have|get|need|like)\s+(?!to\b)(.{1,30}?)\s+(?:to\s+(?:be|have|get|become)\s+"
            r"|at\s+|on\s+)?(?:a\s+)?prio(?:rity)?\s+(-?\d+)\b"
        ),
        r"prioritize \1 to \2",
    ),
    # "make job 12 priority higher? 10 is ok": the value the user would accept is the new priority
    (
        re.compile(
            r"\b(prio(?:rity)?\b.*?)\s(-?\d+)\s+(?:is|would be|should be|'d be)"
            r"\s+(?:ok|okay|fine|good|enough)\b"
        ),
        r"\1 to \2",
    ),
    # "bump prio of 12 to 100", "raise the priority of job 12": the job after the priority's "of"
    (
        re.compile(
            r"\b(?:bump|raise|increase|boost|lower|decrease|set|change|up)\s+(?:the\s+|its\s+)?prio(?:rity)?"
            r"\s+(?:of|for|on)\s+(?:job\s*)?#?(\d+)\b"
        ),
        r"prioritize job \1",
    ),
    # "can you make job 12 priority higher?", "make its priority higher"
    (
        re.compile(r"\bmake (.{1,30}?)(?:'s)? prio(?:rity)? (?:higher|bigger|better|top|the highest)\b"),
        r"prioritize \1",
    ),
    # "please make job 12 higher priority", "make it top priority"
    (
        re.compile(r"\bmake (.{1,30}?) (?:a )?(?:higher|top|high|more|the highest) prio(?:rity)?\b"),
        r"prioritize \1",
    ),
    (re.compile(r"\bput (.+?) (?:in|on|into) the queue\b"), r"submit \1"),
    # (the job set going is said within its clause: not "set job 12 priority to 10, I need the eval to go
    # first", whose "to go" is another clause's)
    (re.compile(rf"\b(?:get|set) ({_IN_CLAUSE}{{1,40}}?) (?:going|started|running|moving)\b"), r"start \1"),
    # "put the whisper finetune to run", "set it to run now" (as Portuguese and Spanish say "pôr a rodar")
    (re.compile(rf"\b(?:put|set|send) ({_IN_CLAUSE}{{1,40}}?) to (?:run|work|start|go)\b"), r"start \1"),
    (re.compile(r"\b(?:place|set|leave|keep) (.{1,40}?) on hold\b"), r"hold \1"),  # "place that job on hold"
    (
        re.compile(r"\b(?:leave|keep) (it|them|.{1,40}?) (?:held|parked)\b"),
        r"hold \1",
    ),  # "keep it held till ..."
    (re.compile(r"\b(?:put|place|set) a hold on\b"), "hold"),  # "put a hold on llama-70b-eval"
)
# a request said as what the user wants done: "I should like job 13 cancelled", "we'd want it restarted",
# "please have the probe held" (the participle read as its verb)
_DONE_SAID = (  # a command's participle, as said of a job
    r"(?:cancelled|canceled|killed|stopped|aborted|ended|terminated|held|released|retried|restarted|rerun"
    r"|re-run|requeued|resubmitted|paused|suspended|resumed|removed|deleted|prioriti[sz]ed|withdrawn|swapped|exchanged"
    r"|(?:placed|put) on hold|taken off hold)\b"
)
_WANTED_DONE = re.compile(
    r"\b(?:(?:i|we)\s*(?:'d|would|should)?\s*(?:like|want|need|prefer)|(?:please\s+)?(?:have|get))\s+"
    rf"(.{{1,40}}?)\s+({_DONE_SAID})"
)
# a request asked as whether it may be done: "can it just be paused over assembly?", "could job 12 be held"
_ASKED_DONE = re.compile(
    # (the job said in a few words, no clause: not "could you confirm how it came to be cancelled")
    r"\b(?:can|could|would|should|may|might)\s+(?!you\b|u\b)"
    r"((?:(?!to\b|how\b|why\b|when\b|what\b)[\w#-]+\s+){0,3}?(?!to\b)[\w#-]+)\s+"
    rf"(?:just\s+|simply\s+|please\s+)?be\s+({_DONE_SAID})"
)
_PARTICIPLE = {
    "cancelled": "cancel", "canceled": "cancel", "killed": "kill", "stopped": "stop", "aborted": "abort",
    "ended": "terminate", "terminated": "terminate",
    "held": "hold", "released": "release", "retried": "retry", "restarted": "restart", "rerun": "rerun",
    "re-run": "rerun", "requeued": "requeue", "resubmitted": "resubmit", "paused": "pause",
    "suspended": "suspend", "resumed": "resume", "removed": "remove", "deleted": "delete",
    "prioritised": "prioritise", "prioritized": "prioritize", "withdrawn": "withdraw", "swapped": "swap",
    "exchanged": "exchange", "placed on hold": "hold", "put on hold": "hold", "taken off hold": "release",
}  # fmt: skip
# a request said as what is to be done to a job: "Job 12 is to be placed on hold pending review", "it needs to
# be cancelled", "job 13 must be withdrawn from the queue", "the sweep should be ended" (not "has been
# cancelled": what was done; not "what should be cancelled", a question)
_TO_BE_DONE = re.compile(
    r"^(?!(?:what|which|who|whose|why|when|where|how)\b)((?:[\w#-]+\s+){0,5}?[\w#-]+)\s+"
    r"(?:(?:is|are|needs?|has|have|ought)\s+to|must|shall|should)\s+"
    rf"(?:now\s+|then\s+)?be\s+({_DONE_SAID})"
)
# the command asked for before what it should do: "give me the command to hold it", "provide the command
# that lets it proceed", "supply the exact command for cancelling job 13"
_COMMAND_FOR = re.compile(
    r"^(?:(?:and|so|then|please|kindly|now|again|just)\s+)*"
    r"(?:(?:give|provide|supply|send|tell|show|write|spell out)(?:\s+(?:me|us))?|what(?:'s| is)|whats)"
    r"\s+(?:the|a)\s+(?:(?:exact|precise|right|correct|cli|shell)\s+)*(?:command|cmd)(?:\s+line)?"
    r"\s+(?:to|that|which|for|so)\s+(?:(?:will|would|can)\s+)?"
)
_JOB_NUMBER = re.compile(rf"{JOB_SAID}(\d+)")  # a job said by its number: "job 12", "#12", "job number 12"
# a job's log followed as it is written: "the exact command to follow the log of job 11 live", "tail -f job 3"
_FOLLOW_LOG = re.compile(
    r"\b(?:follow|watch|stream)\b.{0,20}\blogs?\b"  # ("the tail of its log" is its last lines)
    r"|\blogs?\b.{0,40}\b(?:live|as it (?:runs|goes|is written))\b"
    r"|\btail -f\b"
)
# what a command does, said of a job ("can be paused"): the first participle of each (not "canceled")
_DONE = {verb: said for said, verb in reversed(_PARTICIPLE.items()) if verb in _ACTS_ON}
# "drop": cancel or remove, by the job's state; "letgo": release, of a held job only; "goagain": resume,
# release what is held, or retry what has ended ("get it going again", Czech's "pust ho")
VERB = {verb: command for command, verbs in ACTIONS.items() for verb in verbs} | {
    "drop": "drop",
    "letgo": "release",
    "goagain": "goagain",
    "startagain": "startagain",
}
_SUBMIT = {
    "submit", "launch", "queue", "enqueue", "schedule", "run", "start", "sbatch", "kick", "fire", "spin",
    "send",  # "how i send it? the script is train_yolo.py" (a command line said: else no submission)
}  # fmt: skip
_BUTTON = {"retry": "Retry", "cancel": "Cancel", "pause": "Pause", "resume": "Pause/Resume", "hold": "Hold"}
# words that make what follows a question, not a request, when they come before the verb
_ASKING = {
    "what", "whats", "why", "how", "when", "which", "who", "where", "did", "does", "do", "was", "were", "is",
    "are", "has", "have", "had", "should", "whose", "if", "after", "before", "since", "until", "the", "a",
    "what's", "how's", "who's", "where's", "when's",  # "what's its power limit set to?" asks its value
    "highest", "lowest", "maximum", "minimum", "peak",  # "highest boost clock the 4090 hit today?" asks it
}  # fmt: skip
_LEADING_WORDS = re.compile(
    r"^(?:(?:hey|hi|yo|oh|ok|okay|so|um|uh|er|well|alright|right|then|hmm|and|but|kindly|please|pls|plz"
    r"|actually|instead|on (?:second )?thoughts?|on reflection|in fact"
    # one more request after one ("and while you're at it, set its memory to ...": also)
    r"|whil(?:e|st) (?:you'?re|you are|your|ur|u r|ya'?re|yer) at it"
    r"|do the needful(?: and)?)\b[ ,]*)+"  # Indian English: "please do the needful and retry it"
)
# what one wants done, said before the verb: "we have a drill soon and i'd like to pause the mistral run"
_WANT_TO = re.compile(
    r"^.*?\b(?:i'd|i would|i|we|we'd|we would) (?:like|want|need|wish)(?: you)? to (?=[a-z])"
)
# a time said before the request, aside: "after the upgrade, resume it", "once the backup is done start it
# again" (read only where a request's verb follows)
_WHEN_FIRST = re.compile(
    r"^(?:after|once|when|as soon as)\s+(?:the\s+|this\s+|that\s+|our\s+|my\s+)?[\w-]+"
    r"(?:\s+(?:is|are|has|have)\s+(?:been\s+)?(?:over|done|finished|through|ended|complete))?,?\s+"
)
# what the user lets the chat do, said after what they did: "I finished checking the data, you can release it"
_YOU_CAN = re.compile(r"^.*?\b(?:you|u) (?:can|could|may) (?:now |go ahead and )?(?=[a-z])")
# "help me" (or us) right before a request's verb asks for it, whatever was said before ("i set the wrong
# config on that one, help me stop it": the words before may have a verb of their own)
_HELP_ME = re.compile(r"^.*?\bhelp (?:me|us) (?:to )?(?=[a-z])")
# a request asked as whether it can be done: "is it possible to pause job 11 for a while?"
_POSSIBLE_TO = re.compile(
    r"^.*?\b(?:is it possible|would it be possible|is there a way|could it be possible) to (?=[a-z])"
)
# a request asked as whether the listener minds doing it, its verb in -ing: "would you mind restarting it for
# me?", "do you mind putting a hold on job 12" (the -ing read as its verb, :data:`_ING`; "would you mind
# checking ..." names no verb of a request)
_MIND = re.compile(
    r"^.*?\b(?:would|do|will|wd)(?: (?:you|u|ya))? mind (?:just |please |maybe |possibly )?([a-z-]+ing)\b"
)
# ("how I pause the mistral job": the auxiliary left out, as some write English)
# ("after my test how i resume it": a short lead without its comma)
_BEFORE_HOW = re.compile(
    r"^(?:.*?,\s*|(?:\S+\s+){1,4}?)(?=how (?:(?:do|can|could|would|should) )?(?:i|we|you|u) )"
)
# the change said first, then asked how it is done: "job 14 should get 2 gpus instead of 1, how do i change
# that?", "whisper needs to run on gpu 1 - how can we do it?" (the request is what comes before)
_DONE_HOW = re.compile(
    r"^(.+?)(?:,|\s[-–—])\s*(?:so\s+|and\s+)?how (?:(?:do|can|could|would|should) )?(?:i|we|you|u)"
    r" (?:change|do|set|adjust|fix|arrange|make|get|edit)\s+(?:that|it|this)"
    r"(?:\s+(?:happen|done|changed|up))?\W*$"
)
_HOW_DO_I = re.compile(r"^how (?:(?:do|can|could|would|should) )?(?:i|we|you|u) ")
# a request asked as its bare infinitive, "how" left out: "and after, to start it back up?", "then to
# release it?" (read as "how do i ..." is: the command)
_TO_DO_ASKED = re.compile(r"^(?:[^,]*,\s*)?(?:(?:and|so|then|ok|okay)\s+)*to (?=[a-z])")
_STATE_WORDS = {
    "failed": r"failed|broken|broke|crashed|died|dead|errored|blew up|nan'?d|nan|oom'?d|bad",
    "running": r"running|live",
    "queued": r"queued|waiting|pending",
    "held": r"held",
    "paused": r"paused|suspended",
}
_CLEAN_STATES = {
    "failed": "failed", "cancelled": "cancelled", "canceled": "cancelled", "succeeded": "succeeded",
}  # fmt: skip
_CLEANING = {"delete", "remove", "clean", "clear", "purge", "wipe"}
# how long ago what is cleaned finished: "older than 7 days", "more than a week old", "2+ weeks old", "from
# over 12 hours ago" (gpuaccel clean --older-than 7d)
_CLEAN_AGE = re.compile(
    r"\b(?:(?:older than|more than|over|at least)\s+(\d+|a|an|one)\s*(day|week|hour|d|w|h)s?\b"
    r"|(\d+)\+?\s*(day|week|hour|d|w|h)s?\s+(?:old|ago)\b)"
)
_HARDWARE_VERBS = {
    "set", "reset", "change", "lower", "raise", "increase", "decrease", "overclock", "underclock", "lock",
    "cap", "pin", "boost", "throttle", "undervolt", "crank", "bump", "ramp", "spin", "turn", "fix",
}  # fmt: skip
# the verbs that give a job's setting a new value ("raise it to 8", "drop the gpus to 1", "boost its
# priority to 9", "bring the memory down to 40000")
_CHANGE_VERBS = (
    "set", "make", "put", "change", "lower", "raise", "reduce", "drop", "cut", "bump", "boost", "bring",
    "knock", "take", "trim", "increase", "decrease", "adjust", "update",
)  # fmt: skip
_CHANGED = rf"(?:{'|'.join(_CHANGE_VERBS)})"
_TUNING_VERBS = {"overclock", "underclock", "undervolt"}  # of hardware whatever follows: "overclock the mem"
# the words a request may lead with: "put it on hold", "take it off hold"
_LEADS = {*VERB, *_SUBMIT, *_CLEANING, *_HARDWARE_VERBS, "put", "take", "give"}
# the verbs a request leads with, and those of its phrases ("get it going", "let it proceed"), by their -ing
# form ("restarting", "putting", "cancelling", "pausing", "re-running")
_ING = {
    form: verb
    for verb in sorted(
        {*_LEADS, "get", "set", "place", "leave", "keep", "let", "make", "knock", "turn", "throw", "push"}
    )
    if verb.isalpha() or "-" in verb
    for form in (
        verb[:-1] + "ing" if verb.endswith("e") else verb + "ing",
        verb + verb[-1] + "ing" if verb[-1] not in "aeiouwxy" else "",  # "putting", "cancelling"
    )
    if form
}
_SETTING = re.compile(
    r"\b(?:power limit|limit|power cap|cap|clocks?|fans?|tdp)\b"
)  # "drop gpu 0's power limit to 500 w"
# a setting's new value (the "%" is dropped with the other signs)
_SET_TO = re.compile(r"\bto\s+\d+(?:\s*(?:w|watts?|mhz|rpm|percent))?\b")
_SET_IN_UNITS = re.compile(r"\bto\s+\d+\s*(?:w|watts?|mhz|rpm)\b")  # a value only a card's setting has
# a card switched off: "switch off the idle 4090", "power down gpu 1" (not "turn off the queue")
_POWER_OFF = re.compile(
    r"\b(?:switch|turn|power|shut) (?:off|down)\b(?=.*\b(?:gpu|gpus|card|cards|[ahlbv]\d{2,3}|\d{4})\b)"
    r"|\bpower (?:off|down|cycle)\b"
)
# what someone did to a job, told ("someone put it on hold by mistake", "I paused it earlier")
_TOLD_DONE = re.compile(
    r"\b(?:someone|somebody|i|we|they|he|she|you)(?: \w+)? (?:put|paused|held|cancelled|canceled|killed"
    r"|stopped|parked|submitted|queued)\b",
    re.IGNORECASE,
)
# the machine rebooted, asked as a request ("reboot the whole server please", "can you reboot the box"): not
# "once the reboot is done, resume it" (the noun), nor "pause the queue, I need to reboot the nas" (the
# request comes first)
# how such a request to the administrator opens: "can you", "please", or help asked for, its subject dropped
# as a terse writer drops it ("can help me upgrade the driver", "help us reboot the box")
_ASKED_TO = (
    r"^(?:(?:can|could|would|will) (?:you|u|ye) (?:help (?:me |us )?(?:to )?)?"
    r"|(?:(?:can|could) )?help (?:me |us )?(?:to )?)?(?:please |pls |just )?"
)
# the machine restarted, whatever the verb: "reboot" of anything, or a restart, reset, bounce or power cycle
# of the machine by any of its names ("restart the server", "can you restart the box", "bounce the node");
# a restart of a job is a retry, of the driver a card's reset (:data:`_RESETS`), of the daemon its own
_MACHINE_RESTART = (
    r"(?:reboot\b|(?:restart|reset|bounce|reload|power[ -]?cycle|cycle)\s+"
    r"(?:(?:the|this|that|our|my|your)\s+)?(?:whole\s+|entire\s+|full\s+)?(?:machine|server|box|node|host|workstation|computer|pc|system|rig)s?\b)"
)
_REBOOT = re.compile(_ASKED_TO + _MACHINE_RESTART)
# gpuaccel's daemon restarted: "restart the daemon", "could you restart gpuaccel", "bounce the gpuaccel
# server"
_DAEMON_RESTART = re.compile(
    _ASKED_TO + r"(?:restart|reboot|bounce|reload|reset)\s+(?:(?:the|this|that|our|my|your)\s+)?"
    r"(?:gpuaccel(?:\s+(?:daemon|service|server|scheduler))?|daemon|scheduler)\b"
)
# the verbs that reset a card or its driver ("reset the driver", "restart the nvidia driver", "bounce the
# driver"): done with nvidia-smi as root
_RESETS = {"reset", "restart", "bounce"}
# the GPU drivers updated or reloaded, asked as a request ("can you update the nvidia drivers", "please
# upgrade cuda and reboot", "reload the nvidia kernel module", "restart the driver", "modprobe -r nvidia"):
# not "when were the drivers updated?" (a question of the past); a reload's object right after its verb
# ("restart it, cuda went out of memory" is a retry)
_RELOADS = r"reload|unload|restart|re-?insert|load"
_KERNEL_MODULE = r"(?:(?:kernel|nvidia|gpu|driver)[ _-]?)+mod(?:ule)?s?|nvidia[_-](?:uvm|drm|modeset)"
_DRIVERS = re.compile(
    _ASKED_TO + r"(?:(?:run|rerun|do|try)\s+)?(?:sudo\s+)?(?:"
    r"(?:update|upgrade|reinstall|install|downgrade|roll back|rollback|patch)\b.{0,30}?\b(?:drivers?|cuda)\b"
    rf"|(?P<reload>{_RELOADS})(?:\s+(?:and|&|then)\s+(?:{_RELOADS}))?\s+(?:(?:the|our|my|this|that|its|nvidia|nvidia's|gpus?|gpu's)\s+)*"
    rf"(?:drivers?|{_KERNEL_MODULE})\b|(?P<modprobe>modprobe|rmmod|insmod)\b)"
)
_IT_OFF = re.compile(r"\b(?:switch|turn|power|shut) (?:it|them|that one|this one) (?:off|down)\b")
# a new power limit asked, whatever the verb: "knock its power limit down to 500 W", "can you put the power
# limit of the 4090 at 300 W?"
_NEW_LIMIT = re.compile(
    r"\b(?:power limit|power cap|tdp)\b.{0,40}?\b(?:to|at)\s+(?:around\s+|about\s+|roughly\s+|~\s*)?"
    r"\d+\s*(?:w|watts?)\b"
)
# a card's setting, or a value in a setting's units: "cap the H100 at 400 watts"
_HARDWARE = re.compile(
    r"\b(?:gpu\d*|card\d*|power limit|limit|clock|clocks|fan|fans|tdp|ecc|mig|\d+\s*(?:w|watts?|mhz))\b"
)
# what a reset is of, besides a card's number or setting (:data:`_HARDWARE`): the driver ("reset the nvidia
# driver on gpu 1"), or a card by its model ("reset the 4090", :func:`names.gpus_by_model`)
_DRIVER = re.compile(r"\bdrivers?\b")
# nvidia-smi asked to change the card: a reset, a power limit, locked or application clocks, persistence,
# compute or MIG mode, ECC (plain "nvidia-smi" asks for readings, which the chat gives)
_NVSMI_SETTING = re.compile(
    r"\bnvidia-smi\b.*?(?:\s-(?:r|pl|lgc|lmc|rgc|rmc|ac|rac|pm|c|mig|e)\b|\s--(?:gpu-reset|power-limit|lock|"
    r"applications-clocks|persistence-mode|compute-mode|ecc-config)|\breset\b)"
)
_PROGRAM_IN = re.compile(
    r"(?<![\w./-])(?:python3?|torchrun|bash|sh|accelerate|deepspeed|srun|\./\S+|[\w./-]+\.(?:py|sh))\b.*",
    re.I,
)
# where a command line said in a sentence ends: its GPUs, "and it needs ...", the sentence's end
_COMMAND_END = re.compile(
    r"\s+(?:on|with|using|across)\s+(?:\d+|one|a|two|both|gpu|card)\b|\s+and\s+(?:it|that|this)\b"
    r"|[.?!;](?:\s|$)|,\s"
)
_COUNTS = {"one": 1, "a": 1, "single": 1, "two": 2, "both": 2, "three": 3, "four": 4, "eight": 8}
# a job's GPU count changed: "edit job 13 to use only 1 GPU", "change 13 so it needs 2 gpus", "make job 12 run
# on one gpu", "i want the probe to use one gpu", "give it just one gpu", "let job 13 have 1 gpu", "put it on
# 1 gpu" (gpuaccel edit ID --gpus N); the job by its number, pointed at, or by its name, which may open with a
# digit ("405b probe", a model's size) (a job given GPUs says no "to": the count straight after it)
_RESIZE = re.compile(
    r"\b(?:(?P<give>give|let|allow|limit|restrict|cap|make)|edit|change|modify|alter|set|resize|drop|reduce|cut"
    r"|lower|shrink|scale|bring|want|put|knock)"  # ("knock it down to one gpu": British, Australian)
    r"\s+(?:(?:job\s*)?#?(?P<number>\d+)|(?P<it>it|that|this|that job|this job)"
    r"|(?:the\s+)?(?!(?:me|us|them)\b)(?P<name>[a-z][\w.-]*|\d+[a-z][\w.-]*))\b"
    r"(?:\s+\w+){0,4}?\s+"
    r"(?(give)(?:(?:have|use|run on|to use|to|with)\s+)?"
    r"|(?:to use|use|using|so (?:that )?it (?:only |just )?(?:uses|needs|asks for|gets|runs on)"
    r"|(?:to )?ask for|to request"  # "change job 13 to ask for just 1 GPU"
    r"|to need|needs?|run on|to run on|to|on|with)\s+)"
    r"(?:only\s+|just\s+)?(?:a\s+(?=single\b)|the\s+(?=(?:one|1)\b))?"
    r"(?P<count>\d+|one|a|single|two|three|four|eight)\s+(?:gpus?|cards?)\b"
)  # ("drop it to 1 gpu": "it" is the job talked about; "a single gpu", "just the one gpu": one)
# a job's GPU count changed by a number of GPUs, from what it asks for now (its brief's count): "take one gpu
# off it", "remove a card from job 13", "drop one gpu from the probe" (fewer), "give it one more gpu", "add
# a gpu to job 12" (more); read as the count it comes to (:data:`_RESIZE`)
_JOB_SAID_SO = (
    r"(?:(?:job\s*)?#?(?P<{n}>\d+)|it|that|this|that job|this job"
    r"|(?:the\s+)?(?!(?:me|us|them|queue)\b)(?P<{m}>[a-z][\w.-]*|\d+[a-z][\w.-]*))"
)
_FEWER = (  # "take one gpu off it"
    r"(?:take|remove|drop|cut|subtract)\s+(?:away\s+)?(?P<less>one|a|1|two|2)\s+(?:gpus?|cards?)\s+"
    r"(?:away\s+)?(?:off|from|away from|out of)\s+" + _JOB_SAID_SO.format(n="number", m="name")
)
_MORE = (  # "give it one more gpu", "give one more gpu to job 12"
    r"(?:add|give)\s+(?:" + _JOB_SAID_SO.format(n="to_number", m="to_name") + r"\s+)?"
    r"(?P<more>one|a|1|two|2)\s+(?:more|extra|additional|another)\s+(?:gpus?|cards?)"
    r"(?:\s+to\s+" + _JOB_SAID_SO.format(n="more_number", m="more_name") + r")?"
)
_ADDED = (  # "add a gpu to job 12"
    r"add\s+(?P<added>one|a|1|two|2|another)\s+(?:gpus?|cards?)\s+to\s+"
    + _JOB_SAID_SO.format(n="added_number", m="added_name")
)
_GPUS_BY = re.compile(rf"\b(?:{_FEWER}|{_MORE}|{_ADDED})\b")


def _gpus_by(said: str, context: Context) -> tuple[str, Act | None]:
    """``said`` with a GPU count changed by a number (:data:`_GPUS_BY`) put as the count it comes to ("take
    one gpu off it" of a job asking for 2: "change job 13 to use 1 gpus"), or a refusal where that leaves it
    none; as it was where it says no such change, or the job or what it asks for is not known."""
    m = _GPUS_BY.search(said)
    if m is None:
        return said, None
    number = m["number"] or m["to_number"] or m["more_number"] or m["added_number"]
    key = next((k for k in ("name", "to_name", "more_name", "added_name") if m[k] is not None), None)
    name = m[key] if key is not None else None  # (its words from there on: "the 405b probe", "the eval job")
    named = named_jobs(f"the {said[m.start(key) :]}", context) if key is not None else []
    job = int(number) if number else named[0] if len(named) == 1 else None
    job = _talked_about(context) if job is None and name is None else job
    brief = context.job_briefs.get(job) if job is not None else None
    if brief is None:
        return said, None
    by = m["less"] or m["more"] or m["added"]
    n = 1 if by in ("one", "a", "another") else int(_COUNTS.get(by, by))
    new = brief.gpus - n if m["less"] else brief.gpus + n
    if new < 1:
        return said, Act(
            f"{CANT} Job {job} asks for {brief.gpus} GPU{'s' if brief.gpus != 1 else ''}: it cannot ask for"
            f" {n} fewer (at least 1): gpuaccel edit {job} --gpus N.",
            (job,),
            "edit",
        )
    return f"{said[: m.start()]}change job {job} to use {new} gpus{said[m.end() :]}", None


# a job's memory request changed: "set job 13's memory requirement to 40000 MiB", "lower the probe's memory
# to 40 GiB", "set the 405b probe's memory to 40000 MiB", "and its memory to 40000 MiB" after a change to the
# job talked about (gpuaccel edit ID --memory MIB): the job by its number or name (a few words) before or
# after the memory, or the one talked about ("it", as a request corrected to another job is read again:
# "set it memory to 20000", "set the memory of it to 20000"); the amount in the unit said (:data:`_MIB_PER`),
# or bare in MiB as the flag takes it (not "to 80%", a share)
_NEW_MEMORY = re.compile(
    r"^(?:(?:set|change|edit|make|lower|raise|reduce|increase|drop|bump|cut|put|update|limit|cap|shrink"
    r"|also|plus)\s+)?"
    r"(?:(?:the|its|it'?s|it|that|this|job|jobs?|#)\s+)*"
    r"(?:(?P<number>\d+)|(?P<name>(?:[a-z][\w.-]*|\d+[a-z][\w.-]*)(?:\s+[a-z][\w.-]*){0,2}?)(?:'s)?"
    r"(?=\s+(?:gpu\s+)?(?:memory|mem|vram)))?"
    r"(?:'s)?\s*(?:gpu\s+)?(?:memory|mem|vram)(?:\s+(?:requirement|request|need|ask|limit|reservation))?"
    # ("the memory of job 12", "memory on job 12", "the memory of it": the job talked about)
    r"(?:\s+(?:of|for|on)\s+(?:(?:job\s*)?#?(?P<of>\d+)|it|that job|this job))?"
    r"\s+(?:to|down to|up to|=)\s+(?P<amount>-?\d+(?:\.\d+)?)"
    r"(?:\s*(?P<unit>mib|mebibytes?|mb|megabytes?|megs?|m|gib|gibibytes?|gb|gigabytes?|gigs?|g)\b"
    r"|(?![\w.]))"
)
# the same said as an amount given to the job: "give it 40000 mib mem", "also give job 12 40 GiB of vram",
# "let the probe have 30 GB of memory" (read as "set its memory to ...", as _NEW_MEMORY reads it)
_MEMORY_GIVEN = re.compile(
    r"^(?:(?:also|plus)\s+)?(?:give|let|allow)\s+"
    r"(?:(?:job\s*)?#?(?P<number>\d+)|it|that|this|that job|this job|(?:the\s+)?(?P<name>[a-z][\w.-]*))"
    r"\s+(?:have\s+)?(?:only\s+|just\s+)?"
    r"(?P<amount>\d+(?:\.\d+)?\s*(?:(?!of\b)[a-z]+\s+)?)(?:of\s+)?(?:gpu\s+)?(?:memory|mem|vram)\b"
)


def _memory_given(m: re.Match[str]) -> str:
    """ "give it 40000 mib mem" -> "set its memory to 40000 mib": the amount given, as a memory set."""
    whose = f"job {m['number']}" if m["number"] else f"{m['name']}'s" if m["name"] else "its"
    return f"set {whose} memory to {m['amount'].strip()}"


# MiB in one of each unit a memory amount is said in: GB and MB are the SI units (10^9 and 10^6 bytes), GiB
# and MiB the binary ones nvidia-smi prints; a bare "g" or "m" is Slurm's and Docker's binary suffix ("40G")
_MIB_PER = {"mib": 1.0, "m": 1.0, "gib": 1024.0, "g": 1024.0, "gb": 1e9 / 2**20, "mb": 1e6 / 2**20}
_UNIT_OF = {
    "mebibyte": "mib", "meg": "mb", "megabyte": "mb", "gibibyte": "gib", "gigabyte": "gb", "gig": "gb",
}  # fmt: skip
_UNIT_SAID = {"mib": "MiB", "m": "MiB", "gib": "GiB", "g": "GiB", "gb": "GB", "mb": "MB"}


def _bounds(field: str) -> tuple[int, int]:
    """The lowest and highest value of a job's request ``field`` the daemon takes (its request's own)."""
    low, high = (
        next(getattr(b, k) for b in JobRequest.model_fields[field].metadata if hasattr(b, k))
        for k in ("ge", "le")
    )
    return low, high


# the memory a job may ask of each GPU, and the priorities, as the daemon bounds them
_MEMORY_LOW, _MEMORY_HIGH = _bounds("memory_mib")
_PRIORITY_LOW, _PRIORITY_HIGH = _bounds("priority")


# the GPU count said as a noun ("change its gpu count to 1", "set the number of GPUs of job 13 to 1"): said as
# _RESIZE reads it ("change it to 1 gpus", "set job 13 to 1 gpus")
_COUNT_NOUN = re.compile(
    r"\b(?:(?P<owner>(?:job\s*)?#?\d+|[a-z][\w.-]*)'s\s+|(?:its|their|the)\s+)?"
    r"(?:(?:gpu|card)s?\s+count|number\s+of\s+(?:gpus|cards))(?:\s+(?:of|for)\s+(?P<of>(?:job\s*)?#?\d+|[a-z][\w.-]*))?"
    r"\s+(?:to|down to|=)\s+(?P<count>\d+|one|a single|single|two)\b"
)


def _count_as_gpus(said: str) -> str:
    """``said`` with a GPU count said as a noun, put as _RESIZE reads it (its job by name, number or "it")."""
    return _COUNT_NOUN.sub(lambda m: f"{m['owner'] or m['of'] or 'it'} to {m['count']} gpus", said, count=1)


def _talked_about(context: Context) -> int | None:
    """The job a request that names none means: the one job the last answer named, else the job in focus,
    else, where the last answer named the jobs of one name (an array: "show the sweep"), the job that name
    is read as (its newest, as "lower the sweep's gpus to 1" reads it)."""
    if len(context.subjects) == 1:
        return context.subjects[0]
    focus = context.job_in_focus()
    names = context.names_by_id()
    called = {names.get(i) for i in context.subjects}
    if focus is None and len(called) == 1 and (name := called.pop()) is not None:
        return context.job_names.get(name)
    return focus


def _memory_request(said: str, question: str, context: Context) -> Act | None:
    """ "and the memory requirement to 40000 MiB": the command that changes what a job asks of each GPU's
    free memory, in MiB (an amount said in another unit converted, rounded up so the job still fits); an
    amount the daemon would refuse, or more than any GPU here holds, is refused with why; None where no job
    is named or talked about, where it is a question, or where a bare amount is a share ("to 80%", its sign
    gone from ``said``: read in ``question``)."""
    m = _NEW_MEMORY.search(_MEMORY_GIVEN.sub(_memory_given, said, count=1))
    if m is None or said.rstrip().endswith("?"):
        return None
    if m["unit"] is None and re.search(rf"(?<![\d.]){re.escape(m['amount'])}\s*%", question):
        return None
    number = m["number"] or m["of"]
    if number is None and m["name"] is not None:
        named = named_jobs(m["name"], context)
        number = str(named[0]) if len(named) == 1 else None
    if number is None and m["name"] is None:
        talked = _talked_about(context)
        number = str(talked) if talked is not None else None
    if number is None:
        return None
    unit = (m["unit"] or "mib").rstrip("s")
    unit = _UNIT_OF.get(unit, unit)
    mib = math.ceil(float(m["amount"]) * _MIB_PER[unit] - 1e-9)
    given = f" ({m['amount']} {_UNIT_SAID[unit]})" if _MIB_PER[unit] != 1.0 else ""
    low, high = _MEMORY_LOW, _MEMORY_HIGH
    largest = max(context.gpu_memory.items(), key=lambda kv: kv[1], default=None)
    if not low <= mib <= high:
        return Act(
            f"{CANT} {m['amount']} {_UNIT_SAID[unit]} is no memory request gpuaccel takes: gpuaccel edit"
            f" {number} --memory MIB takes {low} to {high} MiB of free memory on each GPU.",
            (int(number),),
            "edit",
        )
    if largest is not None and largest[1] > 0 and mib > largest[1]:
        return Act(
            f"{CANT} No GPU here has {mib} MiB{given}: the largest, GPU {largest[0]}, has"
            f" {largest[1]:.0f} MiB, so job {number} would never start; ask for at most that:"
            f" gpuaccel edit {number} --memory MIB.",
            (int(number),),
            "edit",
        )
    return Act(
        f"{CANT} To change job {number} to ask for {mib} MiB{given} of free memory on each GPU: gpuaccel edit"
        f" {number} --memory {mib} (a queued or held job only).",
        (int(number),),
        "edit",
    )


# a job's dependencies taken away (gpuaccel edit ID --after none): "remove the dependency of job 12", "drop
# its dependencies", "let the eval start without waiting for 11", "12 shouldn't wait for 11 anymore"
_DEPENDENCY_DROPPED = re.compile(
    r"\b(?:remove|drop|clear|delete|cut|break|lift|unset|take away|take off|get rid of)\s+"
    r"(?:(?:the|its|their|all|any)\s+)*(?:(?P<whose>[\w.-]+)'s\s+)?(?:dependenc(?:y|ies)|deps?)\b"
    r"(?:\s+(?:of|for)\s+(?:the\s+)?(?P<of>(?:job\s*#?)?[\w.-]+))?"
    r"|\b(?:let|make|have|get)\s+(?P<let>.{1,40}?)\s+(?:start|run|go)\s+(?:\w+\s+)?without\s+waiting\b"
    r"|(?:^|,\s*)(?P<who>.{1,40}?)\s+"
    r"(?:should(?:n't| not)|does(?:n't| not) (?:need|have) to|need not|mustn't)\s+wait\s+(?:for|on)\b"
)


def _dependency_request(said: str, context: Context) -> Act | None:
    """ "remove the dependency of job 12": the command that lets a waiting job start without the jobs it
    depends on; None where no one job is named or talked about ("the dependency on job 11" names the job
    waited for: the job edited is the one talked about)."""
    m = _DEPENDENCY_DROPPED.search(said)
    if m is None:
        return None
    said_job = next((m[k] for k in ("whose", "of", "let", "who") if m[k]), None)
    job: int | None = None
    if said_job is not None and not re.fullmatch(r"it|that|this|that job|this job|them", said_job):
        named = named_jobs(said_job, context)
        number = re.search(r"\d+", said_job) if not named else None
        job = int(number[0]) if number else (named[0] if len(named) == 1 else None)
    if job is None:
        job = _talked_about(context)
    if job is None:
        return None
    return Act(
        f"{CANT} To let job {job} start without waiting for the jobs it depends on: gpuaccel edit {job}"
        " --after none (a queued or held job only).",
        (job,),
        "edit",
    )


# a job moved to another GPU: "move the whisper run to the 4090", "put job 14 on gpu 1", "shift it over to
# the h100", "make it run on gpu 1" (gpuaccel edit ID --gpu-ids G); the card said by its index or its model
# ("pin whisper to gpu 1", "restrict it to the 4090", "make it only use gpu 1": kept to that card, the same)
_MOVED_TO_GPU = re.compile(
    r"\b(?:(?:move|shift|switch|transfer|migrate|send|put|pin|restrict|tie|bind)\s+(.{1,40}?)\s+(?:over\s+)?"
    r"(?:to|onto|on)\s+"
    r"|(?:make|have|let)\s+(.{1,40}?)\s+(?:only\s+|just\s+)?(?:run\s+(?:only\s+|just\s+)?(?:to|onto|on)|use)\s+"
    r"(?:only\s+|just\s+)?)"
    r"(?:the\s+)?(?:(?:gpu|card)\s*#?\s*(\d+)|([a-z]*\d+[a-z]*)"
    # the card said by what it is: "the gaming card", "the big gpu" (:func:`gpus_called`)
    r"|(?P<called>(?:that\s+|our\s+|my\s+|this\s+)?[a-z]+(?:[\s-][a-z]+)?\s+(?:graphics\s+card|card|gpu|one)))\b"
)
# the same said as what a job must do: "whisper-finetune should run on gpu 1", "the eval has to run on the
# 4090" (read as "make ... run on ...")
_TO_RUN_ON = re.compile(
    r"(?:^|,\s*)(.{1,40}?)\s+(?:should|must|needs?\s+to|has\s+to|have\s+to|ought\s+to|is\s+to)"
    r"\s+(?:only\s+|just\s+)?(?:be\s+)?(?:(?:run|ran|running|moved|put)\s+"
    r"(?:only\s+|just\s+|exclusively\s+)?(?=(?:on|onto|to)\s)"
    r"|(?P<use>use|get|take|run with|run on|make do with|manage with|get by with)\s+"
    r"(?=(?:only\s+|just\s+)?(?:\d+|one|a|a single|two)\s+(?:gpus?|cards?)\b))"
)  # ("the probe should use only one gpu", "... should run with 1 gpu instead of 2", "... should make do with
# one gpu": made to use it; "... should run only on gpu 1": made to run there)


# the same said as a change made so that the job runs there: "change whisper so it only runs on gpu 1", "edit
# job 14 so that it uses the 4090" (read as "make ... run on ...")
_SO_IT_RUNS = re.compile(
    r"\b(?:change|edit|modify|adjust|alter|tweak|fix|reconfigure)\s+(.{1,40}?),?\s+so\s+(?:that\s+)?(?:it|they)"
    r"\s+(?:only\s+|just\s+)?(?:runs?|goes|go|uses?|sits?)\s+(?:only\s+|just\s+)?(?:on\s+|onto\s+)?"
    r"(?=(?:the|gpu|card)\b|[a-z]*\d)"
)


def _made_to(m: re.Match[str]) -> str:
    """ "the probe should run on gpu 1" -> "make the probe run on gpu 1"; "... should use one gpu" -> "make
    the probe use one gpu": what the job ought to do, said as the request the rules read."""
    return f"make {m[1]} {'use' if m['use'] else 'run'} "


# the queue's groups (gpuaccel group): one added ("create a group called night that runs 2 jobs in
# parallel", "add queue group gpu1 with parallelism 1"), removed ("delete the night group"), its limit changed
# ("let group night run 3 jobs at once", "set group night's parallelism to 2"), a job put in one ("put job 12
# in group night")
def _group_name(key: str = "name") -> str:
    """A group's name as said (quoted or not; not "called" or "named"), captured as ``key``."""
    return rf"['\"]?(?P<{key}>(?!called\b|named\b)[a-z0-9][\w.-]*)['\"]?"


_GROUP_ADDED = re.compile(
    r"\b(?:create|add|make|set up|start|open)\s+(?:a\s+|an\s+)?(?:new\s+)?(?:queue\s+)?group"
    rf"\s+(?:(?:called|named)\s+)?{_group_name()}"
)
_GROUP_REMOVED = re.compile(  # "delete group night", "delete the night group"
    r"\b(?:remove|delete|drop|get rid of)\s+"
    rf"(?:(?:the\s+)?(?:queue\s+)?group\s+{_group_name()}|the\s+{_group_name('before')}\s+(?:queue\s+)?group\b)"
)
_GROUP_LIMIT = re.compile(
    rf"\b(?:let|allow|set|change|make|have)\s+(?:the\s+)?(?:queue\s+)?group\s+{_group_name()}(?:'s)?\b"
)
_IN_GROUP = re.compile(
    rf"\b(?:put|move|add|assign|place)\s+(?:job\s*)?#?(?P<job>\d+)\s+(?:in|into|to)\s+(?:the\s+)?(?:queue\s+)?"
    rf"group\s+{_group_name()}"
)
_AT_ONCE = re.compile(
    r"\b(?P<n>\d+|one|two|three|four|eight)\s+(?:jobs?\s+|runs?\s+)?(?:at (?:a|one|the same) time|at once"
    r"|in parallel|concurrently|simultaneously|side by side)\b"
    r"|\bparallel(?:ism)?\s+(?:of\s+|to\s+|=\s*)?(?P<p>\d+)\b"
)
_GPUS = re.compile(
    r"\b(?:on|with|using|across|over|needs?|needing|wants?)\s+(\d+|one|a|single|two|both|three|four|eight)"
    r"\s+(?:gpus?|cards?)\b"
)
_GPU_IDS = re.compile(r"\b(?:on|to)\s+(?:gpu|card)\s*(\d+(?:\s*(?:,|and)\s*\d+)*)\b")


@dataclass(frozen=True)
class Act:
    """The reply to a request to act, the jobs it names (the conversation's focus after it) and the command
    it answers with where it is one of a job's or the queue's (what "undo that" takes back)."""

    reply: str
    jobs: tuple[int, ...] = ()
    command: str | None = None


# a verb's "re-" written with its hyphen ("re-queue it", "re-submit"): the verb as listed, unhyphened
_RE_HYPHEN = re.compile(r"\b(re)-([a-z]+)\b")


def _words(question: str) -> str:
    """The question in lower case, its signs dropped but those of names and numbers, typos of request verbs
    and their hyphened "re-" forms read as the verb."""
    said = " ".join(re.sub(r"[^a-z0-9#'_.,-]+", " ", question.lower().replace("\u2019", "'")).split())
    said = _RE_HYPHEN.sub(lambda m: m[1] + m[2] if m[1] + m[2] in VERB else m[0], said)
    return re.sub(r"\b[a-z]{5,}\b", lambda m: _verb_typed(m[0]), said).rstrip(".!?")


# the verbs of requests long enough that a slip of the fingers leaves no other word ("cancle job 13",
# "relase it", "pasue the sft")
_TYPED_VERBS = tuple(v for v in VERB if len(v) >= 5 and v.isalpha())


@functools.lru_cache(maxsize=4096)
def _verb_typed(word: str) -> str:
    """``word``, or the request verb it is a typo of (not another form of one: "paused", "cancels")."""
    if word in VERB or word in WORD_OF or word in STOP or word in KEPT:
        return word
    for verb in _TYPED_VERBS:
        other_form = len(word) > len(verb) and word.startswith(verb[:-1])
        if not other_form and typo_of(word, verb):
            return verb
    return word


_NOT = {"don't", "dont", "not", "never"}  # (a word of _words: "Don’t" is read as "don't")


def _verb_at(tokens: list[str], leads: Collection[str] = _LEADS) -> int | None:
    """Where the request's verb (one of ``leads``) is: within the first eight words, after no word that
    makes it a question ("why did you cancel it", "the job I paused")."""
    for i, token in enumerate(tokens[:8]):
        word = token.strip(",.:")
        if _on_hold(tokens, i):
            continue  # a job's state, no verb ("whisper still on hold is it"; "put" leads a request)
        if i > 0 and tokens[i - 1] in _NOT:
            continue  # a verb said not to be done ("don't cancel job 12"): no request of it
        if word in leads and (word != "give" or "prio" in " ".join(tokens)):  # "give it another go"
            return i
        if word in _ASKING or any(c.isdigit() for c in word):
            return None
        after = tokens[i + 1].strip(",.:") if i + 1 < len(tokens) else ""
        if word in ("will", "would", "won't", "wont") and after not in ("you", "u", "ya", "ye"):
            return None  # "will it start on its own?" asks; "will you pause it" requests
    return None


def _on_hold(tokens: list[str], i: int) -> bool:
    """Whether ``tokens[i]`` is "hold" said as a job's state, after "on" / "off" ("still on hold is it"):
    no verb."""
    return tokens[i].strip(",.:") == "hold" and i > 0 and tokens[i - 1] in ("on", "off")


# a question, which no request said topic first is ("resnet50-bench, why'd it stop", "X cancel, who did it")
_ASKED = re.compile(r"\?|\b(?:what|which|who|whom|whose|why|when|where|how)(?:'\w+)?\b")


def _verb_after_a_job(tokens: list[str], context: Context) -> int | None:
    """Where the request's verb is when the job is said first, topic first ("70b eval put higher priority
    pls", "job 12 cancel pls"): right after words that name a job and nothing else; else None."""
    for i in range(1, min(len(tokens), 5)):
        if tokens[i].strip(",.:") in _LEADS and not _on_hold(tokens, i) and _verb_at(tokens[i:]) == 0:
            head = " ".join(tokens[:i])
            named = re.fullmatch(rf"{JOB_SAID}\d+", head) or named_jobs(head, context)
            plain = "," not in head and not (_ASKING - {"the", "a"}) & set(head.split())
            return i if named and plain and not _ASKED.search(" ".join(tokens)) else None
    return None


def _state_said(said: str) -> str | None:
    return next((s for s, words in _STATE_WORDS.items() if re.search(rf"\b(?:{words})\b", said)), None)


# a clause that says when or why, to the end of its sentence or comma: a job named there is the condition,
# not the object ("It will never get both cards while the mistral run is going. Please cancel it."; "hold it
# until the sweep finishes")
# ("llama-70b-eval should go first after job 11. Change its priority": job 11 only says when; "hold the
# eval, I don't want it to start when job 11 finishes": job 11 is no object of "hold")
_SUBORDINATE = re.compile(
    r"\b(?:while|because|since|until|till|unless|as long as|whenever|when|after|before|behind|ahead of"
    r"|once)\b"
    r"[^.,;!?]*",
    re.I,
)


def _jobs(said: str, question: str, context: Context, states: Mapping[int, str], verb_end: int) -> list[int]:
    """The jobs a request names: by number, else by name, else pointed at; narrowed by a state said."""
    listed = re.findall(rf"{JOB_SAID}(\d+(?:\s*(?:,|and|&)?\s*#?\d+)*)", _SUBORDINATE.sub(" ", said))
    ids = [int(i) for group in listed for i in re.findall(r"\d+", group)]
    after = said[verb_end:]
    # ("pause number eleven", "cancel no. 12", as a voice typist or a list says it; not a count: "the 2
    # queued ones")
    bare = re.match(
        r"\s*(?:the\s+)?(?:(?:number|no\.?|num)\s+)?(\d+(?:\s*(?:,|and)\s*\d+)*)\b"
        r"(?!\s*(?:gpus?|cards?|%|s\b|min|sec|jobs?|runs?|tasks?|(?:\w+\s+)?ones\b))",
        after,
    )
    if not ids and bare:  # "scancel 12", "bump 13 to prio 10", "cancel the 13": a known job's number
        ids = [int(i) for i in re.findall(r"\d+", bare.group(1)) if int(i) in states or not states]
    if ids:
        return list(dict.fromkeys(ids))
    found = named_jobs(question, context)
    clause = said[verb_end:].split(",")[0]  # "suspend the sft run, don't kill it": "it" is the run
    if len(found) > 1:  # "release whisper, data for it is ready": the verb's own clause names the job
        found = named_jobs(clause, context) or found
    pointed = pointing(("one", "ones", "element", "elements")).search(clause)  # "the failed element"
    # "kill it, I need that card for a firmware flash": the verb's own object is the job in focus, over a
    # word elsewhere that is only the first part of a name (flash-attn-build)
    at_once = re.match(  # "hold that same job": the job in focus, not a description ("the job on hold")
        r"\s*(?:it|its|them|those|these|(?:that|this|the) (?:same )?(?:one|job|run|task)s?)\b",
        said[verb_end:],
    )
    if pointed and (not found or (at_once and not named_jobs(question, context, stems=False))):
        found = list(context.subjects) or found
    last = context.last
    if pointed and not found and last is not None and (last.job is not None or last.gpu is not None):
        # "could you pause it?" after a reading of the job's run or of the GPU it runs on: that job
        found = [last.job] if last.job is not None else context.running_on(last.gpu)
    return _in_state(found or _on_gpu(after, context), _state_said(said[verb_end:]), context, states)


# the job said by the GPU it runs on: "pause whatever is on the H100", "kill the job on gpu 1"
_ON_GPU = re.compile(
    r"^\s*(?:whatever|what|anything|everything|all|the (?:job|run|task|thing|training)s?)\b"
    r"(?: (?:that|which))?(?: (?:is|are)|'s)?(?: (?:running|currently|now))*"  # ("whatever's on card 0")
    r" on (?:the )?(?:gpu ?(\d+)|card ?(\d+)|([\w-]+))"
)


def _on_gpu(after: str, context: Context) -> list[int]:
    """The jobs running (or paused: they keep their GPUs) on the GPU said after the verb; [] if none said."""
    m = _ON_GPU.match(after)
    if m is None:
        return []
    said = m.group(1) or m.group(2)
    return context.running_on(int(said) if said is not None else gpu_by_model(m.group(3), context))


def _in_state(found: list[int], state: str | None, context: Context, states: Mapping[int, str]) -> list[int]:
    """The jobs found in the state said, else their arrays' jobs in it ("the broken one" after the sweep's
    other runs: the failed one of their array), else as found."""
    if state is None or not found:
        return found
    narrowed = [i for i in found if states.get(i) == state]
    if not narrowed:  # "the broken one" after the sweep's other runs: the failed one of their array
        narrowed = [i for i in _array_mates(found, context) if states.get(i) == state]
    return narrowed or found


def _array_mates(found: list[int], context: Context) -> list[int]:
    """Every run of the arrays the jobs ``found`` belong to, in order."""
    arrays = [set(elements.values()) for elements in context.arrays.values()]
    return sorted({j for group in arrays if group & set(found) for j in group})


def _able_of_array(
    found: list[int], able: set[str], context: Context, states: Mapping[int, str]
) -> list[int]:
    """The jobs a request names by a name its array's runs share ("retry lr-sweep" after its failure): where
    none found can take the request (the sweep's last run succeeded), the one run of their arrays that can
    (the failed one); else as found."""
    if not found or any(states.get(i) in able for i in found):
        return found
    fits = [i for i in _array_mates(found, context) if states.get(i) in able]
    return fits if len(fits) == 1 else found


# an object said in English after the verb ("stop the music", "hold my horses"): a determiner or a possessive
_ENGLISH_OBJECT = re.compile(
    r"\b(?:the|a|an|my|our|your|his|her|their|this|that|these|those|every|any|some|each)\b|\w's\b"
)
# the states of a job gpuaccel edit changes (scheduler.lifecycle.controls.EDITABLE), which are those its
# priority still matters in, and of one that can be removed
_EDITABLE = {JobState.QUEUED.value, JobState.HELD.value}
_REMOVE_ON = {"failed", "cancelled", "succeeded"}


def _object_unsaid(
    question: str,
    said: str,
    at: int,
    verb_end: int,
    command: str,
    talked: int | None,
    context: Context,
    states: Mapping[int, str],
) -> list[int]:
    """The job in focus, for a request whose verb (often an English loanword inside another language: "3mello
    retry", "tee sellele retry", "ma2sadi pause mish cancel") says no object of its own: the pronoun is in the
    other language's words, or left out. Only where that job can take the request (a failed job retried, a
    queued one held), nothing after the verb names an object in English ("stop the music"), the message asks
    nothing ("?") and, for pause, resume and cancel (said alone, the queue's or "never mind"), some word comes
    before the verb and the last request was not the queue's."""
    if talked is None or question.rstrip().endswith("?"):
        return []
    # (the new priority said is no object: "7ot priority 10" puts it on the job in focus)
    # ("bump the priority": the setting the verb changes, no object either)
    clause = re.sub(
        r"\b(?:(?:the|its) )?prio(?:rity)?(?:\s*(?:to\s*|of\s*)?-?\d+)?", " ", said[verb_end:].split(",")[0]
    )
    if _ENGLISH_OBJECT.search(clause) or re.search(r"\d", clause):
        return []
    if command in ("pause", "resume", "cancel") and (at == 0 or QUEUE_PAUSED.search(context.request or "")):
        return []
    able = _ACTS_ON.get(command) or (_EDITABLE if command == "priority" else _REMOVE_ON)
    if command in ("goagain", "startagain", "drop"):
        able = {"failed", "cancelled", "succeeded", "paused", *_ACTS_ON["cancel"]}
    return [talked] if states.get(talked) in able else []


def _priority(said: str, jobs: list[int], context: Context) -> str | None:
    """The new priority said ("to prio 10", "priority of job 12 to 5"), not a number of a job's name."""
    rest = said
    for name, job_id in context.job_names.items():
        if job_id in jobs:
            rest = rest.replace(name.lower(), " ")
    rest = _JOB_NUMBER.sub(" ", rest)
    # ("give it a higher priority, say 10", "..., maybe 8": the value offered after it)
    offered = r"(?:,?\s*(?:say|like|maybe|perhaps|e\.?g\.?|something like)\s+)?"
    m = re.search(rf"\bprio(?:rity)?\s*(?:of\s*)?(?:to|=|at|:|,)?{offered}\s*(-?\d+)\b", rest) or re.search(
        r"\b(?:to|=)\s*(-?\d+)\b", rest
    )
    return m.group(1) if m else None


def _kind_said(kind: str) -> str:
    spaced = re.escape(kind).replace(r"\.", "[. ]")
    return rf"(?<![\w.-]){spaced}(?![\w-])"


def _submission(question: str, said: str, verb: str, verb_end: int) -> str | None:
    """``gpuaccel submit ...`` for a request that says what to run (a command line, in backticks or after
    the verb, or a workload kind); None when it says nothing to run."""
    quoted = re.search(r"`([^`]+)`", question)
    command = quoted.group(1).strip() if quoted else None
    kinds = sorted(registry.kinds(), key=len, reverse=True)  # "attention.bench" said as "attention bench"
    kind = next((k for k in kinds if re.search(_kind_said(k), said)), None)
    if command is None and kind is None:
        m = _PROGRAM_IN.search(question)  # the command line, wherever it is said
        rest = _COMMAND_END.split(m.group(0))[0] if m else ""
        command = re.sub(r"\s*(?:please|pls|plz|for me|now)\s*$", "", rest).strip() or None
    if command is None and kind is None:
        if verb in ("submit", "sbatch", "enqueue") and re.search(
            r"\b(?:job|jobs|run|training|command|script)\b", said
        ):  # "how do i submit a job": the command's form
            return f"{CANT} To submit a job: {USAGE} (or the Submit button of the Jobs tab)."
        return None
    gpus = ""
    if m := _GPU_IDS.search(said):
        gpus = " --gpu-ids " + ",".join(re.findall(r"\d+", m.group(1)))
    elif m := _GPUS.search(said):
        n = m.group(1)
        gpus = f" --gpus {_COUNTS.get(n, n)}"
    retries = re.search(r"\b(?:with|w/?|and)\s*(\d+)\s+(?:retries|retry|tries|attempts)\b", said)
    gpus += f" --retries {retries.group(1)}" if retries else ""  # "w/ 3 retries"
    what = kind if kind is not None else "command"
    tail = f" -- {command}" if command else ""
    spec = " (its spec with --set KEY=VALUE)" if kind is not None else ""
    return f"{CANT} To submit it: gpuaccel submit {what}{gpus}{tail}{spec}, or the Jobs tab's Submit button."


_ACK = re.compile(r"\s*(?:ok|okay|alright|all right|right|sure|fine|yes|yeah|cool|good|great)\s*", re.I)


def _bids(clause: str) -> bool:
    """Whether a clause starts with a request's verb on a job ("put it on hold then", "please pause it")."""
    said = _LEADING_WORDS.sub("", _words(clause)).split()
    return bool(said) and (said[0] in VERB or said[0] == "put")


# a subject named first, then what is asked of it after a colon ("whisper-finetune: release it please"), as a
# ticket or a terse note writes it; or a bare name before a comma ("oh and the eval job, hold that one")
_TOPIC_FIRST = re.compile(
    r"^(?P<topic>[^:]{1,40}?)\s*:\s+(?P<rest>\S.*)$"
    r"|^(?:(?:oh|and|also|so|ok|okay|right|righto|as for)\s*,?\s+)*"
    r"(?P<name>(?:the\s+)?[\w.-]+(?:\s+(?:job|run))?)\s*,\s+(?P<after>\S.*)$",
    re.S | re.I,
)


def read_act(question: str, context: Context, states: Mapping[int, str] | None = None) -> Act | None:
    """The command for a request to act, or None when the question is not one. ``context``: the
    conversation's jobs (``subjects``: what "it" means), the machine's names and arrays; ``states``: each
    known job's state, for "the broken one" and for "start it" of a held job (releasing it). A request
    after a sentence that sets it up ("The 405b probe is no longer needed. Could you cancel it?") is read
    with the jobs that sentence names as what "it" means."""
    states = states or {}
    fixed = _CORRECTED_IN_PLACE.match(question.strip())
    fix = fixed and (f"i meant {fixed['alone']}" if fixed["alone"] else fixed["fix"])
    if fixed is not None and (act := asked_again_of(fix, fixed["request"], context, states)):
        return act  # "cancel job 12... no wait, I meant 13": the request, of the job the correction names
    question = points_back(question)  # "kindly retry the same", "the said job": it, that job
    topic = _TOPIC_FIRST.match(question.strip())
    subject, rest = (topic["topic"] or topic["name"], topic["rest"] or topic["after"]) if topic else ("", "")
    if topic is not None and pointing().search(rest):
        # "llama-405b-probe: please change it to 1 GPU", as a ticket names its subject first: "it" is that job
        named = named_jobs_in(subject, context)
        about = _read_one(rest, replace(context, subjects=named), states) if named else None
        if about is not None:
            return about
    asked = re.match(r"([^?]+\?)\s+(\S.*)$", question.strip())
    if asked is not None and sets_the_scene(asked.group(2)):
        # "any card free rn? want to throw a quick run on it": what the user means to do after a question
        # is why they ask, no request
        question = asked.group(1)
    act = _read_one(question, context, states)
    lead = re.match(r"([^,]+),\s*(?=\S)", question.strip())  # "I wanna game for a bit, pause the mistral run"
    if act is None and lead is not None and sets_the_scene(lead.group(1)):
        act = _read_one(question.strip()[lead.end() :], context, states)
    if act is None and lead is not None:  # "ok, put it on hold then, I don't want it to start": the request
        clauses = [c for c in re.split(r",\s*", question.strip()) if c and not _ACK.fullmatch(c)]
        bidden = clauses and _bids(clauses[0])
        act = _read_one(clauses[0], context, states) if bidden else None
    # the sentences, and a clause before a request after a comma ("The run that failed, can you run it
    # again?", "We don't need the whisper training anymore, please cancel it", "we don't need the 405b
    # probe, cancel it"): its jobs are what "it" means
    # ("the budget is approved, so please let it go ahead", "it cannot run anyway, so put it on hold")
    # ("The electrician needs the circuit - can we pause whatever is on the H100?": a dash too)
    sentences = re.split(
        r"(?<=[.!;])\s+(?=[A-Za-z])|(?:,|\s[-–—]|(?<=\?))\s+(?:so|and|then)?\s*"
        r"(?=(?:(?:can|could|would|will) (?:you|u|we)|please"
        r"|pls|kindly|just|cancel|kill|stop|hold|pause|release|retry|rerun|resume|requeue|drop|put|let|give|move"
        r"|clear|clean|purge|wipe|remove|delete"  # "the queue is a mess, clear out the failed ones"
        r"|turn|bin"  # "the electricians are finished, turn the queue back on", "not needed now, bin it"
        r"|(?:re)?start (?:the |our )?(?:whole |entire )?queue"  # "upgrade over, start the queue again"
        r"|(?:i|we) (?:want|would like|wish) that"  # "it is on hold, I want that it runs now"
        r"|bump|park|shelve|set|change|raise|lower|prioriti[sz]e"
        r"|make|bring|knock|cut|reduce|trim)\b"  # "job 13 wants 2 gpus, make it 1"
        rf"|(?:can|could|would|should) (?:[\w-]+ ){{1,3}}?(?:just |simply )?be {_DONE_SAID})",
        question.strip(),
        flags=re.IGNORECASE,
    )
    for k in range(1, len(sentences)):
        rest = " ".join(sentences[k:])
        if (told := _setting_told(" ".join(sentences[:k]), rest, context, states)) is not None:
            return told  # "X is asking for 60000 MiB, can you drop that to 40000": that setting's new value
        # "that probe can wait, park it": "it" is the job the sentence before names, not the conversation's
        pointed = act is not None and pointing().search(rest) and not re.search(r"\d", rest)
        if act is not None and not pointed:
            break
        lead = " ".join(sentences[:k])
        main = _SUBORDINATE.sub(" ", lead)  # a job named in a "while ..." clause is no "it"
        found = named_jobs_in(main, context)
        if not found and (bare := bare_job(_words(main), context, main)) is not None:
            found = [bare]  # "13 is never gonna fit while 11 runs, drop it to 1 gpu": job 13, by its number
        named = _in_state(found, _state_said(_words(main)), context, states)
        if pointed and not named and _TOLD_DONE.search(lead):
            # "I think someone put it on hold by mistake. Please could you let it go ahead?": what was done
            # is told; the request is the sentence after it
            act = _read_one(rest, context, states) or act
            break
        if pointed and not named:
            break
        act = _read_one(rest, replace(context, subjects=named or context.subjects), states) or act
    return act or _which_of_several(question, context, states)


def _which_of_several(question: str, context: Context, states: Mapping[int, str]) -> Act | None:
    """A request of one job that names none ("lower the gpus to 1", "bump the priority") right after an
    answer naming several, none in focus (:meth:`Context.several_meant`): which of them, as a question
    about one job asks it (:func:`names.which_of`), where the request, read with one of them in focus (the
    first that can take it: a priority is a waiting job's), is of that job; else None. The jobs of one name
    are that name's job (:func:`_talked_about`)."""
    several = context.several_meant()
    if not several or _talked_about(context) is not None:
        return None

    def of_it(job: int) -> bool:
        asked = read_act(question, replace(context, subjects=[job], listing=[], listed=None), states)
        return asked is not None and asked.jobs == (job,)

    each_state = {states.get(job): job for job in reversed(several)}.values()  # (the first in each state)
    return Act(f"{CANT} {which_of(several, context)}") if any(map(of_it, each_state)) else None


# a request corrected in the message that makes it ("bump job 12 to 5... no wait, I meant 13", "hold 12,
# sorry, I mean 14", "cancel 12 - correction, I meant 13", as a ticket writes it): the request, then the
# correction (:func:`asked_again_of` reads it as a follow-up would);
# the job meant may follow the interjection alone ("cancel job 12... no, sorry, job 13", "pause 9, oops, 10"),
# read as "I meant" it
# the words that take back what was just said ("no", "sorry", "scratch that"), and a job said alone after them
_TAKING_BACK = (
    r"(?:no|nope|nah|oops|sorry|wait|actually|hmm?|correction|my bad|my mistake|scratch that|rather)"
)
_JOB_ALONE = r"(?:the )?(?:job |number )?#?\d{1,4}"
_CORRECTED_IN_PLACE = re.compile(
    rf"(?P<request>.*?\w)\W*\s(?P<fix>(?:{_TAKING_BACK}\W*\s+)+"
    rf"(?:(?:i meant|i mean|meant)\b.*|(?P<alone>{_JOB_ALONE})\W*))$",
    re.I,
)
# the same correction as a message of its own, right after the request: "no, 13", "nope 13", "13 not 12",
# "13, not 12 sorry" (the job meant, taken back or said against the one the request named)
_CORRECTED_ALONE = re.compile(
    rf"^\W*(?:(?:{_TAKING_BACK}\W*\s*)+(?P<job>{_JOB_ALONE})|(?P<first>{_JOB_ALONE}),?\s+not\s+{_JOB_ALONE})"
    rf"(?:\W*\s*{_TAKING_BACK})*\W*$",
    re.I,
)
# a request to pause the whole queue, as heard ("pause the whole queue pls", "can you pause everything", "stop
# the whole queue": pueue's pause, as :func:`_read_one` reads a stop of the queue)
QUEUE_PAUSED = re.compile(
    r"\b(?:pause|halt|freeze|suspend)\b.{0,20}\b(?:queue|everything|all|scheduler)\b"
    r"|\bstop\b.{0,20}\b(?:whole|entire) queue\b|\bstop (?:the |our )?queue\b",
    re.I,
)
# the last request taken back: "undo that", "revert it", "put it back (the way it was)" right after "pause it"
_UNDO = re.compile(
    r"^(?:(?:undo|revert|reverse|roll back|take back) (?:that|it|this|them|the last one)"
    r"|(?:put|set|change|turn) (?:it|that|this|them|everything|things) back"
    r"(?: (?:again|to (?:how|what) it was|as it was|the way it was))?)\W*$"
)
# what undoes a request: a pause by a resume, a hold by a release, and back
_INVERSE = {"pause": "resume", "resume": "pause", "hold": "release", "release": "hold"}


def _undone(context: Context, states: Mapping[int, str]) -> tuple[str, list[int]] | None:
    """The last message's request to pause, resume, hold or release (its command and its jobs, none for the
    queue's), which "undo that", "put it back" or its inverse said with no object takes back; None after
    any other message."""
    if not context.request:
        return None
    before = read_act(context.request, replace(context, request=None), states)
    if before is None or before.command not in _INVERSE:
        return None
    return before.command, list(before.jobs)


# a request said again of other jobs: "and 13 too", "job 5 also", "same for 13", "13 as well pls"
_ALSO_OF = re.compile(r"\b(?:too|also|as well|likewise|same (?:for|with|to|goes for)|(?:the )?same)\b")
# a correction of the job a request named ("no, I meant 12", "sorry not 13, 12"): the request asked of
# the job it names instead, the one said after "not" dropped
_INSTEAD_OF = re.compile(
    r"\b(?:(?:(?:is|was) )?what i meant|i meant|i mean|meant|instead)\b"  # ("9 is what I meant": no question)
    rf"|\b{TAKEN_BACK}\b"  # ("sorry, it was job 13": what was meant, after a word taking it back)
)
_NOT_THAT = re.compile(r"\bnot (?:the |job )?#?[\w.-]+,?")
# (a correction asks nothing: "i meant to ask: how long has 12 waited?" is a question, :data:`_ASKED`)
# a value said alone as a setting's new one ("make it 50", "set to 50", "change it to 1", "change for 1
# only"), with no job and at most a unit: after a request to change a job's priority ("raise the probe's
# priority"), that job's new priority; after a question about a job's setting (:func:`setting_asked`), that
# setting's
_NEW_VALUE = re.compile(
    r"^(?:(?:ok|okay|then|and|so)\s+)?"
    # (asked: "can you drop that to 40000", "could you please make it 50")
    r"(?:(?:can|could|would|will)\s+(?:you|u|ya|ye)\s+)?(?:(?:please|pls|just)\s+)?"
    rf"(?:{_CHANGED}\s+"
    r"(?:it\s+|that\s+|(?:its|the)\s+prio(?:rity)?\s+)?(?:(?:down |up )?to\s+|for\s+)?|to\s+)"
    r"(?:only\s+|just\s+)?(?P<value>-?\d+)\s*(?P<unit>(?!(?:then|please|pls|only|just|instead)\b)[a-z]+)?"
    r"(?:\s+(?:then|please|pls|only|just|instead))*$"
)
# the settings of a job a request changes, by the words a question asks about each in ("what's job 12's
# priority?", "how many gpus does job 13 ask for?", "how much memory does it need?"), with the units a new
# value of it may be said in ("make it 40 gib" after the memory, never after the GPUs) and how a request
# to change it is said
_SETTINGS: dict[str, tuple[re.Pattern[str], re.Pattern[str], str]] = {
    "priority": (
        re.compile(r"\bprio(?:rity)?\b"),
        re.compile(r"(?!)"),  # (none: a priority is a number alone)
        "set the priority of job {job} to {value}",
    ),
    "gpus": (
        # (or told as a count: "asks for 1 gpu", "a single card"; not "gpu 1", a card's number)
        re.compile(r"\b(?:gpus|cards)\b|\b(?:gpu|card) count\b|\b(?:\d+|one|a single)\s*(?:gpu|card)\b"),
        re.compile(r"(?:gpu|card)s?"),
        "change job {job} to use {value} gpus",
    ),
    "memory": (  # (or named by its amount's unit: "the probe is asking for 60000 MiB")
        re.compile(r"\b(?:memory|mem|vram)\b|\d\s*(?:mib|gib|gb|mb)\b"),
        re.compile(r"mib|mb|gib|gb|g|m|megs?|gigs?"),
        "set job {job}'s memory to {value} {unit}",
    ),
}


def setting_asked(question: str) -> str | None:
    """The one job setting a question asks about (a key of :data:`_SETTINGS`), which a bare value said next
    sets; None where it asks about none or several ("its gpus and memory": which a value is, is unsaid)."""
    said = {name for name, (words, _, _) in _SETTINGS.items() if words.search(question.lower())}
    return said.pop() if len(said) == 1 else None


def _new_value(
    value: re.Match[str], request: str | None, context: Context, states: Mapping[int, str]
) -> Act | None:
    """The request a bare value (:data:`_NEW_VALUE`) makes: the new priority of the job the last request
    changed the priority of, else the new value of the setting the last question asked about, of the job
    talked about (read as said outright, so a value out of its range is refused as it would be); None where
    neither came before, or the value's unit is another setting's ("make it 2 gpus" after the memory)."""
    if request is not None:
        before = read_act(request, context, states) if re.search(r"\bprio", request, re.I) else None
        setting, job = "priority", before.jobs[0] if before is not None and len(before.jobs) == 1 else None
    else:
        setting, job = context.setting, _talked_about(context)
    said = _setting_said(setting, job, value)
    return read_act(said, context, states) if said is not None else None


def _setting_said(setting: str | None, job: int | None, value: re.Match[str]) -> str | None:
    """The request, said outright, that gives ``job``'s ``setting`` the new value (:data:`_NEW_VALUE`'s
    match) ("set the priority of job 13 to 8"); None where no setting or job is known, or the value's unit
    is another setting's."""
    if setting is None or job is None:
        return None
    _, units, said = _SETTINGS[setting]
    unit = value["unit"] or ""
    if unit and not units.fullmatch(unit):
        return None
    return said.format(job=job, value=value["value"], unit=unit).strip()


def _setting_told(lead: str, rest: str, context: Context, states: Mapping[int, str]) -> Act | None:
    """A value said alone (:data:`_NEW_VALUE`) after a sentence that tells one job's setting ("the probe is
    asking for 60000 MiB, can you drop that to 40000", "job 13 wants 2 gpus, make it 1"): that setting's new
    value, of that job, as after a question about it; None where the sentence names no one job and one
    setting, or the rest is no bare value."""
    value = _NEW_VALUE.match(" ".join(_words(rest).split()))
    setting = setting_asked(lead)
    if value is None or setting is None:
        return None
    jobs = named_jobs_in(lead, context)
    if not jobs and (bare := bare_job(_words(lead), context, lead)) is not None:
        jobs = [bare]
    if len(jobs) != 1:
        return None
    return _new_value(value, None, replace(context, setting=setting, subjects=jobs), states)


# a job's setting said by its name with its new value: "raise the priority to 8", "lower the gpus to 1", "cut
# its gpu count to 1", "could you bring the memory down to 50000" (the job talked about), "drop job 4's
# priority to 2", "set the gpus of the eval to 1", "job 4 change memory to 40000" (the job said); the
# setting named in the words a question asks about it in (:func:`setting_asked`)
_SETTING_CHANGED = re.compile(
    rf"^(?P<verb>{_CHANGED})\s+(?P<what>[a-z#][\w#' .-]{{0,40}}?)\s+(?P<to>(?:down |up )?to\s.+)$"
)


def _setting_changed(said: str, context: Context) -> str:
    """``said`` with a new value of the one setting it names (:data:`_SETTING_CHANGED`) put as that request
    is said outright (:func:`_setting_said`: "raise the priority to 8" -> "set the priority of job 13 to
    8"), of the one job said with the setting or before the verb, else of the job talked about; as it was
    where it names no one setting, several jobs, a number that is no job's ("gpu 0's memory"), or no job is
    said or talked about."""
    lead = re.match(rf"{JOB_SAID}\d+\b[:,]?\s+", said, re.IGNORECASE)  # "job 13 change ...": its job
    tokens = said[lead.end() :].split() if lead else said.split()
    at = _verb_at(tokens, {*_LEADS, *_CHANGE_VERBS})  # ("can you raise ..."; not "why did you raise ...")
    m = _SETTING_CHANGED.match(" ".join(tokens[at:])) if at is not None else None
    if m is None or re.search(r"\d", re.sub(rf"{JOB_SAID}\d+", " ", m["what"])):
        return said
    value = _NEW_VALUE.match(f"{m['verb']} {m['to']}")
    # the job said with the setting, else one said before the verb ("job 13 change memory to 40000")
    jobs = named_jobs_in(m["what"], context) or named_jobs_in(
        (lead[0] if lead else "") + " ".join(tokens[:at]), context
    )
    if value is None or len(jobs) > 1 or (not jobs and re.search(r"\d", m["what"])):
        return said
    job = jobs[0] if jobs else _talked_about(context)
    return _setting_said(setting_asked(m["what"]), job, value) or said


def asked_again_of(said: str, request: str | None, context: Context, states: Mapping[int, str]) -> Act | None:
    """The last message's request (``request``, as heard) asked of the one job this follow-up names
    ("retry job 9" then "job 5 also"): that request read with the job in place of its own; None where the
    follow-up says no "too"/"also"/"same" (nor corrects it: "no, I meant 12"), names no job or several, or
    the request names none. A value said alone is a setting's new value (:func:`_new_value`), after a
    request or a question."""
    value = _NEW_VALUE.match(" ".join(_words(said).split()))
    if value is not None and (act := _new_value(value, request, context, states)) is not None:
        return act
    if request is None:
        return None
    lower = said.lower()
    instead = _INSTEAD_OF.search(lower) is not None and not _ASKED.search(_INSTEAD_OF.sub(" ", lower))
    alone = _CORRECTED_ALONE.match(lower)  # "no, 13", "13 not 12": the job meant, said alone
    instead = instead or alone is not None
    if not (instead or _ALSO_OF.search(lower)):
        return None
    said = _NOT_THAT.sub(" ", said) if instead else said
    said = (alone["job"] or alone["first"]) if alone is not None else said
    named = named_jobs_in(said, context)
    core = " ".join(_ALSO_OF.sub(" ", _words(said)).split())  # "and 13 too": 13, as said alone
    core = re.sub(r"^(?:and|ok|okay|so|pls|please|then)\s+|\s+(?:pls|please|then)$", "", core)
    if not named and (bare := bare_job(core, context, core) or bare_job(_words(said), context, said)):
        named = [bare]
    before = read_act(request, context, states)
    if len(named) != 1 or before is None or not before.jobs or named[0] in before.jobs:
        return None
    job, names = named[0], context.names_by_id()
    again = request
    for old in before.jobs:  # its job as said: "job 12", "#12", its name or words of it; else its number
        part = "|".join(re.escape(w) for w in re.split(r"[-_.\s]+", names.get(old, "")) if w)
        in_words = [rf"\b(?:the\s+)?(?:{part})(?:[-_.\s]+(?:{part}))*\b"] if part else []
        said_so = [rf"\bjob\s*#?{old}\b", rf"#{old}\b", *in_words]
        by_name = re.sub("|".join(said_so), "it", again, flags=re.IGNORECASE)
        again = by_name if by_name != again else re.sub(rf"\b{old}\b", "it", again, count=1)
    act = read_act(again, replace(context, subjects=[job]), states)
    return act if act is not None and act.jobs == (job,) else None


def _moved_to_gpu(said: str, context: Context, states: Mapping[int, str]) -> Act | None:
    """The command for a request to move one job to a GPU (:data:`_MOVED_TO_GPU`), or None when it names no
    one job and no GPU of this machine."""
    m = _MOVED_TO_GPU.search(
        _SO_IT_RUNS.sub(r"make \1 run on ", _TO_RUN_ON.sub(_made_to, said, count=1), count=1)
    )
    if m is None:
        return None
    if m.group(3) is not None:
        gpu: int | None = int(m.group(3))
    elif m["called"] is not None:
        called = {i for _, i in gpus_called(f"the {m['called']}", context)}
        gpu = called.pop() if len(called) == 1 else None
    else:
        gpu = gpu_by_model(m.group(4), context)
    said_job = m.group(1) or m.group(2)
    jobs = _jobs(said_job, said_job, context, states, 0)
    if not jobs and re.fullmatch(r"it|that|this", said_job):  # "the eval, make it run on gpu 1": the name
        jobs = named_jobs(said[: m.start()], context)  # said before it
    if gpu is None or len(jobs) != 1:
        return None
    job = jobs[0]
    return Act(
        f"{CANT} To run {job_called(job, context.names_by_id())} on GPU {gpu} instead: gpuaccel edit {job}"
        f" --gpu-ids {gpu}"
        " (a queued or held job only).",
        (job,),
        "edit",
    )


def _group_request(said: str) -> Act | None:
    """A request about the queue's groups, answered with its command (pueue's groups: how many of a group's
    jobs run at once); None for any other request."""
    at_once = _AT_ONCE.search(said)
    n = None if at_once is None else int(_COUNTS.get(at_once["n"] or "", at_once["n"] or at_once["p"]))
    if (m := _IN_GROUP.search(said)) is not None:
        job = m["job"]
        return Act(
            f"{CANT} To put job {job} in group {m['name']}: gpuaccel edit {job} --group {m['name']}"
            " (a queued or held job only).",
            (int(job),),
            "edit",
        )
    if (m := _GROUP_REMOVED.search(said)) is not None:
        name = m["name"] or m["before"]
        return Act(f"{CANT} To remove group {name}: gpuaccel group rm {name} (a group none of whose jobs"
                   " waits or runs).")  # fmt: skip
    if (m := _GROUP_ADDED.search(said)) is not None:
        limit = f" --parallel {n}" if n is not None else ""
        runs = f"{n} of its jobs at once" if n is not None else "one job at a time (--parallel N for more)"
        return Act(
            f"{CANT} To add queue group {m['name']}, running {runs}: gpuaccel group add {m['name']}{limit}."
        )
    if (m := _GROUP_LIMIT.search(said)) is not None and n is not None:
        return Act(
            f"{CANT} To let group {m['name']} run {n} jobs at once: gpuaccel group parallel {m['name']} {n}."
        )
    return None


def _button(command: str) -> str:
    """ ", or Retry in the Jobs tab": the app's button for a command, where it has one."""
    return f", or {_BUTTON[command]} in the Jobs tab" if command in _BUTTON else ""


def _request_after(words_first: re.Pattern[str], said: str) -> str | None:
    """What follows ``words_first`` at the start of ``said`` where a request's verb opens it ("help me",
    "after the upgrade,", "and after, to": said before the request, asking nothing of their own); else
    None."""
    first = words_first.match(said)
    rest = said[first.end() :] if first is not None else ""
    return rest if rest and _verb_at(rest.split()) == 0 else None


def _read_one(question: str, context: Context, states: Mapping[int, str]) -> Act | None:
    """:func:`read_act` of one request, from its first words; an edit of a job that is neither queued nor
    held said plainly (:func:`_editable`)."""
    return _editable(_read_request(question, context, states), question, context, states)


def _for_an_edit(context: Context, states: Mapping[int, str]) -> Context:
    """``context`` with each name several jobs share (an array's runs) read as the newest of them an edit can
    change (queued or held), where one is: "drop the sweep to 1 gpu" changes its waiting run, not its newest
    that has ended (:func:`_editable` says so where none can be changed)."""
    shared: dict[str, list[int]] = {}
    for job, name in context.names_by_id().items():
        shared.setdefault(name, []).append(job)
    names = dict(context.job_names)
    for name, jobs in shared.items():
        waiting = [j for j in jobs if states.get(j) in _EDITABLE]
        if len(jobs) > 1 and waiting:
            names[name] = max(waiting)
    return context if names == context.job_names else replace(context, job_names=names)


def _editable(act: Act | None, question: str, context: Context, states: Mapping[int, str]) -> Act | None:
    """``act``, or where it edits a job by a name several jobs share (an array's runs) and none of them is
    queued or held (``gpuaccel edit`` would refuse each, scheduler.lifecycle.controls.edit), that said
    plainly, every one of them with its state, instead of a command that fails ("drop the sweep to 1 gpu"
    after the sweep ended; :func:`_for_an_edit` reads such a name as its waiting run where it has one). A job
    said by its number keeps its command, noted as a queued or held job's."""
    if act is None or act.command != "edit" or len(act.jobs) != 1:
        return act
    job = act.jobs[0]
    if states.get(job) not in _STATES or states.get(job) in _EDITABLE:
        return act
    names = context.names_by_id()
    name = names.get(job)
    mates = sorted((j for j, n in names.items() if n == name and states.get(j) in _STATES), reverse=True)
    if len(mates) < 2 or re.search(rf"(?<![\w.]){job}(?![\w.])", question):  # (its number said)
        return act
    each = [f"job {j} {JobState(states[j]).phrase}" for j in mates]
    listed = ", ".join(each[:-1]) + f" and {each[-1]}"
    return Act(
        f"{CANT} No {name} job is queued or held ({listed}): gpuaccel edit changes only a queued or held"
        " job.",
        tuple(mates),
    )


def _read_request(question: str, context: Context, states: Mapping[int, str]) -> Act | None:
    """:func:`_read_one` before an edit's job is checked."""
    said = _words(question)
    said = _DONE_HOW.sub(r"\1", said)  # "X should get 2 gpus, how do i do that?": the change first
    said = _BEFORE_HOW.sub("", said)  # "i want to game tonight, how do i pause the queue"
    said = _LEADING_WORDS.sub("", said)  # "okay so", "um", "well,"
    said = _request_after(_HELP_ME, said) or said  # "..., help me cancel the job": the request
    if _verb_at(said.split()) is None:  # (not "pause it for a bit, i need to check something")
        mind = _MIND.match(said)
        if mind is not None and mind.group(1) in _ING:  # "would you mind restarting it for me?": restart it
            said = _ING[mind.group(1)] + said[mind.end() :]
        said = _WANT_TO.sub("", said)  # "we have a drill soon and i'd like to pause the mistral training"
        said = _YOU_CAN.sub("", said)  # "i checked the data, you can put whisper back in the queue"
        said = _POSSIBLE_TO.sub("", said)  # "is it possible to pause job 11 for a while?"
        if question.rstrip().endswith("?"):
            said = _request_after(_TO_DO_ASKED, said) or said  # "and after, to start it back up?"
    asked_how = _HOW_DO_I.match(said) is not None
    said = _HOW_DO_I.sub("", said)  # "how do i release it": asking for the command is a request to act
    follow = _FOLLOW_LOG.search(said) and _JOB_NUMBER.search(said)
    if follow:  # a read, not a change: the command that follows it
        number = follow.group(1)
        return Act(
            f"To follow the log of job {number} as it is written: gpuaccel logs {number} -f.", (int(number),)
        )
    said = _COMMAND_FOR.sub("", said)  # "provide the command that lets it proceed": the same
    edits = _for_an_edit(context, states)  # a name its runs share: the one an edit can change
    said, none_left = _gpus_by(said, edits)  # "take one gpu off it": the count it comes to
    if none_left is not None:
        return none_left
    said = _setting_changed(said, edits)  # "lower the gpus to 1": the GPU count of the job talked about
    # ("the probe should run on one gpu": made to run on it)
    resized = _RESIZE.search(_count_as_gpus(_TO_RUN_ON.sub(_made_to, said, count=1)))
    talked = _talked_about(context)
    edited = _talked_about(edits)
    if resized is not None and resized["name"] is not None:  # by its name: one job of that name
        # (its words up to the count, as a job is said: "the sweep", "the 405b probe" name it by a part)
        named = named_jobs(f"the {resized.string[resized.start('name') : resized.start('count')]}", edits)
        talked = edited = named[0] if len(named) == 1 else None
    if resized is not None and resized["number"] is None and edited is None:
        resized = None  # "drop it to 1 gpu" with no job talked about: no job to change
    if resized is not None:  # "edit job 13 to use only 1 GPU instead of 2": what it asks for, changed
        number = resized["number"] or str(edited)
        n = int(_COUNTS.get(resized["count"], resized["count"]))
        if context.gpus and n > len(context.gpus):  # (as a memory request no GPU here holds is refused)
            return Act(
                f"{CANT} This machine has {len(context.gpus)} GPUs, so job {number} asking for {n} would"
                f" never start; ask for at most that: gpuaccel edit {number} --gpus N.",
                (int(number),),
                "edit",
            )
        return Act(
            f"{CANT} To change job {number} to ask for {n} GPU{'s' if n != 1 else ''}: gpuaccel edit"
            f" {number} --gpus {n} (a queued or held job only).",
            (int(number),),
            "edit",
        )
    moved = (
        _moved_to_gpu(said, edits, states)
        or _memory_request(said, question, edits)
        or _dependency_request(said, edits)
    )
    if moved is not None:
        return moved
    grouped = _group_request(said)
    if grouped is not None:
        return grouped
    if _UNDO.match(said) and (back := _undone(context, states)) is not None:
        command, ids = _INVERSE[back[0]], back[1]  # "undo that" after "pause job 11": resume job 11
        return _read_one(
            f"{command} job {' '.join(map(str, ids))}" if ids else f"{command} the queue", context, states
        )
    for phrase, verb_said in _PHRASES:
        said = phrase.sub(verb_said, said, count=1)
    said = _WANTED_DONE.sub(lambda m: f"{_PARTICIPLE[m.group(2)]} {m.group(1)}", said, count=1)
    said = _ASKED_DONE.sub(lambda m: f"{_PARTICIPLE[m.group(2)]} {m.group(1)}", said, count=1)
    said = _TO_BE_DONE.sub(lambda m: f"{_PARTICIPLE[m.group(2)]} {m.group(1)}", said, count=1)
    # "stop job 3 from what?" (not "can you hold job 12 until tonight when electricity is cheaper?": a
    # clause after the request)
    # ("whisper never start, how come": asked at its end, with or without the mark)
    if (question.rstrip().endswith("?") or re.search(r"\bhow come\W*$", said)) and re.search(
        r"\b(?:what|why|when|where|who|which|how come)\b(?:\W+\w+){0,2}\W*$", said
    ):
        return None
    if _verb_at(said.split()) is None:  # "after the upgrade, resume it": the request after the time
        said = _request_after(_WHEN_FIRST, said) or said
    tokens = said.split()
    if _DAEMON_RESTART.match(said):
        return Act(f"{CANT} {DAEMON_REPLY}")
    if _REBOOT.match(said):  # (before a card's power cycle: "power cycle the host" is the machine)
        return Act(f"{CANT} {REBOOT_REPLY}")
    # "would you switch it off completely" after an answer about a GPU (no job): that card
    gpu_talked = bool(context.subject_gpus) and not context.subjects
    off = _POWER_OFF.search(said) or (gpu_talked and _IT_OFF.search(said))
    switch_off = off and not re.match(r"(?:did|does|do|is|was|has|who|why|when)\b", said)
    if switch_off or _NVSMI_SETTING.search(said) and not question.rstrip().endswith("?"):
        return Act(f"{CANT} {HARDWARE_REPLY}")  # "nvidia-smi -r on gpu 1 pls": a card's setting, however said
    if (driver := _DRIVERS.match(said)) is not None:
        # ("update the drivers and reboot the box", "..., then restart the server": both the administrator's)
        rebooted = re.search(rf"\b{_MACHINE_RESTART}", said) is not None
        reloaded = driver["modprobe"] or driver["reload"]
        reply = DRIVERS_AND_REBOOT_REPLY if rebooted else DRIVER_RELOAD_REPLY if reloaded else DRIVERS_REPLY
        return Act(f"{CANT} {reply}")
    # ("how about lowering the power limit to 500 W" suggests it: a request, not a question; "how to set
    # with nvidia-smi the power limit to 300 W" asks how it is done)
    if _NEW_LIMIT.search(said) and not re.match(
        r"(?:what|whats|what's|is|was|does|did|how(?! about| to\b))\b", said
    ):
        return Act(f"{CANT} {HARDWARE_REPLY}")  # "knock the H100's power limit down to 500 W for me"
    at = _verb_at(tokens)
    if at is None:
        at = _verb_after_a_job(tokens, context)
    if at is None:
        return None
    verb = tokens[at].strip(",")
    verb_end = len(" ".join(tokens[: at + 1]))
    command = VERB.get(verb)
    if verb == "put" and re.search(r"\bon hold\b", said):
        command = "hold"
    elif verb in ("take", "put") and re.search(r"\boff hold\b", said):
        command = "release"
    pid = re.search(r"\b(?:pid|process)\s*#?(\d+)\b", said)
    if command == "cancel" and pid:  # a GPU process, not a queue job
        number = pid.group(1)
        return Act(f"{CANT} To signal process {number}: gpuaccel kill {number} (your own processes only).")
    # ("remove job 1", "remove the old flash-attn-build job from the list": that job, by number or name)
    if verb in _CLEANING and not _JOB_NUMBER.search(said) and not named_jobs(said[verb_end:], context):
        state = next((s for w, s in _CLEAN_STATES.items() if re.search(rf"\b{w}\b", said)), None)
        # ("clear the finished ones out of the list")
        age = _CLEAN_AGE.search(said)
        if (
            state is not None
            or age
            or re.search(r"\b(?:finished|old|all|completed|done)\b.*\b(?:jobs?|ones|runs)\b", said)
        ):
            which = f" --state {state}" if state else ""
            ago = ""
            if age is not None:
                number, unit = (age[1], age[2]) if age[1] else (age[3], age[4])
                number = "1" if number in ("a", "an", "one") else number
                if unit[0] == "w":  # a week said in days, as docs/queue.md writes it ("--older-than 7d")
                    number, unit = str(int(number) * 7), "d"
                which = f" --older-than {number}{unit[0]}{which}"
                word = {"d": "day", "w": "week", "h": "hour"}[unit[0]] + ("" if number == "1" else "s")
                ago = f" that ended more than {number} {word} ago"
            return Act(
                f"{CANT} To remove {state or 'finished'} jobs{ago} and their logs: gpuaccel clean{which}."
            )
    # "stop the whole queue from starting new jobs", "stop the queue now": pueue's pause
    stopped_queue = r"\b(?:whole|entire) queue\b|^\s*(?:all )?(?:the |our )?queue\b"
    if command == "cancel" and verb in ("stop", "halt") and re.search(stopped_queue, said[verb_end:]):
        command = "pause"
    # read once: number, name or pointed at (a priority's by a name its runs share: the one still waiting)
    jobs = _jobs(said, question, edits if re.search(r"\bprio", said) else context, states, verb_end)
    if command in _ACTS_ON and not _JOB_NUMBER.search(said):
        jobs = _able_of_array(jobs, _ACTS_ON[command], context, states)
    queue_said = re.search(r"\b(?:queue|everything|all)\b", said)
    if not jobs and not queue_said and command is not None:
        jobs = _object_unsaid(question, said, at, verb_end, command, talked, context, states)
    # "and after, resume how?" after how to pause job 11 (the answer before ran no query): job 11
    paused = states.get(talked) == "paused" or (states.get(talked) == "running" and context.last is None)
    if command == "resume" and not jobs and not queue_said and talked is not None and paused:
        jobs = [talked]
    # "resume it again", "release it back" with no object right after a request to pause or hold jobs: those
    back = _undone(context, states) if command in _INVERSE and not jobs and not queue_said else None
    if back is not None and back[1] and _INVERSE[back[0]] == command:
        jobs = back[1]
    # "how do I start it again after" right after a request to pause the queue, "start the queue again":
    # the queue resumed
    again_of_queue = QUEUE_PAUSED.search(context.request or "") or re.search(r"\bqueue\b", said)
    if command in ("startagain", "goagain") and not jobs and again_of_queue:
        command = "resume"
    if command in ("pause", "resume") and (queue_said or not jobs):
        return Act(
            f"{CANT} To {command} the queue: gpuaccel {command} (or the Jobs tab's Pause button).",
            command=command,
        )
    if verb in (*_HARDWARE_VERBS, "give", "put") and re.search(r"\bprio(?:rity)?\b", said):
        command = "priority"  # "give it priority 10", "put priority 10 for job 12"
    elif (
        verb in _TUNING_VERBS
        or _NVSMI_SETTING.search(said)
        or (verb in _HARDWARE_VERBS and _HARDWARE.search(said))
        or (verb in _RESETS and (_DRIVER.search(said) or gpus_by_model(said, context)))
        or (verb == "drop" and (_SETTING.search(said) or _SET_IN_UNITS.search(said)))  # "drop it to 500 W"
        or (_SETTING.search(said) and _SET_TO.search(said))  # "put the fan of it to 80%"
    ):
        return Act(f"{CANT} {HARDWARE_REPLY}")
    if command is None and verb in _SUBMIT:
        held = [i for i in jobs if states.get(i) == "held"]
        if verb == "start" and held:  # "start it" of a held job: release it
            command = "release"
        else:
            reply = _submission(question, said, verb, verb_end)
            return Act(reply) if reply is not None else None
    if command is None:
        return None
    if command == "switch":  # two jobs, each said on its side of "and": "swap the 70b eval and the probe"
        sides = re.split(r"\b(?:and|with|&)\b", said[verb_end:], maxsplit=1)
        each = [_jobs(side, side, context, states, 0)[:1] for side in sides] if len(sides) == 2 else []
        # "swap those two", "swap them" after the queue's jobs, held ones among them: the two waiting in line
        waiting = [i for i in jobs if states.get(i) == "queued"]
        jobs = waiting if len(jobs) > 2 and len(waiting) == 2 else jobs
        jobs = jobs if len(jobs) == 2 else [i for found in each for i in found]
        if len(jobs) != 2 or jobs[0] == jobs[1]:
            return None
    if not jobs and asked_how and re.search(r"\b(?:a|any|one|some|my)\s+(?:job|run|task)s?\b", said):
        # "how do i retry a job": the command, with where the job's id goes
        how = f"gpuaccel {command} <job id> (gpuaccel ls lists them){_button(command)}"
        return Act(f"{CANT} To {command} a job: {how}.")
    if not jobs:
        return None  # "stop the music" names no job
    if verb == "letgo" and not all(states.get(i, "held") == "held" for i in jobs):
        return None  # "let it run" of a running job asks nothing of the queue
    if command == "drop":  # "get rid of it": cancel what has not ended, remove what has
        command = "cancel" if all(states.get(i, "queued") in _ACTS_ON["cancel"] for i in jobs) else "remove"
    if command == "retry" and jobs and all(states.get(i) == "held" for i in jobs):
        command = verb = "release"  # "put whisper back in the queue" of a held job: it never left the queue
    # "pause"/"halt" of a job still waiting: the daemon pauses only a running job (scheduler.lifecycle.
    # controls.pause_job refuses the rest and says to hold it), so the answer is the hold that keeps it
    # from starting, saying why
    waiting = command == "pause" and bool(jobs) and all(states.get(i) == "queued" for i in jobs)
    if waiting:
        command = verb = "hold"
    if command == "startagain":  # "start it again": resume a paused job, else retry it
        # ("how do I start it again afterwards?" of a running job, after asking how to pause it: resume)
        later = re.search(r"\b(?:afterwards|after|later on|later|then)\b", question.lower()) is not None
        resumed = ("paused",) + (("running",) if later else ())
        command = "resume" if all(states.get(i) in resumed for i in jobs) else "retry"
    if command == "goagain":  # "get it going again": resume it (after a pause), retry what has ended
        ended = {"failed", "cancelled", "succeeded"}
        held = all(states.get(i) == "held" for i in jobs)  # (a held job never went: it is let go, released)
        command = "retry" if all(states.get(i) in ended for i in jobs) else "release" if held else "resume"
    one = re.match(  # a bare pointer (not "the one with the NaN loss": a description, read elsewhere; "it
        # in the queue" is still it)
        r"\s*(?:its?\b|(?:(?:that|this|the) (?:same )?(?:one|job|run|task)|that|this)\b"
        r"(?!\s+(?:with|that|which|who|whose|where|from|on|in)\b))",
        said[verb_end:],
    )
    able = [i for i in jobs if states.get(i) in _ACTS_ON.get(command, ())]
    if one and len(jobs) > 1 and len(able) == 1:
        jobs = able  # "pause it" after a list of jobs: the one of them that can be paused (the running one)
    elif (
        not one
        and able
        and len(able) < len(jobs)
        and not _JOB_NUMBER.search(said)
        and not named_jobs(said[verb_end:], context)
    ):  # "release them" after the queue's waiting and held jobs: those of them it can release
        jobs = able
    elif one and len(jobs) > 1 and command in _ACTS_ON:  # "it" is none or several of them: ask which
        listed, done = ", ".join(map(str, jobs)), _DONE[command]
        if set(able) == set(jobs):
            which = f"Which job? Jobs {listed} can each be {done}"
        elif able:
            which = f"Which job? Of jobs {listed}, only jobs {', '.join(map(str, able))} can be {done}"
        else:
            which = f"Which job? None of jobs {listed} can be {done}"
        return Act(f"{CANT} {which}. To {command} one: gpuaccel {command} <job id>{_button(command)}.")
    elif one and len(jobs) > 1 and command == "priority":  # "give it priority 5" after several: which one
        return Act(f"{CANT} {which_of(jobs, context)}")
    names = context.names_by_id()
    ids, ids_ = " ".join(map(str, jobs)), tuple(jobs)
    each = [job_called(i, names) for i in jobs]
    named = " and ".join(each) if command == "switch" else ", ".join(each)
    verb = (
        verb if verb in VERB and verb not in ("drop", "letgo", "goagain", "startagain") else command
    )  # "put it on hold": to hold it
    if (refusal := _refused(command, jobs, named, states)) is not None:
        return Act(refusal, ids_, command)
    if command == "priority":  # the command takes the new priority (higher runs sooner)
        new = _priority(said, jobs, context)
        if new is not None and not _PRIORITY_LOW <= int(new) <= _PRIORITY_HIGH:
            return Act(
                f"{CANT} {new} is no priority gpuaccel takes: gpuaccel priority {ids} N takes {_PRIORITY_LOW}"
                f" to {_PRIORITY_HIGH}.",
                ids_,
            )
        if new is not None:
            # (edit takes one job: docs/queue.md writes a priority change as "gpuaccel edit ID --priority P")
            editable = len(jobs) == 1 and states.get(jobs[0], JobState.QUEUED.value) in _EDITABLE
            edit = f" (or gpuaccel edit {ids} --priority {new})" if editable else ""
            said_new = f"To set the priority of {named} to {new}: gpuaccel priority {ids} {new}{edit}."
            return Act(f"{CANT} {said_new}", ids_)
        verb = "change the priority of" if verb == "priority" else verb  # (not "To priority job 12")
        return Act(f"{CANT} To {verb} {named}: gpuaccel priority {ids} N (a higher N runs sooner).", ids_)
    why = (
        f" Only a running job can be paused and {named} {'is' if len(jobs) == 1 else 'are'} still queued "
        f"(gpuaccel pause {ids} would be refused)."
        if waiting
        else ""
    )
    return Act(f"{CANT}{why} To {verb} {named}: gpuaccel {command} {ids}{_button(command)}.", ids_, command)
