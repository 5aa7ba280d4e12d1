"""How the assistant reads a question's words: the topic vocabulary, spelling repair and time spans.

:func:`words` lower-cases a question and repairs each word against the vocabulary (:func:`repair`: the
slips of :mod:`~assistant.understand.spelling`, a topic word inside a longer one), keeping numbers, short
words, the filler words of :data:`STOP` and the everyday words of :data:`KEPT` as they are, so "could"
never becomes "cold", "other" never "hotter" and "family" never "fail". :func:`window_of` turns
"yesterday", "in the last 2 hours", "this week", "the weekly summary" into a
:class:`~assistant.queries.catalogue.Window` in local time. :class:`~assistant.understand.picker.RulePicker`
builds on both.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Iterable

from gpuaccel.assistant.understand.spelling import Starts, allowed, could_mean, slips

# Topic words after spelling repair; a word maps to a concept.
CONCEPTS: dict[str, tuple[str, ...]] = {
    concept: tuple(text.split())
    for concept, text in {
        "temperature": "temperature temp temps hot hottest hotter warm warmer warmest heat degrees celsius"
        " cool coolest cooler cold coldest thermal toasty toastier toastiest",
        "util": "utilization utilisation util utilized utilised utilizing busy busier busiest load loaded"
        " working usage occupied idlest",
        "memory": "memory vram mem gib mib gigabytes ram hbm framebuffer",
        "power": "power watts watt draw drawing draws drew consumption consuming pull pulls pulled pulling",
        "energy": "energy kwh wh joules electricity",
        "tensor": "tensor tensors cores",
        "tflops": "tflops flops teraflops tflop throughput compute",
        # the rest of a GPU's readings gpuaccel status shows (queries.gpu.METRICS)
        "pcie": "pcie pci",
        "mem_util": "controller",
        "dram": "dram bandwidth",
        "occupancy": "occupancy",
        "peak_tflops": "bfsixteen datasheet",
        # a fan said outright, or how it sounds (those only with a GPU said: intent_topics.refine_topics)
        "fan": "fan fans rpm spin spinning loud louder loudest noisy noisier noisiest quieter quietest",
        # a job's log (intent_topics.log_query says when these ask for one)
        "log": "log logs logfile logfiles stdout stderr traceback tracebacks output outputs",
        "models": "model models kind type hardware installed list name names sinfo lspci",
        "idle": "idle unused unoccupied spare available nothing free left remaining headroom"
        " resting asleep dormant",
        "fail": "fail failed fails failure failures failing crash crashed crashes error errors"
        " broke broken die died dies blow blew exploded wrong problem problems bombed bomb errored",
        "cancel": "cancel cancelled canceled cancellation cancellations aborted abort killed terminated",
        "queue": "queue queued waiting pending wait waits stuck blocked line next squeue qstat pd",
        "running": "running executing active now currently progress",
        "jobs": "job jobs ran run runs task tasks workload workloads submitted finished completed"
        " succeeded successful done executed sacct",
        "long": "longest slowest shortest quickest fastest duration durations long took time walltime"
        " elapsed runtime runtimes",
        "summary": "summarize summarise summary recap overview happened report digest rundown brief",
        "gate": "gate assistant yourself",
        "who": "who whom process processes holding holds hogging hog owner owns occupying"
        " program programs",
        "gpu": "gpu gpus card cards device devices graphics accelerator accelerators",
        # the clocks, their P-state and what holds them back are part of a GPU's overview reading
        "overview": "throttle throttles throttled throttling clock clocks clocked mhz pstate ticking"
        " smi nvitop nvtop gpustat",  # what those tools show: "nvidia-smi" asked as a question
        # a GPU's health: XID errors, ECC, remapped rows or retired pages, PCIe replays (gpu_reading health)
        "health": "health healthy unhealthy xid xids ecc remapped remapping remap retired replays",
        "cluster": "cluster clusters node nodes host hosts server servers ray",
    }.items()
}
# the gpuaccel command -> the verbs said for it (the request reader's verbs; a name's part said after one is
# said as a job)
ACTIONS = {
    # ("bounce": an ops word for stopping a thing and starting it again)
    "retry": ("restart", "rerun", "re-run", "redo", "retry", "requeue", "resubmit", "relaunch", "bounce"),
    "cancel": (
        "cancel",
        "kill",
        "stop",
        "abort",
        "terminate",
        "scancel",
        "nuke",
        "scrap",
        "ditch",
        "bin",
        "withdraw",
    ),
    "pause": ("pause", "suspend", "freeze", "halt"),
    "resume": ("resume", "unpause", "unsuspend", "continue", "unfreeze", "thaw"),
    "hold": ("hold", "park", "shelve"),
    "release": ("release", "unhold", "uhold", "unpark"),
    "remove": ("delete", "remove", "rm"),  # ("rm": the shell's remove, "rm job 6 from the list")
    # ("prepone": to bring earlier, as Indian English says it)
    "priority": (
        "bump",
        "prepone",
        "prioritize",
        "prioritise",
        "deprioritize",
        "deprioritise",
        "reprioritize",
    ),
    "switch": ("switch", "swap", "exchange"),
}

# readings of one GPU
METRICS = {"temperature", "util", "memory", "power", "tensor", "tflops", "fan", "pcie", "mem_util", "dram"}
METRICS |= {"occupancy", "peak_tflops"}
MORE = set(
    "most highest max maximum top biggest largest hottest warmest busiest longest slowest hotter hardest"
    " more harder busier warmer higher heavier bigger slower leaderboard ranking".split()
)
LESS = set(
    "least lowest min minimum smallest fewest coolest coldest cooler shortest quickest fastest idlest faster"
    " quicker less lower smaller colder".split()
)


def order_of(words: Iterable[str], more: Iterable[str] = ()) -> str | None:
    """The order the words ask for: "min" for one of :data:`LESS`, else "max" for one of :data:`MORE` (or
    of ``more``: "heaviest"), else None."""
    said = set(words)
    return "min" if LESS & said else "max" if (MORE | set(more)) & said else None


STOP = set(
    "the a an is are was were of on in for to me my what which how and about it its this that do does did i"
    " there same any s at please tell show give with from been be have has so far much many right now last"
    " past hour hours today yesterday yday day week minutes morning midnight"
    # politeness and filler, so they are not "repaired" into topic words ("could" is not "cold")
    " could would should know like want need thanks thank thx pls hey hi hello quick question again okay"
    " ok kindly actually really just"  # "could you kindly state ...": not "kind" (what kind of GPU)
    # how a question is put to the assistant: "can you tell me", "someone asked me what ran at 11:10"
    " can you tell asked wondering wonder"
    # "core clock", "core temp", "core n mem": the GPU's core, not its tensor cores
    " core"
    # "anything", "something" are not "nothing" (idle): "is anything running?", "did anything die?"
    " anything something everything anyone someone"
    # words that point back, kept as they are ("other" is not "hotter")
    " other others ones before previous prior after then"
    # common words one or two letters from a topic word: "used" is not "unused", "ever" not "server",
    # "their" not "there", "computer" not "compute", "linked" not "line"
    " used ever their they them theirs computer computers machine linked each hard work"
    # common words one letter away from a topic word: "called" is not "cancelled", "advice" not "device"
    " called named advice number"
    # "terms" is not "temps"
    " terms"
    # "here" is not "where" (a question about the cluster)
    " here".split()
)
# Chat shorthand, read as the words it stands for before any repair ("wats" is "what", not "watts")
SHORTHAND = {
    "pwr": "power",  # a sysadmin's shorthand: "peak pwr on gpu 1 today"
    "w": "watts",  # "avg W during it", "peak W" (a "w/" is "with" before any reader: spoken.typed_out)
    "clk": "clock",  # "sm clk", "mem clk"
    # "the highest it boosted to": its clock (exact words only: as topic words, repair would read "boast",
    # "boot" and "booking" as them)
    "boost": "clock",
    "boosted": "clock",
    "boosting": "clock",
    "clks": "clocks",
    "wats": "what",
    "wat": "what",
    "whats": "what",
    "r": "are",
    "u": "you",
    "ur": "your",
    "pls": "please",
    "plz": "please",
    "atm": "now",
    "nd": "and",
    "em": "them",  # "list em"
    "blocking": "blocked",  # exact only: as a topic word, repair would read "booking" as it
    "rn": "now",
    "rt": "runtime",  # a shell user's "rt?": run time (exact only)
    # a phone's autocorrect puts a real word for the one typed (exact only): "cue?", "4090 idol since when",
    # "peak tamp"
    "cue": "queue",
    "que": "queue",  # dictation's spelling
    "arvo": "afternoon",  # Australian: "what ran this arvo"
    "idol": "idle",
    "tamp": "temp",
    "gpuh": "gpu hours",
    "doin": "doing",
    "proc": "process",  # shortened, no typo: "any procs on gpu 1?"
    "procs": "processes",
    "pids": "processes",  # "which pids are on gpu 0": its process list (not a repair target: "pies")
    "whos": "who",  # "whos using gpu0 mem" (exact only: as a topic word, repair would read "whoa" as it)
    "pid": "process",  # "the pid on gpu 0": its process; "the pid of job 3": that job's worker
    # exact words only: as topic words, spelling repair would turn "room" into "oom", "heating" into "eating"
    "oom": "crash",
    "ooms": "crashes",
    "oomed": "crashed",
    "oomkilled": "crashed",  # Kubernetes' word for a process killed for its memory
    "eating": "hogging",
    "eats": "hogs",
    "hammering": "hogging",  # "something was hammering the H100 around 11": holding it, busy
    "pounding": "hogging",
    # "bread" is not "break", "chili" not "chilly"
    "break": "fail",
    "breaks": "fails",
    "breaking": "failing",
    "chilly": "cool",
    "chillier": "cooler",
    "chillest": "coolest",
    "chilliest": "coolest",
}
# Numbers people spell out after what they number ("job three", "gpu number two"): read as digits there only,
# so "which one is hotter" keeps its "one".
NUMBER_WORDS = {
    w: str(i)
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen"
        " sixteen seventeen eighteen nineteen twenty".split()
    )
}
# A GPU by its place ("the second one"): index % 4 is the GPU. Spelling repair reaches them ("secnd").
ORDINALS = ["first", "second", "third", "fourth", "1st", "2nd", "3rd", "4th"]
_NUMBERED = {"job", "task", "id", "gpu", "card", "device", "number", "no", "num", "nr"}
# A cluster node that left: "which node was lost?", "is any server down?"
LOST = set(
    "lost lose dead die gone down offline missing disconnected unreachable removed drop dropped".split()
)
VOCAB = sorted(
    {w for words in CONCEPTS.values() for w in words}
    | MORE
    | LESS
    | STOP
    | LOST
    | {"why", "gpu", "where"}
    | {w for w in ORDINALS if w.isalpha()}
)
_STARTS = Starts(VOCAB)  # the vocabulary words a typo may mean, by how it starts
WORD_OF = {w: c for c, words in CONCEPTS.items() for w in words}
# Everyday words one slip from a topic word, which no typo model tells from a typo: never repaired.
# Measured with benchmarks/word_repair.py ("fall" is no "fail", "heart" no "heat", "must" no "most").
KEPT = set(
    "below brake brakes buys cars cash coil cook cooks crush dawn dear drawer drawers dried drip dune excited"
    " exciting fall falls folder harvest hear hears heart hearts jogging kindness lead leads lift locked loss"
    " loud lung lungs mist must neat nest nose pill pills pulp powder raining stick stock tape tasty"
    " tool tools weak went"
    # one letter off in a longer word ("poker" is no "power", "space" no "spare", "writing" no "waiting")
    " bedroom chores clash comes commute confusing electrician expected explore farmer filled motel poker"
    " sailing scare share space writing"
    # a key one off, a letter left out, or a longer word, found by running the World tokenizer's whole words
    # (benchmarks/word_repair.py): "dome" is no "done", "lots" no "lost", "throughout" no "throughput"
    " assisting awaiting bombers cares codes competed compete concealed cooker cooper cords cropped crushed"
    " deport devise dome dues ending explored explorer explores exposed falling filed filing holes hostage"
    " kissing lending lien lineage lone loose loser lots lust moat mode modes noting oldest polling presses"
    " probes profess reactive reap retaining serves sever shores solder spade spar stare suck tack throughout"
    " underline waist warn wart"
    # a fan's words: "singing", "spanning" are no "spinning", "spun" no "spin", "noises" no "noisiest"
    " noises signing singing spanning spun"
    # comparatives that order a ranking ("faster", "slower"): "foster" is no "faster", "shower" no "slower"
    " foster shower"
    # a log's "last 50 lines" are no waiting "line", "lors" no "logs"; "logging" is no "hogging"
    " lines lors logging"
    # a click or a cloak is no "clock"
    " click clicks cloak cloaks"
    # a job's attempts: "retried" is no "retired" (a GPU's retired pages)
    " retried retries retry retrying tries tried"
    # "world" is no "would"
    " world".split()
)
# What may come before and after a topic word inside a longer one: "overheating", "wattage", "gputime".
# (not "un" or "non": "unfinished", "unavailable" say the opposite of the word inside)
_PREFIXES = {"", "over", "under", "re", "super", "multi", "hyper", "gpu"}
_SUFFIXES = {"", "s", "es", "ed", "d", "ing", "age", "er", "ers", "y", "ly", "est", "ness", "ful"}
_STEMS = sorted((w for w in WORD_OF if len(w) >= 4 and w not in ("time", "list", "work", "done")), key=len)[
    ::-1
]


# The pronouns that point back at what the conversation was about ("why did it crash?", "compare them"):
# one list, read by every place that asks whether a message takes up the last answer or its jobs.
POINTING = ("it", "its", "it's", "that", "this", "these", "those", "them", "they", "their", "him", "her")


# the formal (Indian office) English that points back with "said" and "same": "the said job", "GPU hours
# for same", "kindly retry the same", "Same to be cancelled"; read as the pronouns above ("that job", "it")
_SAID_NOUN = re.compile(
    r"\bthe (?:(?:said|aforesaid|above-?mentioned) (jobs?|runs?|tasks?|trainings?|gpus?|cards?)"
    r"|same (jobs?|runs?|tasks?|trainings?)(?! (?:as|that|which)\b))\b",
    re.IGNORECASE,
)
_VERBS_SAID = "|".join(sorted({w for ws in ACTIONS.values() for w in ws}, key=len, reverse=True))
_SAME_AFTER = re.compile(  # "GPU hours for same", "kindly resume the same": the object, at its clause's end
    rf"\b(for|of|in|on|from|about|by|{_VERBS_SAID}) (?:the )?same\b"
    r"(?=\s*(?:[.,;:!?]|$|(?:today|tonight|tomorrow|now|itself|also|too|again|please|kindly|asap|at once"
    r"|immediately|and|so|at|by|till|until|before|after|first|right away)\b))",
    re.IGNORECASE,
)
# "Same to be cancelled", "ok, the same may be released": the subject of a request said as what is to be done
_SAME_FIRST = re.compile(
    r"(^|[.!?;,]\s*|\b(?:ok|okay|understood|noted)\s+)(?:the )?same"
    r"(?= (?:(?:is|may|can|should|must|has|have|needs?|will) )?(?:to )?be\b)(?=( to be\b)?)",
    re.IGNORECASE,
)


# a request's object said as "the job" alone, the one talked about ("delete the job from the list", "ok
# retry the run", and as a language without "that" there puts it: "lösch den job")
_THE_JOB = re.compile(
    rf"\b({_VERBS_SAID}) the (job|run|task)\b"
    r"(?=\s*(?:[.,;:!?]|$|(?:from|off|out|please|now|again|too|for me|pls)\b))",
    re.IGNORECASE,
)


def points_back(question: str) -> str:
    """The question with "the said job", "for same", "retry the same", "Same to be cancelled", "delete the
    job" said as "that job" and "it": every rule that reads a pointing word reads them."""
    question = _SAID_NOUN.sub(lambda m: f"that {m[1] or m[2]}", question)
    question = _THE_JOB.sub(r"\1 that \2", question)
    question = _SAME_AFTER.sub(lambda m: f"{m[1]} it", question)
    return _SAME_FIRST.sub(lambda m: f"{m[1]}it{' is' if m[2] else ''}", question)  # ("it is to be")


