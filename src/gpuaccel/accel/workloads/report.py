"""The worker -> daemon report channel: JSON lines on an inherited pipe.

The daemon opens a pipe, passes its write end to the job process and names the descriptor in the
environment variable ``GPUACCEL_REPORT_FD``. Any job -- a workload or a user's own command -- may write
one JSON object per line to it:

    {"type": "progress", "fraction": 0.25, "message": "shape 2/8"}
    {"type": "metric", "name": "tflops", "value": 612.3, "exact": true}
    {"type": "result", "metrics": {"tflops": 612.3, ...}}

stdout and stderr stay free for the human-readable log. Without the variable (a workload run by hand)
the reporter prints the lines to stderr instead, so nothing is lost.
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import IO, Any

REPORT_FD_ENV = "GPUACCEL_REPORT_FD"
# Where a job may write logs of its own beside the scheduler's job log (the ring job's per-rank logs).
JOB_LOG_DIR_ENV = "GPUACCEL_JOB_LOG_DIR"


class Reporter:
    def __init__(self, stream: IO[str] | None = None) -> None:
        if stream is None:
            fd = os.environ.get(REPORT_FD_ENV)
            stream = os.fdopen(int(fd), "w", buffering=1) if fd else sys.stderr
        self._stream = stream

    def _emit(self, record: dict[str, Any]) -> None:
        record.setdefault("t", time.time())
        self._stream.write(json.dumps(record, default=float) + "\n")
        self._stream.flush()

    def progress(self, fraction: float, message: str = "") -> None:
        self._emit({"type": "progress", "fraction": max(0.0, min(1.0, float(fraction))), "message": message})

    def metric(self, name: str, value: float, *, exact: bool = True, unit: str = "") -> None:
        self._emit({"type": "metric", "name": name, "value": float(value), "exact": exact, "unit": unit})

    def result(self, metrics: dict[str, Any]) -> None:
        self._emit({"type": "result", "metrics": metrics})


def parse_line(line: str) -> dict[str, Any] | None:
    """Parse one channel line; malformed lines are ignored (a user's command may write anything)."""
    try:
        record = json.loads(line)
    except json.JSONDecodeError:
        return None
    if not isinstance(record, dict) or record.get("type") not in {"progress", "metric", "result"}:
        return None
    return record
