"""Progress bars on long CLI work: drawn on a terminal (a real pseudo-terminal here), silent otherwise --
a pipe or a log gets the command's plain lines only."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest

from gpuaccel.app.commands import bars

REPO = Path(__file__).resolve().parents[2]

# wait_shown against a client whose job reports 50 % once, then ends
_WAIT = """
from types import SimpleNamespace as NS
from gpuaccel.app.commands.jobs import wait_shown

class Client:
    def wait(self, job_id, timeout=None, on_poll=None):
        on_poll(NS(id=job_id, state="queued", progress=None))
        running = NS(id=job_id, state="running", progress=NS(fraction=0.5, message=""))
        for _ in range(3):
            on_poll(running)
        return NS(id=job_id, state="succeeded")

print("ended", wait_shown(Client(), 7).state)
"""
_EACH = """
from gpuaccel.app.commands import bars
for i in bars.each([0, 1], "calibrate", unit="GPU"):
    bars.note(f"GPU {i} done")
"""


def _in_a_terminal(code: str) -> str:
    """Run ``code`` with stderr (and stdout) on a pseudo-terminal; everything it drew, as text."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))  # 100 columns, 24 rows
    env = {**os.environ, "PYTHONPATH": str(REPO / "src")}
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=slave, stderr=slave, env=env)
    os.close(slave)
    out = b""
    while True:
        ready, _, _ = select.select([master], [], [], 30)
        if not ready:
            break
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        out += chunk
    proc.wait(timeout=30)
    os.close(master)
    return out.decode(errors="replace")


def test_a_bar_is_drawn_on_a_terminal() -> None:
    drawn = _in_a_terminal(_EACH)
    assert "calibrate:" in drawn and "0/2" in drawn and "1/2" in drawn and "GPU/s" in drawn, drawn
    assert "GPU 0 done" in drawn and "GPU 1 done" in drawn
    waited = _in_a_terminal(_WAIT)
    assert "job 7 running" in waited and "50%" in waited and "ended succeeded" in waited, waited
    assert "job 7 queued (no progress reported), waited" in waited and " 0%" not in waited


def test_nothing_is_drawn_when_stderr_is_not_a_terminal(capsys: pytest.CaptureFixture[str]) -> None:
    assert list(bars.each(range(3), "history", unit="GPU")) == [0, 1, 2]
    with bars.bar(total=10, desc="download") as b:
        b.update(5)
    bars.note("a plain line")
    out = capsys.readouterr()
    assert out.err == "" and out.out == "a plain line\n"
    piped = subprocess.run(
        [sys.executable, "-c", _WAIT], capture_output=True, text=True, timeout=60,
        env={**os.environ, "PYTHONPATH": str(REPO / "src")},
    )  # fmt: skip
    assert piped.stdout == "ended succeeded\n" and piped.stderr == ""


def test_models_download_waits_for_the_end_and_says_how_it_went(capsys: pytest.CaptureFixture[str]) -> None:
    from gpuaccel.app.commands.assistant import follow_download

    class Client:
        def __init__(self, states: list[dict]) -> None:
            self.states = states

        def models(self) -> dict:
            return {"downloads": {"g1": self.states.pop(0) if len(self.states) > 1 else self.states[0]}}

    going = {"state": "downloading", "bytes": 2**20, "total": 2**21}
    done = {"state": "done", "sha256": "ab12", "path": "/m/g1.safetensors"}
    assert follow_download(Client([going, going, done]), "g1", poll_s=0) == 0
    assert capsys.readouterr().out == "download g1: done, verified (sha256 ab12): /m/g1.safetensors\n"
    failed = {"state": "failed", "error": "checksum mismatch"}
    assert follow_download(Client([going, failed]), "g1", poll_s=0) == 1
    assert "failed: checksum mismatch" in capsys.readouterr().out
