"""From a question's topics to a query: the reading, ranking, job list, summary or job log its words ask for.

:class:`~assistant.understand.picker.RulePicker` reads the words (topics, superlatives, numbers, names, time
span) and
resolves follow-ups; :func:`query_for` decides which query those words name, so a follow-up that keeps the
last GPU ("and the memory there?") goes through the same decision as a question of its own.

:func:`log_query` says whether a question asks for a job's log ("show me the log of job 3", "what did job 5
print", "last lines of the failed job", "tail the output of train-llm", "why did it crash? show the log")
before anything else reads it. Why apart: its words are everyday ones elsewhere ("log in", "print the
failures", "the power output of gpu 0", "how many lines"), so only "log", "stdout", "traceback" and the like
ask for a log by themselves, and "output", "lines", "tail", "what did it print" only about a job (one named,
one in a state, or the one the conversation is about). The job is the one named by number or name, else
the latest in the state said ("the failed job"), else the one the last answer was about, else the latest
that ran; the count of lines is the one said ("the last 50 lines", "tail -n 30").
"""

from __future__ import annotations

import re
from dataclasses import replace

from gpuaccel.assistant.queries.gpu import HISTORY_COLUMNS
from gpuaccel.assistant.queries.job_readings import READ_METRICS
from gpuaccel.assistant.queries.query import Query, Window
from gpuaccel.assistant.understand.context import Context
from gpuaccel.assistant.understand.words import (
    DURATION_ASKED,
    LESS,
    LOST,
    METRICS,
    MORE,
    NUMBER_WORDS,
    ORDINALS,
    POINTING,
    STOP,
    WORD_OF,
    gpu_time_said,
)

# words of a question about the machine's state as a whole ("what's going on with my box?")
STATUS_WORDS = set("status going happening hi hey hello box rig system setup everything things stuff".split())
FITS = {"fit", "fits", "free", "room", "space", "enough", "spare", "available"}  # room for a size said
WAIT_WORDS = {"wait", "waited", "waits", "waiting", "queued", "sat", "sit", "sitting"}  # a job's queue wait
# a job that ended in a span ("what finished today", "which jobs ended overnight"): its own reading
ENDED_WORDS = {"finished", "ended", "finish", "end", "ending", "finishing", "stop", "stopped"}
PEAK_WORDS = set("peak peaked highest max maximum hit average avg mean averaged".split())
RETRIED = set("retried retries reran rerun resubmitted requeued attempts tries".split())  # ran again
# "did any job need a retry" (not "how do i retry a job", which asks how to act)
NEEDED_RETRY = re.compile(
    r"\b(?:need|needed|needs|needing|required|got|get|gets|had|have)\s+(?:a |any )?retry\b"
)
MEAN_WORDS = {"average", "avg", "mean", "averaged"}
HARDWARE = {"model", "models", "hardware", "installed", "sinfo", "lspci"}  # "list" or "name" alone: no GPU
# a GPU's power limit ("what's the limit on it?", "the most power it is allowed to take")
LIMIT_WORDS = {"limit", "limits", "tdp", "allowed", "cap", "capped"}
# the first (latest) job to start: "the first job to start", "which run started first", "the earliest to
# begin"
FIRST_TO_START = re.compile(
    r"\b(first|earliest|last|latest|most recent)\b(?: \w+){0,3}? (?:to )?"
    r"(?:start|started|begin|began|kick off)\b"
    r"|\b(?:start|started|began|kicked off) (first|earliest|last|latest)\b"
)
PROCESS_WORDS = {"process", "processes", "program", "programs"}
# the summary topic's words that ask for a recap ("happened" also says when: "the time it happened")
RECAP_WORDS = {w for w, topic in WORD_OF.items() if topic == "summary"} - {"happened", "happen"}
OUTDOORS = {"outside", "outdoors", "forecast"}  # "how hot is it outside?" is the weather, not a GPU
# the room's air, not a GPU's sensor: "is the rack inlet temp high? check the CRAC"
OUTDOORS |= {"inlet", "crac", "ambient", "aircon", "hvac"}
FAN_NAMED = {"fan", "fans", "rpm"}  # a fan said outright; its other words ("loudest") need a GPU said too
# a fan's order: "the fastest fan" spins the most, "the quietest" the least (for jobs "fastest" is least)
FAN_MORE = set("louder loudest noisier noisiest faster fastest quicker quickest".split())
FAN_LESS = set("quieter quietest slower slowest".split())
# the noise of fans a writer tells of beside a temperature asked ("the fans were screaming, how hot did it
# get"): the heat they are heard for, not a fan reading (one asked says "speed", "rpm" or "%")
FANS_HEARD = set("screaming roaring howling whining blasting loud noisy racket".split())
THROTTLE = {"throttle", "throttles", "throttled", "throttling"}  # "why is it throttling": its health
FAILED_SAID = set("fail failed fails failing failure failures crash crashed crashes died broke".split())
# words that put trouble in a job or a span, not in the cards now
_NOT_THE_CARDS_NOW = FAILED_SAID | set("today yesterday week hour hours job jobs run runs".split())
# "hardware problems", "any hardware issues": the GPUs' health, not failed jobs
TROUBLE = {"problem", "problems", "issue", "issues", "error", "errors", "fault", "faults", "trouble"}
# words of a time span beyond the vocabulary's ("since noon", "overnight", "in the last 30 mins")
SPAN_WORDS = set(
    "night overnight since ago evening afternoon lunch lunchtime noon midday tonight mins min h hr hrs"
    " days am pm".split()  # ("from 6 pm yesterday to 6 am")
)


