"""Faults: a damaged ``gpuaccel.db`` is found at start, and the daemon refuses to serve it, saying why.

Why: a disk error, a copy taken mid-write or a file overwritten by another program leaves a database that
opens but answers "database disk image is malformed" on the pages it reaches. A daemon that started on it
said ``/health: ok`` and then answered 500 to listings, ``/metrics`` and every submission, so the app looked
healthy while nothing worked. The daemon checks the file at start (``PRAGMA quick_check`` and the schema
version) and refuses, naming the file and what to do (docs/queue.md, "A damaged database").
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import httpx
import pytest
from daemon_fixture import DaemonFactory

DB = "gpuaccel.db"


def _filled(factory: DaemonFactory, jobs: int = 40) -> Path:
    """A data dir whose database holds ``jobs`` held jobs (64 KiB of labels each), its daemon stopped."""
    d = factory.start()
    headers = {"Authorization": f"Bearer {d.token}"}
    labels = {f"k{i}": "y" * 1000 for i in range(64)}
    body = {"kind": "command", "argv": ["true"], "hold": True, "labels": labels}
    for _ in range(jobs):
        assert httpx.post(f"{d.url}/api/v1/jobs", json=body, headers=headers).status_code == 201
    d.stop()
    return d.data_dir


def _damage(db: Path) -> None:
    """Overwrite every other page of the file's second half with the same junk: the jobs' rows, where a
    listing reads; the schema and the small tables the daemon reads at start stay as they were."""
    size = sqlite3.connect(db).execute("PRAGMA page_size").fetchone()[0]
    total = db.stat().st_size // size
    assert total > 100, f"only {total} pages"
    with open(db, "r+b") as f:
        for page in range(total // 2, total + 1, 2):
            f.seek((page - 1) * size)
            f.write(bytes([0x0D, 0xFF, 0xFF, 0x00]) * (size // 4))


def _refusal(factory: DaemonFactory, data_dir: Path) -> str:
    with pytest.raises(RuntimeError) as refused:
        factory.start(data_dir=data_dir, wait_s=20.0)
    return str(refused.value)


def test_a_damaged_database_is_refused_at_start_naming_the_file_and_what_to_do(
    daemon_factory: DaemonFactory,
) -> None:
    data_dir = _filled(daemon_factory)
    _damage(data_dir / DB)
    words = _refusal(daemon_factory, data_dir)
    assert str(data_dir / DB) in words, words
    assert "damaged" in words and ".recover" in words and "move it aside" in words, words
    assert "Traceback" not in words, words
    assert (data_dir / DB).exists()  # nothing of the user's removed or rewritten


def test_a_file_that_is_not_a_database_is_refused(daemon_factory: DaemonFactory) -> None:
    data_dir = daemon_factory.root / "junk"
    data_dir.mkdir(mode=0o700)
    (data_dir / DB).write_bytes(os.urandom(64 * 1024))
    words = _refusal(daemon_factory, data_dir)
    assert str(data_dir / DB) in words and "not a database" in words, words
    assert "Traceback" not in words, words


def test_damage_met_while_serving_is_a_503_and_health_says_so(daemon_factory: DaemonFactory) -> None:
    """The file damaged under a running daemon: every answer is its usual one or a 503 naming the file
    (never a 500), and once one was, ``/health`` says ``damaged`` and why."""
    data_dir = _filled(daemon_factory, jobs=60)  # 3.8 MiB: more than SQLite's page cache (2 MiB) holds
    d = daemon_factory.start(data_dir=data_dir)
    headers = {"Authorization": f"Bearer {d.token}"}
    _damage(data_dir / DB)
    answers = [httpx.get(f"{d.url}/api/v1/jobs", params={"limit": 1000}, headers=headers) for _ in range(3)]
    answers.append(httpx.get(f"{d.url}/metrics", headers=headers))
    body = {"kind": "command", "argv": ["true"], "hold": True}
    answers.append(httpx.post(f"{d.url}/api/v1/jobs", json=body, headers=headers))
    statuses = [r.status_code for r in answers]
    assert 503 in statuses and set(statuses) <= {200, 201, 503}, statuses
    refused = next(r for r in answers if r.status_code == 503)
    assert str(data_dir / DB) in refused.json()["detail"] and "damaged" in refused.json()["detail"]
    health = httpx.get(f"{d.url}/api/v1/health", headers=headers).json()
    assert health["status"] == "damaged" and str(data_dir / DB) in health["database"], health
