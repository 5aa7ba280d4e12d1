"""Finish hooks as a careless user or an attacker writes them: huge output, detached children, servers that
drip or redirect, a daemon stopped or killed while they run, a token in the daemon's environment."""

from __future__ import annotations

import contextlib
import http.server
import os
import resource
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from daemon_fixture import wait_for

from gpuaccel.api.jobs import Job
from gpuaccel.scheduler.config import SchedulerConfig
from gpuaccel.scheduler.hooks.finish import FinishHooks
from gpuaccel.scheduler.lifecycle.validation import validate_request
from gpuaccel.scheduler.paths import DataDir
from gpuaccel.scheduler.placement.cluster import inherited_env
from gpuaccel.scheduler.placement.placements import LocalPlacement
from gpuaccel.scheduler.store.queue import Store
from gpuaccel.scheduler.store.records import JobRecords


def _finished(store: Store, **hooks: Any) -> Job:
    """A job with these hooks, finished (cancelled while queued): its hooks are due."""
    job = store.insert(validate_request({"kind": "command", "argv": ["true"], **hooks}))
    done = store.cancel_waiting(job.id)
    assert done is not None
    return done


def _hook_events(store: Store, job_id: int) -> list[str]:
    return [e.message for e in store.events(job_id=job_id, limit=1000) if "hook" in e.message]


def _one_outcome(store: Store, job_id: int, timeout: float = 10.0) -> str:
    events = wait_for(lambda: _hook_events(store, job_id), timeout=timeout, what="the hook's outcome")
    return events[0]


def test_a_hook_printing_hundreds_of_megabytes_keeps_only_its_tail(store: Store) -> None:
    hooks = FinishHooks(store, SchedulerConfig(hook_timeout_s=30))
    try:
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
        job = _finished(store, on_finish="head -c 400000000 /dev/zero; echo; echo last-line; exit 3")
        outcome = _one_outcome(store, job.id, timeout=30)
        grown_mib = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    finally:
        hooks.close()
    assert outcome.startswith("finish hook failed: exited 3") and outcome.endswith("last-line"), outcome
    assert grown_mib < 64, f"the daemon grew {grown_mib:.0f} MiB reading a hook's output"


def test_the_timeout_covers_the_whole_hook_even_with_a_detached_child(store: Store, tmp_path: Path) -> None:
    pid_file = tmp_path / "child.pid"
    hooks = FinishHooks(store, SchedulerConfig(hook_timeout_s=1))
    try:
        start = time.monotonic()
        # The child keeps the hook's output pipe open in a session of its own (out of the hook's group).
        job = _finished(store, on_finish=f"setsid sh -c 'echo $$ > {pid_file}; sleep 20' & echo started")
        outcome = _one_outcome(store, job.id, timeout=15)
        took = time.monotonic() - start
    finally:
        hooks.close()
        if pid_file.exists():
            with contextlib.suppress(ProcessLookupError, ValueError):
                os.kill(int(pid_file.read_text()), signal.SIGKILL)
    assert took < 5, f"the hook held its thread {took:.1f} s with a 1 s timeout"
    assert outcome == "finish hook exited 0", outcome


class _Drip(http.server.BaseHTTPRequestHandler):
    """Answers a byte a second, or redirects, or counts what reaches it."""

    mode = "drip"
    seen: list[str] = []
    target = ""

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        if self.mode == "redirect":
            self.send_response(302)
            self.send_header("Location", self.target)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        for byte in b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n":
            try:
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
            except OSError:
                return
            time.sleep(0.5)

    def do_GET(self) -> None:
        type(self).seen.append(self.path)
        self.send_response(200)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def server() -> Iterator[tuple[http.server.ThreadingHTTPServer, type[_Drip]]]:
    handler = type("Handler", (_Drip,), {"seen": []})
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    srv.daemon_threads = True
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield srv, handler
    srv.shutdown()
    srv.server_close()
    thread.join()


def test_a_webhook_that_drips_its_answer_is_cut_at_the_total_deadline(store: Store, server: Any) -> None:
    srv, _handler = server
    hooks = FinishHooks(store, SchedulerConfig(hook_timeout_s=1))
    try:
        start = time.monotonic()
        job = _finished(store, on_finish_url=f"http://127.0.0.1:{srv.server_address[1]}/hook")
        outcome = _one_outcome(store, job.id, timeout=30)
        took = time.monotonic() - start
    finally:
        hooks.close()
    assert took < 4, f"a 1 s webhook held its thread {took:.1f} s"
    assert "failed: no answer within 1 s" in outcome, outcome


