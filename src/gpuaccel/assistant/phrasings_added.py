"""How people ask the queries and readings added after the dev split was fixed: fan speed (so far).

Why apart from :mod:`assistant.intent_phrasings`: the dev split (``intent_corpus.dev_set``) is drawn from
that grammar's templates and must stay the questions earlier models were scored on, so new templates are
never dev ones and are not drawn by it; the corpus asks these through
:func:`~assistant.corpus_context.contextual` instead. Template syntax as in
:mod:`assistant.intent_phrasings`. A ranking's templates avoid "fastest" and "slowest": the rewording
(:mod:`assistant.augment_words`) reads those as a job's run time and would swap in "shortest".
"""

from __future__ import annotations

from typing import Any

FAN_PHRASINGS: list[tuple[dict[str, Any], tuple[str, ...]]] = [
    (
        {"name": "gpu_reading", "metric": "fan", "gpu": "{G}"},
        (
            "[what's|what is] the fan speed [of|on] {G}",
            "how fast is the fan on {G} [spinning|running|]",
            "{G} fan [speed|rpm|]",
            "fan [speed|] [on|of|for] {G}",
            "is the fan on {G} [spinning|running|loud]",
            "how loud is {G}<now>",
            "show me the fan speed of {G}",
            "check the fans on {G}",
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "fan"},
        (
            "[what's|what is] the fan speed<now>",
            "how fast are the fans [spinning|running|going]<now>",
            "fan [speeds|speed|rpm]",
            "[show|list] the <gpu> fan speeds",
            "how loud are the <gpus><now>",
            "are the fans [spinning|running|on]",
            "check the fans",
            "I want to know how fast the fans spin",
        ),
    ),
    (
        {"name": "gpu_rank", "metric": "fan", "order": "max"},
        (
            "which <gpu> has the [loudest|noisiest] fan",
            "which <gpu> is the [loudest|noisiest]<now>",
            "which <gpu> has the highest fan speed",
            "which of the <gpus> spins its fans the most",
            "top <gpu> by fan speed",
            "the loudest <gpu>",
        ),
    ),
    (
        {"name": "gpu_rank", "metric": "fan", "order": "min"},
        (
            "which <gpu> has the quietest fan",
            "which <gpu> is the quietest",
            "the quietest <gpu>",
            "<gpu> with the lowest fan speed",
            "which of the <gpus> spins its fans the least",
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "fan", "window": "{W}"},
        (
            "fan speed {W}",
            "how fast did the fans spin {W}",
            "fans {W}",
            "how loud were the <gpus> {W}",
            "show me the fan speeds {W}",
            "what were the fans doing {W}",
        ),
    ),
]
# The fan of the GPU the last answer was about ("how hot is gpu 1" ... "and the fan?").
FAN_FOLLOW_UPS: tuple[str, ...] = (
    "and the fan?",
    "[what about|how about] its fan",
    "fan speed there?",
    "and how fast is its fan spinning",
    "fan?",
    "is its fan loud",
)

ADDED: list[tuple[dict[str, Any], tuple[str, ...]]] = FAN_PHRASINGS
