"""How people ask about the GPUs themselves: the templates of the GPU queries.

The template syntax is described in :mod:`assistant.intent_phrasings`, which adds the job, queue and cluster
queries and the corpus samples from both.
"""

from __future__ import annotations

from typing import Any

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
        ),
    ),
    (
        {"name": "gpu_rank", "metric": "power", "order": "min"},
        (
            "which <gpu> [draws|uses|pulls] the least [power|watts]",
            "<gpu> with the lowest [power draw|wattage|power]",
            "least power hungry <gpu>",
        ),
    ),
    (
        {"name": "gpu_rank", "metric": "memory", "order": "max"},
        (
            "which <gpu> [uses|has] the most [memory|vram] [used|in use|]",
            "<gpu> with the most [memory used|vram in use|memory in use]",
            "which <gpu> has the fullest [memory|vram]",
        ),
    ),
    (
        {"name": "gpu_rank", "metric": "memory", "order": "min"},
        ("which <gpu> uses the least [memory|vram]", "<gpu> with the least [memory|vram] in use"),
    ),
    (
        {"name": "gpu_rank", "metric": "free_memory", "order": "max"},
        (
            "which <gpu> has the most free [memory|vram]",
            "<gpu> with the most [free memory|free vram|memory available]",
            "where is the most [vram|memory] free",
        ),
    ),
    (
        {"name": "gpu_rank", "metric": "tensor", "order": "max"},
        (
            "which <gpu> has the [highest|most] tensor [core|] activity",
            "most active tensor cores [across|among] the <gpus>",
        ),
    ),
    (
        {"name": "gpu_rank", "metric": "tflops", "order": "max"},
        ("which <gpu> [does|delivers|reaches] the most [tflops|TFLOP/s]", "highest [tflops|TFLOP/s] <gpu>"),
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
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "power"},
        (
            "how much power are the <gpus> [drawing|using|pulling]<now>",
            "total power draw",
            "[power|wattage] [of|across] all <gpus>",
            "current power [usage|draw|consumption]",
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
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "memory"},
        (
            "how much [memory|vram] is [used|in use|being used]",
            "[memory|vram] usage [across|of|on] [the|all|my] <gpus>",
            "how full is the [vram|gpu memory]",
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
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "free_memory"},
        (
            "how much [memory|vram] is [free|available]",
            "[free|available] [vram|gpu memory]",
            "how much [vram|memory] do I have [left|free|available]",
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "tensor", "gpu": "{G}"},
        (
            "[tensor core|tensor] [activity|usage|utilization] [of|for] {G}",
            "is {G} using its tensor cores",
            "are the tensor cores on {G} [busy|active|in use]",
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "tensor"},
        (
            "are [the|] tensor cores [busy|active|in use|being used]",
            "how active are the tensor cores",
            "tensor [core|] [activity|usage]",
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "tflops", "gpu": "{G}"},
        ("[tflops|throughput|flops] [of|on] {G}", "how many [tflops|TFLOP/s|teraflops] is {G} doing"),
    ),
    (
        {"name": "gpu_reading", "metric": "tflops"},
        (
            "[how many|what] [tflops|TFLOP/s|teraflops] [am I reaching|are we hitting|do I get]",
            "estimated [tflops|TFLOP/s]<now>",
            "compute throughput [of the gpus|]",
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
        ),
    ),
    (
        {"name": "gpu_list"},
        (
            "what <gpus> do I have",
            "[list|show] [the|my|all] <gpus>",
            "which <gpus> are installed",
            "how many <gpus> [do I have|are installed|does this machine have]",
            "what [kind|type|model] of <gpus> [are these|do I have]",
            "<gpu> [models|names|inventory]",
            "what hardware do I have",
        ),
    ),
    (
        {"name": "gpu_list", "gpu": "{G}"},
        ("what [model|kind|type] of card is {G}", "which model is {G}", "{G} model", "name of {G}"),
    ),
    (
        {"name": "idle_gpus"},
        (
            "[which|what] <gpus> are [idle|unused|not doing anything|spare]",
            "any [idle|free|unused|spare] <gpus>",
            "is there a free <gpu>",
            "[idle|free|spare] <gpus>",
            "do I have a <gpu> [free|available|that is idle]",
            "is a <gpu> free for a new job",
            "which <gpu> can I use<now>",
        ),
    ),
    (
        {"name": "memory_users"},
        (
            "[what|who|which process] is [using|hogging|holding|taking|eating] the [gpu memory|vram|memory]",
            "[processes|programs] using the <gpus>",
            "who owns the [gpu memory|vram]",
            "what processes are on the <gpus>",
        ),
    ),
    (
        {"name": "memory_users", "gpu": "{G}"},
        (
            "[what|who|which process] is [using|hogging|holding|taking] the [memory|vram] on {G}",
            "who is using {G}",
            "who's on {G}",
            "[processes|programs] on {G}",
            "who owns the memory of {G}",
        ),
    ),
    (
        {"name": "energy", "window": "{W}"},
        (
            "how much energy did [the|my] <gpus> [use|consume|burn] {W}",
            "energy [used|consumed|usage] {W}",
            "[kwh|Wh|kilowatt hours] [used|] {W}",
            "how much electricity [did we use|was used] {W}",
        ),
    ),
    ({"name": "energy"}, ("how much energy [have the gpus used|did we use]", "energy [usage|consumption]")),
    (
        {"name": "energy", "gpu": "{G}", "window": "{W}"},
        ("energy of {G} {W}", "how much energy did {G} use {W}"),
    ),
    (
        {"name": "gate_state"},
        (
            "is the gate [open|closed|open or closed]",
            "[state of|status of] the idle gate",
            "are you [on|running on] the [gpu|cpu]<now>",
            "is the assistant using the [gpu|cpu]",
            "what is your state",
            "where are you running",
            "are you [paused|idle|loaded]",
            "[assistant|gate] [status|state]",
            "can you use the gpu<now>",
        ),
    ),
]
