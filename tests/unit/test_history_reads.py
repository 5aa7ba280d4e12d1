"""The one history read against a seeded day written through the real downsampler: peaks are the finest rows'
maximum, 1 min rows keep min, max, mean and their seconds, partial buckets weigh by time, energy is the
counter's deltas, and every number says the resolution it was read at."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from history_day import EVENING, MORNING, SPIKE_AT, T0, seed_day

from gpuaccel.accel.telemetry.fake import FakeBackend
from gpuaccel.accel.telemetry.sampler import Sampler
from gpuaccel.scheduler.config import SchedulerConfig
from gpuaccel.scheduler.reads import history as history_read
from gpuaccel.scheduler.reads.history import query_history
from gpuaccel.scheduler.store import migrations
from gpuaccel.scheduler.store.history import HistoryWriter
from gpuaccel.scheduler.store.queue import Store


def test_one_minute_rows_keep_min_max_mean_seconds_and_the_counter(store: Store) -> None:
    truth = seed_day(store)
    minute = (MORNING[0] + SPIKE_AT) // 60 * 60  # the minute with GPU 0's 3 s spike to 73 °C
    k0 = int(minute - MORNING[0])  # its first second in the morning's samples
    (row,) = store.query(
        "SELECT temperature_c, temperature_c_min, temperature_c_max, seconds, energy_j FROM telemetry_1m"
        " WHERE gpu = 0 AND t = ?",
        (minute,),
    )
    temps = truth.temperatures[(0, "morning")][k0 : k0 + 60]
    assert tuple(row[:4]) == (pytest.approx(sum(temps) / 60), 55.0, 73.0, 60.0)
    assert row[0] < 56  # the mean alone hides the spike: what the report used to call the peak
    assert row[4] == truth.counter[(0, "morning")][k0 + 59]  # the minute's last reading
    first = store.query("SELECT seconds FROM telemetry_1m WHERE gpu = 0 ORDER BY t LIMIT 1")[0][0]
    assert first == 30  # 08:00:30-08:01: a partial minute knows its seconds


def test_a_span_before_the_1s_table_takes_1s_rows_where_they_are_and_1min_maxima_before(store: Store) -> None:
    truth = seed_day(store)
    stats = history_read.span_stats(store, T0, T0 + 86400)
    for gpu in (0, 1):
        temp = stats[gpu]["temperature_c"]
        assert temp.peak == 73.0 and temp.low == min(
            min(v) for (g, _), v in truth.temperatures.items() if g == gpu
        )
        assert temp.resolution == "1 min before 2026-11-20 20:00:00 UTC, 1 s after"
    evening = history_read.span_stats(store, *EVENING)
    assert evening[1]["temperature_c"].resolution == "1 s"
    assert evening[1]["temperature_c"].mean == pytest.approx(sum(truth.temperatures[(1, "evening")]) / 1200)
    # the day's mean weighs both windows' 1200 s alike, whichever table holds them
    morning, evening = truth.temperatures[(1, "morning")], truth.temperatures[(1, "evening")]
    day_mean = (sum(morning) + sum(evening)) / (len(morning) + len(evening))
    assert stats[1]["temperature_c"].mean == pytest.approx(day_mean, abs=1e-6)


def test_energy_is_the_counter_s_deltas_where_the_1s_rows_cover(store: Store) -> None:
    truth = seed_day(store, prune=False)
    for gpu in (0, 1):
        (e,) = history_read.energy(store, *EVENING, [gpu])
        counter, power = truth.counter[(gpu, "evening")], truth.power[(gpu, "evening")]
        # the counter's rise over the span's 1 s rows, and the first second (before its first known move)
        # by its power: the counter's value read before the span is not the span's
        assert e.joules == pytest.approx(counter[-1] - counter[0] + power[0])
        assert e.method.startswith(history_read.ENERGY_COUNTER)
    day = {e.gpu: e.joules for e in history_read.energy(store, T0, T0 + 86400)}
    assert {e.resolution for e in history_read.energy(store, T0, T0 + 86400)} == {"1 s"}
    for gpu in (0, 1):
        both = [(truth.counter[(gpu, w)], truth.power[(gpu, w)]) for w in ("morning", "evening")]
        # the counter did not move between the windows (nothing sampled it): the day is both windows'
        assert day[gpu] == pytest.approx(sum(c[-1] - c[0] + p[0] for c, p in both))


def test_a_counter_read_every_30_s_counts_between_its_moves_and_power_at_the_edges(store: Store) -> None:
    with store.transaction() as c:  # 200 W flat; the counter moves every 30 s (as NVML's is read)
        for k in range(100):
            counter = 1000.0 + 200.0 * (k // 30 * 30)
            c.execute(
                "INSERT INTO telemetry_1s (gpu, t, power_w, energy_j) VALUES (0, ?, 200, ?)",
                (T0 + k, counter),
            )
    (e,) = history_read.energy(store, T0, T0 + 100)
    assert e.joules == pytest.approx(200.0 * 100)  # 60 s counted (30 -> 90), 40 s by power
    assert e.method == "NVML energy counter (40 s of 100 s by power x time: its edges)"


def test_a_counter_reset_is_said(store: Store) -> None:
    with store.transaction() as c:
        for k, counter in enumerate([10.0, 20.0, 30.0, 5.0, 15.0, 25.0]):
            c.execute(
                "INSERT INTO telemetry_1s (gpu, t, power_w, energy_j) VALUES (0, ?, 10, ?)", (T0 + k, counter)
            )
    (e,) = history_read.energy(store, T0, T0 + 6)
    assert e.joules == pytest.approx(10 + 10 + 10 + 10 + 10)  # the reset's second is not counted
    assert "the counter restarted 1x: up to one counter interval before each is not counted" in e.method


def test_partial_minutes_weigh_by_their_seconds_and_part_inside_the_span(store: Store) -> None:
    with store.transaction() as c:  # a minute with 10 s of readings at 600 W, then a whole one at 60 W
        c.execute(
            "INSERT INTO telemetry_1m (gpu, t, power_w, power_w_max, seconds) VALUES (0, ?, 600, 700, 10)",
            (T0,),
        )
        c.execute(
            "INSERT INTO telemetry_1m (gpu, t, power_w, power_w_max, seconds) VALUES (0, ?, 60, 90, 60)",
            (T0 + 60,),
        )
    stat = history_read.span_stats(store, T0, T0 + 120)[0]["power_w"]
    assert stat.mean == pytest.approx((600 * 10 + 60 * 60) / 70) and stat.peak == 700
    (e,) = history_read.energy(store, T0, T0 + 120)
    assert e.joules == pytest.approx(600 * 10 + 60 * 60) and e.method == history_read.ENERGY_POWER
    assert e.resolution == "1 min"
    half = history_read.span_stats(store, T0 + 90, T0 + 120)[0]["power_w"]  # half of the second minute
    assert half.mean == 60 and history_read.energy(store, T0 + 90, T0 + 120)[0].joules == pytest.approx(
        60 * 30
    )


def test_old_minute_rows_without_extremes_say_their_numbers_are_means(store: Store) -> None:
    with store.transaction() as c:  # written before schema 10: mean only
        c.execute("INSERT INTO telemetry_1m (gpu, t, temperature_c) VALUES (0, ?, 66)", (T0,))
        c.execute(
            "INSERT INTO telemetry_1m (gpu, t, temperature_c, temperature_c_min, temperature_c_max, seconds)"
            " VALUES (0, ?, 60, 50, 71, 60)",
            (T0 + 60,),
        )
    stat = history_read.span_stats(store, T0, T0 + 120)[0]["temperature_c"]
    assert (stat.peak, stat.low, stat.mean) == (71, 50, 63)
    assert stat.resolution == f"1 min; {history_read.OLD_COARSE}"
    new = history_read.span_stats(store, T0 + 60, T0 + 120)[0]["temperature_c"]
    assert new.resolution == "1 min"


def test_the_migration_adds_the_columns_and_keeps_old_rows(tmp_path: Path) -> None:
    conn = sqlite3.connect(tmp_path / "old.db", isolation_level=None)
    migrations.apply(conn, "scheduler", migrations.SCHEDULER[:-1])  # the schema before this change
    conn.execute("INSERT INTO telemetry_1m (gpu, t, temperature_c) VALUES (0, ?, 66)", (T0,))
    assert migrations.apply(conn, "scheduler", migrations.SCHEDULER) == len(migrations.SCHEDULER)
    row = conn.execute(
        "SELECT temperature_c, temperature_c_max, seconds, energy_j FROM telemetry_1m"
    ).fetchone()
    assert row == (66, None, None, None)
    conn.close()


def test_the_api_series_reads_the_same_rows(store: Store) -> None:
    """The dashboard's plots and ``gpuaccel history`` get each table's rows through the same read."""
    truth = seed_day(store)
    fine = query_history(store, None, 1, ["temperature_c", "energy_j"], EVENING[0], EVENING[0] + 10, "1s")
    assert fine["t"] == [EVENING[0] + k for k in range(10)]
    assert fine["temperature_c"] == truth.temperatures[(1, "evening")][:10]
    assert fine["energy_j"] == truth.counter[(1, "evening")][:10]
    coarse = query_history(store, None, 0, ["power_w"], MORNING[0], MORNING[1], "1m")
    assert len(coarse["t"]) == 20 and coarse["resolution"] == "1m"
    with pytest.raises(ValueError, match="fields: unknown fan_pct"):
        query_history(store, None, 0, ["fan_pct"], T0, T0 + 1, "1s")


def test_bad_spans_and_resolutions_are_named(store: Store) -> None:
    with pytest.raises(ValueError, match="resolution: '5s' is not one of auto, 1s, 1m"):
        history_read.read_history(store, T0, T0 + 1, resolution="5s")
    with pytest.raises(ValueError, match="must be after its start"):
        history_read.read_history(store, T0, T0)
    with pytest.raises(ValueError, match="bin_s: 0 must be positive"):
        history_read.read_history(store, T0, T0 + 1, bin_s=0)
    assert history_read.span_stats(store, T0, T0 + 60) == {} and history_read.energy(store, T0, T0 + 60) == []


def test_a_minute_half_pruned_is_read_from_its_1min_row_and_the_rest_from_1s_rows(store: Store) -> None:
    """Pruning cuts the 1 s table mid-minute: that minute's first seconds (GPU 0's spike) live only in its
    1 min row, so it answers for the whole minute and the 1 s rows from the next minute on."""
    seed_day(store, prune=False)
    cut = EVENING[0] + SPIKE_AT + 10  # 20:10:30, after the spike at 20:10:20-22
    with store.transaction() as c:
        c.execute("DELETE FROM telemetry_1s WHERE t < ?", (cut,))
    history = history_read.read_history(store, *EVENING)
    assert history.fine_from == EVENING[0] + 660  # 20:11
    assert history.resolution == "1 min before 2026-11-20 20:11:00 UTC, 1 s after"
    assert history_read.span_stats(store, *EVENING)[0]["temperature_c"].peak == 73.0
    assert history_read.read_history(store, cut, EVENING[1]).resolution == "1 s"  # from the 1 s table's start


def test_the_counter_s_seeks_give_what_the_row_by_row_count_gives(store: Store) -> None:
    """Energy's fast path (index seeks and two range sums) against the exact window over every row."""
    seed_day(store)
    with store.transaction() as c:  # NVML-like: the counter read every 30 s, a row repeats it until then
        c.execute(
            "UPDATE telemetry_1s SET energy_j = energy_j - (CAST(t AS INTEGER) % 30) * 50 WHERE gpu = 1"
        )
    for res, a, b in ((("1m",) + MORNING), ("1s",) + EVENING, ("1s", EVENING[0] + 7, EVENING[0] + 400)):
        for gpu in (0, 1):
            fast = history_read._energy_fast(store, res, a, b, gpu)
            exact = history_read._energy_part(store, res, a, b, [gpu])[gpu]
            assert fast is not None and fast == pytest.approx(exact), (res, gpu)
            if res == "1s":  # the 1 s table's seeks and rolled minutes give the same figures
                seeks = history_read._energy_fast_1s(store, a, b, gpu)
                assert seeks is not None and seeks == pytest.approx(exact), (a, b, gpu)


