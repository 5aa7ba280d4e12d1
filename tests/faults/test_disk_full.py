"""Faults: a full disk is answered with 507 and a reason, and one job's log cannot fill the disk.

Why: with the data dir's disk full every submission answered 500, which tells a person nothing; and a job
that writes fast had no cap on its log, so one job filled the disk for everyone. Now a write that finds
no room answers 507 naming the file system's path, what is free and what to do, and nothing half-written
is kept; once space is freed the next submission is stored as usual. Each job's log is capped
(``log_cap_mib``, docs/queue.md): past the cap the oldest output is dropped, the tail kept, the cut marked
in the file and told by an event on the job.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from daemon_fixture import FAST_ENV, REPO, DaemonFactory, DaemonProcess, wait_for
from fastapi.testclient import TestClient

from gpuaccel.app.daemon.compose import Daemon
from gpuaccel.scheduler.config import SchedulerConfig
from gpuaccel.scheduler.paths import DataDir

TOKEN = "t" * 32
BIG = {"kind": "command", "argv": ["true"], "hold": True, "labels": {f"k{i}": "y" * 1000 for i in range(64)}}


@pytest.fixture
def composed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Daemon, TestClient]]:
    """The daemon's own parts and API in this process (so the test holds its database connection)."""
    monkeypatch.setenv("GPUACCEL_FAKE_NVML", "two_gpus")
    monkeypatch.setenv("GPUACCEL_CONFIG_DIR", str(tmp_path / "config"))
    dd = DataDir(tmp_path / "data")
    dd.ensure(private=True)
    daemon = Daemon.build(dd, SchedulerConfig())
    try:
        with TestClient(daemon.api(TOKEN), headers={"Authorization": f"Bearer {TOKEN}"}) as client:
            yield daemon, client
    finally:
        daemon.stop()


def _fill_to(daemon: Daemon, pages: int) -> None:
    """SQLite's own limit on the file's pages: past it every write fails with SQLITE_FULL, as on a full
    disk."""
    daemon.store.query(f"PRAGMA max_page_count = {pages}")


def test_a_full_disk_answers_507_naming_the_path_and_recovers(composed: tuple[Daemon, TestClient]) -> None:
    daemon, client = composed
    assert client.post("/api/v1/jobs", json=BIG).status_code == 201
    used = daemon.store.query("PRAGMA page_count")[0][0]
    _fill_to(daemon, used)
    answers = [client.post("/api/v1/jobs", json=BIG) for _ in range(8)]
    refused = [r for r in answers if r.status_code != 201]
    assert refused, "every submission fitted: the database never filled"
    for r in refused:
        assert r.status_code == 507, (r.status_code, r.text[:300])
        detail = r.json()["detail"]
        assert str(daemon.data_dir.root) in detail and "full" in detail and "free" in detail, detail
    stored = len(answers) - len(refused) + 1
    listed = client.get("/api/v1/jobs")
    assert listed.status_code == 200 and len(listed.json()["jobs"]) == stored  # reads still answer
    assert client.get("/metrics").status_code == 200
    _fill_to(daemon, 1 << 30)  # space freed
    assert client.post("/api/v1/jobs", json=BIG).status_code == 201
    assert len(client.get("/api/v1/jobs").json()["jobs"]) == stored + 1  # nothing half-written was kept


def test_an_array_that_does_not_fit_is_507_and_stores_none_of_it(composed: tuple[Daemon, TestClient]) -> None:
    daemon, client = composed
    _fill_to(daemon, daemon.store.query("PRAGMA page_count")[0][0] + 2)
    r = client.post("/api/v1/jobs", json={**BIG, "array": "0-99"})
    assert r.status_code == 507, r.text[:300]
    assert client.get("/api/v1/jobs").json()["jobs"] == []


CAP_MIB = 0.5
WRITER = (
    "import sys\n"
    "out = sys.stdout\n"
    "for i in range(400_000):\n"
    "    out.write(f'line {i:07d} ' + 'x' * 40 + '\\n')\n"
    "out.write('last line\\n')\n"
)  # about 20 MiB, as fast as Python writes


