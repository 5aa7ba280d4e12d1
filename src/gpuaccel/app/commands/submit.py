"""``gpuaccel submit``: a command or a workload kind, its options turned into one job request.

Options may come before or after KIND (they are parsed again from what follows it), and everything after
the first ``--`` is the command, dashes and all. The scheduling options (arrays, delays, dependencies,
signals, hooks) live in :mod:`app.commands.submit_options`.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
from typing import TYPE_CHECKING, Any

from gpuaccel.api.durations import DURATION_HELP
from gpuaccel.api.nodes import NODE_HELP
from gpuaccel.app.client.errors import ApiError
from gpuaccel.app.commands.job_arrays import array_line
from gpuaccel.app.commands.job_table import describe, one_line
from gpuaccel.app.commands.jobs import (
    UsageError,
    client_command,
    client_options,
    exit_code_of,
    key_values,
    parse_duration,
    print_job,
    print_json,
    wait_shown,
)
from gpuaccel.app.commands.submit_options import add_options, apply_options

if TYPE_CHECKING:
    from gpuaccel.api.jobs import Job
    from gpuaccel.app.client import Client


def _submit_options() -> argparse.ArgumentParser:
    """submit's options: parsed again from what follows KIND, so they may come before or after it."""
    o = argparse.ArgumentParser(add_help=False, parents=[client_options()])
    o.add_argument("--json", action="store_true", help="print JSON for scripts")
    o.add_argument("--name", help="a name to show instead of the command")
    o.add_argument("-p", "--priority", type=int, default=0, help="higher runs first (default 0)")
    o.add_argument("--gpus", type=int, help="GPUs needed (default 0 for commands, 1 for GPU workloads)")
    o.add_argument("--gpu-ids", help="exactly these GPUs, comma separated (e.g. 0,2)")
    o.add_argument(
        "--mig",
        metavar="MIG-UUID|any",
        help="one MIG instance: its uuid (gpuaccel status lists them) or any free one",
    )
    o.add_argument("--memory", type=int, metavar="MIB", help="free GPU memory needed on each GPU, in MiB")
    o.add_argument("--retries", type=int, default=0, help="automatic retries after a failure (default 0)")
    o.add_argument("--label", action="append", default=[], metavar="K=V", help="a label (repeatable)")
    o.add_argument("--timeout", metavar="DURATION", help=f"fail the job after this long: {DURATION_HELP}")
    o.add_argument("--env", action="append", default=[], metavar="K=V", help="an environment variable")
    o.add_argument("--cwd", help="working directory (default: the current one)")
    o.add_argument(
        "--where",
        choices=("local", "ray"),
        help="run on the daemon's host or on its Ray cluster (default: the daemon's setting)",
    )
    o.add_argument("-w", "--node", metavar="NAME", help=f"with --where ray: {NODE_HELP}")
    ray = o.add_argument_group("what a --where ray job asks of Ray beyond GPUs")
    ray.add_argument("--cpus", type=float, metavar="N", help="CPUs Ray reserves for it")
    ray.add_argument("--ram", type=int, metavar="MIB", help="host memory Ray reserves for it, in MiB")
    ray.add_argument(
        "--resource",
        action="append",
        default=[],
        metavar="NAME=N",
        help="a custom Ray resource it needs, as nodes declare with ray start --resources (repeatable)",
    )
    ray.add_argument(
        "--working-dir",
        metavar="DIR|URI",
        help="a directory here, uploaded to the cluster at submission, or a remote .zip URI; it runs in it",
    )
    ray.add_argument(
        "--pip", action="append", default=[], metavar="REQ", help="a pip requirement line for it (repeatable)"
    )
    ray.add_argument(
        "--uv",
        action="append",
        default=[],
        metavar="REQ",
        help="a uv requirement line (repeatable; or --pip)",
    )
    o.add_argument("--group", help="the queue group (default: default; see gpuaccel group)")
    o.add_argument("--hold", action="store_true", help="queue it held: it starts only once released")
    o.add_argument("--spec", help="the workload's spec as a JSON object")
    o.add_argument(
        "--set", action="append", default=[], metavar="KEY=VALUE", help="one spec field (JSON value)"
    )
    o.add_argument("--wait", action="store_true", help="wait for the job to end; exit with its exit code")
    o.add_argument(
        "--follow", action="store_true", help="print the job's output as it runs; exit with its exit code"
    )
    add_options(o)
    return o


