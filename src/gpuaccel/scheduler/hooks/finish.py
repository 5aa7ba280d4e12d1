"""Finish hooks: a shell command or a webhook the daemon runs when a job has finished, from a durable outbox.

A job may name its own (``on_finish``, ``on_finish_url``); the daemon's settings may name global ones
(``on_finish``, ``on_finish_url`` in :class:`scheduler.config.SchedulerConfig`); all that apply run.

Why an outbox: the store writes one pending ``hook_outbox`` row per hook in the transaction that finishes
the job, so a daemon killed at any instant loses none; the next daemon runs again every row still without
an outcome (at least once), and an outcome is recorded once, with its event, in one transaction.

Why bounded everywhere: a hook is the user's code or server and may hang, print gigabytes or leave a
detached child. Its output goes into a buffer holding the last :data:`OUTPUT_BYTES`; ``hook_timeout_s``
covers the whole hook (the process group is killed and the pipe closed at the deadline, whoever still
holds it); a webhook has one total deadline, follows no redirect and reads no body. Hooks run on
:data:`HOOK_THREADS` threads of their own, so they never delay dispatch, and :meth:`FinishHooks.close`
ends the running ones at once (a hook cut by a stop stays pending and runs again at the next start).

A command runs under ``/bin/sh -c`` in the job's directory with ``GPUACCEL_JOB_ID``,
``GPUACCEL_JOB_STATE``, ``GPUACCEL_JOB_EXIT_CODE`` (empty when there is none), ``GPUACCEL_JOB_NAME`` and
``GPUACCEL_JOB_REASON`` in its environment (and none of the daemon's own settings or token); a webhook
gets the same as a JSON body in a POST.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import logging
import os
import queue
import select
import signal
import socket
import subprocess
import threading
import time
import urllib.parse
from typing import Any

from gpuaccel.api.jobs import Job
from gpuaccel.scheduler.config import SchedulerConfig
from gpuaccel.scheduler.paths import user_umask
from gpuaccel.scheduler.placement.cluster import inherited_env
from gpuaccel.scheduler.store.jobstore import JobStore

log = logging.getLogger(__name__)
HOOK_THREADS = 4  # hooks running at once; more wait in the outbox's order
OUTPUT_BYTES = 4096  # the tail of a command's output kept (and shown in its event when it failed)
SHOWN_CHARS = 300  # of that tail, in the event's message
POLL_S = 0.1  # how often a running hook looks at its deadline and at the daemon's stop


class Stopped(Exception):
    """The daemon is stopping: the hook was cut and stays pending."""


def hook_fields(job: Job) -> dict[str, Any]:
    """What a hook learns about the job (the webhook's body; the command's environment, as text)."""
    return {
        "job_id": job.id,
        "state": str(job.state),
        "exit_code": job.exit_code,
        "name": job.name,
        "reason": job.reason,
        "array_id": job.array_id,
        "array_index": job.array_index,
    }


def hook_env(job: Job) -> dict[str, str]:
    f = hook_fields(job)
    return {
        "GPUACCEL_JOB_ID": str(job.id),
        "GPUACCEL_JOB_STATE": f["state"],
        "GPUACCEL_JOB_EXIT_CODE": "" if job.exit_code is None else str(job.exit_code),
        "GPUACCEL_JOB_NAME": job.name or "",
        "GPUACCEL_JOB_REASON": job.reason or "",
    }


class FinishHooks:
    """Runs the store's outbox of finish hooks on its own threads; the store queues them as jobs finish."""

    def __init__(self, store: JobStore, config: SchedulerConfig) -> None:
        self.store = store
        self.config = config
        self._base_env = inherited_env()
        self._todo: queue.Queue[int | None] = queue.Queue()
        self._queued: set[int] = set()
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._running: dict[int, subprocess.Popen[bytes] | socket.socket] = {}
        self._threads: list[threading.Thread] = []
        store.set_finish_hooks(self.hooks_of)
        store.on_finished(self.job_finished)

    def hooks_of(self, job: Job) -> list[tuple[str, str]]:
        """("command" | "url", target) for every hook that applies to the job, job's own first."""
        own = [("command", job.on_finish), ("url", job.on_finish_url)] if self.config.allow_job_hooks else []
        found = [*own, ("command", self.config.on_finish), ("url", self.config.on_finish_url)]
        return [(kind, target) for kind, target in found if target]

    def start(self) -> int:
        """Run what the outbox holds (a previous daemon's pending hooks); returns how many."""
        pending = self.store.pending_hooks()
        for hook_id, *_ in pending:
            self._put(hook_id)
        return len(pending)

    def job_finished(self, job: Job) -> None:
        """Called in the store's writer after the commit: only hands the job's pending rows to the threads."""
        if self._stop.is_set() or not self.hooks_of(job):
            return
        for hook_id, *_ in self.store.pending_hooks(job.id):
            self._put(hook_id)

    def _put(self, hook_id: int) -> None:
        with self._lock:
            if hook_id in self._queued or self._stop.is_set():
                return
            self._queued.add(hook_id)
            if len(self._threads) < HOOK_THREADS:  # threads start lazily, at most HOOK_THREADS
                thread = threading.Thread(target=self._work, name="gpuaccel-hook", daemon=True)
                self._threads.append(thread)
                thread.start()
        self._todo.put(hook_id)

    def _work(self) -> None:
        while not self._stop.is_set():
            hook_id = self._todo.get()
            if hook_id is None:
                return
            try:
                self._run(hook_id)
            except Stopped:
                return
            except Exception:  # a hook must never take a thread (or the daemon) down with it
                log.exception("finish hook %d", hook_id)
            finally:
                with self._lock:
                    self._queued.discard(hook_id)

    def _run(self, hook_id: int) -> None:
        row = self.store.hook(hook_id)
        job = self.store.get(row[0]) if row else None
        if row is None or job is None:
            return
        _, kind, target = row
        self.store.hook_started(hook_id)
        deadline = time.monotonic() + self.config.hook_timeout_s
        try:
            ok, outcome = (
                self._command(hook_id, job, target, deadline)
                if kind == "command"
                else self._post(hook_id, job, target, deadline)
            )
        except Stopped:
            raise
        except Exception as exc:
            ok, outcome = False, f"failed: {exc!r}"
        what = "finish hook" if kind == "command" else f"finish webhook {target}"
        with contextlib.suppress(Exception):  # the store may be closed when the daemon stops meanwhile
            self.store.hook_done(hook_id, job, f"{what} {outcome}", ok, {"hook": kind, "ok": ok})

    def _command(self, hook_id: int, job: Job, command: str, deadline: float) -> tuple[bool, str]:
        cwd = job.cwd if job.cwd and os.path.isdir(job.cwd) else os.path.expanduser("~")
        proc = subprocess.Popen(
            ["/bin/sh", "-c", command],
            cwd=cwd,
            env={**self._base_env, **hook_env(job)},
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: a timeout ends the hook's children too
            umask=user_umask(),
        )
        assert proc.stdout is not None
        with self._lock:
            self._running[hook_id] = proc
        tail = bytearray()
        fd = proc.stdout.fileno()
        os.set_blocking(fd, False)
        timed_out = eof = False
        try:
            while True:
                if self._stop.is_set():
                    raise Stopped
                if time.monotonic() >= deadline:
                    timed_out = True
                    break
                if eof:  # the output is closed; the shell may still run
                    with contextlib.suppress(subprocess.TimeoutExpired):
                        proc.wait(timeout=POLL_S)
                else:
                    ready, _, _ = select.select([fd], [], [], POLL_S)
                    if ready:
                        chunk = _read(fd)
                        if chunk:
                            tail += chunk
                            del tail[:-OUTPUT_BYTES]
                            continue
                        eof = True
                if proc.poll() is not None:
                    # The shell has exited; a child it left may hold the pipe open: take what is there now
                    # and stop reading (EOF may never come).
                    tail += _read(fd)
                    del tail[:-OUTPUT_BYTES]
                    break
        finally:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)  # whatever of its group is left, at any end
            proc.stdout.close()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=1.0)
            with self._lock:
                self._running.pop(hook_id, None)
        if self._stop.is_set():  # killed by the stop, not by itself: it runs again at the next start
            raise Stopped
        if timed_out:
            return False, f"failed: still running after {self.config.hook_timeout_s:g} s, killed"
        text = tail.decode("utf-8", "replace").strip()[-SHOWN_CHARS:]
        if proc.returncode == 0:
            return True, "exited 0"
        return False, f"failed: exited {proc.returncode}" + (f": {text}" if text else "")

    def _post(self, hook_id: int, job: Job, url: str, deadline: float) -> tuple[bool, str]:
        """POST the job's fields; the status line within the deadline is the outcome. No redirect is
        followed (a 3xx is a failure that names where it pointed), no body is read."""
        parts = urllib.parse.urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            return False, "failed: not an http(s) URL"
        conn_type = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
        timeout = max(deadline - time.monotonic(), 0.001)
        conn = conn_type(parts.hostname, parts.port, timeout=timeout)
        # One total deadline: a timer shuts the socket down when it passes (a server answering a byte a
        # second never resets it, as a per-read timeout would).
        watchdog = threading.Timer(timeout, _shut, (conn,))
        watchdog.daemon = True
        path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        try:
            conn.connect()
            with self._lock:
                if conn.sock is not None:
                    self._running[hook_id] = conn.sock
            watchdog.start()
            body = json.dumps(hook_fields(job)).encode()
            conn.request("POST", path, body=body, headers={"Content-Type": "application/json"})
            response = conn.getresponse()
            status, reason = response.status, response.reason
            location = response.getheader("Location")
        except (OSError, http.client.HTTPException) as exc:
            if self._stop.is_set():
                raise Stopped from None
            if time.monotonic() >= deadline - 0.01:
                return False, f"failed: no answer within {self.config.hook_timeout_s:g} s"
            return False, f"failed: {getattr(exc, 'strerror', None) or exc!r}"
        finally:
            watchdog.cancel()
            with self._lock:
                self._running.pop(hook_id, None)
            conn.close()
        if 200 <= status < 300:
            return True, f"answered {status}"
        if 300 <= status < 400:
            return False, f"failed: answered {status} {reason} (to {location}); redirects are not followed"
        return False, f"failed: answered {status} {reason}"

    def close(self) -> None:
        """Stop now: running hooks are killed (commands) or cut (webhooks) and stay pending for the next
        start; nothing here waits on a hook."""
        self._stop.set()
        with self._lock:
            running = list(self._running.values())
            threads = list(self._threads)
        for what in running:
            if isinstance(what, socket.socket):
                _shut_socket(what)
            else:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(what.pid, signal.SIGKILL)
        for _ in threads:
            self._todo.put(None)
        for thread in threads:
            thread.join(timeout=2.0)


def _read(fd: int) -> bytes:
    try:
        return os.read(fd, 65536)
    except (BlockingIOError, OSError):
        return b""


def _shut(conn: http.client.HTTPConnection) -> None:
    if conn.sock is not None:
        _shut_socket(conn.sock)


def _shut_socket(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
