"""Queue control commands: ``pause``, ``resume``, ``group``, ``hold``, ``release``, ``edit``, ``switch``,
``remove`` and ``clean``. Like the other job commands they talk to a running daemon through
:class:`app.client.Client` and turn every failure into one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import os
from typing import TYPE_CHECKING, Any

from gpuaccel.api.durations import DURATION_HELP
from gpuaccel.api.states import FINISHED
from gpuaccel.app.commands.catalog import COMMANDS
from gpuaccel.app.commands.jobs import (
    UsageError,
    _acted,
    client_command,
    client_options,
    key_values,
    parse_duration,
)

if TYPE_CHECKING:
    from gpuaccel.api.controls import QueueOut, RemovedOut
    from gpuaccel.app.client import Client


def register(subparsers: argparse._SubParsersAction) -> None:
    common = client_options()
    as_json = argparse.ArgumentParser(add_help=False)
    as_json.add_argument("--json", action="store_true", help="print JSON for scripts")

    for name in ("pause", "resume"):
        p = subparsers.add_parser(name, parents=[common, as_json], description=COMMANDS[name].help)
        p.add_argument("id", type=int, nargs="?", help="a job (default: the whole queue)")
        p.add_argument("--group", help="only this group")
        p.add_argument(
            "--running",
            action="store_true",
            help="also pause the jobs running now (resume: continue the paused ones); "
            "without it running jobs are left as they are",
        )
        p.set_defaults(func=client_command(cmd_pause if name == "pause" else cmd_resume))

    g = subparsers.add_parser("group", parents=[common, as_json])
    g.set_defaults(func=client_command(cmd_group_ls))
    gsub = g.add_subparsers(dest="group_command", metavar="ACTION")
    p = gsub.add_parser("ls", parents=[common, as_json], help="list groups with their jobs' counts")
    p.set_defaults(func=client_command(cmd_group_ls))
    p = gsub.add_parser("add", parents=[common, as_json], help="add a group")
    p.add_argument("name")
    p.add_argument(
        "--parallel", type=int, default=1, help="jobs of the group at once (default 1; 0: no own limit)"
    )
    p.set_defaults(func=client_command(cmd_group_add))
    p = gsub.add_parser("rm", parents=[common, as_json], help="remove a group without waiting/running jobs")
    p.add_argument("name")
    p.set_defaults(func=client_command(cmd_group_rm))
    p = gsub.add_parser("parallel", parents=[common, as_json], help="change how many jobs of a group run")
    p.add_argument("name")
    p.add_argument("parallel", type=int, help="0: only the daemon's own limit")
    p.set_defaults(func=client_command(cmd_group_parallel))

    for name in ("hold", "release"):
        p = subparsers.add_parser(name, parents=[common, as_json])
        p.add_argument("id", type=int)
        p.set_defaults(func=client_command(cmd_hold if name == "hold" else cmd_release))

    p = subparsers.add_parser(
        "edit",
        parents=[common, as_json],
        description="Change a queued or held job; the result is checked as a submission is.",
    )
    p.add_argument("id", type=int)
    p.add_argument("-p", "--priority", type=int)
    p.add_argument("--name")
    p.add_argument("--gpus", type=int)
    p.add_argument("--gpu-ids", help="exactly these GPUs, comma separated; 'none' for any")
    p.add_argument("--memory", type=int, metavar="MIB")
    p.add_argument("--retries", type=int)
    p.add_argument("--timeout", metavar="DURATION", help=f"{DURATION_HELP}; 'none' for no limit")
    p.add_argument("--group")
    p.add_argument("--after", metavar="IDS", help="the jobs it waits for, comma separated; 'none' for none")
    p.add_argument("--label", action="append", default=[], metavar="K=V", help="set a label (repeatable)")
    p.add_argument("--unlabel", action="append", default=[], metavar="K", help="drop a label (repeatable)")
    p.add_argument("--env", action="append", default=[], metavar="K=V", help="set a variable (repeatable)")
    p.add_argument("--cwd")
    p.add_argument("-w", "--node", metavar="NAME", help="the Ray node it must run on; 'none' for any")
    p.set_defaults(func=client_command(cmd_edit))

    p = subparsers.add_parser("switch", parents=[common, as_json])
    p.add_argument("a", type=int)
    p.add_argument("b", type=int)
    p.set_defaults(func=client_command(cmd_switch))

    p = subparsers.add_parser("remove", parents=[common, as_json])
    p.add_argument("ids", type=int, nargs="+", metavar="ID")
    p.set_defaults(func=client_command(cmd_remove))

    p = subparsers.add_parser("clean", parents=[common, as_json])
    p.add_argument(
        "--older-than", metavar="DURATION", help="only those finished this long ago: 7d, 12h, 1-12"
    )
    p.add_argument(
        "--state", action="append", default=[], help=f"only these ({', '.join(sorted(FINISHED))}); repeatable"
    )
    p.set_defaults(func=client_command(cmd_clean))


# -- pause and resume -----------------------------------------------------------------------------------


def _pause(args: argparse.Namespace, client: Client, paused: bool) -> int:
    if args.id is not None:
        if args.group or args.running:
            raise UsageError("give a job ID or --group/--running, not both")
        job = client.pause_job(args.id) if paused else client.resume_job(args.id)
        return _acted(args, job, "paused" if paused else "resumed")
    call = client.pause_queue if paused else client.resume_queue
    state = call(group=args.group, running=args.running)
    if args.json:
        print(json.dumps(state.model_dump(mode="json"), indent=1))
        return 0
    what = f"group {args.group}" if args.group else "queue"
    print(f"{what} {'paused' if paused else 'resumed'}" + _running_note(args, paused))
    return 0


def _running_note(args: argparse.Namespace, paused: bool) -> str:
    if args.running:
        return "; its running jobs paused" if paused else "; its paused jobs continued"
    return "; running jobs left as they are" if paused else ""


def cmd_pause(args: argparse.Namespace, client: Client) -> int:
    return _pause(args, client, True)


def cmd_resume(args: argparse.Namespace, client: Client) -> int:
    return _pause(args, client, False)


# -- groups ---------------------------------------------------------------------------------------------


def print_queue(state: QueueOut) -> None:
    print(f"queue: {'PAUSED (gpuaccel resume)' if state.paused else 'running'}")
    print(
        f"{'GROUP':<20} {'PARALLEL':>8} {'STATE':<7} {'QUEUED':>6} {'HELD':>5} {'RUNNING':>7} {'PAUSED':>6}"
    )
    for g in state.groups:
        parallel = str(g.parallel) if g.parallel else "-"
        line = f"{g.name:<20} {parallel:>8} {'paused' if g.paused else 'active':<7} {g.queued:>6} "
        print(line + f"{g.held:>5} {g.running:>7} {g.paused_jobs:>6}")


def cmd_group_ls(args: argparse.Namespace, client: Client) -> int:
    state = client.queue()
    if args.json:
        print(json.dumps(state.model_dump(mode="json"), indent=1))
    else:
        print_queue(state)
    return 0


def _group_done(args: argparse.Namespace, group: Any, line: str) -> int:
    print(json.dumps(group.model_dump(mode="json"), indent=1) if args.json else line)
    return 0


def cmd_group_add(args: argparse.Namespace, client: Client) -> int:
    g = client.add_group(args.name, args.parallel)
    return _group_done(args, g, f"group {g.name} added ({_parallel(g.parallel)})")


def cmd_group_rm(args: argparse.Namespace, client: Client) -> int:
    g = client.remove_group(args.name)
    return _group_done(args, g, f"group {g.name} removed")


def cmd_group_parallel(args: argparse.Namespace, client: Client) -> int:
    g = client.set_group_parallel(args.name, args.parallel)
    return _group_done(args, g, f"group {g.name}: {_parallel(g.parallel)}")


def _parallel(n: int) -> str:
    return f"{n} job{'s' if n != 1 else ''} at once" if n else "no limit of its own"


# -- hold, release, edit, switch ------------------------------------------------------------------------


def cmd_hold(args: argparse.Namespace, client: Client) -> int:
    return _acted(args, client.hold(args.id), "held")


def cmd_release(args: argparse.Namespace, client: Client) -> int:
    return _acted(args, client.release(args.id), "released")


def _none_or(text: str | None, parse: Any) -> Any:
    return None if text.strip().lower() == "none" else parse(text)  # type: ignore[union-attr]


def _ids(text: str, option: str) -> list[int]:
    try:
        return [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise UsageError(f"{option} {text!r}: give numbers separated by commas, or 'none'") from None


def edit_fields(args: argparse.Namespace, client: Client) -> dict[str, Any]:
    """The fields the options change (``none`` resets one to its default); labels and env are merged
    into the job's current ones."""
    fields: dict[str, Any] = {}
    simple = {
        "priority": args.priority, "name": args.name, "gpus": args.gpus, "memory_mib": args.memory,
        "max_retries": args.retries, "group": args.group,
    }  # fmt: skip
    fields.update({k: v for k, v in simple.items() if v is not None})
    if args.cwd is not None:
        fields["cwd"] = os.path.abspath(args.cwd)
    if args.gpu_ids is not None:
        fields["gpu_ids"] = _none_or(args.gpu_ids, lambda t: _ids(t, "--gpu-ids")) or None
    if args.after is not None:
        fields["depends_on"] = _none_or(args.after, lambda t: _ids(t, "--after")) or []
    if args.timeout is not None:
        fields["timeout_s"] = _none_or(args.timeout, parse_duration)
    if args.node is not None:
        fields["node"] = _none_or(args.node, str)
    if args.label or args.unlabel or args.env:
        job = client.get_job(args.id)
        if args.label or args.unlabel:
            labels = {**job.labels, **key_values(args.label, "--label")}
            for key in args.unlabel:
                labels.pop(key, None)
            fields["labels"] = labels
        if args.env:
            fields["env"] = {**job.env, **key_values(args.env, "--env")}
    if not fields:
        raise UsageError("nothing to change; give at least one option (see gpuaccel edit --help)")
    return fields


