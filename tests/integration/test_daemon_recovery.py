"""Integration: kill -9 the daemon mid-job, restart it, and account for every job; a machine without GPUs."""

from __future__ import annotations

import signal
import sys
import threading
from pathlib import Path

import pytest
from daemon_fixture import DaemonFactory, alive, wait_for

from gpuaccel.api.jobs import Job
from gpuaccel.app.client import Client, DaemonNotRunning

# Holds an exclusive flock while it runs: a second concurrent run of the same job would find it taken.
# Runs until the file named by argv[3] exists.
OVERLAP_GUARD = """
import fcntl, os, sys, time
lock = open(sys.argv[1], "a")
try:
    fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
except BlockingIOError:
    open(sys.argv[2], "a").write("OVERLAP\\n")
    sys.exit(9)
open(sys.argv[2], "a").write(f"start {os.environ['GPUACCEL_ATTEMPT']}\\n")
while not os.path.exists(sys.argv[3]):
    time.sleep(0.05)
"""


def test_kill9_the_next_daemon_adopts_running_jobs_and_never_runs_one_twice(
    daemon_factory: DaemonFactory, tmp_path: Path
) -> None:
    first = daemon_factory.start(data_dir=tmp_path / "data", env={"GPUACCEL_MAX_PARALLEL": "2"})
    c = first.client()
    guard = [sys.executable, "-c", OVERLAP_GUARD]
    release = tmp_path / "release"
    finishing = c.submit(
        "command", argv=[*guard, str(tmp_path / "a.lock"), str(tmp_path / "a.log"), str(release)]
    )
    cancelled = c.submit(
        "command", argv=[*guard, str(tmp_path / "b.lock"), str(tmp_path / "b.log"), str(tmp_path / "never")]
    )
    waiting = c.submit("command", argv=["true"])  # no free slot while the two run
    for job in (finishing, cancelled):
        wait_for(lambda j=job: c.get_job(j.id).state == "running", what=f"job {job.id} running")
    wait_for(lambda: (tmp_path / "a.log").exists() and (tmp_path / "b.log").exists(), what="workers started")
    pids = [c.get_job(j.id).worker_pid for j in (finishing, cancelled)]
    assert c.get_job(waiting.id).state == "queued"

    first.kill9()
    assert all(alive(p) for p in pids), "workers survive their daemon (own sessions)"
    with pytest.raises(DaemonNotRunning, match=f"names pid {first.proc.pid}, which may have crashed"):
        Client(data_dir=tmp_path / "data").health()

    second = daemon_factory.start(data_dir=tmp_path / "data")
    c2 = second.client()
    for job, pid in zip((finishing, cancelled), pids, strict=True):
        now = c2.get_job(job.id)
        assert (now.state, now.attempt, now.worker_pid) == ("running", 1, pid), "adopted, not rerun"
        assert any("supervised again" in e.message for e in now.events)
        said = f"recovered job {job.id} from a previous daemon: still running, supervised again"
        assert said in second.output()  # the log says it was adopted, not "running (requeued)"
    c2.cancel(cancelled.id)
    release.touch()
    done_finishing = c2.wait(finishing.id, timeout=30)
    done_cancelled = c2.wait(cancelled.id, timeout=30)
    assert (done_finishing.state, done_finishing.attempt, done_finishing.exit_code) == (
        "succeeded",
        1,
        0,
    )
    assert done_cancelled.state == "cancelled" and done_cancelled.attempt == 1
    assert c2.wait(waiting.id, timeout=30).state == "succeeded"
    for name in ("a.log", "b.log"):
        assert (tmp_path / name).read_text().split() == ["start", "1"]
    for pid in pids:
        wait_for(lambda p=pid: not alive(p), timeout=5, what=f"worker {pid} gone")


def test_clean_stop_requeues_running_jobs_without_using_their_retries(
    daemon_factory: DaemonFactory, tmp_path: Path
) -> None:
    first = daemon_factory.start(data_dir=tmp_path / "data")
    c = first.client()
    job = c.submit("command", argv=["sh", "-c", '[ "$GPUACCEL_ATTEMPT" -ge 2 ] || sleep 60'])
    wait_for(lambda: c.get_job(job.id).state == "running", what="running")
    first.proc.send_signal(signal.SIGTERM)
    assert first.proc.wait(15) == 0
    assert not (tmp_path / "data" / "daemon.json").exists()
    second = daemon_factory.start(data_dir=tmp_path / "data")
    done = second.client().wait(job.id, timeout=30)
    assert done.state == "succeeded" and done.attempt == 2 and done.max_retries == 0


class _CountingClient(Client):
    """A client that counts its reads of a job (tried, answered), to know what a waiter has seen."""

    tries = answers = 0

    def get_job(self, job_id: int) -> Job:
        self.tries += 1
        job = super().get_job(job_id)
        self.answers += 1
        return job


