"""The job contract: the one definition of every shape the store, the API, the client, the CLI and the
GUI share (a job, events, telemetry answers); its states are :mod:`api.states` (re-exported here), what
a user submits is :mod:`api.request`.

They describe; they do not decide: request semantics live in
:func:`scheduler.lifecycle.validation.complete`
so the Python API and the HTTP API accept exactly the same jobs. A job's progress and result are the
report channel's own types (:mod:`accel.workloads.report`), so what a job may report, what is stored
and what the API publishes cannot drift apart.
"""

from __future__ import annotations

import json
import re
from typing import Any

from pydantic import BaseModel, Field, TypeAdapter, field_validator

from gpuaccel.accel.workloads.report import Metrics, Progress
from gpuaccel.api.limits import clean_text
from gpuaccel.api.pattern_words import worded
from gpuaccel.api.ray_job import RuntimeEnv
from gpuaccel.api.states import ACTIVE, FINISHED, LIVE, WAITING, JobState

__all__ = [
    "ACTIVE", "ArrayOut", "FINISHED", "LIVE", "Event", "EventList", "Job", "JobList", "JobState", "Metrics",
    "Progress", "WAITING",
]  # fmt: skip


GROUP_NAME = worded(
    r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$",
    "a group name: 1 to 64 letters, digits, '_', '.' or '-', starting with a letter or digit (e.g. night)",
)
DEFAULT_GROUP = "default"


class ErrorOut(BaseModel):
    detail: str


_JSON_ERROR = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}}
ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorOut, "description": "the body is not JSON", "content": _JSON_ERROR},
    404: {"model": ErrorOut, "description": "no such job (or GPU)", "content": _JSON_ERROR},
    409: {
        "model": ErrorOut,
        "description": "the job is not in a state that allows this",
        "content": _JSON_ERROR,
    },
}


class Event(BaseModel):
    """One line of the queue's history: a job's transition, a GPU turning idle or busy, the gate."""

    id: int
    t: float
    type: str = Field(description="job, idle or gate")
    job_id: int | None
    gpu: int | None
    state: str | None
    message: str
    data: dict[str, Any] | None


