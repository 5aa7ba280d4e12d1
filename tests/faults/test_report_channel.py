"""Faults: jobs that write garbage to the report channel while a well-behaved job runs beside them.

Why: the channel is open to any user command. Whatever a job writes there -- wrong types, a 10 MB line,
10^5 nested brackets, numbers no JSON client can read -- must not stop the reader, fail the job, or make
any listing answer 500; the skipped lines are counted in the job's events, and a normal job running at
the same time keeps its progress and result.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import threading
from pathlib import Path
from typing import Any

import httpx
from daemon_fixture import DaemonProcess, wait_for

from gpuaccel.accel.workloads import report

# Each script writes its lines to the report channel, then one good progress line (proof that the reader
# survived), and exits 0.
_PRELUDE = "import os; f = os.fdopen(int(os.environ['GPUACCEL_REPORT_FD']), 'w')\n"
_TAIL = 'f.write(\'{"type": "progress", "fraction": 1, "message": "survived"}\\n\'); f.flush()\n'
BAD_JOBS: dict[str, tuple[str, dict[str, int]]] = {
    "wrong types": (
        'f.write(\'{"type": "progress", "fraction": "x"}\\n\')\n'
        'f.write(\'{"type": "metric", "name": {}, "value": 1}\\n\')\n'
        'f.write(\'{"type": "result", "metrics": [1, 2]}\\n\')\n'
        'f.write(\'{"type": "bogus"}\\n[1, 2]\\n\')\n'
        "f.write('not json at all\\n')\n"
        "f.write(b'\\xff\\xfe\\n'.decode('latin-1'))\n",
        {"fields of the wrong type": 3, "not an object with type": 2, "not UTF-8 JSON": 2},
    ),
    "10 MB line": (
        'f.write(\'{"type": "result", "metrics": {"a": "\' + \'x\' * 10_000_000 + \'"}}\\n\')\n'
        "f.write('y' * 10_000_000)\nf.write('\\n')\n",
        {"longer than 256 KiB": 2},
    ),
    "deep nesting": (
        "f.write('[' * 100_000 + ']' * 100_000 + '\\n')\n"
        "f.write('{\"type\": \"result\", \"metrics\": {\"a\": ' + '[' * 100_000 + ']' * 100_000 + '}}\\n')\n"
        "f.write('{\"type\": \"result\", \"metrics\": ' + '{\"a\": ' * 40 + '1' + '}' * 41 + '\\n')\n",
        {"nested deeper than 32": 3},
    ),
    "huge numbers": (
        'f.write(\'{"type": "progress", "fraction": 1e999}\\n\')\n'
        'f.write(\'{"type": "metric", "name": "tflops", "value": NaN}\\n\')\n'
        'f.write(\'{"type": "result", "metrics": {"n": \' + str(10**400) + \'}}\\n\')\n'
        'f.write(\'{"type": "result", "metrics": {"n": -Infinity}}\\n\')\n',
        {"a number out of range": 4},
    ),
}


def _command(body: str) -> list[str]:
    return [sys.executable, "-c", _PRELUDE + body + _TAIL]


def _api(daemon: DaemonProcess) -> httpx.Client:
    return httpx.Client(
        base_url=daemon.url + "/api/v1", headers={"Authorization": f"Bearer {daemon.token}"}, timeout=30
    )


def _skips(job: dict[str, Any]) -> dict[str, int]:
    """reason prefix -> lines skipped, summed over the job's report-channel events."""
    out: dict[str, int] = {}
    for e in job["events"]:
        if e["message"].startswith("report channel: skipped"):
            out[e["data"]["reason"]] = out.get(e["data"]["reason"], 0) + e["data"]["skipped"]
    return out


def _listings_answer(api: httpx.Client, job_ids: list[int]) -> None:
    for path in [
        "/jobs",
        "/jobs?state=succeeded,running",
        "/events?limit=10000",
        *[f"/jobs/{i}" for i in job_ids],
    ]:
        r = api.get(path)
        assert r.status_code == 200, f"GET {path}: {r.status_code} {r.text[:300]}"