def test_wait_rides_out_a_daemon_restart(daemon_factory: DaemonFactory, tmp_path: Path) -> None:
    """``wait`` (``gpuaccel wait``, ``submit --wait``) returns the job's real end though its daemon was
    killed and restarted meanwhile (the job outlives the daemon), instead of failing as if it had."""
    data, release = tmp_path / "data", tmp_path / "release"
    first = daemon_factory.start(data_dir=data)
    c = first.client()
    job = c.submit("command", argv=["sh", "-c", f"while [ ! -e {release} ]; do sleep 0.05; done; exit 3"])
    waiter, outcome = _CountingClient(data_dir=data), {}
    thread = threading.Thread(target=lambda: outcome.update(job=waiter.wait(job.id, timeout=60)))
    thread.start()
    wait_for(lambda: waiter.answers > 0 and c.get_job(job.id).state == "running", what="a waiter, running")
    first.kill9()
    tries = waiter.tries
    wait_for(lambda: waiter.tries > tries + 2, what="the waiter polling a daemon that is gone")
    assert thread.is_alive()
    daemon_factory.start(data_dir=data)
    release.touch()
    thread.join(30)
    waiter.close()
    assert (outcome["job"].state, outcome["job"].exit_code) == ("failed", 3)
    with pytest.raises(DaemonNotRunning):  # no daemon ever answered: that is said at once
        Client(data_dir=tmp_path / "nothing").wait(job.id, timeout=60)


def test_logs_follow_rides_out_a_daemon_restart_without_losing_or_repeating_a_byte(
    daemon_factory: DaemonFactory, tmp_path: Path
) -> None:
    """``logs -f`` / ``submit --follow`` used to stop with "the stream broke" (exit 1, as if the job had
    failed) when the daemon restarted; now it goes on from the last byte it got (the event id)."""
    data, release = tmp_path / "data", tmp_path / "release"
    first = daemon_factory.start(data_dir=data)
    script = f"printf 'one caf\\303\\251\\n'; while [ ! -e {release} ]; do sleep 0.05; done; echo two"
    job = first.client().submit("command", argv=["sh", "-c", script])
    follower, got, done = Client(data_dir=data), [], threading.Event()

    def follow() -> None:
        got.extend(follower.follow_log(job.id, tail=1000))
        done.set()

    thread = threading.Thread(target=follow)
    thread.start()
    wait_for(lambda: "one" in "".join(got), what="the first line followed")
    first.kill9()
    daemon_factory.start(data_dir=data)
    release.touch()
    thread.join(60)
    follower.close()
    text = "".join(got)
    assert done.is_set() and text.startswith(f"=== job {job.id} attempt 1"), got
    assert text.split("\n", 1)[1] == "one café\ntwo\n", got  # the log after its header, once


def test_without_gpus_gpu_jobs_wait_with_a_reason_and_cpu_jobs_run(daemon_factory: DaemonFactory) -> None:
    d = daemon_factory.start(fake_nvml="no_gpus")
    c = d.client()
    assert c.health().gpu_count == 0
    gpu_job = c.submit("command", argv=["true"], gpus=1)
    cpu_job = c.submit("command", argv=["true"])
    assert c.wait(cpu_job.id, timeout=20).state == "succeeded"
    reason = wait_for(lambda: c.get_job(gpu_job.id).waiting_reason, what="waiting reason")
    assert reason == "needs 1 GPU; this machine has no GPU (NVML found no GPU)"
    assert c.get_job(gpu_job.id).state == "queued"
    assert c.idle().model_dump() == {"gpus": [], "gate_open": False, "reason": "NVML found no GPU"}


def test_a_warning_signal_sent_before_a_kill9_is_not_sent_again(
    daemon_factory: DaemonFactory, tmp_path: Path
) -> None:
    """The adopting daemon reads the first one's 'sent SIGUSR1' event: the job gets one USR1, not two."""
    first = daemon_factory.start(data_dir=tmp_path / "data")
    c = first.client()
    count = tmp_path / "usr1"
    script = f"trap 'echo x >> {count}' USR1; while true; do sleep 0.05; done"
    job = c.submit("command", argv=["sh", "-c", script], timeout_s=8.0, warn_signal="USR1", warn_before_s=7.0)
    wait_for(lambda: count.exists(), timeout=20, what="the first USR1")
    first.kill9()
    second = daemon_factory.start(data_dir=tmp_path / "data")
    c2 = second.client()
    done = c2.wait(job.id, timeout=40)
    assert done.state == "failed" and done.reason == "timed out after 8 s" and done.attempt == 1
    assert any("supervised again" in e.message for e in done.events or [])
    assert count.read_text().split() == ["x"], "one warning signal for the attempt"
    assert sum(e.message.startswith("sent SIGUSR1") for e in done.events or []) == 1
