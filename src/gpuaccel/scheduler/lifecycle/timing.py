"""Times and signals of a job as users write them: durations, start times, Slurm's ``--signal`` spec.

One reading for the CLI (``--after 10m``, ``--at 03:00``, ``--timeout 2h``, ``--kill-grace 30s``,
``--signal USR1@120``) and the daemon (the waiting reason "starts at 03:00"), so both say the same
thing in the same words. Clock times are the local time of the machine that reads them.
"""

from __future__ import annotations

import datetime as dt
import re
import time

UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
DURATION_HELP = "seconds, or a number with s, m, h or d (e.g. 90, 30s, 10m, 2h, 1d)"
AT_HELP = "a clock time HH:MM[:SS] (its next occurrence, local time) or an ISO date-time (2026-12-01T03:00)"
# Signals a job may ask for before its time limit. The attempt's keeper survives each (it traps them),
# so only the job's own processes act on it.
WARN_SIGNALS = ("USR1", "USR2", "ALRM", "TERM", "INT", "HUP")
SIGNAL_HELP = f"SIG@SECONDS, e.g. USR1@120 (SIG one of {', '.join(WARN_SIGNALS)}; @SECONDS defaults to 60)"
DEFAULT_WARN_BEFORE_S = 60.0  # Slurm's default when --signal gives no @time
_DURATION = re.compile(r"^\s*(\d+(?:\.\d*)?|\.\d+)\s*([smhd]?)\s*$", re.IGNORECASE)
_CLOCK = re.compile(r"^\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*$")


def parse_duration(text: str, need_unit: bool = False) -> float:
    """``90``, ``90s``, ``10m``, ``2h``, ``1d`` -> seconds; ValueError says what is accepted."""
    m = _DURATION.match(text)
    if m is None or (need_unit and not m.group(2)):
        accepted = "a number with s, m, h or d (e.g. 30s, 10m, 2h, 1d)" if need_unit else DURATION_HELP
        raise ValueError(f"{text!r} is not a duration; use {accepted}")
    return float(m.group(1)) * UNITS[(m.group(2) or "s").lower()]


def is_delay(text: str) -> bool:
    """``10m``-like (a number with a unit): a delay, not a job id (``--after 12`` names job 12)."""
    m = _DURATION.match(text)
    return m is not None and bool(m.group(2))


def parse_at(text: str, now: float | None = None) -> float:
    """``03:00`` (the next time the local clock shows it) or an ISO date-time -> unix time."""
    now = time.time() if now is None else now
    m = _CLOCK.match(text)
    if m is not None:
        hour, minute, second = int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)
        if hour > 23 or minute > 59 or second > 59:
            raise ValueError(f"{text!r} is not a clock time; use {AT_HELP}")
        today = dt.datetime.fromtimestamp(now).replace(hour=hour, minute=minute, second=second, microsecond=0)
        when = today if today.timestamp() > now else today + dt.timedelta(days=1)
        return when.timestamp()
    try:
        when = dt.datetime.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(f"{text!r} is not a time; use {AT_HELP}") from None
    return when.timestamp()  # a naive date-time is local time


def starts_at(not_before: float, now: float | None = None) -> str:
    """The waiting reason of a job held until ``not_before``: "starts at 03:00" (a date when not soon)."""
    now = time.time() if now is None else now
    when = time.localtime(not_before)
    if not_before - now < 86400 - 60:
        return f"starts at {time.strftime('%H:%M', when)}"
    return f"starts at {time.strftime('%Y-%m-%d %H:%M', when)}"


def parse_signal(text: str) -> tuple[str, float]:
    """Slurm's ``--signal`` value: ``USR1@120``, ``SIGUSR2@30``, ``USR1`` (60 s) -> (name, seconds)."""
    name, sep, when = text.strip().partition("@")
    name = name.upper().removeprefix("SIG")
    if name not in WARN_SIGNALS:
        raise ValueError(f"{text!r}: unknown or unsupported signal {name!r}; use {SIGNAL_HELP}")
    if not sep:
        return name, DEFAULT_WARN_BEFORE_S
    if not when.isdigit() or int(when) <= 0:
        raise ValueError(f"{text!r}: the time after @ must be whole seconds > 0; use {SIGNAL_HELP}")
    return name, float(when)


def format_duration(seconds: float) -> str:
    """A run time in at most 6 characters, the unit that matters first: ``4.2s``, ``12m05s``, ``3h20m``,
    ``2d04h`` (seconds alone grow without bound: a day-long job read ``86400.0s``)."""
    s = max(0.0, seconds)
    if s < 59.95:  # what rounds to 60.0 reads as a minute
        return f"{s:.1f}s"
    whole = int(s + 0.5)
    if whole < 3600:
        return f"{whole // 60}m{whole % 60:02d}s"
    if whole < 86400:
        return f"{whole // 3600}h{whole % 3600 // 60:02d}m"
    return f"{whole // 86400}d{whole % 86400 // 3600:02d}h"


def format_age(seconds: float) -> str:
    """How long ago in whole units: ``45s``, ``12m``, ``5h``, ``3d`` (in hours a month read ``720h``)."""
    s = round(max(0.0, seconds))
    if s < 120:
        return f"{s}s"
    if s < 7200:
        return f"{round(s / 60)}m"
    if s < 172800:
        return f"{round(s / 3600)}h"
    return f"{round(s / 86400)}d"