# Housekeeping in words: "anything to clean up?", "delete old logs", "how much disk space could I free"
_HOUSEKEEPING = re.compile(
    r"\b(?:clean(?:ing)? ?up|cleanup|tidy(?:ing)?(?: up)?|housekeeping|declutter"
    r"|free (?:up )?(?:some )?(?:disk|space|storage)|disk space"
    r"|(?:old|stale) (?:logs?|artifacts?|files?|caches?)"
    r"|(?:logs?|caches?|trash|artifacts?) (?:to|i can) (?:delete|remove|clean)"
    r"|anything (?:i|we) (?:can|could|should) (?:delete|remove|clear)"
    r"|(?:delete|remove|clear|empty|purge) (?:the |my |old |all )*(?:logs?|caches?|trash|artifacts?))\b"
)
# said as a request: the verb leads, after at most a politeness ("please clean up", "can you purge the trash")
_CLEANING_VERB = re.compile(
    r"^(?:(?:ok|okay|so|hey|please|pls|plz|just|go|then) )*"
    r"(?:(?:can|could|would|will) (?:you|u) (?:please )?)?"
    r"(?:clean|cleanup|tidy|delete|remove|clear|empty|purge|wipe|free|declutter)\b"
)


def housekeeping_said(question: str) -> str | None:
    """ "request" for a request to clean up (the chat removes nothing: it names where that is done), "ask"
    for a question about what could be cleaned up (the housekeeping query), None for neither."""
    text = " ".join(re.sub(r"[^a-z0-9' ]+", " ", question.lower()).split())
    if not _HOUSEKEEPING.search(text):
        return None
    return "request" if _CLEANING_VERB.search(text) else "ask"


RUN_WORDS = {"running", "executing", "active", "progress"}  # the running topic's words besides "now"


# power said outright (not "consumption", which an energy answer's follow-up means as energy)
POWER_SAID = {"power", "watts", "watt", "draw", "drawing"}


# "utilization of the memory controller", "how busy is gpu 0's dram bandwidth"
_PHRASE_GLUE = {"of", "the", "its", "memory", "mem", "bw", "gpu", "s", "is", "was", "on", "for"}


def held_said(ws: list[str]) -> bool:
    """Whether the words ask of the held state ("what is held", "jobs on hold"); not "which job held gpu 1 at
    12:30" (held a GPU: ran on it)."""
    joined = " ".join(ws)
    held = "held" in ws and not re.search(r"\bheld (?:the |that |this )?(?:gpu|card|device|it|\d)", joined)
    return held or re.search(r"\bon holds?\b", joined) is not None


def _of_the_phrase(ws: list[str], i: int) -> bool:
    """Whether the utilization or memory word ``ws[i]`` is a memory controller's or DRAM bandwidth's own
    ("memory controller utilization", "utilization of its dram bandwidth"): only glue words between them."""
    for j, w in enumerate(ws):
        if WORD_OF.get(w) in ("mem_util", "dram"):
            lo, hi = sorted((i, j))
            if all(x in _PHRASE_GLUE or x.isdigit() for x in ws[lo + 1 : hi]):
                return True
    return False


