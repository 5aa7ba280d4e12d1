"""How the scheduler's data lives in SQLite: one connection's settings and how JSON columns are written.

WAL with ``synchronous=NORMAL`` survives a daemon crash (kill -9) without losing a committed transaction;
a busy timeout lets a second process (the CLI's ``status`` without a daemon, the assistant's own store)
wait for the writer instead of failing. Connections are made with autocommit off the table
(``isolation_level=None``): every write is an explicit ``BEGIN IMMEDIATE ... COMMIT``.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any


def connect(path: Path | str) -> sqlite3.Connection:
    """A connection for one thread-safe owner (the caller serializes its use)."""
    conn = sqlite3.connect(str(path), timeout=10.0, isolation_level=None, check_same_thread=False)
    conn.row_factory = sqlite3.Row
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    conn.execute("PRAGMA busy_timeout=10000")
    conn.execute("PRAGMA foreign_keys=ON")
    return conn


def json_text(value: Any) -> str | None:
    """A JSON column's text; None stays SQL NULL (an empty list or object, most of a request's, is written
    without the encoder)."""
    if value is None:
        return None
    if not value and isinstance(value, list | dict):
        return "[]" if isinstance(value, list) else "{}"
    return json.dumps(value)
