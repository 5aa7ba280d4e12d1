"""What a user submits: the one list of a job request's fields, their types and caps.

The published request schema comes from this model, and the Python API validates against it too, so
both accept exactly the same fields; the checks of meaning (a command needs argv, gpus must agree with
gpu_ids...) are :func:`scheduler.lifecycle.validation.complete`. The stored job it becomes is
:class:`api.jobs.Job`.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator

from gpuaccel.accel import workloads
from gpuaccel.api.jobs import DEFAULT_GROUP, GROUP_NAME
from gpuaccel.api.limits import (
    MAX_ARGS,
    MAX_ARGV_CHARS,
    MAX_ARRAY_CHARS,
    MAX_DEPENDENCIES,
    MAX_ENV_CHARS,
    MAX_ENV_VARS,
    MAX_HOOK_CHARS,
    MAX_KILL_GRACE_S,
    MAX_LABELS,
    MAX_NAME_CHARS,
    MAX_PATH_CHARS,
    MAX_SPEC_BYTES,
    MAX_SPEC_DEPTH,
    MAX_UNIX_TIME,
    SPEC_JSON,
    Arg,
    EnvName,
    EnvValue,
    LabelKey,
    LabelValue,
    Text,
    plain_input,
)
from gpuaccel.api.nodes import NAME_CHARS, NAME_PATTERN, NODE_HELP, checked_name
from gpuaccel.api.ray_job import (
    MAX_CPUS,
    MAX_RAM_MIB,
    MAX_RESOURCES,
    ResourceAmount,
    ResourceName,
    RuntimeEnv,
)


class JobRequest(BaseModel):
    """What a user submits. The one list of request fields:
    :func:`scheduler.lifecycle.validation.complete` adds
    the checks of meaning (a command needs argv, gpus must agree with gpu_ids...) for every caller.

    Strict: a value of the wrong JSON type is refused, not coerced (``"gpus": "2"`` is a 422 saying an
    integer is expected, as a typo in a script should be), whatever the client."""

    model_config = ConfigDict(extra="forbid", strict=True)

    kind: Annotated[str, BeforeValidator(plain_input)] = Field(
        min_length=1,
        max_length=MAX_NAME_CHARS,
        description="'command' or a workload kind (matmul, ...)",
        json_schema_extra=lambda schema: schema.update(enum=["command", *sorted(workloads.kinds())]),
    )
    argv: list[Arg] = Field(
        default_factory=list,
        max_length=MAX_ARGS,
        description=f"command jobs: the program and its arguments (at most {MAX_ARGV_CHARS} characters)",
    )
    env: dict[EnvName, EnvValue] = Field(
        default_factory=dict,
        max_length=MAX_ENV_VARS,
        description=f"extra environment variables (names and values at most {MAX_ENV_CHARS} characters)",
    )
    cwd: Annotated[str, Field(max_length=MAX_PATH_CHARS), BeforeValidator(plain_input)] | None = Field(
        default=None, description="absolute directory on the daemon's host"
    )
    spec: dict[Text, Any] = Field(
        default_factory=dict,
        description=f"workload jobs: the kind's spec (at most {MAX_SPEC_BYTES} bytes of JSON, "
        f"{MAX_SPEC_DEPTH} levels deep)",
    )
    name: Annotated[str, Field(max_length=MAX_NAME_CHARS), BeforeValidator(plain_input)] | None = None
    priority: int = Field(default=0, ge=-1_000_000, le=1_000_000, description="higher runs first")
    gpus: int | None = Field(
        default=None, ge=0, le=64, description="GPUs needed; default 0 for commands, 1 for GPU workloads"
    )
    gpu_ids: list[Annotated[int, Field(ge=0, le=63)]] | None = Field(
        default=None, min_length=1, description="exactly these GPUs (NVML indices)"
    )
    memory_mib: int | None = Field(
        default=None, ge=1, le=10_000_000, description="free memory needed per GPU"
    )
    max_retries: int = Field(default=0, ge=0, le=100)
    depends_on: list[Annotated[int, Field(ge=1, le=2**63 - 1)]] = Field(
        default_factory=list, max_length=MAX_DEPENDENCIES, description="job ids that must succeed first"
    )
    labels: dict[LabelKey, LabelValue] = Field(default_factory=dict, max_length=MAX_LABELS)
    timeout_s: float | None = Field(default=None, gt=0, le=365 * 86400)
    where: Literal["local", "ray"] | None = Field(
        default=None, description="this host's GPUs or the Ray cluster; default: the daemon's setting"
    )
    # Stored as the job's want_node: its node column is the node an attempt ran on.
    node: Annotated[str, BeforeValidator(checked_name), BeforeValidator(plain_input)] | None = Field(
        default=None, max_length=NAME_CHARS, pattern=NAME_PATTERN, description=f"where: ray only: {NODE_HELP}"
    )
    # What a Ray cluster job asks of Ray beyond GPUs (api.ray_job; scheduler.placement.ray_jobs passes it on).
    cpus: float | None = Field(
        default=None, gt=0, le=MAX_CPUS, description="where: ray only: CPUs Ray reserves for the job"
    )
    ram_mib: int | None = Field(
        default=None,
        ge=1,
        le=MAX_RAM_MIB,
        description="where: ray only: host memory (MiB) Ray reserves for it",
    )
    resources: dict[ResourceName, ResourceAmount] = Field(
        default_factory=dict,
        max_length=MAX_RESOURCES,
        description='where: ray only: custom Ray resources it needs, e.g. {"fast_disk": 1}',
    )
    runtime_env: RuntimeEnv | None = Field(
        default=None, description="where: ray only: working_dir and pip or uv requirements (api.ray_job)"
    )
    # Submission options (docs/queue.md); their checks of meaning are in scheduler.lifecycle.validation.
    not_before: float | None = Field(
        default=None, ge=0, le=MAX_UNIX_TIME, description="unix time before which the job does not start"
    )
    array: (
        Annotated[str, Field(min_length=1, max_length=MAX_ARRAY_CHARS), BeforeValidator(plain_input)] | None
    ) = Field(
        default=None, description="a job array: indices like 0-15%4, 1,3,5 or 0-15:2 (%N: at most N at once)"
    )
    after_any: list[Annotated[int, Field(ge=1, le=2**63 - 1)]] = Field(
        default_factory=list,
        max_length=MAX_DEPENDENCIES,
        description="job ids that must end first, in any way",
    )
    after_notok: list[Annotated[int, Field(ge=1, le=2**63 - 1)]] = Field(
        default_factory=list,
        max_length=MAX_DEPENDENCIES,
        description="job ids that must fail or be cancelled first",
    )
    kill_grace_s: float | None = Field(
        default=None, ge=0, le=MAX_KILL_GRACE_S, description="SIGTERM -> SIGKILL delay on cancel and timeout"
    )
    warn_signal: Literal["USR1", "USR2", "ALRM", "TERM", "INT", "HUP"] | None = Field(
        default=None, description="signal sent warn_before_s seconds before the time limit (needs timeout_s)"
    )
    warn_before_s: float | None = Field(default=None, gt=0, le=365 * 86400)
    on_finish: (
        Annotated[str, Field(min_length=1, max_length=MAX_HOOK_CHARS), BeforeValidator(plain_input)] | None
    ) = Field(default=None, description="shell command the daemon runs when the job has finished")
    on_finish_url: (
        Annotated[str, Field(min_length=1, max_length=MAX_HOOK_CHARS), BeforeValidator(plain_input)] | None
    ) = Field(default=None, description="http(s) URL the daemon POSTs the finished job's state to")
    group: str = Field(
        default=DEFAULT_GROUP, pattern=GROUP_NAME, description="the queue group (GET /groups lists them)"
    )
    hold: bool = Field(default=False, description="store it held: never started until released")
    mig: Annotated[str, Field(max_length=64), BeforeValidator(plain_input)] | None = Field(
        default=None,
        description="one MIG instance: 'any' free one or its uuid (MIG-...); see scheduler.placement.mig",
    )

    @field_validator("argv")
    @classmethod
    def _argv_total(cls, argv: list[str]) -> list[str]:
        if sum(map(len, argv)) > MAX_ARGV_CHARS:
            raise ValueError(f"the arguments together must be at most {MAX_ARGV_CHARS} characters")
        return argv

    @field_validator("env")
    @classmethod
    def _env_total(cls, env: dict[str, str]) -> dict[str, str]:
        if sum(len(k) + len(v) for k, v in env.items()) > MAX_ENV_CHARS:
            raise ValueError(f"names and values together must be at most {MAX_ENV_CHARS} characters")
        return env

    @field_validator("spec")
    @classmethod
    def _spec_size(cls, spec: dict[str, Any]) -> dict[str, Any]:
        SPEC_JSON.check(spec)
        if len(json.dumps(spec, separators=(",", ":"))) > MAX_SPEC_BYTES:
            raise ValueError(f"must be at most {MAX_SPEC_BYTES} bytes as JSON")
        return spec


class PriorityIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    priority: int = Field(ge=-1_000_000, le=1_000_000)
