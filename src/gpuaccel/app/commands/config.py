"""``gpuaccel config``: the daemon's settings as it would read them now, each with where it came from.

Settings come from ``gpuaccel serve`` options, ``GPUACCEL_*`` variables and ``config.toml`` in the config
dir (one typed class reads all three: ``scheduler.config.SchedulerConfig``); the places the daemon uses are
listed too, so a user sees which socket, data and log dirs a ``gpuaccel serve`` here would take.
"""

from __future__ import annotations

import argparse
import json
import sys

from gpuaccel.app.commands.catalog import EXIT_USAGE


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "config",
        description="Show each setting with its value and source (option, $GPUACCEL_<NAME>, the config "
        "file, or default), and the daemon's places. Set values in the config file as TOML, e.g. "
        "`max_parallel = 2`.",
    )
    p.add_argument("--data-dir", help="data dir to describe (default $GPUACCEL_DATA_DIR or the platform's)")
    p.add_argument("--json", action="store_true", help="print JSON for scripts")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    # Here, not at the top: the typed settings load pydantic and tomlkit, which a TAB on config needs not.
    from gpuaccel.scheduler.config import ConfigError, SchedulerConfig, config_file
    from gpuaccel.scheduler.paths import DataDir

    try:
        config = SchedulerConfig.from_env()
    except ConfigError as exc:
        print(f"gpuaccel config: {exc}", file=sys.stderr)
        return EXIT_USAGE
    origins = config.origins()
    dd = DataDir.resolve(args.data_dir)
    places = {
        "config file": str(config_file()) + ("" if config_file().exists() else " (not present)"),
        "data dir": str(dd.root),
        "socket": str(dd.socket_file),
        "daemon.json": str(dd.daemon_file),
        "logs": str(dd.logs),
    }
    if args.json:
        settings = {k: {"value": v, "source": origins[k]} for k, v in config.model_dump().items()}
        print(json.dumps({"settings": settings, "places": places}, indent=1))
        return 0
    width = max(map(len, origins))
    for name, value in config.model_dump().items():
        print(f"{name:<{width}}  {value!s:<12}  {origins[name]}")
    print()
    for name, where in places.items():
        print(f"{name + ':':<13} {where}")
    return 0
