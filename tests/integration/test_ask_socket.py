"""``gpuaccel ask`` against a local daemon goes over its Unix socket with the standard library, loading
neither httpx nor pydantic (they cost about 0.6 s of CPU per question); given a URL it uses the full
client; errors read and exit the same either way."""

from __future__ import annotations

import os
import re
import subprocess
import sys

from daemon_fixture import REPO, DaemonProcess

HEAVY = ("httpx", "pydantic")
_ASK = f"""import sys
from gpuaccel.app.cli import main
code = main(["ask", *sys.argv[1:]])
print("LOADED", sorted(m for m in {HEAVY!r} if m in sys.modules), file=sys.stderr)
sys.exit(code)
"""


def _ask(d: DaemonProcess, *args: str | bytes, **env: str) -> tuple[int, str, str, list[str]]:
    """Exit code, stdout, stderr and the heavy modules the asking process loaded."""
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("GPUACCEL_")}
    full_env.update(PYTHONPATH=str(REPO / "src"), GPUACCEL_DATA_DIR=str(d.data_dir), **env)
    done = subprocess.run([sys.executable, "-c", _ASK, *args], env=full_env, capture_output=True, timeout=120)
    out, err = done.stdout.decode(), done.stderr.decode()
    loaded = re.search(r"LOADED \[(.*)\]", err)
    assert loaded, err[-2000:]
    return done.returncode, out, err, re.findall(r"'(\w+)'", loaded.group(1))


def test_ask_over_the_socket_loads_no_httpx_or_pydantic_and_keeps_the_conversation(
    daemon: DaemonProcess,
) -> None:
    code, out, err, heavy = _ask(daemon, "how hot is GPU 0?")
    assert code == 0 and heavy == [], (out, err, heavy)
    assert re.search(r"GPU 0 is \d+ °C", out), out
    conversation = re.search(r"\[conversation (\d+), \w+\]\n$", out)
    assert conversation, out
    code, out, err, heavy = _ask(daemon, "--conversation", conversation.group(1), "and GPU 1?")
    assert code == 0 and heavy == [] and f"[conversation {conversation.group(1)}, " in out, (out, err)


def test_ask_by_url_uses_the_full_client_and_answers_the_same(daemon: DaemonProcess) -> None:
    code, out, err, heavy = _ask(
        daemon, "how hot is GPU 0?", GPUACCEL_URL=daemon.url, GPUACCEL_TOKEN=daemon.token
    )
    assert code == 0 and "httpx" in heavy and re.search(r"GPU 0 is \d+ °C", out), (out, err)


def test_ask_errors_are_worded_and_exit_as_the_full_clients(daemon: DaemonProcess) -> None:
    code, out, err, heavy = _ask(daemon, b"bad \xff byte")  # argv bytes that are not UTF-8
    assert code == 1 and heavy == [], (out, err)
    assert "gpuaccel ask: request.message holds bytes that are not valid UTF-8" in err, err
    token = daemon.data_dir / "token"
    kept = token.read_text()
    token.write_text("not-the-token\n")
    code, out, err, heavy = _ask(daemon, "how hot is GPU 0?")
    assert code == 1 and f"rejected the token (from {token})" in err, err
    token.write_text(kept)
    daemon.kill9()  # daemon.json stays behind, naming a socket nobody listens on
    code, out, err, heavy = _ask(daemon, "how hot is GPU 0?")
    assert code == 1 and "gpuaccel ask: no gpuaccel daemon answers at unix:" in err, err
    assert "which may have crashed" in err, err
