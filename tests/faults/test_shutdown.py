"""Faults: a clean shutdown (SIGTERM to the daemon) while jobs are finishing on their own.

Why: every job still running at shutdown used to be queued again, including one that finished by
itself during the grace period, which then ran a second time. Now only a job that the shutdown's
signal ended is queued again; one that exits by itself keeps its real outcome, whatever the code.
"""

from __future__ import annotations

import signal
from pathlib import Path

from daemon_fixture import DaemonFactory, wait_for


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
