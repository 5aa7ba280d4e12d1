"""The daemon as a systemd user service: the unit file, installing and removing it, and asking its state.

The unit is ``Type=notify`` (the daemon sends ``READY=1`` once it accepts: ``app.daemon.notify``), logs to
journald (``journalctl --user -u gpuaccel``), restarts on failure, and stops with ``KillMode=mixed`` so the
daemon itself gets SIGTERM and requeues its running jobs before systemd kills what is left. It serves the
default data dir over its Unix socket. Without ``loginctl enable-linger`` a user's services stop at logout,
which on a headless server means they never run unattended: :func:`linger_hint` says so.
"""

from __future__ import annotations

import getpass
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

UNIT_NAME = "gpuaccel.service"


def unit_dir() -> Path:
    """``$XDG_CONFIG_HOME/systemd/user``: where systemd looks for a user's own units."""
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "systemd" / "user"


def unit_path() -> Path:
    return unit_dir() / UNIT_NAME


def unit_text(python: str | None = None) -> str:
    """The unit for this interpreter (the one gpuaccel is installed in)."""
    exe = python or sys.executable
    return f"""[Unit]
Description=gpuaccel daemon: GPU telemetry, job queue and idle-time assistant

[Service]
Type=notify
NotifyAccess=main
ExecStart={_quote(exe)} -m gpuaccel serve
Environment=PYTHONUNBUFFERED=1
Restart=on-failure
RestartSec=2
KillMode=mixed
TimeoutStopSec=60
SyslogIdentifier=gpuaccel

[Install]
WantedBy=default.target
"""


def _quote(word: str) -> str:
    """A path as systemd's ExecStart parses it: ``%`` (a specifier) and ``$`` (a variable) doubled, quoted
    when it holds spaces or quotes."""
    word = word.replace("%", "%%").replace("$", "$$")
    if not any(c in word for c in " \t\"'\\"):
        return word
    return '"' + word.replace("\\", "\\\\").replace('"', '\\"') + '"'


def installed() -> bool:
    return unit_path().is_file()


def systemctl_available() -> bool:
    return shutil.which("systemctl") is not None


def systemctl(*args: str, timeout: float = 30.0) -> subprocess.CompletedProcess[str]:
    """``systemctl --user ARGS``; a missing systemctl or user manager is a failed result."""
    if not systemctl_available():
        return subprocess.CompletedProcess(["systemctl", *args], 127, "", "systemctl is not installed")
    try:
        return subprocess.run(
            ["systemctl", "--user", *args], capture_output=True, text=True, timeout=timeout, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return subprocess.CompletedProcess(["systemctl", *args], 1, "", str(exc))


def start() -> subprocess.CompletedProcess[str]:
    """Start the installed service (returns once it is ready: the unit is Type=notify)."""
    return systemctl("start", UNIT_NAME, timeout=90.0)


@dataclass(frozen=True)
class ServiceState:
    installed: bool
    enabled: str  # systemctl is-enabled's word, or why it is unknown
    active: str  # systemctl is-active's word, or why it is unknown
    linger: bool | None  # None: loginctl could not say


def _word(result: subprocess.CompletedProcess[str]) -> str:
    text = result.stdout.strip() or result.stderr.strip()
    return text.splitlines()[-1] if text else "unknown"


def state() -> ServiceState:
    return ServiceState(
        installed(),
        _word(systemctl("is-enabled", UNIT_NAME)),
        _word(systemctl("is-active", UNIT_NAME)),
        linger_enabled(),
    )


def linger_enabled(user: str | None = None) -> bool | None:
    if shutil.which("loginctl") is None:
        return None
    try:
        out = subprocess.run(
            ["loginctl", "show-user", user or getpass.getuser(), "--property=Linger", "--value"],
            capture_output=True, text=True, timeout=10, check=False,
        )  # fmt: skip
    except (OSError, subprocess.TimeoutExpired):
        return None
    value = out.stdout.strip()
    return {"yes": True, "no": False}.get(value)


def linger_hint() -> str:
    return (
        "on a headless server, let the service run without a login session: "
        f"loginctl enable-linger {getpass.getuser()}"
    )
