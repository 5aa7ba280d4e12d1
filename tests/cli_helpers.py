"""The CLI's argparse tree, read by tests: a command's sub-commands and options by path."""

from __future__ import annotations

import argparse

from gpuaccel.app.cli import build_parser


def subparser(*path: str) -> argparse.ArgumentParser:
    """The parser of ``gpuaccel PATH...`` (``subparser("group", "add")``)."""
    parser = build_parser()
    for name in path:
        parser = _commands(parser)[name]
    return parser


def commands(*path: str) -> set[str]:
    return set(_commands(subparser(*path)))


def options(*path: str) -> set[str]:
    return set(subparser(*path)._option_string_actions)


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    found = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(found[0].choices) if found else {}