def refine_topics(ws: list[str], topics: set[str], gpu: int | None) -> set[str] | None:
    """Topics the whole question implies beyond its single words (None: it is about something else)."""
    said = set(ws)
    if OUTDOORS & said and "temperature" in topics and "gpu" not in topics and gpu is None:
        return None
    out = set(topics)
    if "temperature" in out and "tensor" in out and not {"tensor", "tensors"} & said:
        out.discard("tensor")  # "the gpu core temps": a temperature, not tensor-core activity
    if "peak_tflops" in out and {"estimated", "estimate", "achieved", "achieving", "doing", "now"} & said:
        out = out - {"peak_tflops"} | {"tflops"}  # "what's that in estimated dense bf16 tflop/s": achieved
    if "energy" in out and "power" in out and not POWER_SAID & said:
        out.discard("power")  # "its energy consumption": energy (consumption alone is a power word)
    # a reading named in words that also name others: "memory controller utilization", "dram bandwidth
    # util", "pcie throughput" are one reading each
    if out & {"mem_util", "dram"}:
        # a utilization or memory word outside the phrase ("utilization and memory bus utilization", "how
        # much HBM is resident, and the DRAM BW util?") asks that reading too: the overview says them all
        both = any(
            WORD_OF.get(w) in ("util", "memory") and not _of_the_phrase(ws, i) for i, w in enumerate(ws)
        )
        out -= {"memory", "util"} | ({"mem_util", "dram"} if both else set())
        out |= {"overview"} if both else set()
    out -= {"tflops"} if "pcie" in out else set()
    out -= {"util"} if "occupancy" in out else set()
    gpu_said = "gpu" in out or gpu is not None or bool({"board", "boards", "chip", "chips"} & said)
    if "fan" in out and not FAN_NAMED & said and not gpu_said:
        out.discard("fan")  # "it is loud in here", "the quietest node": no GPU's fan
    if {"fan", "temperature"} <= out and FANS_HEARD & said and not {"speed", "rpm", "percent"} & said:
        out.discard("fan")  # "the fans were roaring, what was the hottest it got": its temperature
    if any(w.startswith("throttl") for w in said) and not out & {"jobs", "queue", "running"}:
        out = (out - {"temperature", "power", "util"}) | {"overview"}  # "thermal throttling": its reasons
    if LIMIT_WORDS & said and not out & (METRICS | {"jobs", "queue", "running", "energy"}):
        out.add("power")  # the only limit a reading has is the power limit
    if any(w.startswith("compar") for w in ws) and ("gpu" in out or gpu is not None) and not out & METRICS:
        out.add("overview")  # "compare the two cards": every main reading of each
    # ("right now" alone is no running job; "is it reporting errors" asks for no report)
    running_said = "running" in out and bool(RUN_WORDS & said)
    # trouble said of the cards themselves, now: "anything wrong with either card at present?", "any
    # throttling or errors I ought to know about?" (not a job's: "did anything fail on gpu 1 today")
    of_the_cards = (gpu_said or any(w.startswith("throttl") for w in said)) and not (
        _NOT_THE_CARDS_NOW | SPAN_WORDS
    ) & said
    troubled = ("hardware" in said or of_the_cards) and (TROUBLE | {"wrong"}) & said
    if troubled and not out & {"jobs", "queue", "cluster"} and not running_said:
        gone = {"fail", "models", "running"} | ({"summary"} if "reporting" in said else set())
        out = (out - gone) | {"health"}  # "any hardware problems?", "throttling now, or any hardware errors?"
    if "why" in said and "util" in out and not out - {"util", "gpu"}:
        out = (out - {"util"}) | {"running"}  # "why is gpu 0 so busy": what runs on it
    joined = " ".join(ws)
    jobless = re.search(r"\b(?:no|without(?: a| any)?) (?:jobs?|runs?|tasks?|work)\b(?! failed| queued)",
                        joined)  # fmt: skip
    if jobless and gpu_said and not out & (METRICS | {"fail", "energy"}):
        out = (out - {"jobs", "running", "queue"}) | {"idle"}  # "which gpu is having no job on it": idle
    if re.search(r"\b(?:pid|process) ?#?\d+\b", joined) and not out & (METRICS | {"fail", "energy"}):
        out = (out - {"jobs", "running"}) | {"who", "gpu"}  # "whats pid 4242": the processes, with jobs
    said_when = re.search(r"\b(?:it|that|this|they|which) happened\b", joined)
    if "summary" in out and said_when and not RECAP_WORDS & said:
        out.discard("summary")  # "the highest reading, with the time it happened": when, no recap
    # "how much of the 4090 is used now": its memory (how busy it is says its utilization)
    share_used = re.search(r"\bhow much of (?:the |it\b|gpu|card)", joined) and re.search(
        r"\b(?:used|taken|occupied|in use|filled|full|free|left)\b", joined
    )
    if share_used and not out & (METRICS | {"energy", "fail", "cancel"}):
        out = (out - {"jobs", "running", "who"}) | {"memory"}
    if "cancel" in out and re.search(r"\bwhat (?:killed|took down|brought down)\b", joined):
        out = (out - {"cancel"}) | {"fail"}  # "what killed them" after failures: what failed them
    ended = r"(?:did|done|stopped|killed|cancell?ed|ended|aborted|terminated|paused|held|requeued|retried)"
    if (
        re.search(rf"\bwho (?:has |had )?{ended} (?:it|that|this|them|job|the)\b", joined)
        and not out & METRICS
    ):
        # "X got killed, who did it", "job 6, who stopped it?": who ended the job its record says, no process
        out.discard("who")
    if re.search(r"\b(?:hold|holds|holding|held)(?: \w+){0,2} back\b", joined) and not out & METRICS:
        out = (out - {"who"}) | {"overview"}  # "is the big one holding itself back": what holds its clocks
    # "what was on it then", "what was on the 4090 at 20:12", "what was using it then", "what was going on
    # with it at that time", "who was keeping it busy": what ran on it (that time is a moment, not a duration;
    # busy is what it was kept)
    on_it = re.search(  # (said first or after a clause: "at what hour, and who was using it?")
        r"(?:^|[,;] |\band )(?:and |so )?(?:what|who|which \w+) (?:was|were) (?:on|using|occupying|going on"
        r"|happening"
        r"|keeping (?:it|them|the \w+|\S+) busy)\b",
        joined,
    )
    at_a_time = re.search(r"\b(?:at|by) (?:that|the|this) (?:time|moment|point)\b", joined)
    beside = {"gpu", "who"} | ({"long"} if at_a_time else set()) | ({"util"} if "busy" in said else set())
    if on_it and not out - beside:
        out = (out - (beside - {"gpu"})) | {"running"}
    if "why" in said and THROTTLE & said:
        out = (out - {"overview"}) | {"health"}  # "why is it throttling": what holds it back, and warnings
    if "running" in out and not RUN_WORDS & said and out & (METRICS | {"overview", "idle", "queue"}):
        # "which card is unoccupied right now", "which jobs wait in the queue at this moment": "now" says
        # when, not what runs
        out.discard("running")
    if PROCESS_WORDS & said and "running" in out and not out & (METRICS | {"queue", "fail", "cancel"}):
        out = (out - {"running", "jobs"}) | {"who"}  # "what's running on gpu0 - pid and job": its processes
    if PROCESS_WORDS & said and "queue" in out:
        out = (out - {"queue", "jobs"}) | {"gpu"}  # processes "not from the queue": who holds the GPUs
    return out


