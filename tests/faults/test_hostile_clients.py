"""Faults: clients that leave early or outlive what they started.

Why: ``gpuaccel ls | head`` is how people read a long queue; the reader leaving must end the command
quietly, not with a BrokenPipeError traceback. A daemon the desktop app started must be reaped when it
stops, not left as a zombie for as long as the app runs.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from daemon_fixture import REPO, DaemonProcess, wait_for

from gpuaccel.app.gui import connection


def test_ls_into_a_reader_that_leaves_ends_quietly(daemon: DaemonProcess) -> None:
    api = httpx.Client(base_url=f"{daemon.url}/api/v1", headers={"Authorization": f"Bearer {daemon.token}"})
    for i in range(120):  # more than a pipe buffer holds as ``ls --json``
        assert api.post("/jobs", json={"kind": "command", "argv": ["true"], "hold": True, "name": f"j{i}"})
    api.close()
    env = {**daemon.env, "GPUACCEL_DATA_DIR": str(daemon.data_dir)}
    for form in ("", "--json"):
        r = subprocess.run(
            f"{sys.executable} -m gpuaccel ls {form} --limit 1000 | head -n 1",
            shell=True, env=env, cwd=str(REPO), capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert r.stdout == "{\n" if form else "STATE" in r.stdout, r.stdout
        assert "Traceback" not in r.stderr and "BrokenPipe" not in r.stderr, r.stderr


def _state(pid: int) -> str | None:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):  # reaped before or while the file was read
        return None


def test_a_daemon_started_by_the_app_is_reaped_when_it_stops(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The app's spawn, with a stand-in for the interpreter that records its pid and exits at once."""
    pid_file = tmp_path / "pid"
    stand_in = tmp_path / "python"
    stand_in.write_text(f"#!/bin/sh\necho $$ > {pid_file}\nexec sleep 0.2\n")
    stand_in.chmod(0o700)
    monkeypatch.setattr(connection.sys, "executable", str(stand_in))
    log = connection.spawn_local_daemon(connection.Endpoint(data_dir=str(tmp_path / "data")))
    assert log == str(tmp_path / "data" / "daemon.log")
    pid = int(wait_for(lambda: pid_file.exists() and pid_file.read_text().strip(), what="the stand-in"))
    deadline = time.monotonic() + 10
    while _state(pid) is not None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _state(pid) is None, f"process {pid} left in state {_state(pid)} (Z: a zombie nobody reaped)"
