"""A real ``gpuaccel serve`` in a subprocess for integration tests (registered from conftest.py).

Fixtures:
- ``daemon``: a running daemon (fake NVML ``two_gpus``, temp data dir, its Unix socket plus a free loopback
  port for tests that speak raw HTTP, fast ticks).
- ``daemon_factory``: ``start(fake_nvml="no_gpus", data_dir=..., env={...}, args=[...], tcp=False)`` for
  more than one daemon, restarts on the same data dir, or other scenarios; all are stopped at the end.

Clients find it as users' clients do: ``daemon.json`` in the data dir names the socket (used first) and port.

A :class:`DaemonProcess` gives ``client()`` (an :class:`app.client.Client`), ``cli(*args)`` (runs the
``gpuaccel`` CLI against it), ``stop()``, ``kill9()`` and the ``data_dir``/``url``/``token``.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from gpuaccel.app.client import Client, ClientError

REPO = Path(__file__).resolve().parents[1]
FAST_ENV = {
    "GPUACCEL_TICK_S": "0.05",
    "GPUACCEL_HEARTBEAT_S": "0.2",
    "GPUACCEL_KILL_GRACE_S": "0.5",
    "GPUACCEL_RETRY_BACKOFF_S": "0.1",
    "GPUACCEL_IDLE_AFTER_S": "0.5",
    "GPUACCEL_PROGRESS_WRITE_S": "0.05",
    "GPUACCEL_ASSISTANT_WARM_S": "off",  # no model worker per test daemon unless a test asks for one
}


@dataclass
class DaemonProcess:
    proc: subprocess.Popen[bytes]
    data_dir: Path
    env: dict[str, str]
    port: int = 0
    log_path: Path | None = None
    _clients: list[Client] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def socket(self) -> Path:
        return Path(self.info["socket"])

    @property
    def info(self) -> dict[str, Any]:
        return Client(data_dir=self.data_dir).data_dir.read_daemon_info() or {}

    @property
    def token(self) -> str:
        return (self.data_dir / "token").read_text().strip()

    def client(self, **kw: Any) -> Client:
        c = Client(data_dir=self.data_dir, **kw)
        self._clients.append(c)
        return c

    def cli(
        self, *args: str, timeout: float = 30.0, cwd: str | None = None
    ) -> subprocess.CompletedProcess[str]:
        """Run ``gpuaccel ARGS`` against this daemon (through $GPUACCEL_DATA_DIR); captures text output."""
        env = {**self.env, "GPUACCEL_DATA_DIR": str(self.data_dir)}
        return subprocess.run(
            [sys.executable, "-m", "gpuaccel", *args],
            env=env, cwd=cwd or str(REPO), capture_output=True, text=True, timeout=timeout,
        )  # fmt: skip

    def output(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path and self.log_path.exists() else ""

    def stop(self, timeout: float = 15.0) -> int:
        for c in self._clients:
            c.close()
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode

    def kill9(self) -> None:
        self.proc.kill()
        self.proc.wait()


def start_daemon(
    data_dir: Path,
    fake_nvml: str = "two_gpus",
    env: dict[str, str] | None = None,
    args: list[str] | None = None,
    wait_s: float = 30.0,
    tcp: bool = True,
) -> DaemonProcess:
    """Start ``gpuaccel serve`` (``--port 0`` when ``tcp``); return once the client's health call answers."""
    data_dir.mkdir(parents=True, exist_ok=True)
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("GPUACCEL_")}
    full_env.update(FAST_ENV)
    full_env.update(
        GPUACCEL_FAKE_NVML=fake_nvml,
        GPUACCEL_CONFIG_DIR=str(data_dir / "config"),
        PYTHONPATH=os.pathsep.join(filter(None, [str(REPO / "src"), os.environ.get("PYTHONPATH")])),
    )
    full_env.update(env or {})
    log_path = data_dir.parent / f"{data_dir.name}-daemon-{time.monotonic_ns()}.log"
    command = [sys.executable, "-m", "gpuaccel", "serve", "--data-dir", str(data_dir)]
    command += ["--port", "0"] if tcp else []
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [*command, *(args or [])],
            env=full_env, cwd=str(REPO), stdout=log, stderr=subprocess.STDOUT,
        )  # fmt: skip
    daemon = DaemonProcess(proc, data_dir, full_env, log_path=log_path)
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"daemon exited with {proc.returncode}:\n{daemon.output()}")
        info = daemon.info
        if info.get("pid") == proc.pid:
            daemon.port = int(info.get("port") or 0)
            with Client(data_dir=data_dir, timeout=2) as client:
                try:
                    if client.health().pid == proc.pid:
                        return daemon
                except ClientError:
                    pass
        time.sleep(0.05)
    daemon.stop()
    raise RuntimeError(f"daemon did not become healthy within {wait_s} s:\n{daemon.output()}")


class DaemonFactory:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.started: list[DaemonProcess] = []

    def start(self, data_dir: Path | None = None, **kw: Any) -> DaemonProcess:
        d = start_daemon(data_dir or self.root / f"data{len(self.started)}", **kw)
        self.started.append(d)
        return d

    def stop_all(self) -> None:
        for d in self.started:
            d.stop()


@pytest.fixture
def daemon_factory(tmp_path: Path) -> Iterator[DaemonFactory]:
    factory = DaemonFactory(tmp_path)
    yield factory
    factory.stop_all()


@pytest.fixture
def daemon(daemon_factory: DaemonFactory) -> DaemonProcess:
    return daemon_factory.start()


def wait_for(predicate: Any, timeout: float = 10.0, interval: float = 0.05, what: str = "condition") -> Any:
    """Poll ``predicate()`` until it returns something truthy; fail the test with ``what`` on timeout."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout} s waiting for {what}")
        time.sleep(interval)


def alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie does not count: its process group was killed, only reaping is left)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


class CliResult(NamedTuple):
    returncode: int
    stdout: str
    stderr: str


def cli_in_process(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str
) -> CliResult:
    """Run ``gpuaccel ARGS`` in this process against the daemon of ``data_dir``: (exit code, out, err).
    Cheaper than :meth:`DaemonProcess.cli`'s subprocess where many commands are checked."""
    from gpuaccel.app.cli import main

    monkeypatch.setenv("GPUACCEL_DATA_DIR", str(data_dir))
    capsys.readouterr()
    code = main(list(args))
    out = capsys.readouterr()
    return CliResult(code, out.out, out.err)
