"""How people ask the queries and readings added after the dev split was fixed: fan speed, a job's log,
the SM clock, the rest of what gpuaccel status shows per GPU.

Why apart from :mod:`assistant_lab.phrasings.grammar`: the dev split (``intent_corpus.dev_set``) is drawn from
that grammar's templates and must stay the questions earlier models were scored on, so new templates are
never dev ones and are not drawn by it; the corpus asks these through
:func:`~assistant_lab.contextual.contextual` instead. Template syntax as in
:mod:`assistant_lab.phrasings.grammar`. A ranking's templates avoid "fastest" and "slowest": the rewording
(:mod:`assistant_lab.augment.words`) reads those as a job's run time and would swap in "shortest". ``{L}`` is
a log's count of lines.
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

LOG_PHRASINGS: list[tuple[dict[str, Any], tuple[str, ...]]] = [
    (
        {"name": "job_log", "job": "{J}"},
        (
            "show me the log of {J}",
            "[log|logs|output|stdout] of {J}",
            "what did {J} print",
            "tail the [log|output] of {J}",
            "{J} [log|logs|output]",
            "last lines of {J}",
            "[show|give] me the output of {J}",
            "what's in the log of {J}",
            "the traceback of {J}",
            "I want to see the log of {J}",
        ),
    ),
    (
        {"name": "job_log", "job": "{J}", "lines": "{L}"},
        (
            "[show me|give me] the last {L} lines of {J}",
            "last {L} lines of the log of {J}",
            "tail -n {L} {J}",
            "{L} lines of the output of {J}",
            "the final {L} lines of the log of {J}",
        ),
    ),
    (
        {"name": "job_log", "state": "failed"},
        (
            "[show me|tail] the log of the failed job",
            "last lines of the [failed|crashed] job",
            "what did the [failed|crashed] job print",
            "output of the job that [failed|crashed]",
            "show me the traceback of the [failed|crashed] run",
            "the failed job's log",
        ),
    ),
    (
        {"name": "job_log", "state": "running"},
        (
            "[show me|tail] the log of the running job",
            "what is the running job printing",
            "output of the job that is running<now>",
        ),
    ),
    (
        {"name": "job_log", "job_name": "{N}"},
        (
            "[show me|tail] the log of the job {N}",
            "output of the run {N}",
            "what did the job {N} print",
        ),
    ),
    (
        {"name": "job_log"},
        (
            "show me the [latest|newest|most recent] log",
            "[show|tail] the last log",
            "what's in the latest job log",
            "tail the newest log",
        ),
    ),
]
# The log of the job the last answer was about ("why did job 3 fail?" ... "show me the log").
LOG_FOLLOW_UPS: tuple[str, ...] = (
    "show me the log",
    "and its log?",
    "what did it print",
    "show me its output",
    "tail the log",
    "last lines of its log",
    "its traceback?",
    "can I see the log",
    "and the output?",
)

# The SM clock, a reading of its own since it has a history ("the highest sm clock gpu 0 hit today").
CLOCK_PHRASINGS: list[tuple[dict[str, Any], tuple[str, ...]]] = [
    (
        {"name": "gpu_reading", "metric": "clock", "gpu": "{G}"},
        (
            "[what's|what is] the sm clock [of|on] {G}",
            "{G} sm clock",
            "sm clock [speed|] [of|on|for] {G}",
        ),
    ),
    (
        {"name": "gpu_reading", "metric": "clock", "window": "{W}"},
        (
            "sm clock {W}",
            "sm clocks {W}",
            "what were the sm clocks {W}",
        ),
    ),
]

# The rest of what gpuaccel status shows per GPU (queries.gpu.METRICS): one reading each.
STATUS_PHRASINGS: list[tuple[dict[str, Any], tuple[str, ...]]] = [
    (
        {"name": "gpu_reading", "metric": metric, "gpu": "{G}"},
        tuple(f"{t} [of|on|for] {{G}}" for t in said) + tuple(f"{{G}} {t}" for t in said),
    )
    for metric, said in (
        ("mem_clock", ("[the|] memory clock", "[the|] mem clock speed")),
        ("mem_util", ("[the|] memory controller [utilization|load|busy]",)),
        ("dram", ("[the|] dram bandwidth [use|utilization|]", "how much dram bandwidth is used")),
        ("sm_active", ("[the|] sm active [percentage|]",)),
        ("occupancy", ("[the|] sm occupancy", "[the|] warp occupancy")),
        ("pcie", ("[the|] pcie [throughput|traffic|bandwidth]", "pcie tx and rx")),
        ("peak_tflops", ("[the|] [bf16|fp16] peak", "[the|] dense bf16 peak [tflops|]")),
    )
]

# What could be cleaned up, asked about (a request to clean up is answered with where that is done).
HOUSEKEEPING_PHRASINGS: list[tuple[dict[str, Any], tuple[str, ...]]] = [
    (
        {"name": "housekeeping"},
        (
            "[anything|is there anything] to clean up<now>",
            "what can [i|we] clean up",
            "anything [i|we] should [clean up|tidy up]",
            "how much disk space could i free",
            "any old [logs|caches|artifacts] lying around",
            "show me the housekeeping proposals",
        ),
    ),
]

# The jobs that ended in a span (not every job of the span: those submitted or running in it).
FINISHED_PHRASINGS: list[tuple[dict[str, Any], tuple[str, ...]]] = [
    (
        {"name": "finished", "window": "{W}"},
        (
            "what finished {W}",
            "which jobs [finished|ended] {W}",
            "[list|show me] the jobs that [finished|ended] {W}",
        ),
    ),
]

ADDED: list[tuple[dict[str, Any], tuple[str, ...]]] = (
    FAN_PHRASINGS + LOG_PHRASINGS + CLOCK_PHRASINGS + STATUS_PHRASINGS + HOUSEKEEPING_PHRASINGS
)
# How many jobs each GPU ran in a span.
GPU_JOBS_PHRASINGS: list[tuple[dict[str, Any], tuple[str, ...]]] = [
    (
        {"name": "gpu_jobs", "window": "{W}"},
        (
            "which gpu ran the most jobs {W}",
            "how many jobs did each [gpu|card] run {W}",
            "what card had the most jobs {W}",
        ),
    ),
]

ADDED += FINISHED_PHRASINGS + GPU_JOBS_PHRASINGS