def query_for(
    ws: list[str],
    topics: set[str],
    gpu: int | None,
    win: Window | None,
    name: str | None,
    order: str | None,
) -> Query | None:
    """The query the topics name (None: nothing this machine knows about); the order of the checks is the
    precedence (the idle gate, the cluster, summaries, failures, GPU-time, durations, readings, the queue)."""
    metric = next(
        (
            m
            for m in (
                "pcie",  # "pcie throughput" is no TFLOP/s
                "peak_tflops",
                "mem_util",  # "memory controller utilization" is neither memory nor utilization
                "dram",
                "occupancy",
                "tflops",
                "tensor",
                "energy",
                "power",
                "fan",
                "temperature",
                "memory",
                "util",
                "overview",
            )
            if m in topics
        ),
        None,
    )
    if {"clock", "clocks", "mhz", "pstate"} & set(ws):
        of_memory = bool({"memory", "mem", "vram"} & set(ws))
        core = {"sm", "core", "graphics", "gpc", "shader"} & set(ws)  # "the H100's core clock": the SM's
        sm_clock = not of_memory and "pstate" not in ws and bool(core or win is not None or order)
        # "the highest sm clock gpu 0 hit today": the SM clock and its history; "the memory clock of the
        # 4090" is a clock, not memory: the overview has both
        mem_clock = of_memory and not sm_clock and "pstate" not in ws
        metric = "clock" if sm_clock else "mem_clock" if mem_clock else "overview"
        if of_memory and {"sm", "core", "cores", "graphics", "gpc"} & set(ws) and not order and win is None:
            metric = "overview"  # "sm clock and mem clock of gpu 0": both, as the overview says them
    # two readings the overview says ("its utilization and sm clock", "temp and memory of gpu 1"): the
    # overview, which says both; over a span, each one's peak and mean (a ranking now is of one reading)
    named = topics & {"temperature", "util", "power", "memory", "fan"} | (
        {"clock"} if {"clock", "clocks", "mhz"} & set(ws) else set()
    )
    if win is None and order is None and {"tensor", "tflops"} <= topics:
        named |= {"tensor", "tflops"}  # live, the overview says both: "TC active + est TFLOP/s"
    if win is None and order is None and "tensor" in topics and named - {"util"}:
        # "the tensor-core activity and the SM clock": the overview says both ("how busy are the tensor
        # cores" asks one reading)
        named.add("tensor")
    if re.search(r"\b(?:memory|mem|vram) (?:clocks?|speed|mhz)\b", " ".join(ws)):
        named.discard("memory")  # "the memory clock" is one reading
    if (
        len(named) >= 2
        # (a ranking of one GPU said is no ranking: "kubectl top for gpu 0: util and vram")
        and (
            win is None
            and (order is None or gpu is not None)
            or win is not None
            and not {"clock", "fan"} & named
        )
        and not topics & {"jobs", "fail", "energy", "summary", "who", "idle"}
    ):
        metric = "overview"
    if "models" in topics and metric == "memory" and {"total", "size", "capacity", "much"} & set(ws):
        return Query("gpu_list", gpu=gpu)  # "gpu0 model + total mem": what the GPU is, with its memory size
    sized = re.search(r"\b\d+(?:\.\d+)? ?(?:gb|gib|g|mb|mib|gigs?)\b", " ".join(ws))
    if sized and FITS & set(ws) and not topics & {"fail", "cancel", "energy"} and win is None:
        return Query("gpu_reading", gpu=gpu, metric="free_memory")  # "can I fit a 30 GB model on gpu 1"
    # "sm activity of gpu 0": the GPM reading, not running jobs ("the tensor-core activity and the SM clock"
    # asks the clock: "sm" said beside "activity", not anywhere)
    sm_activity = re.search(
        r"\bsms? (?:active|activity)\b|\b(?:active|activity of(?: the)?) sms?\b", " ".join(ws)
    )
    if sm_activity and "jobs" not in topics:
        metric = "sm_active"
    if {"architecture", "arch", "driver", "bus"} & set(ws) and not topics & {"jobs", "queue", "fail"}:
        return Query("gpu_list", gpu=gpu)  # what the GPUs are: model, architecture, PCI bus, driver
    if "health" in topics:
        metric = "health"  # "ecc errors on the h100?", "any xid errors?": health, not failed jobs
    if metric == "fan":  # "the loudest fan", "the fastest fan" spin the most; with a span: live only, said so
        order = "min" if FAN_LESS & set(ws) else "max" if FAN_MORE & set(ws) else order
        if win is not None:
            return Query("gpu_reading", gpu=gpu, metric="fan", window=win)
    of_gpus = re.search(r"\b(?:which|what) (?:gpu|card|device)s?\b", " ".join(ws))  # "which gpu holds most"
    if (
        "who" in topics
        and metric == "memory"
        and order is not None
        and not topics & {"jobs", "queue"}
        and not of_gpus
    ):
        return Query("memory_users", gpu=gpu)  # "which process uses the most vram": each one's memory
    if re.fullmatch(
        r"hows?(?: are| is)?(?: the| my| our| both| all)? (?:gpus?|cards?)(?: \d+)?", " ".join(ws)
    ):
        return Query("gpu_reading", gpu=gpu, metric="overview")  # "how are the gpus": how they are doing
    rank = order is not None and (gpu is None) and metric is not None
    if "gate" in topics or re.search(r"\b(are|where do) you\b|\byour (model|state)\b", " ".join(ws)):
        return Query("gate_state")
    # "which job is on the busy one", "who's using the busy gpu": the running jobs, each with its GPU (and
    # the subject of "how long has that run been going"); "what's on the idle card": each GPU busy or idle
    # with what it runs (a superlative, "the busiest", ranks them instead)
    said_busy = re.search(r"\b(busy|occupied|working|idle|free) (?:one|gpu|card|device)\b", " ".join(ws))
    whose = topics & {"jobs", "who"} or re.search(r"\bwhose\b|\bwhat (?:is )?(?:on|running)\b", " ".join(ws))
    if said_busy and whose and win is None and gpu is None and order is None and not name:
        idle = said_busy.group(1) in ("idle", "free")
        return Query("idle_gpus") if idle else Query("queue", state="running")
    if "cluster" in topics or ("where" in ws and "jobs" in topics):
        return _cluster(ws, topics, win, order)
    if metric == "health" and not topics & {"jobs", "queue"}:
        return Query("gpu_reading", gpu=gpu, metric="health", window=win)
    if "summary" in topics and "fail" in topics and {"reason", "reasons", "why"} & set(ws):
        topics = topics - {"summary"}  # "an overview of the failed jobs and the reasons"
    if "summary" in topics and "queue" in topics and win is None and not topics & {"jobs", "fail", "cancel"}:
        topics = topics - {"summary"}  # "a quick rundown of what's waiting in the queue": the queue
    if "summary" in topics and gpu is not None and win is None:
        return Query("gpu_reading", gpu=gpu, metric="overview")
    readings = topics & (METRICS | {"overview"}) and not topics & {
        "jobs",
        "fail",
        "cancel",
        "queue",
        "energy",
    }
    if "summary" in topics and readings and win is None:
        return Query("gpu_reading", metric="overview")  # "an overview, util and temps": every GPU's readings
    each = re.search(r"\b(?:each|every) (?:one|job|run|of them)\b", " ".join(ws))
    if "summary" in topics and each and "jobs" in topics:
        return Query("jobs", window=win, gpu=gpu, job_name=name)  # "a rundown of what ran and how each ended"
    if "summary" in topics:
        return Query("summary", window=win, gpu=gpu, job_name=name)
    held = held_said(ws)
    either = {"or", "and"} & set(ws)  # (not "which jobs are held in the queue": the held ones)
    if held and win is None and either and {"waiting", "queued", "pending", "queue"} & set(ws):
        # "which jobs are waiting in the queue or held": the queue's answer names the held ones too
        return Query("queue", state="queued", gpu=gpu, job_name=name)
    if held:
        return Query("jobs", state="held", window=win, gpu=gpu, job_name=name)
    if {"paused", "suspended"} & set(ws) and order is None:  # "any paused jobs?"
        return Query("jobs", state="paused", window=win, gpu=gpu, job_name=name)
    began = FIRST_TO_START.search(" ".join(ws))
    if began and metric is None and not topics & {"fail", "cancel", "queue"}:
        # "what was the first job to start today", "which run started last this morning"
        first = began.group(1) or began.group(2)
        late = first in ("last", "latest") or "recent" in first
        return Query(
            "job_rank", metric="start", order="max" if late else "min", window=win, gpu=gpu, job_name=name
        )
    retried = RETRIED & set(ws) or NEEDED_RETRY.search(" ".join(ws))
    if retried and metric is None and "queue" not in topics:
        # "which jobs were retried today", "was any of them retried": the jobs that ran more than once (the
        # picker reads "how many retries does it have left" of a job in focus as that job's record first)
        state = "cancelled" if "cancel" in topics else "failed" if "fail" in topics else None
        state = "succeeded" if state is None and _succeeded(ws) else state
        return Query(
            "job_rank", metric="attempts", order="max", state=state, window=win, gpu=gpu, job_name=name
        )
    ranked = _ranked_in_state(ws, topics, order, metric)
    if ranked is not None:  # "the quickest successful run", "which failed job ran the longest"
        how, state = ranked
        return Query("job_rank", metric=how, order=order, state=state, window=win, gpu=gpu, job_name=name)
    each_waited = (
        re.search(r"\bhow long\b", " ".join(ws))
        and WAIT_WORDS & set(ws)
        and {"each", "all", "jobs", "ones", "runs"} & set(ws)
        and order is None
        and not MEAN_WORDS & set(ws)
        and gpu is None
        and not topics & {"fail", "cancel", "idle"}  # ("how long did each card sit idle": the GPUs)
    )
    if each_waited and {"did", "was", "were"} & set(ws):
        # "how long did each of its runs wait before it got a card": the waits they had, longest first
        return Query("job_rank", metric="wait", order="max", job_name=name, window=win)
    if each_waited and not name and win is None:
        return Query("queue", state="queued")  # "how long has each job been waiting": each one's wait so far
    waited = WAIT_WORDS & set(ws) and (order is not None or MEAN_WORDS & set(ws))
    got_one = re.search(
        r"\b(?:got|get|gets|getting|for) (?:a |an |its |the )?(?:gpu|gpus|card)\b", " ".join(ws)
    )
    gpu_said = "gpu" in topics and not got_one  # "before it got a gpu", "waited for a card": no GPU asked
    if waited and not topics & {"fail", "cancel"} and not gpu_said and metric is None and gpu is None:
        # "which job waited longest today", "the average queue wait": the jobs by their queue wait
        return Query("job_rank", metric="wait", order=order or "max", window=win, gpu=gpu, job_name=name)
    if "cancel" in topics:
        return Query("failures", state="cancelled", window=win, gpu=gpu, job_name=name)
    if "fail" in topics and gpu_time_said(ws):
        # "how many GPU-hours went on the jobs that failed": the failed jobs by their GPU-time (its total)
        return Query(
            "job_rank", metric="gpu_time", order="max", state="failed", window=win, gpu=gpu, job_name=name
        )
    if "fail" in topics:
        return Query("failures", window=win, gpu=gpu, job_name=name)
    per_gpu = re.search(r"\b(?:which|what) (?:gpu|card|device)\b|\beach (?:gpu|card|device)\b", " ".join(ws))
    counted = {"jobs", "runs", "tasks"} & set(ws) and (order is not None or {"many", "each"} & set(ws))
    gpu_time = gpu_time_said(ws)  # a job's GPU-time
    others = {"queue", "running", "energy", "long", "fail"}
    if per_gpu and counted and gpu is None and not topics & others and not gpu_time:
        return Query("gpu_jobs", window=win, order=order if order == "min" else None)  # job counts per GPU
    hog = "who" in topics and "jobs" in topics and order is not None  # "biggest gpu hog among jobs"
    # "how many gpu hours did gpu 1 burn today": the jobs of that GPU, span or name (or all), which say their
    # total
    totalled = {"many", "much", "total", "sum", "overall", "spent", "burn", "burned", "burnt"} & set(ws)
    # (not "how many GPUs": GPU-hours are the jobs'; "and its GPU-hours?", no one job in focus: no GPU list)
    # "gpu-hours by job", "GPU-time per run": each job's own, set side by side (their ranking)
    by_job = gpu_time and re.search(r"\b(?:by|per|for each) (?:job|run|task)\b", " ".join(ws)) is not None
    if gpu_time and order is None and (totalled or "gpu" in topics) and not by_job:
        return Query("jobs", gpu=gpu, window=win, job_name=name, metric="gpu_time")
    # "the most gpu hours", not a reading over time ("max_over_time temperature for gpu 1")
    timed = "gpu" in topics and {"time", "hours"} & set(ws) and order is not None and metric is None
    if hog or "gputime" in ws or timed or by_job:
        return Query("job_rank", metric="gpu_time", order=order or "max", window=win, gpu=gpu, job_name=name)
    # "how are the training runs doing?", "which run is taking forever?": the runs going now, each with how
    # long it has run
    going = re.search(
        r"\bhow (?:is|are)\b.*\bdoing\b|\b(?:is|are) taking\b|\btaking (?:forever|ages)\b", " ".join(ws)
    )
    if (
        going
        and "jobs" in topics
        and win is None
        and gpu is None
        and not topics & {"fail", "cancel", "queue"}
    ):
        return Query("queue", state="running")
    running_for = "running" in topics and order is None and win is None and not name and gpu is None
    if "long" in topics and ("jobs" in topics or order is not None or name) and metric in (None, "util"):
        if running_for:
            return Query("queue", state="running")  # the queue says how long each running job has run
        return Query("job_rank", metric="duration", order=order or "max", window=win, gpu=gpu, job_name=name)
    if metric == "energy" and order is not None and "jobs" in topics:  # "which job used the most energy"
        return Query("job_rank", metric="energy", order=order, window=win, gpu=gpu, job_name=name)
    if metric == "energy":
        return Query("energy", gpu=gpu, window=win)
    # "which job ran the hottest today", "what run had the highest peak power": jobs by a reading over
    # their runs (not "which job is using the most memory": now)
    job_asked = re.search(r"\b(?:which|what) (?:job|jobs|run|runs|task|training)\b", " ".join(ws))
    past = win is not None or bool({"ran", "was", "were", "had", "got", "did"} & set(ws))
    gpu_ranked = "gpu" in topics and gpu is None  # "which jobs were on the hottest gpu today": GPUs ranked
    if (
        job_asked
        and past
        and order is not None
        and metric in READ_METRICS
        and "now" not in ws
        and not gpu_ranked
    ):
        return Query("job_rank", metric=metric, order=order, window=win, gpu=gpu, job_name=name)
    if win is not None and gpu is not None and order is not None and metric in HISTORY_COLUMNS:
        return Query("gpu_reading", gpu=gpu, metric=metric, window=win)  # "lowest power of gpu 0 today"
    one_gpus_peak = gpu is not None and order == "max"  # "the hottest gpu 1 got in the last hour"
    peaked = (gpu is not None or PEAK_WORDS & set(ws) - {"highest", "max", "maximum"}) and (
        PEAK_WORDS & set(ws) or one_gpus_peak
    )
    # "the hottest it got today", "the busiest they were yesterday": a reading's extreme reached over the
    # span, not which GPU ranks first now
    peaked = peaked or (order is not None and {"got", "get", "reached", "went"} & set(ws))
    was = order is None and {"was", "were"} & set(ws)  # "how busy was gpu 0 over the last hour?"
    job_then = win is not None and win.instant and "jobs" in topics and {"which", "what"} & set(ws)
    if job_then and order is None and not (PEAK_WORDS | MEAN_WORDS) & set(ws):
        return Query("jobs", gpu=gpu, window=win)  # "which job occupied gpu 0 at 11:10": the jobs then
    if win is not None and metric == "temperature" and MEAN_WORDS & set(ws):
        return Query("gpu_reading", gpu=gpu, metric=metric, window=win)  # a summary gives no mean temperature
    if (
        win is not None
        and metric in ("temperature", "util", "power")
        and (peaked or was or MEAN_WORDS & set(ws))
    ):
        return Query("gpu_reading", gpu=gpu, metric=metric, window=win)  # its peak (and when), lowest, mean
    on_gpu = "gpu" in topics or gpu is not None or metric == "memory"
    # "what programs are using them?" after the GPUs' readings: the GPUs (a job is run, not used)
    on_gpu = on_gpu or bool({"them", "it", "they"} & set(ws) and {"using", "use", "uses", "on"} & set(ws))
    if (
        "who" in topics
        and on_gpu
        and order is None
        and metric in (None, "memory")
        and not topics & {"jobs", "long", "queue"}
    ):
        if win is not None and metric is None:
            # "who was on gpu1 at 10:05", "who used gpu 1 yesterday": the jobs on it then (its processes are
            # of now)
            return Query("jobs", gpu=gpu, window=win)
        return Query("memory_users", gpu=gpu)
    # "how much of today has the h100 been idle": the utilization over the span, which says the idle time
    share = re.search(
        r"\bhow much of (?:the |this |that )?(?:today|yesterday|day|time|morning|night|week)\b", " ".join(ws)
    )
    if share and win is not None and topics & {"idle", "util"} and not topics & {"jobs", "queue"}:
        return Query("gpu_reading", gpu=gpu, metric="util", window=win)
    if metric == "memory" and "idle" in topics:
        metric = "free_memory"
    # "how much was the h100 idle today": how much of the span, a duration
    idle_for = "much" in ws and "idle" in ws and win is not None and metric is None
    if metric is None and "idle" in topics and "much" in ws and gpu is not None and not idle_for:
        metric = "free_memory"  # "how much is free on the h100": its free memory, not whether it is idle
    # ("how many hours was the 4090 sitting idle today": a duration too)
    lasted = "long" in topics or DURATION_ASKED.search(" ".join(ws)) or idle_for
    if lasted and topics & {"idle", "util"} and win is not None and not topics & {"jobs", "queue"}:
        # "since midnight, how long did each card sit idle / were they under load": the utilization over
        # the span, which says each GPU's busy and idle time
        return Query("gpu_reading", gpu=gpu, metric="util", window=win)
    # "was the h100 sitting idle this morning", "were the cards idle last night": idle over a span gone by,
    # which the utilization over it says (busy and idle time); the idle GPUs' answer is of now, as is "has
    # it been idle since lunch" (its idle stretch up to now)
    idle_then = win is not None and {"was", "were"} & set(ws) and not {"has", "have", "been"} & set(ws)
    if idle_then and "idle" in topics and metric is None and not topics & {"jobs", "queue", "who"}:
        return Query("gpu_reading", gpu=gpu, metric="util", window=win)
    if "idle" in topics and metric is None and "queue" not in topics and "jobs" not in topics:
        return Query("idle_gpus", gpu=gpu)  # ("is gpu 0 free?": that one asked about, "it" next)
    # "since when is gpu 0 busy": the idle GPUs' answer says when each busy one's job took it
    since_busy = re.search(r"\bsince when\b.*\b(?:busy|occupied|in use)\b", " ".join(ws))
    if since_busy and win is None and order is None:
        return Query("idle_gpus")
    if rank and win is not None and metric in HISTORY_COLUMNS:
        # "which gpu was busiest over the last hour": each GPU's peak, lowest and mean over the span (a
        # ranking is of readings now)
        return Query("gpu_reading", metric=metric, window=win)
    if rank:
        return Query("gpu_rank", metric=metric, order=order)
    if metric is not None:  # over a span said with it from the telemetry history ("max memory over 24h")
        return Query(
            "gpu_reading",
            gpu=gpu,
            metric=metric,
            window=win if metric in HISTORY_COLUMNS or metric == "overview" else None,
        )
    status = re.search(r"\bstatus\b|\bgoing on\b|\bhappening\b", " ".join(ws))
    elsewhere = [w for w in _other_words(ws) if w not in STATUS_WORDS]  # "going on in the world"
    if (
        status and not topics - {"gpu", "models"} and not elsewhere and gpu is None
    ):  # ("right now": the queue)
        return Query("gpu_reading", metric="overview")  # "what's the status", "what's going on": the GPUs now
    # ("how's the big card going right now?": how a card is doing)
    doing_words = {"doing", "up", "status"} | ({"going"} if "how" in ws and "on" not in ws else set())
    doing = doing_words & set(ws) and ("gpu" in topics or HARDWARE & set(ws) or gpu is not None)
    if doing and not topics - {"gpu", "models", "running"} and win is not None and "up" not in ws:
        return Query("jobs", gpu=gpu, window=win)  # "what were the gpus doing between 10 and 11": their jobs
    if doing and not topics - {"gpu", "models", "running"}:
        return Query("gpu_reading", gpu=gpu, metric="overview")  # "how's the hardware doing?"
    if gpu is not None and "running" in topics and not topics & {"queue", "jobs", "long"} and win is None:
        return Query("jobs", state="running", gpu=gpu)  # "anything running on gpu 1?": that GPU's jobs
    if "queue" in topics or ("running" in topics and win is None and not name and "jobs" not in topics):
        waiting = {"queued", "waiting", "pending", "stuck", "blocked", "wait"} & set(ws)
        whole = bool({"queue", "squeue", "qstat"} & set(ws)) and not waiting
        state = (
            None if {"queue", "running"} <= topics or whole else "queued" if "queue" in topics else "running"
        )
        if {"squeue", "qstat"} & set(ws) and ("running" in ws) != bool(waiting):
            state = "running" if "running" in ws else "queued"  # the tool's state filter: "squeue -t R"
        return Query("queue", state=state)
    ended = ENDED_WORDS & set(ws) and not _succeeded(ws) and order is None and "long" not in topics
    # "what ran yesterday and how did each one end": the span's jobs, each with how it ended (not only
    # those that ended in it)
    ended = ended and not re.search(
        r"\b(?:what|which|jobs?)\s+(?:\w+\s+)?ran\b.*\b(?:how|each)\b", " ".join(ws)
    )
    asked = {"what", "which", "list", "show", "any", "anything", "how"} & set(ws)  # "list finished jobs"
    if ended and not topics & {"running", "queue", "fail", "cancel"} and (win or asked):
        return Query("finished", window=win, gpu=gpu, job_name=name)  # "what finished today": ended in it
    peaks = set(ws) & (PEAK_WORDS | {"peaks", "readings", "numbers", "stats"}) and not topics & {
        "jobs", "fail", "cancel", "queue", "energy", "running"
    }  # fmt: skip
    if gpu is not None and win is not None and peaks and not name:
        return Query("gpu_reading", gpu=gpu, metric="overview", window=win)  # "the h100's peaks today"
    # ("who was on the second one at 12:15": the words that said the GPU are no other topic)
    if "jobs" in topics or name or (win is not None and len(_other_words(ws, gpu is not None)) <= 1):
        state = "succeeded" if _succeeded(ws) else None
        if "running" in topics and win is None:
            return Query("queue", state="running")
        return Query("jobs", state=state, window=win, gpu=gpu, job_name=name)
    alone = topics == {"models"} and bool(HARDWARE & set(ws))  # not "a list and a tuple in python"
    if "models" in topics and ("gpu" in topics or gpu is not None or alone):
        return Query("gpu_list", gpu=gpu)
    if gpu is None and "gpu" in topics and not topics - {"gpu", "models", "running"}:
        return Query("gpu_list")  # "what GPUs do I have?", "how many cards are there?"
    if gpu is not None and win is not None:
        # a card and a span gone by, no reading or job word ("anything on the ada card near 12:27?"): what ran
        # on it then where asked what was on it, else its readings over the span; never its readings now
        on_it = "running" in topics or {"on", "using", "used"} & set(ws)
        if on_it:
            return Query("jobs", gpu=gpu, window=win)
        return Query("gpu_reading", gpu=gpu, metric="overview", window=win)
    if gpu is not None:
        return Query("gpu_reading", gpu=gpu, metric="overview")
    return None