def _job(d: DaemonProcess, job_id: int) -> dict[str, Any]:
    r = httpx.get(f"{d.url}/api/v1/jobs/{job_id}", headers={"Authorization": f"Bearer {d.token}"})
    return dict(r.json())


def test_a_fast_writing_job_keeps_only_its_logs_tail(daemon_factory: DaemonFactory) -> None:
    d = daemon_factory.start(env={"GPUACCEL_LOG_CAP_MIB": str(CAP_MIB)})
    headers = {"Authorization": f"Bearer {d.token}"}
    body = {"kind": "command", "argv": [sys.executable, "-c", WRITER]}
    job_id = httpx.post(f"{d.url}/api/v1/jobs", json=body, headers=headers).json()["id"]
    ended = ("succeeded", "failed")
    job = wait_for(lambda: (j := _job(d, job_id))["state"] in ended and j, 60, what="the job's end")
    assert job["state"] == "succeeded", job
    log = d.data_dir / "logs" / f"job-{job_id}.log"
    held = os.stat(log).st_blocks * 512  # what the disk holds for it (the dropped part is given back)
    assert held <= 2 * CAP_MIB * 2**20, f"the log holds {held} bytes on disk with a cap of {CAP_MIB} MiB"
    r = httpx.get(f"{d.url}/api/v1/jobs/{job_id}/log", params={"tail": 3}, headers=headers)
    assert r.text.splitlines()[-1] == "last line" and "line 0399999" in r.text, r.text
    cuts = [e for e in job["events"] if "log cut" in e["message"]]
    assert cuts, [e["message"] for e in job["events"]]
    assert "log_cap_mib" in cuts[-1]["message"], cuts[-1]
    streamed = httpx.get(
        f"{d.url}/api/v1/jobs/{job_id}/log/stream", params={"tail": 10**6}, headers=headers, timeout=60
    ).text
    assert "\\u0000" not in streamed and "log cut" in streamed and "last line" in streamed
    assert len(streamed) < 4 * CAP_MIB * 2**20  # the dropped output is not sent as padding


def test_a_job_that_cannot_write_its_log_waits_for_room_instead_of_failing(daemon: DaemonProcess) -> None:
    """The logs' disk full at launch (the log is /dev/full, which answers every write with ENOSPC): the
    job is not failed for it; it waits, its attempt spared, and runs once there is room."""
    headers = {"Authorization": f"Bearer {daemon.token}"}
    api = f"{daemon.url}/api/v1/jobs"
    body = {"kind": "command", "argv": ["echo", "ran"], "hold": True}
    job_id = httpx.post(api, json=body, headers=headers).json()["id"]
    log = daemon.data_dir / "logs" / f"job-{job_id}.log"
    log.parent.mkdir(exist_ok=True)
    log.symlink_to("/dev/full")
    assert httpx.post(f"{api}/{job_id}/release", headers=headers).status_code == 200
    waiting = wait_for(
        lambda: any("waiting for room on the disk" in e["message"] for e in _job(daemon, job_id)["events"]),
        20,
        what="the launch to wait for room",
    )
    assert waiting and _job(daemon, job_id)["state"] in ("queued", "retrying", "running")
    log.unlink()  # room again
    wait_for(lambda: _job(daemon, job_id)["state"] == "succeeded", 30, what="the job to run")
    assert "ran" in log.read_text()  # with no retries allowed: the attempt that could not start was spared


