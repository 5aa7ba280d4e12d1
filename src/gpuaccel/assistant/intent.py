"""Understanding a question: which query answers it, in the user's own words, typos and follow-ups included.

:func:`pick` runs the pickers in turn (the first that is sure wins): :class:`RulePicker` reads topics,
superlatives, GPU and job numbers, names and time words from the question after fuzzy spelling repair; a
model trained for picking (:class:`~assistant.model_picker.ModelPicker`) can be put before it. A
follow-up ("and GPU 1?", "why?", "what about yesterday?") takes the rest of its meaning from the
:class:`Context` the previous answer left. A question about anything else gets :data:`REFUSAL`, which says
what can be answered.
"""

from __future__ import annotations

import datetime as dt
import difflib
import re
import time
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from gpuaccel.assistant.queries import Query, Window

REFUSAL = (
    "I only know about this machine: its GPUs (models, temperature, utilization, memory and who uses it,"
    " power and energy, tensor activity and TFLOP/s), the job queue (running, queued and why, failed and"
    " cancelled jobs, durations and GPU-time), summaries of a day or an hour, and my own idle gate;"
    " and, on a daemon connected to a Ray cluster, its nodes (GPUs per node, which is idle or busiest,"
    " which job ran where, nodes that were lost)."
)


@dataclass
class Context:
    """What the previous answer was about, for follow-ups."""

    last: Query | None = None
    subjects: list[int] = field(default_factory=list)
    job_names: dict[str, int] = field(default_factory=dict)  # the queue's job names, for "why is eval-x ...?"

    def to_json(self) -> dict[str, Any]:
        return {"query": self.last.to_json() if self.last else None, "subjects": self.subjects}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Context:
        if not data or not data.get("query"):
            return cls()
        try:
            return cls(Query.from_json(data["query"]), [int(j) for j in data.get("subjects") or []])
        except (TypeError, ValueError, KeyError):
            return cls()  # a context stored by another version: start afresh rather than fail


class Picker(Protocol):
    def pick(self, question: str, context: Context, now: float) -> Query | None: ...


# Topic words after spelling repair; a word maps to a concept.
CONCEPTS: dict[str, tuple[str, ...]] = {
    concept: tuple(text.split())
    for concept, text in {
        "temperature": "temperature temp temps hot hottest hotter warm warmest heat degrees celsius"
        " cool coolest cooler cold coldest thermal",
        "util": "utilization utilisation util utilized utilised utilizing busy busiest load loaded"
        " working work usage occupied idlest",
        "memory": "memory vram mem gib mib gigabytes ram hbm",
        "power": "power watts watt draw drawing draws consumption consuming pulling",
        "energy": "energy kwh wh joules electricity",
        "tensor": "tensor tensors cores",
        "tflops": "tflops flops teraflops tflop throughput compute",
        "models": "model models kind type hardware installed list name names",
        "idle": "idle unused spare available nothing free left remaining headroom",
        "fail": "fail failed fails failure failures failing crash crashed crashes error errors"
        " broke broken die died dies blow blew exploded wrong problem problems",
        "cancel": "cancel cancelled canceled cancellation cancellations aborted abort killed",
        "queue": "queue queued waiting pending wait waits stuck blocked line next",
        "running": "running executing active now currently progress",
        "jobs": "job jobs ran run runs task tasks workload workloads submitted finished completed"
        " succeeded successful done executed",
        "long": "longest slowest shortest quickest fastest duration durations long took time",
        "summary": "summarize summarise summary recap overview happened report digest rundown brief",
        "gate": "gate assistant yourself",
        "who": "who whom process processes holding holds hogging hog owner owns occupying"
        " program programs",
        "gpu": "gpu gpus card cards device devices graphics accelerator accelerators",
        "cluster": "cluster clusters node nodes host hosts server servers ray",
    }.items()
}
MORE = set(
    "most highest max maximum top biggest largest hottest warmest busiest longest slowest hotter hardest"
    " more".split()
)
LESS = set(
    "least lowest min minimum smallest fewest coolest coldest cooler shortest quickest fastest idlest"
    " less".split()
)
STOP = set(
    "the a an is are was were of on in for to me my what which how and about it its this that do does did i"
    " there same any s at please tell show give with from been be have has so far much many right now last"
    " past hour hours today yesterday yday day week minutes morning midnight"
    # politeness and filler, so they are not "repaired" into topic words ("could" is not "cold")
    " could would should know like want need thanks thank thx pls hey hi hello quick question again okay"
    " ok"
    # common words one letter away from a topic word: "called" is not "cancelled", "advice" not "device"
    " called named advice number".split()
)
# A cluster node that left: "which node was lost?", "is any server down?"
LOST = set("lost lose dead die gone down offline missing disconnected unreachable removed".split())
VOCAB = sorted(
    {w for words in CONCEPTS.values() for w in words} | MORE | LESS | STOP | LOST | {"why", "gpu", "where"}
)
_WORD_OF = {w: c for c, words in CONCEPTS.items() for w in words}
_STEMS = sorted((w for w in _WORD_OF if len(w) >= 4 and w not in ("time", "list", "work", "done")), key=len)[
    ::-1
]


