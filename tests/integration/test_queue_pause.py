"""Pause and resume against a real daemon: a paused job's CPU time stops growing (read from /proc), it
keeps its GPU, its time limit does not run while paused, a cancel still ends it, a daemon killed with
-9 leaves it paused for the next one, a clean stop leaves it held; the whole queue and a group stop
dispatching while paused."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pytest
from daemon_fixture import DaemonFactory, DaemonProcess, wait_for

from gpuaccel.api.jobs import Job
from gpuaccel.app.client import ApiError, Client

# About a third of a core: busy 20 ms, asleep 40 ms (the machine is shared; a full spin would hurt).
BUSY = (
    "import time\nwhile True:\n    t = time.time()\n    while time.time() - t < 0.02: pass\n"
    "    time.sleep(0.04)"
)
TICKS = os.sysconf("SC_CLK_TCK")


def group_cpu_s(pgid: int) -> float:
    """utime + stime of every process in the group (fields 14 and 15 of /proc/PID/stat), in seconds."""
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            text = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = text.rsplit(")", 1)[1].split()
        if int(fields[2]) == pgid:  # field 5: pgrp
            total += int(fields[11]) + int(fields[12])
    return total / TICKS


def group_states(pgid: int) -> set[str]:
    states = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid:
                states.add(fields[0])
    return states


def busy_job(client: Client, **kw: object) -> Job:
    return client.submit("command", argv=[sys.executable, "-c", BUSY], **kw)


def running(client: Client, job_id: int) -> Job:
    return wait_for(
        lambda: (j := client.get_job(job_id)).state == "running" and j.worker_pid and j,
        what=f"job {job_id} running",
    )


def grows(pgid: int, seconds: float = 0.6) -> bool:
    before = group_cpu_s(pgid)
    time.sleep(seconds)
    return group_cpu_s(pgid) > before


def test_paused_job_stops_using_cpu_keeps_its_gpu_and_resumes(daemon: DaemonProcess) -> None:
    client = daemon.client()
    job = running(client, busy_job(client, gpu_ids=[0]).id)
    pgid = job.worker_pid
    assert pgid is not None
    wait_for(lambda: grows(pgid), what="the job using CPU")

    paused = client.pause_job(job.id)
    assert paused.state == "paused" and paused.paused_at is not None
    wait_for(lambda: group_states(pgid) == {"T"}, what="every process of the job stopped")
    first = group_cpu_s(pgid)
    time.sleep(1.0)
    assert group_cpu_s(pgid) == first, "a paused job's CPU time must not grow"

    # Its GPU stays held: a job asking for GPU 0 waits, one for GPU 1 runs.
    same = client.submit("command", argv=["true"], gpu_ids=[0])
    other = client.submit("command", argv=["true"], gpu_ids=[1])
    assert client.wait(other.id, timeout=10).state == "succeeded"
    held = wait_for(lambda: (j := client.get_job(same.id)).waiting_reason and j, what="a waiting reason")
    assert held.state == "queued" and "GPU 0" in (held.waiting_reason or ""), held.waiting_reason
    assert client.get_job(job.id).assigned_gpus == [0]
    assert any(j.id == job.id for j in client.list_jobs(state="paused"))

    with pytest.raises(ApiError) as refused:
        client.pause_job(same.id)
    assert refused.value.status == 409 and "only a running job can be paused" in str(refused.value.detail)

    resumed = client.resume_job(job.id)
    assert resumed.state == "running" and resumed.paused_at is None and resumed.paused_s >= 1.0
    wait_for(lambda: grows(pgid), what="CPU time growing again after resume")

    # A paused job can be cancelled: continued, then terminated.
    client.pause_job(job.id)
    wait_for(lambda: group_states(pgid) == {"T"}, what="stopped again")
    client.cancel(job.id)
    done = client.wait(job.id, timeout=10)
    assert done.state == "cancelled"
    assert client.wait(same.id, timeout=10).state == "succeeded"
    events = [e.message for e in client.get_job(job.id).events or []]
    assert "paused (SIGSTOP)" in events and "resumed (SIGCONT)" in events


def test_paused_time_does_not_count_toward_the_time_limit(daemon: DaemonProcess) -> None:
    client = daemon.client()
    job = running(client, busy_job(client, timeout_s=2.0).id)
    client.pause_job(job.id)
    time.sleep(2.5)  # longer than its limit, all of it paused
    assert client.get_job(job.id).state == "paused"
    client.resume_job(job.id)
    time.sleep(0.5)
    assert client.get_job(job.id).state == "running"  # ~0.5 s of its 2 s used when paused
    done = client.wait(job.id, timeout=15)
    assert done.state == "failed" and "timed out after 2 s" in (done.reason or "")
    ran = done.finished_at - done.started_at - done.paused_s
    assert 1.5 < ran < 5.0, ran


def test_queue_and_group_pause_stop_dispatch_only(daemon: DaemonProcess) -> None:
    client = daemon.client()
    first = running(client, busy_job(client).id)
    state = client.pause_queue()
    assert state.paused
    waiting = client.submit("command", argv=["true"])
    job = wait_for(lambda: (j := client.get_job(waiting.id)).waiting_reason and j, what="a waiting reason")
    assert job.state == "queued" and "queue is paused" in (job.waiting_reason or "")
    assert client.get_job(first.id).state == "running"  # running jobs are left as they are
    assert grows(first.worker_pid or 0)

    # --running: the running jobs are paused too, and continued by resume --running.
    client.pause_queue(running=True)
    assert client.get_job(first.id).state == "paused"
    client.resume_queue(running=True)
    assert client.get_job(first.id).state == "running"
    assert client.wait(waiting.id, timeout=10).state == "succeeded"
    assert not client.queue().paused

    client.add_group("night", parallel=2)
    client.pause_queue(group="night")
    night = client.submit("command", argv=["true"], group="night")
    day = client.submit("command", argv=["true"])
    assert client.wait(day.id, timeout=10).state == "succeeded"
    job = wait_for(lambda: (j := client.get_job(night.id)).waiting_reason and j, what="a waiting reason")
    assert job.state == "queued" and "group night is paused" in (job.waiting_reason or "")
    assert next(g for g in client.groups() if g.name == "night").paused
    client.resume_queue(group="night")
    assert client.wait(night.id, timeout=10).state == "succeeded"
    with pytest.raises(ApiError) as unknown:
        client.pause_queue(group="nope")
    assert unknown.value.status == 404 and "existing groups: default, night" in str(unknown.value.detail)
    client.cancel(first.id)


def paused_job(daemon_factory: DaemonFactory, data: Path) -> tuple[DaemonProcess, Job, int]:
    """A daemon on ``data`` with one running job paused (its process group stopped): daemon, job, pgid."""
    daemon = daemon_factory.start(data_dir=data)
    client = daemon.client()
    job = running(client, busy_job(client, gpus=1).id)
    pgid = job.worker_pid or 0
    client.pause_job(job.id)
    wait_for(lambda: group_states(pgid) == {"T"}, what="the job stopped")
    client.close()
    return daemon, job, pgid


def test_a_paused_job_stays_paused_across_a_daemon_kill(
    daemon_factory: DaemonFactory, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    first, job, pgid = paused_job(daemon_factory, data)
    first.kill9()
    time.sleep(0.5)
    assert group_states(pgid) == {"T"}, "the job keeps stopped while no daemon runs"

    second = daemon_factory.start(data_dir=data)
    client = second.client()
    adopted = client.get_job(job.id)
    assert adopted.state == "paused" and adopted.assigned_gpus == job.assigned_gpus
    assert not grows(pgid, 0.8), "still stopped under the new daemon"
    assert any("supervised again" in e.message for e in adopted.events or [])
    client.resume_job(job.id)
    wait_for(lambda: grows(pgid), what="the adopted job running again")
    client.pause_job(job.id)
    client.cancel(job.id)
    assert client.wait(job.id, timeout=10).state == "cancelled"


def test_a_clean_daemon_stop_holds_a_paused_job(daemon_factory: DaemonFactory, tmp_path: Path) -> None:
    data = tmp_path / "data"
    first, job, pgid = paused_job(daemon_factory, data)
    assert first.stop() == 0
    assert not group_states(pgid), "a clean stop ends the paused job's processes"

    second = daemon_factory.start(data_dir=data)
    client = second.client()
    held = client.get_job(job.id)
    assert held.state == "held", "a job the user paused must not start again by itself"
    assert any(f"gpuaccel release {job.id}" in e.message for e in held.events or [])
    time.sleep(1.0)
    assert client.get_job(job.id).state == "held"
    client.release(job.id)
    again = running(client, job.id)
    # the stop is not the job's failure: its retry budget is spared (one more attempt allowed)
    assert again.attempt == job.attempt + 1 and again.attempts_allowed == job.attempts_allowed + 1
    client.cancel(job.id)


def test_pause_and_resume_cli(daemon: DaemonProcess) -> None:
    client = daemon.client()
    job = running(client, busy_job(client).id)
    r = daemon.cli("pause", str(job.id))
    assert r.returncode == 0 and f"job {job.id} paused (now paused)" in r.stdout, r.stderr
    r = daemon.cli("resume", str(job.id))
    assert r.returncode == 0 and "(now running)" in r.stdout, r.stderr
    r = daemon.cli("pause")
    assert r.returncode == 0 and "queue paused; running jobs left as they are" in r.stdout
    r = daemon.cli("group")
    assert "queue: PAUSED" in r.stdout and "default" in r.stdout
    r = daemon.cli("resume")
    assert r.returncode == 0 and "queue resumed" in r.stdout
    r = daemon.cli("resume", str(job.id), "--group", "default")
    assert r.returncode == 2 and "not both" in r.stderr
    client.cancel(job.id)
    r = daemon.cli("pause", str(job.id))
    assert r.returncode == 1 and "only a running job can be paused" in r.stderr
