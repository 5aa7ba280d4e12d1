"""The screen of ``gpuaccel top`` drawn from a :class:`.model.TopModel`: a pure function of the model and
the terminal's size, returning lines of styled text, so tests read what a user would see.

Each line is a list of ``(text, style)`` segments that fit the width; :mod:`.screen` maps the styles to
curses attributes. How many lines a GPU takes follows the height: three (bars, then tensor activity,
TFLOP/s and sparklines) when they fit with room for the process table, two, or one per GPU, so eight GPUs
fit 80x24.
"""

from __future__ import annotations

import math
import textwrap
import time
from collections.abc import Iterable
from dataclasses import dataclass

from gpuaccel.accel.telemetry.types import NA
from gpuaccel.app.tui.keys import HELP
from gpuaccel.app.tui.model import GpuView, ProcView, TopModel

Segment = tuple[str, str]  # (text, style)
Line = list[Segment]
# Styles :mod:`.screen` knows: plain, title, dim, head (table heading), sel (selected row), ok / mid / high
# (a bar's fill by level), warn, na, prompt.
MIN_PROC_ROWS = 6  # a GPU layout is chosen only if this many process rows still fit
TFLOPS_KINDS = (
    "TFLOP/s: 'exact' = counted by a gpuaccel job (FLOPs / its measured time); 'learned' = the estimate x "
    "what runs of that job class counted on this GPU model; 'est.' = tensor-pipe busy x the GPU's dense "
    "bf16 peak (a 16-bit dense equivalent). Sparklines: one value per refresh."
)
SPARK = " ▁▂▃▄▅▆▇█"
SPARK_ASCII = " .:-=+*#%"


@dataclass(frozen=True)
class _Col:
    title: str
    key: str
    width: int  # 0: the rest of the line
    right: bool = False


_COLS = (
    _Col("PID", "pid", 8, True),
    _Col("USER", "user", 10),
    _Col("GPU", "gpu", 3, True),
    _Col("GPU-MEM", "mem", 9, True),
    _Col("SM%", "sm", 4, True),
    _Col("JOB", "job", 14),
    _Col("COMMAND", "command", 0),
)


def render(m: TopModel, width: int, height: int, now: float | None = None) -> list[Line]:
    """The whole screen, ``height`` lines of at most ``width`` columns. Sets the model's layout facts
    (process rows shown, where the table starts) that paging and the mouse use."""
    width, height = max(20, width), max(5, height)
    now = time.time() if now is None else now
    lines: list[Line] = [_header(m, width, now)]
    if m.show_help:
        lines += _help(width)
    else:
        body = height - 3  # header, table heading, footer
        gpu_lines = _gpus(m, width, body - MIN_PROC_ROWS)
        lines += gpu_lines
        lines += _procs(m, width, height - len(lines) - 1, len(lines))
    lines = lines[: height - 1]
    lines += [[("", "plain")]] * (height - 1 - len(lines))
    lines.append(_footer(m, width))
    return [_fit(line, width) for line in lines]


def plain(lines: Iterable[Line]) -> str:
    """The screen as text, one row per line, trailing blanks dropped (what tests compare)."""
    return "\n".join("".join(t for t, _ in line).rstrip() for line in lines)


# ---- parts ---------------------------------------------------------------------------------------


def _header(m: TopModel, width: int, now: float) -> Line:
    left: Line = [(f"gpuaccel top · {m.host} · {m.source}", "title")]
    if m.simulated:
        left.append((f" · {m.backend}: SIMULATED GPUs", "warn"))
    if m.error:
        left.append((f" · {m.error}", "warn"))
    elif m.driver and sum(len(t) for t, _ in left) + len(m.driver) + 30 < width:
        left.append((f" · driver {m.driver}", "dim"))
    right = time.strftime("%H:%M:%S", time.localtime(now))
    return _spread(left, [(right, "dim")], width)


