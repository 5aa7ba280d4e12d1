"""Job queue commands: ``ls``, ``show``, ``logs``, ``cancel``, ``retry``, ``priority``, ``wait``.

All talk to a running daemon through :class:`app.client.Client`; none starts one. When no daemon runs
they say how to start one and exit 1, never with a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import shlex
import sys
import time
from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from gpuaccel.api import durations
from gpuaccel.api.states import JobState
from gpuaccel.app.client.errors import ApiError, ClientError
from gpuaccel.app.commands import bars
from gpuaccel.app.commands.catalog import EXIT_FAILED, EXIT_TIMEOUT, EXIT_USAGE
from gpuaccel.app.commands.job_arrays import cancel_target, state_counts
from gpuaccel.app.commands.job_table import (
    FORMAT_HELP,
    describe,
    formatted,
    one_line,
    parse_format,
    progress,
    run_time,
    table,
)

if TYPE_CHECKING:  # the client and the job models (httpx, pydantic) load when a command runs, not for a TAB
    from gpuaccel.api.jobs import ArrayOut, Job
    from gpuaccel.app.client import Client

SHOW_FIELDS = (
    "state", "reason", "waiting_reason", "kind", "priority", "gpus", "gpu_ids", "assigned_gpus",
    "memory_mib", "attempt", "max_retries", "depends_on", "labels", "timeout_s", "exit_code", "cwd",
    "where", "want_node", "node", "placement_ref", "cpus", "ram_mib", "resources", "array_id",
    "array_index", "array_max", "after_any", "after_notok",
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

    p = subparsers.add_parser("ls", parents=[common, as_json])
    p.add_argument("--state", help=f"comma list: {','.join(JobState)}")
    p.add_argument("--kind")
    p.add_argument("--group", help="only this queue group")
    p.add_argument("--name", help="only jobs of this name (a glob with * ? [: 'train-*')")
    p.add_argument("--where", choices=("local", "ray"), help="only jobs placed on this host or on Ray")
    p.add_argument(
        "--since",
        metavar="WHEN",
        help="only jobs submitted since WHEN: a duration ago (2h, 1-00) or an ISO time",
    )
    p.add_argument("--label", action="append", default=[], metavar="K=V")
    p.add_argument("-n", "--limit", type=int, default=50)
    p.add_argument("-o", "--format", metavar="FIELDS", help=FORMAT_HELP)
    p.add_argument("--noheader", action="store_true", help="with --format: no heading line (for scripts)")
    p.set_defaults(func=client_command(cmd_ls))

    p = subparsers.add_parser("show", parents=[common, as_json])
    p.add_argument("id", type=int)
    p.set_defaults(func=client_command(cmd_show))

    p = subparsers.add_parser("logs", parents=[common])
    p.add_argument("id", type=int)
    p.add_argument("-f", "--follow", action="store_true", help="keep printing until the job ends")
    p.add_argument("-n", "--tail", type=int, default=200, help="last N lines (default 200)")
    p.set_defaults(func=client_command(cmd_logs))

    p = subparsers.add_parser("cancel", parents=[common, as_json])
    p.add_argument(
        "ids",
        nargs="+",
        metavar="ID",
        help="job ids; an array's id cancels all its elements, ARRAY_INDEX (5_3) one element",
    )
    p.set_defaults(func=client_command(cmd_cancel))
    p = subparsers.add_parser("retry", parents=[common, as_json])
    p.add_argument("id", type=int)
    p.set_defaults(func=client_command(cmd_retry))

    p = subparsers.add_parser("priority", parents=[common, as_json])
    p.add_argument("id", type=int)
    p.add_argument("priority", type=int)
    p.set_defaults(func=client_command(cmd_priority))

    p = subparsers.add_parser("wait", parents=[common, as_json])
    p.add_argument("id", type=int)
    p.add_argument(
        "--timeout", metavar="DURATION", help=f"give up after this long (exit 124): {durations.DURATION_HELP}"
    )
    p.set_defaults(func=client_command(cmd_wait))


def client_command(
    fn: Callable[[argparse.Namespace, Client], int], timeout: float = 10.0
) -> Callable[[argparse.Namespace], int]:
    """Run a command with a client; every client failure becomes one line on stderr and the exit code of
    :data:`catalog.EXIT_CODES`: a request refused as wrong exits 2, whether the CLI or the daemon refused."""

    def run(args: argparse.Namespace) -> int:
        from gpuaccel.app.client import Client

        def call() -> int:
            with Client(data_dir=args.data_dir, timeout=timeout) as client:
                return fn(args, client)

        return reported(args, call)

    return run


def reported(args: argparse.Namespace, call: Callable[[], int]) -> int:
    """``call``'s exit code; a client failure is one line on stderr and its exit code instead."""
    try:
        return call()
    except ApiError as exc:
        _err(args, str(exc) if exc.status != 404 else str(exc.detail))
        return exit_code_of_refusal(exc)
    except ClientError as exc:
        _err(args, str(exc))
    except UsageError as exc:
        _err(args, str(exc))
        return EXIT_USAGE
    return EXIT_FAILED


