"""The GPU process table: host side joined to NVML's rows, who may be signalled, and the identity
re-check (pid + start time) before any signal is sent."""

from __future__ import annotations

import os
import sys
import time

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from gpuaccel.accel.telemetry.fake import FakeBackend
from gpuaccel.accel.telemetry.processes import (
    CPU_WARMING_UP,
    NOT_IN_NAMESPACE,
    SIMULATED,
    ProcessTable,
    SignalRefused,
)
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.accel.telemetry.types import NA
from gpuaccel.scheduler.http.processes import process_router
from gpuaccel.scheduler.store.queue import Store


@pytest.fixture
def sampler(child):
    backend = FakeBackend("two_gpus")
    backend.init()
    backend.add_process(1, child.pid, "python", 1234.0)
    s = Sampler(backend, capacity=8)
    s.open()
    s.poll()
    yield s
    s.stop()


def _row(rows, pid):
    return next(r for r in rows if r.pid == pid)


def test_real_process_gets_its_host_side_and_may_be_signalled(sampler, child):
    table = ProcessTable()
    rows = table.rows(sampler.latest(), job_of=lambda pid: 7 if pid == child.pid else None)
    r = _row(rows, child.pid)
    assert (r.gpu, r.used_mib, r.job_id, r.can_signal, r.why_not) == (1, 1234.0, 7, True, None)
    assert r.cmdline[:2] == [sys.executable, "-c"]
    assert r.rss_mib > 1 and 0 <= r.elapsed_s < 60 and abs(r.started - time.time()) < 60
    assert r.cpu_pct == NA(CPU_WARMING_UP)  # CPU % is measured between two listings
    r2 = _row(table.rows(sampler.latest()), child.pid)
    assert isinstance(r2.cpu_pct, float)
    assert isinstance(r.sm_pct, float)  # the fake shares utilization among compute processes


def test_simulated_and_foreign_and_hidden_processes_are_refused_with_why(sampler, child):
    rows = ProcessTable().rows(sampler.latest())
    fake = _row(rows, 4242)
    assert fake.simulated and not fake.can_signal and fake.why_not == SIMULATED
    other = _row(ProcessTable(uid=os.getuid() + 4321).rows(sampler.latest()), child.pid)
    assert not other.can_signal and "not by you" in other.why_not
    hidden = _row(ProcessTable(host_namespace=False).rows(sampler.latest()), child.pid)
    assert hidden.user == NA(NOT_IN_NAMESPACE) and not hidden.can_signal


def test_send_checks_identity_before_signalling(sampler, child):
    table = ProcessTable()
    rows = table.rows(sampler.latest())
    r = _row(rows, child.pid)
    with pytest.raises(SignalRefused) as exc:
        table.send(child.pid, r.started - 100.0, "TERM", rows)  # a reused pid: another start time
    assert exc.value.status == 409 and child.poll() is None
    with pytest.raises(SignalRefused) as exc:
        table.send(child.pid, r.started, "HUP", rows)
    assert exc.value.status == 422 and "TERM, KILL, INT" in str(exc.value)
    with pytest.raises(SignalRefused) as exc:
        table.send(4242, 0.0, "KILL", rows)
    assert exc.value.status == 403 and SIMULATED in str(exc.value)
    with pytest.raises(SignalRefused) as exc:
        table.send(os.getpid(), 0.0, "KILL", rows)  # not a GPU process
    assert exc.value.status == 404
    table.send(child.pid, r.started, "TERM", rows)
    assert child.wait(5) == -15


def test_routes_list_and_signal(tmp_path, sampler, child):
    app = FastAPI()
    app.include_router(process_router(Store(tmp_path / "db"), sampler), prefix="/api/v1")
    http = TestClient(app)
    out = http.get("/api/v1/processes").json()
    assert out["available"] and out["pid_namespace"] in ("host", "container")
    rows = {r["pid"]: r for r in out["processes"]}
    assert rows[4242]["user"] == {"na": SIMULATED} and rows[1717]["kind"] == "graphics"
    if out["pid_namespace"] == "container":
        pytest.skip("running in a pid namespace of its own: host pids cannot be signalled here")
    mine = rows[child.pid]
    refused = http.post(f"/api/v1/processes/{child.pid}/signal", json={"signal": "KILL", "started": 1.0})
    assert refused.status_code == 409 and child.poll() is None
    bad = http.post(f"/api/v1/processes/{child.pid}/signal", json={"signal": "HUP", "started": 1.0})
    assert bad.status_code == 422
    sent = http.post(
        f"/api/v1/processes/{child.pid}/signal", json={"signal": "KILL", "started": mine["started"]}
    )
    assert sent.status_code == 200 and sent.json() == {"pid": child.pid, "signal": "KILL", "name": "python",
                                                      "gpu": 1}  # fmt: skip
    assert child.wait(5) == -9
