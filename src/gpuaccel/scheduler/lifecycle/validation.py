"""What a job request means: the checks of meaning every submission passes before anything is stored.

A request is checked once for its types, caps and text, by the model (:class:`api.request.JobRequest`):
the HTTP doors parse their body into it, a Python caller's dict goes through :func:`parse`. What the
model cannot know -- a command needs argv, gpus must agree with gpu_ids, a workload's spec, a directory
on the daemon's host -- is :func:`complete`, over the typed fields. The Python API, the CLI and the
routes so reject the same things with the same words: :class:`RequestError` names the field (``spec.size``,
``gpu_ids``...) and says what is accepted.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from gpuaccel.accel import workloads
from gpuaccel.api.jobs import DEFAULT_GROUP
from gpuaccel.api.ray_job import RuntimeEnv
from gpuaccel.api.request import JobRequest
from gpuaccel.scheduler.lifecycle.arrays import parse_array
from gpuaccel.scheduler.lifecycle.timing import DEFAULT_WARN_BEFORE_S
from gpuaccel.scheduler.placement.mig import check_request as check_mig

COMMAND = "command"
MAX_GPUS = 64


class RequestError(ValueError):
    """A job request field is wrong: ``field`` is its dotted name, the message says what is accepted."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


def parse(raw: Any) -> JobRequest:
    """A raw request (a JSON object from a Python caller) as the request model, checked once: its types,
    caps and text (:class:`JobRequest`); :class:`RequestError` names the first wrong field. The HTTP doors
    parse their body into the model themselves and skip this."""
    if not isinstance(raw, dict):
        raise RequestError("body", "must be a JSON object")
    try:
        return JobRequest.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors(include_url=False, include_input=False)[0]
        field = ".".join(str(part) for part in first["loc"]) or "body"
        if first["type"] == "extra_forbidden" and first["loc"][0] == "runtime_env":
            said = " (the job's env becomes Ray's env_vars)" if first["loc"][-1] == "env_vars" else ""
            takes = ", ".join(RuntimeEnv.model_fields)
            raise RequestError(field, f"not taken{said}; runtime_env takes {takes}") from None
        if first["type"] == "extra_forbidden":
            accepted = ", ".join(sorted(JobRequest.model_fields))
            raise RequestError(field, f"unknown field; accepted: {accepted}") from None
        raise RequestError(field, first["msg"].removeprefix("Value error, ")) from None


def validate_request(raw: Any) -> JobRequest:
    """A raw request (JSON object) as a complete :class:`JobRequest`, or :class:`RequestError`."""
    return complete(parse(raw))


def complete(req: JobRequest) -> JobRequest:
    """The checks of meaning a parsed request passes before it is stored, and the defaults they decide
    (the GPUs a workload needs, its spec normalised, a MIG job's one GPU); :class:`RequestError` names the
    field and says what is accepted. Types, caps and text were checked once, by the model."""
    spec, argv = req.spec, req.argv
    uses_gpu, needed, places_ranks = False, 0, False
    if req.kind == COMMAND:
        if not argv:
            raise RequestError("argv", "a command job needs a non-empty argv, e.g. ['python', 'train.py']")
        if not argv[0].strip():  # would be queued, then fail at start with "could not start ''"
            why = f"the program to run is blank ({argv[0]!r})"
            raise RequestError("argv.0", f"{why}; name it first, e.g. ['python', 'train.py']")
        if spec:
            raise RequestError("spec", "a command job takes no spec; put its arguments in argv")
    else:
        try:
            workload = workloads.get(req.kind)  # an unknown kind is named first, whatever else is wrong
            if argv:
                raise RequestError("argv", f"a {req.kind!r} workload takes its parameters in spec, not argv")
            spec = workloads.validate(req.kind, spec)
        except workloads.SpecError as exc:
            where = (
                "kind" if exc.field == "kind" else exc.field if exc.field == "spec" else f"spec.{exc.field}"
            )
            raise RequestError(where, exc.message) from None
        uses_gpu, places_ranks = workload.uses_gpu, workload.places_ranks
        needed = workload.gpus_needed(spec) if workload.gpus_needed is not None else 0
    cwd = req.cwd
    if cwd is not None and (not os.path.isabs(cwd) or not os.path.isdir(cwd)):
        raise RequestError(
            "cwd", f"must be an absolute path to an existing directory on the daemon's host, got {cwd!r}"
        )
    gpu_ids, gpus = req.gpu_ids, req.gpus
    if gpu_ids is not None and len(set(gpu_ids)) != len(gpu_ids):
        raise RequestError("gpu_ids", f"must be a non-empty list of distinct GPU indices (0-{MAX_GPUS - 1})")
    if gpu_ids is not None:
        if gpus is not None and gpus != len(gpu_ids):
            raise RequestError(
                "gpus", f"is {gpus} but gpu_ids names {len(gpu_ids)} GPUs; give one or make them agree"
            )
        gpus = len(gpu_ids)
    if gpus is None:
        gpus = max(1 if uses_gpu else 0, needed)
    elif gpus < needed:
        raise RequestError(
            "gpus", f"is {gpus} but the spec runs {needed} ranks, one per GPU; submit with --gpus {needed}"
        )
    if req.where == "ray" and gpu_ids is not None:
        raise RequestError(
            "gpu_ids", "names GPUs of the daemon's host; a Ray cluster job asks for a count (gpus)"
        )
    if req.where == "ray" and req.memory_mib is not None:
        raise RequestError(
            "memory_mib",
            "free GPU memory is checked on the daemon's host only; a Ray cluster job asks for gpus",
        )
    _node(req, places_ranks)
    _ray_asks(req)
    mig = _mig(req)
    return req.model_copy(
        update={
            "spec": spec, "gpus": 1 if mig is not None else gpus, "mig": mig,
            "depends_on": sorted(set(req.depends_on)), "after_any": sorted(set(req.after_any)),
            "after_notok": sorted(set(req.after_notok)), **_options(req),
            "cpus": None if req.cpus is None else float(req.cpus),  # a count of CPUs is stored as a float
        }
    )  # fmt: skip