_SUBMIT_OPTIONS = _submit_options()


def submit_entry(args: argparse.Namespace) -> int:
    kind, *rest = args.rest
    if kind == "--":  # no kind, a command right away (as `pueue add -- CMD`): the command kind
        kind, rest = "command", ["--", *rest]
    argv: list[str] = []
    if "--" in rest:  # everything after the first -- is the command, dashes and all
        cut = rest.index("--")
        rest, argv = rest[:cut], rest[cut + 1 :]
    words = argparse.ArgumentParser(add_help=False, parents=[_SUBMIT_OPTIONS], prog="gpuaccel submit KIND")
    words.add_argument("words", nargs="*")
    try:
        words.parse_intermixed_args(rest, namespace=args)
    except SystemExit as exc:
        return int(exc.code or 2)
    args.kind = kind
    args.argv = [*args.words, *argv]
    return client_command(cmd_submit)(args)


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "submit",
        parents=[_SUBMIT_OPTIONS],
        description="Queue a job. `gpuaccel submit command [options] -- python train.py` runs any command; "
        "`gpuaccel submit matmul --set size=8192 --set duration_s=30` runs a registered workload.",
    )
    # KIND and all that follows in one list: a separate KIND positional would let argparse swallow a
    # "--" right after it, and the command's own dashed arguments would then read as submit's options.
    p.add_argument(
        "rest",
        nargs=argparse.PARSER,
        metavar="KIND",
        help="'command' or a workload kind (matmul, ...); options; for 'command': -- PROGRAM [ARGS]",
    )
    p.set_defaults(func=submit_entry)


def build_request(args: argparse.Namespace) -> dict[str, Any]:
    argv = list(args.argv)
    for i, word in enumerate(argv):
        if not _is_utf8(word):
            raise UsageError(
                f"argument {i + 1} of the command ({word.encode('utf-8', 'surrogateescape')!r}) is not valid "
                "UTF-8; jobs carry their command as UTF-8 text, so rename the file or pass the bytes "
                "another way (e.g. through a script)"
            )
    spec: dict[str, Any] = {}
    if args.spec:
        try:
            spec = json.loads(args.spec)
        except json.JSONDecodeError as exc:
            raise UsageError(f"--spec is not JSON: {exc}") from None
        if not isinstance(spec, dict):
            raise UsageError("--spec must be a JSON object, e.g. '{\"size\": 8192}'")
    for key, raw in key_values(args.set, "--set").items():
        try:
            spec[key] = json.loads(raw)
        except json.JSONDecodeError:
            spec[key] = raw
    request: dict[str, Any] = {"kind": args.kind, "priority": args.priority, "max_retries": args.retries}
    if argv:
        request["argv"] = argv
    if spec:
        request["spec"] = spec
    if args.kind == "command" and not args.working_dir:  # with a working_dir, it runs in that
        request["cwd"] = os.path.abspath(args.cwd or os.getcwd())
    elif args.cwd:
        request["cwd"] = os.path.abspath(args.cwd)
    request.update(ray_asks(args))
    optional = {
        "name": args.name, "gpus": args.gpus, "memory_mib": args.memory, "where": args.where,
        "group": args.group, "hold": args.hold or None, "mig": args.mig, "node": args.node,
    }  # fmt: skip
    request.update({k: v for k, v in optional.items() if v is not None})
    if args.gpu_ids:
        try:
            request["gpu_ids"] = [int(x) for x in args.gpu_ids.split(",") if x.strip()]
        except ValueError:
            raise UsageError(f"--gpu-ids {args.gpu_ids!r}: give GPU indices like 0,1") from None
    if args.label:
        request["labels"] = key_values(args.label, "--label")
    if args.env:
        request["env"] = key_values(args.env, "--env")
    if args.timeout:
        request["timeout_s"] = parse_duration(args.timeout)
    try:
        apply_options(args, request)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return request


