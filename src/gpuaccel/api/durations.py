"""Durations as people type them (Slurm, pueue, coreutils) and as the app prints them: one way each.

Every duration option of the CLI (``--timeout``, ``wait --timeout``, ``--kill-grace``, ``--after 10m``,
``clean --older-than``, ``history --since``) reads through :func:`parse_duration`; every table, card and
report writes a run time with :func:`format_duration`. Nothing here imports a layer, so the daemon, the
CLI, the GUI and the assistant can all share it.

Forms accepted (``DURATION_HELP``):

- Slurm's ``--time``: ``MM``, ``MM:SS``, ``HH:MM:SS``, ``D-HH``, ``D-HH:MM``, ``D-HH:MM:SS``;
- units, as pueue and coreutils write them, alone or in a row: ``90s``, ``10m``, ``2h``, ``2d``, ``1w``,
  ``1h30m``, ``1.5h``, ``2 hours``.

A bare number is **minutes**, as Slurm reads ``--time 90``. Before 0.2 it was seconds: :func:`bare_number`
lets the CLI say so whenever one is used, so nobody's ``--timeout 90`` changes meaning silently.
"""

from __future__ import annotations

import re

UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
# Each long spelling people type, to the unit it means.
_SPELLINGS = {
    "s": "s", "sec": "s", "secs": "s", "second": "s", "seconds": "s",
    "m": "m", "min": "m", "mins": "m", "minute": "m", "minutes": "m",
    "h": "h", "hr": "h", "hrs": "h", "hour": "h", "hours": "h",
    "d": "d", "day": "d", "days": "d",
    "w": "w", "week": "w", "weeks": "w",
}  # fmt: skip
BARE_UNIT = "minutes"
DURATION_HELP = (
    "MM (a bare number is minutes, as Slurm's --time), MM:SS, HH:MM:SS, D-HH, D-HH:MM:SS, "
    "or units s, m, h, d, w (90s, 10m, 1h30m, 2d)"
)
_NUMBER = r"(?:\d+(?:\.\d*)?|\.\d+)"
_BARE = re.compile(rf"^\s*({_NUMBER})\s*$")
_PART = re.compile(rf"({_NUMBER})\s*([a-z]+)\s*", re.IGNORECASE)
_UNITS_ROW = re.compile(rf"^\s*(?:{_NUMBER}\s*[a-z]+\s*)+$", re.IGNORECASE)
# Slurm: [D-]HH[:MM[:SS]] with a day part, MM[:SS] or HH:MM:SS without one.
_SLURM = re.compile(r"^\s*(?:(\d+)-)?(\d+)(?::(\d+))?(?::(\d+))?\s*$")


def parse_duration(text: str) -> float:
    """Seconds in ``text`` (any form of ``DURATION_HELP``); ValueError says what is accepted."""
    seconds = _seconds(text)
    if seconds is None:
        raise ValueError(f"{text!r} is not a duration; use {DURATION_HELP}")
    return seconds


def bare_number(text: str) -> bool:
    """``90``: a number without a unit, read as minutes (the CLI warns: it used to be seconds)."""
    return _BARE.match(text) is not None


def has_unit(text: str) -> bool:
    """``10m``, ``1:30``, ``1-00``: unmistakably a duration (``--after 12`` names job 12, ``--after 10m``
    a delay)."""
    return not bare_number(text) and _seconds(text) is not None


def _seconds(text: str) -> float | None:
    m = _BARE.match(text)
    if m is not None:
        return float(m.group(1)) * UNITS["m"]
    if _UNITS_ROW.match(text):
        total, seen = 0.0, set()
        for number, word in _PART.findall(text):
            unit = _SPELLINGS.get(word.lower())
            if unit is None or unit in seen:
                return None
            seen.add(unit)
            total += float(number) * UNITS[unit]
        return total
    m = _SLURM.match(text)
    if m is None:
        return None
    days, a, b, c = (int(g) if g is not None else None for g in m.groups())
    if days is not None:  # D-HH[:MM[:SS]]
        hours, minutes, secs = a, b or 0, c or 0
    elif c is not None:  # HH:MM:SS
        hours, minutes, secs = a, b, c
    else:  # MM:SS (MM alone was a bare number)
        hours, minutes, secs = 0, a, b
    with_hours = days is not None or c is not None  # then minutes are 0-59 (MM:SS may say 90:00)
    if secs > 59 or (with_hours and minutes > 59) or (days is not None and hours > 23):
        return None
    return float((days or 0) * 86400 + hours * 3600 + minutes * 60 + secs)


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
