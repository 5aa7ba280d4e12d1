"""The many ways people ask each query: a small phrasing grammar the picking corpus samples from.

Each entry of :data:`PHRASINGS` pairs a query's fields with templates. In a template ``[a|b|]`` is a choice
(an empty choice leaves the words out), ``<gpu>`` / ``<gpus>`` / ``<show>`` / ``<now>`` are word lists
(:data:`WORDS`), and ``{G}`` (a GPU), ``{J}`` (a job), ``{W}`` (a time span) and ``{N}`` (a job name) are
filled by :func:`realize`, which returns the question with the query's fields filled in the same way.
:func:`is_dev` sets some templates apart: they never reach the training text and measure how the picker
does on wording it has not seen (``tests/unit/test_assistant_dev_picks.py``).
"""

from __future__ import annotations

from typing import Any

from assistant_lab.phrasings.gpu import GPU_PHRASINGS
from assistant_lab.phrasings.jobs import JOB_PHRASINGS

WORDS: dict[str, tuple[str, ...]] = {
    "gpu": ("gpu", "GPU", "card", "graphics card", "device", "accelerator", "gpu", "GPU"),
    "gpus": ("gpus", "GPUs", "cards", "graphics cards", "devices", "accelerators", "gpus", "GPUs"),
    "show": ("show", "show me", "list", "give me", "tell me", "display"),
    "now": ("", "", "", " now", " right now", " at the moment", " currently", " atm"),
}
PHRASINGS: list[tuple[dict[str, Any], tuple[str, ...]]] = GPU_PHRASINGS + JOB_PHRASINGS

# Questions about anything else: the picker answers "none" and the chat refuses.
OFF_TOPIC: tuple[str, ...] = (
    "what is the [population|currency|largest city|official language] of [Peru|Japan|Kenya|Norway|Chile]",
    "write [a|me a] [poem|song|story|limerick] about [dogs|the sea|winter|robots|my cat]",
    "[tell me|do you know] a [riddle|fun fact|bedtime story]",
    "how do I [make|prepare] [pancakes|soup|rice|pizza|a cake|curry]",
    "who [won|wins] the [world cup|election|super bowl|tour de france] [in 2010|this year|]",
    "what's the weather [like|] [in Oslo|in Lima|tomorrow|this weekend]",
    "translate [thank you|see you later|where is the station] [into|to] [Spanish|Italian|Japanese]",
    "recommend a [movie|book|restaurant|podcast] [for tonight|to me|]",
    "what is [12 times 7|the square root of 81|3 plus 5|15 percent of 80]",
    "how [tall|old] is [the eiffel tower|mount everest|the moon]",
    "[hi|hello|good evening] [there|]",
    "write a python function that [sorts a list|reverses a string|parses json]",
    "what does [photosynthesis|entropy|inflation] mean",
    "who [wrote|painted] [hamlet|the mona lisa|war and peace]",
    "[explain|describe] [quantum physics|black holes|the stock market|how vaccines work]",
    "what time is it in [Tokyo|Berlin|Sydney]",
    "book me a [flight|hotel|table] [to Rome|for two|]",
    "what should I [eat for dinner|watch tonight|name my dog]",
    "[are you|do you feel] [happy|sad|conscious|alive]",
    "[who are you|what is your name|what can you do for fun]",
    "is [coffee|chocolate|running] good for you",
    "sing me a song",
    "how far is [the sun|mars|paris] from here",
    "give me [a recipe|some advice|a fun fact] [for the weekend|]",
    "[play|put on] some music",
)

# Follow-ups, by kind; {G}/{J}/{W} as in the templates, {g}/{j} a bare number, {M} a reading's name.
FOLLOW_UPS: dict[str, tuple[str, ...]] = {
    "gpu": (
        "[how about|and for|same question for] {G}",
        "{G} then?",
        "and {g} then",
        "now {G}",
        "and for {g}",
    ),
    "metric": ("[how about|and] [its|the] {M} then", "{M} then?", "and {M} as well?", "how about the {M}"),
    "window": ("[how about|and for|same question for] {W}", "{W} then?", "and how about {W}", "now {W}"),
    "why": ("why is that", "reason?", "what was the reason", "why though", "why so", "and why", "how so"),
    "job": ("[how about|same question for] {J}", "{j} then?", "and {J} then", "now {J}"),
}
METRIC_WORDS: dict[str, tuple[str, ...]] = {
    "temperature": ("temperature", "temp", "heat"),
    "util": ("utilization", "load", "usage"),
    "power": ("power", "power draw", "wattage"),
    "memory": ("memory", "vram", "memory use"),
    "free_memory": ("free memory", "free vram"),
}
# Time spans as people say them; the label a query carries is what intent_words.window_of reads in them.
SPANS: tuple[str, ...] = (
    "today",
    "today",
    "so far today",
    "since midnight",
    "this morning",
    "yesterday",
    "yesterday",
    "yday",
    "in the last hour",
    "over the past hour",
    "in the previous hour",
    "this hour",
    "in the last {n} hours",
    "in the past {n} hours",
    "over the last {n} minutes",
    "in the past {n} days",
    "this week",
    "over the past week",
    "in the last 24 hours",
    "in the last day",
)
NAME_PARTS = (
    "bench",
    "train",
    "eval",
    "sweep",
    "llama",
    "resnet",
    "bert",
    "finetune",
    "attn",
    "prep",
    "export",
)
NAME_FORMS = ("named {n}", "called {n}", "'{n}'", '"{n}"', "named '{n}'")
GPU_FORMS = ("gpu {g}", "GPU {g}", "gpu{g}", "GPU{g}", "card {g}", "device {g}", "gpu number {g}", "GPU {g}")
JOB_FORMS = ("job {j}", "job #{j}", "#{j}", "job number {j}", "task {j}", "job id {j}", "job{j}", "job {j}")
PREFIXES = ("",) * 10 + (
    "hey, ",
    "hi, ",
    "quick question: ",
    "can you tell me ",
    "could you please tell me ",
    "I'd like to know ",
    "please ",
    "pls ",
    "do you know ",
    "so ",
    "ok ",
)
SUFFIXES = ("",) * 10 + (" please", " pls", " thanks", " thx", " for me", " again")