def cmd_edit(args: argparse.Namespace, client: Client) -> int:
    fields = edit_fields(args, client)
    return _acted(args, client.edit(args.id, **fields), f"edited ({', '.join(sorted(fields))})")


def cmd_switch(args: argparse.Namespace, client: Client) -> int:
    a, b = client.switch(args.a, args.b)
    if args.json:
        print(json.dumps([a.to_json(), b.to_json()], indent=1))
    else:
        print(f"jobs {a.id} and {b.id} switched places (priority {a.priority} and {b.priority})")
    return 0


# -- remove ---------------------------------------------------------------------------------------------


def _removed(args: argparse.Namespace, out: RemovedOut) -> int:
    if args.json:
        print(json.dumps(out.model_dump(mode="json"), indent=1))
        return 0
    if out.removed:
        ids = ", ".join(map(str, out.removed))
        print(f"removed {len(out.removed)} job{'s' if len(out.removed) != 1 else ''}: {ids}")
        print(f"deleted {out.logs_removed} log file{'s' if out.logs_removed != 1 else ''}")
    else:
        print("nothing to remove")
    for kept in out.kept:
        print(f"kept job {kept.id}: {kept.why}")
    return 0


def cmd_remove(args: argparse.Namespace, client: Client) -> int:
    return _removed(args, client.remove(args.ids))


def cmd_clean(args: argparse.Namespace, client: Client) -> int:
    older = parse_duration(args.older_than, "--older-than") if args.older_than else None
    states = [s.strip() for item in args.state for s in item.split(",") if s.strip()] or None
    for s in states or []:
        if s not in {x.value for x in FINISHED}:
            raise UsageError(f"--state {s!r}: one of {', '.join(sorted(FINISHED))} (only finished jobs go)")
    return _removed(args, client.clean(older_than_s=older, states=states))
