"""What a user meets at the queue's edges, against a real daemon: scripts parsing ``--json``, wrong input
said in words (never a regex, a traceback or a job that can only fail), logs that read right after a
retry, and a data dir that is not a directory."""

from __future__ import annotations

import functools
import json
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest
from daemon_fixture import CliResult, DaemonProcess, cli_in_process, start_daemon, wait_for

from gpuaccel.app.cli import main

Cli = Callable[..., CliResult]


@pytest.fixture(scope="module")
def d(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DaemonProcess]:
    daemon = start_daemon(tmp_path_factory.mktemp("edges") / "data", fake_nvml="no_gpus")
    yield daemon
    daemon.stop()


@pytest.fixture
def cli(d: DaemonProcess, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Cli:
    return functools.partial(cli_in_process, d.data_dir, monkeypatch, capsys)


def api(d: DaemonProcess, method: str, path: str, **kw: object) -> httpx.Response:
    headers = {"Authorization": f"Bearer {d.token}"}
    return httpx.request(method, f"{d.url}/api/v1{path}", headers=headers, timeout=10, **kw)  # type: ignore[arg-type]


def job_ids(cli: Cli) -> list[int]:
    return [j["id"] for j in json.loads(cli("ls", "--json", "-n", "9999").stdout)["jobs"]]


def test_cancel_of_several_jobs_prints_one_json_document(cli: Cli) -> None:
    """``cancel A B --json`` printed one JSON object per job back to back: no JSON parser reads that."""
    a, b = (json.loads(cli("submit", "--json", "--hold", "--", "true").stdout)["id"] for _ in "ab")
    r = cli("cancel", "--json", str(a), str(b), "999999")
    assert r.returncode == 1 and "999999: no job with id 999999" in r.stderr
    out = json.loads(r.stdout)
    assert [(j["id"], j["state"]) for j in out] == [(a, "cancelled"), (b, "cancelled")]
    c = json.loads(cli("submit", "--json", "--hold", "--", "true").stdout)["id"]
    assert json.loads(cli("cancel", "--json", str(c)).stdout)["id"] == c  # one id: the job itself


def test_a_blank_program_is_refused_at_submit_and_nothing_is_stored(d: DaemonProcess, cli: Cli) -> None:
    """``argv: [""]`` was queued, then failed at start with "could not start ''"."""
    before = job_ids(cli)
    for argv in ([""], ["   ", "x"]):
        r = api(d, "POST", "/jobs", json={"kind": "command", "argv": argv})
        assert r.status_code == 422, r.text
        assert r.json()["detail"][0]["loc"] == ["body", "argv", "0"]
        assert "the program to run is blank" in r.json()["detail"][0]["msg"]
    r = cli("submit", "--", "")
    assert r.returncode == 2 and "argv.0: the program to run is blank" in r.stderr
    assert job_ids(cli) == before


def test_a_value_outside_a_pattern_is_told_what_is_accepted_in_words(d: DaemonProcess, cli: Cli) -> None:
    """The 422 quoted the regex: "String should match pattern '^(queued|retrying|...)(,(...))*$'"."""
    r = api(d, "GET", "/jobs", params={"state": "Running"})
    msg = r.json()["detail"][0]["msg"]
    assert r.status_code == 422 and "pattern" not in msg
    assert msg.startswith("must be a comma list of job states: queued, retrying") and "got 'Running'" in msg
    r = api(d, "POST", "/groups", json={"name": "night shift"})
    assert r.status_code == 422 and "must be a group name: 1 to 64 letters" in r.json()["detail"][0]["msg"]
    huge = api(d, "GET", "/jobs", params={"state": "x" * 5000}).json()["detail"][0]["msg"]
    assert "xxxx" not in huge  # a long refused value is not echoed back
    sub = cli("submit", "--group", "bad name", "--", "true")
    assert sub.returncode == 2 and "group: must be a group name" in sub.stderr and "^[" not in sub.stderr


def test_ls_reads_states_as_meant_and_names_a_wrong_one(cli: Cli) -> None:
    held = json.loads(cli("submit", "--json", "--hold", "--name", "kept", "--", "true").stdout)["id"]
    r = cli("ls", "--state", "Held, queued")
    assert r.returncode == 0 and "kept" in r.stdout, r
    bad = cli("ls", "--state", "hold")
    assert bad.returncode == 2 and bad.stderr.strip() == (
        "gpuaccel ls: --state 'hold' is not a job state; give a comma list of: queued, retrying, held, "
        "running, paused, succeeded, failed, cancelled"
    )
    cli("cancel", str(held))


def test_wait_takes_a_duration_and_refuses_what_is_not_one(cli: Cli) -> None:
    """``wait --timeout nan`` waited forever and ``--timeout -1`` said "still running after -1 s"."""
    job = json.loads(cli("submit", "--json", "--", "sleep", "30").stdout)["id"]
    for bad in ("nan", "-1", "soon"):
        r = cli("wait", str(job), "--timeout", bad)
        assert r.returncode == 2 and f"--timeout '{bad}': use MM (a bare number is minutes" in r.stderr, r
    r = cli("wait", str(job), "--timeout", "0.3s")
    assert r.returncode == 124 and "still" in r.stderr
    cli("cancel", str(job))


def test_a_retried_attempt_starts_its_log_on_a_new_line_and_its_reason_is_plain(cli: Cli) -> None:
    """An attempt whose output ended without a newline had the next attempt's header glued to it
    ("no newline=== job 5 attempt 2 ..."), and a coloured last line left escape codes in the reason."""
    script = r'printf "\033[31mbroken\033[0m"; exit 4'
    job = json.loads(cli("submit", "--json", "--retries", "1", "--", "sh", "-c", script).stdout)["id"]
    assert cli("wait", str(job)).returncode == 4
    log = cli("logs", str(job)).stdout
    headers = [ln for ln in log.splitlines() if "=== job" in ln]
    assert [h.startswith(f"=== job {job} attempt {n} ") for n, h in enumerate(headers, 1)] == [True, True]
    assert "broken\x1b[0m\n=== job" in log
    shown = json.loads(cli("show", "--json", str(job)).stdout)
    assert shown["reason"] == "exited with code 4: broken"
    row = next(ln for ln in cli("ls").stdout.splitlines() if ln.split()[:1] == [str(job)])
    assert row.isprintable() and row.endswith("exited with code 4: broken")


def test_a_data_dir_that_is_a_file_is_said_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file given as the data dir ended ``ls`` and ``serve`` with a NotADirectoryError traceback."""
    not_dir = tmp_path / "file"
    not_dir.write_text("x")
    assert main(["ls", "--data-dir", str(not_dir)]) == 1
    assert (
        capsys.readouterr().err.strip()
        == f"gpuaccel ls: the data dir {not_dir} is not a directory; name a directory"
    )
    corrupt = tmp_path / "corrupt"
    corrupt.mkdir()
    (corrupt / "daemon.json").write_bytes(b"\xff\xfe{")  # not even UTF-8
    assert main(["ls", "--data-dir", str(corrupt)]) == 1
    assert "no gpuaccel daemon is running for data dir" in capsys.readouterr().err
    serve = subprocess.run(
        [sys.executable, "-m", "gpuaccel", "serve", "--data-dir", str(not_dir)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert serve.returncode == 1 and "Traceback" not in serve.stderr, serve.stderr
    assert f"cannot use {not_dir} as the data dir: it is not a directory" in serve.stderr


def test_show_leaves_out_what_never_happened(cli: Cli) -> None:
    job = json.loads(cli("submit", "--json", "--", "true").stdout)["id"]
    wait_for(lambda: cli("wait", str(job)).returncode == 0, what="the job")
    assert "paused_s" not in cli("show", str(job)).stdout  # never paused


def test_an_array_cut_by_the_listing_limit_is_counted_whole(cli: Cli) -> None:
    """``ls -n 3`` showing two of an array's four elements said "array N: 2 held", as if that were all."""
    first = json.loads(cli("submit", "--json", "--hold", "--array", "0-3", "--", "true").stdout)["id"]
    last = json.loads(cli("submit", "--json", "--hold", "--", "true").stdout)["id"]
    out = cli("ls", "-n", "3").stdout
    assert f"array {first}: 4 held (2 of its 4 elements shown)" in out, out
    full = cli("ls", "-n", "5").stdout
    assert f"array {first}: 4 held\n" in full, full
    cli("cancel", str(first), str(last))


def test_logs_of_a_job_without_output_say_why_on_stderr(cli: Cli) -> None:
    """``logs`` of a job that never started printed nothing at all, which reads as a lost log."""
    held = json.loads(cli("submit", "--json", "--hold", "--", "true").stdout)["id"]
    r = cli("logs", str(held))
    assert (r.returncode, r.stdout) == (0, "")
    assert r.stderr.strip() == f"gpuaccel logs: job {held} has not started yet (held); no output so far"
    cli("cancel", str(held))
    r = cli("logs", str(held))
    assert r.stdout == "" and f"job {held} cancelled without starting: cancelled by user" in r.stderr


def test_a_refused_control_names_the_state_in_plain_words(cli: Cli) -> None:
    """ "job 5 is succeeded; only a queued or held job can be edited" read as a typo for a state."""
    done = json.loads(cli("submit", "--json", "--", "true").stdout)["id"]
    assert cli("wait", str(done)).returncode == 0
    said = {cmd: cli(*cmd.split(), str(done)).stderr.strip() for cmd in ("edit -p 1", "hold", "pause")}
    assert said["edit -p 1"].endswith(f"job {done} has succeeded; only a queued or held job can be edited")
    assert said["hold"].endswith(f"job {done} has succeeded; only a queued job can be held")
    assert f"job {done} has succeeded; only a running job can be paused" in said["pause"]
    gone = json.loads(cli("submit", "--json", "--hold", "--", "true").stdout)["id"]
    cli("cancel", str(gone))
    assert (
        cli("release", str(gone))
        .stderr.strip()
        .endswith(f"job {gone} was cancelled; only a held job can be released")
    )