@functools.cache
def pointing(extra: tuple[str, ...] = ()) -> re.Pattern[str]:
    """A pattern for :data:`POINTING` and the ``extra`` words a caller reads the same way (for a job:
    "both", "same", "other", "one")."""
    alternatives = "|".join(re.escape(w) for w in sorted(POINTING + extra, key=len, reverse=True))
    return re.compile(rf"\b(?:{alternatives})\b", re.IGNORECASE)


_OBJECT = r"(?:\s+(?:my|our|a|an|the|this|that|it|something|some)(?:\s+[a-z]+)?)?"
# work not yet queued: "a new job", "my next training run", "another experiment"
_NEW_WORK = r"\b(?:new|next|another)\s+(?:\w+\s+)?(?:job|run|task|training|experiment)s?\b"
_PUT = r"(?:use|take|run|put|start|launch|train|submit|schedule)"
# "should i use / run my job on", "where can we train", "a good gpu to put my job on", "best to run on": the
# user asks where their own work could run, i.e. which GPU is free (rewritten to "is free" before the words
# are read). Not "can i run job 5 again" (a job number follows the verb, no "on").
PLACING = (
    re.compile(rf"\b(?:should|can|could|may|shall)\s+(?:i|we)\s+(?:use|take|{_PUT}{_OBJECT}\s+on)\b"),
    re.compile(rf"\bwhere\s+(?:should|can|could|do|shall)\s+(?:i|we)\s+{_PUT}{_OBJECT}\b"),
    re.compile(
        rf"\b(?:is\s+)?(?:best|good|right|ok|okay)(?:\s+(?:gpu|card|one))?\s+(?:to|for)\s+{_PUT}{_OBJECT}(?:\s+on)?\b"
    ),
    # "which card is free if i want to start a quick run": the clause says what the free GPU is for
    re.compile(rf"\bif\s+(?:i|we)\s+(?:want|wanna|need|would like|plan)\s+to\s+(?:{_PUT}|start|launch)\b.*$"),
    # "any cards sat idle that I could slot a feature-gen job onto": what the idle GPU is for
    re.compile(
        rf"\b(?:that|which|where)\s+(?:i|we)\s+(?:could|can|might)\s+(?:{_PUT}|slot|squeeze|fit)\b.*$"
    ),
    # "which gpu would you pick for a new job": the pick for work not yet queued is a free GPU
    re.compile(
        rf"\b(?:would|should|do|can)\s+(?:you|u)\s+(?:pick|choose|recommend|suggest|go with|use)\b"
        rf"(?=.*{_NEW_WORK})"
    ),
    # "which card is free for a new job", "any gpu available for another run", "... for a new training run";
    # "gpu0 vs gpu1, which is better for a new job"
    re.compile(
        r"\b(?:free|available|open|ready|better|best)\s+for\s+(?:a|my|our|another|one more|the)?\s*"
        r"(?:new\s+|next\s+)?(?:job|run|task|training|experiment)(?:\s+(?:job|run))?\b"
    ),
)


