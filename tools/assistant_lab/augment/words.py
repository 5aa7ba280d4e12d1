"""The word lists the training-question augmentations draw from: synonyms per concept, fillers, contractions.

Every list keeps a question's meaning: a synonym names the same concept in the same direction (the hottest
stays the hottest, a failure stays a failure), a filler adds no query field, and a dropped word is never a
number, a polarity word or a negation. :mod:`assistant_lab.augment.rewording` applies them.
"""

from __future__ import annotations

# (regex of the words as the templates write them, what a person may write instead); matched whole-word, in
# this order, each once per question (longer phrases first, so a phrase is never split by a shorter rule).
SYNONYMS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("running hottest|running the hottest", ("running hottest", "running warmest", "the hottest right now")),
    ("hottest|warmest", ("hottest", "warmest", "toastiest", "most heated")),
    ("coolest|coldest", ("coolest", "coldest", "chilliest", "least hot")),
    ("(?<=how )hot", ("hot", "warm", "toasty")),
    ("(?<!how )hot", ("hot", "warm", "toasty", "heated")),
    ("temperature|temp", ("temperature", "temp", "temps")),
    ("busiest|most loaded|most utilized", ("busiest", "most loaded", "most utilized", "hardest working")),
    ("busy", ("busy", "loaded", "occupied")),
    ("(?<!tensor )(?<!core )(?:utilization|util)", ("utilization", "utilisation", "util", "usage", "load")),
    ("gpu memory|memory|vram|mem", ("memory", "vram", "mem", "gpu memory", "video memory", "gpu ram")),
    ("power draw|power consumption|wattage", ("power draw", "power consumption", "wattage", "watts")),
    ("power(?! hungry| draw| usage| consumption)", ("power", "wattage", "watts")),
    ("jobs", ("jobs", "tasks", "runs", "workloads")),
    ("job", ("job", "task", "run", "workload")),
    ("failures", ("failures", "crashes", "errors", "failed runs", "failed tasks")),
    ("failed", ("failed", "crashed", "died", "errored", "broke", "errored out", "blew up")),
    ("fail", ("fail", "crash", "die", "error out", "break")),
    ("cancelled|canceled", ("cancelled", "canceled", "aborted", "killed", "stopped")),
    ("cancellations", ("cancellations", "aborted runs", "cancelled tasks")),
    ("idle(?! gate)", ("idle", "unused", "spare")),
    ("longest", ("longest", "longest-running")),
    ("(?<!computes the )(?:shortest|quickest|fastest)", ("shortest", "quickest", "fastest")),  # durations
    ("highest|max", ("highest", "max", "maximum", "top", "biggest")),
    ("lowest|min", ("lowest", "min", "minimum", "smallest")),
    ("show me|show|display", ("show me", "show", "display", "pull up", "bring up")),
    ("tell me(?! about)", ("tell me", "let me know", "fill me in on")),
    ("summary|recap|rundown", ("summary", "recap", "rundown", "roundup", "digest")),
    ("summarize|summarise|sum up", ("summarize", "summarise", "sum up", "go over")),
    ("queue", ("queue", "job queue", "backlog")),
    ("waiting|pending|queued", ("waiting", "pending", "queued")),
    ("nodes", ("nodes", "hosts", "servers", "boxes", "workers")),
    ("node", ("node", "host", "server", "box", "worker")),
    ("energy", ("energy", "electricity")),
    ("processes|programs", ("processes", "programs", "apps", "pids")),
)

# Words a terse writer leaves out; never numbers, slots, polarity words (most, least, ...) or negations.
FUNCTION_WORDS = frozenset(
    "the a an is are was were of for does do did me my there it that please currently".split()
)
# Shorter spellings a terse writer uses.
ABBREVIATIONS = {
    "temperature": "temp",
    "utilization": "util",
    "memory": "mem",
    "information": "info",
    "details": "info",
    "please": "pls",
    "you": "u",
}

OPENERS = (
    "hey",
    "hey there,",
    "hi there,",
    "quick question:",
    "quick q:",
    "btw",
    "so",
    "ok so",
    "um",
    "hmm,",
    "sorry,",
    "question:",
    "real quick,",
    "yo",
)
# Sentences a question is said inside of: {q} is the question.
FRAMES = (
    "can you tell me {q}",
    "could you tell me {q}",
    "I was wondering {q}",
    "I need to know {q}",
    "I'd like to know {q}",
    "I want to know {q}",
    "do you happen to know {q}",
    "any idea {q}",
    "help me out: {q}",
    "need to know: {q}",
    "{q}, can you check",
    "{q}, if you can",
    "{q}, by any chance",
    "{q}, thanks in advance",
    "{q}? just curious",
    "{q} - asking for the team",
)
INSERTS = ("actually", "btw", "just", "like", "exactly")
NOW_WORDS = ("right now", "currently", "at the moment", "now", "atm", "as of now")
CLOSERS = (", thanks", " btw", " for me", " real quick", " asap", ", cheers", " if possible", " ty")

# Contractions both ways, then apostrophes people leave out.
CONTRACTIONS = (
    ("what is", "what's"),
    ("who is", "who's"),
    ("how is", "how's"),
    ("where is", "where's"),
    ("there is", "there's"),
    ("it is", "it's"),
    ("is not", "isn't"),
    ("are not", "aren't"),
    ("do not", "don't"),
    ("did not", "didn't"),
    ("I am", "I'm"),
    ("I would like", "I'd like"),
    ("what are", "what're"),
)
APOSTROPHES = ("what's", "who's", "how's", "where's", "there's", "it's", "isn't", "don't", "didn't", "I'm")