def exit_code_of_refusal(exc: ApiError) -> int:
    """2 for a request the daemon refused as wrong (400, 422: what the CLI's own checks exit with), else 1."""
    return EXIT_USAGE if exc.status in REFUSED_AS_WRONG else EXIT_FAILED


REFUSED_AS_WRONG = frozenset({400, 422})


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
    """A duration option's value in seconds, in any form of :data:`api.durations.DURATION_HELP`. A bare
    number is minutes, as Slurm reads it; it was seconds in gpuaccel 0.1.0, so each use says so on stderr."""
    try:
        seconds = durations.parse_duration(text)
    except ValueError:
        raise UsageError(f"{option} {text!r}: use {durations.DURATION_HELP}") from None
    if durations.bare_number(text):
        n = text.strip()
        print(
            f"gpuaccel: {option} {n} is read as {n} minutes ({durations.format_duration(seconds)}): a bare "
            f"number is minutes, as in Slurm (gpuaccel 0.1.0 read seconds); write {n}s for seconds",
            file=sys.stderr,
        )
    return seconds


def parse_when(text: str, now: float | None = None, option: str = "--since") -> float:
    """A duration back from now (``2h``) or an ISO date/time -> unix seconds."""
    now = time.time() if now is None else now
    try:
        return now - parse_duration(text, option)
    except UsageError:
        pass
    try:
        when = datetime.fromisoformat(text.strip())
    except ValueError:
        raise UsageError(
            f"{option} {text!r} is neither a duration ({durations.DURATION_HELP}) nor an ISO date/time "
            "(2026-11-23T08:00)"
        ) from None
    return when.timestamp() if when.tzinfo else when.astimezone().timestamp()


def cmd_ls(args: argparse.Namespace, client: Client) -> int:
    if not 1 <= args.limit <= MAX_LIST:
        raise UsageError(f"--limit must be from 1 to {MAX_LIST}, got {args.limit}")
    try:
        fields = parse_format(args.format) if args.format is not None else None
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    # one row past the limit tells whether older jobs were left out, so the table can say so
    labels = key_values(args.label, "--label")
    since = parse_when(args.since) if args.since else None
    jobs = client.list_jobs(
        state=_states(args.state), kind=args.kind, labels=labels, limit=args.limit + 1, group=args.group,
        name=args.name, where=args.where, since=since,
    )  # fmt: skip
    more, jobs = len(jobs) > args.limit, jobs[: args.limit]
    if args.json:  # the API's JobList, and whether the limit cut the listing
        listing = {"jobs": [j.to_json() for j in jobs], "truncated": more, "limit": args.limit}
        print(json.dumps(listing, indent=1))
        return 0
    if fields is not None:
        print("\n".join(formatted(jobs, fields, header=not args.noheader)))
        if more:
            print(
                f"(the newest {args.limit} shown; more match: -n {min(args.limit * 4, MAX_LIST)})",
                file=sys.stderr,
            )
        return 0
    if not jobs:
        print("no jobs")
        return 0
    # The limit may cut through the oldest array shown: its line then counts the whole array.
    cut = jobs[-1].array_id if more and jobs[-1].array_id is not None else None
    arrays = {}
    if cut is not None:  # an array removed since the listing: its line counts what is shown
        with contextlib.suppress(ApiError):
            arrays = {cut: client.get_array(cut, limit=0).states}
    print("\n".join(table(jobs, arrays)))
    if more:
        wider = min(args.limit * 4, MAX_LIST)
        print(f"(the newest {args.limit} shown; more match: gpuaccel ls -n {wider}, or narrow with --state)")
    return 0


