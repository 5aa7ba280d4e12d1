"""Faults: jobs that end while no daemon runs keep their real outcome; one still running is adopted.

Why: after a kill -9 of the daemon, a job that finished meanwhile was treated as lost: run again, or
marked ``failed`` although it succeeded. Its keeper now writes the exit status beside the attempt's lock,
and the next daemon records it: success, failure with the log's last line, a retry when allowed. A
keeper killed with its job while no daemon ran is the one real "lost worker".
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

from daemon_fixture import DaemonFactory, wait_for


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


# A workload-like job that keeps reporting progress after its daemon (the channel's reader) is gone.
REPORTS_AFTER_THE_KILL = """
import os, sys, time
from gpuaccel.accel.workloads.report import Reporter
open(os.path.join(sys.argv[1], "reports.runs"), "a").write("run " + os.environ["GPUACCEL_ATTEMPT"] + "\\n")
r = Reporter()
while not os.path.exists(os.path.join(sys.argv[1], "release")):
    r.progress(0.1, "waiting")
    time.sleep(0.05)
for _ in range(3):
    r.progress(1.0, "done")
"""


def _job(tmp: Path, name: str, after: str) -> list[str]:
    """A job that logs its run, waits for the file ``release``, then runs ``after``."""
    script = (
        f'echo "run $GPUACCEL_ATTEMPT" >> {tmp / name}.runs; '
        f"while [ ! -e {tmp / 'release'} ]; do sleep 0.05; done; {after}"
    )
    return ["sh", "-c", script]


def test_jobs_ending_while_the_daemon_is_down_keep_their_outcome(
    daemon_factory: DaemonFactory, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    d = daemon_factory.start(data_dir=data, env={"GPUACCEL_MAX_PARALLEL": "6"})
    c = d.client()
    jobs = {
        "succeeds": c.submit("command", argv=_job(tmp_path, "succeeds", "exit 0")),
        "fails": c.submit("command", argv=_job(tmp_path, "fails", "echo boom; exit 3")),
        "retries": c.submit(
            "command",
            argv=_job(tmp_path, "retries", '[ "$GPUACCEL_ATTEMPT" -ge 2 ] || exit 4'),
            max_retries=1,
        ),
        "lost": c.submit("command", argv=_job(tmp_path, "lost", "sleep 30")),
        "reports": c.submit("command", argv=[sys.executable, "-c", REPORTS_AFTER_THE_KILL, str(tmp_path)]),
        "runs_on": c.submit(
            "command",
            argv=_job(tmp_path, "runs_on", f"while [ ! -e {tmp_path / 'later'} ]; do sleep 0.05; done"),
        ),
    }
    for name in jobs:
        wait_for(lambda n=name: (tmp_path / f"{n}.runs").exists(), what=f"{name} started")
    pids = {name: c.get_job(job.id).worker_pid for name, job in jobs.items()}
    d.kill9()

    os.killpg(pids["lost"], signal.SIGKILL)  # its keeper and job die while no daemon watches
    (tmp_path / "release").touch()
    for name in ("succeeds", "fails", "retries", "lost", "reports"):
        wait_for(lambda n=name: not _alive(pids[n]), what=f"{name} ended")
    assert _alive(pids["runs_on"])
    time.sleep(0.2)

    c2 = daemon_factory.start(data_dir=data).client()
    assert c2.get_job(jobs["runs_on"].id).state == "running"
    (tmp_path / "later").touch()
    done = {name: c2.wait(job.id, timeout=30) for name, job in jobs.items()}
    assert (done["succeeds"].state, done["succeeds"].attempt, done["succeeds"].exit_code) == (
        "succeeded", 1, 0,
    )  # fmt: skip
    assert (done["fails"].state, done["fails"].reason) == ("failed", "exited with code 3: boom")
    assert (done["retries"].state, done["retries"].attempt) == ("succeeded", 2)
    assert done["lost"].state == "failed"
    assert done["lost"].reason.startswith("daemon lost its worker: its keeper was killed")
    assert (done["runs_on"].state, done["runs_on"].attempt) == ("succeeded", 1)
    assert any("supervised again" in e.message for e in done["runs_on"].events)
    for name in ("succeeds", "fails"):
        assert any("while no daemon ran" in e.message for e in done[name].events)
    assert (done["reports"].state, done["reports"].attempt) == ("succeeded", 1)
    for name in ("succeeds", "fails", "lost", "runs_on", "reports"):
        assert (tmp_path / f"{name}.runs").read_text().split() == ["run", "1"], f"{name} ran once"
    assert (tmp_path / "retries.runs").read_text().split() == ["run", "1", "run", "2"]
