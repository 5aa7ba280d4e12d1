"""Integration: a real daemon subprocess (fake NVML, temp data dir, loopback port) driven by the client."""

from __future__ import annotations

import socket
import sqlite3
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from daemon_fixture import DaemonProcess, alive, start_daemon, wait_for
from prometheus_client.parser import text_string_to_metric_families

from gpuaccel.app.cli import main
from gpuaccel.app.client import ApiError, Client, Unauthorized


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DaemonProcess]:
    d = start_daemon(tmp_path_factory.mktemp("daemon") / "data")
    yield d
    d.stop()


@pytest.fixture
def client(shared: DaemonProcess) -> Iterator[Client]:
    with shared.client() as c:
        yield c


def _gate(path: Path) -> list[str]:
    """A command that blocks until ``path`` exists."""
    return ["sh", "-c", f'while [ ! -e "{path}" ]; do sleep 0.02; done']


def test_health_and_token(shared: DaemonProcess, client: Client) -> None:
    health = client.health()
    assert health.status == "ok" and health.gpu_count == 2
    assert health.telemetry.model_dump() == {"backend": "fake:two_gpus", "error": None}
    for path in ("/api/v1/health", "/api/v1/jobs", "/metrics", "/openapi.json"):
        if path not in ("/api/v1/health", "/openapi.json"):  # probes and the docs answer without a token
            assert httpx.get(shared.url + path).status_code == 401
        wrong = httpx.get(shared.url + path, headers={"Authorization": "Bearer nope"})
        assert wrong.status_code == 401 and "token" in wrong.json()["detail"]
    with pytest.raises(Unauthorized, match=r"rejected the token \(from the token given\)"):
        Client(base_url=shared.url, token="x" * 20).health()  # as the window passes its Settings' token
    assert oct((shared.data_dir / "token").stat().st_mode & 0o777) == "0o600"


def test_command_runs_with_log_progress_result_and_events(shared: DaemonProcess, client: Client) -> None:
    script = (
        "import json, os; f = os.fdopen(int(os.environ['GPUACCEL_REPORT_FD']), 'w', buffering=1)\n"
        "print('hello from job', flush=True)\n"
        "print('own logs under', os.environ['GPUACCEL_JOB_LOG_DIR'], flush=True)\n"
        "f.write(json.dumps({'type': 'progress', 'fraction': 0.5, 'message': 'half'}) + '\\n')\n"
        "f.write(json.dumps({'type': 'result', 'metrics': {'answer': 42}}) + '\\n')\n"
    )
    job = client.submit("command", argv=[sys.executable, "-c", script], name="reporter", labels={"t": "run"})
    assert job.state == "queued" and job.gpus == 0
    done = client.wait(job.id, timeout=20)
    assert done.state == "succeeded" and done.exit_code == 0 and done.reason is None
    assert done.progress.model_dump() == {"fraction": 0.5, "message": "half"}
    assert done.result == {"answer": 42}
    assert [e.state for e in done.events] == ["queued", "running", "succeeded"]
    assert "hello from job" in client.log(job.id)
    # A job's own logs (the ring job's per-rank logs) go beside the scheduler's job log, not to /tmp.
    assert f"own logs under {shared.data_dir / 'logs'}\n" in client.log(job.id)
    assert "hello from job\n" in "".join(client.follow_log(job.id))
    assert [j.id for j in client.list_jobs(labels={"t": "run"})] == [job.id]
    assert client.list_jobs(labels={"t": "other"}) == []


def test_a_running_job_s_own_tflops_replaces_the_estimate(shared: DaemonProcess, client: Client) -> None:
    """/telemetry/now and /metrics show a job's counted TFLOP/s, labelled exact and sourced, on its GPU."""
    script = (
        "import json, os, time; f = os.fdopen(int(os.environ['GPUACCEL_REPORT_FD']), 'w', buffering=1)\n"
        "f.write(json.dumps({'type': 'metric', 'name': 'tflops', 'value': 612.5, 'exact': True}) + '\\n')\n"
        "time.sleep(30)\n"
    )
    job = client.submit("command", argv=[sys.executable, "-c", script], gpus=1, gpu_ids=[1])

    def gpu1() -> dict:
        now = client.request("GET", "/api/v1/telemetry/now").json()
        return next(g for g in now["gpus"] if g["info"]["index"] == 1)

    try:
        wait_for(lambda: gpu1()["tflops"].get("source") == f"job {job.id}", timeout=20, what="exact tflops")
        g = gpu1()
        assert g["job_id"] == job.id
        assert g["tflops"]["value"] == 612.5 and g["tflops"]["exact"] is True
        assert g["tflops"]["peak_source"]  # the estimate's basis stays alongside
        families = {f.name: f for f in text_string_to_metric_families(client.metrics())}
        flops = [s for s in families["gpuaccel_gpu_flops"].samples if s.labels["gpu"] == "1"]
        assert [(s.labels["exact"], s.value) for s in flops] == [("true", 612.5e12)]
        info = [s.labels for s in families["gpuaccel_gpu_job_info"].samples]
        host = socket.gethostname()
        assert {"gpu": "1", "job_id": str(job.id), "job_name": "command", "host": host} in info
    finally:
        client.cancel(job.id)


