"""The assistant's tables in the daemon's one SQLite file: chat sessions and messages, reports.

Own connection (WAL lets it sit beside the scheduler's), schema versioned under the component name
``assistant`` with the scheduler's migration runner, so both upgrade the same way and never collide.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

from gpuaccel.scheduler.store import migrations
from gpuaccel.scheduler.store.sqlite import connect

ASSISTANT_SCHEMA: tuple[str, ...] = (
    # 1: chat and reports
    """
    CREATE TABLE chat_sessions (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        title TEXT NOT NULL DEFAULT '',
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL
    );
    CREATE TABLE chat_messages (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        session_id INTEGER NOT NULL REFERENCES chat_sessions(id) ON DELETE CASCADE,
        role TEXT NOT NULL,
        content TEXT NOT NULL,
        created_at REAL NOT NULL,
        meta TEXT
    );
    CREATE INDEX chat_messages_session ON chat_messages (session_id, id);
    CREATE TABLE reports (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL,
        subject TEXT NOT NULL,
        title TEXT NOT NULL,
        created_at REAL NOT NULL,
        facts TEXT NOT NULL,
        summary TEXT NOT NULL DEFAULT '',
        markdown TEXT NOT NULL,
        plots TEXT NOT NULL DEFAULT '[]'
    );
    """,
)


class AssistantDB:
    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._conn = connect(self.path)
        self._lock = threading.Lock()
        with self._lock:
            migrations.apply(self._conn, "assistant", ASSISTANT_SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._conn.close()

    def _rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[dict[str, Any]]:
        with self._lock:
            return [dict(r) for r in self._conn.execute(sql, params).fetchall()]

    def _write(self, sql: str, params: tuple[Any, ...] = ()) -> int:
        with self._lock:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                cur = self._conn.execute(sql, params)
                self._conn.execute("COMMIT")
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
            return int(cur.lastrowid or 0) if sql.lstrip().upper().startswith("INSERT") else cur.rowcount

    # -- chat --------------------------------------------------------------------------------------------

    def new_session(self, title: str = "") -> dict[str, Any]:
        now = time.time()
        sid = self._write(
            "INSERT INTO chat_sessions (title, created_at, updated_at) VALUES (?, ?, ?)", (title, now, now)
        )
        return self.session(sid) or {}

    def session(self, session_id: int) -> dict[str, Any] | None:
        rows = self._rows("SELECT * FROM chat_sessions WHERE id = ?", (session_id,))
        return rows[0] if rows else None

    def sessions(self, limit: int = 100) -> list[dict[str, Any]]:
        return self._rows("SELECT * FROM chat_sessions ORDER BY updated_at DESC LIMIT ?", (limit,))

    def delete_session(self, session_id: int) -> bool:
        self._write("DELETE FROM chat_messages WHERE session_id = ?", (session_id,))
        return self._write("DELETE FROM chat_sessions WHERE id = ?", (session_id,)) > 0

    def add_message(
        self, session_id: int, role: str, content: str, meta: dict[str, Any] | None = None
    ) -> int:
        now = time.time()
        mid = self._write(
            "INSERT INTO chat_messages (session_id, role, content, created_at, meta) VALUES (?, ?, ?, ?, ?)",
            (session_id, role, content, now, json.dumps(meta or {})),
        )
        self._write("UPDATE chat_sessions SET updated_at = ? WHERE id = ?", (now, session_id))
        if role == "user":
            self._write(
                "UPDATE chat_sessions SET title = ? WHERE id = ? AND title = ''", (content[:60], session_id)
            )
        return mid

    def messages(self, session_id: int) -> list[dict[str, Any]]:
        rows = self._rows("SELECT * FROM chat_messages WHERE session_id = ? ORDER BY id", (session_id,))
        for r in rows:
            r["meta"] = json.loads(r["meta"] or "{}")
        return rows

    # -- reports ------------------------------------------------------------------------------------------

    def add_report(self, report: dict[str, Any]) -> int:
        return self._write(
            "INSERT INTO reports (kind, subject, title, created_at, facts, summary, markdown, plots)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (
                report["kind"],
                report["subject"],
                report["title"],
                time.time(),
                json.dumps(report["facts"]),
                report.get("summary", ""),
                report["markdown"],
                json.dumps(report.get("plots", [])),
            ),
        )

    def report(self, report_id: int) -> dict[str, Any] | None:
        rows = self._rows("SELECT * FROM reports WHERE id = ?", (report_id,))
        if not rows:
            return None
        r = rows[0]
        r["facts"], r["plots"] = json.loads(r["facts"]), json.loads(r["plots"])
        return r

    def reports(self, limit: int = 100) -> list[dict[str, Any]]:
        return self._rows(
            "SELECT id, kind, subject, title, created_at FROM reports ORDER BY id DESC LIMIT ?", (limit,)
        )
