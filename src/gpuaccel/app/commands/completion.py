"""``gpuaccel completion bash|zsh|fish``: shell completion through argcomplete, values included.

The shell script is argcomplete's: on TAB it runs ``gpuaccel`` with the line typed so far, and the same
argparse tree that runs the commands answers, so a new command or option completes as soon as it exists.
Values complete too: job states and workload kinds from this package, job ids, groups, cluster nodes and
GPU processes from the running daemon (nothing, quickly, when none answers), never file names where a
file makes no sense.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from typing import Any

import argcomplete
from argcomplete import completers

from gpuaccel.app.client.raw import get_json
from gpuaccel.scheduler.paths import URL_ENV

SHELLS = ("bash", "zsh", "fish")
_DAEMON_TIMEOUT_S = 2.0  # a TAB must not hang on a daemon that does not answer
_RECENT_JOBS = 200  # job ids offered: the newest ones


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "completion",
        description="Print a completion script. bash: `source <(gpuaccel completion bash)` in ~/.bashrc; "
        "zsh: `source <(gpuaccel completion zsh)` in ~/.zshrc (after compinit); fish: "
        "`gpuaccel completion fish > ~/.config/fish/completions/gpuaccel.fish`. Job ids, groups and "
        "nodes complete from the running daemon.",
    )
    p.add_argument("shell", choices=SHELLS)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    # use_defaults=False: when nothing fits, the shell offers nothing rather than file names
    print(argcomplete.shellcode(["gpuaccel"], use_defaults=False, shell=args.shell), end="")
    return 0


def complete(build_parser: Callable[..., argparse.ArgumentParser]) -> None:
    """Answer the shell's completion request (``_ARGCOMPLETE`` set) and exit: the parser is built with
    the module of the command on the line only, so a TAB costs what that command's import costs."""
    line = os.environ.get("COMP_LINE", "")[: int(os.environ.get("COMP_POINT", "0") or 0)]
    words = line.split()
    typed = words[1:] if line.endswith(" ") else words[1:-1]  # the word under the cursor is not typed yet
    command = next((w for w in typed if not w.startswith("-")), None)
    parser = build_parser(lazy=True, command=command)
    attach_completers(parser)
    argcomplete.autocomplete(parser, default_completer=completers.SuppressCompleter())


def attach_completers(parser: argparse.ArgumentParser) -> None:
    """Give every argument whose values can be listed its completer, by what the argument holds."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                attach_completers(sub)
            continue
        table = _OPTIONS if action.option_strings else _POSITIONALS
        completer = table.get(action.dest)
        if completer is not None and not action.choices:
            action.completer = completer  # type: ignore[attr-defined]
        elif action.option_strings and action.dest in _PATHS:
            action.completer = _PATHS[action.dest]  # type: ignore[attr-defined]


def _answer(parsed_args: argparse.Namespace, path: str) -> Any | None:
    """The daemon's JSON answer to ``GET path``: over its socket with the standard library (a TAB loads
    no httpx or pydantic: :mod:`app.client.raw`), or through the full client for a daemon given by URL;
    None when none answers."""
    data_dir = getattr(parsed_args, "data_dir", None)
    if not os.environ.get(URL_ENV):
        return get_json(data_dir, path, _DAEMON_TIMEOUT_S)
    from gpuaccel.app.client import Client, ClientError

    try:
        with Client(data_dir=data_dir, timeout=_DAEMON_TIMEOUT_S) as client:
            return client.request("GET", path).json()
    except (ClientError, ValueError):
        return None


def _from_daemon(path: str, read: Callable[[Any], dict[str, str]]) -> Callable[..., dict[str, str]]:
    def completer(prefix: str, parsed_args: argparse.Namespace, **_: Any) -> dict[str, str]:
        answer = _answer(parsed_args, path)
        try:
            return read(answer) if answer is not None else {}
        except (KeyError, TypeError, AttributeError):  # an answer of another shape (another version)
            return {}

    return completer


job_ids = _from_daemon(
    f"/jobs?limit={_RECENT_JOBS}",
    lambda answer: {str(j["id"]): f"{j['state']}: {j['name'] or j['kind']}" for j in answer["jobs"]},
)
groups = _from_daemon(
    "/groups", lambda answer: {g["name"]: f"{g['parallel']} at once" for g in answer["groups"]}
)
nodes = _from_daemon(
    "/cluster", lambda answer: {n["label"]: f"{n['state']}, {n['gpus']:g} GPUs" for n in answer["nodes"]}
)
gpu_processes = _from_daemon(
    "/processes",
    lambda answer: {
        str(r["pid"]): f"GPU {r['gpu']}: {r['cmdline'] if isinstance(r['cmdline'], str) else '?'}"[:60]
        for r in answer["processes"]
        if r.get("can_signal")
    },
)


def states(prefix: str, **_: Any) -> list[str]:
    """``--state``'s comma list: the states not yet given, after what was typed."""
    from gpuaccel.api.jobs import JobState

    done, _, _last = prefix.rpartition(",")
    given = set(done.split(",")) if done else set()
    head = f"{done}," if done else ""
    return [head + s for s in JobState if s not in given]


def kinds(prefix: str, parsed_args: argparse.Namespace, **_: Any) -> list[str]:
    """A job's kind: ``command`` or a registered workload (submit's first word only)."""
    if getattr(parsed_args, "rest", None):  # submit KIND already given: what follows is options or argv
        return []
    from gpuaccel.accel.workloads.registry import kinds as registered

    return ["command", *sorted(registered())]


_POSITIONALS: dict[str, Callable[..., Any]] = {
    "id": job_ids, "ids": job_ids, "a": job_ids, "b": job_ids, "rest": kinds, "name": groups,
    "pid": gpu_processes,
}  # fmt: skip
_OPTIONS: dict[str, Callable[..., Any]] = {
    "job": job_ids, "after": job_ids, "state": states, "kind": kinds, "group": groups, "node": nodes,
}  # fmt: skip


# Options whose value is a path: the files (or folders) there, as the shell would offer them.
_PATHS = {
    "cwd": completers.DirectoriesCompleter(),
    "working_dir": completers.DirectoriesCompleter(),
    "output": completers.FilesCompleter(),
}
