"""Keys and mouse of ``gpuaccel top``, as nvitop has them: what each press does to the model.

:func:`handle_key` and :func:`handle_mouse` change only the :class:`.model.TopModel` and return the
action the app must carry out (quit, send a signal, cancel a job) once the user confirmed it; they take
curses' key codes but need no terminal, so tests drive them directly.
"""

from __future__ import annotations

import curses
from dataclasses import dataclass

from gpuaccel.app.tui.model import SORT_KEYS, Confirm, TopModel

ESC = 27
ENTER = (10, 13, curses.KEY_ENTER)
BACKSPACE = (8, 127, curses.KEY_BACKSPACE)
SIGNAL_KEYS = {ord("T"): "TERM", ord("K"): "KILL", ord("I"): "INT"}

# What the help screen lists (key, what it does), in the order shown.
HELP: tuple[tuple[str, str], ...] = (
    ("q  Q", "quit"),
    ("h  ?", "this help (any key closes it)"),
    ("Up Down  k j", "select a process"),
    ("PgUp PgDn  Home End", "page, first, last"),
    (
        ",  .  (or Left Right)",
        "sort by the previous / next column (GPU PID USER GPU-MEM SM JOB COMMAND)",
    ),
    ("r", "reverse the sort order"),
    ("/", "filter processes (pid, user, command, job; Enter keeps, Esc clears)"),
    ("Esc", "clear the filter"),
    ("T  K  I", "send SIGTERM / SIGKILL / SIGINT to the selected process (asks first)"),
    ("c", "cancel the selected process's queue job (asks first; needs the daemon)"),
    ("mouse", "click a row to select it, a column heading to sort by it; the wheel scrolls"),
)


@dataclass(frozen=True)
class Action:
    """What the app must do after a key: ``quit``, ``signal`` (pid, started, signal) or ``cancel``."""

    kind: str
    pid: int = 0
    started: float = 0.0
    signal: str = "TERM"
    job_id: int = 0


QUIT = Action("quit")


def handle_key(m: TopModel, key: int) -> Action | None:
    """Apply one key press to the screen state; the action to carry out, if any."""
    if m.confirm is not None:
        return _answer(m, key)
    if m.editing_filter:
        _edit_filter(m, key)
        return None
    if m.show_help:
        m.show_help = False
        return None
    if key in (ord("q"), ord("Q")):
        return QUIT
    page = max(1, m.proc_rows_shown)
    moves = {
        curses.KEY_UP: -1, ord("k"): -1, curses.KEY_DOWN: 1, ord("j"): 1,
        curses.KEY_PPAGE: -page, curses.KEY_NPAGE: page,
    }  # fmt: skip
    if key in moves:
        m.selected += moves[key]
    elif key == curses.KEY_HOME:
        m.selected = 0
    elif key == curses.KEY_END:
        m.selected = len(m.visible_procs()) - 1
    elif key in (ord(","), curses.KEY_LEFT, ord("."), curses.KEY_RIGHT):
        names = list(SORT_KEYS)
        step = -1 if key in (ord(","), curses.KEY_LEFT) else 1
        m.sort_key = names[(names.index(m.sort_key) + step) % len(names)]
        m.message = f"sorted by {m.sort_key}" + (", reversed" if m.reverse else "")
    elif key == ord("r"):
        m.reverse = not m.reverse
        m.message = f"sorted by {m.sort_key}" + (", reversed" if m.reverse else "")
    elif key == ord("/"):
        m.editing_filter = True
    elif key == ESC:
        m.filter, m.message = "", "filter cleared"
    elif key in (ord("h"), ord("?")):
        m.show_help = True
    elif key in SIGNAL_KEYS:
        _ask_signal(m, SIGNAL_KEYS[key])
    elif key == ord("c"):
        _ask_cancel(m)
    m.clamp()
    return None


def handle_mouse(m: TopModel, x: int, y: int, bstate: int) -> None:
    """A click selects a process row or sorts by a column heading; the wheel moves the selection."""
    if m.confirm is not None or m.show_help:
        return
    if bstate & curses.BUTTON4_PRESSED:
        m.selected -= 3
    elif bstate & getattr(curses, "BUTTON5_PRESSED", 0x200000):
        m.selected += 3
    elif bstate & (curses.BUTTON1_CLICKED | curses.BUTTON1_PRESSED | curses.BUTTON1_RELEASED):
        if y == m.header_y:
            for x0, x1, key in m.header_cols:
                if x0 <= x < x1:
                    if m.sort_key == key:
                        m.reverse = not m.reverse
                    m.sort_key = key
        elif m.proc_top_y >= 0 and 0 <= y - m.proc_top_y < m.proc_rows_shown:
            row = m.scroll + y - m.proc_top_y
            if row < len(m.visible_procs()):
                m.selected = row
    m.clamp()


def _answer(m: TopModel, key: int) -> Action | None:
    """``y`` carries out the pending action; any other key drops it."""
    c, m.confirm = m.confirm, None
    assert c is not None
    if key not in (ord("y"), ord("Y")):
        m.message = "nothing sent"
        return None
    if c.action == "cancel":
        return Action("cancel", job_id=c.job_id)
    return Action("signal", pid=c.pid, started=c.started, signal=c.signal)


def _edit_filter(m: TopModel, key: int) -> None:
    if key in ENTER:
        m.editing_filter = False
    elif key == ESC:
        m.editing_filter, m.filter = False, ""
    elif key in BACKSPACE:
        m.filter = m.filter[:-1]
    elif 32 <= key < 0x110000 and chr(key).isprintable():
        m.filter += chr(key)
    m.selected = 0
    m.clamp()


def _ask_signal(m: TopModel, signal: str) -> None:
    p = m.selected_proc()
    if p is None:
        m.message = "no process selected"
    elif not p.can_signal or p.started is None:
        m.message = f"pid {p.pid} cannot be signalled from here: {p.why_not or 'start time unknown'}"
    else:
        what = f"pid {p.pid} ({p.command[:20]}) GPU {p.gpu}" + (f" job {p.job[:16]}" if p.job else "")
        m.confirm = Confirm(f"Send SIG{signal} to {what}? [y/N]", "signal", p.pid, p.started, signal)


def _ask_cancel(m: TopModel) -> None:
    p = m.selected_proc()
    if not m.can_cancel:
        m.message = "no daemon running: there is no queue job to cancel"
    elif p is None:
        m.message = "no process selected"
    elif p.job_id is None:
        m.message = f"pid {p.pid} belongs to no queue job (T/K/I signal it instead)"
    else:
        m.confirm = Confirm(f"Cancel queue job {p.job} (pid {p.pid} on GPU {p.gpu})? [y/N]", "cancel",
                            job_id=p.job_id)  # fmt: skip
