"""The telemetry of one node of a cluster, read where the GPUs are and handed out as one compact snapshot.

A daemon connected to a Ray cluster places one :class:`NodeSampler` per node (as a Ray actor pinned to
that node); the node's own NVML (or the fake scenario named by ``$GPUACCEL_FAKE_NVML`` in that node's
environment) is read there at a low rate, and the daemon collects :meth:`NodeSampler.snapshot` once a
second: the same shape as ``/telemetry/now`` (info, latest sample with GPM fields, TFLOP/s entry per GPU).
This module knows nothing of Ray; the scheduler's cluster telemetry makes the class an actor.
"""

from __future__ import annotations

import socket
from typing import Any

from gpuaccel.accel.telemetry import open_backend
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.accel.telemetry.snapshot import snapshot

NODE_SAMPLE_HZ = 2.0  # enough for a dashboard a second behind; a node's own daemon samples faster


class NodeSampler:
    """A :class:`Sampler` on this node; ``snapshot()`` is what crosses the network."""

    def __init__(self, rate_hz: float = NODE_SAMPLE_HZ) -> None:
        self.host = socket.gethostname()
        self._sampler = Sampler(open_backend(), rate_hz=rate_hz).start()

    def snapshot(self) -> dict[str, Any]:
        """``{"host", "backend", "error", "driver", "gpus": [...]}`` (see :func:`snapshot.snapshot`)."""
        return {"host": self.host, **snapshot(self._sampler)}

    def stop(self) -> None:
        self._sampler.stop()