def test_submissions_keep_a_reserve_free_for_running_jobs(daemon_factory: DaemonFactory) -> None:
    """Below ``min_free_mib`` free, a submission is a 507 that says what is free and what is needed."""
    probe = daemon_factory.root / "probe"
    probe.mkdir()
    # more than the whole disk: free space can grow while the test runs (another process deleting files)
    reserve_mib = shutil.disk_usage(probe).total / 2**20 + 1024
    d = daemon_factory.start(env={"GPUACCEL_MIN_FREE_MIB": str(reserve_mib)})
    headers = {"Authorization": f"Bearer {d.token}"}
    r = httpx.post(f"{d.url}/api/v1/jobs", json={"kind": "command", "argv": ["true"]}, headers=headers)
    assert r.status_code == 507, r.text
    detail = r.json()["detail"]
    assert f"{reserve_mib:.1f} MiB" in detail and "min_free_mib" in detail and str(d.data_dir) in detail
    listed = httpx.get(f"{d.url}/api/v1/jobs", headers=headers)
    assert listed.status_code == 200 and listed.json()["jobs"] == []


def _tmpfs_works() -> bool:
    probe = subprocess.run(
        ["unshare", "-r", "-m", "sh", "-c", "mount -t tmpfs -o size=1m tmpfs /mnt && touch /mnt/x"],
        capture_output=True,
    )
    return probe.returncode == 0


@pytest.mark.skipif(shutil.which("unshare") is None, reason="no unshare(1)")
def test_a_really_full_disk_answers_507_and_recovers(tmp_path: Path) -> None:
    """The data dir on a 24 MiB tmpfs of its own (a user and mount namespace: no root needed where the
    kernel allows them), filled by a file beside the database: submissions answer 507, listings 200;
    the file removed, submissions are stored again."""
    if not _tmpfs_works():
        pytest.skip("unprivileged user and mount namespaces are not allowed here")
    mount = tmp_path / "disk"
    mount.mkdir()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if not k.startswith("GPUACCEL_")}
    paths = [str(REPO / "src"), os.environ.get("PYTHONPATH")]
    env.update(FAST_ENV, GPUACCEL_FAKE_NVML="no_gpus", GPUACCEL_MIN_FREE_MIB="0")
    env.update(GPUACCEL_CONFIG_DIR=str(tmp_path / "config"), PYTHONPATH=os.pathsep.join(filter(None, paths)))
    serve = 'exec "$2" -m gpuaccel serve --data-dir "$1/data" --port "$3"'
    script = f'mount -t tmpfs -o size=24m tmpfs "$1" && {serve}'
    log = open(tmp_path / "daemon.log", "wb")  # noqa: SIM115 (closed below)
    proc = subprocess.Popen(
        ["unshare", "-r", "-m", "sh", "-c", script, "sh", str(mount), sys.executable, str(port)],
        env=env, stdout=log, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        inside = Path(f"/proc/{proc.pid}/root{mount}")  # the namespace's view of the mount
        token = wait_for(lambda: (inside / "data" / "token").is_file() and (inside / "data" / "token"), 30)
        headers = {"Authorization": f"Bearer {token.read_text().strip()}"}
        api = f"http://127.0.0.1:{port}/api/v1"

        def up() -> bool:
            try:
                return httpx.get(f"{api}/health", headers=headers).status_code == 200
            except httpx.TransportError:
                return False

        wait_for(up, 30, what="the daemon on the tmpfs")
        assert httpx.post(f"{api}/jobs", json=BIG, headers=headers).status_code == 201
        fill = os.open(inside / "fill", os.O_WRONLY | os.O_CREAT, 0o600)
        try:
            with pytest.raises(OSError, match="No space left"):
                while True:
                    os.write(fill, b"\0" * 2**20)
        finally:
            os.close(fill)
        answers = [httpx.post(f"{api}/jobs", json=BIG, headers=headers) for _ in range(8)]
        refused = [r for r in answers if r.status_code != 201]
        assert refused and {r.status_code for r in refused} == {507}, [r.text[:200] for r in refused]
        assert "full" in refused[0].json()["detail"], refused[0].text
        listed = httpx.get(f"{api}/jobs", headers=headers)
        assert listed.status_code == 200 and len(listed.json()["jobs"]) == 1 + len(answers) - len(refused)
        (inside / "fill").unlink()  # room again
        assert httpx.post(f"{api}/jobs", json=BIG, headers=headers).status_code == 201
    finally:
        proc.terminate()
        proc.wait(20)
        log.close()
