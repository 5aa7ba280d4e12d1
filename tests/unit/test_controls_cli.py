"""The queue control commands in the CLI's parser and shell completions, and the dispatch limits of
groups and pause switches (no daemon needed)."""

from __future__ import annotations

import subprocess

from gpuaccel.app.cli import build_parser
from gpuaccel.app.commands.completion import command_tree, script
from gpuaccel.scheduler.groups import Limits

CONTROLS = {"pause", "resume", "group", "hold", "release", "edit", "switch", "remove", "clean"}


def test_completion_knows_the_control_commands() -> None:
    tree = command_tree(build_parser())
    assert set(tree[""].subcommands) >= CONTROLS
    assert set(tree["group"].subcommands) == {"ls", "add", "rm", "parallel"}
    assert {"--group", "--hold"} <= set(tree["submit"].options)
    assert {"--group", "--running"} <= set(tree["pause"].options)
    assert {"--older-than", "--state"} <= set(tree["clean"].options)
    assert {"--priority", "--label", "--unlabel", "--gpus", "--name"} <= set(tree["edit"].options)
    assert "--parallel" in tree["group add"].options


def test_bash_completes_group_actions() -> None:
    code = script("bash", build_parser())
    call = "COMP_WORDS=(gpuaccel group ''); COMP_CWORD=2; _gpuaccel"
    program = f"{code}\n{call}; printf '%s\\n' \"${{COMPREPLY[@]}}\""
    out = subprocess.run(["bash", "-c", program], capture_output=True, text=True, check=True)
    assert set(out.stdout.split()) == {"ls", "add", "rm", "parallel"}


def test_limits_say_why_a_job_waits() -> None:
    limits = Limits(False, {"default": (0, False), "night": (2, False), "off": (0, True)})
    assert limits.why_waiting("default", 50) is None  # no limit of its own
    assert limits.why_waiting("night", 1) is None
    assert limits.why_waiting("night", 2) == "waiting for a free slot in group night (2 running)"
    assert limits.why_waiting("off", 0) == "group off is paused (gpuaccel resume --group off)"
    assert Limits(True, limits.groups).why_waiting("default", 0) == "the queue is paused (gpuaccel resume)"