def _states(text: str | None) -> list[str] | None:
    """``--state``'s comma list as the API takes it: ``Running, queued`` is read as it is meant."""
    if text is None:
        return None
    states = [s.strip().lower() for s in text.split(",") if s.strip()]
    for s in states:
        if s not in set(JobState):
            raise UsageError(f"--state {s!r} is not a job state; give a comma list of: {', '.join(JobState)}")
    return states or None


def cmd_show(args: argparse.Namespace, client: Client) -> int:
    job = client.get_job(args.id)
    if args.json:
        print_json(job)
        return 0
    print(f"job {job.id}: {one_line(describe(job))}")
    if job.kind == "command":  # shell-quoted, so it pastes into a shell (a named job hid its command)
        print(f"  {'command':<15} {one_line(shlex.join(job.argv))}")
    elif job.spec:
        print(f"  {'spec':<15} {one_line(json.dumps(job.spec, separators=(',', ':')))}")
    for key in SHOW_FIELDS:
        value = getattr(job, key)
        if value not in (None, [], {}) and not (key == "paused_s" and value == 0):  # never paused
            print(f"  {key:<15} {one_line(str(value))}")
    if job.runtime_env is not None:
        print(f"  {'runtime_env':<15} {one_line(json.dumps(job.runtime_env.for_ray()))}")
    if job.not_before is not None:
        print(f"  {'not_before':<15} {time.strftime('%Y-%m-%d %H:%M:%S', time.localtime(job.not_before))}")
    if progress(job):
        print(f"  {'progress':<15} {one_line(progress(job))}")
    if job.result:
        print(f"  {'result':<15} {json.dumps(job.result)}")
    print(f"  {'duration':<15} {run_time(job)}")
    if (
        job.attempt > 1
    ):  # the duration is the last attempt's; what all of them took, as the assistant counts it
        from gpuaccel.api.attempts import (
            attempts,
            gpu_hours_text,
        )  # loads the job model: show has it, ask's path must not

        now, tries = time.time(), attempts(job)
        ran = durations.format_duration(sum(a.run_s(now) for a in tries))
        hours = sum(a.gpu_s(now) for a in tries) / 3600
        print(f"  {'all attempts':<15} {len(tries)} ran {ran} in all, {gpu_hours_text(hours)} GPU-hours")
    if job.where == "ray" and job.placement_ref:
        with contextlib.suppress(ApiError):  # the daemon is no longer connected to the cluster: no link
            print(f"  {'dashboard':<15} {dashboard_url(client.cluster()['address'], job.placement_ref)}")
    print("events:")
    for e in job.events or []:
        print(f"  {time.strftime('%H:%M:%S', time.localtime(e.t))} {e.state or '':<10} {one_line(e.message)}")
    return 0


def dashboard_url(address: str, submission_id: str) -> str:
    """The job's page in Ray's dashboard (the job API's address is the dashboard's): ``#/jobs/<id>``, which
    the dashboard's own job list links to by submission id when a job has no Ray job id yet."""
    return f"{address.rstrip('/')}/#/jobs/{submission_id}"


def cmd_logs(args: argparse.Namespace, client: Client) -> int:
    if not args.follow:
        text = client.log(args.id, tail=args.tail)
        sys.stdout.write(text)
        if not text and args.tail:  # an empty answer alone reads as a lost log
            _err(args, _no_output(client.get_job(args.id)))
        return 0
    for text in client.follow_log(args.id, tail=args.tail):
        sys.stdout.write(text)
        sys.stdout.flush()
    return 0


