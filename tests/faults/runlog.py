"""Jobs that log each run of themselves, and the check that no two runs of one job ever overlapped.

A job made by :func:`logged_job` takes an exclusive ``flock`` on a file of its own for as long as it
runs (a second run of the same job beside it finds the lock taken and writes ``OVERLAP``), and appends
``start``/``end`` lines with its job id, attempt, pid and the time to one shared log (``O_APPEND``
lines under 512 bytes are written whole). The lock is dropped by the kernel when a run dies, however.
"""

from __future__ import annotations

import shlex
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

_SCRIPT = """exec 8>>{lock}
if ! flock -n 8; then echo "OVERLAP $GPUACCEL_JOB_ID $$" >> {log}; exit 9; fi
echo "start $GPUACCEL_JOB_ID $GPUACCEL_ATTEMPT $$ $(date +%s.%N)" >> {log}
sleep {sleep}
echo "end $GPUACCEL_JOB_ID $GPUACCEL_ATTEMPT $$ $(date +%s.%N)" >> {log}
"""


def logged_job(root: Path, key: str, sleep_s: float) -> list[str]:
    """argv of a job that logs its runs to ``root/runs.log`` (``key``: a name for its own lock file)."""
    script = _SCRIPT.format(
        lock=shlex.quote(str(root / f"{key}.lock")), log=shlex.quote(str(root / "runs.log")), sleep=sleep_s
    )
    return ["sh", "-c", script]


@dataclass
class Runs:
    starts: dict[int, list[tuple[int, float]]] = field(default_factory=lambda: defaultdict(list))
    ends: dict[int, list[tuple[int, float]]] = field(default_factory=lambda: defaultdict(list))
    overlaps: list[str] = field(default_factory=list)


def read_runs(root: Path) -> Runs:
    runs = Runs()
    path = root / "runs.log"
    for line in path.read_text().splitlines() if path.exists() else []:
        parts = line.split()
        if parts[0] == "OVERLAP":
            runs.overlaps.append(line)
        else:
            kind, job, _attempt, pid, t = parts
            (runs.starts if kind == "start" else runs.ends)[int(job)].append((int(pid), float(t)))
    return runs


def overlapping(runs: Runs) -> list[str]:
    """Every pair of runs of one job whose [start, end] intervals meet (a run with no end never ended)."""
    found = list(runs.overlaps)
    for job, starts in runs.starts.items():
        ends = dict(runs.ends.get(job, []))
        spans = sorted((t, ends.get(pid, float("inf")), pid) for pid, t in starts)
        for (s1, e1, p1), (s2, _e2, p2) in zip(spans, spans[1:], strict=False):
            if s2 <= e1:
                found.append(f"job {job}: run pid {p1} [{s1}, {e1}] overlaps run pid {p2} from {s2}")
    return found
