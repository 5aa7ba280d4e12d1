"""The queue control commands in the CLI's parser, and the dispatch limits of
groups and pause switches (no daemon needed)."""

from __future__ import annotations

from cli_helpers import commands, options

from gpuaccel.scheduler.store.jobstore import Limits

CONTROLS = {"pause", "resume", "group", "hold", "release", "edit", "switch", "remove", "clean"}


def test_the_parser_knows_the_control_commands() -> None:
    assert commands() >= CONTROLS
    assert commands("group") == {"ls", "add", "rm", "parallel"}
    assert {"--group", "--hold"} <= options("submit")
    assert {"--group", "--running"} <= options("pause")
    assert {"--older-than", "--state"} <= options("clean")
    assert {"--priority", "--label", "--unlabel", "--gpus", "--name"} <= options("edit")
    assert "--parallel" in options("group", "add")


def test_limits_say_why_a_job_waits() -> None:
    limits = Limits(False, {"default": (0, False), "night": (2, False), "off": (0, True)})
    assert limits.why_waiting("default", 50) is None  # no limit of its own
    assert limits.why_waiting("night", 1) is None
    assert limits.why_waiting("night", 2) == "waiting for a free slot in group night (2 running)"
    assert limits.why_waiting("off", 0) == "group off is paused (gpuaccel resume --group off)"
    assert Limits(True, limits.groups).why_waiting("default", 0) == "the queue is paused (gpuaccel resume)"
