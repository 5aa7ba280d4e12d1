"""How people ask about the machine around the GPU readings: its GPUs, idle GPUs, processes, energy, the gate.

The template syntax is described in :mod:`assistant_lab.phrasings.grammar`;
:mod:`assistant_lab.phrasings.gpu` puts
these after the GPU readings and rankings, in this order (the dev split depends on it).
"""

from __future__ import annotations

from typing import Any

# (query fields, templates); "{G}" in a field takes the question's GPU, "{W}" its time span.
MACHINE_PHRASINGS: list[tuple[dict[str, Any], tuple[str, ...]]] = [
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
            "show me the hardware",
            "I want to see the <gpus> in this machine",
            "inventory of the <gpus>",
        ),
    ),
    (
        {"name": "gpu_list", "gpu": "{G}"},
        (
            "what [model|kind|type] of card is {G}",
            "which model is {G}",
            "{G} model",
            "name of {G}",
            "tell me which card {G} is",
            "I want to know the model of {G}",
            "show me the model name of {G}",
        ),
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
            "show me the <gpus> that are idle",
            "I need a free <gpu>",
            "find me an [idle|unused] <gpu>",
        ),
    ),
    (
        {"name": "memory_users"},
        (
            "[what|who|which process] is [using|hogging|holding|taking|eating] the [gpu memory|vram|memory]",
            "[processes|programs] using the <gpus>",
            "who owns the [gpu memory|vram]",
            "what processes are on the <gpus>",
            "show me who is using the [vram|gpu memory]",
            "list the <gpu> processes",
            "I need to see whose processes hold the [vram|memory]",
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
            "show me the processes on {G}",
            "list who is on {G}",
            "whose processes are on {G}",
        ),
    ),
    (
        {"name": "energy", "window": "{W}"},
        (
            "how much energy did [the|my] <gpus> [use|consume|burn] {W}",
            "energy [used|consumed|usage] {W}",
            "[kwh|Wh|kilowatt hours] [used|] {W}",
            "how much electricity [did we use|was used] {W}",
            "show me the energy used {W}",
            "I need the [kwh|energy] figure for {W}",
            "{W} energy use",
        ),
    ),
    (
        {"name": "energy"},
        (
            "how much energy [have the gpus used|did we use]",
            "energy [usage|consumption]",
            "show me the energy use",
            "total energy [used|so far]",
            "I want to know the energy consumption",
        ),
    ),
    (
        {"name": "energy", "gpu": "{G}", "window": "{W}"},
        (
            "energy of {G} {W}",
            "how much energy did {G} use {W}",
            "show me how much energy {G} used {W}",
            "{G} energy {W}",
            "{G} kwh {W}",
        ),
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
            "show me the gate state",
            "tell me if you are on the gpu",
            "I want to know whether the assistant is paused",
            "gate?",
        ),
    ),
]
