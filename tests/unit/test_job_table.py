"""``gpuaccel ls``'s table: one row per job whatever its text holds; run times and ages in readable units;
failure reasons quoted from a log as plain words; attempt headers on their own line."""

from __future__ import annotations

import shlex
import time
from pathlib import Path
from typing import Any

import pytest

from gpuaccel.api.durations import format_age, format_duration
from gpuaccel.api.jobs import Job, JobState
from gpuaccel.api.request import JobRequest
from gpuaccel.app.commands.job_table import cell, display_width, gpus_cell, one_line, table
from gpuaccel.scheduler.placement.runner import exit_outcome
from gpuaccel.scheduler.reads.logtail import line_break, reason_line


def job(id: int = 1, **kw: Any) -> Job:
    request = JobRequest(
        kind="command", argv=kw.pop("argv", ["true"]), name=kw.pop("name", None)
    ).model_dump()
    fields: dict[str, Any] = dict(
        id=id, state=JobState.QUEUED, assigned_gpus=[], attempt=0, created_at=time.time(), started_at=None,
        finished_at=None, exit_code=None, reason=None, waiting_reason=None, progress=None, result=None,
    )  # fmt: skip
    return Job(**{**request, "gpus": 0, **fields, **kw})


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(0, "0.0s"), (4.24, "4.2s"), (59.94, "59.9s"), (59.96, "1m00s"), (61, "1m01s"), (3599.6, "1h00m"),
     (86399, "23h59m"), (86400, "1d00h"), (10 * 86400 + 3 * 3600, "10d03h"), (-5, "0.0s")],
)  # fmt: skip
def test_run_times_stay_short_in_the_largest_unit(seconds: float, text: str) -> None:
    assert format_duration(seconds) == text
    assert len(text) <= 7  # the TIME column's width


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(0, "0s"), (119.4, "119s"), (119.6, "2m"), (7300, "2h"), (172000, "48h"), (172800, "2d"),
     (30 * 86400, "30d"), (400 * 86400, "400d")],
)  # fmt: skip
def test_ages_count_days(seconds: float, text: str) -> None:
    assert format_age(seconds) == text


def test_a_day_long_job_reads_in_days_in_the_listing() -> None:
    """TIME was seconds with a decimal whatever the length: a day-long job read 86400.0s, wider than
    its column, and AGE counted hours without end (720h for a month-old job)."""
    now = time.time()
    old = job(state=JobState.RUNNING, created_at=now - 30 * 86400, started_at=now - 86400 - 120)
    row = table([old])[1]
    assert " 30d   1d00h  " in row, row
    assert "86520" not in row and "720h" not in row


def test_control_characters_never_split_a_row_or_reach_the_terminal() -> None:
    """A name, a command or a reason quoting a log line may hold newlines and escape sequences; printed
    raw they split the row in two and recoloured the terminal."""
    jobs = [
        job(1, name="two\nlines"),
        job(2, argv=["sh", "-c", "echo a\necho b"]),
        job(3, name="tab\there\x1b[31mred", state=JobState.FAILED, reason="exited with code 2: \x1b[31mx\r"),
    ]
    rows = table(jobs)
    assert len(rows) == 4 and all(r.isprintable() for r in rows), rows
    assert "two\\nlines" in rows[1] and "echo a\\necho b" in rows[2]
    assert "tab\\there\\x1b[31mred" in rows[3] and "exited with code 2: \\x1b[31mx\\r" in rows[3]
    # a right-to-left override in a name would show the rest of the row reversed
    assert one_line("evil\u202egnp.exe") == "evil\\u202egnp.exe"


def test_cells_cut_with_a_mark_and_count_wide_characters_as_two_columns() -> None:
    assert cell("abc", 5) == "abc  "
    long = cell("sh -c for i in 1 2 3; do echo $i; done", 12)
    assert long == "sh -c for i…" and display_width(long) == 12
    wide = cell("名前 🚀 job", 6)  # 名 前 and the rocket take two columns each
    assert display_width(wide) == 6 and wide.endswith("…")
    assert display_width(cell("ünïcødé 名前 🚀", 36)) == 36
    assert one_line("plain text") == "plain text" and one_line("\x9b") == "\\x9b"


def test_jobs_rows_line_up_whatever_their_names() -> None:
    """The NOTE column starts at the same terminal column on every row (wide characters included)."""
    rows = table(
        [job(1, name="ünïcødé 名前 🚀", waiting_reason="w"), job(2, name="plain", waiting_reason="w")]
    )
    assert len({display_width(r[: r.rindex(" w")]) for r in rows[1:]}) == 1, rows


def test_an_empty_and_a_long_listing() -> None:
    assert table([]) == [table([job()])[0]]  # the header alone (ls prints "no jobs" instead)
    rows = table([job(i, argv=["echo", str(i)]) for i in range(200, 0, -1)])
    assert len(rows) == 201 and rows[1].split()[0] == "200" and rows[-1].split()[0] == "1"


