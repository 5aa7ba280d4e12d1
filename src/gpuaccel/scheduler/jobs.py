"""What a job is: the request a user submits (validated before anything is stored) and the stored job.

Validation happens here, not in the HTTP layer, so the Python API, the CLI and the routes reject the same
things with the same words: :class:`RequestError` names the field (``spec.size``, ``gpu_ids``...) and
says what is accepted.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from typing import Any

from gpuaccel.accel import workloads

STATES = ("queued", "retrying", "running", "succeeded", "failed", "cancelled")
ACTIVE_STATES = ("queued", "retrying", "running")
FINISHED_STATES = ("succeeded", "failed", "cancelled")
COMMAND = "command"
MAX_GPUS = 64


class RequestError(ValueError):
    """A job request field is wrong: ``field`` is its dotted name, the message says what is accepted."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass
class JobRequest:
    kind: str
    argv: list[str] = field(default_factory=list)
    env: dict[str, str] = field(default_factory=dict)
    cwd: str | None = None
    spec: dict[str, Any] = field(default_factory=dict)
    name: str | None = None
    priority: int = 0
    gpus: int = 0
    gpu_ids: list[int] | None = None
    memory_mib: int | None = None
    max_retries: int = 0
    depends_on: list[int] = field(default_factory=list)
    labels: dict[str, str] = field(default_factory=dict)
    timeout_s: float | None = None


def _int(raw: dict[str, Any], key: str, default: int | None, lo: int, hi: int) -> int | None:
    value = raw.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(key, f"must be an integer from {lo} to {hi}, got {value!r}")
    if not lo <= value <= hi:
        raise RequestError(key, f"must be from {lo} to {hi}, got {value}")
    return value


def _str_map(raw: dict[str, Any], key: str) -> dict[str, str]:
    value = raw.get(key) or {}
    if not isinstance(value, dict):
        raise RequestError(
            key, f"must be an object of string keys to string values, got {type(value).__name__}"
        )
    for k, v in value.items():
        if not isinstance(k, str) or not k or not isinstance(v, str) or "\0" in k + v:
            raise RequestError(f"{key}.{k}", "keys must be non-empty strings and values strings")
        if key == "env" and "=" in k:
            raise RequestError(f"{key}.{k}", "an environment variable name cannot contain '='")
    return dict(value)


