"""The one read of the stored telemetry history: the dashboard's plots, ``gpuaccel history``, the chat's
answers and the reports all take their rows, peaks, means and energy from :func:`read_history` and
:func:`energy`.

Why one: the 1 s table is kept a day and the 1 min table 90 days, so a span that starts before the 1 s
table's first row needs both. Read naively (the whole span from 1 min means), a 3 s spike to 73 °C inside a
minute reads as a peak of 56 °C, and a minute with ten seconds of readings counts as sixty. Here the 1 s rows
answer wherever they exist and the 1 min rows only the part before them; a 1 min row brings its minimum,
maximum and the seconds of readings behind it (the downsampler keeps them), so a peak is the finest rows'
maximum and a mean is weighted by time; energy is the energy counter's deltas, with power x time only where
the counter does not cover. The aggregation runs in SQLite: a day of 1 s rows is never built as Python rows.
"""

from __future__ import annotations

import datetime as dt
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from gpuaccel.accel.telemetry.fields import HISTORY_COUNTERS, HISTORY_FIELDS, HISTORY_GAUGES
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.scheduler.store.queue import Store

# The stored tables, finest first: resolution -> (table, the seconds one row stands for).
TABLES: dict[str, tuple[str, float]] = {"1s": ("telemetry_1s", 1.0), "1m": ("telemetry_1m", 60.0)}
RESOLUTION_WORDS = {"1s": "1 s", "1m": "1 min"}
(COUNTER,) = HISTORY_COUNTERS  # the energy counter: a row keeps its last reading, never a mean
GAUGES = HISTORY_GAUGES
# 1 min rows written before the downsampler kept extremes and seconds (schema 10) say so in what they give.
OLD_COARSE = "older 1 min rows keep means only, so their peak is a 1-minute mean"
ENERGY_COUNTER = "NVML energy counter"
ENERGY_POWER = "power x time (no energy counter reading)"


@dataclass(frozen=True)
class HistoryRow:
    """One row of a span, or one bin of rows: per gauge its time-weighted ``mean``, ``low`` and ``high``
    (None: unavailable all the while); ``seconds``: the seconds of readings behind it inside the span."""

    gpu: int
    t: float  # the row's (the bin's first row's) start
    resolution: str  # "1s" or "1m"
    seconds: float
    mean: dict[str, float | None]
    low: dict[str, float | None]
    high: dict[str, float | None]
    energy_j: float | None  # the energy counter's last reading (None for a bin)
    means_only: bool = False  # old 1 min rows answered: ``high`` and ``low`` are means


@dataclass(frozen=True)
class History:
    """Rows over [t0, t1), by GPU then time; ``fine_from``: where 1 s rows take over from 1 min rows."""

    t0: float
    t1: float
    rows: list[HistoryRow]
    fine_from: float | None

    @property
    def resolution(self) -> str:
        """In words: "1 s", "1 min", or "1 min before 2026-11-20 06:00:00 UTC, 1 s after"."""
        return resolution_words({r.resolution for r in self.rows}, self.fine_from)

    def gpus(self) -> list[int]:
        return sorted({r.gpu for r in self.rows})


@dataclass(frozen=True)
class Energy:
    """One GPU's joules over a span and how they were measured."""

    gpu: int
    joules: float | None
    method: str
    resolution: str = "1 s"  # of the rows it was read from, in words (History.resolution's)


