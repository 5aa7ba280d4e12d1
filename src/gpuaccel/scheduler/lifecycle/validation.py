"""What a job request means: the checks every submission passes before anything is stored.

Validation happens here, not in the HTTP layer, so the Python API, the CLI and the routes reject the same
things with the same words: :class:`RequestError` names the field (``spec.size``, ``gpu_ids``...) and
says what is accepted.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from gpuaccel.accel import workloads
from gpuaccel.api.jobs import DEFAULT_GROUP
from gpuaccel.api.limits import MAX_KILL_GRACE_S, MAX_NAME_CHARS, MAX_UNIX_TIME
from gpuaccel.api.nodes import check_name
from gpuaccel.api.ray_job import RuntimeEnv
from gpuaccel.api.request import JobRequest
from gpuaccel.scheduler.lifecycle.arrays import parse_array
from gpuaccel.scheduler.lifecycle.timing import DEFAULT_WARN_BEFORE_S, WARN_SIGNALS
from gpuaccel.scheduler.placement.mig import check_request as check_mig

COMMAND = "command"
MAX_GPUS = 64


class RequestError(ValueError):
    """A job request field is wrong: ``field`` is its dotted name, the message says what is accepted."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


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


def _check_contract(raw: dict[str, Any]) -> None:
    """The request model's caps and text checks, for callers that did not come through the HTTP door."""
    try:
        JobRequest.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors(include_url=False, include_input=False)[0]
        field = ".".join(str(part) for part in first["loc"]) or "body"
        raise RequestError(field, first["msg"].removeprefix("Value error, ")) from None


def validate_request(raw: dict[str, Any]) -> JobRequest:
    """Turn a raw request (JSON object) into a complete :class:`JobRequest` or raise :class:`RequestError`."""
    if not isinstance(raw, dict):
        raise RequestError("body", "must be a JSON object")
    known = JobRequest.model_fields
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
    uses_gpu, needed, places_ranks = False, 0, False
    if kind == COMMAND:
        if not argv:
            raise RequestError("argv", "a command job needs a non-empty argv, e.g. ['python', 'train.py']")
        if not argv[0].strip():  # would be queued, then fail at start with "could not start ''"
            why = f"the program to run is blank ({argv[0]!r})"
            raise RequestError("argv.0", f"{why}; name it first, e.g. ['python', 'train.py']")
        if spec:
            raise RequestError("spec", "a command job takes no spec; put its arguments in argv")
    else:
        try:
            workload = workloads.get(kind)  # an unknown kind is named first, whatever else is wrong
            if argv:
                raise RequestError("argv", f"a {kind!r} workload takes its parameters in spec, not argv")
            spec = workloads.validate(kind, spec)
        except workloads.SpecError as exc:
            where = (
                "kind" if exc.field == "kind" else exc.field if exc.field == "spec" else f"spec.{exc.field}"
            )
            raise RequestError(where, exc.message) from None
        uses_gpu, places_ranks = workload.uses_gpu, workload.places_ranks
        needed = workload.gpus_needed(spec) if workload.gpus_needed is not None else 0
    cwd = raw.get("cwd")
    if cwd is not None and (
        not isinstance(cwd, str) or "\0" in cwd or not os.path.isabs(cwd) or not os.path.isdir(cwd)
    ):
        raise RequestError(
            "cwd", f"must be an absolute path to an existing directory on the daemon's host, got {cwd!r}"
        )
    name = raw.get("name")
    if name is not None and (not isinstance(name, str) or len(name) > MAX_NAME_CHARS):
        raise RequestError("name", f"must be a string of at most {MAX_NAME_CHARS} characters")
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
        gpus = max(1 if uses_gpu else 0, needed)
    elif gpus < needed:
        raise RequestError(
            "gpus", f"is {gpus} but the spec runs {needed} ranks, one per GPU; submit with --gpus {needed}"
        )
    depends_on = raw.get("depends_on") or []
    if not isinstance(depends_on, list) or not all(
        isinstance(i, int) and not isinstance(i, bool) and 0 < i < 2**63 for i in depends_on
    ):
        raise RequestError("depends_on", "must be a list of job ids (positive integers)")
    where = raw.get("where")
    if where is not None and where not in ("local", "ray"):
        raise RequestError(
            "where", f"must be 'local' (this host's GPUs) or 'ray' (the Ray cluster), got {where!r}"
        )
    if where == "ray" and gpu_ids is not None:
        raise RequestError(
            "gpu_ids", "names GPUs of the daemon's host; a Ray cluster job asks for a count (gpus)"
        )
    if where == "ray" and raw.get("memory_mib") is not None:
        raise RequestError(
            "memory_mib",
            "free GPU memory is checked on the daemon's host only; a Ray cluster job asks for gpus",
        )
    _node(raw, where, kind, places_ranks)
    ray_asks = _ray_asks(raw, where, cwd)
    mig = _mig(raw, gpus, gpu_ids, where)
    if mig is not None:
        gpus = 1
    timeout_s = raw.get("timeout_s")
    if timeout_s is not None and (
        isinstance(timeout_s, bool)
        or not isinstance(timeout_s, int | float)
        or not 0 < timeout_s <= 365 * 86400
    ):
        raise RequestError("timeout_s", f"must be a number of seconds > 0, got {timeout_s!r}")
    priority = _int(raw, "priority", 0, -1_000_000, 1_000_000) or 0
    memory_mib = _int(raw, "memory_mib", None, 1, 10_000_000)
    max_retries = _int(raw, "max_retries", 0, 0, 100) or 0
    env, labels = _str_map(raw, "env"), _str_map(raw, "labels")
    options = _options(raw, where, timeout_s)
    hold = raw.get("hold", False)
    if not isinstance(hold, bool):
        raise RequestError("hold", f"must be true or false, got {hold!r}")
    _check_contract(raw)  # the caps and text checks of the model, after the checks of meaning above
    return JobRequest.model_construct(
        kind=kind,
        argv=list(argv),
        env=env,
        cwd=cwd,
        spec=spec,
        name=name,
        priority=priority,
        gpus=gpus,
        gpu_ids=list(gpu_ids) if gpu_ids is not None else None,
        memory_mib=memory_mib,
        max_retries=max_retries,
        depends_on=sorted(set(depends_on)),
        labels=labels,
        timeout_s=float(timeout_s) if timeout_s is not None else None,
        where=where,
        **options,
        group=raw.get("group") or DEFAULT_GROUP,  # checked against the groups table when stored
        hold=hold,
        mig=mig,
        node=raw.get("node"),
        **ray_asks,
    )