class Job(BaseModel):
    """A stored job: what the store builds from a row, the routes return and Python readers use."""

    id: int
    name: str | None
    kind: str
    spec: dict[str, Any]
    argv: list[str]
    env: dict[str, str]
    cwd: str | None
    state: JobState
    priority: int
    gpus: int
    gpu_ids: list[int] | None
    assigned_gpus: list[int]
    memory_mib: int | None
    max_retries: int
    attempt: int
    attempts_allowed: int | None = Field(
        default=None,
        description="the last attempt the current retry budget allows: 'attempt 2 of 2' after a retry "
        "by hand, which gives the job its max_retries afresh",
    )
    depends_on: list[int]
    labels: dict[str, str]
    timeout_s: float | None
    created_at: float
    started_at: float | None
    finished_at: float | None
    exit_code: int | None
    reason: str | None = Field(description="why it failed or was cancelled, in words")
    waiting_reason: str | None = Field(description="why a queued job is not running yet")
    progress: Progress | None
    result: Metrics | None = Field(description="what the job reported as its result (JSON object)")
    retry_at: float | None = Field(default=None, description="retrying: when the next attempt is queued")
    worker_pid: int | None = Field(
        default=None, description="running: the worker's pid (= its process group)"
    )
    where: str = Field(default="local", description="local (this host) or ray (the Ray cluster)")
    group: str = Field(default=DEFAULT_GROUP, description="the queue group it belongs to")
    paused_at: float | None = Field(default=None, description="paused: since when")
    paused_s: float = Field(default=0.0, description="seconds this attempt spent paused before now")
    node: str | None = Field(default=None, description="the cluster node the latest attempt ran on")
    want_node: str | None = Field(
        default=None, description="the cluster node it must run on (the request's node), as given"
    )
    placement_ref: str | None = Field(default=None, description="the latest attempt's Ray submission id")
    cpus: float | None = Field(default=None, description="CPUs Ray reserves for it (a cluster job)")
    ram_mib: int | None = Field(default=None, description="host memory (MiB) Ray reserves for it")
    resources: dict[str, float] = Field(default_factory=dict, description="custom Ray resources it needs")
    runtime_env: RuntimeEnv | None = Field(default=None, description="its Ray runtime env (api.ray_job)")
    not_before: float | None = Field(default=None, description="unix time before which it does not start")
    array_id: int | None = Field(default=None, description="its array's id (the first element's job id)")
    array_index: int | None = Field(default=None, description="its index in the array")
    array_max: int | None = Field(default=None, description="the array's limit of elements running at once")
    after_any: list[int] = Field(default_factory=list, description="job ids that must end first")
    after_notok: list[int] = Field(default_factory=list, description="job ids that must fail first")
    kill_grace_s: float | None = Field(
        default=None, description="SIGTERM -> SIGKILL delay; null: the daemon's"
    )
    warn_signal: str | None = Field(default=None, description="sent warn_before_s before the time limit")
    warn_before_s: float | None = None
    on_finish: str | None = Field(default=None, description="shell command run when it has finished")
    on_finish_url: str | None = Field(default=None, description="URL POSTed to when it has finished")
    mig: str | None = Field(default=None, description="the MIG instance asked for: 'any' or its uuid")
    assigned_mig: str | None = Field(default=None, description="the MIG instance the latest attempt got")
    events: list[Event] | None = Field(default=None, description="GET /jobs/{id} only; null in listings")
    summary: bool = Field(
        default=False,
        description="true in listings: argv and labels are shortened and env values left out; "
        "GET /jobs/{id} has them in full",
    )
    # Bookkeeping for retries and restart recovery, never sent.
    retry_base: int = Field(default=0, exclude=True)
    worker_start: str | None = Field(default=None, exclude=True)  # the worker's kernel start time
    seq: int | None = Field(default=None, exclude=True)  # order among equal priorities (switch swaps it)

    @field_validator("where", mode="before")
    @classmethod
    def _where(cls, value: Any) -> Any:
        return "local" if value is None else value  # a request's "not said" (the store always says)

    @classmethod
    def from_row(cls, row: Any) -> Job:
        """Build from a jobs row. A progress or result that does not pass the report channel's checks
        (stored by an older version) is dropped, so no listing can fail on it."""
        data = dict(row)
        for key in _JSON_COLUMNS:
            text = data.get(key)
            if isinstance(text, str | bytes):
                try:
                    data[key] = json.loads(text)
                    if _ESCAPED_SURROGATE.search(text if isinstance(text, str) else text.decode()):
                        data[key] = _clean_json(data[key])
                except (ValueError, RecursionError):
                    data[key] = None
        if data.get("attempts_allowed") is None and "max_retries" in data:  # from the stored budget
            data["attempts_allowed"] = int(data.get("retry_base") or 0) + int(data["max_retries"] or 0) + 1
        for key, adapter in _SANITIZED.items():
            if data.get(key) is not None:
                try:
                    data[key] = adapter.validate_python(data[key])
                except (ValueError, RecursionError):
                    data[key] = None
        return cls.model_validate(data)

    def summarized(self) -> Job:
        """The listing form: what a table row or a filter needs, bounded whatever was submitted."""
        argv = [_cut(a, SUMMARY_ARG_CHARS) for a in self.argv[:SUMMARY_ARGS]]
        if len(self.argv) > SUMMARY_ARGS:
            argv.append(f"… ({len(self.argv) - SUMMARY_ARGS} more)")
        labels = {
            _cut(k, SUMMARY_ARG_CHARS): _cut(v, SUMMARY_ARG_CHARS)
            for k, v in list(self.labels.items())[:SUMMARY_LABELS]
        }
        return self.model_copy(update={"argv": argv, "env": {}, "labels": labels, "summary": True})

    def attempt_words(self) -> str:
        """The attempt as every view says it: "attempt N of M" (M: :attr:`attempts_allowed`)."""
        allowed = self.attempts_allowed or self.retry_base + self.max_retries + 1
        return f"attempt {self.attempt} of {allowed}"

    @property
    def can_retry(self) -> bool:
        """Whether a failed current attempt may be retried automatically (a user's retry resets the count)."""
        return self.attempt - self.retry_base <= self.max_retries

    @property
    def finished(self) -> bool:
        return self.state in FINISHED

    def to_json(self) -> dict[str, Any]:
        """The API's JSON (``events`` only when they were read)."""
        return self.model_dump(mode="json", exclude={"events"} if self.events is None else None)

    def to_json_bytes(self) -> bytes:
        """:meth:`to_json` serialized (by pydantic-core, without a Python dict in between)."""
        return self.model_dump_json(exclude={"events"} if self.events is None else None).encode()


_JSON_COLUMNS = (
    "spec",
    "argv",
    "env",
    "gpu_ids",
    "assigned_gpus",
    "depends_on",
    "after_any",
    "after_notok",
    "labels",
    "resources",
    "runtime_env",
    "progress",
    "result",
)
_ESCAPED_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")  # how json.dumps writes one (ASCII output)
SUMMARY_ARGS = 16  # listings: the first argv items ...
SUMMARY_ARG_CHARS = 256  # ... and label keys/values, each cut to this
SUMMARY_LABELS = 16


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _clean_json(value: Any) -> Any:
    """A stored JSON value with every lone surrogate replaced (rows written before text was checked)."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, list):
        return [_clean_json(v) for v in value]
    if isinstance(value, dict):
        return {clean_text(str(k)): _clean_json(v) for k, v in value.items()}
    return value


_SANITIZED: dict[str, TypeAdapter[Any]] = {"progress": TypeAdapter(Progress), "result": TypeAdapter(Metrics)}


class JobList(BaseModel):
    jobs: list[Job]


class ArrayOut(BaseModel):
    """A job array: its id (its first element's job id), how many elements are in each state, and its
    elements in index order (listing form; GET only, up to ``limit`` or the one ``index`` asked for)."""

    array_id: int
    states: dict[str, int]
    jobs: list[Job] = Field(default_factory=list)


class EventList(BaseModel):
    events: list[Event]