def _succeeded(ws: list[str]) -> bool:
    """Whether the words ask for jobs that succeeded ("successful", "finished ok")."""
    done_ok = re.search(r"\b(?:finished|ended|ran|went|exited) (?:ok|okay|fine|well|cleanly)\b", " ".join(ws))
    return bool(done_ok or {"succeeded", "successful", "completed", "success"} & set(ws))


def _ranked_in_state(
    ws: list[str], topics: set[str], order: str | None, metric: str | None
) -> tuple[str, str] | None:
    """The measure (run time, GPU-time or energy) and the state of a ranking of jobs narrowed to a state its
    words say ("the quickest successful run", "the longest failed job", "most gpu hours among cancelled jobs",
    "the energy of the failed jobs");
    None when the question is no such ranking (a state word alone asks for the failures or the jobs)."""
    said = set(ws)
    state = "cancelled" if "cancel" in topics else "failed" if "fail" in topics else None
    state = "succeeded" if state is None and _succeeded(ws) else state
    if metric == "energy" and state is not None:
        return "energy", state  # "how much energy went into the failed jobs": each one's, and their total
    gpu_time = "gputime" in said or ("gpu" in topics and {"time", "hours"} & said)
    runs = "long" in topics and ("jobs" in topics or "fail" in topics or "cancel" in topics)
    if order is None or metric not in (None, "util") or not (gpu_time or runs) or state is None:
        return None
    return ("gpu_time" if gpu_time else "duration"), state


