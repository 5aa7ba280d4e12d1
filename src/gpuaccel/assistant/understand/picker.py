"""Understanding a question: which query answers it, in the user's own words, typos and follow-ups included.

:func:`pick` runs the pickers in turn (the first that is sure wins): :class:`RulePicker` reads topics,
superlatives, GPU and job numbers, names and time words from the question after fuzzy spelling repair; a
model trained for picking (:class:`~assistant.understand.model.ModelPicker`) can be put before it. A
follow-up ("and GPU 1?", "why?", "what about yesterday?") takes the rest of its meaning from the
:class:`Context` the previous answer left. A question about anything else gets :data:`REFUSAL`, which says
what can be answered.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import replace

from gpuaccel.api.states import FINISHED, JobState
from gpuaccel.assistant.queries.catalogue import topics
from gpuaccel.assistant.queries.gpu import HISTORY_COLUMNS
from gpuaccel.assistant.queries.job_readings import READ_METRICS
from gpuaccel.assistant.queries.query import Query, Window
from gpuaccel.assistant.queries.spans import DASHED_HOURS, all_time, before, day_of, window_of
from gpuaccel.assistant.understand.context import Context, Declined, JobBrief, Picker
from gpuaccel.assistant.understand.elsewhere import (
    asks_advice,
    asks_elsewhere,
    asks_to_change_own_work,
    figure_asked,
    said_not_about_us,
)
from gpuaccel.assistant.understand.lists import LISTS, RUNNER_UP, nth_of_list, step_from_list, step_within
from gpuaccel.assistant.understand.names import (
    bare_job,
    gpu_by_state,
    gpus_by_kind,
    gpus_by_model,
    gpus_called,
    known_name,
    model_said_as_a_kind,
    named_group,
    named_job,
    named_jobs,
    named_jobs_in,
    named_process,
    numbered,
    other_model_compared,
    quoted_job_name,
    untimed,
)
from gpuaccel.assistant.understand.scene import sets_the_scene
from gpuaccel.assistant.understand.thresholds import (
    bare_threshold,
    first_again,
    kept_threshold,
    threshold_of,
    with_threshold,
)
from gpuaccel.assistant.understand.topics import (
    ENDED_WORDS,
    LIMIT_WORDS,
    LOGGED,
    MEAN_WORDS,
    PEAK_WORDS,
    POWER_SAID,
    PROCESS_WORDS,
    SPAN_WORDS,
    TRIED_TO_ALLOCATE,
    WAIT_WORDS,
    held_said,
    housekeeping_said,
    log_query,
    query_for,
    refine_topics,
)
from gpuaccel.assistant.understand.words import (
    LESS,
    METRICS,
    MORE,
    STOP,
    WORD_OF,
    gpu_time_said,
    items_as_jobs,
    order_of,
    pointing,
    points_back,
    topics_said,
    words,
)

# "list them", "show me those", "name them all" after an answer that lists jobs (understand.lists.LISTS):
# that answer again
LIST_VERBS = {"list", "show", "name", "names", "which", "ids"}  # ("ids + names" after a count: the list)
LIST_AGAIN = LIST_VERBS | set("them those these all me please the jobs ones are they were their and".split())
# "since when?" of a GPU's state
SINCE_WHEN = set("since when and it has been is that so how long like this what time exactly".split())
SINCE_WHEN |= set("i want need the exact precise please pls".split())  # "Since when? I want the exact time."
SINCE_WHEN |= {"then"}  # "since when then?": the particle of an impatient follow-up, no moment of its own
# the readings a GPU's overview says: two of them asked together ("temp and util?") get the overview
OVERVIEW_READINGS = {"temperature", "util", "power", "memory"}
# Words that ask a reading over a span again, for what it already says: its lowest and when it peaked
SPAN_AGAIN = set(
    "and the what about was it that when time exactly at over same period during min minimum lowest low"
    " used use did happen happened occur occurred there then one its their each hit hits reach reached"
    " with of those these this times maxima minima peaks second seconds precisely pls please to"
    " plus also too got get went in window stretch interval"
    # how low it went: "lowest it dipped?", "how far did it drop"
    " dipped dip dips dropped drop fell sank bottomed n &"  # ("peak n min?": "n" is "and")
    " i meant mean sorry oops actually rather instead draw reading readings value values figure top"
    " no nope nah".split()
    # ("at what times did those maxima occur?", "when? to the second pls", "plus the peak temperature",
    # "n the lowest it got in that window"; a correction: "sorry i meant the power draw", "no i mean on
    # average" (the same reading, its mean: the answer says it); "what was its
    # highest reading, and when?"; "and at what time was this?")
)
# when the one peak just said was, asked alone ("what time was that?", "when was that?", "at what time?",
# "when exactly did it hit that?"): a word of its time and none of another figure of the span or of several
# peaks (its lowest, its mean, "at what times did those maxima occur?")
_WHEN_ASKED = {"when", "time", "ts", "timestamp"}
_OTHER_FIGURE = set(
    "min minimum lowest low minima dipped dip dips dropped drop fell sank bottomed mean average avg averaged"
    " used use draw reading readings value values figure each those these their times maxima peaks period"
    " window stretch interval during over".split()
)
# how high a reading climbed, said in words: "it went up to how much", "how high did it get"
ROSE_TO = set("went go goes gone got get up to how much high far climb climbed rose rise".split())
# a peak set against the card's limit: "peak power there vs the 450 W cap?" (the answer says the limit)
AGAINST_CAP = set("there vs versus against cap limit tdp w".split())
# a total asked of each card's figure: "so the total across both cards is?"
SUMMED_UP = set("total together combined altogether sum both across".split())
# said before a question that takes up the last answer ("wait 91?? when"), not a topic of its own
INTERJECTIONS = set(
    "wait whoa woah huh hmm oh wow really seriously hold on hang tho though pls please".split()
)
# "that" as the subject of a question ("did that finish?", "was this one cancelled"), not a relative pronoun
_THAT_ONE = re.compile(r"(?:and |so |ok |wait )*(?:did|has|had|is|was|does) (?:that|this)(?: one)?\b")
_A_RUN = r"(?:one|run|job|training|task|workload|experiment)"  # what "which ... was it" names
SPAN_READINGS = {"temperature", "util", "power", "memory"}  # readings the history keeps, said by topic
ENDED_AGAIN = set("when what time at did it they end ended finish finished stop stopped".split())
# the span of the same length just before the last one: "and the hour before that", "the day before"
SPAN_BEFORE = re.compile(
    r"\b(?:hour|hours|day|days|week|period|span|stretch) before(?: (?:that|it|this|then))?\b"
    r"|\b(?:previous|prior) (?:hour|day|week|period)\b"
)
# the day talked about, named by its article alone: "over the day", "for the whole day" (not "the day before":
# yesterday, read as such)
THE_DAY = re.compile(r"\bthe (?:whole |entire |full )?day\b(?! before| after)")
# a reading over a job's run: "while it ran", "during job 4", "while the sweep was running"
DURING = re.compile(
    r"\b(?:while|during) (?:it|its|that|this|the job|job|the run)\b"
    r"|\b(?:while|during) (?:[\w-]+ ){1,4}(?:ran|was running|trained|run|running)\b"
    r"|\bsince (?:[\w-]+ ){1,4}(?:started|start|began|begun)\b"  # "peak temp since mistral-7b-sft started"
    r"|\b(?:over|across|for|in|through|throughout) (?:its|that|this) (?:whole |entire )?run\b"
    r"|\b(?:over|across|for) the (?:whole |entire )?run\b"
    r"|\bsame run\b"  # "peak temp same run", "during the same run": the run the conversation is at
    # "during those attempts", "over all its tries": the job's runs
    r"|\b(?:while|during|across|throughout) (?:all )?(?:those|these|its|the|their) (?:\w+ )?"
    r"(?:attempts|tries|retries)\b"
    r"|\bbefore (?:it|they|the job|the run) (?:ran out|crashed|died|failed|stopped|ended|finished"
    r"|was (?:stopped|cancelled|canceled|killed))\b"  # "how much memory was it using before it ran out"
    r"|\b(?:when|as) (?:it|they|the job|the run) (?:ran out|crashed|died|failed|oomed|broke)\b"
)
LONG_WORDS = {w for w, topic in WORD_OF.items() if topic == "long"}  # "longest", "took", "time"...
SPAN_NOUNS = (
    "time|period|hour|hours|hr|hrs|day|span|window|stretch|interval|range|minute|minutes|mins"
    "|morning|afternoon"
)
USE_WORDS = {"use", "used", "uses", "using"}
SIZE_AGAIN = set("and what whats is its the total capacity size out of".split())  # "total?", "and its size?"
# "and what's it sitting at now", "right now?": the same reading, live
NOW_AGAIN = set("and what whats it its is at now right currently current sitting sit the reading so".split())
EVERY = {"each", "every", "all", "both"}
# the words that ask for an amount of energy, naming nothing else: "how many kWh", "give me the kWh for both"
ENERGY_ASKED = {"how", "much", "many", "give", "show", "tell", "me", "us", "for"} | EVERY
# every card said outright: "temps on both", "for the two cards together", "all the gpus" ("two" as words()
# writes it: 2)
EVERY_CARD = re.compile(
    r"\bboth\b|\b(?:all|every|each|the 2) (?:the |of the )?(?:gpus|cards|devices)\b"
    r"|\b(?:any|some|either) (?:of the )?(?:gpus?|cards?|devices?)\b"  # "is some GPU throttling?": whichever
)  # "the peaks for each card": every GPU, not the one in focus
USUAL = set("typical typically usual usually normal normally unusual".split())  # a value against its norm
# phrases read as what they mean before the words are: (pattern, what it is read as)
# how hard a card worked or how much it was used, said as how busy it was ("went hard", "worked more", "was
# most used")
_BUSY_AS = {
    "hard": "busy", "harder": "busier", "hardest": "busiest", "more": "busier", "most": "busiest",
    "less": "less busy", "least": "least busy",
}  # fmt: skip
# power said with a peak, a low or a mean after it asks for the power reading, not the energy used ("the
# H100 consumed how much power in average"; whole words: "in the last 30 minutes" asks nothing of them)
_NO_READING_AFTER = (
    r"(?!.*\b(?:" + "|".join(sorted(PEAK_WORDS | MEAN_WORDS | {"lowest", "min", "minimum"})) + r")\b)"
)
_SAID_AS = (
    # "which card is freest": the one with the most free memory, as the refusal's list of what is answered
    # says it ("which GPU is hottest, busiest or freest")
    (re.compile(r"\b(?:the )?(?:freest|emptiest|roomiest)\b", re.I), "with the most free memory"),
    # "which job was it that took so much?" after a memory peak: used it, no run time
    (re.compile(r"\b(?:took|takes|take) (?:so|that|this) much\b", re.I), "used so much"),
    # "how many watts is it pulling while it just sits there": now (not during a job)
    (
        re.compile(
            r"\bwhile it(?:'s| is)? (?:just )?(?:sits?|sitting|idles?|idling)(?: there| idle| around)?\b",
            re.I,
        ),
        "now",
    ),
    # the data the assistant has, not a job's name ("data-prep"): "the longest job in the data you have"
    (re.compile(r"\b(?:in|from|with) the data(?: (?:you|we) (?:have|got|keep)| available)?\b", re.I), " "),
    # "break down the energy of each element": list it, nothing broke
    (re.compile(r"\bbreak(?:ing)?[\s-]?down\b", re.I), "list"),
    (re.compile(r"\bbreak(?:ing)? (.{1,60}?) down\b", re.I), r"list \1"),  # "break the energy of X down"
    # "what's the story with whisper-finetune": what about it (no story to write)
    (
        re.compile(
            r"\b(?:what'?s|what is|whats) the (?:story|deal|situation|scoop) (?:with|on|behind)\b", re.I
        ),
        "what about",
    ),
    (re.compile(r"\bus(?:e|ed|es|ing) up\b", re.I), "consumed"),  # "what did it use up": not what it printed
    # "its maximum and at which time", "at what time did it start": when (a moment, no run time)
    (re.compile(r"\b(?:at|by) (?:what|which) (?:time|moment|point|hour|o'?\s?clock)\b", re.I), "when"),
    (re.compile(r"\bwhat o'?\s?clock\b", re.I), "when"),  # "and at what o'clock?": what time
    (re.compile(r"^\s*(?:and |the )?ts\s*[?!.]*\s*$", re.I), "when"),  # "ts?" after a peak: its timestamp
    # "how much memory it was trying to allocate": what its log says it asked for (CUDA's message)
    (
        re.compile(
            r"\b(?:was |were )?(?:trying|tried|try|attempting|attempted) to"
            r" (?:allocate|alloc|grab|reserve)\b",
            re.I,
        ),
        "logged",
    ),
    # "did any job run the 4090 out of memory": a job that ran out of memory on it (a failure, not a reading)
    (
        re.compile(r"\b(?:run|ran|runs) ((?:the|my|our) [\w-]+|gpu ?\d+|it) out of (memory|vram)\b", re.I),
        r"ran out of \2 on \1",
    ),
    # "same two on the 4090", "both of those for gpu 1": the readings just asked, of another GPU (its
    # overview says every one of them); number words are digits here already
    (
        re.compile(
            r"\b(?:(?:the )?same (?:two|three|2|3)|both of (?:those|these)|(?:those|these) (?:two|three|2|3))"
            r"(?= (?:on|for|of|at) )",
            re.I,
        ),
        "those readings",
    ),
    # "peak, not average", "peak for today, not now", "today not yesterday", "like energy, not watts": a
    # correction says what is not meant; only the part before it is asked (not "not power limited")
    (
        re.compile(
            r"(?:,\s*|\s+)(?:but\s+|and\s+)?not\s+(?:the\s+)?(?:avg|average|mean|peak|max|maximum|min|minimum"
            r"|lowest|highest|now|right now|current(?:ly)?|live|today|yesterday|total|sum"
            r"|watts?|power|power draw|draw)\b(?!'|\s*(?:limit|limited|cap|capped|throttl))",
            re.I,
        ),
        " ",
    ),
    # ... and of a card: "not the 4090, I mean the H100", "the H100 I meant, not the 4090", "no, gpu 0 not
    # gpu 1": the card meant alone (not "not the 4090's fan", "not gpu 1 that ran it")
    (
        re.compile(
            r"(?:^|,\s*|\s+)(?:(?:no|nope|sorry)[,!.]?\s+)?(?:but\s+|and\s+)?not\s+(?:on\s+)?"
            r"(?:the\s+[a-z]*\d+[a-z0-9]*|[a-z]+\d+[a-z0-9]*|gpu\s*\d|card\s*\d)\b"
            r"(?=\s*(?:[,;:.!-]|$)|\s+(?:i mean|i meant|sorry|rather|but)\b)",
            re.I,
        ),
        " ",
    ),
    # "the last of the lr-sweep elements": the array's last element, as "the last lr-sweep element" says it
    (
        re.compile(
            r"\b(first|last|second|third|final) of the ([\w.-]+) (?:elements|jobs|runs|tasks|ones)\b", re.I
        ),
        r"\1 \2 element",
    ),
    # why it is asked, said after it ("What about the 4090 yesterday, for comparison?"): no comparison asked
    (
        re.compile(
            r",?\s*(?:just )?(?:for|as a) (?:comparison|reference|context|completeness|the record)\b", re.I
        ),
        " ",
    ),
    # a GPU described after it is named ("the 4090, the card our jobs usually land on"): said already
    (
        re.compile(
            r",\s+the (?:one|card|gpu)\s+(?:that\s+|which\s+)?"
            r"(?:my|our|his|her|their|we|i|you|they)\b[^,?.!]*",
            re.I,
        ),
        " ",
    ),
    # "how much has the 4090 burned through today": used up over time, energy
    (
        re.compile(
            r"\bhow much (?:has|have|had|did|does) (.{1,40}?)"
            r" (?:burn|burned|burnt|chewed|eaten)(?: through| up)?\b",
            re.I,
        ),
        r"how much energy did \1 use",
    ),
    # "energy it burned for nothing", "all for naught": wasted, not a GPU doing nothing
    (re.compile(r"\b(?:all )?for (?:nothing|naught|nought)\b|\bin vain\b", re.I), " "),
    (re.compile(r"\b(?:p[\s-]state|power state)\b", re.I), "pstate"),  # "P-state", "power state": one word
    # "did the h100 go hard yesterday", "which card worked harder": how busy it was (its utilization)
    (
        re.compile(
            r"\b(?:go|goes|went|going|gone|work|works|worked|working|ran|push|pushed|pushing)"
            r"\s+(?:(?:so|really|that|very|pretty|the)\s+)?(hard|harder|hardest)\b",
            re.I,
        ),
        lambda m: _BUSY_AS[m[1].lower()],
    ),
    # "how hard did it work then", "how much did the H100 work this morning": how busy it was; "has the small
    # card done any work": whether it was busy
    (
        re.compile(
            r"\bhow (?:hard|much) (?:did|does|do|has|was|is) (it|they|the [\w-]+(?: [\w-]+)?|[\w-]+)"
            r" work(?:ing|ed)?\b",
            re.I,
        ),
        r"how busy was \1",
    ),
    (re.compile(r"\b(?:done|do|doing|did) any (?:real )?work\b", re.I), "been busy"),
    # "how much of today was the H100 actually doing something", "how long was it doing real work": busy
    # (for how long: not "is it doing anything", which asks what runs)
    (
        re.compile(
            r"\b(how (?:much of|long)\b.{0,40}?)(?:actually |really )?(?:doing|done|did)"
            r" (?:something|anything|real work|actual work)\b",
            re.I,
        ),
        r"\1busy",
    ),
    # "which GPU was more used today": the busier one (not "the most used memory")
    (
        re.compile(r"\b(was|is|were|are|got) (more|most|less|least) used\b", re.I),
        lambda m: f"{m[1]} {_BUSY_AS[m[2].lower()]}",
    ),
    # "how many GPU-hours should I put in the report for it": where the figure goes is not what is asked
    (
        re.compile(
            r"\b(?:should (?:i|we) |to |can (?:i|we) )?(?:put|write|include|enter|quote|cite|use)"
            r" in (?:the|my|our|a|this)"
            r" (?:[\w-]+ )?(?:report|summary|invoice|paper|slides?|spreadsheet|email)\b",
            re.I,
        ),
        " ",
    ),
    # "how much electricity is the big card drawing now": its power draw
    (
        re.compile(
            r"\bhow much (?:electricity|juice) (is|are|does|do) (.{1,40}?) (?:draw|drawing|pull|pulling)\b",
            re.I,
        ),
        r"how much power \1 \2 drawing",
    ),
    # "was the small card used at all yesterday": whether any job ran on it
    (
        re.compile(
            r"\b(?:was|were|is|has|have) (the [\w-]+(?: [\w-]+)?|gpu ?\d|it|they) (?:been )?used at all\b",
            re.I,
        ),
        r"did any job run on \1",
    ),
    # "how much compute time over all attempts": GPU-time (not the GPU's compute rate)
    (re.compile(r"\bcompute[\s-]?(?:time|hours?)\b", re.I), "gpu time"),
    # "the big card's average electricity draw, in watts": its power
    (re.compile(r"\b(?:electricity|electric|electrical) draw\b", re.I), "power draw"),
    # "wats up w 3": with job 3 (not "w" for watts)
    (re.compile(r"\b(up|wrong|going on|deal) w\b(?!/)", re.I), r"\1 with"),
    # "any other procs on gpu0 besides the sft job": the job said is left out, not asked about
    (
        re.compile(
            r"\b(?:besides|other than|apart from|except(?: for)?) (?:the |my |our |that )?[\w.-]+"
            r" (?:job|run|training|process)\b",
            re.I,
        ),
        " ",
    ),
    # "which of the two cards worked more today": the busier one
    (
        re.compile(r"\bwork(?:ed|s|ing)? (?:the )?(more|most|less|least)\b", re.I),
        lambda m: _BUSY_AS[m[1].lower()],
    ),
    # "what's keeping the big one busy": what it is doing (its jobs), not its utilization
    (
        re.compile(r"\bwhat(?:'s| is| are)? keep(?:s|ing)? (.{1,30}?) (?:busy|occupied|loaded)\b", re.I),
        r"what is \1 doing",
    ),
    # "how much power did it burn", "what did we spend on power today": power used up over time is energy
    (
        re.compile(
            r"\bhow much (?:power|electricity|juice) (?:did|does|has|have|had) (.{1,40}?)"
            r" (?:burn|burned|burnt|eat|eaten|use|used|consume|consumed|spend|spent)\b"
            # "how much juice did the 70b finetune pull": over a run, used up
            r"|\bhow much (?:juice|electricity) (?:did|has|have|had) (.{1,40}?)"
            r" (?:pull|pulled|draw|drawn|suck|sucked)\b(?! (?:at (?:its |the )?(?:peak|most|max)|tops|max))",
            re.I,
        ),
        lambda m: f"how much energy did {m[1] or m[2]} use",
    ),
    # the same asked in other word orders ("gpu 1 used how much power yesterday", "how much power gpu 1
    # used", "how much power was used by gpu 1"), as languages that put the question word last say it; a
    # mean, a low or a peak said after it is the power reading's (_NO_READING_AFTER)
    (
        re.compile(
            r"(?:\b(burn|burned|burnt|ate|used|consumed|spent) how much (?:power|electricity|juice)\b"
            r"|\bhow much (?:power|electricity|juice) (?:was|were|got|has been|have been)"
            r" (burned|burnt|eaten|used|consumed|spent)\b)" + _NO_READING_AFTER,
            re.I,
        ),
        lambda m: f"{m[1]} how much energy" if m[1] else f"how much energy was {m[2]}",
    ),
    (
        re.compile(
            r"\bhow much (?:power|electricity|juice) (?!(?:did|does|has|have|had|was|were|is|are)\b)"
            r"((?:gpu|card|job)\s*\S+|the \S+|it|they|\S+) (burned|burnt|used|consumed|spent)\b"
            + _NO_READING_AFTER,
            re.I,
        ),
        r"how much energy did \1 use",
    ),
    (re.compile(r"\b(spend|spent|spending) on (?:power|electricity)\b", re.I), r"\1 on energy"),
    # "what did it cost in power": a cost said in power is energy used, not a power reading
    (re.compile(r"\b(cost\w*|use[sd]?|burn\w*) in (?:power|electricity|juice)\b", re.I), r"\1 in energy"),
    # "and its memory speed?": the memory clock (a GPU's overview says it), not the memory used
    (re.compile(r"\b(?:memory|mem|vram) (?:speed|frequency|clock rate)\b", re.I), "memory clock"),
    # "is the same figure available for GPU 1": the last reading asked of another GPU (not an idle GPU)
    (
        re.compile(
            r"\b(?:the same|that|this) (?:figure|reading|number|value|metric|stat|statistic|measurement)s?"
            r"(?: (?:is|are))? (?:available|there|reported|shown|given)\b",
            re.I,
        ),
        "the same",
    ),
    # "could you please report the mean power draw": report as a verb with its object is "tell me" (a
    # summary is asked as "a report" or "report on today")
    (
        re.compile(
            r"\b(?:please|kindly|you|to)\s+report\s+(?=the |its |their |how |what |whether |gpu )", re.I
        ),
        "tell me ",
    ),
)
_BY = {"with", "by", "from", "for", "at", "on"}  # a job a peak is put down to, said with a preposition
# the card the last reading named, said as "the card" with no number: "which job was on the card?"
_ON_THE_CARD = re.compile(r"\b(?:on|using|occupying) the (?:card|gpu|device|board)\b(?!\s*\d)")
# a job's memory asked now, not its peak: "how much memory is the sft using", "does job 11 use"
_HOLDING = frozenset("using uses use holding holds hold taking takes occupying".split())


def _memory_now(brief: JobBrief, gpu: int | None) -> Query:
    """A running job's GPU memory now: the processes on the card said, or else on the one card it runs on
    (``memory_users`` names the job's process and what it holds)."""
    on = gpu if gpu is not None else brief.ran_on[0] if len(brief.ran_on) == 1 else None
    return Query("memory_users", gpu=on)


OVER_A_RUN = set("over during across while whole entire run runs ran job".split())  # "and over X's run?"
# who a reading's peak is put down to: "which job was responsible?", "what caused it?", "the culprit"
BLAMED = re.compile(
    r"\b(?:responsible|to blame|culprit|caused?|causing|behind (?:it|that|this|the spike))\b"
    # "which job was drawing it", "who was loading it" (the words as repaired: "load")
    r"|\b(?:who|what|which (?:job|run|process|workload|task))\b.*"
    r"\b(?:draw|pull|use|heat|load|hammer|drive)(?:ing)? (?:it|that|this)\b"
    # "which job drew that", "what run pulled that much", "what pulled that": the one that drew the peak
    r"|\b(?:who|what|which)\b.*\b(?:drew|pulled|caused|made|hit|reached|loaded|drove) (?:it|that|this)\b"
    r"|\bwhich (?:job|run|process)\b.*\bused (?:so|that|this) much\b"  # "which job took that much?"
    r"|\bwhose\b"  # "peak memory on the 4090 today, and whose?": the job that held it then
    # "..., and for what?", "with which job?", "by which run?", "from which job?"
    r"|^(?:and |so )?(?:for|with|by|from) (?:what|which (?:job|run|task|one|process|computation|workload"
    r"|experiment|training)|whom|who)$"
    # "4090 util peak today" ... "at what time; who", "when and who was it": who ran then
    r"|^(?:and |so )?(?:when and )?(?:who|whom)(?: (?:was|were) (?:it|that))?$"
    # "when was it working hardest, and what was it working on?": what ran at that peak
    r"|^(?:and |so )?what (?:was|were) (?:it|they|the card|the gpu) (?:working on|running|doing|busy with)"
    r"(?: then)?$"
    r"|^(?:and |so )?what (?:was|were) running on (?:it|them|that)(?: then)?$"  # (the words as repaired)
)


_WHAT_IT_RAN = re.compile(
    r"\b(?:what|which jobs?|which runs?) (?:was|were) (?:it|they|the card|the gpu) running\b"
    r"|\b(?:what|which jobs?) ran (?:on it|there)\b"
)
# "what's waiting", "which jobs failed", "anything sitting in the queue": the jobs in a state, each with its
# reason -- not the job talked about before (no "it" points back to it)
_WHICH_IN_STATE = re.compile(
    r"\b(?:what|whats|which|anything|who)(?: (?:s|is|was|are|were|has|have))?(?: (?:jobs?|else|still))?"
    r" (?:waiting|queued|pending|sitting|stuck|failed|crashed|died|cancelled|canceled)\b"
    # ("what's in the queue", "what is all in the queue now" after a job's answer: the queue's jobs)
    r"|\b(?:what|whats|which jobs?|anything|who)(?: (?:s|is|are|else|all|still|now|currently)){0,3}"
    r" (?:in|on) (?:the |our )?queue\b"
)
_WHAT_HAPPENED = re.compile(
    # ("why, what happened?", "how come? what went wrong": the why asked by what happened)
    r"(?:so |and |ok |okay |then )?(?:(?:why|how come) )?(?:(?:in|at) the end |finally |eventually )?"
    r"what (?:happened|happen|went wrong)(?: (?:to|with) (?:it|that|this))?"
    # ("and what happened in the end", "what happened to it finally": its last attempt's end)
    r"(?: then| there| exactly| in the end| at the end| finally| at last| eventually| after all)?"
)
_NOW_ASKED = re.compile(
    r"\b(?:right now|currently|at the moment|at present|atm|rn|the (?:present|current|live) \w+)\b", re.I
)
# a clause that gives the reason for asking: "as the air conditioning has been unreliable this week, ...";
# or what happened, then how the user feels about it: "the fans were loud this morning so I'm worried, ..."
_REASON_FIRST = re.compile(
    r"(?:^\s*|[,;]\s*|\band\b,?\s*)(?:as|because|since the|given that|seeing that|now that)\b[^,]*,\s*"
    r"|^[^?]*?\bso (?:i|we)(?:'m|'re| am| are| was| were| feel| got)\b[^,?]*,\s*",
    re.I,
)


# a follow-up that is only a time of day: "and 9:30?", "what about at 14:05"
_ONLY_A_TIME = re.compile(
    r"(?:(?:and|what about|how about|ok|same|then)\s+)*(?:at\s+)?(\d{1,2}:\d{2}(?::\d{2})?)"
)


# what a job wrote out: its log says what it saved ("did it write the tokens file", "where did it save")
_WROTE = re.compile(
    r"\b(?:write|wrote|written|writes|save|saved|saves|dump|dumped|produce|produced|export|exported)\b"
    r".*\b(?:files?|checkpoints?|weights|tokens|outputs?|results?|shards?|artifacts?)\b"
    r"|\bwhere did (?:it|\S+) (?:save|write|put|dump)\b"
    # "what did the data prep job do yesterday?": what an ended run did is what it printed
    r"|^(?:and |so )?what did (?:it|(?:the |that |this )?\S+(?: \S+){0,3}?) (?:actually |really )?do\b"
)


# Words that ask the jobs of one name again for the totals it says: "energy?", "and the gpu hours?"
TOTALS_AGAIN = set(
    "and the what about its their how much many total in all energy gpu hours time used use did do does it"
    " they them take took burn burned burnt spend spent consume consumed altogether together combined"
    " overall".split()
)
# the words of a follow-up that asks the last answer again of another job it names: "and the eval's?", "same
# for job 4", "and the one of llama-8b-eval?" (Dutch "en die van ...")
_ANOTHER_ONES = set("and the what about for of that one ones s same then job run its and how".split())
# the jobs of a list said together: "the four runs", "all the elements"
_ALL_OF_THEM = set("runs jobs elements tasks two three four five six of was were".split())
# whether every job of a list ended well: "did they all finish", "did all four runs succeed", "were all of
# them ok" (the list says how each one ended)
_ALL_ENDED_ASKED = re.compile(
    r"^(?:and |so )?(?:did|have|has|were|are|was) (?:they all|all (?:of )?(?:them|those|these|the \w+)"
    r"|all (?:\w+ )?(?:runs|jobs|elements|tasks|of them)|all \d+|all (?:two|three|four|five|six))"
    r"(?: of them)? (?:finish|finished|complete|completed|succeed|succeeded|successful|work|worked|pass"
    r"|passed|end|ended|go|went|run|ran|ok|okay|fine|alright|good|done)\b"
)
METRIC_WORDS = {w for w, topic in WORD_OF.items() if topic in METRICS}  # "power", "temp", "mem used"...
ENERGY_WORDS = {w for w, topic in WORD_OF.items() if topic == "energy"}  # "energy", "electricity", "kwh"...

# What can be asked: one list, said by the refusal and by the answer to "what can you do?"
TOPICS = topics()  # the catalogue's topics, one per query
REFUSAL = f"I only know about this machine: {TOPICS}."
# said after an answer whose query the picking model chose (it may be wrong): where the rules were asked
# first, that they found none
MODEL_PICKED = "(The model picked this query.)"
MODEL_PICKED_AFTER_RULES = "(The model picked this query: the rules found none.)"


def model_note(pickers: tuple[Picker, ...]) -> str:
    """What an answer the model picked ends with, by the pickers' order."""
    names = [getattr(p, "name", "") for p in pickers]
    after = "rules" in names and "model" in names and names.index("rules") < names.index("model")
    return MODEL_PICKED_AFTER_RULES if after else MODEL_PICKED


WINDOWED = ("jobs", "finished", "failures", "job_rank", "summary", "energy")  # queries over a time span
# over the queue's history: "overall" is all of it
HISTORY = ("jobs", "finished", "failures", "job_rank", "summary")
# queries a follow-up can move to another GPU ("and GPU 1?")
PER_GPU = ("gpu_reading", "memory_users", "gpu_list", "energy", "jobs", "finished", "failures", "job_rank")
PER_GPU += ("summary",)
RANKED = ("gpu_rank", "job_rank", "node_load")  # queries with an order, for "and the least?"
NAMES_GPUS = ("idle_gpus", "gpu_rank")  # answers that name GPUs ("Idle: GPU 1"), for "the other one"
OFF_TOPIC = set(
    "poem haiku joke jokes story song recipe weather translate translation stock stocks price prices cost"
    " costs buy"
    # sport: "who won the football on sunday" (its teams' names may be any word: "colo colo")
    " football soccer cricket ipl wicket wickets innings"
    # money: the daemon knows energy, never a tariff ("what does that come to on our bill in euros"; not
    # "the power bill", which its energy answers)
    " euro euros eur dollar dollars usd gbp pound pounds tariff cents budget budgets invoice yen jpy".split()
)
# a game's score ("the match score", "score of the match"; "match" alone is also agreeing figures)
_MATCH_SCORE = re.compile(r"\bmatch(?:es)?\s+scores?\b|\bscores?\s+(?:of|in)\s+the\s+match\b", re.I)
CAUSE = {"reason", "reasons", "cause"}  # a job's reason: "what was the cause?"
# a judgement of the last reading: "is that a lot?", "is that normal?" (the answer gives its limit or peers)
JUDGED = set("lot normal high low ok okay fine bad good safe dangerous healthy concerning worrying".split())
# how the last reading was got: "is that measured or a guess?" (its answer says estimated or exact)
JUDGED |= set("measured estimated estimate guess guessed exact accurate real".split())
JUDGED |= set("close closer near far".split())  # "how close to it is it?" after a reading and its limit
READINGS = ("gpu_reading", "gpu_rank", "energy")
# what one job's detail answers: "exit code?", "when did it start?", "how long did it take?"
JOB_ASPECTS = set(
    "exit code status state start started finish finished end ended take took when attempt attempts reason"
    " outcome result since submitted array element depend depends dependency dependencies waited hours"
    " command energy"
    # how it ended, asked as whether it did well ("did it succeed?", "did that one pass?")
    " succeed succeeded pass passed"
    # its attempts said as tries ("how many tries did it get", "how many times did it try"), its command
    # line and worker pid, what it asked for and what it waits on
    " tries try tried times retries retried cmd pid asked ask request requested blocking blocks"
    # what it consumed: "what did it use up?" (said so by the picker), its energy and GPU-hours
    " consume consumed consumes"
    # what it cost, which the chat can only say in energy ("what did it cost in power, like Wh")
    " cost costs".split()
)
WH = set("what which how where when who whats".split())  # a question word
# "what was on gpu 0 at 23:00", "who's running on the 4090": the jobs on a GPU, whatever the last reading
WHAT_WAS_ON = re.compile(
    r"\b(?:what|who|whats|which jobs?|anything)\s+(?:(?:was|were|is|s)\s+)?(?:on|running on)\b"
)
# the results a job prints, which only its log holds ("the mmlu score of the eval", "final loss of job 3")
PRINTED = set(
    "score scores accuracy acc loss perplexity ppl bleu rouge f1 metric metrics result results mmlu hellaswag"
    " gsm8k humaneval truthfulqa winogrande arc wer fid top1 step steps checkpoint ckpt epoch epochs"
    " hparams hyperparameters"
    # what a run saved, which its log tells: "what did it save at the end" (its last checkpoint)
    " save saved saves"
    # a rate it prints: "what images/s was it getting", "basically its fps"
    " throughput images imgs img samples iters fps"
    # what a data job counts: "how many shards did data-prep get through"
    " shards records documents examples batches".split()
)


def _within_run(win: Window, brief: JobBrief) -> bool:
    """Whether a time said lies inside a job's run, its start and end minutes included."""
    if brief.started is None or brief.until is None:
        return False
    return brief.started - 60 <= win.t0 <= brief.until + 60


def _printed_asked(ws: list[str], topics: set[str]) -> bool:
    """Whether the words ask for something a job prints ("mmlu score of the 8b eval", "did it report a
    loss"; "what images/s was it getting before it got killed": what it printed before it ended, not which
    job ended so, as "the failed element's loss" asks)."""
    beside = {"jobs", "log", "running"} | (
        {"summary"} if {"report", "reported", "reports"} & set(ws) else set()
    )
    beside |= {"cancel", "fail"} if {"before", "until", "till"} & set(ws) else set()
    # "the throughput it reported" is what it printed, not the GPU's TFLOP/s; "in its last line" a log line,
    # not a line of the queue
    beside |= {"tflops"} if "throughput" in ws and not {"tflops", "flops", "tflop"} & set(ws) else set()
    beside |= {"queue"} if {"line", "lines"} & set(ws) else set()
    # "8b eval numbers", "the benchmark figures": an evaluation's numbers are the results it printed
    results = re.search(r"\b(?:eval\w*|bench\w*)\s+(?:numbers?|figures?|nums?)\b", " ".join(ws)) is not None
    return (bool(PRINTED & set(ws)) or results) and not topics - beside


# a setting a run prints, asked for ("which lr was element 2 running", "what was the learning rate in that
# job"; "lr" alone is also in names: lr-sweep)
SETTING_ASKED = re.compile(
    r"\b(?:which|what)(?: is| was| s)?(?: the| its| their)? (?:lr|learning rate|seed|batch size)\b"
)
# what a job asks the queue for: "how much memory did it ask for" is its request, not a GPU's reading
ASKED_FOR = set("ask asked asks request requested requests want wants wanted need needs needed".split())
# what a job did with a reading while it ran: "how much memory did job 5 use", "the power it drew"
USED_VERBS = set("use used using draw drew drawing hold held holding pull pulled".split())
ANY_OF_THEM = {"anything", "any", "anyone", "anybody", "something", "nothing", "none"}  # no one job
# words only a job has: "how long did all the attempts take together" is the job in focus's
JOB_ONLY = {"attempt", "attempts", "tries", "retries", "retried", "retrying", "submitted", "waited"}
AT_WHAT_TIME = re.compile(r"\b(?:when|(?:what|which) (?:time|second|minute|hour))\b")
# how far a run has got, asked as where it is: "where is it in its training?" (its log says; not its node)
IN_ITS_RUN = re.compile(
    r"\bwhere(?:'s|’s| is| s| are)? (?:it|they|the \w+|[\w-]+) (?:now )?in (?:its|their|the)"
    r" (?:training|run|epochs?|steps?|schedule|progress)\b"
    # "where's the mistral at (in its training)?", "where is the sft run at": how far it has got (not "where
    # is it at 12:00", "at the node")
    r"|\bwhere(?:'s|’s| is| s| are)? (?:it|they|the \w+|[\w-]+)"
    r"(?: (?:training|run|job|finetune|sft|eval))? at\b"
    r"(?! (?:\d|the (?!moment)|gpu|card|node|host|noon|midnight))"
)
SO_FAR = re.compile(r"\b(?:so far|until now|till now|up to now|to date)\b")  # a job's total yet
THE_JOB = re.compile(r"\b(?:the|that|this) (?:job|run)\b")  # the one the conversation is at
JOB_RECORD = {"energy", "queue", "cancel"}  # topics a job's own record answers: its energy, its queue wait


_COUNTED_ASIDE = re.compile(
    # ("counting from 00:00 up to now" is a span, not what is counted)
    r",\s*(?:not counting|including|incl\.?|counting(?!\s+(?:from|since|between|back|up)\b))\b[^,;?]*"
    r"|,\s*(?:the |that |this )?[\w -]{1,30}? (?:included|too|as well)(?=\s*[,;?]|\s*$)",
    re.IGNORECASE,
)


# the attempts a job's total is taken over, said beside what is measured ("how many gpu-hours did it burn
# with the retries", "how long did it run, all attempts included"): a job's record says its totals over its
# attempts (not "which jobs ran with retries", no measure asked; not "how many times did it try with the
# retries", the attempts asked)
_OVER_ITS_TRIES = re.compile(
    r"\s*,?\s*\b(?:with|including|incl\.?|counting|across|over|plus)(?: all| each| every)?(?: of)?"
    r"(?: the| its| their| those)?(?: \w+)? (?:retries|attempts|tries|reruns|restarts)\b"
    r"|\s*,?\s*\b(?:(?:the|its|all)\s+)?(?:retries|attempts|tries) (?:included|and all|too|as well)\b",
    re.IGNORECASE,
)
_MEASURE_ASKED = re.compile(
    r"\bhow (?:many|much|long)\b(?! (?:times|attempts|tries|retries|goes|restarts|reruns)\b)", re.IGNORECASE
)


def _it_as(asked: str, thing: str) -> str:
    """``asked`` with "it" and "its" said as ``thing`` ("gpu 1", "job 5"; "its" as "job 5's")."""
    return re.sub(r"\b(?:it|its)\b", lambda m: thing + ("'s" if m[0].lower() == "its" else ""), asked)


def _after_a_story(question: str, context: Context, now: float) -> str | None:
    """The question of a message that tells something first ("Maya swears the 4090 ran out of memory this
    morning. What's the most memory it used today?"), with what the telling names put in for "it" (its one
    GPU, where it names no job) and "then" (its clock time); None where the message is one sentence, ends
    in no question, or the question points at nothing the telling names. The telling only sets the scene:
    its words would pick another query."""
    parts = re.split(r"(?<=[.!])\s+(?=[A-Z])", question.strip())
    if (
        len(parts) < 2
        or not parts[-1].rstrip().endswith("?")
        or any(p.rstrip().endswith("?") for p in parts[:-1])
    ):
        return None
    story, asked = " ".join(parts[:-1]), parts[-1]
    # the telling says what is wanted and the question only asks its value: "For the grant report I need the
    # highest temperature GPU 0 has reached today. What was it, and at what time?" asks the telling
    asks_nothing_new = not topics_said(asked) - {"gpu", "long"}  # "What was it?", "Is that right?"
    wanted = re.match(r"(?:.*?\b)?(?:i|we) (?:need|want|would like|'d like)\b", story, re.IGNORECASE)
    if wanted and topics_said(story) & METRICS and asks_nothing_new:
        when = re.search(r"\b(?:when|what time|which time)\b", asked, re.IGNORECASE)
        return f"{story.rstrip(' .!')}{', and when' if when else ''}?"
    # what someone said a card reached, then whether it is so and for how long ("Someone told me the H100
    # went over 86 degrees today. Is that right, and for how long was it over?"): the telling's reading
    if threshold_of(story) is not None and asks_nothing_new:
        return f"{story.rstrip(' .!')}, {asked}"
    gpus = sorted(gpus_by_model(story, context)) or [
        int(g) for g in re.findall(r"\bgpu ?(\d)\b", story.lower())
    ]
    if len(set(gpus)) == 1 and not named_jobs(story, context) and not gpus_by_model(asked, context):
        asked = _it_as(asked, f"gpu {gpus[0]}")
    told_jobs = set(named_jobs(story, context)) | {
        int(n) for n in re.findall(r"\bjob #?(\d+)\b", story.lower())
    }
    of_an_array = any(
        i in els.values() for els in context.arrays.values() for i in told_jobs
    )  # ("the sweep")
    # (a question, not a request: "Can you go through her script and fix it?" is about the script)
    asks_of_it = re.match(
        r"\s*(?:what|which|when|why|how|who|where|did|does|was|were|is|has|had)\b", asked, re.I
    )
    one_told = len(told_jobs) == 1 and not of_an_array and asks_of_it is not None
    if one_told and not named_jobs(asked, context) and not re.search(r"\bjob #?\d", asked.lower()):
        # "My colleague said job 5 failed this morning. What did it print before failing?": that job
        asked = _it_as(asked, f"job {next(iter(told_jobs))}")
    if len(set(gpus)) == 1 and not gpus_by_model(asked, context):
        # "the sweep had the 4090 to itself. How much energy did the card use": the card the telling names
        asked = re.sub(r"\b(?:the|that|this) (?:card|gpu|device)\b", f"gpu {gpus[0]}", asked, flags=re.I)
    clocked = re.search(r"\b(\d{1,2}:\d\d)\b", story)
    if clocked is not None:
        asked = re.sub(r"\bthen\b", f"at {clocked[1]}", asked)
    # (a telling that names no GPU or time is read whole, and so is a question that names nothing of its own:
    # "I heard the H100 got hot this afternoon. How high did it go?" asks the telling's reading and span)
    own = topics_said(asked) - {"gpu"}
    # (a telling of what the user is working out, naming no job or GPU, sets the scene only: "I'm trying to
    # work out whether my model would fit alongside what is there. How much memory is in use on the H100?")
    scene = sets_the_scene(story) and not named_jobs(story, context) and not gpus
    if (asked == parts[-1] and not scene) or not own:
        return None
    span = window_of(story.lower(), now)
    if span is not None and window_of(asked.lower(), now) is None:
        pointed = rf"\b(?:in |over |during )?(?:that|this|the same) (?:{SPAN_NOUNS})\b"
        if re.search(pointed, asked, re.I):  # "... in that window?": the telling's span
            return re.sub(pointed, span.label, asked, count=1, flags=re.I)
        asked = (
            f"{asked.rstrip(' ?')} {span.label}?"  # "the H100 got hot this afternoon. How hot did it get?"
        )
    return asked


class RulePicker:
    """Topic words, superlatives and entities to a query; the fallback that needs no model."""

    name = "rules"

    def pick(self, question: str, context: Context, now: float) -> Query | None:
        read = self.read(question, context, now)
        return read if isinstance(read, Query) else None

    def read(self, question: str, context: Context, now: float) -> Query | Declined | None:
        """The query; :class:`Declined` where the words say the question is not about this machine; None
        where they say nothing this picker knows. A reading's threshold ("at 85 °C or more") is read apart
        (:mod:`assistant.understand.thresholds`); a follow-up keeps the conversation's."""
        question = points_back(items_as_jobs(question))
        if context.at_the_peak(context.last):  # after "when was that?" of a peak: the span goes on
            context = replace(context, last=context.reading)
        told = _after_a_story(question, context, now)
        if told is not None:  # "I was out around 11:10. What was running on the H100 then?"
            read = self.read(told, context, now)
            if isinstance(read, Query):
                return read
        said = threshold_of(question) or bare_threshold(
            question, context.last, context.gpus, context.gpu_models
        )
        again = first_again(question, context.last) if said is None else None
        if again is not None:
            return again
        if said is not None:
            read = self._read(said.rest, context, now)
            found = with_threshold(
                read if isinstance(read, Query) else None, said, context.last, context.reading
            )
            if found is not None:
                return found
        read = self._read(question, context, now)
        if not isinstance(read, Query):
            return read
        if _one_of_several(question, read, context):
            # "how long did that one run?" after two jobs: their ranking (each one's value), not every job's
            several = context.listing if set(context.subjects) < set(context.listing) else context.subjects
            return replace(read, among=",".join(map(str, several)))
        live = bool(_NOW_ASKED.search(question) or re.search(r"\bnow\W*$", question, re.I))
        return kept_threshold(read, context.last, live, question)

    def _read(self, question: str, context: Context, now: float) -> Query | Declined | None:
        """:meth:`read` of a question without a threshold."""
        if said_not_about_us(question):
            return Declined("elsewhere")  # "Not about our box, just curious: ..." (before a label goes)
        if (
            housekeeping_said(question) == "ask"
            and not asks_elsewhere(question, set())
            and not asks_advice(question, set())
        ):
            # "anything to clean up?": the proposals with their sizes (not "how do i clear disk space on
            # ubuntu", the user's own system; not "a nice way to thank the students for tidying up")
            return Query("housekeeping")
        # "what's running on the busy one" after "Idle: GPU 1": on GPU 0; "the gaming card": the GeForce (the
        # big card is read with the GPUs' numbers); "the big card or the gaming card": each by its number, as
        # "gpu 0 or gpu 1" is read
        called = gpus_called(question, context)
        if len({gpu for _, gpu in called}) < 2:
            called = [c for c in (gpu_by_state(question, context), *gpus_by_kind(question, context)[:1]) if c]
        for said, gpu in called:
            question = re.sub(re.escape(said), f"gpu {gpu}", question, flags=re.IGNORECASE)
        last = context.last
        in_focus = last.gpu if last is not None and last.gpu is not None else None
        in_focus = (
            context.subject_gpus[0] if in_focus is None and len(context.subject_gpus) == 1 else in_focus
        )
        if in_focus is not None:  # "gpu-hours on that card today" after an answer about GPU 1: GPU 1
            question = re.sub(
                r"\b(?:that|this|the same) (?:card|gpu|device)\b", f"gpu {in_focus}", question, flags=re.I
            )
        context = _focus_by_its_run(question, context)  # "when did it start?" after the queue's jobs
        job_in_focus = context.job_in_focus()
        if in_focus is not None and job_in_focus is None:  # "the last thing on it" of the idle GPU
            # ("the last job that ran there", "the last thing it ran")
            question = re.sub(
                r"\b(?:last|latest|previous) (?:thing|job|run)(?: (?:to|that) (?:run|ran|be|was|went))?"
                r" (?:on it|there)\b"
                r"|\b(?:last|latest|previous) (?:thing|job|run) (?:that )?it (?:ran|did|had|was running)\b",
                f"last job on gpu {in_focus}",
                question,
                flags=re.I,
            )
        if job_in_focus is not None:  # "how long was my job waiting" after an answer about job 12: job 12
            question = re.sub(
                r"\b(?:my|our) (?:job|run|task|experiment)\b", f"job {job_in_focus}", question, flags=re.I
            )
        # "11's run", "9's log": the job numbered so
        question = re.sub(r"\b(\d{1,6})'s (runs?|jobs?|logs?|attempts?)\b", r"job \1's \2", question)
        labelled = _LABEL.match(question)
        if labelled is not None and not _names_something(labelled.group(0), context, now):
            # "quick health check on the rig: what's GPU 0 pulling?": the question; not "lr-sweep array: ..."
            question = question[labelled.end() :]
        else:
            question = _label_names_only(question, context, now)
        lead = _LEAD_IN.match(question)
        if lead is not None and not _names_something(lead.group(0), context, now):
            question = question[lead.end() :]  # "for the hardware log, what clocks ...": what it is for
        question = array_elements(question, context)  # "lr-sweep [3]", "7_3": an element of an array
        # what is counted in or out, said beside the ask ("which jobs failed today, not counting the cancelled
        # one", "the whole sweep's energy, the failed one included"): no job or state of its own to read
        question = _COUNTED_ASIDE.sub("", question)
        # "how many gpu-hours did it burn with the retries": its total, of the job or jobs the words or the
        # conversation know (where none is known, the retries said still point at the job retried)
        known = re.search(r"\bjobs?\b|\bruns\b|#\s*\d", question, re.I) or context.job_in_focus() is not None
        if _MEASURE_ASKED.search(question) and (known or named_job(question, context) is not None):
            question = _OVER_ITS_TRIES.sub("", question)
        held_back = re.search(
            r"\bheld back\b"
            # "is anything holding the big card back": that card's clocks
            r"|\bholding (it|them|(?:the|that|this|our) (?:[\w-]+ )?(?:gpu|card|device|one|\w*\d+)) back\b",
            question,
            re.I,
        )
        job_said = re.search(r"\bjobs?\b|#\s*\d", question, re.I) or named_job(question, context) is not None
        if held_back and not job_said:
            # "is it being held back by anything?" of a GPU: what limits its clocks (no held job)
            said = f"{held_back.group(1)} throttled" if held_back.group(1) else "throttled"
            question = question[: held_back.start()] + said + question[held_back.end() :]
        for phrase, meant in _SAID_AS:
            question = phrase.sub(meant, question)
        question = _kind_of_last(question, last)
        name = quoted_job_name(question)
        if name and len(name.split()) >= 3 and not any(name.lower() in n.lower() for n in context.job_names):
            name = None  # "a small 'why jobs fail' section": a title in quotes, not a job's name
        # "tells me it 'simply died'": words quoted as said, not a job's name (a name is one word or has a
        # digit, a dash or an underscore in it: "lr-sweep", "resnet50 bench")
        spoken = name is not None and " " in name.strip() and not re.search(r"[\d_-]", name)
        if spoken and not known_name(name, context):  # type: ignore[arg-type]
            name = None
        quoted_word = name is not None and all(w in WORD_OF for w in words(name))
        if quoted_word and not known_name(name, context):
            name = None  # "it's being 'throttled'": a word quoted, which the question asks about
        # a job's name is not topic words ("resnet-export" is not a report)
        ws = words(question.replace(name, " ") if name else question)
        text = " ".join(ws)
        topics = {WORD_OF[w] for w in ws if w in WORD_OF}
        if re.search(r"\b(?:this|the|my|our)(?: \w+)? (?:server|host|box)\b", text) and not {
            "cluster",
            "node",
            "nodes",
            "ray",
        } & set(ws):
            topics.discard("cluster")  # "what cards does this server have?", "the GPU server": this machine
        # "on the node", "the 4090 node card": a Slurm user's word for this machine (not "which node", "the
        # busiest node", "did we lose a node": the cluster's)
        this_node = re.search(r"\b(?:the|this|our|my)(?: \w+)? node\b(?!\s*#?\d)", text)
        other_nodes = {"cluster", "clusters", "nodes", "ray", "which", "each", "every", "per", "lose", "lost"}
        if this_node and not (other_nodes | MORE | LESS) & set(ws):
            topics.discard("cluster")
        if re.search(r"\b(?:in |the )?r state\b|\bstate r\b", question.lower()):  # the repair reads "r" "are"
            topics.add("running")  # Slurm's R: "anything in R state?"
        if re.search(r"\b\d+\s*(?:c|°c|degrees?)\b", question.lower()):
            topics.add("temperature")  # "did any gpu go over 85C today": its temperature over the span
        if {"queue", "jobs"} <= topics and {"ran", "finished", "ended"} & set(ws):
            topics.discard("queue")  # "the queue jobs that ran on it today": jobs that ran, not the queue now
        if {"consumer", "consumers", "hog", "hogs"} & set(ws) and "energy" in topics and "gpu" not in topics:
            topics.add("jobs")  # "the top energy consumer": a job (a GPU said is the GPUs' energy)
        if {"allocated", "unallocated"} & set(ws) and not topics - {"gpu", "idle", "running"}:
            topics.add("idle")  # "which cards are allocated and which are free": who holds which GPU
        if "juice" in ws and "power" not in topics:
            topics.add("energy")  # "how much juice did the 4090 use": its electricity ("pull" is its power)
        # "how much did the 4090 use all up yesterday": what a card or a job used over time, no reading named,
        # is its energy (how much it uses now names its memory: "how much is it using"); after a measure asked
        # (a reading, GPU-hours, energy) the follow-up carries that measure
        used_over_time = re.search(r"\bhow much (?:did|has|have) (?:\S+ ){1,4}?used?\b", text)
        prior = context.last
        measured = prior is not None and (prior.metric is not None or prior.name == "energy")
        if used_over_time and not measured and not topics & (METRICS | {"energy"}) and not gpu_time_said(ws):
            topics.add("energy")
        summed = {"total", "altogether", "overall", "combined", "cumulative", "summed", "sum"} & set(ws)
        # what power cost over a job or a day is its energy: "what did the big finetune cost us in power",
        # "what did the sweep cost us power-wise" (not "its mean, power-wise"), "how much power did both
        # cards pull today"
        costed = re.search(r"\bcosts?\b(?: \w+)? (?:in power|power[\s-]?wise)\b", text)
        pulled = re.search(r"\bhow much power did\b", text) and window_of(question.lower(), now) is not None
        if "power" in topics and (summed or costed or pulled) and not (PEAK_WORDS | MEAN_WORDS) & set(ws):
            topics = (topics - {"power"}) | {"energy"}  # "how much power did it use in total": its energy
        hungry = (MORE | LESS | {"hungry"}) & set(ws)
        peak_power = bool(PEAK_WORDS & set(ws))  # "which run had the highest peak power": its reading
        if (
            {"jobs", "power"} <= topics
            and "gpu" not in topics
            and hungry
            and "while" not in ws
            and not peak_power
        ):
            topics = (topics - {"power"}) | {"energy"}  # "which job was the most power-hungry": its energy
        shown = re.fullmatch(r"show (?:job )?#?(\d+)", text)  # gpuaccel show 6, typed to the chat
        if shown and (not context.job_names or int(shown.group(1)) in context.job_names.values()):
            return Query("job_detail", job=int(shown.group(1)))
        if re.search(r"\bwithout (?:work|jobs?|load|anything)\b", text):
            topics.add("idle")  # "is there a gpu without work?"
            ws = [w for w in ws if w != "work"]
        # "what went on today?", "what was going on around 13:45": what happened, past ("what's going on" is
        # now's; "what was going on on it at that moment" is the job at a moment)
        then = re.search(r"\b(?:then|that (?:moment|time|point|minute))\b", text)
        going_on = re.search(r"\bwhat\b.*\b(?:was|were) (?:\w+ )?(?:going on|happening)\b", text) and not then
        went_on = re.search(r"\bwhat\b.*\bwent on\b", text) or going_on
        if went_on and not (topics & METRICS and order_of(ws)):
            # (not "what was the highest the utilization went on the 4090": how high a reading went)
            topics.add("summary")
        if re.search(r"\bhow\s+(?:did|has|have|was|were)\b.*\b(?:do|doing|done|go|going|gone|been)\b", text):
            topics.add("summary")  # "how did the box do this week?"
        if re.search(r"\bwhat\s+(?:did|has|have)\b.*\b(?:do|done)\b", text):
            topics.add("summary")  # "what did the machine do in the past 2 hours?"
        if name and not topics and not known_name(name, context) and context.job_names:
            return None  # quoted text that names no job, and nothing else the machine knows about
        # "what did my jobs cost in electricity": their energy (not "the cost of electricity in germany")
        mine = {"jobs", "gpu"} & topics or {"my", "our", "i", "we", "us", "me"} & set(ws)
        # "what did that one cost us in energy": the conversation's job ("these days" points at no job)
        spanless = re.sub(r"\b(?:this|that|these|those) (?:days?|weeks?|months?|years?|time)\b", "", question)
        mine = mine or named_job(question, context) or pointing().search(spanless)
        # "what did the whole array cost in energy" (and in power or electricity, said so by _SAID_AS): a cost
        # measured in energy is never a price of the world ("the cost of electricity in germany" is)
        mine = mine or re.search(r"\bcost\w* in (?:energy|kwh|wh)\b", text)
        # (or in GPU-hours: "how many GPU-hours did that whole thing cost us")
        priced = (
            ("energy" in topics or gpu_time_said(ws))
            and mine
            and not OFF_TOPIC & set(ws) - {"cost", "costs", "price", "prices"}
        )
        written = ws[:1] in (["write"], ["compose"], ["implement"]) and not figure_asked(text)
        sport = _MATCH_SCORE.search(text)  # "ind vs aus match score now": a game's, no job's printed score
        if ((OFF_TOPIC & set(ws) and not priced) or written or sport) and "summary" not in topics:
            # "write me a haiku", "translate ...", "tell me a joke" (not "write a report")
            return Declined("off topic")
        if asks_elsewhere(question, topics) or other_model_compared(question, context):
            # "explain what a transformer is", "is the h100 any good for gaming", "H100 vs H200 bandwidth?"
            return Declined("elsewhere")
        compared = _compared(question, ws, topics, context)
        if compared is not None:  # "which was faster, the 8b eval or the sweep?"
            return compared
        if context.last is not None and context.last.name in RANKED and RUNNER_UP.match(text):
            return context.last  # "and the runner-up?": the ranking says it after the first
        beside = _beside_on_its_gpu(text, context)  # "the one before it on that card": no list's step
        nth = nth_of_list(text, context.last, context.listing, context.listed) if beside is None else None
        if nth is not None and nth.job is None:
            return nth  # past the list's end: the list again
        gpu, job = (None, nth.job) if nth is not None else numbered(text, question, context)
        job = _waited_on(text, context) if job is None else job  # "the job it's waiting on"
        job = beside if job is None else job
        if (job is not None or context.job_in_focus() is not None) and _WAITING_BEHIND.search(text):
            return Query("queue", state="queued")  # "what's waiting behind it": the queue, which says on what
        named_gpus = gpu is not None or bool(gpus_by_model(question, context))
        named_gpus = named_gpus and not (nth is None and model_said_as_a_kind(question, context))
        if not named_gpus and job is None and asks_advice(question, topics):
            return Declined("advice")  # "what's the best learning rate for mistral 7b": not the job named
        if job is None and asks_to_change_own_work(question):
            return Declined("advice")  # "my renders keep crashing on the 4090, any idea how to fix that?"
        # "sd-xl-train goes OOM on the 4090. Should I use gradient checkpointing?", "my sd-xl script keeps
        # OOMing, should i turn it on or drop the batch size": the question after what the user tells,
        # asked of no GPU or job of its own, asks advice on their work
        if self._advice_after_a_story(question, context):
            return Declined("advice")
        back = _compared_back(question, text, topics, context, gpu, job, named_gpus)
        if back is not None:  # "how does that compare to the H100?" after a reading
            return back
        refined = refine_topics(ws, topics, gpu)
        if refined is None:
            return Declined("the world")  # "how hot is it outside?"
        topics = refined
        # "is that close to the card's limit?" after its memory: its total, no power limit (none said)
        memory_read = context.reading is not None and context.reading.metric == "memory"
        if memory_read and "power" in topics and LIMIT_WORDS & set(ws) and not POWER_SAID & set(ws):
            topics = (topics - {"power"}) | {"memory"}
        if "power" in topics and not POWER_SAID & set(ws) and _printed_asked(ws, topics - {"power"}):
            topics.discard("power")  # "what images/s was it pulling": a rate it printed, no power drawn
        last_energy = context.last is not None and context.last.name == "energy"
        # "and the consumption of each?" after jobs compared or listed: the energy they used, as after kWh
        last_energy |= (
            context.last is not None and context.last.name in (*HISTORY, "job_detail") and "consumption" in ws
        )
        if last_energy and "power" in topics and not POWER_SAID & set(ws):
            topics = (topics - {"power"}) | {"energy"}  # "its consumption yesterday" after its kWh: energy
        # "13:45", "11:30" keep their colon there; "this morning's eval" names a job, not a span
        said_of_a_job = untimed(question.lower())
        raw = window_of(said_of_a_job, now)
        # (a moment read from the words as said: "at nine o'clock last night" is 21:00 yesterday)
        # ("9-10am": hours a dash joins, which the words lose)
        clocked = raw is not None and (
            re.search(r"\d:\d\d", question) or DASHED_HOURS.search(question) or raw.instant
        )
        win = raw if clocked or said_of_a_job != question.lower() else window_of(text, now) or raw
        # "I just got access to this machine today. Could you tell me what the cards are doing right now?":
        # the sentence that asks says now; a span told in the one before is no span of the ask
        # (the sentence that asks is the last one with a question mark: what follows it only says more of it,
        # "how's the H100 now? temp wise I mean")
        sentences = re.split(r"(?<=[.!?])\s+(?=\S)", question.strip())
        k = max((i for i, s in enumerate(sentences) if s.endswith("?")), default=len(sentences) - 1)
        told, asked = sentences[:k], " ".join(sentences[k:])
        reason = _REASON_FIRST.search(asked)  # (a reason said before the ask, in its sentence, tells too)
        told, asked = ([*told, asked[: reason.end()]], asked[reason.end() :]) if reason else (told, asked)
        if win is not None and told and _NOW_ASKED.search(asked) and window_of(asked.lower(), now) is None:
            win = None
        # "how much energy did that card use over the day?" after yesterday's readings: the day talked about,
        # not today (where "the day" names the only span said)
        the_day = THE_DAY.search(text)
        if (
            win is not None
            and the_day
            and context.last is not None
            and context.last.window is not None
            and window_of(f"{text[: the_day.start()]} {text[the_day.end() :]}", now) is None
        ):
            win = day_of(context.last.window, now) or win
        if win is None and context.last is not None and context.last.name in HISTORY and all_time(text):
            context = replace(context, last=replace(context.last, window=None))  # "... overall": no span
        last = context.last
        then = re.search(r"\bthen\W*$", question.lower())  # "and its power then": at that time
        before_then = _BEFORE_THAT.match(text)  # "and before that?", "and before that, yesterday?"
        before_that = before_then is not None and before_then.end() == len(text)  # (said alone)
        if (
            win is None
            and last is not None
            and last.window is not None
            and last.name in WINDOWED
            and before_that
        ):
            return replace(last, window=before(last.window))  # "and before that?" after what failed today
        spanned_last = last is not None and (last.name in WINDOWED or last.window is not None)
        if win is not None and spanned_last and before_then and job is None:
            return replace(last, window=win)  # type: ignore[arg-type]  # "and before that, yesterday?"
        if win is None and last is not None and last.window is not None and SPAN_BEFORE.search(text):
            return replace(last, window=before(last.window))  # "and the hour before that"
        same_span = re.search(rf"\b(?:that|same|these|those|this) (?:\d+ )?(?:{SPAN_NOUNS})\b", text)
        pointed_back = same_span is not None and not same_span.group(0).startswith("this")  # (this hour: now)
        # "Wh per card for that hour": the span said is the last answer's, not the last hour's
        spanned_before = last is not None and last.window is not None
        if pointed_back and win is not None and spanned_before and same_span is not None:
            win = win if window_of(text.replace(same_span.group(0), " "), now) is not None else None
        if same_span and "time" in same_span.group(0) and not LONG_WORDS & (set(ws) - {"time"}):
            topics.discard("long")  # "at that time" names the span, not a run time
        if (  # "and 9:30?" after the jobs on a GPU at 10:05: the same at that time
            win is None
            and last is not None
            and last.window is not None
            and (at := _ONLY_A_TIME.fullmatch(question.lower().strip(" ?.!")))
        ):
            win = window_of(f"at {at[1]}", now)
            if win is not None:
                return replace(last, window=win)
        one_job = context.job_in_focus()
        # "it" after the one job on a GPU at a moment (09:30): that job
        of_the_one_job = (
            last is not None
            and last.window is not None
            and last.window.instant
            and last.name == "jobs"
            and one_job is not None
            # ("did that finish?": the job, where no reading is asked)
            and (
                {"it", "its"} & set(ws)
                or THE_JOB.search(text)
                or (_THAT_ONE.match(text) and not topics & METRICS)
            )
            and raw is None
            and gpu is None
            and job is None
            and same_span is None  # ("its mean power in those three hours": that span, not its run)
        )
        # "the gpu temperature at that time?" after one job's log, record or rank: that job's run too
        then_of_the_one_job = (
            win is None
            and ((same_span is not None and "time" in same_span.group(0)) or then)
            and last is not None
            and last.window is None
            and last.name not in (*READINGS, "jobs")  # (what runs now: "then" is now)
            and one_job is not None
            and job is None
        )
        if (of_the_one_job or then_of_the_one_job) and topics & SPAN_READINGS:  # "how hot did it get"
            metric = next(m for m in ("temperature", "power", "memory", "util") if m in topics)
            return Query("gpu_reading", gpu=gpu, job=one_job, metric=metric)  # over that job's run
        # ("which lr was that run": a setting it printed)
        printed = _printed_asked(ws, topics) or SETTING_ASKED.search(_without_names(text, context))
        if of_the_one_job and (printed or LOGGED & set(ws)):
            return Query("job_log", job=one_job)  # "what scores did it print at the end?": its log
        if of_the_one_job and not topics & (METRICS | {"overview", "energy", "log"}):
            return Query("job_detail", job=one_job)  # "what happened to it?", "how long did it run?"
        run_read = last is not None and last.name == "gpu_reading" and last.job is not None
        # "and power", "avg power?" after a reading over a job's run: another reading over that run
        another = bool(ws) and set(ws) - METRIC_WORDS <= SPAN_AGAIN | PEAK_WORDS
        if win is None and run_read and (same_span or then or another) and gpu is None and job is None:
            read = query_for(ws, topics - {"jobs", "long", "running"}, last.gpu, None, None, None)  # type: ignore[union-attr]
            if read is not None and read.name == "gpu_reading" and read.metric in HISTORY_COLUMNS:
                return replace(last, metric=read.metric)  # type: ignore[type-var]  # over the same run
        read = context.reading
        if (  # "peak power over that hr too" after "max temp in the last hour and is it still hot rn": the
            # span the turn read, not its last part's moment
            win is None
            and pointed_back
            and same_span is not None
            and "time" not in same_span.group(0)
            and last is not None
            and last.window is None
            and read is not None
            and read.window is not None
            and not read.window.instant
        ):
            win = read.window
            gpu = read.gpu if gpu is None and last.gpu == read.gpu else gpu  # (the card both parts read)
        if win is None and last is not None and last.window is not None and (same_span or then):
            win = last.window  # "over that time", "in that hour", "and its power then"
            read = context.reading
            if win.instant and same_span and read is not None and read.window and not read.window.instant:
                win = read.window  # "in those three hours" after who ran at the peak: the span read
            # "the peaks for each card then", "Wh per card for that hr"
            every = ({"other"} | EVERY) & set(ws) or re.search(r"\bper (?:card|gpu|device|board)\b", text)
            if gpu is None and last.gpu is not None and last.name in PER_GPU and not every:
                gpu = last.gpu  # "lowest power draw in that hour": the GPU that span was read on
        pointed_gpu = re.search(r"\b(?:that|this|the same) (?:card|gpu|device|one)\b|\bits\b", text)
        if gpu is None and last is not None and last.gpu is not None and pointed_gpu and win is not None:
            gpu = last.gpu  # "the highest power draw on that card during the last hour"
        if (
            topics <= {"energy"}
            and "energy" in topics
            and win is None
            and last is not None
            and last.window is not None
            # "and how much energy is that"; "and the energy?", "how much electricity", "how many kWh", "give
            # me the kWh for both" said alone
            and ({"that", "then", "it"} & set(ws) or set(ws) - ENERGY_WORDS <= SPAN_AGAIN | ENERGY_ASKED)
            and not (len(context.subjects) == 1 and last.name not in READINGS)  # "it": the one job listed
        ):
            # the GPU and span talked about (every card where the ask says so: "the kWh for both")
            every_card = EVERY_CARD.search(" ".join(ws)) is not None
            return Query("energy", gpu=None if every_card else last.gpu, window=last.window)
        other_reading = bool(topics & METRICS - {last.metric}) if last is not None else False
        if (
            last is not None
            and last.name == "gpu_reading"
            and not other_reading  # "how much of its memory is in use, out of what total" after its clock
            and (
                re.search(r"\bout of (?:how much|what)\b", text)
                or (
                    {"total", "capacity", "altogether"} & set(ws)
                    and {"it", "its"} & set(ws)
                    and not topics - {"memory"}
                )
            )
        ):
            return (
                last  # "out of how much?" after a reading: the reading again, which says its limit or total
            )
        if (
            last is not None
            and last.name == "gpu_reading"
            and re.search(r"\bwhy\b", text)
            and re.search(
                r"\bn/?a\b|\bnot (?:available|supported)\b|\bno (?:reading|value)\b"
                r"|\bnothing\b|\bblank\b|\bempty\b|\bmissing\b",
                question.lower(),
            )
        ):
            return last  # "why n/a?" after a reading: it says the reason the driver gave
        # "when was it last used by a job", "when did a job last run on gpu 1": the latest ends on that GPU
        lately = re.search(
            # ("what ran on it last": the place said before "last")
            r"\blast (?:used|ran|run|busy|had)\b"
            r"|\b(?:used|ran|run)(?: on (?:it|that|this|there|gpu \d+))? last\b",
            text,
        ) or re.search(
            r"\b(?:the )?last job (?:on|of) (?:it|that|this|gpu \d+)\b.*"
            r"\b(?:finish|finished|end|ended|ran|run|stop)\b",
            text,
        )  # "when did the last job on it finish?" of the idle GPU
        focus_gpu = gpu if gpu is not None else last.gpu if last is not None else None
        if focus_gpu is None and len(context.subject_gpus) == 1 and {"it", "that", "this"} & set(ws):
            focus_gpu = context.subject_gpus[0]  # "it": the one GPU the last answer named (the idle one)
        if (
            lately
            and "jobs" in topics
            and not topics - {"jobs", "gpu"}
            and focus_gpu is not None
            and job is None
        ):
            return Query("finished", gpu=focus_gpu, window=win)
        if last is not None and last.name in LISTS and set(ws) <= LIST_AGAIN and LIST_VERBS & set(ws):
            return last  # "list them", "name those" after a count of jobs: the same jobs, listed
        if last is not None and last.name == "jobs" and last.job_name and ws and set(ws) <= TOTALS_AGAIN:
            return last  # "energy?", "and the gpu hours?" after the jobs of a name: it says both, in all
        if last is not None and last.name == "jobs" and _ALL_ENDED_ASKED.search(" ".join(ws)):
            return last  # "did all four runs finish properly?" after a list: it says how each one ended
        listed = context.listed
        all_listed = re.search(
            r"\b(?:the|all|those|these|all the) (?:(?:two|three|four|five|six|\d+) )?"
            r"(?:runs|jobs|elements|tasks)\b",
            text,
        )
        if (
            listed is not None
            and listed.name in ("jobs", "failures")
            and listed.job_name
            and all_listed
            and {w for w in ws if not w.isdigit()} - _ALL_OF_THEM <= TOTALS_AGAIN
        ):
            # "what was the energy of the four runs together" after one of the array's jobs: all of them
            return Query("jobs", job_name=listed.job_name)
        totalled = (
            last is not None
            and last.name == "jobs"
            and (last.job_name or last.gpu is not None or last.window)
        )
        those = bool(
            {"those", "these", "they", "them", "jobs", "elements", "all", "together", "summed"} & set(ws)
        )
        measure = gpu_time_said(ws) or (topics <= {"energy", "jobs"} and "energy" in topics)
        ranked = bool((MORE | LESS) & set(ws)) or "which" in ws  # "which one of those used the most energy"
        totals = totalled and measure and not ranked and (last.job_name or those)  # type: ignore[union-attr]
        # (not "and the flash-attn-build how much energy": another job, named whole)
        totals = totals and not named_jobs(question, context, stems=False)
        if totals and job is None and gpu is None and win is None:
            return last  # "and its gpu-hours, all four elements together?": the list says its totals
        kept = last.metric if last is not None and last.name in ("gpu_reading", "gpu_rank") else None
        if kept == "free_memory" and USE_WORDS & set(ws):
            kept = "memory"  # "and how much did the h100 use at most today?" after the free memory
        if (
            kept in HISTORY_COLUMNS
            and not topics - {"gpu"}
            and not gpu_time_said(ws)  # ("gpu hours on it today?": its jobs' GPU-time)
            and win is not None
            and (order_of(ws) or PEAK_WORDS & set(ws) or {"it", "its"} & set(ws))
        ):
            # "max it used today?", "the most it drew yesterday": the last reading, over the span said
            on = gpu if gpu is not None or EVERY & set(ws) else last.gpu  # type: ignore[union-attr]
            return Query("gpu_reading", gpu=on, metric=kept, window=win)
        spanned = last is not None and last.name == "gpu_reading" and last.window is not None
        blamed = BLAMED.search(text)  # "which job was responsible?" after a peak: the one running then
        one_gpu = last.gpu if last is not None and last.gpu is not None else None
        if one_gpu is None and context.moment is not None and len(context.subject_gpus) == 1:
            one_gpu = context.subject_gpus[0]
        # "what was running at the temp peak?" after several readings' peaks: that reading's moment
        at_peak = [w for m, w in context.moments.items() if m in topics] if PEAK_WORDS & set(ws) else []
        named = at_peak[0] if len(at_peak) == 1 and topics & {"jobs", "running"} else None
        # "what was running" right after one peak: the jobs then (not the queue now)
        named = named or (context.moment if {"was", "were"} & set(ws) and "running" in topics else None)
        job_nouns = {"job", "jobs", "workload", "workloads", "task", "tasks"}
        # "which job was on the card?" after one GPU's peak: "the card" is the one the reading named, and
        # "was" puts the question at the peak it told
        on_that = {"was", "were"} & set(ws) and _ON_THE_CARD.search(text) is not None
        # "which job?"; "when + which job"; "and the job?": the jobs at the moment, whose answer says when
        # ("when and with which job?", "and from what job": a preposition the asker's language puts there)
        bare = job_nouns & set(ws) and set(ws) <= {"which", "what", "and", "when", "the"} | _BY | job_nouns
        # "which one was it" after one GPU's peak: the job then (a GPU's reading names no other one)
        # ("it was which training?", as some put the question word last)
        bare = bare or re.fullmatch(
            rf"(?:and |so )?(?:which|what) {_A_RUN} (?:was|is) (?:it|that)"
            rf"|(?:and |so )?(?:it|that) (?:was|is) (?:which|what) {_A_RUN}",
            " ".join(ws),
        )
        bare = bare or on_that
        if (
            spanned
            and last is not None
            and one_gpu is not None
            and job is None
            and win in (None, last.window)  # ("what was on gpu 0 at 23:00 yesterday" says its own moment)
            and gpu in (None, one_gpu)
            and ("jobs" in topics or blamed or named or bare)
            # ("which job was drawing it": the reading's own word beside the blame)
            and not topics - {"jobs", "running", "gpu", "who"} - (METRICS if blamed or named else set())
            and ({"that", "then", "it", "this", "there", "moment"} & set(ws) or blamed or named or bare)
        ):
            # "which job was that", "what job was on the card at that moment": the jobs on it at the peak
            # the answer named, else over its span
            return Query("jobs", gpu=one_gpu, window=named or context.moment or last.window)
        live = last is not None and last.name == "gpu_reading" and last.window is None and last.job is None
        which_now = re.fullmatch(  # ("which job is keeping it busy?"; "who is using it" asks its processes)
            r"(?:and |so |ok )?(?:which|what) (?:job|run|one|task) (?:is|s)"
            r" (?:that|it|(?:keeping|making) (?:it|that) busy|(?:occupying|hogging|loading) it)",
            text,
        )
        if live and job is None and which_now:
            # "which job is that" after a reading now ("whats burning power"): what runs there now
            on = gpu if gpu is not None else last.gpu  # type: ignore[union-attr]
            return Query("jobs", state="running", gpu=on)
        over_a_run = last is not None and last.name == "gpu_reading" and last.job is not None
        quoted = {w for w in ws if w.isdigit()} if "when" in ws else set()  # "wait 91?? when": its value
        again = set(ws) - quoted - (INTERJECTIONS if quoted or len(ws) > 1 else set())
        peak = context.moments.get(last.metric or "") if spanned and last is not None else None
        on_one = next(iter(context.subject_gpus), None) if last is None or last.gpu is None else last.gpu
        asked_when = bool(again & _WHEN_ASKED) and not again & _OTHER_FIGURE and len(context.subject_gpus) < 2
        # (not after the time at or above a value: "when was that" is when it first got there, which it says)
        asked_when = asked_when and last is not None and last.at_least is None
        if peak is not None and on_one is not None and asked_when and again <= PEAK_WORDS | SPAN_AGAIN:
            # "what time was that?" after one GPU's peak over a span: that peak, read at its moment (its value
            # then, briefly), not the span said again
            return Query("gpu_reading", gpu=on_one, metric=last.metric, window=peak)  # type: ignore[union-attr]
        if (spanned or over_a_run) and ws and again and again <= PEAK_WORDS | SPAN_AGAIN:
            return last  # "average?", "min?" after a reading over a span: it says them all
        other = topics & METRICS
        climbed = {
            w for w in ws if not w.isdigit()
        } - METRIC_WORDS <= PEAK_WORDS | SPAN_AGAIN | ROSE_TO | AGAINST_CAP
        if over_a_run and len(other) == 1 and topics <= METRICS and gpu is None and win is None and climbed:
            # "and the temperature, it went up to how much?" after the power over a job's run: over that run
            return replace(last, metric=other.pop())  # type: ignore[arg-type]
        util_over_span = spanned and last is not None and last.metric == "util"
        busy_said = set(topics)
        in_use = "running" in topics or re.search(r"\bin use\b", text)
        of_the_card = util_over_span and last is not None and last.job is None and {"it", "its"} & set(ws)
        if of_the_card and "long" in topics and in_use:
            busy_said = (busy_said - {"running", "jobs"}) | {"util"}  # "how long was it running / in use"
        busy_again = (
            util_over_span and busy_said & {"idle", "util"} and busy_said <= {"idle", "util", "gpu", "long"}
        )
        # (not "since when is it lying free": the moment it went idle, which the idle GPUs' answer says)
        busy_again = busy_again and not re.search(r"\bsince when\b|\bidle since\b", text)
        if busy_again and gpu in (None, last.gpu) and win in (None, last.window):  # type: ignore[union-attr]
            return last  # "what fraction of the day did it sit idle?" after its utilization: it says so
        if spanned and last is not None and win is not None and gpu is None and not topics:
            return replace(last, window=win)  # "and in the last hour": the same reading over that span
        if (
            spanned
            and last is not None
            and win is None
            and gpu is None
            and set(ws) - METRIC_WORDS <= SPAN_AGAIN | PEAK_WORDS
        ):
            # "and power", "and memory used?", "vram peak?": another reading, same span and GPU
            win, gpu = last.window, last.gpu
        # "how hot did it get", "how busy was it" after an answer about a span: the reading over that span
        past = {"did", "got", "get", "was", "were", "reached", "hit", "drew", "pulled", "peaked"} & set(ws)
        if win is None and last is not None and last.window is not None and past and topics & SPAN_READINGS:
            win = last.window
            if gpu is None and last.gpu is not None and {"it", "its", "there"} & set(ws):
                gpu = last.gpu
        if last is not None and last.name == "finished" and ws and set(ws) <= ENDED_AGAIN:
            return last  # "when?" after what ended: it says each end time
        # "when did it finish", "how long was it" after the jobs of a span (several): each one's end, run time
        several = last is not None and last.name in ("jobs", "finished")
        several = several and (last.window is not None or last.job_name is not None)  # a span's or an array's
        several = several and max(len(context.subjects), len(context.listing)) > 1
        # (the span said again is the same span: "and which job used the most of them today?")
        if several and last is not None and job is None and gpu is None and win in (None, last.window):
            same = {"window": last.window, "gpu": last.gpu, "job_name": last.job_name}
            if (
                {"it", "they", "them"} & set(ws)  # "what time did the last of them finish"
                and set(ws) <= ENDED_AGAIN | {"they", "them", "did", "do", "the", "last", "of", "all", "each"}
                and ENDED_WORDS & set(ws)
            ):
                return Query("finished", **same)  # type: ignore[arg-type]
            most = order_of(ws)
            of_that = re.search(r"\b(?:most|least) of (?:it|that|this|those|them)\b", " ".join(ws))
            if (
                last.name == "jobs"
                and last.metric
                and most
                and {"which", "what", "who"} & set(ws)
                and (of_that or _job_metric(ws, set(ws), topics) is None)
            ):
                # "which single job used the most of that?" after the GPU-hours the jobs of a day took: those
                # jobs ranked by the same measure
                return Query("job_rank", metric=last.metric, order=most, **same)  # type: ignore[arg-type]
            if {"it", "they"} & set(ws) and topics == {"long"} and last.window is not None:
                return Query("job_rank", metric="duration", order="max", **same)  # type: ignore[arg-type]
        peak = PEAK_WORDS & set(ws) and topics & {"temperature", "util", "power"}
        if win is None and last is not None and peak:
            win = last.window  # "peak temp?" after an answer about a span: the peak of that span
        superlative = {w for w in ws if len(w) >= 6 and w.endswith("iest")}  # "heaviest", "hungriest"
        order = order_of(ws, more=superlative)
        of_those = {"one", "ones", "those", "them", "these"} & set(ws)
        if last is not None and last.name in LISTS and of_those and order and gpu is None:
            topics.add("jobs")  # "which one (of those) used the most energy" after a list: one of those jobs
        named = set(re.findall(r"\b(?:gpu|card|device|gpus)\s*(\d+)\b|\b(?:or|vs|versus)\s+(\d+)\b", text))
        if order is not None and len({a or b for a, b in named}) >= 2:
            gpu = None  # "gpu 0 or gpu 1, which is busier?": a ranking of them
        how_long = re.search(r"\bhow (?:long|many hours|much time)\b|\bfor how long\b", text)
        if re.search(r"\b(?:working|busy) (?:on|with)\b", text) and not how_long:
            # "what is it working on": the job it runs ("how many hours was it busy with something": the
            # time it was busy, which the utilization over the span says)
            topics = (topics - {"util"}) | {"running"}
        if "work" in ws:  # GPUs "doing the most work" are busy; "work waiting in the line" is jobs
            busy = order is not None or {"doing", "do", "does"} & set(ws)  # "works the hardest"
            # ("how much of today was it doing useful work" of the one GPU the last answer was about)
            pointed = {"it", "its"} & set(ws) and context.subject_gpus
            of_a_gpu = "gpu" in topics or gpu is not None or pointed
            if busy and of_a_gpu and "queue" not in topics:
                topics.add("util")
            elif "queue" in topics:
                topics.add("jobs")
        main = topics & OVERVIEW_READINGS
        if re.search(r"\b(?:memory|power|vram|mem) usage\b", text):
            main -= {"util"}  # "memroy usage" repaired: one reading, not utilization too
        two = len(main) == 2 and not topics & (METRICS - main) and order is None and win is None
        if len(topics & METRICS) >= 3 or two:
            topics = (topics - METRICS) | {"overview"}  # "temp load power mem": everything about them
        if (
            re.search(r"\b(?:what|which)\b.*\b(?:using|uses|taking|filling|holding)\b", text)
            and "much" not in ws
            and order is None
        ):
            topics.add("who")  # "what is using the memory?" (not "how much memory is GPU 0 using?")
        group = named_group(question, context) if job is None and nth is None and name is None else None
        if group is not None:  # "the llama jobs": every job whose name has that part
            picked = query_for(ws, topics | {"jobs"}, gpu, win, group, order)
            return (
                picked if picked is not None and picked.job_name == group else Query("jobs", job_name=group)
            )
        if job is None:
            job = named_job(question, context, stems=name is None)
            # "and what about shards?" of tokenize-shards: the part names the job, it asks for no output (not
            # where the whole name is said: "how many shards did tokenize-shards get through")
            names = [n for n, i in context.job_names.items() if i == job]
            parts = {p for n in names for p in re.split(r"[-_.]", n.lower())}
            if PRINTED & parts & set(ws) and not named_jobs(question, context, stems=False):
                ws = [w for w in ws if w not in PRINTED & parts]
                text = " ".join(ws)
        held_on = named_process(question, context) if job is None and gpu is None else None
        if held_on is not None:  # "how much memory is fake-trainer using" (its name's own words aside)
            own = topics_said(held_on[0])
            if not topics - own - {"memory", "who", "gpu", "running", "util"}:
                return Query("memory_users", gpu=held_on[1])
        # (what a job "logged" is in its log: "the last throughput it logged")
        logged = bool(LOGGED & set(ws))
        # "during the resnet benchmark this morning", "the eval that ran on the 4090 this morning, util
        # during it": the span and the GPU only say where the job ran (not "the 4090's power between 12:00
        # and 13:24, while the sweep ran": that span, on the GPU said)
        during_said = re.search(r"\b(?:while|during)\b", text)
        during_it = re.search(r"\b(?:while|during) (?:it|its|that|this|the job|the run)\b", text)
        located = job is not None and (gpu is None and during_said or during_it)
        # "During that job, average power of GPU 1?" after the job at a moment: its run, not that moment
        located = located or bool(during_it and job is None and context.job_in_focus() is not None)
        # "while the llama 8b eval was running this morning, the 4090's average power": a span said inside
        # the while-clause says when the job ran, not the span asked
        clause = re.search(r"\b(?:while|during)\b[^,;?]*", text)
        dated = window_of(clause.group(0), now) if clause is not None else None
        # (not a range of clock times said beside an array's name: "during the lr sweep (12 to 1:24)" asks
        # of that span, which the whole sweep ran in)
        in_array = any(job in elements.values() for elements in context.arrays.values())
        ranged = dated is not None and dated.label.startswith("between ") and in_array
        located = located or (job is not None and dated is not None and not ranged)
        during = (
            self._during_a_job(text, ws, topics, gpu, job, order, context)
            if (win is None or located) and not logged
            else None
        )
        if during is not None:
            return during  # "the hottest that gpu got while it ran": a reading over the job's run
        array = _array_said(text, job, gpu, nth is not None, context, topics)
        # "the log of lr-sweep element 2": that element's log, not the name's newest job's
        element = array.job if array is not None and array.name == "job_detail" else None
        log = log_query(question, ws, topics, element if element is not None else job, name, context)
        if (
            log is None
            and job is not None
            and (
                _printed_asked(ws, topics)
                or SETTING_ASKED.search(_without_names(text, context))  # "which lr was element 2 running"
            )
            and gpu is None
        ):
            if array is not None and array.name == "jobs" and _end_element(text, job, gpu, context) is None:
                return array  # "lr sweep results?": how each of its runs ended, not the last one's log
            # "mmlu score of the 8b eval?": what it printed ("lr sweep element 2 results": that element's;
            # "which element of the lr sweep failed and with what lr": the one that failed)
            ended = _ended_element(array, context) if array is not None else None
            element = array.job if array is not None and array.job is not None else ended
            log = Query("job_log", job=element if element is not None else job)
        focus = context.job_in_focus()
        pointed = job is None and gpu is None and focus is not None and pointing().search(text) is not None
        if log is None and pointed and SETTING_ASKED.search(_without_names(text, context)):
            log = Query("job_log", job=focus)  # "what learning rate was that run using?": its log's
        if log is not None:
            return log  # "show me the log of job 3", "what did it print?"
        whole = (
            _end_element(text, job, gpu, context)  # "the last element" of an array said: that element
            or array
            or _whole_array(text, job, gpu, nth is not None, context, topics)
        )
        if whole is not None:
            return whole
        topics.discard("log")  # "the power output of gpu 0" asks for no log
        reread = context.reading
        if (
            reread is not None
            and (last is None or last.name not in READINGS)
            and job is None
            and (PEAK_WORDS & set(ws) or win is not None and USUAL & set(ws))
            and not topics - {"gpu"}
        ):
            # "and the 4090's peak today?" after the jobs at GPU 0's temperature peak: that reading's;
            # "was that typical for yesterday?": that reading over the span said
            on = gpu if gpu is not None else reread.gpu
            if win is not None:  # the span said, on the GPU said
                return Query("gpu_reading", gpu=on, metric=reread.metric, window=win)
            return replace(reread, gpu=on)  # over the same job's run or span, on the GPU said
        holding = _HOLDING & set(ws)
        pointed = (
            {"it", "that", "this"} & set(ws)
            and last is not None
            and last.name in ("memory_users", "job_detail")
        )
        if job is None and gpu is None and win is None and "memory" in topics and holding and pointed:
            # "how much memory does it use?" after a GPU's processes or one running job's record: that job's
            focus = context.job_in_focus()
            brief = context.job_briefs.get(focus) if focus is not None else None
            if brief is not None and brief.state == "running" and len(brief.ran_on) == 1:
                return _memory_now(brief, None)
        follow = self._follow_up(ws, topics, gpu, job, win, context)
        if follow is not None:
            return follow
        brief = context.job_briefs.get(job) if job is not None else None
        if brief is not None and brief.state == "running" and "memory" in topics and holding and win is None:
            return _memory_now(brief, gpu)  # "how much memory is the sft using": its process's now
        its_gpu = re.search(r"\b(?:its|the job'?s|that job'?s) (?:gpu|card|device)\b", text)
        ran_on = brief.ran_on if brief is not None else []
        if its_gpu and gpu is None and win is not None and topics & METRICS and len(ran_on) == 1:
            gpu = ran_on[0]  # "the sd-xl-train: its GPU's peak memory between 10:00 and 10:11": that card's
        spanned_reading = win is not None and gpu is not None and bool(topics & METRICS)
        if job is not None and not spanned_reading and _WROTE.search(text):
            return Query("job_log", job=job)  # "did data-prep write the tokens file": what it printed says
        if job is not None and last is not None and last.name == "job_log" and last.job not in (None, job):
            named = next((n for n, i in context.job_names.items() if i == job), "")
            if set(ws) - set(words(named)) - {str(job)} <= _ANOTHER_ONES:
                return Query("job_log", job=job)  # "and llama-8b-eval's?" after a log: that job's log
        if job is not None and not spanned_reading:  # (not "the 4090's power between 12:00 and 13:24, while
            # the sweep ran": the span said, on the GPU said)
            if IN_ITS_RUN.search(text):
                return Query("job_log", job=job)  # "the mistral-7b-sft, where is it in its training?"
            # "where is job 11" of a job that ran: its node; of one that has not started ("wheres the whisper
            # job"): where it is in the queue, its state (held, waiting for ...), which its record says
            placed = "where" in ws and (brief is None or brief.started is not None or bool(brief.ran_on))
            return Query("job_nodes" if placed or "cluster" in topics else "job_detail", job=job)
        picked = query_for(ws, topics, gpu, win, name, order)
        compared = last is not None and last.name == "job_rank" and last.among
        if picked is not None and picked.name == "job_rank" and compared and win is None and not name:
            return replace(picked, among=last.among)  # "which one used more energy?" of the jobs compared
        if (
            picked is not None
            and picked.name in WINDOWED
            and win is None
            and last is not None
            and last.window is not None
            and ({"one", "those", "them", "these", "ones"} & set(ws) or _drills_into(last, picked, ws))
        ):
            gpu_of = last.gpu if picked.gpu is None and picked.name in PER_GPU else picked.gpu
            if picked.name == "job_rank" and last.name == "failures" and picked.state is None:
                picked = replace(picked, state=last.state or "failed")  # "which one ..." of the failures
            return replace(picked, window=last.window, gpu=gpu_of)  # "did any of those fail?"
        if (
            picked is not None
            and picked.name in HISTORY
            and picked.job_name is None
            and last is not None
            and last.job_name
            and (
                {"one", "those", "them", "these", "ones", "which", "its", "each"} & set(ws)
                or re.search(r"\b(?:in|of|within|from) (?:it|that)\b", " ".join(ws))  # "the shortest in it"
            )
        ):
            # "which one failed?", "how long did each of its runs wait?" after the sweep's jobs
            return replace(picked, job_name=last.job_name)
        per_attempt = re.search(r"\b(?:per|each|every)\s+(?:one|try|attempt|run|go|time)\b", " ".join(ws))
        # "all those tries", "across its attempts": the job in focus's attempts together
        its_tries = re.search(
            r"\b(?:all|across|over) (?:those|these|the|its|his|her|their)"
            r" (?:tries|attempts|goes|runs|crashes|failures|fails|restarts|retries)\b"
            # "total walltime over all three"
            r"|\b(?:over|across|for|of|in) all (?:the )?(?:two|three|four|five|six|\d+)\b"
            r"|\b(?:over|across|for|of) the (?:whole )?lot\b",  # "the total running time across the lot"
            " ".join(ws),
        )
        of_the_job = last is not None and last.name == "job_detail" and win is None and not name
        listed = picked is not None and picked.name in (*HISTORY, "energy")
        if (listed or picked is None) and of_the_job and (per_attempt or its_tries):
            return last  # "run time per try", "the energy of all those tries" after a job's detail
        # "and how much energy it wasted with all these tries?" after a reading between: the job's tries are
        # the job in focus's (its record says each attempt's energy and their sum)
        focus = context.job_in_focus()
        if (listed or picked is None) and its_tries and focus is not None and job is None and gpu is None:
            return Query("job_detail", job=focus)
        # "for the two cards together" after one card's reading: every card (no card is named now)
        together = EVERY_CARD.search(" ".join(ws))
        per_gpu = picked is not None and picked.name in ("energy", "gpu_reading") and picked.job is None
        focus_gpu = last.gpu if last is not None else None  # (the one in focus, not a GPU named now)
        if per_gpu and together and gpu in (None, focus_gpu) and picked.gpu is not None:  # type: ignore[union-attr]
            return replace(picked, gpu=None)  # type: ignore[arg-type]
        return picked

    @staticmethod
    def _during_a_job(
        text: str,
        ws: list[str],
        topics: set[str],
        gpu: int | None,
        job: int | None,
        order: str | None,
        context: Context,
    ) -> Query | None:
        """A GPU reading over a job's run ("max temp while it ran", "power of gpu 0 during job 4"): the
        job named, else the one in focus; None when the words ask no such reading."""
        if _printed_asked(ws, topics) or TRIED_TO_ALLOCATE.search(text):
            # "what throughput was it reporting", "how much memory did it try to allocate": what it printed
            return None
        last = context.last
        said_during = DURING.search(text) or (job is not None and re.search(r"\b(?:while|during)\b", text))
        # a job's peak or mean of a reading is over its run: "how much vram did the 70b finetune need at
        # peak", "average power of job 4"
        # "biggest memory"; "how close did it get to filling the memory" asks its peak too
        filling = "memory" in topics and bool({"filling", "fill", "filled", "full"} & set(ws))
        read_said = bool(topics & (METRICS | {"overview"}))  # one reading or several ("peak vram, avg util")
        peaked = bool(PEAK_WORDS & set(ws) or order_of(ws) or filling) and read_said
        said_during = said_during or (job is not None and peaked)
        # "how much memory did job 5 use", "how much vram was the sd training using before it blew up": a
        # reading of a job's past run (not "did job 5 fail because of memory", which its record answers)
        past = bool({"did", "was", "were"} & set(ws))
        why = {"why", "because", "reason", "cause", "caused"} & set(ws)  # "did it fail because of memory"
        used_then = past and bool(USED_VERBS & set(ws)) and not why and "queue" not in topics
        said_during = said_during or (job is not None and used_then and read_said)
        # "and what was its average power draw?", "how much vram did it hold?" after an answer about one
        # job (not a reading): that reading over the job's run
        focus = context.job_in_focus()
        # "how much mem was it using on gpu1" of a job that ran on GPU 1: its run, on that GPU
        about_focus = job is None and _ran_on(context, focus, gpu) and focus is not None and last is not None
        over_its_run = last is not None and last.name == "gpu_reading" and last.job is not None
        about_focus = about_focus and (last.name not in READINGS or over_its_run)
        about_focus = (
            about_focus and bool({"it", "its"} & set(ws)) and not ASKED_FOR & set(ws)
        )  # not its request
        said_during = said_during or (about_focus and (peaked or past) and bool(topics & METRICS))
        over_a_run = over_its_run and last is not None and last.metric
        name = next((n for n, i in context.job_names.items() if i == job), "")
        # "what about vit-b", "and over job 4's run": the name's words and the job's number aside
        own_words = set(ws) - set(words(name)) - {str(job)}
        again = not topics - {"gpu", "jobs", "running"} and own_words <= TOTALS_AGAIN | {"for"} | OVER_A_RUN
        if job is not None and over_a_run and again:
            return replace(last, job=job, gpu=gpu)  # type: ignore[arg-type]  # "and sd-xl" after one: its run
        kept = last.metric if last is not None and last.name in READINGS else None
        clocks = {"clock", "clocks", "mhz"} & set(ws)  # a reading said in words the topics keep as "overview"
        if said_during and not topics & METRICS and not clocks and kept in HISTORY_COLUMNS:
            topics = topics | {kept}  # "and on avg while the 8b eval ran": the last reading, over that run
        if not said_during or not topics & (METRICS | {"overview"}):
            return None  # (a job named by name with "during": "power during the llama finetune")
        of = job if job is not None else focus
        held = {"who"} if about_focus else set()  # "how much vram did it hold": its memory, not who holds it
        asked = topics - {"jobs", "long", "running", "fail"} - held  # "... before it crashed": the reading
        read = query_for(ws, asked, gpu, None, None, order)
        if of is None or read is None or read.name not in ("gpu_reading", "gpu_rank") or not read.metric:
            return None
        if read.metric not in HISTORY_COLUMNS and read.metric != "overview":
            return None
        # two readings over the run ("the average utilisation of its card and the highest temperature"):
        # the overview, which says each one's peak and mean over it (a superlative ranks no GPU here)
        metric = "overview" if len(asked & {"temperature", "util", "power", "memory"}) >= 2 else read.metric
        return Query("gpu_reading", gpu=gpu, metric=metric, job=of)

    @staticmethod
    def _advice_after_a_story(question: str, context: Context) -> bool:
        """Whether the question after what the user tells ("sd-xl-train goes OOM on the 4090. Should I use
        gradient checkpointing?", "my script keeps OOMing, should i drop the batch size") asks advice on their
        work, naming no job or GPU of its own (the sentences are read only where there are two)."""
        parts = re.split(r"(?<=[.!?])\s+|,\s+(?=(?:should|what|how|which|would|could)\b)", question.strip())
        if len(parts) < 2:
            return False
        asked = parts[-1]
        named = named_jobs(asked, context, stems=False) or gpus_by_model(asked, context)  # whole names only
        if named or re.search(r"\b(?:jobs?|gpus?|cards?)\s*#?\d", asked):
            return False
        asked_topics = topics_said(asked)
        return asks_advice(asked, asked_topics) or asks_to_change_own_work(asked)

    @staticmethod
    def _follow_up(
        ws: list[str],
        topics: set[str],
        gpu: int | None,
        job: int | None,
        win: Window | None,
        context: Context,
    ) -> Query | None:
        last = context.last
        # "what happened?" after one job's answer (or beside it: "flash-attn build crashed? what happened"):
        # that job's record, not the day's summary
        focus = context.job_in_focus()
        if (
            focus is not None
            and job is None
            and gpu is None
            and win is None
            and _WHAT_HAPPENED.fullmatch(" ".join(ws))
        ):
            return Query("job_detail", job=focus)
        # "what was it running (for so long)?" after a card's energy or reading over a span: its jobs then
        spanned = last is not None and last.name in ("energy", "gpu_reading") and last.window is not None
        if spanned and last.job is None and win is None and job is None and _WHAT_IT_RAN.search(" ".join(ws)):  # type: ignore[union-attr]
            instant = last.window.instant  # type: ignore[union-attr]  # (a moment is the peak's, read elsewhere)
            if not instant and gpu in (None, last.gpu):  # type: ignore[union-attr]
                return Query("jobs", gpu=last.gpu, window=last.window)  # type: ignore[union-attr]
        # "how many GPU-hours did it work?" after a reading of one card (over a span): the jobs on that card,
        # which say their total, over the same span
        card = last.gpu if last is not None and last.name == "gpu_reading" else None
        card_pointed = {"it", "there", "that"} & set(ws) and focus is None
        if card is not None and gpu in (None, card) and job is None and card_pointed and gpu_time_said(ws):
            return Query("jobs", gpu=card, window=win or last.window, metric="gpu_time")  # type: ignore[union-attr]
        # "when exactly did the last one end?" after a job's attempts: its record says each one's times
        ordinal = {"last", "first", "final", "latest", "second", "third"} & set(ws)
        nth_attempt = ordinal and {"one", "attempt", "try"} & set(ws)
        of_its_record = not topics - {"jobs", "long", "running", "fail"} and job is None and gpu is None
        # "and the previous attempt?": its own attempts, not the job before it ("the previous one")
        earlier_try = re.search(
            r"\b(?:previous|prior|earlier|other) (?:attempts?|tries|try|runs?)\b", " ".join(ws)
        )
        # "the gap between one retry and the next", "how long between attempts": its attempts' times
        between_tries = re.search(r"\bbetween (?:\w+ )?(?:attempts?|tries|try|retries|retry)\b", " ".join(ws))
        earlier_try = earlier_try or between_tries
        of_its_tries = (nth_attempt and of_its_record) or (earlier_try and job is None and gpu is None)
        if last is not None and last.name == "job_detail" and of_its_tries:
            return last
        # "why such a big difference between them?" after a reading of every card: which is highest, and
        # what runs on it (the answer says so)
        apart = {"difference", "differ", "different", "gap"} & set(ws) or re.search(
            r"\bso (?:much )?(?:hotter|busier|higher|more|bigger)\b", " ".join(ws)
        )
        if (
            "why" in ws
            and apart
            and last is not None
            and last.name == "gpu_reading"
            and (last.gpu is None or {"them", "both", "between", "two"} & set(ws))  # (one card, then another)
            and last.window is None
            and last.metric in METRICS
            and gpu is None
            and job is None
        ):
            return Query("gpu_rank", metric=last.metric, order="max")
        # "and the max of both?" after a reading over a span: its answer says each card's peak and low
        extremes = set(ws) & (MORE | LESS | {"peak", "peaks", "low", "lows"})
        spanned = last is not None and last.name == "gpu_reading" and last.window is not None
        another = bool(topics & METRICS - {last.metric}) if last is not None else True  # "the coolest": heat
        if (
            spanned
            and extremes
            and not another
            and win is None
            and gpu is None
            and job is None
            and not (set(ws) - STOP - extremes - EVERY)
        ):
            return last
        sized = {"total", "capacity", "size"} & set(ws) and set(ws) <= SIZE_AGAIN
        if last is not None and last.name == "gpu_reading" and last.metric == "memory" and sized:
            return last  # "total?" after the memory used: the answer says of how much
        # "out of how much" after a memory reading, and after whose it was: the card's memory, of its total
        # ("of how much in total?", "out of how much altogether", a terse "out of?", "and how much does the
        # card have in total")
        out_of = re.fullmatch(
            r"(?:and )?(?:(?:out )?of how (?:much|many)|how much does (?:it|the card|the gpu) have)"
            r"(?: (?:in )?(?:total|all|altogether))?|(?:and )?out of(?: what)?",
            " ".join(ws),
        )
        read = context.reading
        if last is not None and last.name == "memory_users" and last.gpu is not None:
            # ("how much vram is mistral using": whose memory on which card, a memory reading of that card)
            read = Query("gpu_reading", gpu=last.gpu, metric="memory")
        if out_of and read is not None and read.metric == "memory" and read.gpu is not None:
            return Query("gpu_reading", gpu=read.gpu, metric="memory")
        live = {"now", "currently", "current"} & set(ws) and set(ws) <= NOW_AGAIN
        if last is not None and last.name == "gpu_reading" and (last.window or last.job) and live:
            # "and what's it at now?" after a peak, or after how long it was at 80 °C or more: it now
            return replace(last, window=None, job=None, at_least=None)
        vague = not topics - {"gpu", "queue", "running", "fail", "cancel", "jobs", "long"}
        # "why?", "how come?", "what was the reason for the newest one?"
        why = "why" in ws or "how come" in " ".join(ws) or bool(CAUSE & set(ws))
        array = last.job_name if last is not None and last.job_name in context.arrays else None
        ended_so = topics & {"fail", "cancel"}
        if (
            array
            and ended_so
            and job is None
            and gpu is None
            and {"element", "elements", "which", "one"} & set(ws)
            and not topics & (METRICS | {"energy", "long", "log"})  # "the failed one's energy": its own
        ):
            # "which element failed, and why?" after an array's jobs: its failures, with their reasons
            failed = Query("failures", job_name=array, state="cancelled" if "cancel" in ended_so else None)
            ended = _ended_element(failed, context)
            if ended is not None and SETTING_ASKED.search(_without_names(" ".join(ws), context)):
                return Query("job_log", job=ended)  # "which of the elements failed and with what lr?"
            return failed
        most = order_of(ws)
        measure = _job_metric(ws, set(ws), topics) if array and most else None
        if measure is None and array and most and USED_VERBS & set(ws) and not topics - {"jobs"}:
            measure = "energy"  # "and which of the 4 used more?" after its jobs, each said with its energy
        if measure and job is None and gpu is None and {"element", "elements", "which", "one"} & set(ws):
            # "which element burned the most energy?" after an array's jobs: its elements ranked
            return Query("job_rank", metric=measure, order=most, job_name=array)
        # "why it stopped at 11:20, it crashed?": a time inside the one job's run (its end) is that job's
        brief = context.job_briefs.get(focus) if focus is not None else None
        its_time = win is not None and brief is not None and _within_run(win, brief)
        listed = _WHICH_IN_STATE.search(" ".join(ws))  # "what's waiting and why": each one's reason
        if why and job is None and gpu is None and (win is None or its_time) and vague and not listed:
            if its_time:
                return Query("job_detail", job=focus)
            if last is not None and last.name == "failures" and (EVERY | {"them", "those"}) & set(ws):
                return last  # "what was the reason for both?" after the failures listed: each says its own
            named = _listed_number(ws, gpu, context)  # "and 5 why?" after the failures: job 5's reason
            if named is not None or context.subjects:
                return Query("job_detail", job=named if named is not None else context.subjects[0])
            if last is not None and last.name == "gate_state":
                return last
        # (not "and sd-xl-train in total?": a job named asks its own total, which its record says)
        summed_up = win is None and job is None and not topics - {"gpu"} and SUMMED_UP & set(ws)
        if last is not None and last.name == "energy" and summed_up:
            # "so the total across both cards is?": every GPU's, summed (its answer says each card's too)
            return replace(last, gpu=None)
        if (
            last is not None
            and last.name == "job_rank"
            and last.metric in ("wait", "energy", "gpu_time")
            and win is None
            and job is None
            and gpu is None
            and SUMMED_UP & set(ws)
            and _job_metric(ws, set(ws), topics) in (None, last.metric)
        ):
            return last  # "and the total wait over all four?" after the waits ranked: the ranking says them
        memory_left = {"free", "left", "available", "remaining", "unused", "spare", "headroom"}
        memory_read = last is not None and last.name == "gpu_reading" and last.metric == "memory"
        same_gpu = last is not None and job is None and gpu in (None, last.gpu)
        how_much = "much" in ws and not topics - {"idle", "memory", "gpu"}  # "so how much is free for me"
        if memory_read and same_gpu and set(ws) & memory_left and (set(ws) - STOP <= memory_left or how_much):
            return replace(last, metric="free_memory")  # "free?" after a GPU's memory: what is free
        compared = last is not None and last.name == "job_rank" and last.among
        # ("which of the two waited longer to start": "the two" points back, as "them" does, and a wait "to
        # start", "to get going" is the wait)
        said = set(ws) - STOP - set(re.findall(r"\bthe (2|two)\b", " ".join(ws)))
        said -= {"start", "begin", "get", "going", "started", "began"} if WAIT_WORDS & said else set()
        if compared and job is None and gpu is None and win is None and len(said) <= 3:
            again = _job_metric(ws, set(ws), topics)
            if again is not None:
                return replace(last, metric=again)  # type: ignore[type-var]  # "and gpu-hours?": the same jobs
        if last is not None and job is None and gpu is None and {"that", "it", "this"} & set(ws):
            if "because" in ws and last.name in ("failures", "job_detail"):
                return last  # "is that because it ran out of memory?": the reasons again
            if (
                last.name == "memory_users"
                and (PROCESS_WORDS | {"pid"}) & set(ws)
                and not topics - {"memory", "who"}
            ):
                return last  # "how much mem is that pid using": the process list says each one's memory
            if last.name == "gpu_reading" and last.metric == "memory" and PROCESS_WORDS & set(ws):
                return Query("memory_users", gpu=last.gpu)  # "which process is that?" after its memory
            if last.name == "memory_users" and {"queue", "jobs", "who"} & topics and not topics & METRICS:
                return (
                    last  # "is that one of our queue jobs?", "who is that?": the answer says who started it
                )
            judged = JUDGED & set(SO_FAR.sub(" ", " ".join(ws)).split())  # ("so far" judges nothing)
            if last.name in READINGS and not topics - {"gpu", "running"} and judged and not gpu_time_said(ws):
                return last  # "is that a lot?": the reading again, with its limit or the others beside it
        if (
            last is not None
            and last.name in RANKED
            and most
            and gpu is None
            and job is None
            and not topics - ({"gpu", "long", "jobs"} if _run_time_rank(last) else {"gpu"})  # "the shortest"
            and not {"hours", "time", "gputime"} & set(ws)  # "the most gpu hours" is another ranking
        ):
            # a span said with it replaces the last one: "and which took longest yesterday?"
            span = win if win is not None and last.name in WINDOWED else last.window
            return replace(last, order=most, window=span)  # "and the least?", "and the shortest?"
        read = last.metric if last is not None and last.name == "gpu_reading" else "overview"
        unnamed = gpu is None and job is None and not topics - {"gpu"}
        # (not "which experiment consumed the most GPU hours": jobs; "job" and "run" say the jobs topic, which
        # ``unnamed`` already leaves out)
        of_the_cards = not gpu_time_said(ws) and not {"experiment", "experiments"} & set(ws)
        if (
            last is not None
            and last.name == "energy"
            and "which" in ws
            and order_of(ws)
            and unnamed
            and of_the_cards
        ):
            # "which of the two used more yesterday?" after each GPU's energy: every GPU's (the answer names
            # the one that used the most), over the span said
            return Query("energy", window=win if win is not None else last.window)
        if read not in ("overview", "health") and most and "which" in ws and unnamed:
            return Query("gpu_rank", metric=read, order=most)  # "which one uses more?" after a reading
        # "the one before (that)", "previous": a step back; not "how long did it wait in the queue before?"
        # (not "how long did it wait before it started": a verb after it)
        # ("before it actually started": an adverb between)
        verbs = r"start|starts|ran|run|began|begin|got|died|dies|broke|went|was|were|had|is|fell|falls|blew"
        verbs += r"|\w+ed"
        later = rf"(?! (?:\w+ly )?(?:{verbs})\b)"
        # ("each attempt run before crashing": its own run, before a verb)
        back = (
            r"\b(?:one|job|run|entry) before\b"
            # ("each attempt run before it fell over": its own run, before what happened to it)
            r"(?! (?:\w+ing|crash|die|fail|break|stop|end|finish|exit|quit|oom|it|they)\b)"
            rf"|\bbefore (?:that|it|this)\b{later}"
            r"|\b(?:previous|prior)\b"
        )
        # not "how long did it run before that": the job in focus, before what happened to it
        itself = re.search(
            r"\b(?:it|they)\b(?: \w+){1,3} before\b"
            r"|\b(?:its|their)\b(?: \w+){1,3} before (?:that|then)\b"  # "and its energy before that"
            r"|\b(?:ran|took|run for|running for)\b(?: \w+){0,3} before\b"
            # "runtime before that" after a job was killed: its run, before what happened to it
            r"|\b(?:runtime|run time|walltime|wall time|duration|uptime)\b(?: \w+){0,2}"
            r" before (?:that|then|it)\b"
            # "how long did it sit in the queue before that" after when it started: its own wait, before then
            r"|\bhow long\b.*\b(?:wait|waited|waiting|sit|sat|sitting|queued|pending|stuck)\b(?: \w+){0,4}"
            r" before (?:that|then|it)\b",
            " ".join(ws),
        )  # "ran for how long before that": its run, before it was stopped
        # "before that how many images per sec was it giving": what it printed before it ended
        itself = itself or _printed_asked(ws, topics)
        step = -1 if re.search(back, " ".join(ws)) and not itself else 0
        # ("between one attempt and the next": the job's own attempts, not the next job)
        tries = {"attempt", "attempts", "try", "tries", "retry", "retries"} & set(ws)
        step = (
            1
            if re.search(r"\b(?:after (?:that|it)|next one|the next)\b", " ".join(ws)) and not tries
            else step
        )
        in_line = {"line", "queue", "queued", "waiting", "pending", "wait"} & set(ws)  # "the next in line"
        if last is not None and last.job is None and job is None and gpu is None and step and not in_line:
            listed = step_from_list(last, step, context.listing, context.listed)
            if listed is not None:
                return listed  # "the next one" right after a ranking: its second entry
        if last is not None and last.job is not None and job is None:
            within = step_within(last, step, context.listing, context.listed) if step else None
            if within is not None:
                return within  # "the one before that" after a failure: the failure before it
            if step and last.job + step >= 1:
                return replace(last, job=last.job + step)  # "and the one before that?"
        # "and the other one?" after one of a list of two jobs (a failure of two): the other job
        if last is not None and last.name == "job_detail" and "other" in ws and job is None and gpu is None:
            pool = [j for j in context.listing if j != last.job] if last.job in context.listing else []
            if len(pool) == 1:
                return Query("job_detail", job=pool[0])
        # the GPU "the other one" is the other of: the last answer's, else the one it named ("Idle: GPU 1")
        mine = last.gpu if last is not None else None
        one_named = last is not None and last.name in NAMES_GPUS and len(context.subject_gpus) == 1
        if mine is None and one_named:
            mine = context.subject_gpus[0]
        if last is not None and mine is not None and gpu is None and "other" in ws and context.gpus:
            others = [g for g in context.gpus if g != mine]
            same = last.gpu is not None and not topics - {"gpu"}
            base = last if same else query_for(ws, topics, mine, win, None, None)
            if base is not None and base.gpu is not None:
                other = others[0] if len(others) == 1 else None
                # "and on the other card at 9:30?": the span said over the last one's
                return replace(base, gpu=other, window=win or base.window)  # "and the other one?"
        pronoun = {"there", "it", "its", "same", "then"} & set(ws)  # "how much is free then"
        # "how much memory is on it right now" after "Idle: GPU 1": that GPU's (not after a running job)
        gpu_running = {"running"} if last is not None and last.name in NAMES_GPUS else set()
        # "power?", "clocks?": a reading of the GPU in focus
        # ("processes?", "pid?": its processes, said with their pids; of a job in focus, its worker's)
        processes = PROCESS_WORDS & set(ws) and context.job_in_focus() is None
        its_own = {"overview", "who"} if processes else {"overview"}
        short = len([w for w in ws if w not in STOP]) <= 2 and topics and topics <= METRICS | its_own
        choosing = most is not None and "which" in ws  # "which one is hotter?" ranks, it does not follow
        if (
            last is not None
            and gpu is None
            and last.gpu is not None
            and last.name in PER_GPU
            and job is None  # ("and that job, all of its attempts together?": the job's own total)
            and ({"together", "total"} | EVERY) & set(ws)
            and not {"it", "its"} & set(ws)  # "how much of it is total": its total, not every card
            # ("both cards together comes to how much energy?" after each card's energy: its own topic)
            and not topics - {"gpu", "energy" if last.name == "energy" else last.metric or "gpu"}
            # "when did each hit?" after several readings of one GPU: each reading, not each card
            and not (
                "each" in ws
                and not (EVERY - {"each"}) & set(ws)
                and "gpu" not in topics
                and (last.metric == "overview" or len(context.asked) > 1)
            )
        ):
            # (a card's live reading too: "and the average today on both cards" after "gpu 0's temp now?")
            spanned = win is not None and (last.name in (*WINDOWED, "gpu_reading") or last.window is not None)
            # "and all cards together?", "same for yesterday, both cards"
            return replace(last, gpu=None, window=win if spanned else last.window)
        if (
            last is not None
            and gpu is None
            and last.gpu is None
            and last.name == "energy"
            and job is None  # ("and that job, all its runs together?": its own total)
            # ("which one used more": the answer over every GPU says which used the most)
            and (SUMMED_UP | {"sum", "all"} | ({"more", "most"} if "which" in ws else set())) & set(ws)
            and not topics - {"gpu", "energy"}
            and len(set(ws) - STOP) <= 3
        ):
            return replace(last, window=win) if win is not None else last  # "total for both (today)"
        # "and the GPU-hours those failed jobs took?" after the failed jobs ranked by their energy: the same
        # jobs ranked by the measure asked now, whose answer says what they took together
        measure = "gpu_time" if gpu_time_said(ws) else "energy" if "energy" in topics else None
        plural = {"those", "these", "them", "they"} & set(ws) and job is None and gpu is None and win is None
        if plural and measure and last is not None and last.name in ("job_rank", "failures"):
            state = last.state if last.name == "job_rank" else last.state or "failed"
            return Query(
                "job_rank",
                metric=measure,
                order="max",
                state=state,
                window=last.window,
                job_name=last.job_name,
            )
        job_of = context.job_in_focus()
        it_said = {"it", "its"} & set(ws)
        if job_of is not None and job is None and gpu is None and it_said and _printed_asked(ws, topics):
            return Query("job_log", job=job_of)  # "what throughput did it have at the end, in images/s?"
        if (
            job_of is not None
            and job is None
            and gpu is None
            and {"it", "its"} & set(ws)
            and JOB_ONLY & set(ws)
        ):
            return Query("job_detail", job=job_of)  # "how many retries does it have left": its record
        # "how much energy did it burn?" after an answer about one job (a ranking's winner, a list of one):
        # "it" is that job, not the GPU the answer was narrowed to
        # (a reading over the job's run is about the job too: "and how much energy did it burn?" after it)
        of_the_job = (
            job_of is not None and last is not None and (last.name not in READINGS or last.job == job_of)
        )
        # "how long did the job wait" after a reading of its GPU: the job the talk is about
        the_job = job_of is not None and THE_JOB.search(" ".join(ws)) is not None
        of_the_job = of_the_job or the_job
        record_asked = bool(topics & JOB_RECORD) or gpu_time_said(ws)
        referent = last.gpu if last is not None and last.gpu is not None else None
        # ("until now", "so far" say when, of its run: "how much energy has it taken until now")
        said_as_a_job = {"jobs"} if the_job else set()
        of_its_record = (
            of_the_job
            and record_asked
            and not topics - JOB_RECORD - {"gpu", "long", "running"} - said_as_a_job
        )
        every_card = EVERY_CARD.search(" ".join(ws))
        # "the coolest each of them got" after an answer about several GPUs: each of those GPUs
        every_card = every_card or (
            len(context.subject_gpus) > 1
            and re.search(r"\b(?:each|all|both) of (?:them|those|these|the two)\b", " ".join(ws))
        )
        # "how much power do they draw" after one card's reading: no one card is "they", the cards are
        every_card = every_card or (
            last is not None
            and last.name == "gpu_reading"
            and last.gpu is not None
            and bool({"they", "their", "theyre"} & set(ws))
        )
        # "how long did it run before failing" after the one failure listed: the job's run, not its GPU's
        # ("..., and how much energy did it consume?": its record says both)
        its_run = of_the_job and "long" in topics
        its_run = its_run and not topics - {"long", "fail", "jobs", "running", "gpu"} - JOB_RECORD
        if of_its_record or its_run or every_card and gpu is None:
            referent = None  # "temps on both while you're at it": every GPU's, not the last one's
        # "throughput how much was before that" after a job's record: what the job printed, not its GPU's
        printed_by_job = job_of is not None and _printed_asked(ws, topics)
        if (
            referent is None
            and context.subject_gpus
            and ({"it", "that", "its"} & set(ws))
            and not of_its_record
            and not every_card
            and not printed_by_job
        ):
            referent = context.subject_gpus[0]  # "how much memory does that one have?" (the idle one)
        if (
            last is not None
            and gpu is None
            and referent is not None
            and (pronoun or short or referent != last.gpu)
            and topics - {"gpu", "long"}  # "how long has it been up": the run time of its job
            # (the card an idle answer was asked about is no reading of it: "how long did it work today" after
            # "since when is the 4090 idle" is its utilization over the day, read below)
            and (
                referent == last.gpu
                and last.name != "idle_gpus"
                or topics <= METRICS | {"gpu", "who", "idle"} | gpu_running
            )
            and not choosing
        ):
            picked = query_for(ws, topics, referent, win, None, None)
            if picked is not None and picked.gpu == referent:
                return picked  # "and the memory there?": the same GPU, another reading
        ranks = any(w in LESS | MORE and (w.endswith("est") or w in ("most", "least")) for w in ws)
        # a job in focus (the last answer was about it) keeps its record's words: "energy?", "gpu hours?"
        record = JOB_RECORD | ({"memory"} if ASKED_FOR & set(ws) else set())  # "the memory it asked for"
        record |= {"who"} if PROCESS_WORDS & set(ws) else set()  # "which process is that": its worker pid
        of_a_job = {"long", "jobs", "gpu", "fail", "running"} | (record if job_of is not None else set())
        if {"happened", "happen"} & set(ws) and {"it", "that"} & set(ws):
            # "how long did it run before that happened": its record, no day's summary
            of_a_job.add("summary")
        printed_asked = _printed_asked(ws, topics)  # ("what throughput was it reporting": of the job)
        about_job = (not topics - of_a_job or printed_asked) and not choosing and not ranks
        # (a word said again is no more asked: "how long waited how long ran")
        brief = len({w for w in ws if w not in STOP}) <= 3 and not any(w.isdigit() for w in ws)
        aspect = topics or JOB_ASPECTS & set(ws)  # "exit code?", not "the capital of France?"
        # "how much energy did it use on the H100 in that time": the GPU said is the one the job ran on
        its_gpu = _ran_on(context, job_of, gpu)
        if job_of is not None and job is None and its_gpu and win is None and about_job and aspect:
            if printed_asked:
                return Query("job_log", job=job_of)  # "at which step is it now?": what it printed
            if (
                {"it", "its", "that", "those", "these", "they", "them"} & set(ws)
                # ("did anything crash?": any job, the span's; "what's waiting?": the jobs waiting)
                or (brief and not ANY_OF_THEM & set(ws) and not _WHICH_IN_STATE.search(" ".join(ws)))
                or JOB_ONLY & set(ws)
                or SO_FAR.search(" ".join(ws))  # "how much energy until now": its total yet
                or THE_JOB.search(" ".join(ws))  # "when did the job actually stop?", "the energy of the job"
                # "how long waited in queue before start?": its own wait, before its start
                or re.search(r"\bbefore (?:its |the )?(?:start|starting|launch|kickoff)\b", " ".join(ws))
                # "what second did the cancel request go in": a time of one of its events
                or (AT_WHAT_TIME.search(" ".join(ws)) and JOB_ASPECTS & set(ws))
            ):
                return Query("job_detail", job=job_of)  # "how long did it take?", "all those tries?"
            if brief and {"which", "where"} & set(ws) and "gpu" in topics:
                return Query("job_detail", job=job_of)  # "on which gpu?" of the one running job
        # "today in total how long ran" after an answer about one card and no job: how long the card was busy
        # over the span (what it ran is its jobs; how long it ran, its busy time)
        card_of = last.gpu if last is not None and last.gpu is not None else None
        card_of = context.subject_gpus[0] if card_of is None and len(context.subject_gpus) == 1 else card_of
        card_ran = re.search(r"\bhow (?:long|much time|many hours)\b", " ".join(ws)) and {
            "ran", "run", "running", "worked", "work", "working", "busy"
        } & set(ws)  # fmt: skip
        if (
            card_ran
            and card_of is not None
            and job_of is None
            and job is None
            and gpu in (None, card_of)
            and win is not None
            and not win.instant
            and not {"job", "jobs"} & set(ws)
            and not topics - {"long", "running", "jobs", "gpu", "util", "idle"}
        ):
            return Query("gpu_reading", gpu=card_of, metric="util", window=win)
        # "what lr was that one using": no GPU's user; not "which process is that" (its worker, the record)
        # nor "what's 14 doing" (a number names another job)
        # (nor "and what's on hold?": the held jobs)
        printed = (
            not topics - {"who"}
            and not PROCESS_WORDS & set(ws)
            and not any(w.isdigit() for w in ws)
            and not held_said(ws)
        )
        asked = JOB_ASPECTS & set(ws)
        unasked = job is None and gpu is None and win is None and not topics - {"jobs", "log", "running"}
        along = re.search(r"\bhow far (?:along|is|has|did|have)\b", " ".join(ws)) or IN_ITS_RUN.search(
            " ".join(ws)
        )  # its progress: the log
        if job_of is not None and unasked and (PRINTED & set(ws) or along):
            return Query("job_log", job=job_of)  # "mmlu score?", "final loss?" of the job in focus
        if job_of is not None and job is None and gpu is None and win is None and printed and not asked:
            # what the job in focus printed: "what lr did it use", "how far did it get", "in which step"
            unknown = [w for w in ws if w not in STOP and not w.isdigit()]
            pointing = {"it", "its", "that", "this"} & set(ws)
            # "what is pytorch", "what's 2+2": what a thing is, not what the job printed
            defining = re.match(r"(?:what|who|whats)\s+(?:is|are|s)\b", " ".join(ws)) is not None
            if WH & set(ws) and (pointing or (len(unknown) == 1 and not defining)):
                return Query("job_log", job=job_of)
            if last is not None and last.name == "job_log" and len(unknown) == 1 and not defining:
                return last  # "mmlu?" after its log: the log says it
        if (
            last is not None
            and last.name == "gpu_reading"
            and last.gpu is not None
            and last.window is None
            and "since" in ws
            and set(ws) <= SINCE_WHEN
        ):
            idle = bool(context.job_briefs) and not context.running_on(last.gpu)
            if idle and last.metric in ("overview", "util"):
                return Query("idle_gpus")  # "since when?" of a GPU that runs nothing: since when it is idle
            return Query("gpu_reading", gpu=last.gpu, metric="overview")  # "since when?": its job's start
        if last is not None and last.name == "idle_gpus" and "since" in ws and set(ws) <= SINCE_WHEN:
            return last  # "since when?" after the idle GPUs: the answer says since when each is idle
        idle_said = not topics - {"long", "idle", "gpu", "running"}  # "how long is that now?"
        idle_asked = last is not None and last.name == "idle_gpus" and idle_said
        if idle_asked and win is None and re.search(r"\bhow long\b", " ".join(ws)):
            return last  # "how long is that now?": the answer says for how long each has been idle
        if idle_asked and win is not None:
            # "total idle today" after since when GPU 1 is idle: its utilization over the span, which says
            # for how long it was idle in it (every GPU's where the talk is of several)
            one = context.subject_gpus[0] if len(context.subject_gpus) == 1 else None
            return Query("gpu_reading", gpu=gpu if gpu is not None else one, metric="util", window=win)
        # "and gpu 0, idle how long?" after GPU 1's utilization today (which says its idle time): GPU 0's over
        # the same span
        util_over_a_span = (
            last is not None
            and last.name == "gpu_reading"
            and last.metric == "util"
            and last.window is not None
        )
        other_gpu = gpu is not None and last is not None and last.gpu not in (None, gpu)
        if idle_said and win is None and util_over_a_span and other_gpu and last is not None:
            return replace(last, gpu=gpu)
        if last is None or job is not None or topics - {"gpu"} or gpu_time_said(ws):
            return None  # a question of its own ("how many gpu hours did the 4090 burn today")
        bare = [int(w) for w in ws if w.isdigit()]
        named = _listed_number(ws, gpu, context)
        if named is not None:
            return Query("job_detail", job=named)  # "and 12?" after the queue: that job
        if gpu is None and len(bare) == 1 and len(ws) <= 4 and (last.gpu is not None or last.job is not None):
            if last.job is not None:  # "same for 4", "and 1?": the number replaces the last one
                return replace(last, job=bare[0])
            gpu = bare[0]
        if gpu is not None and WHAT_WAS_ON.search(" ".join(ws)):
            return None  # "what was on GPU 0 at 23:00 yesterday" after a temperature: the jobs then
        # "what's gpu 1 doing", "anything on gpu 1?": its overview now, not the last answer about another GPU
        if gpu is not None and not {"doing", "status", "up", "anything"} & set(ws):
            if last.name == "gpu_rank":
                return Query("gpu_reading", gpu=gpu, metric=last.metric)
            if last.name == "idle_gpus":
                return Query("gpu_reading", gpu=gpu, metric="util")
            plural = {"readings", "numbers", "figures", "values", "stats", "metrics"} & set(ws)
            if last.name == "gpu_reading" and last.window is None and plural:
                return Query("gpu_reading", gpu=gpu, metric="overview")  # "those readings on the 4090": all
            if last.name in PER_GPU:  # a span said with it replaces the last one: "just gpu 1, last 30 min"
                spanned = last.name in WINDOWED or last.window is not None  # a reading over a span too
                span = win if win is not None and spanned else last.window
                return replace(last, gpu=gpu, window=span)
        if win is not None:
            reading = context.reading
            moment = last.window if last.name == "jobs" else None
            at_a_moment = moment is not None and moment.t1 - moment.t0 <= 1
            if at_a_moment and reading is not None and reading.window is not None and not topics - {"gpu"}:
                # "same for yesterday" after who ran at today's peak: the peak's reading over that span (a
                # moment of today's has no yesterday)
                return replace(reading, window=win)
            if last.name in WINDOWED:  # "was anything on the H100 at 11:10?" after the 4090: the GPU said too
                on = gpu if gpu is not None and last.name in PER_GPU else last.gpu
                return replace(last, window=win, gpu=on)
            return Query("summary", window=win)
        return None


def _listed_number(ws: list[str], gpu: int | None, context: Context) -> int | None:
    """The job a number said alone names in a short follow-up to a list of jobs ("and 12?" after the queue,
    "and 5 why?" after the day's failures): that number where it is a job talked about; else None."""
    last = context.last
    bare = [int(w) for w in ws if w.isdigit()]
    if last is None or last.name not in ("queue", "jobs", "failures", "finished") or gpu is not None:
        return None
    known = set(context.job_names.values()) | set(context.subjects)
    return bare[0] if len(bare) == 1 and len(ws) <= 3 and bare[0] in known else None


# "the memory one", "the core one" after a GPU's clock (its overview says both clocks): that kind of clock
_ONE_OF_A_KIND = re.compile(r"\b(memory|mem|vram|sm|core|graphics|shader) one\b", re.I)


def _kind_of_last(question: str, last: Query | None) -> str:
    """ "and the memory one?" after a GPU's clock (or its overview, which says the clocks): its memory clock;
    "the core one" after the memory clock, its SM clock. "One" stands for the last reading, a clock, of the
    kind said; after any other answer the words stay as they are."""
    clocked = (
        last is not None and last.name == "gpu_reading" and last.metric in ("clock", "mem_clock", "overview")
    )
    return _ONE_OF_A_KIND.sub(lambda m: f"{m[1]} clock", question) if clocked else question


def _drills_into(last: Query, picked: Query, ws: list[str]) -> bool:
    """Whether a short question (``picked``) right after a summary of a span asks about that span
    ("anything break?", "which jobs failed?" after "and yesterday?"), or a recap asked right after the
    history of one (the jobs that ran in it, its failures) is that span's ("what happened there?" after the
    jobs of a past day: that day's recap, not the last 24 hours')."""
    recap = picked.name == "summary" and last.name in HISTORY
    over_a_span = last.name == "summary" or (recap and last.window is not None and not last.window.instant)
    return over_a_span and len([w for w in ws if w not in STOP]) <= 2


def _run_time_rank(q: Query) -> bool:
    """Whether ``q`` ranks jobs by how long they ran (so "and the shortest?" only turns it round)."""
    return q.name == "job_rank" and q.metric in (None, "duration")


DEFAULT_PICKERS: tuple[Picker, ...] = (RulePicker(),)


# one job pointed at: "that one", "this job", "it"
_ONE_POINTED = re.compile(r"\b(?:(?:that|this) (?:one|job|run|task|training)|it|its)\b", re.I)


def _one_of_several(question: str, read: Query, context: Context) -> bool:
    """Whether ``read`` ranks every job by run time for a question about one job's run pointed at ("and how
    long did that one run for?" after the queue's two waiting jobs), right after an answer that named
    several with none in focus: the one meant is one of those, so they are what is ranked (each one's run
    time said). A ranking kept to the jobs talked about (the last answer's span, name, state or card) is
    theirs already; an order said ("which one ran longer") asks the ranking; "it" after the jobs of a span
    or an array ("how long was it") is each one's, as "they" is; with one job named, "it" is that one."""
    if read.name != "job_rank" or read.metric not in (None, "duration") or read.job is not None:
        return False
    # (a GPU read: "it" may be the card, "what is running on it now" after what ran on GPU 1)
    kept = (read.window, read.job_name, read.state, read.gpu, read.among)
    if any(k is not None for k in kept):
        return False
    if not context.several_meant() or named_jobs_in(question, context):
        return False
    pointed = _ONE_POINTED.search(question)
    if pointed is None or order_of(re.findall(r"[a-z']+", question.lower())) is not None:
        return False
    last = context.last
    each = last is not None and last.name in ("jobs", "finished") and (last.window or last.job_name)
    return not (each and pointed[0].lower() in ("it", "its"))


def pick(
    question: str,
    context: Context | None = None,
    pickers: tuple[Picker, ...] = DEFAULT_PICKERS,
    now: float | None = None,
) -> Query | None:
    """The query that answers ``question`` (None: off-topic, answer with :data:`REFUSAL`)."""
    return pick_by(question, context, pickers, now)[0]


def pick_by(
    question: str,
    context: Context | None = None,
    pickers: tuple[Picker, ...] = DEFAULT_PICKERS,
    now: float | None = None,
) -> tuple[Query | None, str | None]:
    """The query and who picked it (the picker's ``name``: ``rules``, ``model``), so an answer can say
    that a model chose what it answers; (None, None) where no picker found one."""
    context = context or Context()
    when = time.time() if now is None else now
    for picker in pickers:
        read = getattr(picker, "read", None)
        q = read(question, context, when) if read is not None else picker.pick(question, context, when)
        if isinstance(q, Declined):
            return None, None  # the words say it is not about this machine: no later picker guesses
        if q is not None:
            return q, getattr(picker, "name", type(picker).__name__)
    return None, None


# A label before a colon and the question after it: "quick health check on the rig: what's gpu 0 pulling?"
_LABEL = re.compile(  # (or a span: "for the log: since 06:00, which jobs failed?")
    r"^[^?:\d]{3,60}:\s+(?=(?:what|which|how|why|when|who|whose|is|are|does|do|did|can|could|any|anything"
    r"|since|between|from|during|today|yesterday)\b)",
    re.IGNORECASE,
)
# What a question is for, before a comma: "For our sustainability report, how much energy ...". Its words
# are no topic ("report", "log"); a lead that names a job or a GPU ("for job 5, ...") stays.
_LEAD_IN = re.compile(
    r"^(?:for|before|ahead of|regarding|re|about|as part of)\b[^?:\d,]{3,60},\s+"
    r"(?=(?:what|which|how|why|when|who|whose|is|are|does|do|did|can|could|any|anything)\b)",
    re.IGNORECASE,
)


# a step back in time said first: "and before that?" (the span before the last answer's), "and before that,
# yesterday?" (the span said)
_BEFORE_THAT = re.compile(r"(?:and |what about |ok )?(?:before (?:that|then)|earlier than that)\b")
# the job another waits on, pointed at: "the job it's waiting on", "the one blocking it" (not "what is it
# waiting on", which its own record answers)
_WAITED_ON = re.compile(
    r"\bthe (?:job|one|run|task|thing) (?:that )?(?:it(?:'s| s|s| is| was)?|they(?:'re| re| are)?)"
    r" (?:waiting|blocked|stuck|held up) (?:on|for|behind)\b"
    r"|\bthe (?:job|one|run|task) (?:blocking|holding up|holding back) (?:it|them)\b"
)

# the jobs waiting on a job ("what's waiting in the queue behind it", "which jobs are waiting for job 11",
# "anything queued after it"), not what a job waits for ("what is it waiting for", "is job 12 waiting for it")
_WAITING_BEHIND = re.compile(
    r"\b(?:what|which(?: jobs?| ones?| runs?)?|anything|any(?: jobs?| runs?)?|who|how many(?: jobs?)?)"
    r"(?: (?:is|are|s|else|still))*"
    r" (?:waiting|queued|lined up|stuck|blocked|sitting|pending)(?: in (?:the )?(?:queue|line))?"
    r" (?:behind|for|on|after) (?:it|that|this|that one|this one|job \d+)\b"
)


# what a pronoun is asked of its job's run, and the jobs that fit it: "when did it start" of one that started,
# "when did it end" of one that ended, "when did it fail" (or "what went wrong there") of one that failed
_RUN_ASKED: tuple[tuple[re.Pattern[str], Callable[[JobBrief], bool]], ...] = (
    (
        re.compile(r"\b(?:fail|failed|fails|crash|crashed|died|went wrong)\b", re.I),
        lambda b: b.state == JobState.FAILED,
    ),
    (re.compile(r"\b(?:end|ended|ends|finish|finished|finishes)\b", re.I), lambda b: b.state in FINISHED),
    (re.compile(r"\b(?:start|started|starts|began|begin)\b", re.I), lambda b: b.started is not None),
)


def _focus_by_its_run(question: str, context: Context) -> Context:
    """``context`` with "it" meaning the one job of those the last answer named whose run fits what is asked
    of it ("when did it start?" after the queue's running, waiting and held jobs: the one that started); as
    it was where the focus is already one job, a job is named, or none or several fit."""
    named = list(dict.fromkeys([*context.subjects, *context.listing]))  # (a list's jobs, its subjects)
    if context.job_in_focus() is not None or len(named) < 2:
        return context
    # ("what went wrong there?" after a list of jobs points at one of them as "it" does)
    pointed = re.search(r"\b(?:it|its)\b", question, re.I) or _WHAT_HAPPENED.fullmatch(
        question.lower().strip(" ?!.")
    )
    if not pointed or named_jobs_in(question, context):
        return context
    for asked, fits in _RUN_ASKED:
        if asked.search(question):
            fit = [j for j in named if (b := context.job_briefs.get(j)) is not None and fits(b)]
            return replace(context, subjects=fit) if len(fit) == 1 else context
    return context


def _waited_on(text: str, context: Context) -> int | None:
    """The one job the job in focus waits on, where the question points at it ("how long has the job it's
    waiting on been running?" after why a job has not started)."""
    focus = context.job_in_focus()
    brief = context.job_briefs.get(focus) if focus is not None else None
    if brief is None or len(brief.after) != 1 or not _WAITED_ON.search(text):
        return None
    return brief.after[0]


# the job before or after another on the same GPU: "the one before it on that card", "the run after it on it"
_BESIDE_ON_ITS_GPU = re.compile(
    r"\bthe (?:one|job|run|task) (before|after) (?:it|that|this)(?: one)? on (?:(?:that|the same|this|its|it)"
    r"(?: (?:card|gpu|device))?|(?:gpu|card) ?(\d+))\b"  # ("that card" may be read as its number already)
)


def _beside_on_its_gpu(text: str, context: Context) -> int | None:
    """The job that started last before (first after) the job in focus on the one GPU it ran on ("and the one
    before it on that card" after the job on GPU 1 at 10:05); None where none is pointed at so."""
    said = _BESIDE_ON_ITS_GPU.search(text)
    focus = context.job_in_focus()
    brief = context.job_briefs.get(focus) if said is not None and focus is not None else None
    if said is None or brief is None or brief.started is None or len(brief.ran_on) != 1:
        return None
    gpu = int(said[2]) if said[2] else brief.ran_on[0]  # (the card said by number, or the one it ran on)
    t, before = brief.started, said[1] == "before"
    sides = [
        (b.started, i)
        for i, b in context.job_briefs.items()
        if i != focus
        and b.started is not None
        and gpu in b.ran_on
        and (b.started < t if before else b.started > t)
    ]
    return (max(sides) if before else min(sides))[1] if sides else None


# a label that names what it is about, before the question: "Quick health check on GPU 0: what's it drawing?"
_NAMING_LABEL = re.compile(_LABEL.pattern.replace(r"[^?:\d]{3,60}", r"[^?:]{3,60}"), re.IGNORECASE)


# the readings a label's words may name (not its names' words: job, gpu)
_READ_IN_A_LABEL = METRICS | {"health", "energy", "occupancy", "peak_tflops"}


def _label_names_only(question: str, context: Context, now: float) -> str:
    """A label that names a job or a GPU keeps its names, but its topic words ("health", "memory") only
    where the question after it asks about nothing of its own: "Quick health check on GPU 0: what's it
    drawing?" asks GPU 0's power, "GPU 1 temps: what was the peak today?" its temperature; "the last run of
    the sweep: how long did it wait?" keeps every word (none is a reading)."""
    labelled = _NAMING_LABEL.match(question)
    if labelled is None or not _names_something(labelled.group(0), context, now):
        return question
    rest = question[labelled.end() :]
    if not topics_said(rest) & _READ_IN_A_LABEL:
        return question  # "quick health check on GPU 0: anything wrong?": the label says what is asked
    kept = [w for w in labelled.group(0).split() if not topics_said(w) & _READ_IN_A_LABEL]
    return f"{' '.join(kept)} {rest}"


def _names_something(text: str, context: Context, now: float) -> bool:
    """Whether words name a job, a GPU or a span of this machine's (a lead-in that does is part of the
    question: "for job 5, ...", "for yesterday, how long ...")."""
    return bool(
        named_jobs_in(text, context)
        or gpus_by_model(text, context)
        or re.search(r"\b(?:gpus?|cards?|jobs?|runs?|nodes?|the h\d+)\b", text, re.I)
        or _only_a_span(text, now)
    )


def _only_a_span(text: str, now: float) -> bool:
    """Whether a lead-in says nothing but a span ("for yesterday,", "turning to yesterday:"; not "for this
    morning's log entry:", nor "for the weekly summary,")."""
    rest = [w for w in words(text) if w not in STOP and w not in SPAN_WORDS and w not in _MOVING_ON]
    return not rest and window_of(text.lower(), now) is not None


# how a new part of a conversation is led into: "turning to yesterday:", "moving on to this morning:"
_MOVING_ON = {
    "turning", "moving", "switching", "going", "looking", "back", "now", "next", "onto", "then", "over", "at",
}  # fmt: skip


# A comparison of the jobs a question names: "faster ... or ...", "longer than", "vs", "compare".
_COMPARE = re.compile(
    r"\b(?:or|than|vs|versus|compared?|comparing|comparison|between|which of|which one|side by side)\b"
)  # ("put jobs 4 and 6 side by side": compare them; "job 4 and job 6, which one used more energy?")
_COMPARATIVE = (
    MORE | LESS | {"faster", "quicker", "sooner", "cheaper", "slower", "later", "longer", "shorter"}
)
_SHORTER = LESS | {"faster", "quicker", "sooner", "cheaper", "shorter"}  # the least of the metric wins


_COMPARED_OPENING = re.compile(r"\s*(?:and\s+|so\s+)?(?:compared?\s+(?:to|with)|vs\.?|versus)\s", re.I)


def _compared(question: str, ws: list[str], topics: set[str], context: Context) -> Query | None:
    """Two or more jobs named and compared ("which used more energy, job 4 or job 6?", "did the 8b eval take
    longer than the sweep?", "compare 4 and 6"): the ranking of just those jobs, by the metric the words ask
    (energy, queue wait, GPU-time, else how long they ran), the least first where the word says so."""
    raw = re.findall(r"[a-z]+", question.lower())  # as typed: the word repair reads "longer" as "long"
    said = set(raw) | set(ws)
    asked = bool(
        _COMPARATIVE & said or {"compare", "compared", "comparing", "comparison", "vs", "versus"} & said
    )
    asked = asked or re.search(r"\bside by side\b", " ".join(raw)) is not None
    if not (_COMPARE.search(" ".join(raw)) and asked):
        return None
    # each side of "or" / "than" / "vs" / "and" names one job ("the 8b eval or the sweep"), an array's
    # element by its name and number ("lr-sweep 9 with 10": jobs 9 and 10)
    sides = re.split(r"\b(?:or|than|vs\.?|versus|against|and|with|to)\b", question, flags=re.IGNORECASE)
    jobs = list(dict.fromkeys(j for side in sides for j in _side_job(side, context)))
    if len(jobs) < 2:
        jobs = named_jobs_in(question, context)
    if len(jobs) < 2:  # "4 vs 6 elapsed", "compare 4 and 6": each side a job's number alone (not a GPU's)
        bare = [
            bare_job(re.sub(r"^\s*(?:compare|comparing)\s+", "", side.lower()), context) for side in sides
        ]
        jobs = list(dict.fromkeys(j for j in bare if j is not None and j not in context.gpus)) or jobs
    focus = context.job_in_focus()
    pointed = [side for side in sides if pointing().search(side) and not named_jobs_in(side, context)]
    # a follow-up that opens with its comparison ("compared with the 8b eval?", "vs resnet50-bench?"): the
    # job just answered is its other side, as if pointed at
    pointed = pointed or [m[0] for m in [_COMPARED_OPENING.match(question)] if m]
    reading = context.last is not None and context.last.name in ("gpu_reading", "energy")
    if len(jobs) == 1 and focus is not None and focus != jobs[0] and pointed and not reading:
        # one side the conversation's job, pointed at ("compare how long it ran vs job 10", "compare that
        # with the 8b eval"): it stays the job "it" means after the answer (``job``), not the ranking's
        # winner; "how does that compare to job 6" after a reading of a job's run is that reading's
        # (_compared_back)
        jobs = [focus, *jobs]
    else:
        focus = None
    if len(jobs) < 2:
        return None
    # a reading over each one's run ("job 2 vs job 11 peak temp"), else how they ran
    reading = next((m for m in READ_METRICS if m in topics), None)
    measure = _job_metric(raw, said, topics)  # ("ran" alone says no run time: "which ran hotter")
    metric = measure if measure not in (None, "duration") or reading is None else reading
    metric = metric or "duration"
    order = "min" if _SHORTER & said else "max"
    return Query("job_rank", metric=metric, order=order, among=",".join(map(str, jobs)), job=focus)


def _side_job(side: str, context: Context) -> list[int]:
    """The job one side of a comparison names (none or one): by name, an array's element by its name and
    number ("lr-sweep 9"), or its number alone after the other side's array ("... with 10", "with the 10")."""
    named = named_jobs_in(side, context)[:1]
    numbers = [int(n) for n in re.findall(r"(?<![\w.:-])(?:job\s*|#)?(\d+)(?![\w.%-]|:\d)", side, re.I)]
    for elements in context.arrays.values():
        ids = set(elements.values())
        if named and named[0] in ids:
            return next(([n] for n in numbers if n in ids), named)
    if not named and numbers and re.match(r"\s*(?:the\s+|job\s*|#)?\d+\b", side, re.I):
        n = numbers[0]
        if any(n in elements.values() for elements in context.arrays.values()) and n not in context.gpus:
            return [n]
    return named


# the last answer set beside something else: "how does that compare to the H100?", "vs resnet50-bench?"
_COMPARE_BACK = re.compile(
    r"\b(?:how (?:does|do|did|would) (?:that|it|this|those) (?:compare|stack up)|compared? (?:to|with)|vs\.?"
    r"|versus|against)\b"
)


def _compared_back(
    question: str,
    text: str,
    topics: set[str],
    context: Context,
    gpu: int | None,
    job: int | None,
    named_gpus: bool,
) -> Query | None:
    """The last reading beside a GPU or a job the question names: over the same span on every GPU (the
    answer says each), or the jobs ranked by it over their runs; None when the question asks more."""
    last = context.last
    if last is None or last.name not in ("gpu_reading", "energy") or not _COMPARE_BACK.search(text):
        return None
    if topics & METRICS - {last.metric}:
        return None  # "how does its power compare to the H100's": another reading, asked as such
    other = job if job is not None else named_job(question, context)
    if other is not None and last.job is not None and other != last.job and last.metric in READ_METRICS:
        # "how does that compare with resnet50-bench on the H100?": both jobs by it, over their runs
        return Query("job_rank", metric=last.metric, order="max", among=f"{last.job},{other}")
    if named_gpus and job is None and last.job is None:
        return replace(last, gpu=None)  # the same reading of both cards, each said
    if named_gpus and job is None and gpu is not None:
        return replace(last, gpu=gpu)  # the same job's run, read on the card said
    return None


def _job_metric(raw: list[str], said: set[str], topics: set[str]) -> str | None:
    """The measure of jobs a comparison's words ask (energy, queue wait, GPU-time, run time), or None when
    they name none."""
    if "energy" in topics:
        return "energy"
    if WAIT_WORDS & said or "queue" in topics:
        return "wait"
    if gpu_time_said(raw):
        return "gpu_time"
    return "duration" if "long" in topics or {"duration", "runtime", "took", "take"} & said else None


_ELEMENT = re.compile(r"\b(?:element|elem|task|index|idx)\s*#?(\d+)\b")
# an array's k-th element said as an ordinal with the array's name ("the lr-sweep's second element"); its
# ends too (_ENDS), so a comparison can name them; an end said of the array in focus or without its name
# beside it ("the last of them", "in the lr-sweep, the last element") is :func:`_end_element`'s
_NTH = ("second", "third", "fourth", "fifth", "2nd", "3rd", "4th", "5th")
_ENDS = ("first", "1st", "last", "final")  # an array's element at either end of its indices
_PART = r"(?:element|elem|run|task|job|part)"
_ELEMENT_WORD = r"(?:element|elem|task|index|idx)"
# elements said one after another: "index 0 and index 3", "task 1, task 2 or task 3"
_JOINED = r"(?:\s*,\s*(?:and\s+)?|\s+(?:and|or|vs\.?|versus|&)\s+)"


def _ran_on(context: Context, job: int | None, gpu: int | None) -> bool:
    """Whether a GPU said (if any) is one ``job`` ran on: "on gpu1" of the job in focus asks about it."""
    brief = context.job_briefs.get(job) if job is not None else None
    return gpu is None or (brief is not None and gpu in brief.ran_on)


def _without_names(text: str, context: Context) -> str:
    """``text`` (words) with the queue's job names taken out: "which lr sweep run blew up" names lr-sweep,
    it asks for no learning rate."""
    for name in context.job_names:
        text = re.sub(rf"\b{re.escape(' '.join(words(name)))}\b", " ", text)
    return text


def array_elements(question: str, context: Context) -> str:
    """An array's element as the queue writes it, in words the picker reads: "lr-sweep [3]" (``gpuaccel
    ls``) is "lr-sweep element 3", "7_3" (``gpuaccel cancel 7_3``, Slurm's array_task) the element's job
    when array 7 has index 3, and "element 2" after an array's jobs that element's job."""
    question = re.sub(r"\s*\[(\d+)\]", r" element \1", question)
    last = context.last
    focus_name = last.job_name or "" if last is not None else ""
    focus = context.arrays.get(focus_name)
    if not focus and last is not None and last.job is not None:  # "and [3]?" after one element's detail
        focus_name, focus = next(
            ((n, e) for n, e in context.arrays.items() if last.job in e.values()), ("", None)
        )
    if focus and focus_name and focus_name.lower() not in question.lower():
        # "which lr was element 2 running?" after the array's jobs: that element of the array in focus
        def of_focus(m: re.Match[str]) -> str:
            job = focus.get(int(m.group(1)))
            return m.group(0) if job is None else f"job {job}"

        question = re.sub(_ELEMENT.pattern, of_focus, question, flags=re.IGNORECASE)
    by_id = {min(elements.values()): elements for elements in context.arrays.values() if elements}

    def element(m: re.Match[str]) -> str:
        job = by_id.get(int(m.group(1)), {}).get(int(m.group(2)))
        return m.group(0) if job is None else f"job {job}"

    question = re.sub(r"(?<![\w.])(\d+)_(\d+)\b", element, question)
    # "the lr-sweep's second element", "the third run of the sweep", "the last element of the lr-sweep": its
    # second (third, last) by index
    ordinal = "|".join(_NTH + _ENDS)
    for name, elements in context.arrays.items():
        said = r"[\s-]?".join(re.escape(part) for part in re.split(r"[-_.\s]+", name.lower()))
        indices = sorted(elements)

        def nth(m: re.Match[str], elements: dict[int, int] = elements, indices: list[int] = indices) -> str:
            said = m.group(1).lower()
            if said in _ENDS:  # "the first element" the lowest index, "the last element" the highest
                return f"job {elements[indices[0 if said in ('first', '1st') else -1]]}"
            k = _NTH.index(said) % 4 + 1  # "second", "2nd": the one after the lowest index
            return f"job {elements[indices[k]]}" if k < len(indices) else m.group(0)

        question = re.sub(rf"\b(?:the )?{said}(?:'s)? ({ordinal}) {_PART}\b", nth, question, flags=re.I)

        # "lr-sweep [0]" (as ``gpuaccel ls`` writes it), "the lr-sweep element 0": that element's job, so
        # "which took longer, the 8b eval or lr-sweep [0]?" compares job 7, not the name's newest job; the
        # elements said after it without the name again are the same array's ("lr-sweep index 0 and index
        # 3", "lr-sweep [0] vs [3]": jobs 7 and 10)
        def indexed(m: re.Match[str], elements: dict[int, int] = elements) -> str:
            tail = m["said"]
            said_jobs = [elements.get(int(n)) for n in re.findall(r"\d+", tail)]
            if said_jobs[0] is None:
                return m.group(0)
            if None in said_jobs:  # (an index the array lacks after it: the first alone, as said)
                return re.sub(r"^#?\d+", f"job {said_jobs[0]}", tail)
            between = [  # what joins them, less the element word said again ("and index": "and")
                re.sub(rf"(?:the )?{_ELEMENT_WORD}\s*#?$", "", joined, flags=re.I)
                for joined in re.split(r"#?\d+", tail)[1:-1]
            ]
            rest = "".join(f"{joined}job {job}" for joined, job in zip(between, said_jobs[1:], strict=True))
            return f"job {said_jobs[0]}{rest}"

        named = rf"\b(?:the )?{said}(?:'s)?"
        question = re.sub(
            rf"{named} {_ELEMENT_WORD} (?P<said>#?\d+(?:{_JOINED}(?:the )?{_ELEMENT_WORD} #?\d+)*)\b",
            indexed,
            question,
            flags=re.I,
        )
        question = re.sub(rf"\b(?:the )?({ordinal}) {_PART} of (?:the )?{said}\b", nth, question, flags=re.I)
    return question


def _spaced(name: str) -> str:
    """A job name as the question's words have it: "lr-sweep" is "lr sweep"."""
    return " ".join(words(name))


def _end_element(text: str, job: int | None, gpu: int | None, context: Context) -> Query | None:
    """ "the last element", "the first task" of the array named or in focus: its highest (lowest) index."""
    # "the last element", or the array said between: "the last lr sweep job", "the first sweep run"
    end = re.search(
        r"\b(last|final|latest|newest|most recent|first|earliest|oldest)\s+(?:[\w-]+\s+){0,3}?"
        r"(?:elements?|elem|tasks?|index|job|run)\b"  # ("the sweep's last elements": its last one)
        # "the last lr sweep one": the array said before "one" (not "the last one" alone)
        r"|\b(last|final|latest|newest|most recent|first|earliest|oldest)\s+(?:[\w-]+\s+){1,3}?one\b"
        # "the last of the four", "the first of them"
        r"|\b(last|final|first) of (?:the|them|those|these)\b",
        text,
    )
    if end is None or gpu is not None:
        return None
    if re.search(r"\bfirst\b", text) and re.search(r"\b(?:last|final)\b", text):
        return None  # "from the first element starting to the last one finishing": the whole array's span
    last = context.last
    of = job if job is not None else context.job_in_focus()
    named = {i: n for n, i in context.job_names.items()}
    array = next((a for a in context.arrays.values() if of in a.values()), None)
    if array is None and last is not None and last.job_name in context.arrays:
        array = context.arrays[last.job_name]  # "the last element" after the array's jobs
    if array is None:  # "in the lr-sweep, the last element": the array said by name
        said = [els for n, els in context.arrays.items() if re.search(rf"\b{re.escape(_spaced(n))}\b", text)]
        array = said[0] if len(said) == 1 else None
    if array is None or (job is not None and named.get(job) is None):
        return None
    index = (
        min(array)
        if (end.group(1) or end.group(2) or end.group(3)) in ("first", "earliest", "oldest")
        else max(array)
    )
    return Query("job_detail", job=array[index])


_WHOLE_ARRAY = re.compile(
    r"\b(?:whole|entire|full|complete)\s+(?:array|sweep)\b|\b(?:the|its|that|this)\s+array\b"
    r"|\ball\s+(?:the\s+|its\s+)?(?:\w+\s+)?(?:elements|tasks)\b|\bevery\s+(?:element|task)\b"
    r"|\b(?:the|its)\s+(?:two|three|four|five|six|seven|eight|\d+)\s+(?:elements|tasks)\b"  # "the four"
)


def _whole_array(
    text: str, job: int | None, gpu: int | None, nth: bool, context: Context, topics: set[str]
) -> Query | None:
    """ "the whole array", "all four elements" of the array in focus (the last answer's, or the one the job
    in focus is an element of): the array's jobs (or failures, or ranking) as when it is named; None when
    no array is in focus."""
    if job is not None or gpu is not None or nth or _WHOLE_ARRAY.search(text) is None:
        return None
    focus = context.job_in_focus()
    name = next((n for n, elements in context.arrays.items() if focus in elements.values()), None)
    last = context.last
    name = last.job_name if name is None and last is not None and last.job_name in context.arrays else name
    if name is None or name not in context.job_names:
        return None
    return _array_said(text, context.job_names[name], gpu, nth, context, topics)


def _ended_element(failures: Query, context: Context) -> int | None:
    """The one element of an array that ended as its failures query asks (failed, or cancelled), whose log
    says both that it did and what it printed ("which of the elements failed and with what lr?"); None when
    ``failures`` is no array's failures or none or several ended so."""
    if failures.name != "failures" or failures.job_name not in context.arrays:
        return None
    state = failures.state or "failed"
    ended = [
        i
        for i in context.arrays[failures.job_name].values()
        if (brief := context.job_briefs.get(i)) is not None and brief.state == state
    ]
    return ended[0] if len(ended) == 1 else None


def _array_said(
    text: str, job: int | None, gpu: int | None, nth: bool, context: Context, topics: set[str]
) -> Query | None:
    """A job named by a name several jobs share (an array): "sweep element 2" is that element's detail,
    the name alone ("how did the lr sweep go", "gpu hours for the sweep") all of them; None otherwise (a
    job said by number, an ordinal of a list, a name one job has)."""
    named = {i: n for n, i in context.job_names.items()}.get(job) if job is not None else None
    if named is None or named not in context.arrays or nth:
        return None
    briefs = [context.job_briefs.get(i) for i in context.arrays[named].values()]
    if gpu is not None and (topics & METRICS or not all(b is not None and gpu in b.ran_on for b in briefs)):
        # a GPU some element did not run on picks among them, a reading is the GPU's; one they all ran on
        # says where ("the sweep jobs on the 4090 around lunch, did they all finish ok")
        return None
    if re.search(rf"\b(?:job\s*)?#?{job}\b", text):
        return None  # "job 10", "how long did 10 sit PD": that job
    element = _ELEMENT.search(text)
    if element is not None:
        index = int(element.group(1))
        if index in context.arrays[named]:
            return Query("job_detail", job=context.arrays[named][index])
        return None

    measure = _job_metric(text.split(), set(text.split()), topics)
    state = "cancelled" if "cancel" in topics else "failed" if "fail" in topics else None
    if state is not None and measure in ("energy", "gpu_time"):  # "the energy the sweep's failed run wasted"
        return Query("job_rank", metric=measure, order="max", state=state, job_name=named)
    if state is not None:  # "which element of the sweep failed": its failures
        return Query("failures", job_name=named, state="cancelled" if state == "cancelled" else None)
    order = order_of(text.split())
    if order is not None and measure is not None:  # "which element burned the most energy"
        return Query("job_rank", metric=measure, order=order, job_name=named)
    if measure == "wait" and re.search(r"\bhow (?:long|much)\b|\bwaited\b", text):
        # "how long did the sweep's elements wait in the queue": each element's wait, which its jobs' list
        # does not say (the ranking by wait says each, longest first)
        return Query("job_rank", metric="wait", order="max", job_name=named)
    return Query("jobs", job_name=named)
