"""Cluster jobs as Ray jobs: the :class:`placement.Placement` of a daemon started with ``--ray``.

An attempt is one Ray job submitted through the Job Submission API with the idempotent submission
id ``gpuaccel-<queue id>-<job>-<attempt>``, recorded in the store *before* it is submitted: a daemon
killed at any moment leaves either an id Ray never saw (the job is queued again, nothing ran) or one
Ray knows (the next daemon adopts it and follows it to its end), never a lost or a doubled run. The
job's GPUs are the entrypoint's Ray resources, its environment the runtime env. A thread per attempt
polls Ray for the state, the node it runs on and its log, which it appends to the job's log file so
``logs -f`` works as for a local job. What a job asks of Ray beyond GPUs (CPUs, host memory, custom
resources, a runtime env with working_dir and pip or uv: :mod:`api.ray_job`) goes with its submission.
Ray is imported only when the daemon connects.
"""

from __future__ import annotations

import json
import logging
import shlex
import threading
import time
from pathlib import Path
from typing import Any

from gpuaccel.accel.workloads import registry as workloads
from gpuaccel.accel.workloads.report import (
    MAX_LINE_BYTES,
    Progress,
    ProgressRecord,
    ReportLineError,
    parse_record,
)
from gpuaccel.api.jobs import Job, JobState
from gpuaccel.scheduler.lifecycle.allocator import GpuState
from gpuaccel.scheduler.lifecycle.arrays import element_env
from gpuaccel.scheduler.lifecycle.validation import COMMAND, Pending
from gpuaccel.scheduler.paths import DataDir
from gpuaccel.scheduler.placement import node_pin
from gpuaccel.scheduler.placement.cluster import BUSY_MARKERS, NodeView, RayCluster, Unreachable, maybe_sent
from gpuaccel.scheduler.placement.cluster_telemetry import ClusterTelemetry
from gpuaccel.scheduler.placement.placements import (
    RAY,
    LocalPlacement,
    Lost,
    NotNow,
    OnExit,
    Placements,
    Running,
)
from gpuaccel.scheduler.placement.runner import exit_outcome, keep_record, log_tail, worker_argv
from gpuaccel.scheduler.reads.logtail import line_break
from gpuaccel.scheduler.store.queue import Store

log = logging.getLogger(__name__)
TERMINAL = {"SUCCEEDED", "FAILED", "STOPPED"}
REPORT_PREFIX = '{"type": '  # how a workload's Reporter starts each line it writes
RAY_ENTRYPOINT_LINE = "Running entrypoint for job "  # Ray's last line before the command's output


def submission_id(queue_id: str, job: Job) -> str:
    """Idempotent per attempt; the queue id keeps the job ids of daemons sharing one cluster apart."""
    return f"gpuaccel-{queue_id}-{job.id}-{job.attempt}"


def entrypoint(job: Job) -> str:
    """The shell line Ray runs: the job's command (or workload module) in its directory."""
    line = shlex.join(worker_argv(job))
    return f"cd {shlex.quote(job.cwd)} && exec {line}" if job.cwd else f"exec {line}"


def asked_of_ray(job: Job, env: dict[str, str], pin: dict[str, Any]) -> dict[str, Any]:
    """What the job asks of Ray beyond its GPUs, as ``submit_job``'s arguments: its runtime env (with
    ``env`` as its ``env_vars``), CPUs, host memory (bytes) and custom resources, merged with a node pin's
    options (:func:`node_pin.launch_options`: the pin's ``node:<ip>`` resource joins the job's own)."""
    out = {k: v for k, v in pin.items() if k != "entrypoint_resources"}
    resources = {**job.resources, **pin.get("entrypoint_resources", {})}
    if resources:
        out["entrypoint_resources"] = resources
    if job.cpus is not None:
        out["entrypoint_num_cpus"] = job.cpus
    if job.ram_mib is not None:
        out["entrypoint_memory"] = job.ram_mib * 2**20
    out["runtime_env"] = {**(job.runtime_env.for_ray() if job.runtime_env else {}), "env_vars": env}
    return out