def words(question: str) -> list[str]:
    """Lower-case words with spelling repaired against the vocabulary (numbers and short words kept)."""
    raw = re.findall(r"[a-z]+|\d+", question.lower().replace("gpu-time", "gputime").replace("'s", ""))
    out = []
    for w in raw:
        if w.isdigit() or len(w) < 4 or w in _WORD_OF or w in STOP:
            out.append(w)
            continue
        close = difflib.get_close_matches(w, VOCAB, n=1, cutoff=0.8) or _swapped(w)
        if not close and len(w) >= 6:  # a topic word inside a longer one: "overheating", "wattage"
            close = [k for k in _STEMS if k in w][:1]
        out.append(close[0] if close else w)
    return out


def window_of(text: str, now: float) -> Window | None:
    """The time span the words name, in local time, or None."""
    t = dt.datetime.fromtimestamp(now)
    midnight = t.replace(hour=0, minute=0, second=0, microsecond=0).timestamp()
    m = re.search(
        r"\b(?:last|past|previous)\s+(\d+)\s*(min|minute|minutes|h|hr|hrs|hour|hours|day|days)\b", text
    )
    if m:
        n, unit = int(m.group(1)), m.group(2)
        secs = 60 if unit.startswith("m") else 86400 if unit.startswith("d") else 3600
        start = now - n * secs if n * secs < now else 0.0  # longer than the clock has run: all of it
        return Window(start, now, f"in the last {n} {unit if n != 1 else unit.rstrip('s')}")
    if re.search(r"\b(?:last|past|previous)\s+(?:hour|hr)\b|\bhour ago\b|\bthis hour\b", text):
        return Window(now - 3600, now, "in the last hour")
    if re.search(r"\b(?:last|past|previous)\s+(?:day|24\s*h)", text):
        return Window(now - 86400, now, "in the last 24 hours")
    if re.search(r"\byesterday\b|\byday\b", text):
        return Window(midnight - 86400, midnight, "yesterday")
    if re.search(
        r"\btoday\b|\bthe day\b|\bthis morning\b|\bsince midnight\b|\bso far today\b|\btonight\b", text
    ):
        return Window(midnight, now, "today")
    if re.search(r"\b(?:this|last|past)\s+week\b", text):
        return Window(now - 7 * 86400, now, "in the last 7 days")
    return None


def _num(pattern: str, text: str) -> int | None:
    m = re.search(pattern, text)
    return int(m.group(1)) if m else None


def _swapped(word: str) -> list[str]:
    """Two neighbouring letters typed the wrong way round ("lsat", "bsuy", "tmep"): difflib scores a short
    word's swap below its cutoff, so swaps are tried directly."""
    for i in range(len(word) - 1):
        w = word[:i] + word[i + 1] + word[i] + word[i + 2 :]
        if w in _WORD_OF or w in STOP:
            return [w]
    return []