def test_a_counter_restart_inside_rolled_minutes_is_found(store: Store) -> None:
    """The seeks look for a restart in the rolled minutes' last readings: a counter that fell mid-evening
    (the driver reloaded) is counted row by row and said."""
    seed_day(store, prune=False)
    cut = EVENING[0] + 600
    with store.transaction() as c:
        c.execute("UPDATE telemetry_1s SET energy_j = energy_j - 1500000 WHERE gpu = 0 AND t >= ?", (cut,))
    HistoryWriter(store, Sampler(FakeBackend("no_gpus")), SchedulerConfig()).roll_up(EVENING[0], EVENING[1])
    assert history_read._energy_fast_1s(store, *EVENING, 0) is None
    e = history_read.energy(store, *EVENING, [0])[0]
    assert "the counter restarted 1x" in e.method


def test_when_a_span_peaked_is_its_first_1s_row_at_the_peak_else_its_minute(store: Store) -> None:
    """The chat says when a span peaked: the 1 s row of GPU 0's 3 s spike (found through the minute whose
    maximum holds it); where the 1 s rows are pruned, the start of the minute, said as 1 min."""
    seed_day(store)  # the morning in 1 min rows only, the evening in 1 s rows too
    stats = history_read.span_stats(store, *EVENING, [0], ("temperature_c",))[0]["temperature_c"]
    spike = EVENING[0] + SPIKE_AT
    assert history_read.peak_time(store, 0, "temperature_c", *EVENING, float(stats.peak)) == (spike, "1s")
    minute = (MORNING[0] + SPIKE_AT) // 60 * 60
    assert history_read.peak_time(store, 0, "temperature_c", *MORNING, 73.0) == (minute, "1m")
    assert history_read.peak_time(store, 0, "temperature_c", *MORNING, 99.0) is None
    with pytest.raises(ValueError, match="unknown nope"):
        history_read.peak_time(store, 0, "nope", *MORNING, 1.0)


