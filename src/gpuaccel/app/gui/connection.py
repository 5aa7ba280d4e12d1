"""Which daemon to talk to, and starting a local one when none runs.

A local daemon is found through its data dir (``daemon.json`` for the address, ``token`` for the
token), re-read by :class:`app.client.Client` at every reconnect because a restarted daemon may listen
on another port. A remote daemon is an address and token from the settings. The functions here do file
or network work, so they run on the API worker's thread, never on the GUI thread.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from dataclasses import dataclass
from urllib.parse import urlsplit

import httpx

from gpuaccel.app import service_unit
from gpuaccel.app.client import ApiError, Client, ClientError, Unauthorized
from gpuaccel.scheduler.paths import DataDir


@dataclass(frozen=True)
class Endpoint:
    """What the user chose: the local daemon of a data dir, or a remote address with its token."""

    url: str = ""
    token: str = ""
    data_dir: str | None = None

    @property
    def remote(self) -> bool:
        return bool(self.url.strip())

    def normalized(self) -> Endpoint:
        url = self.url.strip().rstrip("/")
        if url and "://" not in url:
            url = "http://" + url
        return Endpoint(url, self.token.strip(), self.data_dir)

    def problem(self) -> str | None:
        """Why the address can never reach a daemon (a typo the window would otherwise retry every
        second), or None when it is well formed."""
        if not self.remote:
            return None
        url, typed = self.normalized().url, self.url.strip()
        if any(c.isspace() for c in url):
            return f"{typed!r} has a space in it; give the address as http://host:8765 or host:8765"
        try:
            parts = urlsplit(url)
            port = parts.port
        except ValueError as exc:  # a port out of range or not a number, a broken [IPv6] literal
            return f"{typed!r} is not an address: {exc}"
        if parts.scheme not in ("http", "https"):
            return f"{typed!r}: the daemon speaks http:// or https://, not {parts.scheme}://"
        if not parts.hostname:
            return f"{typed!r} names no host; give it as http://host:8765 or host:8765"
        if port == 0:
            return f"{typed!r}: port 0 is not a port a daemon listens on"
        return None

    def describe(self) -> str:
        if self.remote:
            return self.url
        return f"the local daemon ({DataDir.resolve(self.data_dir).root})"


def local_daemon_alive(endpoint: Endpoint, timeout: float = 1.0) -> bool:
    """True when the data dir names a daemon that answers /health (any HTTP answer counts)."""
    client = Client(data_dir=endpoint.data_dir, timeout=timeout)
    try:
        client.health()
    except (Unauthorized, ApiError):
        return True  # something answered: a daemon runs, even if it wants another token
    except (ClientError, httpx.HTTPError):
        return False
    finally:
        client.close()
    return True


def spawn_local_daemon(endpoint: Endpoint, env: dict[str, str] | None = None) -> str:
    """Start the local daemon; returns where its log is, so messages can point to it.

    The installed systemd user service (``gpuaccel service install``) serves the default data dir, so for
    that one the service is started (logs in journald); otherwise ``python -m gpuaccel serve`` runs detached
    (its own session, so it outlives the window) with its output in ``daemon.log`` in the data dir.
    While the app runs, a reaper thread waits for a daemon it forked, so one that stops leaves no zombie
    behind (after the app exits, init adopts it).
    """
    if endpoint.data_dir is None and not env and service_unit.installed():
        started = service_unit.systemctl("start", "--no-block", service_unit.UNIT_NAME)
        if started.returncode == 0:
            return f"journalctl --user -u {service_unit.UNIT_NAME}"
    data = DataDir.resolve(endpoint.data_dir)
    data.ensure()
    log_path = data.root / "daemon.log"
    cmd = [sys.executable, "-m", "gpuaccel", "serve"]
    if endpoint.data_dir:
        cmd += ["--data-dir", str(data.root)]
    with os.fdopen(os.open(log_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600), "ab") as log:
        proc = subprocess.Popen(
            cmd,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            close_fds=True,
            env={**os.environ, **(env or {})},
        )
    threading.Thread(target=proc.wait, name=f"reap-daemon-{proc.pid}", daemon=True).start()
    return str(log_path)
