"""``gpuaccel ps`` without a daemon (a stub answers ``Client.processes``): an empty table says why."""

from __future__ import annotations

import argparse
from typing import Any

import pytest

from gpuaccel.app.commands.jobs import UsageError
from gpuaccel.app.commands.ps import cmd_ps


class _Client:
    def __init__(self, processes: list[dict[str, Any]]) -> None:
        self.listing = {"available": True, "note": None, "processes": processes}

    def processes(self) -> dict[str, Any]:
        return self.listing

    def telemetry_now(self) -> dict[str, Any]:
        return {"gpus": [{"info": {"index": i}} for i in range(4)]}


def _others(pid: int, gpu: int) -> dict[str, Any]:
    return {"pid": pid, "gpu": gpu, "can_signal": False, "why_not": "owned by bob, not by you"}


def _ps(capsys, processes: list[dict[str, Any]], gpu: int | None = None, mine: bool = False) -> str:
    args = argparse.Namespace(json=False, gpu=gpu, mine=mine)
    assert cmd_ps(args, _Client(processes)) == 0  # type: ignore[arg-type]
    return capsys.readouterr().out.strip()


def test_only_mine_with_only_others_processes_does_not_say_the_gpus_are_unused(capsys) -> None:
    others = [_others(11, 0), _others(22, 1)]
    assert _ps(capsys, others, mine=True) == (
        "No process you may signal is using a GPU; without --mine: 2 processes."
    )
    assert _ps(capsys, others, gpu=1, mine=True) == (
        "No process you may signal is using GPU 1; without --mine: 1 process."
    )
    assert _ps(capsys, others, gpu=3, mine=True) == "No process is using GPU 3."
    assert _ps(capsys, [], mine=True) == "No process is using a GPU."


def test_a_gpu_the_machine_does_not_have_is_named_not_listed_as_unused(capsys) -> None:
    """``ps --gpu 7`` on a four-GPU machine said "No process is using GPU 7"."""
    with pytest.raises(UsageError, match="--gpu 7: the daemon has GPUs 0, 1, 2, 3"):
        _ps(capsys, [_others(11, 0)], gpu=7)


def test_gpus_whose_processes_could_not_be_listed_are_named_not_shown_as_unused(capsys) -> None:
    """NVML refused the process lists (not root): ``ps`` said "No process is using a GPU"."""
    client = _Client([])
    client.listing["unlisted"] = [{"gpu": 0, "reason": "needs root"}, {"gpu": 1, "reason": "needs root"}]
    assert cmd_ps(argparse.Namespace(json=False, gpu=None, mine=False), client) == 0  # type: ignore[arg-type]
    assert capsys.readouterr().out.strip().splitlines() == [
        "note: the processes of GPU 0 could not be listed: needs root",
        "note: the processes of GPU 1 could not be listed: needs root",
        "No process listed.",
    ]