@pytest.mark.parametrize(
    ("request_body", "field"),
    [
        ({"kind": "nosuch"}, "kind"),
        ({"kind": "matmul", "spec": {"size": 100}}, "spec.size"),
        ({"kind": "matmul", "spec": {"bogus": 1}}, "spec.bogus"),
        ({"kind": "command", "argv": []}, "argv"),
        ({"kind": "command", "argv": ["true"], "gpus": 2, "gpu_ids": [0]}, "gpus"),
        ({"kind": "command", "argv": ["true"], "depends_on": [999999]}, "depends_on"),
        ({"kind": "command", "argv": ["true"], "timeout_s": -1}, "timeout_s"),
        ({"kind": "command", "argv": ["true"], "cwd": "relative/dir"}, "cwd"),
        ({"kind": "command", "argv": ["true"], "nonsense": 1}, "nonsense"),
        ({"kind": "command", "argv": "true"}, "argv"),
        # more than this two-GPU host can ever give: refused as sbatch refuses it, not queued forever
        ({"kind": "command", "argv": ["true"], "gpus": 3}, "gpus"),
        ({"kind": "command", "argv": ["true"], "gpu_ids": [5]}, "gpu_ids"),
        ({"kind": "command", "argv": ["true"], "gpus": 1, "memory_mib": 10_000_000}, "memory_mib"),
    ],
)
def test_bad_requests_are_422_naming_the_field_and_store_nothing(
    shared: DaemonProcess, request_body: dict, field: str
) -> None:
    before = _job_count(shared)
    r = httpx.post(
        shared.url + "/api/v1/jobs", json=request_body, headers={"Authorization": f"Bearer {shared.token}"}
    )
    assert r.status_code == 422, r.text
    detail = r.json()["detail"]
    assert ".".join(str(x) for x in detail[0]["loc"][1:]).startswith(field), detail
    assert _job_count(shared) == before


def _job_count(d: DaemonProcess) -> int:
    with sqlite3.connect(d.data_dir / "gpuaccel.db") as conn:
        return conn.execute("SELECT COUNT(*) FROM jobs").fetchone()[0]


def test_priorities_decide_the_order_on_a_busy_gpu(client: Client, tmp_path: Path) -> None:
    gate = tmp_path / "go"
    blocker = client.submit("command", argv=_gate(gate), gpu_ids=[1])
    wait_for(lambda: client.get_job(blocker.id).state == "running", what="blocker running")
    low = client.submit("command", argv=["true"], gpu_ids=[1], priority=0)
    high = client.submit("command", argv=["true"], gpu_ids=[1], priority=5)
    raised = client.submit("command", argv=["true"], gpu_ids=[1], priority=-1)
    assert client.set_priority(raised.id, 10).priority == 10
    wait_for(lambda: "held by job" in (client.get_job(low.id).waiting_reason or ""), what="waiting reason")
    gate.touch()
    jobs = [client.wait(j.id, timeout=20) for j in (raised, high, low)]
    assert all(j.state == "succeeded" for j in jobs)
    starts = [j.started_at for j in jobs]
    assert starts == sorted(starts), "priority 10, then 5, then 0"


def test_dependencies_wait_for_success_and_failures_cascade(client: Client, tmp_path: Path) -> None:
    gate = tmp_path / "go"
    first = client.submit("command", argv=_gate(gate))
    second = client.submit("command", argv=["true"], depends_on=[first.id])
    wait_for(lambda: "waiting for job" in (client.get_job(second.id).waiting_reason or ""), what="dep wait")
    gate.touch()
    assert client.wait(second.id, timeout=20).state == "succeeded"
    assert client.get_job(second.id).started_at >= client.get_job(first.id).finished_at

    bad = client.submit("command", argv=["false"])
    child = client.submit("command", argv=["true"], depends_on=[bad.id])
    grandchild = client.submit("command", argv=["true"], depends_on=[child.id])
    child_done = client.wait(child.id, timeout=20)
    assert child_done.state == "failed" and child_done.reason == f"dependency job {bad.id} failed"
    assert client.wait(grandchild.id, timeout=20).reason == f"dependency job {child.id} failed"
    assert child_done.started_at is None