class RayPlacement:
    """Jobs with ``where: ray`` go to the Ray cluster behind ``cluster``."""

    name = RAY

    def __init__(self, store: Store, data_dir: DataDir, cluster: RayCluster, poll_s: float = 0.25) -> None:
        self.store = store
        self.data_dir = data_dir
        self.cluster = cluster
        self.poll_s = poll_s
        self.queue_id = data_dir.queue_id()
        self._spans: dict[int, bool] = {}  # queued job id -> its workload places its own ranks
        self._asks: dict[int, dict[str, float]] = {}  # queued job id -> what it asks of one node but GPUs

    def places_ranks(self, job_id: int) -> bool:
        """Whether the job's workload spreads its ranks over the cluster (``attention.ring``): then its
        driver reserves no GPU and the job needs its GPUs on the live nodes in all, not on one node."""
        if job_id not in self._spans:
            rows = self.store.query("SELECT kind FROM jobs WHERE id = ?", [job_id])
            self._spans[job_id] = bool(rows) and _places_ranks(rows[0][0])
        return self._spans[job_id]

    def asks(self, job_id: int) -> dict[str, float]:
        """What the waiting job asks of one node beyond GPUs, in Ray's resource names (memory in bytes)."""
        if job_id not in self._asks:
            rows = self.store.query("SELECT cpus, ram_mib, resources FROM jobs WHERE id = ?", [job_id])
            cpus, ram_mib, resources = rows[0] if rows else (None, None, None)
            amounts = {"CPU": float(cpus or 0), "memory": float((ram_mib or 0) * 2**20)}
            amounts.update((str(k), float(v)) for k, v in json.loads(resources or "{}").items())
            self._asks[job_id] = {k: v for k, v in amounts.items() if v}
        return self._asks[job_id]

    def fit(
        self, job: Pending, gpus: list[GpuState], held: dict[int, int], no_gpu: str | None
    ) -> list[int] | str:
        try:
            every = self.cluster.nodes()
        except RuntimeError as exc:
            return f"waiting for the Ray cluster: {exc}"
        nodes = [n for n in every if n.alive]
        if not nodes:
            return f"waiting: the Ray cluster at {self.cluster.url} has no live node"
        plural = "node" if len(nodes) == 1 else "nodes"
        short = unmet(self.asks(job.id), nodes)
        if short is not None:
            return short
        if self.places_ranks(job.id):
            total = sum(n.gpus for n in nodes)
            if job.gpus > total:
                have = f"{total:g} in all ({len(nodes)} {plural})"
                return f"needs {job.gpus} GPUs; the live Ray nodes have {have}"
            return []
        if job.want_node:  # that node, with the GPUs the job needs (scheduler.placement.node_pin)
            found = node_pin.place(job.want_node, every, job.gpus, node_pin.exact_pins())
            return found if isinstance(found, str) else []
        most = max(n.gpus for n in nodes)
        if job.gpus > most:
            return (
                f"needs {job.gpus} GPUs on one node; the largest live Ray node has {most:g} "
                f"({len(nodes)} {plural})"
            )
        return []  # no GPU of this host: Ray places it

    def launch(self, job: Job, on_exit: OnExit) -> Running:
        pin = node_pin.launch_options(job.want_node, self.cluster.nodes, job.gpus, node_pin.exact_pins())
        if isinstance(pin, str):
            raise NotNow(pin)  # its node went since fit: the job waits, its attempt spared
        sid = submission_id(self.queue_id, job)
        self.store.set_placement_ref(job.id, sid)  # before submitting: a restart finds what it may adopt
        attempt = RayAttempt(self, job, sid, self.data_dir.job_log(job.id), on_exit)
        attempt.pinned_id = pin.get("entrypoint_label_selector", {}).get(node_pin.NODE_ID_LABEL)
        attempt.write_header()
        env = {**job.env, "GPUACCEL_JOB_ID": str(job.id), "GPUACCEL_ATTEMPT": str(job.attempt)}
        env["PYTHONUNBUFFERED"] = "1"
        if job.array_id is not None and job.array_index is not None:
            env.update(element_env(job.array_id, job.array_index))
        driver_gpus = job.gpus or None
        self._spans.pop(job.id, None)  # asked only while the job waits
        self._asks.pop(job.id, None)
        if _places_ranks(job.kind):  # its ranks hold the GPUs, wherever the placement group puts them
            env[workloads.RAY_GPUS_ENV], driver_gpus = str(job.gpus), None
        try:
            self.cluster.client().submit_job(
                entrypoint=entrypoint(job),
                submission_id=sid,
                entrypoint_num_gpus=driver_gpus,
                metadata={"gpuaccel_queue": self.queue_id, "gpuaccel_job": str(job.id)},
                **asked_of_ray(job, env, pin),
            )
        except Exception as exc:
            said = str(exc)
            if any(m in said for m in BUSY_MARKERS):  # a cluster still starting its job agents
                busy = f"the Ray cluster at {self.cluster.url} is not taking jobs yet ({_short(exc)})"
                raise NotNow(busy) from None
            if isinstance(exc, OSError | Unreachable):  # refused or timed out (requests' errors are OSErrors)
                why = f"Ray at {self.cluster.url} does not answer: {_short(exc)}"
                self.cluster.unreachable(why)
                if not maybe_sent(exc):
                    raise NotNow(f"waiting for the Ray cluster: {why}") from None
                # The request went out and its answer was lost: Ray may run it. Submitting again under
                # the next attempt's id could run the job twice, so this id is followed: Ray says what
                # became of it once it answers, and an id it never saw queues the job again.
                attempt.set_progress(f"submitted; the Ray cluster did not answer ({_short(exc)})")
            elif "already exists" not in said:  # else: this attempt reached Ray before; follow it
                raise RuntimeError(
                    f"could not submit to the Ray cluster at {self.cluster.url}: {_short(exc)}"
                ) from None
        attempt.follow()
        return attempt

    def reconcile(self, job: Job, on_exit: OnExit) -> Running | Lost:
        if job.placement_ref is None:
            return Lost(" (it had not been submitted to the Ray cluster)", count_attempt=False)
        attempt = RayAttempt(self, job, job.placement_ref, self.data_dir.job_log(job.id), on_exit)
        attempt.follow()  # Ray says what became of it; an id Ray never saw queues the job again
        return attempt

    def close(self) -> None:
        self.cluster.close()


