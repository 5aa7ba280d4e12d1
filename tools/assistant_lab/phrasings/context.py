"""Questions whose answer needs the machine the picking prompt names: a GPU by its model, "the other one",
"that one" (the GPU the last answer named first), a job by its name, a part of a job's name.

Template syntax as in :mod:`assistant_lab.phrasings.grammar`; here ``{G}`` is a GPU said by its model ("the
4090"), ``{J}`` a job said by its name ("eval-x", "the eval-x job"), ``{M}`` a reading's name and ``{w}`` a
part of a job's name. These lists are for training only: the dev split stays the templates it was
(``intent_corpus.dev_set``), so these never count for it.
"""

from __future__ import annotations

# A GPU by its model, for the readings and per-GPU lists (the query's fields, with "{G}" its index).
MODEL_PHRASINGS: list[tuple[dict[str, str], tuple[str, ...]]] = [
    (
        {"name": "gpu_reading", "metric": "temperature", "gpu": "{G}"},
        (
            "how hot is {G}[ running| getting|]",
            "{G}'s [temperature|temp]",
            "what temp is {G} at",
            "is {G} [overheating|running hot|too warm]",
            "[temperature|temp] [on|of] {G}",
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "util", "gpu": "{G}"},
        (
            "how busy is {G}",
            "is {G} [doing anything|busy|working|idle]",
            "[utilization|usage|load] [on|of] {G}",
            "how hard is {G} working",
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "power", "gpu": "{G}"},
        (
            "how much power is {G} [drawing|pulling|using]",
            "{G}'s power draw",
            "[wattage|watts|power] [on|of] {G}",
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "memory", "gpu": "{G}"},
        (
            "how much [memory|vram] is [used|taken] on {G}",
            "{G}'s [memory|vram] [use|usage]",
            "is {G} [full|out of memory]",
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "free_memory", "gpu": "{G}"},
        ("how much [memory|vram] is free on {G}", "free [memory|vram] left on {G}", "room left on {G}"),
    ),
    (
        {"name": "gpu_reading", "metric": "overview", "gpu": "{G}"},
        ("how is {G} doing", "[status|state] of {G}", "everything about {G}", "[stats|overview] for {G}"),
    ),
    (
        {"name": "memory_users", "gpu": "{G}"},
        ("what is using {G}", "who is on {G}", "which processes are on {G}", "what's eating {G}'s memory"),
    ),
    (
        {"name": "jobs", "gpu": "{G}"},
        ("which jobs ran on {G}", "jobs on {G}", "what has {G} been running"),
    ),
    (
        {"name": "failures", "gpu": "{G}"},
        ("what failed on {G}", "failed jobs on {G}", "did anything crash on {G}"),
    ),
]

# "the other one" after a question about one GPU of two: the same question of the other GPU.
OTHER_ONE: tuple[str, ...] = (
    "and the other one",
    "what about the other [one|card|gpu|GPU]",
    "[same|same question|same thing] for the other [one|card|gpu]",
    "the other one?",
    "how about the other [card|one|gpu]",
    "and on the other [gpu|card|one]",
    "check the other one [too|as well]",
    "and the other",
    "other one?",
    "the other card then",
)
# ... or another reading of the other GPU ({M}).
OTHER_ONE_METRIC: tuple[str, ...] = (
    "and the other [one|card]'s {M}",
    "{M} on the other [one|card|gpu]",
    "what about the {M} of the other [one|card]",
    "how's the other [one|card] for {M}",
)
# A reading of the GPU the last answer named first (the hottest, the idle one): "that one", "it".
THAT_ONE: tuple[str, ...] = (
    "what's its {M}",
    "how about its {M}",
    "and its {M}?",
    "what is that one's {M}",
    "and that card's {M}",
    "what's the {M} on it",
    "[ok|ok and|alright,] its {M}",
    "{M} of that one",
    "show me its {M}",
)

# A job by its name ({J}): each asks about that one job (job_detail).
NAMED_JOB: tuple[str, ...] = (
    "why is {J} [stuck|still queued|waiting|not starting|pending]",
    "why did {J} [fail|crash|die|stop]",
    "how did {J} [go|turn out|end]",
    "how long has {J} been [running|going|queued|waiting]",
    "how long did {J} [take|run]",
    "when did {J} [start|finish|end|begin]",
    "did {J} [finish|succeed|fail|complete] [yet|already|ok]",
    "[who|what] cancelled {J}",
    "why was {J} [cancelled|killed|stopped]",
    "is {J} [done|finished|still running|running|stuck][ yet|]",
    "has {J} [started|finished|failed][ yet|]",
    "what's the status of {J}",
    "[status|state|details] of {J}",
    "what happened to {J}",
    "what went wrong with {J}",
    "how is {J} [doing|going|getting on]",
    "any news on {J}",
    "{J} [done|finished][ yet|]?",
    "tell me about {J}",
    "exit code of {J}",
    "how many attempts did {J} take",
    "which gpu is {J} on",
)
# A part of jobs' names: the jobs whose name holds it (jobs with job_name).
NAME_PART: tuple[str, ...] = (
    "anything with {w} in the name",
    "[show|list|find] jobs with {w} in [the|their] name",
    "jobs whose name contains {w}",
    "[any|which] jobs with {w} in [the|their] names",
    "runs with names like {w}",
    "job names containing {w}",
    "[list|show] every run with {w} in its name",
)
