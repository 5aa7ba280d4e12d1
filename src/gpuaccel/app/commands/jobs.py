"""Job queue commands: ``ls``, ``show``, ``logs``, ``cancel``, ``retry``, ``priority``, ``wait``.

All talk to a running daemon through :class:`app.client.Client`; none starts one. When no daemon runs
they say how to start one and exit 1, never with a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Callable

from gpuaccel.app.client import ApiError, Client, ClientError
from gpuaccel.app.commands.job_arrays import cancel_target, grouped, state_counts
from gpuaccel.scheduler import timing
from gpuaccel.scheduler.models import DEFAULT_GROUP, LIVE, Job, JobState

EXIT_NO_DAEMON = 1
SHOW_FIELDS = (
    "state", "reason", "waiting_reason", "kind", "priority", "gpus", "gpu_ids", "assigned_gpus",
    "memory_mib", "attempt", "max_retries", "depends_on", "labels", "timeout_s", "exit_code", "cwd",
    "where", "want_node", "node", "placement_ref", "array_id", "array_index", "array_max", "after_any",
    "after_notok",
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


MAX_LIST = 9999  # the API's listing limit is 10000; ls asks for one row more


def register(subparsers: argparse._SubParsersAction) -> None:
    common = client_options()
    as_json = argparse.ArgumentParser(add_help=False)
    as_json.add_argument("--json", action="store_true", help="print JSON for scripts")

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

    p = subparsers.add_parser("cancel", parents=[common, as_json], help="cancel queued or running jobs")
    p.add_argument(
        "ids",
        nargs="+",
        metavar="ID",
        help="job ids; an array's id cancels all its elements, ARRAY_INDEX (5_3) one element",
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


def key_values(items: list[str], what: str) -> dict[str, str]:
    """``K=V`` options (``--label``, ``--env``, ``--set``) as a dict; a malformed one is a usage error."""
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
    if not 1 <= args.limit <= MAX_LIST:
        raise UsageError(f"--limit must be from 1 to {MAX_LIST}, got {args.limit}")
    # one row past the limit tells whether older jobs were left out, so the table can say so
    jobs = client.list_jobs(
        state=args.state, kind=args.kind, labels=key_values(args.label, "--label"), limit=args.limit + 1
    )
    more, jobs = len(jobs) > args.limit, jobs[: args.limit]
    if args.json:
        print(json.dumps([j.to_json() for j in jobs], indent=1))
        return 0
    if not jobs:
        print("no jobs")
        return 0
    groups = any(j.group != DEFAULT_GROUP for j in jobs)  # a GROUP column only where groups are in use
    head = f"{'ID':>5} {'STATE':<10} {'PRIO':>4} {'GPUS':<6} {'AGE':>5} {'TIME':>7}  "
    print(head + (f"{'GROUP':<12} " if groups else "") + f"{'JOB':<36} NOTE")
    for array_id, group in grouped(jobs):
        if array_id is not None:
            print(f"array {array_id}: {state_counts(Counter(str(j.state) for j in group))}")
        for j in group:
            gpus = ",".join(map(str, j.assigned_gpus)) if j.assigned_gpus else str(j.gpus or "-")
            gpus += "/MIG" if j.mig else ""
            note = j.reason or j.waiting_reason or _progress(j) or ""
            if j.state == JobState.HELD and not note:  # held by hand: how it starts
                note = f"held: starts after gpuaccel release {j.id}"
            what = describe(j) if j.array_index is None else f"[{j.array_index}] {describe(j)}"
            line = f"{j.id:>5} {j.state:<10} {j.priority:>4} {gpus:<6} {_age(j.created_at):>5} "
            line += f"{_duration(j):>7}  "
            line += f"{j.group[:12]:<12} " if groups else ""
            print(line + f"{what[:36]:<36} {note}")
    if more:
        wider = min(args.limit * 4, MAX_LIST)
        print(f"(the newest {args.limit} shown; more match: gpuaccel ls -n {wider}, or narrow with --state)")
    return 0


def _progress(job: Job) -> str:
    """How far the job is; a message without a fraction (a cluster job's Ray state, "Ray cluster
    unreachable ...") only while it runs, as it says nothing once the job has ended."""
    p = job.progress
    if p is None:
        return ""
    if p.fraction is None:
        return p.message if job.state in LIVE else ""
    return f"{100 * p.fraction:.0f}% {p.message}".strip()


def cmd_show(args: argparse.Namespace, client: Client) -> int:
    job = client.get_job(args.id)
    if args.json:
        print_json(job)
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


def print_json(job: Job) -> None:
    """A job as the API sends it, for scripts."""
    print(json.dumps(job.to_json(), indent=1))


def print_job(args: argparse.Namespace, job: Job, line: str) -> int:
    """The job as JSON with ``--json``, else ``line`` for a person."""
    if args.json:
        print_json(job)
    else:
        print(line)
    return 0


def _acted(args: argparse.Namespace, job: Job, verb: str) -> int:
    return print_job(args, job, f"job {job.id} {verb} (now {job.state})")


def cmd_cancel(args: argparse.Namespace, client: Client) -> int:
    """``ID ...`` (as scancel and pueue kill take several); an array's id: every element; ``ARRAY_INDEX``:
    that element. One that cannot be cancelled is said on stderr and the others still are (exit 1)."""
    if len(args.ids) == 1:  # one id: its own failure is the command's (a usage error exits 2)
        return _cancel_one(args, client, args.ids[0])
    failed = 0
    for text in args.ids:
        try:
            _cancel_one(args, client, text)
        except (ApiError, UsageError) as exc:
            failed += 1
            detail = exc.detail if isinstance(exc, ApiError) and exc.status == 404 else exc
            _err(args, f"{text}: {detail}")
    return 1 if failed else 0


def _cancel_one(args: argparse.Namespace, client: Client, text: str) -> int:
    try:
        what, target = cancel_target(client, text)
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
    print_job(args, job, f"job {job.id} {job.state}" + (f": {job.reason}" if job.reason else ""))
    return exit_code_of(job)
