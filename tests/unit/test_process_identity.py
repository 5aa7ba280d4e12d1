"""Before any signal the process must still be the one that was listed: same pid, start time and
executable. Each refusal is a sentence that says what was checked; nothing is sent."""

from __future__ import annotations

import time
from pathlib import Path

import psutil
import pytest

from gpuaccel.accel.telemetry.processes import ProcessTable, SignalRefused, check_identity


def test_the_same_process_passes(child) -> None:
    started, exe = psutil.Process(child.pid).create_time(), psutil.Process(child.pid).exe()
    assert check_identity(child.pid, started, exe).pid == child.pid


def test_a_reused_pid_is_refused_with_a_sentence(child) -> None:
    started = psutil.Process(child.pid).create_time()
    with pytest.raises(SignalRefused) as err:
        check_identity(child.pid, started - 3600.0, None)  # the pid we listed started an hour earlier
    text = str(err.value)
    assert err.value.status == 409 and child.poll() is None
    assert text.startswith(f"Pid {child.pid} now names another process, started ") and text.endswith(
        "nothing sent."
    )
    assert f"checked pid {child.pid}, start time " in text


def test_another_executable_is_refused(child) -> None:
    started = psutil.Process(child.pid).create_time()
    with pytest.raises(SignalRefused) as err:
        check_identity(child.pid, started, "/usr/bin/not-the-same")
    assert err.value.status == 409 and "instead of /usr/bin/not-the-same" in str(err.value)
    assert "and executable /usr/bin/not-the-same" in str(err.value) and child.poll() is None


def test_a_vanished_process_says_what_was_checked(child) -> None:
    proc = psutil.Process(child.pid)
    started, exe = proc.create_time(), proc.exe()
    child.kill()
    child.wait(5)
    with pytest.raises(SignalRefused) as err:
        check_identity(child.pid, started, exe)
    when = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(started))
    assert err.value.status == 404
    assert str(err.value) == (
        f"Process {child.pid} has ended (checked pid {child.pid}, start time {when} and executable {exe}:"
        " no such process now); nothing sent."
    )


def test_send_checks_the_executable_it_listed(child, monkeypatch: pytest.MonkeyPatch) -> None:
    """A process that exec'd another program keeps its pid and start time; the table still refuses it."""
    from gpuaccel.accel.telemetry.fake import FakeBackend
    from gpuaccel.accel.telemetry.sampler import Sampler

    backend = FakeBackend("two_gpus")
    backend.init()
    backend.add_process(0, child.pid, "python", 100.0)
    sampler = Sampler(backend, capacity=4)
    sampler.open()
    sampler.poll()
    try:
        table = ProcessTable()
        rows = table.rows(sampler.latest())
        row = next(r for r in rows if r.pid == child.pid)
        monkeypatch.setattr(psutil.Process, "exe", lambda self: str(Path("/opt/other/program")))
        with pytest.raises(SignalRefused) as err:
            table.send(child.pid, row.started, "TERM", rows)
        assert "now runs /opt/other/program instead of" in str(err.value) and child.poll() is None
    finally:
        sampler.stop()
