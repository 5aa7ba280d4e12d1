"""Every top-level command once (name, one-line help, the module that registers it) and the exit codes.

``gpuaccel --help`` and the completion of command names read this table alone, so they import no command
module (each pulls in the client, pydantic and httpx: about 600 modules); ``gpuaccel CMD`` imports CMD's.
A module's ``register(subparsers)`` adds its commands without help: the root fills it in from here.
"""

from __future__ import annotations

from collections import namedtuple

# module: under gpuaccel.app.commands. (collections, not typing: typing alone costs --help 10 ms.)
Command = namedtuple("Command", "module help")


COMMANDS: dict[str, Command] = {
    "status": Command(
        "status", "show what every NVIDIA GPU is doing (reads NVML; --cluster: all hosts, via the daemon)"
    ),
    "calibrate": Command("status", "measure each GPU's dense bf16 matmul peak and store it"),
    "serve": Command("serve", "run the daemon: job queue, GPU telemetry and the HTTP API"),
    "submit": Command("submit", "queue a job: a command (after --) or a workload kind"),
    "ls": Command("jobs", "list jobs, newest first"),
    "show": Command("jobs", "one job with its events"),
    "logs": Command("jobs", "a job's output (-f to follow)"),
    "cancel": Command("jobs", "cancel queued or running jobs"),
    "retry": Command("jobs", "queue a finished job again"),
    "priority": Command("jobs", "change a job's priority"),
    "wait": Command("jobs", "wait for a job; exit with its exit code"),
    "pause": Command(
        "controls", "pause the queue (no args), a group (--group) or one running job (ID: SIGSTOP)"
    ),
    "resume": Command(
        "controls", "resume the queue (no args), a group (--group) or one paused job (ID: SIGCONT)"
    ),
    "group": Command("controls", "queue groups: list (no args), add, rm, parallel"),
    "hold": Command("controls", "keep a queued job from starting until released"),
    "release": Command("controls", "let a held job start"),
    "edit": Command("controls", "change a queued or held job"),
    "switch": Command("controls", "swap two queued jobs' places"),
    "remove": Command("controls", "remove finished jobs and their logs"),
    "clean": Command("controls", "remove all finished jobs (and their logs)"),
    "ps": Command("ps", "list every process using a GPU (from the daemon)"),
    "kill": Command("ps", "signal one of your GPU processes"),
    "top": Command("top", "GPUs, processes and queue jobs in the terminal (sort, filter, kill; h: keys)"),
    "history": Command("history", "export stored GPU telemetry as CSV or Parquet"),
    "bench": Command("bench", "benchmarks run directly on this machine's GPU"),
    "ask": Command("assistant", "ask the assistant (answers from the daemon's facts)"),
    "report": Command("assistant", "make, list or export assistant reports"),
    "models": Command("assistant", "assistant models: list, import, download, select"),
    "cleanup": Command("assistant", "housekeeping proposals; --apply after review"),
    "mcp": Command(
        "mcp", "MCP server on stdio: the assistant's query tools and job submit/cancel/logs for coding agents"
    ),
    "service": Command("service", "install, remove or inspect the systemd user service that runs the daemon"),
    "config": Command("config", "show the daemon's settings and where each comes from"),
    "completion": Command("completion", "print a shell completion script (bash, zsh or fish)"),
}  # fmt: skip

# What the CLI's exit status means, for every command: the table `gpuaccel --help` prints and the docs show.
EXIT_OK = 0
EXIT_FAILED = 1  # not done: no daemon answers, no such job, a conflict, a server error
EXIT_USAGE = 2  # the request is wrong: a bad option or value, refused by the CLI or the daemon (HTTP 400/422)
EXIT_TIMEOUT = 124  # wait --timeout ran out (as timeout(1))
EXIT_INTERRUPTED = 130  # Ctrl-C (128 + SIGINT)
EXIT_PIPE = 141  # the reader of stdout left (128 + SIGPIPE), as `gpuaccel ls | head`
EXIT_CODES = (
    (EXIT_OK, "done"),
    (EXIT_FAILED, "not done: no daemon answers, no such job, a conflict (cancel a finished job), an error"),
    (EXIT_USAGE, "refused as asked: a bad option or value, by the CLI or by the daemon (HTTP 400/422)"),
    (EXIT_TIMEOUT, "wait --timeout ran out"),
    (EXIT_INTERRUPTED, "interrupted (Ctrl-C)"),
    (EXIT_PIPE, "stdout was closed by its reader"),
    ("N", "submit --wait/--follow and wait: the job's own exit code (128+S when signal S killed it; "
     "1 when it failed without one, e.g. cancelled before it started)"),
)  # fmt: skip