def _other_words(ws: list[str], gpu_said: bool = False) -> list[str]:
    """The words that are no topic, filler or time word: a time span alone asks for the jobs of that span
    ("anything yesterday?"), not with words about something else ("who won the game last night?"); where a
    GPU is said, its place ("the second one") said it, no other thing."""
    known = STOP | set(WORD_OF) | MORE | LESS | SPAN_WORDS
    known |= {*ORDINALS, "one"} if gpu_said else set()
    return [w for w in ws if w not in known and not w.isdigit()]


def _cluster(ws: list[str], topics: set[str], win: Window | None, order: str | None) -> Query:
    """A question about the Ray cluster's nodes: lost ones, which job ran where, load, GPUs per node."""
    if LOST & set(ws) or "fail" in topics:
        return Query("lost_nodes")
    if "jobs" in topics or "where" in ws:
        return Query("job_nodes", window=win)
    if "util" in topics:
        return Query("node_load", order=order)
    if "idle" in topics:
        return Query("node_load", order="min" if order == "min" else None)
    if "running" in topics:  # "what is running on the cluster?"
        return Query("job_nodes", window=win)
    return Query("cluster_gpus")


# ---- a job's log ----------------------------------------------------------------------------------

OUTRIGHT = set("log logs logfile logfiles stdout stderr traceback tracebacks".split())
# "print" alone is "show" ("print the failures"); "what did it print" is read by its "did" (log_query)
ABOUT_A_JOB = set("output outputs printed prints printing lines tail".split())
# what a run tried to allocate is in its log ("how much did it try to allocate"); "what's allocated" and "got
# the allocation" are GPUs held, Slurm's word
TRIED_TO_ALLOCATE = re.compile(
    r"\b(?:tried|try|trying|failed|fail|wanted|want) to allocate\b|\bdid it allocate\b"
)
STATES = (("fail", "failed"), ("cancel", "cancelled"), ("running", "running"))  # topic -> job state
_NUMBER = rf"(\d+|{'|'.join(NUMBER_WORDS)})"
_LINES = (
    re.compile(rf"\b{_NUMBER}\s+(?:more\s+|last\s+|final\s+)?(?:log\s+)?lines?\b"),  # "the last 50 lines"
    re.compile(r"\btail\s+-n\s*(\d+)\b"),  # "tail -n 30 job 4"
    re.compile(rf"\b(?:last|final)\s+{_NUMBER}\b(?!\s*(?:min|mins|minutes?|h|hrs?|hours?|days?|weeks?)\b)"),
)


