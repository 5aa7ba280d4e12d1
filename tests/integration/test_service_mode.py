"""The daemon as a per-user service: Unix socket transport, open health probe, schema, readiness."""

from __future__ import annotations

import os
import socket
import stat
import sys
from pathlib import Path

import httpx
import pytest
from daemon_fixture import DaemonFactory, DaemonProcess

from gpuaccel.app.cli import main


def test_socket_is_the_default_transport_and_only_its_user_may_open_it(daemon_factory: DaemonFactory) -> None:
    d = daemon_factory.start(tcp=False)
    info = d.info
    assert info["port"] is None and info["host"] is None  # no TCP unless asked
    mode = d.socket.stat().st_mode
    assert stat.S_ISSOCK(mode) and stat.S_IMODE(mode) == 0o600
    assert d.socket.parent == d.data_dir  # an explicit data dir holds everything
    assert d.client().health().pid == d.proc.pid
    out = d.cli("submit", "command", "--name", "via socket", "--", sys.executable, "-c", "print(1)")
    assert out.returncode == 0, out.stderr
    listed = d.cli("ls")
    assert listed.returncode == 0 and "via socket" in listed.stdout
    sock = d.socket
    assert d.stop() == 0
    assert not sock.exists()  # removed on a clean stop
    gone = d.cli("ls")
    assert gone.returncode != 0 and "no gpuaccel daemon is running" in gone.stderr


def test_the_token_is_still_accepted_on_the_socket_and_the_mode_guards_it(
    daemon_factory: DaemonFactory,
) -> None:
    d = daemon_factory.start(tcp=False)
    with httpx.Client(transport=httpx.HTTPTransport(uds=str(d.socket)), base_url="http://localhost") as http:
        assert http.get("/api/v1/jobs", headers={"Authorization": f"Bearer {d.token}"}).status_code == 200
        assert http.get("/api/v1/jobs").status_code == 401
        assert http.get("/api/v1/health").json() == {"status": "ok"}


def test_health_answers_probes_without_a_token_and_tells_nothing_more(daemon: DaemonProcess) -> None:
    r = httpx.get(daemon.url + "/api/v1/health")
    assert r.status_code == 200 and r.json() == {"status": "ok"}
    assert daemon.token not in r.text and str(daemon.proc.pid) not in r.text
    full = httpx.get(daemon.url + "/api/v1/health", headers={"Authorization": f"Bearer {daemon.token}"})
    assert full.json()["pid"] == daemon.proc.pid
    assert (
        httpx.get(daemon.url + "/api/v1/health", headers={"Authorization": "Bearer nope"}).status_code == 401
    )
    assert (
        httpx.post(daemon.url + "/api/v1/jobs", json={"kind": "command", "argv": ["true"]}).status_code == 401
    )
    assert httpx.get(daemon.url + "/metrics").status_code == 401


def test_schema_declares_bearer_auth_and_names_operations(daemon: DaemonProcess) -> None:
    page = httpx.get(daemon.url + "/docs")  # loopback: a browser loads the page without a token
    assert page.status_code == 200 and "swagger" in page.text.lower()
    schema = httpx.get(daemon.url + "/openapi.json").json()
    assert schema["components"]["securitySchemes"]["HTTPBearer"] == {
        "type": "http", "scheme": "bearer", "description": "the data dir's 'token' file",
    }  # fmt: skip
    ops = {(path, method): op for path, item in schema["paths"].items() for method, op in item.items()}
    ids = [op["operationId"] for op in ops.values()]
    assert len(ids) == len(set(ids))
    assert ops["/api/v1/jobs", "get"]["operationId"] == "jobs_list"
    assert ops["/api/v1/jobs", "post"]["operationId"] == "jobs_submit"
    assert ops["/api/v1/jobs/{job_id}/cancel", "post"]["operationId"] == "jobs_cancel"
    assert ops["/api/v1/health", "get"]["operationId"] == "daemon_health"
    assert all(op.get("security") == [{"HTTPBearer": []}] for op in ops.values())


def test_a_network_bound_daemon_keeps_its_docs_behind_the_token(
    daemon_factory: DaemonFactory, tmp_path: Path
) -> None:
    token = tmp_path / "tok"
    token.write_text("t" * 24)
    token.chmod(0o600)
    d = daemon_factory.start(tcp=False, args=["--host", "0.0.0.0", "--port", "0", "--token-file", str(token)])
    assert httpx.get(f"http://127.0.0.1:{d.info['port']}/openapi.json").status_code == 401
    assert httpx.get(f"http://127.0.0.1:{d.info['port']}/api/v1/health").json() == {"status": "ok"}


