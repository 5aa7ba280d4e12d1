"""What a conversation carries from one answer to the next (its focus, the machine's names); a picker."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from gpuaccel.assistant.queries.query import Query, Window


@dataclass(frozen=True)
class JobBrief:
    """What a job is besides its name, for "the job that needs two GPUs", "the training that is running
    now", "the overnight fine-tune on the H100": its state, the GPUs it asks for and ran on, its run."""

    state: str
    gpus: int
    ran_on: tuple[int, ...] = ()
    started: float | None = None
    until: float | None = None  # its run's end, or now while it runs
    after: tuple[int, ...] = ()  # the jobs it waits on (its dependencies), for "the job it's waiting on"


@dataclass
class Context:
    """What the previous answer was about, for follow-ups."""

    last: Query | None = None
    subjects: list[int] = field(default_factory=list)
    job_names: dict[str, int] = field(default_factory=dict)  # the queue's job names, for "why is eval-x ...?"
    gpus: list[int] = field(default_factory=list)  # the machine's GPU indices, for "and the other one?"
    subject_gpus: list[int] = field(default_factory=list)  # the GPUs the last answer named first
    gpu_models: dict[int, str] = field(default_factory=dict)  # index -> model name, for "on the 4090"
    listing: list[int] = field(default_factory=list)  # the jobs of a list, for "the one before that"
    listed: Query | None = None  # the query that listed them (intent_lists)
    # names several jobs share (an array: lr-sweep[0..3]) -> their index -> job id, for "how did the lr
    # sweep go" (all of them) and "sweep element 2" (that one); the machine's, like job_names
    arrays: dict[str, dict[int, int]] = field(default_factory=dict)
    # the GPU processes' names -> the GPU each holds memory on ("how much is fake-trainer using"); the
    # machine's, read each turn like job_names, never stored
    process_names: dict[str, int] = field(default_factory=dict)
    gpu_memory: dict[int, float] = field(default_factory=dict)  # index -> total MiB, for "the big card"
    job_briefs: dict[int, JobBrief] = field(default_factory=dict)  # the machine's, read each turn, not stored
    now: float | None = None  # the clock "this morning's eval" is read against (with job_briefs)
    # the instants of the peaks the last answer named, by reading, for "which job was on then" (the one
    # moment) and "what was running at the temp peak" (that reading's, after several)
    moments: dict[str, Window] = field(default_factory=dict)
    # the conversation's last reading of a GPU, kept through answers about jobs: "and the 4090's peak?"
    # after the jobs that ran at GPU 0's temperature peak is that temperature's
    reading: Query | None = None
    # the last message's earlier asks when it asked several ("h100 watts and its sm clock"): "and the 4090?"
    # asks each of them again of that GPU
    asked: list[Query] = field(default_factory=list)
    # the language modules that read the last message ("french", "spanish"): its next message, showing no
    # language's marks of its own, is read by them too ("et le max ?" after French turns)
    languages: tuple[str, ...] = ()
    # the last message's request to act, as heard ("bump job 12 to priority 10"): "and 13 too" asks it of
    # job 13; only the message right after a request keeps it
    request: str | None = None
    # the job's setting the last question asked about ("how many gpus does job 13 ask for?": "gpus", or
    # "priority", "memory"): a bare value next ("change it to 1") is its new value, not a job's number
    setting: str | None = None

    @property
    def moment(self) -> Window | None:
        """The one instant the last answer named; None where it named none or several."""
        return next(iter(self.moments.values())) if len(self.moments) == 1 else None

    def running_on(self, gpu: int | None) -> list[int]:
        """The jobs running (or paused: they keep their GPUs) on ``gpu``, by the machine's job briefs."""
        live = ("running", "paused")
        return sorted(
            i for i, b in self.job_briefs.items() if b.state in live and gpu is not None and gpu in b.ran_on
        )

    def names_by_id(self) -> dict[int, str]:
        """Each job's name by its id: the queue's names, and every array element's (``job_names`` holds only
        an array's newest)."""
        names = {i: n for n, i in self.job_names.items()}
        return names | {i: n for n, elements in self.arrays.items() for i in elements.values()}

    def job_in_focus(self) -> int | None:
        """The job "it" means: the last query's job, else the one job the last answer named."""
        if self.last is not None and self.last.job is not None:
            return self.last.job
        return self.subjects[0] if len(self.subjects) == 1 else None

    def at_the_peak(self, query: Query | None) -> bool:
        """Whether ``query`` reads the conversation's reading at its one peak's moment ("what time was that?"
        after one GPU's peak over a span: the same reading, over the second the last answer said it peaked
        in). Such a read is an aside: the span stays the reading a follow-up goes on from."""
        reading, w = self.reading, query.window if query is not None else None
        if query is None or reading is None or w is None or reading.window is None or reading.window.instant:
            return False
        same = query.name == reading.name == "gpu_reading" and query.metric == reading.metric
        inside = reading.window.t0 <= w.t0 < reading.window.t1
        return same and inside and w == self.moments.get(query.metric or "")

    def reading_after(self, query: Query | None) -> Query | None:
        """The conversation's reading of a GPU after ``query``: ``query`` where it reads a GPU, except a read
        at its peak's moment (:meth:`at_the_peak`), which keeps the span's; the reading before after any other
        answer."""
        if query is None or query.name != "gpu_reading" or self.at_the_peak(query):
            return self.reading
        return query

    def several_meant(self) -> list[int]:
        """The jobs one said without its number or name ("that one", "it", a request naming none) is one of,
        none of them meant: those the last answer named (the whole list they head), where it named several
        and none is in focus; [] where one is meant or none was named. A question and a request after them
        alike ask which of them (:func:`names.which_of`)."""
        if len(self.subjects) < 2 or self.job_in_focus() is not None:
            return []
        return list(self.listing) if set(self.subjects) < set(self.listing) else list(self.subjects)

    def to_json(self) -> dict[str, Any]:
        """Plain values: what a chat session stores and what the model worker is sent (the machine's GPUs
        and job names only when known, so a stored answer's context stays small)."""
        data: dict[str, Any] = {
            "query": self.last.to_json() if self.last else None,
            "subjects": self.subjects,
            "subject_gpus": self.subject_gpus,
        }
        if self.job_names:
            data["job_names"] = self.job_names
        if self.gpus:
            data["gpus"] = self.gpus
        if self.gpu_models:
            data["gpu_models"] = [[i, m] for i, m in self.gpu_models.items()]  # JSON keys would be strings
        if self.listing:
            data["listing"] = self.listing
            data["listed"] = self.listed.to_json() if self.listed else None
        if self.moments:
            data["moments"] = {m: w.to_json() for m, w in self.moments.items()}
        if self.reading is not None:
            data["reading"] = self.reading.to_json()
        if self.asked:
            data["asked"] = [q.to_json() for q in self.asked]
        if self.languages:
            data["languages"] = list(self.languages)
        if self.request:
            data["request"] = self.request
        if self.setting:
            data["setting"] = self.setting
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Context:
        if not data:
            return cls()
        try:
            return cls(
                Query.from_json(data["query"]) if data.get("query") else None,
                [int(j) for j in data.get("subjects") or []],
                {str(k): int(v) for k, v in (data.get("job_names") or {}).items()},
                [int(g) for g in data.get("gpus") or []],
                [int(g) for g in data.get("subject_gpus") or []],
                {int(i): str(m) for i, m in data.get("gpu_models") or []},
                [int(j) for j in data.get("listing") or []],
                Query.from_json(data["listed"]) if data.get("listed") else None,
                moments=_moments(data),
                reading=Query.from_json(data["reading"]) if data.get("reading") else None,
                asked=[Query.from_json(q) for q in data.get("asked") or []],
                languages=tuple(str(m) for m in data.get("languages") or []),
                request=str(data["request"]) if data.get("request") else None,
                setting=str(data["setting"]) if data.get("setting") else None,
            )
        except (TypeError, ValueError, KeyError, AttributeError):
            return cls()  # a context stored by another version: start afresh rather than fail


class Picker(Protocol):
    def pick(self, question: str, context: Context, now: float) -> Query | None: ...


@dataclass(frozen=True)
class Declined:
    """A picker's word that a question is not about this machine (advice, general knowledge, the world
    outside): no later picker is asked, so a model never answers what the rules know to refuse."""

    why: str


def _moments(data: dict[str, Any]) -> dict[str, Window]:
    """The stored moments; a session stored before they were kept by reading has one, under "moment"."""
    if data.get("moment"):
        return {"": Window.from_json(data["moment"])}
    return {str(m): Window.from_json(w) for m, w in (data.get("moments") or {}).items()}