def lines_said(question: str) -> int | None:
    """The count of lines a question asks for ("the last 50 lines", "last ten lines", "tail -n 30")."""
    text = question.lower()
    for pattern in _LINES:
        if m := pattern.search(text):
            return int(NUMBER_WORDS.get(m.group(1), m.group(1)))
    return None


# what a job printed, asked with its verb ("what did it print", and without the auxiliary: "what it print
# before it die?")
_PRINTED = re.compile(r"(?:\b(?:did|does|do|has|have|will|is|are)\b.*|\b(?:it|they) )print(?:ed|ing|s)?\b")
# what a job logged, said as a verb: its log, not a reading ("the last throughput it logged", "what was it
# logging before it went")
LOGGED = {"logged", "logging", "wrote"}  # ("the last thing it wrote"; not "I've written down 70 Wh")


def log_query(
    question: str,
    ws: list[str],
    topics: set[str],
    job: int | None,
    name: str | None,
    context: Context,
) -> Query | None:
    """The ``job_log`` query a question asks (None: it asks for no log). ``ws`` and ``topics`` are the
    question's repaired words and topics, ``job`` the job it names by number or name, ``name`` a quoted
    name."""
    said, text = set(ws), " ".join(ws)
    last = context.last
    lines = lines_said(question)
    brief = len([w for w in ws if w not in STOP]) <= 3 and not topics - {"jobs", "log"}
    if last is not None and last.name == "job_log" and job is not None and brief:
        return replace(last, job=job, state=None, job_name=None, lines=lines or last.lines)  # "and job 4?"
    about = last.job if last is not None and last.job is not None else None
    if about is None and context.subjects:
        about = context.subjects[0]  # "which jobs failed?" ... "show me the log": the first one named
    states = [state for topic, state in STATES if topic in topics]
    pointing = bool(said & {*POINTING, "same"})  # "show its log": the job the talk is about
    of_a_job = job is not None or bool(name) or bool(states) or "jobs" in topics
    of_a_job = of_a_job or (about is not None and (pointing or not topics - {"log"}))
    outright = bool(OUTRIGHT & said) and not re.search(r"\blogs?\s+(?:in|on|out|into|off)\b", text)
    printed = _PRINTED.search(text) is not None
    printed = printed or TRIED_TO_ALLOCATE.search(text) is not None
    # "the last images/s it logged": what a job logged is in its log ("xid errors logged on gpu 0" is not)
    said_of_a_job = job is not None or bool(name) or (pointing and about is not None)
    printed = printed or (bool(LOGGED & said) and said_of_a_job)
    if not (
        (outright and (of_a_job or not topics & (METRICS | {"energy", "cluster"})))
        or ((ABOUT_A_JOB & said or printed) and of_a_job)
    ):
        return None
    running = context.job_briefs.get(job if job is not None else about)
    worker = re.search(r"\bpids?\b", question, re.I) is not None  # (the words read "pid" as "process")
    if worker and running is not None and running.state == "running" and (lines or 1) == 1:
        return None  # "pid + last log line": a running job's record says its worker's pid and last line
    if job is not None:
        return Query("job_log", job=job, lines=lines)
    if name:
        return Query("job_log", job_name=name, lines=lines)
    if states and not (pointing and about is not None):
        return Query("job_log", state=states[0], lines=lines)  # "the last lines of the failed job"
    if about is not None:
        return Query("job_log", job=about, lines=lines)  # "why did it crash? show the log"
    return Query("job_log", lines=lines)
