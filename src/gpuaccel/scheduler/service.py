"""The scheduler loop: dispatch queued jobs onto GPUs, supervise workers, end jobs with a reason.

One thread owns every transition that follows from a process (start, exit, timeout, kill, heartbeat);
API calls (submit, cancel, retry, priority) write to the store and wake it, so a submission is dispatched
within milliseconds and an exit is handled as soon as the process ends, not at the next tick.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import threading
import time
import uuid
from collections import Counter
from collections.abc import Sequence
from typing import Any

from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.scheduler import idempotency, mig
from gpuaccel.scheduler.allocator import gpu_states
from gpuaccel.scheduler.arrays import ArrayLimits
from gpuaccel.scheduler.attempts import Attempt
from gpuaccel.scheduler.config import SchedulerConfig
from gpuaccel.scheduler.dependencies import verdict
from gpuaccel.scheduler.flop_ratio import RATIO_FILE, FlopRatios
from gpuaccel.scheduler.groups import Limits, read_limits
from gpuaccel.scheduler.hooks import FinishHooks
from gpuaccel.scheduler.idle import IdleDetector
from gpuaccel.scheduler.job_request import JobRequest
from gpuaccel.scheduler.jobs import Pending, RequestError, validate_request
from gpuaccel.scheduler.models import FINISHED, LIVE, Job, JobState
from gpuaccel.scheduler.paths import DataDir
from gpuaccel.scheduler.placement import LOCAL, Lost, Placements, Running, Unknown
from gpuaccel.scheduler.recovery import LOST_WORKER, recover
from gpuaccel.scheduler.runner import WARNING_SENT, Worker, process_start_marker
from gpuaccel.scheduler.store import Store
from gpuaccel.scheduler.timing import starts_at

log = logging.getLogger(__name__)
CANCELLED_BY_USER = "cancelled by user"
# Dispatch reads the queue page by page past any number of blocked jobs (Store.pending_pages). A full
# pass reads it all to refresh every waiting reason, at most once per FULL_PASS_COST_RATIO times its own
# cost, so a huge queue cannot eat the loop.
FULL_PASS_COST_RATIO = 20


class JobStateError(RuntimeError):
    """The job exists but is not in a state that allows the request (e.g. retrying a running job)."""


class JobNotFound(LookupError):
    pass


class Scheduler:
    def __init__(
        self,
        store: Store,
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
        self.limits: Limits = read_limits(store)  # groups and pause switches (scheduler/controls.py)
        self.idle.subscribe(self._record_idle_event)
        self.hooks = FinishHooks(store, config)

    # -- lifecycle --------------------------------------------------------------------------------

    def start(self) -> list[Job]:
        """Recover what a previous daemon left running, then start the loop; returns the recovered jobs."""
        recovered = self.recover()
        self._thread = threading.Thread(target=self._run, name="gpuaccel-scheduler", daemon=False)
        self._thread.start()
        return recovered

    def stop(self) -> None:
        """Stop dispatching, end running workers (SIGTERM, then SIGKILL) and queue their jobs again.

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
        (:mod:`scheduler.recovery`: adopt the ones that still run, record how the others ended), the
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

    def _record(self, job_id: int, state: JobState, reason: str | None, code: int | None) -> Job | None:
        """Store how an attempt ended. A cancel accepted while it ran wins over any exit; a failure with
        retries left waits its backoff; ``queued`` puts it back without counting the attempt."""
        if state != JobState.CANCELLED and self.store.cancel_requested(job_id):
            state, reason = JobState.CANCELLED, CANCELLED_BY_USER
        job = self.store.get(job_id)
        if state == JobState.FAILED and job is not None and job.can_retry:
            delay = self.config.backoff(job.attempt - job.retry_base)
            return self.store.to_retrying(job_id, time.time() + delay, reason or "failed", code)
        if state == JobState.QUEUED:
            return self.store.requeue_running(job_id, f"{reason}; queued again", count_attempt=False)
        return self.store.finish(job_id, state, reason, code)

    # -- the API (routes, CLI through HTTP, assistant in-process) -------------------------------------

    def submit(self, raw: dict[str, Any]) -> Job:
        """Validate and store a job request; raises RequestError (nothing stored) when it is wrong."""
        result = self.submit_many([(raw, None)])[0]
        if isinstance(result, Exception):
            raise result
        return result[0]

    def submit_once(self, raw: dict[str, Any], key: str | None) -> tuple[Job, bool]:
        """:meth:`submit` with an idempotency key: (the job, True) when stored now, (the job the key
        first created, False) for a repeat; :class:`idempotency.IdempotencyConflict` for another request."""
        result = self.submit_many([(raw, key)])[0]
        if isinstance(result, Exception):
            raise result
        return result

    def submit_many(
        self, requests: Sequence[tuple[Any, str | None]]
    ) -> list[tuple[Job, bool] | RequestError | idempotency.IdempotencyConflict]:
        """Check each (request, idempotency key) and store the valid ones in one transaction; each gets
        what :meth:`submit_once` gives or the error that says what is wrong with it (one bad request
        never fails another)."""
        checked = [self._checked(raw, key) for raw, key in requests]
        valid = [c for c in checked if not isinstance(c, RequestError)]
        stored = iter(self.store.insert_submissions(valid) if valid else [])
        results = [c if isinstance(c, RequestError) else next(stored) for c in checked]
        if not any(isinstance(r, tuple) and r[1] for r in results):
            return results
        with self._lock:
            free = len(self._workers) < self.config.max_parallel
        if free:  # else the next exit rescans the queue; a burst then costs the loop nothing
            self._wake.set()
        return results

    def _checked(self, raw: Any, key: str | None) -> tuple[JobRequest, str | None, str | None] | RequestError:
        digest = idempotency.request_hash(raw) if key is not None and isinstance(raw, dict) else None
        if isinstance(raw, dict) and raw.get("where") is None:
            raw = {**raw, "where": self.placements.default}
        try:
            return validate_request(raw), key, digest
        except RequestError as exc:
            return exc

    def _job(self, job_id: int) -> Job:
        job = self.store.get(job_id)
        if job is None:
            raise JobNotFound(f"no job with id {job_id}")
        return job

    def cancel(self, job_id: int) -> Job:
        """Cancel a waiting job at once, or remember the cancel of a running one (durably, before any
        signal) so that it ends ``cancelled`` even if it is still being launched or its daemon dies."""
        for _ in range(5):  # the job may change state under us; every step below is a guarded transition
            job = self._job(job_id)
            if job.state in FINISHED:
                raise JobStateError(f"job {job_id} already {job.state}; nothing to cancel")
            if job.state in (JobState.QUEUED, JobState.RETRYING, JobState.HELD):
                done = self.store.cancel_waiting(job_id)
                if done is not None:
                    self._rescan = True
                    self._full_next = True
                    self._wake.set()
                    return done
                continue
            if self.store.request_cancel(job_id) is None:
                continue
            with self._lock:  # a launch registers its worker under this lock, then reads the request
                worker = self._workers.get(job_id)
            if worker is not None:
                worker.stop(JobState.CANCELLED, CANCELLED_BY_USER, self._grace(worker))
            return self._job(job_id)
        raise JobStateError(f"job {job_id} kept changing state while being cancelled; try again")

    def cancel_array(self, array_id: int) -> dict[str, int]:
        """Cancel every element of an array that has not finished; returns its elements' states."""
        if not self.store.array_states(array_id):
            raise JobNotFound(f"no array with id {array_id}")
        if self.store.cancel_array_waiting(array_id, CANCELLED_BY_USER):
            self._rescan = True
            self._full_next = True
            self._wake.set()
        running = self.store.list(states=list(LIVE), limit=self.config.max_parallel + 1000)
        for job in running:  # a running element is stopped as any running job is (or claimed meanwhile)
            if job.array_id == array_id:
                with contextlib.suppress(JobStateError):  # it finished meanwhile
                    self.cancel(job.id)
        return self.store.array_states(array_id)

    def retry(self, job_id: int) -> Job:
        job = self._job(job_id)
        done = self.store.retry(job_id)
        if done is None:
            raise JobStateError(f"job {job_id} is {job.state}; only a finished job can be retried")
        self._rescan = True
        self._full_next = True
        self._wake.set()
        return done

    def set_priority(self, job_id: int, priority: int) -> Job:
        if isinstance(priority, bool) or not isinstance(priority, int) or abs(priority) > 1_000_000:
            raise RequestError("priority", "must be an integer from -1000000 to 1000000")
        self._job(job_id)
        job = self.store.set_priority(job_id, priority)
        assert job is not None
        self._rescan = True
        self._full_next = True
        self._wake.set()
        return job

    def rescan(self, limits_changed: bool = False) -> None:
        """Something a user did may let waiting jobs start (or stop them starting): a full pass now."""
        if limits_changed:
            self.limits = read_limits(self.store)
        self._rescan = True
        self._full_next = True
        self._wake.set()

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

    def tick(self, full: bool = True) -> None:
        """One pass. A *full* pass (every ``tick_s``) also refreshes waiting reasons, idleness and
        heartbeats; a wake-up pass (a submission, an exit) only reaps and fills free slots, so that a burst
        of submissions costs little each."""
        now = time.time()
        if self.store.requeue_due(now):
            self._rescan = True
        self._reap()
        self._enforce_limits()
        if now - self._last_heartbeat >= self.config.heartbeat_s:
            self.store.heartbeat(self.owner, self.config.lease_s)
            self._last_heartbeat = now
        with self._lock:
            free = self.config.max_parallel - len(self._workers)
        if not full and free <= 0:
            return
        demand = self._dispatch(full)
        if full:
            samples = self.sampler.latest() if self.sampler is not None and self.sampler.available else []
            self.idle.update(samples, demand, self.is_queue_pid, self._no_gpu_reason())
        with self._lock:
            workers = list(self._workers.values())
        for w in workers:
            w.flush_progress(self.store, self.config.progress_write_s)

    def _reap(self) -> None:
        with self._lock:
            done = [w for w in self._workers.values() if w.exited]
        for w in done:
            w.join()
            w.flush_progress(self.store, self.config.progress_write_s, force=True)
            self._record(w.job_id, *w.outcome())
            w.settled()
            with self._lock:
                self._workers.pop(w.job_id, None)

    def _enforce_limits(self) -> None:
        mono = time.monotonic()
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

    def _dispatch(self, full: bool) -> dict[int, str]:
        """Start what fits; on a full pass also record why the rest waits. Returns GPU -> why a job wants
        it (for idleness)."""
        samples = self.sampler.latest() if self.sampler is not None and self.sampler.available else []
        gpus = gpu_states(samples)
        with self._lock:
            held = {g: w.job_id for w in self._workers.values() for g in w.gpus}
            held_mig = {w.job.assigned_mig: w.job_id for w in self._workers.values() if w.job.assigned_mig}
            running = len(self._workers)
            in_group = Counter(w.job.group for w in self._workers.values())
        limits = self.limits
        if limits.queue_paused and not full:
            return {g: f"job {j} running" for g, j in held.items()}
        demand = {g: f"job {j} running" for g, j in held.items()}
        top = self.store.max_id()
        after_id = 0
        if full or self._rescan:
            self._rescan = False
        else:
            after_id = self._seen_id
        self._seen_id = max(self._seen_id, top)
        queued: list[Pending] = []
        reasons: dict[int, str | None] = {}
        no_gpu = self._no_gpu_reason()
        now = time.time()
        arrays = ArrayLimits(self.store.running_per_array())
        later: set[int] = set()  # held until a start time: no demand on the GPUs now
        for page in self.store.pending_pages(after_id):
            queued += page
            deps = {d for j in page for d in (*j.depends_on, *j.after_any, *j.after_notok)}
            dep_states = self.store.states_of(sorted(deps))
            for job in page:
                if running >= self.config.max_parallel and not full:
                    break
                judged = verdict(job.depends_on, list(job.after_any), list(job.after_notok), dep_states)
                if judged.fail is not None:
                    self.store.fail_waiting(job.id, judged.fail)
                    continue
                if judged.wait is not None:
                    reasons[job.id] = judged.wait
                    continue
                if job.not_before is not None and job.not_before > now:
                    reasons[job.id] = starts_at(job.not_before, now)
                    later.add(job.id)
                    continue
                throttled = arrays.reason(job.array_id, job.array_max)
                if throttled is not None:
                    reasons[job.id] = throttled
                    continue
                why = limits.why_waiting(job.group, in_group[job.group])
                if why is not None:
                    reasons[job.id] = why
                    continue
                if running >= self.config.max_parallel:
                    reasons[job.id] = f"waiting for a free slot ({self.config.max_parallel} jobs running)"
                    continue
                instance = mig.place(job, samples, held_mig) if job.mig else None
                if isinstance(instance, tuple):
                    placed, held_mig[instance[1]] = [instance[0]], job.id
                else:
                    placed = instance or self.placements.get(job.where).fit(job, gpus, held, no_gpu)
                if isinstance(placed, str):
                    reasons[job.id] = placed
                    continue
                if self._launch(job.id, placed, instance[1] if isinstance(instance, tuple) else None):
                    running += 1
                    arrays.started(job.array_id)
                    in_group[job.group] += 1
                    for g in placed:
                        held[g] = job.id
                        demand[g] = f"job {job.id} running"
            if running >= self.config.max_parallel and not full:
                break  # before the next page is read
        for job in queued:  # a GPU job still waiting keeps the GPUs it could take from being idle
            if job.gpus and job.id in reasons and job.id not in later:
                for g in job.gpu_ids if job.gpu_ids is not None else [g.index for g in gpus]:
                    demand.setdefault(g, f"job {job.id} queued")
        if full:
            before = {j.id: j.waiting_reason for j in queued}
            self.store.set_waiting_reasons({i: r for i, r in reasons.items() if r != before[i]})
        return demand

    def _launch(self, job_id: int, gpus: list[int], mig_uuid: str | None = None) -> bool:
        claimed = self.store.claim(job_id, self.owner, self.config.lease_s, gpus, mig_uuid)
        if claimed is None:
            return False  # cancelled between the scan and the claim
        self.idle.note_claim(gpus, job_id)
        try:
            worker = self.placements.get(claimed.where).launch(claimed, self._on_exit)
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
