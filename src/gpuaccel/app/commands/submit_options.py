"""``gpuaccel submit``'s scheduling options: delayed start, arrays, dependencies, kill grace and warning
signal, finish hooks, idempotency key. Each turns into request fields here, in the CLI, so the daemon
receives plain values (a unix time, seconds, job ids) and a wrong value is refused before anything is sent.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from gpuaccel.api.durations import has_unit
from gpuaccel.app.commands.jobs import parse_duration
from gpuaccel.scheduler.lifecycle.arrays import ARRAY_HELP
from gpuaccel.scheduler.lifecycle.dependencies import DEPENDENCY_HELP, parse_dependency
from gpuaccel.scheduler.lifecycle.timing import AT_HELP, SIGNAL_HELP, parse_at, parse_signal
from gpuaccel.scheduler.store.idempotency import KEY_HELP, check_key


def _help(text: str) -> str:
    """argparse formats help with %: a literal one (%N of an array) is doubled."""
    return text.replace("%", "%%")


def add_options(o: argparse.ArgumentParser) -> None:
    o.add_argument(
        "--after",
        action="append",
        default=[],
        metavar="ID|DELAY",
        help="start after job ID succeeded (ids comma separated), or no sooner than DELAY from now "
        "(a duration with its unit: 10m, 1h30m, 0:30:00; a bare number is a job id)",
    )
    o.add_argument("--at", metavar="TIME", help=f"start no sooner than TIME: {AT_HELP}")
    o.add_argument("--array", metavar="SPEC", help=_help(f"a job array: {ARRAY_HELP}"))
    o.add_argument("--dependency", metavar="SPEC", help=f"Slurm-style dependencies: {DEPENDENCY_HELP}")
    o.add_argument(
        "--kill-grace", metavar="DURATION", help="SIGTERM -> SIGKILL delay on cancel and timeout (e.g. 30s)"
    )
    o.add_argument(
        "--signal", metavar="SIG@SECONDS", help=f"warn the job before its --timeout: {SIGNAL_HELP}"
    )
    o.add_argument(
        "--on-finish", metavar="CMD", help="shell command the daemon runs when the job has finished"
    )
    o.add_argument("--on-finish-url", metavar="URL", help="URL the daemon POSTs to when the job has finished")
    o.add_argument("--idempotency-key", metavar="KEY", help=f"submit at most once per KEY: {KEY_HELP}")


def apply_options(args: argparse.Namespace, request: dict[str, Any]) -> None:
    """Add the options' request fields; ValueError (in the user's terms) for a wrong value."""
    items = [x.strip() for item in args.after for x in item.split(",") if x.strip()]
    delays = [x for x in items if has_unit(x)]
    ids = [x for x in items if not has_unit(x)]
    if not all(x.isdigit() and int(x) > 0 for x in ids):
        raise ValueError(
            f"--after {','.join(ids)}: give job ids (12,13) or a delay with its unit (10m, 1h30m, 0:30:00)"
        )
    if ids:
        request["depends_on"] = [int(x) for x in ids]
    if len(delays) + (args.at is not None) > 1:
        raise ValueError("give one start time: --after DELAY or --at TIME, once")
    if delays:
        request["not_before"] = time.time() + parse_duration(delays[0], "--after")
    if args.at is not None:
        try:
            request["not_before"] = parse_at(args.at)
        except ValueError as exc:
            raise ValueError(f"--at {exc}") from None
    if args.dependency:
        try:
            for field, numbers in parse_dependency(args.dependency).items():
                request[field] = [*request.get(field, []), *numbers]
        except ValueError as exc:
            raise ValueError(f"--dependency {exc}") from None
    if args.array:
        request["array"] = args.array
    if args.kill_grace:
        request["kill_grace_s"] = parse_duration(args.kill_grace, "--kill-grace")
    if args.signal:
        if "timeout_s" not in request:
            raise ValueError(f"--signal {args.signal} is sent before the time limit: give --timeout too")
        try:
            request["warn_signal"], request["warn_before_s"] = parse_signal(args.signal)
        except ValueError as exc:
            raise ValueError(f"--signal {exc}") from None
    if args.on_finish:
        request["on_finish"] = args.on_finish
    if args.on_finish_url:
        request["on_finish_url"] = args.on_finish_url
    if args.idempotency_key is not None:
        try:
            check_key(args.idempotency_key)
        except ValueError as exc:
            raise ValueError(f"--idempotency-key: {exc}") from None
