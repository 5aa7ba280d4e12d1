"""The curses edge of ``gpuaccel top``: the terminal, colours, keys, mouse and resizes; everything it
draws comes from :func:`.render.render` and every key goes through :mod:`.keys`.

One thread: the loop waits for a key at most 0.1 s, refreshes the data when its interval has passed, and
redraws. Curses (the standard library, as nvitop uses) works over ssh in any terminal with no new
dependency.
"""

from __future__ import annotations

import contextlib
import curses
import locale
import os
import socket
import time
from typing import Any

from gpuaccel.app.tui.keys import QUIT, Action, handle_key, handle_mouse
from gpuaccel.app.tui.model import HISTORY, TopModel
from gpuaccel.app.tui.render import render
from gpuaccel.app.tui.sources import Source, SourceError

# style -> (foreground, attribute) on a default background
_STYLES: dict[str, tuple[int, int]] = {
    "plain": (-1, 0),
    "title": (curses.COLOR_CYAN, curses.A_BOLD),
    "dim": (-1, curses.A_DIM),
    "head": (-1, curses.A_REVERSE | curses.A_BOLD),
    "sel": (curses.COLOR_CYAN, curses.A_REVERSE),
    "ok": (curses.COLOR_GREEN, 0),
    "mid": (curses.COLOR_YELLOW, 0),
    "high": (curses.COLOR_RED, curses.A_BOLD),
    "warn": (curses.COLOR_YELLOW, curses.A_BOLD),
    "na": (curses.COLOR_MAGENTA, 0),
    "prompt": (curses.COLOR_YELLOW, curses.A_REVERSE | curses.A_BOLD),
}
KEY_WAIT_MS = 100


def run(source: Source, interval: float = 1.0) -> int:
    """Show the screen until the user quits; returns the exit status."""
    locale.setlocale(locale.LC_ALL, "")
    model = TopModel(source=source.label, host=socket.gethostname(), can_cancel=source.can_cancel)
    model.unicode = "utf" in (locale.getpreferredencoding(False) or "").lower()
    # the terminal's own size, followed on resize: an exported COLUMNS/LINES (many shells and job runners
    # set them) would pin curses to that size for the whole session
    for name in ("COLUMNS", "LINES"):
        os.environ.pop(name, None)
    try:
        return int(curses.wrapper(_loop, model, source, interval))
    finally:
        source.close()


def _loop(scr: Any, model: TopModel, source: Source, interval: float) -> int:
    attrs = _init(scr)
    due = 0.0
    message_until = 0.0
    while True:
        now = time.monotonic()
        if now >= due:
            _refresh(model, source)
            due = now + interval
        if model.message and not message_until:
            message_until = now + 4.0
        elif message_until and now > message_until:
            model.message, message_until = "", 0.0
        _draw(scr, model, attrs)
        key = scr.getch()
        if key == -1:
            continue
        if key == curses.KEY_RESIZE:
            curses.update_lines_cols()
            continue
        if key == curses.KEY_MOUSE:
            with contextlib.suppress(curses.error):
                _, x, y, _, bstate = curses.getmouse()
                handle_mouse(model, x, y, bstate)
            continue
        action = handle_key(model, key)
        if action == QUIT:
            return 0
        if action is not None:
            message_until = 0.0
            _act(model, source, action)
            due = 0.0  # show the result at once


def _init(scr: Any) -> dict[str, int]:
    with contextlib.suppress(curses.error):
        curses.curs_set(0)
    scr.timeout(KEY_WAIT_MS)
    scr.keypad(True)
    curses.mousemask(curses.ALL_MOUSE_EVENTS)
    curses.mouseinterval(0)
    attrs = {name: attr for name, (_, attr) in _STYLES.items()}
    if curses.has_colors():
        curses.start_color()
        with contextlib.suppress(curses.error):
            curses.use_default_colors()
        for n, (name, (fg, attr)) in enumerate(_STYLES.items(), start=1):
            with contextlib.suppress(curses.error):
                curses.init_pair(n, fg, -1)
                attrs[name] = curses.color_pair(n) | attr
    return attrs


def _refresh(model: TopModel, source: Source) -> None:
    try:
        now, procs, jobs = source.read()
    except SourceError as exc:
        model.error = str(exc)
        return
    if not model.history:  # the first refresh: the sparklines start from the history kept before us
        indexes = [int(g["info"]["index"]) for g in now.get("gpus", [])]
        model.backfill(source.backfill(indexes, HISTORY))
    model.update(now, procs, jobs)


def _act(model: TopModel, source: Source, action: Action) -> None:
    try:
        if action.kind == "signal":
            model.message = source.signal(action.pid, action.started, action.signal)
        elif action.kind == "cancel":
            model.message = source.cancel(action.job_id)
    except SourceError as exc:
        model.message = f"not done: {exc}"


def _draw(scr: Any, model: TopModel, attrs: dict[str, int]) -> None:
    height, width = scr.getmaxyx()
    lines = render(model, width, height)
    scr.erase()
    for y, line in enumerate(lines[:height]):
        x = 0
        for text, style in line:
            if not text:
                continue
            # the bottom-right cell cannot be written without curses raising: leave it blank
            room = width - x - (1 if y == height - 1 else 0)
            with contextlib.suppress(curses.error):
                scr.addnstr(y, x, text, max(0, room), attrs.get(style, 0))
            x += len(text)
    scr.refresh()