def _no_output(job: Job) -> str:
    """Why a job's log is empty, in words (on stderr: stdout stays the log itself)."""
    why = f": {one_line(job.reason or job.waiting_reason or '')}" if job.reason or job.waiting_reason else ""
    if job.started_at is None and job.finished:
        return f"job {job.id} {job.state} without starting{why}; it has no output"
    if job.started_at is None:
        return f"job {job.id} has not started yet ({job.state}{why}); no output so far"
    return f"job {job.id} ({job.state}) has no output in its log"


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
    that element. One that cannot be cancelled is said on stderr and the others still are (exit 1).
    ``--json`` prints one document whatever the count: the job (array) for one id, a list for several."""
    if len(args.ids) == 1:  # one id: its own failure is the command's (a usage error exits 2)
        _show_cancelled(args, _cancel_one(client, args.ids[0]))
        return 0
    failed, done = 0, []
    for text in args.ids:
        try:
            outcome = _cancel_one(client, text)
        except (ApiError, UsageError) as exc:
            failed += 1
            detail = exc.detail if isinstance(exc, ApiError) and exc.status == 404 else exc
            _err(args, f"{text}: {detail}")
            continue
        done.append(outcome)
        if not args.json:
            _show_cancelled(args, outcome)
    if args.json:
        print(json.dumps([_cancelled_json(x) for x in done], indent=1))
    return 1 if failed else 0


def _cancel_one(client: Client, text: str) -> Job | ArrayOut:
    try:
        what, target = cancel_target(client, text)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return client.cancel(target) if what == "job" else client.cancel_array(target)


def _cancelled_json(outcome: Job | ArrayOut) -> dict[str, Any]:
    from gpuaccel.api.jobs import Job

    return outcome.to_json() if isinstance(outcome, Job) else outcome.model_dump(mode="json")


def _show_cancelled(args: argparse.Namespace, outcome: Job | ArrayOut) -> None:
    from gpuaccel.api.jobs import Job

    if args.json:
        print(json.dumps(_cancelled_json(outcome), indent=1))
    elif isinstance(outcome, Job):
        print(f"job {outcome.id} cancel requested (now {outcome.state})")
    else:
        print(f"array {outcome.array_id}: unfinished elements cancelled (now {state_counts(outcome.states)})")


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
        return EXIT_FAILED
    return 128 - code if code < 0 else min(code, 255)


def wait_shown(client: Client, job_id: int, timeout: float | None = None) -> Job:
    """``client.wait`` with a bar on a terminal: the job's state, its own progress when it reports a
    fraction (our workloads do), and the time waited."""
    with bars.bar(total=100, desc=f"job {job_id}", bar_format=_NO_FRACTION) as shown:

        def seen(job: Job) -> None:
            shown.set_description_str(f"job {job.id} {job.state}", refresh=False)
            fraction = job.progress.fraction if job.progress is not None else None
            # no fraction (a command, a job not started): no percentage, rather than a made-up 0 %
            shown.bar_format = _NO_FRACTION if fraction is None else _FRACTION
            shown.n = round(100 * fraction) if fraction is not None else 0
            shown.refresh()

        return client.wait(job_id, timeout=timeout, on_poll=seen)


_FRACTION = "{desc}: {percentage:3.0f}% (as the job reports it)|{bar}| waited {elapsed}"
_NO_FRACTION = "{desc} (no progress reported), waited {elapsed}"


def cmd_wait(args: argparse.Namespace, client: Client) -> int:
    try:
        timeout = parse_duration(args.timeout) if args.timeout is not None else None
        job = wait_shown(client, args.id, timeout=timeout)
    except TimeoutError as exc:
        _err(args, str(exc))
        return EXIT_TIMEOUT
    print_job(args, job, f"job {job.id} {job.state}" + (f": {one_line(job.reason)}" if job.reason else ""))
    return exit_code_of(job)