def test_garbage_on_the_report_channel_harms_no_job_and_no_listing(
    daemon: DaemonProcess, tmp_path: Path
) -> None:
    gate = tmp_path / "go"
    normal_script = (
        "import json, os, time\n"
        "f = os.fdopen(int(os.environ['GPUACCEL_REPORT_FD']), 'w', buffering=1)\n"
        "f.write(json.dumps({'type': 'progress', 'fraction': 0.5, 'message': 'half'}) + '\\n')\n"
        f"while not os.path.exists({str(gate)!r}): time.sleep(0.02)\n"
        "f.write(json.dumps({'type': 'metric', 'name': 'tflops', 'value': 12.5}) + '\\n')\n"
        "result = {'answer': 42, 'rows': [[1, 2.5], {'k': 'v'}]}\n"
        "f.write(json.dumps({'type': 'result', 'metrics': result}) + '\\n')\n"
        "f.write(json.dumps({'type': 'progress', 'fraction': 1.0, 'message': 'done'}) + '\\n')\n"
    )
    with _api(daemon) as api:
        normal = api.post(
            "/jobs", json={"kind": "command", "argv": [sys.executable, "-c", normal_script]}
        ).json()
        wait_for(lambda: (api.get(f"/jobs/{normal['id']}").json()["progress"] or {}).get("message") == "half",
                 timeout=20, what="the normal job's first progress")  # fmt: skip
        coerced = api.post("/jobs", json={"kind": "command", "argv": _command(
            "f.write('{\"type\": \"progress\", \"fraction\": 0.5, \"message\": 5}\\n'); f.flush()\n"
            "import time; time.sleep(0.3)\n")}).json()  # fmt: skip
        bad = {
            name: api.post("/jobs", json={"kind": "command", "argv": _command(body), "name": name}).json()
            for name, (body, _) in BAD_JOBS.items()
        }
        # While they run (the normal one still running too): every listing answers.
        wait_for(
            lambda: api.get(f"/jobs/{coerced['id']}").json()["progress"], timeout=20, what="coerced progress"
        )
        coerced_now = api.get(f"/jobs/{coerced['id']}").json()
        assert coerced_now["progress"]["message"] in ("5", "survived"), "a number message is coerced to text"
        _listings_answer(api, [normal["id"], coerced["id"], *(j["id"] for j in bad.values())])

        ids = [coerced["id"], *(j["id"] for j in bad.values())]
        finished = ("succeeded", "failed", "cancelled")
        wait_for(lambda: all(api.get(f"/jobs/{i}").json()["state"] in finished for i in ids), timeout=25,
                 what="the bad jobs to end")  # fmt: skip
        assert api.get(f"/jobs/{normal['id']}").json()["state"] == "running"
        gate.touch()
        wait_for(lambda: api.get(f"/jobs/{normal['id']}").json()["state"] in finished, timeout=20,
                 what="the normal job to end")  # fmt: skip
        _listings_answer(api, [normal["id"], *ids])

        done = api.get(f"/jobs/{normal['id']}").json()
        assert done["state"] == "succeeded"
        assert done["progress"] == {"fraction": 1.0, "message": "done"}
        assert done["result"] == {"answer": 42, "rows": [[1, 2.5], {"k": "v"}]}
        assert not _skips(done)

        for name, (_, expected) in BAD_JOBS.items():
            job = api.get(f"/jobs/{bad[name]['id']}").json()
            assert job["state"] == "succeeded" and job["exit_code"] == 0, (name, job["reason"])
            assert job["progress"] == {"fraction": 1.0, "message": "survived"}, name
            assert job["result"] is None, name
            skips = _skips(job)
            for prefix, count in expected.items():
                got = sum(n for reason, n in skips.items() if reason.startswith(prefix))
                assert got == count, (name, prefix, skips)
        assert api.get(f"/jobs/{coerced['id']}").json()["state"] == "succeeded"
    assert daemon.cli("ls").returncode == 0


def test_a_row_an_older_version_stored_badly_still_lists(daemon: DaemonProcess) -> None:
    with _api(daemon) as api:
        job = api.post("/jobs", json={"kind": "command", "argv": ["true"]}).json()
        wait_for(lambda: api.get(f"/jobs/{job['id']}").json()["state"] == "succeeded", timeout=20, what="job")
        conn = sqlite3.connect(daemon.data_dir / "gpuaccel.db", timeout=10)
        with conn:
            conn.execute(
                "UPDATE jobs SET progress = ?, result = ? WHERE id = ?",
                ('{"type": "progress", "fraction": 0.5, "message": {"x": 1}}', '{"v": NaN}', job["id"]),
            )
        conn.close()
        _listings_answer(api, [job["id"]])
        listed = next(j for j in api.get("/jobs").json()["jobs"] if j["id"] == job["id"])
        assert listed["progress"] is None and listed["result"] is None


def _read_all(data: bytes, on_record: Any = None) -> tuple[list[Any], list[tuple[str, str]]]:
    """Feed ``data`` through a real pipe to :func:`read_records` (a writer thread, as a job would)."""
    records: list[Any] = []
    skips: list[tuple[str, str]] = []
    read_fd, write_fd = os.pipe()

    def write() -> None:
        with os.fdopen(write_fd, "wb") as f:
            for i in range(0, len(data), 100_003):  # odd pieces: lines and chunks never line up
                f.write(data[i : i + 100_003])

    writer = threading.Thread(target=write)
    writer.start()
    report.read_records(read_fd, on_record or records.append, lambda r, d: skips.append((r, d)))
    writer.join()
    return records, skips


def test_the_reader_holds_no_overlong_line_and_survives_its_callbacks() -> None:
    good = b'{"type": "progress", "fraction": 0.25, "message": "a"}\n'
    cap = report.MAX_LINE_BYTES
    data = (
        good
        + b"z" * (cap + 1) + b"\n"  # just over the cap
        + b'{"type": "metric", "name": "m", "value": "2.5"}\n'  # a numeric string is coerced
        + b"\n   \n"  # blank lines are not counted
        + b"q" * (3 * cap) + b"\n" + good
        + b'{"type": "progress", "fraction": 7}'  # no final newline: still read, clamped to 1
    )  # fmt: skip
    records, skips = _read_all(data)
    kinds = ["ProgressRecord", "MetricRecord", "ProgressRecord", "ProgressRecord"]
    assert [type(r).__name__ for r in records] == kinds
    assert records[1].value == 2.5 and records[3].fraction == 1.0
    assert skips == [(report.OVERSIZE, ""), (report.OVERSIZE, "")]

    def explode(record: Any) -> None:
        raise RuntimeError("boom")

    records, skips = _read_all(good * 3, on_record=explode)
    assert skips == [(report.NOT_APPLIED, "boom")] * 3, "a failing callback is counted, reading goes on"
