"""Job workloads the queue can launch: a registry of kinds, each with a validated spec and a runner.

The scheduler imports only this package's registry and report channel; kernels are imported lazily by
the runners inside the worker process.
"""

from gpuaccel.accel.workloads.registry import (
    SpecError,
    Workload,
    get,
    kinds,
    missing_packages,
    register,
    validate,
)

__all__ = ["SpecError", "Workload", "get", "kinds", "missing_packages", "register", "validate"]