def places_new_work(text: str) -> bool:
    """Whether ``text`` asks where a new job of the user's could go (work not yet queued, said with one of
    :data:`PLACING`): a free GPU ("should I use bf16 for fine-tuning" is advice, not a place)."""
    return re.search(_NEW_WORK, text) is not None and any(p.search(text) for p in PLACING)


def gpu_time_said(ws: list[str]) -> bool:
    """Whether repaired words ask for GPU-time ("gpu hours", "gpu-time", "gpuhours"): run time x GPUs of
    jobs, not a GPU's reading."""
    return re.search(r"\bgpu ?(?:hours?|time)\b|\bgputime\b", " ".join(ws)) is not None


# Phrases said for a plainer word, read before the words are split (an idiom's words would read as other
# topics: "pull the plug" is no power, "kicking its heels" no activity, "for my notes" no cluster node)
SAID_PLAINLY: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), meant)
    for pattern, meant in (
        (r"\bat (?:the|this) (?:moment|minute)\b|\bat present\b", "now"),  # the present
        (r"\bsince what (?:time|hour)\b", "since when"),  # when it began, not how long
        # a courtesy said last, no ask of its own: "what time exactly, if you can" ("ya": you, as said)
        (r",?\s*\bif (?:you|u|ya|ye) (?:can|could)\s*(?=[?.!]*$)", ""),
        # "or what" closing a yes-no question is a tag, no "what" of its own: "is the 4090 doing anything or
        # what? ... is anyone using it" asks no "what ... using" (who holds it)
        (r",?\s*\bor what\s*(?=[?!]|$)", ""),
        # Australian English "all up": in total ("what did the sweep use all up")
        (r"\ball up\b", "altogether"),
        # "all together run how long": altogether, a total (not every job); "them all together" the same
        (r"\ball together\b", "altogether"),
        # a duration guessed back to be checked ("so like 8 hrs total?", "about 3 hours in all?"): how long in
        # total (the answer says the figure; the guess is none of its own)
        (
            r"^(?:so\s+|and\s+)?(?:like\s+|about\s+|around\s+|roughly\s+|approx\.?\s+|~\s*)*\d+(?:\.\d+)?\s*"
            r"(?:hrs?|hours?|h|mins?|minutes?)\s+(?:total|in total|in all|overall|altogether)(?=\s*\?)",
            "how long in total",
        ),
        (r"\b(?:hours? of )?card[- ]?(?:time|hours?)\b", "gpu hours"),  # "how many hours of card time"
        (r"\bwhen (?:that|this|it) (?:happened|occurred|happens)\b", "then"),  # the moment
        (r"\bpull(?:ed|s)? the plug(?: on)?\b", "cancelled"),  # "did somebody pull the plug?"
        # Australian English: "pulled the pin on it" (cancelled it), "how many goes did it have" (attempts),
        # "all arvo" (this afternoon), "what's it chewing" (using), "temp wise" (its temperature)
        (r"\bpull(?:ed|s|ing)? the pin on\b", "cancelled"),
        (r"\bhow many goes\b", "how many attempts"),
        (r"\barvo\b", "afternoon"),
        (r"(?<!yesterday )\ball (afternoon|morning|evening)\b(?! yesterday)", r"this \1"),
        # American office English: "this AM", "yesterday PM" (a part of a day, not a clock time's "am")
        (r"\b(this|yesterday|yday) am\b(?! i\b)", r"\1 morning"),
        (r"\b(this|yesterday|yday) pm\b", r"\1 afternoon"),
        (r"\bchew(?:ing|ed|s)?\b", "using"),
        (r"\bbeen cooking\b(?! (?:it|them|the|that|this|a|an)\b)", "been busy"),  # not "who was cooking it"
        # (not "power-wise", said of a cost: "what did the sweep cost us power-wise" is its energy)
        (r"\b(temp|temperature|memory|mem|util|utilization|utilisation)[ -]?wise\b", r"\1"),
        (r"\bkick(?:ing|ed|s)? (?:its|their|his|her) heels\b", "waiting"),  # idling in the queue
        (r"\b(?:went|go|goes|gone) down\b", "crashed"),  # "exact time it went down?"
        # Australian English: "did anything go cactus" (fail), "the build's cactus" (broken), "why'd it
        # cark it" (die; "ck" for its "k" as by sound)
        (r"\b(?:went|go|goes|gone|going) cactus\b", "failed"),
        (r"(\b(?:is|was|are|were|been)|'s) cactus\b", r"\1 broken"),  # (not the plant: "a cactus")
        (r"\bcarc?ked(?: it)?\b", "died"),
        (r"\bcarc?king(?: it)?\b", "dying"),
        (r"\bcarc?k(?: it)?\b", "die"),
        # what a job printed: "what did the prep spit out", "what did it spew out" (its output, its log)
        (r"\b(?:spit|spits|spat|spitting|spew|spews|spewed|spewing) out\b", "output"),
        # what a note is for, not a job's log: "for the log book", "for my notes"
        (r"\bfor (?:the|my|our) (?:log ?book|notes|records?|log entry|log)\b", " "),
        # what a figure is for, not a summary: "the total energy of the H100 today, for the report"
        # "need it for the cost report", "for the energy line in the report", "needed for monthly billing
        # report" (its article left out after what needs it)
        (
            r"\bfor (?:the|my|our|a|this) (?:[a-z]+ ){0,3}(?:report|sheet|spreadsheet)\b"
            r"|\b(?:needed|required|needs?|require) (?:it |this |that |them )?for (?:[a-z]+ ){0,3}"
            r"(?:report|sheet|spreadsheet)\b"
            r"|\b(?:line|section|row|entry|slide|part|column|figure|number|bit)s? (?:in|into|of|for)"
            r" (?:the|my|our|a|this) (?:[a-z]+ )?(?:report|sheet|spreadsheet)\b",
            " ",
        ),
        (r"\b(?:fell|fall|falls|falling|keeled|keel) over\b", "failed"),  # "which one fell over"
        (r"\b(?:nobody|no one|noone)(?: is|'s)? (?:using|uses|use|on|touching)\b", "idle"),  # of a GPU
        # "you" said to several people asks the people, not the assistant: "are you guys using the 4090",
        # "aren't y'all on it": whether anyone is (the assistant's own use of a GPU is "are you using it")
        (
            r"\b(?:are|aren'?t|r)\s+(?:(?:you|u|ya|ye)\s+(?:guys|all|lot|people|folks|two)|y'?all|youse|yous)"
            r"(?:\s+not)?\b",
            "is anyone",
        ),
        (r"\bchill(?:ing|in'?)\b", "idle"),  # "so it's just chilling?" (not a typo's word: "calling")
        # what was asked, asked again of another reading or card: "same for temperature", "the same question
        # for the H100" ("and the temperature?")
        (
            r"^(?:and |ok |okay |now |do )?(?:the )?same "
            r"(?:(?!(?:time|day|hour|period|span|window|night|morning)\b)[a-z]+ ){0,2}?(?:for|with|of)\b",
            "and",
        ),
        # a try or a go is an attempt: "how long did each go last", "when did the last try finish"
        (
            r"\b(each|every|the last|the first|the second|the third|the final|the latest|that|this|which)"
            r" (?:go|try)\b(?! (?:to|and|on|at|for|it|again)\b)",
            r"\1 attempt",
        ),
        # when a value was reached, asked beside it: "the highest on the H100, with its time?"
        (r"\b(?:with|and|plus|including) (?:its|the|their) (?:time|times|timestamps?)\b", "and when"),
        (r"\b(max|maximum|peak|highest|min|minimum|lowest) and time\b", r"\1 and when"),  # "max and time"
        # "run time until crash?": how long it ran before it crashed, said as a noun (not "the crash of
        # job 9")
        (
            r"\b(?:until|till|til|before|up to)\s+(?:the\s+|its\s+)?(?:crash|failure|death|oom)"
            r"\b(?!\s+of\b)",
            "before it crashed",
        ),
        # "which job is that on the H100 and how long has it been going?": the job running there now (its
        # answer says since when and for how long), not the longest job
        (
            r"(\b(?:which|what) (?:job|run|one|thing)\b.{0,40}?)(?:,\s*|\s)(?:and )?how long has it been"
            r" (?:going|running|on)\b",
            r"\1 right now",
        ),
        # "and roughly when?": the answer says the exact time anyway
        (
            r"\b(?:roughly|approximately|approx|about|around|more or less|vaguely)"
            r"\s+(?=(?:when|what time)\b)",
            "",
        ),
        # "TC active": the tensor cores; "TC active + est TFLOP/s": two readings
        (r"\btcs?(?= (?:active|activity|util|utilization|utilisation|usage|busy)\b)", "tensor core"),
        (r"\s\+\s", " and "),
        (r"\bytd\b", "yesterday"),  # a texter's yesterday ("and ytd?"), not a year to date
        (r"\bb4\b", "before"),  # a texter's before ("what was it getting b4 it got killed")
        # an interjection first: "wait, when?" and "no wait, I meant GPU 0" are no queue ("wait" read as
        # waiting)
        (
            r"^\s*(?:(?:oh|ah|ok|okay|hmm|hm|um|uh|no|nope|sorry)\b[,.!]?\s*)?"
            r"(?:wait|hold on|hang on|whoa)\s*[,!.:-]+\s*",
            " ",
        ),
        # ... and where no punctuation follows: after "oh" ("oh wait sorry i meant the 4090"), or before a
        # word a queue wait never takes ("wait only that long? when was it", "wait really?")
        (r"^\s*(?:oh|ah|ok|okay|hmm|hm|um|uh)\b[,.!]?\s*(?:wait|hold on|hang on)\b\s*", " "),
        (
            r"^\s*(?:wait|hold on|hang on)\s+(?=(?:only|sorry|no|nope|actually|what|really|so|seriously"
            r"|i|that|that's|thats|hmm|huh|but|is|was|did|are|were|it|its|it's)\b)",
            " ",
        ),
        # "what was the H100 grinding on": running, no reading
        (r"\b(?:grinding|chewing|crunching|churning) (?:on|away on|through)\b", "running"),
        # "how many GPU-hours has it clocked up": run up, no clock reading
        (r"\b(?:clock|clocks|clocked|clocking|rack|racks|racked|racking) up\b(?! to\b)", "used"),
        # "is the server doing any work": busy, a reading (not a job's own work)
        (r"\bdoing (?:any|much|some|real|actual)? ?work\b", "working"),
    )
)


