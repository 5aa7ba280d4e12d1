"""NVML telemetry: backends (real NVML, scripted fake), the sampler, tensor peaks.

Pick a backend with :func:`open_backend`; it does not start NVML (``backend.init()`` or the sampler does),
so importing this package never touches the driver.
"""

from __future__ import annotations

import os

from gpuaccel.accel.telemetry.types import TelemetryBackend

FAKE_ENV = "GPUACCEL_FAKE_NVML"


def open_backend(name: str | None = None, every_sample: bool = False) -> TelemetryBackend:
    """The telemetry backend to use.

    ``name``: ``"nvml"`` for the real driver, a fake scenario (``"two_gpus"`` or ``"fake:two_gpus"``,
    see :data:`accel.telemetry.fake.SCENARIOS`), or ``None``: the scenario named by ``$GPUACCEL_FAKE_NVML``
    when set, else the real NVML. The fake is only ever used when asked for by name. ``every_sample``: the
    real backend reads every field on every sample instead of each at its own interval (a one-shot view
    that samples twice a moment apart, such as ``gpuaccel status``).
    """
    if name is None:
        name = os.environ.get(FAKE_ENV, "").strip() or "nvml"
    if name == "nvml":
        from gpuaccel.accel.telemetry.nvml import READ_INTERVALS_S, NvmlBackend

        if every_sample:
            return NvmlBackend(pcie_interval_s=0.0, intervals=dict.fromkeys(READ_INTERVALS_S, 0.0))
        return NvmlBackend()
    from gpuaccel.accel.telemetry.fake import FakeBackend

    return FakeBackend(name.removeprefix("fake:"))


def backend_name(backend: TelemetryBackend) -> str:
    """``"nvml"`` or ``"fake:<scenario>"``: what to show users and the API as the data source."""
    return str(getattr(backend, "name", type(backend).__name__))


__all__ = ["FAKE_ENV", "backend_name", "open_backend"]
