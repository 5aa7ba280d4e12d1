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
    "gpuaccel.app.commands.submit",
    "gpuaccel.app.commands.jobs",
    "gpuaccel.app.commands.controls",
    "gpuaccel.app.commands.ps",
    "gpuaccel.app.commands.history",
    "gpuaccel.app.commands.bench",
    "gpuaccel.app.commands.assistant",
    "gpuaccel.app.commands.mcp",
    "gpuaccel.app.commands.service",
    "gpuaccel.app.commands.config",
    "gpuaccel.app.commands.completion",
)
# What the ``gui`` extra installs; any of them missing means the desktop app cannot be imported.
_GUI_EXTRA = frozenset({"PySide6", "shiboken6", "pyqtgraph"})
NO_GUI = (
    "gpuaccel: the desktop app needs the gui extra: pip install 'gpuaccel[gui]'. "
    "Meanwhile `gpuaccel status --watch` shows the GPUs in the terminal."
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gpuaccel",
        description="GPU monitor, job queue and idle-time assistant. No arguments: the desktop app.",
    )
    parser.add_argument(
        "--demo", action="store_true", help="simulated GPUs (no NVIDIA GPU needed), with data of their own"
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
    if args.demo:
        from gpuaccel.app.demo import enter_demo

        enter_demo()
        if args.command is None:
            return _open_desktop(parser, demo=True)
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


def _open_desktop(parser: argparse.ArgumentParser, demo: bool = False) -> int:
    """The GUI when the ``gui`` extra is installed; otherwise one line saying so, then the live status
    view. Missing system libraries (with the apt line) or a missing display are named before Qt could
    abort with a misleading message."""
    from gpuaccel.app import qt_libs

    try:
        gui = importlib.import_module("gpuaccel.app.gui.main")
    except ModuleNotFoundError as exc:
        if (exc.name or "").split(".")[0] not in _GUI_EXTRA:
            raise
        print(NO_GUI, file=sys.stderr)
        return main(["status", "--watch"])  # the environment already says demo when it is one
    except ImportError as exc:  # QtGui could not load a system library (libEGL, libxkbcommon, ...)
        missing = qt_libs.missing_from_import_error(exc)
        if not missing:
            raise
        print(qt_libs.explain(missing), file=sys.stderr)
        return 1
    missing = qt_libs.missing_qt_libraries()
    problem = qt_libs.explain(missing) if missing else qt_libs.no_display()
    if problem:
        print(problem, file=sys.stderr)
        return 1
    return int(gui.run(demo=demo) or 0)


if __name__ == "__main__":
    sys.exit(main())
