"""``gpuaccel ps`` (every GPU process: owner, command line, GPU memory, SM %, CPU %, RSS, age, job) and
``gpuaccel kill PID`` (signal one of your own GPU processes; the daemon checks pid and start time again)."""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from typing import TYPE_CHECKING, Any

from gpuaccel.api.durations import format_duration
from gpuaccel.app.commands.catalog import EXIT_FAILED
from gpuaccel.app.commands.jobs import UsageError, client_command, client_options

if TYPE_CHECKING:
    from gpuaccel.app.client import Client

SIGNAL_NAMES = ("TERM", "KILL", "INT")
_COLUMNS = ("PID", "USER", "GPU", "GPU MEM", "SM", "CPU", "RSS", "AGE", "JOB", "COMMAND")


def register(subparsers: argparse._SubParsersAction) -> None:
    common = client_options()
    p = subparsers.add_parser("ps", parents=[common])
    p.add_argument("--json", action="store_true", help='print JSON for scripts (N/A as {"na": reason})')
    p.add_argument("--gpu", type=int, metavar="N", help="only processes on GPU N")
    p.add_argument("--mine", action="store_true", help="only processes you may signal")
    p.set_defaults(func=client_command(cmd_ps))

    k = subparsers.add_parser(
        "kill",
        parents=[common],
        description="Send a signal to a process using a GPU. Only your own processes; the daemon checks "
        "that the pid still names the process listed (same start time) before sending.",
    )
    k.add_argument("pid", type=int)
    k.add_argument("-s", "--signal", default="TERM", type=str.upper, choices=SIGNAL_NAMES)
    k.add_argument("-y", "--yes", action="store_true", help="do not ask for confirmation")
    k.set_defaults(func=client_command(cmd_kill))


def cmd_ps(args: argparse.Namespace, client: Client) -> int:
    out = client.processes()
    rows = [
        r
        for r in out["processes"]
        if (args.gpu is None or r["gpu"] == args.gpu) and (not args.mine or r["can_signal"])
    ]
    if args.json:
        print(json.dumps({**out, "processes": rows}, indent=2))
        return 0
    if not out["available"]:
        print("GPU telemetry is off in the daemon: no processes to list.")
        return 0
    if out.get("note"):
        print(f"note: {out['note']}")
    gaps = [g for g in out.get("unlisted") or [] if args.gpu is None or g["gpu"] == args.gpu]
    for gap in gaps:
        print(f"note: the processes of GPU {gap['gpu']} could not be listed: {gap['reason']}")
    if not rows:
        if args.gpu is not None:  # an empty table for a GPU the machine does not have would mislead
            known = [g["info"]["index"] for g in client.telemetry_now()["gpus"]]
            if args.gpu not in known:
                have = ", ".join(map(str, known)) or "none"
                raise UsageError(f"--gpu {args.gpu}: the daemon has GPUs {have}")
        print("No process listed." if gaps and not args.mine else _none_shown(args, out["processes"]))
        return 0
    table = [list(_COLUMNS)] + [_cells(r) for r in rows]
    widths = [max(len(r[i]) for r in table) for i in range(len(_COLUMNS))]
    for r in table:
        print("  ".join(c.ljust(w) for c, w in zip(r[:-1], widths, strict=False)) + "  " + r[-1])
    greyed = [r for r in rows if not r["can_signal"] and r.get("why_not")]
    if greyed:
        print()
        for r in greyed:
            print(f"  {r['pid']}: cannot be signalled from here: {r['why_not']}")
    return 0


def _none_shown(args: argparse.Namespace, processes: list[dict[str, Any]]) -> str:
    """Why the table is empty: no process on the GPUs asked about, or none of them one you may signal."""
    where = "a GPU" if args.gpu is None else f"GPU {args.gpu}"
    n = sum(args.gpu is None or r["gpu"] == args.gpu for r in processes)
    if not args.mine or not n:
        return f"No process is using {where}."
    return f"No process you may signal is using {where}; without --mine: {n} process{'es' if n != 1 else ''}."


def _cells(r: dict[str, Any]) -> list[str]:
    simulated = " (simulated)" if r.get("simulated") else ""
    return [
        str(r["pid"]),
        _text(r["user"]),
        str(r["gpu"]),
        _num(r["used_mib"], "{:.0f} MiB"),
        _num(r["sm_pct"], "{:.0f}%"),
        _num(r["cpu_pct"], "{:.0f}%"),
        _num(r["rss_mib"], "{:.0f} MiB"),
        _age(r["elapsed_s"]),
        "-" if r.get("job_id") is None else str(r["job_id"]),
        command_text(r) + simulated,
    ]


def command_text(r: dict[str, Any]) -> str:
    """The command line, shell-quoted so it can be copied; the NVML name when the host side is hidden."""
    cmd = r["cmdline"]
    return r["name"] if isinstance(cmd, dict) or not cmd else shlex.join(cmd)


def _text(v: Any) -> str:
    return "N/A" if isinstance(v, dict) else str(v)


def _num(v: Any, fmt: str) -> str:
    return "N/A" if not isinstance(v, int | float) else fmt.format(v)


def _age(seconds: Any) -> str:
    if not isinstance(seconds, int | float):
        return "N/A"
    return format_duration(seconds)


def cmd_kill(args: argparse.Namespace, client: Client) -> int:
    rows = [r for r in client.processes()["processes"] if r["pid"] == args.pid]
    if not rows:
        raise UsageError(f"process {args.pid} is not using a GPU (see `gpuaccel ps`)")
    row = rows[0]
    what = f"{args.pid} ({command_text(row)}, user {_text(row['user'])}, GPU {row['gpu']})"
    if not row["can_signal"]:
        print(f"gpuaccel kill: refusing to signal {what}: {row['why_not']}", file=sys.stderr)
        return EXIT_FAILED
    if not args.yes and sys.stdin.isatty():
        answer = input(f"Send SIG{args.signal} to process {what}? [y/N] ")
        if answer.strip().lower() not in ("y", "yes"):
            print("Nothing sent.")
            return EXIT_FAILED
    sent = client.signal_process(args.pid, row["started"], args.signal)
    print(f"Sent SIG{sent['signal']} to process {sent['pid']} ({sent['name']}) on GPU {sent['gpu']}.")
    return 0