def _ids(raw: dict[str, Any], key: str) -> list[int]:
    value = raw.get(key) or []
    if not isinstance(value, list) or not all(
        isinstance(i, int) and not isinstance(i, bool) and 0 < i < 2**63 for i in value
    ):
        raise RequestError(key, "must be a list of job ids (positive integers)")
    return sorted(set(value))


def _number(raw: dict[str, Any], key: str, lo: float, hi: float) -> float | None:
    value = raw.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not lo <= value <= hi:
        raise RequestError(key, f"must be a number from {lo:g} to {hi:g}, got {value!r}")
    return float(value)


def _options(raw: dict[str, Any], where: str | None, timeout_s: float | None) -> dict[str, Any]:
    """The submission options' checks of meaning: delayed start, array, dependency kinds, kill grace
    and warning signal, finish hooks."""
    array = raw.get("array")
    if array is not None:
        if not isinstance(array, str):
            raise RequestError("array", "must be a string such as '0-15%4'")
        try:
            parse_array(array)
        except ValueError as exc:
            raise RequestError("array", str(exc)) from None
    warn_signal, warn_before_s = raw.get("warn_signal"), _number(raw, "warn_before_s", 1e-3, 365 * 86400)
    if warn_signal is not None:
        if warn_signal not in WARN_SIGNALS:
            raise RequestError(
                "warn_signal", f"must be one of {', '.join(WARN_SIGNALS)}, got {warn_signal!r}"
            )
        if timeout_s is None:
            raise RequestError(
                "warn_signal", "is sent before the time limit, so the job needs one: give timeout_s too"
            )
        if where == "ray":
            raise RequestError("warn_signal", "is sent to processes on the daemon's host, not to Ray jobs")
        warn_before_s = DEFAULT_WARN_BEFORE_S if warn_before_s is None else warn_before_s
        if warn_before_s >= timeout_s:
            raise RequestError(
                "warn_before_s", f"is {warn_before_s:g} s, not less than the time limit ({timeout_s:g} s)"
            )
    elif warn_before_s is not None:
        raise RequestError("warn_before_s", "needs warn_signal (the signal to send)")
    for key in ("on_finish", "on_finish_url"):
        value = raw.get(key)
        if value is not None and (not isinstance(value, str) or not value.strip()):
            raise RequestError(key, "must be a non-empty string")
    url = raw.get("on_finish_url")
    if url is not None and not url.startswith(("http://", "https://")):
        raise RequestError("on_finish_url", f"must be an http:// or https:// URL, got {url!r}")
    return {
        "not_before": _number(raw, "not_before", 0, MAX_UNIX_TIME),
        "array": array,
        "after_any": _ids(raw, "after_any"),
        "after_notok": _ids(raw, "after_notok"),
        "kill_grace_s": _number(raw, "kill_grace_s", 0, MAX_KILL_GRACE_S),
        "warn_signal": warn_signal,
        "warn_before_s": warn_before_s,
        "on_finish": raw.get("on_finish"),
        "on_finish_url": url,
    }


