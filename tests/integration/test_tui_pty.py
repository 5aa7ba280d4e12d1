"""gpuaccel top in a real pseudo-terminal (pexpect), its screen read back through a terminal emulator
(pyte): the first screen against the daemon and without one, sorting, the filter, a real process killed
after the confirmation, and a resize."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from daemon_fixture import DaemonProcess, alive

pexpect = pytest.importorskip("pexpect")
pyte = pytest.importorskip("pyte")

REPO = Path(__file__).resolve().parents[2]
# The local source with one real process (a child of the test) shown on GPU 0 of the fake backend, so the
# kill path runs to the end: confirmation, identity check, signal.
HARNESS = """
import sys
from gpuaccel.app.tui.screen import run
from gpuaccel.app.tui.sources import LocalSource
src = LocalSource("two_gpus")
src.sampler.backend.add_process(0, int(sys.argv[1]), "sleeper", 2048.0)
sys.exit(run(src, 0.3))
"""


class Term:
    """A program in a pty of ``cols`` x ``rows``, its output fed to a pyte screen."""

    def __init__(self, argv: list[str], env: dict[str, str], cols: int = 80, rows: int = 24) -> None:
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.child = pexpect.spawn(argv[0], argv[1:], env=env, dimensions=(rows, cols), cwd=str(REPO))

    def pump(self) -> None:
        while True:
            try:
                self.stream.feed(self.child.read_nonblocking(65536, timeout=0.05))
            except (pexpect.TIMEOUT, pexpect.EOF):
                return

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    def wait(self, check: Callable[[str], bool] | str, timeout: float = 20.0) -> str:
        test = (lambda t: check in t) if isinstance(check, str) else check
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.pump()
            if test(self.text()):
                return self.text()
            if not self.child.isalive():
                break
        raise AssertionError(f"screen never showed {check!r}; it shows:\n{self.text()}")

    def send(self, keys: str) -> None:
        self.child.send(keys)

    def resize(self, cols: int, rows: int) -> None:
        self.screen.resize(rows, cols)
        self.child.setwinsize(rows, cols)

    def close(self) -> int | None:
        """Quit with "q"; None when the screen did not end within 30 s (then it is killed, so a failure
        raised before this, in the test's body, is the one reported, not a second timeout here)."""
        if self.child.isalive():
            self.send("q")
            try:
                self.child.expect(pexpect.EOF, timeout=30)  # a busy machine: quitting joins the sampler
            except pexpect.TIMEOUT:
                self.child.terminate(force=True)
                return None
        self.child.close()
        return self.child.exitstatus


def _env(**extra: str) -> dict[str, str]:
    # an exported COLUMNS/LINES (pytest-xdist's workers export 80x24, as many shells do) must not pin the
    # size: the resize test below runs with them set
    env = {k: v for k, v in os.environ.items() if not k.startswith("GPUACCEL_")} | {
        "COLUMNS": "80",
        "LINES": "24",
    }
    return {**env, "PYTHONPATH": str(REPO / "src"), "TERM": "xterm-256color", "LANG": "C.UTF-8", **extra}


def test_top_against_the_daemon_shows_gpus_processes_and_sorts(daemon: DaemonProcess) -> None:
    env = _env(GPUACCEL_DATA_DIR=str(daemon.data_dir))
    term = Term([sys.executable, "-m", "gpuaccel", "top", "--interval", "0.3"], env)
    try:
        text = term.wait("fake-trainer (simulated)")
        assert "daemon · fake:two_gpus: SIMULATED GPUs" in text
        assert "GPU 0 H100 80GB HBM3" in text and "GPU 1 RTX 4090" in text and "est." in text
        rows = [ln for ln in text.splitlines() if "(simulated)" in ln]
        assert [r.split()[0] for r in rows] == ["4242", "1717"]  # by GPU
        term.send(".")  # sort by pid
        text = term.wait(lambda t: "PID▲" in t)
        rows = [ln for ln in text.splitlines() if "(simulated)" in ln]
        assert [r.split()[0] for r in rows] == ["1717", "4242"]
        term.send("/Xorg\r")
        text = term.wait(lambda t: "fake-trainer" not in t and "/Xorg 1/2" in t)
        term.send("K")  # a simulated process cannot be signalled: said, nothing asked
        term.wait("cannot be signalled from here: simulated process")
    finally:
        assert term.close() == 0


def test_kill_with_confirmation_and_resize_without_a_daemon(
    tmp_path: Path, child: subprocess.Popen[bytes]
) -> None:
    env = _env(GPUACCEL_DATA_DIR=str(tmp_path / "no-daemon"))
    term = Term([sys.executable, "-c", HARNESS, str(child.pid)], env, 80, 24)
    try:
        text = term.wait(lambda t: f" {child.pid} " in t)
        assert "NVML (no daemon running)" in text
        row = next(ln for ln in text.splitlines() if ln.lstrip().startswith(f"{child.pid} "))
        assert (
            "2048MiB" in row and " - " in row and "python -c 'import sys" in row
        )  # no queue job without a daemon
        # the simulated trainer, selected by the filter (the rows' order follows the pids, and our child's
        # may be lower than the trainer's 4242): refused, saying why
        term.send("/fake-trainer\r")
        term.wait(lambda t: "/fake-trainer" in t and f" {child.pid} " not in t)
        term.send("T")
        term.wait("cannot be signalled from here")
        term.send("\x1b")  # Esc clears the filter
        term.wait("filter cleared")
        term.send("/sleep\r")  # the filter leaves our child alone, selected
        term.wait("/sleep 1/3")
        term.send("T")
        term.wait(f"Send SIGTERM to pid {child.pid}")
        term.send("n")
        term.wait("nothing sent")
        assert child.poll() is None
        term.send("T")
        term.wait(f"Send SIGTERM to pid {child.pid}")
        term.send("y")
        term.wait(f"SIGTERM sent to pid {child.pid}")
        assert child.wait(timeout=10) == -15
        term.resize(120, 40)
        text = term.wait(lambda t: any(len(ln) > 80 for ln in t.splitlines()) and "TENSOR" in t)
        assert "TENSOR" in text and "TF/s" in text  # the wide layout: activity line with sparklines
        term.resize(60, 15)
        term.wait(lambda t: all(len(ln) <= 60 for ln in t.splitlines()) and "GPU" in t)
    finally:
        code = term.close()
        if alive(child.pid):
            child.kill()
        child.wait()
    assert code == 0, f"exit status {code} (None: it did not quit on q within 30 s)"
