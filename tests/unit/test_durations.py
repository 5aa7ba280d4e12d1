"""Durations in every form Slurm, pueue and coreutils users type, one reading for every CLI option; a bare
number is minutes (Slurm's --time) and the CLI says so each time, since it used to be seconds."""

from __future__ import annotations

import pytest

from gpuaccel.api.durations import (
    DURATION_HELP,
    bare_number,
    format_age,
    format_duration,
    has_unit,
    parse_duration,
)
from gpuaccel.app.commands.jobs import UsageError
from gpuaccel.app.commands.jobs import parse_duration as option_duration

READINGS = {
    "90": 5400, "1.5": 90, "1:30": 90, "90:00": 5400, "01:02:03": 3723, "1-00": 86400, "1-2:30": 95400,
    "2-01:02:03": 176523, "1h30m": 5400, "1h 30m": 5400, "90s": 90, "30S": 30, "2d": 172800, "1w": 604800,
    "1.5h": 5400, "10min": 600, "2 hours": 7200, "1d2h3m4s": 93784, " 5m ": 300,
}  # fmt: skip


@pytest.mark.parametrize(("text", "seconds"), READINGS.items())
def test_every_form_reads_as_its_seconds(text: str, seconds: float) -> None:
    assert parse_duration(text) == seconds


@pytest.mark.parametrize(
    "text", ["", "abc", "-5", "1x", "1h1h", "1:60", "1:00:60", "1-24", "1:2:3:4", "1-2-3"]
)
def test_a_wrong_duration_says_what_is_accepted(text: str) -> None:
    with pytest.raises(ValueError, match="is not a duration; use MM \\(a bare number is minutes"):
        parse_duration(text)


def test_bare_numbers_and_units_are_told_apart() -> None:
    assert bare_number("90") and bare_number("1.5") and not bare_number("90s") and not bare_number("1:30")
    assert has_unit("10m") and has_unit("1:30") and has_unit("1-00")  # a delay in --after
    assert not has_unit("12") and not has_unit("x")  # --after 12 names job 12


def test_the_cli_warns_that_a_bare_number_is_minutes(capsys: pytest.CaptureFixture[str]) -> None:
    assert option_duration("90", "--timeout") == 5400
    err = capsys.readouterr().err
    assert "--timeout 90 is read as 90 minutes (1h30m)" in err and "write 90s for seconds" in err
    assert option_duration("90s", "--kill-grace") == 90 and capsys.readouterr().err == ""
    with pytest.raises(UsageError, match=r"--kill-grace '1h1h': use MM"):
        option_duration("1h1h", "--kill-grace")
    assert "Slurm" in DURATION_HELP and "1h30m" in DURATION_HELP


@pytest.mark.parametrize(
    ("seconds", "text"),
    [(4.21, "4.2s"), (59.96, "1m00s"), (725, "12m05s"), (12000, "3h20m"), (187200, "2d04h"), (-3, "0.0s")],
)
def test_one_formatter_writes_run_times(seconds: float, text: str) -> None:
    assert format_duration(seconds) == text


def test_ages_read_in_whole_units() -> None:
    assert [format_age(s) for s in (45, 720, 18000, 259200)] == ["45s", "12m", "5h", "3d"]
