"""Finish hooks: a shell command or a webhook the daemon runs when a job has finished.

A job may name its own (``on_finish``, ``on_finish_url``); the daemon's settings may name global ones
(``on_finish``, ``on_finish_url`` in :class:`scheduler.config.SchedulerConfig`); all that apply run. They
run off the dispatch path on a small thread pool, each bounded by ``hook_timeout_s``, and whatever they
do (fail, hang, print) is only recorded as an event of the job: it never changes the job or the queue.

A command runs under ``/bin/sh -c`` in the job's directory with ``GPUACCEL_JOB_ID``,
``GPUACCEL_JOB_STATE``, ``GPUACCEL_JOB_EXIT_CODE`` (empty when there is none), ``GPUACCEL_JOB_NAME`` and
``GPUACCEL_JOB_REASON`` in its environment; a webhook gets the same as a JSON body in a POST.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import signal
import subprocess
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from gpuaccel.api.jobs import Job
from gpuaccel.scheduler.config import SchedulerConfig
from gpuaccel.scheduler.paths import user_umask
from gpuaccel.scheduler.placement.cluster import inherited_env
from gpuaccel.scheduler.store.queue import Store

log = logging.getLogger(__name__)
HOOK_THREADS = 2
OUTPUT_CHARS = 300  # of a failed command's output, kept in its event


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
    """Subscribed to the store's finished jobs; runs their hooks on its own threads."""

    def __init__(self, store: Store, config: SchedulerConfig) -> None:
        self.store = store
        self.config = config
        self._pool = ThreadPoolExecutor(HOOK_THREADS, thread_name_prefix="gpuaccel-hook")  # threads: lazily
        self._base_env = inherited_env()
        store.on_finished(self.job_finished)

    def hooks_of(self, job: Job) -> list[tuple[str, str]]:
        """("command" | "url", target) for every hook that applies to the job, job's own first."""
        own = [("command", job.on_finish), ("url", job.on_finish_url)] if self.config.allow_job_hooks else []
        found = [*own, ("command", self.config.on_finish), ("url", self.config.on_finish_url)]
        return [(kind, target) for kind, target in found if target]

    def job_finished(self, job: Job) -> None:
        """Called in the store's writer: only hands the work to the pool."""
        hooks = self.hooks_of(job)
        if not hooks:
            return
        for kind, target in hooks:
            try:
                self._pool.submit(self._run, job, kind, target)
            except RuntimeError:  # the pool is shut down: the daemon is stopping
                log.warning("finish hook of job %s not run: the daemon is stopping", job.id)

    def _run(self, job: Job, kind: str, target: str) -> None:
        try:
            outcome = self._command(job, target) if kind == "command" else self._post(job, target)
        except Exception as exc:  # a hook must never take a thread (or the daemon) down with it
            outcome = f"failed: {exc!r}"
        what = "finish hook" if kind == "command" else f"finish webhook {target}"
        with contextlib.suppress(Exception):  # the store may be closed when the daemon stops meanwhile
            self.store.add_event(
                "job", job_id=job.id, state=str(job.state), message=f"{what} {outcome}",
                data={"hook": kind, "ok": outcome.startswith(("exited 0", "answered 2"))},
            )  # fmt: skip

    def _command(self, job: Job, command: str) -> str:
        cwd = job.cwd if job.cwd and os.path.isdir(job.cwd) else os.path.expanduser("~")
        proc = subprocess.Popen(
            ["/bin/sh", "-c", command],
            cwd=cwd,
            env={**self._base_env, **hook_env(job)},
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # a timeout ends the hook's children too
            umask=user_umask(),
        )
        try:
            out, _ = proc.communicate(timeout=self.config.hook_timeout_s)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            return f"failed: still running after {self.config.hook_timeout_s:g} s, killed"
        text = out.decode("utf-8", "replace").strip()[-OUTPUT_CHARS:]
        if proc.returncode == 0:
            return "exited 0"
        return f"failed: exited {proc.returncode}" + (f": {text}" if text else "")

    def _post(self, job: Job, url: str) -> str:
        body = json.dumps(hook_fields(job)).encode()
        request = urllib.request.Request(
            url, data=body, method="POST", headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=self.config.hook_timeout_s) as response:
                return f"answered {response.status}"
        except urllib.error.HTTPError as exc:
            return f"failed: answered {exc.code} {exc.reason}"
        except (urllib.error.URLError, OSError) as exc:
            return f"failed: {getattr(exc, 'reason', exc)}"

    def close(self) -> None:
        """Let running hooks finish (each is bounded by its timeout); queued ones still run."""
        self._pool.shutdown(wait=True)