# (not "item 1" of a list of one's own, nor a "log entry")
_ITEMS = re.compile(r"\bqueue (?:item|entry)\b|(?<!line )\bitem\b(?!\s*#?\d)", re.IGNORECASE)
_ITEMS_MANY = re.compile(r"\bqueue (?:items|entries)\b|(?<!line )\bitems\b(?!\s*#?\d)", re.IGNORECASE)


def items_as_jobs(question: str) -> str:
    """The question with a queue's items said as jobs ("which queue item was on the 4090 at 12:30", "over
    that item's run"): every rule that reads a job's words reads them."""
    return _ITEMS.sub("job", _ITEMS_MANY.sub("jobs", question))


def topics_said(text: str) -> set[str]:
    """The topic concepts of ``text``'s words (:data:`WORD_OF` after spelling repair)."""
    return {WORD_OF[w] for w in words(text) if w in WORD_OF}


# a duration asked: "how long", "how many hours", "how much of today"
DURATION_ASKED = re.compile(r"\bhow (?:many (?:hours|minutes|mins|hrs)|long|much time|much of)\b")


def words(question: str) -> list[str]:
    """Lower-case words with spelling repaired against the vocabulary (numbers and short words kept)."""
    # energy, not power: "kilowatt hours", "watts-hours", "kW-h"
    text = re.sub(r"\b(?:kilo)?watts?[\s-]?hours?\b|\bk\s?w[\s-]h\b", "kwh", question.lower())
    text = re.sub(r"\bdeg(?:s|\.)?\s*c\b", "°c", text)  # "80 deg C"
    text = re.sub(r"\b(\d{1,2})\s*o'?\s*clock\b", r"\1", text)  # "since 9 o'clock": no clock reading
    text = re.sub(r"\bcommand[\s-]?line\b", "command", text)  # a job's command line is no waiting line
    # a question word's "'d" is "did" in a question of the past: "when'd it hit that", "how'd it go" (not
    # "d", a word of nothing)
    text = re.sub(r"\b(when|why|how|where|what|who)['\u2019]d\b", r"\1 did", text)
    # nvidia-smi's --query-compute-apps: the processes on a GPU (not the tool's whole screen)
    text = re.sub(r"(?:\bnvidia[\s-]?smi\s+)?-*(?:\bquery[\s-])?\bcompute[\s-]apps?\b", "processes", text)
    # "is anything slowing it down?": what holds its clocks back (as a phrase: "slowing" alone would be a
    # word the spelling repair reads "blowing" and "showing" as)
    text = re.sub(
        r"\bslow(?:ing|s|ed)? (?:it |them |things |the \w+ )?down\b|\bslow ?downs?\b", "throttling", text
    )
    # "which of the two ran warmer?", "it runs hot": a card's reading, not the jobs that ran
    text = re.sub(
        r"\b(?:ran|runs?|running)\s+(?=(?:a bit |much |slightly |way )?(?:hott?er|warmer|cooler|colder|busier"
        r"|hot|warm|cool|cold)\b)",
        "was ",
        text,
    )
    # "what was it running at the time?": then (no duration asked)
    text = re.sub(r"\bat the time(?=\s*[?.!]*$)", "then", text)
    # "how much of today has it spent not being used": idle; "how many hours was each card in use": busy
    if DURATION_ASKED.search(text):
        text = re.sub(r"\bnot (?:being )?(?:used|in use)\b", "idle", text)
        # "how long was the 4090 actually doing stuff today": busy
        text = re.sub(r"\b(?:doing|working on) (?:stuff|things|anything|something|(?:real |actual )?work)\b",
                      "busy", text)  # fmt: skip
        text = re.sub(
            r"\b((?:was|were|is|are|been)(?: \w+){0,3}?) (?:actually |really )?in use\b", r"\1 busy", text
        )
    # "the most electricity it has drawn at any one moment": a draw at an instant is power, not energy
    if re.search(r"\bat any (?:one |single |given )?(?:moment|instant|time|point)\b", text):
        text = re.sub(r"\belectricity\b", "power", text)
    # squeue's state letter after what is asked of: "anything R?", "jobs in R" (running; "PD" is a word)
    text = re.sub(r"\b(anything|any jobs?|jobs?|what'?s|whats|who'?s|whos|any)\s+(in\s+)?r\b(?=\s*[?.!]*$)",
                  r"\1 \2running", text)  # fmt: skip
    # "how much juice did the cards burn": energy used ("juice it pulled at peak" is power, read elsewhere)
    text = re.sub(r"\bjuice\b(?=.*\b(?:burn|burned|burnt|used|use|consumed|ate|eat)\b)", "energy", text)
    text = re.sub(r"\bbusy (?:number|figure|percentage|value|level)\b", "utilization", text)  # a newcomer's
    # power wasted is energy: "how much power did all those crashes waste"
    text = re.sub(r"\bpower\b(?=.*\bwast(?:e|ed|es|ing)\b)", "energy", text)
    # "how much memory is the mistral job eating": using
    text = re.sub(r"\b(?:eating|gobbling(?: up)?|munching|chewing(?: up)?)\b", "using", text)
    text = re.sub(r"\beats\b", "uses", text)
    # "our most expensive job": the one that used the most energy (what a job costs here is its energy)
    text = re.sub(r"\b(?:most expensive|costliest|priciest|dearest) (job|run|task|experiment|training)\b",
                  r"\1 that used the most energy", text)  # fmt: skip
    text = re.sub(r"\b(which|what) (job|run|task|experiment) (?:was|is) (?:the )?(?:most expensive|costliest"
                  r"|priciest|dearest)\b", r"\1 \2 used the most energy", text)  # fmt: skip
    # "the biggest gpu-hour eater": the most GPU-hours used (a ranking of jobs)
    text = re.sub(
        r"\b(?:the )?(?:biggest|largest|greatest|top|worst) gpu[\s-]?hours? (?:eater|hog|user|consumer"
        r"|guzzler|muncher)s?\b",
        "the most gpu hours used",
        text,
    )
    # "who hogged the cards today", "who's been hogging the GPUs this week": the jobs that used the most GPU
    # time over the span (not "who is hogging the 4090", its memory now; nor "... around 12:30", a moment)
    text = re.sub(
        r"\bwho(?:'s| has| have)?(?: been)? (?:hogged|hogging) (?:the |our |both |all the )?(?:cards?|gpus?"
        r"|box|machine|server)(?=,? (?:today|yesterday|this (?:week|month|morning|afternoon|evening)"
        r"|last (?:night|week|month)|overnight|over the|in the last|during the|since)\b)",
        "which jobs used the most gpu hours",
        text,
    )
    # "when was the last time anyone used the 4090": since when it has been idle
    text = re.sub(r"\bwhen was the last time (?:anyone|anybody|someone|somebody|people|we) used (.+)$",
                  r"since when has \1 been idle", text)  # fmt: skip
    # "the bit that went wrong", "that piece again": one of the jobs talked about, said as a part of them
    text = re.sub(r"\b(the|that|this) (?:bit|part|piece)\b(?= (?:that|which|again|please)\b|\s*[?.!]?$)",
                  r"\1 one", text)  # fmt: skip
    text = re.sub(r"\b(?:memory|mem) bus\b", "memory controller", text)  # status's "Memory bus utilization"
    text = re.sub(r"\b(mem|sm)clk\b", r"\1 clk", text)  # "memclk": the memory clock
    text = re.sub(r"\bgpu[\s-]?(?:h|hrs?)\b", "gpu hours", text)  # "GPU-h burned by 11"
    text = re.sub(r"\bwall[\s-]?(?:clock(?: time)?|time)\b", "walltime", text)  # "wall time start to finish"
    text = re.sub(r"\brunning time\b", "runtime", text)  # "the total running time": a duration, no state
    text = re.sub(r"\bline items?\b", "figure", text)  # an accountant's "same line item for the 4090"
    text = re.sub(r"\bwaiting list\b", "queue", text)  # "how long did it sit on the waiting list"
    text = re.sub(
        r"\bwatts? (?:used|consumed|spent)\b", "energy used", text
    )  # "how many watt used yesterday"
    text = re.sub(r"\b(during|in|over|for|of) run\b", r"\1 the run", text)  # "mean power draw during run?"
    text = re.sub(r"\bis using\s*\??\s*$", "is using it", text)  # "which process is using?"
    # "do the failures cluster in time": bunch together, no Ray cluster
    text = re.sub(r"\bcluster(?:ed|ing|s)? (?:in time|together|around)\b", "happen close together", text)
    # "even a display server", "the X server": a process on a card (Xorg), not a node of a cluster
    text = re.sub(
        r"\b(?:display|x|x11|xorg|wayland|desktop|graphical) (?:server|session)s?\b", "display process", text
    )
    text = re.sub(r"\btimeline\b", "summary", text)  # "timeline for gpu0 between 13:40 and 13:50"
    # an incident's words: "anything correlated with the temp spike": what ran at the peak
    text = re.sub(r"\b(?:anything|what) (?:is |was )?(?:correlated|coincid\w*|associated|lined up) with\b",
                  "what was running at", text)  # fmt: skip
    text = re.sub(r"\bspike[sd]?\b", "peak", text)
    # a French speaker's calques: "which job is turning on the machine" (tourner: running), "during how much
    # time" (pendant combien de temps: how long), "before to start" (avant de: before it started), "in this
    # moment" (en ce moment: now)
    text = re.sub(r"\bturning on (?=(?:the |this )?(?:machine|box|server|gpus?|cards?|h\d+|\d{4})\b)",
                  "running on ", text)  # fmt: skip
    text = re.sub(r"\bduring how (?:much|many) (?:time|hours|minutes)\b", "how long", text)
    # "which card was occupied during more time" (pendant plus de temps): busy longer
    text = re.sub(r"\b(?:occupied|used|busy|working) (?:during|for) more time\b", "busier", text)
    text = re.sub(r"\bbefore to (start|begin|crash|stop|fail|die|end|finish)\b", r"before it \1ed", text)
    text = re.sub(r"\bin (?:this|the) moment\b(?! of\b)", "now", text)
    # "where's the mistral sft up to" (British and Australian): how far along it is, not where it runs
    text = re.sub(r"\bwhere(?:'s| is| are|s)? ((?:[\w-]+ ){1,4}?)up to\b", r"how far along is \1", text)
    # what a GPU was doing is what ran on it: "what was it doing then", "what was the 4090 up to at 20:00"
    # (what it is doing now is its readings: "what is gpu 0 doing rn")
    text = re.sub(
        r"\bwhat (was|were) (it|that|this|they|the (?:card|gpu|h\d+|\d{4})|gpu \d+) (?:doing|up to|busy with"
        r"|working on)\b",
        lambda m: f"what {m[1]} running on {'it' if m[2] in ('that', 'this') else m[2]}",
        text,
    )
    # "how is the H100 being used at the moment": how it is doing now, its readings and the job on it (over a
    # span, "how was it used yesterday", the jobs that ran on it)
    if not re.search(r"\b(?:today|yesterday|week|month|morning|afternoon|evening|tonight|night|since|last"
                     r"|over|during|between)\b", text):  # fmt: skip
        used = r"(the (?:card|gpu|cards|gpus|h\d+|a\d+|\d{4})|gpu \d+|it|they)"
        text = re.sub(rf"\bhow (is|are) {used} (?:being )?used\b", r"how \1 \2 doing", text)
        text = re.sub(rf"\bhow {used} (is|are) (?:being )?used\b", r"how \2 \1 doing", text)  # (asked within)
        # "how's the h100 now", "how is gpu 1 right now": how it is doing (not the jobs running now)
        text = re.sub(
            rf"\bhow(?:'s|s| is| are) {used} (?:right )?now\b(?=\s*[?.!]*\s*$)", r"how is \1 doing now", text
        )
    text = re.sub(r"\bwho'?s (jobs?|runs?|tasks?|process(?:es)?)\b", r"whose \1", text)  # "who's job": whose
    # "when did it last do any proper work", "when was it last busy": since when it is idle
    # ("when did it last do anything", "since when is it lying free"; "when was gpu 1 last used", not "the
    # gpu job 9 last used")
    text = re.sub(r"\blast (?:do|did|doing|does) (?:any |some )?(?:\w+ )?work\b|\blast (?:busy|working)\b"
                  r"|\blast (?:do|did|doing|does) (?:anything|something)\b", "idle since", text)  # fmt: skip
    # "when was gpu 1 last used?", "when was the 4090 last in use" too (not "last used by a job", which asks
    # for the job that ended last)
    text = re.sub(r"\b(when (?:was|were|is) (?:\w+ ){1,3})last (?:used|in use)\b(?! (?:by|for|on|in)\b)",
                  r"\1idle since", text)  # fmt: skip
    text = re.sub(r"\b(?:lying|sitting|lain|sat) (?:free|unused|empty)\b", "idle", text)
    # a Slurm user's "before it got a node": before the job was given its GPU (no cluster's node asked)
    text = re.sub(r"\b(got|get|gets|getting|given|allocated) (a|an|its|the) node\b", r"\1 \2 gpu", text)
    # squeue's state filter ("squeue -t R", "--states=PD"): the state said in words
    text = re.sub(r"(?<!\w)(?:-t|--states?)[\s=]*(?:r|running)\b", " running ", text)
    text = re.sub(r"(?<!\w)(?:-t|--states?)[\s=]*(?:pd|pending)\b", " pending ", text)
    text = re.sub(r"\b(power|memory|mem|vram|energy) usage\b", r"\1", text)  # "power usage" is no utilization
    # the verb "utilise" is "use" ("which process is utilising it", "gpu-hours it has utilised"); "how
    # utilised is gpu 0" asks for its utilization
    text = re.sub(
        r"\butili[sz]ing(?= (?:it|them|the|this|that|gpus?|cards?|my|our|its|their|\d))", "using", text
    )
    text = re.sub(r"\b(has|have|had)( \w+)? utili[sz]ed\b", r"\1\2 used", text)
    text = re.sub(r"\butili[sz]e(s?)\b", r"use\1", text)
    text = re.sub(r"\b(?:bf|fp)[\s-]?16\b|\bbfloat16\b", "bfsixteen", text)  # one word, not "bf" and "16"
    text = re.sub(
        r"\bdie(?=[\s-]+(?:temp|temps|temperature|temperatures|size|area)\b)", "chip", text
    )  # the chip
    text = re.sub(r"\b(?:pid|process)[\s-]?list\b", "processes", text)  # "pid list": the GPU's processes
    text = re.sub(r"(?<![\w'])q(?![\w':])", "queue", text)  # "q?", "stuck in the q" (not a label "Q:")
    # "is anyone wasting the H100": using it; "the last thing on it": the last job
    text = re.sub(r"\bwast(?:e|es|ed|ing)(?= (?:the|a|our|my|gpu|card))", "using", text)
    text = re.sub(r"\b(last|latest|previous) thing\b", r"\1 job", text)
    text = re.sub(r"\bworst[\s-]case\b", "peak", text)  # "worst case?" after a mean: the peak
    # "where do things stand with the whisper project": how it is doing, not where it ran
    text = re.sub(r"\bwhere (?:do|does|did) (?:things|it|they|we|matters) stand\b", "how is", text)
    for phrase, meant in SAID_PLAINLY:
        text = phrase.sub(meant, text)
    if re.search(r"\bhow (?:much time|long|many hours)\b", text):  # "how much time has the 4090 worked"
        text = re.sub(r"\b(?:has|have|had)? ?(?:actually |really )?worked\b", "been busy", text)
    text = re.sub(r"\bnext to\b", "beside", text)  # "the 4090 next to it" is a place, not the queue's next
    for placing in PLACING:  # where the user's own work could go asks for a free GPU
        text = placing.sub(" is free ", text)
    # a job that ran out of memory failed ("is gpu 0 running out of memory?" asks for a reading)
    text = re.sub(
        r"\b(?:ran|run|runs)\s+out\s+of\s+(?:gpu\s+|cuda\s+|video\s+)?(?:memory|vram|mem)\b", "crashed", text
    )
    raw = re.findall(r"[a-z]+|\d+", text.replace("gpu-time", "gputime").replace("'s", ""))
    raw = [NUMBER_WORDS.get(w, w) if i and raw[i - 1] in _NUMBERED else w for i, w in enumerate(raw)]
    if raw[:1] == ["n"]:  # "n the coolest?": a follow-up's "and" typed short (elsewhere "n" may number)
        raw[0] = "and"
    # a piece of a code identifier is kept as typed ("gpu_hist" is XGBoost's, no typo of "host")
    pieces = {p for ident in re.findall(r"[a-z0-9]+(?:_[a-z0-9]+)+", text) for p in ident.split("_")}
    return [w if w in pieces else repair(SHORTHAND.get(w, w)) for w in raw]


@functools.lru_cache(maxsize=8192)
def repair(w: str) -> str:
    """One word with its spelling repaired against the vocabulary, or as it is: a typo of a topic word is
    that word (slips of the fingers only, :mod:`~assistant.understand.spelling`), and a topic word inside a
    longer one with a known beginning or ending ("overheating", "wattage", not "download" or "airline")."""
    if w.isdigit() or len(w) < 4 or w in WORD_OF or w in STOP or w in KEPT:
        return w
    w = re.sub(r"(.)\1\1+", r"\1\1", w)  # a key held down: "mooost" is "moost", one slip from "most"
    near = [(n, v) for v in _STARTS(w) if could_mean(w, v) and (n := slips(w, v, allowed(v))) <= allowed(v)]
    if near:  # the fewest slips, then the likest word (difflib's ratio)
        return min(near, key=lambda nv: (nv[0], -difflib.SequenceMatcher(None, w, nv[1]).ratio()))[1]
    for stem in _STEMS if len(w) >= 6 else ():
        at = w.find(stem)
        if at >= 0 and w[:at] in _PREFIXES and w[at + len(stem) :] in _SUFFIXES:
            return stem
    return w
