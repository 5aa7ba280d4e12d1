"""Each job's log capped on disk: past the cap its oldest output is dropped, the tail kept, the cut marked.

Why: a job's output goes straight from the job into its log file (the daemon never copies it), so one job
that writes fast could fill the disk for every other job and for the queue's own database. The scheduler
loop looks at each running job's log every tick and once more when the attempt ends; past ``log_cap_mib``
it gives the start of the file back to the file system by punching a hole (``fallocate(PUNCH_HOLE)``).
The job's own appends are thus never raced or lost, and byte offsets keep their meaning (a log stream's
``Last-Event-ID`` stays valid). The newest half of the cap is kept, a line marking the cut is written just
before it, and readers start past the hole (:func:`data_from`). A file system that cannot punch holes
(some network ones) keeps the whole log; the job's events say so once.
"""

from __future__ import annotations

import ctypes
import errno
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

BLOCK = 4096  # a cut falls on a multiple of this (holes are whole file-system blocks)
_PUNCH_HOLE, _KEEP_SIZE = 0x02, 0x01  # <linux/falloc.h>
_NOT_SUPPORTED = frozenset({errno.EOPNOTSUPP, errno.ENOSYS})
_fallocate: Callable[[int, int, int, int], int] | None = None


class CannotCut(OSError):
    """The log's file system cannot drop the start of a file."""


@dataclass(frozen=True)
class Cut:
    """One cut of a log: everything before byte ``at`` of the file is gone."""

    at: int
    kept: int  # bytes of output after the cut

    def words(self, cap: int) -> str:
        return (
            f"log cut: the oldest {_mib(self.at)} of the job's output were dropped; the log keeps its last "
            f"{_mib(self.kept)} (log_cap_mib = {cap / 2**20:g})"
        )


def _mib(size: int) -> str:
    return f"{size / 2**20:.1f} MiB"


def _punch(fd: int, length: int) -> None:
    """Free bytes [0, length) of the file (they read as zeros)."""
    global _fallocate
    if _fallocate is None:
        fallocate = ctypes.CDLL(None, use_errno=True).fallocate
        fallocate.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int64, ctypes.c_int64]
        _fallocate = fallocate
    if _fallocate(fd, _PUNCH_HOLE | _KEEP_SIZE, 0, length) != 0:
        code = ctypes.get_errno()
        kind = CannotCut if code in _NOT_SUPPORTED else OSError
        raise kind(code, f"fallocate(PUNCH_HOLE): {os.strerror(code)}")


def cap_log(path: Path, cap: int) -> Cut | None:
    """Drop the oldest output of the log at ``path`` once the disk holds more than ``cap`` bytes of it;
    None when it holds less. Keeps the newest ``cap // 2`` bytes or a little more. :class:`CannotCut`
    where the file system cannot do it."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CLOEXEC | os.O_NOFOLLOW)
    except FileNotFoundError:
        return None
    try:
        st = os.fstat(fd)
        if st.st_blocks * 512 <= cap:
            return None
        at = (st.st_size - cap // 2) // BLOCK * BLOCK
        if at <= _first_data(fd):
            return None
        _punch(fd, at)
        cut = Cut(at, st.st_size - at)
        note = f"\n[gpuaccel {cut.words(cap)}]\n".encode()
        os.pwrite(fd, note, at - len(note))  # the marker ends where the kept output begins
        return cut
    finally:
        os.close(fd)


def _first_data(fd: int) -> int:
    """Where the file's data starts: 0 until a cut; the file's size when it holds none."""
    try:
        return os.lseek(fd, 0, os.SEEK_DATA)
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            return os.fstat(fd).st_size
        if exc.errno in (errno.EINVAL, *_NOT_SUPPORTED):  # no SEEK_DATA: nothing was ever cut here
            return 0
        raise


def data_from(f: BinaryIO, offset: int) -> int:
    """The first offset at or after ``offset`` that holds output: past a cut's hole and the zeros in front
    of its marker. ``f``: the log, open for reading in binary mode. Costs one ``lseek`` when nothing
    was cut."""
    first = _first_data(f.fileno())
    if first == 0 or offset >= first + max(BLOCK, os.fstat(f.fileno()).st_blksize):
        return offset
    pos = max(offset, first)
    f.seek(pos)
    while True:  # the zeros the file system keeps in the marker's block
        block = f.read(BLOCK)
        rest = block.lstrip(b"\0")
        if rest or not block:
            return pos + len(block) - len(rest)
        pos += len(block)
