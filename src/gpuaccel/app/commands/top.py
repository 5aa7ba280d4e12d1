"""``gpuaccel top``: the terminal view of the GPUs, their processes and the queue (``app.tui``)."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from gpuaccel.app.client.errors import ClientError, DaemonNotRunning
from gpuaccel.app.commands.catalog import EXIT_FAILED, EXIT_USAGE
from gpuaccel.app.commands.jobs import client_options

if TYPE_CHECKING:
    from gpuaccel.app.tui.sources import Source


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "top",
        parents=[client_options()],
        description="A live terminal view: per-GPU bars and sparklines, tensor activity and TFLOP/s, the "
        "process table with each process's queue job. Reads the running daemon, or NVML directly when "
        "none runs (then without queue jobs).",
    )
    p.add_argument(
        "--interval", type=float, default=1.0, metavar="S", help="seconds between refreshes (default 1)"
    )
    p.add_argument("--local", action="store_true", help="read NVML in this process even if a daemon runs")
    p.set_defaults(func=cmd_top)


def cmd_top(args: argparse.Namespace) -> int:
    if not 0.1 <= args.interval <= 60:
        print("gpuaccel top: --interval must be between 0.1 and 60 seconds", file=sys.stderr)
        return EXIT_USAGE
    if not sys.stdout.isatty() or not sys.stdin.isatty():
        print("gpuaccel top needs a terminal; for a pipe or a file use `gpuaccel status`", file=sys.stderr)
        return EXIT_USAGE
    try:
        source = open_source(args.data_dir, args.local)
    except ClientError as exc:
        print(f"gpuaccel top: {exc}", file=sys.stderr)
        return EXIT_FAILED
    from gpuaccel.app.tui.screen import run  # the view and its models (pydantic): only when top runs

    return run(source, args.interval)


def open_source(data_dir: str | None, local: bool) -> Source:
    """The running daemon when there is one (and ``local`` is not asked), else NVML in this process."""
    from gpuaccel.app.tui.sources import DaemonSource, LocalSource

    if local:
        return LocalSource()
    from gpuaccel.app.client import Client

    client = Client(data_dir=data_dir, timeout=3.0)
    try:
        client.health()
    except DaemonNotRunning:
        client.close()
        return LocalSource()
    except ClientError:
        client.close()
        raise
    return DaemonSource(client)
