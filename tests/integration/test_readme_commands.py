"""Every command line of the README's "Use" section, run as written against a daemon on the fake backend.

Placeholders become real values (``ID`` a job id), ``a | b`` lists are run one by one, ``[--opt]`` once
without and once with each option, and the endless forms are bounded (``--watch --count 2``; ``serve`` on a
free port, stopped by SIGTERM). GPU workloads are submitted, then cancelled: the fake backend has no GPU
for torch. A line that needs a CUDA GPU here must say so plainly instead of failing.
"""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from daemon_fixture import REPO, DaemonFactory, DaemonProcess, wait_for

from gpuaccel.app.cli import main
from gpuaccel.app.client import ApiError

NEEDS_CUDA = ("calibrate", "bench")
TRAIN_PY = "import sys\nprint('epoch 1 of 1, loss 0.5', sys.argv[1:])\n"


def readme_commands() -> list[list[str]]:
    """The ``gpuaccel`` command lines of the Use section's code block, each as its argv (without gpuaccel)."""
    text = (REPO / "README.md").read_text()
    section = text.split("\n## Use\n", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block, "the README's Use section has no sh code block"
    commands: list[list[str]] = []
    for line in block.group(1).splitlines():
        words = shlex.split(line, comments=True)
        if not words or words[0] != "gpuaccel":
            continue
        alternatives: list[list[str]] = [[]]
        for word in words[1:]:
            if word == "|":
                alternatives.append([])
            else:
                alternatives[-1].append(word)
        for alt in alternatives:
            optional = [w for w in alt if w.startswith("[") and w.endswith("]")]
            plain = [w for w in alt if w not in optional]
            commands.append(plain)
            commands.extend([*plain, w[1:-1]] for w in optional)
    return commands


def test_the_readme_lists_the_commands_it_should() -> None:
    firsts = {argv[0] for argv in readme_commands()}
    expected = {"status", "calibrate", "serve", "submit", "ls", "show", "logs", "cancel", "retry", "wait"}
    assert expected | {"bench", "ask", "report", "models", "cleanup"} <= firsts


@pytest.fixture
def d(daemon_factory: DaemonFactory, tmp_path: Path) -> DaemonProcess:
    bin_dir = tmp_path / "bin"  # `python train.py` must find a python on the daemon's PATH
    bin_dir.mkdir()
    (bin_dir / "python").symlink_to(sys.executable)
    env = {"PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}"}
    return daemon_factory.start(fake_nvml="eight_gpus", env=env)


def _serve(argv: list[str], tmp_path: Path) -> tuple[int, str]:
    data = tmp_path / "serve-data"
    env = {**os.environ, "GPUACCEL_FAKE_NVML": "no_gpus", "GPUACCEL_CONFIG_DIR": str(data / "config")}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO / "src"), env.get("PYTHONPATH")]))
    cmd = [sys.executable, "-m", "gpuaccel", *argv, "--port", "0", "--data-dir", str(data)]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        wait_for(lambda: (data / "daemon.json").exists(), timeout=60, what="serve's daemon.json")
        time.sleep(0.5)
    finally:
        proc.send_signal(signal.SIGTERM)
        out, _ = proc.communicate(timeout=60)
    return proc.returncode, out.decode(errors="replace")


def test_every_use_line_runs(
    d: DaemonProcess,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    work = tmp_path / "work"
    work.mkdir()
    (work / "train.py").write_text(TRAIN_PY)
    monkeypatch.chdir(work)
    monkeypatch.setenv("GPUACCEL_DATA_DIR", str(d.data_dir))
    monkeypatch.setenv("GPUACCEL_FAKE_NVML", "eight_gpus")  # status reads NVML itself
    monkeypatch.setenv("GPUACCEL_CONFIG_DIR", str(tmp_path / "config"))
    client = d.client()
    command_job: int | None = None
    for argv in readme_commands():
        name = argv[0]
        if "ID" in argv:
            assert command_job is not None, "a line names ID before any command job was submitted"
            if name == "cancel":  # a job that is still running, so cancelling it is allowed
                target = client.submit("command", argv=["sleep", "30"], cwd=str(work)).id
            else:
                target = command_job
                if name in ("show", "logs", "retry"):
                    client.wait(command_job, timeout=60)
            argv = [str(target) if w == "ID" else w for w in argv]
        if name == "status" and "--watch" in argv:
            argv += ["--count", "2", "--interval", "0.1"]
        if name == "bench":
            argv += ["--out", str(tmp_path / "bench")]
        if name == "serve":
            code, out = _serve(argv, tmp_path)
            assert code == 0 and "Traceback" not in out, out
            continue
        capsys.readouterr()
        code = main(argv)
        out = capsys.readouterr()
        shown = f"gpuaccel {shlex.join(argv)} -> {code}\n{out.out[-2000:]}\n{out.err[-2000:]}"
        assert "Traceback" not in out.out + out.err, shown
        if name == "top":  # a terminal program: tests/integration/test_tui_pty.py runs it in a pty
            assert code == 2 and "needs a terminal" in out.err, shown
            continue
        if name in NEEDS_CUDA and "needs a CUDA GPU" in out.out + out.err:
            continue  # no CUDA here: said plainly (checked above: no traceback)
        assert code == 0, shown
        if name == "submit":
            job_id = int(out.out.split()[1])
            if argv[1] == "command":
                command_job = job_id
            else:  # a GPU workload: torch has no GPU on the fake backend
                try:
                    client.cancel(job_id)
                except ApiError as exc:
                    assert exc.status == 409, exc  # it already ended
    final = client.get_job(command_job)
    assert final.state == "succeeded", final
    assert "epoch 1 of 1" in client.log(command_job)
