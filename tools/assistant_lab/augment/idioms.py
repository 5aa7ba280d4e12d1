"""Casual words, slang and idioms for the concepts a query keys on, and more ways to say a time span.

The grammar's templates say "busy", "failed", "memory"; people write "slammed", "fell over", "vram",
"juice", "sitrep". :data:`MORE_SYNONYMS` adds such words to the synonym lists of
:mod:`assistant_lab.augment.words` (same keys), :data:`NEW_SYNONYMS` adds concepts those lists lack (GPU
words, a running job, success), and :data:`SPAN_FORMS` holds time spans a training question may say
instead of its own when they read as the same span (:func:`assistant_lab.augment.shapes.respan`). Every word
keeps the query unambiguous: a ranking keeps its direction, a state stays that state, and nothing names a
second time span.
"""

from __future__ import annotations

# More words for the concepts of augment_words.SYNONYMS, keyed by the same pattern.
MORE_SYNONYMS: dict[str, tuple[str, ...]] = {
    "hottest|warmest": ("most hot", "spiciest", "hottest-running", "most roasting"),
    "coolest|coldest": ("frostiest", "least warm", "least toasty", "coolest-running"),
    "(?<!how )hot": ("roasting", "baking", "spicy", "scorching"),
    "temperature|temp": ("thermals", "heat", "degrees", "core temp", "temp reading"),
    "busiest|most loaded|most utilized": (
        "most slammed",
        "most hammered",
        "most pegged",
        "most maxed out",
        "hardest-working",
    ),
    "busy": ("slammed", "swamped", "hammered", "pegged", "maxed out", "under load", "flat out"),
    "(?<!tensor )(?<!core )(?:utilization|util)": ("busyness", "compute load", "gpu util", "sm util"),
    "gpu memory|memory|vram|mem": ("framebuffer", "video ram", "hbm", "gpu mem", "device memory"),
    "power draw|power consumption|wattage": ("power usage", "juice", "watt draw"),
    "power(?! hungry| draw| usage| consumption)": ("juice", "power usage"),
    "jobs": ("experiments", "batch jobs", "submissions", "trainings"),
    "job": ("experiment", "batch job", "submission", "training run"),
    "failures": ("blowups", "faceplants", "broken runs", "errored jobs", "casualties"),
    "failed": (
        "bombed",
        "tanked",
        "fell over",
        "choked",
        "borked",
        "went belly up",
        "segfaulted",
        "OOMed",
        "threw an error",
        "flopped",
        "went south",
    ),
    "fail": ("bomb", "tank", "fall over", "choke", "go south", "flop", "go wrong"),
    "cancelled|canceled": ("called off", "scrapped", "axed", "nuked", "binned"),
    "cancellations": ("scrapped runs", "called-off jobs", "aborts"),
    "idle(?! gate)": ("free", "sitting idle", "doing nothing", "unoccupied", "asleep", "napping"),
    "longest": ("slowest", "lengthiest"),
    "(?<!computes the )(?:shortest|quickest|fastest)": ("briefest", "speediest"),
    "highest|max": ("peak", "most"),
    "lowest|min": ("least", "bottom"),
    "show me|show|display": (
        "gimme",
        "get me",
        "fetch",
        "print",
        "dump",
        "lemme see",
        "let me see",
        "give me",
    ),
    "tell me(?! about)": ("lmk", "clue me in on", "say"),
    "summary|recap|rundown": ("sitrep", "tldr", "lowdown", "debrief", "wrap-up", "highlights"),
    "summarize|summarise|sum up": ("brief me on", "catch me up on", "walk me through", "debrief me on"),
    "queue": ("waitlist", "line"),
    "waiting|pending|queued": ("in line", "lined up", "on hold", "parked", "sitting in the queue"),
    "nodes": ("instances", "ray nodes"),
    "node": ("instance", "ray node"),
    "energy": ("kwh", "energy use"),
    "processes|programs": ("procs", "apps running"),
}

# Concepts the grammar's synonym lists leave out: (pattern, what a person may write instead).
NEW_SYNONYMS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "overheating|too hot|running hot",
        ("overheating", "too hot", "running hot", "melting", "on fire", "burning up", "thermal throttling"),
    ),
    (
        "(?:gpu|GPU|graphics card|card|device|accelerator)(?![\\w-]| time| hours| memory| ram)",
        ("gpu", "GPU", "card", "board", "accelerator", "cuda device", "nvidia card", "gfx card", "chip"),
    ),
    (
        "(?:gpus|GPUs|graphics cards|cards|devices|accelerators)(?![\\w-])",
        ("gpus", "GPUs", "cards", "boards", "gpu's", "nvidia cards", "cuda devices", "chips"),
    ),
    (
        "(?<!you )(?<!\\} )running(?=$| now| right now| at the moment| currently| atm| jobs)",
        ("running", "executing", "in progress", "going", "active", "in flight", "churning"),
    ),
    (
        "succeeded|completed successfully|finished successfully",
        ("succeeded", "went fine", "passed", "finished ok", "worked out", "went green", "completed fine"),
    ),
    ("successful(?= jobs)", ("successful", "passing", "green", "completed")),
    ("went wrong|gone wrong", ("went wrong", "went sideways", "went south", "blew up")),
    ("down|offline|dead|unreachable", ("down", "offline", "dead", "unreachable", "MIA", "unresponsive")),
    (
        "go down|drop out|disconnect",
        ("go down", "drop out", "disconnect", "go offline", "vanish", "fall off"),
    ),
    ("cluster(?!'s)", ("cluster", "ray cluster", "fleet")),
)

# Time spans as people say them; {n} is the original's number. Only a form that reads as the same span as
# the question's own is used, so the query's window never changes.
SPAN_FORMS: tuple[str, ...] = (
    "today",
    "so far today",
    "today so far",
    "since midnight",
    "this morning",
    "earlier this morning",
    "tonight",
    "all day today",
    "since this morning",
    "yesterday",
    "yday",
    "all of yesterday",
    "during yesterday",
    "over yesterday",
    "in the last hour",
    "in the past hour",
    "over the last hour",
    "within the last hour",
    "the previous hour",
    "in the last hr",
    "past hour",
    "last hour",
    "this past hour",
    "in the last {n} hours",
    "in the past {n} hours",
    "over the last {n} hrs",
    "the last {n}h",
    "in the previous {n} hours",
    "within the past {n} hours",
    "last {n} hours",
    "past {n}h",
    "over the last {n} minutes",
    "in the last {n} min",
    "the past {n} minutes",
    "in the past {n} days",
    "over the last {n} days",
    "last {n} days",
    "this week",
    "over the past week",
    "in the last week",
    "past week",
    "the last 7 days",
    "over the past 7 days",
    "in the last 24 hours",
    "in the last day",
    "past 24h",
    "over the last day",
    "the past 24 hours",
)