def _gpus(m: TopModel, width: int, room: int) -> list[Line]:
    """The GPU panel in the most detailed layout that leaves the process table its rows."""
    if not m.gpus:
        reason = m.error or "no GPU reported"
        return [[(f"No GPU to show: {reason}.", "warn")]]
    warned = sum(len(_warnings(g, width)) for g in m.gpus)
    mig = sum(1 for g in m.gpus if g.mig)
    for per in (3, 2):
        if len(m.gpus) * per + warned + mig + 1 <= room:
            out = [line for g in m.gpus for line in _gpu_block(m, g, width, per)]
            return out + [_na_line(m.gpus, width)]
    out = [_gpu_compact(m, g, width) for g in m.gpus]
    notes = [f"GPU {g.index}: {'; '.join(g.warnings)}" for g in m.gpus if g.warnings]
    if notes:
        out.append([("! " + " · ".join(notes), "warn")])
    return out + [_na_line(m.gpus, width)]


def _gpu_block(m: TopModel, g: GpuView, width: int, per: int) -> list[Line]:
    """Three lines (title, bars, activity with sparklines) or two (activity moved onto the title line)."""
    title: Line = [(f"GPU {g.index} ", "title"), (_short(g.name), "title")]
    if g.lost:
        return [title + [("  LOST: NVML reports this GPU lost (fallen off the bus)", "high")]]
    right = f"{_num(g.temperature, '{:.0f}°C')}  {_power(g)}" + (f"  {g.pstate}" if g.pstate else "")
    if g.job_id is not None:
        right += f"  job #{g.job_id}"
    if g.throttle and g.throttle not in ("none", "idle") and per == 3:
        right += f"  throttle: {g.throttle}"
    if per == 2:
        kind = f" {g.tflops_kind}" if isinstance(g.tflops, float) else ""
        right = f"TC {_num(g.tensor, '{:.0f}%')}  {_num(g.tflops, '{:.1f}')} TF/s{kind}  " + right
    half = (width - 2) // 2
    util = [(" UTIL ", "dim"), *_bar(m, g.util, half - 6, _pct_text(g.util))]
    mem = [(" MEM ", "dim"), *_bar(m, _mem_pct(g), width - half - 5, _mem_text(g))]
    out = [_spread(title, [(right, "plain")], width), util + mem]
    if per == 3:
        out.append(_activity(m, g, width))
    if g.mig:
        out.append(_mig_line(g, width))
    out += _warnings(g, width)
    return out


def _warnings(g: GpuView, width: int) -> list[Line]:
    """The GPU's health warnings under it, wrapped to at most three lines (the last cut with "…")."""
    if not g.warnings:
        return []
    text = "! " + " · ".join(g.warnings)
    lines = textwrap.wrap(text, max(20, width - 2), initial_indent="  ", subsequent_indent="    ")
    if len(lines) > 3:
        lines = lines[:3]
        lines[-1] = lines[-1][: max(0, width - 2)] + "…"
    return [[(ln, "warn")] for ln in lines]


def _activity(m: TopModel, g: GpuView, width: int) -> Line:
    tf = _num(g.tflops, "{:.1f}")
    kind = g.tflops_kind if isinstance(g.tflops, float) else ""
    head: Line = [(" TENSOR ", "dim"), (_num(g.tensor, "{:.1f}%"), "plain"), ("  TFLOP/s ", "dim"),
                  (tf, "plain"), (f" {kind}" if kind else "", "dim")]  # fmt: skip
    used = sum(len(t) for t, _ in head)
    room = width - used - 2
    h = m.history.get(g.index, {})
    if room < 12:
        return head
    if room < 40:
        return head + [("  util ", "dim"), (_spark(m, h.get("util", ()), room - 7, 100.0), "ok")]
    each = (room - 13) // 2
    peak = max((v for v in h.get("tflops", ()) if not math.isnan(v)), default=0.0) or 1.0
    return head + [
        ("  util ", "dim"), (_spark(m, h.get("util", ()), each, 100.0), "ok"),
        ("  TF/s ", "dim"), (_spark(m, h.get("tflops", ()), each, peak), "mid"),
    ]  # fmt: skip