def test_a_webhook_redirect_is_not_followed(store: Store, server: Any) -> None:
    srv, handler = server
    handler.mode = "redirect"
    handler.target = f"http://127.0.0.1:{srv.server_address[1]}/elsewhere"
    hooks = FinishHooks(store, SchedulerConfig(hook_timeout_s=5))
    try:
        job = _finished(store, on_finish_url=f"http://127.0.0.1:{srv.server_address[1]}/hook")
        outcome = _one_outcome(store, job.id)
    finally:
        hooks.close()
    assert "answered 302" in outcome and "redirects are not followed" in outcome, outcome
    assert handler.seen == []  # no GET went to where it pointed


def test_stopping_never_waits_on_a_hook_and_the_cut_hook_stays_pending(store: Store) -> None:
    hooks = FinishHooks(store, SchedulerConfig(hook_timeout_s=60))
    job = _finished(store, on_finish="sleep 30")
    wait_for(lambda: store.query("SELECT runs FROM hook_outbox")[0][0] == 1, what="the hook to start")
    start = time.monotonic()
    hooks.close()
    assert time.monotonic() - start < 3
    assert _hook_events(store, job.id) == []
    assert [row[1] for row in store.pending_hooks()] == [job.id]  # it runs again at the next start


def test_hooks_survive_a_crash_and_each_outcome_is_recorded_once(tmp_path: Path) -> None:
    marks = tmp_path / "marks"
    marks.mkdir()
    first = Store(tmp_path / "db.sqlite")
    hooks = FinishHooks(first, SchedulerConfig())
    hooks.close()  # the daemon "dies" before any hook runs: what was queued in memory is gone
    jobs = [_finished(first, on_finish=f"touch {marks}/$GPUACCEL_JOB_ID") for _ in range(6)]
    first.close()
    second = Store(tmp_path / "db.sqlite")
    again = FinishHooks(second, SchedulerConfig())
    try:
        assert again.start() == 6
        for job in jobs:
            assert _one_outcome(second, job.id) == "finish hook exited 0"
        assert sorted(p.name for p in marks.iterdir()) == sorted(str(j.id) for j in jobs)
        assert second.pending_hooks() == []
        time.sleep(0.3)
        assert all(len(_hook_events(second, j.id)) == 1 for j in jobs)
    finally:
        again.close()
        second.close()


def test_the_token_and_settings_stay_in_the_daemon(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    token = "tok-" + "x" * 40
    monkeypatch.setenv("GPUACCEL_TOKEN", token)
    monkeypatch.setenv("GPUACCEL_MAX_PARALLEL", "3")
    monkeypatch.setattr(JobRecords, "_secrets", ())
    Store.add_secret(token)
    assert not any(k.startswith("GPUACCEL_") for k in inherited_env())  # jobs and hooks start from this
    seen = tmp_path / "env.txt"
    hooks = FinishHooks(store, SchedulerConfig(hook_timeout_s=10))
    try:
        job = _finished(store, on_finish=f"env > {seen}; echo the token is {token}; exit 1")
        outcome = _one_outcome(store, job.id)
    finally:
        hooks.close()
    assert "GPUACCEL_TOKEN" not in seen.read_text() and "GPUACCEL_MAX_PARALLEL" not in seen.read_text()
    assert token not in outcome and "the token is [token]" in outcome, outcome
    assert all(token not in (row[0] or "") for row in store.query("SELECT outcome FROM hook_outbox"))


def test_a_job_is_told_its_daemons_data_dir_but_not_its_token(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A job's own ``gpuaccel submit`` must reach the daemon that runs it, even one started with
    ``--data-dir``; the token stays home (the CLI reads it from the data dir's 0600 file)."""
    monkeypatch.setenv("GPUACCEL_TOKEN", "tok-" + "y" * 40)
    monkeypatch.delenv("GPUACCEL_DATA_DIR", raising=False)
    env = LocalPlacement(store, DataDir(tmp_path / "data"))._base_env
    assert env["GPUACCEL_DATA_DIR"] == str(tmp_path / "data")
    assert [k for k in env if k.startswith("GPUACCEL_")] == ["GPUACCEL_DATA_DIR"]
