"""What only a Ray cluster job asks of Ray: its runtime environment and the custom resources it needs.

Why apart from the request: the request model, the stored job and the scheduler's Ray placement
(:mod:`scheduler.placement.ray_jobs`) read the same shapes, and their words are said once. The CPUs and
host memory a job reserves are plain fields of :class:`~api.request.JobRequest` (``cpus``, ``ram_mib``);
a custom resource is one a node declares with ``ray start --resources '{"NAME": n}'``.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, model_validator

from gpuaccel.api.limits import MAX_PATH_CHARS, plain_input
from gpuaccel.api.pattern_words import worded

MAX_CPUS = 1024.0
# Ray keeps resource amounts in fixed point (int64 ten-thousandths of a unit; memory's unit is a byte), so
# an amount past about 838 TiB wraps round and asks for nothing: a request of 1 PiB was run on a node of a
# few GiB. 512 TiB is the most a job may ask for.
MAX_RAM_MIB = 2**29
MAX_RESOURCES = 16
MAX_RESOURCE_AMOUNT = 1_000_000.0
MAX_REQUIREMENTS = 128  # pip / uv lines
MAX_REQUIREMENT_CHARS = 1024
# Ray's own resource names have fields of their own (gpus, cpus, ram_mib) or are not the job's to ask for.
RAY_OWN_RESOURCES = ("CPU", "GPU", "memory", "object_store_memory")
RESOURCE_PATTERN = worded(
    r"^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$",
    "a resource name: a letter or '_' first, then letters, digits, '_', '.', ':' or '-' (at most 64)",
)
URI = re.compile(r"^[a-z][a-z0-9+.-]*://\S+\.zip$")


def _resource_name(value: str) -> str:
    if value in RAY_OWN_RESOURCES:
        raise ValueError(
            f"{value!r} is Ray's own resource; ask for it with gpus, cpus or ram_mib (object store "
            "memory is not reserved per job)"
        )
    return value


ResourceName = Annotated[
    str, Field(pattern=RESOURCE_PATTERN), BeforeValidator(plain_input), BeforeValidator(_resource_name)
]
ResourceAmount = Annotated[float, Field(gt=0, le=MAX_RESOURCE_AMOUNT)]
Requirement = Annotated[
    str,
    Field(
        min_length=1, max_length=MAX_REQUIREMENT_CHARS, pattern=worded(r"^[^\n\r]*\S[^\n\r]*$", "one line")
    ),
    BeforeValidator(plain_input),
]


class RuntimeEnv(BaseModel):
    """A cluster job's runtime environment, as Ray's ``runtime_env`` takes it (the job's ``env`` becomes
    its ``env_vars``). ``working_dir``: a directory on the daemon's host, which the daemon uploads when it
    submits the job (Ray's cap on its size applies; ``.gitignore`` and ``.rayignore`` are honoured), or
    a remote ``.zip`` URI (``https://``, ``s3://``, ``gs://``...); the job runs in it. ``pip`` or ``uv``
    (not both): requirement lines installed into a virtualenv for the job on its node, once per set."""

    model_config = ConfigDict(extra="forbid", strict=True)

    working_dir: (
        Annotated[str, Field(min_length=1, max_length=MAX_PATH_CHARS), BeforeValidator(plain_input)] | None
    ) = Field(
        default=None,
        description="absolute directory on the daemon's host (uploaded at submission) or a remote .zip URI;"
        " the job runs in it",
    )
    pip: list[Requirement] | None = Field(
        default=None, min_length=1, max_length=MAX_REQUIREMENTS, description="pip requirement lines"
    )
    uv: list[Requirement] | None = Field(
        default=None, min_length=1, max_length=MAX_REQUIREMENTS, description="uv requirement lines"
    )

    @model_validator(mode="after")
    def _one_installer(self) -> RuntimeEnv:
        if self.pip is not None and self.uv is not None:
            raise ValueError("give pip or uv, not both: Ray installs a job's packages with one of them")
        return self

    def is_uri(self) -> bool:
        """Whether ``working_dir`` names a remote archive rather than a directory of the daemon's host."""
        return self.working_dir is not None and URI.match(self.working_dir) is not None

    def for_ray(self) -> dict[str, object]:
        """The fields Ray's ``runtime_env`` takes, the unset ones left out."""
        return self.model_dump(exclude_none=True)
