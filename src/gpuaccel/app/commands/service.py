"""``gpuaccel service install|uninstall|status``: run the daemon as a systemd user service.

Installed, the daemon starts with the user's session (or at boot with lingering), restarts on failure and
logs to journald; the CLI and the desktop app find it through its Unix socket like any local daemon.
"""

from __future__ import annotations

import argparse
import os
import sys

from gpuaccel.app import service_unit


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "service",
        description="Run the daemon as a systemd user service (Type=notify, journald logging, restart on "
        f"failure). The unit goes to {service_unit.unit_path()}. Logs: journalctl --user -u gpuaccel.",
    )
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    inst = sub.add_parser("install", help="write the unit, enable it and start it now")
    inst.add_argument("--no-start", action="store_true", help="only write the unit file")
    inst.add_argument("--force", action="store_true", help="replace a unit file that differs")
    inst.set_defaults(func=cmd_install)
    rm = sub.add_parser("uninstall", help="stop and disable the service and remove its unit file")
    rm.set_defaults(func=cmd_uninstall)
    st = sub.add_parser("status", help="whether the unit is installed, enabled and running")
    st.set_defaults(func=cmd_status)


def _fail(message: str) -> int:
    print(f"gpuaccel service: {message}", file=sys.stderr)
    return 1


def cmd_install(args: argparse.Namespace) -> int:
    path = service_unit.unit_path()
    text = service_unit.unit_text()
    if path.exists() and path.read_text() != text and not args.force:
        return _fail(f"{path} exists with other contents; pass --force to replace it")
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text)
    os.replace(tmp, path)
    print(f"wrote {path}")
    if args.no_start:
        print("start it with: systemctl --user daemon-reload && systemctl --user enable --now gpuaccel")
        return 0
    steps = [("daemon-reload",), ("enable", "--now", service_unit.UNIT_NAME)]
    for done, step in enumerate(steps):
        result = service_unit.systemctl(*step, timeout=90.0)
        if result.returncode != 0:
            left = " && ".join(f"systemctl --user {' '.join(s)}" for s in steps[done:])
            return _fail(
                f"systemctl --user {' '.join(step)} failed: {(result.stderr or result.stdout).strip()}. "
                f"The unit file is in place; once a user session with systemd is available, run: {left}"
            )
    print("gpuaccel.service enabled and started (logs: journalctl --user -u gpuaccel)")
    if service_unit.linger_enabled() is not True:
        print(service_unit.linger_hint())
    return 0


def cmd_uninstall(args: argparse.Namespace) -> int:
    path = service_unit.unit_path()
    if not path.exists():
        print(f"not installed ({path} does not exist)")
        return 0
    stopped = service_unit.systemctl("disable", "--now", service_unit.UNIT_NAME, timeout=90.0)
    path.unlink()
    service_unit.systemctl("daemon-reload")
    print(f"removed {path}")
    if stopped.returncode != 0 and service_unit.systemctl_available():
        print(f"note: systemctl --user disable --now said: {(stopped.stderr or stopped.stdout).strip()}")
    return 0


def cmd_status(args: argparse.Namespace) -> int:
    st = service_unit.state()
    linger = {True: "yes", False: "no", None: "unknown"}[st.linger]
    print(f"unit:      {service_unit.unit_path()} ({'installed' if st.installed else 'not installed'})")
    print(f"enabled:   {st.enabled}")
    print(f"active:    {st.active}")
    print(f"linger:    {linger}")
    if st.installed and st.linger is False:
        print(service_unit.linger_hint())
    return 0 if st.installed else 3