def _options(req: JobRequest) -> dict[str, Any]:
    """The submission options' checks of meaning: array, warning signal and its time, finish hooks."""
    if req.array is not None:
        try:
            parse_array(req.array)
        except ValueError as exc:
            raise RequestError("array", str(exc)) from None
    warn_before_s, timeout_s = req.warn_before_s, req.timeout_s
    if req.warn_signal is not None:
        if timeout_s is None:
            raise RequestError(
                "warn_signal", "is sent before the time limit, so the job needs one: give timeout_s too"
            )
        if req.where == "ray":
            raise RequestError("warn_signal", "is sent to processes on the daemon's host, not to Ray jobs")
        warn_before_s = DEFAULT_WARN_BEFORE_S if warn_before_s is None else warn_before_s
        if warn_before_s >= timeout_s:
            raise RequestError(
                "warn_before_s", f"is {warn_before_s:g} s, not less than the time limit ({timeout_s:g} s)"
            )
    elif warn_before_s is not None:
        raise RequestError("warn_before_s", "needs warn_signal (the signal to send)")
    for key in ("on_finish", "on_finish_url"):
        value = getattr(req, key)
        if value is not None and not value.strip():
            raise RequestError(key, "must be a non-empty string")
    url = req.on_finish_url
    if url is not None and not url.startswith(("http://", "https://")):
        raise RequestError("on_finish_url", f"must be an http:// or https:// URL, got {url!r}")
    return {"warn_before_s": warn_before_s}


def _node(req: JobRequest, places_ranks: bool) -> None:
    """A pin names a node of the Ray cluster (:mod:`scheduler.placement.node_pin`), for one process to run
    on (its name's form is the model's check)."""
    if req.node is None:
        return
    if req.where != "ray":
        raise RequestError(
            "node",
            f"names a Ray cluster node, but a job with where: {req.where or 'local'} runs on the daemon's "
            "host; submit it with where: ray (gpuaccel submit --where ray --node NAME)",
        )
    if places_ranks:
        raise RequestError(
            "node",
            f"a {req.kind!r} job places its own ranks over the cluster's nodes, so it is not pinned to one; "
            "leave out node",
        )


RAY_ASKS = ("cpus", "ram_mib", "resources", "runtime_env")


def _ray_asks(req: JobRequest) -> None:
    """What a cluster job asks of Ray beyond GPUs (:mod:`api.ray_job`): only a job with where: ray has
    them, and a working_dir on the daemon's host must be a directory there (the daemon uploads it)."""
    given = [k for k in RAY_ASKS if getattr(req, k) not in (None, {})]
    if given and req.where != "ray":
        raise RequestError(
            given[0],
            f"is asked of Ray, but a job with where: {req.where or 'local'} runs on the daemon's host; "
            "submit it with where: ray (gpuaccel submit --where ray)",
        )
    env = req.runtime_env
    wd = None if env is None else env.working_dir
    if env is None or wd is None:
        return
    if not env.is_uri():
        if "://" in wd:
            raise RequestError(
                "runtime_env.working_dir", f"a remote working_dir must be a .zip archive's URI, got {wd!r}"
            )
        if not os.path.isabs(wd) or not os.path.isdir(wd):
            raise RequestError(
                "runtime_env.working_dir",
                f"must be an absolute path to a directory on the daemon's host (it uploads it to the "
                f"cluster) or a remote .zip URI, got {wd!r}",
            )
    if req.cwd is not None:
        raise RequestError(
            "cwd", "a job with a runtime_env working_dir runs in it on the cluster; leave out cwd"
        )


def _mig(req: JobRequest) -> str | None:
    """A MIG request takes one instance of this host's GPUs (:mod:`scheduler.placement.mig`)."""
    if req.mig is None:
        return None
    try:
        mig = check_mig(req.mig)
    except ValueError as exc:
        raise RequestError("mig", str(exc)) from None
    if req.gpu_ids is not None or req.gpus not in (None, 1):
        raise RequestError("mig", f"takes one MIG instance; leave out gpu_ids and gpus (got gpus={req.gpus})")
    if req.where == "ray":
        raise RequestError("mig", "MIG instances are placed on the daemon's host; leave out where='ray'")
    return mig


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
    where: str = "local"
    not_before: float | None = None
    array_id: int | None = None
    array_max: int | None = None
    after_any: tuple[int, ...] = ()
    after_notok: tuple[int, ...] = ()
    group: str = DEFAULT_GROUP
    seq: int = 0  # order among equal priorities
    mig: str | None = None
    want_node: str | None = None  # the cluster node it is pinned to (scheduler.placement.node_pin)
