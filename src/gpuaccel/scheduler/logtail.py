"""The tail of a job's log, read backwards in bounded bytes: the log route, the log stream and job reports.

Logs can be gigabytes, and a progress bar writes ``\\r`` without newlines; a tail must cost at most
:data:`TAIL_MAX_BYTES` of reading whatever the file holds, and never load the whole file.
"""

from __future__ import annotations

import os

TAIL_MAX_BYTES = 4 << 20  # a log tail starts at most this far before the end (whatever ``lines`` asks)
TAIL_BLOCK = 1 << 16


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
    except FileNotFoundError:
        return 0


def read_tail(path: os.PathLike[str] | str, lines: int, max_bytes: int = TAIL_MAX_BYTES) -> str:
    """The last ``lines`` lines of a file as text (UTF-8, undecodable bytes replaced), at most
    ``max_bytes`` of it (also when the file grows while it is read)."""
    try:
        with open(path, "rb") as f:
            f.seek(tail_offset(path, lines, max_bytes))
            return f.read(max_bytes).decode("utf-8", errors="replace")
    except FileNotFoundError:
        return ""
