"""The ``gpuaccel`` command: a thin argparse root; each sub-command lives in ``app.commands``.

No Qt here: the GUI is imported only when ``gpuaccel`` runs with no arguments. Only the command being run
is imported (``app.commands.catalog`` names each one's module), so ``gpuaccel --help`` stays fast.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from gpuaccel.app.commands.catalog import COMMANDS, EXIT_CODES, EXIT_INTERRUPTED, EXIT_PIPE, EXIT_USAGE

# What the ``gui`` extra installs; any of them missing means the desktop app cannot be imported.
_GUI_EXTRA = frozenset({"PySide6", "shiboken6", "pyqtgraph"})
NO_GUI = (
    "gpuaccel: the desktop app needs the gui extra: pip install 'gpuaccel[gui]'. "
    "Meanwhile `gpuaccel status --watch` shows the GPUs in the terminal."
)
_PACKAGE = "gpuaccel.app.commands."


class _Commands(argparse._SubParsersAction):
    """Sub-parsers whose one-line help comes from the catalog (modules register commands without it)."""

    def add_parser(self, name: str, **kwargs):  # type: ignore[no-untyped-def]
        if name in COMMANDS:
            kwargs.setdefault("help", COMMANDS[name].help)
        return super().add_parser(name, **kwargs)


def build_parser(lazy: bool = False, command: str | None = None) -> argparse.ArgumentParser:
    """The root parser with every command; ``lazy``: with ``command``'s module only, every other command
    a name with its help (enough for ``--help`` and for completing command names)."""
    parser = argparse.ArgumentParser(
        prog="gpuaccel",
        description="GPU monitor, job queue and idle-time assistant. No arguments: the desktop app.",
        epilog=exit_code_table(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--demo", action="store_true", help="simulated GPUs (no NVIDIA GPU needed), with data of their own"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", action=_Commands)
    wanted = set() if lazy else {c.module for c in COMMANDS.values()}
    if command in COMMANDS:
        wanted.add(COMMANDS[command].module)
    for name, entry in COMMANDS.items():
        if name in sub.choices:
            continue
        if entry.module in wanted:
            importlib.import_module(_PACKAGE + entry.module).register(sub)
        else:
            sub.add_parser(name, add_help=False)
    return parser


def exit_code_table() -> str:
    rows = "\n".join(f"  {code!s:>4}  {meaning}" for code, meaning in EXIT_CODES)
    return f"exit status (every command):\n{rows}"


def _command_word(words: list[str]) -> str | None:
    """The command in ``words`` (the root's own options are all flags)."""
    return next((w for w in words if not w.startswith("-")), None)


def main(argv: list[str] | None = None) -> int:
    if "_ARGCOMPLETE" in os.environ:  # a shell asking for completions (see `gpuaccel completion`)
        from gpuaccel.app.commands.completion import complete

        complete(build_parser)
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(lazy=True, command=_command_word(argv))
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
        return EXIT_USAGE
    try:
        code = int(args.func(args) or 0)
        sys.stdout.flush()  # here, not at exit: a reader that left must not cost a traceback there
        return code
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader left (``gpuaccel ls | head``): stop quietly, as a pipe writer does
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # nothing left to flush at exit
        return EXIT_PIPE


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
