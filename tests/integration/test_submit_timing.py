"""Delayed start, per-job kill grace, the warning signal before the time limit, and finish hooks, against
a real daemon."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from typing import Any

import pytest
from daemon_fixture import DaemonProcess, cli_in_process, start_daemon, wait_for

from gpuaccel.api.jobs import JobState
from gpuaccel.app.client import ApiError, Client
from gpuaccel.scheduler.lifecycle.timing import parse_at, parse_signal, starts_at


@pytest.fixture(scope="module")
def hook_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("hooks")


@pytest.fixture(scope="module")
def d(tmp_path_factory: pytest.TempPathFactory, hook_dir: Path) -> Iterator[DaemonProcess]:
    # a global finish hook (the daemon's setting) beside the jobs' own
    hook = f'echo "$GPUACCEL_JOB_ID $GPUACCEL_JOB_STATE" >> {hook_dir}/global.txt'
    daemon = start_daemon(
        tmp_path_factory.mktemp("timing") / "data", fake_nvml="no_gpus", env={"GPUACCEL_ON_FINISH": hook}
    )
    yield daemon
    daemon.stop()


@pytest.fixture
def client(d: DaemonProcess) -> Iterator[Client]:
    with Client(data_dir=d.data_dir) as c:
        yield c


def _cli(d: DaemonProcess, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str):
    return cli_in_process(d.data_dir, monkeypatch, capsys, *args)


def test_delayed_start_waits_and_says_when(d: DaemonProcess, client: Client, monkeypatch, capsys) -> None:
    code, out, err = _cli(d, monkeypatch, capsys, "submit", "command", "--after", "2s", "--", "true")
    assert code == 0, err
    job = client.get_job(int(out.split()[1]))
    assert job.state == JobState.QUEUED and job.waiting_reason == starts_at(job.not_before)
    assert job.waiting_reason.startswith("starts at ")
    _, listing, _ = _cli(d, monkeypatch, capsys, "ls")
    assert job.waiting_reason in listing
    done = client.wait(job.id, timeout=20)
    assert done.state == JobState.SUCCEEDED and done.started_at >= job.not_before
    # --at: the next 03:00 (local), also a full ISO date-time; shown by ls and show
    code, out, err = _cli(d, monkeypatch, capsys, "submit", "command", "--at", "03:00", "--", "true")
    assert code == 0, err
    later = client.get_job(int(out.split()[1]))
    assert 0 < later.not_before - time.time() <= 86400
    assert later.waiting_reason == "starts at 03:00"
    _, shown, _ = _cli(d, monkeypatch, capsys, "show", str(later.id))
    assert "starts at 03:00" in shown and "not_before" in shown
    client.cancel(later.id)
    assert parse_at("2030-01-02T03:04:05") == time.mktime((2030, 1, 2, 3, 4, 5, 0, 0, -1))
    for args, words in (
        (("--after", "10x"), "give job ids (12,13) or a delay"),
        (("--at", "25:00"), "HH:MM"),
        (("--at", "tomorrow"), "ISO date-time"),
        (("--after", "1m", "--at", "03:00"), "give one start time"),
    ):
        code, _, err = _cli(d, monkeypatch, capsys, "submit", "command", *args, "--", "true")
        assert code == 2 and words in err, err


def _trap_script(tmp: Path) -> str:
    """Writes when USR1 and TERM arrive (ignoring TERM) and a heartbeat until it is killed."""
    return (
        f"trap 'echo $(date +%s.%N) > {tmp}/usr1' USR1; "
        f"trap 'echo $(date +%s.%N) > {tmp}/term' TERM; "
        # written aside, then renamed: the SIGKILL may land between the truncation and the write
        f"while true; do date +%s.%N > {tmp}/beat.new; mv {tmp}/beat.new {tmp}/beat; sleep 0.05; done"
    )


def test_the_warning_signal_arrives_before_the_kill(d: DaemonProcess, client: Client, tmp_path: Path) -> None:
    job = client.submit(
        "command", argv=["sh", "-c", _trap_script(tmp_path)], timeout_s=3.0, warn_signal="USR1",
        warn_before_s=2.0, kill_grace_s=1.5,
    )  # fmt: skip
    done = client.wait(job.id, timeout=30)
    assert done.state == JobState.FAILED and done.reason == "timed out after 3 s"
    usr1, term = (float((tmp_path / n).read_text()) for n in ("usr1", "term"))
    beat = float((tmp_path / "beat").read_text())
    assert usr1 < term - 1.0, "USR1 came about 2 s before the time limit"
    assert beat - term >= 1.0, "the job lived on through its own 1.5 s kill grace after SIGTERM"
    messages = [e.message for e in client.get_job(job.id).events or []]
    warned = next(i for i, m in enumerate(messages) if m.startswith("sent SIGUSR1"))
    assert warned < messages.index("timed out after 3 s")


def test_kill_grace_on_cancel_and_signal_errors(
    d: DaemonProcess, client: Client, tmp_path: Path, monkeypatch, capsys
) -> None:
    job = client.submit("command", argv=["sh", "-c", _trap_script(tmp_path)], kill_grace_s=0.0)
    wait_for(lambda: (tmp_path / "beat").exists(), what="the job to start")
    client.cancel(job.id)
    done = client.wait(job.id, timeout=10)
    assert done.state == JobState.CANCELLED and done.kill_grace_s == 0.0
    assert parse_signal("SIGUSR2@30") == ("USR2", 30.0) and parse_signal("usr1") == ("USR1", 60.0)
    for body, words in (
        ({"warn_signal": "USR1"}, "give timeout_s too"),
        ({"warn_signal": "USR1", "timeout_s": 10, "warn_before_s": 10}, "not less than the time limit"),
        ({"warn_signal": "KILL", "timeout_s": 10}, "USR1"),
        ({"warn_before_s": 5}, "needs warn_signal"),
        ({"kill_grace_s": -1}, "kill_grace_s"),
        ({"on_finish_url": "ftp://x"}, "http:// or https://"),
    ):
        with pytest.raises(ApiError) as bad:
            client.submit("command", argv=["true"], **body)
        assert bad.value.status == 422 and words in str(bad.value), str(bad.value)
    code, _, err = _cli(d, monkeypatch, capsys, "submit", "command", "--signal", "USR1@5", "--", "true")
    assert code == 2 and "give --timeout too" in err
    code, _, err = _cli(
        d, monkeypatch, capsys, "submit", "command", "--timeout", "1m", "--signal", "STOP@5", "--", "true"
    )
    assert code == 2 and "unsupported signal 'STOP'" in err
    code, _, err = _cli(d, monkeypatch, capsys, "submit", "command", "--kill-grace", "soon", "--", "true")
    assert code == 2 and "--kill-grace 'soon'" in err


class _Hook(BaseHTTPRequestHandler):
    bodies: list[dict[str, Any]] = []

    def do_POST(self) -> None:
        _Hook.bodies.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


def test_finish_hooks_see_the_job(d: DaemonProcess, client: Client, tmp_path: Path, hook_dir: Path) -> None:
    server = HTTPServer(("127.0.0.1", 0), _Hook)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        hook = f"env | grep ^GPUACCEL_JOB_ > {tmp_path}/env.txt"
        url = f"http://127.0.0.1:{server.server_port}/done"
        job = client.submit(
            "command", argv=["sh", "-c", "exit 7"], name="hooked", on_finish=hook, on_finish_url=url
        )
        assert client.wait(job.id, timeout=20).state == JobState.FAILED
        env_file = tmp_path / "env.txt"
        wait_for(lambda: env_file.exists() and env_file.read_text().count("\n") >= 4, what="the hook")
        env = dict(line.split("=", 1) for line in env_file.read_text().splitlines())
        assert env["GPUACCEL_JOB_ID"] == str(job.id) and env["GPUACCEL_JOB_STATE"] == "failed"
        assert env["GPUACCEL_JOB_EXIT_CODE"] == "7" and env["GPUACCEL_JOB_NAME"] == "hooked"
        wait_for(lambda: _Hook.bodies, what="the webhook")
        assert _Hook.bodies[0] | {"reason": None} == {
            "job_id": job.id, "state": "failed", "exit_code": 7, "name": "hooked", "reason": None,
            "array_id": None, "array_index": None,
        }  # fmt: skip
        # the daemon's global hook ran for it too (and for a job cancelled while queued)
        waiting = client.submit("command", argv=["true"], not_before=time.time() + 3600)
        client.cancel(waiting.id)
        global_file = hook_dir / "global.txt"
        wait_for(
            lambda: f"{waiting.id} cancelled" in global_file.read_text()
            and f"{job.id} failed" in global_file.read_text(),
            what="the global hook",
        )
        # a failing or hanging hook is an event and nothing more
        bad = client.submit(
            "command", argv=["true"], on_finish="echo oops; exit 5", on_finish_url="http://127.0.0.1:9/x"
        )
        assert client.wait(bad.id, timeout=20).state == JobState.SUCCEEDED

        def hook_events() -> list[str]:
            return [e.message for e in client.get_job(bad.id).events or [] if "hook" in e.message]

        wait_for(lambda: len(hook_events()) == 3, what="three hook events")
        assert "finish hook failed: exited 5: oops" in hook_events()
        assert "finish hook exited 0" in hook_events()  # the global one
        assert any(m.startswith("finish webhook http://127.0.0.1:9/x failed") for m in hook_events())
        assert client.get_job(bad.id).state == JobState.SUCCEEDED
    finally:
        server.shutdown()
