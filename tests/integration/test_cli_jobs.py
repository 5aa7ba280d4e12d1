"""The job CLI against a real daemon: submit, ls, show, logs, wait's exit code, cancel, retry, no daemon."""

from __future__ import annotations

import functools
import json
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from daemon_fixture import CliResult, DaemonProcess, cli_in_process, start_daemon, wait_for

from gpuaccel.app.cli import main
from gpuaccel.app.commands.jobs import parse_duration

Cli = Callable[..., CliResult]


@pytest.fixture
def cli(d: DaemonProcess, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Cli:
    """Run ``gpuaccel ARGS`` in-process against the daemon (a subprocess per call is slow on 2 cores)."""
    return functools.partial(cli_in_process, d.data_dir, monkeypatch, capsys)


@pytest.fixture(scope="module")
def d(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DaemonProcess]:
    daemon = start_daemon(tmp_path_factory.mktemp("cli") / "data", fake_nvml="no_gpus")
    yield daemon
    daemon.stop()


def test_submit_wait_logs_show_and_ls(cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    r = cli("submit", "command", "--label", "k=v", "--name", "greet", "--", "sh", "-c", "echo hi; exit 3")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("job ") and "queued (greet)" in r.stdout
    job_id = r.stdout.split()[1]
    wait = cli("wait", job_id)
    assert wait.returncode == 3 and "failed: exited with code 3: hi" in wait.stdout
    assert "hi" in cli("logs", job_id).stdout
    assert "hi" in cli("logs", "-f", job_id).stdout
    show = json.loads(cli("show", "--json", job_id).stdout)
    assert show["cwd"] == str(tmp_path) and show["labels"] == {"k": "v"} and show["events"]
    assert "exited with code 3" in cli("show", job_id).stdout
    listed = json.loads(cli("ls", "--json", "--label", "k=v").stdout)
    assert [j["id"] for j in listed["jobs"]] == [int(job_id)] and listed["truncated"] is False
    table = cli("ls", "--state", "failed").stdout
    assert "greet" in table and "STATE" in table and "more match" not in table
    cli("submit", "command", "--name", "second", "--", "true")
    cut = cli("ls", "-n", "1").stdout  # a listing cut short says so, and how to see the rest
    assert "second" in cut and "greet" not in cut
    assert cut.rstrip().endswith("(the newest 1 shown; more match: gpuaccel ls -n 4, or narrow with --state)")
    assert json.loads(cli("ls", "--json", "-n", "1").stdout)["truncated"] is True  # scripts are told too
    named = cli("ls", "--format", "id,state,name%8,exit", "--noheader").stdout.splitlines()
    assert named[1].split() == [job_id, "failed", "greet", "3"] and named[0].split()[2] == "second"
    assert "--limit must be from 1 to" in cli("ls", "-n", "0").stderr
    again = cli("retry", job_id)
    assert again.returncode == 0 and "queued again" in again.stdout


def test_submit_options_spec_and_cancel(cli: Cli) -> None:
    r = cli("submit", "--json", "command", "-p", "3", "--gpus", "1", "--memory", "100", "--retries", "2",
              "--timeout", "10m", "--env", "A=B", "--", "true")  # fmt: skip
    job = json.loads(r.stdout)
    assert (job["priority"], job["gpus"], job["memory_mib"], job["max_retries"], job["timeout_s"]) == (
        3, 1, 100, 2, 600.0,
    )  # fmt: skip
    assert job["env"] == {"A": "B"}
    dep = json.loads(cli("submit", "command", "--json", "--after", str(job["id"]), "true").stdout)
    assert dep["depends_on"] == [job["id"]] and dep["argv"] == ["true"]
    cancel = cli("cancel", str(job["id"]))
    assert cancel.returncode == 0 and "now cancelled" in cancel.stdout
    wait = cli("wait", str(dep["id"]))
    assert wait.returncode == 1 and f"dependency job {job['id']} cancelled" in wait.stdout
    bad = cli("submit", "matmul", "--set", "size=100")  # the daemon's 422 exits as the CLI's own refusals
    assert bad.returncode == 2 and "spec.size" in bad.stderr and "Traceback" not in bad.stderr
    assert cli("submit", "matmul", "--gpu-ids", "x").returncode == 2
    a, b = (json.loads(cli("submit", "command", "--json", "--hold", "--", "true").stdout)["id"] for _ in "ab")
    assert f"held: starts after gpuaccel release {a}" in cli("ls", "--state", "held").stdout
    several = cli("cancel", str(a), "999999", str(b))  # one unknown id does not keep the others
    assert several.returncode == 1 and several.stdout.count("now cancelled") == 2, several
    assert "999999: no job with id 999999" in several.stderr and "Traceback" not in several.stderr
    spec = cli("submit", "matmul", "--json", "--spec", '{"size": 128}', "--set", "duration_s=1")
    assert json.loads(spec.stdout)["spec"] == {"size": 128, "duration_s": 1, "dtype": "bf16"}
    assert cli("show", "999999").returncode == 1


def test_without_a_daemon_commands_say_how_to_start_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    r = subprocess.run(
        [sys.executable, "-m", "gpuaccel", "ls", "--data-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert r.stderr.strip() == (
        f"gpuaccel ls: no gpuaccel daemon is running for data dir {tmp_path}; "
        f"start one with: gpuaccel serve --data-dir {tmp_path}"
    )
    for args in (["submit", "command", "--", "true"], ["wait", "1"], ["logs", "-f", "1"], ["cancel", "1"]):
        assert main([*args[:1], "--data-dir", str(tmp_path), *args[1:]]) == 1
        assert "gpuaccel serve --data-dir" in capsys.readouterr().err


def test_parse_duration() -> None:
    assert [parse_duration(x) for x in ("90", "90s", "10m", "2h", "1d")] == [5400, 90, 600, 7200, 86400]


def test_a_shell_line_given_as_one_word_fails_with_a_sh_c_hint(cli: Cli) -> None:
    r = cli("submit", "command", "--", "echo hi; echo there")
    assert r.returncode == 0, r.stderr
    job_id = r.stdout.split()[1]
    wait = cli("wait", job_id)
    assert wait.returncode != 0
    assert "-- sh -c 'echo hi; echo there'" in wait.stdout, wait.stdout


def test_command_arguments_that_start_with_dashes(cli: Cli, tmp_path: Path) -> None:
    r = cli("submit", "command", "--", sys.executable, "-c", "import sys; print(sys.argv[1:])", "--lr", "3")
    assert r.returncode == 0, r.stderr
    job_id = r.stdout.split()[1]
    assert cli("wait", job_id).returncode == 0
    assert "['--lr', '3']" in cli("logs", job_id).stdout


def test_a_progress_message_without_a_fraction_is_shown_while_the_job_runs(cli: Cli, tmp_path: Path) -> None:
    """ls and show printed progress only with a fraction, so a cluster job's Ray state ('pending on the
    Ray cluster: ...', 'Ray cluster unreachable ...'), which docs/cluster.md says show prints, never was."""
    go = tmp_path / "go"
    report = (
        "import json, os, pathlib, time\n"
        "f = os.fdopen(int(os.environ['GPUACCEL_REPORT_FD']), 'w', buffering=1)\n"
        "f.write(json.dumps({'type': 'progress', 'message': 'warming up'}) + '\\n')\n"
        f"while not pathlib.Path({str(go)!r}).exists(): time.sleep(0.05)\n"
    )
    job_id = cli("submit", "--name", "warm", "--", sys.executable, "-c", report).stdout.split()[1]

    def shown() -> str | None:
        out = cli("show", job_id).stdout
        return out if "  progress        warming up" in out else None  # (the command also says it)

    assert "  progress        warming up" in wait_for(shown, what="the progress message")
    assert "warming up" in next(ln for ln in cli("ls").stdout.splitlines() if "warm " in ln)
    go.touch()
    assert cli("wait", job_id).returncode == 0
    assert "  progress" not in cli("show", job_id).stdout  # it said how far a running job was; no more


def test_show_prints_a_named_job_s_command(cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``show`` printed the name of a named job and nowhere its command."""
    monkeypatch.chdir(tmp_path)
    r = cli("submit", "command", "--name", "greet", "--hold", "--", "sh", "-c", "echo 'a b'; exit 0")
    job_id = r.stdout.split()[1]
    out = cli("show", job_id).stdout
    assert out.startswith(f"job {job_id}: greet")
    assert "  command         sh -c 'echo '\"'\"'a b'\"'\"'; exit 0'" in out  # pastes into a shell
    cli("cancel", job_id)


def test_a_command_without_dashes_gets_the_line_to_use(cli: Cli) -> None:
    """``submit "sleep 20"`` and ``submit python train.py`` got an unknown-kind error and no hint."""
    r = cli("submit", "sleep 20; echo done")
    assert r.returncode == 2
    assert "'sleep 20; echo done' is not a job kind" in r.stderr
    assert "gpuaccel submit -- sh -c 'sleep 20; echo done'" in r.stderr
    r = cli("submit", "sleep 20")
    assert r.returncode == 2 and "gpuaccel submit -- sleep 20" in r.stderr
    r = cli("submit", "python", "train.py")  # a kind the daemon does not know: its words, then the hint
    assert r.returncode == 2 and "unknown workload kind 'python'" in r.stderr
    assert r.stderr.rstrip().endswith("to run a command, put it after --: gpuaccel submit -- python train.py")


def test_ls_filters_by_group_name_where_and_since(cli: Cli) -> None:
    """squeue's and pueue's habits: --group, --name (a glob), --where and --since, applied by the daemon
    before the limit (a filter after it would miss older matches)."""
    assert cli("group", "add", "night").returncode == 0
    ids = {}
    for name, group in (("train-a", "night"), ("train-b", "default"), ("eval", "night")):
        r = cli("submit", "--json", "--hold", "--group", group, "--name", name, "--", "true")
        ids[name] = json.loads(r.stdout)["id"]

    def listed(*args: str) -> set[int]:
        r = cli("ls", "--json", *args)
        assert r.returncode == 0, r.stderr
        return {j["id"] for j in json.loads(r.stdout)["jobs"]} & set(ids.values())

    assert listed("--group", "night") == {ids["train-a"], ids["eval"]}
    assert listed("--name", "train-*") == {ids["train-a"], ids["train-b"]}
    assert listed("--name", "eval", "--group", "night") == {ids["eval"]}
    assert listed("--where", "local", "--since", "10m") == set(ids.values())
    assert listed("--since", "2000-01-01T00:00") == set(ids.values())
    assert listed("--where", "ray") == set()
    assert listed("--name", "train-*", "-n", "1") == {ids["train-b"]}  # newest match, not newest job
    bad = cli("ls", "--group", "no such")
    assert bad.returncode == 2 and "group" in bad.stderr
    for job_id in ids.values():
        cli("cancel", str(job_id))
