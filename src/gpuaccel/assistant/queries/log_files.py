"""A job's log file, read safely: its bounded tail, and its lines as a terminal would leave them.

Why a module of its own: the chat's log answer, a job's record (its last line while it runs) and the reports
all quote a job's output, and each must read it the same way. The only path read is ``job-<id>.log`` in the
daemon's logs folder (the id an integer from the queue), opened relative to that folder with no link followed
on the way or at the end (:func:`~assistant.safe_paths.target_at`), and only its bounded tail
(:func:`~scheduler.reads.logtail.read_tail_of`).
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from gpuaccel.assistant.safe_paths import UnsafePath, target_at
from gpuaccel.scheduler.reads.logtail import plain_line, read_tail_of

LINE_CHARS = 240  # a longer line is cut, with a marker saying how much was left out
TAIL_BYTES = 256 << 10  # never more of the file than this is read


class LogUnreadable(Exception):
    """The log exists but was not read (a link, not a plain file, a folder that is not ours)."""


def read_log(logs: Path, job_id: int, lines: int, max_bytes: int = TAIL_BYTES) -> tuple[str, int] | None:
    """The last ``lines`` lines of job ``job_id``'s log and the file's size, or None when it has none (no
    file, no folder).

    Opened relative to ``logs`` by :func:`target_at` (no link followed, the folder ours), without blocking
    (a FIFO put there gives nothing), and only a plain file is read."""
    path = logs / f"job-{int(job_id)}.log"
    try:
        with target_at(path, logs) as (fd, name):
            flags = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
            with os.fdopen(os.open(name, flags, dir_fd=fd), "rb") as f:
                st = os.fstat(f.fileno())
                if not stat.S_ISREG(st.st_mode):
                    raise LogUnreadable(f"{path} is not a plain file")
                return read_tail_of(f, lines, max_bytes), st.st_size
    except FileNotFoundError:
        return None
    except UnsafePath as exc:
        raise LogUnreadable(str(exc)) from None
    except OSError as exc:
        raise LogUnreadable(f"{path}: {exc.strerror or exc}") from None


def shown_lines(text: str, lines: int) -> list[str]:
    """The lines as a terminal would leave them: after a carriage return only what overwrote the line (a
    progress bar's last state), colours and control characters dropped, long lines cut with a marker, an
    empty line kept as a space (a blank line would end the turn in the chat format)."""
    raw = text.split("\n")  # not splitlines: a form feed or U+2028 in a log is no line end
    if raw and raw[-1] == "":
        raw.pop()
    out = []
    for line in raw[-lines:]:
        line = next((part for part in reversed(line.split("\r")) if part), "")
        line = plain_line(line)
        if len(line) > LINE_CHARS:
            line = f"{line[:LINE_CHARS]} [... cut, {len(line) - LINE_CHARS} more characters]"
        out.append(line or " ")
    return out


def code_block(lines: list[str]) -> str:
    """The lines fenced as code, the fence longer than any run of backticks in them."""
    runs = [len(m) for line in lines for m in re.findall(r"`+", line)]
    fence = "`" * max(3, max(runs, default=0) + 1)
    return "\n".join([fence, *lines, fence])


def code_span(line: str) -> str:
    """One line quoted inline, the backtick run around it longer than any inside it."""
    runs = [len(m) for m in re.findall(r"`+", line)]
    ticks = "`" * (max(runs, default=0) + 1)
    pad = " " if line.startswith("`") or line.endswith("`") else ""
    return f"{ticks}{pad}{line}{pad}{ticks}"
