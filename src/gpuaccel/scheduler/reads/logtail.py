"""The tail of a job's log, read backwards in bounded bytes: the log route, the log stream and job reports.

Logs can be gigabytes, and a progress bar writes ``\\r`` without newlines; a tail must cost at most
:data:`TAIL_MAX_BYTES` of reading whatever the file holds, and never load the whole file.
"""

from __future__ import annotations

import os
import re
from typing import BinaryIO

from gpuaccel.scheduler.placement.log_cap import data_from

TAIL_MAX_BYTES = 4 << 20  # a log tail starts at most this far before the end (whatever ``lines`` asks)
TAIL_BLOCK = 1 << 16
# Terminal escape sequences as programs colour their output: CSI (``ESC [ 31 m``), OSC (``ESC ] ... BEL``)
# and the two-character ones; then any other control character but the tab.
_ESCAPE = re.compile(
    r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])|\x9b[0-?]*[ -/]*[@-~]"
)
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f]+")


def tail_offset(path: os.PathLike[str] | str, lines: int, max_bytes: int = TAIL_MAX_BYTES) -> int:
    """Where the last ``lines`` lines of a file start, but at most ``max_bytes`` before its end.

    Reads backwards in blocks and counts newlines per block only, so the cost is bounded by ``max_bytes``
    whatever the file holds (a progress bar's ``\\r``-only output has no newline to stop at)."""
    if not lines:
        try:
            return os.stat(path).st_size
        except FileNotFoundError:
            return 0
    try:
        with open(path, "rb") as f:
            return _offset_in(f, lines, max_bytes)
    except FileNotFoundError:
        return 0


def _offset_in(f: BinaryIO, lines: int, max_bytes: int) -> int:
    """:func:`tail_offset` of a file already open (for reading, binary); never inside what a log cap
    dropped (:mod:`scheduler.placement.log_cap`)."""
    return data_from(f, _line_start(f, lines, max_bytes))


def _line_start(f: BinaryIO, lines: int, max_bytes: int) -> int:
    end = f.seek(0, os.SEEK_END)
    floor = max(0, end - max_bytes)
    pos, seen = end, 0
    while pos > floor:
        step = min(TAIL_BLOCK, pos - floor)
        pos -= step
        f.seek(pos)
        block = f.read(step)
        if pos + step == end and block.endswith(b"\n"):
            block = block[:-1]  # the last line's own newline does not start another line
        count = block.count(b"\n")
        if seen + count >= lines:
            cut = len(block)
            for _ in range(lines - seen):
                cut = block.rindex(b"\n", 0, cut)
            return pos + cut + 1
        seen += count
    return floor


def read_tail(path: os.PathLike[str] | str, lines: int, max_bytes: int = TAIL_MAX_BYTES) -> str:
    """The last ``lines`` lines of a file as text (UTF-8, undecodable bytes replaced), at most
    ``max_bytes`` of it (also when the file grows while it is read)."""
    try:
        with open(path, "rb") as f:
            return read_tail_of(f, lines, max_bytes)
    except FileNotFoundError:
        return ""


# Lines that point elsewhere rather than say what went wrong: a failure's reason skips them.
_POINTER = re.compile(
    r"^(?:try [`'\"]?.*--help|see [`'\"]?.*(?:--help|man )|for more information|run with .*for more"
    r"|usage:|\s*\^+\s*$|traceback \(most recent call last\))",
    re.IGNORECASE,
)
# Words of a line that says what went wrong.
_ERROR = re.compile(
    r"error|invalid|cannot|can't|could not|couldn't|no such|not found|denied|fatal|failed|missing"
    r"|unrecognized|unknown|illegal|refused|exception|abort",
    re.IGNORECASE,
)
_PROGRAM = re.compile(r"^[\w.\-/]+: ")  # "sleep: ", "train.py: ": the program a message is from
REASON_LOOKBACK = 8  # meaningful lines from the end within which an error line is preferred


def reason_line(text: str) -> str:
    """The most useful line of a failed job's log: the last line that says what went wrong (an error,
    "invalid", "No such file", ...) among the last few that say anything, else the last of those that
    is not a pointer elsewhere ("Try 'sleep --help' for more information.", "usage: ...").

    ``sleep 20; echo done`` run without a shell ends with ``sleep: invalid time interval '20;'`` (then the
    same for 'echo' and 'done') and the ``--help`` pointer: the reason is that first error; a Python
    traceback's reason is its last line, the exception."""
    lines = [plain_line(line).replace("\t", " ").strip() for line in text.splitlines()]
    said = [line for line in lines if line][-REASON_LOOKBACK:]
    meaningful = [line for line in said if not _POINTER.search(line)]
    for i in range(len(meaningful) - 1, -1, -1):
        if _ERROR.search(meaningful[i]):
            # a program's run of errors ("sleep: invalid time interval '20;'", then one per other word):
            # the first of them is the one that caused the rest
            prefix = _PROGRAM.match(meaningful[i])
            while prefix and i > 0 and meaningful[i - 1].startswith(prefix.group(0)):
                i -= 1
            return meaningful[i]
    return meaningful[-1] if meaningful else (said[-1] if said else "")


def plain_line(line: str) -> str:
    """A log line as plain text: terminal escape sequences (colours, titles) and control characters but
    the tab removed, so quoting a program's output never recolours or moves a terminal or a chat."""
    return _CONTROL.sub("", _ESCAPE.sub("", line))


def line_break(path: os.PathLike[str] | str) -> bytes:
    """What to write before appending a header line to a log: ``b"\\n"`` when the log's last line has no
    newline (a previous attempt ended mid-line), so ``=== job N attempt K ===`` never runs on from it."""
    try:
        with open(path, "rb") as f:
            if f.seek(0, os.SEEK_END) == 0:
                return b""
            f.seek(-1, os.SEEK_END)
            return b"" if f.read(1) == b"\n" else b"\n"
    except OSError:
        return b""


def read_tail_of(f: BinaryIO, lines: int, max_bytes: int = TAIL_MAX_BYTES) -> str:
    """:func:`read_tail` of a file already open (binary): for a caller that opened it itself, relative to a
    folder and without following a link (the assistant's reading of a job's log)."""
    f.seek(_offset_in(f, lines, max_bytes) if lines else f.seek(0, os.SEEK_END))
    return f.read(max_bytes).decode("utf-8", errors="replace")