def test_cancel_kills_the_whole_process_group(client: Client, tmp_path: Path) -> None:
    pidfile = tmp_path / "child.pid"
    job = client.submit("command", argv=["sh", "-c", f"sleep 60 & echo $! > {pidfile}; wait"])
    wait_for(pidfile.exists, what="child started")
    wait_for(lambda: pidfile.read_text().strip(), what="pid written")
    child = int(pidfile.read_text())
    queued = client.submit("command", argv=["true"], depends_on=[job.id])
    assert client.cancel(queued.id).state == "cancelled"
    client.cancel(job.id)
    done = client.wait(job.id, timeout=10)
    assert done.state == "cancelled" and done.reason == "cancelled by user"
    wait_for(lambda: not alive(child), timeout=5, what="grandchild killed")
    with pytest.raises(ApiError) as err:
        client.cancel(job.id)
    assert err.value.status == 409
    with pytest.raises(ApiError) as err:
        client.cancel(10**9)
    assert err.value.status == 404


def test_cancel_escalates_to_sigkill_after_the_grace_period(client: Client, tmp_path: Path) -> None:
    ready = tmp_path / "ready"
    stubborn = client.submit("command", argv=["sh", "-c", f"trap '' TERM; touch {ready}; sleep 30"])
    wait_for(ready.exists, what="job ignoring SIGTERM")
    t0 = time.monotonic()
    client.cancel(stubborn.id)
    done = client.wait(stubborn.id, timeout=10)
    assert done.state == "cancelled" and done.exit_code == -9
    assert time.monotonic() - t0 >= 0.4, "SIGKILL only after the grace period (0.5 s in tests)"


def test_retries_with_backoff_then_manual_retry(client: Client, tmp_path: Path) -> None:
    marker = tmp_path / "second-time"
    flaky = client.submit(
        "command", argv=["sh", "-c", f'[ -e "{marker}" ] && exit 0; touch "{marker}"; exit 7'], max_retries=2
    )
    done = client.wait(flaky.id, timeout=20)
    assert done.state == "succeeded" and done.attempt == 2
    assert "retrying" in [e.state for e in done.events]

    broken = client.submit("command", argv=["sh", "-c", "exit 5"], max_retries=1)
    done = client.wait(broken.id, timeout=20)
    assert (done.state, done.attempt, done.exit_code) == ("failed", 2, 5)
    assert done.reason == "exited with code 5"
    again = client.retry(broken.id)
    assert again.state == "queued"
    done = client.wait(broken.id, timeout=20)
    assert (done.state, done.attempt) == ("failed", 4), "a manual retry restores the retry budget"
    with pytest.raises(ApiError, match="only a finished job"):
        client.retry(client.submit("command", argv=_gate(tmp_path / "never")).id)


def test_timeout_crash_and_cuda_oom_are_named(client: Client) -> None:
    slow = client.submit("command", argv=["sleep", "30"], timeout_s=0.3)
    crash = client.submit("command", argv=["sh", "-c", "kill -SEGV $$"])
    oom = client.submit(
        "command",
        argv=[
            "sh",
            "-c",
            "echo 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB' >&2; exit 1",
        ],
    )
    t0 = time.monotonic()
    slow_done = client.wait(slow.id, timeout=20)
    assert slow_done.state == "failed" and slow_done.reason == "timed out after 0.3 s"
    assert time.monotonic() - t0 < 10
    crash_done = client.wait(crash.id, timeout=20)
    assert crash_done.state == "failed" and "killed by signal SIGSEGV" in crash_done.reason
    oom_done = client.wait(oom.id, timeout=20)
    assert oom_done.reason == "CUDA out of memory (exit code 1)"