def ray_asks(args: argparse.Namespace) -> dict[str, Any]:
    """The request fields of the Ray options (the daemon checks them: where: ray only, api.ray_job)."""
    out: dict[str, Any] = {}
    if args.cpus is not None:
        out["cpus"] = args.cpus
    if args.ram is not None:
        out["ram_mib"] = args.ram
    resources = {}
    for name, amount in key_values(args.resource, "--resource").items():
        try:
            resources[name] = float(amount)
        except ValueError:
            raise UsageError(
                f"--resource {name}={amount}: give the amount as a number (e.g. {name}=1)"
            ) from None
    if resources:
        out["resources"] = resources
    env: dict[str, Any] = {}
    if args.working_dir:
        wd = args.working_dir
        env["working_dir"] = wd if "://" in wd else os.path.abspath(wd)
    if args.pip:
        env["pip"] = args.pip
    if args.uv:
        env["uv"] = args.uv
    if env:
        out["runtime_env"] = env
    return out


def _is_utf8(word: str) -> bool:
    try:
        word.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


SHELL_SYNTAX = frozenset(";|&<>$`*?()")  # a line holding one of these means what only a shell reads


def command_hint(words: list[str]) -> str:
    """How to submit ``words`` as a command: after ``--``, through ``sh -c`` when it is a shell line
    (``gpuaccel submit "sleep 20; echo done"`` got an unknown-kind error and no hint)."""
    line = " ".join(words)
    if SHELL_SYNTAX & set(line):
        return f"gpuaccel submit -- sh -c {shlex.quote(line)}"
    try:
        return "gpuaccel submit -- " + shlex.join(shlex.split(line))
    except ValueError:  # an unclosed quote: through the shell, which names it
        return f"gpuaccel submit -- sh -c {shlex.quote(line)}"


def cmd_submit(args: argparse.Namespace, client: Client) -> int:
    if args.array and (args.wait or args.follow):
        raise UsageError("--wait and --follow follow one job; an array has many (use gpuaccel ls)")
    if any(c.isspace() for c in args.kind):  # a quoted command line where the kind goes
        raise UsageError(
            f"{args.kind!r} is not a job kind; to run it as a command, put it after --: "
            + command_hint([args.kind, *args.argv])
        )
    try:
        job = client.submit(idempotency_key=args.idempotency_key, **build_request(args))
    except ApiError as exc:
        if args.kind != "command" and "unknown workload kind" in str(exc.detail):
            hint = command_hint([args.kind, *args.argv])
            raise UsageError(f"{exc.detail}; to run a command, put it after --: {hint}") from None
        raise
    if job.array_id is not None:
        return print_job(
            args, job, array_line(job, client.get_array(job.array_id, limit=0).states, what(job))
        )
    if not (args.wait or args.follow):
        return print_job(args, job, f"job {job.id} {job.state} ({what(job)})")
    # Waiting: stdout carries the job's output (--follow) or its final state; notes go to stderr.
    print(f"job {job.id} queued ({what(job)})", file=sys.stderr, flush=True)
    try:
        if args.follow:
            for text in client.follow_log(job.id, tail=FOLLOW_FROM_START):
                sys.stdout.write(text)
                sys.stdout.flush()
        job = client.wait(job.id) if args.follow else wait_shown(client, job.id)
    except KeyboardInterrupt:
        print(f"\njob {job.id} keeps running; follow it with: gpuaccel logs -f {job.id}", file=sys.stderr)
        return 130
    if args.json:
        print_json(job)
    else:
        ended = f"job {job.id} {job.state}" + (f": {one_line(job.reason)}" if job.reason else "")
        print(ended, file=sys.stderr)
    return exit_code_of(job)


def what(job: Job) -> str:
    """The job in a few words on one line (a name or command may hold newlines and escapes)."""
    return one_line(describe(job))


FOLLOW_FROM_START = 1_000_000  # the log route's largest tail: the whole log of a job just queued
