"""Job queue commands: ``submit``, ``ls``, ``show``, ``logs``, ``cancel``, ``retry``, ``priority``, ``wait``.

All talk to a running daemon through :class:`app.client.Client`; none starts one. When no daemon runs
they say how to start one and exit 1, never with a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

from gpuaccel.app.client import ApiError, Client, ClientError
from gpuaccel.app.commands.job_arrays import array_line, cancel_target, grouped, state_counts
from gpuaccel.app.commands.submit_options import add_options, apply_options
from gpuaccel.scheduler import timing
from gpuaccel.scheduler.models import Job, JobState

EXIT_NO_DAEMON = 1
SHOW_FIELDS = (
    "state", "reason", "waiting_reason", "kind", "priority", "gpus", "gpu_ids", "assigned_gpus",
    "memory_mib", "attempt", "max_retries", "depends_on", "labels", "timeout_s", "exit_code", "cwd",
    "where", "node", "placement_ref", "array_id", "array_index", "array_max", "after_any", "after_notok",
    "kill_grace_s", "warn_signal", "warn_before_s", "on_finish", "on_finish_url", "group", "paused_s", "mig",
    "assigned_mig",
)  # fmt: skip


def client_options() -> argparse.ArgumentParser:
    """``--data-dir``, for every command that talks to a daemon."""
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument(
        "--data-dir", help="the daemon's data dir (default $GPUACCEL_DATA_DIR or the platform's)"
    )
    return parent


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
    o.add_argument("--timeout", metavar="DURATION", help="fail the job after this long: 90, 90s, 10m, 2h")
    o.add_argument("--env", action="append", default=[], metavar="K=V", help="an environment variable")
    o.add_argument("--cwd", help="working directory (default: the current one)")
    o.add_argument(
        "--where",
        choices=("local", "ray"),
        help="run on the daemon's host or on its Ray cluster (default: the daemon's setting)",
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
    common = client_options()
    as_json = argparse.ArgumentParser(add_help=False)
    as_json.add_argument("--json", action="store_true", help="print JSON for scripts")

    p = subparsers.add_parser(
        "submit",
        parents=[_SUBMIT_OPTIONS],
        help="queue a job: a command (after --) or a workload kind",
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

    p = subparsers.add_parser("ls", parents=[common, as_json], help="list jobs, newest first")
    p.add_argument("--state", help=f"comma list: {','.join(JobState)}")
    p.add_argument("--kind")
    p.add_argument("--label", action="append", default=[], metavar="K=V")
    p.add_argument("-n", "--limit", type=int, default=50)
    p.set_defaults(func=client_command(cmd_ls))

    p = subparsers.add_parser("show", parents=[common, as_json], help="one job with its events")
    p.add_argument("id", type=int)
    p.set_defaults(func=client_command(cmd_show))

    p = subparsers.add_parser("logs", parents=[common], help="a job's output (-f to follow)")
    p.add_argument("id", type=int)
    p.add_argument("-f", "--follow", action="store_true", help="keep printing until the job ends")
    p.add_argument("-n", "--tail", type=int, default=200, help="last N lines (default 200)")
    p.set_defaults(func=client_command(cmd_logs))

    p = subparsers.add_parser("cancel", parents=[common, as_json], help="cancel a queued or running job")
    p.add_argument(
        "id", help="a job id; an array's id cancels all its elements, ARRAY_INDEX (5_3) one element"
    )
    p.set_defaults(func=client_command(cmd_cancel))
    p = subparsers.add_parser("retry", parents=[common, as_json], help="queue a finished job again")
    p.add_argument("id", type=int)
    p.set_defaults(func=client_command(cmd_retry))

    p = subparsers.add_parser("priority", parents=[common, as_json], help="change a job's priority")
    p.add_argument("id", type=int)
    p.add_argument("priority", type=int)
    p.set_defaults(func=client_command(cmd_priority))

    p = subparsers.add_parser(
        "wait", parents=[common, as_json], help="wait for a job; exit with its exit code"
    )
    p.add_argument("id", type=int)
    p.add_argument("--timeout", type=float, help="give up after this many seconds (exit 124)")
    p.set_defaults(func=client_command(cmd_wait))


def client_command(
    fn: Callable[[argparse.Namespace, Client], int], timeout: float = 10.0
) -> Callable[[argparse.Namespace], int]:
    """Run a command with a client; every client failure becomes one line on stderr and exit 1 (2: usage)."""

    def run(args: argparse.Namespace) -> int:
        try:
            with Client(data_dir=args.data_dir, timeout=timeout) as client:
                return fn(args, client)
        except ApiError as exc:
            _err(args, str(exc) if exc.status != 404 else str(exc.detail))
        except ClientError as exc:
            _err(args, str(exc))
        except UsageError as exc:
            _err(args, str(exc))
            return 2
        return EXIT_NO_DAEMON

    return run


class UsageError(ValueError):
    pass


def _err(args: argparse.Namespace, message: str) -> None:
    print(f"gpuaccel {args.command}: {message}", file=sys.stderr)


def _pairs(items: list[str], what: str) -> dict[str, str]:
    out = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise UsageError(f"{what} {item!r} is not KEY=VALUE")
        out[key] = value
    return out


def parse_duration(text: str, option: str = "--timeout") -> float:
    """``90``, ``90s``, ``10m``, ``2h``, ``1d`` -> seconds (:func:`scheduler.timing.parse_duration`)."""
    try:
        return timing.parse_duration(text)
    except ValueError:
        raise UsageError(f"{option} {text!r}: use {timing.DURATION_HELP}") from None


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
    for key, raw in _pairs(args.set, "--set").items():
        try:
            spec[key] = json.loads(raw)
        except json.JSONDecodeError:
            spec[key] = raw
    request: dict[str, Any] = {"kind": args.kind, "priority": args.priority, "max_retries": args.retries}
    if argv:
        request["argv"] = argv
    if spec:
        request["spec"] = spec
    if args.kind == "command":
        request["cwd"] = os.path.abspath(args.cwd or os.getcwd())
    elif args.cwd:
        request["cwd"] = os.path.abspath(args.cwd)
    optional = {
        "name": args.name, "gpus": args.gpus, "memory_mib": args.memory, "where": args.where,
        "group": args.group, "hold": args.hold or None, "mig": args.mig,
    }  # fmt: skip
    request.update({k: v for k, v in optional.items() if v is not None})
    if args.gpu_ids:
        try:
            request["gpu_ids"] = [int(x) for x in args.gpu_ids.split(",") if x.strip()]
        except ValueError:
            raise UsageError(f"--gpu-ids {args.gpu_ids!r}: give GPU indices like 0,1") from None
    if args.label:
        request["labels"] = _pairs(args.label, "--label")
    if args.env:
        request["env"] = _pairs(args.env, "--env")
    if args.timeout:
        request["timeout_s"] = parse_duration(args.timeout)
    try:
        apply_options(args, request)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return request


def _is_utf8(word: str) -> bool:
    try:
        word.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def cmd_submit(args: argparse.Namespace, client: Client) -> int:
    if args.array and (args.wait or args.follow):
        raise UsageError("--wait and --follow follow one job; an array has many (use gpuaccel ls)")
    job = client.submit(idempotency_key=args.idempotency_key, **build_request(args))
    if job.array_id is not None:
        return _print_job(
            args, job, array_line(job, client.get_array(job.array_id, limit=0).states, describe(job))
        )
    if not (args.wait or args.follow):
        return _print_job(args, job, f"job {job.id} {job.state} ({describe(job)})")
    # Waiting: stdout carries the job's output (--follow) or its final state; notes go to stderr.
    print(f"job {job.id} queued ({describe(job)})", file=sys.stderr, flush=True)
    try:
        if args.follow:
            for text in client.follow_log(job.id, tail=FOLLOW_FROM_START):
                sys.stdout.write(text)
                sys.stdout.flush()
        job = client.wait(job.id)
    except KeyboardInterrupt:
        print(f"\njob {job.id} keeps running; follow it with: gpuaccel logs -f {job.id}", file=sys.stderr)
        return 130
    if args.json:
        _print_json(job)
    else:
        print(f"job {job.id} {job.state}" + (f": {job.reason}" if job.reason else ""), file=sys.stderr)
    return exit_code_of(job)


FOLLOW_FROM_START = 1_000_000  # the log route's largest tail: the whole log of a job just queued


def describe(job: Job) -> str:
    if job.name:
        return job.name
    if job.kind == "command":
        return " ".join(job.argv)
    return f"{job.kind} {json.dumps(job.spec, separators=(',', ':'))}"


def _age(t: float | None) -> str:
    if t is None:
        return "-"
    s = max(0.0, time.time() - t)
    return f"{s:.0f}s" if s < 120 else f"{s / 60:.0f}m" if s < 7200 else f"{s / 3600:.0f}h"


def _duration(job: Job) -> str:
    if job.started_at is None:
        return "-"
    end = job.finished_at or time.time()
    return f"{max(0.0, end - job.started_at):.1f}s"


def cmd_ls(args: argparse.Namespace, client: Client) -> int:
    jobs = client.list_jobs(
        state=args.state, kind=args.kind, labels=_pairs(args.label, "--label"), limit=args.limit
    )
    if args.json:
        print(json.dumps([j.to_json() for j in jobs], indent=1))
        return 0
    if not jobs:
        print("no jobs")
        return 0
    print(f"{'ID':>5} {'STATE':<10} {'PRIO':>4} {'GPUS':<6} {'AGE':>5} {'TIME':>7}  {'JOB':<36} NOTE")
    for array_id, group in grouped(jobs):
        if array_id is not None:
            print(f"array {array_id}: {state_counts(Counter(str(j.state) for j in group))}")
        for j in group:
            gpus = ",".join(map(str, j.assigned_gpus)) if j.assigned_gpus else str(j.gpus or "-")
            gpus += "/MIG" if j.mig else ""
            note = j.reason or j.waiting_reason or _progress(j) or ""
            what = describe(j) if j.array_index is None else f"[{j.array_index}] {describe(j)}"
            line = f"{j.id:>5} {j.state:<10} {j.priority:>4} {gpus:<6} {_age(j.created_at):>5} "
            print(line + f"{_duration(j):>7}  {what[:36]:<36} {note}")
    return 0


def _progress(job: Job) -> str:
    p = job.progress
    if p is None or p.fraction is None:
        return ""
    return f"{100 * p.fraction:.0f}% {p.message}".strip()


def cmd_show(args: argparse.Namespace, client: Client) -> int:
    job = client.get_job(args.id)
    if args.json:
        _print_json(job)
        return 0
    print(f"job {job.id}: {describe(job)}")
    for key in SHOW_FIELDS:
        value = getattr(job, key)
        if value not in (None, [], {}):
            print(f"  {key:<15} {value}")
    if job.not_before is not None:
        print(f"  {'not_before':<15} {time.strftime('%Y-%m-%d %H:%M:%S', time.localtime(job.not_before))}")
    if _progress(job):
        print(f"  {'progress':<15} {_progress(job)}")
    if job.result:
        print(f"  {'result':<15} {json.dumps(job.result)}")
    print(f"  {'duration':<15} {_duration(job)}")
    print("events:")
    for e in job.events or []:
        print(f"  {time.strftime('%H:%M:%S', time.localtime(e.t))} {e.state or '':<10} {e.message}")
    return 0


def cmd_logs(args: argparse.Namespace, client: Client) -> int:
    if not args.follow:
        sys.stdout.write(client.log(args.id, tail=args.tail))
        return 0
    for text in client.follow_log(args.id, tail=args.tail):
        sys.stdout.write(text)
        sys.stdout.flush()
    return 0


def _print_json(job: Job) -> None:
    """A job as the API sends it, for scripts."""
    print(json.dumps(job.to_json(), indent=1))


def _print_job(args: argparse.Namespace, job: Job, line: str) -> int:
    """The job as JSON with ``--json``, else ``line`` for a person."""
    if args.json:
        _print_json(job)
    else:
        print(line)
    return 0


def _acted(args: argparse.Namespace, job: Job, verb: str) -> int:
    return _print_job(args, job, f"job {job.id} {verb} (now {job.state})")


def cmd_cancel(args: argparse.Namespace, client: Client) -> int:
    """``ID``; an array's id: every element (as Slurm's scancel); ``ARRAY_INDEX``: that element."""
    try:
        what, target = cancel_target(client, args.id)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if what == "job":
        return _acted(args, client.cancel(target), "cancel requested")
    array = client.cancel_array(target)
    if args.json:
        print(json.dumps(array.model_dump(mode="json"), indent=1))
    else:
        print(f"array {target}: unfinished elements cancelled (now {state_counts(array.states)})")
    return 0


def cmd_retry(args: argparse.Namespace, client: Client) -> int:
    return _acted(args, client.retry(args.id), "queued again")


def cmd_priority(args: argparse.Namespace, client: Client) -> int:
    return _acted(args, client.set_priority(args.id, args.priority), f"priority set to {args.priority}")


def exit_code_of(job: Job) -> int:
    """The job's exit code as a shell would report it: 0 ok, N from the command, 128+signal, else 1."""
    if job.state is JobState.SUCCEEDED:
        return 0
    code = job.exit_code
    if code is None or code == 0:
        return 1
    return 128 - code if code < 0 else min(code, 255)


def cmd_wait(args: argparse.Namespace, client: Client) -> int:
    try:
        job = client.wait(args.id, timeout=args.timeout)
    except TimeoutError as exc:
        _err(args, str(exc))
        return 124
    _print_job(args, job, f"job {job.id} {job.state}" + (f": {job.reason}" if job.reason else ""))
    return exit_code_of(job)
