"""How people ask about the GPUs themselves: the templates of the GPU ranking and reading queries.

The template syntax is described in :mod:`assistant_lab.phrasings.grammar`, which adds the job, queue and
cluster
queries and the corpus samples from both; the GPU list, processes, energy and gate questions follow these
(:mod:`assistant_lab.phrasings.machine`).
"""

from __future__ import annotations

from typing import Any

from assistant_lab.phrasings.machine import MACHINE_PHRASINGS

# (query fields, templates); "{G}" in a field takes the question's GPU, "{W}" its time span.
GPU_PHRASINGS: list[tuple[dict[str, Any], tuple[str, ...]]] = [
    (
        {"name": "gpu_rank", "metric": "temperature", "order": "max"},
        (
            "which <gpu> is [the hottest|hottest|the warmest|running hottest|running the hottest]<now>",
            "the [hottest|warmest] <gpu><now>",
            "which <gpu> has the [highest|top|max] [temperature|temp]",
            "[what's|what is] the hottest <gpu>",
            "<gpu> with the [highest|max] [temp|temperature]",
            "which of the <gpus> [runs|is running|gets] [hottest|the hottest|warmest]",
            "max [temp|temperature] [across|among] [the|all|my] <gpus>",
            "who is the hottest of my <gpus>",
            "show me the <gpu> that [runs|is running] hottest",
            "find the hottest <gpu>",
            "I want to know which <gpu> runs the hottest",
        ),
    ),
    (
        {"name": "gpu_rank", "metric": "temperature", "order": "min"},
        (
            "which <gpu> is [the coolest|coolest|the coldest|running coolest]<now>",
            "the [coolest|coldest] <gpu>",
            "<gpu> with the [lowest|min] [temp|temperature]",
            "which of my <gpus> [runs|is running|stays] [the coolest|coolest|coldest]",
            "lowest [temp|temperature] [among|of] the <gpus>",
            "show me the coolest <gpu>",
            "find the <gpu> that runs [coolest|coldest]",
            "I need the coldest <gpu>",
        ),
    ),
    (
        {"name": "gpu_rank", "metric": "util", "order": "max"},
        (
            "which <gpu> is [the busiest|busiest|the most utilized|the most loaded|working hardest]<now>",
            "[busiest|most loaded|most utilized|most used] <gpu>",
            "<gpu> with the [highest|most] [load|utilization|usage|util]",
            "which <gpu> has the [highest|most] [load|utilization|usage]",
            "which of the <gpus> works the hardest",
            "top <gpu> by [utilization|load|usage]",
            "show me the busiest <gpu>",
            "find the <gpu> doing the most work",
            "I want to know which <gpu> is busiest",
        ),
    ),
    (
        {"name": "gpu_rank", "metric": "util", "order": "min"},
        (
            "which <gpu> is [the least busy|least busy|the least utilized|least loaded|the idlest]<now>",
            "[least busy|least loaded|least used] <gpu>",
            "the least utilized <gpu>",
            "<gpu> with the [lowest|least] [load|utilization|usage]",
            "which <gpu> has the [lowest|least] [load|utilization]",
            "which of my <gpus> does the least work",
            "show me the least busy <gpu>",
            "find the <gpu> with the least work on it",
            "I need the least loaded <gpu>",
        ),
    ),
    (
        {"name": "gpu_rank", "metric": "power", "order": "max"},
        (
            "which <gpu> [draws|uses|consumes] the most power",
            "which <gpu> pulls the highest wattage",
            "which <gpu> is [the most power hungry|drawing the most power]",
            "<gpu> with the [highest|max] [power draw|wattage|power]",
            "[highest|max|top] power [draw|usage] [of all|among the|across] <gpus>",
            "show me the <gpu> drawing the most power",
            "find the most power hungry <gpu>",
            "I need to know which <gpu> uses the most watts",
            "top power draw <gpu>",
        ),
    ),
    (
        {"name": "gpu_rank", "metric": "power", "order": "min"},
        (
            "which <gpu> [draws|uses|pulls] the least [power|watts]",
            "<gpu> with the lowest [power draw|wattage|power]",
            "least power hungry <gpu>",
            "show me the <gpu> drawing the least power",
            "find the <gpu> that uses the fewest watts",
            "lowest power <gpu>",
        ),
    ),
    (
        {"name": "gpu_rank", "metric": "memory", "order": "max"},
        (
            "which <gpu> [uses|has] the most [memory|vram] [used|in use|]",
            "<gpu> with the most [memory used|vram in use|memory in use]",
            "which <gpu> has the fullest [memory|vram]",
            "show me which <gpu> uses the most [memory|vram]",
            "find the <gpu> with the fullest [memory|vram]",
            "top <gpu> by [memory|vram] use",
        ),
    ),
    (
        {"name": "gpu_rank", "metric": "memory", "order": "min"},
        (
            "which <gpu> uses the least [memory|vram]",
            "<gpu> with the least [memory|vram] in use",
            "show me which <gpu> uses the least [memory|vram]",
            "lowest [memory|vram] use [among|across] the <gpus>",
            "I need the <gpu> with the least [memory|vram] used",
        ),
    ),
    (
        {"name": "gpu_rank", "metric": "free_memory", "order": "max"},
        (
            "which <gpu> has the most free [memory|vram]",
            "<gpu> with the most [free memory|free vram|memory available]",
            "where is the most [vram|memory] free",
            "show me the <gpu> with the most free [memory|vram]",
            "I need the <gpu> with the most [memory|vram] left",
            "most free [memory|vram] by <gpu>",
        ),
    ),
    (
        {"name": "gpu_rank", "metric": "tensor", "order": "max"},
        (
            "which <gpu> has the [highest|most] tensor [core|] activity",
            "most active tensor cores [across|among] the <gpus>",
            "show me the <gpu> with the busiest tensor cores",
            "top <gpu> by tensor [core|] activity",
            "which <gpu> uses its tensor cores the most",
        ),
    ),
    (
        {"name": "gpu_rank", "metric": "tflops", "order": "max"},
        (
            "which <gpu> [does|delivers|reaches] the most [tflops|TFLOP/s]",
            "highest [tflops|TFLOP/s] <gpu>",
            "show me the <gpu> with the most [tflops|throughput]",
            "top <gpu> by [tflops|throughput]",
            "which <gpu> computes the fastest",
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "temperature", "gpu": "{G}"},
        (
            "[how hot is|what's the temperature of|what temp is|temperature of|temp on|how warm is] {G}",
            "{G} [temp|temperature|temps]",
            "{G} temp?",
            "is {G} [too hot|running hot|getting hot|overheated]",
            "[check|show|tell me] the [temp|temperature] of {G}",
            "how [hot|warm] does {G} [get|run]",
            "what temperature is {G} at<now>",
            "[degrees|celsius] on {G}",
            "show me the temperature of {G}",
            "I need the [temp|temperature] of {G}",
            "{G}: [temp|temperature]?",
            "tell me if {G} is [hot|overheating]",
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "temperature"},
        (
            "[temps|temperatures] [of|on|for] [all|the|my] <gpus>",
            "how hot are [the|my] <gpus><now>",
            "<show> [all|the] <gpu> temperatures",
            "are [the|my] <gpus> [overheating|too hot|running hot]",
            "what temperature are the <gpus> at",
            "temperature [readings|report]",
            "show me the <gpu> temperatures",
            "I want to see each <gpu> [temp|temperature]",
            "all <gpu> temps",
            "check the temperatures of the <gpus>",
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "util", "gpu": "{G}"},
        (
            "how busy is {G}<now>",
            "[utilization|util|usage|load] [of|on|for] {G}",
            "{G} [utilization|util|usage|load]",
            "what's the load on {G}",
            "is {G} [busy|working|doing anything|being used|in use]",
            "how hard is {G} working",
            "{G} util %",
            "show me the load on {G}",
            "I need the utilization on {G}",
            "check how hard {G} is working",
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "util"},
        (
            "how busy are [the|my] <gpus><now>",
            "[gpu|GPU] [utilization|usage|load]",
            "[show|what's] the utilization [of|across] [the|all|my] <gpus>",
            "are the <gpus> busy",
            "[current|] load on [the|my|all] <gpus>",
            "show me how busy the <gpus> are",
            "all <gpu> utilization",
            "I want the load on each <gpu>",
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "power", "gpu": "{G}"},
        (
            "[power draw|power|wattage|watts] [of|for] {G}",
            "power on {G}",
            "how much power is {G} [drawing|using|pulling|consuming]<now>",
            "{G} [power|watts|wattage|power draw]",
            "how many watts is {G} [pulling|using|drawing]",
            "what's {G} drawing",
            "show me the power draw on {G}",
            "I need the wattage of {G}",
            "check the watts on {G}",
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "power"},
        (
            "how much power are the <gpus> [drawing|using|pulling]<now>",
            "total power draw",
            "[power|wattage] [of|across] all <gpus>",
            "current power [usage|draw|consumption]",
            "show me the power draw of the <gpus>",
            "<gpu> [power|wattage] [readings|figures]",
            "I want to know how many watts the <gpus> use",
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "memory", "gpu": "{G}"},
        (
            "how much [memory|vram|gpu memory] is {G} using",
            "[memory|vram|memory usage|vram usage|mem] [on|of|for] {G}",
            "{G} [memory|vram|mem] [usage|used|]",
            "how full is the [memory|vram] [on|of] {G}",
            "how much [memory|vram] is used on {G}",
            "show me the [memory|vram] use of {G}",
            "I need the [memory|vram] usage of {G}",
            "check [memory|vram] on {G}",
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "memory"},
        (
            "how much [memory|vram] is [used|in use|being used]",
            "[memory|vram] usage [across|of|on] [the|all|my] <gpus>",
            "how full is the [vram|gpu memory]",
            "show me the [memory|vram] use",
            "all <gpu> [memory|vram] usage",
            "I want to see how full the [memory|vram] is",
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "free_memory", "gpu": "{G}"},
        (
            "how much [memory|vram] is [free|left|available] on {G}",
            "free [memory|vram|mem] [on|of] {G}",
            "{G} free [memory|vram]",
            "how much [vram|memory] does {G} have left",
            "[memory|vram] headroom on {G}",
            "show me the free [memory|vram] on {G}",
            "I need to know the [memory|vram] left on {G}",
            "does {G} have [memory|vram] to spare",
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "free_memory"},
        (
            "how much [memory|vram] is [free|available]",
            "[free|available] [vram|gpu memory]",
            "how much [vram|memory] do I have [left|free|available]",
            "show me the free [memory|vram]",
            "[memory|vram] left on the <gpus>",
            "is there [memory|vram] to spare",
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "tensor", "gpu": "{G}"},
        (
            "[tensor core|tensor] [activity|usage|utilization] [of|for] {G}",
            "is {G} using its tensor cores",
            "are the tensor cores on {G} [busy|active|in use]",
            "show me tensor [core|] activity on {G}",
            "{G} tensor [cores|activity]",
            "check if {G} uses its tensor cores",
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "tensor"},
        (
            "are [the|] tensor cores [busy|active|in use|being used]",
            "how active are the tensor cores",
            "tensor [core|] [activity|usage]",
            "show me the tensor core activity",
            "I want to know if the tensor cores are used",
            "tensor cores in use?",
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "tflops", "gpu": "{G}"},
        (
            "[tflops|throughput|flops] [of|on] {G}",
            "how many [tflops|TFLOP/s|teraflops] is {G} doing",
            "show me the [tflops|throughput] of {G}",
            "{G} [tflops|TFLOP/s]",
            "how fast is {G} computing",
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "tflops"},
        (
            "[how many|what] [tflops|TFLOP/s|teraflops] [am I reaching|are we hitting|do I get]",
            "estimated [tflops|TFLOP/s]<now>",
            "compute throughput [of the gpus|]",
            "show me the [tflops|TFLOP/s]",
            "what throughput are the <gpus> reaching",
            "I want the [tflops|compute] numbers",
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "overview", "gpu": "{G}"},
        (
            "how's {G} [doing|looking]",
            "how is {G} looking",
            "status of {G}",
            "{G} [status|overview|details|info|stats]",
            "tell me about {G}",
            "what's going on with {G}",
            "[show me|give me] [a rundown|everything|the stats] [on|for] {G}",
            "show me {G}",
            "I want to know how {G} is doing",
            "give me the numbers for {G}",
        ),
    ),
] + MACHINE_PHRASINGS