def test_systemd_readiness_is_sent_once_the_api_answers(
    daemon_factory: DaemonFactory, tmp_path: Path
) -> None:
    path = tmp_path / "notify.sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as manager:
        manager.bind(str(path))
        manager.settimeout(30)
        d = daemon_factory.start(env={"NOTIFY_SOCKET": str(path)})
        ready = manager.recv(4096).decode()
        assert "READY=1" in ready.splitlines()
        d.stop()
        assert "STOPPING=1" in manager.recv(4096).decode()


def test_submit_wait_and_follow_exit_with_the_jobs_exit_code(daemon: DaemonProcess) -> None:
    ok = daemon.cli("submit", "command", "--wait", "--", sys.executable, "-c", "print('fine')")
    assert ok.returncode == 0, ok.stderr
    assert "succeeded" in ok.stderr and ok.stdout == ""
    failed = daemon.cli("submit", "command", "--wait", "--", sys.executable, "-c", "raise SystemExit(3)")
    assert failed.returncode == 3 and "failed" in failed.stderr
    code = "import sys; print('line one'); print('line two', flush=True); sys.exit(7)"
    followed = daemon.cli("submit", "command", "--follow", "--", sys.executable, "-c", code)
    assert followed.returncode == 7, followed.stderr
    assert followed.stdout.startswith("=== job ") and followed.stdout.endswith("===\nline one\nline two\n")
    killed = daemon.cli(
        "submit",
        "command",
        "--follow",
        "--",
        sys.executable,
        "-c",
        "import os, signal; os.kill(os.getpid(), 9)",
    )
    assert killed.returncode == 128 + 9


def test_bad_settings_stop_serve_with_the_setting_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("GPUACCEL_CONFIG_DIR", str(tmp_path / "cfg"))
    (tmp_path / "cfg").mkdir()
    (tmp_path / "cfg" / "config.toml").write_text("max_paralel = 2\n")
    assert main(["serve", "--data-dir", str(tmp_path / "data")]) == 2
    err = capsys.readouterr().err
    assert "max_paralel = 2 in" in err and "unknown setting" in err and "max_parallel" in err
    (tmp_path / "cfg" / "config.toml").write_text("max_parallel = 2\n")
    monkeypatch.setenv("GPUACCEL_TICK_S", "-1")
    assert main(["serve", "--data-dir", str(tmp_path / "data")]) == 2
    assert "GPUACCEL_TICK_S='-1': Input should be greater than 0" in capsys.readouterr().err
    assert not (tmp_path / "data" / "daemon.sock").exists()


def test_a_token_file_that_is_empty_or_open_to_other_users_stops_serve_saying_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An empty --token-file was taken for no token (a loopback daemon used its generated one, a network
    bind asked for the --token-file it was given), and one any user could read was accepted."""
    monkeypatch.setenv("GPUACCEL_CONFIG_DIR", str(tmp_path / "cfg"))
    monkeypatch.delenv("GPUACCEL_TOKEN", raising=False)
    token = tmp_path / "tok"
    token.write_text("\n")
    token.chmod(0o600)
    serve = ["serve", "--port", "0", "--data-dir", str(tmp_path / "data"), "--token-file", str(token)]
    assert main(serve) == 2
    assert f"--token-file {token} is empty; write the token" in capsys.readouterr().err
    token.write_text("t" * 24)
    token.chmod(0o644)
    assert main(serve) == 2
    err = capsys.readouterr().err
    assert "can be read or changed by other users (mode 0644)" in err and f"chmod 600 {token}" in err
    assert not (tmp_path / "data" / "token").exists()  # nothing started, nothing written


def test_long_data_dir_paths_get_a_short_socket(daemon_factory: DaemonFactory, tmp_path: Path) -> None:
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    d = daemon_factory.start(data_dir=deep, tcp=False)
    assert len(os.fsencode(d.socket)) <= 100 and d.socket != deep / "daemon.sock"
    assert stat.S_IMODE(d.socket.stat().st_mode) == 0o600
    assert d.client().health().pid == d.proc.pid
