"""The registry of workload kinds.

A kind is a name (``matmul``, ``attention.bench``...), a ``validate`` function that turns a user's raw
spec into a complete, typed spec (or raises :class:`SpecError` naming the bad field and what is
accepted), and a ``run`` function executed in the job's worker process with a :class:`Reporter`.
Validation is cheap and import-safe (no CUDA, no kernel import), so the daemon runs it at submit time.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gpuaccel.accel.workloads.report import Reporter

Spec = dict[str, Any]
# Set by the scheduler's Ray placement for a workload with ``places_ranks``: the job runs as a Ray job's
# driver, and the value is the number of GPUs the job asked for, which its ranks reserve on the cluster.
RAY_GPUS_ENV = "GPUACCEL_RAY_GPUS"

# Modules that register kinds when imported; imported lazily on first lookup so that importing the
# registry never pulls in torch.
_PROVIDERS: tuple[str, ...] = (
    "gpuaccel.accel.workloads.matmul",
    "gpuaccel.accel.workloads.attention",
    "gpuaccel.accel.workloads.attention_varlen",
    "gpuaccel.accel.workloads.ring",
)


class SpecError(ValueError):
    """A spec field is wrong. ``field`` names it; the message says what is accepted."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


MAX_GIB = 64  # the most GPU memory a benchmark's own tensors may need; more can only fail after the wait


def check_memory(field: str, gib: float, what: str) -> None:
    """Refuse at submit what cannot fit: it would wait in the queue, then run out of memory."""
    if gib > MAX_GIB:
        raise SpecError(field, f"{what} needs {gib:.0f} GiB of GPU memory; at most {MAX_GIB} are allowed")


@dataclass(frozen=True)
class Workload:
    kind: str
    summary: str
    validate: Callable[[Spec], Spec]
    run: Callable[[Spec, Reporter], dict[str, Any]]
    uses_gpu: bool = True
    # On a Ray cluster its ranks place themselves (a placement group over several nodes): the job's
    # driver reserves no GPU, and the job fits when the live nodes have its GPUs in all.
    places_ranks: bool = False
    # The GPUs a validated spec cannot run with fewer of (one per rank); the request's GPU count defaults
    # to it and may not be below it, so such a job is refused at submit rather than failing after its wait.
    gpus_needed: Callable[[Spec], int] | None = None
    # The packages its run imports: torch comes with the ``kernels`` extra, which the core install lacks.
    needs: tuple[str, ...] = ("torch",)


_KINDS: dict[str, Workload] = {}
_loaded = False


def register(workload: Workload) -> Workload:
    if workload.kind in _KINDS:
        raise ValueError(f"workload kind {workload.kind!r} registered twice")
    _KINDS[workload.kind] = workload
    return workload


def _load_providers() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for module in _PROVIDERS:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:  # a provider that exists but fails to import is a real bug
                raise


def kinds() -> dict[str, Workload]:
    _load_providers()
    return dict(_KINDS)


def get(kind: str) -> Workload:
    _load_providers()
    try:
        return _KINDS[kind]
    except KeyError:
        known = ", ".join(sorted(_KINDS)) or "none"
        raise SpecError("kind", f"unknown workload kind {kind!r}; known kinds: command, {known}") from None


_FOUND: set[str] = set()  # packages seen importable: a submit need not search the path for them again


def missing_packages(kind: str) -> list[str]:
    """The packages ``kind`` needs that this Python cannot import (without importing them). A package
    found once is remembered; a missing one is looked for again, so installing it needs no restart."""
    missing = []
    for name in get(kind).needs:
        if name not in _FOUND:
            if importlib.util.find_spec(name) is None:
                missing.append(name)
            else:
                _FOUND.add(name)
    return missing


def validate(kind: str, spec: Spec) -> Spec:
    if not isinstance(spec, dict):
        raise SpecError("spec", f"must be a JSON object, got {type(spec).__name__}")
    return get(kind).validate(spec)
