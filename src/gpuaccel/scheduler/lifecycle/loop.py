"""The scheduler loop: dispatch queued jobs onto GPUs, supervise workers, end jobs with a reason.

One thread owns every transition that follows from a process (start, exit, timeout, kill, heartbeat);
API calls (submit, cancel, retry, priority; :mod:`scheduler.lifecycle.service`) write to the store and wake
it, so a
submission is dispatched within milliseconds and an exit is handled as soon as the process ends, not at
the next tick. What a pass starts is decided by :mod:`scheduler.lifecycle.dispatch`.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
import uuid
from collections import Counter
from typing import Any

from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.api.jobs import Job, JobState
from gpuaccel.scheduler.config import SchedulerConfig
from gpuaccel.scheduler.hooks.finish import FinishHooks
from gpuaccel.scheduler.lifecycle.dispatch import Slots, dispatch_pass
from gpuaccel.scheduler.lifecycle.flop_ratio import RATIO_FILE, FlopRatios
from gpuaccel.scheduler.lifecycle.idle import IdleDetector
from gpuaccel.scheduler.lifecycle.recovery import LOST_WORKER, recover
from gpuaccel.scheduler.paths import DataDir
from gpuaccel.scheduler.placement.attempts import Attempt
from gpuaccel.scheduler.placement.log_cap import CannotCut, cap_log
from gpuaccel.scheduler.placement.placements import LOCAL, Lost, NotNow, Placements, Running, Unknown
from gpuaccel.scheduler.placement.runner import WARNING_SENT, Worker, process_start_marker
from gpuaccel.scheduler.store.jobstore import JobStore, Limits

log = logging.getLogger(__name__)
CANCELLED_BY_USER = "cancelled by user"
# Dispatch reads the queue page by page past any number of blocked jobs (JobStore.pending_pages). A full
# pass reads it all to refresh every waiting reason, at most once per FULL_PASS_COST_RATIO times its own
# cost, so a huge queue cannot eat the loop.
FULL_PASS_COST_RATIO = 20


NOT_NOW_WAIT_S = 5.0  # how long a job a placement could not take now waits before it is queued again


class SchedulerLoop:
    """The workers and the thread that supervises them; :class:`service.Scheduler` adds the user's
    requests on top."""

    def __init__(
        self,
        store: JobStore,
        data_dir: DataDir,
        config: SchedulerConfig,
        sampler: Sampler | None = None,
        idle: IdleDetector | None = None,
        placements: Placements | None = None,
    ) -> None:
        self.store = store
        self.data_dir = data_dir
        self.config = config
        self.sampler = sampler
        self.idle = idle or IdleDetector(config.idle_util_pct, config.idle_after_s)
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self.placements = placements or Placements.local_only(store, data_dir)
        self.flop_ratios = FlopRatios(data_dir.root / RATIO_FILE)  # learned by a RatioLearner
        self._workers: dict[int, Running] = {}
        self._uncut: set[int] = set()  # jobs whose log could not be capped (told once)
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._last_heartbeat = 0.0
        self._full_cost = 0.0  # seconds the last full pass took
        # A wake-up pass after a mere submission examines only jobs newer than _seen_id: the older ones
        # were examined already and nothing that could free them (an exit, a retry, a priority change,
        # which set _rescan) has happened since.
        self._rescan = True
        self._seen_id = 0
        # A user's cancel/retry/priority change asks for a full pass next (waiting reasons, idleness):
        # rare, and the idle gate then reflects it within milliseconds instead of at the next tick.
        self._full_next = False
        # groups and pause switches (scheduler/lifecycle/controls.py)
        self.limits: Limits = store.limits()
        self.idle.subscribe(self._record_idle_event)
        self.hooks = FinishHooks(store, config)

    # -- lifecycle --------------------------------------------------------------------------------

    def start(self) -> list[Job]:
        """Recover what a previous daemon left running, then start the loop; returns the recovered jobs."""
        recovered = self.recover()
        self.hooks.start()  # what a previous daemon left in the outbox
        self._thread = threading.Thread(target=self._run, name="gpuaccel-scheduler", daemon=False)
        self._thread.start()
        return recovered

    def stop(self) -> None:
        """Stop dispatching, end running workers (SIGTERM, then SIGKILL) and queue their jobs again (a
        paused job is held instead: it starts again only when the user releases it).

        A job that exits by itself (any code; only death by a signal is the stop's doing), or ended
        before the stop signal reached it, keeps its real outcome; a keeper that survived SIGKILL (stuck
        in the kernel) is left ``running`` for the next daemon to adopt rather than queued beside itself;
        so is an attempt that does not depend on this daemon (a cluster job)."""
        self._stopping.set()
        self._wake.set()
        self.flop_ratios.save_if_due(force=True)
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        with self._lock:
            workers = [w for w in self._workers.values() if not w.detach()]
        for w in workers:
            w.stop(JobState.QUEUED, "daemon stopped", self.config.kill_grace_s)
        deadline = time.monotonic() + self.config.kill_grace_s + 2.0
        for w in workers:
            while not w.exited and time.monotonic() < deadline:
                w.enforce_kill(time.monotonic())
                time.sleep(0.02)
            w.join()
            w.flush_progress(self.store, self.config.progress_write_s, force=True)
            if w.exited:
                self._record(w.job_id, *w.outcome())
                w.settled()
        with self._lock:
            self._workers.clear()
        self.placements.close()
        self.hooks.close()

    def wake(self) -> None:
        self._wake.set()

    def recover(self) -> list[Job]:
        """Account for jobs a dead daemon left 'running': local ones from their attempts' keeper files
        (:mod:`scheduler.lifecycle.recovery`: adopt the ones that still run, record how the others ended), the
        others by asking their placement (a cluster job is adopted or found never submitted)."""
        orphans = self.store.orphans(self.owner)
        local = [j for j in orphans if j.where == LOCAL]
        recovered = recover(
            self.store, self.data_dir.runs, (self.owner, self.config.lease_s), self.data_dir.job_log,
            self._adopt, self._record, local,
        )  # fmt: skip
        for job in orphans:
            if job.where != LOCAL:
                done = self._reconcile(job)
                if done is not None:
                    recovered.append(done)
        return recovered

    def _adopt(self, job: Job, attempt: Attempt, pid: int | None) -> None:
        worker = self.placements.local.worker(job, self._on_exit)
        if job.warn_signal is not None and job.started_at is not None:  # the dead daemon may have sent it
            worker.warned = self.store.has_event(job.id, since=job.started_at, ending=WARNING_SENT)
        self._supervise(worker)
        worker.adopt(pid)
        self._stop_if_cancelled(worker)

    def _reconcile(self, job: Job) -> Job | None:
        """A cluster attempt a dead daemon left: adopt it where it still runs (or ended unseen: its
        follower then reports the end), else record it lost."""
        found = self.placements.remote(job.where).reconcile(job, self._on_exit)
        if isinstance(found, Unknown):
            self.store.add_event(
                "job",
                job_id=job.id,
                state=JobState.RUNNING,
                message=f"left as it is after a restart: {found.why}",
            )
            return None
        if isinstance(found, Lost):
            if found.count_attempt:
                return self._record(job.id, JobState.FAILED, LOST_WORKER + found.note, None)
            return self._record(job.id, JobState.QUEUED, LOST_WORKER + found.note, None)
        adopted = self.store.adopt(job.id, self.owner, self.config.lease_s, None, "adopted after a restart")
        if adopted is None:  # no longer running (nothing else moves it while no loop runs): leave it
            found.detach()
            return None
        self._supervise(found)
        self._stop_if_cancelled(found)
        return adopted

    def _supervise(self, worker: Running) -> None:
        with self._lock:
            self._workers[worker.job_id] = worker
        self.idle.note_claim(worker.gpus, worker.job_id)

    def _stop_if_cancelled(self, worker: Running) -> None:
        if self.store.cancel_requested(worker.job_id):
            worker.stop(JobState.CANCELLED, CANCELLED_BY_USER, self._grace(worker))

    def _grace(self, worker: Running) -> float:
        """SIGTERM -> SIGKILL delay on cancel and timeout: the job's own, else the daemon's."""
        own = worker.job.kill_grace_s
        return self.config.kill_grace_s if own is None else own

    def _record(
        self, job_id: int, state: JobState, reason: str | None, code: int | None, now: float | None = None
    ) -> Job | None:
        """Store how an attempt ended (seen at unix time ``now``, the clock when None). A cancel accepted
        while it ran wins over any exit; a failure with retries left waits its backoff from ``now``;
        ``queued`` puts it back without counting the attempt."""
        if state != JobState.CANCELLED and self.store.cancel_requested(job_id):
            state, reason = JobState.CANCELLED, CANCELLED_BY_USER
        job = self.store.get(job_id)
        if state == JobState.FAILED and job is not None and job.can_retry:
            delay = self.config.backoff(job.attempt - job.retry_base)
            at = (time.time() if now is None else now) + delay
            return self.store.to_retrying(job_id, at, reason or "failed", code)
        if state == JobState.QUEUED and job is not None and job.state == JobState.PAUSED:
            # the user stopped it: starting it again by itself would undo that, so it waits for a release
            message = f"{reason} while it was paused; held (gpuaccel release {job_id})"
            return self.store.requeue_running(job_id, message, count_attempt=False, hold=True)
        if state == JobState.QUEUED:
            return self.store.requeue_running(job_id, f"{reason}; queued again", count_attempt=False)
        return self.store.finish(job_id, state, reason, code)

    # -- the running workers ---------------------------------------------------------------------------

    def worker(self, job_id: int) -> Running | None:
        with self._lock:
            return self._workers.get(job_id)

    def running_jobs(self) -> dict[int, tuple[Job, dict[str, dict[str, Any]]]]:
        """GPU index -> (the job running there, its latest reported metrics): exact TFLOP/s and energy."""
        with self._lock:
            return {g: (w.job, dict(w.metrics)) for w in self._workers.values() for g in w.gpus}

    def is_queue_pid(self, pid: int) -> bool:
        with self._lock:
            groups = {w.pid for w in self._workers.values() if w.pid is not None}
        try:
            return os.getpgid(pid) in groups
        except (ProcessLookupError, PermissionError):
            return False

    # -- the loop ---------------------------------------------------------------------------------------

    def _run(self) -> None:
        last_full = 0.0
        while not self._stopping.is_set():
            self._wake.wait(self.config.tick_s)
            self._wake.clear()
            if self._stopping.is_set():
                break
            now = time.monotonic()
            every = max(self.config.tick_s, FULL_PASS_COST_RATIO * self._full_cost)
            full = now - last_full >= every or self._full_next
            self._full_next = False
            if full:
                last_full = now
            try:
                self.tick(full)
                if full:
                    self._full_cost = time.monotonic() - now
            except Exception:
                log.exception("scheduler tick failed")
                time.sleep(self.config.tick_s)

    def tick(self, full: bool = True, now: float | None = None) -> None:
        """One pass. A *full* pass (every ``tick_s``) also refreshes waiting reasons, idleness and
        heartbeats; a wake-up pass (a submission, an exit) only reaps and fills free slots, so that a burst
        of submissions costs little each. ``now`` (unix time; the clock when None) is when the pass runs:
        which retries' backoff is over, which start times have come, whether a heartbeat is due -- so a
        test drives the queue through time on a fake clock, without sleeping."""
        now = time.time() if now is None else now
        if self.store.requeue_due(now):
            self._rescan = True
        self._reap(now)
        self._enforce_limits(time.monotonic() + (now - time.time()))  # the monotonic clock at ``now``
        if now - self._last_heartbeat >= self.config.heartbeat_s:
            self.store.heartbeat(self.owner, self.config.lease_s)
            self._last_heartbeat = now
        with self._lock:
            free = self.config.max_parallel - len(self._workers)
        if not full and free <= 0:
            return
        demand = self._dispatch(full, now)
        if full:
            samples = self.sampler.latest() if self.sampler is not None and self.sampler.available else []
            self.idle.update(samples, demand, self.is_queue_pid, self._no_gpu_reason())
        with self._lock:
            workers = list(self._workers.values())
        for w in workers:
            w.flush_progress(self.store, self.config.progress_write_s)
            if full:
                self._cap_log(w.job_id)

    def _cap_log(self, job_id: int) -> None:
        """Keep the job's log under the cap (placement.log_cap); an event tells each cut."""
        cap = int(self.config.log_cap_mib * 2**20)
        try:
            cut = cap_log(self.data_dir.job_log(job_id), cap)
        except CannotCut as exc:
            if job_id not in self._uncut:
                self._uncut.add(job_id)
                message = f"log cap not applied: the logs' file system cannot drop a file's start ({exc})"
                self.store.add_event("job", job_id=job_id, state=JobState.RUNNING, message=message)
            return
        except OSError:
            log.exception("capping job %d's log failed", job_id)
            return
        if cut is not None:
            self.store.add_event(
                "job", job_id=job_id, state=JobState.RUNNING, message=cut.words(cap),
                data={"log_cut_at": cut.at, "log_kept": cut.kept},
            )  # fmt: skip

    def _reap(self, now: float) -> None:
        with self._lock:
            done = [w for w in self._workers.values() if w.exited]
        for w in done:
            w.join()
            w.flush_progress(self.store, self.config.progress_write_s, force=True)
            self._cap_log(w.job_id)
            self._uncut.discard(w.job_id)
            self._record(w.job_id, *w.outcome(), now=now)
            w.settled()
            with self._lock:
                self._workers.pop(w.job_id, None)

    def _enforce_limits(self, mono: float) -> None:
        with self._lock:
            workers = list(self._workers.values())
        for w in workers:
            paused = getattr(w, "paused_since", None) is not None  # the limit does not run while paused
            if not paused and isinstance(w, Worker) and w.warning_due(mono):
                self.store.add_event("job", job_id=w.job_id, state=JobState.RUNNING, message=w.send_warning())
            if w.deadline is not None and mono >= w.deadline and w.stop_state is None and not paused:
                w.stop(JobState.FAILED, f"timed out after {w.job.timeout_s:g} s", self._grace(w))
            w.enforce_kill(mono)

    def _no_gpu_reason(self) -> str | None:
        if self.sampler is None:
            return "telemetry is off"
        if not self.sampler.available:
            return self.sampler.error or "GPU telemetry unavailable"
        return None if self.sampler.infos else "NVML found no GPU"

    def _dispatch(self, full: bool, now: float | None = None) -> dict[int, str]:
        """Start what fits (:func:`dispatch.dispatch_pass`); on a full pass also record why the rest
        waits. Returns GPU -> why a job wants it (for idleness)."""
        samples = self.sampler.latest() if self.sampler is not None and self.sampler.available else []
        with self._lock:
            slots = Slots(
                held={g: w.job_id for w in self._workers.values() for g in w.gpus},
                held_mig={w.job.assigned_mig: w.job_id for w in self._workers.values() if w.job.assigned_mig},
                running=len(self._workers),
                in_group=Counter(w.job.group for w in self._workers.values()),
            )
        limits = self.limits
        if limits.queue_paused and not full:
            return slots.demand()
        top = self.store.max_id()
        after_id = 0
        if full or self._rescan:
            self._rescan = False
        else:
            after_id = self._seen_id
        self._seen_id = max(self._seen_id, top)
        return dispatch_pass(
            store=self.store, placements=self.placements, max_parallel=self.config.max_parallel,
            limits=limits, slots=slots, samples=samples, no_gpu=self._no_gpu_reason(), after_id=after_id,
            full=full, launch=self._launch, now=now,
        )  # fmt: skip

    def _launch(self, job_id: int, gpus: list[int], mig_uuid: str | None = None) -> bool:
        claimed = self.store.claim(job_id, self.owner, self.config.lease_s, gpus, mig_uuid)
        if claimed is None:
            return False  # cancelled between the scan and the claim
        self.idle.note_claim(gpus, job_id)
        try:
            worker = self.placements.get(claimed.where).launch(claimed, self._on_exit)
        except NotNow as exc:  # not this job's failure: it waits a little, its attempt spared
            self.store.to_retrying(job_id, time.time() + NOT_NOW_WAIT_S, str(exc), None, spare_attempt=True)
            return False
        except Exception as exc:  # a claimed job must never stay 'running' without a worker
            reason = str(exc) if isinstance(exc, RuntimeError) else f"could not start its worker: {exc!r}"
            cancelled = self.store.cancel_requested(job_id)
            state = JobState.CANCELLED if cancelled else JobState.FAILED
            self.store.finish(job_id, state, CANCELLED_BY_USER if cancelled else reason, None)
            return False
        with self._lock:
            self._workers[job_id] = worker
        pid = worker.pid
        if self.store.set_worker(job_id, pid, process_start_marker(pid) if pid else None):
            worker.stop(JobState.CANCELLED, CANCELLED_BY_USER, self._grace(worker))
        return True

    def _on_exit(self, worker: Running) -> None:
        self._rescan = True
        self._wake.set()

    def _record_idle_event(self, event: Any) -> None:
        state = (
            ("open" if event.idle else "closed")
            if event.kind == "gate"
            else ("idle" if event.idle else "busy")
        )
        self.store.add_event(
            "gate" if event.kind == "gate" else "idle", gpu=event.index, state=state, message=event.reason,
            data={"since": event.since},
        )  # fmt: skip
