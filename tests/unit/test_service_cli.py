"""Service conveniences without a daemon: the systemd unit, config sources, XDG places."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
from pathlib import Path

import pytest
from cli_helpers import commands, options

from gpuaccel.app import service_unit
from gpuaccel.app.cli import main
from gpuaccel.app.daemon.notify import sd_notify
from gpuaccel.scheduler.config import SchedulerConfig
from gpuaccel.scheduler.paths import DataDir


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Config, data, state and runtime dirs under tmp_path; no GPUACCEL_* from the caller."""
    for name in ("GPUACCEL_DATA_DIR", "GPUACCEL_TICK_S", "GPUACCEL_MAX_PARALLEL"):
        monkeypatch.delenv(name, raising=False)
    for var, sub in (
        ("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state"),
        ("XDG_RUNTIME_DIR", "run"),
    ):  # fmt: skip
        monkeypatch.setenv(var, str(tmp_path / sub))
    monkeypatch.setenv("GPUACCEL_CONFIG_DIR", str(tmp_path / "config" / "gpuaccel"))
    return tmp_path


def test_unit_file_passes_systemd_analyze_verify(home: Path) -> None:
    if shutil.which("systemd-analyze") is None:
        pytest.skip("systemd-analyze is not installed")
    assert main(["service", "install", "--no-start"]) == 0
    unit = home / "config" / "systemd" / "user" / "gpuaccel.service"
    text = unit.read_text()
    assert "Type=notify" in text and "Restart=on-failure" in text and "KillMode=mixed" in text
    result = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True, text=True)
    assert result.returncode == 0 and result.stderr == "", result.stderr


def test_install_keeps_a_changed_unit_unless_forced_and_uninstall_removes_it(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[tuple[str, ...]] = []

    def fake_systemctl(*args: str, timeout: float = 30.0) -> subprocess.CompletedProcess[str]:
        calls.append(args)  # never the real user manager: a developer's own service stays untouched
        return subprocess.CompletedProcess(["systemctl", *args], 0, "", "")

    monkeypatch.setattr(service_unit, "systemctl", fake_systemctl)
    monkeypatch.setattr(service_unit, "linger_enabled", lambda user=None: True)
    unit = service_unit.unit_path()
    assert main(["service", "install", "--no-start"]) == 0
    unit.write_text(unit.read_text() + "# edited\n")
    assert main(["service", "install", "--no-start"]) == 1
    assert "--force" in capsys.readouterr().err
    assert main(["service", "install", "--no-start", "--force"]) == 0
    assert unit.read_text() == service_unit.unit_text()
    assert calls == []
    assert main(["service", "install", "--force"]) == 0
    assert calls == [("daemon-reload",), ("enable", "--now", "gpuaccel.service")]
    assert "enabled and started" in capsys.readouterr().out
    assert main(["service", "uninstall"]) == 0
    assert calls[2] == ("disable", "--now", "gpuaccel.service")
    assert not unit.exists()
    assert main(["service", "status"]) == 3
    assert "not installed" in capsys.readouterr().out


def test_install_without_a_user_manager_names_every_command_left_to_run(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """It said 'run that command' after the failed daemon-reload, never naming the enable --now that
    actually starts the service."""

    def no_bus(*args: str, timeout: float = 30.0) -> subprocess.CompletedProcess[str]:
        return subprocess.CompletedProcess(
            ["systemctl", *args], 1, "", "Failed to connect to bus: No medium found"
        )

    monkeypatch.setattr(service_unit, "systemctl", no_bus)
    assert main(["service", "install"]) == 1
    err = capsys.readouterr().err
    assert "systemctl --user daemon-reload failed: Failed to connect to bus" in err
    assert err.rstrip().endswith(
        "run: systemctl --user daemon-reload && systemctl --user enable --now gpuaccel.service"
    )
    assert service_unit.installed()


def test_unit_quotes_an_interpreter_path_with_spaces() -> None:
    assert 'ExecStart="/opt/my env/bin/python" -m gpuaccel serve' in service_unit.unit_text(
        "/opt/my env/bin/python"
    )
    # systemd expands %-specifiers and $VARIABLES in ExecStart: a venv at /opt/50%off/$x ran /opt/50ff/
    assert "ExecStart=/opt/50%%off/$$x/python -m gpuaccel serve" in service_unit.unit_text(
        "/opt/50%off/$x/python"
    )


def test_sd_notify_sends_to_the_managers_socket(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    assert sd_notify("READY=1") is False  # not under systemd: nothing to tell
    path = tmp_path / "n.sock"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as manager:
        manager.bind(str(path))
        monkeypatch.setenv("NOTIFY_SOCKET", str(path))
        assert sd_notify("READY=1") is True
        assert manager.recv(100) == b"READY=1"


def test_the_parser_has_the_service_commands() -> None:
    assert {"serve", "submit", "service", "completion", "config"} <= commands()
    assert commands("service") == {"install", "uninstall", "status"}
    assert {"--wait", "--follow", "--gpus"} <= options("submit")
    assert {"--tcp", "--host", "--port"} <= options("serve")


def test_config_shows_each_value_with_its_source(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    cfg = home / "config" / "gpuaccel"
    cfg.mkdir(parents=True)
    (cfg / "config.toml").write_text("max_parallel = 2\ntick_s = 0.25\n")
    monkeypatch.setenv("GPUACCEL_TICK_S", "0.1")
    assert main(["config", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    settings = shown["settings"]
    assert settings["tick_s"] == {"value": 0.1, "source": "$GPUACCEL_TICK_S"}
    assert settings["max_parallel"] == {"value": 2, "source": str(cfg / "config.toml")}
    assert settings["kill_grace_s"] == {"value": 5.0, "source": "default"}
    assert shown["places"]["socket"] == str(home / "run" / "gpuaccel" / "daemon.sock")
    assert SchedulerConfig.from_env(tick_s=3.0).tick_s == 3.0  # an option beats both
    assert main(["config"]) == 0
    assert "max_parallel" in capsys.readouterr().out


def test_default_places_follow_xdg_and_an_explicit_data_dir_holds_everything(
    home: Path, tmp_path: Path
) -> None:
    default = DataDir.resolve(None)
    assert default.root == home / "data" / "gpuaccel"
    assert default.socket_file == home / "run" / "gpuaccel" / "daemon.sock"
    assert default.daemon_file.parent == home / "run" / "gpuaccel"
    assert default.lock_file.parent == default.root  # the lock is the data dir's, whatever the runtime dir
    assert default.logs == home / "state" / "gpuaccel" / "logs"
    (default.root / "logs").mkdir(parents=True)  # an existing install keeps its logs where they are
    assert default.logs == default.root / "logs"
    explicit = DataDir.resolve(tmp_path / "mine")
    assert {explicit.socket_file.parent, explicit.lock_file.parent, explicit.logs.parent} == {
        tmp_path / "mine"
    }