class RayAttempt:
    """One Ray job followed to its end by a polling thread (a :class:`placement.Running`)."""

    pid = None  # no process of this host
    metrics: dict[str, dict[str, Any]]

    def __init__(self, placement: RayPlacement, job: Job, sid: str, log_path: Path, on_exit: OnExit) -> None:
        self.placement = placement
        self.job = job
        self.job_id = job.id
        self.sid = sid
        self.gpus: list[int] = []  # none of this host's
        self.log_path = log_path
        self.deadline = None  # counted from the attempt's start, also for an attempt adopted after a restart
        if job.timeout_s:
            left = job.timeout_s - (time.time() - job.started_at if job.started_at else 0.0)
            self.deadline = time.monotonic() + left
        self.pinned_id: str | None = None  # the node id a pinned launch held it to (unknown once adopted)
        self.stop_state: JobState | None = None
        self.stop_reason: str | None = None
        self.progress: Progress | None = None
        self.metrics = {}
        self.result: dict[str, Any] | None = None
        # A workload has no report channel on a cluster: its reporter writes the lines to stderr, so
        # they are read back from Ray's log (a user's command's output is never taken for a report).
        self._reads_reports = job.kind != COMMAND
        self._reported = False  # the workload said how far it is: its progress, not Ray's state, shows
        self._partial = ""
        self.dirty = False
        self._last_flush = 0.0
        self._on_exit = on_exit
        self._final: tuple[JobState, str | None, int | None] | None = None
        self._detached = threading.Event()
        self._thread: threading.Thread | None = None
        self._node: str | None = None
        self._written = 0  # bytes of the Ray log already in our log file

    def write_header(self) -> None:
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        gap = line_break(self.log_path)
        with open(self.log_path, "ab") as f:
            f.write(gap + f"{self._marker()} on the Ray cluster ({self.sid}) at {stamp} ===\n".encode())

    def _marker(self) -> str:
        return f"=== job {self.job_id} attempt {self.job.attempt}"

    def _already_written(self) -> int:
        """Bytes of this attempt's Ray log a previous daemon appended after the attempt's header."""
        try:
            data = self.log_path.read_bytes()
        except OSError:
            return 0
        at = data.rfind(self._marker().encode())
        if at < 0:
            self.write_header()
            return 0
        end = data.find(b"\n", at)
        return len(data) - (end + 1) if end >= 0 else 0

    def follow(self) -> None:
        self._written = self._already_written()
        self._thread = threading.Thread(target=self._poll, name=f"job-{self.job_id}-ray", daemon=True)
        self._thread.start()

    def _poll(self) -> None:
        client_errors = 0
        while not self._detached.is_set():
            try:
                info = self.placement.cluster.client().get_job_info(self.sid)
                client_errors = 0
            except Exception as exc:
                if "does not exist" in str(exc):
                    why = f"its Ray submission {self.sid} never reached the cluster"
                    self._end(JobState.QUEUED, why, None)
                    return
                client_errors += 1
                self.set_progress(f"Ray cluster unreachable ({client_errors}x): {_short(exc)}")
                self._detached.wait(min(5.0, self.placement.poll_s * 2**client_errors))
                continue
            self._note_node(info.driver_node_id)
            self._append_log()
            status = str(getattr(info.status, "value", info.status))
            if status in TERMINAL:
                self._end(*self._result(status, info))
                return
            if status == "PENDING":
                message = f"pending on the Ray cluster: {info.message or 'waiting for resources'}"
            else:
                message = "running on the Ray cluster" + (f" at {self._node}" if self._node else "")
            if not self._reported and (self.progress is None or self.progress.message != message):
                self.set_progress(message)
            self._detached.wait(self.placement.poll_s)

    def _result(self, status: str, info: Any) -> tuple[JobState, str | None, int | None]:
        code = getattr(info, "driver_exit_code", None)
        if self.stop_state is not None:
            return self.stop_state, self.stop_reason, code
        if status == "SUCCEEDED":
            return JobState.SUCCEEDED, None, code if code is not None else 0
        if status == "STOPPED":
            return JobState.CANCELLED, "stopped on the Ray cluster (not through gpuaccel)", code
        if isinstance(code, int) and code != 0:  # the command itself failed: the words of this host
            return exit_outcome(code, self._own_output())
        if self.job.want_node and (gone := self._pinned_node_left(info.message)):
            return JobState.QUEUED, gone, None  # placed again once it is back: no attempt counted
        first = (info.message or "").strip().splitlines()[:1]
        return JobState.FAILED, f"Ray job failed: {first[0][:300] if first else 'no reason given'}", code

    def _pinned_node_left(self, message: str | None) -> str | None:
        try:
            nodes = self.placement.cluster.nodes(max_age_s=0.0)  # fresh: is the node gone now?
        except RuntimeError:
            nodes = None
        return node_pin.left_before_start(self.job.want_node or "", message, nodes, self.pinned_id)

    def _own_output(self) -> str:
        """This attempt's log after Ray's own lines (its runtime env and the entrypoint it runs), so a
        failure quotes the command's last line, not Ray's."""
        tail = log_tail(self.log_path)
        at = max(tail.rfind(self._marker()), tail.rfind(RAY_ENTRYPOINT_LINE))
        return tail[tail.find("\n", at) + 1 :] if at >= 0 else tail

    def _end(self, state: JobState, reason: str | None, code: int | None) -> None:
        self._final = (state, reason, code)
        self._on_exit(self)

    def set_progress(self, message: str) -> None:
        self.progress = Progress(fraction=None, message=message)
        self.dirty = True

    def _note_node(self, node_id: str | None) -> None:
        if node_id and self._node is None:
            self._node = self.placement.cluster.node_label(node_id)
            self.placement.store.set_node(self.job_id, self._node)

    def _append_log(self) -> None:
        try:
            text = self.placement.cluster.client().get_job_logs(self.sid)
        except Exception as exc:  # the log is best effort; the state is what counts
            log.debug("job %d: Ray log not read: %s", self.job_id, exc)
            return
        data = text.encode("utf-8", errors="replace")
        if len(data) > self._written:
            new = data[self._written :]
            with open(self.log_path, "ab") as f:
                f.write(new)
            self._written = len(data)
            if self._reads_reports:
                self._read_reports(new.decode("utf-8", errors="replace"))

    def _read_reports(self, text: str) -> None:
        """The workload's report lines among the log's new lines, checked as the channel checks them."""
        lines = (self._partial + text).split("\n")
        last = lines.pop()
        self._partial = last if len(last) <= MAX_LINE_BYTES else ""
        for line in lines:
            if not line.startswith(REPORT_PREFIX):
                continue
            try:
                record = parse_record(line)
                keep_record(self, record)
            except (ReportLineError, ValueError) as exc:
                log.debug("job %d: report line skipped: %s", self.job_id, exc)
                continue
            self._reported = self._reported or isinstance(record, ProgressRecord)

    # -- the Running protocol -----------------------------------------------------------------------

    @property
    def exited(self) -> bool:
        return self._final is not None

    def stop(self, state: JobState, reason: str, grace_s: float) -> None:
        if self.stop_state is None:
            self.stop_state, self.stop_reason = state, reason
        if self._final is None:
            try:
                self.placement.cluster.client().stop_job(self.sid)  # Ray: SIGTERM, then SIGKILL
            except Exception as exc:
                log.warning("job %d: could not stop Ray job %s: %s", self.job_id, self.sid, _short(exc))

    def enforce_kill(self, now: float) -> None:
        """Ray escalates to SIGKILL itself."""

    def join(self, timeout: float = 0.5) -> None:
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def outcome(self) -> tuple[JobState, str | None, int | None]:
        assert self._final is not None
        return self._final

    def flush_progress(self, store: Store, interval_s: float, force: bool = False) -> None:
        """Store the latest progress (the workload's, else Ray's state) and result, at most every
        interval_s."""
        now = time.monotonic()
        if not self.dirty or (not force and now - self._last_flush < interval_s):
            return
        self.dirty = False
        self._last_flush = now
        result = self.result
        if result is None and self.metrics:
            result = {name: m.get("value") for name, m in self.metrics.items()}
        store.set_progress(self.job_id, self.progress, result)

    def settled(self) -> None:
        """Nothing kept on disk: Ray keeps the job's record."""

    def detach(self) -> bool:
        self._detached.set()
        return True


