"""``gpuaccel submit``'s command line: what reaches the daemon for the README's forms and awkward argv."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from gpuaccel.api.jobs import Job, JobState
from gpuaccel.api.request import JobRequest
from gpuaccel.app.cli import main
from gpuaccel.app.client import Client


@pytest.fixture
def sent(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> list[dict[str, Any]]:
    """The requests ``submit`` would send, answered as the daemon would (no daemon needed)."""
    requests: list[dict[str, Any]] = []

    def submit(self: Client, kind: str, idempotency_key: str | None = None, **fields: Any) -> Job:
        requests.append({"kind": kind, **fields})
        request = JobRequest(kind=kind, **fields).model_dump()
        return Job(id=len(requests), state=JobState.QUEUED, assigned_gpus=[], attempt=0, created_at=0.0,
                   started_at=None, finished_at=None, exit_code=None, reason=None, waiting_reason=None,
                   progress=None, result=None, **{**request, "gpus": request["gpus"] or 0})  # fmt: skip

    monkeypatch.setattr(Client, "submit", submit)
    monkeypatch.setenv("GPUACCEL_DATA_DIR", str(tmp_path))
    return requests


@pytest.mark.parametrize(
    ("args", "argv"),
    [
        (["--", "python", "train.py"], ["python", "train.py"]),
        (["--", "sh", "-c", "echo a; echo b"], ["sh", "-c", "echo a; echo b"]),
        (["--", "python", "-u", "x.py", "--lr", "3"], ["python", "-u", "x.py", "--lr", "3"]),
        (["--gpus", "1", "--", "python", "-u", "x.py", "--lr", "3"], ["python", "-u", "x.py", "--lr", "3"]),
        (["--", "prog", "--", "--gpus", "2"], ["prog", "--", "--gpus", "2"]),
        (["python", "train.py"], ["python", "train.py"]),
    ],
)
def test_command_argv_reaches_the_daemon_as_typed(
    sent: list[dict[str, Any]], args: list[str], argv: list[str]
) -> None:
    assert main(["submit", "command", *args]) == 0
    assert sent[-1]["argv"] == argv
    assert sent[-1].get("gpus") in (None, 1)


def test_options_before_kind_and_after_it(sent: list[dict[str, Any]]) -> None:
    assert main(["submit", "--gpus", "2", "command", "--memory", "100", "--", "true"]) == 0
    assert (sent[-1]["gpus"], sent[-1]["memory_mib"], sent[-1]["argv"]) == (2, 100, ["true"])
    assert main(["submit", "matmul", "--gpus", "1", "--set", "duration_s=30"]) == 0
    assert sent[-1]["kind"] == "matmul" and sent[-1]["spec"] == {"duration_s": 30}


def test_an_option_of_the_command_without_dashdash_is_a_usage_error(
    sent: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["submit", "command", "python", "-u", "x.py"]) == 2
    assert "-u" in capsys.readouterr().err and not sent


def test_submit_without_kind_names_it(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["submit"])
    assert exc.value.code == 2 and "KIND" in capsys.readouterr().err


def test_non_utf8_argument_is_refused_with_a_message(
    sent: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    word = b"caf\xe9.py".decode("utf-8", "surrogateescape")  # how the OS hands over a latin-1 name
    assert main(["submit", "command", "--", "python", word]) == 2
    err = capsys.readouterr().err
    assert "argument 2" in err and "not valid UTF-8" in err and "caf\\xe9" in err and not sent


def test_non_utf8_option_value_is_refused_by_the_client(
    sent: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.undo()  # the real Client: it refuses before anything is sent (no daemon runs here)
    label = b"k=\xff".decode("utf-8", "surrogateescape")
    monkeypatch.setenv("GPUACCEL_URL", "http://127.0.0.1:9")
    monkeypatch.setenv("GPUACCEL_TOKEN", "t")
    assert main(["submit", "command", "--label", label, "--", "true"]) == 1
    err = capsys.readouterr().err
    assert "request.labels.k" in err and "not valid UTF-8" in err


def test_non_utf8_argv_from_the_os_gives_no_traceback(tmp_path: Any) -> None:
    """Through a real process: the bytes come from the OS, not from a Python string."""
    env = {"GPUACCEL_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin", "PYTHONPATH": ":".join(sys.path)}
    r = subprocess.run(
        [sys.executable, "-m", "gpuaccel", "submit", "command", "--", "python", b"caf\xe9.py"],
        capture_output=True,
        env=env,
        timeout=60,
    )
    assert r.returncode == 2 and b"Traceback" not in r.stderr and b"not valid UTF-8" in r.stderr


def test_ls_into_a_closed_pipe_ends_quietly(tmp_path: Any) -> None:
    """``gpuaccel ls | head``: the reader leaves early; no BrokenPipeError traceback."""
    code = (
        "import sys, gpuaccel.app.cli as cli\n"
        "from gpuaccel.app.commands import jobs\n"
        "jobs.cmd_ls = lambda args, client: [print('row', i) for i in range(100000)] and 0\n"
        "sys.exit(cli.main(['ls']))\n"
    )
    env = {"GPUACCEL_DATA_DIR": str(tmp_path), "PATH": "/usr/bin:/bin", "PYTHONPATH": ":".join(sys.path)}
    r = subprocess.run(
        f'{sys.executable} -c "$CODE" | head -n 1',
        shell=True,
        capture_output=True,
        env={**env, "CODE": code},
        timeout=60,
    )
    assert r.stdout == b"row 0\n" and b"Traceback" not in r.stderr and b"BrokenPipe" not in r.stderr
