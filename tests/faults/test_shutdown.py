"""Faults: a clean shutdown (SIGTERM to the daemon) while jobs are finishing on their own.

Why: every job still running at shutdown used to be queued again, including one that finished by
itself during the grace period, which then ran a second time. Now only a job that the shutdown's
signal ended is queued again; one that exits by itself keeps its real outcome, whatever the code.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from daemon_fixture import FAST_ENV, REPO, DaemonFactory, wait_for


def _job(marker: Path, body: str) -> list[str]:
    """A job that appends one line per run to ``marker`` (a run is counted once it started)."""
    return ["sh", "-c", f'echo "run $GPUACCEL_ATTEMPT" >> {marker}; {body}']


def test_jobs_that_finish_in_the_grace_period_are_not_run_again(
    daemon_factory: DaemonFactory, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    d = daemon_factory.start(data_dir=data, env={"GPUACCEL_KILL_GRACE_S": "3"})
    c = d.client()
    marks = {name: tmp_path / f"{name}.runs" for name in ("ok", "fails", "killed", "sleeper")}
    # Ignore the stop signal and finish 0.3 s later: with success, with a failure.
    ok = c.submit("command", argv=_job(marks["ok"], "trap '' TERM; sleep 0.3; exit 0"))
    fails = c.submit("command", argv=_job(marks["fails"], "trap '' TERM; sleep 0.3; echo boom; exit 3"))
    # Ended by the shutdown's signal: queued again (its attempt not counted), runs after the restart.
    killed = c.submit("command", argv=_job(marks["killed"], '[ "$GPUACCEL_ATTEMPT" -ge 2 ] || sleep 30'))
    # Ignores the signal past the grace period: killed, queued again.
    sleeper = c.submit(
        "command", argv=_job(marks["sleeper"], "trap '' TERM; [ \"$GPUACCEL_ATTEMPT\" -ge 2 ] || sleep 30")
    )
    jobs = {"ok": ok, "fails": fails, "killed": killed, "sleeper": sleeper}
    for job in jobs.values():
        wait_for(lambda j=job: c.get_job(j.id).state == "running", what=f"job {job.id} running")
    wait_for(lambda: all(m.exists() for m in marks.values()), what="every job started")
    d.proc.send_signal(signal.SIGTERM)
    assert d.proc.wait(30) == 0

    second = daemon_factory.start(data_dir=data).client()
    done = {name: second.wait(job.id, timeout=30) for name, job in jobs.items()}
    assert (done["ok"].state, done["ok"].attempt, done["ok"].exit_code) == ("succeeded", 1, 0)
    assert (done["fails"].state, done["fails"].attempt) == ("failed", 1)
    assert done["fails"].reason == "exited with code 3: boom"
    for name in ("ok", "fails"):
        assert marks[name].read_text().split() == ["run", "1"], f"{name} ran once"
        assert not any("queued again" in e.message for e in done[name].events)
    for name in ("killed", "sleeper"):
        assert (done[name].state, done[name].attempt, done[name].max_retries) == ("succeeded", 2, 0)
        assert marks[name].read_text().split() == ["run", "1", "run", "2"]
        assert any("daemon stopped; queued again" in e.message for e in done[name].events)


def test_a_stop_asked_the_moment_the_daemon_announces_itself_ends_it_cleanly(tmp_path: Path) -> None:
    """``systemctl stop`` (or a script) may signal as soon as daemon.json names the pid: the daemon must
    exit 0 and take its daemon.json with it, never die of the signal or ignore it (it once did both, in
    the gap between announcing itself and uvicorn taking the signals over)."""
    for attempt in range(3):
        data = tmp_path / f"data{attempt}"
        data.mkdir()
        env = {k: v for k, v in os.environ.items() if not k.startswith("GPUACCEL_")}
        env.update(FAST_ENV, GPUACCEL_FAKE_NVML="two_gpus", GPUACCEL_CONFIG_DIR=str(data / "config"))
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO / "src"), os.environ.get("PYTHONPATH")]))
        proc = subprocess.Popen(
            [sys.executable, "-m", "gpuaccel", "serve", "--data-dir", str(data), "--port", "0"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            wait_for(
                lambda d=data: (d / "daemon.json").exists(), timeout=60, interval=0.001, what="daemon.json"
            )
            proc.send_signal(signal.SIGTERM)
            assert proc.wait(30) == 0
        finally:
            proc.kill()
            proc.wait()
        assert not (data / "daemon.json").exists()