def test_gpu_allocation_and_memory_waiting(client: Client) -> None:
    both = client.submit("command", argv=["sh", "-c", 'echo "CVD=$CUDA_VISIBLE_DEVICES"'], gpus=2)
    assert client.wait(both.id, timeout=20).assigned_gpus == [0, 1]
    assert "CVD=0,1" in client.log(both.id)
    none = client.submit("command", argv=["sh", "-c", 'echo "CVD=[$CUDA_VISIBLE_DEVICES]"'])
    client.wait(none.id, timeout=20)
    assert "CVD=[]" in client.log(none.id)
    with pytest.raises(ApiError) as huge:  # it could never start: refused at submit with the reason
        client.submit("command", argv=["true"], gpus=1, memory_mib=10_000_000)
    assert huge.value.status == 422
    assert "memory_mib: never fits: it needs 10000000 MiB per GPU and GPU 0 has " in str(huge.value)
    with pytest.raises(ApiError) as too_many:
        client.submit("command", argv=["true"], gpus=3)
    assert "gpus: needs 3 GPUs; this machine has 2 GPUs; a job that can never start" in str(too_many.value)


def test_telemetry_metrics_idle_and_events(shared: DaemonProcess, client: Client) -> None:
    now = client.telemetry_now()
    assert now["backend"] == "fake:two_gpus" and len(now["gpus"]) == 2
    assert {"info", "sample", "tflops"} <= set(now["gpus"][0])
    raw = client.telemetry_history(0, ["util_gpu", "temperature_c"], resolution="raw")
    assert len(raw["t"]) == len(raw["util_gpu"]) > 0
    rows = wait_for(
        lambda: client.telemetry_history(1, ["util_gpu", "power_w"], since=time.time() - 60)["t"],
        what="1 s history rows",
    )
    assert rows == sorted(rows)
    with pytest.raises(ApiError) as err:
        client.telemetry_history(0, ["util_gpu"], resolution="5s")
    assert err.value.status == 422 and "resolution" in str(err.value)
    metrics = client.metrics()
    assert 'gpuaccel_jobs{state="queued"}' in metrics
    assert 'gpuaccel_gpu_utilization_ratio{gpu="0"' in metrics

    # a process the queue did not start keeps GPU 0 busy; a job of an earlier test on this worker's shared
    # daemon may still hold GPU 0 on a loaded host (its reason is then that job): wait for it to end
    def busy_with_the_process() -> object:
        now_idle = client.idle()
        return now_idle if "fake-trainer" in now_idle.gpus[0].reason else None

    idle = wait_for(
        busy_with_the_process, timeout=120.0, what="GPU 0 busy with a process the queue did not start"
    )
    assert [g.index for g in idle.gpus] == [0, 1]
    # the gate is open exactly while some GPU is idle (GPU 1 turns idle once quiet for idle_after_s, so on a
    # slow or busy host the shared daemon may already be past it: the state, not the daemon's age, decides)
    assert idle.gate_open is any(g.idle for g in idle.gpus) and not idle.gpus[0].idle
    # events of its own (each job: queued, running, succeeded), so the page after the first five is never
    # empty, whichever of this module's tests ran before on this worker's daemon
    for _ in range(2):
        client.wait(client.submit("command", argv=["true"], name="events").id, timeout=20)
    events = client.events(limit=5)
    assert events and events[0].id < events[-1].id
    assert client.events(after=events[-1].id, limit=1)[0].id > events[-1].id


def test_openapi_schema_is_served(shared: DaemonProcess) -> None:
    r = httpx.get(shared.url + "/openapi.json", headers={"Authorization": f"Bearer {shared.token}"})
    paths = r.json()["paths"]
    assert {"/api/v1/jobs", "/api/v1/jobs/{job_id}/log/stream", "/api/v1/idle", "/metrics"} <= set(paths)


def test_second_daemon_on_the_same_data_dir_is_refused(
    shared: DaemonProcess, capsys: pytest.CaptureFixture[str]
) -> None:
    # In-process: the lock is an flock on daemon.lock, so this process competes like any other would.
    assert main(["serve", "--port", "0", "--data-dir", str(shared.data_dir)]) == 1
    err = capsys.readouterr().err
    assert f"pid {shared.proc.pid}" in err and f"127.0.0.1:{shared.port}" in err
    assert Client(data_dir=shared.data_dir).health().pid == shared.proc.pid


def test_non_loopback_bind_needs_an_explicit_token(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GPUACCEL_TOKEN", raising=False)
    with pytest.raises(SystemExit, match="--token-file FILE or \\$GPUACCEL_TOKEN"):
        main(["serve", "--host", "0.0.0.0", "--port", "0", "--data-dir", str(tmp_path)])
    assert not (tmp_path / "token").exists()