def test_a_failure_reason_quotes_the_last_line_as_plain_words() -> None:
    """A coloured last line put escape sequences into the stored reason, and a colour reset alone on the
    last line made that the whole reason."""
    tail = "step 9\n\x1b[1;31mRuntimeError: bad shape\x1b[0m\tat x\r\n\x1b[0m\n"
    state, reason, code = exit_outcome(3, tail)
    assert (state, code) == (JobState.FAILED, 3)
    assert reason == "exited with code 3: RuntimeError: bad shape at x"
    assert reason_line("title \x1b]0;my title\x07done\n") == "title done"
    assert reason_line("\x1b[0m\n  \n") == ""


def test_a_failure_reason_is_the_line_that_says_what_went_wrong() -> None:
    """``sleep 20;`` failed "exited with code 1: Try 'sleep --help' for more information." while the
    error itself was only in the log; a usage line or a traceback's frames are not the reason either."""
    tail = "sleep: invalid time interval '20;'\nTry 'sleep --help' for more information.\n"
    assert exit_outcome(1, tail)[1] == "exited with code 1: sleep: invalid time interval '20;'"
    words = "".join(f"sleep: invalid time interval '{w}'\n" for w in ("20;", "echo", "done"))
    assert reason_line(words + "Try 'sleep --help' for more information.\n") == (
        "sleep: invalid time interval '20;'"
    )  # `sleep 20; echo done` without a shell: the first of sleep's errors, not the last
    usage = "usage: train.py [-h] --lr LR\ntrain.py: error: the following arguments are required: --lr\n"
    assert reason_line(usage) == "train.py: error: the following arguments are required: --lr"
    traceback = "Traceback (most recent call last):\n  File \"t.py\", line 3\n    f()\nKeyError: 'lr'\n"
    assert reason_line(traceback) == "KeyError: 'lr'"
    assert reason_line("epoch 1 loss 0.3\nepoch 2 loss 0.2\n") == "epoch 2 loss 0.2"  # no error word
    assert reason_line("Try 'x --help' for more information.\n") == "Try 'x --help' for more information."


def test_an_attempt_header_starts_on_its_own_line(tmp_path: Path) -> None:
    log = tmp_path / "job-1.log"
    assert line_break(log) == b""  # no log yet
    log.write_bytes(b"")
    assert line_break(log) == b""
    log.write_bytes(b"=== job 1 attempt 1 ===\nno newline")
    assert line_break(log) == b"\n"
    log.write_bytes(b"done\n")
    assert line_break(log) == b""


def test_the_gpus_column_numbers_gpus_as_nvidia_smi_does() -> None:
    """A job on GPU 0 showed "0" under GPUS, read as zero GPUs; a waiting job shows how many it wants."""
    on_zero = job(1, state=JobState.RUNNING, assigned_gpus=[0], gpus=1)
    on_two = job(2, state=JobState.RUNNING, assigned_gpus=[0, 1], gpus=2)
    waiting = job(3, gpus=2)
    none = job(4, gpus=0)
    assert [gpus_cell(j) for j in (on_zero, on_two, waiting, none)] == ["#0", "#0,#1", "2", "-"]
    rows = table([on_zero])
    assert rows[1].split()[3] == "#0" and rows[0].split()[3] == "GPUS"


def test_format_names_fields_as_squeue_and_sacct_do() -> None:
    from gpuaccel.app.commands.job_table import formatted, parse_format

    assert parse_format("id,State,name%12") == [("id", None), ("state", None), ("name", 12)]
    for bad, words in (("id,bogus", "no field 'bogus'"), ("name%x", "the width after %"), (",", "names no")):
        with pytest.raises(ValueError, match=words):
            parse_format(bad)
    jobs = [job(7, name="a\nname that is long", argv=["sh", "-c", "echo 'x y'"]), job(12, argv=["true"])]
    rows = formatted(jobs, parse_format("id,name%8,command"))
    command = shlex.join(["sh", "-c", "echo 'x y'"])
    assert rows == [
        "ID  NAME      COMMAND",
        f"7   a\\nname…  {command}",
        "12  true      true",
    ]  # cut at 8 columns
    assert formatted(jobs, parse_format("id"), header=False) == ["7", "12"]


def test_show_links_a_ray_job_to_its_page_in_rays_dashboard(capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    from gpuaccel.app.client import ApiError
    from gpuaccel.app.commands.jobs import cmd_show

    class Client:
        connected = True

        def get_job(self, job_id: int) -> Job:
            return job(job_id, argv=["python", "t.py"], where="ray", placement_ref="gpuaccel-ab12-7-1")

        def cluster(self) -> dict[str, Any]:
            if not self.connected:
                raise ApiError(404, "this daemon is not connected to a Ray cluster")
            return {"address": "http://10.0.0.1:8265/", "nodes": []}

    stub = Client()
    assert cmd_show(argparse.Namespace(id=7, json=False), stub) == 0
    assert "  dashboard       http://10.0.0.1:8265/#/jobs/gpuaccel-ab12-7-1\n" in capsys.readouterr().out
    stub.connected = False
    assert cmd_show(argparse.Namespace(id=7, json=False), stub) == 0
    assert "dashboard" not in capsys.readouterr().out
