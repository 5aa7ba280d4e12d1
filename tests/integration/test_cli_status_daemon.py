"""``gpuaccel status`` shows the running daemon's readings: it read NVML itself, so in demo mode it showed
frozen numbers while the window moved, and without the fake variable it said "no GPU" while the daemon
showed two."""

from __future__ import annotations

import functools
import json
import time

import pytest
from daemon_fixture import DaemonProcess, cli_in_process


def test_status_reads_the_daemon(
    daemon: DaemonProcess, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("GPUACCEL_FAKE_NVML", raising=False)  # this process has no GPU of its own
    cli = functools.partial(cli_in_process, daemon.data_dir, monkeypatch, capsys)
    r = cli("status")
    assert r.returncode == 0, r.stderr
    assert "source fake:two_gpus (scripted test data, not a real GPU) via the daemon (unix:" in r.stdout
    assert "H100 80GB HBM3" in r.stdout and "GeForce RTX 4090" in r.stdout
    first = json.loads(cli("status", "--json").stdout)
    time.sleep(0.5)
    second = json.loads(cli("status", "--json").stdout)
    stamps = [[g["sample"]["timestamp"] for g in snap["gpus"]] for snap in (first, second)]
    assert all(b > a for a, b in zip(*stamps, strict=True)), stamps  # live readings, not one frozen read
    daemon_now = daemon.client().telemetry_now()
    assert abs(daemon_now["gpus"][0]["sample"]["timestamp"] - stamps[1][0]) < 5
