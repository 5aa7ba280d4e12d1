"""``gpuaccel serve``: run the daemon in the foreground (the only command that starts one)."""

from __future__ import annotations

import argparse
import stat
import sys
from pathlib import Path


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "serve",
        description="Run the gpuaccel daemon in the foreground. One daemon per data dir. It listens on a "
        "Unix socket only its user may open (mode 0600, in the runtime dir); TCP, which always needs the "
        "token, only with --tcp, --host or --port. Tunables not listed here are set in config.toml or as "
        "GPUACCEL_<NAME> (`gpuaccel config` shows them).",
    )
    p.add_argument("--tcp", action="store_true", help="also listen on TCP (default 127.0.0.1:8765)")
    p.add_argument("--host", help="TCP address to bind (implies --tcp; default 127.0.0.1)")
    p.add_argument("--port", type=int, help="TCP port (implies --tcp; default 8765; 0 picks a free one)")
    p.add_argument("--data-dir", help="state directory (default $GPUACCEL_DATA_DIR or the platform data dir)")
    p.add_argument(
        "--token-file",
        type=Path,
        help="read the API token from FILE, mode 0600 (required, or $GPUACCEL_TOKEN, when --host is not "
        "loopback)",
    )
    p.add_argument("--max-parallel", type=int, help="jobs running at once (default 4)")
    p.add_argument("--tick", type=float, help="scheduler poll interval in seconds (default 0.5)")
    p.add_argument("--kill-grace", type=float, help="seconds between SIGTERM and SIGKILL (default 5)")
    p.add_argument(
        "--idle-after", type=float, help="seconds of quiet before a GPU counts as idle (default 60)"
    )
    p.add_argument(
        "--idle-util", type=float, help="utilization percent under which a GPU is quiet (default 10)"
    )
    p.add_argument("--sample-hz", type=float, help="telemetry sampling rate (default 10)")
    p.add_argument(
        "--ray",
        metavar="ADDRESS",
        help="connect to a Ray cluster for jobs submitted with --where ray: 'auto' (the cluster this host "
        "belongs to), its GCS host:port, its job API http://host:8265, or 'off' (default $GPUACCEL_RAY, "
        "else `ray` in config.toml, else off)",
    )
    p.add_argument(
        "--where",
        choices=("local", "ray"),
        help="where a job that does not say runs: this host or the Ray cluster (default $GPUACCEL_WHERE, "
        "else `where` in config.toml, else local)",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    try:
        from gpuaccel.app.daemon import serve
    except ImportError as exc:
        # Our own code or a core dependency is broken; the assistant's optional extra never lands here.
        print(
            f"gpuaccel serve: the daemon cannot start: {exc.__class__.__name__}: {exc}. "
            "This gpuaccel installation is incomplete or broken; reinstall it (pip install --force-reinstall "
            "gpuaccel) and run again.",
            file=sys.stderr,
        )
        return 1
    from gpuaccel.scheduler.config import ConfigError, SchedulerConfig

    token = None
    if args.token_file is not None:
        try:
            token = read_token_file(args.token_file)
        except ValueError as exc:
            print(f"gpuaccel serve: {exc}", file=sys.stderr)
            return 2
    try:
        config = SchedulerConfig.from_env(
            max_parallel=args.max_parallel,
            tick_s=args.tick,
            kill_grace_s=args.kill_grace,
            idle_after_s=args.idle_after,
            idle_util_pct=args.idle_util,
            sample_hz=args.sample_hz,
            ray=args.ray,
            where=args.where,
        )
    except ConfigError as exc:
        print(f"gpuaccel serve: {exc}", file=sys.stderr)
        return 2
    return serve(
        host=args.host,
        port=args.port,
        tcp=args.tcp,
        data_dir=args.data_dir,
        token=token,
        config=config,
        ray=config.ray or None,
        where=config.where,
    )


def read_token_file(path: Path) -> str:
    """The token in ``--token-file``, or ValueError saying what is wrong with the file. An empty file was
    taken for no token at all (a loopback daemon then used its generated one without a word), and a file
    other users can read or change hands them the API, which runs commands as this user."""
    try:
        mode = stat.S_IMODE(path.stat().st_mode)
        token = path.read_text().strip()
    except OSError as exc:
        raise ValueError(f"cannot read --token-file {path}: {exc.strerror}") from None
    if mode & 0o066:
        raise ValueError(
            f"--token-file {path} can be read or changed by other users (mode {mode:04o}); whoever has the "
            f"token can run commands as you through the API: chmod 600 {path}"
        )
    if not token:
        raise ValueError(f"--token-file {path} is empty; write the token (at least 16 characters) in it")
    return token
