"""Scheduler tunables, with defaults for a workstation and environment overrides for fast tests.

Every field can be set from the environment as ``GPUACCEL_<FIELD>`` (upper case), e.g.
``GPUACCEL_TICK_S=0.05``; ``gpuaccel serve`` options override both.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, fields, replace
from typing import Any


@dataclass(frozen=True)
class SchedulerConfig:
    tick_s: float = 0.5  # how often the loop wakes without a submission/exit to wake it
    heartbeat_s: float = 2.0  # how often running jobs' leases are refreshed
    lease_s: float = 30.0  # a lease not refreshed for this long belongs to a dead daemon
    kill_grace_s: float = 5.0  # SIGTERM -> SIGKILL delay on cancel and timeout
    max_parallel: int = 4  # jobs running at once, GPU or not
    retry_backoff_s: float = 5.0  # first retry delay; doubles per attempt
    retry_backoff_max_s: float = 600.0
    idle_util_pct: float = 10.0  # a GPU under this utilization counts as quiet
    idle_after_s: float = 60.0  # quiet this long -> idle
    sample_hz: float = 10.0
    history_1s_keep_s: float = 86400.0  # 1 s rows kept a day
    history_1m_keep_s: float = 90 * 86400.0  # 1 min rows kept 90 days
    progress_write_s: float = 0.5  # throttle for progress writes to SQLite

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None, **overrides: Any) -> SchedulerConfig:
        environ = dict(os.environ) if environ is None else environ
        values: dict[str, Any] = {}
        for f in fields(cls):
            raw = environ.get(f"GPUACCEL_{f.name.upper()}")
            if raw is None:
                continue
            kind = int if f.type in (int, "int") else float
            try:
                values[f.name] = kind(raw)
            except ValueError:
                raise ValueError(f"GPUACCEL_{f.name.upper()}={raw!r}: expected a {kind.__name__}") from None
        values.update({k: v for k, v in overrides.items() if v is not None})
        return replace(cls(), **values)

    def backoff(self, attempt: int) -> float:
        """Delay before retry number ``attempt`` (1-based): base, 2x base, 4x base, ... capped."""
        return min(self.retry_backoff_max_s, self.retry_backoff_s * 2 ** max(0, attempt - 1))
