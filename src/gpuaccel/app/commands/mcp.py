"""``gpuaccel mcp``: the MCP server on stdin/stdout, for coding agents, talking to the running daemon.

Stdout carries the protocol, so nothing else is printed there; a daemon that is not running is each tool
call's error, in the client's words (the agent sees why and what to start). The server itself is
:mod:`gpuaccel.assistant.http.mcp` (it needs the ``assistant`` extra, which brings the ``mcp`` SDK).
"""

from __future__ import annotations

import argparse
import sys

from gpuaccel.app.commands.catalog import EXIT_FAILED
from gpuaccel.app.commands.jobs import client_options

INSTALL_HINT = "gpuaccel mcp needs the MCP SDK: pip install 'gpuaccel[assistant]'"
CALL_TIMEOUT_S = 60.0


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "mcp",
        parents=[client_options()],
        description=(
            "Serves the Model Context Protocol on stdin/stdout. Add it to an agent as the command "
            "'gpuaccel mcp'. Submit and cancel are asked of the user through the agent's client "
            "(MCP elicitation) and refused where it cannot ask, unless --allow-writes is given."
        ),
    )
    p.add_argument(
        "--allow-writes",
        action="store_true",
        help="let agents submit and cancel jobs without asking you (for clients without elicitation)",
    )
    p.set_defaults(func=cmd_mcp)


def cmd_mcp(args: argparse.Namespace) -> int:
    try:
        import anyio

        from gpuaccel.assistant.http.mcp import serve_stdio
    except ModuleNotFoundError as exc:
        if not (exc.name or "").startswith(("mcp", "anyio")):
            raise
        print(f"{INSTALL_HINT} ({exc.name} is missing)", file=sys.stderr)
        return EXIT_FAILED
    from gpuaccel.app.client import Client, ClientError

    with Client(data_dir=args.data_dir, timeout=CALL_TIMEOUT_S) as client:
        anyio.run(serve_stdio, client, (ClientError,), args.allow_writes)
    return 0