def _node(raw: dict[str, Any], where: Any, kind: str, places_ranks: bool) -> None:
    """A pin names a node of the Ray cluster (:mod:`scheduler.placement.node_pin`), for one process to run
    on."""
    node = raw.get("node")
    if node is None:
        return
    wrong = check_name(node)
    if wrong:
        raise RequestError("node", wrong)
    if where != "ray":
        raise RequestError(
            "node",
            f"names a Ray cluster node, but a job with where: {where or 'local'} runs on the daemon's host; "
            "submit it with where: ray (gpuaccel submit --where ray --node NAME)",
        )
    if places_ranks:
        raise RequestError(
            "node",
            f"a {kind!r} job places its own ranks over the cluster's nodes, so it is not pinned to one; "
            "leave out node",
        )


RAY_ASKS = ("cpus", "ram_mib", "resources", "runtime_env")


def _ray_asks(raw: dict[str, Any], where: Any, cwd: str | None) -> dict[str, Any]:
    """What a cluster job asks of Ray beyond GPUs (:mod:`api.ray_job`): only a job with where: ray has
    them, and a working_dir on the daemon's host must be a directory there (the daemon uploads it)."""
    given = [k for k in RAY_ASKS if raw.get(k) not in (None, {})]
    if given and where != "ray":
        raise RequestError(
            given[0],
            f"is asked of Ray, but a job with where: {where or 'local'} runs on the daemon's host; submit "
            "it with where: ray (gpuaccel submit --where ray)",
        )
    out: dict[str, Any] = {"cpus": None, "ram_mib": None, "resources": {}, "runtime_env": None}
    if not given:
        return out
    env_raw = raw.get("runtime_env")
    if env_raw is not None:
        takes = ", ".join(RuntimeEnv.model_fields)
        for key in env_raw if isinstance(env_raw, dict) else ():
            if key not in RuntimeEnv.model_fields:
                said = " (the job's env becomes Ray's env_vars)" if key == "env_vars" else ""
                raise RequestError(f"runtime_env.{key}", f"not taken{said}; runtime_env takes {takes}")
        try:
            env = RuntimeEnv.model_validate(env_raw)
        except ValidationError as exc:
            first = exc.errors(include_url=False, include_input=False)[0]
            field = ".".join(["runtime_env", *(str(p) for p in first["loc"])])
            raise RequestError(field, first["msg"].removeprefix("Value error, ")) from None
        wd = env.working_dir
        if wd is not None and not env.is_uri():
            if "://" in wd:
                raise RequestError(
                    "runtime_env.working_dir",
                    f"a remote working_dir must be a .zip archive's URI, got {wd!r}",
                )
            if not os.path.isabs(wd) or not os.path.isdir(wd):
                raise RequestError(
                    "runtime_env.working_dir",
                    f"must be an absolute path to a directory on the daemon's host (it uploads it to the "
                    f"cluster) or a remote .zip URI, got {wd!r}",
                )
        if wd is not None and cwd is not None:
            raise RequestError(
                "cwd", "a job with a runtime_env working_dir runs in it on the cluster; leave out cwd"
            )
        out["runtime_env"] = env
    # their types and caps are the request model's (checked after this); a count of CPUs is stored as a float
    cpus, resources = raw.get("cpus"), raw.get("resources") or {}
    number = isinstance(cpus, int | float) and not isinstance(cpus, bool)
    out.update(cpus=float(cpus) if number else cpus, ram_mib=raw.get("ram_mib"), resources=resources)
    return out


def _mig(raw: dict[str, Any], gpus: int, gpu_ids: Any, where: Any) -> str | None:
    """A MIG request takes one instance of this host's GPUs (:mod:`scheduler.placement.mig`)."""
    if raw.get("mig") is None:
        return None
    try:
        mig = check_mig(raw["mig"])
    except ValueError as exc:
        raise RequestError("mig", str(exc)) from None
    if gpu_ids is not None or raw.get("gpus") not in (None, 1):
        raise RequestError("mig", f"takes one MIG instance; leave out gpu_ids and gpus (got gpus={gpus})")
    if where == "ray":
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
