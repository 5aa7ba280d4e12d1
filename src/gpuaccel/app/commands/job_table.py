"""How ``gpuaccel ls`` lays out jobs: one terminal row per job, whatever its name, command or reason holds.

Names and commands are the submitter's text and reasons quote a job's last log line, so they may hold
newlines, tabs or terminal escape sequences (a coloured error line). Printed as they are, a newline splits
a row in two and an escape sequence recolours the user's terminal; every cell therefore shows control
characters as visible escapes (``\\n``, ``\\x1b``), cuts at its width by display columns (a CJK character
or an emoji takes two) and marks a cut with ``…``.
"""

from __future__ import annotations

import json
import shlex
import time
import unicodedata
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from gpuaccel.api.durations import format_age, format_duration
from gpuaccel.api.states import LIVE, JobState
from gpuaccel.app.commands.job_arrays import grouped, state_counts

if TYPE_CHECKING:
    from gpuaccel.api.jobs import Job

JOB_WIDTH = 36
GROUP_WIDTH = 12
_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
# Embeddings, overrides and isolates (U+202A-202E, U+2066-2069): a name holding one reverses what follows.
_BIDI = {chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))}


def one_line(text: str) -> str:
    """``text`` with every control character (C0, DEL, C1) and bidirectional override as a visible escape,
    so it stays on one line, cannot drive the terminal and cannot reorder what the row shows."""
    if text.isprintable() and not _BIDI & set(text):
        return text
    out = []
    for ch in text:
        if unicodedata.category(ch) == "Cc":
            out.append(_ESCAPES.get(ch, f"\\x{ord(ch):02x}"))  # Cc is U+0000-001F and U+007F-009F
        elif ch in _BIDI:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return "".join(out)


def _char_width(ch: str) -> int:
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def display_width(text: str) -> int:
    """Terminal columns ``text`` takes (wide East Asian characters and emoji: 2, combining marks: 0)."""
    return sum(_char_width(ch) for ch in text)


def cell(text: str, width: int) -> str:
    """``text`` on one line in exactly ``width`` columns: cut with ``…`` when longer, padded when shorter."""
    text = one_line(text)
    if display_width(text) > width:
        kept, used = [], 0
        for ch in text:
            w = _char_width(ch)
            if used + w > width - 1:
                break
            kept.append(ch)
            used += w
        text = "".join(kept) + "…"
    return text + " " * (width - display_width(text))


def describe(job: Job) -> str:
    """The job in a few words: its name, else its command, else its kind and spec."""
    if job.name:
        return job.name
    if job.kind == "command":
        return " ".join(job.argv)
    return f"{job.kind} {json.dumps(job.spec, separators=(',', ':'))}"


def age(t: float | None) -> str:
    return "-" if t is None else format_age(time.time() - t)


def run_time(job: Job) -> str:
    """How long the job ran (runs): from its start to its end, or to now."""
    if job.started_at is None:
        return "-"
    return format_duration((job.finished_at or time.time()) - job.started_at)


def progress(job: Job) -> str:
    """How far the job is; a message without a fraction (a cluster job's Ray state, "Ray cluster
    unreachable ...") only while it runs, as it says nothing once the job has ended."""
    p = job.progress
    if p is None:
        return ""
    if p.fraction is None:
        return p.message if job.state in LIVE else ""
    return f"{100 * p.fraction:.0f}% {p.message}".strip()


def note(job: Job) -> str:
    text = job.reason or job.waiting_reason or progress(job) or ""
    if job.state == JobState.HELD and not text:  # held by hand: how it starts
        text = f"held: starts after gpuaccel release {job.id}"
    return one_line(text)


def gpus_cell(job: Job) -> str:
    """The GPUS column: the GPUs a job holds by index, each marked ``#`` as nvidia-smi and nvitop number
    them (``#0``, ``#0,#1``: a bare "0" read as zero GPUs), else how many it asks for (``2``), ``-`` for
    none; ``/MIG`` when it runs on MIG instances."""
    held = ",".join(f"#{g}" for g in job.assigned_gpus)
    return (held or str(job.gpus or "-")) + ("/MIG" if job.mig else "")