def test_time_at_or_above_a_value_counts_seconds_and_says_where_minutes_estimate_it(store: Store) -> None:
    """ "How much of today was GPU 1 busy": the 1 s rows count their seconds; the morning, left in 1 min
    rows, counts whole minutes by their mean and is marked estimated."""
    seed_day(store)
    evening = history_read.time_at_or_above(store, 1, "util_gpu", 10.0, *EVENING)  # GPU 1 sits at 90%
    assert (evening.seconds, evening.covered, evening.estimated) == (1200.0, 1200.0, False)
    assert history_read.time_at_or_above(store, 0, "util_gpu", 60.0, *EVENING).seconds == 0.0  # 50%
    day = history_read.time_at_or_above(store, 0, "util_gpu", 10.0, T0, T0 + 86400)
    assert day.estimated and day.seconds == day.covered == 1200.0 + (MORNING[1] - MORNING[0])
    with pytest.raises(ValueError, match="fields: unknown"):
        history_read.time_at_or_above(store, 0, "bogus", 1.0, *EVENING)


def test_when_a_value_was_first_reached_is_its_first_1s_row_else_its_minute(store: Store) -> None:
    """ "When did power first cross 600 W": the first 1 s row at the value; in a span whose 1 s rows are
    pruned, the minute whose maximum reached it, said as 1 min; a whole day's first is the morning's."""
    seed_day(store)  # the morning in 1 min rows only, the evening in 1 s rows too
    spike = EVENING[0] + SPIKE_AT
    assert history_read.first_reached(store, 0, "temperature_c", 70.0, *EVENING) == (spike, "1s")
    assert history_read.first_reached(store, 1, "util_gpu", 10.0, *EVENING) == (EVENING[0], "1s")
    minute = (MORNING[0] + SPIKE_AT) // 60 * 60
    assert history_read.first_reached(store, 0, "temperature_c", 73.0, *MORNING) == (minute, "1m")
    assert history_read.first_reached(store, 0, "temperature_c", 73.0, T0, T0 + 86400) == (minute, "1m")
    assert history_read.first_reached(store, 0, "temperature_c", 99.0, T0, T0 + 86400) is None
    with pytest.raises(ValueError, match="fields: unknown"):
        history_read.first_reached(store, 0, "bogus", 1.0, *EVENING)