def validate_request(raw: dict[str, Any]) -> JobRequest:
    """Turn a raw request (JSON object) into a complete :class:`JobRequest` or raise :class:`RequestError`."""
    if not isinstance(raw, dict):
        raise RequestError("body", "must be a JSON object")
    known = {f for f in JobRequest.__dataclass_fields__}
    for key in raw:
        if key not in known:
            raise RequestError(key, f"unknown field; accepted: {', '.join(sorted(known))}")
    kind = raw.get("kind")
    if not isinstance(kind, str) or not kind:
        raise RequestError("kind", "required: 'command' or a workload kind")
    argv = raw.get("argv") or []
    if not isinstance(argv, list) or not all(isinstance(a, str) and "\0" not in a for a in argv):
        raise RequestError("argv", "must be a list of strings (without NUL characters)")
    spec = raw.get("spec") or {}
    uses_gpu = False
    if kind == COMMAND:
        if not argv:
            raise RequestError("argv", "a command job needs a non-empty argv, e.g. ['python', 'train.py']")
        if spec:
            raise RequestError("spec", "a command job takes no spec; put its arguments in argv")
    else:
        if argv:
            raise RequestError("argv", f"a {kind!r} workload takes its parameters in spec, not argv")
        try:
            workload = workloads.get(kind)
            spec = workloads.validate(kind, spec)
        except workloads.SpecError as exc:
            where = (
                "kind" if exc.field == "kind" else exc.field if exc.field == "spec" else f"spec.{exc.field}"
            )
            raise RequestError(where, exc.message) from None
        uses_gpu = workload.uses_gpu
    cwd = raw.get("cwd")
    if cwd is not None and (
        not isinstance(cwd, str) or "\0" in cwd or not os.path.isabs(cwd) or not os.path.isdir(cwd)
    ):
        raise RequestError(
            "cwd", f"must be an absolute path to an existing directory on the daemon's host, got {cwd!r}"
        )
    name = raw.get("name")
    if name is not None and (not isinstance(name, str) or len(name) > 200):
        raise RequestError("name", "must be a string of at most 200 characters")
    gpu_ids = raw.get("gpu_ids")
    if gpu_ids is not None and (
        not isinstance(gpu_ids, list)
        or not gpu_ids
        or not all(isinstance(i, int) and not isinstance(i, bool) and 0 <= i < MAX_GPUS for i in gpu_ids)
        or len(set(gpu_ids)) != len(gpu_ids)
    ):
        raise RequestError("gpu_ids", f"must be a non-empty list of distinct GPU indices (0-{MAX_GPUS - 1})")
    gpus = _int(raw, "gpus", None, 0, MAX_GPUS)
    if gpu_ids is not None:
        if gpus is not None and gpus != len(gpu_ids):
            raise RequestError(
                "gpus", f"is {gpus} but gpu_ids names {len(gpu_ids)} GPUs; give one or make them agree"
            )
        gpus = len(gpu_ids)
    if gpus is None:
        gpus = 1 if uses_gpu else 0
    depends_on = raw.get("depends_on") or []
    if not isinstance(depends_on, list) or not all(
        isinstance(i, int) and not isinstance(i, bool) and 0 < i < 2**63 for i in depends_on
    ):
        raise RequestError("depends_on", "must be a list of job ids (positive integers)")
    timeout_s = raw.get("timeout_s")
    if timeout_s is not None and (
        isinstance(timeout_s, bool)
        or not isinstance(timeout_s, int | float)
        or not 0 < timeout_s <= 365 * 86400
    ):
        raise RequestError("timeout_s", f"must be a number of seconds > 0, got {timeout_s!r}")
    return JobRequest(
        kind=kind,
        argv=list(argv),
        env=_str_map(raw, "env"),
        cwd=cwd,
        spec=spec,
        name=name,
        priority=_int(raw, "priority", 0, -1_000_000, 1_000_000) or 0,
        gpus=gpus,
        gpu_ids=list(gpu_ids) if gpu_ids is not None else None,
        memory_mib=_int(raw, "memory_mib", None, 1, 10_000_000),
        max_retries=_int(raw, "max_retries", 0, 0, 100) or 0,
        depends_on=sorted(set(depends_on)),
        labels=_str_map(raw, "labels"),
        timeout_s=float(timeout_s) if timeout_s is not None else None,
    )


@dataclass(frozen=True)
class Pending:
    """The few columns of a queued job that dispatch needs (reading whole jobs per tick is too slow)."""

    id: int
    priority: int
    gpus: int
    gpu_ids: list[int] | None
    memory_mib: int | None
    depends_on: list[int]
    waiting_reason: str | None


@dataclass
class Job:
    """A stored job, as the API returns it (``to_json``) and as Python readers (the assistant) use it."""

    id: int
    name: str | None
    kind: str
    spec: dict[str, Any]
    argv: list[str]
    env: dict[str, str]
    cwd: str | None
    state: str
    priority: int
    gpus: int
    gpu_ids: list[int] | None
    assigned_gpus: list[int]
    memory_mib: int | None
    max_retries: int
    attempt: int
    depends_on: list[int]
    labels: dict[str, str]
    timeout_s: float | None
    created_at: float
    started_at: float | None
    finished_at: float | None
    exit_code: int | None
    reason: str | None
    waiting_reason: str | None
    progress: dict[str, Any] | None
    result: dict[str, Any] | None
    retry_at: float | None = None
    retry_base: int = 0
    worker_pid: int | None = None
    worker_start: str | None = None  # the worker's kernel start time, to recognise it after a restart
    events: list[dict[str, Any]] | None = None

    _JSON_COLUMNS = (
        "spec",
        "argv",
        "env",
        "gpu_ids",
        "assigned_gpus",
        "depends_on",
        "labels",
        "progress",
        "result",
    )

    @classmethod
    def from_row(cls, row: Any) -> Job:
        data = dict(row)
        for key in cls._JSON_COLUMNS:
            if data.get(key) is not None:
                data[key] = json.loads(data[key])
        names = cls.__dataclass_fields__
        return cls(**{k: v for k, v in data.items() if k in names})

    @property
    def can_retry(self) -> bool:
        """Whether a failed current attempt may be retried automatically (a user's retry resets the count)."""
        return self.attempt - self.retry_base <= self.max_retries

    @property
    def finished(self) -> bool:
        return self.state in FINISHED_STATES

    def to_json(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in self.__dataclass_fields__}  # asdict's deep copy is slow
        if data["events"] is None:
            del data["events"]
        return data