def _amount(name: str, amount: float) -> str:
    if name == "CPU":
        return f"{amount:g} CPU" + ("" if amount == 1 else "s")
    if name == "memory":
        return f"{amount / 2**20:.0f} MiB of memory"
    return f"{amount:g} of the resource {name}"


def unmet(amounts: dict[str, float], nodes: list[NodeView]) -> str | None:
    """Why no live node can hold what a job asks beyond GPUs (each node's totals, as Ray declares them),
    or None when one can: the job waits in the queue saying so, rather than pending in Ray unexplained."""
    if not amounts or any(all(n.resources.get(k, 0.0) >= v for k, v in amounts.items()) for n in nodes):
        return None
    count = f"{len(nodes)} {'node' if len(nodes) == 1 else 'nodes'}"
    for name, amount in amounts.items():
        most = max(n.resources.get(name, 0.0) for n in nodes)
        if most >= amount:
            continue
        if most == 0 and name not in ("CPU", "memory"):
            return f"needs the Ray resource {name}, which no live Ray node declares ({count})"
        largest = f"the largest live Ray node has {_amount(name, most)} ({count})"
        return f"needs {_amount(name, amount)} on one node; {largest}"
    asked = ", ".join(_amount(k, v) for k, v in amounts.items())
    return f"needs {asked} on one node; no live Ray node has them all ({count})"


def _places_ranks(kind: str) -> bool:
    found = workloads.kinds().get(kind)
    return found is not None and found.places_ranks


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    last = next((ln for ln in reversed(text) if ln.strip()), repr(exc))
    return last[:300]


def placements(store: Store, data_dir: DataDir, ray_address: str | None, default: str) -> Placements:
    """The daemon's placements: this host always, the Ray cluster when an address is given."""
    local = LocalPlacement(store, data_dir)
    if not ray_address:
        return Placements(local, default=default)
    cluster = RayCluster(ray_address)
    cluster.telemetry = ClusterTelemetry(cluster, data_dir.queue_id()).start()
    ray = RayPlacement(store, data_dir, cluster)
    return Placements(local, {RAY: ray}, default=default)
