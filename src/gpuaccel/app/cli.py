"""The ``gpuaccel`` command: a thin argparse root; each sub-command lives in ``app.commands``.

No Qt here: the GUI is imported only when ``gpuaccel`` runs with no arguments.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

# Each module exposes ``register(subparsers)``, adding its commands with ``set_defaults(func=...)``.
_COMMAND_MODULES: tuple[str, ...] = (
    "gpuaccel.app.commands.status",
    "gpuaccel.app.commands.serve",
    "gpuaccel.app.commands.jobs",
    "gpuaccel.app.commands.bench",
    "gpuaccel.app.commands.assistant",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gpuaccel",
        description="GPU monitor, job queue and idle-time assistant. No arguments: the desktop app.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in _COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser()
    if not argv:
        return _open_desktop(parser)
    args = parser.parse_args(argv)
    if not hasattr(args, "func"):
        parser.print_help()
        return 2
    try:
        code = int(args.func(args) or 0)
        sys.stdout.flush()  # here, not at exit: a reader that left must not cost a traceback there
        return code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader left (``gpuaccel ls | head``): stop quietly, as a pipe writer does
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing left to flush at exit
        return 141


def _open_desktop(parser: argparse.ArgumentParser) -> int:
    """The GUI when it is installed; the live status view otherwise."""
    try:
        gui = importlib.import_module("gpuaccel.app.gui.main")
    except ModuleNotFoundError as exc:
        if exc.name not in {"gpuaccel.app.gui", "gpuaccel.app.gui.main"}:
            raise
        return main(["status", "--watch"])
    return int(gui.run() or 0)


if __name__ == "__main__":
    sys.exit(main())
