"""Two daemons on one data dir, reached from environments that differ: the second refuses, naming the first.

The lock once lived in ``$XDG_RUNTIME_DIR/gpuaccel`` when that was set, so a daemon started from a shell
without it (cron, ``su``) and one from the systemd user service both served one ``gpuaccel.db``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from daemon_fixture import REPO, DaemonFactory


def test_a_second_daemon_by_another_runtime_dir_and_a_symlink_refuses_naming_the_first(
    daemon_factory: DaemonFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "run-a"))
    (tmp_path / "run-a").mkdir(mode=0o700)
    data = tmp_path / "xdg" / "gpuaccel"
    first = daemon_factory.start(data_dir=data)
    assert Path(first.info["socket"]).parent == tmp_path / "run-a" / "gpuaccel"  # the runtime dir is in use
    link = tmp_path / "same-data"
    link.symlink_to(data)
    env = {**first.env, "XDG_RUNTIME_DIR": str(tmp_path / "run-b")}
    (tmp_path / "run-b").mkdir(mode=0o700)
    second = subprocess.Popen(
        [sys.executable, "-m", "gpuaccel", "serve", "--data-dir", str(link)],
        env=env, cwd=str(REPO), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        out, _ = second.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        second.kill()
        out, _ = second.communicate()
        pytest.fail(f"a second daemon served the same data dir:\n{out}")
    assert second.returncode == 1, out
    assert f"pid {first.proc.pid}" in out and first.info["socket"] in out, out
    assert first.client().health().pid == first.proc.pid  # the first one is untouched