def _name(question: str) -> str | None:
    """A job name in quotes (not the apostrophe of "I'd" or "what's") or after named / called."""
    m = re.search(r"(?<![A-Za-z])[\"'`]([^\"'`]{2,60})[\"'`]", question) or re.search(
        r"\b(?:named|called)\s+([\w.-]+)", question, re.I
    )
    return m.group(1).rstrip(".") if m else None


class RulePicker:
    """Topic words, superlatives and entities to a query; the fallback that needs no model."""

    def pick(self, question: str, context: Context, now: float) -> Query | None:
        name = _name(question)
        # a job's name is not topic words ("resnet-export" is not a report)
        ws = words(question.replace(name, " ") if name else question)
        text = " ".join(ws)
        topics = {_WORD_OF[w] for w in ws if w in _WORD_OF}
        if re.search(r"\bwhat\b.*\bwent on\b", text):
            topics.add("summary")  # "what went on today?" asks what happened
        gpu = _num(r"\b(?:gpu|card|device|gpus)\s*(?:number\s*|no\s*|n\s*)?(\d+)\b", text)
        job = _num(r"\b(?:job|task|id)\s*(?:number\s*|no\s*|n\s*)?(\d+)\b", text) or _num(
            r"#\s*(\d+)", question
        )
        win = window_of(text, now)
        superlative = {w for w in ws if len(w) >= 6 and w.endswith("iest")}  # "heaviest", "hungriest"
        order = "min" if LESS & set(ws) else "max" if (MORE | superlative) & set(ws) else None
        if (
            re.search(r"\b(?:what|which)\b.*\b(?:using|uses|taking|filling|holding)\b", text)
            and "much" not in ws
        ):
            topics.add("who")  # "what is using the memory?" (not "how much memory is GPU 0 using?")
        if job is None:
            job = self._named_job(question, context)
        follow = self._follow_up(ws, topics, gpu, job, win, context)
        if follow is not None:
            return follow
        if job is not None:
            return Query("job_nodes" if "where" in ws or "cluster" in topics else "job_detail", job=job)
        return self._topic(ws, topics, gpu, win, name, order)

    @staticmethod
    def _named_job(question: str, context: Context) -> int | None:
        """A job the question names by its name ("why isn't eval-x starting?"), newest of that name."""
        q = question.lower()
        for name, job_id in context.job_names.items():
            if (
                len(name) >= 3
                and name.lower() not in VOCAB
                and re.search(rf"(?<![\w-]){re.escape(name.lower())}(?![\w-])", q)
            ):
                return job_id
        return None

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
        vague = not topics - {"gpu", "queue", "running", "fail", "cancel", "jobs", "long"}
        if ("why" in ws or "how come" in " ".join(ws)) and job is None and gpu is None and vague:
            if context.subjects:
                return Query("job_detail", job=context.subjects[0])
            if last is not None and last.name == "gate_state":
                return last
        pronoun = {"there", "it", "its", "same"} & set(ws)
        if last is not None and gpu is None and last.gpu is not None and pronoun and topics - {"gpu"}:
            picked = RulePicker._topic(ws, topics, last.gpu, win, None, None)
            if picked is not None and picked.gpu == last.gpu:
                return picked  # "and the memory there?": the same GPU, another reading
        if last is None or job is not None or topics - {"gpu"}:
            return None  # a question of its own
        bare = [int(w) for w in ws if w.isdigit()]
        if gpu is None and len(bare) == 1 and len(ws) <= 4 and (last.gpu is not None or last.job is not None):
            if last.job is not None:  # "same for 4", "and 1?": the number replaces the last one
                return replace(last, job=bare[0])
            gpu = bare[0]
        if gpu is not None:
            if last.name == "gpu_rank":
                return Query("gpu_reading", gpu=gpu, metric=last.metric)
            if last.name == "idle_gpus":
                return Query("gpu_reading", gpu=gpu, metric="util")
            if last.name in (
                "gpu_reading",
                "memory_users",
                "gpu_list",
                "energy",
                "jobs",
                "failures",
                "job_rank",
                "summary",
            ):
                return replace(last, gpu=gpu)
        if win is not None:
            if last.name in ("jobs", "failures", "job_rank", "summary", "energy"):
                return replace(last, window=win)
            return Query("summary", window=win)
        return None

    @staticmethod
    def _topic(
        ws: list[str],
        topics: set[str],
        gpu: int | None,
        win: Window | None,
        name: str | None,
        order: str | None,
    ) -> Query | None:
        metric = next(
            (
                m
                for m in ("tflops", "tensor", "energy", "power", "temperature", "memory", "util")
                if m in topics
            ),
            None,
        )
        rank = order is not None and (gpu is None) and metric is not None
        if "gate" in topics or re.search(r"\b(are|where do) you\b|\byour (model|state)\b", " ".join(ws)):
            return Query("gate_state")
        if "cluster" in topics or ("where" in ws and "jobs" in topics):
            return RulePicker._cluster(ws, topics, win, order)
        if "summary" in topics and gpu is not None and win is None:
            return Query("gpu_reading", gpu=gpu, metric="overview")
        if "summary" in topics:
            return Query("summary", window=win, gpu=gpu, job_name=name)
        if "cancel" in topics:
            return Query("failures", state="cancelled", window=win, gpu=gpu, job_name=name)
        if "fail" in topics:
            return Query("failures", window=win, gpu=gpu, job_name=name)
        if "gputime" in ws or ("gpu" in topics and {"time", "hours"} & set(ws) and order is not None):
            return Query(
                "job_rank", metric="gpu_time", order=order or "max", window=win, gpu=gpu, job_name=name
            )
        if "long" in topics and ("jobs" in topics or order is not None or name) and metric in (None, "util"):
            return Query(
                "job_rank", metric="duration", order=order or "max", window=win, gpu=gpu, job_name=name
            )
        if metric == "energy":
            return Query("energy", gpu=gpu, window=win)
        on_gpu = "gpu" in topics or gpu is not None or metric == "memory"
        if (
            "who" in topics
            and on_gpu
            and metric in (None, "memory")
            and not topics & {"jobs", "long", "queue"}
        ):
            return Query("memory_users", gpu=gpu)
        if metric == "memory" and "idle" in topics:
            metric = "free_memory"
        if "idle" in topics and metric is None and "queue" not in topics and "jobs" not in topics:
            return Query("idle_gpus")
        if rank:
            return Query("gpu_rank", metric=metric, order=order)
        if metric is not None:
            return Query("gpu_reading", gpu=gpu, metric=metric)
        if "queue" in topics or ("running" in topics and win is None and not name and "jobs" not in topics):
            state = None if {"queue", "running"} <= topics else "queued" if "queue" in topics else "running"
            return Query("queue", state=state)
        if "jobs" in topics or win is not None or name:
            state = "succeeded" if {"succeeded", "successful", "completed"} & set(ws) else None
            if "running" in topics and win is None:
                return Query("queue", state="running")
            return Query("jobs", state=state, window=win, gpu=gpu, job_name=name)
        if "models" in topics and ("gpu" in topics or gpu is not None or topics == {"models"}):
            return Query("gpu_list", gpu=gpu)
        if gpu is None and "gpu" in topics and not topics - {"gpu", "models", "running"}:
            return Query("gpu_list")  # "what GPUs do I have?", "how many cards are there?"
        if gpu is not None:
            return Query("gpu_reading", gpu=gpu, metric="overview")
        return None

    @staticmethod
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


DEFAULT_PICKERS: tuple[Picker, ...] = (RulePicker(),)


def pick(
    question: str,
    context: Context | None = None,
    pickers: tuple[Picker, ...] = DEFAULT_PICKERS,
    now: float | None = None,
) -> Query | None:
    """The query that answers ``question`` (None: off-topic, answer with :data:`REFUSAL`)."""
    context = context or Context()
    when = time.time() if now is None else now
    for picker in pickers:
        q = picker.pick(question, context, when)
        if q is not None:
            return q
    return None
