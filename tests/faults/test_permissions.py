"""Faults: a shared machine. Under the common umask 022 the daemon's data dir is 0700 and every file it
writes (database, token, job logs, assistant files) 0600; a data dir an older version left world-readable
is fixed at start. Jobs still create their own files with the user's umask.

Why: job environments carry API keys (``--env``), and job output and chat history are private; every
other local user could read them before.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from daemon_fixture import DaemonFactory, wait_for


@pytest.fixture()
def umask_022() -> Iterator[None]:
    old = os.umask(0o022)  # the daemon subprocess inherits it
    yield
    os.umask(old)


def _modes(root: Path) -> dict[str, int]:
    out = {}
    for dirpath, dirs, files in os.walk(root):
        for name in [*dirs, *files]:
            path = Path(dirpath, name)
            if not path.is_symlink():
                out[str(path.relative_to(root))] = stat.S_IMODE(path.lstat().st_mode)
    return out


def test_data_dir_is_private_under_umask_022(
    umask_022: None, daemon_factory: DaemonFactory, tmp_path: Path
) -> None:
    data = tmp_path / "data"
    data.mkdir(mode=0o755)
    os.chmod(data, 0o755)
    (data / "logs").mkdir(mode=0o755)
    old_log = data / "logs" / "job-99.log"
    old_log.write_text("an older version's log")
    os.chmod(old_log, 0o644)
    d = daemon_factory.start(data_dir=data)
    out = tmp_path / "made-by-job"
    api = httpx.Client(base_url=f"{d.url}/api/v1", headers={"Authorization": f"Bearer {d.token}"})
    job = api.post("/jobs", json={"kind": "command", "argv": ["sh", "-c", f"echo hi; touch {out}"]}).json()
    wait_for(lambda: api.get(f"/jobs/{job['id']}").json()["state"] == "succeeded", what="the job to finish")
    api.close()
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    modes = _modes(data)
    assert {"gpuaccel.db", "token", "logs", f"logs/job-{job['id']}.log", "logs/job-99.log"} <= set(modes)
    loose = {name: oct(mode) for name, mode in modes.items() if mode & 0o077}
    assert not loose, f"readable by others: {loose}"
    assert stat.S_IMODE(out.stat().st_mode) == 0o644, "a job's own files keep the user's umask"


def test_a_data_dir_of_another_user_is_refused(tmp_path: Path) -> None:
    from gpuaccel.scheduler.paths import DataDir

    if os.getuid() != 0:
        pytest.skip("needs root to make a folder owned by another user")
    data = tmp_path / "theirs"
    data.mkdir()
    os.chown(data, 12345, 12345)
    with pytest.raises(PermissionError, match="belongs to another user"):
        DataDir(data).ensure(private=True)
