"""Times and signals of a job as users write them: start times and Slurm's ``--signal`` spec.

One reading for the CLI (``--at 03:00``, ``--signal USR1@120``) and the daemon (the waiting reason
"starts at 03:00"), so both say the same thing in the same words. Clock times are the local time of the
machine that reads them. Durations (``--timeout 2h``) are read and written by :mod:`gpuaccel.api.durations`.
"""

from __future__ import annotations

import datetime as dt
import re
import time

AT_HELP = "a clock time HH:MM[:SS] (its next occurrence, local time) or an ISO date-time (2026-12-01T03:00)"
# Signals a job may ask for before its time limit. The attempt's keeper survives each (it traps them),
# so only the job's own processes act on it.
WARN_SIGNALS = ("USR1", "USR2", "ALRM", "TERM", "INT", "HUP")
SIGNAL_HELP = f"SIG@SECONDS, e.g. USR1@120 (SIG one of {', '.join(WARN_SIGNALS)}; @SECONDS defaults to 60)"
DEFAULT_WARN_BEFORE_S = 60.0  # Slurm's default when --signal gives no @time
_CLOCK = re.compile(r"^\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*$")


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