def resolution_words(used: set[str], fine_from: float | None) -> str:
    if used == {"1s", "1m"} and fine_from is not None:
        at = dt.datetime.fromtimestamp(fine_from, dt.UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
        return f"1 min before {at}, 1 s after"
    return ", ".join(RESOLUTION_WORDS[r] for r in sorted(used)) or "none"


def _source(resolution: str, gpus: Sequence[int] | None, fields: Sequence[str]) -> tuple[str, dict[str, int]]:
    """SQL for one table's rows overlapping [:t0, :t1) with ``w`` (their seconds inside it), per gauge of
    ``fields`` its mean, low and high, the counter ``c`` (a 1 min row's only when read inside the span) and
    ``old``. Only the gauges asked for are read: a day of 1 s rows is 86,400 rows a GPU."""
    table, step = TABLES[resolution]
    gpu_params = {f"g{i}": int(g) for i, g in enumerate(gpus or [])}
    where = f" AND gpu IN ({', '.join(':' + k for k in gpu_params)})" if gpu_params else " AND 0"
    if resolution == "1s":
        w, old, c = "1.0", "0", COUNTER
        extremes = [f"{f} AS {f}_lo, {f} AS {f}_hi" for f in fields]
    else:
        inside = f"(MIN(t + {step}, :t1) - MAX(t, :t0)) / {step}"
        w, old, c = (
            f"COALESCE(seconds, {step}) * {inside}",
            "seconds IS NULL",
            f"CASE WHEN t + {step} <= :t1 THEN {COUNTER} END",
        )
        extremes = [f"COALESCE({f}_min, {f}) AS {f}_lo, COALESCE({f}_max, {f}) AS {f}_hi" for f in fields]
    cols = ", ".join([*fields, *extremes])
    sql = (
        f"SELECT gpu, t, {w} AS w, {cols}, {c} AS c, {old} AS old FROM {table}"
        f" WHERE t > :t0 - {step} AND t < :t1{where}"
    )
    return sql, gpu_params


def _gpus_in(store: Store, table: str, gpus: Sequence[int] | None) -> list[int]:
    """The GPUs a table holds rows of (those of ``gpus`` when given): one index seek per GPU, so the reads
    that follow scan each GPU's (gpu, t) key range instead of visiting rows through the time index."""
    if gpus:
        return [int(g) for g in gpus]
    found: list[int] = []
    while True:
        ((nxt,),) = store.query(f"SELECT MIN(gpu) FROM {table} WHERE gpu > ?", (found[-1] if found else -1,))
        if nxt is None:
            return found
        found.append(int(nxt))


def _query(store: Store, sql: str, t0: float, t1: float, gpu_params: dict[str, int]) -> list[Any]:
    return store.query(sql, {"t0": t0, "t1": t1, **gpu_params})  # type: ignore[arg-type]


def _table_rows(
    store: Store,
    resolution: str,
    t0: float,
    t1: float,
    gpus: Sequence[int] | None,
    bin_s: float | None,
    fields: Sequence[str],
) -> list[HistoryRow]:
    """One table's rows over [t0, t1), or their bins of ``bin_s`` seconds (from t0) aggregated in SQLite."""
    src, gpu_params = _source(resolution, _gpus_in(store, TABLES[resolution][0], gpus), fields)
    n = len(fields)
    if bin_s is None:
        sql = f"SELECT * FROM ({src}) WHERE w > 0 ORDER BY gpu, t"
        out = []
        for r in _query(store, sql, t0, t1, gpu_params):
            vals = r[3 : 3 + n]
            lo, hi = r[3 + n : 3 + 3 * n : 2], r[4 + n : 4 + 3 * n : 2]
            out.append(
                HistoryRow(
                    r[0], float(r[1]), resolution, float(r[2]),
                    dict(zip(fields, vals, strict=True)), dict(zip(fields, lo, strict=True)),
                    dict(zip(fields, hi, strict=True)), r[-2], bool(r[-1]),
                )
            )  # fmt: skip
        return out
    aggs = []
    for f in fields:
        aggs.append(f"SUM({f} * w) / SUM(CASE WHEN {f} IS NOT NULL THEN w END)")
    aggs += [f"MIN({f}_lo)" for f in fields] + [f"MAX({f}_hi)" for f in fields]
    bucket = f"CAST((t - {float(t0)!r}) / {float(bin_s)!r} AS INTEGER)"
    sql = (
        f"SELECT gpu, MIN(t), SUM(w), {', '.join(aggs)}, MAX(old) FROM ({src}) WHERE w > 0"
        f" GROUP BY gpu, {bucket} ORDER BY gpu, MIN(t)"
    )
    out = []
    for r in _query(store, sql, t0, t1, gpu_params):
        mean, lo, hi = r[3 : 3 + n], r[3 + n : 3 + 2 * n], r[3 + 2 * n : 3 + 3 * n]
        out.append(
            HistoryRow(
                r[0], float(r[1]), resolution, float(r[2]), dict(zip(fields, mean, strict=True)),
                dict(zip(fields, lo, strict=True)), dict(zip(fields, hi, strict=True)), None, bool(r[-1]),
            )
        )  # fmt: skip
    return out


def _parts(store: Store, t0: float, t1: float, resolution: str) -> list[tuple[str, float, float]]:
    """(table, start, end) pieces of [t0, t1): the named table for all of it, or, for "auto", 1 min rows
    only before the 1 s table's reach (:func:`_fine_edge`) and 1 s rows from there on."""
    if resolution not in ("auto", *TABLES):
        raise ValueError(f"resolution: {resolution!r} is not one of auto, {', '.join(TABLES)}")
    if not t1 > t0:
        raise ValueError(f"span: its end ({t1}) must be after its start ({t0})")
    if resolution != "auto":
        return [(resolution, t0, t1)]
    (first,) = store.query(f"SELECT MIN(t) FROM {TABLES['1s'][0]}")[0]
    if first is None or first >= t1:
        return [("1m", t0, t1)]
    if first <= t0:
        return [("1s", t0, t1)]
    edge = _fine_edge(store, float(first))
    if edge <= t0:
        return [("1s", t0, t1)]
    if edge >= t1:
        return [("1m", t0, t1)]
    return [("1m", t0, edge), ("1s", edge, t1)]


def _fine_edge(store: Store, first: float) -> float:
    """Where the 1 s rows take over, given the 1 s table's first row: the start of its minute when they hold
    all of that minute's readings (the daemon started then), else the next minute (pruning took the
    minute's first seconds: its 1 min row alone holds them, extremes included)."""
    minute = first // 60 * 60
    if minute == first:
        return first
    ((seconds,),) = store.query(
        f"SELECT SUM(COALESCE(seconds, 60)) FROM {TABLES['1m'][0]} WHERE t = ?", (minute,)
    )
    ((fine,),) = store.query(
        f"SELECT COUNT(*) FROM {TABLES['1s'][0]} WHERE t >= ? AND t < ?", (minute, minute + 60)
    )
    return minute if seconds is None or seconds <= fine else minute + 60


def read_history(
    store: Store,
    t0: float,
    t1: float,
    gpus: Sequence[int] | None = None,
    resolution: str = "auto",
    bin_s: float | None = None,
    fields: Sequence[str] = GAUGES,
) -> History:
    """Rows over [t0, t1) of ``gpus`` (all when None), by GPU then time. ``resolution``: "1s" or "1m" reads
    that table alone; "auto" the 1 s rows where the 1 s table reaches and 1 min rows only before it.
    ``bin_s``: rows aggregated into bins of that many seconds (time-weighted mean, lowest low, highest high);
    a bin as long as the span gives one row per GPU and table: the span's peak, low and mean. ``fields``:
    the gauges to read (all by default).

    Raises ValueError for an unknown resolution or field, an empty span or a bin that is not positive."""
    if bin_s is not None and not bin_s > 0:
        raise ValueError(f"bin_s: {bin_s} must be positive")
    unknown = [f for f in fields if f not in GAUGES]
    if unknown:
        raise ValueError(f"fields: unknown {', '.join(unknown)}; stored gauges: {', '.join(GAUGES)}")
    parts = _parts(store, t0, t1, resolution)
    rows: list[HistoryRow] = []
    for res, a, b in parts:
        rows += _table_rows(store, res, a, b, gpus, bin_s, fields)
    rows.sort(key=lambda r: (r.gpu, r.t))
    fine_from = parts[1][1] if len(parts) == 2 else None
    return History(t0, t1, rows, fine_from)


def _rolled_minutes(
    store: Store, a: float, b: float, gpus: Sequence[int] | None
) -> tuple[float, float, list[int]] | None:
    """The whole minutes [m0, m1) inside [a, b) that the downsampler has rolled up from the 1 s rows (each
    gauge's mean, minimum, maximum and the seconds behind them), and the GPUs; None when there are none.
    Rows written some other way are caught at the edges: the first and the last minute's 1 min row must
    stand for exactly the 1 s rows of its minute, per GPU (a full count would cost what it saves)."""
    m0, m1 = math.ceil(a / 60) * 60.0, math.floor(b / 60) * 60.0
    (rolled,) = store.query(f"SELECT MAX(t) FROM {TABLES['1m'][0]} WHERE t < ?", (m1,))[0]
    if rolled is None:
        return None
    m1 = min(m1, float(rolled) + 60.0)
    if m1 - m0 < 120:  # a minute or two: the 1 s rows are as quick
        return None
    ids = _gpus_in(store, TABLES["1s"][0], gpus)
    for gpu in ids:
        for minute in (m0, m1 - 60.0):
            (coarse,) = store.query(
                f"SELECT SUM(seconds) FROM {TABLES['1m'][0]} WHERE gpu = ? AND t = ?", (gpu, minute)
            )[0]
            (fine,) = store.query(
                f"SELECT COUNT(*) FROM {TABLES['1s'][0]} WHERE gpu = ? AND t >= ? AND t < ?",
                (gpu, minute, minute + 60.0),
            )[0]
            if coarse is None or int(coarse) != int(fine):
                return None
    return m0, m1, ids


def _span_bins(
    store: Store, t0: float, t1: float, gpus: Sequence[int] | None, fields: Sequence[str]
) -> History:
    """:func:`read_history` with one bin as long as the span, read from the right table: where the 1 s rows
    answer, their whole minutes come from the 1 min rows rolled up from exactly those rows (one row a
    minute instead of sixty: a day's peak in milliseconds), the minutes' edges from the 1 s rows; the
    peak, low and time-weighted mean are the 1 s rows' own, and the rows say 1 s."""
    parts = _parts(store, t0, t1, "auto")
    fine_from = parts[1][1] if len(parts) == 2 else None
    rows: list[HistoryRow] = []
    for res, a, b in parts:
        whole = _rolled_minutes(store, a, b, gpus) if res == "1s" else None
        if whole is None:
            rows += _table_rows(store, res, a, b, gpus, max(b - a, 1.0), fields)
            continue
        m0, m1, ids = whole
        for x, y in ((a, m0), (m1, b)):
            if y > x:
                rows += _table_rows(store, "1s", x, y, ids, max(y - x, 1.0), fields)
        rolled = _table_rows(store, "1m", m0, m1, ids, m1 - m0, fields)
        rows += [replace(r, resolution="1s") for r in rolled]
    rows.sort(key=lambda r: (r.gpu, r.t))
    return History(t0, t1, rows, fine_from)


def peak_time(
    store: Store, gpu: int, field: str, t0: float, t1: float, value: float
) -> tuple[float, str] | None:
    """When ``field`` of ``gpu`` first reached ``value`` (a span's peak, as :func:`span_stats` gave it) in
    [t0, t1), and at what resolution: the 1 s row, found through the 1 min row whose maximum holds it; the
    minute's start ("1 min") where its 1 s rows are gone. None when no row reaches it."""
    if field not in GAUGES:
        raise ValueError(f"fields: unknown {field}; stored gauges: {', '.join(GAUGES)}")
    reach = value - 1e-9
    fine = (
        f"SELECT t FROM {TABLES['1s'][0]} WHERE gpu = ? AND t >= ? AND t < ? AND {field} >= ?"
        " ORDER BY t LIMIT 1"
    )
    found = store.query(
        f"SELECT t FROM {TABLES['1m'][0]} WHERE gpu = ? AND t >= ? AND t < ?"
        f" AND COALESCE({field}_max, {field}) >= ? ORDER BY t LIMIT 1",
        (gpu, math.floor(t0 / 60) * 60.0, t1, reach),
    )
    if found:
        minute = float(found[0][0])
        rows = store.query(fine, (gpu, max(t0, minute), min(t1, minute + 60.0), reach))
        if rows:
            return float(rows[0][0]), "1s"
    rows = store.query(fine, (gpu, t0, t1, reach))  # minutes not rolled up yet, or the span's edges
    if rows:
        return float(rows[0][0]), "1s"
    return (float(found[0][0]), "1m") if found else None


def last_reached(
    store: Store, gpu: int, field: str, value: float, t0: float, t1: float
) -> tuple[float, str] | None:
    """The end of the last history row in [t0, t1) where ``field`` of ``gpu`` reached ``value`` (its 1 s
    row, else the 1 min row whose maximum did) and that row's table ("1s" or "1m": the time's resolution,
    as :func:`peak_time` says it): "idle since" is the end of the last busy second. None when no row did."""
    if field not in GAUGES:
        raise ValueError(f"fields: unknown {field}; stored gauges: {', '.join(GAUGES)}")
    fine = store.query(
        f"SELECT MAX(t) FROM {TABLES['1s'][0]} WHERE gpu = ? AND t >= ? AND t < ? AND {field} >= ?",
        (gpu, t0, t1, value),
    )
    if fine and fine[0][0] is not None:
        return float(fine[0][0]) + TABLES["1s"][1], "1s"
    coarse = store.query(
        f"SELECT MAX(t) FROM {TABLES['1m'][0]} WHERE gpu = ? AND t >= ? AND t < ?"
        f" AND COALESCE({field}_max, {field}) >= ?",
        (gpu, t0, t1, value),
    )
    return (float(coarse[0][0]) + TABLES["1m"][1], "1m") if coarse and coarse[0][0] is not None else None


def first_reached(
    store: Store, gpu: int, field: str, value: float, t0: float, t1: float
) -> tuple[float, str] | None:
    """The start of the first history row in [t0, t1) where ``field`` of ``gpu`` reached ``value`` and its
    table ("1s", or "1m" for a minute the 1 s table does not hold): "when did power first cross 600 W".
    None when no row did."""
    if field not in GAUGES:
        raise ValueError(f"fields: unknown {field}; stored gauges: {', '.join(GAUGES)}")
    fine = store.query(
        f"SELECT MIN(t) FROM {TABLES['1s'][0]} WHERE gpu = ? AND t >= ? AND t < ? AND {field} >= ?",
        (gpu, t0, t1, value),
    )
    first = float(fine[0][0]) if fine and fine[0][0] is not None else None
    coarse = store.query(
        f"SELECT MIN(t) FROM {TABLES['1m'][0]} WHERE gpu = ? AND t >= ? AND t < ?"
        f" AND COALESCE({field}_max, {field}) >= ?",
        (gpu, t0, t1, value),
    )
    minute = float(coarse[0][0]) if coarse and coarse[0][0] is not None else None
    if minute is not None and (first is None or minute + TABLES["1m"][1] <= first):
        held = store.query(
            f"SELECT COUNT(*) FROM {TABLES['1s'][0]} WHERE gpu = ? AND t >= ? AND t < ?",
            (gpu, minute, minute + TABLES["1m"][1]),
        )
        if not held or not held[0][0]:  # a minute older than the 1 s table's rows: said to the minute
            return minute, "1m"
    return (first, "1s") if first is not None else None


@dataclass(frozen=True)
class TimeAtOrAbove:
    """How long one GPU's reading was at or above a value in a span, of the time the history covers; from
    1 min rows (before the 1 s table's reach) it is the minutes whose mean was, so ``estimated``."""

    seconds: float
    covered: float
    estimated: bool


def time_at_or_above(store: Store, gpu: int, field: str, value: float, t0: float, t1: float) -> TimeAtOrAbove:
    """:class:`TimeAtOrAbove` of ``field`` of ``gpu`` over [t0, t1): "how much of today was GPU 1 busy"."""
    if field not in GAUGES:
        raise ValueError(f"fields: unknown {field}; stored gauges: {', '.join(GAUGES)}")
    seconds = covered = 0.0
    estimated = False
    for table, a, b in _parts(store, t0, t1, "auto"):
        name, step = TABLES[table]
        length = f"{step}" if table == "1s" else f"COALESCE(seconds, {step})"
        ((above, held),) = store.query(
            f"SELECT SUM(CASE WHEN {field} >= ? THEN {length} ELSE 0 END), SUM({length}) FROM {name}"
            f" WHERE gpu = ? AND t >= ? AND t < ? AND {field} IS NOT NULL",
            (value, gpu, a, b),
        )
        seconds += float(above or 0.0)
        covered += float(held or 0.0)
        estimated = estimated or (table == "1m" and bool(held))
    return TimeAtOrAbove(seconds, covered, estimated)


@dataclass(frozen=True)
class Stat:
    """One reading of one GPU over a span: its peak, lowest and time-weighted mean, and their resolution."""

    peak: float | None
    low: float | None
    mean: float | None
    resolution: str


def span_stats(
    store: Store,
    t0: float,
    t1: float,
    gpus: Sequence[int] | None = None,
    fields: Sequence[str] = GAUGES,
) -> dict[int, dict[str, Stat]]:
    """GPU -> gauge -> :class:`Stat` over [t0, t1) for the gauges of ``fields``, at the finest resolution
    that covers each part."""
    history = _span_bins(store, t0, t1, gpus, fields)
    out: dict[int, dict[str, Stat]] = {}
    for gpu in history.gpus():
        rows = [r for r in history.rows if r.gpu == gpu]
        stats = {}
        for f in fields:
            valued = [r for r in rows if r.mean.get(f) is not None]
            if not valued:
                continue
            weight = sum(r.seconds for r in valued)
            mean = sum(float(r.mean[f]) * r.seconds for r in valued) / weight if weight > 0 else None  # type: ignore[arg-type]
            words = resolution_words({r.resolution for r in valued}, history.fine_from)
            if any(r.means_only for r in valued):
                words += f"; {OLD_COARSE}"
            stats[f] = Stat(
                max(float(r.high[f]) for r in valued),  # type: ignore[arg-type]
                min(float(r.low[f]) for r in valued),  # type: ignore[arg-type]
                mean,
                words,
            )
        out[gpu] = stats
    return out


def _energy_part(
    store: Store, resolution: str, t0: float, t1: float, gpus: Sequence[int] | None
) -> dict[int, tuple[float, float, float, float, int, bool]]:
    """GPU -> (counted J, power-x-time J, seconds by power, seconds in all, resets, power seen) of one table.

    The counter is refreshed every few seconds and a row repeats its last value, so it has moved where a
    row's value differs from the previous reading; the rows after its first move up to its last are the
    counter's (their joules: the sum of its rises), the others are power x their seconds."""
    src, gpu_params = _source(resolution, _gpus_in(store, TABLES[resolution][0], gpus), ("power_w",))
    sql = f"""
        WITH r AS (SELECT gpu, t, w, c, power_w * w AS pj FROM ({src}) WHERE w > 0),
        k AS (SELECT gpu, t, c, LAG(c) OVER (PARTITION BY gpu ORDER BY t) AS p FROM r WHERE c IS NOT NULL),
        m AS (SELECT gpu, MIN(t) AS first, MAX(t) AS last FROM k WHERE c != p GROUP BY gpu),
        d AS (SELECT k.gpu, SUM(CASE WHEN k.t > m.first AND k.c > k.p THEN k.c - k.p ELSE 0 END) AS counted,
                     SUM(CASE WHEN k.c < k.p THEN 1 ELSE 0 END) AS resets
              FROM k JOIN m USING (gpu) GROUP BY k.gpu)
        SELECT r.gpu, COALESCE(MAX(d.counted), 0),
               COALESCE(SUM(CASE WHEN m.first IS NULL OR r.t <= m.first OR r.t > m.last THEN r.pj END), 0),
               COALESCE(SUM(CASE WHEN (m.first IS NULL OR r.t <= m.first OR r.t > m.last)
                                 AND r.pj IS NOT NULL THEN r.w END), 0),
               SUM(r.w), COALESCE(MAX(d.resets), 0), MAX(r.pj IS NOT NULL)
        FROM r LEFT JOIN m USING (gpu) LEFT JOIN d USING (gpu) GROUP BY r.gpu ORDER BY r.gpu
    """
    return {
        int(g): (float(c), float(p), float(ps), float(s), int(n), bool(seen))
        for g, c, p, ps, s, n, seen in _query(store, sql, t0, t1, gpu_params)
    }


def _energy_fast(
    store: Store, resolution: str, t0: float, t1: float, gpu: int
) -> tuple[float, float, float, float, int, bool] | None:
    """:func:`_energy_part`'s figures for one GPU by index seeks and two range sums instead of a window
    over every row (a day of 1 s rows: ~10x faster); None when the counter may have restarted in the span
    (a reading below its first move's), which :func:`_energy_part` then counts row by row."""
    src, params = _source(resolution, [gpu], ("power_w",))

    def one(sql: str, **more: float) -> Any:
        rows = store.query(sql, {"t0": t0, "t1": t1, **params, **more})  # type: ignore[arg-type]
        return tuple(rows[0]) if rows else None

    rows = f"SELECT t, c FROM ({src}) WHERE w > 0 AND c IS NOT NULL"
    first = one(f"{rows} ORDER BY t LIMIT 1")
    last = one(f"{rows} ORDER BY t DESC LIMIT 1")
    moved = None
    if first is not None and last is not None:
        start = one(f"{rows} AND c != :c ORDER BY t LIMIT 1", c=first[1])  # the counter's first move
        before_end = one(f"{rows} AND c != :c ORDER BY t DESC LIMIT 1", c=last[1])
        end = one(f"{rows} AND t > :x ORDER BY t LIMIT 1", x=before_end[0]) if before_end else None
        if start is not None and end is not None and end[0] > start[0]:
            low = one(f"SELECT MIN(c) FROM ({rows} AND t > :a AND t <= :b)", a=start[0], b=end[0])
            if last[1] < start[1] or (low and low[0] is not None and low[0] < start[1]):
                return None  # a restart: counted row by row
            moved = (start, end)
    power = (
        f"SELECT SUM(power_w * w), SUM(CASE WHEN power_w IS NOT NULL THEN w END), SUM(w) FROM ({src})"
        " WHERE w > 0"
    )
    if moved is None:
        pj, ps, total = one(power) or (None, None, None)
        counted = 0.0
    else:
        (ta, ca), (tb, cb) = moved
        pj_a, ps_a, _ = one(f"{power} AND t <= :a", a=ta) or (None, None, None)
        pj_b, ps_b, _ = one(f"{power} AND t > :b", b=tb) or (None, None, None)
        _, _, total = one(power) or (None, None, None)
        pj, ps, counted = (pj_a or 0.0) + (pj_b or 0.0), (ps_a or 0.0) + (ps_b or 0.0), float(cb) - float(ca)
    if total is None:  # no row of this GPU in the span
        return 0.0, 0.0, 0.0, 0.0, 0, False
    seen = one(f"SELECT COUNT(power_w) FROM ({src}) WHERE w > 0")
    return counted, float(pj or 0.0), float(ps or 0.0), float(total), 0, bool(seen and seen[0])


def _energy_fast_1s(
    store: Store, t0: float, t1: float, gpu: int
) -> tuple[float, float, float, float, int, bool] | None:
    """:func:`_energy_fast` on the 1 s table by key seeks alone: the counter's first and last moves, power
    sums only before and after them, the seconds of rows from the rolled minutes (their seconds) and the
    edges, and a restart looked for in the minutes' last readings (a counter that fell stays below its
    first move's reading); a day in a few milliseconds instead of scanning 86,400 rows a GPU a few times."""
    table = TABLES["1s"][0]
    inside = f"FROM {table} WHERE gpu = :g AND t > :lo AND t < :hi"
    span = {"g": gpu, "lo": t0 - 1.0, "hi": t1}

    def one(sql: str, **more: float) -> Any:
        rows = store.query(sql, {**span, **more})  # type: ignore[arg-type]
        return tuple(rows[0]) if rows else None

    counted = f"SELECT t, {COUNTER} {inside} AND {COUNTER} IS NOT NULL"
    first = one(f"{counted} ORDER BY t LIMIT 1")
    last = one(f"{counted} ORDER BY t DESC LIMIT 1")
    moved = None
    if first is not None and last is not None:
        start = one(f"{counted} AND {COUNTER} != :c ORDER BY t LIMIT 1", c=first[1])
        before_end = one(f"{counted} AND {COUNTER} != :c ORDER BY t DESC LIMIT 1", c=last[1])
        after = f"SELECT t, {COUNTER} FROM {table} WHERE gpu = :g AND t > :x AND t < :hi"  # one range
        end = (
            one(f"{after} AND {COUNTER} IS NOT NULL ORDER BY t LIMIT 1", x=before_end[0])
            if before_end
            else None
        )
        if start is not None and end is not None and end[0] > start[0]:
            low = _counter_low(store, gpu, start[0], end[0])
            if last[1] < start[1] or (low is not None and low < start[1]):
                return None  # a restart: counted row by row
            moved = (start, end)
    power = f"SELECT SUM(power_w), COUNT(power_w) {inside}"
    if moved is None:
        pj, ps = one(power) or (None, None)
        joules = 0.0
    else:  # each sum over one key range (two bounds on t would leave SQLite scanning the whole span)
        (ta, ca), (tb, cb) = moved
        sums = f"SELECT SUM(power_w), COUNT(power_w) FROM {table} WHERE gpu = :g"
        pj_a, ps_a = one(f"{sums} AND t > :lo AND t <= :a", a=ta) or (None, None)
        pj_b, ps_b = one(f"{sums} AND t > :b AND t < :hi", b=tb) or (None, None)
        pj, ps, joules = (pj_a or 0.0) + (pj_b or 0.0), (ps_a or 0) + (ps_b or 0), float(cb) - float(ca)
    total = _seconds_1s(store, t0, t1, gpu)
    if not total:  # no row of this GPU in the span
        return 0.0, 0.0, 0.0, 0.0, 0, False
    seen = one(f"SELECT 1 {inside} AND power_w IS NOT NULL LIMIT 1")
    return joules, float(pj or 0.0), float(ps or 0.0), float(total), 0, seen is not None


def _seconds_1s(store: Store, t0: float, t1: float, gpu: int) -> float:
    """How many 1 s rows of ``gpu`` lie in (t0 - 1, t1): the rolled minutes' seconds and the edges' rows."""
    count = f"SELECT COUNT(*) FROM {TABLES['1s'][0]} WHERE gpu = ? AND t > ? AND t < ?"
    whole = _rolled_minutes(store, t0, t1, [gpu])
    if whole is None:
        return float(store.query(count, (gpu, t0 - 1.0, t1))[0][0])
    m0, m1, _ = whole
    (minutes,) = store.query(
        f"SELECT SUM(seconds) FROM {TABLES['1m'][0]} WHERE gpu = ? AND t >= ? AND t < ?", (gpu, m0, m1)
    )[0]
    after = f"SELECT COUNT(*) FROM {TABLES['1s'][0]} WHERE gpu = ? AND t >= ? AND t < ?"
    edges = store.query(count, (gpu, t0 - 1.0, m0))[0][0] + store.query(after, (gpu, m1, t1))[0][0]
    return float(minutes or 0) + float(edges)


def _counter_low(store: Store, gpu: int, a: float, b: float) -> float | None:
    """The energy counter's lowest reading in (a, b]: the rolled minutes' last readings inside, the 1 s
    rows at the edges (all the 1 s rows when no rolled minutes cover it)."""
    low = f"SELECT MIN({COUNTER}) FROM {TABLES['1s'][0]} WHERE gpu = ? AND t > ? AND t <= ?"
    whole = _rolled_minutes(store, a, b, [gpu])
    if whole is None:
        return store.query(low, (gpu, a, b))[0][0]
    m0, m1, _ = whole
    edge = f"SELECT MIN({COUNTER}) FROM {TABLES['1s'][0]} WHERE gpu = ? AND t > ? AND t < ?"
    found = [
        store.query(edge, (gpu, a, m0))[0][0],
        store.query(
            f"SELECT MIN({COUNTER}) FROM {TABLES['1s'][0]} WHERE gpu = ? AND t >= ? AND t <= ?", (gpu, m1, b)
        )[0][0],
        store.query(
            f"SELECT MIN({COUNTER}) FROM {TABLES['1m'][0]} WHERE gpu = ? AND t >= ? AND t < ?", (gpu, m0, m1)
        )[0][0],
    ]
    values = [float(v) for v in found if v is not None]
    return min(values) if values else None


def energy(store: Store, t0: float, t1: float, gpus: Sequence[int] | None = None) -> list[Energy]:
    """Per GPU, the joules over [t0, t1) at the finest resolution that covers each part: the energy
    counter's rises where it moved, power x time for the rest (before its first move, after its last, rows
    with no counter). A counter reset (the driver reloaded) leaves the seconds up to it uncounted; said."""
    totals: dict[int, list[float]] = {}
    used: dict[int, set[str]] = {}
    parts = _parts(store, t0, t1, "auto")
    fine_from = parts[1][1] if len(parts) == 2 else None
    for res, a, b in parts:
        figures: dict[int, tuple[float, float, float, float, int, bool]] = {}
        for gpu in _gpus_in(store, TABLES[res][0], gpus):
            fast = _energy_fast_1s(store, a, b, gpu) if res == "1s" else _energy_fast(store, res, a, b, gpu)
            if fast is None:  # a restart, or a case the seeks cannot settle: row by row
                figures.update(_energy_part(store, res, a, b, [gpu]))
            elif fast[3] > 0:
                figures[gpu] = fast
        for gpu, (counted, by_power, power_s, seconds, resets, seen) in figures.items():
            used.setdefault(gpu, set()).add(res)
            acc = totals.setdefault(gpu, [0.0, 0.0, 0.0, 0.0, 0.0, 0.0])
            for i, v in enumerate((counted, by_power, power_s, seconds, resets, seen)):
                acc[i] += float(v)
    out = []
    for gpu, (counted, by_power, power_s, seconds, resets, seen) in sorted(totals.items()):
        words = resolution_words(used[gpu], fine_from)
        if counted <= 0 and not seen:
            out.append(Energy(gpu, None, "no energy counter or power readings", words))
            continue
        if counted <= 0:
            method = ENERGY_POWER
        elif power_s <= 0:
            method = ENERGY_COUNTER
        else:
            method = f"{ENERGY_COUNTER} ({power_s:.0f} s of {seconds:.0f} s by power x time: its edges)"
        if resets:
            method += (
                f"; the counter restarted {int(resets)}x: up to one counter interval before each is not"
                " counted"
            )
        out.append(Energy(gpu, counted + by_power, method, words))
    return out


def series(
    store: Store, gpu: int, fields: list[str], t0: float, t1: float, resolution: str
) -> dict[str, Any]:
    """``{"t": [...], field: [...]}`` of one GPU from one table (means; the counter's readings), as the HTTP
    API gives them to the dashboard's plots and ``gpuaccel history``. Raises ValueError naming what is
    wrong."""
    unknown = [f for f in fields if f not in HISTORY_FIELDS]
    if unknown:
        raise ValueError(f"fields: unknown {', '.join(unknown)}; stored fields: {', '.join(HISTORY_FIELDS)}")
    gauges = [f for f in fields if f != COUNTER]
    read = read_history(store, t0, t1, [gpu], resolution, fields=gauges) if t1 > t0 else None
    rows = [r for r in read.rows if r.t >= t0] if read is not None else []
    out: dict[str, Any] = {"t": [r.t for r in rows]}
    for f in fields:
        out[f] = [r.energy_j if f == COUNTER else r.mean[f] for r in rows]
    return out


def query_history(
    store: Store,
    sampler: Sampler | None,
    gpu: int,
    fields: list[str],
    since: float | None,
    until: float | None,
    resolution: str,
) -> dict[str, Any]:
    """``{"gpu", "resolution", "t": [...], field: [...]}``; missing values are ``null``.

    ``raw`` reads the sampler's in-memory ring (10 Hz, the last hour); ``1s`` and ``1m`` read that table
    through :func:`series` (the dashboard's history plots and ``gpuaccel history`` ask here).
    Raises ValueError naming the bad parameter, LookupError for a GPU the sampler does not have (raw).
    """
    now = time.time()
    since = now - 3600.0 if since is None else since
    until = now if until is None else until
    if resolution == "raw":
        if sampler is None or not sampler.available:
            raise ValueError("resolution: 'raw' needs live telemetry, which is unavailable; use '1s' or '1m'")
        if not 0 <= gpu < len(sampler.infos):
            raise LookupError(f"no GPU {gpu}; this machine has {len(sampler.infos)}")
        try:
            window = sampler.window(gpu, fields, seconds=max(0.0, now - since))
        except KeyError as exc:
            raise ValueError(f"fields: {exc.args[0]}") from None
        keep = window["t"] <= until
        out: dict[str, Any] = {"gpu": gpu, "resolution": "raw", "t": window["t"][keep].tolist()}
        for f in fields:
            out[f] = [None if math.isnan(v) else v for v in window[f][keep].tolist()]
        return out
    if resolution not in TABLES:
        raise ValueError(f"resolution: {resolution!r} is not one of raw, 1s, 1m")
    return {"gpu": gpu, "resolution": resolution, **series(store, gpu, fields, since, until, resolution)}