def _gpu_compact(m: TopModel, g: GpuView, width: int) -> Line:
    """One line per GPU: name, temperature, power, utilization and memory bars, tensor activity,
    TFLOP/s with its kind, and a utilization sparkline in what is left."""
    head: Line = [(f"{g.index} ", "title"), (f"{_short(g.name)[:10]:<10}", "title")]
    if g.lost:
        return head + [(" LOST: NVML reports this GPU lost (fallen off the bus)", "high")]
    mark = ("!", "warn") if g.warnings else (" ", "plain")
    tf = _num(g.tflops, "{:5.1f}") + (
        f" TF {g.tflops_kind:<5}" if isinstance(g.tflops, float) else " TF/s    "
    )
    left = [*head, mark, (f"{_num(g.temperature, '{:3.0f}°')} {_num(g.power, '{:4.0f}W')} ", "plain")]
    right: Line = [(f" TC {_num(g.tensor, '{:3.0f}%'):>4} ", "plain"), (tf, "plain")]
    used = sum(len(t) for t, _ in left + right) + 3  # "U", " M"
    spark = 0 if width < 100 else min(30, (width - used) // 4)  # at 80 columns the bars need the room
    bw = max(8, (width - used - spark - 1) // 2)
    line = [
        *left, ("U", "dim"), *_bar(m, g.util, bw, _num(g.util, "{:3.0f}%")),
        (" M", "dim"), *_bar(m, _mem_pct(g), bw, _num(_mem_pct(g), "{:3.0f}%")), *right,
    ]  # fmt: skip
    room = width - sum(len(t) for t, _ in line) - 1
    if room >= 4:
        line += [(" ", "plain"), (_spark(m, m.history.get(g.index, {}).get("util", ()), room, 100.0), "ok")]
    return line


def _mig_line(g: GpuView, width: int) -> Line:
    parts = [
        f"{i.profile} {_num(i.util, '{:.0f}%')} TC {_num(i.tensor, '{:.0f}%')} "
        f"{_gib(i.mem_used_mib)}/{_gib(i.mem_total_mib)} GiB"
        for i in g.mig
    ]
    return [(" MIG ", "dim"), (" │ ".join(parts), "plain")]


def _na_line(gpus: list[GpuView], width: int) -> Line:
    """Why readings show N/A, once per reason with the readings and GPUs it covers (the screen never
    shows a blank without saying why); else what the estimated TFLOP/s is."""
    seen: dict[str, tuple[dict[str, None], dict[int, None]]] = {}
    for g in gpus:
        for label, v in (("util", g.util), ("temp", g.temperature), ("power", g.power),
                         ("tensor", g.tensor), ("TFLOP/s", g.tflops)):  # fmt: skip
            if isinstance(v, NA) and not g.lost:
                labels, idx = seen.setdefault(v.reason, ({}, {}))
                labels[label], idx[g.index] = None, None
    if not seen:
        est = "TFLOP/s est. = tensor-pipe busy x the GPU's dense bf16 peak (16-bit dense equivalent)"
        return [(" " + est, "dim")]
    text = "; ".join(f"{', '.join(lb)} of GPU {_ranges(list(ix))}: {r}" for r, (lb, ix) in seen.items())
    return [(" N/A: " + text, "na")]


def _ranges(ints: list[int]) -> str:
    """``[0, 1, 2, 5]`` -> ``"0-2,5"``."""
    out: list[str] = []
    for i in sorted(ints):
        if out and "-" not in out[-1].split(",")[-1] and int(out[-1].split("-")[-1]) == i - 1:
            out[-1] = f"{out[-1]}-{i}"
        elif out and "-" in out[-1] and int(out[-1].split("-")[-1]) == i - 1:
            out[-1] = f"{out[-1].rsplit('-', 1)[0]}-{i}"
        else:
            out.append(str(i))
    return ",".join(out)


def _procs(m: TopModel, width: int, rows: int, top: int) -> list[Line]:
    """The process table heading and as many rows as fit (``rows`` lines including the heading)."""
    cols = _layout(width)
    head: Line = []
    m.header_cols, x = [], 0
    for c, w in cols:
        arrow = ("▲" if not m.reverse else "▼") if c.key == m.sort_key else " "
        if not m.unicode:
            arrow = ("^" if not m.reverse else "v") if c.key == m.sort_key else " "
        text = c.title + arrow
        cell = (text.rjust(w) if c.right else text.ljust(w)) if w else text
        head.append((cell + " ", "head"))
        m.header_cols.append((x, x + len(cell) + 1, c.key))
        x += len(cell) + 1
    editing = "_" if m.editing_filter else ""
    visible = m.visible_procs()
    if width - x >= 36:
        flt = f"  filter: {m.filter}{editing}" if (m.filter or m.editing_filter) else ""
        count = f"  {len(visible)} of {len(m.procs)} processes" if m.filter else f"  {len(m.procs)} processes"
    else:  # narrow: "/eval 1/3"
        flt = f" /{m.filter}{editing}" if (m.filter or m.editing_filter) else ""
        count = f" {len(visible)}/{len(m.procs)}" if m.filter else ""
    out = [_spread(head, [(flt, "prompt"), (count, "dim")], width)]
    m.header_y = top
    m.proc_rows_shown = max(0, rows - 1)
    m.proc_top_y = top + 1
    m.clamp()
    if not visible:
        why = "no process matches the filter" if m.filter else "no process is using a GPU"
        out.append([(f"  ({why}{'; ' + m.proc_note if m.proc_note else ''})", "dim")])
        return out[:rows]
    for i, p in enumerate(visible[m.scroll : m.scroll + m.proc_rows_shown], start=m.scroll):
        style = "sel" if i == m.selected else ("dim" if not p.can_signal else "plain")
        out.append([(_proc_cells(p, cols, width), style)])
    if m.proc_note and len(out) < rows:
        out.append([(f"  note: {m.proc_note}", "dim")])
    return out[:rows]


def _layout(width: int) -> list[tuple[_Col, int]]:
    """Column widths for this width: JOB narrows, then USER, so COMMAND keeps at least 16 columns."""
    widths = {c.key: c.width for c in _COLS}
    fixed = sum(widths.values()) + len(_COLS)
    for key, least in (("job", 8), ("user", 8)):
        over = fixed + 16 - width
        if over > 0:
            cut = min(over, widths[key] - least)
            widths[key] -= cut
            fixed -= cut
    if width >= 110:
        widths["job"] += 10
    return [(c, widths[c.key]) for c in _COLS]


def _proc_cells(p: ProcView, cols: list[tuple[_Col, int]], width: int) -> str:
    values = {
        "pid": str(p.pid), "user": p.user, "gpu": str(p.gpu), "mem": _num(p.used_mib, "{:.0f}MiB"),
        "sm": _num(p.sm_pct, "{:.0f}"), "job": p.job or "-", "command": p.command,
    }  # fmt: skip
    cells = []
    for c, w in cols:
        v = values[c.key]
        if w:
            v = v[:w]
            v = v.rjust(w) if c.right else v.ljust(w)
        cells.append(v)
    return " ".join(cells)[:width]


def _help(width: int) -> list[Line]:
    out: list[Line] = [[("Keys (any key closes this help)", "head")]]
    for keys, what in HELP:
        out.append([(f"  {keys:<24}", "title"), (what, "plain")])
    out.append([("", "plain")])
    out.append([(TFLOPS_KINDS, "dim")])
    return [seg for line in out for seg in _wrap(line, width)]


def _footer(m: TopModel, width: int) -> Line:
    if m.confirm is not None:  # the question's end ("[y/N]") always shows
        ask = m.confirm.prompt
        return [(ask if len(ask) <= width else ask[: width - 8] + "… [y/N]", "prompt")]
    if m.editing_filter:
        return [(f"filter: {m.filter}_   (Enter keeps it, Esc clears it)", "prompt")]
    if m.message:
        return [(m.message, "warn")]
    move = "↑↓jk" if m.unicode else "jk"
    return [(f"{move} select  ,. sort  r reverse  / filter  TKI signal  c cancel  h help  q quit", "dim")]


# ---- drawing helpers ------------------------------------------------------------------------------


def _bar(m: TopModel, pct: float | NA, width: int, text: str) -> Line:
    """A bar of ``width`` cells filled to ``pct`` (its colour by level) followed by its text."""
    width = max(3, width - len(text) - 1)
    if isinstance(pct, NA):
        return [(("[" + "N/A".center(width - 2) + "]"), "na"), (" " + text, "plain")]
    fill = max(0, min(width - 2, round(pct / 100.0 * (width - 2))))
    level = "ok" if pct < 50 else ("mid" if pct < 80 else "high")
    full = "█" if m.unicode else "|"
    edges = ("▕", "▏") if m.unicode else ("[", "]")
    return [
        (edges[0], "dim"), (full * fill, level), (" " * (width - 2 - fill), "plain"), (edges[1], "dim"),
        (" " + text, "plain"),
    ]  # fmt: skip


def _spark(m: TopModel, values: Iterable[float], width: int, top: float) -> str:
    """The last ``width`` values as a sparkline scaled to ``top``; gaps (N/A) as blanks."""
    chars = SPARK if m.unicode else SPARK_ASCII
    vals = list(values)[-max(0, width) :]
    out = []
    for v in vals:
        if math.isnan(v):
            out.append(" ")
        else:
            out.append(chars[max(1, min(len(chars) - 1, 1 + round(v / top * (len(chars) - 2))))])
    return "".join(out).rjust(max(0, width))


def _spread(left: Line, right: Line, width: int) -> Line:
    """``left`` then ``right`` pushed to the right edge (``right`` dropped when it does not fit)."""
    n_left = sum(len(t) for t, _ in left)
    n_right = sum(len(t) for t, _ in right)
    if n_left + n_right + 1 > width:  # the right part is cut from its end (its first words matter most)
        room = max(0, width - n_left - 1)
        return [*left, (" ", "plain"), *_fit(right, room)] if room >= 8 else left
    return [*left, (" " * (width - n_left - n_right), "plain"), *right]


def _fit(line: Line, width: int) -> Line:
    out: Line = []
    n = 0
    for text, style in line:
        if n >= width:
            break
        text = text[: width - n]
        out.append((text, style))
        n += len(text)
    return out


def _wrap(line: Line, width: int) -> list[Line]:
    """A long line broken at spaces, each piece in the line's last style."""
    text = "".join(t for t, _ in line)
    if len(text) <= width:
        return [line]
    return [[(piece, line[-1][1])] for piece in textwrap.wrap(text, width, subsequent_indent="  ")]


def _short(name: str) -> str:
    return name.removeprefix("NVIDIA ").replace("GeForce ", "")


def _num(v: float | NA, fmt: str) -> str:
    return "N/A" if isinstance(v, NA) else fmt.format(v)


def _pct_text(v: float | NA) -> str:
    return _num(v, "{:.0f}%")


def _mem_pct(g: GpuView) -> float | NA:
    if isinstance(g.mem_used_mib, NA):
        return g.mem_used_mib
    if isinstance(g.mem_total_mib, NA) or not g.mem_total_mib:
        return NA("memory total not reported")
    return 100.0 * g.mem_used_mib / g.mem_total_mib


def _gib(v: float | NA) -> str:
    return _num(v, "{:.1f}") if isinstance(v, NA) else f"{v / 1024.0:.1f}"


def _mem_text(g: GpuView) -> str:
    return f"{_gib(g.mem_used_mib)}/{_gib(g.mem_total_mib)} GiB"


def _power(g: GpuView) -> str:
    if isinstance(g.power, NA):
        return "power N/A"
    limit = "" if isinstance(g.power_limit, NA) else f" / {g.power_limit:.0f}"
    return f"{g.power:.0f}{limit} W"
