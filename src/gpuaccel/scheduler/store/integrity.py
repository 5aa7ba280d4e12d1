"""When the database file itself fails: damage found at start, a full disk at a write; each says what to do.

Why: SQLite reports both as bare errors ("database disk image is malformed", "database or disk is full")
that reached clients as 500s. A damaged file is found before the daemon serves (``PRAGMA quick_check`` and
the schema version read back) and refused with the file's name and the ways out; a write that finds no
room raises :class:`DiskFull`, which the API answers with 507 and the same words (docs/queue.md, "When the
database cannot be used").
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

DAMAGED_CODES = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})
FULL_CODES = frozenset({sqlite3.SQLITE_FULL})


class DamagedDatabase(RuntimeError):
    """The database cannot be served as it is; the message names the file and what to do."""

    def __init__(self, path: Path, why: str) -> None:
        self.path = path
        super().__init__(
            f"the database {path} is damaged ({why}); the daemon does not serve a damaged queue. "
            f"Stop what uses it, then either move it aside (mv {path} {path}.damaged) and start again "
            f"with an empty queue, or recover what it still holds first: "
            f"sqlite3 {path} .recover | sqlite3 {path}.recovered, then move {path}.recovered into its place"
        )


FREE_SPACE_HINT = "gpuaccel clean --older-than 7d removes finished jobs and their logs"


class DiskFull(OSError):
    """A write found no room for the database (or would leave less than the reserve); the message names
    the file system, what is free, what is needed and what to do. Nothing of the write was kept."""

    def __init__(self, path: Path, reserve: int | None = None) -> None:
        self.path = path
        try:
            usage = shutil.disk_usage(path.parent)
            room = f"{_mib(usage.free)} free of {_mib(usage.total)}"
        except OSError as exc:
            room = f"free space unknown: {exc.strerror}"
        if reserve is not None:
            why = (
                f"the disk holding {path.parent} has {room}; submissions need at least {_mib(reserve)} "
                "free there (min_free_mib), kept for running jobs to record how they end"
            )
        else:
            why = (
                f"the disk holding {path.parent} is full ({room}), or the database {path} reached its "
                "size limit; SQLite needs at least a few MiB free to write"
            )
        super().__init__(
            f"no room to store it: {why}. Nothing was stored: free space there "
            f"({FREE_SPACE_HINT}) and try again"
        )


def ensure_room(path: Path, reserve: int) -> None:
    """:class:`DiskFull` when the disk holding ``path`` has less than ``reserve`` bytes free."""
    try:
        free = shutil.disk_usage(path.parent).free
    except OSError:
        return  # cannot tell: the write itself will say
    if free < reserve:
        raise DiskFull(path, reserve)


def _mib(size: int) -> str:
    return f"{size / 2**20:.1f} MiB"


def is_damage(exc: BaseException) -> bool:
    return getattr(exc, "sqlite_errorcode", None) in DAMAGED_CODES


def is_full(exc: BaseException) -> bool:
    return isinstance(exc, sqlite3.Error) and getattr(exc, "sqlite_errorcode", None) in FULL_CODES


def check(conn: sqlite3.Connection, path: Path) -> None:
    """Refuse a damaged file: SQLite's quick check of every page and index (about a second per 100 MB),
    then every component's schema version read back."""
    try:
        problems = [str(r[0]) for r in conn.execute("PRAGMA quick_check(5)").fetchall()]
        if problems != ["ok"]:
            raise DamagedDatabase(path, "quick_check: " + "; ".join(problems))
        conn.execute("SELECT component, version FROM schema_version").fetchall()
    except sqlite3.OperationalError as exc:
        if "no such table" in str(exc):  # a new file: the migrations make it
            return
        raise
    except sqlite3.DatabaseError as exc:
        raise DamagedDatabase(path, str(exc)) from None