def table(jobs: list[Job], arrays: dict[int, dict[str, int]] | None = None) -> list[str]:
    """The rows of ``ls``: a header, then each job (an array's elements under one ``array N:`` line).

    ``arrays``: the state counts of whole arrays whose elements are not all listed (the listing's limit
    cut through one); their line counts the whole array and says how many elements are shown, where it
    would otherwise count only the elements that fit as if they were the array."""
    from gpuaccel.api.jobs import DEFAULT_GROUP

    arrays = arrays or {}
    groups = any(j.group != DEFAULT_GROUP for j in jobs)  # a GROUP column only where groups are in use
    head = f"{'ID':>5} {'STATE':<10} {'PRIO':>4} {'GPUS':<6} {'AGE':>5} {'TIME':>7}  "
    lines = [head + (f"{'GROUP':<{GROUP_WIDTH}} " if groups else "") + f"{'JOB':<{JOB_WIDTH}} NOTE"]
    for array_id, members in grouped(jobs):
        whole = arrays.get(array_id) if array_id is not None else None
        if whole is not None and sum(whole.values()) > len(members):
            shown = f" ({len(members)} of its {sum(whole.values())} elements shown)"
            lines.append(f"array {array_id}: {state_counts(whole)}{shown}")
        elif array_id is not None:
            lines.append(f"array {array_id}: {state_counts(Counter(str(j.state) for j in members))}")
        for j in members:
            gpus = gpus_cell(j)
            what = describe(j) if j.array_index is None else f"[{j.array_index}] {describe(j)}"
            line = f"{j.id:>5} {j.state:<10} {j.priority:>4} {gpus:<6} {age(j.created_at):>5} "
            line += f"{run_time(j):>7}  "
            line += f"{cell(j.group, GROUP_WIDTH)} " if groups else ""
            lines.append((line + f"{cell(what, JOB_WIDTH)} {note(j)}").rstrip())
    return lines


def _when(t: float | None) -> str:
    return "-" if t is None else time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(t))


# ``ls --format``'s fields, as squeue's and sacct's --format name theirs: the heading and how a job shows it.
FIELDS: dict[str, tuple[str, Callable[[Job], str]]] = {
    "id": ("ID", lambda j: str(j.id)),
    "state": ("STATE", lambda j: str(j.state)),
    "priority": ("PRIO", lambda j: str(j.priority)),
    "gpus": ("GPUS", gpus_cell),
    "memory": ("MEMORY_MIB", lambda j: "-" if j.memory_mib is None else str(j.memory_mib)),
    "age": ("AGE", lambda j: age(j.created_at)),
    "elapsed": ("TIME", run_time),
    "timelimit": ("TIMELIMIT", lambda j: "-" if j.timeout_s is None else format_duration(j.timeout_s)),
    "group": ("GROUP", lambda j: j.group),
    "name": ("NAME", describe),
    "command": ("COMMAND", lambda j: shlex.join(j.argv) if j.argv else "-"),
    "kind": ("KIND", lambda j: j.kind),
    "where": ("WHERE", lambda j: j.where or "-"),
    "node": ("NODE", lambda j: j.node or "-"),
    "exit": ("EXIT", lambda j: "-" if j.exit_code is None else str(j.exit_code)),
    "reason": ("REASON", note),
    "submitted": ("SUBMITTED", lambda j: _when(j.created_at)),
    "started": ("STARTED", lambda j: _when(j.started_at)),
    "finished": ("FINISHED", lambda j: _when(j.finished_at)),
    "array": ("ARRAY", lambda j: "-" if j.array_id is None else f"{j.array_id}_{j.array_index}"),
    "labels": ("LABELS", lambda j: ",".join(f"{k}={v}" for k, v in sorted(j.labels.items())) or "-"),
}
FORMAT_HELP = "comma list of fields, each with an optional %%WIDTH (sacct's form: name%%30): " + ", ".join(
    FIELDS
)


def parse_format(text: str) -> list[tuple[str, int | None]]:
    """``id,state,name%30`` -> [(field, width or None)]; ValueError names the unknown field."""
    out = []
    for item in (x.strip() for x in text.split(",")):
        if not item:
            continue
        name, _, width = item.partition("%")
        name = name.lower()
        if name not in FIELDS:
            raise ValueError(f"--format: no field {name!r}; fields: {', '.join(FIELDS)}")
        if width and not (width.isdigit() and 0 < int(width) <= 1000):
            raise ValueError(f"--format {item!r}: the width after % is a number of columns (1-1000)")
        out.append((name, int(width) if width else None))
    if not out:
        raise ValueError(f"--format names no field; fields: {', '.join(FIELDS)}")
    return out


def formatted(jobs: list[Job], fields: list[tuple[str, int | None]], header: bool = True) -> list[str]:
    """The rows of ``ls --format``: the named fields, each as wide as its widest cell (or its %WIDTH,
    cut with ``…``), two spaces apart; every cell on one line as in :func:`table`."""
    rows = [[one_line(FIELDS[f][1](j)) for f, _ in fields] for j in jobs]
    if header:
        rows.insert(0, [FIELDS[f][0] for f, _ in fields])
    widths = [w or max((display_width(r[i]) for r in rows), default=1) for i, (_, w) in enumerate(fields)]
    return ["  ".join(cell(c, w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]
