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

from gpuaccel.assistant.phrasings_gpu import GPU_PHRASINGS

WORDS: dict[str, tuple[str, ...]] = {
    "gpu": ("gpu", "GPU", "card", "graphics card", "device", "accelerator", "gpu", "GPU"),
    "gpus": ("gpus", "GPUs", "cards", "graphics cards", "devices", "accelerators", "gpus", "GPUs"),
    "show": ("show", "show me", "list", "give me", "tell me", "display"),
    "now": ("", "", "", " now", " right now", " at the moment", " currently", " atm"),
}
# (query fields, templates); "{G}" in a field takes the question's GPU, "{J}" its job, "{W}" its span.
JOB_PHRASINGS: list[tuple[dict[str, Any], tuple[str, ...]]] = [
    (
        {"name": "job_detail", "job": "{J}"},
        (
            "[tell me about|details of|details for|info on|state of|show] {J}",
            "{J} [status|details|info]",
            "{J}?",
            "[what happened to|what's up with|how did] {J} [go|]",
            "did {J} [succeed|finish|fail|work]",
            "why did {J} fail",
            "why is {J} [waiting|queued|stuck|not running|pending]",
            "how long did {J} [take|run]",
            "is {J} [done|finished|still running|running]",
            "when did {J} [finish|start]",
        ),
    ),
    (
        {"name": "jobs", "window": "{W}"},
        (
            "[what|which] jobs [ran|were run|finished] {W}",
            "jobs {W}",
            "[list|show] [the|all|my] jobs {W}",
            "what did I run {W}",
            "job history {W}",
        ),
    ),
    ({"name": "jobs"}, ("[list|show] [all|my] jobs", "job list", "what jobs [are there|do I have]")),
    (
        {"name": "jobs", "state": "succeeded", "window": "{W}"},
        (
            "[which|what] jobs [succeeded|completed successfully|finished successfully] {W}",
            "successful jobs {W}",
        ),
    ),
    ({"name": "jobs", "state": "succeeded"}, ("[which|what] jobs succeeded", "successful jobs")),
    ({"name": "jobs", "gpu": "{G}"}, ("jobs [on|that ran on|using] {G}", "what ran on {G}")),
    (
        {"name": "jobs", "job_name": "{N}"},
        ("[list|find] jobs {N}", "show me jobs {N}", "any jobs {N}", "runs {N}"),
    ),
    (
        {"name": "job_rank", "metric": "duration", "order": "max", "window": "{W}"},
        ("longest job {W}", "which job ran the longest {W}", "the slowest job {W}"),
    ),
    (
        {"name": "job_rank", "metric": "duration", "order": "max"},
        (
            "which job [needed|ran for] the longest [time|]",
            "[longest|slowest|longest-running] job",
            "what job had the longest [runtime|duration|run time]",
            "which run was the slowest",
        ),
    ),
    (
        {"name": "job_rank", "metric": "duration", "order": "min"},
        (
            "[shortest|quickest|fastest] job",
            "which job [finished|ran] [the quickest|fastest]",
            "job with the shortest [runtime|duration]",
        ),
    ),
    (
        {"name": "job_rank", "metric": "duration", "order": "min", "window": "{W}"},
        ("the [shortest|quickest] job {W}", "which job was fastest {W}"),
    ),
    (
        {"name": "job_rank", "metric": "gpu_time", "order": "max"},
        (
            "which job [used|consumed|took] the most gpu[ |-]time",
            "[biggest|top] [gpu-time|gpu time] [consumer|user]",
            "which job burned the most gpu hours",
            "most gpu-hours by job",
        ),
    ),
    (
        {"name": "job_rank", "metric": "gpu_time", "order": "max", "window": "{W}"},
        ("which job used the most gpu time {W}", "most gpu-time {W}"),
    ),
    (
        {"name": "job_rank", "metric": "gpu_time", "order": "min"},
        ("which job used the least gpu time", "smallest gpu-time job"),
    ),
    (
        {"name": "failures"},
        (
            "[any|were there any] [failures|failed jobs|errors|crashes]",
            "[which|what] jobs failed",
            "has anything [failed|crashed|broken|gone wrong]",
            "[show|list] [the|all|] failures",
            "what went wrong",
            "failed jobs",
            "did any job [die|blow up|crash]",
        ),
    ),
    (
        {"name": "failures", "window": "{W}"},
        (
            "[any|were there any] [failures|failed jobs|errors|crashes] {W}",
            "[which|what] jobs failed {W}",
            "did anything [fail|crash|break] {W}",
            "failures {W}",
        ),
    ),
    ({"name": "failures", "gpu": "{G}"}, ("failures on {G}", "did anything fail on {G}")),
    (
        {"name": "failures", "state": "cancelled"},
        (
            "[which|what] jobs [were|got] [cancelled|canceled|aborted|killed]",
            "[cancelled|canceled|aborted] jobs",
            "did I cancel anything",
            "any cancellations",
            "show the cancelled runs",
        ),
    ),
    (
        {"name": "failures", "state": "cancelled", "window": "{W}"},
        ("[which|what] jobs were [cancelled|canceled] {W}", "cancellations {W}"),
    ),
    (
        {"name": "queue"},
        (
            "[what's|what is] in the queue",
            "[show|list] the queue",
            "queue [status|state|length]",
            "what's running and [waiting|queued]",
            "how busy is the queue",
        ),
    ),
    (
        {"name": "queue", "state": "running"},
        (
            "what is [running|executing|in progress]<now>",
            "which jobs are [running|active|in progress]<now>",
            "[running|active] jobs",
            "anything running<now>",
            "what jobs are on the <gpus><now>",
        ),
    ),
    (
        {"name": "queue", "state": "queued"},
        (
            "what is [waiting|queued|pending] [to run|]",
            "[which|what] jobs are [waiting|queued|pending|in line]",
            "[queued|pending|waiting] jobs",
            "how many jobs are waiting",
            "is anything stuck in the queue",
            "is anything in line",
            "how long is the queue",
        ),
    ),
    (
        {"name": "summary", "window": "{W}"},
        (
            "[summarize|summarise|recap|sum up] {W}",
            "[summary|recap|rundown|digest|report] [of|for] {W}",
            "what [has happened|went on] {W}",
            "what did the machine do {W}",
            "[give me|I want] a [summary|recap] of {W}",
        ),
    ),
    ({"name": "summary"}, ("[give me a|] [summary|recap|rundown]", "summarize [everything|things]")),
    (
        {"name": "cluster_gpus"},
        (
            "how many gpus [does each node have|per node|per host]",
            "[list|show] the [cluster's|cluster] nodes",
            "what nodes are in the cluster",
            "cluster [overview|layout|inventory]",
        ),
    ),
    ({"name": "node_load"}, ("which node is idle", "any idle [node|host|server]", "how busy are the nodes")),
    ({"name": "node_load", "order": "max"}, ("[busiest|most loaded] [node|host|server]",)),
    ({"name": "node_load", "order": "min"}, ("[least busy|least loaded] [node|host|server]",)),
    (
        {"name": "job_nodes"},
        ("which job ran [where|on which node]", "where did [the|my] jobs run", "jobs across the cluster"),
    ),
    (
        {"name": "job_nodes", "job": "{J}"},
        ("where did {J} run", "which [node|host|server] ran {J}", "what node was {J} on"),
    ),
    (
        {"name": "lost_nodes"},
        (
            "did [a|any] [node|server|host] [go down|drop out|disconnect]",
            "which [nodes|hosts|servers] are [down|offline|dead|unreachable]",
            "lost nodes",
        ),
    ),
]
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
