"""Faults: logs a job may write -- gigabytes, ``\\r`` progress bars without newlines -- cost a bounded read.

Why: ``gpuaccel logs ID`` and the log pane ask for the last lines; reading backwards until enough newlines
were seen was quadratic on a ``\\r``-only log (42 s of CPU for 64 MB), and job reports read whole logs.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import httpx
import pytest
from daemon_fixture import DaemonProcess, wait_for

from gpuaccel.scheduler.reads import logtail
from gpuaccel.scheduler.reads.logtail import TAIL_MAX_BYTES, read_tail, tail_offset


def _reference(data: bytes, lines: int) -> int:
    """Where the last ``lines`` lines start (a final newline ends the last line; it starts no new one)."""
    if not lines:
        return len(data)
    body = data[:-1] if data.endswith(b"\n") else data
    at = len(body)
    for _ in range(lines):
        at = body.rfind(b"\n", 0, at)
        if at < 0:
            return 0
    return at + 1


@pytest.mark.parametrize("block", [1, 7, 1 << 16])
def test_tail_offset_matches_a_plain_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, block: int
) -> None:
    monkeypatch.setattr(logtail, "TAIL_BLOCK", block)
    rng = random.Random(block)
    path = tmp_path / "log"
    for _ in range(400):
        data = bytes(rng.choice(b"ab\n\r") for _ in range(rng.randint(0, 80)))
        path.write_bytes(data)
        lines = rng.randint(0, 8)
        assert tail_offset(path, lines) == _reference(data, lines), (data, lines)
        if b"\r" not in data:  # what the old whole-lines reading gave
            old = data.splitlines(keepends=True)
            assert _reference(data, lines) == len(data) - sum(map(len, old[-lines:] if lines else []))
    path.write_bytes(b"a\n" * 100)
    assert tail_offset(path, 1000, max_bytes=10) == 190, "never further back than max_bytes"


def test_a_tail_reads_bounded_bytes(tmp_path: Path) -> None:
    path = tmp_path / "bars.log"
    path.write_bytes(b"epoch 3: 45%|####      |\r" * (64 << 20 // 26))
    t0 = time.process_time()
    text = read_tail(path, 200)
    assert time.process_time() - t0 < 0.5
    assert 0 < len(text.encode()) <= TAIL_MAX_BYTES
    assert tail_offset(path, 0) == path.stat().st_size and read_tail(tmp_path / "missing", 5) == ""


def test_logs_of_a_64mb_progress_bar_answer_in_well_under_a_second(daemon: DaemonProcess) -> None:
    api = httpx.Client(base_url=f"{daemon.url}/api/v1", headers={"Authorization": f"Bearer {daemon.token}"})
    job = api.post("/jobs", json={"kind": "command", "argv": ["true"]}).json()
    wait_for(lambda: api.get(f"/jobs/{job['id']}").json()["state"] == "succeeded", what="the job to end")
    log = daemon.data_dir / "logs" / f"job-{job['id']}.log"
    log.write_bytes(b"x" * 1000 + b"\r" * 1 + b"step 17/100 loss 0.25\r" * (64 << 20 // 22) + b"done\n")
    t0 = time.perf_counter()
    r = api.get(f"/jobs/{job['id']}/log", params={"tail": 200}, timeout=30)
    took = time.perf_counter() - t0
    assert r.status_code == 200 and r.text.endswith("done\n") and len(r.content) <= TAIL_MAX_BYTES
    assert took < 1.0, f"tail of a 64 MB log took {took:.2f} s"
    cli = daemon.cli("logs", str(job["id"]))
    assert cli.returncode == 0 and cli.stdout.rstrip().endswith("done"), cli.stderr
    api.close()


def test_a_job_report_reads_only_the_end_of_its_log(tmp_path: Path) -> None:
    from gpuaccel.assistant.queries.log_files import LINE_CHARS
    from gpuaccel.assistant.reports import report as reports
    from gpuaccel.scheduler.lifecycle.validation import validate_request
    from gpuaccel.scheduler.store.queue import Store

    store = Store(tmp_path / "db")
    try:
        job = store.insert(validate_request({"kind": "command", "argv": ["x"]}))
        logs = tmp_path / "logs"
        logs.mkdir()
        (logs / f"job-{job.id}.log").write_bytes(b"y" * (64 << 20) + b"\nlast line\n")
        t0 = time.process_time()
        facts = reports.job_facts(store, job.id, logs)
        assert time.process_time() - t0 < 0.5
        assert facts["log_tail"][-1] == "last line"
        assert all(len(line.split(" [... cut")[0]) <= LINE_CHARS for line in facts["log_tail"])
    finally:
        store.close()
